//! The checks of the parser fuzz targets (`fuzz/fuzz_targets/*.rs`), shared
//! with `tests/inputs/fuzz_corpora.rs`, which replays every committed corpus file
//! through them on stable Rust. Each check feeds arbitrary bytes to the
//! library functions the command line uses for that kind of file and
//! requires: no panic, and every error located (a line and column inside the
//! file, or a column inside a notation line).
//!
//! The loaders read files, so each input is written to a file in a fresh
//! temporary folder first. A file may name another file (a spec, a tile
//! set); inputs that could name a device (`/dev/zero` would never end) are
//! skipped.

#![allow(dead_code)] // Each fuzz target uses its own check.

use std::path::Path;

use quadominos::formats::{
    InputError, MAX_LISTED, Source, VariantChoice, load_position, load_puzzle, load_variant, notation,
};
use quadominos::model::Board;
use quadominos::play::scenario::load_scenario;
use quadominos::play::{load_transcript, replay};
use quadominos::rules::Variant;
use quadominos::suite::{PerftFixture, PositionFixture, check_moves, check_perft};

/// The deepest perft count the fixtures check recomputes here: the command
/// allows 5, which on a large hand is minutes of honest work, not a hang.
const FUZZ_PERFT_DEPTH: usize = 2;

/// True when the input could make a loader open a device or a process file
/// (`/dev/stdin`, `/proc/self/...`): such a read blocks or never ends. The
/// YAML escapes that could spell the words (`\x64`, `\u0064`) are refused too.
pub fn may_name_a_device(data: &[u8]) -> bool {
    let text = String::from_utf8_lossy(data).to_ascii_lowercase();
    ["dev", "proc", "sys", "\\x", "\\u"].iter().any(|w| text.contains(w))
}

/// Writes `data` to `name` in a fresh temporary folder and calls `f` with
/// its path.
pub fn with_file<R>(name: &str, data: &[u8], f: impl FnOnce(&Path) -> R) -> R {
    let dir = tempfile::tempdir().expect("a temporary folder");
    let path = dir.path().join(name);
    std::fs::write(&path, data).expect("the input is written");
    f(&path)
}

/// The lines of `text` split at `\n` only, and split at every YAML line
/// break (`\r\n`, `\n`, and a `\r` alone).
fn line_splits(text: &str) -> [Vec<String>; 2] {
    let by_newline = text.split('\n').map(str::to_string).collect();
    let by_yaml = text.replace("\r\n", "\n").replace('\r', "\n").split('\n').map(str::to_string).collect();
    [by_newline, by_yaml]
}

/// Every problem of `err` about the file at `path` has a line and column
/// inside it. (A problem in another file, such as a spec the file names
/// that cannot be read, is that file's and is not checked here.) Where a
/// `\r` alone breaks a line, the YAML reader counts a line and other
/// locators do not: either count is accepted.
pub fn assert_located(err: &InputError, path: &Path, data: &[u8]) {
    assert!(!err.problems.is_empty(), "an error without a problem");
    let name = path.display().to_string();
    let text = String::from_utf8_lossy(data);
    let splits = line_splits(&text);
    for p in err.problems.iter().filter(|p| p.file == name) {
        // The YAML reader stops an alias bomb without saying where; the
        // bad-input catalogue (tests/bad-inputs/cases.yaml) accepts that.
        if p.position.is_none() && p.message.contains("alias bomb") {
            continue;
        }
        // A file of another kind than the one read is named for what it
        // is: the whole file.
        if p.position.is_none() && p.message.starts_with("this is ") {
            continue;
        }
        // Past the problems listed, one last line counts the rest: it is
        // about no one place.
        if p.position.is_none() && p.message.ends_with(&format!("(the first {MAX_LISTED} are listed)")) {
            continue;
        }
        let Some((line, column)) = p.position else {
            panic!("a problem without a position: {p}\ninput: {text:?}");
        };
        let inside = |lines: &Vec<String>| {
            line >= 1 && line <= lines.len() && column >= 1 && column <= lines[line - 1].chars().count() + 1
        };
        assert!(splits.iter().any(inside), "line {line}, column {column} is not inside the file: {p}\ninput: {text:?}");
    }
}

/// The notation of a board and hand read back gives the same board and hand.
fn assert_notation_round_trip(board: &Board, hand: &[quadominos::model::TileId]) {
    let line = notation::write(board, hand, None);
    let read = notation::parse(&line).unwrap_or_else(|e| panic!("`{line}` does not read back: {e}"));
    let back: Board = read.board.iter().copied().collect();
    assert_eq!(&back, board, "{line}");
    assert_eq!(read.hand, hand, "{line}");
}

/// `moves`, `explain`, `perft`, `render`, `notation`: a position file.
pub fn position(data: &[u8]) {
    if may_name_a_device(data) {
        return;
    }
    with_file("position.yaml", data, |path| match load_position(path, &VariantChoice::default()) {
        Ok(loaded) => assert_notation_round_trip(&loaded.position.board, &loaded.position.hand),
        Err(e) => assert_located(&e, path, data),
    });
}

