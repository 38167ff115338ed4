//! Bots by name and options, as users write them: `random`, `minimax:depth=3,nodes=200000`.

use core::fmt;
use core::str::FromStr;

use crate::bots::solver::{Entry, ENTRIES_PER_KIB, SOLVER_MEMORY_KIB};
#[cfg(feature = "solver")]
use crate::bots::{
    BestResponseBot, ClairvoyantBot, Inference, IsmctsBot, IsmctsOptions, PimcBot, PimcOptions,
    MAX_SAMPLES,
};
use crate::bots::{Bot, GreedyBot, MinimaxBot, MinimaxOptions, RandomBot};
use crate::cards::notation::{excerpt, Excerpt};
use crate::game::moves::Move;
use crate::game::Game;

/// Transposition-table entries of each solving bot (256 KiB).
pub const SOLVER_ENTRIES: usize = SOLVER_MEMORY_KIB as usize * ENTRIES_PER_KIB;

/// Transposition-table entries of the best-response bot (4 MiB), which solves whole games:
/// with [`SOLVER_ENTRIES`], the hardest of 2,000 games took 537 million nodes instead of
/// 40 million, and a larger table only costs its clearing.
pub const BEST_RESPONSE_ENTRIES: usize = 1 << 18;

/// The most search memory a `memory` option may ask for, in KiB: as much as the
/// best-response bot takes.
pub const MAX_MEMORY_KIB: u32 = (BEST_RESPONSE_ENTRIES / ENTRIES_PER_KIB) as u32;

/// Which bot, with its options.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum BotSpec {
    /// [`RandomBot`].
    Random,
    /// [`GreedyBot`].
    Greedy,
    /// [`MinimaxBot`], with its [`MinimaxOptions`].
    Minimax(MinimaxOptions),
    /// [`PimcBot`], with its [`PimcOptions`] (with the `solver` feature).
    #[cfg(feature = "solver")]
    Pimc(PimcOptions),
    /// [`ClairvoyantBot`]: sees every card (with the `solver` feature).
    #[cfg(feature = "solver")]
    Clairvoyant,
    /// [`IsmctsBot`], with its [`IsmctsOptions`] (with the `solver` feature).
    #[cfg(feature = "solver")]
    Ismcts(IsmctsOptions),
    /// [`BestResponseBot`]: sees every card and replies to greedy play (with the `solver`
    /// feature).
    #[cfg(feature = "solver")]
    BestResponse,
}

/// A bot name or option that is not understood.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum BotSpecError {
    /// No bot has this name.
    UnknownBot(Excerpt),
    /// The bot has no option of this key; `known` lists the ones it has (maybe none).
    UnknownOption {
        /// The option as written.
        option: Excerpt,
        /// The bot it was given to.
        bot: &'static str,
        /// The options that bot takes.
        known: &'static [BotOption],
    },
    /// An option not written `key=value`.
    MalformedOption(Excerpt),
    /// An option given a second time (one of the two would be silently ignored).
    RepeatedOption(Excerpt),
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
            BotSpecError::UnknownOption { option, bot, known } => {
                write!(f, "bad bot option {option:?}: ")?;
                let Some((last, first)) = known.split_last() else {
                    return write!(f, "{bot} takes no options");
                };
                write!(f, "{bot} takes ")?;
                for (index, option) in first.iter().enumerate() {
                    let separator = if index == 0 { "" } else { ", " };
                    write!(f, "{separator}{}", option.key)?;
                }
                let or = if first.is_empty() { "" } else { " or " };
                write!(f, "{or}{}", last.key)
            }
            BotSpecError::MalformedOption(option) => {
                write!(f, "bad bot option {option:?}: expected key=value")
            }
            BotSpecError::RepeatedOption(option) => {
                write!(f, "bad bot option {option:?}: given twice")
            }
            BotSpecError::BadValue { option, expected } => {
                write!(f, "bad value in bot option {option:?}: expected {expected}")
            }
            BotSpecError::Empty => f.write_str("empty bot name"),
        }
    }
}

impl core::error::Error for BotSpecError {}

