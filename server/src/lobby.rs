//! Every open table's channel, and the public list of listed tables. It holds senders and
//! summaries only: each game stays inside its table's task.

use std::collections::HashMap;
use std::sync::{Arc, Mutex};

use serde_json::{json, Value};
use tokio::sync::mpsc;

use crate::events::{Event, Play};
use crate::ids::TableId;
use crate::store::StoredTable;
use crate::table::{Clocks, Command, Table};
use crate::Shared;

/// Commands a table's queue holds before senders wait.
const TABLE_QUEUE: usize = 64;

#[derive(Default)]
struct Entries {
    senders: HashMap<TableId, mpsc::Sender<Command>>,
    listed: HashMap<TableId, Value>,
}

/// The open tables.
#[derive(Default)]
pub struct Lobby {
    entries: Mutex<Entries>,
}

impl Lobby {
    fn entries(&self) -> std::sync::MutexGuard<'_, Entries> {
        // A panic while holding the lock leaves plain maps behind: still usable.
        self.entries
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner())
    }

    /// How many tables are open.
    pub fn len(&self) -> usize {
        self.entries().senders.len()
    }

    /// True when no table is open.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// The channel of table `id`.
    pub fn find(&self, id: TableId) -> Option<mpsc::Sender<Command>> {
        self.entries().senders.get(&id).cloned()
    }

    /// The listed tables' summaries.
    pub fn listed(&self) -> Vec<Value> {
        self.entries().listed.values().cloned().collect()
    }

    /// Shows the table in the list while it has a free seat and is listed.
    pub fn update(&self, id: TableId, play: &Play) {
        let mut entries = self.entries();
        let free = play.seats.iter().filter(|seat| seat.is_none()).count();
        if play.settings.listed && play.current.is_none() && free > 0 {
            let names: Vec<Value> = play
                .seats
                .iter()
                .map(|seat| seat.as_ref().map_or(Value::Null, |seat| json!(seat.name)))
                .collect();
            let summary = json!({
                "table": id.to_string(),
                "players": play.settings.players,
                "rules": play.settings.rules,
                "target": play.settings.target,
                "one_game": play.settings.one_game,
                "seats": names,
                "free": free,
                "spectators": play.settings.spectators,
            });
            entries.listed.insert(id, summary);
        } else {
            entries.listed.remove(&id);
        }
    }

    /// Forgets a closed table.
    pub fn remove(&self, id: TableId) {
        let mut entries = self.entries();
        entries.senders.remove(&id);
        entries.listed.remove(&id);
    }

    /// Starts the task of a table and lists it; its events must already be stored.
    pub fn open(shared: &Arc<Shared>, id: TableId, play: Play, events: Vec<Event>, clocks: Clocks) {
        let (sender, receiver) = mpsc::channel(TABLE_QUEUE);
        shared.lobby.update(id, &play);
        shared.lobby.entries().senders.insert(id, sender.clone());
        let table = Table::new(id, play, events, clocks, shared.clone(), sender);
        shared.tracker.spawn(table.run(receiver));
    }

    /// Reopens a stored table after a restart by applying its events again.
    pub fn reopen(shared: &Arc<Shared>, stored: &StoredTable) -> Result<(), String> {
        let id = TableId::parse(&stored.id).ok_or("a table id that does not read")?;
        let settings = serde_json::from_str(&stored.settings).map_err(|error| error.to_string())?;
        let clocks = serde_json::from_str(&stored.clocks).map_err(|error| error.to_string())?;
        let mut play = Play::new(settings);
        let mut events = Vec::with_capacity(stored.events.len());
        for body in &stored.events {
            let event: Event = serde_json::from_str(body).map_err(|error| error.to_string())?;
            play.apply(&event).map_err(|error| error.0)?;
            events.push(event);
        }
        Lobby::open(shared, id, play, events, clocks);
        Ok(())
    }
}
