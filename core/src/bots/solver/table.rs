//! The transposition table: bounds on the rest-of-game value of positions already
//! searched, in memory the caller gives.

use crate::{Card, CardClass, CardSet, Move, MOST_CARDS_BONUS};

/// Entries in a KiB of search memory.
pub const ENTRIES_PER_KIB: usize = 1024 / core::mem::size_of::<Entry>();

/// The search memory pimc and ismcts ask for unless their spec's `memory` option says
/// otherwise, in KiB: 16,384 entries.
pub const SOLVER_MEMORY_KIB: u32 = 256;

/// One slot of the transposition table: 16 bytes (a 64-bit key, two 16-bit bounds, the
/// moves left at the position, and the best move found, as its card and its capture as a
/// mask over the table's cards; keys are the same for positions equal up to suits, so the
/// move stands for its class).
///
/// The bounds are of the value of the rest of the game, which does not depend on how deep
/// the position was met, so an entry serves every later visit.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Entry {
    key: u64,
    lower: i16,
    upper: i16,
    card: u8,
    /// Moves left in the game at the position: what a search of it cost, roughly.
    depth: u8,
    capture_tag: u16,
}

/// `Entry::card` when no move is known.
const NO_CARD: u8 = u8::MAX;

impl Entry {
    /// A slot that knows nothing: its bounds are the widest, so it can never mislead.
    pub const EMPTY: Entry = Entry {
        key: 0,
        lower: i16::MIN,
        upper: i16::MAX,
        card: NO_CARD,
        depth: 0,
        capture_tag: 0,
    };

    /// The slot's 16 bytes as two words, for a bot that keeps other records than bounds in
    /// its search memory (ismcts keeps its tree there).
    pub(crate) const fn words(&self) -> [u64; 2] {
        [
            self.key,
            self.lower as u16 as u64
                | (self.upper as u16 as u64) << 16
                | (self.card as u64) << 32
                | (self.depth as u64) << 40
                | (self.capture_tag as u64) << 48,
        ]
    }

    /// The slot holding these two words ([`Entry::words`] gives them back).
    pub(crate) const fn from_words(words: [u64; 2]) -> Entry {
        let rest = words[1];
        Entry {
            key: words[0],
            lower: rest as u16 as i16,
            upper: (rest >> 16) as u16 as i16,
            card: (rest >> 32) as u8,
            depth: (rest >> 40) as u8,
            capture_tag: (rest >> 48) as u16,
        }
    }
}

impl Default for Entry {
    fn default() -> Entry {
        Entry::EMPTY
    }
}

/// Bits of 10♣ and 10♦, whose places [`in_class_order`] swaps.
const TENS: u64 = 0b11 << 36;

/// `bits` with 10♦ before 10♣, so that in every rank the card worth more than the others
/// (2♣, 10♦) comes first: in that order, the `n`-th table card of a rank is of the same
/// class on all tables of one signature.
fn in_class_order(bits: u64) -> u64 {
    let tens = bits & TENS;
    bits & !TENS | (tens >> 1 & 1 << 36) | (tens << 1 & 1 << 37)
}

/// The capture's cards as a mask over the table's cards in class order: the 16-bit tag
/// that names its class among the moves of every position of one key (those differ only
/// by suits), or `None` when it holds a card past the table's sixteenth.
fn capture_tag(table: CardSet, capture: CardSet) -> Option<u16> {
    let (ordered, mut rest) = (in_class_order(capture.bits()), in_class_order(table.bits()));
    let mut tag = 0u16;
    for place in 0..16 {
        if rest == 0 {
            break;
        }
        let lowest = rest & rest.wrapping_neg();
        if ordered & lowest != 0 {
            tag |= 1 << place;
        }
        rest ^= lowest;
    }
    (capture_from_tag(table, tag) == capture).then_some(tag)
}

/// A capture of the class a tag names on `table`.
fn capture_from_tag(table: CardSet, tag: u16) -> CardSet {
    let (mut bits, mut rest, mut tag) = (0u64, in_class_order(table.bits()), tag);
    while tag != 0 && rest != 0 {
        let lowest = rest & rest.wrapping_neg();
        if tag & 1 != 0 {
            bits |= lowest;
        }
        rest ^= lowest;
        tag >>= 1;
    }
    CardSet::from_bits(in_class_order(bits)).unwrap_or_default()
}

