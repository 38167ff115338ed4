//! `Bot`: a built-in bot by its spec, with the search memory it owns.

use ouroboros::self_referencing;
use tablic_core::bots::solver::Entry;
use tablic_core::bots::{AnyBot, BotSpec};
use tablic_core::Game as CoreGame;
use wasm_bindgen::prelude::*;

use crate::arguments;
use crate::errors::js_error;
use crate::game::Game;
use crate::view::View;

/// A core bot and the search memory it borrows, kept together.
#[self_referencing]
struct OwnedBot {
    memory: Box<[Entry]>,
    #[borrows(mut memory)]
    #[not_covariant]
    bot: AnyBot<'this>,
}

/// A built-in bot by its spec, as `tablic match --players` writes them: `"greedy"`,
/// `"minimax:depth=3"`, `"pimc:samples=64"`, `"best"`… `seed` (a bigint, a safe integer
/// or its text; 0 by default) drives its random choices: the same seed and the same
/// positions give the same moves. A bot's choice runs to the end once started.
#[wasm_bindgen]
pub struct Bot {
    spec: BotSpec,
    bot: OwnedBot,
}

#[wasm_bindgen]
impl Bot {
    /// The bot of `spec`; an `Error` says what is wrong with a bad spec.
    #[wasm_bindgen(constructor)]
    pub fn new(spec: &arguments::Text, seed: Option<arguments::Seed>) -> Result<Bot, JsError> {
        let seed = match seed {
            Some(seed) => arguments::seed(&seed, "a bot's seed")?,
            None => 0,
        };
        let spec = arguments::text(spec, "a bot's spec")?;
        let spec = spec.parse::<BotSpec>().map_err(js_error)?;
        let memory = vec![Entry::EMPTY; spec.memory_entries()].into_boxed_slice();
        let bot = OwnedBot::new(memory, |memory| spec.build(seed, memory));
        Ok(Bot { spec, bot })
    }

    /// The bot's name: random, greedy, minimax, pimc, clairvoyant, ismcts or bestresponse.
    #[wasm_bindgen(getter)]
    pub fn name(&self) -> String {
        self.spec.name().to_string()
    }

    /// The bot with every option, as the command line reads it.
    #[wasm_bindgen(getter)]
    pub fn spec(&self) -> String {
        self.spec.to_string()
    }

    /// True for the bots that see every card (clairvoyant, bestresponse): they choose from
    /// the `Game`, not a `View`.
    #[wasm_bindgen(getter, js_name = seesEveryCard)]
    pub fn sees_every_card(&self) -> bool {
        self.spec.sees_every_card()
    }

    /// A move (as text) for the seat to move in `game`.
    pub fn choose(&mut self, game: &Game) -> Result<String, JsError> {
        self.choose_in(&game.game)
    }

    /// A move (as text) for the seat of `view`, which must be to move. The bots that see
    /// every card refuse a view.
    #[wasm_bindgen(js_name = chooseFor)]
    pub fn choose_for(&mut self, view: &View) -> Result<String, JsError> {
        if self.spec.sees_every_card() {
            return Err(JsError::new(&format!(
                "the {} bot sees every card: give it the Game, not a View",
                self.spec.name()
            )));
        }
        if view.game().to_move() != Some(view.seat()) {
            return Err(JsError::new(&format!(
                "it is not seat {}'s turn",
                view.seat()
            )));
        }
        self.choose_in(view.game())
    }
}

impl Bot {
    fn choose_in(&mut self, game: &CoreGame) -> Result<String, JsError> {
        self.bot
            .with_bot_mut(|bot| bot.choose(game))
            .map(|chosen| chosen.to_string())
            .ok_or_else(|| JsError::new("the game is over"))
    }
}
