//! A game that starts part way through, from a [`Position`](crate::Position) with every
//! card known: the state it started from, kept small (about 100 bytes, where the game's own
//! hands and piles take 770) so that the game can be rewound to it and written in a record.

use crate::dealing::deck::Deck;
use crate::dealing::players::{PlayerCount, MAX_PLAYERS};
use crate::{Card, CardSet};

/// Where a card lay when the game started, in a byte: the table, a hand ([`HAND`] + seat),
/// a pile ([`PILE`] + seat), or the deck.
type Place = u8;
const TABLE: Place = 0;
const HAND: Place = 1;
const PILE: Place = HAND + MAX_PLAYERS as u8;
const DECK: Place = u8::MAX;

/// The state a game started from: every card's place, the tablas, the last capturer and
/// the moves made before it (not replayed: the game's history starts here).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub(crate) struct Opening {
    plies: u8,
    places: [Place; 52],
    tablas: [u8; MAX_PLAYERS],
    last_capturer: Option<u8>,
}

/// An opening's parts, as a position gives them and a game takes them.
#[derive(Clone, Copy, Debug)]
pub(crate) struct OpeningParts<'a> {
    pub plies: usize,
    pub table: CardSet,
    pub hands: &'a [CardSet],
    pub piles: &'a [CardSet],
    pub tablas: &'a [u8],
    pub last_capturer: Option<usize>,
}

impl Opening {
    /// The opening of `parts` (hands, piles and tablas: one per seat, at most
    /// [`MAX_PLAYERS`]; every card not in them nor on the table is in the deck).
    pub(crate) fn new(parts: &OpeningParts<'_>) -> Opening {
        let mut places = [DECK; 52];
        let mut put = |cards: CardSet, place: Place| {
            for card in cards {
                places[card.index() as usize] = place;
            }
        };
        put(parts.table, TABLE);
        for (seat, (&hand, &pile)) in parts.hands.iter().zip(parts.piles).enumerate() {
            put(hand, HAND + seat as u8);
            put(pile, PILE + seat as u8);
        }
        let mut tablas = [0; MAX_PLAYERS];
        tablas[..parts.tablas.len()].copy_from_slice(parts.tablas);
        Opening {
            plies: parts.plies as u8,
            places,
            tablas,
            last_capturer: parts.last_capturer.map(|seat| seat as u8),
        }
    }

    /// Moves made before the opening.
    pub(crate) const fn plies(&self) -> usize {
        self.plies as usize
    }

    /// The tablas at the opening, one per seat of `players`.
    pub(crate) fn tablas(&self, players: PlayerCount) -> &[u8] {
        &self.tablas[..players.get()]
    }

    /// The seat that had captured last.
    pub(crate) fn last_capturer(&self) -> Option<usize> {
        self.last_capturer.map(usize::from)
    }

    /// The cards on the table, in every hand and in every pile at the opening.
    pub(crate) fn cards(&self) -> (CardSet, [CardSet; MAX_PLAYERS], [CardSet; MAX_PLAYERS]) {
        let (mut table, mut hands, mut piles) = (
            CardSet::EMPTY,
            [CardSet::EMPTY; MAX_PLAYERS],
            [CardSet::EMPTY; MAX_PLAYERS],
        );
        for (card, place) in CardSet::FULL.iter().zip(self.places) {
            match place {
                TABLE => table = table.with(card),
                DECK => {}
                _ if place < PILE => {
                    let seat = usize::from(place - HAND);
                    hands[seat] = hands[seat].with(card);
                }
                _ => {
                    let seat = usize::from(place - PILE);
                    piles[seat] = piles[seat].with(card);
                }
            }
        }
        (table, hands, piles)
    }

    /// A deck for a game from this opening: the cards already out (in order of index), then
    /// `undealt`, the cards still to come, top first.
    pub(crate) fn deck(&self, undealt: &[Card]) -> Deck {
        let out = CardSet::FULL
            .iter()
            .filter(|card| self.places[card.index() as usize] != DECK);
        Deck::completing(out.chain(undealt.iter().copied()))
    }
}
