//! One task per socket: frames in are limited, parsed and passed to the table as commands;
//! frames out come from the table's per-seat channel. A socket holds one seat or watches
//! one table.

use std::sync::Arc;
use std::time::Instant;

use axum::extract::ws::{CloseFrame, Message, WebSocket};
use futures_util::{SinkExt, StreamExt};
use serde_json::json;
use tokio::sync::{mpsc, oneshot};

use crate::events::{Event, Play};
use crate::frames::Viewer;
use crate::ids::{SeatToken, TableId};
use crate::lobby::Lobby;
use crate::protocol::{parse_client, refused_frame, ClientMsg, CreateTable, Refusal, RefusalCode};
use crate::settings::TableSettings;
use crate::table::{Clocks, Command, Conn, Outgoing};
use crate::Shared;

/// Frames a connection's queue holds: a reader that falls further behind is closed.
const OUT_QUEUE: usize = 1024;

/// Close codes, as the protocol documents them.
pub mod close {
    /// The server is stopping.
    pub const GOING_AWAY: u16 = 1001;
    /// A limit was broken: the message rate.
    pub const POLICY: u16 = 1008;
    /// A frame over the size limit.
    pub const TOO_BIG: u16 = 1009;
}

/// A token bucket: `rate` messages a second, `burst` at once.
struct Bucket {
    tokens: f64,
    burst: f64,
    rate: f64,
    at: Instant,
}

impl Bucket {
    fn take(&mut self) -> bool {
        let now = Instant::now();
        self.tokens =
            (self.tokens + now.duration_since(self.at).as_secs_f64() * self.rate).min(self.burst);
        self.at = now;
        if self.tokens >= 1.0 {
            self.tokens -= 1.0;
            true
        } else {
            false
        }
    }
}

struct Session {
    shared: Arc<Shared>,
    conn: Conn,
    attached: Option<(mpsc::Sender<Command>, Viewer)>,
    messages: u64,
}

/// Serves one upgraded socket until it closes or the server stops.
pub async fn serve(socket: WebSocket, shared: Arc<Shared>) {
    let (out, mut outgoing) = mpsc::channel(OUT_QUEUE);
    let conn = Conn {
        id: shared.next_connection(),
        out,
    };
    let config = &shared.config;
    let mut bucket = Bucket {
        tokens: config.burst,
        burst: config.burst,
        rate: config.rate,
        at: Instant::now(),
    };
    let shutdown = shared.shutdown.clone();
    let mut session = Session {
        shared: shared.clone(),
        conn,
        attached: None,
        messages: 0,
    };
    let (mut sink, mut stream) = socket.split();
    let closing = loop {
        tokio::select! {
            _ = shutdown.cancelled() => break Some((close::GOING_AWAY, "the server is going away")),
            frame = outgoing.recv() => match frame {
                Some(Outgoing::Text(text)) => {
                    if sink.send(Message::Text(text.into())).await.is_err() {
                        break None;
                    }
                }
                Some(Outgoing::Close(code, reason)) => break Some((code, reason)),
                None => break None,
            },
            incoming = stream.next() => match incoming {
                None | Some(Ok(Message::Close(_))) => break None,
                Some(Err(_)) => break Some((close::TOO_BIG, "a frame over the size limit, or not WebSocket")),
                Some(Ok(Message::Text(text))) => {
                    if !bucket.take() {
                        break Some((close::POLICY, "rate limit: too many messages"));
                    }
                    session.handle(text.as_str()).await;
                }
                Some(Ok(Message::Binary(_))) => {
                    if !bucket.take() {
                        break Some((close::POLICY, "rate limit: too many messages"));
                    }
                    session.send(refused_frame(&Refusal::new(RefusalCode::BinaryFrame, "send JSON in text frames")));
                }
                Some(Ok(_)) => {}
            },
        }
    };
    if let Some((code, reason)) = closing {
        // Frames already queued (a refusal, the last events) go out before the Close.
        while let Ok(Outgoing::Text(text)) = outgoing.try_recv() {
            let _ = sink.send(Message::Text(text.into())).await;
        }
        let frame = CloseFrame {
            code,
            reason: reason.into(),
        };
        let _ = sink.send(Message::Close(Some(frame))).await;
    }
    if let Some((table, _)) = session.attached.take() {
        let _ = table
            .send(Command::Leave {
                conn_id: session.conn.id,
            })
            .await;
    }
}

impl Session {
    fn send(&self, frame: String) {
        let _ = self.conn.out.try_send(Outgoing::Text(frame));
    }

    async fn handle(&mut self, text: &str) {
        self.messages += 1;
        let outcome = match parse_client(text) {
            Ok(message) => self.dispatch(message).await,
            Err(refusal) => Err(refusal),
        };
        if let Err(refusal) = outcome {
            self.send(refused_frame(&refusal));
        }
    }

    fn table(&self, text: &str) -> Result<(TableId, mpsc::Sender<Command>), Refusal> {
        let no_table = || Refusal::new(RefusalCode::NoSuchTable, "no open table has this id");
        let id = TableId::parse(text).ok_or_else(no_table)?;
        let sender = self.shared.lobby.find(id).ok_or_else(no_table)?;
        Ok((id, sender))
    }

    fn unattached(&self) -> Result<(), Refusal> {
        match self.attached {
            Some(_) => Err(Refusal::new(
                RefusalCode::AlreadySeated,
                "this connection has a table already",
            )),
            None => Ok(()),
        }
    }

    fn seated(&self) -> Result<(mpsc::Sender<Command>, usize), Refusal> {
        match &self.attached {
            Some((table, Viewer::Player(player))) => Ok((table.clone(), *player)),
            _ => Err(Refusal::new(RefusalCode::NotSeated, "take a seat first")),
        }
    }

