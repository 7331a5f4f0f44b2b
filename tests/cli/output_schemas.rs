//! The JSON Schemas of what the toolkit writes (`specs/schema/`), held to
//! its output by an independent validator (the `jsonschema` crate): every
//! transcript `play` writes, every `replay` mismatch, every file of a suite
//! and every count `perft` prints is valid under its schema; and the
//! schemas are no looser than the toolkit: each broken document below is
//! refused by the schema and not passed by the toolkit, and what the
//! toolkit reads in two spellings the schema allows in both.

use crate::common;

use std::path::{Path, PathBuf};

use common::run;
use serde_json::{Value, json};

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

fn schema_value(name: &str) -> Value {
    serde_json::from_str(&std::fs::read_to_string(root().join("specs/schema").join(name)).unwrap()).unwrap()
}

fn validator(name: &str) -> jsonschema::Validator {
    jsonschema::validator_for(&schema_value(name)).unwrap_or_else(|e| panic!("{name} is no schema: {e}"))
}

fn errors(v: &jsonschema::Validator, value: &Value) -> Vec<String> {
    v.iter_errors(value).map(|e| format!("{}: {e}", e.instance_path())).collect()
}

fn assert_valid(v: &jsonschema::Validator, value: &Value, what: &str) {
    let found = errors(v, value);
    assert!(found.is_empty(), "{what}: {found:#?}");
}

/// What a command printed, as JSON (or YAML read as JSON).
fn output(args: &[&str]) -> (Option<i32>, Value) {
    let o = run(args);
    let text = String::from_utf8(o.stdout).unwrap();
    let value = serde_yaml::from_str(&text).unwrap_or_else(|e| panic!("{args:?}: {e}\n{text}"));
    (o.status.code(), value)
}

#[test]
fn every_transcript_play_writes_is_valid_under_the_transcript_schema() {
    let transcript = validator("transcript.schema.json");
    for args in [
        vec!["play", "--players", "2", "--seed", "7", "--format", "json"],
        vec!["play", "--players", "8", "--seed", "3", "--strategy", "greedy", "--format", "yaml"],
        vec![
            "play",
            "--players",
            "3",
            "--seed",
            "1",
            "--variant",
            "serbian-chain",
            "--rounds",
            "1",
            "--format",
            "json",
        ],
        vec![
            "play",
            "--players",
            "5",
            "--seed",
            "2",
            "--variant",
            "english-beginner",
            "--rule",
            "R4=no",
            "--format",
            "json",
        ],
        vec![
            "play",
            "--players",
            "4",
            "--seed",
            "9",
            "--variant",
            "serbian",
            "--rule",
            "R11=redeal",
            "--format",
            "json",
        ],
    ] {
        let (code, value) = output(&args);
        assert_eq!(code, Some(0), "{args:?}");
        assert_valid(&transcript, &value, &format!("{args:?}"));
    }
}

/// A transcript of `play`, and the same with `change` made, written to a
/// file; returns the changed transcript and what `replay --format json`
/// says of it.
fn replayed(change: impl FnOnce(&mut Value)) -> (Value, Option<i32>, Value) {
    let (_, mut t) = output(&["play", "--players", "2", "--seed", "7", "--rounds", "1", "--format", "json"]);
    change(&mut t);
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("t.json");
    std::fs::write(&file, t.to_string()).unwrap();
    let (code, report) = output(&["replay", file.to_str().unwrap(), "--format", "json"]);
    (t, code, report)
}

fn event_index(t: &Value, kind: &str, nth: usize) -> usize {
    t["events"].as_array().unwrap().iter().enumerate().filter(|(_, e)| e["event"] == kind).nth(nth).unwrap().0
}

#[test]
fn every_replay_mismatch_is_valid_under_its_schema_with_or_without_allowed_actions() {
    let mismatch = validator("replay-mismatch.schema.json");
    // A legal action scored wrong: no `allowed`.
    let (_, code, r) = replayed(|t| {
        let i = event_index(t, "place", 2);
        t["events"][i]["score"] = json!(t["events"][i]["score"].as_i64().unwrap() + 1);
    });
    assert_eq!(code, Some(1));
    assert!(r["mismatch"].get("allowed").is_none(), "{r}");
    assert_valid(&mismatch, &r["mismatch"], "a wrong score");
    // An action the rules refuse: the actions they allow.
    let (_, code, r) = replayed(|t| {
        let i = event_index(t, "place", 2);
        t["events"][i]["at"] = json!([40, 40]);
    });
    assert_eq!(code, Some(1));
    assert!(r["mismatch"]["allowed"].as_array().is_some_and(|a| !a.is_empty()), "{r}");
    assert_valid(&mismatch, &r["mismatch"], "a refused action");
    // The transcript ends before the events the rules attach to its last
    // action: nothing recorded, no `allowed`.
    let (_, code, r) = replayed(|t| {
        let events = t["events"].as_array_mut().unwrap();
        let end = events.iter().position(|e| e["event"] == "round-end").unwrap();
        events.truncate(end);
        t.as_object_mut().unwrap().remove("ended");
    });
    assert_eq!(code, Some(1), "{r}");
    assert!(r["mismatch"].get("recorded").is_none() && r["mismatch"].get("allowed").is_none(), "{r}");
    assert_valid(&mismatch, &r["mismatch"], "a transcript ended early");
}

