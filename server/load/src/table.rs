//! One table of four scripted people: four sockets, seated, then moves at a pace and the
//! time from each move sent until every seat was shown it.

use std::net::{IpAddr, SocketAddr};
use std::time::{Duration, Instant};

use futures_util::{SinkExt, StreamExt};
use serde_json::{json, Value};
use tokio::net::{TcpSocket, TcpStream};
use tokio::sync::watch;
use tokio::time::sleep_until;
use tokio_tungstenite::tungstenite::Message;
use tokio_tungstenite::{client_async, WebSocketStream};

use crate::seat::{Seat, Seen};

type Socket = WebSocketStream<TcpStream>;

/// Where and how a table plays.
#[derive(Clone)]
pub struct Plan {
    /// The API's URL, `ws://127.0.0.1:PORT/ws`.
    pub url: String,
    /// The server's address, taken from the URL.
    pub server: SocketAddr,
    /// The source address the sockets bind to (127.0.0.2, 127.0.0.3 …: more ports).
    pub source: IpAddr,
    /// Seconds between two moves at a table; 0 is flat out.
    pub pace: f64,
    /// Seat and start, then never move.
    pub idle: bool,
}

/// What one table did in the measured window.
#[derive(Default)]
pub struct Outcome {
    /// Moves shown to all four seats inside the window.
    pub moves: u64,
    /// Their latencies, in microseconds.
    pub latencies: Vec<u32>,
    /// Refusals and dropped sockets.
    pub errors: u64,
    /// True when the table still had its four sockets at the end.
    pub held: bool,
}

async fn connect(plan: &Plan) -> Result<Socket, String> {
    let socket = TcpSocket::new_v4().map_err(|error| error.to_string())?;
    socket
        .bind(SocketAddr::new(plan.source, 0))
        .map_err(|error| format!("bind {}: {error}", plan.source))?;
    let stream = socket
        .connect(plan.server)
        .await
        .map_err(|error| format!("connect: {error}"))?;
    let _ = stream.set_nodelay(true);
    let (socket, _) = client_async(plan.url.as_str(), stream)
        .await
        .map_err(|error| format!("upgrade: {error}"))?;
    Ok(socket)
}

async fn send(socket: &mut Socket, message: Value) -> Result<(), String> {
    socket
        .send(Message::Text(message.to_string().into()))
        .await
        .map_err(|error| error.to_string())
}

/// Frames until one of `kind`, each taken in by `seat`.
async fn expect(socket: &mut Socket, seat: &mut Seat, kind: &str) -> Result<Value, String> {
    while let Some(message) = socket.next().await {
        if let Message::Text(text) = message.map_err(|error| error.to_string())? {
            let frame: Value = serde_json::from_str(text.as_str()).map_err(|e| e.to_string())?;
            if let Seen::Refused(refusal) = seat.see(&frame) {
                return Err(refusal);
            }
            if frame["type"] == kind {
                return Ok(frame);
            }
        }
    }
    Err(format!("the socket closed before {kind}"))
}

/// Four people at a new table, the match started: the sockets and their seats.
pub async fn seat_table(plan: &Plan, number: usize) -> Result<Vec<(Socket, Seat)>, String> {
    let mut creator = connect(plan).await?;
    let mut seat = Seat::default();
    send(
        &mut creator,
        json!({"type": "create", "name": format!("L{number}"), "players": 4, "pairs": true,
               "bots": [null, null, null, null], "listed": false, "spectators": false}),
    )
    .await?;
    let created = expect(&mut creator, &mut seat, "created").await?;
    let table = created["table"].clone();
    let mut seats = vec![(creator, seat)];
    for index in 1..4 {
        let mut socket = connect(plan).await?;
        let mut seat = Seat::default();
        send(
            &mut socket,
            json!({"type": "join", "table": table, "name": format!("L{number}-{index}")}),
        )
        .await?;
        expect(&mut socket, &mut seat, "joined").await?;
        seats.push((socket, seat));
    }
    send(&mut seats[0].0, json!({"type": "start"})).await?;
    Ok(seats)
}

