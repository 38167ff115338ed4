//! The perfect-information state the solver searches: every hand, the table, the deck order
//! still to come, and only what scoring needs of the piles (card count, points, tablas).

use core::fmt;
use core::ops::ControlFlow;

use super::moves::{richest_cards, signature};
use super::table::{Key, Span, Spans};
use crate::bots::evaluation::{self, Claim, DealEnd, SCALE};
use crate::capture::{can_capture, check_capture, reachable_sums, try_for_each_unextendable_shape};
use crate::dealing::players::{PlayerCount, MAX_HAND, MAX_PLAYERS};
use crate::dealing::seeding::mix;
use crate::game::moves::{for_each_move, IllegalMove, Move};
use crate::game::rules::{FinalTabla, Leftovers, Rules};
use crate::game::score::MOST_CARDS_BONUS;
use crate::game::view::PlayerView;
use crate::{Card, CardSet, Game, Rank, MOVES_PER_GAME};

/// Most cards the deck can still hold once the table has been dealt.
const DECK_CARDS: usize = MOVES_PER_GAME;

/// What fills the deck array past its cards, so that equal positions compare equal.
const FILLER: Card = Card::new(crate::Rank::Ace, crate::Suit::Clubs);

/// `to_move` once the game is over.
const FINISHED: u8 = u8::MAX;

/// `last_capturer` when nobody has captured yet.
const NOBODY: u8 = u8::MAX;

/// A point in the values of a cut position ([`Position::cut_at_deal_end`]).
pub const CUT_POINT: i32 = 3;

/// A card captured in the values of a cut position: before the game's end a card of lead
/// is worth `CUT_CARD / CUT_POINT` of a point (on the way to the bonus for most cards),
/// instead of the bonus itself.
pub const CUT_CARD: i32 = 1;

/// Everything needed to build a [`Position`] from parts (for a bot that samples the hidden
/// cards). Per-seat slices must have one entry per player.
#[derive(Clone, Copy, Debug)]
pub struct Setup<'a> {
    /// How many play.
    pub players: PlayerCount,
    /// The rules played under: the sides, and how the end is settled.
    pub rules: Rules,
    /// The seat to move (ignored when every hand and the deck are empty: the game is over).
    pub to_move: usize,
    /// Every seat's hand.
    pub hands: &'a [CardSet],
    /// The cards face up on the table.
    pub table: CardSet,
    /// The cards not yet dealt, in dealing order (top first).
    pub undealt: &'a [Card],
    /// Cards in each seat's pile.
    pub pile_cards: &'a [u32],
    /// Points of the cards in each seat's pile.
    pub pile_points: &'a [u32],
    /// Each seat's tablas.
    pub tablas: &'a [u32],
    /// The seat that captured last, if anyone has.
    pub last_capturer: Option<usize>,
}

/// Why parts do not make a [`Position`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum PositionError {
    /// More players than the position type has seats for.
    TooManyPlayers,
    /// A per-seat slice does not have one entry per player.
    WrongSeatCount,
    /// A seat index is out of range.
    BadSeat,
    /// A card is in two places, or the undealt deck is too long or cannot be dealt out
    /// evenly.
    BadCards,
    /// Hand sizes that no game reaches: the seats before the one to move hold one card
    /// fewer than the others, and a deal gives at most six cards.
    BadHands,
    /// A pile count, point total or tabla count no game reaches.
    BadPiles,
    /// Sides the players cannot sit in ([`Rules::check`]).
    BadRules,
}

impl fmt::Display for PositionError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            PositionError::TooManyPlayers => "more players than the position has seats",
            PositionError::WrongSeatCount => "a per-seat list has the wrong length",
            PositionError::BadSeat => "a seat is out of range",
            PositionError::BadCards => "a card is in two places",
            PositionError::BadHands => "hand sizes no game reaches",
            PositionError::BadPiles => "pile figures no game reaches",
            PositionError::BadRules => "sides the players cannot sit in",
        })
    }
}

impl core::error::Error for PositionError {}

/// A compact, `Copy` state of a game whose every card is known, for at most `SEATS`
/// players (`Position<2>` for the two-player game is about 100 bytes). Moves are played
/// by copy-make ([`Position::play`]); deals and the end follow the rules exactly.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Position<const SEATS: usize> {
    players: PlayerCount,
    /// The rules. With them a two-seat position is 128 bytes: a byte more, and every
    /// copy-make calls `memcpy` (13 % more instructions in the benchmark's solves), so
    /// what follows from them (the side count) is worked out, not stored.
    rules: Rules,
    to_move: u8,
    last_capturer: u8,
    deck_len: u8,
    table: CardSet,
    hands: [CardSet; SEATS],
    pile_cards: [u8; SEATS],
    pile_points: [u8; SEATS],
    tablas: [u8; SEATS],
    deck: [Card; DECK_CARDS],
    /// A hash of the undealt cards and their places, kept up to date at each deal, so that
    /// a transposition table may serve positions with different decks.
    deck_hash: u64,
    /// The undealt cards each seat will be dealt, kept up to date at each deal (for the
    /// search's bounds).
    undealt_to: [CardSet; SEATS],
    /// The game is cut at the end of this deal, where the table stays unclaimed (see
    /// [`Position::cut_at_deal_end`]).
    cut: bool,
    /// Cards still held when the cut comes: 0 at the deal's end, more for a cut after a
    /// number of moves ([`Position::cut_after`]).
    cut_holding: u8,
    /// At a cut, the cards still to be dealt after it (dropped from the deck).
    future: CardSet,
    /// The cut is valued by the learned evaluation ([`Position::with_learned_horizon`]).
    learned: bool,
    /// With a learned cut, for each hero (seat 0, 1), bounds on the evaluation's rest margin
    /// in cut units over every way the deal can end from where the horizon was set.
    learned_range: [[i16; 2]; 2],
}

/// `SCALE`ths of a point times cut units per point, in cut units (rounded half up).
fn to_cut_units(scaled: i64) -> i64 {
    (scaled + i64::from(SCALE / 2)).div_euclid(i64::from(SCALE))
}

/// The deck hash's term for `card` at `from_end` places from the deck's bottom: the places
/// of the cards still undealt do not change when the top ones are dealt.
const fn deck_term(card: Card, from_end: usize) -> u64 {
    mix(0xD1CE_0000 | (from_end as u64) << 8 | card.index() as u64)
}

