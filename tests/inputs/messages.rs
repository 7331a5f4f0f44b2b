//! Messages for values of the wrong kind, in the files' words. Every kind of
//! file the toolkit reads is taken from a valid example, and each of its
//! values in turn is replaced by one of another kind (a word for a list or
//! a number, a list for a word, a mapping for a list, ...); the binary must
//! refuse each as bad input (exit status 2) with a message that names
//! FILE:LINE:COL, says what to write there, quotes no line of the file, and
//! never speaks serde's language of Rust types (struct, enum, sequence,
//! map, "invalid type", "unknown variant", "array of length", i32). Beside
//! them: the messages the issue asked for word by word, and the nearest
//! valid word suggested for a mistyped key, goal, variant, reading name and
//! reading value.

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};
use std::process::{Command, Output};
use std::sync::Mutex;
use std::sync::atomic::{AtomicUsize, Ordering};

use serde_yaml::{Mapping, Value};

fn bin() -> &'static str {
    env!("CARGO_BIN_EXE_quadominos")
}

fn root() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

fn run(args: &[String]) -> Output {
    Command::new(bin()).args(args).current_dir(root()).output().expect("the binary runs")
}

fn shipped(path: &str) -> String {
    std::fs::read_to_string(root().join(path)).unwrap_or_else(|e| panic!("{path}: {e}"))
}

/// One kind of input file: a valid example and how the binary reads it.
struct Kind {
    name: &'static str,
    /// The file's name in the test's folder (its extension says JSON).
    file: &'static str,
    /// The valid example.
    doc: Value,
    /// The arguments that read the file at the given path.
    args: fn(&str) -> Vec<String>,
    /// Other files the example needs beside it (a spec's tile set).
    beside: Vec<(&'static str, String)>,
}

fn strings(v: &[&str]) -> Vec<String> {
    v.iter().map(|s| s.to_string()).collect()
}

fn yaml(text: &str) -> Value {
    serde_yaml::from_str(text).expect("a valid example")
}

/// A fixture file as `fixtures --check` reads it: the smallest position
/// with moves from a suite the binary writes, and a perft count.
fn fixtures(dir: &Path) -> (Value, Value) {
    let out = dir.join("suite");
    let made =
        run(&strings(&["fixtures", "--out", out.to_str().unwrap(), "--seed", "1", "--count", "1", "--positions", "1"]));
    assert!(made.status.success(), "{}", String::from_utf8_lossy(&made.stderr));
    let positions: Vec<serde_json::Value> =
        serde_json::from_str(&std::fs::read_to_string(out.join("positions.json")).unwrap()).unwrap();
    let has_moves =
        |p: &serde_json::Value| p["moves"].as_array().unwrap().iter().all(|m| m["count"].as_u64() > Some(0));
    let smallest = positions
        .iter()
        .filter(|p| has_moves(p))
        .min_by_key(|p| p.to_string().len())
        .expect("a position with moves under every variant");
    let positions = serde_yaml::to_value(vec![smallest]).unwrap();
    let perft = run(&strings(&["perft", "puzzles/bonus-corner.yaml", "--depth", "1", "--format", "json"]));
    assert!(perft.status.success());
    (positions, serde_json::from_slice::<Value>(&perft.stdout).unwrap())
}

fn kinds(dir: &Path) -> Vec<Kind> {
    let puzzle = yaml(&shipped("puzzles/bonus-corner.yaml"));
    let mut position = puzzle.clone();
    let m = position.as_mapping_mut().unwrap();
    m.remove("goal");
    m.remove("expect");
    let (positions, perft) = fixtures(dir);
    let tile_set = "name: small\ntiles:\n  - [0, 0, 0, 0]\n  - [0, 0, 1, 1]\n  - [0, 1, 2, 3]\n".to_string();
    let spec_on_tiles = shipped("tests/bad-inputs/tile-set/three-values/spec.yaml");
    vec![
        Kind { name: "position", file: "p.yaml", doc: position, args: |f| strings(&["moves", f]), beside: vec![] },
        Kind {
            name: "puzzle (best-turn)",
            file: "t.yaml",
            doc: puzzle,
            args: |f| strings(&["solve", f]),
            beside: vec![],
        },
        Kind {
            name: "puzzle (fill)",
            file: "f.yaml",
            doc: yaml(&shipped("puzzles/fill-1x2-weight.yaml")),
            args: |f| strings(&["solve", f]),
            beside: vec![],
        },
        Kind {
            name: "puzzle (best-sequence)",
            file: "q.yaml",
            doc: yaml(&shipped("puzzles/seq-tiny-english.yaml")),
            args: |f| strings(&["solve", f]),
            beside: vec![],
        },
        Kind {
            name: "scenario",
            file: "s.yaml",
            doc: yaml(&shipped("specs/scenarios/e10-going-out-collects-the-other-hands.yaml")),
            args: |f| strings(&["check", f]),
            beside: vec![],
        },
        Kind {
            name: "scenario (deal)",
            file: "d.yaml",
            doc: yaml(&shipped("specs/scenarios/e19-beginner-deal.yaml")),
            args: |f| strings(&["check", f]),
            beside: vec![],
        },
        Kind {
            name: "spec",
            file: "v.yaml",
            doc: yaml(&shipped("specs/variants/english.yaml")),
            args: |f| strings(&["variants", "--spec", f]),
            beside: vec![],
        },
        Kind {
            name: "tile set",
            file: "tiles.yaml",
            doc: yaml(&tile_set),
            args: |_| strings(&["variants", "--spec", "on-tiles.yaml"]),
            beside: vec![("on-tiles.yaml", spec_on_tiles)],
        },
        Kind {
            name: "transcript",
            file: "g.yaml",
            doc: yaml(&shipped("fuzz/transcripts/english-2p-greedy-seed1.yaml")),
            args: |f| strings(&["replay", f]),
            beside: vec![],
        },
        Kind {
            name: "fixtures (moves)",
            file: "m.json",
            doc: positions,
            args: |f| strings(&["fixtures", "--check", f]),
            beside: vec![],
        },
        Kind {
            name: "fixtures (perft)",
            file: "n.json",
            doc: perft,
            args: |f| strings(&["fixtures", "--check", f]),
            beside: vec![],
        },
    ]
}

/// One step into a document.
#[derive(Clone, Debug)]
enum Step {
    Key(Value),
    Index(usize),
}

/// Every node of `doc` with its path, once per place: the entries of a
/// list stand for each other (`board[]`), so only the first two of each
/// list are taken.
fn places(doc: &Value) -> Vec<Vec<Step>> {
    fn walk(v: &Value, path: &mut Vec<Step>, seen: &mut BTreeSet<String>, out: &mut Vec<Vec<Step>>) {
        let shape: String = path
            .iter()
            .map(|s| match s {
                Step::Key(k) => format!(".{}", serde_yaml::to_string(k).unwrap().trim()),
                Step::Index(_) => "[]".to_string(),
            })
            .collect();
        let kind = match v {
            Value::Mapping(_) => "m",
            Value::Sequence(_) => "s",
            _ => "v",
        };
        if !seen.insert(format!("{shape}:{kind}")) {
            return;
        }
        out.push(path.clone());
        match v {
            Value::Mapping(m) => {
                for (k, child) in m {
                    path.push(Step::Key(k.clone()));
                    walk(child, path, seen, out);
                    path.pop();
                }
            }
            Value::Sequence(s) => {
                for (i, child) in s.iter().enumerate().take(2) {
                    path.push(Step::Index(i));
                    walk(child, path, seen, out);
                    path.pop();
                }
            }
            _ => {}
        }
    }
    let mut out = Vec::new();
    walk(doc, &mut Vec::new(), &mut BTreeSet::new(), &mut out);
    out
}

fn at<'a>(doc: &'a mut Value, path: &[Step]) -> &'a mut Value {
    path.iter().fold(doc, |v, step| match step {
        Step::Key(k) => v.as_mapping_mut().unwrap().get_mut(k).unwrap(),
        Step::Index(i) => &mut v.as_sequence_mut().unwrap()[*i],
    })
}

