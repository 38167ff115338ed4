//! The original's greedy player: the best move by a fixed 9-part key, then a random card
//! among those equivalent to the chosen one, so that the suit played leaks nothing. The
//! searching bots play its move on a table too crowded to search ([`CROWDED_TABLE`]).
//!
//! With a partner on the table it plays exactly as alone: the key values its own capture
//! and nothing else, so it takes what it can even when leaving it would give its partner
//! a larger one, and it never lays a card down for the partner; the rules' sides and
//! house rules do not enter its choice (the original's player knew neither).

use core::cmp::Ordering;
use core::ops::ControlFlow;

use crate::bots::Bot;
use crate::capture::{capturing_cards, try_for_each_unextendable_shape, CaptureShape};
use crate::dealing::pcg32::{below, Pcg32};
use crate::game::moves::Move;
use crate::game::view::PlayerView;
use crate::{Card, CardClass, CardSet, Rank, Suit};

/// The greedy player's measure of a move; the larger key is the better move. Its parts, most
/// significant first (as in the original `PohlepniIgrac`):
/// 1. tabla (1/0);
/// 2. for a capture, the points of the captured cards plus the played card; for a discard,
///    minus the points of the played card;
/// 3. the number of table cards captured;
/// 4. 10♦: 1 if captured or played in a capture, −1 if discarded, else 0; 5. the same for 2♣;
/// 6. aces: for a capture, how many are taken (the played card included); for a discard −1
///    if the card is an ace, else 0;
/// 7. 14 − the played card's value (ace 1), so lower cards are preferred;
/// 8. the played card, by rank and then hearts < spades < diamonds < clubs;
/// 9. the captured cards, highest first, compared as a sequence (same card order).
///
/// Parts 1–8 are packed into one word; part 9 is the capture as a mask in the original's
/// card order, since comparing two sets' descending sequences is comparing those masks.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct GreedyKey {
    head: u64,
    captured: u64,
}

/// Bit offsets of parts 1–8 in `GreedyKey::head`, and the biases that make them unsigned.
const TABLA: u32 = 29;
const POINTS: u32 = 23;
const POINTS_BIAS: u64 = 8;
const COUNT: u32 = 17;
const TEN_OF_DIAMONDS: u32 = 15;
const TWO_OF_CLUBS: u32 = 13;
const ACES: u32 = 10;
const LOWNESS: u32 = 6;
const PLAYED: u32 = 0;

/// Parts 2 and 4–6 add up over the cards that go to the pile (the played card among them)
/// for a capture, and are their negation for a discard, which sends only the played card
/// away. So a head is the biases, plus the played card's own parts 7–8, plus or minus each
/// card's share.
const BIASES: u64 = POINTS_BIAS << POINTS | 1 << TEN_OF_DIAMONDS | 1 << TWO_OF_CLUBS | 1 << ACES;

/// Per card: its share of parts 2 and 4–6 when it goes to a pile, and its parts 7 and 8
/// when played.
const SHARES: [CardShares; 52] = {
    let mut table = [CardShares {
        to_pile: 0,
        as_played: 0,
    }; 52];
    let mut index = 0;
    while index < 52 {
        if let Some(card) = Card::from_index(index as u8) {
            table[index] = CardShares {
                to_pile: (card.points() as u64) << POINTS
                    | ((index == TEN_D.index() as usize) as u64) << TEN_OF_DIAMONDS
                    | ((index == TWO_C.index() as usize) as u64) << TWO_OF_CLUBS
                    | ((card.rank() as u8 == Rank::Ace as u8) as u64) << ACES,
                as_played: (14 - card.capture_value() as u64) << LOWNESS
                    | (card.rank().index() as u64 * 4 + suit_order(card.suit())) << PLAYED,
            };
        }
        index += 1;
    }
    table
};

/// One card's contributions to a key's head.
#[derive(Clone, Copy)]
struct CardShares {
    to_pile: u64,
    as_played: u64,
}

const TEN_D: Card = Card::new(Rank::Ten, Suit::Diamonds);
const TWO_C: Card = Card::new(Rank::Two, Suit::Clubs);

/// The original's order of suits within a rank: hearts, spades, diamonds, clubs.
const fn suit_order(suit: Suit) -> u64 {
    match suit {
        Suit::Hearts => 0,
        Suit::Spades => 1,
        Suit::Diamonds => 2,
        Suit::Clubs => 3,
    }
}

/// A card set re-indexed into the original's card order (rank, then H < S < D < C): our
/// nibbles hold C D H S in bits 0..4, the original's order wants H S D C.
const fn in_original_order(cards: CardSet) -> u64 {
    const LOW: u64 = 0x0001_1111_1111_1111;
    let bits = cards.bits();
    (bits & LOW) << 3 | (bits & LOW << 1) << 1 | (bits & LOW << 2) >> 2 | (bits & LOW << 3) >> 2
}

