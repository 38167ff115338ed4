//! What one seat may know: its own hand and everything played in the open. [`Game::view`]
//! is defined here, with the view, so that the view needs the game and not the other way
//! round.

use core::ops::ControlFlow;

use crate::dealing::players::PlayerCount;
use crate::game::moves::Move;
use crate::game::rules::Rules;
use crate::game::Game;
use crate::CardSet;

/// A past move, as [`PlayerView::history_backwards`] gives it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PastMove {
    /// The seat that moved.
    pub seat: usize,
    /// The deal it was made in (0 for the first).
    pub deal: usize,
    /// The table just before the move.
    pub table_before: CardSet,
    /// The move.
    pub played: Move,
}

/// One seat's window on a [`Game`]: its own hand, the table, every pile and tabla, hand
/// sizes, and the public history; never another hand or the deck order. Bots and user
/// interfaces are given this, not the game.
#[derive(Clone, Copy, Debug)]
pub struct PlayerView<'g> {
    game: &'g Game,
    seat: usize,
    /// The seat plays for itself, sides or not ([`PlayerView::playing_alone`]).
    alone: bool,
}

impl Game {
    /// What `seat` may know.
    pub fn view(&self, seat: usize) -> Option<PlayerView<'_>> {
        (seat < self.players().get()).then_some(PlayerView {
            game: self,
            seat,
            alone: false,
        })
    }

    /// The view of the seat to move.
    pub fn current_view(&self) -> Option<PlayerView<'_>> {
        self.to_move().and_then(|seat| self.view(seat))
    }
}

impl<'g> PlayerView<'g> {
    /// The game seen (for the position this view writes; not for bots).
    pub(crate) const fn game(&self) -> &'g Game {
        self.game
    }

    /// The seat this view belongs to.
    pub const fn seat(&self) -> usize {
        self.seat
    }

    /// How many play.
    pub const fn players(&self) -> PlayerCount {
        self.game.players()
    }

    /// This view with its seat playing for itself, when `alone`: a game of sides is seen
    /// as one of everyone alone under the same house rules, so that a bot reasoning with it
    /// values its own seat's margin and takes its partners for opponents. It is the one
    /// switch of the bots' `alone=1` option, which measures what playing for the side is
    /// worth.
    pub const fn playing_alone(self, alone: bool) -> PlayerView<'g> {
        PlayerView { alone, ..self }
    }

    /// The rules the game is played under as this seat sees them: who is on its side (only
    /// itself when [playing alone](PlayerView::playing_alone)), and the house rules.
    pub const fn rules(&self) -> Rules {
        let rules = self.game.rules();
        if self.alone {
            Rules {
                side_size: 1,
                ..rules
            }
        } else {
            rules
        }
    }

    /// How many sides play (the players, when everyone plays alone).
    pub const fn side_count(&self) -> usize {
        self.rules().side_count(self.players())
    }

    /// The side `seat` plays for.
    pub const fn side_of(&self, seat: usize) -> usize {
        self.rules().side_of(self.players(), seat)
    }

    /// True when `seat` is this seat's partner, or this seat itself.
    pub const fn is_on_my_side(&self, seat: usize) -> bool {
        self.side_of(seat) == self.side_of(self.seat)
    }

    /// This seat's hand.
    pub fn hand(&self) -> CardSet {
        self.game.hand(self.seat)
    }

    /// The table.
    pub const fn table(&self) -> CardSet {
        self.game.table()
    }

    /// The seat to move, `None` at the end.
    pub const fn to_move(&self) -> Option<usize> {
        self.game.to_move()
    }

    /// True when this seat is to move.
    pub fn is_my_turn(&self) -> bool {
        self.to_move() == Some(self.seat)
    }

    /// Any seat's captured cards (captures are played face up).
    pub fn pile(&self, seat: usize) -> CardSet {
        self.game.pile(seat)
    }

    /// Any seat's tablas.
    pub fn tablas(&self, seat: usize) -> u32 {
        self.game.tablas(seat)
    }

    /// How many cards any seat holds.
    pub fn hand_size(&self, seat: usize) -> usize {
        self.game.hand(seat).len()
    }

    /// The seat that captured last.
    pub fn last_capturer(&self) -> Option<usize> {
        self.game.last_capturer()
    }

    /// Cards not yet dealt.
    pub fn undealt(&self) -> usize {
        self.game.undealt()
    }

    /// Deals so far.
    pub fn deals_dealt(&self) -> usize {
        self.game.deals_dealt()
    }

    /// True when no more cards will be dealt.
    pub fn is_last_deal(&self) -> bool {
        self.undealt() == 0
    }

    /// Moves made in the game, counting those before the position it started from.
    pub fn plies(&self) -> usize {
        self.game.plies()
    }

    /// Every move so far (all are public); for a game started from a position, every move
    /// since.
    pub fn history(&self) -> &'g [Move] {
        self.game.history()
    }

    /// Every move so far, newest first, each with its mover, its deal and the table as it
    /// was before the move: rebuilt by undoing the moves from the present table, so that
    /// inference about hidden hands needs nothing but the view.
    pub fn history_backwards(&self) -> impl Iterator<Item = PastMove> + 'g {
        let players = self.players();
        // A game started from a position counts its moves from there.
        let first = self.game.opening_plies();
        let mut table = self.table();
        self.history()
            .iter()
            .enumerate()
            .rev()
            .map(move |(index, played)| {
                let point = players.deal_at(first + index);
                table = if played.capture.is_empty() {
                    table.without(played.card)
                } else {
                    table | played.capture
                };
                PastMove {
                    seat: (first + index - point.start) % players.get(),
                    deal: point.deal,
                    table_before: table,
                    played: *played,
                }
            })
    }

    /// This deal's moves, newest first, as [`PlayerView::history_backwards`] gives them.
    pub fn this_deal_backwards(&self) -> impl Iterator<Item = PastMove> + 'g {
        let current = self.deals_dealt().saturating_sub(1);
        self.history_backwards()
            .take_while(move |past| past.deal == current)
    }

    /// Every card this seat has seen: its hand, the table, and every pile.
    pub fn seen(&self) -> CardSet {
        let players = self.players().get();
        (0..players).fold(self.hand() | self.table(), |seen, seat| {
            seen | self.pile(seat)
        })
    }

    /// Cards this seat has not seen: in other hands or still in the deck.
    pub fn unseen(&self) -> CardSet {
        !self.seen()
    }

    /// Calls `visit` for each of this seat's legal moves when it is to move.
    pub fn try_for_each_legal_move<B>(
        &self,
        visit: impl FnMut(Move) -> ControlFlow<B>,
    ) -> ControlFlow<B> {
        if !self.is_my_turn() {
            return ControlFlow::Continue(());
        }
        self.game.try_for_each_legal_move(visit)
    }
}
