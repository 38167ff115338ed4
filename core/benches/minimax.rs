//! Time per minimax decision at depth 3 with the default node budget (target: ≤ 1 ms
//! median on a desktop).
//!
//! Positions are fixed: position `p` is game `Game::from_seed(players,
//! derive_seed(0x313A, p))` played by greedy bots for `p mod 48` moves (fewer with more
//! players), seen by the seat to move. So they cover every deal, the last one included,
//! where the search goes to the end of the game.
//!
//! Two figures per player count: criterion's (one iteration is one decision, cycling
//! through the positions, so it is the mean over them), and, printed first, the median,
//! 90th percentile and maximum over positions of each decision's own time (best of 5 runs),
//! with the nodes it visited.

use core::hint::black_box;
use std::time::Instant;

use criterion::{criterion_group, criterion_main, BenchmarkId, Criterion};
use tablic_core::bots::{Bot, MinimaxBot, MinimaxOptions};
use tablic_core::Game;

const POSITIONS: u64 = 400;

mod common;
use common::{percentile, positions};

/// Each decision timed on its own: the distribution criterion's mean hides.
fn print_distribution(players: usize, games: &[Game]) {
    let bot = MinimaxBot::new(MinimaxOptions::DEFAULT, 1);
    let mut micros = Vec::new();
    let mut nodes = Vec::new();
    for game in games {
        let Some(view) = game.current_view() else {
            continue;
        };
        let mut best = f64::INFINITY;
        for _ in 0..5 {
            let start = Instant::now();
            let decision = black_box(bot.decide(black_box(&view)));
            best = best.min(start.elapsed().as_secs_f64() * 1e6);
            nodes.push(decision.map_or(0, |d| d.nodes) as f64);
        }
        micros.push(best);
    }
    micros.sort_by(f64::total_cmp);
    nodes.sort_by(f64::total_cmp);
    println!(
        "minimax {players}p depth 3, {} nodes: per decision median {:.0} µs, p90 {:.0} µs, \
         max {:.0} µs; nodes median {:.0}, p90 {:.0}, max {:.0}",
        MinimaxOptions::DEFAULT.nodes,
        percentile(&micros, 0.5),
        percentile(&micros, 0.9),
        percentile(&micros, 1.0),
        percentile(&nodes, 0.5),
        percentile(&nodes, 0.9),
        percentile(&nodes, 1.0),
    );
}

fn decisions(c: &mut Criterion) {
    let mut group = c.benchmark_group("minimax_decision");
    for players in [2, 3, 4] {
        let games = positions(players, POSITIONS);
        print_distribution(players, &games);
        let mut bot = MinimaxBot::new(MinimaxOptions::DEFAULT, 1);
        let mut next = games.iter().cycle();
        group.bench_function(BenchmarkId::from_parameter(players), |b| {
            b.iter(|| {
                let game = next.next().unwrap_or(&games[0]);
                game.current_view().map(|view| bot.choose(black_box(&view)))
            })
        });
    }
    group.finish();
}

criterion_group!(benches, decisions);
criterion_main!(benches);
