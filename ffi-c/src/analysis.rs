//! Analysis: every legal move of a position valued by the core's analysis, from a seat's
//! view over the PIMC bot's sampled worlds or exactly with everything known, as
//! `tablic analyze` values them.
//!
//! Builds with `std` only: a standard error is the square root of the core's variance, and
//! `core` has no square root.

use core::ffi::{c_char, c_void};
use core::mem::size_of;

use tablic_core::analysis::{
    analyze_game, analyze_view, values_needed, weighing_options, Analysis, AnalysisError, Mark,
    MoveTally, EXACT_ENTRIES,
};
use tablic_core::bots::solver::Entry;
use tablic_core::bots::{
    Bot, BotSpec, Horizon, PimcBot, PimcOptions, CROWDED_TABLE, MAX_ROOT_MOVES,
};
use tablic_core::game::MOVES_PER_GAME;
use tablic_core::{Game, Move, Position};

use crate::boundary::{borrow, output_slice, require, with_boundary, write_out};
use crate::game::tablic_move;
use crate::position::tablic_position;
use crate::result::tablic_result;
use crate::text::{read_text, write_message};

/// The most legal moves an analysis values: `moves` with this many slots always suffices.
pub const TABLIC_MAX_ANALYSED_MOVES: usize = 256;
const _: () = assert!(TABLIC_MAX_ANALYSED_MOVES == MAX_ROOT_MOVES);

/// The moves of a whole game: the longest best line.
pub const TABLIC_MAX_LINE: usize = 48;
const _: () = assert!(TABLIC_MAX_LINE == MOVES_PER_GAME);

// `TABLIC_RESULT_CROWDED_TABLE`'s message names the limit.
const _: () = assert!(CROWDED_TABLE == 20);

/// How a move compares with the best (`tablic_move_analysis.mark`).
#[repr(C)]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum tablic_mark {
    /// As good as the best, or not clearly worse by a point.
    None = 0,
    /// A mistake, `?`: clearly worse, by a point or more.
    Mistake = 1,
    /// A blunder, `??`: clearly worse, by three points or more.
    Blunder = 2,
}

/// How far ahead the moves were solved (`tablic_analysis.horizon`).
#[repr(C)]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum tablic_horizon {
    /// To the end of the game.
    GameEnd = 0,
    /// To the end of the current deal, where the table stays unclaimed.
    DealEnd = 1,
    /// `horizon_moves` moves ahead, short of the deal's end.
    Moves = 2,
    /// To the end of the current deal, and the learned evaluation of the rest of the game
    /// there (a bot with `learned=1`, in a game of two players under the original rules).
    LearnedDealEnd = 3,
}

/// One legal move and what the analysis says of it, in points of margin: the seat's points
/// and tablas minus the others' mean, at the horizon (short of the game's end each card of
/// lead counts a third of a point).
#[repr(C)]
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct tablic_move_analysis {
    /// The move.
    pub r#move: tablic_move,
    /// Its mean margin over the worlds.
    pub margin: f64,
    /// The standard error of `margin`: 0 when exact, NaN from a single sampled world.
    pub margin_se: f64,
    /// The share of worlds in which the seat is ahead at the horizon, 0 to 1.
    pub ahead: f64,
    /// Points lost against the best move, world by world (0 for the best).
    pub loss: f64,
    /// The standard error of `loss`, from the differences paired world by world.
    pub loss_se: f64,
    /// A clear mistake or blunder, or neither.
    pub mark: tablic_mark,
    /// Worlds the move was solved in.
    pub worlds: u32,
}

/// What an analysis found beyond each move's figures (`tablic_analyze`).
#[repr(C)]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct tablic_analysis {
    /// The seat to move, whose moves these are.
    pub seat: u32,
    /// True when the values are exact: everything was known, or the hidden cards could lie
    /// one way only (the other hand of two players' last deal).
    pub exact: bool,
    /// How far ahead the moves were solved.
    pub horizon: tablic_horizon,
    /// With `TABLIC_HORIZON_MOVES`, how many moves ahead; else 0.
    pub horizon_moves: u32,
    /// Worlds solved (1 when exact).
    pub worlds: u32,
    /// Worlds sampled and left out, as their solve ran out of its node budget.
    pub left_out: u32,
    /// Legal moves valued: the count `tablic_analyze` writes.
    pub moves: u32,
    /// The best move.
    pub best: tablic_move,
    /// True for a seat's position: `bot_move` is the move the bot plays with this seed.
    pub has_bot_move: bool,
    /// The bot's move, or zeros.
    pub bot_move: tablic_move,
    /// Nodes the solver searched.
    pub nodes: u64,
    /// Moves in `line`: with everything known, the best line to the end of the game; else 0.
    pub line_length: u32,
    /// The best line, this move first (with more than two players, the others play against
    /// the seat).
    pub line: [tablic_move; TABLIC_MAX_LINE],
}

