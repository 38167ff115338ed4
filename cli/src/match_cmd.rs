//! `tablic match`: bots play many seeded games; per-bot statistics.
//!
//! The match itself (deals, seats, seeds, games, statistics) is `tablic_core::matches` and
//! `tablic_core::matches::tally`; this module parses arguments, runs pieces of the match on threads,
//! shows progress, and prints.

use std::io::{IsTerminal, Write};
use std::process::ExitCode;
use std::sync::atomic::{AtomicBool, AtomicI64, AtomicU64, Ordering};
use std::sync::mpsc;
use std::time::{Duration, Instant};

use clap::Args;
use serde::Serialize;
use tablic_core::bots::{split_bot_list, BotSpec};
use tablic_core::game::match_to_target::MAX_TARGET;
use tablic_core::matches::checkpoint::MatchArguments;
use tablic_core::matches::chunks::Chunks;
use tablic_core::matches::tally::{BotSummary, MarginSummary, MatchTally};
use tablic_core::matches::timing::DecisionTimer;
use tablic_core::matches::{split_groups, MatchPlan};
use tablic_core::Rules;

use crate::arena::{ForfeitNote, Lineup, Player, PlayerArgs, Seated, Seating, TableInfo};
use crate::checkpoint_file::{Checkpoint, CheckpointArgs};
use crate::error::Failure;
use crate::output::{self, Align, Table};
use crate::rules_flags::{describe, RulesFlags};
use crate::target_match;

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

    /// After the table, each bot's margin deal by deal: where it gains on the others.
    #[arg(long)]
    by_deal: bool,

    /// Play every deal group as a match to POINTS (101 at a table) instead of one game,
    /// and report each bot's share of matches won and the games a match takes.
    #[arg(long, value_name = "POINTS", value_parser = parse_target, conflicts_with = "by_deal")]
    to: Option<u32>,

    #[command(flatten)]
    players_from: PlayerArgs,

    #[command(flatten)]
    rules: RulesFlags,

    #[command(flatten)]
    checkpoint: CheckpointArgs,
}

const MATCH_AFTER_HELP: &str = "\
Table columns, one row per bot: points = mean score per game; margin = mean of (own total − \
mean of the others' totals) ± its standard error, computed over deal groups (each group's \
mean margin is one sample); wins/ties/losses (a tie shares the highest total); tablas per \
game; +3 = share of games with strictly the most cards; µs/move and max µs = mean and \
slowest decision time (every decision of a bot averaging 1 µs or more is timed; a faster \
bot's first 32, then one in 61, the others counted at its timed mean). With engines in the match a forfeits column follows losses, and \
every forfeited game is listed below the table with its reason.

