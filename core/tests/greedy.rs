//! The greedy player's shortcut (one capture per shape) against the full move list.

use proptest::prelude::*;
use tablic_core::bots::{best_greedy_move, GreedyKey};
use tablic_core::{for_each_move, Card, CardSet, Move};

fn cards(indices: std::collections::BTreeSet<u8>) -> CardSet {
    indices
        .into_iter()
        .map(|i| Card::from_index(i).unwrap())
        .collect()
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(2000))]

    #[test]
    fn the_best_move_is_the_maximum_over_every_move(
        hand in proptest::collection::btree_set(0u8..52, 1..=6),
        table in proptest::collection::btree_set(0u8..52, 0..=14),
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
