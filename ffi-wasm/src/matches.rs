//! `playMatch`: the core's match harness, as `tablic match` plays it, on this thread.

use tablic_core::bots::solver::Entry;
use tablic_core::bots::{split_bot_list, BotSpec};
use tablic_core::matches::tally::MatchTally;
use tablic_core::matches::timing::DecisionTimer;
use tablic_core::matches::MatchPlan;
use wasm_bindgen::prelude::*;

use crate::arguments;
use crate::errors::js_error;
use crate::game::parse_rules;

/// One bot's statistics over a match.
#[wasm_bindgen(getter_with_clone)]
pub struct BotStats {
    /// The bot with every option.
    pub spec: String,
    /// Games played.
    pub games: f64,
    /// Mean points per game (its side's, in a game of sides).
    #[wasm_bindgen(js_name = meanPoints)]
    pub mean_points: f64,
    /// Mean of its total minus the others' mean total, per game.
    #[wasm_bindgen(js_name = meanMargin)]
    pub mean_margin: f64,
    /// Games won outright.
    pub wins: f64,
    /// Games tied for the highest total.
    pub ties: f64,
    /// Games lost.
    pub losses: f64,
    /// Mean tablas per game.
    #[wasm_bindgen(js_name = meanTablas)]
    pub mean_tablas: f64,
}

/// Plays `games` games between `bots` (a comma-separated list of specs, one per player,
/// bot `i` at seat `i`) exactly as `tablic match --players BOTS --games N --seed SEED`
/// does (with `rules`, as its rules options do), and returns each bot's statistics, bot 0
/// first. It runs to the end once started: in a page, call it from a Web Worker.
#[wasm_bindgen(js_name = playMatch)]
pub fn play_match(
    bots: &arguments::Text,
    games: f64,
    seed: &arguments::Seed,
    rules: Option<arguments::Text>,
) -> Result<Vec<BotStats>, JsError> {
    let bots = arguments::text(bots, "bots")?;
    let specs = split_bot_list(&bots)
        .map(|spec| spec.parse::<BotSpec>().map_err(js_error))
        .collect::<Result<Vec<_>, _>>()?;
    let games = arguments::index(games, "games")? as u64;
    let seed = arguments::seed(seed, "seed")?;
    let plan = MatchPlan::new(&specs, seed, false)
        .map_err(js_error)?
        .with_rules(parse_rules(rules)?)
        .map_err(js_error)?;
    let mut memory = vec![Entry::EMPTY; plan.memory_entries()];
    let mut tally = MatchTally::for_plan(&plan);
    plan.play_groups(
        0..games,
        &mut tally,
        &mut DecisionTimer::untimed(),
        &mut memory,
    )
    .map_err(js_error)?;
    Ok(specs
        .iter()
        .enumerate()
        .map(|(bot, spec)| {
            let summary = tally.summary(bot);
            BotStats {
                spec: spec.to_string(),
                games: summary.games as f64,
                mean_points: summary.mean_points,
                mean_margin: summary.mean_margin,
                wins: summary.wins as f64,
                ties: summary.ties as f64,
                losses: summary.losses as f64,
                mean_tablas: summary.mean_tablas,
            }
        })
        .collect())
}
