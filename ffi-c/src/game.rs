//! The game handle: creation in the caller's or the library's memory, queries, moves.

use core::mem::{align_of, size_of};

use tablic_core::capture::TooManyToList;
use tablic_core::{Card, Deck, Game, Move, Played, PlayerView, Rank, SeatResult, Suit};

use crate::boundary::{borrow, borrow_mut, fill, output_slice, require, with_boundary, write_out};
use crate::cards::{card_from, cards_from};
use crate::placement::{free, place, Placement};
use crate::player_count::player_count;
use crate::result::tablic_result;
use crate::rules::tablic_rules;

/// A game of tablić in progress or finished: opaque. Made by `tablic_game_new`,
/// `tablic_game_new_from_deck`, `tablic_game_new_from_record` or
/// `tablic_game_new_from_position`; released by `tablic_game_free`.
pub struct tablic_game {
    pub(crate) game: Game,
    placement: Placement,
}

impl tablic_game {
    /// A game handle inside another handle, lent to the caller as `const` and never freed
    /// on its own (a match's game in play).
    pub(crate) fn lent(game: Game) -> tablic_game {
        tablic_game {
            game,
            placement: Placement::Caller,
        }
    }
}

/// 64-bit words in a `tablic_game_storage`.
pub const TABLIC_GAME_STORAGE_WORDS: usize = 240;

/// Memory for one game, to give to `tablic_game_new*` where there is no heap (or to keep a
/// game on the stack). Its contents are private; it must stay in place, unmoved, until the
/// game is freed.
#[repr(C)]
pub struct tablic_game_storage {
    /// The library's, not to be read or written.
    opaque: [u64; TABLIC_GAME_STORAGE_WORDS],
}

// The storage holds a game on every target; a failing build here means: raise the words.
const _: () = assert!(size_of::<tablic_game>() <= size_of::<tablic_game_storage>());
const _: () = assert!(align_of::<tablic_game>() <= align_of::<tablic_game_storage>());

/// A move: the card played and the table cards it captures (empty for a discard).
#[repr(C)]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct tablic_move {
    /// The card played (index 0 to 51).
    pub card: u8,
    /// The table cards it captures, a card set.
    pub capture: u64,
}

impl From<Move> for tablic_move {
    fn from(played: Move) -> tablic_move {
        tablic_move {
            card: played.card.index(),
            capture: played.capture.bits(),
        }
    }
}

impl tablic_move {
    /// The core's move, or why these numbers are not one.
    pub(crate) fn to_move(self) -> Result<Move, tablic_result> {
        Ok(Move::new(card_from(self.card)?, cards_from(self.capture)?))
    }
}

/// What one seat may know of a game (`tablic_game_view`).
#[repr(C)]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct tablic_view {
    /// The seat this view belongs to.
    pub seat: u32,
    /// Players in the game.
    pub players: u32,
    /// The seat's hand.
    pub hand: u64,
    /// The cards on the table.
    pub table: u64,
    /// Cards this seat has seen: its hand, the table, every pile.
    pub seen: u64,
    /// Cards this seat has not seen: the other hands and the undealt deck.
    pub unseen: u64,
    /// The seat to move, or -1 when the game is over.
    pub to_move: i32,
    /// The seat that captured last, or -1 when nobody has.
    pub last_capturer: i32,
    /// Cards not dealt yet.
    pub undealt: u32,
    /// Deals so far (1 during the first deal).
    pub deals_dealt: u32,
    /// True during the game's last deal.
    pub is_last_deal: bool,
}

/// What everyone knows of one seat (`tablic_game_seat`).
#[repr(C)]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct tablic_seat {
    /// The cards the seat has captured.
    pub pile: u64,
    /// The seat's tablas (sweeps) so far.
    pub tablas: u32,
    /// Cards in the seat's hand.
    pub hand_size: u32,
}

/// What a played move did beyond its capture (`tablic_game_play`).
#[repr(C)]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct tablic_played {
    /// The seat that moved.
    pub seat: u32,
    /// The move emptied the table: a tabla.
    pub tabla: bool,
    /// The hands ran out and new ones were dealt.
    pub new_deal: bool,
    /// The move ended the game.
    pub finished: bool,
}

impl From<Played> for tablic_played {
    fn from(outcome: Played) -> tablic_played {
        tablic_played {
            seat: outcome.seat as u32,
            tabla: outcome.tabla,
            new_deal: outcome.new_deal,
            finished: outcome.finished,
        }
    }
}

