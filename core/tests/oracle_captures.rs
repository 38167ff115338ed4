//! Every case of the original implementation's capture oracle, compared as sets of cards.

use std::collections::BTreeSet;
use std::path::PathBuf;

use tablic_core::{capture, Card, CardSet};

fn oracle(name: &str) -> String {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("tests/data/oracle")
        .join(name);
    std::fs::read_to_string(&path).unwrap_or_else(|error| panic!("{}: {error}", path.display()))
}

fn cards(value: &serde_json::Value) -> CardSet {
    let list = value.as_array().expect("a list of cards");
    let set: CardSet = list
        .iter()
        .map(|card| {
            card.as_str()
                .expect("a card")
                .parse::<Card>()
                .expect("a valid card")
        })
        .collect();
    assert_eq!(set.len(), list.len(), "duplicate card in {value}");
    set
}

fn sets(value: &serde_json::Value) -> BTreeSet<CardSet> {
    value
        .as_array()
        .expect("a list of sets")
        .iter()
        .map(cards)
        .collect()
}

#[test]
fn every_oracle_capture_case_agrees() {
    let mut cases = 0;
    for line in oracle("captures.jsonl").lines() {
        let case: serde_json::Value = serde_json::from_str(line).expect("a JSON line");
        let table = cards(&case["table"]);
        let played: Card = case["played"].as_str().unwrap().parse().unwrap();

        let mut legal = BTreeSet::new();
        capture::for_each_legal_capture(table, played, |found| {
            assert!(legal.insert(found), "capture {found} listed twice");
        });
        assert_eq!(
            legal,
            sets(&case["captures"]),
            "legal captures, case {}",
            case["id"]
        );
        assert_eq!(legal.len() as u64, case["n_captures"].as_u64().unwrap());
        assert_eq!(
            capture::legal_capture_count(table, played),
            legal.len() as u64
        );

        let mut groups = BTreeSet::new();
        capture::for_each_capturable_group(table, played, |group| {
            groups.insert(group);
        });
        assert_eq!(
            groups,
            sets(&case["subsets"]),
            "groups, case {}",
            case["id"]
        );
        cases += 1;
    }
    assert_eq!(cases, 995);
}
