//! The moves a search tries at a node: one per class of equivalent moves, best guess first.
//!
//! Only ranks decide captures, and points set 2♣ and 10♦ apart from the other cards of
//! their ranks. So two moves whose played cards share rank and points, and which leave
//! tables of equal *signature* (cards per rank, apart from 2♣ and 10♦, which are named),
//! lead to positions that a renaming of suits turns into each other: the renaming swaps
//! the two played cards (both in the mover's hand) and table cards of one rank and value,
//! and touches no other hand nor the deck. Their values are equal, so one is searched.

use core::cmp::Reverse;
use core::ops::ControlFlow;

use arrayvec::ArrayVec;

use crate::capture::{reachable_sums, target_sum, try_for_each_legal_shape_in, CaptureArena};
use crate::{Card, CardSet, Move, Rank, Suit};

/// Moves held at once per node (about 40 bytes each, on the stack of every ply); a node
/// with more distinct moves, which only crowded tables have, is searched in batches.
const BATCH: usize = 32;

const TWO_OF_CLUBS: Card = Card::new(Rank::Two, Suit::Clubs);
const TEN_OF_DIAMONDS: Card = Card::new(Rank::Ten, Suit::Diamonds);

/// 2♣ and 10♦: the only cards worth more than others of their rank.
const SPECIAL: CardSet = CardSet::single(TWO_OF_CLUBS).with(TEN_OF_DIAMONDS);

/// The capture arena the solver lends to move generation (4 KiB).
pub(crate) type Arena = CaptureArena<512>;

/// A move to try, with what orders it.
#[derive(Clone, Copy, Debug)]
struct Candidate {
    played: Move,
    order: u32,
}

/// A batch of a node's distinct moves, best guess first.
#[derive(Debug, Default)]
pub(crate) struct Batch {
    moves: ArrayVec<Candidate, BATCH>,
}

/// The order to try a move in, highest first: much as the greedy player ranks moves (tabla,
/// points won, cards taken, a low card played), without its finer parts.
fn order(table: CardSet, played: Move) -> u32 {
    let card = played.card;
    let (tabla, points) = if played.capture.is_empty() {
        (false, 32 - u32::from(card.points()))
    } else {
        let tabla = played.capture.bits() == table.bits();
        (
            tabla,
            32 + played.capture.points() + u32::from(card.points()),
        )
    };
    u32::from(tabla) << 28
        | points << 20
        | (played.capture.len() as u32) << 12
        | (14 - u32::from(card.capture_value())) << 6
        | u32::from(card.index())
}

/// The table's signature: cards per rank (one nibble each) of the cards other than 2♣
/// and 10♦, and those two themselves. Equal signatures mean sets equal up to suits.
pub(crate) fn signature(table: CardSet) -> u64 {
    let plain = (table - SPECIAL).bits();
    let pairs = plain - (plain >> 1 & 0x5555_5555_5555_5555);
    let nibbles = (pairs & 0x3333_3333_3333_3333) + (pairs >> 2 & 0x3333_3333_3333_3333);
    nibbles
        | u64::from(table.contains(TWO_OF_CLUBS)) << 60
        | u64::from(table.contains(TEN_OF_DIAMONDS)) << 61
}

/// The `count` cards of one rank's `cards` worth the most points: 2♣ or 10♦ first.
pub(crate) fn richest_cards(cards: CardSet, count: u8) -> CardSet {
    let special = cards & SPECIAL;
    if special.is_empty() || count == 0 {
        first_cards(cards, count)
    } else {
        special | first_cards(cards - special, count - 1)
    }
}

/// The first `count` cards of `cards`.
fn first_cards(cards: CardSet, count: u8) -> CardSet {
    let mut bits = 0;
    let mut rest = cards.bits();
    for _ in 0..count {
        let lowest = rest & rest.wrapping_neg();
        bits |= lowest;
        rest ^= lowest;
    }
    CardSet::from_bits(bits).unwrap_or_default()
}

/// Calls `visit` with one legal capture of `played` on `table` per class of captures
/// (those that leave tables of equal signature), until it breaks: per legal shape, the
/// first cards of each rank, with or without 2♣ and 10♦ where both fit, and with every
/// count of the cards worth the played card (each alone a group), with or without those
/// two.
pub(crate) fn for_each_capture_class(
    arena: &mut Arena,
    table: CardSet,
    played: Card,
    mut visit: impl FnMut(CardSet) -> ControlFlow<()>,
) -> ControlFlow<()> {
    try_for_each_legal_shape_in(arena, table, played, |shape| {
        // Where 2♣ or 10♦ may stand in for a plain card of its rank: what swapping costs.
        let mut swaps = ArrayVec::<CardSet, 2>::new();
        let base = shape.pick(|_, cards, count| {
            let special = cards & SPECIAL;
            let plain = cards - special;
            if special.is_empty() || count == 0 {
                return first_cards(plain, count);
            }
            let with_special = special | first_cards(plain, count - 1);
            if plain.len() < count as usize {
                return with_special;
            }
            let without = first_cards(plain, count);
            let _ = swaps.try_push(
                CardSet::from_bits(with_special.bits() ^ without.bits()).unwrap_or_default(),
            );
            without
        });
        let free = shape.free();
        let (free_special, free_plain) = (free & SPECIAL, free - SPECIAL);
        for swapped in 0..1u8 << swaps.len() {
            let mut groups = base;
            for (place, swap) in swaps.iter().enumerate() {
                if swapped >> place & 1 != 0 {
                    groups = CardSet::from_bits(groups.bits() ^ swap.bits()).unwrap_or_default();
                }
            }
            for count in 0..=free_plain.len() as u8 {
                let alone = groups | first_cards(free_plain, count);
                visit(alone)?;
                if !free_special.is_empty() {
                    visit(alone | free_special)?;
                }
            }
        }
        ControlFlow::Continue(())
    })
}

