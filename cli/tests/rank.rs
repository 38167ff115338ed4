//! `tablic rank`: every move in the greedy player's order, against the original's oracle.

mod common;

use common::tablic;
use serde_json::{json, Value};

const ORACLE: &str = include_str!(concat!(
    env!("CARGO_MANIFEST_DIR"),
    "/../core/tests/data/oracle/greedy-order.jsonl"
));

#[test]
fn jsonl_agrees_with_every_oracle_case_in_order() {
    let run = tablic(&["rank", "--bot", "greedy", "--jsonl"], ORACLE);
    assert_eq!(run.code, Some(0), "{}", run.stderr);
    assert_eq!(run.stderr, "");
    let cases: Vec<&str> = ORACLE.lines().collect();
    let answers: Vec<&str> = run.stdout.lines().collect();
    assert_eq!(cases.len(), 500);
    assert_eq!(answers.len(), cases.len());
    for (case, answer) in cases.iter().zip(&answers) {
        let case: Value = serde_json::from_str(case).expect("an oracle line");
        let answer: Value = serde_json::from_str(answer).expect("an answer line");
        let theirs: Vec<Value> = case["moves"]
            .as_array()
            .expect("oracle moves")
            .iter()
            .map(|mv| json!({"card": mv["card"], "capture": mv["capture"]}))
            .collect();
        assert_eq!(case["n_moves"], theirs.len(), "case {}", case["id"]);
        assert_eq!(answer, json!({ "moves": theirs }), "case {}", case["id"]);
    }
}

#[test]
fn text_mode_lists_the_same_order() {
    let run = tablic(&["rank", "--hand", "8D KC", "--table", "AD 3D KH"], "");
    assert_eq!(run.code, Some(0), "{}", run.stderr);
    assert_eq!(run.stdout, "KC AD 3D KH\nKC AD 3D\nKC KH\n8D -\nKC -\n");
    let run = tablic(&["rank", "--hand", "", "--table", "AD"], "");
    assert_eq!((run.code, run.stdout.as_str()), (Some(0), ""));
}

#[test]
fn a_line_past_1_mib_is_answered_with_an_error_not_read_whole() {
    let mut input = "x".repeat(2 << 20);
    input.push_str("\n{\"hand\":[\"KC\"],\"table\":[\"AC\"]}\n");
    // The second line has no `played` card: good for rank, bad for moves.
    for (command, bad) in [("rank", "1 bad line"), ("moves", "2 bad lines")] {
        let run = tablic(&[command, "--jsonl"], &input);
        assert_eq!(run.code, Some(2), "{command}");
        assert_eq!(
            run.stderr,
            format!("error: line 1: longer than 1048576 bytes ({bad} of 2)\n"),
            "{command}"
        );
        let lines: Vec<&str> = run.stdout.lines().collect();
        assert_eq!(lines.len(), 2, "{command}: {}", run.stdout);
        assert_eq!(
            lines[0], "{\"error\":\"line 1: longer than 1048576 bytes\"}",
            "{command}"
        );
    }
}

#[test]
fn bad_lines_answer_errors_and_the_rest_go_on() {
    let input = concat!(
        "{\"id\":1,\"hand\":[\"8D\",\"KC\"],\"table\":[\"AD\",\"3D\",\"KH\"]}\n",
        "\n",
        "{\"hand\":[\"KC\"],\"table\":[\"KC\",\"AD\"]}\n",
        "{\"hand\":[\"KC\",\"kc\"],\"table\":[]}\n",
        "{\"hand\":[\"2C\"],\"table\":[\"3H\",\"3H\"]}\n",
        "{\"hand\":[\"ZZ\"],\"table\":[]}\n",
        "{\"hand\":[\"2C\"]}\n",
        "not json\n",
        "{\"hand\":[],\"table\":[\"AD\"]}\n",
    );
    let run = tablic(&["rank", "--jsonl"], input);
    assert_eq!(run.code, Some(2));
    assert_eq!(
        run.stderr,
        "error: line 3: card KC is both in the hand and on the table (6 bad lines of 8)\n"
    );
    let lines: Vec<Value> = run
        .stdout
        .lines()
        .map(|line| serde_json::from_str(line).expect("every answer is JSON"))
        .collect();
    assert_eq!(lines.len(), 8, "one answer per non-blank line");
    assert_eq!(
        lines[0]["moves"][0],
        json!({"card": "KC", "capture": ["AD", "3D", "KH"]})
    );
    assert_eq!(lines[0]["moves"].as_array().map(Vec::len), Some(5));
    let error = |index: usize| lines[index]["error"].as_str().expect("an error").to_owned();
    let expected = [
        (1, "line 3: card KC is both in the hand and on the table"),
        (2, "line 4: hand: card KC appears twice"),
        (3, "line 5: table: card 3H appears twice"),
        (4, "line 6: hand card 1: invalid card \"ZZ\""),
        (5, "line 7: missing field `table`"),
        (6, "line 8: invalid JSON"),
    ];
    for (index, start) in expected {
        assert!(error(index).starts_with(start), "{}", lines[index]);
        assert_eq!(lines[index].as_object().map(|object| object.len()), Some(1));
    }
    assert_eq!(lines[7], json!({"moves": []}));
}
