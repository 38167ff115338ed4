//! Every legal capture: every union of pairwise-disjoint capturable groups, ∅ included.
//!
//! Distinct families of groups can have the same union ({3♥,4♦}+{3♠,4♣} and
//! {3♥,4♣}+{3♠,4♦}), so enumerating families would repeat captures. Instead the search walks
//! *how many* cards of each rank a capture takes, keeping for that prefix the set of ways
//! ([`Needs`]) the cards chosen so far can sit in groups; a count vector whose set can close
//! is a legal capture shape, and every choice of suits for it is a distinct legal capture.
//! Each capture is therefore produced exactly once, with no memory beyond a fixed arena.

use core::ops::ControlFlow;

use arrayvec::ArrayVec;

use super::partition::{
    place_card, retain_viable, splits, Needs, NeedsArena, RankCount, Remaining, ARENA_LEN,
};
use super::target::{target_sum, TableLayout};
use crate::{Card, CardSet};

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
    let mut arena: NeedsArena<ARENA_LEN> = [Needs::NONE; ARENA_LEN];
    let layout = TableLayout::new(table, target_sum(played));
    for_each_shape(&layout, &mut arena, |shape| shape.for_each_capture(&layout, &mut visit))
}

/// Calls `visit` once for every legal capture of `played` on `table`, ∅ included.
pub fn for_each_legal_capture(table: CardSet, played: Card, mut visit: impl FnMut(CardSet)) {
    let _ = try_for_each_legal_capture::<()>(table, played, |capture| {
        visit(capture);
        ControlFlow::Continue(())
    });
}

/// How many legal captures `played` has on `table` (∅ included), counted without listing
/// them: a full 52-card table has more than can be listed.
pub fn legal_capture_count(table: CardSet, played: Card) -> u64 {
    let mut arena: NeedsArena<ARENA_LEN> = [Needs::NONE; ARENA_LEN];
    let layout = TableLayout::new(table, target_sum(played));
    let mut total = 0u64;
    let _ = for_each_shape::<()>(&layout, &mut arena, |shape| {
        total += shape.capture_count(&layout);
        ControlFlow::Continue(())
    });
    total
}

/// A legal capture shape: how many cards of each small rank, and how many aces.
/// Exact-value cards are free and not part of the shape.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Shape<'a> {
    pub small_counts: &'a [u8],
    pub aces: u8,
}

impl Shape<'_> {
    pub(crate) fn for_each_capture<B>(
        &self,
        layout: &TableLayout,
        visit: &mut impl FnMut(CardSet) -> ControlFlow<B>,
    ) -> ControlFlow<B> {
        let mut parts: ArrayVec<(CardSet, u8), 13> = ArrayVec::new();
        for (rank, &count) in layout.small.iter().zip(self.small_counts) {
            if count > 0 {
                parts.push((rank.cards, count));
            }
        }
        if self.aces > 0 {
            parts.push((layout.aces, self.aces));
        }
        product(&parts, CardSet::EMPTY, layout.exact, visit)
    }

    fn capture_count(&self, layout: &TableLayout) -> u64 {
        let ranks = layout
            .small
            .iter()
            .zip(self.small_counts)
            .map(|(rank, &count)| choose(rank.cards.len() as u8, count))
            .product::<u64>();
        ranks * choose(layout.aces.len() as u8, self.aces) << layout.exact.len()
    }
}

/// Every way of taking `count` cards from each `(cards, count)` part, each with any subset
/// of `free`.
fn product<B>(
    parts: &[(CardSet, u8)],
    chosen: CardSet,
    free: CardSet,
    visit: &mut impl FnMut(CardSet) -> ControlFlow<B>,
) -> ControlFlow<B> {
    match parts.split_first() {
        None => free.subsets().try_for_each(|extra| visit(chosen | extra)),
        Some(((cards, count), rest)) => cards
            .subsets()
            .filter(|pick| pick.len() == *count as usize)
            .try_for_each(|pick| product(rest, chosen | pick, free, visit)),
    }
}

/// Binomial coefficient for n ≤ 4.
fn choose(n: u8, k: u8) -> u64 {
    const PASCAL: [[u64; 5]; 5] = [
        [1, 0, 0, 0, 0],
        [1, 1, 0, 0, 0],
        [1, 2, 1, 0, 0],
        [1, 3, 3, 1, 0],
        [1, 4, 6, 4, 1],
    ];
    PASCAL[n as usize][k as usize]
}

