//! Greedy self-play through the core alone, as the `greedy_game_2p` bench plays it (game
//! `g` from seed `g`, its bots seeded `g` and `!g`), for timing a whole process by its CPU
//! time: on a machine shared with other work that is steadier than the wall clock.
//!
//! ```sh
//! cargo build --release -p tablic-core --example greedy_games
//! perf stat -e task-clock target/release/examples/greedy_games 200000
//! ```
//!
//! Prints the number of games and seat 0's summed total (so the games cannot be skipped).

use tablic_core::bots::{play_out, Bot, GreedyBot};
use tablic_core::{Game, PlayerCount};

fn main() {
    let games: u64 = match std::env::args().nth(1).map(|text| text.parse()) {
        None => 200_000,
        Some(Ok(games)) => games,
        Some(Err(error)) => {
            eprintln!("error: the number of games: {error}");
            std::process::exit(2);
        }
    };
    let mut totals = 0u64;
    for seed in 1..=games {
        let mut game = Game::from_seed(PlayerCount::TWO, seed);
        let (mut first, mut second) = (GreedyBot::new(seed), GreedyBot::new(!seed));
        let mut bots: [&mut dyn Bot; 2] = [&mut first, &mut second];
        if let Ok(result) = play_out(&mut game, &mut bots) {
            totals += u64::from(result.total(0));
        }
    }
    println!("{games} games, seat 0 scored {totals}");
}
