//! Every bot option at the ends of its documented range and one past them: the ends are
//! taken, written back and read again, and a bot built with them plays a legal move; one past
//! either end is refused with the range in the message.

use tablic_core::bots::solver::Entry;
#[cfg(feature = "solver")]
use tablic_core::bots::SOLVER_ENTRIES;
use tablic_core::bots::{BotOption, BotSpec, BotSpecError};

mod common;
use common::greedy_for;

fn every_option() -> impl Iterator<Item = (&'static str, BotOption)> {
    BotSpec::NAMES.iter().flat_map(|&name| {
        BotSpec::options(name)
            .unwrap()
            .iter()
            .map(move |&option| (name, option))
    })
}

#[test]
fn the_ends_of_every_range_are_taken_and_written_back() {
    let mut checked = 0;
    for (name, option) in every_option() {
        for value in [option.least, option.most] {
            let text = format!("{name}:{}={value}", option.key);
            let spec: BotSpec = text
                .parse()
                .unwrap_or_else(|error| panic!("{text}: {error}"));
            let written = spec.to_string();
            // Written back, unless it is the bot's default and so needs no writing.
            let default = name.parse::<BotSpec>() == Ok(spec);
            assert!(
                written.contains(&format!("{}={value}", option.key)) || default,
                "{text} is written {written}"
            );
            assert_eq!(written.parse::<BotSpec>(), Ok(spec), "{written}");
            checked += 1;
        }
    }
    // minimax four options (two without the solver), pimc, ismcts and best (ismcts by
    // another name) seven, two ends each.
    assert_eq!(checked, if cfg!(feature = "solver") { 50 } else { 4 });
}

#[test]
fn one_past_either_end_is_refused_with_the_range() {
    for (name, option) in every_option() {
        let below = if option.least == 0 {
            "-1".to_string()
        } else {
            (option.least - 1).to_string()
        };
        let above = (u128::from(option.most) + 1).to_string();
        for value in [below, above] {
            let text = format!("{name}:{}={value}", option.key);
            match text.parse::<BotSpec>() {
                Err(error @ BotSpecError::BadValue { expected, .. }) => {
                    assert_eq!(expected, option.expected);
                    let message = error.to_string();
                    let written = format!("{}={value}", option.key);
                    let shown = if written.len() <= 24 {
                        written
                    } else {
                        format!("{}…", &written[..21])
                    };
                    assert!(message.contains(&format!("{shown:?}")), "{message}");
                    assert!(message.contains(option.expected), "{message}");
                }
                other => panic!("{text}: {other:?}"),
            }
        }
    }
}

#[test]
fn the_documented_ranges_are_these() {
    let ranges: Vec<String> = every_option()
        .map(|(name, option)| format!("{name}:{} {}..={}", option.key, option.least, option.most))
        .collect();
    let mut expected = vec!["minimax:depth 1..=6", "minimax:nodes 1..=4294967295"];
    if cfg!(feature = "solver") {
        expected.extend([
            "minimax:exact 0..=18446744073709551615",
            "minimax:memory 1..=4096",
            "pimc:samples 1..=4096",
            "pimc:nodes 1..=18446744073709551615",
            "pimc:learned 0..=1",
            "pimc:inference 0..=1",
            "pimc:alone 0..=1",
            "pimc:memory 1..=4096",
            "pimc:exact 1..=18446744073709551615",
            "ismcts:iterations 1..=1048576",
            "ismcts:exploration 0..=1000",
            "ismcts:learned 0..=1",
            "ismcts:inference 0..=1",
            "ismcts:alone 0..=1",
            "ismcts:memory 1..=4096",
            "ismcts:exact 1..=18446744073709551615",
            "best:iterations 1..=1048576",
            "best:exploration 0..=1000",
            "best:learned 0..=1",
            "best:inference 0..=1",
            "best:alone 0..=1",
            "best:memory 1..=4096",
            "best:exact 1..=18446744073709551615",
        ]);
    }
    assert_eq!(ranges, expected);
    assert_eq!(BotSpec::options("PIMC").is_some(), cfg!(feature = "solver"));
    assert_eq!(BotSpec::options("greedy"), Some(&[][..]));
    assert_eq!(BotSpec::options("nosuch"), None);
}

