extern crate std;
use core::fmt::Write;
use std::format;
use std::string::{String, ToString};
use std::vec::Vec;

use super::*;
use crate::game::record::SeatNames;
use crate::game::rules::{FinalTabla, Leftovers};

fn players(count: usize) -> PlayerCount {
    PlayerCount::new(count).unwrap()
}

/// The first legal move, every turn: a fixed way to play a game to its end.
fn first_move(game: &Game) -> Move {
    let mut first = None;
    game.for_each_legal_move(|legal| {
        first.get_or_insert(legal);
    });
    first.unwrap()
}

fn finish_game(played: &mut MatchToTarget) {
    while !played.game().is_finished() {
        played.play(first_move(played.game())).unwrap();
    }
}

/// A match of two sides whose first game is over, with its totals set to `totals`.
fn decided_by(totals: &[u32]) -> MatchToTarget {
    let mut played = MatchToTarget::new(players(totals.len()), Rules::ORIGINAL, 101, 5).unwrap();
    finish_game(&mut played);
    played.totals[..totals.len()].copy_from_slice(totals);
    played
}

#[test]
fn a_side_past_the_target_wins() {
    assert_eq!(decided_by(&[104, 90]).winner(), Some(0));
    assert_eq!(decided_by(&[88, 101]).winner(), Some(1));
    assert_eq!(
        decided_by(&[100, 99]).winner(),
        None,
        "nobody has reached 101"
    );
}

#[test]
fn of_two_past_the_target_the_higher_wins() {
    assert_eq!(decided_by(&[110, 103]).winner(), Some(0));
    assert_eq!(decided_by(&[102, 120, 40]).winner(), Some(1));
}

#[test]
fn a_tie_for_the_highest_total_plays_on() {
    let mut tied = decided_by(&[105, 105]);
    assert_eq!(tied.winner(), None);
    assert!(!tied.is_over());
    tied.next_game().unwrap();
    assert_eq!(tied.game_number(), 2);
    // A tie below the leader decides nothing either way.
    assert_eq!(decided_by(&[130, 101, 101]).winner(), Some(0));
    assert_eq!(decided_by(&[101, 101, 90]).winner(), None);
}

#[test]
fn the_side_ahead_is_the_one_alone_at_the_top_target_or_not() {
    assert_eq!(
        decided_by(&[40, 62]).ahead(),
        Some(1),
        "a series stopped below the target"
    );
    assert_eq!(decided_by(&[62, 40, 61]).ahead(), Some(0));
    assert_eq!(
        decided_by(&[50, 50]).ahead(),
        None,
        "a level series has no winner"
    );
    assert_eq!(decided_by(&[50, 50, 12]).ahead(), None);
    assert_eq!(decided_by(&[12, 50, 50]).ahead(), None);
    // Past the target, the side ahead is the winner.
    assert_eq!(
        decided_by(&[104, 90]).ahead(),
        decided_by(&[104, 90]).winner()
    );
    // Before any game is over, every side is at 0: nobody is ahead.
    let fresh = MatchToTarget::new(players(2), Rules::ORIGINAL, 101, 5).unwrap();
    assert_eq!(fresh.ahead(), None);
}

#[test]
fn the_target_passed_by_both_in_one_game_goes_to_the_higher_total() {
    // Before the last game: 95 and 99, neither at 101.
    let mut played = MatchToTarget::new(players(2), Rules::ORIGINAL, 101, 5).unwrap();
    played.totals[..2].copy_from_slice(&[95, 99]);
    finish_game(&mut played);
    let result = played.game().result().unwrap();
    let after = [95 + result.side_total(0), 99 + result.side_total(1)];
    assert_eq!(played.totals(), after);
    assert!(after.iter().all(|&total| total >= 101), "{after:?}");
    let expected = match after[0].cmp(&after[1]) {
        core::cmp::Ordering::Greater => Some(0),
        core::cmp::Ordering::Less => Some(1),
        core::cmp::Ordering::Equal => None,
    };
    assert_eq!(played.winner(), expected);
    assert_eq!(played.next_game(), Err(MatchError::MatchOver));
}

