//! `play_match()`: the core's match harness, on threads, without the GIL.

use std::ops::Range;
use std::path::PathBuf;
use std::time::Instant;

use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use pyo3::types::PyTuple;
use tablic_core::bots::BotSpec;
use tablic_core::matches::checkpoint::{MatchArguments, TournamentArguments};
use tablic_core::matches::chunks::Chunks;
use tablic_core::matches::tally::{BotSummary, BotTally, MarginSummary, MarginTally, MatchTally};
use tablic_core::matches::tournament::{Standings, TournamentPlan};
use tablic_core::matches::{split_groups, MatchPlan};
use tablic_core::MAX_PLAYERS;

use crate::bot::parse_spec;
use crate::checkpointed::{CheckpointFile, ChunkedRun};
use crate::errors::value_error;
use crate::int_arg;
use crate::rules::to_rules;
use tablic_core::Rules;

/// One bot's statistics over a match (the fields of `tablic match --json`).
#[pyclass(name = "BotStats", module = "tablic._tablic", frozen, get_all)]
#[derive(Clone)]
pub struct PyBotStats {
    /// The bot's index in the match's player list.
    pub bot: usize,
    /// The bot with its options.
    pub name: String,
    /// Games played.
    pub games: u64,
    /// Games played at each seat, seat 0 first.
    pub seats: Vec<u64>,
    /// Mean score per game.
    pub mean_points: f64,
    /// Mean of (own total − the others' mean total) per game.
    pub mean_margin: f64,
    /// Standard error of `mean_margin`, over deal groups.
    pub margin_se: f64,
    /// Sample variance of the per-group mean margin.
    pub margin_group_variance: f64,
    /// The margin in each deal of the game, the first deal first (the last with the end's
    /// counting), as (mean, standard error) pairs; the means add up to `mean_margin`.
    pub margin_by_deal: Vec<(f64, f64)>,
    /// Games won (strictly the highest total).
    pub wins: u64,
    /// Games tied for the highest total.
    pub ties: u64,
    /// Games lost.
    pub losses: u64,
    /// Mean tablas per game.
    pub mean_tablas: f64,
    /// Share of games with strictly the most cards (0 to 1).
    pub most_cards_rate: f64,
    /// Decisions made.
    pub decisions: u64,
    /// Mean time per decision, µs (a fast bot's sampled: `tablic_core::matches::timing`).
    pub mean_decision_us: f64,
    /// Slowest timed decision, µs.
    pub max_decision_us: f64,
}

impl PyBotStats {
    /// The statistics of bot `bot`, named `name`, from its summary, seat counts and margin
    /// by deal ([`margin_by_deal`]).
    pub fn new(
        bot: usize,
        name: String,
        seats: &[u64],
        summary: &BotSummary,
        margin_by_deal: Vec<(f64, f64)>,
    ) -> PyBotStats {
        PyBotStats {
            bot,
            name,
            games: summary.games,
            seats: seats.to_vec(),
            mean_points: summary.mean_points,
            mean_margin: summary.mean_margin,
            margin_se: summary.margin_error_variance.sqrt(),
            margin_group_variance: summary.margin_variance,
            margin_by_deal,
            wins: summary.wins,
            ties: summary.ties,
            losses: summary.losses,
            mean_tablas: summary.mean_tablas,
            most_cards_rate: summary.most_cards_rate,
            decisions: summary.decisions,
            mean_decision_us: summary.mean_decision_ns / 1000.0,
            max_decision_us: summary.max_decision_ns as f64 / 1000.0,
        }
    }
}

#[pymethods]
impl PyBotStats {
    fn __repr__(&self) -> String {
        format!(
            "BotStats(bot={}, name='{}', games={}, mean_margin={:+.3}, margin_se={:.3}, \
             wins={}, ties={}, losses={})",
            self.bot,
            self.name,
            self.games,
            self.mean_margin,
            self.margin_se,
            self.wins,
            self.ties,
            self.losses
        )
    }
}

