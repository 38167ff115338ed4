//! `tablic rules`: the rules of the game, `docs/RULES.md`, printed for a terminal.
//!
//! The page is compiled in, so the command and the repository's page are one text. Its
//! Markdown stays simple enough to print as plain text: headings underlined, paragraphs and
//! list items rewrapped to 80 columns, tables aligned, inline marks (`code`, *emphasis*)
//! dropped. The page marks what only the command line concerns (its options, this command)
//! between `<!-- cli -->` and `<!-- /cli -->`: the web page's build drops those parts, and
//! the command keeps them, without the marks.

use std::io::Write;
use std::process::ExitCode;

use clap::Args;

use crate::error::Failure;
use crate::output::{self, Align, Table};

/// The rules page, as the repository holds it.
const RULES: &str = include_str!("../../docs/RULES.md");

/// The marks around the parts of the page for command-line users alone.
const COMMAND_LINE_MARKS: [&str; 2] = ["<!-- cli -->", "<!-- /cli -->"];

/// Columns the text is wrapped to.
const WIDTH: usize = 80;

/// Print the rules of tablić as this engine plays them: the cards, the deal for every
/// number of players, captures with examples, tablas and scoring.
#[derive(Args, Debug)]
pub struct RulesArgs {}

/// Runs `tablic rules`.
pub fn run(_args: &RulesArgs) -> Result<ExitCode, Failure> {
    let mut out = output::stdout();
    out.write_all(render(RULES).as_bytes())?;
    out.flush()?;
    Ok(ExitCode::SUCCESS)
}

/// The page as plain text: its blocks (separated by blank lines) one after another, a
/// blank line between them.
fn render(markdown: &str) -> String {
    let markdown = COMMAND_LINE_MARKS
        .iter()
        .fold(markdown.to_string(), |text, mark| text.replace(mark, ""));
    let mut blocks = Vec::new();
    let mut block: Vec<&str> = Vec::new();
    for line in markdown.lines().chain([""]) {
        if !line.trim().is_empty() {
            block.push(line);
        } else if !block.is_empty() {
            blocks.push(render_block(&block));
            block.clear();
        }
    }
    blocks.join("\n")
}

/// One block: a heading, a table, a list, or a paragraph.
fn render_block(lines: &[&str]) -> String {
    let first = lines[0];
    if let Some(title) = first.strip_prefix("# ") {
        underlined(title, '=')
    } else if let Some(title) = first.strip_prefix("## ") {
        underlined(title, '-')
    } else if first.starts_with('|') {
        table(lines)
    } else if list_item(first).is_some() {
        list(lines)
    } else {
        wrap(&lines.join(" "), "", "")
    }
}

/// A heading and a line of `mark` as long as it.
fn underlined(title: &str, mark: char) -> String {
    let title = plain(title);
    let rule = mark.to_string().repeat(title.chars().count());
    format!("{title}\n{rule}\n")
}

/// A list item's line, `- text` (or `  - text` nested): the indent of its text, and the text.
fn list_item(line: &str) -> Option<(usize, &str)> {
    let unindented = line.trim_start();
    let text = unindented.strip_prefix("- ")?;
    Some((line.len() - text.len(), text))
}

/// List items, each rewrapped under its marker; a line without one continues the item
/// before (the block starts with an item).
fn list(lines: &[&str]) -> String {
    let mut items: Vec<(usize, String)> = Vec::new();
    for line in lines {
        match (list_item(line), items.last_mut()) {
            (Some((indent, text)), _) => items.push((indent, text.to_string())),
            (None, Some((_, text))) => {
                text.push(' ');
                text.push_str(line.trim());
            }
            (None, None) => {}
        }
    }
    items
        .iter()
        .map(|(indent, text)| {
            let marker = format!("{}- ", " ".repeat(indent - 2));
            wrap(text, &marker, &" ".repeat(*indent))
        })
        .collect()
}

/// A Markdown table with its columns aligned; the `|---|` row becomes a row of dashes.
fn table(lines: &[&str]) -> String {
    let rows: Vec<Vec<String>> = lines
        .iter()
        .map(|line| {
            let inner = line.trim().trim_start_matches('|').trim_end_matches('|');
            inner.split('|').map(plain).collect()
        })
        .collect();
    let columns = rows.iter().map(Vec::len).max().unwrap_or(0);
    let widths: Vec<usize> = (0..columns)
        .map(|column| {
            rows.iter()
                .filter(|row| !is_rule(row))
                .filter_map(|row| row.get(column))
                .map(|cell| cell.chars().count())
                .max()
                .unwrap_or(0)
        })
        .collect();
    // The header is the first row: `Table` prints its (empty) column names as a blank
    // first line, which is dropped.
    let mut text = Table::new(&vec![("", Align::Left); columns]);
    for row in rows {
        if is_rule(&row) {
            text.row(widths.iter().map(|&width| "-".repeat(width)).collect());
        } else {
            text.row(row);
        }
    }
    let rendered = text.render();
    rendered
        .split_once('\n')
        .map_or("", |(_, rows)| rows)
        .to_string()
}

/// A table's `---` row, under the header.
fn is_rule(row: &[String]) -> bool {
    row.iter()
        .all(|cell| !cell.is_empty() && cell.chars().all(|c| matches!(c, '-' | ':')))
}

/// Text without Markdown's inline marks.
fn plain(text: &str) -> String {
    text.trim().replace(['*', '`'], "")
}

/// `text` (marks dropped) in lines of at most `WIDTH` columns, the first after `first`, the
/// rest after `rest`.
fn wrap(text: &str, first: &str, rest: &str) -> String {
    output::wrap_words(&plain(text), first, rest, WIDTH)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn blocks_print_as_plain_text() {
        let markdown = "# Title\n\nA *word* and `code`\nrejoined.\n\n## Part\n\n\
                        | a | bb |\n|---|---|\n| ccc | d |\n\n- one\n  two\n  - nested\n";
        assert_eq!(
            render(markdown),
            "Title\n=====\n\nA word and code rejoined.\n\nPart\n----\n\n\
             a    bb\n---  --\nccc  d\n\n- one two\n  - nested\n"
        );
    }

    #[test]
    fn long_lines_wrap_under_their_marker() {
        let words = "word ".repeat(30);
        let text = list(&[&format!("- {words}")]);
        let lines: Vec<&str> = text.lines().collect();
        assert_eq!(lines.len(), 2);
        // 15 words and their spaces after "- ": a 16th would pass 80 columns.
        assert_eq!(lines[0].len(), 2 + 15 * 5 - 1);
        assert!(lines[0].starts_with("- word"));
        assert!(lines[1].starts_with("  word"));
        assert!(text.lines().all(|line| line.chars().count() <= WIDTH));
    }

    #[test]
    fn the_page_fits_the_width() {
        let text = render(RULES);
        assert!(text.starts_with("The rules of tablić\n===================\n"));
        let widest = text.lines().map(|line| line.chars().count()).max();
        assert!(widest <= Some(WIDTH), "{text}");
    }
}