impl BotSpec {
    /// The names [`BotSpec::from_str`] accepts.
    #[cfg(feature = "solver")]
    pub const NAMES: &'static [&'static str] = &[
        "random",
        "greedy",
        "minimax",
        "pimc",
        "clairvoyant",
        "ismcts",
        "bestresponse",
        "best",
    ];
    /// The names [`BotSpec::from_str`] accepts.
    #[cfg(not(feature = "solver"))]
    pub const NAMES: &'static [&'static str] = &["random", "greedy", "minimax"];

    /// The numeric options bot `name` takes (any case) with their ranges, or `None` for a
    /// name [`BotSpec::from_str`] does not know.
    pub fn options(name: &str) -> Option<&'static [BotOption]> {
        let name = BotSpec::NAMES
            .iter()
            .find(|known| known.eq_ignore_ascii_case(name.trim()))?;
        Some(match *name {
            "minimax" => &MINIMAX_OPTIONS,
            #[cfg(feature = "solver")]
            "pimc" => &PIMC_OPTIONS,
            #[cfg(feature = "solver")]
            "ismcts" | "best" => &ISMCTS_OPTIONS,
            _ => &[],
        })
    }

    /// Transposition-table entries a bot of this kind needs ([`BotSpec::build`]'s memory):
    /// none for bots that do not solve.
    pub const fn memory_entries(&self) -> usize {
        match self {
            #[cfg(feature = "solver")]
            BotSpec::Pimc(PimcOptions { memory_kib, .. })
            | BotSpec::Ismcts(IsmctsOptions { memory_kib, .. }) => {
                *memory_kib as usize * ENTRIES_PER_KIB
            }
            #[cfg(feature = "solver")]
            BotSpec::Minimax(MinimaxOptions {
                exact, memory_kib, ..
            }) if *exact > 0 => *memory_kib as usize * ENTRIES_PER_KIB,
            #[cfg(feature = "solver")]
            BotSpec::Clairvoyant => SOLVER_ENTRIES,
            #[cfg(feature = "solver")]
            BotSpec::BestResponse => BEST_RESPONSE_ENTRIES,
            BotSpec::Random | BotSpec::Greedy | BotSpec::Minimax(_) => 0,
        }
    }

    /// True for the bots that see every card (clairvoyant, bestresponse): they need the
    /// whole [`Game`], not one seat's view.
    pub const fn sees_every_card(&self) -> bool {
        match self {
            #[cfg(feature = "solver")]
            BotSpec::Clairvoyant | BotSpec::BestResponse => true,
            _ => false,
        }
    }

    /// The bot's name.
    pub const fn name(&self) -> &'static str {
        match self {
            BotSpec::Random => "random",
            BotSpec::Greedy => "greedy",
            BotSpec::Minimax(_) => "minimax",
            #[cfg(feature = "solver")]
            BotSpec::Pimc(_) => "pimc",
            #[cfg(feature = "solver")]
            BotSpec::Clairvoyant => "clairvoyant",
            #[cfg(feature = "solver")]
            BotSpec::Ismcts(_) => "ismcts",
            #[cfg(feature = "solver")]
            BotSpec::BestResponse => "bestresponse",
        }
    }

    /// A new bot of this kind drawing its randomness from `seed`, searching in `memory`
    /// (at least [`BotSpec::memory_entries`] entries are used; fewer only cost speed).
    pub fn build<'m>(&self, seed: u64, memory: &'m mut [Entry]) -> AnyBot<'m> {
        match *self {
            BotSpec::Random => AnyBot::Random(RandomBot::new(seed)),
            BotSpec::Greedy => AnyBot::Greedy(GreedyBot::new(seed)),
            BotSpec::Minimax(options) => {
                AnyBot::Minimax(MinimaxBot::with_memory(options, seed, memory))
            }
            #[cfg(feature = "solver")]
            BotSpec::Pimc(options) => AnyBot::Pimc(PimcBot::new(options, seed, memory)),
            #[cfg(feature = "solver")]
            BotSpec::Clairvoyant => AnyBot::Clairvoyant(ClairvoyantBot::new(memory)),
            #[cfg(feature = "solver")]
            BotSpec::Ismcts(options) => AnyBot::Ismcts(IsmctsBot::new(options, seed, memory)),
            #[cfg(feature = "solver")]
            BotSpec::BestResponse => AnyBot::BestResponse(BestResponseBot::new(memory)),
        }
    }
}

