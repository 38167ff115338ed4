use tablic_core::{capture, seeding::derive_seed, CardSet, Deck};
fn main() {
    let size: usize = std::env::args()
        .nth(1)
        .map(|s| s.parse().unwrap())
        .unwrap_or(16);
    let positions: Vec<_> = (0..1000u64)
        .map(|p| {
            let deck = Deck::from_seed(derive_seed(0xBE7C, p));
            let table: CardSet = deck.cards()[..size].iter().copied().collect();
            (table, deck.cards()[size])
        })
        .collect();
    let mut n = 0u64;
    let t = std::time::Instant::now();
    let reps: u64 = std::env::args()
        .nth(2)
        .map(|s| s.parse().unwrap())
        .unwrap_or(20);
    for _ in 0..reps {
        for &(t, c) in &positions {
            capture::for_each_legal_capture(t, c, |_| n += 1);
        }
    }
    println!(
        "{size}: {} ns/enum, {n}",
        t.elapsed().as_nanos() as f64 / (reps as f64 * 1000.0)
    );
}
