//! Where tables are kept: a small [`Store`] trait (docs/ONLINE.md sketches a PostgreSQL one
//! for more than one machine) and its SQLite implementation. A table is its settings, its
//! numbered events and its clocks; every write is one committed transaction.

use std::fmt;
use std::path::Path;
use std::sync::Mutex;

use rusqlite::{params, Connection};

/// A table as stored: what [`Store::load_open`] gives back after a restart.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct StoredTable {
    /// The table's id, in hexadecimal.
    pub id: String,
    /// Its settings (JSON).
    pub settings: String,
    /// Its events (JSON), numbered from 1 in order.
    pub events: Vec<String>,
    /// Its clocks' deadlines (JSON).
    pub clocks: String,
}

/// The store failed: the table cannot go on without losing what it acknowledges.
#[derive(Debug)]
pub struct StoreError(pub String);

impl fmt::Display for StoreError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "the store failed: {}", self.0)
    }
}

impl std::error::Error for StoreError {}

impl From<rusqlite::Error> for StoreError {
    fn from(error: rusqlite::Error) -> StoreError {
        StoreError(error.to_string())
    }
}

/// Durable tables. Calls block; the server makes them on tokio's blocking threads.
pub trait Store: Send + Sync + 'static {
    /// Keeps a new table with its first events, in one transaction.
    fn create_table(
        &self,
        id: &str,
        settings: &str,
        events: &[String],
        clocks: &str,
    ) -> Result<(), StoreError>;
    /// Adds events numbered `first`, `first + 1`… and sets the clocks, in one transaction;
    /// an event number already kept is an error, so nothing is written twice.
    fn append(
        &self,
        id: &str,
        first: u64,
        events: &[String],
        clocks: &str,
    ) -> Result<(), StoreError>;
    /// Marks a table closed: it is not loaded again.
    fn close_table(&self, id: &str) -> Result<(), StoreError>;
    /// Every table not closed, with its events in order.
    fn load_open(&self) -> Result<Vec<StoredTable>, StoreError>;
}

/// The [`Store`] in one SQLite file in WAL mode.
pub struct SqliteStore {
    connection: Mutex<Connection>,
}

const SCHEMA: &str = "
CREATE TABLE IF NOT EXISTS tables (
    id TEXT PRIMARY KEY,
    settings TEXT NOT NULL,
    clocks TEXT NOT NULL,
    closed INTEGER NOT NULL DEFAULT 0
);
CREATE TABLE IF NOT EXISTS events (
    table_id TEXT NOT NULL,
    number INTEGER NOT NULL,
    body TEXT NOT NULL,
    PRIMARY KEY (table_id, number)
) WITHOUT ROWID;
";

impl SqliteStore {
    /// Opens (or creates) the file at `path`.
    ///
    /// WAL with `synchronous=NORMAL`: a committed transaction survives the process being
    /// killed (it is in the operating system's hands), and `FULL` adds an fsync a commit
    /// for surviving a power cut too (`full_sync`).
    pub fn open(path: &Path, full_sync: bool) -> Result<SqliteStore, StoreError> {
        let connection = Connection::open(path)?;
        connection.pragma_update(None, "journal_mode", "WAL")?;
        connection.pragma_update(
            None,
            "synchronous",
            if full_sync { "FULL" } else { "NORMAL" },
        )?;
        connection.busy_timeout(std::time::Duration::from_secs(5))?;
        connection.execute_batch(SCHEMA)?;
        Ok(SqliteStore {
            connection: Mutex::new(connection),
        })
    }

    fn connection(&self) -> Result<std::sync::MutexGuard<'_, Connection>, StoreError> {
        self.connection
            .lock()
            .map_err(|_| StoreError("a writer panicked".into()))
    }
}

fn insert_events(
    transaction: &rusqlite::Transaction<'_>,
    id: &str,
    first: u64,
    events: &[String],
) -> Result<(), StoreError> {
    let mut insert = transaction
        .prepare_cached("INSERT INTO events (table_id, number, body) VALUES (?1, ?2, ?3)")?;
    for (offset, body) in events.iter().enumerate() {
        insert.execute(params![id, (first + offset as u64) as i64, body])?;
    }
    Ok(())
}

impl Store for SqliteStore {
    fn create_table(
        &self,
        id: &str,
        settings: &str,
        events: &[String],
        clocks: &str,
    ) -> Result<(), StoreError> {
        let mut connection = self.connection()?;
        let transaction = connection.transaction()?;
        transaction.execute(
            "INSERT INTO tables (id, settings, clocks) VALUES (?1, ?2, ?3)",
            params![id, settings, clocks],
        )?;
        insert_events(&transaction, id, 1, events)?;
        transaction.commit()?;
        Ok(())
    }

    fn append(
        &self,
        id: &str,
        first: u64,
        events: &[String],
        clocks: &str,
    ) -> Result<(), StoreError> {
        let mut connection = self.connection()?;
        let transaction = connection.transaction()?;
        insert_events(&transaction, id, first, events)?;
        transaction.execute(
            "UPDATE tables SET clocks = ?2 WHERE id = ?1",
            params![id, clocks],
        )?;
        transaction.commit()?;
        Ok(())
    }

    fn close_table(&self, id: &str) -> Result<(), StoreError> {
        self.connection()?
            .execute("UPDATE tables SET closed = 1 WHERE id = ?1", params![id])?;
        Ok(())
    }

    fn load_open(&self) -> Result<Vec<StoredTable>, StoreError> {
        let connection = self.connection()?;
        let mut tables =
            connection.prepare("SELECT id, settings, clocks FROM tables WHERE closed = 0")?;
        let mut events = connection
            .prepare("SELECT number, body FROM events WHERE table_id = ?1 ORDER BY number")?;
        let rows = tables.query_map([], |row| {
            Ok(StoredTable {
                id: row.get(0)?,
                settings: row.get(1)?,
                clocks: row.get(2)?,
                events: Vec::new(),
            })
        })?;
        let mut loaded = Vec::new();
        for row in rows {
            let mut table = row?;
            let bodies =
                events.query_map([&table.id], |row| Ok((row.get::<_, i64>(0)?, row.get(1)?)))?;
            for (expected, body) in (1i64..).zip(bodies) {
                let (number, body) = body?;
                if number != expected {
                    let id = &table.id;
                    return Err(StoreError(format!(
                        "table {id}: event {number} where {expected} was due"
                    )));
                }
                table.events.push(body);
            }
            loaded.push(table);
        }
        Ok(loaded)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn keeps_events_in_order_and_refuses_a_number_twice() {
        let dir = std::env::temp_dir().join(format!("tablic-store-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join("store.sqlite");
        let _ = std::fs::remove_file(&path);
        let store = SqliteStore::open(&path, false).unwrap();
        store.create_table("a", "{}", &[], "{}").unwrap();
        store
            .append("a", 1, &["one".into(), "two".into()], "{\"c\":1}")
            .unwrap();
        assert!(store.append("a", 2, &["again".into()], "{}").is_err());
        drop(store);
        let store = SqliteStore::open(&path, false).unwrap();
        let tables = store.load_open().unwrap();
        assert_eq!(tables.len(), 1);
        assert_eq!(tables[0].events, ["one", "two"]);
        assert_eq!(
            tables[0].clocks, "{\"c\":1}",
            "the failed append changed nothing"
        );
        store.close_table("a").unwrap();
        assert!(store.load_open().unwrap().is_empty());
        std::fs::remove_dir_all(dir).unwrap();
    }
}
