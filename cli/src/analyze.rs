//! `tablic analyze`: every legal move of a position valued by the core's analysis, from a
//! seat's view or with everything known; also what `review` and `play`'s hint show.

use std::io;
use std::process::ExitCode;
use std::time::Instant;

use clap::Args;
use serde::Serialize;
use tablic_core::analysis::{analyze_game, analyze_view, values_needed, Analysis, AnalysisError};
use tablic_core::analysis::{weighing_options, EXACT_ENTRIES, EXACT_NODES};
use tablic_core::analysis::{BLUNDER_POINTS, CLEAR_ERRORS, MISTAKE_POINTS};
use tablic_core::bots::solver::{Entry, CUT_CARD, CUT_POINT};
use tablic_core::bots::{Bot, BotSpec, Horizon, PimcBot, PimcOptions};
use tablic_core::{Game, Move, Position, Rules};

use crate::error::Failure;
use crate::jsonl::{answer_lines, line_text};
use crate::match_cmd::parse_seed;
use crate::output::{self, Align, Table};
use crate::rules_flags::describe;

/// Analyse a position: every legal move of the seat to move, valued.
///
/// POSITION is one line of position text, as `tablic position` prints it (quote it in the
/// shell). A seat's position (with `seat=`) is analysed from that seat's view alone: the
/// bot (only pimc, with its options) deals the cards the seat has not seen in the ways it
/// samples them when it plays, and solves every legal move in every one of those worlds
/// (none dropped early, as the bot drops them). A position with everything known (`hands=`
/// and `deck=`) is solved exactly, to the end of the game, with the best line.
#[derive(Args, Debug)]
#[command(after_help = ANALYZE_AFTER_HELP)]
pub struct AnalyzeArgs {
    /// The position, one line of text (required unless --jsonl).
    #[arg(value_name = "POSITION", required_unless_present = "jsonl")]
    position: Option<String>,

    /// The bot whose sampling values a seat's moves: `pimc` or `pimc:samples=N,nodes=N`
    /// (N worlds, each solve within N nodes).
    #[arg(long, default_value = "pimc")]
    bot: String,

    /// Seed of the bot's world sampling (decimal or 0x-hex). The bot with this seed plays
    /// from the same worlds.
    #[arg(long, default_value = "1", value_parser = parse_seed)]
    seed: u64,

    /// Node budget of the exact solve, line included (everything known); past it the
    /// answer is an error, never a value short of exact.
    #[arg(long, value_name = "N", default_value_t = EXACT_NODES, value_parser = clap::value_parser!(u64).range(1..))]
    nodes: u64,

    /// Print one JSON object instead of the table.
    #[arg(long)]
    json: bool,

    /// Read positions from stdin, one a line, and answer each with a JSON object as --json
    /// prints it, or `{"error":"line N: …"}`; if any line failed, exit 2 once every line is
    /// answered, naming the first on stderr.
    #[arg(long, conflicts_with_all = ["position", "json"])]
    jsonl: bool,
}

const ANALYZE_AFTER_HELP: &str = "\
From a seat's view, for each move: its mean margin in points (the seat's points and tablas \
minus the others' mean at the bot's horizon: the end of this deal, fewer moves ahead for \
three or four players, the end of the game in the last deal; short of the game's end, each \
card of lead counts 1/3 point, or with a bot's learned=1 (two players under the original \
rules, the games it learned) the learned evaluation values the rest of the game at the \
deal's end) ± its standard error over the worlds; `ahead`, the share of \
worlds in which the seat is ahead at the horizon (a win only at the game's end); and its \
loss against the best move ± the standard error of the difference, world by world. In two \
players' last deal the other hand is every unseen card: one world, exact. `?` marks a \
mistake: a loss of at least 1 point, more than 2 standard errors; `??` a blunder: at least \
3 points. Then the move the bot plays with this seed.

With everything known, each move's exact margin to the end of the game (with more than two \
players, against the others all playing against the seat), the best line, the nodes \
searched and the time. The last two deals take well under a second; a whole game from its \
first move took minutes and hundreds of millions of nodes (raise --nodes).

A bad position, or one the node budget does not solve, prints one `error: …` line on \
stderr and exits with status 2.

