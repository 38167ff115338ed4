//! Bad arguments: one `error: ` line on stderr, nothing on stdout, exit 2.

mod common;

use common::tablic;

fn assert_usage_error(args: &[&str], mentions: &str) {
    let run = tablic(args, "");
    assert_eq!(run.code, Some(2), "{args:?}: {}", run.stderr);
    assert_eq!(run.stdout, "", "{args:?}");
    assert!(
        run.stderr.starts_with("error: "),
        "{args:?}: {}",
        run.stderr
    );
    assert!(run.stderr.ends_with('\n'), "{args:?}: {:?}", run.stderr);
    assert_eq!(run.stderr.lines().count(), 1, "{args:?}: {}", run.stderr);
    assert!(run.stderr.contains(mentions), "{args:?}: {}", run.stderr);
}

#[test]
fn wrong_player_count() {
    let five = ["match", "--players", "random,random,random,random,random"];
    assert_usage_error(&five, "5 players");
    assert_usage_error(
        &["match", "--players", "random"],
        "a game cannot have 1 player (use 2,",
    );
    assert_usage_error(
        &["match", "--players", "greedy", "--duplicate"],
        "a game cannot have 1 player (use 2,",
    );
}

#[test]
fn bad_match_numbers() {
    assert_usage_error(&["match", "--threads", "0"], "--threads");
    assert_usage_error(&["match", "--threads", "100000"], "--threads");
    assert_usage_error(&["match", "--threads", "two"], "--threads");
    assert_usage_error(&["match", "--games", "0", "--duplicate"], "--games");
    assert_usage_error(&["match", "--games", "-3"], "-3");
}

#[test]
fn rank_knows_only_greedy() {
    assert_usage_error(&["rank", "--bot", "random", "--jsonl"], "only greedy");
    assert_usage_error(&["rank", "--bot", "perfect", "--jsonl"], "\"perfect\"");
    assert_usage_error(&["rank", "--hand", "KC"], "--table");
    assert_usage_error(
        &["rank", "--hand", "KC 2C", "--table", "KC"],
        "both in the hand",
    );
    assert_usage_error(
        &["rank", "--hand", "KC KC", "--table", ""],
        "KC appears twice",
    );
}

#[test]
fn unknown_bot() {
    assert_usage_error(&["match", "--players", "random,perfect"], "\"perfect\"");
    assert_usage_error(&["match", "--players", "greedy,,random"], "empty bot");
    assert_usage_error(&["match", "--players", "random:depth=3,random"], "depth=3");
}

#[test]
fn bad_cards() {
    assert_usage_error(&["moves", "--table", "3H 4D", "--card", "ZZ"], "\"ZZ\"");
    assert_usage_error(&["moves", "--table", "3H 1D", "--card", "7S"], "\"1D\"");
    assert_usage_error(&["moves", "--table", "3H", "--card", "7"], "no suit");
}

#[test]
fn duplicate_or_misplaced_cards() {
    assert_usage_error(
        &["moves", "--table", "3H 4D 3h", "--card", "7S"],
        "3H appears twice",
    );
    assert_usage_error(
        &["moves", "--table", "3H 7S", "--card", "7S"],
        "also on the table",
    );
}

/// The other 51 cards: a table so crowded that counting its captures in full takes seconds
/// to hours, depending on the card played.
fn all_cards_but(played: &str) -> String {
    let mut table = Vec::new();
    for suit in ["C", "D", "H", "S"] {
        for rank in [
            "A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K",
        ] {
            let card = format!("{rank}{suit}");
            if card != played {
                table.push(card);
            }
        }
    }
    table.join(" ")
}

/// Exit 2 with exactly `line` on stderr, nothing on stdout.
fn assert_exact_usage_error(args: &[&str], line: &str) {
    let run = tablic(args, "");
    assert_eq!(run.code, Some(2), "{args:?}: {}", run.stderr);
    assert_eq!(run.stdout, "", "{args:?}");
    assert_eq!(run.stderr, format!("{line}\n"), "{args:?}");
}

