//! The clairvoyant reference player: it sees every hand and the deck, and plays the
//! solver's best move. No fair player can do better, so it bounds what any bot can reach.
//! In a game of sides it plays for its side's margin, its partners too seen to play for
//! it (the solver's values), and settles the end by the game's house rules.

use crate::bots::nearing::best_move_nearing;
use crate::bots::pimc::Horizon;
use crate::bots::solver::{Entry, Solver};
use crate::dealing::players::MAX_PLAYERS;
use crate::game::moves::Move;
use crate::game::Game;
use crate::{Card, CardSet};

/// Nodes a clairvoyant solve may take before its horizon comes a round nearer: about a
/// tenth of a second. Two players' solves stay far below it (the start of the last deal,
/// solved exactly with every root move, takes about 12,000 nodes on average).
const NODES: u64 = 400_000;

/// Plays the solver's best move with every card known, to the end of the current deal
/// (to the end of the game in the last deal; a deal of three or four players is cut after
/// 15 or 16 moves), like [`PimcBot`](crate::bots::PimcBot)'s worlds; a solve past 400,000
/// nodes is done again a round nearer, or, from a single round (long with many players),
/// half as many moves ahead. It needs the whole [`Game`], so it is not a
/// [`Bot`](crate::bots::Bot): the match harness seats it through
/// [`AnyBot`](crate::bots::AnyBot).
#[derive(Debug)]
pub struct ClairvoyantBot<'t> {
    entries: &'t mut [Entry],
}

impl<'t> ClairvoyantBot<'t> {
    /// A clairvoyant player with `entries` as its transposition table (16 bytes each).
    pub fn new(entries: &'t mut [Entry]) -> ClairvoyantBot<'t> {
        ClairvoyantBot { entries }
    }

    /// The best move for the seat to move in `game`, or `None` when it is over.
    pub fn choose_seeing_all(&mut self, game: &Game) -> Option<Move> {
        let view = game.current_view()?;
        if let Some(greedy) = super::greedy::crowded_table_move(&view) {
            return Some(greedy);
        }
        let seats = game.players().get();
        let mut hands = [CardSet::EMPTY; MAX_PLAYERS];
        for (seat, hand) in hands.iter_mut().enumerate().take(seats) {
            *hand = game.hand(seat);
        }
        let undealt = &game.deck().cards()[52 - game.undealt()..];
        let mut solver = Solver::new(self.entries);
        solver.set_node_budget(Some(NODES));
        let horizon = Horizon::of(&view);
        let best = best_move_nearing(&mut solver, &view, &hands[..seats], undealt, horizon);
        // Unreachable for a real game; any legal move keeps the game going.
        Some(best.unwrap_or_else(|| {
            let any = view.hand().first();
            Move::discard(any.unwrap_or(Card::new(crate::Rank::Ace, crate::Suit::Clubs)))
        }))
    }
}
