//! The exact solver on seeded two-player games, every root move solved, from a cleared
//! transposition table each time (its clearing is part of the figure).
//!
//! Positions are reached by greedy play from `Game::from_seed(TWO, seed)`, seeds 1..=16;
//! the table has 2^18 entries (4 MiB):
//! - `last_deal`: the start of the last deal (12 plies left);
//! - `last_two_deals`: the start of the last two deals (24 plies left).
//!
//! The whole game from the first move is out of reach for now (see `bots::solver`).
//!
//! One iteration solves one position; iterations cycle through the seeds, so the figure is
//! the mean over them.

use core::hint::black_box;

use criterion::{criterion_group, criterion_main, Criterion};
use tablic_core::bots::best_greedy_move;
use tablic_core::bots::solver::{Entry, Position, Solver};
use tablic_core::{Game, PlayerCount, MOVES_PER_GAME};

fn greedy_until(seed: u64, plies_left: usize) -> Position<2> {
    let mut game = Game::from_seed(PlayerCount::TWO, seed);
    while MOVES_PER_GAME - game.history().len() > plies_left {
        let seat = game.to_move().unwrap_or(0);
        let greedy = best_greedy_move(game.hand(seat), game.table()).unwrap();
        game.play(greedy).unwrap();
    }
    Position::from_game(&game).unwrap()
}

fn solve_all(entries: &mut [Entry], position: &Position<2>) -> i32 {
    let mut solver = Solver::new(entries);
    let mut best = i32::MIN;
    solver
        .solve_all(black_box(position), |_, value| best = best.max(value))
        .unwrap();
    best
}

fn bench(c: &mut Criterion, name: &str, seeds: u64, plies_left: usize, entries: usize) {
    let positions: Vec<_> = (1..=seeds)
        .map(|seed| greedy_until(seed, plies_left))
        .collect();
    let mut table = vec![Entry::EMPTY; entries];
    let mut next = positions.iter().cycle();
    c.bench_function(name, |b| {
        b.iter(|| solve_all(&mut table, next.next().unwrap_or(&positions[0])))
    });
}

fn last_deal(c: &mut Criterion) {
    bench(c, "solver/last_deal", 16, 12, 1 << 18);
}

fn last_two_deals(c: &mut Criterion) {
    bench(c, "solver/last_two_deals", 16, 24, 1 << 18);
}

criterion_group! {
    name = benches;
    config = Criterion::default().sample_size(10);
    targets = last_deal, last_two_deals
}
criterion_main!(benches);