/// The options of the bot that weighs a seat's moves, which must be PIMC; else
/// `InvalidBot` with the reason in `message`.
///
/// # Safety
/// As `read_text`; a non-null `message` must be valid for `message_capacity` bytes.
unsafe fn judging_bot(
    bot: *const c_char,
    message: *mut c_char,
    message_capacity: usize,
) -> Result<PimcOptions, tablic_result> {
    // SAFETY: the caller's guarantee.
    let parsed = unsafe { read_text(bot) }?.parse::<BotSpec>();
    let refused = |reason: &dyn core::fmt::Display| {
        // SAFETY: the caller's guarantee.
        unsafe { write_message(message, message_capacity, reason) };
        Err(tablic_result::InvalidBot)
    };
    match parsed.map(|spec| weighing_options(&spec)) {
        Ok(Ok(options)) => Ok(options),
        Ok(Err(error)) => refused(&error),
        Err(error) => refused(&error),
    }
}

/// What `position` asks for: a seat's view with the values it needs, or everything known.
enum Request {
    Seat {
        game: Game,
        seat: usize,
        values: usize,
        entries: usize,
    },
    Everything(Game),
}

impl Request {
    fn of(position: &Position, options: &PimcOptions) -> Result<Request, tablic_result> {
        let game = Game::from_position(position);
        Ok(match position.seat() {
            Some(seat) => {
                let view = game.view(seat).ok_or(tablic_result::InvalidSeat)?;
                let values = values_needed(&view, options);
                let entries = BotSpec::Pimc(*options).memory_entries();
                Request::Seat {
                    game,
                    seat,
                    values,
                    entries,
                }
            }
            None => Request::Everything(game),
        })
    }

    /// Values the analysis needs, and transposition-table entries it works best with.
    fn memory(&self) -> (usize, usize) {
        match *self {
            Request::Seat {
                values, entries, ..
            } => (values, entries),
            Request::Everything(_) => (0, EXACT_ENTRIES),
        }
    }
}

/// Bytes for `values` values, rounded up so that the entries after them are aligned.
const fn values_bytes(values: usize) -> usize {
    (values * size_of::<i32>()).next_multiple_of(size_of::<u64>())
}

/// The bytes of memory `tablic_analyze` needs for `position` and `bot` at least
/// (`*least`: a seat's values of every move in every world; 0 with everything known) and
/// works best with (`*best`: the solver's transposition table too). Between the two it
/// works, more slowly. On failure, writes why into `message` (may be `NULL`).
///
/// # Safety
/// `position` must be a live handle; `bot` a NUL-terminated string; `least` and `best`
/// valid for writes; a non-null `message` valid for `message_capacity` bytes.
#[no_mangle]
pub unsafe extern "C" fn tablic_analysis_memory_bytes(
    position: *const tablic_position,
    bot: *const c_char,
    least: *mut usize,
    best: *mut usize,
    message: *mut c_char,
    message_capacity: usize,
) -> tablic_result {
    with_boundary(|| {
        require(least)?;
        require(best)?;
        // SAFETY: the caller's guarantees are this function's.
        unsafe {
            let position = &borrow(position)?.position;
            let options = judging_bot(bot, message, message_capacity)?;
            let (values, entries) = Request::of(position, &options)?.memory();
            write_out(least, values_bytes(values))?;
            write_out(best, values_bytes(values) + entries * size_of::<Entry>())
        }
    })
}