/// A move sent and not yet shown to every seat.
struct Pending {
    mover: usize,
    sent: Instant,
    seen: u8,
}

/// Plays the seated table: waits for `go`, then moves every `plan.pace` seconds (starting
/// at `offset` into the first period) until `end`.
pub async fn play(
    plan: &Plan,
    seats: Vec<(Socket, Seat)>,
    mut go: watch::Receiver<Option<Instant>>,
    offset: f64,
) -> Outcome {
    let mut outcome = Outcome::default();
    let (mut sinks, mut views) = (Vec::new(), Vec::new());
    let mut streams = Vec::new();
    for (index, (socket, seat)) in seats.into_iter().enumerate() {
        let (sink, stream) = socket.split();
        sinks.push(sink);
        views.push(seat);
        streams.push(stream.map(move |message| (index, message)));
    }
    let mut frames = futures_util::stream::select_all(streams);
    let far = Instant::now() + Duration::from_secs(86_400);
    let mut end: Option<Instant> = *go.borrow();
    let mut next_move = far;
    if let Some(at) = end {
        next_move = Instant::now() + Duration::from_secs_f64(plan.pace * offset);
        end = Some(at);
    }
    let pace = Duration::from_secs_f64(plan.pace);
    let mut pending: Option<Pending> = None;
    let mut open = 4;
    loop {
        let moving = end.is_some() && pending.is_none() && !plan.idle;
        tokio::select! {
            changed = go.changed(), if end.is_none() => {
                if changed.is_err() { break; }
                end = *go.borrow();
                next_move = Instant::now() + Duration::from_secs_f64(plan.pace * offset);
            }
            _ = sleep_until(end.unwrap_or(far).into()) => break,
            _ = sleep_until(next_move.into()), if moving => {
                let Some(mover) = views.iter().position(|seat| seat.move_now().is_some()) else {
                    next_move = far;
                    continue;
                };
                let Some(chosen) = views[mover].move_now() else { continue };
                let message = json!({"type": "play", "move": chosen.to_string()}).to_string();
                let sent = Instant::now();
                if sinks[mover].send(Message::Text(message.into())).await.is_err() {
                    outcome.errors += 1;
                    break;
                }
                pending = Some(Pending { mover: views[mover].player.unwrap_or(mover), sent, seen: 0 });
                next_move = sent + pace;
            }
            frame = frames.next() => {
                let Some((index, message)) = frame else { break };
                let text = match message {
                    Ok(Message::Text(text)) => text,
                    Ok(Message::Close(_)) | Err(_) => { outcome.errors += 1; open -= 1; break; }
                    Ok(_) => continue,
                };
                let Ok(frame) = serde_json::from_str::<Value>(text.as_str()) else {
                    outcome.errors += 1;
                    continue;
                };
                match views[index].see(&frame) {
                    Seen::Played { player } => {
                        if let Some(waiting) = pending.as_mut().filter(|waiting| waiting.mover == player) {
                            waiting.seen |= 1 << index;
                            if waiting.seen == 0b1111 {
                                let took = waiting.sent.elapsed();
                                outcome.moves += 1;
                                outcome.latencies.push(took.as_micros().min(u32::MAX as u128) as u32);
                                pending = None;
                                if next_move == far { next_move = Instant::now(); }
                            }
                        }
                    }
                    Seen::MatchOver if index == 0 && end.is_some() => {
                        let rematch = json!({"type": "rematch"}).to_string();
                        if sinks[0].send(Message::Text(rematch.into())).await.is_err() {
                            outcome.errors += 1;
                        }
                        next_move = next_move.max(Instant::now());
                    }
                    Seen::Refused(refusal) => {
                        outcome.errors += 1;
                        eprintln!("tablic-load: refused: {refusal}");
                        pending = None;
                    }
                    _ => {
                        if pending.is_none() && next_move == far && end.is_some() {
                            next_move = Instant::now();
                        }
                    }
                }
            }
        }
    }
    outcome.held = open == 4 && outcome.errors == 0;
    outcome
}
