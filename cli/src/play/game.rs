//! One game at the terminal, in a series or a match: the bots and the person take turns
//! until the game ends or the person stops, and each move is shown as it happens.

use std::io::{BufRead, Write};

use tablic_core::bots::solver::Entry;
use tablic_core::bots::AnyBot;
use tablic_core::{CardSet, Game, Leftovers, Move, Played};

use super::console::{Console, Halt};
use super::display::{self, Style};
use super::person::{self, Hints, Interrupt, Undo};
use super::series::{bot_seed, Lineup, Player};
use super::sides::Sides;
use crate::output::wrap_words;

/// Where the game in play lives and its moves go: a game of its own, or a match's game
/// (which keeps the match's totals and record up to date with each move).
pub trait Host {
    /// The game in play.
    fn game(&self) -> &Game;

    /// Plays a move the rules allow (a refused move is a bug of the caller).
    fn play(&mut self, chosen: Move) -> Result<Played, Halt>;

    /// Takes the game back to its first `kept` moves (undo).
    fn rewind(&mut self, kept: usize) -> Result<(), Halt>;
}

impl Host for Game {
    fn game(&self) -> &Game {
        self
    }

    fn play(&mut self, chosen: Move) -> Result<Played, Halt> {
        Game::play(self, chosen).map_err(|error| Halt::Bug(format!("{chosen}: {error}")))
    }

    fn rewind(&mut self, kept: usize) -> Result<(), Halt> {
        *self = self.rewound(kept);
        Ok(())
    }
}

/// Who sits where in one game, and what the screen calls them.
pub struct Seating<'a> {
    lineup: &'a Lineup,
    by_seat: Vec<usize>,
    names: Vec<&'a str>,
}

