//! One move's figures over the worlds it was solved in, kept as integer sums so that the
//! same worlds give the same figures on every platform; floating point appears only in
//! what they are presented as.

use crate::game::moves::Move;

/// Points a move must lose against the best, clearly, to be a mistake.
pub const MISTAKE_POINTS: i64 = 1;

/// Points a move must lose against the best, clearly, to be a blunder.
pub const BLUNDER_POINTS: i64 = 3;

/// Standard errors a sampled loss must exceed to be clear (an exact loss always is).
pub const CLEAR_ERRORS: i64 = 2;

/// How a move compares with the best: a clear loss of [`MISTAKE_POINTS`] or more is a
/// mistake, of [`BLUNDER_POINTS`] or more a blunder. A loss is clear when it is exact, or
/// more than [`CLEAR_ERRORS`] standard errors of the paired difference over two worlds or
/// more.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Mark {
    /// As good as the best, or not clearly worse by a point.
    None,
    /// Clearly worse, by a point or more: `?`.
    Mistake,
    /// Clearly worse, by three points or more: `??`.
    Blunder,
}

impl Mark {
    /// `""`, `"?"` or `"??"`, as chess annotates moves.
    pub const fn symbol(self) -> &'static str {
        match self {
            Mark::None => "",
            Mark::Mistake => "?",
            Mark::Blunder => "??",
        }
    }
}

/// One move and what the worlds said of it: the sums of its values and of their squares,
/// the worlds in which it left the seat ahead, and the sums of its loss against the best
/// move in each world (the difference of the two values in the same world) and of the
/// squares of that, in the solver's units ([`MoveTally::units_per_point`] to a point of
/// margin).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct MoveTally {
    pub(super) played: Move,
    pub(super) worlds: u32,
    pub(super) ahead: u32,
    pub(super) sum: i64,
    pub(super) squares: i64,
    pub(super) loss_sum: i64,
    pub(super) loss_squares: i64,
    pub(super) units_per_point: u32,
    pub(super) exact: bool,
}

impl MoveTally {
    /// The move.
    pub const fn played(&self) -> Move {
        self.played
    }

    /// Worlds it was solved in: every world of the analysis.
    pub const fn worlds(&self) -> u32 {
        self.worlds
    }

    /// Worlds in which the seat ended ahead: its margin at the horizon, the points and
    /// tablas it already has counted in, above zero (its total above the others' mean; in a
    /// game of sides, its side's above the other sides').
    pub const fn ahead(&self) -> u32 {
        self.ahead
    }

    /// The sum of its values over the worlds, in the solver's units.
    pub const fn sum(&self) -> i64 {
        self.sum
    }

    /// The sum of the squares of its values.
    pub const fn squares(&self) -> i64 {
        self.squares
    }

    /// The sum over the worlds of the best move's value minus this one's.
    pub const fn loss_sum(&self) -> i64 {
        self.loss_sum
    }

    /// The sum of the squares of those differences.
    pub const fn loss_squares(&self) -> i64 {
        self.loss_squares
    }

    /// Units of value to a point of margin: the other sides, or seats when everyone plays
    /// alone (a value is `(S − 1)·own side's total − Σ other sides' totals`), times the
    /// horizon's units to a point.
    pub const fn units_per_point(&self) -> u32 {
        self.units_per_point
    }

    /// The mean margin in points: own side's total minus the other sides' mean (own total
    /// minus the others' mean, everyone alone), at the horizon.
    pub fn mean_margin(&self) -> f64 {
        self.points(self.sum)
    }

    /// The squared standard error of [`MoveTally::mean_margin`] (the sample variance over
    /// the worlds, divided by their number): 0 when exact, `None` from a single sampled
    /// world. Take its square root; `core` has none.
    pub fn margin_error_variance(&self) -> Option<f64> {
        self.error_variance(self.sum, self.squares)
    }

    /// The share of the worlds in which the seat ended ahead, 0 to 1.
    pub fn ahead_share(&self) -> f64 {
        f64::from(self.ahead) / f64::from(self.worlds.max(1))
    }

    /// Points lost against the best move, on average over the same worlds (0 for the best).
    pub fn loss(&self) -> f64 {
        self.points(self.loss_sum)
    }

    /// The squared standard error of [`MoveTally::loss`], from the differences paired world
    /// by world: as [`MoveTally::margin_error_variance`].
    pub fn loss_error_variance(&self) -> Option<f64> {
        self.error_variance(self.loss_sum, self.loss_squares)
    }

