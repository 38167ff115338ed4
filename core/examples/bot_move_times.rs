//! Times every decision of one bot, natively, in the games `tablic match --players SPEC,greedy
//! --games N --seed S` plays (the same deals, the same bot seeds, so the same positions):
//! the native side of the page's figure for `best` in a browser (web/bench.mjs plays the
//! same games through the JavaScript package and checks they are the same by seat 0's
//! points).
//!
//! ```sh
//! cargo run --release -p tablic-core --example bot_move_times -- best 20 1
//! ```
//!
//! Prints one JSON line: decisions, median, mean and max microseconds, seat 0's mean points.

use std::time::Instant;

use tablic_core::bots::solver::Entry;
use tablic_core::bots::BotSpec;
use tablic_core::matches::timing::DecisionTimer;
use tablic_core::matches::MatchPlan;

fn argument<T: std::str::FromStr>(index: usize, default: T) -> T
where
    T::Err: std::fmt::Display,
{
    match std::env::args().nth(index).map(|text| text.parse::<T>()) {
        None => default,
        Some(Ok(value)) => value,
        Some(Err(error)) => {
            eprintln!("error: argument {index}: {error}");
            std::process::exit(2);
        }
    }
}

fn main() {
    let spec: BotSpec = argument(1, BotSpec::Greedy);
    let games: u64 = argument(2, 20);
    let seed: u64 = argument(3, 1);
    let plan = MatchPlan::new(&[spec, BotSpec::Greedy], seed, false).expect("two players");
    let mut memory = vec![Entry::EMPTY; plan.memory_entries()];
    let mut times_us = Vec::new();
    let mut points = 0u64;
    for group in 0..games {
        let mut bots = plan.bots_for(group, 0, &mut memory);
        let (_, game) = plan
            .play_game_with(
                group,
                0,
                &mut |bot, game| {
                    let start = Instant::now();
                    let chosen = bots[bot].choose(game).expect("a bot to move");
                    if bot == 0 {
                        times_us.push(start.elapsed().as_secs_f64() * 1e6);
                    }
                    Ok(chosen)
                },
                &mut DecisionTimer::untimed(),
            )
            .expect("a built-in bot's game");
        points += u64::from(game.result().expect("a finished game").total(0));
    }
    times_us.sort_by(f64::total_cmp);
    let mean = times_us.iter().sum::<f64>() / times_us.len() as f64;
    println!(
        "{{\"decisions\":{},\"median_us\":{:.1},\"mean_us\":{:.1},\"max_us\":{:.1},\"mean_points\":{}}}",
        times_us.len(),
        times_us[times_us.len() / 2],
        mean,
        times_us[times_us.len() - 1],
        points as f64 / games as f64
    );
}
