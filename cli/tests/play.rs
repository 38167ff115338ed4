//! `tablic play`: the binary driven by scripted standard input. Seeded games are fixed, so
//! most of what it prints is compared exactly. Piped output is plain ASCII.

mod common;

use common::{tablic, Run};
use tablic_core::bots::BotSpec;
use tablic_core::dealing::seeding::derive_seed;
use tablic_core::game::match_to_target::{MatchToTarget, SheetLine};
use tablic_core::{Game, Move, PlayerCount};

/// The notice every session starts with after its first line.
const TYPE_HELP: &str = "Type help for the commands, hint for advice, quit to stop.\n";

/// Exit 0, nothing on stderr, and no escape codes (stdout is a pipe).
fn assert_clean_exit(run: &Run) {
    assert_eq!(run.code, Some(0), "stderr: {}", run.stderr);
    assert_eq!(run.stderr, "");
    assert!(
        !run.stdout.contains('\x1b'),
        "no escape codes: {}",
        run.stdout
    );
}

/// A clean exit (see `assert_clean_exit`) that printed `expected` somewhere.
fn assert_prints(run: &Run, expected: &str) {
    assert_clean_exit(run);
    assert!(
        run.stdout.contains(expected),
        "expected:\n{expected}\nin:\n{}",
        run.stdout
    );
}

/// A unique temporary file name for `--save`.
fn temp_file(name: &str) -> std::path::PathBuf {
    let path = std::env::temp_dir().join(format!("tablic-play-{}-{name}", std::process::id()));
    let _ = std::fs::remove_file(&path);
    path
}

/// The games of a file of records, each starting at its `tablic-record` header.
fn records(text: &str) -> Vec<Game> {
    let mut chunks: Vec<String> = Vec::new();
    for line in text.lines() {
        if line.starts_with("tablic-record ") {
            chunks.push(String::new());
        }
        if let Some(chunk) = chunks.last_mut() {
            chunk.push_str(line);
            chunk.push('\n');
        }
    }
    chunks
        .iter()
        .map(|chunk| Game::from_record(chunk).expect("a saved record reads back"))
        .collect()
}

/// A move as one line of the one-line form, cards with their suits: `7S 3H 4D`, `7S -`;
/// every other turn in the original's Croatian notation (`pik 7 herc 3 karo 4`).
fn one_line(played: Move, croatian: bool) -> String {
    let write = |card: tablic_core::Card| {
        if !croatian {
            return card.to_string();
        }
        let name = ["tref", "karo", "herc", "pik"][card.suit().index() as usize];
        format!("{name} {}", card.rank())
    };
    let mut line = write(played.card);
    if played.capture.is_empty() {
        line.push_str(" -");
    }
    for taken in played.capture {
        line.push(' ');
        line.push_str(&write(taken));
    }
    line
}

/// The greedy bot and the script play the whole of a seeded game; the script's moves are
/// computed here with the core (the first capturing move, else the first move), typed in
/// the one-line form, or the original's one-card-a-line dialogue for a last card. The game
/// the binary plays and saves must be this very game.
#[test]
fn a_scripted_game_plays_to_the_end_and_saves_its_record() {
    let seed = 42;
    let deal_seed = derive_seed(seed, 0);
    let mut game = Game::from_seed(PlayerCount::TWO, deal_seed);
    let mut greedy = BotSpec::Greedy.build(derive_seed(deal_seed, 1000 + 1), &mut []);
    let (mut script, mut mine, mut dialogues) = (String::new(), Vec::new(), 0);
    while let Some(seat) = game.to_move() {
        let chosen = if seat == 0 {
            let mut legal = Vec::new();
            game.for_each_legal_move(|played| legal.push(played));
            let chosen = legal
                .iter()
                .copied()
                .find(|played| !played.capture.is_empty())
                .unwrap_or(legal[0]);
            if legal.len() > 1 && game.hand(0).len() == 1 {
                for taken in chosen.capture {
                    script.push_str(&format!("{taken}\n"));
                }
                script.push('\n');
                dialogues += 1;
            } else if legal.len() > 1 {
                script.push_str(&one_line(chosen, mine.len() % 2 == 1));
                script.push('\n');
            }
            mine.push(chosen);
            chosen
        } else {
            greedy.choose(&game).unwrap()
        };
        game.play(chosen).unwrap();
    }
    assert!(script.contains("pik ") || script.contains("karo ") || script.contains("herc "));
    assert!(dialogues > 0, "a last card named its captures one a line");

    let save = temp_file("scripted.txt");
    let save_arg = save.to_str().unwrap();
    let run = tablic(
        &[
            "play",
            "--players",
            "me,greedy",
            "--seed",
            "42",
            "--save",
            save_arg,
        ],
        &script,
    );
    assert_clean_exit(&run);
    let saved = std::fs::read_to_string(&save).unwrap();
    let _ = std::fs::remove_file(&save);
    // The core's record, with a comment naming the game and a name line for each seat.
    let record = game.record().to_string();
    let (header, rest) = record.split_once('\n').unwrap();
    let (players, moves) = rest.split_once('\n').unwrap();
    assert_eq!(
        saved,
        format!(
            "{header}\n# tablic play, game 1 of 1\n{players}\nname 0 you\nname 1 greedy\n{moves}"
        )
    );

    // Every move of the script was played as typed, and said so.
    let said: Vec<&str> = run
        .stdout
        .lines()
        .filter(|line| line.starts_with("You play "))
        .collect();
    assert_eq!(said.len(), mine.len());
    for (line, played) in said.iter().zip(&mine) {
        assert!(
            line.starts_with(&format!("You play {}", played.card)),
            "{line} / {played}"
        );
    }
    let result = game.result().unwrap();
    let (you, greedy) = (result.total(0), result.total(1));
    let winner = match you.cmp(&greedy) {
        std::cmp::Ordering::Greater => format!("You win with {you}.\n"),
        std::cmp::Ordering::Less => format!("greedy wins with {greedy}.\n"),
        std::cmp::Ordering::Equal => format!("A tie: you and greedy with {you} each.\n"),
    };
    assert!(run.stdout.ends_with(&format!(
        "seat  player  points  tablas  cards  +3  total\n{}{}Record appended to {save_arg}.\n",
        result_rows(&result, &["you", "greedy"]),
        winner
    )));
    assert!(run
        .stdout
        .starts_with("tablic play: you against greedy, seed 42.\n"));
}

