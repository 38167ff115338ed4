//! Time per PIMC decision at its default settings (target: ≤ 50 ms median on one core),
//! and per clairvoyant decision.
//!
//! Positions are those of the minimax bench: position `p` is the game
//! `Game::from_seed(players, derive_seed(0x313A, p))` played by greedy bots for `p mod 48`
//! moves, so every deal is covered. Printed, for 2, 3 and 4 players: the median, 90th
//! percentile and maximum over positions of each decision's own time; criterion then
//! gives the mean for 2 players.

use core::hint::black_box;
use std::time::Instant;

use criterion::{criterion_group, criterion_main, Criterion};
use tablic_core::bots::solver::Entry;
use tablic_core::bots::{Bot, ClairvoyantBot, PimcBot, PimcOptions, SOLVER_ENTRIES};
use tablic_core::Game;

const POSITIONS: u64 = 96;

mod common;
use common::{percentile, positions};

fn print_distribution(name: &str, mut micros: Vec<f64>) {
    micros.sort_by(f64::total_cmp);
    let at = |fraction: f64| percentile(&micros, fraction);
    println!(
        "{name}: per decision median {:.0} µs, p90 {:.0} µs, max {:.0} µs",
        at(0.5),
        at(0.9),
        at(1.0)
    );
}

fn decisions(c: &mut Criterion) {
    for players in 2..=4 {
        distributions(players);
    }
    let games = positions(2, POSITIONS);
    let mut memory = vec![Entry::EMPTY; SOLVER_ENTRIES];
    let mut pimc = PimcBot::new(PimcOptions::default(), 1, &mut memory);
    let mut next = games.iter().cycle();
    let mut group = c.benchmark_group("pimc");
    group.sample_size(10);
    group.bench_function("decision_2p", |b| {
        b.iter(|| {
            let game = next.next().unwrap_or(&games[0]);
            pimc.choose(&game.current_view().unwrap())
        })
    });
    group.finish();
}

/// Prints the distribution of pimc's and clairvoyant's decision times over the positions
/// of `players` players.
fn distributions(players: usize) {
    let games = positions(players, POSITIONS);
    let time = |mut decide: Box<dyn FnMut(&Game) + '_>| -> Vec<f64> {
        games
            .iter()
            .map(|game| {
                let start = Instant::now();
                decide(game);
                start.elapsed().as_secs_f64() * 1e6
            })
            .collect()
    };
    let mut memory = vec![Entry::EMPTY; SOLVER_ENTRIES];
    let mut pimc = PimcBot::new(PimcOptions::default(), 1, &mut memory);
    let micros = time(Box::new(|game: &Game| {
        black_box(pimc.choose(&game.current_view().unwrap()));
    }));
    print_distribution(&format!("pimc {players}p (defaults)"), micros);
    let mut memory = vec![Entry::EMPTY; SOLVER_ENTRIES];
    let mut clairvoyant = ClairvoyantBot::new(&mut memory);
    let micros = time(Box::new(|game: &Game| {
        black_box(clairvoyant.choose_seeing_all(game));
    }));
    print_distribution(&format!("clairvoyant {players}p"), micros);
}

criterion_group!(benches, decisions);
criterion_main!(benches);
