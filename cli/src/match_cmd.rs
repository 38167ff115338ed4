//! `tablic match`: bots play many seeded games; per-bot statistics.
//!
//! The match itself (deals, seats, seeds, games, statistics) is `tablic_core::matches` and
//! `tablic_core::tally`; this module parses arguments, runs pieces of the match on threads,
//! shows progress, and prints.

use std::io::{IsTerminal, Write};
use std::process::ExitCode;
use std::sync::atomic::{AtomicBool, AtomicI64, AtomicU64, Ordering};
use std::sync::mpsc;
use std::time::{Duration, Instant};

use clap::Args;
use serde::Serialize;
use tablic_core::bots::solver::Entry;
use tablic_core::bots::{split_bot_list, BotSpec};
use tablic_core::matches::{split_groups, MatchError, MatchPlan};
use tablic_core::tally::{BotSummary, MatchTally};

use crate::error::Failure;
use crate::output::{self, Align, Table};

/// Most threads `--threads` accepts.
const MAX_THREADS: usize = 1024;
/// Time between two progress lines (at most 5 a second).
const PROGRESS_EVERY: Duration = Duration::from_millis(200);

/// Play bots against each other over many seeded deals and report per-bot statistics.
///
/// Deal group g is dealt from derive_seed(SEED, g). Without --duplicate a group is one game,
/// bot i at seat i. With --duplicate a group is n games of the same deal (n = players): in
/// rotation r, bot i sits at seat (i + r) mod n, so every bot plays every seat of every deal
/// and the luck of the deal cancels out. In rotation r, bot i draws its randomness from
/// derive_seed(derive_seed(SEED, g), 1000 + r·n + i). Results are the same for any --threads.
#[derive(Args, Debug)]
#[command(after_help = MATCH_AFTER_HELP)]
pub struct MatchArgs {
    /// Bots, one per player (bot 0 first), comma-separated; their number is the number of players.
    #[arg(long, value_name = "BOTS", default_value = "random,random", long_help = players_help())]
    players: String,

    /// Number of deal groups: N games, or N·n games with --duplicate (n = players).
    #[arg(long, value_name = "N", default_value_t = 1000, value_parser = parse_games)]
    games: u64,

    /// Match seed, decimal or 0x-prefixed hex.
    #[arg(long, default_value = "1", value_parser = parse_seed)]
    seed: u64,

    /// Play every deal n times, the bots rotated one seat each time.
    #[arg(long)]
    duplicate: bool,

    /// Threads to play on; each plays a contiguous range of deal groups.
    #[arg(long, value_name = "T", default_value_t = 1, value_parser = parse_threads)]
    threads: usize,

    /// Print one JSON object instead of a table (fields below).
    #[arg(long)]
    json: bool,
}

const MATCH_AFTER_HELP: &str = "\
Table columns, one row per bot: points = mean score per game; margin = mean of (own total − \
mean of the others' totals) ± its standard error, computed over deal groups (each group's \
mean margin is one sample); wins/ties/losses (a tie shares the highest total); tablas per \
game; +3 = share of games with strictly the most cards; µs/move and max µs = mean and \
slowest decision time.

--json fields: games (games played), groups (deal groups), games_per_group, duplicate, \
seed, players (n); bots: [{bot (index), name, games, seats (games at each seat, seat 0 \
first), mean_points, mean_margin, margin_se (standard error over groups), \
margin_group_variance (sample variance of the per-group mean margin), wins, ties, losses, \
mean_tablas, most_cards_rate (0 to 1), decisions, mean_decision_us, max_decision_us}]; \
elapsed_s, games_per_s. Only the timing fields (elapsed_s, games_per_s, mean_decision_us, \
max_decision_us) change between runs.

A live progress line goes to stderr when stderr is a terminal.

Examples:
  tablic match --players greedy,random --games 10000 --duplicate --seed 1
  tablic match --players greedy,greedy --games 100000 --threads 4 --json";

fn players_help() -> String {
    format!(
        "Bots, one per player (bot 0 first), comma-separated; their number is the number of \
         players (2, 3, 4, 6, 8, 12, 16, 24 or 48). A bot is `name` or \
         `name:key=value,key=value`. Known bots: {}.",
        BotSpec::NAMES.join(", ")
    )
}

/// A game count: a whole number, at least 1 (a match of no games has no statistics).
fn parse_games(text: &str) -> Result<u64, String> {
    match text.trim().replace('_', "").parse::<u64>() {
        Ok(games) if games > 0 => Ok(games),
        _ => Err("expected a whole number, at least 1".to_string()),
    }
}

/// A thread count: 1 to `MAX_THREADS`.
fn parse_threads(text: &str) -> Result<usize, String> {
    match text.trim().parse::<usize>() {
        Ok(threads) if (1..=MAX_THREADS).contains(&threads) => Ok(threads),
        _ => Err(format!("expected a whole number from 1 to {MAX_THREADS}")),
    }
}

