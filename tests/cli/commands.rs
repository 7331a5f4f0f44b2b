//! The `quadominos` binary, run for real: its output on every puzzle under
//! both rule sources, snapshotted into `snapshots/` and checked against facts
//! worked out by hand from docs/RULES.md (each puzzle's `description:` gives the
//! reasoning), and its refusal of bad input: exit status 2, nothing on
//! stdout, and a message naming the file and the line and column of the
//! offending entry.

use std::path::{Path, PathBuf};

use serde_json::Value;

use crate::common;
use common::{json, run, run_ok, stderr, stdout};

fn snapshot(name: &str, output: &str) {
    insta::with_settings!({snapshot_path => "../../snapshots", prepend_module_to_snapshot => false}, {
        insta::assert_snapshot!(name, output)
    });
}

/// Every puzzle file, by stem, in name order.
fn puzzles() -> Vec<String> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("puzzles");
    let mut stems: Vec<String> = std::fs::read_dir(&dir)
        .expect("puzzles/ is readable")
        .map(|e| e.expect("a directory entry").path())
        .filter(|p| p.extension().is_some_and(|e| e == "yaml"))
        .map(|p| p.file_stem().expect("a file name").to_string_lossy().into_owned())
        .collect();
    stems.sort();
    stems
}

fn puzzle(stem: &str) -> String {
    format!("puzzles/{stem}.yaml")
}

/// The `moves` JSON of a puzzle under a variant, with extra arguments.
fn moves(stem: &str, variant: &str, extra: &[&str]) -> Value {
    let path = puzzle(stem);
    let mut args = vec!["moves", path.as_str(), "--variant", variant, "--format", "json"];
    args.extend_from_slice(extra);
    json(&args, 0)
}

fn move_list(report: &Value) -> &Vec<Value> {
    report["moves"].as_array().expect("`moves` is a list")
}

fn tile_values(id: &str) -> Vec<u8> {
    id.split('-').map(|v| v.parse().expect("a tile id value")).collect()
}

fn numbers(v: &Value) -> Vec<i64> {
    v.as_array().expect("a list").iter().map(|n| n.as_i64().expect("a number")).collect()
}

/// The moves that place `tile` at `at` (any corners).
fn at<'a>(report: &'a Value, tile: &str, cell: [i64; 2]) -> Vec<&'a Value> {
    move_list(report).iter().filter(|m| m["tile"] == tile && numbers(&m["at"]) == cell).collect()
}

/// The one move placing `tile` as `corners` at `cell`, if listed.
fn find<'a>(report: &'a Value, tile: &str, cell: [i64; 2], corners: [i64; 4]) -> Option<&'a Value> {
    let found: Vec<&Value> = at(report, tile, cell).into_iter().filter(|m| numbers(&m["corners"]) == corners).collect();
    assert!(found.len() <= 1, "{tile} {corners:?} at {cell:?} listed twice");
    found.first().copied()
}

/// Asserts a move's `matched`, `bonus`, `by_weight` and `points`.
fn check(m: Option<&Value>, matched: u64, bonus: bool, by_weight: bool, points: u64) {
    let m = m.expect("the move is listed");
    assert_eq!(m["matched"], matched, "{m}");
    assert_eq!(m["bonus"], bonus, "{m}");
    assert_eq!(m["by-weight"], by_weight, "{m}");
    assert_eq!(m["points"], points, "{m}");
}

/// The cells where `tile` is listed.
fn cells(report: &Value, tile: &str) -> Vec<Vec<i64>> {
    move_list(report).iter().filter(|m| m["tile"] == tile).map(|m| numbers(&m["at"])).collect()
}

// ---------------------------------------------------------------- snapshots

const VARIANTS: [&str; 2] = ["english", "serbian"];

/// The small positions made to show a placement rule; their move lists are
/// pinned by snapshots (the solver's larger puzzles are checked by
/// `tests/solve/solvers.rs`).
const RULE_POSITIONS: [&str; 7] = [
    "bonus-corner",
    "mixed-corner",
    "mixed-corner-bonus",
    "enclosure-bonus",
    "diagonal-bonus",
    "equal-weight",
    "beginner-hole",
];

#[test]
fn moves_of_every_rule_position_under_both_sources_match_their_snapshots() {
    let stems = puzzles();
    for expected in RULE_POSITIONS {
        assert!(stems.iter().any(|s| s == expected), "puzzles/{expected}.yaml is missing");
    }
    for stem in RULE_POSITIONS {
        let path = puzzle(stem);
        for variant in VARIANTS {
            let text = run_ok(&["moves", &path, "--variant", variant], 0);
            snapshot(&format!("moves__{stem}__{variant}"), &text);
            let json = run_ok(&["moves", &path, "--variant", variant, "--format", "json"], 0);
            snapshot(&format!("moves__{stem}__{variant}__json"), &json);
        }
    }
    // The beginner puzzle under its own variant, the 70-tile set (E19).
    let text = run_ok(&["moves", "puzzles/beginner-hole.yaml"], 0);
    snapshot("moves__beginner-hole__english-beginner", &text);
}

#[test]
fn explain_of_a_legal_bonus_placement_matches_its_snapshot() {
    let args = ["explain", "puzzles/bonus-corner.yaml", "--tile", "1-4-5-5", "--at", "1,-1", "--corners", "1,4,5,5"];
    snapshot("explain__bonus-corner__legal-bonus", &run_ok(&args, 0));
    let mut with_json = args.to_vec();
    with_json.extend(["--format", "json"]);
    snapshot("explain__bonus-corner__legal-bonus__json", &run_ok(&with_json, 0));
}

#[test]
fn explain_of_an_illegal_placement_matches_its_snapshot_and_exits_1() {
    let args = ["explain", "puzzles/enclosure-bonus.yaml", "--tile", "1-1-2-2", "--at", "1,1", "--corners", "1,1,2,2"];
    snapshot("explain__enclosure-bonus__illegal", &run_ok(&args, 1));
    let mut with_json = args.to_vec();
    with_json.extend(["--format", "json"]);
    snapshot("explain__enclosure-bonus__illegal__json", &run_ok(&with_json, 1));
}

#[test]
fn variants_match_their_snapshots() {
    snapshot("variants__table", &run_ok(&["variants"], 0));
    snapshot("variants__serbian__R4-no", &run_ok(&["variants", "--variant", "serbian", "--rule", "R4=no"], 0));
}

// -------------------------------------------------------- facts about moves