/// Values of other kinds than `v`: a word, a number, a list and a mapping,
/// less the one `v` is. A text is not given a number: a number written
/// where a text belongs is read as that text.
fn others(v: &Value) -> Vec<Value> {
    let word = Value::String("stone".into());
    let number = Value::Number(7.into());
    let list = Value::Sequence(vec![Value::Number(1.into()), Value::Number(2.into())]);
    let mut mapping = Mapping::new();
    mapping.insert(Value::String("colour".into()), Value::String("red".into()));
    let mapping = Value::Mapping(mapping);
    match v {
        Value::Mapping(_) => vec![word, list],
        Value::Sequence(_) => vec![word, mapping],
        Value::String(_) => vec![list, mapping],
        Value::Number(_) => vec![word, list, mapping],
        Value::Bool(_) => vec![word, number, list, mapping],
        _ => vec![list, mapping],
    }
}

/// serde's words for Rust types, never to be shown for an input file.
const SERDE_WORDS: [&str; 14] = [
    "struct",
    "enum",
    "unknown variant",
    "variant of",
    "sequence",
    "invalid type",
    "invalid value",
    "invalid length",
    "array of length",
    "unknown field",
    "missing field",
    "duplicate field",
    "borrowed",
    "yaml tag",
];

/// Rust's number types, and `map` as a word.
fn speaks_rust(message: &str) -> Option<String> {
    // `best-sequence` is a goal's name, not serde's word.
    let lower = message.to_lowercase().replace("best-sequence", "");
    if let Some(w) = SERDE_WORDS.iter().find(|w| lower.contains(*w)) {
        return Some(w.to_string());
    }
    let words: Vec<&str> = lower.split(|c: char| !c.is_ascii_alphanumeric()).collect();
    let rust = ["map", "i8", "i16", "i32", "i64", "i128", "u8", "u16", "u32", "u64", "u128", "usize", "isize", "f64"];
    words.iter().find(|w| rust.contains(w)).map(|w| w.to_string())
}

