//! `--save-records` and `tablic replay`: every game saved, checked and told move by move.

mod common;

use std::path::{Path, PathBuf};

use common::tablic;

fn scratch(name: &str) -> PathBuf {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join(name);
    let _ = std::fs::remove_dir_all(&dir);
    dir
}

fn replay(path: &Path) -> common::Run {
    tablic(&["replay", path.to_str().expect("a UTF-8 path")], "")
}

#[test]
fn a_match_saves_every_game_and_replay_tells_it() {
    let dir = scratch("records-match");
    let run = tablic(
        &[
            "match",
            "--players",
            "greedy,random",
            "--games",
            "3",
            "--duplicate",
            "--seed",
            "1",
            "--save-records",
            dir.to_str().unwrap(),
        ],
        "",
    );
    assert_eq!(run.code, Some(0), "{}", run.stderr);
    let mut names: Vec<String> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|entry| entry.unwrap().file_name().into_string().unwrap())
        .collect();
    names.sort();
    assert_eq!(
        names,
        [
            "g000000-r0.txt",
            "g000000-r1.txt",
            "g000001-r0.txt",
            "g000001-r1.txt",
            "g000002-r0.txt",
            "g000002-r1.txt"
        ]
    );
    let record = std::fs::read_to_string(dir.join("g000000-r1.txt")).unwrap();
    let head: Vec<&str> = record.lines().take(6).collect();
    assert_eq!(
        head,
        [
            "tablic-record 1",
            "# match seed 1, group 0, rotation 1",
            "players 2",
            "name 0 random",
            "name 1 greedy",
            "seed 10451216379200822465"
        ]
    );
    for name in &names {
        let run = replay(&dir.join(name));
        assert_eq!(run.code, Some(0), "{name}: {}", run.stderr);
        assert_eq!(run.stderr, "");
    }
}

#[test]
fn replay_prints_the_game_move_by_move() {
    let dir = scratch("records-one");
    let run = tablic(
        &[
            "match",
            "--players",
            "greedy,random",
            "--games",
            "1",
            "--seed",
            "1",
            "--save-records",
            dir.to_str().unwrap(),
        ],
        "",
    );
    assert_eq!(run.code, Some(0), "{}", run.stderr);
    let run = replay(&dir.join("g000000-r0.txt"));
    assert_eq!(run.code, Some(0), "{}", run.stderr);
    let lines: Vec<&str> = run.stdout.lines().collect();
    assert_eq!(
        lines[..12],
        [
            "game: match seed 1, group 0, rotation 0",
            "2 players, seed 10451216379200822465",
            "table: 2H 5C JH QD",
            "deal 1",
            "  seat 0 (greedy) holds 3C 4H 6C 8S 9H 10H",
            "  seat 1 (random) holds 4C 4D 5S 9D 10S KC",
            "   1. seat 0 (greedy): 3C (discard)",
            "   2. seat 1 (random): 5S takes 2H 3C",
            "   3. seat 0 (greedy): 4H (discard)",
            "   4. seat 1 (random): KC (discard)",
            "   5. seat 0 (greedy): 9H takes 4H 5C",
            "   6. seat 1 (random): 4D (discard)",
        ]
    );
    assert_eq!(
        lines[lines.len() - 5..],
        [
            "the cards left on the table, 6H 6S 7C JD, go to seat 1 (random) (the last capturer)",
            "result:",
            "  seat 0 (greedy): 21 = 16 points + 2 tablas + 3 for the most cards (37 cards)",
            "  seat 1 (random): 7 = 6 points + 1 tabla (15 cards)",
            "winner: seat 0 (greedy)",
        ]
    );
    assert_eq!(
        lines
            .iter()
            .filter(|line| line.starts_with("deal "))
            .count(),
        4
    );
    assert_eq!(
        lines.iter().filter(|line| line.contains(". seat ")).count(),
        48
    );
    assert_eq!(
        lines.iter().filter(|line| line.ends_with("TABLA")).count(),
        3
    );
}

