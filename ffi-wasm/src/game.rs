//! `Game`: a whole game of tablić, as the engine knows it.

use tablic_core::bots::{RankedCaptures, RankingError};
use tablic_core::{
    CardSet, Deck, DeckOrigin, Game as CoreGame, Move, PlayerCount, Position, Rules,
};
use wasm_bindgen::prelude::*;

use crate::arguments;
use crate::card::{self, parse_card};
use crate::errors::{illegal, js_error};
use crate::moves;
use crate::outcome::{GameResult, Played};
use crate::view::{check_seat, View};

/// A game of tablić. `Game.fromSeed(players, seed, rules?)` deals the deck of `seed` (the
/// same deck on every platform); `Game.fromDeck(players, deck, rules?)` deals the given
/// order (52 cards, top first); `Game.fromRecord(text)` replays a record. `rules` is the
/// engine's rules text (`"side-size=2 leftovers=last-player"`; `""` is the original game).
#[wasm_bindgen]
#[derive(Clone)]
pub struct Game {
    pub(crate) game: CoreGame,
}

/// Rules from their text; none is the original game.
pub fn parse_rules(text: Option<arguments::Text>) -> Result<Rules, JsError> {
    match text {
        Some(text) => arguments::text(&text, "rules")?.parse().map_err(js_error),
        None => Ok(Rules::ORIGINAL),
    }
}

/// The player count, and the rules from their text. Whether the players can sit in the
/// rules' sides is the core's to say when it deals.
fn players_and_rules(
    players: f64,
    rules: Option<arguments::Text>,
) -> Result<(PlayerCount, Rules), JsError> {
    let players = PlayerCount::new(arguments::index(players, "players")?).map_err(js_error)?;
    Ok((players, parse_rules(rules)?))
}

#[wasm_bindgen]
impl Game {
    /// A game dealt from the deck of `seed` (a bigint, a safe integer or its text).
    #[wasm_bindgen(js_name = fromSeed)]
    pub fn from_seed(
        players: f64,
        seed: &arguments::Seed,
        rules: Option<arguments::Text>,
    ) -> Result<Game, JsError> {
        let (players, rules) = players_and_rules(players, rules)?;
        let seed = arguments::seed(seed, "seed")?;
        CoreGame::from_seed_with_rules(players, rules, seed)
            .map(|game| Game { game })
            .map_err(js_error)
    }

    /// A game dealt from `deck`, 52 distinct cards as text, top first.
    #[wasm_bindgen(js_name = fromDeck)]
    pub fn from_deck(
        players: f64,
        deck: &arguments::Text,
        rules: Option<arguments::Text>,
    ) -> Result<Game, JsError> {
        let (players, rules) = players_and_rules(players, rules)?;
        let deck = arguments::text(deck, "a deck")?;
        let cards = tablic_core::cards::notation::parse_cards(&deck)
            .collect::<Result<Vec<_>, _>>()
            .map_err(js_error)?;
        let deck = Deck::from_cards(&cards).map_err(js_error)?;
        CoreGame::from_deck_with_rules(players, rules, deck)
            .map(|game| Game { game })
            .map_err(js_error)
    }

    /// A game replayed from a record's text (as `record()` writes it, or `tablic match
    /// --save-records` saves it); every move is checked.
    #[wasm_bindgen(js_name = fromRecord)]
    pub fn from_record(text: &arguments::Text) -> Result<Game, JsError> {
        CoreGame::from_record(&arguments::text(text, "a record")?)
            .map(|game| Game { game })
            .map_err(js_error)
    }

    /// A game that plays on from a position (one line of text, as `position()`,
    /// `View.position()` and `tablic position` write it). With its moves, it is dealt and
    /// replayed from the start; for a seat's position, the cards that seat has not seen are
    /// placed in a fixed order.
    #[wasm_bindgen(js_name = fromPosition)]
    pub fn from_position(text: &arguments::Text) -> Result<Game, JsError> {
        let position = arguments::text(text, "a position")?
            .parse::<Position>()
            .map_err(js_error)?;
        Ok(Game {
            game: CoreGame::from_position(&position),
        })
    }

    /// The position with everything known, as one line of text.
    pub fn position(&self) -> String {
        Position::of_game(&self.game).to_string()
    }

    /// The game's record: its seed or deck and every move, as text `fromRecord` reads.
    pub fn record(&self) -> String {
        self.game.record().to_string()
    }

    /// An independent copy.
    #[wasm_bindgen(js_name = clone)]
    pub fn copy(&self) -> Game {
        self.clone()
    }

    /// The game as it stood after its first `moves` moves (an undo is
    /// `game.rewound(game.plies - 1)`).
    pub fn rewound(&self, moves: f64) -> Result<Game, JsError> {
        let moves = arguments::index(moves, "moves")?;
        Ok(Game {
            game: self.game.rewound(moves),
        })
    }

    /// The number of players.
    #[wasm_bindgen(getter)]
    pub fn players(&self) -> usize {
        self.game.players().get()
    }

    /// The rules as text (`""` for the original game).
    #[wasm_bindgen(getter)]
    pub fn rules(&self) -> String {
        self.game.rules().to_string()
    }

    /// How many sides play (the players, when everyone plays alone).
    #[wasm_bindgen(getter, js_name = sideCount)]
    pub fn side_count(&self) -> usize {
        self.game.side_count()
    }

