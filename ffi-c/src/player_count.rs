//! The player count a C caller passes, checked once for every function that takes one.

use tablic_core::PlayerCount;

use crate::result::tablic_result;

/// The player count, or `InvalidPlayerCount`.
pub(crate) fn player_count(players: u32) -> Result<PlayerCount, tablic_result> {
    PlayerCount::new(players as usize).map_err(|_| tablic_result::InvalidPlayerCount)
}
