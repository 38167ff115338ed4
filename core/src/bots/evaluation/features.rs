//! What the learned evaluation weighs: a sparse vector of small integers per deal end,
//! one block of [`PER_CONTEXT`] features for each context (the deals left and whether the
//! hero leads the next one), so that each context learns its own weights.
//!
//! Everything here is up to suits but for 2♣ and 10♦ (ranks, counts, points), as the
//! solver's table keys are, so positions that share a key share a value.

use super::weights::WEIGHTS;
#[cfg(feature = "solver")]
use crate::Card;
use crate::{CardClass, CardSet, Rank};

/// Leads in captured cards beyond this many either way weigh as this many.
pub const LEAD_REACH: i32 = 20;

const LEADS: usize = 2 * LEAD_REACH as usize + 1;

// Offsets of the features within a context's block.
/// Always 1.
const BIAS: usize = 0;
/// One-hot: the hero's lead in captured cards, clamped to ±[`LEAD_REACH`].
const LEAD: usize = BIAS + 1;
/// The cards on the table.
const TABLE_CARDS: usize = LEAD + LEADS;
/// The points on the table.
const TABLE_POINTS: usize = TABLE_CARDS + 1;
/// Per rank, the table's cards of that rank.
const TABLE_RANKS: usize = TABLE_POINTS + 1;
/// 10♦ on the table (two points), then 2♣ (one point on a low card).
const TABLE_TEN_OF_DIAMONDS: usize = TABLE_RANKS + 13;
const TABLE_TWO_OF_CLUBS: usize = TABLE_TEN_OF_DIAMONDS + 1;
/// +1 when the hero captured last, −1 when the other seat did, 0 when nobody has; then
/// that sign times the table's cards, and times its points (the table the last capturer
/// would sweep at the end).
const CLAIM: usize = TABLE_TWO_OF_CLUBS + 1;
const CLAIM_CARDS: usize = CLAIM + 1;
const CLAIM_POINTS: usize = CLAIM_CARDS + 1;
/// Per rank, the cards of that rank still to be dealt.
const FUTURE_RANKS: usize = CLAIM_POINTS + 1;
/// Per rank, the table's cards of that rank times those still to come: pairs to be made.
const PAIRS: usize = FUTURE_RANKS + 13;

/// Features in each context's block.
pub const PER_CONTEXT: usize = PAIRS + 13;

/// Contexts: one, two or three deals left, times whether the hero leads the next deal.
pub const CONTEXTS: usize = 6;

/// The length of the feature vector.
pub const FEATURES: usize = CONTEXTS * PER_CONTEXT;

// Weights fitted to another feature vector do not build.
const _: () = assert!(WEIGHTS.len() == FEATURES);

/// A deal end as the features see it (see `DealEnd`): `claim` is +1 when the hero captured
/// last, −1 when the other seat did, 0 when nobody has.
pub(super) struct Seen {
    pub table: CardSet,
    pub future: CardSet,
    pub lead: i32,
    pub claim: i32,
    pub hero_leads: bool,
}

/// The first feature of the block of the context with these cards to come and leader.
fn block(future: CardSet, hero_leads: bool) -> usize {
    let deals_left = (future.len() / 12).clamp(1, 3);
    ((deals_left - 1) * 2 + usize::from(hero_leads)) * PER_CONTEXT
}

/// Where in a context's block the lead's one-hot feature for `lead` is.
fn lead_offset(lead: i32) -> usize {
    LEAD + (lead.clamp(-LEAD_REACH, LEAD_REACH) + LEAD_REACH) as usize
}

/// Calls `visit(index, lead)` for the lead's one-hot feature of every context, ascending,
/// with the lead in captured cards it stands for.
pub(super) fn for_each_lead_feature(mut visit: impl FnMut(usize, i32)) {
    for context in 0..CONTEXTS {
        for lead in -LEAD_REACH..=LEAD_REACH {
            visit(context * PER_CONTEXT + lead_offset(lead), lead);
        }
    }
}

/// Calls `visit(index, value)` for every feature of `end` that is not zero, indices
/// ascending.
pub(super) fn for_each_feature(end: &Seen, mut visit: impl FnMut(usize, i32)) {
    let base = block(end.future, end.hero_leads);
    let mut put = |offset: usize, value: i32| {
        if value != 0 {
            visit(base + offset, value);
        }
    };
    put(BIAS, 1);
    put(lead_offset(end.lead), 1);
    let table = end.table;
    put(TABLE_CARDS, table.len() as i32);
    put(TABLE_POINTS, table.points() as i32);
    for (index, &rank) in Rank::ALL.iter().enumerate() {
        put(TABLE_RANKS + index, i32::from(table.rank_count(rank)));
    }
    put(
        TABLE_TEN_OF_DIAMONDS,
        has(table, CardClass::TEN_OF_DIAMONDS),
    );
    put(TABLE_TWO_OF_CLUBS, has(table, CardClass::TWO_OF_CLUBS));
    let sign = end.claim;
    put(CLAIM, sign);
    put(CLAIM_CARDS, sign * table.len() as i32);
    put(CLAIM_POINTS, sign * table.points() as i32);
    for (index, &rank) in Rank::ALL.iter().enumerate() {
        put(FUTURE_RANKS + index, i32::from(end.future.rank_count(rank)));
    }
    for (index, &rank) in Rank::ALL.iter().enumerate() {
        let coming = i32::from(end.future.rank_count(rank));
        put(PAIRS + index, coming * i32::from(table.rank_count(rank)));
    }
}

