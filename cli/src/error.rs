//! How a command fails, and what the user sees: one `error: ` line and an exit code.

use std::io::{self, Write};
use std::process::ExitCode;

/// Exit code for bad arguments or input, the same as clap's usage errors.
pub const EXIT_USAGE: u8 = 2;

/// Exit code for a failure while running (I/O, an engine error).
pub const EXIT_FAILURE: u8 = 1;

/// Why a command stopped.
#[derive(Debug)]
pub enum Failure {
    /// The arguments or input are wrong: exit 2.
    Usage(String),
    /// Something went wrong while running: exit 1.
    Runtime(String),
    /// Whoever reads our output has gone (`tablic moves … | head`): stop quietly.
    OutputClosed,
}

impl Failure {
    /// Prints the message (if any) and gives the exit code.
    pub fn report(self) -> ExitCode {
        let (message, code) = match self {
            Failure::Usage(message) => (message, EXIT_USAGE),
            Failure::Runtime(message) => (message, EXIT_FAILURE),
            Failure::OutputClosed => return ExitCode::SUCCESS,
        };
        // One line, whatever the message holds: scripts may count on it.
        let message = message.replace(['\n', '\r'], " ");
        let _ = writeln!(io::stderr(), "error: {message}");
        ExitCode::from(code)
    }
}

impl From<io::Error> for Failure {
    fn from(error: io::Error) -> Failure {
        if error.kind() == io::ErrorKind::BrokenPipe {
            Failure::OutputClosed
        } else {
            Failure::Runtime(format!("I/O: {error}"))
        }
    }
}
