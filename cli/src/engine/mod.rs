//! Bring your own bot: the referee side of the line protocol in `PROTOCOL.md`.
//!
//! An [`Engine`] is one bot program seen from one match thread. It is started on demand
//! (handshake within the start-up limit), told about each game it plays (rules and seat,
//! every deal, every move), asked for its moves with a deadline, and told how each game
//! ended. Whatever goes wrong is a [`Forfeit`] with a one-line reason; a process that is no
//! longer trusted (it timed out, broke the protocol or died) is stopped, and the next game
//! starts a fresh one. The legality of its moves is checked by the core
//! (`MatchPlan::play_game_with` plays every move through `Game::play`).

mod process;
pub mod protocol;

use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use tablic_core::matches::Forfeit;
use tablic_core::{Game, Move};

pub use process::split_command;
use process::Process;
use protocol::{Failed, Heard, Identity, PROTOCOL_VERSION};

/// One `--engine`: its command and limits, shared by every thread that runs it.
#[derive(Debug)]
pub struct EngineConfig {
    /// Its index among the `--engine` options (`engine:K`).
    pub index: usize,
    /// The command as given.
    pub command: String,
    words: Vec<String>,
    pub start_time: Duration,
    pub move_time: Duration,
    show_stderr: bool,
    /// The identity of its first successful handshake.
    identity: Mutex<Option<Identity>>,
}

impl EngineConfig {
    /// Checks the command by starting it once (and stopping it at once): a program that
    /// cannot be started at all is a usage error, not a match full of forfeits.
    pub fn new(
        index: usize,
        command: &str,
        start_time: Duration,
        move_time: Duration,
        show_stderr: bool,
    ) -> Result<EngineConfig, String> {
        let words =
            split_command(command).map_err(|error| format!("--engine {command:?}: {error}"))?;
        Process::spawn(&words, false)
            .map_err(|error| format!("--engine {command:?}: cannot start {:?}: {error}", words[0]))?
            .kill();
        Ok(EngineConfig {
            index,
            command: command.to_string(),
            words,
            start_time,
            move_time,
            show_stderr,
            identity: Mutex::new(None),
        })
    }

    /// `engine:K`, with the bot's name and version once it has said them.
    pub fn label(&self) -> String {
        match self.identity() {
            Some(Identity { name, version }) => match version {
                Some(version) => format!("engine:{} ({name} {version})", self.index),
                None => format!("engine:{} ({name})", self.index),
            },
            None => format!("engine:{}", self.index),
        }
    }

    /// The identity of its first successful handshake.
    pub fn identity(&self) -> Option<Identity> {
        self.identity.lock().map(|id| id.clone()).unwrap_or(None)
    }
}

/// A game the engine is playing.
#[derive(Debug)]
struct Playing {
    seat: usize,
    /// The game as the engine has been told it so far.
    told: Game,
}

/// One bot program, as one thread runs it.
#[derive(Debug)]
pub struct Engine {
    config: Arc<EngineConfig>,
    process: Option<Process>,
    playing: Option<Playing>,
    /// Why the game in progress is lost before the engine's turn comes (it did not start).
    pending: Option<(Forfeit, String)>,
    /// The reason of the engine's last forfeit.
    reason: String,
}

impl Engine {
    pub fn new(config: Arc<EngineConfig>) -> Engine {
        Engine {
            config,
            process: None,
            playing: None,
            pending: None,
            reason: String::new(),
        }
    }

    /// The reason of the last forfeit [`Engine::choose`] returned.
    pub fn last_reason(&self) -> &str {
        &self.reason
    }

    /// Starts a game at `seat` of `game` (just dealt): starts the program if it is not
    /// running, then sends the rules, the seat and the first deal. A failure here is
    /// remembered and becomes the engine's forfeit at its first turn.
    pub fn begin(&mut self, game: &Game, seat: usize, seed: u64) {
        self.playing = None;
        self.pending = None;
        if self.process.is_none() {
            match self.start() {
                Ok(process) => self.process = Some(process),
                Err(failed) => {
                    self.pending = Some(failed);
                    return;
                }
            }
        }
        let mut newgame = format!(
            "newgame players {} seat {seat} seed {seed}",
            game.players().get()
        );
        // The rules, when not the original's, as more `key value` pairs.
        for word in game.rules().to_string().split_whitespace() {
            newgame.push(' ');
            newgame.push_str(&word.replacen('=', " ", 1));
        }
        let deal = deal_line(game, seat);
        if !(self.send(&newgame) && self.send(&deal)) {
            self.pending = Some(self.crashed("stopped reading its input"));
            self.stop();
            return;
        }
        self.playing = Some(Playing {
            seat,
            told: game.clone(),
        });
    }

    /// The engine's move in `game`, where its seat is to move, or why it forfeits.
    pub fn choose(&mut self, game: &Game) -> Result<Move, Forfeit> {
        match self.ask(game) {
            Ok(chosen) => Ok(chosen),
            Err((forfeit, reason)) => {
                self.reason = reason;
                Err(forfeit)
            }
        }
    }

    fn ask(&mut self, game: &Game) -> Result<Move, Failed> {
        if let Some(failed) = self.pending.take() {
            return Err(failed);
        }
        if !self.catch_up(game) {
            let failed = self.crashed("stopped reading its input");
            self.stop();
            return Err(failed);
        }
        let budget = self.config.move_time;
        if !self.send(&format!("go movetime {}", budget.as_millis())) {
            let failed = self.crashed("stopped reading its input");
            self.stop();
            return Err(failed);
        }
        let deadline = Instant::now() + budget;
        let answer = self.answer(deadline);
        if answer.is_err() {
            self.stop();
        }
        answer
    }

