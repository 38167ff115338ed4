//! Perfect-information Monte Carlo, as bridge and Skat programs play: deal the unseen cards
//! at random in ways consistent with what the seat knows, solve each such world exactly
//! with the [solver](crate::bots::solver), and play the move with the best mean value.
//!
//! - Worlds ([`Worlds`]) give every other seat as many unseen cards as it holds and
//!   put the rest, in a random order, in the deck; they avoid classes a seat probably
//!   lacks, and favour hands with which the seat's moves this deal were greedy, as strongly
//!   as its play in earlier deals says it makes greedy moves.
//! - An opponent whose every move in the deals already over was the greedy player's (a
//!   whole deal's worth at least, [`Opponents`]) is taken to play greedy moves: the solver
//!   plays its greedy move in each world instead of its best against our hand, which it
//!   could not see. Against the greedy player this is its real play, and worth three
//!   points a game (STRENGTH.md); a player that is not greedy is seldom taken for one (the
//!   minimax player, whose moves are greedy two times in three, passes a deal one time in
//!   twenty).
//! - Each world is solved to the end of the current deal (where the margin in points and
//!   tablas is taken as it stands, the table unclaimed, and each card of lead in captured
//!   cards counts a third of a point instead of the bonus for most cards), or exactly to
//!   the end of the game in the last deal. With two players the last deal has a single
//!   consistent world (the opponent holds every unseen card), so it is solved once, exactly.
//!   A deal of three or four players (18 or 24 moves) is cut after 15 or 16 moves, whole
//!   rounds, and valued there the same way.
//! - Samples are spent where they decide something: every legal move is solved in the
//!   first quarter of the worlds (at least 16), then only the moves still within two
//!   standard errors of the best (four at most, by their regret against each world's best
//!   move) in the rest. Most decisions have a clear best move or a few close ones, so 128
//!   worlds cost about what 40 would if every move were solved in each.
//! - Each world's solve has a node budget; a world that runs out counts for nothing, so no
//!   move is judged on part of a world. When more than one in eight of the first round's
//!   worlds so far have run out, the decision starts over with the horizon a round nearer:
//!   a small budget gives a shorter sight, never a decision left to the greedy order. The
//!   single world of a two-player last deal has no budget, it is the game itself, unless
//!   the `exact` option gives one (firmware must answer in time): out of it, the world is
//!   solved again a round nearer.
//! - Ties go to the greedy player's order ([`GreedyKey`]).
//! - In a game of sides a world's value is the side's margin (the solver's), partners
//!   helping: a partner's hand is sampled like an opponent's, its moves of the deal read
//!   the same way as evidence of it, but it is searched as playing the side's best moves,
//!   never as a greedy player. The end is settled by the game's house rules. The learned
//!   evaluation (`learned`) only values two players' deal ends under the original rules;
//!   elsewhere the cut is valued as without it.

mod opponents;
mod world;

use core::ops::ControlFlow;

use arrayvec::ArrayVec;

pub use opponents::Opponents;
pub use world::{sample_world, Inference, World, Worlds};

use crate::bots::evaluation;
use crate::bots::solver::{Entry, Position, Solver, CUT_POINT, SOLVER_MEMORY_KIB};
use crate::bots::{Bot, GreedyKey};
use crate::dealing::pcg32::Pcg32;
use crate::dealing::players::MAX_PLAYERS;
use crate::game::moves::{try_for_each_move, Move};
use crate::game::view::PlayerView;
use crate::{Card, CardSet};

/// Root moves a decision weighs at most; a crowded table with more keeps the first ones
/// (lowest ranks first) and never plays the rest.
pub const MAX_ROOT_MOVES: usize = 256;

/// Worlds a decision samples at most; more samples are taken as this many.
pub const MAX_SAMPLES: u32 = 4096;

