//! Any bytes as a position: reading never panics; a refused text gets a one-line reason; an
//! accepted position writes back to the same text and reads to the same position; a game
//! started from it has that position (with everything known, or as its seat sees it) and
//! plays on to the end with 52 cards and 22 card points.
#![no_main]

use std::ops::ControlFlow;

use libfuzzer_sys::fuzz_target;
use tablic_core::{CardSet, Game, Position};

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let position: Position = match text.parse() {
        Ok(position) => position,
        Err(error) => {
            let message = error.to_string();
            assert!(
                !message.is_empty() && !message.contains('\n'),
                "{message:?}"
            );
            return;
        }
    };
    let written = position.to_string();
    let again: Position = written
        .parse()
        .unwrap_or_else(|error| panic!("{text:?} read, was written as {written:?}: {error}"));
    assert_eq!(again, position, "{written}");
    assert_eq!(again.to_string(), written);

    let mut game = Game::from_position(&position);
    assert_eq!(game.plies(), position.plies());
    let seen = match position.seat() {
        Some(seat) => Position::of_view(&game.view(seat).expect("the position's seat")),
        None => Position::of_game(&game),
    };
    assert_eq!(seen, position, "{written}");
    while let Some(seat) = game.to_move() {
        // The first legal move: a crowded table has millions, so none are listed.
        let played = match game.try_for_each_legal_move(ControlFlow::Break) {
            ControlFlow::Break(legal) => legal,
            ControlFlow::Continue(()) => panic!("no legal move for seat {seat}"),
        };
        game.play(played).expect("a listed move plays");
        let placed = (0..game.players().get()).fold(game.table(), |cards, other| {
            cards | game.hand(other) | game.pile(other)
        });
        assert_eq!(
            placed.len() + game.undealt(),
            52,
            "after seat {seat} played"
        );
    }
    let piles =
        (0..game.players().get()).fold(CardSet::EMPTY, |cards, seat| cards | game.pile(seat));
    if game.last_capturer().is_some() {
        assert_eq!(piles.points(), 22);
    }
});
