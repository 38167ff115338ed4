//! Imports between the modules of a Python package.
//!
//! Every `import` and `from … import` statement (anywhere in a file, inside a function or an
//! `if TYPE_CHECKING:` too; comments and strings do not count), absolute (`tablic.x`) or
//! relative (`.x`, `..`), is followed to the module that defines the name, through the
//! names a module imports from another (`from tablic import Card` uses `_tablic`, where
//! `__init__.py` imports `Card` from). A stub (`.pyi`) names a compiled module, which may be
//! imported and may define names, but its own imports are not read: they tell the type
//! checker what the compiled code (a Rust crate, checked as one) returns.

use std::collections::{BTreeMap, BTreeSet};
use std::fs;
use std::path::Path;

use crate::{Module, Uses};

/// The package's modules: the code of each, and which are a folder's `__init__`.
struct Package {
    code: BTreeMap<Module, String>,
    folders: BTreeSet<Module>,
}

/// Which module of the package in folder `dir`, imported as `name`, imports from which.
pub fn uses(dir: &Path, name: &str) -> Uses {
    let mut package = Package {
        code: BTreeMap::new(),
        folders: BTreeSet::new(),
    };
    load(dir, &[], &mut package);
    let mut imports: Vec<(Module, Module, Option<String>)> = Vec::new();
    for (module, code) in &package.code {
        let folder = if package.folders.contains(module) {
            module.clone()
        } else {
            module[..module.len() - 1].to_vec()
        };
        for statement in statements(code) {
            imports.extend(
                imported(&statement, &folder, name, &package)
                    .into_iter()
                    .map(|(used, item)| (module.clone(), used, item)),
            );
        }
    }
    // What each module imports under a name, so that a use of the name reaches its source.
    let mut brought: BTreeMap<(Module, String), Module> = BTreeMap::new();
    for (user, used, item) in &imports {
        if let Some(item) = item {
            brought.insert((user.clone(), item.clone()), used.clone());
        }
    }
    imports
        .into_iter()
        .map(|(user, used, item)| (user, source(used, item, &brought, 0)))
        .filter(|(user, used)| user != used)
        .collect()
}

/// Reads every `.py` and `.pyi` file under `dir` as the module `prefix` and its children.
fn load(dir: &Path, prefix: &[String], package: &mut Package) {
    for entry in fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        let stem = path.file_stem().unwrap().to_str().unwrap().to_string();
        if path.is_dir() {
            load(&path, &[prefix, &[stem]].concat(), package);
        } else if path
            .extension()
            .is_some_and(|extension| extension == "py" || extension == "pyi")
        {
            let module = if stem == "__init__" {
                package.folders.insert(prefix.to_vec());
                prefix.to_vec()
            } else {
                [prefix, &[stem]].concat()
            };
            let code = match path.extension().is_some_and(|extension| extension == "py") {
                true => code_only(&fs::read_to_string(&path).unwrap()),
                false => String::new(),
            };
            package.code.entry(module).or_default().push_str(&code);
        }
    }
}

/// `text` with comments and the insides of strings replaced by spaces, lines kept.
fn code_only(text: &str) -> String {
    let chars: Vec<char> = text.chars().collect();
    let blank = |c: char| if c == '\n' { '\n' } else { ' ' };
    let mut code = String::with_capacity(text.len());
    let mut i = 0;
    while i < chars.len() {
        let c = chars[i];
        if c == '#' {
            while i < chars.len() && chars[i] != '\n' {
                i += 1;
            }
        } else if c == '"' || c == '\'' {
            let triple = chars.get(i + 1) == Some(&c) && chars.get(i + 2) == Some(&c);
            let quote = if triple { 3 } else { 1 };
            let closes = |at: usize| (0..quote).all(|k| chars.get(at + k) == Some(&c));
            code.push(c);
            i += quote;
            while i < chars.len() && !closes(i) {
                let width = if chars[i] == '\\' { 2 } else { 1 };
                code.extend(
                    chars[i..(i + width).min(chars.len())]
                        .iter()
                        .map(|&c| blank(c)),
                );
                i += width;
            }
            code.push(c);
            i += quote;
        } else {
            code.push(c);
            i += 1;
        }
    }
    code
}

