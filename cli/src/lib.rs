//! `tablic`: the command-line face of `tablic-core`, as a library so the fuzz targets call
//! the very code the command runs on untrusted input.
//!
//! Every rule, capture and bot lives in the core; this crate only reads arguments, calls the
//! core, and prints. Each subcommand has its own module; this file holds the clap tree and
//! turns outcomes into exit codes (0 fine, 1 failed while running, 2 bad arguments or input).
//! Public are the readers of outside input: the `--jsonl` lines of `moves` and `rank`, and
//! the lines an engine bot writes to the referee ([`engine::protocol`]).

mod analyze;
mod arena;
mod bench;
mod checkpoint_file;
mod dataset;
mod dataset_fields;
mod dataset_moves;
pub mod engine;
pub mod error;
pub mod jsonl;
pub mod lines;
mod match_cmd;
pub mod moves;
mod output;
mod play;
mod position;
pub mod rank;
mod record_file;
mod render;
mod replay;
mod review;
mod rules;
mod rules_flags;
mod target_match;
mod tournament;

use std::io::Write;
use std::process::ExitCode;

use clap::error::ErrorKind;
use clap::{Parser, Subcommand};

use crate::error::Failure;

/// Tablić from the command line: play against the bots, the rules, legal captures, bot
/// matches, move rankings, positions and their analysis, benchmarks, training rows.
#[derive(Parser, Debug)]
#[command(name = "tablic", version, propagate_version = true)]
#[command(after_help = "Run 'tablic <COMMAND> --help' for each command's options.")]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand, Debug)]
enum Command {
    Play(play::PlayArgs),
    Rules(rules::RulesArgs),
    Moves(moves::MovesArgs),
    Match(match_cmd::MatchArgs),
    Rank(rank::RankArgs),
    Bench(bench::BenchArgs),
    Tournament(tournament::TournamentArgs),
    Replay(replay::ReplayArgs),
    Review(review::ReviewArgs),
    Render(render::RenderArgs),
    Position(position::PositionArgs),
    Analyze(analyze::AnalyzeArgs),
    Dataset(dataset::DatasetArgs),
}

/// Runs the command line of this process: what `tablic` does.
pub fn main() -> ExitCode {
    let cli = match Cli::try_parse() {
        Ok(cli) => cli,
        Err(error) => return clap_exit(&error),
    };
    let outcome = match cli.command {
        Command::Moves(args) => moves::run(&args),
        Command::Match(args) => match_cmd::run(&args),
        Command::Rank(args) => rank::run(&args),
        Command::Bench(args) => bench::run(&args),
        Command::Tournament(args) => tournament::run(&args),
        Command::Replay(args) => replay::run(&args),
        Command::Play(args) => play::run(&args),
        Command::Review(args) => review::run(&args),
        Command::Render(args) => render::run(&args),
        Command::Rules(args) => rules::run(&args),
        Command::Position(args) => position::run(&args),
        Command::Analyze(args) => analyze::run(&args),
        Command::Dataset(args) => dataset::run(&args),
    };
    outcome.unwrap_or_else(Failure::report)
}

/// Help and version go out as clap writes them; a usage error becomes one `error: ` line
/// and exit 2, so scripts and users get the same short answer as for our own errors.
fn clap_exit(error: &clap::Error) -> ExitCode {
    match error.kind() {
        ErrorKind::DisplayHelp | ErrorKind::DisplayVersion => {
            // Nothing useful to do if printing help fails.
            let _ = error.print();
            ExitCode::SUCCESS
        }
        // `tablic` alone: the help is the useful answer, as clap prints it (exit 2).
        ErrorKind::DisplayHelpOnMissingArgumentOrSubcommand => {
            let _ = error.print();
            ExitCode::from(error::EXIT_USAGE)
        }
        _ => {
            let _ = writeln!(std::io::stderr(), "{}", one_line(error));
            ExitCode::from(error::EXIT_USAGE)
        }
    }
}

/// clap's message without the usage block, squeezed onto one line.
fn one_line(error: &clap::Error) -> String {
    let text = error.render().to_string();
    let mut message = String::new();
    for line in text.lines().map(str::trim) {
        if line.is_empty() || line.starts_with("Usage:") || line.starts_with("For more information")
        {
            continue;
        }
        if !message.is_empty() {
            message.push_str(if line.starts_with("tip:") { "; " } else { " " });
        }
        message.push_str(line);
    }
    if !message.starts_with("error:") {
        message.insert_str(0, "error: ");
    }
    message.push_str(" (see --help)");
    message
}
