//! The best reply to the greedy player: a bot that sees every card, the deck's order
//! included, and knows that every other seat plays the greedy player's move. The
//! others' moves are then forced, so the exact solver, with those seats taken to play
//! greedy moves ([`Solver::set_greedy_seats`]), searches a one-player game: the best
//! line for the whole game, from the first move to the end. It is the most any bot can
//! win from greedy players, the upper bound on exploiting them.
//!
//! - Value: the solver's, the final margin `(n − 1)·own total − Σ other totals`, bonus
//!   for most cards included; with two players `own − other`, with more `n − 1` times the
//!   margin over the others' mean (the margin `tablic match` reports).
//! - Once per game: the first decision solves the whole game. The transposition table,
//!   in the caller's memory, is kept from one decision to the next, so while the game
//!   follows the plan each later decision finds its position solved there (its root
//!   moves are searched again, their children answered by the table). A game that
//!   leaves the plan (an opponent that does not play greedily) is solved again from
//!   where it is, with what the table still knows.
//! - The greedy bot's random draw: [`GreedyBot`](crate::bots::GreedyBot) plays
//!   [`best_greedy_move`](crate::bots::best_greedy_move)'s capture with a card drawn among
//!   those of the chosen card's class (its rank; 2♣ and 10♦ each alone), and the search
//!   takes it to play the move's own card. The draw cannot change the result, so the
//!   search needs neither the greedy bot's seed nor an expectation: cards of a class
//!   score alike and capture alike, so the positions after two draws differ only by a
//!   renaming of suits within classes, and the greedy key ranks moves alike in both (its
//!   suit parts only order cards the draw replaces; the captured cards it compares are
//!   each rank's best ones, so two captures compare by their counts per rank). Every line
//!   from one position has its renamed twin from the other, with the same points, and the
//!   solver's table keys positions up to such renamings. The tests check it: the margin
//!   predicted at each decision is the game's final one, against greedy bots of many
//!   seeds.
//! - A table past [`CROWDED_TABLE`](crate::bots::CROWDED_TABLE) cards gets the greedy move,
//!   as with the other searching bots. A solve past [`NODES`] (never reached in the
//!   games measured; two players' whole games took 5.6 million at most) is replaced by
//!   one to the end of the current deal.

use crate::bots::best_greedy_move;
use crate::bots::solver::{Entry, Position, Solver};
use crate::dealing::players::MAX_PLAYERS;
use crate::game::moves::Move;
use crate::game::Game;

/// Nodes a whole-game solve may take (a few seconds) before the bot solves to the end of
/// the deal instead: only a guard against a game the measurements never met.
pub const NODES: u64 = 40_000_000;

/// Plays the best reply to greedy opponents, with every card known. It needs the whole
/// [`Game`], so it is not a [`Bot`](crate::bots::Bot): the match harness seats it through
/// [`AnyBot`](crate::bots::AnyBot).
#[derive(Debug)]
pub struct BestResponseBot<'t> {
    entries: &'t mut [Entry],
    /// The seat and player count the table's entries were solved for (they take every
    /// other seat to play greedy moves), if any.
    solved_for: Option<(u8, u8)>,
    /// The final margin the last decision's solve predicted.
    predicted: Option<i32>,
}

impl<'t> BestResponseBot<'t> {
    /// A best-response player with `entries` as its transposition table (16 bytes each),
    /// kept from one decision to the next.
    pub fn new(entries: &'t mut [Entry]) -> BestResponseBot<'t> {
        BestResponseBot {
            entries,
            solved_for: None,
            predicted: None,
        }
    }

    /// The final margin `(n − 1)·own total − Σ other totals` that the last decision
    /// predicted for its seat, if it solved the whole game: what the game ends with when
    /// every other seat plays greedy moves.
    pub const fn predicted_margin(&self) -> Option<i32> {
        self.predicted
    }

    /// The best move for the seat to move in `game` against greedy players, or `None` when
    /// the game is over.
    pub fn choose_seeing_all(&mut self, game: &Game) -> Option<Move> {
        let view = game.current_view()?;
        self.predicted = None;
        if let Some(greedy) = super::greedy::crowded_table_move(&view) {
            return Some(greedy);
        }
        let (seat, players) = (view.seat(), game.players().get());
        let mut greedy = [true; MAX_PLAYERS];
        greedy[seat] = false;
        let greedy = &greedy[..players];
        let solved_for = Some((seat as u8, players as u8));
        let mut solver = if self.solved_for == solved_for {
            Solver::reusing_with_greedy_seats(self.entries, greedy)
        } else {
            let mut solver = Solver::new(self.entries);
            solver.set_greedy_seats(greedy);
            solver
        };
        self.solved_for = solved_for;
        solver.set_node_budget(Some(NODES));
        if let Some((chosen, margin)) = best_move(&mut solver, game, false) {
            self.predicted = Some(margin);
            return Some(chosen);
        }
        // Out of budget: to the end of the deal, which is always small.
        solver.set_node_budget(None);
        best_move(&mut solver, game, true)
            .map(|(chosen, _)| chosen)
            .or_else(|| best_greedy_move(view.hand(), view.table()))
    }
}

/// The solver's best move for the seat to move in `game` and its value, to the end of the
/// game or, `at_deal_end`, of the current deal; `None` past the node budget.
fn best_move(solver: &mut Solver<'_>, game: &Game, at_deal_end: bool) -> Option<(Move, i32)> {
    match game.players().get() {
        2 => solve::<2>(solver, game, at_deal_end),
        3 | 4 => solve::<4>(solver, game, at_deal_end),
        _ => solve::<MAX_PLAYERS>(solver, game, at_deal_end),
    }
}

fn solve<const SEATS: usize>(
    solver: &mut Solver<'_>,
    game: &Game,
    at_deal_end: bool,
) -> Option<(Move, i32)> {
    let position = Position::<SEATS>::from_game(game).ok()?;
    let position = if at_deal_end {
        position.cut_at_deal_end()
    } else {
        position
    };
    solver.best_move(&position).ok()
}
