//! The capture search against a brute force that follows the rules' wording literally.

extern crate std;
use std::vec::Vec;

use proptest::prelude::*;

use super::rank_counts::RankCounts;
use super::*;
use crate::{Card, CardSet, Rank};

/// Some assignment of 1/11 to the aces makes the group's sum the target.
fn sums_to(group: CardSet, played: Card) -> bool {
    let aces = group.rank_count(Rank::Ace) as u32;
    let others: u32 = group
        .iter()
        .filter(|card| card.rank() != Rank::Ace)
        .map(|card| card.capture_value() as u32)
        .sum();
    let targets: &[u32] = if played.rank() == Rank::Ace {
        &[1, 11]
    } else {
        &[played.capture_value() as u32]
    };
    !group.is_empty() && (0..=aces).any(|high| targets.contains(&(others + aces + 10 * high)))
}

/// The cards split into disjoint groups: the lowest card's group, then the rest.
fn splits_literally(cards: CardSet, played: Card) -> bool {
    let Some(lowest) = cards.first() else {
        return true;
    };
    let others = cards.without(lowest);
    others.subsets().any(|with| {
        let group = with.with(lowest);
        sums_to(group, played) && splits_literally(cards - group, played)
    })
}

fn literal_legal_captures(table: CardSet, played: Card) -> Vec<CardSet> {
    table
        .subsets()
        .filter(|capture| splits_literally(*capture, played))
        .collect()
}

fn sorted(mut captures: Vec<CardSet>) -> Vec<CardSet> {
    captures.sort();
    captures
}

fn legal_captures(table: CardSet, played: Card) -> Vec<CardSet> {
    let mut found = Vec::new();
    for_each_legal_capture(table, played, |capture| found.push(capture));
    found
}

fn legal_captures_with_arena<const SLOTS: usize>(table: CardSet, played: Card) -> Vec<CardSet> {
    let mut found = Vec::new();
    let _ = try_for_each_legal_capture_in::<SLOTS, ()>(
        &mut CaptureArena::new(),
        table,
        played,
        |capture| {
            found.push(capture);
            core::ops::ControlFlow::Continue(())
        },
    );
    found
}

fn card(text: &str) -> Card {
    text.parse().unwrap()
}

fn set(text: &str) -> CardSet {
    text.parse().unwrap()
}

#[test]
fn rules_examples() {
    let captures = sorted(legal_captures(set("3H 3S 4D 4C"), card("7S")));
    assert_eq!(captures.len(), 6);
    assert!(captures.contains(&set("3H 3S 4D 4C")));
    assert!(captures.contains(&CardSet::EMPTY));
    let captures = sorted(legal_captures(set("3H 4D 4C"), card("7S")));
    assert_eq!(
        captures,
        sorted(std::vec![CardSet::EMPTY, set("3H 4D"), set("3H 4C")])
    );
}

#[test]
fn aces_count_one_or_eleven_on_both_sides() {
    // Played ace takes a lone ace (1) and 10+A... no: A+10 = 11.
    let captures = sorted(legal_captures(set("AH 10S"), card("AS")));
    assert_eq!(
        captures,
        sorted(std::vec![CardSet::EMPTY, set("AH"), set("AH 10S")])
    );
    // K (14) takes A(11)+3 and A+A+A(11)+... here A(11)+A(1)+2.
    assert!(legal_captures(set("AH 3S"), card("KS")).contains(&set("AH 3S")));
    assert!(legal_captures(set("AH AD 2S"), card("KS")).contains(&set("AH AD 2S")));
    assert_eq!(legal_capture_count(set("AH AD AC AS"), card("KS")), 2);
}

#[test]
fn count_matches_listing_on_a_full_table_rank() {
    let table = CardSet::FULL - set("KC KD KH KS QC QD QH QS JC JD JH JS 10C 10D 10H 10S");
    let mut listed = 0u64;
    for_each_legal_capture(
        table.intersection(set("2C 2D 3C 3D 4C 4D 5C 5D")),
        card("9H"),
        |_| listed += 1,
    );
    assert_eq!(
        listed,
        legal_capture_count(
            table.intersection(set("2C 2D 3C 3D 4C 4D 5C 5D")),
            card("9H")
        )
    );
}

