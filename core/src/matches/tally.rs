//! Statistics over a match, per bot: what `tablic match` reports.
//!
//! Everything but the decision times is an exact integer sum, so a tally does not depend on
//! the order its games were added in, and tallies of pieces of a match, merged, equal the
//! tally of the whole match bit for bit.
//!
//! The margin's spread is measured over *deal groups* (see
//! [`crate::matches`](mod@crate::matches)): each group's mean margin is one sample. With
//! duplicated deals a group holds every seating of one deal, so the samples are independent
//! and the standard error is honest; games of one deal are not independent of each other.
//!
//! The margin is also kept deal by deal ([`MatchTally::deal_summary`]): what each bot
//! gains in the first deal of the game, the second, …, the last with the end's counting,
//! each with its standard error over the same groups. The deals' means add up to the
//! margin's mean, so they say where one bot gains on another.

use crate::dealing::players::{PlayerCount, MAX_PLAYERS};
use crate::matches::outcome::{GameOutcome, Standing, MAX_BOT_DEALS};

/// One bot's totals over a match. Every field is a sum over games unless it says otherwise.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct BotTally {
    /// Games played.
    pub games: u64,
    /// Total scores.
    pub points: u64,
    /// Tablas made.
    pub tablas: u64,
    /// Games in which its seat had strictly the most cards (+3).
    pub most_cards: u64,
    /// Games won outright.
    pub wins: u64,
    /// Games in which it shared the highest score.
    pub ties: u64,
    /// Games in which someone scored more.
    pub losses: u64,
    /// Games it lost by forfeit (counted in `losses` too; see
    /// [`crate::matches`](mod@crate::matches) for how a forfeit is scored).
    pub forfeits: u64,
    /// `(n − 1) ×` its margins (see [`crate::matches::BotGame::scaled_margin`]), summed
    /// over games and over deal groups (the samples of the margin's spread).
    pub margin: MarginTally,
    /// Games at each seat, seat 0 first (only the first `n` are used).
    pub seats: [u64; MAX_PLAYERS],
    /// Decisions made.
    pub decisions: u64,
    /// Nanoseconds spent deciding (a fast bot's untimed decisions at its timed mean: see
    /// [`crate::matches::timing`]).
    pub decision_ns: u64,
    /// The slowest decision, in nanoseconds (a maximum, not a sum).
    pub max_decision_ns: u64,
}

impl BotTally {
    /// A bot that has played nothing.
    pub const EMPTY: BotTally = BotTally {
        games: 0,
        points: 0,
        tablas: 0,
        most_cards: 0,
        wins: 0,
        ties: 0,
        losses: 0,
        forfeits: 0,
        margin: MarginTally::EMPTY,
        seats: [0; MAX_PLAYERS],
        decisions: 0,
        decision_ns: 0,
        max_decision_ns: 0,
    };

    /// Adds another tally of the same bot.
    pub(crate) fn merge(&mut self, other: &BotTally) {
        self.games += other.games;
        self.points += other.points;
        self.tablas += other.tablas;
        self.most_cards += other.most_cards;
        self.wins += other.wins;
        self.ties += other.ties;
        self.losses += other.losses;
        self.forfeits += other.forfeits;
        self.margin.merge(&other.margin);
        for (mine, theirs) in self.seats.iter_mut().zip(&other.seats) {
            *mine += theirs;
        }
        self.decisions += other.decisions;
        self.decision_ns = self.decision_ns.saturating_add(other.decision_ns);
        self.max_decision_ns = self.max_decision_ns.max(other.max_decision_ns);
    }
}

/// Sums of one bot's scaled margins over a match, as [`BotTally`] keeps them for the whole
/// game and [`MatchTally::by_deal`] for each deal of it ([`GameOutcome::deal_margins`]).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct MarginTally {
    /// The scaled margins, summed over games.
    pub scaled_margin: i64,
    /// Sum over closed deal groups of the group's summed scaled margins (one sample each).
    pub group_margin: i64,
    /// Sum over closed deal groups of the squares of those samples.
    pub group_margin_squared: i128,
}

impl MarginTally {
    /// No games.
    pub const EMPTY: MarginTally = MarginTally {
        scaled_margin: 0,
        group_margin: 0,
        group_margin_squared: 0,
    };

    /// Closes a group whose summed scaled margins are `open`, and empties `open`.
    fn close_group(&mut self, open: &mut i64) {
        self.group_margin += *open;
        self.group_margin_squared += *open as i128 * *open as i128;
        *open = 0;
    }

