//! The `--jsonl` loop shared by the commands: one JSON answer per input line, an error
//! object for a bad line, and at the end, if any line was bad, one `error:` line on stderr
//! and exit 2, as for any bad input.

use std::io::{BufRead, Write};
use std::process::ExitCode;

use crate::error::Failure;
use crate::lines::{read_line, Line};
use crate::output::count;

/// Longest input line answered, in bytes: a whole deck of cards with room to spare. A
/// longer line gets an error answer, and is never held whole.
pub const MAX_LINE: usize = 1 << 20;

/// Answers every non-blank line of `input` with `answer(line)`, or `{"error":"line N: …"}`
/// when it fails. When any line was bad, a usage error once every line is answered, naming
/// the first and counting them: `line 3: … (2 bad lines of 5)`.
pub fn answer_lines(
    mut input: impl BufRead,
    out: &mut impl Write,
    mut answer: impl FnMut(&[u8], &mut String) -> Result<(), String>,
) -> Result<ExitCode, Failure> {
    let mut line = Vec::new();
    let mut number = 0usize;
    let (mut answered, mut bad) = (0u64, 0u64);
    let mut first_error = None;
    let mut text = String::new();
    loop {
        let read = read_line(&mut input, &mut line, MAX_LINE)
            .map_err(|error| Failure::Runtime(format!("reading stdin: {error}")))?;
        if read == Line::End {
            break;
        }
        number += 1;
        if read == Line::Read && line.iter().all(u8::is_ascii_whitespace) {
            continue;
        }
        answered += 1;
        text.clear();
        let answered_line = if read == Line::TooLong {
            Err(format!("longer than {MAX_LINE} bytes"))
        } else {
            answer(&line, &mut text)
        };
        if let Err(message) = answered_line {
            bad += 1;
            let message = format!("line {number}: {message}");
            text.clear();
            text.push_str(&serde_json::json!({ "error": message }).to_string());
            first_error.get_or_insert(message);
        }
        writeln!(out, "{text}")?;
    }
    out.flush()?;
    match first_error {
        None => Ok(ExitCode::SUCCESS),
        Some(first) => Err(Failure::Usage(format!(
            "{first} ({} of {answered})",
            count(bad, "bad line")
        ))),
    }
}

/// One input line as the JSON object `T`. JSON text is UTF-8: a line that is not is refused
/// here, before serde_json, which would let bad bytes pass in the keys it skips.
pub fn parse_line<T: serde::de::DeserializeOwned>(line: &[u8]) -> Result<T, String> {
    serde_json::from_str(line_text(line)?).map_err(|error| json_error(&error))
}

/// One input line as text, or where it stops being UTF-8.
pub fn line_text(line: &[u8]) -> Result<&str, String> {
    std::str::from_utf8(line).map_err(|error| {
        format!(
            "not UTF-8 text: invalid byte at column {}",
            error.valid_up_to() + 1
        )
    })
}

/// serde_json's message, without its "at line 1" (the input line is one JSON text).
fn json_error(error: &serde_json::Error) -> String {
    let message = error.to_string();
    let suffix = format!(" at line {} column {}", error.line(), error.column());
    let message = match message.strip_suffix(&suffix) {
        Some(bare) => format!("{bare} at column {}", error.column()),
        None => message,
    };
    if error.is_syntax() || error.is_eof() {
        format!("invalid JSON: {message}")
    } else {
        message
    }
}

/// A JSON list of card names as a set: `field` names it in errors (`table card 2: …`,
/// `hand: card 3H appears twice`).
pub fn card_list(field: &str, names: &[String]) -> Result<tablic_core::CardSet, String> {
    let mut set = tablic_core::CardSet::EMPTY;
    for (position, text) in names.iter().enumerate() {
        let card: tablic_core::Card = text
            .parse()
            .map_err(|error| format!("{field} card {}: {error}", position + 1))?;
        if set.contains(card) {
            return Err(format!("{field}: card {card} appears twice"));
        }
        set = set.with(card);
    }
    Ok(set)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Answers each line with its length, through [`answer_lines`]: what it writes, and the
    /// usage error's message if any line was bad.
    fn lengths(input: &[u8]) -> (String, Option<String>) {
        let mut out = Vec::new();
        let outcome = answer_lines(input, &mut out, |line, answer| {
            if line.starts_with(b"bad") {
                return Err("bad".to_string());
            }
            answer.push_str(&line.len().to_string());
            Ok(())
        });
        let error = match outcome {
            Ok(exit) => {
                assert_eq!(exit, ExitCode::SUCCESS);
                None
            }
            Err(Failure::Usage(message)) => Some(message),
            Err(other) => panic!("{other:?}"),
        };
        (String::from_utf8(out).unwrap(), error)
    }

    #[test]
    fn a_line_of_1_mib_is_answered_and_one_byte_more_is_an_error() {
        let mut longest = vec![b'x'; MAX_LINE];
        longest.push(b'\n');
        let with_newline = MAX_LINE + 1;
        assert_eq!(lengths(&longest), (format!("{with_newline}\n"), None));
        let mut too_long = vec![b'x'; MAX_LINE + 1];
        too_long.extend_from_slice(b"\nok\n");
        assert_eq!(
            lengths(&too_long),
            (
                "{\"error\":\"line 1: longer than 1048576 bytes\"}\n3\n".to_string(),
                Some("line 1: longer than 1048576 bytes (1 bad line of 2)".to_string())
            )
        );
    }

    #[test]
    fn bad_lines_are_answered_then_the_first_is_the_error() {
        assert_eq!(
            lengths(b"ok\n\nbad 1\nok\nbad 2\n"),
            (
                "3\n{\"error\":\"line 3: bad\"}\n3\n{\"error\":\"line 5: bad\"}\n".to_string(),
                Some("line 3: bad (2 bad lines of 4)".to_string())
            )
        );
    }
}
