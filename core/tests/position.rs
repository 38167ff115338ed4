//! Positions: written and read back exactly, checked against the rules with precise errors,
//! and games started from them play on as the games they came from; bots decide from a
//! seat's position as they do in the live game.

use tablic_core::bots::solver::Entry;
use tablic_core::bots::BotSpec;
use tablic_core::{DeckOrigin, Game, PlayerCount, Position, PositionError, MOVES_PER_GAME};

mod common;
use common::mixed_for;

/// Every position of `game` so far, with everything known and as each seat sees it, with
/// and without the moves.
fn positions_of(game: &Game) -> Vec<Position> {
    let mut positions = vec![Position::of_game(game)];
    for seat in 0..game.players().get() {
        positions.push(Position::of_view(&game.view(seat).unwrap()));
    }
    let without: Vec<Position> = positions
        .iter()
        .cloned()
        .map(Position::without_moves)
        .collect();
    positions.extend(without);
    positions
}

#[test]
fn every_position_of_games_of_every_size_reads_back_as_written() {
    let mut checked = 0;
    for players in PlayerCount::ALL {
        let seats = players.get();
        for seed in [1, 2] {
            let finished = mixed_for(seats, seed, MOVES_PER_GAME);
            // Every ply for small tables; for 48 seats a few.
            let step = if seats > 4 { 7 } else { 1 };
            for plies in (0..=MOVES_PER_GAME).step_by(step).chain([MOVES_PER_GAME]) {
                let game = finished.rewound(plies);
                for position in positions_of(&game) {
                    let text = position.to_string();
                    let read: Position = text
                        .parse()
                        .unwrap_or_else(|error| panic!("{text}\n{error}"));
                    assert_eq!(read, position, "{text}");
                    assert_eq!(read.to_string(), text);
                    checked += 1;
                }
            }
        }
    }
    assert!(checked > 2000, "{checked}");
}

#[test]
fn a_position_says_what_its_game_says() {
    let game = mixed_for(3, 4, 20);
    let position = Position::of_game(&game);
    assert_eq!(position.players(), game.players());
    assert_eq!(position.plies(), 20);
    assert_eq!(position.to_move(), game.to_move());
    assert_eq!(position.table(), game.table());
    assert_eq!(position.undealt(), game.undealt());
    assert_eq!(position.last_capturer(), game.last_capturer());
    assert_eq!(position.moves(), Some(game.history()));
    for seat in 0..3 {
        assert_eq!(position.hand(seat), Some(game.hand(seat)));
        assert_eq!(position.hand_size(seat), game.hand(seat).len());
        assert_eq!(position.pile(seat), game.pile(seat));
        assert_eq!(position.tablas(seat), game.tablas(seat));
    }
    assert_eq!(
        position.deck(),
        Some(&game.deck().cards()[52 - game.undealt()..])
    );
    assert!(position.unseen().is_empty());
    let seat_view = Position::of_view(&game.view(1).unwrap());
    assert_eq!(seat_view.hand(1), Some(game.hand(1)));
    assert_eq!(seat_view.hand(0), None);
    assert_eq!(seat_view.deck(), None);
    assert_eq!(seat_view.unseen(), game.view(1).unwrap().unseen());
}

/// The exact text of one position, as docs/RECORDS.md shows it.
#[test]
fn the_text_of_a_position_is_this() {
    let game = mixed_for(2, 3, 13);
    assert_eq!(
        Position::of_view(&game.view(1).unwrap())
            .without_moves()
            .to_string(),
        "players=2 ply=13 turn=1 seat=1 table=AH,KH hand=2C,4H,5D,8S,9D,JS \
         piles=AD,2H,2S,3C,3D,3S,4C,6C,6D,7H,7S,10D,10S,JH,KD;- tablas=2,0 last=0"
    );
}

#[test]
fn games_from_positions_play_on_to_the_same_result() {
    for players in [2, 3, 4, 6] {
        let finished = mixed_for(players, 9, MOVES_PER_GAME);
        for plies in [0, 1, 12, 23, 36, 47, 48] {
            let then = finished.rewound(plies);
            for position in [
                Position::of_game(&then),
                Position::of_game(&then).without_moves(),
            ] {
                let mut game = Game::from_position(&position);
                assert_eq!(game.plies(), plies);
                assert_eq!(Position::of_game(&game), position);
                for &played in &finished.history()[plies..] {
                    game.play(played).unwrap();
                }
                assert_eq!(
                    game.result(),
                    finished.result(),
                    "{players} players, {plies}"
                );
                assert_eq!(game.history().len() + game.opening_plies(), MOVES_PER_GAME);
            }
        }
    }
}

