//! `-` as a file name: standard input, read as the file would be, named
//! `<stdin>` in messages; and `notation` converting both ways.

use std::io::Write as _;
use std::process::{Command, Output, Stdio};

use crate::common;
use common::run_ok;

/// The binary run from the crate's folder with `input` on standard input.
fn piped(args: &[&str], input: &str) -> Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_quadominos"))
        .args(args)
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    child.stdin.take().unwrap().write_all(input.as_bytes()).unwrap();
    child.wait_with_output().unwrap()
}

fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

fn file(path: &str) -> String {
    std::fs::read_to_string(std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join(path)).unwrap()
}

#[test]
fn a_position_piped_in_is_the_file_read() {
    for puzzle in ["puzzles/bonus-corner.yaml", "puzzles/mixed-corner.yaml"] {
        for variant in ["english", "serbian"] {
            let direct = run_ok(&["moves", puzzle, "--variant", variant, "--format", "json"], 0);
            let out = piped(&["moves", "-", "--variant", variant, "--format", "json"], &file(puzzle));
            assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
            assert_eq!(text(&out.stdout), direct, "{puzzle} under {variant}");
        }
    }
    // A puzzle's goal is read from standard input too.
    let direct = run_ok(&["solve", "puzzles/bonus-corner.yaml", "--format", "json"], 0);
    let out = piped(&["solve", "-", "--format", "json"], &file("puzzles/bonus-corner.yaml"));
    let (a, b): (serde_json::Value, serde_json::Value) =
        (serde_json::from_str(&direct).unwrap(), serde_json::from_slice(&out.stdout).unwrap());
    assert_eq!(a["score"], b["score"]);
    assert_eq!(a["plays"], b["plays"]);
}

#[test]
fn notation_round_trips_through_a_pipe_both_ways() {
    // YAML -> line -> YAML -> line: the same line, and the same moves.
    let line = run_ok(&["notation", "puzzles/bonus-corner.yaml"], 0);
    assert_eq!(line, "0,-1:0155;0,0:5555;1,0:5525 1-4-5-5,2-2-4-5,4-5-5-5 english\n");
    let yaml = piped(&["notation", "-", "--format", "yaml"], &line);
    assert_eq!(yaml.status.code(), Some(0), "{}", text(&yaml.stderr));
    let yaml = text(&yaml.stdout);
    assert!(yaml.contains("  - {at: [0, -1], tile: [0, 1, 5, 5]}\n"), "{yaml}");
    assert!(yaml.ends_with("hand: [1-4-5-5, 2-2-4-5, 4-5-5-5]\n"), "{yaml}");
    let back = piped(&["notation", "-"], &yaml);
    assert_eq!(text(&back.stdout), line);
    let moves_line = piped(&["moves", "-", "--format", "json"], &line);
    let moves_yaml = piped(&["moves", "-", "--format", "json"], &yaml);
    assert_eq!(text(&moves_line.stdout), run_ok(&["moves", "puzzles/bonus-corner.yaml", "--format", "json"], 0));
    assert_eq!(moves_line.stdout, moves_yaml.stdout);
    // JSON is a position file too.
    let json = piped(&["notation", "-", "--format", "json"], &line);
    let again = piped(&["notation", "-"], &text(&json.stdout));
    assert_eq!(text(&again.stdout), line);
    // Overrides travel both ways: the label on the line, `rules:` in a file.
    let line = "0,0:5555 4-5-5-5 serbian+R4=no\n";
    let yaml = text(&piped(&["notation", "-", "--format", "yaml"], line).stdout);
    assert!(yaml.starts_with("variant: serbian\nrules: {R4: 'no'}\nboard:\n"), "{yaml}");
    assert_eq!(text(&piped(&["notation", "-"], &yaml).stdout), line);
    let json = text(&piped(&["notation", "-", "--format", "json"], line).stdout);
    assert_eq!(text(&piped(&["notation", "-"], &json).stdout), line);
    // An empty board, written `-`, is notation, not a YAML list.
    let empty = piped(&["notation", "-", "--format", "yaml"], "- 0-0-0-0,5-5-5-5 serbian\n");
    assert_eq!(text(&empty.stdout), "variant: serbian\nboard: []\nhand: [0-0-0-0, 5-5-5-5]\n");
}

#[test]
fn bad_input_on_stdin_is_located_at_stdin() {
    let out = piped(
        &["moves", "-"],
        "variant: english\nboard:\n  - {at: [0, 0], tile: [5, 5, 5, 5]}\n  - {at: [0, 0], tile: [1, 1, 1, 1]}\nhand: []\n",
    );
    assert_eq!(out.status.code(), Some(2));
    assert!(out.stdout.is_empty());
    let err = text(&out.stderr);
    assert!(err.starts_with("error: <stdin>:4:"), "{err}");
    let out = piped(&["moves", "-"], "0,0:5555;0,0:1111 -\n");
    assert_eq!(out.status.code(), Some(2));
    assert!(text(&out.stderr).starts_with("error: <stdin>:1:"), "{}", text(&out.stderr));
}

#[test]
fn a_command_that_reads_its_input_twice_gets_the_same_text() {
    // `render` first reads the file to tell a transcript from a position:
    // standard input, which can be read once, is kept for the second read.
    let direct = run_ok(&["render", "puzzles/bonus-corner.yaml", "--highlight", "none", "--format", "text"], 0);
    let out = piped(&["render", "-", "--highlight", "none", "--format", "text"], &file("puzzles/bonus-corner.yaml"));
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    // The title names the input as messages do.
    let piped_text = text(&out.stdout);
    assert_eq!(piped_text.replacen("<stdin>", "puzzles/bonus-corner.yaml", 1), direct);
    assert!(piped_text.starts_with("<stdin>: english\n"), "{piped_text}");
    let game = run_ok(&["play", "--players", "2", "--seed", "3", "--rounds", "1"], 0);
    let replayed = piped(&["replay", "-"], &game);
    assert_eq!(replayed.status.code(), Some(0), "{}", text(&replayed.stderr));
    let drawn = piped(&["render", "-", "--format", "text"], &game);
    assert_eq!(drawn.status.code(), Some(0), "{}", text(&drawn.stderr));
}

#[test]
fn a_position_grown_under_a_piped_spec_says_the_spec_has_no_file() {
    // No path can name a spec read from standard input: the file names the
    // spec's own name and says why, in the file and on standard error.
    let spec = file("specs/variants/serbian.yaml").replace("name: serbian", "name: piped");
    let out = piped(&["generate", "--spec", "-", "--tiles", "3", "--hand", "1"], &spec);
    assert_eq!(out.status.code(), Some(0));
    let yaml = text(&out.stdout);
    assert!(yaml.starts_with("# quadominos generate --seed 0 --tiles 3 --hand 1 --spec -\n# note: the spec `piped` was not read from a file"), "{yaml}");
    assert!(yaml.contains("\nvariant: piped\n"), "{yaml}");
    assert!(text(&out.stderr).contains("note: the spec `piped` was not read from a file"));
}
