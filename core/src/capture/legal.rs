//! Every legal capture: every union of pairwise-disjoint capturable groups, ∅ included.
//!
//! Distinct families of groups can have the same union ({3♥,4♦}+{3♠,4♣} and
//! {3♥,4♣}+{3♠,4♦}), so listing families would repeat captures. Only ranks decide sums,
//! so the search finds each legal capture *shape* (cards per rank) once
//! ([`super::shapes`]), then lists every choice of suits for it, and every subset of the
//! cards worth exactly the target, which are groups on their own.

use core::ops::ControlFlow;

use arrayvec::ArrayVec;

use super::patterns::{find_patterns, Patterns};
use super::rank_counts::RankCounts;
use super::shapes::{
    for_each_distinct_shape, for_each_distinct_shape_on_stack, for_each_family, shares_ranks,
};
use super::target::{target_sum, TableLayout};
use crate::{Card, CardSet};

/// Memory for the capture search: a set of `SLOTS` shapes, 8 bytes each (at least 4).
///
/// Any size gives the same captures; a small one only costs time on crowded tables (real
/// play stays under 512 shapes). The plain functions use up to [`DEFAULT_SLOTS`] on the
/// stack; the `_in` functions take an arena, for callers that budget memory themselves.
#[derive(Clone, Debug)]
pub struct CaptureArena<const SLOTS: usize = DEFAULT_SLOTS> {
    slots: [u64; SLOTS],
}

/// Slots of the arena the plain functions use: 4 KiB.
pub const DEFAULT_SLOTS: usize = 512;

impl<const SLOTS: usize> CaptureArena<SLOTS> {
    /// A new arena.
    pub const fn new() -> Self {
        const { assert!(SLOTS >= 4, "a capture arena needs at least 4 slots") };
        CaptureArena { slots: [0; SLOTS] }
    }
}

impl<const SLOTS: usize> Default for CaptureArena<SLOTS> {
    fn default() -> Self {
        Self::new()
    }
}

/// Calls `visit` once for every legal capture of `played` on `table`, ∅ included, until
/// `visit` breaks. The order is unspecified.
///
/// ```
/// use core::ops::ControlFlow;
/// use tablic_core::{capture, CardSet, Card};
/// let table: CardSet = "3H 3S 4D 4C".parse().unwrap();
/// let mut count = 0;
/// let _ = capture::try_for_each_legal_capture::<()>(table, "7S".parse().unwrap(), |_| {
///     count += 1;
///     ControlFlow::Continue(())
/// });
/// assert_eq!(count, 6);
/// ```
pub fn try_for_each_legal_capture<B>(
    table: CardSet,
    played: Card,
    mut visit: impl FnMut(CardSet) -> ControlFlow<B>,
) -> ControlFlow<B> {
    let layout = TableLayout::new(table, target_sum(played));
    for_each_shape(&layout, None, &mut |counts| {
        for_each_choice_of_suits(counts, &layout, &mut visit)
    })
}

/// [`try_for_each_legal_capture`] with the caller's arena.
pub fn try_for_each_legal_capture_in<const SLOTS: usize, B>(
    arena: &mut CaptureArena<SLOTS>,
    table: CardSet,
    played: Card,
    mut visit: impl FnMut(CardSet) -> ControlFlow<B>,
) -> ControlFlow<B> {
    let layout = TableLayout::new(table, target_sum(played));
    for_each_shape(&layout, Some(&mut arena.slots), &mut |counts| {
        for_each_choice_of_suits(counts, &layout, &mut visit)
    })
}

/// Calls `report` once for every distinct legal shape of `layout`. Shapes need a set to
/// drop repeats only when two patterns share a rank; the set lives in `slots`, or without
/// them on the stack, grown only when it fills.
fn for_each_shape<B>(
    layout: &TableLayout,
    slots: Option<&mut [u64]>,
    report: &mut dyn FnMut(RankCounts) -> ControlFlow<B>,
) -> ControlFlow<B> {
    let limit = layout.limit;
    let mut patterns = Patterns::new();
    find_patterns(limit, layout.target, &mut patterns);
    for_each_shape_of(&patterns, limit, slots, report)
}