/// One seat's final result (`tablic_game_result`), or one side's (`tablic_side_result`).
#[repr(C)]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct tablic_seat_result {
    /// Points of the cards in the seat's pile (22 in the whole deck).
    pub card_points: u32,
    /// Tablas (sweeps).
    pub tablas: u32,
    /// Cards in the seat's pile.
    pub cards: u32,
    /// True when the seat holds strictly the most cards: worth 3 points.
    pub most_cards: bool,
    /// Card points + tablas + 3 for the most cards.
    pub total: u32,
}

impl From<SeatResult> for tablic_seat_result {
    fn from(seat: SeatResult) -> tablic_seat_result {
        tablic_seat_result {
            card_points: seat.card_points,
            tablas: seat.tablas,
            cards: seat.cards,
            most_cards: seat.most_cards,
            total: seat.total(),
        }
    }
}

/// Puts `game` into the caller's `storage`, or into library memory when `storage` is
/// `NULL`, and the handle into `*out`.
///
/// # Safety
/// A non-null `storage` must be valid for writes of a `tablic_game_storage` and not hold a
/// live game; `out` valid for a write.
pub(crate) unsafe fn place_game(
    storage: *mut tablic_game_storage,
    game: Game,
    out: *mut *mut tablic_game,
) -> Result<(), tablic_result> {
    // SAFETY: the caller's guarantees; the storage holds a game (asserted above).
    unsafe { place(storage, |placement| tablic_game { game, placement }, out) }
}

/// Creates a game for `players` players dealt from the deck of `seed` (the same deck on
/// every platform and in every version), under the original rules.
///
/// `storage`: memory for the game, or `NULL` to let the library allocate it (not in builds
/// without `std`: `TABLIC_RESULT_NO_ALLOCATOR`). `*game` gets the handle; release it with
/// `tablic_game_free`.
///
/// # Safety
/// A non-null `storage` must be valid for writes and hold no live game; `game` must be valid
/// for a write.
#[no_mangle]
pub unsafe extern "C" fn tablic_game_new(
    storage: *mut tablic_game_storage,
    players: u32,
    seed: u64,
    game: *mut *mut tablic_game,
) -> tablic_result {
    with_boundary(|| {
        let players = player_count(players)?;
        // SAFETY: the caller's guarantees are this function's.
        unsafe { place_game(storage, Game::from_seed(players, seed), game) }
    })
}

/// Creates a game as `tablic_game_new`, under `rules`: `TABLIC_RESULT_INVALID_RULES` when
/// the players cannot sit in its sides (`tablic_rules_check` says why).
///
/// # Safety
/// As `tablic_game_new`.
#[no_mangle]
pub unsafe extern "C" fn tablic_game_new_with_rules(
    storage: *mut tablic_game_storage,
    players: u32,
    rules: tablic_rules,
    seed: u64,
    game: *mut *mut tablic_game,
) -> tablic_result {
    with_boundary(|| {
        let players = player_count(players)?;
        let rules = rules.for_players(players)?;
        let dealt = Game::from_seed_with_rules(players, rules, seed)
            .map_err(|_| tablic_result::InvalidRules)?;
        // SAFETY: the caller's guarantees are this function's.
        unsafe { place_game(storage, dealt, game) }
    })
}

/// Creates a game for `players` players dealt from `deck`: 52 distinct card indexes, top
/// card first (the first four go to the table), under the original rules. `storage` and
/// `game` as `tablic_game_new`.
///
/// # Safety
/// `deck` must be valid for `deck_length` reads; `storage` and `game` as `tablic_game_new`.
#[no_mangle]
pub unsafe extern "C" fn tablic_game_new_from_deck(
    storage: *mut tablic_game_storage,
    players: u32,
    deck: *const u8,
    deck_length: usize,
    game: *mut *mut tablic_game,
) -> tablic_result {
    with_boundary(|| {
        let players = player_count(players)?;
        // SAFETY: the caller's guarantees are this function's.
        unsafe {
            let deck = deck_from(deck, deck_length)?;
            place_game(storage, Game::from_deck(players, deck), game)
        }
    })
}