    /// Reads lines until the `play` line ([`protocol::answer`]); a crash says how the
    /// process ended.
    fn answer(&mut self, deadline: Instant) -> Result<Move, Failed> {
        let process = &mut self.process;
        let next = || match process.as_mut() {
            Some(process) => process.receive(deadline),
            None => Heard::Closed,
        };
        match protocol::answer(next, self.config.move_time) {
            Err((Forfeit::Crash, reason)) => {
                let status = self.process.as_mut().and_then(Process::exit_status);
                Err((Forfeit::Crash, with_status(reason, status)))
            }
            answered => answered,
        }
    }

    /// Tells the engine how the game ended: the moves it has not heard yet, then `end`.
    /// `forfeit` is the seat that forfeited and why, if one did.
    pub fn end(&mut self, game: &Game, forfeit: Option<(usize, Forfeit)>) {
        if self.playing.is_none() || self.process.is_none() {
            self.playing = None;
            return;
        }
        let line = match (forfeit, game.result()) {
            (Some((seat, why)), _) => format!("end forfeit {seat} {}", why.kind()),
            (None, Some(result)) => {
                let totals: Vec<String> = (0..result.players().get())
                    .map(|seat| result.total(seat).to_string())
                    .collect();
                let mut line = format!("end result {}", totals.join(" "));
                if !result.rules().is_everyone_alone() {
                    let sides: Vec<String> = (0..result.side_count())
                        .map(|side| result.side_total(side).to_string())
                        .collect();
                    line.push_str(&format!(" sides {}", sides.join(" ")));
                }
                line
            }
            (None, None) => "end stopped".to_string(),
        };
        if !(self.catch_up(game) && self.send(&line)) {
            self.stop();
        }
        self.playing = None;
    }

    /// Sends the moves of `game` the engine has not heard yet, with each new deal.
    fn catch_up(&mut self, game: &Game) -> bool {
        let Some(playing) = self.playing.as_mut() else {
            return false;
        };
        let mut lines = Vec::new();
        for &played in &game.history()[playing.told.history().len()..] {
            let Ok(effect) = playing.told.play(played) else {
                return false;
            };
            let mut line = format!("played {} {played}", effect.seat);
            if effect.tabla {
                line.push_str(" tabla");
            }
            lines.push(line);
            if effect.new_deal {
                lines.push(deal_line(&playing.told, playing.seat));
            }
        }
        lines.iter().all(|line| self.send(line))
    }

    /// Starts the program and shakes hands within the start-up limit.
    fn start(&mut self) -> Result<Process, Failed> {
        let config = Arc::clone(&self.config);
        let mut process = Process::spawn(&config.words, config.show_stderr)
            .map_err(|error| (Forfeit::Crash, format!("could not start: {error}")))?;
        let deadline = Instant::now() + config.start_time;
        let result = if process.send(&format!("tablic {PROTOCOL_VERSION}")) {
            protocol::handshake(|| process.receive(deadline), config.start_time)
        } else {
            Err((Forfeit::Crash, "stopped reading its input".into()))
        };
        match result {
            Ok(identity) => {
                if let Ok(mut known) = config.identity.lock() {
                    known.get_or_insert(identity);
                }
                Ok(process)
            }
            Err((Forfeit::Crash, reason)) => {
                let status = process.exit_status();
                process.kill();
                Err((Forfeit::Crash, with_status(reason, status)))
            }
            Err(failed) => {
                process.kill();
                Err(failed)
            }
        }
    }

    fn send(&mut self, line: &str) -> bool {
        self.process
            .as_mut()
            .is_some_and(|process| process.send(line))
    }

    /// A crash, with the exit status if the process has ended.
    fn crashed(&mut self, what: &str) -> Failed {
        let status = self.process.as_mut().and_then(Process::exit_status);
        (Forfeit::Crash, with_status(what.to_string(), status))
    }

    /// Stops the program; the next game starts a new one.
    fn stop(&mut self) {
        if let Some(process) = self.process.take() {
            process.kill();
        }
        self.playing = None;
    }
}

impl Drop for Engine {
    fn drop(&mut self) {
        if let Some(process) = self.process.take() {
            process.quit();
        }
    }
}

fn with_status(reason: String, status: Option<String>) -> String {
    match status {
        Some(status) => format!("{reason} ({status})"),
        None => reason,
    }
}

/// `deal hand … table …` for `seat` of `game`.
fn deal_line(game: &Game, seat: usize) -> String {
    let hand = game.hand(seat);
    let table = game.table();
    let mut line = format!("deal hand {hand} table {table}");
    if table.is_empty() {
        line.truncate(line.trim_end().len());
    }
    line
}

#[cfg(test)]
mod tests {
    use super::*;
    use tablic_core::CardSet;

    #[test]
    fn deal_lines_list_the_hand_and_the_table() {
        let game = Game::from_seed(tablic_core::PlayerCount::TWO, 42);
        let line = deal_line(&game, 1);
        assert!(line.starts_with("deal hand "), "{line}");
        let (hand, table) = line["deal hand ".len()..].split_once(" table ").unwrap();
        assert_eq!(hand.parse::<CardSet>().unwrap(), game.hand(1));
        assert_eq!(table.parse::<CardSet>().unwrap(), game.table());
    }
}
