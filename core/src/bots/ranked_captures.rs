//! A card's captures best first, for a person choosing a move: a device shows the card's
//! captures one after another, and the first ones shown should be the ones worth most now.
//!
//! "Best" is the greedy player's [`GreedyKey`], the immediate value a person sees: a tabla
//! first, then the points taken, then the cards taken, then 10♦, 2♣ and aces, and last the
//! captured cards themselves, highest first. The key differs for every capture of one card
//! (its last part is the capture), so the order has no ties and is the same on every run.
//! Taking nothing comes last, where the key puts it: any capture takes a card and scores
//! at least 0, laying the card down at most 0.

use core::cmp::Reverse;
use core::fmt;

use crate::bots::greedy::GreedyKey;
use crate::capture::{check_listable, for_each_legal_capture, TooManyToList};
use crate::game::moves::{IllegalMove, Move};
use crate::game::Game;
use crate::{Card, CardSet};

/// A card whose captures can be ranked: it is the seat to move's to play, and it has no more
/// than [`MAX_LISTED`](crate::MAX_LISTED) captures.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct RankedCaptures {
    table: CardSet,
    card: Card,
}

/// Why a card's captures cannot be ranked.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum RankingError {
    /// The card cannot be played: the game is over, or it is not in the mover's hand.
    Illegal(IllegalMove),
    /// The card has too many captures to list.
    TooMany(TooManyToList),
}

impl fmt::Display for RankingError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            RankingError::Illegal(reason) => reason.fmt(f),
            RankingError::TooMany(reason) => reason.fmt(f),
        }
    }
}

impl core::error::Error for RankingError {}

impl RankedCaptures {
    /// The captures of `card` for the seat to move of `game`. Laying a card down is always
    /// legal, so the card can be played exactly when laying it down can.
    pub fn of(game: &Game, card: Card) -> Result<RankedCaptures, RankingError> {
        game.check(Move::discard(card))
            .map_err(RankingError::Illegal)?;
        RankedCaptures::on_table(game.table(), card).map_err(RankingError::TooMany)
    }

    /// The captures of `card`, not on `table`, played there.
    fn on_table(table: CardSet, card: Card) -> Result<RankedCaptures, TooManyToList> {
        check_listable(table, card)?;
        Ok(RankedCaptures { table, card })
    }

    /// The card played.
    pub const fn card(&self) -> Card {
        self.card
    }

    /// Writes the best `best.len()` captures (all, if fewer) into `best`, best first, the
    /// empty capture included, and returns how many captures there are in all. Slots past
    /// those returned are left as they were.
    ///
    /// The slots hold a heap of the best captures found so far, its worst at the root, so
    /// a buffer shorter than the list still ends up with exactly the best.
    pub fn rank_into(&self, best: &mut [CardSet]) -> usize {
        let key = |capture: CardSet| Reverse(GreedyKey::new(self.table, self.card, capture));
        let mut found = 0;
        for_each_legal_capture(self.table, self.card, |capture| {
            if found < best.len() {
                best[found] = capture;
                sift_up(&mut best[..=found], key);
            } else if let Some(worst) = best.first_mut() {
                if key(capture) < key(*worst) {
                    *worst = capture;
                    sift_down(best, key);
                }
            }
            found += 1;
        });
        let shown = found.min(best.len());
        best[..shown].sort_unstable_by_key(|&capture| key(capture));
        found
    }
}

/// Restores the heap after its last item was pushed: the largest `key` at the root.
fn sift_up<K: Ord>(heap: &mut [CardSet], key: impl Fn(CardSet) -> K) {
    let mut child = heap.len() - 1;
    while child > 0 {
        let parent = (child - 1) / 2;
        if key(heap[child]) <= key(heap[parent]) {
            break;
        }
        heap.swap(child, parent);
        child = parent;
    }
}

/// Restores the heap after its root was replaced.
fn sift_down<K: Ord>(heap: &mut [CardSet], key: impl Fn(CardSet) -> K) {
    let mut parent = 0;
    loop {
        let mut largest = parent;
        for child in [2 * parent + 1, 2 * parent + 2] {
            if child < heap.len() && key(heap[child]) > key(heap[largest]) {
                largest = child;
            }
        }
        if largest == parent {
            return;
        }
        heap.swap(parent, largest);
        parent = largest;
    }
}

#[cfg(test)]
mod tests {
    extern crate std;

    use std::vec::Vec;

    use proptest::prelude::*;

    use super::*;
    use crate::capture::list_legal_captures;
    use crate::PlayerCount;

    fn parsed<T: core::str::FromStr>(text: &str) -> T {
        text.parse().unwrap_or_else(|_| panic!("bad cards {text}"))
    }

    /// All the captures of `card` on `table`, ranked into a buffer of `capacity`, and the
    /// count.
    fn ranked(table: &str, card: &str, capacity: usize) -> (Vec<CardSet>, usize) {
        let ranking = RankedCaptures::on_table(parsed(table), parsed(card)).unwrap();
        let mut best = std::vec![CardSet::FULL; capacity];
        let count = ranking.rank_into(&mut best);
        best.truncate(count.min(capacity));
        (best, count)
    }

