//! The clairvoyant reference bot: the solver's best move with every card known, at the
//! horizon the sampling bot uses, in reasonable time for any player count.

use tablic_core::bots::solver::{Entry, Position};
use tablic_core::bots::{ClairvoyantBot, SOLVER_ENTRIES};
use tablic_core::{Game, PlayerCount};

mod common;
use common::{best_and_chosen, greedy_for};

fn entries() -> Vec<Entry> {
    vec![Entry::EMPTY; SOLVER_ENTRIES]
}

/// With two players the clairvoyant move is worth the solver's best value, to the end of
/// the deal (to the end of the game in the last deal).
#[test]
fn two_players_play_the_solvers_best_move() {
    for seed in 0..24u64 {
        let game = greedy_for(2, seed, (seed as usize * 7) % 48);
        let mut memory = entries();
        let chosen = ClairvoyantBot::new(&mut memory)
            .choose_seeing_all(&game)
            .unwrap();
        let whole = Position::<2>::from_game(&game).unwrap();
        let position = if game.undealt() > 0 {
            whole.cut_at_deal_end()
        } else {
            whole
        };
        let (best, value_of_chosen) = best_and_chosen(&position, chosen, &[]);
        assert_eq!(value_of_chosen, Some(best), "seed {seed}: {chosen}");
    }
}

/// Four players' deals (24 moves) are cut after four rounds, or nearer when that outruns
/// the node budget: the first moves of a deal, the farthest from its end, are made with
/// legal moves.
#[test]
fn four_players_decide_at_a_deals_start() {
    let mut game = Game::from_seed(PlayerCount::new(4).unwrap(), 1);
    let mut memory = entries();
    let mut bot = ClairvoyantBot::new(&mut memory);
    for _ in 0..4 {
        let chosen = bot.choose_seeing_all(&game).unwrap();
        game.play(chosen).unwrap();
    }
    assert_eq!(game.history().len(), 4);
}

/// A round of many players is long (48 moves with 48 players): a single round out of the
/// node budget is solved fewer moves ahead, never past the budget (it once ran for minutes).
#[test]
fn many_players_decide_within_the_budget() {
    for players in [12, 48] {
        let mut game = Game::from_seed(PlayerCount::new(players).unwrap(), 3);
        let mut memory = entries();
        let mut bot = ClairvoyantBot::new(&mut memory);
        let chosen = bot.choose_seeing_all(&game).unwrap();
        assert!(game.play(chosen).is_ok(), "{players} players: {chosen}");
    }
}