/// One numeric option of a bot, as `name:key=value` sets it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct BotOption {
    /// The key, lower case (matched in any case).
    pub key: &'static str,
    /// The smallest value taken.
    pub least: u64,
    /// The largest value taken.
    pub most: u64,
    /// What to say when a value is out of range.
    pub expected: &'static str,
}

/// A [`BotOption`] in one line.
const fn option(key: &'static str, least: u64, most: u64, expected: &'static str) -> BotOption {
    BotOption {
        key,
        least,
        most,
        expected,
    }
}

/// Minimax's depth, the first of its options.
const DEPTH: BotOption = option(
    "depth",
    1,
    MinimaxOptions::MAX_DEPTH as u64,
    "a depth from 1 to 6",
);

/// Minimax's node budget, the second of its options.
const MINIMAX_NODES: BotOption = option(
    "nodes",
    1,
    u32::MAX as u64,
    "a node budget from 1 to 4294967295",
);

#[cfg(not(feature = "solver"))]
static MINIMAX_OPTIONS: [BotOption; 2] = [DEPTH, MINIMAX_NODES];

#[cfg(feature = "solver")]
static MINIMAX_OPTIONS: [BotOption; 4] = [DEPTH, MINIMAX_NODES, MINIMAX_EXACT, MEMORY];

/// The node budget of minimax's exact solve of the two-player last deal, 0 (none) by
/// default: its own search decides there unless the solve fits.
#[cfg(feature = "solver")]
const MINIMAX_EXACT: BotOption = option(
    "exact",
    0,
    u64::MAX,
    "a node budget for the last deal's exact solve, or 0 for none",
);

#[cfg(feature = "solver")]
static PIMC_OPTIONS: [BotOption; 7] = [
    option(
        "samples",
        1,
        MAX_SAMPLES as u64,
        "a sample count from 1 to 4096",
    ),
    option("nodes", 1, u64::MAX, "a node budget of at least 1"),
    LEARNED,
    INFERENCE,
    ALONE,
    MEMORY,
    EXACT,
];

/// Whether the searching bots value the deal's end by the learned evaluation.
#[cfg(feature = "solver")]
const LEARNED: BotOption = option(
    "learned",
    0,
    1,
    "1 (the learned evaluation at the deal's end) or 0",
);

/// How the searching bots' worlds weigh the opponents' moves: 0 by greedy moves, 1 by the
/// learned move model.
#[cfg(feature = "solver")]
const INFERENCE: BotOption = option(
    "inference",
    0,
    1,
    "1 (the opponents' moves weighed by the learned move model) or 0 (by greedy moves)",
);

/// Whether the searching bots play for their own seat in a game of sides (a measure of
/// what playing for the side is worth).
#[cfg(feature = "solver")]
const ALONE: BotOption = option(
    "alone",
    0,
    1,
    "1 (play for its own seat alone, partners taken for opponents) or 0 (for its side)",
);

/// The search memory the searching bots ask for ([`BotSpec::memory_entries`]), in KiB: a
/// handheld's few KiB give other choices than the 256 KiB callers allocate by default, and
/// this names them the same everywhere.
#[cfg(feature = "solver")]
const MEMORY: BotOption = option(
    "memory",
    1,
    MAX_MEMORY_KIB as u64,
    "KiB of search memory from 1 to 4096",
);

/// The node budget of the sampling bots' two-player last deal, solved exactly without it:
/// a handheld must answer every decision in time.
#[cfg(feature = "solver")]
const EXACT: BotOption = option(
    "exact",
    1,
    u64::MAX,
    "a node budget of at least 1 for the last deal's solve",
);