Examples:
  tablic analyze 'players=2 ply=24 turn=0 seat=0 table=8C hand=AD,2D,3C,6S,9D,JD piles=3D,4S,6D,7H,7S,10C,10S,QC,QH;2C,3S,4D,4H,5C,5D,5H,5S,8H,8S,9H,9S,10D,JH,QS,KC,KH,KS tablas=0,0 last=1'
  tablic analyze --json 'players=2 ply=42 turn=0 table=3H,6C,QD hands=AC,10H,KD;2H,4C,8D piles=AD,AH,2D,3D,4S,6D,7C,7H,7S,9D,10C,10S,JC,JD,QC,QH;AS,2C,2S,3C,3S,4D,4H,5C,5D,5H,5S,6H,6S,7D,8C,8H,8S,9C,9H,9S,10D,JH,JS,QS,KC,KH,KS tablas=0,0 last=1 deck=-'
  tablic position game.txt --ply 37 --all | tablic analyze --jsonl";

/// Runs `tablic analyze`.
pub fn run(args: &AnalyzeArgs) -> Result<ExitCode, Failure> {
    let options = judging_bot(&args.bot)?;
    let mut analyst = Analyst::new(options, args.seed, args.nodes);
    match &args.position {
        Some(text) if !args.jsonl => {
            let report = analyst.report(text).map_err(Failure::Usage)?;
            output::print_report(args.json, &report, || report.table())?;
            Ok(ExitCode::SUCCESS)
        }
        _ => answer_lines(io::stdin().lock(), &mut output::stdout(), |line, answer| {
            let report = analyst.report(line_text(line)?)?;
            let json = serde_json::to_string(&report).map_err(|error| error.to_string())?;
            answer.push_str(&json);
            Ok(())
        }),
    }
}

/// The options of the bot that weighs a seat's moves, which must be PIMC (`--bot`).
pub fn judging_bot(text: &str) -> Result<PimcOptions, Failure> {
    let spec = text
        .parse::<BotSpec>()
        .map_err(|error| Failure::Usage(format!("--bot: {error}")))?;
    weighing_options(&spec).map_err(|error| Failure::Usage(format!("--bot: {error}")))
}

/// The name of the PIMC bot with `options`, as `--bot` writes it.
pub fn bot_name(options: &PimcOptions) -> String {
    BotSpec::Pimc(*options).to_string()
}

/// The memory the analyses use, kept from one position to the next.
struct Analyst {
    options: PimcOptions,
    seed: u64,
    nodes: u64,
    entries: Vec<Entry>,
    values: Vec<i32>,
}

impl Analyst {
    fn new(options: PimcOptions, seed: u64, nodes: u64) -> Analyst {
        Analyst {
            options,
            seed,
            nodes,
            entries: Vec::new(),
            values: Vec::new(),
        }
    }

    /// The report on one position's text, or why there is none.
    fn report(&mut self, text: &str) -> Result<Report, String> {
        let position: Position =
            (text.trim().parse()).map_err(|error| format!("position: {error}"))?;
        let game = Game::from_position(&position);
        match position.seat() {
            None => {
                self.entries.resize(EXACT_ENTRIES, Entry::EMPTY);
                let started = Instant::now();
                let analysis = analyze_game(&game, Some(self.nodes), &mut self.entries)
                    .map_err(|error| explain(error, "--nodes"))?;
                let elapsed = started.elapsed();
                Ok(Report::new(&analysis, &game, None, elapsed))
            }
            Some(seat) => {
                let view = game.view(seat).ok_or("no such seat")?;
                let entries = BotSpec::Pimc(self.options).memory_entries();
                self.entries.resize(entries, Entry::EMPTY);
                self.values.resize(values_needed(&view, &self.options), 0);
                let started = Instant::now();
                let analysis = analyze_view(
                    &view,
                    &self.options,
                    self.seed,
                    &mut self.entries,
                    &mut self.values,
                )
                .map_err(|error| explain(error, "the bot's nodes"))?;
                let elapsed = started.elapsed();
                let mut bot = PimcBot::new(self.options, self.seed, &mut self.entries);
                let played = bot.choose(&view);
                let chosen = BotMove {
                    name: bot_name(&self.options),
                    played: MoveJson::of(played),
                    text: move_text(played),
                };
                Ok(Report::new(&analysis, &game, Some(chosen), elapsed))
            }
        }
    }
}

/// The core's reason, with the option to raise when a budget ran out.
fn explain(error: AnalysisError, budget: &str) -> String {
    match error {
        AnalysisError::OutOfBudget { .. } => format!("{error} (raise {budget})"),
        _ => error.to_string(),
    }
}

/// A move as JSON: `{"card":"7S","capture":["3H","4D"]}`.
#[derive(Serialize, Debug, Clone, PartialEq)]
struct MoveJson {
    card: String,
    capture: Vec<String>,
}

