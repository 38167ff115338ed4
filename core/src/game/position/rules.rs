//! What makes a position one that a game can reach. Every card is in one place; the hands
//! and the deck hold what the deal schedule says after the moves made; the table and the
//! piles hold the first four cards and every card played; a pile holds whole captures (two
//! cards at least), none before its seat's first move, and no more tablas than captures or
//! moves; the last capturer has captured; at the end the table's last cards have gone to
//! the last capturer (or, by the house rule, to the last player, whose pile may then hold
//! them alone). With the moves given, the game is replayed and every field must say
//! what the replay says. These are necessary, not sufficient: a position that passes may
//! still be one no sequence of legal moves reaches (its piles may hold no possible split
//! into captures); a game plays on from it all the same, by the rules.

use crate::dealing::players::{PlayerCount, MAX_PLAYERS, TABLE_CARDS};
use crate::game::moves::Move;
use crate::game::position::{Position, PositionError};
use crate::game::rules::Leftovers;
use crate::game::{DeckOrigin, Game};
use crate::{Card, CardSet};

/// The union of `sets`, or the first card that is in two of them.
fn place_all<'a>(sets: impl IntoIterator<Item = &'a CardSet>) -> Result<CardSet, PositionError> {
    sets.into_iter().try_fold(CardSet::EMPTY, |placed, &cards| {
        match (placed & cards).first() {
            Some(card) => Err(PositionError::CardTwice(card)),
            None => Ok(placed | cards),
        }
    })
}

/// The deck's cards, or the first card in it twice.
fn deck_cards(deck: &[Card]) -> Result<CardSet, PositionError> {
    deck.iter().try_fold(CardSet::EMPTY, |cards, &card| {
        if cards.contains(card) {
            Err(PositionError::CardTwice(card))
        } else {
            Ok(cards.with(card))
        }
    })
}

/// The known hands and the deck hold what the schedule says after `plies` moves.
fn check_sizes(
    players: PlayerCount,
    plies: usize,
    seat: Option<usize>,
    hands: &[CardSet; MAX_PLAYERS],
    deck_len: usize,
) -> Result<(), PositionError> {
    let point = players.deal_at(plies);
    for (index, hand) in hands.iter().enumerate().take(players.get()) {
        let expected = point.hand_size_of(index);
        if seat.is_none_or(|own| own == index) && hand.len() != expected {
            return Err(PositionError::HandSize {
                seat: index,
                expected,
                given: hand.len(),
            });
        }
    }
    if seat.is_none() && deck_len != point.undealt {
        return Err(PositionError::DeckSize {
            expected: point.undealt,
            given: deck_len,
        });
    }
    Ok(())
}

/// Checks a position given without moves.
pub(crate) fn check(position: &Position) -> Result<(), PositionError> {
    let players = position.players.get();
    let plies = position.plies();
    let hands = &position.hands[..players];
    let piles = &position.piles[..players];
    check_sizes(
        position.players,
        plies,
        position.seat(),
        &position.hands,
        position.deck.len(),
    )?;
    let deck = deck_cards(&position.deck)?;
    place_all(
        [position.table]
            .iter()
            .chain(piles)
            .chain(hands)
            .chain([deck].iter()),
    )?;
    let played = position.table.len() + piles.iter().map(|pile| pile.len()).sum::<usize>();
    if played != TABLE_CARDS + plies {
        return Err(PositionError::PlayedCards {
            expected: TABLE_CARDS + plies,
            given: played,
        });
    }
    let over = position.to_move().is_none();
    // At the end, the last player may hold the table's last cards without a capture.
    let leftovers_taker =
        (over && position.rules.leftovers == Leftovers::LastPlayer).then_some(players - 1);
    for (seat, (pile, &tablas)) in piles.iter().zip(&position.tablas).enumerate() {
        // Seat 0 leads every deal, and every deal is whole rounds: seat s has made this
        // many moves, each at most one capture.
        let moved = plies / players + usize::from(seat < plies % players);
        if moved == 0 && !pile.is_empty() {
            return Err(PositionError::CapturedBeforeMoving(seat));
        }
        if pile.len() == 1 && leftovers_taker != Some(seat) {
            return Err(PositionError::LoneCard(seat));
        }
        if usize::from(tablas) > (pile.len() / 2).min(moved) {
            return Err(PositionError::TooManyTablas(seat));
        }
    }
    match position.last_capturer() {
        Some(seat) if piles[seat].is_empty() => {
            return Err(PositionError::LastCapturedNothing(seat))
        }
        None if piles
            .iter()
            .enumerate()
            .any(|(seat, pile)| !pile.is_empty() && leftovers_taker != Some(seat)) =>
        {
            return Err(PositionError::NoLastCapturer)
        }
        _ => {}
    }
    let taken = position.last_capturer.is_some() || leftovers_taker.is_some();
    if over && taken && !position.table.is_empty() {
        return Err(PositionError::TableAfterTheEnd(position.rules.leftovers));
    }
    Ok(())
}

