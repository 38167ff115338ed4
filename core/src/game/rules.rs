//! The rules a game is played under: who plays with whom (sides), and the two house rules
//! where tables differ. [`Rules::ORIGINAL`] is the original program's game, everyone for
//! themselves, and the default everywhere, so that a game, position or record that says
//! nothing of its rules means what it always meant.
//!
//! As text, rules are `key=value` words, and only those that differ from the original are
//! written: `side-size=2 leftovers=last-player final-tabla=no`. The same words are a
//! position's fields and a record's `rules` line.

use core::fmt;
use core::str::FromStr;

use crate::cards::notation::{excerpt, Excerpt};
use crate::dealing::players::PlayerCount;

/// Who takes the cards left on the table when the game ends.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Leftovers {
    /// The seat that captured last, or nobody if nobody captured (the original's rule).
    #[default]
    LastCapturer,
    /// The seat that played the last card (the dealer's side in pagat.com's description).
    LastPlayer,
}

/// Whether a capture that empties the table on the game's very last move is a tabla.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum FinalTabla {
    /// It scores its point like any other tabla (the original's rule).
    #[default]
    Counts,
    /// It scores nothing: the table would have gone to someone anyway (pagat.com).
    DoesNotCount,
}

/// The rules of a game: the size of its sides and the house rules.
///
/// Seats play in sides of [`side_size`](Rules::side_size) seated alternately: with `n`
/// players, seat `s` plays for side `s mod (n / side_size)`, so with four players in pairs
/// seats 0 and 2 play against seats 1 and 3. A side pools its seats' piles and tablas for
/// scoring; each seat still sees only its own hand.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Rules {
    /// Players a side: 1 for everyone alone. It must divide the player count and leave
    /// at least two sides ([`Rules::check`]).
    pub side_size: u8,
    /// Who takes the table's last cards.
    pub leftovers: Leftovers,
    /// Whether a tabla on the last move counts.
    pub final_tabla: FinalTabla,
}

impl Default for Rules {
    fn default() -> Self {
        Rules::ORIGINAL
    }
}

/// Rules that cannot be played, or text that is not rules.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum RulesError {
    /// Sides of 0 players.
    NoSideSize,
    /// Sides of this size do not split this many players evenly.
    UnevenSides {
        /// The players.
        players: PlayerCount,
        /// The size asked for.
        side_size: usize,
    },
    /// Sides as large as the table: nobody to play against.
    OneSide(PlayerCount),
    /// A word that is not `key=value`, or a key that is not a rule.
    UnknownRule(Excerpt),
    /// A rule given twice.
    Repeated(&'static str),
    /// A rule's value is not one it takes.
    BadValue {
        /// The rule.
        key: &'static str,
        /// The value given.
        value: Excerpt,
    },
}

impl fmt::Display for RulesError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            RulesError::NoSideSize => f.write_str("a side needs at least 1 player"),
            RulesError::UnevenSides { players, side_size } => write!(
                f,
                "{players} players cannot sit in sides of {side_size} (the side size must divide the player count)"
            ),
            RulesError::OneSide(players) => write!(
                f,
                "sides of {players} leave {players} players on one side, with nobody to play against"
            ),
            RulesError::UnknownRule(word) => write!(
                f,
                "unknown rule {word:?} (rules: side-size=K, leftovers=WHO, final-tabla=yes|no)"
            ),
            RulesError::Repeated(key) => write!(f, "rule {key} given twice"),
            RulesError::BadValue { key, value } => {
                let expected = match *key {
                    SIDE_SIZE => "a number of players",
                    LEFTOVERS => "last-capturer or last-player",
                    _ => "yes or no",
                };
                write!(f, "{key}={value:?}: expected {expected}")
            }
        }
    }
}

impl core::error::Error for RulesError {}

const SIDE_SIZE: &str = "side-size";
const LEFTOVERS: &str = "leftovers";
const FINAL_TABLA: &str = "final-tabla";

/// The rule keys, in the order they are written.
pub const RULE_KEYS: [&str; 3] = [SIDE_SIZE, LEFTOVERS, FINAL_TABLA];

