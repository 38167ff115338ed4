//! What `tablic match` and `tablic tournament` share: players that are built-in bots or
//! engines (`--engine`), one thread's seating of them, games played through the core's
//! `MatchPlan::play_game_with`, forfeits noted with their reasons, and records saved.

use std::path::PathBuf;
use std::sync::Arc;
use std::time::Duration;

use clap::Args;
use tablic_core::bots::solver::Entry;
use tablic_core::bots::{split_bot_list, BotSpec};
use tablic_core::matches::tally::MatchTally;
use tablic_core::matches::timing::DecisionTimer;
use tablic_core::matches::{Forfeit, MatchPlan};
use tablic_core::Game;

use crate::engine::{Engine, EngineConfig};
use crate::error::Failure;
use crate::output;
use crate::record_file::record_text;

/// The options that bring in engines and save records, for `match` and `tournament`.
#[derive(Args, Debug, Clone)]
pub struct PlayerArgs {
    /// A bot program speaking the protocol of PROTOCOL.md, e.g. "python3 bot.py"
    /// (repeatable). In the player list, `engine:K` is the K-th --engine (0 first) and a
    /// bare `engine` the next one.
    #[arg(long = "engine", value_name = "COMMAND")]
    engines: Vec<String>,

    /// An engine's time for one move, in milliseconds (`go movetime MS`).
    #[arg(long, value_name = "MS", default_value_t = 1000, value_parser = parse_ms)]
    move_time: u64,

    /// An engine's time from its start to `ready`, in milliseconds.
    #[arg(long, value_name = "MS", default_value_t = 5000, value_parser = parse_ms)]
    start_time: u64,

    /// Let engines write to this command's stderr (discarded otherwise).
    #[arg(long)]
    engine_stderr: bool,

    /// Save every game as a record in DIR (created if needed), one file per game; see
    /// `tablic replay`.
    #[arg(long, value_name = "DIR")]
    save_records: Option<PathBuf>,
}

fn parse_ms(text: &str) -> Result<u64, String> {
    match text.trim().replace('_', "").parse::<u64>() {
        Ok(ms) if (1..=3_600_000).contains(&ms) => Ok(ms),
        _ => Err("expected milliseconds from 1 to 3600000".into()),
    }
}

/// Who fills a player slot.
#[derive(Debug, Clone)]
pub enum Player {
    Bot(BotSpec),
    Engine(Arc<EngineConfig>),
}

impl Player {
    /// The bot, or `engine:K (name version)`.
    pub fn name(&self) -> String {
        match self {
            Player::Bot(spec) => spec.to_string(),
            Player::Engine(config) => config.label(),
        }
    }

    /// The spec the core's plans hold for this player: an engine's slot holds `random`,
    /// which is never built (its seat is played by the engine).
    pub fn spec(&self) -> BotSpec {
        match self {
            Player::Bot(spec) => *spec,
            Player::Engine(_) => BotSpec::Random,
        }
    }

    pub fn command(&self) -> Option<&str> {
        match self {
            Player::Bot(_) => None,
            Player::Engine(config) => Some(&config.command),
        }
    }
}

/// The players of a `--players` list, with the engines they name.
#[derive(Debug)]
pub struct Lineup {
    pub players: Vec<Player>,
    pub has_engines: bool,
    pub records: Option<PathBuf>,
}

