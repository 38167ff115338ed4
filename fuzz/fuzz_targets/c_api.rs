//! Arbitrary sequences of C API calls with arbitrary arguments: `NULL` where a pointer
//! goes, buffers of any capacity (too small included), storage and search memory at any
//! offset (misaligned included), texts of any bytes, cards, sets and seats out of range,
//! moves legal or not, records, positions and bot specs of any text; positions of the live
//! games and games from the live positions, analysed. Built with AddressSanitizer, so
//! a write past a buffer, a use of freed memory or a leak fails the run; every call must
//! return a documented result code, never `TABLIC_RESULT_PANIC`.
//!
//! Handles are only used while live: the API does not promise to detect freed ones.
#![no_main]

use std::ffi::{c_char, c_void, CString};
use std::mem::zeroed;
use std::ptr::{null, null_mut};

use libfuzzer_sys::arbitrary::{self, Arbitrary};
use libfuzzer_sys::fuzz_target;
use tablic::analysis::{
    tablic_analysis, tablic_analysis_memory_bytes, tablic_analyze, tablic_move_analysis,
};
use tablic::bot::{
    tablic_bot_choose, tablic_bot_free, tablic_bot_memory_bytes, tablic_bot_new, tablic_bot_storage,
};
use tablic::captures::{tablic_capture_check, tablic_capture_count, tablic_captures};
use tablic::cards::{
    tablic_card_capture_value, tablic_card_format, tablic_card_index, tablic_card_parse,
    tablic_card_points, tablic_card_rank, tablic_card_suit, tablic_cards_format,
    tablic_cards_parse, tablic_cards_points,
};
use tablic::game::{
    tablic_game_check, tablic_game_free, tablic_game_history, tablic_game_is_finished,
    tablic_game_legal_moves, tablic_game_new, tablic_game_new_from_deck, tablic_game_play,
    tablic_game_players, tablic_game_result, tablic_game_seat, tablic_game_storage,
    tablic_game_table, tablic_game_to_move, tablic_game_view, tablic_game_winner, tablic_move,
};
use tablic::position::{
    tablic_game_new_from_position, tablic_position_describe, tablic_position_free,
    tablic_position_new_from_game, tablic_position_new_from_text, tablic_position_new_from_view,
    tablic_position_storage, tablic_position_text,
};
use tablic::record::{tablic_game_new_from_record, tablic_game_record};
use tablic::{tablic_bot, tablic_game, tablic_position, tablic_result, tablic_result_message};

/// Where a handle lives: the library's memory, or the caller's at a byte offset (a
/// misaligned one must be refused).
#[derive(Arbitrary, Debug, Clone, Copy)]
enum Place {
    Library,
    Caller(u8),
}

/// An output buffer: `NULL`, or this many slots.
#[derive(Arbitrary, Debug, Clone, Copy)]
enum Buffer {
    Null,
    Slots(u8),
}

/// Bots cheap enough to ask for a move many times per input.
const QUICK_BOTS: [&str; 3] = ["random", "greedy", "minimax:depth=1,nodes=200"];

/// Analyses cheap enough to ask for many times per input.
const QUICK_ANALYSES: [&str; 2] = ["pimc:samples=2,nodes=2000", "pimc:samples=1,nodes=5000"];