/// The ranks `hand` holds, lowest first: a hand late in a deal holds few of the 13.
fn ranks_held(hand: CardSet) -> impl Iterator<Item = Rank> {
    // One bit per rank (its nibble's lowest) where the hand holds a card of it.
    let nibbles = hand.bits() | hand.bits() >> 2;
    let mut held = (nibbles | nibbles >> 1) & 0x1111_1111_1111_1111;
    core::iter::from_fn(move || {
        let bit = held.trailing_zeros() as usize;
        held &= held.wrapping_sub(1);
        Rank::ALL.get(bit / 4).copied()
    })
}

/// The hand's cards that stand for their class: per rank, 2♣ or 10♦ alone, and one of the
/// others.
fn representatives(hand: CardSet, rank: Rank) -> ArrayVec<Card, 2> {
    let cards = hand.rank_cards(rank);
    let special = cards & SPECIAL;
    [special.first(), (cards - special).first()]
        .into_iter()
        .flatten()
        .collect()
}

impl Batch {
    /// Fills the batch with the distinct moves of `hand` on `table` that come at or after
    /// `start` in generation order, but for those of class `skip` (already searched), by
    /// the greedy key. Returns where the next batch starts, or `None` when this was the
    /// last.
    pub fn fill(
        &mut self,
        arena: &mut Arena,
        hand: CardSet,
        table: CardSet,
        start: usize,
        skip: Option<Class>,
    ) -> Option<usize> {
        self.moves.clear();
        let mut index = 0;
        let mut resume = None;
        let sums = reachable_sums(table);
        for rank in ranks_held(hand) {
            let cards = representatives(hand, rank);
            let Some(&first) = cards.first() else {
                continue;
            };
            if sums & 1 << target_sum(first) == 0 {
                // Nothing to take: the discards alone, without the capture search.
                for &card in &cards {
                    if index >= start {
                        if self.moves.is_full() {
                            resume = Some(index);
                            break;
                        }
                        self.offer(table, Move::discard(card), skip);
                    }
                    index += 1;
                }
                if resume.is_some() {
                    break;
                }
                continue;
            }
            let full = for_each_capture_class(arena, table, first, |capture| {
                for &card in &cards {
                    if index >= start {
                        if self.moves.is_full() {
                            return ControlFlow::Break(());
                        }
                        self.offer(table, Move::new(card, capture), skip);
                    }
                    index += 1;
                }
                ControlFlow::Continue(())
            });
            if full.is_break() {
                resume = Some(index);
                break;
            }
        }
        self.moves
            .sort_unstable_by_key(|candidate| Reverse(candidate.order));
        resume
    }

    /// Adds a move unless it is of class `skip` (already searched).
    fn offer(&mut self, table: CardSet, played: Move, skip: Option<Class>) {
        if skip.is_none_or(|skip| !skip.holds(table, played)) {
            self.moves.push(Candidate {
                played,
                order: order(table, played),
            });
        }
    }

    /// The batch's moves, in the order to try them.
    pub fn iter(&self) -> impl Iterator<Item = Move> + '_ {
        self.moves.iter().map(|candidate| candidate.played)
    }
}

/// A class of equivalent moves: the played card's rank and points, and the signature of
/// the table the move leaves.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Class {
    rank: u8,
    points: u8,
    signature: u64,
}

impl Class {
    /// Whether playing `played` on `table` is of this class.
    fn holds(self, table: CardSet, played: Move) -> bool {
        self.rank == played.card.rank().index()
            && self.points == played.card.points()
            && self == Class::of(table, played)
    }

    /// The class in one word: the signature's bits (the nibbles of thirteen ranks, then
    /// 2♣ and 10♦ at bits 60 and 61) with the rank at bits 52–55 and the points at 56–57.
    pub(crate) const fn packed(self) -> u64 {
        self.signature | (self.rank as u64) << 52 | (self.points as u64) << 56
    }

    /// The class of playing `played` on `table`.
    pub fn of(table: CardSet, played: Move) -> Class {
        let left = if played.capture.is_empty() {
            table.with(played.card)
        } else {
            table - played.capture
        };
        Class {
            rank: played.card.rank().index(),
            points: played.card.points(),
            signature: signature(left),
        }
    }
}
