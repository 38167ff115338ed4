//! `tablic replay`: checks a game record through the core and prints the game move by move.

use std::io::Write;
use std::process::ExitCode;

use clap::Args;
use tablic_core::game::record::{RecordError, HEADER};
use tablic_core::{DeckOrigin, Game, Leftovers};

use crate::error::Failure;
use crate::output;
use crate::record_file::{display_name, read_text, Recorded};
use crate::rules_flags::describe as describe_rules;

/// Check a game record and print the game move by move.
///
/// Every move is replayed through the rules (Game::from_record), so a record that prints is
/// a legal game. The output names each seat (from the record's `name` lines, which `play
/// --save`, `match --save-records` and `tournament --save-records` write), shows every
/// deal's hands, every move with its capture and tablas, where the last cards went, and the
/// result. A record that stops early (a forfeit) ends with its `# forfeit: …` comment.
#[derive(Args, Debug)]
#[command(after_help = REPLAY_AFTER_HELP)]
pub struct ReplayArgs {
    /// The record file (`-`: standard input). It may hold several records one after the
    /// other, each starting with its `tablic-record 1` line.
    #[arg(value_name = "FILE")]
    file: String,
}

const REPLAY_AFTER_HELP: &str = "\
A bad file (unreadable, not a record, an illegal move, a wrong result) prints one \
`error: FILE: line N: …` line on stderr and exits with status 2.

Example:
  tablic match --players greedy,random --games 2 --save-records games
  tablic replay games/g000000-r0.txt";

/// Runs `tablic replay`.
pub fn run(args: &ReplayArgs) -> Result<ExitCode, Failure> {
    let name = display_name(&args.file);
    let text = read_text(&args.file)?;
    let records = split_records(&text);
    if records.is_empty() {
        return Err(Failure::Usage(format!(
            "{name}: no record (a record starts with {HEADER:?})"
        )));
    }
    let mut games = Vec::new();
    for (offset, record) in &records {
        let (game, names) = Game::from_record_with_names(record).map_err(|error| {
            let error = RecordError {
                line: if error.line > 0 {
                    error.line + offset
                } else {
                    0
                },
                kind: error.kind,
            };
            Failure::Usage(format!("{name}: {error}"))
        })?;
        games.push(Recorded::new(game, &names));
    }
    let mut out = output::stdout();
    for (index, ((_, record), game)) in records.iter().zip(&games).enumerate() {
        if index > 0 {
            writeln!(out)?;
        }
        write!(out, "{}", describe(record, game))?;
    }
    out.flush()?;
    Ok(ExitCode::SUCCESS)
}

/// The records of a file, each with the number of lines before it. Lines before the first
/// header belong to the first record (so a file without a header is one bad record).
fn split_records(text: &str) -> Vec<(usize, String)> {
    let mut records: Vec<(usize, String)> = Vec::new();
    for (index, line) in text.lines().enumerate() {
        let header = line.split_whitespace().eq(HEADER.split_whitespace());
        match records.last_mut() {
            Some((_, record)) if !header || record.lines().all(|l| !is_header(l)) => {
                record.push_str(line);
                record.push('\n');
            }
            _ => records.push((index, format!("{line}\n"))),
        }
    }
    records.retain(|(_, record)| {
        record
            .lines()
            .any(|line| !line.trim().is_empty() && !line.trim().starts_with('#'))
    });
    records
}

fn is_header(line: &str) -> bool {
    line.split_whitespace().eq(HEADER.split_whitespace())
}

/// The value of every `# key: value` comment with this key, in order.
fn comments<'a>(record: &'a str, key: &'a str) -> impl Iterator<Item = &'a str> + 'a {
    record.lines().filter_map(move |line| {
        let comment = line.trim().strip_prefix('#')?.trim();
        comment.strip_prefix(key)?.strip_prefix(':').map(str::trim)
    })
}

/// The game, told move by move; `record` is its text, for the comments.
fn describe(record: &str, recorded: &Recorded) -> String {
    let played = &recorded.game;
    let n = played.players().get();
    let names: Vec<String> = (0..n).map(|seat| recorded.label(seat)).collect();
    let mut text = String::new();
    let mut say = |line: String| {
        text.push_str(&line);
        text.push('\n');
    };
    let first_comment = record.lines().find_map(|line| {
        let comment = line.trim().strip_prefix('#')?.trim();
        (!comment.starts_with("forfeit:")).then(|| comment.to_string())
    });
    if let Some(about) = first_comment {
        say(format!("game: {about}"));
    }
    let origin = match played.origin() {
        DeckOrigin::Seed(seed) => format!("seed {seed}"),
        DeckOrigin::Given => "a given deck".to_string(),
        DeckOrigin::Position => format!("from a position after {} moves", played.opening_plies()),
    };
    let rules = match describe_rules(played.rules()).as_str() {
        "" => String::new(),
        described => format!(", {described}"),
    };
    say(format!("{n} players, {origin}{rules}"));

    let mut game = played.rewound(0);
    say(format!("table: {}", game.table()));
    let mut deal = game.deals_dealt();
    let show_deal = |game: &Game, deal: usize, say: &mut dyn FnMut(String)| {
        say(format!("deal {deal}"));
        for (seat, name) in names.iter().enumerate() {
            say(format!("  {name} holds {}", game.hand(seat)));
        }
    };
    show_deal(&game, deal, &mut say);
    let mut left_over = None;
    for (number, &chosen) in played.history().iter().enumerate() {
        let before = game.table();
        let Ok(effect) = game.play(chosen) else {
            break;
        };
        if effect.finished {
            left_over = Some(if chosen.capture.is_empty() {
                before.with(chosen.card)
            } else {
                before - chosen.capture
            });
        }
        let name = &names[effect.seat];
        let what = if chosen.capture.is_empty() {
            format!("{} (discard)", chosen.card)
        } else {
            format!("{} takes {}", chosen.card, chosen.capture)
        };
        let tabla = if effect.tabla { "  TABLA" } else { "" };
        // Moves are numbered in the whole game, also when it started from a position.
        let number = played.opening_plies() + number + 1;
        say(format!("  {number:>2}. {name}: {what}{tabla}"));
        if effect.new_deal {
            deal += 1;
            say(format!("  table: {}", game.table()));
            show_deal(&game, deal, &mut say);
        }
    }
    match game.result() {
        Some(result) => {
            let why = match game.rules().leftovers {
                Leftovers::LastCapturer => "the last capturer",
                Leftovers::LastPlayer => "the last player, by the house rule",
            };
            match (
                left_over.filter(|cards| !cards.is_empty()),
                game.leftovers_taker(),
            ) {
                (Some(cards), Some(taker)) => say(format!(
                    "the cards left on the table, {cards}, go to {} ({why})",
                    names[taker]
                )),
                (Some(cards), None) => say(format!("the cards left, {cards}, go to nobody")),
                (None, _) => {}
            }
            say("result:".to_string());
            let (totals, winner) = recorded.result_lines(&result);
            for total in totals {
                say(format!("  {total}"));
            }
            say(winner);
        }
        None => {
            say(format!(
                "the game stopped after {} of {} moves, without a result",
                played.plies(),
                tablic_core::MOVES_PER_GAME
            ));
            for reason in comments(record, "forfeit") {
                say(format!("forfeit: {reason}"));
            }
        }
    }
    text
}
