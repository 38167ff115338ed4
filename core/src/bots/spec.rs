//! Bots by name and options, as users write them: `random`, `minimax:depth=3,nodes=200000`.

use core::fmt;
use core::str::FromStr;

use crate::bots::{Bot, GreedyBot, MinimaxBot, MinimaxOptions, RandomBot};
use crate::moves::Move;
use crate::notation::Excerpt;
use crate::view::PlayerView;

/// Which bot, with its options.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum BotSpec {
    /// [`RandomBot`].
    Random,
    /// [`GreedyBot`].
    Greedy,
    /// [`MinimaxBot`], with its [`MinimaxOptions`].
    Minimax {
        /// Own moves looked ahead before the last deal (1 to 6).
        depth: u8,
        /// Most nodes visited per decision (at least 1).
        nodes: u32,
    },
}

/// A bot name or option that is not understood.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum BotSpecError {
    /// No bot has this name.
    UnknownBot(Excerpt),
    /// The bot has no such option, or the value is not valid.
    BadOption(Excerpt),
    /// The option exists but its value is not valid; `expected` says what is.
    BadValue {
        /// The option as written.
        option: Excerpt,
        /// What the value should be.
        expected: &'static str,
    },
    /// Nothing where a bot was expected.
    Empty,
}

impl fmt::Display for BotSpecError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            BotSpecError::UnknownBot(name) => {
                write!(f, "unknown bot {name:?} (known:")?;
                for known in BotSpec::NAMES {
                    write!(f, " {known}")?;
                }
                f.write_str(")")
            }
            BotSpecError::BadOption(option) => write!(f, "bad bot option {option:?}"),
            BotSpecError::BadValue { option, expected } => {
                write!(f, "bad value in bot option {option:?}: expected {expected}")
            }
            BotSpecError::Empty => f.write_str("empty bot name"),
        }
    }
}

impl core::error::Error for BotSpecError {}

fn excerpt(text: &str) -> Excerpt {
    text.chars().take(Excerpt::new().capacity()).collect()
}

impl BotSpec {
    /// The names [`BotSpec::from_str`] accepts.
    pub const NAMES: [&'static str; 3] = ["random", "greedy", "minimax"];

    /// The bot's name.
    pub const fn name(&self) -> &'static str {
        match self {
            BotSpec::Random => "random",
            BotSpec::Greedy => "greedy",
            BotSpec::Minimax { .. } => "minimax",
        }
    }

    /// A new bot of this kind drawing its randomness from `seed`.
    pub fn build(&self, seed: u64) -> AnyBot {
        match self {
            BotSpec::Random => AnyBot::Random(RandomBot::new(seed)),
            BotSpec::Greedy => AnyBot::Greedy(GreedyBot::new(seed)),
            &BotSpec::Minimax { depth, nodes } => {
                AnyBot::Minimax(MinimaxBot::new(MinimaxOptions { depth, nodes }, seed))
            }
        }
    }
}

/// `name` or `name:key=value,key=value`.
impl FromStr for BotSpec {
    type Err = BotSpecError;

    fn from_str(text: &str) -> Result<BotSpec, BotSpecError> {
        let text = text.trim();
        let (name, options) = text.split_once(':').unwrap_or((text, ""));
        let spec = match name.trim() {
            "" => return Err(BotSpecError::Empty),
            "random" => BotSpec::Random,
            "greedy" => BotSpec::Greedy,
            "minimax" => return parse_minimax(options),
            other => return Err(BotSpecError::UnknownBot(excerpt(other))),
        };
        match options
            .split(',')
            .map(str::trim)
            .find(|option| !option.is_empty())
        {
            Some(option) => Err(BotSpecError::BadOption(excerpt(option))),
            None => Ok(spec),
        }
    }
}