    /// Adds another tally of the same margin.
    pub(crate) fn merge(&mut self, other: &MarginTally) {
        self.scaled_margin += other.scaled_margin;
        self.group_margin += other.group_margin;
        self.group_margin_squared += other.group_margin_squared;
    }
}

/// Totals per bot over a match whose deal groups all have the same number of games.
///
/// Games are added one by one; every `games_per_group` games close a group, whose summed
/// margins become one sample of the margin's spread. About 26 KiB: keep it off small stacks.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct MatchTally {
    pub(crate) players: PlayerCount,
    /// Sides at the table (the players, when everyone plays alone).
    pub(crate) sides: usize,
    pub(crate) games_per_group: u32,
    pub(crate) games: u64,
    pub(crate) groups: u64,
    pub(crate) bots: [BotTally; MAX_PLAYERS],
    /// Bot `b`'s totals in deal `d` at `b × deals + d` (as [`GameOutcome`] keeps them): 48
    /// cells for any player count, where a `[MarginTally; 4]` per bot would take 192.
    pub(crate) by_deal: [MarginTally; MAX_BOT_DEALS],
    /// Games added to the group not yet closed.
    pub(crate) open_games: u32,
    /// Each bot's summed scaled margin in the open group.
    pub(crate) open_margin: [i64; MAX_PLAYERS],
    /// Each bot's summed scaled margin in each deal in the open group, laid out as `by_deal`.
    pub(crate) open_deal_margin: [i64; MAX_BOT_DEALS],
}

impl MatchTally {
    /// An empty tally for `players` bots, each playing alone, and groups of
    /// `games_per_group` games (at least 1).
    pub const fn new(players: PlayerCount, games_per_group: u32) -> MatchTally {
        MatchTally::of_sides(players, players.get(), games_per_group)
    }

    /// An empty tally for `players` bots in `sides` sides, and groups of `games_per_group`
    /// games (at least 1): margins are a side's against the other sides' mean.
    pub const fn of_sides(players: PlayerCount, sides: usize, games_per_group: u32) -> MatchTally {
        MatchTally {
            players,
            sides,
            games_per_group: if games_per_group == 0 {
                1
            } else {
                games_per_group
            },
            games: 0,
            groups: 0,
            bots: [BotTally::EMPTY; MAX_PLAYERS],
            by_deal: [MarginTally::EMPTY; MAX_BOT_DEALS],
            open_games: 0,
            open_margin: [0; MAX_PLAYERS],
            open_deal_margin: [0; MAX_BOT_DEALS],
        }
    }

    /// A tally of whole deal groups rebuilt from its parts: the player count, the side
    /// count (the players, when everyone plays alone), the games per group, the groups, each bot's totals (what [`MatchTally::bots`] gives) and each bot's
    /// totals by deal, bot 0's deals first (what [`MatchTally::by_deal`] gives, bot after
    /// bot). This is how a tally crosses a process boundary, e.g. pieces of a match played
    /// on other machines. `None` when `bots` does not hold one tally per player, `by_deal`
    /// one per player and deal, or `sides` is not a side count of the players (2 or more,
    /// dividing them).
    pub fn from_whole_groups(
        players: PlayerCount,
        sides: usize,
        games_per_group: u32,
        groups: u64,
        bots: &[BotTally],
        by_deal: &[MarginTally],
    ) -> Option<MatchTally> {
        let cells = players.get() * players.deals();
        let sides_fit = sides >= 2 && players.get() % sides == 0;
        if bots.len() != players.get() || by_deal.len() != cells || !sides_fit {
            return None;
        }
        let mut tally = MatchTally::of_sides(players, sides, games_per_group);
        tally.groups = groups;
        tally.games = groups.saturating_mul(u64::from(tally.games_per_group));
        tally.bots[..bots.len()].copy_from_slice(bots);
        tally.by_deal[..cells].copy_from_slice(by_deal);
        Some(tally)
    }

    /// The cells of `by_deal` and `open_deal_margin` in use: one per bot and deal.
    fn deal_cells(&self) -> usize {
        self.players.get() * self.players.deals()
    }

