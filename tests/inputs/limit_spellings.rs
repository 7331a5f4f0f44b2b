//! Every input limit holds however a position file spells its `board:` and
//! `hand:` keys and breaks its lines: each spelling YAML (and JSON) reads as
//! the key `hand` (plain, quoted, tagged, an explicit `? hand`, anchored,
//! escaped), its list in flow or block style, with each line break YAML
//! knows between the entries. A hand or a board over `--max-tiles`, nesting
//! over `--max-nesting` and nodes over `--max-events` each end with exit 2
//! and the limit's own message naming its flag, never exit 0 or a crash;
//! the same file within the limits is read (exit 0), so the spelling is
//! one the tool takes for the key. The files are a few KB and the limits
//! low, so the whole sweep takes a few seconds.

use crate::common;

use std::path::{Path, PathBuf};

/// A spelling of a key as YAML writes it, `{}` standing for the key and
/// `{:}` for what follows it before the value: the `:` (after a line
/// break, for an explicit key).
struct Spelling {
    name: &'static str,
    key: fn(&str, &str) -> String,
}

/// The key's last character escaped as `\u00XX`.
fn escaped_last(key: &str) -> String {
    let (head, last) = key.split_at(key.len() - 1);
    format!("{head}\\u{:04x}", u32::from(last.as_bytes()[0]))
}

const YAML_KEYS: &[Spelling] = &[
    Spelling { name: "plain", key: |k, _| format!("{k}:") },
    Spelling { name: "single-quoted", key: |k, _| format!("'{k}':") },
    Spelling { name: "double-quoted", key: |k, _| format!("\"{k}\":") },
    Spelling { name: "!!str", key: |k, _| format!("!!str {k}:") },
    Spelling { name: "verbatim tag", key: |k, _| format!("!<tag:yaml.org,2002:str> {k}:") },
    Spelling { name: "explicit", key: |k, br| format!("? {k}{br}:") },
    Spelling { name: "anchored", key: |k, _| format!("&a{k} {k} :") },
    Spelling { name: "\\u escape", key: |k, _| format!("\"{}\":", escaped_last(k)) },
    Spelling { name: "\\x escape", key: |k, _| format!("\"\\x{:02x}{}\":", u32::from(k.as_bytes()[0]), &k[1..]) },
];

const JSON_KEYS: &[Spelling] = &[
    Spelling { name: "json plain", key: |k, _| format!("\"{k}\":") },
    Spelling { name: "json \\u escape", key: |k, _| format!("\"{}\":", escaped_last(k)) },
    Spelling {
        name: "json \\u escape first",
        key: |k, _| format!("\"\\u{:04x}{}\":", u32::from(k.as_bytes()[0]), &k[1..]),
    },
];

/// The line breaks YAML 1.1 knows; JSON's whitespace has the first three.
const BREAKS: &[(&str, &str)] = &[
    ("\\n", "\n"),
    ("\\r\\n", "\r\n"),
    ("\\r", "\r"),
    ("U+0085", "\u{85}"),
    ("U+2028", "\u{2028}"),
    ("U+2029", "\u{2029}"),
];

/// Three tiles of the full set, for a hand within every limit.
const HAND: &[&str] = &["1-1-2-2", "1-1-3-4", "0-1-3-4"];

/// A board entry; over the limit, the entries need not make a legal board.
const BOARD_ENTRY: &str = "{\"at\": [0, 0], \"tile\": [5, 5, 5, 5]}";

/// A list of `entries` in flow style (`[a, b]`, an entry on each line) or
/// in block style (`- a` on each line), after its key.
fn list(entries: &[String], block: bool, br: &str) -> String {
    if entries.is_empty() {
        " []".to_string()
    } else if block {
        entries.iter().map(|e| format!("{br}- {e}")).collect()
    } else {
        format!(" [{br}  {}{br}]", entries.join(&format!(",{br}  ")))
    }
}

/// A position file in YAML: a comment ending in `br` before each key,
/// lines broken by `br`.
fn yaml(spelling: &Spelling, br: &str, block: bool, board: &[String], hand: &[String]) -> String {
    let key = |k: &str| (spelling.key)(k, br);
    format!(
        "variant: english{br}# the board{br}{}{}{br}# the hand{br}{}{}{br}",
        key("board"),
        list(board, block, br),
        key("hand"),
        list(hand, block, br)
    )
}

/// A position file in JSON: one line, or an entry on each line.
fn json(spelling: &Spelling, br: &str, spread: bool, board: &[String], hand: &[String]) -> String {
    let key = |k: &str| (spelling.key)(k, br);
    let list = |entries: &[String]| {
        if spread {
            format!("[{br}{}{br}]", entries.join(&format!(",{br}")))
        } else {
            format!("[{}]", entries.join(", "))
        }
    };
    format!("{{\"variant\": \"english\",{br}{} {},{br}{} {}}}{br}", key("board"), list(board), key("hand"), list(hand))
}

/// One file, the flags to read it with, and what must come of it: exit 0,
/// or exit 2 with each of the words.
struct Case {
    what: String,
    path: PathBuf,
    flags: Vec<&'static str>,
    refused: Option<Vec<String>>,
}

fn quoted(entries: &[&str]) -> Vec<String> {
    entries.iter().map(|e| format!("\"{e}\"")).collect()
}

