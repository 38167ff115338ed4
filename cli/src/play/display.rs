//! What the screen shows: cards (Unicode suits and red ♦♥ on a terminal, `10D` otherwise),
//! the board before the person's move, each move as it happens, and results.

use std::io::IsTerminal;

use tablic_core::capture::target_sum;
use tablic_core::{
    Card, CardSet, FinalTabla, Game, GameResult, Leftovers, Move, PlayerView, Rank, Rules,
    SeatResult, Suit, MOST_CARDS_BONUS,
};

use super::sides::Sides;
use crate::output::{wrap_words, Align, Table};

const RED: &str = "\x1b[31m";
const BOLD: &str = "\x1b[1m";
const RESET: &str = "\x1b[0m";

/// How cards and emphasis print.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Style {
    /// Suit symbols (`10♦`) instead of letters (`10D`).
    pub unicode: bool,
    /// ANSI colour and bold.
    pub colour: bool,
}

impl Style {
    /// Plain ASCII, no escape codes: what pipes and files get.
    pub const PLAIN: Style = Style {
        unicode: false,
        colour: false,
    };

    /// Suit symbols when stdout is a terminal; colour too unless `NO_COLOR` is set (and
    /// not empty, as no-color.org says).
    pub fn detect() -> Style {
        let terminal = std::io::stdout().is_terminal();
        let no_colour = std::env::var_os("NO_COLOR").is_some_and(|value| !value.is_empty());
        Style {
            unicode: terminal,
            colour: terminal && !no_colour,
        }
    }

    /// One card: `10D`, or `10♦` in red.
    pub fn card(&self, card: Card) -> String {
        if !self.unicode {
            return card.to_string();
        }
        let text = card.unicode().to_string();
        if self.colour && matches!(card.suit(), Suit::Diamonds | Suit::Hearts) {
            format!("{RED}{text}{RESET}")
        } else {
            text
        }
    }

    /// Cards lowest first, separated by spaces; `(empty)` for none.
    pub fn cards(&self, cards: CardSet) -> String {
        if cards.is_empty() {
            return "(empty)".to_string();
        }
        cards
            .iter()
            .map(|card| self.card(card))
            .collect::<Vec<_>>()
            .join(" ")
    }

    /// A move as the one-line input form writes it: `7S 3H 4D`, `KC -` for a discard.
    pub fn compact(&self, played: Move) -> String {
        if played.capture.is_empty() {
            format!("{} -", self.card(played.card))
        } else {
            format!("{} {}", self.card(played.card), self.cards(played.capture))
        }
    }

    /// Bold text (headings, prompts, the winner).
    pub fn bold(&self, text: &str) -> String {
        if self.colour {
            format!("{BOLD}{text}{RESET}")
        } else {
            text.to_string()
        }
    }
}

/// A message as a sentence: a capital first letter and a full stop.
pub fn sentence(text: &str) -> String {
    let mut chars = text.chars();
    let mut sentence: String = match chars.next() {
        Some(first) => first.to_uppercase().chain(chars).collect(),
        None => return String::new(),
    };
    if !sentence.ends_with(['.', '?', '!']) {
        sentence.push('.');
    }
    sentence
}

/// `1 point`, `2 points`.
pub fn count(number: u32, singular: &str, plural: &str) -> String {
    format!("{number} {}", if number == 1 { singular } else { plural })
}

/// What a move did: `pimc plays 7S and takes 3H 4D (1 point). Tabla!`, `You play KC onto
/// the table.`
pub fn move_line(style: &Style, name: &str, person: bool, played: Move, tabla: bool) -> String {
    let (subject, play, take) = if person {
        ("You", "play", "take")
    } else {
        (name, "plays", "takes")
    };
    let mut line = format!("{subject} {play} {}", style.card(played.card));
    if played.capture.is_empty() {
        line.push_str(" onto the table.");
    } else {
        line.push_str(&format!(" and {take} {}", style.cards(played.capture)));
        let points = played.capture.with(played.card).points();
        if points > 0 {
            line.push_str(&format!(" ({})", count(points, "point", "points")));
        }
        line.push('.');
    }
    if tabla {
        line.push(' ');
        line.push_str(&style.bold("Tabla!"));
    }
    line
}

