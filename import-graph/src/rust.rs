//! Uses between the files of a Rust crate.
//!
//! Every `use` and every `crate::`/`super::` path in the code (comments and strings do not
//! count) is followed to the file that defines the item, through `pub use` re-exports. A
//! `pub use` is a folder's face, not a use, unless the file's own code names the item.

use std::collections::BTreeMap;
use std::fs;
use std::path::Path;

use crate::{Module, Uses};

/// Which file of the crate whose source folder is `src` uses which: every pair (user,
/// used) of distinct files, `lib.rs` left out.
pub fn uses(src: &Path) -> Uses {
    let files = sources(src);
    let mut reexports: BTreeMap<(Module, String), Module> = BTreeMap::new();
    let mut written: Vec<(Module, Module)> = Vec::new();
    for (module, code) in &files {
        // After `mod tests {`, paths are relative to the inline tests module.
        let tests = find_word(code, "mod tests", 0);
        let here = |at: usize| match tests {
            Some(start) if at > start => [module.clone(), vec!["tests".to_string()]].concat(),
            _ => module.clone(),
        };
        let mut rest = code.clone();
        let mut imported = Vec::new();
        for (start, end, public) in use_statements(code) {
            for (path, name) in expand(&code[start..end]) {
                let Some(full) = absolute(&here(start), &path, &files) else {
                    continue;
                };
                if public && name != "*" {
                    reexports.insert((module.clone(), name.clone()), full.clone());
                }
                imported.push((full, name, public));
            }
            rest.replace_range(start..end, &" ".repeat(end - start));
        }
        // A public re-export is a use only if the code here names it.
        for (full, name, public) in imported {
            if !public || find_word(&rest, &name, 0).is_some() {
                written.push((module.clone(), full));
            }
        }
        for (at, path) in inline_paths(&rest) {
            if let Some(full) = absolute(&here(at), &path, &files) {
                written.push((module.clone(), full));
            }
        }
    }
    written
        .into_iter()
        .filter(|(user, _)| !user.is_empty())
        .filter_map(|(user, full)| Some((user, resolve(&full, &files, &reexports, 0)?)))
        .filter(|(user, used)| user != used && !used.is_empty())
        .collect()
}

/// Every file of the folder `src`, by module, its comments, strings and character literals
/// blanked out.
pub fn sources(src: &Path) -> BTreeMap<Module, String> {
    let mut files = BTreeMap::new();
    load(src, &[], &mut files);
    files
}

/// Reads every `.rs` file under `dir`, as the module `prefix` and its children, comments,
/// strings and character literals blanked out.
fn load(dir: &Path, prefix: &[String], files: &mut BTreeMap<Module, String>) {
    for entry in fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        let name = path.file_stem().unwrap().to_str().unwrap().to_string();
        if path.is_dir() {
            load(&path, &[prefix, &[name]].concat(), files);
        } else if path.extension().is_some_and(|extension| extension == "rs") {
            let module = match name.as_str() {
                "mod" | "lib" => prefix.to_vec(),
                _ => [prefix, &[name]].concat(),
            };
            files.insert(module, code_only(&fs::read_to_string(&path).unwrap()));
        }
    }
}

/// `text` with comments, strings and character literals replaced by spaces (a string
/// keeps its quotes), so that only code is searched.
fn code_only(text: &str) -> String {
    let chars: Vec<char> = text.chars().collect();
    let at = |i: usize| chars.get(i).copied().unwrap_or(' ');
    let mut code = String::with_capacity(text.len());
    let mut i = 0;
    while i < chars.len() {
        let (c, next) = (chars[i], at(i + 1));
        if c == '/' && next == '/' {
            while i < chars.len() && chars[i] != '\n' {
                i += 1;
            }
        } else if c == '/' && next == '*' {
            let mut depth = 0;
            loop {
                match (at(i), at(i + 1)) {
                    ('/', '*') => (depth, i) = (depth + 1, i + 2),
                    ('*', '/') => (depth, i) = (depth - 1, i + 2),
                    _ => i += 1,
                }
                if depth == 0 || i >= chars.len() {
                    break;
                }
            }
            code.push(' ');
        } else if c == '"' || (c == 'r' && (next == '"' || next == '#') && raw(&chars, i)) {
            let hashes = chars[i + 1..].iter().take_while(|&&c| c == '#').count();
            let escapes = c == '"';
            i += if escapes { 1 } else { hashes + 2 };
            while i < chars.len() {
                if escapes && chars[i] == '\\' {
                    i += 2;
                } else if chars[i] == '"' && (escapes || (1..=hashes).all(|k| at(i + k) == '#')) {
                    i += if escapes { 1 } else { hashes + 1 };
                    break;
                } else {
                    i += 1;
                }
            }
            code.push_str("\"\"");
        } else if c == '\'' && (next == '\\' || at(i + 2) == '\'') {
            // A character literal; a lone quote is a lifetime and stays.
            i += 2;
            while at(i) != '\'' {
                i += if at(i) == '\\' { 2 } else { 1 };
            }
            i += 1;
            code.push_str("' '");
        } else {
            code.push(c);
            i += 1;
        }
    }
    code
}

/// True when the `r` at `i` starts a raw string: `r"…"` or `r#"…"#`, not part of a name.
fn raw(chars: &[char], i: usize) -> bool {
    let hashes = chars[i + 1..].iter().take_while(|&&c| c == '#').count();
    let before = i.checked_sub(1).map(|k| chars[k]);
    chars.get(i + 1 + hashes) == Some(&'"')
        && !before.is_some_and(|c| c.is_alphanumeric() || c == '_')
}

