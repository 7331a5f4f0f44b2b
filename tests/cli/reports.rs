//! Reports that say what they are: `compare` runs any scenario under any
//! variant, its baseline the variant's own values; `solve` says when no fill
//! exists, prints a count as a count, shows what the other bonus choice was
//! worth, and marks the plays on its text board.

use serde_json::{Value, json as j};

use crate::common;
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
    assert_eq!(report["final-scores"], j!([["serbian-chain", [7, 0]]]), "{report}");
    assert_eq!(report["differences"], j!([]), "{report}");
    assert!(report.get("baseline").is_none(), "no readings varied, no baseline note: {report}");
    // A spec file of a reading no shipped variant chooses, named by path:
    // english's R2 refuses the placement, so nothing is scored.
    let spec = "specs/scenarios/variants/english-r18-not-paid.yaml";
    let report = json(&["compare", R2_MIXED, "--variant", spec, "--format", "json"], 0);
    assert_eq!(report["final-scores"], j!([["english-r18-not-paid", [0, 0]]]), "{report}");
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
    let scores: Vec<Value> = report["final-scores"].as_array().unwrap().iter().map(|s| s[1].clone()).collect();
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
    assert_eq!(report["final-scores"][1][1], j!([7, 0]), "{report}");
}

#[test]
fn compare_lists_every_action_where_a_variant_parts_not_only_the_first() {
    // The scenario's own comments: serbian-r9-nothing scores the ordinary
    // plays at actions 3, 4 and 5 nothing (R9 = nothing) where serbian
    // scores 12, 10 and 10, so their scores differ after each of them and
    // after the 25 taken at 6.
    let scenario = "specs/scenarios/s6-r9-ordinary-plays-score-their-weight-or-nothing.yaml";
    let report = json(&["compare", scenario, "--format", "json"], 0);
    assert_eq!(report["parting"], j!([{"variant": "serbian-r9-nothing", "actions": [3, 4, 5, 6]}]), "{report}");
    // The first of each list is the difference the report names first.
    let rows = report["differences"].as_array().unwrap();
    assert_eq!(rows.len(), 1, "{report}");
    assert_eq!(rows[0]["action"], 3);
    let sides: Vec<&str> =
        rows[0]["sides"].as_array().unwrap().iter().map(|s| s["variant"].as_str().unwrap()).collect();
    assert_eq!(sides, ["serbian", "serbian-r9-nothing"]);
    // Where all agree, nothing is listed: the shipped variants play the
    // passes of r13 alike.
    let scenario = "specs/scenarios/r13-passes-must-be-in-a-row.yaml";
    let variants = "english,english-beginner,serbian,serbian-chain";
    let report = json(&["compare", scenario, "--variants", variants, "--format", "json"], 0);
    assert_eq!(report["parting"], j!([]), "{report}");
}

#[test]
fn check_still_refuses_an_expectation_for_a_variant_the_file_does_not_name() {
    // Run under a variant of its own choosing, a scenario's expectations
    // for its other variants are not errors (they do not apply)...
    let text = run_ok(&["check", R2_MIXED, "--variant", "serbian-chain"], 0);
    assert!(text.contains("  ok    serbian-chain (1 action)"), "{text}");
    // ... while one keyed by a variant the file does not name still is,
    // with or without an override.
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("klingon.yaml");
    let original = std::fs::read_to_string(R2_MIXED).unwrap();
    std::fs::write(&path, original.replace("serbian: {scores: [7, 0]}", "klingon: {scores: [7, 0]}")).unwrap();
    let shown = path.display().to_string();
    // Its line, as the file stands.
    let edited = std::fs::read_to_string(&path).unwrap();
    let line = edited.lines().position(|l| l.contains("klingon:")).unwrap() + 1;
    let at = format!("{shown}:{line}:");
    for extra in [&[][..], &["--variant", "english"][..], &["--variant", "serbian-chain"][..]] {
        let args = [&["check", shown.as_str()][..], extra].concat();
        refused(&args, &[&at, "`klingon` is not one of the scenario's variants"]);
        let args = [&["compare", shown.as_str()][..], extra].concat();
        refused(&args, &["`klingon` is not one of the scenario's variants"]);
    }
    // A proven failure under a variant the file names still fails.
    let out = run(&["check", R2_MIXED, "--variant", "english", "--rule", "R2=at-least-one"]);
    assert_eq!(out.status.code(), Some(1), "{}", stderr(&out));
    assert!(stdout(&out).contains("FAIL  english+R2=at-least-one"), "{}", stdout(&out));
}

