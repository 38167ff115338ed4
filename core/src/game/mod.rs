//! A game of tablić: the [`Game`] itself (the deal, the turn, moves checked and applied, and
//! the end), its [`Move`]s, each seat's [`PlayerView`](crate::PlayerView) (built in
//! `view.rs`, which alone knows both), a watcher's [`PublicView`](crate::PublicView), the
//! [`GameResult`], and the game as text in a
//! [`record`].

pub mod match_to_target;
pub(crate) mod moves;
mod opening;
pub mod position;
pub(crate) mod public_view;
pub mod record;
pub mod rules;
pub(crate) mod score;
pub(crate) mod view;

use core::ops::ControlFlow;

use arrayvec::ArrayVec;

use crate::capture::check_capture;
use crate::capture::TooManyToList;
use crate::dealing::deck::Deck;
use crate::dealing::players::{PlayerCount, MAX_PLAYERS, TABLE_CARDS};
use crate::game::moves::{list_moves, try_for_each_move, IllegalMove, Move};
use crate::game::opening::{Opening, OpeningParts};
use crate::game::rules::{FinalTabla, Leftovers, Rules, RulesError};
use crate::game::score::GameResult;
use crate::{Card, CardSet};

/// Every game has exactly this many moves: one per card dealt to a hand.
pub const MOVES_PER_GAME: usize = 52 - TABLE_CARDS;

/// Where a game's deck order came from.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum DeckOrigin {
    /// [`Deck::from_seed`] with this seed.
    Seed(u64),
    /// An order given by the caller.
    Given,
    /// A position part way through the game ([`Game::from_position`]): the deck holds the
    /// cards already out, then those still to come.
    Position,
}

/// What a move did, beyond what was asked.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Played {
    /// The seat that moved.
    pub seat: usize,
    /// The move emptied the table.
    pub tabla: bool,
    /// The hands ran out and a new deal followed.
    pub new_deal: bool,
    /// The move ended the game.
    pub finished: bool,
}

/// A whole game of tablić, from the first deal to the result.
///
/// It holds the deck, so it can replay, and every move, so it can write its record
/// ([`Game::record`]). About 1.3 KB: searches keep compact states of their own.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Game {
    players: PlayerCount,
    rules: Rules,
    deck: Deck,
    origin: DeckOrigin,
    dealt: u8,
    deals: u8,
    to_move: u8,
    last_capturer: Option<u8>,
    finished: bool,
    table: CardSet,
    hands: [CardSet; MAX_PLAYERS],
    piles: [CardSet; MAX_PLAYERS],
    tablas: [u8; MAX_PLAYERS],
    history: ArrayVec<Move, MOVES_PER_GAME>,
    /// Where a game that started part way through started; `history` holds the moves since.
    opening: Option<Opening>,
}

impl Game {
    /// A game under the original rules dealt from [`Deck::from_seed`]`(seed)`.
    pub fn from_seed(players: PlayerCount, seed: u64) -> Game {
        Game::start(
            players,
            Rules::ORIGINAL,
            Deck::from_seed(seed),
            DeckOrigin::Seed(seed),
        )
    }

    /// A game under the original rules dealt from `deck`, top card first.
    pub fn from_deck(players: PlayerCount, deck: Deck) -> Game {
        Game::start(players, Rules::ORIGINAL, deck, DeckOrigin::Given)
    }

    /// A game under `rules` dealt from [`Deck::from_seed`]`(seed)`, if `players` can sit
    /// in its sides.
    pub fn from_seed_with_rules(
        players: PlayerCount,
        rules: Rules,
        seed: u64,
    ) -> Result<Game, RulesError> {
        rules.check(players)?;
        Ok(Game::start(
            players,
            rules,
            Deck::from_seed(seed),
            DeckOrigin::Seed(seed),
        ))
    }

    /// A game under `rules` dealt from `deck`, top card first, if `players` can sit in its
    /// sides.
    pub fn from_deck_with_rules(
        players: PlayerCount,
        rules: Rules,
        deck: Deck,
    ) -> Result<Game, RulesError> {
        rules.check(players)?;
        Ok(Game::start(players, rules, deck, DeckOrigin::Given))
    }

