//! The bonus catalogue and `quadominos bonuses`.
//!
//! The catalogue is recomputed here by brute force, independently of
//! `Catalogue`: for every one of the 256 neighbourhoods with a side
//! neighbour, for every orientation of every tile as the new tile, a board
//! of the variant's own tiles is built around it (each neighbour the first
//! unused tile showing the new tile's values where they meet, no search;
//! not a real position, only neighbours) and the placement judge is asked;
//! the classes are formed by turning and mirroring the neighbours' offsets.
//! Both are compared class by class, under every shipped variant and both
//! values of R4.
//!
//! Each class's example board is then taken at its word: written as a
//! position file, loaded by `moves`, and its placement looked up among the
//! legal moves with the corners and bonus the catalogue claims.
//!
//! The catalogue text of every shipped variant is snapshotted; each snapshot
//! was read against docs/RULES.md (which neighbourhoods touch three or four
//! corners, E11, E12, E13, S15, R4, R7) and its example boards checked by
//! hand.

use std::collections::{BTreeSet, HashMap};
use std::path::Path;

use quadominos::formats::builtin_variant;
use quadominos::model::{Board, Cell, Corners, Direction};
use quadominos::rules::{Catalogue, Example, Neighbourhood, Placement, Variant, Verdict, judge};
use serde_json::Value;

use crate::common;
use common::{json, run, run_ok};

const SHIPPED: [&str; 4] = ["english", "english-beginner", "serbian", "serbian-chain"];

fn snapshot(name: &str, output: &str) {
    insta::with_settings!({snapshot_path => "../../snapshots", prepend_module_to_snapshot => false}, {
        insta::assert_snapshot!(name, output)
    });
}

fn variant(name: &str, r4: &str) -> Variant {
    builtin_variant(name).expect("a shipped variant").with_rule("R4", r4).expect("R4 is a reading")
}

// ------------------------------------------------------------- brute force

/// What the brute force finds for one neighbourhood.
#[derive(Clone, Debug, PartialEq, Eq)]
struct Found {
    touched: usize,
    max_matched: u8,
    bonus: bool,
}

/// The neighbour offsets of a mask (bit i: `Direction::ALL[i]`).
fn offsets(mask: u8) -> BTreeSet<(i32, i32)> {
    Direction::ALL.into_iter().filter(|&d| mask >> d as u8 & 1 != 0).map(Direction::offset).collect()
}

fn mask_of(offsets: &BTreeSet<(i32, i32)>) -> u8 {
    Direction::ALL.into_iter().filter(|d| offsets.contains(&d.offset())).fold(0, |m, d| m | 1 << d as u8)
}

/// The eight images of a mask, by turning the offsets a quarter clockwise
/// ((dx, dy) -> (-dy, dx), y growing south) and mirroring them east-west.
fn orbit(mask: u8) -> BTreeSet<u8> {
    let mut out = BTreeSet::new();
    let mut current = offsets(mask);
    for _ in 0..4 {
        out.insert(mask_of(&current));
        out.insert(mask_of(&current.iter().map(|&(x, y)| (-x, y)).collect()));
        current = current.iter().map(|&(x, y)| (-y, x)).collect();
    }
    out
}

/// Neighbour tiles by what they show towards the centre: for each direction,
/// the orientations of the set keyed by their values at the lattice points
/// they share with the centre cell, in the set's order.
fn by_shared(variant: &Variant) -> HashMap<(Direction, Vec<u8>), Vec<Corners>> {
    let mut map: HashMap<(Direction, Vec<u8>), Vec<Corners>> = HashMap::new();
    for dir in Direction::ALL {
        for (id, _) in variant.tile_set().tiles() {
            for &c in variant.orientations().of(variant.tile_set(), id) {
                let shown: Vec<u8> = dir.shared_corners().iter().map(|&(_, theirs)| c.at(theirs)).collect();
                map.entry((dir, shown)).or_default().push(c);
            }
        }
    }
    map
}