/// Every case of one spelling and style: the file within the limits, and
/// the file over each limit.
#[allow(clippy::too_many_arguments)]
fn cases_of(
    dir: &Path,
    n: &mut usize,
    what: &str,
    ext: &str,
    write: &dyn Fn(&[String], &[String]) -> String,
    cases: &mut Vec<Case>,
) {
    let mut file = |text: String| {
        *n += 1;
        let path = dir.join(format!("{n}.{ext}"));
        std::fs::write(&path, text).unwrap();
        path
    };
    let tiles = |k: usize| quoted(&vec!["1-1-2-2"; k]);
    let board = |k: usize| vec![BOARD_ENTRY.to_string(); k];
    let over_tiles = |key: &str| {
        Some(vec![
            format!(": {key}: "),
            "tiles listed".to_string(),
            "more than".to_string(),
            "raise the limit with --max-tiles".to_string(),
        ])
    };
    let within = ["--max-tiles", "30", "--max-nesting", "4"];
    cases.push(Case {
        what: format!("{what}, within the limits"),
        path: file(write(&[], &quoted(HAND))),
        flags: within.to_vec(),
        refused: None,
    });
    cases.push(Case {
        what: format!("{what}, a hand of 31"),
        path: file(write(&[], &tiles(31))),
        flags: vec!["--max-tiles", "30"],
        refused: over_tiles("hand"),
    });
    cases.push(Case {
        what: format!("{what}, a board of 31"),
        path: file(write(&board(31), &quoted(HAND))),
        flags: vec!["--max-tiles", "30", "--max-events", "100000"],
        refused: over_tiles("board"),
    });
    // The document's mapping, the hand's list, then four more levels.
    let deep = vec![format!("[[[[\"{}\"]]]]", HAND[0])];
    cases.push(Case {
        what: format!("{what}, nested 6 deep"),
        path: file(write(&[], &deep)),
        flags: vec!["--max-nesting", "4"],
        refused: Some(vec![
            "nested too deeply: more than 4 levels".to_string(),
            "raise the limit with --max-nesting".to_string(),
        ]),
    });
    // 25 tiles, within --max-tiles 30, are more nodes than 20.
    cases.push(Case {
        what: format!("{what}, 25 tiles over 20 nodes"),
        path: file(write(&[], &tiles(25))),
        flags: vec!["--max-tiles", "30", "--max-events", "20"],
        refused: Some(vec!["more than 20 YAML nodes".to_string(), "raise the limit with --max-events".to_string()]),
    });
}

/// What went wrong with a case, if anything.
fn judged(case: &Case) -> Option<String> {
    let mut args = vec!["moves", case.path.to_str().unwrap()];
    args.extend(&case.flags);
    let out = common::run(&args);
    let err = String::from_utf8_lossy(&out.stderr).into_owned();
    let text = std::fs::read(&case.path).unwrap();
    let shown = format!("{}: {:?}\nstderr: {err}", case.what, String::from_utf8_lossy(&text));
    if err.contains("panicked") {
        return Some(format!("crashed: {shown}"));
    }
    match &case.refused {
        None if out.status.code() != Some(0) => Some(format!("not read, exit {:?}: {shown}", out.status.code())),
        None => None,
        Some(words) => {
            if out.status.code() != Some(2) {
                return Some(format!("exit {:?}, not 2: {shown}", out.status.code()));
            }
            if !out.stdout.is_empty() {
                return Some(format!("printed on standard output: {shown}"));
            }
            let name = case.path.display().to_string();
            let missing: Vec<&String> = words.iter().filter(|w| !err.contains(w.as_str())).collect();
            if !err.starts_with(&format!("error: {name}:")) || !missing.is_empty() {
                return Some(format!("not the limit's message ({missing:?} missing): {shown}"));
            }
            None
        }
    }
}

#[test]
fn every_limit_holds_on_every_spelling_of_the_keys_and_every_line_break() {
    let dir = tempfile::tempdir().unwrap();
    let mut cases = Vec::new();
    let mut n = 0;
    for (break_name, br) in BREAKS {
        for spelling in YAML_KEYS {
            for block in [false, true] {
                let style = if block { "block" } else { "flow" };
                let what = format!("YAML, {} keys, {style} lists, {break_name} breaks", spelling.name);
                let write = |board: &[String], hand: &[String]| yaml(spelling, br, block, board, hand);
                cases_of(dir.path(), &mut n, &what, "yaml", &write, &mut cases);
            }
        }
        // JSON's whitespace knows only \n, \r\n and \r.
        if !br.starts_with(['\n', '\r']) {
            continue;
        }
        for spelling in JSON_KEYS {
            for spread in [false, true] {
                let style = if spread { "an entry a line" } else { "one line" };
                let what = format!("JSON, {} keys, {style}, {break_name} breaks", spelling.name);
                let write = |board: &[String], hand: &[String]| json(spelling, br, spread, board, hand);
                cases_of(dir.path(), &mut n, &what, "json", &write, &mut cases);
            }
        }
    }
    assert_eq!(cases.len(), 5 * (6 * 9 * 2 + 3 * 3 * 2), "every spelling, style and break");
    // The cases run side by side, a share each on every core.
    let threads = std::thread::available_parallelism().map_or(2, |n| n.get()).clamp(2, 8);
    let chunk = cases.len().div_ceil(threads);
    let failures: Vec<String> = std::thread::scope(|s| {
        let running: Vec<_> = cases
            .chunks(chunk)
            .map(|part| s.spawn(move || part.iter().filter_map(judged).collect::<Vec<_>>()))
            .collect();
        running.into_iter().flat_map(|t| t.join().unwrap()).collect()
    });
    assert!(failures.is_empty(), "{} of {} cases failed:\n{}", failures.len(), cases.len(), failures.join("\n\n"));
}
