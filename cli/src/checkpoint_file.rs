//! `--checkpoint FILE` for `match` and `tournament`: the core's checkpoint
//! (`tablic_core::matches::checkpoint`) read when a run starts and written as its chunks
//! finish, so a run killed half way goes on when it is run again with the same arguments.
//!
//! A checkpoint is small (a few KiB) and is rewritten whole: into `FILE.tmp`, synced, then
//! renamed over `FILE`. A reader, or a run killed at any moment, finds either the old
//! checkpoint or the new one, never a mix; and the checksum inside catches a file damaged
//! by other hands. An append-only log would need no rename, but would grow with the run
//! and be read back line by line; one file is simpler and stays the same size.

use std::fs::File;
use std::io::{ErrorKind, Write};
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use clap::Args;
use tablic_core::matches::checkpoint::{read_checkpoint, write_checkpoint};
use tablic_core::matches::chunks::Chunks;
use tablic_core::matches::tally_text::TallyText;

use crate::error::Failure;

/// The checkpoint options of `match` and `tournament`.
#[derive(Args, Debug, Clone)]
pub struct CheckpointArgs {
    /// Keep the run's progress in FILE as it goes, and go on from FILE if it is there (run
    /// again with the same arguments); see docs/CHECKPOINTS.md.
    #[arg(long, value_name = "FILE")]
    checkpoint: Option<PathBuf>,

    /// Write the checkpoint at most this often, in seconds (0: after every chunk).
    #[arg(long, value_name = "SECONDS", default_value_t = 1.0, value_parser = parse_seconds,
          requires = "checkpoint")]
    checkpoint_every: f64,
}

fn parse_seconds(text: &str) -> Result<f64, String> {
    match text.trim().parse::<f64>() {
        Ok(seconds) if (0.0..=86_400.0).contains(&seconds) => Ok(seconds),
        _ => Err("expected seconds from 0 to 86400".into()),
    }
}

/// A run's checkpoint file: what the run is of, and when it was last written.
pub struct Checkpoint {
    path: PathBuf,
    /// The run's arguments as the checkpoint writes them.
    of: String,
    every: Duration,
    written: Option<Instant>,
}

impl CheckpointArgs {
    /// The checkpoint of the run whose arguments display as `of`, if one is asked for.
    pub fn open(
        &self,
        of: &dyn std::fmt::Display,
        has_engines: bool,
    ) -> Result<Option<Checkpoint>, Failure> {
        let Some(path) = &self.checkpoint else {
            return Ok(None);
        };
        if has_engines {
            return Err(Failure::Usage(
                "--checkpoint: a run with engines cannot be checkpointed (their forfeits are \
                 not kept)"
                    .into(),
            ));
        }
        Ok(Some(Checkpoint {
            path: path.clone(),
            of: of.to_string(),
            every: Duration::from_secs_f64(self.checkpoint_every),
            written: None,
        }))
    }
}

impl Checkpoint {
    /// The finished chunks of a run of `items` items and their tally, if the file is there;
    /// a damaged file, or one of another run, is an error and is left as it is.
    pub fn load<T: TallyText>(&self, items: u64) -> Result<Option<(Chunks, T)>, Failure> {
        let text = match std::fs::read_to_string(&self.path) {
            Ok(text) => text,
            Err(error) if error.kind() == ErrorKind::NotFound => return Ok(None),
            Err(error) => return Err(self.usage(&error)),
        };
        read_checkpoint(&text, &self.of, items)
            .map(Some)
            .map_err(|error| self.usage(&format!("{error} (the file is left as it is)")))
    }

    /// Writes the checkpoint if it is due (or `now`): `chunks` finished, with `tally`.
    pub fn save(
        &mut self,
        chunks: &Chunks,
        tally: &dyn TallyText,
        now: bool,
    ) -> Result<(), Failure> {
        let due = self.written.is_none_or(|at| at.elapsed() >= self.every);
        if !(now || due) {
            return Ok(());
        }
        let mut text = String::new();
        write_checkpoint(&mut text, &self.of as &dyn std::fmt::Display, chunks, tally)
            .expect("a String takes any text");
        write_atomically(&self.path, text.as_bytes()).map_err(|error| {
            Failure::Runtime(format!("--checkpoint {}: {error}", self.path.display()))
        })?;
        self.written = Some(Instant::now());
        Ok(())
    }

    fn usage(&self, error: &dyn std::fmt::Display) -> Failure {
        Failure::Usage(format!("--checkpoint {}: {error}", self.path.display()))
    }
}

/// Writes `bytes` to `path` through a synced temporary file renamed over it.
fn write_atomically(path: &Path, bytes: &[u8]) -> std::io::Result<()> {
    let mut temporary = path.as_os_str().to_owned();
    temporary.push(".tmp");
    let temporary = PathBuf::from(temporary);
    let mut file = File::create(&temporary)?;
    file.write_all(bytes)?;
    file.sync_all()?;
    drop(file);
    std::fs::rename(&temporary, path)
}