/// For every orientation of every tile placed on `[0, 0]`, builds one board
/// of neighbours in `mask` greedily (each the first tile not used yet that
/// shows the new tile's values where they meet, else the first unused tile
/// at all) and judges the placement.
fn brute(variant: &Variant, index: &HashMap<(Direction, Vec<u8>), Vec<Corners>>, mask: u8) -> Found {
    let centre = Cell::new(0, 0);
    let dirs: Vec<Direction> = Direction::ALL.into_iter().filter(|&d| mask >> d as u8 & 1 != 0).collect();
    let mut found = Found { touched: 0, max_matched: 0, bonus: false };
    for &tile in variant.orientations().all() {
        let mut used = vec![tile.id()];
        let mut board = Board::new();
        for &dir in &dirs {
            let wanted: Vec<u8> = dir.shared_corners().iter().map(|&(mine, _)| tile.at(mine)).collect();
            let pick = index
                .get(&(dir, wanted))
                .and_then(|list| list.iter().find(|c| !used.contains(&c.id())))
                .or_else(|| variant.orientations().all().iter().find(|c| !used.contains(&c.id())))
                .copied()
                .expect("the set has enough tiles");
            used.push(pick.id());
            board.insert(centre.neighbour(dir), pick);
        }
        let p = Placement { tile: tile.id(), at: centre, corners: tile };
        if let Verdict::Legal(legal) = judge(&board, variant, p, None) {
            found.touched = legal.contacts.len();
            found.max_matched = found.max_matched.max(legal.matched);
            found.bonus |= legal.bonus;
        }
    }
    found
}

#[test]
fn the_catalogue_agrees_with_brute_force_class_by_class() {
    for name in SHIPPED {
        for r4 in ["yes", "no"] {
            let v = variant(name, r4);
            let catalogue = Catalogue::new(&v);
            let index = by_shared(&v);
            let mut orbits: BTreeSet<BTreeSet<u8>> = BTreeSet::new();
            let mut per_class: HashMap<usize, Vec<u8>> = HashMap::new();
            for mask in 0..=255u8 {
                let placeable =
                    [Direction::N, Direction::E, Direction::S, Direction::W].iter().any(|&d| mask >> d as u8 & 1 != 0);
                let class = catalogue.class_of(Neighbourhood::from_bits(mask));
                let Some(class) = class else {
                    assert!(!placeable, "{name} R4={r4}: mask {mask:08b} has a side neighbour but no class");
                    continue;
                };
                assert!(placeable, "{name} R4={r4}: mask {mask:08b} has no side neighbour but class {}", class.class);
                orbits.insert(orbit(mask));
                per_class.entry(class.class).or_default().push(mask);
                let found = brute(&v, &index, mask);
                let what = format!("{name} R4={r4}, class {} ({:?}), mask {mask:08b}", class.class, class.neighbours);
                assert_eq!(found.touched, class.touched.len(), "{what}: touched corners");
                assert_eq!(Some(found.max_matched), class.max_matched, "{what}: most matched corners");
                assert_eq!(Some(found.bonus), class.bonus, "{what}: bonus possible");
            }
            // The classes are exactly the orbits under the square's symmetries.
            assert_eq!(orbits.len(), 45, "{name} R4={r4}");
            assert_eq!(per_class.len(), 45, "{name} R4={r4}");
            for class in catalogue.classes() {
                let masks: BTreeSet<u8> = per_class[&class.class].iter().copied().collect();
                let first = *masks.first().expect("a class has a member");
                assert_eq!(masks, orbit(first), "{name} R4={r4}: class {} is one orbit", class.class);
                assert_eq!(class.size, masks.len(), "{name} R4={r4}: class {} size", class.class);
                let rep = class.representative().bits();
                assert!(masks.contains(&rep), "class {}: its representative is a member", class.class);
                // The touched corners are those of the representative, as the judge sees them.
                let w = class.witness.as_ref().expect("every class has a legal placement");
                let p = Placement { tile: w.tile.id(), at: Cell::new(0, 0), corners: w.tile };
                let Verdict::Legal(legal) = judge(&w.board(), &v, p, None) else {
                    panic!("class {}: witness", class.class)
                };
                assert_eq!(legal.touching(), class.touched, "class {}", class.class);
                assert_eq!(Some(legal.matched), class.max_matched, "class {}", class.class);
                assert_eq!(Some(legal.bonus), class.bonus, "class {}", class.class);
            }
        }
    }
}