#[test]
fn a_forfeited_game_is_saved_where_it_stopped() {
    let dir = scratch("records-forfeit");
    let bot = format!(
        "python3 {} garbage 3",
        Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("tests/bots/faulty.py")
            .display()
    );
    let run = tablic(
        &[
            "match",
            "--players",
            "greedy,engine",
            "--engine",
            &bot,
            "--games",
            "6",
            "--save-records",
            dir.to_str().unwrap(),
        ],
        "",
    );
    assert_eq!(run.code, Some(0), "{}", run.stderr);
    let run = replay(&dir.join("g000005-r0.txt"));
    assert_eq!(run.code, Some(0), "{}", run.stderr);
    let lines: Vec<&str> = run.stdout.lines().collect();
    assert_eq!(
        lines[lines.len() - 3],
        "   1. seat 0 (greedy): QH takes 4H 9S QC"
    );
    assert_eq!(
        lines[lines.len() - 2..],
        [
            "the game stopped after 1 of 48 moves, without a result",
            "forfeit: seat 1: protocol: expected `play CARD [CAPTURED…]`, got \"I think 7S\"",
        ]
    );
    let complete = replay(&dir.join("g000004-r0.txt"));
    assert!(
        complete.stdout.contains("\nwinner: seat 0 (greedy)\n"),
        "{}",
        complete.stdout
    );
}

#[test]
fn concatenated_records_replay_one_after_another() {
    let dir = scratch("records-many");
    let run = tablic(
        &[
            "tournament",
            "--players",
            "greedy,random,random",
            "--games",
            "1",
            "--save-records",
            dir.to_str().unwrap(),
        ],
        "",
    );
    assert_eq!(run.code, Some(0), "{}", run.stderr);
    let mut names: Vec<PathBuf> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .collect();
    names.sort();
    assert_eq!(names.len(), 3);
    assert!(names[2].ends_with("t0002-g000000-r0.txt"), "{names:?}");
    let all: String = names
        .iter()
        .map(|p| std::fs::read_to_string(p).unwrap())
        .collect();
    let file = dir.join("all.records");
    std::fs::write(&file, &all).unwrap();
    let run = replay(&file);
    assert_eq!(run.code, Some(0), "{}", run.stderr);
    assert_eq!(run.stdout.matches("\nresult:\n").count(), 3);
    assert!(
        run.stdout
            .starts_with("game: tournament table 0, table seed "),
        "{}",
        run.stdout
    );
}

#[test]
fn a_bad_file_is_one_error_line_and_status_2() {
    let dir = scratch("records-bad");
    std::fs::create_dir_all(&dir).unwrap();
    let good = "tablic-record 1\nplayers 2\nseed 42\n";
    let cases = [
        (
            "empty.txt",
            "",
            "no record (a record starts with \"tablic-record 1\")",
        ),
        (
            "header.txt",
            "players 2\nseed 42\n",
            "line 1: a record starts with \"tablic-record 1\"",
        ),
        ("card.txt", &format!("{good}play 1X\n") as &str, "line 4: "),
        (
            "illegal.txt",
            &format!("{good}play AS KS\n"),
            "line 4: illegal move: ",
        ),
        (
            "result.txt",
            &format!("{good}result 1 2\n"),
            "line 4: the result does not match",
        ),
        (
            "second.txt",
            &format!("{good}{good}play AS KS\n"),
            "line 7: illegal move: ",
        ),
    ];
    for (name, text, message) in cases {
        let path = dir.join(name);
        std::fs::write(&path, text).unwrap();
        let run = replay(&path);
        assert_eq!(run.code, Some(2), "{name}: {}", run.stderr);
        assert_eq!(run.stdout, "", "{name}");
        assert_eq!(run.stderr.lines().count(), 1, "{name}: {}", run.stderr);
        let expected = format!("error: {}: {message}", path.display());
        assert!(
            run.stderr.starts_with(&expected),
            "{name}: {} vs {expected}",
            run.stderr
        );
    }
    let run = replay(&dir.join("missing.txt"));
    assert_eq!(run.code, Some(2));
    assert!(run.stderr.starts_with("error: "), "{}", run.stderr);
    let run = tablic(
        &["replay", "-"],
        "tablic-record 1\nplayers 2\nseed 42\nresult 0 0\n",
    );
    assert_eq!(run.code, Some(2), "{}", run.stderr);
    assert_eq!(
        run.stderr,
        "error: stdin: line 4: the result does not match the replayed game\n"
    );
}

#[test]
fn replay_help_says_what_it_checks() {
    let run = tablic(&["replay", "--help"], "");
    assert_eq!(run.code, Some(0));
    for needle in ["<FILE>", "Game::from_record", "status 2", "--save-records"] {
        assert!(run.stdout.contains(needle), "{needle} in {}", run.stdout);
    }
}

