//! Information-set Monte Carlo tree search (single-observer ISMCTS, Cowling, Powley and
//! Whitehouse 2012): one tree over the moves as the seat sees them, searched through a
//! new random world on every iteration.
//!
//! PIMC solves each world as if every seat saw every hand, so its later moves "know" the
//! hidden cards (strategy fusion). Here a node is a sequence of moves, whatever the cards
//! behind them, so one set of statistics serves every world in which the node is reached,
//! and a move is judged by how it does across worlds, not in each one.
//!
//! - Each iteration deals a world as pimc does ([`Worlds`]: classes a seat probably
//!   lacks avoided, hands that explain its greedy moves favoured), then walks down the
//!   tree: a node's children are the classes of equivalent moves (the solver's, equal up to
//!   suits) legal in this world; the first one not yet in the tree is added (best guess
//!   first, by the solver's greedy order), else the child with the highest upper
//!   confidence bound among those legal here is followed, its bound counting the
//!   iterations in which it was legal (its availability), not its parent's visits.
//! - From the new node the world is played out by the greedy player's moves to the same
//!   horizon as pimc's ([`Horizon`]): the end of the deal (the game in the last deal), or
//!   whole rounds short of it with three and four players. The margin there, for each
//!   node's mover, is added to the node.
//! - A seat that has played only greedy moves over a whole deal ([`Opponents`]) plays its
//!   greedy move in the tree too, as in pimc.
//! - The move played is the root's most visited child; ties go to the better mean.
//! - With two players the last deal has one world (the opponent holds every unseen card):
//!   it is solved exactly, as pimc does (a greedy opponent playing its greedy moves),
//!   instead of searched. An `exact` node budget bounds that solve, for firmware that must
//!   answer in time: out of it, the world is solved a round nearer, as the clairvoyant
//!   player does.
//! - The tree lives in the caller's search memory, two slots ([`Entry`]) a node; a full
//!   tree stops growing and later iterations play out from its leaves. Iterations, not
//!   time, bound a decision, so play is deterministic for a seed.
//! - Arithmetic is in integers (firmware has no FPU): the bound's logarithm and square
//!   root are fixed-point.
//! - In a game of sides the reward of a node is its mover's side's margin
//!   ([`Position::margin`]), so a partner's node chooses what is best for the side and an
//!   opponent's what is best for its own; a partner's hand is sampled, never seen, and a
//!   partner is never taken for a greedy player. Play-outs and the end follow the game's
//!   house rules, and the exploration constant is in points of the margin over the other
//!   sides' mean.

mod tree;

use arrayvec::ArrayVec;

use self::tree::{NodeIndex, Tree};
use crate::bots::nearing::best_move_nearing;
use crate::bots::pimc::{has_single_world, Horizon, Inference, Opponents, World, Worlds};
use crate::bots::solver::{Arena, Batch, Class, Entry, Position, Solver, SOLVER_MEMORY_KIB};
use crate::bots::{best_greedy_move, Bot};
use crate::dealing::pcg32::Pcg32;
use crate::dealing::players::MAX_PLAYERS;
use crate::game::view::PlayerView;
use crate::{Card, Move};

/// How hard [`IsmctsBot`] thinks.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct IsmctsOptions {
    /// Iterations per decision: each deals one world, adds at most one node and plays one
    /// game out.
    pub iterations: u32,
    /// The exploration constant of the upper confidence bound, in tenths of a point of
    /// margin.
    pub exploration: u32,
    /// Play-outs that reach the deal's end are valued there by the learned evaluation of
    /// the rest of the game ([`crate::bots::evaluation`]) instead of a card of lead at a
    /// third of a point: with two players under the original rules, which it learned.
    pub learned: bool,
    /// How the worlds weigh the opponents' moves of this deal as evidence of their hands.
    pub inference: Inference,
    /// In a game of sides, plays for its own seat alone, its partners taken for opponents
    /// in its search and inference ([`PlayerView::playing_alone`]): what playing for the
    /// side is worth is measured against it. No effect when everyone plays alone.
    pub alone: bool,
    /// KiB of memory for its tree that its spec asks for (`BotSpec::memory_entries`); the
    /// bot itself searches in whatever memory it is given.
    pub memory_kib: u32,
    /// Node budget of the two-player last deal's solve (`None`: exact, whatever it costs):
    /// out of budget, it is solved again a round nearer, past a single move the greedy
    /// move is played. Bounds a decision's work where the iterations do not.
    pub exact: Option<u64>,
}

