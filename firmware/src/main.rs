//! Smoke test of `tablic-core` on a bare Cortex-M3 under QEMU: counts the legal captures of
//! 7♠ on 3♥ 3♠ 4♦ 4♣ and reports through semihosting; the exit status is QEMU's.

#![no_std]
#![no_main]

use cortex_m as _; // links the critical-section implementation
use cortex_m_rt::entry;
use cortex_m_semihosting::{debug, hprintln};
use tablic_core::{capture, Card, CardSet};

const EXPECTED: u32 = 6;

#[entry]
fn main() -> ! {
    let ok = match ("3H 3S 4D 4C".parse::<CardSet>(), "7S".parse::<Card>()) {
        (Ok(table), Ok(played)) => {
            let mut n = 0u32;
            capture::for_each_legal_capture(table, played, |_| n += 1);
            hprintln!("legal captures: {}", n);
            n == EXPECTED
        }
        _ => {
            hprintln!("failed to parse the cards");
            false
        }
    };
    debug::exit(if ok { debug::EXIT_SUCCESS } else { debug::EXIT_FAILURE });
    loop {}
}

#[panic_handler]
fn panic(info: &core::panic::PanicInfo) -> ! {
    hprintln!("panic: {}", info);
    debug::exit(debug::EXIT_FAILURE);
    loop {}
}
