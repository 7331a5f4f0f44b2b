//! Fixture suites and their schemas: the committed JSON Schemas under
//! `specs/schema/` are those the Rust types give; a suite is the same bytes
//! on every run; every file it lists has the checksum the manifest gives;
//! every transcript in it replays and every position's notation reads back.

use std::path::{Path, PathBuf};
use std::process::Command;

use quadominos::formats::{BUILTIN_VARIANTS, builtin_variant, notation};
use quadominos::play::{Transcript, replay};
use quadominos::suite::schema::schemas;
use quadominos::suite::{
    Manifest, PerftFixture, PositionFixture, ScenarioFixture, Scenarios, SuiteOptions, SuiteVariant, generate,
    sha256_hex,
};

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).to_path_buf()
}

#[test]
fn committed_schemas_are_the_ones_the_types_give() {
    let dir = root().join("specs/schema");
    let update = std::env::var_os("UPDATE_SCHEMAS").is_some();
    let mut stale = Vec::new();
    // The conformance report's schema is generated beside them.
    let (report, report_text) = quadominos::conform::schema();
    let every: Vec<(&str, String)> =
        schemas().into_iter().map(|f| (f.name, f.text)).chain([(report, report_text)]).collect();
    for (name, text) in &every {
        let path = dir.join(name);
        if update {
            std::fs::create_dir_all(&dir).unwrap();
            std::fs::write(&path, text).unwrap();
        } else if std::fs::read_to_string(&path).ok().as_deref() != Some(text.as_str()) {
            stale.push(*name);
        }
    }
    assert!(
        stale.is_empty(),
        "specs/schema is stale ({stale:?}); regenerate it with `UPDATE_SCHEMAS=1 cargo test --release --test conform fixtures` and commit"
    );
    let mut committed: Vec<String> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().to_string())
        .filter(|n| n.ends_with(".json"))
        .collect();
    committed.sort();
    let mut wanted: Vec<String> = every.iter().map(|(name, _)| name.to_string()).collect();
    wanted.sort();
    assert_eq!(committed, wanted, "specs/schema holds a schema no type gives");
}

fn small_options() -> SuiteOptions {
    let variants = BUILTIN_VARIANTS
        .iter()
        .map(|(name, text)| SuiteVariant { variant: builtin_variant(name).unwrap(), spec: text.to_string() })
        .collect();
    let files = ["e9-draw-until-playable.yaml", "example-b-quad-opening-two-bonus-tiles.yaml"]
        .iter()
        .map(|f| root().join("specs/scenarios").join(f))
        .collect();
    let scenarios = Scenarios::Files { folder: root().join("specs/scenarios"), files };
    SuiteOptions { seed: 5, count: 6, positions: 3, perft_depth: 2, variants, readings: false, scenarios }
}

