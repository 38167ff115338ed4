//! The person's turn: the board, the prompt, and the dialogue that ends in a legal move
//! (or an undo, or a stop), with hints from the pimc bot.

use std::io::{self, BufRead, Write};
use std::ops::ControlFlow;

use tablic_core::analysis::{analyze_view, values_needed, AnalysisError, MoveTally};
use tablic_core::bots::solver::{Entry, CUT_CARD, CUT_POINT};
use tablic_core::bots::{GreedyKey, Horizon, PimcOptions, SOLVER_ENTRIES};
use tablic_core::capture::CaptureError;
use tablic_core::{Card, CardSet, Game, Move, PlayerView, MOST_CARDS_BONUS};

use super::console::{Console, Halt};
use super::display::{self, Style};
use super::input::{self, Command, End, Token};
use super::series::hint_seed;
use crate::analyze::{reach, with_error};
use crate::output;

/// Moves a hint lists.
const HINT_MOVES: usize = 3;

/// Why the person's turn ends without a move.
#[derive(Debug)]
pub enum Interrupt {
    /// `undo`: the game goes back to its first this many moves, before the person's last
    /// move that had an alternative.
    Undo(usize),
    /// The game stops.
    Halt(Halt),
}

impl From<Halt> for Interrupt {
    fn from(halt: Halt) -> Interrupt {
        Interrupt::Halt(halt)
    }
}

impl From<io::Error> for Interrupt {
    fn from(error: io::Error) -> Interrupt {
        Interrupt::Halt(Halt::Io(error))
    }
}

/// Whether `undo` may take moves back in this game.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Undo {
    /// A single game: casual play.
    Allowed,
    /// A series (`--games`) or a match (`--to`), whose totals compare the players: every
    /// move stands. The reason is what the person is told.
    Off(&'static str),
}

/// What the person's turn needs besides the console: the game, the names by seat, the
/// hint bot's memory, and whether undo is allowed.
pub struct Turn<'a> {
    game: &'a Game,
    view: PlayerView<'a>,
    names_by_seat: &'a [&'a str],
    legal: Vec<Move>,
    hints: &'a mut Hints,
    undo: Undo,
}

/// The analysis' memory, kept between hints, and the seed of the deal.
pub struct Hints {
    memory: Vec<Entry>,
    values: Vec<i32>,
    deal_seed: u64,
}

impl Hints {
    pub fn new() -> Hints {
        Hints {
            memory: vec![Entry::EMPTY; SOLVER_ENTRIES],
            values: Vec::new(),
            deal_seed: 0,
        }
    }

    /// Hints for the game dealt from `deal_seed` (each hint's sampling derives from it).
    pub fn set_deal(&mut self, deal_seed: u64) {
        self.deal_seed = deal_seed;
    }

