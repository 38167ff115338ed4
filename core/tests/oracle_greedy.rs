//! The greedy player's complete move order against the original's, case by case.

use std::path::PathBuf;

use tablic_core::bots::{best_greedy_move, equivalent_cards, GreedyKey};
use tablic_core::{for_each_move, Card, CardSet, Move};

fn cards(value: &serde_json::Value) -> CardSet {
    value
        .as_array()
        .expect("a list of cards")
        .iter()
        .map(|card| card.as_str().unwrap().parse::<Card>().unwrap())
        .collect()
}

#[test]
fn every_oracle_move_order_agrees() {
    let path =
        PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/data/oracle/greedy-order.jsonl");
    let text = std::fs::read_to_string(&path).unwrap();
    let mut cases = 0;
    for line in text.lines() {
        let case: serde_json::Value = serde_json::from_str(line).unwrap();
        let (hand, table) = (cards(&case["hand"]), cards(&case["table"]));
        let mut ranked: Vec<(GreedyKey, Move)> = Vec::new();
        for_each_move(hand, table, |candidate| {
            ranked.push((
                GreedyKey::new(table, candidate.card, candidate.capture),
                candidate,
            ))
        });
        ranked.sort_by_key(|(key, _)| std::cmp::Reverse(*key));

        let expected = case["moves"].as_array().unwrap();
        assert_eq!(ranked.len(), expected.len(), "case {}", case["id"]);
        for ((key, ours), theirs) in ranked.iter().zip(expected) {
            let card: Card = theirs["card"].as_str().unwrap().parse().unwrap();
            assert_eq!(
                (ours.card, ours.capture),
                (card, cards(&theirs["capture"])),
                "case {}",
                case["id"]
            );
            let key7: Vec<i32> = theirs["key7"]
                .as_array()
                .unwrap()
                .iter()
                .map(|part| part.as_i64().unwrap() as i32)
                .collect();
            assert_eq!(
                key.parts().as_slice(),
                key7.as_slice(),
                "case {}",
                case["id"]
            );
        }
        let best = best_greedy_move(hand, table).unwrap();
        assert_eq!(best, ranked[0].1);
        assert!(equivalent_cards(hand, best.card).contains(best.card));
        cases += 1;
    }
    assert_eq!(cases, 500);
}

#[test]
fn equivalent_cards_keep_the_scoring_twos_and_tens_apart() {
    let hand: CardSet = "2C 2D 2H 10D 10S 10H KS".parse().unwrap();
    let card = |text: &str| text.parse::<Card>().unwrap();
    assert_eq!(equivalent_cards(hand, card("2D")), "2D 2H".parse().unwrap());
    assert_eq!(equivalent_cards(hand, card("2C")), "2C".parse().unwrap());
    assert_eq!(equivalent_cards(hand, card("10D")), "10D".parse().unwrap());
    assert_eq!(
        equivalent_cards(hand, card("10S")),
        "10H 10S".parse().unwrap()
    );
    assert_eq!(equivalent_cards(hand, card("KS")), "KS".parse().unwrap());
}
