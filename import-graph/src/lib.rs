//! Which file imports which, in the Rust crates, the Python package and the TypeScript of
//! tablic, and the first circle among them: every part of the house keeps its files in
//! an order where each can be read knowing only the files it imports.
//!
//! A dev-only crate, so that the core's layer test (`core/tests/layers.rs`) and the house's
//! circle test (`tests/house.rs`) share one reading of the code.

pub mod circle;
pub mod python;
pub mod rust;
pub mod typescript;

/// A file as a path of names below its source folder: `game/view.rs` is `["game", "view"]`;
/// a folder's own file (`mod.rs`, `lib.rs`, `__init__.py`, `index.ts`) is the folder's path.
pub type Module = Vec<String>;

/// Every pair (user, used) of distinct files where the first imports from the second.
pub type Uses = std::collections::BTreeSet<(Module, Module)>;

/// `module` as a path for messages: `game/view`, or `root` for the source folder's own file.
pub fn shown(module: &[String]) -> String {
    if module.is_empty() {
        "root".to_string()
    } else {
        module.join("/")
    }
}
