//! How one game of a match ended, bot by bot: what a [tally](super::tally) adds up.

use core::fmt;

use crate::dealing::players::{PlayerCount, MAX_PLAYERS, TABLE_CARDS};
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
    /// Its seat's result: card points, tablas, cards, and the +3 bonus (its side's, in a
    /// game of sides).
    pub result: SeatResult,
    /// Its total score: its side's, in a game of sides.
    pub total: u32,
    /// Win (sole highest total), tie (shared highest) or loss, of its side.
    pub standing: Standing,
    /// `(s − 1) × margin` with `s` sides (the players, when everyone plays alone), an exact
    /// integer: `s × total − the sum of every side's total`, where the margin is its total
    /// minus the mean of the other sides' totals. Its parts deal by
    /// deal are [`GameOutcome::deal_margins`].
    pub scaled_margin: i64,
    /// Decisions it made.
    pub decisions: u32,
    /// Nanoseconds spent in its decisions, by the caller's clock (a fast bot's untimed
    /// decisions at its timed mean: see [`crate::matches::timing`]).
    pub decision_ns: u64,
    /// Its slowest timed decision, in nanoseconds.
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

/// Room for every bot's figure in every deal of a game, one bot's deals after another's:
/// every deal gives each player at least one card, so players × deals is at most the 48
/// cards dealt to hands (2 players × 4 deals, 3 × 3, …, 48 × 1), whatever the player count.
pub(crate) const MAX_BOT_DEALS: usize = 52 - TABLE_CARDS;

const _: () = {
    let mut i = 0;
    while i < PlayerCount::ALL.len() {
        let players = PlayerCount::ALL[i];
        assert!(players.get() * players.deals() <= MAX_BOT_DEALS);
        i += 1;
    }
};

/// One game of a match, by bot (not by seat).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct GameOutcome {
    players: PlayerCount,
    /// Sides in the game (the players, when everyone plays alone).
    sides: usize,
    pub(super) bots: [BotGame; MAX_PLAYERS],
    /// Bot `b`'s scaled margin in deal `d` at `b × deals + d`.
    deal_margins: [i64; MAX_BOT_DEALS],
    pub(super) forfeit: Option<(usize, Forfeit)>,
}

impl GameOutcome {
    /// A game not yet played by `players` in `sides` sides: nothing for any bot, no
    /// forfeit.
    pub(super) fn empty(players: PlayerCount, sides: usize) -> GameOutcome {
        GameOutcome {
            players,
            sides,
            bots: [BotGame::default(); MAX_PLAYERS],
            deal_margins: [0; MAX_BOT_DEALS],
            forfeit: None,
        }
    }

    /// Ends deal `deal`: each bot's scaled margin in it is what it (its side) scored since
    /// `since[bot]` (its score when the deal began), up to `now[bot]`, against the other
    /// sides' gains, scaled as [`BotGame::scaled_margin`]. `since` becomes `now`.
    pub(super) fn end_deal(
        &mut self,
        deal: usize,
        since: &mut [u32; MAX_PLAYERS],
        now: &[u32; MAX_PLAYERS],
    ) {
        let n = self.players.get();
        let deals = self.players.deals();
        debug_assert!(deal < deals);
        if deal >= deals {
            return;
        }
        let gain = |bot: usize| i64::from(now[bot]) - i64::from(since[bot]);
        // Bots `0..sides` play one for each side (bot `b` for side `b mod sides`).
        let sum: i64 = (0..self.sides).map(gain).sum();
        for bot in 0..n {
            if let Some(cell) = self.deal_margins.get_mut(bot * deals + deal) {
                *cell = self.sides as i64 * gain(bot) - sum;
            }
        }
        since[..n].copy_from_slice(&now[..n]);
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

    /// A bot's scaled margin in each deal of the game, deal 0 first (empty for a bot that
    /// does not play): what its seat scored in that deal, its captured cards' points and
    /// its tablas, against the others, scaled as [`BotGame::scaled_margin`]. The last deal
    /// also holds what is counted at the end, the table's last cards and the +3, so the
    /// deals add up to the game's scaled margin exactly. A forfeited game's deal of the
    /// forfeit holds the rest of the forfeit's margin (its award against the scores so
    /// far) and the deals after it 0, so they add up too.
    pub fn deal_margins(&self, bot: usize) -> &[i64] {
        if bot >= self.players.get() {
            return &[];
        }
        let deals = self.players.deals();
        self.deal_margins
            .get(bot * deals..(bot + 1) * deals)
            .unwrap_or(&[])
    }

    /// Every bot's [`GameOutcome::deal_margins`], bot 0's first.
    pub(super) fn every_deal_margin(&self) -> &[i64] {
        let cells = self.players.get() * self.players.deals();
        &self.deal_margins[..cells]
    }

    /// The number of sides (the players, when everyone plays alone).
    pub const fn side_count(&self) -> usize {
        self.sides
    }

    /// A bot's margin: its (side's) total minus the mean of the other sides' totals.
    pub fn margin(&self, bot: usize) -> f64 {
        self.bots()
            .get(bot)
            .map_or(0.0, |game| game.scaled_margin as f64)
            / (self.sides - 1) as f64
    }
}
