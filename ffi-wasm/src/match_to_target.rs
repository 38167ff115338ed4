//! `MatchToTarget`: a match to 101 (or any target) as people play it at a table, games one
//! after another, with its score sheet and record. The match itself is the core's.

use tablic_core::game::match_to_target::{MatchToTarget as CoreMatch, DEFAULT_TARGET};
use tablic_core::game::record::NameError;
use tablic_core::{PlayerCount, SeatNames};
use wasm_bindgen::prelude::*;

use crate::arguments;
use crate::errors::{illegal, js_error};
use crate::game::{parse_rules, Game};
use crate::moves;
use crate::numbers::plain_array;
use crate::outcome::Played;
use crate::sheet::SheetLine;
use crate::view::{check_seat, View};

/// A match to a target score, "a match to 101": games one after another under one set of
/// rules, each side's score added to its running total, until a game ends with a side at
/// or past the target and alone in the lead (a tie for it plays on). Not `playMatch`, which
/// plays bots against each other for statistics.
///
/// Players are numbered for the whole match; player p plays for side
/// `p % (players / sideSize)`. Game g (from 1) is dealt from `deriveSeed(seed, g - 1)` and
/// led by player `(g - 1) % players`, who sits in its seat 0: `playerAt` and `seatOf`
/// convert. Moves go through `play`; `game` is a copy of the game in play, for its views,
/// legal moves and bots. The match keeps its record (`record()`, read back by
/// `MatchToTarget.fromRecord`), its players' names and its score sheet.
#[wasm_bindgen]
#[derive(Clone)]
pub struct MatchToTarget {
    played: CoreMatch,
    /// The record blocks of the finished games, in order, one a game so that an undo into
    /// the last drops its own (the core keeps only the game in play).
    finished_records: Vec<String>,
    /// The sheet lines of the finished games, in order.
    sheet: Vec<SheetLine>,
    /// Each player's name, if named: checked as a record's `name` line is.
    names: Vec<Option<String>>,
}

impl MatchToTarget {
    /// Keeps the record block and the sheet line of the game that has just ended.
    fn keep_finished(&mut self) {
        if let Some(line) = self.played.sheet_line() {
            self.finished_records
                .push(self.played.game_record().to_string());
            self.sheet.push(line.into());
        }
    }

    /// `number` as a player (or a seat) of the match, or an `Error` naming `what`.
    fn check_player(&self, number: f64, what: &str) -> Result<usize, JsError> {
        let number = arguments::index(number, &format!("a {what}"))?;
        let players = self.played.players().get();
        if number < players {
            Ok(number)
        } else {
            Err(JsError::new(&format!(
                "no {what} {number} in a match of {players} players"
            )))
        }
    }
}

/// The players' names as a record writes them, or why one cannot be recorded.
fn seat_names(names: &[Option<String>]) -> Result<SeatNames<'_>, NameError> {
    let mut named = SeatNames::NONE;
    for (player, name) in names.iter().enumerate() {
        if let Some(name) = name {
            named.set(player, name)?;
        }
    }
    Ok(named)
}

#[wasm_bindgen]
impl MatchToTarget {
    /// A match of `players` dealt from `seed`, under `rules` (the engine's rules text, `""`
    /// for the original game) to `target` points (101 by default, at most 1,000,000).
    /// `names`, player 0 first, name players in the record (`null`, `undefined` or a
    /// missing name leaves one unnamed): 1 to 64 bytes without control characters or spaces
    /// at either end. The first game is dealt, led by player 0.
    #[wasm_bindgen(constructor)]
    pub fn new(
        players: f64,
        seed: &arguments::Seed,
        rules: Option<arguments::Text>,
        target: Option<f64>,
        names: Option<arguments::Names>,
    ) -> Result<MatchToTarget, JsError> {
        let players = PlayerCount::new(arguments::index(players, "players")?).map_err(js_error)?;
        let seed = arguments::seed(seed, "seed")?;
        let rules = parse_rules(rules)?;
        let target = match target {
            Some(target) => arguments::index(target, "target")? as u32,
            None => DEFAULT_TARGET,
        };
        let played = CoreMatch::new(players, rules, target, seed).map_err(js_error)?;
        let mut names = match names {
            Some(names) => arguments::names(&names, players.get())?,
            None => Vec::new(),
        };
        names.resize(players.get(), None);
        seat_names(&names).map_err(js_error)?;
        Ok(MatchToTarget {
            played,
            finished_records: Vec::new(),
            sheet: Vec::new(),
            names,
        })
    }

