//! Perfect-information Monte Carlo, as bridge and Skat programs play: deal the unseen cards
//! at random in ways consistent with what the seat knows, solve each such world exactly
//! with the [solver](crate::bots::solver), and play the move with the best mean value.
//!
//! - Worlds ([`sample_world`]) give every other seat as many unseen cards as it holds and
//!   put the rest, in a random order, in the deck; they avoid classes a seat probably
//!   lacks, and prefer hands with which every move the seat made this deal was greedy.
//! - Each world is solved to the end of the current deal (where the margin in points and
//!   tablas is taken as it stands, the table unclaimed, and each card of lead in captured
//!   cards counts a third of a point instead of the bonus for most cards), or
//!   exactly to the end of the game in the last deal. With two players the last deal has a single consistent
//!   world (the opponent holds every unseen card), so it is solved once, exactly.
//! - Each world's solve has a node budget; a world that runs out counts for nothing, so no
//!   move is judged on part of a world. The single world of a two-player last deal has
//!   no budget: it is the game itself.
//! - Ties go to the greedy player's order ([`GreedyKey`]).

mod world;

use arrayvec::ArrayVec;

pub use world::{sample_world, World};

use crate::bots::solver::{Entry, Position, Solver, CUT_POINT};
use crate::bots::{Bot, GreedyKey};
use crate::moves::{for_each_move, Move};
use crate::pcg32::Pcg32;
use crate::players::MAX_PLAYERS;
use crate::view::PlayerView;
use crate::{Card, CardSet};

/// Root moves a decision weighs at most; a crowded table with more keeps the first ones
/// (lowest ranks first) and never plays the rest.
pub const MAX_ROOT_MOVES: usize = 256;

/// How hard [`PimcBot`] thinks.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct PimcOptions {
    /// Worlds sampled per decision.
    pub samples: u32,
    /// Node budget of each world's solve.
    pub nodes: u64,
}

