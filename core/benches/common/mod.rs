//! Positions shared by the decision benches.

use tablic_core::bots::{Bot, GreedyBot};
use tablic_core::dealing::seeding::derive_seed;
use tablic_core::{Game, PlayerCount, MOVES_PER_GAME};

/// `count` fixed positions for `players`: position `p` is the game
/// `Game::from_seed(players, derive_seed(0x313A, p))` played by greedy bots for `p mod 48`
/// moves (fewer if it ends), so they cover every deal, the last one included.
pub fn positions(players: usize, count: u64) -> Vec<Game> {
    let players = PlayerCount::new(players).unwrap_or(PlayerCount::TWO);
    (0..count)
        .map(|p| {
            let seed = derive_seed(0x313A, p);
            let mut game = Game::from_seed(players, seed);
            let mut bot = GreedyBot::new(seed);
            while game.history().len() < p as usize % MOVES_PER_GAME {
                let Some(view) = game.current_view() else {
                    break;
                };
                let chosen = bot.choose(&view);
                game.play(chosen).unwrap();
            }
            game
        })
        .collect()
}

/// The value at `fraction` (0 to 1) of a sorted list.
pub fn percentile(sorted: &[f64], fraction: f64) -> f64 {
    sorted[((sorted.len() - 1) as f64 * fraction).round() as usize]
}
