//! A match to a target score, "a match to 101" in the docs: games one after another, each
//! side's score added to its running total, until a game ends with a side at or past the
//! target. The side with the highest total then wins; when two sides tie for it, another
//! game is played.
//!
//! This is what people play at a table, and not a [`matches`](mod@crate::matches) run, where
//! bots play many independent games for statistics.
//!
//! The match numbers its players `0..n` for the whole match, and player `p` plays for
//! side `p mod (n / side size)`. The deal passes round the table, so game `g` (from 0) is
//! led by player `g mod n`: the players sit in game seats rotated by one place a game,
//! and partners stay partners. Game `g` is dealt from
//! [`Deck::from_seed`](crate::Deck::from_seed)`(`[`derive_seed`]`(seed, g))`.
//!
//! Nothing here allocates: the match keeps the running totals and the game in play; a
//! finished game's [`SheetLine`] is the caller's to keep, and its moves go to the match's
//! record ([`record`]) as it is written.
//!
//! An undo is [`MatchToTarget::rewound`]: the game in play taken back to one of its moves,
//! and a game just over taken back into play, its scores off the totals. The engine does
//! it, so a caller need not cut the record's text and read it again (which is what it
//! equals); earlier games stay played, as their blocks and sheet lines are the caller's.
//!
//! ```
//! use tablic_core::bots::best_greedy_move;
//! use tablic_core::game::match_to_target::{MatchToTarget, DEFAULT_TARGET};
//! use tablic_core::{PlayerCount, Rules};
//!
//! // Four greedy players in pairs, to 101.
//! let four = PlayerCount::new(4).unwrap();
//! let mut played = MatchToTarget::new(four, Rules::PAIRS, DEFAULT_TARGET, 7).unwrap();
//! while !played.is_over() {
//!     if played.game().is_finished() {
//!         let line = played.sheet_line().unwrap();
//!         println!("game {}: {} to {}", line.game(), line.running_total(0), line.running_total(1));
//!         played.next_game().unwrap();
//!     }
//!     let game = played.game();
//!     let seat = game.to_move().unwrap();
//!     played.play(best_greedy_move(game.hand(seat), game.table()).unwrap()).unwrap();
//! }
//! let winner = played.winner().unwrap();
//! assert!(played.totals()[winner] >= DEFAULT_TARGET);
//! assert_eq!(played.side_of(0), played.side_of(2), "players 0 and 2 are partners");
//! ```

pub mod record;
mod sheet;

pub use sheet::SheetLine;

use core::fmt;

use crate::dealing::deck::Deck;
use crate::dealing::players::{PlayerCount, MAX_PLAYERS};
use crate::dealing::seeding::derive_seed;
use crate::game::moves::{IllegalMove, Move};
use crate::game::rules::{Rules, RulesError};
use crate::game::{DeckOrigin, Game, Played};

/// The first line of every match record ([`record`]), with the format version.
pub const RECORD_HEADER: &str = "tablic-match 1";

/// The usual target.
pub const DEFAULT_TARGET: u32 = 101;

/// The most points a target can be: far beyond any table's, small enough that totals
/// never overflow.
pub const MAX_TARGET: u32 = 1_000_000;

/// A match to a target score.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MatchToTarget {
    rules: Rules,
    target: u32,
    seed: u64,
    /// Games played to the end (the game in play is game `finished_games`, from 0, unless
    /// it is finished too).
    finished_games: u32,
    /// The running totals, by the match's sides.
    totals: [u32; MAX_PLAYERS],
    game: Game,
}

/// A match that cannot be started, or a step it cannot take.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum MatchError {
    /// The players cannot sit in the rules' sides.
    Rules(RulesError),
    /// A target of 0, or above [`MAX_TARGET`].
    Target(u32),
    /// The next game was asked for while the game in play is not over.
    GameNotOver,
    /// The next game was asked for after the match was decided.
    MatchOver,
}

impl fmt::Display for MatchError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            MatchError::Rules(error) => error.fmt(f),
            MatchError::Target(target) => {
                write!(
                    f,
                    "a target of {target} points (expected 1 to {MAX_TARGET})"
                )
            }
            MatchError::GameNotOver => f.write_str("the game in play is not over"),
            MatchError::MatchOver => f.write_str("the match is over"),
        }
    }
}

impl core::error::Error for MatchError {}

impl MatchToTarget {
    /// A match of `players` under `rules` to `target` points, its games dealt from `seed`;
    /// the first game is dealt, led by player 0.
    pub fn new(
        players: PlayerCount,
        rules: Rules,
        target: u32,
        seed: u64,
    ) -> Result<MatchToTarget, MatchError> {
        rules.check(players).map_err(MatchError::Rules)?;
        if target == 0 || target > MAX_TARGET {
            return Err(MatchError::Target(target));
        }
        Ok(MatchToTarget {
            rules,
            target,
            seed,
            finished_games: 0,
            totals: [0; MAX_PLAYERS],
            game: MatchToTarget::deal(players, rules, seed, 0),
        })
    }

    /// Game `index` of the match, under rules checked when the match began.
    fn deal(players: PlayerCount, rules: Rules, seed: u64, index: u32) -> Game {
        let game_seed = derive_seed(seed, u64::from(index));
        Game::start(
            players,
            rules,
            Deck::from_seed(game_seed),
            DeckOrigin::Seed(game_seed),
        )
    }

    /// How many play.
    pub const fn players(&self) -> PlayerCount {
        self.game.players()
    }