/// The caller's 52 card indexes as a deck, or why they are not one.
///
/// # Safety
/// `deck` must be valid for `deck_length` reads.
unsafe fn deck_from(deck: *const u8, deck_length: usize) -> Result<Deck, tablic_result> {
    require(deck)?;
    let mut cards = [Card::new(Rank::Ace, Suit::Clubs); 52];
    // Checked before the slice is made: a length the pointer does not cover (or one past
    // `isize::MAX`) would make the slice itself undefined behaviour.
    if deck_length != cards.len() {
        return Err(tablic_result::InvalidDeck);
    }
    // SAFETY: non-null and valid for `deck_length` reads (caller's guarantee).
    let indexes = unsafe { core::slice::from_raw_parts(deck, deck_length) };
    for (card, &index) in cards.iter_mut().zip(indexes) {
        *card = card_from(index)?;
    }
    Deck::from_cards(&cards).map_err(|_| tablic_result::InvalidDeck)
}

/// Creates a game as `tablic_game_new_from_deck`, under `rules` (checked as
/// `tablic_game_new_with_rules` checks them).
///
/// # Safety
/// As `tablic_game_new_from_deck`.
#[no_mangle]
pub unsafe extern "C" fn tablic_game_new_from_deck_with_rules(
    storage: *mut tablic_game_storage,
    players: u32,
    rules: tablic_rules,
    deck: *const u8,
    deck_length: usize,
    game: *mut *mut tablic_game,
) -> tablic_result {
    with_boundary(|| {
        let players = player_count(players)?;
        let rules = rules.for_players(players)?;
        // SAFETY: the caller's guarantees are this function's.
        unsafe {
            let deck = deck_from(deck, deck_length)?;
            let dealt = Game::from_deck_with_rules(players, rules, deck)
                .map_err(|_| tablic_result::InvalidRules)?;
            place_game(storage, dealt, game)
        }
    })
}

/// Releases a game: frees its memory if the library allocated it, and leaves the caller's
/// storage to the caller. `NULL` is accepted and does nothing.
///
/// # Safety
/// A non-null `game` must be a live handle from `tablic_game_new*`, not used afterwards.
#[no_mangle]
pub unsafe extern "C" fn tablic_game_free(game: *mut tablic_game) {
    with_boundary(|| {
        // SAFETY: the caller's guarantee.
        unsafe { free(game, |handle| handle.placement) };
        Ok(())
    });
}

/// Runs `read` on the game behind a handle.
///
/// # Safety
/// A non-null `game` must be a live handle not being changed by another thread.
pub(crate) unsafe fn read_game(
    game: *const tablic_game,
    read: impl FnOnce(&Game) -> Result<(), tablic_result>,
) -> tablic_result {
    with_boundary(|| {
        // SAFETY: the caller's guarantee.
        let handle = unsafe { borrow(game) }?;
        read(&handle.game)
    })
}

/// A seat's view, or `InvalidSeat`.
fn view_of(game: &Game, seat: u32) -> Result<PlayerView<'_>, tablic_result> {
    game.view(seat as usize).ok_or(tablic_result::InvalidSeat)
}

/// The seat as a C integer, -1 for none.
pub(crate) fn seat_or_minus_one(seat: Option<usize>) -> i32 {
    seat.map_or(-1, |seat| seat as i32)
}

/// The number of players.
///
/// # Safety
/// `game` must be a live handle; `players` valid for a write.
#[no_mangle]
pub unsafe extern "C" fn tablic_game_players(
    game: *const tablic_game,
    players: *mut u32,
) -> tablic_result {
    // SAFETY: the caller's guarantees are this function's.
    unsafe { read_game(game, |game| write_out(players, game.players().get() as u32)) }
}

/// The seat to move, or -1 when the game is over.
///
/// # Safety
/// `game` must be a live handle; `seat` valid for a write.
#[no_mangle]
pub unsafe extern "C" fn tablic_game_to_move(
    game: *const tablic_game,
    seat: *mut i32,
) -> tablic_result {
    // SAFETY: the caller's guarantees are this function's.
    unsafe {
        read_game(game, |game| {
            write_out(seat, seat_or_minus_one(game.to_move()))
        })
    }
}

/// Whether the game is over.
///
/// # Safety
/// `game` must be a live handle; `finished` valid for a write.
#[no_mangle]
pub unsafe extern "C" fn tablic_game_is_finished(
    game: *const tablic_game,
    finished: *mut bool,
) -> tablic_result {
    // SAFETY: the caller's guarantees are this function's.
    unsafe { read_game(game, |game| write_out(finished, game.is_finished())) }
}

/// The cards on the table.
///
/// # Safety
/// `game` must be a live handle; `table` valid for a write.
#[no_mangle]
pub unsafe extern "C" fn tablic_game_table(
    game: *const tablic_game,
    table: *mut u64,
) -> tablic_result {
    // SAFETY: the caller's guarantees are this function's.
    unsafe { read_game(game, |game| write_out(table, game.table().bits())) }
}