impl Lineup {
    pub fn parse(list: &str, args: &PlayerArgs) -> Result<Lineup, Failure> {
        let usage = |message: String| Failure::Usage(format!("--players: {message}"));
        let configs = args
            .engines
            .iter()
            .enumerate()
            .map(|(index, command)| {
                EngineConfig::new(
                    index,
                    command,
                    Duration::from_millis(args.start_time),
                    Duration::from_millis(args.move_time),
                    args.engine_stderr,
                )
                .map(Arc::new)
                .map_err(Failure::Usage)
            })
            .collect::<Result<Vec<_>, _>>()?;
        let mut used = vec![false; configs.len()];
        let mut next_bare = 0;
        let mut players = Vec::new();
        for text in split_bot_list(list) {
            // `engine` in any case, as bot names.
            let is_engine = |word: &str| word.trim().eq_ignore_ascii_case("engine");
            let index = match text.split_once(':') {
                None if is_engine(text) => {
                    next_bare += 1;
                    Some(next_bare - 1)
                }
                Some((word, index)) if is_engine(word) => {
                    Some(index.trim().parse::<usize>().map_err(|_| {
                        usage(format!("{text:?}: expected engine:K, K a whole number"))
                    })?)
                }
                _ => None,
            };
            let player = match index {
                Some(index) => {
                    let config = configs.get(index).ok_or_else(|| {
                        usage(match configs.len() {
                            0 => format!("{text:?} needs an --engine COMMAND"),
                            count => format!(
                                "{text:?}: only {} given",
                                output::count(count as u64, "--engine option")
                            ),
                        })
                    })?;
                    used[index] = true;
                    Player::Engine(Arc::clone(config))
                }
                None => Player::Bot(text.parse().map_err(|error| usage(format!("{error}")))?),
            };
            players.push(player);
        }
        if let Some(unused) = used.iter().position(|used| !used) {
            return Err(Failure::Usage(format!(
                "--engine {:?} (engine:{unused}) is not in --players",
                args.engines[unused]
            )));
        }
        if let Some(dir) = &args.save_records {
            std::fs::create_dir_all(dir).map_err(|error| {
                Failure::Usage(format!("--save-records {}: {error}", dir.display()))
            })?;
        }
        Ok(Lineup {
            has_engines: !configs.is_empty(),
            players,
            records: args.save_records.clone(),
        })
    }

    /// The specs for the core's plan (see [`Player::spec`]).
    pub fn specs(&self) -> Vec<BotSpec> {
        self.players.iter().map(Player::spec).collect()
    }
}

/// A game that ended by forfeit, and why.
#[derive(Debug, Clone, serde::Serialize)]
pub struct ForfeitNote {
    #[serde(skip_serializing_if = "Option::is_none")]
    pub table: Option<u64>,
    pub group: u64,
    pub rotation: usize,
    /// The forfeiting player: its bot index at the table (match), or its entrant index.
    pub player: usize,
    pub name: String,
    pub seat: usize,
    pub kind: &'static str,
    pub reason: String,
}

impl ForfeitNote {
    /// `table 2, group 0, rotation 1: engine:0 (x 1) at seat 1: timeout: no move …`
    pub fn line(&self) -> String {
        let table = self.table.map_or(String::new(), |t| format!("table {t}, "));
        format!(
            "{table}group {}, rotation {}: {} at seat {}: {}: {}",
            self.group, self.rotation, self.name, self.seat, self.kind, self.reason
        )
    }
}

/// One player at a table: who, and its key (the index the report uses for it).
pub struct Seated<'a> {
    pub player: &'a Player,
    pub key: usize,
}

/// Where a table's games come from, for record names and notes.
pub struct TableInfo<'a> {
    /// The tournament's table index; `None` in a match.
    pub table: Option<u64>,
    pub players: &'a [Seated<'a>],
    /// Where to save each game's record, if anywhere.
    pub records: Option<&'a PathBuf>,
}

/// One thread's players: the engine processes it runs (by key) and the bots' memory.
pub struct Seating {
    engines: Vec<Option<Engine>>,
    memory: Vec<Entry>,
}

impl Seating {
    pub fn new(memory_entries: usize) -> Seating {
        Seating {
            engines: Vec::new(),
            memory: vec![Entry::EMPTY; memory_entries],
        }
    }

    /// Plays every rotation of group `group` of `plan` at `info`'s table into `tally`;
    /// forfeits go into `notes`, records where `info` says.
    pub fn play_group(
        &mut self,
        plan: &MatchPlan,
        info: &TableInfo<'_>,
        group: u64,
        tally: &mut MatchTally,
        timer: &mut DecisionTimer<'_>,
        notes: &mut Vec<ForfeitNote>,
    ) -> Result<(), Failure> {
        for rotation in 0..plan.games_per_group() {
            self.play_game(plan, info, group, rotation, tally, timer, notes)?;
        }
        Ok(())
    }

