//! The npm package `tablic`: the engine for JavaScript, through wasm-bindgen.
//!
//! A thin layer: it converts between JavaScript values and `tablic_core` values and turns
//! every error into a JavaScript `Error` with the engine's message; rules and bots all live
//! in `tablic_core`. Cards, card lists and moves cross as the engine's text (`"10D"`,
//! `"2C 3D"`, `"5S 2C 3D"`), seeds as `bigint`.
//!
//! - `card.rs`: `Card`, and `cardsText`; `moves.rs`: moves read from text.
//! - `game.rs`: `Game`, positions included; `view.rs`: `View`, what one seat may know;
//!   `outcome.rs`: results.
//! - `bot.rs`: `Bot`, a built-in bot by its spec, with the search memory it owns;
//!   `matches.rs`: `playMatch`, the core's match harness.
//! - `match_to_target.rs`: `MatchToTarget`, a match to 101 as people play it, with its
//!   record; `sheet.rs`: `SheetLine`, a finished game's line on its score sheet.
//! - `analysis.rs`: `analyzeView` and `analyzeGame`, every legal move valued (hints).
//! - `numbers.rs`: lists of numbers as plain arrays (`number[]`).
//! - `arguments.rs`: JavaScript arguments checked: texts, counts, seats, seeds and names.
//! - `errors.rs`: core errors as JavaScript `Error`s.
mod analysis;
mod arguments;
mod bot;
mod card;
mod errors;
mod game;
mod match_to_target;
mod matches;
mod moves;
mod numbers;
mod outcome;
mod sheet;
mod view;

use wasm_bindgen::prelude::*;

/// The engine's version.
#[wasm_bindgen]
pub fn version() -> String {
    env!("CARGO_PKG_VERSION").to_string()
}

/// The seed of child `index` of `seed`, as the engine's matches derive them: game `g` of
/// `tablic match --seed S` is dealt from `deriveSeed(S, g)`, and its bot `i` draws from
/// `deriveSeed(deriveSeed(S, g), 1000 + i)`.
#[wasm_bindgen(js_name = deriveSeed)]
pub fn derive_seed(seed: &arguments::Seed, index: &arguments::Seed) -> Result<u64, JsError> {
    Ok(tablic_core::dealing::seeding::derive_seed(
        arguments::seed(seed, "seed")?,
        arguments::seed(index, "index")?,
    ))
}