/// The margin in each of `deals` deals, deal 0 first, as [`PyBotStats::margin_by_deal`]
/// gives it, from the core's summary of each.
fn margin_by_deal(deals: usize, summary: impl Fn(usize) -> MarginSummary) -> Vec<(f64, f64)> {
    (0..deals)
        .map(summary)
        .map(|margin| (margin.mean, margin.error_variance.sqrt()))
        .collect()
}

/// A match's result: per-bot statistics, and how long it took.
#[pyclass(name = "MatchResult", module = "tablic._tablic", frozen, get_all)]
#[derive(Clone)]
pub struct PyMatchResult {
    /// Games played.
    pub games: u64,
    /// Deal groups (one game each, or one per seating with `duplicate`).
    pub groups: u64,
    /// Games per deal group.
    pub games_per_group: usize,
    /// Whether deals were duplicated.
    pub duplicate: bool,
    /// The match seed.
    pub seed: u64,
    /// Players per game.
    pub players: usize,
    /// One entry per bot, bot 0 first.
    pub bots: Vec<PyBotStats>,
    /// Wall-clock seconds.
    pub elapsed_s: f64,
    /// Games per second.
    pub games_per_s: f64,
}

#[pymethods]
impl PyMatchResult {
    fn __repr__(&self) -> String {
        format!(
            "MatchResult(games={}, seed={}, bots={:?}, games_per_s={:.0})",
            self.games,
            self.seed,
            self.bots
                .iter()
                .map(|bot| bot.name.as_str())
                .collect::<Vec<_>>(),
            self.games_per_s
        )
    }
}

/// The plan of a match as Python gives it.
fn plan_of(players: &[String], seed: u64, duplicate: bool, rules: Rules) -> PyResult<MatchPlan> {
    let bots = players
        .iter()
        .map(|text| parse_spec(text))
        .collect::<PyResult<Vec<_>>>()?;
    MatchPlan::new(&bots, seed, duplicate)
        .map_err(value_error)?
        .with_rules(rules)
        .map_err(value_error)
}

/// Plays `groups` of `plan` on `threads` threads without the GIL, in the core's chunks,
/// going on from `checkpoint` and keeping it if one is given; the merged tally is the same
/// for any thread count.
fn play(
    py: Python<'_>,
    plan: &MatchPlan,
    groups: Range<u64>,
    threads: usize,
    checkpoint: Option<&mut CheckpointFile>,
) -> PyResult<MatchTally> {
    let items = groups.end - groups.start;
    let (chunks, tally) = match &checkpoint {
        Some(file) => file.load::<MatchTally>(items)?,
        None => None,
    }
    .unwrap_or_else(|| (Chunks::new(items), MatchTally::for_plan(plan)));
    let mut run = ChunkedRun {
        chunks,
        tally,
        empty: &|| MatchTally::for_plan(plan),
        play: &|item, tally, worker| {
            let group = groups.start + item;
            plan.play_group(group, tally, &mut worker.timer, &mut worker.memory)
        },
        merge: MatchTally::merge,
        memory_entries: plan.memory_entries(),
    };
    run.play(py, threads, checkpoint)?;
    Ok(run.tally)
}

/// The checkpoint file `checkpoint=` names, of the run whose arguments display as `of`.
fn checkpoint_file(
    path: Option<PathBuf>,
    of: &dyn std::fmt::Display,
    every_s: f64,
) -> PyResult<Option<CheckpointFile>> {
    path.map(|path| CheckpointFile::new(path, of, every_s))
        .transpose()
}