/// Values every legal move of the seat to move in `position`, as `tablic analyze` does
/// (builds with `std` only).
///
/// - A seat's position is analysed from that seat's view alone: `bot` (`pimc` or
///   `pimc:samples=N,nodes=N`) samples the cards the seat has not seen as it does when it
///   plays, from `seed`, and every legal move is solved in every world, to the bot's
///   horizon, each within the bot's nodes. `analysis->bot_move` is the move the bot plays
///   from there with `seed`.
/// - A position with everything known is solved exactly to the end of the game within
///   `nodes` nodes (`tablic analyze` gives 100000000), with the best
///   line in `analysis->line`.
///
/// `memory`, `memory_bytes`: working memory, 8-byte aligned, at least the `least` bytes of
/// `tablic_analysis_memory_bytes` (`TABLIC_RESULT_BUFFER_TOO_SMALL` otherwise), best its
/// `best`; `NULL` lets the library allocate what works best. It is free again when the call
/// returns.
///
/// The moves go into `moves`, best first, and `*count` gets how many there are; when that
/// is more than `capacity` the result is `TABLIC_RESULT_BUFFER_TOO_SMALL` and nothing else
/// is written (`TABLIC_MAX_ANALYSED_MOVES` slots always suffice). `*analysis` gets the rest.
/// Memory smaller than `least` also gives `TABLIC_RESULT_BUFFER_TOO_SMALL`, with no count
/// and the size in `message`.
///
/// What cannot be analysed returns its reason, also written into `message` (may be `NULL`):
/// `TABLIC_RESULT_INVALID_BOT`, `TABLIC_RESULT_GAME_OVER`, `TABLIC_RESULT_OUT_OF_BUDGET`
/// (every world, or the exact solve, ran out of its nodes), `TABLIC_RESULT_CROWDED_TABLE`,
/// `TABLIC_RESULT_TOO_MANY_MOVES`.
///
/// # Safety
/// `position` must be a live handle; `bot` a NUL-terminated string; a non-null `memory`
/// valid for `memory_bytes` bytes of reads and writes, used by nothing else during the
/// call; a non-null `moves` valid for `capacity` writes (`NULL` is fine with `capacity`
/// 0); `count` and `analysis` valid for writes; a non-null `message` valid for
/// `message_capacity` bytes.
#[no_mangle]
pub unsafe extern "C" fn tablic_analyze(
    position: *const tablic_position,
    bot: *const c_char,
    seed: u64,
    nodes: u64,
    memory: *mut c_void,
    memory_bytes: usize,
    moves: *mut tablic_move_analysis,
    capacity: usize,
    count: *mut usize,
    analysis: *mut tablic_analysis,
    message: *mut c_char,
    message_capacity: usize,
) -> tablic_result {
    with_boundary(|| {
        require(count)?;
        require(analysis)?;
        // SAFETY: the caller's guarantees are this function's.
        unsafe {
            let slots = output_slice(moves, capacity)?;
            let position = &borrow(position)?.position;
            let options = judging_bot(bot, message, message_capacity)?;
            let request = Request::of(position, &options)?;
            let (values, entries) = request.memory();
            let analysed = with_memory(memory, memory_bytes, values, entries, |values, entries| {
                request.analyze(&options, seed, nodes, values, entries)
            })
            .inspect_err(|&code| {
                if code == tablic_result::BufferTooSmall {
                    let least = values_bytes(values);
                    let reason = format_args!("the memory must be at least {least} bytes");
                    write_message(message, message_capacity, reason);
                }
            })?
            .map_err(|error| {
                write_message(message, message_capacity, error);
                analysis_result(error)
            })?;
            let (found, bot_move) = analysed;
            let tallies = found.moves();
            write_out(count, tallies.len())?;
            if tallies.len() > capacity {
                return Err(tablic_result::BufferTooSmall);
            }
            for (slot, tally) in slots.iter_mut().zip(tallies) {
                slot.write(move_analysis(tally));
            }
            write_out(analysis, summary(&found, bot_move))
        }
    })
}

impl Request {
    /// The analysis, and the bot's move for a seat's position.
    fn analyze(
        &self,
        options: &PimcOptions,
        seed: u64,
        nodes: u64,
        values: &mut [i32],
        entries: &mut [Entry],
    ) -> Result<(Analysis, Option<Move>), AnalysisError> {
        match self {
            Request::Seat { game, seat, .. } => {
                // Not reached: the seat is the position's own.
                let view = game.view(*seat).ok_or(AnalysisError::GameOver)?;
                let found = analyze_view(&view, options, seed, entries, values)?;
                let bot_move = PimcBot::new(*options, seed, entries).choose(&view);
                Ok((found, Some(bot_move)))
            }
            Request::Everything(game) => Ok((analyze_game(game, Some(nodes), entries)?, None)),
        }
    }
}