// -------------------------------------------------------------------- solve

/// A puzzle file in a fresh folder, its text `yaml`.
fn puzzle_file(dir: &tempfile::TempDir, name: &str, yaml: &str) -> String {
    let path = dir.path().join(name);
    std::fs::write(&path, yaml).unwrap();
    path.display().to_string()
}

/// One cell beside a 5-5-5-5 quad, and a hand whose tiles show no 5 at
/// all: under english nothing can go there, so no fill exists.
const NO_FILL: &str = "variant: english\nboard:\n  - {at: [0, 0], tile: [5, 5, 5, 5]}\nhand: [0-0-0-1, 0-0-1-1]\n\
goal: {fill: {region: [[1, 0]], pool: hand, maximize: weight}}\n";

#[test]
fn a_fill_that_cannot_be_made_says_so_and_has_no_score() {
    let dir = tempfile::tempdir().unwrap();
    let none = puzzle_file(&dir, "none.yaml", &format!("{NO_FILL}expect: {{exists: false}}\n"));
    let text = run_ok(&["solve", &none], 0);
    assert!(text.contains("\nno fill exists (proven)\n"), "{text}");
    assert!(!text.contains("score"), "{text}");
    assert!(text.ends_with("expect: no fill exists holds\n"), "{text}");
    let answer = json(&["solve", &none, "--format", "json"], 0);
    assert_eq!(answer["exists"], false, "{answer}");
    assert!(answer.get("score").is_none(), "no score for a fill that does not exist: {answer}");
    assert_eq!(answer["expect"], j!({"exists": false, "holds": true}), "{answer}");
    // A score recorded for it does not hold, not even 0.
    let zero = puzzle_file(&dir, "zero.yaml", &format!("{NO_FILL}expect: {{score: 0}}\n"));
    let out = run(&["solve", &zero]);
    assert_eq!(out.status.code(), Some(1), "{}", stderr(&out));
    assert!(stdout(&out).ends_with("expect: 0 DOES NOT HOLD\n"), "{}", stdout(&out));
    let yes = puzzle_file(&dir, "yes.yaml", &format!("{NO_FILL}expect: {{exists: true}}\n"));
    let out = run(&["solve", &yes]);
    assert_eq!(out.status.code(), Some(1), "{}", stderr(&out));
    assert!(stdout(&out).ends_with("expect: a fill exists DOES NOT HOLD\n"), "{}", stdout(&out));
    // The same region counted: 0 is a proven count.
    let count = NO_FILL.replace("maximize: weight", "count: true");
    let count = puzzle_file(&dir, "count.yaml", &format!("{count}expect: {{count: 0}}\n"));
    let text = run_ok(&["solve", &count], 0);
    assert!(text.contains("\ncount: 0 (every solution counted)\n"), "{text}");
    assert!(text.ends_with("expect: count 0 holds\n"), "{text}");
}

#[test]
fn a_fill_found_exists_and_keeps_its_score() {
    let dir = tempfile::tempdir().unwrap();
    let original = std::fs::read_to_string("puzzles/fill-1x2-weight.yaml").unwrap();
    let path = puzzle_file(&dir, "exists.yaml", &original.replace("expect: {score: 27}", "expect: {exists: true}"));
    let answer = json(&["solve", &path, "--format", "json"], 0);
    assert_eq!((answer["exists"].clone(), answer["score"].clone()), (j!(true), j!(27)), "{answer}");
    assert_eq!(answer["expect"]["holds"], true, "{answer}");
}

#[test]
fn exists_is_refused_where_it_says_nothing() {
    let dir = tempfile::tempdir().unwrap();
    let count = NO_FILL.replace("maximize: weight", "count: true");
    let count = puzzle_file(&dir, "count.yaml", &format!("{count}expect: {{exists: false}}\n"));
    refused(&["solve", &count], &[&format!("{count}:6:"), "records its `count` (0 when no fill exists)"]);
    let both = puzzle_file(&dir, "both.yaml", &format!("{NO_FILL}expect: {{score: 3, exists: true}}\n"));
    refused(&["solve", &both], &[&format!("{both}:6:"), "give either `score`"]);
    let original = std::fs::read_to_string("puzzles/bonus-corner.yaml").unwrap();
    let turn = puzzle_file(&dir, "turn.yaml", &original.replace("expect: {score: 47}", "expect: {exists: true}"));
    refused(&["solve", &turn], &["a best-turn goal records its `score`; `exists` is a fill's"]);
}