impl<'a> Seating<'a> {
    /// `by_seat[s]` is the player (a `--players` index) in seat `s`.
    pub fn new(lineup: &'a Lineup, by_seat: Vec<usize>) -> Seating<'a> {
        let names = by_seat.iter().map(|&player| lineup.name(player)).collect();
        Seating {
            lineup,
            by_seat,
            names,
        }
    }

    /// The names by seat.
    pub fn names(&self) -> &[&'a str] {
        &self.names
    }

    /// The person's seat.
    pub fn person_seat(&self) -> usize {
        let person = self.lineup.person();
        (self.by_seat.iter().position(|&player| player == person)).expect("the person plays")
    }

    /// The player in `seat`.
    pub fn player_at(&self, seat: usize) -> usize {
        self.by_seat[seat]
    }

    /// The game's sides, by seat.
    pub fn sides(&self, game: &Game) -> Sides {
        Sides::new(&self.names, self.person_seat(), game.rules())
    }

    /// `Seats: 0 you, 1 pimc (seat 0 leads every deal).` after `heading`; with sides,
    /// `Seats: 0 you (leads every deal), 1 pimc, 2 minimax (partner), 3 greedy.` and a
    /// second line that says who plays with whom.
    pub fn seats_line(&self, heading: &str, game: &Game) -> String {
        let sides = self.sides(game);
        if sides.alone() {
            let seats: Vec<String> = (self.names.iter().enumerate())
                .map(|(seat, name)| format!("{seat} {name}"))
                .collect();
            let seats = seats.join(", ");
            return format!("{heading}Seats: {seats} (seat 0 leads every deal).");
        }
        let seats: Vec<String> = (self.names.iter().enumerate())
            .map(|(seat, name)| {
                let role = match seat {
                    0 => " (leads every deal)",
                    _ if sides.is_partner(seat) => " (partner)",
                    _ => "",
                };
                format!("{seat} {name}{role}")
            })
            .collect();
        let seats = seats.join(", ");
        let described: Vec<String> = (sides.person_first().into_iter())
            .map(|side| {
                let seats: Vec<String> = (sides.entries(side).iter())
                    .map(|seat| seat.to_string())
                    .collect();
                format!("{} (seats {})", sides.long(side), seats.join(", "))
            })
            .collect();
        format!(
            "{heading}Seats: {seats}.\nSides: {}.",
            described.join(" against ")
        )
    }
}

/// Says `text` in bold, each of its lines wrapped at the screen's width.
pub fn say_heading<R: BufRead, W: Write>(
    console: &mut Console<R, W>,
    text: &str,
) -> Result<(), Halt> {
    let style = console.style;
    for line in text.lines() {
        for wrapped in wrap_words(line, "", "", display::WIDTH).lines() {
            console.say(&style.bold(wrapped))?;
        }
    }
    Ok(())
}

/// How a game ended.
pub enum GameEnd {
    Finished,
    /// The person stopped (quit or end of input).
    Stopped(Halt),
}

/// Plays the game in `host` from where it stands to its end or to a stop: the bots (each
/// with its own memory, seeded from `deal_seed`) and the person take turns.
pub fn play<R: BufRead, W: Write>(
    console: &mut Console<R, W>,
    host: &mut impl Host,
    seating: &Seating<'_>,
    hints: &mut Hints,
    undo: Undo,
    deal_seed: u64,
) -> Result<GameEnd, Halt> {
    let lineup = seating.lineup;
    let style = console.style;
    hints.set_deal(deal_seed);
    let mut memories: Vec<Vec<Entry>> = lineup
        .players()
        .iter()
        .map(|player| match player {
            Player::Bot(spec) => vec![Entry::EMPTY; spec.memory_entries()],
            Player::Person => Vec::new(),
        })
        .collect();
    let mut bots: Vec<Option<AnyBot<'_>>> = lineup
        .players()
        .iter()
        .zip(memories.iter_mut())
        .enumerate()
        .map(|(player, (kind, memory))| match kind {
            Player::Bot(spec) => Some(spec.build(bot_seed(deal_seed, player), memory)),
            Player::Person => None,
        })
        .collect();

    let person_leads = seating.person_seat() == 0;
    let names = seating.names();
    let moves = host.game().history().len();
    if moves == 0 {
        console.say(&deal_line(host.game(), &style, person_leads))?;
    } else if !host.game().is_finished() {
        let game = host.game();
        let resumed = format!(
            "Resumed after {}, in deal {} of {}.",
            display::count(moves as u32, "move", "moves"),
            game.deals_dealt(),
            game.players().deals()
        );
        console.say(&resumed)?;
    }
    while let Some(seat) = host.game().to_move() {
        let player = seating.player_at(seat);
        let chosen = match &mut bots[player] {
            Some(bot) => bot.choose(host.game()).expect("the game is not over"),
            None => match person::choose(console, host.game(), names, hints, undo) {
                Ok(chosen) => chosen,
                Err(Interrupt::Undo(kept)) => {
                    take_back(console, host, kept, names)?;
                    continue;
                }
                Err(Interrupt::Halt(halt @ (Halt::Io(_) | Halt::Bug(_)))) => return Err(halt),
                Err(Interrupt::Halt(halt)) => return Ok(GameEnd::Stopped(halt)),
            },
        };
        let table_before = host.game().table();
        let played = host.play(chosen).map_err(|halt| match halt {
            Halt::Bug(error) => {
                Halt::Bug(format!("{} chose an illegal move: {error}", names[seat]))
            }
            other => other,
        })?;
        let person = player == lineup.person();
        console.say(&display::move_line(
            &style,
            names[seat],
            person,
            chosen,
            played.tabla,
        ))?;
        if played.finished {
            let left = if chosen.capture.is_empty() {
                table_before.with(chosen.card)
            } else {
                table_before - chosen.capture
            };
            last_cards(console, host.game(), left, seating)?;
        } else if played.new_deal {
            console.say(&deal_line(host.game(), &style, person_leads))?;
        }
    }
    Ok(GameEnd::Finished)
}

/// Takes the game back to its first `kept` moves (its record then holds only the moves
/// that stand), and says which moves went.
fn take_back<R: BufRead, W: Write>(
    console: &mut Console<R, W>,
    host: &mut impl Host,
    kept: usize,
    names_by_seat: &[&str],
) -> Result<(), Halt> {
    let style = console.style;
    let game = host.game();
    let Some(view) = game.current_view() else {
        return Err(Halt::Bug("undo after the end of the game".to_string()));
    };
    let mut undone: Vec<String> = view
        .history_backwards()
        .take(game.history().len() - kept)
        .map(|past| {
            let whose = if past.seat == view.seat() {
                "your".to_string()
            } else {
                format!("{}'s", names_by_seat[past.seat])
            };
            format!("{whose} {}", style.compact(past.played))
        })
        .collect();
    undone.reverse();
    host.rewind(kept)?;
    console.say(&format!("Taken back: {}.", undone.join(", ")))?;
    Ok(())
}

/// Who got the cards left on the table at the end (`left`), as the rules in force gave
/// them.
fn last_cards<R: BufRead, W: Write>(
    console: &mut Console<R, W>,
    game: &Game,
    left: CardSet,
    seating: &Seating<'_>,
) -> Result<(), Halt> {
    if left.is_empty() {
        return Ok(());
    }
    let style = console.style;
    let cards = style.cards(left);
    let taker = game.leftovers_taker();
    let last_player = game.rules().leftovers == Leftovers::LastPlayer;
    let line = match taker {
        Some(seat) if seat == seating.person_seat() && last_player => {
            format!("You played the last card and take the cards left on the table: {cards}.")
        }
        Some(seat) if seat == seating.person_seat() => {
            format!("You take the cards left on the table: {cards}.")
        }
        Some(seat) if last_player => format!(
            "{} played the last card and takes the cards left on the table: {cards}.",
            seating.names[seat]
        ),
        Some(seat) => format!(
            "{} takes the cards left on the table: {cards}.",
            seating.names[seat]
        ),
        None => format!("Nobody captured, so the cards left on the table go to nobody: {cards}."),
    };
    console.say(&line).map_err(Halt::from)
}

/// The result of a finished game: each seat's score (its share, with sides), each side's
/// with sides, and who won.
pub fn show_result<R: BufRead, W: Write>(
    console: &mut Console<R, W>,
    game: &Game,
    seating: &Seating<'_>,
) -> Result<(), Halt> {
    let style = console.style;
    let result = game.result().expect("the game is over");
    console.say("")?;
    console.show(&display::result_table(&result, seating.names()))?;
    let sides = seating.sides(game);
    if !sides.alone() {
        console.show(&display::side_table(&result, &sides))?;
    }
    let leaders: Vec<usize> = (0..result.side_count())
        .filter(|side| result.leaders() & 1 << side != 0)
        .collect();
    let best = result.side_total(leaders[0]);
    console.say(&style.bold(&sides.winner_line(&leaders, best)))?;
    Ok(())
}

/// `End of input after 7 moves of game 2. Score so far (no +3 until the end):` and each
/// seat's score so far (and each side's, with sides).
pub fn show_stop<R: BufRead, W: Write>(
    console: &mut Console<R, W>,
    game: &Game,
    seating: &Seating<'_>,
    halt: &Halt,
    of_game: &str,
) -> Result<(), Halt> {
    let moves = game.history().len();
    let why = match halt {
        Halt::Eof => "End of input",
        _ => "Stopped",
    };
    console.say(&format!(
        "{why} after {}{of_game}. Score so far (no +3 until the end):",
        display::count(moves as u32, "move", "moves")
    ))?;
    console.show(&display::progress_table(game, seating.names()))?;
    let sides = seating.sides(game);
    if !sides.alone() {
        let scores: Vec<String> = (0..sides.len())
            .map(|side| format!("{} {}", sides.short(side), game.side_points_so_far(side)))
            .collect();
        console.say(&format!("Sides so far: {}.", scores.join(", ")))?;
    }
    Ok(())
}

/// `Deal 2 of 4: 6 cards each, 24 left in the deck.`, and the table when the first to
/// move is a bot (the person's board shows it otherwise).
fn deal_line(game: &Game, style: &Style, person_leads: bool) -> String {
    let deals = game.players().deals();
    let mut line = format!(
        "{} {} cards each, {} left in the deck.",
        style.bold(&format!("Deal {} of {deals}:", game.deals_dealt())),
        game.hand(0).len(),
        game.undealt(),
    );
    if !person_leads {
        line.push_str(&format!(" Table: {}", style.cards(game.table())));
    }
    line
}
