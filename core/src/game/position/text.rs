//! A position as one line of text: `key=value` words separated by spaces, in any order on
//! reading and in this order on writing:
//!
//! | key | value | |
//! | --- | --- | --- |
//! | `players` | 2, 3, 4, 6, 8, 12, 16, 24 or 48 | always |
//! | `side-size` | players a side, 1 for everyone alone | optional: 1 |
//! | `leftovers` | who takes the table's last cards: `last-capturer` or `last-player` | optional: `last-capturer` |
//! | `final-tabla` | whether a tabla on the last move counts: `yes` or `no` | optional: `yes` |
//! | `ply` | moves made, 0 to 48 | unless `moves` is given |
//! | `turn` | the seat to move, `-` at the end | checked when given |
//! | `seat` | whose position it is | a seat's position |
//! | `table` | cards, `,` between, `-` for none | always |
//! | `hand` | the seat's hand | a seat's position |
//! | `hands` | every hand, seat by seat, `;` between | everything known |
//! | `piles` | every seat's captured cards, `;` between | always |
//! | `tablas` | every seat's tablas, `,` between | unless `moves` is given |
//! | `last` | the seat that captured last, `-` for nobody | unless `moves` is given |
//! | `deck` | the cards still to be dealt, top first | everything known |
//! | `moves` | every move from the start, `;` between: the card, then `x` and its capture | optional |
//!
//! Cards are written `10D` and read in any one-word notation (`10♦` too). With `moves`, the
//! game is replayed from the table they started from and every other field is checked
//! against it. The rules (see [`Rules`]) are written only where they differ from the
//! original's, so a position of the original game reads and writes as it always has.
//! Writing gives back the text read, when that text was written in this order.

use core::fmt;
use core::str::FromStr;

use arrayvec::ArrayVec;

use crate::cards::notation::{excerpt, ParseCardSetError};
use crate::dealing::players::{PlayerCount, MAX_PLAYERS};
use crate::game::moves::Move;
use crate::game::position::{rules, Position, PositionError};
use crate::game::rules::{Rules, RULE_KEYS};
use crate::game::MOVES_PER_GAME;
use crate::{Card, CardSet};

/// Every field, in the order they are written.
const FIELDS: [&str; 15] = [
    "players",
    RULE_KEYS[0],
    RULE_KEYS[1],
    RULE_KEYS[2],
    "ply",
    "turn",
    "seat",
    "table",
    "hand",
    "hands",
    "piles",
    "tablas",
    "last",
    "deck",
    "moves",
];

/// `2C,3D`, or `-` for none.
struct CardList<I>(I);

impl<I: Iterator<Item = Card> + Clone> fmt::Display for CardList<I> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut cards = self.0.clone().peekable();
        if cards.peek().is_none() {
            return f.write_str("-");
        }
        for (index, card) in cards.enumerate() {
            if index > 0 {
                f.write_str(",")?;
            }
            write!(f, "{card}")?;
        }
        Ok(())
    }
}

/// A seat number, or `-` for none.
struct Seat(Option<usize>);

impl fmt::Display for Seat {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.0 {
            Some(seat) => write!(f, "{seat}"),
            None => f.write_str("-"),
        }
    }
}

impl fmt::Display for Position {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let players = self.players.get();
        write!(f, "players={players}")?;
        if self.rules != Rules::ORIGINAL {
            write!(f, " {}", self.rules)?;
        }
        write!(f, " ply={}", self.plies)?;
        write!(f, " turn={}", Seat(self.to_move()))?;
        if let Some(seat) = self.seat() {
            write!(f, " seat={seat}")?;
        }
        write!(f, " table={}", CardList(self.table.iter()))?;
        match self.seat() {
            Some(seat) => write!(f, " hand={}", CardList(self.hands[seat].iter()))?,
            None => {
                f.write_str(" hands=")?;
                write_per_seat(f, &self.hands[..players], |f, hand| {
                    write!(f, "{}", CardList(hand.iter()))
                })?;
            }
        }
        f.write_str(" piles=")?;
        write_per_seat(f, &self.piles[..players], |f, pile| {
            write!(f, "{}", CardList(pile.iter()))
        })?;
        f.write_str(" tablas=")?;
        for (seat, tablas) in self.tablas[..players].iter().enumerate() {
            let separator = if seat > 0 { "," } else { "" };
            write!(f, "{separator}{tablas}")?;
        }
        write!(f, " last={}", Seat(self.last_capturer()))?;
        if self.is_everything_known() {
            write!(f, " deck={}", CardList(self.deck.iter().copied()))?;
        }
        if let Some(moves) = &self.moves {
            f.write_str(" moves=")?;
            if moves.is_empty() {
                f.write_str("-")?;
            }
            for (index, played) in moves.iter().enumerate() {
                let separator = if index > 0 { ";" } else { "" };
                write!(f, "{separator}{}", played.card)?;
                if !played.capture.is_empty() {
                    write!(f, "x{}", CardList(played.capture.iter()))?;
                }
            }
        }
        Ok(())
    }
}

