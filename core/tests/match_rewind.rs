//! An undo in a match to a target ([`MatchToTarget::rewound`]) is the match its record,
//! cut at the same move, reads back to: at every move of every game of greedy matches of
//! 2, of 3 and of 4 in pairs, the decisive last move of the match too.

use std::fmt::Write;

use tablic_core::bots::best_greedy_move;
use tablic_core::game::match_to_target::MatchToTarget;
use tablic_core::{Game, Move, PlayerCount, Rules};

fn players(count: usize) -> PlayerCount {
    PlayerCount::new(count).unwrap()
}

/// The greedy player's move, every turn: a fixed way to play matches to their end.
fn greedy_move(game: &Game) -> Move {
    let seat = game.to_move().unwrap();
    best_greedy_move(game.hand(seat), game.table()).unwrap()
}

/// A whole greedy match, with the match as it stood at the end of each game and the record
/// text before each game's `game` line.
fn greedy_match(start: MatchToTarget) -> Vec<(MatchToTarget, String)> {
    let mut played = start;
    let mut text = format!("{}", played.record_header(None));
    let mut games = Vec::new();
    loop {
        while !played.game().is_finished() {
            played.play(greedy_move(played.game())).unwrap();
        }
        games.push((played.clone(), text.clone()));
        write!(text, "{}", played.game_record()).unwrap();
        if played.next_game().is_err() {
            return games;
        }
    }
}

/// The match read from `before` (the record up to the game) and the game's first `moves`
/// moves.
fn read_cut(before: &str, over: &MatchToTarget, moves: usize) -> MatchToTarget {
    let mut text = format!("{before}game {}\n", over.game_number());
    for played in &over.game().history()[..moves] {
        writeln!(text, "play {played}").unwrap();
    }
    MatchToTarget::from_record(&text, |_| {}).unwrap().0
}

#[test]
fn a_rewound_match_is_its_record_cut_at_the_same_move() {
    let starts = [
        (players(2), Rules::ORIGINAL, 101, 21),
        (players(3), Rules::ORIGINAL, 101, 22),
        (players(4), Rules::PAIRS, 101, 23),
        (players(2), Rules::ORIGINAL, 61, 24),
    ];
    for (count, rules, target, seed) in starts {
        let games = greedy_match(MatchToTarget::new(count, rules, target, seed).unwrap());
        assert!(games.len() >= 3, "{count} players: {} games", games.len());
        assert!(games.last().unwrap().0.is_over());
        for (over, before) in &games {
            let moves = over.game().history().len();
            assert_eq!(over.rewound(moves), *over);
            assert_eq!(over.rewound(moves + 1), *over);
            // Every cut, the decisive last move of the match's last game too.
            for cut in 0..moves {
                let rewound = over.rewound(cut);
                assert_eq!(
                    rewound,
                    read_cut(before, over, cut),
                    "seed {seed}, cut {cut}"
                );
                assert!(!rewound.is_over());
                assert_eq!(rewound.sheet_line(), None);
                // Undone from the middle of the game as well as from its end.
                assert_eq!(rewound.rewound(cut / 2), over.rewound(cut / 2));
            }
        }
    }
}

#[test]
fn rewinding_the_deciding_move_takes_the_last_game_back_into_play() {
    let games = greedy_match(MatchToTarget::new(players(2), Rules::ORIGINAL, 101, 21).unwrap());
    let (over, _) = games.last().unwrap();
    let (previous, _) = &games[games.len() - 2];
    let last = over.sheet_line().unwrap();
    assert_eq!(
        (over.game_number(), over.finished_games(), over.totals()),
        (7, 7, &[86, 111][..])
    );
    assert_eq!(
        (over.winner(), last.side(0).total(), last.side(1).total()),
        (Some(1), 9, 17)
    );

    let undone = over.rewound(47);
    assert_eq!(undone.totals(), [77, 94]);
    assert_eq!(undone.totals(), previous.totals());
    assert_eq!((undone.game_number(), undone.finished_games()), (7, 6));
    assert_eq!((undone.leader(), undone.game().to_move()), (0, Some(1)));
    assert_eq!(
        (undone.winner(), undone.is_over(), undone.sheet_line()),
        (None, false, None)
    );
    // Played again, the same move decides the match again.
    let mut again = undone.clone();
    again.play(*over.game().history().last().unwrap()).unwrap();
    assert_eq!(again, *over);
    // Back to the deal of the last game, it is still the last game (not the one before).
    let dealt = over.rewound(0);
    assert_eq!((dealt.game_number(), dealt.finished_games()), (7, 6));
    assert_eq!(dealt.game().history(), []);
}