/// How hard [`PimcBot`] thinks.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct PimcOptions {
    /// Worlds sampled per decision: the finalists are solved in all of them, every legal
    /// move in the first quarter (at least 16). At most [`MAX_SAMPLES`].
    pub samples: u32,
    /// Node budget of each world's solve.
    pub nodes: u64,
    /// Worlds cut at the deal's end are valued there by the learned evaluation of the rest
    /// of the game ([`crate::bots::evaluation`]) instead of a card of lead at a third of a
    /// point: with two players under the original rules, which it learned.
    pub learned: bool,
    /// How the worlds weigh the opponents' moves of this deal as evidence of their hands.
    pub inference: Inference,
    /// In a game of sides, plays for its own seat alone, its partners taken for opponents
    /// in its search and inference ([`PlayerView::playing_alone`]): what playing for the
    /// side is worth is measured against it. No effect when everyone plays alone.
    pub alone: bool,
    /// KiB of transposition table that its spec asks for (`BotSpec::memory_entries`);
    /// the bot itself searches in whatever memory it is given.
    pub memory_kib: u32,
    /// Node budget of each solve of the two-player last deal's single world (`None`:
    /// exact, whatever it costs); out of it, the world is solved a round nearer.
    pub exact: Option<u64>,
}

impl Default for PimcOptions {
    fn default() -> Self {
        PimcOptions {
            samples: 128,
            nodes: 40_000,
            learned: false,
            inference: Inference::Greedy,
            alone: false,
            memory_kib: SOLVER_MEMORY_KIB,
            exact: None,
        }
    }
}

/// The perfect-information Monte Carlo player. Its transposition table is memory the caller
/// gives (16 bytes an entry; a few thousand entries suffice).
#[derive(Debug)]
pub struct PimcBot<'t> {
    options: PimcOptions,
    rng: Pcg32,
    entries: &'t mut [Entry],
}

/// The stream of [`Pcg32`] a PIMC bot draws its worlds from: `Pcg32::new(seed,
/// WORLD_STREAM)`, so that an analysis with the same seed solves the same worlds.
pub const WORLD_STREAM: u64 = 3;

impl<'t> PimcBot<'t> {
    /// A PIMC bot drawing its worlds from `Pcg32::new(seed, WORLD_STREAM)`.
    pub fn new(options: PimcOptions, seed: u64, entries: &'t mut [Entry]) -> PimcBot<'t> {
        PimcBot {
            options,
            rng: Pcg32::new(seed, WORLD_STREAM),
            entries,
        }
    }
}

/// Worlds in which every legal move is solved before the moves clearly behind are
/// dropped: a quarter of the samples, at least 16 (all of them when there are fewer).
const fn first_round(samples: u32) -> u32 {
    let quarter = samples / 4;
    let at_least = if quarter > 16 { quarter } else { 16 };
    if samples < at_least {
        samples
    } else {
        at_least
    }
}

/// One world in this many of the first round may run out of its node budget and be left
/// out; more, and the decision starts over with a nearer horizon.
pub(crate) const OUT_OF_BUDGET_SHARE: u32 = 8;

/// Moves solved in the worlds after the first round, at most.
const FINALISTS: usize = 4;

/// How many standard errors of its regret a move may trail the best by in the first round
/// and still be solved in the later worlds.
const KEEP_WITHIN_ERRORS: i64 = 2;

/// One root move and what the worlds it was solved in said of it: 24 bytes, as a decision
/// keeps [`MAX_ROOT_MOVES`] of them on the stack (firmware has little).
#[derive(Clone, Copy, Debug)]
struct Weighed {
    /// The move: its capture's bits, and its card's index above them.
    packed: u64,
    /// The sum of its values.
    total: i32,
    /// The sum, over the first round's worlds, of how far it fell short of the world's best
    /// move (its regret), and of the squares of that.
    regret: u32,
    regret_squares: u32,
    /// Worlds it was solved in (samples are at most [`MAX_SAMPLES`]).
    worlds: u16,
    /// Still solved in every world (all are, until the first round ends).
    finalist: bool,
}

/// Where a packed move keeps its card: above the 52 bits of its capture.
const CARD_SHIFT: u32 = 56;

impl Weighed {
    fn new(played: Move) -> Weighed {
        Weighed {
            packed: Weighed::pack(played),
            total: 0,
            regret: 0,
            regret_squares: 0,
            worlds: 0,
            finalist: true,
        }
    }

    fn pack(played: Move) -> u64 {
        played.capture.bits() | u64::from(played.card.index()) << CARD_SHIFT
    }

    fn is(&self, played: Move) -> bool {
        self.packed == Weighed::pack(played)
    }

