//! `tablic review`: a recorded game judged move by move by a bot.

use std::process::ExitCode;

use clap::Args;
use serde::Serialize;
use tablic_core::bots::solver::Entry;
use tablic_core::bots::{BotSpec, PimcBot, PimcOptions};
use tablic_core::Move;

use crate::error::Failure;
use crate::match_cmd::parse_seed;
use crate::output::{self, Align, Table};
use crate::record_file::{read_game, Recorded};

/// Review a recorded game: for every move, the bot's preferred move and how many points the
/// move played lost against it, by the bot's estimate; then a summary per player.
///
/// The bot (only `pimc`, with its options) weighs every legal move from the mover's view
/// alone, as if it were playing that seat: "loss" is the mean margin, in points, of its
/// best move minus that of the move played, over the worlds it solved (to the end of the
/// deal, or fewer moves ahead where the deal is long or a world outruns the node budget; to
/// the end of the game in the last deal). A dash means nothing was weighed: a single legal
/// move, or no world solved within the node budget even a round ahead.
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

    /// Seed of the bot's world sampling (decimal or 0x-hex, as for `match`).
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
    worlds: u32,
}

impl MoveReview {
    /// The move played was the bot's choice, or worth as much.
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
    /// Moves that were the bot's choice or worth as much.
    agreed: usize,
    /// Moves with a loss figure.
    weighed: usize,
    total_loss: f64,
    mean_loss: f64,
}

#[derive(Serialize, Debug)]
struct Review {
    bot: String,
    moves: Vec<MoveReview>,
    seats: Vec<SeatReview>,
}

/// The options of the judging bot, which must be PIMC.
fn judge(text: &str) -> Result<PimcOptions, Failure> {
    match text.parse::<BotSpec>() {
        Ok(BotSpec::Pimc { samples, nodes }) => Ok(PimcOptions { samples, nodes }),
        Ok(other) => Err(Failure::Usage(format!(
            "--bot: {} cannot weigh moves (use pimc)",
            other.name()
        ))),
        Err(error) => Err(Failure::Usage(format!("--bot: {error}"))),
    }
}

/// Judges every move of `recorded` from its mover's view.
fn review(recorded: &Recorded, options: PimcOptions, seed: u64, bot: &str) -> Review {
    let names = &recorded.names;
    let recorded = &recorded.game;
    let mut entries = vec![
        Entry::EMPTY;
        BotSpec::Pimc {
            samples: 1,
            nodes: 1
        }
        .memory_entries()
    ];
    let mut judge = PimcBot::new(options, seed, &mut entries);
    let mut game = recorded.rewound(0);
    let mut moves = Vec::new();
    for (index, &played) in recorded.history().iter().enumerate() {
        let Some(view) = game.current_view() else {
            break;
        };
        let evaluation = judge.evaluate(&view);
        let best = evaluation.best().unwrap_or(played);
        let loss = evaluation
            .mean_margin(best)
            .zip(evaluation.mean_margin(played))
            .map(|(best, played)| best - played);
        moves.push(MoveReview {
            ply: index + 1,
            seat: view.seat(),
            played: move_text(played),
            best: move_text(best),
            loss,
            worlds: evaluation.worlds(),
        });
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
        bot: bot.to_string(),
        moves,
        seats,
    }
}

/// `7S 3H 4D`, or `7S -` for a discard.
fn move_text(played: Move) -> String {
    if played.capture.is_empty() {
        format!("{} -", played.card)
    } else {
        played.to_string()
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
                judged
                    .loss
                    .map_or("-".to_string(), |loss| format!("{loss:.2}")),
            ]);
        }
        let mut seats = Table::new(&[
            ("seat", Align::Right),
            ("name", Align::Left),
            ("moves", Align::Right),
            ("agreed", Align::Right),
            ("weighed", Align::Right),
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
                format!("{:.2}", seat.total_loss),
                format!("{:.2}", seat.mean_loss),
            ]);
        }
        format!(
            "{}\nJudged by {}: loss = points given up against its best move (= when the move played was as good).\n\n{}",
            moves.render(),
            self.bot,
            seats.render()
        )
    }
}

/// Runs `tablic review`.
pub fn run(args: &ReviewArgs) -> Result<ExitCode, Failure> {
    let options = judge(&args.bot)?;
    let recorded = read_game(&args.file)?;
    let spec = BotSpec::Pimc {
        samples: options.samples,
        nodes: options.nodes,
    };
    let report = review(&recorded, options, args.seed, &spec.to_string());
    output::print_report(args.json, &report, || report.tables())?;
    Ok(ExitCode::SUCCESS)
}
