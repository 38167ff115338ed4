//! `tablic play`: a person against the bots, in the terminal.
//!
//! - `series.rs`: who plays, the seat of each player in each game, seeds, totals;
//! - `game.rs`: one game played to its end or a stop, in a series or a match;
//! - `sides.rs`: who plays with whom, as the screen names the sides;
//! - `match_to_target.rs`: a match to a score (`--to`), started or resumed;
//! - `match_file.rs`: the match's record on disk, rewritten after every move;
//! - `sheet.rs`: the match's score sheet;
//! - `display.rs`: cards, the board, moves as they happen, results;
//! - `console.rs`: prompts and lines read;
//! - `input.rs`: the person's card language, matched against the core's legal moves;
//! - `person.rs`: the person's turn, from the board to a legal move, and hints.
//!
//! Rules, captures and scores all come from the core; this module only asks and shows.

mod console;
mod display;
mod game;
mod input;
mod match_file;
mod match_to_target;
mod person;
mod series;
mod sheet;
mod sides;

use std::fs::{File, OpenOptions};
use std::hash::{BuildHasher, Hasher};
use std::io::{self, BufRead, IsTerminal, Write};
use std::path::PathBuf;
use std::process::ExitCode;

use clap::Args;
use tablic_core::bots::BotSpec;
use tablic_core::{Game, Rules};

use crate::error::Failure;
use crate::match_cmd::{parse_seed, parse_target};
use crate::record_file::record_text;
use crate::rules_flags::{describe, RulesFlags};

use console::{Console, Halt};
use display::Style;
use game::{GameEnd, Seating};
use person::{Hints, Undo};
use series::{deal_seed, Lineup, Totals};
use sides::Sides;

/// Most games `--games` accepts.
const MAX_GAMES: u64 = 1000;

/// Play tablić against the bots: the table, your hand and every move are shown, and you
/// type your moves in the original game's language.
#[derive(Args, Debug)]
#[command(after_help = PLAY_AFTER_HELP)]
pub struct PlayArgs {
    /// Players in seat order (first game), comma-separated: `me` for you, bots by name.
    #[arg(long, value_name = "PLAYERS", default_value = "me,pimc", long_help = players_help())]
    players: String,

    /// Seed of the deals and the bots, decimal or 0x hex; without it a random one, printed
    /// so the games can be replayed.
    #[arg(long, value_parser = parse_seed)]
    seed: Option<u64>,

    /// Games to play; the seats rotate one place each game and the scores add up.
    #[arg(long, value_name = "N", default_value_t = 1, value_parser = parse_games, conflicts_with = "to")]
    games: u64,

    /// Play a match to POINTS (101 is usual): games until a side has POINTS or more and
    /// the highest total alone. Player g mod n (in --players order) leads game g.
    #[arg(long, value_name = "POINTS", value_parser = parse_target)]
    to: Option<u32>,

    /// Append each finished game's record to FILE; with --to, keep the match's record in
    /// FILE, rewritten after every move, for --resume.
    #[arg(long, value_name = "FILE")]
    save: Option<PathBuf>,

    /// Resume the match saved in FILE (by --save or quit in a match to a score), at the
    /// move where it stopped; the players, rules, target and seed are the record's. Saves
    /// go on to FILE, or to --save.
    #[arg(
        long,
        value_name = "FILE",
        conflicts_with_all = ["players", "seed", "games", "to", "pairs", "side_size", "leftovers", "final_tabla"]
    )]
    resume: Option<PathBuf>,

    #[command(flatten)]
    rules: RulesFlags,
}

const PLAY_AFTER_HELP: &str = "\
Moves are typed as in the original game: a card by rank (a, 2 ... 10, j, q, k) or with its \
suit (7S, 7♠, pik 7; suits tref karo herc pik or C D H S), then the table cards it takes, one \
a line, a blank line to end (auto: the greedy capture). A whole move fits on one line: \
7 3 4, or 7S 3H 4D when ranks are not enough; 7 - plays a card taking nothing (a card \
alone that can take nothing waits for Enter). hint shows the pimc bot's best moves and what \
its numbers mean; help the commands, the card values and the scoring; quit (or end of \
input) stops with the score.

