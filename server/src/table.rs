//! One task per table: the only owner of its [`Play`] (the match), its clocks and its
//! connections. Commands arrive in order on one channel, so a move out of turn is refused
//! without touching anyone's clock, and every change is stored (one committed transaction)
//! before anyone is shown it.

use std::sync::Arc;
use std::time::{Duration, SystemTime, UNIX_EPOCH};

use serde::{Deserialize, Serialize};
use tablic_core::bots::solver::Entry;
use tablic_core::bots::{best_greedy_move, BotSpec};
use tablic_core::dealing::seeding::derive_seed;
use tablic_core::{Game, Move};
use tokio::sync::{mpsc, oneshot};
use tokio::time::{sleep_until, Instant};

use crate::events::{Event, Play};
use crate::frames::{clock_frame, event_frame, snapshot_frame, Viewer};
use crate::ids::{commitment, random_seed, SeatToken, TableId};
use crate::protocol::{refused_frame, Refusal, RefusalCode};
use crate::settings::{bot_spec, check_name};
use crate::Shared;

/// A frame for a connection's writer.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Outgoing {
    /// A text frame.
    Text(String),
    /// A Close frame with this code and reason, then the end.
    Close(u16, &'static str),
}

/// A connection as a table knows it: its number and its outgoing channel.
#[derive(Clone, Debug)]
pub struct Conn {
    /// The server's number for the connection.
    pub id: u64,
    /// Where its frames go.
    pub out: mpsc::Sender<Outgoing>,
}

/// What a connection (or the table's own bots) asks of the table.
#[derive(Debug)]
pub enum Command {
    /// Take a free seat.
    Join {
        name: String,
        conn: Conn,
        reply: oneshot::Sender<Result<usize, Refusal>>,
    },
    /// Take a seat back by its token.
    Resume {
        token: SeatToken,
        last_event: Option<u64>,
        conn: Conn,
        reply: oneshot::Sender<Result<usize, Refusal>>,
    },
    /// Watch.
    Watch {
        last_event: Option<u64>,
        conn: Conn,
        reply: oneshot::Sender<Result<(), Refusal>>,
    },
    /// The connection closed.
    Leave { conn_id: u64 },
    /// The creator starts, bots of `fill` in the empty seats.
    Start { player: usize, fill: Option<String> },
    /// A person's move.
    Play { player: usize, played: String },
    /// A person takes their seat back from a bot.
    Back { player: usize },
    /// The creator starts a new match.
    Rematch { player: usize },
    /// A bot's move, for the position it was asked about.
    BotMoved { at: Position, played: Move },
}

/// Where a match stands: which match, game and move a bot was asked about.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Position {
    round: u32,
    game: u32,
    ply: usize,
}

/// The table's deadlines in milliseconds since 1970, as stored.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Clocks {
    /// The player to move and when their time runs out.
    pub turn: Option<(usize, u64)>,
    /// For each player who is away, when a bot takes over.
    pub reconnect: Vec<Option<u64>>,
}

/// Now, in milliseconds since 1970.
pub fn now_ms() -> u64 {
    SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map_or(0, |since| since.as_millis() as u64)
}

fn instant_of(at_ms: u64) -> Instant {
    let now = now_ms();
    Instant::now() + Duration::from_millis(at_ms.saturating_sub(now))
}

/// A table's task state.
pub struct Table {
    id: TableId,
    play: Play,
    /// The events so far, numbered from 1.
    events: Vec<Event>,
    clocks: Clocks,
    shared: Arc<Shared>,
    conns: Vec<Option<Conn>>,
    spectators: Vec<Conn>,
    commands: mpsc::Sender<Command>,
    bot_asked: Option<Position>,
    last_seen: Instant,
    broken: bool,
}

fn refuse(conn: Option<&Conn>, refusal: Refusal) {
    if let Some(conn) = conn {
        let _ = conn.out.try_send(Outgoing::Text(refused_frame(&refusal)));
    }
}

impl Table {
    /// A table from its state (new, or read back after a restart) and stored clocks.
    pub fn new(
        id: TableId,
        play: Play,
        events: Vec<Event>,
        clocks: Clocks,
        shared: Arc<Shared>,
        commands: mpsc::Sender<Command>,
    ) -> Table {
        let players = play.settings.players;
        let mut clocks = clocks;
        clocks.reconnect.resize(players, None);
        Table {
            id,
            play,
            events,
            clocks,
            shared,
            conns: vec![None; players],
            spectators: Vec::new(),
            commands,
            bot_asked: None,
            last_seen: Instant::now(),
            broken: false,
        }
    }

