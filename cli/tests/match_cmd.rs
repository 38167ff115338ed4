//! `tablic match` and `tablic bench`: reproducible, consistent figures.

mod common;

use common::tablic;
use serde_json::Value;

fn match_json(args: &[&str]) -> Value {
    let run = tablic(args, "");
    assert_eq!(run.code, Some(0), "{}", run.stderr);
    serde_json::from_str(&run.stdout).expect("one JSON object")
}

fn without_timing(mut report: Value) -> Value {
    let object = report.as_object_mut().expect("an object");
    assert!(object
        .remove("elapsed_s")
        .is_some_and(|v| v.as_f64().is_some()));
    assert!(object
        .remove("games_per_s")
        .is_some_and(|v| v.as_f64().is_some()));
    report
}

#[test]
fn a_match_is_reproducible_and_its_totals_add_up() {
    let args = ["match", "--games", "50", "--seed", "7", "--json"];
    let first = without_timing(match_json(&args));
    let second = without_timing(match_json(&args));
    assert_eq!(first, second);
    assert_eq!(first["games"], 50);
    assert_eq!(first["seed"], 7);

    let seats = first["players"].as_array().expect("players");
    assert_eq!(seats.len(), 2);
    let number = |seat: &Value, key: &str| {
        let value = seat[key]
            .as_f64()
            .unwrap_or_else(|| panic!("{key} in {seat}"));
        assert!(value.is_finite(), "{key} in {seat}");
        value
    };
    let (mut points, mut tablas, mut bonus) = (0.0, 0.0, 0.0);
    for (index, seat) in seats.iter().enumerate() {
        assert_eq!(seat["seat"], index);
        assert_eq!(seat["bot"], "random");
        points += number(seat, "mean_points");
        tablas += number(seat, "mean_tablas");
        let rate = number(seat, "most_cards_bonus_rate");
        assert!((0.0..=1.0).contains(&rate));
        bonus += rate;
        assert!(number(seat, "stderr_points") > 0.0);
        let games: u64 = ["wins", "ties", "losses"]
            .iter()
            .map(|key| seat[key].as_u64().expect("a count"))
            .sum();
        assert_eq!(games, 50);
    }
    // 22 card points, +3 for the game's one bonus holder if any, +1 per tabla.
    let expected = 22.0 + 3.0 * bonus + tablas;
    assert!((points - expected).abs() < 1e-9, "{points} vs {expected}");
}

#[test]
fn a_different_seed_gives_a_different_match() {
    let a = without_timing(match_json(&[
        "match", "--games", "20", "--seed", "1", "--json",
    ]));
    let b = without_timing(match_json(&[
        "match", "--games", "20", "--seed", "2", "--json",
    ]));
    assert_ne!(a["players"], b["players"]);
}

#[test]
fn the_table_has_a_row_per_seat_and_a_footer() {
    let run = tablic(
        &[
            "match",
            "--players",
            "random,random,random",
            "--games",
            "30",
        ],
        "",
    );
    assert_eq!(run.code, Some(0), "{}", run.stderr);
    let lines: Vec<&str> = run.stdout.lines().collect();
    assert_eq!(lines.len(), 5, "{}", run.stdout);
    assert!(lines[0].starts_with("seat  bot"), "{}", lines[0]);
    for (seat, line) in lines[1..4].iter().enumerate() {
        assert!(
            line.trim_start().starts_with(&format!("{seat}  random")),
            "{line}"
        );
        assert!(line.contains(" ± "), "{line}");
    }
    assert!(lines[4].starts_with("30 games, seed 1, "), "{}", lines[4]);
    assert!(lines[4].ends_with(" games/s"), "{}", lines[4]);
}

#[test]
fn bench_quick_prints_its_figures() {
    let run = tablic(&["bench", "--quick"], "");
    assert_eq!(run.code, Some(0), "{}", run.stderr);
    let report: Value = serde_json::from_str(&run.stdout).expect("one JSON object");
    for size in ["4", "8", "12", "16"] {
        let ns = report["captures_ns"][size].as_f64().expect("captures_ns");
        assert!(ns.is_finite() && ns > 0.0, "{report}");
        assert!(
            report["captures_total"][size]
                .as_u64()
                .expect("captures_total")
                > 0
        );
    }
    assert!(report["random_games_per_s"].as_f64().expect("games/s") > 0.0);
    assert!(report["machine"]["cpus"].as_u64().expect("cpus") >= 1);
    assert_eq!(report["quick"], true);
}
