//! The best reply to the greedy player: a bot that sees every card, the deck's order
//! included, and knows that every other seat plays the greedy player's move. The
//! others' moves are then forced, so the exact solver, with those seats taken to play
//! greedy moves ([`Solver::set_greedy_seats`]), searches a one-player game: the best
//! line for the whole game, from the first move to the end. It is the most any bot can
//! win from greedy players, the upper bound on exploiting them.
//!
//! - Value: the solver's, the final margin `(n − 1)·own total − Σ other totals`, bonus
//!   for most cards included; with two players `own − other`, with more `n − 1` times the
//!   margin over the others' mean (the margin `tablic match` reports). In a game of sides,
//!   the side's margin `(S − 1)·own side's total − Σ other sides' totals`, the end settled
//!   by the game's house rules, as the solver does.
//! - A partner is one of the others: taken to play greedy moves too, by this bot's
//!   definition (the best reply to a table of greedy players), so the search is still a
//!   one-player game; the partner's greedy captures count for the side.
//! - Once per game: the first decision solves the whole game and keeps its value, the
//!   plan's final margin. While the game follows the plan (the other seats play greedy
//!   moves, any card of the greedy move's class), the value is known, and a later decision
//!   only looks for a move that reaches it ([`Solver::move_reaching`], one null-window
//!   search, helped by the transposition table kept in the caller's memory), without
//!   proving again that nothing is better. A game that leaves the plan (an opponent that
//!   does not play greedily) is solved again from where it is.
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
//!   games measured) is replaced by one to the end of the current deal.

use crate::bots::solver::{Entry, Position, Solver};
use crate::bots::{best_greedy_move, equivalent_cards};
use crate::dealing::players::MAX_PLAYERS;
use crate::dealing::seeding::mix;
use crate::game::moves::Move;
use crate::game::Game;

/// Nodes a whole-game solve may take (about 15 s) before the bot solves to the end of the
/// deal instead: a guard against a game harder than any measured (the hardest first move
/// of 2,000 games took 40 million nodes with
/// [`BEST_RESPONSE_ENTRIES`](crate::bots::BEST_RESPONSE_ENTRIES) entries).
pub const NODES: u64 = 100_000_000;

/// Plays the best reply to greedy opponents, with every card known. It needs the whole
/// [`Game`], so it is not a [`Bot`](crate::bots::Bot): the match harness seats it through
/// [`AnyBot`](crate::bots::AnyBot).
#[derive(Debug)]
pub struct BestResponseBot<'t> {
    entries: &'t mut [Entry],
    /// The seat and player count the table's entries were solved for (they take every
    /// other seat to play greedy moves), if any.
    solved_for: Option<(u8, u8)>,
    /// What the last decision's solve found, if it solved to the end of the game.
    plan: Option<Plan>,
}

/// The game as the last decision left it, and the margin it will end with if the others
/// play greedy moves.
#[derive(Clone, Copy, Debug)]
struct Plan {
    margin: i32,
    /// The seat it is for.
    seat: u8,
    /// Moves in the game once the bot's move was played.
    moves: usize,
    /// The [`fingerprint`] of the game then.
    fingerprint: u64,
}

impl Plan {
    /// True when `game` is the planned one, played on by greedy moves of the other seats
    /// (any card of the greedy move's class), and `seat`, the plan's, is to move: its
    /// value is still the plan's margin.
    fn followed_by(&self, game: &Game, seat: usize) -> bool {
        if usize::from(self.seat) != seat {
            return false;
        }
        let history = game.history();
        let (Some(planned), Some(since)) = (history.get(..self.moves), history.get(self.moves..))
        else {
            return false;
        };
        if fingerprint(game, planned.iter().copied()) != self.fingerprint {
            return false;
        }
        let mut replay = game.rewound(self.moves);
        since.iter().all(|&played| {
            let Some(mover) = replay.to_move().filter(|&mover| mover != seat) else {
                return false;
            };
            let hand = replay.hand(mover);
            let greedy = best_greedy_move(hand, replay.table()).is_some_and(|greedy| {
                greedy.capture == played.capture
                    && equivalent_cards(hand, greedy.card).contains(played.card)
            });
            greedy && replay.play(played).is_ok()
        })
    }
}