impl Rules {
    /// The original program's rules: everyone alone, the table's last cards to the last
    /// capturer, and a tabla on the last move counted.
    pub const ORIGINAL: Rules = Rules {
        side_size: 1,
        leftovers: Leftovers::LastCapturer,
        final_tabla: FinalTabla::Counts,
    };

    /// The original rules with `players`' seats in pairs.
    pub const PAIRS: Rules = Rules {
        side_size: 2,
        ..Rules::ORIGINAL
    };

    /// Checks that `players` can sit in these sides.
    pub const fn check(self, players: PlayerCount) -> Result<(), RulesError> {
        let size = self.side_size as usize;
        if size == 0 {
            Err(RulesError::NoSideSize)
        } else if players.get() % size != 0 {
            Err(RulesError::UnevenSides {
                players,
                side_size: size,
            })
        } else if size == players.get() {
            Err(RulesError::OneSide(players))
        } else {
            Ok(())
        }
    }

    /// How many sides `players` make (for rules that [pass their check](Rules::check)).
    pub const fn side_count(self, players: PlayerCount) -> usize {
        players.get() / self.side_size as usize
    }

    /// The side `seat` plays for.
    pub const fn side_of(self, players: PlayerCount, seat: usize) -> usize {
        seat % self.side_count(players)
    }

    /// True when every seat plays alone.
    pub const fn is_everyone_alone(self) -> bool {
        self.side_size == 1
    }

    /// Reads rules from text, as [`FromStr`] does, and checks that `players` can sit in
    /// their sides.
    pub fn parse_for(players: PlayerCount, text: &str) -> Result<Rules, RulesError> {
        let rules: Rules = text.parse()?;
        rules.check(players)?;
        Ok(rules)
    }

    /// Sets the rule `key` from text, as a word `key=value` gives it. Returns `Ok(false)`
    /// for a key that is not a rule, so that a reader of other fields can go on.
    pub fn set(&mut self, key: &str, value: &str) -> Result<bool, RulesError> {
        let bad = |key| RulesError::BadValue {
            key,
            value: excerpt(value),
        };
        match key {
            SIDE_SIZE => {
                let size: u8 = value.parse().map_err(|_| bad(SIDE_SIZE))?;
                if size == 0 {
                    return Err(RulesError::NoSideSize);
                }
                self.side_size = size;
            }
            LEFTOVERS => {
                self.leftovers = match value {
                    "last-capturer" => Leftovers::LastCapturer,
                    "last-player" => Leftovers::LastPlayer,
                    _ => return Err(bad(LEFTOVERS)),
                }
            }
            FINAL_TABLA => {
                self.final_tabla = match value {
                    "yes" => FinalTabla::Counts,
                    "no" => FinalTabla::DoesNotCount,
                    _ => return Err(bad(FINAL_TABLA)),
                }
            }
            _ => return Ok(false),
        }
        Ok(true)
    }
}

/// The words that differ from [`Rules::ORIGINAL`], a space between; nothing for the
/// original rules.
impl fmt::Display for Rules {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut separator = "";
        let mut word = |f: &mut fmt::Formatter<'_>, key: &str, value: fmt::Arguments<'_>| {
            let written = write!(f, "{separator}{key}={value}");
            separator = " ";
            written
        };
        if self.side_size != Rules::ORIGINAL.side_size {
            word(f, SIDE_SIZE, format_args!("{}", self.side_size))?;
        }
        if self.leftovers == Leftovers::LastPlayer {
            word(f, LEFTOVERS, format_args!("last-player"))?;
        }
        if self.final_tabla == FinalTabla::DoesNotCount {
            word(f, FINAL_TABLA, format_args!("no"))?;
        }
        Ok(())
    }
}

/// Reads `key=value` words separated by spaces, each rule at most once; the rules not
/// given are the original's. The player count is not known here: [`Rules::check`] it.
impl FromStr for Rules {
    type Err = RulesError;

    fn from_str(text: &str) -> Result<Rules, RulesError> {
        let mut rules = Rules::ORIGINAL;
        let mut seen = [false; RULE_KEYS.len()];
        for word in text.split_whitespace() {
            let unknown = || RulesError::UnknownRule(excerpt(word));
            let (key, value) = word.split_once('=').ok_or_else(unknown)?;
            let index = RULE_KEYS
                .iter()
                .position(|&known| known == key)
                .ok_or_else(unknown)?;
            if core::mem::replace(&mut seen[index], true) {
                return Err(RulesError::Repeated(RULE_KEYS[index]));
            }
            rules.set(key, value)?;
        }
        Ok(rules)
    }
}

