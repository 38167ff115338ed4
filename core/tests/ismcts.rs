//! The ISMCTS bot: legal and deterministic at every player count, exact in the two-player
//! last deal, greedy when it has no memory for a tree, and it takes a tabla when one is
//! there.

use tablic_core::bots::solver::{Entry, Position};
use tablic_core::bots::{
    best_greedy_move, AnyBot, Bot, BotSpec, BotSpecError, Inference, IsmctsBot, IsmctsOptions,
    Opponents, SOLVER_ENTRIES, SOLVER_MEMORY_KIB,
};
use tablic_core::MOVES_PER_GAME;

mod common;
use common::{against_greedy, best_and_chosen, greedy_for, mixed_for};

/// Light settings, so that whole games stay quick in debug builds.
const LIGHT: IsmctsOptions = IsmctsOptions {
    iterations: 48,
    exploration: 30,
    learned: false,
    inference: Inference::Greedy,
    alone: false,
    memory_kib: SOLVER_MEMORY_KIB,
    exact: None,
};

/// [`LIGHT`] by name.
const LIGHT_SPEC: BotSpec = BotSpec::Ismcts(LIGHT);

fn entries() -> Vec<Entry> {
    vec![Entry::EMPTY; SOLVER_ENTRIES]
}

#[test]
fn plays_legal_moves_to_the_end_the_same_way_each_time() {
    for players in [2, 3, 4] {
        let game = against_greedy(players, 7, LIGHT_SPEC);
        let cards: usize = (0..players).map(|seat| game.pile(seat).len()).sum();
        assert_eq!(cards, 52, "every card ends in a pile");
        assert_eq!(game.history().len(), MOVES_PER_GAME);
        let again = against_greedy(players, 7, LIGHT_SPEC);
        assert_eq!(game.history(), again.history(), "{players} players");
    }
}

/// With two players the last deal has one world, which is solved: the move is worth the
/// solver's best value to the end of the game, with an opponent seen to play only greedy
/// moves taken to go on doing so (as pimc takes it).
#[test]
fn the_two_player_last_deal_is_played_exactly() {
    let mut greedy_opponents = 0;
    for seed in 0..8u64 {
        let game = mixed_for(2, seed, 36 + seed as usize);
        let view = game.current_view().unwrap();
        let mut memory = entries();
        let chosen = IsmctsBot::new(LIGHT, seed, &mut memory).choose(&view);
        let position = Position::<2>::from_game(&game).unwrap();
        let greedy_seats = Opponents::observe(&view).greedy_seats();
        greedy_opponents += usize::from(greedy_seats[1 - view.seat()]);
        let (best, value_of_chosen) = best_and_chosen(&position, chosen, &greedy_seats);
        assert_eq!(value_of_chosen, Some(best), "seed {seed}: {chosen}");
    }
    assert!(
        (1..8).contains(&greedy_opponents),
        "{greedy_opponents} of 8 opponents taken for greedy players: both kinds are wanted"
    );
}

/// An `exact` budget bounds the two-player last deal's solve: with a single node every
/// horizon runs out and the greedy move is played, where the exact solve often plays
/// another.
#[test]
fn an_exact_budget_bounds_the_last_deal() {
    let mut differs = 0;
    for seed in 0..8u64 {
        let game = mixed_for(2, seed, 36 + seed as usize);
        let view = game.current_view().unwrap();
        let greedy = best_greedy_move(view.hand(), view.table()).unwrap();
        let bounded = IsmctsOptions {
            exact: Some(1),
            ..LIGHT
        };
        let mut memory = entries();
        let chosen = IsmctsBot::new(bounded, seed, &mut memory).choose(&view);
        assert_eq!(chosen, greedy, "seed {seed}");
        let exact = IsmctsBot::new(LIGHT, seed, &mut memory).choose(&view);
        differs += usize::from(exact != greedy);
    }
    assert!(
        differs > 0,
        "the exact solve played the greedy move every time"
    );
}

