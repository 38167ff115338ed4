//! Any bytes as what an outside bot writes to the referee, read by the referee's own code
//! (`tablic_cli::engine::protocol`): the 64 KiB line bound and UTF-8 check, the handshake,
//! then one answer to `go` per turn of a game (the first two bytes pick the player count
//! and the deal). Never a panic; every outcome is a move `Game::play` accepts, or a named
//! forfeit with a one-line reason (an illegal move forfeits with the game's own reason).
#![no_main]

use std::time::Duration;

use libfuzzer_sys::fuzz_target;
use tablic_cli::engine::protocol::{answer, handshake, read_heard, Heard};
use tablic_core::matches::Forfeit;
use tablic_core::{Game, PlayerCount};

/// The limit named in a timeout's reason; bytes never time out.
const LIMIT: Duration = Duration::from_millis(100);

fuzz_target!(|data: &[u8]| {
    let [players, seed, output @ ..] = data else {
        return;
    };
    let mut output: &[u8] = output;
    let players = PlayerCount::ALL[usize::from(*players) % PlayerCount::ALL.len()];
    let mut game = Game::from_seed(players, u64::from(*seed));
    // The process's reader thread stops at the first line that is not a line: after it,
    // the referee hears only that the output closed.
    let mut stopped = false;
    let mut next = || {
        if stopped {
            return Heard::Closed;
        }
        let heard = read_heard(&mut output);
        stopped = !matches!(heard, Heard::Line(_));
        heard
    };
    let forfeit = match handshake(&mut next, LIMIT) {
        Ok(identity) => {
            assert!(!identity.name.is_empty());
            assert_ne!(identity.version.as_deref(), Some(""));
            loop {
                if game.is_finished() {
                    break None;
                }
                match answer(&mut next, LIMIT) {
                    Ok(chosen) => {
                        let before = game.history().len();
                        match game.play(chosen) {
                            Ok(_) => assert_eq!(game.history().len(), before + 1),
                            Err(reason) => {
                                assert_eq!(
                                    game.history().len(),
                                    before,
                                    "a refused move changes nothing"
                                );
                                break Some((
                                    Forfeit::Illegal { chosen, reason },
                                    reason.to_string(),
                                ));
                            }
                        }
                    }
                    Err(failed) => break Some(failed),
                }
            }
        }
        Err(failed) => Some(failed),
    };
    if let Some((forfeit, reason)) = forfeit {
        assert!(
            matches!(forfeit.kind(), "illegal" | "crash" | "protocol"),
            "{forfeit:?}: bytes never time out"
        );
        assert!(!reason.is_empty() && !reason.contains('\n'), "{reason:?}");
    }
});
