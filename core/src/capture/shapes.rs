//! Legal capture *shapes*: how many cards of each rank a legal capture takes.
//!
//! Every family of disjoint groups is a legal capture, so a walk over multisets of rank
//! [patterns](super::patterns) (each pattern at least as late in the list as the one before)
//! meets every shape, but meets a shape once per way of splitting it: {3,4}+{3,4} and so on.
//! A hash set of shapes seen drops the repeats, and also prunes: a shape met again with no
//! earlier pattern allowed than before has nothing new below it.
//!
//! The set lives in caller-given memory. When a table has more shapes than fit, the shapes
//! are split by hash into buckets, each walked on its own; nothing is ever reported twice,
//! because a bucket's shapes are reported only after its walk completed.

use core::ops::ControlFlow;

use super::patterns::Patterns;
use super::rank_counts::RankCounts;

/// Free slot marker: no shape has a nibble of 15.
const EMPTY: u64 = u64::MAX;
const SHAPE_BITS: u64 = (1 << 52) - 1;
const START_SHIFT: u32 = 56;

/// Calls `report` once for every distinct shape reachable as a sum of `patterns` within
/// `limit`, the empty shape included, using `slots` (at least 2) as the set. Fewer slots
/// cost time, never results.
pub(crate) fn for_each_distinct_shape<B>(
    patterns: &Patterns,
    limit: RankCounts,
    slots: &mut [u64],
    report: &mut dyn FnMut(RankCounts) -> ControlFlow<B>,
) -> ControlFlow<B> {
    let power_of_two = 1usize << (usize::BITS - 1 - slots.len().max(2).leading_zeros());
    walk_bucket(patterns, limit, &mut slots[..power_of_two], 0, 0, report)
}

/// Slots a walk starts with; it grows fourfold on overflow, up to all it was given.
const FIRST_SLOTS: usize = 32;

/// True when two patterns use the same rank, so that two families may have one shape.
pub(crate) fn shares_ranks(patterns: &Patterns) -> bool {
    let (mut used, mut shared) = (0, 0);
    for pattern in patterns {
        let ranks = pattern.ranks_present();
        shared |= used & ranks;
        used |= ranks;
    }
    shared != 0
}

/// Reports the shape of every family of patterns within `limit`: when no two patterns
/// share a rank, these are exactly the distinct shapes.
pub(crate) fn for_each_family<B>(
    patterns: &Patterns,
    limit: RankCounts,
    report: &mut dyn FnMut(RankCounts) -> ControlFlow<B>,
) -> ControlFlow<B> {
    fn walk<B>(
        patterns: &Patterns,
        limit: RankCounts,
        shape: RankCounts,
        start: usize,
        report: &mut dyn FnMut(RankCounts) -> ControlFlow<B>,
    ) -> ControlFlow<B> {
        report(shape)?;
        for (index, pattern) in patterns.iter().enumerate().skip(start) {
            let next = shape.plus(*pattern);
            if next.fits_within(limit) {
                walk(patterns, limit, next, index, report)?;
            }
        }
        ControlFlow::Continue(())
    }
    walk(patterns, limit, RankCounts::ZERO, 0, report)
}

/// Walks the shapes whose hash has `bucket` in its low `depth` bits; on overflow, splits
/// the bucket in two.
fn walk_bucket<B>(
    patterns: &Patterns,
    limit: RankCounts,
    slots: &mut [u64],
    bucket: u64,
    depth: u32,
    report: &mut dyn FnMut(RankCounts) -> ControlFlow<B>,
) -> ControlFlow<B> {
    // Nothing is reported before a walk completes, so an overflowing walk can simply be
    // redone with more slots.
    let mut used = FIRST_SLOTS.min(slots.len());
    loop {
        let mut set = ShapeSet {
            slots: &mut slots[..used],
            len: 0,
            mask: (1u64 << depth) - 1,
            bucket,
        };
        set.slots.fill(EMPTY);
        if set.walk(patterns, limit, RankCounts::ZERO, 0).is_ok() {
            for &entry in set.slots.iter() {
                if entry != EMPTY {
                    report(RankCounts::from_bits(entry & SHAPE_BITS))?;
                }
            }
            return ControlFlow::Continue(());
        }
        if used == slots.len() {
            break;
        }
        used = (used * 4).min(slots.len());
    }
    // The hash is a bijection, so splitting ends by depth 64 at the latest, when every
    // bucket holds one shape and two slots hold it.
    walk_bucket(patterns, limit, slots, bucket, depth + 1, report)?;
    walk_bucket(
        patterns,
        limit,
        slots,
        bucket | 1 << depth,
        depth + 1,
        report,
    )
}

/// The set of shapes met in the current bucket, open addressing.
struct ShapeSet<'s> {
    slots: &'s mut [u64],
    len: usize,
    mask: u64,
    bucket: u64,
}

/// The set is fuller than it may be.
struct Full;

/// A bijection on shapes (SplitMix64's finaliser), so distinct shapes never collide.
fn hash(shape: RankCounts) -> u64 {
    crate::seeding::derive_seed(shape.bits(), 0)
}

impl ShapeSet<'_> {
    /// Visits `shape` (reached with patterns from `start` on still allowed) and, unless
    /// pruned, every shape above it.
    fn walk(
        &mut self,
        patterns: &Patterns,
        limit: RankCounts,
        shape: RankCounts,
        start: usize,
    ) -> Result<(), Full> {
        let hashed = hash(shape);
        if hashed & self.mask == self.bucket && !self.note(shape, hashed, start)? {
            return Ok(());
        }
        for (index, pattern) in patterns.iter().enumerate().skip(start) {
            let next = shape.plus(*pattern);
            if next.fits_within(limit) {
                self.walk(patterns, limit, next, index)?;
            }
        }
        Ok(())
    }

    /// Records `shape` with its `start`; false when it was already met with a start no
    /// later, so its walk can be skipped.
    fn note(&mut self, shape: RankCounts, hashed: u64, start: usize) -> Result<bool, Full> {
        let entry = shape.bits() | (start as u64) << START_SHIFT;
        let last = self.slots.len() - 1;
        let mut index = (hashed >> 32) as usize & last;
        loop {
            let slot = self.slots[index];
            if slot == EMPTY {
                // Keep a quarter free so probes stay short.
                if 4 * (self.len + 1) > 3 * self.slots.len() {
                    return Err(Full);
                }
                self.slots[index] = entry;
                self.len += 1;
                return Ok(true);
            }
            if slot & SHAPE_BITS == shape.bits() {
                if (slot >> START_SHIFT) as usize <= start {
                    return Ok(false);
                }
                self.slots[index] = entry;
                return Ok(true);
            }
            index = (index + 1) & last;
        }
    }
}