    /// Runs the table until it closes or the server stops.
    pub async fn run(mut self, mut commands: mpsc::Receiver<Command>) {
        // After a restart, everyone is away: their reconnect windows start now unless stored.
        if self.play.in_play() {
            let window = self.shared.config.reconnect.as_millis() as u64;
            let mut clocks = self.clocks.clone();
            for player in self.persons() {
                clocks.reconnect[player].get_or_insert(now_ms() + window);
            }
            self.commit(Vec::new(), clocks).await;
        }
        self.ask_bot();
        let cancelled = self.shared.shutdown.clone();
        while !self.broken {
            let deadline = self.next_deadline();
            let idle_at = self.last_seen + self.shared.config.idle;
            tokio::select! {
                _ = cancelled.cancelled() => break,
                command = commands.recv() => match command {
                    Some(command) => self.handle(command).await,
                    None => break,
                },
                _ = sleep_until(deadline.map_or(idle_at, |(at, _)| at)) => {
                    match deadline {
                        Some((_, which)) => self.on_deadline(which).await,
                        None => if self.is_idle() {
                            self.close().await;
                            break;
                        },
                    }
                }
            }
        }
        if self.broken {
            self.broadcast_close(1011, "the table's store failed");
        } else {
            self.broadcast_close(1001, "the server is going away");
        }
    }

    fn persons(&self) -> Vec<usize> {
        (0..self.play.seats.len())
            .filter(|&player| {
                matches!(&self.play.seats[player], Some(seat) if seat.token_hash.is_some())
            })
            .collect()
    }

    fn is_idle(&self) -> bool {
        let nobody = self.conns.iter().all(Option::is_none) && self.spectators.is_empty();
        nobody && !self.play.in_play() && self.last_seen.elapsed() >= self.shared.config.idle
    }

    async fn close(&mut self) {
        let store = self.shared.store.clone();
        let id = self.id.to_string();
        let _ = tokio::task::spawn_blocking(move || store.close_table(&id)).await;
        self.shared.lobby.remove(self.id);
    }

    fn broadcast_close(&self, code: u16, reason: &'static str) {
        for conn in self.conns.iter().flatten().chain(&self.spectators) {
            let _ = conn.out.try_send(Outgoing::Close(code, reason));
        }
    }

    /// The next deadline: a turn (`None`) or a player's reconnect window (`Some`).
    fn next_deadline(&self) -> Option<(Instant, Option<usize>)> {
        let turn = self.clocks.turn.map(|(_, at)| (at, None));
        let away = self
            .clocks
            .reconnect
            .iter()
            .enumerate()
            .filter_map(|(player, at)| at.map(|at| (at, Some(player))));
        turn.into_iter()
            .chain(away)
            .min_by_key(|(at, _)| *at)
            .map(|(at, which)| (instant_of(at), which))
    }

    async fn on_deadline(&mut self, which: Option<usize>) {
        let mut clocks = self.clocks.clone();
        let player = match which {
            None => {
                let Some((player, _)) = clocks.turn.take() else {
                    return;
                };
                player
            }
            Some(player) => {
                clocks.reconnect[player] = None;
                player
            }
        };
        let covered =
            matches!(&self.play.seats[player], Some(seat) if seat.playing_bot().is_some());
        let mut events = Vec::new();
        if self.play.in_play() && !covered {
            let bot = self.shared.config.cover_bot.clone();
            events.push(Event::Covered {
                player,
                bot: Some(bot),
            });
        }
        self.commit(events, clocks).await;
    }

    fn conn_of(&self, player: usize) -> Option<&Conn> {
        self.conns.get(player).and_then(Option::as_ref)
    }