/// What is wrong with the refusal of a file, if anything: `file` is its
/// path as given, `text` what it holds.
fn judge(out: &Output, file: &str, text: &str) -> Option<String> {
    let err = String::from_utf8_lossy(&out.stderr);
    if out.status.code() != Some(2) {
        return Some(format!("exit {:?}, not 2: {err}", out.status.code()));
    }
    let first = err.lines().next().unwrap_or("");
    let Some(rest) = first.strip_prefix(&format!("error: {file}:")) else {
        return Some(format!("the message does not start with `error: {file}:`: {first}"));
    };
    let mut parts = rest.splitn(3, ':');
    let (line, col) = (parts.next().unwrap_or(""), parts.next().unwrap_or(""));
    if line.parse::<usize>().is_err() || col.parse::<usize>().is_err() {
        return Some(format!("no line:col: {first}"));
    }
    if let Some(word) = speaks_rust(&err) {
        return Some(format!("speaks of `{word}`: {first}"));
    }
    let message = parts.next().unwrap_or("");
    if !message.contains("write") && !message.contains("use one of") {
        return Some(format!("says nothing of what to write: {first}"));
    }
    if let Some(line) = text.lines().map(str::trim).find(|l| l.len() >= 30 && err.contains(l)) {
        return Some(format!("quotes the file's line `{line}`: {first}"));
    }
    None
}

/// Writes `doc` as its kind is written (YAML, or JSON for `.json`).
fn written(file: &str, doc: &Value) -> String {
    if file.ends_with(".json") {
        serde_json::to_string_pretty(doc).unwrap()
    } else {
        serde_yaml::to_string(doc).unwrap()
    }
}

#[test]
fn every_value_of_the_wrong_kind_is_refused_in_the_files_words() {
    let tmp = tempfile::tempdir().unwrap();
    let kinds = kinds(tmp.path());
    // Every (kind, place, replacement), each tried in its own folder.
    let mut cases: Vec<(usize, Vec<Step>, Value)> = Vec::new();
    for (k, kind) in kinds.iter().enumerate() {
        // The example itself is read without a problem.
        let dir = tmp.path().join(format!("valid-{k}"));
        std::fs::create_dir(&dir).unwrap();
        for (name, text) in &kind.beside {
            std::fs::write(dir.join(name), text).unwrap();
        }
        std::fs::write(dir.join(kind.file), written(kind.file, &kind.doc)).unwrap();
        let out = Command::new(bin()).args((kind.args)(kind.file)).current_dir(&dir).output().unwrap();
        assert!(out.status.success(), "{}: {}", kind.name, String::from_utf8_lossy(&out.stderr));
        for path in places(&kind.doc) {
            let mut doc = kind.doc.clone();
            for other in others(at(&mut doc, &path)) {
                cases.push((k, path.clone(), other));
            }
        }
    }
    assert!(cases.len() > 300, "{} cases", cases.len());
    let next = AtomicUsize::new(0);
    let problems = Mutex::new(Vec::new());
    let refused = AtomicUsize::new(0);
    std::thread::scope(|s| {
        for _ in 0..4 {
            s.spawn(|| {
                loop {
                    let i = next.fetch_add(1, Ordering::Relaxed);
                    let Some((k, path, other)) = cases.get(i) else { break };
                    let kind = &kinds[*k];
                    let dir: PathBuf = tmp.path().join(format!("case-{i}"));
                    std::fs::create_dir(&dir).unwrap();
                    for (name, text) in &kind.beside {
                        std::fs::write(dir.join(name), text).unwrap();
                    }
                    let mut doc = kind.doc.clone();
                    *at(&mut doc, path) = other.clone();
                    let text = written(kind.file, &doc);
                    std::fs::write(dir.join(kind.file), &text).unwrap();
                    let out = Command::new(bin()).args((kind.args)(kind.file)).current_dir(&dir).output().unwrap();
                    if out.status.code() == Some(2) {
                        refused.fetch_add(1, Ordering::Relaxed);
                    }
                    if std::env::var_os("SHOW_MESSAGES").is_some() {
                        eprintln!(
                            "{}: {}",
                            kind.name,
                            String::from_utf8_lossy(&out.stderr).lines().next().unwrap_or("")
                        );
                    }
                    // A spec or tile set replaced whole by a word or a list
                    // is no spec or tile set: it is said to be none, where
                    // it is named, and nothing of it is shown.
                    let none = ["spec", "tile set"].contains(&kind.name) && path.is_empty();
                    let said = String::from_utf8_lossy(&out.stderr);
                    let problem = if none {
                        let named = said.contains("is not a variant spec") || said.contains("is not a tile-set file");
                        (!named || out.status.code() != Some(2)).then(|| format!("not said to be none: {said}"))
                    } else {
                        judge(&out, kind.file, &text)
                    };
                    if let Some(problem) = problem {
                        problems.lock().unwrap().push(format!("{} at {path:?} = {other:?}: {problem}", kind.name));
                    }
                    let _ = std::fs::remove_dir_all(&dir);
                }
            });
        }
    });
    let problems = problems.into_inner().unwrap();
    assert!(problems.is_empty(), "{} of {} cases:\n{}", problems.len(), cases.len(), problems.join("\n"));
    assert_eq!(refused.load(Ordering::Relaxed), cases.len());
}