/// [`for_each_shape`] once the patterns are known.
fn for_each_shape_of<B>(
    patterns: &Patterns,
    limit: RankCounts,
    slots: Option<&mut [u64]>,
    report: &mut dyn FnMut(RankCounts) -> ControlFlow<B>,
) -> ControlFlow<B> {
    if !shares_ranks(patterns) {
        // Each rank belongs to one pattern at most, so every family has its own shape.
        return for_each_family(patterns, limit, report);
    }
    match slots {
        Some(slots) => for_each_distinct_shape(patterns, limit, slots, report),
        None if limit.total() <= 6 => {
            for_each_distinct_shape_on_stack::<B, 64>(patterns, limit, report)
        }
        None => for_each_distinct_shape_on_stack::<B, DEFAULT_SLOTS>(patterns, limit, report),
    }
}

/// A legal capture *shape*: how many cards of each rank a legal capture takes, its suits
/// not yet chosen. Cards worth exactly the played card are not part of a shape: each one is
/// a group alone and may be added freely ([`CaptureShape::free`]).
#[derive(Clone, Copy, Debug)]
pub struct CaptureShape<'a> {
    counts: RankCounts,
    layout: &'a TableLayout,
}

impl CaptureShape<'_> {
    /// How many cards of `rank` the shape takes.
    pub fn count(&self, rank: crate::Rank) -> u8 {
        self.counts.count(rank)
    }

    /// The table cards worth exactly the played card: any subset of them may be added.
    pub fn free(&self) -> CardSet {
        self.layout.exact
    }

    /// One capture of this shape: for every rank it takes, `choose(rank, table cards of
    /// that rank, how many)` must return that many of those cards.
    pub fn pick(&self, mut choose: impl FnMut(crate::Rank, CardSet, u8) -> CardSet) -> CardSet {
        let mut capture = CardSet::EMPTY;
        let mut rest = self.counts.bits();
        while rest != 0 {
            let shift = rest.trailing_zeros() & !3;
            let rank = crate::Rank::ALL[shift as usize / 4];
            let count = ((rest >> shift) & 0xF) as u8;
            capture |= choose(rank, self.layout.groupable.rank_cards(rank), count);
            rest &= !(0xF << shift);
        }
        capture
    }
}