/// The rows of the result table, as `tablic play` prints them.
fn result_rows(result: &tablic_core::GameResult, names: &[&str]) -> String {
    let width = names
        .iter()
        .map(|name| name.len())
        .max()
        .unwrap_or(0)
        .max("player".len());
    result
        .seats()
        .iter()
        .zip(names)
        .enumerate()
        .map(|(seat, (score, name))| {
            format!(
                "{seat:>4}  {name:<width$}  {:>6}  {:>6}  {:>5}  {:>2}  {:>5}\n",
                score.card_points,
                score.tablas,
                score.cards,
                if score.most_cards { "3" } else { "" },
                score.total()
            )
        })
        .collect()
}

#[test]
fn auto_plays_a_whole_game_and_shows_the_result() {
    let script = "auto\n".repeat(30);
    let run = tablic(&["play", "--players", "me,greedy", "--seed", "42"], &script);
    assert_clean_exit(&run);
    // Not a terminal: plain ASCII cards (10S, not 10♠), whatever NO_COLOR says.
    assert!(run.stdout.is_ascii(), "{}", run.stdout);
    assert!(run.stdout.starts_with(&format!(
        "tablic play: you against greedy, seed 42.\n{TYPE_HELP}
Seats: 0 you, 1 greedy (seat 0 leads every deal).
Deal 1 of 4: 6 cards each, 36 left in the deck.

Table: 2H 7H 8H KD
Piles: you 0 cards 0 points | greedy 0 cards 0 points
Hand:  AC 4D 5D 6D 10S KH
Your move> auto
You play KH and take KD (2 points).
greedy plays 9D and takes 2H 7H.
"
    )));
    assert!(run
        .stdout
        .contains("\nDeal 2 of 4: 6 cards each, 24 left in the deck.\n"));
    assert!(run
        .stdout
        .contains("\nDeal 4 of 4: 6 cards each, 0 left in the deck.\n"));
    assert!(run.stdout.ends_with(
        "Table: 6C 7C 8S
Piles: you 22 cards 12 points 3 tablas | greedy 25 cards 9 points 3 tablas
Hand:  9S
9S is your only card, and it can take nothing.
You play 9S onto the table.
greedy plays JD onto the table.
You take the cards left on the table: 6C 7C 8S 9S JD.

seat  player  points  tablas  cards  +3  total
   0  you         13       3     27   3     19
   1  greedy       9       3     25         12
You win with 19.
"
    ));
}

#[test]
fn illegal_moves_say_why_and_the_game_goes_on() {
    let script = "7 5\n8S\n10 5\nzz\n10 10\nback\n10♦ 10♣\nquit\n";
    let run = tablic(&["play", "--players", "me,greedy", "--seed", "212"], script);
    assert_clean_exit(&run);
    assert_eq!(
        run.stdout,
        format!(
            "tablic play: you against greedy, seed 212.\n{TYPE_HELP}
Seats: 0 you, 1 greedy (seat 0 leads every deal).
Deal 1 of 4: 6 cards each, 36 left in the deck.

Table: 5H 8D 8S 10C
Piles: you 0 cards 0 points | greedy 0 cards 0 points
Hand:  4D 4H 7H 10D 10S JH
Your move> 7 5
7H 5H is illegal: no set of table cards sums to the played card.
Your move> 8S
8S is not in the hand.
Your move> 10 5
10D 5H is illegal: the captured cards cannot be split into groups that each sum to the played card.
Your move> zz
\"zz\" is not a card (7, 7S, pik 7) or a command (help lists them).
Your move> 10 10
Which move? 1) 10D 10C (3 points)  2) 10S 10C (2 points)
Choose 1-2> back
Your move> 10♦ 10♣
You play 10D and take 10C (3 points).
greedy plays QD and takes 5H 8D (1 point).

Table: 8S
Piles: you 2 cards 3 points | greedy 3 cards 1 point
Hand:  4D 4H 7H 10S JH
Your move> quit
Stopped after 2 moves. Score so far (no +3 until the end):
seat  player  points  tablas  cards  total
   0  you          3       0      2      3
   1  greedy       1       0      3      1
"
        )
    );
}

#[test]
fn a_rank_with_cards_of_different_worth_asks_which() {
    // 2C is worth a point and 2D nothing: asked. 2H and 2S on the table are alike: not.
    let script = "2\n3\n1\n2\n9\n8\n2\n\nquit\n";
    let run = tablic(&["play", "--players", "me,greedy", "--seed", "2"], script);
    assert_eq!(run.code, Some(0));
    assert_eq!(
        run.stdout,
        format!(
            "tablic play: you against greedy, seed 2.\n{TYPE_HELP}
Seats: 0 you, 1 greedy (seat 0 leads every deal).
Deal 1 of 4: 6 cards each, 36 left in the deck.

Table: 2H 2S 3C 8S
Piles: you 0 cards 0 points | greedy 0 cards 0 points
Hand:  AH 2C 2D 9S QS KC
Your move> 2
Which 2? 1) 2C (1 point)  2) 2D (0 points)
Choose 1-2> 3
Type a number from 1 to 2, or back. 1) 2C (1 point)  2) 2D (0 points)
Choose 1-2> 1
2C takes> 2
2C takes 2H> 9
There is no 9 on the table.
2C takes 2H> 8
No capture of 2C includes 2H 8S: 8S left out.
2C takes 2H> 2
2C takes 2H 2S> 
You play 2C and take 2H 2S (1 point).
greedy plays 8D and takes 8S.

Table: 3C
Piles: you 3 cards 1 point | greedy 2 cards 0 points
Hand:  AH 2D 9S QS KC
Your move> quit
Stopped after 2 moves. Score so far (no +3 until the end):
seat  player  points  tablas  cards  total
   0  you          1       0      3      1
   1  greedy       0       0      2      0
"
        )
    );
}

#[test]
fn captures_one_a_line_with_back_and_auto() {
    // Seed 212, after 10S takes 10C and greedy's QD: table 8S. Then 4 can take nothing.
    let script = "10s 10c\n4\n\n7\n3\n\nback\n7\n3\nauto\nquit\n";
    let run = tablic(&["play", "--players", "me,greedy", "--seed", "212"], script);
    assert_clean_exit(&run);
    let after = run.stdout.split("Your move> 4\n").nth(1).unwrap();
    assert!(
        after.starts_with(
            "4D can take nothing: Enter plays it onto the table, back chooses another card
(next time, 4 - plays it at once).
4D takes> 
You play 4D onto the table.
greedy plays 3C onto the table.

Table: 3C 4D 8S
Piles: you 2 cards 2 points | greedy 3 cards 1 point
Hand:  4H 7H 10D JH
Your move> 7
7H takes> 3
7H takes 3C> 
7H 3C is illegal: the captured cards cannot be split into groups that each sum to the played card.
Name more cards, or back.
7H takes 3C> back
Your move> 7
7H takes> 3
7H takes 3C> auto
You play 7H and take 3C 4D.
"
        ),
        "{after}"
    );
}

