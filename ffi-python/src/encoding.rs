//! The observation and action encodings of `tablic.encoding`, computed once, here: the
//! Python module (through `observe_flat` and `legal_action_codes`) and the vector
//! environment (`vector.rs`) both call these functions, so the two cannot drift apart.
//! The layout and the meaning of every entry are documented in `tablic/encoding.py`.

use numpy::{PyArray1, PyArrayMethods};
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use tablic_core::{for_each_move_capped, Card, CardSet, Move, PlayerView, MAX_HAND};

use crate::int_arg;
use crate::view::PyView;

/// Cards in the deck, and entries in every card plane.
pub const CARDS: usize = 52;

/// Entries in the flat observation of `players` players, with `partners` at the end in a
/// game of sides: `3·52 + 52·P + 6·P + 3`, and `P` more.
pub fn observation_size(players: usize, sides: bool) -> usize {
    3 * CARDS + CARDS * players + 6 * players + 3 + if sides { players } else { 0 }
}

/// Writes the view's flat observation into `out` (`observation_size` entries): every
/// field of `tablic.encoding.FIELDS` in order, per-seat fields from the observer's seat.
pub fn write_observation(view: &PlayerView<'_>, out: &mut [f32]) {
    let players = view.players().get();
    let seat_at = |offset: usize| (view.seat() + offset) % players;
    let relative = |seat: usize| (seat + players - view.seat()) % players;
    out.fill(0.0);
    write_plane(&mut out[..CARDS], view.hand());
    write_plane(&mut out[CARDS..2 * CARDS], view.table());
    write_plane(&mut out[2 * CARDS..3 * CARDS], view.unseen());
    let mut at = 3 * CARDS;
    for offset in 0..players {
        write_plane(&mut out[at..at + CARDS], view.pile(seat_at(offset)));
        at += CARDS;
    }
    let per_seat: [&dyn Fn(usize) -> f32; 4] = [
        &|seat| view.pile(seat).len() as f32,
        &|seat| view.hand_size(seat) as f32,
        &|seat| view.tablas(seat) as f32,
        &|seat| view.pile(seat).points() as f32,
    ];
    for field in per_seat {
        for offset in 0..players {
            out[at + offset] = field(seat_at(offset));
        }
        at += players;
    }
    for seat in [view.to_move(), view.last_capturer()] {
        if let Some(seat) = seat {
            out[at + relative(seat)] = 1.0;
        }
        at += players;
    }
    out[at] = view.undealt() as f32;
    out[at + 1] = view.deals_dealt() as f32;
    out[at + 2] = if view.is_last_deal() { 1.0 } else { 0.0 };
    at += 3;
    if view.rules().side_size > 1 {
        for offset in 0..players {
            if view.is_on_my_side(seat_at(offset)) {
                out[at + offset] = 1.0;
            }
        }
    }
}

/// 1 at every card of `cards` in a zeroed plane of 52.
fn write_plane(plane: &mut [f32], cards: CardSet) {
    for card in cards.iter() {
        plane[usize::from(card.index())] = 1.0;
    }
}

/// The legal actions of one position: action `card · K + rank` is `card` with capture
/// number `rank` in that card's legal captures, the engine's order (discard first), at
/// most `K` of them. Made once and refilled, so a batch of games allocates nothing per
/// step.
pub struct LegalActions {
    captures_per_card: usize,
    /// Every legal action in increasing order, and its capture (card after card, lowest
    /// card first, each card's in the engine's order).
    actions: Vec<u32>,
    captures: Vec<CardSet>,
    /// Where each card's captures start in `captures`, and how many it has (0: not
    /// playable).
    start: [u32; CARDS],
    count: [u32; CARDS],
    /// The moves as the engine lists them, before they are grouped by card.
    listed: Vec<Move>,
}

/// Why an action is not one of `LegalActions`, in words.
pub enum NotLegal {
    OutOfRange { actions: usize },
    NoCapture { card: Card, captures: usize },
    NotPlayable { card: Card },
}

impl core::fmt::Display for NotLegal {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        match self {
            NotLegal::OutOfRange { actions } => write!(f, "it is not in 0..{}", actions - 1),
            NotLegal::NoCapture { card, captures } => {
                write!(f, "{card} has {captures} legal captures")
            }
            NotLegal::NotPlayable { card } => write!(f, "{card} is not a card it may play now"),
        }
    }
}

/// The largest `K` the encodings take: every card's list fits the engine's listing limit.
pub const MAX_CAPTURES_PER_CARD: usize = (tablic_core::MAX_LISTED as usize) / MAX_HAND;

