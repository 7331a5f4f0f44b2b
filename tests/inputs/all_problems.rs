//! A file with several mistakes is refused once, with every mistake listed
//! in file order: unknown keys, values of the wrong kind, list entries and
//! a misspelt variant alike, each said as it is when it is the only one,
//! up to a cap that is said when it is reached.

use std::path::Path;
use std::process::{Command, Output};

fn bin() -> &'static str {
    env!("CARGO_BIN_EXE_quadominos")
}

/// The binary's run on `text` written as `name` in a fresh folder, the
/// file's path last in the arguments; its error lines and exit status.
fn refuse(name: &str, text: &str, args: &[&str]) -> (Vec<String>, Output) {
    let tmp = tempfile::tempdir().unwrap();
    std::fs::write(tmp.path().join(name), text).unwrap();
    let out = Command::new(bin()).args(args).arg(name).current_dir(tmp.path()).output().unwrap();
    let err = String::from_utf8_lossy(&out.stderr).to_string();
    (err.lines().map(str::to_string).collect(), out)
}

/// The line number of each problem line (`error: NAME:LINE:COL: …`).
fn lines_of(name: &str, lines: &[String]) -> Vec<usize> {
    lines.iter().filter_map(|l| l.strip_prefix(&format!("error: {name}:"))?.split(':').next()?.parse().ok()).collect()
}

/// Asserts that the problems are at exactly `expected` lines, one each, in
/// file order, every one a located `error:` line, the run refused as bad
/// input.
fn assert_listed(name: &str, lines: &[String], out: &Output, expected: &[usize]) {
    assert_eq!(out.status.code(), Some(2), "{lines:#?}");
    assert!(out.stdout.is_empty(), "nothing is written for a refused file");
    let found = lines_of(name, lines);
    assert_eq!(found.len(), lines.len(), "every line is a located problem: {lines:#?}");
    assert_eq!(found, expected, "{lines:#?}");
    assert!(found.windows(2).all(|w| w[0] < w[1]), "in file order: {lines:#?}");
}

/// The problem said at `line`.
fn at(lines: &[String], name: &str, line: usize) -> String {
    let prefix = format!("error: {name}:{line}:");
    lines.iter().find(|l| l.starts_with(&prefix)).cloned().unwrap_or_else(|| panic!("no line {line}: {lines:#?}"))
}

const SEVEN: &str = "\
variant: englsh
colour: red
board:
  - {at: [0, 0], tile: 2-2-3-3}
  - {at: [1, x], tile: [5, 5, 5, 5]}
  - {at: [2, 0], tile: [5, 5, 5, 5], size: 3}
hand:
  - 1-4-5-5
  - [0, 3, 2, 3]
description: [a, b]
";

#[test]
fn a_position_with_seven_mistakes_gets_all_seven_in_one_run() {
    let (lines, out) = refuse("p.yaml", SEVEN, &["moves"]);
    assert_listed("p.yaml", &lines, &out, &[1, 2, 4, 5, 6, 9, 10]);
    assert!(at(&lines, "p.yaml", 1).contains("unknown variant `englsh` (did you mean `english`?)"), "{lines:#?}");
    assert!(at(&lines, "p.yaml", 2).contains(":2:1: unknown key `colour`"), "{lines:#?}");
    assert!(at(&lines, "p.yaml", 4).contains("board[0].tile: four corner values belong here"), "{lines:#?}");
    assert!(at(&lines, "p.yaml", 5).contains(":5:14: board[1].at[1]:"), "{lines:#?}");
    // Said of the entry it is written in, not of the first.
    assert!(at(&lines, "p.yaml", 6).contains(":6:38: board[2]: unknown key `size`"), "{lines:#?}");
    assert!(
        at(&lines, "p.yaml", 9)
            .contains("hand[1]: a tile id belongs here, not the list `[0, 3, 2, 3]`; write `0-2-3-3`")
    );
    assert!(at(&lines, "p.yaml", 10).contains(":10:14: description:"), "{lines:#?}");
}