    async fn handle(&mut self, command: Command) {
        self.last_seen = Instant::now();
        match command {
            Command::Join { name, conn, reply } => {
                let result = self.join(name, conn).await;
                let _ = reply.send(result);
            }
            Command::Resume {
                token,
                last_event,
                conn,
                reply,
            } => {
                let result = self.resume(token, last_event, conn).await;
                let _ = reply.send(result);
            }
            Command::Watch {
                last_event,
                conn,
                reply,
            } => {
                if !self.play.settings.spectators {
                    let _ = reply.send(Err(Refusal::new(
                        RefusalCode::NoSpectators,
                        "this table does not allow watching",
                    )));
                    return;
                }
                let _ = reply.send(Ok(()));
                self.catch_up(&conn, Viewer::Spectator, last_event);
                self.spectators.push(conn);
            }
            Command::Leave { conn_id } => self.leave(conn_id).await,
            Command::Start { player, fill } => {
                if let Err(refusal) = self.start(player, fill).await {
                    refuse(self.conn_of(player), refusal);
                }
            }
            Command::Play { player, played } => {
                if let Err(refusal) = self.person_moves(player, &played).await {
                    refuse(self.conn_of(player), refusal);
                }
            }
            Command::Back { player } => {
                let covered =
                    matches!(&self.play.seats[player], Some(seat) if seat.covered_by.is_some());
                if covered {
                    self.commit_events(vec![Event::Covered { player, bot: None }], None)
                        .await;
                } else {
                    refuse(
                        self.conn_of(player),
                        Refusal::new(RefusalCode::WrongPhase, "no bot is playing this seat"),
                    );
                }
            }
            Command::Rematch { player } => {
                if let Err(refusal) = self.rematch(player).await {
                    refuse(self.conn_of(player), refusal);
                }
            }
            Command::BotMoved { at, played } => self.bot_moves(at, played).await,
        }
    }

    async fn join(&mut self, name: String, conn: Conn) -> Result<usize, Refusal> {
        check_name(&name)?;
        if self.play.current.is_some() {
            return Err(Refusal::new(
                RefusalCode::AlreadyStarted,
                "the match has started",
            ));
        }
        let player = self
            .play
            .seats
            .iter()
            .position(Option::is_none)
            .ok_or_else(|| Refusal::new(RefusalCode::TableFull, "every seat is taken"))?;
        let token = SeatToken::random()
            .map_err(|error| Refusal::new(RefusalCode::TableFull, error.to_string()))?;
        let event = Event::Seated {
            player,
            name,
            token_hash: Some(token.hash()),
            bot: None,
        };
        let clocks = self.clocks.clone();
        if !self.commit(vec![event], clocks).await {
            return Err(Refusal::new(
                RefusalCode::NoSuchTable,
                "the table's store failed",
            ));
        }
        self.conns[player] = Some(conn.clone());
        let joined = serde_json::json!({
            "type": "joined", "table": self.id.to_string(), "player": player, "token": token.reveal(),
        });
        let _ = conn.out.try_send(Outgoing::Text(joined.to_string()));
        self.send_snapshot(&conn, Viewer::Player(player));
        Ok(player)
    }

    async fn resume(
        &mut self,
        token: SeatToken,
        last_event: Option<u64>,
        conn: Conn,
    ) -> Result<usize, Refusal> {
        let hash = token.hash();
        let player = self
            .play
            .seats
            .iter()
            .position(|seat| matches!(seat, Some(seat) if seat.token_hash.as_deref() == Some(hash.as_str())))
            .ok_or_else(|| Refusal::new(RefusalCode::BadToken, "this token holds no seat at this table"))?;
        if let Some(old) = self.conns[player].replace(conn.clone()) {
            let _ = old.out.try_send(Outgoing::Close(
                4001,
                "the seat was taken back by a newer connection",
            ));
        }
        self.catch_up(&conn, Viewer::Player(player), last_event);
        let covered = matches!(&self.play.seats[player], Some(seat) if seat.covered_by.is_some());
        let events = if covered && self.play.in_play() {
            vec![Event::Covered { player, bot: None }]
        } else {
            Vec::new()
        };
        if !events.is_empty() || self.clocks.reconnect[player].is_some() {
            self.commit_events(events, Some(player)).await;
        }
        Ok(player)
    }

    /// Sends `conn` the events after `last_event`, or a snapshot when it has none or
    /// claims more than there are.
    fn catch_up(&self, conn: &Conn, viewer: Viewer, last_event: Option<u64>) {
        match last_event.filter(|&last| last <= self.play.last_event()) {
            Some(last) => {
                for (index, event) in self.events.iter().enumerate().skip(last as usize) {
                    let _ = conn.out.try_send(Outgoing::Text(event_frame(
                        index as u64 + 1,
                        event,
                        viewer,
                    )));
                }
                let _ = conn
                    .out
                    .try_send(Outgoing::Text(clock_frame(self.clocks.turn)));
            }
            None => self.send_snapshot(conn, viewer),
        }
    }