/// `memory=` is the search memory a searching bot's spec asks for, in KiB (16-byte entries:
/// 64 a KiB), what callers that allocate for it give it; the default, 256 KiB, is written
/// back as no option at all.
#[cfg(feature = "solver")]
#[test]
fn memory_is_the_search_memory_the_spec_asks_for() {
    let ismcts: BotSpec = "ismcts:iterations=60,memory=2".parse().unwrap();
    assert_eq!(ismcts.memory_entries(), 128);
    assert_eq!(
        ismcts.to_string(),
        "ismcts:iterations=60,exploration=45,memory=2"
    );
    let pimc: BotSpec = "pimc:samples=2,nodes=2000,memory=8".parse().unwrap();
    assert_eq!(pimc.memory_entries(), 512);
    assert_eq!(pimc.to_string(), "pimc:samples=2,nodes=2000,memory=8");
    let default: BotSpec = "pimc".parse().unwrap();
    assert_eq!(default.memory_entries(), SOLVER_ENTRIES);
    assert_eq!("pimc:memory=256".parse::<BotSpec>(), Ok(default));
    assert_eq!(default.to_string(), "pimc:samples=128,nodes=40000");
    // `exact=` bounds the two-player last deal's solve; none, the default, is left out.
    let bounded: BotSpec = "pimc:samples=16,nodes=1000,memory=8,exact=5000"
        .parse()
        .unwrap();
    assert_eq!(
        bounded.to_string(),
        "pimc:samples=16,nodes=1000,memory=8,exact=5000"
    );
    assert_eq!(bounded.to_string().parse(), Ok(bounded));
    let bounded: BotSpec = "ismcts:exact=7,iterations=60".parse().unwrap();
    assert_eq!(
        bounded.to_string(),
        "ismcts:iterations=60,exploration=45,exact=7"
    );
    // Minimax asks for memory only when it solves the last deal (`exact=`, 0 by default
    // and left out).
    let minimax: BotSpec = "minimax:depth=3,nodes=12000,exact=4000,memory=8"
        .parse()
        .unwrap();
    assert_eq!(minimax.memory_entries(), 512);
    assert_eq!(
        minimax.to_string(),
        "minimax:depth=3,nodes=12000,exact=4000,memory=8"
    );
    assert_eq!(minimax.to_string().parse(), Ok(minimax));
    let searching: BotSpec = "minimax:memory=8,exact=0".parse().unwrap();
    assert_eq!(searching.memory_entries(), 0);
    assert_eq!(
        searching.to_string(),
        "minimax:depth=3,nodes=20000,memory=8"
    );
    assert_eq!(
        "minimax:exact=0".parse::<BotSpec>(),
        "minimax".parse::<BotSpec>()
    );
    assert_eq!(
        "best:memory=4096"
            .parse::<BotSpec>()
            .unwrap()
            .memory_entries(),
        1 << 18
    );
}

/// Every option at the top of its range at once: the most searching each bot can be asked
/// for still plays a legal move: two cards a hand in the deal before the last, where no bot
/// solves exactly yet and the searches stay short (ISMCTS's million iterations still take
/// about 25 s in a debug build).
#[test]
fn bots_at_the_top_of_every_range_play_legal_moves() {
    for &name in BotSpec::NAMES {
        let game = greedy_for(2, 5, 32);
        let options: Vec<String> = BotSpec::options(name)
            .unwrap()
            .iter()
            .map(|option| format!("{}={}", option.key, option.most))
            .collect();
        let text = format!("{name}:{}", options.join(","));
        let spec: BotSpec = text.parse().unwrap();
        let mut memory = vec![Entry::EMPTY; spec.memory_entries()];
        let mut bot = spec.build(1, &mut memory);
        let chosen = bot.choose(&game).unwrap();
        assert_eq!(game.check(chosen), Ok(()), "{text}: {chosen}");
    }
}