/// A seed as users write them: decimal, or hex after `0x`.
pub fn parse_seed(text: &str) -> Result<u64, String> {
    let text = text.trim();
    let parsed = match text.strip_prefix("0x").or_else(|| text.strip_prefix("0X")) {
        Some(hex) => u64::from_str_radix(&hex.replace('_', ""), 16),
        None => text.replace('_', "").parse(),
    };
    parsed.map_err(|_| "expected a number below 2^64, decimal or 0x hex".to_string())
}

/// Parses a bot list such as `greedy,random` into a plan; the bot count must be a player
/// count.
pub fn plan(bot_list: &str, seed: u64, duplicate: bool) -> Result<MatchPlan, Failure> {
    let bots = split_bot_list(bot_list)
        .map(|text| {
            text.parse::<BotSpec>()
                .map_err(|error| Failure::Usage(format!("--players: {error}")))
        })
        .collect::<Result<Vec<_>, _>>()?;
    MatchPlan::new(&bots, seed, duplicate)
        .map_err(|error| Failure::Usage(format!("--players: {error}")))
}

/// A clock for the core's decision timing: nanoseconds since `origin`.
pub fn clock_since(origin: Instant) -> impl FnMut() -> u64 {
    move || origin.elapsed().as_nanos() as u64
}

/// What the worker threads share with the progress line.
#[derive(Default)]
struct Progress {
    games: AtomicU64,
    /// Bot 0's summed scaled margin (see `BotGame::scaled_margin`).
    scaled_margin: AtomicI64,
    /// Set when a worker fails, so the others stop early.
    stop: AtomicBool,
}

/// Plays `groups` of `plan` into a tally, reporting each group to `progress`.
fn play_piece(
    plan: &MatchPlan,
    groups: std::ops::Range<u64>,
    progress: &Progress,
) -> Result<MatchTally, MatchError> {
    let mut tally = MatchTally::for_plan(plan);
    let mut clock = clock_since(Instant::now());
    // The solving bots' transposition tables, one set per thread.
    let mut memory = vec![Entry::EMPTY; plan.memory_entries()];
    for group in groups {
        if progress.stop.load(Ordering::Relaxed) {
            break;
        }
        let (games, margin) = (tally.games(), tally.bot(0).scaled_margin);
        if let Err(error) = plan.play_group(group, &mut tally, &mut clock, &mut memory) {
            progress.stop.store(true, Ordering::Relaxed);
            return Err(error);
        }
        progress
            .games
            .fetch_add(tally.games() - games, Ordering::Relaxed);
        progress
            .scaled_margin
            .fetch_add(tally.bot(0).scaled_margin - margin, Ordering::Relaxed);
    }
    Ok(tally)
}

/// Plays groups `0..groups` on `threads` threads, each a contiguous range, and merges the
/// tallies in order. Shows a progress line on stderr if `show_progress`.
fn play_match(
    plan: &MatchPlan,
    groups: u64,
    threads: usize,
    show_progress: bool,
) -> Result<MatchTally, Failure> {
    let progress = Progress::default();
    let total_games = groups.saturating_mul(plan.games_per_group() as u64);
    let start = Instant::now();
    let results: Vec<Result<MatchTally, MatchError>> = std::thread::scope(|scope| {
        let (done, finished) = mpsc::channel::<()>();
        let workers: Vec<_> = (0..threads as u64)
            .map(|part| {
                let piece = split_groups(groups, threads as u64, part);
                let (progress, done) = (&progress, done.clone());
                scope.spawn(move || {
                    let result = play_piece(plan, piece, progress);
                    let _ = done.send(());
                    result
                })
            })
            .collect();
        drop(done);
        if show_progress {
            let mut line = ProgressLine::default();
            let mut running = threads;
            while running > 0 {
                match finished.recv_timeout(PROGRESS_EVERY) {
                    Ok(()) => running -= 1,
                    Err(mpsc::RecvTimeoutError::Timeout) => {}
                    Err(mpsc::RecvTimeoutError::Disconnected) => break,
                }
                line.show(&progress, total_games, plan, start);
            }
            line.erase();
        }
        workers
            .into_iter()
            .map(|worker| worker.join().expect("a match thread panicked"))
            .collect()
    });
    let mut tally = MatchTally::for_plan(plan);
    for result in results {
        let piece = result.map_err(|error| Failure::Runtime(error.to_string()))?;
        tally.merge(&piece);
    }
    Ok(tally)
}

/// The live progress line on stderr, rewritten in place.
#[derive(Default)]
struct ProgressLine {
    last: Option<Instant>,
    shown: bool,
}

impl ProgressLine {
    fn show(&mut self, progress: &Progress, total: u64, plan: &MatchPlan, start: Instant) {
        if self
            .last
            .is_some_and(|last| last.elapsed() < PROGRESS_EVERY)
        {
            return;
        }
        self.last = Some(Instant::now());
        let games = progress.games.load(Ordering::Relaxed);
        let scaled = progress.scaled_margin.load(Ordering::Relaxed);
        let others = (plan.players().get() - 1) as f64;
        let margin = if games > 0 {
            scaled as f64 / others / games as f64
        } else {
            0.0
        };
        let name = plan
            .bots()
            .first()
            .map_or(String::new(), |bot| bot.to_string());
        let _ = write!(
            std::io::stderr(),
            "\r\x1b[K{games}/{total} games, {:.1} s, margin of bot 0 ({name}) {margin:+.3}",
            start.elapsed().as_secs_f64()
        );
        self.shown = true;
    }

