//! An exact solver for games whose every card is known (like bridge's double-dummy
//! solvers): the value of every legal move, to the end of the game.
//!
//! Design, in brief:
//! - [`Position`]: a compact `Copy` state (hands, table, the deck order still to come,
//!   and per seat only the pile's card count, points and tablas); moves by copy-make.
//! - The value of a move for the seat to move is the final margin
//!   `(n − 1)·own total − Σ other totals`: with two players `own − other`, searched by
//!   alpha-beta minimax; with more, every other seat minimises it (paranoid search).
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
//! - Fast fail: a node whose value cannot reach the window even if the hero (or the
//!   others) won every point left, the tablas still possible and the bonus for most cards
//!   is cut at once ([`Position`]'s bounds). With two players, a seat's tablas are bounded
//!   by its moves and the pairs of equal ranks the two seats still hold. A card on the
//!   table that none of the cards still to come can take (a king with no king left) stays
//!   to the end, so no seat wins another tabla: asked only when that would cut.
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
//!   of a deal's start then serves the other leads that meet it.
//! - Seats may be taken to play the greedy player's move instead of their best
//!   ([`Solver::set_greedy_seats`]): an opponent model for a sampling bot; their nodes
//!   search one move.
//! - A position cut at the end of its deal ([`Position::cut_at_deal_end`]), or after a
//!   number of moves when that comes first ([`Position::cut_after`]), is valued in
//!   thirds of a point ([`CUT_POINT`]): its points and tablas, and a card of lead in
//!   captured cards worth a third of a point ([`CUT_CARD`]) instead of the bonus for most
//!   cards, counted as the cards are captured (so pile counts leave its table key). Its
//!   bounds count the cards left like points. Positions solved to the real end are valued
//!   exactly, in points.
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
pub use table::Entry;