/// The result code of an analysis that failed.
fn analysis_result(error: AnalysisError) -> tablic_result {
    match error {
        AnalysisError::GameOver => tablic_result::GameOver,
        AnalysisError::CannotWeigh(_) => tablic_result::InvalidBot,
        AnalysisError::NotToMove { .. } => tablic_result::NotSeatsTurn,
        AnalysisError::CrowdedTable { .. } => tablic_result::CrowdedTable,
        AnalysisError::TooManyMoves => tablic_result::TooManyMoves,
        AnalysisError::ValuesTooFew { .. } => tablic_result::BufferTooSmall,
        AnalysisError::OutOfBudget { .. } => tablic_result::OutOfBudget,
    }
}

/// One move's figures as C reads them.
fn move_analysis(tally: &MoveTally) -> tablic_move_analysis {
    let error = |variance: Option<f64>| variance.map_or(f64::NAN, f64::sqrt);
    tablic_move_analysis {
        r#move: tally.played().into(),
        margin: tally.mean_margin(),
        margin_se: error(tally.margin_error_variance()),
        ahead: tally.ahead_share(),
        loss: tally.loss(),
        loss_se: error(tally.loss_error_variance()),
        mark: match tally.mark() {
            Mark::None => tablic_mark::None,
            Mark::Mistake => tablic_mark::Mistake,
            Mark::Blunder => tablic_mark::Blunder,
        },
        worlds: tally.worlds(),
    }
}

/// The analysis beyond its moves.
fn summary(found: &Analysis, bot_move: Option<Move>) -> tablic_analysis {
    let (horizon, horizon_moves) = match found.horizon() {
        Horizon::GameEnd => (tablic_horizon::GameEnd, 0),
        Horizon::DealEnd => (tablic_horizon::DealEnd, 0),
        Horizon::LearnedDealEnd => (tablic_horizon::LearnedDealEnd, 0),
        Horizon::Moves(moves) => (tablic_horizon::Moves, moves as u32),
    };
    let nothing = tablic_move {
        card: 0,
        capture: 0,
    };
    let mut line = [nothing; TABLIC_MAX_LINE];
    for (slot, &played) in line.iter_mut().zip(found.line()) {
        *slot = played.into();
    }
    tablic_analysis {
        seat: found.seat() as u32,
        exact: found.is_exact(),
        horizon,
        horizon_moves,
        worlds: found.worlds(),
        left_out: found.left_out(),
        moves: found.moves().len() as u32,
        best: found.best().played().into(),
        has_bot_move: bot_move.is_some(),
        bot_move: bot_move.map_or(nothing, tablic_move::from),
        nodes: found.nodes(),
        line_length: found.line().len() as u32,
        line,
    }
}

/// Runs `work` on `values` values (zeroed) and transposition-table entries (empty): in the
/// caller's `memory`, values first and the entries in the rest; or, when `memory` is
/// `NULL`, in `entries` entries the library allocates for the call.
///
/// # Safety
/// As `tablic_analyze`'s `memory` and `memory_bytes`.
unsafe fn with_memory<R>(
    memory: *mut c_void,
    memory_bytes: usize,
    values: usize,
    entries: usize,
    work: impl FnOnce(&mut [i32], &mut [Entry]) -> R,
) -> Result<R, tablic_result> {
    if memory.is_null() {
        return library_memory(values, entries, work);
    }
    if !memory.cast::<Entry>().is_aligned() {
        return Err(tablic_result::Misaligned);
    }
    let first_entry = values_bytes(values);
    if memory_bytes < first_entry {
        return Err(tablic_result::BufferTooSmall);
    }
    let entries = (memory_bytes - first_entry) / size_of::<Entry>();
    // SAFETY: within the caller's `memory_bytes` (checked above), aligned for both types
    // (8-byte aligned, values rounded up to 8 bytes), used by nothing else during the call
    // (caller's guarantee); every item is written before the slices claim they are
    // initialised.
    unsafe {
        let value_slots = memory.cast::<i32>();
        let entry_slots = memory.cast::<u8>().add(first_entry).cast::<Entry>();
        for index in 0..values {
            value_slots.add(index).write(0);
        }
        for index in 0..entries {
            entry_slots.add(index).write(Entry::EMPTY);
        }
        Ok(work(
            core::slice::from_raw_parts_mut(value_slots, values),
            core::slice::from_raw_parts_mut(entry_slots, entries),
        ))
    }
}

/// Runs `work` in memory the library allocates for the call.
fn library_memory<R>(
    values: usize,
    entries: usize,
    work: impl FnOnce(&mut [i32], &mut [Entry]) -> R,
) -> Result<R, tablic_result> {
    let mut values = std::vec![0; values];
    let mut entries = std::vec![Entry::EMPTY; entries];
    Ok(work(&mut values, &mut entries))
}
