//! Tables filled by discards: every bot still moves, and the searching bots play the
//! greedy move past `CROWDED_TABLE` cards instead of searching millions of captures.

use tablic_core::bots::solver::Entry;
use tablic_core::bots::{best_greedy_move, BotSpec, CROWDED_TABLE};
use tablic_core::{Game, Move, PlayerCount};

/// A game in which every move so far was a discard, up to `cards` on the table.
fn discards_until(players: PlayerCount, seed: u64, cards: usize) -> Game {
    let mut game = Game::from_seed(players, seed);
    while game.table().len() < cards {
        let seat = game.to_move().unwrap();
        game.play(Move::discard(game.hand(seat).first().unwrap()))
            .unwrap();
    }
    game
}

#[test]
fn searching_bots_play_the_greedy_move_on_a_crowded_table() {
    for (players, seed) in [(PlayerCount::TWO, 3), (PlayerCount::new(3).unwrap(), 4)] {
        let game = discards_until(players, seed, CROWDED_TABLE + 1);
        let seat = game.to_move().unwrap();
        let greedy = best_greedy_move(game.hand(seat), game.table()).unwrap();
        assert!(!greedy.capture.is_empty(), "{greedy:?}");
        for name in ["minimax", "pimc", "ismcts", "clairvoyant"] {
            let spec: BotSpec = name.parse().unwrap();
            let mut memory = vec![Entry::EMPTY; spec.memory_entries()];
            let mut bot = spec.build(1, &mut memory);
            assert_eq!(bot.choose(&game), Some(greedy), "{name}");
        }
    }
}

#[test]
fn every_bot_finishes_a_game_begun_with_discards() {
    // From a table of CROWDED_TABLE cards on, the bots play on their own: their searches
    // start at the limit and then meet crowded tables deeper down.
    let start = discards_until(PlayerCount::TWO, 5, CROWDED_TABLE);
    for name in [
        "random",
        "greedy",
        "minimax",
        "pimc:samples=8",
        "ismcts:iterations=200",
        "clairvoyant",
    ] {
        let spec: BotSpec = name.parse().unwrap();
        let mut memory = vec![Entry::EMPTY; spec.memory_entries()];
        let mut bot = spec.build(2, &mut memory);
        let mut game = start.clone();
        while !game.is_finished() {
            let chosen = bot.choose(&game).unwrap();
            game.play(chosen).unwrap();
        }
        let result = game.result().unwrap();
        let cards: u32 = result.seats().iter().map(|seat| seat.cards).sum();
        assert_eq!(cards, 52, "{name}");
    }
}