    /// The best moves for the seat to move by the analysis of its view (the pimc bot's
    /// worlds, every move solved in each), with their mean margins ± standard errors, and
    /// what those numbers mean.
    fn text(&mut self, style: &Style, view: &PlayerView<'_>, names_by_seat: &[&str]) -> String {
        // Two legal moves are enough to know there is a choice.
        let mut legal = Vec::new();
        let _ = view.try_for_each_legal_move(|played| {
            legal.push(played);
            if legal.len() < 2 {
                ControlFlow::Continue(())
            } else {
                ControlFlow::Break(())
            }
        });
        match legal[..] {
            [] => return "No move to hint.".to_string(),
            [only] => return format!("Hint: {} is your only move.", style.compact(only)),
            _ => {}
        }
        let seed = hint_seed(self.deal_seed, view.history().len());
        let options = PimcOptions::default();
        self.values.resize(values_needed(view, &options), 0);
        let analysis = match analyze_view(view, &options, seed, &mut self.memory, &mut self.values)
        {
            Ok(analysis) => analysis,
            Err(AnalysisError::OutOfBudget { .. }) => {
                return "No hint: no sampled deal was solved within the node budget.".to_string()
            }
            Err(error) => return display::sentence(&format!("no hint: {error}")),
        };
        // Moves alike up to suits (8♦ or 8♠ taking the same cards) are listed once.
        let moves: Vec<Move> = analysis
            .moves()
            .iter()
            .map(|tally| tally.played())
            .collect();
        let distinct = input::distinct_choices(&moves);
        let listed: Vec<&MoveTally> = (analysis.moves().iter())
            .filter(|tally| distinct.contains(&tally.played()))
            .collect();
        let horizon = reach(analysis.horizon());
        let alone = view.rules().is_everyone_alone();
        let others: Vec<&str> = (0..names_by_seat.len())
            .filter(|&seat| !view.is_on_my_side(seat))
            .map(|seat| names_by_seat[seat])
            .collect();
        let exact = analysis.is_exact();
        let mut text = format!("Hint: play {}.\n", style.compact(listed[0].played()));
        if exact {
            text.push_str(&format!("Margin in points {horizon}, exact:\n"));
        } else {
            text.push_str(&format!(
                "Mean margin in points {horizon} ± standard error ({}):\n",
                display::count(analysis.worlds(), "sampled deal", "sampled deals")
            ));
        }
        let width = (listed.iter().take(HINT_MOVES))
            .map(|tally| Style::PLAIN.compact(tally.played()).len())
            .max()
            .unwrap_or(0);
        for tally in listed.iter().take(HINT_MOVES) {
            let pad = width - Style::PLAIN.compact(tally.played()).len();
            let margin = format!("{:+.2}", tally.mean_margin());
            let error = tally.margin_error_variance().map(f64::sqrt);
            text.push_str(&format!(
                "  {}{}  {}\n",
                style.compact(tally.played()),
                " ".repeat(pad),
                with_error(margin, error)
            ));
        }
        if listed.len() > HINT_MOVES {
            let more = listed.len() - HINT_MOVES;
            let moves = if more == 1 { "move" } else { "moves" };
            text.push_str(&format!("  ({more} more {moves})\n"));
        }
        let sides = view.side_count();
        let legend = legend(
            analysis.horizon(),
            exact,
            &others,
            (!alone).then_some(sides),
        );
        text.push_str(&output::wrap_words(&legend, "", "", display::WIDTH));
        text.pop();
        text
    }
}

/// The person's move for the seat to move in `game`, or why there is none.
pub fn choose<R: BufRead, W: Write>(
    console: &mut Console<R, W>,
    game: &Game,
    names_by_seat: &[&str],
    hints: &mut Hints,
    undo: Undo,
) -> Result<Move, Interrupt> {
    let view = game.current_view().expect("the person is to move");
    let mut legal = Vec::new();
    game.for_each_legal_move(|played| legal.push(played));
    let mut turn = Turn {
        game,
        view,
        names_by_seat,
        legal,
        hints,
        undo,
    };
    turn.run(console)
}

/// The moves `game` keeps when `seat` takes back its last move that had an alternative,
/// with every move after it (a forced move, an only card that can take nothing, would
/// only be played again); `None` when the seat has made no such move.
fn moves_kept_by_undo(game: &Game, seat: usize) -> Option<usize> {
    let view = game.view(seat)?;
    let played = game.history().len();
    view.history_backwards()
        .enumerate()
        .filter(|(_, past)| past.seat == seat)
        .map(|(back, _)| played - 1 - back)
        .find(|&kept| {
            let mut moves = 0;
            let _ = game.rewound(kept).try_for_each_legal_move(|_| {
                moves += 1;
                if moves > 1 {
                    ControlFlow::Break(())
                } else {
                    ControlFlow::Continue(())
                }
            });
            moves > 1
        })
}

