//! Matches between bots: which deal each game gets, which seat each bot takes, and playing a
//! game with its decisions timed ([`crate::matches::timing`]: every decision of a slow bot,
//! a sample of a fast one's). Statistics over the games are in [`crate::matches::tally`].
//!
//! Each game's outcome also splits every bot's margin by deal of the game
//! ([`GameOutcome::deal_margins`]), counted as the game is played: when a move ends a deal,
//! what each seat scored in it (captured card points and tablas) against the others; the
//! last deal also takes what is counted at the end. So a match can say where a bot gains.
//!
//! A match is a series of *deal groups*. Group `g` deals every one of its games from the
//! same deck, [`Deck::from_seed`]`(derive_seed(seed, g))`, under the plan's rules
//! ([`MatchPlan::deal`]):
//! - without duplication a group is one game, bot `i` at seat `i`;
//! - with duplication a group is `n` games (`n` players, one bot each): in rotation
//!   `r = 0..n`, bot `i` sits at seat `(i + r) mod n`, so every bot plays every seat of the
//!   same deal once and the luck of the deal cancels out.
//!
//! Under [`Rules`] with sides ([`MatchPlan::with_rules`]), bot `i` plays for side
//! `i mod s` with `s` sides, its partners being bots `i + s`, `i + 2s`…; a bot's total is
//! its side's, and its margin its side's total minus the mean of the other sides'. A
//! duplicated group is then `s` games, rotations `r = 0..s` as above: the sides swap the
//! deal's seats, partners stay partners, and every bot plays every side of the deal once.
//!
//! In rotation `r` of group `g`, bot `i` draws its randomness from
//! `derive_seed(derive_seed(seed, g), 1000 + r·n + i)` (see [`MatchPlan::bot_seed`]).
//! Without duplication (`r = 0`) that is `derive_seed(game seed, 1000 + seat)`.
//!
//! Every game depends on nothing but the plan, its group and its rotation, so groups can be
//! played in any order, on any number of threads, and any game can be replayed alone.
//!
//! ## Other players, and forfeits
//!
//! [`MatchPlan::play_game`] plays the plan's built-in bots. [`MatchPlan::play_game_with`]
//! asks the caller for every decision instead, so a match can seat players the core does
//! not know (a program speaking a text protocol, a person); [`MatchPlan::bots_for`] builds
//! the built-in bots of a game for the seats the caller does not fill itself. Such a player
//! may fail: it answers too late, breaks its protocol, stops, or chooses an illegal move
//! (every move is checked by [`Game::play`]). That is a [`Forfeit`], scored so:
//! - the game stops at once (at the first forfeit);
//! - the forfeiting bot (in sides, its whole side) loses with a total of 0; every other
//!   bot wins with a total of [`FORFEIT_AWARD`] (25: all 22 card points and the +3, the
//!   most a game without tablas gives), so a forfeit always costs more than any game
//!   played out;
//! - margins follow from those totals as usual; each bot's seat result (tablas, cards) is
//!   its pile as it stood, without the +3;
//! - its margin by deal ([`GameOutcome::deal_margins`]) keeps the deals before the forfeit
//!   as they were played; the deal of the forfeit takes the rest of the margin (the award
//!   against the scores so far), and the deals after it 0, so they still add up;
//! - [`BotGame::forfeited`] marks the bot, [`GameOutcome::forfeit`] says who and why, and
//!   the tally counts forfeits ([`crate::matches::tally::BotTally::forfeits`]).
//!
//! ```
//! use tablic_core::bots::BotSpec;
//! use tablic_core::matches::MatchPlan;
//! use tablic_core::matches::tally::MatchTally;
//! use tablic_core::matches::timing::DecisionTimer;
//!
//! let plan = MatchPlan::new(&[BotSpec::Greedy, BotSpec::Random], 1, true).unwrap();
//! let mut tally = MatchTally::for_plan(&plan);
//! let mut timer = DecisionTimer::untimed(); // no clock: decision times read 0
//! for group in 0..10 {
//!     plan.play_group(group, &mut tally, &mut timer, &mut []).unwrap();
//! }
//! assert_eq!((tally.groups(), tally.games()), (10, 20));
//! assert_eq!(tally.bot(0).seats[..2], [10, 10]);
//! ```

pub mod checkpoint;
pub mod chunks;
mod outcome;
pub mod tally;
pub mod tally_text;
pub mod timing;
pub mod to_target;
pub mod tournament;

use core::fmt;
use core::ops::Range;

use arrayvec::ArrayVec;

