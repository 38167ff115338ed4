//! Game records: a whole game as a few lines of text, written, read back and verified.
//!
//! ```text
//! tablic-record 1
//! players 2
//! rules final-tabla=no
//! name 0 greedy
//! name 1 pimc:samples=128,nodes=40000
//! seed 42
//! play 7S 3H 4D
//! play KD
//! …
//! result 14 11
//! ```
//! `rules` is optional: the [`Rules`] where they differ from the original's, which a
//! record without the line is played under (so the line is written only then).
//! `name SEAT NAME` lines are optional: they name seats (each at most once) for whoever
//! shows the game, and are checked but do not change it (see [`SeatNames`]).
//! `seed N` may instead be `deck` followed by the 52 cards, top first, or, for a game that
//! started part way through, `position` and the [`Position`] it started from, with every
//! card known (then the `play` lines are the moves since). Each `play` line is
//! the card then the captured cards (none for a discard), for the seat whose turn it is.
//! `result` (the totals by seat, or by side when seats play in sides) is written for
//! finished games and checked when read.
//! Blank lines and lines starting with `#` are ignored. Reading replays every move through
//! the rules, so a record that loads is a legal game.

use core::fmt;

use crate::cards::notation::{excerpt, parse_cards, Excerpt, ParseCardError, ParseCardSetError};
use crate::dealing::deck::{Deck, DeckError};
use crate::dealing::players::{InvalidPlayerCount, PlayerCount, MAX_PLAYERS};
use crate::game::match_to_target::{MatchError, RECORD_HEADER};
use crate::game::moves::{IllegalMove, Move};
use crate::game::position::{Position, PositionError};
use crate::game::rules::{Rules, RulesError};
use crate::game::{DeckOrigin, Game};
use crate::{Card, CardSet};

/// The first line of every record, with the format version.
pub const HEADER: &str = "tablic-record 1";

/// The most bytes in a seat's name: room for a bot with its options or an engine's name
/// and version, small enough to show beside a table.
pub const MAX_NAME_LEN: usize = 64;

/// The names of a game's seats, as a record's `name` lines carry them. The names are
/// borrowed (from the caller, or from the record's text), so none is copied.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SeatNames<'a> {
    names: [Option<&'a str>; MAX_PLAYERS],
}

impl<'a> SeatNames<'a> {
    /// No seat named.
    pub const NONE: SeatNames<'static> = SeatNames {
        names: [None; MAX_PLAYERS],
    };

    /// Seat `i` named `names[i]`; each name checked as [`SeatNames::set`] checks it.
    pub fn new(names: &[&'a str]) -> Result<SeatNames<'a>, NameError> {
        let mut named = SeatNames::NONE;
        for (seat, name) in names.iter().enumerate() {
            named.set(seat, name)?;
        }
        Ok(named)
    }

    /// Names `seat`: a name is 1 to [`MAX_NAME_LEN`] bytes without control characters or
    /// spaces at either end (a record's line could not keep them), and a seat is named once.
    pub fn set(&mut self, seat: usize, name: &'a str) -> Result<(), NameError> {
        let error = |kind| Err(NameError { seat, kind });
        let Some(slot) = self.names.get_mut(seat) else {
            return error(NameErrorKind::NoSuchSeat);
        };
        if slot.is_some() {
            error(NameErrorKind::Repeated)
        } else if name.is_empty() {
            error(NameErrorKind::Empty)
        } else if name.len() > MAX_NAME_LEN {
            error(NameErrorKind::TooLong(name.len()))
        } else if name.contains(char::is_control) {
            error(NameErrorKind::ControlCharacter)
        } else if name.trim() != name {
            error(NameErrorKind::SurroundingSpace)
        } else {
            *slot = Some(name);
            Ok(())
        }
    }

    /// The name of `seat`, if it has one.
    pub fn get(&self, seat: usize) -> Option<&'a str> {
        self.names.get(seat).copied().flatten()
    }
}

impl Default for SeatNames<'_> {
    fn default() -> Self {
        SeatNames::NONE
    }
}

/// A seat name that cannot be recorded.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NameError {
    /// The seat named.
    pub seat: usize,
    /// What is wrong.
    pub kind: NameErrorKind,
}

/// What is wrong with a seat name.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum NameErrorKind {
    /// The seat is not in the game.
    NoSuchSeat,
    /// The seat was named already.
    Repeated,
    /// No name.
    Empty,
    /// Longer than [`MAX_NAME_LEN`] bytes (this many).
    TooLong(usize),
    /// A control character (a line break, a tab…) in the name.
    ControlCharacter,
    /// White space at the start or the end.
    SurroundingSpace,
}

