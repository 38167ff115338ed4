//! `analyzeView` and `analyzeGame`: every legal move of the seat to move valued by the
//! core's analysis (hints), as `tablic analyze` values them.

use tablic_core::analysis::{
    analyze_game, analyze_view, values_needed, weighing_options, Analysis as CoreAnalysis,
    AnalysisError, MoveTally, EXACT_ENTRIES, EXACT_NODES,
};
use tablic_core::bots::solver::Entry;
use tablic_core::bots::{Bot as _, BotSpec, PimcBot};
use tablic_core::Move;
use wasm_bindgen::prelude::*;

use crate::arguments;
use crate::errors::js_error;
use crate::game::Game;
use crate::moves;
use crate::view::View;

/// One legal move and what the analysis says of it, in points of margin (the seat's points
/// and tablas minus the others' mean, at the horizon).
#[wasm_bindgen]
pub struct MoveAnalysis(MoveTally);

#[wasm_bindgen]
impl MoveAnalysis {
    /// The move, as text.
    #[wasm_bindgen(getter, js_name = move)]
    pub fn played(&self) -> String {
        self.0.played().to_string()
    }

    /// Its mean margin over the worlds.
    #[wasm_bindgen(getter)]
    pub fn margin(&self) -> f64 {
        self.0.mean_margin()
    }

    /// The standard error of `margin` (0 when exact; `undefined` from a single sampled
    /// world).
    #[wasm_bindgen(getter, js_name = marginSe)]
    pub fn margin_se(&self) -> Option<f64> {
        self.0.margin_error_variance().map(f64::sqrt)
    }

    /// The share of worlds in which the seat is ahead at the horizon, 0 to 1.
    #[wasm_bindgen(getter)]
    pub fn ahead(&self) -> f64 {
        self.0.ahead_share()
    }

    /// Points lost against the best move, world by world (0 for the best).
    #[wasm_bindgen(getter)]
    pub fn loss(&self) -> f64 {
        self.0.loss()
    }

    /// The standard error of `loss`, from the differences paired world by world.
    #[wasm_bindgen(getter, js_name = lossSe)]
    pub fn loss_se(&self) -> Option<f64> {
        self.0.loss_error_variance().map(f64::sqrt)
    }

    /// `""`, `"?"` (a clear loss of a point or more) or `"??"` (three points or more).
    #[wasm_bindgen(getter)]
    pub fn mark(&self) -> String {
        self.0.mark().symbol().to_string()
    }
}

/// Every legal move of the seat to move, valued.
#[wasm_bindgen]
pub struct Analysis {
    analysis: CoreAnalysis,
    bot_move: Option<Move>,
}

#[wasm_bindgen]
impl Analysis {
    /// The seat to move, whose moves these are.
    #[wasm_bindgen(getter)]
    pub fn seat(&self) -> usize {
        self.analysis.seat()
    }

    /// True when the values are exact: everything was known, or the hidden cards could lie
    /// one way only (the other hand of two players' last deal).
    #[wasm_bindgen(getter)]
    pub fn exact(&self) -> bool {
        self.analysis.is_exact()
    }

    /// How far ahead the moves were solved: `"game_end"`, `"deal_end"` or `"moves:N"`.
    #[wasm_bindgen(getter)]
    pub fn horizon(&self) -> String {
        self.analysis.horizon().to_string()
    }

    /// Worlds solved (1 when exact).
    #[wasm_bindgen(getter)]
    pub fn worlds(&self) -> u32 {
        self.analysis.worlds()
    }

    /// Worlds sampled and left out, as their solve ran out of its node budget.
    #[wasm_bindgen(getter, js_name = leftOut)]
    pub fn left_out(&self) -> u32 {
        self.analysis.left_out()
    }

    /// Every legal move, best first.
    #[wasm_bindgen(getter)]
    pub fn moves(&self) -> Vec<MoveAnalysis> {
        self.analysis
            .moves()
            .iter()
            .copied()
            .map(MoveAnalysis)
            .collect()
    }