#[test]
fn a_suite_is_the_same_bytes_every_time_and_every_file_checks_out() {
    let options = small_options();
    let suite = generate(&options).unwrap();
    assert_eq!(generate(&options).unwrap(), suite, "two runs differ");

    let (last, files) = suite.files.split_last().unwrap();
    assert_eq!(last.0, "manifest.json");
    let manifest: Manifest = serde_json::from_slice(&last.1).unwrap();
    assert_eq!(manifest.toolkit, format!("quadominos {}", env!("CARGO_PKG_VERSION")));
    assert_eq!(manifest.files.len(), files.len());
    for (entry, (path, bytes)) in manifest.files.iter().zip(files) {
        assert_eq!(&entry.path, path);
        assert_eq!(entry.bytes, bytes.len());
        assert_eq!(entry.sha256, sha256_hex(bytes), "{path}");
    }
    for v in &manifest.variants {
        let (_, text) = BUILTIN_VARIANTS.iter().find(|(n, _)| *n == v.name).unwrap();
        assert_eq!(v.sha256, sha256_hex(text.as_bytes()));
    }
    let file = |name: &str| &files.iter().find(|(p, _)| p == name).unwrap().1;

    // The suite stands alone: every schema a spec copy names is in it, the
    // same as the committed one.
    for (path, bytes) in files.iter().filter(|(p, _)| p.starts_with("variants/")) {
        let text = String::from_utf8_lossy(bytes);
        let named = text.lines().next().and_then(|l| l.strip_prefix("# yaml-language-server: $schema=")).unwrap();
        let target = std::path::Path::new(path).parent().unwrap().join(named);
        let target = target.to_str().unwrap().replace("variants/../", "");
        let committed = std::fs::read(std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("specs").join(&target));
        assert_eq!(Some(file(&target)), committed.ok().as_ref(), "{path} names {named}");
    }
    for kind in ["positions", "perft", "scenarios", "transcript", "manifest"] {
        assert!(files.iter().any(|(p, _)| *p == format!("schema/{kind}.schema.json")), "no schema of {kind}");
    }

    let positions: Vec<PositionFixture> = serde_json::from_slice(file("positions.json")).unwrap();
    assert_eq!(positions.len(), BUILTIN_VARIANTS.len() * options.positions);
    for p in &positions {
        let read = notation::parse(&p.notation).unwrap();
        let board: Vec<_> = p.board.iter().map(|b| (b.at, b.tile)).collect();
        assert_eq!((read.board, read.hand), (board, p.hand.clone()), "{}", p.id);
        assert!(p.moves.iter().any(|m| m.variant == p.variant), "{}: its own variant's moves", p.id);
        for m in &p.moves {
            assert_eq!(m.count, m.moves.len());
            assert_eq!(m.bonus, m.moves.iter().filter(|x| x.bonus).count());
        }
    }
    let perft: Vec<PerftFixture> = serde_json::from_slice(file("perft.json")).unwrap();
    assert_eq!(perft.len(), positions.len());
    for (count, p) in perft.iter().zip(&positions) {
        assert_eq!(count.position, p.id);
        let divide = count.divide.as_ref().unwrap();
        assert_eq!(divide.iter().map(|d| d.nodes).sum::<u64>(), count.nodes);
        let own = p.moves.iter().find(|m| m.variant == p.variant).unwrap();
        assert_eq!(divide.len(), own.count, "{}: depth-1 placements are the move list", p.id);
    }
    let scenarios: Vec<ScenarioFixture> = serde_json::from_slice(file("scenarios.json")).unwrap();
    assert!(scenarios.len() >= 2);
    let games: Vec<&(String, Vec<u8>)> = files.iter().filter(|(p, _)| p.starts_with("games/")).collect();
    assert_eq!(games.len(), options.count);
    for (path, bytes) in games {
        let t: Transcript = serde_json::from_slice(bytes).unwrap();
        let variant = t.variant.variant().unwrap();
        assert!(replay(&t, &variant).is_ok(), "{path} does not replay");
    }
}

fn quadominos(args: &[&str]) -> std::process::Output {
    Command::new(env!("CARGO_BIN_EXE_quadominos")).args(args).current_dir(root()).output().unwrap()
}

#[test]
fn the_command_writes_identical_suites_and_nothing_on_bad_input() {
    let dir = tempfile::tempdir().unwrap();
    let (a, b) = (dir.path().join("a"), dir.path().join("b"));
    for out in [&a, &b] {
        let o = quadominos(&[
            "fixtures",
            "--out",
            out.to_str().unwrap(),
            "--seed",
            "3",
            "--count",
            "4",
            "--positions",
            "2",
            "--perft-depth",
            "2",
        ]);
        assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    }
    let manifest = std::fs::read(a.join("manifest.json")).unwrap();
    assert_eq!(manifest, std::fs::read(b.join("manifest.json")).unwrap());
    let m: Manifest = serde_json::from_slice(&manifest).unwrap();
    for f in &m.files {
        assert_eq!(std::fs::read(a.join(&f.path)).unwrap(), std::fs::read(b.join(&f.path)).unwrap(), "{}", f.path);
    }
    assert!(m.files.iter().any(|f| f.kind == "scenarios"), "specs/scenarios is played by default");

    let bad = dir.path().join("bad");
    let o = quadominos(&["fixtures", "--out", bad.to_str().unwrap(), "--variants", "english,klingon"]);
    assert_eq!(o.status.code(), Some(2));
    assert!(o.stdout.is_empty());
    assert!(String::from_utf8_lossy(&o.stderr).contains("unknown variant `klingon`"));
    assert!(!bad.exists(), "nothing is written on bad input");
}