In sides (--pairs, --side-size K), bot i plays for side i mod s (s sides), with bots i + s, \
i + 2s… as partners: `--players best,minimax,greedy,minimax --pairs` seats best and greedy \
against two minimax bots. A bot's points, margin and standing are its side's (margin = side \
total − mean of the other sides' totals), and a side column shows each bot's side; tablas \
stay each bot's own. With --duplicate a deal is played once for each side, every bot moving \
one seat each time, so the sides swap the deal's seats and partners stay partners. An \
engine's forfeit loses the game for its side.

--to POINTS makes every deal group a match to POINTS (a match to 101 as played at a \
table; any target from 1 to 1000000): games follow one another, the lead moving one player \
each game, until a side has reached the target and leads alone. The table then gives, for \
each bot, the share of matches its side won ± its standard error over deal groups, and the \
mean games a match took. With --duplicate each match is played once for each side, the bots \
moved one seat each time. --json fields: target, matches, groups, duplicate, seed, players, \
rules (when not the original's); bots: [{bot, name, side, matches, won_share, won_se, \
mean_games}]; elapsed_s. Built-in bots only.

--by-deal adds a second table: each bot's margin in each deal of the game (deal 1, deal 2, \
…, the last with what is counted at the end: the table's last cards and the +3), as the \
mean ± its standard error over deal groups. The deals' means add up to the margin. In a \
forfeited game the deal of the forfeit holds the rest of the forfeit's margin, and later \
deals 0.

Engines: --engine COMMAND (repeatable) starts a bot program that speaks the line protocol \
of PROTOCOL.md; in --players, engine:K is the K-th --engine (0 first) and a bare `engine` \
the next one, so `--players greedy,engine --engine \"python3 bot.py\"` seats the program \
as bot 1. An engine that answers illegally, too late (--move-time), not at all, or with \
anything else than the protocol allows forfeits that game: the game stops, the engine \
scores 0 and loses, every other bot scores 25 and wins. The match goes on, with a fresh \
process if the engine died. Each thread runs its own copy of each engine.

--save-records DIR writes each game as a record, DIR/gGGGGGG-rR.txt (group G, rotation R), \
with its seats' names and a comment naming the game (and a forfeit); `tablic replay`, \
`review` and `render` read them.

--json fields: games (games played), groups (deal groups), games_per_group, duplicate, \
seed, players (n); bots: [{bot (index), name, games, seats (games at each seat, seat 0 \
first), mean_points, mean_margin, margin_se (standard error over groups), \
margin_group_variance (sample variance of the per-group mean margin), margin_by_deal \
([{mean, se}] for each deal of the game, deal 1 first: the margin's parts, as --by-deal \
prints them), wins, ties, losses, \
mean_tablas, most_cards_rate (0 to 1), decisions, mean_decision_us, max_decision_us}]; \
elapsed_s, games_per_s. With engines also: forfeits (per bot), command (per engine), \
forfeit_games: [{group, rotation, player (bot), name, seat, kind (illegal, timeout, crash \
or protocol), reason}]. Only the timing fields (elapsed_s, games_per_s, mean_decision_us, \
max_decision_us) change between runs.

A live progress line goes to stderr when stderr is a terminal.

Examples:
  tablic match --players greedy,random --games 10000 --duplicate --seed 1
  tablic match --players best,minimax --games 500 --duplicate --threads 2 --by-deal
  tablic match --players greedy,greedy --games 100000 --threads 4 --json
  tablic match --players minimax,greedy,minimax,greedy --pairs --games 500 --duplicate
  tablic match --players best,best:alone=1,best,best:alone=1 --pairs --games 500 --duplicate
  tablic match --players best,minimax --to 101 --games 500 --duplicate --threads 2
  tablic match --players greedy,engine --engine \"python3 examples/bots/first.py\" --games 10";

fn players_help() -> String {
    format!(
        "Bots, one per player (bot 0 first), comma-separated; their number is the number of \
         players (2, 3, 4, 6, 8, 12, 16, 24 or 48). A bot is `name` or \
         `name:key=value,key=value`, or `engine:K` / `engine` for an --engine program. In \
         pairs, `pimc` and `ismcts`/`best` take `alone=1` to play for their own seat, their \
         partner taken for an opponent (what playing for the side is worth). Known bots: {}.",
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

/// A match's target score (`--to`): 1 to the core's most.
pub fn parse_target(text: &str) -> Result<u32, String> {
    match text.trim().parse::<u32>() {
        Ok(target) if (1..=MAX_TARGET).contains(&target) => Ok(target),
        _ => Err(format!(
            "expected a whole number of points from 1 to {MAX_TARGET}"
        )),
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

/// A piece of a match: its tally and its forfeits.
type Piece = (MatchTally, Vec<ForfeitNote>);

/// A finished chunk of a match (its index, tally and forfeits), or a failure.
type Done = Result<(u64, MatchTally, Vec<ForfeitNote>), Failure>;

/// Plays the chunks `mine` of `plan` in order, sending each finished one to `sender` and
/// each group's games to `progress`.
fn play_chunks(
    plan: &MatchPlan,
    lineup: &Lineup,
    chunks: &Chunks,
    mine: &[u64],
    progress: &Progress,
    sender: &mpsc::Sender<Done>,
) {
    let mut clock = clock_since(Instant::now());
    let mut timer = DecisionTimer::new(&mut clock);
    // The solving bots' transposition tables and the engines, one set per thread.
    let mut seating = Seating::new(plan.memory_entries());
    let seated: Vec<Seated<'_>> = lineup
        .players
        .iter()
        .enumerate()
        .map(|(key, player)| Seated { player, key })
        .collect();
    let info = TableInfo {
        table: None,
        players: &seated,
        records: lineup.records.as_ref(),
    };
    for &chunk in mine {
        let mut tally = MatchTally::for_plan(plan);
        let mut notes = Vec::new();
        for group in chunks.range(chunk) {
            if progress.stop.load(Ordering::Relaxed) {
                return;
            }
            let (games, margin) = (tally.games(), tally.bot(0).margin.scaled_margin);
            let played = seating.play_group(plan, &info, group, &mut tally, &mut timer, &mut notes);
            if let Err(error) = played {
                progress.stop.store(true, Ordering::Relaxed);
                let _ = sender.send(Err(error));
                return;
            }
            progress
                .games
                .fetch_add(tally.games() - games, Ordering::Relaxed);
            progress.scaled_margin.fetch_add(
                tally.bot(0).margin.scaled_margin - margin,
                Ordering::Relaxed,
            );
        }
        if sender.send(Ok((chunk, tally, notes))).is_err() {
            return;
        }
    }
}

/// Plays groups `0..groups` on `threads` threads, each a contiguous run of the unfinished
/// chunks (so an engine sees the games in order, as in a run on one thread), and merges the chunks' tallies (exact sums, so their order does not
/// matter). With a checkpoint, goes on from it and keeps it as chunks finish. Shows a
/// progress line on stderr if `show_progress`.
fn play_match(
    plan: &MatchPlan,
    lineup: &Lineup,
    groups: u64,
    threads: usize,
    show_progress: bool,
    mut checkpoint: Option<Checkpoint>,
) -> Result<Piece, Failure> {
    let loaded = match &checkpoint {
        Some(checkpoint) => checkpoint.load::<MatchTally>(groups)?,
        None => None,
    };
    let (mut chunks, mut tally) =
        loaded.unwrap_or_else(|| (Chunks::new(groups), MatchTally::for_plan(plan)));
    let unfinished: Vec<u64> = chunks.unfinished().collect();
    let progress = Progress::default();
    progress.games.store(tally.games(), Ordering::Relaxed);
    progress
        .scaled_margin
        .store(tally.bot(0).margin.scaled_margin, Ordering::Relaxed);
    let total_games = groups.saturating_mul(plan.games_per_group() as u64);
    let start = Instant::now();
    let mut notes = Vec::new();
    let (sender, finished) = mpsc::channel::<Done>();
    // The chunks' ranges, for the workers: `chunks` itself changes as they finish.
    let layout = Chunks::new(groups);
    let outcome: Result<(), Failure> = std::thread::scope(|scope| {
        let count = unfinished.len() as u64;
        for part in 0..threads.min(unfinished.len()) as u64 {
            let (sender, progress, chunks) = (sender.clone(), &progress, &layout);
            let mine = split_groups(count, threads as u64, part);
            let mine = &unfinished[mine.start as usize..mine.end as usize];
            scope.spawn(move || play_chunks(plan, lineup, chunks, mine, progress, &sender));
        }
        drop(sender);
        let mut line = ProgressLine::default();
        let result = loop {
            match finished.recv_timeout(PROGRESS_EVERY) {
                Ok(Ok((chunk, piece, piece_notes))) => {
                    tally.merge(&piece);
                    notes.extend(piece_notes);
                    chunks.mark_done(chunk);
                    if let Some(checkpoint) = &mut checkpoint {
                        if let Err(failure) = checkpoint.save(&chunks, &tally, false) {
                            break Err(failure);
                        }
                    }
                }
                Ok(Err(failure)) => break Err(failure),
                Err(mpsc::RecvTimeoutError::Timeout) => {}
                Err(mpsc::RecvTimeoutError::Disconnected) => break Ok(()),
            }
            if show_progress {
                line.show(&progress, total_games, lineup, start);
            }
        };
        progress.stop.store(true, Ordering::Relaxed);
        line.erase();
        result
    });
    // What finished is kept, whether the run failed or not.
    if let Some(checkpoint) = &mut checkpoint {
        checkpoint.save(&chunks, &tally, true)?;
    }
    outcome?;
    notes.sort_by_key(|note| (note.group, note.rotation));
    Ok((tally, notes))
}

/// The live progress line on stderr, rewritten in place.
#[derive(Default)]
struct ProgressLine {
    last: Option<Instant>,
    shown: bool,
}

impl ProgressLine {
    fn show(&mut self, progress: &Progress, total: u64, lineup: &Lineup, start: Instant) {
        if self
            .last
            .is_some_and(|last| last.elapsed() < PROGRESS_EVERY)
        {
            return;
        }
        self.last = Some(Instant::now());
        let games = progress.games.load(Ordering::Relaxed);
        let scaled = progress.scaled_margin.load(Ordering::Relaxed);
        let others = (lineup.players.len().max(2) - 1) as f64;
        let margin = if games > 0 {
            scaled as f64 / others / games as f64
        } else {
            0.0
        };
        let name = lineup
            .players
            .first()
            .map_or(String::new(), |player| player.name());
        let _ = write!(
            std::io::stderr(),
            "\r\x1b[K{games}/{}, {:.1} s, margin of bot 0 ({name}) {margin:+.3}",
            output::count(total, "game"),
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
    /// The rules, as a record writes them, unless they are the original's.
    #[serde(skip_serializing_if = "Option::is_none")]
    rules: Option<String>,
    bots: Vec<BotReport>,
    #[serde(skip_serializing_if = "Option::is_none")]
    forfeit_games: Option<Vec<ForfeitNote>>,
    #[serde(skip)]
    rules_described: String,
    elapsed_s: f64,
    games_per_s: f64,
    #[serde(skip)]
    threads: usize,
}

#[derive(Serialize, Debug)]
struct BotReport {
    bot: usize,
    name: String,
    /// The side it plays for, when players play in sides.
    #[serde(skip_serializing_if = "Option::is_none")]
    side: Option<usize>,
    games: u64,
    seats: Vec<u64>,
    mean_points: f64,
    mean_margin: f64,
    margin_se: f64,
    margin_group_variance: f64,
    margin_by_deal: Vec<DealMargin>,
    wins: u64,
    ties: u64,
    losses: u64,
    #[serde(skip_serializing_if = "Option::is_none")]
    forfeits: Option<u64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    command: Option<String>,
    mean_tablas: f64,
    most_cards_rate: f64,
    decisions: u64,
    mean_decision_us: f64,
    max_decision_us: f64,
}

/// A bot's margin in one deal of the game, as `--json` and `--by-deal` give it (`match`'s
/// and `tournament`'s).
#[derive(Serialize, Debug)]
pub struct DealMargin {
    pub mean: f64,
    pub se: f64,
}

impl DealMargin {
    /// The margin in each of `deals` deals, deal 0 first, from the core's summary of each.
    pub fn every(deals: usize, summary: impl Fn(usize) -> MarginSummary) -> Vec<DealMargin> {
        (0..deals)
            .map(summary)
            .map(|margin| DealMargin {
                mean: margin.mean,
                se: margin.error_variance.sqrt(),
            })
            .collect()
    }
}

/// The margin by deal as a table: the columns that name a row (`named`), then `deal 1`,
/// `deal 2`, …, `deal N + end`; each row is its names and its deals' margins.
pub fn by_deal_table<'a>(
    named: &[(&str, Align)],
    rows: impl IntoIterator<Item = (Vec<String>, &'a [DealMargin])>,
) -> String {
    let rows: Vec<_> = rows.into_iter().collect();
    let deals = rows.first().map_or(0, |(_, margins)| margins.len());
    let names: Vec<String> = (1..=deals)
        .map(|deal| match deal {
            last if last == deals => format!("deal {deal} + end"),
            _ => format!("deal {deal}"),
        })
        .collect();
    let mut columns = named.to_vec();
    columns.extend(names.iter().map(|name| (name.as_str(), Align::Right)));
    let mut table = Table::new(&columns);
    for (mut row, margins) in rows {
        row.extend(
            margins
                .iter()
                .map(|deal| format!("{:+.2} ± {:.2}", deal.mean, deal.se)),
        );
        table.row(row);
    }
    table.render()
}

impl BotReport {
    fn new(
        bot: usize,
        player: &Player,
        seats: &[u64],
        summary: &BotSummary,
        margin_by_deal: Vec<DealMargin>,
    ) -> BotReport {
        BotReport {
            bot,
            name: player.name(),
            side: None,
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
            forfeits: None,
            command: player.command().map(str::to_string),
            mean_tablas: summary.mean_tablas,
            most_cards_rate: summary.most_cards_rate,
            decisions: summary.decisions,
            mean_decision_us: summary.mean_decision_ns / 1000.0,
            max_decision_us: summary.max_decision_ns as f64 / 1000.0,
        }
    }
}

impl MatchReport {
    fn new(
        plan: &MatchPlan,
        lineup: &Lineup,
        (tally, notes): &Piece,
        threads: usize,
        elapsed_s: f64,
    ) -> MatchReport {
        let n = plan.players().get();
        let bots = tally
            .bots()
            .iter()
            .zip(&lineup.players)
            .enumerate()
            .map(|(bot, (totals, player))| {
                let summary = tally.summary(bot);
                let by_deal =
                    DealMargin::every(tally.deals(), |deal| tally.deal_summary(bot, deal));
                let mut report = BotReport::new(bot, player, &totals.seats[..n], &summary, by_deal);
                if !plan.rules().is_everyone_alone() {
                    report.side = Some(plan.side_of_bot(bot));
                }
                if lineup.has_engines {
                    report.forfeits = Some(summary.forfeits);
                }
                report
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
            rules: (plan.rules() != Rules::ORIGINAL).then(|| plan.rules().to_string()),
            bots,
            forfeit_games: lineup.has_engines.then(|| notes.clone()),
            rules_described: describe(plan.rules()),
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
        let engines = self.forfeit_games.is_some();
        let sides = self.bots.iter().any(|bot| bot.side.is_some());
        let mut columns = vec![("bot", Align::Right), ("name", Align::Left)];
        if sides {
            columns.push(("side", Align::Right));
        }
        columns.extend([
            ("points", Align::Right),
            ("margin", Align::Right),
            ("wins", Align::Right),
            ("ties", Align::Right),
            ("losses", Align::Right),
        ]);
        if engines {
            columns.push(("forfeits", Align::Right));
        }
        columns.extend([
            ("tablas", Align::Right),
            ("+3", Align::Right),
            ("µs/move", Align::Right),
            ("max µs", Align::Right),
        ]);
        let mut table = Table::new(&columns);
        for bot in &self.bots {
            let mut row = vec![bot.bot.to_string(), bot.name.clone()];
            row.extend(bot.side.map(|side| side.to_string()));
            row.extend([
                format!("{:.3}", bot.mean_points),
                format!("{:+.3} ± {:.3}", bot.mean_margin, bot.margin_se),
                bot.wins.to_string(),
                bot.ties.to_string(),
                bot.losses.to_string(),
            ]);
            row.extend(bot.forfeits.map(|count| count.to_string()));
            row.extend([
                format!("{:.3}", bot.mean_tablas),
                format!("{:.1}%", 100.0 * bot.most_cards_rate),
                format!("{:.2}", bot.mean_decision_us),
                format!("{:.0}", bot.max_decision_us),
            ]);
            table.row(row);
        }
        let deals = if self.duplicate {
            format!(
                " ({} × {})",
                output::count(self.groups, "deal"),
                output::count(self.games_per_group as u64, "seating")
            )
        } else {
            String::new()
        };
        let rules = match self.rules_described.as_str() {
            "" => String::new(),
            described => format!(", {described}"),
        };
        let mut text = format!(
            "{}{}{deals}, seed {}{rules}, {}, {:.2} s, {:.0} games/s\n",
            table.render(),
            output::count(self.games, "game"),
            self.seed,
            output::count(self.threads as u64, "thread"),
            self.elapsed_s,
            self.games_per_s
        );
        text.push_str(&forfeit_lines(self.forfeit_games.as_deref().unwrap_or(&[])));
        text
    }

    /// Each bot's margin deal by deal.
    fn by_deal_table(&self) -> String {
        by_deal_table(
            &[("bot", Align::Right), ("name", Align::Left)],
            self.bots.iter().map(|bot| {
                let names = vec![bot.bot.to_string(), bot.name.clone()];
                (names, bot.margin_by_deal.as_slice())
            }),
        )
    }
}

/// Most forfeits listed under a table; the JSON lists them all.
const FORFEITS_LISTED: usize = 20;

/// `forfeit: …` lines, at most [`FORFEITS_LISTED`], then how many more there were.
pub fn forfeit_lines(notes: &[ForfeitNote]) -> String {
    let mut text = String::new();
    for note in notes.iter().take(FORFEITS_LISTED) {
        text.push_str(&format!("forfeit: {}\n", note.line()));
    }
    if notes.len() > FORFEITS_LISTED {
        text.push_str(&format!(
            "forfeit: … {} more (--json lists them all)\n",
            notes.len() - FORFEITS_LISTED
        ));
    }
    text
}

/// Runs `tablic match`.
pub fn run(args: &MatchArgs) -> Result<ExitCode, Failure> {
    let lineup = Lineup::parse(&args.players, &args.players_from)?;
    let plan = MatchPlan::new(&lineup.specs(), args.seed, args.duplicate)
        .map_err(|error| Failure::Usage(format!("--players: {error}")))?;
    let rules = args.rules.rules(plan.players())?;
    let plan = plan
        .with_rules(rules)
        .map_err(|error| Failure::Usage(format!("--players: {error}")))?;
    let of = MatchArguments {
        plan: &plan,
        games: args.games,
    };
    let checkpoint = args.checkpoint.open(&of, lineup.has_engines)?;
    if let Some(target) = args.to {
        if checkpoint.is_some() {
            return Err(Failure::Usage(
                "--checkpoint: a match to a target (--to) cannot be checkpointed".into(),
            ));
        }
        target_match::run(&plan, &lineup, target, args.games, args.threads, args.json)?;
        return Ok(ExitCode::SUCCESS);
    }
    let start = Instant::now();
    let show_progress = std::io::stderr().is_terminal();
    let played = play_match(
        &plan,
        &lineup,
        args.games,
        args.threads,
        show_progress,
        checkpoint,
    )?;
    let elapsed = start.elapsed().as_secs_f64();
    let report = MatchReport::new(&plan, &lineup, &played, args.threads, elapsed);

    output::print_report(args.json, &report, || {
        let mut text = report.table();
        if args.by_deal {
            text.push('\n');
            text.push_str(&report.by_deal_table());
        }
        text
    })?;
    Ok(ExitCode::SUCCESS)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn thread_counts_go_up_to_1024() {
        assert_eq!(parse_threads("1024"), Ok(MAX_THREADS));
        assert_eq!(
            parse_threads("1025"),
            Err("expected a whole number from 1 to 1024".to_string())
        );
        assert!(parse_threads("0").is_err());
    }
}
