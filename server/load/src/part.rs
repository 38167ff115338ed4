//! One process's share of the tables: seats them, says `ready N` on stdout, waits for `go`
//! on stdin, plays for the window, and prints its result as one JSON line.

use std::io::BufRead;
use std::sync::Arc;
use std::time::{Duration, Instant};

use serde_json::json;
use tokio::sync::{watch, Semaphore};

use crate::table::{play, seat_table, Plan};

/// How one process runs.
pub struct PartPlan {
    /// Where and how its tables play.
    pub table: Plan,
    /// Its tables' numbers.
    pub tables: std::ops::Range<usize>,
    /// Tables being seated at once.
    pub concurrency: usize,
    /// The longest time seating may take; the tables seated by then play.
    pub setup: Duration,
    /// The measured window.
    pub window: Duration,
}

/// Runs one part to its end; the result goes to stdout.
pub fn run(plan: PartPlan) -> Result<(), String> {
    let runtime = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .map_err(|error| error.to_string())?;
    runtime.block_on(run_part(plan))
}

async fn run_part(plan: PartPlan) -> Result<(), String> {
    let (go_tx, go_rx) = watch::channel(None::<Instant>);
    let (seated_tx, mut seated_rx) = tokio::sync::mpsc::unbounded_channel::<Result<(), String>>();
    let permits = Arc::new(Semaphore::new(plan.concurrency.max(1)));
    let count = plan.tables.len();
    let mut tasks = Vec::with_capacity(count);
    for number in plan.tables.clone() {
        let (table, go, seated, permits) = (
            plan.table.clone(),
            go_rx.clone(),
            seated_tx.clone(),
            permits.clone(),
        );
        let offset = (number as f64 * 0.618_033_988_75).fract();
        tasks.push(tokio::spawn(async move {
            let permit = permits.acquire_owned().await;
            let seats = seat_table(&table, number).await;
            drop(permit);
            match seats {
                Ok(seats) => {
                    let _ = seated.send(Ok(()));
                    Some(play(&table, seats, go, offset).await)
                }
                Err(error) => {
                    let _ = seated.send(Err(error));
                    None
                }
            }
        }));
    }
    drop(seated_tx);
    let started = Instant::now();
    let (mut ready, mut failed, mut first_error) = (0usize, 0usize, None);
    let give_up = tokio::time::sleep(plan.setup);
    tokio::pin!(give_up);
    while ready + failed < count {
        tokio::select! {
            result = seated_rx.recv() => match result {
                Some(Ok(())) => ready += 1,
                Some(Err(error)) => { failed += 1; first_error.get_or_insert(error); }
                None => break,
            },
            _ = &mut give_up => break,
        }
    }
    println!(
        "ready {ready} {failed} {:.2} {}",
        started.elapsed().as_secs_f64(),
        first_error.unwrap_or_default().replace('\n', " ")
    );
    let go = tokio::task::spawn_blocking(|| {
        let mut line = String::new();
        std::io::stdin().lock().read_line(&mut line).map(|_| line)
    })
    .await
    .map_err(|error| error.to_string())?
    .map_err(|error| error.to_string())?;
    if go.trim() != "go" {
        return Err(format!("expected go, got {go:?}"));
    }
    let begun = Instant::now();
    let _ = go_tx.send(Some(begun + plan.window));
    let (mut moves, mut errors, mut held, mut latencies) = (0u64, 0u64, 0u64, Vec::new());
    for task in tasks {
        // A table still seating when the window ends is dropped with its sockets.
        let Ok(Ok(Some(outcome))) =
            tokio::time::timeout_at((begun + plan.window + Duration::from_secs(5)).into(), task)
                .await
        else {
            continue;
        };
        moves += outcome.moves;
        errors += outcome.errors;
        held += u64::from(outcome.held);
        latencies.extend(outcome.latencies);
    }
    println!(
        "{}",
        json!({"ready": ready, "held": held, "moves": moves, "errors": errors,
               "seconds": plan.window.as_secs_f64(), "latencies_us": latencies})
    );
    Ok(())
}