    /// A match replayed from its record (as `record()` writes it), every move and result
    /// checked; it is where the record stops, the middle of a game too, ready to play on.
    /// A bad record throws an `Error` naming the line.
    #[wasm_bindgen(js_name = fromRecord)]
    pub fn from_record(text: &arguments::Text) -> Result<MatchToTarget, JsError> {
        let text = arguments::text(text, "a record")?;
        let mut finished_records = Vec::new();
        let mut sheet = Vec::new();
        let (played, names) = CoreMatch::from_record_by_game(&text, |played| {
            if let Some(line) = played.sheet_line() {
                finished_records.push(played.game_record().to_string());
                sheet.push(SheetLine::from(line));
            }
        })
        .map_err(js_error)?;
        let names = (0..played.players().get())
            .map(|player| names.get(player).map(str::to_owned))
            .collect();
        Ok(MatchToTarget {
            played,
            finished_records,
            sheet,
            names,
        })
    }

    /// The match's record: its header, every finished game, and the game in play so far.
    /// Saved after every move, a match survives a closed page.
    pub fn record(&self) -> String {
        // Checked when given or read.
        let names = seat_names(&self.names).unwrap_or_default();
        let mut text = self.played.record_header(Some(&names)).to_string();
        text.extend(self.finished_records.iter().map(String::as_str));
        if !self.played.game().is_finished() {
            text += &self.played.game_record().to_string();
        }
        text
    }

    /// An independent copy.
    #[wasm_bindgen(js_name = clone)]
    pub fn copy(&self) -> MatchToTarget {
        self.clone()
    }

    /// How many play.
    #[wasm_bindgen(getter)]
    pub fn players(&self) -> usize {
        self.played.players().get()
    }

    /// Each player's name in the record, player 0 first (`undefined` for one not named).
    #[wasm_bindgen(getter, unchecked_return_type = "(string | undefined)[]")]
    pub fn names(&self) -> Vec<JsValue> {
        self.names
            .iter()
            .map(|name| {
                name.as_deref()
                    .map_or(JsValue::UNDEFINED, JsValue::from_str)
            })
            .collect()
    }

    /// The rules of every game, as text (`""` for the original game).
    #[wasm_bindgen(getter)]
    pub fn rules(&self) -> String {
        self.played.rules().to_string()
    }

    /// The score that ends the match.
    #[wasm_bindgen(getter)]
    pub fn target(&self) -> u32 {
        self.played.target()
    }

    /// The seed the games are dealt from.
    #[wasm_bindgen(getter)]
    pub fn seed(&self) -> u64 {
        self.played.seed()
    }

    /// How many sides play (the players, when everyone plays alone).
    #[wasm_bindgen(getter, js_name = sideCount)]
    pub fn side_count(&self) -> usize {
        self.played.side_count()
    }

    /// The side `player` plays for, all match long.
    #[wasm_bindgen(js_name = sideOf)]
    pub fn side_of(&self, player: f64) -> Result<usize, JsError> {
        Ok(self.played.side_of(self.check_player(player, "player")?))
    }

    /// The player in seat `seat` of the game in play.
    #[wasm_bindgen(js_name = playerAt)]
    pub fn player_at(&self, seat: f64) -> Result<usize, JsError> {
        Ok(self.played.player_at(self.check_player(seat, "seat")?))
    }

