//! `tablic dataset`: the rows the learned evaluation is trained on, from game records. For
//! every deal end of a finished two-player game and each seat: the margin that seat made
//! over the rest of the game, and the evaluation's features there
//! (`tablic_core::bots::evaluation`).

use std::fmt::Write as _;
use std::io::Write;
use std::process::ExitCode;

use clap::Args;
use tablic_core::bots::evaluation::{for_each_lead_feature, Claim, DealEnd, FEATURES};
use tablic_core::bots::solver::{CUT_CARD, CUT_POINT};
use tablic_core::{Game, PlayerCount};

use crate::dataset_fields::card_list;
use crate::dataset_moves::{header, MoveRows};
use crate::error::Failure;
use crate::output::count;
use crate::record_file::read_game;

/// Print the training rows of the learned evaluation (or, with --moves, of the move model)
/// from finished two-player games.
///
/// One line per deal end (after the first, second and third deals) and seat: the margin in
/// points that seat made over the other from there to the end (captures, tablas, the
/// table's last cards, the bonus for most cards); what the fixed horizon of the solving
/// bots counts for the same (a card of lead at a third of a point); then every feature that
/// is not zero as `index:value` (the sparse format of libsvm). Lines starting with `#` are
/// comments; the second gives the fixed horizon as weights on the lead's features
/// (`index:points`), for a trainer to add back to what it fits.
#[derive(Args, Debug)]
#[command(after_help = DATASET_AFTER_HELP)]
pub struct DatasetArgs {
    /// Game records, or directories whose `.txt` files are game records (read in name
    /// order), as `tablic match --save-records` writes them.
    #[arg(value_name = "PATH", required = true)]
    paths: Vec<String>,

    /// End each row with `# ` and the deal end itself: `table=… future=… lead=N
    /// claim=hero|other|nobody leads=yes|no` (with `--moves`: `table=… played=… capture=…
    /// hand=N last=yes|no`).
    #[arg(long)]
    with_states: bool,

    /// Print the move model's rows instead: for every move, one line per choice the mover's hand allowed, `1` or `0` (the move made or
    /// not), `qid:N` (the move's number), then the move model's features as `index:value`
    /// (the ranking format of SVMlight). Moves with a single choice, or made outside the
    /// choices the model weighs (a capture that more could be added to), are left out and
    /// counted on the last line.
    #[arg(long)]
    moves: bool,
}

const DATASET_AFTER_HELP: &str = "\
A path that cannot be read, a bad record, or a game that is not a finished two-player game \
prints one `error: …` line on stderr and exits with status 2, with nothing on stdout: every \
record is checked before the first line is written.

Examples:
  tablic match --players minimax,minimax --games 1000 --seed 1 --save-records games
  tablic dataset games > rows.txt
  tablic dataset --moves games > moves.txt";

/// Runs `tablic dataset`.
pub fn run(args: &DatasetArgs) -> Result<ExitCode, Failure> {
    let files = record_files(&args.paths)?;
    // Every record is checked before the first line is written, so that a bad one leaves
    // nothing on stdout; each is then read again for its rows, so that memory holds one
    // game however many there are.
    for file in &files {
        finished_game(file)?;
    }
    let mut out = std::io::BufWriter::new(std::io::stdout().lock());
    if args.moves {
        writeln!(out, "{}", header(&count(files.len() as u64, "game")))?;
        let mut rows = MoveRows::default();
        for file in &files {
            rows.write(&finished_game(file)?, args.with_states, &mut out)?;
        }
        writeln!(out, "{}", rows.footer())?;
        out.flush()?;
        return Ok(ExitCode::SUCCESS);
    }
    writeln!(
        out,
        "# tablic dataset: rest margin, fixed horizon's value, then index:value of {FEATURES} features; {}",
        count(files.len() as u64, "game")
    )?;
    // What a trainer fitting the margin less the fixed horizon adds back to the weights.
    let mut line = String::from("# fixed horizon on the lead's features: index:points");
    for_each_lead_feature(|index, lead| {
        let _ = write!(line, " {index}:{}", fixed_horizon(lead));
    });
    writeln!(out, "{line}")?;
    for file in &files {
        for row in rows(&finished_game(file)?) {
            line.clear();
            let _ = write!(
                line,
                "{} {:.4}",
                row.rest_margin,
                fixed_horizon(row.end.lead())
            );
            row.end.for_each_feature(|index, value| {
                let _ = write!(line, " {index}:{value}");
            });
            if args.with_states {
                let end = &row.end;
                let claim = match end.claim() {
                    Claim::Hero => "hero",
                    Claim::Other => "other",
                    Claim::Nobody => "nobody",
                };
                let leads = if end.hero_leads() { "yes" } else { "no" };
                let _ = write!(
                    line,
                    " # table={} future={} lead={} claim={claim} leads={leads}",
                    card_list(end.table()),
                    card_list(end.future()),
                    end.lead()
                );
            }
            writeln!(out, "{line}")?;
        }
    }
    out.flush()?;
    Ok(ExitCode::SUCCESS)
}

/// The game recorded in `file`, or why it is not a finished two-player game.
fn finished_game(file: &str) -> Result<Game, Failure> {
    let game = read_game(file)?.game;
    if game.players() != PlayerCount::TWO || game.to_move().is_some() {
        return Err(Failure::Usage(format!(
            "{file}: not a finished two-player game"
        )));
    }
    Ok(game)
}

/// The files named by `paths`: files as given, directories' `.txt` files in name order.
fn record_files(paths: &[String]) -> Result<Vec<String>, Failure> {
    let mut files = Vec::new();
    for path in paths {
        let unreadable = |error: std::io::Error| Failure::Usage(format!("{path}: {error}"));
        if !std::fs::metadata(path).map_err(unreadable)?.is_dir() {
            files.push(path.clone());
            continue;
        }
        let mut inside = Vec::new();
        for entry in std::fs::read_dir(path).map_err(unreadable)? {
            let entry_path = entry.map_err(unreadable)?.path();
            if entry_path
                .extension()
                .is_some_and(|extension| extension == "txt")
            {
                inside.push(entry_path.to_string_lossy().into_owned());
            }
        }
        inside.sort();
        files.extend(inside);
    }
    Ok(files)
}

/// A seat at a deal end, and the margin it made from there.
struct Row {
    end: DealEnd,
    rest_margin: i32,
}

/// The rest of the game as the fixed horizon values it at a lead in captured cards, in
/// points.
fn fixed_horizon(lead: i32) -> f64 {
    f64::from(lead * CUT_CARD) / f64::from(CUT_POINT)
}

/// Every deal end of a finished two-player game, for each seat (none for a game not over).
fn rows(game: &Game) -> Vec<Row> {
    let Some(result) = game.result() else {
        return Vec::new();
    };
    let final_margin = |seat: usize| result.total(seat) as i32 - result.total(1 - seat) as i32;
    let opening = game.opening_plies();
    let mut rows = Vec::new();
    let deal_ends = (1..game.history().len()).filter(|moves| (opening + moves) % 12 == 0);
    for moves in deal_ends {
        let then = game.rewound(moves);
        for seat in 0..2 {
            let Some(end) = DealEnd::of_game(&then, seat) else {
                continue;
            };
            let so_far = then.points_so_far(seat) as i32 - then.points_so_far(1 - seat) as i32;
            rows.push(Row {
                end,
                rest_margin: final_margin(seat) - so_far,
            });
        }
    }
    rows
}