use crate::bots::solver::Entry;
use crate::bots::{AnyBot, BotSpec, PlayError};
use crate::dealing::deck::Deck;
use crate::dealing::players::{InvalidPlayerCount, PlayerCount, MAX_PLAYERS};
use crate::dealing::seeding::derive_seed;
use crate::game::moves::Move;
use crate::game::rules::{Rules, RulesError};
use crate::game::score::{GameResult, MOST_CARDS_BONUS};
use crate::game::{DeckOrigin, Game};
use crate::matches::tally::MatchTally;
use crate::matches::timing::DecisionTimer;

pub use outcome::{BotGame, Forfeit, GameOutcome, Standing};

/// Bot seeds of a game are its deal seed's children from this index on, far from any index
/// a game might use for something else.
pub const BOT_SEED_INDEX: u64 = 1000;

/// The total every other bot gets when one forfeits: all 22 card points and the +3.
pub const FORFEIT_AWARD: u32 = 22 + MOST_CARDS_BONUS;

/// Who plays, under which rules, from which seed, and whether deals are duplicated.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MatchPlan {
    bots: ArrayVec<BotSpec, MAX_PLAYERS>,
    players: PlayerCount,
    rules: Rules,
    seed: u64,
    duplicate: bool,
}

impl MatchPlan {
    /// A plan for `bots` (one per player, so their number must be a player count), dealing
    /// group `g` from `derive_seed(seed, g)`, each deal played by every rotation of the bots
    /// if `duplicate`.
    pub fn new(
        bots: &[BotSpec],
        seed: u64,
        duplicate: bool,
    ) -> Result<MatchPlan, InvalidPlayerCount> {
        let players = PlayerCount::new(bots.len())?;
        Ok(MatchPlan {
            bots: bots.iter().cloned().collect(),
            players,
            rules: Rules::ORIGINAL,
            seed,
            duplicate,
        })
    }

    /// The same plan with every game played under `rules`, if the bots can sit in its
    /// sides: bot `i` plays for side `i mod s` (see the [module docs](self)).
    pub fn with_rules(self, rules: Rules) -> Result<MatchPlan, RulesError> {
        rules.check(self.players)?;
        Ok(MatchPlan { rules, ..self })
    }

    /// A plan for `bots` under `rules`, whose number and sides the caller knows fit (a
    /// tournament's table), so nothing can fail.
    pub(crate) fn seated(
        bots: ArrayVec<BotSpec, MAX_PLAYERS>,
        players: PlayerCount,
        rules: Rules,
        seed: u64,
        duplicate: bool,
    ) -> MatchPlan {
        debug_assert_eq!(bots.len(), players.get());
        debug_assert!(rules.check(players).is_ok());
        MatchPlan {
            bots,
            players,
            rules,
            seed,
            duplicate,
        }
    }

    /// The bots, bot 0 first.
    pub fn bots(&self) -> &[BotSpec] {
        &self.bots
    }

    /// The number of players (= bots).
    pub const fn players(&self) -> PlayerCount {
        self.players
    }

    /// The rules every game is played under.
    pub const fn rules(&self) -> Rules {
        self.rules
    }

    /// How many sides play (the players, when everyone plays alone).
    pub const fn side_count(&self) -> usize {
        self.rules.side_count(self.players)
    }

    /// The side bot `bot` plays for in rotation 0 (`bot mod s`), its name for the whole
    /// match: bots are partners when their sides are equal. In rotation `r` its game seat
    /// is `bot + r`, on the game's side `(bot + r) mod s`.
    pub const fn side_of_bot(&self, bot: usize) -> usize {
        bot % self.side_count()
    }

    /// The match seed.
    pub const fn seed(&self) -> u64 {
        self.seed
    }

    /// True when every deal is played by every rotation of the bots.
    pub const fn is_duplicate(&self) -> bool {
        self.duplicate
    }

    /// Games per deal group: the side count (the player count when everyone plays alone)
    /// with duplication, else 1.
    pub const fn games_per_group(&self) -> usize {
        if self.duplicate {
            self.side_count()
        } else {
            1
        }
    }

    /// The game of group `group` as it is dealt, under the plan's rules: every game of the
    /// group starts from it.
    pub fn deal(&self, group: u64) -> Game {
        let seed = self.group_seed(group);
        Game::start(
            self.players,
            self.rules,
            Deck::from_seed(seed),
            DeckOrigin::Seed(seed),
        )
    }

    /// The deck seed of group `group`: `derive_seed(seed, group)`.
    pub const fn group_seed(&self, group: u64) -> u64 {
        derive_seed(self.seed, group)
    }

    /// The seat of bot `bot` in rotation `rotation`: `(bot + rotation) mod n`.
    pub const fn seat_of(&self, bot: usize, rotation: usize) -> usize {
        (bot + rotation) % self.players.get()
    }

    /// The bot at seat `seat` in rotation `rotation`: `(seat − rotation) mod n`.
    pub const fn bot_at(&self, seat: usize, rotation: usize) -> usize {
        let n = self.players.get();
        (seat + n - rotation % n) % n
    }

