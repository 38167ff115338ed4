//! `tablic match` and `tablic bench`: reproducible, consistent figures.

mod common;

use common::tablic;
use serde_json::{json, Value};

fn match_json(args: &[&str]) -> Value {
    let mut all = vec!["match", "--json"];
    all.extend_from_slice(args);
    let run = tablic(&all, "");
    assert_eq!(run.code, Some(0), "{}", run.stderr);
    assert_eq!(
        run.stderr, "",
        "no progress line when stderr is not a terminal"
    );
    serde_json::from_str(&run.stdout).expect("one JSON object")
}

/// The report without the fields that depend on the machine's speed.
fn without_timing(mut report: Value) -> Value {
    let object = report.as_object_mut().expect("an object");
    for key in ["elapsed_s", "games_per_s"] {
        let value = object.remove(key).and_then(|v| v.as_f64());
        assert!(value.is_some_and(|v| v.is_finite() && v >= 0.0), "{key}");
    }
    for bot in object["bots"].as_array_mut().expect("bots") {
        let bot = bot.as_object_mut().expect("a bot");
        let mean = bot.remove("mean_decision_us").and_then(|v| v.as_f64());
        let max = bot.remove("max_decision_us").and_then(|v| v.as_f64());
        let (mean, max) = (
            mean.expect("mean_decision_us"),
            max.expect("max_decision_us"),
        );
        assert!(mean >= 0.0 && max >= mean, "{mean} {max}");
    }
    report
}

fn number(bot: &Value, key: &str) -> f64 {
    let value = bot[key]
        .as_f64()
        .unwrap_or_else(|| panic!("{key} in {bot}"));
    assert!(value.is_finite(), "{key} in {bot}");
    value
}

fn count(bot: &Value, key: &str) -> u64 {
    bot[key]
        .as_u64()
        .unwrap_or_else(|| panic!("{key} in {bot}"))
}

/// Equal up to the last digit (serde_json's float parsing may be off by one ulp).
fn assert_close(actual: f64, expected: f64, context: &Value) {
    assert!(
        (actual - expected).abs() < 1e-12,
        "{actual} vs {expected} in {context}"
    );
}

#[test]
fn without_duplication_a_match_is_the_same_as_before_the_rewrite() {
    // The figures of the previous `tablic match` (one game per seed, bot i at seat i, bot
    // seeds derive_seed(game seed, 1000 + seat)): the plan keeps those seeds.
    let report = match_json(&[
        "--players",
        "random,random",
        "--games",
        "300",
        "--seed",
        "5",
    ]);
    assert_eq!(report["games"], 300);
    assert_eq!(report["groups"], 300);
    assert_eq!(report["games_per_group"], 1);
    assert_eq!(report["duplicate"], false);
    let bots = report["bots"].as_array().expect("bots");
    // Sums over the 300 games: points, tablas, +3 bonuses; wins, ties, losses; seats.
    let expected = [
        (3641, 13, 129, [135, 5, 160], [300, 0]),
        (3832, 14, 153, [160, 5, 135], [0, 300]),
    ];
    for (bot, (points, tablas, bonus, [wins, ties, losses], seats)) in bots.iter().zip(expected) {
        assert_close(number(bot, "mean_points"), points as f64 / 300.0, bot);
        assert_close(number(bot, "mean_tablas"), tablas as f64 / 300.0, bot);
        assert_close(number(bot, "most_cards_rate"), bonus as f64 / 300.0, bot);
        assert_eq!(
            [count(bot, "wins"), count(bot, "ties"), count(bot, "losses")],
            [wins, ties, losses]
        );
        assert_eq!(bot["seats"], json!(seats));
        assert_eq!(count(bot, "decisions"), 300 * 24);
    }
    assert_close(
        number(&bots[1], "mean_margin"),
        (3832.0 - 3641.0) / 300.0,
        &bots[1],
    );
}

