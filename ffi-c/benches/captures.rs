//! The C API's capture listing against the core's, on the core bench's positions
//! (`core/benches/captures.rs`), in one run: `core_listing/<n>` is the core's listing
//! as that bench's `legal_captures/<n>`
//! (each capture counted), `tablic_captures/<n>` one `tablic_captures` call into a buffer
//! that holds every capture, argument checks and panic boundary included.

use core::hint::black_box;

use criterion::{criterion_group, criterion_main, Criterion};
use tablic::captures::tablic_captures;
use tablic::result::tablic_result;
use tablic_core::capture;

#[path = "../../core/benches/common/capture_positions.rs"]
mod capture_positions;
use capture_positions::positions;

/// Room for every capture of any position benched (16 table cards have at most 2^16).
const BUFFER: usize = 1 << 16;

fn list_captures(c: &mut Criterion) {
    let mut buffer = vec![0u64; BUFFER];
    for size in [4, 8, 12, 16] {
        let positions = positions(size);
        let mut next = positions.iter().cycle();
        c.bench_function(&format!("core_listing/{size}"), |b| {
            b.iter(|| {
                let &(table, played) = next.next().unwrap_or(&positions[0]);
                let mut count = 0u32;
                capture::for_each_legal_capture(black_box(table), black_box(played), |_| {
                    count += 1
                });
                count
            })
        });
        let mut next = positions.iter().cycle();
        c.bench_function(&format!("tablic_captures/{size}"), |b| {
            b.iter(|| {
                let &(table, played) = next.next().unwrap_or(&positions[0]);
                let mut count = 0usize;
                // SAFETY: the buffer holds BUFFER slots and `count` is a local.
                let result = unsafe {
                    tablic_captures(
                        black_box(table.bits()),
                        black_box(played.index()),
                        buffer.as_mut_ptr(),
                        BUFFER,
                        &mut count,
                    )
                };
                assert!(result == tablic_result::Ok);
                count
            })
        });
    }
}

criterion_group!(benches, list_captures);
criterion_main!(benches);