/// The English 9x9 weight fill from the full set: the pool has tiles
/// enough, but a fill's values must step up and down round its cells, and
/// the region's edge cannot pay for the 81 cells' tiles (the cheapest cost
/// 30, its 36 edge sides allow 24). Both solvers rule it out without a
/// search, agree, and the text says why and where to read more; an 8x8
/// (which the count does not rule out) is searched as before.
#[test]
fn a_region_whose_edge_cannot_pay_for_its_tiles_has_no_fill_without_a_search() {
    let dir = tempfile::tempdir().unwrap();
    let nine = puzzle_file(
        &dir,
        "nine.yaml",
        "variant: english\nboard: []\nhand: []\n\
goal: {fill: {region: {width: 9, height: 9}, pool: full, maximize: weight}}\nexpect: {exists: false}\n",
    );
    let text = run_ok(&["solve", &nine], 0);
    assert!(text.contains("\nno fill exists (proven)\n"), "{text}");
    assert!(text.contains("no fill can be made (proven by counting, without a search)"), "{text}");
    assert!(
        text.contains("the cheapest tiles for these cells cost 30, and the 36 sides of the edge allow at most 24"),
        "{text}"
    );
    assert!(text.contains("(docs/SOLVERS.md, \"Fills\")"), "{text}");
    assert!(!text.contains("the pool only"), "{text}");
    assert!(text.ends_with("expect: no fill exists holds\n"), "{text}");
    let answer = json(&["solve", &nine, "--solver", "both", "--format", "json"], 0);
    assert_eq!((answer["exists"].clone(), answer["compared"].clone()), (j!(false), j!(true)), "{answer}");
    for s in answer["solvers"].as_array().unwrap() {
        assert_eq!((s["exists"].clone(), s["proven"].clone(), s["nodes"].clone()), (j!(false), j!(true), j!(0)), "{s}");
    }
    let eight = std::fs::read_to_string(&nine).unwrap().replace("width: 9, height: 9", "width: 8, height: 8");
    let eight = puzzle_file(&dir, "eight.yaml", &eight.replace("expect: {exists: false}\n", ""));
    let answer = json(&["solve", &eight, "--timeout", "1", "--format", "json"], 0);
    assert_eq!(answer["proven"], false, "{answer}");
    assert!(answer["stats"]["nodes"].as_u64().unwrap() > 0, "{answer}");
    assert_eq!(answer["stats"]["bounds"][0]["bound"], 772, "{answer}");
}

/// A region with more cells than the pool has tiles: every cell takes a
/// tile of its own, so no fill exists. Both solvers say so without
/// searching (no node, no check), and the text says why.
#[test]
fn a_region_larger_than_its_pool_has_no_fill_without_a_search() {
    let dir = tempfile::tempdir().unwrap();
    // 12 x 11 = 132 cells; the serbian set has 125 tiles.
    let big = puzzle_file(
        &dir,
        "big.yaml",
        "variant: serbian\nboard: []\nhand: []\n\
goal: {fill: {region: {width: 12, height: 11}, pool: full, maximize: weight}}\nexpect: {exists: false}\n",
    );
    let text = run_ok(&["solve", &big], 0);
    assert!(text.contains("\nno fill exists (proven)\n"), "{text}");
    assert!(text.contains("the region has 132 cells and the pool only 125 tiles"), "{text}");
    assert!(text.ends_with("expect: no fill exists holds\n"), "{text}");
    let answer = json(&["solve", &big, "--solver", "both", "--format", "json"], 0);
    assert_eq!(answer["exists"], false, "{answer}");
    assert_eq!(answer["compared"], true, "{answer}");
    for s in answer["solvers"].as_array().unwrap() {
        assert_eq!((s["exists"].clone(), s["proven"].clone(), s["nodes"].clone()), (j!(false), j!(true), j!(0)), "{s}");
    }
    let count = puzzle_file(
        &dir,
        "count.yaml",
        &std::fs::read_to_string(&big)
            .unwrap()
            .replace("maximize: weight", "count: true")
            .replace("expect: {exists: false}", "expect: {count: 0}"),
    );
    for solver in ["native", "smt"] {
        let answer = json(&["solve", &count, "--solver", solver, "--format", "json"], 0);
        assert_eq!((answer["count"].clone(), answer["proven"].clone()), (j!(0), j!(true)), "{solver}: {answer}");
        assert_eq!(answer["expect"]["holds"], true, "{solver}: {answer}");
    }
    // From a hand: two tiles fill the two cells of fill-1x2-weight (27) and
    // are searched for; three cells are one more than the two tiles.
    let original = std::fs::read_to_string("puzzles/fill-1x2-weight.yaml").unwrap();
    let two = original.replace("hand: [3-3-5-5, 0-4-4-5, 2-3-3-3, 2-3-5-5]", "hand: [3-3-5-5, 2-3-3-3]");
    assert_ne!(two, original);
    let exact = puzzle_file(&dir, "exact.yaml", &two);
    let answer = json(&["solve", &exact, "--format", "json"], 0);
    assert_eq!((answer["score"].clone(), answer["exists"].clone()), (j!(27), j!(true)), "{answer}");
    let wide = two.replace("width: 2, height: 1", "width: 3, height: 1").replace("expect: {score: 27}", "");
    let wide = puzzle_file(&dir, "wide.yaml", &wide);
    let text = run_ok(&["solve", &wide, "--solver", "both"], 0);
    assert!(text.contains("the region has 3 cells and the pool only 2 tiles"), "{text}");
    assert!(text.contains("solver: smt, proven no fill exists, 0 nodes"), "{text}");
}

