//! Any bytes as a bot name with options (`minimax:depth=3,nodes=20000`), the form the
//! command line, the C API and Python take: parsing never panics, a spec that parses
//! prints back to text that parses to the same spec, and every option stays in its range.
#![no_main]

use libfuzzer_sys::fuzz_target;
use tablic_core::bots::{BotSpec, BEST_RESPONSE_ENTRIES, SOLVER_ENTRIES};

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    match text.parse::<BotSpec>() {
        Ok(spec) => {
            let printed = spec.to_string();
            assert_eq!(
                printed.parse::<BotSpec>(),
                Ok(spec),
                "{text:?} printed as {printed:?}"
            );
            let most = SOLVER_ENTRIES.max(BEST_RESPONSE_ENTRIES);
            assert!(spec.memory_entries() <= most, "{spec}");
        }
        Err(error) => assert!(!error.to_string().is_empty()),
    }
});