/// `depth=3,nodes=8000` (either, both, or none, in any order) after `minimax:`; an option
/// given twice is refused, since one of the two would be silently ignored.
fn parse_minimax(options: &str) -> Result<BotSpec, BotSpecError> {
    let mut depth = None;
    let mut nodes = None;
    for option in options.split(',').map(str::trim).filter(|o| !o.is_empty()) {
        let bad_value = |expected| BotSpecError::BadValue {
            option: excerpt(option),
            expected,
        };
        match option
            .split_once('=')
            .map(|(key, value)| (key.trim(), value.trim()))
        {
            Some(("depth", value)) if depth.is_none() => {
                let max = MinimaxOptions::MAX_DEPTH;
                depth = Some(
                    value
                        .parse::<u8>()
                        .ok()
                        .filter(|depth| (1..=max).contains(depth))
                        .ok_or(bad_value("a depth from 1 to 6"))?,
                );
            }
            Some(("nodes", value)) if nodes.is_none() => {
                nodes = Some(
                    value
                        .parse::<u32>()
                        .ok()
                        .filter(|nodes| *nodes >= 1)
                        .ok_or(bad_value("a node budget from 1 to 4294967295"))?,
                );
            }
            _ => return Err(BotSpecError::BadOption(excerpt(option))),
        }
    }
    let defaults = MinimaxOptions::DEFAULT;
    Ok(BotSpec::Minimax {
        depth: depth.unwrap_or(defaults.depth),
        nodes: nodes.unwrap_or(defaults.nodes),
    })
}

/// Writes the spec back in the form [`BotSpec::from_str`] reads, options included.
impl fmt::Display for BotSpec {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())?;
        match self {
            BotSpec::Minimax { depth, nodes } => write!(f, ":depth={depth},nodes={nodes}"),
            BotSpec::Random | BotSpec::Greedy => Ok(()),
        }
    }
}

/// Splits a comma-separated list of bots where options also use commas:
/// `minimax:depth=3,nodes=9,greedy` is `minimax:depth=3,nodes=9` and `greedy`. A piece with
/// `=` and no `:` continues the previous bot's options.
pub fn split_bot_list(list: &str) -> impl Iterator<Item = &str> {
    let mut rest = list;
    core::iter::from_fn(move || {
        if rest.is_empty() {
            return None;
        }
        let mut end = 0;
        let mut pieces = rest.split(',');
        let first = pieces.next().unwrap_or("");
        end += first.len();
        for piece in pieces {
            if piece.contains('=') && !piece.contains(':') {
                end += 1 + piece.len();
            } else {
                break;
            }
        }
        let item = &rest[..end];
        rest = rest.get(end + 1..).unwrap_or("");
        Some(item.trim())
    })
}

/// Any built-in bot, without a heap: what [`BotSpec::build`] returns.
#[derive(Clone, Debug)]
pub enum AnyBot {
    /// A [`RandomBot`].
    Random(RandomBot),
    /// A [`GreedyBot`].
    Greedy(GreedyBot),
    /// A [`MinimaxBot`].
    Minimax(MinimaxBot),
}

impl Bot for AnyBot {
    fn choose(&mut self, view: &PlayerView<'_>) -> Move {
        match self {
            AnyBot::Random(bot) => bot.choose(view),
            AnyBot::Greedy(bot) => bot.choose(view),
            AnyBot::Minimax(bot) => bot.choose(view),
        }
    }
}

#[cfg(test)]
mod tests {
    extern crate std;
    use std::string::ToString;

    use super::*;

    #[test]
    fn lists_split_at_bot_names_not_options() {
        let pieces: arrayvec::ArrayVec<&str, 4> =
            split_bot_list("minimax:depth=3,nodes=9,greedy, random").collect();
        assert_eq!(
            pieces.as_slice(),
            ["minimax:depth=3,nodes=9", "greedy", "random"]
        );
        assert_eq!(split_bot_list("").count(), 0);
    }

    #[test]
    fn names_parse_and_errors_say_what() {
        assert_eq!("random".parse::<BotSpec>(), Ok(BotSpec::Random));
        assert_eq!(
            "rnd".parse::<BotSpec>(),
            Err(BotSpecError::UnknownBot(excerpt("rnd")))
        );
        assert_eq!(
            "random:speed=3".parse::<BotSpec>(),
            Err(BotSpecError::BadOption(excerpt("speed=3")))
        );
        assert_eq!(BotSpec::Random.to_string(), "random");
    }
}