#[test]
fn bonus_corner_under_english_has_exactly_one_bonus_1_4_5_5_at_1_minus_1() {
    let report = moves("bonus-corner", "english", &[]);
    assert_eq!(report["variant"], "english");
    assert_eq!(move_list(&report).len(), 8);
    let bonus: Vec<&Value> = move_list(&report).iter().filter(|m| m["bonus"] == true).collect();
    assert_eq!(bonus.len(), 1, "{bonus:?}");
    let m = bonus[0];
    assert_eq!(m["tile"], "1-4-5-5");
    assert_eq!(numbers(&m["corners"]), [1, 4, 5, 5]);
    assert_eq!(numbers(&m["at"]), [1, -1]);
    check(Some(m), 3, true, false, 15);
    // Serbian (R3 = yes) adds 4-5-5-5 at [1, -1] with nw unmatched.
    let serbian = moves("bonus-corner", "serbian", &[]);
    assert_eq!(move_list(&serbian).len(), 10);
    check(find(&serbian, "4-5-5-5", [1, -1], [4, 5, 5, 5]), 2, false, false, 19);
    check(find(&serbian, "4-5-5-5", [1, -1], [5, 4, 5, 5]), 2, false, false, 19);
    assert!(at(&report, "4-5-5-5", [1, -1]).is_empty());
}

#[test]
fn bonus_corner_keeps_its_bonus_without_diagonal_neighbours() {
    // All three touching corners of 1-4-5-5 at [1, -1] also touch its edge
    // neighbours [0, -1] (W) and [1, 0] (S), so R4 = no loses only the
    // diagonal 5 of [0, 0] at (1, 0), and the bonus stays.
    let english = moves("bonus-corner", "english", &[]);
    let no_diagonal = moves("bonus-corner", "english", &["--rule", "R4=no"]);
    assert_eq!(no_diagonal["variant"], "english+R4=no");
    assert_eq!(no_diagonal["moves"], english["moves"]);
    let args = ["explain", "puzzles/bonus-corner.yaml", "--tile", "1-4-5-5", "--at", "1,-1", "--corners", "1,4,5,5"];
    let sw = |v: &Value| {
        v["contacts"].as_array().unwrap().iter().find(|c| c["corner"] == "sw").expect("sw touches")["found"].clone()
    };
    let with = json(&[&args[..], &["--format", "json"]].concat(), 0);
    let without = json(&[&args[..], &["--format", "json", "--rule", "R4=no"]].concat(), 0);
    assert_eq!(sw(&with), serde_json::json!([["S", 5], ["SW", 5], ["W", 5]]));
    assert_eq!(sw(&without), serde_json::json!([["S", 5], ["W", 5]]));
    assert_eq!((without["matched"].clone(), without["bonus"].clone()), (3.into(), true.into()));
}

#[test]
fn diagonal_bonus_needs_the_diagonal_neighbour() {
    let english = moves("diagonal-bonus", "english", &[]);
    assert_eq!(move_list(&english).len(), 1);
    check(find(&english, "2-3-5-5", [1, 0], [2, 3, 5, 5]), 3, true, false, 15);
    // R4 = no: the ne corner no longer touches 1-3-3-3; 2 matched, no bonus,
    // and 1-1-5-5 becomes legal, its 1 touching nothing.
    let no_diagonal = moves("diagonal-bonus", "english", &["--rule", "R4=no"]);
    assert_eq!(move_list(&no_diagonal).len(), 2);
    check(find(&no_diagonal, "2-3-5-5", [1, 0], [2, 3, 5, 5]), 2, false, false, 15);
    check(find(&no_diagonal, "1-1-5-5", [1, 0], [1, 1, 5, 5]), 2, false, false, 12);
    assert!(move_list(&no_diagonal).iter().all(|m| m["bonus"] == false));
    // Serbian: 1-1-5-5 with its ne 1 against 3 (R3 = yes), and the hole.
    let serbian = moves("diagonal-bonus", "serbian", &[]);
    assert_eq!(move_list(&serbian).len(), 3);
    check(find(&serbian, "1-1-5-5", [1, 0], [1, 1, 5, 5]), 2, false, false, 12);
    check(find(&serbian, "2-3-5-5", [1, 0], [2, 3, 5, 5]), 3, true, false, 15);
    check(find(&serbian, "2-3-5-5", [2, 0], [2, 3, 5, 5]), 2, false, false, 15);
}

#[test]
fn mixed_corner_takes_a_tile_only_where_one_value_may_be_matched() {
    let english = moves("mixed-corner", "english", &[]);
    let serbian = moves("mixed-corner", "serbian", &[]);
    assert_eq!((move_list(&english).len(), move_list(&serbian).len()), (7, 9));
    // No corner can equal both 2 and 3 at (1, 1) under R2 = every value.
    for m in move_list(&english) {
        let cell = numbers(&m["at"]);
        assert!(cell != [0, 1] && cell != [1, 1], "{m}");
    }
    check(find(&serbian, "2-3-3-4", [0, 1], [2, 3, 3, 4]), 2, false, false, 12);
    check(find(&serbian, "1-1-1-2", [1, 1], [2, 1, 1, 1]), 2, false, false, 5);
    // Every english move is also a serbian one.
    for m in move_list(&english) {
        assert!(move_list(&serbian).contains(m), "{m} is english-only");
    }
}

#[test]
fn mixed_corner_bonus_exists_only_under_at_least_one() {
    let english = moves("mixed-corner-bonus", "english", &[]);
    assert!(at(&english, "0-2-2-4", [1, 1]).is_empty());
    assert!(move_list(&english).iter().all(|m| m["bonus"] == false));
    let serbian = moves("mixed-corner-bonus", "serbian", &[]);
    assert_eq!(move_list(&serbian).len(), 2);
    check(find(&serbian, "0-2-2-4", [1, 1], [2, 2, 4, 0]), 3, true, false, 8);
    check(find(&serbian, "0-2-2-4", [2, 0], [2, 4, 0, 2]), 2, false, false, 8);
    // With R2 = every value the nw corner goes unmatched: still legal by two
    // matched corners (R3 = yes), but no bonus.
    let every = moves("mixed-corner-bonus", "serbian", &["--rule", "R2=every-value"]);
    check(find(&every, "0-2-2-4", [1, 1], [2, 2, 4, 0]), 2, false, false, 8);
}

#[test]
fn enclosure_bonus_is_example_e_under_both_and_two_of_three_only_under_serbian() {
    let english = moves("enclosure-bonus", "english", &[]);
    let serbian = moves("enclosure-bonus", "serbian", &[]);
    for report in [&english, &serbian] {
        check(find(report, "0-1-1-4", [1, 1], [1, 1, 4, 0]), 3, true, false, 6);
        assert_eq!(move_list(report).iter().filter(|m| m["bonus"] == true).count(), 1);
    }
    assert!(at(&english, "1-1-2-2", [1, 1]).is_empty());
    check(find(&serbian, "1-1-2-2", [1, 1], [1, 1, 2, 2]), 2, false, false, 6);
    assert_eq!((move_list(&english).len(), move_list(&serbian).len()), (7, 8));
}