/// A rank typed by mistake costs no card: a card alone that can take nothing waits for
/// Enter, and `back` keeps it.
#[test]
fn a_card_alone_that_takes_nothing_waits_for_enter() {
    let run = tablic(
        &["play", "--players", "me,greedy", "--seed", "212"],
        "10s 10c\n4\nback\n4\nauto\nquit\n",
    );
    let note = "4D can take nothing: Enter plays it onto the table, back chooses another card
(next time, 4 - plays it at once).
";
    assert_prints(
        &run,
        &format!(
            "Hand:  4D 4H 7H 10D JH
Your move> 4
{note}4D takes> back
Your move> 4
{note}4D takes> auto
You play 4D onto the table.
"
        ),
    );
}

#[test]
fn one_line_moves_resolve_ranks_to_the_only_cards_that_fit() {
    // Seed 212 after 10S 10C, QD 5H 8D, 4 -, 3C -: 7 3 4 can only mean 7H 3C 4D.
    let run = tablic(
        &["play", "--players", "me,greedy", "--seed", "212"],
        "10s 10c\n4 -\n7 3 4\nquit\n",
    );
    assert_clean_exit(&run);
    assert!(run
        .stdout
        .contains("Your move> 4 -\nYou play 4D onto the table.\n"));
    assert!(run
        .stdout
        .contains("Your move> 7 3 4\nYou play 7H and take 3C 4D.\n"));
}

#[test]
fn hint_shows_the_best_moves_by_analysis_and_what_its_numbers_mean() {
    let run = tablic(
        &["play", "--players", "me,greedy", "--seed", "42"],
        "hint\nquit\n",
    );
    assert_prints(
        &run,
        "Your move> hint
Hint: play 10S 2H 8H.
Mean margin in points to the end of this deal ± standard error (122 sampled deals):
  10S 2H 8H  -0.58 ± 0.24
  KH KD      -2.69 ± 0.28
  4D -       -2.97 ± 0.31
  (5 more moves)
Margin: your points and tablas minus greedy's when this deal ends; each card
your pile holds beyond greedy's counts 1/3 point (toward the +3 for the most
cards). Sampled deals: ways the cards you have not seen may lie, given what you
have seen, each played out with every hand known for every move.
Your move> quit
",
    );
}

/// In the last deal of two, the hidden cards are the other's hand: one exact world.
#[test]
fn a_hint_in_the_last_deal_is_exact() {
    let script = format!("{}hint\nquit\n", "auto\n".repeat(18));
    let run = tablic(&["play", "--players", "me,pimc", "--seed", "42"], &script);
    assert_prints(
        &run,
        "Hand:  7C 9C 9S
Your move> hint
Hint: play 9C -.
Margin in points to the end of the game, exact:
  9C -  +0.00
  7C -  -5.00
Margin: your points and tablas minus pimc's when the game ends, with the +3 for
the most cards. Exact: the cards you have not seen are pimc's hand.
Your move> quit
",
    );
}

#[test]
fn help_lists_the_commands_the_card_values_and_the_scoring() {
    let run = tablic(
        &["play", "--players", "me,greedy", "--seed", "42"],
        "help\n",
    );
    assert_clean_exit(&run);
    for command in [
        "hint",
        "quit",
        "auto",
        "back",
        "show",
        "undo",
        "tref karo herc pik",
    ] {
        assert!(run.stdout.contains(command), "{command}");
    }
    assert_prints(
        &run,
        "
In a capture: A 1 or 11, 2 to 10 their number, J 12, Q 13, K 14.
Points: A 1, 2C 1, 10D 2, other 10s 1, J 1, Q 1, K 1; the rest 0 (22 in all).
Score: your card points, 1 a tabla (a capture that empties the table), 3 for
strictly the most cards. The cards left on the table at the end go to the last
player who captured. tablic rules prints all the rules.
",
    );
}

#[test]
fn undo_takes_back_the_last_move_and_the_replies_after_it() {
    let run = tablic(
        &["play", "--players", "me,greedy", "--seed", "212"],
        "undo\n10s 10c\n4 -\nundo\nundo\nundo\nquit\n",
    );
    assert_clean_exit(&run);
    let first_board = "
Table: 5H 8D 8S 10C
Piles: you 0 cards 0 points | greedy 0 cards 0 points
Hand:  4D 4H 7H 10D 10S JH
";
    let nothing = "Nothing to undo: you have not chosen a move in this game.\n";
    assert_eq!(
        run.stdout
            .split_once("(seat 0 leads every deal).\n")
            .unwrap()
            .1,
        format!(
            "Deal 1 of 4: 6 cards each, 36 left in the deck.
{first_board}Your move> undo
{nothing}Your move> 10s 10c
You play 10S and take 10C (2 points).
greedy plays QD and takes 5H 8D (1 point).

Table: 8S
Piles: you 2 cards 2 points | greedy 3 cards 1 point
Hand:  4D 4H 7H 10D JH
Your move> 4 -
You play 4D onto the table.
greedy plays 3C onto the table.

Table: 3C 4D 8S
Piles: you 2 cards 2 points | greedy 3 cards 1 point
Hand:  4H 7H 10D JH
Your move> undo
Taken back: your 4D -, greedy's 3C -.

Table: 8S
Piles: you 2 cards 2 points | greedy 3 cards 1 point
Hand:  4D 4H 7H 10D JH
Your move> undo
Taken back: your 10S 10C, greedy's QD 5H 8D.
{first_board}Your move> undo
{nothing}Your move> quit
Stopped after 0 moves. Score so far (no +3 until the end):
seat  player  points  tablas  cards  total
   0  you          0       0      0      0
   1  greedy       0       0      0      0
"
        )
    );
}

/// A forced move (an only card that can take nothing) would only be played again: undo
/// takes back the choice before it too.
#[test]
fn undo_goes_back_past_a_forced_move_to_a_choice() {
    let run = tablic(
        &["play", "--players", "me,greedy", "--seed", "1"],
        &format!("{}undo\nquit\n", "auto\n".repeat(5)),
    );
    assert_prints(
        &run,
        "Hand:  10H
10H is your only card, and it can take nothing.
You play 10H onto the table.
greedy plays 5S onto the table.
Deal 2 of 4: 6 cards each, 24 left in the deck.

Table: 5S 10H QD
Piles: you 5 cards 0 points | greedy 8 cards 3 points
Hand:  AC 8D 9C 10D QC QS
Your move> undo
Taken back: your 9H -, greedy's 9D 9H, your 10H -, greedy's 5S -.

Table: QD
Piles: you 5 cards 0 points | greedy 6 cards 3 points
Hand:  9H 10H
Your move> quit
",
    );
}

