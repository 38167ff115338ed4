//! The capture benches' fixed positions, shared with the C API's bench
//! (`ffi-c/benches/captures.rs`) so both time the same work.

use tablic_core::dealing::seeding::derive_seed;
use tablic_core::{Card, CardSet, Deck};

/// Positions per table size.
pub const POSITIONS: u64 = 1000;

/// Position `p` is dealt from `Deck::from_seed(derive_seed(0xBE7C, p))`: the table is its
/// first `size` cards and the played card the next one.
pub fn positions(size: usize) -> Vec<(CardSet, Card)> {
    (0..POSITIONS)
        .map(|p| {
            let deck = Deck::from_seed(derive_seed(0xBE7C, p));
            let table = deck.cards()[..size].iter().copied().collect();
            (table, deck.cards()[size])
        })
        .collect()
}
