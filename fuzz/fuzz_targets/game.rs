//! Arbitrary bytes drive a game of any player count: each byte picks one of the legal
//! moves, or tries an illegal one (which must be refused and change nothing). The
//! invariants hold after every move (52 cards, each seat's view agrees with the game) and
//! at the end (22 card points; each total is card points, tablas and the most-cards bonus).
#![no_main]

use std::ops::ControlFlow;

use libfuzzer_sys::fuzz_target;
use tablic_core::{
    legal_move_count_up_to, Card, CardSet, Game, Move, PlayerCount, MOST_CARDS_BONUS,
};

/// The most legal moves listed in one position. Many discards crowd the table until a seat
/// has tens of millions of moves (a list of them took the 1 GiB one allocation may have);
/// past this many, a byte picks among the first ones listed, and a made-up move is checked
/// against `play` alone, since the whole list is not known.
const LISTED: u64 = 1 << 12;

fuzz_target!(|data: &[u8]| {
    let Some((&first, data)) = data.split_first() else {
        return;
    };
    let Some((&second, choices)) = data.split_first() else {
        return;
    };
    let players = PlayerCount::ALL[usize::from(first) % PlayerCount::ALL.len()];
    let mut game = Game::from_seed(players, u64::from(second));
    let mut choices = choices.iter().copied();
    while !game.is_finished() {
        let seat = game
            .to_move()
            .expect("an unfinished game has a seat to move");
        let count = legal_move_count_up_to(game.hand(seat), game.table(), LISTED);
        let mut legal = Vec::new();
        let _ = game.try_for_each_legal_move(|played| {
            legal.push(played);
            if legal.len() as u64 == LISTED {
                ControlFlow::Break(())
            } else {
                ControlFlow::Continue(())
            }
        });
        assert!(!legal.is_empty(), "no legal move in an unfinished game");
        let whole_list = count <= LISTED;
        if whole_list {
            assert_eq!(legal.len() as u64, count, "listed and counted moves differ");
        }
        let choice = choices.next().unwrap_or(0);
        // High bit set: a move made up from the byte, legal or not.
        let played = if choice & 0x80 != 0 {
            made_up_move(&game, choice & 0x7f, choices.next().unwrap_or(0))
        } else {
            legal[usize::from(choice) % legal.len()]
        };
        let is_legal = if whole_list || legal.contains(&played) {
            legal.contains(&played)
        } else {
            game.check(played).is_ok()
        };
        assert_eq!(game.check(played).is_ok(), is_legal, "check of {played}");
        let before = game.clone();
        match game.play(played) {
            Ok(_) => assert!(is_legal, "{played} was played but is not listed"),
            Err(_) => {
                assert!(!is_legal, "{played} was listed but refused");
                assert_eq!(
                    game.history(),
                    before.history(),
                    "a refused move changed the game"
                );
                assert_eq!(game.table(), before.table());
                game.play(legal[0]).expect("a listed move plays");
            }
        }
        check_step(&game);
    }
    check_end(&game);
});

/// A move from the seat's hand (or from anywhere, when `card_byte` says so) capturing the
/// table cards `capture_byte` picks.
fn made_up_move(game: &Game, card_byte: u8, capture_byte: u8) -> Move {
    let seat = game.to_move().unwrap();
    let hand: Vec<Card> = game.hand(seat).iter().collect();
    let card = if card_byte & 0x40 != 0 || hand.is_empty() {
        Card::from_index(card_byte % 52).unwrap()
    } else {
        hand[usize::from(card_byte) % hand.len()]
    };
    let capture = game
        .table()
        .iter()
        .enumerate()
        .filter(|(position, _)| capture_byte & (1 << (position % 8)) != 0)
        .fold(CardSet::EMPTY, |set, (_, card)| set.with(card));
    Move::new(card, capture)
}

/// Every card is in one place: a hand, the table, a pile or the undealt deck; each seat's
/// view shows what the game holds.
fn check_step(game: &Game) {
    let seats = game.players().get();
    let mut seen = game.table();
    let mut held = game.table().len();
    for seat in 0..seats {
        for part in [game.hand(seat), game.pile(seat)] {
            assert!(seen.is_disjoint(part), "a card is in two places");
            seen = seen.union(part);
            held += part.len();
        }
    }
    assert_eq!(held + game.undealt(), 52, "cards lost or made");
    for seat in 0..seats {
        let view = game.view(seat).expect("every seat has a view");
        assert_eq!(view.hand(), game.hand(seat));
        assert_eq!(view.table(), game.table());
        assert_eq!(view.to_move(), game.to_move());
        assert_eq!(view.undealt(), game.undealt());
        assert_eq!(view.history(), game.history());
        assert!(view.seen().is_disjoint(view.unseen()));
        assert_eq!(view.seen().union(view.unseen()).len(), 52);
        for other in 0..seats {
            assert_eq!(view.pile(other), game.pile(other));
            assert_eq!(view.tablas(other), game.tablas(other));
            assert_eq!(view.hand_size(other), game.hand(other).len());
        }
    }
}

/// 22 card points in all; each total adds up its card points, tablas and bonus, and the
/// bonus goes to the one seat with most cards (to nobody on a tie).
fn check_end(game: &Game) {
    let result = game.result().expect("a finished game has a result");
    let seats = result.seats();
    assert_eq!(seats.iter().map(|seat| seat.card_points).sum::<u32>(), 22);
    assert_eq!(
        game.table(),
        CardSet::EMPTY,
        "the last capturer takes the table"
    );
    let most = (0..seats.len())
        .map(|seat| game.pile(seat).len())
        .max()
        .unwrap();
    let with_most: Vec<usize> = (0..seats.len())
        .filter(|&seat| game.pile(seat).len() == most)
        .collect();
    for (index, seat) in seats.iter().enumerate() {
        assert_eq!(seat.card_points, game.pile(index).points());
        assert_eq!(seat.tablas, game.tablas(index));
        let bonus = if with_most == [index] {
            MOST_CARDS_BONUS
        } else {
            0
        };
        assert_eq!(seat.cards as usize, game.pile(index).len());
        assert_eq!(seat.most_cards, bonus > 0, "seat {index}");
        let total = seat.card_points + seat.tablas + bonus;
        assert_eq!(result.total(index), total, "seat {index}");
    }
}
