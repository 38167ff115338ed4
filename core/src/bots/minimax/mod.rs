//! The original's adapted minimax player (`MinimaxIgrac`), with its defects fixed.
//!
//! # How it decides
//! 1. **What it knows.** Only its seat's [`PlayerView`]: its hand, the table, the piles, and
//!    the public history. The cards it has not seen ([`PlayerView::unseen`]) are the pool
//!    the other hands and the deck are made of.
//! 2. **What it guesses** ([`probably_lacking`]). After each opponent move of the current
//!    deal, the [`CardClass`]es that would have allowed a move taking strictly more points,
//!    or as many points and more cards, are assumed absent from that hand. Guesses restart
//!    at every deal and stop in the last deal. They are recomputed from the history at each
//!    decision (past tables are rebuilt by undoing moves back from the present one), so the
//!    bot holds no state besides its random generator and can join any game anywhere.
//! 3. **How it searches** (`search.rs`). Alpha-beta, moves ordered best-first by the greedy
//!    player's [`GreedyKey`](crate::bots::GreedyKey), over *rounds*: depth `d` is its next
//!    `d` moves and every reply up to the end of the last round, so that all seats have
//!    moved equally often at a leaf. In the last deal it searches to the end of the game.
//!    A deal's end is a leaf before then: the next deal's hands are hidden. An opponent
//!    may play one card of any class that still has an unseen card and that it is not
//!    guessed to lack; each card it plays leaves the pool, so no line uses a card twice or
//!    a card that cannot be hidden. Its weaker moves add guesses for the rest of the line,
//!    as the original does (not in the last deal). An opponent's node is an **expectation
//!    over its hand**: each class is valued by its best move for the opponent, and the
//!    opponent plays the best class it holds, a hand of its size being drawn from the
//!    unseen cards of the classes it may hold (the chances are exact hypergeometric ones).
//!    When its hand is known (two players, last deal) that is plain alpha-beta minimum.
//! 4. **How it scores a leaf** ([`Score`]): one number, in 1/64 points: own points minus
//!    the others' mean, plus a third of a point per card of lead in captured cards (they
//!    lead to the 3-point most-cards bonus). At the end of the game the table goes to the
//!    last capturer, the bonus is counted, and cards only break ties.
//! 5. **What it plays.** The best move found, with its card drawn uniformly from the hand's
//!    [`equivalent_cards`], so the suit played tells nothing about the hand.
//!
//! # Differences from the original
//! - **A node budget instead of a clock** ([`MinimaxOptions::nodes`]): the same decision on
//!   any machine and under any load, and on a microcontroller. The search deepens one round
//!   at a time, so a cut-off search answers with the deepest complete round count (or with
//!   a deeper partial one whose first, previously best move was searched in full), not with
//!   whatever part of a single deep tree a deadline happened to leave.
//! - **No leaf for "no card left to guess".** When the guesses rule out every unseen class
//!   for an opponent who still holds cards, they were wrong: every unseen class is allowed
//!   again, instead of ending the line (which valued a position where an opponent still
//!   had to play as if it were over).
//! - **A class played since is no longer guessed missing.** A seat that later plays a card
//!   of a class guessed absent had one; the guess is dropped (in the history and in a line).
//! - **No preference for deeper leaves** and **no greedy cut-off in the last plies** (the
//!   original stopped scanning a node's moves once their values started to worsen, assuming
//!   greedily worse moves score worse). Both only served the clock and the missing-card
//!   leaves; here every leaf of a round count is equally deep and alpha-beta cuts only what
//!   cannot matter.
//! - **Opponents are not omniscient.** The original gave an opponent's node the value of
//!   its best move over *every* unseen class it was not guessed to lack, as if it held all
//!   of them: a card left on the table was always taken, a sweepable table always swept.
//!   Here each class counts with the chance that a hand of the opponent's size holds it,
//!   and the opponent plays the best class it holds. Against the greedy player this alone
//!   took the margin from about +4.9 to +6.0 points a game (1,000 deal pairs; STRENGTH.md).
//! - **A lead in cards counts before the end.** The original compared leaves by points
//!   first and cards only on equal points, so it gave up any number of cards for one
//!   point, although the most-cards bonus is worth 3. Here a card of lead is worth 21/64
//!   of a point until the game ends (when the bonus itself is counted): +4.3 to +4.9
//!   points a game with the original opponent model. Weights from 10/64 to 45/64 and a
//!   bonus chance from a normal model of the cards still to capture were tried; a third of
//!   a point did best or as well.
//! - **The last moves before a leaf are valued without playing them.** Each class's best
//!   capture for its player (the most points, tabla included, then cards) is found from
//!   the capture shapes (cards per rank, suits unchosen) with each rank's best cards, not
//!   by listing every capture, and it counts one node per class. Values are the same; the search is about three times faster, and the
//!   [`MAX_BRANCHING`] cap does not apply there.
//! - **Classes, not cards, are searched.** The original branched on each possible card; cards
//!   of one class capture and score alike, so one card stands for its class, and captures
//!   that differ only in such cards are searched once. This changes no value.
//! - **At most [`MAX_BRANCHING`] moves a node**, the greedy-best ones: memory is fixed at
//!   compile time (no heap). In greedy-played games about 3% of opponents' nodes and almost
//!   no own nodes have more (counted before equivalent captures are merged).
//! - **Integer scores.** Means are multiplied by the number of other seats, points by 64,
//!   and chances are fixed-point (units of 2⁻²⁴), so no floating point is needed (a
//!   microcontroller without an FPU pays nothing for it).
//! - **Any player count.** The search needs no per-count code: seat order, deal schedule and
//!   end of game come from the rules.
//!
//! # The last deal solved exactly (`exact=N`, with the `solver` feature)
//! In a two-player last deal every card is known: the other seat holds all this one has not
//! seen. With a node budget `N` the [solver](crate::bots::solver) (transposition table,
//! exact values to the game's end) decides there, in a single attempt of at most about `N`
//! nodes; when it runs out the search above decides, as without the option. The opponent
//! is taken to play its best, or the greedy player's moves when every move it made in the
//! deals already over was greedy ([`Opponents`](crate::bots::Opponents)), as pimc and
//! ismcts take it. Its memory is the caller's (`memory=` KiB in a spec). Off by
//! default (`exact=0`). With 12,000 search nodes, 8 KiB and `exact=3000` it beat the same
//! minimax without it by 0.15 points a game, and greedy by 8.7 instead of 6.4 (STRENGTH.md).
//!
//! # Memory
//! No heap. The search keeps one compact state (a few hundred bytes, made and unmade in
//! place) and, per ply of the line searched, a list of [`MAX_BRANCHING`] moves and one value
//! per card class (about 1 KiB of stack); a line never goes past the end of a deal: at most
//! 48 plies, 12 with two players.

