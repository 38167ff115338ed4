//! `tablic render`: a recorded game, or one position of it, drawn as SVG.

use std::fmt::Write as _;
use std::io::Write;
use std::process::ExitCode;

use clap::Args;
use tablic_core::{Card, CardSet, Game, Move, Suit};

use crate::error::Failure;
use crate::record_file::read_game;

/// Draw a recorded game as SVG: every move in a row (the table before it, the card played,
/// what it took), or with --ply one position (the table, every hand face up, the piles, and
/// the move about to be played). The picture goes to stdout or --output.
#[derive(Args, Debug)]
#[command(after_help = "Examples:\n  \
    tablic render game.txt --output game.svg\n  \
    tablic render game.txt --ply 13 --output position.svg")]
pub struct RenderArgs {
    /// The game record (`-` for stdin), as `Game::record` writes it.
    file: String,

    /// Draw the position before move N (1 = the start; one past the last move = the end).
    #[arg(long, value_name = "N")]
    ply: Option<usize>,

    /// Write the SVG here instead of stdout.
    #[arg(long, value_name = "FILE")]
    output: Option<String>,
}

const CARD_WIDTH: u32 = 36;
const CARD_HEIGHT: u32 = 50;
const GAP: u32 = 4;
const MARGIN: u32 = 16;
const ROW: u32 = CARD_HEIGHT + 14;
const LABEL: u32 = 120;
const FONT: &str = "font-family=\"DejaVu Sans, Arial, sans-serif\"";

/// SVG of one card at (x, y); a highlighted card gets a thick coloured border.
fn card(svg: &mut String, x: u32, y: u32, shown: Card, highlight: Option<&str>) {
    let colour = match shown.suit() {
        Suit::Diamonds | Suit::Hearts => "#c0392b",
        Suit::Clubs | Suit::Spades => "#1b1b1b",
    };
    let (stroke, width) = highlight.map_or(("#777", 1), |colour| (colour, 3));
    let text = shown.unicode().to_string();
    let (rank, suit) = text.split_at(text.len() - '♠'.len_utf8());
    let _ = write!(
        svg,
        "<g><rect x=\"{x}\" y=\"{y}\" width=\"{CARD_WIDTH}\" height=\"{CARD_HEIGHT}\" rx=\"4\" \
         fill=\"#fff\" stroke=\"{stroke}\" stroke-width=\"{width}\"/>\
         <text x=\"{}\" y=\"{}\" {FONT} font-size=\"13\" font-weight=\"bold\" fill=\"{colour}\">{rank}</text>\
         <text x=\"{}\" y=\"{}\" {FONT} font-size=\"20\" text-anchor=\"middle\" fill=\"{colour}\">{suit}</text></g>",
        x + 4,
        y + 15,
        x + CARD_WIDTH / 2,
        y + CARD_HEIGHT - 9,
    );
}

/// The cards of a set in a row from (x, y), the highlighted ones marked; returns the x
/// after the row.
fn cards(svg: &mut String, x: u32, y: u32, set: CardSet, highlight: CardSet, colour: &str) -> u32 {
    let mut x = x;
    for shown in set {
        card(
            svg,
            x,
            y,
            shown,
            highlight.contains(shown).then_some(colour),
        );
        x += CARD_WIDTH + GAP;
    }
    x
}

/// A line of text.
fn label(svg: &mut String, x: u32, y: u32, text: &str, size: u32) {
    let _ = write!(
        svg,
        "<text x=\"{x}\" y=\"{y}\" {FONT} font-size=\"{size}\" fill=\"#f5f5f5\">{text}</text>"
    );
}

/// Wraps drawn elements into an SVG document of the given size.
fn document(width: u32, height: u32, body: &str) -> String {
    format!(
        "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{width}\" height=\"{height}\" \
         viewBox=\"0 0 {width} {height}\">\n<rect width=\"100%\" height=\"100%\" fill=\"#2e7d4f\"/>\n{body}\n</svg>\n"
    )
}

const PLAYED: &str = "#1565c0";
const TAKEN: &str = "#f9a825";

