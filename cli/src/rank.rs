//! `tablic rank`: every move of a hand on a table, best first in a bot's order.

use std::fmt::Write as _;
use std::io::{self, BufRead, Write};
use std::process::ExitCode;

use clap::Args;
use serde::Deserialize;
use tablic_core::bots::{BotSpec, GreedyKey};
use tablic_core::{list_moves, CardSet, Move, MAX_LISTED};

use crate::error::Failure;
use crate::jsonl::{answer_lines, card_list, parse_line};
use crate::output;

/// List every move (card, capture) of a hand on a table, best first in a bot's order.
///
/// For `greedy`, the order is the greedy player's total order: larger `GreedyKey` first
/// (tabla, points, cards taken, 10♦, 2♣, aces, lower card, then card and capture as tie
/// breaks), so no two moves are equal. The greedy bot plays the first move's capture with
/// that card or an equivalent one (same rank; 2♣ and 10♦ stand alone).
#[derive(Args, Debug)]
#[command(after_help = "Examples:\n  \
    tablic rank --hand \"KC 8D\" --table \"AD 3D KH\"\n  \
    echo '{\"hand\":[\"KC\",\"8D\"],\"table\":[\"AD\",\"3D\",\"KH\"]}' | tablic rank --bot greedy --jsonl")]
pub struct RankArgs {
    /// The bot whose order ranks the moves; only `greedy` for now.
    #[arg(long, default_value = "greedy")]
    bot: String,

    /// Cards in the hand, separated by spaces or commas. Prints one move a line: the card,
    /// then the captured cards, or `-` for a discard.
    #[arg(long, required_unless_present = "jsonl", allow_hyphen_values = true)]
    hand: Option<String>,

    /// Cards on the table, separated by spaces or commas ("" for an empty table).
    #[arg(long, required_unless_present = "jsonl", allow_hyphen_values = true)]
    table: Option<String>,

    /// Read `{"hand":[..],"table":[..]}` lines from stdin and answer each with
    /// `{"moves":[{"card":"KC","capture":["AD","3D"]},..]}` (capture cards in card order),
    /// or `{"error":"line N: .."}` for a bad line (other fields are ignored, blank lines
    /// skipped). If any line was bad, exits 2 once every line is answered, naming the first
    /// on stderr.
    #[arg(long, conflicts_with_all = ["hand", "table"])]
    jsonl: bool,
}

/// Runs `tablic rank`.
pub fn run(args: &RankArgs) -> Result<ExitCode, Failure> {
    let bot: BotSpec = args
        .bot
        .parse()
        .map_err(|error| Failure::Usage(format!("--bot: {error}")))?;
    if bot != BotSpec::Greedy {
        return Err(Failure::Usage(format!(
            "--bot: {bot} has no move order to rank by (only greedy has)"
        )));
    }
    match (&args.hand, &args.table) {
        (Some(hand), Some(table)) if !args.jsonl => print_ranked(hand, table),
        _ => answer_jsonl(io::stdin().lock(), &mut output::stdout()),
    }
}

/// What `tablic rank --jsonl` does: answers every line of `input` with its moves in the
/// greedy order (`{"moves":…}`) or an error object.
pub fn answer_jsonl(input: impl BufRead, out: &mut impl Write) -> Result<ExitCode, Failure> {
    answer_lines(input, out, |line, answer| {
        write_moves(answer, &moves_of_line(line)?);
        Ok(())
    })
}

fn print_ranked(hand: &str, table: &str) -> Result<ExitCode, Failure> {
    let hand: CardSet = hand
        .parse()
        .map_err(|error| Failure::Usage(format!("--hand: {error}")))?;
    let table: CardSet = table
        .parse()
        .map_err(|error| Failure::Usage(format!("--table: {error}")))?;
    let moves = greedy_order(hand, table).map_err(Failure::Usage)?;
    let mut out = output::stdout();
    for chosen in moves {
        if chosen.capture.is_empty() {
            writeln!(out, "{} -", chosen.card)?;
        } else {
            writeln!(out, "{chosen}")?;
        }
    }
    out.flush()?;
    Ok(ExitCode::SUCCESS)
}

/// Every move of `hand` on `table`, best first by `GreedyKey`; an error if the hand and the
/// table share a card or there are too many moves to list.
pub fn greedy_order(hand: CardSet, table: CardSet) -> Result<Vec<Move>, String> {
    if let Some(card) = hand.intersection(table).first() {
        return Err(format!("card {card} is both in the hand and on the table"));
    }
    let mut ranked = Vec::new();
    list_moves(hand, table, |candidate| {
        ranked.push((
            GreedyKey::new(table, candidate.card, candidate.capture),
            candidate,
        ));
    })
    .map_err(|_| format!("more than {MAX_LISTED} moves, too many to list"))?;
    ranked.sort_unstable_by_key(|&(key, _)| std::cmp::Reverse(key));
    Ok(ranked.into_iter().map(|(_, ranked)| ranked).collect())
}

/// One input line of `--jsonl`; other fields (`id`, the oracle's answers) are ignored.
#[derive(Deserialize)]
struct Case {
    hand: Vec<String>,
    table: Vec<String>,
}

/// The answer to one `--jsonl` line: every move, best first, or why the line is bad.
pub fn moves_of_line(line: &[u8]) -> Result<Vec<Move>, String> {
    let case: Case = parse_line(line)?;
    let hand = card_list("hand", &case.hand)?;
    let table = card_list("table", &case.table)?;
    greedy_order(hand, table)
}

/// `{"moves":[{"card":"KC","capture":["AD"]}]}`, written by hand as `moves` does.
fn write_moves(answer: &mut String, moves: &[Move]) {
    answer.push_str("{\"moves\":[");
    for (index, ranked) in moves.iter().enumerate() {
        if index > 0 {
            answer.push(',');
        }
        let _ = write!(answer, "{{\"card\":\"{}\",\"capture\":[", ranked.card);
        for (position, card) in ranked.capture.iter().enumerate() {
            if position > 0 {
                answer.push(',');
            }
            let _ = write!(answer, "\"{card}\"");
        }
        answer.push_str("]}");
    }
    answer.push_str("]}");
}
