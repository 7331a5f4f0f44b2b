//! The rule scenarios under `specs/scenarios/`: each is a claim about the
//! rules (a start, actions, and what every variant should make of them, worked
//! out by hand in the file's comments).
//!
//! - every scenario runs under each of its variants and every expectation holds;
//! - every run is snapshotted as YAML in the top-level `snapshots/` folder,
//!   named `scenario__<scenario-name>__<variant>`;
//! - every clause E1-E19, S1-S19 and reading R1-R32 is covered by some
//!   scenario's `covers:` or named in the notes of `specs/scenarios/INDEX.md`;
//! - `INDEX.md` lists every scenario file;
//! - every value of every reading is played by some scenario under one of
//!   its variants.

use std::collections::BTreeSet;
use std::panic::{AssertUnwindSafe, catch_unwind};
use std::path::{Path, PathBuf};

use quadominos::formats::VariantChoice;
use quadominos::game::EventKind;
use quadominos::play::scenario::{LoadedScenario, load_scenario};
use quadominos::rules::{Clause, READINGS};

fn scenario_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("specs/scenarios")
}

/// Every scenario file, sorted by name.
fn scenario_files() -> Vec<PathBuf> {
    let mut files: Vec<PathBuf> = std::fs::read_dir(scenario_dir())
        .expect("specs/scenarios exists")
        .map(|e| e.expect("a directory entry").path())
        .filter(|p| p.extension().is_some_and(|x| x == "yaml"))
        .collect();
    files.sort();
    assert!(!files.is_empty(), "no scenarios under specs/scenarios");
    files
}

fn load(path: &Path) -> LoadedScenario {
    load_scenario(path, &VariantChoice::default()).unwrap_or_else(|e| panic!("{}:\n{e}", path.display()))
}

fn index_text() -> String {
    std::fs::read_to_string(scenario_dir().join("INDEX.md")).expect("specs/scenarios/INDEX.md exists")
}

/// The part of INDEX.md under its `## Notes` heading, up to the next `## `.
fn index_notes(index: &str) -> String {
    let start = index.find("\n## Notes").expect("INDEX.md has a `## Notes` section");
    let rest = &index[start + 1..];
    let end = rest[3..].find("\n## ").map_or(rest.len(), |i| i + 3);
    rest[..end].to_string()
}

/// Every clause id written in `text` as a whole word (E1, S19, R16, …).
fn clause_ids(text: &str) -> BTreeSet<Clause> {
    text.split(|c: char| !c.is_ascii_alphanumeric()).filter_map(|word| word.parse::<Clause>().ok()).collect()
}

#[test]
fn every_scenario_holds_under_each_of_its_variants_and_matches_its_snapshot() {
    let mut failures: Vec<String> = Vec::new();
    let mut snapshot_failures: Vec<String> = Vec::new();
    for path in scenario_files() {
        let loaded = load(&path);
        let name = &loaded.file.name;
        for variant in &loaded.variants {
            let run = match loaded.run(variant) {
                Ok(run) => run,
                Err(e) => {
                    failures.push(format!("{name} under {}: cannot start:\n{e}", variant.label()));
                    continue;
                }
            };
            for f in loaded.check(variant, &run) {
                failures.push(format!("{name} under {}: {f}", variant.label()));
            }
            let snapshot = format!("scenario__{name}__{}", variant.label());
            let outcome = catch_unwind(AssertUnwindSafe(|| {
                insta::with_settings!({snapshot_path => "../../snapshots", prepend_module_to_snapshot => false}, {
                    insta::assert_yaml_snapshot!(snapshot.as_str(), &run);
                });
            }));
            if outcome.is_err() {
                snapshot_failures.push(snapshot);
            }
        }
    }
    assert!(failures.is_empty(), "{} expectation(s) failed:\n{}", failures.len(), failures.join("\n"));
    assert!(
        snapshot_failures.is_empty(),
        "{} snapshot(s) differ (review them with `cargo insta review`):\n{}",
        snapshot_failures.len(),
        snapshot_failures.join("\n")
    );
}

#[test]
fn every_scenario_snapshot_belongs_to_a_scenario_and_variant() {
    let mut expected: BTreeSet<String> = BTreeSet::new();
    for path in scenario_files() {
        let loaded = load(&path);
        for variant in &loaded.variants {
            expected.insert(format!("scenario__{}__{}.snap", loaded.file.name, variant.label()));
        }
    }
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("snapshots");
    let orphans: Vec<String> = std::fs::read_dir(&dir)
        .expect("snapshots/ exists")
        .filter_map(|e| e.ok()?.file_name().into_string().ok())
        .filter(|name| name.starts_with("scenario__") && name.ends_with(".snap") && !expected.contains(name))
        .collect();
    assert!(orphans.is_empty(), "snapshots of no scenario run (delete them): {}", orphans.join(", "));
}

#[test]
fn scenario_names_are_their_file_names_and_each_names_what_it_covers() {
    for path in scenario_files() {
        let loaded = load(&path);
        let stem = path.file_stem().and_then(|s| s.to_str()).unwrap_or_default();
        assert_eq!(loaded.file.name, stem, "{}: `name:` must be the file's name", path.display());
        assert!(!loaded.file.covers.is_empty(), "{}: `covers:` is empty", path.display());
        assert!(!loaded.variants.is_empty(), "{}: no variants", path.display());
    }
}