undo takes back your last move (a forced one with the move before) and the bots' replies \
after it, as often as you like; a saved record holds only the moves that stand. It works \
in a single game, casual play: in a series (--games 2 or more) or a match (--to) every \
move counts, since the totals compare the players.

In pairs (--pairs, 4 players) partners sit opposite: players 0 and 2 of --players against \
1 and 3, so --players me,pimc,minimax,greedy --pairs is you and minimax against pimc and \
greedy. A side pools its piles and tablas, and the +3 goes to the side with strictly the \
most cards; the board shows each seat's pile and each side's, and a game ends with a table \
of the sides.

A match to a score (--to 101): games one after another, each side's score added to its \
total, until a side has the target or more and the highest total alone (a tie for the \
highest plays one more game). Player g mod n of --players leads game g (from 0): the lead \
passes to the next player each game, where a --games series moves every player one seat \
on instead. After each game come its line of the score sheet \
(card points, tablas as tally marks ||, the +3, the game's score, the running total) and \
the totals; at the end, the winner and the whole sheet. With --save FILE the match's \
record is rewritten after every move. quit (or end of input) keeps the match in FILE, or \
without --save in a new tablic-match-SEED.txt here, and says how to resume it: \
--resume FILE goes on from the move where it stopped, with the record's players (its name \
lines are the --players entries), rules, target and seed. The bots of a resumed game are \
built anew, so their later random choices may differ from an uninterrupted match's.

Game g (from 0) is dealt from derive_seed(SEED, g); in a series player i sits at seat \
(i + g) mod n, in a match at (i - g) mod n. Cards print with suit symbols, red for ♦♥, when \
standard output is a terminal (no colour if NO_COLOR is set), and as 10D otherwise.

Examples:
  tablic play --players me,pimc
  tablic play --players greedy,me,minimax --games 3 --seed 7 --save games.txt
  tablic play --players me,pimc,minimax,greedy --pairs --to 101 --save match.txt
  tablic play --resume match.txt";

fn players_help() -> String {
    format!(
        "Players in seat order for the first game, comma-separated, 2 to 4: `me` (once) for \
         you, and bots as `name` or `name:key=value,key=value`. In pairs, players 0 and 2 \
         play against 1 and 3. Known bots: {}.",
        BotSpec::NAMES.join(", ")
    )
}

/// A game count: 1 to `MAX_GAMES`.
fn parse_games(text: &str) -> Result<u64, String> {
    match text.trim().parse::<u64>() {
        Ok(games) if (1..=MAX_GAMES).contains(&games) => Ok(games),
        _ => Err(format!("expected a whole number from 1 to {MAX_GAMES}")),
    }
}

/// A seed nobody chose: std's per-process random hasher keys.
fn random_seed() -> u64 {
    let mut hasher = std::collections::hash_map::RandomState::new().build_hasher();
    hasher.write_u128(
        std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map_or(0, |elapsed| elapsed.as_nanos()),
    );
    hasher.finish()
}