    fn played(&self) -> Move {
        let capture = CardSet::from_bits(self.packed & ((1 << CARD_SHIFT) - 1));
        let card = Card::from_index((self.packed >> CARD_SHIFT) as u8);
        match (card, capture) {
            (Some(card), Some(capture)) => Move::new(card, capture),
            // Not reached: every packed move came from a move.
            _ => Move::discard(Card::new(crate::Rank::Ace, crate::Suit::Clubs)),
        }
    }
}

type Tally = ArrayVec<Weighed, MAX_ROOT_MOVES>;

/// What a decision weighed: every legal move (up to [`MAX_ROOT_MOVES`]) with its value
/// summed over the worlds it was solved in. A hint or a game review reads it; the bot plays
/// [`Evaluation::best`].
#[derive(Clone, Debug)]
pub struct Evaluation {
    tally: Tally,
    worlds: u32,
    /// The other sides: a value is this many times the margin over their mean.
    others: u32,
    /// How far ahead its worlds were solved.
    horizon: Horizon,
    table: CardSet,
}

impl Evaluation {
    /// Nothing weighed yet, for a decision of `view`'s seat by a bot with `options`.
    fn empty(view: &PlayerView<'_>, options: &PimcOptions) -> Evaluation {
        Evaluation {
            tally: Tally::new(),
            worlds: 0,
            others: view.side_count() as u32 - 1,
            horizon: Horizon::of(view).valued(options.learned, view),
            table: view.table(),
        }
    }

    /// Forgets every world weighed, for worlds solved to `horizon` from now on.
    fn restart(&mut self, horizon: Horizon) {
        for weighed in &mut self.tally {
            *weighed = Weighed::new(weighed.played());
        }
        self.worlds = 0;
        self.horizon = horizon;
    }

    /// How far ahead the worlds were solved: what [`Evaluation::mean_margin`] is a margin
    /// to.
    pub const fn horizon(&self) -> Horizon {
        self.horizon
    }

    /// Worlds solved within their budget (0 when there was a single legal move). The moves
    /// dropped after the first round were solved in fewer.
    pub const fn worlds(&self) -> u32 {
        self.worlds
    }

    /// The move with the best mean value among those solved in every world (the
    /// finalists), ties to the greedy order.
    pub fn best(&self) -> Option<Move> {
        self.tally
            .iter()
            .filter(|weighed| weighed.finalist)
            .map(|weighed| (weighed.total, weighed.played()))
            .max_by_key(|&(total, played)| {
                (
                    total,
                    GreedyKey::new(self.table, played.card, played.capture),
                )
            })
            .map(|(_, played)| played)
    }

    /// The mean over the worlds it was solved in of the margin in points (own side's total
    /// minus the other sides' mean; with everyone alone, own total minus the others' mean)
    /// that `played` leads to, from here to the [horizon](Self::horizon)
    /// (where, short of the game's end, a card of lead counts as
    /// [`CUT_CARD`](crate::bots::solver::CUT_CARD) / [`CUT_POINT`] of a point instead of
    /// the bonus for most cards); `None` for a move not weighed, or when no world was
    /// solved.
    pub fn mean_margin(&self, played: Move) -> Option<f64> {
        let weighed = self.tally.iter().find(|weighed| weighed.is(played))?;
        let scale = self.horizon.scale();
        let per_world = weighed.worlds as f64 * self.others as f64 * scale as f64;
        (weighed.worlds > 0).then(|| weighed.total as f64 / per_world)
    }

    /// The worlds `played` was solved in: all of them for the moves kept to the end (the
    /// finalists), the first round's for the others; `None` for a move not weighed.
    pub fn worlds_for(&self, played: Move) -> Option<u32> {
        let weighed = self.tally.iter().find(|weighed| weighed.is(played))?;
        Some(weighed.worlds.into())
    }

    /// Every move weighed, in the order of the legal moves.
    pub fn moves(&self) -> impl Iterator<Item = Move> + '_ {
        self.tally.iter().map(|weighed| weighed.played())
    }

