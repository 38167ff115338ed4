//! The named, portable generator behind seeded deals: PCG32 (PCG-XSH-RR 64/32).
//!
//! Seeded games must deal the same cards on every platform and in every version, so the
//! generator, its seeding and the shuffle are all defined here rather than borrowed from a
//! crate whose algorithms may change. It follows M. E. O'Neill's reference
//! `pcg32_srandom_r` / `pcg32_random_r` exactly (checked against the reference's output).

use core::convert::Infallible;

const MULTIPLIER: u64 = 6_364_136_223_846_793_005;

/// PCG32: 64-bit state, 32-bit output, a selectable stream. Implements `rand_core::Rng`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Pcg32 {
    state: u64,
    increment: u64,
}

impl Pcg32 {
    /// The reference seeding: `pcg32_srandom_r(initial_state, stream)`.
    pub const fn new(initial_state: u64, stream: u64) -> Pcg32 {
        let mut rng = Pcg32 {
            state: 0,
            increment: (stream << 1) | 1,
        };
        rng.step();
        rng.state = rng.state.wrapping_add(initial_state);
        rng.step();
        rng
    }

    const fn step(&mut self) {
        self.state = self
            .state
            .wrapping_mul(MULTIPLIER)
            .wrapping_add(self.increment);
    }

    /// The next 32 random bits.
    pub const fn next(&mut self) -> u32 {
        let old = self.state;
        self.step();
        let xorshifted = (((old >> 18) ^ old) >> 27) as u32;
        xorshifted.rotate_right((old >> 59) as u32)
    }
}

impl rand_core::TryRng for Pcg32 {
    type Error = Infallible;

    fn try_next_u32(&mut self) -> Result<u32, Infallible> {
        Ok(self.next())
    }

    fn try_next_u64(&mut self) -> Result<u64, Infallible> {
        let low = self.next() as u64;
        Ok(low | (self.next() as u64) << 32)
    }

    fn try_fill_bytes(&mut self, destination: &mut [u8]) -> Result<(), Infallible> {
        for chunk in destination.chunks_mut(4) {
            let bytes = self.next().to_le_bytes();
            chunk.copy_from_slice(&bytes[..chunk.len()]);
        }
        Ok(())
    }
}

/// A uniform integer in `0..bound` (`bound > 0`) from 32-bit draws, by Lemire's
/// multiply-and-reject method: unbiased, and fixed so that shuffles never change.
pub fn below(rng: &mut impl rand_core::Rng, bound: u32) -> u32 {
    debug_assert!(bound > 0);
    let mut product = rng.next_u32() as u64 * bound as u64;
    // The rejection threshold is below `bound`, so it only needs computing (a division)
    // when the low half is.
    if (product as u32) < bound {
        let threshold = bound.wrapping_neg() % bound;
        while (product as u32) < threshold {
            product = rng.next_u32() as u64 * bound as u64;
        }
    }
    (product >> 32) as u32
}

/// [`below`] for 64-bit bounds (`bound > 0`), from 64-bit draws.
pub fn below_u64(rng: &mut impl rand_core::Rng, bound: u64) -> u64 {
    debug_assert!(bound > 0);
    let mut product = rng.next_u64() as u128 * bound as u128;
    if (product as u64) < bound {
        let threshold = bound.wrapping_neg() % bound;
        while (product as u64) < threshold {
            product = rng.next_u64() as u128 * bound as u128;
        }
    }
    (product >> 64) as u64
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn matches_the_reference_implementation() {
        // pcg32-demo: pcg32_srandom_r(&rng, 42u, 54u), first six outputs.
        let mut rng = Pcg32::new(42, 54);
        let expected = [
            0xa15c02b7, 0x7b47f409, 0xba1d3330, 0x83d2f293, 0xbfa4784b, 0xcbed606e,
        ];
        for value in expected {
            assert_eq!(rng.next(), value);
        }
    }

    #[test]
    fn below_stays_in_range_and_hits_every_value() {
        let mut rng = Pcg32::new(7, 0);
        let mut seen = [false; 13];
        for _ in 0..1000 {
            let value = below(&mut rng, 13);
            seen[value as usize] = true;
        }
        assert!(seen.iter().all(|&hit| hit));
    }
}
