//! `tablic match --to POINTS`: every deal group is a match to a target score instead of a
//! single game; the report is each bot's share of matches won and the games a match takes.
//! The matches themselves are `tablic_core::matches::to_target`.

use std::time::Instant;

use serde::Serialize;
use tablic_core::bots::solver::Entry;
use tablic_core::matches::to_target::{TargetSummary, TargetTally};
use tablic_core::matches::{split_groups, MatchPlan};

use crate::arena::Lineup;
use crate::error::Failure;
use crate::output::{self, Align, Table};
use crate::rules_flags::describe;

/// What `--json` prints.
#[derive(Serialize, Debug)]
struct TargetReport {
    target: u32,
    matches: u64,
    groups: u64,
    duplicate: bool,
    seed: u64,
    players: usize,
    #[serde(skip_serializing_if = "Option::is_none")]
    rules: Option<String>,
    bots: Vec<TargetBotReport>,
    elapsed_s: f64,
    #[serde(skip)]
    rules_described: String,
    #[serde(skip)]
    threads: usize,
}

#[derive(Serialize, Debug)]
struct TargetBotReport {
    bot: usize,
    name: String,
    side: usize,
    matches: u64,
    won_share: f64,
    won_se: f64,
    mean_games: f64,
}

/// Plays `groups` deal groups of `plan` as matches to `target` on `threads` threads, and
/// prints the report.
pub fn run(
    plan: &MatchPlan,
    lineup: &Lineup,
    target: u32,
    groups: u64,
    threads: usize,
    json: bool,
) -> Result<(), Failure> {
    if lineup.has_engines {
        return Err(Failure::Usage(
            "--to: engines cannot play matches to a target yet; use built-in bots".to_string(),
        ));
    }
    let start = Instant::now();
    let tally = play(plan, target, groups, threads)?;
    let elapsed_s = start.elapsed().as_secs_f64();
    let bots = (0..plan.players().get())
        .map(|bot| {
            let summary: TargetSummary = tally.summary(bot);
            TargetBotReport {
                bot,
                name: lineup.players[bot].name(),
                side: plan.side_of_bot(bot),
                matches: summary.matches,
                won_share: summary.won_share,
                won_se: summary.won_error_variance.sqrt(),
                mean_games: summary.mean_games,
            }
        })
        .collect();
    let report = TargetReport {
        target,
        matches: groups * plan.games_per_group() as u64,
        groups,
        duplicate: plan.is_duplicate(),
        seed: plan.seed(),
        players: plan.players().get(),
        rules: (!describe(plan.rules()).is_empty()).then(|| plan.rules().to_string()),
        bots,
        elapsed_s,
        rules_described: describe(plan.rules()),
        threads,
    };
    output::print_report(json, &report, || report.table())
}

/// Every group of the match, split between threads; the tallies merged in order.
fn play(
    plan: &MatchPlan,
    target: u32,
    groups: u64,
    threads: usize,
) -> Result<TargetTally, Failure> {
    let pieces: Vec<Result<TargetTally, Failure>> = std::thread::scope(|scope| {
        let handles: Vec<_> = (0..threads as u64)
            .map(|part| {
                scope.spawn(move || {
                    let mut memory = vec![Entry::EMPTY; plan.memory_entries()];
                    let mut tally = TargetTally::for_plan(plan);
                    for group in split_groups(groups, threads as u64, part) {
                        for rotation in 0..plan.games_per_group() {
                            let outcome = plan
                                .play_to_target(target, group, rotation, &mut memory)
                                .map_err(|error| Failure::Runtime(error.to_string()))?;
                            tally.add(&outcome);
                        }
                    }
                    Ok(tally)
                })
            })
            .collect();
        handles
            .into_iter()
            .map(|handle| {
                handle
                    .join()
                    .unwrap_or_else(|_| Err(Failure::Runtime("a thread failed".to_string())))
            })
            .collect()
    });
    let mut whole = TargetTally::for_plan(plan);
    for piece in pieces {
        whole.merge(&piece?);
    }
    Ok(whole)
}

impl TargetReport {
    fn table(&self) -> String {
        let mut table = Table::new(&[
            ("bot", Align::Right),
            ("name", Align::Left),
            ("side", Align::Right),
            ("matches won", Align::Right),
            ("games/match", Align::Right),
        ]);
        for bot in &self.bots {
            table.row(vec![
                bot.bot.to_string(),
                bot.name.clone(),
                bot.side.to_string(),
                format!("{:.1}% ± {:.1}%", 100.0 * bot.won_share, 100.0 * bot.won_se),
                format!("{:.2}", bot.mean_games),
            ]);
        }
        let rules = match self.rules_described.as_str() {
            "" => String::new(),
            described => format!(", {described}"),
        };
        let seatings = if self.duplicate {
            format!(
                " ({} × {})",
                self.groups,
                output::count(self.matches / self.groups.max(1), "seating")
            )
        } else {
            String::new()
        };
        format!(
            "{}{} {} to {}{seatings}, seed {}{rules}, {}, {:.2} s\n",
            table.render(),
            self.matches,
            if self.matches == 1 {
                "match"
            } else {
                "matches"
            },
            self.target,
            self.seed,
            output::count(self.threads as u64, "thread"),
            self.elapsed_s,
        )
    }
}
