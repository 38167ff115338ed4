//! A learned value of the rest of a two-player game, seen from the end of a deal: what a
//! search that stops there (the PIMC bot's worlds are solved to the deal's end) adds for
//! everything after it, instead of a fixed worth per card of lead.
//!
//! - [`DealEnd`] is what it sees, all of it public at a deal's end: the table, the cards
//!   still to come (every card not on the table or in a pile), the lead in captured cards,
//!   who captured last, and who leads the next deal (seat 0 leads every deal).
//! - [`DealEnd::rest_margin`] is a linear function of the sparse features in `features.rs`
//!   with integer weights (`weights.rs`), in [`SCALE`]ths of a point: integer arithmetic
//!   only, so the firmware's values are the host's, bit for bit.
//! - The weights are fitted by least squares to the margins of the rest of games the
//!   engine's bots played against each other; `weights.rs` says how, and the command that
//!   makes it again (`scripts/train-evaluation.sh`).
//! - Those games were two players' under the original rules. Two players are never in
//!   sides, but under a house rule (the last player takes the table's last cards, or no
//!   tabla on the last move) the end it learned is not the game's: the solver then values
//!   its cut as without the evaluation: points, tablas and a third of a point per card of
//!   lead (the solver's `Position::with_learned_horizon`).

mod features;
mod weights;

pub use features::{FEATURES, LEAD_REACH};

use crate::dealing::players::PlayerCount;
use crate::game::rules::Rules;
use crate::{CardSet, Game};

/// Units of [`DealEnd::rest_margin`] to a point.
pub const SCALE: i32 = 256;

/// True for the games the evaluation learned, two players under the original rules: only
/// there does a search value a deal's end by it.
pub fn applies_to(players: PlayerCount, rules: Rules) -> bool {
    players == PlayerCount::TWO && rules == Rules::ORIGINAL
}

/// Moves in a two-player deal: six cards each.
const DEAL_MOVES: usize = 12;

/// Who captured last, seen from the hero's seat.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Claim {
    /// The hero: the table is its at the end unless someone captures again.
    Hero,
    /// The other seat.
    Other,
    /// Nobody has captured yet.
    Nobody,
}

/// A two-player game between two deals, from one seat's side (the hero's), with at least
/// one deal still to come.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct DealEnd {
    table: CardSet,
    future: CardSet,
    lead: i32,
    claim: Claim,
    hero_leads: bool,
}

/// Why parts do not make a [`DealEnd`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum DealEndError {
    /// The cards to come are not one, two or three whole two-player deals, or they meet the
    /// table.
    NotBetweenDeals,
    /// The lead in captured cards is more than the cards already played can give.
    BadLead,
}

impl core::fmt::Display for DealEndError {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.write_str(match self {
            DealEndError::NotBetweenDeals => {
                "the cards to come are not one to three whole deals apart from the table"
            }
            DealEndError::BadLead => "the lead in captured cards is more than the piles hold",
        })
    }
}

impl core::error::Error for DealEndError {}

impl DealEnd {
    /// The state between two deals: the `table`, the `future` cards (every card not on
    /// the table or in a pile), the hero's `lead` in captured cards over the other seat,
    /// who captured last, and whether the hero leads the next deal (is seat 0).
    pub fn new(
        table: CardSet,
        future: CardSet,
        lead: i32,
        claim: Claim,
        hero_leads: bool,
    ) -> Result<DealEnd, DealEndError> {
        let deals = future.len() / DEAL_MOVES;
        if !table.is_disjoint(future) || future.len() % DEAL_MOVES != 0 || !(1..=3).contains(&deals)
        {
            return Err(DealEndError::NotBetweenDeals);
        }
        let captured = 52 - future.len() - table.len();
        if lead.unsigned_abs() as usize > captured || (captured as i32 - lead) % 2 != 0 {
            return Err(DealEndError::BadLead);
        }
        Ok(DealEnd {
            table,
            future,
            lead,
            claim,
            hero_leads,
        })
    }