fn is_name(c: char) -> bool {
    c.is_alphanumeric() || c == '_'
}

/// Where `word` first occurs in `code` from `from` on as a whole word (or words).
fn find_word(code: &str, word: &str, from: usize) -> Option<usize> {
    let mut start = from;
    while let Some(found) = code[start..].find(word).map(|offset| start + offset) {
        let before = code[..found].chars().next_back().is_some_and(is_name);
        let after = code[found + word.len()..]
            .chars()
            .next()
            .is_some_and(is_name);
        if !before && !after {
            return Some(found);
        }
        start = found + word.len();
    }
    None
}

/// Every `use` statement: the span of its tree (between `use` and `;`), and whether it is
/// a `pub` (or `pub(…)`) re-export.
fn use_statements(code: &str) -> Vec<(usize, usize, bool)> {
    let mut statements = Vec::new();
    let mut from = 0;
    while let Some(found) = find_word(code, "use", from) {
        let end = found + code[found..].find(';').unwrap();
        let before = code[..found].trim_end();
        let before = match before.strip_suffix(')') {
            Some(restricted) => restricted[..restricted.rfind('(').unwrap()].trim_end(),
            None => before,
        };
        let public = before.ends_with("pub") && !before[..before.len() - 3].ends_with(is_name);
        statements.push((found + 3, end, public));
        from = end;
    }
    statements
}

/// Every path a use tree names, with the name it brings in: `a::{b, c::{self, D as E}}`
/// gives `a::b` (b), `a::c` (c) and `a::c::D` (E); a glob brings in `*`.
fn expand(tree: &str) -> Vec<(Vec<String>, String)> {
    let mut tokens = Vec::new();
    let chars: Vec<char> = tree.chars().collect();
    let mut i = 0;
    while i < chars.len() {
        let start = i;
        if is_name(chars[i]) {
            while i < chars.len() && is_name(chars[i]) {
                i += 1;
            }
        } else {
            i += if chars[i] == ':' { 2 } else { 1 };
        }
        let token: String = chars[start..i].iter().collect();
        if !token.trim().is_empty() {
            tokens.push(token);
        }
    }
    let mut paths = Vec::new();
    subtree(&tokens, &mut 0, Vec::new(), &mut paths);
    paths
}

fn subtree(
    tokens: &[String],
    at: &mut usize,
    mut prefix: Vec<String>,
    out: &mut Vec<(Vec<String>, String)>,
) {
    while let Some(token) = tokens.get(*at) {
        *at += 1;
        match token.as_str() {
            "{" => {
                while tokens.get(*at).is_some_and(|token| token != "}") {
                    subtree(tokens, at, prefix.clone(), out);
                    if tokens.get(*at).is_some_and(|token| token == ",") {
                        *at += 1;
                    }
                }
                *at += 1;
                return;
            }
            "*" => return out.push(([prefix, vec!["*".into()]].concat(), "*".into())),
            "self" if !prefix.is_empty() => {
                let name = prefix.last().unwrap().clone();
                return out.push((prefix, name));
            }
            name => {
                prefix.push(name.to_string());
                match tokens.get(*at).map(String::as_str) {
                    Some("::") => *at += 1,
                    Some("as") => {
                        *at += 2;
                        return out.push((prefix, tokens[*at - 1].clone()));
                    }
                    _ => return out.push((prefix, name.to_string())),
                }
            }
        }
    }
}

/// Every path in `code` that starts with `crate::` or `super::`, with where it starts.
fn inline_paths(code: &str) -> Vec<(usize, Vec<String>)> {
    let mut paths = Vec::new();
    for root in ["crate", "super"] {
        let mut from = 0;
        while let Some(found) = find_word(code, root, from) {
            let mut path = vec![root.to_string()];
            let mut end = found + root.len();
            while let Some(next) = code[end..].strip_prefix("::") {
                let name: String = next.chars().take_while(|&c| is_name(c)).collect();
                if name.is_empty() {
                    break;
                }
                end += 2 + name.len();
                path.push(name);
            }
            if path.len() > 1 {
                paths.push((found, path));
            }
            from = end;
        }
    }
    paths
}

/// `path`, written in module `here`, from the crate root; `None` for another crate's.
fn absolute(here: &[String], path: &[String], files: &BTreeMap<Module, String>) -> Option<Module> {
    match path[0].as_str() {
        "crate" => Some(path[1..].to_vec()),
        "self" => Some([here, &path[1..]].concat()),
        "super" => {
            let supers = path
                .iter()
                .take_while(|segment| *segment == "super")
                .count();
            Some([&here[..here.len() - supers], &path[supers..]].concat())
        }
        _ => {
            let child = [here, &path[..1]].concat();
            files.contains_key(&child).then(|| [here, path].concat())
        }
    }
}

/// The file that defines what `path` names: its longest prefix that is a file, or what
/// that file re-exports under the next name.
fn resolve(
    path: &[String],
    files: &BTreeMap<Module, String>,
    reexports: &BTreeMap<(Module, String), Module>,
    depth: usize,
) -> Option<Module> {
    let file = (0..=path.len())
        .rev()
        .find(|&cut| files.contains_key(&path[..cut]))?;
    let (module, rest) = (path[..file].to_vec(), &path[file..]);
    match rest
        .first()
        .and_then(|name| reexports.get(&(module.clone(), name.clone())))
    {
        Some(target) if depth < 8 => {
            resolve(&[target, &rest[1..]].concat(), files, reexports, depth + 1)
        }
        _ => Some(module),
    }
}