impl Turn<'_> {
    fn hand(&self) -> CardSet {
        self.view.hand()
    }

    fn table(&self) -> CardSet {
        self.view.table()
    }

    fn board(&self, style: &Style) -> String {
        display::board(style, &self.view, self.names_by_seat)
    }

    /// The captures `card` may take (∅ first).
    fn captures_of(&self, card: Card) -> Vec<CardSet> {
        self.legal
            .iter()
            .filter(|played| played.card == card)
            .map(|played| played.capture)
            .collect()
    }

    fn run<R: BufRead, W: Write>(
        &mut self,
        console: &mut Console<R, W>,
    ) -> Result<Move, Interrupt> {
        let style = console.style;
        console.say("")?;
        console.show(&self.board(&style))?;
        if let [only] = self.legal[..] {
            console.say(&format!(
                "{} is your only card, and it can take nothing.",
                style.card(only.card)
            ))?;
            return Ok(only);
        }
        if let Some(last) = self.hand().first().filter(|_| self.hand().len() == 1) {
            console.say(&format!("Your last card is {}.", style.card(last)))?;
            loop {
                if let Some(chosen) = self.capture_dialogue(console, Token::Card(last))? {
                    return Ok(chosen);
                }
            }
        }
        loop {
            let line = console.ask("Your move>")?;
            let command = match input::parse_line(&line) {
                Ok(command) => command,
                Err(reason) => {
                    complain(console, &reason)?;
                    continue;
                }
            };
            let chosen = match command {
                Command::Blank => None,
                Command::Cards(tokens, end) => self.cards(console, &tokens, end)?,
                Command::Auto => input::greedy_completion(self.table(), &self.legal, None, &[]),
                other => {
                    self.common(
                        console,
                        other,
                        "Name a card first (help lists the commands).",
                    )?;
                    None
                }
            };
            if let Some(chosen) = chosen {
                return Ok(chosen);
            }
        }
    }

    /// The commands every prompt knows: help, hint, show, undo, quit (and `back` where
    /// there is nothing to go back to, answered with `stuck`).
    fn common<R: BufRead, W: Write>(
        &mut self,
        console: &mut Console<R, W>,
        command: Command,
        stuck: &str,
    ) -> Result<(), Interrupt> {
        let style = console.style;
        match command {
            Command::Help => console.say(&input::help(&style, self.view.rules()))?,
            Command::Hint => {
                let hint = self.hints.text(&style, &self.view, self.names_by_seat);
                console.say(&hint)?;
            }
            Command::Show => console.show(&self.board(&style))?,
            Command::Undo => {
                if let Undo::Off(why) = self.undo {
                    console.say(why)?;
                } else if let Some(kept) = moves_kept_by_undo(self.game, self.view.seat()) {
                    return Err(Interrupt::Undo(kept));
                } else {
                    console.say("Nothing to undo: you have not chosen a move in this game.")?;
                }
            }
            Command::Quit => return Err(Halt::Quit.into()),
            _ => console.say(stuck)?,
        }
        Ok(())
    }

    /// A line of cards at the move prompt: a move, or `None` to ask again.
    fn cards<R: BufRead, W: Write>(
        &mut self,
        console: &mut Console<R, W>,
        tokens: &[Token],
        end: End,
    ) -> Result<Option<Move>, Interrupt> {
        let Some((&played, taken)) = tokens.split_first() else {
            return Ok(None);
        };
        let (hand, table) = (self.hand(), self.table());
        match end {
            End::Open if taken.is_empty() => self.capture_dialogue(console, played),
            End::Auto => {
                let best = input::greedy_completion(table, &self.legal, Some(played), taken);
                if best.is_none() {
                    let reason = match input::hand_cards(hand, played) {
                        Err(reason) => reason,
                        Ok(_) if taken.iter().any(|token| token.among(table).is_empty()) => {
                            input::explain(&console.style, hand, table, played, taken)
                        }
                        Ok(cards) => format!(
                            "no capture of {} includes {}",
                            console.style.card(cards.first().expect("in hand")),
                            tokens_text(taken)
                        ),
                    };
                    complain(console, &reason)?;
                }
                Ok(best)
            }
            End::Open | End::Dash => {
                let found = input::matching(&self.legal, played, taken);
                let choices = input::distinct_choices(&found);
                match choices[..] {
                    [] => {
                        let reason = input::explain(&console.style, hand, table, played, taken);
                        complain(console, &reason)?;
                        Ok(None)
                    }
                    [one] => Ok(Some(one)),
                    _ => {
                        let style = console.style;
                        let labels: Vec<String> = choices
                            .iter()
                            .map(|choice| {
                                let points = choice.capture.with(choice.card).points();
                                if choice.capture.is_empty() {
                                    style.compact(*choice)
                                } else {
                                    format!(
                                        "{} ({})",
                                        style.compact(*choice),
                                        display::count(points, "point", "points")
                                    )
                                }
                            })
                            .collect();
                        let picked = self.pick(console, "Which move?", &labels)?;
                        Ok(picked.map(|index| choices[index]))
                    }
                }
            }
        }
    }

    /// The original's dialogue: the card is chosen; now the cards it takes, one a line, a
    /// blank line to end, `auto` for the greedy capture.
    fn capture_dialogue<R: BufRead, W: Write>(
        &mut self,
        console: &mut Console<R, W>,
        played: Token,
    ) -> Result<Option<Move>, Interrupt> {
        let style = console.style;
        let cards = match input::hand_cards(self.hand(), played) {
            Ok(cards) => cards,
            Err(reason) => {
                complain(console, &reason)?;
                return Ok(None);
            }
        };
        let card = match self.pick_card(console, cards)? {
            Some(card) => card,
            None => return Ok(None),
        };
        let captures = self.captures_of(card);
        if captures.len() == 1 {
            // A rank typed by mistake must not cost a card: one more Enter plays it.
            let note = format!(
                "{} can take nothing: Enter plays it onto the table, back chooses another \
                 card (next time, {} - plays it at once).",
                style.card(card),
                tokens_text(&[played])
            );
            console.show(&output::wrap_words(&note, "", "", display::WIDTH))?;
        }
        let mut taken = CardSet::EMPTY;
        loop {
            let prompt = if taken.is_empty() {
                format!("{} takes>", style.card(card))
            } else {
                format!("{} takes {}>", style.card(card), style.cards(taken))
            };
            let line = console.ask(&prompt)?;
            let command = match input::parse_line(&line) {
                Ok(command) => command,
                Err(reason) => {
                    complain(console, &reason)?;
                    continue;
                }
            };
            let (tokens, end) = match command {
                Command::Blank => (Vec::new(), End::Dash),
                Command::Auto => (Vec::new(), End::Auto),
                Command::Back => return Ok(None),
                Command::Cards(tokens, end) => (tokens, end),
                Command::Help => {
                    console.say(&format!(
                        "Name the table cards {} takes, one a line (a rank is enough when it \
                         is clear); a blank line ends, auto completes with the greedy \
                         capture, back chooses another card.",
                        style.card(card)
                    ))?;
                    continue;
                }
                other => {
                    self.common(console, other, "")?;
                    continue;
                }
            };
            let mut complete = true;
            for token in tokens {
                match self.table_card(console, token, taken)? {
                    Some(more) if captures.iter().any(|c| taken.with(more).is_subset(*c)) => {
                        taken = taken.with(more);
                    }
                    Some(more) => {
                        console.say(&format!(
                            "No capture of {} includes {}: {} left out.",
                            style.card(card),
                            style.cards(taken.with(more)),
                            style.card(more)
                        ))?;
                        complete = false;
                        break;
                    }
                    None => {
                        complete = false;
                        break;
                    }
                }
            }
            if !complete {
                continue;
            }
            match end {
                End::Open => {}
                End::Dash => {
                    let chosen = Move::new(card, taken);
                    match self.game.check(chosen) {
                        Ok(()) => return Ok(Some(chosen)),
                        Err(reason) => console.say(&format!(
                            "{} is illegal: {reason}.\nName more cards, or back.",
                            style.compact(chosen)
                        ))?,
                    }
                }
                End::Auto => {
                    let best = captures
                        .iter()
                        .filter(|capture| taken.is_subset(**capture))
                        .max_by_key(|capture| GreedyKey::new(self.table(), card, **capture));
                    return Ok(best.map(|capture| Move::new(card, *capture)));
                }
            }
        }
    }

    /// The table card `token` names, not among `taken`; asks which when cards of the rank
    /// differ in points. `None` (after saying why) when there is none.
    fn table_card<R: BufRead, W: Write>(
        &mut self,
        console: &mut Console<R, W>,
        token: Token,
        taken: CardSet,
    ) -> Result<Option<Card>, Interrupt> {
        let table = self.table();
        let free = token.among(table) - taken;
        if free.is_empty() {
            let reason = match token {
                Token::Card(card) if taken.contains(card) => format!("{card} is already taken"),
                Token::Card(card) => CaptureError::NotOnTable(CardSet::single(card)).to_string(),
                Token::Rank(rank) if table.rank_count(rank) > 0 => {
                    format!("there is no other {rank} on the table")
                }
                Token::Rank(rank) => format!("there is no {rank} on the table"),
            };
            complain(console, &reason)?;
            return Ok(None);
        }
        self.pick_card(console, free)
    }

    /// One of `cards` (all of one rank): the first when they are alike in play, else the
    /// person's choice.
    fn pick_card<R: BufRead, W: Write>(
        &mut self,
        console: &mut Console<R, W>,
        cards: CardSet,
    ) -> Result<Option<Card>, Interrupt> {
        let options = input::distinct_cards(cards);
        if let [only] = options[..] {
            return Ok(Some(only));
        }
        let style = console.style;
        let labels: Vec<String> = options
            .iter()
            .map(|card| {
                let points = card.points() as u32;
                format!(
                    "{} ({})",
                    style.card(*card),
                    display::count(points, "point", "points")
                )
            })
            .collect();
        let rank = options[0].rank();
        let picked = self.pick(console, &format!("Which {rank}?"), &labels)?;
        Ok(picked.map(|index| options[index]))
    }

    /// Asks for one of `labels` by number; `None` for `back`.
    fn pick<R: BufRead, W: Write>(
        &mut self,
        console: &mut Console<R, W>,
        question: &str,
        labels: &[String],
    ) -> Result<Option<usize>, Interrupt> {
        let list: Vec<String> = labels
            .iter()
            .enumerate()
            .map(|(index, label)| format!("{}) {label}", index + 1))
            .collect();
        console.say(&format!("{question} {}", list.join("  ")))?;
        let prompt = format!("Choose 1-{}>", labels.len());
        loop {
            let line = console.ask(&prompt)?;
            if let Ok(number) = line.trim().parse::<usize>() {
                if (1..=labels.len()).contains(&number) {
                    return Ok(Some(number - 1));
                }
            }
            match input::parse_line(&line) {
                Ok(Command::Back) => return Ok(None),
                Ok(Command::Quit) => return Err(Halt::Quit.into()),
                Ok(Command::Blank) => {}
                _ => console.say(&format!(
                    "Type a number from 1 to {}, or back. {}",
                    labels.len(),
                    list.join("  ")
                ))?,
            }
        }
    }
}

