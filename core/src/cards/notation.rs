//! Writing and reading cards: `10D`, `10♦`, and the original's Croatian `karo 10`.
//!
//! Cards print as rank then suit letter (`AS`, `10D`, `2C`, `KH`), the form of the oracle
//! files; [`Card::unicode`] prints `A♠`. Parsing is case-insensitive and accepts all three:
//! `as`, `10♦`, `Karo 10` (suit names *tref*, *karo*, *herc*, *pik*).

use core::fmt;
use core::str::FromStr;

use crate::{Card, CardSet, Rank, Suit};

const RANK_NAMES: [&str; 13] = [
    "A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K",
];
const SUIT_LETTERS: [char; 4] = ['C', 'D', 'H', 'S'];
const SUIT_SYMBOLS: [char; 4] = ['♣', '♦', '♥', '♠'];
const SUIT_SYMBOLS_OUTLINED: [char; 4] = ['♧', '♢', '♡', '♤'];
const SUIT_NAMES_CROATIAN: [&str; 4] = ["tref", "karo", "herc", "pik"];

impl fmt::Display for Rank {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(RANK_NAMES[self.index() as usize])
    }
}

impl fmt::Display for Suit {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", SUIT_LETTERS[self.index() as usize])
    }
}

impl fmt::Display for Card {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", self.rank(), self.suit())
    }
}

/// A card printed with a suit symbol: `10♦`. See [`Card::unicode`].
#[derive(Clone, Copy, Debug)]
pub struct UnicodeCard(Card);

impl fmt::Display for UnicodeCard {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let suit = SUIT_SYMBOLS[self.0.suit().index() as usize];
        write!(f, "{}{}", self.0.rank(), suit)
    }
}

impl Card {
    /// Displays as rank and suit symbol, `10♦`.
    pub const fn unicode(self) -> UnicodeCard {
        UnicodeCard(self)
    }
}

/// Cards separated by single spaces, lowest first (`3H 3S 4D`); nothing for the empty set.
impl fmt::Display for CardSet {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write_separated(f, *self, |f, card| write!(f, "{card}"))
    }
}

/// A [`CardSet`] displayed with suit symbols, `3♥ 3♠ 4♦`.
pub struct UnicodeCards(CardSet);

impl fmt::Display for UnicodeCards {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write_separated(f, self.0, |f, card| write!(f, "{}", card.unicode()))
    }
}

impl CardSet {
    /// Displays as cards with suit symbols separated by spaces, `3♥ 3♠ 4♦`.
    pub const fn unicode(self) -> UnicodeCards {
        UnicodeCards(self)
    }
}

fn write_separated(
    f: &mut fmt::Formatter<'_>,
    cards: CardSet,
    mut write_card: impl FnMut(&mut fmt::Formatter<'_>, Card) -> fmt::Result,
) -> fmt::Result {
    for (position, card) in cards.iter().enumerate() {
        if position > 0 {
            f.write_str(" ")?;
        }
        write_card(f, card)?;
    }
    Ok(())
}

/// The text that failed to parse, kept (up to 24 bytes) for the error message.
pub type Excerpt = heapless::String<24>;

/// `text` if it fits an [`Excerpt`]; otherwise its start, cut at a character boundary, and
/// `…`, so that a message never shows a cut value as if it were the whole one.
pub(crate) fn excerpt(text: &str) -> Excerpt {
    let mut kept = Excerpt::new();
    if kept.push_str(text).is_ok() {
        return kept;
    }
    const ELLIPSIS: char = '…';
    for ch in text.chars() {
        if kept.len() + ch.len_utf8() + ELLIPSIS.len_utf8() > kept.capacity() {
            break;
        }
        let _fits = kept.push(ch);
    }
    let _fits = kept.push(ELLIPSIS);
    kept
}

/// Why a card did not parse. Each variant keeps the offending text.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ParseCardError {
    /// Nothing to parse.
    Empty,
    /// The rank is not one of `A 2 3 4 5 6 7 8 9 10 J Q K`.
    UnknownRank(Excerpt),
    /// The suit is not one of `C D H S`, `♣ ♦ ♥ ♠` or `tref karo herc pik`.
    UnknownSuit(Excerpt),
    /// A rank with no suit after it.
    MissingSuit(Excerpt),
    /// Several cards (this many) where one was expected.
    SeveralCards(usize, Excerpt),
    /// A character that is in no card and separates none (cards are separated by spaces
    /// or commas).
    UnexpectedCharacter(char, Excerpt),
}

impl fmt::Display for ParseCardError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ParseCardError::Empty => f.write_str("empty card"),
            ParseCardError::UnknownRank(text) => write!(
                f,
                "invalid card {text:?}: unknown rank (expected A, 2-10, J, Q or K)"
            ),
            ParseCardError::UnknownSuit(text) => write!(
                f,
                "invalid card {text:?}: unknown suit (expected C, D, H, S, a suit symbol, or tref, karo, herc, pik)"
            ),
            ParseCardError::MissingSuit(text) => write!(
                f,
                "invalid card {text:?}: no suit (write e.g. 10D, 10♦ or karo 10)"
            ),
            ParseCardError::SeveralCards(count, text) => {
                write!(f, "expected one card, got {count}: {text:?}")
            }
            ParseCardError::UnexpectedCharacter(ch, text) => write!(
                f,
                "invalid card {text:?}: unexpected {ch:?} (cards are separated by spaces or commas)"
            ),
        }
    }
}

fn parse_rank(text: &str) -> Option<Rank> {
    Rank::ALL
        .into_iter()
        .find(|rank| RANK_NAMES[rank.index() as usize].eq_ignore_ascii_case(text))
}

