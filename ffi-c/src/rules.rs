//! The rules a game is played under, as a plain C struct: sides and the two house rules.
//! The rules themselves (what a side is, what may sit together) are the core's.

use core::ffi::c_char;
use core::fmt::Write;

use tablic_core::cards::notation::Excerpt;
use tablic_core::game::rules::RULE_KEYS;
use tablic_core::{FinalTabla, Leftovers, PlayerCount, Rules, RulesError};

use crate::boundary::{with_boundary, write_out};
use crate::player_count::player_count;
use crate::result::tablic_result;
use crate::text::{read_text, write_message, write_text};

/// `tablic_rules.leftovers`: the table's last cards go to the seat that captured last (the
/// original rule).
pub const TABLIC_LEFTOVERS_LAST_CAPTURER: u32 = 0;
/// `tablic_rules.leftovers`: the table's last cards go to the seat that played last.
pub const TABLIC_LEFTOVERS_LAST_PLAYER: u32 = 1;
/// `tablic_rules.final_tabla`: a tabla on the game's last move scores (the original rule).
pub const TABLIC_FINAL_TABLA_COUNTS: u32 = 0;
/// `tablic_rules.final_tabla`: a tabla on the game's last move scores nothing.
pub const TABLIC_FINAL_TABLA_DOES_NOT_COUNT: u32 = 1;

/// The rules of a game. `{1, TABLIC_LEFTOVERS_LAST_CAPTURER, TABLIC_FINAL_TABLA_COUNTS}`
/// (`TABLIC_RULES_ORIGINAL`) is the original game, everyone for themselves; it is what every
/// function without rules plays.
///
/// Seats play in sides of `side_size`, seated alternately: with `n` players, seat `s` plays
/// for side `s % (n / side_size)`, so four players in pairs are seats 0 and 2 against 1 and
/// 3. A side pools its seats' piles and tablas for scoring.
#[repr(C)]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct tablic_rules {
    /// Players a side: 1 for everyone alone. It must divide the player count and leave at
    /// least two sides.
    pub side_size: u32,
    /// Who takes the table's last cards: `TABLIC_LEFTOVERS_*`.
    pub leftovers: u32,
    /// Whether a tabla on the last move counts: `TABLIC_FINAL_TABLA_*`.
    pub final_tabla: u32,
}

/// The original rules: everyone alone, the last cards to the last capturer, a final tabla
/// counted.
pub const TABLIC_RULES_ORIGINAL: tablic_rules = tablic_rules {
    side_size: 1,
    leftovers: TABLIC_LEFTOVERS_LAST_CAPTURER,
    final_tabla: TABLIC_FINAL_TABLA_COUNTS,
};

impl From<Rules> for tablic_rules {
    fn from(rules: Rules) -> tablic_rules {
        tablic_rules {
            side_size: u32::from(rules.side_size),
            leftovers: match rules.leftovers {
                Leftovers::LastCapturer => TABLIC_LEFTOVERS_LAST_CAPTURER,
                Leftovers::LastPlayer => TABLIC_LEFTOVERS_LAST_PLAYER,
            },
            final_tabla: match rules.final_tabla {
                FinalTabla::Counts => TABLIC_FINAL_TABLA_COUNTS,
                FinalTabla::DoesNotCount => TABLIC_FINAL_TABLA_DOES_NOT_COUNT,
            },
        }
    }
}

impl tablic_rules {
    /// The core's rules, or the core's error for the field that holds no rule (as if its
    /// text had said `key=value`), so that the messages are the core's.
    fn fields(self) -> Result<Rules, RulesError> {
        // `key` indexes RULE_KEYS: side-size, leftovers, final-tabla.
        let bad = |key: usize, value: u32| {
            let mut text = Excerpt::new();
            // A u32 always fits the excerpt's 24 bytes.
            let _ = write!(text, "{value}");
            RulesError::BadValue {
                key: RULE_KEYS[key],
                value: text,
            }
        };
        let side_size = match u8::try_from(self.side_size) {
            Ok(0) => return Err(RulesError::NoSideSize),
            Ok(size) => size,
            Err(_) => return Err(bad(0, self.side_size)),
        };
        let leftovers = match self.leftovers {
            TABLIC_LEFTOVERS_LAST_CAPTURER => Leftovers::LastCapturer,
            TABLIC_LEFTOVERS_LAST_PLAYER => Leftovers::LastPlayer,
            code => return Err(bad(1, code)),
        };
        let final_tabla = match self.final_tabla {
            TABLIC_FINAL_TABLA_COUNTS => FinalTabla::Counts,
            TABLIC_FINAL_TABLA_DOES_NOT_COUNT => FinalTabla::DoesNotCount,
            code => return Err(bad(2, code)),
        };
        Ok(Rules {
            side_size,
            leftovers,
            final_tabla,
        })
    }

