//! `MatchToTarget`: a match to 101 (or any target) as people play it at a table, games one
//! after another, and its score sheet and record. The match itself is the core's.

use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use pyo3::types::PyType;
use tablic_core::game::match_to_target::{MatchToTarget, SheetLine, DEFAULT_TARGET};
use tablic_core::{RecordError, SeatNames};

use crate::errors::{illegal, value_error};
use crate::files;
use crate::game::fresh_seed;
use crate::game_class::PyGame;
use crate::int_arg;
use crate::moves::{to_move, PyPlayed};
use crate::outcome::PySeatResult;
use crate::rules::{checked, to_rules, PyRules};
use crate::view::PyView;

/// A finished game's line on the score sheet, by the match's sides and players (not the
/// game's seats): each side's part (`sides`, its `total` the game's score) and running
/// total after the game, each player's share.
#[pyclass(name = "SheetLine", module = "tablic._tablic", frozen, get_all, eq)]
#[derive(Clone, PartialEq)]
pub struct PySheetLine {
    /// The game's number in the match, from 1.
    pub game: u32,
    /// The player who led the game.
    pub leader: usize,
    /// Each side's card points, tablas, cards, +3 and total in the game, side 0 first.
    pub sides: Vec<PySeatResult>,
    /// Each side's running total after the game.
    pub running_totals: Vec<u32>,
    /// Each player's share: its own pile's points, tablas and cards.
    pub players: Vec<PySeatResult>,
}

impl From<&SheetLine> for PySheetLine {
    fn from(line: &SheetLine) -> PySheetLine {
        let sides = 0..line.side_count();
        PySheetLine {
            game: line.game(),
            leader: line.leader(),
            sides: sides
                .clone()
                .map(|side| (&line.side(side)).into())
                .collect(),
            running_totals: sides.map(|side| line.running_total(side)).collect(),
            players: (0..line.result().players().get())
                .map(|player| (&line.player(player)).into())
                .collect(),
        }
    }
}

#[pymethods]
impl PySheetLine {
    fn __repr__(&self) -> String {
        let totals: Vec<u32> = self.sides.iter().map(|side| side.total).collect();
        format!(
            "SheetLine(game={}, leader={}, totals={totals:?}, running_totals={:?})",
            self.game, self.leader, self.running_totals
        )
    }
}

/// A match to a target score, "a match to 101": games one after another under one set of
/// rules, each side's score added to its running total, until a game ends with a side at
/// or past the target and alone in the lead (a tie for it plays on). Not `tablic.match`,
/// which plays bots against each other for statistics.
///
/// Players are numbered for the whole match; player p plays for side
/// `p % (players // side_size)`. Game g (from 1) is led by player `(g - 1) % players`, who
/// sits in its seat 0: `player_at` and `seat_of` convert. Moves go through `play`; `game`
/// is a copy of the game in play, for its views, legal moves and bots. The match keeps its
/// record (`record()`, read back by `MatchToTarget.from_record`; `save` and `load` for a
/// file), its players' names (the record's `name` lines, as `tablic play --to` writes
/// them) and its score sheet.
#[pyclass(name = "MatchToTarget", module = "tablic._tablic")]
#[derive(Clone)]
pub struct PyMatchToTarget {
    played: MatchToTarget,
    finished: Finished,
    /// Each player's name, if named: checked as a record's `name` line is.
    names: Vec<Option<String>>,
}

/// What the match itself does not keep of its finished games: their record blocks and
/// sheet lines, in order, one a game so that an undo into the last drops its own.
#[derive(Clone, Default)]
struct Finished {
    records: Vec<String>,
    sheet: Vec<PySheetLine>,
}

impl Finished {
    /// Keeps the record block and the sheet line of the game that has just ended.
    fn add(&mut self, played: &MatchToTarget) {
        if let Some(line) = played.sheet_line() {
            self.records.push(played.game_record().to_string());
            self.sheet.push((&line).into());
        }
    }

    /// Drops the blocks and lines of games `played` no longer counts as finished.
    fn keep_to(&mut self, played: &MatchToTarget) {
        let games = played.finished_games() as usize;
        self.records.truncate(games);
        self.sheet.truncate(games);
    }
}

impl PyMatchToTarget {
    /// The match a record's text gives, or why it gives none.
    fn read(record: &str) -> Result<PyMatchToTarget, RecordError> {
        let mut finished = Finished::default();
        let (played, names) =
            MatchToTarget::from_record_by_game(record, |played| finished.add(played))?;
        let names = (0..played.players().get())
            .map(|player| names.get(player).map(str::to_owned))
            .collect();
        Ok(PyMatchToTarget {
            played,
            finished,
            names,
        })
    }