#[cfg(feature = "solver")]
static ISMCTS_OPTIONS: [BotOption; 7] = [
    option(
        "iterations",
        1,
        IsmctsOptions::MAX_ITERATIONS as u64,
        "an iteration count from 1 to 1048576",
    ),
    option(
        "exploration",
        0,
        IsmctsOptions::MAX_EXPLORATION as u64,
        "tenths of a point from 0 to 1000",
    ),
    LEARNED,
    INFERENCE,
    ALONE,
    MEMORY,
    EXACT,
];

/// `name` or `name:key=value,key=value`; names and keys in any case, as card names are.
/// `best` names the strongest bot, today `ismcts` with its defaults (it takes the same
/// options, and is written back as the `ismcts` it is; STRENGTH.md has the figures).
impl FromStr for BotSpec {
    type Err = BotSpecError;

    fn from_str(text: &str) -> Result<BotSpec, BotSpecError> {
        let text = text.trim();
        let (name, options) = text.split_once(':').unwrap_or((text, ""));
        let name = name.trim();
        if name.is_empty() {
            return Err(BotSpecError::Empty);
        }
        let name = BotSpec::NAMES
            .iter()
            .find(|known| known.eq_ignore_ascii_case(name))
            .ok_or_else(|| BotSpecError::UnknownBot(excerpt(name)))?;
        let spec = match *name {
            "minimax" => BotSpec::Minimax(minimax_options(name, options)?),
            #[cfg(feature = "solver")]
            "pimc" => {
                let defaults = PimcOptions::default();
                let [samples, nodes, learned, inference, alone, memory, exact] =
                    parse_numbers(name, options, &PIMC_OPTIONS)?;
                BotSpec::Pimc(PimcOptions {
                    samples: samples.map_or(defaults.samples, |samples| samples as u32),
                    nodes: nodes.unwrap_or(defaults.nodes),
                    learned: learned.map_or(defaults.learned, |learned| learned == 1),
                    inference: inference.map_or(defaults.inference, inference_of),
                    alone: alone.map_or(defaults.alone, |alone| alone == 1),
                    memory_kib: memory.map_or(defaults.memory_kib, |kib| kib as u32),
                    exact: exact.or(defaults.exact),
                })
            }
            #[cfg(feature = "solver")]
            "ismcts" | "best" => {
                let defaults = IsmctsOptions::default();
                let [iterations, exploration, learned, inference, alone, memory, exact] =
                    parse_numbers(name, options, &ISMCTS_OPTIONS)?;
                BotSpec::Ismcts(IsmctsOptions {
                    iterations: iterations.map_or(defaults.iterations, |value| value as u32),
                    exploration: exploration.map_or(defaults.exploration, |value| value as u32),
                    learned: learned.map_or(defaults.learned, |learned| learned == 1),
                    inference: inference.map_or(defaults.inference, inference_of),
                    alone: alone.map_or(defaults.alone, |alone| alone == 1),
                    memory_kib: memory.map_or(defaults.memory_kib, |kib| kib as u32),
                    exact: exact.or(defaults.exact),
                })
            }
            #[cfg(feature = "solver")]
            "clairvoyant" => {
                parse_numbers(name, options, &[])?;
                BotSpec::Clairvoyant
            }
            #[cfg(feature = "solver")]
            "bestresponse" => {
                parse_numbers(name, options, &[])?;
                BotSpec::BestResponse
            }
            "greedy" => {
                parse_numbers(name, options, &[])?;
                BotSpec::Greedy
            }
            "random" => {
                parse_numbers(name, options, &[])?;
                BotSpec::Random
            }
            _ => return Err(BotSpecError::UnknownBot(excerpt(name))),
        };
        Ok(spec)
    }
}

