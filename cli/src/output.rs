//! Shared output helpers: a buffered stdout and plain-text tables.

use std::io::{self, BufWriter, StdoutLock};

/// Buffered, locked stdout: commands print many small lines, and the caller flushes once
/// at the end (a flush error, like a closed pipe, is then reported instead of panicking).
pub fn stdout() -> BufWriter<StdoutLock<'static>> {
    BufWriter::new(io::stdout().lock())
}

/// A count and its noun, the noun plural unless the count is one: `1 game`, `2 games`.
pub fn count(count: u64, noun: &str) -> String {
    let plural = if count == 1 { "" } else { "s" };
    format!("{count} {noun}{plural}")
}

/// How a column lines up.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Align {
    Left,
    Right,
}

/// A text table with a header row, columns padded to their widest cell.
#[derive(Debug)]
pub struct Table {
    columns: Vec<(String, Align)>,
    rows: Vec<Vec<String>>,
}

impl Table {
    pub fn new(columns: &[(&str, Align)]) -> Table {
        Table {
            columns: columns
                .iter()
                .map(|&(name, align)| (name.to_string(), align))
                .collect(),
            rows: Vec::new(),
        }
    }

    /// Adds a row; missing cells print empty, extra cells are dropped.
    pub fn row(&mut self, cells: Vec<String>) {
        self.rows.push(cells);
    }

    /// The table as lines, two spaces between columns, no trailing spaces.
    pub fn render(&self) -> String {
        // Widths in characters, not bytes: cells hold `±`.
        let widths: Vec<usize> = (0..self.columns.len())
            .map(|column| {
                self.rows
                    .iter()
                    .map(|row| cell(row, column).chars().count())
                    .chain([self.columns[column].0.chars().count()])
                    .max()
                    .unwrap_or(0)
            })
            .collect();
        let header: Vec<String> = self.columns.iter().map(|c| c.0.clone()).collect();
        let mut text = String::new();
        for row in [&header].into_iter().chain(&self.rows) {
            let mut line = String::new();
            for (column, (&(_, align), &width)) in self.columns.iter().zip(&widths).enumerate() {
                if column > 0 {
                    line.push_str("  ");
                }
                let value = cell(row, column);
                let pad = " ".repeat(width - value.chars().count());
                match align {
                    Align::Left => {
                        line.push_str(value);
                        line.push_str(&pad);
                    }
                    Align::Right => {
                        line.push_str(&pad);
                        line.push_str(value);
                    }
                }
            }
            text.push_str(line.trim_end());
            text.push('\n');
        }
        text
    }
}

fn cell(row: &[String], column: usize) -> &str {
    row.get(column).map_or("", String::as_str)
}

/// Prints a command's report on stdout: one JSON line with `json`, else the text `table`
/// makes, and flushes.
pub fn print_report(
    json: bool,
    report: &impl serde::Serialize,
    table: impl FnOnce() -> String,
) -> Result<(), crate::error::Failure> {
    use std::io::Write;
    let mut out = stdout();
    if json {
        let line = serde_json::to_string(report)
            .map_err(|error| crate::error::Failure::Runtime(format!("JSON: {error}")))?;
        writeln!(out, "{line}")?;
    } else {
        write!(out, "{}", table())?;
    }
    out.flush()?;
    Ok(())
}

/// Characters `text` shows on a terminal: ANSI colour codes (`\x1b[31m`) take no room.
fn visible_width(text: &str) -> usize {
    let mut width = 0;
    let mut in_code = false;
    for c in text.chars() {
        match (in_code, c) {
            (false, '\x1b') => in_code = true,
            (false, _) => width += 1,
            (true, 'm') => in_code = false,
            (true, _) => {}
        }
    }
    width
}

/// `text` in lines of at most `width` characters on screen, broken between words: the
/// first line after `first`, the others after `rest`. A word longer than a line gets a line
/// to itself.
pub fn wrap_words(text: &str, first: &str, rest: &str, width: usize) -> String {
    let mut wrapped = String::new();
    let mut line = first.to_string();
    let mut empty = true;
    for word in text.split_whitespace() {
        if !empty && visible_width(&line) + 1 + visible_width(word) > width {
            wrapped.push_str(&line);
            wrapped.push('\n');
            line = rest.to_string();
            empty = true;
        }
        if !empty {
            line.push(' ');
        }
        line.push_str(word);
        empty = false;
    }
    wrapped.push_str(&line);
    wrapped.push('\n');
    wrapped
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn words_wrap_within_the_width() {
        assert_eq!(
            wrap_words("one two three four", "- ", "  ", 10),
            "- one two\n  three\n  four\n"
        );
        assert_eq!(wrap_words("a ∑∑∑∑∑∑∑∑ b", "", "", 8), "a\n∑∑∑∑∑∑∑∑\nb\n");
        // Colour takes no room: `5♥ and` fits in 6 columns.
        assert_eq!(
            wrap_words("\x1b[31m5♥\x1b[0m and more", "", "", 6),
            "\x1b[31m5♥\x1b[0m and\nmore\n"
        );
    }

    #[test]
    fn pads_by_characters_and_aligns() {
        let mut table = Table::new(&[("bot", Align::Left), ("points", Align::Right)]);
        table.row(vec!["random".into(), "1.0 ± 0.1".into()]);
        table.row(vec!["r".into(), "12.5 ± 0.25".into()]);
        assert_eq!(
            table.render(),
            "bot          points\nrandom    1.0 ± 0.1\nr       12.5 ± 0.25\n"
        );
    }
}