impl<const SEATS: usize> Position<SEATS> {
    /// This position with the game cut at the end of the current deal: the cards still to
    /// be dealt are dropped, and at the cut the table stays unclaimed (no last capturer
    /// takes it, as none would until the real end). The value is then the margin in
    /// points and tablas as things stand at the cut, with each card of lead in captured
    /// cards worth a fraction of a point instead of the bonus for most cards, in units of
    /// [`CUT_POINT`] to a point ([`CUT_CARD`] to a card): a horizon for bots that cannot
    /// see the next deals.
    pub fn cut_at_deal_end(mut self) -> Self {
        for place in 0..self.deck_len as usize {
            self.deck_hash ^= deck_term(self.deck[place], self.deck_len as usize - place);
            self.future = self.future.with(self.deck[place]);
        }
        self.deck[..self.deck_len as usize].fill(FILLER);
        self.deck_len = 0;
        self.undealt_to = [CardSet::EMPTY; SEATS];
        self.cut = true;
        self
    }

    /// This position cut after `moves` more moves, or at the end of the current deal if
    /// that comes first, valued there as at [`Position::cut_at_deal_end`]: a nearer horizon
    /// for searches to which the deal's end is too far (three or four players, early in a
    /// deal). A cut after whole rounds (a multiple of the player count) lets every seat
    /// move equally often.
    pub fn cut_after(self, moves: usize) -> Self {
        let mut position = self.cut_at_deal_end();
        let held = position.held();
        position.cut_holding = held.saturating_sub(moves) as u8;
        if moves == 0 {
            position.to_move = FINISHED;
        }
        position
    }

    /// This cut position valued at the cut by the [learned evaluation](crate::bots::evaluation)
    /// of the rest of the game, its expected margin rounded to [`CUT_POINT`] units, instead
    /// of a [`CUT_CARD`] for each card of lead: with two players under the original rules
    /// (the evaluation learned their end; under a house rule the cut is valued as usual),
    /// at the end of a deal that is not the last. Any other position is returned as it is.
    pub fn with_learned_horizon(mut self) -> Self {
        self.learned = self.cut
            && self.cut_holding == 0
            && evaluation::applies_to(self.players, self.rules)
            && !self.future.is_empty();
        if !self.learned {
            return self;
        }
        // Every card on the table or in a hand may end on the table or in either pile.
        let in_play = self.table | self.hands[0] | self.hands[1];
        let left = in_play.len() as i32;
        for hero in 0..2 {
            let lead = self.lead(hero);
            let (low, high) = evaluation::range(
                self.future,
                hero == 0,
                in_play,
                (lead - left, lead + left),
                i64::from(CUT_POINT),
            );
            self.learned_range[hero] = [low, high]
                .map(|bound| to_cut_units(bound).clamp(i16::MIN.into(), i16::MAX.into()) as i16);
        }
        self
    }

    /// The game's position, hidden cards and deck order included.
    pub fn from_game(game: &Game) -> Result<Self, PositionError> {
        let seats = game.players().get();
        let mut hands = [CardSet::EMPTY; MAX_PLAYERS];
        for (seat, hand) in hands.iter_mut().enumerate().take(seats) {
            *hand = game.hand(seat);
        }
        let undealt = game
            .deck()
            .cards()
            .get(52 - game.undealt()..)
            .unwrap_or(&[]);
        let view = game
            .view(game.to_move().unwrap_or(0))
            .ok_or(PositionError::BadSeat)?;
        Position::from_view(&view, &hands[..seats], undealt)
    }

    /// What `view` shows (table, piles, tablas, the last capturer, its seat to move), with
    /// every seat's hand and the undealt cards (top first) filled in: the position a bot
    /// builds from a guess at the hidden cards.
    pub fn from_view(
        view: &PlayerView<'_>,
        hands: &[CardSet],
        undealt: &[Card],
    ) -> Result<Self, PositionError> {
        let seats = view.players().get();
        let mut pile_cards = [0u32; MAX_PLAYERS];
        let mut pile_points = [0u32; MAX_PLAYERS];
        let mut tablas = [0u32; MAX_PLAYERS];
        for seat in 0..seats {
            pile_cards[seat] = view.pile(seat).len() as u32;
            pile_points[seat] = view.pile(seat).points();
            tablas[seat] = view.tablas(seat);
        }
        Position::new(&Setup {
            players: view.players(),
            rules: view.rules(),
            to_move: view.seat(),
            hands,
            table: view.table(),
            undealt,
            pile_cards: &pile_cards[..seats],
            pile_points: &pile_points[..seats],
            tablas: &tablas[..seats],
            last_capturer: view.last_capturer(),
        })
    }

    /// A position from parts, checked for everything the solver relies on. When every hand
    /// is empty the next deal is made (or the game ends) at once.
    pub fn new(setup: &Setup<'_>) -> Result<Self, PositionError> {
        let seats = setup.players.get();
        if seats > SEATS {
            return Err(PositionError::TooManyPlayers);
        }
        if setup.rules.check(setup.players).is_err() {
            return Err(PositionError::BadRules);
        }
        let per_seat = [
            setup.hands.len(),
            setup.pile_cards.len(),
            setup.pile_points.len(),
            setup.tablas.len(),
        ];
        if per_seat.iter().any(|&len| len != seats) {
            return Err(PositionError::WrongSeatCount);
        }
        if setup.to_move >= seats || setup.last_capturer.is_some_and(|seat| seat >= seats) {
            return Err(PositionError::BadSeat);
        }
        let mut seen = setup.table;
        let mut count = setup.table.len();
        let piles = (setup.pile_cards.iter()).fold(0u32, |sum, &cards| sum.saturating_add(cards));
        for &hand in setup.hands {
            seen |= hand;
            count += hand.len();
        }
        for &card in setup.undealt {
            seen = seen.with(card);
        }
        count += setup.undealt.len();
        let whole_deals = setup.undealt.len() % seats == 0;
        if count != seen.len() || setup.undealt.len() > DECK_CARDS || !whole_deals {
            return Err(PositionError::BadCards);
        }
        // Seat 0 has moved as often as every seat before the one to move, once more than
        // the others (when it is not seat 0's turn).
        let first = setup.hands.first().map_or(0, |hand| hand.len());
        let between_deals = setup.hands.iter().all(|hand| hand.is_empty());
        let hands_fit = setup.hands.iter().enumerate().all(|(seat, hand)| {
            let expected = if between_deals {
                0
            } else if seat < setup.to_move {
                first
            } else {
                first + usize::from(setup.to_move > 0)
            };
            hand.len() == expected && expected <= MAX_HAND
        });
        if !hands_fit {
            return Err(PositionError::BadHands);
        }
        let piles_fit = piles as usize + count <= 52
            && setup.pile_points.iter().all(|&points| points <= 22)
            && setup
                .tablas
                .iter()
                .all(|&tablas| tablas as usize <= MOVES_PER_GAME);
        if !piles_fit {
            return Err(PositionError::BadPiles);
        }

        let mut position = Position {
            players: setup.players,
            rules: setup.rules,
            to_move: setup.to_move as u8,
            last_capturer: setup.last_capturer.map_or(NOBODY, |seat| seat as u8),
            deck_len: setup.undealt.len() as u8,
            table: setup.table,
            hands: [CardSet::EMPTY; SEATS],
            pile_cards: [0; SEATS],
            pile_points: [0; SEATS],
            tablas: [0; SEATS],
            deck: [FILLER; DECK_CARDS],
            deck_hash: 0,
            undealt_to: [CardSet::EMPTY; SEATS],
            cut: false,
            cut_holding: 0,
            future: CardSet::EMPTY,
            learned: false,
            learned_range: [[0; 2]; 2],
        };
        for seat in 0..seats {
            position.hands[seat] = setup.hands[seat];
            position.pile_cards[seat] = setup.pile_cards[seat] as u8;
            position.pile_points[seat] = setup.pile_points[seat] as u8;
            position.tablas[seat] = setup.tablas[seat] as u8;
        }
        for (place, &card) in setup.undealt.iter().enumerate() {
            position.deck[place] = card;
            position.deck_hash ^= deck_term(card, setup.undealt.len() - place);
            let seat = place % seats;
            position.undealt_to[seat] = position.undealt_to[seat].with(card);
        }
        if position.hands[..seats].iter().all(|hand| hand.is_empty()) {
            position.next_deal_or_end();
        }
        Ok(position)
    }