mod candidates;
mod inference;
mod measure;
mod position;
mod score;
mod search;

pub use candidates::MAX_BRANCHING;

pub use inference::probably_lacking;
pub use score::Score;
pub use search::Decision;

#[cfg(feature = "solver")]
use crate::bots::nearing::best_move_within_budget;
#[cfg(feature = "solver")]
use crate::bots::pimc::{has_single_world, Horizon, Opponents};
use crate::bots::solver::Entry;
#[cfg(feature = "solver")]
use crate::bots::solver::{Solver, SOLVER_MEMORY_KIB};
use crate::bots::{equivalent_cards, Bot};
use crate::dealing::pcg32::{below, Pcg32};
use crate::game::moves::Move;
use crate::game::view::PlayerView;
#[cfg(feature = "solver")]
use crate::CardSet;
use crate::{Card, Rank, Suit};

use inference::lacking_by_seat;
use position::Position;
use search::Search;

/// How far and how long the minimax bot searches.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct MinimaxOptions {
    /// Own moves looked ahead before the last deal (the original's default: 3). In the last
    /// deal the search always goes to the end of the game.
    pub depth: u8,
    /// Most nodes (positions, leaves included; one per class for the last move before a
    /// leaf) visited per decision. The default keeps the two-player median decision well
    /// under a millisecond on a desktop (measured by `benches/minimax.rs`, which also gives
    /// the three- and four-player figures); a node costs roughly 50–100 ns there.
    pub nodes: u32,
    /// Node budget of an exact solve of the two-player last deal, where every card is known
    /// (0: none, the search above decides). Within it the [solver](crate::bots::solver)'s
    /// move is played; past it, the search's (with the `solver` feature).
    #[cfg(feature = "solver")]
    pub exact: u64,
    /// KiB of transposition table for that solve that its spec asks for
    /// (`BotSpec::memory_entries`, none without `exact`); the bot solves in whatever
    /// memory it is given.
    #[cfg(feature = "solver")]
    pub memory_kib: u32,
}

impl MinimaxOptions {
    /// The largest useful depth: a deal never gives more cards than this.
    pub const MAX_DEPTH: u8 = crate::dealing::players::MAX_HAND as u8;

    /// Depth 3, as in the original, and 20,000 nodes: on the same 1,000 deal pairs against
    /// the greedy player, 8,000 nodes gave +6.23 points a game and 40,000 gave +6.61.
    pub const DEFAULT: MinimaxOptions = MinimaxOptions {
        depth: 3,
        nodes: 20_000,
        #[cfg(feature = "solver")]
        exact: 0,
        #[cfg(feature = "solver")]
        memory_kib: SOLVER_MEMORY_KIB,
    };
}