/// The first line of the binary's refusal of `text` written as `name`
/// (read by `args`, the file's path last), checked for exit status 2 and
/// the file's line and column.
fn refusal(name: &str, text: &str, args: &[&str], line: usize) -> String {
    let tmp = tempfile::tempdir().unwrap();
    let path = tmp.path().join(name);
    std::fs::write(&path, text).unwrap();
    let shown = path.display().to_string();
    let mut all: Vec<String> = strings(args);
    all.push(shown.clone());
    let out = run(&all);
    let err = String::from_utf8_lossy(&out.stderr).to_string();
    assert_eq!(out.status.code(), Some(2), "{err}");
    let first = err.lines().next().unwrap_or("").to_string();
    assert!(first.starts_with(&format!("error: {shown}:{line}:")), "{first}");
    // The game's own variants (english, serbian, ...) are called variants;
    // only a message about them may say "unknown variant".
    if !first.contains("shipped variants are") {
        assert_eq!(speaks_rust(&first), None, "{first}");
    }
    first
}

const POSITION: &str = "variant: english\nboard:\n  - {at: [0, 0], tile: [5, 5, 5, 5]}\nhand: [1-4-5-5]\n";

#[test]
fn the_issues_examples_say_what_to_write() {
    // A reading's value without its clauses: the whole `{value, clauses}`
    // with the value written.
    let spec = shipped("specs/variants/english.yaml");
    let threshold = spec.lines().position(|l| l.trim_start().starts_with("bonus-threshold:")).unwrap() + 1;
    let text: String = spec
        .lines()
        .map(|l| if l.trim_start().starts_with("bonus-threshold:") { "  bonus-threshold: 4" } else { l })
        .collect::<Vec<_>>()
        .join("\n");
    let said = refusal("v.yaml", &text, &["variants", "--spec"], threshold);
    assert!(
        said.contains("rules.bonus-threshold: a value with the clauses behind it belongs here, not the number 4"),
        "{said}"
    );
    assert!(said.contains("write `bonus-threshold: {value: 4, clauses: [E11, E12]}`"), "{said}");
    // A goal that is none: the goals listed.
    let puzzle = format!("{POSITION}goal: best-move\n");
    let said = refusal("p.yaml", &puzzle, &["solve"], 5);
    assert!(
        said.ends_with(
            "goal: `best-move` is not a goal; write one of the goals: `best-turn`, `best-sequence` or `fill`"
        ),
        "{said}"
    );
    // A board tile written as a tile id: its four corner values.
    let board = POSITION.replace("tile: [5, 5, 5, 5]", "tile: 2-2-3-3");
    let said = refusal("b.yaml", &board, &["moves"], 3);
    assert!(said.contains("board[0].tile: four corner values belong here, not the tile id `2-2-3-3`"), "{said}");
    assert!(said.contains("write `tile: [2, 2, 3, 3]`"), "{said}");
    // A hand tile written as corner values: its tile id, values ascending.
    let hand = POSITION.replace("hand: [1-4-5-5]", "hand:\n  - [0, 3, 2, 3]");
    let said = refusal("h.yaml", &hand, &["moves"], 5);
    assert!(said.contains("hand[0]: a tile id belongs here, not the list `[0, 3, 2, 3]`; write `0-2-3-3`"), "{said}");
    // A whole number too large, or negative where a count belongs: the
    // range, not "a whole number belongs here".
    let far = POSITION.replace("at: [0, 0]", "at: [2147483648, 0]");
    let said = refusal("f.yaml", &far, &["moves"], 3);
    assert!(
        said.ends_with("the number 2147483648 is out of range; write a whole number from -2147483648 to 2147483647"),
        "{said}"
    );
    let text = spec.replace("target: {value: 800", "target: {value: -800");
    let line = spec.lines().position(|l| l.starts_with("target:")).unwrap() + 1;
    let said = refusal("t.yaml", &text, &["variants", "--spec"], line);
    assert!(
        said.ends_with("target.value: the number -800 is out of range; write a whole number from 0 to 4294967295"),
        "{said}"
    );
}

