//! Scoring a finished game: card points, tablas, and the +3 for strictly the most cards,
//! by side: a side pools its seats' piles and tablas, and the +3 goes to the side with
//! strictly the most cards. When everyone plays alone, a side is its seat.

use crate::dealing::players::{PlayerCount, MAX_PLAYERS};
use crate::game::rules::Rules;
use crate::CardSet;

/// Bonus for holding strictly the most cards.
pub const MOST_CARDS_BONUS: u32 = 3;

/// One seat's result, or one side's ([`SideResult`]).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct SeatResult {
    /// Points of the cards in the seat's pile (22 in the deck).
    pub card_points: u32,
    /// Sweeps: captures that emptied the table.
    pub tablas: u32,
    /// Cards in the seat's pile.
    pub cards: u32,
    /// True when the seat holds strictly the most cards (worth [`MOST_CARDS_BONUS`]). In
    /// a game of sides the bonus is the side's, and no seat's share holds it.
    pub most_cards: bool,
}

/// One side's result: its seats' card points, tablas and cards added up, and the bonus
/// when the side holds strictly the most cards.
pub type SideResult = SeatResult;

impl SeatResult {
    /// Card points + tablas + the bonus.
    pub const fn total(&self) -> u32 {
        self.card_points + self.tablas + if self.most_cards { MOST_CARDS_BONUS } else { 0 }
    }
}

/// The result of a finished game: each side's score, and each seat's share of it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct GameResult {
    players: PlayerCount,
    rules: Rules,
    seats: [SeatResult; MAX_PLAYERS],
    /// The side with strictly the most cards, if one has.
    most_cards: Option<u8>,
}

impl GameResult {
    /// Scores the sides of `rules` (checked by the caller) from their seats' final piles
    /// and tablas.
    pub(crate) fn from_piles(
        players: PlayerCount,
        rules: Rules,
        piles: &[CardSet],
        tablas: &[u8],
    ) -> Self {
        let mut seats = [SeatResult::default(); MAX_PLAYERS];
        let players_piles = piles.iter().zip(tablas).take(players.get());
        for (seat, (pile, &sweeps)) in seats.iter_mut().zip(players_piles) {
            *seat = SeatResult {
                card_points: pile.points(),
                tablas: sweeps as u32,
                cards: pile.len() as u32,
                most_cards: false,
            };
        }
        let mut result = GameResult {
            players,
            rules,
            seats,
            most_cards: None,
        };
        let sides = rules.side_count(players);
        let cards = |side| result.side_sum(side, |seat| seat.cards);
        let most = (0..sides).map(cards).max().unwrap_or(0);
        let mut holders = (0..sides).filter(|&side| cards(side) == most);
        let only = match (holders.next(), holders.next()) {
            (Some(only), None) => Some(only),
            _ => None,
        };
        if let Some(only) = only {
            result.most_cards = Some(only as u8);
            if rules.is_everyone_alone() {
                result.seats[only].most_cards = true;
            }
        }
        result
    }

    /// The sum of `count` over `side`'s seats.
    fn side_sum(&self, side: usize, count: impl Fn(&SeatResult) -> u32) -> u32 {
        let step = self.side_count();
        self.seats()
            .iter()
            .skip(side)
            .step_by(step)
            .map(count)
            .sum()
    }

    /// How many played.
    pub const fn players(&self) -> PlayerCount {
        self.players
    }

    /// The rules the game was played under.
    pub const fn rules(&self) -> Rules {
        self.rules
    }

    /// Every seat's result, seat 0 first: with everyone alone its score, in a game of
    /// sides its share of its side's (without the bonus, which is the side's).
    pub fn seats(&self) -> &[SeatResult] {
        &self.seats[..self.players.get()]
    }

    /// One seat's total: its score, or in a game of sides its share.
    pub fn total(&self, seat: usize) -> u32 {
        self.seats().get(seat).map_or(0, SeatResult::total)
    }

    /// How many sides played (the players, when everyone plays alone).
    pub const fn side_count(&self) -> usize {
        self.rules.side_count(self.players)
    }

    /// The side `seat` played for.
    pub const fn side_of(&self, seat: usize) -> usize {
        self.rules.side_of(self.players, seat)
    }

    /// One side's result: its seats' counts added up, and the bonus if it is the side's.
    /// A side that did not play has an empty result.
    pub fn side(&self, side: usize) -> SideResult {
        if side >= self.side_count() {
            return SideResult::default();
        }
        if self.rules.is_everyone_alone() {
            // A side is its seat, the bonus marked on it.
            return self.seats[side];
        }
        SideResult {
            card_points: self.side_sum(side, |seat| seat.card_points),
            tablas: self.side_sum(side, |seat| seat.tablas),
            cards: self.side_sum(side, |seat| seat.cards),
            most_cards: self.most_cards == Some(side as u8),
        }
    }

    /// One side's total score.
    pub fn side_total(&self, side: usize) -> u32 {
        self.side(side).total()
    }

    /// The sides with the highest total, as a bit mask (bit `i` for side `i`): one bit
    /// for a win, several for a tie. When everyone plays alone, side `i` is seat `i`.
    pub fn leaders(&self) -> u64 {
        let sides = self.side_count();
        let best = (0..sides)
            .map(|side| self.side_total(side))
            .max()
            .unwrap_or(0);
        (0..sides)
            .filter(|&side| self.side_total(side) == best)
            .fold(0, |mask, side| mask | 1 << side)
    }

    /// The winning side (the winning seat when everyone plays alone), or `None` for a tie.
    pub fn winner(&self) -> Option<usize> {
        let leaders = self.leaders();
        (leaders.count_ones() == 1).then(|| leaders.trailing_zeros() as usize)
    }
}
