//! Can a multiset of table cards be split into groups that each reach the target sum?
//!
//! Groups are built highest card first. Walking the ranks from the highest value down, every
//! card either opens a new group or joins an open group that still lacks at least its value.
//! What matters about a partial split is only the multiset of those lacks ([`Needs`]), so a
//! prefix of ranks leads to a *set* of reachable [`Needs`]; the multiset splits exactly when
//! the empty [`Needs`] is reachable after the aces. Aces come last because each counts 1 or 11.
//!
//! The sets live in a caller-sized arena ([`NeedsArena`]). When one would outgrow it (only
//! on tables far larger than play produces) [`splits_by_backtracking`] decides the same
//! question with no memory beyond its recursion.

use super::target::MAX_VALUE;

/// Largest lack an open group can have before the aces: target 14 minus the smallest
/// non-ace value, 2.
const MAX_NEED: u8 = MAX_VALUE - 2;
const FIELD_BITS: u32 = 5;
const FIELD_MASK: u64 = (1 << FIELD_BITS) - 1;

/// A multiset of lacks, one per open group: 5 bits of count for each lack 1..=12.
///
/// Counts stay below 32: every open group holds a chosen card and waits for a remaining
/// one ([`Needs::is_viable`] prunes the rest), so there are at most 26 open groups.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub(crate) struct Needs(u64);

impl Needs {
    /// No open group: a finished split.
    pub const NONE: Needs = Needs(0);

    const fn shift(need: u8) -> u32 {
        (need as u32 - 1) * FIELD_BITS
    }

    fn count(self, need: u8) -> u64 {
        (self.0 >> Self::shift(need)) & FIELD_MASK
    }

    fn add(self, need: u8) -> Needs {
        if need == 0 {
            self
        } else {
            Needs(self.0 + (1 << Self::shift(need)))
        }
    }

    fn remove(self, need: u8) -> Needs {
        Needs(self.0 - (1 << Self::shift(need)))
    }

    /// Every state reachable by placing one card of `value` (below `target`).
    fn for_each_successor(self, value: u8, target: u8, mut visit: impl FnMut(Needs)) {
        visit(self.add(target - value));
        for need in value..=MAX_NEED {
            if self.count(need) != 0 {
                visit(self.remove(need).add(need - value));
            }
        }
    }

    /// Can the remaining cards (`cards` of them, worth at most `capacity` together) still
    /// close every open group? A cheap necessary test that keeps the sets small.
    pub fn is_viable(self, cards: u32, capacity: u32) -> bool {
        let (mut groups, mut total) = (0, 0);
        let mut rest = self.0;
        let mut need = 1;
        while rest != 0 {
            let count = (rest & FIELD_MASK) as u32;
            groups += count;
            total += count * need;
            rest >>= FIELD_BITS;
            need += 1;
        }
        groups <= cards && total <= capacity
    }

    /// With only `aces` aces left, do they close every open group exactly, leftovers forming
    /// groups of aces alone?
    pub fn closes_with_aces(self, aces: u8, target: u8) -> bool {
        let mut used = 0u64;
        for need in 1..=MAX_NEED {
            let count = self.count(need);
            // A lack of 1–4 takes that many aces counted 1; 11 or 12 takes one ace counted
            // 11 and the rest counted 1; 5–10 cannot be made of aces.
            let per_group = match need {
                1..=4 => need,
                11..=12 => need - 10,
                _ if count == 0 => 0,
                _ => return false,
            };
            used += count * per_group as u64;
        }
        let Some(left) = (aces as u64).checked_sub(used) else {
            return false;
        };
        // A group of aces alone: `target` aces counted 1, or one counted 11 and the rest 1.
        let aces_alone = match target {
            2..=4 => target as u64,
            11..=14 => target as u64 - 10,
            _ => 0,
        };
        left == 0 || (aces_alone != 0 && left % aces_alone == 0)
    }
}

/// Scratch memory for the sets of [`Needs`]. Its size bounds speed, never correctness.
pub(crate) type NeedsArena<const N: usize> = [Needs; N];

/// Arena size used by the public entry points: 2 KiB, enough that tables of real play
/// never fall back to backtracking.
pub(crate) const ARENA_LEN: usize = 256;

/// One rank of a multiset to split: `count` cards worth `value` each.
#[derive(Clone, Copy, Debug)]
pub(crate) struct RankCount {
    pub value: u8,
    pub count: u8,
}