/// The first card of `hand` of the class of `card`.
fn card_of_class(hand: CardSet, card: Card) -> Option<Card> {
    (hand & CardClass::of(card).cards()).first()
}

/// Beyond every shift of a lead or claim.
const FAR: i16 = 1 << 12;

/// The other leads in captured cards and claims on the table ([`Key`]), as shifts from a
/// position's own, at which a result found for it holds too (with two players; else only
/// its own): a lower bound for shifts down to `lo` and `claim_lo`, an upper bound for
/// shifts up to `hi` and `claim_hi` (as values never fall with either, each holds beyond
/// the other way). At the game's end, a lead keeps the bonus for most cards over a range
/// of shifts; after a capture, the claim before it no longer counts; a node's result
/// holds where its children's do. So one search of a position serves its neighbours in
/// the table.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Span {
    pub lo: i16,
    pub hi: i16,
    pub claim_lo: i16,
    pub claim_hi: i16,
}

impl Span {
    /// Holds at every lead and claim.
    pub const ALL: Span = Span {
        lo: -FAR,
        hi: FAR,
        claim_lo: -FAR,
        claim_hi: FAR,
    };

    /// Holds at the position's own lead and claim only.
    pub const OWN: Span = Span {
        lo: 0,
        hi: 0,
        claim_lo: 0,
        claim_hi: 0,
    };

    /// Where both hold.
    pub fn meet(self, other: Span) -> Span {
        Span {
            lo: self.lo.max(other.lo),
            hi: self.hi.min(other.hi),
            claim_lo: self.claim_lo.max(other.claim_lo),
            claim_hi: self.claim_hi.min(other.claim_hi),
        }
    }

    /// The span, seen from before `played`, of a result after it: a capture settles the
    /// claim, and a discard that ends the game gives the table to the claim.
    pub fn before(self, played: Move, ends: bool) -> Span {
        let (claim_lo, claim_hi) = if !played.capture.is_empty() {
            (-FAR, FAR)
        } else if ends {
            (0, 0)
        } else {
            (self.claim_lo, self.claim_hi)
        };
        Span {
            claim_lo,
            claim_hi,
            ..self
        }
    }
}

/// Where a node's result holds, from its children's ([`Span`]): its bound on the side
/// the mover picks (the hero's lower, the others' upper) needs only the best child's, the
/// other side every child's.
#[derive(Clone, Copy)]
pub(crate) struct Spans {
    every: Span,
    best: Span,
}

impl Spans {
    /// No child yet.
    pub const ALL: Spans = Spans {
        every: Span::ALL,
        best: Span::ALL,
    };

    /// Adds a child's span; `better` when it is the best child so far.
    pub fn add(&mut self, child: Span, maximising: bool, better: bool) {
        if maximising {
            self.every.hi = self.every.hi.min(child.hi);
            self.every.claim_hi = self.every.claim_hi.min(child.claim_hi);
        } else {
            self.every.lo = self.every.lo.max(child.lo);
            self.every.claim_lo = self.every.claim_lo.max(child.claim_lo);
        }
        if better {
            self.best = child;
        }
    }

    /// The node's span.
    pub fn node(self, maximising: bool) -> Span {
        if maximising {
            Span {
                lo: self.best.lo,
                claim_lo: self.best.claim_lo,
                ..self.every
            }
        } else {
            Span {
                hi: self.best.hi,
                claim_hi: self.best.claim_hi,
                ..self.every
            }
        }
    }
}

/// What a probe found: bounds on the value with the shifts of the lead and claim where
/// they hold ([`Span`]), and the best move known.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Probe {
    pub lower: i16,
    pub upper: i16,
    pub span: Span,
    pub best: Option<Move>,
}

impl Probe {
    /// Nothing known.
    pub const NOTHING: Probe = Probe {
        lower: i16::MIN,
        upper: i16::MAX,
        span: Span::ALL,
        best: None,
    };
}

