//! Full legal-capture enumeration per table size (the figures: 4 cards ≤ 50 ns,
//! 8 ≤ 500 ns, 16 ≤ 20 µs), and whole games between random and between greedy bots.
//!
//! Positions are fixed: position `p` is dealt from `Deck::from_seed(derive_seed(0xBE7C, p))`,
//! the table is its first `n` cards and the played card the next one. One iteration is one
//! enumeration; iterations cycle through the positions, so the figure is the mean over them.

use core::hint::black_box;

use criterion::{criterion_group, criterion_main, BenchmarkId, Criterion};
use tablic_core::bots::{play_out, Bot, GreedyBot, RandomBot};
use tablic_core::{capture, Game, PlayerCount};

#[path = "common/capture_positions.rs"]
mod capture_positions;
use capture_positions::positions;

fn enumerate_captures(c: &mut Criterion) {
    let mut group = c.benchmark_group("legal_captures");
    for size in [4, 8, 12, 16] {
        let positions = positions(size);
        let mut next = positions.iter().cycle();
        group.bench_function(BenchmarkId::from_parameter(size), |b| {
            b.iter(|| {
                let &(table, played) = next.next().unwrap_or(&positions[0]);
                let mut count = 0u32;
                capture::for_each_legal_capture(black_box(table), black_box(played), |_| {
                    count += 1
                });
                count
            })
        });
    }
    group.finish();
}

/// One whole 2-player game between two bots built by `bot(seed)`, a new deal each time.
fn whole_games<B: Bot>(c: &mut Criterion, name: &str, bot: fn(u64) -> B) {
    let mut seed = 0;
    c.bench_function(name, |b| {
        b.iter(|| {
            seed += 1;
            let mut game = Game::from_seed(PlayerCount::TWO, seed);
            let (mut first, mut second) = (bot(seed), bot(!seed));
            let mut bots: [&mut dyn Bot; 2] = [&mut first, &mut second];
            play_out(&mut game, &mut bots).map(|result| result.total(0))
        })
    });
}

fn games(c: &mut Criterion) {
    whole_games(c, "random_game_2p", RandomBot::new);
    whole_games(c, "greedy_game_2p", GreedyBot::new);
}

criterion_group!(benches, enumerate_captures, games);
criterion_main!(benches);
