//! The folders of `src/` are layers, bottom up: cards, dealing, capture, game, bots,
//! analysis, matches. A file uses its own folder and the folders below it, never one above, and no
//! files use each other in a circle, so each part can be read, tested and changed knowing
//! only what lies under it.
//!
//! The uses are read by the workspace's `tablic-import-graph` (its `rust` module says how),
//! which also holds every other part of the house to the rule of no circles.

use std::path::{Path, PathBuf};

use tablic_import_graph::circle::{find_circle, shown_circle};
use tablic_import_graph::rust::{sources, uses};
use tablic_import_graph::{shown, Module};

fn src() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("src")
}

/// The folders of `src/`, bottom up.
const LAYERS: [&str; 7] = [
    "cards", "dealing", "capture", "game", "bots", "analysis", "matches",
];

fn layer(module: &[String]) -> usize {
    LAYERS
        .iter()
        .position(|layer| *layer == module[0])
        .unwrap_or_else(|| panic!("src/{} is in no layer folder", shown(module)))
}

#[test]
fn every_file_is_in_a_layer_folder() {
    let files = sources(&src());
    let outside: Vec<String> = files
        .keys()
        .filter(|module| module.len() == 1 && !LAYERS.contains(&module[0].as_str()))
        .map(|module| shown(module))
        .collect();
    assert_eq!(
        outside,
        Vec::<String>::new(),
        "files of src/ outside {LAYERS:?}"
    );
}

#[test]
fn no_file_uses_a_folder_above_its_own() {
    let upward: Vec<String> = uses(&src())
        .into_iter()
        .filter(|(user, used)| layer(used) > layer(user))
        .map(|(user, used)| format!("{} uses {}", shown(&user), shown(&used)))
        .collect();
    assert_eq!(upward, Vec::<String>::new());
}

#[test]
fn no_files_use_each_other_in_a_circle() {
    if let Some(circle) = find_circle(&uses(&src())) {
        panic!("a circle: {}", shown_circle(&circle));
    }
}

#[test]
fn the_uses_found_are_the_real_ones() {
    let uses = uses(&src());
    let module = |path: &str| path.split('/').map(String::from).collect::<Module>();
    // Each way of writing a use: a plain `use crate::` path, a root re-export
    // (`crate::{Card, CardSet}`), a folder's re-export (`crate::capture::check_capture`),
    // `super::`, and an inline path in code.
    for (user, used) in [
        ("game/view", "game"),
        ("cards/card_class", "cards/card_set"),
        ("game", "capture/check"),
        ("capture/check", "capture/groups"),
        ("capture/shapes", "dealing/seeding"),
        ("matches/tally", "matches/outcome"),
    ] {
        assert!(
            uses.contains(&(module(user), module(used))),
            "{user} uses {used}"
        );
    }
    // Re-exports alone are no use: the crate root and capture/mod.rs use nothing.
    assert!(!uses.iter().any(|(user, _)| *user == module("capture")));
    assert!(uses.len() > 200, "{} uses", uses.len());
}