#[derive(Arbitrary, Debug)]
enum Call {
    GameNew {
        place: Place,
        players: u32,
        seed: u64,
    },
    GameFromDeck {
        place: Place,
        players: u32,
        deck: Vec<u8>,
        null_deck: bool,
    },
    GameFromRecord {
        place: Place,
        text: Vec<u8>,
        message: Buffer,
    },
    GameFree(u8),
    GameQuery {
        game: u8,
        what: u8,
        seat: u32,
        buffer: Buffer,
        null_out: bool,
    },
    GamePlay {
        game: u8,
        choice: u8,
        made_up: Option<(u8, u64)>,
        check_only: bool,
    },
    GameRecord {
        game: u8,
        buffer: Buffer,
    },
    BotNew {
        place: Place,
        spec: Spec,
        seed: u64,
        memory: Option<(u8, u16)>,
    },
    BotChoose {
        bot: u8,
        game: u8,
        seat: u32,
        null_out: bool,
    },
    BotFree(u8),
    BotMemory {
        spec: Vec<u8>,
        message: Buffer,
    },
    CardParse {
        text: Vec<u8>,
        set: bool,
        message: Buffer,
        null_out: bool,
    },
    CardFormat {
        cards: u64,
        set: bool,
        unicode: bool,
        buffer: Buffer,
    },
    CardNumbers {
        card: u8,
        rank: u8,
        suit: u8,
        cards: u64,
        null_out: bool,
    },
    Captures {
        table: u64,
        card: u8,
        capture: u64,
        buffer: Buffer,
        count: bool,
    },
    Message {
        code: u32,
        buffer: Buffer,
    },
    PositionFromText {
        place: Place,
        text: Vec<u8>,
        message: Buffer,
    },
    /// The position of a live game: with everything known, or as `seat` sees it.
    PositionOfGame {
        place: Place,
        game: u8,
        seat: Option<u32>,
        with_moves: bool,
        null_out: bool,
    },
    PositionQuery {
        position: u8,
        text: bool,
        buffer: Buffer,
        null_out: bool,
    },
    PositionFree(u8),
    GameFromPosition {
        place: Place,
        position: u8,
        null_out: bool,
    },
    /// A live position, or a live game as its seat to move sees it (or with everything
    /// known), analysed by a quick bot (or any text), within `nodes` (up to 5000) when
    /// exact, in the caller's memory: `bytes` of it, misaligned for an odd `offset`.
    Analyze {
        position: u8,
        game: Option<(u8, bool)>,
        spec: Spec,
        seed: u64,
        nodes: u16,
        memory: (u8, u16),
        moves: Buffer,
        message: Buffer,
        null_out: bool,
    },
}

/// A bot spec: one of the quick bots, or any text (created, never asked to move).
#[derive(Arbitrary, Debug)]
enum Spec {
    Quick(u8),
    Text(Vec<u8>),
}

/// Live handles and the caller memory they sit in (kept in place until freed).
#[derive(Default)]
struct Handles {
    games: Vec<(*mut tablic_game, Option<Box<[tablic_game_storage; 2]>>)>,
    bots: Vec<LiveBot>,
    positions: Vec<(
        *mut tablic_position,
        Option<Box<[tablic_position_storage; 2]>>,
    )>,
}

/// A bot handle, the caller's storage it may sit in and the search memory it may borrow.
struct LiveBot {
    handle: *mut tablic_bot,
    _storage: Option<Box<[tablic_bot_storage; 2]>>,
    _memory: Option<Vec<u64>>,
}

fuzz_target!(|calls: Vec<Call>| {
    let mut handles = Handles::default();
    for call in calls.into_iter().take(64) {
        run(call, &mut handles);
    }
    // Each handle is freed before the caller memory it sits in.
    for (game, storage) in handles.games.drain(..) {
        unsafe { tablic_game_free(game) };
        drop(storage);
    }
    for bot in handles.bots.drain(..) {
        unsafe { tablic_bot_free(bot.handle) };
        drop(bot);
    }
    for (position, storage) in handles.positions.drain(..) {
        unsafe { tablic_position_free(position) };
        drop(storage);
    }
});

/// A documented code that is not a panic stopped at the boundary.
fn documented(result: tablic_result) -> tablic_result {
    assert_ne!(result, tablic_result::Panic, "the library panicked");
    result
}

/// A NUL-terminated copy of `bytes` cut at its first NUL.
fn text(bytes: &[u8]) -> CString {
    let end = bytes
        .iter()
        .position(|&byte| byte == 0)
        .unwrap_or(bytes.len());
    CString::new(&bytes[..end]).unwrap()
}

/// The pointer and capacity of a buffer of `T`s, made for the call.
fn slots<T: Clone>(buffer: Buffer, empty: T) -> (Vec<T>, bool) {
    match buffer {
        Buffer::Null => (Vec::new(), true),
        Buffer::Slots(count) => (vec![empty; usize::from(count)], false),
    }
}

