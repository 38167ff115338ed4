//! Time per ISMCTS decision at its default settings, on the positions of the pimc bench:
//! position `p` is the game `Game::from_seed(players, derive_seed(0x313A, p))` played by
//! greedy bots for `p mod 48` moves. Printed, for 2, 3 and 4 players: the median, 90th
//! percentile and maximum over positions of each decision's own time; criterion then
//! gives the mean for 2 players.

use core::hint::black_box;
use std::time::Instant;

use criterion::{criterion_group, criterion_main, Criterion};
use tablic_core::bots::solver::Entry;
use tablic_core::bots::{Bot, IsmctsBot, IsmctsOptions, SOLVER_ENTRIES};

const POSITIONS: u64 = 96;

mod common;
use common::{percentile, positions};

fn decisions(c: &mut Criterion) {
    let mut memory = vec![Entry::EMPTY; SOLVER_ENTRIES];
    let mut ismcts = IsmctsBot::new(IsmctsOptions::default(), 1, &mut memory);
    for players in 2..=4 {
        let mut micros: Vec<f64> = positions(players, POSITIONS)
            .iter()
            .map(|game| {
                let start = Instant::now();
                black_box(ismcts.choose(&game.current_view().unwrap()));
                start.elapsed().as_secs_f64() * 1e6
            })
            .collect();
        micros.sort_by(f64::total_cmp);
        let at = |fraction: f64| percentile(&micros, fraction);
        println!(
            "ismcts {players}p (defaults): per decision median {:.0} µs, p90 {:.0} µs, max {:.0} µs",
            at(0.5),
            at(0.9),
            at(1.0)
        );
    }
    let games = positions(2, POSITIONS);
    let mut next = games.iter().cycle();
    let mut group = c.benchmark_group("ismcts");
    group.sample_size(10);
    group.bench_function("decision_2p", |b| {
        b.iter(|| {
            let game = next.next().unwrap_or(&games[0]);
            ismcts.choose(&game.current_view().unwrap())
        })
    });
    group.finish();
}

criterion_group!(benches, decisions);
criterion_main!(benches);