#[test]
fn a_duplicate_match_has_exact_figures() {
    let report = without_timing(match_json(&[
        "--players",
        "greedy,random",
        "--games",
        "20",
        "--duplicate",
        "--seed",
        "1",
    ]));
    assert_eq!(
        report,
        json!({
            "games": 40, "groups": 20, "games_per_group": 2, "duplicate": true, "seed": 1,
            "players": 2,
            "bots": [
                {"bot": 0, "name": "greedy", "games": 40, "seats": [20, 20],
                 "mean_points": 21.25, "mean_margin": 16.45,
                 "margin_se": 0.6843167933670856, "margin_group_variance": 9.365789473684211,
                 "margin_by_deal": [
                     {"mean": 3.6, "se": 0.3256572301960258},
                     {"mean": 3.95, "se": 0.36255671062752737},
                     {"mean": 2.8, "se": 0.4094283563059213},
                     {"mean": 6.1, "se": 0.5696259160278141},
                 ],
                 "wins": 40, "ties": 0, "losses": 0, "mean_tablas": 0.8,
                 "most_cards_rate": 1.0, "decisions": 960},
                {"bot": 1, "name": "random", "games": 40, "seats": [20, 20],
                 "mean_points": 4.8, "mean_margin": -16.45,
                 "margin_se": 0.6843167933670856, "margin_group_variance": 9.365789473684211,
                 "margin_by_deal": [
                     {"mean": -3.6, "se": 0.3256572301960258},
                     {"mean": -3.95, "se": 0.36255671062752737},
                     {"mean": -2.8, "se": 0.4094283563059213},
                     {"mean": -6.1, "se": 0.5696259160278141},
                 ],
                 "wins": 0, "ties": 0, "losses": 40, "mean_tablas": 0.25,
                 "most_cards_rate": 0.0, "decisions": 960},
            ],
        })
    );
}

#[test]
fn results_do_not_depend_on_the_thread_count() {
    for args in [
        &[
            "--players",
            "greedy,random",
            "--games",
            "31",
            "--duplicate",
            "--seed",
            "4",
        ][..],
        &[
            "--players",
            "random,greedy,random",
            "--games",
            "40",
            "--seed",
            "0x2a",
        ],
        &["--players", "greedy,greedy", "--games", "2", "--duplicate"],
    ] {
        let one = without_timing(match_json(&[args, &["--threads", "1"]].concat()));
        for threads in ["2", "3"] {
            let many = without_timing(match_json(&[args, &["--threads", threads]].concat()));
            assert_eq!(one, many, "{args:?} on {threads} threads");
        }
    }
}

#[test]
fn with_duplication_every_bot_sits_in_every_seat_equally_often() {
    let report = match_json(&[
        "--players",
        "greedy,random",
        "--games",
        "25",
        "--duplicate",
        "--seed",
        "9",
        "--threads",
        "2",
    ]);
    assert_eq!(report["games"], 50);
    for bot in report["bots"].as_array().expect("bots") {
        assert_eq!(bot["games"], 50);
        assert_eq!(bot["seats"], json!([25, 25]), "{bot}");
    }
    let report = match_json(&[
        "--players",
        "random,greedy,random",
        "--games",
        "7",
        "--duplicate",
    ]);
    assert_eq!(report["games"], 21);
    for bot in report["bots"].as_array().expect("bots") {
        assert_eq!(bot["seats"], json!([7, 7, 7]), "{bot}");
        assert_eq!(count(bot, "decisions"), 21 * 16);
    }
    // Without duplication, bot i always sits at seat i.
    let report = match_json(&["--players", "greedy,random", "--games", "5"]);
    assert_eq!(report["bots"][0]["seats"], json!([5, 0]));
    assert_eq!(report["bots"][1]["seats"], json!([0, 5]));
}

#[test]
fn totals_and_margins_add_up() {
    let report = match_json(&[
        "--players",
        "random,greedy,random",
        "--games",
        "60",
        "--seed",
        "7",
    ]);
    let bots = report["bots"].as_array().expect("bots");
    let points: Vec<f64> = bots.iter().map(|bot| number(bot, "mean_points")).collect();
    let sum: f64 = points.iter().sum();
    let (mut tablas, mut bonus) = (0.0, 0.0);
    for (index, bot) in bots.iter().enumerate() {
        assert_eq!(bot["bot"], index);
        let others = (sum - points[index]) / 2.0;
        let margin = number(bot, "mean_margin");
        assert!((margin - (points[index] - others)).abs() < 1e-9, "{bot}");
        assert!(number(bot, "margin_se") > 0.0);
        let se = number(bot, "margin_se");
        let variance = number(bot, "margin_group_variance");
        assert!((se * se - variance / 60.0).abs() < 1e-9, "{bot}");
        let games: u64 = ["wins", "ties", "losses"]
            .iter()
            .map(|k| count(bot, k))
            .sum();
        assert_eq!(games, 60);
        tablas += number(bot, "mean_tablas");
        let rate = number(bot, "most_cards_rate");
        assert!((0.0..=1.0).contains(&rate));
        bonus += rate;
    }
    // 22 card points, +3 for the game's one bonus holder if any, +1 per tabla.
    let expected = 22.0 + 3.0 * bonus + tablas;
    assert!((sum - expected).abs() < 1e-9, "{sum} vs {expected}");
}

