//! A real `tablic-server` process on 127.0.0.1 and a real WebSocket client for it.

#![allow(dead_code)]

use std::io::{BufRead, BufReader};
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::time::Duration;

use futures_util::{SinkExt, StreamExt};
use serde_json::{json, Value};
use tablic_core::game::record::parse_move;
use tablic_core::{Card, CardSet, Move};
use tokio::net::TcpStream;
use tokio_tungstenite::tungstenite::client::IntoClientRequest;
use tokio_tungstenite::tungstenite::Message;
use tokio_tungstenite::{connect_async_with_config, MaybeTlsStream, WebSocketStream};

/// The seed `--insecure-test-seed` is given in these tests.
pub const TEST_SEED: u64 = 2026;

/// A server process; killed when dropped.
pub struct Server {
    child: Child,
    pub address: String,
    pub db: PathBuf,
}

/// A fresh directory for one test's database.
pub fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("tablic-server-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir.join("tables.sqlite")
}

impl Server {
    /// Starts the server on a free port with the test seed, `extra` flags after.
    pub fn start(db: &Path, extra: &[&str]) -> Server {
        Server::start_at(db, "127.0.0.1:0", extra)
    }

    /// Starts the server on `listen`.
    pub fn start_at(db: &Path, listen: &str, extra: &[&str]) -> Server {
        let mut child = Command::new(env!("CARGO_BIN_EXE_tablic-server"))
            .args(["--listen", listen, "--db"])
            .arg(db)
            .args(["--static", "."])
            .args(["--insecure-test-seed", &TEST_SEED.to_string()])
            .args(extra)
            .env("TABLIC_SERVER_TEST", "1")
            .stdout(Stdio::piped())
            .spawn()
            .expect("the server starts");
        let mut line = String::new();
        BufReader::new(child.stdout.take().unwrap())
            .read_line(&mut line)
            .unwrap();
        let address = line
            .split("http://")
            .nth(1)
            .and_then(|rest| rest.split('/').next())
            .unwrap_or_else(|| panic!("no address in {line:?}"))
            .to_string();
        Server {
            child,
            address,
            db: db.to_path_buf(),
        }
    }

    /// The API's URL.
    pub fn url(&self) -> String {
        format!("ws://{}/ws", self.address)
    }

    /// SIGKILL: nothing gets to clean up.
    pub fn kill(mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }

    /// SIGTERM, and the exit status.
    pub fn terminate(mut self) -> std::process::ExitStatus {
        let _ = Command::new("kill")
            .arg(self.child.id().to_string())
            .status();
        self.child.wait().unwrap()
    }
}

impl Drop for Server {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// A WebSocket client that keeps what it has been sent.
pub struct Client {
    socket: WebSocketStream<MaybeTlsStream<TcpStream>>,
    pub seen: Vec<Value>,
}

/// How a socket ended.
#[derive(Debug, PartialEq, Eq)]
pub enum Ended {
    /// A Close frame with this code.
    Closed(u16),
    /// The connection dropped.
    Dropped,
}

impl Client {
    pub async fn connect(url: &str) -> Client {
        Client::connect_from(url, None).await.expect("connects")
    }

    pub async fn connect_from(url: &str, origin: Option<&str>) -> Result<Client, String> {
        let mut request = url.into_client_request().unwrap();
        if let Some(origin) = origin {
            request
                .headers_mut()
                .insert("Origin", origin.parse().unwrap());
        }
        let (socket, _) = connect_async_with_config(request, None, true)
            .await
            .map_err(|error| error.to_string())?;
        Ok(Client {
            socket,
            seen: Vec::new(),
        })
    }

    pub async fn send(&mut self, message: Value) {
        self.send_text(message.to_string()).await;
    }

    pub async fn send_text(&mut self, text: String) {
        let _ = self.socket.send(Message::Text(text.into())).await;
    }

    /// The next frame, or how the socket ended; fails after 20 s.
    pub async fn next(&mut self) -> Result<Value, Ended> {
        loop {
            let frame = tokio::time::timeout(Duration::from_secs(20), self.socket.next())
                .await
                .unwrap_or_else(|_| {
                    panic!(
                        "no frame in 20 s; the last: {:?}",
                        self.seen.iter().rev().take(3).collect::<Vec<_>>()
                    )
                });
            match frame {
                Some(Ok(Message::Text(text))) => {
                    let value: Value =
                        serde_json::from_str(text.as_str()).expect("frames are JSON");
                    self.seen.push(value.clone());
                    return Ok(value);
                }
                Some(Ok(Message::Close(frame))) => {
                    return Err(Ended::Closed(frame.map_or(1005, |frame| frame.code.into())));
                }
                Some(Ok(_)) => {}
                Some(Err(_)) | None => return Err(Ended::Dropped),
            }
        }
    }

    /// Frames until one of `kind`, which it returns.
    pub async fn expect(&mut self, kind: &str) -> Value {
        loop {
            match self.next().await {
                Ok(frame) if frame["type"] == kind => return frame,
                Ok(_) => {}
                Err(ended) => panic!(
                    "{ended:?} while waiting for {kind}; the last: {:?}",
                    self.seen.iter().rev().take(3).collect::<Vec<_>>()
                ),
            }
        }
    }

    /// The next frame, which must be a refusal; its code.
    pub async fn refusal(&mut self) -> String {
        let frame = self.next().await.expect("a frame");
        assert_eq!(frame["type"], "refused", "expected a refusal, got {frame}");
        frame["code"].as_str().unwrap().to_string()
    }

