//! `tablic play`: a person against the bots, in the terminal.
//!
//! - `series.rs`: who plays, the seat of each player in each game, seeds, totals;
//! - `display.rs`: cards, the board, moves as they happen, results;
//! - `console.rs`: prompts and lines read;
//! - `input.rs`: the person's card language, matched against the core's legal moves;
//! - `person.rs`: the person's turn, from the board to a legal move, and hints.
//!
//! Rules, captures and scores all come from the core; this module only asks and shows.

mod console;
mod display;
mod input;
mod person;
mod series;

use std::fs::{File, OpenOptions};
use std::hash::{BuildHasher, Hasher};
use std::io::{self, BufRead, IsTerminal, Write};
use std::path::PathBuf;
use std::process::ExitCode;

use clap::Args;
use tablic_core::bots::solver::Entry;
use tablic_core::bots::{AnyBot, BotSpec};
use tablic_core::{CardSet, Game};

use crate::error::Failure;
use crate::match_cmd::parse_seed;
use crate::record_file::record_text;

use console::{Console, Halt};
use display::Style;
use person::{Hints, Interrupt, Undo};
use series::{bot_seed, deal_seed, Lineup, Player, Totals};

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
    #[arg(long, value_name = "N", default_value_t = 1, value_parser = parse_games)]
    games: u64,

    /// Append each finished game's record to FILE.
    #[arg(long, value_name = "FILE")]
    save: Option<PathBuf>,
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
in a single game, casual play: in a series (--games 2 or more) every move counts, since the \
totals compare the players.

Game g (from 0) is dealt from derive_seed(SEED, g); player i sits at seat (i + g) mod n. \
Cards print with suit symbols, red for ♦♥, when standard output is a terminal (no colour if \
NO_COLOR is set), and as 10D otherwise.

Examples:
  tablic play --players me,pimc
  tablic play --players greedy,me,minimax --games 3 --seed 7 --save games.txt";

fn players_help() -> String {
    format!(
        "Players in seat order for the first game, comma-separated, 2 to 4: `me` (once) for \
         you, and bots as `name` or `name:key=value,key=value`. Known bots: {}.",
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
    let lineup = Lineup::parse(&args.players)
        .map_err(|error| Failure::Usage(format!("--players: {error}")))?;
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
    let stdin = io::stdin();
    let echo = !stdin.is_terminal();
    let console = Console::new(
        stdin.lock(),
        io::BufWriter::new(io::stdout().lock()),
        Style::detect(),
        echo,
    );
    let mut session = Session {
        console,
        lineup: &lineup,
        seed: args.seed.unwrap_or_else(random_seed),
        seed_given: args.seed.is_some(),
        games: args.games,
        save: save.map(|file| (file, args.save.clone().unwrap_or_default())),
        totals: Totals::new(lineup.len()),
        hints: Hints::new(),
    };
    match session.play() {
        Ok(()) | Err(Halt::Quit | Halt::Eof) => Ok(ExitCode::SUCCESS),
        Err(Halt::Io(error)) => Err(error.into()),
        Err(Halt::Bug(message)) => Err(Failure::Runtime(message)),
    }
}

/// A series in progress.
struct Session<'a, R, W> {
    console: Console<R, W>,
    lineup: &'a Lineup,
    seed: u64,
    seed_given: bool,
    games: u64,
    save: Option<(File, PathBuf)>,
    totals: Totals,
    hints: Hints,
}

/// How a game ended.
enum GameEnd {
    Finished,
    /// The person stopped (quit or end of input) after the game's score was shown.
    Stopped(Halt),
}