/// The table `moves` started from: every card on the table or in a pile that no move played.
pub(crate) fn starting_table(table: CardSet, piles: &[CardSet], moves: &[Move]) -> CardSet {
    let played: CardSet = moves.iter().map(|played| played.card).collect();
    piles.iter().fold(table, |cards, &pile| cards | pile) - played
}

/// The position `moves` lead to, from the table they started from, with the given hands
/// (`seat`'s, or all) and deck; every move checked by the rules, and the table, the piles
/// and the hands checked against the replay. Tablas and the last capturer come from the
/// replay (the caller checks any it was given).
pub(crate) fn replay(mut position: Position) -> Result<Position, PositionError> {
    let players = position.players.get();
    let moves = position.moves.clone().unwrap_or_default();
    position.plies = moves.len() as u8;
    check_sizes(
        position.players,
        moves.len(),
        position.seat(),
        &position.hands,
        position.deck.len(),
    )?;
    let mut played = CardSet::EMPTY;
    for played_card in moves.iter().map(|played| played.card) {
        if played.contains(played_card) {
            return Err(PositionError::CardTwice(played_card));
        }
        played = played.with(played_card);
    }
    let piles = &position.piles[..players];
    let out = place_all([position.table].iter().chain(piles))?;
    let deck = deck_cards(&position.deck)?;
    let held = place_all(
        [out]
            .iter()
            .chain(&position.hands[..players])
            .chain([deck].iter()),
    )? - out;
    if let Some(card) = (played & held).first() {
        return Err(PositionError::CardTwice(card));
    }
    // Every card played is on the table or in a pile.
    if !played.is_subset(out) {
        return Err(PositionError::DisagreesWithMoves("piles"));
    }
    let start = starting_table(position.table, piles, &moves);
    if start.len() != TABLE_CARDS {
        return Err(PositionError::StartingTable(start.len()));
    }
    let deck = position.initial_deck();
    let mut game = Game::start(position.players, position.rules, deck, DeckOrigin::Given);
    for (index, &played) in moves.iter().enumerate() {
        game.play(played)
            .map_err(|error| PositionError::IllegalMove {
                ply: index + 1,
                played,
                error,
            })?;
    }
    if game.table() != position.table {
        return Err(PositionError::DisagreesWithMoves("table"));
    }
    let replayed = match position.seat().and_then(|seat| game.view(seat)) {
        Some(view) => Position::of_view(&view),
        None => Position::of_game(&game),
    };
    let field = if position.seat.is_some() {
        "hand"
    } else {
        "hands"
    };
    if replayed.hands != position.hands {
        return Err(PositionError::DisagreesWithMoves(field));
    }
    if replayed.piles != position.piles {
        return Err(PositionError::DisagreesWithMoves("piles"));
    }
    Ok(replayed)
}