/// `solve`: a puzzle file (read, not solved).
pub fn puzzle(data: &[u8]) {
    if may_name_a_device(data) {
        return;
    }
    with_file("puzzle.yaml", data, |path| {
        if let Err(e) = load_puzzle(path, &VariantChoice::default()) {
            assert_located(&e, path, data);
        }
    });
}

/// The largest scenario file fuzzed (the libFuzzer inputs stay far below it).
const MAX_SCENARIO_BYTES: usize = 64 * 1024;

/// `check`: a scenario file, read, then run and checked under each of its
/// variants as `quadominos check` does.
pub fn scenario(data: &[u8]) {
    if may_name_a_device(data) || data.len() > MAX_SCENARIO_BYTES {
        return;
    }
    with_file("scenario.yaml", data, |path| match load_scenario(path, &VariantChoice::default()) {
        Ok(loaded) => {
            for variant in &loaded.variants {
                match loaded.run(variant) {
                    Ok(run) => {
                        let _ = loaded.check(variant, &run);
                    }
                    Err(e) => assert_located(&e, path, data),
                }
            }
        }
        Err(e) => assert_located(&e, path, data),
    });
}

/// `--spec FILE` or `--variant FILE`: a variant spec.
pub fn spec(data: &[u8]) {
    if may_name_a_device(data) {
        return;
    }
    with_file("spec.yaml", data, |path| {
        if let Err(e) = load_variant(&path.display().to_string(), None) {
            assert_located(&e, path, data);
        }
    });
}

/// A tile-set file, read as the command reads one: named by a spec's
/// `tile-set:` (R1 = tile-set-file), the spec given by path.
pub fn tile_set(data: &[u8]) {
    let spec = include_str!("../../specs/variants/english.yaml")
        .replace("name: english", "name: on-tiles")
        .replace("tile-set: {value: full", "tile-set: {value: tiles.yaml")
        .replace("value: ascending-clockwise", "value: tile-set-file");
    with_file("tiles.yaml", data, |path| {
        let spec_path = path.with_file_name("spec.yaml");
        std::fs::write(&spec_path, &spec).expect("the spec is written");
        match load_variant(&spec_path.display().to_string(), None) {
            Ok(v) => assert!(!v.tile_set().is_empty()),
            Err(e) => {
                // The tile-set file's own mistakes, or at the spec's
                // `tile-set:` that the file is none, quoting nothing of it.
                let name = path.display().to_string();
                for p in &e.problems {
                    assert!(p.file == name || p.message.contains("is not a tile-set file"), "{e}");
                }
                assert_quotes_nothing_of(&e, data);
                assert_located(&e, path, data);
            }
        }
    });
}

/// Where a file is said to be no spec or tile set, nothing of it is
/// shown: no word of five characters or more that it holds appears in the
/// message before its fixed words (`is not a ...`), but for the names of
/// the files and keys that the message gives.
pub fn assert_quotes_nothing_of(err: &InputError, data: &[u8]) {
    let text = String::from_utf8_lossy(data);
    for p in &err.problems {
        let shown = p.to_string();
        let Some((head, _)) = shown.split_once(" is not a ") else { continue };
        if !(shown.contains("is not a variant spec") || shown.contains("is not a tile-set file")) {
            continue;
        }
        let names = [p.file.as_str(), "tile-set.value", "variants", "named.spec", "tiles.yaml"];
        for word in text.split(|c: char| !c.is_alphanumeric()).filter(|w| w.chars().count() >= 5) {
            if !names.iter().any(|n| n.contains(word)) {
                assert!(!head.contains(word), "`{word}` of the file is shown: {shown}");
            }
        }
    }
}

/// A file of any bytes named as a variant by a position (`variant:`) and
/// by `--spec`: read, or refused; where it is no spec, nothing of it is
/// shown.
pub fn variant_file(data: &[u8]) {
    if may_name_a_device(data) {
        return;
    }
    with_file("named.spec", data, |path| {
        let position = path.with_file_name("p.yaml");
        std::fs::write(&position, "variant: named.spec\nboard: []\nhand: [1-4-5-5]\n").expect("written");
        for choice in
            [VariantChoice::default(), VariantChoice { spec: Some(path.to_path_buf()), ..VariantChoice::default() }]
        {
            if let Err(e) = load_position(&position, &choice) {
                assert_quotes_nothing_of(&e, data);
                assert_located(&e, path, data);
            }
        }
    });
}

