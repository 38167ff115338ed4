//! Why a position was refused: its text, or a rule it breaks.

use core::fmt;

use crate::cards::notation::{Excerpt, ParseCardSetError};
use crate::dealing::players::InvalidPlayerCount;
use crate::game::moves::{IllegalMove, Move};
use crate::game::rules::{Leftovers, RulesError};
use crate::game::MOVES_PER_GAME;
use crate::Card;

/// Why a position was refused. Fields are named as the text writes them (`ply`, `piles`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PositionError {
    /// A word that is not `key=value`.
    NotKeyValue(Excerpt),
    /// A key that is not a field of positions.
    UnknownField(Excerpt),
    /// A field given twice.
    RepeatedField(&'static str),
    /// A field the position needs.
    MissingField(&'static str),
    /// A field of a seat's position (`hand`) without `seat`.
    NeedsSeat(&'static str),
    /// A field of a position with everything known (`hands`, `deck`) beside `seat`.
    NotWithSeat(&'static str),
    /// A field's value is not a number (or `-` where that is allowed).
    BadNumber(&'static str, Excerpt),
    /// The player count is not allowed.
    Players(InvalidPlayerCount),
    /// A rule's value is not one it takes, or the players cannot sit in its sides.
    Rules(RulesError),
    /// A field names a seat the game does not have.
    NoSuchSeat(&'static str, usize),
    /// A field's cards did not parse, or a card is in it twice.
    Cards(&'static str, ParseCardSetError),
    /// A field with one entry per seat has this many.
    SeatCount(&'static str, usize),
    /// More moves than a game has.
    TooManyMoves(usize),
    /// `turn` names another seat than the one the deal schedule says.
    Turn {
        /// The seat to move after the moves made (`None`: the game is over).
        expected: Option<usize>,
        /// The seat the text names.
        given: Option<usize>,
    },
    /// A card is in two places.
    CardTwice(Card),
    /// A hand has the wrong number of cards for the moves made.
    HandSize {
        /// The seat.
        seat: usize,
        /// Cards it holds after the moves made.
        expected: usize,
        /// Cards the text gives it.
        given: usize,
    },
    /// The deck has the wrong number of cards for the moves made.
    DeckSize {
        /// Cards still to be dealt after the moves made.
        expected: usize,
        /// Cards the text gives.
        given: usize,
    },
    /// The table and the piles do not hold the cards played and the first four.
    PlayedCards {
        /// Cards they hold after the moves made.
        expected: usize,
        /// Cards the text puts there.
        given: usize,
    },
    /// A pile of a single card: a capture takes at least two.
    LoneCard(usize),
    /// A seat that has not moved yet has captured cards.
    CapturedBeforeMoving(usize),
    /// More tablas than a seat's captures could have made.
    TooManyTablas(usize),
    /// `last` names a seat that has captured nothing.
    LastCapturedNothing(usize),
    /// `last=-`, but cards have been captured.
    NoLastCapturer,
    /// The game is over, yet cards lie on the table with someone to take them by this rule.
    TableAfterTheEnd(Leftovers),
    /// The moves started from a table of this many cards, not four.
    StartingTable(usize),
    /// A move breaks the rules (`ply` is 1 for the first move).
    IllegalMove {
        /// The move's number, from 1.
        ply: usize,
        /// The move.
        played: Move,
        /// Why it is illegal.
        error: IllegalMove,
    },
    /// A field says otherwise than the moves.
    DisagreesWithMoves(&'static str),
}

impl fmt::Display for PositionError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PositionError::NotKeyValue(word) => write!(f, "expected key=value, found {word:?}"),
            PositionError::UnknownField(key) => write!(
                f,
                "unknown field {key:?} (known: players side-size leftovers final-tabla ply \
                 turn seat table hand hands piles tablas last deck moves)"
            ),
            PositionError::RepeatedField(field) => write!(f, "{field}= is given twice"),
            PositionError::MissingField(field) => write!(f, "{field}= is missing"),
            PositionError::NeedsSeat(field) => {
                write!(f, "{field}= belongs to a seat's position: seat= is missing")
            }
            PositionError::NotWithSeat(field) => write!(
                f,
                "{field}= belongs to a position with everything known, not to one with seat="
            ),
            PositionError::BadNumber(field, text) => {
                write!(f, "{field}=: {text:?} is not a number")
            }
            PositionError::Players(error) => write!(f, "players=: {error}"),
            PositionError::Rules(error) => error.fmt(f),
            PositionError::NoSuchSeat(field, seat) => {
                write!(f, "{field}=: the game has no seat {seat}")
            }
            PositionError::Cards(field, error) => write!(f, "{field}=: {error}"),
            PositionError::SeatCount(field, count) => write!(
                f,
                "{field}=: {count} entries, one per seat expected (separated by ;)"
            ),
            PositionError::TooManyMoves(count) => {
                write!(f, "{count} moves, and a game has {MOVES_PER_GAME}")
            }
            PositionError::Turn { expected, given } => {
                f.write_str("turn=: ")?;
                match expected {
                    Some(seat) => write!(f, "seat {seat} is to move")?,
                    None => f.write_str("the game is over")?,
                }
                match given {
                    Some(seat) => write!(f, ", not seat {seat}"),
                    None => f.write_str(", not over"),
                }
            }
            PositionError::CardTwice(card) => write!(f, "card {card} is in two places"),
            PositionError::HandSize {
                seat,
                expected,
                given,
            } => write!(
                f,
                "seat {seat} holds {expected} cards after the moves made, not {given}"
            ),
            PositionError::DeckSize { expected, given } => write!(
                f,
                "deck=: {expected} cards are still to be dealt after the moves made, not {given}"
            ),
            PositionError::PlayedCards { expected, given } => write!(
                f,
                "the table and the piles hold {given} cards, and after the moves made they \
                 hold {expected} (the first four and every card played)"
            ),
            PositionError::LoneCard(seat) => write!(
                f,
                "piles=: seat {seat} has captured a single card (a capture takes the card \
                 played and at least one more)"
            ),
            PositionError::CapturedBeforeMoving(seat) => {
                write!(
                    f,
                    "piles=: seat {seat} has captured cards before its first move"
                )
            }
            PositionError::TooManyTablas(seat) => write!(
                f,
                "tablas=: seat {seat} has more tablas than its captures could make"
            ),
            PositionError::LastCapturedNothing(seat) => {
                write!(f, "last=: seat {seat} has captured nothing")
            }
            PositionError::NoLastCapturer => {
                f.write_str("last=: nobody, yet cards have been captured")
            }
            PositionError::TableAfterTheEnd(taker) => {
                let taker = match taker {
                    Leftovers::LastCapturer => "last capturer",
                    Leftovers::LastPlayer => "last player",
                };
                write!(
                    f,
                    "table=: the game is over, and the last cards on the table went to the {taker}"
                )
            }
            PositionError::StartingTable(count) => write!(
                f,
                "moves=: the table and piles left after them started from {count} cards, not 4"
            ),
            PositionError::IllegalMove { ply, played, error } => {
                write!(f, "moves=: move {ply} ({played}) is illegal: {error}")
            }
            PositionError::DisagreesWithMoves(field) => {
                write!(f, "{field}= disagrees with the moves")
            }
        }
    }
}

impl core::error::Error for PositionError {}
