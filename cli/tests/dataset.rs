//! `tablic dataset`: the learned evaluation's training rows from game records, and bad input.

mod common;

use common::tablic;

const GAME: &str = "../docs/example-game.txt";

#[test]
fn a_game_gives_a_row_per_deal_end_and_seat() {
    let run = tablic(&["dataset", "--with-states", GAME], "");
    assert_eq!(run.code, Some(0), "{}", run.stderr);
    let lines: Vec<&str> = run.stdout.lines().collect();
    assert_eq!(
        lines[0],
        "# tablic dataset: rest margin, fixed horizon's value, then index:value of 528 \
         features; 1 game"
    );
    // The fixed horizon's worth (a third of a point a card of lead) on the lead's one-hot
    // features, leads −20 to 20 from index 1 of each of the six blocks of 88, for a trainer
    // to add back to the weights it fits to the rest of the margin less that horizon.
    let fixed: Vec<&str> = lines[1]
        .strip_prefix("# fixed horizon on the lead's features: index:points ")
        .unwrap()
        .split(' ')
        .collect();
    assert_eq!(fixed.len(), 6 * 41);
    assert_eq!(fixed[0], "1:-6.666666666666667");
    assert_eq!(fixed[20], "21:0");
    assert_eq!(fixed[21], "22:0.3333333333333333");
    assert_eq!(fixed[41], "89:-6.666666666666667");
    assert_eq!(fixed[245], "481:6.666666666666667");
    // After the first deal, seat 0 (which leads the next) is a card behind and made one
    // point less than seat 1 over the rest of the game. Its features (block 5: three deals
    // left, leading): the bias, a lead of −1, five table cards of five points, ranks 3, 6,
    // 7, J and Q, seat 1's claim on them, the cards to come per rank from 502, and the
    // pairs the table's ranks can make with them from 515.
    assert_eq!(
        lines[2],
        "-1 -0.3333 440:1 460:1 482:5 483:2 486:1 489:1 490:1 494:1 495:1 499:-1 500:-5 \
         501:-2 502:4 503:4 504:2 505:3 506:2 507:3 508:2 509:2 510:4 511:2 512:3 513:3 \
         514:2 517:2 520:3 521:2 525:3 526:3 # table=3S,6D,7S,JH,QH future=AC,AD,AH,AS,2C,2D,2H,\
         2S,3C,3H,4C,4D,4H,5C,5H,6C,6H,6S,7C,7D,8C,8D,9C,9D,9H,9S,10D,10H,JC,JD,JS,QC,QD,QS,\
         KD,KS lead=-1 claim=other leads=yes"
    );
    let rows = &lines[2..];
    assert_eq!(rows.len(), 6, "three deal ends, two seats");
    for pair in rows.chunks(2) {
        let fields = |row: &str| -> (i32, f64) {
            let mut parts = row.split(' ');
            let margin = parts.next().unwrap().parse().unwrap();
            (margin, parts.next().unwrap().parse().unwrap())
        };
        let ((margin, fixed), (other_margin, other_fixed)) = (fields(pair[0]), fields(pair[1]));
        assert_eq!((margin, fixed), (-other_margin, -other_fixed), "{pair:?}");
        assert!(pair[0].ends_with("leads=yes") && pair[1].ends_with("leads=no"));
    }
    // Without the states, the same rows up to their `#`.
    let plain = tablic(&["dataset", GAME], "");
    let plain_rows: Vec<&str> = plain.stdout.lines().skip(2).collect();
    let cut: Vec<&str> = rows
        .iter()
        .map(|row| row.split(" # ").next().unwrap())
        .collect();
    assert_eq!(plain_rows, cut);
}

