//! Whole games and matches against a real server, with bots in some seats; and the
//! property that no frame shows a seat a card it has not seen, over 1,000 seeded games.

mod common;

use common::{create, play_out, scratch, Client, Scripted, Server, TEST_SEED};
use serde_json::{json, Value};
use tablic_core::dealing::seeding::derive_seed;
use tablic_core::game::match_to_target::MatchToTarget;
use tablic_core::game::record::parse_move;
use tablic_core::CardSet;

/// Creates a table for `players` with `bots`, seats people in the other seats and starts.
async fn seat(
    server: &Server,
    players: usize,
    pairs: bool,
    bots: &[Option<&str>],
    one_game: bool,
) -> Vec<(Client, Scripted)> {
    let mut creator = Client::connect(&server.url()).await;
    creator.send(create(players, pairs, bots, one_game)).await;
    let mut script = Scripted::new(players);
    let created = creator.expect("created").await;
    script.see(&created);
    let snapshot = creator.expect("snapshot").await;
    script.see(&snapshot);
    let table = created["table"].as_str().unwrap().to_string();
    let mut clients = vec![(creator, script)];
    let people = (0..players)
        .filter(|&seat| bots.get(seat).copied().flatten().is_none())
        .count();
    for index in 1..people {
        let mut client = Client::connect(&server.url()).await;
        client
            .send(json!({"type": "join", "table": table, "name": format!("P{index}")}))
            .await;
        let mut script = Scripted::new(players);
        let joined = client.expect("joined").await;
        script.see(&joined);
        let snapshot = client.expect("snapshot").await;
        script.see(&snapshot);
        clients.push((client, script));
    }
    // The seated events the creator has not read yet are read in play.
    clients[0].0.send(json!({"type": "start"})).await;
    clients
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn matches_to_101_with_people_and_bots() {
    let server = Server::start(&scratch("matches"), &["--rate", "100000"]);
    for (players, pairs, bots) in [
        (2, false, vec![None, Some("easy")]),
        (3, false, vec![None, None, Some("medium")]),
        (4, true, vec![None, Some("easy"), None, Some("hard")]),
    ] {
        let mut clients = seat(&server, players, pairs, &bots, false).await;
        play_out(&mut clients, |_, _| {}).await;
        let record = clients[0].1.record.clone().expect("the match's record");
        for (_, script) in &clients {
            assert_eq!(
                script.record.as_ref(),
                Some(&record),
                "everyone gets the same record"
            );
        }
        let (played, _) = MatchToTarget::from_record(&record, |_| {}).expect("the record replays");
        assert!(played.is_over(), "{players} players: the match is over");
        assert!(played.totals().iter().any(|&total| total >= 101));
        assert_eq!(
            played.seed(),
            derive_seed(TEST_SEED, 1),
            "the revealed seed dealt it"
        );
        assert!(
            played.finished_games() > 1,
            "a match to 101 takes more than a game"
        );
    }
}

/// The oracle: the match replayed in the engine from the known test seed, to tell which
/// cards each seat has seen when each frame arrives.
struct Oracle {
    played: Option<MatchToTarget>,
    players: usize,
    pairs: bool,
}

impl Oracle {
    fn see(&mut self, frame: &Value) {
        if frame["type"] != "event" {
            return;
        }
        let event = &frame["event"];
        match event["kind"].as_str().unwrap() {
            "match-started" => {
                let round = event["round"].as_u64().unwrap();
                let rules = if self.pairs {
                    tablic_core::Rules::PAIRS
                } else {
                    tablic_core::Rules::ORIGINAL
                };
                let count = tablic_core::PlayerCount::new(self.players).unwrap();
                self.played = Some(
                    MatchToTarget::new(count, rules, 101, derive_seed(TEST_SEED, round)).unwrap(),
                );
            }
            "game-started" if event["game"] != 1 => {
                self.played.as_mut().unwrap().next_game().unwrap()
            }
            "played" => {
                let played = parse_move(event["move"].as_str().unwrap()).unwrap();
                self.played.as_mut().unwrap().play(played).unwrap();
            }
            _ => {}
        }
    }

    /// What `player` (or a watcher, `None`) may have seen.
    fn seen(&self, player: Option<usize>) -> CardSet {
        let Some(played) = &self.played else {
            return CardSet::EMPTY;
        };
        let game = played.game();
        match player {
            Some(player) => game.view(played.seat_of(player)).unwrap().seen(),
            None => game.public_view().seen(),
        }
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn no_frame_shows_a_card_its_seat_has_not_seen_over_1000_games() {
    let server = Server::start(&scratch("hidden"), &["--rate", "100000"]);
    let mut games = 0;
    let mut frames_checked = 0usize;
    let tables = [
        (2, false, vec![None, Some("easy")]),
        (3, false, vec![None, Some("easy"), None]),
        (4, true, vec![None, Some("easy"), None, Some("easy")]),
    ];
    let rounds = [400, 300, 300];
    for ((players, pairs, bots), rounds) in tables.into_iter().zip(rounds) {
        let mut clients = seat(&server, players, pairs, &bots, true).await;
        let table = clients[0].1.table_id.clone().unwrap();
        let mut watcher = Client::connect(&server.url()).await;
        watcher
            .send(json!({"type": "watch", "table": table, "last_event": 0}))
            .await;
        let mut oracle = Oracle {
            played: None,
            players,
            pairs,
        };
        let mut watcher_oracle = Oracle {
            played: None,
            players,
            pairs,
        };
        for round in 0..rounds {
            if round > 0 {
                clients[0].0.send(json!({"type": "rematch"})).await;
            }
            for (_, script) in clients.iter_mut() {
                script.over = false;
            }
            let people: Vec<Option<usize>> =
                clients.iter().map(|(_, script)| script.player).collect();
            let mut last_seen = vec![0u64; clients.len()];
            play_out(&mut clients, |index, frame| {
                // One oracle follows the first person's events; the others' frames are
                // checked against it at the same event number.
                if index == 0 {
                    oracle.see(frame);
                }
                if frame["type"] == "event" {
                    last_seen[index] = frame["n"].as_u64().unwrap();
                }
                if frame["type"] != "event" || frame["event"]["kind"] == "match-over" {
                    return;
                }
                if index != 0 && last_seen[index] != last_seen[0] {
                    return;
                }
                let shown = common::cards_in(frame);
                let allowed = oracle.seen(people[index]);
                assert!(
                    (shown - allowed).is_empty(),
                    "frame {frame} to player {:?} shows {:?} unseen",
                    people[index],
                    shown - allowed
                );
                frames_checked += 1;
            })
            .await;
            // The watcher reads up to the match's end.
            loop {
                let frame = watcher.next().await.expect("the watcher stays");
                watcher_oracle.see(&frame);
                if frame["type"] != "event" {
                    continue;
                }
                if frame["event"]["kind"] == "match-over" {
                    break;
                }
                let shown = common::cards_in(&frame);
                assert!(
                    (shown - watcher_oracle.seen(None)).is_empty(),
                    "watcher frame {frame} shows a hand"
                );
                assert!(
                    frame["event"]["hand"].is_null(),
                    "a watcher gets no hand: {frame}"
                );
                frames_checked += 1;
            }
            games += 1;
        }
    }
    assert!(games >= 1000, "{games} games");
    assert!(frames_checked > 50_000, "{frames_checked} frames checked");
}