#[test]
fn crowded_tables_are_refused_without_counting_every_capture() {
    let table = all_cards_but("AS");
    assert_exact_usage_error(
        &["moves", "--table", &table, "--card", "AS"],
        "error: more than 1048576 legal captures, too many to list",
    );
    assert_exact_usage_error(
        &["rank", "--hand", "AS", "--table", &table],
        "error: more than 1048576 moves, too many to list",
    );
    for card in ["JS", "KS"] {
        let table = all_cards_but(card);
        assert_exact_usage_error(
            &["moves", "--table", &table, "--card", card],
            "error: more than 1048576 legal captures, too many to list",
        );
    }
}

#[test]
fn record_inputs_past_64_mib_are_refused_not_read_whole() {
    // What `/dev/zero` would give without end: the commands stop at the limit.
    let huge = "#".repeat((64 << 20) + 1);
    for command in ["replay", "render", "review"] {
        let run = tablic(&[command, "-"], &huge);
        assert_eq!(run.code, Some(2), "{command}: {}", run.stderr);
        assert_eq!(run.stdout, "", "{command}");
        assert_eq!(
            run.stderr, "error: stdin: larger than 64 MiB, too large to read\n",
            "{command}"
        );
    }
}

#[test]
fn a_record_of_exactly_64_mib_is_read() {
    // The example game, with a comment line that fills it up to the limit.
    let example = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../docs/example-game.txt"
    ))
    .unwrap();
    let (head, moves) = example.split_once("play ").unwrap();
    let filler = (64 << 20) - example.len() - "#\n".len();
    let record = format!("{head}#{}\nplay {moves}", "x".repeat(filler));
    assert_eq!(record.len(), 64 << 20);
    let run = tablic(&["replay", "-"], &record);
    assert_eq!((run.code, run.stderr.as_str()), (Some(0), ""));
}

#[test]
fn a_record_replays_48_moves_and_refuses_a_49th() {
    let example = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../docs/example-game.txt"
    ))
    .unwrap();
    let moves = example
        .lines()
        .filter(|line| line.starts_with("play "))
        .count();
    assert_eq!(moves, 48);
    let unfinished: String = example
        .lines()
        .filter(|line| !line.starts_with("result "))
        .map(|line| format!("{line}\n"))
        .collect();
    assert_eq!(tablic(&["replay", "-"], &unfinished).code, Some(0));
    let run = tablic(&["replay", "-"], &format!("{unfinished}play 7S\n"));
    assert_eq!(run.code, Some(2));
    assert_eq!(
        run.stderr,
        "error: stdin: line 54: illegal move: the game is over\n"
    );
}

#[test]
fn long_names_of_many_byte_characters_are_cut_in_messages() {
    let long = "é".repeat(25);
    // Ten of its two-byte characters and `…` fill the 24 bytes a message keeps of it.
    let cut = format!("{}…", "é".repeat(10));
    assert_exact_usage_error(
        &["match", "--players", &format!("random,{long}")],
        &format!(
            "error: --players: unknown bot {cut:?} (known: random greedy minimax pimc \
             clairvoyant ismcts bestresponse best)"
        ),
    );
    let run = tablic(
        &["replay", "-"],
        &format!("tablic-record 1\nplayers {long}\n"),
    );
    assert_eq!(run.code, Some(2), "{}", run.stderr);
    assert_eq!(
        run.stderr,
        format!("error: stdin: line 2: {cut:?} is not a number\n")
    );
}

#[test]
fn clap_usage_errors_are_one_line_too() {
    assert_usage_error(&["moves", "--table", "3H"], "--card");
    assert_usage_error(&["moves", "--tabel", "3H", "--card", "7S"], "--tabel");
    assert_usage_error(&["match", "--games", "0"], "--games");
    assert_usage_error(&["match", "--seed", "seven"], "--seed");
    assert_usage_error(&["shuffle"], "shuffle");
}

#[test]
fn help_is_not_an_error() {
    for args in [
        &["--help"][..],
        &["moves", "--help"],
        &["match", "--help"],
        &["rank", "--help"],
        &["bench", "--help"],
    ] {
        let run = tablic(args, "");
        assert_eq!(run.code, Some(0), "{args:?}");
        assert!(run.stdout.contains("Usage: tablic"), "{args:?}");
    }
}