/// Each mistake of [`SEVEN`] alone is said word for word as it is among
/// the others.
#[test]
fn each_mistake_alone_is_said_as_it_is_among_the_others() {
    let (all, _) = refuse("p.yaml", SEVEN, &["moves"]);
    let good = [
        "variant: english",
        "",
        "board:",
        "  - {at: [0, 0], tile: [2, 2, 3, 3]}",
        "  - {at: [1, 0], tile: [5, 5, 5, 5]}",
        "  - {at: [2, 0], tile: [4, 4, 4, 5]}",
        "hand:",
        "  - 1-4-5-5",
        "  - 0-2-3-3",
        "description: ab",
    ];
    let bad: Vec<&str> = SEVEN.lines().collect();
    // The valid file reads (the first line only: a shape mistake comes
    // first, rules after).
    let text = good.join("\n") + "\n";
    let (lines, out) = refuse("p.yaml", &text, &["moves"]);
    assert_eq!(out.status.code(), Some(0), "{lines:#?}");
    for (i, wrong) in bad.iter().enumerate() {
        if good[i] == *wrong {
            continue;
        }
        let mut one = good.to_vec();
        one[i] = wrong;
        let (lines, out) = refuse("p.yaml", &(one.join("\n") + "\n"), &["moves"]);
        assert_eq!(out.status.code(), Some(2), "{lines:#?}");
        assert_eq!(lines.len(), 1, "one mistake, one message: {lines:#?}");
        assert!(all.contains(&lines[0]), "line {}: {} not among {all:#?}", i + 1, lines[0]);
    }
}

#[test]
fn past_the_cap_the_rest_are_counted() {
    let hand: Vec<String> = (0..25).map(|i| format!("  - [{i}, 1, 2, 3]")).collect();
    let text = format!("variant: english\nboard: []\nhand:\n{}\n", hand.join("\n"));
    let (lines, out) = refuse("h.yaml", &text, &["moves"]);
    assert_eq!(out.status.code(), Some(2));
    assert_eq!(lines.len(), 21, "{lines:#?}");
    assert_eq!(lines_of("h.yaml", &lines[..20]), (4..24).collect::<Vec<_>>());
    assert_eq!(lines[20], "error: h.yaml: and 5 more problems (the first 20 are listed)");
}

#[test]
fn a_scenario_with_several_mistakes_gets_them_all() {
    let text = "\
name: s
colour: red
covers: [E1, 7]
start:
  board:
    - {at: [0, 0], tile: 3-3-3-3}
  hands:
    - [2-3-3-4]
    - [0-1-1-2]
  to-move: first
actions:
  - place: {tile: 2-3-3-4, at: [1, 0], corners: [3, 4, 2, 3]}
    expect:
      all: {legal: maybe}
  - do: next-round
";
    let (lines, out) = refuse("s.yaml", text, &["check"]);
    assert_listed("s.yaml", &lines, &out, &[1, 2, 3, 6, 10, 14]);
    // A key the scenario needs and lacks is said at the mapping's start.
    assert!(at(&lines, "s.yaml", 1).contains(":1:1: the key `description` is missing"), "{lines:#?}");
    assert!(at(&lines, "s.yaml", 2).contains("unknown key `colour`"), "{lines:#?}");
    assert!(at(&lines, "s.yaml", 6).contains("start.board[0].tile: four corner values belong here"), "{lines:#?}");
}

#[test]
fn a_spec_with_several_mistakes_gets_them_all() {
    let spec =
        std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join("specs/variants/english.yaml")).unwrap();
    let line_of = |prefix: &str| spec.lines().position(|l| l.starts_with(prefix)).unwrap() + 1;
    let text = spec
        .replace("description: The publisher's", "colour: red\ndescription: The publisher's")
        .replace("target: {value: 800", "target: {value: -800")
        .replace("text: english", "text: [english]");
    // One line was added above them all.
    let expected = vec![line_of("description:"), line_of("text:") + 1, line_of("target:") + 1];
    let (lines, out) = refuse("v.yaml", &text, &["variants", "--spec"]);
    assert_listed("v.yaml", &lines, &out, &expected);
    assert!(at(&lines, "v.yaml", expected[0]).contains("unknown key `colour`"), "{lines:#?}");
    assert!(
        at(&lines, "v.yaml", expected[2])
            .ends_with("target.value: the number -800 is out of range; write a whole number from 0 to 4294967295"),
        "{lines:#?}"
    );
}

