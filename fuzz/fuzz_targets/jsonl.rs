//! Any bytes as the input of `tablic moves --jsonl` (first byte even) or `tablic rank
//! --jsonl` (odd), answered by the command's own code. Never a panic; one answer line per
//! non-blank input line, in order: the answer object, or `{"error":"line N: …"}`, exactly
//! as the per-line function says; a usage error naming the first bad line exactly when a
//! line was bad (exit 2). Every answer
//! re-checks against the core: each listed capture is legal (`check_capture`), listed
//! once, smallest first, and as many as the core counts; each ranked move is legal, listed
//! once, best `GreedyKey` first, and as many as the core counts.
#![no_main]

use std::process::ExitCode;

use libfuzzer_sys::fuzz_target;
use serde_json::{json, Value};
use tablic_cli::error::Failure;
use tablic_cli::jsonl::MAX_LINE;
use tablic_cli::lines::{read_line, Line};
use tablic_cli::{moves, rank};
use tablic_core::bots::GreedyKey;
use tablic_core::capture::{check_capture, legal_capture_count_up_to};
use tablic_core::{legal_move_count_up_to, Card, CardSet, MAX_LISTED};

fuzz_target!(|data: &[u8]| {
    let [command, input @ ..] = data else {
        return;
    };
    let ranking = command % 2 == 1;
    let mut written = Vec::new();
    let outcome = if ranking {
        rank::answer_jsonl(input, &mut written)
    } else {
        moves::answer_jsonl(input, &mut written)
    };
    let written = String::from_utf8(written).expect("answers are UTF-8");
    let mut answers = written.lines();

    let mut rest = input;
    let mut line = Vec::new();
    let mut number = 0;
    let mut first_bad = None;
    loop {
        let kind = read_line(&mut rest, &mut line, MAX_LINE).unwrap();
        if kind == Line::End {
            break;
        }
        number += 1;
        if kind == Line::Read && line.iter().all(u8::is_ascii_whitespace) {
            continue;
        }
        let got: Value = serde_json::from_str(answers.next().expect("an answer per line"))
            .expect("every answer is JSON");
        let expected = if kind == Line::TooLong {
            Err(format!("longer than {MAX_LINE} bytes"))
        } else if ranking {
            rank::moves_of_line(&line).map(|ranked| {
                recheck_moves(&line, &ranked);
                let listed: Vec<Value> = ranked
                    .iter()
                    .map(|chosen| json!({"card": chosen.card.to_string(), "capture": names(chosen.capture)}))
                    .collect();
                json!({ "moves": listed })
            })
        } else {
            moves::captures_of_line(&line).map(|captures| {
                recheck_captures(&line, &captures);
                let listed: Vec<Value> = captures.iter().map(|&capture| names(capture)).collect();
                json!({ "captures": listed })
            })
        };
        let expected = expected.unwrap_or_else(|message| {
            assert!(!message.is_empty() && !message.contains('\n'));
            let message = format!("line {number}: {message}");
            first_bad.get_or_insert(message.clone());
            json!({ "error": message })
        });
        assert_eq!(got, expected, "line {number}");
    }
    assert_eq!(answers.next(), None, "no answer without a line");
    match (outcome, first_bad) {
        (Ok(exit), None) => assert_eq!(exit, ExitCode::SUCCESS),
        (Err(Failure::Usage(error)), Some(first)) => {
            assert!(error.starts_with(&format!("{first} (")), "{error}");
        }
        (outcome, first_bad) => panic!("{outcome:?} after a first bad line {first_bad:?}"),
    }
});

fn names(cards: CardSet) -> Value {
    cards.iter().map(|card| card.to_string()).collect()
}

/// The cards of `field` in the line, read apart from the command's code.
fn cards(line: &[u8], field: &str) -> CardSet {
    let case: Value = serde_json::from_slice(line).unwrap();
    case[field]
        .as_array()
        .unwrap()
        .iter()
        .map(|name| name.as_str().unwrap().parse::<Card>().unwrap())
        .fold(CardSet::EMPTY, CardSet::with)
}

fn recheck_captures(line: &[u8], captures: &[CardSet]) {
    let case: Value = serde_json::from_slice(line).unwrap();
    let played: Card = case["played"].as_str().unwrap().parse().unwrap();
    let table = cards(line, "table");
    for capture in captures {
        assert_eq!(check_capture(table, played, *capture), Ok(()), "{capture}");
    }
    assert!(captures
        .windows(2)
        .all(|pair| (pair[0].len(), pair[0].bits()) < (pair[1].len(), pair[1].bits())));
    assert_eq!(
        legal_capture_count_up_to(table, played, MAX_LISTED),
        captures.len() as u64
    );
}

fn recheck_moves(line: &[u8], ranked: &[tablic_core::Move]) {
    let hand = cards(line, "hand");
    let table = cards(line, "table");
    for chosen in ranked {
        assert!(hand.contains(chosen.card), "{chosen}");
        assert_eq!(
            check_capture(table, chosen.card, chosen.capture),
            Ok(()),
            "{chosen}"
        );
    }
    let keys: Vec<GreedyKey> = ranked
        .iter()
        .map(|chosen| GreedyKey::new(table, chosen.card, chosen.capture))
        .collect();
    assert!(
        keys.windows(2).all(|pair| pair[0] > pair[1]),
        "best first, no two equal"
    );
    assert_eq!(
        legal_move_count_up_to(hand, table, MAX_LISTED),
        ranked.len() as u64
    );
}