/// What a hint's numbers mean: the margin at `horizon` against `others`, or against the
/// other sides of a game of `sides` sides, and how the hidden cards were dealt (`exact`:
/// they can lie one way only).
fn legend(horizon: Horizon, exact: bool, others: &[&str], sides: Option<usize>) -> String {
    let them = match (sides, others) {
        (Some(2), _) => "the other side's".to_string(),
        (Some(_), _) => "the other sides' mean".to_string(),
        (None, [one]) => format!("{one}'s"),
        (None, _) => "the others' mean".to_string(),
    };
    let (whose, pile) = match sides {
        Some(_) => ("your side's", "your side's piles hold"),
        None => ("your", "your pile holds"),
    };
    let when = match horizon {
        Horizon::GameEnd => "when the game ends".to_string(),
        Horizon::DealEnd => "when this deal ends".to_string(),
        Horizon::LearnedDealEnd => {
            "at the game's end, as the learned evaluation expects it after this deal".to_string()
        }
        Horizon::Moves(moves) => format!("after {moves} more moves"),
    };
    let mut legend = format!("Margin: {whose} points and tablas minus {them} {when}");
    if horizon == Horizon::GameEnd || horizon == Horizon::LearnedDealEnd {
        legend.push_str(&format!(
            ", with the +{MOST_CARDS_BONUS} for the most cards."
        ));
    } else {
        legend.push_str(&format!(
            "; each card {pile} beyond {them} counts {CUT_CARD}/{CUT_POINT} point \
             (toward the +{MOST_CARDS_BONUS} for the most cards)."
        ));
    }
    if exact {
        legend.push_str(&format!(
            " Exact: the cards you have not seen are {them} hand."
        ));
    } else {
        legend.push_str(
            " Sampled deals: ways the cards you have not seen may lie, given what you have \
             seen, each played out with every hand known for every move.",
        );
    }
    legend
}