#[test]
fn equal_weight_plays_4_4_4_4_next_to_the_tile_of_weight_16_only_under_serbian() {
    let english = moves("equal-weight", "english", &[]);
    assert!(cells(&english, "4-4-4-4").is_empty());
    check(find(&english, "0-0-1-1", [2, 0], [0, 0, 1, 1]), 2, false, false, 2);
    let serbian = moves("equal-weight", "serbian", &[]);
    let mut by_weight = cells(&serbian, "4-4-4-4");
    by_weight.sort();
    assert_eq!(by_weight, [[-1, 0], [0, -1], [0, 1], [1, -1], [1, 1]]);
    for cell in [[0, -1], [1, -1], [-1, 0], [0, 1], [1, 1]] {
        check(find(&serbian, "4-4-4-4", cell, [4, 4, 4, 4]), 0, false, true, 16);
    }
    // R6 = edge only: the two cells where 1-5-5-5 is a diagonal neighbour go.
    let edge = moves("equal-weight", "serbian", &["--rule", "R6=edge-only"]);
    let mut edge_cells = cells(&edge, "4-4-4-4");
    edge_cells.sort();
    assert_eq!(edge_cells, [[-1, 0], [0, -1], [0, 1]]);
    // R5 = no: no play by weight at all.
    let no = moves("equal-weight", "serbian", &["--rule", "R5=no"]);
    assert!(cells(&no, "4-4-4-4").is_empty());
}

#[test]
fn beginner_hole_three_of_four_is_a_bonus_only_under_serbian() {
    let own = json(&["moves", "puzzles/beginner-hole.yaml", "--format", "json"], 0);
    assert_eq!(own["variant"], "english-beginner");
    let english = moves("beginner-hole", "english", &[]);
    assert_eq!(own["moves"], english["moves"]);
    assert_eq!(move_list(&english).len(), 3);
    check(find(&english, "1-2-4-4", [1, 1], [1, 2, 4, 4]), 4, true, false, 11);
    assert!(at(&english, "1-1-2-4", [1, 1]).is_empty());
    let serbian = moves("beginner-hole", "serbian", &[]);
    assert_eq!(move_list(&serbian).len(), 5);
    check(find(&serbian, "1-2-4-4", [1, 1], [1, 2, 4, 4]), 4, true, false, 11);
    check(find(&serbian, "1-1-2-4", [1, 1], [1, 2, 4, 1]), 3, true, false, 8);
    check(find(&serbian, "1-1-2-4", [1, 1], [1, 1, 2, 4]), 2, false, false, 8);
    // R7 = 4 only: the three-of-four loses its bonus, the perfect fit keeps it.
    let four = moves("beginner-hole", "serbian", &["--rule", "R7=4"]);
    check(find(&four, "1-1-2-4", [1, 1], [1, 2, 4, 1]), 3, false, false, 8);
    check(find(&four, "1-2-4-4", [1, 1], [1, 2, 4, 4]), 4, true, false, 11);
}

/// Checks what holds of every listed move whatever the puzzle: the order,
/// the cell (empty, sharing a side with a tile: S10), the hand, the
/// orientation (R1), the points (R9), the bonus threshold (R7), and that only
/// serbian plays by weight (R5).
#[test]
fn every_moves_list_is_sorted_and_consistent() {
    for stem in puzzles() {
        let text = std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join(puzzle(&stem))).unwrap();
        let file: serde_yaml::Value = serde_yaml::from_str(&text).unwrap();
        let hand: Vec<&str> = file["hand"].as_sequence().unwrap().iter().map(|t| t.as_str().unwrap()).collect();
        let board: Vec<Vec<i64>> = file["board"]
            .as_sequence()
            .unwrap()
            .iter()
            .map(|e| e["at"].as_sequence().unwrap().iter().map(|n| n.as_i64().unwrap()).collect())
            .collect();
        for variant in VARIANTS {
            let report = moves(&stem, variant, &[]);
            let list = move_list(&report);
            let key = |m: &Value| {
                (
                    tile_values(m["tile"].as_str().unwrap()),
                    numbers(&m["at"])[1],
                    numbers(&m["at"])[0],
                    numbers(&m["corners"]),
                )
            };
            for pair in list.windows(2) {
                assert!(key(&pair[0]) < key(&pair[1]), "{stem} {variant}: {} before {}", pair[0], pair[1]);
            }
            for m in list {
                let tile = m["tile"].as_str().unwrap();
                assert!(hand.contains(&tile), "{stem} {variant}: {tile} is not in the hand");
                let [x, y] = numbers(&m["at"])[..] else { panic!("{m}") };
                assert!(!board.contains(&vec![x, y]), "{stem} {variant}: [{x}, {y}] is taken");
                let sides = [[x, y - 1], [x + 1, y], [x, y + 1], [x - 1, y]];
                assert!(sides.iter().any(|c| board.contains(&c.to_vec())), "{stem} {variant}: no side contact: {m}");
                let corners = numbers(&m["corners"]);
                let values: Vec<i64> = tile_values(tile).into_iter().map(i64::from).collect();
                let rotations: Vec<Vec<i64>> =
                    (0..4).map(|k| values[k..].iter().chain(&values[..k]).copied().collect()).collect();
                assert!(rotations.contains(&corners), "{stem} {variant}: {m} is not ascending clockwise");
                assert_eq!(m["points"], corners.iter().sum::<i64>(), "{stem} {variant}: R9 weight: {m}");
                let matched = m["matched"].as_u64().unwrap();
                assert_eq!(m["bonus"], matched >= 3, "{stem} {variant}: R7 = 3: {m}");
                if variant == "english" {
                    assert_eq!(m["by-weight"], false, "{stem}: R5 = no: {m}");
                }
                assert_eq!(m["by-weight"] == true, matched < 2, "{stem} {variant}: {m}");
            }
        }
    }
}

// ------------------------------------------------------- facts about explain

#[test]
fn explain_gives_the_contacts_and_clauses_of_a_legal_bonus() {
    let args = ["explain", "puzzles/bonus-corner.yaml", "--tile", "1-4-5-5", "--at", "1,-1", "--corners", "1,4,5,5"];
    let v = json(&[&args[..], &["--format", "json"]].concat(), 0);
    assert_eq!(v["legal"], true);
    assert_eq!((v["matched"].as_u64(), v["points"].as_u64(), v["bonus"].as_bool()), (Some(3), Some(15), Some(true)));
    let corners: Vec<&str> = v["contacts"].as_array().unwrap().iter().map(|c| c["corner"].as_str().unwrap()).collect();
    assert_eq!(corners, ["nw", "se", "sw"]);
    assert!(v["contacts"].as_array().unwrap().iter().all(|c| c["matched"] == true));
    let clauses: Vec<&str> = v["clauses"].as_array().unwrap().iter().map(|c| c.as_str().unwrap()).collect();
    // Under english: the sheet's clauses only, and of them the bonus that this
    // is: two sides of an enclosure (E11), not the corner across (E12), for
    // no corner is matched by the diagonal neighbour alone.
    assert_eq!(clauses, ["E8", "R7", "E11", "R9"]);
    // Every point shows one value, and the SW diagonal's 5 is the 5 its side
    // neighbours show there: neither R2 nor R4 could change the verdict.
    for id in ["R2", "R4"] {
        assert!(!clauses.contains(&id), "{id} cited: {clauses:?}");
    }
    let text = run_ok(&args, 0);
    assert!(text.contains("verdict: legal\n"), "{text}");
    assert!(text.contains("bonus: yes"), "{text}");
}