#[test]
fn moves_give_a_row_per_choice() {
    let run = tablic(&["dataset", "--moves", "--with-states", GAME], "");
    assert_eq!(run.code, Some(0), "{}", run.stderr);
    let lines: Vec<&str> = run.stdout.lines().collect();
    assert_eq!(
        lines[0],
        "# tablic dataset --moves: chosen (1/0), qid:move, then index:value of 152 features; \
         1 game"
    );
    // The first move: greedy's 7♥ taking 3♦ 4♠ from 3♦ 4♠ 5♦ Q♥, with six cards in the
    // first deal (block 1, from 38). Discarding 7♥ (discarded rank 7 at 38 + 19 + 6)
    // leaves five cards and a point (71, 72) that eleven ranks could take from (75); the
    // capture (38) takes two cards (41) with a 7 (38 + 6 + 6), leaving 5♦ Q♥.
    assert_eq!(
        lines[1],
        "0 qid:1 63:1 71:5 72:1 75:11 # table=3D,4S,5D,QH played=7H capture=- hand=6 last=no"
    );
    assert_eq!(
        lines[2],
        "1 qid:1 38:1 41:2 50:1 71:2 72:1 75:2 # table=3D,4S,5D,QH played=7H capture=3D,4S \
         hand=6 last=no"
    );
    // Every choice of the hand 7♥ 7♠ 8♥ 10♣ 10♠ K♣: a discard each, and a capture for each
    // seven and the eight.
    assert_eq!(
        lines.iter().filter(|line| line.contains("qid:1 ")).count(),
        9
    );
    assert_eq!(
        lines.last().unwrap(),
        &"# 43 moves written, 5 left out (a single choice, or a capture that more could be \
          added to)"
    );
    // One chosen row per move written.
    let chosen = lines
        .iter()
        .filter(|line| line.starts_with("1 qid:"))
        .count();
    assert_eq!(chosen, 43);
}

#[test]
fn a_folder_is_read_in_name_order() {
    let folder = std::env::temp_dir().join(format!("tablic-dataset-{}", std::process::id()));
    std::fs::create_dir_all(&folder).unwrap();
    let record = std::fs::read_to_string("../docs/example-game.txt").unwrap();
    for name in ["b.txt", "a.txt"] {
        std::fs::write(folder.join(name), &record).unwrap();
    }
    std::fs::write(folder.join("notes.md"), "not a record").unwrap();
    let run = tablic(&["dataset", folder.to_str().unwrap()], "");
    std::fs::remove_dir_all(&folder).unwrap();
    assert_eq!(run.code, Some(0), "{}", run.stderr);
    assert!(run.stdout.lines().next().unwrap().ends_with("; 2 games"));
    assert_eq!(run.stdout.lines().count(), 2 + 12);
}

#[test]
fn bad_input_is_one_line_and_exit_2() {
    let folder = std::env::temp_dir().join(format!("tablic-dataset-bad-{}", std::process::id()));
    std::fs::create_dir_all(&folder).unwrap();
    let bad = folder.join("bad.txt");
    std::fs::write(&bad, "x").unwrap();
    let unfinished = folder.join("unfinished.txt");
    let record = std::fs::read_to_string("../docs/example-game.txt").unwrap();
    let cut: Vec<&str> = record.lines().take(12).collect();
    std::fs::write(&unfinished, cut.join("\n") + "\n").unwrap();
    // A good record first, then a bad one: the good one's rows are not printed either.
    let mixed = folder.join("mixed");
    std::fs::create_dir_all(&mixed).unwrap();
    std::fs::write(mixed.join("a.txt"), &record).unwrap();
    std::fs::write(mixed.join("b.txt"), "x").unwrap();
    let mixed_bad = mixed.join("b.txt");
    let (bad, unfinished) = (bad.to_str().unwrap(), unfinished.to_str().unwrap());
    let (mixed, mixed_bad) = (mixed.to_str().unwrap(), mixed_bad.to_str().unwrap());
    for (args, message) in [
        (
            vec!["dataset", "/no/such/path"],
            "error: /no/such/path: No such file or directory (os error 2)".to_string(),
        ),
        (
            vec!["dataset", bad],
            format!("error: {bad}: line 1: a record starts with \"tablic-record 1\""),
        ),
        (
            vec!["dataset", unfinished],
            format!("error: {unfinished}: not a finished two-player game"),
        ),
        (
            vec!["dataset", GAME, mixed],
            format!("error: {mixed_bad}: line 1: a record starts with \"tablic-record 1\""),
        ),
        (
            vec!["dataset", GAME, unfinished],
            format!("error: {unfinished}: not a finished two-player game"),
        ),
    ] {
        let run = tablic(&args, "");
        assert_eq!(run.code, Some(2), "{args:?}");
        assert_eq!(run.stderr, format!("{message}\n"), "{args:?}");
        assert_eq!(run.stdout, "", "{args:?}: no header, no rows");
    }
    let none = tablic(&["dataset"], "");
    assert_eq!(none.code, Some(2));
    std::fs::remove_dir_all(&folder).unwrap();
}
