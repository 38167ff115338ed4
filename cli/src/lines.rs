//! Reading input with a bound on memory: a line or a file too long for what it should hold
//! is refused instead of read whole (`/dev/zero` never ends, and has no newline).

use std::io::{self, BufRead, Read};

/// What [`read_line`] found.
#[derive(Debug, PartialEq, Eq)]
pub enum Line {
    /// The input has ended.
    End,
    /// A line, in the buffer, with its `\n` if it had one.
    Read,
    /// A line longer than the limit: its start is in the buffer, the rest was skipped.
    TooLong,
}

/// Reads one line into `line` (cleared first): at most `max` bytes besides its `\n`. A
/// longer line leaves its first `max` bytes in `line`; the rest is skipped, not kept.
pub fn read_line(input: &mut impl BufRead, line: &mut Vec<u8>, max: usize) -> io::Result<Line> {
    line.clear();
    if input.take(max as u64 + 1).read_until(b'\n', line)? == 0 {
        return Ok(Line::End);
    }
    if line.ends_with(b"\n") || line.len() <= max {
        return Ok(Line::Read);
    }
    line.truncate(max);
    loop {
        let buffer = input.fill_buf()?;
        if buffer.is_empty() {
            break;
        }
        if let Some(end) = buffer.iter().position(|&byte| byte == b'\n') {
            input.consume(end + 1);
            break;
        }
        let length = buffer.len();
        input.consume(length);
    }
    Ok(Line::TooLong)
}

/// All of `input` as UTF-8 text, or an error if it holds more than `max` bytes.
pub fn read_text(input: impl Read, max: usize) -> io::Result<String> {
    let mut bytes = Vec::new();
    input.take(max as u64 + 1).read_to_end(&mut bytes)?;
    if bytes.len() > max {
        return Err(io::Error::other(format!(
            "larger than {} MiB, too large to read",
            max >> 20
        )));
    }
    String::from_utf8(bytes).map_err(|_| {
        io::Error::new(
            io::ErrorKind::InvalidData,
            "stream did not contain valid UTF-8",
        )
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn lines(input: &[u8], max: usize) -> Vec<(Line, String)> {
        let mut input = io::BufReader::with_capacity(4, input);
        let mut line = Vec::new();
        let mut found = Vec::new();
        loop {
            let kind = read_line(&mut input, &mut line, max).unwrap();
            if kind == Line::End {
                return found;
            }
            found.push((kind, String::from_utf8_lossy(&line).into_owned()));
        }
    }

    #[test]
    fn long_lines_are_cut_and_skipped() {
        assert_eq!(
            lines(b"abc\n12345678901\nxy\n", 8),
            [
                (Line::Read, "abc\n".to_string()),
                (Line::TooLong, "12345678".to_string()),
                (Line::Read, "xy\n".to_string()),
            ]
        );
        assert_eq!(
            lines(b"12345678\n1234567\n12345678", 8),
            [
                (Line::Read, "12345678\n".to_string()),
                (Line::Read, "1234567\n".to_string()),
                (Line::Read, "12345678".to_string()),
            ]
        );
        assert_eq!(
            lines(b"123456789", 8),
            [(Line::TooLong, "12345678".to_string())]
        );
    }

    #[test]
    fn text_past_the_limit_is_refused() {
        assert_eq!(read_text(&b"abc"[..], 3).unwrap(), "abc");
        assert!(read_text(&b"abcd"[..], 3).is_err());
    }
}