    /// How many play.
    pub const fn players(&self) -> PlayerCount {
        self.players
    }

    /// The rules played under.
    pub const fn rules(&self) -> Rules {
        self.rules
    }

    /// How many sides play ([`Rules::side_count`]; no division when everyone is alone).
    fn sides(&self) -> usize {
        if self.rules.is_everyone_alone() {
            self.players.get()
        } else {
            self.rules.side_count(self.players)
        }
    }

    /// The side `seat` plays for ([`Rules::side_of`]; no division when everyone is alone).
    pub fn side_of(&self, seat: usize) -> usize {
        if self.rules.is_everyone_alone() {
            seat
        } else {
            self.rules.side_of(self.players, seat)
        }
    }

    /// True when seats `a` and `b` play for the same side (a seat is on its own).
    pub(crate) fn same_side(&self, a: usize, b: usize) -> bool {
        a == b || (!self.rules.is_everyone_alone() && self.side_of(a) == self.side_of(b))
    }

    /// The seat to move, or `None` once the game is over.
    pub const fn to_move(&self) -> Option<usize> {
        if self.to_move == FINISHED {
            None
        } else {
            Some(self.to_move as usize)
        }
    }

    /// True when every card has been played and the table settled.
    pub const fn is_finished(&self) -> bool {
        self.to_move == FINISHED
    }

    /// The cards face up on the table.
    pub const fn table(&self) -> CardSet {
        self.table
    }

    /// A seat's hand (empty for a seat out of range).
    pub fn hand(&self, seat: usize) -> CardSet {
        self.seat_field(&self.hands, seat).unwrap_or_default()
    }

    /// The cards still to be dealt, top first.
    pub fn undealt(&self) -> &[Card] {
        self.deck.get(..self.deck_len as usize).unwrap_or(&[])
    }

    /// The seat that captured last, if anyone has.
    pub fn last_capturer(&self) -> Option<usize> {
        (self.last_capturer != NOBODY).then_some(self.last_capturer as usize)
    }

    /// Cards in a seat's pile.
    pub fn pile_cards(&self, seat: usize) -> u32 {
        self.seat_field(&self.pile_cards, seat).map_or(0, u32::from)
    }

    /// A seat's score so far without the bonus for most cards: pile points and tablas.
    /// Once the game is over, [`Position::total`] adds the bonus.
    pub fn score(&self, seat: usize) -> u32 {
        let points = self.seat_field(&self.pile_points, seat).unwrap_or(0);
        let tablas = self.seat_field(&self.tablas, seat).unwrap_or(0);
        u32::from(points) + u32::from(tablas)
    }

    /// A seat's final total (as [`crate::GameResult::total`]), once the game is over: its
    /// score, or in a game of sides its share of its side's (the bonus is the side's).
    pub fn total(&self, seat: usize) -> Option<u32> {
        if !self.is_finished() || seat >= self.players.get() {
            return None;
        }
        let bonus = self.rules.is_everyone_alone() && self.most_cards() == Some(seat);
        Some(self.score(seat) + if bonus { MOST_CARDS_BONUS } else { 0 })
    }

    /// The final margin of `seat`'s side over the other sides, `(S − 1)·own side's total −
    /// Σ other sides' totals` for `S` sides (with everyone alone `(n − 1)·own − Σ
    /// others`), once the game is over: what the solver's values are. At a cut
    /// ([`Position::cut_at_deal_end`]), the horizon value instead: [`CUT_POINT`] × the
    /// margin in points and tablas plus [`CUT_CARD`] × the margin in captured cards.
    pub fn margin(&self, seat: usize) -> Option<i32> {
        (self.is_finished() && seat < self.players.get())
            .then(|| self.score_value(seat) + self.bonus_value(seat))
    }

    /// Calls `visit` for every legal move of the seat to move.
    pub fn for_each_legal_move(&self, visit: impl FnMut(Move)) {
        if let Some(seat) = self.to_move() {
            for_each_move(self.hand(seat), self.table, visit);
        }
    }

    /// The position after a legal move; an illegal one is refused.
    pub fn play(&self, played: Move) -> Result<Self, IllegalMove> {
        let Some(seat) = self.to_move() else {
            return Err(IllegalMove::GameOver);
        };
        if !self.hand(seat).contains(played.card) {
            return Err(IllegalMove::CardNotInHand(played.card));
        }
        check_capture(self.table, played.card, played.capture)?;
        Ok(self.after(played, seat).0)
    }

    fn seat_field<T: Copy>(&self, field: &[T; SEATS], seat: usize) -> Option<T> {
        field[..self.players.get().min(SEATS)].get(seat).copied()
    }

    /// The side holding strictly the most cards, if one does (with everyone alone, the
    /// seat).
    fn most_cards(&self) -> Option<usize> {
        let mut most = (0, None);
        for side in 0..self.sides().min(SEATS) {
            let cards = self.side_cards(side);
            if side == 0 || cards > most.0 {
                most = (cards, Some(side));
            } else if cards == most.0 {
                most.1 = None;
            }
        }
        most.1
    }

    /// The cards in the piles of the hero's side, and the most in any other side's.
    fn side_card_counts(&self, hero: usize) -> (usize, usize) {
        let heros_side = self.side_of(hero);
        let mut most_other = 0;
        for side in 0..self.sides().min(SEATS) {
            if side != heros_side {
                most_other = most_other.max(self.side_cards(side));
            }
        }
        (self.side_cards(heros_side), most_other)
    }