/// What the catalogue shows, in the rule text's terms: a bonus needs three
/// matched corners (R7 = 3), so exactly the neighbourhoods that touch three
/// or four corners; with R4 = no only sides touch, so two sides are needed.
#[test]
fn bonus_classes_are_those_touching_three_corners() {
    for r4 in ["yes", "no"] {
        let v = variant("english", r4);
        for class in Catalogue::new(&v).classes() {
            let sides = class.neighbours.iter().filter(|d| d.is_edge()).count();
            assert_eq!(class.bonus, Some(class.touched.len() >= 3), "class {}", class.class);
            assert_eq!(class.max_matched.map(usize::from), Some(class.touched.len()), "class {}", class.class);
            if r4 == "no" {
                assert_eq!(class.bonus, Some(sides >= 2), "class {}", class.class);
            }
        }
    }
    // R7 = 4: only neighbourhoods touching all four corners.
    let v = builtin_variant("serbian").unwrap().with_rule("R7", "4").unwrap();
    for class in Catalogue::new(&v).classes() {
        assert_eq!(class.bonus, Some(class.touched.len() == 4), "class {}", class.class);
    }
}

/// The boards of the rule scenarios fall into the classes marked for the
/// rule sheet's examples.
#[test]
fn scenario_boards_fall_into_the_example_classes() {
    let v = variant("english", "yes");
    let catalogue = Catalogue::new(&v);
    let cells = |list: &[(i32, i32)]| -> Board {
        list.iter().map(|&(x, y)| (Cell::new(x, y), Corners([0, 0, 0, 0]))).collect()
    };
    // specs/scenarios/example-e-enclosure-bonus.yaml: [1, 1] under an L.
    let e = cells(&[(0, 0), (1, 0), (0, 1)]);
    let class = catalogue.class_of(Neighbourhood::around(&e, Cell::new(1, 1))).unwrap();
    assert_eq!(class.example, Some(Example::E));
    assert!(class.bonus == Some(true) && class.clauses.iter().any(|c| c.to_string() == "E11"));
    // specs/scenarios/e12-diagonal-corner-bonus.yaml: [1, 1] with N, NW, SW.
    let f = cells(&[(1, 0), (0, 0), (-1, 0), (-1, 1), (-1, 2), (0, 2)]);
    let class = catalogue.class_of(Neighbourhood::around(&f, Cell::new(1, 1))).unwrap();
    assert_eq!(class.example, Some(Example::F));
    assert!(class.bonus == Some(true) && class.clauses.iter().any(|c| c.to_string() == "E12"));
    // Under R4 = no the same class earns no bonus: the corner across is not touched.
    let no = Catalogue::new(&variant("english", "no"));
    let class_no = no.class_of(Neighbourhood::around(&f, Cell::new(1, 1))).unwrap();
    assert_eq!((class_no.example, class_no.bonus, class_no.max_matched), (Some(Example::F), Some(false), Some(2)));
    // specs/scenarios/example-f-side-and-corner-bonus.yaml: [1, 1] with N, NE, SE.
    let f2 = cells(&[(1, 0), (2, 0), (3, 0), (3, 1), (3, 2), (2, 2)]);
    let class = catalogue.class_of(Neighbourhood::around(&f2, Cell::new(1, 1))).unwrap();
    assert_eq!((class.example, class.bonus), (Some(Example::F), Some(true)));
    let class_no = no.class_of(Neighbourhood::around(&f2, Cell::new(1, 1))).unwrap();
    assert_eq!((class_no.example, class_no.bonus), (Some(Example::F), Some(false)));
    // specs/scenarios/example-e-two-sides-of-an-enclosure.yaml: [1, -1] with W, SW, S.
    let e2 = cells(&[(0, -1), (0, 0), (1, 0)]);
    let class = catalogue.class_of(Neighbourhood::around(&e2, Cell::new(1, -1))).unwrap();
    assert_eq!((class.example, class.bonus), (Some(Example::E), Some(true)));
}

// ------------------------------------------------------------------ the CLI

#[test]
fn catalogue_snapshots_for_every_shipped_variant() {
    for name in SHIPPED {
        snapshot(&format!("bonuses__catalogue__{name}"), &run_ok(&["bonuses", "--variant", name], 0));
    }
    snapshot("bonuses__catalogue__english+R4=no", &run_ok(&["bonuses", "--variant", "english", "--rule", "R4=no"], 0));
}

