//! What the person types, read into commands, and cards written by rank alone matched to
//! the cards in hand and on the table.
//!
//! The card language is the original's: a rank (`a`, `2` … `10`, `j`, `q`, `k`) or a card
//! with its suit in any notation the core reads (`7S`, `7♠`, `pik 7`). Legality always
//! comes from the core: a rank-only move is matched against the core's legal moves, and a
//! move that matches none is explained by the core's own check.

use tablic_core::bots::GreedyKey;
use tablic_core::capture::check_capture;
use tablic_core::cards::notation::{parse_cards, ParseCardError};
use tablic_core::{Card, CardClass, CardSet, IllegalMove, Move, Rank, Rules};

use super::display::{self, Style};

/// The commands `help` lists.
const COMMANDS: &str = "\
Commands (not case-sensitive):
  7           a card by rank (a, 2 ... 10, j, q, k); then the cards it takes, one a line,
              a blank line to end, or auto for the greedy capture
  7S, pik 7   a card with its suit (C D H S, or tref karo herc pik)
  7 3 4       a whole move on one line (7S 3H 4D when a rank alone is not enough)
  7 -         play a card onto the table, taking nothing
  7 auto      play a card with the greedy capture; auto alone plays the greedy move
  hint        the pimc bot's best moves, and what its numbers mean
  show        the table, the piles and your hand again
  back        while naming captures: choose another card
  undo        take back your last move and the replies after it (in a single game;
              a series or a match counts every move)
  quit        stop here and show the score (end of input does the same)
";

/// What `help` prints: the commands, then the cards' values and the scoring under `rules`.
pub fn help(style: &Style, rules: Rules) -> String {
    format!("{COMMANDS}{}", display::card_values(style, rules))
}

/// A card as the person writes it: a whole card, or a rank that any suit matches.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Token {
    Card(Card),
    Rank(Rank),
}

impl Token {
    /// The cards of `cards` this token may mean.
    pub fn among(self, cards: CardSet) -> CardSet {
        match self {
            Token::Card(card) => cards & CardSet::single(card),
            Token::Rank(rank) => cards.rank_cards(rank),
        }
    }

    /// True when the token may mean `card`.
    pub fn matches(self, card: Card) -> bool {
        !self.among(CardSet::single(card)).is_empty()
    }
}

/// How a line of cards ends.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum End {
    /// Nothing after the cards: one card alone asks for its captures next.
    Open,
    /// `auto`: complete with the greedy capture.
    Auto,
    /// `-`: the capture is complete (a discard when no card follows the played one).
    Dash,
}

/// One line from the person.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Command {
    /// A blank line.
    Blank,
    Help,
    Hint,
    Show,
    Back,
    /// Take back the person's last move.
    Undo,
    Quit,
    /// `auto` alone.
    Auto,
    /// Cards, perhaps ended by `auto` or `-`.
    Cards(Vec<Token>, End),
}

/// Reads one line. The error says what is wrong, in the core's words for a bad card.
pub fn parse_line(line: &str) -> Result<Command, String> {
    let line = line.trim();
    let keyword = match line.to_ascii_lowercase().as_str() {
        "" => Some(Command::Blank),
        "help" | "?" => Some(Command::Help),
        "hint" => Some(Command::Hint),
        "show" => Some(Command::Show),
        "back" => Some(Command::Back),
        "undo" => Some(Command::Undo),
        "quit" | "exit" => Some(Command::Quit),
        "auto" => Some(Command::Auto),
        _ => None,
    };
    if let Some(command) = keyword {
        return Ok(command);
    }
    let (cards, end) = match line.rsplit_once(char::is_whitespace) {
        Some((cards, last)) if last.eq_ignore_ascii_case("auto") => (cards, End::Auto),
        Some((cards, "-")) => (cards, End::Dash),
        _ => (line, End::Open),
    };
    let tokens = parse_tokens(cards)?;
    Ok(Command::Cards(tokens, end))
}

/// Cards and ranks separated by spaces or commas.
pub fn parse_tokens(text: &str) -> Result<Vec<Token>, String> {
    let mut tokens = Vec::new();
    for parsed in parse_cards(text) {
        let token = match parsed {
            Ok(card) => Token::Card(card),
            Err(ParseCardError::Empty) => continue,
            Err(
                ParseCardError::UnknownRank(text)
                | ParseCardError::UnknownSuit(text)
                | ParseCardError::MissingSuit(text),
            ) => match rank_named(&text) {
                // A rank with no suit: the person's short form.
                Some(rank) => Token::Rank(rank),
                None => {
                    return Err(format!(
                        "{text:?} is not a card (7, 7S, pik 7) or a command (help lists them)"
                    ))
                }
            },
            Err(error) => return Err(error.to_string()),
        };
        if let Token::Card(card) = token {
            if tokens.contains(&token) {
                return Err(format!("{card} appears twice"));
            }
        }
        tokens.push(token);
    }
    Ok(tokens)
}

/// The rank printed as `text` (`a`, `10`, `j`), as the core prints ranks.
fn rank_named(text: &str) -> Option<Rank> {
    Rank::ALL
        .into_iter()
        .find(|rank| rank.to_string().eq_ignore_ascii_case(text.trim()))
}

