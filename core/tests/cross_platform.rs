//! The firmware test plays this same game on a Cortex-M3 under QEMU and prints the same
//! text: both must equal `firmware/expected-output.txt`, so a seed means one game on every
//! platform.

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
    let printed = format!("legal captures: {count}\n{}", game.record());

    let expected = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../firmware/expected-output.txt"
    ))
    .unwrap();
    assert_eq!(printed, expected);
}