impl GreedyKey {
    /// The key of playing `played` and taking `capture` from `table`.
    pub const fn new(table: CardSet, played: Card, capture: CardSet) -> GreedyKey {
        if capture.is_empty() {
            GreedyKey::of_discard(played)
        } else {
            GreedyKey::of_capture(table, played, capture)
        }
    }

    /// The key of playing `played` and taking nothing.
    const fn of_discard(played: Card) -> GreedyKey {
        let shares = SHARES[played.index() as usize];
        GreedyKey {
            head: BIASES + shares.as_played - shares.to_pile,
            captured: 0,
        }
    }

    /// The key of playing `played` and taking `capture`, which is not empty, from `table`.
    const fn of_capture(table: CardSet, played: Card, capture: CardSet) -> GreedyKey {
        let shares = SHARES[played.index() as usize];
        let tabla = (capture.bits() == table.bits()) as u64;
        let mut head = BIASES + shares.as_played + shares.to_pile + (tabla << TABLA);
        let mut rest = capture.bits();
        while rest != 0 {
            head += SHARES[rest.trailing_zeros() as usize].to_pile + (1 << COUNT);
            rest &= rest - 1;
        }
        GreedyKey {
            head,
            captured: in_original_order(capture),
        }
    }

    /// Parts 1–7, as the original prints them (the oracle's `key7`).
    pub fn parts(&self) -> [i32; 7] {
        let field = |shift: u32, width: u32| ((self.head >> shift) & ((1 << width) - 1)) as i32;
        [
            field(TABLA, 1),
            field(POINTS, 6) - POINTS_BIAS as i32,
            field(COUNT, 6),
            field(TEN_OF_DIAMONDS, 2) - 1,
            field(TWO_OF_CLUBS, 2) - 1,
            field(ACES, 3) - 1,
            field(LOWNESS, 4),
        ]
    }
}

impl Ord for GreedyKey {
    fn cmp(&self, other: &GreedyKey) -> Ordering {
        (self.head, self.captured).cmp(&(other.head, other.captured))
    }
}

