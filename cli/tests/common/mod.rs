//! Runs the built `tablic` binary.

use std::io::Write;
use std::process::{Command, Stdio};

/// What one run printed, and how it exited.
pub struct Run {
    pub code: Option<i32>,
    pub stdout: String,
    pub stderr: String,
}

/// Runs `tablic args…` with `stdin` as standard input.
pub fn tablic(args: &[&str], stdin: &str) -> Run {
    let mut child = Command::new(env!("CARGO_BIN_EXE_tablic"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("tablic starts");
    let mut input = child.stdin.take().expect("a stdin pipe");
    let text = stdin.to_owned();
    // Write from another thread: a large input must not block while tablic's output fills.
    let writer = std::thread::spawn(move || input.write_all(text.as_bytes()));
    let output = child.wait_with_output().expect("tablic runs");
    writer
        .join()
        .expect("writer thread")
        .expect("stdin written");
    Run {
        code: output.status.code(),
        stdout: String::from_utf8(output.stdout).expect("UTF-8 stdout"),
        stderr: String::from_utf8(output.stderr).expect("UTF-8 stderr"),
    }
}