/// Runs `tablic play`.
pub fn run(args: &PlayArgs) -> Result<ExitCode, Failure> {
    if let Some(record) = &args.resume {
        let resumed = match_to_target::resume(record, args.save.as_deref())?;
        return stopped_or_over(resumed.play(&mut console(), &mut Hints::new()));
    }
    let lineup = Lineup::parse(&args.players)
        .map_err(|error| Failure::Usage(format!("--players: {error}")))?;
    let rules = args.rules.rules(lineup.player_count())?;
    let seed = args.seed.unwrap_or_else(random_seed);
    let seed_text = if args.seed.is_some() {
        format!("seed {seed}")
    } else {
        format!("seed {seed} (replay with --seed {seed})")
    };
    if let Some(target) = args.to {
        let intro = intro(&lineup, rules, &format!("a match to {target}"), &seed_text);
        let save = args.save.as_deref();
        let started = match_to_target::start(lineup, rules, target, seed, save, intro)?;
        return stopped_or_over(started.play(&mut console(), &mut Hints::new()));
    }
    let save = match &args.save {
        Some(path) => Some(
            OpenOptions::new()
                .create(true)
                .append(true)
                .open(path)
                .map_err(|error| Failure::Usage(format!("--save {}: {error}", path.display())))?,
        ),
        None => None,
    };
    let sides = Sides::new(&lineup.names(), lineup.person(), rules);
    let mut session = Session {
        console: console(),
        lineup: &lineup,
        rules,
        seed,
        games: args.games,
        save: save.map(|file| (file, args.save.clone().unwrap_or_default())),
        totals: Totals::new(sides.len()),
        sides,
        hints: Hints::new(),
    };
    let games = match args.games {
        1 => String::new(),
        games => format!("{games} games"),
    };
    let intro = intro(&lineup, rules, &games, &seed_text);
    session.console.say(&session.console.style.bold(&intro))?;
    session.console.say(TYPE_HELP)?;
    stopped_or_over(session.play())
}

/// What the first line says under the command: `tablic play: you and minimax against
/// pimc and greedy, in pairs, a match to 101, seed 7.`
pub(super) fn intro(lineup: &Lineup, rules: Rules, length: &str, seed: &str) -> String {
    let sides = Sides::new(&lineup.names(), lineup.person(), rules);
    let mut parts = vec![sides.against()];
    parts.extend(
        [describe(rules), length.to_string(), seed.to_string()]
            .into_iter()
            .filter(|part| !part.is_empty()),
    );
    format!("tablic play: {}.", parts.join(", "))
}

/// The line under the first.
pub(super) const TYPE_HELP: &str = "Type help for the commands, hint for advice, quit to stop.";

/// The terminal: standard input and output, cards printed as they can be there; each
/// line read is echoed when standard input is not a terminal.
fn console() -> Console<io::StdinLock<'static>, io::BufWriter<io::StdoutLock<'static>>> {
    let stdin = io::stdin();
    let echo = !stdin.is_terminal();
    Console::new(
        stdin.lock(),
        io::BufWriter::new(io::stdout().lock()),
        Style::detect(),
        echo,
    )
}

/// A session over, or stopped by the person (quit, end of input): exit status 0.
fn stopped_or_over(played: Result<(), Halt>) -> Result<ExitCode, Failure> {
    match played {
        Ok(()) | Err(Halt::Quit | Halt::Eof) => Ok(ExitCode::SUCCESS),
        Err(Halt::Io(error)) => Err(error.into()),
        Err(Halt::Bug(message)) => Err(Failure::Runtime(message)),
    }
}

/// A series in progress.
struct Session<'a, R, W> {
    console: Console<R, W>,
    lineup: &'a Lineup,
    rules: Rules,
    seed: u64,
    games: u64,
    save: Option<(File, PathBuf)>,
    /// The series' sides: player `p` plays for side `p mod sides` in every game.
    sides: Sides,
    /// By the series' sides.
    totals: Totals,
    hints: Hints,
}