/// Plays a match between built-in bots, as `tablic match` does: `players` are bot specs
/// (`"greedy"`, `"minimax:depth=3"`), one per seat; `games` deal groups dealt from `seed`;
/// with `duplicate` every deal is played once per seat rotation (once per side, in sides).
/// `rules` (a `Rules` or its text) seats the bots in sides, bot `i` playing for side
/// `i mod s`, and sets the house rules. Runs without the GIL on `threads` threads; the
/// statistics do not depend on the thread count.
#[pyfunction]
#[pyo3(signature = (players, games, seed = 1, duplicate = false, threads = 1, rules = None, checkpoint = None, checkpoint_every = 1.0))]
#[allow(clippy::too_many_arguments)]
pub fn play_match(
    py: Python<'_>,
    players: Vec<String>,
    #[pyo3(from_py_with = int_arg::games)] games: u64,
    #[pyo3(from_py_with = int_arg::seed)] seed: u64,
    duplicate: bool,
    #[pyo3(from_py_with = int_arg::threads)] threads: usize,
    rules: Option<&Bound<'_, PyAny>>,
    checkpoint: Option<PathBuf>,
    checkpoint_every: f64,
) -> PyResult<PyMatchResult> {
    if games == 0 {
        return Err(PyValueError::new_err("a match needs at least one game"));
    }
    let plan = plan_of(&players, seed, duplicate, to_rules(rules)?)?;
    let of = MatchArguments { plan: &plan, games };
    let mut checkpoint = checkpoint_file(checkpoint, &of, checkpoint_every)?;
    let start = Instant::now();
    let tally = play(py, &plan, 0..games, threads, checkpoint.as_mut())?;
    Ok(result_of(&plan, &tally, start.elapsed().as_secs_f64()))
}

/// Plays deal groups `start..end` of a match (as `play_match` would play them) and returns
/// their tally, to be merged with the other pieces' and turned into a result: how a match
/// is spread over processes or machines.
#[pyfunction]
#[pyo3(signature = (players, seed, duplicate, start, end, threads = 1, rules = None))]
#[allow(clippy::too_many_arguments)]
pub fn play_match_groups(
    py: Python<'_>,
    players: Vec<String>,
    #[pyo3(from_py_with = int_arg::seed)] seed: u64,
    duplicate: bool,
    #[pyo3(from_py_with = int_arg::start)] start: u64,
    #[pyo3(from_py_with = int_arg::end)] end: u64,
    #[pyo3(from_py_with = int_arg::threads)] threads: usize,
    rules: Option<&Bound<'_, PyAny>>,
) -> PyResult<PyMatchTally> {
    if start > end {
        return Err(PyValueError::new_err(format!(
            "groups {start}..{end}: the start is after the end"
        )));
    }
    let plan = plan_of(&players, seed, duplicate, to_rules(rules)?)?;
    let tally = play(py, &plan, start..end, threads, None)?;
    Ok(PyMatchTally {
        players,
        plan,
        tally,
    })
}

/// Pieces [`split_match`] makes at most: more than any pool has workers, and a list that
/// still fits in memory (a trillion pieces would not).
pub const MAX_PARTS: u64 = 1 << 20;

/// Deal groups `0..groups` split into `parts` contiguous, nearly equal pieces, as
/// `(start, end)` pairs in order (the core's `split_groups`).
#[pyfunction]
pub fn split_match(
    #[pyo3(from_py_with = int_arg::groups)] groups: u64,
    #[pyo3(from_py_with = int_arg::parts)] parts: u64,
) -> PyResult<Vec<(u64, u64)>> {
    if !(1..=MAX_PARTS).contains(&parts) {
        return Err(PyValueError::new_err(format!(
            "parts must be from 1 to {MAX_PARTS}"
        )));
    }
    Ok((0..parts)
        .map(|part| split_groups(groups, parts, part))
        .map(|range| (range.start, range.end))
        .collect())
}

/// The totals of some deal groups of a match: merge the pieces, then take the `result`.
/// Picklable, so pieces can come back from other processes or machines.
#[pyclass(name = "MatchTally", module = "tablic._tablic", frozen)]
pub struct PyMatchTally {
    players: Vec<String>,
    plan: MatchPlan,
    tally: MatchTally,
}

/// One bot's totals as plain integers, for pickling: counts (games, points, tablas,
/// most cards, wins, ties, losses), margin, seats, decisions (count, ns, max ns).
type BotParts = (
    (u64, u64, u64, u64, u64, u64, u64),
    MarginParts,
    Vec<u64>,
    (u64, u64, u64),
);

