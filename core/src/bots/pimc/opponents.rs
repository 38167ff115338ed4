//! What the deals already over say of how each other seat plays: there every card a seat
//! was dealt has been played, so its hand at each of its moves is known, and so is whether
//! the move was the greedy player's. A partner's play is read like an opponent's, as
//! evidence of its hidden hand; only an opponent is ever searched as a greedy player.

use crate::bots::{best_greedy_move, GreedyKey};
use crate::dealing::players::MAX_PLAYERS;
use crate::game::view::{PastMove, PlayerView};
use crate::{CardSet, Move};

/// How many parts of the greedy key ([`GreedyKey::parts`]) a move must not fall short on to
/// count as greedy: all seven (tabla, points, cards, 10♦, 2♣, aces, low card first).
const KEY_PARTS: usize = 7;

/// Odds are fixed-point fractions of this (no floating point: firmware has no FPU).
pub(super) const ONE: u64 = 1 << 31;

/// Greedy moves a seat is taken to have made before its play says otherwise.
const PRIOR_GREEDY: u32 = 8;

/// Moves that were not greedy a seat is taken to have made before its play says otherwise.
const PRIOR_MISSES: u32 = 1;

/// A seat whose moves in the deals already over were all greedy, and at least this many,
/// is taken to play greedy moves: a whole two-player deal (a player who makes the greedy
/// move two times in three, as the minimax player does, passes one deal in twenty).
const GREEDY_PROOF: u32 = 6;

/// Each seat's moves in the deals already over, greedy or not, and which seats are the
/// viewer's side.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Opponents {
    greedy: [u32; MAX_PLAYERS],
    misses: [u32; MAX_PLAYERS],
    /// The viewer and its partners.
    own_side: [bool; MAX_PLAYERS],
}

impl Opponents {
    /// What `view`'s seat has seen of every other seat's play (its own moves are not
    /// counted).
    pub fn observe(view: &PlayerView<'_>) -> Opponents {
        let mut record = Opponents {
            greedy: [0; MAX_PLAYERS],
            misses: [0; MAX_PLAYERS],
            own_side: core::array::from_fn(|seat| {
                seat < view.players().get() && view.is_on_my_side(seat)
            }),
        };
        let current = view.deals_dealt().saturating_sub(1);
        let finished = view.history_backwards().filter(|past| past.deal != current);
        // Each finished deal ends with every hand empty.
        judge_moves(
            finished,
            [CardSet::EMPTY; MAX_PLAYERS],
            view.seat(),
            |seat, greedy| {
                if greedy {
                    record.greedy[seat] += 1;
                } else {
                    record.misses[seat] += 1;
                }
            },
        );
        record
    }

    /// For each seat, how much less likely a move that is not greedy is than a greedy one
    /// (at most as likely, in fractions of [`ONE`]): the ratio of its moves of each kind,
    /// after [`PRIOR_MISSES`] and [`PRIOR_GREEDY`].
    pub(super) fn miss_odds(&self) -> [u64; MAX_PLAYERS] {
        let mut odds = [ONE; MAX_PLAYERS];
        for (seat, odds) in odds.iter_mut().enumerate() {
            let misses = u64::from(self.misses[seat] + PRIOR_MISSES);
            let greedy = u64::from(self.greedy[seat] + PRIOR_GREEDY);
            *odds = (misses * ONE / greedy).min(ONE);
        }
        odds
    }

    /// The seats taken to play greedy moves: opponents (seats of other sides) every move of
    /// whose seen in the deals already over was greedy, and there were at least six (a whole
    /// two-player deal). A partner never is: the search takes it to play the best move for
    /// the side, whatever it was seen to play.
    pub fn greedy_seats(&self) -> [bool; MAX_PLAYERS] {
        let mut seats = [false; MAX_PLAYERS];
        for (seat, greedy) in seats.iter_mut().enumerate() {
            *greedy =
                !self.own_side[seat] && self.misses[seat] == 0 && self.greedy[seat] >= GREEDY_PROOF;
        }
        seats
    }
}

/// Walks `moves` (newest first) rebuilding each seat's hand at each of its moves, and says
/// of every move by a seat other than `viewer` whether it was greedy. `hands` are the hands
/// after the newest move; a hand at a move is that, plus the cards the seat played since
/// in the same deal (an earlier deal ended with every hand empty).
fn judge_moves(
    moves: impl Iterator<Item = PastMove>,
    mut hands: [CardSet; MAX_PLAYERS],
    viewer: usize,
    mut judge: impl FnMut(usize, bool),
) {
    let mut deal = None;
    for past in moves {
        if deal.is_some_and(|deal| deal != past.deal) {
            hands = [CardSet::EMPTY; MAX_PLAYERS];
        }
        deal = Some(past.deal);
        let Some(hand) = hands.get_mut(past.seat) else {
            continue;
        };
        *hand = hand.with(past.played.card);
        if past.seat != viewer {
            judge(past.seat, was_greedy(*hand, past.table_before, past.played));
        }
    }
}

/// True when no card of `hand` allowed a move with a larger greedy key on `table` than
/// `played` ([`KEY_PARTS`] parts of it).
pub(super) fn was_greedy(hand: CardSet, table: CardSet, played: Move) -> bool {
    let made = GreedyKey::new(table, played.card, played.capture).parts();
    let greedy = best_greedy_move(hand, table)
        .map(|best| GreedyKey::new(table, best.card, best.capture).parts());
    greedy.is_none_or(|greedy| greedy[..KEY_PARTS] <= made[..KEY_PARTS])
}
