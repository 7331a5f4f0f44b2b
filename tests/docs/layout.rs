//! The layout is part of the design: each part of the library (a folder
//! under `src/`) says in its `mod.rs` which other parts it may use, and the
//! code keeps to it; the parts form no cycle; every command is one file
//! under `src/cli/`; no source file grows long without saying why.

use std::collections::{BTreeMap, BTreeSet};
use std::fs;
use std::path::{Path, PathBuf};

fn src() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("src")
}

fn rust_files(dir: &Path, out: &mut Vec<PathBuf>) {
    for entry in fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if path.is_dir() {
            rust_files(&path, out);
        } else if path.extension().is_some_and(|e| e == "rs") {
            out.push(path);
        }
    }
}

/// The library's parts: every folder under `src/` but the command line.
fn parts() -> Vec<String> {
    let mut parts: Vec<String> = fs::read_dir(src())
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.is_dir())
        .map(|p| p.file_name().unwrap().to_string_lossy().into_owned())
        .filter(|name| name != "cli")
        .collect();
    parts.sort();
    parts
}

/// The parts named on a `mod.rs`'s "May use:" line, up to its first full stop.
fn may_use(part: &str) -> BTreeSet<String> {
    let text = fs::read_to_string(src().join(part).join("mod.rs")).unwrap();
    let docs: String = text
        .lines()
        .take_while(|l| l.starts_with("//!"))
        .map(|l| l.trim_start_matches("//!").trim())
        .collect::<Vec<_>>()
        .join(" ");
    let at = docs.find("May use: ").unwrap_or_else(|| panic!("src/{part}/mod.rs has no \"May use:\" line"));
    let list = &docs[at + "May use: ".len()..];
    let list = &list[..list.find('.').unwrap()];
    if list.starts_with("nothing") {
        return BTreeSet::new();
    }
    list.split(',').map(|s| s.trim().to_string()).collect()
}

/// The parts a file's code (not its comments, not its unit tests) names
/// through `crate::`.
fn used_by(code: &str, known: &[String]) -> BTreeSet<String> {
    let code = code.split("#[cfg(test)]").next().unwrap();
    let mut used = BTreeSet::new();
    for line in code.lines().map(str::trim).filter(|l| !l.starts_with("//")) {
        for (at, _) in line.match_indices("crate::") {
            let rest = &line[at + "crate::".len()..];
            let names: Vec<&str> = if let Some(group) = rest.strip_prefix('{') {
                group[..group.find('}').unwrap_or(group.len())]
                    .split(',')
                    .map(|s| s.trim().split("::").next().unwrap())
                    .collect()
            } else {
                vec![rest.split(|c: char| !c.is_alphanumeric() && c != '_').next().unwrap()]
            };
            used.extend(names.into_iter().filter(|n| known.iter().any(|k| k == n)).map(String::from));
        }
    }
    used
}

#[test]
fn every_part_uses_only_what_its_mod_rs_allows() {
    let parts = parts();
    assert!(parts.len() >= 8, "{parts:?}");
    let mut wrong = Vec::new();
    let mut seen: BTreeMap<&str, BTreeSet<String>> = BTreeMap::new();
    for part in &parts {
        let allowed = may_use(part);
        for name in &allowed {
            assert!(parts.contains(name), "src/{part}/mod.rs may use `{name}`, which is no part");
        }
        let mut files = Vec::new();
        rust_files(&src().join(part), &mut files);
        for file in files.iter().filter(|f| !f.ends_with("tests.rs")) {
            let code = fs::read_to_string(file).unwrap();
            for used in used_by(&code, &parts) {
                seen.entry(part).or_default().insert(used.clone());
                if used != *part && !allowed.contains(&used) {
                    wrong.push(format!(
                        "src/{} uses `{used}`, not on src/{part}/mod.rs's \"May use:\" line",
                        file.strip_prefix(src()).unwrap().display()
                    ));
                }
            }
        }
    }
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
    // The scan sees real imports: the strategies use the solver, the
    // solver replays through the game engine.
    assert!(seen["play"].contains("solve") && seen["solve"].contains("game"), "{seen:?}");
}