    /// Frames until the socket ends.
    pub async fn ended(&mut self) -> Ended {
        loop {
            if let Err(ended) = self.next().await {
                return ended;
            }
        }
    }
}

/// Every card a frame names, in any string (moves, card lists).
pub fn cards_in(value: &Value) -> CardSet {
    match value {
        Value::String(text) => text
            .split_whitespace()
            .filter_map(|word| word.parse::<Card>().ok())
            .collect(),
        Value::Array(items) => items
            .iter()
            .fold(CardSet::EMPTY, |set, item| set | cards_in(item)),
        Value::Object(fields) => fields
            .iter()
            .filter(|(key, _)| key.as_str() != "name")
            .fold(CardSet::EMPTY, |set, (_, item)| set | cards_in(item)),
        _ => CardSet::EMPTY,
    }
}

fn card_list(value: &Value) -> CardSet {
    cards_in(value)
}

/// A person who plays the greedy move from what their frames say, and nothing else.
pub struct Scripted {
    pub player: Option<usize>,
    pub token: Option<String>,
    pub table_id: Option<String>,
    pub players: usize,
    pub hand: CardSet,
    pub table: CardSet,
    pub to_move: Option<usize>,
    pub last_event: u64,
    pub waiting: bool,
    pub record: Option<String>,
    pub over: bool,
}

impl Scripted {
    pub fn new(players: usize) -> Scripted {
        Scripted {
            player: None,
            token: None,
            table_id: None,
            players,
            hand: CardSet::EMPTY,
            table: CardSet::EMPTY,
            to_move: None,
            last_event: 0,
            waiting: false,
            record: None,
            over: false,
        }
    }

    /// Takes in one frame.
    pub fn see(&mut self, frame: &Value) {
        match frame["type"].as_str() {
            Some("created") | Some("joined") => {
                self.player = frame["player"].as_u64().map(|player| player as usize);
                self.token = frame["token"].as_str().map(String::from);
                self.table_id = frame["table"].as_str().map(String::from);
            }
            Some("snapshot") => {
                self.last_event = frame["last_event"].as_u64().unwrap();
                self.over = frame["phase"] == "over";
                let game = &frame["game"];
                if game.is_object() {
                    self.hand = card_list(&game["hand"]);
                    self.table = card_list(&game["table"]);
                    self.to_move = game["to_move"].as_u64().map(|player| player as usize);
                }
                self.waiting = false;
            }
            Some("event") => {
                let number = frame["n"].as_u64().unwrap();
                assert_eq!(
                    number,
                    self.last_event + 1,
                    "events come in order, none missing: {frame}"
                );
                self.last_event = number;
                let event = &frame["event"];
                match event["kind"].as_str().unwrap() {
                    "match-started" => self.over = false,
                    "game-started" => {
                        self.to_move = event["leader"].as_u64().map(|leader| leader as usize);
                        self.table = CardSet::EMPTY;
                    }
                    "dealt" => {
                        if event["table"].is_array() {
                            self.table = card_list(&event["table"]);
                        }
                        if event["hand"].is_array() {
                            self.hand = card_list(&event["hand"]);
                        }
                    }
                    "played" => {
                        let player = event["player"].as_u64().unwrap() as usize;
                        let played: Move = parse_move(event["move"].as_str().unwrap()).unwrap();
                        if Some(player) == self.player {
                            self.hand = self.hand.without(played.card);
                            self.waiting = false;
                        }
                        if played.capture.is_empty() {
                            self.table = self.table.with(played.card);
                        } else {
                            self.table -= played.capture;
                        }
                        self.to_move = Some((player + 1) % self.players);
                    }
                    "match-over" => {
                        self.over = true;
                        self.to_move = None;
                        self.record = event["record"].as_str().map(String::from);
                    }
                    _ => {}
                }
            }
            _ => {}
        }
    }

    /// The move to send now, if it is this player's turn.
    pub fn move_to_send(&mut self) -> Option<Value> {
        if self.over || self.waiting || self.to_move != self.player || self.hand.is_empty() {
            return None;
        }
        let chosen = tablic_core::bots::best_greedy_move(self.hand, self.table)?;
        self.waiting = true;
        Some(json!({"type": "play", "move": chosen.to_string()}))
    }
}

/// Plays scripted people at `clients` until the match is over, reading whichever socket
/// has a frame; every frame goes through `check(client index, frame)`. A socket that ends
/// is left to `ended(client index)`.
pub async fn play_out(clients: &mut [(Client, Scripted)], mut check: impl FnMut(usize, &Value)) {
    loop {
        let open: Vec<usize> = (0..clients.len())
            .filter(|&index| !clients[index].1.over)
            .collect();
        if open.is_empty() {
            return;
        }
        for &index in &open {
            let (client, script) = &mut clients[index];
            if let Some(message) = script.move_to_send() {
                client.send(message).await;
            }
        }
        let reads = clients
            .iter_mut()
            .enumerate()
            .filter(|(_, (_, script))| !script.over)
            .map(|(_, (client, _))| Box::pin(client.next()));
        let (frame, position, _) = futures_util::future::select_all(reads).await;
        let index = open[position];
        let frame = frame.expect("the socket stays open");
        assert_ne!(
            frame["type"], "refused",
            "a scripted move was refused: {frame}"
        );
        clients[index].1.see(&frame);
        check(index, &frame);
    }
}

/// A `create` message.
pub fn create(players: usize, pairs: bool, bots: &[Option<&str>], one_game: bool) -> Value {
    json!({
        "type": "create", "name": "Ana", "players": players, "pairs": pairs,
        "bots": bots, "one_game": one_game, "listed": true, "spectators": true,
    })
}
