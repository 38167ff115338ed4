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
    try_for_each_capturable_group(table, played, |_| ControlFlow::Break(())).is_break()
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