#[test]
fn a_mistyped_word_gets_the_nearest_valid_one_beside_the_list() {
    let key = refusal("k.yaml", &POSITION.replace("hand:", "hands:"), &["moves"], 4);
    assert!(key.contains("unknown key `hands` (did you mean `hand`?); the keys here are `variant`,"), "{key}");
    let goal = refusal("g.yaml", &format!("{POSITION}goal: best-trun\n"), &["solve"], 5);
    assert!(
        goal.contains("`best-trun` is not a goal (did you mean `best-turn`?); write one of the goals: `best-turn`"),
        "{goal}"
    );
    let variant = refusal("v.yaml", &POSITION.replace("english", "serbain"), &["moves"], 1);
    assert!(variant.contains("`serbain` (did you mean `serbian`?); shipped variants are english,"), "{variant}");
    let name = refusal("n.yaml", &format!("{POSITION}rules: {{corner-mach: at-least-one}}\n"), &["moves"], 5);
    assert!(name.contains("unknown rule option `corner-mach` (did you mean `corner-match`?); options are"), "{name}");
    let value = refusal("r.yaml", &format!("{POSITION}rules: {{corner-match: at-least-on}}\n"), &["moves"], 5);
    assert!(
        value.contains("`at-least-on` is not a value of R2 (corner-match) (did you mean `at-least-one`?); use one of: every-value, at-least-one"),
        "{value}"
    );
    // A word far from every valid one is no slip: the list alone.
    let far = refusal("x.yaml", &POSITION.replace("english", "klingon"), &["moves"], 1);
    assert!(!far.contains("did you mean") && far.contains("shipped variants are english,"), "{far}");
}

/// The YAML reader's own words for its syntax errors, never to be shown:
/// a user is told what is unfinished or out of place, and what to write.
const READER_WORDS: [&str; 12] = [
    "did not find",
    "could not find expected",
    "while parsing",
    "while scanning",
    "in this context",
    "cannot start any token",
    "node content",
    "end of stream",
    "tag handle",
    "indentation indicator",
    "document indicator",
    "deserializing",
];

/// Words that say what to do.
const FIXES: [&str; 10] =
    ["write", "remove", "put ", "replace", "close", "line it up", "indent", "use ", "end it", "did you mean"];

/// Each sign YAML reserves, a tab and a control character, put at every
/// place of `text` (read by `args`, the file's path last): every refusal
/// names the line and column, keeps the reader's (and serde's) words to
/// itself, and says what to write. Gives how many texts were refused, and
/// what was wrong with each refusal that was.
fn stray_signs(name: &str, text: &str, args: &[&str]) -> (usize, Vec<String>) {
    let signs =
        ['[', ']', '{', '}', ',', ':', '"', '\'', '\t', '@', '`', '&', '*', '!', '%', '|', '>', '-', '\\', '\u{1}'];
    let tmp = tempfile::tempdir().unwrap();
    let path = tmp.path().join(name);
    let shown = path.display().to_string();
    let mut all = strings(args);
    all.push(shown.clone());
    let (mut refused, mut wrong) = (0, Vec::new());
    for at in (0..=text.len()).filter(|&at| text.is_char_boundary(at)) {
        for sign in signs {
            std::fs::write(&path, format!("{}{sign}{}", &text[..at], &text[at..])).unwrap();
            let out = run(&all);
            // Exit 1: read, and an expectation of the file's own failed.
            if matches!(out.status.code(), Some(0 | 1)) {
                continue;
            }
            refused += 1;
            let err = String::from_utf8_lossy(&out.stderr).to_string();
            let first = err.lines().next().unwrap_or("").to_string();
            let lower = first.to_lowercase();
            let said = if out.status.code() != Some(2) {
                Some(format!("exit {:?}", out.status.code()))
            } else if !first.starts_with(&format!("error: {shown}:")) {
                Some("no file".to_string())
            } else if let Some(w) = READER_WORDS.iter().find(|w| lower.contains(*w)) {
                Some(format!("the reader's words `{w}`"))
            } else if let Some(w) = speaks_rust(&first).filter(|_| !first.contains("shipped variants are")) {
                Some(format!("serde's words `{w}`"))
            } else if !FIXES.iter().any(|f| lower.contains(f)) {
                Some("no fix".to_string())
            } else {
                let rest = &first[format!("error: {shown}:").len()..];
                let mut parts = rest.splitn(3, ':');
                let numbered = parts.next().is_some_and(|l| l.parse::<usize>().is_ok())
                    && parts.next().is_some_and(|c| c.parse::<usize>().is_ok());
                (!numbered).then(|| "no line and column".to_string())
            };
            if let Some(why) = said {
                wrong.push(format!("{sign:?} at {at}: {why}: {first}"));
            }
        }
    }
    (refused, wrong)
}

#[test]
fn every_syntax_error_a_stray_character_makes_is_told_in_words_with_a_fix() {
    let (refused, wrong) = stray_signs("p.yaml", POSITION, &["moves"]);
    assert!(refused > 1000, "only {refused} of the texts were refused");
    assert!(wrong.is_empty(), "{} of {refused} refusals:\n{}", wrong.len(), wrong.join("\n"));
}

/// A scenario of one placement, with expectations for every variant and
/// one step.
const SCENARIO: &str = "name: s\ndescription: d\ncovers: [E8]\nstart:\n  board:\n    - {at: [0, 0], tile: [1, 2, 3, 4]}\n  hands: [[2-3-3-3, 0-0-1-1], [1-1-1-2]]\n  well: [0-0-0-1]\n  to-move: 0\nactions:\n  - place: {tile: 2-3-3-3, at: [1, 0], corners: [2, 3, 3, 3]}\n    expect:\n      all: {legal: true}\nexpect:\n  all: {phase: turn}\n";

