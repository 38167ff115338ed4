//! `tablic tournament`: round robins with exact standings, the same as the tables' matches.

mod common;

use std::path::Path;
use std::process::{Command, Output, Stdio};
use std::time::Duration;

use common::tablic;
use serde_json::Value;
use tablic_core::dealing::seeding::derive_seed;

fn tournament_json(args: &[&str]) -> Value {
    let mut all = vec!["tournament", "--json"];
    all.extend_from_slice(args);
    let run = tablic(&all, "");
    assert_eq!(run.code, Some(0), "{}", run.stderr);
    assert_eq!(
        run.stderr, "",
        "no progress bar when stderr is not a terminal"
    );
    serde_json::from_str(&run.stdout).expect("one JSON object")
}

/// The standings without the timing fields.
fn standings(report: &Value) -> Vec<Value> {
    report["standings"]
        .as_array()
        .expect("standings")
        .iter()
        .map(|entry| {
            let mut entry = entry.clone();
            let object = entry.as_object_mut().unwrap();
            for key in ["mean_decision_us", "max_decision_us"] {
                assert!(
                    object.remove(key).and_then(|v| v.as_f64()).is_some(),
                    "{key}"
                );
            }
            entry
        })
        .collect()
}

const FIELD: [&str; 8] = [
    "--players",
    "greedy,random,random,greedy",
    "--games",
    "5",
    "--duplicate",
    "--seed",
    "4",
    "--size=2",
];

#[test]
fn a_round_robin_ranks_by_points_per_game() {
    let run = tablic(&[&["tournament"][..], &FIELD].concat(), "");
    assert_eq!(run.code, Some(0), "{}", run.stderr);
    let lines: Vec<&str> = run.stdout.lines().collect();
    assert_eq!(lines.len(), 6, "{}", run.stdout);
    // Everything but the last column (timing) is exact.
    let without_timing: Vec<String> = lines[..5]
        .iter()
        .map(|line| line.rsplit_once("  ").unwrap().0.trim_end().to_string())
        .collect();
    assert_eq!(
        without_timing,
        [
            "rank  entrant  name    games  points           margin  wins  ties  losses  forfeits  tablas",
            "   1        3  greedy     30  19.000  +10.700 ± 2.131    25     0       5         0   1.467",
            "   2        0  greedy     30  18.700  +10.067 ± 1.958    25     0       5         0   1.433",
            "   3        2  random     30   7.833  -10.033 ± 2.330     6     0      24         0   0.100",
            "   4        1  random     30   7.433  -10.733 ± 2.068     4     0      26         0   0.167",
        ]
    );
    assert!(
        lines[5].starts_with("60 games: 6 tables of 2 × 5 deals × 2 seatings, seed 4, 1 thread, "),
        "{}",
        lines[5]
    );
}

#[test]
fn by_deal_shows_where_each_entrant_gains() {
    let args = [&["tournament", "--by-deal"][..], &FIELD].concat();
    let run = tablic(&args, "");
    assert_eq!(run.code, Some(0), "{}", run.stderr);
    let lines: Vec<&str> = run.stdout.lines().collect();
    assert_eq!(lines.len(), 12, "{}", run.stdout);
    assert!(
        lines[0].starts_with("rank  entrant  name"),
        "{}",
        run.stdout
    );
    assert!(lines[5].starts_with("60 games: "), "{}", run.stdout);
    // In the ranking's order; each row's deals add up to its margin in the first table.
    let by_deal = [
        "",
        "rank  entrant  name          deal 1        deal 2        deal 3  deal 4 + end",
        "   1        3  greedy  +1.57 ± 0.38  +2.27 ± 0.52  +2.53 ± 0.64  +4.33 ± 0.99",
        "   2        0  greedy  +1.93 ± 0.43  +1.83 ± 0.52  +1.80 ± 0.45  +4.50 ± 0.94",
        "   3        2  random  -1.60 ± 0.43  -2.03 ± 0.50  -2.13 ± 0.65  -4.27 ± 1.35",
        "   4        1  random  -1.90 ± 0.41  -2.07 ± 0.66  -2.20 ± 0.50  -4.57 ± 1.04",
    ];
    assert_eq!(lines[6..], by_deal);
    let threads = tablic(&[&args[..], &["--threads", "2"]].concat(), "");
    assert_eq!(threads.code, Some(0), "{}", threads.stderr);
    assert_eq!(threads.stdout.lines().skip(6).collect::<Vec<_>>(), by_deal);
}

