//! Every part of the house besides the core (whose own test, `core/tests/layers.rs`, adds
//! the layers) keeps its files free of import circles, as the core does: each file can be
//! read knowing only the files it imports.

use std::path::{Path, PathBuf};

use tablic_import_graph::circle::{find_circle, shown_circle};
use tablic_import_graph::{python, rust, typescript, Module, Uses};

/// The repository, above this crate.
fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .parent()
        .unwrap()
        .to_path_buf()
}

/// The Rust source folders of the house outside the core (`server/src` once it exists).
const RUST: [&str; 5] = [
    "cli/src",
    "ffi-c/src",
    "ffi-python/src",
    "ffi-wasm/src",
    "server/src",
];

/// Each part's uses, by the part's folder.
fn parts() -> Vec<(String, Uses)> {
    let mut parts: Vec<(String, Uses)> = RUST
        .iter()
        .filter(|folder| root().join(folder).is_dir())
        .map(|folder| (folder.to_string(), rust::uses(&root().join(folder))))
        .collect();
    let package = "ffi-python/python/tablic";
    let package_uses = python::uses(&root().join(package), "tablic");
    parts.push((package.to_string(), package_uses));
    let web = "web/src";
    parts.push((web.to_string(), typescript::uses(&root().join(web))));
    parts
}

fn module(path: &str) -> Module {
    path.split('/')
        .filter(|part| !part.is_empty())
        .map(String::from)
        .collect()
}

#[test]
fn no_files_of_the_house_use_each_other_in_a_circle() {
    let mut circles = Vec::new();
    for (folder, uses) in parts() {
        if let Some(circle) = find_circle(&uses) {
            circles.push(format!("{folder}: {}", shown_circle(&circle)));
        }
    }
    assert!(
        circles.is_empty(),
        "import circles:\n{}",
        circles.join("\n")
    );
}

#[test]
fn a_planted_circle_is_found_and_shown() {
    let uses: Uses = [("a", "b"), ("b", "c"), ("c", "a"), ("c", "d")]
        .into_iter()
        .map(|(user, used)| (module(user), module(used)))
        .collect();
    let circle = find_circle(&uses).expect("a circle");
    assert_eq!(shown_circle(&circle), "a -> b -> c -> a");
    let line: Uses = [(module("a"), module("b")), (module("b"), module("c"))].into();
    assert_eq!(find_circle(&line), None);
}

/// Each reader sees each way of writing an import of its language, so that a circle
/// written any of those ways would be found.
#[test]
fn the_uses_found_are_the_real_ones() {
    let found = |uses: &Uses, user: &str, used: &str| uses.contains(&(module(user), module(used)));
    let cli = rust::uses(&root().join("cli/src"));
    // `use crate::…` and a folder's `super::`.
    assert!(found(&cli, "dataset", "error"), "cli: dataset uses error");
    assert!(
        found(&cli, "play/game", "play/console"),
        "cli: play/game uses play/console"
    );
    let package = python::uses(&root().join("ffi-python/python/tablic"), "tablic");
    let python_uses = [
        // `from tablic._cards import …`
        ("training", "_cards"),
        // `from tablic import Card`, through `__init__.py`, to the stub of the extension
        ("compat/karta", "_tablic"),
        // `from .karta import …`
        ("compat/engine", "compat/karta"),
        // `from . import bots` in `__init__.py`
        ("compat", "compat/bots"),
    ];
    for (user, used) in python_uses {
        assert!(found(&package, user, used), "python: {user} uses {used}");
    }
    let web = typescript::uses(&root().join("web/src"));
    assert!(found(&web, "main", "app"), "web: main uses app");
    assert!(cli.len() > 40 && package.len() > 10 && web.len() > 30);
}