#[test]
fn explain_refuses_an_unmatched_corner_under_english_only() {
    let args = ["explain", "puzzles/enclosure-bonus.yaml", "--tile", "1-1-2-2", "--at", "1,1", "--corners", "1,1,2,2"];
    let v = json(&[&args[..], &["--format", "json"]].concat(), 1);
    assert_eq!(v["legal"], false);
    let reasons = v["reasons"].as_array().unwrap();
    assert_eq!(reasons.len(), 1, "{reasons:?}");
    assert!(reasons[0]["reason"].as_str().unwrap().contains("corner sw (2)"), "{reasons:?}");
    // The verdict cites the readings whose other value would allow the
    // placement: R3 = no refuses the unmatched corner (R3 = yes allows it,
    // two corners matching); the point shows one value (0), so R2 has no
    // bearing.
    let clauses: Vec<&str> = v["clauses"].as_array().unwrap().iter().map(|c| c.as_str().unwrap()).collect();
    assert!(clauses.contains(&"R3") && !clauses.contains(&"R2"), "{clauses:?}");
    let mut once = clauses.clone();
    once.sort();
    once.dedup();
    assert_eq!(once.len(), clauses.len(), "a clause cited twice: {clauses:?}");
    for c in &clauses {
        let (kind, n) = c.split_at(1);
        assert!(matches!(kind, "E" | "S" | "R") && n.parse::<u8>().is_ok_and(|n| (1..=32).contains(&n)), "{c}");
    }
    let text = run_ok(&args, 1);
    // English: no Serbian S12, the reading and its English ground alone.
    assert!(text.contains("verdict: illegal\n") && text.contains("clauses: R3, E17\n"), "{text}");
    // The same placement is legal under serbian: two matched of three (R3 = yes).
    let serbian = json(&[&args[..], &["--format", "json", "--variant", "serbian"]].concat(), 0);
    assert_eq!((serbian["legal"].as_bool(), serbian["matched"].as_u64()), (Some(true), Some(2)));
    assert_eq!(serbian["bonus"], false);
}

// ------------------------------------------------------ facts about variants

#[test]
fn the_variants_table_lists_every_reading_for_every_shipped_variant() {
    let text = run_ok(&["variants"], 0);
    let header: Vec<&str> = text.lines().next().unwrap().split_whitespace().collect();
    assert_eq!(header, ["reading", "english", "english-beginner", "serbian", "serbian-chain"]);
    let row = |id: &str| -> Vec<String> {
        let line = text.lines().find(|l| l.split_whitespace().next() == Some(id)).unwrap_or_else(|| panic!("{id}"));
        line.split_whitespace().skip(2).map(str::to_string).collect()
    };
    for n in 1..=16 {
        assert_eq!(row(&format!("R{n}")).len(), 4, "R{n}");
    }
    assert_eq!(row("R2"), ["every-value", "every-value", "at-least-one", "at-least-one"]);
    assert_eq!(row("R3"), ["no", "no", "yes", "yes"]);
    assert_eq!(row("R5"), ["no", "no", "yes", "yes"]);
    assert_eq!(row("R8"), ["no", "no", "no", "yes"]);
    assert_eq!(row("R15"), ["clockwise", "clockwise", "counter-clockwise", "counter-clockwise"]);
    assert!(text.contains("full (125)") && text.contains("beginner (70)"), "{text}");
}

#[test]
fn a_spec_with_a_base_marks_the_readings_it_changes() {
    let spec = "specs/scenarios/variants/english-r18-not-paid.yaml";
    let text = run_ok(&["variants", "--spec", spec], 0);
    let starred: Vec<&str> = text.lines().filter(|l| l.starts_with('R') && l.contains("* ")).collect();
    assert_eq!(starred.len(), 1, "{text}");
    assert!(starred[0].starts_with("R18* going-out-bonus") && starred[0].contains("not-paid"), "{text}");
    assert!(text.contains("\n* differs from english: 1 reading\n"), "{text}");
    // An override on top of the spec is a change from the base too.
    let v = json(&["variants", "--spec", spec, "--rule", "R4=no", "--format", "json"], 0);
    assert_eq!(v["base"], "english");
    let differing: Vec<&str> = v["readings"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|r| r["differs"] == true)
        .map(|r| r["id"].as_str().unwrap())
        .collect();
    assert_eq!(differing, ["R4", "R18"]);
    // A shipped variant as it is has nothing to be compared with.
    let plain = json(&["variants", "--variant", "english", "--format", "json"], 0);
    assert!(plain.get("base").is_none() && plain["readings"][0].get("differs").is_none(), "{plain}");
    assert!(!run_ok(&["variants", "--variant", "english"], 0).contains("differs from"));
}

#[test]
fn a_rule_override_changes_one_reading_and_drops_its_citation() {
    let text = run_ok(&["variants", "--variant", "serbian", "--rule", "R4=no"], 0);
    assert!(text.starts_with("serbian+R4=no: "), "{text}");
    let v = json(&["variants", "--variant", "serbian", "--rule", "R4=no", "--format", "json"], 0);
    assert_eq!(v["name"], "serbian+R4=no");
    let readings = v["readings"].as_array().unwrap();
    assert_eq!(readings.len(), usize::from(quadominos::rules::LAST_READING));
    let r = |id: &str| readings.iter().find(|r| r["id"] == id).unwrap_or_else(|| panic!("{id}"));
    assert_eq!(r("R4")["value"], "no");
    assert_eq!(r("R4")["clauses"], serde_json::json!([]));
    assert_eq!(r("R2")["value"], "at-least-one");
    assert_eq!(r("R2")["clauses"], serde_json::json!(["S12"]));
}

// ---------------------------------------------------------------- bad input

/// A broken input: exit status 2, nothing on stdout, exactly one message,
/// which starts with `error: WHERE: ` and contains `says`.
fn refused(args: &[&str], location: &str, says: &str) {
    let out = run(args);
    let err = stderr(&out);
    assert_eq!(out.status.code(), Some(2), "quadominos {args:?}\nstderr: {err}");
    assert!(out.stdout.is_empty(), "quadominos {args:?} printed: {}", stdout(&out));
    let lines: Vec<&str> = err.lines().collect();
    assert_eq!(lines.len(), 1, "one message expected: {err}");
    let prefix = format!("error: {location}: ");
    assert!(lines[0].starts_with(&prefix), "expected `{prefix}...`, got: {err}");
    assert!(lines[0].contains(says), "expected `{says}` in: {err}");
}