#[test]
fn a_puzzle_with_a_misspelt_variant_and_goal_gets_both_in_one_run() {
    let text = "variant: serbain\nboard: []\nhand: [1-4-5-5]\ngoal: best_turn\n";
    let (lines, out) = refuse("p.yaml", text, &["solve"]);
    assert_listed("p.yaml", &lines, &out, &[1, 4]);
    assert!(at(&lines, "p.yaml", 1).contains("unknown variant `serbain` (did you mean `serbian`?)"), "{lines:#?}");
    assert!(at(&lines, "p.yaml", 4).contains("`best_turn` is not a goal (did you mean `best-turn`?)"), "{lines:#?}");
}

/// A misspelt variant beside a misspelt reading is said with it, whether
/// or not the file has mistakes of its shape too.
#[test]
fn a_misspelt_variant_is_said_beside_a_misspelt_reading() {
    let text = "variant: serbain\nrules:\n  R4: maybe\n  R99: no\nboard: []\nhand: [1-4-5-5]\n";
    let (lines, out) = refuse("p.yaml", text, &["moves"]);
    assert_listed("p.yaml", &lines, &out, &[1, 3, 4]);
    assert!(at(&lines, "p.yaml", 1).contains("unknown variant `serbain` (did you mean `serbian`?)"), "{lines:#?}");
    assert!(at(&lines, "p.yaml", 3).contains(":3:7: rules.R4: `maybe` is not a value of R4"), "{lines:#?}");
    assert!(
        at(&lines, "p.yaml", 4).contains("rules.R99: unknown rule option `R99` (did you mean `R9`?)"),
        "{lines:#?}"
    );
    let text = format!("{text}goal: best_turn\nfoo: 1\n");
    let (lines, out) = refuse("p.yaml", &text, &["solve"]);
    assert_listed("p.yaml", &lines, &out, &[1, 3, 4, 7, 8]);
    assert!(at(&lines, "p.yaml", 1).contains("unknown variant `serbain`"), "{lines:#?}");
    assert!(at(&lines, "p.yaml", 7).contains("`best_turn` is not a goal"), "{lines:#?}");
    assert!(at(&lines, "p.yaml", 8).contains("unknown key `foo`"), "{lines:#?}");
}

#[test]
fn a_scenario_with_a_misspelt_variant_gets_it_among_its_other_mistakes() {
    let text = "\
name: s
description: d
covers: [E1, 7]
variants: [english, serbain]
start:
  hands:
    - [2-3-3-4]
    - [0-1-1-2]
actions:
  - do: drawing
";
    let (lines, out) = refuse("s.yaml", text, &["check"]);
    assert_listed("s.yaml", &lines, &out, &[3, 4, 10]);
    // Said of the entry, once: not `variants[1]: variant: ...`.
    let variant = at(&lines, "s.yaml", 4);
    assert!(variant.contains(":4:21: variants[1]: unknown variant `serbain` (did you mean `serbian`?)"), "{lines:#?}");
    assert!(!variant.contains("variant: unknown"), "{lines:#?}");
}

#[test]
fn thousands_of_unknown_keys_are_counted_truly() {
    for n in [5_000, 40_000] {
        let keys: String = (0..n).map(|i| format!("key{i}: 1\n")).collect();
        let text = format!("variant: english\nboard: []\nhand: [1-4-5-5]\n{keys}");
        let (lines, out) = refuse("k.yaml", &text, &["moves"]);
        assert_eq!(out.status.code(), Some(2));
        assert_eq!(lines.len(), 21, "{n} keys");
        assert_eq!(lines[20], format!("error: k.yaml: and {} more problems (the first 20 are listed)", n - 20));
    }
}
