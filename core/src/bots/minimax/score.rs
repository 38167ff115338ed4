//! The value of a position for the searching seat.

/// How good a position is for the searching seat, as one number in [`Score::POINT`]s.
///
/// With `n` seats, let `points = n × own − Σ all seats` (own points minus the others'
/// mean, times `n − 1`: whole numbers, no fractions) and `cards` likewise for captured
/// cards. Then:
/// - at the end of the game (the table given to the last capturer, the most-cards bonus
///   counted): `POINT × points + cards`, so points decide and cards only break ties, as in
///   the original;
/// - before it: `POINT × points + CARD × cards`. A lead in cards is worth part of a point
///   because it is on the way to the most-cards bonus (3 points).
///
/// An opponent's move is valued as an expectation over the hands it may hold, so a value
/// may also be a weighted mean of such numbers.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Score(pub i32);

impl Score {
    /// One point.
    pub const POINT: i32 = 64;
    /// One card ahead before the game is over.
    pub const CARD: i32 = 21;

    /// Below every real score.
    pub const MIN: Score = Score(i32::MIN);
    /// Above every real score.
    pub const MAX: Score = Score(i32::MAX);

    /// The value of a finished game: `points` and `cards` as described above.
    pub const fn of_result(points: i32, cards: i32) -> Score {
        Score(Score::POINT * points + cards)
    }

    /// The value of a game still going on.
    pub const fn estimate(points: i32, cards: i32) -> Score {
        Score(Score::POINT * points + Score::CARD * cards)
    }
}