    /// The game dealt; `rules` checked by the caller.
    pub(crate) fn start(
        players: PlayerCount,
        rules: Rules,
        deck: Deck,
        origin: DeckOrigin,
    ) -> Game {
        let table = deck.cards()[..TABLE_CARDS].iter().copied().collect();
        let mut game = Game {
            players,
            rules,
            deck,
            origin,
            dealt: TABLE_CARDS as u8,
            deals: 0,
            to_move: 0,
            last_capturer: None,
            finished: false,
            table,
            hands: [CardSet::EMPTY; MAX_PLAYERS],
            piles: [CardSet::EMPTY; MAX_PLAYERS],
            tablas: [0; MAX_PLAYERS],
            history: ArrayVec::new(),
            opening: None,
        };
        game.deal();
        game
    }

    /// The game from `opening`, with `deck` ([`Opening::deck`]) holding the cards to come.
    fn resume(players: PlayerCount, rules: Rules, opening: Opening, deck: Deck) -> Game {
        let plies = opening.plies();
        let point = players.deal_at(plies);
        let (table, hands, piles) = opening.cards();
        let mut tablas = [0; MAX_PLAYERS];
        tablas[..players.get()].copy_from_slice(opening.tablas(players));
        Game {
            players,
            rules,
            deck,
            origin: DeckOrigin::Position,
            dealt: (52 - point.undealt) as u8,
            deals: point.deal as u8 + 1,
            to_move: point.to_move().unwrap_or(0) as u8,
            last_capturer: opening.last_capturer().map(|seat| seat as u8),
            finished: point.to_move().is_none(),
            table,
            hands,
            piles,
            tablas,
            history: ArrayVec::new(),
            opening: Some(opening),
        }
    }

    /// A game from `parts`, with `undealt` the cards still to come; the caller (a checked
    /// [`Position`](crate::Position)) vouches that the parts are a state the rules reach.
    pub(crate) fn from_parts(
        players: PlayerCount,
        rules: Rules,
        parts: &OpeningParts<'_>,
        undealt: &[Card],
    ) -> Game {
        let opening = Opening::new(parts);
        let deck = opening.deck(undealt);
        Game::resume(players, rules, opening, deck)
    }

    /// The game as it was when it started: dealt, or at its opening position.
    fn restarted(&self) -> Game {
        match self.opening {
            Some(opening) => Game::resume(self.players, self.rules, opening, self.deck),
            None => Game::start(self.players, self.rules, self.deck, self.origin),
        }
    }

    /// Deals the next hands: one card a seat per pass, seat 0 first; seat 0 leads.
    fn deal(&mut self) {
        let players = self.players.get();
        let undealt = 52 - self.dealt as usize;
        let passes = self.players.hand_size(undealt);
        let cards = &self.deck.cards()[self.dealt as usize..][..passes * players];
        for pass in cards.chunks_exact(players) {
            for (hand, &card) in self.hands.iter_mut().zip(pass) {
                *hand = hand.with(card);
            }
        }
        self.dealt += (passes * players) as u8;
        self.deals += 1;
        self.to_move = 0;
    }

    /// The number of players.
    pub const fn players(&self) -> PlayerCount {
        self.players
    }

    /// The rules the game is played under.
    pub const fn rules(&self) -> Rules {
        self.rules
    }

    /// How many sides play (the players, when everyone plays alone).
    pub const fn side_count(&self) -> usize {
        self.rules.side_count(self.players)
    }

    /// The side `seat` plays for (its own seat number when everyone plays alone).
    pub const fn side_of(&self, seat: usize) -> usize {
        self.rules.side_of(self.players, seat)
    }

    /// The deck order, top first.
    pub const fn deck(&self) -> &Deck {
        &self.deck
    }

    /// Where the deck order came from.
    pub const fn origin(&self) -> DeckOrigin {
        self.origin
    }

