//! `tablic tournament`: every table of `--size` entrants plays a match; standings rank the
//! entrants over all their tables.
//!
//! The plan, the tables and the standings are `tablic_core::matches::tournament`; this module runs
//! (table, deal group) pieces on threads, shows a progress bar, stops cleanly on Ctrl-C,
//! and prints the ranking as a table, JSON or CSV.

use std::collections::HashMap;
use std::io::{IsTerminal, Write};
use std::path::PathBuf;
use std::process::ExitCode;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::{mpsc, Arc};
use std::time::{Duration, Instant};

use clap::Args;
use serde::Serialize;
use tablic_core::matches::checkpoint::TournamentArguments;
use tablic_core::matches::chunks::Chunks;
use tablic_core::matches::tally::{BotSummary, MatchTally};
use tablic_core::matches::timing::DecisionTimer;
use tablic_core::matches::tournament::{Standings, Table, TournamentError, TournamentPlan};
use tablic_core::PlayerCount;

use crate::arena::{ForfeitNote, Lineup, Player, PlayerArgs, Seated, Seating, TableInfo};
use crate::checkpoint_file::CheckpointArgs;
use crate::error::Failure;
use crate::match_cmd::{by_deal_table, clock_since, forfeit_lines, parse_seed, DealMargin};
use crate::output::{self, Align, Table as TextTable};
use crate::rules_flags::{describe, RulesFlags};

/// Exit status after Ctrl-C (128 + SIGINT), as shells report it.
const EXIT_INTERRUPTED: u8 = 130;
/// Time between two redraws of the progress bar.
const PROGRESS_EVERY: Duration = Duration::from_millis(200);

/// A round robin: every table of --size entrants plays --games deal groups; entrants are
/// ranked by points per game over all their tables.
///
/// Table t (the t-th combination of entrants, in order) plays the match of its entrants,
/// in field order, from seed derive_seed(SEED, t), exactly as `tablic match` would; with
/// --duplicate each deal is played in every seat rotation. Results are the same for any
/// --threads.
#[derive(Args, Debug)]
#[command(after_help = TOURNAMENT_AFTER_HELP)]
pub struct TournamentArgs {
    /// Entrants, comma-separated: built-in bots (`name` or `name:key=value,…`) and
    /// engines (`engine:K` or `engine`, see --engine); at least --size of them.
    #[arg(long, value_name = "ENTRANTS")]
    players: String,

    /// Deal groups per table: N games, or N·size games with --duplicate.
    #[arg(long, value_name = "N", default_value_t = 100, value_parser = parse_games)]
    games: u64,

    /// Tournament seed, decimal or 0x-prefixed hex.
    #[arg(long, default_value = "1", value_parser = parse_seed)]
    seed: u64,

    #[arg(long, value_name = "N", default_value_t = 2, help = format!(
        "Seats at a table: {} (the player counts the rules deal for), at most the number of entrants",
        table_sizes()
    ))]
    size: usize,

    /// Play every deal once in each seat rotation of its table.
    #[arg(long)]
    duplicate: bool,

    /// Threads to play on.
    #[arg(long, value_name = "T", default_value_t = 1, value_parser = parse_threads)]
    threads: usize,

    /// Also write the standings as CSV to FILE.
    #[arg(long, value_name = "FILE")]
    csv: Option<PathBuf>,

    /// Print one JSON object instead of the ranking table (fields below).
    #[arg(long)]
    json: bool,

    /// After the ranking, each entrant's margin deal by deal: where it gains on the others.
    #[arg(long)]
    by_deal: bool,

    #[command(flatten)]
    players_from: PlayerArgs,

    #[command(flatten)]
    rules: RulesFlags,

    #[command(flatten)]
    checkpoint: CheckpointArgs,
}

const TOURNAMENT_AFTER_HELP: &str = "\
Ranking columns: rank; entrant (its index in --players); name; games; points = mean score \
per game, the ranking key (ties: the larger margin first, then the earlier entrant); \
margin = mean of (own total − mean of the others' totals) ± its standard error over the \
deal groups of all its tables; wins, ties, losses; forfeits (games lost by forfeit, in \
losses too); tablas per game; µs/move = mean decision time.

