//! Any bytes as a text frame to the game server's WebSocket API: reading never panics, and
//! a refusal names its kind with a short message (an attacker's long input is not echoed).
#![no_main]

use libfuzzer_sys::fuzz_target;
use tablic_server::protocol::parse_client;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    if let Err(refusal) = parse_client(text) {
        assert!(!refusal.message.is_empty());
        assert!(
            refusal.message.len() < 400,
            "{} bytes",
            refusal.message.len()
        );
    }
});