impl<'a, R: BufRead, W: Write> Session<'a, R, W> {
    fn names(&self) -> Vec<&'a str> {
        let lineup = self.lineup;
        (0..lineup.len())
            .map(|player| lineup.name(player))
            .collect()
    }

    fn play(&mut self) -> Result<(), Halt> {
        let lineup = self.lineup;
        let others: Vec<&str> = (0..lineup.len())
            .filter(|&player| player != lineup.person())
            .map(|player| lineup.name(player))
            .collect();
        let against = match others.split_last() {
            Some((last, [])) => last.to_string(),
            Some((last, rest)) => format!("{} and {last}", rest.join(", ")),
            None => String::new(),
        };
        let games = match self.games {
            1 => String::new(),
            games => format!(", {games} games"),
        };
        let seed = if self.seed_given {
            format!("seed {}", self.seed)
        } else {
            format!("seed {} (replay with --seed {})", self.seed, self.seed)
        };
        let intro = format!("tablic play: you against {against}{games}, {seed}.");
        self.console.say(&self.console.style.bold(&intro))?;
        self.console
            .say("Type help for the commands, hint for advice, quit to stop.")?;
        for game in 0..self.games {
            if let GameEnd::Stopped(halt) = self.play_game(game)? {
                return Err(halt);
            }
        }
        if self.games > 1 {
            let names = self.names();
            let leaders = self.totals.leaders();
            let best = self.totals.points()[leaders[0]];
            let line = format!(
                "Series over: {}. {}",
                display::standings(&names, self.totals.points()),
                display::winner_line(&names, &leaders, best, self.lineup.person())
            );
            self.console.say("")?;
            self.console.say(&self.console.style.bold(&line))?;
        }
        Ok(())
    }

    /// Plays game `game` of the series (0-based) to its end or to a stop.
    fn play_game(&mut self, game_index: u64) -> Result<GameEnd, Halt> {
        let lineup = self.lineup;
        let style = self.console.style;
        let deal_seed = deal_seed(self.seed, game_index);
        self.hints.set_deal(deal_seed);
        let by_seat = lineup.by_seat(game_index);
        let names_by_seat: Vec<&str> = by_seat.iter().map(|&p| lineup.name(p)).collect();

        let seats: Vec<String> = names_by_seat
            .iter()
            .enumerate()
            .map(|(seat, name)| format!("{seat} {name}"))
            .collect();
        let heading = if self.games > 1 {
            format!("Game {} of {}. ", game_index + 1, self.games)
        } else {
            String::new()
        };
        self.console.say("")?;
        self.console.say(&style.bold(&format!(
            "{heading}Seats: {} (seat 0 leads every deal).",
            seats.join(", ")
        )))?;

        // Each bot with its own memory, seeded for this game.
        let mut memories: Vec<Vec<Entry>> = lineup
            .players()
            .iter()
            .map(|player| match player {
                Player::Bot(spec) => vec![Entry::EMPTY; spec.memory_entries()],
                Player::Person => Vec::new(),
            })
            .collect();
        let mut bots: Vec<Option<AnyBot<'_>>> = lineup
            .players()
            .iter()
            .zip(memories.iter_mut())
            .enumerate()
            .map(|(player, (kind, memory))| match kind {
                Player::Bot(spec) => Some(spec.build(bot_seed(deal_seed, player), memory)),
                Player::Person => None,
            })
            .collect();

        let mut game = Game::from_seed(lineup.player_count(), deal_seed);
        let person_leads = by_seat[0] == lineup.person();
        let undo = if self.games == 1 {
            Undo::Allowed
        } else {
            Undo::Off
        };
        self.console.say(&deal_line(&game, &style, person_leads))?;
        while let Some(seat) = game.to_move() {
            let player = by_seat[seat];
            let chosen = match &mut bots[player] {
                Some(bot) => bot.choose(&game).expect("the game is not over"),
                None => match person::choose(
                    &mut self.console,
                    &game,
                    &names_by_seat,
                    &mut self.hints,
                    undo,
                ) {
                    Ok(chosen) => chosen,
                    Err(Interrupt::Undo(kept)) => {
                        self.take_back(&mut game, kept, &names_by_seat)?;
                        continue;
                    }
                    Err(Interrupt::Halt(halt @ (Halt::Io(_) | Halt::Bug(_)))) => return Err(halt),
                    Err(Interrupt::Halt(halt)) => {
                        self.stopped(&game, &names_by_seat, game_index, &halt)?;
                        return Ok(GameEnd::Stopped(halt));
                    }
                },
            };
            let table_before = game.table();
            let played = game.play(chosen).map_err(|error| {
                Halt::Bug(format!(
                    "{} chose an illegal move ({chosen}): {error}",
                    names_by_seat[seat]
                ))
            })?;
            let person = player == lineup.person();
            self.console.say(&display::move_line(
                &style,
                names_by_seat[seat],
                person,
                chosen,
                played.tabla,
            ))?;
            if played.finished {
                let left = if chosen.capture.is_empty() {
                    table_before.with(chosen.card)
                } else {
                    table_before - chosen.capture
                };
                self.last_cards(&game, left, &names_by_seat, &by_seat)?;
            } else if played.new_deal {
                self.console.say(&deal_line(&game, &style, person_leads))?;
            }
        }
        self.finished(&game, game_index, &names_by_seat, &by_seat)?;
        Ok(GameEnd::Finished)
    }

    /// Takes `game` back to its first `kept` moves (its record then holds only the moves
    /// that stand), and says which moves went.
    fn take_back(
        &mut self,
        game: &mut Game,
        kept: usize,
        names_by_seat: &[&str],
    ) -> Result<(), Halt> {
        let style = self.console.style;
        let Some(view) = game.current_view() else {
            return Err(Halt::Bug("undo after the end of the game".to_string()));
        };
        let person = self.lineup.name(self.lineup.person());
        let mut undone: Vec<String> = view
            .history_backwards()
            .take(game.history().len() - kept)
            .map(|past| {
                let name = names_by_seat[past.seat];
                let whose = if name == person {
                    "your".to_string()
                } else {
                    format!("{name}'s")
                };
                format!("{whose} {}", style.compact(past.played))
            })
            .collect();
        undone.reverse();
        *game = game.rewound(kept);
        self.console
            .say(&format!("Taken back: {}.", undone.join(", ")))?;
        Ok(())
    }

    /// Who gets the cards left on the table at the end.
    fn last_cards(
        &mut self,
        game: &Game,
        left: CardSet,
        names_by_seat: &[&str],
        by_seat: &[usize],
    ) -> Result<(), Halt> {
        if left.is_empty() {
            return Ok(());
        }
        let style = self.console.style;
        let line = match game.last_capturer() {
            Some(seat) if by_seat[seat] == self.lineup.person() => {
                format!(
                    "You take the cards left on the table: {}.",
                    style.cards(left)
                )
            }
            Some(seat) => format!(
                "{} takes the cards left on the table: {}.",
                names_by_seat[seat],
                style.cards(left)
            ),
            None => format!(
                "Nobody captured, so the cards left on the table go to nobody: {}.",
                style.cards(left)
            ),
        };
        self.console.say(&line)?;
        Ok(())
    }

    /// The result of a finished game, the running totals, and the record saved.
    fn finished(
        &mut self,
        game: &Game,
        game_index: u64,
        names_by_seat: &[&str],
        by_seat: &[usize],
    ) -> Result<(), Halt> {
        let style = self.console.style;
        let result = game.result().expect("the game is over");
        self.console.say("")?;
        self.console
            .show(&display::result_table(&result, names_by_seat))?;
        let leaders: Vec<usize> = (0..by_seat.len())
            .filter(|seat| result.leaders() & 1 << seat != 0)
            .collect();
        let person_seat = self.lineup.seat_of(self.lineup.person(), game_index);
        let best = result.total(leaders[0]);
        self.console.say(&style.bold(&display::winner_line(
            names_by_seat,
            &leaders,
            best,
            person_seat,
        )))?;

        let mut scores = vec![0; self.lineup.len()];
        for (seat, &player) in by_seat.iter().enumerate() {
            scores[player] = result.total(seat);
        }
        self.totals.add(&scores);
        if self.games > 1 {
            let names = self.names();
            self.console.say(&format!(
                "Totals after {} of {} games: {}.",
                self.totals.games(),
                self.games,
                display::standings(&names, self.totals.points())
            ))?;
        }
        if let Some((file, path)) = &mut self.save {
            let about = format!("tablic play, game {} of {}", game_index + 1, self.games);
            write!(file, "{}", record_text(game, &about, names_by_seat))?;
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
        names_by_seat: &[&str],
        game_index: u64,
        halt: &Halt,
    ) -> Result<(), Halt> {
        let moves = game.history().len();
        let why = match halt {
            Halt::Eof => "End of input",
            _ => "Stopped",
        };
        let of_games = if self.games > 1 {
            format!(" of game {} of {}", game_index + 1, self.games)
        } else {
            String::new()
        };
        self.console.say(&format!(
            "{why} after {}{of_games}. Score so far (no +3 until the end):",
            display::count(moves as u32, "move", "moves")
        ))?;
        self.console
            .show(&display::progress_table(game, names_by_seat))?;
        if self.totals.games() > 0 {
            let names = self.names();
            self.console.say(&format!(
                "Totals of the {} finished: {}.",
                display::count(self.totals.games() as u32, "game", "games"),
                display::standings(&names, self.totals.points())
            ))?;
        }
        Ok(())
    }
}

/// `Deal 2 of 4: 6 cards each, 24 left in the deck.`, and the table when the first to
/// move is a bot (the person's board shows it otherwise).
fn deal_line(game: &Game, style: &Style, person_leads: bool) -> String {
    let deals = game.players().deals();
    let mut line = format!(
        "{} {} cards each, {} left in the deck.",
        style.bold(&format!("Deal {} of {deals}:", game.deals_dealt())),
        game.hand(0).len(),
        game.undealt(),
    );
    if !person_leads {
        line.push_str(&format!(" Table: {}", style.cards(game.table())));
    }
    line
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
