//! The referee's reading of what a bot writes (`PROTOCOL.md`), apart from any process: a
//! line read with its bounds, the handshake, and the answer to `go`. [`super::Engine`] feeds
//! these with its bot's output; the `engine_lines` fuzz target feeds them any bytes.

use std::io::{BufRead, Read};
use std::time::Duration;

use tablic_core::matches::Forfeit;
use tablic_core::{CardSet, Move};

/// The protocol's version, in the first line the referee sends.
pub const PROTOCOL_VERSION: u32 = 1;

/// Longest line a bot may write, in bytes, its `\n` included; a longer one is garbage.
pub const MAX_LINE: usize = 64 * 1024;

/// What went wrong, and the one-line reason.
pub type Failed = (Forfeit, String);

/// How a bot introduced itself.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Identity {
    pub name: String,
    pub version: Option<String>,
}

/// What waiting for a bot's next line gave.
#[derive(Debug, PartialEq, Eq)]
pub enum Heard {
    /// A line, without its line end.
    Line(String),
    /// Bytes that are not UTF-8, or a line longer than [`MAX_LINE`]: nothing more is read.
    Garbage(&'static str),
    /// End of output, or a read error.
    Closed,
    /// The deadline passed first.
    TimedOut,
}

/// Reads the next line of a bot's output. Not `lines::read_line`, which skips the rest of
/// a long line: a bot's garbage may never end, so the first [`MAX_LINE`] bytes decide.
pub fn read_heard(output: &mut impl BufRead) -> Heard {
    let mut buffer = Vec::new();
    match Read::take(&mut *output, MAX_LINE as u64).read_until(b'\n', &mut buffer) {
        Ok(0) | Err(_) => Heard::Closed,
        Ok(_) if !buffer.ends_with(b"\n") && buffer.len() == MAX_LINE => {
            Heard::Garbage("a line longer than 64 KiB")
        }
        Ok(_) => match String::from_utf8(buffer) {
            Ok(line) => Heard::Line(line.trim_end_matches(['\n', '\r']).into()),
            Err(_) => Heard::Garbage("bytes that are not UTF-8"),
        },
    }
}

/// The greeting after `tablic 1`: `id name …`, optional `id …` lines, then `ready`, each
/// line from `next`; `start_time` is the limit `next` waits within (for the reason).
pub fn handshake(
    mut next: impl FnMut() -> Heard,
    start_time: Duration,
) -> Result<Identity, Failed> {
    let mut identity = Identity::default();
    loop {
        let line = match next() {
            Heard::Line(line) => line,
            Heard::Garbage(what) => {
                return Err((Forfeit::Protocol, format!("bad handshake: wrote {what}")))
            }
            Heard::Closed => return Err((Forfeit::Crash, "closed its output at start-up".into())),
            Heard::TimedOut => {
                let ms = start_time.as_millis();
                return Err((
                    Forfeit::Timeout,
                    format!("not ready within {ms} ms of starting"),
                ));
            }
        };
        if ignored(&line) {
            continue;
        }
        let mut words = line.split_whitespace();
        match (words.next(), words.next()) {
            (Some("ready"), None) if !identity.name.is_empty() => return Ok(identity),
            (Some("ready"), None) => {
                return Err((
                    Forfeit::Protocol,
                    "bad handshake: `ready` before `id name`".into(),
                ))
            }
            (Some("id"), Some(key)) => {
                let value = words.collect::<Vec<_>>().join(" ");
                match key {
                    "name" if !value.is_empty() => identity.name = value,
                    "version" if !value.is_empty() => identity.version = Some(value),
                    "name" | "version" => {
                        return Err((
                            Forfeit::Protocol,
                            format!("bad handshake: {:?}", excerpt(&line)),
                        ))
                    }
                    // Other `id` keys (author, …) are allowed and ignored.
                    _ => {}
                }
            }
            _ => {
                return Err((
                    Forfeit::Protocol,
                    format!(
                        "bad handshake: expected `id name …` or `ready`, got {:?}",
                        excerpt(&line)
                    ),
                ))
            }
        }
    }
}

/// The answer to `go`: lines from `next` until the `play` line, skipping blank and `info`
/// lines; `move_time` is the limit `next` waits within (for the reason). Whether the move
/// is legal is the game's to say.
pub fn answer(mut next: impl FnMut() -> Heard, move_time: Duration) -> Result<Move, Failed> {
    loop {
        match next() {
            Heard::Line(line) if ignored(&line) => continue,
            Heard::Line(line) => return parse_play(&line),
            Heard::Garbage(what) => return Err((Forfeit::Protocol, format!("wrote {what}"))),
            Heard::Closed => return Err((Forfeit::Crash, "closed its output".into())),
            Heard::TimedOut => {
                let ms = move_time.as_millis();
                return Err((Forfeit::Timeout, format!("no move within {ms} ms")));
            }
        }
    }
}

/// Blank lines and `info …` lines may come at any time and mean nothing.
fn ignored(line: &str) -> bool {
    let line = line.trim();
    line.is_empty() || line == "info" || line.starts_with("info ")
}

/// `play CARD [CAPTURED…]`.
fn parse_play(line: &str) -> Result<Move, Failed> {
    let garbage = || {
        (
            Forfeit::Protocol,
            format!("expected `play CARD [CAPTURED…]`, got {:?}", excerpt(line)),
        )
    };
    let rest = line.trim().strip_prefix("play").ok_or_else(garbage)?;
    if !rest.is_empty() && !rest.starts_with(char::is_whitespace) {
        return Err(garbage());
    }
    let mut words = rest.split_whitespace();
    let card = words.next().ok_or_else(garbage)?.parse().map_err(|error| {
        (
            Forfeit::Protocol,
            format!("bad card in {:?}: {error}", excerpt(line)),
        )
    })?;
    let capture = words
        .collect::<Vec<_>>()
        .join(" ")
        .parse::<CardSet>()
        .map_err(|error| {
            (
                Forfeit::Protocol,
                format!("bad capture in {:?}: {error}", excerpt(line)),
            )
        })?;
    Ok(Move::new(card, capture))
}

/// At most 60 characters of what a bot wrote, for a reason line.
fn excerpt(line: &str) -> String {
    let mut text: String = line.chars().take(60).collect();
    if line.chars().count() > 60 {
        text.push('…');
    }
    text
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn play_lines_parse_in_the_cores_notation() {
        let played = parse_play("play 7S 3H 4D").unwrap();
        assert_eq!(played.to_string(), "7S 3H 4D");
        assert_eq!(parse_play("  play  10d ").unwrap().to_string(), "10D");
        for bad in ["", "playKS", "move 7S", "play", "play 1X", "play 7S 3H 3H"] {
            let (forfeit, _) = parse_play(bad).unwrap_err();
            assert_eq!(forfeit, Forfeit::Protocol, "{bad:?}");
        }
    }

    fn heard_all(mut output: &[u8]) -> Vec<Heard> {
        let mut heard = Vec::new();
        loop {
            let next = read_heard(&mut output);
            let stop = !matches!(next, Heard::Line(_));
            heard.push(next);
            if stop {
                return heard;
            }
        }
    }

    #[test]
    fn a_line_of_64_kib_is_read_and_one_byte_more_is_garbage() {
        let longest = format!("info {}\n", "x".repeat(MAX_LINE - 6));
        assert_eq!(longest.len(), MAX_LINE);
        assert_eq!(
            heard_all(longest.as_bytes()),
            [Heard::Line(longest.trim_end().into()), Heard::Closed]
        );
        let too_long = format!("info {}\n", "x".repeat(MAX_LINE - 5));
        assert_eq!(
            heard_all(too_long.as_bytes()),
            [Heard::Garbage("a line longer than 64 KiB")]
        );
        assert_eq!(
            heard_all(b"ready\r\n\xff\n"),
            [
                Heard::Line("ready".into()),
                Heard::Garbage("bytes that are not UTF-8")
            ]
        );
    }

    #[test]
    fn handshake_and_answer_read_until_their_line() {
        let mut output: &[u8] =
            b"info hi\nid name Bot  One\nid author x\n\nready\ninfo d\nplay 7S\n";
        let mut next = || read_heard(&mut output);
        let limit = Duration::from_millis(5);
        let identity = handshake(&mut next, limit).unwrap();
        assert_eq!(identity.name, "Bot One");
        assert_eq!(identity.version, None);
        assert_eq!(answer(&mut next, limit).unwrap().to_string(), "7S");
        assert_eq!(
            answer(&mut next, limit).unwrap_err(),
            (Forfeit::Crash, "closed its output".to_string())
        );
        assert_eq!(
            handshake(|| Heard::TimedOut, limit).unwrap_err(),
            (Forfeit::Timeout, "not ready within 5 ms of starting".into())
        );
        let (forfeit, reason) = handshake(|| Heard::Line("ready".into()), limit).unwrap_err();
        assert_eq!(
            (forfeit, reason.as_str()),
            (Forfeit::Protocol, "bad handshake: `ready` before `id name`")
        );
    }
}