/// Minimax's options after `minimax:`, the defaults where not given.
fn minimax_options(name: &'static str, options: &str) -> Result<MinimaxOptions, BotSpecError> {
    let defaults = MinimaxOptions::DEFAULT;
    #[cfg(not(feature = "solver"))]
    let [depth, nodes] = parse_numbers(name, options, &MINIMAX_OPTIONS)?;
    #[cfg(feature = "solver")]
    let [depth, nodes, exact, memory] = parse_numbers(name, options, &MINIMAX_OPTIONS)?;
    Ok(MinimaxOptions {
        depth: depth.map_or(defaults.depth, |depth| depth as u8),
        nodes: nodes.map_or(defaults.nodes, |nodes| nodes as u32),
        #[cfg(feature = "solver")]
        exact: exact.unwrap_or(defaults.exact),
        #[cfg(feature = "solver")]
        memory_kib: memory.map_or(defaults.memory_kib, |kib| kib as u32),
    })
}

/// Numeric options `key=value,…` (any subset, any order) after `name:`, one value per
/// option of `known`. An option given twice is refused, since one of the two would be
/// silently ignored.
fn parse_numbers<const N: usize>(
    bot: &'static str,
    options: &str,
    known: &'static [BotOption; N],
) -> Result<[Option<u64>; N], BotSpecError> {
    let mut values = [None; N];
    for option in options.split(',').map(str::trim).filter(|o| !o.is_empty()) {
        let (key, value) = option
            .split_once('=')
            .map(|(key, value)| (key.trim(), value.trim()))
            .ok_or(BotSpecError::MalformedOption(excerpt(option)))?;
        let slot = known
            .iter()
            .position(|known| known.key.eq_ignore_ascii_case(key))
            .ok_or(BotSpecError::UnknownOption {
                option: excerpt(option),
                bot,
                known,
            })?;
        if values[slot].is_some() {
            return Err(BotSpecError::RepeatedOption(excerpt(option)));
        }
        let BotOption {
            least,
            most,
            expected,
            ..
        } = known[slot];
        values[slot] = Some(
            value
                .parse::<u64>()
                .ok()
                .filter(|value| (least..=most).contains(value))
                .ok_or(BotSpecError::BadValue {
                    option: excerpt(option),
                    expected,
                })?,
        );
    }
    Ok(values)
}

/// Writes the spec back in the form [`BotSpec::from_str`] reads, options included.
impl fmt::Display for BotSpec {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())?;
        match self {
            BotSpec::Minimax(options) => {
                write!(f, ":depth={},nodes={}", options.depth, options.nodes)?;
                #[cfg(feature = "solver")]
                {
                    if options.exact > 0 {
                        write!(f, ",exact={}", options.exact)?;
                    }
                    write_memory(f, options.memory_kib)?;
                }
                Ok(())
            }
            #[cfg(feature = "solver")]
            BotSpec::Pimc(options) => {
                write!(f, ":samples={},nodes={}", options.samples, options.nodes)?;
                write_learned(f, options.learned, options.inference)?;
                write_alone(f, options.alone)?;
                write_memory(f, options.memory_kib)?;
                write_exact(f, options.exact)
            }
            #[cfg(feature = "solver")]
            BotSpec::Clairvoyant | BotSpec::BestResponse => Ok(()),
            #[cfg(feature = "solver")]
            BotSpec::Ismcts(options) => {
                let (iterations, exploration) = (options.iterations, options.exploration);
                write!(f, ":iterations={iterations},exploration={exploration}")?;
                write_learned(f, options.learned, options.inference)?;
                write_alone(f, options.alone)?;
                write_memory(f, options.memory_kib)?;
                write_exact(f, options.exact)
            }
            BotSpec::Random | BotSpec::Greedy => Ok(()),
        }
    }
}

/// `,learned=1` and `,inference=1` when on; off, every bot's default, is left out so that
/// the bots' usual names stay as they were.
#[cfg(feature = "solver")]
fn write_learned(f: &mut fmt::Formatter<'_>, learned: bool, inference: Inference) -> fmt::Result {
    if learned {
        f.write_str(",learned=1")?;
    }
    if inference == Inference::Learned {
        f.write_str(",inference=1")?;
    }
    Ok(())
}

/// `,alone=1` when on; off, the default, is left out.
#[cfg(feature = "solver")]
fn write_alone(f: &mut fmt::Formatter<'_>, alone: bool) -> fmt::Result {
    if alone {
        f.write_str(",alone=1")?;
    }
    Ok(())
}

