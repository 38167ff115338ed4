//! `tablic match`: bots play many seeded games; per-seat statistics.

use std::io::Write;
use std::ops::Range;
use std::process::ExitCode;
use std::time::Instant;

use clap::Args;
use serde::Serialize;
use tablic_core::bots::{play_out, split_bot_list, AnyBot, Bot, BotSpec};
use tablic_core::seeding::derive_seed;
use tablic_core::tally::MatchTally;
use tablic_core::{Game, GameResult, PlayerCount};

use crate::error::Failure;
use crate::output::{self, Align, Table};

/// Bot seeds of a game are its seed's children from this index on (seat k: 1000 + k), far
/// from any index a game might use for something else.
const BOT_SEED_INDEX: u64 = 1000;

/// Play bots against each other over many seeded games and report per-seat statistics.
///
/// Game i is dealt from derive_seed(SEED, i) and seat k's bot draws from
/// derive_seed(derive_seed(SEED, i), 1000 + k), so a match is reproducible from its seed and
/// any game can be replayed alone. Seats are not rotated: seat 0 always leads.
#[derive(Args, Debug)]
pub struct MatchArgs {
    /// Bots, one per seat (seat 0 first), comma-separated; their number is the number of players.
    #[arg(long, value_name = "BOTS", default_value = "random,random", long_help = players_help())]
    players: String,

    /// Number of games.
    #[arg(long, default_value_t = 1000, value_parser = parse_games)]
    games: u64,

    /// Match seed, decimal or 0x-prefixed hex.
    #[arg(long, default_value = "1", value_parser = parse_seed)]
    seed: u64,

    /// Print one JSON object instead of a table (bonus rate as a fraction, not %).
    #[arg(long)]
    json: bool,
}

fn players_help() -> String {
    format!(
        "Bots, one per seat (seat 0 first), comma-separated; their number is the number of \
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

/// A seed as users write them: decimal, or hex after `0x`.
pub fn parse_seed(text: &str) -> Result<u64, String> {
    let text = text.trim();
    let parsed = match text.strip_prefix("0x").or_else(|| text.strip_prefix("0X")) {
        Some(hex) => u64::from_str_radix(&hex.replace('_', ""), 16),
        None => text.replace('_', "").parse(),
    };
    parsed.map_err(|_| "expected a number below 2^64, decimal or 0x hex".to_string())
}

/// Who plays and from which seed: all a game needs besides its index.
#[derive(Clone, Debug)]
pub struct MatchSetup {
    players: PlayerCount,
    bots: Vec<BotSpec>,
    seed: u64,
}

impl MatchSetup {
    /// Parses a bot list such as `random,random`; the bot count must be a player count.
    pub fn new(bot_list: &str, seed: u64) -> Result<MatchSetup, Failure> {
        let bots = split_bot_list(bot_list)
            .map(|text| {
                text.parse::<BotSpec>()
                    .map_err(|error| Failure::Usage(format!("--players: {error}")))
            })
            .collect::<Result<Vec<_>, _>>()?;
        let players = PlayerCount::new(bots.len())
            .map_err(|error| Failure::Usage(format!("--players: {error}")))?;
        Ok(MatchSetup {
            players,
            bots,
            seed,
        })
    }

    /// Plays game `index` of the match. It depends on nothing but the setup and the index.
    pub fn play_game(&self, index: u64) -> Result<GameResult, Failure> {
        let game_seed = derive_seed(self.seed, index);
        let mut game = Game::from_seed(self.players, game_seed);
        let mut bots: Vec<AnyBot> = (0..)
            .zip(&self.bots)
            .map(|(seat, spec)| spec.build(derive_seed(game_seed, BOT_SEED_INDEX + seat)))
            .collect();
        let mut seats: Vec<&mut dyn Bot> = bots.iter_mut().map(|bot| bot as &mut dyn Bot).collect();
        play_out(&mut game, &mut seats)
            .map_err(|error| Failure::Runtime(format!("game {index}: {error}")))
    }

    /// Plays games `range` into a tally. Ranges are independent, so threads can each play one
    /// and `MatchTally::merge` the tallies: the sums are the same however the games are split.
    pub fn play_games(&self, range: Range<u64>) -> Result<MatchTally, Failure> {
        let mut tally = MatchTally::new(self.players);
        for index in range {
            tally.add(&self.play_game(index)?);
        }
        Ok(tally)
    }
}

/// What `--json` prints.
#[derive(Serialize, Debug)]
struct MatchReport {
    games: u64,
    seed: u64,
    players: Vec<SeatReport>,
    elapsed_s: f64,
    games_per_s: f64,
}

#[derive(Serialize, Debug)]
struct SeatReport {
    seat: usize,
    bot: String,
    mean_points: f64,
    /// Standard error of the mean: sqrt(variance / games).
    stderr_points: f64,
    mean_tablas: f64,
    /// Fraction of games with strictly the most cards (+3).
    most_cards_bonus_rate: f64,
    wins: u64,
    ties: u64,
    losses: u64,
}

impl MatchReport {
    fn new(setup: &MatchSetup, tally: &MatchTally, elapsed_s: f64) -> MatchReport {
        let games = tally.games();
        let per_game = |total: u64| total as f64 / games.max(1) as f64;
        let players = tally
            .seats()
            .iter()
            .zip(&setup.bots)
            .enumerate()
            .map(|(seat, (totals, bot))| SeatReport {
                seat,
                bot: bot.to_string(),
                mean_points: tally.mean_points(seat),
                stderr_points: (tally.points_variance(seat) / games.max(1) as f64).sqrt(),
                mean_tablas: per_game(totals.tablas),
                most_cards_bonus_rate: per_game(totals.most_cards),
                wins: totals.wins,
                ties: totals.ties,
                losses: totals.losses,
            })
            .collect();
        MatchReport {
            games,
            seed: setup.seed,
            players,
            elapsed_s,
            games_per_s: if elapsed_s > 0.0 {
                games as f64 / elapsed_s
            } else {
                0.0
            },
        }
    }

    fn table(&self) -> String {
        let mut table = Table::new(&[
            ("seat", Align::Right),
            ("bot", Align::Left),
            ("points", Align::Right),
            ("tablas", Align::Right),
            ("+3", Align::Right),
            ("wins", Align::Right),
            ("ties", Align::Right),
            ("losses", Align::Right),
        ]);
        for seat in &self.players {
            table.row(vec![
                seat.seat.to_string(),
                seat.bot.clone(),
                format!("{:.3} ± {:.3}", seat.mean_points, seat.stderr_points),
                format!("{:.3}", seat.mean_tablas),
                format!("{:.1}%", 100.0 * seat.most_cards_bonus_rate),
                seat.wins.to_string(),
                seat.ties.to_string(),
                seat.losses.to_string(),
            ]);
        }
        format!(
            "{}{} games, seed {}, {:.2} s, {:.0} games/s\n",
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
    let setup = MatchSetup::new(&args.players, args.seed)?;
    let start = Instant::now();
    // One range on this thread; a `--threads` option would split 0..games into ranges and
    // merge the tallies.
    let tally = setup.play_games(0..args.games)?;
    let report = MatchReport::new(&setup, &tally, start.elapsed().as_secs_f64());

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