#[test]
fn catalogue_json_has_the_documented_shape() {
    let report = json(&["bonuses", "--format", "json"], 0);
    assert_eq!(report["variant"], "english");
    let classes = report["classes"].as_array().unwrap();
    assert_eq!(classes.len(), 45);
    for c in classes {
        for key in ["neighbours", "touched", "max-matched", "bonus", "clauses"] {
            assert!(!c[key].is_null(), "{key} in {c}");
        }
    }
    let examples: Vec<&str> = classes.iter().filter_map(|c| c["example"].as_str()).collect();
    assert!(examples.contains(&"E") && examples.contains(&"F"));
    let yaml = run_ok(&["bonuses", "--format", "yaml", "--variant", "serbian"], 0);
    assert!(yaml.starts_with("variant: serbian\n"));
}

/// The catalogues shown for the shipped variants and for english with R4 =
/// no: a label, the variant and the rule arguments.
const CATALOGUES: [(&str, &str, &[&str]); 5] = [
    ("english", "english", &[]),
    ("english-beginner", "english-beginner", &[]),
    ("serbian", "serbian", &[]),
    ("serbian-chain", "serbian-chain", &[]),
    ("english+R4=no", "english", &["--rule", "R4=no"]),
];

/// Every class's example board is a real position: written as a position
/// file (the neighbours, the tiles joining them, the placed tile in the
/// hand) it is accepted by `moves`, which lists the placement on [0, 0] with
/// the matched corners and the bonus the catalogue claims. The text's
/// `position:` line, written as a `.qpn` file, is the same position.
#[test]
fn every_example_board_is_a_position_moves_accepts() {
    let dir = tempfile::tempdir().unwrap();
    let yaml = dir.path().join("example.yaml");
    let qpn = dir.path().join("example.qpn");
    for (label, name, rules) in CATALOGUES {
        let with = |args: &[&str]| -> Vec<String> {
            args.iter().chain(rules).map(|a| a.to_string()).chain(["--variant".into(), name.into()]).collect()
        };
        let args = with(&["bonuses", "--format", "json"]);
        let report = json(&args.iter().map(String::as_str).collect::<Vec<_>>(), 0);
        assert_eq!(report["variant"], label);
        let args = with(&["bonuses"]);
        let text = run_ok(&args.iter().map(String::as_str).collect::<Vec<_>>(), 0);
        let lines: Vec<&str> = text.lines().filter_map(|l| l.strip_prefix("       position: ")).collect();
        let classes = report["classes"].as_array().unwrap();
        assert_eq!(lines.len(), classes.len(), "{label}: a position line per class");
        for (class, line) in classes.iter().zip(lines) {
            let what = format!("{label} class {}", class["class"]);
            let w = &class["witness"];
            assert!(w.is_object(), "{what}: no example board");
            let mut board = Vec::new();
            let mut placed = Board::new();
            for n in w["neighbours"].as_array().unwrap() {
                let (dx, dy) = serde_json::from_value::<Direction>(n["at"].clone()).unwrap().offset();
                board.push(format!("  - {{at: [{dx}, {dy}], tile: {}}}", n["tile"]));
                placed.insert(Cell::new(dx, dy), serde_json::from_value(n["tile"].clone()).map(Corners).unwrap());
            }
            for j in w["joining"].as_array().into_iter().flatten() {
                board.push(format!("  - {{at: {}, tile: {}}}", j["at"], j["tile"]));
                let at: [i32; 2] = serde_json::from_value(j["at"].clone()).unwrap();
                placed.insert(at.into(), serde_json::from_value(j["tile"].clone()).map(Corners).unwrap());
            }
            let tile = Corners(serde_json::from_value(w["tile"].clone()).unwrap());
            // Every tile legal as if placed last, before the placement (a
            // single tile is an opening, which needs no contact) and after.
            let v = variant(name, if rules.is_empty() { "yes" } else { "no" });
            let mut after = placed.clone();
            after.insert(Cell::new(0, 0), tile);
            for board in [&placed, &after].into_iter().filter(|b| b.len() > 1) {
                for (cell, corners) in board.tiles() {
                    let mut rest = board.clone();
                    rest.remove(cell);
                    let p = Placement { tile: corners.id(), at: cell, corners };
                    assert!(judge(&rest, &v, p, None).is_legal(), "{what}: {cell} {corners} is not legal there");
                }
            }
            let file = format!("variant: {name}\nboard:\n{}\nhand: [{}]\n", board.join("\n"), tile.id());
            std::fs::write(&yaml, file).unwrap();
            std::fs::write(&qpn, format!("{line}\n")).unwrap();
            let mut listed = Vec::new();
            for path in [&yaml, &qpn] {
                let args = with(&["moves", path.to_str().unwrap(), "--format", "json"]);
                let moves = json(&args.iter().map(String::as_str).collect::<Vec<_>>(), 0);
                assert_eq!(moves["variant"], label);
                let placed = moves["moves"]
                    .as_array()
                    .unwrap()
                    .iter()
                    .find(|m| m["at"] == serde_json::json!([0, 0]) && m["corners"] == w["tile"])
                    .unwrap_or_else(|| panic!("{what}: {tile} on [0, 0] is not among the moves of\n{moves}"))
                    .clone();
                assert_eq!(placed["tile"], tile.id().to_string(), "{what}");
                assert_eq!(placed["matched"], class["max-matched"], "{what}");
                assert_eq!(placed["matched"], w["matched"].as_array().unwrap().len(), "{what}");
                assert_eq!(placed["bonus"], class["bonus"], "{what}");
                listed.push(moves["moves"].clone());
            }
            assert_eq!(listed[0], listed[1], "{what}: the position line is another position");
        }
    }
}