/// Where a call writes one value: `value`, or `NULL` when `null` says so.
fn out<T>(value: &mut T, null: bool) -> *mut T {
    if null {
        null_mut()
    } else {
        value
    }
}

fn pointer<T>(vector: &mut [T], null: bool) -> *mut T {
    if null {
        null_mut()
    } else {
        vector.as_mut_ptr()
    }
}

/// Storage in the caller's memory at `offset` bytes into a box of two, or none.
fn storage<S>(place: Place, boxed: &mut Option<Box<[S; 2]>>) -> *mut S {
    match place {
        Place::Library => null_mut(),
        Place::Caller(offset) => {
            let memory = boxed.insert(Box::new(unsafe { zeroed() }));
            let size = std::mem::size_of::<S>();
            let offset = usize::from(offset) % size;
            unsafe { memory.as_mut_ptr().cast::<u8>().add(offset).cast::<S>() }
        }
    }
}

fn is_misaligned(place: Place) -> bool {
    matches!(place, Place::Caller(offset) if offset % 8 != 0)
}

fn game_at(handles: &Handles, index: u8) -> Option<*mut tablic_game> {
    let count = handles.games.len();
    (count > 0).then(|| handles.games[usize::from(index) % count].0)
}

fn position_at(handles: &Handles, index: u8) -> Option<*mut tablic_position> {
    let count = handles.positions.len();
    (count > 0).then(|| handles.positions[usize::from(index) % count].0)
}

