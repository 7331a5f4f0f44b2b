//! One naming convention for every key: every JSON and YAML document a
//! command prints, and every file of a fixture suite, has kebab-case keys,
//! never a `_` (what one command writes, another reads back; the files
//! read are kebab-case YAML).

use crate::common;

use common::run;
use serde_json::Value;

/// Every key of a document with a `_` in it, with where it is.
fn snake_keys(at: &str, value: &Value, found: &mut Vec<String>) {
    match value {
        Value::Object(map) => {
            for (k, v) in map {
                if k.contains('_') {
                    found.push(format!("{at}/{k}"));
                }
                snake_keys(&format!("{at}/{k}"), v, found);
            }
        }
        Value::Array(items) => {
            for (i, v) in items.iter().enumerate() {
                snake_keys(&format!("{at}/{i}"), v, found);
            }
        }
        _ => {}
    }
}

/// The document a command printed, read as YAML (JSON is YAML).
fn printed(args: &[&str]) -> Value {
    let o = run(args);
    assert!(o.status.code().is_some_and(|c| c <= 1), "{args:?}: {}", String::from_utf8_lossy(&o.stderr));
    let text = String::from_utf8(o.stdout).unwrap();
    serde_yaml::from_str(&text).unwrap_or_else(|e| panic!("{args:?}: not one document ({e}):\n{text}"))
}

#[test]
fn no_command_prints_a_key_with_an_underscore() {
    let dir = tempfile::tempdir().unwrap();
    let game = dir.path().join("game.json");
    let o = run(&["play", "--players", "3", "--seed", "1", "--format", "json"]);
    std::fs::write(&game, &o.stdout).unwrap();
    // The same game with one score wrong, for a mismatch.
    let mut wrong: Value = serde_json::from_slice(&o.stdout).unwrap();
    wrong["events"][3]["score"] = Value::from(wrong["events"][3]["score"].as_i64().unwrap() + 5);
    let wrong_game = dir.path().join("wrong.json");
    std::fs::write(&wrong_game, wrong.to_string()).unwrap();
    let (game, wrong_game) = (game.to_str().unwrap(), wrong_game.to_str().unwrap());
    let corner = "puzzles/bonus-corner.yaml";
    let commands: Vec<Vec<&str>> = vec![
        vec!["moves", corner, "--format", "json"],
        vec!["moves", "puzzles/equal-weight.yaml", "--variant", "serbian", "--format", "yaml"],
        vec!["explain", corner, "--tile", "1-4-5-5", "--at", "1,-1", "--corners", "1,4,5,5", "--format", "json"],
        vec!["explain", corner, "--tile", "1-4-5-5", "--at", "3,3", "--corners", "1,4,5,5", "--format", "json"],
        vec!["variants", "--format", "json"],
        vec!["variants", "--variant", "serbian", "--rule", "R4=no", "--format", "yaml"],
        vec!["solve", corner, "--solver", "both", "--format", "json"],
        vec!["solve", corner, "--all", "--format", "yaml"],
        vec!["solve", "puzzles/turn-points-beat-tiles.yaml", "--format", "json"],
        vec!["solve", "puzzles/seq-tiny-english.yaml", "--format", "json"],
        vec!["solve", "puzzles/fill-2x3-count.yaml", "--format", "json"],
        vec!["solve", "puzzles/fill-1x2-weight.yaml", "--format", "json"],
        vec!["solve", "puzzles/fill-2x2-bonuses-serbian.yaml", "--solver", "both", "--format", "json"],
        vec!["perft", corner, "--depth", "3", "--divide", "--format", "json"],
        vec![
            "check",
            "specs/scenarios/e9-draw-until-playable.yaml",
            "specs/scenarios/r13-blocked-round.yaml",
            "--format",
            "json",
        ],
        vec![
            "compare",
            "specs/scenarios/example-f-side-and-corner-bonus.yaml",
            "--variant",
            "english",
            "--readings",
            "R4,R7",
            "--format",
            "json",
        ],
        vec!["compare", "specs/scenarios/r18-going-out-on-a-bonus-pays-or-not.yaml", "--format", "json"],
        vec!["bonuses", "--format", "json"],
        vec!["bonuses", corner, "--format", "json"],
        vec!["play", "--players", "2", "--seed", "7", "--format", "yaml"],
        vec!["replay", game, "--format", "json"],
        vec!["replay", wrong_game, "--format", "json"],
        vec!["notation", corner, "--format", "json"],
        vec!["notation", corner, "--format", "yaml"],
    ];
    let mut found = Vec::new();
    for args in &commands {
        snake_keys(&format!("{args:?}"), &printed(args), &mut found);
    }
    // `generate` writes a position file, read back as one.
    let o = run(&["generate", "--seed", "3", "--tiles", "10", "--hand", "5", "--rule", "R4=no"]);
    snake_keys("generate", &serde_yaml::from_slice(&o.stdout).unwrap(), &mut found);
    assert!(found.is_empty(), "keys with `_`: {found:#?}");
}

#[test]
fn no_file_of_a_suite_has_a_key_with_an_underscore() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("suite");
    let o =
        run(&["fixtures", "--out", out.to_str().unwrap(), "--count", "7", "--positions", "1", "--perft-depth", "1"]);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let mut found = Vec::new();
    let mut files = 0;
    let mut walk = vec![out.clone()];
    while let Some(d) = walk.pop() {
        for entry in std::fs::read_dir(&d).unwrap() {
            let path = entry.unwrap().path();
            if path.is_dir() {
                walk.push(path);
                continue;
            }
            let value: Value = serde_yaml::from_str(&std::fs::read_to_string(&path).unwrap()).unwrap();
            snake_keys(&path.strip_prefix(&out).unwrap().display().to_string(), &value, &mut found);
            files += 1;
        }
    }
    assert!(files > 15, "{files} files");
    assert!(found.is_empty(), "keys with `_`: {found:#?}");
}