/// The record of a game with an undo holds the moves that stand, not the ones taken back.
#[test]
fn a_saved_record_leaves_out_the_moves_taken_back() {
    let save = temp_file("undo.txt");
    let save_arg = save.to_str().unwrap();
    let script = format!("4 -\nundo\n{}", "auto\n".repeat(30));
    let run = tablic(
        &[
            "play",
            "--players",
            "me,greedy",
            "--seed",
            "212",
            "--save",
            save_arg,
        ],
        &script,
    );
    assert_clean_exit(&run);
    assert!(run
        .stdout
        .contains("Your move> undo\nTaken back: your 4D -, greedy's QD 5H 8D.\n"));
    let saved = std::fs::read_to_string(&save).unwrap();
    let _ = std::fs::remove_file(&save);
    let games = records(&saved);
    let [game] = &games[..] else {
        panic!("one record: {saved}");
    };
    assert!(game.is_finished());
    // The person's moves in the record are those printed after the undo, in order.
    let said: Vec<&str> = run
        .stdout
        .lines()
        .filter(|line| line.starts_with("You play "))
        .collect();
    assert_eq!(said[0], "You play 4D onto the table.");
    let mine: Vec<Move> = game.history().iter().step_by(2).copied().collect();
    assert_eq!(said.len(), 1 + mine.len());
    for (line, played) in said[1..].iter().zip(&mine) {
        assert!(
            line.starts_with(&format!("You play {}", played.card)),
            "{line} / {played}"
        );
    }
    assert_ne!(game.history()[0], Move::discard("4D".parse().unwrap()));
}

#[test]
fn undo_is_off_in_a_series() {
    let run = tablic(
        &[
            "play",
            "--players",
            "me,greedy",
            "--seed",
            "212",
            "--games",
            "2",
        ],
        "10s 10c\nundo\nquit\n",
    );
    assert_prints(
        &run,
        "Your move> undo
Undo is off in a series (--games): its totals count every move as played.
Your move> quit
",
    );
}

#[test]
fn quit_and_end_of_input_stop_cleanly_with_the_score() {
    let quit = tablic(&["play", "--players", "pimc,me", "--seed", "9"], "quit\n");
    assert_clean_exit(&quit);
    assert_eq!(
        quit.stdout,
        format!(
            "tablic play: you against pimc, seed 9.\n{TYPE_HELP}
Seats: 0 pimc, 1 you (seat 0 leads every deal).
Deal 1 of 4: 6 cards each, 36 left in the deck. Table: AD 2S 5H QH
pimc plays 8S and takes AD 2S 5H (1 point).

Table: QH
Piles: pimc 4 cards 1 point | you 0 cards 0 points
Hand:  AC 4S 7D 8H 10C QS
Your move> quit
Stopped after 1 move. Score so far (no +3 until the end):
seat  player  points  tablas  cards  total
   0  pimc         1       0      4      1
   1  you          0       0      0      0
"
        )
    );
    let eof = tablic(&["play", "--players", "pimc,me", "--seed", "9"], "");
    assert_clean_exit(&eof);
    assert_eq!(
        eof.stdout,
        quit.stdout
            .replace("Your move> quit\nStopped", "Your move> \nEnd of input")
    );
    // In the middle of a dialogue too.
    let eof = tablic(&["play", "--players", "me,greedy", "--seed", "2"], "2\n");
    assert_clean_exit(&eof);
    assert!(eof
        .stdout
        .ends_with("Choose 1-2> \nEnd of input after 0 moves. Score so far (no +3 until the end):\nseat  player  points  tablas  cards  total\n   0  you          0       0      0      0\n   1  greedy       0       0      0      0\n"));
}

#[test]
fn a_series_rotates_the_seats_and_adds_up_the_scores() {
    let save = temp_file("series.txt");
    let save_arg = save.to_str().unwrap();
    let run = tablic(
        &[
            "play",
            "--players",
            "greedy,random,me",
            "--games",
            "3",
            "--seed",
            "5",
            "--save",
            save_arg,
        ],
        &"auto\n".repeat(100),
    );
    assert_clean_exit(&run);
    assert!(run.stdout.is_ascii());
    // A last card that can take something goes straight to its captures, as in the
    // original.
    assert!(run
        .stdout
        .contains("\nYour last card is JH.\nJH takes> auto\nYou play JH and take "));
    let headings: Vec<&str> = run
        .stdout
        .lines()
        .filter(|line| line.starts_with("Game ") || line.starts_with("Totals "))
        .collect();
    assert_eq!(
        headings,
        [
            "Game 1 of 3. Seats: 0 greedy, 1 random, 2 you (seat 0 leads every deal).",
            "Totals after 1 of 3 games: greedy 14, random 2, you 10.",
            "Game 2 of 3. Seats: 0 you, 1 greedy, 2 random (seat 0 leads every deal).",
            "Totals after 2 of 3 games: greedy 25, random 2, you 26.",
            "Game 3 of 3. Seats: 0 random, 1 you, 2 greedy (seat 0 leads every deal).",
            "Totals after 3 of 3 games: greedy 31, random 8, you 42.",
        ]
    );
    assert!(run.stdout.starts_with(&format!(
        "tablic play: you against greedy and random, 3 games, seed 5.\n{TYPE_HELP}"
    )));
    assert!(run.stdout.ends_with(&format!(
        "Record appended to {save_arg}.\n\nSeries over: greedy 31, random 8, you 42. You win with 42.\n"
    )));

    // Three records, each a finished game dealt from derive_seed(5, g), whose scores add
    // up (players rotated back from seats) to the totals shown.
    let saved = std::fs::read_to_string(&save).unwrap();
    let _ = std::fs::remove_file(&save);
    let games = records(&saved);
    assert_eq!(games.len(), 3);
    let mut totals = [0; 3];
    for (index, game) in games.iter().enumerate() {
        assert_eq!(
            game.origin(),
            tablic_core::DeckOrigin::Seed(derive_seed(5, index as u64))
        );
        let result = game.result().expect("a finished game");
        for (player, total) in totals.iter_mut().enumerate() {
            *total += result.total((player + index) % 3);
        }
    }
    assert_eq!(totals, [31, 8, 42]);
}