/// Writes `bytes` as `name` in `dir` and checks that `moves` (and `explain`)
/// refuse it at `line:col`.
fn refused_file(dir: &Path, name: &str, bytes: &[u8], line: usize, col: usize, says: &str) {
    let path: PathBuf = dir.join(name);
    std::fs::write(&path, bytes).unwrap();
    let shown = path.display().to_string();
    let location = format!("{shown}:{line}:{col}");
    refused(&["moves", &shown], &location, says);
    refused(&["explain", &shown, "--at", "0,1", "--corners", "0,0,0,0", "--any-tile"], &location, says);
}

#[test]
fn broken_position_files_are_refused_at_the_offending_entry() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    let ok = "board:\n  - {at: [0, 0], tile: [5, 5, 5, 5]}\n";
    // YAML syntax: a missing comma, found where it is.
    refused_file(
        d,
        "syntax.yaml",
        b"board:\n  - {at: [0, 0] tile: [5, 5, 5, 5]}\nhand: []\n",
        2,
        17,
        "the mapping `{` that begins at line 2, column 5 needs a `,` between its entries, or a `}` to close it",
    );
    // An unclosed mapping is noticed on the next line; the message says where
    // the mapping began, and does not repeat the position shown in front.
    let path = d.join("unclosed.yaml");
    std::fs::write(&path, "board:\n  - {at: [0, 0], tile: [5, 5, 5, 5]\nhand: []\n").unwrap();
    let shown = path.display().to_string();
    refused(
        &["moves", &shown],
        &format!("{shown}:3:1"),
        "the mapping `{` that begins at line 2, column 5 needs a `,` between its entries, or a `}` to close it",
    );
    let err = stderr(&run(&["moves", &shown]));
    assert!(!err.contains("line 3 column 1"), "{err}");
    // Wrong type: a board entry that is a string.
    refused_file(
        d,
        "type.yaml",
        format!("{ok}  - \"oops\"\nhand: []\n").as_bytes(),
        3,
        5,
        "board[1]: a board entry belongs here",
    );
    // Unknown keys, at the top and in an entry.
    refused_file(
        d,
        "key.yaml",
        format!("{ok}hands: []\n").as_bytes(),
        3,
        1,
        "unknown key `hands` (did you mean `hand`?)",
    );
    refused_file(
        d,
        "entry-key.yaml",
        format!("{ok}  - {{at: [1, 0], tile: [5, 5, 5, 5], colour: red}}\n").as_bytes(),
        3,
        38,
        "board[1]: unknown key `colour`",
    );
    // A value 6, flow and block style: at the value itself.
    refused_file(
        d,
        "six.yaml",
        format!("{ok}  - {{at: [1, 0], tile: [5, 5, 6, 5]}}\nhand: []\n").as_bytes(),
        3,
        31,
        "board[1].tile[2]: value 6 is outside 0-5",
    );
    refused_file(
        d,
        "six-block.yaml",
        format!("{ok}  - at: [1, 0]\n    tile: [5, 5, 6, 5]\nhand: []\n").as_bytes(),
        4,
        18,
        "board[1].tile[2]: value 6 is outside 0-5",
    );
    // A duplicate cell.
    refused_file(
        d,
        "cell.yaml",
        format!("{ok}  - {{at: [0, 0], tile: [4, 4, 4, 4]}}\nhand: []\n").as_bytes(),
        3,
        10,
        "board[1].at: cell [0, 0] is already taken by board[0]",
    );
    // A tile used twice, in two orientations.
    refused_file(
        d,
        "twice.yaml",
        format!("{ok}  - {{at: [1, 0], tile: [1, 2, 3, 4]}}\n  - {{at: [2, 0], tile: [4, 1, 2, 3]}}\nhand: []\n")
            .as_bytes(),
        4,
        24,
        "board[2].tile: tile 1-2-3-4 is already placed at board[1]",
    );
    // The tile the set lacks (S1).
    refused_file(
        d,
        "missing.yaml",
        format!("{ok}  - {{at: [1, 0], tile: [0, 2, 4, 5]}}\nhand: []\n").as_bytes(),
        3,
        24,
        "board[1].tile: tile 0-2-4-5 is not in the full tile set",
    );
    // A 5 under the beginner set (E19), on the board and in the hand.
    refused_file(
        d,
        "beginner.yaml",
        b"variant: english-beginner\nboard:\n  - {at: [0, 0], tile: [4, 4, 4, 4]}\n  - {at: [1, 0], tile: [4, 4, 4, 5]}\n",
        4,
        24,
        "board[1].tile: tile 4-4-4-5 is not in the beginner tile set (E19)",
    );
    refused_file(
        d,
        "beginner-hand.yaml",
        b"variant: english-beginner\nboard:\n  - {at: [0, 0], tile: [4, 4, 4, 4]}\nhand: [0-0-0-0, 0-0-0-5]\n",
        4,
        17,
        "hand[1]: tile 0-0-0-5 is not in the beginner tile set",
    );
    // A tile in an orientation R1 does not allow.
    refused_file(
        d,
        "orientation.yaml",
        format!("{ok}  - {{at: [1, 0], tile: [1, 3, 2, 4]}}\nhand: []\n").as_bytes(),
        3,
        24,
        "board[1].tile: [1, 3, 2, 4] is not an orientation of tile 1-2-3-4",
    );
    // A disconnected board: at the tile cut off.
    refused_file(
        d,
        "disconnected.yaml",
        format!("{ok}  - {{at: [1, 0], tile: [1, 2, 3, 4]}}\n  - {{at: [3, 3], tile: [4, 4, 4, 4]}}\nhand: []\n")
            .as_bytes(),
        4,
        10,
        "board[2].at: the board is not connected through tile sides: [3, 3] cut off",
    );
    refused_file(
        d,
        "disconnected-first.yaml",
        b"board:\n  - {at: [3, 3], tile: [4, 4, 4, 4]}\n  - {at: [0, 0], tile: [5, 5, 5, 5]}\n  - {at: [1, 0], tile: [1, 2, 3, 4]}\n",
        2,
        10,
        "board[0].at: the board is not connected",
    );
    // An unknown variant named in the file.
    refused_file(d, "variant.yaml", format!("variant: klingon\n{ok}").as_bytes(), 1, 10, "unknown variant `klingon`");
    // Empty, or nothing but a comment.
    refused_file(d, "empty.yaml", b"", 1, 1, "the file is empty");
    refused_file(d, "comment.yaml", b"# a position, some day\n", 1, 1, "the file is empty");
    // Invalid UTF-8: at the first bad byte.
    let mut latin1 = format!("{ok}hand: []\ndescription: caf").into_bytes();
    latin1.extend_from_slice(b"\xe9\n");
    refused_file(d, "latin1.yaml", &latin1, 4, 17, "the file is not valid UTF-8");
    // A hand tile that is also on the board, and hand entries in block style.
    refused_file(
        d,
        "hand.yaml",
        format!("{ok}  - {{at: [1, 0], tile: [1, 2, 3, 4]}}\nhand: [0-0-0-0, 1-2-3-4]\n").as_bytes(),
        4,
        17,
        "hand[1]: tile 1-2-3-4 is already on the board at board[1]",
    );
    refused_file(
        d,
        "hand-block.yaml",
        format!("{ok}hand:\n  - 0-0-0-0\n  - 1-2-3-9\n").as_bytes(),
        5,
        5,
        "hand[1]: value 9 is outside 0-5",
    );
}

