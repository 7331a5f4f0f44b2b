//! What `check` and `compare` say about a scenario's actions: a refused
//! action holds only where the scenario expects the refusal, `compare`
//! names the actions every variant refused, `--trace` prints each action's
//! outcome in words, and `compare --readings` on a scenario of several
//! variants names the variants it did not run.

use crate::common;

use std::path::Path;

/// A start where seat 0 cannot play (no 3s, and no tile of weight 12)
/// and the well is not empty: a pass is refused (E9, S13), a draw costs 20
/// (E15). `pass_expect` is written under the pass, as is.
fn pass_scenario(dir: &Path, pass_expect: &str) -> String {
    let text = format!(
        "name: pass-refused
description: a pass where the well is not empty
covers: [E9]
variants: [english, serbian]
start:
  board:
    - {{at: [0, 0], tile: [3, 3, 3, 3]}}
  hands:
    - [0-1-1-2, 0-0-0-1]
    - [1-1-2-2]
  well: [1-2-4-4, 0-2-3-4, 1-3-3-4, 0-0-1-2]
  to-move: 0
actions:
  - do: pass
{pass_expect}
  - do: draw
"
    );
    let path = dir.join("pass-refused.yaml");
    std::fs::write(&path, text).unwrap();
    path.to_str().unwrap().to_string()
}

/// Runs the binary and returns its exit status and standard output,
/// standard error being empty.
fn status_and_text(args: &[&str]) -> (Option<i32>, String) {
    let out = common::run(args);
    assert!(out.stderr.is_empty(), "quadominos {args:?}: {}", common::stderr(&out));
    (out.status.code(), common::stdout(&out))
}

#[test]
fn a_refusal_no_expectation_asks_for_fails_the_check_and_its_trace_says_not_expected() {
    let dir = tempfile::tempdir().unwrap();
    let file = pass_scenario(dir.path(), "");
    let (code, text) = status_and_text(&["check", &file]);
    assert_eq!(code, Some(1), "{text}");
    assert!(text.contains("  FAIL  english\n"), "{text}");
    assert!(text.contains("  FAIL  serbian\n"), "{text}");
    assert!(!text.contains("  ok  "), "{text}");
    assert!(
        text.contains(
            "action 1 (pass): refused, and no expectation says it is: the well is not empty: the player draws; \
             if the refusal is meant, write `legal: false` under the action's `expect:`"
        ),
        "{text}"
    );
    assert!(text.ends_with("1 scenario, 2 runs: 0 hold, 2 fail\n"), "{text}");

    let (code, text) = status_and_text(&["check", &file, "--trace"]);
    assert_eq!(code, Some(1), "{text}");
    let lines: Vec<&str> = text.lines().map(str::trim).collect();
    for want in [
        "1. pass  refused (NOT EXPECTED): the well is not empty: the player draws [E9]",
        "2. draw  accepted: draw, -20 points, then turn; scores [-20, 0] [E9, E15]",
        "1. pass  refused (NOT EXPECTED): the well is not empty: the player draws [S13]",
        "2. draw  accepted: draw, -20 points, then turn; scores [-20, 0] [S13]",
    ] {
        assert!(lines.contains(&want), "`{want}` not a line of\n{text}");
    }
}

#[test]
fn an_expected_refusal_holds_and_its_trace_says_expected() {
    let dir = tempfile::tempdir().unwrap();
    let file = pass_scenario(dir.path(), "    expect:\n      all: {legal: false}");
    let (code, text) = status_and_text(&["check", &file, "--trace"]);
    assert_eq!(code, Some(0), "{text}");
    assert!(text.contains("  ok    english (2 actions)\n"), "{text}");
    assert!(text.contains("  ok    serbian (2 actions)\n"), "{text}");
    let lines: Vec<&str> = text.lines().map(str::trim).collect();
    assert!(lines.contains(&"1. pass  refused (expected): the well is not empty: the player draws [E9]"), "{text}");
    assert!(!text.contains("NOT EXPECTED"), "{text}");
    // The same refusal expected under one variant only fails the other.
    let file = pass_scenario(dir.path(), "    expect:\n      english: {refused: \"the well is not empty\"}");
    let (code, text) = status_and_text(&["check", &file]);
    assert_eq!(code, Some(1), "{text}");
    assert!(text.contains("  ok    english (2 actions)\n"), "{text}");
    assert!(text.contains("  FAIL  serbian\n"), "{text}");
}

#[test]
fn compare_says_which_actions_every_variant_refused_and_traces_each_outcome() {
    let dir = tempfile::tempdir().unwrap();
    let file = pass_scenario(dir.path(), "");
    let (code, text) = status_and_text(&["compare", &file]);
    assert_eq!(code, Some(0), "{text}");
    assert!(
        text.ends_with(
            "2 variants compared: all agree\n\
             refused under every variant: action 1 (pass): the well is not empty: the player draws\n"
        ),
        "{text}"
    );
    assert!(!text.contains("trace:"), "{text}");

    let (code, text) = status_and_text(&["compare", &file, "--trace"]);
    assert_eq!(code, Some(0), "{text}");
    assert!(
        text.contains(
            "trace:\n  1. pass\n     english: refused: the well is not empty: the player draws [E9]\n     \
             serbian: refused: the well is not empty: the player draws [S13]\n  2. draw\n     \
             english: accepted: draw, -20 points, then turn; scores [-20, 0] [E9, E15]\n     \
             serbian: accepted: draw, -20 points, then turn; scores [-20, 0] [S13]\n"
        ),
        "{text}"
    );
    // Variants whose outcomes are the same, clauses included, share a line.
    let (_, text) = status_and_text(&["compare", &file, "--variants", "english,english-beginner", "--trace"]);
    assert!(
        text.contains("  1. pass\n     every variant: refused: the well is not empty: the player draws [E9]\n"),
        "{text}"
    );
    // In JSON: the trace's outcomes, and the refused action.
    let json = common::json(&["compare", &file, "--trace", "--format", "json"], 0);
    assert_eq!(json["refused-everywhere"][0]["action"], 1);
    assert_eq!(json["trace"][0]["outcomes"][0]["outcome"]["verdict"], "refused");
    assert_eq!(json["trace"][1]["outcomes"][1]["outcome"]["scores"], serde_json::json!([-20, 0]));
}

#[test]
fn compare_readings_names_the_scenarios_variants_it_did_not_run() {
    let (code, text) =
        status_and_text(&["compare", "specs/scenarios/example-f-side-and-corner-bonus.yaml", "--readings", "R4"]);
    assert_eq!(code, Some(0), "{text}");
    assert!(text.contains("baseline: english+R4=yes (english's own values of R4)\n"), "{text}");
    assert!(
        text.contains(
            "not run: serbian (the scenario's other variant: the readings are varied on its first only; \
             --variant NAME varies them on another)\n"
        ),
        "{text}"
    );
    // Every run is english's: serbian appears nowhere else.
    assert_eq!(text.matches("serbian").count(), 1, "{text}");
    let json = common::json(
        &["compare", "specs/scenarios/example-f-side-and-corner-bonus.yaml", "--readings", "R4", "--format", "json"],
        0,
    );
    assert_eq!(json["not-run"], serde_json::json!(["serbian"]));
    // On the variant named, nothing is left out.
    let (_, text) = status_and_text(&[
        "compare",
        "specs/scenarios/example-f-side-and-corner-bonus.yaml",
        "--variant",
        "serbian",
        "--readings",
        "R4",
    ]);
    assert!(!text.contains("not run"), "{text}");
    assert!(text.contains("baseline: serbian+R4=yes"), "{text}");
}
