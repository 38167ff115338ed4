//! Hostile clients: each gets a precise refusal or a close, and the table is unchanged.

mod common;

use common::{create, scratch, Client, Ended, Server};
use serde_json::json;

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn bad_input_is_refused_and_changes_nothing() {
    let server = Server::start(&scratch("hostile"), &[]);
    let mut ana = Client::connect(&server.url()).await;
    ana.send(create(2, false, &[None, Some("easy")], true))
        .await;
    let created = ana.expect("created").await;
    let token = created["token"].as_str().unwrap().to_string();
    let table = created["table"].as_str().unwrap().to_string();
    ana.expect("snapshot").await;

    ana.send_text("{not json".into()).await;
    assert_eq!(ana.refusal().await, "bad-message");
    ana.send(json!({"type": "teleport"})).await;
    assert_eq!(ana.refusal().await, "unknown-message");
    ana.send(json!({"type": "play"})).await;
    assert_eq!(ana.refusal().await, "bad-message");
    ana.send(json!({"type": "play", "move": "7S"})).await;
    assert_eq!(
        ana.refusal().await,
        "wrong-phase",
        "no game before the start"
    );
    ana.send(json!({"type": "start"})).await;
    let mut snapshot_hand = None;
    // Seat 0 leads the first game: wait for its hand.
    while snapshot_hand.is_none() {
        let frame = ana.next().await.unwrap();
        if frame["event"]["kind"] == "dealt" {
            snapshot_hand = frame["event"]["hand"].as_array().cloned();
        }
    }
    let hand = snapshot_hand.unwrap();
    assert_eq!(
        ana.expect("clock").await["deadline"]["player"],
        0,
        "Ana's clock runs"
    );
    ana.send(json!({"type": "play", "move": "XX"})).await;
    assert_eq!(ana.refusal().await, "bad-move");
    let not_held = ["AC", "2C", "3C", "4C", "5C", "6C", "7C"]
        .into_iter()
        .find(|card| !hand.iter().any(|held| held == card))
        .unwrap();
    ana.send(json!({"type": "play", "move": not_held})).await;
    assert_eq!(ana.refusal().await, "illegal-move");

    // A second person: the table is full (one seat is a bot), so join is refused.
    let mut bo = Client::connect(&server.url()).await;
    bo.send(json!({"type": "join", "table": table, "name": "Bo"}))
        .await;
    assert_eq!(bo.refusal().await, "already-started");
    bo.send(json!({"type": "play", "move": "7S"})).await;
    assert_eq!(bo.refusal().await, "not-seated");

    // Forged and stale tokens, a token of another table, resume not first.
    let mut forger = Client::connect(&server.url()).await;
    forger
        .send(json!({"type": "resume", "table": table, "token": "00".repeat(16)}))
        .await;
    assert_eq!(forger.refusal().await, "bad-token");
    let mut other = Client::connect(&server.url()).await;
    other
        .send(create(2, false, &[None, Some("easy")], true))
        .await;
    let other_table = other.expect("created").await["table"]
        .as_str()
        .unwrap()
        .to_string();
    let mut crossed = Client::connect(&server.url()).await;
    crossed
        .send(json!({"type": "resume", "table": other_table, "token": token}))
        .await;
    assert_eq!(
        crossed.refusal().await,
        "bad-token",
        "a token of another table"
    );
    crossed
        .send(json!({"type": "resume", "table": table, "token": token}))
        .await;
    assert_eq!(crossed.refusal().await, "resume-not-first");
    let mut lost = Client::connect(&server.url()).await;
    lost.send(json!({"type": "join", "table": "ab".repeat(16), "name": "Cy"}))
        .await;
    assert_eq!(lost.refusal().await, "no-such-table");

    // Nothing changed: a fresh resume sees the game at its first move, Ana to play.
    let mut back = Client::connect(&server.url()).await;
    back.send(json!({"type": "resume", "table": table, "token": token}))
        .await;
    let snapshot = back.expect("snapshot").await;
    assert_eq!(
        snapshot["game"]["history"],
        json!([]),
        "no move was made: {snapshot}"
    );
    assert_eq!(snapshot["game"]["to_move"], 0);
    assert_eq!(
        ana.ended().await,
        Ended::Closed(4001),
        "the older connection gave the seat up"
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn limits_close_or_refuse() {
    let server = Server::start(&scratch("limits"), &["--max-tables", "1", "--rate", "5"]);
    // A frame over 8 KiB closes the socket.
    let mut big = Client::connect(&server.url()).await;
    big.send_text(format!(
        r#"{{"type":"lobby","pad":"{}"}}"#,
        "x".repeat(9000)
    ))
    .await;
    assert!(
        matches!(big.ended().await, Ended::Closed(1009) | Ended::Dropped),
        "an oversized frame ends the socket"
    );
    // Just under the limit is read (and refused as a bad message, not closed).
    let mut fits = Client::connect(&server.url()).await;
    fits.send_text(format!(
        r#"{{"type":"join","table":"{}","name":"x"}}"#,
        "y".repeat(8000)
    ))
    .await;
    assert_eq!(fits.refusal().await, "no-such-table");

    // The rate limit: a burst of twice the rate, then Close 1008.
    let mut chatty = Client::connect(&server.url()).await;
    for _ in 0..40 {
        chatty.send(json!({"type": "lobby"})).await;
    }
    assert_eq!(chatty.ended().await, Ended::Closed(1008));

    // One table per connection, and the server's total.
    let mut maker = Client::connect(&server.url()).await;
    maker
        .send(create(2, false, &[None, Some("easy")], true))
        .await;
    maker.expect("snapshot").await;
    // A connection with a seat cannot create another; a new connection may.
    maker
        .send(create(2, false, &[None, Some("easy")], true))
        .await;
    assert_eq!(maker.refusal().await, "already-seated");
    let mut second = Client::connect(&server.url()).await;
    second
        .send(create(2, false, &[None, Some("easy")], true))
        .await;
    assert_eq!(second.refusal().await, "too-many-tables");

    // A foreign Origin is refused at the upgrade; the server's own is accepted.
    let foreign = Client::connect_from(&server.url(), Some("https://evil.example")).await;
    assert!(foreign.is_err(), "a foreign origin is refused");
    let own = format!("http://{}", server.address);
    assert!(Client::connect_from(&server.url(), Some(&own))
        .await
        .is_ok());
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn sigterm_stops_cleanly_with_close_1001() {
    let server = Server::start(&scratch("sigterm"), &[]);
    let mut ana = Client::connect(&server.url()).await;
    ana.send(json!({"type": "lobby"})).await;
    ana.expect("lobby").await;
    let status = server.terminate();
    assert!(status.success(), "{status}");
    assert_eq!(ana.ended().await, Ended::Closed(1001));
}