#[test]
fn a_scenario_broken_by_a_stray_character_is_told_in_words_with_a_fix_too() {
    // Its keys nest deeper than a position's (`actions[0].expect.all`), and
    // its values are read by the scenario's own checks as well as serde's.
    let tmp = tempfile::tempdir().unwrap();
    let whole = tmp.path().join("s.yaml");
    std::fs::write(&whole, SCENARIO).unwrap();
    let out = run(&strings(&["check", &whole.display().to_string()]));
    assert_eq!(out.status.code(), Some(0), "the scenario unbroken: {}", String::from_utf8_lossy(&out.stderr));
    let (refused, wrong) = stray_signs("s.yaml", SCENARIO, &["check"]);
    assert!(refused > 2000, "only {refused} of the texts were refused");
    assert!(wrong.is_empty(), "{} of {refused} refusals:\n{}", wrong.len(), wrong.join("\n"));
}

#[test]
fn a_terminal_escape_written_in_a_file_is_shown_not_obeyed() {
    // YAML's `\e` is the escape character: a key that starts a terminal
    // sequence is quoted in the message with the character escaped.
    let text = "variant: english\n\"\\e[2J\\e[31mboard\": []\nhand: []\n";
    let first = refusal("e.yaml", text, &["moves"], 2);
    assert!(!first.contains('\u{1b}'), "{first:?}");
    assert!(first.contains("unknown key `\\u{1b}[2J\\u{1b}[31mboard`"), "{first}");
}

/// A file of one kind given where another belongs is named for what it is
/// and what reads it, in one line, not refused key by key.
#[test]
fn a_file_of_another_kind_is_named_with_the_command_that_reads_it() {
    let scenario = "specs/scenarios/r4-diagonal-corner-mismatch.yaml".to_string();
    let puzzle = "puzzles/bonus-corner.yaml".to_string();
    let spec = "specs/variants/english.yaml".to_string();
    let transcript = "fuzz/transcripts/english-2p-greedy-seed1.yaml".to_string();
    for (args, said) in [
        (vec!["solve".to_string(), scenario.clone()], "this is a scenario, not a puzzle: `check` or `compare` run it"),
        (
            vec!["moves".to_string(), scenario.clone()],
            "this is a scenario, not a position: `check` or `compare` run it",
        ),
        (vec!["compare".to_string(), puzzle.clone()], "this is a puzzle, not a scenario: `solve` reads it"),
        (vec!["check".to_string(), puzzle.clone()], "this is a puzzle, not a scenario: `solve` reads it"),
        (vec!["moves".to_string(), spec.clone()], "this is a variant spec, not a position: give it with `--spec FILE`"),
        (vec!["replay".to_string(), puzzle.clone()], "this is a puzzle, not a transcript: `solve` reads it"),
        (
            vec!["replay".to_string(), scenario.clone()],
            "this is a scenario, not a transcript: `check` or `compare` run it",
        ),
        (vec!["solve".to_string(), transcript.clone()], "this is a transcript, not a puzzle: `replay` reads it"),
        (vec!["check".to_string(), transcript.clone()], "this is a transcript, not a scenario: `replay` reads it"),
        (vec!["solve".to_string(), spec.clone()], "this is a variant spec, not a puzzle: give it with `--spec FILE`"),
        (
            vec!["puzzle".to_string(), "--check".to_string(), scenario.clone()],
            "this is a scenario, not a puzzle: `check` or `compare` run it",
        ),
        (
            vec!["render".to_string(), spec.clone(), "--svg".to_string(), "-".to_string()],
            "this is a variant spec, not a position: give it with `--spec FILE`",
        ),
    ]
    .into_iter()
    .chain([vec!["notation"], vec!["bonuses"], vec!["perft", "--depth", "1"]].map(|command| {
        let args = command.iter().map(|a| a.to_string()).chain([scenario.clone()]).collect();
        (args, "this is a scenario, not a position: `check` or `compare` run it")
    })) {
        let out = run(&args);
        let err = String::from_utf8_lossy(&out.stderr).into_owned();
        let file = args.iter().find(|a| a.ends_with(".yaml")).unwrap();
        assert_eq!(out.status.code(), Some(2), "{args:?}: {err}");
        assert_eq!(err.lines().count(), 1, "{args:?}: {err}");
        assert!(err.starts_with(&format!("error: {file}: {said}")), "{args:?}: {err}");
        assert!(!err.contains("unknown key") && !err.contains("did you mean"), "{args:?}: {err}");
    }
    // Given where a variant spec or a tile set belongs, a file of another
    // kind is named for what it is too, quoting nothing of it.
    for (file, said) in [
        (&puzzle, "is a puzzle, not a variant spec: `solve` reads it"),
        (&scenario, "is a scenario, not a variant spec: `check` or `compare` run it"),
        (&transcript, "is a transcript, not a variant spec: `replay` reads it"),
    ] {
        let out = run(&["variants".to_string(), "--spec".to_string(), file.clone()]);
        let err = String::from_utf8_lossy(&out.stderr).into_owned();
        assert_eq!(out.status.code(), Some(2), "{file}: {err}");
        assert!(err.starts_with(&format!("error: --spec: `{file}` {said}")), "{file}: {err}");
        assert_eq!(err.lines().count(), 1, "{file}: {err}");
    }
}

