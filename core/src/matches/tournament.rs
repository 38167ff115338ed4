//! Tournaments: every table of `size` entrants from a field plays a match of its own, and
//! the standings add up each entrant's games over all its tables, its margin deal by deal
//! too.
//!
//! Table `t` (the `t`-th combination of entrants in lexicographic order) is the match
//! [`MatchPlan`] of those entrants, in field order, from seed `derive_seed(seed, t)`, with
//! duplicated deals if the tournament has them, under the tournament's [`Rules`]: in sides,
//! the table's bot `i` plays for side `i mod s` (so at a table of four in pairs, its first
//! and third entrants are partners) and an entrant's margin is its side's. So each table, and each game of it, can be
//! replayed alone, and tables can be played in any order, on any number of threads.
//!
//! ```
//! use tablic_core::bots::BotSpec;
//! use tablic_core::matches::tally::MatchTally;
//! use tablic_core::matches::timing::DecisionTimer;
//! use tablic_core::matches::tournament::{Standings, TournamentPlan};
//!
//! let field = [BotSpec::Greedy, BotSpec::Random, BotSpec::Random];
//! let plan = TournamentPlan::new(&field, 2, 7, true).unwrap();
//! let mut standings = Standings::for_plan(&plan);
//! for table in plan.tables() {
//!     let matched = plan.match_plan(&table);
//!     let mut tally = MatchTally::for_plan(&matched);
//!     let mut timer = DecisionTimer::untimed();
//!     matched.play_groups(0..5, &mut tally, &mut timer, &mut []).unwrap();
//!     standings.add(&table, &tally);
//! }
//! assert_eq!(plan.table_count(), 3);
//! assert_eq!(standings.entrant(0).games, 2 * 5 * 2); // two tables, 5 deals, 2 seatings
//! assert!(standings.summary(0).mean_margin > 0.0);
//! // Greedy gains most in the last deal, where the +3 for the most cards is counted.
//! assert!(standings.deal_summary(0, 3).mean > standings.deal_summary(0, 0).mean);
//! ```

use core::fmt;

use arrayvec::ArrayVec;

use crate::bots::BotSpec;
use crate::dealing::players::{InvalidPlayerCount, PlayerCount, MAX_PLAYERS};
use crate::dealing::seeding::derive_seed;
use crate::game::rules::{Rules, RulesError};
use crate::matches::tally::{BotSummary, BotTally, MarginSummary, MarginTally, MatchTally};
use crate::matches::MatchPlan;

/// Most entrants a tournament takes.
pub const MAX_ENTRANTS: usize = MAX_PLAYERS;

/// Why a tournament cannot be held.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TournamentError {
    /// The table size is not a player count.
    TableSize(InvalidPlayerCount),
    /// Fewer entrants than seats at a table.
    TooFewEntrants {
        /// Entrants given.
        entrants: usize,
        /// Seats at a table.
        size: usize,
    },
    /// More than [`MAX_ENTRANTS`] entrants.
    TooManyEntrants(usize),
}

impl fmt::Display for TournamentError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            TournamentError::TableSize(error) => write!(f, "table size: {error}"),
            TournamentError::TooFewEntrants { entrants, size } => {
                let plural = if *entrants == 1 { "" } else { "s" };
                write!(
                    f,
                    "{entrants} entrant{plural} cannot fill a table of {size}"
                )
            }
            TournamentError::TooManyEntrants(count) => {
                write!(f, "{count} entrants: at most {MAX_ENTRANTS}")
            }
        }
    }
}

impl core::error::Error for TournamentError {}

/// The field, the table size, the seed, and whether deals are duplicated.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TournamentPlan {
    entrants: ArrayVec<BotSpec, MAX_ENTRANTS>,
    size: PlayerCount,
    rules: Rules,
    seed: u64,
    duplicate: bool,
}

/// One table: which entrants sit at it (in field order: entrant `entrants()[i]` is bot `i`
/// of the table's match).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Table {
    index: u64,
    entrants: ArrayVec<u8, MAX_PLAYERS>,
}

impl Table {
    /// The table's place in the tournament, 0 first.
    pub const fn index(&self) -> u64 {
        self.index
    }

    /// The entrants at the table, by their index in the field.
    pub fn entrants(&self) -> impl ExactSizeIterator<Item = usize> + '_ {
        self.entrants.iter().map(|&entrant| entrant as usize)
    }
}