/// A hash of `game`'s player count, rules and deck, and of `moves` played from its start:
/// which game, how far.
fn fingerprint(game: &Game, moves: impl Iterator<Item = Move>) -> u64 {
    let rules = game.rules();
    let players = game.players().get() as u64
        | u64::from(rules.side_size) << 8
        | (rules.leftovers as u64) << 16
        | (rules.final_tabla as u64) << 17;
    let deck = game
        .deck()
        .cards()
        .iter()
        .map(|card| u64::from(card.index()));
    let moves = moves.map(|played| played.capture.bits() << 6 | u64::from(played.card.index()));
    deck.chain(moves)
        .fold(players, |hash, part| mix(hash ^ part))
}

impl<'t> BestResponseBot<'t> {
    /// A best-response player with `entries` as its transposition table (16 bytes each),
    /// kept from one decision to the next; any size works, and
    /// [`BEST_RESPONSE_ENTRIES`](crate::bots::BEST_RESPONSE_ENTRIES) keeps the hardest
    /// games' solves short.
    pub fn new(entries: &'t mut [Entry]) -> BestResponseBot<'t> {
        BestResponseBot {
            entries,
            solved_for: None,
            plan: None,
        }
    }

    /// The final margin `(n − 1)·own total − Σ other totals` (in a game of sides, its
    /// side's, as the solver values it) that the last decision predicted for its seat, if
    /// it solved the whole game: what the game ends with when every other seat, a partner
    /// too, plays greedy moves.
    pub fn predicted_margin(&self) -> Option<i32> {
        self.plan.map(|plan| plan.margin)
    }

    /// The best move for the seat to move in `game` against greedy players, or `None` when
    /// the game is over.
    pub fn choose_seeing_all(&mut self, game: &Game) -> Option<Move> {
        let view = game.current_view()?;
        let plan = self.plan.take();
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
        // On the plan, the value is known: a move that reaches it is enough.
        let planned = plan
            .filter(|plan| plan.followed_by(game, seat))
            .and_then(|plan| answer(&mut solver, game, Question::Reaching(plan.margin)));
        if let Some((chosen, margin)) =
            planned.or_else(|| answer(&mut solver, game, Question::Best))
        {
            let played = game.history().iter().copied().chain([chosen]);
            self.plan = Some(Plan {
                margin,
                seat: seat as u8,
                moves: game.history().len() + 1,
                fingerprint: fingerprint(game, played),
            });
            return Some(chosen);
        }
        // Out of budget: to the end of the deal, which is always small.
        solver.set_node_budget(None);
        answer(&mut solver, game, Question::BestToDealEnd)
            .map(|(chosen, _)| chosen)
            .or_else(|| best_greedy_move(view.hand(), view.table()))
    }
}

/// What a decision asks the solver.
#[derive(Clone, Copy)]
enum Question {
    /// The best move and its value, to the end of the game.
    Best,
    /// The best move to the end of the current deal.
    BestToDealEnd,
    /// A move worth this margin, the position's known value.
    Reaching(i32),
}

/// The solver's answer for the seat to move in `game`: a move and its value; `None` past
/// the node budget (or, for [`Question::Reaching`], when no move reaches the margin).
fn answer(solver: &mut Solver<'_>, game: &Game, question: Question) -> Option<(Move, i32)> {
    match game.players().get() {
        2 => answer_in::<2>(solver, game, question),
        3 | 4 => answer_in::<4>(solver, game, question),
        _ => answer_in::<MAX_PLAYERS>(solver, game, question),
    }
}

fn answer_in<const SEATS: usize>(
    solver: &mut Solver<'_>,
    game: &Game,
    question: Question,
) -> Option<(Move, i32)> {
    let position = Position::<SEATS>::from_game(game).ok()?;
    match question {
        Question::Best => solver.best_move(&position).ok(),
        Question::BestToDealEnd => solver.best_move(&position.cut_at_deal_end()).ok(),
        Question::Reaching(margin) => solver
            .move_reaching(&position, margin)
            .ok()
            .flatten()
            .map(|chosen| (chosen, margin)),
    }
}
