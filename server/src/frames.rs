//! What each recipient is sent: an event or a snapshot rendered for one seat from that
//! seat's [`PlayerView`](tablic_core::PlayerView), or for a watcher from the
//! [`PublicView`](tablic_core::PublicView). Nothing else builds an outgoing game frame, so
//! no hand, no deck and no seed before its match ends can reach the wrong socket.

use serde_json::{json, Value};
use tablic_core::CardSet;

use crate::events::{Event, Play};
use crate::ids::TableId;

/// Who a frame is for.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Viewer {
    /// The person or bot at this match player's seat.
    Player(usize),
    /// A watcher.
    Spectator,
}

fn cards(set: CardSet) -> Value {
    Value::from(
        set.into_iter()
            .map(|card| card.to_string())
            .collect::<Vec<_>>(),
    )
}

fn bits_cards(bits: u64) -> Value {
    cards(CardSet::from_bits(bits).unwrap_or_default())
}

/// Event `number` as `viewer` sees it.
pub fn event_frame(number: u64, event: &Event, viewer: Viewer) -> String {
    let shown = match event {
        Event::Seated {
            player, name, bot, ..
        } => {
            json!({"kind": "seated", "player": player, "name": name, "bot": bot})
        }
        Event::MatchStarted {
            round, commitment, ..
        } => {
            json!({"kind": "match-started", "round": round, "commitment": commitment})
        }
        Event::GameStarted { game, leader } => {
            json!({"kind": "game-started", "game": game, "leader": leader})
        }
        Event::Dealt { deal, table, hands } => {
            let hand = match viewer {
                Viewer::Player(player) => hands.get(player).map(|&bits| bits_cards(bits)),
                Viewer::Spectator => None,
            };
            let sizes: Vec<u32> = hands.iter().map(|&bits| bits.count_ones()).collect();
            json!({"kind": "dealt", "deal": deal, "table": table.map(bits_cards),
                   "hand": hand, "hand_sizes": sizes})
        }
        Event::Played {
            player,
            played,
            tabla,
            by_bot,
        } => {
            json!({"kind": "played", "player": player, "move": played, "tabla": tabla, "by_bot": by_bot})
        }
        Event::Covered { player, bot } => json!({"kind": "covered", "player": player, "bot": bot}),
        Event::GameOver {
            game,
            scores,
            totals,
        } => {
            json!({"kind": "game-over", "game": game, "scores": scores, "totals": totals})
        }
        Event::MatchOver {
            winner,
            seed,
            record,
        } => {
            json!({"kind": "match-over", "winner": winner, "seed": seed.to_string(), "record": record})
        }
    };
    json!({"type": "event", "n": number, "event": shown}).to_string()
}

/// The whole table as `viewer` may see it, for a client that has no events or too old ones.
pub fn snapshot_frame(
    table: TableId,
    play: &Play,
    viewer: Viewer,
    connected: &[bool],
    deadline: Option<(usize, u64)>,
) -> String {
    let seats: Vec<Value> = play
        .seats
        .iter()
        .enumerate()
        .map(|(player, seat)| match seat {
            None => Value::Null,
            Some(seat) => json!({
                "name": seat.name,
                "bot": seat.bot,
                "covered_by": seat.covered_by,
                "connected": connected.get(player).copied().unwrap_or(false),
            }),
        })
        .collect();
    let phase = if play.current.is_none() {
        "waiting"
    } else if play.match_over {
        "over"
    } else {
        "playing"
    };
    let game = play.current.as_ref().map(|current| {
        let game = current.game();
        let players = game.players().get();
        let public = game.public_view();
        let by_player = |value: &dyn Fn(usize) -> Value| -> Vec<Value> {
            (0..players)
                .map(|player| value(current.seat_of(player)))
                .collect()
        };
        let hand = match viewer {
            Viewer::Player(player) => game
                .view(current.seat_of(player))
                .map(|view| cards(view.hand())),
            Viewer::Spectator => None,
        };
        json!({
            "number": current.game_number(),
            "leader": current.leader(),
            "to_move": play.player_to_move(),
            "table": cards(public.table()),
            "hand": hand,
            "hand_sizes": by_player(&|seat| public.hand_size(seat).into()),
            "piles": by_player(&|seat| cards(public.pile(seat))),
            "tablas": by_player(&|seat| public.tablas(seat).into()),
            "history": public.history().iter().map(|played| played.to_string()).collect::<Vec<_>>(),
            "undealt": public.undealt(),
            "totals": current.totals(),
        })
    });
    let you = match viewer {
        Viewer::Player(player) => Some(player),
        Viewer::Spectator => None,
    };
    json!({
        "type": "snapshot",
        "table": table.to_string(),
        "you": you,
        "last_event": play.last_event(),
        "settings": play.settings,
        "seats": seats,
        "round": play.round,
        "commitment": play.commitment,
        "phase": phase,
        "game": game,
        "deadline": deadline.map(|(player, at_ms)| json!({"player": player, "at_ms": at_ms})),
    })
    .to_string()
}

/// The clock of the player to move, sent whenever it is set.
pub fn clock_frame(deadline: Option<(usize, u64)>) -> String {
    json!({"type": "clock", "deadline": deadline.map(|(player, at_ms)| json!({"player": player, "at_ms": at_ms}))})
        .to_string()
}