/// The person's board: the table, every pile (by seat), each side's pooled pile when
/// there are sides, and the hand.
///
/// ```text
/// Table: 3H 7S 9D KC
/// Piles: you 4 cards 2 points 1 tabla | pimc 2 cards 1 point   (wrapped at 80 columns)
/// Hand:  2C 5D 7H 10S QH KS
/// ```
pub fn board(style: &Style, view: &PlayerView<'_>, names_by_seat: &[&str]) -> String {
    let piles: Vec<String> = names_by_seat
        .iter()
        .enumerate()
        .map(|(seat, name)| pile_text(name, view.pile(seat), view.tablas(seat)))
        .collect();
    let mut text = format!(
        "Table: {}\n{}",
        style.cards(view.table()),
        wrap("Piles: ", &piles, " | ")
    );
    let rules = view.rules();
    if !rules.is_everyone_alone() {
        let sides = Sides::new(names_by_seat, view.seat(), rules);
        let pooled: Vec<String> = (0..sides.len())
            .map(|side| {
                let seats = (0..names_by_seat.len()).filter(|&seat| view.side_of(seat) == side);
                let pile = seats
                    .clone()
                    .fold(CardSet::EMPTY, |pile, seat| pile | view.pile(seat));
                let tablas = seats.map(|seat| view.tablas(seat)).sum();
                pile_text(&sides.short(side), pile, tablas)
            })
            .collect();
        text.push_str(&wrap("Sides: ", &pooled, " | "));
    }
    text.push_str(&format!("Hand:  {}\n", style.cards(view.hand())));
    text
}

/// `you 4 cards 2 points 1 tabla`: a pile on the board (no tablas, no word of them).
fn pile_text(name: &str, pile: CardSet, tablas: u32) -> String {
    let mut text = format!(
        "{name} {} {}",
        count(pile.len() as u32, "card", "cards"),
        count(pile.points(), "point", "points")
    );
    if tablas > 0 {
        text.push_str(&format!(" {}", count(tablas, "tabla", "tablas")));
    }
    text
}

/// Screen width the board and the messages keep to, in characters.
pub const WIDTH: usize = 80;

/// `label` then `items` joined by `separator`, continued on new lines (indented under the
/// first item, no separator) where a line would pass `WIDTH`. Items hold no escape codes.
fn wrap(label: &str, items: &[String], separator: &str) -> String {
    let indent = " ".repeat(label.chars().count());
    let mut text = label.to_string();
    let mut line = label.chars().count();
    for (index, item) in items.iter().enumerate() {
        let width = item.chars().count();
        if index > 0 {
            if line + separator.len() + width > WIDTH {
                text.push('\n');
                text.push_str(&indent);
                line = indent.len();
            } else {
                text.push_str(separator);
                line += separator.len();
            }
        }
        text.push_str(item);
        line += width;
    }
    text.push('\n');
    text
}