    /// Adds one game (with the same player count).
    pub fn add(&mut self, outcome: &GameOutcome) {
        let n = self.players.get();
        for ((tally, game), open) in self.bots[..n]
            .iter_mut()
            .zip(outcome.bots())
            .zip(&mut self.open_margin)
        {
            tally.games += 1;
            tally.points += game.total as u64;
            tally.tablas += game.result.tablas as u64;
            tally.most_cards += game.result.most_cards as u64;
            match game.standing {
                Standing::Win => tally.wins += 1,
                Standing::Tie => tally.ties += 1,
                Standing::Loss => tally.losses += 1,
            }
            tally.forfeits += game.forfeited as u64;
            tally.margin.scaled_margin += game.scaled_margin;
            if let Some(seat) = tally.seats.get_mut(game.seat) {
                *seat += 1;
            }
            tally.decisions += game.decisions as u64;
            tally.decision_ns = tally.decision_ns.saturating_add(game.decision_ns);
            tally.max_decision_ns = tally.max_decision_ns.max(game.max_decision_ns);
            *open += game.scaled_margin;
        }
        let cells = self.deal_cells();
        for ((tally, open), margin) in self.by_deal[..cells]
            .iter_mut()
            .zip(&mut self.open_deal_margin)
            .zip(outcome.every_deal_margin())
        {
            tally.scaled_margin += margin;
            *open += margin;
        }
        self.games += 1;
        self.open_games += 1;
        if self.open_games == self.games_per_group {
            self.close_group();
        }
    }

    fn close_group(&mut self) {
        let n = self.players.get();
        for (tally, open) in self.bots[..n].iter_mut().zip(&mut self.open_margin) {
            tally.margin.close_group(open);
        }
        let cells = self.deal_cells();
        for (tally, open) in self.by_deal[..cells]
            .iter_mut()
            .zip(&mut self.open_deal_margin)
        {
            tally.close_group(open);
        }
        self.groups += 1;
        self.open_games = 0;
    }

    /// Adds another tally of the same match (e.g. from another thread) to this one. Tallies
    /// of whole groups merge exactly; the games of an unfinished group in `other` join this
    /// tally's unfinished group.
    pub fn merge(&mut self, other: &MatchTally) {
        let n = self.players.get();
        for (mine, theirs) in self.bots[..n].iter_mut().zip(&other.bots) {
            mine.merge(theirs);
        }
        let cells = self.deal_cells();
        for (mine, theirs) in self.by_deal[..cells].iter_mut().zip(&other.by_deal) {
            mine.merge(theirs);
        }
        self.games += other.games;
        self.groups += other.groups;
        if other.open_games > 0 {
            for (mine, theirs) in self.open_margin.iter_mut().zip(&other.open_margin) {
                *mine += theirs;
            }
            for (mine, theirs) in self
                .open_deal_margin
                .iter_mut()
                .zip(&other.open_deal_margin)
            {
                *mine += theirs;
            }
            self.open_games += other.open_games;
            if self.open_games >= self.games_per_group {
                self.close_group();
            }
        }
    }

    /// The number of players (= bots).
    pub const fn players(&self) -> PlayerCount {
        self.players
    }

    /// Games per deal group.
    pub const fn games_per_group(&self) -> u32 {
        self.games_per_group
    }

    /// Games added.
    pub const fn games(&self) -> u64 {
        self.games
    }

    /// Deal groups completed.
    pub const fn groups(&self) -> u64 {
        self.groups
    }

    /// Every bot's totals, bot 0 first.
    pub fn bots(&self) -> &[BotTally] {
        &self.bots[..self.players.get()]
    }

    /// One bot's totals (an empty tally for a bot that does not play).
    pub fn bot(&self, bot: usize) -> &BotTally {
        self.bots().get(bot).unwrap_or(&BotTally::EMPTY)
    }

    /// A bot's statistics over the match (an empty bot's for a bot that does not play).
    pub fn summary(&self, bot: usize) -> BotSummary {
        self.bot(bot)
            .summary(self.sides, self.games_per_group, self.groups)
    }

    /// Deals per game ([`PlayerCount::deals`]).
    pub const fn deals(&self) -> usize {
        self.players.deals()
    }

    /// A bot's totals in each deal, deal 0 first (empty for a bot that does not play).
    pub fn by_deal(&self, bot: usize) -> &[MarginTally] {
        if bot >= self.players.get() {
            return &[];
        }
        let deals = self.deals();
        self.by_deal
            .get(bot * deals..(bot + 1) * deals)
            .unwrap_or(&[])
    }

    /// A bot's margin in deal `deal` of the game (0 first; the last with the end's
    /// counting), over the match: an empty margin for a bot or a deal that does not exist.
    pub fn deal_summary(&self, bot: usize, deal: usize) -> MarginSummary {
        let totals = self.by_deal(bot).get(deal).unwrap_or(&MarginTally::EMPTY);
        MarginSummary::of(
            totals,
            self.bot(bot).games,
            self.sides,
            self.games_per_group,
            self.groups,
        )
    }
}