    fn sets(texts: &[&str]) -> Vec<CardSet> {
        texts
            .iter()
            .map(|text| {
                if text.is_empty() {
                    CardSet::EMPTY
                } else {
                    parsed(text)
                }
            })
            .collect()
    }

    #[test]
    fn points_come_before_cards_and_taking_nothing_comes_last() {
        // 10♦ is worth 2, 10♥ 1, and the played 10♠ 1 with any capture; the king stays.
        let expected = sets(&[
            "10D 10H 4S 6C",
            "10D 10H",
            "10D 4S 6C",
            "10D",
            "10H 4S 6C",
            "10H",
            "4S 6C",
            "",
        ]);
        assert_eq!(ranked("10D 10H 4S 6C KC", "10S", 8), (expected, 8));
    }

    #[test]
    fn a_tabla_comes_first_even_when_it_takes_no_points() {
        let expected = sets(&["3H 4D 7C", "3H 4D", "7C", ""]);
        assert_eq!(ranked("3H 4D 7C", "7S", 4), (expected, 4));
    }

    #[test]
    fn equal_captures_are_ordered_by_their_highest_cards_in_the_original_suit_order() {
        // Within a rank the original orders hearts < spades < diamonds < clubs.
        let expected = sets(&["3H 3S 4D 4C", "4C 3S", "4C 3H", "4D 3S", "4D 3H", ""]);
        assert_eq!(ranked("3H 3S 4D 4C", "7S", 6), (expected, 6));
    }

    #[test]
    fn a_short_buffer_gets_the_best_and_the_count_of_all() {
        let all = ranked("10D 10H 4S 6C KC", "10S", 8).0;
        for capacity in 0..8 {
            let (best, count) = ranked("10D 10H 4S 6C KC", "10S", capacity);
            assert_eq!((best.as_slice(), count), (&all[..capacity], 8));
        }
    }

    #[test]
    fn a_card_with_nothing_to_take_can_only_be_laid_down() {
        assert_eq!(ranked("KC QD", "2S", 3), (sets(&[""]), 1));
        assert_eq!(ranked("", "2S", 3), (sets(&[""]), 1));
    }

    #[test]
    fn slots_past_the_captures_are_left_as_they_were() {
        let ranking = RankedCaptures::on_table(parsed("KC QD"), parsed("2S")).unwrap();
        let mut best = [CardSet::FULL; 3];
        assert_eq!(ranking.rank_into(&mut best), 1);
        assert_eq!(best, [CardSet::EMPTY, CardSet::FULL, CardSet::FULL]);
    }

    #[test]
    fn a_crowded_table_is_refused() {
        let king: Card = parsed("KS");
        assert_eq!(
            RankedCaptures::on_table(CardSet::FULL.without(king), king),
            Err(TooManyToList)
        );
    }

    #[test]
    fn the_game_refuses_a_card_the_mover_cannot_play() {
        let mut game = Game::from_seed(PlayerCount::new(2).unwrap(), 7);
        let elsewhere = game.hand(1).first().unwrap();
        assert_eq!(
            RankedCaptures::of(&game, elsewhere),
            Err(RankingError::Illegal(IllegalMove::CardNotInHand(elsewhere)))
        );
        let mine = game.hand(0).first().unwrap();
        let ranking = RankedCaptures::of(&game, mine).unwrap();
        assert_eq!(ranking.card(), mine);
        assert_eq!(
            ranking,
            RankedCaptures::on_table(game.table(), mine).unwrap()
        );
        while let Some(seat) = game.to_move() {
            let card = game.hand(seat).first().unwrap();
            game.play(Move::discard(card)).unwrap();
        }
        assert_eq!(
            RankedCaptures::of(&game, mine),
            Err(RankingError::Illegal(IllegalMove::GameOver))
        );
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(500))]

        /// Against a sort of every capture by the key: the same captures, the same order,
        /// whatever the buffer's length.
        #[test]
        fn the_ranking_is_the_list_sorted_by_the_greedy_key_best_first(
            card in 0u8..52,
            table in proptest::collection::btree_set(0u8..52, 0..=12),
            capacity in 0usize..40,
        ) {
            let card = Card::from_index(card).unwrap();
            let table: CardSet = table.into_iter().filter_map(Card::from_index).collect();
            let table = table.without(card);
            let mut sorted = Vec::new();
            list_legal_captures(table, card, |capture| sorted.push(capture)).unwrap();
            sorted.sort_unstable_by_key(|&capture| Reverse(GreedyKey::new(table, card, capture)));
            let mut best = std::vec![CardSet::FULL; capacity];
            let count = RankedCaptures::on_table(table, card).unwrap().rank_into(&mut best);
            prop_assert_eq!(count, sorted.len());
            let shown = count.min(capacity);
            prop_assert_eq!(&best[..shown], &sorted[..shown]);
            prop_assert_eq!(sorted.last(), Some(&CardSet::EMPTY));
        }
    }
}