    async fn dispatch(&mut self, message: ClientMsg) -> Result<(), Refusal> {
        let gone = || Refusal::new(RefusalCode::NoSuchTable, "the table closed");
        match message {
            ClientMsg::Lobby => {
                self.send(
                    json!({"type": "lobby", "tables": self.shared.lobby.listed()}).to_string(),
                );
                Ok(())
            }
            ClientMsg::Create(request) => {
                self.unattached()?;
                let (id, token) = self.create(&request).await?;
                let (_, sender) = self.table(&id.to_string())?;
                self.send(json!({"type": "created", "table": id.to_string(), "player": 0, "token": token.reveal()}).to_string());
                self.attach(sender, token, None).await
            }
            ClientMsg::Join { table, name } => {
                self.unattached()?;
                let (_, sender) = self.table(&table)?;
                let (reply, answer) = oneshot::channel();
                sender
                    .send(Command::Join {
                        name,
                        conn: self.conn.clone(),
                        reply,
                    })
                    .await
                    .map_err(|_| gone())?;
                let player = answer.await.map_err(|_| gone())??;
                self.attached = Some((sender, Viewer::Player(player)));
                Ok(())
            }
            ClientMsg::Watch { table, last_event } => {
                self.unattached()?;
                let (_, sender) = self.table(&table)?;
                let (reply, answer) = oneshot::channel();
                sender
                    .send(Command::Watch {
                        last_event,
                        conn: self.conn.clone(),
                        reply,
                    })
                    .await
                    .map_err(|_| gone())?;
                answer.await.map_err(|_| gone())??;
                self.attached = Some((sender, Viewer::Spectator));
                Ok(())
            }
            ClientMsg::Resume {
                table,
                token,
                last_event,
            } => {
                if self.messages != 1 {
                    return Err(Refusal::new(
                        RefusalCode::ResumeNotFirst,
                        "resume must be a connection's first message",
                    ));
                }
                let bad_token = || {
                    Refusal::new(
                        RefusalCode::BadToken,
                        "this token holds no seat at this table",
                    )
                };
                let token = SeatToken::parse(&token).ok_or_else(bad_token)?;
                let (_, sender) = self.table(&table)?;
                self.attach(sender, token, last_event).await
            }
            ClientMsg::Start { fill } => {
                let (table, player) = self.seated()?;
                table
                    .send(Command::Start { player, fill })
                    .await
                    .map_err(|_| gone())
            }
            ClientMsg::Play { played } => {
                let (table, player) = self.seated()?;
                table
                    .send(Command::Play { player, played })
                    .await
                    .map_err(|_| gone())
            }
            ClientMsg::Back => {
                let (table, player) = self.seated()?;
                table
                    .send(Command::Back { player })
                    .await
                    .map_err(|_| gone())
            }
            ClientMsg::Rematch => {
                let (table, player) = self.seated()?;
                table
                    .send(Command::Rematch { player })
                    .await
                    .map_err(|_| gone())
            }
        }
    }

    async fn attach(
        &mut self,
        sender: mpsc::Sender<Command>,
        token: SeatToken,
        last_event: Option<u64>,
    ) -> Result<(), Refusal> {
        let gone = || Refusal::new(RefusalCode::NoSuchTable, "the table closed");
        let (reply, answer) = oneshot::channel();
        let command = Command::Resume {
            token,
            last_event,
            conn: self.conn.clone(),
            reply,
        };
        sender.send(command).await.map_err(|_| gone())?;
        let player = answer.await.map_err(|_| gone())??;
        self.attached = Some((sender, Viewer::Player(player)));
        Ok(())
    }

    /// A new table, stored with its first seats before it opens.
    async fn create(&mut self, request: &CreateTable) -> Result<(TableId, SeatToken), Refusal> {
        let config = &self.shared.config;
        if self.shared.lobby.len() >= config.max_tables {
            return Err(Refusal::new(
                RefusalCode::TooManyTables,
                "the server holds all the tables it can",
            ));
        }
        let settings = TableSettings::from_request(request)?;
        let no_random = |error: crate::ids::NoRandomness| {
            Refusal::new(RefusalCode::TooManyTables, error.to_string())
        };
        let id = TableId::random().map_err(no_random)?;
        let token = SeatToken::random().map_err(no_random)?;
        let mut play = Play::new(settings.clone());
        let mut events = vec![Event::Seated {
            player: 0,
            name: request.name.clone(),
            token_hash: Some(token.hash()),
            bot: None,
        }];
        for (player, bot) in settings.bots.iter().enumerate() {
            if let Some(bot) = bot {
                events.push(Event::Seated {
                    player,
                    name: bot.clone(),
                    token_hash: None,
                    bot: Some(bot.clone()),
                });
            }
        }
        let failed = || {
            Refusal::new(
                RefusalCode::TooManyTables,
                "the server could not store the table",
            )
        };
        let mut bodies = Vec::new();
        for event in &events {
            bodies.push(serde_json::to_string(event).map_err(|_| failed())?);
            play.apply(event).map_err(|_| failed())?;
        }
        let settings_json = serde_json::to_string(&settings).map_err(|_| failed())?;
        let clocks = Clocks::default();
        let clocks_json = serde_json::to_string(&clocks).map_err(|_| failed())?;
        let store = self.shared.store.clone();
        let key = id.to_string();
        let stored = tokio::task::spawn_blocking(move || {
            store.create_table(&key, &settings_json, &bodies, &clocks_json)
        })
        .await;
        if !matches!(stored, Ok(Ok(()))) {
            return Err(failed());
        }
        Lobby::open(&self.shared, id, play, events, clocks);
        Ok((id, token))
    }
}