fn parse_suit_char(ch: char) -> Option<Suit> {
    let upper = ch.to_ascii_uppercase();
    Suit::ALL.into_iter().find(|suit| {
        let i = suit.index() as usize;
        SUIT_LETTERS[i] == upper || SUIT_SYMBOLS[i] == ch || SUIT_SYMBOLS_OUTLINED[i] == ch
    })
}

fn parse_suit_name(text: &str) -> Option<Suit> {
    Suit::ALL
        .into_iter()
        .find(|suit| SUIT_NAMES_CROATIAN[suit.index() as usize].eq_ignore_ascii_case(text))
}

impl FromStr for Card {
    type Err = ParseCardError;

    fn from_str(text: &str) -> Result<Card, ParseCardError> {
        let text = text.trim();
        parse_card(text).map_err(|error| {
            let count = parse_cards(text).count();
            if count > 1 && parse_cards(text).all(|card| card.is_ok()) {
                ParseCardError::SeveralCards(count, excerpt(text))
            } else {
                explain(text, error)
            }
        })
    }
}

/// The error for `text`, naming a punctuation mark in it: a separator that is not one
/// (`3S;4D`) says more than an unknown rank.
fn explain(text: &str, error: ParseCardError) -> ParseCardError {
    match text.chars().find(char::is_ascii_punctuation) {
        Some(ch) => ParseCardError::UnexpectedCharacter(ch, excerpt(text)),
        None => error,
    }
}

/// What separates cards in a list: white space or a comma.
fn is_separator(ch: char) -> bool {
    ch.is_whitespace() || ch == ','
}

/// One card in any notation, `text` trimmed.
fn parse_card(text: &str) -> Result<Card, ParseCardError> {
    if text.is_empty() {
        return Err(ParseCardError::Empty);
    }
    // Croatian: suit name, white space, rank.
    if let Some((first, second)) = text.split_once(char::is_whitespace) {
        let suit =
            parse_suit_name(first).ok_or_else(|| ParseCardError::UnknownSuit(excerpt(text)))?;
        let rank =
            parse_rank(second.trim()).ok_or_else(|| ParseCardError::UnknownRank(excerpt(text)))?;
        return Ok(Card::new(rank, suit));
    }
    // Rank then a one-character suit.
    let Some(last) = text.chars().next_back() else {
        return Err(ParseCardError::Empty);
    };
    let rank_text = &text[..text.len() - last.len_utf8()];
    match (parse_rank(rank_text), parse_suit_char(last)) {
        (Some(rank), Some(suit)) => Ok(Card::new(rank, suit)),
        _ if parse_rank(text).is_some() => Err(ParseCardError::MissingSuit(excerpt(text))),
        (None, _) if rank_text.is_empty() || parse_suit_char(last).is_some() => {
            Err(ParseCardError::UnknownRank(excerpt(text)))
        }
        _ => Err(ParseCardError::UnknownSuit(excerpt(text))),
    }
}

/// Why a list of cards did not parse.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ParseCardSetError {
    /// One card did not parse.
    Card(ParseCardError),
    /// A card appears twice.
    Duplicate(Card),
}

impl fmt::Display for ParseCardSetError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ParseCardSetError::Card(error) => error.fmt(f),
            ParseCardSetError::Duplicate(card) => write!(f, "card {card} appears twice"),
        }
    }
}

impl From<ParseCardError> for ParseCardSetError {
    fn from(error: ParseCardError) -> Self {
        ParseCardSetError::Card(error)
    }
}

/// Parses cards separated by white space or commas, in any notation; a Croatian card is
/// two words (`karo 10`). Returns them in order, as an iterator of results.
pub fn parse_cards(text: &str) -> CardTokens<'_> {
    CardTokens { rest: text }
}

/// Iterator returned by [`parse_cards`].
#[derive(Clone, Debug)]
pub struct CardTokens<'a> {
    rest: &'a str,
}

impl Iterator for CardTokens<'_> {
    type Item = Result<Card, ParseCardError>;

    fn next(&mut self) -> Option<Self::Item> {
        let rest = self.rest.trim_start_matches(is_separator);
        if rest.is_empty() {
            self.rest = rest;
            return None;
        }
        let word_end = rest.find(is_separator).unwrap_or(rest.len());
        let mut end = word_end;
        if parse_suit_name(&rest[..word_end]).is_some() {
            // Take the rank word too.
            let after = &rest[word_end..];
            let skipped = after.len() - after.trim_start_matches(is_separator).len();
            let rank_start = word_end + skipped;
            let rank_len = rest[rank_start..]
                .find(is_separator)
                .unwrap_or(rest.len() - rank_start);
            end = rank_start + rank_len;
        }
        self.rest = &rest[end..];
        let token = rest[..end].trim();
        // Normalise separators inside a Croatian card to one space for the card parser.
        Some(match token.split_once(is_separator) {
            Some((suit, rank)) => parse_suit_name(suit)
                .zip(parse_rank(rank.trim_matches(is_separator)))
                .map(|(suit, rank)| Card::new(rank, suit))
                .ok_or_else(|| ParseCardError::UnknownRank(excerpt(token))),
            None => parse_card(token).map_err(|error| explain(token, error)),
        })
    }
}

impl FromStr for CardSet {
    type Err = ParseCardSetError;

    fn from_str(text: &str) -> Result<CardSet, ParseCardSetError> {
        let mut set = CardSet::EMPTY;
        for card in parse_cards(text) {
            let card = card?;
            if set.contains(card) {
                return Err(ParseCardSetError::Duplicate(card));
            }
            set = set.with(card);
        }
        Ok(set)
    }
}

impl core::error::Error for ParseCardError {}
impl core::error::Error for ParseCardSetError {}