    /// Whether the loss is a clear mistake or blunder, in integers: a loss `L` summed over
    /// `n` worlds, with squares `Q`, is more than `k` standard errors when
    /// `L²·(n − 1) > k²·(n·Q − L²)`.
    pub fn mark(&self) -> Mark {
        let (loss, n) = (i128::from(self.loss_sum), i128::from(self.worlds));
        let clear = self.exact || {
            let spread = n * i128::from(self.loss_squares) - loss * loss;
            let errors = i128::from(CLEAR_ERRORS * CLEAR_ERRORS);
            n >= 2 && loss * loss * (n - 1) > errors * spread
        };
        let unit = i128::from(self.units_per_point);
        let at_least = |points: i64| loss >= i128::from(points) * n * unit;
        if !clear || loss <= 0 {
            Mark::None
        } else if at_least(BLUNDER_POINTS) {
            Mark::Blunder
        } else if at_least(MISTAKE_POINTS) {
            Mark::Mistake
        } else {
            Mark::None
        }
    }

    /// A sum over the worlds as a mean in points.
    fn points(&self, sum: i64) -> f64 {
        let per_world = f64::from(self.worlds.max(1)) * f64::from(self.units_per_point.max(1));
        sum as f64 / per_world
    }

    /// The squared standard error of the mean of values summing to `sum` with squares
    /// `squares`, in points: `(n·Q − S²) / (n²·(n − 1))`, over the units to a point squared.
    fn error_variance(&self, sum: i64, squares: i64) -> Option<f64> {
        if self.exact {
            return Some(0.0);
        }
        let n = i128::from(self.worlds);
        if n < 2 {
            return None;
        }
        let spread = n * i128::from(squares) - i128::from(sum) * i128::from(sum);
        let unit = f64::from(self.units_per_point.max(1));
        Some(spread as f64 / (n * n * (n - 1)) as f64 / (unit * unit))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Card;

    /// A move valued 3, 5, 7 and 9 in four worlds where the best move is worth 9 each time,
    /// in thirds of a point against one other seat.
    fn constructed(values: [i64; 4], best: i64, exact: bool) -> MoveTally {
        let losses = values.map(|value| best - value);
        MoveTally {
            played: Move::discard(Card::from_index(0).unwrap()),
            worlds: 4,
            ahead: values.iter().filter(|&&value| value > 0).count() as u32,
            sum: values.iter().sum(),
            squares: values.iter().map(|value| value * value).sum(),
            loss_sum: losses.iter().sum(),
            loss_squares: losses.iter().map(|loss| loss * loss).sum(),
            units_per_point: 3,
            exact,
        }
    }

    #[test]
    fn the_standard_error_is_the_sample_deviation_over_the_root_of_the_worlds() {
        let tally = constructed([3, 5, 7, 9], 9, false);
        // Mean 6 thirds: 2 points. Sample variance (9 + 1 + 1 + 9) / 3 = 20/3 thirds², the
        // mean's 20/12 = 5/3 thirds², 5/27 points².
        assert_eq!(tally.mean_margin(), 2.0);
        assert_eq!(tally.margin_error_variance(), Some(80.0 / 48.0 / 9.0));
        assert_eq!(tally.ahead_share(), 1.0);
        // Losses 6, 4, 2, 0: 3 thirds, 1 point, with the same spread.
        assert_eq!(tally.loss(), 1.0);
        assert_eq!(tally.loss_error_variance(), Some(80.0 / 48.0 / 9.0));
        // One point lost, over 2.32 standard errors (1 / √(5/27)): a mistake.
        assert_eq!(tally.mark(), Mark::Mistake);
    }

    #[test]
    fn a_loss_within_two_standard_errors_is_no_mistake() {
        // Losses 12, 0, 0, 0: a mean of 1 point, but a standard error of 1 point.
        let tally = constructed([-3, 9, 9, 9], 9, false);
        assert_eq!(tally.loss(), 1.0);
        assert_eq!(tally.loss_error_variance(), Some(1.0));
        assert_eq!(tally.mark(), Mark::None);
        // Known exactly, the same loss is a mistake; three points of it a blunder.
        assert_eq!(constructed([-3, 9, 9, 9], 9, true).mark(), Mark::Mistake);
        assert_eq!(constructed([0, 0, 0, 0], 9, true).mark(), Mark::Blunder);
        assert_eq!(constructed([7, 7, 7, 7], 9, true).mark(), Mark::None);
    }

    #[test]
    fn a_single_sampled_world_has_no_standard_error() {
        let mut tally = constructed([3, 5, 7, 9], 9, false);
        tally.worlds = 1;
        (tally.sum, tally.squares, tally.loss_sum, tally.loss_squares) = (3, 9, 6, 36);
        assert_eq!(tally.margin_error_variance(), None);
        assert_eq!(tally.mark(), Mark::None);
    }
}
