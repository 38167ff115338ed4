//! `tablic bench`: fixed, seeded workloads and one JSON object of figures, so that two builds
//! or two machines can be compared by running the same command.

use std::hint::black_box;
use std::io::Write;
use std::process::ExitCode;
use std::time::{Duration, Instant};

use clap::Args;
use serde::ser::SerializeMap;
use serde::{Serialize, Serializer};
use tablic_core::capture::for_each_legal_capture;
use tablic_core::dealing::seeding::derive_seed;
use tablic_core::matches::timing::DecisionTimer;
use tablic_core::{Card, CardSet, Deck};

use crate::error::Failure;
use crate::match_cmd;
use crate::output;

/// Seed of every bench workload: changing it changes the figures' meaning.
const BENCH_SEED: u64 = 0xBE7C;
/// Table sizes timed for capture enumeration.
const TABLE_SIZES: [usize; 4] = [4, 8, 12, 16];
/// Positions per table size.
const POSITIONS: u64 = 1000;
/// Positions per table size with `--quick`: a debug build needs seconds for the full set.
const QUICK_POSITIONS: u64 = 100;
/// Timed runs per figure; the median is reported, robust to a run disturbed by the system.
const REPETITIONS: usize = 5;

/// Time fixed workloads and print one JSON object of figures.
///
/// Capture enumeration: for table sizes 4, 8, 12 and 16, 1000 positions dealt from seeded
/// decks (table = the top n cards, played card = the next one), every legal capture
/// enumerated; `captures_ns` is nanoseconds per position (median of 5 runs of at least
/// 0.3 s) and `captures_total` the captures over the 1000 positions, the same on every
/// machine. Then `random_games_per_s` and `greedy_games_per_s`: whole 2-player games per
/// second between two random and two greedy bots, on one thread (median of 5 runs of about
/// 0.3 s each). Build with --release for meaningful figures.
#[derive(Args, Debug)]
pub struct BenchArgs {
    /// The first 100 positions per size and runs of about 20 ms instead of 0.3 s: quick and
    /// noisy, for tests (`captures_total` then counts those 100 positions).
    #[arg(long)]
    quick: bool,
}

/// Values keyed by table size, written in size order (a JSON map would sort "12" before "4").
#[derive(Debug)]
struct BySize<T>(Vec<(usize, T)>);

impl<T: Serialize> Serialize for BySize<T> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let mut map = serializer.serialize_map(Some(self.0.len()))?;
        for (size, value) in &self.0 {
            map.serialize_entry(&size.to_string(), value)?;
        }
        map.end()
    }
}

#[derive(Serialize, Debug)]
struct BenchReport {
    positions: u64,
    captures_ns: BySize<f64>,
    captures_total: BySize<u64>,
    random_games_per_s: f64,
    greedy_games_per_s: f64,
    quick: bool,
    build: &'static str,
    machine: Machine,
}

#[derive(Serialize, Debug)]
struct Machine {
    cpus: usize,
}

/// The bench positions for one table size.
fn positions(table_size: usize, count: u64) -> Vec<(CardSet, Card)> {
    (0..count)
        .map(|position| {
            let deck = Deck::from_seed(derive_seed(BENCH_SEED, position));
            let cards = deck.cards();
            let table = cards[..table_size].iter().copied().collect();
            (table, cards[table_size])
        })
        .collect()
}

/// Every legal capture of every position, enumerated once; returns how many.
fn enumerate_all(positions: &[(CardSet, Card)]) -> u64 {
    let mut count = 0u64;
    for &(table, card) in positions {
        for_each_legal_capture(black_box(table), black_box(card), |capture| {
            black_box(capture);
            count += 1;
        });
    }
    count
}

fn median(mut values: Vec<f64>) -> f64 {
    values.sort_by(f64::total_cmp);
    values.get(values.len() / 2).copied().unwrap_or(0.0)
}

/// Nanoseconds per position: median over runs that each repeat whole passes for `run`.
fn time_captures(positions: &[(CardSet, Card)], run: Duration) -> f64 {
    let runs = (0..REPETITIONS)
        .map(|_| {
            let start = Instant::now();
            let mut passes = 0u64;
            while passes == 0 || start.elapsed() < run {
                black_box(enumerate_all(positions));
                passes += 1;
            }
            let enumerations = passes * positions.len().max(1) as u64;
            start.elapsed().as_nanos() as f64 / enumerations as f64
        })
        .collect();
    median(runs)
}

/// Games per second between `bots` (e.g. `greedy,greedy`): median over runs of whole games
/// for `run` each, every run the same games from game 0.
fn time_games(bots: &str, run: Duration) -> Result<f64, Failure> {
    let plan = match_cmd::plan(bots, BENCH_SEED, false)?;
    let mut runs = Vec::with_capacity(REPETITIONS);
    for _ in 0..REPETITIONS {
        let start = Instant::now();
        let mut games = 0u64;
        while games == 0 || start.elapsed() < run {
            let outcome = plan
                .play_game(games, 0, &mut DecisionTimer::untimed(), &mut [])
                .map_err(|error| Failure::Runtime(error.to_string()))?;
            black_box(outcome);
            games += 1;
        }
        runs.push(games as f64 / start.elapsed().as_secs_f64());
    }
    Ok(median(runs))
}

/// Rounds a figure for printing: more digits would only be noise.
fn round(value: f64, decimals: i32) -> f64 {
    let scale = 10f64.powi(decimals);
    (value * scale).round() / scale
}

/// Runs `tablic bench`.
pub fn run(args: &BenchArgs) -> Result<ExitCode, Failure> {
    let (count, run) = if args.quick {
        (QUICK_POSITIONS, Duration::from_millis(20))
    } else {
        (POSITIONS, Duration::from_millis(300))
    };
    let mut captures_ns = Vec::new();
    let mut captures_total = Vec::new();
    for size in TABLE_SIZES {
        let positions = positions(size, count);
        // The untimed pass counts, and warms caches for the timed ones.
        captures_total.push((size, enumerate_all(&positions)));
        captures_ns.push((size, round(time_captures(&positions, run), 1)));
    }
    let report = BenchReport {
        positions: count,
        captures_ns: BySize(captures_ns),
        captures_total: BySize(captures_total),
        random_games_per_s: round(time_games("random,random", run)?, 0),
        greedy_games_per_s: round(time_games("greedy,greedy", run)?, 0),
        quick: args.quick,
        build: if cfg!(debug_assertions) {
            "debug"
        } else {
            "release"
        },
        machine: Machine {
            cpus: std::thread::available_parallelism().map_or(1, |n| n.get()),
        },
    };
    let json = serde_json::to_string(&report)
        .map_err(|error| Failure::Runtime(format!("JSON: {error}")))?;
    let mut out = output::stdout();
    writeln!(out, "{json}")?;
    out.flush()?;
    Ok(ExitCode::SUCCESS)
}