impl fmt::Display for NameError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "seat {}: ", self.seat)?;
        match self.kind {
            NameErrorKind::NoSuchSeat => f.write_str("no such seat"),
            NameErrorKind::Repeated => f.write_str("named twice"),
            NameErrorKind::Empty => f.write_str("empty name"),
            NameErrorKind::TooLong(length) => {
                write!(f, "a name of {length} bytes (at most {MAX_NAME_LEN})")
            }
            NameErrorKind::ControlCharacter => f.write_str("a control character in the name"),
            NameErrorKind::SurroundingSpace => f.write_str("space around the name"),
        }
    }
}

impl core::error::Error for NameError {}

/// A game written as a record: `game.record().to_string()`, or `write!` into any buffer.
#[derive(Clone, Copy, Debug)]
pub struct Record<'g> {
    game: &'g Game,
    names: Option<&'g SeatNames<'g>>,
}

impl<'g> Record<'g> {
    /// The record with `name` lines for the game's seats that `names` names.
    pub fn with_names(self, names: &'g SeatNames<'g>) -> Record<'g> {
        Record {
            names: Some(names),
            ..self
        }
    }
}

impl Game {
    /// This game as a record (see [`crate::game::record`]).
    pub fn record(&self) -> Record<'_> {
        Record {
            game: self,
            names: None,
        }
    }

    /// Reads a record and replays it, checking every move; the game is where the record
    /// stops (finished or not).
    pub fn from_record(text: &str) -> Result<Game, RecordError> {
        read(text).map(|(game, _)| game)
    }

    /// Reads a record as [`Game::from_record`] does, with the names of its seats.
    pub fn from_record_with_names(text: &str) -> Result<(Game, SeatNames<'_>), RecordError> {
        read(text)
    }
}

impl fmt::Display for Record<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let game = self.game;
        writeln!(f, "{HEADER}")?;
        writeln!(f, "players {}", game.players())?;
        if game.rules() != Rules::ORIGINAL {
            writeln!(f, "rules {}", game.rules())?;
        }
        if let Some(names) = self.names {
            for seat in 0..game.players().get() {
                if let Some(name) = names.get(seat) {
                    writeln!(f, "name {seat} {name}")?;
                }
            }
        }
        match game.origin() {
            DeckOrigin::Seed(seed) => writeln!(f, "seed {seed}")?,
            DeckOrigin::Given => writeln!(f, "deck {}", game.deck())?,
            DeckOrigin::Position => {
                let start = Position::of_game(&game.rewound(0)).without_moves();
                writeln!(f, "position {start}")?;
            }
        }
        for played in game.history() {
            writeln!(f, "play {played}")?;
        }
        if let Some(result) = game.result() {
            f.write_str("result")?;
            for side in 0..result.side_count() {
                write!(f, " {}", result.side_total(side))?;
            }
            writeln!(f)?;
        }
        Ok(())
    }
}

/// A record that could not be read, with the 1-based line where reading stopped.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RecordError {
    /// The line (1-based); 0 when the text ended too early.
    pub line: usize,
    /// What was wrong.
    pub kind: RecordErrorKind,
}

/// What was wrong with a record (a game's, or a match's to a target).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum RecordErrorKind {
    /// The first line is not [`HEADER`].
    MissingHeader,
    /// The first line of a match record is not its header ([`RECORD_HEADER`]).
    MissingMatchHeader,
    /// A match record's line that must come next (written as expected, `target N`).
    MissingMatchLine(&'static str),
    /// A match record's match cannot be, or cannot go on: a bad target, a game after the
    /// match was decided or before the last was over.
    Match(MatchError),
    /// A match record's `game` line is not the next game's number (this one).
    GameOutOfOrder(u32),
    /// No `players` line before the deck.
    MissingPlayers,
    /// No `seed` or `deck` line before the moves.
    MissingDeck,
    /// The player count is not a number.
    BadNumber(Excerpt),
    /// The player count is not allowed.
    Players(InvalidPlayerCount),
    /// The `rules` line is not rules, or not rules these players can sit in.
    Rules(RulesError),
    /// A `name` line that names no seat of the game, or badly.
    Name(NameError),
    /// A card did not parse.
    Card(ParseCardError),
    /// The deck is not 52 distinct cards.
    Deck(DeckError),
    /// The `position` line is not a position.
    Position(PositionError),
    /// The `position` line is a seat's position: a record needs every card.
    SeatPosition,
    /// The `position` line is of this many players, not the record's number.
    PositionPlayers(PlayerCount),
    /// The `position` line's rules are not the record's.
    PositionRules(Rules),
    /// A capture lists a card twice.
    Duplicate(Card),
    /// The move broke the rules.
    IllegalMove(IllegalMove),
    /// A `play` line with no card.
    EmptyMove,
    /// The `result` line disagrees with the replayed game (or the game is not over).
    ResultMismatch,
    /// A line that is none of the above, or out of place.
    UnexpectedLine(Excerpt),
}