impl MoveJson {
    fn of(played: Move) -> MoveJson {
        MoveJson {
            card: played.card.to_string(),
            capture: played.capture.iter().map(|card| card.to_string()).collect(),
        }
    }
}

/// One move's figures, in points.
#[derive(Serialize, Debug)]
struct MoveReport {
    #[serde(flatten)]
    played: MoveJson,
    margin: f64,
    /// `None` from a single sampled world.
    margin_se: Option<f64>,
    ahead: f64,
    loss: f64,
    loss_se: Option<f64>,
    mark: &'static str,
    #[serde(skip)]
    text: String,
}

/// The move the bot plays from the view.
#[derive(Serialize, Debug)]
struct BotMove {
    name: String,
    #[serde(rename = "move")]
    played: MoveJson,
    #[serde(skip)]
    text: String,
}

/// One ply of the best line.
#[derive(Serialize, Debug)]
struct LineMove {
    ply: usize,
    seat: usize,
    #[serde(flatten)]
    played: MoveJson,
    #[serde(skip)]
    text: String,
}

/// What `tablic analyze` prints for a position.
#[derive(Serialize, Debug)]
struct Report {
    seat: usize,
    exact: bool,
    /// `game_end`, `deal_end` or `moves:N`.
    horizon: String,
    worlds: u32,
    left_out: u32,
    /// Best first.
    moves: Vec<MoveReport>,
    best: MoveJson,
    #[serde(skip_serializing_if = "Option::is_none")]
    bot: Option<BotMove>,
    #[serde(skip_serializing_if = "Option::is_none")]
    line: Option<Vec<LineMove>>,
    nodes: u64,
    elapsed_ms: u64,
    /// The rules, as a record writes them, unless they are the original's.
    #[serde(skip_serializing_if = "Option::is_none")]
    rules: Option<String>,
    /// How many sides play (the players, when everyone plays alone).
    #[serde(skip)]
    sides: usize,
    /// True when every seat plays alone.
    #[serde(skip)]
    alone: bool,
    #[serde(skip)]
    rules_described: String,
    #[serde(skip)]
    reach: Horizon,
}

impl Report {
    fn new(
        analysis: &Analysis,
        game: &Game,
        bot: Option<BotMove>,
        elapsed: std::time::Duration,
    ) -> Report {
        let moves = analysis
            .moves()
            .iter()
            .map(|tally| MoveReport {
                played: MoveJson::of(tally.played()),
                margin: tally.mean_margin(),
                margin_se: tally.margin_error_variance().map(f64::sqrt),
                ahead: tally.ahead_share(),
                loss: tally.loss(),
                loss_se: tally.loss_error_variance().map(f64::sqrt),
                mark: tally.mark().symbol(),
                text: move_text(tally.played()),
            })
            .collect();
        let line = analysis.is_exact() && !analysis.line().is_empty();
        let line = line.then(|| {
            let start = game.plies();
            let mut replay = game.clone();
            (analysis.line().iter().enumerate())
                .map(|(index, &played)| {
                    let seat = replay.to_move().unwrap_or(0);
                    // The line is the solver's, from this game: every move is legal.
                    let _ = replay.play(played);
                    LineMove {
                        ply: start + index + 1,
                        seat,
                        played: MoveJson::of(played),
                        text: move_text(played),
                    }
                })
                .collect()
        });
        Report {
            seat: analysis.seat(),
            exact: analysis.is_exact(),
            horizon: analysis.horizon().to_string(),
            worlds: analysis.worlds(),
            left_out: analysis.left_out(),
            moves,
            best: MoveJson::of(analysis.best().played()),
            bot,
            line,
            nodes: analysis.nodes(),
            elapsed_ms: elapsed.as_millis() as u64,
            rules: (game.rules() != Rules::ORIGINAL).then(|| game.rules().to_string()),
            sides: game.side_count(),
            alone: game.rules().is_everyone_alone(),
            rules_described: describe(game.rules()),
            reach: analysis.horizon(),
        }
    }