#[test]
fn move_lists_written_by_others_are_checked() {
    let suite = generate(&SuiteOptions { count: 0, ..small_options() }).unwrap();
    let bytes = &suite.files.iter().find(|(p, _)| p == "positions.json").unwrap().1;
    let positions: Vec<PositionFixture> = serde_json::from_slice(bytes).unwrap();
    let resolve = |label: &str| builtin_variant(label);
    let lists: usize = positions.iter().map(|p| p.moves.len()).sum();
    assert_eq!(quadominos::suite::check_moves(&positions, resolve), Ok(lists));

    // One legal placement left out.
    let mut wrong = positions.clone();
    let (i, j) = wrong
        .iter()
        .enumerate()
        .find_map(|(i, p)| p.moves.iter().position(|m| !m.moves.is_empty()).map(|j| (i, j)))
        .unwrap();
    let dropped = wrong[i].moves[j].moves.remove(0);
    let m = quadominos::suite::check_moves(&wrong, resolve).unwrap_err();
    assert_eq!((m.index, m.missing.clone()), (i, vec![dropped]));

    // A placement's points wrong, through the command.
    let mut wrong = positions.clone();
    wrong[i].moves[j].moves[0].points += 1;
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("answers.json");
    std::fs::write(&file, serde_json::to_string_pretty(&wrong).unwrap()).unwrap();
    let o = quadominos(&["fixtures", "--check", file.to_str().unwrap()]);
    assert_eq!(o.status.code(), Some(1));
    let out = String::from_utf8_lossy(&o.stdout);
    assert!(out.contains("the move list is wrong") && out.contains("recorded points"), "{out}");
    // Quiet: the same wrong answer, the same exit status.
    let q = quadominos(&["fixtures", "--check", file.to_str().unwrap(), "-q"]);
    assert_eq!((q.status.code(), String::from_utf8_lossy(&q.stdout)), (Some(1), out.clone()));
    std::fs::write(&file, serde_json::to_string_pretty(&positions).unwrap()).unwrap();
    let right = quadominos(&["fixtures", "--check", file.to_str().unwrap()]);
    assert_eq!(right.status.code(), Some(0));
    assert!(String::from_utf8_lossy(&right.stdout).contains(&format!("ok: {lists} move lists")));
    // Quiet and right: nothing at all.
    let q = quadominos(&["fixtures", "--check", file.to_str().unwrap(), "--quiet"]);
    assert_eq!((q.status.code(), q.stdout.as_slice()), (Some(0), &b""[..]));
}

#[test]
fn perft_counts_written_by_others_are_checked() {
    let suite = generate(&SuiteOptions { count: 0, ..small_options() }).unwrap();
    let bytes = &suite.files.iter().find(|(p, _)| p == "perft.json").unwrap().1;
    let counts: Vec<PerftFixture> = serde_json::from_slice(bytes).unwrap();
    let resolve = |label: &str| builtin_variant(label);
    assert_eq!(quadominos::suite::check_perft(&counts, resolve), Ok(counts.len()));
    let i = counts.iter().position(|c| c.nodes > 0).unwrap();
    let mut wrong = counts.clone();
    wrong[i].nodes += 1;
    wrong[i].divide.as_mut().unwrap().pop();
    let m = quadominos::suite::check_perft(&wrong, resolve).unwrap_err();
    assert_eq!(m.index, i);
    assert!(m.wrong[0].starts_with("nodes: recorded"), "{:?}", m.wrong);
    assert!(m.wrong.iter().any(|w| w.ends_with("nodes)")), "{:?}", m.wrong);
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("perft.json");
    std::fs::write(&file, serde_json::to_string_pretty(&wrong).unwrap()).unwrap();
    let o = quadominos(&["fixtures", "--check", file.to_str().unwrap()]);
    assert_eq!(o.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&o.stdout).contains("is wrong"));
    // The same counts as YAML in flow style, one entry per line, are
    // still perft counts, told by their `nodes`, not by how lines start.
    let flow: Vec<String> = wrong.iter().map(|c| serde_json::to_string(c).unwrap()).collect();
    let file = dir.path().join("perft.yaml");
    std::fs::write(&file, format!("[{}]\n", flow.join(",\n "))).unwrap();
    let o = quadominos(&["fixtures", "--check", file.to_str().unwrap()]);
    assert_eq!(o.status.code(), Some(1), "{}", String::from_utf8_lossy(&o.stderr));
    assert!(String::from_utf8_lossy(&o.stdout).contains(&format!("count {i} ")));
}