/// What `seat` may know: its hand, the table, the cards seen and unseen, the turn.
///
/// # Safety
/// `game` must be a live handle; `view` valid for a write.
#[no_mangle]
pub unsafe extern "C" fn tablic_game_view(
    game: *const tablic_game,
    seat: u32,
    view: *mut tablic_view,
) -> tablic_result {
    // SAFETY: the caller's guarantees are this function's.
    unsafe {
        read_game(game, |game| {
            let seen = view_of(game, seat)?;
            let value = tablic_view {
                seat,
                players: seen.players().get() as u32,
                hand: seen.hand().bits(),
                table: seen.table().bits(),
                seen: seen.seen().bits(),
                unseen: seen.unseen().bits(),
                to_move: seat_or_minus_one(seen.to_move()),
                last_capturer: seat_or_minus_one(seen.last_capturer()),
                undealt: seen.undealt() as u32,
                deals_dealt: seen.deals_dealt() as u32,
                is_last_deal: seen.is_last_deal(),
            };
            write_out(view, value)
        })
    }
}

/// What everyone knows of `seat`: its pile, its tablas, the size of its hand.
///
/// # Safety
/// `game` must be a live handle; `info` valid for a write.
#[no_mangle]
pub unsafe extern "C" fn tablic_game_seat(
    game: *const tablic_game,
    seat: u32,
    info: *mut tablic_seat,
) -> tablic_result {
    // SAFETY: the caller's guarantees are this function's.
    unsafe {
        read_game(game, |game| {
            let seen = view_of(game, seat)?;
            let seat = seat as usize;
            let value = tablic_seat {
                pile: seen.pile(seat).bits(),
                tablas: seen.tablas(seat),
                hand_size: seen.hand_size(seat) as u32,
            };
            write_out(info, value)
        })
    }
}

/// Fills a caller's move buffer from `for_each`, sets `*count` to the number of moves,
/// and fails with `BufferTooSmall` when they did not all fit (`TooMany`, with nothing
/// written, when `for_each` refuses to list).
///
/// # Safety
/// A non-null `moves` must be valid for `capacity` writes; `count` valid for a write.
unsafe fn fill_moves(
    moves: *mut tablic_move,
    capacity: usize,
    count: *mut usize,
    for_each: impl FnOnce(&mut dyn FnMut(Move)) -> Result<(), TooManyToList>,
) -> Result<(), tablic_result> {
    require(count)?;
    // SAFETY: the caller's guarantee.
    let slots = unsafe { output_slice(moves, capacity) }?;
    let mut found = 0;
    for_each(&mut |played| {
        if let Some(slot) = slots.get_mut(found) {
            slot.write(played.into());
        }
        found += 1;
    })?;
    // SAFETY: the caller's guarantee.
    unsafe { write_out(count, found) }?;
    if found > capacity {
        return Err(tablic_result::BufferTooSmall);
    }
    Ok(())
}

/// Every legal move of the seat to move: the first `capacity` go into `moves`, and `*count`
/// gets how many there are (0 when the game is over). When that is more than `capacity`
/// the result is `TABLIC_RESULT_BUFFER_TOO_SMALL`: call again with `*count` slots. A table
/// filled by discards can give billions: past `TABLIC_MAX_LISTED` the result is
/// `TABLIC_RESULT_TOO_MANY`, at once, and nothing is written.
///
/// # Safety
/// `game` must be a live handle; a non-null `moves` valid for `capacity` writes (`NULL` is
/// fine with `capacity` 0); `count` valid for a write.
#[no_mangle]
pub unsafe extern "C" fn tablic_game_legal_moves(
    game: *const tablic_game,
    moves: *mut tablic_move,
    capacity: usize,
    count: *mut usize,
) -> tablic_result {
    // SAFETY: the caller's guarantees are this function's.
    unsafe {
        read_game(game, |game| {
            fill_moves(moves, capacity, count, |visit| game.list_legal_moves(visit))
        })
    }
}

/// Every move played so far, in order (in a game from a position without moves, every move
/// since); buffer rules as `tablic_game_legal_moves`.
///
/// # Safety
/// As `tablic_game_legal_moves`.
#[no_mangle]
pub unsafe extern "C" fn tablic_game_history(
    game: *const tablic_game,
    moves: *mut tablic_move,
    capacity: usize,
    count: *mut usize,
) -> tablic_result {
    // SAFETY: the caller's guarantees are this function's.
    unsafe {
        read_game(game, |game| {
            fill_moves(moves, capacity, count, |visit| {
                game.history().iter().copied().for_each(visit);
                Ok(())
            })
        })
    }
}

