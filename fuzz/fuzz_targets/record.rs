//! Any bytes as a game record: reading never panics or hangs; what reads writes back to a
//! record that reads to the same game and writes the same text again. A `result` line that
//! disagrees with the replay is refused by the reader, so every record read that ends in a
//! finished game is written with the result the replay gives.
#![no_main]

use libfuzzer_sys::fuzz_target;
use tablic_core::Game;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let (game, names) = match Game::from_record_with_names(text) {
        Ok(read) => read,
        Err(error) => {
            // A refused record names the line it stopped at, within the text, and says why.
            assert!(error.line <= text.lines().count(), "{error}");
            assert!(!error.to_string().is_empty());
            return;
        }
    };
    // An accepted `result` line gives the replayed game's totals, side by side (seat by
    // seat when everyone plays alone).
    let results = text
        .lines()
        .map(str::trim)
        .filter(|line| line.starts_with("result "));
    for line in results {
        let result = game
            .result()
            .expect("a record with a result line is finished");
        let totals: Vec<u32> = line["result ".len()..]
            .split_whitespace()
            .map(|total| total.parse().expect("an accepted total is a number"))
            .collect();
        let replayed: Vec<u32> = (0..result.side_count())
            .map(|side| result.side_total(side))
            .collect();
        assert_eq!(totals, replayed, "{line:?}");
    }
    let written = game.record().with_names(&names).to_string();
    let (again, names_again) = Game::from_record_with_names(&written)
        .unwrap_or_else(|error| panic!("{text:?} read, was written as {written:?}: {error}"));
    assert_eq!(again, game, "{text:?} written as {written:?}");
    assert_eq!(names_again, names);
    assert_eq!(again.record().with_names(&names_again).to_string(), written);
    assert_eq!(
        written.contains("\nresult "),
        game.is_finished(),
        "{written:?}"
    );
});
