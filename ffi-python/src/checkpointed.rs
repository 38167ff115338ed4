//! `checkpoint=` for `match` and `tournament`: a run cut into the core's chunks
//! (`tablic_core::matches::chunks`), played on threads without the GIL, and kept in the
//! core's checkpoint (`tablic_core::matches::checkpoint`, the format `tablic match
//! --checkpoint` writes) as chunks finish. Between chunks the run checks for signals, so
//! Ctrl-C (KeyboardInterrupt) or an exception from a signal handler stops it with what
//! finished kept; run again with the same arguments, it goes on.
//!
//! The file is rewritten whole through a synced temporary file renamed over it, so a run
//! killed at any moment leaves the old checkpoint or the new one.

use std::fs::File;
use std::io::{ErrorKind, Write};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::mpsc;
use std::time::{Duration, Instant};

use pyo3::exceptions::{PyOSError, PyRuntimeError, PyValueError};
use pyo3::prelude::*;
use tablic_core::bots::solver::Entry;
use tablic_core::matches::checkpoint::{read_checkpoint, write_checkpoint};
use tablic_core::matches::chunks::Chunks;
use tablic_core::matches::tally_text::TallyText;
use tablic_core::matches::timing::DecisionTimer;
use tablic_core::matches::MatchError;

/// How often the run looks for signals while the threads play.
const SIGNALS_EVERY: Duration = Duration::from_millis(50);

/// A run's checkpoint file: what the run is of, and when it was last written.
pub struct CheckpointFile {
    path: PathBuf,
    of: String,
    every: Duration,
    written: Option<Instant>,
}

impl CheckpointFile {
    /// The checkpoint at `path` of the run whose arguments display as `of`, written at most
    /// every `every_s` seconds.
    pub fn new(
        path: PathBuf,
        of: &dyn std::fmt::Display,
        every_s: f64,
    ) -> PyResult<CheckpointFile> {
        if !(0.0..=86_400.0).contains(&every_s) {
            return Err(PyValueError::new_err(
                "checkpoint_every must be from 0 to 86400 seconds",
            ));
        }
        Ok(CheckpointFile {
            path,
            of: of.to_string(),
            every: Duration::from_secs_f64(every_s),
            written: None,
        })
    }

    /// The finished chunks of a run of `items` items and their tally, if the file is there;
    /// a damaged file, or one of another run, is a `ValueError` and is left as it is.
    pub fn load<T: TallyText>(&self, items: u64) -> PyResult<Option<(Chunks, T)>> {
        let text = match std::fs::read_to_string(&self.path) {
            Ok(text) => text,
            Err(error) if error.kind() == ErrorKind::NotFound => return Ok(None),
            Err(error) => return Err(PyOSError::new_err(self.said(&error))),
        };
        read_checkpoint(&text, &self.of, items)
            .map(Some)
            .map_err(|error| {
                PyValueError::new_err(self.said(&format!("{error} (the file is left as it is)")))
            })
    }

    /// Writes the checkpoint if it is due (or `now`).
    fn save(&mut self, chunks: &Chunks, tally: &dyn TallyText, now: bool) -> PyResult<()> {
        if !now && self.written.is_some_and(|at| at.elapsed() < self.every) {
            return Ok(());
        }
        let mut text = String::new();
        write_checkpoint(&mut text, &self.of as &dyn std::fmt::Display, chunks, tally)
            .expect("a String takes any text");
        write_atomically(&self.path, text.as_bytes())
            .map_err(|error| PyOSError::new_err(self.said(&error)))?;
        self.written = Some(Instant::now());
        Ok(())
    }

    fn said(&self, error: &dyn std::fmt::Display) -> String {
        format!("checkpoint {}: {error}", self.path.display())
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

/// What a thread needs to play one item (a deal group, or a tournament's piece).
pub struct Worker<'a> {
    pub timer: DecisionTimer<'a>,
    pub memory: Vec<Entry>,
}

/// A run in chunks: the tally of its finished chunks (`S`, a match's tally or a
/// tournament's standings), how to play one item into a chunk's tally, and how to merge.
pub struct ChunkedRun<'p, S> {
    pub chunks: Chunks,
    pub tally: S,
    pub empty: &'p (dyn Fn() -> S + Sync),
    pub play: &'p (dyn Fn(u64, &mut S, &mut Worker<'_>) -> Result<(), MatchError> + Sync),
    pub merge: fn(&mut S, &S),
    pub memory_entries: usize,
}

impl<S: TallyText + Send> ChunkedRun<'_, S> {
    /// Plays every unfinished chunk on `threads` threads without the GIL, keeping
    /// `checkpoint` as they finish; stops at a signal's exception or a failed game, with
    /// the checkpoint written.
    pub fn play(
        &mut self,
        py: Python<'_>,
        threads: usize,
        mut checkpoint: Option<&mut CheckpointFile>,
    ) -> PyResult<()> {
        if !(1..=1024).contains(&threads) {
            return Err(PyValueError::new_err("threads must be from 1 to 1024"));
        }
        let unfinished: Vec<u64> = self.chunks.unfinished().collect();
        let layout = Chunks::new(self.chunks.items());
        let (next, stop) = (AtomicUsize::new(0), AtomicBool::new(false));
        let origin = Instant::now();
        let (empty, play) = (self.empty, self.play);
        let memory_entries = self.memory_entries;
        let outcome = py.detach(|| {
            std::thread::scope(|scope| {
                let (sender, finished) = mpsc::channel::<Result<(u64, S), MatchError>>();
                for _ in 0..threads.min(unfinished.len()) {
                    let sender = sender.clone();
                    let (unfinished, layout, next, stop) = (&unfinished, &layout, &next, &stop);
                    scope.spawn(move || {
                        let mut clock = || origin.elapsed().as_nanos() as u64;
                        let mut worker = Worker {
                            timer: DecisionTimer::new(&mut clock),
                            memory: vec![Entry::EMPTY; memory_entries],
                        };
                        while let Some(&chunk) =
                            unfinished.get(next.fetch_add(1, Ordering::Relaxed))
                        {
                            let mut tally = empty();
                            for item in layout.range(chunk) {
                                if stop.load(Ordering::Relaxed) {
                                    return;
                                }
                                if let Err(error) = play(item, &mut tally, &mut worker) {
                                    let _ = sender.send(Err(error));
                                    return;
                                }
                            }
                            if sender.send(Ok((chunk, tally))).is_err() {
                                return;
                            }
                        }
                    });
                }
                drop(sender);
                let result = loop {
                    match finished.recv_timeout(SIGNALS_EVERY) {
                        Ok(Ok((chunk, tally))) => {
                            (self.merge)(&mut self.tally, &tally);
                            self.chunks.mark_done(chunk);
                            if let Some(checkpoint) = checkpoint.as_deref_mut() {
                                let saved = Python::attach(|_| {
                                    checkpoint.save(&self.chunks, &self.tally, false)
                                });
                                if let Err(error) = saved {
                                    break Err(error);
                                }
                            }
                        }
                        Ok(Err(error)) => break Err(PyRuntimeError::new_err(error.to_string())),
                        Err(mpsc::RecvTimeoutError::Timeout) => {}
                        Err(mpsc::RecvTimeoutError::Disconnected) => break Ok(()),
                    }
                    if let Err(error) = Python::attach(|py| py.check_signals()) {
                        break Err(error);
                    }
                };
                stop.store(true, Ordering::Relaxed);
                result
            })
        });
        // What finished is kept, whether the run stopped or not.
        if let Some(checkpoint) = checkpoint {
            checkpoint.save(&self.chunks, &self.tally, true)?;
        }
        outcome
    }
}