#[test]
fn without_a_seed_a_random_one_is_printed_and_replays() {
    let first = tablic(&["play", "--players", "me,greedy"], "auto\nauto\nquit\n");
    assert_clean_exit(&first);
    let line = first.stdout.lines().next().unwrap();
    let seed = line
        .split("(replay with --seed ")
        .nth(1)
        .and_then(|rest| rest.strip_suffix(")."))
        .expect("the seed is printed");
    let again = tablic(
        &["play", "--players", "me,greedy", "--seed", seed],
        "auto\nauto\nquit\n",
    );
    assert_clean_exit(&again);
    let rest = |text: &str| text.split_once('\n').unwrap().1.to_string();
    assert_eq!(rest(&first.stdout), rest(&again.stdout));
    assert!(again
        .stdout
        .starts_with(&format!("tablic play: you against greedy, seed {seed}.\n")));
}

/// `tablic play ARGS` exits 2 with one `error:` line that mentions `mentions`, and
/// prints nothing else.
fn assert_usage_error(args: &[&str], mentions: &str) {
    let args: Vec<&str> = ["play"].iter().chain(args).copied().collect();
    let run = tablic(&args, "");
    assert_eq!(run.code, Some(2), "{args:?}: {}", run.stderr);
    assert_eq!(run.stdout, "", "{args:?}");
    assert!(
        run.stderr.starts_with("error: "),
        "{args:?}: {}",
        run.stderr
    );
    assert_eq!(run.stderr.lines().count(), 1, "{args:?}: {}", run.stderr);
    assert!(run.stderr.contains(mentions), "{args:?}: {}", run.stderr);
}

#[test]
fn bad_arguments_are_one_line_and_exit_2() {
    let cases: [(&[&str], &str); 9] = [
        (
            &["--players", "me"],
            "1 player given: tablic play seats 2 to 4",
        ),
        (
            &["--players", "me,random,random,random,random"],
            "5 players",
        ),
        (&["--players", "greedy,pimc"], "`me`"),
        (&["--players", "me,me"], "only once"),
        (&["--players", "me,greedo"], "\"greedo\""),
        (&["--players", "me,pimc:samples=0"], "sample count"),
        (&["--games", "0"], "--games"),
        (&["--seed", "x"], "--seed"),
        (&["--save", "/nonexistent-dir/games.txt"], "--save"),
    ];
    for (args, mentions) in cases {
        assert_usage_error(args, mentions);
    }
}

/// The `n`-th console block (from 1) of the CLI guide's `tablic play` section.
fn readme_play_block(n: usize) -> &'static str {
    let readme = include_str!(concat!(env!("CARGO_MANIFEST_DIR"), "/../docs/CLI.md"));
    let section = readme
        .split("## `tablic play`")
        .nth(1)
        .and_then(|section| section.split("\n## ").next())
        .expect("a tablic play section");
    section
        .split("```console\n")
        .nth(n)
        .and_then(|rest| rest.split("\n```").next())
        .expect("a console block")
}

/// The session in the CLI guide's `tablic play` section is real.
#[test]
fn the_readme_transcript_is_what_the_binary_prints() {
    let block = readme_play_block(1);
    let (command, shown) = block.split_once('\n').unwrap();
    assert_eq!(command, "$ tablic play --players me,pimc --seed 4");
    let run = tablic(
        &["play", "--players", "me,pimc", "--seed", "4"],
        "hint\n8 a 7\n10\n10\n\n4 9\n5 -\nundo\nquit\n",
    );
    assert_clean_exit(&run);
    let printed: Vec<&str> = run.stdout.lines().map(str::trim_end).collect();
    assert_eq!(printed.join("\n"), shown);
}

/// An auto script long enough for any game or short match: `auto` plays the greedy move.
fn autos(count: usize) -> String {
    "auto\n".repeat(count)
}

/// `tablic play` in pairs, you and random#2 against random#1 and random#3 (whose play
/// does not depend on sides), saving to `save`, with `more` arguments.
fn play_random_pairs(save: &str, more: &[&str], stdin: &str) -> Run {
    let args = ["play", "--players", "me,random,random,random", "--pairs"];
    tablic(&[&args[..], more, &["--save", save]].concat(), stdin)
}

/// A pairs game with a bot partner, the table's last cards to the last player: the sides
/// are named, the board pools each side's pile, the help follows the rules, the side
/// table and the winner come from the core's result of the saved game.
#[test]
fn a_pairs_game_with_a_bot_partner_plays_to_the_end() {
    let save = temp_file("pairs.txt");
    let save_arg = save.to_str().unwrap();
    let more = ["--leftovers", "last-player", "--seed", "3"];
    let run = play_random_pairs(save_arg, &more, &format!("help\n{}", autos(40)));
    assert_clean_exit(&run);
    assert!(run.stdout.starts_with(&format!(
        "tablic play: you and random#2 against random#1 and random#3, in pairs, \
         leftovers=last-player, seed 3.\n{TYPE_HELP}
Seats: 0 you (leads every deal), 1 random#1, 2 random#2 (partner), 3 random#3.
Sides: you and random#2 (seats 0, 2) against random#1 and random#3 (seats 1, 3).
Deal 1 of 2: 6 cards each, 24 left in the deck.

Table: 9C 10H KH KS
Piles: you 0 cards 0 points | random#1 0 cards 0 points
       random#2 0 cards 0 points | random#3 0 cards 0 points
Sides: you+random#2 0 cards 0 points | random#1+random#3 0 cards 0 points
Hand:  3S 4H 8D 10D JD JS
Your move> help
"
    )));
    assert_prints(
        &run,
        "Score: your side's card points, 1 a tabla (a capture that empties the table), 3
for strictly the most cards, the side's piles and tablas pooled. The cards left
on the table at the end go to the player who played the last card. tablic rules
prints all the rules.
",
    );
    assert_prints(
        &run,
        "Your move> auto
You play JD and take 4D 8H (1 point).
random#1 plays 2H onto the table.
random#2 plays AH and takes 2H 9C (1 point).
random#3 plays 5C onto the table.

Table: 5C 6S KH KS
Piles: you 5 cards 4 points | random#1 0 cards 0 points
       random#2 3 cards 1 point | random#3 0 cards 0 points
Sides: you+random#2 8 cards 5 points | random#1+random#3 0 cards 0 points
",
    );

    let saved = std::fs::read_to_string(&save).unwrap();
    let _ = std::fs::remove_file(&save);
    let games = records(&saved);
    let [game] = &games[..] else {
        panic!("one record: {saved}");
    };
    assert!(
        saved.contains("\nrules side-size=2 leftovers=last-player\n"),
        "{saved}"
    );
    let result = game.result().expect("a finished game");
    let side_rows: String = (0..2)
        .map(|side| {
            let score = result.side(side);
            let players = ["you, random#2", "random#1, random#3"][side];
            format!(
                "{side:>4}  {players:<18}  {:>6}  {:>6}  {:>5}  {:>2}  {:>5}\n",
                score.card_points,
                score.tablas,
                score.cards,
                if score.most_cards { "3" } else { "" },
                score.total()
            )
        })
        .collect();
    let winner = match result.winner() {
        Some(0) => format!("Your side wins with {}.", result.side_total(0)),
        Some(_) => format!("random#1 and random#3 win with {}.", result.side_total(1)),
        None => format!("A tie: both sides with {} each.", result.side_total(0)),
    };
    let seat_rows = result_rows(&result, &["you", "random#1", "random#2", "random#3"]);
    assert!(
        run.stdout.ends_with(&format!(
            "random#3 played the last card and takes the cards left on the table: AD 6D 7C 7H 8S.

seat  player    points  tablas  cards  +3  total
{seat_rows}side  players             points  tablas  cards  +3  total
{side_rows}{winner}
Record appended to {save_arg}.
"
        )),
        "{}",
        run.stdout
    );
}