#[test]
fn bad_rule_choices_on_the_command_line_name_the_option() {
    let position = "puzzles/bonus-corner.yaml";
    refused(&["moves", position, "--variant", "klingon"], "--variant", "unknown variant `klingon`");
    refused(&["moves", position, "--rule", "R99=yes"], "--rule", "unknown rule option `R99`");
    refused(&["moves", position, "--rule", "diagonals=no"], "--rule", "unknown rule option `diagonals`");
    refused(&["moves", position, "--rule", "R4=maybe"], "--rule", "`maybe` is not a value of R4");
    refused(&["moves", position, "--rule", "R4"], "--rule", "is not NAME=VALUE");
    refused(&["variants", "--rule", "R4=maybe"], "--rule", "`maybe` is not a value of R4");
    refused(&["variants", "--variant", "klingon"], "--variant", "unknown variant `klingon`");
    // An empty name would otherwise be read as the working folder.
    refused(
        &["moves", position, "--variant", ""],
        "--variant",
        "no variant is named; write one of the shipped variants",
    );
}

// ------------------------------------------------------- check and compare

const EXAMPLE_F: &str = "specs/scenarios/example-f-side-and-corner-bonus.yaml";

#[test]
fn check_passes_a_scenario_whose_expectations_hold() {
    let text = run_ok(&["check", EXAMPLE_F], 0);
    assert!(text.contains("  ok    english (4 actions)"), "{text}");
    assert!(text.contains("  ok    serbian (4 actions)"), "{text}");
    assert!(text.ends_with("1 scenario, 2 runs: 2 hold, 0 fail\n"), "{text}");
}

#[test]
fn check_fails_with_status_1_and_names_the_broken_expectation() {
    // Under R7 = 4 the three matched corners earn no bonus, so `take-tiles`
    // is refused and the expectation "legal: true" on action 2 fails.
    let out = run(&["check", EXAMPLE_F, "--rule", "R7=4"]);
    assert_eq!(out.status.code(), Some(1), "{}", stderr(&out));
    let text = stdout(&out);
    assert!(text.contains("FAIL  english+R7=4"), "{text}");
    assert!(
        text.contains("action 1 (place 3-4-5-5 as [5, 5, 3, 4] at [1, 1]): bonus: expected true, got false"),
        "{text}"
    );
    assert!(text.contains("action 2 (play two bonus tiles): expected accepted, got refused"), "{text}");
    assert!(text.ends_with("2 fail\n"), "{text}");
}

/// The `*.yaml` files directly in `dir`, by file name.
fn yaml_names(dir: &Path) -> Vec<String> {
    let mut names: Vec<String> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.is_file() && p.extension().is_some_and(|x| x == "yaml"))
        .map(|p| p.file_name().unwrap().to_string_lossy().into_owned())
        .collect();
    names.sort();
    names
}

#[test]
fn check_runs_every_scenario_file_of_a_folder_and_says_how_many() {
    let folder = Path::new(env!("CARGO_MANIFEST_DIR")).join("specs/scenarios");
    let names = yaml_names(&folder);
    assert!(names.len() > 50, "{names:?}");
    let text = run_ok(&["check", "specs/scenarios"], 0);
    let mut lines = text.lines();
    assert_eq!(lines.next(), Some(format!("specs/scenarios: {} scenario files found", names.len()).as_str()));
    // Each file is reported, under the folder as given; the scenario
    // variants' specs under variants/ are not scenarios and are not read as such.
    for name in &names {
        assert!(text.contains(&format!("\nspecs/scenarios/{name}  (")), "{name} not reported:\n{text}");
    }
    assert!(!text.contains("specs/scenarios/variants/"), "{text}");
    let summary = text.lines().last().unwrap();
    assert!(summary.starts_with(&format!("{} scenarios, ", names.len())), "{summary}");
    assert!(summary.ends_with(" 0 fail"), "{summary}");
}

#[test]
fn a_failing_file_in_a_folder_makes_check_fail_and_is_named() {
    let dir = tempfile::tempdir().unwrap();
    let good = std::fs::read_to_string("specs/scenarios/example-d-plain-match.yaml").unwrap();
    std::fs::write(dir.path().join("a-good.yaml"), &good).unwrap();
    // The same play with a wrong score expected: 12 where the tile weighs 11.
    let wrong = good.replace("score: 11,", "score: 12,");
    assert_ne!(wrong, good);
    std::fs::write(dir.path().join("b-wrong.yaml"), wrong).unwrap();
    // Not a scenario file: not read.
    std::fs::write(dir.path().join("notes.txt"), "not yaml").unwrap();
    let shown = dir.path().display().to_string();
    let out = run(&["check", &shown]);
    assert_eq!(out.status.code(), Some(1), "{}", stderr(&out));
    let text = stdout(&out);
    assert!(text.starts_with(&format!("{shown}: 2 scenario files found\n")), "{text}");
    assert!(text.contains(&format!("{shown}/b-wrong.yaml  (example-d-plain-match)\n  FAIL  english\n")), "{text}");
    assert!(text.contains("score change: expected 12, got 11"), "{text}");
    assert!(text.ends_with("2 scenarios, 8 runs: 4 hold, 4 fail\n"), "{text}");
    // Quiet: only the failing runs, each naming its file.
    let out = run(&["check", &shown, "--quiet"]);
    assert_eq!(out.status.code(), Some(1));
    let quiet = stdout(&out);
    let firsts: Vec<&str> = quiet.lines().filter(|l| !l.starts_with(' ')).collect();
    assert_eq!(firsts.len(), 4, "{quiet}");
    assert!(firsts.iter().all(|l| l.starts_with(&format!("FAIL {shown}/b-wrong.yaml "))), "{quiet}");
}

#[test]
fn check_refuses_a_folder_with_no_scenario_files() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::create_dir(dir.path().join("variants")).unwrap();
    std::fs::write(dir.path().join("variants/x.yaml"), "name: x\n").unwrap();
    let shown = dir.path().display().to_string();
    refused(&["check", &shown], &shown, "no scenario files here");
}

