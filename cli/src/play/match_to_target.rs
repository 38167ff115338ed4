//! A match to a target score at the terminal (`--to`). The core's `MatchToTarget` deals
//! the games, adds up the sides' totals and decides the winner; this shows each game's
//! score-sheet line and the running totals, and keeps the match's record on disk
//! ([`MatchFile`]) so that `--resume` goes on from the move where it stopped.
//!
//! The players keep their `--players` numbers all match long: player `p` plays for side
//! `p mod sides`, and player `g mod n` leads game `g` (from 0), so the seats turn the
//! other way round from a `--games` series.

use std::io::{BufRead, Write};
use std::path::Path;

use tablic_core::game::match_to_target::{MatchToTarget, SheetLine};
use tablic_core::game::record::SeatNames;
use tablic_core::{Game, Move, Played, Rules};

use super::console::{Console, Halt};
use super::game::{self, GameEnd, Host, Seating};
use super::match_file::MatchFile;
use super::person::{Hints, Undo};
use super::series::{deal_seed, Lineup};
use super::sides::Sides;
use super::{display, intro, sheet, TYPE_HELP};
use crate::error::Failure;
use crate::record_file::read_text;

/// What `undo` says in a match.
const NO_UNDO: &str = "Undo is off in a match (--to): every move counts toward the totals.";

/// A match to play, new or resumed.
pub struct MatchSession {
    lineup: Lineup,
    played: MatchToTarget,
    /// The sheet line of every finished game, game 1 first.
    sheet: Vec<SheetLine>,
    file: MatchFile,
    /// The first line on screen.
    intro: String,
}

/// Starts a match of `lineup` under `rules` to `target`, dealt from `seed`; with `save`,
/// its record is kept in that file from the start (which must not hold anything yet).
pub fn start(
    lineup: Lineup,
    rules: Rules,
    target: u32,
    seed: u64,
    save: Option<&Path>,
    intro: String,
) -> Result<MatchSession, Failure> {
    let played = MatchToTarget::new(lineup.player_count(), rules, target, seed)
        .map_err(|error| Failure::Usage(format!("--to: {error}")))?;
    let entries: Vec<&str> = (0..lineup.len())
        .map(|player| lineup.entry(player))
        .collect();
    let names = SeatNames::new(&entries).map_err(|error| {
        Failure::Usage(format!(
            "--players: {error}: a match record keeps each player's entry as its name"
        ))
    })?;
    let header = played.record_header(Some(&names)).to_string();
    let file = MatchFile::new(save.map(Path::to_path_buf), header);
    if let Some(path) = save {
        save_from_now(path, &file, &played)?;
    }
    Ok(MatchSession {
        lineup,
        played,
        sheet: Vec::new(),
        file,
        intro,
    })
}

/// The match saved in `record`, where it stopped; its saves go on to `save`, or to
/// `record` itself.
pub fn resume(record: &Path, save: Option<&Path>) -> Result<MatchSession, Failure> {
    let shown = record.display();
    let bad = |error: String| Failure::Usage(format!("--resume {shown}: {error}"));
    let text = read_text(&record.to_string_lossy()).map_err(|failure| match failure {
        Failure::Usage(message) => Failure::Usage(format!("--resume {message}")),
        other => other,
    })?;
    let mut sheet = Vec::new();
    let (mut played, names) = MatchToTarget::from_record(&text, |line| sheet.push(*line))
        .map_err(|error| bad(error.to_string()))?;
    let entries = (0..played.players().get())
        .map(|player| {
            names.get(player).ok_or_else(|| {
                bad(format!(
                    "player {player} has no name line, and tablic play names each player by \
                     its --players entry"
                ))
            })
        })
        .collect::<Result<Vec<&str>, Failure>>()?;
    let lineup = Lineup::from_entries(entries).map_err(|error| {
        bad(format!(
            "its names are not a lineup for tablic play: {error}"
        ))
    })?;
    let mut file = MatchFile::resumed(save.unwrap_or(record).to_path_buf(), &text, &played);
    if played.game().is_finished() && !played.is_over() {
        file.game_over(&played);
        played
            .next_game()
            .map_err(|error| bad(format!("cannot deal the next game: {error}")))?;
    }
    let same_file = |path: &Path| {
        let canonical = |path: &Path| std::fs::canonicalize(path).ok();
        path == record || canonical(path).is_some() && canonical(path) == canonical(record)
    };
    if let Some(path) = save.filter(|path| !same_file(path)) {
        save_from_now(path, &file, &played)?;
    }
    let length = format!("a match to {}", played.target());
    let seed = format!("seed {}", played.seed());
    let intro = format!(
        "{} Resumed from {shown}.",
        intro(&lineup, played.rules(), &length, &seed)
    );
    Ok(MatchSession {
        lineup,
        played,
        sheet,
        file,
        intro,
    })
}

/// Writes the record of `played` to `path`, the `--save` file, which must be new or
/// empty: a match saved there before is not overwritten.
fn save_from_now(path: &Path, file: &MatchFile, played: &MatchToTarget) -> Result<(), Failure> {
    let in_use = std::fs::metadata(path).is_ok_and(|file| file.len() > 0);
    if in_use {
        return Err(Failure::Usage(format!(
            "--save {}: the file is not empty; resume its match with --resume {0}, or name a \
             new file",
            path.display()
        )));
    }
    file.write(played)
        .map_err(|error| Failure::Usage(format!("--save {}: {error}", path.display())))
}