fn bot_parts(bot: &BotTally, players: usize) -> BotParts {
    (
        (
            bot.games,
            bot.points,
            bot.tablas,
            bot.most_cards,
            bot.wins,
            bot.ties,
            bot.losses,
        ),
        margin_parts(&bot.margin),
        bot.seats[..players].to_vec(),
        (bot.decisions, bot.decision_ns, bot.max_decision_ns),
    )
}

fn bot_from_parts(parts: BotParts) -> PyResult<BotTally> {
    let (counts, margin, played_seats, decisions) = parts;
    let (games, points, tablas, most_cards, wins, ties, losses) = counts;
    let mut seats = [0; MAX_PLAYERS];
    seats
        .get_mut(..played_seats.len())
        .ok_or_else(|| PyValueError::new_err("a tally with too many seats"))?
        .copy_from_slice(&played_seats);
    Ok(BotTally {
        games,
        points,
        tablas,
        most_cards,
        wins,
        ties,
        losses,
        // Python seats only built-in bots, which never forfeit.
        forfeits: 0,
        margin: margin_of(margin),
        seats,
        decisions: decisions.0,
        decision_ns: decisions.1,
        max_decision_ns: decisions.2,
    })
}

/// A margin's sums as plain integers, for pickling: over games, over groups, and of the
/// groups' squares.
type MarginParts = (i64, i64, i128);

fn margin_parts(margin: &MarginTally) -> MarginParts {
    (
        margin.scaled_margin,
        margin.group_margin,
        margin.group_margin_squared,
    )
}

fn margin_of((scaled_margin, group_margin, group_margin_squared): MarginParts) -> MarginTally {
    MarginTally {
        scaled_margin,
        group_margin,
        group_margin_squared,
    }
}

/// The format of a pickled tally, its first part. Tallies pickled before the margins by
/// deal were kept carry no number.
const TALLY_FORMAT: u32 = 3;

/// A pickled tally: the format, players, seed, duplicate, the rules' text, deal groups,
/// each bot's totals, and each bot's margin in each deal.
type TallyParts = (
    u32,
    Vec<String>,
    u64,
    bool,
    String,
    u64,
    Vec<BotParts>,
    Vec<MarginParts>,
);

#[pymethods]
impl PyMatchTally {
    /// Rebuilds a tally from `__reduce__`'s parts, the first of them the format's number.
    #[staticmethod]
    #[pyo3(signature = (*parts))]
    fn _from_parts(parts: &Bound<'_, PyTuple>) -> PyResult<PyMatchTally> {
        let format = parts
            .get_item(0)
            .ok()
            .and_then(|first| first.extract::<u32>().ok());
        if format != Some(TALLY_FORMAT) {
            let which = format.map_or_else(
                || "an older version of tablic".to_string(),
                |format| format!("a version of tablic with tally format {format}"),
            );
            return Err(PyValueError::new_err(format!(
                "this MatchTally was pickled by {which}, and this version reads format \
                 {TALLY_FORMAT}: play the match again with this version"
            )));
        }
        let (_, players, seed, duplicate, rules, groups, bots, by_deal): TallyParts =
            parts.extract()?;
        let rules = rules.parse().map_err(value_error)?;
        let plan = plan_of(&players, seed, duplicate, rules)?;
        let bots = bots
            .into_iter()
            .map(bot_from_parts)
            .collect::<PyResult<Vec<_>>>()?;
        let by_deal: Vec<MarginTally> = by_deal.into_iter().map(margin_of).collect();
        let tally = MatchTally::from_whole_groups(
            plan.players(),
            plan.side_count(),
            plan.games_per_group() as u32,
            groups,
            &bots,
            &by_deal,
        )
        .ok_or_else(|| {
            PyValueError::new_err(
                "a tally needs one bot per player, and one margin per bot and deal",
            )
        })?;
        Ok(PyMatchTally {
            players,
            plan,
            tally,
        })
    }

