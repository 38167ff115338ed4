//! The search's compact state: what the searching seat knows, played forward and back.
//!
//! Moves are made and unmade in place ([`Position::play`], [`Position::undo`]) rather than
//! copied, so a search as deep as a whole deal of 48 players keeps one state, not 48.

use crate::bots::minimax::score::Score;
use crate::cards::card_class::{CardClass, ClassSet};
use crate::dealing::players::MAX_PLAYERS;
use crate::game::moves::Move;
use crate::game::score::MOST_CARDS_BONUS;
use crate::game::view::PlayerView;
use crate::{Card, CardSet};

/// One seat's view of a game during the search. Opponents' hands are unknown: the cards
/// they may play come from `pool`, the cards the searching seat has not seen, and the turn
/// order says who plays until `moves_left` reaches the end of the deal.
#[derive(Clone, Debug)]
pub(super) struct Position {
    players: usize,
    me: usize,
    last_deal: bool,
    table: CardSet,
    hand: CardSet,
    pool: CardSet,
    to_move: usize,
    moves_left: usize,
    last_capturer: Option<usize>,
    points: [u8; MAX_PLAYERS],
    cards: [u8; MAX_PLAYERS],
    hands: [u8; MAX_PLAYERS],
    lacking: [ClassSet; MAX_PLAYERS],
}

/// What [`Position::play`] needs to be undone.
#[derive(Clone, Copy, Debug)]
pub(super) struct Undo {
    seat: usize,
    played: Move,
    tabla: bool,
    last_capturer: Option<usize>,
    lacking: ClassSet,
}

impl Position {
    /// The position `view`'s seat is in, with the classes each seat probably lacks.
    pub(super) fn new(view: &PlayerView<'_>, lacking: [ClassSet; MAX_PLAYERS]) -> Position {
        let players = view.players().get();
        let mut position = Position {
            players,
            me: view.seat(),
            last_deal: view.is_last_deal(),
            table: view.table(),
            hand: view.hand(),
            pool: view.unseen(),
            to_move: view.to_move().unwrap_or(view.seat()),
            moves_left: 0,
            last_capturer: view.last_capturer(),
            points: [0; MAX_PLAYERS],
            cards: [0; MAX_PLAYERS],
            hands: [0; MAX_PLAYERS],
            lacking,
        };
        for seat in 0..players {
            let pile = view.pile(seat);
            position.points[seat] = (pile.points() + view.tablas(seat)) as u8;
            position.cards[seat] = pile.len() as u8;
            position.moves_left += view.hand_size(seat);
            position.hands[seat] = view.hand_size(seat) as u8;
        }
        position
    }

    /// Seats in the game.
    pub(super) const fn players(&self) -> usize {
        self.players
    }

    /// Moves left in this deal.
    pub(super) const fn moves_left(&self) -> usize {
        self.moves_left
    }

    /// The seat to move.
    pub(super) const fn to_move(&self) -> usize {
        self.to_move
    }

    /// True when the searching seat is to move.
    pub(super) const fn is_mine(&self) -> bool {
        self.to_move == self.me
    }

    /// True in the last deal: nothing is left to deal, so nothing is guessed any more.
    pub(super) const fn is_last_deal(&self) -> bool {
        self.last_deal
    }

    /// True when every hand of this deal is played out.
    pub(super) const fn deal_is_over(&self) -> bool {
        self.moves_left == 0
    }

    /// The table.
    pub(super) const fn table(&self) -> CardSet {
        self.table
    }

    /// The searching seat's hand.
    pub(super) const fn hand(&self) -> CardSet {
        self.hand
    }

    /// The cards the searching seat has not seen and no one has played in the line searched.
    pub(super) const fn pool(&self) -> CardSet {
        self.pool
    }

    /// Cards `seat` holds at this point of the line.
    pub(super) const fn hand_size(&self, seat: usize) -> usize {
        self.hands[seat] as usize
    }

    /// The classes an opponent may play: those with an unseen card, less those it probably
    /// lacks. When the guesses leave nothing, they are wrong, and every unseen class counts.
    pub(super) fn candidate_classes(&self, seat: usize) -> ClassSet {
        let present = ClassSet::of_cards(self.pool);
        let allowed = present.difference(self.lacking[seat]);
        if allowed.is_empty() {
            present
        } else {
            allowed
        }
    }

