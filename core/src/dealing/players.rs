//! How many play, and what that means for the deal.

use core::fmt;

/// The most players a game can have: 48 players get one card each.
pub const MAX_PLAYERS: usize = 48;

/// Cards dealt to the table at the start.
pub const TABLE_CARDS: usize = 4;

/// Most cards a player is dealt at once.
pub const MAX_HAND: usize = 6;

/// A valid number of players: a divisor of 48 greater than 1.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct PlayerCount(u8);

/// A player count that is not a divisor of 48 greater than 1.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct InvalidPlayerCount(pub usize);

impl fmt::Display for InvalidPlayerCount {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let plural = if self.0 == 1 { "" } else { "s" };
        write!(f, "a game cannot have {} player{plural} (use ", self.0)?;
        let last = PlayerCount::ALL.len() - 1;
        for (i, count) in PlayerCount::ALL.iter().enumerate() {
            let separator = match i {
                0 => "",
                _ if i == last => " or ",
                _ => ", ",
            };
            write!(f, "{separator}{}", count.get())?;
        }
        f.write_str(")")
    }
}

impl core::error::Error for InvalidPlayerCount {}

impl PlayerCount {
    /// Every valid count.
    pub const ALL: [PlayerCount; 9] = [
        PlayerCount(2),
        PlayerCount(3),
        PlayerCount(4),
        PlayerCount(6),
        PlayerCount(8),
        PlayerCount(12),
        PlayerCount(16),
        PlayerCount(24),
        PlayerCount(48),
    ];

    /// Two players, the usual game.
    pub const TWO: PlayerCount = PlayerCount(2);

    /// `count` players, if that is a valid number.
    pub const fn new(count: usize) -> Result<PlayerCount, InvalidPlayerCount> {
        if count > 1 && count <= MAX_PLAYERS && MAX_PLAYERS % count == 0 {
            Ok(PlayerCount(count as u8))
        } else {
            Err(InvalidPlayerCount(count))
        }
    }

    /// The number of players.
    pub const fn get(self) -> usize {
        self.0 as usize
    }

    /// Cards each player gets in a deal when `undealt` cards are left in the deck: up to six
    /// passes, stopping after the pass that empties it.
    pub const fn hand_size(self, undealt: usize) -> usize {
        let passes = undealt / self.0 as usize;
        if passes < MAX_HAND {
            passes
        } else {
            MAX_HAND
        }
    }

    /// Where the deal schedule stands after `plies` moves (at most
    /// [`MOVES_PER_GAME`](crate::MOVES_PER_GAME); after the last move of a deal that is not
    /// the last, the next deal has been dealt).
    pub const fn deal_at(self, plies: usize) -> DealPoint {
        let players = self.0 as usize;
        let (mut deal, mut start, mut undealt) = (0, 0, 52 - TABLE_CARDS);
        loop {
            let hand_size = self.hand_size(undealt);
            undealt -= hand_size * players;
            if plies < start + hand_size * players || undealt == 0 {
                return DealPoint {
                    deal,
                    start,
                    hand_size,
                    undealt,
                    players,
                    plies,
                };
            }
            start += hand_size * players;
            deal += 1;
        }
    }

    /// How many deals a game has.
    pub const fn deals(self) -> usize {
        let mut undealt = 52 - TABLE_CARDS;
        let mut deals = 0;
        while undealt > 0 {
            undealt -= self.hand_size(undealt) * self.0 as usize;
            deals += 1;
        }
        deals
    }
}

impl fmt::Display for PlayerCount {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.0)
    }
}

/// A point of the deal schedule ([`PlayerCount::deal_at`]): the deal under way and what it
/// means for every hand, known from the number of moves alone.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct DealPoint {
    /// The deal under way, 0 for the first.
    pub deal: usize,
    /// Moves made before it.
    pub start: usize,
    /// Cards each seat was dealt in it.
    pub hand_size: usize,
    /// Cards left in the deck once it was dealt.
    pub undealt: usize,
    players: usize,
    plies: usize,
}

impl DealPoint {
    /// Cards `seat` holds at this point: seat 0 leads every deal.
    pub const fn hand_size_of(&self, seat: usize) -> usize {
        let moves = self.plies - self.start;
        let played = moves / self.players + (seat < moves % self.players) as usize;
        self.hand_size - played
    }

    /// The seat to move, or `None` when every card has been played.
    pub const fn to_move(&self) -> Option<usize> {
        if self.undealt == 0 && self.plies == self.start + self.hand_size * self.players {
            None
        } else {
            Some((self.plies - self.start) % self.players)
        }
    }
}