    /// Deal groups tallied.
    #[getter]
    fn groups(&self) -> u64 {
        self.tally.groups()
    }

    /// This tally and `other` (a piece of the same match) together.
    fn merge(&self, other: &PyMatchTally) -> PyResult<PyMatchTally> {
        if self.plan != other.plan {
            return Err(PyValueError::new_err(
                "these tallies belong to different matches",
            ));
        }
        let mut tally = self.tally;
        tally.merge(&other.tally);
        Ok(PyMatchTally {
            players: self.players.clone(),
            plan: self.plan.clone(),
            tally,
        })
    }

    /// The match's statistics, as `play_match` returns them, given the time it took.
    #[pyo3(signature = (elapsed_s = 0.0))]
    fn result(&self, elapsed_s: f64) -> PyMatchResult {
        result_of(&self.plan, &self.tally, elapsed_s)
    }

    fn __reduce__<'py>(slf: &Bound<'py, Self>) -> PyResult<(Bound<'py, PyAny>, TallyParts)> {
        let this = slf.get();
        let players = this.plan.players().get();
        let bots = this
            .tally
            .bots()
            .iter()
            .map(|bot| bot_parts(bot, players))
            .collect();
        let by_deal = (0..players)
            .flat_map(|bot| this.tally.by_deal(bot))
            .map(margin_parts)
            .collect();
        Ok((
            slf.get_type().getattr("_from_parts")?,
            (
                TALLY_FORMAT,
                this.players.clone(),
                this.plan.seed(),
                this.plan.is_duplicate(),
                this.plan.rules().to_string(),
                this.tally.groups(),
                bots,
                by_deal,
            ),
        ))
    }
}

/// The statistics of a finished match.
fn result_of(plan: &MatchPlan, tally: &MatchTally, elapsed_s: f64) -> PyMatchResult {
    let n = plan.players().get();
    let bots = tally
        .bots()
        .iter()
        .zip(plan.bots())
        .enumerate()
        .map(|(bot, (totals, spec))| {
            PyBotStats::new(
                bot,
                spec.to_string(),
                &totals.seats[..n],
                &tally.summary(bot),
                margin_by_deal(tally.deals(), |deal| tally.deal_summary(bot, deal)),
            )
        })
        .collect();
    PyMatchResult {
        games: tally.games(),
        groups: tally.groups(),
        games_per_group: plan.games_per_group(),
        duplicate: plan.is_duplicate(),
        seed: plan.seed(),
        players: n,
        bots,
        elapsed_s,
        games_per_s: if elapsed_s > 0.0 {
            tally.games() as f64 / elapsed_s
        } else {
            0.0
        },
    }
}

/// A tournament's result: one line per entrant, over all the tables it played.
#[pyclass(name = "TournamentResult", module = "tablic._tablic", frozen, get_all)]
#[derive(Clone)]
pub struct PyTournamentResult {
    /// Seats at each table.
    pub size: usize,
    /// Tables played (every combination of `size` entrants).
    pub tables: u64,
    /// Games played in all.
    pub games: u64,
    /// The tournament seed.
    pub seed: u64,
    /// Whether deals were duplicated.
    pub duplicate: bool,
    /// One entry per entrant, in field order (`bot` is its index in the field).
    pub entrants: Vec<PyBotStats>,
    /// Wall-clock seconds.
    pub elapsed_s: f64,
}

#[pymethods]
impl PyTournamentResult {
    fn __repr__(&self) -> String {
        format!(
            "TournamentResult(size={}, tables={}, games={}, entrants={:?})",
            self.size,
            self.tables,
            self.games,
            self.entrants
                .iter()
                .map(|entrant| entrant.name.as_str())
                .collect::<Vec<_>>()
        )
    }
}

