//! What anyone at the table may know: the table, the piles, the tablas, how many cards each
//! seat holds and the moves played; no hand and no deck order. A spectator is given this.

use crate::dealing::players::PlayerCount;
use crate::game::moves::Move;
use crate::game::rules::Rules;
use crate::game::Game;
use crate::CardSet;

/// The public window on a [`Game`]: a [`PlayerView`](crate::PlayerView) without a hand.
#[derive(Clone, Copy, Debug)]
pub struct PublicView<'g> {
    game: &'g Game,
}

impl Game {
    /// What a watcher who holds no cards may know.
    pub const fn public_view(&self) -> PublicView<'_> {
        PublicView { game: self }
    }
}

impl<'g> PublicView<'g> {
    /// How many play.
    pub const fn players(&self) -> PlayerCount {
        self.game.players()
    }

    /// The rules the game is played under.
    pub const fn rules(&self) -> Rules {
        self.game.rules()
    }

    /// The table.
    pub const fn table(&self) -> CardSet {
        self.game.table()
    }

    /// The seat to move, `None` at the end.
    pub const fn to_move(&self) -> Option<usize> {
        self.game.to_move()
    }

    /// Any seat's captured cards (captures are played face up).
    pub fn pile(&self, seat: usize) -> CardSet {
        self.game.pile(seat)
    }

    /// Any seat's tablas.
    pub fn tablas(&self, seat: usize) -> u32 {
        self.game.tablas(seat)
    }

    /// How many cards any seat holds.
    pub fn hand_size(&self, seat: usize) -> usize {
        self.game.hand(seat).len()
    }

    /// Cards not yet dealt.
    pub fn undealt(&self) -> usize {
        self.game.undealt()
    }

    /// Deals so far.
    pub const fn deals_dealt(&self) -> usize {
        self.game.deals_dealt()
    }

    /// Every move so far (all are played face up).
    pub fn history(&self) -> &'g [Move] {
        self.game.history()
    }

    /// Every card anyone may have seen without holding a hand: the table and every pile.
    pub fn seen(&self) -> CardSet {
        (0..self.players().get()).fold(self.table(), |seen, seat| seen | self.pile(seat))
    }
}

#[cfg(test)]
mod tests {
    use core::ops::ControlFlow;

    use crate::dealing::players::PlayerCount;
    use crate::game::Game;

    #[test]
    fn shows_no_card_of_any_hand_at_any_move() {
        let mut game = Game::from_seed(PlayerCount::new(4).unwrap(), 11);
        while let Some(seat) = game.to_move() {
            let public = game.public_view();
            for holder in 0..4 {
                let ply = game.plies();
                let hand = game.hand(holder);
                assert!((public.seen() & hand).is_empty(), "ply {ply} seat {holder}");
                assert_eq!(
                    public.hand_size(holder),
                    hand.len(),
                    "ply {ply} seat {holder}"
                );
            }
            let player = game.view(seat).unwrap();
            assert_eq!(player.seen(), public.seen() | game.hand(seat));
            let ControlFlow::Break(first) = game.try_for_each_legal_move(ControlFlow::Break) else {
                panic!("no legal move at ply {}", game.plies());
            };
            game.play(first).unwrap();
        }
        assert_eq!(
            game.public_view().seen().len(),
            52,
            "everything is face up at the end"
        );
    }
}