#[test]
fn every_file_of_a_suite_and_every_count_perft_prints_is_valid_under_its_schema() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("suite");
    let o =
        run(&["fixtures", "--out", out.to_str().unwrap(), "--count", "7", "--positions", "2", "--perft-depth", "2"]);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let read = |p: &Path| -> Value { serde_yaml::from_str(&std::fs::read_to_string(p).unwrap()).unwrap() };
    let manifest = read(&out.join("manifest.json"));
    assert_valid(&validator("manifest.schema.json"), &manifest, "manifest.json");
    let mut kinds = std::collections::BTreeSet::new();
    for f in manifest["files"].as_array().unwrap() {
        let path = out.join(f["path"].as_str().unwrap());
        let schema = match f["kind"].as_str().unwrap() {
            "schema" => {
                // The suite's schemas are the committed ones, and schemas.
                let name = path.file_name().unwrap().to_str().unwrap();
                assert_eq!(read(&path), schema_value(name));
                continue;
            }
            kind => format!("{kind}.schema.json"),
        };
        kinds.insert(f["kind"].as_str().unwrap().to_string());
        assert_valid(&validator(&schema), &read(&path), f["path"].as_str().unwrap());
    }
    assert_eq!(
        kinds.into_iter().collect::<Vec<_>>(),
        ["perft", "positions", "scenarios", "transcript", "variant-spec"]
    );
    let perft = validator("perft.schema.json");
    for args in [
        vec!["perft", "puzzles/bonus-corner.yaml", "--depth", "3", "--divide", "--format", "json"],
        vec!["perft", "puzzles/bonus-corner.yaml", "--depth", "2", "--format", "yaml"],
        vec!["perft", "puzzles/bonus-corner.yaml", "--depth", "7", "--divide", "--format", "json"],
    ] {
        let (code, value) = output(&args);
        assert_eq!(code, Some(0));
        assert_valid(&perft, &value, &format!("{args:?}"));
    }
}

/// Every object with named properties allows no others, in every schema
/// of what the toolkit writes.
#[test]
fn every_object_of_the_output_schemas_refuses_unknown_keys() {
    fn walk(at: &str, node: &Value, open: &mut Vec<String>) {
        match node {
            Value::Object(map) => {
                if map.contains_key("properties") && map.get("additionalProperties") != Some(&Value::Bool(false)) {
                    open.push(at.to_string());
                }
                for (k, v) in map {
                    walk(&format!("{at}/{k}"), v, open);
                }
            }
            Value::Array(items) => {
                for (i, v) in items.iter().enumerate() {
                    walk(&format!("{at}/{i}"), v, open);
                }
            }
            _ => {}
        }
    }
    for name in [
        "transcript.schema.json",
        "replay-mismatch.schema.json",
        "positions.schema.json",
        "perft.schema.json",
        "scenarios.schema.json",
        "manifest.schema.json",
    ] {
        let mut open = Vec::new();
        walk("", &schema_value(name), &mut open);
        assert!(open.is_empty(), "{name}: objects without additionalProperties: false at {open:?}");
    }
}

/// One change that breaks a transcript.
type Change = Box<dyn Fn(&mut Value)>;

/// A transcript `play` writes, as JSON.
fn transcript() -> Value {
    output(&["play", "--players", "2", "--seed", "7", "--rounds", "1", "--format", "json"]).1
}

/// What `replay` makes of a transcript: its exit status.
fn replay_status(t: &Value) -> Option<i32> {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("t.json");
    std::fs::write(&file, t.to_string()).unwrap();
    run(&["replay", file.to_str().unwrap()]).status.code()
}

