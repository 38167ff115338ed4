//! The one result type of the C API, and the message of each code (for C:
//! `result_message.rs`).

use tablic_core::bots::RankingError;
use tablic_core::capture::{CaptureError, TooManyToList};
use tablic_core::IllegalMove;

/// What a call did: `TABLIC_RESULT_OK`, or why it did nothing.
///
/// A call that fails changes none of its handles; its outputs are only written where its
/// documentation says so (a count on `TABLIC_RESULT_BUFFER_TOO_SMALL`, a message).
#[repr(C)]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum tablic_result {
    /// Success.
    Ok = 0,
    /// A pointer that must not be `NULL` was `NULL`.
    NullArgument = 1,
    /// A text is not valid UTF-8.
    InvalidUtf8 = 2,
    /// A card index is 52 or more, or a text is not a card.
    InvalidCard = 3,
    /// A card set has bits above card 51, or a text lists a card twice or a non-card.
    InvalidCardSet = 4,
    /// The played card is also on the table.
    CardOnTable = 5,
    /// The player count is not one the rules allow.
    InvalidPlayerCount = 6,
    /// A seat number is not below the player count.
    InvalidSeat = 7,
    /// A deck is not 52 distinct cards.
    InvalidDeck = 8,
    /// A game record could not be read (the message says which line and why).
    InvalidRecord = 9,
    /// A bot name or option is not understood (the message says which).
    InvalidBot = 10,
    /// The game is over: no move can be played or chosen.
    GameOver = 11,
    /// The game is not over yet, so it has no result.
    GameNotOver = 12,
    /// It is another seat's turn.
    NotSeatsTurn = 13,
    /// Illegal move: the card is not in the hand of the seat to move.
    CardNotInHand = 14,
    /// Illegal capture: a captured card is not on the table.
    CaptureNotOnTable = 15,
    /// Illegal capture: no group of table cards sums to the played card.
    CaptureDoesNotSum = 16,
    /// Illegal capture: the cards cannot be split into groups that each sum to the card.
    CaptureCannotSplit = 17,
    /// The output buffer is too small; the needed size was written where documented.
    BufferTooSmall = 18,
    /// Caller memory is not aligned to 8 bytes.
    Misaligned = 19,
    /// The library would have to allocate, and this build has no allocator (no `std`).
    NoAllocator = 20,
    /// A bug in this library: it panicked, and the panic was stopped at the boundary.
    Panic = 21,
    /// More than `TABLIC_MAX_LISTED` captures or moves: too many to list (a table filled
    /// by discards can have billions).
    TooMany = 22,
    /// A rank is 13 or more (ranks go from `TABLIC_RANK_ACE`, 0, to `TABLIC_RANK_KING`, 12).
    InvalidRank = 23,
    /// A suit is 4 or more (suits go from `TABLIC_SUIT_CLUBS`, 0, to `TABLIC_SUIT_SPADES`, 3).
    InvalidSuit = 24,
    /// A position's text could not be read, or breaks the rules (the message says which
    /// field and why).
    InvalidPosition = 25,
    /// A search ran out of its node budget: an analysis gives no value rather than a wrong
    /// one.
    OutOfBudget = 26,
    /// More than 20 cards on the table, where captures run into the millions: no search is
    /// made there.
    CrowdedTable = 27,
    /// More than `TABLIC_MAX_ANALYSED_MOVES` legal moves, too many to analyse.
    TooManyMoves = 28,
    /// Rules that are not rules, or sides the players cannot sit in (`tablic_rules_check`
    /// and the functions that read rules from text say why).
    InvalidRules = 29,
    /// A match's target is 0 or above `TABLIC_MATCH_MAX_TARGET`.
    InvalidTarget = 30,
    /// The match is decided: no next game.
    MatchOver = 31,
    /// No move has been played yet (in a game from a position: none since that position).
    NoMoveYet = 32,
    /// A player's name that a record cannot keep, or a name for no player of the match.
    InvalidName = 33,
}

impl tablic_result {
    /// Every code, in numeric order.
    pub(crate) const ALL: [tablic_result; 34] = [
        tablic_result::Ok,
        tablic_result::NullArgument,
        tablic_result::InvalidUtf8,
        tablic_result::InvalidCard,
        tablic_result::InvalidCardSet,
        tablic_result::CardOnTable,
        tablic_result::InvalidPlayerCount,
        tablic_result::InvalidSeat,
        tablic_result::InvalidDeck,
        tablic_result::InvalidRecord,
        tablic_result::InvalidBot,
        tablic_result::GameOver,
        tablic_result::GameNotOver,
        tablic_result::NotSeatsTurn,
        tablic_result::CardNotInHand,
        tablic_result::CaptureNotOnTable,
        tablic_result::CaptureDoesNotSum,
        tablic_result::CaptureCannotSplit,
        tablic_result::BufferTooSmall,
        tablic_result::Misaligned,
        tablic_result::NoAllocator,
        tablic_result::Panic,
        tablic_result::TooMany,
        tablic_result::InvalidRank,
        tablic_result::InvalidSuit,
        tablic_result::InvalidPosition,
        tablic_result::OutOfBudget,
        tablic_result::CrowdedTable,
        tablic_result::TooManyMoves,
        tablic_result::InvalidRules,
        tablic_result::InvalidTarget,
        tablic_result::MatchOver,
        tablic_result::NoMoveYet,
        tablic_result::InvalidName,
    ];

