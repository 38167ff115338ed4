//! The value of a position for the searching seat.

/// How good a position is for the searching seat: its points minus the mean of the others'
/// points, then its cards minus the mean of the others' cards, compared in that order.
/// Both are multiplied by the number of other seats so that they are whole numbers:
/// `points = (n − 1) × own − Σ others`, likewise for `cards`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Score {
    /// Own points (cards, tablas, and the most-cards bonus at the end) against the others'.
    pub points: i32,
    /// Own captured cards against the others'.
    pub cards: i32,
}

impl Score {
    /// Below every real score.
    pub const MIN: Score = Score {
        points: i32::MIN,
        cards: i32::MIN,
    };
    /// Above every real score.
    pub const MAX: Score = Score {
        points: i32::MAX,
        cards: i32::MAX,
    };
}