/// Runs the binary in `dir` with `args`: its exit status and standard error.
fn run_in(dir: &Path, args: &[&str]) -> (Option<i32>, String, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_quadominos"))
        .args(args)
        .current_dir(dir)
        .env_remove("RUST_BACKTRACE")
        .output()
        .expect("the quadominos binary runs");
    let text = |b: &[u8]| String::from_utf8_lossy(b).into_owned();
    (out.status.code(), text(&out.stdout), text(&out.stderr))
}

/// A file that is no spec, named where a variant spec or a tile set
/// belongs, is said to be none, with what one looks like, and nothing of it
/// is shown: not a key, not a value, not a line. Secrets are planted in
/// files of every shape (a YAML mapping, a JSON object, `key=value` lines,
/// a password file whose lines YAML reads as keys, binary) and named by
/// every path that names a spec or a tile set: a position's `variant:`
/// through each command that reads a position, a puzzle's, a scenario's
/// `variants:`, a spec's `tile-set:` (read alone and through a position
/// naming the spec), `--spec` and `--variant`; no page is written.
#[test]
fn a_file_named_as_a_variant_or_tile_set_is_never_quoted() {
    let secrets: [(&str, &[u8]); 5] = [
        ("secret.yaml", b"db_password: SECRET-1\napi_key: SECRET-2\nhost: SECRET-3\n"),
        ("secret.json", b"{\"token\": \"SECRET-1\", \"user\": \"SECRET-2\"}"),
        ("secret.env", b"PASSWORD=SECRET-1\nKEY=SECRET-2\n"),
        ("shadow", b"root:$6$SECRET-1:19000:0:99999:7:::\ndaemon:*:SECRET-2:0:99999:7:::\n"),
        ("secret.bin", b"\x00\x01SECRET-1\xff\xfe: SECRET-2\n"),
    ];
    let dir = tempfile::tempdir().unwrap();
    let write = |name: &str, text: &str| std::fs::write(dir.path().join(name), text).unwrap();
    let english = std::fs::read_to_string(root().join("specs/variants/english.yaml")).unwrap();
    write("plain.yaml", "variant: english\nboard: []\nhand: [1-4-5-5]\n");
    write(
        "ok.yaml",
        "name: s\ndescription: d\ncovers: [E1]\nvariants: [english]\nstart: {hands: [[1-4-5-5], [0-0-0-0]]}\nactions: []\n",
    );
    let mut checked = 0;
    for (file, text) in secrets {
        std::fs::write(dir.path().join(file), text).unwrap();
        write("p.yaml", &format!("variant: {file}\nboard: []\nhand: [1-4-5-5]\n"));
        write("puzzle.yaml", &format!("variant: {file}\nboard: []\nhand: [1-4-5-5]\ngoal: best-turn\n"));
        write(
            "s.yaml",
            &format!(
                "name: s\ndescription: d\ncovers: [E1]\nvariants: [{file}]\nstart: {{hands: [[1-4-5-5], [0-0-0-0]]}}\nactions: []\n"
            ),
        );
        let spec = english
            .replace("name: english", "name: house")
            .replace("tile-set: {value: full", &format!("tile-set: {{value: {file}"));
        write("spec.yaml", &spec);
        // A position naming the spec whose tile set is the secret.
        write("p-spec.yaml", "variant: spec.yaml\nboard: []\nhand: [1-4-5-5]\n");
        let spec_runs: [&[&str]; 2] = [&["variants", "--spec", "spec.yaml"], &["moves", "p-spec.yaml"]];
        // Every command that reads a position or a puzzle naming the file
        // in its `variant:`, and every flag that names a variant.
        let position_runs: [&[&str]; 17] = [
            &["moves", "p.yaml"],
            &["explain", "p.yaml", "--at", "0,0", "--corners", "1,4,5,5"],
            &["notation", "p.yaml"],
            &["bonuses", "p.yaml"],
            &["perft", "p.yaml", "--depth", "1"],
            &["render", "p.yaml", "--svg", "out.svg"],
            &["solve", "puzzle.yaml"],
            &["puzzle", "--check", "puzzle.yaml"],
            &["render", "puzzle.yaml", "--html", "out.html"],
            &["check", "s.yaml"],
            &["compare", "s.yaml"],
            &["moves", "--spec", file, "plain.yaml"],
            &["moves", "--variant", file, "plain.yaml"],
            &["generate", "--variant", file],
            &["play", "--players", "2", "--spec", file],
            &["bonuses", "--variant", file],
            &["compare", "ok.yaml", "--variant", file],
        ];
        let runs = spec_runs
            .into_iter()
            .map(|args| (args, "is not a tile-set file"))
            .chain(position_runs.into_iter().map(|args| (args, "is not a variant spec")));
        for (args, said) in runs {
            let (code, out, err) = run_in(dir.path(), args);
            let shown = format!("quadominos {args:?} naming {file}:\n{err}");
            assert_eq!(code, Some(2), "{shown}");
            assert!(out.is_empty(), "{shown}");
            for page in ["out.svg", "out.html"] {
                assert!(!dir.path().join(page).exists(), "{page} written: {shown}");
            }
            assert!(err.contains(said), "{shown}");
            assert!(err.contains("name:"), "what one looks like: {shown}");
            for leaked in ["SECRET", "db_password", "api_key", "token", "PASSWORD", "root", "daemon", "99999"] {
                assert!(!err.contains(leaked), "`{leaked}` shown: {shown}");
            }
            checked += 1;
        }
    }
    assert_eq!(checked, 5 * 19);
}