#[test]
fn compare_shows_where_readings_part_and_sums_up() {
    let text = run_ok(&["compare", EXAMPLE_F, "--variant", "english", "--readings", "R7"], 0);
    assert!(text.contains("first difference at action 1: place 3-4-5-5 as [5, 5, 3, 4] at [1, 1]"), "{text}");
    assert!(text.contains("english+R7=3  accepted: place+bonus, +17 points, then bonus-choice"), "{text}");
    assert!(text.contains("english+R7=4  accepted: place, +17 points, then turn"), "{text}");
    assert!(text.ends_with("2 variants compared: 1 differs from english+R7=3\n"), "{text}");
    let report = json(&["compare", EXAMPLE_F, "--variants", "english,serbian", "--format", "json"], 0);
    assert_eq!(report["differing"], 0, "{report}");
    assert_eq!(report["final-scores"][1][1], serde_json::json!([42, 0]));
}

#[test]
fn check_and_compare_refuse_a_broken_scenario_with_status_2() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("broken.yaml");
    std::fs::write(
        &path,
        "name: x\ndescription: y\ncovers: [E8]\nstart:\n  hands: [[0-0-0-1]]\nactions:\n  - {do: dance}\n",
    )
    .unwrap();
    let shown = path.display().to_string();
    refused(
        &["check", &shown],
        &format!("{shown}:7:10"),
        "`dance` is not an action; write one of the actions: `take-points`",
    );
    refused(&["compare", &shown], &format!("{shown}:7:10"), "`dance` is not an action");
    refused(&["compare", EXAMPLE_F, "--readings", "R99"], "--readings", "unknown rule option `R99`");
}

/// Every puzzle written as one line of notation and read back as a `.qpn`
/// file lists exactly the same moves as its YAML file.
#[test]
fn every_puzzle_round_trips_through_the_position_notation() {
    let dir = tempfile::tempdir().unwrap();
    for stem in puzzles() {
        let path = puzzle(stem.as_str());
        let line = run_ok(&["notation", &path], 0);
        assert_eq!(line.lines().count(), 1, "{stem}: {line}");
        let qpn = dir.path().join(format!("{stem}.qpn"));
        std::fs::write(&qpn, format!("# {stem}\n{line}")).unwrap();
        let shown = qpn.display().to_string();
        assert_eq!(run_ok(&["notation", &shown], 0), line, "{stem}: notation of the .qpn file");
        let from_yaml = json(&["moves", &path, "--format", "json"], 0);
        let from_line = json(&["moves", &shown, "--format", "json"], 0);
        assert_eq!(from_yaml["moves"], from_line["moves"], "{stem}");
        assert_eq!(from_yaml["variant"], from_line["variant"], "{stem}");
    }
    let line = run_ok(&["notation", "puzzles/bonus-corner.yaml"], 0);
    assert_eq!(line, "0,-1:0155;0,0:5555;1,0:5525 1-4-5-5,2-2-4-5,4-5-5-5 english\n");
}

#[test]
fn broken_notation_files_are_refused_at_the_offending_column() {
    let dir = tempfile::tempdir().unwrap();
    let cases: [(&str, &str, usize, usize, &str); 7] = [
        ("empty.qpn", "# nothing\n\n", 1, 1, "the file is empty"),
        ("two.qpn", "0,0:5555 -\n0,0:1111 -\n", 2, 1, "a second position"),
        ("value.qpn", "0,0:5565 -\n", 1, 7, "outside 0-5"),
        ("taken.qpn", "# c\n0,0:5555;0,0:1111 1-1-1-1\n", 2, 10, "already taken"),
        ("notinset.qpn", "0,0:5555 0-2-4-5\n", 1, 10, "not in the full tile set"),
        ("variant.qpn", "0,0:5555 1-1-1-1 englis\n", 1, 18, "unknown variant `englis`"),
        ("hand.qpn", "0,0:5555 1-1-1-1,5-5-5-5\n", 1, 18, "already on the board"),
    ];
    for (name, text, line, col, says) in cases {
        let path = dir.path().join(name);
        std::fs::write(&path, text).unwrap();
        let shown = path.display().to_string();
        refused(&["notation", &shown], &format!("{shown}:{line}:{col}"), says);
        refused(&["moves", &shown], &format!("{shown}:{line}:{col}"), says);
    }
}

/// `--timeout` takes a positive number of seconds that a duration can hold;
/// anything else is refused by the argument parser (exit 2, nothing on
/// stdout), never a panic.
#[test]
fn solve_refuses_a_timeout_that_is_not_a_positive_duration() {
    for (value, says) in [
        ("1e300", "1e300 seconds is too long"),
        ("-1", "not a positive number of seconds"),
        ("0", "not a positive number of seconds"),
        ("NaN", "not a positive number of seconds"),
        ("soon", "`soon` is not a number of seconds"),
    ] {
        let arg = format!("--timeout={value}");
        let out = run(&["solve", "puzzles/bonus-corner.yaml", &arg]);
        let err = stderr(&out);
        assert_eq!(out.status.code(), Some(2), "--timeout {value}: {err}");
        assert!(out.stdout.is_empty(), "--timeout {value}");
        assert!(err.starts_with("error: --timeout: ") && err.contains(says), "--timeout {value}: {err}");
        assert!(!err.contains("panicked"), "--timeout {value}: {err}");
    }
    let text = run_ok(&["solve", "puzzles/bonus-corner.yaml", "--timeout", "30"], 0);
    assert!(text.contains("47"), "{text}");
}

#[test]
fn a_file_opening_with_a_byte_order_mark_reads_as_it_does_without_one() {
    let dir = tempfile::tempdir().unwrap();
    let plain = puzzle("bonus-corner");
    let text = std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join(&plain)).unwrap();
    let bom = dir.path().join("bom.yaml");
    std::fs::write(&bom, format!("\u{feff}{text}")).unwrap();
    let bom = bom.display().to_string();
    let expected = json(&["moves", &plain, "--format", "json"], 0);
    assert_eq!(json(&["moves", &bom, "--format", "json"], 0), expected);
    let solved = json(&["solve", &bom, "--format", "json"], 0);
    assert_eq!(solved["score"], 47);
    // The one-line notation too.
    let line = run_ok(&["notation", &plain], 0);
    let qpn = dir.path().join("bom.qpn");
    std::fs::write(&qpn, format!("\u{feff}{line}")).unwrap();
    assert_eq!(json(&["moves", &qpn.display().to_string(), "--format", "json"], 0), expected);
}