    /// The side `seat` plays for.
    #[wasm_bindgen(js_name = sideOf)]
    pub fn side_of(&self, seat: f64) -> Result<usize, JsError> {
        let seat = check_seat(&self.game, seat)?;
        Ok(self.game.side_of(seat))
    }

    /// The seed the deck came from, or `undefined` for a given deck or a position.
    #[wasm_bindgen(getter)]
    pub fn seed(&self) -> Option<u64> {
        match self.game.origin() {
            DeckOrigin::Seed(seed) => Some(seed),
            DeckOrigin::Given | DeckOrigin::Position => None,
        }
    }

    /// The deck the game was dealt from, top card first (`Game.fromDeck` deals it again).
    #[wasm_bindgen(getter)]
    pub fn deck(&self) -> String {
        let cards = self.game.deck().cards();
        cards
            .iter()
            .map(ToString::to_string)
            .collect::<Vec<_>>()
            .join(" ")
    }

    /// The seat to move, or `undefined` when the game is over.
    #[wasm_bindgen(getter, js_name = toMove)]
    pub fn to_move(&self) -> Option<usize> {
        self.game.to_move()
    }

    /// True once every card is played and the table settled.
    #[wasm_bindgen(getter, js_name = isFinished)]
    pub fn is_finished(&self) -> bool {
        self.game.is_finished()
    }

    /// The cards on the table.
    #[wasm_bindgen(getter)]
    pub fn table(&self) -> String {
        card::text(self.game.table())
    }

    /// `seat`'s hand (every card: a `View` shows one seat only what it may know).
    pub fn hand(&self, seat: f64) -> Result<String, JsError> {
        Ok(card::text(self.game.hand(check_seat(&self.game, seat)?)))
    }

    /// `seat`'s captured cards.
    pub fn pile(&self, seat: f64) -> Result<String, JsError> {
        Ok(card::text(self.game.pile(check_seat(&self.game, seat)?)))
    }

    /// `seat`'s tablas so far.
    pub fn tablas(&self, seat: f64) -> Result<u32, JsError> {
        Ok(self.game.tablas(check_seat(&self.game, seat)?))
    }

    /// Moves played so far.
    #[wasm_bindgen(getter)]
    pub fn plies(&self) -> usize {
        self.game.plies()
    }

    /// Every move played so far, first first.
    #[wasm_bindgen(getter)]
    pub fn history(&self) -> Vec<String> {
        moves::texts(self.game.history().iter().copied())
    }

    /// What `seat` may know: a snapshot that later moves do not change.
    pub fn view(&self, seat: f64) -> Result<View, JsError> {
        View::of(&self.game, check_seat(&self.game, seat)?)
    }

    /// Every legal move of the seat to move (none when the game is over).
    #[wasm_bindgen(js_name = legalMoves)]
    pub fn legal_moves(&self) -> Result<Vec<String>, JsError> {
        let mut legal = Vec::new();
        self.game
            .list_legal_moves(|played| legal.push(played))
            .map_err(js_error)?;
        Ok(moves::texts(legal))
    }

    /// The moves of the seat to move with `card`, best first, for a person choosing one:
    /// the greedy player's order (a tabla, then points, then cards taken, …), laying the
    /// card down always last.
    #[wasm_bindgen(js_name = cardMoves)]
    pub fn card_moves(&self, card: &arguments::Text) -> Result<Vec<String>, JsError> {
        let card = parse_card(card)?;
        let ranking = RankedCaptures::of(&self.game, card).map_err(|error| match error {
            RankingError::Illegal(reason) => illegal(Move::discard(card), reason),
            RankingError::TooMany(reason) => js_error(reason),
        })?;
        let mut best = vec![CardSet::EMPTY; ranking.rank_into(&mut [])];
        ranking.rank_into(&mut best);
        Ok(moves::texts(
            best.into_iter().map(|capture| Move::new(card, capture)),
        ))
    }

    /// Throws an `Error` saying why, unless the seat to move may play `move` (`"5S 2C 3D"`).
    pub fn check(&self, r#move: &arguments::Text) -> Result<(), JsError> {
        let played = moves::read(r#move)?;
        self.game
            .check(played)
            .map_err(|reason| illegal(played, reason))
    }

    /// Plays `move` (`"5S 2C 3D"`: the card, then what it takes) for the seat to move. An
    /// illegal move throws an `Error` saying why and changes nothing.
    pub fn play(&mut self, r#move: &arguments::Text) -> Result<Played, JsError> {
        let played = moves::read(r#move)?;
        self.game
            .play(played)
            .map(Played::from)
            .map_err(|reason| illegal(played, reason))
    }

    /// The last move, or `undefined` before the first.
    #[wasm_bindgen(getter, js_name = lastMove)]
    pub fn last_move(&self) -> Option<String> {
        self.game.history().last().map(ToString::to_string)
    }

    /// The score as the piles stand, during play too.
    #[wasm_bindgen(js_name = resultSoFar)]
    pub fn result_so_far(&self) -> GameResult {
        GameResult::from(self.game.result_so_far())
    }

    /// The result, once the game is over (an `Error` before).
    pub fn result(&self) -> Result<GameResult, JsError> {
        self.game
            .result()
            .map(GameResult::from)
            .ok_or_else(|| JsError::new("the game is not over"))
    }
}
