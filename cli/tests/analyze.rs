//! `tablic analyze`: a seat's position and one with everything known, as a table and as
//! JSON, many positions with `--jsonl`, and bad input.

mod common;

use common::tablic;

/// docs/example-game.txt before move 25, as seat 0 saw it: the start of the third deal.
const SEAT: &str = "players=2 ply=24 turn=0 seat=0 table=8C hand=AD,2D,3C,6S,9D,JD \
    piles=3D,4S,6D,7H,7S,10C,10S,QC,QH;2C,3S,4D,4H,5C,5D,5H,5S,8H,8S,9H,9S,10D,JH,QS,KC,KH,KS \
    tablas=0,0 last=1";

/// docs/example-game.txt before move 43, with everything known.
const KNOWN: &str = "players=2 ply=42 turn=0 table=3H,6C,QD hands=AC,10H,KD;2H,4C,8D \
    piles=AD,AH,2D,3D,4S,6D,7C,7H,7S,9D,10C,10S,JC,JD,QC,QH;AS,2C,2S,3C,3S,4D,4H,5C,5D,5H,5S,\
    6H,6S,7D,8C,8H,8S,9C,9H,9S,10D,JH,JS,QS,KC,KH,KS tablas=0,0 last=1 deck=-";

/// An answer without its time, the one figure that differs from run to run.
fn timeless(line: &str) -> serde_json::Value {
    let mut answer: serde_json::Value = serde_json::from_str(line).unwrap();
    let time = answer.as_object_mut().unwrap().remove("elapsed_ms");
    assert!(time.is_some_and(|time| time.is_u64()), "{line}");
    answer
}

#[test]
fn a_seat_position_as_json() {
    let run = tablic(&["analyze", "--bot", "pimc:samples=4", "--json", SEAT], "");
    assert_eq!(run.code, Some(0), "{}", run.stderr);
    // Compared as text: the figures are integer sums divided, the same on every platform.
    let expected = concat!(
        r#"{"seat":0,"exact":false,"horizon":"deal_end","worlds":4,"left_out":0,"moves":["#,
        r#"{"card":"6S","capture":[],"margin":-10.75,"margin_se":0.5672382737961705,"ahead":0.0,"loss":0.0,"loss_se":0.0,"mark":""},"#,
        r#"{"card":"9D","capture":[],"margin":-11.0,"margin_se":0.4714045207910317,"ahead":0.0,"loss":0.25,"loss_se":0.5335936864527374,"mark":""},"#,
        r#"{"card":"2D","capture":[],"margin":-11.166666666666666,"margin_se":0.9670497325294005,"ahead":0.0,"loss":0.4166666666666667,"loss_se":1.100294573352131,"mark":""},"#,
        r#"{"card":"AD","capture":[],"margin":-11.833333333333334,"margin_se":1.5,"ahead":0.0,"loss":1.0833333333333333,"loss_se":1.0833333333333333,"mark":""},"#,
        r#"{"card":"3C","capture":[],"margin":-12.333333333333334,"margin_se":0.5773502691896257,"ahead":0.0,"loss":1.5833333333333333,"loss_se":0.28463752127665554,"mark":"?"},"#,
        r#"{"card":"JD","capture":[],"margin":-13.25,"margin_se":0.8319432851039965,"ahead":0.0,"loss":2.5,"loss_se":0.6454972243679028,"mark":"?"}],"#,
        r#""best":{"card":"6S","capture":[]},"#,
        r#""bot":{"name":"pimc:samples=4,nodes=40000","move":{"card":"6S","capture":[]}},"#,
        r#""nodes":39402,"elapsed_ms":"#,
    );
    let (answer, time) = run.stdout.rsplit_once("\"elapsed_ms\":").unwrap();
    assert_eq!(format!("{answer}\"elapsed_ms\":"), expected);
    assert!(time.trim_end().trim_end_matches('}').parse::<u64>().is_ok());
    let expected = timeless(&run.stdout);
    // The same seed, the same worlds; another seed, others.
    let again = tablic(&["analyze", "--bot", "pimc:samples=4", "--json", SEAT], "");
    assert_eq!(timeless(&again.stdout), expected);
    let other = tablic(
        &[
            "analyze",
            "--bot",
            "pimc:samples=4",
            "--seed",
            "2",
            "--json",
            SEAT,
        ],
        "",
    );
    assert_ne!(timeless(&other.stdout), expected);
}