    /// The report as a table, best first, with the legend, the bot's move or the best line.
    fn table(&self) -> String {
        let sampled = !self.exact;
        let mut columns = vec![("move", Align::Left), ("margin", Align::Right)];
        if sampled {
            columns.push(("ahead", Align::Right));
        }
        columns.extend([("loss", Align::Right), ("", Align::Left)]);
        let mut table = Table::new(&columns);
        for judged in &self.moves {
            let mut row = vec![
                judged.text.clone(),
                with_error(format!("{:+.2}", judged.margin), judged.margin_se),
            ];
            if sampled {
                row.push(format!("{:.1}%", judged.ahead * 100.0));
            }
            row.push(with_error(format!("{:.2}", judged.loss), judged.loss_se));
            row.push(judged.mark.to_string());
            table.row(row);
        }
        let seen = if self.exact && self.line.is_some() {
            "everything known: exact values".to_string()
        } else if self.exact {
            "the other hand is every unseen card: exact values".to_string()
        } else {
            let left_out = match self.left_out {
                0 => String::new(),
                1 => " (1 more left out, over its node budget)".to_string(),
                more => format!(" ({more} more left out, over their node budget)"),
            };
            format!("{} sampled worlds{left_out}", self.worlds)
        };
        let reach = reach(self.reach);
        let rules = match self.rules_described.as_str() {
            "" => String::new(),
            described => format!(" ({described})"),
        };
        let mut text = format!(
            "Seat {}{rules} to move; {seen}, {reach}.\n{}",
            self.seat,
            table.render()
        );
        if let Some(bot) = &self.bot {
            text.push_str(&format!("{} plays {}.\n", bot.name, bot.text));
        }
        if let Some(line) = &self.line {
            text.push_str("Best line:\n");
            for step in line {
                text.push_str(&format!(
                    "  {:>2}. seat {}: {}\n",
                    step.ply, step.seat, step.text
                ));
            }
        }
        text.push_str(&output::wrap_words(
            &legend(self.sides, self.alone, self.reach, self.exact),
            "",
            "",
            90,
        ));
        text.push_str(&format!("{} nodes, {} ms.\n", self.nodes, self.elapsed_ms));
        text
    }
}

/// What the table's figures mean, with `sides` sides (seats, when everyone plays `alone`).
fn legend(sides: usize, alone: bool, horizon: Horizon, exact: bool) -> String {
    let (whose, them) = match (alone, sides) {
        (true, 2) => ("points and tablas", "the other's"),
        (true, _) => ("points and tablas", "the others' mean"),
        (false, 2) => ("the side's points and tablas", "the other side's"),
        (false, _) => ("the side's points and tablas", "the other sides' mean"),
    };
    let mut legend = format!("Margin: {whose} minus {them}");
    if horizon == Horizon::GameEnd {
        legend.push_str(", with the +3 for the most cards, when the game ends.");
    } else if horizon == Horizon::LearnedDealEnd {
        legend.push_str(
            " when this deal ends, plus the learned evaluation's margin over the rest of the \
             game (the +3 for the most cards included): the expected final margin.",
        );
    } else {
        legend.push_str(&format!(
            " at the horizon; each card of lead in captured cards counts {CUT_CARD}/{CUT_POINT} point."
        ));
    }
    if !exact {
        legend.push_str(
            " ± its standard error over the worlds. Ahead: the share of worlds with a margin \
             above 0 at the horizon (a win only at the game's end).",
        );
    }
    legend.push_str(&format!(
        " Loss: against the best move{}; ? a mistake (at least {}), ?? a blunder (at least \
         {}).",
        if exact {
            String::new()
        } else {
            format!(
                ", world by world, ± its standard error; marked only when over {CLEAR_ERRORS} \
                 standard errors"
            )
        },
        output::count(MISTAKE_POINTS as u64, "point"),
        output::count(BLUNDER_POINTS as u64, "point"),
    ));
    legend
}

/// How far `horizon` sees: `to the end of this deal`.
pub fn reach(horizon: Horizon) -> String {
    match horizon {
        Horizon::GameEnd => "to the end of the game".to_string(),
        Horizon::DealEnd => "to the end of this deal".to_string(),
        Horizon::LearnedDealEnd => {
            "to the end of this deal, and the learned evaluation of the rest".to_string()
        }
        Horizon::Moves(moves) => format!("over the next {moves} moves"),
    }
}

/// `+0.76 ± 0.21`: a figure and its standard error; the figure alone when the error is 0
/// (exact values, or every world alike), `± ?` when unknown (a single sampled world).
pub fn with_error(value: String, error: Option<f64>) -> String {
    match error {
        Some(error) if error > 0.0 => format!("{value} ± {error:.2}"),
        Some(_) => value,
        None => format!("{value} ± ?"),
    }
}

/// `7S 3H 4D`, or `7S -` for a discard.
pub fn move_text(played: Move) -> String {
    if played.capture.is_empty() {
        format!("{} -", played.card)
    } else {
        played.to_string()
    }
}
