//! docs/PROTOCOL.md is run: its example session is replayed against
//! `quadominos engine`, every answer line as written, and the minimal
//! Python engine it shows (docs/examples/engine.py) passes `quadominos
//! conform` under the English variants it covers, the shipped scenarios,
//! the deals and whole games played through its game actions among the
//! cases.

use crate::common;

use std::io::Write as _;
use std::path::Path;
use std::process::{Command, Stdio};

fn doc() -> String {
    std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join("docs/PROTOCOL.md")).unwrap()
}

/// The body of the one fenced block whose info string is `lang`.
fn block(lang: &str) -> String {
    let text = doc();
    let open = format!("```{lang}\n");
    let blocks: Vec<&str> = text.split(&open).skip(1).collect();
    assert_eq!(blocks.len(), 1, "docs/PROTOCOL.md has {} ```{lang} blocks", blocks.len());
    blocks[0].split("\n```").next().unwrap().to_string()
}

#[test]
fn the_example_session_is_what_the_reference_engine_answers() {
    let session = block("protocol");
    let requests: Vec<&str> = session.lines().filter_map(|l| l.strip_prefix("> ")).collect();
    let answers: Vec<&str> = session.lines().filter_map(|l| l.strip_prefix("< ")).collect();
    assert!(requests.len() >= 10 && answers.len() > requests.len(), "{session}");
    let mut child = Command::new(env!("CARGO_BIN_EXE_quadominos"))
        .arg("engine")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .unwrap();
    child.stdin.take().unwrap().write_all((requests.join("\n") + "\n").as_bytes()).unwrap();
    let out = child.wait_with_output().unwrap();
    assert_eq!(out.status.code(), Some(0));
    let got = String::from_utf8(out.stdout).unwrap();
    let got: Vec<&str> = got.lines().collect();
    assert_eq!(got.len(), answers.len(), "{got:#?}");
    for (line, written) in got.iter().zip(&answers) {
        match written.strip_suffix("...") {
            Some(start) => assert!(line.starts_with(start), "`{line}` does not start as `{written}`"),
            None => assert_eq!(line, written),
        }
    }
}

/// The example engine's file.
fn example() -> std::path::PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("docs/examples/engine.py")
}

#[test]
fn the_doc_links_the_example_engine_and_says_which_variants_it_covers() {
    let text = doc();
    assert!(text.contains("[`docs/examples/engine.py`](examples/engine.py)"), "the doc does not link the example");
    assert!(!text.contains("```python"), "the doc pastes an engine again instead of linking the file");
    let section = text.split("## A minimal engine in Python").nth(1).unwrap();
    let words = section.split_whitespace().collect::<Vec<_>>().join(" ");
    for said in [
        "for the English rules only: `english` and `english-beginner` (E19)",
        "knows no `serbian` variant",
        "offers no `play`",
        // The command the doc gives is the one this test runs.
        r#"quadominos conform --engine "python3 docs/examples/engine.py" --variant english,english-beginner"#,
    ] {
        assert!(words.contains(said), "the section does not say: {said}");
    }
    let code = std::fs::read_to_string(example()).unwrap();
    assert!(code.lines().count() > 300, "the example is no whole engine");
}

#[test]
fn the_minimal_python_engine_passes_conform_under_english_rules() {
    let dir = tempfile::tempdir().unwrap();
    let engine = example();
    let report = dir.path().join("report.jsonl");
    let command = format!("python3 '{}'", engine.display());
    let out = common::run(&[
        "conform",
        "--engine",
        &command,
        "--variant",
        "english,english-beginner",
        "--positions",
        "3",
        "--perft-depth",
        "2",
        "--count",
        "0",
        "--report",
        report.to_str().unwrap(),
    ]);
    let text = common::stdout(&out);
    assert_eq!(out.status.code(), Some(0), "{text}{}", common::stderr(&out));
    // Every case of the rules ran and passed; only the game the sketch
    // cannot play is skipped.
    let lines: Vec<serde_json::Value> =
        std::fs::read_to_string(&report).unwrap().lines().map(|l| serde_json::from_str(l).unwrap()).collect();
    for kind in ["refusals", "positions", "verdicts", "perft", "scenarios", "deals", "actions"] {
        assert!(lines.iter().any(|l| l["kind"] == kind), "no {kind} case");
    }
    let passed = |case: &str| lines.iter().any(|l| l["case"] == case && l["outcome"] == "pass");
    // The hand-picked edge positions are among them.
    for id in ["edge-full-set", "edge-dying-bonus", "edge-orientations", "edge-largest-hand"] {
        assert!(passed(&format!("perft/{id}/english")), "{id}");
    }
    // The sketch knows the beginner set too: a variant that no longer fits
    // the position is taken, and the position refused until one fits (E19).
    assert!(passed("refusals/refuse-variant-that-no-longer-fits/english"), "the variant that no longer fits");
    // It speaks protocol 2 with the game actions: every shipped scenario is
    // played through them under both English variants, its events, clause
    // ids, scores and phases held to the rules'.
    for variant in ["english", "english-beginner"] {
        let played = lines.iter().filter(|l| l["kind"] == "scenarios" && l["variant"] == variant).count();
        assert!(played >= 20, "only {played} scenario cases under {variant}");
    }
    for case in [
        // A bonus whose third corner is matched across a diagonal (E12, R4).
        "scenarios/example-f-side-and-corner-bonus/english",
        // Two bonus tiles, the first of which must leave room for the second (E14, R17).
        "scenarios/r17-a-bonus-tile-that-blocks-the-next/english",
        // A blocked round (E15, R13), the game's end at once (E16, R14).
        "scenarios/r13-blocked-round/english",
        "scenarios/e16-reaching-the-target-ends-the-game/english",
        // The beginner set's deal and target (E19).
        "scenarios/e19-beginner-deal/english-beginner",
        "scenarios/e19-beginner-game-to-600/english-beginner",
        // The opening tile at another cell, a pass after a draw counted
        // toward a blocked round, no deal after the game's end.
        "scenarios/e3-the-opening-tile-goes-to-the-origin/english",
        "scenarios/e15-a-pass-after-a-draw-counts-toward-a-blocked-round/english-beginner",
        "scenarios/e16-no-deal-after-the-game-is-over/english",
        // Every number of players dealt, the deals with uneven hands refused.
        "deals/2-players/english",
        "deals/8-players/english-beginner",
    ] {
        assert!(passed(case), "{case} did not pass");
    }
    for l in &lines {
        // `play` needs the engine's own shuffle and strategy; it is not offered.
        let expected = if l["kind"] == "play" { "skip" } else { "pass" };
        assert_eq!(l["outcome"], expected, "{l}");
    }
}
