//! Capture search: the heart of the engine.
//!
//! A played card `c` captures a *group*: a non-empty set of table cards whose values sum to
//! `c`'s (aces 1 or 11, each chosen freely; an ace played captures 1 or 11). A *legal
//! capture* is any union of pairwise-disjoint groups, the empty union (a discard) included.
//!
//! - [`for_each_capturable_group`]: the groups themselves;
//! - [`for_each_legal_capture`] / [`try_for_each_legal_capture`]: every legal capture, each
//!   exactly once, with no allocation, for any table up to all 52 cards;
//! - [`legal_capture_count`]: how many there are, without listing them, and
//!   [`legal_capture_count_up_to`] to stop counting past a limit;
//! - [`try_for_each_legal_shape`]: the captures grouped by rank counts, suits unchosen, for
//!   searches that only care about the best suits of each shape;
//! - [`try_for_each_unextendable_shape`]: the few shapes nothing more fits beside, for
//!   searches after the capture that is best by a measure growing with the capture;
//! - [`list_legal_captures`]: every legal capture for a caller that holds them all, refused
//!   past [`MAX_LISTED`] ([`TooManyToList`]), and [`check_listable`] to refuse first;
//! - [`check_capture`]: whether one given capture is legal, and [`CaptureError`] why not.
//!
//! Only ranks decide sums, so the search works on how many cards of each rank a capture
//! takes (`rank_counts.rs`): the rank patterns of groups (`patterns.rs`), the distinct sums
//! of disjoint patterns (`shapes.rs`), and suits chosen only at the end (`legal.rs`).

mod check;
mod groups;
mod legal;
mod listing;
mod patterns;
mod rank_counts;
mod shapes;
mod target;

pub use check::{check_capture, CaptureError};
pub use groups::{
    can_capture, capturing_cards, for_each_capturable_group, reachable_sums,
    try_for_each_capturable_group,
};
pub use legal::{
    for_each_legal_capture, legal_capture_count, legal_capture_count_up_to,
    try_for_each_legal_capture, try_for_each_legal_capture_in, try_for_each_legal_shape,
    try_for_each_legal_shape_in, try_for_each_unextendable_shape, CaptureArena, CaptureShape,
    DEFAULT_SLOTS,
};
pub use listing::{
    captures_at_most, check_listable, list_legal_captures, TooManyToList, MAX_LISTED,
};
pub use target::target_sum;

#[cfg(test)]
mod tests;