/// Tablas as tally marks, in groups of five: `||||| ||`.
fn tally(tablas: u32) -> String {
    let marks: Vec<String> = (0..tablas)
        .collect::<Vec<_>>()
        .chunks(5)
        .map(|group| "|".repeat(group.len()))
        .collect();
    marks.join(" ")
}

/// The score sheet of `lines` as `tablic play` prints it: columns two spaces apart, as
/// wide as their widest cell, text to the left and numbers to the right.
fn sheet_text(lines: &[SheetLine], sides: &[&str], leaders: &[&str]) -> String {
    let header = [
        "game", "led by", "side", "points", "tablas", "+3", "score", "total",
    ];
    let left = [false, true, true, false, true, false, false, false];
    let mut rows = vec![header.map(str::to_string).to_vec()];
    for line in lines {
        for (side, name) in sides.iter().enumerate() {
            let score = line.side(side);
            // The sheet's sums: a side's score is its points, tablas and +3.
            let bonus = if score.most_cards { 3 } else { 0 };
            assert_eq!(score.total(), score.card_points + score.tablas + bonus);
            let first = side == 0;
            rows.push(vec![
                if first {
                    line.game().to_string()
                } else {
                    String::new()
                },
                if first {
                    leaders[line.leader()].to_string()
                } else {
                    String::new()
                },
                name.to_string(),
                score.card_points.to_string(),
                tally(score.tablas),
                if score.most_cards { "3" } else { "" }.to_string(),
                score.total().to_string(),
                line.running_total(side).to_string(),
            ]);
        }
    }
    let widths: Vec<usize> = (0..header.len())
        .map(|column| rows.iter().map(|row| row[column].len()).max().unwrap())
        .collect();
    rows.iter()
        .map(|row| {
            let cells: Vec<String> = row
                .iter()
                .zip(&widths)
                .zip(left)
                .map(|((cell, &width), left)| {
                    if left {
                        format!("{cell:<width$}")
                    } else {
                        format!("{cell:>width$}")
                    }
                })
                .collect();
            format!("{}\n", cells.join("  ").trim_end())
        })
        .collect()
}

/// Each game's sheet line of a saved match record, and the match where it stops.
fn read_match(record: &str) -> (MatchToTarget, Vec<SheetLine>) {
    let mut lines = Vec::new();
    let (played, _) =
        MatchToTarget::from_record(record, |line| lines.push(*line)).expect("a match record");
    (played, lines)
}