/// A margin's mean and how sure it is, over a match: a bot's whole margin, or its part in
/// one deal. The standard error needs a square root, which `core` lacks: take
/// `error_variance.sqrt()`.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct MarginSummary {
    /// Mean per game, in points.
    pub mean: f64,
    /// Sample variance over deal groups of the mean per group (0 before two groups).
    pub variance: f64,
    /// Squared standard error of `mean`: `variance` over the groups.
    pub error_variance: f64,
}

impl MarginSummary {
    /// The margin whose sums are `totals`, over `games` games at tables of `sides` sides
    /// (the players, when everyone plays alone) in `groups` deal groups of
    /// `games_per_group` games each.
    pub(crate) fn of(
        totals: &MarginTally,
        games: u64,
        sides: usize,
        games_per_group: u32,
        groups: u64,
    ) -> MarginSummary {
        let others = (sides - 1) as f64;
        // One group sample is the sum of `games_per_group` scaled margins.
        let unit = others * games_per_group as f64;
        let variance = match groups {
            0 | 1 => 0.0,
            groups => {
                // Exact: G·Σs² − (Σs)², over G·(G − 1), in units of one group sample.
                let (groups, sum) = (groups as i128, totals.group_margin as i128);
                let spread = groups
                    .saturating_mul(totals.group_margin_squared)
                    .saturating_sub(sum.saturating_mul(sum));
                spread.max(0) as f64 / (groups * (groups - 1)) as f64 / (unit * unit)
            }
        };
        MarginSummary {
            mean: match games {
                0 => 0.0,
                games => totals.scaled_margin as f64 / games as f64 / others,
            },
            variance,
            error_variance: match groups {
                0 => 0.0,
                groups => variance / groups as f64,
            },
        }
    }
}

/// One bot's statistics, derived from its totals: what `tablic match` and the bindings
/// report. The standard error needs a square root, which `core` lacks: take
/// `margin_error_variance.sqrt()`.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct BotSummary {
    /// Games played.
    pub games: u64,
    /// Mean score per game.
    pub mean_points: f64,
    /// Mean of (own total − the others' mean total) per game.
    pub mean_margin: f64,
    /// Sample variance over deal groups of the bot's mean margin per group (0 before two
    /// groups).
    pub margin_variance: f64,
    /// Squared standard error of `mean_margin`: `margin_variance` over the groups.
    pub margin_error_variance: f64,
    /// Games won outright.
    pub wins: u64,
    /// Games tied for the highest total.
    pub ties: u64,
    /// Games lost (forfeits included).
    pub losses: u64,
    /// Games lost by forfeit.
    pub forfeits: u64,
    /// Mean tablas per game.
    pub mean_tablas: f64,
    /// Share of games with strictly the most cards (+3), 0 to 1.
    pub most_cards_rate: f64,
    /// Decisions made.
    pub decisions: u64,
    /// Mean time per decision, in nanoseconds.
    pub mean_decision_ns: f64,
    /// The slowest decision, in nanoseconds.
    pub max_decision_ns: u64,
}

impl BotTally {
    /// This bot's statistics, its games played at tables of `sides` sides (the players,
    /// when everyone plays alone) in `groups` deal groups of `games_per_group` games each.
    pub fn summary(&self, sides: usize, games_per_group: u32, groups: u64) -> BotSummary {
        let per_game = |total: f64| match self.games {
            0 => 0.0,
            games => total / games as f64,
        };
        let margin = MarginSummary::of(&self.margin, self.games, sides, games_per_group, groups);
        BotSummary {
            games: self.games,
            mean_points: per_game(self.points as f64),
            mean_margin: margin.mean,
            margin_variance: margin.variance,
            margin_error_variance: margin.error_variance,
            wins: self.wins,
            ties: self.ties,
            losses: self.losses,
            forfeits: self.forfeits,
            mean_tablas: per_game(self.tablas as f64),
            most_cards_rate: per_game(self.most_cards as f64),
            decisions: self.decisions,
            mean_decision_ns: match self.decisions {
                0 => 0.0,
                decisions => self.decision_ns as f64 / decisions as f64,
            },
            max_decision_ns: self.max_decision_ns,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_deals_take_about_two_kib() {
        // 24.4 KiB without them; a `[MarginTally; 4]` per bot would have made it 32.
        let size = core::mem::size_of::<MatchTally>();
        assert!(size <= 27 * 1024, "{size} bytes");
    }
}
