//! `--checkpoint FILE`: a match or tournament killed (SIGKILL) at random moments and run
//! again ends with what an uninterrupted run prints and saves; a checkpoint of another run,
//! or a damaged one, is refused with one line and left as it is.

mod common;

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::Duration;

use common::tablic;
use serde_json::Value;
use tablic_core::Pcg32;

fn scratch(name: &str) -> PathBuf {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join(name);
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// The `--json` report without the fields that time the run.
fn untimed(json: &str) -> Value {
    let mut report: Value = serde_json::from_str(json).expect("one JSON object");
    let object = report.as_object_mut().unwrap();
    object.remove("elapsed_s");
    object.remove("games_per_s");
    for list in ["bots", "standings"] {
        for bot in object
            .get_mut(list)
            .and_then(Value::as_array_mut)
            .into_iter()
            .flatten()
        {
            let bot = bot.as_object_mut().unwrap();
            bot.remove("mean_decision_us");
            bot.remove("max_decision_us");
        }
    }
    report
}

/// Every file in `dir` by name, with its text.
fn files(dir: &Path) -> BTreeMap<String, String> {
    std::fs::read_dir(dir)
        .map(|entries| {
            entries
                .map(|entry| entry.unwrap().path())
                .map(|path| {
                    let name = path.file_name().unwrap().to_string_lossy().into_owned();
                    (name, std::fs::read_to_string(&path).unwrap())
                })
                .collect()
        })
        .unwrap_or_default()
}

/// Runs `args` with `--checkpoint` again and again, each run killed with SIGKILL once its
/// saved records reach a seeded random count (rising from run to run, so that the kills
/// fall all over the run however fast the machine is), `kills` times, then once to its end
/// with another thread count; checks that its report and records are an uninterrupted run's.
fn killed_and_resumed_equals_uninterrupted(name: &str, args: &[&str], kills: usize) {
    let dir = scratch(name);
    let (records, whole_records) = (dir.join("records"), dir.join("whole"));
    let checkpoint = dir.join("run.checkpoint");
    let with = |extra: &[&str]| {
        let mut all: Vec<String> = args.iter().map(|arg| arg.to_string()).collect();
        all.extend(extra.iter().map(|arg| arg.to_string()));
        all
    };
    let whole = with(&["--save-records", whole_records.to_str().unwrap()]);
    let whole = tablic(&whole.iter().map(String::as_str).collect::<Vec<_>>(), "");
    assert_eq!(whole.code, Some(0), "{}", whole.stderr);
    let games = files(&whole_records).len() as u32;
    assert!(
        games > kills as u32,
        "{games} games are too few to kill {kills} times"
    );

    let resumed = with(&[
        "--save-records",
        records.to_str().unwrap(),
        "--checkpoint",
        checkpoint.to_str().unwrap(),
        "--checkpoint-every",
        "0.01",
    ]);
    let mut random = Pcg32::new(7, 0);
    let mut thresholds: Vec<u32> = (0..kills)
        .map(|_| 1 + random.next() % (games - 1))
        .collect();
    thresholds.sort_unstable();
    let saved_records = || std::fs::read_dir(&records).map_or(0, |entries| entries.count()) as u32;
    let mut killed = 0;
    for (attempt, &threshold) in thresholds.iter().enumerate() {
        let threads = (1 + attempt % 2).to_string();
        let mut child = Command::new(env!("CARGO_BIN_EXE_tablic"))
            .args(&resumed)
            .args(["--threads", &threads])
            .stdin(Stdio::null())
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .expect("tablic starts");
        while child.try_wait().unwrap().is_none() {
            if saved_records() >= threshold {
                child.kill().unwrap(); // SIGKILL
                killed += 1;
                break;
            }
            std::thread::sleep(Duration::from_millis(1));
        }
        child.wait().unwrap();
    }
    assert_eq!(
        killed, kills,
        "the run ended before it was killed {kills} times"
    );
    let done = tablic(
        &resumed
            .iter()
            .map(String::as_str)
            .chain(["--threads", "3"])
            .collect::<Vec<_>>(),
        "",
    );
    assert_eq!(done.code, Some(0), "{}", done.stderr);
    assert_eq!(untimed(&done.stdout), untimed(&whole.stdout));
    let (saved, whole_saved) = (files(&records), files(&whole_records));
    assert!(!whole_saved.is_empty());
    assert!(
        saved == whole_saved,
        "the records are an uninterrupted run's"
    );
}

#[test]
fn a_match_killed_twelve_times_ends_as_an_uninterrupted_one() {
    killed_and_resumed_equals_uninterrupted(
        "killed-match",
        &[
            "match",
            "--players",
            "greedy,random",
            "--games",
            "2500",
            "--duplicate",
            "--json",
        ],
        12,
    );
}

#[test]
fn a_tournament_killed_four_times_ends_as_an_uninterrupted_one() {
    killed_and_resumed_equals_uninterrupted(
        "killed-tournament",
        &[
            "tournament",
            "--players",
            "greedy,random,random",
            "--games",
            "200",
            "--duplicate",
            "--json",
        ],
        4,
    );
}

/// `tablic args…`'s exit code and stderr, and whether `file` is as it was.
fn refused(args: &[&str], file: &Path) -> (Option<i32>, String, bool) {
    let before = std::fs::read(file).unwrap();
    let run = tablic(args, "");
    (run.code, run.stderr, std::fs::read(file).unwrap() == before)
}

#[test]
fn a_checkpoint_of_another_run_or_damaged_is_refused_and_kept() {
    let dir = scratch("refused");
    let file = dir.join("match.checkpoint");
    let path = file.to_str().unwrap();
    let args = |seed: &'static str, players: &'static str| {
        vec![
            "match",
            "--players",
            players,
            "--games",
            "30",
            "--seed",
            seed,
            "--checkpoint",
            path,
        ]
    };
    let first = tablic(&args("1", "greedy,random"), "");
    assert_eq!(first.code, Some(0), "{}", first.stderr);
    // Run again, it has nothing left to play: the same table.
    let again = tablic(&args("1", "greedy,random"), "");
    assert_eq!(again.code, Some(0), "{}", again.stderr);
    let prefix = format!("error: --checkpoint {path}: ");
    for (args, message) in [
        (
            args("2", "greedy,random"),
            "the checkpoint is of another run: seed 1 there, 2 here",
        ),
        (
            args("1", "random,greedy"),
            "the checkpoint is of another run: bots greedy,random there, random,greedy here",
        ),
        (
            vec![
                "tournament",
                "--players",
                "greedy,random",
                "--games",
                "30",
                "--checkpoint",
                path,
            ],
            "the checkpoint is of another run: kind match there, tournament here",
        ),
    ] {
        let (code, stderr, kept) = refused(&args, &file);
        let expected = format!("{prefix}{message} (the file is left as it is)\n");
        assert_eq!(
            (code, stderr.as_str(), kept),
            (Some(2), expected.as_str(), true)
        );
    }
    let whole = std::fs::read_to_string(&file).unwrap();
    for (text, message) in [
        (
            whole[..whole.len() / 2].to_string(),
            "the checkpoint is damaged: it is cut short (no checksum at its end)",
        ),
        (
            whole.replacen("seed 1", "seed 2", 1),
            "the checkpoint is damaged: its checksum does not match its contents",
        ),
        (
            String::new(),
            "the checkpoint is damaged: it is cut short (no checksum at its end)",
        ),
    ] {
        std::fs::write(&file, &text).unwrap();
        let (code, stderr, kept) = refused(&args("1", "greedy,random"), &file);
        let expected = format!("{prefix}{message} (the file is left as it is)\n");
        assert_eq!(
            (code, stderr.as_str(), kept),
            (Some(2), expected.as_str(), true)
        );
    }
    let engines = tablic(
        &[
            "match",
            "--players",
            "greedy,engine",
            "--engine",
            "true",
            "--checkpoint",
            path,
        ],
        "",
    );
    assert_eq!(engines.code, Some(2));
    assert_eq!(
        engines.stderr,
        "error: --checkpoint: a run with engines cannot be checkpointed (their forfeits are \
         not kept)\n"
    );
}