/// The position of `game` with `next` about to be played.
fn position(game: &Game, next: Option<Move>) -> String {
    let mut body = String::new();
    let players = game.players().get();
    let (played, taken) = next.map_or((CardSet::EMPTY, CardSet::EMPTY), |next| {
        (CardSet::single(next.card), next.capture)
    });
    let mut y = MARGIN + 14;
    let status = match (game.to_move(), next) {
        (Some(seat), Some(next)) => format!(
            "Move {}: seat {seat} plays {}{}",
            game.history().len() + 1,
            next.card.unicode(),
            if next.capture.is_empty() {
                String::new()
            } else {
                format!(" and takes {}", next.capture.unicode())
            }
        ),
        _ => "The end".to_string(),
    };
    label(&mut body, MARGIN, y, &status, 16);
    y += 14;
    label(&mut body, MARGIN, y + 30, "table", 13);
    let mut width = cards(&mut body, MARGIN + LABEL, y, game.table(), taken, TAKEN);
    y += ROW;
    for seat in 0..players {
        let pile = game.pile(seat);
        let text = format!(
            "seat {seat} · pile {} cards, {} pts{}",
            pile.len(),
            pile.points(),
            match game.tablas(seat) {
                0 => String::new(),
                tablas => format!(", {tablas} tabla{}", if tablas == 1 { "" } else { "s" }),
            }
        );
        label(&mut body, MARGIN, y + 30, &text, 12);
        width = width.max(cards(
            &mut body,
            MARGIN + LABEL + 60,
            y,
            game.hand(seat),
            played,
            PLAYED,
        ));
        y += ROW;
    }
    document(width.max(MARGIN + LABEL + 200) + MARGIN, y + MARGIN, &body)
}

/// Every move of `game`: a row each with the table before it, the card and the capture.
fn whole_game(game: &Game) -> String {
    let mut body = String::new();
    let mut replay = Game::from_deck(game.players(), *game.deck());
    let mut y = MARGIN + 14;
    label(
        &mut body,
        MARGIN,
        y,
        &format!("{} players, {} moves", game.players(), game.history().len()),
        16,
    );
    y += 14;
    let mut width = MARGIN + LABEL + 400;
    for (index, &next) in game.history().iter().enumerate() {
        let seat = replay.to_move().unwrap_or(0);
        let text = format!("{:>2}. seat {seat}", index + 1);
        label(&mut body, MARGIN, y + 30, &text, 12);
        card(&mut body, MARGIN + 80, y, next.card, Some(PLAYED));
        let end = cards(
            &mut body,
            MARGIN + 80 + CARD_WIDTH + 3 * GAP,
            y,
            replay.table(),
            next.capture,
            TAKEN,
        );
        width = width.max(end);
        match replay.play(next) {
            Ok(outcome) if outcome.tabla => label(&mut body, end + GAP, y + 30, "tabla!", 13),
            Ok(_) => {}
            Err(_) => break,
        }
        y += ROW;
    }
    if let Some(result) = game.result() {
        let totals: Vec<String> = result
            .seats()
            .iter()
            .enumerate()
            .map(|(seat, score)| format!("seat {seat}: {}", score.total()))
            .collect();
        label(
            &mut body,
            MARGIN,
            y + 20,
            &format!("Result: {}", totals.join(", ")),
            15,
        );
        y += 30;
    }
    document(width + MARGIN, y + MARGIN, &body)
}

/// The picture `args` asks for.
fn picture(game: &Game, ply: Option<usize>) -> Result<String, Failure> {
    let Some(ply) = ply else {
        return Ok(whole_game(game));
    };
    let moves = game.history().len();
    if ply == 0 || ply > moves + 1 {
        return Err(Failure::Usage(format!(
            "--ply {ply}: the game has positions 1 to {}",
            moves + 1
        )));
    }
    let mut replay = Game::from_deck(game.players(), *game.deck());
    for &played in &game.history()[..ply - 1] {
        replay
            .play(played)
            .map_err(|error| Failure::Runtime(format!("replay: {error}")))?;
    }
    Ok(position(&replay, game.history().get(ply - 1).copied()))
}

/// Runs `tablic render`.
pub fn run(args: &RenderArgs) -> Result<ExitCode, Failure> {
    let game = read_game(&args.file)?;
    let svg = picture(&game, args.ply)?;
    match &args.output {
        Some(path) => std::fs::write(path, svg)
            // An output path that cannot be written is bad input, as for `play --save`.
            .map_err(|error| Failure::Usage(format!("--output {path}: {error}")))?,
        None => {
            let mut out = std::io::stdout().lock();
            out.write_all(svg.as_bytes())?;
            out.flush()?;
        }
    }
    Ok(ExitCode::SUCCESS)
}