fn run(call: Call, handles: &mut Handles) {
    match call {
        Call::GameNew {
            place,
            players,
            seed,
        } => {
            let mut boxed = None;
            let mut game = null_mut();
            let result = documented(unsafe {
                tablic_game_new(storage(place, &mut boxed), players, seed, &mut game)
            });
            created_game(handles, result, game, boxed, place);
        }
        Call::GameFromDeck {
            place,
            players,
            deck,
            null_deck,
        } => {
            let mut boxed = None;
            let mut game = null_mut();
            let deck_pointer = if null_deck { null() } else { deck.as_ptr() };
            let result = documented(unsafe {
                tablic_game_new_from_deck(
                    storage(place, &mut boxed),
                    players,
                    deck_pointer,
                    deck.len(),
                    &mut game,
                )
            });
            created_game(handles, result, game, boxed, place);
        }
        Call::GameFromRecord {
            place,
            text: bytes,
            message,
        } => {
            let mut boxed = None;
            let mut game = null_mut();
            let record = text(&bytes);
            let (mut buffer, null) = slots(message, 0 as c_char);
            let result = documented(unsafe {
                tablic_game_new_from_record(
                    storage(place, &mut boxed),
                    record.as_ptr(),
                    &mut game,
                    pointer(&mut buffer, null),
                    buffer.len(),
                )
            });
            message_is_terminated(&buffer, result);
            created_game(handles, result, game, boxed, place);
        }
        Call::GameFree(index) => {
            if !handles.games.is_empty() {
                let (game, storage) = handles
                    .games
                    .remove(usize::from(index) % handles.games.len());
                unsafe { tablic_game_free(game) };
                drop(storage);
            }
        }
        Call::GameQuery {
            game,
            what,
            seat,
            buffer,
            null_out,
        } => {
            let Some(game) = game_at(handles, game) else {
                return;
            };
            query(game, what, seat, buffer, null_out);
        }
        Call::GamePlay {
            game,
            choice,
            made_up,
            check_only,
        } => {
            let Some(game) = game_at(handles, game) else {
                return;
            };
            play(game, choice, made_up, check_only);
        }
        Call::GameRecord { game, buffer } => {
            let Some(game) = game_at(handles, game) else {
                return;
            };
            let (mut text, null) = slots(buffer, 0 as c_char);
            let mut length = 0;
            let result = documented(unsafe {
                tablic_game_record(game, pointer(&mut text, null), text.len(), &mut length)
            });
            written_text(&text, length, result);
        }
        Call::BotNew {
            place,
            spec,
            seed,
            memory,
        } => {
            let spec_text = match &spec {
                Spec::Quick(index) => {
                    CString::new(QUICK_BOTS[usize::from(*index) % QUICK_BOTS.len()]).unwrap()
                }
                Spec::Text(bytes) => text(bytes),
            };
            let mut boxed = None;
            let storage_pointer = storage(place, &mut boxed);
            let mut words = memory.map(|(_, bytes)| vec![0u64; usize::from(bytes) / 8 + 1]);
            let (memory_pointer, memory_bytes) = match (&mut words, memory) {
                (Some(words), Some((offset, bytes))) => {
                    let offset = usize::from(offset % 8);
                    let start = unsafe { words.as_mut_ptr().cast::<u8>().add(offset) };
                    let bytes = usize::from(bytes).min(words.len() * 8 - offset);
                    (start.cast::<c_void>(), bytes)
                }
                _ => (null_mut(), 0),
            };
            let mut bot = null_mut();
            let result = documented(unsafe {
                tablic_bot_new(
                    storage_pointer,
                    spec_text.as_ptr(),
                    seed,
                    memory_pointer,
                    memory_bytes,
                    &mut bot,
                    null_mut(),
                    0,
                )
            });
            if is_misaligned(place) {
                assert_ne!(result, tablic_result::Ok, "misaligned bot storage accepted");
            }
            if result == tablic_result::Ok {
                assert!(!bot.is_null());
                if matches!(spec, Spec::Quick(_)) {
                    handles.bots.push(LiveBot {
                        handle: bot,
                        _storage: boxed,
                        _memory: words,
                    });
                } else {
                    unsafe { tablic_bot_free(bot) };
                }
            }
        }
        Call::BotChoose {
            bot,
            game,
            seat,
            null_out,
        } => {
            let Some(game) = game_at(handles, game) else {
                return;
            };
            if handles.bots.is_empty() {
                return;
            }
            let bot = handles.bots[usize::from(bot) % handles.bots.len()].handle;
            let mut chosen: tablic_move = unsafe { zeroed() };
            let out = out(&mut chosen, null_out);
            let result = documented(unsafe { tablic_bot_choose(bot, game, seat, out) });
            if result == tablic_result::Ok {
                assert_eq!(
                    documented(unsafe { tablic_game_check(game, chosen) }),
                    tablic_result::Ok
                );
            }
        }
        Call::BotFree(index) => {
            if !handles.bots.is_empty() {
                let bot = handles.bots.remove(usize::from(index) % handles.bots.len());
                unsafe { tablic_bot_free(bot.handle) };
                drop(bot);
            }
        }
        Call::BotMemory { spec, message } => {
            let spec = text(&spec);
            let (mut buffer, null) = slots(message, 0 as c_char);
            let mut bytes = 0;
            let result = documented(unsafe {
                tablic_bot_memory_bytes(
                    spec.as_ptr(),
                    &mut bytes,
                    pointer(&mut buffer, null),
                    buffer.len(),
                )
            });
            message_is_terminated(&buffer, result);
        }
        Call::CardParse {
            text: bytes,
            set,
            message,
            null_out,
        } => {
            let card_text = text(&bytes);
            let (mut buffer, null) = slots(message, 0 as c_char);
            let (mut card, mut cards) = (0u8, 0u64);
            let result = documented(unsafe {
                if set {
                    let out = out(&mut cards, null_out);
                    tablic_cards_parse(
                        card_text.as_ptr(),
                        out,
                        pointer(&mut buffer, null),
                        buffer.len(),
                    )
                } else {
                    let out = out(&mut card, null_out);
                    tablic_card_parse(
                        card_text.as_ptr(),
                        out,
                        pointer(&mut buffer, null),
                        buffer.len(),
                    )
                }
            });
            if null_out {
                assert_eq!(result, tablic_result::NullArgument);
            }
            if result == tablic_result::Ok {
                assert!(card < 52 && cards >> 52 == 0);
            }
            message_is_terminated(&buffer, result);
        }
        Call::CardFormat {
            cards,
            set,
            unicode,
            buffer,
        } => {
            let (mut text, null) = slots(buffer, 0 as c_char);
            let mut length = 0;
            let result = documented(unsafe {
                if set {
                    tablic_cards_format(
                        cards,
                        unicode,
                        pointer(&mut text, null),
                        text.len(),
                        &mut length,
                    )
                } else {
                    tablic_card_format(
                        cards as u8,
                        unicode,
                        pointer(&mut text, null),
                        text.len(),
                        &mut length,
                    )
                }
            });
            written_text(&text, length, result);
        }
        Call::CardNumbers {
            card,
            rank,
            suit,
            cards,
            null_out,
        } => {
            let (mut byte, mut word) = (0u8, 0u32);
            let byte_out = out(&mut byte, null_out);
            let word_out = out(&mut word, null_out);
            unsafe {
                documented(tablic_card_index(rank, suit, byte_out));
                documented(tablic_card_rank(card, byte_out));
                documented(tablic_card_suit(card, byte_out));
                documented(tablic_card_points(card, word_out));
                documented(tablic_card_capture_value(card, word_out));
                documented(tablic_cards_points(cards, word_out));
            }
        }
        Call::Captures {
            table,
            card,
            capture,
            buffer,
            count,
        } => {
            documented(tablic_capture_check(table, card, capture));
            let (mut listed, null) = slots(buffer, 0u64);
            let mut found = 0usize;
            let result = documented(unsafe {
                tablic_captures(
                    table,
                    card,
                    pointer(&mut listed, null),
                    listed.len(),
                    &mut found,
                )
            });
            if result == tablic_result::Ok {
                assert!(found <= listed.len());
            }
            // Counting is exhaustive: on a crowded table it takes minutes, as documented.
            if count && table.count_ones() <= 16 {
                let mut total = 0u64;
                let counted = documented(unsafe { tablic_capture_count(table, card, &mut total) });
                if result == tablic_result::Ok || result == tablic_result::BufferTooSmall {
                    assert_eq!(counted, tablic_result::Ok);
                    assert_eq!(total, found as u64);
                }
            }
        }
        Call::Message { code, buffer } => {
            let (mut text, null) = slots(buffer, 0 as c_char);
            let mut length = 0;
            let result = documented(unsafe {
                tablic_result_message(code, pointer(&mut text, null), text.len(), &mut length)
            });
            written_text(&text, length, result);
        }
        Call::PositionFromText {
            place,
            text: bytes,
            message,
        } => {
            let mut boxed = None;
            let mut position = null_mut();
            let position_text = text(&bytes);
            let (mut buffer, null) = slots(message, 0 as c_char);
            let result = documented(unsafe {
                tablic_position_new_from_text(
                    storage(place, &mut boxed),
                    position_text.as_ptr(),
                    &mut position,
                    pointer(&mut buffer, null),
                    buffer.len(),
                )
            });
            message_is_terminated(&buffer, result);
            created_position(handles, result, position, boxed, place);
        }
        Call::PositionOfGame {
            place,
            game,
            seat,
            with_moves,
            null_out,
        } => {
            let Some(game) = game_at(handles, game) else {
                return;
            };
            let mut boxed = None;
            let mut position = null_mut();
            let out = out(&mut position, null_out);
            let result = documented(unsafe {
                let storage = storage(place, &mut boxed);
                match seat {
                    Some(seat) => {
                        tablic_position_new_from_view(storage, game, seat, with_moves, out)
                    }
                    None => tablic_position_new_from_game(storage, game, with_moves, out),
                }
            });
            if null_out {
                assert_eq!(result, tablic_result::NullArgument);
            }
            if result == tablic_result::Ok {
                reads_back(position);
            }
            created_position(handles, result, position, boxed, place);
        }
        Call::PositionQuery {
            position,
            text,
            buffer,
            null_out,
        } => {
            let Some(position) = position_at(handles, position) else {
                return;
            };
            position_query(position, text, buffer, null_out);
        }
        Call::PositionFree(index) => {
            if !handles.positions.is_empty() {
                let (position, storage) = handles
                    .positions
                    .remove(usize::from(index) % handles.positions.len());
                unsafe { tablic_position_free(position) };
                drop(storage);
            }
        }
        Call::GameFromPosition {
            place,
            position,
            null_out,
        } => {
            let Some(position) = position_at(handles, position) else {
                return;
            };
            let mut boxed = None;
            let mut game = null_mut();
            let out = out(&mut game, null_out);
            let result = documented(unsafe {
                tablic_game_new_from_position(storage(place, &mut boxed), position, out)
            });
            if null_out {
                assert_eq!(result, tablic_result::NullArgument);
            } else if !is_misaligned(place) {
                assert_eq!(result, tablic_result::Ok, "a position gave no game");
            }
            created_game(handles, result, game, boxed, place);
        }
        call @ Call::Analyze { .. } => analyze(handles, call),
    }
}