impl IsmctsOptions {
    /// Most iterations a decision may be given.
    pub const MAX_ITERATIONS: u32 = 1 << 20;
    /// Largest exploration constant, in tenths of a point.
    pub const MAX_EXPLORATION: u32 = 1000;
}

impl Default for IsmctsOptions {
    fn default() -> Self {
        IsmctsOptions {
            iterations: 2000,
            exploration: 45,
            learned: false,
            inference: Inference::Greedy,
            alone: false,
            memory_kib: SOLVER_MEMORY_KIB,
            exact: None,
        }
    }
}

/// Distinct move classes a node weighs at most; a crowded table with more keeps the first
/// ones generated (lowest ranks first).
const MAX_CLASSES: usize = 64;

/// Moves from the root to a horizon at most, and the root.
const MAX_PATH: usize = crate::MOVES_PER_GAME + 1;

/// Fixed-point fractions: 16 bits.
const FRACTION: u32 = 16;

/// The information-set MCTS player. Its tree lives in memory the caller gives (two
/// 16-byte slots a node; an iteration adds at most one node).
#[derive(Debug)]
pub struct IsmctsBot<'m> {
    options: IsmctsOptions,
    rng: Pcg32,
    memory: &'m mut [Entry],
}

impl<'m> IsmctsBot<'m> {
    /// An ISMCTS bot drawing its worlds from `Pcg32::new(seed, 5)`.
    pub fn new(options: IsmctsOptions, seed: u64, memory: &'m mut [Entry]) -> IsmctsBot<'m> {
        IsmctsBot {
            options,
            rng: Pcg32::new(seed, 5),
            memory,
        }
    }

    /// Its options.
    pub const fn options(&self) -> IsmctsOptions {
        self.options
    }
}

/// One legal move standing for its class, with the class packed.
#[derive(Clone, Copy, Debug)]
struct Choice {
    played: Move,
    class: u64,
}

type Choices = ArrayVec<Choice, MAX_CLASSES>;

/// One move per class of `hand`'s moves on `table`, best guess first within each batch of
/// the solver's move generation.
fn choices(arena: &mut Arena, hand: crate::CardSet, table: crate::CardSet) -> Choices {
    let mut found = Choices::new();
    let mut batch = Batch::default();
    let mut start = 0;
    loop {
        let resume = batch.fill(arena, hand, table, start, None);
        for played in batch.iter() {
            let class = Class::of(table, played).packed();
            if found.try_push(Choice { played, class }).is_err() {
                return found;
            }
        }
        match resume {
            Some(next) => start = next,
            None => return found,
        }
    }
}

/// What one decision's iterations share.
struct Search<'a, 'm> {
    tree: Tree<'m>,
    arena: &'a mut Arena,
    greedy_seats: [bool; MAX_PLAYERS],
    /// The exploration constant in fixed point, in value units of the horizon.
    exploration: i64,
}

impl Search<'_, '_> {
    /// The moves `seat` may choose between at `position`: one per class, or only the
    /// greedy move for a seat taken to play greedy moves.
    fn choices<const SEATS: usize>(&mut self, position: &Position<SEATS>, seat: usize) -> Choices {
        let (hand, table) = (position.hand(seat), position.table());
        if self.greedy_seats[seat] {
            let mut only = Choices::new();
            if let Some(played) = best_greedy_move(hand, table) {
                let class = Class::of(table, played).packed();
                only.push(Choice { played, class });
            }
            return only;
        }
        choices(self.arena, hand, table)
    }

