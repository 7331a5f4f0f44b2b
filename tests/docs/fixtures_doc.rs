//! docs/FIXTURES.md says nothing the toolkit does not do: its captioned
//! examples are written into one folder and their commands run there; what
//! it shows a command printing is what the command prints (the keys shown,
//! with their values); its tables of readings and of R1's arrangements are
//! the toolkit's; and its example of a bonus on a line that dies has the
//! two readings of `bonus` it says, computed here by walking every
//! sequence.

use crate::common;

use std::path::Path;
use std::process::Command;

use common::doc::{examples, printed};
use quadominos::formats::{builtin_variant, notation};
use quadominos::model::{Board, TileId};
use quadominos::rules::{Placement, READINGS, Variant, Verdict, judge};
use quadominos::suite::readings::PLACEMENT_READINGS;
use serde_json::Value;

fn doc() -> String {
    std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join("docs/FIXTURES.md")).unwrap()
}

/// Whether `shown` is a part of `actual`: every key an object shows, with a
/// value that is a part of the actual one; a list with as many entries,
/// each a part of the actual one; anything else equal.
fn part_of(shown: &Value, actual: &Value) -> bool {
    match (shown, actual) {
        (Value::Object(s), Value::Object(a)) => s.iter().all(|(k, v)| a.get(k).is_some_and(|x| part_of(v, x))),
        (Value::Array(s), Value::Array(a)) => s.len() == a.len() && s.iter().zip(a).all(|(v, x)| part_of(v, x)),
        _ => shown == actual,
    }
}

fn run_in(dir: &Path, command: &str) -> std::process::Output {
    let args: Vec<&str> = command.split_whitespace().collect();
    assert_eq!(args[0], "quadominos", "{command}");
    Command::new(env!("CARGO_BIN_EXE_quadominos")).args(&args[1..]).current_dir(dir).output().unwrap()
}

#[test]
fn every_example_and_every_printed_output_of_the_fixtures_doc_is_the_toolkits() {
    let doc = doc();
    let dir = tempfile::tempdir().unwrap();
    let examples = examples(&doc);
    assert!(examples.iter().any(|e| e.name == "dying-bonus.qpn"), "{examples:#?}");
    for e in &examples {
        std::fs::write(dir.path().join(&e.name), &e.text).unwrap();
    }
    for e in examples.iter().filter(|e| e.command.is_some()) {
        let command = e.command.as_ref().unwrap();
        let out = run_in(dir.path(), command);
        assert_eq!(out.status.code(), Some(0), "`{command}`: {}", String::from_utf8_lossy(&out.stderr));
    }
    let shown = printed(&doc);
    assert!(shown.len() >= 2, "{shown:#?}");
    for p in &shown {
        let out = run_in(dir.path(), &p.command);
        assert_eq!(out.status.code(), Some(0), "`{}`: {}", p.command, String::from_utf8_lossy(&out.stderr));
        assert_eq!(p.language, "json", "{}", p.command);
        let actual: Value = serde_json::from_slice(&out.stdout).unwrap();
        let said: Value = serde_json::from_str(&p.text).unwrap_or_else(|e| panic!("{}: {e}", p.command));
        assert!(part_of(&said, &actual), "`{}` prints\n{actual:#}\nnot\n{said:#}", p.command);
    }
}

/// Bonus placements per depth counted the other way: only placements on a
/// line that reaches the full depth, each once.
fn bonus_on_full_lines(variant: &Variant, board: &Board, hand: &[TileId], depth: usize, out: &mut [u64]) -> bool {
    if depth == 0 {
        return true;
    }
    let level = out.len() - depth;
    let mut any = false;
    for at in board.open_cells() {
        for &tile in hand {
            for &corners in variant.orientations().of(variant.tile_set(), tile) {
                let Verdict::Legal(legal) = judge(board, variant, Placement { tile, at, corners }, Some(hand)) else {
                    continue;
                };
                let mut next = board.clone();
                next.insert(at, corners);
                let rest: Vec<TileId> = hand.iter().copied().filter(|&t| t != tile).collect();
                if bonus_on_full_lines(variant, &next, &rest, depth - 1, out) {
                    any = true;
                    out[level] += u64::from(legal.bonus);
                }
            }
        }
    }
    any
}