#[test]
fn standings_are_the_sum_of_each_tables_match() {
    let report = tournament_json(&FIELD);
    assert_eq!(report["tables"], 6);
    assert_eq!(report["games"], 60);
    assert_eq!(report["interrupted"], false);
    let field = ["greedy", "random", "random", "greedy"];
    let mut totals = [[0u64; 4]; 4]; // per entrant: games, wins, ties, losses
    let mut points = [0.0f64; 4];
    let mut by_deal = [[0.0f64; 4]; 4]; // per entrant: the sum of its tables' deal means
    let mut table = 0;
    for a in 0..4 {
        for b in a + 1..4 {
            let seed = derive_seed(4, table).to_string();
            let players = format!("{},{}", field[a], field[b]);
            let run = tablic(
                &[
                    "match",
                    "--json",
                    "--players",
                    &players,
                    "--games",
                    "5",
                    "--duplicate",
                    "--seed",
                    &seed,
                ],
                "",
            );
            assert_eq!(run.code, Some(0), "{}", run.stderr);
            let matched: Value = serde_json::from_str(&run.stdout).unwrap();
            for (bot, entrant) in [a, b].into_iter().enumerate() {
                let stats = &matched["bots"][bot];
                for (slot, key) in ["games", "wins", "ties", "losses"].iter().enumerate() {
                    totals[entrant][slot] += stats[key].as_u64().unwrap();
                }
                points[entrant] += stats["mean_points"].as_f64().unwrap() * 10.0;
                for (sum, deal) in by_deal[entrant]
                    .iter_mut()
                    .zip(stats["margin_by_deal"].as_array().unwrap())
                {
                    *sum += deal["mean"].as_f64().unwrap();
                }
            }
            table += 1;
        }
    }
    for entry in standings(&report) {
        let entrant = entry["entrant"].as_u64().unwrap() as usize;
        let counts = ["games", "wins", "ties", "losses"].map(|key| entry[key].as_u64().unwrap());
        assert_eq!(counts, totals[entrant], "{entry}");
        let mean = points[entrant] / counts[0] as f64;
        assert!(
            (entry["mean_points"].as_f64().unwrap() - mean).abs() < 1e-9,
            "{entry}"
        );
        // Its three tables play as many games each: a deal's mean is theirs, averaged.
        let deals = entry["margin_by_deal"].as_array().unwrap();
        assert_eq!(deals.len(), 4, "{entry}");
        let mut margin = 0.0;
        for (deal, sum) in deals.iter().zip(by_deal[entrant]) {
            let mean = deal["mean"].as_f64().unwrap();
            assert!((mean - sum / 3.0).abs() < 1e-9, "{entry}");
            assert!(deal["se"].as_f64().unwrap() > 0.0, "{entry}");
            margin += mean;
        }
        assert!(
            (entry["mean_margin"].as_f64().unwrap() - margin).abs() < 1e-9,
            "{entry}"
        );
    }
}

#[test]
fn standings_do_not_depend_on_the_thread_count() {
    let args = [
        "--players",
        "greedy,random,random,greedy,random",
        "--games",
        "3",
        "--size",
        "3",
    ];
    let one = tournament_json(&args);
    for entry in standings(&one) {
        assert_eq!(entry["margin_by_deal"].as_array().unwrap().len(), 3);
    }
    for threads in ["2", "3"] {
        let many = tournament_json(&[&args[..], &["--threads", threads]].concat());
        assert_eq!(standings(&one), standings(&many), "{threads} threads");
    }
    assert_eq!(one["tables"], 10);
    assert_eq!(one["games"], 30);
}