    /// Cards in the piles of `side`'s seats.
    fn side_cards(&self, side: usize) -> usize {
        let seats = &self.pile_cards[..self.players.get().min(SEATS)];
        if self.rules.is_everyone_alone() {
            return seats.get(side).map_or(0, |&cards| usize::from(cards));
        }
        let step = self.sides();
        seats
            .iter()
            .skip(side)
            .step_by(step)
            .map(|&cards| usize::from(cards))
            .sum()
    }

    /// The weight of `seat`'s points in `hero`'s value: `S − 1` for the hero's side (of `S`
    /// sides), −1 for the others; so the hero's value is its side's margin, and with
    /// everyone alone `n − 1` for the hero. Seat `s < S` plays for side `s`, so a side's
    /// weight is its first seat's.
    fn weight(&self, seat: usize, hero: usize) -> i32 {
        if self.same_side(seat, hero) {
            self.sides() as i32 - 1
        } else {
            -1
        }
    }

    /// Units of value to a point: [`CUT_POINT`] at a cut, else 1.
    pub fn value_scale(&self) -> i32 {
        if self.cut {
            CUT_POINT
        } else {
            1
        }
    }

    /// The hero's value from the bonus for most cards alone, once the game is over; the
    /// rest of the value is the weighted scores, which the search adds move by move. At a
    /// cut, 0: captured cards are counted move by move there too; or with a
    /// [learned horizon](Position::with_learned_horizon), its value of what follows.
    pub(crate) fn bonus_value(&self, hero: usize) -> i32 {
        if self.learned {
            return self.learned_value(hero);
        }
        if self.cut {
            return 0;
        }
        // Side `s` is seat `s`'s, so its weight is that seat's.
        self.most_cards()
            .map_or(0, |side| self.weight(side, hero) * MOST_CARDS_BONUS as i32)
    }

    /// With two players, the hero's lead in captured cards over the other seat.
    fn lead(&self, hero: usize) -> i32 {
        let hero = hero.min(1);
        i32::from(self.pile_cards[hero]) - i32::from(self.pile_cards[1 - hero])
    }

    /// The learned evaluation's value of the rest of the game after the cut, for the hero,
    /// in cut units, less the cards of lead the search counted on the way (its captures
    /// count [`CUT_CARD`] each, as at any cut).
    fn learned_value(&self, hero: usize) -> i32 {
        if !self.is_finished() {
            // Only a malformed position stops with cards held; score it as the cut would.
            return 0;
        }
        let hero = hero.min(1);
        let lead = self.lead(hero);
        let claim = match self.last_capturer {
            NOBODY => Claim::Nobody,
            seat if usize::from(seat) == hero => Claim::Hero,
            _ => Claim::Other,
        };
        let end = DealEnd::at_cut(self.table, self.future, lead, claim, hero == 0);
        to_cut_units(i64::from(CUT_POINT) * i64::from(end.rest_margin())) as i32 - CUT_CARD * lead
    }

    /// The shifts of the hero's lead in captured cards over which
    /// [`Position::bonus_value`] stays the same, once the game is over (with two players
    /// and no cut; else the own lead only).
    pub(crate) fn bonus_span(&self, hero: usize) -> Span {
        if self.cut || self.players.get() != 2 {
            return Span::OWN;
        }
        match self.lead(hero) {
            0 => Span {
                lo: 0,
                hi: 0,
                ..Span::ALL
            },
            lead if lead > 0 => Span {
                lo: (1 - lead) as i16,
                ..Span::ALL
            },
            lead => Span {
                hi: (-1 - lead) as i16,
                ..Span::ALL
            },
        }
    }

    /// The shifts of the hero's lead over which [`Position::value_bounds`] stay the same:
    /// the lower bound's down to `lo`, the upper's up to `hi` (with two players and no
    /// cut; else the own lead only).
    pub(crate) fn bounds_span(&self, hero: usize) -> Span {
        if self.cut || self.players.get() != 2 {
            return Span::OWN;
        }
        let lead = i16::from(self.pile_cards[hero]) - i16::from(self.pile_cards[1 - hero.min(1)]);
        let cards =
            (self.table | self.hands[0] | self.hands[1]).len() as i16 + i16::from(self.deck_len);
        Span {
            lo: if lead > cards {
                cards + 1 - lead
            } else if lead == cards {
                0
            } else {
                Span::ALL.lo
            },
            hi: if lead < -cards {
                -cards - 1 - lead
            } else if lead == -cards {
                0
            } else {
                Span::ALL.hi
            },
            ..Span::ALL
        }
    }

    /// The hero's value of the scores so far: `Σ weight × (points + tablas)` (at a cut,
    /// `Σ weight × (CUT_POINT × (points + tablas) + CUT_CARD × cards)`).
    pub(crate) fn score_value(&self, hero: usize) -> i32 {
        (0..self.players.get().min(SEATS))
            .map(|seat| {
                let score = self.score(seat) as i32;
                let value = if self.cut {
                    CUT_POINT * score + CUT_CARD * i32::from(self.pile_cards[seat])
                } else {
                    score
                };
                self.weight(seat, hero) * value
            })
            .sum()
    }

    /// Plays a legal move for `seat` (the seat to move), returning the new position and how
    /// much the hero's weighted score grew (captured points, tabla, and at the end the
    /// table's points for the seat that takes them; at a cut, in its units, the cards
    /// captured too).
    #[inline]
    pub(crate) fn after_for(&self, played: Move, seat: usize, hero: usize) -> (Self, i32) {
        let (next, gains) = self.after(played, seat);
        if self.cut {
            let value = CUT_POINT * gains.mover + CUT_CARD * gains.cards;
            return (next, self.weight(seat, hero) * value);
        }
        let value = self.weight(seat, hero) * gains.mover
            + self.weight(gains.taker, hero) * gains.table_points;
        (next, value)
    }

