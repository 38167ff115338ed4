//! Time per learned evaluation of a deal end (`DealEnd::rest_margin`).
//!
//! Deal ends are those of 200 greedy games (`Game::from_seed(2 players, seed)`, seeds 0 to
//! 199) after their first, second and third deals, from each seat: 1,200 of them, valued
//! in turn.

use core::hint::black_box;

use criterion::{criterion_group, criterion_main, Criterion};
use tablic_core::bots::best_greedy_move;
use tablic_core::bots::evaluation::DealEnd;
use tablic_core::{Game, PlayerCount};

fn deal_ends() -> Vec<DealEnd> {
    let mut ends = Vec::new();
    for seed in 0..200 {
        let mut game = Game::from_seed(PlayerCount::TWO, seed);
        while let Some(seat) = game.to_move() {
            let chosen = best_greedy_move(game.hand(seat), game.table()).unwrap();
            game.play(chosen).unwrap();
            ends.extend((0..2).filter_map(|hero| DealEnd::of_game(&game, hero)));
        }
    }
    ends
}

fn evaluation(c: &mut Criterion) {
    let ends = deal_ends();
    assert_eq!(ends.len(), 1200);
    let mut next = ends.iter().cycle();
    c.bench_function("evaluation/rest_margin", |b| {
        b.iter(|| black_box(next.next().unwrap_or(&ends[0])).rest_margin())
    });
}

criterion_group!(benches, evaluation);
criterion_main!(benches);
