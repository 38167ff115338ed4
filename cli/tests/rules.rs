//! `tablic rules`: the page it prints is `docs/RULES.md`, word for word, and the facts its
//! tables state are the engine's.

mod common;

use common::tablic;
use tablic_core::capture::target_sum;
use tablic_core::{Card, Game, PlayerCount, Rank, Suit};

const RULES_MD: &str = include_str!(concat!(env!("CARGO_MANIFEST_DIR"), "/../docs/RULES.md"));

/// What `tablic rules` prints, after checking it exits 0 with nothing on stderr.
fn printed() -> String {
    let run = tablic(&["rules"], "");
    assert_eq!(run.code, Some(0), "stderr: {}", run.stderr);
    assert_eq!(run.stderr, "");
    run.stdout
}

/// The rows of the printed table whose header is `header`, split into cells (two spaces
/// or more apart), without the dashes under the header.
fn table_rows(text: &str, header: &str) -> Vec<Vec<String>> {
    let rest = text
        .split_once(&format!("\n{header}\n"))
        .unwrap_or_else(|| panic!("a table headed {header:?} in:\n{text}"))
        .1;
    rest.lines()
        .skip(1)
        .take_while(|line| !line.is_empty())
        .map(|line| {
            line.split("  ")
                .map(str::trim)
                .filter(|cell| !cell.is_empty())
                .map(str::to_string)
                .collect()
        })
        .collect()
}

#[test]
fn rules_prints_the_card_values_and_scoring() {
    let text = printed();
    assert!(text.starts_with("The rules of tablić\n===================\n\n"));
    for line in [
        "rank    in a capture  points",
        "A       1 or 11       1",
        "10      10            2 for 10D, 1 for the others",
        "J       12            1",
        "No rank counts 11: only an ace does, counted high. The deck holds 22 points.",
        "- one point for every tabla;",
    ] {
        assert!(
            text.contains(&format!("\n{line}\n")),
            "{line:?} in:\n{text}"
        );
    }
    assert!(!text.contains("../"), "no pointer outside the repository");
}

/// Every word of the Markdown page, in order, without its marks: what a reader gets from
/// either.
fn words(text: &str) -> Vec<String> {
    text.split_whitespace()
        .map(|word| word.replace(['*', '`', '#', '|'], ""))
        .filter(|word| !word.is_empty() && !word.chars().all(|c| matches!(c, '-' | '=' | ':')))
        .collect()
}

/// The marks around what the page says to command-line users alone (the web page drops it).
const COMMAND_LINE_MARKS: [&str; 2] = ["<!-- cli -->", "<!-- /cli -->"];

#[test]
fn rules_prints_docs_rules_md_word_for_word() {
    let unmarked = COMMAND_LINE_MARKS
        .iter()
        .fold(RULES_MD.to_string(), |text, mark| text.replace(mark, ""));
    assert!(!unmarked.contains("<!--"), "no other comment in the page");
    let text = printed();
    assert_eq!(words(&text), words(&unmarked));
    // The parts for command-line users are printed, without their marks.
    let joined = text.split_whitespace().collect::<Vec<_>>().join(" ");
    for part in [
        "tablic rules prints this page.",
        "Examples, each checked with tablic moves:",
        "(--pairs or --side-size K on the command line).",
        "(--to 101; any other target works too).",
        "The cards left at the end (--leftovers).",
    ] {
        assert!(joined.contains(part), "{part:?} in:\n{text}");
    }
}

#[test]
fn the_card_table_is_the_engines() {
    let rows = table_rows(&printed(), "rank    in a capture  points");
    let mut ranks_seen = Vec::new();
    for row in &rows {
        let [ranks, value, points] = &row[..] else {
            panic!("three cells: {row:?}");
        };
        let rank = |name: &str| -> Rank {
            Rank::ALL
                .into_iter()
                .find(|rank| rank.to_string() == name)
                .unwrap_or_else(|| panic!("a rank: {name}"))
        };
        let covered: Vec<Rank> = match ranks.split_once(" to ") {
            Some((low, high)) => (rank(low).index()..=rank(high).index())
                .filter_map(Rank::from_index)
                .collect(),
            None => vec![rank(ranks)],
        };
        for rank in covered {
            ranks_seen.push(rank);
            let low = rank.capture_value();
            let high = target_sum(Card::new(rank, Suit::Clubs));
            let expected = if low != high {
                format!("{low} or {high}")
            } else if ranks.contains(" to ") {
                assert_eq!(low, rank.index() + 1);
                "its number".to_string()
            } else {
                low.to_string()
            };
            assert_eq!(value, &expected, "{rank}");
            for suit in Suit::ALL {
                let card = Card::new(rank, suit);
                // `1`, or `1 for 2C, 0 for the others`.
                let stated = match points.split_once(" for ") {
                    None => points.as_str(),
                    Some((special, rest)) if rest.starts_with(&format!("{card},")) => special,
                    Some((_, rest)) => {
                        let others = rest.rsplit_once(", ").expect("for the others").1;
                        others
                            .strip_suffix(" for the others")
                            .expect("for the others")
                    }
                };
                assert_eq!(stated, card.points().to_string(), "{card}");
            }
        }
    }
    assert_eq!(ranks_seen, Rank::ALL);
}

