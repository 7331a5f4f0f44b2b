//! The JSON Schemas of the input files (`specs/schema/`), held to the files
//! by an independent validator (the `jsonschema` crate): every shipped
//! puzzle, scenario and spec is valid under the schema its first line names,
//! and files the toolkit refuses are refused by the schemas too.

use crate::common;

use std::path::{Path, PathBuf};

use common::run;
use serde_json::Value;

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

fn schema_value(name: &str) -> Value {
    let text = std::fs::read_to_string(root().join("specs/schema").join(name)).unwrap();
    serde_json::from_str(&text).unwrap()
}

fn validator(name: &str) -> jsonschema::Validator {
    jsonschema::validator_for(&schema_value(name)).unwrap_or_else(|e| panic!("{name} is no schema: {e}"))
}

/// A YAML text as the JSON value a schema validates.
fn yaml(text: &str) -> Value {
    serde_yaml::from_str(text).unwrap_or_else(|e| panic!("not YAML: {e}\n{text}"))
}

fn errors(v: &jsonschema::Validator, value: &Value) -> Vec<String> {
    v.iter_errors(value).map(|e| format!("{}: {e}", e.instance_path())).collect()
}

fn yaml_files(dir: &str) -> Vec<PathBuf> {
    let mut files: Vec<PathBuf> = std::fs::read_dir(root().join(dir))
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "yaml"))
        .collect();
    files.sort();
    assert!(!files.is_empty(), "no files under {dir}");
    files
}

/// Every shipped file of a kind, with the schema it must name on its first
/// line (relative to the file, as an editor resolves it).
fn shipped() -> Vec<(PathBuf, &'static str)> {
    let mut all = Vec::new();
    for (dir, schema) in [
        ("puzzles", "puzzle.schema.json"),
        ("specs/scenarios", "scenario.schema.json"),
        ("specs/scenarios/variants", "variant-spec.schema.json"),
        ("specs/variants", "variant-spec.schema.json"),
    ] {
        all.extend(yaml_files(dir).into_iter().map(|f| (f, schema)));
    }
    all
}

#[test]
fn every_shipped_file_names_its_schema_on_its_first_line() {
    for (file, schema) in shipped() {
        let text = std::fs::read_to_string(&file).unwrap();
        let first = text.lines().next().unwrap_or_default();
        let relative = first
            .strip_prefix("# yaml-language-server: $schema=")
            .unwrap_or_else(|| panic!("{}: first line is `{first}`", file.display()));
        let named = file.parent().unwrap().join(relative);
        assert_eq!(
            std::fs::canonicalize(&named).ok(),
            std::fs::canonicalize(root().join("specs/schema").join(schema)).ok(),
            "{}: names {relative}, not {schema}",
            file.display()
        );
    }
}

#[test]
fn every_shipped_puzzle_scenario_and_spec_is_valid_under_its_schema() {
    let mut checked = 0;
    for (file, schema) in shipped() {
        let value = yaml(&std::fs::read_to_string(&file).unwrap());
        let found = errors(&validator(schema), &value);
        assert!(found.is_empty(), "{} under {schema}: {found:#?}", file.display());
        checked += 1;
    }
    assert!(checked > 90, "only {checked} files checked");
}

/// Every object with named properties allows no others: a misspelt key is
/// refused by the schema as by the toolkit.
#[test]
fn every_object_of_the_input_schemas_refuses_unknown_keys() {
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
        "position.schema.json",
        "puzzle.schema.json",
        "scenario.schema.json",
        "variant-spec.schema.json",
        "tile-set.schema.json",
    ] {
        let mut open = Vec::new();
        walk("", &schema_value(name), &mut open);
        // The puzzle's conditions (`if`/`then`/`else`, under `allOf`)
        // constrain properties already closed at the top; they are no
        // objects of their own.
        open.retain(|p| !["/if", "/then", "/else", "/allOf"].iter().any(|c| p.starts_with(c)));
        // So does the scenario's `dependentSchemas` (a turn needs a board).
        open.retain(|p| !p.contains("/not") && !p.contains("/dependentSchemas/"));
        assert!(open.is_empty(), "{name}: objects without additionalProperties: false at {open:?}");
    }
}