fn has(cards: CardSet, class: CardClass) -> i32 {
    i32::from(!cards.is_disjoint(class.cards()))
}

/// What one card on the table adds to the weighted sum of the block at `base` with the cards
/// to come `future`: by itself, and times the claim's sign (to the hero +1, the other −1).
/// The table's features are sums over its cards (the tests check that these add up to the
/// evaluation), so [`range`] can bound a table it does not know card by card.
#[cfg(feature = "solver")]
fn table_card_worth(base: usize, future: CardSet, card: Card) -> (i64, i64) {
    let w = |offset: usize| i64::from(WEIGHTS[base + offset]);
    let rank = card.rank().index() as usize;
    let points = i64::from(card.points());
    let alone = CardSet::single(card);
    let worth = w(TABLE_CARDS)
        + w(TABLE_POINTS) * points
        + w(TABLE_RANKS + rank)
        + w(PAIRS + rank) * i64::from(future.rank_count(card.rank()))
        + w(TABLE_TEN_OF_DIAMONDS) * i64::from(has(alone, CardClass::TEN_OF_DIAMONDS))
        + w(TABLE_TWO_OF_CLUBS) * i64::from(has(alone, CardClass::TWO_OF_CLUBS));
    let claimed = w(CLAIM_CARDS) + w(CLAIM_POINTS) * points;
    (worth, claimed)
}

/// Bounds on the weighted sum, in the weights' units, over every deal end with these
/// cards to come (`future`) and leader whose table holds only cards of `in_play` and whose
/// lead lies in `leads`: of every term but the lead's, and of `lead_term(lead, weight)`
/// (the lead's weight as the caller scales it).
#[cfg(feature = "solver")]
pub(super) fn range(
    future: CardSet,
    hero_leads: bool,
    in_play: CardSet,
    leads: (i32, i32),
    lead_term: impl Fn(i32, i32) -> i64,
) -> ((i64, i64), (i64, i64)) {
    let base = block(future, hero_leads);
    let w = |offset: usize| i64::from(WEIGHTS[base + offset]);
    // Known exactly: the bias and the cards to come.
    let mut fixed = w(BIAS);
    for (index, &rank) in Rank::ALL.iter().enumerate() {
        fixed += w(FUTURE_RANKS + index) * i64::from(future.rank_count(rank));
    }
    // The lead: each one in range.
    let (mut lead_low, mut lead_high) = (i64::MAX, i64::MIN);
    for lead in leads.0..=leads.1 {
        let term = lead_term(lead, WEIGHTS[base + lead_offset(lead)]);
        lead_low = lead_low.min(term);
        lead_high = lead_high.max(term);
    }
    // The table and the claim on it: sums over its cards, each of them there or not.
    let (mut table_low, mut table_high) = (0, 0);
    let (mut claimed_low, mut claimed_high) = (0, 0);
    for card in in_play.iter() {
        let (worth, claimed) = table_card_worth(base, future, card);
        table_low += worth.min(0);
        table_high += worth.max(0);
        claimed_low += claimed.min(0);
        claimed_high += claimed.max(0);
    }
    // The claim's sign is +1, −1 or 0.
    let hero = (w(CLAIM) + claimed_low, w(CLAIM) + claimed_high);
    let other = (-hero.1, -hero.0);
    let claim_low = hero.0.min(other.0).min(0);
    let claim_high = hero.1.max(other.1).max(0);
    (
        (
            fixed + table_low + claim_low,
            fixed + table_high + claim_high,
        ),
        (lead_low, lead_high),
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::bots::best_greedy_move;
    use crate::bots::evaluation::{Claim, DealEnd};
    use crate::dealing::players::PlayerCount;
    use crate::Game;

    /// The evaluation, summed as [`range`] sees it: the bias and the cards to come, the
    /// lead's weight, each table card's worth and, times the claim's sign, its claim.
    fn summed_card_by_card(end: &DealEnd) -> i64 {
        let base = block(end.future(), end.hero_leads());
        let w = |offset: usize| i64::from(WEIGHTS[base + offset]);
        let mut sum = w(BIAS) + w(lead_offset(end.lead()));
        for (index, &rank) in Rank::ALL.iter().enumerate() {
            sum += w(FUTURE_RANKS + index) * i64::from(end.future().rank_count(rank));
        }
        let sign = match end.claim() {
            Claim::Hero => 1,
            Claim::Other => -1,
            Claim::Nobody => 0,
        };
        let mut claimed = w(CLAIM);
        for card in end.table().iter() {
            let (worth, claim) = table_card_worth(base, end.future(), card);
            sum += worth;
            claimed += claim;
        }
        sum + sign * claimed
    }

    #[test]
    fn the_table_cards_worths_add_up_to_the_evaluation() {
        let mut ends = 0;
        for seed in 0..40 {
            let mut game = Game::from_seed(PlayerCount::TWO, seed);
            while let Some(seat) = game.to_move() {
                for hero in 0..2 {
                    if let Some(end) = DealEnd::of_game(&game, hero) {
                        assert_eq!(
                            i64::from(end.rest_margin()),
                            summed_card_by_card(&end),
                            "seed {seed}, ply {}, hero {hero}",
                            game.plies()
                        );
                        ends += 1;
                    }
                }
                let chosen = best_greedy_move(game.hand(seat), game.table()).unwrap();
                game.play(chosen).unwrap();
            }
        }
        assert_eq!(ends, 40 * 3 * 2);
    }
}