    /// Keeps solving only the moves whose mean regret over the first round is within
    /// [`KEEP_WITHIN_ERRORS`] standard errors of the least, [`FINALISTS`] at most (the least
    /// regrets): true when more than one is left to choose between.
    fn keep_finalists(&mut self) -> bool {
        let worlds = i64::from(self.worlds);
        let least = self.tally.iter().map(|weighed| weighed.regret).min();
        let Some(least) = least.filter(|_| worlds > 0) else {
            return false;
        };
        let mut kept: ArrayVec<(u32, usize), FINALISTS> = ArrayVec::new();
        for (index, weighed) in self.tally.iter().enumerate() {
            let (regret, squares) = (i64::from(weighed.regret), i64::from(weighed.regret_squares));
            let behind = regret - i64::from(least);
            // (behind / w)² ≤ k² · variance / w, where variance = squares / w − (regret / w)².
            let variance_w2 = squares * worlds - regret * regret;
            let errors = KEEP_WITHIN_ERRORS * KEEP_WITHIN_ERRORS;
            if behind * behind * worlds > errors * variance_w2 {
                continue;
            }
            if let Err(full) = kept.try_push((weighed.regret, index)) {
                // Full: this one replaces the kept move with the most regret, if that has more.
                let candidate = full.element();
                if let Some(worst) = kept.iter_mut().max_by_key(|(regret, _)| *regret) {
                    if worst.0 > candidate.0 {
                        *worst = candidate;
                    }
                }
            }
        }
        for (index, weighed) in self.tally.iter_mut().enumerate() {
            weighed.finalist = kept.iter().any(|&(_, slot)| slot == index);
        }
        kept.len() > 1
    }
}

impl PimcBot<'_> {
    /// Weighs every legal move of `view`'s seat over the sampled worlds: all of them over
    /// the first round's worlds, then only the few moves still close to the best over the
    /// rest. On a table of more than [`CROWDED_TABLE`](crate::bots::CROWDED_TABLE) cards
    /// no world is solved.
    pub fn evaluate(&mut self, view: &PlayerView<'_>) -> Evaluation {
        let view = &view.playing_alone(self.options.alone);
        let mut evaluation = Evaluation::empty(view, &self.options);
        self.weigh(view, &mut evaluation);
        evaluation
    }

    /// Weighs every legal move of `view`'s seat into `evaluation` (made empty for it). Never
    /// inlined, and given the evaluation rather than returning one, so that the evaluation
    /// (6 KB) exists once, in its caller's frame: firmware has little stack.
    #[inline(never)]
    fn weigh(&mut self, view: &PlayerView<'_>, evaluation: &mut Evaluation) {
        // The first moves that fit: a crowded table has millions, no real one that many.
        let _ = try_for_each_move(view.hand(), view.table(), |legal| {
            match evaluation.tally.try_push(Weighed::new(legal)) {
                Ok(()) => ControlFlow::Continue(()),
                Err(_) => ControlFlow::Break(()),
            }
        });
        // A crowded table is not searched: the evaluation keeps no world.
        if evaluation.tally.len() <= 1 || super::greedy::crowded(view) {
            return;
        }
        let single_world = has_single_world(view);
        let (first, all) = if single_world {
            (1, 1)
        } else {
            let samples = self.options.samples.min(MAX_SAMPLES);
            (first_round(samples), samples)
        };
        let opponents = Opponents::observe(view);
        let worlds = Worlds::new(view, &opponents, self.options.inference);
        let mut solver = Solver::new(self.entries);
        solver.set_greedy_seats(&opponents.greedy_seats());
        // The one world of a two-player last deal is the game itself: solved whatever it
        // costs unless given an `exact` budget, never left to the greedy order while a
        // round ahead fits.
        let budget = if single_world {
            self.options.exact
        } else {
            Some(self.options.nodes)
        };
        solver.set_node_budget(budget);
        let (mut index, mut out_of_budget) = (0, 0);
        while index < all {
            if index == first && !evaluation.keep_finalists() {
                break;
            }
            let world = worlds.sample(&mut self.rng);
            let solved = add_world(
                &mut solver,
                view,
                &world,
                evaluation.horizon,
                evaluation,
                index < first,
            );
            index += 1;
            if solved || index > first {
                continue;
            }
            // Out of budget in the first round: left out while such worlds stay fewer than
            // one in eight of those tried, else the decision starts over a round nearer.
            out_of_budget += 1;
            if out_of_budget * OUT_OF_BUDGET_SHARE > index {
                if let Some(nearer) = evaluation.horizon.nearer(view) {
                    evaluation.restart(nearer);
                    (index, out_of_budget) = (0, 0);
                }
            }
        }
    }
}