    /// The seat to move, or `None` when the game is over.
    pub const fn to_move(&self) -> Option<usize> {
        if self.finished {
            None
        } else {
            Some(self.to_move as usize)
        }
    }

    /// True when every card has been played and the table settled.
    pub const fn is_finished(&self) -> bool {
        self.finished
    }

    /// The cards face up on the table.
    pub const fn table(&self) -> CardSet {
        self.table
    }

    /// A seat's hand (the engine's knowledge; bots get a [`PlayerView`](crate::PlayerView)).
    pub fn hand(&self, seat: usize) -> CardSet {
        self.hands[..self.players.get()]
            .get(seat)
            .copied()
            .unwrap_or_default()
    }

    /// The cards a seat has captured (after the end, with the table's last cards).
    pub fn pile(&self, seat: usize) -> CardSet {
        self.piles[..self.players.get()]
            .get(seat)
            .copied()
            .unwrap_or_default()
    }

    /// A seat's tablas so far.
    pub fn tablas(&self, seat: usize) -> u32 {
        self.tablas[..self.players.get()]
            .get(seat)
            .map_or(0, |&count| count as u32)
    }

    /// A seat's score so far: its pile's points and its tablas. The most-cards bonus is
    /// known only at the end ([`GameResult`] adds it).
    pub fn points_so_far(&self, seat: usize) -> u32 {
        self.pile(seat).points() + self.tablas(seat)
    }

    /// A side's score so far: its seats' [`Game::points_so_far`] added up (the seat's own,
    /// when everyone plays alone).
    pub fn side_points_so_far(&self, side: usize) -> u32 {
        (0..self.players.get())
            .filter(|&seat| self.side_of(seat) == side)
            .map(|seat| self.points_so_far(seat))
            .sum()
    }

    /// The seat that captured last, if anyone has.
    pub fn last_capturer(&self) -> Option<usize> {
        self.last_capturer.map(usize::from)
    }

    /// Cards still in the deck, not yet dealt.
    pub fn undealt(&self) -> usize {
        52 - self.dealt as usize
    }

    /// Deals so far (1 after the first deal).
    pub const fn deals_dealt(&self) -> usize {
        self.deals as usize
    }

    /// Every move so far, in order; for a game started from a position, every move since.
    pub fn history(&self) -> &[Move] {
        &self.history
    }

    /// Moves made in the game, counting those before the position it started from.
    pub fn plies(&self) -> usize {
        self.opening_plies() + self.history.len()
    }

    /// Moves made before the game's start: 0 unless it started from a position.
    pub fn opening_plies(&self) -> usize {
        self.opening.map_or(0, |opening| opening.plies())
    }

    /// The game as it stood after the first `moves` moves of its [`history`](Game::history)
    /// (after all of them, if it has fewer): the same deck and origin, the later moves taken
    /// back.
    pub fn rewound(&self, moves: usize) -> Game {
        let mut game = self.restarted();
        for &played in self.history.iter().take(moves) {
            // Cannot fail: the same move from the same position as before.
            let _ = game.play(played);
        }
        game
    }

    /// The last move of the [`history`](Game::history) and what it did (who played it,
    /// whether it was a tabla), for showing it; `None` before the first. It replays the
    /// game up to that move.
    pub fn last_played(&self) -> Option<(Move, Played)> {
        let (&last, earlier) = self.history.split_last()?;
        let mut before = self.rewound(earlier.len());
        // Cannot fail: the same move from the same position as before.
        let outcome = before.play(last).ok()?;
        Some((last, outcome))
    }

    /// Checks a move for the seat to move without playing it.
    pub fn check(&self, played: Move) -> Result<(), IllegalMove> {
        if self.finished {
            return Err(IllegalMove::GameOver);
        }
        if !self.hands[self.to_move as usize].contains(played.card) {
            return Err(IllegalMove::CardNotInHand(played.card));
        }
        check_capture(self.table, played.card, played.capture)?;
        Ok(())
    }

