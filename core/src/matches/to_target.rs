//! Bots playing matches to a target score (a match to 101 each, [`MatchToTarget`]) instead of
//! single games: how often each bot's side wins the match, and how many games it takes.
//!
//! Deal group `g` is one match, its games dealt from `derive_seed(seed, g)` as the match
//! to a target deals them. In rotation `r`, bot `i` is the match's player `(i + r) mod n`,
//! so with duplication every bot plays every side of the same match once (the rotations
//! are the sides, as in a match of single games). Game `k` of the match builds its bots
//! afresh, bot `i` seeded `derive_seed(derive_seed(match seed, k), 1000 + r·n + i)`.
//!
//! ```
//! use tablic_core::bots::BotSpec;
//! use tablic_core::matches::to_target::TargetTally;
//! use tablic_core::matches::MatchPlan;
//!
//! let plan = MatchPlan::new(&[BotSpec::Greedy, BotSpec::Random], 1, true).unwrap();
//! let mut tally = TargetTally::for_plan(&plan);
//! for group in 0..3 {
//!     for rotation in 0..plan.games_per_group() {
//!         tally.add(&plan.play_to_target(101, group, rotation, &mut []).unwrap());
//!     }
//! }
//! assert_eq!(tally.bot(0).matches, 6);
//! assert!(tally.summary(0).won_share > 0.5);
//! ```

use crate::bots::solver::Entry;
use crate::dealing::players::MAX_PLAYERS;
use crate::dealing::seeding::derive_seed;
use crate::game::match_to_target::MatchToTarget;
use crate::matches::{MatchError, MatchFailure, MatchPlan};

/// How one match to a target ended, by bot.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TargetOutcome {
    /// Bots at the table.
    players: usize,
    /// Games the match took.
    pub games: u32,
    /// Which bots' side won the match (bit `i` for bot `i`).
    pub winners: u64,
}

impl TargetOutcome {
    /// True when bot `bot`'s side won the match.
    pub const fn won(&self, bot: usize) -> bool {
        bot < self.players && self.winners & (1 << bot) != 0
    }
}

impl MatchPlan {
    /// Plays rotation `rotation` of group `group` as a match to `target` points (see the
    /// [module docs](self)). `memory` is shared out among the searching bots, as in
    /// [`MatchPlan::play_game`].
    pub fn play_to_target(
        &self,
        target: u32,
        group: u64,
        rotation: usize,
        memory: &mut [Entry],
    ) -> Result<TargetOutcome, MatchError> {
        let failed = |error| MatchError {
            group,
            rotation,
            error,
        };
        if rotation >= self.games_per_group() {
            return Err(failed(MatchFailure::NoSuchRotation));
        }
        let n = self.players().get();
        let seed = self.group_seed(group);
        // The plan's rules were checked for its players: only the target can be wrong.
        let mut played = MatchToTarget::new(self.players(), self.rules(), target, seed)
            .map_err(|_| failed(MatchFailure::BadTarget(target)))?;
        loop {
            let game_seed = derive_seed(seed, u64::from(played.game_number() - 1));
            let mut bots = self.bots_seeded(game_seed, rotation, memory);
            while let Some(seat) = played.game().to_move() {
                // The player in `seat` is bot `player − rotation`.
                let bot = (played.player_at(seat) + n - rotation % n) % n;
                let chosen = bots[bot]
                    .choose(played.game())
                    .ok_or(failed(MatchFailure::NoMove))?;
                played.play(chosen).map_err(|reason| {
                    failed(MatchFailure::Play(crate::bots::PlayError::Illegal {
                        seat,
                        chosen,
                        reason,
                    }))
                })?;
            }
            // The game is over: the next one, unless the match is decided.
            if played.next_game().is_err() {
                break;
            }
        }
        let winner = played.winner().unwrap_or(0);
        let winners = (0..n)
            .filter(|&bot| played.side_of((bot + rotation) % n) == winner)
            .fold(0, |mask, bot| mask | 1 << bot);
        Ok(TargetOutcome {
            players: n,
            games: played.finished_games(),
            winners,
        })
    }
}

/// One bot's totals over matches to a target.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct TargetBotTally {
    /// Matches played.
    pub matches: u64,
    /// Matches its side won.
    pub wins: u64,
    /// Games those matches took.
    pub games: u64,
    /// Sum over closed deal groups of the group's wins, one sample each.
    group_wins: u64,
    /// Sum over closed groups of the square of the group's wins.
    group_wins_squared: u64,
}

/// Totals per bot over matches to a target, with the spread over deal groups.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TargetTally {
    players: usize,
    matches_per_group: u32,
    groups: u64,
    bots: [TargetBotTally; MAX_PLAYERS],
    open_matches: u32,
    open_wins: [u64; MAX_PLAYERS],
}

/// One bot's figures over matches to a target. The standard error needs a square root,
/// which `core` lacks: take `won_error_variance.sqrt()`.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct TargetSummary {
    /// Matches played.
    pub matches: u64,
    /// Share of the matches its side won, 0 to 1.
    pub won_share: f64,
    /// Squared standard error of `won_share`, over deal groups (0 before two groups).
    pub won_error_variance: f64,
    /// Mean games a match took.
    pub mean_games: f64,
}

impl TargetTally {
    /// An empty tally for the matches of `plan`.
    pub fn for_plan(plan: &MatchPlan) -> TargetTally {
        TargetTally {
            players: plan.players().get(),
            matches_per_group: plan.games_per_group() as u32,
            groups: 0,
            bots: [TargetBotTally::default(); MAX_PLAYERS],
            open_matches: 0,
            open_wins: [0; MAX_PLAYERS],
        }
    }

