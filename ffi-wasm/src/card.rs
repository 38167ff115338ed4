//! `Card`, and card lists as the engine writes them.

use tablic_core::{Card as CoreCard, CardSet};
use wasm_bindgen::prelude::*;

use crate::arguments;
use crate::errors::js_error;

const RANK_NAMES: [&str; 13] = [
    "A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K",
];
const SUIT_NAMES: [&str; 4] = ["C", "D", "H", "S"];

/// A playing card: `new Card("10D")`, `new Card("10♦")`, `new Card("karo 10")`, or
/// `Card.fromIndex(37)` (`4 × rank + suit`).
#[wasm_bindgen]
pub struct Card(CoreCard);

#[wasm_bindgen]
impl Card {
    /// The card a text names; an `Error` says why one names none.
    #[wasm_bindgen(constructor)]
    pub fn new(text: &arguments::Text) -> Result<Card, JsError> {
        parse_card(text).map(Card)
    }

    /// The card of index 0 to 51 (`4 × rank + suit`).
    #[wasm_bindgen(js_name = fromIndex)]
    pub fn from_index(index: f64) -> Result<Card, JsError> {
        let index = arguments::index(index, "a card's index")?;
        u8::try_from(index)
            .ok()
            .and_then(CoreCard::from_index)
            .map(Card)
            .ok_or_else(|| JsError::new(&format!("no card has index {index} (0 to 51)")))
    }

    /// The card's index, 0 to 51: `4 × rank + suit`.
    #[wasm_bindgen(getter)]
    pub fn index(&self) -> u8 {
        self.0.index()
    }

    /// The rank as written: `"A"`, `"2"` … `"10"`, `"J"`, `"Q"`, `"K"`.
    #[wasm_bindgen(getter)]
    pub fn rank(&self) -> String {
        RANK_NAMES[self.0.rank().index() as usize].to_string()
    }

    /// The suit as a letter: `"C"`, `"D"`, `"H"` or `"S"`.
    #[wasm_bindgen(getter)]
    pub fn suit(&self) -> String {
        SUIT_NAMES[self.0.suit().index() as usize].to_string()
    }

    /// Points in a pile: 2♣ 1, 10♦ 2, every A, 10, J, Q, K 1, others 0.
    #[wasm_bindgen(getter)]
    pub fn points(&self) -> u8 {
        self.0.points()
    }

    /// The value it captures with: 2–10 as printed, J 12, Q 13, K 14, A 1 (or 11).
    #[wasm_bindgen(getter, js_name = captureValue)]
    pub fn capture_value(&self) -> u8 {
        self.0.capture_value()
    }

    /// With the suit's symbol: `"10♦"`.
    pub fn unicode(&self) -> String {
        self.0.unicode().to_string()
    }

    /// As the engine writes it: `"10D"`.
    #[wasm_bindgen(js_name = toString)]
    pub fn to_text(&self) -> String {
        self.0.to_string()
    }
}

/// A card from its text.
pub fn parse_card(text: &arguments::Text) -> Result<CoreCard, JsError> {
    arguments::text(text, "a card")?
        .parse::<CoreCard>()
        .map_err(js_error)
}

/// Cards from their text (`"3H 3S 4D"`); a card given twice is an error.
fn parse_cards(text: &arguments::Text) -> Result<CardSet, JsError> {
    arguments::text(text, "cards")?
        .parse::<CardSet>()
        .map_err(js_error)
}

/// The cards of a text as the engine writes them, lowest first (`"2C 3D 10S"`), or with
/// `unicode` with suit symbols (`"2♣ 3♦ 10♠"`); `""` for none.
#[wasm_bindgen(js_name = cardsText)]
pub fn cards_text(text: &arguments::Text, unicode: Option<bool>) -> Result<String, JsError> {
    let cards = parse_cards(text)?;
    Ok(if unicode.unwrap_or(false) {
        cards.unicode().to_string()
    } else {
        cards.to_string()
    })
}

/// The cards of a set as text.
pub fn text(cards: CardSet) -> String {
    cards.to_string()
}
