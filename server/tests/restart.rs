//! SIGKILL at random points of a seeded four-seat match, restarts, reconnects: the final
//! record is that of the same match played without kills; and a turn's deadline survives a
//! restart.

mod common;

use common::{create, scratch, Client, Scripted, Server, TEST_SEED};
use serde_json::json;
use tablic_core::bots::best_greedy_move;
use tablic_core::dealing::seeding::derive_seed;
use tablic_core::game::match_to_target::MatchToTarget;
use tablic_core::{Pcg32, PlayerCount, Rules, SeatNames};

/// The match the scripted players make, played by the engine alone.
fn reference_record() -> String {
    let four = PlayerCount::new(4).unwrap();
    let mut played =
        MatchToTarget::new(four, Rules::PAIRS, 101, derive_seed(TEST_SEED, 1)).unwrap();
    let names = ["Ana", "P1", "P2", "P3"];
    let mut seat_names = SeatNames::NONE;
    for (player, name) in names.iter().enumerate() {
        seat_names.set(player, name).unwrap();
    }
    let mut blocks = String::new();
    loop {
        let game = played.game();
        let seat = game.to_move().unwrap();
        played
            .play(best_greedy_move(game.hand(seat), game.table()).unwrap())
            .unwrap();
        if played.game().is_finished() {
            blocks.push_str(&played.game_record().to_string());
            if played.is_over() {
                break;
            }
            played.next_game().unwrap();
        }
    }
    format!("{}{blocks}", played.record_header(Some(&seat_names)))
}

async fn reconnect(url: &str, script: &mut Scripted) -> Client {
    let mut client = Client::connect(url).await;
    let message = json!({
        "type": "resume", "table": script.table_id, "token": script.token,
        "last_event": script.last_event,
    });
    client.send(message).await;
    // The missed events, then the clock: the catch-up is complete.
    loop {
        let frame = client.next().await.expect("the resumed socket stays open");
        assert_ne!(
            frame["type"], "snapshot",
            "a snapshot instead of the missed events: events were lost"
        );
        assert_ne!(frame["type"], "refused", "{frame}");
        script.see(&frame);
        if frame["type"] == "clock" {
            break;
        }
    }
    script.waiting = false;
    client
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn killed_20_times_the_match_ends_as_if_never_killed() {
    let db = scratch("restart");
    let flags = ["--rate", "100000"];
    let mut server = Server::start(&db, &flags);
    let address = server.address.clone();
    let url = server.url();
    let mut clients: Vec<(Client, Scripted)> = Vec::new();
    let mut creator = Client::connect(&url).await;
    creator.send(create(4, true, &[], false)).await;
    let mut script = Scripted::new(4);
    script.see(&creator.expect("created").await);
    script.see(&creator.expect("snapshot").await);
    let table = script.table_id.clone().unwrap();
    clients.push((creator, script));
    for index in 1..4 {
        let mut client = Client::connect(&url).await;
        client
            .send(json!({"type": "join", "table": table, "name": format!("P{index}")}))
            .await;
        let mut script = Scripted::new(4);
        script.see(&client.expect("joined").await);
        script.see(&client.expect("snapshot").await);
        clients.push((client, script));
    }
    clients[0].0.send(json!({"type": "start"})).await;

    let mut random = Pcg32::new(7, 0);
    let mut kills = 0;
    let mut acknowledged = 0u64;
    let mut frames_to_next_kill = 20 + tablic_core::below(&mut random, 120);
    while !clients.iter().all(|(_, script)| script.over) {
        for (client, script) in clients.iter_mut() {
            if let Some(message) = script.move_to_send() {
                client.send(message).await;
            }
        }
        let open: Vec<usize> = (0..4).filter(|&index| !clients[index].1.over).collect();
        let reads = clients
            .iter_mut()
            .filter(|(_, script)| !script.over)
            .map(|(client, _)| Box::pin(client.next()));
        let (frame, position, _) = futures_util::future::select_all(reads).await;
        let index = open[position];
        let frame = frame.expect("the socket stays open between kills");
        assert_ne!(frame["type"], "refused", "{frame}");
        clients[index].1.see(&frame);
        acknowledged = acknowledged.max(clients[index].1.last_event);
        frames_to_next_kill = frames_to_next_kill.saturating_sub(1);
        if frames_to_next_kill == 0 && kills < 20 && !clients.iter().any(|(_, script)| script.over)
        {
            server.kill();
            kills += 1;
            server = Server::start_at(&db, &address, &flags);
            for (client, script) in clients.iter_mut() {
                // The old socket is dead; frames in flight were lost, and the resume
                // brings them back.
                *client = reconnect(&server.url(), script).await;
            }
            frames_to_next_kill = 20 + tablic_core::below(&mut random, 120);
        }
    }
    assert!(
        kills >= 20,
        "the match ended after {kills} kills: too short"
    );
    let record = clients[0].1.record.clone().unwrap();
    assert_eq!(record, reference_record(), "the match as if never killed");
    assert!(acknowledged > 200, "{acknowledged} events");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_turn_deadline_survives_a_restart() {
    let db = scratch("deadline");
    let flags = ["--turn-seconds", "4", "--reconnect-seconds", "60"];
    let server = Server::start(&db, &flags);
    let address = server.address.clone();
    let mut ana = Client::connect(&server.url()).await;
    ana.send(create(2, false, &[None, Some("easy")], true))
        .await;
    let mut script = Scripted::new(2);
    script.see(&ana.expect("created").await);
    script.see(&ana.expect("snapshot").await);
    ana.send(json!({"type": "start"})).await;
    let clock = ana.expect("clock").await;
    let deadline = clock["deadline"]["at_ms"]
        .as_u64()
        .expect("Ana's turn has a deadline");
    assert_eq!(clock["deadline"]["player"], 0);
    tokio::time::sleep(std::time::Duration::from_millis(1500)).await;
    server.kill();
    let server = Server::start_at(&db, &address, &flags);
    let mut back = Client::connect(&server.url()).await;
    back.send(json!({"type": "resume", "table": script.table_id, "token": script.token}))
        .await;
    let snapshot = back.expect("snapshot").await;
    assert_eq!(
        snapshot["deadline"]["at_ms"].as_u64(),
        Some(deadline),
        "the same deadline: {snapshot}"
    );
    // Ana does not move: at the deadline a bot plays for her, marked as a bot.
    let covered = back.expect("event").await;
    assert_eq!(covered["event"]["kind"], "covered", "{covered}");
    assert_eq!(covered["event"]["bot"], "greedy");
    let played = back.expect("event").await;
    assert_eq!(played["event"]["kind"], "played");
    assert_eq!(played["event"]["by_bot"], true);
    let now = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .unwrap()
        .as_millis() as u64;
    assert!(
        now >= deadline && now < deadline + 3000,
        "the bot played at the stored deadline"
    );
}