/// One analysis: a documented code, and on success figures that hang together.
fn analyze(handles: &Handles, call: Call) {
    let Call::Analyze {
        position,
        game,
        spec,
        seed,
        nodes,
        memory: (offset, bytes),
        moves,
        message,
        null_out,
    } = call
    else {
        return;
    };
    let made = game.and_then(|(game, everything)| position_to_move(handles, game, everything));
    let Some(position) = made.or_else(|| position_at(handles, position)) else {
        return;
    };
    analyze_position(
        position,
        spec,
        seed,
        nodes,
        (offset, bytes),
        moves,
        message,
        null_out,
    );
    if let Some(made) = made {
        unsafe { tablic_position_free(made) };
    }
}

/// The position of a live game as its seat to move sees it, or with everything known.
fn position_to_move(handles: &Handles, game: u8, everything: bool) -> Option<*mut tablic_position> {
    let game = game_at(handles, game)?;
    let mut seat = -1;
    let mut position = null_mut();
    let result = unsafe {
        tablic_game_to_move(game, &mut seat);
        match u32::try_from(seat) {
            Ok(seat) if !everything => {
                tablic_position_new_from_view(null_mut(), game, seat, false, &mut position)
            }
            _ => tablic_position_new_from_game(null_mut(), game, false, &mut position),
        }
    };
    assert_eq!(documented(result), tablic_result::Ok);
    Some(position)
}