/// With `learned=1` the worlds are valued at the deal's end by the learned evaluation, and
/// the answer says so; the bot named is the one that decided.
#[test]
fn a_learned_horizon_is_named_and_changes_the_values() {
    let learned = tablic(
        &[
            "analyze",
            "--bot",
            "pimc:samples=4,learned=1",
            "--json",
            SEAT,
        ],
        "",
    );
    assert_eq!(learned.code, Some(0), "{}", learned.stderr);
    let learned = timeless(&learned.stdout);
    assert_eq!(learned["horizon"], "learned_deal_end");
    assert_eq!(
        learned["bot"]["name"],
        "pimc:samples=4,nodes=40000,learned=1"
    );
    let fixed =
        timeless(&tablic(&["analyze", "--bot", "pimc:samples=4", "--json", SEAT], "").stdout);
    assert_eq!(fixed["horizon"], "deal_end");
    assert_ne!(learned["moves"], fixed["moves"]);
    let table = tablic(&["analyze", "--bot", "pimc:samples=4,learned=1", SEAT], "");
    assert!(
        table
            .stdout
            .contains("to the end of this deal, and the learned evaluation of the rest"),
        "{}",
        table.stdout
    );
}

#[test]
fn everything_known_as_a_table_with_the_best_line() {
    let run = tablic(&["analyze", KNOWN], "");
    assert_eq!(run.code, Some(0), "{}", run.stderr);
    let (table, time) = run.stdout.rsplit_once("105 nodes, ").unwrap();
    assert_eq!(
        table,
        "Seat 0 to move; everything known: exact values, to the end of the game.
move   margin  loss
10H -   -1.00  0.00
KD -    -1.00  0.00
AC -    -9.00  8.00  ??
Best line:
  43. seat 0: 10H -
  44. seat 1: 4C -
  45. seat 0: KD 4C 10H
  46. seat 1: 2H -
  47. seat 0: AC 2H 3H 6C
  48. seat 1: 8D -
Margin: points and tablas minus the other's, with the +3 for the most cards, when the game
ends. Loss: against the best move; ? a mistake (at least 1 point), ?? a blunder (at least
3 points).
"
    );
    assert!(time.ends_with(" ms.\n"), "{time}");
}

#[test]
fn jsonl_answers_every_line_and_a_bad_one_exits_2() {
    let input = format!("{KNOWN}\n\nplayers=2 ply=3\n{KNOWN}\n");
    let run = tablic(&["analyze", "--jsonl"], &input);
    assert_eq!(run.code, Some(2), "{}", run.stderr);
    assert_eq!(
        run.stderr,
        "error: line 3: position: hands= is missing (1 bad line of 3)\n"
    );
    let lines: Vec<&str> = run.stdout.lines().collect();
    assert_eq!(lines.len(), 3, "{}", run.stdout);
    let first = timeless(lines[0]);
    assert_eq!(
        first["best"],
        serde_json::json!({"card": "10H", "capture": []})
    );
    assert_eq!(first["line"].as_array().unwrap().len(), 6);
    assert_eq!(first["nodes"], 105);
    assert_eq!(
        lines[1],
        r#"{"error":"line 3: position: hands= is missing"}"#
    );
    assert_eq!(timeless(lines[2]), first);
    let good = tablic(&["analyze", "--jsonl"], &format!("{KNOWN}\n"));
    assert_eq!(good.code, Some(0), "{}", good.stderr);
}

