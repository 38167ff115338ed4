//! The `--jsonl` loop shared by the commands: one JSON answer per input line, an error
//! object for a bad line, and exit 1 at the end if any line was bad.

use std::io::{BufRead, Write};
use std::process::ExitCode;

use crate::error::Failure;
use crate::lines::{read_line, Line};

/// Longest input line answered, in bytes: a whole deck of cards with room to spare. A
/// longer line gets an error answer, and is never held whole.
pub const MAX_LINE: usize = 1 << 20;

/// Answers every non-blank line of `input` with `answer(line)`, or `{"error":"line N: …"}`
/// when it fails; exit 1 if any line was bad, after answering all of them.
pub fn answer_lines(
    mut input: impl BufRead,
    out: &mut impl Write,
    mut answer: impl FnMut(&[u8], &mut String) -> Result<(), String>,
) -> Result<ExitCode, Failure> {
    let mut line = Vec::new();
    let mut number = 0usize;
    let mut any_bad = false;
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
        text.clear();
        let answered = if read == Line::TooLong {
            Err(format!("longer than {MAX_LINE} bytes"))
        } else {
            answer(&line, &mut text)
        };
        if let Err(message) = answered {
            any_bad = true;
            text.clear();
            let error = serde_json::json!({ "error": format!("line {number}: {message}") });
            text.push_str(&error.to_string());
        }
        writeln!(out, "{text}")?;
    }
    out.flush()?;
    Ok(if any_bad {
        ExitCode::FAILURE
    } else {
        ExitCode::SUCCESS
    })
}

/// One input line as the JSON object `T`. JSON text is UTF-8: a line that is not is refused
/// here, before serde_json, which would let bad bytes pass in the keys it skips.
pub fn parse_line<T: serde::de::DeserializeOwned>(line: &[u8]) -> Result<T, String> {
    let text = std::str::from_utf8(line).map_err(|error| {
        format!(
            "not UTF-8 text: invalid byte at column {}",
            error.valid_up_to() + 1
        )
    })?;
    serde_json::from_str(text).map_err(|error| json_error(&error))
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

    /// Answers each line with its length, through [`answer_lines`].
    fn lengths(input: &[u8]) -> (String, ExitCode) {
        let mut out = Vec::new();
        let exit = answer_lines(input, &mut out, |line, answer| {
            answer.push_str(&line.len().to_string());
            Ok(())
        })
        .unwrap();
        (String::from_utf8(out).unwrap(), exit)
    }

    #[test]
    fn a_line_of_1_mib_is_answered_and_one_byte_more_is_an_error() {
        let mut longest = vec![b'x'; MAX_LINE];
        longest.push(b'\n');
        let with_newline = MAX_LINE + 1;
        assert_eq!(
            lengths(&longest),
            (format!("{with_newline}\n"), ExitCode::SUCCESS)
        );
        let mut too_long = vec![b'x'; MAX_LINE + 1];
        too_long.extend_from_slice(b"\nok\n");
        assert_eq!(
            lengths(&too_long),
            (
                "{\"error\":\"line 1: longer than 1048576 bytes\"}\n3\n".to_string(),
                ExitCode::FAILURE
            )
        );
    }
}