/// A class that no board of the variant can show is said so, with the
/// reason, and nothing is claimed for its matches or bonus: a tile set of
/// three tiles cannot lay a class of three neighbours.
#[test]
fn a_class_no_real_board_shows_is_said_so() {
    let dir = tempfile::tempdir().unwrap();
    let english = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/specs/variants/english.yaml")).unwrap();
    // A spec of its own takes a name of its own.
    let spec = english
        .replace("tile-set: {value: full,", "tile-set: {value: tiles.yaml,")
        .replace("name: english", "name: three");
    assert_ne!(spec, english);
    std::fs::write(dir.path().join("spec.yaml"), spec).unwrap();
    std::fs::write(dir.path().join("tiles.yaml"), "name: three\ntiles: [[0, 0, 0, 0], [0, 0, 0, 1], [0, 0, 1, 1]]\n")
        .unwrap();
    let spec = dir.path().join("spec.yaml").display().to_string();
    let text = run_ok(&["bonuses", "--spec", &spec], 0);
    let block = |n: usize| {
        let start = text.find(&format!("class {n}: ")).unwrap();
        let end = text[start..].find("\n\n").map_or(text.len(), |e| start + e);
        text[start..end].to_string()
    };
    // Class 1 (N): 0-0-0-1 above 0-0-0-0, a real board of two tiles.
    assert!(block(1).contains("max matched: 2; bonus: no") && block(1).contains("position: 0,-1:0100 0-0-0-0"));
    // Class 13 (N NE E): four tiles with the placed one.
    let b = block(13);
    assert!(b.contains("no real board of this variant shows this class: it needs 4 different tiles"), "{b}");
    assert!(b.contains("the tile set has 3"), "{b}");
    assert!(!b.contains("max matched") && !b.contains("bonus:") && !b.contains("position:"), "{b}");
    assert!(text.contains("class(es) show no real board: nothing is claimed"), "{text}");
    let report = json(&["bonuses", "--spec", &spec, "--format", "json"], 0);
    let class = &report["classes"][12];
    assert_eq!(class["neighbours"], serde_json::json!(["N", "NE", "E"]));
    assert_eq!(class["unshown"], serde_json::json!({"why": "too-few-tiles", "tiles": 3, "needed": 4, "joining": 0}));
    for key in ["max-matched", "bonus", "witness", "proven"] {
        assert!(class.get(key).is_none(), "{key} in {class}");
    }
    assert!(!class["clauses"].as_array().unwrap().iter().any(|c| c == "S15" || c == "E13"), "{class}");
}

