//! `tablic moves`: text output for the rules' examples, JSON lines against the oracle.

mod common;

use std::collections::BTreeSet;

use common::tablic;
use serde_json::Value;
use tablic_core::{Card, CardSet};

const ORACLE: &str = include_str!(concat!(
    env!("CARGO_MANIFEST_DIR"),
    "/../core/tests/data/oracle/captures.jsonl"
));

#[test]
fn rules_example_with_two_groups() {
    let run = tablic(&["moves", "--table", "3H 3S 4D 4C", "--card", "7S"], "");
    assert_eq!(run.code, Some(0), "{}", run.stderr);
    assert_eq!(run.stdout, "-\n3H 4C\n3S 4C\n3H 4D\n3S 4D\n3H 3S 4C 4D\n");
    assert_eq!(run.stderr, "");
}

#[test]
fn rules_example_with_one_three() {
    let run = tablic(&["moves", "--table", "3H 4D 4C", "--card", "7S"], "");
    assert_eq!(run.code, Some(0), "{}", run.stderr);
    assert_eq!(run.stdout, "-\n3H 4C\n3H 4D\n");
}

#[test]
fn every_notation_the_core_reads() {
    let run = tablic(
        &["moves", "--table", "10♦, herc 10 5C", "--card", "karo 5"],
        "",
    );
    assert_eq!(run.code, Some(0), "{}", run.stderr);
    assert_eq!(run.stdout, "-\n5C\n");
    let run = tablic(&["moves", "--table", "AC 9D", "--card", "10♠"], "");
    assert_eq!(run.stdout, "-\nAC 9D\n");
    let run = tablic(&["moves", "--table", "", "--card", "KH"], "");
    assert_eq!(run.stdout, "-\n");
}

/// A capture as written in JSON: a list of card names.
fn card_set(value: &Value) -> CardSet {
    let names = value.as_array().expect("a capture is a list");
    let set: CardSet = names
        .iter()
        .map(|name| {
            name.as_str()
                .expect("a card name")
                .parse::<Card>()
                .expect("a card")
        })
        .collect();
    assert_eq!(set.len(), names.len(), "duplicate card in {value}");
    set
}

#[test]
fn jsonl_agrees_with_every_oracle_case() {
    let run = tablic(&["moves", "--jsonl"], ORACLE);
    assert_eq!(run.code, Some(0), "{}", run.stderr);
    assert_eq!(run.stderr, "");
    let cases: Vec<&str> = ORACLE.lines().collect();
    let answers: Vec<&str> = run.stdout.lines().collect();
    assert_eq!(cases.len(), 995);
    assert_eq!(answers.len(), cases.len());
    for (case, answer) in cases.iter().zip(&answers) {
        let case: Value = serde_json::from_str(case).expect("an oracle line");
        let answer: Value = serde_json::from_str(answer).expect("an answer line");
        let listed = answer["captures"].as_array().expect("captures");
        let ours: Vec<CardSet> = listed.iter().map(card_set).collect();
        let theirs: BTreeSet<CardSet> = case["captures"]
            .as_array()
            .expect("oracle captures")
            .iter()
            .map(card_set)
            .collect();
        assert_eq!(
            ours.iter().copied().collect::<BTreeSet<_>>(),
            theirs,
            "case {}",
            case["id"]
        );
        // Each capture once, in the promised order, its cards lowest index first.
        let keys: Vec<(usize, u64)> = ours.iter().map(|set| (set.len(), set.bits())).collect();
        assert!(
            keys.windows(2).all(|pair| pair[0] < pair[1]),
            "case {}",
            case["id"]
        );
        for (capture, set) in listed.iter().zip(&ours) {
            let names: Vec<String> = set.iter().map(|card| card.to_string()).collect();
            assert_eq!(capture, &serde_json::json!(names), "case {}", case["id"]);
        }
    }
}

#[test]
fn a_bad_jsonl_line_answers_an_error_and_the_rest_go_on() {
    let input = concat!(
        "{\"id\":1,\"table\":[\"3H\",\"4D\",\"4C\"],\"played\":\"7S\"}\n",
        "\n",
        "{\"table\":[\"3H\",\"ZZ\"],\"played\":\"7S\"}\n",
        "{\"table\":[\"3H\",\"3H\"],\"played\":\"7S\"}\n",
        "{\"table\":[\"7S\"],\"played\":\"7S\"}\n",
        "not json\n",
        "{\"table\":[],\"played\":\"KH\"}\n",
    );
    let run = tablic(&["moves", "--jsonl"], input);
    assert_eq!(run.code, Some(2), "bad input, as for analyze --jsonl");
    assert_eq!(
        run.stderr,
        "error: line 3: table card 2: invalid card \"ZZ\": unknown suit (expected C, D, H, S, \
         a suit symbol, or tref, karo, herc, pik) (4 bad lines of 6)\n"
    );
    let lines: Vec<Value> = run
        .stdout
        .lines()
        .map(|line| serde_json::from_str(line).expect("every answer is JSON"))
        .collect();
    assert_eq!(lines.len(), 6, "one answer per non-blank line");
    assert_eq!(
        lines[0],
        serde_json::json!({"captures": [[], ["3H", "4C"], ["3H", "4D"]]})
    );
    let error = |line: &Value| line["error"].as_str().expect("an error").to_owned();
    assert!(error(&lines[1]).contains("\"ZZ\""), "{}", lines[1]);
    assert!(
        error(&lines[2]).contains("3H appears twice"),
        "{}",
        lines[2]
    );
    assert!(
        error(&lines[3]).contains("also on the table"),
        "{}",
        lines[3]
    );
    assert!(error(&lines[4]).contains("invalid JSON"), "{}", lines[4]);
    for line in &lines[1..5] {
        assert_eq!(line.as_object().map(|object| object.len()), Some(1));
    }
    assert_eq!(lines[5], serde_json::json!({"captures": [[]]}));
}

/// Found by the `jsonl` fuzz target: bad bytes in a key serde_json skips were let through.
#[test]
fn a_line_that_is_not_utf8_is_an_error_line() {
    use std::io::Write;
    use std::process::{Command, Stdio};
    let input = b"{\"t\xfcble\":[],\"table\":[\"3H\",\"4D\"],\"played\":\"7S\"}\n\
                  {\"table\":[\"3H\",\"4D\"],\"played\":\"7S\"}\n";
    let mut child = Command::new(env!("CARGO_BIN_EXE_tablic"))
        .args(["moves", "--jsonl"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    child.stdin.take().unwrap().write_all(input).unwrap();
    let output = child.wait_with_output().unwrap();
    assert_eq!(output.status.code(), Some(2));
    assert_eq!(
        String::from_utf8(output.stderr).unwrap(),
        "error: line 1: not UTF-8 text: invalid byte at column 4 (1 bad line of 2)\n"
    );
    assert_eq!(
        String::from_utf8(output.stdout).unwrap(),
        "{\"error\":\"line 1: not UTF-8 text: invalid byte at column 4\"}\n\
         {\"captures\":[[],[\"3H\",\"4D\"]]}\n"
    );
}