    /// The hero's best value of the game's last move, made by `seat` (to move, one card
    /// left, deck empty; at a cut before the deal's end, any of its cards), in `seat`'s own
    /// interest (`maximising` when it is the hero).
    ///
    /// Every capture ends the game alike (the capturer is the last capturer and so also
    /// gets the rest of the table; under the house rule that the last player takes it,
    /// the mover gets it anyway) except that taking the whole table is a tabla, which
    /// the mover always prefers (or, when the house rule voids a tabla on the last move,
    /// is like any capture); so there are at most two distinct choices: a discard, and the
    /// best capture. At a cut ([`Position::cut_at_deal_end`]) the rest of the table
    /// goes to nobody, so there every capture is valued.
    pub(crate) fn last_move_value(
        &self,
        seat: usize,
        hero: usize,
        maximising: bool,
    ) -> (i32, Span) {
        if self.cut {
            // At a cut the cards left on the table go to nobody, and every card and point
            // the mover takes counts for it: a capture inside another is never better, so
            // only the unextendable shapes, with their richest cards, need valuing (a
            // crowded table has millions of captures, and few such shapes).
            let mut best = None;
            for card in self.hand(seat).iter() {
                let _ = try_for_each_unextendable_shape::<()>(self.table, card, |shape| {
                    let capture =
                        shape.pick(|_, cards, count| richest_cards(cards, count)) | shape.free();
                    let (next, gain) = self.after_for(Move::new(card, capture), seat, hero);
                    let value = gain + next.bonus_value(hero);
                    best = Some(match best {
                        Some(best) if maximising => value.max(best),
                        Some(best) => value.min(best),
                        None => value,
                    });
                    ControlFlow::Continue(())
                });
            }
            return (best.unwrap_or_else(|| self.bonus_value(hero)), Span::OWN);
        }
        let Some(card) = self.hand(seat).first() else {
            return (self.bonus_value(hero), Span::OWN);
        };
        let (discarded, gain) = self.after_for(Move::discard(card), seat, hero);
        let discard = gain + discarded.bonus_value(hero);
        let discard_span = discarded.bonus_span(hero).before(Move::discard(card), true);
        let tabla = check_capture(self.table, card, self.table).is_ok();
        if !tabla && !can_capture(self.table, card) {
            return (discard, discard_span);
        }
        // Take the whole table; without a tabla, take back the tabla counted for it (none
        // when the house rule voids a tabla on the last move).
        let (mut taken, mut gain) = self.after_for(Move::new(card, self.table), seat, hero);
        if !tabla && taken.tablas[seat] > self.tablas[seat] {
            taken.tablas[seat] -= 1;
            gain -= self.weight(seat, hero) * self.value_scale();
        }
        let capture = gain + taken.bonus_value(hero);
        let capture_span = (taken.bonus_span(hero)).before(Move::new(card, self.table), true);
        let better = if maximising {
            capture > discard
        } else {
            capture < discard
        };
        let mut spans = Spans::ALL;
        spans.add(discard_span, maximising, true);
        spans.add(capture_span, maximising, better);
        let value = if better { capture } else { discard };
        (value, spans.node(maximising))
    }

    fn after(&self, played: Move, seat: usize) -> (Self, Gains) {
        let mut next = *self;
        let mut gains = Gains::default();
        next.hands[seat] = next.hands[seat].without(played.card);
        if played.capture.is_empty() {
            next.table = next.table.with(played.card);
        } else {
            next.table -= played.capture;
            let points = played.capture.points() + played.card.points() as u32;
            let tabla = (next.table.is_empty() && !next.voids_tabla_now()) as u32;
            next.pile_cards[seat] += played.capture.len() as u8 + 1;
            next.pile_points[seat] += points as u8;
            next.tablas[seat] += tabla as u8;
            next.last_capturer = seat as u8;
            gains.mover = (points + tabla) as i32;
            gains.cards = played.capture.len() as i32 + 1;
        }
        let seats = self.players.get();
        let held = next.held();
        if held > usize::from(next.cut_holding) {
            next.to_move = ((seat + 1) % seats) as u8;
        } else if held > 0 {
            // A cut before the deal's end (only a cut position stops with cards held).
            next.to_move = FINISHED;
        } else {
            if let Some((last, points)) = next.next_deal_or_end() {
                (gains.taker, gains.table_points) = (last, points);
            }
        }
        (next, gains)
    }

    /// True when a tabla just made (this position is after it) is the game's last move and
    /// the house rule says such a tabla scores nothing.
    fn voids_tabla_now(&self) -> bool {
        self.rules.final_tabla == FinalTabla::DoesNotCount
            && self.deck_len == 0
            && self.future.is_empty()
            && self.held() == 0
    }

    /// With every hand empty: deals, or ends the game giving the table to its taker (the
    /// last capturer, or by the house rule the last player, seat `n − 1`), whose seat and
    /// the table's points are returned.
    fn next_deal_or_end(&mut self) -> Option<(usize, i32)> {
        let seats = self.players.get();
        let left = self.deck_len as usize;
        if left > 0 {
            let cards = self.players.hand_size(left) * seats;
            for (place, &card) in self.deck[..cards].iter().enumerate() {
                self.hands[place % seats] = self.hands[place % seats].with(card);
                self.deck_hash ^= deck_term(card, left - place);
                self.undealt_to[place % seats] = self.undealt_to[place % seats].without(card);
            }
            // The deck stays a prefix of the array, the rest filler: one state, one form.
            self.deck.copy_within(cards..left, 0);
            self.deck[left - cards..left].fill(FILLER);
            self.deck_len -= cards as u8;
            self.to_move = 0;
            return None;
        }
        self.to_move = FINISHED;
        if self.cut {
            return None;
        }
        let taker = match self.rules.leftovers {
            Leftovers::LastCapturer => self.last_capturer,
            Leftovers::LastPlayer => seats as u8 - 1,
        };
        let table = core::mem::take(&mut self.table);
        let seat = usize::from(taker);
        if taker == NOBODY || seat >= SEATS {
            return None;
        }
        let points = table.points();
        self.pile_cards[seat] += table.len() as u8;
        self.pile_points[seat] += points as u8;
        Some((seat, points as i32))
    }

    /// A bound on the hero's value of the rest of the game that already lies outside the
    /// window (`alpha`, `beta`), if [`Position::value_bounds`] give one: the fast fail.
    /// Whether the tablas are over ([`Position::tablas_over`]) costs more to learn than
    /// the bounds, so it is asked only when the bounds without tablas would fail.
    pub(crate) fn fast_fail(&self, hero: usize, alpha: i32, beta: i32) -> Option<i32> {
        let outside = |(low, high): (i32, i32)| {
            if high <= alpha {
                Some(high)
            } else if low >= beta {
                Some(low)
            } else {
                None
            }
        };
        let (bounds, without_tablas) = self.value_bounds(hero);
        outside(bounds).or_else(|| outside(without_tablas).filter(|_| self.tablas_over()))
    }

    /// True when no capture can leave the table empty any more, so that no seat can win
    /// another tabla: the table holds a card that none of the cards still to be played can
    /// ever take, which stays to the end ([`has_untakable_card`]). Only the uncut game
    /// asks.
    pub(crate) fn tablas_over(&self) -> bool {
        let seats = self.players.get().min(SEATS);
        let future = (self.hands[..seats].iter())
            .zip(&self.undealt_to[..seats])
            .fold(CardSet::EMPTY, |future, (&hand, &undealt)| {
                future | hand | undealt
            });
        !self.cut && has_untakable_card(self.table, future)
    }

