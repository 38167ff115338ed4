//! `--engine`: bot programs over the line protocol of PROTOCOL.md, refereed by `tablic`:
//! the example bots play legally, and every way of failing is a forfeit with its reason
//! while the match goes on.

mod common;

use std::path::{Path, PathBuf};
use std::process::Command;

use common::tablic;
use serde_json::Value;

fn repo() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("..")
}

fn python_bot(name: &str) -> String {
    format!("python3 {}", repo().join(name).display())
}

fn faulty(mode: &str, every: u32) -> String {
    format!("{} {mode} {every}", python_bot("cli/tests/bots/faulty.py"))
}

/// `tablic match --json …` with one engine as bot 1 against greedy.
fn against_greedy(engine: &str, extra: &[&str]) -> Value {
    let mut args = vec![
        "match",
        "--json",
        "--players",
        "greedy,engine",
        "--engine",
        engine,
        "--move-time",
        "1000",
        "--start-time",
        "3000",
    ];
    args.extend_from_slice(extra);
    let run = tablic(&args, "");
    assert_eq!(run.code, Some(0), "{}", run.stderr);
    assert_eq!(run.stderr, "");
    serde_json::from_str(&run.stdout).expect("one JSON object")
}

fn count(value: &Value, key: &str) -> u64 {
    value[key]
        .as_u64()
        .unwrap_or_else(|| panic!("{key} in {value}"))
}

/// Every forfeit as (group, rotation, kind, reason).
fn forfeits(report: &Value) -> Vec<(u64, u64, String, String)> {
    report["forfeit_games"]
        .as_array()
        .expect("forfeit_games")
        .iter()
        .map(|note| {
            (
                count(note, "group"),
                count(note, "rotation"),
                note["kind"].as_str().expect("kind").to_string(),
                note["reason"].as_str().expect("reason").to_string(),
            )
        })
        .collect()
}

#[test]
fn the_python_example_plays_legal_games_to_the_end() {
    let report = against_greedy(
        &python_bot("examples/bots/first.py"),
        &["--games", "4", "--duplicate"],
    );
    assert_eq!(count(&report, "games"), 8);
    let bots = report["bots"].as_array().expect("bots");
    assert_eq!(bots[1]["name"], "engine:0 (first 1.0)");
    assert_eq!(bots[0]["name"], "greedy");
    assert!(bots[1]["command"].as_str().unwrap().ends_with("first.py"));
    assert!(bots[0].get("command").is_none());
    for bot in bots {
        assert_eq!(count(bot, "forfeits"), 0, "{bot}");
        assert_eq!(count(bot, "decisions"), 8 * 24, "{bot}");
    }
    // It only ever discards, so greedy takes every card.
    assert_eq!(count(&bots[0], "wins"), 8);
    assert_eq!(bots[1]["mean_points"], 0.0);
    assert_eq!(forfeits(&report), []);
}

#[test]
fn an_engine_gets_the_same_deals_and_seats_as_a_built_in_bot() {
    // The engine's opponent plays exactly the games it would play against any bot: with a
    // chatty engine (info and blank lines are ignored) nothing is lost.
    let report = against_greedy(&faulty("chatty", 1), &["--games", "3", "--seed", "9"]);
    let bots = report["bots"].as_array().expect("bots");
    assert_eq!(count(&bots[1], "forfeits"), 0);
    assert_eq!(bots[1]["name"], "engine:0 (faulty-chatty)");
    assert_eq!(bots[0]["seats"], serde_json::json!([3, 0]));
}

/// Runs a faulty engine that fails in games whose seed is a multiple of 3, and checks that
/// exactly those games were forfeited, each with `kind` and `reason`, the rest played out.
fn check_failure(mode: &str, kind: &str, reason: &str) {
    let report = against_greedy(&faulty(mode, 3), &["--games", "6", "--seed", "1"]);
    assert_eq!(count(&report, "games"), 6, "the match goes on");
    let expected: Vec<(u64, u64, String, String)> =
        vec![(5, 0, kind.to_string(), reason.to_string())];
    assert_eq!(forfeits(&report), expected, "{mode}");
    let bots = report["bots"].as_array().expect("bots");
    assert_eq!(count(&bots[1], "forfeits"), 1);
    assert_eq!(count(&bots[0], "forfeits"), 0);
    assert_eq!(count(&bots[1], "losses"), 6);
    assert_eq!(report["forfeit_games"][0]["seat"], 1);
    assert_eq!(report["forfeit_games"][0]["player"], 1);
    // Five games played out by a bot that only discards (24 decisions each), and the
    // forfeited game stopped at its first decision.
    assert_eq!(count(&bots[1], "decisions"), 5 * 24 + 1);
}

