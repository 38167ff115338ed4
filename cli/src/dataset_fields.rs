//! How the rows of both datasets (`tablic dataset`, `tablic dataset --moves`) write cards.

use tablic_core::CardSet;

/// `2C,3D`, or `-` for none: one field of a row's state.
pub fn card_list(cards: CardSet) -> String {
    if cards.is_empty() {
        return "-".to_string();
    }
    let names: Vec<String> = cards.iter().map(|card| card.to_string()).collect();
    names.join(",")
}