#[test]
fn csv_holds_the_same_standings() {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join("tournament-csv");
    std::fs::create_dir_all(&dir).unwrap();
    let csv = dir.join("standings.csv");
    let report = tournament_json(&[&FIELD[..], &["--csv", csv.to_str().unwrap()]].concat());
    let text = std::fs::read_to_string(&csv).unwrap();
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(
        lines[0],
        "rank,entrant,name,games,mean_points,mean_margin,margin_se,wins,ties,losses,forfeits,\
         mean_tablas,most_cards_rate,mean_decision_us,max_decision_us,\
         margin_deal_1,margin_deal_1_se,margin_deal_2,margin_deal_2_se,\
         margin_deal_3,margin_deal_3_se,margin_deal_4,margin_deal_4_se"
    );
    assert_eq!(lines.len(), 5);
    for (line, entry) in lines[1..].iter().zip(standings(&report)) {
        let cells: Vec<&str> = line.split(',').collect();
        assert_eq!(cells[0], entry["rank"].to_string());
        assert_eq!(cells[1], entry["entrant"].to_string());
        assert_eq!(cells[2], entry["name"].as_str().unwrap());
        assert_eq!(
            cells[4].parse::<f64>().unwrap(),
            entry["mean_points"].as_f64().unwrap()
        );
        assert_eq!(cells[7], entry["wins"].to_string());
        let by_deal = entry["margin_by_deal"].as_array().unwrap();
        assert_eq!(cells.len(), 15 + 2 * by_deal.len());
        for (deal, margin) in by_deal.iter().enumerate() {
            // serde_json's float parsing may be one unit in the last place off.
            let agree = |column: usize, field: &str| {
                let cell = cells[column].parse::<f64>().unwrap();
                let json = margin[field].as_f64().unwrap();
                assert!(
                    (cell - json).abs() <= 1e-12,
                    "deal {deal} {field}: {cell} {json}"
                );
            };
            agree(15 + 2 * deal, "mean");
            agree(16 + 2 * deal, "se");
        }
    }
    assert!(
        lines[1].starts_with("1,3,greedy,30,19,10.7,"),
        "{}",
        lines[1]
    );
}

#[test]
fn engines_enter_tournaments_and_forfeits_count() {
    let bot = format!(
        "python3 {} crash 3",
        Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("tests/bots/faulty.py")
            .display()
    );
    let report = tournament_json(&[
        "--players",
        "greedy,engine,random",
        "--engine",
        &bot,
        "--games",
        "3",
        "--seed",
        "2",
    ]);
    let entries = standings(&report);
    let engine = entries.iter().find(|e| e["entrant"] == 1).unwrap();
    assert_eq!(engine["name"], "engine:0 (faulty-crash)");
    assert_eq!(engine["games"], 6);
    let notes = report["forfeit_games"].as_array().unwrap();
    assert_eq!(engine["forfeits"].as_u64().unwrap() as usize, notes.len());
    for note in notes {
        assert_eq!(note["kind"], "crash");
        assert_eq!(note["reason"], "closed its output (exit status: 3)");
        assert_eq!(note["player"], 1);
        assert!(note["table"] == 0 || note["table"] == 2, "{note}");
    }
    let total: u64 = entries.iter().map(|e| e["games"].as_u64().unwrap()).sum();
    assert_eq!(total, 2 * 9, "every game of every table was played");
}

/// What `tablic ARGS` wrote and how it ended, sent Ctrl-C (SIGINT) 1.5 s after it started.
fn interrupted(args: &[&str]) -> Output {
    let child = Command::new(env!("CARGO_BIN_EXE_tablic"))
        .args(args)
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("tablic starts");
    std::thread::sleep(Duration::from_millis(1500));
    let status = Command::new("kill")
        .args(["-INT", &child.id().to_string()])
        .status()
        .expect("kill runs");
    assert!(status.success());
    child.wait_with_output().unwrap()
}

#[test]
fn ctrl_c_prints_the_standings_so_far_and_exits_130() {
    let output = interrupted(&[
        "tournament",
        "--players",
        "greedy,random,greedy",
        "--games",
        "100000000",
    ]);
    let stdout = String::from_utf8(output.stdout).unwrap();
    let stderr = String::from_utf8(output.stderr).unwrap();
    assert_eq!(output.status.code(), Some(130), "{stderr}");
    let lines: Vec<&str> = stdout.lines().collect();
    assert_eq!(lines.len(), 5, "{stdout}");
    assert!(lines[0].starts_with("rank  entrant  name"), "{stdout}");
    assert!(lines[4].ends_with(" (interrupted)"), "{stdout}");
    assert!(
        stderr.starts_with("interrupted: standings after "),
        "{stderr}"
    );
    assert!(stderr.ends_with(" of 300000000 games\n"), "{stderr}");
}