/// `,memory=…` when not the default [`SOLVER_MEMORY_KIB`], which is left out as `learned`
/// is.
#[cfg(feature = "solver")]
fn write_memory(f: &mut fmt::Formatter<'_>, memory_kib: u32) -> fmt::Result {
    if memory_kib != SOLVER_MEMORY_KIB {
        write!(f, ",memory={memory_kib}")?;
    }
    Ok(())
}

/// `,exact=…` when the last deal's solve has a budget; none, the default, is left out.
#[cfg(feature = "solver")]
fn write_exact(f: &mut fmt::Formatter<'_>, exact: Option<u64>) -> fmt::Result {
    match exact {
        Some(nodes) => write!(f, ",exact={nodes}"),
        None => Ok(()),
    }
}

/// The inference an `inference=` value names (checked to be 0 or 1).
#[cfg(feature = "solver")]
fn inference_of(value: u64) -> Inference {
    if value == 1 {
        Inference::Learned
    } else {
        Inference::Greedy
    }
}

/// Splits a comma-separated list of bots where options also use commas:
/// `minimax:depth=3,nodes=9,greedy` is `minimax:depth=3,nodes=9` and `greedy`. A piece with
/// `=` and no `:` continues the previous bot's options. An empty list has no bots; a comma
/// with nothing after it (`greedy,`) leaves an empty name, as two commas in a row do.
pub fn split_bot_list(list: &str) -> impl Iterator<Item = &str> {
    let mut rest = (!list.is_empty()).then_some(list);
    core::iter::from_fn(move || {
        let text = rest?;
        let mut pieces = text.split(',');
        let mut end = pieces.next().unwrap_or("").len();
        for piece in pieces {
            if piece.contains('=') && !piece.contains(':') {
                end += 1 + piece.len();
            } else {
                break;
            }
        }
        // After the comma that ends this bot; with no comma, the list is over.
        rest = text.get(end + 1..);
        text.get(..end).map(str::trim)
    })
}

