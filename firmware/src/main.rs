//! `tablic-core` on a bare Cortex-M3 under QEMU: counts the legal captures of 7♠ on
//! 3♥ 3♠ 4♦ 4♣, then plays a whole seeded game between two random bots and prints its
//! record through semihosting, the learned evaluation at each of the game's deal ends, and
//! the move model's score of a few of its moves and the odds of their hands' choices.
//! The test compares that output with `expected-output.txt`, which the host build must
//! reproduce too (`core/tests/cross_platform.rs`): the same seed deals and plays the same
//! game everywhere, and the learned models' integers are the same. The exit status is
//! QEMU's.

#![no_std]
#![no_main]

use cortex_m as _; // links the critical-section implementation
use cortex_m_rt::entry;
use cortex_m_semihosting::{debug, hprint, hprintln};
use tablic_core::bots::evaluation::DealEnd;
use tablic_core::bots::move_model::{ClassWeights, MoveContext};
use tablic_core::bots::{play_out, Bot, RandomBot};
use tablic_core::{capture, Card, CardSet, Game, PlayerCount};

const EXPECTED_CAPTURES: u32 = 6;

#[entry]
fn main() -> ! {
    let captures_ok = match ("3H 3S 4D 4C".parse::<CardSet>(), "7S".parse::<Card>()) {
        (Ok(table), Ok(played)) => {
            let mut n = 0u32;
            capture::for_each_legal_capture(table, played, |_| n += 1);
            hprintln!("legal captures: {}", n);
            n == EXPECTED_CAPTURES
        }
        _ => {
            hprintln!("failed to parse the cards");
            false
        }
    };

    let mut game = Game::from_seed(PlayerCount::TWO, 42);
    let (mut first, mut second) = (RandomBot::new(1), RandomBot::new(2));
    let mut bots: [&mut dyn Bot; 2] = [&mut first, &mut second];
    let game_ok = match play_out(&mut game, &mut bots) {
        Ok(_) => {
            hprint!("{}", game.record());
            for moves in [12, 24, 36] {
                let then = game.rewound(moves);
                for seat in 0..2 {
                    if let Some(end) = DealEnd::of_game(&then, seat) {
                        let margin = end.rest_margin();
                        hprintln!(
                            "evaluation after {} moves, seat {}: {}",
                            moves,
                            seat,
                            margin
                        );
                    }
                }
            }
            for moves in [0, 13, 30, 47] {
                let then = game.rewound(moves);
                let seat = then.to_move().unwrap_or_default();
                let context = MoveContext::of_game(&then);
                if let (Some(context), Some(made)) = (context, game.history().get(moves)) {
                    let hand = then.hand(seat);
                    hprintln!(
                        "move model at move {}: score {}, hand odds {}",
                        moves,
                        context.score(made.card, made.capture),
                        ClassWeights::new(&context, hand).of(hand)
                    );
                }
            }
            true
        }
        Err(error) => {
            hprintln!("game failed: {}", error);
            false
        }
    };

    debug::exit(if captures_ok && game_ok {
        debug::EXIT_SUCCESS
    } else {
        debug::EXIT_FAILURE
    });
    loop {}
}

#[panic_handler]
fn panic(info: &core::panic::PanicInfo) -> ! {
    hprintln!("panic: {}", info);
    debug::exit(debug::EXIT_FAILURE);
    loop {}
}
