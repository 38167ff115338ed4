//! The search's compact state: what the searching seat knows, played forward and back.
//!
//! Moves are made and unmade in place ([`Position::play`], [`Position::undo`]) rather than
//! copied, so a search as deep as a whole deal of 48 players keeps one state, not 48.

use crate::bots::minimax::score::Score;
use crate::cards::card_class::{CardClass, ClassSet};
use crate::dealing::players::MAX_PLAYERS;
use crate::game::moves::Move;
use crate::game::rules::{FinalTabla, Leftovers, Rules};
use crate::game::score::MOST_CARDS_BONUS;
use crate::game::view::PlayerView;
use crate::{Card, CardSet};

/// One seat's view of a game during the search. The other hands, a partner's too, are
/// unknown: the cards they may play come from `pool`, the cards the searching seat has not
/// seen, and the turn order says who plays until `moves_left` reaches the end of the deal.
#[derive(Clone, Debug)]
pub(super) struct Position {
    players: usize,
    /// Sides in the game: seat `s` plays for side `s % sides`.
    sides: usize,
    rules: Rules,
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
        let rules = view.rules();
        let mut position = Position {
            players,
            sides: rules.side_count(view.players()),
            rules,
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

    /// True when `seat` plays for the searching seat's side: itself or a partner.
    pub(super) const fn is_on_my_side(&self, seat: usize) -> bool {
        seat % self.sides == self.me % self.sides
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
            tabla: self.is_tabla(played.capture),
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

    /// True when taking `capture` from the table now is a tabla: it empties the table, and
    /// it is not the game's last move under the house rule that such a tabla scores nothing.
    fn is_tabla(&self, capture: CardSet) -> bool {
        capture == self.table
            && !capture.is_empty()
            && !(self.last_move_of_game() && self.rules.final_tabla == FinalTabla::DoesNotCount)
    }

    /// The searching seat's [`Score`], by sides (a side is its seat when everyone plays
    /// alone). At the end of the game the table first goes to the last capturer (or by
    /// the house rule to the last player) and the bonus to the side with strictly the most
    /// cards, as in the game.
    pub(super) fn score(&self) -> Score {
        let over = self.last_deal && self.deal_is_over();
        let settled = match (over, self.rules.leftovers) {
            (false, _) => None,
            (true, Leftovers::LastCapturer) => self.last_capturer,
            (true, Leftovers::LastPlayer) => Some(self.players - 1),
        };
        let mine = self.me % self.sides;
        let (mut own, mut total) = ((0, 0), (0, 0));
        // The most cards held, and the only side holding them (`None` for a tie).
        let mut most = (-1, None);
        for side in 0..self.sides {
            let (mut points, mut cards) = (0, 0);
            let mut seat = side;
            while seat < self.players {
                points += self.points[seat] as i32;
                cards += self.cards[seat] as i32;
                if settled == Some(seat) {
                    points += self.table.points() as i32;
                    cards += self.table.len() as i32;
                }
                seat += self.sides;
            }
            if side == mine {
                own = (points, cards);
            }
            total = (total.0 + points, total.1 + cards);
            if cards > most.0 {
                most = (cards, Some(side));
            } else if cards == most.0 {
                most.1 = None;
            }
        }
        if let (true, Some(holder)) = (over, most.1) {
            let bonus = MOST_CARDS_BONUS as i32;
            total.0 += bonus;
            own.0 += if holder == mine { bonus } else { 0 };
        }
        let sides = self.sides as i32;
        let points = sides * own.0 - total.0;
        let cards = sides * own.1 - total.1;
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
        let tabla = self.is_tabla(capture) as i32;
        let points = taken_points(card, capture) as i32 + tabla;
        Score::POINT * points + Score::CARD * (capture.len() as i32 + 1)
    }

    /// How a gain of `gain` for `seat` changes the searching seat's [`Score::estimate`]:
    /// all of it, times the other sides, for its own side; minus it for another side.
    pub(super) fn effect(&self, seat: usize, gain: i32) -> i32 {
        if self.is_on_my_side(seat) {
            (self.sides as i32 - 1) * gain
        } else {
            -gain
        }
    }
}

/// Points a capture puts in the pile: the captured cards and the played card.
fn taken_points(card: Card, capture: CardSet) -> u8 {
    (capture.points() + card.points() as u32) as u8
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::dealing::players::PlayerCount;
    use crate::game::Game;

    /// A four-player game under `rules` after `plies` moves, each the last legal one (a
    /// capture when there is one).
    fn played(rules: Rules, plies: usize) -> Game {
        let mut game = Game::from_seed_with_rules(PlayerCount::new(4).unwrap(), rules, 12).unwrap();
        for _ in 0..plies {
            let mut last = None;
            game.for_each_legal_move(|legal| last = Some(legal));
            game.play(last.unwrap()).unwrap();
        }
        game
    }

    #[test]
    fn a_partners_pile_counts_for_the_side() {
        let game = played(Rules::PAIRS, 21);
        let view = game.view(0).unwrap();
        let position = Position::new(&view, [ClassSet::EMPTY; MAX_PLAYERS]);
        let count = |seat: usize| {
            let pile = game.pile(seat);
            (
                (pile.points() + game.tablas(seat)) as i32,
                pile.len() as i32,
            )
        };
        let side = |first: usize| {
            let (a, b) = (count(first), count(first + 2));
            (a.0 + b.0, a.1 + b.1)
        };
        let (own, theirs) = (side(0), side(1));
        assert!(own.1 > 0 && theirs.1 > 0, "both sides have captured");
        // Two sides: 2 × own − (own + theirs) = own − theirs.
        let expected = Score::estimate(own.0 - theirs.0, own.1 - theirs.1);
        assert_eq!(position.score(), expected);
        // A gain of the partner's is the side's, one of an opponent's is lost.
        assert!(position.is_on_my_side(2) && !position.is_on_my_side(1));
        assert_eq!(position.effect(2, 64), 64);
        assert_eq!(position.effect(3, 64), -64);

        // The same cards everyone alone: seat 0's own pile against the others' mean.
        let alone = played(Rules::ORIGINAL, 21);
        let position = Position::new(&alone.view(0).unwrap(), [ClassSet::EMPTY; MAX_PLAYERS]);
        let all = (0..4)
            .map(count)
            .fold((0, 0), |sum, c| (sum.0 + c.0, sum.1 + c.1));
        let mine = count(0);
        let expected = Score::estimate(4 * mine.0 - all.0, 4 * mine.1 - all.1);
        assert_eq!(position.score(), expected);
        assert_eq!(position.effect(2, 64), -64);
    }

    #[test]
    fn the_house_rules_settle_the_end_as_the_game_does() {
        // Play to the last move, then value each move there as the game scores it.
        for rules in [
            Rules::ORIGINAL,
            Rules::PAIRS,
            Rules {
                leftovers: Leftovers::LastPlayer,
                final_tabla: FinalTabla::DoesNotCount,
                ..Rules::PAIRS
            },
        ] {
            let game = played(rules, 47);
            let view = game.view(3).unwrap();
            let mut position = Position::new(&view, [ClassSet::EMPTY; MAX_PLAYERS]);
            game.for_each_legal_move(|legal| {
                let mut after = game.clone();
                after.play(legal).unwrap();
                let result = after.result().unwrap();
                let undo = position.play(legal, ClassSet::EMPTY);
                let sides = result.side_count() as i32;
                let mine = result.side_of(3);
                let total: i32 = (0..result.side_count())
                    .map(|side| result.side_total(side) as i32)
                    .sum();
                let cards: i32 = (0..result.side_count())
                    .map(|side| result.side(side).cards as i32)
                    .sum();
                let expected = Score::of_result(
                    sides * result.side_total(mine) as i32 - total,
                    sides * result.side(mine).cards as i32 - cards,
                );
                assert_eq!(position.score(), expected, "{rules:?} {legal}");
                position.undo(undo);
            });
        }
    }
}
