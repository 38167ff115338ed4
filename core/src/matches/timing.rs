//! Timing a match's decisions without the clock costing as much as the game.
//!
//! A clock read costs tens of nanoseconds, and a greedy bot decides in about a hundred, so
//! two reads around every decision would halve a match's speed. A [`DecisionTimer`] reads
//! the clock around every decision of a bot only while the bot is slow, and samples the
//! fast ones:
//! - each bot's first [`WARM_UP`] decisions are timed, one by one;
//! - after them, a bot whose timed decisions average [`SLOW_NS`] or more (a searching bot:
//!   micro- to milliseconds a decision) keeps being timed on every decision, so its figures
//!   are exact;
//! - a faster bot is timed on one decision in [`SAMPLE_EVERY`], and each of its other
//!   decisions counts the mean of its timed ones so far. Its slowest decision is the
//!   slowest of those timed.
//!
//! The timer keeps what it learnt from game to game: one timer serves one plan's games, on
//! one thread.

use crate::dealing::players::MAX_PLAYERS;

/// Decisions of each bot timed one by one before any is sampled.
pub const WARM_UP: u64 = 32;

/// A bot whose timed decisions average this many nanoseconds or more is timed on every
/// decision: two clock reads are then a few per cent of a decision.
pub const SLOW_NS: u64 = 1_000;

/// A fast bot is timed on one decision in this many. A prime, so that over a match the
/// timed decisions fall on every turn of a game in turn (a bot makes 12, 16 or 24
/// decisions a game).
pub const SAMPLE_EVERY: u32 = 61;

/// What the timer knows of one bot.
#[derive(Clone, Copy, Debug, Default)]
struct BotTiming {
    /// Decisions timed, and their nanoseconds.
    timed: u64,
    timed_ns: u64,
    /// Decisions since the last one timed.
    since_timed: u32,
}

impl BotTiming {
    /// Whether the next decision is timed.
    fn is_due(&self) -> bool {
        self.timed < WARM_UP
            || self.timed_ns >= SLOW_NS.saturating_mul(self.timed)
            || self.since_timed + 1 >= SAMPLE_EVERY
    }
}

/// Times the decisions of a match's bots with the caller's clock, sampling the fast bots
/// (see the [module docs](self)).
pub struct DecisionTimer<'c> {
    clock: Option<&'c mut dyn FnMut() -> u64>,
    bots: [BotTiming; MAX_PLAYERS],
}

impl<'c> DecisionTimer<'c> {
    /// A timer reading `clock`: nanoseconds from any fixed origin.
    pub fn new(clock: &'c mut dyn FnMut() -> u64) -> DecisionTimer<'c> {
        DecisionTimer {
            clock: Some(clock),
            bots: [BotTiming::default(); MAX_PLAYERS],
        }
    }

    /// A timer that reads no clock: every decision takes 0 ns.
    pub fn untimed() -> DecisionTimer<'static> {
        DecisionTimer {
            clock: None,
            bots: [BotTiming::default(); MAX_PLAYERS],
        }
    }

    /// Starts a decision of bot `bot`: the clock's reading if this decision is timed.
    pub(crate) fn start(&mut self, bot: usize) -> Option<u64> {
        let clock = self.clock.as_mut()?;
        let timing = &mut self.bots[bot];
        if timing.is_due() {
            timing.since_timed = 0;
            Some(clock())
        } else {
            timing.since_timed += 1;
            None
        }
    }

    /// Ends a timed decision of bot `bot` started at `started`: its nanoseconds.
    pub(crate) fn stop(&mut self, bot: usize, started: u64) -> u64 {
        let spent = self
            .clock
            .as_mut()
            .map_or(started, |clock| clock())
            .saturating_sub(started);
        let timing = &mut self.bots[bot];
        timing.timed += 1;
        timing.timed_ns = timing.timed_ns.saturating_add(spent);
        spent
    }

    /// Nanoseconds for `untimed` decisions of bot `bot`: the mean of its timed ones each.
    pub(crate) fn estimate(&self, bot: usize, untimed: u32) -> u64 {
        let timing = &self.bots[bot];
        (untimed as u64).saturating_mul(timing.timed_ns) / timing.timed.max(1)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Runs `decisions` decisions of bot 0 on a clock that advances `step` ns a read;
    /// gives the reads, the nanoseconds timed and those estimated.
    fn decide(decisions: u32, step: u64) -> (u64, u64, u64) {
        let (mut now, mut reads) = (0, 0);
        let mut clock = || {
            reads += 1;
            now += step;
            now
        };
        let mut timer = DecisionTimer::new(&mut clock);
        let (mut timed_ns, mut untimed) = (0, 0);
        for _ in 0..decisions {
            match timer.start(0) {
                Some(started) => timed_ns += timer.stop(0, started),
                None => untimed += 1,
            }
        }
        let estimated = timer.estimate(0, untimed);
        (reads, timed_ns, estimated)
    }

    #[test]
    fn a_slow_bot_is_timed_on_every_decision() {
        let (reads, timed_ns, estimated) = decide(1000, SLOW_NS);
        assert_eq!((reads, timed_ns, estimated), (2000, 1000 * SLOW_NS, 0));
    }

    #[test]
    fn a_fast_bot_is_timed_one_by_one_until_warm_up_then_sampled() {
        let (reads, timed_ns, _) = decide(WARM_UP as u32, 5);
        assert_eq!((reads, timed_ns), (2 * WARM_UP, 5 * WARM_UP));
        // After the warm-up, one decision in 61 is timed: the 61st, the 122nd, ...
        let after = 10 * SAMPLE_EVERY;
        let (reads, timed_ns, estimated) = decide(WARM_UP as u32 + after, 5);
        assert_eq!(reads, 2 * (WARM_UP + 10));
        assert_eq!(timed_ns, 5 * (WARM_UP + 10));
        // Every untimed decision counts the timed ones' mean, 5 ns.
        assert_eq!(estimated, 5 * (after as u64 - 10));
    }

    #[test]
    fn a_bot_just_under_the_threshold_is_sampled() {
        let (reads, _, _) = decide(WARM_UP as u32 + SAMPLE_EVERY, SLOW_NS - 1);
        assert_eq!(reads, 2 * (WARM_UP + 1));
    }

    #[test]
    fn without_a_clock_nothing_is_timed() {
        let mut timer = DecisionTimer::untimed();
        assert_eq!(timer.start(0), None);
        assert_eq!(timer.estimate(0, 24), 0);
    }
}