#[test]
fn a_trailing_comma_in_a_bot_list_is_an_empty_name() {
    for list in ["greedy,,random", "greedy,random,"] {
        assert_exact_usage_error(
            &["match", "--players", list],
            "error: --players: empty bot name",
        );
    }
}

#[test]
fn an_unwritable_render_output_is_bad_input() {
    let record = concat!(env!("CARGO_MANIFEST_DIR"), "/../docs/example-game.txt");
    assert_exact_usage_error(
        &["render", record, "--output", "/no/such/dir/game.svg"],
        "error: --output /no/such/dir/game.svg: No such file or directory (os error 2)",
    );
}

#[test]
fn every_seed_option_reads_seeds_alike() {
    let record = concat!(env!("CARGO_MANIFEST_DIR"), "/../docs/example-game.txt");
    let expected = "error: invalid value 'x' for '--seed <SEED>': expected a number below \
                    2^64, decimal or 0x hex (see --help)";
    assert_exact_usage_error(
        &["match", "--players", "greedy,random", "--seed", "x"],
        expected,
    );
    assert_exact_usage_error(&["review", record, "--seed", "x"], expected);
}

#[test]
fn card_errors_blame_what_was_written() {
    assert_exact_usage_error(
        &["moves", "--table", "3H", "--card", "7S 8S"],
        "error: --card: expected one card, got 2: \"7S 8S\"",
    );
    assert_exact_usage_error(
        &["moves", "--table", "3H", "--card", "7S,8S,9S"],
        "error: --card: expected one card, got 3: \"7S,8S,9S\"",
    );
    assert_exact_usage_error(
        &["moves", "--table", "3H,3S;4D", "--card", "7S"],
        "error: --table: invalid card \"3S;4D\": unexpected ';' (cards are separated by \
         spaces or commas)",
    );
    // A card that is simply wrong still says which part is.
    assert_exact_usage_error(
        &["moves", "--table", "3H", "--card", "7X"],
        "error: --card: invalid card \"7X\": unknown suit (expected C, D, H, S, a suit \
         symbol, or tref, karo, herc, pik)",
    );
}

#[test]
fn bot_names_in_any_case_and_bad_options_list_the_keys() {
    let run = tablic(
        &[
            "match",
            "--players",
            "MINIMAX:Depth=1,Greedy",
            "--games",
            "1",
        ],
        "",
    );
    assert_eq!(run.code, Some(0), "{}", run.stderr);
    assert!(
        run.stdout.contains("  0  minimax:depth=1,nodes="),
        "{}",
        run.stdout
    );
    assert!(run.stdout.contains("  1  greedy "), "{}", run.stdout);
    assert_exact_usage_error(
        &["match", "--players", "minimax:depht=3,greedy"],
        "error: --players: bad bot option \"depht=3\": minimax takes depth, nodes, exact or memory",
    );
    assert_exact_usage_error(
        &["match", "--players", "ismcts:samples=3,greedy"],
        "error: --players: bad bot option \"samples=3\": ismcts takes iterations, \
         exploration, learned, inference, alone, memory or exact",
    );
    assert_exact_usage_error(
        &["match", "--players", "greedy:depth=3,random"],
        "error: --players: bad bot option \"depth=3\": greedy takes no options",
    );
    assert_exact_usage_error(
        &["match", "--players", "greedy,engine:1", "--engine", "true"],
        "error: --players: \"engine:1\": only 1 --engine option given",
    );
}

#[test]
fn tournament_size_help_and_error_give_the_same_sizes() {
    let sizes = "2, 3, 4, 6, 8, 12, 16, 24 or 48";
    let help = tablic(&["tournament", "--help"], "");
    assert!(
        help.stdout
            .contains(&format!("Seats at a table: {sizes} (the player counts")),
        "{}",
        help.stdout
    );
    for size in ["1", "5"] {
        assert_exact_usage_error(
            &["tournament", "--players", "greedy,random", "--size", size],
            &format!("error: --size {size}: a table seats {sizes} players"),
        );
    }
}