#[test]
fn the_dying_bonus_example_counts_what_it_says_and_the_other_reading_differs() {
    let doc = doc();
    let example = examples(&doc).into_iter().find(|e| e.name == "dying-bonus.qpn").unwrap();
    let read = notation::parse(example.text.trim()).unwrap();
    let variant = builtin_variant(read.variant.as_deref().unwrap()).unwrap();
    let position = quadominos::rules::Position::from_setup(&read.board, &read.hand, &variant).unwrap();
    let ours = quadominos::suite::perft(&variant, &position.board, &position.hand, 2, true);
    let mut other = vec![0; 2];
    bonus_on_full_lines(&variant, &position.board, &position.hand, 2, &mut other);
    assert_ne!(ours.bonus, other, "the two readings agree here: no example");
    // The doc's own words for each.
    let said = |marker: &str| -> Vec<u64> {
        let at = doc.find(marker).unwrap_or_else(|| panic!("{marker:?} not in docs/FIXTURES.md")) + marker.len();
        let list = &doc[at..at + doc[at..].find(']').unwrap()];
        list.split(',').map(|n| n.trim().parse().unwrap()).collect()
    };
    assert_eq!(ours.bonus, said("and both are counted: `bonus: ["));
    assert_eq!(other, said("full depth would give `bonus: ["));
    // A bonus placement whose line dies: a first placement with a bonus and
    // no sequence after it.
    let generator = quadominos::rules::MoveGen::new(&variant, &position.board, &position.hand);
    let records = quadominos::formats::move_records(&generator, &position.hand).unwrap();
    assert!(records.iter().zip(&ours.divide).any(|(r, d)| r.bonus && d.nodes == 0 && r.tile == d.tile));
}

/// The cells of a Markdown table's rows that start with `|` and `first`.
fn rows<'a>(doc: &'a str, header: &str) -> Vec<Vec<&'a str>> {
    let start = doc.find(header).unwrap_or_else(|| panic!("no table {header:?}"));
    doc[start..]
        .lines()
        .skip(2)
        .take_while(|l| l.trim_start().starts_with('|'))
        .map(|l| l.trim().trim_matches('|').split('|').map(str::trim).collect())
        .collect()
}

#[test]
fn the_readings_table_gives_every_reading_its_values_and_whether_it_decides_a_move_list() {
    let doc = doc();
    let table = rows(&doc, "| reading | option | values | decides a move list |");
    assert_eq!(table.len(), READINGS.len());
    for (row, reading) in table.iter().zip(READINGS.iter()) {
        assert_eq!(row[0], reading.id.to_string());
        assert_eq!(row[1], format!("`{}`", reading.name));
        let values: Vec<String> = reading.values.iter().map(|(v, _)| format!("`{v}`")).collect();
        assert_eq!(row[2], values.join(", "), "{}", reading.id);
        let decides = PLACEMENT_READINGS.iter().any(|&n| format!("R{n}") == reading.id.to_string());
        assert_eq!(row[3], if decides { "yes" } else { "no" }, "{}", reading.id);
    }
}

#[test]
fn the_arrangements_table_is_what_each_value_of_r1_plays() {
    let doc = doc();
    let table = rows(&doc, "| tile | `ascending-clockwise` | `ascending-counter-clockwise` | `any-order` |");
    assert!(table.len() >= 3);
    let english = builtin_variant("english").unwrap();
    for row in &table {
        let tile: TileId = row[0].trim_matches('`').parse().unwrap();
        for (cell, value) in row[1..].iter().zip(["ascending-clockwise", "ascending-counter-clockwise", "any-order"]) {
            let v = english.clone().with_rule("R1", value).unwrap();
            let mut plays: Vec<[u8; 4]> = v.orientations().of(v.tile_set(), tile).iter().map(|c| c.0).collect();
            plays.sort();
            // A cell lists the arrangements, or says how many there are.
            let listed: Vec<[u8; 4]> = cell
                .split('`')
                .filter(|p| p.starts_with('['))
                .map(|p| {
                    let v: Vec<u8> = p.trim_matches(['[', ']']).split(',').map(|n| n.parse().unwrap()).collect();
                    [v[0], v[1], v[2], v[3]]
                })
                .collect();
            if listed.is_empty() {
                let count: usize = cell.split(':').next().unwrap().parse().unwrap();
                assert_eq!(plays.len(), count, "{tile} under {value}");
            } else {
                let mut listed = listed;
                listed.sort();
                assert_eq!(plays, listed, "{tile} under {value}");
            }
        }
    }
}

#[test]
fn an_empty_board_has_no_moves_and_counts_nothing() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(dir.path().join("empty.qpn"), "- 0-0-0-0,1-2-3-4 english\n").unwrap();
    let moves: Value =
        serde_json::from_slice(&run_in(dir.path(), "quadominos moves empty.qpn --format json").stdout).unwrap();
    assert_eq!(moves["moves"], serde_json::json!([]));
    let count: Value =
        serde_json::from_slice(&run_in(dir.path(), "quadominos perft empty.qpn --depth 2 --format json").stdout)
            .unwrap();
    assert_eq!((&count["nodes"], &count["bonus"]), (&serde_json::json!(0), &serde_json::json!([0, 0])));
}