#[test]
fn a_bounded_count_stops_early_on_a_full_table() {
    // The full count of an ace on the other 51 cards (12,665,877,760) takes seconds even
    // optimised; stopping past the limit answers at once.
    let ace = card("AS");
    let count = legal_capture_count_up_to(CardSet::FULL.without(ace), ace, 1 << 22);
    assert!(count > 1 << 22, "{count}");
    // A king's count walks far longer before it passes the limit; the floor passes it.
    let king = card("KS");
    let count = legal_capture_count_up_to(CardSet::FULL.without(king), king, 1 << 22);
    assert!(count > 1 << 22, "{count}");
}

#[test]
fn a_bounded_count_is_exact_up_to_its_limit() {
    let table = set("3H 3S 4D 4C");
    for most in 0..10 {
        let count = legal_capture_count_up_to(table, card("7S"), most);
        if most >= 6 {
            assert_eq!(count, 6);
        } else {
            assert!(count > most, "{most}: {count}");
        }
    }
}

#[test]
fn check_gives_the_reason() {
    let table = set("3H 4D 4C 9S");
    assert_eq!(check_capture(table, card("7S"), set("3H 4D")), Ok(()));
    assert_eq!(check_capture(table, card("7S"), CardSet::EMPTY), Ok(()));
    assert_eq!(
        check_capture(table, card("7S"), set("3H 5D")),
        Err(CaptureError::NotOnTable(set("5D")))
    );
    assert_eq!(
        check_capture(table, card("2S"), set("3H")),
        Err(CaptureError::NothingSumsToCard)
    );
    assert_eq!(
        check_capture(table, card("7S"), set("3H 4D 4C")),
        Err(CaptureError::CannotSplitIntoGroups)
    );
    assert_eq!(
        check_capture(table, card("7S"), set("9S")),
        Err(CaptureError::CannotSplitIntoGroups)
    );
}

fn any_card() -> impl Strategy<Value = Card> {
    (0u8..52).prop_map(|index| Card::from_index(index).unwrap())
}

fn table_of(max: usize) -> impl Strategy<Value = CardSet> {
    proptest::collection::btree_set(0u8..52, 0..=max).prop_map(|indices| {
        indices
            .into_iter()
            .map(|i| Card::from_index(i).unwrap())
            .collect()
    })
}

/// Tables dense in low ranks and aces, where groups overlap the most.
fn crowded_table(max: usize) -> impl Strategy<Value = CardSet> {
    proptest::collection::btree_set(0u8..28, 0..=max).prop_map(|indices| {
        indices
            .into_iter()
            .map(|i| Card::from_index(i).unwrap())
            .collect()
    })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(400))]

    #[test]
    fn legal_captures_match_the_literal_rules(table in table_of(11), played in any_card()) {
        let played_on = table.without(played);
        let found = legal_captures(played_on, played);
        prop_assert_eq!(sorted(found.clone()), literal_legal_captures(played_on, played));
        prop_assert_eq!(found.len() as u64, legal_capture_count(played_on, played));
    }

    #[test]
    fn crowded_tables_match_the_literal_rules(table in crowded_table(12), played in any_card()) {
        let played_on = table.without(played);
        prop_assert_eq!(
            sorted(legal_captures(played_on, played)),
            literal_legal_captures(played_on, played)
        );
    }

    #[test]
    fn a_bounded_count_is_exact_or_past_its_limit(
        table in table_of(24),
        played in any_card(),
        most in prop_oneof![0u64..64, 0u64..100_000],
    ) {
        // Small limits on large tables take the floor's shortcut: it must never pass a
        // limit that the exact count keeps.
        let played_on = table.without(played);
        let exact = legal_capture_count(played_on, played);
        let bounded = legal_capture_count_up_to(played_on, played, most);
        if exact <= most {
            prop_assert_eq!(bounded, exact);
        } else {
            prop_assert!(bounded > most, "{} > {} but bounded {}", exact, most, bounded);
        }
    }

    #[test]
    fn a_tiny_arena_changes_nothing(table in crowded_table(16), played in any_card()) {
        let played_on = table.without(played);
        let expected = sorted(legal_captures(played_on, played));
        prop_assert_eq!(sorted(legal_captures_with_arena::<4>(played_on, played)), expected.clone());
        prop_assert_eq!(sorted(legal_captures_with_arena::<8>(played_on, played)), expected);
    }

    #[test]
    fn groups_are_exactly_the_subsets_that_sum(table in table_of(12), played in any_card()) {
        let played_on = table.without(played);
        let mut groups = Vec::new();
        for_each_capturable_group(played_on, played, |group| groups.push(group));
        let literal: Vec<CardSet> =
            played_on.subsets().filter(|group| sums_to(*group, played)).collect();
        prop_assert_eq!(sorted(groups), literal.clone());
        prop_assert_eq!(can_capture(played_on, played), !literal.is_empty());
    }

    #[test]
    fn check_accepts_exactly_the_legal_captures(table in crowded_table(10), played in any_card()) {
        let played_on = table.without(played);
        let legal = literal_legal_captures(played_on, played);
        for capture in played_on.subsets() {
            prop_assert_eq!(check_capture(played_on, played, capture).is_ok(), legal.contains(&capture));
        }
    }
}