/// The logical lines that are import statements, brackets and `\` continuations joined.
fn statements(code: &str) -> Vec<String> {
    let mut lines = Vec::new();
    let mut line = String::new();
    let mut depth = 0i32;
    for c in code.chars() {
        match c {
            '(' | '[' | '{' => depth += 1,
            ')' | ']' | '}' => depth -= 1,
            _ => {}
        }
        if c == '\n' && depth <= 0 && !line.ends_with('\\') {
            lines.push(std::mem::take(&mut line));
        } else if c != '\n' && c != '\\' {
            line.push(c);
        } else {
            line.push(' ');
        }
    }
    lines.push(line);
    lines
        .into_iter()
        .map(|line| line.trim().to_string())
        .filter(|line| line.starts_with("import ") || line.starts_with("from "))
        .collect()
}

/// The modules of the package one import statement written in `folder` reaches, each with
/// the name it brings in (`None` for a whole module imported as such).
fn imported(
    statement: &str,
    folder: &[String],
    name: &str,
    package: &Package,
) -> Vec<(Module, Option<String>)> {
    let words: Vec<&str> = statement.split_whitespace().collect();
    let mut found = Vec::new();
    if words[0] == "import" {
        for dotted in statement["import".len()..].split(',') {
            let dotted = dotted.split_whitespace().next().unwrap_or("");
            if let Some(path) = absolute(dotted, folder, name) {
                found.extend(longest_module(&path, package).map(|module| (module, None)));
            }
        }
        return found;
    }
    let Some(base) = words.get(1).and_then(|from| absolute(from, folder, name)) else {
        return found;
    };
    let names = statement
        .split_once(" import ")
        .map_or("", |(_, names)| names);
    for item in names
        .trim_matches(|c| c == '(' || c == ')' || c == ' ')
        .split(',')
    {
        let Some(item) = item.split_whitespace().next() else {
            continue;
        };
        let child = [&base[..], &[item.to_string()]].concat();
        if package.code.contains_key(&child) {
            found.push((child, None));
        } else if let Some(module) = longest_module(&base, package) {
            found.push((module, (item != "*").then(|| item.to_string())));
        }
    }
    found
}

/// The module path of `dotted` (`tablic.x`, `.x`, `..`) written in `folder`; `None` for
/// another package's.
fn absolute(dotted: &str, folder: &[String], name: &str) -> Option<Module> {
    let level = dotted.chars().take_while(|&c| c == '.').count();
    let rest: Vec<String> = dotted[level..]
        .split('.')
        .filter(|part| !part.is_empty())
        .map(String::from)
        .collect();
    if level > 0 {
        let up = folder.len().checked_sub(level - 1)?;
        return Some([&folder[..up], &rest[..]].concat());
    }
    (rest.first().map(String::as_str) == Some(name)).then(|| rest[1..].to_vec())
}

/// The longest start of `path` that is a module of the package.
fn longest_module(path: &[String], package: &Package) -> Option<Module> {
    (0..=path.len())
        .rev()
        .map(|cut| path[..cut].to_vec())
        .find(|module| package.code.contains_key(module))
}

/// The module that defines `item` of `module`: where `module` imports it from, if it does.
fn source(
    module: Module,
    item: Option<String>,
    brought: &BTreeMap<(Module, String), Module>,
    depth: usize,
) -> Module {
    match item.and_then(|item| Some((brought.get(&(module.clone(), item.clone()))?, item))) {
        Some((next, item)) if depth < 8 => source(next.clone(), Some(item), brought, depth + 1),
        _ => module,
    }
}