/// Every echo of a file is cut: a key of five megabytes under `rules:`
/// is quoted by its first characters, on one short line.
#[test]
fn an_unknown_reading_of_megabytes_is_quoted_cut() {
    let dir = tempfile::tempdir().unwrap();
    let key = "x".repeat(5 << 20);
    // A key of more than 1024 characters is written explicitly (`? key`).
    let text = format!("variant: english\nrules:\n  ? {key}\n  : no\nboard: []\nhand: [1-4-5-5]\n");
    std::fs::write(dir.path().join("p.yaml"), text).unwrap();
    let (code, _, err) = run_in(dir.path(), &["moves", "p.yaml"]);
    assert_eq!(code, Some(2), "{}", &err[..err.len().min(300)]);
    assert!(err.starts_with("error: p.yaml:3:5: rules.xxxxxxxx"), "{}", &err[..err.len().min(300)]);
    assert!(err.contains(&format!("unknown rule option `{}…`", "x".repeat(80))), "{}", &err[..err.len().min(300)]);
    assert!(err.lines().all(|l| l.len() < 1000), "a line of {} bytes", err.lines().map(str::len).max().unwrap_or(0));
}

/// `moves` reads a position's `goal:` and `expect:` as a puzzle's: a
/// goal or an expectation that is no goal or expectation is refused where
/// it is written, not passed over without a word.
#[test]
fn moves_refuses_a_position_whose_goal_or_expectation_is_nonsense() {
    let dir = tempfile::tempdir().unwrap();
    let base = "variant: english\nboard: []\nhand: [1-4-5-5]\n";
    let long = "word ".repeat(40_000);
    for (extra, said) in [
        ("expect: {bogus: 1}\n", "p.yaml:4:10: expect: unknown key `bogus`"),
        (
            "expect: [1, 2]\n",
            "p.yaml:4:9: expect: a mapping of `key: value` entries belongs here, not the list `[1, 2]`",
        ),
        ("goal: best_turn\n", "p.yaml:4:7: goal: `best_turn` is not a goal (did you mean `best-turn`?)"),
        (&format!("goal: {long}\n"), "p.yaml:4:7: goal: `word word"),
    ] {
        std::fs::write(dir.path().join("p.yaml"), format!("{base}{extra}")).unwrap();
        let (code, out, err) = run_in(dir.path(), &["moves", "p.yaml"]);
        assert_eq!((code, out.as_str()), (Some(2), ""), "{err}");
        assert!(err.starts_with(&format!("error: {said}")), "{}", &err[..err.len().min(300)]);
        assert!(err.len() < 1000, "the text is cut: {} bytes", err.len());
    }
}

/// A spec's name is a label's name (letters, digits, `-` and `_`): no line
/// break, no `+` or `=` that a label reads as an override; and it is not a
/// shipped variant's name unless the spec is that variant.
#[test]
fn a_spec_name_follows_the_label_grammar_and_takes_no_shipped_name() {
    let dir = tempfile::tempdir().unwrap();
    let english = std::fs::read_to_string(root().join("specs/variants/english.yaml")).unwrap();
    let serbian = "description: d\nbase: serbian\n";
    for (spec, said) in [
        (format!("name: \"x\\nok\"\n{serbian}"), "spec.yaml:1:7: name: `x…` is not a variant's name"),
        (format!("name: a+R4=no\n{serbian}"), "spec.yaml:1:7: name: `a+R4=no` is not a variant's name"),
        (format!("name: english\n{serbian}"), "spec.yaml:1:7: name: `english` is a shipped variant's name"),
    ] {
        std::fs::write(dir.path().join("spec.yaml"), &spec).unwrap();
        let (code, out, err) = run_in(dir.path(), &["variants", "--spec", "spec.yaml"]);
        assert_eq!((code, out.as_str()), (Some(2), ""), "{spec}: {err}");
        assert!(err.starts_with(&format!("error: {said}")), "{spec}: {err}");
    }
    // The shipped spec itself, copied, is that variant.
    std::fs::write(dir.path().join("spec.yaml"), english).unwrap();
    let (code, _, err) = run_in(dir.path(), &["variants", "--spec", "spec.yaml"]);
    assert_eq!(code, Some(0), "{err}");
}
