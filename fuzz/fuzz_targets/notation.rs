//! Any bytes as one card and as a card list, in all three notations (`10D`, `10♦`,
//! `karo 10`): parsing never panics, and whatever parses prints back, in each notation,
//! to text that parses to the same cards.
#![no_main]

use libfuzzer_sys::fuzz_target;
use tablic_core::cards::notation::parse_cards;
use tablic_core::{Card, CardSet};

/// The Croatian suit names as players write them (`karo 10`); the core reads them but
/// prints only `10D` and `10♦`, so the third notation is written here from its definition.
const SUIT_NAMES: [&str; 4] = ["tref", "karo", "herc", "pik"];

fn croatian(card: Card) -> String {
    format!(
        "{} {}",
        SUIT_NAMES[card.suit().index() as usize],
        card.rank()
    )
}

fn croatian_list(cards: CardSet) -> String {
    cards.iter().map(croatian).collect::<Vec<_>>().join(", ")
}

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    match text.parse::<Card>() {
        Ok(card) => {
            for printed in [card.to_string(), card.unicode().to_string(), croatian(card)] {
                assert_eq!(
                    printed.parse::<Card>(),
                    Ok(card),
                    "{text:?} printed as {printed:?}"
                );
            }
        }
        Err(error) => drop(error.to_string()),
    }
    // The list parser and the set parser agree: a set is the list when no card repeats.
    let listed: Result<Vec<Card>, _> = parse_cards(text).collect();
    let parsed = text.parse::<CardSet>();
    match (&listed, &parsed) {
        (Ok(cards), Ok(set)) => {
            assert_eq!(cards.len(), set.len(), "{text:?}");
            assert!(cards.iter().all(|&card| set.contains(card)), "{text:?}");
        }
        (Ok(cards), Err(_)) => {
            let distinct = cards
                .iter()
                .fold(CardSet::EMPTY, |set, &card| set.with(card));
            assert!(
                distinct.len() < cards.len(),
                "{text:?} lists distinct cards yet fails"
            );
        }
        (Err(_), Ok(_)) => panic!("{text:?}: the set parsed but the list did not"),
        (Err(_), Err(_)) => {}
    }
    match parsed {
        Ok(set) => {
            for printed in [
                set.to_string(),
                set.unicode().to_string(),
                croatian_list(set),
            ] {
                assert_eq!(
                    printed.parse::<CardSet>(),
                    Ok(set),
                    "{text:?} printed as {printed:?}"
                );
            }
        }
        // Every error prints its message without panicking.
        Err(error) => drop(error.to_string()),
    }
});