/// The game in play of a match, each move saved as it is played.
struct Saving<'m> {
    played: &'m mut MatchToTarget,
    file: &'m MatchFile,
}

impl Host for Saving<'_> {
    fn game(&self) -> &Game {
        self.played.game()
    }

    fn play(&mut self, chosen: Move) -> Result<Played, Halt> {
        let outcome =
            (self.played.play(chosen)).map_err(|error| Halt::Bug(format!("{chosen}: {error}")))?;
        self.file.write(self.played)?;
        Ok(outcome)
    }

    fn rewind(&mut self, _kept: usize) -> Result<(), Halt> {
        Err(Halt::Bug(NO_UNDO.to_string()))
    }
}

impl MatchSession {
    /// The match's sides, by player.
    fn sides(&self) -> Sides {
        Sides::new(
            &self.lineup.names(),
            self.lineup.person(),
            self.played.rules(),
        )
    }

    /// `you 31, greedy 20`: the running totals by side.
    fn totals(&self) -> String {
        let sides = self.sides();
        let names = sides.short_names();
        let names: Vec<&str> = names.iter().map(String::as_str).collect();
        display::standings(&names, self.played.totals())
    }

    /// Plays the match to its end or to a stop, then says where its record is.
    pub fn play<R: BufRead, W: Write>(
        mut self,
        console: &mut Console<R, W>,
        hints: &mut Hints,
    ) -> Result<(), Halt> {
        let style = console.style;
        console.say(&style.bold(&self.intro))?;
        if self.played.is_over() {
            return self.over(console);
        }
        console.say(TYPE_HELP)?;
        if !self.sheet.is_empty() {
            console.say("")?;
            console.say("The score sheet so far:")?;
            self.show_sheet(console, &self.sheet)?;
            self.say_totals(console)?;
        }
        loop {
            if self.played.is_over() {
                return self.over(console);
            }
            let players = self.played.players().get();
            let by_seat = (0..players).map(|seat| self.played.player_at(seat));
            let seating = Seating::new(&self.lineup, by_seat.collect());
            let number = self.played.game_number();
            let leader = self.lineup.name(self.played.leader());
            let heading = format!("Game {number}, led by {leader}.\n");
            console.say("")?;
            let seats = seating.seats_line(&heading, self.played.game());
            game::say_heading(console, &seats)?;
            let deal_seed = deal_seed(self.played.seed(), u64::from(number - 1));
            let mut host = Saving {
                played: &mut self.played,
                file: &self.file,
            };
            let end = game::play(
                console,
                &mut host,
                &seating,
                hints,
                Undo::Off(NO_UNDO),
                deal_seed,
            )?;
            let game = self.played.game();
            if let GameEnd::Stopped(halt) = end {
                let of_game = format!(" of game {number}");
                game::show_stop(console, game, &seating, &halt, &of_game)?;
                if number > 1 {
                    let totals = format!("Totals before this game: {}.", self.totals());
                    console.say(&totals)?;
                }
                let path = self.file.keep(&self.played)?;
                console.say(&format!(
                    "Match saved in {0}; resume it with: tablic play --resume {0}",
                    path.display()
                ))?;
                return Err(halt);
            }
            game::show_result(console, game, &seating)?;
            let line = self.played.sheet_line().expect("the game is over");
            self.sheet.push(line);
            console.say("")?;
            self.show_sheet(console, &[line])?;
            self.say_totals(console)?;
            self.file.game_over(&self.played);
            if self.played.is_over() {
                continue;
            }
            let best = self.played.totals().iter().copied().max().unwrap_or(0);
            if best >= self.played.target() {
                console.say(&format!("Tied at {best}: one more game."))?;
            }
            self.played
                .next_game()
                .map_err(|error| Halt::Bug(format!("the next game: {error}")))?;
            self.file.write(&self.played)?;
        }
    }

    /// The rows of `lines` on the score sheet.
    fn show_sheet<R: BufRead, W: Write>(
        &self,
        console: &mut Console<R, W>,
        lines: &[SheetLine],
    ) -> Result<(), Halt> {
        let names = self.lineup.names();
        console.show(&sheet::table(lines, &self.sides(), &names))?;
        Ok(())
    }

    /// `Totals after game 2 (to 30): you 31, greedy 20.`
    fn say_totals<R: BufRead, W: Write>(&self, console: &mut Console<R, W>) -> Result<(), Halt> {
        let line = format!(
            "Totals after game {} (to {}): {}.",
            self.played.finished_games(),
            self.played.target(),
            self.totals()
        );
        console.say(&line)?;
        Ok(())
    }

    /// The end: the winner, the whole sheet, and where the record is.
    fn over<R: BufRead, W: Write>(&self, console: &mut Console<R, W>) -> Result<(), Halt> {
        let style = console.style;
        let winner = self.played.winner().expect("the match is over");
        let best = self.played.totals()[winner];
        let line = format!(
            "Match over after {}: {}. {}",
            display::count(self.played.finished_games(), "game", "games"),
            self.totals(),
            self.sides().winner_line(&[winner], best)
        );
        console.say("")?;
        console.say(&style.bold(&line))?;
        console.say("The score sheet:")?;
        self.show_sheet(console, &self.sheet)?;
        if let Some(path) = self.file.path() {
            console.say(&format!("Match record saved in {}.", path.display()))?;
        }
        Ok(())
    }
}