    /// Adds one match; every `matches_per_group` matches close a group.
    pub fn add(&mut self, outcome: &TargetOutcome) {
        for (bot, (tally, open)) in self.bots[..self.players]
            .iter_mut()
            .zip(&mut self.open_wins)
            .enumerate()
        {
            let won = u64::from(outcome.won(bot));
            tally.matches += 1;
            tally.wins += won;
            tally.games += u64::from(outcome.games);
            *open += won;
        }
        self.open_matches += 1;
        if self.open_matches == self.matches_per_group {
            for (tally, open) in self.bots[..self.players]
                .iter_mut()
                .zip(&mut self.open_wins)
            {
                tally.group_wins += *open;
                tally.group_wins_squared += *open * *open;
                *open = 0;
            }
            self.groups += 1;
            self.open_matches = 0;
        }
    }

    /// Adds a tally of other whole groups of the same plan (e.g. from another thread).
    pub fn merge(&mut self, other: &TargetTally) {
        for (mine, theirs) in self.bots[..self.players].iter_mut().zip(&other.bots) {
            mine.matches += theirs.matches;
            mine.wins += theirs.wins;
            mine.games += theirs.games;
            mine.group_wins += theirs.group_wins;
            mine.group_wins_squared += theirs.group_wins_squared;
        }
        self.groups += other.groups;
    }

    /// Closed deal groups.
    pub const fn groups(&self) -> u64 {
        self.groups
    }

    /// A bot's totals (empty for a bot that does not play).
    pub fn bot(&self, bot: usize) -> TargetBotTally {
        self.bots[..self.players]
            .get(bot)
            .copied()
            .unwrap_or_default()
    }

    /// A bot's figures.
    pub fn summary(&self, bot: usize) -> TargetSummary {
        let tally = self.bot(bot);
        let per_match = |total: u64| match tally.matches {
            0 => 0.0,
            matches => total as f64 / matches as f64,
        };
        let unit = f64::from(self.matches_per_group);
        let won_error_variance = match self.groups {
            0 | 1 => 0.0,
            groups => {
                // The sample variance of the groups' win shares, over the groups.
                let (groups, sum) = (groups as f64, tally.group_wins as f64);
                let spread = groups * tally.group_wins_squared as f64 - sum * sum;
                spread.max(0.0) / (groups * (groups - 1.0)) / (unit * unit) / groups
            }
        };
        TargetSummary {
            matches: tally.matches,
            won_share: per_match(tally.wins),
            won_error_variance,
            mean_games: per_match(tally.games),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::bots::BotSpec;
    use crate::game::rules::Rules;

    #[test]
    fn the_winning_side_is_every_partner_of_it() {
        let bots = [
            BotSpec::Greedy,
            BotSpec::Random,
            BotSpec::Greedy,
            BotSpec::Random,
        ];
        let plan = MatchPlan::new(&bots, 3, true)
            .unwrap()
            .with_rules(Rules::PAIRS)
            .unwrap();
        assert_eq!(plan.games_per_group(), 2);
        for group in 0..3 {
            for rotation in 0..2 {
                let outcome = plan.play_to_target(61, group, rotation, &mut []).unwrap();
                assert!(
                    outcome.winners == 0b0101 || outcome.winners == 0b1010,
                    "{:b}",
                    outcome.winners
                );
                // Each game gives the sides at least 22 points between them: a match to
                // 61 takes at least 3 games.
                assert!(outcome.games >= 3, "{}", outcome.games);
                let again = plan.play_to_target(61, group, rotation, &mut []).unwrap();
                assert_eq!(again, outcome, "the same seeds, the same match");
            }
        }
        let error = plan.play_to_target(0, 0, 0, &mut []).unwrap_err();
        assert_eq!(error.error, MatchFailure::BadTarget(0));
        let error = plan.play_to_target(61, 0, 2, &mut []).unwrap_err();
        assert_eq!(error.error, MatchFailure::NoSuchRotation);
    }

    #[test]
    fn shares_and_their_spread_are_counted_over_groups() {
        let plan = MatchPlan::new(&[BotSpec::Greedy, BotSpec::Random], 1, true).unwrap();
        let mut tally = TargetTally::for_plan(&plan);
        let outcome = |winners, games| TargetOutcome {
            players: 2,
            games,
            winners,
        };
        // Groups of two matches: bot 0 wins 2, 1, 2 and 1 of them.
        for (first, second) in [(1, 1), (1, 2), (1, 1), (2, 1)] {
            tally.add(&outcome(first, 5));
            tally.add(&outcome(second, 7));
        }
        assert_eq!(tally.groups(), 4);
        let summary = tally.summary(0);
        assert_eq!(summary.matches, 8);
        assert_eq!(summary.won_share, 6.0 / 8.0);
        assert_eq!(summary.mean_games, 6.0);
        // Group shares 1, ½, 1, ½: sample variance 1/12, over 4 groups 1/48.
        assert!((summary.won_error_variance - 1.0 / 48.0).abs() < 1e-12);
        assert_eq!(tally.summary(1).won_share, 2.0 / 8.0);
        // Two halves merged are the whole.
        let mut first = TargetTally::for_plan(&plan);
        let mut second = TargetTally::for_plan(&plan);
        for (index, (a, b)) in [(1, 1), (1, 2), (1, 1), (2, 1)].into_iter().enumerate() {
            let half = if index < 2 { &mut first } else { &mut second };
            half.add(&outcome(a, 5));
            half.add(&outcome(b, 7));
        }
        first.merge(&second);
        assert_eq!(first, tally);
    }
}