/// Can distinct cards of `capture` stand for every token (each token its own card)?
pub fn covers(capture: CardSet, tokens: &[Token]) -> bool {
    let exact: CardSet = tokens
        .iter()
        .filter_map(|token| match token {
            Token::Card(card) => Some(*card),
            Token::Rank(_) => None,
        })
        .collect();
    if !exact.is_subset(capture) {
        return false;
    }
    let rest = capture - exact;
    Rank::ALL.into_iter().all(|rank| {
        let wanted = tokens
            .iter()
            .filter(|token| **token == Token::Rank(rank))
            .count();
        wanted <= rest.rank_count(rank) as usize
    })
}

/// The legal moves that `played` and exactly `taken` (one card a token) describe.
pub fn matching(legal: &[Move], played: Token, taken: &[Token]) -> Vec<Move> {
    legal
        .iter()
        .copied()
        .filter(|candidate| {
            played.matches(candidate.card)
                && candidate.capture.len() == taken.len()
                && covers(candidate.capture, taken)
        })
        .collect()
}

/// The greedy player's favourite among the legal moves of `played` whose captures include
/// cards for every token of `taken` (all legal moves for `played` = `None`).
pub fn greedy_completion(
    table: CardSet,
    legal: &[Move],
    played: Option<Token>,
    taken: &[Token],
) -> Option<Move> {
    legal
        .iter()
        .copied()
        .filter(|candidate| played.is_none_or(|token| token.matches(candidate.card)))
        .filter(|candidate| covers(candidate.capture, taken))
        .max_by_key(|candidate| GreedyKey::new(table, candidate.card, candidate.capture))
}

/// How many cards of each class a set holds: two moves with the same card class and the
/// same capture classes score the same now and leave equivalent cards behind.
fn class_counts(cards: CardSet) -> [u8; CardClass::COUNT] {
    let mut counts = [0; CardClass::COUNT];
    for card in cards {
        counts[CardClass::of(card).index()] += 1;
    }
    counts
}

/// One move of each kind that differs in play: moves equal up to suits of the same class
/// (the 5♥ or the 5♠) are one choice. Order is kept; the first of each kind represents it.
pub fn distinct_choices(moves: &[Move]) -> Vec<Move> {
    let mut kinds = Vec::new();
    let mut choices = Vec::new();
    for candidate in moves {
        let kind = (
            CardClass::of(candidate.card),
            class_counts(candidate.capture),
        );
        if !kinds.contains(&kind) {
            kinds.push(kind);
            choices.push(*candidate);
        }
    }
    choices
}

/// One card of each class among `cards`: the cards that differ in play.
pub fn distinct_cards(cards: CardSet) -> Vec<Card> {
    let mut classes = Vec::new();
    let mut choices = Vec::new();
    for card in cards {
        if !classes.contains(&CardClass::of(card)) {
            classes.push(CardClass::of(card));
            choices.push(card);
        }
    }
    choices
}

/// The hand cards `played` may mean, or why there are none.
pub fn hand_cards(hand: CardSet, played: Token) -> Result<CardSet, String> {
    let cards = played.among(hand);
    if !cards.is_empty() {
        return Ok(cards);
    }
    Err(match played {
        Token::Card(card) => IllegalMove::CardNotInHand(card).to_string(),
        Token::Rank(rank) => format!("there is no {rank} in your hand"),
    })
}

/// Why no legal move matches `played` taking `taken`: the core's reason for the move the
/// tokens name most plainly (each rank its lowest card not yet used).
pub fn explain(
    style: &Style,
    hand: CardSet,
    table: CardSet,
    played: Token,
    taken: &[Token],
) -> String {
    let card = match hand_cards(hand, played).map(CardSet::first) {
        Ok(Some(card)) => card,
        Ok(None) => return hand_cards(CardSet::EMPTY, played).err().unwrap_or_default(),
        Err(reason) => return reason,
    };
    let mut capture = CardSet::EMPTY;
    for token in taken {
        match token {
            Token::Card(card) => capture = capture.with(*card),
            Token::Rank(rank) => match (table.rank_cards(*rank) - capture).first() {
                Some(card) => capture = capture.with(card),
                None if table.rank_count(*rank) > 0 => {
                    return format!("there is no other {rank} on the table")
                }
                None => return format!("there is no {rank} on the table"),
            },
        }
    }
    match check_capture(table, card, capture) {
        Err(reason) => format!(
            "{} is illegal: {reason}",
            style.compact(Move::new(card, capture))
        ),
        // Cannot happen: this move would have matched.
        Ok(()) => "no legal move matches".to_string(),
    }
}

#[cfg(test)]
mod tests {
    use tablic_core::for_each_move;

    use super::*;

    fn set(text: &str) -> CardSet {
        text.parse().unwrap()
    }

    fn card(text: &str) -> Card {
        text.parse().unwrap()
    }