#[test]
fn an_illegal_move_forfeits() {
    check_failure("illegal", "illegal", "9H: 9H is not in the hand");
}

#[test]
fn a_late_answer_forfeits() {
    check_failure("slow", "timeout", "no move within 1000 ms");
}

#[test]
fn a_crash_forfeits_and_the_engine_is_restarted() {
    check_failure("crash", "crash", "closed its output (exit status: 3)");
}

#[test]
fn a_closed_pipe_forfeits() {
    check_failure("close", "crash", "closed its output");
}

#[test]
fn garbage_forfeits() {
    check_failure(
        "garbage",
        "protocol",
        "expected `play CARD [CAPTURED…]`, got \"I think 7S\"",
    );
}

#[test]
fn a_bad_handshake_forfeits_every_game() {
    let report = against_greedy(&faulty("hello", 1), &["--games", "2"]);
    let reason = "bad handshake: expected `id name …` or `ready`, got \"hello\"";
    let expected: Vec<(u64, u64, String, String)> = (0..2)
        .map(|group| (group, 0, "protocol".to_string(), reason.to_string()))
        .collect();
    assert_eq!(forfeits(&report), expected);
    // Never introduced, so known by its place alone; it never got to move.
    assert_eq!(report["bots"][1]["name"], "engine:0");
    assert_eq!(count(&report["bots"][0], "wins"), 2);
}

#[test]
fn a_slow_start_forfeits() {
    let run = tablic(
        &[
            "match",
            "--json",
            "--players",
            "engine,random",
            "--engine",
            &faulty("mute", 1),
            "--games",
            "1",
            "--start-time",
            "300",
        ],
        "",
    );
    assert_eq!(run.code, Some(0), "{}", run.stderr);
    let report: Value = serde_json::from_str(&run.stdout).unwrap();
    let expected: Vec<(u64, u64, String, String)> = vec![(
        0,
        0,
        "timeout".to_string(),
        "not ready within 300 ms of starting".to_string(),
    )];
    assert_eq!(forfeits(&report), expected);
    // Seat 0 moves first: the game stopped before any move.
    assert_eq!(report["bots"][1]["decisions"], 0);
    assert_eq!(report["bots"][0]["mean_points"], 0.0);
    assert_eq!(report["bots"][1]["mean_points"], 25.0);
}

#[test]
fn the_table_lists_forfeits_with_their_reasons() {
    let run = tablic(
        &[
            "match",
            "--players",
            "greedy,engine",
            "--engine",
            &faulty("garbage", 3),
            "--games",
            "6",
        ],
        "",
    );
    assert_eq!(run.code, Some(0), "{}", run.stderr);
    let lines: Vec<&str> = run.stdout.lines().collect();
    assert_eq!(lines.len(), 5, "{}", run.stdout);
    let header: Vec<&str> = lines[0].split_whitespace().collect();
    assert_eq!(
        header,
        [
            "bot", "name", "points", "margin", "wins", "ties", "losses", "forfeits", "tablas",
            "+3", "µs/move", "max", "µs"
        ]
    );
    assert!(
        lines[2].contains("engine:0 (faulty-garbage)"),
        "{}",
        lines[2]
    );
    assert_eq!(
        lines[4],
        "forfeit: group 5, rotation 0: engine:0 (faulty-garbage) at seat 1: protocol: \
         expected `play CARD [CAPTURED…]`, got \"I think 7S\""
    );
}

#[test]
fn engines_on_several_threads_give_the_same_figures() {
    let strip = |mut report: Value| {
        report.as_object_mut().unwrap().remove("elapsed_s");
        report.as_object_mut().unwrap().remove("games_per_s");
        for bot in report["bots"].as_array_mut().unwrap() {
            bot.as_object_mut().unwrap().remove("mean_decision_us");
            bot.as_object_mut().unwrap().remove("max_decision_us");
        }
        report
    };
    let engine = faulty("crash", 3);
    let one = strip(against_greedy(&engine, &["--games", "6", "--duplicate"]));
    let two = strip(against_greedy(
        &engine,
        &["--games", "6", "--duplicate", "--threads", "2"],
    ));
    assert_eq!(one, two);
}