#[allow(clippy::too_many_arguments)]
fn analyze_position(
    position: *mut tablic_position,
    spec: Spec,
    seed: u64,
    nodes: u16,
    (offset, bytes): (u8, u16),
    moves: Buffer,
    message: Buffer,
    null_out: bool,
) {
    let spec = match spec {
        Spec::Quick(index) => CString::new(QUICK_ANALYSES[usize::from(index) % 2]).unwrap(),
        Spec::Text(bytes) => text(&bytes),
    };
    // Any text may name a slow pimc: only its memory is asked for.
    let quick = QUICK_ANALYSES
        .iter()
        .any(|quick| quick.as_bytes() == spec.as_bytes())
        || !String::from_utf8_lossy(spec.as_bytes())
            .to_lowercase()
            .contains("pimc");
    let (mut buffer, null_message) = slots(message, 0 as c_char);
    let (mut least, mut best) = (0, 0);
    let result = documented(unsafe {
        tablic_analysis_memory_bytes(
            position,
            spec.as_ptr(),
            &mut least,
            &mut best,
            pointer(&mut buffer, null_message),
            buffer.len(),
        )
    });
    message_is_terminated(&buffer, result);
    if result == tablic_result::Ok {
        assert!(least <= best);
    }
    if !quick {
        return;
    }
    let mut words = vec![0u64; usize::from(bytes) / 8 + 1];
    // Aligned, or 4 bytes off (to be refused), half the time each.
    let shift = usize::from(offset & 1) * 4;
    let memory = unsafe { words.as_mut_ptr().cast::<u8>().add(shift) };
    let empty: tablic_move_analysis = unsafe { zeroed() };
    let (mut found, null_moves) = slots(moves, empty);
    let mut summary: tablic_analysis = unsafe { zeroed() };
    let mut count = 0;
    let result = documented(unsafe {
        tablic_analyze(
            position,
            spec.as_ptr(),
            seed,
            u64::from(nodes % 5000),
            memory.cast::<c_void>(),
            usize::from(bytes),
            pointer(&mut found, null_moves),
            found.len(),
            out(&mut count, null_out),
            &mut summary,
            pointer(&mut buffer, null_message),
            buffer.len(),
        )
    });
    message_is_terminated(&buffer, result);
    if null_out {
        assert_eq!(result, tablic_result::NullArgument);
    }
    if result != tablic_result::Ok {
        return;
    }
    assert_eq!(shift, 0, "misaligned memory accepted");
    assert!(count >= 1 && count <= found.len() && summary.moves as usize == count);
    assert!(summary.line_length as usize <= summary.line.len());
    let found = &found[..count];
    assert_eq!(found[0].r#move, summary.best);
    assert_eq!(found[0].loss, 0.0);
    for pair in found.windows(2) {
        assert!(pair[0].margin >= pair[1].margin && pair[1].loss >= 0.0);
    }
}

fn created_position(
    handles: &mut Handles,
    result: tablic_result,
    position: *mut tablic_position,
    boxed: Option<Box<[tablic_position_storage; 2]>>,
    place: Place,
) {
    if is_misaligned(place) {
        assert_ne!(
            result,
            tablic_result::Ok,
            "misaligned position storage accepted"
        );
    }
    if result == tablic_result::Ok {
        assert!(!position.is_null());
        handles.positions.push((position, boxed));
    }
}

/// A position's text reads back to a position that writes the same text.
fn reads_back(position: *mut tablic_position) {
    let mut written = vec![0 as c_char; 1024];
    let mut length = 0;
    let result = documented(unsafe {
        tablic_position_text(position, written.as_mut_ptr(), written.len(), &mut length)
    });
    assert_eq!(
        result,
        tablic_result::Ok,
        "a position longer than 1024 bytes"
    );
    let mut again = null_mut();
    let result = documented(unsafe {
        tablic_position_new_from_text(null_mut(), written.as_ptr(), &mut again, null_mut(), 0)
    });
    assert_eq!(result, tablic_result::Ok, "a position's own text refused");
    let mut rewritten = vec![0 as c_char; 1024];
    documented(unsafe {
        tablic_position_text(again, rewritten.as_mut_ptr(), rewritten.len(), null_mut())
    });
    unsafe { tablic_position_free(again) };
    assert_eq!(&written[..=length], &rewritten[..=length]);
}

/// The position's text (which reads back), or what it says at a glance, chosen by `text`.
fn position_query(position: *mut tablic_position, text: bool, buffer: Buffer, null_out: bool) {
    unsafe {
        if text {
            let (mut written, null) = slots(buffer, 0 as c_char);
            let mut length = 0;
            let result = documented(tablic_position_text(
                position,
                pointer(&mut written, null),
                written.len(),
                &mut length,
            ));
            written_text(&written, length, result);
            if result == tablic_result::Ok {
                reads_back(position);
            }
        } else {
            let mut info = zeroed();
            let out = out(&mut info, null_out);
            let result = documented(tablic_position_describe(position, out));
            if result == tablic_result::Ok {
                assert!(info.plies <= 48 && info.undealt <= 48 && info.table >> 52 == 0);
            }
        }
    }
}

fn created_game(
    handles: &mut Handles,
    result: tablic_result,
    game: *mut tablic_game,
    boxed: Option<Box<[tablic_game_storage; 2]>>,
    place: Place,
) {
    if is_misaligned(place) {
        assert_ne!(
            result,
            tablic_result::Ok,
            "misaligned game storage accepted"
        );
    }
    if result == tablic_result::Ok {
        assert!(!game.is_null());
        handles.games.push((game, boxed));
    }
}

/// A message buffer holds a NUL-terminated text after a failure (when it has room).
fn message_is_terminated(buffer: &[c_char], result: tablic_result) {
    if result != tablic_result::Ok && !buffer.is_empty() {
        assert!(buffer.contains(&0), "message not terminated");
    }
}

/// After a text is written, the buffer holds `length` bytes of UTF-8 and a NUL.
fn written_text(buffer: &[c_char], length: usize, result: tablic_result) {
    if result == tablic_result::Ok {
        assert!(length < buffer.len());
        assert_eq!(buffer[length], 0);
        let bytes: Vec<u8> = buffer[..length].iter().map(|&byte| byte as u8).collect();
        assert!(std::str::from_utf8(&bytes).is_ok());
    } else if result == tablic_result::BufferTooSmall {
        assert!(length >= buffer.len());
    }
}

/// One of the game's queries, chosen by `what`.
fn query(game: *mut tablic_game, what: u8, seat: u32, buffer: Buffer, null_out: bool) {
    unsafe {
        match what % 10 {
            0 => {
                let mut players = 0u32;
                let out = out(&mut players, null_out);
                documented(tablic_game_players(game, out));
            }
            1 => {
                let mut seat = 0;
                let out = out(&mut seat, null_out);
                documented(tablic_game_to_move(game, out));
            }
            2 => {
                let mut finished = false;
                let out = out(&mut finished, null_out);
                documented(tablic_game_is_finished(game, out));
            }
            3 => {
                let mut table = 0u64;
                let out = out(&mut table, null_out);
                documented(tablic_game_table(game, out));
            }
            4 => {
                let mut view = zeroed();
                let out = out(&mut view, null_out);
                documented(tablic_game_view(game, seat, out));
            }
            5 => {
                let mut info = zeroed();
                let out = out(&mut info, null_out);
                documented(tablic_game_seat(game, seat, out));
            }
            6 | 7 => {
                let (mut moves, null) = slots(buffer, zeroed::<tablic_move>());
                let mut count = 0;
                let count_out = out(&mut count, null_out);
                let list = if what % 10 == 6 {
                    tablic_game_legal_moves
                } else {
                    tablic_game_history
                };
                let result = documented(list(
                    game,
                    pointer(&mut moves, null),
                    moves.len(),
                    count_out,
                ));
                if result == tablic_result::Ok {
                    assert!(count <= moves.len());
                }
            }
            8 => {
                let (mut results, null) = slots(buffer, zeroed());
                let mut count = 0;
                documented(tablic_game_result(
                    game,
                    pointer(&mut results, null),
                    results.len(),
                    &mut count,
                ));
            }
            _ => {
                let mut winner = 0;
                let out = out(&mut winner, null_out);
                documented(tablic_game_winner(game, out));
            }
        }
    }
}

/// Plays (or checks) the `choice`-th legal move, or a made-up move that must be refused
/// unless it is legal; check and play agree.
fn play(game: *mut tablic_game, choice: u8, made_up: Option<(u8, u64)>, check_only: bool) {
    unsafe {
        let mut moves = vec![zeroed::<tablic_move>(); 256];
        let mut count = 0;
        let listed = documented(tablic_game_legal_moves(
            game,
            moves.as_mut_ptr(),
            moves.len(),
            &mut count,
        ));
        let legal = &moves[..if listed == tablic_result::Ok {
            count
        } else {
            0
        }];
        let chosen = match made_up {
            Some((card, capture)) => tablic_move { card, capture },
            None if legal.is_empty() => tablic_move {
                card: choice,
                capture: 0,
            },
            None => legal[usize::from(choice) % legal.len()],
        };
        let checked = documented(tablic_game_check(game, chosen));
        if listed == tablic_result::Ok {
            assert_eq!(
                checked == tablic_result::Ok,
                legal.contains(&chosen),
                "{chosen:?}"
            );
        }
        if !check_only {
            let mut played = zeroed();
            let result = documented(tablic_game_play(game, chosen, &mut played));
            assert_eq!(result, checked, "play and check disagree on {chosen:?}");
        }
    }
}