/// Without memory for even the tree's root, the bot plays the greedy player's move.
#[test]
fn no_memory_means_the_greedy_move() {
    for seed in 0..6u64 {
        let game = greedy_for(2, seed, seed as usize * 3);
        let view = game.current_view().unwrap();
        let chosen = IsmctsBot::new(LIGHT, seed, &mut []).choose(&view);
        assert_eq!(Some(chosen), best_greedy_move(view.hand(), view.table()));
    }
}

/// A tree that fills its memory stops growing, and the decision still stands on the
/// iterations: with room for 40 nodes and 400 iterations, the move is legal, and the same
/// for the same seed.
#[test]
fn a_full_tree_still_decides() {
    let options = IsmctsOptions {
        iterations: 400,
        ..LIGHT
    };
    for seed in 0..4u64 {
        let game = mixed_for(2, seed, 2 + seed as usize * 7);
        let view = game.current_view().unwrap();
        let decide = || {
            let mut memory = [Entry::EMPTY; 80];
            IsmctsBot::new(options, seed, &mut memory).choose(&view)
        };
        let chosen = decide();
        game.check(chosen).unwrap();
        assert_eq!(chosen, decide(), "seed {seed}");
    }
}

/// Wherever the seat to move can sweep the table (a tabla, a point and a bare table for
/// the next player) before the last deal, it does.
#[test]
fn a_tabla_in_reach_is_taken() {
    let mut checked = 0;
    for seed in 0..40u64 {
        for plies in (0..36).step_by(5) {
            let game = greedy_for(2, seed, plies);
            let table = game.table();
            let mut sweeps = false;
            game.for_each_legal_move(|legal| sweeps |= legal.capture == table);
            if !sweeps {
                continue;
            }
            let view = game.current_view().unwrap();
            let mut memory = entries();
            let options = IsmctsOptions {
                iterations: 300,
                ..LIGHT
            };
            let chosen = IsmctsBot::new(options, seed, &mut memory).choose(&view);
            assert_eq!(chosen.capture, table, "seed {seed}, ply {plies}: {chosen}");
            checked += 1;
        }
    }
    assert!(checked >= 5, "only {checked} positions with a tabla");
}

#[test]
fn named_with_its_options() {
    let spec: BotSpec = "ismcts:iterations=500,exploration=12".parse().unwrap();
    assert_eq!(
        spec,
        BotSpec::Ismcts(IsmctsOptions {
            iterations: 500,
            exploration: 12,
            ..IsmctsOptions::default()
        })
    );
    assert_eq!(spec.to_string(), "ismcts:iterations=500,exploration=12");
    let defaults = IsmctsOptions::default();
    let by_default = Ok(BotSpec::Ismcts(defaults));
    assert_eq!("ismcts".parse::<BotSpec>(), by_default);
    // `best` is the strongest bot: today ismcts, written back as such.
    assert_eq!("best".parse::<BotSpec>(), by_default);
    assert_eq!(
        "BEST:learned=1"
            .parse::<BotSpec>()
            .map(|spec| spec.to_string()),
        Ok("ismcts:iterations=2000,exploration=45,learned=1".to_string())
    );
    let learned: BotSpec = "ismcts:learned=1,iterations=9".parse().unwrap();
    assert_eq!(learned.to_string().parse(), Ok(learned));
    assert!(matches!(
        "ismcts:iterations=0".parse::<BotSpec>(),
        Err(BotSpecError::BadValue { expected, .. }) if expected.contains("1 to 1048576")
    ));
    assert!(matches!(
        "ismcts:samples=3".parse::<BotSpec>(),
        Err(BotSpecError::UnknownOption { bot: "ismcts", .. })
    ));
    let mut memory = entries();
    assert!(matches!(
        spec.build(3, &mut memory),
        AnyBot::Ismcts(bot) if bot.options().iterations == 500
    ));
    assert_eq!(spec.memory_entries(), SOLVER_ENTRIES);
}