/// A mapping of many keys: the input's first two bytes are how many
/// (little-endian), the third whether the mapping is written in flow style,
/// the rest the stem of every key (its lower-case letters, each key one no
/// position takes). Every key is refused, and their number said exactly.
pub fn many_keys(data: &[u8]) {
    let [low, high, style, rest @ ..] = data else { return };
    let (n, flow) = (usize::from(u16::from_le_bytes([*low, *high])), style % 2 == 1);
    let stem: String = String::from_utf8_lossy(rest).chars().filter(char::is_ascii_lowercase).take(8).collect();
    let keys: Vec<String> = (0..n).map(|i| format!("x{stem}{i}: 1")).collect();
    let text = if flow {
        format!("{{variant: english, board: [], hand: [1-4-5-5], {}}}\n", keys.join(", "))
    } else {
        format!("variant: english\nboard: []\nhand: [1-4-5-5]\n{}\n", keys.join("\n"))
    };
    with_file("keys.yaml", text.as_bytes(), |path| {
        let Err(e) = load_position(path, &VariantChoice::default()) else {
            assert_eq!(n, 0, "{n} unknown keys read");
            return;
        };
        assert!(n > 0, "{e}");
        assert_located(&e, path, text.as_bytes());
        let listed = e.problems.len().min(MAX_LISTED);
        assert_eq!(listed, n.min(MAX_LISTED), "{e}");
        if n > MAX_LISTED {
            let last = e.problems.last().map(|p| p.message.clone()).unwrap_or_default();
            let more = n - MAX_LISTED;
            let noun = if more == 1 { "problem" } else { "problems" };
            assert_eq!(last, format!("and {more} more {noun} (the first {MAX_LISTED} are listed)"), "{e}");
        }
    });
}

/// `replay`: a transcript (YAML or JSON), read and replayed.
pub fn transcript(data: &[u8]) {
    with_file("transcript.yaml", data, |path| match load_transcript(path, &VariantChoice::default()) {
        Ok(loaded) => {
            if let Err(m) = replay(&loaded.transcript, &loaded.variant) {
                assert!(m.index <= loaded.transcript.events.len(), "mismatch at event {}", m.index);
            }
        }
        Err(e) => assert_located(&e, path, data),
    });
}

/// A variant by its label (`english+R4=no`), as `fixtures --check` reads
/// one; only shipped variants, so that no label reads a file.
fn by_label(label: &str) -> Option<Variant> {
    let mut parts = label.split('+');
    let name = parts.next()?;
    if !quadominos::formats::BUILTIN_VARIANTS.iter().any(|(n, _)| *n == name) {
        return None;
    }
    let mut variant = load_variant(name, None).ok()?;
    for rule in parts {
        let (name, value) = rule.split_once('=')?;
        variant = variant.with_rule(name, value).ok()?;
    }
    Some(variant)
}

/// `fixtures --check FILE`: another implementation's answers, move lists
/// (as `positions.json`) or perft counts (as `perft.json`), read as the
/// command reads them and checked.
pub fn fixtures(data: &[u8]) {
    with_file("answers.json", data, |path| {
        let source = match Source::read(path) {
            Ok(s) => s,
            Err(e) => return assert_located(&e, path, data),
        };
        let is_perft =
            source.text.contains("\"nodes\"") || source.text.lines().any(|l| l.trim_start().starts_with("nodes:"));
        if is_perft {
            match source.parse::<Vec<PerftFixture>>("list of perft counts, as perft.json") {
                Ok(answers) => {
                    if answers.iter().all(|a| a.depth <= FUZZ_PERFT_DEPTH) {
                        let _ = check_perft(&answers, by_label);
                    }
                }
                Err(e) => assert_located(&e, path, data),
            }
        } else {
            match source.parse::<Vec<PositionFixture>>("list of positions with their moves, as positions.json") {
                Ok(answers) => {
                    let _ = check_moves(&answers, by_label);
                }
                Err(e) => assert_located(&e, path, data),
            }
        }
    });
}

/// The one-line position notation: [`notation::parse`] on the text, and a
/// `.qpn` file holding it read as a position.
pub fn notation_line(data: &[u8]) {
    if let Ok(line) = std::str::from_utf8(data) {
        match notation::parse(line) {
            Ok(p) => {
                // Read back from its canonical form, it is the same position
                // (the board as a board: a cell written twice holds its last tile).
                let board: Board = p.board.iter().copied().collect();
                if board.len() == p.board.len() {
                    let canonical = notation::write(&board, &p.hand, p.variant.as_deref());
                    let again = notation::parse(&canonical)
                        .unwrap_or_else(|e| panic!("`{canonical}` (from `{line}`) does not read back: {e}"));
                    let again_board: Board = again.board.iter().copied().collect();
                    assert_eq!(again_board, board, "`{line}` → `{canonical}`");
                    assert_eq!((&again.hand, &again.variant), (&p.hand, &p.variant), "`{line}` → `{canonical}`");
                    assert_eq!(notation::write(&again_board, &again.hand, again.variant.as_deref()), canonical);
                }
            }
            Err(e) => {
                let width = line.chars().count();
                assert!(e.column >= 1 && e.column <= width + 1, "column {} of `{line}`: {}", e.column, e.message);
            }
        }
    }
    if may_name_a_device(data) {
        return;
    }
    with_file("position.qpn", data, |path| match load_position(path, &VariantChoice::default()) {
        Ok(loaded) => assert_notation_round_trip(&loaded.position.board, &loaded.position.hand),
        Err(e) => assert_located(&e, path, data),
    });
}
