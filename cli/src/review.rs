//! `tablic review`: a recorded game judged move by move by the core's analysis.

use std::process::ExitCode;

use clap::Args;
use serde::Serialize;
use tablic_core::analysis::{analyze_view, values_needed, Mark};
use tablic_core::bots::solver::Entry;
use tablic_core::bots::{BotSpec, PimcOptions};
use tablic_core::{legal_move_count_up_to, Move, PlayerView};

use crate::analyze::{bot_name, judging_bot, move_text, with_error};
use crate::error::Failure;
use crate::match_cmd::parse_seed;
use crate::output::{self, Align, Table};
use crate::record_file::{read_game, Recorded};

/// Review a recorded game: for every move, the best move by the bot's analysis, how many
/// points the move played lost against it ± its standard error, and a mark for a clear
/// mistake; then a summary per player.
///
/// Each move is analysed from the mover's view alone, as `tablic analyze` analyses the
/// position `tablic position FILE --ply N` prints, with the same seed: the bot (only
/// `pimc`, with its options) samples the ways the unseen cards may lie and solves every
/// legal move in each (to the end of the deal, fewer moves ahead where the deal is long or
/// the worlds outrun the node budget; to the end of the game in the last deal). "loss" is
/// the best move's mean margin, in points, minus the move played's, ± the standard error of
/// that difference over the same worlds; `?` marks a mistake (a loss of at least 1 point,
/// over 2 standard errors), `??` a blunder (at least 3 points). A dash means nothing was
/// weighed: a single legal move, or no world solved within the node budget even a round
/// ahead.
#[derive(Args, Debug)]
#[command(after_help = "Examples:\n  \
    tablic review game.txt\n  \
    tablic review game.txt --bot pimc:samples=64,nodes=100000 --json")]
pub struct ReviewArgs {
    /// The game record to review (`-` for stdin), as `Game::record` writes it.
    file: String,

    /// The judging bot: `pimc` or `pimc:samples=N,nodes=N`.
    #[arg(long, default_value = "pimc")]
    bot: String,

    /// Seed of the bot's world sampling for every move (decimal or 0x-hex, as for
    /// `match`).
    #[arg(long, default_value = "1", value_parser = parse_seed)]
    seed: u64,

    /// Print one JSON object instead of tables.
    #[arg(long)]
    json: bool,
}

/// One move of the game, judged.
#[derive(Serialize, Debug)]
struct MoveReview {
    ply: usize,
    seat: usize,
    played: String,
    best: String,
    /// Points lost against the best move, or `None` when nothing was weighed.
    loss: Option<f64>,
    /// The standard error of `loss` (0 when exact; `None` from a single sampled world).
    loss_se: Option<f64>,
    /// `""`, `"?"` (a mistake) or `"??"` (a blunder).
    mark: &'static str,
    worlds: u32,
}

impl MoveReview {
    /// The move played was the best, or worth as much.
    fn is_agreed(&self) -> bool {
        self.played == self.best || self.loss == Some(0.0)
    }
}

/// One seat's summary.
#[derive(Serialize, Debug, Default)]
struct SeatReview {
    seat: usize,
    /// The seat's name in the record, if it has one.
    name: Option<String>,
    moves: usize,
    /// Moves that were the best or worth as much.
    agreed: usize,
    /// Moves with a loss figure.
    weighed: usize,
    /// Moves marked `?` and `??`.
    mistakes: usize,
    blunders: usize,
    total_loss: f64,
    mean_loss: f64,
}

#[derive(Serialize, Debug)]
struct Review {
    bot: String,
    moves: Vec<MoveReview>,
    seats: Vec<SeatReview>,
}

/// The analysis' memory, kept from move to move.
struct Judge {
    options: PimcOptions,
    seed: u64,
    entries: Vec<Entry>,
    values: Vec<i32>,
}

impl Judge {
    /// `played` judged from `view`: against the best move of its seat's analysis. A single
    /// legal move, or no world solved, is not weighed.
    fn judge(&mut self, view: &PlayerView<'_>, played: Move, ply: usize) -> MoveReview {
        let mut judged = MoveReview {
            ply,
            seat: view.seat(),
            played: move_text(played),
            best: move_text(played),
            loss: None,
            loss_se: None,
            mark: Mark::None.symbol(),
            worlds: 0,
        };
        if legal_move_count_up_to(view.hand(), view.table(), 2) < 2 {
            return judged;
        }
        self.values.resize(values_needed(view, &self.options), 0);
        let analysis = analyze_view(
            view,
            &self.options,
            self.seed,
            &mut self.entries,
            &mut self.values,
        );
        let Ok(analysis) = analysis else {
            return judged;
        };
        if let Some(tally) = analysis.get(played) {
            judged.best = move_text(analysis.best().played());
            judged.loss = Some(tally.loss());
            judged.loss_se = tally.loss_error_variance().map(f64::sqrt);
            judged.mark = tally.mark().symbol();
            judged.worlds = analysis.worlds();
        }
        judged
    }
}

