//! Legal capture *shapes*: how many cards of each rank a legal capture takes.
//!
//! Every family of disjoint groups is a legal capture, so a walk over multisets of rank
//! [patterns](super::patterns) (each pattern at least as late in the list as the one before)
//! meets every shape, but meets a shape once per way of splitting it: {3,4}+{3,4} and so on.
//! A hash set of shapes seen drops the repeats, and also prunes: a shape met again with no
//! earlier pattern allowed than before has nothing new below it.
//!
//! The set lives in caller-given memory, or on the stack in sizes that grow only when the
//! one before overflowed. When a table has more shapes than fit, the shapes are split into
//! *regions* by their counts of the highest ranks, each walked on its own; nothing is ever
//! reported twice, because a region's shapes are reported only after its walk completed.
//! With the patterns sorted highest rank first, a region's walk leaves every other region
//! as soon as the patterns that reach its ranks are behind it, so a crowded table costs
//! about one walk per shape, not one per region.

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
    walk_whole(
        patterns,
        limit,
        &mut slots[..power_of_two],
        FIRST_SLOTS,
        report,
    )
}

/// [`for_each_distinct_shape`] with the set on the stack: `FIRST_SLOTS` slots, then four
/// times as many, then `MOST` (a power of two) only when those are too few, since clearing
/// 4 KiB at every call would cost a small table more than its whole search. The same
/// shapes in the same order.
pub(crate) fn for_each_distinct_shape_on_stack<B, const MOST: usize>(
    patterns: &Patterns,
    limit: RankCounts,
    report: &mut dyn FnMut(RankCounts) -> ControlFlow<B>,
) -> ControlFlow<B> {
    let first = &mut [EMPTY; FIRST_SLOTS];
    if let Some(flow) = walk_region(patterns, limit, first, Region::WHOLE, FIRST_SLOTS, report) {
        return flow;
    }
    if MOST > 4 * FIRST_SLOTS {
        if let Some(flow) = walk_second(patterns, limit, report) {
            return flow;
        }
    }
    walk_on_stack::<B, MOST>(patterns, limit, report)
}

/// The second try of [`for_each_distinct_shape_on_stack`]. This one and the last are never
/// inlined, so that their slots take stack only on the tables that need them.
#[inline(never)]
fn walk_second<B>(
    patterns: &Patterns,
    limit: RankCounts,
    report: &mut dyn FnMut(RankCounts) -> ControlFlow<B>,
) -> Option<ControlFlow<B>> {
    let second = &mut [EMPTY; 4 * FIRST_SLOTS];
    walk_region(
        patterns,
        limit,
        second,
        Region::WHOLE,
        4 * FIRST_SLOTS,
        report,
    )
}

/// The last try of [`for_each_distinct_shape_on_stack`]: all of `MOST` at once (or the
/// regions of a crowded table).
#[inline(never)]
fn walk_on_stack<B, const MOST: usize>(
    patterns: &Patterns,
    limit: RankCounts,
    report: &mut dyn FnMut(RankCounts) -> ControlFlow<B>,
) -> ControlFlow<B> {
    walk_whole(
        patterns,
        limit,
        &mut [EMPTY; MOST],
        16 * FIRST_SLOTS,
        report,
    )
}

/// Walks every shape, with `from` slots first; most tables fit at once, walked in the
/// patterns' own order.
fn walk_whole<B>(
    patterns: &Patterns,
    limit: RankCounts,
    slots: &mut [u64],
    from: usize,
    report: &mut dyn FnMut(RankCounts) -> ControlFlow<B>,
) -> ControlFlow<B> {
    if let Some(flow) = walk_region(patterns, limit, slots, Region::WHOLE, from, report) {
        return flow;
    }
    walk_crowded(patterns, limit, slots, report)
}

/// The shapes of a table that outgrew the slots, region by region. Never inlined, so that
/// the sorted copy of the patterns (800 bytes) takes stack only on crowded tables.
#[inline(never)]
fn walk_crowded<B>(
    patterns: &Patterns,
    limit: RankCounts,
    slots: &mut [u64],
    report: &mut dyn FnMut(RankCounts) -> ControlFlow<B>,
) -> ControlFlow<B> {
    // Larger bits first is highest rank first: the patterns that reach a region's ranks
    // come before all the others. An insertion sort: at most 99 patterns, and little code
    // for the firmware.
    let mut sorted = patterns.clone();
    for next in 1..sorted.len() {
        let mut at = next;
        while at > 0 && sorted[at - 1].bits() < sorted[at].bits() {
            sorted.swap(at - 1, at);
            at -= 1;
        }
    }
    split_region(&sorted, limit, slots, Region::WHOLE, report)
}

/// Slots a walk starts with; it grows fourfold on overflow, up to all it was given.
const FIRST_SLOTS: usize = 32;

/// The shapes whose counts of the ranks from some rank up are given: the rest are free.
#[derive(Clone, Copy, Debug)]
struct Region {
    /// The nibbles of the fixed ranks: every rank from the lowest fixed one up.
    fixed: u64,
    /// The counts of those ranks (zero elsewhere).
    counts: u64,
}

