//! `tablic review` and `tablic render` on a recorded game.

mod common;

use common::tablic;

/// A game of greedy (seat 0) against minimax, seed 42, as `Game::record` wrote it, with
/// the seats' names.
const GAME: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/../docs/example-game.txt");

fn field<'a>(object: &'a serde_json::Value, name: &str) -> &'a serde_json::Value {
    object
        .get(name)
        .unwrap_or_else(|| panic!("no {name} in {object}"))
}

#[test]
fn a_review_judges_every_move() {
    let run = tablic(
        &[
            "review",
            GAME,
            "--json",
            "--bot",
            "pimc:samples=4,nodes=5000",
        ],
        "",
    );
    assert_eq!(run.code, Some(0), "{}", run.stderr);
    let review: serde_json::Value = serde_json::from_str(&run.stdout).unwrap();
    let moves = field(&review, "moves").as_array().unwrap();
    assert_eq!(moves.len(), 48);
    for (index, judged) in moves.iter().enumerate() {
        assert_eq!(field(judged, "ply"), index + 1);
        assert_eq!(field(judged, "seat"), index % 2);
        if let Some(loss) = field(judged, "loss").as_f64() {
            assert!(loss >= 0.0, "{judged}");
            assert!(field(judged, "loss_se").as_f64().is_some(), "{judged}");
        }
        let mark = field(judged, "mark").as_str().unwrap();
        assert!(["", "?", "??"].contains(&mark), "{judged}");
    }
    // The first move of the record, and the last: a single legal move, never weighed.
    assert_eq!(field(&moves[0], "played"), "7H 3D 4S");
    assert_eq!(field(&moves[47], "loss"), &serde_json::Value::Null);
    let seats = field(&review, "seats").as_array().unwrap();
    for seat in seats {
        assert_eq!(field(seat, "moves"), 24);
        let agreed = field(seat, "agreed").as_u64().unwrap();
        let weighed = field(seat, "weighed").as_u64().unwrap();
        assert!(agreed <= 24 && weighed <= 24);
    }
    // Deterministic: the same seed judges the same.
    let again = tablic(
        &[
            "review",
            GAME,
            "--json",
            "--bot",
            "pimc:samples=4,nodes=5000",
        ],
        "",
    );
    assert_eq!(again.stdout, run.stdout);
}

#[test]
fn a_review_as_tables() {
    let run = tablic(&["review", GAME, "--bot", "pimc:samples=2,nodes=2000"], "");
    assert_eq!(run.code, Some(0), "{}", run.stderr);
    let lines: Vec<&str> = run.stdout.lines().collect();
    assert_eq!(lines[0], "ply  seat  played       best          loss");
    assert_eq!(lines[1], "  1     0  7H 3D 4S     10C -  0.83 ± 0.17");
    assert_eq!(lines[2], "  2     1  5S 5D        5S -   1.50 ± 0.50  ?");
    // The last deal is exact: no standard error.
    assert_eq!(lines[40], " 40     1  9C 2S 7D     4C -          7.00  ??");
    assert!(run.stdout.contains("Judged by pimc:samples=2,nodes=2000"));
    assert!(
        run.stdout.ends_with(
            "seat  name     moves  agreed  weighed  ?  ??  total loss  mean loss
   0  greedy      24      15       20  4   0       10.33       0.52
   1  minimax     24      18       23  2   1       10.83       0.47
"
        ),
        "{}",
        run.stdout
    );
}

/// A move's review is `tablic analyze` of the position before it, as its mover saw it,
/// with the same bot and seed.
#[test]
fn a_review_judges_each_move_as_analyze_does() {
    let bot = "pimc:samples=4,nodes=5000";
    let run = tablic(&["review", GAME, "--json", "--bot", bot, "--seed", "3"], "");
    assert_eq!(run.code, Some(0), "{}", run.stderr);
    let review: serde_json::Value = serde_json::from_str(&run.stdout).unwrap();
    for ply in [15, 25, 40] {
        let judged = &field(&review, "moves")[ply - 1];
        let position = tablic(&["position", GAME, "--ply", &ply.to_string()], "");
        let position = position.stdout.trim();
        let run = tablic(
            &["analyze", position, "--json", "--bot", bot, "--seed", "3"],
            "",
        );
        assert_eq!(run.code, Some(0), "{}", run.stderr);
        let analysis: serde_json::Value = serde_json::from_str(&run.stdout).unwrap();
        let text = |played: &serde_json::Value| {
            let mut words = vec![field(played, "card").as_str().unwrap().to_string()];
            let capture = field(played, "capture").as_array().unwrap();
            words.extend(
                capture
                    .iter()
                    .map(|card| card.as_str().unwrap().to_string()),
            );
            if capture.is_empty() {
                words.push("-".to_string());
            }
            words.join(" ")
        };
        let moves = field(&analysis, "moves").as_array().unwrap();
        let played = moves
            .iter()
            .find(|analysed| text(analysed) == field(judged, "played").as_str().unwrap())
            .unwrap();
        assert_eq!(
            field(judged, "best").as_str(),
            Some(text(&moves[0]).as_str())
        );
        for (review_field, analysis_field) in
            [("loss", "loss"), ("loss_se", "loss_se"), ("mark", "mark")]
        {
            assert_eq!(
                field(judged, review_field),
                field(played, analysis_field),
                "ply {ply}"
            );
        }
        assert_eq!(field(judged, "worlds"), field(&analysis, "worlds"));
    }
}