#[test]
fn a_tile_id_is_accepted_only_in_canonical_ascending_form() {
    let v = jsonschema::validator_for(
        &serde_json::json!({"$ref": "#/$defs/TileId", "$defs": schema_value("puzzle.schema.json")["$defs"]}),
    )
    .unwrap();
    let mut accepted = 0;
    for a in 0..=6u8 {
        for b in 0..=6u8 {
            for c in 0..=6u8 {
                for d in 0..=6u8 {
                    let id = format!("{a}-{b}-{c}-{d}");
                    // 0-2-4-5 is in no set (S1).
                    let canonical = a <= b && b <= c && c <= d && d <= 5 && [a, b, c, d] != [0, 2, 4, 5];
                    assert_eq!(v.is_valid(&Value::from(id.clone())), canonical, "{id}");
                    accepted += usize::from(canonical);
                }
            }
        }
    }
    // The 126 multisets of four values 0-5 but 0-2-4-5: the full set.
    assert_eq!(accepted, 125);
    for written in ["0 - 1-1-3", "0-1-1-3 ", "01-1-3", "0-1-1", "0-1-1-3-4"] {
        assert!(!v.is_valid(&Value::from(written)), "{written}");
    }
}

/// A puzzle the toolkit accepts, to break one thing at a time.
const PUZZLE: &str = "variant: english
rules: {R4: no}
board:
  - {at: [0, 0], tile: [5, 5, 5, 5]}
  - {at: [0, -1], tile: [0, 1, 5, 5]}
  - {at: [1, 0], tile: [5, 5, 2, 5]}
hand: [1-4-5-5, 2-2-4-5, 4-5-5-5]
goal: best-turn
";

/// A 1x2 fill of two tiles that share no value, so that no fill exists:
/// its goal's last key and its `expect:`.
fn fill(last: &str, expect: &str) -> String {
    format!(
        "variant: english\nhand: [0-0-0-0, 5-5-5-5]\ngoal: {{fill: {{region: {{width: 2, height: 1, at: [0, 0]}}, \
         pool: hand, {last}}}}}\nexpect: {expect}\n"
    )
}

/// Writes `text` to a fresh file and runs `quadominos ARGS FILE`; returns
/// the exit status.
fn status_of(command: &str, text: &str, dir: &Path, name: &str) -> Option<i32> {
    let path = dir.join(name);
    std::fs::write(&path, text).unwrap();
    run(&[command, path.to_str().unwrap()]).status.code()
}

#[test]
fn files_the_toolkit_refuses_are_refused_by_the_schema_too() {
    let dir = tempfile::tempdir().unwrap();
    let puzzle = validator("puzzle.schema.json");
    // The unbroken puzzle passes both, so each refusal below is the change's.
    assert_eq!(status_of("moves", PUZZLE, dir.path(), "good.yaml"), Some(0));
    assert!(errors(&puzzle, &yaml(PUZZLE)).is_empty(), "{:?}", errors(&puzzle, &yaml(PUZZLE)));
    let broken = [
        ("unknown-key", PUZZLE.replace("hand:", "hands:")),
        ("tile-id-not-ascending", PUZZLE.replace("1-4-5-5", "5-4-1-5").replace("2-2-4-5", "3-1-0-1")),
        ("corner-value-6", PUZZLE.replace("[5, 5, 2, 5]", "[5, 5, 2, 6]")),
        ("cell-out-of-range", PUZZLE.replace("at: [1, 0]", "at: [1000001, 0]")),
        ("unknown-goal", PUZZLE.replace("goal: best-turn", "goal: best-move")),
        ("unknown-reading-value", PUZZLE.replace("{R4: no}", "{R4: maybe}")),
        ("unknown-reading", PUZZLE.replace("{R4: no}", "{R33: no}")),
        ("reading-twice", PUZZLE.replace("{R4: no}", "{R4: no, diagonal-neighbours: yes}")),
        ("best-turn-with-plays", PUZZLE.replace("goal: best-turn", "goal: {best-turn: {plays: 2}}")),
        ("count-on-a-turn", format!("{PUZZLE}expect: {{count: 3}}\n")),
        ("exists-on-a-turn", format!("{PUZZLE}expect: {{exists: true}}\n")),
        ("exists-on-a-count", fill("count: true", "{exists: false}")),
        ("exists-beside-a-score", fill("maximize: weight", "{score: 1, exists: true}")),
    ];
    // The same fills with what they may record are accepted by both.
    for text in [fill("count: true", "{count: 0}"), fill("maximize: weight", "{exists: false}")] {
        assert_eq!(status_of("solve", &text, dir.path(), "fill.yaml"), Some(0), "{text}");
        assert!(puzzle.is_valid(&yaml(&text)), "{text}");
    }
    for (name, text) in &broken {
        let status = status_of("solve", text, dir.path(), &format!("{name}.yaml"));
        assert_eq!(status, Some(2), "{name}: the toolkit does not refuse it");
        assert!(!puzzle.is_valid(&yaml(text)), "{name}: the schema accepts it");
    }
}