    /// The best move.
    #[wasm_bindgen(getter)]
    pub fn best(&self) -> String {
        self.analysis.best().played().to_string()
    }

    /// The move the bot plays from the seat's view with the same seed (`undefined` with
    /// everything known).
    #[wasm_bindgen(getter, js_name = botMove)]
    pub fn bot_move(&self) -> Option<String> {
        self.bot_move.map(|played| played.to_string())
    }

    /// With everything known, the best line to the end of the game, this move first; else
    /// empty.
    #[wasm_bindgen(getter)]
    pub fn line(&self) -> Vec<String> {
        moves::texts(self.analysis.line().iter().copied())
    }

    /// Nodes the solver searched.
    #[wasm_bindgen(getter)]
    pub fn nodes(&self) -> f64 {
        self.analysis.nodes() as f64
    }
}

/// The core's reason, with the argument to raise when a budget ran out.
fn analysis_error(error: AnalysisError, budget: &str) -> JsError {
    match error {
        AnalysisError::OutOfBudget { .. } => JsError::new(&format!("{error} (raise {budget})")),
        _ => js_error(error),
    }
}

/// Every legal move of `view`'s seat (which must be to move), valued from that view alone:
/// `bot` (`"pimc"` by default, with its options: `"pimc:samples=32"`) samples the cards the
/// seat has not seen as it does when it plays, from `seed` (1 by default, as `tablic
/// analyze`), and every move is solved in every world to the bot's horizon. Runs to the end
/// once started (about as long as the bot's own move): in a page, call it from a Worker.
#[wasm_bindgen(js_name = analyzeView)]
pub fn analyze_seat(
    view: &View,
    bot: Option<arguments::Text>,
    seed: Option<arguments::Seed>,
) -> Result<Analysis, JsError> {
    let bot = match bot {
        Some(bot) => arguments::text(&bot, "bot")?,
        None => "pimc".to_string(),
    };
    let bot_error = |error: &dyn core::fmt::Display| JsError::new(&format!("bot: {error}"));
    let spec = bot.parse::<BotSpec>().map_err(|error| bot_error(&error))?;
    let options = weighing_options(&spec).map_err(|error| bot_error(&error))?;
    let seed = match seed {
        Some(seed) => arguments::seed(&seed, "seed")?,
        None => 1,
    };
    let view = view.player_view()?;
    let mut entries = vec![Entry::EMPTY; BotSpec::Pimc(options).memory_entries()];
    let mut values = vec![0; values_needed(&view, &options)];
    let analysis = analyze_view(&view, &options, seed, &mut entries, &mut values)
        .map_err(|error| analysis_error(error, "the bot's nodes"))?;
    let bot_move = PimcBot::new(options, seed, &mut entries).choose(&view);
    Ok(Analysis {
        analysis,
        bot_move: Some(bot_move),
    })
}

/// Every legal move of the seat to move in `game`, with every card known, solved exactly
/// to the end of the game within `nodes` nodes (100,000,000 by default: the last two deals
/// take well under a second, a whole game from its first move minutes), with the best line.
#[wasm_bindgen(js_name = analyzeGame)]
pub fn analyze_everything(game: &Game, nodes: Option<f64>) -> Result<Analysis, JsError> {
    let nodes = match nodes {
        Some(nodes) => arguments::index(nodes, "nodes")? as u64,
        None => EXACT_NODES,
    };
    if nodes == 0 {
        return Err(JsError::new("nodes must be at least 1"));
    }
    let mut entries = vec![Entry::EMPTY; EXACT_ENTRIES];
    let analysis = analyze_game(&game.game, Some(nodes), &mut entries)
        .map_err(|error| analysis_error(error, "nodes"))?;
    Ok(Analysis {
        analysis,
        bot_move: None,
    })
}