#[test]
fn a_field_with_too_many_tables_to_list_starts_at_once() {
    // 48 choose 24 tables: listing them first would need hundreds of terabytes.
    let field = vec!["random"; 48].join(",");
    let output = interrupted(&[
        "tournament",
        "--players",
        &field,
        "--size",
        "24",
        "--games",
        "1",
        "--json",
    ]);
    let stderr = String::from_utf8(output.stderr).unwrap();
    assert_eq!(output.status.code(), Some(130), "{stderr}");
    let report: Value = serde_json::from_slice(&output.stdout).expect("one JSON object");
    assert_eq!(report["tables"], 32_247_603_683_100u64);
    assert_eq!(report["interrupted"], true);
}

#[test]
fn bad_tournaments_are_usage_errors() {
    for (args, message) in [
        (
            vec!["tournament", "--players", "greedy,random", "--size", "3"],
            "2 entrants cannot fill a table of 3",
        ),
        (
            vec![
                "tournament",
                "--players",
                "greedy,random,random",
                "--size",
                "5",
            ],
            "--size 5: a table seats",
        ),
        (
            vec!["tournament", "--players", "greedy,nobody"],
            "unknown bot",
        ),
        (
            vec!["tournament", "--players", "greedy,random", "--games", "0"],
            "--games",
        ),
        (vec!["tournament"], "--players"),
    ] {
        let run = tablic(&args, "");
        assert_eq!(run.code, Some(2), "{args:?}: {}", run.stderr);
        assert_eq!(run.stderr.lines().count(), 1, "{}", run.stderr);
        assert!(run.stderr.contains(message), "{args:?}: {}", run.stderr);
    }
}

#[test]
fn an_unwritable_csv_path_is_refused_before_the_games() {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join("tournament-no-such-dir");
    let _ = std::fs::remove_dir_all(&dir);
    let csv = dir.join("standings.csv");
    let csv = csv.to_str().unwrap();
    let run = tablic(
        &[
            "tournament",
            "--players",
            "greedy,random",
            "--games",
            "2",
            "--csv",
            csv,
        ],
        "",
    );
    assert_eq!(run.code, Some(2), "{}", run.stderr);
    assert_eq!(run.stdout, "");
    assert_eq!(
        run.stderr,
        format!("error: --csv {csv}: No such file or directory (os error 2)\n")
    );
}

#[test]
fn help_explains_every_option() {
    let run = tablic(&["tournament", "--help"], "");
    assert_eq!(run.code, Some(0));
    for needle in [
        "--players <ENTRANTS>",
        "--games <N>",
        "--seed <SEED>",
        "--size <N>",
        "--duplicate",
        "--threads <T>",
        "--csv <FILE>",
        "--json",
        "--by-deal",
        "margin_by_deal",
        "--engine <COMMAND>",
        "--move-time <MS>",
        "--start-time <MS>",
        "--save-records <DIR>",
        "Ctrl-C",
        "forfeit",
        "exits with status 130",
    ] {
        assert!(run.stdout.contains(needle), "{needle} in {}", run.stdout);
    }
    let run = tablic(&["match", "--help"], "");
    for needle in [
        "--engine <COMMAND>",
        "engine:K",
        "PROTOCOL.md",
        "--save-records <DIR>",
        "forfeit_games",
    ] {
        assert!(run.stdout.contains(needle), "{needle} in {}", run.stdout);
    }
}

#[test]
fn one_of_anything_is_singular_in_the_footer() {
    let run = tablic(
        &["tournament", "--players", "greedy,random", "--games", "1"],
        "",
    );
    assert_eq!(run.code, Some(0), "{}", run.stderr);
    let last = run.stdout.lines().last().unwrap_or_default();
    assert!(
        last.starts_with("1 game: 1 table of 2 × 1 deal, seed 1, 1 thread, "),
        "{last}"
    );
    let run = tablic(&["tournament", "--players", "greedy"], "");
    assert_eq!(run.code, Some(2));
    assert_eq!(
        run.stderr,
        "error: --players/--size: 1 entrant cannot fill a table of 2\n"
    );
}
