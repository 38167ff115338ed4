//! The firmware test plays this same game on a Cortex-M3 under QEMU and prints the same
//! text: both must equal `firmware/expected-output.txt`, so a seed means one game on every
//! platform, and the learned evaluation and the move model one value each.

use tablic_core::bots::evaluation::DealEnd;
use tablic_core::bots::move_model::{ClassWeights, MoveContext};
use tablic_core::bots::{play_out, Bot, RandomBot};
use tablic_core::{capture, Game, PlayerCount};

#[test]
fn the_host_prints_what_the_firmware_must_print() {
    let mut count = 0;
    capture::for_each_legal_capture(
        "3H 3S 4D 4C".parse().unwrap(),
        "7S".parse().unwrap(),
        |_| count += 1,
    );
    let mut game = Game::from_seed(PlayerCount::TWO, 42);
    let (mut first, mut second) = (RandomBot::new(1), RandomBot::new(2));
    let mut bots: [&mut dyn Bot; 2] = [&mut first, &mut second];
    play_out(&mut game, &mut bots).unwrap();
    let mut printed = format!("legal captures: {count}\n{}", game.record());
    for moves in [12, 24, 36] {
        let then = game.rewound(moves);
        for seat in 0..2 {
            let end = DealEnd::of_game(&then, seat).unwrap();
            let margin = end.rest_margin();
            printed += &format!("evaluation after {moves} moves, seat {seat}: {margin}\n");
        }
    }
    for moves in [0, 13, 30, 47] {
        let then = game.rewound(moves);
        let (seat, made) = (then.to_move().unwrap(), game.history()[moves]);
        let hand = then.hand(seat);
        let context = MoveContext::of_game(&then).unwrap();
        let score = context.score(made.card, made.capture);
        let odds = ClassWeights::new(&context, hand).of(hand);
        printed += &format!("move model at move {moves}: score {score}, hand odds {odds}\n");
    }

    let expected = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../firmware/expected-output.txt"
    ))
    .unwrap();
    assert_eq!(printed, expected);
}