proptest::proptest! {
    #![proptest_config(proptest::prelude::ProptestConfig { cases: 4, ..proptest::prelude::ProptestConfig::default() })]

    /// Whatever the seed, every file of a suite the command writes passes
    /// the toolkit's own checkers again: the move lists and perft counts
    /// through `fixtures --check`, every game through `replay`.
    #[test]
    fn every_fixture_written_passes_the_checkers_again(seed in 0u64..1_000_000) {
        let dir = tempfile::tempdir().unwrap();
        let out = dir.path().join("suite");
        let seed = seed.to_string();
        let o = quadominos(&[
            "fixtures", "--out", out.to_str().unwrap(), "--seed", &seed, "--count", "3", "--positions", "2",
            "--perft-depth", "2",
        ]);
        proptest::prop_assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
        for kind in ["positions.json", "perft.json"] {
            let o = quadominos(&["fixtures", "--check", out.join(kind).to_str().unwrap()]);
            let said = String::from_utf8_lossy(&o.stdout);
            proptest::prop_assert_eq!(o.status.code(), Some(0), "{}: {} {}", kind, said, String::from_utf8_lossy(&o.stderr));
            proptest::prop_assert!(said.contains(": ok: "), "{}", said);
        }
        let games: Vec<PathBuf> = std::fs::read_dir(out.join("games")).unwrap().map(|e| e.unwrap().path()).collect();
        proptest::prop_assert_eq!(games.len(), 3);
        for game in games {
            let o = quadominos(&["replay", game.to_str().unwrap()]);
            proptest::prop_assert_eq!(o.status.code(), Some(0), "{}: {}", game.display(), String::from_utf8_lossy(&o.stdout));
        }
    }
}

#[test]
fn a_tile_set_too_small_for_the_suites_games_is_bad_input_at_its_spec() {
    // Two tiles cannot deal two hands of 15: this used to exit 3, "internal
    // error", from the first game.
    let dir = tempfile::tempdir().unwrap();
    let english = std::fs::read_to_string(root().join("specs/variants/english.yaml")).unwrap();
    let spec = english
        .replace("name: english", "name: two-tiles")
        .replace("tile-set: {value: full,", "tile-set: {value: tiles.yaml,");
    let line = spec.lines().position(|l| l.starts_with("tile-set: {value: tiles.yaml")).unwrap() + 1;
    std::fs::write(dir.path().join("spec.yaml"), &spec).unwrap();
    std::fs::write(dir.path().join("tiles.yaml"), "name: two\ntiles:\n  - [0, 0, 0, 0]\n  - [1, 1, 1, 1]\n").unwrap();
    let spec_path = dir.path().join("spec.yaml").display().to_string();
    let out = dir.path().join("suite");
    let o = quadominos(&["fixtures", "--out", out.to_str().unwrap(), "--variants", &spec_path]);
    let err = String::from_utf8_lossy(&o.stderr);
    assert_eq!(o.status.code(), Some(2), "{err}");
    assert!(o.stdout.is_empty());
    let expected = format!(
        "error: {spec_path}:{line}:19: tile-set.value: the suite's game 0 (2 players under two-tiles) cannot be dealt: 2 hands of 15 need 30 tiles; the two set has 2 (R16)"
    );
    assert!(err.starts_with(&expected), "{err}");
    assert!(!out.exists(), "nothing is written on bad input");
    // Without games the same set makes a suite.
    let o = quadominos(&["fixtures", "--out", out.to_str().unwrap(), "--variants", &spec_path, "--count", "0"]);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
}

/// Runs `fixtures --check` on `text` written to a fresh file; returns the
/// exit status, standard output and standard error.
fn check_text(text: &str) -> (Option<i32>, String, String) {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("answers.json");
    std::fs::write(&file, text).unwrap();
    let o = quadominos(&["fixtures", "--check", file.to_str().unwrap()]);
    (o.status.code(), String::from_utf8_lossy(&o.stdout).to_string(), String::from_utf8_lossy(&o.stderr).to_string())
}