/// Says what went wrong, as a sentence.
fn complain<R: BufRead, W: Write>(
    console: &mut Console<R, W>,
    reason: &str,
) -> std::io::Result<()> {
    console.say(&display::sentence(reason))
}

/// Tokens as the person wrote them, in the core's notation: `3 4H`.
fn tokens_text(tokens: &[Token]) -> String {
    tokens
        .iter()
        .map(|token| match token {
            Token::Card(card) => card.to_string(),
            Token::Rank(rank) => rank.to_string(),
        })
        .collect::<Vec<_>>()
        .join(" ")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_hint_in_sides_counts_the_side_against_the_other_sides() {
        let alone = legend(Horizon::GameEnd, true, &["pimc"], None);
        assert!(alone.starts_with("Margin: your points and tablas minus pimc's when"));
        let pairs = legend(Horizon::GameEnd, true, &["pimc", "greedy"], Some(2));
        assert!(
            pairs.starts_with("Margin: your side's points and tablas minus the other side's when"),
            "{pairs}"
        );
        let threes = legend(Horizon::DealEnd, false, &["a", "b", "c", "d"], Some(3));
        assert!(threes.contains("minus the other sides' mean"), "{threes}");
        assert!(
            threes.contains("each card your side's piles hold beyond"),
            "{threes}"
        );
    }
}
