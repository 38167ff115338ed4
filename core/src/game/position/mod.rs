//! Positions: a game part way through in one line of text, as one seat sees it or with
//! everything known, for analysis, puzzles and tests.
//!
//! ```text
//! players=2 ply=13 turn=1 seat=1 table=3C,7D hand=AS,2C,10D piles=KH,2S,QD;- tablas=0,0 last=0
//! ```
//! A seat's position (`seat=`) holds what that seat may know: its `hand`, the table, every
//! pile (captures are played face up), the tablas and the last capturer. A position with
//! everything known has no `seat=` and holds every hand (`hands=`, seat by seat, `;` between)
//! and the cards still to be dealt, top first (`deck=`). Either may carry every move from
//! the start (`moves=AH;3C;5DxAD,4S;…`, `x` before a capture): bots then decide from it
//! exactly as in the live game, since they read the history; without it they see no past
//! moves. `-` is an empty list, `ply` the moves made, `turn` the seat to move (`-` at the
//! end). The format is in [`text`]; what a position must satisfy, in [`rules`].
//!
//! Everything here works without allocation: a position is about 1.8 KB.

mod error;
pub mod rules;
pub mod text;

use arrayvec::ArrayVec;

pub use error::PositionError;

use crate::dealing::deck::Deck;
use crate::dealing::players::{PlayerCount, MAX_PLAYERS, TABLE_CARDS};
use crate::game::moves::Move;
use crate::game::opening::OpeningParts;
use crate::game::rules::Rules;
use crate::game::view::PlayerView;
use crate::game::{DeckOrigin, Game, MOVES_PER_GAME};
use crate::{Card, CardSet};

/// A game part way through, as one seat sees it or with everything known; checked against
/// the rules when made ([`rules`]), so that every position is one a game can reach.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Position {
    players: PlayerCount,
    rules: Rules,
    plies: u8,
    seat: Option<u8>,
    table: CardSet,
    /// Every hand when everything is known; only `seat`'s otherwise.
    hands: [CardSet; MAX_PLAYERS],
    piles: [CardSet; MAX_PLAYERS],
    tablas: [u8; MAX_PLAYERS],
    last_capturer: Option<u8>,
    /// The cards still to be dealt, top first, when everything is known.
    deck: ArrayVec<Card, { 52 - TABLE_CARDS }>,
    /// Every move from the start, when given.
    moves: Option<ArrayVec<Move, MOVES_PER_GAME>>,
}

impl Position {
    /// Everything known about `game` now: every hand and the deck's order; its moves too,
    /// unless the game itself started from a position.
    pub fn of_game(game: &Game) -> Position {
        let players = game.players().get();
        let mut position = Position::public(game);
        for seat in 0..players {
            position.hands[seat] = game.hand(seat);
        }
        let undealt = &game.deck().cards()[52 - game.undealt()..];
        position.deck = undealt.iter().copied().collect();
        position
    }

    /// What `view`'s seat knows now: its hand and everything public; the game's moves too,
    /// unless it started from a position.
    pub fn of_view(view: &PlayerView<'_>) -> Position {
        let mut position = Position::public(view.game());
        position.seat = Some(view.seat() as u8);
        position.hands[view.seat()] = view.hand();
        position
    }

    /// What every seat of `game` knows: no hand and no deck.
    fn public(game: &Game) -> Position {
        let players = game.players().get();
        let mut piles = [CardSet::EMPTY; MAX_PLAYERS];
        let mut tablas = [0; MAX_PLAYERS];
        for seat in 0..players {
            piles[seat] = game.pile(seat);
            tablas[seat] = game.tablas(seat) as u8;
        }
        Position {
            players: game.players(),
            rules: game.rules(),
            plies: game.plies() as u8,
            seat: None,
            table: game.table(),
            hands: [CardSet::EMPTY; MAX_PLAYERS],
            piles,
            tablas,
            last_capturer: game.last_capturer().map(|seat| seat as u8),
            deck: ArrayVec::new(),
            moves: (game.origin() != DeckOrigin::Position)
                .then(|| game.history().iter().copied().collect()),
        }
    }

    /// The same position without its moves: what a position typed from a table looks like.
    pub fn without_moves(mut self) -> Position {
        self.moves = None;
        self
    }

    /// How many play.
    pub const fn players(&self) -> PlayerCount {
        self.players
    }

    /// The rules the game is played under.
    pub const fn rules(&self) -> Rules {
        self.rules
    }

    /// Moves made so far.
    pub const fn plies(&self) -> usize {
        self.plies as usize
    }

    /// The seat to move, or `None` at the end of the game.
    pub const fn to_move(&self) -> Option<usize> {
        self.players.deal_at(self.plies as usize).to_move()
    }

    /// The seat whose view this is, or `None` when everything is known.
    pub fn seat(&self) -> Option<usize> {
        self.seat.map(usize::from)
    }

    /// True when every hand and the deck's order are known.
    pub const fn is_everything_known(&self) -> bool {
        self.seat.is_none()
    }

    /// The cards on the table.
    pub const fn table(&self) -> CardSet {
        self.table
    }

