//! The tablić game server: people and bots at one table over WebSocket. It holds tables,
//! seats, clocks and connections; rules, bots and records are `tablic-core`'s.
//!
//! - `protocol.rs`: the client's messages, parsed without panics, and refusals.
//! - `ids.rs`: table ids, seat tokens (kept as hashes) and the seed commitment.
//! - `settings.rs`: a table's settings, checked once; the page's bot levels.
//! - `events.rs`: a table's numbered events, the one thing stored, and the state they make.
//! - `frames.rs`: what each seat or watcher is shown, from its view alone.
//! - `table.rs`: one task per table, owner of its match, clocks and connections.
//! - `lobby.rs`: the open tables' channels and the public list.
//! - `connection.rs`: one task per socket: limits, parsing, commands.
//! - `store.rs`: the storage trait and SQLite behind it.
//!
//! [`app`] builds the router (static page at `/`, the API at `/ws`); [`run`] serves it
//! until shutdown; docs/ONLINE.md is the protocol and its guarantees.

pub mod connection;
pub mod events;
pub mod frames;
pub mod ids;
pub mod lobby;
pub mod protocol;
pub mod settings;
pub mod store;
pub mod table;

use std::path::PathBuf;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Arc;
use std::time::Duration;

use axum::extract::{State, WebSocketUpgrade};
use axum::http::{header, HeaderMap, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::routing::get;
use axum::serve::ListenerExt;
use axum::Router;
use tokio::net::TcpListener;
use tokio::sync::Semaphore;
use tokio_util::sync::CancellationToken;
use tokio_util::task::TaskTracker;
use tower_http::limit::RequestBodyLimitLayer;
use tower_http::services::ServeDir;

use crate::lobby::Lobby;
use crate::store::Store;

/// The largest WebSocket message and frame accepted; a larger one closes the socket.
pub const MAX_MESSAGE_BYTES: usize = 8 * 1024;

/// A socket's read buffer, and the bytes written before a flush.
const SOCKET_BUFFER_BYTES: usize = 4 * 1024;

/// How the server behaves; `main.rs` documents each default.
#[derive(Clone, Debug)]
pub struct ServerConfig {
    /// The page's directory.
    pub static_dir: PathBuf,
    /// Origins allowed to open the API besides the server's own.
    pub allowed_origins: Vec<String>,
    /// A person's time for a move.
    pub turn: Duration,
    /// An absent person's time to come back before a bot plays for them.
    pub reconnect: Duration,
    /// How long a table that is not in play stays open with nobody at it.
    pub idle: Duration,
    /// A bot's time for a move; past it, the greedy move is played.
    pub bot_time: Duration,
    /// The bot that plays for an absent or slow person.
    pub cover_bot: String,
    /// Tables open at once.
    pub max_tables: usize,
    /// Messages a second a connection may send, on average.
    pub rate: f64,
    /// Messages a connection may send at once.
    pub burst: f64,
    /// A fixed seed for tests (`--insecure-test-seed`): match `r` of every table is dealt
    /// from `derive_seed(seed, r)`.
    pub test_seed: Option<u64>,
}

impl Default for ServerConfig {
    fn default() -> ServerConfig {
        ServerConfig {
            static_dir: PathBuf::from("target/web"),
            allowed_origins: Vec::new(),
            turn: Duration::from_secs(60),
            reconnect: Duration::from_secs(60),
            idle: Duration::from_secs(600),
            bot_time: Duration::from_secs(5),
            cover_bot: "greedy".into(),
            max_tables: 10_000,
            rate: 20.0,
            burst: 40.0,
            test_seed: None,
        }
    }
}

/// What every task shares: handles, never a game.
pub struct Shared {
    /// The settings.
    pub config: ServerConfig,
    /// Where tables are kept.
    pub store: Arc<dyn Store>,
    /// The open tables.
    pub lobby: Lobby,
    /// Bots thinking at once (the machine's cores).
    pub bot_permits: Arc<Semaphore>,
    /// Cancelled on shutdown.
    pub shutdown: CancellationToken,
    /// Every table, socket and bot task, awaited on shutdown.
    pub tracker: TaskTracker,
    connections: AtomicU64,
}

impl Shared {
    /// The shared state, with every open table of `store` reopened.
    pub fn open(
        config: ServerConfig,
        store: Arc<dyn Store>,
    ) -> Result<Arc<Shared>, store::StoreError> {
        let cores = std::thread::available_parallelism().map_or(1, usize::from);
        let shared = Arc::new(Shared {
            config,
            store,
            lobby: Lobby::default(),
            bot_permits: Arc::new(Semaphore::new(cores)),
            shutdown: CancellationToken::new(),
            tracker: TaskTracker::new(),
            connections: AtomicU64::new(0),
        });
        for stored in shared.store.load_open()? {
            if let Err(error) = Lobby::reopen(&shared, &stored) {
                eprintln!("tablic-server: table {} not reopened: {error}", stored.id);
            }
        }
        Ok(shared)
    }

    /// A new connection's number.
    pub fn next_connection(&self) -> u64 {
        self.connections.fetch_add(1, Ordering::Relaxed)
    }
}

/// The router: the page's files at `/`, the API at `/ws`.
pub fn app(shared: Arc<Shared>) -> Router {
    let files = ServeDir::new(&shared.config.static_dir);
    Router::new()
        .route("/ws", get(upgrade))
        .fallback_service(files)
        .layer(RequestBodyLimitLayer::new(16 * 1024))
        .with_state(shared)
}

/// True when `origin` may open the API: no Origin (not a browser), the server's own
/// (the Host it was reached at), or one allowed by configuration.
fn origin_allowed(headers: &HeaderMap, allowed: &[String]) -> bool {
    let Some(origin) = headers.get(header::ORIGIN) else {
        return true;
    };
    let Ok(origin) = origin.to_str() else {
        return false;
    };
    if allowed.iter().any(|allowed| allowed == origin) {
        return true;
    }
    let host = headers
        .get(header::HOST)
        .and_then(|host| host.to_str().ok());
    let own = origin
        .strip_prefix("http://")
        .or_else(|| origin.strip_prefix("https://"));
    matches!((own, host), (Some(own), Some(host)) if own == host)
}

async fn upgrade(
    State(shared): State<Arc<Shared>>,
    headers: HeaderMap,
    upgrade: WebSocketUpgrade,
) -> Response {
    if !origin_allowed(&headers, &shared.config.allowed_origins) {
        return (StatusCode::FORBIDDEN, "this origin may not open the API").into_response();
    }
    let tracker = shared.tracker.clone();
    // tungstenite's default buffers are 128 KiB each way for every socket; frames here are
    // at most 8 KiB, and an idle table's four sockets should cost kilobytes, not 1 MiB.
    upgrade
        .read_buffer_size(SOCKET_BUFFER_BYTES)
        .write_buffer_size(SOCKET_BUFFER_BYTES)
        .max_message_size(MAX_MESSAGE_BYTES)
        .max_frame_size(MAX_MESSAGE_BYTES)
        .on_upgrade(move |socket| tracker.track_future(connection::serve(socket, shared)))
}

/// Serves `shared`'s app on `listener` until `shutdown` completes, then stops every table
/// and socket (each socket is sent Close 1001).
pub async fn run(
    listener: TcpListener,
    shared: Arc<Shared>,
    shutdown: impl std::future::Future<Output = ()> + Send + 'static,
) -> std::io::Result<()> {
    let token = shared.shutdown.clone();
    let stopping = token.clone();
    tokio::spawn(async move {
        shutdown.await;
        stopping.cancel();
    });
    // Frames are small and each is awaited by a person: no Nagle delay.
    let listener = listener.tap_io(|tcp| {
        let _ = tcp.set_nodelay(true);
    });
    axum::serve(listener, app(shared.clone()))
        .with_graceful_shutdown(async move { token.cancelled().await })
        .await?;
    shared.tracker.close();
    let _ = tokio::time::timeout(Duration::from_secs(5), shared.tracker.wait()).await;
    Ok(())
}