/// A position's transposition key: `base` covers everything but, with two players and not
/// at a cut, the hero's lead in captured cards over the other seat (`lead`, at most
/// `most` either way: larger leads are decided, and counted as `most`, `excess` beyond)
/// and who takes the table if nobody captures again (`claim`: 0 the other seat, 1
/// nobody, 2 the hero); else they are 0, 0, 0 and 1.
///
/// Positions that differ only by those share a bucket, and their values are ordered: for
/// every line of play, a larger lead and a claim nearer the hero are never worse, and a
/// lead one card larger is at most one bonus for most cards better (two in all). So one
/// look at a bucket also bounds the value by its neighbours'.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Key {
    pub base: u64,
    pub lead: i8,
    pub most: i8,
    pub excess: i16,
    pub claim: u8,
}

impl Key {
    /// The key of a position without lead or claim.
    pub const fn plain(base: u64) -> Key {
        Key {
            base,
            lead: 0,
            most: 0,
            excess: 0,
            claim: 1,
        }
    }

    /// The key of this position with its lead shifted by `shift` (past `most`, counted as
    /// `most`) and its claim by `claim_shift` (a plain key stays as it is).
    fn shifted(self, shift: i16, claim_shift: i16) -> Key {
        if self.most == 0 {
            return self;
        }
        let most = i32::from(self.most);
        let lead = i32::from(self.lead) + i32::from(self.excess) + i32::from(shift);
        let claim = (i32::from(self.claim) + i32::from(claim_shift)).clamp(0, 2);
        Key {
            lead: lead.clamp(-most, most) as i8,
            excess: 0,
            claim: claim as u8,
            ..self
        }
    }

    /// A span over this key's lead as a span over the position's own: a decided lead's
    /// span reaches every lead past it.
    fn unclamped(self, span: Span) -> Span {
        match self.excess {
            0 => span,
            excess if excess > 0 => Span {
                lo: span.lo - excess,
                hi: FAR,
                ..span
            },
            excess => Span {
                lo: -FAR,
                hi: span.hi - excess,
                ..span
            },
        }
    }

    /// How far the 64-bit key an entry holds is from the base: entries of one base are
    /// told apart (and found) by it.
    fn offset(self) -> i64 {
        i64::from(self.claim) << 8 | i64::from(self.lead as u8 ^ 0x80)
    }

    /// The 64-bit key an entry holds.
    fn full(self) -> u64 {
        self.base.wrapping_add(self.offset() as u64)
    }
}

/// Slots per bucket: 64 bytes.
const BUCKET: usize = 4;

/// The caller's slots, in buckets of four: a key may sit in any slot of its bucket; a
/// new position replaces the one with fewest moves left (cheapest to search again).
#[derive(Debug)]
pub(crate) struct Table<'t> {
    slots: &'t mut [Entry],
}

