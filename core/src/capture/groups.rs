//! The capturable groups: non-empty sets of table cards that reach the played card's value.

use core::ops::ControlFlow;

use super::rank_counts::VALUES;
use super::target::{target_sum, TableLayout};
use crate::{Card, CardSet, Rank};

/// Calls `visit` once for every capturable group of `played` on `table` (every non-empty
/// subset whose sum, each ace counted 1 or 11, equals the played card's value), until `visit`
/// breaks.
pub fn try_for_each_capturable_group<B>(
    table: CardSet,
    played: Card,
    mut visit: impl FnMut(CardSet) -> ControlFlow<B>,
) -> ControlFlow<B> {
    let layout = TableLayout::new(table, target_sum(played));
    let aces = layout.groupable.rank_cards(Rank::Ace);
    let non_aces = layout.exact | (layout.groupable - aces);
    extend(non_aces, layout.target, CardSet::EMPTY, aces, &mut visit)
}

/// Calls `visit` once for every capturable group of `played` on `table`.
pub fn for_each_capturable_group(table: CardSet, played: Card, mut visit: impl FnMut(CardSet)) {
    let _ = try_for_each_capturable_group::<()>(table, played, |group| {
        visit(group);
        ControlFlow::Continue(())
    });
}

/// True when `played` can capture anything on `table`.
pub fn can_capture(table: CardSet, played: Card) -> bool {
    reachable_sums(table) & 1 << target_sum(played) != 0
}

/// Every card that can capture something on `table`: those whose target sum
/// [`reachable_sums`] has. Free of branches, so that a search skips the others without a
/// guess per rank.
pub fn capturing_cards(table: CardSet) -> CardSet {
    let sums = reachable_sums(table) as u64;
    // One bit per rank index whose target is reachable: 2–10 aim at their value, the ace
    // at 11, and J, Q, K at 12, 13, 14.
    let ranks = (sums >> 11) & 1 | (sums >> 1) & 0x3FE | (sums >> 2) & 0x1C00;
    // Each rank's bit moved to the lowest bit of its nibble, then the nibble filled.
    let mut spread = (ranks | ranks << 24) & 0x0000_00FF_0000_00FF;
    spread = (spread | spread << 12) & 0x000F_000F_000F_000F;
    spread = (spread | spread << 6) & 0x0303_0303_0303_0303;
    spread = (spread | spread << 3) & 0x1111_1111_1111_1111;
    CardSet::from_bits(spread * 0xF).unwrap_or_default()
}

/// Bit `s` is set when some non-empty set of `table` cards sums to `s` (2 ≤ s ≤ 14; aces
/// 1 or 11): the played cards with target `s` can capture. One pass over the cards, so
/// searches can skip the cards that take nothing.
pub fn reachable_sums(table: CardSet) -> u16 {
    const WITHIN_MAX: u32 = (1 << 15) - 1;
    let mut sums: u32 = 1;
    let mut rest = table.bits();
    while rest != 0 {
        let rank = rest.trailing_zeros() as usize / 4;
        let value = VALUES[rank];
        // An ace adds 1 or 11; any other card its value (twice over).
        let high = if rank == Rank::Ace as usize {
            11
        } else {
            value
        };
        sums = (sums | sums << value | sums << high) & WITHIN_MAX;
        rest &= rest - 1;
    }
    // The empty set's 0 is no capture.
    (sums & !1) as u16
}

/// Groups made of `chosen` plus non-aces from `candidates` (ascending, so ascending value)
/// plus aces, lacking `need`. Each subset is reached once: non-aces by the usual
/// combination walk, then every ace subset of a size that closes the lack.
fn extend<B>(
    candidates: CardSet,
    need: u8,
    chosen: CardSet,
    aces: CardSet,
    visit: &mut impl FnMut(CardSet) -> ControlFlow<B>,
) -> ControlFlow<B> {
    // `need` aces counted 1, or one counted 11 and the rest 1.
    for take in [Some(need), need.checked_sub(10).filter(|&k| k > 0)]
        .into_iter()
        .flatten()
    {
        if take as usize <= aces.len() {
            for pick in aces.subsets().filter(|pick| pick.len() == take as usize) {
                if !(chosen | pick).is_empty() {
                    visit(chosen | pick)?;
                }
            }
        }
    }
    let mut rest = candidates;
    for card in candidates {
        rest = rest.without(card);
        let value = card.capture_value();
        if value > need {
            break;
        }
        extend(rest, need - value, chosen.with(card), aces, visit)?;
    }
    ControlFlow::Continue(())
}
