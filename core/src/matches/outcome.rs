//! How one game of a match ended, bot by bot: what a [tally](super::tally) adds up.

use core::fmt;

use crate::dealing::players::{PlayerCount, MAX_PLAYERS};
use crate::game::moves::{IllegalMove, Move};
use crate::game::score::SeatResult;

/// Why a player lost a game without playing it out (see the [module docs](super)).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Forfeit {
    /// It chose an illegal move.
    Illegal {
        /// The move it chose.
        chosen: Move,
        /// Why the move is illegal.
        reason: IllegalMove,
    },
    /// It did not answer in time (or did not start in time).
    Timeout,
    /// It stopped: its process ended, or closed its end of the conversation.
    Crash,
    /// It said something its protocol does not allow (a bad handshake, garbage).
    Protocol,
}

impl Forfeit {
    /// A one-word name: `illegal`, `timeout`, `crash` or `protocol`.
    pub const fn kind(&self) -> &'static str {
        match self {
            Forfeit::Illegal { .. } => "illegal",
            Forfeit::Timeout => "timeout",
            Forfeit::Crash => "crash",
            Forfeit::Protocol => "protocol",
        }
    }
}

impl fmt::Display for Forfeit {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Forfeit::Illegal { chosen, reason } => write!(f, "illegal move {chosen}: {reason}"),
            Forfeit::Timeout => f.write_str("timed out"),
            Forfeit::Crash => f.write_str("crashed"),
            Forfeit::Protocol => f.write_str("broke the protocol"),
        }
    }
}

/// How one bot did in one game.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct BotGame {
    /// The seat it had.
    pub seat: usize,
    /// Its seat's result: card points, tablas, cards, and the +3 bonus.
    pub result: SeatResult,
    /// Its total score.
    pub total: u32,
    /// Win (sole highest total), tie (shared highest) or loss.
    pub standing: Standing,
    /// `(n − 1) × margin`, an exact integer: `n × total − the sum of all totals`, where the
    /// margin is its total minus the mean of the other players' totals.
    pub scaled_margin: i64,
    /// Decisions it made.
    pub decisions: u32,
    /// Nanoseconds spent in its decisions, by the caller's clock.
    pub decision_ns: u64,
    /// Its slowest decision, in nanoseconds.
    pub max_decision_ns: u64,
    /// It lost the game by forfeit.
    pub forfeited: bool,
}

/// Where a bot finished.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Standing {
    /// The sole highest total.
    Win,
    /// The highest total, shared.
    Tie,
    /// Someone scored more.
    #[default]
    Loss,
}

/// One game of a match, by bot (not by seat).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct GameOutcome {
    players: PlayerCount,
    pub(super) bots: [BotGame; MAX_PLAYERS],
    pub(super) forfeit: Option<(usize, Forfeit)>,
}

impl GameOutcome {
    /// A game not yet played: nothing for any bot, no forfeit.
    pub(super) fn empty(players: PlayerCount) -> GameOutcome {
        GameOutcome {
            players,
            bots: [BotGame::default(); MAX_PLAYERS],
            forfeit: None,
        }
    }

    /// The bot that forfeited the game, and why; `None` for a game played out.
    pub const fn forfeit(&self) -> Option<(usize, Forfeit)> {
        self.forfeit
    }

    /// The number of players.
    pub const fn players(&self) -> PlayerCount {
        self.players
    }

    /// Every bot's game, bot 0 first.
    pub fn bots(&self) -> &[BotGame] {
        &self.bots[..self.players.get()]
    }

    /// A bot's margin: its total minus the mean of the others' totals.
    pub fn margin(&self, bot: usize) -> f64 {
        self.bots()
            .get(bot)
            .map_or(0.0, |game| game.scaled_margin as f64)
            / (self.players.get() - 1) as f64
    }
}