impl fmt::Display for RecordError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.line > 0 {
            write!(f, "line {}: ", self.line)?;
        }
        match &self.kind {
            RecordErrorKind::MissingHeader => write!(f, "a record starts with {HEADER:?}"),
            RecordErrorKind::MissingMatchHeader => {
                write!(f, "a match record starts with {RECORD_HEADER:?}")
            }
            RecordErrorKind::MissingMatchLine(expected) => write!(f, "expected \"{expected}\""),
            RecordErrorKind::Match(error) => error.fmt(f),
            RecordErrorKind::GameOutOfOrder(number) => write!(f, "expected \"game {number}\""),
            RecordErrorKind::MissingPlayers => f.write_str("expected \"players N\""),
            RecordErrorKind::MissingDeck => {
                f.write_str("expected \"seed N\", \"deck\" and 52 cards, or \"position\"")
            }
            RecordErrorKind::BadNumber(text) => write!(f, "{text:?} is not a number"),
            RecordErrorKind::Players(error) => error.fmt(f),
            RecordErrorKind::Rules(error) => write!(f, "rules: {error}"),
            RecordErrorKind::Name(error) => error.fmt(f),
            RecordErrorKind::Card(error) => error.fmt(f),
            RecordErrorKind::Deck(error) => error.fmt(f),
            RecordErrorKind::Position(error) => write!(f, "position: {error}"),
            RecordErrorKind::SeatPosition => {
                f.write_str("a record's position holds every card: no seat=")
            }
            RecordErrorKind::PositionPlayers(players) => {
                write!(f, "a position of {players} players in a record of others")
            }
            RecordErrorKind::PositionRules(rules) => {
                write!(
                    f,
                    "a position under other rules than the record's ({rules:?})"
                )
            }
            RecordErrorKind::Duplicate(card) => write!(f, "card {card} appears twice"),
            RecordErrorKind::IllegalMove(error) => write!(f, "illegal move: {error}"),
            RecordErrorKind::EmptyMove => f.write_str("\"play\" needs a card"),
            RecordErrorKind::ResultMismatch => {
                f.write_str("the result does not match the replayed game")
            }
            RecordErrorKind::UnexpectedLine(text) => write!(f, "unexpected line {text:?}"),
        }
    }
}

impl core::error::Error for RecordError {}

pub(crate) fn number<T: core::str::FromStr>(text: &str) -> Result<T, RecordErrorKind> {
    text.trim()
        .parse()
        .map_err(|_| RecordErrorKind::BadNumber(excerpt(text.trim())))
}

fn parse_deck(text: &str) -> Result<Deck, RecordErrorKind> {
    let mut cards = [Card::new(crate::Rank::Ace, crate::Suit::Clubs); 53];
    let mut count = 0;
    for card in parse_cards(text) {
        let card = card.map_err(RecordErrorKind::Card)?;
        if count == cards.len() {
            return Err(RecordErrorKind::Deck(DeckError::WrongLength(count + 1)));
        }
        cards[count] = card;
        count += 1;
    }
    Deck::from_cards(&cards[..count]).map_err(RecordErrorKind::Deck)
}

/// A game from a `position` line with every card known, of the record's player count and
/// rules.
fn parse_position(players: PlayerCount, rules: Rules, text: &str) -> Result<Game, RecordErrorKind> {
    let position: Position = text.parse().map_err(RecordErrorKind::Position)?;
    if !position.is_everything_known() {
        return Err(RecordErrorKind::SeatPosition);
    }
    if position.players() != players {
        return Err(RecordErrorKind::PositionPlayers(position.players()));
    }
    if position.rules() != rules {
        return Err(RecordErrorKind::PositionRules(position.rules()));
    }
    Ok(Game::from_position(&position))
}

/// A move as a `play` line writes it (`7S 3H 4D`: the card, then what it takes), checked
/// only for itself; bindings read moves typed as text with it.
pub fn parse_move(text: &str) -> Result<Move, RecordErrorKind> {
    let mut cards = parse_cards(text);
    let card = cards
        .next()
        .ok_or(RecordErrorKind::EmptyMove)?
        .map_err(RecordErrorKind::Card)?;
    let mut capture = CardSet::EMPTY;
    for taken in cards {
        let taken = taken.map_err(RecordErrorKind::Card)?;
        if capture.contains(taken) {
            return Err(RecordErrorKind::Duplicate(taken));
        }
        capture = capture.with(taken);
    }
    Ok(Move::new(card, capture))
}

impl From<ParseCardSetError> for RecordErrorKind {
    fn from(error: ParseCardSetError) -> Self {
        match error {
            ParseCardSetError::Card(error) => RecordErrorKind::Card(error),
            ParseCardSetError::Duplicate(card) => RecordErrorKind::Duplicate(card),
        }
    }
}