    /// One iteration through `world`, from `view`, to `horizon`.
    fn iterate<const SEATS: usize>(
        &mut self,
        view: &PlayerView<'_>,
        world: &World,
        horizon: Horizon,
    ) {
        let Ok(mut position) = horizon.position::<SEATS>(view, &world.hands, &world.deck) else {
            return;
        };
        // Each node reached, with the seat whose move led to it.
        let mut path: ArrayVec<(NodeIndex, usize), MAX_PATH> = ArrayVec::new();
        let mut node: NodeIndex = 0;
        while let Some(seat) = position.to_move() {
            let here = self.choices(&position, seat);
            let Some(next) = self.descend(node, &here) else {
                break;
            };
            let Ok(after) = position.play(next.1) else {
                break;
            };
            position = after;
            node = next.0;
            if path.try_push((node, seat)).is_err() {
                break;
            }
            if self.tree.get(node).visits == 0 {
                break;
            }
        }
        while let Some(seat) = position.to_move() {
            let Some(played) = best_greedy_move(position.hand(seat), position.table()) else {
                break;
            };
            match position.play(played) {
                Ok(after) => position = after,
                Err(_) => break,
            }
        }
        let mut root = self.tree.get(0);
        root.visits += 1;
        self.tree.set(0, root);
        for &(index, seat) in &path {
            let mut reached = self.tree.get(index);
            reached.visits += 1;
            reached.reward += i64::from(position.margin(seat).unwrap_or(0));
            self.tree.set(index, reached);
        }
    }

    /// The child of `node` to follow among `here`'s classes, and the move to play for it:
    /// the first class not yet in the tree (added now), else the legal child with the
    /// highest bound. Counts every legal child as available. `None` when there is no move,
    /// or the class to add finds the tree full.
    fn descend(&mut self, node: NodeIndex, here: &Choices) -> Option<(NodeIndex, Move)> {
        let mut tried = [false; MAX_CLASSES];
        // The children legal here, with their places in `here`.
        let mut legal = ArrayVec::<(NodeIndex, usize), MAX_CLASSES>::new();
        for (index, child) in self.tree.children(node) {
            if let Some(at) = here.iter().position(|choice| choice.class == child.class) {
                tried[at] = true;
                let _ = legal.try_push((index, at));
            }
        }
        let mut best: Option<(i64, NodeIndex, usize)> = None;
        for &(index, at) in &legal {
            let mut child = self.tree.get(index);
            child.available += 1;
            self.tree.set(index, child);
            let bound = self.bound(&child);
            if best.is_none_or(|(most, ..)| bound > most) {
                best = Some((bound, index, at));
            }
        }
        if let Some(at) = tried[..here.len()].iter().position(|&tried| !tried) {
            let choice = here[at];
            let added = self.tree.add_child(node, choice.class)?;
            let mut fresh = self.tree.get(added);
            fresh.available = 1;
            self.tree.set(added, fresh);
            return Some((added, choice.played));
        }
        best.map(|(_, index, at)| (index, here[at].played))
    }

