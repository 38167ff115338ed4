//! Reading a game record from a file or stdin, for the commands that take one.

use tablic_core::Game;

use crate::error::Failure;
use crate::lines;

/// Largest record file read, in bytes: a game's record takes a few KiB, so this holds many
/// thousands of them, and an endless input (`/dev/zero`) is refused instead of read whole.
pub const MAX_FILE: usize = 64 << 20;

/// The text of `path` (`-`: stdin), at most [`MAX_FILE`] bytes; a usage error naming the
/// file when it cannot be read.
pub fn read_text(path: &str) -> Result<String, Failure> {
    let read = if path == "-" {
        lines::read_text(std::io::stdin().lock(), MAX_FILE)
    } else {
        std::fs::File::open(path).and_then(|file| lines::read_text(file, MAX_FILE))
    };
    let name = if path == "-" { "stdin" } else { path };
    read.map_err(|error| Failure::Usage(format!("{name}: {error}")))
}

/// The game recorded in `path` (`-`: stdin), replayed and checked by the core. A file that
/// cannot be read or is not a valid record is a usage error naming the file.
pub fn read_game(path: &str) -> Result<Game, Failure> {
    let text = read_text(path)?;
    let name = if path == "-" { "stdin" } else { path };
    Game::from_record(&text).map_err(|error| Failure::Usage(format!("{name}: {error}")))
}