#[test]
fn the_parts_form_no_cycle() {
    let graph: BTreeMap<String, BTreeSet<String>> = parts().into_iter().map(|p| (p.clone(), may_use(&p))).collect();
    // Kahn's order: a part is placed once every part it may use is placed.
    let mut placed: Vec<String> = Vec::new();
    while placed.len() < graph.len() {
        let next = graph
            .iter()
            .find(|(p, uses)| !placed.contains(p) && uses.iter().all(|u| placed.contains(u)))
            .map(|(p, _)| p.clone());
        match next {
            Some(p) => placed.push(p),
            None => panic!("the parts' \"May use:\" lines form a cycle among {:?}", {
                graph.keys().filter(|p| !placed.contains(p)).collect::<Vec<_>>()
            }),
        }
    }
    // The vocabulary is at the bottom and the fixture suite at the top.
    assert!(graph["model"].is_empty());
    assert!(placed.iter().position(|p| p == "suite") > placed.iter().position(|p| p == "play"));
}

#[test]
fn every_command_is_one_file_under_cli() {
    let main = fs::read_to_string(src().join("main.rs")).unwrap();
    assert!(main.lines().count() < 200, "src/main.rs should only parse arguments and dispatch");
    let body = &main[main.find("enum Command {").unwrap()..];
    let body = &body[..body.find('}').unwrap()];
    let commands: Vec<&str> = body
        .lines()
        .map(str::trim)
        .filter_map(|l| l.split_once("(cli::").map(|(_, rest)| rest.split("::").next().unwrap()))
        .collect();
    assert!(commands.len() >= 14, "{commands:?}");
    for command in commands {
        assert!(src().join("cli").join(format!("{command}.rs")).is_file(), "no src/cli/{command}.rs");
        let code = fs::read_to_string(src().join("cli").join(format!("{command}.rs"))).unwrap();
        assert!(code.contains("pub struct Args") && code.contains("pub fn run("), "src/cli/{command}.rs");
    }
}

#[test]
fn a_long_source_file_says_why_at_its_top() {
    let mut files = Vec::new();
    rust_files(&src(), &mut files);
    let long: Vec<String> = files
        .iter()
        .filter(|f| !f.ends_with("tests.rs"))
        .filter_map(|f| {
            let text = fs::read_to_string(f).unwrap();
            let head: String = text.lines().take(40).collect::<Vec<_>>().join("\n");
            (text.lines().count() > 700 && !head.contains("This file is long"))
                .then(|| format!("src/{}", f.strip_prefix(src()).unwrap().display()))
        })
        .collect();
    assert!(long.is_empty(), "over 700 lines with no \"This file is long ...\" note at the top: {long:?}");
}

/// Every answer the product uses is replayed through the rules: outside
/// `src/solve/`, no code asks a solver for an answer itself (a `Solver`'s
/// `solve`), only through the one entry that replays it, `solve_checked`.
#[test]
fn no_code_outside_the_solvers_asks_a_solver_for_an_answer_but_through_solve_checked() {
    let mut files = Vec::new();
    rust_files(&src(), &mut files);
    let solvers = src().join("solve");
    let mut direct = Vec::new();
    for file in files.iter().filter(|f| !f.starts_with(&solvers)) {
        let text = fs::read_to_string(file).unwrap();
        let code = text.split("#[cfg(test)]").next().unwrap();
        for (i, line) in code.lines().enumerate() {
            let line = line.split("//").next().unwrap();
            if ["Native.solve(", "Smt.solve(", "solver.solve(", "Native::default().solve("]
                .iter()
                .any(|c| line.contains(c))
            {
                direct.push(format!("{}:{}: {}", file.strip_prefix(src()).unwrap().display(), i + 1, line.trim()));
            }
        }
    }
    assert!(direct.is_empty(), "solvers asked directly, skipping the replay:\n{}", direct.join("\n"));
}