#[test]
fn the_next_game_waits_for_the_end_of_this_one() {
    let mut played = MatchToTarget::new(players(2), Rules::ORIGINAL, 101, 5).unwrap();
    assert_eq!(played.next_game(), Err(MatchError::GameNotOver));
    assert_eq!(played.winner(), None);
}

#[test]
fn bad_matches_are_refused() {
    assert_eq!(
        MatchToTarget::new(players(2), Rules::ORIGINAL, 0, 1),
        Err(MatchError::Target(0))
    );
    assert_eq!(
        MatchToTarget::new(players(3), Rules::PAIRS, 101, 1).map(|_| ()),
        Err(MatchError::Rules(RulesError::UnevenSides {
            players: players(3),
            side_size: 2
        }))
    );
}

#[test]
fn the_lead_passes_round_the_table_and_partners_stay_partners() {
    let mut played = MatchToTarget::new(players(4), Rules::PAIRS, 101, 9).unwrap();
    for game in 0..6u32 {
        assert_eq!(played.game_number(), game + 1);
        let leader = game as usize % 4;
        assert_eq!(played.leader(), leader);
        for player in 0..4 {
            let seat = played.seat_of(player);
            assert_eq!(played.player_at(seat), player);
            // Partners 0 and 2 always sit on one side of the game, 1 and 3 on the other.
            assert_eq!(
                played.game().side_of(seat) == played.game().side_of(played.seat_of(0)),
                player % 2 == 0
            );
        }
        assert_eq!(played.seat_of(leader), 0);
        finish_game(&mut played);
        if played.next_game().is_err() {
            break;
        }
    }
}

#[test]
fn the_sheet_adds_each_game_to_the_match_sides() {
    let mut played = MatchToTarget::new(players(4), Rules::PAIRS, 101, 3).unwrap();
    let mut running = [0u32; 2];
    loop {
        finish_game(&mut played);
        let line = played.sheet_line().unwrap();
        let mut shares = [0u32; 2];
        let mut cards = [0u32; 2];
        for player in 0..4 {
            let share = line.player(player);
            assert!(!share.most_cards, "the bonus is the side's");
            shares[player % 2] += share.total();
            cards[player % 2] += share.cards;
        }
        for side in 0..2 {
            let part = line.side(side);
            assert_eq!(part.cards, cards[side]);
            let bonus = if part.most_cards { 3 } else { 0 };
            assert_eq!(part.total(), shares[side] + bonus);
            running[side] += part.total();
            assert_eq!(line.running_total(side), running[side]);
        }
        assert_eq!(
            line.side(0).most_cards,
            cards[0] > cards[1],
            "the +3 to strictly the most cards"
        );
        assert_eq!(played.totals(), running);
        if played.next_game().is_err() {
            break;
        }
    }
    assert!(running.iter().any(|&total| total >= 101));
    assert_eq!(
        played.winner(),
        Some(if running[0] > running[1] { 0 } else { 1 })
    );
}

/// Plays a whole match by the first legal move, writing its record as it goes.
fn play_and_record(mut played: MatchToTarget, names: &SeatNames<'_>) -> (MatchToTarget, String) {
    let mut text = String::new();
    write!(text, "{}", played.record_header(Some(names))).unwrap();
    loop {
        finish_game(&mut played);
        write!(text, "{}", played.game_record()).unwrap();
        if played.next_game().is_err() {
            return (played, text);
        }
    }
}