    fn legal(hand: &str, table: &str) -> Vec<Move> {
        let mut moves = Vec::new();
        for_each_move(set(hand), set(table), |legal| moves.push(legal));
        moves
    }

    #[test]
    fn lines_read_as_commands_and_cards() {
        assert_eq!(parse_line("  HELP "), Ok(Command::Help));
        assert_eq!(parse_line(""), Ok(Command::Blank));
        assert_eq!(parse_line("Auto"), Ok(Command::Auto));
        assert_eq!(
            parse_line("tref 2"),
            Ok(Command::Cards(vec![Token::Card(card("2C"))], End::Open))
        );
        assert_eq!(
            parse_line("karo 10 3, 4h auto"),
            Ok(Command::Cards(
                vec![
                    Token::Card(card("10D")),
                    Token::Rank(Rank::Three),
                    Token::Card(card("4H"))
                ],
                End::Auto
            ))
        );
        assert_eq!(
            parse_line("q -"),
            Ok(Command::Cards(vec![Token::Rank(Rank::Queen)], End::Dash))
        );
        assert_eq!(
            parse_line("10♦ a"),
            Ok(Command::Cards(
                vec![Token::Card(card("10D")), Token::Rank(Rank::Ace)],
                End::Open
            ))
        );
        assert!(parse_line("7S 7S")
            .unwrap_err()
            .contains("7S appears twice"));
        assert_eq!(
            parse_line("7 hlep"),
            Err("\"hlep\" is not a card (7, 7S, pik 7) or a command (help lists them)".into())
        );
    }

    #[test]
    fn ranks_match_the_only_cards_that_fit() {
        let moves = legal("7S 9D", "3H 3S 4D KC");
        let found = matching(
            &moves,
            Token::Rank(Rank::Seven),
            &parse_tokens("3 4").unwrap(),
        );
        assert_eq!(found.len(), 2, "{found:?}");
        // 3♥ or 3♠: the same in play, so one choice.
        assert_eq!(
            distinct_choices(&found),
            [Move::new(card("7S"), set("3H 4D"))]
        );
        let exact = matching(
            &moves,
            Token::Card(card("7S")),
            &parse_tokens("3S 4D").unwrap(),
        );
        assert_eq!(exact, [Move::new(card("7S"), set("3S 4D"))]);
        assert!(matching(
            &moves,
            Token::Rank(Rank::Seven),
            &parse_tokens("4").unwrap()
        )
        .is_empty());
    }

    #[test]
    fn classes_worth_more_points_stay_apart() {
        let moves = legal("10D 10S", "4C 6H");
        let found = matching(
            &moves,
            Token::Rank(Rank::Ten),
            &parse_tokens("4 6").unwrap(),
        );
        assert_eq!(
            distinct_choices(&found),
            [
                Move::new(card("10D"), set("4C 6H")),
                Move::new(card("10S"), set("4C 6H"))
            ]
        );
        assert_eq!(
            distinct_cards(set("10D 10S 10H")),
            [card("10D"), card("10H")]
        );
    }

    #[test]
    fn auto_completes_with_the_greedy_capture() {
        let table = set("3H 4D 2C 5S 7C");
        let moves = legal("7S KD", "3H 4D 2C 5S 7C");
        let best = greedy_completion(table, &moves, Some(Token::Rank(Rank::Seven)), &[]);
        assert_eq!(best, Some(Move::new(card("7S"), set("3H 4D 2C 5S 7C"))));
        let with_3 = greedy_completion(
            table,
            &moves,
            Some(Token::Rank(Rank::Seven)),
            &[Token::Card(card("3H"))],
        );
        assert!(with_3.is_some_and(|found| found.capture.contains(card("3H"))));
    }

    #[test]
    fn explanations_come_from_the_core() {
        let (hand, table) = (set("7S 9D"), set("3H 3S 4D KC"));
        assert_eq!(
            explain(&Style::PLAIN, hand, table, Token::Card(card("8S")), &[]),
            "8S is not in the hand"
        );
        assert_eq!(
            explain(&Style::PLAIN, hand, table, Token::Rank(Rank::Eight), &[]),
            "there is no 8 in your hand"
        );
        assert_eq!(
            explain(
                &Style::PLAIN,
                hand,
                table,
                Token::Rank(Rank::Seven),
                &parse_tokens("3 3 4").unwrap()
            ),
            "7S 3H 3S 4D is illegal: the captured cards cannot be split into groups that each sum \
             to the played card"
        );
        assert_eq!(
            explain(
                &Style::PLAIN,
                hand,
                table,
                Token::Rank(Rank::Seven),
                &parse_tokens("5").unwrap()
            ),
            "there is no 5 on the table"
        );
        assert_eq!(
            explain(
                &Style::PLAIN,
                hand,
                table,
                Token::Rank(Rank::Seven),
                &parse_tokens("4 4").unwrap()
            ),
            "there is no other 4 on the table"
        );
        assert_eq!(
            explain(
                &Style::PLAIN,
                hand,
                table,
                Token::Rank(Rank::Nine),
                &parse_tokens("5H").unwrap()
            ),
            "9D 5H is illegal: not on the table: 5H"
        );
    }
}
