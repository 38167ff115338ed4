//! A bot program as a child process: started with its own pipes, its output read line by
//! line on a thread of its own, so every wait for an answer has a deadline.

use std::io::{BufReader, Write};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError};
use std::time::{Duration, Instant};

use super::protocol::{read_heard, Heard};

/// How long a bot gets to leave after `quit` before it is killed.
const QUIT_GRACE: Duration = Duration::from_millis(500);

/// A running bot program.
#[derive(Debug)]
pub struct Process {
    child: Child,
    stdin: Option<ChildStdin>,
    lines: Receiver<Heard>,
}

impl Process {
    /// Starts `words[0]` with arguments `words[1..]`, in a process group of its own (so a
    /// Ctrl-C on the terminal reaches `tablic` alone), stderr shown or discarded.
    pub fn spawn(words: &[String], show_stderr: bool) -> std::io::Result<Process> {
        let (program, args) = words
            .split_first()
            .ok_or_else(|| std::io::Error::other("empty command"))?;
        let mut command = Command::new(program);
        command
            .args(args)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(if show_stderr {
                Stdio::inherit()
            } else {
                Stdio::null()
            });
        #[cfg(unix)]
        {
            use std::os::unix::process::CommandExt;
            command.process_group(0);
        }
        let mut child = command.spawn()?;
        let stdin = child.stdin.take();
        let stdout = child
            .stdout
            .take()
            .ok_or_else(|| std::io::Error::other("no stdout pipe"))?;
        let (sender, lines) = mpsc::channel();
        std::thread::spawn(move || {
            let mut reader = BufReader::new(stdout);
            loop {
                let heard = read_heard(&mut reader);
                let stop = !matches!(heard, Heard::Line(_));
                if sender.send(heard).is_err() || stop {
                    return;
                }
            }
        });
        Ok(Process {
            child,
            stdin,
            lines,
        })
    }

    /// Sends one line; `false` when the bot no longer reads.
    pub fn send(&mut self, line: &str) -> bool {
        let Some(stdin) = self.stdin.as_mut() else {
            return false;
        };
        let ok = stdin
            .write_all(line.as_bytes())
            .and_then(|()| stdin.write_all(b"\n"))
            .and_then(|()| stdin.flush())
            .is_ok();
        if !ok {
            self.stdin = None;
        }
        ok
    }

    /// The next line the bot writes, waiting until `deadline` at most.
    pub fn receive(&mut self, deadline: Instant) -> Heard {
        let left = deadline.saturating_duration_since(Instant::now());
        match self.lines.recv_timeout(left) {
            Ok(heard) => heard,
            Err(RecvTimeoutError::Disconnected) => Heard::Closed,
            Err(RecvTimeoutError::Timeout) => Heard::TimedOut,
        }
    }

    /// How the process ended, waiting a little for it (it may be closing down).
    pub fn exit_status(&mut self) -> Option<String> {
        let until = Instant::now() + Duration::from_millis(200);
        loop {
            match self.child.try_wait() {
                Ok(Some(status)) => return Some(status.to_string()),
                Ok(None) if Instant::now() < until => {
                    std::thread::sleep(Duration::from_millis(5));
                }
                _ => return None,
            }
        }
    }

    /// Stops the bot at once.
    pub fn kill(mut self) {
        self.stdin = None;
        let _ = self.child.kill();
        let _ = self.child.wait();
    }

    /// Sends `quit`, closes its input, and gives it a moment to leave before killing it.
    pub fn quit(mut self) {
        self.send("quit");
        self.stdin = None;
        let until = Instant::now() + QUIT_GRACE;
        while Instant::now() < until {
            if let Ok(Some(_)) = self.child.try_wait() {
                return;
            }
            std::thread::sleep(Duration::from_millis(5));
        }
        self.kill();
    }
}

/// Splits a command line into words: white space separates, '…' and "…" quote, a
/// backslash escapes the next character. No other shell feature.
pub fn split_command(text: &str) -> Result<Vec<String>, String> {
    let mut words = Vec::new();
    let mut word: Option<String> = None;
    let mut quote = None;
    let mut chars = text.chars();
    while let Some(ch) = chars.next() {
        match (quote, ch) {
            (Some(open), ch) if ch == open => quote = None,
            (Some('"') | None, '\\') => {
                let escaped = chars.next().ok_or("a backslash at the end")?;
                word.get_or_insert_with(String::new).push(escaped);
            }
            (Some(_), ch) => word.get_or_insert_with(String::new).push(ch),
            (None, '\'' | '"') => {
                quote = Some(ch);
                word.get_or_insert_with(String::new);
            }
            (None, ch) if ch.is_whitespace() => words.extend(word.take()),
            (None, ch) => word.get_or_insert_with(String::new).push(ch),
        }
    }
    if quote.is_some() {
        return Err("an unclosed quote".into());
    }
    words.extend(word);
    if words.is_empty() {
        return Err("an empty command".into());
    }
    Ok(words)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn commands_split_like_a_shell_without_its_features() {
        assert_eq!(
            split_command(r#"python3  "my bot.py" --x='a b' c\ d"#).unwrap(),
            ["python3", "my bot.py", "--x=a b", "c d"]
        );
        assert_eq!(split_command("a ''").unwrap(), ["a", ""]);
        assert!(split_command("  ").is_err());
        assert!(split_command("a 'b").is_err());
    }
}
