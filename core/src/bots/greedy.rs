//! The original's greedy player: the best move by a fixed 9-part key, then a random card
//! among those equivalent to the chosen one, so that the suit played leaks nothing.

use core::cmp::Ordering;
use core::ops::ControlFlow;

use crate::bots::Bot;
use crate::capture::{reachable_sums, target_sum, try_for_each_legal_shape, CaptureShape};
use crate::moves::Move;
use crate::pcg32::{below, Pcg32};
use crate::view::PlayerView;
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
const POINTS_BIAS: i32 = 8;
const COUNT: u32 = 17;
const TEN_OF_DIAMONDS: u32 = 15;
const TWO_OF_CLUBS: u32 = 13;
const ACES: u32 = 10;
const LOWNESS: u32 = 6;
const PLAYED: u32 = 0;

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

/// 1 when `card` goes to a pile with this move, −1 when it is discarded, else 0.
const fn fate(card: Card, played: Card, capture: CardSet) -> i32 {
    match (capture.is_empty(), played.index() == card.index()) {
        (false, true) => 1,
        (false, false) => capture.contains(card) as i32,
        (true, true) => -1,
        (true, false) => 0,
    }
}

impl GreedyKey {
    /// The key of playing `played` and taking `capture` from `table`.
    pub const fn new(table: CardSet, played: Card, capture: CardSet) -> GreedyKey {
        let taken = !capture.is_empty();
        let tabla = taken && capture.bits() == table.bits();
        let points = if taken {
            capture.points() as i32 + played.points() as i32
        } else {
            -(played.points() as i32)
        };
        let aces = if taken {
            capture.with(played).rank_count(Rank::Ace) as i32
        } else {
            -((played.rank() as u8 == Rank::Ace as u8) as i32)
        };
        let head = (tabla as u64) << TABLA
            | ((points + POINTS_BIAS) as u64) << POINTS
            | (capture.len() as u64) << COUNT
            | ((fate(TEN_D, played, capture) + 1) as u64) << TEN_OF_DIAMONDS
            | ((fate(TWO_C, played, capture) + 1) as u64) << TWO_OF_CLUBS
            | ((aces + 1) as u64) << ACES
            | (14 - played.capture_value() as u64) << LOWNESS
            | (played.rank().index() as u64 * 4 + suit_order(played.suit())) << PLAYED;
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
            field(POINTS, 6) - POINTS_BIAS,
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
/// only one capture per shape (`best_of_shape`) and the discards need a key.
pub fn best_greedy_move(hand: CardSet, table: CardSet) -> Option<Move> {
    // The best discard first: its key does not depend on the table.
    let mut best: Option<(GreedyKey, Move)> = hand
        .iter()
        .map(|card| (DISCARD_KEYS[card.index() as usize], Move::discard(card)))
        .max_by_key(|(key, _)| *key);
    let mut consider = |card: Card, capture: CardSet| {
        let key = GreedyKey::new(table, card, capture);
        if best.is_none_or(|(best_key, _)| key > best_key) {
            best = Some((key, Move::new(card, capture)));
        }
    };
    let reachable = reachable_sums(table);
    let mut ranks = hand.bits();
    while let Some(first) = CardSet::from_bits(ranks).and_then(CardSet::first) {
        let cards = hand.rank_cards(first.rank());
        ranks &= !cards.bits();
        if reachable & 1 << target_sum(first) == 0 {
            continue;
        }
        let _ = try_for_each_legal_shape::<()>(table, first, |shape| {
            let capture = best_of_shape(shape);
            if !capture.is_empty() {
                for card in cards {
                    consider(card, capture);
                }
            }
            ControlFlow::Continue(())
        });
    }
    best.map(|(_, chosen)| chosen)
}

/// The greedy player's best capture of a shape: every free card, and of each rank the
/// cards with the most points, then the highest suits (10♦ first among tens, then
/// clubs, diamonds, spades, hearts).
fn best_of_shape(shape: &CaptureShape<'_>) -> CardSet {
    shape.free()
        | shape.pick(|rank, available, count| {
            let table = if rank == Rank::Ten { &TOP_TENS } else { &TOP };
            let shift = 4 * rank.index() as u32;
            let nibble = (available.bits() >> shift) & 0xF;
            let top = table[nibble as usize][count as usize] as u64;
            CardSet::from_bits(top << shift).unwrap_or_default()
        })
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

/// Every card's key as a discard.
const DISCARD_KEYS: [GreedyKey; 52] = {
    let mut keys = [GreedyKey {
        head: 0,
        captured: 0,
    }; 52];
    let mut index = 0;
    while index < 52 {
        if let Some(card) = Card::from_index(index as u8) {
            keys[index] = GreedyKey::new(CardSet::EMPTY, card, CardSet::EMPTY);
        }
        index += 1;
    }
    keys
};

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
