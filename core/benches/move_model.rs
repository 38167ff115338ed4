//! Time for the move model's odds of every choice of every unseen card at one move
//! (`ClassWeights::new`): what a searching bot with `inference=1` computes once per
//! decision for each opponent move of the deal, before it samples any world.
//!
//! Moves are those of 100 greedy games (`Game::from_seed(2 players, seed)`, seeds 0 to
//! 99): 4,800 of them, each with the table before it and every card not yet in a pile or
//! on the table (at most all unseen cards, as a world's candidates are).

use core::hint::black_box;

use criterion::{criterion_group, criterion_main, Criterion};
use tablic_core::bots::best_greedy_move;
use tablic_core::bots::move_model::{ClassWeights, MoveContext};
use tablic_core::{CardSet, Game, PlayerCount};

fn moves() -> Vec<(MoveContext, CardSet)> {
    let mut moves = Vec::new();
    for seed in 0..100 {
        let mut game = Game::from_seed(PlayerCount::TWO, seed);
        while let Some(seat) = game.to_move() {
            let context = MoveContext::of_game(&game).unwrap();
            let out = (0..2).fold(game.table(), |out, seat| out | game.pile(seat));
            moves.push((context, CardSet::FULL - out));
            let chosen = best_greedy_move(game.hand(seat), game.table()).unwrap();
            game.play(chosen).unwrap();
        }
    }
    moves
}

fn move_model(c: &mut Criterion) {
    let moves = moves();
    assert_eq!(moves.len(), 4800);
    let mut next = moves.iter().cycle();
    c.bench_function("move_model/class_weights", |b| {
        b.iter(|| {
            let (context, cards) = black_box(next.next().unwrap_or(&moves[0]));
            ClassWeights::new(context, *cards)
        })
    });
}

criterion_group!(benches, move_model);
criterion_main!(benches);