#[test]
fn a_match_record_reads_back_game_by_game() {
    let rules = Rules {
        side_size: 2,
        leftovers: Leftovers::LastPlayer,
        final_tabla: FinalTabla::DoesNotCount,
    };
    let start = MatchToTarget::new(players(4), rules, 61, 11).unwrap();
    let names = SeatNames::new(&["you", "greedy", "partner", "minimax"]).unwrap();
    let (over, text) = play_and_record(start, &names);
    assert!(text.starts_with(
        "tablic-match 1\nplayers 4\nrules side-size=2 leftovers=last-player final-tabla=no\n\
         target 61\nseed 11\nname 0 you\nname 1 greedy\nname 2 partner\nname 3 minimax\ngame 1\nplay "
    ));
    let mut lines = Vec::new();
    let (read, read_names) = MatchToTarget::from_record(&text, |line| lines.push(*line)).unwrap();
    assert_eq!(read, over);
    assert_eq!(read_names, names);
    assert_eq!(lines.len() as u32, over.finished_games());
    assert_eq!(lines.last(), over.sheet_line().as_ref());
    // Game by game, the blocks make the record again.
    let mut again = format!("{}", read.record_header(Some(&read_names)));
    MatchToTarget::from_record_by_game(&text, |played| {
        write!(again, "{}", played.game_record()).unwrap()
    })
    .unwrap();
    assert_eq!(again, text);
}

#[test]
fn a_match_stopped_anywhere_resumes_where_it_stopped() {
    let start = MatchToTarget::new(players(2), Rules::ORIGINAL, 101, 4).unwrap();
    let (over, text) = play_and_record(start, &SeatNames::NONE);
    // Cut the record after every line: each reads back, and playing on from it by the
    // same rule ends in the same match.
    let mut cut = 0;
    for (index, _) in text.match_indices('\n') {
        let head = &text[..=index];
        let Ok((mut resumed, _)) = MatchToTarget::from_record(head, |_| {}) else {
            // The header alone, before `game 1`, is not yet a match record.
            assert!(!head.contains("game"), "{head}");
            continue;
        };
        loop {
            finish_game(&mut resumed);
            if resumed.next_game().is_err() {
                break;
            }
        }
        assert_eq!(resumed, over);
        cut += 1;
    }
    assert!(cut > 48);
}

#[test]
fn bad_match_records_say_where_and_why() {
    let start = MatchToTarget::new(players(2), Rules::ORIGINAL, 30, 4).unwrap();
    let (_, text) = play_and_record(start, &SeatNames::NONE);
    let error = |text: &str| {
        MatchToTarget::from_record(text, |_| {})
            .unwrap_err()
            .to_string()
    };
    assert_eq!(
        error("tablic-record 1\n"),
        "line 1: a match record starts with \"tablic-match 1\""
    );
    assert_eq!(
        error("tablic-match 1\nplayers 2\nseed 3\n"),
        "line 3: expected \"target N\""
    );
    assert_eq!(
        error("tablic-match 1\nplayers 2\ntarget 0\nseed 3\ngame 1\n"),
        "line 4: a target of 0 points (expected 1 to 1000000)"
    );
    assert_eq!(
        error("tablic-match 1\nplayers 4\nrules side-size=4\ntarget 9\nseed 3\n"),
        "line 3: rules: sides of 4 leave 4 players on one side, with nobody to play against"
    );
    assert_eq!(
        error("tablic-match 1\nplayers 2\ntarget 9\nseed 3\ngame 2\n"),
        "line 5: expected \"game 1\""
    );
    assert_eq!(
        error("tablic-match 1\nplayers 2\ntarget 9\nseed 3\ngame 1\ngame 2\n"),
        "line 6: the game in play is not over"
    );
    // One more game after the match was decided.
    let extra = format!("{text}game 99\n");
    let lines = extra.lines().count();
    assert_eq!(error(&extra), format!("line {lines}: the match is over"));
    // A result that is not the game's.
    let wrong = text.replacen("result ", "result 1", 1);
    assert!(error(&wrong).ends_with("the result does not match the replayed game"));
}
