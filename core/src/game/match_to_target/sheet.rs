//! A finished game's line on a match's score sheet, by the match's sides and players.

use crate::dealing::players::MAX_PLAYERS;
use crate::game::score::{GameResult, SeatResult, SideResult};

/// One game's line of the score sheet: for each side of the match its card points,
/// tablas, the +3, the game's total and the running total after it; for each player its
/// share. Sides and players are the match's, not the game's seats.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SheetLine {
    game: u32,
    leader: usize,
    result: GameResult,
    running: [u32; MAX_PLAYERS],
}

impl SheetLine {
    pub(super) const fn new(
        game: u32,
        leader: usize,
        result: GameResult,
        running: [u32; MAX_PLAYERS],
    ) -> SheetLine {
        SheetLine {
            game,
            leader,
            result,
            running,
        }
    }

    /// The game's number in the match, from 1.
    pub const fn game(&self) -> u32 {
        self.game
    }

    /// The player who led the game.
    pub const fn leader(&self) -> usize {
        self.leader
    }

    /// The game's result, by the game's seats and sides.
    pub const fn result(&self) -> &GameResult {
        &self.result
    }

    /// How many sides play.
    pub const fn side_count(&self) -> usize {
        self.result.side_count()
    }

    /// The match side `side`'s part of the game: card points, tablas, cards and the +3.
    pub fn side(&self, side: usize) -> SideResult {
        let sides = self.side_count();
        if side >= sides {
            return SideResult::default();
        }
        // The player in game seat s is s + leader, so game side j is match side j + leader.
        self.result
            .side((side + sides - self.leader % sides) % sides)
    }

    /// The match side `side`'s running total after this game.
    pub fn running_total(&self, side: usize) -> u32 {
        if side < self.side_count() {
            self.running[side]
        } else {
            0
        }
    }

    /// Player `player`'s share of the game: its own pile's points, tablas and cards.
    pub fn player(&self, player: usize) -> SeatResult {
        let players = self.result.players().get();
        if player >= players {
            return SeatResult::default();
        }
        self.result.seats()[(player + players - self.leader) % players]
    }
}