#[test]
fn a_review_names_the_seats_in_json() {
    let run = tablic(
        &[
            "review",
            GAME,
            "--json",
            "--bot",
            "pimc:samples=1,nodes=100",
        ],
        "",
    );
    assert_eq!(run.code, Some(0), "{}", run.stderr);
    let review: serde_json::Value = serde_json::from_str(&run.stdout).unwrap();
    let names: Vec<&serde_json::Value> = field(&review, "seats")
        .as_array()
        .unwrap()
        .iter()
        .map(|seat| field(seat, "name"))
        .collect();
    assert_eq!(names, ["greedy", "minimax"]);
}

#[test]
fn the_picture_in_the_readme_is_what_render_draws() {
    let run = tablic(&["render", GAME, "--ply", "13"], "");
    assert_eq!(run.code, Some(0), "{}", run.stderr);
    let committed =
        std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/../docs/position.svg"))
            .unwrap();
    assert_eq!(
        run.stdout, committed,
        "regenerate: tablic render docs/example-game.txt --ply 13 --output docs/position.svg"
    );
}

#[test]
fn a_position_shows_the_table_and_every_hand() {
    let run = tablic(&["render", GAME, "--ply", "1"], "");
    assert_eq!(run.code, Some(0), "{}", run.stderr);
    let svg = &run.stdout;
    assert!(svg.starts_with("<svg xmlns=\"http://www.w3.org/2000/svg\""));
    assert!(svg.trim_end().ends_with("</svg>"));
    // 4 table cards and two hands of 6.
    assert_eq!(svg.matches("rx=\"4\"").count(), 16);
    assert!(svg.contains(">Move 1: seat 0 (greedy) plays 7♥ and takes 3♦ 4♠</text>"));
    assert!(svg.contains(">seat 1 (minimax)</text>"));
    assert!(svg.contains(">pile 0 cards, 0 points</text>"));
}

#[test]
fn the_last_position_shows_the_totals_and_the_winner() {
    let end = tablic(&["render", GAME, "--ply", "49"], "");
    assert_eq!(end.code, Some(0), "{}", end.stderr);
    let texts: Vec<&str> = end
        .stdout
        .split("</text>")
        .filter_map(|piece| Some(&piece[piece.rfind('>')? + 1..]))
        .filter(|text| !text.trim().is_empty())
        .collect();
    assert_eq!(
        texts,
        [
            "The end. Winner: seat 1 (minimax)",
            "final totals",
            "seat 0 (greedy): 12 = 12 points + 0 tablas (25 cards)",
            "seat 1 (minimax): 13 = 10 points + 0 tablas + 3 for the most cards (27 cards)",
        ]
    );
    assert_eq!(end.stdout.matches("rx=\"4\"").count(), 0);
}

#[test]
fn a_whole_game_has_a_row_per_move_deal_by_deal_under_a_legend() {
    let run = tablic(&["render", GAME], "");
    assert_eq!(run.code, Some(0), "{}", run.stderr);
    let svg = &run.stdout;
    assert_eq!(svg.matches(">seat 0</text>").count(), 24);
    assert_eq!(svg.matches(">seat 1</text>").count(), 24);
    for text in [
        "2 players, 48 moves, a row each",
        "seat 0 (greedy)",
        "seat 1 (minimax)",
        "the card played",
        "the cards it takes",
        "tabla!  it swept the table",
        "the table before the move (score: points + tablas so far, seat 0 first)",
        "seat 0 (greedy): 12 = 12 points + 0 tablas (25 cards)",
        "Winner: seat 1 (minimax)",
    ] {
        assert!(svg.contains(&format!(">{text}</text>")), "{text}");
    }
    // A dashed line and a label before each of the four deals.
    assert_eq!(svg.matches("stroke-dasharray").count(), 4);
    for deal in 1..=4 {
        assert_eq!(svg.matches(&format!(">deal {deal}</text>")).count(), 1);
    }
    // The running score after the last move: the card points and tablas of the piles,
    // before the +3 for the most cards.
    let last_row = svg.split(">48.</text>").nth(1).unwrap();
    assert!(last_row.contains(">12 : 10</text>"), "{last_row}");
}

#[test]
fn names_are_escaped_in_pictures() {
    let record = "tablic-record 1\nplayers 2\nname 0 <b>&co\nseed 42\nplay 7H 3D 4S\n";
    let run = tablic(&["render", "-"], record);
    assert_eq!(run.code, Some(0), "{}", run.stderr);
    assert!(run.stdout.contains(">seat 0 (&lt;b&gt;&amp;co)</text>"));
    assert!(run
        .stdout
        .contains(">The record stops after 1 move of 48, without a result</text>"));
}

#[test]
fn bad_input_is_one_line_and_exit_2() {
    for args in [
        vec!["render", GAME, "--ply", "0"],
        vec!["render", GAME, "--ply", "50"],
        vec!["review", GAME, "--bot", "greedy"],
        vec!["review", GAME, "--bot", "pimc:samples=0"],
        vec!["review", "/nonexistent/game.txt"],
        vec!["render", "-"],
    ] {
        // Only `-` reads stdin; the others stop before reading it.
        let stdin = if args.contains(&"-") {
            "tablic-record 1\nplayers 7\n"
        } else {
            ""
        };
        let run = tablic(&args, stdin);
        assert_eq!(run.code, Some(2), "{args:?}: {}", run.stderr);
        assert_eq!(run.stderr.lines().count(), 1, "{args:?}: {}", run.stderr);
        assert!(run.stderr.starts_with("error: "), "{args:?}");
    }
}