/// Calls `on_shape` for every legal capture shape of `layout`, using `arena` for the sets of
/// [`Needs`]; a too-small arena costs speed, never results.
pub(crate) fn for_each_shape<B>(
    layout: &TableLayout,
    arena: &mut [Needs],
    on_shape: impl FnMut(Shape<'_>) -> ControlFlow<B>,
) -> ControlFlow<B> {
    let mut after = [Remaining::default(); 13];
    after[layout.small.len()] = Remaining::of_aces(layout.aces.len() as u8);
    for (index, rank) in layout.small.iter().enumerate().rev() {
        after[index] = after[index + 1].plus(rank.value, rank.cards.len() as u8);
    }
    let mut search = ShapeSearch {
        layout,
        after,
        counts: [0; 12],
        on_shape,
    };
    match arena.first_mut() {
        Some(first) => {
            *first = Needs::NONE;
            search.descend(0, arena, 1)
        }
        None => search.exhaustive(0),
    }
}

struct ShapeSearch<'l, F> {
    layout: &'l TableLayout,
    /// Cards and capacity left after small rank `i` (index `small.len()`: the aces alone).
    after: [Remaining; 13],
    counts: [u8; 12],
    on_shape: F,
}

impl<F> ShapeSearch<'_, F> {
    /// Chooses counts for small ranks `level..`, the states for the prefix in `arena[..len]`.
    fn descend<B>(&mut self, level: usize, arena: &mut [Needs], mut len: usize) -> ControlFlow<B>
    where
        F: FnMut(Shape<'_>) -> ControlFlow<B>,
    {
        let Some(&rank) = self.layout.small.get(level) else {
            return self.close_with_aces(&arena[..len]);
        };
        let most = rank.cards.len() as u8;
        for count in 0..=most {
            self.counts[level] = count;
            let (current, free) = arena.split_at_mut(len);
            match free.get_mut(..len) {
                Some(child) => {
                    child.copy_from_slice(current);
                    let kept = retain_viable(child, len, self.after[level + 1]);
                    if kept > 0 {
                        self.descend(level + 1, free, kept)?;
                    }
                }
                None => self.exhaustive(level + 1)?,
            }
            if count == most {
                break;
            }
            match place_card(arena, len, rank.value, self.layout.target) {
                Ok(next) => len = next,
                Err(_) => {
                    for more in count + 1..=most {
                        self.counts[level] = more;
                        self.exhaustive(level + 1)?;
                    }
                    break;
                }
            }
        }
        self.counts[level] = 0;
        ControlFlow::Continue(())
    }

    fn close_with_aces<B>(&mut self, states: &[Needs]) -> ControlFlow<B>
    where
        F: FnMut(Shape<'_>) -> ControlFlow<B>,
    {
        let small = self.layout.small.len();
        for aces in 0..=self.layout.aces.len() as u8 {
            if states
                .iter()
                .any(|needs| needs.closes_with_aces(aces, self.layout.target))
            {
                (self.on_shape)(Shape {
                    small_counts: &self.counts[..small],
                    aces,
                })?;
            }
        }
        ControlFlow::Continue(())
    }

    /// The slow path after the arena ran out: every count vector for ranks `level..`, each
    /// checked on its own.
    fn exhaustive<B>(&mut self, level: usize) -> ControlFlow<B>
    where
        F: FnMut(Shape<'_>) -> ControlFlow<B>,
    {
        let small = &self.layout.small;
        if level < small.len() {
            for count in 0..=small[level].cards.len() as u8 {
                self.counts[level] = count;
                self.exhaustive(level + 1)?;
            }
            self.counts[level] = 0;
            return ControlFlow::Continue(());
        }
        let mut ranks: ArrayVec<RankCount, 12> = ArrayVec::new();
        for (rank, &count) in small.iter().zip(&self.counts) {
            ranks.push(RankCount {
                value: rank.value,
                count,
            });
        }
        for aces in 0..=self.layout.aces.len() as u8 {
            if splits(&ranks, aces, self.layout.target) {
                (self.on_shape)(Shape {
                    small_counts: &self.counts[..small.len()],
                    aces,
                })?;
            }
        }
        ControlFlow::Continue(())
    }
}