/// The last move played and what it did, to show it: `*move` gets the move (the card and
/// what it took), `*played` (may be `NULL`) the seat that played it and whether it was a
/// tabla, began a new deal or ended the game. Before the first move, or in a game from a
/// position before the first move since it: `TABLIC_RESULT_NO_MOVE_YET`. It replays the
/// game, which costs about a game's worth of moves.
///
/// # Safety
/// `game` must be a live handle; `move` valid for a write; a non-null `played` valid for a
/// write.
#[no_mangle]
pub unsafe extern "C" fn tablic_game_last_move(
    game: *const tablic_game,
    r#move: *mut tablic_move,
    played: *mut tablic_played,
) -> tablic_result {
    // SAFETY: the caller's guarantees are this function's.
    unsafe {
        read_game(game, |game| {
            require(r#move)?;
            let (last, outcome) = game.last_played().ok_or(tablic_result::NoMoveYet)?;
            write_out(r#move, last.into())?;
            crate::boundary::write_optional(played, outcome.into());
            Ok(())
        })
    }
}

/// Whether the seat to move may play `move`: `TABLIC_RESULT_OK` or the reason it may not
/// (`TABLIC_RESULT_GAME_OVER`, `TABLIC_RESULT_CARD_NOT_IN_HAND`, `TABLIC_RESULT_CAPTURE_*`).
///
/// # Safety
/// `game` must be a live handle.
#[no_mangle]
pub unsafe extern "C" fn tablic_game_check(
    game: *const tablic_game,
    r#move: tablic_move,
) -> tablic_result {
    // SAFETY: the caller's guarantee is this function's.
    unsafe { read_game(game, |game| Ok(game.check(r#move.to_move()?)?)) }
}

/// Plays `move` for the seat to move. An illegal move changes nothing and returns why, as
/// `tablic_game_check`. `*played` (may be `NULL`) gets what the move did.
///
/// # Safety
/// `game` must be a live handle that no other thread uses; a non-null `played` valid for a
/// write.
#[no_mangle]
pub unsafe extern "C" fn tablic_game_play(
    game: *mut tablic_game,
    r#move: tablic_move,
    played: *mut tablic_played,
) -> tablic_result {
    with_boundary(|| {
        // SAFETY: the caller's guarantee.
        let handle = unsafe { borrow_mut(game) }?;
        let outcome = handle.game.play(r#move.to_move()?)?;
        // SAFETY: the caller's guarantee.
        unsafe { crate::boundary::write_optional(played, outcome.into()) };
        Ok(())
    })
}

/// The result of a finished game, one entry per seat (in a game of sides, each seat's share
/// of its side's, without the +3, which is the side's: `tablic_game_side_results`): the
/// first `capacity` seats go into `results` and `*count` gets the number of players
/// (`TABLIC_RESULT_BUFFER_TOO_SMALL` when it is more than `capacity`). Before the end:
/// `TABLIC_RESULT_GAME_NOT_OVER`.
///
/// # Safety
/// `game` must be a live handle; a non-null `results` valid for `capacity` writes; `count`
/// valid for a write.
#[no_mangle]
pub unsafe extern "C" fn tablic_game_result(
    game: *const tablic_game,
    results: *mut tablic_seat_result,
    capacity: usize,
    count: *mut usize,
) -> tablic_result {
    // SAFETY: the caller's guarantees are this function's.
    unsafe {
        read_game(game, |game| {
            let result = game.result().ok_or(tablic_result::GameNotOver)?;
            fill(
                results,
                capacity,
                count,
                result.seats().iter().map(|&seat| seat.into()),
            )
        })
    }
}

/// The winner of a finished game: the side with the highest total (the seat, when everyone
/// plays alone), or -1 when two or more share it. Before the end:
/// `TABLIC_RESULT_GAME_NOT_OVER`.
///
/// # Safety
/// `game` must be a live handle; `seat` valid for a write.
#[no_mangle]
pub unsafe extern "C" fn tablic_game_winner(
    game: *const tablic_game,
    seat: *mut i32,
) -> tablic_result {
    // SAFETY: the caller's guarantees are this function's.
    unsafe {
        read_game(game, |game| {
            let result = game.result().ok_or(tablic_result::GameNotOver)?;
            write_out(seat, seat_or_minus_one(result.winner()))
        })
    }
}
