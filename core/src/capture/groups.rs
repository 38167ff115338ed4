//! The capturable groups: non-empty sets of table cards that reach the played card's value.

use core::ops::ControlFlow;

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

/// Bit `s` is set when some non-empty set of `table` cards sums to `s` (2 ≤ s ≤ 14; aces
/// 1 or 11): the played cards with target `s` can capture. One pass over the ranks, so
/// searches can skip the cards that take nothing.
pub fn reachable_sums(table: CardSet) -> u16 {
    const WITHIN_MAX: u32 = (1 << 15) - 1;
    let mut sums: u32 = 1;
    for _ in 0..table.rank_count(Rank::Ace) {
        sums = (sums | sums << 1 | sums << 11) & WITHIN_MAX;
    }
    // The other ranks present, by their nibbles.
    let mut rest = table.bits() & !0xF;
    while rest != 0 {
        let shift = rest.trailing_zeros() & !3;
        let value = Rank::ALL[shift as usize / 4].capture_value();
        for _ in 0..((rest >> shift) & 0xF).count_ones() {
            sums = (sums | sums << value) & WITHIN_MAX;
        }
        rest &= !(0xF << shift);
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
