//! `tablic position`: the position of a recorded game before one of its moves, as one line
//! of text (the core's [`Position`]), as a seat saw it or with everything known.

use std::io::Write;
use std::process::ExitCode;

use clap::Args;
use tablic_core::Position;

use crate::error::Failure;
use crate::record_file::read_game;

/// Print the position of a recorded game before move N, as one line of text.
///
/// A seat's position (--seat) holds what that seat knew: its hand, the table, every pile,
/// the tablas, the last capturer. With --all it holds every hand and the order of the cards
/// still to come. Either carries the game's moves so far (moves=…), from which bots decide
/// exactly as they did in the game; --no-moves leaves them out, as a position copied from a
/// table would be. Without --seat or --all, the position is the one the seat to move saw
/// (at the end of the game: everything known). The format is in the README.
#[derive(Args, Debug)]
#[command(after_help = POSITION_AFTER_HELP)]
pub struct PositionArgs {
    /// The game record (`-` for stdin), as `Game::record` writes it.
    #[arg(value_name = "FILE")]
    file: String,

    /// The position before move N (1 = the start; one past the last move = the end, the
    /// default).
    #[arg(long, value_name = "N")]
    ply: Option<usize>,

    /// As this seat saw it.
    #[arg(long, value_name = "S", conflicts_with = "all")]
    seat: Option<usize>,

    /// With everything known: every hand and the deck's order.
    #[arg(long)]
    all: bool,

    /// Leave out the moves so far.
    #[arg(long)]
    no_moves: bool,
}

const POSITION_AFTER_HELP: &str = "\
A bad record, or a --ply or --seat the game does not have, prints one `error: …` line on \
stderr and exits with status 2.

Examples:
  tablic position game.txt --ply 13 --seat 1
  tablic position game.txt --ply 13 --all --no-moves";

/// Runs `tablic position`.
pub fn run(args: &PositionArgs) -> Result<ExitCode, Failure> {
    let recorded = read_game(&args.file)?;
    let game = &recorded.game;
    let moves = game.history().len();
    let ply = args.ply.unwrap_or(moves + 1);
    if ply == 0 || ply > moves + 1 {
        return Err(Failure::Usage(format!(
            "--ply {ply}: the game has positions 1 to {}",
            moves + 1
        )));
    }
    let then = game.rewound(ply - 1);
    let seat = match (args.seat, args.all) {
        (Some(seat), _) => Some(seat),
        (None, true) => None,
        (None, false) => then.to_move(),
    };
    let position = match seat {
        Some(seat) => {
            let view = then.view(seat).ok_or_else(|| {
                Failure::Usage(format!(
                    "--seat {seat}: the game has seats 0 to {}",
                    game.players().get() - 1
                ))
            })?;
            Position::of_view(&view)
        }
        None => Position::of_game(&then),
    };
    let position = if args.no_moves {
        position.without_moves()
    } else {
        position
    };
    let mut out = std::io::stdout().lock();
    writeln!(out, "{position}")?;
    out.flush()?;
    Ok(ExitCode::SUCCESS)
}