/// `bonuses POSITION`: every bonus placement, with its best follow-up; the
/// best of them is the best turn `solve` proves.
#[test]
fn bonus_placements_of_a_position_and_their_best_follow_up() {
    let report = json(&["bonuses", "puzzles/bonus-corner.yaml", "--format", "json"], 0);
    let all: Vec<&Value> =
        report["classes"].as_array().unwrap().iter().flat_map(|c| c["placements"].as_array().unwrap().iter()).collect();
    assert_eq!(report["placements"], all.len());
    let best = all
        .iter()
        .find(|p| {
            p["tile"] == "1-4-5-5"
                && p["at"] == serde_json::json!([1, -1])
                && p["corners"] == serde_json::json!([1, 4, 5, 5])
        })
        .expect("1-4-5-5 at [1, -1] earns a bonus (example-e-two-sides-of-an-enclosure)");
    assert_eq!(best["points"], 15);
    assert_eq!(best["follow-up"]["take"], "tiles");
    assert_eq!(best["total"], 47);
    snapshot("bonuses__bonus-corner__english", &run_ok(&["bonuses", "puzzles/bonus-corner.yaml"], 0));
    // Against the solver, on every best-turn puzzle whose best turn is a bonus.
    for stem in ["bonus-corner", "diagonal-bonus", "enclosure-bonus", "turn-points-beat-tiles", "turn-chain-bonus"] {
        let path = format!("puzzles/{stem}.yaml");
        let solved = json(&["solve", &path, "--format", "json"], 0);
        let report = json(&["bonuses", &path, "--format", "json"], 0);
        let totals: Vec<i64> = report["classes"]
            .as_array()
            .unwrap()
            .iter()
            .flat_map(|c| c["placements"].as_array().unwrap().iter().map(|p| p["total"].as_i64().unwrap()))
            .collect();
        let first_is_bonus = solved["plays"][0]["bonus"] == true;
        let best = totals.iter().max().copied();
        if first_is_bonus {
            assert_eq!(best, solved["score"].as_i64(), "{stem}");
        } else {
            assert!(best.is_none_or(|b| b <= solved["score"].as_i64().unwrap()), "{stem}");
        }
    }
}

#[test]
fn bad_input_prints_nothing_and_writes_no_picture() {
    let dir = tempfile::tempdir().unwrap();
    let bad = dir.path().join("bad.yaml");
    std::fs::write(&bad, "board:\n  - {at: [0, 0], tile: [5, 5, 5, 5]}\n  - {at: [0, 0], tile: [0, 1, 5, 5]}\n")
        .unwrap();
    let svg = dir.path().join("out.svg");
    let out = run(&["bonuses", bad.to_str().unwrap(), "--svg", svg.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(2));
    assert!(out.stdout.is_empty());
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("bad.yaml:3:"), "{err}");
    assert_eq!(std::fs::read_dir(dir.path()).unwrap().count(), 1, "only bad.yaml is there");
    let out = run(&["bonuses", "--rule", "R4=maybe"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(out.stdout.is_empty());
}

#[test]
fn the_catalogue_picture_has_a_panel_per_class() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("catalogue.svg");
    let text = run_ok(&["bonuses", "--svg", path.to_str().unwrap()], 0);
    assert!(text.starts_with("variant: english\n"));
    let svg = std::fs::read_to_string(&path).unwrap();
    assert_eq!(svg, run_ok(&["bonuses", "--format", "svg"], 0));
    usvg::Tree::from_str(&svg, &usvg::Options::default()).expect("the SVG parses");
    let doc = roxmltree::Document::parse(&svg).unwrap();
    let panels = doc.descendants().filter(|n| n.attribute("class") == Some("class")).count();
    assert_eq!(panels, 45);
    assert!(Path::new(&path).exists());
}

/// Chained bonuses (R8) can make the search for the best bonus tiles long:
/// `--timeout` bounds each search, and a follow-up it cut short says so.
#[test]
fn a_follow_up_cut_short_by_the_time_limit_is_marked_unproven() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("big.yaml");
    let position =
        run_ok(&["generate", "--seed", "3", "--tiles", "80", "--hand", "30", "--variant", "serbian-chain"], 0);
    std::fs::write(&path, position).unwrap();
    let report = json(&["bonuses", path.to_str().unwrap(), "--timeout", "0.05", "--format", "json"], 0);
    let follow_ups: Vec<&Value> = report["classes"]
        .as_array()
        .unwrap()
        .iter()
        .flat_map(|c| c["placements"].as_array().unwrap().iter().map(|p| &p["follow-up"]))
        .collect();
    assert!(!follow_ups.is_empty());
    assert!(follow_ups.iter().any(|f| f["proven"] == false), "some search is cut short");
    let out = run(&["bonuses", "puzzles/bonus-corner.yaml", "--timeout", "-1"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(out.stdout.is_empty());
}