/// A shape as its count per rank.
type Counts = [u8; 13];

fn counts_of(shape: &CaptureShape<'_>) -> Counts {
    Rank::ALL.map(|rank| shape.count(rank))
}

/// `inner` takes no more of any rank than `outer`, and less of one.
fn strictly_within(inner: &Counts, outer: &Counts) -> bool {
    inner != outer && inner.iter().zip(outer).all(|(a, b)| a <= b)
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(400))]

    #[test]
    fn capturing_cards_are_those_that_can_capture(table in table_of(20)) {
        let capturing = capturing_cards(table);
        for card in CardSet::FULL {
            prop_assert_eq!(capturing.contains(card), can_capture(table, card), "{}", card);
        }
    }

    #[test]
    fn unextendable_shapes_are_legal_and_hold_every_maximal_one(
        table in crowded_table(14),
        played in any_card(),
    ) {
        let played_on = table.without(played);
        let mut legal: Vec<Counts> = Vec::new();
        let _ = try_for_each_legal_shape::<()>(played_on, played, |shape| {
            legal.push(counts_of(shape));
            core::ops::ControlFlow::Continue(())
        });
        let mut unextendable: Vec<Counts> = Vec::new();
        let _ = try_for_each_unextendable_shape::<()>(played_on, played, |shape| {
            unextendable.push(counts_of(shape));
            core::ops::ControlFlow::Continue(())
        });
        for shape in &unextendable {
            prop_assert!(legal.contains(shape));
            prop_assert_eq!(unextendable.iter().filter(|other| *other == shape).count(), 1);
        }
        for shape in &legal {
            let maximal = !legal.iter().any(|other| strictly_within(shape, other));
            prop_assert!(!maximal || unextendable.contains(shape), "{:?}", shape);
        }
    }
}

#[test]
fn counts_per_rank() {
    let cards: CardSet = "AC AD 3H 3S 3C KD 10C 10D 10H 10S".parse().unwrap();
    let counts = RankCounts::of(cards);
    assert_eq!(counts.count(Rank::Ace), 2);
    assert_eq!(counts.count(Rank::Three), 3);
    assert_eq!(counts.count(Rank::Ten), 4);
    assert_eq!(counts.count(Rank::Two), 0);
    assert_eq!(counts.total(), 10);
    assert_eq!(counts.highest_rank(), Some(Rank::King));
    assert_eq!(RankCounts::ZERO.highest_rank(), None);
    assert_eq!(RankCounts::of(CardSet::FULL).total(), 52);
    // Every count a sum of two may have, in every rank's nibble.
    for count in 0..=8u64 {
        for rank in 0..13 {
            let present = RankCounts::from_bits(count << (4 * rank)).ranks_present();
            assert_eq!(present, u64::from(count > 0) << (4 * rank));
        }
    }
}