    /// What the code means, in one sentence without a final period.
    pub const fn message(self) -> &'static str {
        match self {
            tablic_result::Ok => "success",
            tablic_result::NullArgument => "a required pointer argument is NULL",
            tablic_result::InvalidUtf8 => "the text is not valid UTF-8",
            tablic_result::InvalidCard => "not a card (card indexes go from 0 to 51)",
            tablic_result::InvalidCardSet => {
                "not a card set (bits above card 51, or a card that repeats or does not parse)"
            }
            tablic_result::CardOnTable => "the played card is also on the table",
            tablic_result::InvalidPlayerCount => "the rules do not allow that many players",
            tablic_result::InvalidSeat => "no such seat in this game",
            tablic_result::InvalidDeck => "a deck must be 52 distinct cards",
            tablic_result::InvalidRecord => "the game record could not be read",
            tablic_result::InvalidBot => "unknown bot name or option",
            tablic_result::GameOver => "the game is over",
            tablic_result::GameNotOver => "the game is not over yet",
            tablic_result::NotSeatsTurn => "it is not this seat's turn",
            tablic_result::CardNotInHand => {
                "illegal move: the card is not in the hand of the player to move"
            }
            tablic_result::CaptureNotOnTable => {
                "illegal capture: a captured card is not on the table"
            }
            tablic_result::CaptureDoesNotSum => {
                "illegal capture: no group of table cards sums to the played card"
            }
            tablic_result::CaptureCannotSplit => {
                "illegal capture: the cards cannot be split into groups that each sum to the played card"
            }
            tablic_result::BufferTooSmall => "the output buffer is too small",
            tablic_result::Misaligned => "the memory is not aligned to 8 bytes",
            tablic_result::NoAllocator => {
                "this build cannot allocate: pass memory for the handle (built without std)"
            }
            tablic_result::Panic => "internal error: the library panicked (please report it)",
            tablic_result::TooMany => {
                "more than TABLIC_MAX_LISTED (1048576) captures or moves: too many to list"
            }
            tablic_result::InvalidRank => "not a rank (ranks go from 0, an ace, to 12, a king)",
            tablic_result::InvalidSuit => {
                "not a suit (suits go from 0, clubs, to 3, spades)"
            }
            tablic_result::InvalidPosition => "the position could not be read",
            tablic_result::OutOfBudget => "the search ran out of its node budget",
            tablic_result::CrowdedTable => {
                "more than 20 cards on the table, where no search is made"
            }
            tablic_result::TooManyMoves => {
                "more than TABLIC_MAX_ANALYSED_MOVES (256) legal moves, too many to analyse"
            }
            tablic_result::InvalidRules => "rules these players cannot play",
            tablic_result::InvalidTarget => "a target is 1 to 1000000 points",
            tablic_result::MatchOver => "the match is over",
            tablic_result::NoMoveYet => "no move has been played yet",
            tablic_result::InvalidName => {
                "a player's name must be 1 to 64 bytes without control characters or spaces at either end, for a player of the match"
            }
        }
    }
}

impl From<CaptureError> for tablic_result {
    fn from(error: CaptureError) -> tablic_result {
        match error {
            CaptureError::NotOnTable(_) => tablic_result::CaptureNotOnTable,
            CaptureError::NothingSumsToCard => tablic_result::CaptureDoesNotSum,
            CaptureError::CannotSplitIntoGroups => tablic_result::CaptureCannotSplit,
        }
    }
}

impl From<TooManyToList> for tablic_result {
    fn from(_: TooManyToList) -> tablic_result {
        tablic_result::TooMany
    }
}

impl From<RankingError> for tablic_result {
    fn from(error: RankingError) -> tablic_result {
        match error {
            RankingError::Illegal(reason) => reason.into(),
            RankingError::TooMany(reason) => reason.into(),
        }
    }
}

impl From<IllegalMove> for tablic_result {
    fn from(error: IllegalMove) -> tablic_result {
        match error {
            IllegalMove::GameOver => tablic_result::GameOver,
            IllegalMove::CardNotInHand(_) => tablic_result::CardNotInHand,
            IllegalMove::Capture(reason) => reason.into(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn codes_are_their_index() {
        for (index, code) in tablic_result::ALL.iter().enumerate() {
            assert_eq!(*code as usize, index);
        }
    }

    #[test]
    fn messages_are_distinct_and_unpunctuated() {
        for (index, code) in tablic_result::ALL.iter().enumerate() {
            assert!(!code.message().ends_with('.'));
            for other in &tablic_result::ALL[index + 1..] {
                assert_ne!(code.message(), other.message());
            }
        }
    }
}