impl Bot for PimcBot<'_> {
    fn choose(&mut self, view: &PlayerView<'_>) -> Move {
        let view = &view.playing_alone(self.options.alone);
        if let Some(greedy) = super::greedy::crowded_table_move(view) {
            return greedy;
        }
        let mut evaluation = Evaluation::empty(view, &self.options);
        self.weigh(view, &mut evaluation);
        evaluation.best().unwrap_or(Move::discard(
            view.hand()
                .first()
                .unwrap_or(Card::new(crate::Rank::Ace, crate::Suit::Clubs)),
        ))
    }
}

/// Solves `world` from `view`'s seat for the moves still weighed (those solved in every
/// world so far) and adds their values to the evaluation, or nothing if the solve ran out
/// of its budget. In the first round (`first`) every move is solved, and each one's regret
/// in the world is added too.
///
/// Never inlined: its frame (a value per root move, the world's position) then exists
/// once, below the decision's, instead of adding to it.
#[inline(never)]
fn add_world(
    solver: &mut Solver<'_>,
    view: &PlayerView<'_>,
    world: &World,
    horizon: Horizon,
    evaluation: &mut Evaluation,
    first: bool,
) -> bool {
    let mut values = [0i32; MAX_ROOT_MOVES];
    let solved = match view.players().get() {
        2 => solve_world::<2>(solver, view, world, horizon, evaluation, &mut values),
        3 | 4 => solve_world::<4>(solver, view, world, horizon, evaluation, &mut values),
        _ => solve_world::<MAX_PLAYERS>(solver, view, world, horizon, evaluation, &mut values),
    };
    if !solved {
        return false;
    }
    let still = |weighed: &Weighed| weighed.finalist;
    let best = (evaluation.tally.iter().zip(values))
        .filter(|(weighed, _)| still(weighed))
        .map(|(_, value)| value)
        .max()
        .unwrap_or(0);
    for (weighed, value) in evaluation.tally.iter_mut().zip(values) {
        if still(weighed) {
            weighed.total += value;
            weighed.worlds += 1;
            if first {
                let regret = best.abs_diff(value);
                weighed.regret += regret;
                weighed.regret_squares += regret * regret;
            }
        }
    }
    evaluation.worlds += 1;
    true
}

fn solve_world<const SEATS: usize>(
    solver: &mut Solver<'_>,
    view: &PlayerView<'_>,
    world: &World,
    horizon: Horizon,
    evaluation: &Evaluation,
    values: &mut [i32; MAX_ROOT_MOVES],
) -> bool {
    let Ok(position) = horizon.position::<SEATS>(view, &world.hands, &world.deck) else {
        return false;
    };
    let tally = &evaluation.tally;
    let index = |played: Move| tally.iter().position(|weighed| weighed.is(played));
    let finalists = tally.iter().filter(|weighed| weighed.finalist);
    solver
        .solve_moves(
            &position,
            finalists.map(Weighed::played),
            |played, value| {
                if let Some(at) = index(played) {
                    values[at] = value;
                }
            },
        )
        .is_ok()
}

/// True in a two-player last deal: the other seat holds every card this one has not seen,
/// so a single world is consistent with what it knows.
pub(crate) fn has_single_world(view: &PlayerView<'_>) -> bool {
    view.players().get() == 2 && view.is_last_deal()
}

/// The cards in every hand: the moves left in the deal.
fn cards_held(view: &PlayerView<'_>) -> usize {
    (0..view.players().get())
        .map(|seat| view.hand_size(seat))
        .sum()
}

/// Moves a world is solved ahead at most at first, rounded down to whole rounds: two
/// players' deal (12 moves) is solved whole, three or four players' (18 or 24) is cut.
const HORIZON_MOVES: usize = 16;