    /// The names as a record writes them.
    fn seat_names(&self) -> SeatNames<'_> {
        let mut named = SeatNames::NONE;
        for (player, name) in self.names.iter().enumerate() {
            if let Some(name) = name {
                // Checked when given or read.
                let _ = named.set(player, name);
            }
        }
        named
    }

    fn players(&self) -> usize {
        self.played.players().get()
    }

    /// A `ValueError` for a player or seat number past the players.
    fn check_player(&self, number: usize, what: &str) -> PyResult<usize> {
        if number < self.players() {
            Ok(number)
        } else {
            Err(PyValueError::new_err(format!(
                "no {what} {number} in a match of {} players",
                self.players()
            )))
        }
    }
}

#[pymethods]
impl PyMatchToTarget {
    /// A match of `players` under `rules` (a `Rules` or its text; the original rules by
    /// default) to `target` points, its games dealt from `seed` (random without one).
    /// `names`, player 0 first, name players in the record (None or a missing name leaves
    /// one unnamed): 1 to 64 bytes without control characters or spaces at either end.
    #[new]
    #[pyo3(signature = (players = 2, *, rules = None, target = DEFAULT_TARGET, seed = None, names = None))]
    fn new(
        #[pyo3(from_py_with = int_arg::players)] players: usize,
        rules: Option<&Bound<'_, PyAny>>,
        target: u32,
        #[pyo3(from_py_with = int_arg::seed)] seed: Option<u64>,
        names: Option<Vec<Option<String>>>,
    ) -> PyResult<PyMatchToTarget> {
        let rules = to_rules(rules)?;
        let players = checked(rules, players)?;
        let mut names = names.unwrap_or_default();
        if names.len() > players.get() {
            return Err(PyValueError::new_err(format!(
                "{} names for {players} players",
                names.len()
            )));
        }
        names.resize(players.get(), None);
        let mut checked_names = SeatNames::NONE;
        for (player, name) in names.iter().enumerate() {
            if let Some(name) = name {
                checked_names.set(player, name).map_err(value_error)?;
            }
        }
        let seed = seed.unwrap_or_else(fresh_seed);
        let played = MatchToTarget::new(players, rules, target, seed).map_err(value_error)?;
        Ok(PyMatchToTarget {
            played,
            finished: Finished::default(),
            names,
        })
    }

    /// A match replayed from its record (as `record()` writes it), every move and result
    /// checked; it is where the record stops, the middle of a game too, ready to play on.
    /// A bad record raises `ValueError` naming the line.
    #[classmethod]
    fn from_record(_class: &Bound<'_, PyType>, record: &str) -> PyResult<PyMatchToTarget> {
        PyMatchToTarget::read(record).map_err(value_error)
    }

    /// A match replayed from the record in the file at `path` (a str or an
    /// `os.PathLike`, read as UTF-8), as `save` writes it; an error names the file and the
    /// line.
    #[classmethod]
    fn load(_class: &Bound<'_, PyType>, path: &Bound<'_, PyAny>) -> PyResult<PyMatchToTarget> {
        let (path, text) = files::read(path)?;
        PyMatchToTarget::read(&text)
            .map_err(|error| PyValueError::new_err(format!("{path}: {error}")))
    }

    /// Writes the match's record (`record()`) to the file at `path` as UTF-8, replacing the
    /// file: saved after every move, a match survives anything.
    fn save(&self, path: &Bound<'_, PyAny>) -> PyResult<()> {
        files::write(path, self.record())
    }

    /// The match's record: its header, every finished game, and the game in play so far.
    fn record(&self) -> String {
        let names = self.seat_names();
        let mut text = self.played.record_header(Some(&names)).to_string();
        text.extend(self.finished.records.iter().map(String::as_str));
        if !self.played.game().is_finished() {
            text += &self.played.game_record().to_string();
        }
        text
    }

    /// How many play.
    #[getter(players)]
    fn player_count(&self) -> usize {
        self.players()
    }

    /// Each player's name in the record, player 0 first (None for one not named).
    #[getter]
    fn names(&self) -> Vec<Option<String>> {
        self.names.clone()
    }

    /// The rules of every game.
    #[getter]
    fn rules(&self) -> PyRules {
        PyRules {
            rules: self.played.rules(),
        }
    }

    /// The score that ends the match.
    #[getter]
    fn target(&self) -> u32 {
        self.played.target()
    }

    /// The seed the games are dealt from.
    #[getter]
    fn seed(&self) -> u64 {
        self.played.seed()
    }

    /// How many sides play.
    #[getter]
    fn side_count(&self) -> usize {
        self.played.side_count()
    }

