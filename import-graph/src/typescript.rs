//! Imports between the files of a TypeScript source folder.
//!
//! Every relative module specifier (`"./x"`, `"../x.js"`) after `from`, after a bare
//! `import`, or in a dynamic `import(…)` is followed to its `.ts` file (comments do not
//! count). Packages (`"playwright-core"`) are outside the folder and not followed.

use std::collections::BTreeSet;
use std::fs;
use std::path::{Component, Path, PathBuf};

use crate::{Module, Uses};

/// Which `.ts` file under `src` imports which.
pub fn uses(src: &Path) -> Uses {
    let mut files = Vec::new();
    load(src, &mut files);
    let known: BTreeSet<PathBuf> = files.iter().cloned().collect();
    let mut uses = Uses::new();
    for file in &files {
        let code = without_comments(&fs::read_to_string(file).unwrap());
        for specifier in specifiers(&code) {
            if !specifier.starts_with('.') {
                continue;
            }
            let target = normal(&file.parent().unwrap().join(&specifier));
            let stem = target.with_extension("");
            let candidates = [
                target.clone(),
                stem.with_extension("ts"),
                target.with_extension("ts"),
                target.join("index.ts"),
            ];
            if let Some(used) = candidates.iter().find(|path| known.contains(*path)) {
                if used != file {
                    uses.insert((module(src, file), module(src, used)));
                }
            }
        }
    }
    uses
}

fn load(dir: &Path, files: &mut Vec<PathBuf>) {
    for entry in fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if path.is_dir() {
            load(&path, files);
        } else if path.extension().is_some_and(|extension| extension == "ts") {
            files.push(normal(&path));
        }
    }
}

/// `path` with its `.` and `..` parts resolved.
fn normal(path: &Path) -> PathBuf {
    let mut out = PathBuf::new();
    for part in path.components() {
        match part {
            Component::CurDir => {}
            Component::ParentDir => {
                out.pop();
            }
            other => out.push(other),
        }
    }
    out
}

/// `file` as a module of `src`: `src/a/b.ts` is `["a", "b"]`, `src/a/index.ts` is `["a"]`.
fn module(src: &Path, file: &Path) -> Module {
    let relative = file.strip_prefix(normal(src)).unwrap().with_extension("");
    let mut parts: Module = relative
        .iter()
        .map(|part| part.to_string_lossy().into_owned())
        .collect();
    if parts.last().is_some_and(|last| last == "index") {
        parts.pop();
    }
    parts
}

/// `text` with `//` and `/* */` comments blanked; strings and template literals kept whole.
fn without_comments(text: &str) -> String {
    let chars: Vec<char> = text.chars().collect();
    let at = |i: usize| chars.get(i).copied().unwrap_or(' ');
    let mut code = String::with_capacity(text.len());
    let mut i = 0;
    while i < chars.len() {
        let c = chars[i];
        if c == '/' && at(i + 1) == '/' {
            while i < chars.len() && chars[i] != '\n' {
                i += 1;
            }
        } else if c == '/' && at(i + 1) == '*' {
            i += 2;
            while i < chars.len() && !(chars[i] == '*' && at(i + 1) == '/') {
                i += 1;
            }
            i += 2;
            code.push(' ');
        } else if c == '"' || c == '\'' || c == '`' {
            code.push(c);
            i += 1;
            while i < chars.len() && chars[i] != c {
                if chars[i] == '\\' {
                    code.push(chars[i]);
                    i += 1;
                }
                if i < chars.len() {
                    code.push(chars[i]);
                }
                i += 1;
            }
            code.push(c);
            i += 1;
        } else {
            code.push(c);
            i += 1;
        }
    }
    code
}

/// Every quoted string that follows `from`, `import` or `import(` as a module specifier.
fn specifiers(code: &str) -> Vec<String> {
    let mut found = Vec::new();
    for keyword in ["from", "import"] {
        let mut from = 0;
        while let Some(offset) = code[from..].find(keyword) {
            let start = from + offset;
            from = start + keyword.len();
            let before = code[..start].chars().next_back();
            if before.is_some_and(|c| c.is_alphanumeric() || c == '_' || c == '$' || c == '.') {
                continue;
            }
            let rest = code[from..].trim_start();
            let rest = rest.strip_prefix('(').map_or(rest, str::trim_start);
            let Some(quote) = rest.chars().next().filter(|c| *c == '"' || *c == '\'') else {
                continue;
            };
            if let Some(end) = rest[1..].find(quote) {
                found.push(rest[1..1 + end].to_string());
            }
        }
    }
    found
}
