//! Cards and card lists in every notation, and what bad text says.

use tablic_core::cards::notation::{ParseCardError, ParseCardSetError};
use tablic_core::{Card, CardSet, Rank, Suit};

#[test]
fn every_card_round_trips_in_both_notations() {
    for index in 0..52 {
        let card = Card::from_index(index).unwrap();
        assert_eq!(card.to_string().parse::<Card>(), Ok(card));
        assert_eq!(card.unicode().to_string().parse::<Card>(), Ok(card));
        assert_eq!(card.to_string().to_lowercase().parse::<Card>(), Ok(card));
    }
}

#[test]
fn the_forms_the_issue_names() {
    let ten_of_diamonds = Card::new(Rank::Ten, Suit::Diamonds);
    for text in [
        "10D",
        "10d",
        "10♦",
        "10♢",
        "karo 10",
        "Karo 10",
        " KARO  10 ",
    ] {
        assert_eq!(text.parse::<Card>(), Ok(ten_of_diamonds), "{text}");
    }
    assert_eq!("tref 2".parse(), Ok(Card::new(Rank::Two, Suit::Clubs)));
    assert_eq!("herc a".parse(), Ok(Card::new(Rank::Ace, Suit::Hearts)));
    assert_eq!("pik k".parse(), Ok(Card::new(Rank::King, Suit::Spades)));
    assert_eq!(ten_of_diamonds.to_string(), "10D");
    assert_eq!(ten_of_diamonds.unicode().to_string(), "10♦");
}

#[test]
fn bad_cards_say_what_is_wrong() {
    assert_eq!("".parse::<Card>(), Err(ParseCardError::Empty));
    let message = |text: &str| text.parse::<Card>().unwrap_err().to_string();
    assert_eq!(
        message("1D"),
        "invalid card \"1D\": unknown rank (expected A, 2-10, J, Q or K)"
    );
    assert!(
        message("10X").contains("unknown suit"),
        "{}",
        message("10X")
    );
    assert!(message("10").contains("no suit"), "{}", message("10"));
    assert!(message("bubnja 10").contains("unknown suit"));
    assert!(message("karo 11").contains("unknown rank"));
    assert!(message("11H").contains("unknown rank"));
    // Several cards for one, or a separator that is not one, are named as such.
    assert_eq!(message("7S 8S"), "expected one card, got 2: \"7S 8S\"");
    assert_eq!(
        message("karo 10, pik 2"),
        "expected one card, got 2: \"karo 10, pik 2\""
    );
    assert_eq!(
        message("3S;4D"),
        "invalid card \"3S;4D\": unexpected ';' (cards are separated by spaces or commas)"
    );
    assert_eq!(
        "3H,3S;4D".parse::<CardSet>().unwrap_err().to_string(),
        "invalid card \"3S;4D\": unexpected ';' (cards are separated by spaces or commas)"
    );
}

#[test]
fn card_lists_parse_with_spaces_commas_and_croatian_pairs() {
    let set: CardSet = "3H, 3S 4♦ tref 4".parse().unwrap();
    assert_eq!(set.to_string(), "3H 3S 4C 4D");
    assert_eq!(
        "3H 3h".parse::<CardSet>(),
        Err(ParseCardSetError::Duplicate("3H".parse().unwrap()))
    );
    assert!("3H 3Q".parse::<CardSet>().is_err());
    assert_eq!("".parse::<CardSet>(), Ok(CardSet::EMPTY));
}

#[test]
fn card_values_follow_the_rules() {
    let points: u32 = CardSet::FULL.iter().map(|card| card.points() as u32).sum();
    assert_eq!(points, 22);
    assert_eq!(CardSet::FULL.points(), 22);
    assert_eq!("2C".parse::<Card>().unwrap().points(), 1);
    assert_eq!("10D".parse::<Card>().unwrap().points(), 2);
    assert_eq!("2D".parse::<Card>().unwrap().points(), 0);
    let values: Vec<u8> = Rank::ALL.iter().map(|rank| rank.capture_value()).collect();
    assert_eq!(values, [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 12, 13, 14]);
}
