//! Differential: an arbitrary table, played card and claimed capture. The legality check
//! never panics and says yes exactly for the captures the enumeration lists; on tables of
//! up to 12 cards both agree with a brute force over every subset of the table.
#![no_main]

use std::collections::HashSet;
use std::ops::ControlFlow;

use libfuzzer_sys::fuzz_target;
use tablic_core::capture::{check_capture, legal_capture_count_up_to, try_for_each_legal_capture};
use tablic_core::{Card, CardSet, Rank};

/// Tables with more legal captures than this are only checked, not enumerated (a table
/// filled by discards can have billions).
const MOST_LISTED: u64 = 4096;
/// The brute force tries every split of every subset: 3ⁿ steps.
const MOST_BRUTE_FORCE: usize = 12;

fuzz_target!(|input: (u64, u8, u64)| {
    let (table_bits, played_index, claim_bits) = input;
    let all = (1u64 << 52) - 1;
    let Some(played) = Card::from_index(played_index % 52) else {
        return;
    };
    let table = CardSet::from_bits(table_bits & all)
        .unwrap()
        .without(played);
    let claim = CardSet::from_bits(claim_bits & all).unwrap();

    let claimed_is_legal = check_capture(table, played, claim).is_ok();
    if legal_capture_count_up_to(table, played, MOST_LISTED) > MOST_LISTED {
        return;
    }
    let mut listed = HashSet::new();
    let _ = try_for_each_legal_capture::<()>(table, played, |capture| {
        assert!(
            listed.insert(capture),
            "{capture} listed twice for {played} on {table}"
        );
        ControlFlow::Continue(())
    });
    assert_eq!(
        listed.len() as u64,
        legal_capture_count_up_to(table, played, u64::MAX)
    );
    assert_eq!(
        claimed_is_legal,
        listed.contains(&claim),
        "{played} takes {claim} from {table}"
    );
    for &capture in &listed {
        assert_eq!(
            check_capture(table, played, capture),
            Ok(()),
            "{played} on {table}"
        );
    }
    if table.len() <= MOST_BRUTE_FORCE {
        let legal = brute_force(table, played);
        assert_eq!(legal, listed, "{played} on {table}");
    }
});

/// Every subset of `table` that splits into groups each summing to what `played` takes
/// (an ace takes 11; a table ace counts 1 or 11; J 12, Q 13, K 14), by trying them all.
fn brute_force(table: CardSet, played: Card) -> HashSet<CardSet> {
    let cards: Vec<Card> = table.iter().collect();
    let target = match played.rank() {
        Rank::Ace => 11,
        rank => rank.capture_value(),
    };
    let subsets = 1usize << cards.len();
    let set_of = |mask: usize| {
        (0..cards.len())
            .filter(|bit| mask & (1 << bit) != 0)
            .fold(CardSet::EMPTY, |set, bit| set.with(cards[bit]))
    };
    let is_group = |mask: usize| {
        let group = set_of(mask);
        let aces = group.rank_count(Rank::Ace);
        let sum: u32 = group
            .iter()
            .map(|card| u32::from(card.capture_value()))
            .sum();
        mask != 0 && (0..=u32::from(aces)).any(|high| sum + 10 * high == u32::from(target))
    };
    // splits[mask]: the cards of `mask` split into groups; a split's first group holds the
    // lowest card of the mask, so every split is tried once.
    let mut splits = vec![false; subsets];
    splits[0] = true;
    for mask in 1..subsets {
        let lowest = mask & mask.wrapping_neg();
        let rest = mask ^ lowest;
        let mut others = rest;
        loop {
            let group = others | lowest;
            if splits[mask ^ group] && is_group(group) {
                splits[mask] = true;
                break;
            }
            if others == 0 {
                break;
            }
            others = (others - 1) & rest;
        }
    }
    (0..subsets)
        .filter(|&mask| splits[mask])
        .map(set_of)
        .collect()
}