#[test]
fn a_different_seed_gives_a_different_match() {
    let a = without_timing(match_json(&["--games", "20", "--seed", "1"]));
    let b = without_timing(match_json(&["--games", "20", "--seed", "2"]));
    assert_ne!(a["bots"], b["bots"]);
}

#[test]
fn the_table_has_a_row_per_bot_and_a_footer() {
    let run = tablic(
        &[
            "match",
            "--players",
            "greedy,random,random",
            "--games",
            "10",
            "--duplicate",
            "--threads",
            "2",
        ],
        "",
    );
    assert_eq!(run.code, Some(0), "{}", run.stderr);
    assert_eq!(run.stderr, "");
    let lines: Vec<&str> = run.stdout.lines().collect();
    assert_eq!(lines.len(), 5, "{}", run.stdout);
    let header: Vec<&str> = lines[0].split_whitespace().collect();
    assert_eq!(
        header,
        [
            "bot", "name", "points", "margin", "wins", "ties", "losses", "tablas", "+3", "µs/move",
            "max", "µs"
        ]
    );
    for (index, (line, name)) in lines[1..4]
        .iter()
        .zip(["greedy", "random", "random"])
        .enumerate()
    {
        assert!(
            line.trim_start().starts_with(&format!("{index}  {name}")),
            "{line}"
        );
        assert!(line.contains(" ± "), "{line}");
        assert!(line.contains('%'), "{line}");
    }
    assert!(
        lines[4].starts_with("30 games (10 deals × 3 seatings), seed 1, 2 threads, "),
        "{}",
        lines[4]
    );
    assert!(lines[4].ends_with(" games/s"), "{}", lines[4]);
}

#[test]
fn by_deal_prints_the_margin_of_each_deal_after_the_table() {
    let args = "match --players greedy,random,random --games 10 --duplicate --seed 3";
    let args: Vec<&str> = args.split(' ').collect();
    let plain = tablic(&args, "");
    let run = tablic(&[&args[..], &["--by-deal"]].concat(), "");
    assert_eq!(run.code, Some(0), "{}", run.stderr);
    assert_eq!(run.stderr, "");
    let (table, by_deal) = run.stdout.split_once("\n\n").expect("two tables");
    // The usual table comes first, as without --by-deal (timings aside).
    let header = |text: &str| text.lines().next().map(str::to_string);
    assert_eq!(header(table), header(&plain.stdout));
    assert_eq!(table.lines().count(), plain.stdout.lines().count());
    // Three players, three deals; each row adds up to the bot's margin in the table above
    // (+12.933, −6.617, −6.317).
    assert_eq!(
        by_deal,
        "\
bot  name          deal 1        deal 2  deal 3 + end
  0  greedy  +3.78 ± 0.53  +3.12 ± 0.46  +6.03 ± 0.37
  1  random  -2.12 ± 0.28  -1.38 ± 0.39  -3.12 ± 0.47
  2  random  -1.67 ± 0.38  -1.73 ± 0.37  -2.92 ± 0.53
"
    );
}

#[test]
fn the_margins_by_deal_add_up_to_the_margin() {
    // Two players have four deals, three three, four two.
    for (players, deals) in [
        ("greedy,random", 4),
        ("greedy,random,random", 3),
        ("greedy,random,random,random", 2),
    ] {
        let report = match_json(&["--players", players, "--games", "30", "--duplicate"]);
        for bot in report["bots"].as_array().expect("bots") {
            let by_deal = bot["margin_by_deal"].as_array().expect("margin_by_deal");
            assert_eq!(by_deal.len(), deals);
            let sum: f64 = by_deal.iter().map(|deal| number(deal, "mean")).sum();
            assert!((sum - number(bot, "mean_margin")).abs() < 1e-9, "{bot}");
            assert!(by_deal.iter().all(|deal| number(deal, "se") > 0.0), "{bot}");
        }
    }
}

