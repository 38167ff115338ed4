//! The messages of the WebSocket API, version 1 (docs/ONLINE.md lists them): JSON text
//! frames, each an object whose `type` names it. Parsing never panics: bad input is a
//! [`Refusal`].

use serde::{Deserialize, Serialize};

/// The protocol version a `hello` answers with.
pub const PROTOCOL_VERSION: u32 = 1;

/// A message from a client.
#[derive(Clone, Debug, PartialEq, Eq, Deserialize)]
#[serde(tag = "type", rename_all = "kebab-case")]
pub enum ClientMsg {
    /// The listed tables.
    Lobby,
    /// A new table, with the sender in seat 0 as its creator.
    Create(CreateTable),
    /// A free seat at a table.
    Join {
        /// The invite's table id.
        table: String,
        /// The name shown to the others.
        name: String,
    },
    /// Watching a table that allows it.
    Watch {
        /// The table's id.
        table: String,
        /// The last event already seen, to be sent only the later ones.
        #[serde(default)]
        last_event: Option<u64>,
    },
    /// A seat back, by its token (the first message of a connection).
    Resume {
        /// The table's id.
        table: String,
        /// The seat's token.
        token: String,
        /// The last event already seen, to be sent only the later ones.
        #[serde(default)]
        last_event: Option<u64>,
    },
    /// The creator starts the match.
    Start {
        /// A level or bot for every empty seat; without it, every seat must be taken.
        #[serde(default)]
        fill: Option<String>,
    },
    /// A move, as a record writes it: the card, then the cards it captures (`7S 3H 4D`).
    Play {
        /// The move's text.
        #[serde(rename = "move")]
        played: String,
    },
    /// The person takes the seat back from the bot that played it while they were away.
    Back,
    /// The creator starts a new match with the same seats, once the match is over.
    Rematch,
}

/// What a new table is.
#[derive(Clone, Debug, PartialEq, Eq, Deserialize)]
pub struct CreateTable {
    /// The creator's name.
    pub name: String,
    /// 2, 3 or 4.
    pub players: usize,
    /// Four in two pairs, partners opposite.
    #[serde(default)]
    pub pairs: bool,
    /// House rules as the engine writes them (`leftovers=last-player final-tabla=no`).
    #[serde(default)]
    pub rules: String,
    /// A match to this many points (101 unless given).
    #[serde(default)]
    pub target: Option<u32>,
    /// One game only, not a match.
    #[serde(default)]
    pub one_game: bool,
    /// For each seat, a level or bot spec to seat a bot there, or null for a person.
    /// Seat 0 is the creator's.
    #[serde(default)]
    pub bots: Vec<Option<String>>,
    /// Shown in the lobby (otherwise only the invite finds it).
    #[serde(default)]
    pub listed: bool,
    /// Others may watch.
    #[serde(default)]
    pub spectators: bool,
}

/// Why a message changed nothing, as its `refused` frame's `code`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum RefusalCode {
    /// Not JSON, or not an object with the fields its type needs.
    BadMessage,
    /// A `type` this server does not know.
    UnknownMessage,
    /// A binary frame: the API speaks text.
    BinaryFrame,
    /// No table has this id (or it is closed).
    NoSuchTable,
    /// The token is not that of a seat at this table.
    BadToken,
    /// `resume` was not the connection's first message.
    ResumeNotFirst,
    /// Every seat is taken.
    TableFull,
    /// The match has started: no more seats.
    AlreadyStarted,
    /// The connection already has a seat or watches a table.
    AlreadySeated,
    /// The message needs a seat at a table.
    NotSeated,
    /// Only the creator may do this.
    NotCreator,
    /// It is another seat's turn.
    NotYourTurn,
    /// The move is not legal here (the message says why).
    IllegalMove,
    /// The move could not be read.
    BadMove,
    /// The table's settings are not possible (the message says why).
    BadTable,
    /// A name that is empty, too long, or has control characters or spaces around it.
    BadName,
    /// This table does not allow watching.
    NoSpectators,
    /// The server holds all the tables it may (a connection creates one: it sits there).
    TooManyTables,
    /// Not now: the match is not in the state this needs (the message says why).
    WrongPhase,
}

