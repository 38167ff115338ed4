//! `tablic-server`: reads its flags, opens the store, binds, and serves until Ctrl-C or
//! SIGTERM.

use std::net::SocketAddr;
use std::path::PathBuf;
use std::process::ExitCode;
use std::sync::Arc;
use std::time::Duration;

use clap::Parser;
use tablic_server::store::SqliteStore;
use tablic_server::{run, ServerConfig, Shared};

/// The environment variable without which `--insecure-test-seed` is refused.
const TEST_ENV: &str = "TABLIC_SERVER_TEST";

/// The tablić server: the page at /, its WebSocket API at /ws (docs/ONLINE.md).
#[derive(Parser, Debug)]
#[command(name = "tablic-server", version)]
struct Args {
    /// The address to listen on.
    #[arg(long, default_value = "127.0.0.1:8080")]
    listen: SocketAddr,
    /// The SQLite file tables are kept in (created if missing).
    #[arg(long, default_value = "tablic.sqlite")]
    db: PathBuf,
    /// The directory served at / (the page's build).
    #[arg(long = "static", default_value = "target/web")]
    static_dir: PathBuf,
    /// An origin allowed to open the API besides the server's own (repeatable), e.g.
    /// https://tablic.example.
    #[arg(long = "allowed-origin")]
    allowed_origins: Vec<String>,
    /// A person's seconds for a move before a bot plays for them.
    #[arg(long, default_value_t = 60)]
    turn_seconds: u64,
    /// An absent person's seconds to come back before a bot plays for them.
    #[arg(long, default_value_t = 60)]
    reconnect_seconds: u64,
    /// Seconds a table not in play stays open with nobody at it.
    #[arg(long, default_value_t = 600)]
    idle_seconds: u64,
    /// A bot's milliseconds for a move before the greedy move is played instead.
    #[arg(long, default_value_t = 5000)]
    bot_millis: u64,
    /// Tables open at once.
    #[arg(long, default_value_t = 10_000)]
    max_tables: usize,
    /// Messages a second a connection may send on average (a burst of twice as many).
    #[arg(long, default_value_t = 20.0)]
    rate: f64,
    /// An fsync for every commit, to survive a power cut as well as a crash.
    #[arg(long)]
    full_sync: bool,
    /// Tests only: deal match r of every table from derive_seed(SEED, r). Refused unless
    /// TABLIC_SERVER_TEST=1.
    #[arg(long, hide = true)]
    insecure_test_seed: Option<u64>,
}

async fn shutdown_signal() {
    let interrupt = tokio::signal::ctrl_c();
    #[cfg(unix)]
    {
        use tokio::signal::unix::{signal, SignalKind};
        match signal(SignalKind::terminate()) {
            Ok(mut terminate) => {
                tokio::select! {
                    _ = interrupt => {}
                    _ = terminate.recv() => {}
                }
            }
            Err(_) => {
                let _ = interrupt.await;
            }
        }
    }
    #[cfg(not(unix))]
    {
        let _ = interrupt.await;
    }
}

fn fail(message: String) -> ExitCode {
    eprintln!("tablic-server: {message}");
    ExitCode::from(2)
}

#[tokio::main]
async fn main() -> ExitCode {
    let args = Args::parse();
    if args.insecure_test_seed.is_some() && std::env::var(TEST_ENV).as_deref() != Ok("1") {
        return fail(format!(
            "--insecure-test-seed deals known cards: refused unless {TEST_ENV}=1"
        ));
    }
    let config = ServerConfig {
        static_dir: args.static_dir,
        allowed_origins: args.allowed_origins,
        turn: Duration::from_secs(args.turn_seconds),
        reconnect: Duration::from_secs(args.reconnect_seconds),
        idle: Duration::from_secs(args.idle_seconds),
        bot_time: Duration::from_millis(args.bot_millis),
        max_tables: args.max_tables,
        rate: args.rate,
        burst: 2.0 * args.rate,
        test_seed: args.insecure_test_seed,
        ..ServerConfig::default()
    };
    let store = match SqliteStore::open(&args.db, args.full_sync) {
        Ok(store) => store,
        Err(error) => return fail(format!("{}: {error}", args.db.display())),
    };
    let shared = match Shared::open(config, Arc::new(store)) {
        Ok(shared) => shared,
        Err(error) => return fail(format!("{}: {error}", args.db.display())),
    };
    let listener = match tokio::net::TcpListener::bind(args.listen).await {
        Ok(listener) => listener,
        Err(error) => return fail(format!("cannot listen on {}: {error}", args.listen)),
    };
    let address = listener.local_addr().map_or(args.listen, |address| address);
    println!("tablic-server: http://{address}/ (the API at ws://{address}/ws)");
    match run(listener, shared, shutdown_signal()).await {
        Ok(()) => ExitCode::SUCCESS,
        Err(error) => fail(format!("serving: {error}")),
    }
}