/// Each example of `--help` runs (with a record of its own for `game.txt`).
#[test]
fn the_examples_in_the_help_work() {
    let help = tablic(&["analyze", "--help"], "").stdout;
    let examples: Vec<&str> = help
        .lines()
        .filter_map(|line| line.trim().strip_prefix("tablic analyze "))
        .collect();
    assert_eq!(examples.len(), 2, "{help}");
    for example in examples {
        let (options, position) = example.split_once('\'').unwrap();
        let mut args = vec!["analyze"];
        args.extend(options.split_whitespace());
        args.push(position.trim_end_matches('\''));
        let run = tablic(&args, "");
        assert_eq!(run.code, Some(0), "{example}: {}", run.stderr);
    }
    let piped = help
        .lines()
        .find_map(|line| line.trim().strip_prefix("tablic position game.txt "))
        .unwrap();
    let (options, _) = piped.split_once(" | ").unwrap();
    let game = concat!(env!("CARGO_MANIFEST_DIR"), "/../docs/example-game.txt");
    let mut args = vec!["position", game];
    args.extend(options.split_whitespace());
    let position = tablic(&args, "");
    assert_eq!(position.code, Some(0), "{}", position.stderr);
    let run = tablic(&["analyze", "--jsonl"], &position.stdout);
    assert_eq!(run.code, Some(0), "{}", run.stderr);
    assert_eq!(timeless(&run.stdout)["exact"], true);
}

#[test]
fn bad_input_is_one_line_and_exit_2() {
    let seat_one = SEAT
        .replace("seat=0 ", "seat=1 ")
        .replace("hand=AD,2D,3C,6S,9D,JD", "hand=AS,6H,7C,7D,JC,JS");
    for (args, expected) in [
        (
            vec!["analyze", "players=2 x"],
            "error: position: expected key=value, found \"x\"",
        ),
        (
            vec!["analyze", &seat_one],
            "error: the position is seat 1's, but seat 0 is to move",
        ),
        (
            vec!["analyze", "--bot", "greedy", SEAT],
            "error: --bot: greedy cannot weigh moves (use pimc)",
        ),
        (
            vec![
                "analyze",
                "--nodes",
                "10",
                KNOWN.split(" hands").next().unwrap(),
            ],
            "error: position: hands= is missing",
        ),
    ] {
        let run = tablic(&args, "");
        assert_eq!(run.code, Some(2), "{args:?}: {}", run.stderr);
        assert_eq!(run.stderr.trim_end(), expected, "{args:?}");
        assert_eq!(run.stdout, "");
    }
    let over_budget = tablic(&["analyze", "--nodes", "10", KNOWN_24_MOVES_AHEAD], "");
    assert_eq!(over_budget.code, Some(2));
    assert_eq!(
        over_budget.stderr,
        "error: the search ran out of its budget of 10 nodes (raise --nodes)\n"
    );
    for args in [
        vec!["analyze"],
        vec!["analyze", "--nodes", "0", KNOWN],
        vec!["analyze", "--jsonl", KNOWN],
    ] {
        let run = tablic(&args, "");
        assert_eq!(run.code, Some(2), "{args:?}: {}", run.stderr);
        assert_eq!(run.stderr.lines().count(), 1, "{args:?}: {}", run.stderr);
        assert!(run.stderr.starts_with("error: "), "{args:?}");
    }
}

/// docs/example-game.txt before move 25 with everything known: 24 moves to the end.
const KNOWN_24_MOVES_AHEAD: &str = "players=2 ply=24 turn=0 table=8C \
    hands=AD,2D,3C,6S,9D,JD;AS,6H,7C,7D,JC,JS \
    piles=3D,4S,6D,7H,7S,10C,10S,QC,QH;2C,3S,4D,4H,5C,5D,5H,5S,8H,8S,9H,9S,10D,JH,QS,KC,KH,KS \
    tablas=0,0 last=1 deck=6C,2S,AC,4C,AH,9C,KD,QD,3H,8D,10H,2H";

/// The CLI guide's exact example prints what it shows (its legend and figures left out).
#[test]
fn the_exact_example_in_the_readme_is_what_analyze_prints() {
    let readme =
        std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/../docs/CLI.md")).unwrap();
    let command = "$ tablic analyze \"$(tablic position docs/example-game.txt --ply 41 --all \
                   --no-moves)\"\n";
    let shown = readme
        .split(command)
        .nth(1)
        .expect("the example")
        .split("…")
        .next();
    let game = concat!(env!("CARGO_MANIFEST_DIR"), "/../docs/example-game.txt");
    let position = tablic(
        &["position", game, "--ply", "41", "--all", "--no-moves"],
        "",
    );
    let run = tablic(&["analyze", position.stdout.trim()], "");
    assert_eq!(run.code, Some(0), "{}", run.stderr);
    let printed = run.stdout.split("Margin:").next();
    assert_eq!(printed, shown);
}
