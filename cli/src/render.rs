//! `tablic render`: a recorded game, or one position of it, drawn as SVG.

use std::fmt::Write as _;
use std::io::Write;
use std::process::ExitCode;

use clap::Args;
use tablic_core::{Card, CardSet, Game, Move, Suit, MOVES_PER_GAME};

use crate::error::Failure;
use crate::output::count;
use crate::record_file::{read_game, Recorded};

/// Draw a recorded game as SVG: every move in a row (the score so far, the card played, the
/// table before it with what it took), deal by deal, under a legend; or with --ply one
/// position (the table, every hand face up, the piles, and the move about to be played;
/// after the last move, the totals and the winner). Seats are shown with the names the
/// record gives them. The picture goes to stdout or --output.
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
/// Room for a label before the cards of a row, at least.
const LABEL: u32 = 120;
/// A generous width of one character of the 12 to 16 pixel text, for sizing the picture.
const CHAR_WIDTH: u32 = 9;
const FONT: &str = "font-family=\"DejaVu Sans, Arial, sans-serif\"";
const TEXT: &str = "#f5f5f5";
const DIM: &str = "#cfe3d6";
const PLAYED: &str = "#1565c0";
const TAKEN: &str = "#f9a825";

/// A picture being drawn: its elements, and how far they reach.
#[derive(Default)]
struct Canvas {
    body: String,
    width: u32,
}

impl Canvas {
    /// One card at (x, y); a highlighted card gets a thick coloured border. Returns the x
    /// after it.
    fn card(&mut self, x: u32, y: u32, shown: Card, highlight: Option<&str>) -> u32 {
        let colour = match shown.suit() {
            Suit::Diamonds | Suit::Hearts => "#c0392b",
            Suit::Clubs | Suit::Spades => "#1b1b1b",
        };
        let (stroke, width) = highlight.map_or(("#777", 1), |colour| (colour, 3));
        let text = shown.unicode().to_string();
        let (rank, suit) = text.split_at(text.len() - '♠'.len_utf8());
        let _ = write!(
            self.body,
            "<g><rect x=\"{x}\" y=\"{y}\" width=\"{CARD_WIDTH}\" height=\"{CARD_HEIGHT}\" rx=\"4\" \
             fill=\"#fff\" stroke=\"{stroke}\" stroke-width=\"{width}\"/>\
             <text x=\"{}\" y=\"{}\" {FONT} font-size=\"13\" font-weight=\"bold\" fill=\"{colour}\">{rank}</text>\
             <text x=\"{}\" y=\"{}\" {FONT} font-size=\"20\" text-anchor=\"middle\" fill=\"{colour}\">{suit}</text></g>",
            x + 4,
            y + 15,
            x + CARD_WIDTH / 2,
            y + CARD_HEIGHT - 9,
        );
        self.reach(x + CARD_WIDTH);
        x + CARD_WIDTH + GAP
    }

    /// The cards of a set in a row from (x, y), those in `highlight` marked with `colour`;
    /// returns the x after the row.
    fn cards(&mut self, x: u32, y: u32, set: CardSet, highlight: CardSet, colour: &str) -> u32 {
        set.into_iter().fold(x, |x, shown| {
            self.card(x, y, shown, highlight.contains(shown).then_some(colour))
        })
    }

    /// A line of text with its baseline at y; returns the x after it (estimated).
    fn text(&mut self, x: u32, y: u32, text: &str, size: u32, colour: &str) -> u32 {
        let _ = write!(
            self.body,
            "<text x=\"{x}\" y=\"{y}\" {FONT} font-size=\"{size}\" fill=\"{colour}\">{}</text>",
            escaped(text)
        );
        self.reach_text(x, text, size)
    }

    /// A line of text that ends at x, its baseline at y.
    fn text_ending_at(&mut self, x: u32, y: u32, text: &str, size: u32, colour: &str) {
        let _ = write!(
            self.body,
            "<text x=\"{x}\" y=\"{y}\" {FONT} font-size=\"{size}\" fill=\"{colour}\" \
             text-anchor=\"end\">{}</text>",
            escaped(text)
        );
    }

    /// Where text from x ends, estimated, and the picture made wide enough for it.
    fn reach_text(&mut self, x: u32, text: &str, size: u32) -> u32 {
        let end = x + text.chars().count() as u32 * CHAR_WIDTH * size / 16;
        self.reach(end);
        end
    }