    #[allow(clippy::too_many_arguments)]
    fn play_game(
        &mut self,
        plan: &MatchPlan,
        info: &TableInfo<'_>,
        group: u64,
        rotation: usize,
        tally: &mut MatchTally,
        timer: &mut DecisionTimer<'_>,
        notes: &mut Vec<ForfeitNote>,
    ) -> Result<(), Failure> {
        // Take this table's engines out of the store for the game, started and told. The
        // deal is made for them only: between bots it would cost a tenth of a game.
        let mut dealt = None;
        let mut seated: Vec<Option<Engine>> = Vec::with_capacity(info.players.len());
        for (bot, at) in info.players.iter().enumerate() {
            seated.push(match at.player {
                Player::Bot(_) => None,
                Player::Engine(config) => {
                    if self.engines.len() <= at.key {
                        self.engines.resize_with(at.key + 1, || None);
                    }
                    let mut engine = self.engines[at.key]
                        .take()
                        .unwrap_or_else(|| Engine::new(Arc::clone(config)));
                    let seat = plan.seat_of(bot, rotation);
                    let dealt = dealt.get_or_insert_with(|| plan.deal(group));
                    engine.begin(dealt, seat, plan.bot_seed(group, rotation, bot));
                    Some(engine)
                }
            });
        }
        let mut bots = plan.bots_for(group, rotation, &mut self.memory);
        let mut choose = |bot: usize, game: &Game| match seated.get_mut(bot) {
            Some(Some(engine)) => engine.choose(game),
            _ => bots[bot].choose(game).ok_or(Forfeit::Protocol),
        };
        let played = plan.play_game_with(group, rotation, &mut choose, timer);
        drop(bots);
        // Borrowed, not moved out: the outcome and the game are kilobytes each.
        let (outcome, game) = match &played {
            Ok((outcome, game)) => (outcome, game),
            Err(error) => return Err(Failure::Runtime(error.to_string())),
        };

        let forfeit = outcome.forfeit();
        let mut note = None;
        if let Some((bot, why)) = forfeit {
            let at = &info.players[bot];
            let seat = plan.seat_of(bot, rotation);
            let reason = match (&seated[bot], why) {
                (_, Forfeit::Illegal { chosen, reason }) => format!("{chosen}: {reason}"),
                (Some(engine), _) => engine.last_reason().to_string(),
                (None, _) => {
                    return Err(Failure::Runtime(format!(
                        "group {group}, rotation {rotation}: {} at seat {seat}: {why}",
                        at.player.name()
                    )))
                }
            };
            if matches!(at.player, Player::Bot(_)) {
                // Built-in bots never forfeit: an illegal move of theirs is a bug.
                return Err(Failure::Runtime(format!(
                    "group {group}, rotation {rotation}: {} at seat {seat} chose an illegal \
                     move {reason}",
                    at.player.name()
                )));
            }
            note = Some(ForfeitNote {
                table: info.table,
                group,
                rotation,
                player: at.key,
                name: at.player.name(),
                seat,
                kind: why.kind(),
                reason,
            });
        }
        let by_seat = forfeit.map(|(bot, why)| (plan.seat_of(bot, rotation), why));
        for (engine, at) in seated.iter_mut().zip(info.players) {
            if let Some(mut engine) = engine.take() {
                engine.end(game, by_seat);
                self.engines[at.key] = Some(engine);
            }
        }
        if let Some(dir) = info.records {
            save_record(dir, plan, info, group, rotation, game, note.as_ref())?;
        }
        tally.add(outcome);
        notes.extend(note);
        Ok(())
    }
}

/// Writes one game's record: the header, a comment naming the game, the record with its
/// seats' names, and the forfeit if there was one.
fn save_record(
    dir: &std::path::Path,
    plan: &MatchPlan,
    info: &TableInfo<'_>,
    group: u64,
    rotation: usize,
    game: &Game,
    forfeit: Option<&ForfeitNote>,
) -> Result<(), Failure> {
    let (name, what) = match info.table {
        Some(table) => (
            format!("t{table:04}-g{group:06}-r{rotation}.txt"),
            format!("tournament table {table}, table seed {}", plan.seed()),
        ),
        None => (
            format!("g{group:06}-r{rotation}.txt"),
            format!("match seed {}", plan.seed()),
        ),
    };
    let names: Vec<String> = (0..plan.players().get())
        .map(|seat| info.players[plan.bot_at(seat, rotation)].player.name())
        .collect();
    let mut text = record_text(
        game,
        &format!("{what}, group {group}, rotation {rotation}"),
        &names,
    );
    if let Some(note) = forfeit {
        text.push_str(&format!(
            "# forfeit: seat {}: {}: {}\n",
            note.seat, note.kind, note.reason
        ));
    }
    let path = dir.join(name);
    std::fs::write(&path, text)
        .map_err(|error| Failure::Runtime(format!("{}: {error}", path.display())))
}
