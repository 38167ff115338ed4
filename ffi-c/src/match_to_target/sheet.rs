//! A finished game's line on a match's score sheet, by the match's sides and players.

use tablic_core::game::match_to_target::SheetLine;
use tablic_core::MAX_PLAYERS;

use crate::boundary::write_out;
use crate::game::tablic_seat_result;
use crate::match_to_target::{read_match, tablic_match_to_target};
use crate::result::tablic_result;

/// The most players a game has: the length of a sheet line's arrays.
pub const TABLIC_MAX_PLAYERS: usize = 48;

// A literal for cbindgen, which cannot read the core's constant: they must agree.
const _: () = assert!(TABLIC_MAX_PLAYERS == MAX_PLAYERS);

/// One side's part of a game on the score sheet.
#[repr(C)]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct tablic_sheet_side {
    /// Points of the cards its players captured.
    pub card_points: u32,
    /// Its players' tablas.
    pub tablas: u32,
    /// Cards its players captured.
    pub cards: u32,
    /// True when the side holds strictly the most cards: worth 3 points.
    pub most_cards: bool,
    /// The side's score in the game: card points + tablas + 3 for the most cards.
    pub total: u32,
    /// The side's running total after the game.
    pub running_total: u32,
}

/// A finished game's line of the score sheet (`tablic_match_to_target_sheet_line`): by the
/// match's sides and players, not the game's seats. Only the first `side_count` sides and
/// `player_count` players are set.
#[repr(C)]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct tablic_sheet_line {
    /// The game's number in the match, from 1.
    pub game: u32,
    /// The player who led the game.
    pub leader: u32,
    /// Sides in the match.
    pub side_count: u32,
    /// Players in the match.
    pub player_count: u32,
    /// Each side's part, side 0 first.
    pub sides: [tablic_sheet_side; TABLIC_MAX_PLAYERS],
    /// Each player's share: its own pile's points, tablas and cards (in a game of sides no
    /// player holds the side's +3).
    pub players: [tablic_seat_result; TABLIC_MAX_PLAYERS],
}

impl From<&SheetLine> for tablic_sheet_line {
    fn from(line: &SheetLine) -> tablic_sheet_line {
        let players = line.result().players().get();
        let side = |side: usize| {
            let part = line.side(side);
            tablic_sheet_side {
                card_points: part.card_points,
                tablas: part.tablas,
                cards: part.cards,
                most_cards: part.most_cards,
                total: part.total(),
                running_total: line.running_total(side),
            }
        };
        // Past the sides and players the core's line gives empty parts: zeros here.
        tablic_sheet_line {
            game: line.game(),
            leader: line.leader() as u32,
            side_count: line.side_count() as u32,
            player_count: players as u32,
            sides: core::array::from_fn(side),
            players: core::array::from_fn(|player| line.player(player).into()),
        }
    }
}

/// The score-sheet line of the game in play, once it is over (`TABLIC_RESULT_GAME_NOT_OVER`
/// before): each side's card points, tablas, cards, +3, total and running total, each
/// player's share. Sides and players are the match's.
///
/// # Safety
/// `match` must be a live handle; `line` valid for a write.
#[no_mangle]
pub unsafe extern "C" fn tablic_match_to_target_sheet_line(
    r#match: *const tablic_match_to_target,
    line: *mut tablic_sheet_line,
) -> tablic_result {
    // SAFETY: the caller's guarantees are this function's.
    unsafe {
        read_match(r#match, |played| {
            let sheet = played.sheet_line().ok_or(tablic_result::GameNotOver)?;
            write_out(line, (&sheet).into())
        })
    }
}