#[test]
fn the_schemas_refuse_what_the_toolkit_does_not_pass_and_allow_what_it_reads() {
    let schema = validator("transcript.schema.json");
    let good = transcript();
    assert!(schema.is_valid(&good));
    assert_eq!(replay_status(&good), Some(0));
    let place = event_index(&good, "place", 1);
    let end = event_index(&good, "round-end", 0);
    let broken: Vec<(&str, Change)> = vec![
        ("a misspelt key", Box::new(move |t| t["events"][place]["scroe"] = json!(0))),
        ("a field of another kind", Box::new(move |t| t["events"][place]["round"] = json!(1))),
        (
            "the old key",
            Box::new(move |t| {
                let totals = t["events"][end].as_object_mut().unwrap().remove("hand-totals").unwrap();
                t["events"][end]["hand_totals"] = totals;
            }),
        ),
        ("a tile id not ascending", Box::new(move |t| t["events"][place]["tile"] = json!("5-4-3-2"))),
        ("the tile no set has", Box::new(|t| t["events"][0]["hands"][0][0] = json!("0-2-4-5"))),
        ("no players", Box::new(|t| t["players"] = json!(0))),
        ("nine players", Box::new(|t| t["players"] = json!(9))),
        ("five matched corners", Box::new(move |t| t["events"][place]["matched"] = json!(5))),
        ("255 matched corners", Box::new(move |t| t["events"][place]["matched"] = json!(255))),
        ("a seat past the table", Box::new(move |t| t["events"][place]["seat"] = json!(8))),
        ("version 2", Box::new(|t| t["version"] = json!(2))),
        ("a boolean for a reading that is not yes or no", Box::new(|t| t["variant"]["rules"]["deal"] = json!(true))),
    ];
    for (what, change) in &broken {
        let mut t = good.clone();
        change(&mut t);
        assert!(!schema.is_valid(&t), "{what}: the schema accepts it");
        assert_ne!(replay_status(&t), Some(0), "{what}: replay passes it");
    }
    // R7's value is read as a number or as a string; the schema says so.
    for threshold in [json!(3), json!("3")] {
        let mut t = good.clone();
        t["variant"]["rules"]["bonus-threshold"] = threshold.clone();
        assert_eq!(replay_status(&t), Some(0), "{threshold}");
        assert_valid(&schema, &t, &format!("bonus-threshold {threshold}"));
    }
    // A yes-or-no reading is read from a boolean too (as a YAML 1.1 tool
    // writes `no` back); the schema says so.
    let mut t = good.clone();
    for (reading, word, boolean) in [("diagonal-neighbours", "yes", true), ("unmatched-corners", "no", false)] {
        assert_eq!(t["variant"]["rules"][reading], word);
        t["variant"]["rules"][reading] = json!(boolean);
    }
    assert_eq!(replay_status(&t), Some(0));
    assert_valid(&schema, &t, "yes and no as booleans");
    let mut t = good.clone();
    t["variant"]["rules"]["bonus-threshold"] = json!(5);
    assert!(!schema.is_valid(&t));
    assert_ne!(replay_status(&t), Some(0));

    // Answers for `fixtures --check`: nothing to check, or what no answer
    // can be right with.
    let positions = validator("positions.schema.json");
    let perft = validator("perft.schema.json");
    let answer = json!([{"id": "corner", "variant": "english",
        "board": [{"at": [0, 0], "tile": [5, 5, 5, 5]}], "hand": ["1-4-5-5"],
        "notation": "0,0:5555 1-4-5-5 english",
        "moves": [{"variant": "english", "count": 4, "bonus": 0, "moves": [
            {"tile": "1-4-5-5", "at": [0, -1], "corners": [1, 4, 5, 5], "points": 15, "matched": 2, "bonus": false, "by-weight": false},
            {"tile": "1-4-5-5", "at": [-1, 0], "corners": [4, 5, 5, 1], "points": 15, "matched": 2, "bonus": false, "by-weight": false},
            {"tile": "1-4-5-5", "at": [1, 0], "corners": [5, 1, 4, 5], "points": 15, "matched": 2, "bonus": false, "by-weight": false},
            {"tile": "1-4-5-5", "at": [0, 1], "corners": [5, 5, 1, 4], "points": 15, "matched": 2, "bonus": false, "by-weight": false}]}]}]);
    let check_status = |value: &Value| {
        let dir = tempfile::tempdir().unwrap();
        let file = dir.path().join("a.json");
        std::fs::write(&file, value.to_string()).unwrap();
        run(&["fixtures", "--check", file.to_str().unwrap()]).status.code()
    };
    assert_eq!(check_status(&answer), Some(0));
    assert_valid(&positions, &answer, "the answer");
    let mut no_lists = answer.clone();
    no_lists[0]["moves"] = json!([]);
    let mut matched = answer.clone();
    matched[0]["moves"][0]["moves"][0]["matched"] = json!(7);
    let mut old = answer.clone();
    let flag = old[0]["moves"][0]["moves"][0].as_object_mut().unwrap().remove("by-weight").unwrap();
    old[0]["moves"][0]["moves"][0]["by_weight"] = flag;
    for (what, value) in
        [("no positions", json!([])), ("no move list", no_lists), ("7 matched", matched), ("the old key", old)]
    {
        assert!(!positions.is_valid(&value), "{what}: the schema accepts it");
        assert_ne!(check_status(&value), Some(0), "{what}: the check passes it");
    }
    assert!(!perft.is_valid(&json!([])));
    assert_ne!(check_status(&json!([])), Some(0));
}