    /// Plays `played` for the seat to move, which is then also assumed to lack `outclassed`
    /// (never the class it just played).
    pub(super) fn play(&mut self, played: Move, outclassed: ClassSet) -> Undo {
        let seat = self.to_move;
        let undo = Undo {
            seat,
            played,
            tabla: played.capture == self.table && !played.capture.is_empty(),
            last_capturer: self.last_capturer,
            lacking: self.lacking[seat],
        };
        if seat == self.me {
            self.hand = self.hand.without(played.card);
        } else {
            self.pool = self.pool.without(played.card);
        }
        self.lacking[seat] = self.lacking[seat]
            .union(outclassed)
            .difference(ClassSet::single(CardClass::of(played.card)));
        if played.capture.is_empty() {
            self.table = self.table.with(played.card);
        } else {
            self.table -= played.capture;
            self.cards[seat] += played.capture.len() as u8 + 1;
            self.points[seat] += taken_points(played.card, played.capture) + undo.tabla as u8;
            self.last_capturer = Some(seat);
        }
        self.to_move = (seat + 1) % self.players;
        self.moves_left -= 1;
        self.hands[seat] -= 1;
        undo
    }

    /// Takes back the move `undo` came from; moves are undone last first.
    pub(super) fn undo(&mut self, undo: Undo) {
        let Undo {
            seat,
            played,
            tabla,
            last_capturer,
            lacking,
        } = undo;
        if played.capture.is_empty() {
            self.table = self.table.without(played.card);
        } else {
            self.table |= played.capture;
            self.cards[seat] -= played.capture.len() as u8 + 1;
            self.points[seat] -= taken_points(played.card, played.capture) + tabla as u8;
        }
        if seat == self.me {
            self.hand = self.hand.with(played.card);
        } else {
            self.pool = self.pool.with(played.card);
        }
        self.lacking[seat] = lacking;
        self.last_capturer = last_capturer;
        self.to_move = seat;
        self.moves_left += 1;
        self.hands[seat] += 1;
    }

    /// The searching seat's [`Score`]. At the end of the game the table first goes to the
    /// last capturer and the bonus to the seat with strictly the most cards, as in the game.
    pub(super) fn score(&self) -> Score {
        let over = self.last_deal && self.deal_is_over();
        let settled = if over { self.last_capturer } else { None };
        let (mut own, mut total) = ((0, 0), (0, 0));
        // The most cards held, and the only seat holding them (`None` for a tie).
        let mut most = (-1, None);
        for seat in 0..self.players {
            let mut points = self.points[seat] as i32;
            let mut cards = self.cards[seat] as i32;
            if settled == Some(seat) {
                points += self.table.points() as i32;
                cards += self.table.len() as i32;
            }
            if seat == self.me {
                own = (points, cards);
            }
            total = (total.0 + points, total.1 + cards);
            if cards > most.0 {
                most = (cards, Some(seat));
            } else if cards == most.0 {
                most.1 = None;
            }
        }
        if let (true, Some(holder)) = (over, most.1) {
            let bonus = MOST_CARDS_BONUS as i32;
            total.0 += bonus;
            own.0 += if holder == self.me { bonus } else { 0 };
        }
        let seats = self.players as i32;
        let points = seats * own.0 - total.0;
        let cards = seats * own.1 - total.1;
        if over {
            Score::of_result(points, cards)
        } else {
            Score::estimate(points, cards)
        }
    }

    /// True when the move to come ends the game: its value needs the table given away.
    pub(super) const fn last_move_of_game(&self) -> bool {
        self.last_deal && self.moves_left == 1
    }

    /// How much the seat to move raises its own [`Score::estimate`] by playing `card` and
    /// taking `capture` (0 for a discard): its points, any tabla, its cards.
    pub(super) fn gain(&self, card: Card, capture: CardSet) -> i32 {
        if capture.is_empty() {
            return 0;
        }
        let tabla = (capture == self.table) as i32;
        let points = taken_points(card, capture) as i32 + tabla;
        Score::POINT * points + Score::CARD * (capture.len() as i32 + 1)
    }

    /// How a gain of `gain` for `seat` changes the searching seat's [`Score::estimate`]:
    /// all of it, times the other seats, for itself; minus it for another seat.
    pub(super) fn effect(&self, seat: usize, gain: i32) -> i32 {
        if seat == self.me {
            (self.players as i32 - 1) * gain
        } else {
            -gain
        }
    }
}

/// Points a capture puts in the pile: the captured cards and the played card.
fn taken_points(card: Card, capture: CardSet) -> u8 {
    (capture.points() + card.points() as u32) as u8
}
