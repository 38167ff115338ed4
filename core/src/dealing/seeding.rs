//! How one match seed becomes the seed of every game and every bot in it.
//!
//! Seeds are derived, never drawn in sequence, so game `i` of a match is the same game
//! whichever thread plays it and however many games come before it.

/// The seed of child `index` of `parent` (a game of a match, a seat of a game): SplitMix64's
/// finaliser over the pair, so nearby indices give unrelated seeds.
pub const fn derive_seed(parent: u64, index: u64) -> u64 {
    mix(parent.wrapping_add(index.wrapping_add(1).wrapping_mul(0x9E37_79B9_7F4A_7C15)))
}

/// SplitMix64's finaliser: a cheap, well-mixing bijection on words (the solver hashes with
/// it too).
pub(crate) const fn mix(mut z: u64) -> u64 {
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

#[cfg(test)]
mod tests {
    use super::derive_seed;

    #[test]
    fn is_fixed_and_spreads() {
        // SplitMix64 from state 0: its first output is 0xE220A8397B1DCDAF.
        assert_eq!(derive_seed(0, 0), 0xE220_A839_7B1D_CDAF);
        assert_ne!(derive_seed(1, 0), derive_seed(0, 1));
    }
}
