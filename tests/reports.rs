//! Reports that say what they are: `compare` runs any scenario under any
//! variant, its baseline the variant's own values; `solve` says when no fill
//! exists, prints a count as a count, shows what the other bonus choice was
//! worth, and marks the plays on its text board.

use serde_json::{Value, json as j};

mod common;
use common::{json, refused, run, run_ok, stderr, stdout};

/// Written for english and serbian only (its expectations name those two):
/// a corner showing 3 and 0, which serbian's R2 (at least one value) lets
/// 0-1-2-4 match and english's (every value) does not.
const R2_MIXED: &str = "specs/scenarios/r2-mixed-corner.yaml";

// ------------------------------------------------------------------ compare

#[test]
fn compare_runs_a_scenario_under_a_variant_it_does_not_name() {
    // serbian-chain is serbian with chained bonuses: R2 = at-least-one, so
    // the placement is accepted and scores its weight, 7.
    let report = json(&["compare", R2_MIXED, "--variant", "serbian-chain", "--format", "json"], 0);
    assert_eq!(report["variants"], j!(["serbian-chain"]), "{report}");
    assert_eq!(report["final_scores"], j!([["serbian-chain", [7, 0]]]), "{report}");
    assert_eq!(report["differences"], j!([]), "{report}");
    assert!(report.get("baseline").is_none(), "no readings varied, no baseline note: {report}");
    // A spec file of a reading no shipped variant chooses, named by path:
    // english's R2 refuses the placement, so nothing is scored.
    let spec = "specs/scenarios/variants/english-r18-not-paid.yaml";
    let report = json(&["compare", R2_MIXED, "--variant", spec, "--format", "json"], 0);
    assert_eq!(report["final_scores"], j!([["english-r18-not-paid", [0, 0]]]), "{report}");
}

#[test]
fn compare_readings_under_a_third_variant_start_from_its_own_values() {
    let args = ["compare", R2_MIXED, "--variant", "serbian-chain", "--readings", "R2,R3"];
    let report = json(&[&args[..], &["--format", "json"]].concat(), 0);
    // serbian-chain's own R2 is at-least-one and its own R3 yes: that
    // combination comes first though neither is first in the reading table.
    let columns = [
        "serbian-chain+R2=at-least-one+R3=yes",
        "serbian-chain+R2=at-least-one+R3=no",
        "serbian-chain+R2=every-value+R3=yes",
        "serbian-chain+R2=every-value+R3=no",
    ];
    assert_eq!(report["variants"], j!(columns), "{report}");
    assert_eq!(report["baseline"], "serbian-chain's own values of R2, R3", "{report}");
    // One difference row, at the placement: the baseline accepts it (+7),
    // both every-value columns refuse it; R3 alone changes nothing here.
    let rows = report["differences"].as_array().unwrap();
    assert_eq!(rows.len(), 1, "{report}");
    assert_eq!(rows[0]["action"], 1);
    let sides: Vec<(&str, &str, i64)> = rows[0]["sides"]
        .as_array()
        .unwrap()
        .iter()
        .map(|s| (s["variant"].as_str().unwrap(), s["verdict"].as_str().unwrap(), s["score"].as_i64().unwrap()))
        .collect();
    assert_eq!(sides, [(columns[0], "accepted", 7), (columns[2], "refused", 0), (columns[3], "refused", 0)]);
    assert_eq!(report["differing"], 2);
    let scores: Vec<Value> = report["final_scores"].as_array().unwrap().iter().map(|s| s[1].clone()).collect();
    assert_eq!(scores, [j!([7, 0]), j!([7, 0]), j!([0, 0]), j!([0, 0])]);
    let text = run_ok(&args, 0);
    assert!(
        text.contains("baseline: serbian-chain+R2=at-least-one+R3=yes (serbian-chain's own values of R2, R3)\n"),
        "{text}"
    );
    assert!(text.ends_with("4 variants compared: 2 differ from serbian-chain+R2=at-least-one+R3=yes\n"), "{text}");
}

#[test]
fn compare_readings_on_english_keep_english_values_as_the_baseline() {
    // english's own R2 is every-value: the baseline refuses, and the
    // columns that accept are the ones that differ.
    let report = json(&["compare", R2_MIXED, "--variant", "english", "--readings", "R2", "--format", "json"], 0);
    assert_eq!(report["variants"], j!(["english+R2=every-value", "english+R2=at-least-one"]), "{report}");
    assert_eq!(report["differences"][0]["sides"][0]["verdict"], "refused", "{report}");
    assert_eq!(report["differences"][0]["sides"][1]["verdict"], "accepted", "{report}");
    assert_eq!(report["final_scores"][1][1], j!([7, 0]), "{report}");
}

#[test]
fn check_still_refuses_an_expectation_for_a_variant_the_file_does_not_name() {
    // Run under a variant of its own choosing, a scenario's expectations
    // for its other variants are not errors (they do not apply)...
    let text = run_ok(&["check", R2_MIXED, "--variant", "serbian-chain"], 0);
    assert!(text.contains("  ok    serbian-chain (1 actions)"), "{text}");
    // ... while one keyed by a variant the file does not name still is,
    // with or without an override.
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("klingon.yaml");
    let original = std::fs::read_to_string(R2_MIXED).unwrap();
    std::fs::write(&path, original.replace("serbian: {scores: [7, 0]}", "klingon: {scores: [7, 0]}")).unwrap();
    let shown = path.display().to_string();
    for extra in [&[][..], &["--variant", "english"][..], &["--variant", "serbian-chain"][..]] {
        let args = [&["check", shown.as_str()][..], extra].concat();
        refused(&args, &[&format!("{shown}:39:12"), "`klingon` is not one of the scenario's variants"]);
        let args = [&["compare", shown.as_str()][..], extra].concat();
        refused(&args, &["`klingon` is not one of the scenario's variants"]);
    }
    // A proven failure under a variant the file names still fails.
    let out = run(&["check", R2_MIXED, "--variant", "english", "--rule", "R2=at-least-one"]);
    assert_eq!(out.status.code(), Some(1), "{}", stderr(&out));
    assert!(stdout(&out).contains("FAIL  english+R2=at-least-one"), "{}", stdout(&out));
}