#[test]
fn a_game_from_a_position_without_moves_starts_there_and_rewinds_there() {
    let finished = mixed_for(2, 5, MOVES_PER_GAME);
    let position = Position::of_game(&finished.rewound(30)).without_moves();
    let mut game = Game::from_position(&position);
    assert_eq!(game.origin(), DeckOrigin::Position);
    assert_eq!(game.opening_plies(), 30);
    assert!(game.history().is_empty());
    for &played in &finished.history()[30..40] {
        game.play(played).unwrap();
    }
    assert_eq!(game.plies(), 40);
    assert_eq!(Position::of_game(&game.rewound(0)), position);
    assert_eq!(
        Position::of_game(&game.rewound(4)),
        Position::of_game(&finished.rewound(34)).without_moves()
    );
    // Its record starts from the position, and reads back to the same game.
    let record = game.record().to_string();
    assert!(
        record.contains(&format!("\nposition {position}\nplay ")),
        "{record}"
    );
    assert_eq!(Game::from_record(&record).unwrap(), game);
}

/// A seat's view of the game from its position is the live view, and every bot chooses what
/// it chooses in the live game (with the moves: bots read the history).
#[test]
fn bots_decide_from_a_seat_s_position_as_in_the_live_game() {
    let specs = [
        "random",
        "greedy",
        "minimax:depth=2,nodes=5000",
        "pimc:samples=8,nodes=3000",
        "ismcts:iterations=64",
    ];
    for players in [2, 3] {
        for plies in [3, 14, 25, 40] {
            let live = mixed_for(players, 11, plies);
            let seat = live.to_move().unwrap();
            let position = Position::of_view(&live.view(seat).unwrap());
            let game = Game::from_position(&position);
            let (live_view, view) = (live.view(seat).unwrap(), game.view(seat).unwrap());
            assert_eq!(view.hand(), live_view.hand());
            assert_eq!(view.table(), live_view.table());
            assert_eq!(view.history(), live_view.history());
            assert_eq!(view.unseen(), live_view.unseen());
            assert_eq!(view.undealt(), live_view.undealt());
            for other in 0..players {
                assert_eq!(view.hand_size(other), live_view.hand_size(other));
                assert_eq!(view.pile(other), live_view.pile(other));
            }
            for spec in specs {
                let spec: BotSpec = spec.parse().unwrap();
                let mut memory = vec![Entry::EMPTY; spec.memory_entries()];
                let live_choice = spec.build(7, &mut memory).choose(&live);
                let mut memory = vec![Entry::EMPTY; spec.memory_entries()];
                let choice = spec.build(7, &mut memory).choose(&game);
                assert_eq!(choice, live_choice, "{spec} at {position}");
            }
        }
    }
}

/// `text` with one field replaced (or added, when absent).
fn with(text: &str, field: &str, value: &str) -> String {
    let mut words: Vec<String> = text.split(' ').map(str::to_string).collect();
    match words
        .iter_mut()
        .find(|word| word.starts_with(&format!("{field}=")))
    {
        Some(word) => *word = format!("{field}={value}"),
        None => words.push(format!("{field}={value}")),
    }
    words.join(" ")
}

fn without(text: &str, field: &str) -> String {
    let prefix = format!("{field}=");
    text.split(' ')
        .filter(|word| !word.starts_with(&prefix))
        .collect::<Vec<_>>()
        .join(" ")
}

fn error(text: &str) -> String {
    match text.parse::<Position>() {
        Ok(position) => panic!("accepted: {text} as {position}"),
        Err(error) => error.to_string(),
    }
}

const SEAT: &str = "players=2 ply=13 turn=1 seat=1 table=AH,KH hand=2C,4H,5D,8S,9D,JS \
                    piles=AD,2H,2S,3C,3D,3S,4C,6C,6D,7H,7S,10D,10S,JH,KD;- tablas=2,0 last=0";