    /// The child's upper confidence bound, in fixed point: its mean reward, plus the
    /// exploration constant times √(ln availability / visits).
    fn bound(&self, child: &tree::Node) -> i64 {
        let visits = i64::from(child.visits.max(1));
        let mean = (child.reward << FRACTION) / visits;
        let spread = (natural_log(child.available) << FRACTION) / visits;
        mean + ((self.exploration * isqrt(spread)) >> FRACTION)
    }
}

/// ln `n` in fixed point: log₂ by its integer part and a straight line between powers of
/// two (off by at most 0.06), times ln 2. ln 0 is taken as ln 1.
fn natural_log(n: u32) -> i64 {
    let n = n.max(1);
    let whole = n.ilog2();
    let fraction = ((u64::from(n) << FRACTION) >> whole) - (1 << FRACTION);
    let log2 = i64::from(whole) << FRACTION | fraction as i64;
    // ln 2 = 45,426 / 2¹⁶.
    (log2 * 45_426) >> FRACTION
}

/// ⌊√n⌋ of a non-negative fixed-point number's raw value (so √ of a 32-bit fraction is a
/// 16-bit one).
fn isqrt(n: i64) -> i64 {
    n.max(0).isqrt()
}

impl IsmctsBot<'_> {
    /// The move to play for `view`'s seat: the root's most visited class, ties to the
    /// better mean, as the hand's move of that class.
    #[inline(never)]
    fn decide(&mut self, view: &PlayerView<'_>) -> Option<Move> {
        let mut arena = Arena::new();
        let root_choices = choices(&mut arena, view.hand(), view.table());
        if root_choices.len() <= 1 {
            return root_choices.first().map(|choice| choice.played);
        }
        let horizon = Horizon::of(view).valued(self.options.learned, view);
        let opponents = Opponents::observe(view);
        let worlds = Worlds::new(view, &opponents, self.options.inference);
        let players = view.players().get();
        if has_single_world(view) {
            // One world only: the opponent holds every unseen card. It is solved exactly,
            // or within the `exact` budget as far ahead as that allows.
            let world = worlds.sample(&mut self.rng);
            let mut solver = Solver::new(self.memory);
            solver.set_greedy_seats(&opponents.greedy_seats());
            solver.set_node_budget(self.options.exact);
            return best_move_nearing(&mut solver, view, &world.hands, &world.deck, horizon);
        }
        let sides = view.side_count();
        let units = i64::from(horizon.scale()) * (sides as i64 - 1);
        let mut search = Search {
            tree: Tree::new(self.memory),
            arena: &mut arena,
            greedy_seats: opponents.greedy_seats(),
            exploration: ((i64::from(self.options.exploration) * units) << FRACTION) / 10,
        };
        if !search.tree.has_root() {
            return best_greedy_move(view.hand(), view.table());
        }
        for _ in 0..self.options.iterations.min(IsmctsOptions::MAX_ITERATIONS) {
            let world = worlds.sample(&mut self.rng);
            match players {
                2 => search.iterate::<2>(view, &world, horizon),
                3 | 4 => search.iterate::<4>(view, &world, horizon),
                _ => search.iterate::<MAX_PLAYERS>(view, &world, horizon),
            }
        }
        let most_visited = search
            .tree
            .children(0)
            .max_by_key(|(_, child)| (child.visits, child.reward))
            .map(|(_, child)| child.class);
        most_visited
            .and_then(|class| root_choices.iter().find(|choice| choice.class == class))
            .or(root_choices.first())
            .map(|choice| choice.played)
    }
}

impl Bot for IsmctsBot<'_> {
    fn choose(&mut self, view: &PlayerView<'_>) -> Move {
        let view = &view.playing_alone(self.options.alone);
        if let Some(greedy) = super::greedy::crowded_table_move(view) {
            return greedy;
        }
        self.decide(view).unwrap_or(Move::discard(
            view.hand()
                .first()
                .unwrap_or(Card::new(crate::Rank::Ace, crate::Suit::Clubs)),
        ))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn logarithms_stay_within_their_bound() {
        assert_eq!(natural_log(0), 0);
        assert_eq!(natural_log(1), 0);
        assert_eq!(natural_log(2), 45_426);
        assert_eq!(natural_log(1 << 20), 20 * 45_426);
        // ln 1000 = 6.9078; the straight line between 512 and 1024 gives 6.8813.
        let got = natural_log(1000) as f64 / 65_536.0;
        assert!(
            (got - 6.9078).abs() < 0.06 * core::f64::consts::LN_2,
            "{got}"
        );
    }

    #[test]
    fn square_roots_of_fixed_point_numbers_are_fixed_point() {
        // √(2.25) = 1.5: a 32-bit fraction in, a 16-bit one out.
        assert_eq!(isqrt(9 << 30), 3 << 15);
        assert_eq!(isqrt(-5), 0);
    }
}