#[test]
fn the_deal_schedule_is_the_engines() {
    let rows = table_rows(&printed(), "players  cards per deal  deals");
    let mut counts = Vec::new();
    for row in &rows {
        let [players, hands, deals] = &row[..] else {
            panic!("three cells: {row:?}");
        };
        let players = PlayerCount::new(players.parse().unwrap()).unwrap();
        counts.push(players);
        // Play a game through (the first legal move each time) and note every deal's hand.
        let mut game = Game::from_seed(players, 1);
        let mut dealt = vec![game.hand(0).len().to_string()];
        while game.to_move().is_some() {
            let mut first = None;
            game.for_each_legal_move(|legal| {
                first.get_or_insert(legal);
            });
            if game.play(first.unwrap()).unwrap().new_deal {
                dealt.push(game.hand(0).len().to_string());
            }
        }
        assert_eq!(hands, &dealt.join(", "), "{players} players");
        assert_eq!(deals, &players.deals().to_string(), "{players} players");
    }
    assert_eq!(counts, PlayerCount::ALL);
}

/// The position of the sides' example: the table of seats after "Example, checked", with
/// 5C on the table and seat 2 the last capturer, in pairs.
fn sides_example() -> tablic_core::Position {
    let after = RULES_MD
        .split_once("Example, checked by the engine's tests")
        .expect("the sides' example")
        .1;
    let rows: Vec<Vec<&str>> = after
        .lines()
        .skip_while(|line| !line.starts_with("| seat"))
        .skip(2)
        .take_while(|line| line.starts_with('|'))
        .map(|line| line.split('|').map(str::trim).collect())
        .collect();
    assert_eq!(rows.len(), 4, "a row per seat");
    let cards = |text: &str| match text {
        "" => "-".to_string(),
        text => text.split_whitespace().collect::<Vec<_>>().join(","),
    };
    let hands: Vec<String> = rows.iter().map(|row| cards(row[2])).collect();
    let piles: Vec<String> = rows.iter().map(|row| cards(row[3])).collect();
    format!(
        "players=4 side-size=2 ply=47 table=5C hands={} piles={} tablas=0,0,0,0 last=2 deck=-",
        hands.join(";"),
        piles.join(";")
    )
    .parse()
    .expect("a position")
}

#[test]
fn the_sides_example_scores_as_the_page_says() {
    use tablic_core::{CardSet, Move, Rules};
    let position = sides_example();
    assert_eq!(position.rules(), Rules::PAIRS);
    let take = Move::new(card("5D"), CardSet::EMPTY.with(card("5C")));
    let mut pairs = Game::from_position(&position);
    assert!(pairs.play(take).unwrap().tabla);
    let result = pairs.result().unwrap();
    assert_eq!([result.side(0).cards, result.side(1).cards], [26, 26]);
    assert_eq!(
        [result.side(0).card_points, result.side(1).card_points],
        [11, 11]
    );
    assert_eq!([result.side_total(0), result.side_total(1)], [11, 12]);
    assert_eq!(result.winner(), Some(1));
    let cards: Vec<u32> = result.seats().iter().map(|seat| seat.cards).collect();
    assert_eq!(cards, [13, 10, 13, 16]);
    // Everyone alone: the same piles, the same move.
    let alone: tablic_core::Position = position
        .to_string()
        .replace(" side-size=2", "")
        .parse()
        .unwrap();
    let mut alone = Game::from_position(&alone);
    alone.play(take).unwrap();
    let totals: Vec<u32> = (0..4)
        .map(|seat| alone.result().unwrap().total(seat))
        .collect();
    assert_eq!(totals, [4, 6, 7, 9]);
    for words in [
        "Seats 0 and 2 then hold 13 cards each and 11 points",
        "seats 1 and 3 hold 10 and 16 cards and 11 points",
        "the pairs score 11 and 12, and seats 1 and 3 win",
        "the scores are 4, 6, 7 and 9.",
    ] {
        let page = RULES_MD.split_whitespace().collect::<Vec<_>>().join(" ");
        assert!(page.contains(words), "{words:?}");
    }
}

fn card(text: &str) -> Card {
    text.parse().unwrap()
}