/// How far ahead a decision's worlds are solved.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Horizon {
    /// Exactly, to the game's end: the last deal, when every card still held is within
    /// reach.
    GameEnd,
    /// To the end of the current deal, where the table stays unclaimed
    /// ([`Position::cut_at_deal_end`]).
    DealEnd,
    /// To the end of the current deal, valued there by the learned evaluation of the rest
    /// of the game ([`Position::with_learned_horizon`]).
    LearnedDealEnd,
    /// This many moves ahead, short of the deal's end ([`Position::cut_after`]): whole
    /// rounds, so that every seat moves equally often (fewer only as the clairvoyant
    /// player's last resort, when a single round is past its node budget).
    Moves(usize),
}

/// `game_end`, `deal_end` or `moves:N`, as the command line's JSON and the bindings name it.
impl core::fmt::Display for Horizon {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        match self {
            Horizon::GameEnd => f.write_str("game_end"),
            Horizon::DealEnd => f.write_str("deal_end"),
            Horizon::LearnedDealEnd => f.write_str("learned_deal_end"),
            Horizon::Moves(moves) => write!(f, "moves:{moves}"),
        }
    }
}

impl Horizon {
    /// Where `view`'s worlds are cut at first.
    pub(crate) fn of(view: &PlayerView<'_>) -> Horizon {
        let seats = view.players().get();
        let held = cards_held(view);
        let moves = (HORIZON_MOVES / seats).max(1) * seats;
        if view.is_last_deal() && held <= HORIZON_MOVES {
            Horizon::GameEnd
        } else if moves >= held {
            Horizon::DealEnd
        } else {
            Horizon::Moves(moves)
        }
    }

    /// This horizon with the deal's end valued by the learned evaluation when `learned`
    /// and the evaluation applies to `view`'s game ([`evaluation::applies_to`]; the
    /// others are not deal ends).
    pub(crate) fn valued(self, learned: bool, view: &PlayerView<'_>) -> Horizon {
        match self {
            Horizon::DealEnd if learned && evaluation::applies_to(view.players(), view.rules()) => {
                Horizon::LearnedDealEnd
            }
            other => other,
        }
    }

    /// A round nearer than this one (for a world that ran out of its node budget), or
    /// `None` when a round is as near as it gets.
    pub(crate) fn nearer(self, view: &PlayerView<'_>) -> Option<Horizon> {
        let seats = view.players().get();
        let rounds = self.moves(view).saturating_sub(1) / seats;
        (rounds > 0).then_some(Horizon::Moves(rounds * seats))
    }

    /// Half as many moves ahead as this one, or `None` from a single move: the last resort
    /// of a solve out of budget a single round ahead, which many players' rounds can be
    /// (a round of 48 players is 48 moves).
    pub(crate) fn halved(self, view: &PlayerView<'_>) -> Option<Horizon> {
        let half = self.moves(view) / 2;
        (half > 0).then_some(Horizon::Moves(half))
    }

    /// The moves ahead this horizon sees at most.
    fn moves(self, view: &PlayerView<'_>) -> usize {
        match self {
            Horizon::GameEnd | Horizon::DealEnd | Horizon::LearnedDealEnd => cards_held(view),
            Horizon::Moves(moves) => moves,
        }
    }

    /// Units of value to a point in the values solved to this horizon
    /// ([`Position::value_scale`]).
    pub(crate) const fn scale(self) -> u32 {
        match self {
            Horizon::GameEnd => 1,
            Horizon::DealEnd | Horizon::LearnedDealEnd | Horizon::Moves(_) => CUT_POINT as u32,
        }
    }

    /// The position `view` shows, with these hands and this undealt deck, cut at this
    /// horizon.
    pub(crate) fn position<const SEATS: usize>(
        self,
        view: &PlayerView<'_>,
        hands: &[CardSet],
        undealt: &[Card],
    ) -> Result<Position<SEATS>, crate::bots::solver::PositionError> {
        let seats = view.players().get();
        let position = Position::from_view(view, &hands[..seats.min(hands.len())], undealt)?;
        Ok(match self {
            Horizon::GameEnd => position,
            Horizon::DealEnd => position.cut_at_deal_end(),
            Horizon::LearnedDealEnd => position.cut_at_deal_end().with_learned_horizon(),
            Horizon::Moves(moves) => position.cut_after(moves),
        })
    }
}
