//! Reading a game record from a file or stdin, for the commands that take one.

use std::io::Read;

use tablic_core::Game;

use crate::error::Failure;

/// The game recorded in `path` (`-`: stdin), replayed and checked by the core. A file that
/// cannot be read or is not a valid record is a usage error naming the file.
pub fn read_game(path: &str) -> Result<Game, Failure> {
    let mut text = String::new();
    let read = if path == "-" {
        std::io::stdin().read_to_string(&mut text)
    } else {
        std::fs::File::open(path).and_then(|mut file| file.read_to_string(&mut text))
    };
    let name = if path == "-" { "stdin" } else { path };
    read.map_err(|error| Failure::Usage(format!("{name}: {error}")))?;
    Game::from_record(&text).map_err(|error| Failure::Usage(format!("{name}: {error}")))
}