impl Region {
    const WHOLE: Region = Region {
        fixed: 0,
        counts: 0,
    };

    fn holds(self, shape: RankCounts) -> bool {
        shape.bits() & self.fixed == self.counts
    }

    /// `limit` with the fixed ranks capped at their counts.
    fn limit(self, limit: RankCounts) -> RankCounts {
        RankCounts::from_bits(limit.bits() & !self.fixed | self.counts)
    }
}

/// Walks the shapes of `region` and reports them, with `from` slots first; `None` when they
/// outgrew `slots`, with nothing reported.
fn walk_region<B>(
    patterns: &Patterns,
    limit: RankCounts,
    slots: &mut [u64],
    region: Region,
    from: usize,
    report: &mut dyn FnMut(RankCounts) -> ControlFlow<B>,
) -> Option<ControlFlow<B>> {
    // Patterns that reach a fixed rank come first (or, for the whole, every one counts).
    let reaching = patterns
        .iter()
        .take_while(|pattern| region.fixed == 0 || pattern.bits() & region.fixed != 0)
        .count();
    let mut used = from.min(slots.len());
    loop {
        let mut set = ShapeSet {
            slots: &mut slots[..used],
            len: 0,
            most: 3 * used / 4,
            region,
            reaching,
        };
        set.slots.fill(EMPTY);
        let limit = region.limit(limit);
        let walked = if region.fixed == 0 {
            set.walk::<true>(patterns, limit, RankCounts::ZERO, 0)
        } else {
            set.walk::<false>(patterns, limit, RankCounts::ZERO, 0)
        };
        if walked.is_ok() {
            // Slot order, by a mask of the full slots: a branch per slot would be a guess.
            for chunk in set.slots.chunks(64) {
                let mut full = 0u64;
                for (at, &entry) in chunk.iter().enumerate() {
                    full |= u64::from(entry != EMPTY) << at;
                }
                while full != 0 {
                    let entry = chunk[full.trailing_zeros() as usize];
                    if let flow @ ControlFlow::Break(_) =
                        report(RankCounts::from_bits(entry & SHAPE_BITS))
                    {
                        return Some(flow);
                    }
                    full &= full - 1;
                }
            }
            return Some(ControlFlow::Continue(()));
        }
        if used == slots.len() {
            return None;
        }
        used = (used * 4).min(slots.len());
    }
}

/// Walks `region` (patterns sorted highest rank first), split by the count of the next
/// rank down whenever its shapes outgrow the slots. A region with every rank fixed holds
/// one shape, which always fits.
fn split_region<B>(
    sorted: &Patterns,
    limit: RankCounts,
    slots: &mut [u64],
    region: Region,
    report: &mut dyn FnMut(RankCounts) -> ControlFlow<B>,
) -> ControlFlow<B> {
    if region.fixed != 0 {
        if let Some(flow) = walk_region(sorted, limit, slots, region, FIRST_SLOTS, report) {
            return flow;
        }
    }
    let free = limit.bits() & !region.fixed;
    let Some(rank) = RankCounts::from_bits(free).highest_rank() else {
        return ControlFlow::Continue(());
    };
    let shift = 4 * rank.index() as u32;
    // Every rank from this one up: the ranks above it the table lacks count 0.
    let fixed = !((1u64 << shift) - 1) & SHAPE_BITS;
    for count in 0..=u64::from(limit.count(rank)) {
        let part = Region {
            fixed,
            counts: region.counts | count << shift,
        };
        split_region(sorted, limit, slots, part, report)?;
    }
    ControlFlow::Continue(())
}

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

/// The set of shapes met in the current region, open addressing.
struct ShapeSet<'s> {
    slots: &'s mut [u64],
    len: usize,
    /// Three quarters of the slots: a quarter stays free so that probes stay short.
    most: usize,
    region: Region,
    /// How many of the patterns, from the first, can change the region's fixed counts.
    reaching: usize,
}

/// The set is fuller than it may be.
struct Full;

/// A bijection on shapes (SplitMix64's finaliser), so distinct shapes never collide.
fn hash(shape: RankCounts) -> u64 {
    crate::dealing::seeding::derive_seed(shape.bits(), 0)
}

impl ShapeSet<'_> {
    /// Visits `shape` (reached with patterns from `start` on still allowed) and, unless
    /// pruned, every shape above it. `WHOLE` when the region is every shape: a walk
    /// without the region's tests.
    fn walk<const WHOLE: bool>(
        &mut self,
        patterns: &[RankCounts],
        limit: RankCounts,
        shape: RankCounts,
        start: usize,
    ) -> Result<(), Full> {
        let inside = WHOLE || self.region.holds(shape);
        if inside && !self.note(shape, hash(shape), start)? {
            return Ok(());
        }
        // Outside the region, no pattern past `reaching` can bring the fixed counts to its.
        let end = if inside {
            patterns.len()
        } else {
            self.reaching
        };
        for index in start..end {
            let next = shape.plus(patterns[index]);
            if next.fits_within(limit) {
                self.walk::<WHOLE>(patterns, limit, next, index)?;
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
                if self.len == self.most {
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