/// Judges every move of `recorded` from its mover's view.
fn review(recorded: &Recorded, options: PimcOptions, seed: u64) -> Review {
    let names = &recorded.names;
    let recorded = &recorded.game;
    let mut judge = Judge {
        options,
        seed,
        entries: vec![Entry::EMPTY; BotSpec::Pimc(options).memory_entries()],
        values: Vec::new(),
    };
    let mut game = recorded.rewound(0);
    let mut moves = Vec::new();
    for (index, &played) in recorded.history().iter().enumerate() {
        let Some(view) = game.current_view() else {
            break;
        };
        // Numbered in the whole game, also when it started from a position.
        let ply = recorded.opening_plies() + index + 1;
        moves.push(judge.judge(&view, played, ply));
        if game.play(played).is_err() {
            // A record read by the core replays: this cannot happen.
            break;
        }
    }
    let mut seats: Vec<SeatReview> = (0..recorded.players().get())
        .map(|seat| SeatReview {
            seat,
            name: names[seat].clone(),
            ..SeatReview::default()
        })
        .collect();
    for judged in &moves {
        let seat = &mut seats[judged.seat];
        seat.moves += 1;
        seat.agreed += usize::from(judged.is_agreed());
        seat.mistakes += usize::from(judged.mark == Mark::Mistake.symbol());
        seat.blunders += usize::from(judged.mark == Mark::Blunder.symbol());
        if let Some(loss) = judged.loss {
            seat.weighed += 1;
            seat.total_loss += loss;
        }
    }
    for seat in &mut seats {
        seat.mean_loss = if seat.weighed > 0 {
            seat.total_loss / seat.weighed as f64
        } else {
            0.0
        };
    }
    Review {
        bot: bot_name(&options),
        moves,
        seats,
    }
}

impl Review {
    fn tables(&self) -> String {
        let mut moves = Table::new(&[
            ("ply", Align::Right),
            ("seat", Align::Right),
            ("played", Align::Left),
            ("best", Align::Left),
            ("loss", Align::Right),
            ("", Align::Left),
        ]);
        for judged in &self.moves {
            moves.row(vec![
                judged.ply.to_string(),
                judged.seat.to_string(),
                judged.played.clone(),
                if judged.is_agreed() {
                    "=".to_string()
                } else {
                    judged.best.clone()
                },
                judged.loss.map_or("-".to_string(), |loss| {
                    with_error(format!("{loss:.2}"), judged.loss_se)
                }),
                judged.mark.to_string(),
            ]);
        }
        let mut seats = Table::new(&[
            ("seat", Align::Right),
            ("name", Align::Left),
            ("moves", Align::Right),
            ("agreed", Align::Right),
            ("weighed", Align::Right),
            ("?", Align::Right),
            ("??", Align::Right),
            ("total loss", Align::Right),
            ("mean loss", Align::Right),
        ]);
        for seat in &self.seats {
            seats.row(vec![
                seat.seat.to_string(),
                seat.name.clone().unwrap_or_else(|| "-".to_string()),
                seat.moves.to_string(),
                seat.agreed.to_string(),
                seat.weighed.to_string(),
                seat.mistakes.to_string(),
                seat.blunders.to_string(),
                format!("{:.2}", seat.total_loss),
                format!("{:.2}", seat.mean_loss),
            ]);
        }
        format!(
            "{}\nJudged by {}: loss = points given up against the best move ± its standard error (= when the move played was as good); ? a mistake, ?? a blunder.\n\n{}",
            moves.render(),
            self.bot,
            seats.render()
        )
    }
}

/// Runs `tablic review`.
pub fn run(args: &ReviewArgs) -> Result<ExitCode, Failure> {
    let options = judging_bot(&args.bot)?;
    let recorded = read_game(&args.file)?;
    let report = review(&recorded, options, args.seed);
    output::print_report(args.json, &report, || report.tables())?;
    Ok(ExitCode::SUCCESS)
}