    /// Plays a move for the seat to move. An illegal move changes nothing.
    pub fn play(&mut self, played: Move) -> Result<Played, IllegalMove> {
        self.check(played)?;
        let seat = self.to_move as usize;
        self.hands[seat] = self.hands[seat].without(played.card);
        let mut tabla = false;
        if played.capture.is_empty() {
            self.table = self.table.with(played.card);
        } else {
            self.table -= played.capture;
            self.piles[seat] |= played.capture.with(played.card);
            self.last_capturer = Some(seat as u8);
            tabla = self.table.is_empty() && self.sweep_scores();
            self.tablas[seat] += tabla as u8;
        }
        self.history.push(played);

        let players = self.players.get();
        let mut new_deal = false;
        if self.hands[..players].iter().any(|hand| !hand.is_empty()) {
            // Not `% players`: a division costs more than the rest of the move.
            self.to_move = if seat + 1 == players {
                0
            } else {
                seat as u8 + 1
            };
        } else if self.undealt() > 0 {
            self.deal();
            new_deal = true;
        } else {
            self.finish();
        }
        Ok(Played {
            seat,
            tabla,
            new_deal,
            finished: self.finished,
        })
    }

    /// True when a capture that has just emptied the table is a tabla: always, but on the
    /// game's last move under the house rule that a tabla there scores nothing. Kept out of
    /// line: a sweep is rare, and `play` is the engine's hottest function.
    #[cold]
    #[inline(never)]
    fn sweep_scores(&self) -> bool {
        let players = self.players.get();
        let last_move =
            self.undealt() == 0 && self.hands[..players].iter().all(|hand| hand.is_empty());
        !(last_move && self.rules.final_tabla == FinalTabla::DoesNotCount)
    }

    /// The table's last cards go to [`Game::leftovers_taker`], never as a tabla.
    fn finish(&mut self) {
        if let Some(taker) = self.leftovers_taker() {
            self.piles[taker] |= self.table;
            self.table = CardSet::EMPTY;
        }
        self.finished = true;
    }

    /// The seat that takes the cards left on the table at the end, as things stand: the
    /// last capturer (nobody, if nobody has captured) or, by the house rule, the seat that
    /// plays the game's last card, the last seat of the last deal.
    pub fn leftovers_taker(&self) -> Option<usize> {
        match self.rules.leftovers {
            Leftovers::LastCapturer => self.last_capturer(),
            Leftovers::LastPlayer => Some(self.players.get() - 1),
        }
    }

    /// Calls `visit` for every legal move of the seat to move, until it breaks (see
    /// [`try_for_each_move`] for the order).
    pub fn try_for_each_legal_move<B>(
        &self,
        visit: impl FnMut(Move) -> ControlFlow<B>,
    ) -> ControlFlow<B> {
        match self.to_move() {
            Some(seat) => try_for_each_move(self.hands[seat], self.table, visit),
            None => ControlFlow::Continue(()),
        }
    }

    /// Calls `visit` for every legal move of the seat to move.
    pub fn for_each_legal_move(&self, mut visit: impl FnMut(Move)) {
        let _ = self.try_for_each_legal_move::<()>(|legal| {
            visit(legal);
            ControlFlow::Continue(())
        });
    }

    /// Calls `visit` for every legal move of the seat to move (none when the game is over),
    /// unless there are more than [`crate::capture::MAX_LISTED`] (see [`list_moves`]).
    pub fn list_legal_moves(&self, visit: impl FnMut(Move)) -> Result<(), TooManyToList> {
        match self.to_move() {
            Some(seat) => list_moves(self.hands[seat], self.table, visit),
            None => Ok(()),
        }
    }

    /// The result, once the game is over.
    pub fn result(&self) -> Option<GameResult> {
        self.finished.then(|| self.result_so_far())
    }

    /// The result as the piles stand, for a score shown during play (the cards still on the
    /// table are nobody's yet, and the most cards are those taken so far); the real result
    /// once the game is over.
    pub fn result_so_far(&self) -> GameResult {
        GameResult::from_piles(self.players, self.rules, &self.piles, &self.tablas)
    }
}