#[test]
fn a_count_is_printed_as_a_count() {
    let text = run_ok(&["solve", "puzzles/fill-2x3-count.yaml"], 0);
    assert!(text.contains("\ncount: 2 (every solution counted)\n"), "{text}");
    assert!(!text.lines().any(|l| l.starts_with("score")), "{text}");
    assert!(text.ends_with("expect: count 2 holds\n"), "{text}");
    let answer = json(&["solve", "puzzles/fill-2x3-count.yaml", "--format", "json"], 0);
    assert_eq!(answer["count"], 2, "{answer}");
    assert!(answer.get("score").is_none(), "{answer}");
    assert_eq!(answer["expect"], j!({"count": 2, "holds": true}), "{answer}");
}

#[test]
fn a_bonus_taken_as_points_shows_what_the_two_tiles_would_have_scored() {
    // 4-5-5-5 earns the bonus with 19 points; the two tiles left, 1-4-5-5
    // (15) and 0-0-4-5 (9), can both be played but bring only 24 < 25.
    let text = run_ok(&["solve", "puzzles/turn-points-beat-tiles.yaml"], 0);
    assert!(
        text.contains(
            "  1. 4-5-5-5 as [5, 5, 4, 5] at [1, 1]: 19 points, bonus: +25 points\n     the other choice: two bonus \
             tiles, at best 24 against the 25 taken; that turn scores 43 ("
        ),
        "{text}"
    );
    let answer = json(&["solve", "puzzles/turn-points-beat-tiles.yaml", "--format", "json"], 0);
    let other = &answer["alternatives"][0];
    assert_eq!(
        (&other["play"], &other["taken"], &other["other"], &other["open"]),
        (&j!(1), &j!("points"), &j!("tiles"), &j!(true)),
        "{answer}"
    );
    assert_eq!((&other["taken-value"], &other["value"], &other["score"]), (&j!(25), &j!(24), &j!(43)), "{answer}");
    assert_eq!(other["proven"], true);
    // The line shown is the turn with the tiles: the same first play, then
    // the two tiles, whose weights make the 24.
    let plays = other["plays"].as_array().unwrap();
    assert_eq!(plays.len(), 3, "{other}");
    assert_eq!(plays[0]["choice"], "tiles");
    let tiles: i64 = plays[1..].iter().map(|p| p["points"].as_i64().unwrap()).sum();
    assert_eq!(tiles, 24);
    assert_eq!(answer["alternatives"].as_array().unwrap().len(), 1);
}

#[test]
fn bonus_tiles_played_show_the_25_they_beat() {
    let text = run_ok(&["solve", "puzzles/bonus-corner.yaml"], 0);
    assert!(
        text.contains(
            "bonus: two bonus tiles\n     the other choice: +25 points, 25 against the 32 the bonus tiles played \
             brought; that turn scores 40\n"
        ),
        "{text}"
    );
    let answer = json(&["solve", "puzzles/bonus-corner.yaml", "--format", "json"], 0);
    let other = &answer["alternatives"][0];
    assert_eq!((&other["taken-value"], &other["value"], &other["score"]), (&j!(32), &j!(25), &j!(40)), "{answer}");
    // A forced 25 has no other choice open, and says why.
    let text = run_ok(&["solve", "puzzles/turn-25-forced-beginner.yaml"], 0);
    assert!(
        text.contains("     the other choice: none; two bonus tiles cannot both be played, so the 25 is taken (E14)\n"),
        "{text}"
    );
    let answer = json(&["solve", "puzzles/turn-25-forced-beginner.yaml", "--format", "json"], 0);
    assert_eq!(answer["alternatives"][0]["open"], false, "{answer}");
    assert!(answer["alternatives"][0].get("value").is_none(), "{answer}");
}