    /// A seat's hand, if this position knows it.
    pub fn hand(&self, seat: usize) -> Option<CardSet> {
        let known = seat < self.players.get() && self.seat.is_none_or(|own| own as usize == seat);
        known.then(|| self.hands[seat])
    }

    /// How many cards a seat holds.
    pub const fn hand_size(&self, seat: usize) -> usize {
        self.players.deal_at(self.plies as usize).hand_size_of(seat)
    }

    /// The cards a seat has captured.
    pub fn pile(&self, seat: usize) -> CardSet {
        self.piles[..self.players.get()]
            .get(seat)
            .copied()
            .unwrap_or_default()
    }

    /// A seat's tablas.
    pub fn tablas(&self, seat: usize) -> u32 {
        self.tablas[..self.players.get()]
            .get(seat)
            .map_or(0, |&count| u32::from(count))
    }

    /// The seat that captured last, if anyone has.
    pub fn last_capturer(&self) -> Option<usize> {
        self.last_capturer.map(usize::from)
    }

    /// Cards not yet dealt.
    pub const fn undealt(&self) -> usize {
        self.players.deal_at(self.plies as usize).undealt
    }

    /// The cards still to be dealt, top first, when everything is known.
    pub fn deck(&self) -> Option<&[Card]> {
        self.is_everything_known().then_some(&self.deck[..])
    }

    /// Every move from the start, when the position carries them.
    pub fn moves(&self) -> Option<&[Move]> {
        self.moves.as_deref()
    }

    /// The cards this position does not place: the other seats' hands and the deck, in a
    /// seat's position; none when everything is known.
    pub fn unseen(&self) -> CardSet {
        let players = self.players.get();
        let placed = self.hands[..players]
            .iter()
            .chain(&self.piles[..players])
            .fold(self.table, |placed, &cards| placed | cards);
        !self
            .deck
            .iter()
            .fold(placed, |placed, &card| placed.with(card))
    }
}

impl Game {
    /// A game that plays on from `position`. With its moves, the game is dealt and replayed
    /// from the start, history and all; without them, it starts at the position
    /// ([`DeckOrigin::Position`]) with no history. A seat's
    /// position does not say where the unseen cards are: they are dealt to the other hands,
    /// then to the deck, in order of index. Any such game gives that seat the same view.
    pub fn from_position(position: &Position) -> Game {
        match &position.moves {
            Some(moves) => {
                let deck = position.initial_deck();
                let mut game =
                    Game::start(position.players, position.rules, deck, DeckOrigin::Given);
                for &played in moves {
                    // Cannot fail: the position was checked by replaying these moves.
                    let _ = game.play(played);
                }
                game
            }
            None => {
                let (hands, deck) = position.placed_hands_and_deck();
                let players = position.players.get();
                let parts = OpeningParts {
                    plies: position.plies(),
                    table: position.table,
                    hands: &hands[..players],
                    piles: &position.piles[..players],
                    tablas: &position.tablas[..players],
                    last_capturer: position.last_capturer(),
                };
                Game::from_parts(position.players, position.rules, &parts, &deck)
            }
        }
    }
}

impl Position {
    /// Every hand and the deck's order: as known, or with the unseen cards dealt to the
    /// other hands in seat order, then to the deck, each in order of index.
    fn placed_hands_and_deck(&self) -> ([CardSet; MAX_PLAYERS], ArrayVec<Card, 48>) {
        if self.is_everything_known() {
            return (self.hands, self.deck.clone());
        }
        let mut hands = self.hands;
        let mut unseen = self.unseen().iter();
        for (seat, hand) in hands.iter_mut().enumerate().take(self.players.get()) {
            if Some(seat) != self.seat() {
                *hand = unseen.by_ref().take(self.hand_size(seat)).collect();
            }
        }
        (hands, unseen.collect())
    }

    /// The deck a game with this position's moves was dealt from: the table the moves
    /// started from, then each deal pass by pass (a seat's card of a pass is the one it
    /// played then, or one it still holds), then the cards to come.
    fn initial_deck(&self) -> Deck {
        let moves = self.moves.as_deref().unwrap_or_default();
        let (hands, deck) = self.placed_hands_and_deck();
        let players = self.players.get();
        let now = self.players.deal_at(moves.len());
        let first_table = rules::starting_table(self.table, &self.piles[..players], moves);
        let mut order: ArrayVec<Card, 52> = first_table.iter().collect();
        let mut start = 0;
        for _ in 0..=now.deal {
            let point = self.players.deal_at(start);
            for pass in 0..point.hand_size {
                for (seat, hand) in hands.iter().enumerate().take(players) {
                    let ply = start + pass * players + seat;
                    let card = match moves.get(ply) {
                        Some(played) => Some(played.card),
                        // Not played yet: the seat still holds it (this deal only).
                        None => {
                            let played = point.hand_size - now.hand_size_of(seat);
                            hand.iter().nth(pass - played)
                        }
                    };
                    order.extend(card);
                }
            }
            start += point.hand_size * players;
        }
        Deck::completing(order.into_iter().chain(deck))
    }
}
