//! The first circle of a graph of uses, if there is one.

use std::collections::{BTreeMap, BTreeSet};

use crate::{shown, Module, Uses};

/// A circle of files, each using the next, the first repeated at the end; `None` if the
/// uses have no circle. Depth first, in the order of the files' paths.
pub fn find_circle(uses: &Uses) -> Option<Vec<Module>> {
    let mut graph: BTreeMap<&Module, Vec<&Module>> = BTreeMap::new();
    for (user, used) in uses {
        graph.entry(user).or_default().push(used);
    }
    let mut done = BTreeSet::new();
    graph
        .keys()
        .find_map(|file| visit(file, &graph, &mut Vec::new(), &mut done))
}

/// A file met again while still on the path closes a circle.
fn visit<'a>(
    file: &'a Module,
    graph: &BTreeMap<&'a Module, Vec<&'a Module>>,
    path: &mut Vec<&'a Module>,
    done: &mut BTreeSet<&'a Module>,
) -> Option<Vec<Module>> {
    if let Some(start) = path.iter().position(|on_path| *on_path == file) {
        let circle = path[start..].iter().chain([&file]);
        return Some(circle.map(|module| module.to_vec()).collect());
    }
    if done.contains(file) {
        return None;
    }
    path.push(file);
    for used in graph.get(file).into_iter().flatten() {
        if let Some(circle) = visit(used, graph, path, done) {
            return Some(circle);
        }
    }
    path.pop();
    done.insert(file);
    None
}

/// The circle as `a -> b -> a`, for a failing test's message.
pub fn shown_circle(circle: &[Module]) -> String {
    let files: Vec<String> = circle.iter().map(|module| shown(module)).collect();
    files.join(" -> ")
}