#[test]
fn nine_hundred_copies_of_a_tile_are_listed_as_twenty_problems_and_a_count() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("copies.yaml");
    let hand = vec!["1-4-5-5"; 900].join(", ");
    std::fs::write(&path, format!("board:\n  - {{at: [0, 0], tile: [5, 5, 5, 5]}}\nhand: [{hand}]\n")).unwrap();
    let name = path.display().to_string();
    let out = run(&["moves", &name]);
    let err = stderr(&out);
    assert_eq!(out.status.code(), Some(2), "{err}");
    assert!(out.stdout.is_empty());
    let lines: Vec<&str> = err.lines().collect();
    // 899 copies are each "already in the hand": the first 20, then a count.
    assert_eq!(lines.len(), 21, "{err}");
    assert!(
        lines[0].starts_with(&format!("error: {name}:3:17: hand[1]: tile 1-4-5-5 is already in the hand at hand[0]"))
    );
    assert!(lines[19].contains("hand[20]: tile 1-4-5-5 is already in the hand"), "{}", lines[19]);
    assert_eq!(lines[20], format!("error: {name}: and 879 more problems (the first 20 are listed)"));
    // The same in the one-line notation.
    let qpn = dir.path().join("copies.qpn");
    std::fs::write(&qpn, format!("0,0:5555 {}\n", vec!["1-4-5-5"; 900].join(","))).unwrap();
    let out = run(&["moves", &qpn.display().to_string()]);
    let err = stderr(&out);
    assert_eq!(err.lines().count(), 21, "{err}");
    assert!(err.ends_with("and 879 more problems (the first 20 are listed)\n"), "{err}");
}

#[test]
fn perft_on_several_threads_prints_what_one_thread_prints() {
    for depth in ["1", "3", "4"] {
        let one =
            run_ok(&["perft", "puzzles/seq-60-serbian.yaml", "--depth", depth, "--divide", "--format", "json"], 0);
        for threads in ["2", "0"] {
            let args = [
                "perft",
                "puzzles/seq-60-serbian.yaml",
                "--depth",
                depth,
                "--divide",
                "--format",
                "json",
                "--threads",
                threads,
            ];
            assert_eq!(run_ok(&args, 0), one, "depth {depth}, --threads {threads}");
        }
    }
    let plain = run_ok(&["perft", "puzzles/bonus-corner.yaml", "--depth", "3"], 0);
    assert_eq!(run_ok(&["perft", "puzzles/bonus-corner.yaml", "--depth", "3", "--threads", "2"], 0), plain);
}

#[test]
fn solve_json_gives_the_bounds_the_search_proved_as_it_ran() {
    let out = json(&["solve", "puzzles/seq-60-serbian-6.yaml", "--format", "json"], 0);
    assert_eq!((&out["score"], &out["proven"]), (&Value::from(214), &Value::Bool(true)));
    let steps = out["stats"]["bounds"].as_array().expect("stats.bounds");
    let bounds: Vec<i64> = steps.iter().map(|s| s["bound"].as_i64().unwrap()).collect();
    assert!(bounds.windows(2).all(|w| w[1] < w[0]), "{bounds:?}");
    assert!(bounds.iter().all(|&b| b >= 214), "{bounds:?}");
    assert_eq!(bounds.last(), Some(&214));
    assert!(steps.iter().all(|s| s["micros"].as_u64().is_some()), "{steps:?}");
    // Cut short at once (the expect then does not hold: exit 1): the one
    // bound proven is the ceiling, the answer's bound. The eight-play
    // puzzle, whose proof takes seconds: the six-play one is sometimes
    // proven within the thousandth of a second.
    let cut = json(&["solve", "puzzles/seq-60-serbian-8.yaml", "--timeout", "0.001", "--format", "json"], 1);
    assert_eq!(cut["proven"], false);
    let first = cut["stats"]["bounds"][0]["bound"].as_i64().unwrap();
    // 279 is the eight-play puzzle's proven optimum (its `expect:`).
    assert!(first >= 279 && first == cut["bound"].as_i64().unwrap(), "{cut}");
}

/// `solve --threads` shares a lattice fill out and prints the answer one
/// thread prints: the same plays (ties included) and the same text, only
/// the node count and the time may differ.
#[test]
fn solve_on_several_threads_prints_what_one_thread_prints() {
    let fill = "puzzles/fill-3x3-weight-english.yaml";
    let one = run_ok(&["solve", fill, "--format", "json"], 0);
    let one: serde_json::Value = serde_json::from_str(&one).unwrap();
    for threads in ["2", "3", "0"] {
        let shared = run_ok(&["solve", fill, "--format", "json", "--threads", threads], 0);
        let shared: serde_json::Value = serde_json::from_str(&shared).unwrap();
        assert_eq!(shared["plays"], one["plays"], "--threads {threads}");
        assert_eq!(shared["score"], one["score"], "--threads {threads}");
        assert_eq!(shared["proven"], serde_json::Value::Bool(true), "--threads {threads}");
    }
    assert_eq!(run_ok(&["solve", fill, "-q", "--threads", "2"], 0), run_ok(&["solve", fill, "-q"], 0));
    // Other goals run on one thread, with the same answer.
    let turn = "puzzles/seq-60-serbian.yaml";
    assert_eq!(run_ok(&["solve", turn, "-q", "--threads", "2"], 0), run_ok(&["solve", turn, "-q"], 0));
}

/// A file that is not there is told in plain words with what to do: the
/// nearest name beside it where one is close (a slip of a letter, or of the
/// letters' case), its folder where that is missing, with the nearest
/// folder's name; and the name suggested is one that reads.
#[test]
fn a_missing_file_gets_the_nearest_name_or_its_missing_folder() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::create_dir(dir.path().join("puzzles")).unwrap();
    let shipped = Path::new(env!("CARGO_MANIFEST_DIR")).join("puzzles/bonus-corner.yaml");
    std::fs::copy(&shipped, dir.path().join("puzzles/bonus-corner.yaml")).unwrap();
    let said = |file: &str| {
        let out = std::process::Command::new(env!("CARGO_BIN_EXE_quadominos"))
            .args(["solve", file])
            .current_dir(dir.path())
            .output()
            .unwrap();
        assert_eq!(out.status.code(), Some(2), "{file}");
        assert!(out.stdout.is_empty(), "{file}");
        stderr(&out)
    };
    assert_eq!(
        said("puzzles/bonus-corne.yaml"),
        "error: puzzles/bonus-corne.yaml: cannot read: there is no such file: did you mean `puzzles/bonus-corner.yaml`?\n"
    );
    assert_eq!(
        said("puzzles/Bonus-Corner.yaml"),
        "error: puzzles/Bonus-Corner.yaml: cannot read: there is no such file: did you mean `puzzles/bonus-corner.yaml`?\n"
    );
    assert_eq!(
        said("puzzle/bonus-corner.yaml"),
        "error: puzzle/bonus-corner.yaml: cannot read: there is no folder `puzzle`: did you mean `puzzles`?\n"
    );
    assert_eq!(
        said("far/off/x.yaml"),
        "error: far/off/x.yaml: cannot read: there is no folder `far/off`: check the path\n"
    );
    assert_eq!(
        said("nothing-like-it.yaml"),
        "error: nothing-like-it.yaml: cannot read: there is no such file: check its name and folder\n"
    );
    // What it suggests is there: solving it gives the shipped answer.
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_quadominos"))
        .args(["solve", "puzzles/bonus-corner.yaml", "-q"])
        .current_dir(dir.path())
        .output()
        .unwrap();
    assert_eq!(String::from_utf8_lossy(&out.stdout), "47 proven\n");
}
