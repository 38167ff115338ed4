//! An exact solver for games whose every card is known (like bridge's double-dummy
//! solvers): the value of every legal move, to the end of the game.
//!
//! Design, in brief:
//! - [`Position`]: a compact `Copy` state (hands, table, the deck order still to come,
//!   and per seat only the pile's card count, points and tablas); moves by copy-make.
//! - The value of a move for the seat to move is its side's final margin
//!   `(S − 1)·own side's total − Σ other sides' totals` for `S` sides (with everyone
//!   alone, `(n − 1)·own total − Σ other totals`; a seat's points weigh `S − 1` on the
//!   hero's side, −1 elsewhere): with two sides `own − other`, searched by alpha-beta
//!   minimax; with more, every other side minimises it (paranoid search). The hero's
//!   partners maximise it, as the hero does. With two sides every seat searches as seat 0,
//!   the other side's values negated; with more, as its side's first seat: partners share
//!   the table.
//! - The end follows the position's [rules](crate::Rules): the table's last cards go to
//!   the last capturer or, by the house rule, to the last player; a capture that empties
//!   the table on the game's last move is no tabla when the house rule says so; the bonus
//!   for most cards goes to the side with strictly the most. Rules other than the
//!   original's are in the table keys, so one table serves positions of any rules; the
//!   original game's keys, values and node counts are what they were before sides.
//! - The search values only the rest of the game (points still to win, and the bonus for
//!   most cards, which depends on the pile counts' differences alone), so that positions
//!   reached with different scores share a transposition-table entry. Entries hold
//!   depth-independent lower and upper bounds, in memory the caller gives ([`Entry`]).
//! - Moves that a renaming of suits maps onto each other (same rank and points played,
//!   tables left equal up to suits) are searched once; see `moves.rs`. Likewise positions
//!   equal up to such a renaming (hands and table per rank, 2♣ and 10♦ apart; the same
//!   deck) share their table key, the best move kept as its class.
//! - Moves are tried best-guess first: the transposition table's move, searched before any
//!   move is generated (it often cuts the node), then by a cheap greedy order (tabla,
//!   points won, cards taken, a low card played). Cards that can take nothing on the
//!   table skip the capture search.
//! - Fast fail: a node whose value cannot reach the window even if the hero's side (or the
//!   other sides) won every point left, the tablas still possible and the bonus for most
//!   cards is cut at once ([`Position`]'s bounds). With two players, a seat's tablas are
//!   bounded by its moves and the pairs of equal ranks the two seats still hold. A card on
//!   the table that none of the cards still to come can take (a king with no king left)
//!   stays to the end, so no seat wins another tabla: asked only when that would cut. The
//!   house rules only move the table's last cards and void tablas, so every bound holds
//!   under them.
//! - Two moves before the end, moves are valued directly (the last move has at most two
//!   distinct choices) with no table, ordering or merging.
//! - With two players, leads in cards larger than the cards left (the bonus is decided)
//!   share one table key, and positions that differ only by the lead or the last
//!   capturer share a bucket: their values are ordered (a larger lead, or the hero as the
//!   last capturer, is never worse; a lead one card larger is at most a bonus better), so
//!   each probe also bounds the value by its neighbours' entries. A search also finds over
//!   which other leads and last capturers its bound holds (the lead only decides the sign
//!   of the final lead, and a capture makes the last capturer before it irrelevant), and
//!   stores a lower bound at the least of them, an upper bound at the greatest: one search
//!   of a deal's start then serves the other leads that meet it. The orders hold under the
//!   house rules too (when the last player takes the table, the last capturer changes
//!   nothing, which the order allows).
//! - Seats may be taken to play the greedy player's move instead of their best
//!   ([`Solver::set_greedy_seats`]): an opponent model for a sampling bot (never for a
//!   partner), or the others' known play for the best response; their nodes search one
//!   move.
//! - A position cut at the end of its deal ([`Position::cut_at_deal_end`]), or after a
//!   number of moves when that comes first ([`Position::cut_after`]), is valued in
//!   thirds of a point ([`CUT_POINT`]): its points and tablas, and a card of lead in
//!   captured cards worth a third of a point ([`CUT_CARD`]) instead of the bonus for most
//!   cards, counted as the cards are captured (so pile counts leave its table key), all by
//!   side as the final margin is. Its bounds count the cards left like points. Positions
//!   solved to the real end are valued exactly, in points.
//! - With two players a cut at a deal's end may be valued by the learned evaluation of the
//!   rest of the game ([`Position::with_learned_horizon`]); it learned the original's end,
//!   so under a house rule the cut is valued as above.
//!
//! ```
//! use tablic_core::bots::solver::{Entry, Position, Solver};
//! use tablic_core::{Game, PlayerCount};
//!
//! let mut game = Game::from_seed(PlayerCount::TWO, 7);
//! while game.undealt() > 0 || game.hand(0).len() > 2 {
//!     let seat = game.to_move().unwrap();
//!     let greedy = tablic_core::bots::best_greedy_move(game.hand(seat), game.table());
//!     game.play(greedy.unwrap()).unwrap();
//! }
//! let position = Position::<2>::from_game(&game).unwrap();
//! let mut entries = vec![Entry::EMPTY; 1 << 12];
//! let mut solver = Solver::new(&mut entries);
//! let (best, value) = solver.best_move(&position).unwrap();
//! solver.solve_all(&position, |played, margin| assert!(margin <= value || played == best)).unwrap();
//! ```

#[cfg(feature = "solver")]
mod moves;
#[cfg(feature = "solver")]
mod position;
#[cfg(feature = "solver")]
mod search;
#[cfg(feature = "solver")]
mod solve;
// Without the search, only `Entry` is used: the unit of search memory bots are given.
#[cfg_attr(not(feature = "solver"), allow(dead_code))]
mod table;

#[cfg(feature = "solver")]
pub(crate) use moves::{Arena, Batch, Class};
#[cfg(feature = "solver")]
pub use position::{Position, PositionError, Setup, CUT_CARD, CUT_POINT};
#[cfg(feature = "solver")]
pub use solve::{SolveError, Solver};
pub use table::{Entry, ENTRIES_PER_KIB, SOLVER_MEMORY_KIB};
