//! Game records: written, read back, replayed, and refused with the line that is wrong.

use proptest::prelude::*;
use tablic_core::bots::{Bot, RandomBot};
use tablic_core::{Deck, Game, PlayerCount, RecordErrorKind};

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
        .starts_with("line 2: 5 players is not allowed"));
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
    assert!(players.to_string().contains(&"é".repeat(12)));
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
