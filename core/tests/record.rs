//! Game records: written, read back, replayed, and refused with the line that is wrong.

use proptest::prelude::*;
use tablic_core::bots::{Bot, RandomBot};
use tablic_core::game::record::MAX_NAME_LEN;
use tablic_core::{Deck, Game, PlayerCount, RecordErrorKind, SeatNames};

fn play_randomly(mut game: Game, seed: u64, moves: usize) -> Game {
    let mut bot = RandomBot::new(seed);
    for _ in 0..moves {
        let Some(view) = game.current_view() else {
            break;
        };
        let chosen = bot.choose(&view);
        game.play(chosen).unwrap();
    }
    game
}

#[test]
fn a_record_reads_like_the_format() {
    let game = play_randomly(Game::from_seed(PlayerCount::TWO, 42), 1, 100);
    let text = game.record().to_string();
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines[..3], ["tablic-record 1", "players 2", "seed 42"]);
    assert_eq!(
        lines
            .iter()
            .filter(|line| line.starts_with("play "))
            .count(),
        48
    );
    let result = game.result().unwrap();
    assert_eq!(
        *lines.last().unwrap(),
        format!("result {} {}", result.total(0), result.total(1))
    );
}

#[test]
fn errors_name_the_line() {
    let game = play_randomly(Game::from_seed(PlayerCount::TWO, 7), 2, 100);
    let text = game.record().to_string();
    let error = |text: &str| Game::from_record(text).unwrap_err();

    assert_eq!(error("").kind, RecordErrorKind::MissingHeader);
    assert_eq!(
        error("tablic-record 2\n").kind,
        RecordErrorKind::MissingHeader
    );
    let five = error("tablic-record 1\nplayers 5\nseed 1\n");
    assert_eq!(five.line, 2);
    assert!(five
        .to_string()
        .starts_with("line 2: a game cannot have 5 players"));
    assert!(matches!(
        error("tablic-record 1\nplayers 2\nseed x\n").kind,
        RecordErrorKind::BadNumber(_)
    ));
    assert_eq!(
        error("tablic-record 1\nplayers 2\n").kind,
        RecordErrorKind::MissingDeck
    );

    // The fourth move (line 7) replaced by a card the mover does not hold.
    let mut lines: Vec<String> = text.lines().map(String::from).collect();
    let held = game.history()[3].card;
    let foreign = (0..52)
        .map(|i| tablic_core::Card::from_index(i).unwrap())
        .find(|card| *card != held)
        .unwrap();
    lines[6] = format!("play {foreign}");
    let tampered = error(&lines.join("\n"));
    assert_eq!(tampered.line, 7);
    assert!(matches!(tampered.kind, RecordErrorKind::IllegalMove(_)));

    // A wrong result.
    let mut lines: Vec<String> = text.lines().map(String::from).collect();
    *lines.last_mut().unwrap() = "result 0 0".into();
    assert_eq!(
        error(&lines.join("\n")).kind,
        RecordErrorKind::ResultMismatch
    );

    // Anything after the result, or unknown lines.
    assert!(matches!(
        error(&format!("{text}play 2C\n")).kind,
        RecordErrorKind::UnexpectedLine(_)
    ));
    assert!(matches!(
        error("tablic-record 1\nplayers 2\nseed 1\nmove 2C\n").kind,
        RecordErrorKind::UnexpectedLine(_)
    ));
    assert!(matches!(
        error("tablic-record 1\nplayers 2\ndeck AS AS\n").kind,
        RecordErrorKind::Deck(_)
    ));
}

#[test]
fn long_lines_of_wide_characters_are_cut_for_the_message() {
    // 13 two-byte characters: 26 bytes, more than an excerpt holds.
    let wide = "é".repeat(13);
    let error = |text: &str| Game::from_record(text).unwrap_err();
    let players = error(&format!("tablic-record 1\nplayers {wide}\n"));
    assert_eq!(players.line, 2);
    // Ten of them and `…` (23 bytes): the message says the text was cut.
    let message = players.to_string();
    assert!(
        message.contains(&format!("\"{}…\"", "é".repeat(10))),
        "{message}"
    );
    let line = error(&format!("tablic-record 1\nplayers 2\nseed 1\n{wide}\n"));
    assert_eq!(line.line, 4);
    assert!(matches!(line.kind, RecordErrorKind::UnexpectedLine(_)));
}