    /// The seed of bot `bot` in rotation `rotation` of group `group`:
    /// `derive_seed(group_seed(group), 1000 + rotation·n + bot)`.
    pub const fn bot_seed(&self, group: u64, rotation: usize, bot: usize) -> u64 {
        self.bot_seed_in(self.group_seed(group), rotation, bot)
    }

    /// The seed of bot `bot` in rotation `rotation` of a game dealt from `deal_seed`.
    const fn bot_seed_in(&self, deal_seed: u64, rotation: usize, bot: usize) -> u64 {
        let index = (rotation * self.players.get() + bot) as u64;
        derive_seed(deal_seed, BOT_SEED_INDEX + index)
    }

    /// Search memory the bots need together, in entries: give [`MatchPlan::play_game`] a
    /// slice this long (a shorter one only slows the solving bots).
    pub fn memory_entries(&self) -> usize {
        self.bots.iter().map(BotSpec::memory_entries).sum()
    }

    /// The built-in bots of rotation `rotation` of group `group`, bot 0 first, each with its
    /// seed ([`MatchPlan::bot_seed`]) and its share of `memory` (see
    /// [`MatchPlan::play_game`]): what [`MatchPlan::play_game`] plays with, for callers of
    /// [`MatchPlan::play_game_with`] that fill only some seats themselves.
    pub fn bots_for<'m>(
        &self,
        group: u64,
        rotation: usize,
        memory: &'m mut [Entry],
    ) -> ArrayVec<AnyBot<'m>, MAX_PLAYERS> {
        self.bots_seeded(self.group_seed(group), rotation, memory)
    }

    /// The built-in bots of rotation `rotation` of a game dealt from `deal_seed`, bot `i`
    /// seeded `derive_seed(deal_seed, 1000 + rotation·n + i)`, each with its share of
    /// `memory`.
    pub(crate) fn bots_seeded<'m>(
        &self,
        deal_seed: u64,
        rotation: usize,
        memory: &'m mut [Entry],
    ) -> ArrayVec<AnyBot<'m>, MAX_PLAYERS> {
        let mut bots = ArrayVec::new();
        let mut free = memory;
        for (bot, spec) in self.bots.iter().enumerate() {
            let (mine, rest) = free.split_at_mut(spec.memory_entries().min(free.len()));
            free = rest;
            bots.push(spec.build(self.bot_seed_in(deal_seed, rotation, bot), mine));
        }
        bots
    }

    /// Plays rotation `rotation` of group `group` (rotation 0 without duplication).
    ///
    /// `timer` times the decisions with the caller's clock (each bot's slow decisions one
    /// by one, a sample of the fast ones: [`crate::matches::timing`]); keep one for a
    /// plan's games on a thread, so it knows the bots.
    /// `memory` is shared out among the bots that search ([`MatchPlan::memory_entries`]);
    /// they clear what they use, so a game never depends on the one played before.
    /// A built-in bot's illegal move is an error, not a forfeit.
    pub fn play_game(
        &self,
        group: u64,
        rotation: usize,
        timer: &mut DecisionTimer<'_>,
        memory: &mut [Entry],
    ) -> Result<GameOutcome, MatchError> {
        self.check_rotation(group, rotation)?;
        let mut bots = self.bots_for(group, rotation, memory);
        let mut choose = |bot: usize, game: &Game| match bots[bot].choose(game) {
            Some(chosen) => Ok(chosen),
            None => Err(Forfeit::Protocol),
        };
        self.run(group, rotation, &mut choose, timer, false)
            .map(|(outcome, _)| outcome)
    }

    /// Plays rotation `rotation` of group `group` with `choose(bot, game)` deciding for
    /// bot `bot` whenever its seat is to move (the seat is `game.to_move()`): it returns a
    /// move, or a [`Forfeit`]. Every move is checked; an illegal one is a forfeit too. The
    /// game stops at the first forfeit and is scored as the [module docs](self) say.
    ///
    /// Gives the outcome and the game itself, finished or stopped where the forfeit came
    /// (for its record). Decisions are timed as in [`MatchPlan::play_game`].
    pub fn play_game_with(
        &self,
        group: u64,
        rotation: usize,
        choose: &mut dyn FnMut(usize, &Game) -> Result<Move, Forfeit>,
        timer: &mut DecisionTimer<'_>,
    ) -> Result<(GameOutcome, Game), MatchError> {
        self.check_rotation(group, rotation)?;
        self.run(group, rotation, choose, timer, true)
    }

    fn check_rotation(&self, group: u64, rotation: usize) -> Result<(), MatchError> {
        if rotation >= self.games_per_group() {
            return Err(MatchError {
                group,
                rotation,
                error: MatchFailure::NoSuchRotation,
            });
        }
        Ok(())
    }

    /// The game loop; an illegal move is a forfeit if `illegal_forfeits`, else an error.
    fn run(
        &self,
        group: u64,
        rotation: usize,
        choose: &mut dyn FnMut(usize, &Game) -> Result<Move, Forfeit>,
        timer: &mut DecisionTimer<'_>,
        illegal_forfeits: bool,
    ) -> Result<(GameOutcome, Game), MatchError> {
        let mut outcome = GameOutcome::empty(self.players, self.side_count());
        let mut game = self.deal(group);
        let mut forfeit = None;
        // Each bot's score when the deal under way began.
        let mut deal_start = [0; MAX_PLAYERS];
        // Each bot's decisions not timed, counted at its timed mean once the game ends.
        let mut untimed = [0; MAX_PLAYERS];
        while let Some(seat) = game.to_move() {
            let bot = self.bot_at(seat, rotation);
            let started = timer.start(bot);
            let chosen = choose(bot, &game);
            let record = &mut outcome.bots[bot];
            record.decisions += 1;
            match started {
                Some(started) => {
                    let spent = timer.stop(bot, started);
                    record.decision_ns = record.decision_ns.saturating_add(spent);
                    record.max_decision_ns = record.max_decision_ns.max(spent);
                }
                None => untimed[bot] += 1,
            }
            let failed = match chosen {
                Ok(chosen) => match game.play(chosen) {
                    Ok(played) => {
                        if played.new_deal {
                            let scores = self.scores_so_far(&game, rotation);
                            let ended = game.deals_dealt() - 2;
                            outcome.end_deal(ended, &mut deal_start, &scores);
                        }
                        continue;
                    }
                    Err(reason) if illegal_forfeits => Forfeit::Illegal { chosen, reason },
                    Err(reason) => {
                        return Err(MatchError {
                            group,
                            rotation,
                            error: MatchFailure::Play(PlayError::Illegal {
                                seat,
                                chosen,
                                reason,
                            }),
                        })
                    }
                },
                Err(failed) => failed,
            };
            forfeit = Some((bot, failed));
            break;
        }
        outcome.forfeit = forfeit;
        for (bot, record) in outcome.bots[..self.players.get()].iter_mut().enumerate() {
            let estimate = timer.estimate(bot, untimed[bot]);
            record.decision_ns = record.decision_ns.saturating_add(estimate);
        }
        let result = game.result_so_far();
        self.score(&mut outcome, rotation, &result);
        // The deal under way takes the rest: the end's counting, or the forfeit's award.
        let totals = core::array::from_fn(|bot| outcome.bots[bot].total);
        outcome.end_deal(game.deals_dealt() - 1, &mut deal_start, &totals);
        Ok((outcome, game))
    }

    /// Each bot's score so far in rotation `rotation` of `game`, bot 0 first: its side's.
    fn scores_so_far(&self, game: &Game, rotation: usize) -> [u32; MAX_PLAYERS] {
        let n = self.players.get();
        let mut scores = [0; MAX_PLAYERS];
        for (bot, score) in scores[..n].iter_mut().enumerate() {
            *score = game.side_points_so_far(game.side_of(self.seat_of(bot, rotation)));
        }
        scores
    }

    /// Fills in every bot's seat, result, total, standing and margin, all by sides: a
    /// bot's total is its side's, and a forfeit loses the game for the bot's whole side.
    fn score(&self, outcome: &mut GameOutcome, rotation: usize, result: &GameResult) {
        let n = self.players.get();
        let sides = self.side_count();
        let losing_side = outcome
            .forfeit
            .map(|(bot, _)| result.side_of(self.seat_of(bot, rotation)));
        let side_total = |side: usize| match losing_side {
            None => result.side_total(side),
            Some(loser) if loser == side => 0,
            Some(_) => FORFEIT_AWARD,
        };
        let leaders = result.leaders();
        let shared = leaders.count_ones() > 1;
        let sum: i64 = (0..sides).map(|side| side_total(side) as i64).sum();
        for (bot, record) in outcome.bots[..n].iter_mut().enumerate() {
            let seat = self.seat_of(bot, rotation);
            let side = result.side_of(seat);
            let mut seat_result = result.seats()[seat];
            // The bonus is the side's: each of its bots is marked as holding it.
            seat_result.most_cards = result.side(side).most_cards;
            let total = side_total(side);
            record.seat = seat;
            record.standing = match losing_side {
                Some(loser) => {
                    seat_result.most_cards = false;
                    record.forfeited = outcome.forfeit.is_some_and(|(at, _)| at == bot);
                    if loser == side {
                        Standing::Loss
                    } else {
                        Standing::Win
                    }
                }
                None => match (leaders & (1 << side) != 0, shared) {
                    (true, false) => Standing::Win,
                    (true, true) => Standing::Tie,
                    (false, _) => Standing::Loss,
                },
            };
            record.result = seat_result;
            record.total = total;
            record.scaled_margin = sides as i64 * total as i64 - sum;
        }
    }

    /// Plays every game of group `group` (each rotation in turn) into `tally`.
    pub fn play_group(
        &self,
        group: u64,
        tally: &mut MatchTally,
        timer: &mut DecisionTimer<'_>,
        memory: &mut [Entry],
    ) -> Result<(), MatchError> {
        for rotation in 0..self.games_per_group() {
            tally.add(&self.play_game(group, rotation, timer, memory)?);
        }
        Ok(())
    }

    /// Plays groups `groups` into `tally`, in order.
    pub fn play_groups(
        &self,
        groups: Range<u64>,
        tally: &mut MatchTally,
        timer: &mut DecisionTimer<'_>,
        memory: &mut [Entry],
    ) -> Result<(), MatchError> {
        for group in groups {
            self.play_group(group, tally, timer, memory)?;
        }
        Ok(())
    }
}