impl<'t> Table<'t> {
    pub fn new(slots: &'t mut [Entry]) -> Table<'t> {
        Table { slots }
    }

    /// Forgets every position.
    pub fn clear(&mut self) {
        self.slots.fill(Entry::EMPTY);
    }

    /// The bucket for `base`: the key's high bits scaled to the table, so any size works
    /// (with fewer slots than a bucket, the bucket is those slots).
    fn bucket(&mut self, base: u64) -> &mut [Entry] {
        let buckets = self.slots.len().div_ceil(BUCKET);
        let first = ((u128::from(base) * buckets as u128) >> 64) as usize * BUCKET;
        let end = (first + BUCKET).min(self.slots.len());
        self.slots.get_mut(first..end).unwrap_or(&mut [])
    }

    /// What is known of the position with this key, whose table is `table` and whose seat
    /// to move holds `hand`: its own entry, and bounds from the entries of other leads.
    pub fn probe(&mut self, key: Key, table: CardSet, hand: CardSet) -> Probe {
        let full = key.full();
        let (mut lower, mut upper) = (i32::from(i16::MIN), i32::from(i16::MAX));
        let far = i32::from(FAR);
        let (mut lower_lo, mut upper_hi) = ((-far, -far), (far, far));
        // A bound that holds over more leads (then claims) is better when equal.
        let mut raise = |value: i32, lo: (i32, i32)| {
            if value > lower || value == lower && lo < lower_lo {
                (lower, lower_lo) = (value, lo);
            }
        };
        let mut cap = |value: i32, hi: (i32, i32)| {
            if value < upper || value == upper && hi > upper_hi {
                (upper, upper_hi) = (value, hi);
            }
        };
        let mut best = None;
        for entry in self.bucket(key.base).iter() {
            let (entry_lower, entry_upper) = (i32::from(entry.lower), i32::from(entry.upper));
            if entry.key == full {
                raise(entry_lower, (0, 0));
                cap(entry_upper, (0, 0));
                best = Card::from_index(entry.card)
                    .and_then(|card| card_of_class(hand, card))
                    .map(|card| Move::new(card, capture_from_tag(table, entry.capture_tag)));
                continue;
            }
            let offset = entry.key.wrapping_sub(key.base);
            if offset >= 3 << 8 {
                continue;
            }
            let (lead, claim) = ((offset & 0xFF) as i32 - 0x80, (offset >> 8) as u8);
            let shift = lead - i32::from(key.lead);
            let claim_shift = i32::from(claim) - i32::from(key.claim);
            if shift <= 0 && claim_shift <= 0 {
                // Never better than this position.
                raise(entry_lower, (shift, claim_shift));
            }
            if shift >= 0 && claim_shift >= 0 {
                cap(entry_upper, (shift, claim_shift));
            }
            if claim == key.claim {
                let swing = MOST_CARDS_BONUS as i32 * shift.abs().min(2);
                // Two cards of lead apart or more, the swing is the largest there is.
                let (lo, hi) = if shift.abs() >= 2 {
                    (-far, far)
                } else {
                    (shift - 1, shift + 1)
                };
                raise(entry_lower - swing, (lo, 0));
                cap(entry_upper + swing, (hi, 0));
            }
        }
        let clamp = |value: i32| value.clamp(i16::MIN.into(), i16::MAX.into()) as i16;
        Probe {
            lower: clamp(lower),
            upper: clamp(upper),
            span: key.unclamped(Span {
                lo: lower_lo.0 as i16,
                hi: upper_hi.0 as i16,
                claim_lo: lower_lo.1 as i16,
                claim_hi: upper_hi.1 as i16,
            }),
            best,
        }
    }

    /// Records bounds for the position with this key (`depth` moves left, `table` on the
    /// table), and its best move if one is known, adding to what the table already knows
    /// of it: a lower bound at the lowest lead where it holds, an upper bound at the
    /// highest ([`Span`]), so that the probes of every lead between find them.
    #[allow(clippy::too_many_arguments)]
    pub fn store(
        &mut self,
        key: Key,
        span: Span,
        table: CardSet,
        depth: usize,
        lower: i16,
        upper: i16,
        best: Option<Move>,
    ) {
        let low_key = key.shifted(span.lo, span.claim_lo);
        let high_key = key.shifted(span.hi, span.claim_hi);
        if low_key == high_key || lower == i16::MIN || upper == i16::MAX {
            let at = if lower == i16::MIN { high_key } else { low_key };
            self.store_at(at, table, depth, lower, upper, best);
        } else {
            self.store_at(low_key, table, depth, lower, i16::MAX, best);
            self.store_at(high_key, table, depth, i16::MIN, upper, best);
        }
    }

    fn store_at(
        &mut self,
        key: Key,
        table: CardSet,
        depth: usize,
        lower: i16,
        upper: i16,
        best: Option<Move>,
    ) {
        let best = best.and_then(|played| Some((played.card, capture_tag(table, played.capture)?)));
        let key_bits = key.full();
        let bucket = self.bucket(key.base);
        let same = bucket.iter().position(|entry| entry.key == key_bits);
        let cheapest = (0..bucket.len()).min_by_key(|&slot| bucket[slot].depth);
        let Some(slot) = same.or(cheapest).and_then(|slot| bucket.get_mut(slot)) else {
            return;
        };
        let known = if slot.key == key_bits {
            *slot
        } else {
            Entry::EMPTY
        };
        *slot = Entry {
            key: key_bits,
            lower: lower.max(known.lower),
            upper: upper.min(known.upper),
            card: best.map_or(known.card, |(card, _)| card.index()),
            depth: depth as u8,
            capture_tag: best.map_or(known.capture_tag, |(_, tag)| tag),
        };
    }
}