#[test]
fn bad_text_is_refused_with_the_reason() {
    assert!(SEAT.parse::<Position>().is_ok());
    let cases = [
        (format!("{SEAT} oops"), "expected key=value, found \"oops\""),
        (with(SEAT, "colour", "red"), "unknown field \"colour\" (known: players side-size leftovers final-tabla ply turn seat table hand hands piles tablas last deck moves)"),
        (format!("{SEAT} ply=13"), "ply= is given twice"),
        (without(SEAT, "players"), "players= is missing"),
        (without(SEAT, "piles"), "piles= is missing"),
        (without(SEAT, "ply"), "ply= is missing"),
        (without(SEAT, "tablas"), "tablas= is missing"),
        (without(SEAT, "last"), "last= is missing"),
        (without(SEAT, "hand"), "hand= is missing"),
        (with(SEAT, "players", "5"), "players=: a game cannot have 5 players (use 2, 3, 4, 6, 8, 12, 16, 24 or 48)"),
        (with(SEAT, "players", "two"), "players=: \"two\" is not a number"),
        (with(SEAT, "seat", "2"), "seat=: the game has no seat 2"),
        (with(SEAT, "seat", "-"), "seat=: \"-\" is not a number"),
        (with(SEAT, "hands", "-;-"), "hands= belongs to a position with everything known, not to one with seat="),
        (without(SEAT, "seat"), "hand= belongs to a seat's position: seat= is missing"),
        (with(SEAT, "table", "AH,XX"), "table=: invalid card \"XX\": unknown suit (expected C, D, H, S, a suit symbol, or tref, karo, herc, pik)"),
        (with(SEAT, "table", "AH,AH"), "table=: card AH appears twice"),
        (with(SEAT, "piles", "-"), "piles=: 1 entries, one per seat expected (separated by ;)"),
        (with(SEAT, "tablas", "1"), "tablas=: 1 entries, one per seat expected (separated by ;)"),
        (with(SEAT, "ply", "49"), "49 moves, and a game has 48"),
        (with(SEAT, "turn", "0"), "turn=: seat 1 is to move, not seat 0"),
        (with(SEAT, "turn", "-"), "turn=: seat 1 is to move, not over"),
        (with(SEAT, "hand", "2C,4H,5D,8S,9D"), "seat 1 holds 6 cards after the moves made, not 5"),
        (with(SEAT, "hand", "2C,4H,5D,8S,9D,AH"), "card AH is in two places"),
        (with(SEAT, "ply", "15"), "seat 1 holds 5 cards after the moves made, not 6"),
        (with(SEAT, "table", "AH"), "the table and the piles hold 16 cards, and after the moves made they hold 17 (the first four and every card played)"),
        (with(SEAT, "piles", "AD,2H,2S,3C,3D,3S,4C,6C,6D,7H,7S,10D,10S,JH;KD"), "piles=: seat 1 has captured a single card (a capture takes the card played and at least one more)"),
        (with(SEAT, "tablas", "8,0"), "tablas=: seat 0 has more tablas than its captures could make"),
        (with(SEAT, "last", "1"), "last=: seat 1 has captured nothing"),
        (with(SEAT, "last", "-"), "last=: nobody, yet cards have been captured"),
        (with(SEAT, "tablas", "0,1"), "tablas=: seat 1 has more tablas than its captures could make"),
    ];
    for (text, expected) in cases {
        assert_eq!(error(&text), expected, "{text}");
    }
    // After one move (seat 0 took 2H 3D 7S with JH), seat 1 has not moved: it cannot have
    // captured.
    let game = mixed_for(2, 3, 1);
    let first = Position::of_view(&game.view(1).unwrap())
        .without_moves()
        .to_string();
    assert_eq!(
        first,
        "players=2 ply=1 turn=1 seat=1 table=4C hand=AD,AH,2S,6C,7H,10D \
         piles=2H,3D,7S,JH;- tablas=0,0 last=0"
    );
    let cases = [
        (
            with(&with(&first, "piles", "-;2H,3D,7S,JH"), "last", "1"),
            "piles=: seat 1 has captured cards before its first move",
        ),
        (
            with(&first, "tablas", "2,0"),
            "tablas=: seat 0 has more tablas than its captures could make",
        ),
    ];
    for (text, expected) in cases {
        assert_eq!(error(&text), expected, "{text}");
    }
}

#[test]
fn positions_with_everything_known_are_checked_too() {
    let game = mixed_for(2, 3, 13);
    let all = Position::of_game(&game).without_moves().to_string();
    assert!(all.parse::<Position>().is_ok());
    let hands = "5C,5H,8H,QC,KC;2C,4H,5D,8S,9D,JS";
    assert!(all.contains(hands), "{all}");
    let deck = Position::of_game(&game)
        .deck()
        .unwrap()
        .iter()
        .map(|card| card.to_string())
        .collect::<Vec<_>>();
    let short_deck = deck[1..].join(",");
    let cases = [
        (without(&all, "hands"), "hands= is missing".to_string()),
        (without(&all, "deck"), "deck= is missing".to_string()),
        (
            with(&all, "hand", "5C"),
            "hand= belongs to a seat's position: seat= is missing".to_string(),
        ),
        (
            with(&all, "hands", "5C,5H,8H,QC,KC"),
            "hands=: 1 entries, one per seat expected (separated by ;)".to_string(),
        ),
        (
            with(&all, "deck", &short_deck),
            "deck=: 24 cards are still to be dealt after the moves made, not 23".to_string(),
        ),
        (
            with(
                &all,
                "deck",
                &format!("{},{}", deck[0], deck[..23].join(",")),
            ),
            format!("card {} is in two places", deck[0]),
        ),
        (
            with(&all, "hands", "5C,5H,8H,QC,KC;2C,4H,5D,8S,9D,AH"),
            "card AH is in two places".to_string(),
        ),
    ];
    for (text, expected) in cases {
        assert_eq!(error(&text), expected, "{text}");
    }
}