impl MatchTally {
    /// An empty tally for the games of `plan`.
    pub const fn for_plan(plan: &MatchPlan) -> MatchTally {
        MatchTally::of_sides(
            plan.players(),
            plan.side_count(),
            plan.games_per_group() as u32,
        )
    }
}

/// Part `part` of `parts` contiguous, nearly equal pieces of `0..groups` (the first
/// `groups mod parts` pieces one longer). Tallies of the pieces, merged in order, equal the
/// tally of the whole range, so this is how to split a match between threads.
pub const fn split_groups(groups: u64, parts: u64, part: u64) -> Range<u64> {
    if parts == 0 || part >= parts {
        return groups..groups;
    }
    let (size, extra) = (groups / parts, groups % parts);
    let start = part * size + if part < extra { part } else { extra };
    let len = size + (part < extra) as u64;
    start..start + len
}

/// Why a match game stopped.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum MatchFailure {
    /// A bot chose an illegal move.
    Play(PlayError),
    /// The rotation is not below [`MatchPlan::games_per_group`].
    NoSuchRotation,
    /// A match to this target cannot be played (0, or over
    /// [`MAX_TARGET`](crate::game::match_to_target::MAX_TARGET)).
    BadTarget(u32),
    /// A bot gave no move on its turn.
    NoMove,
}