/// Plays a round robin: every table of `size` entrants from `players` plays a match of
/// `games` deal groups (see `play_match`), each table from its own seed derived from
/// `seed`; each entrant's statistics add up its tables. Without the GIL, each match on
/// `threads` threads; the result does not depend on the thread count.
#[pyfunction]
#[pyo3(signature = (players, games, size = 2, seed = 1, duplicate = false, threads = 1, rules = None, checkpoint = None, checkpoint_every = 1.0))]
#[allow(clippy::too_many_arguments)]
pub fn play_tournament(
    py: Python<'_>,
    players: Vec<String>,
    #[pyo3(from_py_with = int_arg::games)] games: u64,
    #[pyo3(from_py_with = int_arg::size)] size: usize,
    #[pyo3(from_py_with = int_arg::seed)] seed: u64,
    duplicate: bool,
    #[pyo3(from_py_with = int_arg::threads)] threads: usize,
    rules: Option<&Bound<'_, PyAny>>,
    checkpoint: Option<PathBuf>,
    checkpoint_every: f64,
) -> PyResult<PyTournamentResult> {
    if games == 0 {
        return Err(PyValueError::new_err(
            "a tournament needs at least one game a table",
        ));
    }
    let entrants = players
        .iter()
        .map(|text| parse_spec(text))
        .collect::<PyResult<Vec<_>>>()?;
    let plan = TournamentPlan::new(&entrants, size, seed, duplicate)
        .map_err(value_error)?
        .with_rules(to_rules(rules)?)
        .map_err(value_error)?;
    let of = TournamentArguments { plan: &plan, games };
    let mut checkpoint = checkpoint_file(checkpoint, &of, checkpoint_every)?;
    let pieces = plan
        .table_count()
        .checked_mul(games)
        .ok_or_else(|| PyValueError::new_err("too many games"))?;
    let start = Instant::now();
    let (chunks, standings) = match &checkpoint {
        Some(file) => file.load::<Standings>(pieces)?,
        None => None,
    }
    .unwrap_or_else(|| (Chunks::new(pieces), Standings::for_plan(&plan)));
    // The largest search memory a table of `size` needs.
    let mut needs: Vec<usize> = entrants.iter().map(BotSpec::memory_entries).collect();
    needs.sort_unstable_by(|a, b| b.cmp(a));
    let mut run = ChunkedRun {
        chunks,
        tally: standings,
        empty: &|| Standings::for_plan(&plan),
        play: &|piece, standings, worker| {
            let table = plan
                .table(piece / games)
                .expect("pieces are within the tables");
            let matched = plan.match_plan(&table);
            let mut tally = MatchTally::for_plan(&matched);
            let group = piece % games;
            matched.play_group(group, &mut tally, &mut worker.timer, &mut worker.memory)?;
            standings.add(&table, &tally);
            Ok(())
        },
        merge: Standings::merge,
        memory_entries: needs.iter().take(size).sum(),
    };
    run.play(py, threads, checkpoint.as_mut())?;
    let standings = run.tally;
    let seats: u64 = (0..players.len())
        .map(|entrant| standings.entrant(entrant).games)
        .sum();
    let played = seats / size as u64;
    Ok(PyTournamentResult {
        size,
        tables: plan.table_count(),
        games: played,
        seed,
        duplicate,
        entrants: players
            .into_iter()
            .enumerate()
            .map(|(entrant, name)| {
                PyBotStats::new(
                    entrant,
                    name,
                    &standings.entrant(entrant).seats[..size],
                    &standings.summary(entrant),
                    margin_by_deal(standings.deals(), |deal| {
                        standings.deal_summary(entrant, deal)
                    }),
                )
            })
            .collect(),
        elapsed_s: start.elapsed().as_secs_f64(),
    })
}

/// The seed of game (or piece) `index` of everything dealt from `seed`: what `match` deals
/// group `index` from, and what bots of a game draw from (the core's `derive_seed`).
#[pyfunction]
pub fn derive_seed(
    #[pyo3(from_py_with = int_arg::seed)] seed: u64,
    #[pyo3(from_py_with = int_arg::index)] index: u64,
) -> u64 {
    tablic_core::dealing::seeding::derive_seed(seed, index)
}
