//! Any bytes as a match record (a match to a target score): reading never panics or hangs;
//! what reads is where the record stops, reads the same again, and plays on by the rules.
//! Each finished game's score-sheet line adds up to the running totals.
#![no_main]

use libfuzzer_sys::fuzz_target;
use tablic_core::game::match_to_target::MatchToTarget;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let mut lines = Vec::new();
    let (played, names) = match MatchToTarget::from_record(text, |line| lines.push(*line)) {
        Ok(read) => read,
        Err(error) => {
            assert!(error.line <= text.lines().count(), "{error}");
            assert!(!error.to_string().is_empty());
            return;
        }
    };
    assert_eq!(lines.len() as u32, played.finished_games());
    // The sheet's lines add up to the totals.
    for side in 0..played.side_count() {
        let sum: u32 = lines.iter().map(|line| line.side(side).total()).sum();
        assert_eq!(sum, played.totals()[side]);
        if let Some(last) = lines.last() {
            assert_eq!(last.running_total(side), sum);
        }
    }
    let (again, names_again) =
        MatchToTarget::from_record(text, |_| {}).expect("the same text reads again");
    assert_eq!(again, played);
    assert_eq!(names_again, names);
    // The header and the game in play, written, read back as that game's state when the
    // record holds only that game.
    if played.finished_games() == 0 {
        let written = format!(
            "{}{}",
            played.record_header(Some(&names)),
            played.game_record()
        );
        let (rewritten, _) = MatchToTarget::from_record(&written, |_| {})
            .unwrap_or_else(|error| panic!("{text:?} written as {written:?}: {error}"));
        assert_eq!(rewritten, played);
    }
    // The match plays on from where the record stops.
    let mut next = played.clone();
    if next.game().is_finished() {
        assert_eq!(next.next_game().is_ok(), !played.is_over());
    }
    let mut first = None;
    next.game().for_each_legal_move(|legal| {
        first.get_or_insert(legal);
    });
    if let Some(first) = first {
        next.play(first).expect("a legal move plays");
    }
});