/// A match game that could not be played, and which one it was.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct MatchError {
    /// Its deal group.
    pub group: u64,
    /// Its rotation.
    pub rotation: usize,
    /// What went wrong.
    pub error: MatchFailure,
}

impl fmt::Display for MatchError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "group {}, rotation {}: ", self.group, self.rotation)?;
        match &self.error {
            MatchFailure::Play(error) => error.fmt(f),
            MatchFailure::NoSuchRotation => f.write_str("no such rotation"),
            MatchFailure::BadTarget(target) => write!(f, "no match to {target} points"),
            MatchFailure::NoMove => f.write_str("a bot gave no move on its turn"),
        }
    }
}

impl core::error::Error for MatchError {}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::moves::IllegalMove;

    fn plan(bots: &[BotSpec], duplicate: bool) -> MatchPlan {
        MatchPlan::new(bots, 7, duplicate).unwrap()
    }

    #[test]
    fn rotations_put_every_bot_in_every_seat_once() {
        let three = [BotSpec::Greedy, BotSpec::Random, BotSpec::Random];
        let plan = plan(&three, true);
        assert_eq!(plan.games_per_group(), 3);
        let seats: [[usize; 3]; 3] =
            core::array::from_fn(|r| core::array::from_fn(|bot| plan.seat_of(bot, r)));
        assert_eq!(seats, [[0, 1, 2], [1, 2, 0], [2, 0, 1]]);
        for r in 0..3 {
            for bot in 0..3 {
                assert_eq!(plan.bot_at(plan.seat_of(bot, r), r), bot);
            }
        }
        assert_eq!(self::plan(&three, false).games_per_group(), 1);
        assert!(MatchPlan::new(&three[..1], 7, true).is_err());
    }

    #[test]
    fn seeds_follow_the_documented_formulas() {
        let plan = plan(&[BotSpec::Random, BotSpec::Random], true);
        let deal = derive_seed(7, 5);
        assert_eq!(plan.group_seed(5), deal);
        assert_eq!(plan.bot_seed(5, 0, 1), derive_seed(deal, 1001));
        assert_eq!(plan.bot_seed(5, 1, 0), derive_seed(deal, 1002));
        assert_eq!(plan.bot_seed(5, 1, 1), derive_seed(deal, 1003));
    }

    #[test]
    fn a_game_is_the_same_as_play_out_with_the_documented_seats_and_seeds() {
        let plan = plan(&[BotSpec::Greedy, BotSpec::Random], true);
        for group in 0..20 {
            for rotation in 0..2 {
                let outcome = plan
                    .play_game(group, rotation, &mut DecisionTimer::untimed(), &mut [])
                    .unwrap();
                let mut game = Game::from_seed(plan.players(), plan.group_seed(group));
                let mut at_seat: [AnyBot; 2] = core::array::from_fn(|seat| {
                    let bot = plan.bot_at(seat, rotation);
                    plan.bots()[bot].build(plan.bot_seed(group, rotation, bot), &mut [])
                });
                while let Some(seat) = game.to_move() {
                    let chosen = at_seat[seat].choose(&game).unwrap();
                    game.play(chosen).unwrap();
                }
                let result = game.result().unwrap();
                for (bot, record) in outcome.bots().iter().enumerate() {
                    let seat = plan.seat_of(bot, rotation);
                    assert_eq!(record.seat, seat);
                    assert_eq!(record.result, result.seats()[seat]);
                    assert_eq!(record.total, result.total(seat));
                    let other = result.total(1 - seat) as f64;
                    assert_eq!(outcome.margin(bot), record.total as f64 - other);
                    assert_eq!(record.decision_ns, 0);
                }
                let turns: u32 = outcome.bots().iter().map(|b| b.decisions).sum();
                assert_eq!(turns as usize, game.history().len());
            }
        }
        let error = plan
            .play_game(0, 2, &mut DecisionTimer::untimed(), &mut [])
            .unwrap_err();
        assert_eq!(error.error, MatchFailure::NoSuchRotation);
    }

    #[test]
    fn margins_are_against_the_mean_of_the_others() {
        let plan = plan(&[BotSpec::Random; 4], false);
        let outcome = plan
            .play_game(3, 0, &mut DecisionTimer::untimed(), &mut [])
            .unwrap();
        let totals: [f64; 4] = core::array::from_fn(|bot| outcome.bots()[bot].total as f64);
        let sum: f64 = totals.iter().sum();
        let mut margins = 0.0;
        for (bot, total) in totals.iter().enumerate() {
            let expected = total - (sum - total) / 3.0;
            assert!((outcome.margin(bot) - expected).abs() < 1e-12);
            margins += outcome.margin(bot);
        }
        assert!(margins.abs() < 1e-12, "margins sum to 0");
    }

    #[test]
    fn a_games_margin_is_split_by_deal_as_its_record_shows() {
        // `tablic match --players greedy,greedy --games 1 --save-records DIR`, then `tablic
        // replay` (card points: A, J, Q, K, 10 one each, 10♦ two, 2♣ one; a tabla one).
        // Deal 1: seat 0 takes 8S 3C 5C and 4H 4D, 0 points; seat 1 takes KC 2H JH (2),
        //   10S 4C 6C (1), 9D 9H: 3 points. Seat 0: 2·0 − 3 = −3; seat 1: 2·3 − 3 = +3.
        // Deal 2: seat 0 takes 10D 10H (3), QC QD (2), 8D 3D 5S: 5; seat 1 takes AD 2D 9C
        //   (1), KS AC QS KH (4): 5. Both 0.
        // Deal 3: seat 0 takes 5D 2S 3S, JC 4S 8H with a tabla (2), 9S 3H 6D: 2; seat 1
        //   takes AH AS: 2. Both 0.
        // Deal 4 and the end: seat 0 takes 7C 7D, KD 6H 8C (1), the table's last 2C 5H 7H
        //   10C as the last capturer (2) and +3 for 30 cards to 22: 6; seat 1 takes JD JS
        //   with a tabla (3), QH 6S 7S (1): 4. Seat 0: 2·6 − 10 = +2; seat 1: −2.
        // Totals 13 and 14: seat 0's scaled margin 2·13 − 27 = −1 = −3 + 0 + 0 + 2.
        let plan = MatchPlan::new(&[BotSpec::Greedy, BotSpec::Greedy], 1, false).unwrap();
        let outcome = plan
            .play_game(0, 0, &mut DecisionTimer::untimed(), &mut [])
            .unwrap();
        let totals = [outcome.bots()[0].total, outcome.bots()[1].total];
        assert_eq!(totals, [13, 14]);
        assert_eq!(outcome.deal_margins(0), [-3, 0, 0, 2]);
        assert_eq!(outcome.deal_margins(1), [3, 0, 0, -2]);
        assert_eq!(outcome.bots()[0].scaled_margin, -1);
        assert_eq!(outcome.deal_margins(2), [0; 0]);
    }

    #[test]
    fn deal_margins_add_up_to_the_margin_at_every_player_count() {
        for players in [2, 3, 4, 6, 8, 12, 16, 24, 48] {
            let mut bots = [BotSpec::Random; MAX_PLAYERS];
            bots[0] = BotSpec::Greedy;
            let plan = plan(&bots[..players], true);
            let deals = plan.players().deals();
            let mut games = 0;
            for group in 0..(240 / players as u64).max(2) {
                for rotation in 0..players {
                    let outcome = plan
                        .play_game(group, rotation, &mut DecisionTimer::untimed(), &mut [])
                        .unwrap();
                    for (bot, game) in outcome.bots().iter().enumerate() {
                        let by_deal = outcome.deal_margins(bot);
                        assert_eq!(by_deal.len(), deals);
                        assert_eq!(by_deal.iter().sum::<i64>(), game.scaled_margin);
                    }
                    // Every deal is zero-sum between the bots.
                    for deal in 0..deals {
                        let sum: i64 = (0..players)
                            .map(|bot| outcome.deal_margins(bot)[deal])
                            .sum();
                        assert_eq!(sum, 0, "{players} players, deal {deal}");
                    }
                    games += 1;
                }
            }
            assert!(games >= 48, "{players} players: {games} games");
        }
    }

    #[test]
    fn a_forfeit_counts_in_the_deal_it_came_in() {
        for players in [2, 3, 4] {
            let plan = plan(&[BotSpec::Greedy; 4][..players], false);
            let moves = crate::MOVES_PER_GAME;
            // Forfeits at the first move, in the middle and at the last move.
            for forfeit_at in [0, players + 1, moves / 2, moves - 1] {
                let mut built = plan.bots_for(4, 0, &mut []);
                let (outcome, game) = plan
                    .play_game_with(
                        4,
                        0,
                        &mut |bot, game| {
                            if game.history().len() == forfeit_at {
                                return Err(Forfeit::Crash);
                            }
                            Ok(built[bot].choose(game).unwrap())
                        },
                        &mut DecisionTimer::untimed(),
                    )
                    .unwrap();
                let deal = plan.players().deal_at(forfeit_at).deal;
                assert_eq!(game.deals_dealt(), deal + 1);
                let forfeiter = outcome.forfeit().unwrap().0;
                for (bot, record) in outcome.bots().iter().enumerate() {
                    let by_deal = outcome.deal_margins(bot);
                    assert_eq!(by_deal.iter().sum::<i64>(), record.scaled_margin);
                    assert!(by_deal[deal + 1..].iter().all(|&margin| margin == 0));
                    // Before the forfeit's deal, the deals as played: replay them.
                    let mut replay = Game::from_seed(plan.players(), plan.group_seed(4));
                    for &played in &game.history()[..plan.players().deal_at(forfeit_at).start] {
                        replay.play(played).unwrap();
                    }
                    let scored: i64 = (0..players)
                        .map(|seat| i64::from(replay.points_so_far(seat)))
                        .sum();
                    let own = i64::from(replay.points_so_far(record.seat));
                    let before: i64 = by_deal[..deal].iter().sum();
                    assert_eq!(before, players as i64 * own - scored);
                    let award = if bot == forfeiter { 0 } else { FORFEIT_AWARD };
                    assert_eq!(record.total, award);
                }
            }
        }
    }

    #[test]
    fn decisions_are_timed_by_the_callers_clock() {
        let plan = plan(&[BotSpec::Greedy, BotSpec::Greedy], false);
        // Each reading advances 5 ns, so every decision takes 5 ns.
        let mut now = 0;
        let mut clock = || {
            now += 5;
            now
        };
        let mut timer = DecisionTimer::new(&mut clock);
        let outcome = plan.play_game(0, 0, &mut timer, &mut []).unwrap();
        for bot in outcome.bots() {
            assert_eq!(bot.decisions, 24);
            assert_eq!(bot.decision_ns, 5 * 24);
            assert_eq!(bot.max_decision_ns, 5);
        }
    }

    #[test]
    fn a_fast_bots_decisions_are_sampled_and_counted_at_their_mean() {
        let plan = plan(&[BotSpec::Greedy, BotSpec::Greedy], false);
        let (mut now, mut reads) = (0, 0);
        let mut clock = || {
            reads += 1;
            now += 5;
            now
        };
        let mut timer = DecisionTimer::new(&mut clock);
        let mut tally = MatchTally::for_plan(&plan);
        plan.play_groups(0..10, &mut tally, &mut timer, &mut [])
            .unwrap();
        // 240 decisions a bot: the first 32 timed, then the 61st, 122nd and 183rd after.
        assert_eq!(reads, 2 * 2 * (32 + 3));
        for bot in 0..2 {
            let summary = tally.bot(bot);
            assert_eq!(summary.decisions, 240);
            assert_eq!(summary.decision_ns, 5 * 240);
            assert_eq!(summary.max_decision_ns, 5);
        }
    }

    #[test]
    fn groups_split_into_contiguous_pieces() {
        for groups in 0..20 {
            for parts in 1..6 {
                let mut next = 0;
                for part in 0..parts {
                    let piece = split_groups(groups, parts, part);
                    assert_eq!(piece.start, next);
                    assert!(piece.end - piece.start <= groups / parts + 1);
                    next = piece.end;
                }
                assert_eq!(next, groups);
            }
        }
        assert_eq!(split_groups(10, 0, 0), 10..10);
    }

    #[test]
    fn play_game_with_the_built_in_bots_is_play_game() {
        for bots in [
            &[BotSpec::Greedy, BotSpec::Random][..],
            &[BotSpec::Random, BotSpec::Greedy, BotSpec::Random],
        ] {
            let plan = plan(bots, true);
            for group in 0..8 {
                for rotation in 0..plan.games_per_group() {
                    let expected = plan
                        .play_game(group, rotation, &mut DecisionTimer::untimed(), &mut [])
                        .unwrap();
                    let mut built = plan.bots_for(group, rotation, &mut []);
                    let (outcome, game) = plan
                        .play_game_with(
                            group,
                            rotation,
                            &mut |bot, game| Ok(built[bot].choose(game).unwrap()),
                            &mut DecisionTimer::untimed(),
                        )
                        .unwrap();
                    assert_eq!(outcome, expected);
                    assert_eq!(outcome.forfeit(), None);
                    assert!(game.is_finished());
                    assert!(outcome.bots().iter().all(|bot| !bot.forfeited));
                }
            }
        }
        let error = plan(&[BotSpec::Random; 2], false)
            .play_game_with(
                0,
                1,
                &mut |_, _| Err(Forfeit::Crash),
                &mut DecisionTimer::untimed(),
            )
            .unwrap_err();
        assert_eq!(error.error, MatchFailure::NoSuchRotation);
    }

    #[test]
    fn an_illegal_move_is_a_forfeit_that_stops_the_game() {
        let plan = plan(&[BotSpec::Greedy, BotSpec::Random], true);
        // In rotation 1 bot 1 sits at seat 0 and moves first: it plays a card it lacks.
        let mut built = plan.bots_for(2, 1, &mut []);
        let (outcome, game) = plan
            .play_game_with(
                2,
                1,
                &mut |bot, game| {
                    if bot == 1 && game.history().len() == 2 {
                        let stranger = game.hand(1).first().unwrap();
                        return Ok(Move::discard(stranger));
                    }
                    Ok(built[bot].choose(game).unwrap())
                },
                &mut DecisionTimer::untimed(),
            )
            .unwrap();
        assert_eq!(game.history().len(), 2, "the game stopped at the forfeit");
        assert!(!game.is_finished());
        let (bot, forfeit) = outcome.forfeit().unwrap();
        assert_eq!(bot, 1);
        let stranger = game.hand(1).first().unwrap();
        assert_eq!(
            forfeit,
            Forfeit::Illegal {
                chosen: Move::discard(stranger),
                reason: IllegalMove::CardNotInHand(stranger),
            }
        );
        assert_eq!(forfeit.kind(), "illegal");
        let [winner, loser] = [outcome.bots()[0], outcome.bots()[1]];
        assert_eq!((winner.seat, loser.seat), (1, 0));
        assert_eq!((winner.total, loser.total), (FORFEIT_AWARD, 0));
        assert_eq!(
            (winner.standing, loser.standing),
            (Standing::Win, Standing::Loss)
        );
        assert_eq!((winner.forfeited, loser.forfeited), (false, true));
        assert_eq!((outcome.margin(0), outcome.margin(1)), (25.0, -25.0));
        assert_eq!(loser.decisions, 2);
        assert!(!winner.result.most_cards && !loser.result.most_cards);
    }

    #[test]
    fn a_forfeit_at_a_table_of_four_makes_every_other_bot_a_winner() {
        let plan = plan(&[BotSpec::Random; 4], false);
        let mut built = plan.bots_for(0, 0, &mut []);
        let (outcome, game) = plan
            .play_game_with(
                0,
                0,
                &mut |bot, game| match bot {
                    2 => Err(Forfeit::Protocol),
                    _ => Ok(built[bot].choose(game).unwrap()),
                },
                &mut DecisionTimer::untimed(),
            )
            .unwrap();
        assert_eq!(game.history().len(), 2);
        assert_eq!(outcome.forfeit(), Some((2, Forfeit::Protocol)));
        let totals: [u32; 4] = core::array::from_fn(|bot| outcome.bots()[bot].total);
        assert_eq!(totals, [25, 25, 0, 25]);
        for bot in [0, 1, 3] {
            assert_eq!(outcome.bots()[bot].standing, Standing::Win);
            assert!((outcome.margin(bot) - 25.0 / 3.0).abs() < 1e-12);
        }
        assert_eq!(outcome.margin(2), -25.0);
        assert_eq!(outcome.bots()[2].standing, Standing::Loss);
    }
}