/// The deal tables (E2, E19 for the English variants; S3 for the Serbian):
/// a dealt start shows each hand's size and the well left from the 125 tiles
/// (S1), or the 70 of the beginner set (E19), in its deal event.
#[test]
fn dealt_starts_deal_the_table_sizes_from_the_whole_set() {
    let mut seen = 0;
    for path in scenario_files() {
        let loaded = load(&path);
        let Some(deal) = loaded.file.start.deal else { continue };
        for variant in &loaded.variants {
            let run = loaded.run(variant).unwrap_or_else(|e| panic!("{e}"));
            let (set, table): (usize, [usize; 7]) = match variant.name() {
                "english" => (125, [15, 10, 8, 7, 6, 6, 6]),
                "english-beginner" => (70, [15, 10, 8, 7, 6, 6, 6]),
                "serbian" | "serbian-chain" => (125, [30, 20, 15, 12, 10, 10, 10]),
                other => panic!("no deal table written down for {other}"),
            };
            let size = table[deal.players - 2];
            let dealt = run
                .setup
                .iter()
                .find_map(|e| match &e.kind {
                    EventKind::Deal { hands, well, .. } => Some((hands.clone(), well.len())),
                    _ => None,
                })
                .unwrap_or_else(|| panic!("{}: no deal event", loaded.file.name));
            assert_eq!(dealt.0.len(), deal.players, "{} under {}", loaded.file.name, variant.name());
            for hand in &dealt.0 {
                assert_eq!(hand.len(), size, "{} under {}: hand size", loaded.file.name, variant.name());
            }
            assert_eq!(dealt.1, set - size * deal.players, "{} under {}: well", loaded.file.name, variant.name());
            seen += 1;
        }
    }
    assert!(seen > 0, "no scenario starts with a deal");
}

#[test]
fn every_clause_and_reading_is_covered_by_a_scenario_or_a_note() {
    let mut covered: BTreeSet<Clause> = BTreeSet::new();
    for path in scenario_files() {
        covered.extend(load(&path).file.covers.iter().copied());
    }
    let noted = clause_ids(&index_notes(&index_text()));
    let missing: Vec<String> =
        Clause::all().filter(|c| !covered.contains(c) && !noted.contains(c)).map(|c| c.to_string()).collect();
    assert!(missing.is_empty(), "neither covered by a scenario nor named in INDEX.md's notes: {}", missing.join(", "));
}

#[test]
fn the_index_lists_every_scenario_with_what_it_covers() {
    let index = index_text();
    for path in scenario_files() {
        let loaded = load(&path);
        let file = path.file_name().and_then(|s| s.to_str()).unwrap_or_default();
        let line = index
            .lines()
            .find(|l| l.contains(&format!("[{file}]")) || l.contains(&format!("`{file}`")))
            .unwrap_or_else(|| panic!("INDEX.md does not list {file}"));
        let listed = clause_ids(line);
        let covers: BTreeSet<Clause> = loaded.file.covers.iter().copied().collect();
        assert_eq!(listed, covers, "INDEX.md's line for {file} must name exactly its `covers:`");
    }
}

/// Values of readings that no scenario plays yet, each `(reading, value)`.
/// They are the newest readings' values, whose scenarios come with the
/// engine's support for them; the list only shrinks, and the test below
/// fails on an entry that a scenario has come to play, so that it is
/// taken out.
const NOT_YET_PLAYED: &[(&str, &str)] = &[];

/// `quadominos check` runs each scenario under each of its variants (a
/// shipped one or a spec under `variants/`, with the file's own `rules:`
/// on top): between them, every value of every reading must be played, or
/// a value could break with no scenario noticing.
#[test]
fn every_value_of_every_reading_is_played_by_some_scenario() {
    let mut played: BTreeSet<(String, String)> = BTreeSet::new();
    for path in scenario_files() {
        let loaded = load(&path);
        for variant in &loaded.variants {
            for (reading, value) in variant.rules().choices() {
                played.insert((reading.id.to_string(), value));
            }
        }
    }
    let mut never = Vec::new();
    let mut stale = Vec::new();
    for reading in &READINGS {
        for (value, _) in reading.values {
            let id = reading.id.to_string();
            let excused = NOT_YET_PLAYED.contains(&(id.as_str(), *value));
            match (played.contains(&(id.clone(), value.to_string())), excused) {
                (false, false) => never.push(format!("{id}={value}")),
                (true, true) => stale.push(format!("{id}={value}")),
                _ => {}
            }
        }
    }
    assert!(never.is_empty(), "values no scenario plays under any of its variants: {}", never.join(", "));
    assert!(stale.is_empty(), "played now, so take them out of NOT_YET_PLAYED: {}", stale.join(", "));
    for (id, value) in NOT_YET_PLAYED {
        let reading = READINGS.iter().find(|r| r.id.to_string() == *id);
        assert!(
            reading.is_some_and(|r| r.values.iter().any(|(v, _)| v == value)),
            "NOT_YET_PLAYED names {id}={value}, which is no value of a reading"
        );
    }
}