    /// The rules every game is played under.
    pub const fn rules(&self) -> Rules {
        self.rules
    }

    /// The score that ends the match.
    pub const fn target(&self) -> u32 {
        self.target
    }

    /// The seed the games are dealt from.
    pub const fn seed(&self) -> u64 {
        self.seed
    }

    /// How many sides play.
    pub const fn side_count(&self) -> usize {
        self.rules.side_count(self.players())
    }

    /// The side player `player` plays for, all match long.
    pub const fn side_of(&self, player: usize) -> usize {
        self.rules.side_of(self.players(), player)
    }

    /// The game in play, or the last one when it is over. Its seats are the game's: seat 0
    /// is the player who leads ([`MatchToTarget::player_at`]).
    pub const fn game(&self) -> &Game {
        &self.game
    }

    /// The number of the game in play, from 1.
    pub const fn game_number(&self) -> u32 {
        self.index() + 1
    }

    /// The game in play, from 0.
    const fn index(&self) -> u32 {
        if self.game.is_finished() {
            self.finished_games - 1
        } else {
            self.finished_games
        }
    }

    /// Games played to the end.
    pub const fn finished_games(&self) -> u32 {
        self.finished_games
    }

    /// The player who leads the game in play (sits in its seat 0).
    pub const fn leader(&self) -> usize {
        self.index() as usize % self.players().get()
    }

    /// The player in seat `seat` of the game in play.
    pub const fn player_at(&self, seat: usize) -> usize {
        (seat + self.leader()) % self.players().get()
    }

    /// The seat of the game in play where `player` sits.
    pub const fn seat_of(&self, player: usize) -> usize {
        let players = self.players().get();
        (player % players + players - self.leader()) % players
    }

    /// The running totals by side, including the game in play once it is over.
    pub fn totals(&self) -> &[u32] {
        &self.totals[..self.side_count()]
    }

    /// The sides with the highest running total, as a bit mask.
    fn leaders(&self) -> u64 {
        let best = self.totals().iter().copied().max().unwrap_or(0);
        self.totals()
            .iter()
            .enumerate()
            .filter(|&(_, &total)| total == best)
            .fold(0, |mask, (side, _)| mask | 1 << side)
    }

    /// True when the match is decided: the last game is over, a side has reached the
    /// target, and one side alone has the highest total.
    pub fn is_over(&self) -> bool {
        self.winner().is_some()
    }

    /// The side alone with the highest running total, or `None` while two or more share
    /// it. A match stopped after an agreed number of games (a series) is won by this side,
    /// target or not; a match to the target, once [`winner`](Self::winner) names it.
    pub fn ahead(&self) -> Option<usize> {
        let leaders = self.leaders();
        (leaders.count_ones() == 1).then(|| leaders.trailing_zeros() as usize)
    }

    /// The side that won the match, once it is over.
    pub fn winner(&self) -> Option<usize> {
        let reached = self.totals().iter().any(|&total| total >= self.target);
        self.ahead().filter(|_| self.game.is_finished() && reached)
    }

    /// Plays a move in the game in play, for the seat to move. When it ends the game, the
    /// game's scores are added to the running totals. An illegal move changes nothing.
    pub fn play(&mut self, played: Move) -> Result<Played, IllegalMove> {
        let outcome = self.game.play(played)?;
        if outcome.finished {
            // First, so that the game just over is the one `leader` names.
            self.finished_games += 1;
            let scores = self.finished_game_scores();
            for (total, score) in self.totals.iter_mut().zip(scores) {
                *total += score;
            }
        }
        Ok(outcome)
    }

    /// The game in play's scores by the match's sides once it is over (all 0 before).
    fn finished_game_scores(&self) -> [u32; MAX_PLAYERS] {
        let mut scores = [0; MAX_PLAYERS];
        if let Some(result) = self.game.result() {
            let sides = self.side_count();
            for game_side in 0..sides {
                scores[(game_side + self.leader()) % sides] = result.side_total(game_side);
            }
        }
        scores
    }

    /// The match as it stood after the first `moves` moves of the game in play (after all
    /// of them, if it has fewer), as [`Game::rewound`] does for a game: an undo. Taken back
    /// into a finished game, the match takes that game's scores off the totals and plays it
    /// again, so it equals the match read from its record cut at the same move.
    pub fn rewound(&self, moves: usize) -> MatchToTarget {
        let mut rewound = self.clone();
        if moves < self.game.history().len() {
            if self.game.is_finished() {
                let scores = self.finished_game_scores();
                for (total, score) in rewound.totals.iter_mut().zip(scores) {
                    *total -= score;
                }
                rewound.finished_games -= 1;
            }
            rewound.game = self.game.rewound(moves);
        }
        rewound
    }

    /// The score-sheet line of the game in play, once it is over.
    pub fn sheet_line(&self) -> Option<SheetLine> {
        let result = self.game.result()?;
        Some(SheetLine::new(
            self.game_number(),
            self.leader(),
            result,
            self.totals,
        ))
    }

    /// Deals the next game, led by the next player, once the game in play is over and the
    /// match is not.
    pub fn next_game(&mut self) -> Result<(), MatchError> {
        if !self.game.is_finished() {
            return Err(MatchError::GameNotOver);
        }
        if self.is_over() {
            return Err(MatchError::MatchOver);
        }
        self.game = MatchToTarget::deal(self.players(), self.rules, self.seed, self.finished_games);
        Ok(())
    }
}

#[cfg(test)]
mod tests;