    /// A frame the size of a small card with a coloured border, as the legend shows them.
    fn swatch(&mut self, x: u32, y: u32, colour: &str) -> u32 {
        let _ = write!(
            self.body,
            "<rect x=\"{x}\" y=\"{}\" width=\"14\" height=\"18\" rx=\"2\" fill=\"#fff\" \
             stroke=\"{colour}\" stroke-width=\"3\"/>",
            y - 14
        );
        x + 20
    }

    /// A dashed line across the picture at y, under a deal's label.
    fn separator(&mut self, y: u32, label: &str) {
        let _ = write!(
            self.body,
            "<line x1=\"{MARGIN}\" y1=\"{y}\" x2=\"100%\" y2=\"{y}\" stroke=\"{DIM}\" \
             stroke-dasharray=\"6 4\"/>"
        );
        self.text(MARGIN, y + 16, label, 13, DIM);
    }

    fn reach(&mut self, x: u32) {
        self.width = self.width.max(x);
    }

    /// The SVG document, `height` tall.
    fn finish(self, height: u32) -> String {
        let width = self.width + MARGIN;
        format!(
            "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{width}\" height=\"{height}\" \
             viewBox=\"0 0 {width} {height}\">\n<rect width=\"100%\" height=\"100%\" fill=\"#2e7d4f\"/>\n{}\n</svg>\n",
            self.body
        )
    }
}

/// `text` safe inside an SVG element: names come from records and engines.
fn escaped(text: &str) -> String {
    text.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
}

/// `plays 7♥ and takes 3♦ 4♠`, or `plays 7♥` for a discard.
fn plays(next: Move) -> String {
    if next.capture.is_empty() {
        format!("plays {}", next.card.unicode())
    } else {
        format!(
            "plays {} and takes {}",
            next.card.unicode(),
            next.capture.unicode()
        )
    }
}

/// The position of `game`, a prefix of `recorded`, with `next` about to be played; after
/// the last move, the totals and the winner.
fn position(recorded: &Recorded, game: &Game, next: Option<Move>) -> String {
    let mut canvas = Canvas::default();
    let players = game.players().get();
    let labels: Vec<String> = (0..players).map(|seat| recorded.label(seat)).collect();
    let (played, taken) = next.map_or((CardSet::EMPTY, CardSet::EMPTY), |next| {
        (CardSet::single(next.card), next.capture)
    });
    let moves = game.history().len();
    let title = match (game.to_move(), next, game.result()) {
        (Some(seat), Some(next), _) => {
            format!("Move {}: {} {}", moves + 1, labels[seat], plays(next))
        }
        (_, _, Some(result)) => format!(
            "The end. {}",
            capitalised(&recorded.result_lines(&result).1)
        ),
        _ => format!("After move {moves} of {MOVES_PER_GAME}: the record stops here"),
    };
    let mut y = MARGIN + 14;
    canvas.text(MARGIN, y, &title, 16, TEXT);
    y += 14;
    // The cards start after the longest seat label.
    let column = labels
        .iter()
        .map(|label| label.chars().count() as u32 * CHAR_WIDTH * 12 / 16)
        .max()
        .unwrap_or(0)
        .max(LABEL)
        + MARGIN
        + 2 * GAP;

    if let Some(result) = game.result() {
        y += 12;
        canvas.text(MARGIN, y, "final totals", 11, DIM);
        y += 6;
        for total in recorded.result_lines(&result).0 {
            y += 24;
            canvas.text(MARGIN, y, &total, 13, TEXT);
        }
        return canvas.finish(y + 14 + MARGIN);
    }

    canvas.text(MARGIN, y + 30, "table", 13, TEXT);
    canvas.cards(column, y, game.table(), taken, TAKEN);
    y += ROW;
    for (seat, label) in labels.iter().enumerate() {
        let pile = game.pile(seat);
        canvas.text(MARGIN, y + 22, label, 12, TEXT);
        let tablas = match game.tablas(seat) {
            0 => String::new(),
            tablas => format!(", {}", count(tablas.into(), "tabla")),
        };
        let summary = format!(
            "pile {}, {}{tablas}",
            count(pile.len() as u64, "card"),
            count(pile.points().into(), "point")
        );
        canvas.text(MARGIN, y + 40, &summary, 11, DIM);
        canvas.cards(column, y, game.hand(seat), played, PLAYED);
        y += ROW;
    }
    canvas.finish(y + MARGIN)
}

/// `Winner: …` from `winner: …`.
fn capitalised(text: &str) -> String {
    let mut chars = text.chars();
    chars.next().map_or(String::new(), |first| {
        first.to_uppercase().chain(chars).collect()
    })
}