#[test]
fn fits_within_compares_every_rank() {
    let limit = RankCounts::of("AC AD 3H".parse().unwrap());
    assert!(RankCounts::single(Rank::Ace, 2).fits_within(limit));
    assert!(!RankCounts::single(Rank::Ace, 3).fits_within(limit));
    assert!(!RankCounts::single(Rank::Four, 1).fits_within(limit));
    let four_aces = RankCounts::single(Rank::Ace, 4);
    assert!(!four_aces
        .plus(four_aces)
        .fits_within(RankCounts::of(CardSet::FULL)));
    assert!(four_aces.fits_within(RankCounts::of(CardSet::FULL)));
}

/// Every legal capture of `played` on `table` (at most 16 cards), by subsets: a subset is
/// legal when it is empty, or some group holding its lowest card leaves a legal rest.
fn legal_by_subsets(table: CardSet, played: Card) -> Vec<CardSet> {
    let cards: Vec<CardSet> = table.iter().map(CardSet::single).collect();
    let mut sets = std::vec![CardSet::EMPTY; 1 << cards.len()];
    for mask in 1..sets.len() {
        let lowest = mask & mask.wrapping_neg();
        sets[mask] = sets[mask ^ lowest] | cards[lowest.trailing_zeros() as usize];
    }
    let group: Vec<bool> = sets.iter().map(|set| sums_to(*set, played)).collect();
    let mut legal = std::vec![false; sets.len()];
    legal[0] = true;
    for mask in 1..sets.len() {
        let lowest = mask & mask.wrapping_neg();
        let rest = mask ^ lowest;
        let mut others = rest;
        legal[mask] = loop {
            if group[others | lowest] && legal[rest ^ others] {
                break true;
            }
            if others == 0 {
                break false;
            }
            others = (others - 1) & rest;
        };
    }
    (0..sets.len())
        .filter(|&mask| legal[mask])
        .map(|mask| sets[mask])
        .collect()
}

/// Seeded tables of real sizes and crowded ones: the listing holds every legal capture once.
#[test]
fn listings_hold_every_legal_capture_once() {
    for case in 0..3000u64 {
        let deck = crate::Deck::from_seed(crate::dealing::seeding::derive_seed(0x5E7, case));
        let size = (case % 13) as usize;
        let (table, played) = if case % 3 == 0 {
            // The lowest seven ranks only: groups overlap the most.
            let low: Vec<Card> = deck
                .cards()
                .iter()
                .copied()
                .filter(|c| c.index() < 28)
                .collect();
            (low[..size].iter().copied().collect(), deck.cards()[51])
        } else {
            (
                deck.cards()[..size].iter().copied().collect(),
                deck.cards()[size],
            )
        };
        let table: CardSet = table;
        let table = table.without(played);
        let found = legal_captures(table, played);
        assert_eq!(
            sorted(found),
            sorted(legal_by_subsets(table, played)),
            "case {case}"
        );
    }
}

/// The order of the listing is part of the engine's behaviour: the random bot picks a
/// capture by its place in it, and seeded games are pinned. A checksum of the order of
/// captures and of shapes over seeded tables of 0 to 20 cards, taken before the search was
/// made faster.
#[test]
fn the_listing_order_is_unchanged() {
    let mut captures = 0u64;
    let mut shapes = 0u64;
    let mix = |sum: u64, value: u64| sum.wrapping_mul(0x0100_0000_01B3).wrapping_add(value);
    for case in 0..4000u64 {
        let deck = crate::Deck::from_seed(crate::dealing::seeding::derive_seed(0x0DE2, case));
        let size = (case % 21) as usize;
        let table: CardSet = deck.cards()[..size].iter().copied().collect();
        let played = deck.cards()[size];
        for_each_legal_capture(table, played, |capture| {
            captures = mix(captures, capture.bits());
        });
        let _ = try_for_each_legal_shape::<()>(table, played, |shape| {
            shapes = mix(
                shapes,
                counts_of(shape)
                    .iter()
                    .fold(0, |all, &n| all << 3 | n as u64),
            );
            core::ops::ControlFlow::Continue(())
        });
    }
    assert_eq!(
        (captures, shapes),
        (0x0047_d930_b6dc_6a53, 0x38e7_75c0_dfe8_6868)
    );
}
