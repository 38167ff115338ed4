//! Minimax's `exact=N`: the two-player last deal solved exactly within N solver nodes, the
//! search's move past them, and nothing changed without it.

use tablic_core::bots::solver::{Entry, Position};
use tablic_core::bots::{AnyBot, BotSpec, Opponents};
use tablic_core::Game;

mod common;
use common::{best_and_chosen, mixed_for};

/// Plies before the last deal of two players: three deals of twelve moves.
const LAST_DEAL: usize = 36;

/// The move `spec`'s bot, seeded `seed`, plays in `game`.
fn chosen_by(spec: &str, seed: u64, game: &Game) -> tablic_core::Move {
    let spec: BotSpec = spec.parse().unwrap();
    let mut memory = vec![Entry::EMPTY; spec.memory_entries()];
    let mut bot: AnyBot<'_> = spec.build(seed, &mut memory);
    bot.choose(game).unwrap()
}

/// The solver's value of the best move at `game` and of `chosen` there, a seat seen to
/// play greedy moves taken to go on so (as the bot takes it).
fn best_and_value_of(game: &Game, chosen: tablic_core::Move) -> (i32, i32) {
    let position = Position::<2>::from_game(game).unwrap();
    let greedy_seats = Opponents::observe(&game.current_view().unwrap()).greedy_seats();
    let (best, value) = best_and_chosen(&position, chosen, &greedy_seats);
    (best, value.unwrap())
}

/// At the start of the last deal the search's 2,000 nodes fall short of the best move in
/// some games; with `exact=` the bot plays a move of the solver's best value in every game,
/// so in those (10 of 40) the option changes the choice to the solver's.
#[test]
fn the_solve_plays_the_best_move_where_the_search_misses_it() {
    let (mut changed, mut games) = (0, 0);
    for seed in 0..40 {
        let game = mixed_for(2, seed, LAST_DEAL);
        assert!(
            game.undealt() == 0 && game.hand(0).len() == 6,
            "seed {seed}"
        );
        let searched = chosen_by("minimax:nodes=2000", seed, &game);
        let solved = chosen_by("minimax:nodes=2000,exact=1000000,memory=64", seed, &game);
        let (best, value_searched) = best_and_value_of(&game, searched);
        let (_, value_solved) = best_and_value_of(&game, solved);
        assert_eq!(value_solved, best, "seed {seed}: {solved}");
        if value_searched < best {
            changed += 1;
        }
        games += 1;
    }
    assert_eq!((changed, games), (10, 40));
}

/// A whole two-player game's moves, `first` playing seat 0 and `minimax:nodes=2000` seat
/// 1, each decision's bot seeded by the game's seed and the ply.
fn game_between(first: &str, seed: u64) -> Vec<tablic_core::Move> {
    let mut game = Game::from_seed(tablic_core::PlayerCount::TWO, seed);
    while let Some(seat) = game.to_move() {
        let spec = if seat == 0 {
            first
        } else {
            "minimax:nodes=2000"
        };
        let chosen = chosen_by(spec, seed * 100 + game.plies() as u64, &game);
        game.play(chosen).unwrap();
    }
    game.history().to_vec()
}

/// A budget the solve needs more than leaves the search's move: whole games with
/// `exact=1` are move for move those without it (the suits drawn the same way).
#[test]
fn past_its_budget_the_search_decides() {
    for seed in 0..6 {
        assert_eq!(
            game_between("minimax:nodes=2000,exact=1,memory=8", seed),
            game_between("minimax:nodes=2000", seed),
            "seed {seed}"
        );
    }
}

/// A budget big enough for every last deal changes whole games (it takes the solver's
/// moves there), and `exact=0`, the default, is minimax as it was.
#[test]
fn the_option_changes_games_only_when_set() {
    let mut differ = 0;
    for seed in 0..10 {
        let plain = game_between("minimax:nodes=2000", seed);
        assert_eq!(
            game_between("minimax:nodes=2000,exact=0,memory=8", seed),
            plain
        );
        if game_between("minimax:nodes=2000,exact=1000000", seed) != plain {
            differ += 1;
        }
    }
    assert_eq!(differ, 9);
}