#[test]
fn play_saves_the_seat_names_and_replay_shows_them_for_every_game() {
    let dir = scratch("records-play");
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("games.txt");
    let run = tablic(
        &[
            "play",
            "--players",
            "me,greedy",
            "--games",
            "2",
            "--seed",
            "3",
            "--save",
            file.to_str().unwrap(),
        ],
        &"auto\n".repeat(48),
    );
    assert_eq!(run.code, Some(0), "{}", run.stderr);
    let saved = std::fs::read_to_string(&file).unwrap();
    let heads: Vec<Vec<&str>> = saved
        .split("tablic-record 1\n")
        .skip(1)
        .map(|record| record.lines().take(4).collect())
        .collect();
    assert_eq!(
        heads,
        [
            [
                "# tablic play, game 1 of 2",
                "players 2",
                "name 0 you",
                "name 1 greedy"
            ],
            [
                "# tablic play, game 2 of 2",
                "players 2",
                "name 0 greedy",
                "name 1 you"
            ],
        ]
    );
    let run = replay(&file);
    assert_eq!(run.code, Some(0), "{}", run.stderr);
    let games: Vec<&str> = run.stdout.split("\n\n").collect();
    assert_eq!(games.len(), 2, "{}", run.stdout);
    for (game, (first, second)) in games.iter().zip([("you", "greedy"), ("greedy", "you")]) {
        let number = if first == "you" { 1 } else { 2 };
        assert!(
            game.starts_with(&format!("game: tablic play, game {number} of 2\n")),
            "{game}"
        );
        assert!(
            game.contains(&format!("\n  seat 0 ({first}) holds ")),
            "{game}"
        );
        assert!(
            game.contains(&format!("\n  seat 1 ({second}) holds ")),
            "{game}"
        );
    }
}

#[test]
fn a_record_without_names_shows_seat_numbers() {
    // A record as saved before records had names: the old comments are only comments.
    let run = tablic(
        &["replay", "-"],
        "tablic-record 1\n# seat 0: greedy\nplayers 2\nseed 42\nplay 7H 3D 4S\n",
    );
    assert_eq!(run.code, Some(0), "{}", run.stderr);
    assert!(
        run.stdout.contains("\n  seat 0 holds ")
            && run.stdout.contains("\n   1. seat 0: 7H takes 3D 4S\n"),
        "{}",
        run.stdout
    );
}

#[test]
fn a_bad_name_line_is_one_error_line() {
    let run = tablic(
        &["replay", "-"],
        "tablic-record 1\nplayers 2\nname 2 greedy\nseed 42\n",
    );
    assert_eq!(run.code, Some(2));
    assert_eq!(run.stderr, "error: stdin: line 3: seat 2: no such seat\n");
}

#[test]
fn a_pairs_game_replays_with_its_rules_and_its_sides() {
    let dir = scratch("records-pairs");
    let run = tablic(
        &[
            "match",
            "--players",
            "greedy,random,greedy,random",
            "--pairs",
            "--leftovers",
            "last-player",
            "--games",
            "1",
            "--seed",
            "1",
            "--save-records",
            dir.to_str().unwrap(),
        ],
        "",
    );
    assert_eq!(run.code, Some(0), "{}", run.stderr);
    let path = dir.join("g000000-r0.txt");
    let record = std::fs::read_to_string(&path).unwrap();
    assert!(
        record.contains("\nrules side-size=2 leftovers=last-player\n"),
        "{record}"
    );
    let game = tablic_core::Game::from_record(&record).unwrap();
    let result = game.result().unwrap();

    let told = replay(&path);
    assert_eq!(told.code, Some(0), "{}", told.stderr);
    let text = &told.stdout;
    assert!(
        text.contains("4 players, seed ") && text.contains(", in pairs, leftovers=last-player\n"),
        "{text}"
    );
    // The last cards go to seat 3, who played last, by the house rule.
    if text.contains("the cards left on the table") {
        assert!(
            text.contains("go to seat 3 (random) (the last player, by the house rule)\n"),
            "{text}"
        );
    }
    for side in 0..2 {
        let score = result.side(side);
        let label = match side {
            0 => "side 0 (seat 0 (greedy), seat 2 (greedy))",
            _ => "side 1 (seat 1 (random), seat 3 (random))",
        };
        let bonus = if score.most_cards {
            " + 3 for the most cards"
        } else {
            ""
        };
        let line = format!(
            "  {label}: {} = {} points + {} tablas{bonus} ({} cards)\n",
            score.total(),
            score.card_points,
            score.tablas,
            score.cards
        );
        assert!(text.contains(&line), "{line:?} in:\n{text}");
    }
    let winner = match result.winner() {
        Some(0) => "winner: side 0 (seat 0 (greedy), seat 2 (greedy))\n",
        Some(_) => "winner: side 1 (seat 1 (random), seat 3 (random))\n",
        None => "tie for the highest total\n",
    };
    assert!(text.ends_with(winner), "{text}");
}