/// Points and tablas so far, seat 0 first: `12 : 4`; by side (side 0 first) when seats
/// play in sides.
fn running_score(game: &Game) -> String {
    let sides = game.side_count();
    let scores: Vec<String> = (0..sides)
        .map(|side| game.side_points_so_far(side).to_string())
        .collect();
    scores.join(" : ")
}

/// Every move of the game, deal by deal: a row each with the move's number and seat, the
/// score after it, the card played, and the table before it with what the card took.
fn whole_game(recorded: &Recorded) -> String {
    let game = &recorded.game;
    let mut canvas = Canvas::default();
    let players = game.players().get();
    let labels: Vec<String> = (0..players).map(|seat| recorded.label(seat)).collect();
    let mut y = MARGIN + 14;
    let title = format!(
        "{} players, {}, a row each",
        players,
        count(game.history().len() as u64, "move")
    );
    canvas.text(MARGIN, y, &title, 16, TEXT);
    y += 4;
    for label in &labels {
        y += 18;
        canvas.text(MARGIN, y, label, 13, TEXT);
    }
    y += 24;

    // The legend: what each column and each frame means.
    let mut x = canvas.swatch(MARGIN, y, PLAYED);
    x = canvas.text(x, y, "the card played", 12, TEXT) + 16;
    x = canvas.swatch(x, y, TAKEN);
    x = canvas.text(x, y, "the cards it takes", 12, TEXT) + 16;
    canvas.text(x, y, "tabla!  it swept the table", 12, TEXT);
    y += 20;
    let score_width = 30 * players as u32 + 10;
    let score_x = MARGIN + 90;
    let card_x = score_x + score_width;
    let table_x = card_x + CARD_WIDTH + 3 * GAP;
    canvas.text(MARGIN, y, "move, seat", 11, DIM);
    canvas.text(score_x, y, "score", 11, DIM);
    canvas.text(card_x, y, "card", 11, DIM);
    canvas.text(
        table_x,
        y,
        "the table before the move (score: points + tablas so far, seat 0 first)",
        11,
        DIM,
    );
    y += 10;

    let mut replay = game.rewound(0);
    let mut deal = replay.deals_dealt();
    canvas.separator(y, &format!("deal {deal}"));
    y += 24;
    for (index, &next) in game.history().iter().enumerate() {
        let seat = replay.to_move().unwrap_or(0);
        let table = replay.table();
        let Ok(outcome) = replay.play(next) else {
            break;
        };
        let number = game.opening_plies() + index + 1;
        canvas.text_ending_at(MARGIN + 22, y + 30, &format!("{number}."), 12, TEXT);
        canvas.text(MARGIN + 28, y + 30, &format!("seat {seat}"), 12, TEXT);
        canvas.text(score_x, y + 30, &running_score(&replay), 12, TEXT);
        canvas.card(card_x, y, next.card, Some(PLAYED));
        let end = canvas.cards(table_x, y, table, next.capture, TAKEN);
        if outcome.tabla {
            canvas.text(end + GAP, y + 30, "tabla!", 13, TEXT);
        }
        y += ROW;
        if outcome.new_deal {
            deal += 1;
            canvas.separator(y, &format!("deal {deal}"));
            y += 24;
        }
    }

    y += 6;
    match game.result() {
        Some(result) => {
            let (totals, winner) = recorded.result_lines(&result);
            for total in totals {
                y += 20;
                canvas.text(MARGIN, y, &total, 13, TEXT);
            }
            y += 24;
            canvas.text(MARGIN, y, &capitalised(&winner), 15, TEXT);
        }
        None => {
            y += 20;
            let stopped = format!(
                "The record stops after {} of {MOVES_PER_GAME}, without a result",
                count(game.history().len() as u64, "move")
            );
            canvas.text(MARGIN, y, &stopped, 13, TEXT);
        }
    }
    canvas.finish(y + 10 + MARGIN)
}

/// The picture `args` asks for.
fn picture(recorded: &Recorded, ply: Option<usize>) -> Result<String, Failure> {
    let Some(ply) = ply else {
        return Ok(whole_game(recorded));
    };
    let game = &recorded.game;
    let moves = game.history().len();
    if ply == 0 || ply > moves + 1 {
        return Err(Failure::Usage(format!(
            "--ply {ply}: the game has positions 1 to {}",
            moves + 1
        )));
    }
    let before = game.rewound(ply - 1);
    Ok(position(
        recorded,
        &before,
        game.history().get(ply - 1).copied(),
    ))
}

/// Runs `tablic render`.
pub fn run(args: &RenderArgs) -> Result<ExitCode, Failure> {
    let recorded = read_game(&args.file)?;
    let svg = picture(&recorded, args.ply)?;
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