/// Calls `visit` once for every legal capture shape of `played` on `table` (the empty shape
/// included), until it breaks: every legal capture is one choice of suits for one shape plus
/// a subset of [`CaptureShape::free`]. Far fewer than the captures on a crowded table.
pub fn try_for_each_legal_shape<B>(
    table: CardSet,
    played: Card,
    mut visit: impl FnMut(&CaptureShape<'_>) -> ControlFlow<B>,
) -> ControlFlow<B> {
    let layout = TableLayout::new(table, target_sum(played));
    for_each_shape(&layout, None, &mut |counts| {
        visit(&CaptureShape {
            counts,
            layout: &layout,
        })
    })
}

/// [`try_for_each_legal_shape`] with the caller's arena.
pub fn try_for_each_legal_shape_in<const SLOTS: usize, B>(
    arena: &mut CaptureArena<SLOTS>,
    table: CardSet,
    played: Card,
    mut visit: impl FnMut(&CaptureShape<'_>) -> ControlFlow<B>,
) -> ControlFlow<B> {
    let layout = TableLayout::new(table, target_sum(played));
    for_each_shape(&layout, Some(&mut arena.slots), &mut |counts| {
        visit(&CaptureShape {
            counts,
            layout: &layout,
        })
    })
}

/// Calls `visit` once for every legal capture shape of `played` on `table` beside which no
/// further group fits, until it breaks. Every maximal shape (one that no other legal shape
/// contains) is among them, so a measure that grows with the capture peaks on one of them.
/// There is usually just one, where [`try_for_each_legal_shape`] would give every subshape.
pub fn try_for_each_unextendable_shape<B>(
    table: CardSet,
    played: Card,
    mut visit: impl FnMut(&CaptureShape<'_>) -> ControlFlow<B>,
) -> ControlFlow<B> {
    let layout = TableLayout::new(table, target_sum(played));
    let limit = layout.limit;
    let mut patterns = Patterns::new();
    find_patterns(limit, layout.target, &mut patterns);
    let mut visit_counts = |counts| {
        visit(&CaptureShape {
            counts,
            layout: &layout,
        })
    };
    if !shares_ranks(&patterns) {
        // Each pattern has its ranks to itself, so each is taken as often as it fits, and
        // that one shape contains every other.
        let mut shape = RankCounts::ZERO;
        for pattern in &patterns {
            while shape.plus(*pattern).fits_within(limit) {
                shape = shape.plus(*pattern);
            }
        }
        return visit_counts(shape);
    }
    for_each_shape_of(&patterns, limit, None, &mut |shape| {
        let extendable = patterns
            .iter()
            .any(|pattern| shape.plus(*pattern).fits_within(limit));
        if extendable {
            ControlFlow::Continue(())
        } else {
            visit_counts(shape)
        }
    })
}

/// Calls `visit` once for every legal capture of `played` on `table`, ∅ included.
pub fn for_each_legal_capture(table: CardSet, played: Card, mut visit: impl FnMut(CardSet)) {
    let _ = try_for_each_legal_capture::<()>(table, played, |capture| {
        visit(capture);
        ControlFlow::Continue(())
    });
}

/// How many legal captures `played` has on `table` (∅ included), counted by shape without
/// listing them: a crowded table has more than could be listed.
///
/// On a table crowded far beyond real play the count itself takes long: seconds from
/// about 36 cards, and on a full table 1 s for a jack, 24 s for a queen and more than ten
/// minutes for a king. [`legal_capture_count_up_to`] stops early instead.
pub fn legal_capture_count(table: CardSet, played: Card) -> u64 {
    legal_capture_count_up_to(table, played, u64::MAX)
}

/// [`legal_capture_count`], but the count stops as soon as it passes `most`: the result is
/// exact when it is at most `most`, and otherwise some number above `most`. For callers
/// that only need to know whether the captures fit a limit: it answers at once on a table
/// where the full count would take minutes.
///
/// ```
/// use tablic_core::{capture, CardSet, Card};
/// let table: CardSet = "3H 3S 4D 4C".parse().unwrap();
/// let seven: Card = "7S".parse().unwrap();
/// assert_eq!(capture::legal_capture_count_up_to(table, seven, 100), 6);
/// assert!(capture::legal_capture_count_up_to(table, seven, 3) > 3);
/// ```
pub fn legal_capture_count_up_to(table: CardSet, played: Card, most: u64) -> u64 {
    // A crowded table's walk may take seconds before its first shapes are counted; a
    // floor that passes the limit answers at once.
    if most >> table.len().min(63) == 0 {
        let floor = legal_capture_count_floor(table, played);
        if floor > most {
            return floor;
        }
    }
    let layout = TableLayout::new(table, target_sum(played));
    let limit = layout.limit;
    let mut total = 0u64;
    let _ = for_each_shape::<()>(&layout, None, &mut |shape| {
        let ways = crate::Rank::ALL.iter().fold(1u64, |ways, rank| {
            ways * choose(limit.count(*rank), shape.count(*rank))
        });
        total = total.saturating_add(ways << layout.exact.len());
        if total > most {
            ControlFlow::Break(())
        } else {
            ControlFlow::Continue(())
        }
    });
    total
}

/// A lower bound on the legal captures, quick on any table: the table is packed greedily
/// with disjoint groups, three to a block, and the blocks' own counts multiply, since the
/// union of captures from disjoint blocks is a capture.
fn legal_capture_count_floor(table: CardSet, played: Card) -> u64 {
    let (mut free, mut block, mut groups) = (table, CardSet::EMPTY, 0);
    let mut floor = 1u64;
    while let ControlFlow::Break(group) =
        super::try_for_each_capturable_group(free, played, ControlFlow::Break)
    {
        free -= group;
        block |= group;
        groups += 1;
        if groups % 3 == 0 {
            floor = floor.saturating_mul(legal_capture_count(block, played));
            block = CardSet::EMPTY;
        }
    }
    floor.saturating_mul(legal_capture_count(block, played))
}

/// Binomial coefficient for n ≤ 4.
fn choose(n: u8, k: u8) -> u64 {
    const PASCAL: [[u8; 5]; 5] = [
        [1, 0, 0, 0, 0],
        [1, 1, 0, 0, 0],
        [1, 2, 1, 0, 0],
        [1, 3, 3, 1, 0],
        [1, 4, 6, 4, 1],
    ];
    PASCAL[n as usize][k as usize] as u64
}

/// The sub-masks of each 4-bit mask, by size: `SUBMASKS[mask][size]` lists them.
const SUBMASKS: [[ArrayVec4; 5]; 16] = {
    let mut table = [[ArrayVec4::EMPTY; 5]; 16];
    let mut mask = 0;
    while mask < 16 {
        let mut sub = 0;
        while sub < 16 {
            if sub & !mask == 0 {
                let size = (sub as u8).count_ones() as usize;
                let list = &mut table[mask][size];
                list.items[list.len as usize] = sub as u8;
                list.len += 1;
            }
            sub += 1;
        }
        mask += 1;
    }
    table
};

/// A list of at most six nibbles, usable in `const` tables.
#[derive(Clone, Copy)]
struct ArrayVec4 {
    items: [u8; 6],
    len: u8,
}

impl ArrayVec4 {
    const EMPTY: ArrayVec4 = ArrayVec4 {
        items: [0; 6],
        len: 0,
    };

    #[inline]
    fn as_slice(&self) -> &[u8] {
        &self.items[..self.len as usize]
    }
}

/// Lists every capture of this shape: per rank, every way of choosing that many of the
/// table's cards of the rank (an odometer over the choices, the lowest rank's turning
/// fastest, in a loop of its own); with every subset of the exact-value cards.
fn for_each_choice_of_suits<B>(
    shape: RankCounts,
    layout: &TableLayout,
    visit: &mut impl FnMut(CardSet) -> ControlFlow<B>,
) -> ControlFlow<B> {
    // A rank taken whole has one choice of suits, and most shapes take only such ranks.
    let taken = shape.ranks_present();
    let in_part = taken & RankCounts::from_bits(shape.bits() ^ layout.limit.bits()).ranks_present();
    let mut chosen = layout.groupable.bits() & ((taken & !in_part) * 0xF);
    if in_part == 0 {
        return with_exact(chosen, layout.exact, visit);
    }
    // Per rank taken in part, lowest first: the nibble shift, the choices of suits, and
    // which one is current.
    let mut wheels: ArrayVec<(u32, &[u8], usize), 13> = ArrayVec::new();
    let mut rest = shape.bits() & (in_part * 0xF);
    while rest != 0 {
        let shift = rest.trailing_zeros() & !3;
        let cards = (layout.groupable.bits() >> shift) & 0xF;
        let choices = SUBMASKS[cards as usize][((rest >> shift) & 0xF) as usize].as_slice();
        chosen |= (choices[0] as u64) << shift;
        wheels.push((shift, choices, 0));
        rest &= !(0xF << shift);
    }
    let Some(((fastest, fastest_choices, _), others)) = wheels.split_first_mut() else {
        return with_exact(chosen, layout.exact, visit);
    };
    let (fastest, fastest_choices) = (*fastest, *fastest_choices);
    chosen &= !(0xF << fastest);
    loop {
        for &choice in fastest_choices {
            with_exact(chosen | u64::from(choice) << fastest, layout.exact, visit)?;
        }
        // Turn the rest of the odometer.
        let mut turned = false;
        for (shift, choices, current) in others.iter_mut() {
            *current += 1;
            let next = choices.get(*current).copied().unwrap_or_else(|| {
                *current = 0;
                choices[0]
            });
            chosen = chosen & !(0xF << *shift) | (next as u64) << *shift;
            if *current != 0 {
                turned = true;
                break;
            }
        }
        if !turned {
            return ControlFlow::Continue(());
        }
    }
}

/// Visits the capture `chosen` with every subset of the exact-value cards.
#[inline(always)]
fn with_exact<B>(
    chosen: u64,
    exact: CardSet,
    visit: &mut impl FnMut(CardSet) -> ControlFlow<B>,
) -> ControlFlow<B> {
    // Within the table's groupable cards, so always a card set.
    let capture = CardSet::from_bits(chosen).unwrap_or_default();
    if exact.is_empty() {
        visit(capture)
    } else {
        exact.subsets().try_for_each(|extra| visit(capture | extra))
    }
}