/// A `name SEAT NAME` line's seat and name, after `name`.
pub(crate) fn parse_name(rest: &str) -> Result<(usize, &str), RecordErrorKind> {
    let rest = rest.trim();
    let (seat, name) = rest.split_once(char::is_whitespace).unwrap_or((rest, ""));
    Ok((number(seat)?, name.trim()))
}

fn read(text: &str) -> Result<(Game, SeatNames<'_>), RecordError> {
    let mut lines = text
        .lines()
        .enumerate()
        .map(|(index, line)| (index + 1, line.trim()))
        .filter(|(_, line)| !line.is_empty() && !line.starts_with('#'));
    let at = |line: usize| move |kind: RecordErrorKind| RecordError { line, kind };
    let mut next = |expected: RecordErrorKind| {
        lines.next().ok_or(RecordError {
            line: 0,
            kind: expected,
        })
    };

    let (line, header) = next(RecordErrorKind::MissingHeader)?;
    if header.split_whitespace().ne(HEADER.split_whitespace()) {
        return Err(at(line)(RecordErrorKind::MissingHeader));
    }
    let (line, players_line) = next(RecordErrorKind::MissingPlayers)?;
    let players = match players_line.split_once(' ') {
        Some(("players", count)) => number::<usize>(count)
            .and_then(|count| PlayerCount::new(count).map_err(RecordErrorKind::Players))
            .map_err(at(line))?,
        _ => return Err(at(line)(RecordErrorKind::MissingPlayers)),
    };
    let mut names = SeatNames::NONE;
    let (mut line, mut deck_line) = next(RecordErrorKind::MissingDeck)?;
    let mut rules = Rules::ORIGINAL;
    if let Some(("rules", words)) = deck_line.split_once(' ') {
        rules = Rules::parse_for(players, words)
            .map_err(|error| at(line)(RecordErrorKind::Rules(error)))?;
        (line, deck_line) = next(RecordErrorKind::MissingDeck)?;
    }
    while let Some(("name", rest)) = deck_line.split_once(' ') {
        let (seat, name) = parse_name(rest).map_err(at(line))?;
        if seat >= players.get() {
            return Err(at(line)(RecordErrorKind::Name(NameError {
                seat,
                kind: NameErrorKind::NoSuchSeat,
            })));
        }
        names
            .set(seat, name)
            .map_err(|error| at(line)(RecordErrorKind::Name(error)))?;
        (line, deck_line) = next(RecordErrorKind::MissingDeck)?;
    }
    let mut game = match deck_line.split_once(' ') {
        Some(("seed", seed)) => {
            let seed = number(seed).map_err(at(line))?;
            Game::from_seed_with_rules(players, rules, seed)
                .map_err(|error| at(line)(RecordErrorKind::Rules(error)))?
        }
        Some(("deck", cards)) => {
            let deck = parse_deck(cards).map_err(at(line))?;
            Game::from_deck_with_rules(players, rules, deck)
                .map_err(|error| at(line)(RecordErrorKind::Rules(error)))?
        }
        Some(("position", text)) => parse_position(players, rules, text).map_err(at(line))?,
        _ => return Err(at(line)(RecordErrorKind::MissingDeck)),
    };

    let mut result_seen = false;
    for (line, text) in lines {
        let (keyword, rest) = text.split_once(' ').unwrap_or((text, ""));
        match keyword {
            "play" if !result_seen => {
                let played = parse_move(rest).map_err(at(line))?;
                game.play(played)
                    .map_err(|error| at(line)(RecordErrorKind::IllegalMove(error)))?;
            }
            "result" if !result_seen => {
                check_result(&game, rest).map_err(at(line))?;
                result_seen = true;
            }
            _ => return Err(at(line)(RecordErrorKind::UnexpectedLine(excerpt(text)))),
        }
    }
    Ok((game, names))
}

fn check_result(game: &Game, totals: &str) -> Result<(), RecordErrorKind> {
    let result = game.result().ok_or(RecordErrorKind::ResultMismatch)?;
    check_totals(totals, result.side_count(), |side| result.side_total(side))
}

/// Checks a `result` line's totals: `sides` numbers, side `i`'s equal to `total(i)`.
pub(crate) fn check_totals(
    totals: &str,
    sides: usize,
    total: impl Fn(usize) -> u32,
) -> Result<(), RecordErrorKind> {
    let mut given = 0;
    for (side, text) in totals.split_whitespace().enumerate() {
        if side >= sides || number::<u32>(text)? != total(side) {
            return Err(RecordErrorKind::ResultMismatch);
        }
        given += 1;
    }
    if given == sides {
        Ok(())
    } else {
        Err(RecordErrorKind::ResultMismatch)
    }
}