/// A message that changed nothing, with a sentence for people.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Refusal {
    /// The kind, for programs.
    pub code: RefusalCode,
    /// What was wrong, for people.
    pub message: String,
}

impl Refusal {
    /// A refusal of `code` saying `message`.
    pub fn new(code: RefusalCode, message: impl Into<String>) -> Refusal {
        Refusal {
            code,
            message: message.into(),
        }
    }
}

/// The message types a client may send, for telling an unknown type from a malformed one.
const CLIENT_TYPES: [&str; 9] = [
    "lobby", "create", "join", "watch", "resume", "start", "play", "back", "rematch",
];

/// Reads one text frame.
pub fn parse_client(text: &str) -> Result<ClientMsg, Refusal> {
    let value: serde_json::Value = serde_json::from_str(text)
        .map_err(|error| Refusal::new(RefusalCode::BadMessage, format!("not JSON: {error}")))?;
    let Some(kind) = value
        .get("type")
        .and_then(serde_json::Value::as_str)
        .map(String::from)
    else {
        return Err(Refusal::new(
            RefusalCode::BadMessage,
            "a message is an object with a string \"type\"",
        ));
    };
    if !CLIENT_TYPES.contains(&kind.as_str()) {
        let shown: String = kind.chars().take(32).collect();
        return Err(Refusal::new(
            RefusalCode::UnknownMessage,
            format!("no message of type {shown:?}"),
        ));
    }
    serde_json::from_value(value).map_err(|error| {
        Refusal::new(
            RefusalCode::BadMessage,
            shortened(&format!("{kind}: {error}")),
        )
    })
}

/// The most characters of a parser's message a refusal repeats: serde quotes the bad value,
/// and an attacker's long string is not worth sending back.
const MAX_QUOTED: usize = 200;

fn shortened(message: &str) -> String {
    let mut short: String = message.chars().take(MAX_QUOTED).collect();
    if short.len() < message.len() {
        short.push('…');
    }
    short
}

/// A `refused` frame.
pub fn refused_frame(refusal: &Refusal) -> String {
    serde_json::json!({
        "type": "refused",
        "code": refusal.code,
        "message": refusal.message,
    })
    .to_string()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_every_message_type() {
        assert_eq!(parse_client(r#"{"type":"lobby"}"#), Ok(ClientMsg::Lobby));
        assert_eq!(
            parse_client(r#"{"type":"play","move":"7S 3H 4D"}"#),
            Ok(ClientMsg::Play {
                played: "7S 3H 4D".into()
            })
        );
        let create = parse_client(
            r#"{"type":"create","name":"Ana","players":4,"pairs":true,"bots":[null,"easy",null,"hard"]}"#,
        );
        let Ok(ClientMsg::Create(create)) = create else {
            panic!("create not read: {create:?}")
        };
        assert_eq!(create.bots.len(), 4);
        assert_eq!(create.target, None);
        for kind in CLIENT_TYPES {
            let parsed = parse_client(&format!(r#"{{"type":"{kind}"}}"#));
            if let Err(refusal) = parsed {
                assert_eq!(refusal.code, RefusalCode::BadMessage, "{kind}");
            }
        }
    }

    #[test]
    fn tells_bad_from_unknown() {
        let code = |text: &str| parse_client(text).unwrap_err().code;
        assert_eq!(code("{"), RefusalCode::BadMessage);
        assert_eq!(code("[1]"), RefusalCode::BadMessage);
        assert_eq!(code(r#"{"type":7}"#), RefusalCode::BadMessage);
        assert_eq!(code(r#"{"type":"play"}"#), RefusalCode::BadMessage);
        assert_eq!(code(r#"{"type":"play","move":3}"#), RefusalCode::BadMessage);
        assert_eq!(code(r#"{"type":"fly"}"#), RefusalCode::UnknownMessage);
        let long = format!(r#"{{"type":"{}"}}"#, "x".repeat(5000));
        assert!(parse_client(&long).unwrap_err().message.len() < 100);
        let quoted = format!(r#"{{"type":"create","players":"{}"}}"#, "x".repeat(5000));
        let refusal = parse_client(&quoted).unwrap_err();
        assert_eq!(refusal.code, RefusalCode::BadMessage);
        assert!(refusal.message.len() < 400, "{}", refusal.message.len());
    }
}
