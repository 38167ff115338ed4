//! Time for the best-response bot's whole game against a greedy bot: every decision of its
//! seat, the first of which solves the game to its end (target: ≤ 10 ms median for two
//! players).
//!
//! Games: `Game::from_seed(players, derive_seed(0xB357, g))`, the bot at seat `g mod
//! players` with fresh memory (`BEST_RESPONSE_ENTRIES`, cleared in its time), the others
//! `GreedyBot::new(g)`. Printed, for 2, 3 and 4 players: the median, 90th percentile and
//! maximum over games of the bot's time in a game; criterion then gives the mean for 2
//! players.

use core::hint::black_box;
use std::time::{Duration, Instant};

use criterion::{criterion_group, criterion_main, Criterion};
use tablic_core::bots::solver::Entry;
use tablic_core::bots::{BestResponseBot, Bot, GreedyBot, BEST_RESPONSE_ENTRIES};
use tablic_core::dealing::seeding::derive_seed;
use tablic_core::{Game, PlayerCount};

/// Games timed for the printed distribution, per player count.
const GAMES: u64 = 64;

// Of the shared module, only `percentile` serves here.
#[allow(dead_code)]
mod common;
use common::percentile;

/// Plays game `g` of `players` and returns the time the best-response bot took in it.
fn whole_game(memory: &mut [Entry], players: usize, g: u64) -> Duration {
    let players = PlayerCount::new(players).unwrap_or(PlayerCount::TWO);
    let mut game = Game::from_seed(players, derive_seed(0xB357, g));
    let hero = g as usize % players.get();
    let mut bot = BestResponseBot::new(memory);
    let mut greedy = GreedyBot::new(g);
    let mut spent = Duration::ZERO;
    while let Some(seat) = game.to_move() {
        let chosen = if seat == hero {
            let start = Instant::now();
            let chosen = bot.choose_seeing_all(black_box(&game));
            spent += start.elapsed();
            chosen.unwrap()
        } else {
            greedy.choose(&game.view(seat).unwrap())
        };
        game.play(chosen).unwrap();
    }
    spent
}

fn games(c: &mut Criterion) {
    let mut memory = vec![Entry::EMPTY; BEST_RESPONSE_ENTRIES];
    for players in 2..=4 {
        let mut millis: Vec<f64> = (0..GAMES)
            .map(|g| whole_game(&mut memory, players, g).as_secs_f64() * 1e3)
            .collect();
        millis.sort_by(f64::total_cmp);
        let at = |fraction: f64| percentile(&millis, fraction);
        println!(
            "bestresponse, {players} players: per game median {:.1} ms, p90 {:.1} ms, max {:.1} ms",
            at(0.5),
            at(0.9),
            at(1.0)
        );
    }
    let mut next = (0..GAMES).cycle();
    c.bench_function("bestresponse/whole_game", |b| {
        b.iter(|| whole_game(&mut memory, 2, next.next().unwrap_or(0)))
    });
}

criterion_group! {
    name = benches;
    config = Criterion::default().sample_size(10);
    targets = games
}
criterion_main!(benches);