    fn send_snapshot(&self, conn: &Conn, viewer: Viewer) {
        let connected: Vec<bool> = self.conns.iter().map(Option::is_some).collect();
        let frame = snapshot_frame(self.id, &self.play, viewer, &connected, self.clocks.turn);
        let _ = conn.out.try_send(Outgoing::Text(frame));
    }

    async fn leave(&mut self, conn_id: u64) {
        self.spectators.retain(|conn| conn.id != conn_id);
        let Some(player) = self
            .conns
            .iter()
            .position(|conn| matches!(conn, Some(conn) if conn.id == conn_id))
        else {
            return;
        };
        self.conns[player] = None;
        if self.play.in_play() {
            let mut clocks = self.clocks.clone();
            clocks.reconnect[player] =
                Some(now_ms() + self.shared.config.reconnect.as_millis() as u64);
            self.commit(Vec::new(), clocks).await;
        }
    }

    fn match_seed(&self, round: u32) -> Result<u64, Refusal> {
        match self.shared.config.test_seed {
            Some(seed) => Ok(derive_seed(seed, u64::from(round))),
            None => random_seed()
                .map_err(|error| Refusal::new(RefusalCode::WrongPhase, error.to_string())),
        }
    }

    async fn start(&mut self, player: usize, fill: Option<String>) -> Result<(), Refusal> {
        if player != 0 {
            return Err(Refusal::new(
                RefusalCode::NotCreator,
                "only the creator starts",
            ));
        }
        if self.play.current.is_some() {
            return Err(Refusal::new(
                RefusalCode::WrongPhase,
                "the match has started (rematch starts another)",
            ));
        }
        let mut sim = self.play.clone();
        let mut events = Vec::new();
        let empty: Vec<usize> = (0..sim.seats.len())
            .filter(|&seat| sim.seats[seat].is_none())
            .collect();
        if !empty.is_empty() {
            let Some(fill) = fill else {
                return Err(Refusal::new(
                    RefusalCode::WrongPhase,
                    "seats are empty: wait, or start with a fill level",
                ));
            };
            let spec = bot_spec(&fill)?.to_string();
            for player in empty {
                let event = Event::Seated {
                    player,
                    name: spec.clone(),
                    token_hash: None,
                    bot: Some(spec.clone()),
                };
                push(&mut sim, &mut events, event);
            }
        }
        self.begin_match(sim, events).await
    }

    async fn rematch(&mut self, player: usize) -> Result<(), Refusal> {
        if player != 0 {
            return Err(Refusal::new(
                RefusalCode::NotCreator,
                "only the creator starts a rematch",
            ));
        }
        if !self.play.match_over {
            return Err(Refusal::new(
                RefusalCode::WrongPhase,
                "the match is not over",
            ));
        }
        let sim = self.play.clone();
        self.begin_match(sim, Vec::new()).await
    }

    async fn begin_match(&mut self, mut sim: Play, mut events: Vec<Event>) -> Result<(), Refusal> {
        let round = sim.round + 1;
        let seed = self.match_seed(round)?;
        let committed = commitment(self.id, seed);
        push(
            &mut sim,
            &mut events,
            Event::MatchStarted {
                round,
                seed,
                commitment: committed,
            },
        );
        push(
            &mut sim,
            &mut events,
            Event::GameStarted { game: 1, leader: 0 },
        );
        push_deal(&mut sim, &mut events);
        self.commit_sim(sim, events).await;
        Ok(())
    }

    async fn person_moves(&mut self, player: usize, text: &str) -> Result<(), Refusal> {
        if !self.play.in_play() {
            return Err(Refusal::new(RefusalCode::WrongPhase, "no game is in play"));
        }
        if self.play.player_to_move() != Some(player) {
            return Err(Refusal::new(
                RefusalCode::NotYourTurn,
                "it is another player's turn",
            ));
        }
        let played = Play::parse_move(text).ok_or_else(|| {
            Refusal::new(
                RefusalCode::BadMove,
                "a move is a card then the cards it captures, as `7S 3H 4D`",
            )
        })?;
        let Some(current) = &self.play.current else {
            return Ok(());
        };
        current
            .game()
            .check(played)
            .map_err(|error| Refusal::new(RefusalCode::IllegalMove, error.to_string()))?;
        let mut sim = self.play.clone();
        let mut events = Vec::new();
        if matches!(&sim.seats[player], Some(seat) if seat.covered_by.is_some()) {
            push(&mut sim, &mut events, Event::Covered { player, bot: None });
        }
        play_move(&mut sim, &mut events, player, played, false);
        self.commit_sim(sim, events).await;
        Ok(())
    }