/// The cards' values in a capture and in the score, and how a game is scored, all from
/// the core's figures:
///
/// ```text
/// In a capture: A 1 or 11, 2 to 10 their number, J 12, Q 13, K 14.
/// Points: A 1, 2C 1, 10D 2, other 10s 1, J 1, Q 1, K 1; the rest 0 (22 in all).
/// Score: your card points, 1 a tabla (a capture that empties the table), 3 for strictly
/// the most cards. …
/// ```
pub fn card_values(style: &Style, rules: Rules) -> String {
    let mut values = Vec::new();
    // Ranks in a row worth their own number: `2 to 10 their number`.
    let mut numbered: Vec<Rank> = Vec::new();
    let flush = |numbered: &mut Vec<Rank>, values: &mut Vec<String>| {
        match numbered[..] {
            [] => {}
            [only] => values.push(format!("{only} {}", only.capture_value())),
            [first, .., last] => values.push(format!("{first} to {last} their number")),
        }
        numbered.clear();
    };
    for rank in Rank::ALL {
        let (low, high) = (
            rank.capture_value(),
            target_sum(Card::new(rank, Suit::Clubs)),
        );
        if low == high && low.to_string() == rank.to_string() {
            numbered.push(rank);
            continue;
        }
        flush(&mut numbered, &mut values);
        values.push(if low == high {
            format!("{rank} {low}")
        } else {
            format!("{rank} {low} or {high}")
        });
    }
    flush(&mut numbered, &mut values);

    // Points: a rank's usual value, and the cards of the rank that differ from it.
    let mut points = Vec::new();
    for rank in Rank::ALL {
        let cards = Suit::ALL.map(|suit| Card::new(rank, suit));
        let usual = cards
            .iter()
            .map(|card| card.points())
            .max_by_key(|&value| cards.iter().filter(|card| card.points() == value).count())
            .unwrap_or(0);
        let odd: Vec<&Card> = cards.iter().filter(|card| card.points() != usual).collect();
        for card in &odd {
            points.push(format!("{} {}", style.card(**card), card.points()));
        }
        match (usual, odd.is_empty()) {
            (0, _) => {}
            (_, true) => points.push(format!("{rank} {usual}")),
            (_, false) => points.push(format!("other {rank}s {usual}")),
        }
    }
    let tabla = SeatResult {
        tablas: 1,
        ..SeatResult::default()
    }
    .total();
    let (whose, most) = if rules.is_everyone_alone() {
        ("your", "")
    } else {
        ("your side's", ", the side's piles and tablas pooled")
    };
    let last_cards = match rules.leftovers {
        Leftovers::LastCapturer => "the last player who captured",
        Leftovers::LastPlayer => "the player who played the last card",
    };
    let final_tabla = match rules.final_tabla {
        FinalTabla::Counts => "",
        FinalTabla::DoesNotCount => {
            " A capture that empties the table with the game's last card is no tabla."
        }
    };
    let text = [
        format!("In a capture: {}.", values.join(", ")),
        format!(
            "Points: {}; the rest 0 ({} in all).",
            points.join(", "),
            CardSet::FULL.points()
        ),
        format!(
            "Score: {whose} card points, {tabla} a tabla (a capture that empties the table), \
             {MOST_CARDS_BONUS} for strictly the most cards{most}. The cards left on the \
             table at the end go to {last_cards}.{final_tabla} tablic rules prints all the \
             rules."
        ),
    ];
    text.iter()
        .map(|paragraph| wrap_words(paragraph, "", "", WIDTH))
        .collect()
}

/// The end of a game: one row per seat and who won.
///
/// ```text
/// seat  player  points  tablas  cards  +3  total
///    0  you          9       1     24         10
///    1  pimc        13       0     28   3     16
/// ```
pub fn result_table(result: &GameResult, names_by_seat: &[&str]) -> String {
    let rows = (result.seats().iter().zip(names_by_seat).enumerate())
        .map(|(seat, (score, name))| (seat, name.to_string(), *score));
    score_table(["seat", "player"], rows)
}

/// The end of a game of sides: one row per side, the side's pooled piles and its +3.
///
/// ```text
/// side  players       points  tablas  cards  +3  total
///    0  you, minimax      12       1     30   3     16
///    1  pimc, greedy      10       2     22         12
/// ```
pub fn side_table(result: &GameResult, sides: &Sides) -> String {
    let rows = (0..result.side_count()).map(|side| (side, sides.listed(side), result.side(side)));
    score_table(["side", "players"], rows)
}

/// A table of final scores: a number and a name, then the score's parts and total.
fn score_table(
    [number, name]: [&str; 2],
    rows: impl Iterator<Item = (usize, String, SeatResult)>,
) -> String {
    let mut table = Table::new(&[
        (number, Align::Right),
        (name, Align::Left),
        ("points", Align::Right),
        ("tablas", Align::Right),
        ("cards", Align::Right),
        ("+3", Align::Right),
        ("total", Align::Right),
    ]);
    for (index, name, score) in rows {
        table.row(vec![
            index.to_string(),
            name,
            score.card_points.to_string(),
            score.tablas.to_string(),
            score.cards.to_string(),
            if score.most_cards { "3" } else { "" }.to_string(),
            score.total().to_string(),
        ]);
    }
    table.render()
}

