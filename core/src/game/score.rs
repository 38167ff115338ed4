//! Scoring a finished game: card points, tablas, and the +3 for strictly the most cards.

use crate::dealing::players::{PlayerCount, MAX_PLAYERS};
use crate::CardSet;

/// Bonus for holding strictly the most cards.
pub const MOST_CARDS_BONUS: u32 = 3;

/// One seat's result.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct SeatResult {
    /// Points of the cards in the seat's pile (22 in the deck).
    pub card_points: u32,
    /// Sweeps: captures that emptied the table.
    pub tablas: u32,
    /// Cards in the seat's pile.
    pub cards: u32,
    /// True when the seat holds strictly the most cards (worth [`MOST_CARDS_BONUS`]).
    pub most_cards: bool,
}

impl SeatResult {
    /// Card points + tablas + the bonus.
    pub const fn total(&self) -> u32 {
        self.card_points + self.tablas + if self.most_cards { MOST_CARDS_BONUS } else { 0 }
    }
}

/// The result of a finished game.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct GameResult {
    players: PlayerCount,
    seats: [SeatResult; MAX_PLAYERS],
}

impl GameResult {
    /// Scores seats from their final piles and tablas.
    pub(crate) fn from_piles(players: PlayerCount, piles: &[CardSet], tablas: &[u8]) -> Self {
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
        let counted = &mut seats[..players.get()];
        let most = counted.iter().map(|seat| seat.cards).max().unwrap_or(0);
        let mut holders = counted.iter_mut().filter(|seat| seat.cards == most);
        if let (Some(only), None) = (holders.next(), holders.next()) {
            only.most_cards = true;
        }
        GameResult { players, seats }
    }

    /// How many played.
    pub const fn players(&self) -> PlayerCount {
        self.players
    }

    /// Every seat's result, seat 0 first.
    pub fn seats(&self) -> &[SeatResult] {
        &self.seats[..self.players.get()]
    }

    /// One seat's total score.
    pub fn total(&self, seat: usize) -> u32 {
        self.seats().get(seat).map_or(0, SeatResult::total)
    }

    /// The seats with the highest total, as a bit mask (bit `i` for seat `i`): one bit for
    /// a win, several for a tie.
    pub fn leaders(&self) -> u64 {
        let best = self
            .seats()
            .iter()
            .map(SeatResult::total)
            .max()
            .unwrap_or(0);
        self.seats()
            .iter()
            .enumerate()
            .filter(|(_, seat)| seat.total() == best)
            .fold(0, |mask, (index, _)| mask | 1 << index)
    }

    /// The winning seat, or `None` for a tie.
    pub fn winner(&self) -> Option<usize> {
        let leaders = self.leaders();
        (leaders.count_ones() == 1).then(|| leaders.trailing_zeros() as usize)
    }
}