impl Default for PimcOptions {
    fn default() -> Self {
        PimcOptions {
            samples: 16,
            nodes: 40_000,
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

impl<'t> PimcBot<'t> {
    /// A PIMC bot drawing its worlds from `Pcg32::new(seed, 3)`.
    pub fn new(options: PimcOptions, seed: u64, entries: &'t mut [Entry]) -> PimcBot<'t> {
        PimcBot {
            options,
            rng: Pcg32::new(seed, 3),
            entries,
        }
    }
}

/// One root move and the sum of its values over the worlds solved.
type Tally = ArrayVec<(Move, i64), MAX_ROOT_MOVES>;

/// What a decision weighed: every legal move (up to [`MAX_ROOT_MOVES`]) with its value
/// summed over the worlds solved. A hint or a game review reads it; the bot plays
/// [`Evaluation::best`].
#[derive(Clone, Debug)]
pub struct Evaluation {
    tally: Tally,
    worlds: u32,
    others: u32,
    /// Units of value to a point ([`Position::value_scale`]).
    scale: u32,
    table: CardSet,
}

impl Evaluation {
    /// Worlds solved within their budget (0 when there was a single legal move).
    pub const fn worlds(&self) -> u32 {
        self.worlds
    }

    /// The move with the best value, ties to the greedy order.
    pub fn best(&self) -> Option<Move> {
        self.tally
            .iter()
            .max_by_key(|(played, total)| {
                (
                    *total,
                    GreedyKey::new(self.table, played.card, played.capture),
                )
            })
            .map(|(played, _)| *played)
    }

    /// The mean over the worlds of the margin in points (own total minus the others'
    /// mean) that `played` leads to, from here to the horizon (where, before the last
    /// deal, a card of lead counts as [`CUT_CARD`](crate::bots::solver::CUT_CARD) /
    /// [`CUT_POINT`] of a point instead of the bonus for most cards); `None` for a move not
    /// weighed, or when no world was solved.
    pub fn mean_margin(&self, played: Move) -> Option<f64> {
        let (_, total) = self.tally.iter().find(|(root, _)| *root == played)?;
        let per_world = self.worlds as f64 * self.others as f64 * self.scale as f64;
        (self.worlds > 0).then(|| *total as f64 / per_world)
    }

    /// Every move weighed, in the order of the legal moves.
    pub fn moves(&self) -> impl Iterator<Item = Move> + '_ {
        self.tally.iter().map(|(played, _)| *played)
    }
}

impl PimcBot<'_> {
    /// Weighs every legal move of `view`'s seat over the sampled worlds.
    pub fn evaluate(&mut self, view: &PlayerView<'_>) -> Evaluation {
        let mut evaluation = Evaluation {
            tally: Tally::new(),
            worlds: 0,
            others: view.players().get() as u32 - 1,
            scale: if view.is_last_deal() {
                1
            } else {
                CUT_POINT as u32
            },
            table: view.table(),
        };
        for_each_move(view.hand(), view.table(), |legal| {
            let _ = evaluation.tally.try_push((legal, 0));
        });
        if evaluation.tally.len() > 1 {
            let single_world = view.players().get() == 2 && view.is_last_deal();
            let worlds = if single_world {
                1
            } else {
                self.options.samples
            };
            let mut solver = Solver::new(self.entries);
            // The one world of a two-player last deal is the game itself: solved whatever
            // it costs (as the clairvoyant player does), never left to the greedy order.
            solver.set_node_budget((!single_world).then_some(self.options.nodes));
            for _ in 0..worlds {
                let world = sample_world(view, &mut self.rng);
                if add_world(&mut solver, view, &world, &mut evaluation.tally) {
                    evaluation.worlds += 1;
                }
            }
        }
        evaluation
    }
}

impl Bot for PimcBot<'_> {
    fn choose(&mut self, view: &PlayerView<'_>) -> Move {
        self.evaluate(view).best().unwrap_or(Move::discard(
            view.hand()
                .first()
                .unwrap_or(Card::new(crate::Rank::Ace, crate::Suit::Clubs)),
        ))
    }
}

/// Solves `world` from `view`'s seat and adds every root move's value to `tally`, or nothing
/// if the solve ran out of its budget; true when it was solved.
fn add_world(
    solver: &mut Solver<'_>,
    view: &PlayerView<'_>,
    world: &World,
    tally: &mut Tally,
) -> bool {
    let mut values = [0i32; MAX_ROOT_MOVES];
    let solved = match view.players().get() {
        2 => solve_world::<2>(solver, view, world, tally, &mut values),
        3 | 4 => solve_world::<4>(solver, view, world, tally, &mut values),
        _ => solve_world::<MAX_PLAYERS>(solver, view, world, tally, &mut values),
    };
    if solved {
        for ((_, total), value) in tally.iter_mut().zip(values) {
            *total += value as i64;
        }
    }
    solved
}

fn solve_world<const SEATS: usize>(
    solver: &mut Solver<'_>,
    view: &PlayerView<'_>,
    world: &World,
    tally: &Tally,
    values: &mut [i32; MAX_ROOT_MOVES],
) -> bool {
    let Ok(position) = horizon_position::<SEATS>(view, &world.hands, &world.deck) else {
        return false;
    };
    solver
        .solve_all(&position, |played, value| {
            if let Some(index) = tally.iter().position(|(root, _)| *root == played) {
                values[index] = value;
            }
        })
        .is_ok()
}

/// The position `view` shows, with these hands and this undealt deck, cut at the end of
/// the current deal unless it is the last ([`Position::cut_at_deal_end`]).
pub(crate) fn horizon_position<const SEATS: usize>(
    view: &PlayerView<'_>,
    hands: &[CardSet],
    undealt: &[Card],
) -> Result<Position<SEATS>, crate::bots::solver::PositionError> {
    let seats = view.players().get();
    let position = Position::from_view(view, &hands[..seats.min(hands.len())], undealt)?;
    Ok(if view.is_last_deal() {
        position
    } else {
        position.cut_at_deal_end()
    })
}