impl TournamentPlan {
    /// Every table of `size` entrants from `entrants`, each dealt from its own seed derived
    /// from `seed`, with duplicated deals if `duplicate`.
    pub fn new(
        entrants: &[BotSpec],
        size: usize,
        seed: u64,
        duplicate: bool,
    ) -> Result<TournamentPlan, TournamentError> {
        let size = PlayerCount::new(size).map_err(TournamentError::TableSize)?;
        if entrants.len() > MAX_ENTRANTS {
            return Err(TournamentError::TooManyEntrants(entrants.len()));
        }
        if entrants.len() < size.get() {
            return Err(TournamentError::TooFewEntrants {
                entrants: entrants.len(),
                size: size.get(),
            });
        }
        Ok(TournamentPlan {
            entrants: entrants.iter().copied().collect(),
            size,
            rules: Rules::ORIGINAL,
            seed,
            duplicate,
        })
    }

    /// The same tournament with every game played under `rules`, if a table can sit in
    /// its sides.
    pub fn with_rules(self, rules: Rules) -> Result<TournamentPlan, RulesError> {
        rules.check(self.size)?;
        Ok(TournamentPlan { rules, ..self })
    }

    /// The rules every game is played under.
    pub const fn rules(&self) -> Rules {
        self.rules
    }

    /// The field, entrant 0 first.
    pub fn entrants(&self) -> &[BotSpec] {
        &self.entrants
    }

    /// Seats at each table.
    pub const fn size(&self) -> PlayerCount {
        self.size
    }

    /// The tournament's seed.
    pub const fn seed(&self) -> u64 {
        self.seed
    }

    /// True when every deal is played by every rotation of a table's seats.
    pub const fn is_duplicate(&self) -> bool {
        self.duplicate
    }

    /// How many tables there are: entrants choose size (saturating at `u64::MAX`).
    pub fn table_count(&self) -> u64 {
        choose(self.entrants.len() as u64, self.size.get() as u64)
    }

    /// Every table, in lexicographic order of the entrants' indexes.
    pub fn tables(&self) -> impl Iterator<Item = Table> + '_ {
        (0..self.table_count()).filter_map(|index| self.table(index))
    }

    /// Table `index` (the `index`-th item of [`TournamentPlan::tables`]), found without
    /// walking the tables before it; `None` past the last. A field of 48 at tables of 8 has
    /// 377 million tables, too many to hold as a list.
    pub fn table(&self, index: u64) -> Option<Table> {
        let (field, size) = (self.entrants.len() as u64, self.size.get() as u64);
        let mut rest = index;
        let mut entrants = ArrayVec::new();
        let mut next = 0u64;
        for seat in 0..size {
            // Tables whose entrant at `seat` is `next` and that agree before it: the later
            // seats choose from the entrants above `next`.
            loop {
                let later = choose(field.checked_sub(next + 1)?, size - seat - 1);
                if rest < later {
                    break;
                }
                rest -= later;
                next += 1;
            }
            entrants.push(next as u8);
            next += 1;
        }
        Some(Table { index, entrants })
    }

    /// The match a table plays.
    pub fn match_plan(&self, table: &Table) -> MatchPlan {
        let bots: ArrayVec<BotSpec, MAX_PLAYERS> = table
            .entrants()
            .map(|entrant| self.entrants[entrant])
            .collect();
        let seed = derive_seed(self.seed, table.index);
        MatchPlan::seated(bots, self.size, self.rules, seed, self.duplicate)
    }
}

/// `n` choose `k`, saturating at `u64::MAX`; exact for every table of at most
/// [`MAX_ENTRANTS`] entrants.
fn choose(n: u64, k: u64) -> u64 {
    if k > n {
        return 0;
    }
    (0..k).fold(1u64, |count, i| count.saturating_mul(n - i) / (i + 1))
}

/// The most deals a game has: two players' four (more players empty the deck sooner).
pub(crate) const MAX_DEALS: usize = PlayerCount::TWO.deals();

const _: () = {
    let mut i = 0;
    while i < PlayerCount::ALL.len() {
        assert!(PlayerCount::ALL[i].deals() <= MAX_DEALS);
        i += 1;
    }
};