    /// Bounds on the hero's value of the rest of the game, from what is left to win: at
    /// best the hero's side wins every point left and a tabla at each of its moves, at
    /// worst the other sides do; the bonus for most cards is bounded by how far the sides'
    /// pile counts can still move (the cards on the table, in hands and in the deck). The
    /// house rules only move the table's last cards and void tablas, so the bounds hold
    /// under them too.
    /// At a cut the cards left are won like the points: every one by the hero, or none.
    ///
    /// With two players the tablas are bounded more tightly: after a tabla the other seat
    /// must discard, so a seat's next move is a tabla only when it takes that one card
    /// with a card of the same rank; tablas on moves not in a row need a move between. So
    /// `t` tablas in `m` moves need `t − 1 ≤ M + (m − t)`, where `M` is how many pairs of
    /// cards of equal rank, one each, the two seats still have to play.
    ///
    /// Returns the bounds, then the bounds if no seat wins another tabla (once
    /// [`Position::tablas_over`]).
    pub(crate) fn value_bounds(&self, hero: usize) -> ((i32, i32), (i32, i32)) {
        let seats = self.players.get().min(SEATS);
        let mut all = self.table;
        let mut other_tablas = 0;
        let mut most_other = 0;
        for seat in 0..seats {
            let future = self.hands[seat] | self.undealt_to[seat];
            all |= future;
            if seat != hero {
                other_tablas += future.len();
                most_other = most_other.max(self.pile_cards[seat] as usize);
            }
        }
        let mut own = self.hands[hero] | self.undealt_to[hero];
        let own_cards = if self.rules.is_everyone_alone() {
            self.pile_cards[hero] as usize
        } else {
            // The partners' cards to come are the side's, and the piles count by side.
            let partners = (0..seats)
                .filter(|&seat| seat != hero && self.same_side(seat, hero))
                .fold(CardSet::EMPTY, |cards, seat| {
                    cards | self.hands[seat] | self.undealt_to[seat]
                });
            own |= partners;
            other_tablas -= partners.len();
            let own_cards;
            (own_cards, most_other) = self.side_card_counts(hero);
            own_cards
        };
        let mut own_tablas = own.len();
        if seats == 2 {
            let pairs = same_rank_pairs(own, all - own - self.table);
            own_tablas = own_tablas.min((pairs + own_tablas).div_ceil(2));
            other_tablas = other_tablas.min((pairs + other_tablas).div_ceil(2));
        }
        let points = all.points() as i32;
        let cards = all.len();
        let sides = self.sides();
        let weight = sides as i32 - 1;
        if self.cut {
            // Every point left won by the hero, or by the others; every card too, or with
            // a learned horizon, what the evaluation adds at the cut instead of the cards
            // of lead captured on the way, which it takes back there.
            let (cards_low, cards_high) = if self.learned {
                let lead = self.lead(hero);
                let [added_low, added_high] = self.learned_range[hero.min(1)].map(i32::from);
                (added_low - CUT_CARD * lead, added_high - CUT_CARD * lead)
            } else {
                let cards = CUT_CARD * cards as i32;
                (-cards, weight * cards)
            };
            let low = -CUT_POINT * points + cards_low;
            let high = weight * CUT_POINT * points + cards_high;
            let (other_tablas, own_tablas) = (
                CUT_POINT * other_tablas as i32,
                weight * CUT_POINT * own_tablas as i32,
            );
            return ((low - other_tablas, high + own_tablas), (low, high));
        }
        let bonus = MOST_CARDS_BONUS as i32;
        // Surely the most cards, or surely not; with two sides, never behind or never
        // ahead.
        let (bonus_low, bonus_high) = if own_cards > most_other + cards {
            (weight * bonus, weight * bonus)
        } else if sides == 2 && own_cards + cards < most_other {
            (-bonus, -bonus)
        } else if own_cards + cards <= most_other {
            (-bonus, 0)
        } else if sides == 2 && own_cards == most_other + cards {
            (0, bonus)
        } else {
            (-bonus, weight * bonus)
        };
        let low = -points + bonus_low;
        let high = weight * points + bonus_high;
        let (other_tablas, own_tablas) = (other_tablas as i32, weight * own_tablas as i32);
        ((low - other_tablas, high + own_tablas), (low, high))
    }

    /// Moves left in the game, or to its cut: the cards in hands and in the deck, less
    /// those still held at a cut before the deal's end.
    pub(crate) fn moves_left(&self) -> usize {
        self.held() + self.deck_len as usize - usize::from(self.cut_holding)
    }

    /// The cards in every hand.
    fn held(&self) -> usize {
        self.hands[..self.players.get().min(SEATS)]
            .iter()
            .map(|hand| hand.len())
            .sum()
    }

    /// The key of everything the rest of the game depends on, for `hero`: hands and table
    /// up to suits (their signatures: positions that differ only there are mapped onto
    /// each other by a renaming of suits that fixes the deck, so their values are equal),
    /// the deck, the seat to move, the last capturer, and the pile counts relative to seat
    /// 0 (the bonus for most cards depends on nothing else; with two players, the hero's
    /// lead kept apart in [`Key::lead`], a lead too large to be caught up counting as one
    /// more than the cards left, and the last capturer in [`Key::claim`]; at a cut, where
    /// cards are valued as they are captured, none). Points and tablas so far are left
    /// out: the search stores values of the rest of the game only. Rules other than the
    /// original's are in the key ([`Position::rules_key`]), so a table may serve games of
    /// any rules.
    pub(crate) fn key(&self, hero: usize) -> Key {
        let seats = self.players.get().min(SEATS);
        let mut hash = mix(signature(self.table) ^ self.deck_hash);
        for hand in &self.hands[..seats] {
            hash = mix(hash ^ signature(*hand));
        }
        let state = u64::from(self.to_move)
            | (hero as u64) << 16
            | u64::from(self.deck_len) << 24
            | u64::from(self.cut) << 32
            | u64::from(self.cut_holding) << 40
            | self.rules_key() << 48;
        let with_last = state | u64::from(self.last_capturer) << 8;
        if self.cut && self.learned {
            // A learned horizon's value depends on the lead and the cards to come too.
            let after = mix(self.future.bits() ^ u64::from(self.lead(hero) as u8) << 56);
            return Key::plain(mix(hash ^ with_last ^ after));
        }
        if self.cut {
            // At a cut the rest of the game's value does not depend on the piles.
            return Key::plain(mix(hash ^ with_last));
        }
        if seats == 2 {
            // A lead of more cards than are left decides the bonus: all such leads are one.
            let left = self.table.len()
                + self.hands[0].len()
                + self.hands[1].len()
                + self.deck_len as usize;
            let most = (left + 1).min(i8::MAX as usize) as i32;
            let own = i32::from(self.pile_cards[hero]);
            let other = i32::from(self.pile_cards[1 - hero.min(1)]);
            let claim = match self.last_capturer {
                NOBODY => 1,
                last if usize::from(last) == hero => 2,
                _ => 0,
            };
            let lead = (own - other).clamp(-most, most);
            return Key {
                base: mix(hash ^ state),
                lead: lead as i8,
                most: most as i8,
                excess: (own - other - lead) as i16,
                claim,
            };
        }
        let base = self.pile_cards[0];
        let mut packed = 0u64;
        for (index, &cards) in self.pile_cards[..seats].iter().enumerate() {
            packed = packed << 8 | u64::from(cards.wrapping_sub(base));
            if index % 8 == 7 {
                hash = mix(hash ^ packed);
                packed = 0;
            }
        }
        Key::plain(mix(mix(hash ^ packed) ^ with_last))
    }

