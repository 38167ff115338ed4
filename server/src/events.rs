//! A table's history as numbered events, the one thing stored: [`Play::apply`] is the only
//! way the table's state changes, live and when a restart reads the events back, so both
//! reach the same state. Events hold secrets (token hashes, the seed, every hand); what a
//! seat or a watcher is shown of them is `frames.rs`'s business.

use serde::{Deserialize, Serialize};
use tablic_core::game::match_to_target::MatchToTarget;
use tablic_core::game::record::parse_move;
use tablic_core::{Move, SeatNames};

use crate::settings::TableSettings;

/// One thing that happened at a table.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "kebab-case")]
pub enum Event {
    /// A player sat down: a person (with the hash of their token) or a bot.
    Seated {
        /// The match's player number, which is the seat at the table.
        player: usize,
        /// The name shown.
        name: String,
        /// The person's token's SHA-256.
        token_hash: Option<String>,
        /// The bot's spec.
        bot: Option<String>,
    },
    /// A match began, dealt from `seed`, committed to by `commitment`.
    MatchStarted {
        /// Matches at this table so far, this one included.
        round: u32,
        /// The seed of the match's decks: secret until the match is over.
        seed: u64,
        /// SHA-256 of `tablic-commit 1 TABLE SEED`.
        commitment: String,
    },
    /// A game of the match began (the first with the match, each next one after a game).
    GameStarted {
        /// The game's number in the match, from 1.
        game: u32,
        /// The player who leads it.
        leader: usize,
    },
    /// Cards were dealt: each player's hand (secret but to its owner), and the table's
    /// four cards with a game's first deal.
    Dealt {
        /// The deal's number in the game, from 1.
        deal: usize,
        /// The table, with the first deal (`CardSet::bits`).
        table: Option<u64>,
        /// Each player's new hand, by match player (`CardSet::bits`).
        hands: Vec<u64>,
    },
    /// A player moved.
    Played {
        /// The match's player.
        player: usize,
        /// The move as a record writes it.
        played: String,
        /// The move emptied the table for a tabla.
        tabla: bool,
        /// A bot chose it for a person who was away or out of time.
        by_bot: bool,
    },
    /// A bot began (`bot`) or stopped (`None`) playing a person's seat.
    Covered {
        /// The match's player.
        player: usize,
        /// The bot's spec.
        bot: Option<String>,
    },
    /// A game ended: the game's scores and the running totals, by the match's sides.
    GameOver {
        /// The game's number in the match.
        game: u32,
        /// The game's points by side.
        scores: Vec<u32>,
        /// The running totals by side.
        totals: Vec<u32>,
    },
    /// The match ended: its seed revealed and its whole record.
    MatchOver {
        /// The winning side.
        winner: Option<usize>,
        /// The seed committed to at the start.
        seed: u64,
        /// The match record (`tablic replay` reads it).
        record: String,
    },
}

/// A seat at the table.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct SeatState {
    /// The name shown.
    pub name: String,
    /// A person's token's hash.
    pub token_hash: Option<String>,
    /// The bot that holds the seat from the start.
    pub bot: Option<String>,
    /// The bot playing for an absent person.
    pub covered_by: Option<String>,
}

impl SeatState {
    /// The bot choosing this seat's moves, if one is.
    pub fn playing_bot(&self) -> Option<&str> {
        self.bot.as_deref().or(self.covered_by.as_deref())
    }
}

/// Who moved for a person: bot spans for the record's comments.
#[derive(Clone, Debug, PartialEq, Eq)]
struct Cover {
    player: usize,
    game: u32,
    from_ply: usize,
    bot: String,
}

/// A table's state, as its events have made it.
#[derive(Clone, Debug)]
pub struct Play {
    /// The settings.
    pub settings: TableSettings,
    /// The seats, by match player; `None` while free.
    pub seats: Vec<Option<SeatState>>,
    /// Matches played or in play.
    pub round: u32,
    /// The match in play, or the last one.
    pub current: Option<MatchToTarget>,
    /// This match's commitment.
    pub commitment: Option<String>,
    /// The match is over (or the single game is).
    pub match_over: bool,
    /// The finished games' record blocks.
    blocks: String,
    covers: Vec<Cover>,
    /// Events applied so far (the table keeps them, so that a copy of the state for trying
    /// a move does not copy the history).
    applied: u64,
}

/// Events that could not be applied: the stored history is not one this server wrote.
#[derive(Debug, PartialEq, Eq)]
pub struct BadHistory(pub String);

impl Play {
    /// A table with no one seated.
    pub fn new(settings: TableSettings) -> Play {
        let seats = vec![None; settings.players];
        Play {
            settings,
            seats,
            round: 0,
            current: None,
            commitment: None,
            match_over: false,
            blocks: String::new(),
            covers: Vec::new(),
            applied: 0,
        }
    }