impl Default for MinimaxOptions {
    fn default() -> Self {
        MinimaxOptions::DEFAULT
    }
}

/// The original's adapted minimax player (`MinimaxIgrac`): alpha-beta over its next
/// [`MinimaxOptions::depth`] own moves and the replies between them (to the end of the game
/// in the last deal), opponents playing any unseen card class they are not guessed to lack
/// ([`probably_lacking`]), leaves valued by [`Score`], at most [`MinimaxOptions::nodes`]
/// nodes a decision; then a random card among those equivalent to the chosen one. With an
/// `exact` budget, the two-player last deal is solved exactly in the memory it is given.
/// The design and every difference from the original are documented in
/// `bots/minimax/mod.rs`.
#[derive(Debug)]
pub struct MinimaxBot<'m> {
    options: MinimaxOptions,
    rng: Pcg32,
    /// The last deal's solver's transposition table (read with the `solver` feature only).
    #[cfg_attr(not(feature = "solver"), allow(dead_code))]
    memory: &'m mut [Entry],
}

impl MinimaxBot<'static> {
    /// A minimax bot drawing its suits from `Pcg32::new(seed, 3)`, with no memory for an
    /// `exact` solve (it solves without a transposition table).
    pub fn new(options: MinimaxOptions, seed: u64) -> MinimaxBot<'static> {
        MinimaxBot::with_memory(options, seed, &mut [])
    }
}

impl<'m> MinimaxBot<'m> {
    /// A minimax bot drawing its suits from `Pcg32::new(seed, 3)`, its `exact` solve using
    /// `memory` as its transposition table (16 bytes an entry).
    pub fn with_memory(options: MinimaxOptions, seed: u64, memory: &'m mut [Entry]) -> Self {
        MinimaxBot {
            options,
            rng: Pcg32::new(seed, 3),
            memory,
        }
    }

    /// The bot's options.
    pub const fn options(&self) -> MinimaxOptions {
        self.options
    }

    /// The search's choice for `view`'s seat before the suit is drawn; `None` unless the
    /// seat is to move. Deterministic: it does not touch the random generator.
    pub fn decide(&self, view: &PlayerView<'_>) -> Option<Decision> {
        if !view.is_my_turn() {
            return None;
        }
        let own_moves = view.hand().len() as u8;
        let rounds = if view.is_last_deal() {
            own_moves
        } else {
            self.options.depth.min(own_moves)
        };
        let position = Position::new(view, lacking_by_seat(view));
        Search::new(position, self.options.nodes).decide(rounds)
    }

    /// The solver's move in a two-player last deal, where the other seat holds every card
    /// this one has not seen, when the `exact` budget is set and suffices; `None` otherwise.
    /// An opponent seen to play greedy moves is taken to go on so, as pimc and ismcts do.
    /// Never inlined, so that the solver's frame (its 4 KiB capture arena) is not reserved
    /// by every decision, only by those that solve.
    #[cfg(feature = "solver")]
    #[inline(never)]
    fn solve_last_deal(&mut self, view: &PlayerView<'_>) -> Option<Move> {
        if self.options.exact == 0 || !has_single_world(view) || !view.is_my_turn() {
            return None;
        }
        let mut hands = [CardSet::EMPTY; 2];
        hands[view.seat()] = view.hand();
        hands[1 - view.seat()] = view.unseen();
        let mut solver = Solver::new(self.memory);
        solver.set_greedy_seats(&Opponents::observe(view).greedy_seats());
        solver.set_node_budget(Some(self.options.exact));
        best_move_within_budget(&mut solver, view, &hands, &[], Horizon::GameEnd).ok()
    }

    /// Without the solver there is no `exact` solve.
    #[cfg(not(feature = "solver"))]
    fn solve_last_deal(&mut self, _view: &PlayerView<'_>) -> Option<Move> {
        None
    }
}

impl Bot for MinimaxBot<'_> {
    fn choose(&mut self, view: &PlayerView<'_>) -> Move {
        if let Some(greedy) = super::greedy::crowded_table_move(view) {
            return greedy;
        }
        let chosen = match self.solve_last_deal(view) {
            Some(solved) => solved,
            None => match self.decide(view) {
                Some(decision) => decision.chosen,
                // Not this seat's turn: answer something the game will refuse.
                None => return Move::discard(Card::new(Rank::Ace, Suit::Clubs)),
            },
        };
        let choices = equivalent_cards(view.hand(), chosen.card);
        let pick = below(&mut self.rng, choices.len().max(1) as u32) as usize;
        let card = choices.iter().nth(pick).unwrap_or(chosen.card);
        Move::new(card, chosen.capture)
    }
}