    fn erase(&self) {
        if self.shown {
            let _ = write!(std::io::stderr(), "\r\x1b[K");
        }
    }
}

/// What `--json` prints.
#[derive(Serialize, Debug)]
struct MatchReport {
    games: u64,
    groups: u64,
    games_per_group: usize,
    duplicate: bool,
    seed: u64,
    players: usize,
    bots: Vec<BotReport>,
    elapsed_s: f64,
    games_per_s: f64,
    #[serde(skip)]
    threads: usize,
}

#[derive(Serialize, Debug)]
struct BotReport {
    bot: usize,
    name: String,
    games: u64,
    seats: Vec<u64>,
    mean_points: f64,
    mean_margin: f64,
    margin_se: f64,
    margin_group_variance: f64,
    wins: u64,
    ties: u64,
    losses: u64,
    mean_tablas: f64,
    most_cards_rate: f64,
    decisions: u64,
    mean_decision_us: f64,
    max_decision_us: f64,
}

impl BotReport {
    fn new(bot: usize, spec: &BotSpec, seats: &[u64], summary: &BotSummary) -> BotReport {
        BotReport {
            bot,
            name: spec.to_string(),
            games: summary.games,
            seats: seats.to_vec(),
            mean_points: summary.mean_points,
            mean_margin: summary.mean_margin,
            margin_se: summary.margin_error_variance.sqrt(),
            margin_group_variance: summary.margin_variance,
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

impl MatchReport {
    fn new(plan: &MatchPlan, tally: &MatchTally, threads: usize, elapsed_s: f64) -> MatchReport {
        let n = plan.players().get();
        let bots = tally
            .bots()
            .iter()
            .zip(plan.bots())
            .enumerate()
            .map(|(bot, (totals, spec))| {
                BotReport::new(bot, spec, &totals.seats[..n], &tally.summary(bot))
            })
            .collect();
        let games = tally.games();
        MatchReport {
            games,
            groups: tally.groups(),
            games_per_group: plan.games_per_group(),
            duplicate: plan.is_duplicate(),
            seed: plan.seed(),
            players: n,
            bots,
            elapsed_s,
            games_per_s: if elapsed_s > 0.0 {
                games as f64 / elapsed_s
            } else {
                0.0
            },
            threads,
        }
    }

    fn table(&self) -> String {
        let mut table = Table::new(&[
            ("bot", Align::Right),
            ("name", Align::Left),
            ("points", Align::Right),
            ("margin", Align::Right),
            ("wins", Align::Right),
            ("ties", Align::Right),
            ("losses", Align::Right),
            ("tablas", Align::Right),
            ("+3", Align::Right),
            ("µs/move", Align::Right),
            ("max µs", Align::Right),
        ]);
        for bot in &self.bots {
            table.row(vec![
                bot.bot.to_string(),
                bot.name.clone(),
                format!("{:.3}", bot.mean_points),
                format!("{:+.3} ± {:.3}", bot.mean_margin, bot.margin_se),
                bot.wins.to_string(),
                bot.ties.to_string(),
                bot.losses.to_string(),
                format!("{:.3}", bot.mean_tablas),
                format!("{:.1}%", 100.0 * bot.most_cards_rate),
                format!("{:.2}", bot.mean_decision_us),
                format!("{:.0}", bot.max_decision_us),
            ]);
        }
        let deals = if self.duplicate {
            format!(
                " ({} deals × {} seatings)",
                self.groups, self.games_per_group
            )
        } else {
            String::new()
        };
        let threads = match self.threads {
            1 => "1 thread".to_string(),
            threads => format!("{threads} threads"),
        };
        format!(
            "{}{} games{deals}, seed {}, {threads}, {:.2} s, {:.0} games/s\n",
            table.render(),
            self.games,
            self.seed,
            self.elapsed_s,
            self.games_per_s
        )
    }
}

/// Runs `tablic match`.
pub fn run(args: &MatchArgs) -> Result<ExitCode, Failure> {
    let plan = plan(&args.players, args.seed, args.duplicate)?;
    let start = Instant::now();
    let show_progress = std::io::stderr().is_terminal();
    let tally = play_match(&plan, args.games, args.threads, show_progress)?;
    let report = MatchReport::new(&plan, &tally, args.threads, start.elapsed().as_secs_f64());

    let mut out = output::stdout();
    if args.json {
        let json = serde_json::to_string(&report)
            .map_err(|error| Failure::Runtime(format!("JSON: {error}")))?;
        writeln!(out, "{json}")?;
    } else {
        write!(out, "{}", report.table())?;
    }
    out.flush()?;
    Ok(ExitCode::SUCCESS)
}