/// One entrant's totals over every table it played.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct EntrantTotals {
    pub(crate) totals: BotTally,
    /// Its margin in each deal of the game, deal 0 first (the first `deals()` are used).
    pub(crate) by_deal: [MarginTally; MAX_DEALS],
    /// Deal groups over all its tables: the samples of its margins' spread.
    pub(crate) groups: u64,
}

impl EntrantTotals {
    const EMPTY: EntrantTotals = EntrantTotals {
        totals: BotTally::EMPTY,
        by_deal: [MarginTally::EMPTY; MAX_DEALS],
        groups: 0,
    };
}

/// Each entrant's totals over every table it played, with its margin deal by deal as a
/// match keeps it ([`MatchTally::deal_summary`]). About 31 KiB, 6 of them the deals': keep
/// it off small stacks.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Standings {
    pub(crate) size: PlayerCount,
    /// Sides at a table (its seats, when everyone plays alone).
    pub(crate) sides: usize,
    pub(crate) games_per_group: u32,
    pub(crate) entrants: ArrayVec<EntrantTotals, MAX_ENTRANTS>,
}

impl Standings {
    /// Empty standings for the field of `plan`.
    pub fn for_plan(plan: &TournamentPlan) -> Standings {
        let sides = plan.rules.side_count(plan.size);
        let games_per_group = if plan.duplicate { sides } else { 1 };
        Standings {
            size: plan.size,
            sides,
            games_per_group: games_per_group as u32,
            entrants: plan.entrants.iter().map(|_| EntrantTotals::EMPTY).collect(),
        }
    }

    /// Adds the match of `table`.
    pub fn add(&mut self, table: &Table, tally: &MatchTally) {
        for (bot, entrant) in table.entrants().enumerate() {
            if let Some(totals) = self.entrants.get_mut(entrant) {
                totals.totals.merge(tally.bot(bot));
                for (mine, theirs) in totals.by_deal.iter_mut().zip(tally.by_deal(bot)) {
                    mine.merge(theirs);
                }
                totals.groups += tally.groups();
            }
        }
    }

    /// Adds other standings of the same tournament (other tables or deal groups): every
    /// total is a sum, so standings merged in any order are the same.
    pub fn merge(&mut self, other: &Standings) {
        for (mine, theirs) in self.entrants.iter_mut().zip(&other.entrants) {
            mine.totals.merge(&theirs.totals);
            for (mine, theirs) in mine.by_deal.iter_mut().zip(&theirs.by_deal) {
                mine.merge(theirs);
            }
            mine.groups += theirs.groups;
        }
    }

    /// An entrant's totals (an empty tally for an entrant not in the field).
    pub fn entrant(&self, entrant: usize) -> &BotTally {
        self.entrants
            .get(entrant)
            .map_or(&BotTally::EMPTY, |totals| &totals.totals)
    }

    /// Deal groups an entrant played, over all its tables.
    fn groups(&self, entrant: usize) -> u64 {
        self.entrants.get(entrant).map_or(0, |totals| totals.groups)
    }

    /// An entrant's statistics over all its tables. Its margin's spread is measured over
    /// the deal groups of all its tables.
    pub fn summary(&self, entrant: usize) -> BotSummary {
        self.entrant(entrant)
            .summary(self.sides, self.games_per_group, self.groups(entrant))
    }

    /// Deals per game at the tournament's tables ([`PlayerCount::deals`]).
    pub const fn deals(&self) -> usize {
        self.size.deals()
    }

    /// An entrant's totals in each deal, deal 0 first, over all its tables (empty for an
    /// entrant not in the field).
    pub fn by_deal(&self, entrant: usize) -> &[MarginTally] {
        let deals = self.deals();
        self.entrants
            .get(entrant)
            .and_then(|totals| totals.by_deal.get(..deals))
            .unwrap_or(&[])
    }

