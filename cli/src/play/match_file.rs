//! A match's record on disk, kept up to date as the match goes so that `--resume` can go
//! on from the last move: the header, the block of every finished game, and the block of
//! the game in play. Each write goes to a temporary file in the same folder, renamed over
//! the record, so that a crash leaves the last whole record and never half of one.

use std::ffi::OsString;
use std::fs::OpenOptions;
use std::io;
use std::path::{Path, PathBuf};

use tablic_core::game::match_to_target::MatchToTarget;

/// Most files tried for a record nobody named (`tablic-match-SEED-K.txt`).
const MAX_DEFAULT_NAMES: u32 = 1000;

/// Where a match's record goes, and its text but the game in play.
#[derive(Debug)]
pub struct MatchFile {
    /// `--save`, the resumed record, or, when none was named, the file chosen at a stop.
    path: Option<PathBuf>,
    /// The header and the finished games' blocks.
    finished: String,
}

impl MatchFile {
    /// A new match's record: nothing yet but its `header`.
    pub fn new(path: Option<PathBuf>, header: String) -> MatchFile {
        MatchFile {
            path,
            finished: header,
        }
    }

    /// The record `text` of the match `played` was read from, to be kept in `path`: the
    /// text before the block of the game in play (its last `game N` line) stands as it is.
    pub fn resumed(path: PathBuf, text: &str, played: &MatchToTarget) -> MatchFile {
        let in_play = format!("game {}", played.game_number());
        let mut start = 0;
        let mut block = text.len();
        for line in text.split_inclusive('\n') {
            if line.split_whitespace().eq(in_play.split_whitespace()) {
                block = start;
            }
            start += line.len();
        }
        let mut finished = text[..block].to_string();
        if !finished.is_empty() && !finished.ends_with('\n') {
            finished.push('\n');
        }
        MatchFile {
            path: Some(path),
            finished,
        }
    }

    /// Where the record is kept, if anywhere yet.
    pub fn path(&self) -> Option<&Path> {
        self.path.as_deref()
    }

    /// The game in play of `played` is over: its block joins the finished ones.
    pub fn game_over(&mut self, played: &MatchToTarget) {
        self.finished.push_str(&played.game_record().to_string());
    }

    /// Writes the whole record of `played`, if it has a file.
    pub fn write(&self, played: &MatchToTarget) -> io::Result<()> {
        let Some(path) = &self.path else {
            return Ok(());
        };
        let text = format!("{}{}", self.finished, played.game_record());
        let mut temporary = OsString::from(path.as_os_str());
        temporary.push(".tmp");
        std::fs::write(&temporary, text)?;
        std::fs::rename(&temporary, path)
    }

    /// Writes the record of `played` at a stop, to a new file in the current folder
    /// (`tablic-match-SEED.txt`) when none was named, and says where.
    pub fn keep(&mut self, played: &MatchToTarget) -> io::Result<&Path> {
        if self.path.is_none() {
            self.path = Some(new_default_file(played.seed())?);
        }
        self.write(played)?;
        Ok(self.path.as_deref().expect("a file was chosen"))
    }
}

/// Claims `tablic-match-SEED.txt`, or `tablic-match-SEED-2.txt`… when it is taken.
fn new_default_file(seed: u64) -> io::Result<PathBuf> {
    for attempt in 1..=MAX_DEFAULT_NAMES {
        let name = if attempt == 1 {
            format!("tablic-match-{seed}.txt")
        } else {
            format!("tablic-match-{seed}-{attempt}.txt")
        };
        match OpenOptions::new().write(true).create_new(true).open(&name) {
            Ok(_) => return Ok(PathBuf::from(name)),
            Err(error) if error.kind() == io::ErrorKind::AlreadyExists => continue,
            Err(error) => return Err(error),
        }
    }
    Err(io::Error::new(
        io::ErrorKind::AlreadyExists,
        format!("tablic-match-{seed}-{MAX_DEFAULT_NAMES}.txt and the names before it are taken"),
    ))
}

#[cfg(test)]
mod tests {
    use super::*;
    use tablic_core::{PlayerCount, Rules};

    /// A match to 30 of two, its first game played to the end by first legal moves and
    /// `moves` more moves into the second.
    fn match_at(moves: usize) -> (MatchToTarget, String) {
        let mut played = MatchToTarget::new(PlayerCount::TWO, Rules::ORIGINAL, 30, 7).unwrap();
        let mut text = played.record_header(None).to_string();
        let first_move = |played: &MatchToTarget| {
            let mut first = None;
            played.game().for_each_legal_move(|legal| {
                first.get_or_insert(legal);
            });
            first.unwrap()
        };
        while !played.game().is_finished() {
            played.play(first_move(&played)).unwrap();
        }
        text.push_str(&played.game_record().to_string());
        played.next_game().unwrap();
        for _ in 0..moves {
            played.play(first_move(&played)).unwrap();
        }
        text.push_str(&played.game_record().to_string());
        (played, text)
    }

    #[test]
    fn a_resumed_record_keeps_all_but_the_game_in_play() {
        let (played, text) = match_at(3);
        let game_2 = text.find("game 2\n").unwrap();
        let file = MatchFile::resumed(PathBuf::from("unused"), &text, &played);
        assert_eq!(file.finished, text[..game_2]);
        // Written with Windows line endings, the same split.
        let crlf = text.replace('\n', "\r\n");
        let file = MatchFile::resumed(PathBuf::from("unused"), &crlf, &played);
        assert_eq!(file.finished, crlf[..crlf.find("game 2\r\n").unwrap()]);
    }

    #[test]
    fn a_write_replaces_the_whole_record_and_leaves_no_temporary_file() {
        let (played, text) = match_at(5);
        let path = std::env::temp_dir().join(format!("tablic-match-file-{}", std::process::id()));
        std::fs::write(&path, "an older and much longer record\n".repeat(100)).unwrap();
        let file = MatchFile::resumed(path.clone(), &text, &played);
        file.write(&played).unwrap();
        let written = std::fs::read_to_string(&path).unwrap();
        let mut temporary = OsString::from(path.as_os_str());
        temporary.push(".tmp");
        assert!(!Path::new(&temporary).exists());
        let _ = std::fs::remove_file(&path);
        assert_eq!(written, text);
    }
}
