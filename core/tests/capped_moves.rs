//! `for_each_move_capped`: every legal move when the cap is large, and at most the cap per
//! card, the discard first, when it is small; `legal_move_count_up_to`: exact up to its
//! limit.

use std::collections::{BTreeMap, BTreeSet};

use proptest::prelude::*;
use tablic_core::bots::best_greedy_move;
use tablic_core::{
    for_each_move, for_each_move_capped, legal_move_count_up_to, Card, CardSet, Game, Move,
    PlayerCount,
};

fn per_card(moves: &[Move]) -> BTreeMap<Card, Vec<Move>> {
    let mut cards: BTreeMap<Card, Vec<Move>> = BTreeMap::new();
    for &played in moves {
        cards.entry(played.card).or_default().push(played);
    }
    cards
}

#[test]
fn the_cap_keeps_the_first_captures_of_each_card() {
    let mut positions = 0;
    for seed in 0..60 {
        let mut game = Game::from_seed(PlayerCount::TWO, seed);
        while let Some(seat) = game.to_move() {
            let (hand, table) = (game.hand(seat), game.table());
            let mut all = Vec::new();
            for_each_move(hand, table, |legal| all.push(legal));
            let mut uncapped = Vec::new();
            for_each_move_capped(hand, table, usize::MAX, |legal| uncapped.push(legal));
            assert_eq!(uncapped.len(), all.len());
            assert_eq!(
                uncapped.iter().collect::<BTreeSet<_>>(),
                all.iter().collect::<BTreeSet<_>>()
            );
            let mut capped = Vec::new();
            for_each_move_capped(hand, table, 2, |legal| capped.push(legal));
            let (all, capped) = (per_card(&uncapped), per_card(&capped));
            assert_eq!(
                all.keys().collect::<Vec<_>>(),
                capped.keys().collect::<Vec<_>>()
            );
            for (card, moves) in &capped {
                assert_eq!(moves[0], Move::discard(*card));
                assert_eq!(moves.len(), all[card].len().min(2));
                assert_eq!(moves[..], all[card][..moves.len()]);
            }
            positions += 1;
            // Mostly greedy, sometimes a discard, so that tables grow but stay playable.
            let chosen = if (positions + seed as usize) % 4 == 0 {
                uncapped[0]
            } else {
                best_greedy_move(hand, table).unwrap()
            };
            game.play(chosen).unwrap();
        }
    }
    assert_eq!(positions, 60 * 48);
}

fn cards_up_to(max: usize) -> impl Strategy<Value = CardSet> {
    proptest::collection::btree_set(0u8..52, 0..=max)
        .prop_map(|indices| indices.into_iter().filter_map(Card::from_index).collect())
}

proptest! {
    #[test]
    fn a_bounded_move_count_is_exact_or_past_its_limit(
        hand in cards_up_to(6),
        table in cards_up_to(20),
        most in prop_oneof![0u64..64, 0u64..100_000],
    ) {
        let table = table - hand;
        let mut exact = 0u64;
        for_each_move(hand, table, |_| exact += 1);
        let bounded = legal_move_count_up_to(hand, table, most);
        if exact <= most {
            prop_assert_eq!(bounded, exact);
        } else {
            prop_assert!(bounded > most, "{} > {} but bounded {}", exact, most, bounded);
        }
    }
}