/// The score of a game not finished: card points and tablas so far, by seat.
pub fn progress_table(game: &Game, names_by_seat: &[&str]) -> String {
    let mut table = Table::new(&[
        ("seat", Align::Right),
        ("player", Align::Left),
        ("points", Align::Right),
        ("tablas", Align::Right),
        ("cards", Align::Right),
        ("total", Align::Right),
    ]);
    for (seat, name) in names_by_seat.iter().enumerate() {
        let (pile, tablas) = (game.pile(seat), game.tablas(seat));
        table.row(vec![
            seat.to_string(),
            name.to_string(),
            pile.points().to_string(),
            tablas.to_string(),
            pile.len().to_string(),
            (pile.points() + tablas).to_string(),
        ]);
    }
    table.render()
}

/// `you 10, pimc 16`.
pub fn standings(names: &[&str], points: &[u32]) -> String {
    names
        .iter()
        .zip(points)
        .map(|(name, points)| format!("{name} {points}"))
        .collect::<Vec<_>>()
        .join(", ")
}

#[cfg(test)]
mod tests {
    use super::*;

    fn card(text: &str) -> Card {
        text.parse().unwrap()
    }

    #[test]
    fn cards_print_plain_or_with_red_suits() {
        let plain = Style::PLAIN;
        assert_eq!(plain.card(card("10D")), "10D");
        let unicode = Style {
            unicode: true,
            colour: false,
        };
        assert_eq!(unicode.cards("10D KC".parse().unwrap()), "10♦ K♣");
        let colour = Style {
            unicode: true,
            colour: true,
        };
        assert_eq!(colour.card(card("10D")), "\x1b[31m10♦\x1b[0m");
        assert_eq!(colour.card(card("AS")), "A♠");
        assert_eq!(plain.cards(CardSet::EMPTY), "(empty)");
    }

    #[test]
    fn moves_read_as_sentences() {
        let style = Style::PLAIN;
        let take = Move::new(card("10S"), "10D".parse().unwrap());
        assert_eq!(
            move_line(&style, "pimc", false, take, true),
            "pimc plays 10S and takes 10D (3 points). Tabla!"
        );
        let discard = Move::discard(card("5H"));
        assert_eq!(
            move_line(&style, "you", true, discard, false),
            "You play 5H onto the table."
        );
        assert_eq!(style.compact(discard), "5H -");
        assert_eq!(style.compact(take), "10S 10D");
    }

    #[test]
    fn piles_wrap_at_the_screen_width() {
        let items: Vec<String> = ["you", "pimc", "greedy", "minimax"]
            .iter()
            .map(|name| format!("{name} 12 cards 10 points 2 tablas"))
            .collect();
        assert_eq!(
            wrap("Piles: ", &items[..2], " | "),
            "Piles: you 12 cards 10 points 2 tablas | pimc 12 cards 10 points 2 tablas\n"
        );
        let text = wrap("Piles: ", &items, " | ");
        assert_eq!(text.lines().count(), 2);
        assert!(text.lines().all(|line| line.chars().count() <= WIDTH));
        assert!(text.contains(" tablas\n       greedy"), "{text}");
    }

    #[test]
    fn messages_become_sentences() {
        assert_eq!(sentence("8S is not in the hand"), "8S is not in the hand.");
        assert_eq!(sentence("there is no 8"), "There is no 8.");
        assert_eq!(sentence("done."), "Done.");
    }

    #[test]
    fn the_scoring_follows_the_house_rules() {
        let original = card_values(&Style::PLAIN, Rules::ORIGINAL).replace('\n', " ");
        assert!(original.contains("Score: your card points"), "{original}");
        assert!(original.contains("go to the last player who captured."));
        assert!(!original.contains("no tabla"));
        let house = Rules {
            side_size: 2,
            leftovers: Leftovers::LastPlayer,
            final_tabla: FinalTabla::DoesNotCount,
        };
        let house = card_values(&Style::PLAIN, house).replace('\n', " ");
        assert!(house.contains("Score: your side's card points"), "{house}");
        assert!(house.contains("the most cards, the side's piles and tablas pooled."));
        assert!(house.contains("go to the player who played the last card."));
        assert!(house.contains("with the game's last card is no tabla."));
    }
}