#[cfg(test)]
mod tests {
    extern crate std;
    use std::string::ToString;

    use super::*;

    fn players(count: usize) -> PlayerCount {
        PlayerCount::new(count).unwrap()
    }

    #[test]
    fn pairs_of_four_sit_opposite() {
        let rules = Rules::PAIRS;
        let four = players(4);
        assert_eq!(rules.check(four), Ok(()));
        assert_eq!(rules.side_count(four), 2);
        let sides: [usize; 4] = core::array::from_fn(|seat| rules.side_of(four, seat));
        assert_eq!(sides, [0, 1, 0, 1]);
    }

    #[test]
    fn six_players_make_three_pairs_or_two_threes() {
        let six = players(6);
        let pairs: [usize; 6] = core::array::from_fn(|seat| Rules::PAIRS.side_of(six, seat));
        assert_eq!(pairs, [0, 1, 2, 0, 1, 2]);
        let threes = Rules {
            side_size: 3,
            ..Rules::ORIGINAL
        };
        let sides: [usize; 6] = core::array::from_fn(|seat| threes.side_of(six, seat));
        assert_eq!(sides, [0, 1, 0, 1, 0, 1]);
    }

    #[test]
    fn every_side_size_that_divides_and_leaves_two_sides_is_allowed() {
        for count in PlayerCount::ALL {
            for size in 0..=48u8 {
                let rules = Rules {
                    side_size: size,
                    ..Rules::ORIGINAL
                };
                let fits = size > 0 && count.get() % size as usize == 0;
                let expected = fits && (size as usize) < count.get();
                assert_eq!(rules.check(count).is_ok(), expected, "{count} in {size}");
            }
        }
        assert_eq!(
            Rules::PAIRS.check(players(3)),
            Err(RulesError::UnevenSides {
                players: players(3),
                side_size: 2
            })
        );
        assert_eq!(
            Rules::PAIRS.check(players(2)),
            Err(RulesError::OneSide(players(2)))
        );
    }

    #[test]
    fn text_round_trips_and_omits_the_original() {
        assert_eq!(Rules::ORIGINAL.to_string(), "");
        assert_eq!("".parse::<Rules>(), Ok(Rules::ORIGINAL));
        let house = Rules {
            side_size: 2,
            leftovers: Leftovers::LastPlayer,
            final_tabla: FinalTabla::DoesNotCount,
        };
        let text = "side-size=2 leftovers=last-player final-tabla=no";
        assert_eq!(house.to_string(), text);
        assert_eq!(text.parse::<Rules>(), Ok(house));
        assert_eq!(
            "final-tabla=no  side-size=2 leftovers=last-player".parse::<Rules>(),
            Ok(house)
        );
        // The original's values may be written out too.
        assert_eq!(
            "side-size=1 leftovers=last-capturer final-tabla=yes".parse::<Rules>(),
            Ok(Rules::ORIGINAL)
        );
    }

    #[test]
    fn bad_text_says_what_is_wrong() {
        let error = |text: &str| text.parse::<Rules>().unwrap_err().to_string();
        assert_eq!(
            error("pairs"),
            "unknown rule \"pairs\" (rules: side-size=K, leftovers=WHO, final-tabla=yes|no)"
        );
        assert_eq!(
            error("side-size=2 side-size=2"),
            "rule side-size given twice"
        );
        assert_eq!(
            error("side-size=two"),
            "side-size=\"two\": expected a number of players"
        );
        assert_eq!(error("side-size=0"), "a side needs at least 1 player");
        assert_eq!(
            error("leftovers=dealer"),
            "leftovers=\"dealer\": expected last-capturer or last-player"
        );
        assert_eq!(
            error("final-tabla=0"),
            "final-tabla=\"0\": expected yes or no"
        );
        assert_eq!(
            Rules::PAIRS.check(players(3)).unwrap_err().to_string(),
            "3 players cannot sit in sides of 2 (the side size must divide the player count)"
        );
    }
}