/// Any built-in bot, without a heap: what [`BotSpec::build`] returns. The searching bots
/// borrow their memory (`'m`) from the caller.
#[derive(Debug)]
pub enum AnyBot<'m> {
    /// A [`RandomBot`].
    Random(RandomBot),
    /// A [`GreedyBot`].
    Greedy(GreedyBot),
    /// A [`MinimaxBot`].
    Minimax(MinimaxBot<'m>),
    /// A [`PimcBot`].
    #[cfg(feature = "solver")]
    Pimc(PimcBot<'m>),
    /// A [`ClairvoyantBot`], the one bot that sees the whole game.
    #[cfg(feature = "solver")]
    Clairvoyant(ClairvoyantBot<'m>),
    /// An [`IsmctsBot`].
    #[cfg(feature = "solver")]
    Ismcts(IsmctsBot<'m>),
    /// A [`BestResponseBot`], which also sees the whole game.
    #[cfg(feature = "solver")]
    BestResponse(BestResponseBot<'m>),
}

impl AnyBot<'_> {
    /// A move for the seat to move in `game` (`None` when it is over). Every bot but the
    /// clairvoyant and best-response ones is shown only that seat's
    /// [`PlayerView`](crate::PlayerView).
    ///
    /// Each kind decides in a function of its own that is never inlined here, so that a
    /// decision takes only the stack its own bot needs: inlined together, every call would
    /// reserve the largest frame, the solving bots' (on a Cortex-M3 a greedy move then took
    /// 16 KB of stack instead of 5.7 KB).
    pub fn choose(&mut self, game: &Game) -> Option<Move> {
        match self {
            AnyBot::Random(bot) => choose_seeing_one_seat(bot, game),
            AnyBot::Greedy(bot) => choose_seeing_one_seat(bot, game),
            AnyBot::Minimax(bot) => choose_seeing_one_seat(bot, game),
            #[cfg(feature = "solver")]
            AnyBot::Pimc(bot) => choose_seeing_one_seat(bot, game),
            #[cfg(feature = "solver")]
            AnyBot::Clairvoyant(bot) => choose_seeing_all(game, |game| bot.choose_seeing_all(game)),
            #[cfg(feature = "solver")]
            AnyBot::BestResponse(bot) => {
                choose_seeing_all(game, |game| bot.choose_seeing_all(game))
            }
            #[cfg(feature = "solver")]
            AnyBot::Ismcts(bot) => choose_seeing_one_seat(bot, game),
        }
    }
}

/// A move from a bot shown only the view of the seat to move.
#[inline(never)]
fn choose_seeing_one_seat(bot: &mut impl Bot, game: &Game) -> Option<Move> {
    let view = game.current_view()?;
    Some(bot.choose(&view))
}

/// A move from a bot that sees every card (`choose`, given the whole game).
#[cfg(feature = "solver")]
#[inline(never)]
fn choose_seeing_all(game: &Game, choose: impl FnOnce(&Game) -> Option<Move>) -> Option<Move> {
    choose(game)
}

#[cfg(test)]
mod tests {
    use core::fmt::Write;

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
        // A comma with nothing after it leaves an empty name, as two in a row do.
        let pieces: arrayvec::ArrayVec<&str, 4> = split_bot_list("greedy,").collect();
        assert_eq!(pieces.as_slice(), ["greedy", ""]);
        let pieces: arrayvec::ArrayVec<&str, 4> = split_bot_list("greedy,,random").collect();
        assert_eq!(pieces.as_slice(), ["greedy", "", "random"]);
        let pieces: arrayvec::ArrayVec<&str, 4> = split_bot_list(",").collect();
        assert_eq!(pieces.as_slice(), ["", ""]);
    }

    #[test]
    fn names_parse_and_errors_say_what() {
        assert_eq!("random".parse::<BotSpec>(), Ok(BotSpec::Random));
        // Names and keys in any case, as card names.
        assert_eq!("Greedy".parse::<BotSpec>(), Ok(BotSpec::Greedy));
        assert_eq!(
            "MINIMAX:Depth=2".parse::<BotSpec>(),
            Ok(BotSpec::Minimax(MinimaxOptions {
                depth: 2,
                ..MinimaxOptions::DEFAULT
            }))
        );
        let mut message = heapless::String::<96>::new();
        let error = "minimax:depht=3".parse::<BotSpec>().unwrap_err();
        let _ = write!(message, "{error}");
        let expected = if cfg!(feature = "solver") {
            "bad bot option \"depht=3\": minimax takes depth, nodes, exact or memory"
        } else {
            "bad bot option \"depht=3\": minimax takes depth or nodes"
        };
        assert_eq!(message, expected);
        message.clear();
        let _ = write!(
            message,
            "{}",
            "greedy:depth=3".parse::<BotSpec>().unwrap_err()
        );
        assert_eq!(
            message,
            "bad bot option \"depth=3\": greedy takes no options"
        );
        assert_eq!(
            "rnd".parse::<BotSpec>(),
            Err(BotSpecError::UnknownBot(excerpt("rnd")))
        );
        assert_eq!(
            "random:speed=3".parse::<BotSpec>(),
            Err(BotSpecError::UnknownOption {
                option: excerpt("speed=3"),
                bot: "random",
                known: &[],
            })
        );
        let mut written = heapless::String::<16>::new();
        let _ = write!(written, "{}", BotSpec::Random);
        assert_eq!(written, "random");
    }

    #[test]
    fn wide_characters_are_cut_whole_in_errors() {
        // 13 two-byte characters: 26 bytes, more than an excerpt holds; 10 are kept, and `…`.
        let kept = excerpt("ééééééééééééé");
        assert_eq!(kept, "éééééééééé…");
        assert_eq!(
            "ééééééééééééé".parse::<BotSpec>(),
            Err(BotSpecError::UnknownBot(kept.clone()))
        );
        assert!(matches!(
            "greedy:ééééééééééééé".parse::<BotSpec>(),
            Err(BotSpecError::MalformedOption(option)) if option == kept
        ));
        assert!("minimax:depth=ééééééééééééé".parse::<BotSpec>().is_err());
    }
}