    /// The rules' part of the key: 0 under the original rules (so that their keys are
    /// what they were); else the side size, the two house rules, and under the final-tabla
    /// rule whether the cut, if any, is the game's real end (the rule voids a tabla
    /// there, and a cut's key has no cards to come). Nine bits.
    fn rules_key(&self) -> u64 {
        if self.rules == Rules::ORIGINAL {
            return 0;
        }
        let voids = self.rules.final_tabla == FinalTabla::DoesNotCount;
        u64::from(self.rules.side_size & 0x3F)
            | u64::from(self.rules.leftovers == Leftovers::LastPlayer) << 6
            | u64::from(voids) << 7
            | u64::from(voids && self.future.is_empty()) << 8
    }
}

/// Whether `table` holds a card that no card of `future` (the cards still to be played)
/// can ever take: a card worth `v` is taken by a card aiming at `t` only alone (`t = v`)
/// or in a group whose other cards sum to `t − v`, and those can only come from the table
/// and `future`. Such a card stays on the table to the end.
fn has_untakable_card(table: CardSet, future: CardSet) -> bool {
    let targets = target_sums(future);
    let mut ranks = rank_bits(table);
    while ranks != 0 {
        let rank = ranks.trailing_zeros() as usize;
        ranks &= ranks - 1;
        let value = u32::from(Rank::ALL[rank].capture_value());
        // A table ace counts 1 or 11.
        let values = if rank == Rank::Ace as usize {
            1 << 1 | 1 << 11
        } else {
            1 << value
        };
        if targets & values != 0 {
            continue;
        }
        let Some(card) = table.rank_cards(Rank::ALL[rank]).first() else {
            continue;
        };
        let others = u32::from(reachable_sums((table | future).without(card)));
        let mut needs = 0;
        let mut rest = values;
        while rest != 0 {
            needs |= targets >> rest.trailing_zeros();
            rest &= rest - 1;
        }
        if needs & others == 0 {
            return true;
        }
    }
    false
}

/// Bit `r` set when `cards` holds a card of rank index `r`.
fn rank_bits(cards: CardSet) -> u32 {
    let nibbles = cards.bits() | cards.bits() >> 2;
    let mut lowest = (nibbles | nibbles >> 1) & 0x1111_1111_1111_1111;
    // Each nibble's lowest bit gathered into one bit per rank.
    lowest = (lowest | lowest >> 3) & 0x0303_0303_0303_0303;
    lowest = (lowest | lowest >> 6) & 0x000F_000F_000F_000F;
    lowest = (lowest | lowest >> 12) & 0x0000_00FF_0000_00FF;
    ((lowest | lowest >> 24) & 0x1FFF) as u32
}

/// Bit `t` set when a card of `cards` aims at the sum `t` ([`target_sum`](crate::capture::target_sum)).
fn target_sums(cards: CardSet) -> u32 {
    let ranks = rank_bits(cards);
    // 2–10 aim at their value, the ace at 11, J, Q and K at 12, 13 and 14.
    (ranks & 0x3FE) << 1 | (ranks & 1) << 11 | (ranks & 0x1C00) << 2
}

/// How many disjoint pairs of cards of equal rank, one from each set, there are:
/// `Σ min(cards of the rank in a, in b)` over the ranks.
fn same_rank_pairs(a: CardSet, b: CardSet) -> usize {
    const LOW: u64 = 0x5555_5555_5555_5555;
    const PAIRS: u64 = 0x3333_3333_3333_3333;
    const HIGH: u64 = 0x8888_8888_8888_8888;
    let per_rank = |bits: u64| {
        let pairs = bits - (bits >> 1 & LOW);
        (pairs & PAIRS) + (pairs >> 2 & PAIRS)
    };
    let (a, b) = (per_rank(a.bits()), per_rank(b.bits()));
    // Nibbles of 0..=4: where a ≥ b, (a + 8) − b keeps its nibble's high bit.
    let at_least = ((a | HIGH) - b) & HIGH;
    let mask = (at_least >> 3) * 0xF;
    let least = (b & mask) | (a & !mask);
    let bytes = (least & 0x0F0F_0F0F_0F0F_0F0F) + (least >> 4 & 0x0F0F_0F0F_0F0F_0F0F);
    (bytes.wrapping_mul(0x0101_0101_0101_0101) >> 56) as usize
}

/// What a move added to scores: the mover's points and tabla, and at the end of the game
/// the seat that takes the table with the table's points (0 points, and seat 0, for any
/// other move).
///
/// Plain fields, not an `Option` of a pair: an optimised build branched on the unset
/// pair's bytes where the value did not depend on them, which valgrind reports as a read
/// of uninitialised memory in the C tests.
#[derive(Clone, Copy, Debug, Default)]
struct Gains {
    mover: i32,
    cards: i32,
    taker: usize,
    table_points: i32,
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::bots::best_greedy_move;

    /// The hero's value of the rest of the game over the best line for `most` (every seat
    /// helping), or the worst: what [`Position::value_bounds`] must enclose.
    fn extreme<const SEATS: usize>(position: &Position<SEATS>, hero: usize, most: bool) -> i32 {
        let Some(seat) = position.to_move() else {
            return position.bonus_value(hero);
        };
        let mut best = None;
        position.for_each_legal_move(|played| {
            let (child, gain) = position.after_for(played, seat, hero);
            let value = gain + extreme(&child, hero, most);
            best = Some(match best {
                Some(best) if most => value.max(best),
                Some(best) => value.min(best),
                None => value,
            });
        });
        best.unwrap_or(0)
    }

    /// `game` played on by greedy moves until `plies_left` moves remain.
    fn greedy_until(mut game: Game, plies_left: usize) -> Game {
        while MOVES_PER_GAME - game.history().len() > plies_left {
            let seat = game.to_move().unwrap();
            let greedy = best_greedy_move(game.hand(seat), game.table()).unwrap();
            game.play(greedy).unwrap();
        }
        game
    }