#[test]
fn the_text_board_numbers_the_tiles_played_on_their_top_edge() {
    let text = run_ok(&["solve", "puzzles/bonus-corner.yaml"], 0);
    let after = text.split("after the plays").nth(1).unwrap();
    // Plays 1 and 2 at [1, -1] and [2, -1], play 3 at [1, 1]; the board
    // shown before the plays is unmarked.
    assert!(after.contains("\n   +---+---+-1-+-2-+---+\n-1 | . |0 1|1 4|4 5| . |\n"), "{after}");
    assert!(after.contains("\n   +---+---+-3-+---+---+\n 1 |   | . |5 2| . |   |\n"), "{after}");
    let before = text.split("after the plays").next().unwrap();
    assert!(!before.contains("-1-"), "{before}");
}

#[test]
fn a_long_file_name_wraps_the_picture_title_instead_of_clipping_it() {
    let dir = tempfile::tempdir().unwrap();
    let mut folder = dir.path().to_path_buf();
    for i in 0..6 {
        folder.push(format!("a-folder-with-a-rather-long-name-{i}"));
    }
    std::fs::create_dir_all(&folder).unwrap();
    let path = folder.join("bonus-corner-with-a-long-name.yaml");
    std::fs::copy("puzzles/bonus-corner.yaml", &path).unwrap();
    let svg_path = dir.path().join("answer.svg");
    let shown = path.display().to_string();
    run_ok(&["solve", &shown, "--svg", svg_path.to_str().unwrap()], 0);
    let svg = std::fs::read_to_string(&svg_path).unwrap();
    let doc = roxmltree::Document::parse(&svg).unwrap();
    let width: usize = doc.root_element().attribute("width").unwrap().parse().unwrap();
    let lines: Vec<&str> = doc
        .descendants()
        .filter(|n| n.has_tag_name("text") && n.attribute("font-size") == Some("15"))
        .filter_map(|n| n.text())
        .collect();
    assert!(lines.len() >= 2, "{lines:?}");
    // Each line fits the picture (8 px a character from x = 40), and the
    // lines together are the whole title.
    for l in &lines {
        assert!(40 + 8 * l.chars().count() <= width, "{l:?} in {width} px");
    }
    let joined = lines.concat().replace(' ', "");
    let title = format!("{shown}: best-turn, english (score 47)").replace(' ', "");
    assert_eq!(joined, title);
}

#[test]
fn the_other_choice_cut_short_by_a_limit_says_so_and_claims_no_value() {
    use quadominos::formats::{VariantChoice, load_puzzle};
    use quadominos::solve::native::{Native, other_choice};
    use quadominos::solve::{Choice, Limits, Solver, Stop};
    use std::sync::Arc;
    use std::sync::atomic::AtomicBool;
    use std::time::Duration;

    let loaded = load_puzzle(std::path::Path::new("puzzles/bonus-corner.yaml"), &VariantChoice::default()).unwrap();
    let puzzle = &loaded.puzzle;
    let answer = Native.solve(puzzle, &Limits::default()).unwrap();
    assert!(answer.proven);
    // The bonus play with the 25 taken instead: the other choice is then
    // the two bonus tiles, a search of its own.
    let mut first = answer.plays[0].clone();
    assert_eq!(first.choice, Some(Choice::Tiles));
    first.choice = Some(Choice::Points);
    let line = vec![first];

    let whole = other_choice(puzzle, &line, 0, &Limits::default()).unwrap();
    assert_eq!((whole.other, whole.open, whole.value, whole.proven), (Choice::Tiles, Some(true), Some(32), true));
    assert_eq!(whole.score, Some(answer.score));

    // No time at all: the search stops at its first node, proves nothing
    // and claims nothing it did not find.
    let limits = Limits { timeout: Some(Duration::ZERO), ..Limits::default() };
    let cut = other_choice(puzzle, &line, 0, &limits).unwrap();
    assert_eq!((cut.proven, cut.stopped), (false, Some(Stop::TimeLimit)));
    assert!(cut.value.is_none_or(|v| v <= 32) && cut.open != Some(false), "{cut:?}");
    // Stopped from outside (Ctrl-C): said as such.
    let limits = Limits { stop: Some(Arc::new(AtomicBool::new(true))), ..Limits::default() };
    let cut = other_choice(puzzle, &line, 0, &limits).unwrap();
    assert_eq!((cut.proven, cut.stopped), (false, Some(Stop::Interrupted)));
}
