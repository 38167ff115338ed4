//! `tablic moves`: every legal capture of a card on a table, from arguments or as JSON lines.

use std::fmt::Write as _;
use std::io::{self, BufRead, Write};
use std::process::ExitCode;

use clap::Args;
use serde::Deserialize;
use tablic_core::capture::{list_legal_captures, MAX_LISTED};
use tablic_core::{Card, CardSet};

use crate::error::Failure;
use crate::jsonl::{answer_lines, card_list, parse_line};
use crate::output;

/// List every legal capture of a card on a table.
///
/// One capture a line, its cards separated by spaces, `-` for taking nothing; ordered by
/// number of cards, then by card index, so output never depends on the engine's search
/// order. Cards may be written `10D`, `10♦` or `karo 10`.
#[derive(Args, Debug)]
#[command(after_help = "Examples:\n  \
    tablic moves --table \"3H 3S 4D 4C\" --card 7S\n  \
    echo '{\"table\":[\"3H\",\"4D\"],\"played\":\"7S\"}' | tablic moves --jsonl")]
pub struct MovesArgs {
    /// Cards on the table, separated by spaces or commas ("" for an empty table).
    #[arg(long, required_unless_present = "jsonl", allow_hyphen_values = true)]
    table: Option<String>,

    /// The card played from the hand.
    #[arg(long, required_unless_present = "jsonl", allow_hyphen_values = true)]
    card: Option<String>,

    /// Read `{"table":[..],"played":".."}` lines from stdin and answer each with
    /// `{"captures":[[..],..]}`, or `{"error":".."}` for a bad line (other fields are
    /// ignored, blank lines skipped). If any line was bad, exits 2 once every line is
    /// answered, naming the first on stderr.
    #[arg(long, conflicts_with_all = ["table", "card"])]
    jsonl: bool,
}

/// Runs `tablic moves`.
pub fn run(args: &MovesArgs) -> Result<ExitCode, Failure> {
    match (&args.table, &args.card) {
        (Some(table), Some(card)) if !args.jsonl => print_captures(table, card),
        _ => answer_jsonl(io::stdin().lock(), &mut output::stdout()),
    }
}

fn print_captures(table: &str, card: &str) -> Result<ExitCode, Failure> {
    let table: CardSet = table
        .parse()
        .map_err(|error| Failure::Usage(format!("--table: {error}")))?;
    let card: Card = card
        .parse()
        .map_err(|error| Failure::Usage(format!("--card: {error}")))?;
    let captures = sorted_captures(table, card).map_err(Failure::Usage)?;

    let mut out = output::stdout();
    for capture in captures {
        if capture.is_empty() {
            writeln!(out, "-")?;
        } else {
            writeln!(out, "{capture}")?;
        }
    }
    out.flush()?;
    Ok(ExitCode::SUCCESS)
}

/// Every legal capture of `card` on `table`, smallest first, ties by `bits()`; an error if
/// the card is on the table or there are too many to list.
pub fn sorted_captures(table: CardSet, card: Card) -> Result<Vec<CardSet>, String> {
    if table.contains(card) {
        return Err(format!("played card {card} is also on the table"));
    }
    let mut captures = Vec::new();
    list_legal_captures(table, card, |capture| captures.push(capture))
        .map_err(|_| format!("more than {MAX_LISTED} legal captures, too many to list"))?;
    captures.sort_unstable_by_key(|capture| (capture.len(), capture.bits()));
    Ok(captures)
}

/// One input line of `--jsonl`; other fields (`id`, the oracle's answers) are ignored.
#[derive(Deserialize)]
struct Case {
    table: Vec<String>,
    played: String,
}

/// What `tablic moves --jsonl` does: answers every line of `input` with its captures
/// (`{"captures":…}`) or an error object.
pub fn answer_jsonl(input: impl BufRead, out: &mut impl Write) -> Result<ExitCode, Failure> {
    answer_lines(input, out, |line, answer| {
        write_captures(answer, &captures_of_line(line)?);
        Ok(())
    })
}

/// The answer to one `--jsonl` line: the legal captures, sorted, or why the line is bad.
pub fn captures_of_line(line: &[u8]) -> Result<Vec<CardSet>, String> {
    let case: Case = parse_line(line)?;
    let table = card_list("table", &case.table)?;
    let played: Card = case
        .played
        .parse()
        .map_err(|error| format!("played: {error}"))?;
    sorted_captures(table, played)
}

/// `{"captures":[[],["3H","4D"]]}`. Written by hand: card names never need escaping, and
/// this runs for every capture of every line.
fn write_captures(answer: &mut String, captures: &[CardSet]) {
    answer.push_str("{\"captures\":[");
    for (index, capture) in captures.iter().enumerate() {
        if index > 0 {
            answer.push(',');
        }
        answer.push('[');
        for (position, card) in capture.iter().enumerate() {
            if position > 0 {
                answer.push(',');
            }
            let _ = write!(answer, "\"{card}\"");
        }
        answer.push(']');
    }
    answer.push_str("]}");
}