    /// The side `player` plays for, all match long.
    fn side_of(&self, #[pyo3(from_py_with = int_arg::index)] player: usize) -> PyResult<usize> {
        Ok(self.played.side_of(self.check_player(player, "player")?))
    }

    /// The player in seat `seat` of the game in play.
    fn player_at(&self, #[pyo3(from_py_with = int_arg::seat)] seat: usize) -> PyResult<usize> {
        Ok(self.played.player_at(self.check_player(seat, "seat")?))
    }

    /// The seat of the game in play where `player` sits.
    fn seat_of(&self, #[pyo3(from_py_with = int_arg::index)] player: usize) -> PyResult<usize> {
        Ok(self.played.seat_of(self.check_player(player, "player")?))
    }

    /// A copy of the game in play (or the last one, once it is over): its seats are the
    /// game's, seat 0 the player who leads. Later moves do not change it.
    #[getter]
    fn game(&self) -> PyGame {
        PyGame {
            game: self.played.game().clone(),
        }
    }

    /// What `seat` of the game in play may know.
    fn view(&self, #[pyo3(from_py_with = int_arg::seat)] seat: usize) -> PyResult<PyView> {
        PyView::of(self.played.game(), seat)
    }

    /// The number of the game in play (or just over), from 1.
    #[getter]
    fn game_number(&self) -> u32 {
        self.played.game_number()
    }

    /// Games played to the end.
    #[getter]
    fn finished_games(&self) -> u32 {
        self.played.finished_games()
    }

    /// The player who leads the game in play.
    #[getter]
    fn leader(&self) -> usize {
        self.played.leader()
    }

    /// The running totals by side, the game in play included once it is over.
    #[getter]
    fn totals(&self) -> Vec<u32> {
        self.played.totals().to_vec()
    }

    /// The side alone with the highest running total, None while sides share it (0 to 0
    /// too): what a series stopped after its games is won by, target or not. Once the
    /// match is decided, it is the winner.
    #[getter]
    fn ahead(&self) -> Option<usize> {
        self.played.ahead()
    }

    /// The side that won, once the match is decided; else None.
    #[getter]
    fn winner(&self) -> Option<usize> {
        self.played.winner()
    }

    /// True once the match is decided.
    #[getter]
    fn is_over(&self) -> bool {
        self.played.is_over()
    }

    /// The score sheet: a line for every finished game, in order.
    #[getter]
    fn sheet(&self) -> Vec<PySheetLine> {
        self.finished.sheet.clone()
    }

    /// Plays a move in the game in play for the seat to move (a `Move`, or a card and the
    /// cards it captures). The move that ends a game adds its scores to the totals. An
    /// illegal move raises `IllegalMoveError` and changes nothing.
    #[pyo3(signature = (card, capture = None))]
    fn play(
        &mut self,
        card: &Bound<'_, PyAny>,
        capture: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<PyPlayed> {
        let chosen = to_move(card, capture)?;
        let outcome = self
            .played
            .play(chosen)
            .map_err(|reason| illegal(chosen, reason))?;
        if outcome.finished {
            self.finished.add(&self.played);
        }
        Ok(outcome.into())
    }

    /// Deals the next game, led by the next player. A `ValueError` before the game in play
    /// is over, or once the match is.
    fn next_game(&mut self) -> PyResult<()> {
        self.played.next_game().map_err(value_error)
    }

    /// The match as it stood after the first `moves` moves of the game in play (all of
    /// them, if it has fewer): an undo. Taken back into a game just over, its scores come
    /// off the totals and its sheet line and record block go; the record is then the old
    /// one cut at that move.
    fn rewound(&self, #[pyo3(from_py_with = int_arg::moves)] moves: usize) -> PyMatchToTarget {
        let played = self.played.rewound(moves);
        let mut finished = self.finished.clone();
        finished.keep_to(&played);
        PyMatchToTarget {
            played,
            finished,
            names: self.names.clone(),
        }
    }

    fn __copy__(&self) -> PyMatchToTarget {
        self.clone()
    }

    fn __deepcopy__(&self, _memo: &Bound<'_, PyAny>) -> PyMatchToTarget {
        self.clone()
    }

    fn __reduce__<'py>(slf: &Bound<'py, Self>) -> PyResult<(Bound<'py, PyAny>, (String,))> {
        let from_record = slf.get_type().getattr("from_record")?;
        Ok((from_record, (slf.borrow().record(),)))
    }

    fn __repr__(&self) -> String {
        format!(
            "<MatchToTarget players={} rules='{}' target={} seed={}, game {}, totals {:?}>",
            self.players(),
            self.played.rules(),
            self.played.target(),
            self.played.seed(),
            self.played.game_number(),
            self.played.totals()
        )
    }
}