    /// An entrant's margin in deal `deal` of the game (0 first; the last with the end's
    /// counting), over all its tables: an empty margin for an entrant or a deal that does
    /// not exist. Its spread is over the same deal groups as the whole margin's in
    /// [`Standings::summary`], and the deals' means add up to the whole margin's mean.
    pub fn deal_summary(&self, entrant: usize, deal: usize) -> MarginSummary {
        let totals = self
            .by_deal(entrant)
            .get(deal)
            .unwrap_or(&MarginTally::EMPTY);
        MarginSummary::of(
            totals,
            self.entrant(entrant).games,
            self.sides,
            self.games_per_group,
            self.groups(entrant),
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::matches::timing::DecisionTimer;

    fn field(count: usize) -> ArrayVec<BotSpec, MAX_ENTRANTS> {
        (0..count).map(|_| BotSpec::Random).collect()
    }

    #[test]
    fn tables_are_the_combinations_in_order() {
        let plan = TournamentPlan::new(&field(5), 3, 1, false).unwrap();
        let tables: ArrayVec<ArrayVec<usize, 3>, 16> = plan
            .tables()
            .map(|table| table.entrants().collect())
            .collect();
        assert_eq!(plan.table_count(), 10);
        assert_eq!(tables.len(), 10);
        assert_eq!(tables[0].as_slice(), [0, 1, 2]);
        assert_eq!(tables[1].as_slice(), [0, 1, 3]);
        assert_eq!(tables[3].as_slice(), [0, 2, 3]);
        assert_eq!(tables[9].as_slice(), [2, 3, 4]);
        for (index, table) in plan.tables().enumerate() {
            assert_eq!(table.index(), index as u64);
        }
        assert_eq!(
            TournamentPlan::new(&field(4), 4, 1, true)
                .unwrap()
                .tables()
                .count(),
            1
        );
    }

    #[test]
    fn each_table_is_found_by_its_index() {
        for (count, size) in [(2, 2), (5, 3), (7, 2), (8, 4), (9, 3), (12, 12)] {
            let plan = TournamentPlan::new(&field(count), size, 1, false).unwrap();
            let mut tables = 0;
            for (index, table) in plan.tables().enumerate() {
                assert_eq!(plan.table(index as u64), Some(table), "{count} {size}");
                tables += 1;
            }
            assert_eq!(tables, plan.table_count());
            assert_eq!(plan.table(plan.table_count()), None);
            assert_eq!(plan.table(u64::MAX), None);
        }
        // 48 choose 24 tables, far too many to list: the last one at once.
        let plan = TournamentPlan::new(&field(48), 24, 1, false).unwrap();
        assert_eq!(plan.table_count(), 32_247_603_683_100);
        let last = plan.table(plan.table_count() - 1).unwrap();
        assert!(last.entrants().eq(24..48));
        assert_eq!(plan.table(plan.table_count()), None);
    }

    #[test]
    fn bad_tournaments_say_why() {
        assert_eq!(
            TournamentPlan::new(&field(2), 3, 1, false),
            Err(TournamentError::TooFewEntrants {
                entrants: 2,
                size: 3
            })
        );
        assert_eq!(
            TournamentPlan::new(&field(6), 5, 1, false),
            Err(TournamentError::TableSize(InvalidPlayerCount(5)))
        );
        assert_eq!(
            TournamentPlan::new(&[BotSpec::Random; 49], 2, 1, false).map(|_| ()),
            Err(TournamentError::TooManyEntrants(49))
        );
    }

    #[test]
    fn standings_add_each_entrants_tables() {
        let entrants = [BotSpec::Greedy, BotSpec::Random, BotSpec::Greedy];
        let plan = TournamentPlan::new(&entrants, 2, 3, true).unwrap();
        let mut standings = Standings::for_plan(&plan);
        let mut games = [0u64; 3];
        for table in plan.tables() {
            let matched = plan.match_plan(&table);
            assert_eq!(matched.seed(), derive_seed(3, table.index()));
            let mut tally = MatchTally::for_plan(&matched);
            matched
                .play_groups(0..4, &mut tally, &mut DecisionTimer::untimed(), &mut [])
                .unwrap();
            for (bot, entrant) in table.entrants().enumerate() {
                assert_eq!(matched.bots()[bot], entrants[entrant]);
                games[entrant] += tally.bot(bot).games;
            }
            standings.add(&table, &tally);
        }
        for (entrant, &played) in games.iter().enumerate() {
            assert_eq!(standings.entrant(entrant).games, played);
            assert_eq!(played, 16);
        }
        let random = standings.summary(1);
        assert!(random.mean_margin < -10.0 && random.margin_error_variance > 0.0);
        assert_eq!(random.wins + random.ties + random.losses, 16);
    }

    /// The standings of deal groups `0..groups` at every table of `plan`; `seen` sees each
    /// table's match.
    fn play_tables(
        plan: &TournamentPlan,
        groups: u64,
        mut seen: impl FnMut(&Table, &MatchTally),
    ) -> Standings {
        let mut standings = Standings::for_plan(plan);
        for table in plan.tables() {
            let matched = plan.match_plan(&table);
            let mut tally = MatchTally::for_plan(&matched);
            matched
                .play_groups(
                    0..groups,
                    &mut tally,
                    &mut DecisionTimer::untimed(),
                    &mut [],
                )
                .unwrap();
            seen(&table, &tally);
            standings.add(&table, &tally);
        }
        standings
    }

    #[test]
    fn standings_split_each_entrants_margin_by_deal() {
        let entrants = [BotSpec::Greedy, BotSpec::Random, BotSpec::Greedy];
        let plan = TournamentPlan::new(&entrants, 2, 5, true).unwrap();
        // Each entrant's deals merged by hand from its tables' matches, and its groups.
        let mut by_hand = [[MarginTally::EMPTY; 4]; 3];
        let mut groups = [0u64; 3];
        let standings = play_tables(&plan, 6, |table, tally| {
            for (bot, entrant) in table.entrants().enumerate() {
                assert_eq!(tally.by_deal(bot).len(), 4);
                for (sum, deal) in by_hand[entrant].iter_mut().zip(tally.by_deal(bot)) {
                    sum.scaled_margin += deal.scaled_margin;
                    sum.group_margin += deal.group_margin;
                    sum.group_margin_squared += deal.group_margin_squared;
                }
                groups[entrant] += tally.groups();
            }
        });
        assert_eq!(standings.deals(), 4);
        for entrant in 0..3 {
            let totals = standings.entrant(entrant);
            assert_eq!(standings.by_deal(entrant), by_hand[entrant].as_slice());
            let scaled: i64 = by_hand[entrant].iter().map(|deal| deal.scaled_margin).sum();
            assert_eq!(scaled, totals.margin.scaled_margin);
            let whole = standings.summary(entrant);
            let mut sum = 0.0;
            for (deal, hand) in by_hand[entrant].iter().enumerate() {
                let margin = standings.deal_summary(entrant, deal);
                let expected = MarginSummary::of(hand, totals.games, 2, 2, groups[entrant]);
                assert_eq!(margin, expected, "entrant {entrant}, deal {deal}");
                assert!(
                    margin.error_variance > 0.0,
                    "entrant {entrant}, deal {deal}"
                );
                sum += margin.mean;
            }
            assert!((sum - whole.mean_margin).abs() < 1e-12, "{sum} {whole:?}");
        }
        // Random loses most in the last deal, where the +3 for the most cards is counted.
        let random: ArrayVec<f64, 4> = (0..4)
            .map(|deal| standings.deal_summary(1, deal).mean)
            .collect();
        assert!(random[3] < random[0] && random[3] < random[1] && random[3] < random[2]);
        assert_eq!(standings.deal_summary(1, 4), MarginSummary::default());
        assert_eq!(standings.deal_summary(3, 0), MarginSummary::default());
        assert_eq!(standings.by_deal(3), &[]);
    }

    #[test]
    fn a_one_deal_games_deal_is_its_whole_margin() {
        // Eight players empty the deck in one deal: its spread over the groups of all an
        // entrant's tables is the whole margin's, bit for bit.
        let plan = TournamentPlan::new(&field(9), 8, 2, false).unwrap();
        let standings = play_tables(&plan, 3, |_, _| {});
        assert_eq!((plan.table_count(), standings.deals()), (9, 1));
        for entrant in 0..9 {
            let (whole, deal) = (
                standings.summary(entrant),
                standings.deal_summary(entrant, 0),
            );
            assert_eq!(whole.games, 8 * 3);
            assert!(whole.margin_error_variance > 0.0);
            assert_eq!(
                (deal.mean, deal.variance, deal.error_variance),
                (
                    whole.mean_margin,
                    whole.margin_variance,
                    whole.margin_error_variance
                )
            );
        }
    }

    #[test]
    fn standings_take_about_31_kib() {
        // 25.3 KiB without the deals.
        let size = core::mem::size_of::<Standings>();
        assert!(size <= 31 * 1024, "{size} bytes");
    }
}