#[test]
fn comments_and_blank_lines_are_ignored() {
    let game = play_randomly(Game::from_seed(PlayerCount::TWO, 3), 3, 10);
    let text = game.record().to_string().replace('\n', "\n\n# a note\n");
    assert_eq!(Game::from_record(&text), Ok(game));
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(40))]

    #[test]
    fn records_round_trip(seed in any::<u64>(), which in 0usize..9, moves in 0usize..60, given_deck in any::<bool>()) {
        let players = PlayerCount::ALL[which];
        let start = if given_deck {
            Game::from_deck(players, Deck::from_seed(seed))
        } else {
            Game::from_seed(players, seed)
        };
        let game = play_randomly(start, seed, moves);
        let text = game.record().to_string();
        prop_assert_eq!(Game::from_record(&text), Ok(game));
    }
}

#[test]
fn seat_names_round_trip_and_old_records_still_read() {
    let game = play_randomly(Game::from_seed(PlayerCount::new(3).unwrap(), 7), 2, 48);
    let names = SeatNames::new(&[
        "you",
        "pimc:samples=128,nodes=40000",
        "engine:0 (first 1.0)",
    ])
    .unwrap();
    let text = game.record().with_names(&names).to_string();
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(
        lines[..6],
        [
            "tablic-record 1",
            "players 3",
            "name 0 you",
            "name 1 pimc:samples=128,nodes=40000",
            "name 2 engine:0 (first 1.0)",
            "seed 7",
        ]
    );
    let (read, read_names) = Game::from_record_with_names(&text).unwrap();
    assert_eq!(read.record().to_string(), game.record().to_string());
    assert_eq!(read_names, names);
    assert_eq!(Game::from_record(&text).unwrap().history(), game.history());

    // A record without names (every record before them) reads with no seat named.
    let unnamed = game.record().to_string();
    let (old, none) = Game::from_record_with_names(&unnamed).unwrap();
    assert_eq!(old.history(), game.history());
    assert_eq!(none, SeatNames::NONE);
    assert_eq!(none.get(0), None);

    // Some seats named, some not.
    let mut partly = SeatNames::NONE;
    partly.set(1, "greedy").unwrap();
    let text = game.record().with_names(&partly).to_string();
    assert!(
        text.contains("players 3\nname 1 greedy\nseed 7\n"),
        "{text}"
    );
    assert_eq!(Game::from_record_with_names(&text).unwrap().1, partly);
}

#[test]
fn bad_seat_names_are_refused_with_the_reason() {
    let long = "x".repeat(MAX_NAME_LEN + 1);
    assert_eq!(
        SeatNames::new(&["you", &long]).unwrap_err().to_string(),
        "seat 1: a name of 65 bytes (at most 64)"
    );
    let longest = "é".repeat(MAX_NAME_LEN / 2);
    assert!(SeatNames::new(&[&longest]).is_ok());
    let message = |names: &[&str]| SeatNames::new(names).unwrap_err().to_string();
    assert_eq!(message(&[""]), "seat 0: empty name");
    assert_eq!(
        message(&["a", "b\nc"]),
        "seat 1: a control character in the name"
    );
    assert_eq!(message(&[" you"]), "seat 0: space around the name");
    assert_eq!(message(&["x"; 49]), "seat 48: no such seat");

    let record = |names: &str| format!("tablic-record 1\nplayers 2\n{names}seed 1\n");
    let error = |names: &str| {
        Game::from_record_with_names(&record(names))
            .unwrap_err()
            .to_string()
    };
    assert_eq!(error("name 2 x\n"), "line 3: seat 2: no such seat");
    assert_eq!(error("name 0 a\nname 0 b\n"), "line 4: seat 0: named twice");
    assert_eq!(error("name 0\n"), "line 3: seat 0: empty name");
    assert_eq!(error("name one x\n"), "line 3: \"one\" is not a number");
    assert_eq!(
        error(&format!("name 1 {long}\n")),
        "line 3: seat 1: a name of 65 bytes (at most 64)"
    );
    assert!(matches!(
        Game::from_record(&record("name 5 x\n")).unwrap_err().kind,
        RecordErrorKind::Name(_)
    ));
    // Names go between the player count and the deck, nowhere else.
    assert_eq!(
        Game::from_record("tablic-record 1\nplayers 2\nseed 1\nname 0 x\n")
            .unwrap_err()
            .to_string(),
        "line 4: unexpected line \"name 0 x\""
    );
}