#[test]
fn moves_are_replayed_and_every_field_checked_against_them() {
    let game = mixed_for(2, 3, 13);
    let text = Position::of_view(&game.view(1).unwrap()).to_string();
    let moves = text.split(" moves=").nth(1).unwrap().to_string();
    assert_eq!(
        moves,
        "JHx2H,3D,7S;2S;6Dx2S,4C;6C;3C;7H;3Sx3C;AD;KDxAD,6C,7H;10D;KH;AH;10Sx10D"
    );
    // Fields the moves give may be left out.
    let short = without(
        &without(&without(&without(&text, "ply"), "turn"), "tablas"),
        "last",
    );
    assert_eq!(short.parse::<Position>().unwrap().to_string(), text);
    let cases = [
        (with(&text, "ply", "12"), "ply= disagrees with the moves"),
        (with(&text, "tablas", "1,0"), "tablas= disagrees with the moves"),
        (with(&text, "last", "1"), "last= disagrees with the moves"),
        (with(&text, "moves", &moves.replace("KDxAD,6C,7H", "KDxAD,6C")), "moves=: move 9 (KD AD 6C) is illegal: the captured cards cannot be split into groups that each sum to the played card"),
        (with(&text, "moves", &moves.replace(";10D;", ";2S;")), "card 2S is in two places"),
        (with(&text, "moves", &moves.replace(";2S;", ";2S;2S;")), "seat 1 holds 5 cards after the moves made, not 6"),
        (with(&text, "moves", &moves.replace("6Dx2S,4C", "6Dx4C")), "moves=: move 3 (6D 4C) is illegal: the captured cards cannot be split into groups that each sum to the played card"),
        (with(&text, "piles", "AD,2H,2S,3C,3D,3S,4C,6C,6D,7H,7S,10D,10S,JH,KD,QS;-"), "moves=: the table and piles left after them started from 5 cards, not 4"),
        (with(&text, "piles", "AD,2H,2S,3C,3D,3S,4C,6C,6D,7H,7S,10D,10S;JH,KD"), "piles= disagrees with the moves"),
        (with(&text, "table", "AH"), "piles= disagrees with the moves"),
        (with(&text, "moves", "JH;2S"), "seat 1 holds 5 cards after the moves made, not 6"),
        // Seat 0's cards are unseen, so moves in another order can be consistent too; these
        // are not.
        (with(&text, "moves", &moves.replace("3Sx3C", "3Sx7H")), "moves=: move 7 (3S 7H) is illegal: the captured cards cannot be split into groups that each sum to the played card"),
        (with(&text, "moves", &moves.replace(";10D;", ";JS;")), "card JS is in two places"),
        (with(&text, "moves", &["AH"; 49].join(";")), "49 moves, and a game has 48"),
        (with(&text, "moves", "AH;;KH"), "moves=: empty card"),
    ];
    for (text, expected) in cases {
        assert_eq!(error(&text), expected, "{text}");
    }
}

#[test]
fn the_end_of_a_game_is_a_position_too() {
    let finished = mixed_for(2, 6, MOVES_PER_GAME);
    let position = Position::of_game(&finished).without_moves();
    assert_eq!(position.to_move(), None);
    let text = position.to_string();
    assert!(
        text.contains(" turn=- ") && text.contains(" table=- "),
        "{text}"
    );
    let game = Game::from_position(&text.parse().unwrap());
    assert!(game.is_finished());
    assert_eq!(game.result(), finished.result());
    let last = finished.last_capturer().unwrap();
    let pile = finished.pile(last);
    let left = pile.first().unwrap();
    let mut piles: Vec<String> = (0..2)
        .map(|seat| {
            finished
                .pile(seat)
                .iter()
                .map(|c| c.to_string())
                .collect::<Vec<_>>()
                .join(",")
        })
        .collect();
    piles[last] = pile
        .without(left)
        .iter()
        .map(|c| c.to_string())
        .collect::<Vec<_>>()
        .join(",");
    let moved = with(
        &with(&text, "piles", &piles.join(";")),
        "table",
        &left.to_string(),
    );
    assert_eq!(
        error(&moved),
        "table=: the game is over, and the last cards on the table went to the last capturer"
    );
}

#[test]
fn position_errors_compare_as_values() {
    assert_eq!(
        "players=2".parse::<Position>(),
        Err(PositionError::MissingField("ply"))
    );
}
