//! The conversation with the person: lines out, prompts, and lines in.
//!
//! When standard input is not a terminal (a script, a pipe), each line read is echoed after
//! its prompt, so the output reads like the session it was.

use std::io::{self, BufRead, Write};

use super::display::Style;
use crate::lines::{read_line, Line};

/// Longest line kept from the person, in bytes; the rest of a longer line is skipped.
const MAX_LINE: usize = 4096;

/// Why the game stops before its end.
#[derive(Debug)]
pub enum Halt {
    /// The person typed `quit`.
    Quit,
    /// Standard input ended.
    Eof,
    /// Reading or writing failed.
    Io(io::Error),
    /// Something that cannot happen did (a bot's move refused by the rules).
    Bug(String),
}

impl From<io::Error> for Halt {
    fn from(error: io::Error) -> Halt {
        Halt::Io(error)
    }
}

/// Standard input and output, and how to print.
pub struct Console<R, W> {
    input: R,
    out: W,
    echo: bool,
    pub style: Style,
}

impl<R: BufRead, W: Write> Console<R, W> {
    /// `echo`: repeat each line read (for input that is not typed at a terminal).
    pub fn new(input: R, out: W, style: Style, echo: bool) -> Self {
        Console {
            input,
            out,
            echo,
            style,
        }
    }

    /// Prints `text` and a new line, at once (the person follows the game as it goes).
    pub fn say(&mut self, text: &str) -> io::Result<()> {
        writeln!(self.out, "{text}")?;
        self.out.flush()
    }

    /// Prints `text` as it is (it ends with its own new line).
    pub fn show(&mut self, text: &str) -> io::Result<()> {
        write!(self.out, "{text}")?;
        self.out.flush()
    }

    /// Shows `prompt` and reads a line, without its line ending; `Halt::Eof` at the end.
    pub fn ask(&mut self, prompt: &str) -> Result<String, Halt> {
        write!(self.out, "{} ", self.style.bold(prompt))?;
        self.out.flush()?;
        let mut bytes = Vec::new();
        if read_line(&mut self.input, &mut bytes, MAX_LINE)? == Line::End {
            self.say("")?;
            return Err(Halt::Eof);
        }
        let line = String::from_utf8_lossy(&bytes);
        let line = line.trim_end_matches(['\n', '\r']).to_string();
        if self.echo {
            self.say(&line)?;
        }
        Ok(line)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_long_line_is_cut_not_kept_whole() {
        let mut input = "x".repeat(MAX_LINE * 4);
        input.push_str("\nquit\n");
        let mut out = Vec::new();
        let mut console = Console::new(input.as_bytes(), &mut out, Style::PLAIN, false);
        assert_eq!(console.ask("Your move>").unwrap(), "x".repeat(MAX_LINE));
        assert_eq!(console.ask("Your move>").unwrap(), "quit");
    }

    #[test]
    fn a_line_of_4096_bytes_is_kept_and_one_byte_more_is_cut() {
        let longest = "x".repeat(MAX_LINE);
        let input = format!("{longest}\n{longest}y\nquit\n");
        let mut out = Vec::new();
        let mut console = Console::new(input.as_bytes(), &mut out, Style::PLAIN, false);
        assert_eq!(console.ask("Your move>").unwrap(), longest);
        assert_eq!(console.ask("Your move>").unwrap(), longest);
        assert_eq!(console.ask("Your move>").unwrap(), "quit");
    }

    #[test]
    fn echoes_piped_lines_and_stops_at_the_end() {
        let mut out = Vec::new();
        {
            let mut console = Console::new(&b"7 3 4\r\n"[..], &mut out, Style::PLAIN, true);
            assert_eq!(console.ask("Your move>").unwrap(), "7 3 4");
            assert!(matches!(console.ask("Your move>"), Err(Halt::Eof)));
        }
        assert_eq!(
            String::from_utf8(out).unwrap(),
            "Your move> 7 3 4\nYour move> \n"
        );
    }
}