#[test]
fn broken_files_of_the_bad_input_catalogue_that_a_schema_can_judge_are_refused() {
    let cases = [
        ("position/unknown-key.yaml", "position.schema.json"),
        ("position/unknown-key-in-entry.yaml", "position.schema.json"),
        ("position/value-out-of-range.yaml", "position.schema.json"),
        ("position/hand-value-out-of-range.yaml", "position.schema.json"),
        ("position/hand-id-not-ascending.yaml", "position.schema.json"),
        ("position/rules-unknown-reading.yaml", "position.schema.json"),
        ("position/rules-unknown-value.yaml", "position.schema.json"),
        ("puzzle/best-turn-with-plays.yaml", "puzzle.schema.json"),
        ("puzzle/expect-count-on-turn.yaml", "puzzle.schema.json"),
        ("puzzle/expect-score-on-count.yaml", "puzzle.schema.json"),
        ("puzzle/fill-contradictory.yaml", "puzzle.schema.json"),
        ("puzzle/fill-unknown-pool.yaml", "puzzle.schema.json"),
        ("puzzle/fill-region-unknown-key.yaml", "puzzle.schema.json"),
        ("puzzle/fill-region-cell-too-far.yaml", "puzzle.schema.json"),
        ("puzzle/missing-goal.yaml", "puzzle.schema.json"),
        ("puzzle/negative-plays.yaml", "puzzle.schema.json"),
        ("puzzle/two-goals.yaml", "puzzle.schema.json"),
        ("puzzle/unknown-goal.yaml", "puzzle.schema.json"),
        ("puzzle/unknown-goal-key.yaml", "puzzle.schema.json"),
        ("puzzle/unknown-expect-key.yaml", "puzzle.schema.json"),
        ("puzzle/rules-reading-twice.yaml", "puzzle.schema.json"),
        ("scenario/deal-and-hands.yaml", "scenario.schema.json"),
        ("scenario/deal-and-scores.yaml", "scenario.schema.json"),
        ("scenario/to-move-on-empty-board.yaml", "scenario.schema.json"),
        ("scenario/deal-too-many-players.yaml", "scenario.schema.json"),
        ("scenario/missing-name.yaml", "scenario.schema.json"),
        ("scenario/place-and-do.yaml", "scenario.schema.json"),
        ("scenario/unknown-action.yaml", "scenario.schema.json"),
        ("scenario/unknown-clause.yaml", "scenario.schema.json"),
        ("scenario/unknown-key.yaml", "scenario.schema.json"),
        ("scenario/rules-unknown-value.yaml", "scenario.schema.json"),
        ("spec/bad-option-value.yaml", "variant-spec.schema.json"),
        ("spec/bonus-threshold-out-of-range.yaml", "variant-spec.schema.json"),
        ("spec/list-value.yaml", "variant-spec.schema.json"),
        ("spec/missing-description.yaml", "variant-spec.schema.json"),
        ("spec/missing-option.yaml", "variant-spec.schema.json"),
        ("spec/negative-target.yaml", "variant-spec.schema.json"),
        ("spec/reading-id-as-key.yaml", "variant-spec.schema.json"),
        ("spec/unknown-clause.yaml", "variant-spec.schema.json"),
        ("spec/unknown-key.yaml", "variant-spec.schema.json"),
        ("spec/unknown-option.yaml", "variant-spec.schema.json"),
        ("spec/wrong-type-target.yaml", "variant-spec.schema.json"),
    ];
    for (file, schema) in cases {
        let text = std::fs::read_to_string(root().join("tests/bad-inputs").join(file)).unwrap();
        assert!(!validator(schema).is_valid(&yaml(&text)), "{file}: {schema} accepts it");
    }
}

#[test]
fn a_tile_set_with_a_value_out_of_range_or_no_tiles_is_refused() {
    let v = validator("tile-set.schema.json");
    assert!(v.is_valid(&yaml("name: tiny\ntiles: [[0, 0, 0, 0], [0, 0, 0, 1]]\n")));
    for text in [
        "name: tiny\ntiles: []\n",
        "name: tiny\ntiles: [[0, 0, 0, 6]]\n",
        "name: tiny\ntiles: [[0, 0, 0]]\n",
        "name: tiny\ntiles: [[0, 0, 0, 0], [0, 0, 0, 0]]\n",
        "name: tiny\ntiles: [[0, 0, 0, 0]]\ncolour: red\n",
    ] {
        assert!(!v.is_valid(&yaml(text)), "{text}");
    }
}