    /// The seat of the game in play where `player` sits.
    #[wasm_bindgen(js_name = seatOf)]
    pub fn seat_of(&self, player: f64) -> Result<usize, JsError> {
        Ok(self.played.seat_of(self.check_player(player, "player")?))
    }

    /// A copy of the game in play (or the last one, once it is over): its seats are the
    /// game's, seat 0 the player who leads. Later moves do not change it.
    #[wasm_bindgen(getter)]
    pub fn game(&self) -> Game {
        Game {
            game: self.played.game().clone(),
        }
    }

    /// What `seat` of the game in play may know.
    pub fn view(&self, seat: f64) -> Result<View, JsError> {
        let game = self.played.game();
        View::of(game, check_seat(game, seat)?)
    }

    /// The number of the game in play (or just over), from 1.
    #[wasm_bindgen(getter, js_name = gameNumber)]
    pub fn game_number(&self) -> u32 {
        self.played.game_number()
    }

    /// Games played to the end.
    #[wasm_bindgen(getter, js_name = finishedGames)]
    pub fn finished_games(&self) -> u32 {
        self.played.finished_games()
    }

    /// The player who leads the game in play (sits in its seat 0).
    #[wasm_bindgen(getter)]
    pub fn leader(&self) -> usize {
        self.played.leader()
    }

    /// The running totals by side, side 0 first, the game in play included once it is
    /// over.
    #[wasm_bindgen(getter, unchecked_return_type = "number[]")]
    pub fn totals(&self) -> Vec<JsValue> {
        plain_array(self.played.totals().iter().copied())
    }

    /// The side alone with the highest running total, `undefined` while sides share it (0
    /// to 0 too): what a series stopped after its games is won by, target or not. Once the
    /// match is decided, it is the winner.
    #[wasm_bindgen(getter)]
    pub fn ahead(&self) -> Option<usize> {
        self.played.ahead()
    }

    /// The side that won, once the match is decided; else `undefined`.
    #[wasm_bindgen(getter)]
    pub fn winner(&self) -> Option<usize> {
        self.played.winner()
    }

    /// True once the match is decided: a game has ended with a side at or past the target
    /// and alone in the lead.
    #[wasm_bindgen(getter, js_name = isOver)]
    pub fn is_over(&self) -> bool {
        self.played.is_over()
    }

    /// The score sheet: a line for every finished game, game 1 first.
    #[wasm_bindgen(getter)]
    pub fn sheet(&self) -> Vec<SheetLine> {
        self.sheet.clone()
    }

    /// Plays `move` (`"5S 2C 3D"`) in the game in play for the seat to move. The move that
    /// ends a game adds its scores to the totals. An illegal move throws an `Error` saying
    /// why and changes nothing.
    pub fn play(&mut self, r#move: &arguments::Text) -> Result<Played, JsError> {
        let chosen = moves::read(r#move)?;
        let outcome = self
            .played
            .play(chosen)
            .map_err(|reason| illegal(chosen, reason))?;
        if outcome.finished {
            self.keep_finished();
        }
        Ok(outcome.into())
    }

    /// Deals the next game, led by the next player. An `Error` before the game in play is
    /// over, or once the match is.
    #[wasm_bindgen(js_name = nextGame)]
    pub fn next_game(&mut self) -> Result<(), JsError> {
        self.played.next_game().map_err(js_error)
    }

    /// The match as it stood after the first `moves` moves of the game in play (all of
    /// them, if it has fewer): an undo. Taken back into a game just over, its scores come
    /// off the totals and its sheet line and record block go; the record is then the old
    /// one cut at that move.
    pub fn rewound(&self, moves: f64) -> Result<MatchToTarget, JsError> {
        let played = self.played.rewound(arguments::index(moves, "moves")?);
        let games = played.finished_games() as usize;
        let mut rewound = MatchToTarget {
            played,
            ..self.clone()
        };
        rewound.finished_records.truncate(games);
        rewound.sheet.truncate(games);
        Ok(rewound)
    }
}
