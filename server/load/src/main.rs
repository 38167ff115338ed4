//! `tablic-load`: N tables of four scripted people against a running `tablic-server`, over
//! real WebSockets on loopback. The sockets are spread over `--processes` copies of itself
//! (each bound to its own source address, 127.0.0.2, 127.0.0.3 …), so no process passes the
//! open-file limit; it prints tables held, moves a second and the latency from a move sent
//! to every seat's update (docs/ONLINE.md, "Load").

mod part;
mod report;
mod seat;
mod table;

use std::net::{IpAddr, Ipv4Addr, SocketAddr};
use std::process::ExitCode;
use std::time::Duration;

use clap::Parser;

/// Tables of four scripted people against a tablic-server on loopback.
#[derive(Parser, Debug)]
#[command(name = "tablic-load", version)]
struct Args {
    /// The server's API.
    #[arg(long, default_value = "ws://127.0.0.1:8080/ws")]
    url: String,
    /// Tables of four people (four sockets each).
    #[arg(long, default_value_t = 10)]
    tables: usize,
    /// Seconds between two moves at a table (2 is a person's pace); 0 is flat out.
    #[arg(long, default_value_t = 2.0)]
    pace: f64,
    /// Seat and start every table, then never move (for memory per idle table).
    #[arg(long)]
    idle: bool,
    /// The measured window, in seconds, once every table is seated.
    #[arg(long, default_value_t = 30)]
    seconds: u64,
    /// The longest time seating may take, in seconds.
    #[arg(long, default_value_t = 120)]
    setup_seconds: u64,
    /// Processes the sockets are spread over.
    #[arg(long, default_value_t = 1)]
    processes: usize,
    /// Tables being seated at once in each process.
    #[arg(long, default_value_t = 64)]
    concurrency: usize,
    /// The server's process id: its memory and CPU time are read from /proc.
    #[arg(long)]
    server_pid: Option<u32>,
    /// Internal: this process is part I of K (`I/K`).
    #[arg(long, hide = true)]
    part: Option<String>,
}

fn fail(message: String) -> ExitCode {
    eprintln!("tablic-load: {message}");
    ExitCode::from(2)
}

/// The server's address in a `ws://HOST:PORT/…` URL; only loopback is accepted.
fn server_address(url: &str) -> Result<SocketAddr, String> {
    let rest = url
        .strip_prefix("ws://")
        .ok_or_else(|| format!("{url}: only ws:// URLs"))?;
    let host = rest.split('/').next().unwrap_or_default();
    let address: SocketAddr = host
        .parse()
        .map_err(|_| format!("{url}: the host must be an IP address and port"))?;
    if !address.ip().is_loopback() {
        return Err(format!("{url}: loopback only"));
    }
    Ok(address)
}

fn parse_part(text: &str) -> Option<(usize, usize)> {
    let (index, count) = text.split_once('/')?;
    let (index, count) = (index.parse().ok()?, count.parse().ok()?);
    (index < count).then_some((index, count))
}

fn main() -> ExitCode {
    let args = Args::parse();
    let server = match server_address(&args.url) {
        Ok(server) => server,
        Err(error) => return fail(error),
    };
    if !(args.pace >= 0.0 && args.pace.is_finite()) || args.processes == 0 {
        return fail("--pace must be 0 or more and --processes at least 1".into());
    }
    let Some(text) = &args.part else {
        return match report::orchestrate(
            &args_without_part(),
            args.processes,
            &describe(&args),
            args.server_pid,
        ) {
            Ok(()) => ExitCode::SUCCESS,
            Err(error) => fail(error),
        };
    };
    let Some((index, count)) = parse_part(text) else {
        return fail(format!("--part {text}: expected I/K with I < K"));
    };
    let (start, end) = (
        args.tables * index / count,
        args.tables * (index + 1) / count,
    );
    let plan = part::PartPlan {
        table: table::Plan {
            url: args.url.clone(),
            server,
            source: IpAddr::V4(Ipv4Addr::new(127, 0, 0, 2 + (index % 250) as u8)),
            pace: args.pace,
            idle: args.idle,
        },
        tables: start..end,
        concurrency: args.concurrency,
        setup: Duration::from_secs(args.setup_seconds),
        window: Duration::from_secs(args.seconds),
    };
    match part::run(plan) {
        Ok(()) => ExitCode::SUCCESS,
        Err(error) => fail(error),
    }
}

/// This process's own arguments, to give each part.
fn args_without_part() -> Vec<String> {
    std::env::args().skip(1).collect()
}

/// What the run was, for the report's title.
fn describe(args: &Args) -> String {
    if args.idle {
        format!("{} idle tables", args.tables)
    } else if args.pace == 0.0 {
        format!("{} tables flat out for {} s", args.tables, args.seconds)
    } else {
        format!(
            "{} tables, a move every {} s each, for {} s",
            args.tables, args.pace, args.seconds
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_loopback_ws_urls_and_parts_below_their_count() {
        assert_eq!(
            server_address("ws://127.0.0.1:8080/ws"),
            Ok("127.0.0.1:8080".parse().unwrap())
        );
        assert!(server_address("ws://10.0.0.1:8080/ws").is_err());
        assert!(server_address("wss://127.0.0.1:8080/ws").is_err());
        assert!(server_address("ws://localhost:8080/ws").is_err());
        assert_eq!(parse_part("2/3"), Some((2, 3)));
        assert_eq!(parse_part("3/3"), None);
        assert_eq!(parse_part("x/3"), None);
    }
}
