//! One scripted person: what their own frames tell them, and the greedy move from it.

use serde_json::Value;
use tablic_core::game::record::parse_move;
use tablic_core::{Card, CardSet, Move};

/// A seat's view, built only from the frames sent to that seat.
#[derive(Default)]
pub struct Seat {
    /// The seat's player number, once seated.
    pub player: Option<usize>,
    hand: CardSet,
    table: CardSet,
    to_move: Option<usize>,
    /// True between `match-over` and the next `match-started`.
    pub over: bool,
}

/// What a frame meant to the table's driver.
pub enum Seen {
    /// A move by `player` was shown to this seat.
    Played { player: usize },
    /// The match ended.
    MatchOver,
    /// A refusal, with its text.
    Refused(String),
    /// Anything else.
    Other,
}

fn cards(value: &Value) -> CardSet {
    value
        .as_array()
        .map(|items| {
            items
                .iter()
                .filter_map(|item| item.as_str()?.parse::<Card>().ok())
                .collect()
        })
        .unwrap_or(CardSet::EMPTY)
}

impl Seat {
    /// Takes in one frame.
    pub fn see(&mut self, frame: &Value) -> Seen {
        match frame["type"].as_str() {
            Some("created") | Some("joined") => {
                self.player = frame["player"].as_u64().map(|player| player as usize);
                Seen::Other
            }
            Some("refused") => Seen::Refused(frame.to_string()),
            Some("event") => self.see_event(&frame["event"]),
            _ => Seen::Other,
        }
    }

    fn see_event(&mut self, event: &Value) -> Seen {
        match event["kind"].as_str() {
            Some("match-started") => self.over = false,
            Some("game-started") => {
                self.to_move = event["leader"].as_u64().map(|leader| leader as usize);
                self.table = CardSet::EMPTY;
            }
            Some("dealt") => {
                if event["table"].is_array() {
                    self.table = cards(&event["table"]);
                }
                if event["hand"].is_array() {
                    self.hand = cards(&event["hand"]);
                }
            }
            Some("played") => {
                let (Some(player), Some(Ok(played))) = (
                    event["player"].as_u64().map(|player| player as usize),
                    event["move"].as_str().map(parse_move),
                ) else {
                    return Seen::Other;
                };
                if Some(player) == self.player {
                    self.hand = self.hand.without(played.card);
                }
                if played.capture.is_empty() {
                    self.table = self.table.with(played.card);
                } else {
                    self.table -= played.capture;
                }
                self.to_move = Some((player + 1) % 4);
                return Seen::Played { player };
            }
            Some("match-over") => {
                self.over = true;
                self.to_move = None;
                return Seen::MatchOver;
            }
            _ => {}
        }
        Seen::Other
    }

    /// The greedy move from this seat's own view, when it is this seat's turn.
    pub fn move_now(&self) -> Option<Move> {
        if self.over || self.player.is_none() || self.to_move != self.player {
            return None;
        }
        tablic_core::bots::best_greedy_move(self.hand, self.table)
    }
}