#[test]
fn the_c_example_builds_and_plays_legally() {
    let have = |tool: &str| {
        Command::new(tool)
            .arg("--version")
            .output()
            .is_ok_and(|output| output.status.success())
    };
    if !have("cc") || !have("make") {
        eprintln!("SKIPPED: the C example bot needs cc and make");
        return;
    }
    // Its own cargo target directory: the one running this test is locked.
    let target = Path::new(env!("CARGO_TARGET_TMPDIR")).join("ffi");
    let build = Command::new("make")
        .args(["--no-print-directory", "-C"])
        .arg(repo().join("examples/bots"))
        .arg(format!("TARGET_DIR={}", target.display()))
        .args(["lib", "all"])
        .output()
        .expect("make runs");
    assert!(
        build.status.success(),
        "make -C examples/bots lib all: {}{}",
        String::from_utf8_lossy(&build.stdout),
        String::from_utf8_lossy(&build.stderr)
    );
    let bot = target.join("bots/capture");
    let report = against_greedy(
        bot.to_str().expect("a UTF-8 path"),
        &["--games", "10", "--duplicate", "--seed", "3"],
    );
    let bots = report["bots"].as_array().expect("bots");
    assert_eq!(bots[1]["name"], "engine:0 (capture 1.0)");
    assert_eq!(count(&bots[1], "forfeits"), 0);
    assert_eq!(count(&bots[1], "decisions"), 20 * 24);
    assert_eq!(forfeits(&report), []);
    // It takes what it can: it scores, unlike a bot that only discards.
    assert!(
        bots[1]["mean_points"].as_f64().unwrap() > 5.0,
        "{}",
        bots[1]
    );
}

#[test]
fn bad_engine_options_are_usage_errors() {
    let first = python_bot("examples/bots/first.py");
    for (args, message) in [
        (
            vec!["match", "--players", "greedy,engine"],
            "error: --players: \"engine\" needs an --engine COMMAND",
        ),
        (
            vec!["match", "--players", "greedy,engine:1", "--engine", &first],
            "error: --players: \"engine:1\": only 1 --engine option given",
        ),
        (
            vec!["match", "--players", "greedy,random", "--engine", &first],
            "is not in --players",
        ),
        (
            vec![
                "match",
                "--players",
                "greedy,engine",
                "--engine",
                "no-such-program-here",
            ],
            "error: --engine \"no-such-program-here\": cannot start \"no-such-program-here\"",
        ),
        (
            vec![
                "match",
                "--players",
                "greedy,engine",
                "--engine",
                "python3 'x",
            ],
            "an unclosed quote",
        ),
        (vec!["match", "--move-time", "0"], "--move-time"),
    ] {
        let run = tablic(&args, "");
        assert_eq!(run.code, Some(2), "{args:?}: {}", run.stderr);
        assert_eq!(run.stderr.lines().count(), 1, "{}", run.stderr);
        assert!(run.stderr.contains(message), "{args:?}: {}", run.stderr);
        assert_eq!(run.stdout, "");
    }
}

#[test]
fn an_engine_is_told_the_sides_and_the_house_rules() {
    // The test bot plays legally only when its `newgame` line says `side-size 2`.
    let engine = faulty("pairs-only", 1);
    let run = |extra: &[&str]| {
        let mut args = vec![
            "match",
            "--json",
            "--players",
            "greedy,engine,greedy,random",
            "--engine",
            &engine,
            "--games",
            "2",
        ];
        args.extend_from_slice(extra);
        let run = tablic(&args, "");
        assert_eq!(run.code, Some(0), "{}", run.stderr);
        serde_json::from_str::<Value>(&run.stdout).expect("one JSON object")
    };
    let pairs = run(&["--pairs", "--leftovers", "last-player"]);
    assert_eq!(forfeits(&pairs), []);
    assert_eq!(count(&pairs["bots"][1], "decisions"), 2 * 12);
    let alone = run(&[]);
    assert_eq!(forfeits(&alone).len(), 2, "{alone}");
}