impl<R: BufRead, W: Write> Session<'_, R, W> {
    fn play(&mut self) -> Result<(), Halt> {
        for game in 0..self.games {
            if let GameEnd::Stopped(halt) = self.play_game(game)? {
                return Err(halt);
            }
        }
        if self.games > 1 {
            let leaders = self.totals.leaders();
            let best = self.totals.points()[leaders[0]];
            let line = format!(
                "Series over: {}. {}",
                self.standings(),
                self.sides.winner_line(&leaders, best)
            );
            self.console.say("")?;
            self.console.say(&self.console.style.bold(&line))?;
        }
        Ok(())
    }

    /// `you 10, pimc 16`, or by sides `you+minimax 16, pimc+greedy 12`.
    fn standings(&self) -> String {
        let names = self.sides.short_names();
        let names: Vec<&str> = names.iter().map(String::as_str).collect();
        display::standings(&names, self.totals.points())
    }

    /// Plays game `game` of the series (0-based) to its end or to a stop.
    fn play_game(&mut self, game_index: u64) -> Result<GameEnd, Halt> {
        let lineup = self.lineup;
        let deal_seed = deal_seed(self.seed, game_index);
        let seating = Seating::new(lineup, lineup.by_seat(game_index));
        let mut game = Game::from_seed_with_rules(lineup.player_count(), self.rules, deal_seed)
            .map_err(|error| Halt::Bug(format!("rules checked at the start: {error}")))?;
        // Sides take two lines, the heading one more.
        let heading = match (self.games, self.sides.alone()) {
            (1, _) => String::new(),
            (games, true) => format!("Game {} of {games}. ", game_index + 1),
            (games, false) => format!("Game {} of {games}.\n", game_index + 1),
        };
        self.console.say("")?;
        let seats = seating.seats_line(&heading, &game);
        game::say_heading(&mut self.console, &seats)?;
        let undo = if self.games == 1 {
            Undo::Allowed
        } else {
            Undo::Off("Undo is off in a series (--games): its totals count every move as played.")
        };
        let end = game::play(
            &mut self.console,
            &mut game,
            &seating,
            &mut self.hints,
            undo,
            deal_seed,
        )?;
        match end {
            GameEnd::Finished => self.finished(&game, game_index, &seating)?,
            GameEnd::Stopped(ref halt) => self.stopped(&game, &seating, game_index, halt)?,
        }
        Ok(end)
    }

    /// The result of a finished game, the running totals, and the record saved.
    fn finished(
        &mut self,
        game: &Game,
        game_index: u64,
        seating: &Seating<'_>,
    ) -> Result<(), Halt> {
        game::show_result(&mut self.console, game, seating)?;
        let result = game.result().expect("the game is over");
        // Series side k holds player k: its game side is that of player k's seat.
        let scores: Vec<u32> = (0..self.sides.len())
            .map(|side| {
                let seat = self.lineup.seat_of(side, game_index);
                result.side_total(result.side_of(seat))
            })
            .collect();
        self.totals.add(&scores);
        if self.games > 1 {
            self.console.say(&format!(
                "Totals after {} of {} games: {}.",
                self.totals.games(),
                self.games,
                self.standings()
            ))?;
        }
        if let Some((file, path)) = &mut self.save {
            let about = format!("tablic play, game {} of {}", game_index + 1, self.games);
            write!(file, "{}", record_text(game, &about, seating.names()))?;
            file.flush()?;
            let line = format!("Record appended to {}.", path.display());
            self.console.say(&line)?;
        }
        Ok(())
    }

    /// The score so far, when the person stops in the middle of a game.
    fn stopped(
        &mut self,
        game: &Game,
        seating: &Seating<'_>,
        game_index: u64,
        halt: &Halt,
    ) -> Result<(), Halt> {
        let of_game = if self.games > 1 {
            format!(" of game {} of {}", game_index + 1, self.games)
        } else {
            String::new()
        };
        game::show_stop(&mut self.console, game, seating, halt, &of_game)?;
        if self.totals.games() > 0 {
            self.console.say(&format!(
                "Totals of the {} finished: {}.",
                display::count(self.totals.games() as u32, "game", "games"),
                self.standings()
            ))?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_series_has_up_to_1000_games() {
        assert_eq!(parse_games("1000"), Ok(MAX_GAMES));
        assert_eq!(
            parse_games("1001"),
            Err("expected a whole number from 1 to 1000".to_string())
        );
        assert!(parse_games("0").is_err());
    }
}
