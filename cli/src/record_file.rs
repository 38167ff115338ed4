//! Game records on disk: reading one for the commands that show a game, and writing one
//! with its seats' names for the commands that save games.

use tablic_core::game::record::{SeatNames, MAX_NAME_LEN};
use tablic_core::{Game, GameResult, SeatResult, MOST_CARDS_BONUS};

use crate::error::Failure;
use crate::lines;
use crate::output::count;

/// Largest record file read, in bytes: a game's record takes a few KiB, so this holds many
/// thousands of them, and an endless input (`/dev/zero`) is refused instead of read whole.
pub const MAX_FILE: usize = 64 << 20;

/// How messages name `path`: `stdin` for `-`.
pub fn display_name(path: &str) -> &str {
    if path == "-" {
        "stdin"
    } else {
        path
    }
}

/// The text of `path` (`-`: stdin), at most [`MAX_FILE`] bytes; a usage error naming the
/// file when it cannot be read.
pub fn read_text(path: &str) -> Result<String, Failure> {
    let read = if path == "-" {
        lines::read_text(std::io::stdin().lock(), MAX_FILE)
    } else {
        std::fs::File::open(path).and_then(|file| lines::read_text(file, MAX_FILE))
    };
    read.map_err(|error| Failure::Usage(format!("{}: {error}", display_name(path))))
}

/// A game read from a record, with its seats' names.
#[derive(Debug)]
pub struct Recorded {
    pub game: Game,
    /// Each seat's name, if the record gives one.
    pub names: Vec<Option<String>>,
}

impl Recorded {
    /// The game and the seat names of a record read by the core.
    pub fn new(game: Game, names: &SeatNames<'_>) -> Recorded {
        let names = (0..game.players().get())
            .map(|seat| names.get(seat).map(str::to_string))
            .collect();
        Recorded { game, names }
    }

    /// What to call a seat: `seat 0 (greedy)`, or `seat 0` when the record names none.
    pub fn label(&self, seat: usize) -> String {
        match self.names.get(seat).and_then(Option::as_deref) {
            Some(name) => format!("seat {seat} ({name})"),
            None => format!("seat {seat}"),
        }
    }

    /// What to call a side: `side 0 (seat 0 (you), seat 2 (minimax))`.
    pub fn side_label(&self, side: usize) -> String {
        let seats: Vec<String> = (0..self.names.len())
            .filter(|&seat| self.game.side_of(seat) == side)
            .map(|seat| self.label(seat))
            .collect();
        format!("side {side} ({})", seats.join(", "))
    }

    /// Each seat's total and where it came from, and who won: how `replay` and `render`
    /// end a finished game. In a game of sides, the seats' lines are their shares, then
    /// each side's line, and the winner is a side.
    pub fn result_lines(&self, result: &GameResult) -> (Vec<String>, String) {
        let line = |label: String, score: &SeatResult| {
            let bonus = if score.most_cards {
                format!(" + {MOST_CARDS_BONUS} for the most cards")
            } else {
                String::new()
            };
            format!(
                "{label}: {} = {} + {}{bonus} ({})",
                score.total(),
                count(score.card_points.into(), "point"),
                count(score.tablas.into(), "tabla"),
                count(score.cards.into(), "card")
            )
        };
        let alone = result.rules().is_everyone_alone();
        let mut totals: Vec<String> = result
            .seats()
            .iter()
            .enumerate()
            .map(|(seat, score)| line(self.label(seat), score))
            .collect();
        if !alone {
            totals.extend(
                (0..result.side_count())
                    .map(|side| line(self.side_label(side), &result.side(side))),
            );
        }
        let winner = match (result.winner(), alone) {
            (Some(seat), true) => format!("winner: {}", self.label(seat)),
            (Some(side), false) => format!("winner: {}", self.side_label(side)),
            (None, _) => "tie for the highest total".to_string(),
        };
        (totals, winner)
    }
}

/// The game recorded in `path` (`-`: stdin), replayed and checked by the core, with its
/// seats' names. A file that cannot be read or is not a valid record is a usage error
/// naming the file.
pub fn read_game(path: &str) -> Result<Recorded, Failure> {
    let text = read_text(path)?;
    let (game, names) = Game::from_record_with_names(&text)
        .map_err(|error| Failure::Usage(format!("{}: {error}", display_name(path))))?;
    Ok(Recorded::new(game, &names))
}

/// A finished or stopped game's record to save: the header, `# about`, then the record
/// with a `name` line for each seat (`names` in seat order).
pub fn record_text(game: &Game, about: &str, names: &[impl AsRef<str>]) -> String {
    let mut named = SeatNames::NONE;
    for (seat, name) in names.iter().enumerate() {
        // A name the core still refuses (an engine's, with a control character in it)
        // leaves its seat unnamed rather than the game unsaved.
        let _ = named.set(seat, recordable(name.as_ref()));
    }
    let record = game.record().with_names(&named).to_string();
    let (header, rest) = record.split_once('\n').unwrap_or((&record, ""));
    format!("{header}\n# {about}\n{rest}")
}

/// `name` without spaces around it and at most [`MAX_NAME_LEN`] bytes, cut at a character:
/// an engine chooses its own name, and a long one must not keep its games from being saved.
fn recordable(name: &str) -> &str {
    let name = name.trim();
    let mut end = name.len().min(MAX_NAME_LEN);
    while !name.is_char_boundary(end) {
        end -= 1;
    }
    name[..end].trim_end()
}