/// The arena ran out; the caller must decide some other way.
#[derive(Debug)]
pub(crate) struct ArenaFull;

/// Replaces the set `arena[..len]` with every state reachable from it by placing one card
/// of `value`, and returns the new length.
pub(crate) fn place_card(
    arena: &mut [Needs],
    len: usize,
    value: u8,
    target: u8,
) -> Result<usize, ArenaFull> {
    let (current, free) = arena.split_at_mut(len);
    let mut next_len = 0;
    let mut full = false;
    for state in current.iter() {
        state.for_each_successor(value, target, |next| {
            if free[..next_len].contains(&next) {
                return;
            }
            match free.get_mut(next_len) {
                Some(slot) => {
                    *slot = next;
                    next_len += 1;
                }
                None => full = true,
            }
        });
    }
    if full {
        return Err(ArenaFull);
    }
    arena.copy_within(len..len + next_len, 0);
    Ok(next_len)
}

/// Resources left after a prefix of ranks, for [`Needs::is_viable`].
#[derive(Clone, Copy, Debug, Default)]
pub(crate) struct Remaining {
    pub cards: u32,
    pub capacity: u32,
}

impl Remaining {
    /// What `count` more cards worth `value` each add.
    pub fn plus(self, value: u8, count: u8) -> Remaining {
        Remaining {
            cards: self.cards + count as u32,
            capacity: self.capacity + value as u32 * count as u32,
        }
    }

    /// What `aces` aces add: each fills at most 11 of a lack.
    pub fn of_aces(aces: u8) -> Remaining {
        Remaining::default().plus(11, aces)
    }
}

/// Does the multiset (`ranks` highest value first, then `aces` aces) split into groups that
/// each reach `target`?
pub(crate) fn splits(ranks: &[RankCount], aces: u8, target: u8) -> bool {
    let mut arena: NeedsArena<ARENA_LEN> = [Needs::NONE; ARENA_LEN];
    splits_in(&mut arena, ranks, aces, target)
        .unwrap_or_else(|ArenaFull| splits_by_backtracking(Needs::NONE, ranks, aces, target))
}

/// [`splits`] with the sets of states in `arena`.
pub(crate) fn splits_in(
    arena: &mut [Needs],
    ranks: &[RankCount],
    aces: u8,
    target: u8,
) -> Result<bool, ArenaFull> {
    let Some(first) = arena.first_mut() else {
        return Err(ArenaFull);
    };
    *first = Needs::NONE;
    let mut len = 1;
    for (index, rank) in ranks.iter().enumerate() {
        for _ in 0..rank.count {
            len = place_card(arena, len, rank.value, target)?;
        }
        let after = ranks[index + 1..]
            .iter()
            .fold(Remaining::of_aces(aces), |acc, r| acc.plus(r.value, r.count));
        len = retain_viable(arena, len, after);
        if len == 0 {
            return Ok(false);
        }
    }
    Ok(arena[..len]
        .iter()
        .any(|needs| needs.closes_with_aces(aces, target)))
}

/// Keeps in `arena[..len]` the states that `remaining` can still close; returns the new length.
pub(crate) fn retain_viable(arena: &mut [Needs], len: usize, remaining: Remaining) -> usize {
    let mut kept = 0;
    for index in 0..len {
        let state = arena[index];
        if state.is_viable(remaining.cards, remaining.capacity) {
            arena[kept] = state;
            kept += 1;
        }
    }
    kept
}

/// [`splits`] without memory: tries every placement, one card at a time.
pub(crate) fn splits_by_backtracking(
    needs: Needs,
    ranks: &[RankCount],
    aces: u8,
    target: u8,
) -> bool {
    fn place(needs: Needs, ranks: &[RankCount], placed: u8, aces: u8, target: u8) -> bool {
        let Some((first, rest)) = ranks.split_first() else {
            return needs.closes_with_aces(aces, target);
        };
        if placed == first.count {
            return place(needs, rest, 0, aces, target);
        }
        let left = rest
            .iter()
            .fold(Remaining::of_aces(aces), |acc, r| acc.plus(r.value, r.count))
            .plus(first.value, first.count - placed);
        if !needs.is_viable(left.cards, left.capacity) {
            return false;
        }
        let mut found = false;
        needs.for_each_successor(first.value, target, |next| {
            found = found || place(next, ranks, placed + 1, aces, target);
        });
        found
    }
    place(needs, ranks, 0, aces, target)
}