    /// The number of the last event (0 before any).
    pub fn last_event(&self) -> u64 {
        self.applied
    }

    /// A match is being played.
    pub fn in_play(&self) -> bool {
        self.current.is_some() && !self.match_over
    }

    /// The player to move, if a game is in play.
    pub fn player_to_move(&self) -> Option<usize> {
        let current = self.current.as_ref().filter(|_| !self.match_over)?;
        current.game().to_move().map(|seat| current.player_at(seat))
    }

    /// The move in text a player would make, as the engine reads it.
    pub fn parse_move(text: &str) -> Option<Move> {
        parse_move(text).ok()
    }

    /// Applies one event: the only change a table's state ever sees.
    pub fn apply(&mut self, event: &Event) -> Result<(), BadHistory> {
        let bad = |what: &str| Err(BadHistory(what.into()));
        match event {
            Event::Seated {
                player,
                name,
                token_hash,
                bot,
            } => {
                let Some(seat) = self.seats.get_mut(*player) else {
                    return bad("a seat out of range");
                };
                *seat = Some(SeatState {
                    name: name.clone(),
                    token_hash: token_hash.clone(),
                    bot: bot.clone(),
                    covered_by: None,
                });
            }
            Event::MatchStarted {
                round,
                seed,
                commitment,
            } => {
                let settings = &self.settings;
                let started = MatchToTarget::new(
                    settings.player_count(),
                    settings.parsed_rules(),
                    settings.target,
                    *seed,
                )
                .map_err(|error| BadHistory(error.to_string()))?;
                self.round = *round;
                self.current = Some(started);
                self.commitment = Some(commitment.clone());
                self.match_over = false;
                self.blocks.clear();
                self.covers.clear();
            }
            Event::GameStarted { game, .. } => {
                let Some(current) = self.current.as_mut() else {
                    return bad("a game before its match");
                };
                if *game > 1 {
                    current
                        .next_game()
                        .map_err(|error| BadHistory(error.to_string()))?;
                }
            }
            Event::Played {
                player,
                played,
                by_bot,
                ..
            } => {
                if self.player_to_move() != Some(*player) {
                    return bad("a move out of turn");
                }
                let Some(parsed) = Play::parse_move(played) else {
                    return bad("a move that does not read");
                };
                let Some(current) = self.current.as_mut() else {
                    return bad("a move before the match");
                };
                let ply = current.game().plies();
                let game = current.game_number();
                current
                    .play(parsed)
                    .map_err(|error| BadHistory(error.to_string()))?;
                if current.game().is_finished() {
                    self.blocks.push_str(&current.game_record().to_string());
                }
                if *by_bot {
                    self.note_cover(*player, game, ply);
                }
            }
            Event::Covered { player, bot } => {
                let Some(Some(seat)) = self.seats.get_mut(*player) else {
                    return bad("a cover of an empty seat");
                };
                seat.covered_by = bot.clone();
            }
            Event::MatchOver { .. } => self.match_over = true,
            Event::Dealt { .. } | Event::GameOver { .. } => {}
        }
        self.applied += 1;
        Ok(())
    }

    fn note_cover(&mut self, player: usize, game: u32, ply: usize) {
        let bot = self.seats[player]
            .as_ref()
            .and_then(|seat| seat.playing_bot())
            .unwrap_or("greedy")
            .to_string();
        let same = |cover: &Cover| cover.player == player && cover.game == game && cover.bot == bot;
        if !self.covers.iter().any(same) {
            self.covers.push(Cover {
                player,
                game,
                from_ply: ply,
                bot,
            });
        }
    }

    /// The match's record so far: the engine's header and finished games, the game in play,
    /// and a comment for each seat a bot played for a person (readers skip comments).
    pub fn record(&self) -> String {
        let Some(current) = &self.current else {
            return String::new();
        };
        let names: Vec<String> = self
            .seats
            .iter()
            .map(|seat| {
                seat.as_ref()
                    .map(|seat| seat.name.clone())
                    .unwrap_or_default()
            })
            .collect();
        let mut seat_names = SeatNames::NONE;
        for (player, name) in names.iter().enumerate() {
            // Names were checked when seated; a bot's is its spec.
            let _ = seat_names.set(player, name);
        }
        let mut record = current.record_header(Some(&seat_names)).to_string();
        record.push_str(&self.blocks);
        if !current.game().is_finished() {
            record.push_str(&current.game_record().to_string());
        }
        for cover in &self.covers {
            record.push_str(&format!(
                "# bot {} played for player {} in game {} from move {}\n",
                cover.bot,
                cover.player,
                cover.game,
                cover.from_ply + 1
            ));
        }
        record
    }
}