/// Inside each part, its files name each other (`super::NAME`) without a
/// circle: a file can be read knowing only the files below it.
#[test]
fn the_files_of_each_part_import_each_other_without_a_circle() {
    let mut circles = Vec::new();
    for part in parts() {
        let dir = src().join(&part);
        let names: Vec<String> = fs::read_dir(&dir)
            .unwrap()
            .map(|e| e.unwrap().path())
            .filter(|p| p.extension().is_some_and(|e| e == "rs") && !p.ends_with("mod.rs"))
            .map(|p| p.file_stem().unwrap().to_string_lossy().into_owned())
            .collect();
        let uses: BTreeMap<&str, BTreeSet<&str>> = names
            .iter()
            .map(|name| {
                let text = fs::read_to_string(dir.join(format!("{name}.rs"))).unwrap();
                let code = text.split("#[cfg(test)]").next().unwrap().to_string();
                let named = names
                    .iter()
                    .filter(|other| *other != name && code.contains(&format!("super::{other}::")))
                    .map(String::as_str)
                    .collect();
                (name.as_str(), named)
            })
            .collect();
        let mut placed: Vec<&str> = Vec::new();
        while placed.len() < uses.len() {
            let next = uses.iter().find(|(f, u)| !placed.contains(f) && u.iter().all(|n| placed.contains(n)));
            match next {
                Some((f, _)) => placed.push(f),
                None => {
                    let left: Vec<&&str> = uses.keys().filter(|f| !placed.contains(f)).collect();
                    circles.push(format!("src/{part}: a circle among {left:?}"));
                    break;
                }
            }
        }
    }
    assert!(circles.is_empty(), "{}", circles.join("\n"));
}

/// docs/ARCHITECTURE.md names every file of the parts a newcomer to the
/// conformance suite reads (the suite, the protocol, conform), each in its
/// own folder's entry.
#[test]
fn the_architecture_doc_names_every_file_of_the_suite_protocol_and_conform() {
    let doc = fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join("docs/ARCHITECTURE.md")).unwrap();
    let mut missing = Vec::new();
    for part in ["suite", "protocol", "conform"] {
        let entry = doc.split(&format!("- `src/{part}/`")).nth(1).unwrap_or_else(|| panic!("no entry for src/{part}/"));
        let entry = entry.split("\n- ").next().unwrap();
        for file in fs::read_dir(src().join(part)).unwrap().map(|e| e.unwrap().path()) {
            let name = file.file_name().unwrap().to_string_lossy().into_owned();
            if name.ends_with(".rs") && name != "mod.rs" && !entry.contains(&format!("`{name}`")) {
                missing.push(format!("src/{part}/{name}"));
            }
        }
    }
    assert!(missing.is_empty(), "not named in docs/ARCHITECTURE.md: {missing:?}");
}

/// One convention for module files: a part of `src/` is a folder with a
/// `mod.rs` (where its "May use:" line lives); inside a part, a module with
/// modules of its own is `name.rs` beside a folder `name/`, never
/// `name/mod.rs`.
#[test]
fn a_mod_rs_is_a_part_s_and_no_other_module_s() {
    fn walk(dir: &Path, depth: usize, wrong: &mut Vec<String>) {
        for entry in fs::read_dir(dir).unwrap() {
            let path = entry.unwrap().path();
            if path.is_dir() {
                walk(&path, depth + 1, wrong);
            } else if path.file_name().is_some_and(|n| n == "mod.rs") && depth != 1 {
                wrong.push(path.display().to_string());
            }
        }
    }
    let mut wrong = Vec::new();
    walk(&src(), 0, &mut wrong);
    assert!(wrong.is_empty(), "modules inside a part written as name/mod.rs, not name.rs: {wrong:?}");
}