--by-deal adds a second table, one row per entrant in the ranking's order: its margin in \
each deal of the game (deal 1, deal 2, …, the last with what is counted at the end: the \
table's last cards and the +3), as the mean ± its standard error over the deal groups of \
all its tables, as `tablic match --by-deal` gives it. The deals' means add up to the margin.

Forfeits: an engine that answers illegally, too late, not at all or off the protocol \
loses that game by forfeit: the game stops, it scores 0, every other seat scores 25 and \
wins. Each forfeited game is listed under the table with its reason.

--csv FILE columns: rank,entrant,name,games,mean_points,mean_margin,margin_se,wins,ties,\
losses,forfeits,mean_tablas,most_cards_rate,mean_decision_us,max_decision_us, then \
margin_deal_1,margin_deal_1_se and so on for each deal of the game (as --by-deal).

--json fields: size, entrants, tables, groups_per_table, games_per_group, duplicate, seed, \
games (played), interrupted; standings: [{rank, entrant, name, command (engines only), \
games, mean_points, mean_margin, margin_se, margin_by_deal ([{mean, se}] for each deal of \
the game, deal 1 first: the margin's parts, as --by-deal prints them), wins, ties, losses, \
forfeits, mean_tablas, most_cards_rate, decisions, mean_decision_us, max_decision_us}]; forfeit_games: [{table, \
group, rotation, player (entrant), name, seat, kind, reason}]; elapsed_s.

--save-records DIR writes each game to DIR/tTTTT-gGGGGGG-rR.txt (table, group, rotation).

A progress bar goes to stderr when it is a terminal. Ctrl-C stops the tournament, prints \
the standings of the deal groups finished so far (games in progress are dropped), and \
exits with status 130.

Examples:
  tablic tournament --players greedy,random,minimax --games 200 --duplicate
  tablic tournament --players best,minimax,greedy --games 100 --duplicate --threads 2 --by-deal
  tablic tournament --players greedy,random,engine --engine \"python3 examples/bots/first.py\" \
--games 20 --csv standings.csv";

fn parse_games(text: &str) -> Result<u64, String> {
    match text.trim().replace('_', "").parse::<u64>() {
        Ok(games) if games > 0 => Ok(games),
        _ => Err("expected a whole number, at least 1".to_string()),
    }
}

fn parse_threads(text: &str) -> Result<usize, String> {
    match text.trim().parse::<usize>() {
        Ok(threads) if (1..=1024).contains(&threads) => Ok(threads),
        _ => Err("expected a whole number from 1 to 1024".to_string()),
    }
}

/// The table sizes `--size` takes, for its help and its error: `2, 3, … or 48`.
fn table_sizes() -> String {
    let sizes: Vec<String> = PlayerCount::ALL
        .iter()
        .map(|count| count.get().to_string())
        .collect();
    match sizes.split_last() {
        Some((last, [])) => last.clone(),
        Some((last, first)) => format!("{} or {last}", first.join(", ")),
        None => String::new(),
    }
}

/// One finished (table, group) piece: its chunk, whether it is the chunk's last, its
/// table, tally and forfeits; or a failure.
type Done = Result<(u64, bool, Table, MatchTally, Vec<ForfeitNote>), Failure>;

/// The standings of finished chunks (what a checkpoint keeps), and of the pieces of
/// chunks under way, each chunk's apart.
struct Progress {
    finished: Standings,
    chunks: Chunks,
    open: HashMap<u64, Standings>,
    played: u64,
}

impl Progress {
    /// Every piece played so far, finished chunks or not.
    fn standings(&self) -> Standings {
        let mut all = self.finished.clone();
        for open in self.open.values() {
            all.merge(open);
        }
        all
    }
}

/// Games in `standings`: each is counted once for each of its `size` seats.
fn games_in(standings: &Standings, entrants: usize, size: usize) -> u64 {
    let seats: u64 = (0..entrants)
        .map(|entrant| standings.entrant(entrant).games)
        .sum();
    seats / size as u64
}

/// Runs `tablic tournament`.
pub fn run(args: &TournamentArgs) -> Result<ExitCode, Failure> {
    let lineup = Lineup::parse(&args.players, &args.players_from)?;
    let plan = TournamentPlan::new(&lineup.specs(), args.size, args.seed, args.duplicate).map_err(
        |error| {
            Failure::Usage(match error {
                TournamentError::TableSize(_) => format!(
                    "--size {}: a table seats {} players",
                    args.size,
                    table_sizes()
                ),
                other => format!("--players/--size: {other}"),
            })
        },
    )?;
    let rules = args.rules.rules(plan.size())?;
    let plan = plan
        .with_rules(rules)
        .map_err(|error| Failure::Usage(format!("--size: {error}")))?;
    let of = TournamentArguments {
        plan: &plan,
        games: args.games,
    };
    let mut checkpoint = args.checkpoint.open(&of, lineup.has_engines)?;
    // Opened now, so that a path that cannot be written is refused before the games, not
    // after them with the standings lost.
    let csv = match &args.csv {
        Some(path) => Some(
            std::fs::File::create(path)
                .map_err(|error| Failure::Usage(format!("--csv {}: {error}", path.display())))?,
        ),
        None => None,
    };
    // Tables are found by index as they are played: a large field has too many to list.
    let tables = plan.table_count();
    let groups = args.games;
    let pieces = tables
        .checked_mul(groups)
        .ok_or_else(|| Failure::Usage("too many games".into()))?;
    let first = plan.table(0).expect("a plan has a table");
    let games_per_group = plan.match_plan(&first).games_per_group() as u64;
    let total_games = pieces.saturating_mul(games_per_group);

    let interrupted = Arc::new(AtomicBool::new(false));
    {
        let interrupted = Arc::clone(&interrupted);
        // Without a handler Ctrl-C simply ends the process, which is fine too.
        let _ = ctrlc::set_handler(move || interrupted.store(true, Ordering::SeqCst));
    }
    let show_progress = std::io::stderr().is_terminal();
    let start = Instant::now();
    let entrants = plan.entrants().len();
    let loaded = match &checkpoint {
        Some(checkpoint) => checkpoint.load::<Standings>(pieces)?,
        None => None,
    };
    let (chunks, finished) =
        loaded.unwrap_or_else(|| (Chunks::new(pieces), Standings::for_plan(&plan)));
    let mut progress = Progress {
        played: games_in(&finished, entrants, args.size),
        finished,
        chunks,
        open: HashMap::new(),
    };
    let unfinished: Vec<u64> = progress.chunks.unfinished().collect();
    // The chunks' ranges, for the workers: `progress.chunks` changes as they finish.
    let layout = Chunks::new(pieces);
    let next = AtomicUsize::new(0);
    let stop = AtomicBool::new(false);
    let mut notes: Vec<ForfeitNote> = Vec::new();
    let memory: usize = {
        let mut needs: Vec<usize> = plan
            .entrants()
            .iter()
            .map(|spec| spec.memory_entries())
            .collect();
        needs.sort_unstable_by(|a, b| b.cmp(a));
        needs.iter().take(args.size).sum()
    };

    let (sender, results) = mpsc::channel::<Done>();
    let outcome: Result<(), Failure> = std::thread::scope(|scope| {
        for _ in 0..args.threads.min(unfinished.len()) {
            let sender = sender.clone();
            let (plan, lineup, next, stop) = (&plan, &lineup, &next, &stop);
            let (unfinished, layout) = (&unfinished, &layout);
            scope.spawn(move || {
                let mut seating = Seating::new(memory);
                let mut clock = clock_since(Instant::now());
                while let Some(&chunk) = unfinished.get(next.fetch_add(1, Ordering::Relaxed)) {
                    let range = layout.range(chunk);
                    for piece in range.clone() {
                        if stop.load(Ordering::Relaxed) {
                            return;
                        }
                        let (index, group) = (piece / groups, piece % groups);
                        let table = plan.table(index).expect("pieces are within the tables");
                        let matched = plan.match_plan(&table);
                        let seated: Vec<Seated<'_>> = table
                            .entrants()
                            .map(|entrant| Seated {
                                player: &lineup.players[entrant],
                                key: entrant,
                            })
                            .collect();
                        let info = TableInfo {
                            table: Some(table.index()),
                            players: &seated,
                            records: lineup.records.as_ref(),
                        };
                        let mut tally = MatchTally::for_plan(&matched);
                        let mut notes = Vec::new();
                        // A piece's table may seat other entrants than the last one's.
                        let mut timer = DecisionTimer::new(&mut clock);
                        let last = piece + 1 == range.end;
                        let result = seating
                            .play_group(&matched, &info, group, &mut tally, &mut timer, &mut notes)
                            .map(|()| (chunk, last, table, tally, notes));
                        let failed = result.is_err();
                        if sender.send(result).is_err() || failed {
                            return;
                        }
                    }
                }
            });
        }
        drop(sender);
        let mut bar = ProgressBar::default();
        loop {
            if interrupted.load(Ordering::SeqCst) {
                // Print now: a thread may be in the middle of a long game.
                stop.store(true, Ordering::Relaxed);
                bar.erase();
                if let Some(checkpoint) = &mut checkpoint {
                    checkpoint.save(&progress.chunks, &progress.finished, true)?;
                }
                notes.sort_by_key(|note| (note.table, note.group, note.rotation));
                let report = Report::new(
                    &plan,
                    &lineup,
                    &progress.standings(),
                    tables,
                    groups,
                    progress.played,
                    std::mem::take(&mut notes),
                    true,
                    start.elapsed().as_secs_f64(),
                );
                publish(args, csv.as_ref(), &report)?;
                let _ = writeln!(
                    std::io::stderr(),
                    "interrupted: standings after {} of {}",
                    progress.played,
                    output::count(total_games, "game")
                );
                // Games in progress are dropped; engines see their input close.
                std::process::exit(EXIT_INTERRUPTED.into());
            }
            match results.recv_timeout(PROGRESS_EVERY) {
                Ok(Ok((chunk, last, table, tally, piece_notes))) => {
                    progress.played += tally.games();
                    notes.extend(piece_notes);
                    let open = progress
                        .open
                        .entry(chunk)
                        .or_insert_with(|| Standings::for_plan(&plan));
                    open.add(&table, &tally);
                    if last {
                        let done = progress.open.remove(&chunk).expect("the chunk is open");
                        progress.finished.merge(&done);
                        progress.chunks.mark_done(chunk);
                        if let Some(checkpoint) = &mut checkpoint {
                            checkpoint.save(&progress.chunks, &progress.finished, false)?;
                        }
                    }
                }
                Ok(Err(failure)) => {
                    stop.store(true, Ordering::Relaxed);
                    bar.erase();
                    return Err(failure);
                }
                Err(mpsc::RecvTimeoutError::Timeout) => {}
                Err(mpsc::RecvTimeoutError::Disconnected) => {
                    bar.erase();
                    return Ok(());
                }
            }
            if show_progress {
                bar.show(progress.played, total_games, start);
            }
        }
    });
    // What finished is kept, whether the run failed or not.
    if let Some(checkpoint) = &mut checkpoint {
        checkpoint.save(&progress.chunks, &progress.finished, true)?;
    }
    outcome?;
    notes.sort_by_key(|note| (note.table, note.group, note.rotation));

    let report = Report::new(
        &plan,
        &lineup,
        &progress.standings(),
        tables,
        groups,
        progress.played,
        notes,
        false,
        start.elapsed().as_secs_f64(),
    );
    publish(args, csv.as_ref(), &report)?;
    Ok(ExitCode::SUCCESS)
}

/// Writes the CSV file if asked, and prints the report.
fn publish(
    args: &TournamentArgs,
    csv: Option<&std::fs::File>,
    report: &Report,
) -> Result<(), Failure> {
    if let (Some(mut file), Some(path)) = (csv, &args.csv) {
        file.write_all(report.csv().as_bytes())
            .and_then(|()| file.flush())
            .map_err(|error| Failure::Runtime(format!("--csv {}: {error}", path.display())))?;
    }
    output::print_report(args.json, &report, || {
        let mut text = report.table(args.threads);
        if args.by_deal {
            text.push('\n');
            text.push_str(&report.by_deal_table());
        }
        text
    })?;
    Ok(())
}

/// The progress bar on stderr, redrawn in place.
#[derive(Default)]
struct ProgressBar {
    shown: bool,
}

impl ProgressBar {
    fn show(&mut self, played: u64, total: u64, start: Instant) {
        const WIDTH: u64 = 30;
        let filled = (played * WIDTH).checked_div(total).unwrap_or(WIDTH);
        let bar: String = (0..WIDTH)
            .map(|i| if i < filled { '#' } else { '.' })
            .collect();
        let percent = (played * 100).checked_div(total).unwrap_or(100);
        let _ = write!(
            std::io::stderr(),
            "\r\x1b[K[{bar}] {percent:>3}%  {played}/{}, {:.1} s",
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

/// One entrant's line of the standings.
#[derive(Serialize, Debug)]
struct Entry {
    rank: usize,
    entrant: usize,
    name: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    command: Option<String>,
    games: u64,
    mean_points: f64,
    mean_margin: f64,
    margin_se: f64,
    margin_by_deal: Vec<DealMargin>,
    wins: u64,
    ties: u64,
    losses: u64,
    forfeits: u64,
    mean_tablas: f64,
    most_cards_rate: f64,
    decisions: u64,
    mean_decision_us: f64,
    max_decision_us: f64,
}

impl Entry {
    fn new(
        entrant: usize,
        player: &Player,
        summary: &BotSummary,
        margin_by_deal: Vec<DealMargin>,
    ) -> Entry {
        Entry {
            rank: 0,
            entrant,
            name: player.name(),
            command: player.command().map(str::to_string),
            games: summary.games,
            mean_points: summary.mean_points,
            mean_margin: summary.mean_margin,
            margin_se: summary.margin_error_variance.sqrt(),
            margin_by_deal,
            wins: summary.wins,
            ties: summary.ties,
            losses: summary.losses,
            forfeits: summary.forfeits,
            mean_tablas: summary.mean_tablas,
            most_cards_rate: summary.most_cards_rate,
            decisions: summary.decisions,
            mean_decision_us: summary.mean_decision_ns / 1000.0,
            max_decision_us: summary.max_decision_ns as f64 / 1000.0,
        }
    }
}

/// What `--json` prints.
#[derive(Serialize, Debug)]
struct Report {
    size: usize,
    entrants: usize,
    tables: u64,
    groups_per_table: u64,
    games_per_group: usize,
    duplicate: bool,
    seed: u64,
    /// The rules, as a record writes them, unless they are the original's.
    #[serde(skip_serializing_if = "Option::is_none")]
    rules: Option<String>,
    #[serde(skip)]
    rules_described: String,
    games: u64,
    interrupted: bool,
    standings: Vec<Entry>,
    forfeit_games: Vec<ForfeitNote>,
    elapsed_s: f64,
}

impl Report {
    #[allow(clippy::too_many_arguments)]
    fn new(
        plan: &TournamentPlan,
        lineup: &Lineup,
        standings: &Standings,
        tables: u64,
        groups: u64,
        games: u64,
        forfeit_games: Vec<ForfeitNote>,
        interrupted: bool,
        elapsed_s: f64,
    ) -> Report {
        let mut entries: Vec<Entry> = lineup
            .players
            .iter()
            .enumerate()
            .map(|(entrant, player)| {
                let by_deal = DealMargin::every(standings.deals(), |deal| {
                    standings.deal_summary(entrant, deal)
                });
                Entry::new(entrant, player, &standings.summary(entrant), by_deal)
            })
            .collect();
        entries.sort_by(|a, b| {
            b.mean_points
                .total_cmp(&a.mean_points)
                .then(b.mean_margin.total_cmp(&a.mean_margin))
                .then(a.entrant.cmp(&b.entrant))
        });
        for (rank, entry) in entries.iter_mut().enumerate() {
            entry.rank = rank + 1;
        }
        let size = plan.size().get();
        Report {
            size,
            entrants: lineup.players.len(),
            tables,
            groups_per_table: groups,
            games_per_group: if plan.is_duplicate() {
                plan.rules().side_count(plan.size())
            } else {
                1
            },
            duplicate: plan.is_duplicate(),
            seed: plan.seed(),
            rules: (plan.rules() != tablic_core::Rules::ORIGINAL).then(|| plan.rules().to_string()),
            rules_described: describe(plan.rules()),
            games,
            interrupted,
            standings: entries,
            forfeit_games,
            elapsed_s,
        }
    }

    fn table(&self, threads: usize) -> String {
        let mut table = TextTable::new(&[
            ("rank", Align::Right),
            ("entrant", Align::Right),
            ("name", Align::Left),
            ("games", Align::Right),
            ("points", Align::Right),
            ("margin", Align::Right),
            ("wins", Align::Right),
            ("ties", Align::Right),
            ("losses", Align::Right),
            ("forfeits", Align::Right),
            ("tablas", Align::Right),
            ("µs/move", Align::Right),
        ]);
        for entry in &self.standings {
            table.row(vec![
                entry.rank.to_string(),
                entry.entrant.to_string(),
                entry.name.clone(),
                entry.games.to_string(),
                format!("{:.3}", entry.mean_points),
                format!("{:+.3} ± {:.3}", entry.mean_margin, entry.margin_se),
                entry.wins.to_string(),
                entry.ties.to_string(),
                entry.losses.to_string(),
                entry.forfeits.to_string(),
                format!("{:.3}", entry.mean_tablas),
                format!("{:.2}", entry.mean_decision_us),
            ]);
        }
        let seatings = if self.duplicate {
            format!(
                " × {}",
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
            "{}{}: {} of {} × {}{seatings}, seed {}{rules}, {}, {:.2} s{}\n",
            table.render(),
            output::count(self.games, "game"),
            output::count(self.tables, "table"),
            self.size,
            output::count(self.groups_per_table, "deal"),
            self.seed,
            output::count(threads as u64, "thread"),
            self.elapsed_s,
            if self.interrupted {
                " (interrupted)"
            } else {
                ""
            },
        );
        text.push_str(&forfeit_lines(&self.forfeit_games));
        text
    }

    /// Each entrant's margin deal by deal, in the ranking's order.
    fn by_deal_table(&self) -> String {
        by_deal_table(
            &[
                ("rank", Align::Right),
                ("entrant", Align::Right),
                ("name", Align::Left),
            ],
            self.standings.iter().map(|entry| {
                let names = vec![
                    entry.rank.to_string(),
                    entry.entrant.to_string(),
                    entry.name.clone(),
                ];
                (names, entry.margin_by_deal.as_slice())
            }),
        )
    }

    fn csv(&self) -> String {
        let mut text = String::from(
            "rank,entrant,name,games,mean_points,mean_margin,margin_se,wins,ties,losses,\
             forfeits,mean_tablas,most_cards_rate,mean_decision_us,max_decision_us",
        );
        let deals = self.standings.first().map_or(0, |e| e.margin_by_deal.len());
        for deal in 1..=deals {
            text.push_str(&format!(",margin_deal_{deal},margin_deal_{deal}_se"));
        }
        text.push('\n');
        for e in &self.standings {
            text.push_str(&format!(
                "{},{},{},{},{},{},{},{},{},{},{},{},{},{},{}",
                e.rank,
                e.entrant,
                csv_field(&e.name),
                e.games,
                e.mean_points,
                e.mean_margin,
                e.margin_se,
                e.wins,
                e.ties,
                e.losses,
                e.forfeits,
                e.mean_tablas,
                e.most_cards_rate,
                e.mean_decision_us,
                e.max_decision_us
            ));
            for deal in &e.margin_by_deal {
                text.push_str(&format!(",{},{}", deal.mean, deal.se));
            }
            text.push('\n');
        }
        text
    }
}

/// A CSV field, quoted when it holds a comma, a quote or a line break.
fn csv_field(text: &str) -> String {
    if text.contains([',', '"', '\n', '\r']) {
        format!("\"{}\"", text.replace('"', "\"\""))
    } else {
        text.to_string()
    }
}
