//! `tablic position`: a recorded game's position before a move, as a seat saw it or with
//! everything known.

mod common;

use common::tablic;

/// A game of greedy (seat 0) against minimax, seed 42, as `Game::record` wrote it.
const GAME: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/../docs/example-game.txt");

fn position(args: &[&str]) -> String {
    let mut all = vec!["position", GAME];
    all.extend(args);
    let run = tablic(&all, "");
    assert_eq!(run.code, Some(0), "{args:?}: {}", run.stderr);
    assert_eq!(run.stderr, "");
    run.stdout
}

/// The records and positions page shows these two lines.
#[test]
fn a_seat_s_position_and_everything_known_before_move_13() {
    assert_eq!(
        position(&["--ply", "13", "--seat", "1"]),
        "players=2 ply=12 turn=0 seat=1 table=3S,6D,7S,JH,QH hand=4H,5C,9S,10D,QS,KS \
         piles=3D,4S,7H,10C,10S;5D,5S,8H,8S,KC,KH tablas=0,0 last=1 \
         moves=7Hx3D,4S;5Sx5D;7S;JH;8H;8Sx8H;10C;6D;10Sx10C;3S;KC;KHxKC\n"
    );
    assert_eq!(
        position(&["--ply", "13", "--all", "--no-moves"]),
        "players=2 ply=12 turn=0 table=3S,6D,7S,JH,QH hands=2C,4D,5H,8C,9H,QC;4H,5C,9S,10D,QS,KS \
         piles=3D,4S,7H,10C,10S;5D,5S,8H,8S,KC,KH tablas=0,0 last=1 \
         deck=AD,7D,3C,JC,9D,6H,6S,7C,JD,AS,2D,JS,6C,2S,AC,4C,AH,9C,KD,QD,3H,8D,10H,2H\n"
    );
    let page = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/../docs/RECORDS.md"))
        .unwrap();
    for line in [
        position(&["--ply", "13", "--seat", "1"]),
        position(&["--ply", "13", "--all", "--no-moves"]),
    ] {
        assert!(page.contains(&line), "docs/RECORDS.md lacks {line}");
    }
}

#[test]
fn by_default_the_seat_to_move_at_the_end_everything() {
    assert_eq!(
        position(&["--ply", "14"]),
        position(&["--ply", "14", "--seat", "1"])
    );
    assert_eq!(
        position(&["--ply", "1", "--no-moves"]),
        position(&["--ply", "1", "--seat", "0", "--no-moves"])
    );
    let end = position(&[]);
    assert!(
        end.starts_with("players=2 ply=48 turn=- table=- hands=-;- "),
        "{end}"
    );
    assert!(end.contains(" deck=- moves=7Hx3D,4S;"), "{end}");
}

#[test]
fn bad_plies_and_seats_are_usage_errors() {
    for (args, message) in [
        (
            &["--ply", "0"][..],
            "error: --ply 0: the game has positions 1 to 49\n",
        ),
        (
            &["--ply", "50"],
            "error: --ply 50: the game has positions 1 to 49\n",
        ),
        (
            &["--seat", "2"],
            "error: --seat 2: the game has seats 0 to 1\n",
        ),
    ] {
        let mut all = vec!["position", GAME];
        all.extend(args);
        let run = tablic(&all, "");
        assert_eq!(run.code, Some(2), "{args:?}");
        assert_eq!(run.stdout, "");
        assert_eq!(run.stderr, message);
    }
    let run = tablic(&["position", GAME, "--seat", "1", "--all"], "");
    assert_eq!(run.code, Some(2));
    assert!(
        run.stderr.starts_with("error: ") && run.stderr.lines().count() == 1,
        "{}",
        run.stderr
    );
    let run = tablic(
        &["position", "-"],
        "tablic-record 1\nplayers 2\nseed 1\nplay AS\n",
    );
    assert_eq!(run.code, Some(2));
    assert_eq!(
        run.stderr,
        "error: stdin: line 4: illegal move: AS is not in the hand\n"
    );
}

/// A record of a game that started from a position: `position` reads it, and the game's
/// first position is the one it started from.
#[test]
fn games_that_start_from_a_position_have_positions_too() {
    let start = position(&["--ply", "20", "--all", "--no-moves"]);
    // Move 20 of the game: QS takes 3S and 10D.
    let record = format!("tablic-record 1\nplayers 2\nposition {start}play QS 3S 10D\n");
    let run = tablic(&["position", "-", "--ply", "1", "--all"], &record);
    assert_eq!(run.code, Some(0), "{}", run.stderr);
    assert_eq!(run.stdout, start);
    let run = tablic(&["position", "-", "--seat", "0", "--no-moves"], &record);
    assert_eq!(run.code, Some(0), "{}", run.stderr);
    assert_eq!(
        run.stdout,
        position(&["--ply", "21", "--seat", "0", "--no-moves"]),
        "the same position as in the game itself"
    );
    let run = tablic(&["replay", "-"], &record);
    assert_eq!(run.code, Some(0), "{}", run.stderr);
    assert!(
        run.stdout.contains("from a position after 19 moves"),
        "{}",
        run.stdout
    );
    assert!(
        run.stdout.contains("  20. seat 1: QS takes 3S 10D\n"),
        "{}",
        run.stdout
    );
    assert!(
        run.stdout
            .ends_with("the game stopped after 20 of 48 moves, without a result\n"),
        "{}",
        run.stdout
    );
    // Review and render number the move in the whole game too.
    let run = tablic(
        &[
            "review",
            "-",
            "--json",
            "--bot",
            "pimc:samples=4,nodes=2000",
        ],
        &record,
    );
    assert_eq!(run.code, Some(0), "{}", run.stderr);
    assert!(run.stdout.contains("\"ply\":20,"), "{}", run.stdout);
    let run = tablic(&["render", "-"], &record);
    assert_eq!(run.code, Some(0), "{}", run.stderr);
    assert!(run.stdout.contains(">20.<"), "{}", run.stdout);
}