/// A `ValueError` unless `captures_per_card` is a `K` the encodings take.
pub fn check_captures_per_card(captures_per_card: usize) -> PyResult<()> {
    if !(1..=MAX_CAPTURES_PER_CARD).contains(&captures_per_card) {
        return Err(PyValueError::new_err(format!(
            "captures_per_card must be 1 to {MAX_CAPTURES_PER_CARD}, not {captures_per_card}"
        )));
    }
    Ok(())
}

impl LegalActions {
    /// No actions yet, for `captures_per_card` (checked by `check_captures_per_card`); the
    /// lists grow to the largest position's and stay that size.
    pub fn new(captures_per_card: usize) -> LegalActions {
        LegalActions {
            captures_per_card,
            actions: Vec::new(),
            captures: Vec::new(),
            start: [0; CARDS],
            count: [0; CARDS],
            listed: Vec::new(),
        }
    }

    /// The number of actions, `52 · K`.
    pub fn action_count(&self) -> usize {
        CARDS * self.captures_per_card
    }

    /// Refills with the legal actions of `view`'s seat: none unless it is its turn.
    pub fn fill(&mut self, view: &PlayerView<'_>) {
        self.actions.clear();
        self.captures.clear();
        self.listed.clear();
        self.count = [0; CARDS];
        if !view.is_my_turn() {
            return;
        }
        let listed = &mut self.listed;
        for_each_move_capped(view.hand(), view.table(), self.captures_per_card, |legal| {
            listed.push(legal)
        });
        // Grouped by card, each card's in the engine's order: a counting sort.
        for legal in &self.listed {
            self.count[usize::from(legal.card.index())] += 1;
        }
        let mut next = 0u32;
        for card in 0..CARDS {
            self.start[card] = next;
            next += self.count[card];
        }
        self.actions.resize(self.listed.len(), 0);
        self.captures.resize(self.listed.len(), CardSet::EMPTY);
        let mut placed = [0u32; CARDS];
        for legal in &self.listed {
            let card = usize::from(legal.card.index());
            let at = (self.start[card] + placed[card]) as usize;
            self.actions[at] = (card * self.captures_per_card) as u32 + placed[card];
            self.captures[at] = legal.capture;
            placed[card] += 1;
        }
    }

    /// Every action, in increasing order.
    pub fn actions(&self) -> &[u32] {
        &self.actions
    }

    /// How many actions there are.
    pub fn len(&self) -> usize {
        self.captures.len()
    }

    /// Every action and its move, in increasing action order.
    pub fn iter(&self) -> impl Iterator<Item = (u32, Move)> + '_ {
        self.actions
            .iter()
            .zip(&self.captures)
            .map(|(&action, &capture)| {
                let card = Card::from_index((action as usize / self.captures_per_card) as u8);
                (action, Move::new(card.expect("a card index"), capture))
            })
    }

    /// The move of `action`, or why it has none.
    pub fn move_of(&self, action: i64) -> Result<Move, NotLegal> {
        let actions = self.action_count();
        let Some(action) = usize::try_from(action).ok().filter(|&a| a < actions) else {
            return Err(NotLegal::OutOfRange { actions });
        };
        let (card, rank) = (
            action / self.captures_per_card,
            action % self.captures_per_card,
        );
        let played = Card::from_index(card as u8).expect("below 52");
        let count = self.count[card] as usize;
        if count == 0 {
            return Err(NotLegal::NotPlayable { card: played });
        }
        if rank >= count {
            return Err(NotLegal::NoCapture {
                card: played,
                captures: count,
            });
        }
        Ok(Move::new(
            played,
            self.captures[self.start[card] as usize + rank],
        ))
    }
}

/// `tablic.encoding.observe_flat`: the view as one float32 vector.
#[pyfunction]
pub fn observe_flat<'py>(py: Python<'py>, view: &PyView) -> Bound<'py, PyArray1<f32>> {
    let view = view.view();
    let size = observation_size(view.players().get(), view.rules().side_size > 1);
    let array = PyArray1::<f32>::zeros(py, size, false);
    {
        let mut writable = array.readwrite();
        let out = writable.as_slice_mut().expect("a new array is contiguous");
        write_observation(&view, out);
    }
    array
}

/// `(action, card index, capture bits)` for every legal action of the view's seat (none
/// unless it is its turn), in increasing action order.
#[pyfunction]
pub fn legal_action_codes(
    view: &PyView,
    #[pyo3(from_py_with = int_arg::captures_per_card)] captures_per_card: usize,
) -> PyResult<Vec<(u32, u8, u64)>> {
    check_captures_per_card(captures_per_card)?;
    let mut actions = LegalActions::new(captures_per_card);
    actions.fill(&view.view());
    Ok(actions
        .iter()
        .map(|(action, legal)| (action, legal.card.index(), legal.capture.bits()))
        .collect())
}