/// `items` one per seat, `;` between.
fn write_per_seat<T>(
    f: &mut fmt::Formatter<'_>,
    items: &[T],
    mut write: impl FnMut(&mut fmt::Formatter<'_>, &T) -> fmt::Result,
) -> fmt::Result {
    for (seat, item) in items.iter().enumerate() {
        if seat > 0 {
            f.write_str(";")?;
        }
        write(f, item)?;
    }
    Ok(())
}

/// The text of each field, as read.
#[derive(Default)]
struct Fields<'a> {
    values: [Option<&'a str>; FIELDS.len()],
}

impl<'a> Fields<'a> {
    fn read(text: &'a str) -> Result<Fields<'a>, PositionError> {
        let mut fields = Fields::default();
        for word in text.split_whitespace() {
            let (key, value) = word
                .split_once('=')
                .ok_or_else(|| PositionError::NotKeyValue(excerpt(word)))?;
            let index = FIELDS
                .iter()
                .position(|&field| field == key)
                .ok_or_else(|| PositionError::UnknownField(excerpt(key)))?;
            if fields.values[index].replace(value).is_some() {
                return Err(PositionError::RepeatedField(FIELDS[index]));
            }
        }
        Ok(fields)
    }

    /// The field's text, if given.
    fn get(&self, field: &'static str) -> Option<&'a str> {
        let index = FIELDS.iter().position(|&known| known == field)?;
        self.values[index]
    }

    /// The field's text, which must be given.
    fn need(&self, field: &'static str) -> Result<&'a str, PositionError> {
        self.get(field).ok_or(PositionError::MissingField(field))
    }
}

fn number(field: &'static str, text: &str) -> Result<usize, PositionError> {
    text.parse()
        .map_err(|_| PositionError::BadNumber(field, excerpt(text)))
}

/// A seat of the game, or `None` for `-`.
fn seat(
    field: &'static str,
    text: &str,
    players: PlayerCount,
) -> Result<Option<usize>, PositionError> {
    if text == "-" {
        return Ok(None);
    }
    let seat = number(field, text)?;
    if seat < players.get() {
        Ok(Some(seat))
    } else {
        Err(PositionError::NoSuchSeat(field, seat))
    }
}

fn cards(field: &'static str, text: &str) -> Result<CardSet, PositionError> {
    if text == "-" {
        return Ok(CardSet::EMPTY);
    }
    text.parse()
        .map_err(|error| PositionError::Cards(field, error))
}

/// One entry per seat, separated by `;`.
fn per_seat<T: Copy + Default>(
    field: &'static str,
    text: &str,
    separator: char,
    players: PlayerCount,
    mut read: impl FnMut(&str) -> Result<T, PositionError>,
) -> Result<[T; MAX_PLAYERS], PositionError> {
    let mut values = [T::default(); MAX_PLAYERS];
    let mut count = 0;
    for entry in text.split(separator) {
        if count < players.get() {
            values[count] = read(entry)?;
        }
        count += 1;
    }
    if count == players.get() {
        Ok(values)
    } else {
        Err(PositionError::SeatCount(field, count))
    }
}

/// `5S`, `5SxAD,4C`; `;` between, `-` for none.
fn moves(text: &str) -> Result<ArrayVec<Move, MOVES_PER_GAME>, PositionError> {
    let mut moves = ArrayVec::new();
    if text == "-" {
        return Ok(moves);
    }
    let count = text.split(';').count();
    if count > MOVES_PER_GAME {
        return Err(PositionError::TooManyMoves(count));
    }
    for entry in text.split(';') {
        let (card, capture) = entry.split_once('x').unwrap_or((entry, "-"));
        let card = card
            .parse::<Card>()
            .map_err(|error| PositionError::Cards("moves", ParseCardSetError::Card(error)))?;
        moves.push(Move::new(card, cards("moves", capture)?));
    }
    Ok(moves)
}

/// The cards still to be dealt, in order.
fn deck(text: &str) -> Result<ArrayVec<Card, 52>, PositionError> {
    let mut order = ArrayVec::new();
    if text == "-" {
        return Ok(order);
    }
    for word in text.split(',') {
        let card = word
            .parse::<Card>()
            .map_err(|error| PositionError::Cards("deck", ParseCardSetError::Card(error)))?;
        if order.contains(&card) || order.is_full() {
            return Err(PositionError::CardTwice(card));
        }
        order.push(card);
    }
    Ok(order)
}

impl FromStr for Position {
    type Err = PositionError;

    fn from_str(text: &str) -> Result<Position, PositionError> {
        let fields = Fields::read(text)?;
        let players = PlayerCount::new(number("players", fields.need("players")?)?)
            .map_err(PositionError::Players)?;
        let mut game_rules = Rules::ORIGINAL;
        for key in RULE_KEYS {
            if let Some(value) = fields.get(key) {
                game_rules.set(key, value).map_err(PositionError::Rules)?;
            }
        }
        game_rules.check(players).map_err(PositionError::Rules)?;
        let own_seat = match fields.get("seat") {
            Some(text) => Some(
                seat("seat", text, players)?
                    .ok_or_else(|| PositionError::BadNumber("seat", excerpt(text)))?,
            ),
            None => None,
        };
        let wrong_form = match own_seat {
            Some(_) => ["hands", "deck"]
                .into_iter()
                .find(|&field| fields.get(field).is_some()),
            None => None,
        };
        if let Some(field) = wrong_form {
            return Err(PositionError::NotWithSeat(field));
        }
        if own_seat.is_none() && fields.get("hand").is_some() {
            return Err(PositionError::NeedsSeat("hand"));
        }

        let moves = fields.get("moves").map(moves).transpose()?;
        let given_plies = fields
            .get("ply")
            .map(|text| number("ply", text))
            .transpose()?;
        let plies = match (&moves, given_plies) {
            (Some(moves), _) => moves.len(),
            (None, Some(plies)) if plies > MOVES_PER_GAME => {
                return Err(PositionError::TooManyMoves(plies))
            }
            (None, Some(plies)) => plies,
            (None, None) => return Err(PositionError::MissingField("ply")),
        };
        let hands = match own_seat {
            Some(own) => {
                let mut hands = [CardSet::EMPTY; MAX_PLAYERS];
                hands[own] = cards("hand", fields.need("hand")?)?;
                hands
            }
            None => per_seat("hands", fields.need("hands")?, ';', players, |hand| {
                cards("hands", hand)
            })?,
        };
        let deck = match own_seat {
            Some(_) => ArrayVec::new(),
            None => deck(fields.need("deck")?)?,
        };
        let undealt = players.deal_at(plies).undealt;
        let deck = ArrayVec::try_from(&deck[..]).map_err(|_| PositionError::DeckSize {
            expected: undealt,
            given: deck.len(),
        })?;
        let tablas = fields
            .get("tablas")
            .map(|text| {
                per_seat("tablas", text, ',', players, |count| {
                    u8::try_from(number("tablas", count)?)
                        .map_err(|_| PositionError::BadNumber("tablas", excerpt(count)))
                })
            })
            .transpose()?;
        let last = fields
            .get("last")
            .map(|text| seat("last", text, players))
            .transpose()?;
        let position = Position {
            players,
            rules: game_rules,
            plies: plies as u8,
            seat: own_seat.map(|seat| seat as u8),
            table: cards("table", fields.need("table")?)?,
            hands,
            piles: per_seat("piles", fields.need("piles")?, ';', players, |pile| {
                cards("piles", pile)
            })?,
            tablas: tablas.unwrap_or([0; MAX_PLAYERS]),
            last_capturer: last.flatten().map(|seat| seat as u8),
            deck,
            moves,
        };

        let position = if position.moves.is_some() {
            let replayed = rules::replay(position)?;
            let disagreeing = [
                (
                    "ply",
                    given_plies.is_some_and(|plies| plies != replayed.plies()),
                ),
                (
                    "tablas",
                    tablas.is_some_and(|tablas| tablas != replayed.tablas),
                ),
                (
                    "last",
                    last.is_some_and(|last| last != replayed.last_capturer()),
                ),
            ]
            .into_iter()
            .find_map(|(field, differs)| differs.then_some(field));
            if let Some(field) = disagreeing {
                return Err(PositionError::DisagreesWithMoves(field));
            }
            replayed
        } else {
            tablas.ok_or(PositionError::MissingField("tablas"))?;
            last.ok_or(PositionError::MissingField("last"))?;
            rules::check(&position)?;
            position
        };
        if let Some(text) = fields.get("turn") {
            let given = seat("turn", text, players)?;
            if given != position.to_move() {
                return Err(PositionError::Turn {
                    expected: position.to_move(),
                    given,
                });
            }
        }
        Ok(position)
    }
}
