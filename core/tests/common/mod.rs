//! Games the bots' tests start from.

// Each test crate includes this module and uses only some of it.
#![allow(dead_code)]

use tablic_core::bots::solver::{Entry, Position, Solver};
use tablic_core::bots::{best_greedy_move, AnyBot, BotSpec, SOLVER_ENTRIES};
use tablic_core::{below, CardSet, Game, Move, Pcg32, PlayerCount};

/// A game of `players` after `plies` greedy moves.
pub fn greedy_for(players: usize, seed: u64, plies: usize) -> Game {
    let mut game = Game::from_seed(PlayerCount::new(players).unwrap(), seed);
    while game.history().len() < plies {
        let seat = game.to_move().unwrap();
        game.play(best_greedy_move(game.hand(seat), game.table()).unwrap())
            .unwrap();
    }
    game
}

/// A game of `players` after `plies` moves, greedy two times in three and random
/// otherwise, by the seed's coin: seats seldom pass for greedy players.
pub fn mixed_for(players: usize, seed: u64, plies: usize) -> Game {
    let mut game = Game::from_seed(PlayerCount::new(players).unwrap(), seed);
    let mut rng = Pcg32::new(seed, 5);
    while game.history().len() < plies && !game.is_finished() {
        let seat = game.to_move().unwrap();
        let chosen = if below(&mut rng, 3) > 0 {
            best_greedy_move(game.hand(seat), game.table()).unwrap()
        } else {
            let mut moves = Vec::new();
            game.for_each_legal_move(|legal| moves.push(legal));
            moves[below(&mut rng, moves.len() as u32) as usize]
        };
        game.play(chosen).unwrap();
    }
    game
}

/// A whole game of `players` between `spec`'s bots at the even seats and greedy ones at the
/// odd seats; it fails the test on any illegal move.
pub fn against_greedy(players: usize, seed: u64, spec: BotSpec) -> Game {
    let mut game = Game::from_seed(PlayerCount::new(players).unwrap(), seed);
    let mut memory: Vec<Vec<Entry>> = (0..players)
        .map(|_| vec![Entry::EMPTY; spec.memory_entries()])
        .collect();
    let mut bots: Vec<AnyBot<'_>> = memory
        .iter_mut()
        .enumerate()
        .map(|(seat, memory)| {
            let seat_seed = seed * 10 + seat as u64;
            if seat % 2 == 0 {
                spec.build(seat_seed, memory)
            } else {
                BotSpec::Greedy.build(seat_seed, &mut [])
            }
        })
        .collect();
    while let Some(seat) = game.to_move() {
        let chosen = bots[seat].choose(&game).unwrap();
        let played = game.play(chosen);
        assert!(
            played.is_ok(),
            "{players} players, seed {seed}, seat {seat}: {chosen}"
        );
    }
    game
}

/// The solver's best value at `position` and the value of `chosen` there, with
/// `greedy_seats` taken to play greedy moves (`None` if `chosen` is no root move).
pub fn best_and_chosen<const SEATS: usize>(
    position: &Position<SEATS>,
    chosen: Move,
    greedy_seats: &[bool],
) -> (i32, Option<i32>) {
    let mut memory = vec![Entry::EMPTY; SOLVER_ENTRIES];
    let mut solver = Solver::new(&mut memory);
    solver.set_greedy_seats(greedy_seats);
    let (_, best) = solver.best_move(position).unwrap();
    let mut value_of_chosen = None;
    solver
        .solve_all(position, |played, value| {
            if played == chosen {
                value_of_chosen = Some(value);
            }
        })
        .unwrap();
    (best, value_of_chosen)
}

/// The value of `key=value` in a test vector's state (`table=3S,6D lead=-1 …`).
pub fn field<'a>(state: &'a str, key: &str) -> &'a str {
    state
        .split_whitespace()
        .find_map(|part| part.strip_prefix(key)?.strip_prefix('='))
        .unwrap_or_else(|| panic!("no {key} in {state}"))
}

/// Cards as a test vector's state lists them: `3S,6D`, or `-` for none.
pub fn cards(text: &str) -> CardSet {
    if text == "-" {
        CardSet::EMPTY
    } else {
        text.parse().unwrap()
    }
}