#[test]
fn a_check_that_would_check_nothing_is_refused_and_the_documented_order_is_checked() {
    let (code, out, err) = check_text("[]\n");
    assert_eq!((code, out.as_str()), (Some(2), ""), "{err}");
    assert!(err.contains("the list is empty: there is nothing to check"), "{err}");

    let suite = generate(&SuiteOptions { count: 0, ..small_options() }).unwrap();
    let bytes = &suite.files.iter().find(|(p, _)| p == "positions.json").unwrap().1;
    let positions: Vec<PositionFixture> = serde_json::from_slice(bytes).unwrap();
    // A position without its move lists.
    let mut bare = positions.clone();
    bare[0].moves.clear();
    let (code, _, err) = check_text(&serde_json::to_string_pretty(&bare).unwrap());
    assert_eq!(code, Some(2), "{err}");
    assert!(err.contains("[0].moves: no move list"), "{err}");
    // Two moves swapped: the same placements, out of order.
    let (i, j) = positions
        .iter()
        .enumerate()
        .find_map(|(i, p)| p.moves.iter().position(|m| m.moves.len() >= 2).map(|j| (i, j)))
        .unwrap();
    let mut swapped = positions.clone();
    swapped[i].moves[j].moves.swap(0, 1);
    let (code, out, err) = check_text(&serde_json::to_string_pretty(&swapped).unwrap());
    assert_eq!(code, Some(1), "{out}{err}");
    let (a, b) = (&positions[i].moves[j].moves[0], &positions[i].moves[j].moves[1]);
    let expected = format!(
        "out of order: {} as {} at {} is listed before {} as {} at {}",
        b.tile, b.corners, b.at, a.tile, a.corners, a.at
    );
    assert!(out.contains(&expected), "{out}");
    assert!(!out.contains("missing (legal)") && !out.contains("extra (not legal)"), "{out}");
    // The seed may be left out of one's own positions.
    let mut value: serde_json::Value = serde_json::to_value(&positions).unwrap();
    for p in value.as_array_mut().unwrap() {
        p.as_object_mut().unwrap().remove("seed");
    }
    let (code, out, err) = check_text(&value.to_string());
    assert_eq!(code, Some(0), "{out}{err}");
}

#[test]
fn a_count_perft_prints_as_json_is_checked_as_it_is() {
    let dir = tempfile::tempdir().unwrap();
    for divide in [true, false] {
        let mut args = vec!["perft", "puzzles/bonus-corner.yaml", "--depth", "2", "--format", "json"];
        if divide {
            args.push("--divide");
        }
        let o = quadominos(&args);
        assert!(o.status.success());
        let count: serde_json::Value = serde_json::from_slice(&o.stdout).unwrap();
        assert_eq!(count["position"], "puzzles/bonus-corner.yaml");
        assert_eq!(count["variant"], "english");
        assert_eq!(count["notation"], "0,-1:0155;0,0:5555;1,0:5525 1-4-5-5,2-2-4-5,4-5-5-5 english");
        assert_eq!(count.get("divide").is_some(), divide);
        let file = dir.path().join("count.json");
        std::fs::write(&file, &o.stdout).unwrap();
        let checked = quadominos(&["fixtures", "--check", file.to_str().unwrap()]);
        let said = String::from_utf8_lossy(&checked.stdout);
        assert_eq!(checked.status.code(), Some(0), "{said}{}", String::from_utf8_lossy(&checked.stderr));
        assert!(said.contains("ok: 1 perft count is right"), "{said}");
        // One node more is wrong, and said where.
        let mut wrong = count.clone();
        wrong["nodes"] = serde_json::json!(count["nodes"].as_u64().unwrap() + 1);
        let (code, out, _) = check_text(&wrong.to_string());
        assert_eq!(code, Some(1));
        assert!(out.contains("nodes: recorded"), "{out}");
    }
    // A divide given empty is checked: every first placement is missing.
    let o = quadominos(&["perft", "puzzles/bonus-corner.yaml", "--depth", "2", "--format", "json"]);
    let mut empty: serde_json::Value = serde_json::from_slice(&o.stdout).unwrap();
    empty["divide"] = serde_json::json!([]);
    let (code, out, _) = check_text(&empty.to_string());
    assert_eq!(code, Some(1));
    assert!(out.contains("is missing"), "{out}");
    // The notation and `variant` must name the same variant.
    let mut other = empty.clone();
    other.as_object_mut().unwrap().remove("divide");
    other["variant"] = serde_json::json!("english+R4=no");
    let (code, _, err) = check_text(&other.to_string());
    assert_eq!(code, Some(2));
    assert!(err.contains("the notation names the variant `english`, not `english+R4=no`"), "{err}");
    // The same variant, written otherwise, is the same.
    other["variant"] = serde_json::json!("english+R4=yes");
    let (code, out, err) = check_text(&other.to_string());
    assert_eq!(code, Some(0), "{out}{err}");
}
