//! The original's random player: a uniform card, then a uniform legal capture for it.

use core::ops::ControlFlow;

use crate::bots::Bot;
use crate::capture::{legal_capture_count, try_for_each_legal_capture};
use crate::dealing::pcg32::{below, below_u64, Pcg32};
use crate::game::moves::Move;
use crate::game::view::PlayerView;

/// Picks a card uniformly from the hand, then one of that card's legal captures uniformly
/// (the discard included), exactly as the original `RandomIgrac`.
#[derive(Clone, Debug)]
pub struct RandomBot {
    rng: Pcg32,
}

impl RandomBot {
    /// A random bot drawing from `Pcg32::new(seed, 1)`.
    pub const fn new(seed: u64) -> RandomBot {
        RandomBot {
            rng: Pcg32::new(seed, 1),
        }
    }
}

impl Bot for RandomBot {
    fn choose(&mut self, view: &PlayerView<'_>) -> Move {
        let hand = view.hand();
        let nth_card = below(&mut self.rng, hand.len().max(1) as u32) as usize;
        let Some(card) = hand.iter().nth(nth_card) else {
            // An empty hand is never to move; answer something the game will refuse.
            return Move::discard(crate::Card::new(crate::Rank::Ace, crate::Suit::Clubs));
        };
        let table = view.table();
        let mut left = below_u64(&mut self.rng, legal_capture_count(table, card));
        let picked = try_for_each_legal_capture(table, card, |capture| {
            if left == 0 {
                return ControlFlow::Break(capture);
            }
            left -= 1;
            ControlFlow::Continue(())
        });
        match picked {
            ControlFlow::Break(capture) => Move::new(card, capture),
            ControlFlow::Continue(()) => Move::discard(card),
        }
    }
}