#[test]
fn the_help_lists_every_json_field() {
    let help = tablic(&["match", "--help"], "").stdout;
    let help: String = help.split_whitespace().collect::<Vec<_>>().join(" ");
    let report = match_json(&["--games", "2"]);
    let bot = &report["bots"][0];
    let deal = &bot["margin_by_deal"][0];
    for object in [&report, bot, deal] {
        for field in object.as_object().expect("an object").keys() {
            assert!(help.contains(field.as_str()), "{field} is not in --help");
        }
    }
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
    assert!(report["greedy_games_per_s"].as_f64().expect("games/s") > 0.0);
    assert!(report["machine"]["cpus"].as_u64().expect("cpus") >= 1);
    assert_eq!(report["quick"], true);
}

#[test]
fn one_of_anything_is_singular_in_the_footer() {
    for (args, footer) in [
        (vec!["--games", "1"], "1 game, seed 1, 1 thread, "),
        (
            vec!["--games", "1", "--duplicate"],
            "2 games (1 deal × 2 seatings), seed 1, 1 thread, ",
        ),
    ] {
        let mut all = vec!["match", "--players", "greedy,random"];
        all.extend(args);
        let run = tablic(&all, "");
        assert_eq!(run.code, Some(0), "{}", run.stderr);
        let last = run.stdout.lines().last().unwrap_or_default();
        assert!(last.starts_with(footer), "{all:?}: {last}");
    }
}

#[test]
fn matches_to_a_target_report_the_share_won_and_the_games_they_take() {
    let args = [
        "--players",
        "greedy,random,greedy,random",
        "--pairs",
        "--to",
        "61",
        "--games",
        "10",
        "--duplicate",
        "--seed",
        "4",
    ];
    let mut report = match_json(&args);
    let elapsed = report.as_object_mut().unwrap().remove("elapsed_s");
    assert!(elapsed.and_then(|v| v.as_f64()).is_some_and(|v| v >= 0.0));
    assert_eq!(report["target"], json!(61));
    assert_eq!(report["matches"], json!(20));
    assert_eq!(report["rules"], json!("side-size=2"));
    let bots = report["bots"].as_array().unwrap();
    // Partners share their side's matches; the two sides' shares add up to 1.
    assert_eq!(bots[0]["won_share"], bots[2]["won_share"]);
    assert_eq!(bots[1]["side"], json!(1));
    let shares = number(&bots[0], "won_share") + number(&bots[1], "won_share");
    assert!((shares - 1.0).abs() < 1e-12, "{shares}");
    assert!(
        number(&bots[0], "won_share") > 0.9,
        "greedy pairs beat random pairs"
    );
    assert!(number(&bots[0], "mean_games") >= 3.0);
    // The same again on two threads.
    let mut threads = args.to_vec();
    threads.extend(["--threads", "2"]);
    let mut again = match_json(&threads);
    again.as_object_mut().unwrap().remove("elapsed_s");
    assert_eq!(again, report);

    // The table: one row a bot and the match line.
    let run = tablic(&[&["match"][..], &args].concat(), "");
    assert_eq!(run.code, Some(0), "{}", run.stderr);
    let header = run.stdout.lines().next().unwrap();
    assert_eq!(header, "bot  name    side    matches won  games/match");
    assert!(
        run.stdout
            .contains("\n20 matches to 61 (10 × 2 seatings), seed 4, in pairs, 1 thread, "),
        "{}",
        run.stdout
    );
}

#[test]
fn a_bad_target_is_refused() {
    for (args, message) in [
        (
            &["--to", "0"][..],
            "error: invalid value '0' for '--to <POINTS>': expected a whole number of points from 1 to 1000000 (see --help)",
        ),
        (
            &["--to", "101", "--by-deal"][..],
            "error: the argument '--to <POINTS>' cannot be used with '--by-deal' (see --help)",
        ),
    ] {
        let run = tablic(&[&["match"][..], args].concat(), "");
        assert_eq!(run.code, Some(2));
        assert_eq!(run.stderr.lines().next(), Some(message), "{}", run.stderr);
    }
}