    async fn bot_moves(&mut self, at: Position, played: Move) {
        if self.bot_asked == Some(at) {
            self.bot_asked = None;
        }
        let Some(player) = self.play.player_to_move() else {
            return;
        };
        let Some(seat) = self.play.seats[player].as_ref() else {
            return;
        };
        if seat.playing_bot().is_none() || self.position() != Some(at) {
            self.ask_bot();
            return;
        }
        let by_bot = seat.bot.is_none();
        let mut sim = self.play.clone();
        let mut events = Vec::new();
        play_move(&mut sim, &mut events, player, played, by_bot);
        self.commit_sim(sim, events).await;
    }

    fn position(&self) -> Option<Position> {
        let current = self.play.current.as_ref()?;
        Some(Position {
            round: self.play.round,
            game: current.game_number(),
            ply: current.game().plies(),
        })
    }

    /// Asks a bot for a move when a bot holds the seat to move: on the blocking pool, under
    /// the pool's permits and a time bound, so no search delays another table.
    fn ask_bot(&mut self) {
        let Some(player) = self.play.player_to_move() else {
            return;
        };
        let Some(spec_text) = self.play.seats[player]
            .as_ref()
            .and_then(|seat| seat.playing_bot())
        else {
            return;
        };
        let (Some(at), Some(current)) = (self.position(), self.play.current.as_ref()) else {
            return;
        };
        if self.bot_asked == Some(at) {
            return;
        }
        self.bot_asked = Some(at);
        let spec: BotSpec = bot_spec(spec_text).unwrap_or(BotSpec::Greedy);
        let game: Game = current.game().clone();
        let seed = derive_seed(current.seed(), u64::from(at.game) << 8 | at.ply as u64);
        let permits = self.shared.bot_permits.clone();
        let limit = self.shared.config.bot_time;
        let commands = self.commands.clone();
        self.shared.tracker.spawn(async move {
            let Ok(_permit) = permits.acquire_owned().await else {
                return;
            };
            let fallback = game
                .current_view()
                .and_then(|view| best_greedy_move(view.hand(), view.table()));
            let thinking = tokio::task::spawn_blocking(move || {
                let mut memory = vec![Entry::default(); spec.memory_entries()];
                spec.build(seed, &mut memory).choose(&game)
            });
            let chosen = match tokio::time::timeout(limit, thinking).await {
                Ok(Ok(Some(chosen))) => Some(chosen),
                _ => fallback,
            };
            if let Some(played) = chosen {
                let _ = commands.send(Command::BotMoved { at, played }).await;
            }
        });
    }

    /// The turn clock after `events`: a new turn starts it again; a person's seat alone
    /// has one.
    fn clocks_after(&self, sim: &Play, events: &[Event]) -> Clocks {
        let mut clocks = self.clocks.clone();
        // Only a new turn, or a change of who plays the seat to move, sets the clock again.
        let to_move = sim.player_to_move();
        let turn_changed = events.iter().any(|event| match event {
            Event::Played { .. } | Event::MatchStarted { .. } => true,
            Event::Covered { player, .. } => Some(*player) == to_move,
            _ => false,
        });
        if turn_changed || clocks.turn.map(|(player, _)| player) != sim.player_to_move() {
            clocks.turn = sim.player_to_move().filter(|&player| {
                matches!(&sim.seats[player], Some(seat) if seat.playing_bot().is_none())
            }).map(|player| (player, now_ms() + self.shared.config.turn.as_millis() as u64));
        }
        if !sim.in_play() {
            clocks.reconnect.iter_mut().for_each(|at| *at = None);
        }
        clocks
    }

    /// Commits `events` with the clocks they make; `returned` is a person back in time, whose
    /// reconnect window closes.
    async fn commit_events(&mut self, events: Vec<Event>, returned: Option<usize>) -> bool {
        let mut sim = self.play.clone();
        for event in &events {
            if sim.apply(event).is_err() {
                return false;
            }
        }
        let mut clocks = self.clocks_after(&sim, &events);
        if let Some(player) = returned {
            clocks.reconnect[player] = None;
        }
        self.commit(events, clocks).await
    }

    async fn commit_sim(&mut self, sim: Play, events: Vec<Event>) -> bool {
        let clocks = self.clocks_after(&sim, &events);
        self.commit(events, clocks).await
    }