    /// The core's rules for `players`, or `InvalidRules` (`tablic_rules_check` says why).
    /// No message is formatted here: firmware that never asks why links no formatting.
    pub(crate) fn for_players(self, players: PlayerCount) -> Result<Rules, tablic_result> {
        let rules = self.fields().map_err(|_| tablic_result::InvalidRules)?;
        rules
            .check(players)
            .map_err(|_| tablic_result::InvalidRules)?;
        Ok(rules)
    }
}

/// Reads rules from text: `key=value` words, each at most once, the rules not given the
/// original's, for example `side-size=2 leftovers=last-player final-tabla=no` (`""` is
/// `TABLIC_RULES_ORIGINAL`). The player count is not known here: a game or match checks
/// the sides, and so does `tablic_rules_check`. Bad text returns
/// `TABLIC_RESULT_INVALID_RULES` with the reason in `message` (may be `NULL`).
///
/// # Safety
/// `text` must be a NUL-terminated string; `rules` valid for a write; a non-null `message`
/// valid for `message_capacity` bytes.
#[no_mangle]
pub unsafe extern "C" fn tablic_rules_parse(
    text: *const c_char,
    rules: *mut tablic_rules,
    message: *mut c_char,
    message_capacity: usize,
) -> tablic_result {
    with_boundary(|| {
        crate::boundary::require(rules)?;
        // SAFETY: the caller's guarantees are this function's.
        unsafe {
            let read = read_text(text)?.parse::<Rules>().map_err(|error| {
                write_message(message, message_capacity, error);
                tablic_result::InvalidRules
            })?;
            write_out(rules, read.into())
        }
    })
}

/// Writes the rules as text (what `tablic_rules_parse` reads): the words that differ from
/// the original rules, so the original rules are `""`. Buffer rules as
/// `tablic_position_text`; 64 bytes always suffice. Fields that hold no rule return
/// `TABLIC_RESULT_INVALID_RULES`.
///
/// # Safety
/// `buffer` valid for `capacity` bytes of writes; a non-null `length` valid for a write.
#[no_mangle]
pub unsafe extern "C" fn tablic_rules_text(
    rules: tablic_rules,
    buffer: *mut c_char,
    capacity: usize,
    length: *mut usize,
) -> tablic_result {
    with_boundary(|| {
        let rules = rules.fields().map_err(|_| tablic_result::InvalidRules)?;
        // SAFETY: the caller's guarantees are this function's.
        unsafe { write_text(buffer, capacity, length, rules) }
    })
}

/// Whether `players` can play under `rules`: `TABLIC_RESULT_OK`, or
/// `TABLIC_RESULT_INVALID_PLAYER_COUNT`, or `TABLIC_RESULT_INVALID_RULES` with the reason in
/// `message` (may be `NULL`), for example `3 players cannot sit in sides of 2 (the side size
/// must divide the player count)`. Games and matches made with rules check the same.
///
/// # Safety
/// A non-null `message` must be valid for `message_capacity` bytes of writes.
#[no_mangle]
pub unsafe extern "C" fn tablic_rules_check(
    rules: tablic_rules,
    players: u32,
    message: *mut c_char,
    message_capacity: usize,
) -> tablic_result {
    with_boundary(|| {
        let players = player_count(players)?;
        rules.for_players(players).map(|_| ()).inspect_err(|_| {
            if let Err(error) = rules.fields().and_then(|rules| rules.check(players)) {
                // SAFETY: the caller's guarantee is this function's.
                unsafe { write_message(message, message_capacity, error) }
            }
        })
    })
}