/// A match to 30, alone and in pairs, played to its end with the greedy move for the
/// person: after each game its sheet line and the running totals; at the end the winner
/// and the whole sheet, all as the saved match record has them.
#[test]
fn a_match_to_a_score_shows_the_sheet_and_the_totals_and_ends_with_the_winner() {
    /// `--players` and the rules flags; the sides and the players as the screen names them.
    type Lineup<'a> = (&'a str, &'a [&'a str]);
    type Named<'a> = (&'a [&'a str], &'a [&'a str]);
    let cases: [(Lineup, Named); 2] = [
        (("me,greedy", &[]), (&["you", "greedy"], &["you", "greedy"])),
        (
            ("me,random,random,random", &["--pairs"]),
            (
                &["you+random#2", "random#1+random#3"],
                &["you", "random#1", "random#2", "random#3"],
            ),
        ),
    ];
    for ((players, rules), (sides, names)) in cases {
        let save = temp_file("match.txt");
        let save_arg = save.to_str().unwrap();
        let mut args = vec!["play", "--players", players, "--to", "30", "--seed", "5"];
        args.extend(rules);
        args.extend(["--save", save_arg]);
        let run = tablic(&args, &autos(300));
        assert_clean_exit(&run);
        let saved = std::fs::read_to_string(&save).unwrap();
        let _ = std::fs::remove_file(&save);
        let (played, lines) = read_match(&saved);
        assert!(played.is_over(), "{saved}");
        assert!(lines.len() >= 2, "more than one game to 30");
        assert!(saved.starts_with(&format!("tablic-match 1\nplayers {}\n", names.len())));
        for (player, entry) in players.split(',').enumerate() {
            assert!(
                saved.contains(&format!("\nname {player} {entry}\n")),
                "{saved}"
            );
        }

        // Each game: its heading with the leader, its sheet line and the totals, which
        // add up the games' scores.
        let mut running = vec![0; sides.len()];
        for line in &lines {
            for (side, total) in running.iter_mut().enumerate() {
                *total += line.side(side).total();
                assert_eq!(line.running_total(side), *total);
            }
            let totals: Vec<String> = sides
                .iter()
                .enumerate()
                .map(|(side, name)| format!("{name} {}", line.running_total(side)))
                .collect();
            let leader = names[line.leader()];
            let heading = format!(
                "\nGame {}, led by {leader}.\nSeats: 0 {leader}",
                line.game()
            );
            assert!(run.stdout.contains(&heading), "{heading}\n{}", run.stdout);
            let block = format!(
                "\n\n{}Totals after game {} (to 30): {}.\n",
                sheet_text(std::slice::from_ref(line), sides, names),
                line.game(),
                totals.join(", ")
            );
            assert!(run.stdout.contains(&block), "{block}\n{}", run.stdout);
        }
        let winner = played.winner().unwrap();
        let totals: Vec<String> = sides
            .iter()
            .zip(played.totals())
            .map(|(name, total)| format!("{name} {total}"))
            .collect();
        let best = played.totals()[winner];
        let wins = match (winner, sides.len()) {
            (0, 2) if names.len() == 2 => format!("You win with {best}."),
            (1, 2) if names.len() == 2 => format!("greedy wins with {best}."),
            (0, _) => format!("Your side wins with {best}."),
            _ => format!("random#1 and random#3 win with {best}."),
        };
        assert!(
            run.stdout.ends_with(&format!(
                "\nMatch over after {} games: {}. {wins}\nThe score sheet:\n{}\
                 Match record saved in {save_arg}.\n",
                lines.len(),
                totals.join(", "),
                sheet_text(&lines, sides, names)
            )),
            "{}",
            run.stdout
        );
    }
}

/// `tablic play --players PLAYERS --to TARGET --seed SEED --save SAVE`, fed `stdin`.
fn play_match(players: &str, target: &str, seed: &str, save: &str, stdin: &str) -> Run {
    let args = [
        "play",
        "--players",
        players,
        "--to",
        target,
        "--seed",
        seed,
        "--save",
        save,
    ];
    tablic(&args, stdin)
}

/// The lines of a run answered from an auto script, up to `until`.
fn autos_before(stdout: &str, until: &str) -> usize {
    let before = stdout.split(until).next().unwrap();
    before
        .lines()
        .filter(|line| line.ends_with("> auto"))
        .count()
}

/// A match stopped where game 2 begins, with no bot move in it yet, and resumed, ends
/// as the same match played through: the same record to the byte.
#[test]
fn a_match_quit_between_games_resumes_to_the_same_end() {
    let whole = temp_file("whole.txt");
    let play = |save: &str, stdin: &str| play_match("greedy,me", "30", "8", save, stdin);
    let through = play(whole.to_str().unwrap(), &autos(300));
    assert_clean_exit(&through);
    assert!(through.stdout.contains("\nGame 2, led by you.\n"));
    let game_1 = autos_before(&through.stdout, "\nGame 2, led by you.\n");

    let halves = temp_file("halves.txt");
    let halves_arg = halves.to_str().unwrap();
    let first = play(halves_arg, &format!("{}quit\n", autos(game_1)));
    assert!(first.stdout.ends_with(&format!(
        "Your move> quit
Stopped after 0 moves of game 2. Score so far (no +3 until the end):
seat  player  points  tablas  cards  total
   0  you          0       0      0      0
   1  greedy       0       0      0      0
Totals before this game: greedy 13, you 12.
Match saved in {halves_arg}; resume it with: tablic play --resume {halves_arg}
"
    )));
    let second = tablic(&["play", "--resume", halves_arg], &autos(300));
    assert_clean_exit(&second);
    assert!(second.stdout.starts_with(&format!(
        "tablic play: you against greedy, a match to 30, seed 8. Resumed from {halves_arg}.
{TYPE_HELP}
The score sheet so far:
game  led by  side"
    )));
    let whole_record = std::fs::read_to_string(&whole).unwrap();
    let resumed_record = std::fs::read_to_string(&halves).unwrap();
    let _ = std::fs::remove_file(&whole);
    let _ = std::fs::remove_file(&halves);
    assert_eq!(resumed_record, whole_record);
    assert!(read_match(&whole_record).0.is_over());
    // The same end on screen: the winner and the whole sheet.
    let end = |stdout: &str| stdout.rsplit_once("\nMatch over").unwrap().1.to_string();
    assert_eq!(
        end(&second.stdout).replace(halves_arg, "FILE"),
        end(&through.stdout).replace(whole.to_str().unwrap(), "FILE")
    );
}

/// Quit in the middle of a game: the record holds every move so far, and the resumed
/// match goes on from the next one to the end of the match.
#[test]
fn a_match_quit_in_the_middle_of_a_game_resumes_at_the_next_move() {
    let save = temp_file("middle.txt");
    let save_arg = save.to_str().unwrap();
    let first = play_match(
        "me,greedy",
        "30",
        "5",
        save_arg,
        &format!("{}quit\n", autos(5)),
    );
    assert_clean_exit(&first);
    assert!(first
        .stdout
        .contains("Stopped after 12 moves of game 1. Score so far (no +3 until the end):\n"));
    let at_quit = std::fs::read_to_string(&save).unwrap();
    let (played, lines) = read_match(&at_quit);
    assert_eq!(
        (played.game_number(), played.game().history().len()),
        (1, 12)
    );
    assert!(lines.is_empty());

    let second = tablic(&["play", "--resume", save_arg], &autos(300));
    assert_clean_exit(&second);
    assert!(second.stdout.contains(
        "\nGame 1, led by you.\nSeats: 0 you, 1 greedy (seat 0 leads every deal).
Resumed after 12 moves, in deal 2 of 4.

Table: "
    ));
    let at_end = std::fs::read_to_string(&save).unwrap();
    let _ = std::fs::remove_file(&save);
    assert!(at_end.starts_with(&at_quit), "{at_quit}\n---\n{at_end}");
    assert!(read_match(&at_end).0.is_over());
    assert!(second
        .stdout
        .ends_with(&format!("Match record saved in {save_arg}.\n")));
}

/// Without --save, quit keeps the match in a new file of the current folder.
#[test]
fn quit_in_a_match_without_save_keeps_it_in_a_new_file() {
    let folder = temp_file("folder");
    std::fs::create_dir_all(&folder).unwrap();
    let quit = || {
        let output = std::process::Command::new(env!("CARGO_BIN_EXE_tablic"))
            .args([
                "play",
                "--players",
                "me,greedy",
                "--to",
                "101",
                "--seed",
                "5",
            ])
            .current_dir(&folder)
            .stdin(std::process::Stdio::null())
            .output()
            .unwrap();
        assert_eq!(output.status.code(), Some(0));
        String::from_utf8(output.stdout).unwrap()
    };
    assert!(quit().ends_with(
        "Your move> \nEnd of input after 0 moves of game 1. Score so far (no +3 until the end):
seat  player  points  tablas  cards  total
   0  you          0       0      0      0
   1  greedy       0       0      0      0
Match saved in tablic-match-5.txt; resume it with: tablic play --resume tablic-match-5.txt
"
    ));
    // A second match of the same seed takes another name.
    assert!(quit().ends_with(
        "Match saved in tablic-match-5-2.txt; resume it with: tablic play --resume \
         tablic-match-5-2.txt\n"
    ));
    let saved = std::fs::read_to_string(folder.join("tablic-match-5.txt")).unwrap();
    let _ = std::fs::remove_dir_all(&folder);
    assert_eq!(
        saved,
        "tablic-match 1\nplayers 2\ntarget 101\nseed 5\nname 0 me\nname 1 greedy\ngame 1\n"
    );
}

/// Two sides tied for the highest total past the target play on.
#[test]
fn a_tie_past_the_target_plays_one_more_game() {
    let save = temp_file("tie.txt");
    let save_arg = save.to_str().unwrap();
    let run = play_match("me,greedy", "1", "22", save_arg, &autos(100));
    let _ = std::fs::remove_file(&save);
    assert_prints(
        &run,
        "Totals after game 1 (to 1): you 15, greedy 15.\nTied at 15: one more game.\n\nGame 2, ",
    );
    assert_prints(
        &run,
        "\nMatch over after 2 games: you 30, greedy 24. You win with 30.\n",
    );
}

#[test]
fn undo_is_off_in_a_match() {
    let save = temp_file("undo-match.txt");
    let run = play_match(
        "me,greedy",
        "30",
        "212",
        save.to_str().unwrap(),
        "10s 10c\nundo\nquit\n",
    );
    let _ = std::fs::remove_file(&save);
    assert_prints(
        &run,
        "Your move> undo
Undo is off in a match (--to): every move counts toward the totals.
Your move> quit
",
    );
}

#[test]
fn bad_sides_targets_and_match_records_are_one_line_and_exit_2() {
    let not_a_match = temp_file("not-a-match.txt");
    std::fs::write(&not_a_match, "tablic-record 1\nplayers 2\n").unwrap();
    let strangers = temp_file("strangers.txt");
    std::fs::write(
        &strangers,
        "tablic-match 1\nplayers 2\ntarget 30\nseed 1\nname 0 me\nname 1 alice\ngame 1\n",
    )
    .unwrap();
    let unnamed = temp_file("unnamed.txt");
    std::fs::write(
        &unnamed,
        "tablic-match 1\nplayers 2\ntarget 30\nseed 1\ngame 1\n",
    )
    .unwrap();
    let in_use = temp_file("in-use.txt");
    std::fs::write(&in_use, "games\n").unwrap();
    let paths = [&not_a_match, &strangers, &unnamed, &in_use].map(|path| path.to_str().unwrap());
    let cases: [(Vec<&str>, &str); 9] = [
        (
            vec!["--players", "me,greedy,random", "--pairs"],
            "--pairs: 3 players cannot sit in sides of 2",
        ),
        (vec!["--to", "0"], "--to"),
        (vec!["--to", "30", "--games", "2"], "--games"),
        (vec!["--resume", "/nonexistent-dir/match.txt"], "--resume"),
        (
            vec!["--resume", paths[0]],
            "line 1: a match record starts with \"tablic-match 1\"",
        ),
        (vec!["--resume", paths[1]], "unknown bot \"alice\""),
        (vec!["--resume", paths[2]], "player 0 has no name line"),
        (
            vec!["--resume", paths[1], "--players", "me,pimc"],
            "--players",
        ),
        (
            vec!["--to", "30", "--save", paths[3]],
            "the file is not empty",
        ),
    ];
    for (args, mentions) in cases {
        assert_usage_error(&args, mentions);
    }
    for path in [&not_a_match, &strangers, &unnamed, &in_use] {
        let _ = std::fs::remove_file(path);
    }
}

/// The CLI guide's pairs game and the end of its match to 61 are real.
#[test]
fn the_readme_pairs_and_match_transcripts_are_what_the_binary_prints() {
    let trimmed = |text: &str| -> Vec<String> {
        text.lines()
            .map(|line| line.trim_end().to_string())
            .collect()
    };
    let (command, shown) = readme_play_block(2).split_once('\n').unwrap();
    assert_eq!(
        command,
        "$ tablic play --players me,pimc,minimax,greedy --pairs --seed 4"
    );
    let args = [
        "--players",
        "me,pimc,minimax,greedy",
        "--pairs",
        "--seed",
        "4",
    ];
    let run = tablic(&[&["play"], &args[..]].concat(), "quit\n");
    assert_clean_exit(&run);
    let start = run.stdout.split("Your move> quit").next().unwrap();
    assert_eq!(trimmed(start), trimmed(shown));

    let (command, shown) = readme_play_block(3).split_once('\n').unwrap();
    assert_eq!(
        command,
        "$ tablic play --players me,greedy --to 61 --seed 3 --save match.txt"
    );
    let (dots, end) = shown.split_once('\n').unwrap();
    assert_eq!(dots, "…");
    let save = temp_file("readme-match.txt");
    let save_arg = save.to_str().unwrap();
    let run = play_match("me,greedy", "61", "3", save_arg, &autos(300));
    let _ = std::fs::remove_file(&save);
    assert_clean_exit(&run);
    let printed = trimmed(&run.stdout.replace(save_arg, "match.txt"));
    let end = trimmed(end);
    assert_eq!(printed[printed.len() - end.len()..], end[..]);
}

/// A series in pairs adds up each partnership's scores, whatever seats it has each game.
#[test]
fn a_series_in_pairs_adds_up_the_sides() {
    let save = temp_file("pairs-series.txt");
    let more = ["--games", "2", "--seed", "4"];
    let run = play_random_pairs(save.to_str().unwrap(), &more, &autos(100));
    assert_clean_exit(&run);
    let saved = std::fs::read_to_string(&save).unwrap();
    let _ = std::fs::remove_file(&save);
    let games = records(&saved);
    assert_eq!(games.len(), 2);
    // Side 0 holds players 0 and 2 (you and random#2); player 0 sits at seat g in game g.
    let mut totals = [0; 2];
    for (index, game) in games.iter().enumerate() {
        let result = game.result().unwrap();
        for (side, total) in totals.iter_mut().enumerate() {
            *total += result.side_total(result.side_of((side + index) % 4));
        }
    }
    assert_prints(
        &run,
        "\nGame 2 of 2.
Seats: 0 random#3 (leads every deal), 1 you, 2 random#1, 3 random#2 (partner).
Sides: you and random#2 (seats 1, 3) against random#3 and random#1 (seats 0, 2).
",
    );
    let [ours, theirs] = totals;
    let winner = match ours.cmp(&theirs) {
        std::cmp::Ordering::Greater => format!("Your side wins with {ours}."),
        std::cmp::Ordering::Less => format!("random#1 and random#3 win with {theirs}."),
        std::cmp::Ordering::Equal => format!("A tie: both sides with {ours} each."),
    };
    assert!(run.stdout.ends_with(&format!(
        "Series over: you+random#2 {ours}, random#1+random#3 {theirs}. {winner}\n"
    )));
}