    /// A deal end the caller knows to be consistent (the solver's cut positions are).
    #[cfg(feature = "solver")]
    pub(crate) fn at_cut(
        table: CardSet,
        future: CardSet,
        lead: i32,
        claim: Claim,
        hero_leads: bool,
    ) -> DealEnd {
        debug_assert!(DealEnd::new(table, future, lead, claim, hero_leads).is_ok());
        DealEnd {
            table,
            future,
            lead,
            claim,
            hero_leads,
        }
    }

    /// The deal end a two-player `game` stands at, for `hero`: `None` unless a deal has
    /// just been played out and another is to come.
    pub fn of_game(game: &Game, hero: usize) -> Option<DealEnd> {
        let plies = game.plies();
        if game.players() != PlayerCount::TWO
            || hero > 1
            || plies % DEAL_MOVES != 0
            || game.to_move().is_none()
            || plies == 0
        {
            return None;
        }
        let (own, other) = (game.pile(hero), game.pile(1 - hero));
        let future = CardSet::FULL - own - other - game.table();
        let claim = match game.last_capturer() {
            None => Claim::Nobody,
            Some(seat) if seat == hero => Claim::Hero,
            Some(_) => Claim::Other,
        };
        let lead = own.len() as i32 - other.len() as i32;
        DealEnd::new(game.table(), future, lead, claim, hero == 0).ok()
    }

    /// The cards on the table.
    pub const fn table(&self) -> CardSet {
        self.table
    }

    /// The cards still to be dealt.
    pub const fn future(&self) -> CardSet {
        self.future
    }

    /// The hero's lead in captured cards.
    pub const fn lead(&self) -> i32 {
        self.lead
    }

    /// Who captured last.
    pub const fn claim(&self) -> Claim {
        self.claim
    }

    /// True when the hero moves first in the next deal.
    pub const fn hero_leads(&self) -> bool {
        self.hero_leads
    }

    /// Deals still to come: 1, 2 or 3.
    pub const fn deals_left(&self) -> usize {
        self.future.len() / DEAL_MOVES
    }

    /// Calls `visit(index, value)` for every feature that is not zero, indices ascending
    /// and below [`FEATURES`]: what the weights multiply (for training them).
    pub fn for_each_feature(&self, visit: impl FnMut(usize, i32)) {
        let claim = match self.claim {
            Claim::Hero => 1,
            Claim::Other => -1,
            Claim::Nobody => 0,
        };
        let seen = features::Seen {
            table: self.table,
            future: self.future,
            lead: self.lead,
            claim,
            hero_leads: self.hero_leads,
        };
        features::for_each_feature(&seen, visit);
    }

    /// The expected margin of the hero over the other seat in the points still to be won
    /// from here to the game's end (captures, tablas, the table's last cards and the bonus
    /// for most cards), in [`SCALE`]ths of a point.
    pub fn rest_margin(&self) -> i32 {
        let mut sum = 0;
        self.for_each_feature(|index, value| sum += weights::WEIGHTS[index] * value);
        sum
    }
}

/// Calls `visit(index, lead)` for every one-hot feature of the lead in captured cards (one
/// per context and lead), with the lead it stands for: where a trainer that fits the rest of
/// the margin less the fixed horizon's worth of the lead puts that worth back, so that the
/// model stays one sum without the trainer knowing the features' layout.
pub fn for_each_lead_feature(visit: impl FnMut(usize, i32)) {
    features::for_each_lead_feature(visit);
}

/// Bounds on `scale × rest_margin` over every deal end the rest of a deal can reach: the
/// cards to come `future` and the leader are known, the table at the end holds only cards
/// of `in_play` (the table and the hands now), and the hero's lead in captured cards ends
/// within `leads`. For a search that stops at the deal's end: its bound on what the
/// evaluation can add there, so that it may still cut nodes early.
#[cfg(feature = "solver")]
pub(crate) fn range(
    future: CardSet,
    hero_leads: bool,
    in_play: CardSet,
    leads: (i32, i32),
    scale: i64,
) -> (i64, i64) {
    let lead_term = |_, weight: i32| scale * i64::from(weight);
    let ((low, high), (lead_low, lead_high)) =
        features::range(future, hero_leads, in_play, leads, lead_term);
    (scale * low + lead_low, scale * high + lead_high)
}
