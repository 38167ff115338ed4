//! Statistics over many games: what a match reports per seat.

use crate::players::{PlayerCount, MAX_PLAYERS};
use crate::score::GameResult;

/// One seat's totals over a match.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct SeatTally {
    /// Sum of the seat's game scores.
    pub points: u64,
    /// Sum of the squares of the seat's game scores (for the spread).
    pub points_squared: u64,
    /// Tablas made.
    pub tablas: u64,
    /// Games in which the seat had strictly the most cards (+3).
    pub most_cards: u64,
    /// Games won outright.
    pub wins: u64,
    /// Games in which the seat shared the highest score.
    pub ties: u64,
    /// Games in which another seat scored more.
    pub losses: u64,
}

/// Totals per seat over a series of games with the same number of players.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct MatchTally {
    players: PlayerCount,
    games: u64,
    seats: [SeatTally; MAX_PLAYERS],
}

impl MatchTally {
    /// An empty tally.
    pub const fn new(players: PlayerCount) -> MatchTally {
        MatchTally {
            players,
            games: 0,
            seats: [SeatTally {
                points: 0,
                points_squared: 0,
                tablas: 0,
                most_cards: 0,
                wins: 0,
                ties: 0,
                losses: 0,
            }; MAX_PLAYERS],
        }
    }

    /// Adds one game's result (with the same player count).
    pub fn add(&mut self, result: &GameResult) {
        let leaders = result.leaders();
        let shared = leaders.count_ones() > 1;
        for (index, (tally, seat)) in self.seats.iter_mut().zip(result.seats()).enumerate() {
            let total = seat.total() as u64;
            tally.points += total;
            tally.points_squared += total * total;
            tally.tablas += seat.tablas as u64;
            tally.most_cards += seat.most_cards as u64;
            let leads = leaders & (1 << index) != 0;
            tally.wins += (leads && !shared) as u64;
            tally.ties += (leads && shared) as u64;
            tally.losses += !leads as u64;
        }
        self.games += 1;
    }

    /// Adds another tally (e.g. from another thread) to this one.
    pub fn merge(&mut self, other: &MatchTally) {
        for (mine, theirs) in self.seats.iter_mut().zip(&other.seats) {
            mine.points += theirs.points;
            mine.points_squared += theirs.points_squared;
            mine.tablas += theirs.tablas;
            mine.most_cards += theirs.most_cards;
            mine.wins += theirs.wins;
            mine.ties += theirs.ties;
            mine.losses += theirs.losses;
        }
        self.games += other.games;
    }

    /// The number of players.
    pub const fn players(&self) -> PlayerCount {
        self.players
    }

    /// Games added.
    pub const fn games(&self) -> u64 {
        self.games
    }

    /// Every seat's totals, seat 0 first.
    pub fn seats(&self) -> &[SeatTally] {
        &self.seats[..self.players.get()]
    }

    /// A seat's mean score per game (0 before any game).
    pub fn mean_points(&self, seat: usize) -> f64 {
        match self.seats().get(seat) {
            Some(tally) if self.games > 0 => tally.points as f64 / self.games as f64,
            _ => 0.0,
        }
    }

    /// The sample variance of a seat's score per game (0 before two games).
    pub fn points_variance(&self, seat: usize) -> f64 {
        match self.seats().get(seat) {
            Some(tally) if self.games > 1 => {
                let n = self.games as f64;
                let mean = tally.points as f64 / n;
                ((tally.points_squared as f64 - n * mean * mean) / (n - 1.0)).max(0.0)
            }
            _ => 0.0,
        }
    }
}