    /// Stores `events` and `clocks` in one transaction, then applies and shows them;
    /// nothing is shown when the store fails, and the table closes.
    async fn commit(&mut self, events: Vec<Event>, clocks: Clocks) -> bool {
        let bodies: Result<Vec<String>, _> = events.iter().map(serde_json::to_string).collect();
        let (Ok(bodies), Ok(clocks_json)) = (bodies, serde_json::to_string(&clocks)) else {
            self.broken = true;
            return false;
        };
        let store = self.shared.store.clone();
        let id = self.id.to_string();
        let first = self.play.last_event() + 1;
        let stored =
            tokio::task::spawn_blocking(move || store.append(&id, first, &bodies, &clocks_json))
                .await;
        if !matches!(stored, Ok(Ok(()))) {
            eprintln!(
                "tablic-server: table {}: the store failed; closing it",
                self.id
            );
            self.broken = true;
            return false;
        }
        let clock_changed = clocks.turn != self.clocks.turn;
        self.clocks = clocks;
        for event in events {
            let number = self.play.last_event() + 1;
            for (player, conn) in self.conns.iter().enumerate() {
                if let Some(conn) = conn {
                    send_or_drop(conn, event_frame(number, &event, Viewer::Player(player)));
                }
            }
            for conn in &self.spectators {
                send_or_drop(conn, event_frame(number, &event, Viewer::Spectator));
            }
            if self.play.apply(&event).is_err() {
                self.broken = true;
                return false;
            }
            self.events.push(event);
        }
        if clock_changed {
            let frame = clock_frame(self.clocks.turn);
            for conn in self.conns.iter().flatten().chain(&self.spectators) {
                send_or_drop(conn, frame.clone());
            }
        }
        self.shared.lobby.update(self.id, &self.play);
        self.ask_bot();
        true
    }
}

/// A slow reader whose queue is full is closed rather than waited for.
fn send_or_drop(conn: &Conn, frame: String) {
    if conn.out.try_send(Outgoing::Text(frame)).is_err() {
        let _ = conn.out.try_send(Outgoing::Close(1008, "too slow to read"));
    }
}

/// Applies `event` to the simulation and keeps it; events built here were checked first.
fn push(sim: &mut Play, events: &mut Vec<Event>, event: Event) {
    if sim.apply(&event).is_ok() {
        events.push(event);
    }
}

/// The deal just made, each hand from its seat's view.
fn push_deal(sim: &mut Play, events: &mut Vec<Event>) {
    let Some(current) = &sim.current else { return };
    let game = current.game();
    let players = game.players().get();
    let hands = (0..players)
        .map(|player| {
            game.view(current.seat_of(player))
                .map_or(0, |view| view.hand().bits())
        })
        .collect();
    let deal = game.deals_dealt();
    let table = (deal == 1).then(|| game.public_view().table().bits());
    push(sim, events, Event::Dealt { deal, table, hands });
}

/// A checked move and what follows it: a deal, a game's end, the next game or the end.
fn play_move(sim: &mut Play, events: &mut Vec<Event>, player: usize, played: Move, by_bot: bool) {
    let Some(current) = &sim.current else { return };
    let deals = current.game().deals_dealt();
    let tablas = current.game().tablas(current.seat_of(player));
    let mut probe = current.clone();
    if probe.play(played).is_err() {
        return;
    }
    let tabla = probe.game().tablas(probe.seat_of(player)) > tablas;
    push(
        sim,
        events,
        Event::Played {
            player,
            played: played.to_string(),
            tabla,
            by_bot,
        },
    );
    let Some(current) = &sim.current else { return };
    if current.game().is_finished() {
        let Some(line) = current.sheet_line() else {
            return;
        };
        let scores = (0..line.side_count())
            .map(|side| line.side(side).total())
            .collect();
        let game = current.game_number();
        let totals = current.totals().to_vec();
        let over = sim.settings.one_game || current.is_over();
        let next_leader = current.finished_games() as usize % current.players().get();
        let (winner, seed) = (current.winner().or(current.ahead()), current.seed());
        push(
            sim,
            events,
            Event::GameOver {
                game,
                scores,
                totals,
            },
        );
        if over {
            let record = sim.record();
            push(
                sim,
                events,
                Event::MatchOver {
                    winner,
                    seed,
                    record,
                },
            );
        } else {
            push(
                sim,
                events,
                Event::GameStarted {
                    game: game + 1,
                    leader: next_leader,
                },
            );
            push_deal(sim, events);
        }
    } else if current.game().deals_dealt() > deals {
        push_deal(sim, events);
    }
}
