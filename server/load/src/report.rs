//! The parent process: starts the parts, reads the server's memory and CPU time from /proc
//! around the window, and prints the figures as a table.

use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::time::Instant;

use serde_json::Value;

/// The server's resident memory (KiB) and CPU time (seconds, every thread).
#[derive(Clone, Copy)]
struct Usage {
    rss_kib: u64,
    cpu_seconds: f64,
}

fn usage(pid: u32) -> Result<Usage, String> {
    let status = std::fs::read_to_string(format!("/proc/{pid}/status"))
        .map_err(|error| format!("server {pid}: {error}"))?;
    let rss_kib = status
        .lines()
        .find_map(|line| line.strip_prefix("VmRSS:"))
        .and_then(|rest| rest.split_whitespace().next()?.parse().ok())
        .ok_or("no VmRSS")?;
    let stat = std::fs::read_to_string(format!("/proc/{pid}/stat"))
        .map_err(|error| format!("server {pid}: {error}"))?;
    // After the command's closing parenthesis: state is field 3, utime 14 and stime 15.
    let fields: Vec<&str> = stat
        .rsplit_once(')')
        .map(|(_, rest)| rest.split_whitespace().collect())
        .unwrap_or_default();
    let ticks =
        |index: usize| -> u64 { fields.get(index).and_then(|f| f.parse().ok()).unwrap_or(0) };
    // /proc counts in USER_HZ, which Linux fixes at 100.
    let cpu_seconds = (ticks(11) + ticks(12)) as f64 / 100.0;
    Ok(Usage {
        rss_kib,
        cpu_seconds,
    })
}

struct Part {
    child: Child,
    stdin: ChildStdin,
    stdout: BufReader<std::process::ChildStdout>,
}

fn read_line(part: &mut Part) -> Result<String, String> {
    let mut line = String::new();
    match part.stdout.read_line(&mut line) {
        Ok(0) => Err("a part ended early".into()),
        Ok(_) => Ok(line.trim_end().to_string()),
        Err(error) => Err(error.to_string()),
    }
}

fn percentile(sorted: &[u32], fraction: f64) -> f64 {
    if sorted.is_empty() {
        return f64::NAN;
    }
    let index = ((sorted.len() as f64 * fraction).ceil() as usize).clamp(1, sorted.len()) - 1;
    f64::from(sorted[index]) / 1000.0
}

/// Runs `processes` parts with `own_args`, then prints the figures.
pub fn orchestrate(
    own_args: &[String],
    processes: usize,
    title: &str,
    server_pid: Option<u32>,
) -> Result<(), String> {
    let program = std::env::current_exe().map_err(|error| error.to_string())?;
    let started = Instant::now();
    let before = server_pid.map(usage).transpose()?;
    let mut parts = Vec::new();
    for index in 0..processes {
        let mut child = Command::new(&program)
            .args(own_args)
            .args(["--part", &format!("{index}/{processes}")])
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .spawn()
            .map_err(|error| format!("starting a part: {error}"))?;
        let stdin = child.stdin.take().ok_or("no stdin")?;
        let stdout = BufReader::new(child.stdout.take().ok_or("no stdout")?);
        parts.push(Part {
            child,
            stdin,
            stdout,
        });
    }
    let (mut ready, mut failed) = (0u64, 0u64);
    for part in &mut parts {
        let line = read_line(part)?;
        let mut words = line.splitn(5, ' ');
        if words.next() != Some("ready") {
            return Err(format!("a part said {line:?}"));
        }
        ready += words.next().and_then(|w| w.parse().ok()).unwrap_or(0);
        let part_failed: u64 = words.next().and_then(|w| w.parse().ok()).unwrap_or(0);
        failed += part_failed;
        if part_failed > 0 {
            eprintln!(
                "tablic-load: a part's first failure: {}",
                words.nth(1).unwrap_or("")
            );
        }
    }
    let seated_seconds = started.elapsed().as_secs_f64();
    let seated = server_pid.map(usage).transpose()?;
    for part in &mut parts {
        writeln!(part.stdin, "go").map_err(|error| error.to_string())?;
    }
    let (mut held, mut moves, mut errors, mut seconds) = (0u64, 0u64, 0u64, 0f64);
    let mut latencies: Vec<u32> = Vec::new();
    for part in &mut parts {
        let line = read_line(part)?;
        let result: Value = serde_json::from_str(&line).map_err(|e| format!("{e}: {line}"))?;
        held += result["held"].as_u64().unwrap_or(0);
        moves += result["moves"].as_u64().unwrap_or(0);
        errors += result["errors"].as_u64().unwrap_or(0);
        seconds = result["seconds"].as_f64().unwrap_or(0.0);
        if let Some(values) = result["latencies_us"].as_array() {
            latencies.extend(values.iter().filter_map(|v| v.as_u64()).map(|v| v as u32));
        }
    }
    let after = server_pid.map(usage).transpose()?;
    for part in &mut parts {
        let _ = part.child.wait();
    }
    latencies.sort_unstable();
    println!("tablic-load: {title}, {processes} client processes");
    println!("| figure | value |");
    println!("|---|---|");
    println!("| tables seated | {ready} ({failed} failed) in {seated_seconds:.1} s |");
    println!("| tables held to the end | {held} ({} sockets) |", held * 4);
    println!(
        "| moves a second | {:.0} ({moves} moves in {seconds:.0} s) |",
        moves as f64 / seconds.max(f64::MIN_POSITIVE)
    );
    println!(
        "| move to every seat's update, ms | p50 {:.2}, p99 {:.2}, max {:.2} |",
        percentile(&latencies, 0.50),
        percentile(&latencies, 0.99),
        percentile(&latencies, 1.0)
    );
    println!("| errors (refusals, dropped sockets) | {errors} |");
    if let (Some(before), Some(seated), Some(after)) = (before, seated, after) {
        let grown = seated.rss_kib.saturating_sub(before.rss_kib);
        println!(
            "| server memory | {} KiB before, {} KiB seated: {:.1} KiB a table |",
            before.rss_kib,
            seated.rss_kib,
            grown as f64 / ready.max(1) as f64
        );
        let cpu = after.cpu_seconds - seated.cpu_seconds;
        println!(
            "| server CPU in the window | {cpu:.2} s: {:.1} µs a move |",
            cpu * 1e6 / moves.max(1) as f64
        );
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::percentile;

    #[test]
    fn percentiles_are_nearest_rank_in_milliseconds() {
        let sorted: Vec<u32> = (1..=100).map(|value| value * 1000).collect();
        assert_eq!(percentile(&sorted, 0.50), 50.0);
        assert_eq!(percentile(&sorted, 0.99), 99.0);
        assert_eq!(percentile(&sorted, 1.0), 100.0);
        assert_eq!(percentile(&[7000], 0.5), 7.0);
        assert!(percentile(&[], 0.5).is_nan());
    }
}