impl PartialOrd for GreedyKey {
    fn partial_cmp(&self, other: &GreedyKey) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

/// The greedy player's favourite move with `hand` on `table` (before the suit is drawn),
/// or `None` for an empty hand.
///
/// Every part of the key but the card's own grows with the capture, and for a given rank
/// shape the best suits are each rank's most valuable cards, then the highest suits. So
/// only the shapes nothing fits beside need a key, one capture each (`best_of_shape`).
/// The cards of a rank take the same captures, and on any capture the same preference
/// picks the best of them to play. Any capture beats every discard (it scores at least 0
/// and takes a card; a discard scores at most 0), so discards count only when no card can
/// capture.
pub fn best_greedy_move(hand: CardSet, table: CardSet) -> Option<Move> {
    let mut best: Option<(GreedyKey, Move)> = None;
    let keep_better = |best: &mut Option<(GreedyKey, Move)>, key: GreedyKey, chosen: Move| {
        if best.is_none_or(|(best_key, _)| key > best_key) {
            *best = Some((key, chosen));
        }
    };
    let mut capturing = hand & capturing_cards(table);
    while let Some(any) = capturing.first() {
        let rank = any.rank();
        capturing -= capturing.rank_cards(rank);
        let Some(card) = best_cards(rank, hand, 1).first() else {
            continue;
        };
        // Never ∅: the card takes something, so every shape nothing fits beside does.
        let _ = try_for_each_unextendable_shape::<()>(table, card, |shape| {
            let capture = best_of_shape(shape);
            let key = GreedyKey::of_capture(table, card, capture);
            keep_better(&mut best, key, Move::new(card, capture));
            ControlFlow::Continue(())
        });
    }
    if best.is_none() {
        for card in hand {
            keep_better(&mut best, GreedyKey::of_discard(card), Move::discard(card));
        }
    }
    best.map(|(_, chosen)| chosen)
}

/// The greedy player's best capture of a shape: every free card, and of each rank the
/// [`best_cards`].
pub(crate) fn best_of_shape(shape: &CaptureShape<'_>) -> CardSet {
    shape.free() | shape.pick(best_cards)
}

/// The `count` best of the `cards` of `rank`: those with the most points, then the highest
/// suits (10♦ first among tens, then clubs, diamonds, spades, hearts).
fn best_cards(rank: Rank, cards: CardSet, count: u8) -> CardSet {
    let table = if rank == Rank::Ten { &TOP_TENS } else { &TOP };
    let shift = 4 * rank.index() as u32;
    let nibble = (cards.bits() >> shift) & 0xF;
    let top = table[nibble as usize][count as usize] as u64;
    CardSet::from_bits(top << shift).unwrap_or_default()
}

/// `TOP[cards][k]`: the best `k` of a rank's cards (a nibble, bits C D H S), preferring
/// clubs, diamonds, spades, hearts; `TOP_TENS` puts 10♦ (2 points) first.
const TOP: [[u8; 5]; 16] = top_cards([0, 1, 3, 2]);
const TOP_TENS: [[u8; 5]; 16] = top_cards([1, 0, 3, 2]);

/// The table of the best `k` cards of each nibble, given the suit bits in preference order.
const fn top_cards(preference: [u8; 4]) -> [[u8; 5]; 16] {
    let mut table = [[0u8; 5]; 16];
    let mut cards: usize = 0;
    while cards < 16 {
        let mut taken = 0u8;
        let mut count = 0;
        let mut position = 0;
        while position < 4 {
            let bit = 1u8 << preference[position];
            if cards as u8 & bit != 0 {
                taken |= bit;
                count += 1;
                table[cards][count] = taken;
            }
            position += 1;
        }
        cards += 1;
    }
    table
}

/// The most table cards the searching bots (minimax, pimc, ismcts, clairvoyant) search
/// over; on a larger table they play the greedy move. No real game comes near it (random
/// play reached 19 cards at most in 20,000 games), but a discard is always legal, so
/// players who only discard fill the table, and there the captures a search must weigh
/// run into the millions: a decision would take minutes.
pub const CROWDED_TABLE: usize = 20;

/// True when `view`'s table holds more than [`CROWDED_TABLE`] cards.
pub(crate) fn crowded(view: &PlayerView<'_>) -> bool {
    view.table().len() > CROWDED_TABLE
}

/// The greedy move, when it is `view`'s seat's turn and its table is [crowded].
pub(super) fn crowded_table_move(view: &PlayerView<'_>) -> Option<Move> {
    let crowded = view.is_my_turn() && crowded(view);
    crowded
        .then(|| best_greedy_move(view.hand(), view.table()))
        .flatten()
}

/// The hand cards that would make the same move as `card`: its [`CardClass`] (its rank,
/// except that 2♣ and 10♦, worth more points, each stand alone).
pub fn equivalent_cards(hand: CardSet, card: Card) -> CardSet {
    hand & CardClass::of(card).cards()
}

/// Plays [`best_greedy_move`], with the card drawn uniformly from [`equivalent_cards`].
#[derive(Clone, Debug)]
pub struct GreedyBot {
    rng: Pcg32,
}

impl GreedyBot {
    /// A greedy bot drawing its suits from `Pcg32::new(seed, 2)`.
    pub const fn new(seed: u64) -> GreedyBot {
        GreedyBot {
            rng: Pcg32::new(seed, 2),
        }
    }
}

impl Bot for GreedyBot {
    fn choose(&mut self, view: &PlayerView<'_>) -> Move {
        let hand = view.hand();
        let Some(best) = best_greedy_move(hand, view.table()) else {
            return Move::discard(Card::new(Rank::Ace, Suit::Clubs));
        };
        let choices = equivalent_cards(hand, best.card);
        let pick = below(&mut self.rng, choices.len().max(1) as u32) as usize;
        let card = choices.iter().nth(pick).unwrap_or(best.card);
        Move::new(card, best.capture)
    }
}

#[cfg(test)]
mod tests {
    extern crate std;

    use proptest::prelude::*;

    use super::*;
    use crate::game::moves::for_each_move;

    fn cards(indices: std::collections::BTreeSet<u8>) -> CardSet {
        indices.into_iter().filter_map(Card::from_index).collect()
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(1000))]

        /// Tables dense in low ranks and aces, where groups share ranks and a rank has
        /// several shapes that nothing fits beside.
        #[test]
        fn the_best_move_on_crowded_tables_is_the_maximum_over_every_move(
            hand in proptest::collection::btree_set(0u8..52, 1..=6),
            table in proptest::collection::btree_set(0u8..28, 0..=12),
        ) {
            let (hand, table) = (cards(hand), cards(table));
            let table = table - hand;
            let mut best: Option<(GreedyKey, Move)> = None;
            for_each_move(hand, table, |candidate| {
                let key = GreedyKey::new(table, candidate.card, candidate.capture);
                if best.is_none_or(|(best_key, _)| key > best_key) {
                    best = Some((key, candidate));
                }
            });
            prop_assert_eq!(best_greedy_move(hand, table), best.map(|(_, chosen)| chosen));
        }
    }
}