    /// Checks that every seat's [`Position::value_bounds`] enclose its extremes.
    fn assert_bounds_enclose<const SEATS: usize>(position: &Position<SEATS>, seed: u64) {
        for hero in 0..position.players().get() {
            let (bounds, without_tablas) = position.value_bounds(hero);
            let (low, high) = if position.tablas_over() {
                without_tablas
            } else {
                bounds
            };
            let rules = position.rules();
            assert!(low <= extreme(position, hero, false), "{rules} seed {seed}");
            assert!(extreme(position, hero, true) <= high, "{rules} seed {seed}");
        }
    }

    #[test]
    fn bounds_enclose_every_line() {
        // Tablas over (a card nobody can take on the table) is seen often enough.
        let mut over = 0;
        for seed in 0..40u64 {
            let players = PlayerCount::new(2 + (seed % 2) as usize).unwrap();
            for plies_left in [2, 3, 4, 5, 6, 14, 15] {
                let game = greedy_until(Game::from_seed(players, seed), plies_left);
                let position = Position::<3>::from_game(&game).unwrap();
                let position = if plies_left > 6 {
                    position.cut_at_deal_end()
                } else {
                    position
                };
                over += usize::from(position.tablas_over());
                assert_bounds_enclose(&position, seed);
            }
        }
        assert_eq!(over, 123);
    }

    #[test]
    fn bounds_enclose_every_line_of_sides_under_every_house_rule() {
        let mut positions = 0;
        for seed in 0..48u64 {
            let (players, side_size) = [(2, 1), (4, 2), (6, 3), (6, 2)][seed as usize % 4];
            let rules = Rules {
                side_size,
                leftovers: [Leftovers::LastCapturer, Leftovers::LastPlayer][seed as usize / 4 % 2],
                final_tabla: [FinalTabla::Counts, FinalTabla::DoesNotCount][seed as usize / 8 % 2],
            };
            let players = PlayerCount::new(players).unwrap();
            for plies_left in [2, 3, 5, 6, 20] {
                let game = Game::from_seed_with_rules(players, rules, seed).unwrap();
                let position = Position::<6>::from_game(&greedy_until(game, plies_left)).unwrap();
                // Far from the end, a cut after a round of moves.
                let position = if plies_left > 6 {
                    position.cut_after(players.get().min(4))
                } else {
                    position
                };
                assert_bounds_enclose(&position, seed);
                positions += 1;
            }
        }
        assert_eq!(positions, 240);
    }

    #[test]
    fn the_last_move_at_a_cut_is_valued_over_every_capture() {
        // Only the unextendable shapes are valued there; every capture must agree. Many
        // discards first, so that tables grow and hold several such shapes.
        let mut positions = 0;
        for seed in 0..300u64 {
            let players = PlayerCount::new(2 + (seed % 3) as usize).unwrap();
            let mut game = Game::from_seed(players, seed);
            for deal_moves in 1.. {
                let position = Position::<4>::from_game(&game).unwrap().cut_at_deal_end();
                if position.moves_left() <= 1 || deal_moves > 60 {
                    break;
                }
                let seat = game.to_move().unwrap();
                let (hand, table) = (game.hand(seat), game.table());
                let played = if (seed + deal_moves) % 4 == 0 {
                    best_greedy_move(hand, table).unwrap()
                } else {
                    Move::discard(hand.first().unwrap())
                };
                game.play(played).unwrap();
            }
            let position = Position::<4>::from_game(&game).unwrap().cut_at_deal_end();
            let Some(seat) = position.to_move() else {
                continue;
            };
            for hero in 0..players.get() {
                let maximising = seat == hero;
                let (value, _) = position.last_move_value(seat, hero, maximising);
                assert_eq!(value, extreme(&position, hero, maximising), "seed {seed}");
            }
            positions += 1;
        }
        assert!(positions > 250, "{positions}");
    }

    fn cards(text: &str) -> CardSet {
        text.split_whitespace()
            .map(|card| card.parse::<Card>().unwrap())
            .fold(CardSet::EMPTY, CardSet::with)
    }

    #[test]
    fn untakable_cards_are_found() {
        let cases = [
            // A king needs a king.
            ("KH 5S", "QH 9C", true),
            ("KH", "KS", false),
            // 14 = Q + A: the queen and the ace go together.
            ("QH AH", "KS", false),
            ("QH", "KS AC", false),
            ("QH", "KS 2C", true),
            // A king takes 9 + 5, with the 5 on the table or still to come; not 9 + 4.
            ("9D 5S", "KC", false),
            ("9D", "KC 5H", false),
            ("9D", "KC 4H", true),
            ("9D", "4C 5H", true),
            // A played ace aims at 11: 10 + 1 needs another ace, but the played one is
            // counted among the others, so this 10 is not found untakable (never the
            // other way).
            ("10H", "AS", false),
            ("10H", "9S 3C", true),
            ("", "KS", false),
            ("5H", "", true),
        ];
        for (table, future, untakable) in cases {
            assert_eq!(
                has_untakable_card(cards(table), cards(future)),
                untakable,
                "{table} / {future}"
            );
        }
    }

    #[test]
    fn untakable_cards_can_never_be_taken() {
        // Brute force: a card no capturable group of any future card contains, on a table
        // holding every other card that may ever be there.
        let mut state = 0x0DDC_0FFE_E0DD_F00Du64;
        let mut found = 0;
        for _ in 0..3000 {
            let mut pick = |most: u64| {
                let mut set = CardSet::EMPTY;
                for _ in 0..1 + mix(state) % most {
                    state = mix(state);
                    set = set.with(Card::from_index((state % 52) as u8).unwrap());
                }
                set
            };
            let table = pick(5);
            let future = pick(6) - table;
            let untakable = table.iter().any(|card| {
                future.iter().all(|played| {
                    let mut takes = false;
                    crate::capture::for_each_capturable_group(
                        (table | future).without(played),
                        played,
                        |group| takes |= group.contains(card),
                    );
                    !takes
                })
            });
            if has_untakable_card(table, future) {
                assert!(untakable, "{table} / {future}");
                found += 1;
            }
        }
        assert!(found > 1000, "{found}");
    }

    #[test]
    fn same_rank_pairs_count_matches() {
        let mut state = 0x1234_5678_9ABC_DEF0u64;
        for _ in 0..2000 {
            state = mix(state);
            let a = CardSet::from_bits(state & ((1 << 52) - 1)).unwrap_or_default();
            state = mix(state);
            let b = CardSet::from_bits(state & ((1 << 52) - 1)).unwrap_or_default();
            let expected: usize = crate::Rank::ALL
                .iter()
                .map(|&rank| a.rank_cards(rank).len().min(b.rank_cards(rank).len()))
                .sum();
            assert_eq!(same_rank_pairs(a, b), expected);
        }
    }
}
