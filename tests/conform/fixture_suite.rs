//! What a default fixture suite holds besides its seeded positions: a
//! position for every value of every placement reading, searched so that
//! the value changes the move list; games for every player count; and the
//! scenarios built into the binary, the same wherever it runs, with their
//! digest.

use std::path::{Path, PathBuf};
use std::process::Command;

use quadominos::formats::{BUILTIN_VARIANTS, SHIPPED_SCENARIO_FILES, builtin_variant, split_label};
use quadominos::rules::{READINGS, Variant, random_position};
use quadominos::suite::readings::{PLACEMENT_READINGS, reading_cases};
use quadominos::suite::{
    Manifest, PositionFixture, Scenarios, SuiteOptions, SuiteVariant, check_moves, game_plan, generate, sha256_hex,
};

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).to_path_buf()
}

fn shipped() -> Vec<SuiteVariant> {
    BUILTIN_VARIANTS
        .iter()
        .map(|(name, text)| SuiteVariant { variant: builtin_variant(name).unwrap(), spec: text.to_string() })
        .collect()
}

/// The default suite's options, without games or seeded positions.
fn readings_only() -> SuiteOptions {
    SuiteOptions {
        seed: 0,
        count: 0,
        positions: 0,
        perft_depth: 1,
        variants: shipped(),
        readings: true,
        scenarios: Scenarios::Files { folder: root(), files: Vec::new() },
    }
}

fn file<'a>(suite: &'a quadominos::suite::Suite, name: &str) -> &'a [u8] {
    &suite.files.iter().find(|(p, _)| p == name).unwrap().1
}

/// A variant by its label, as `fixtures --check` resolves them.
fn by_label(label: &str) -> Option<Variant> {
    let (name, overrides) = split_label(label).ok()?;
    overrides.iter().try_fold(builtin_variant(&name)?, |v, o| v.with_rule(&o.name, &o.value).ok())
}

#[test]
fn every_placement_reading_value_has_a_position_on_which_it_changes_the_move_list() {
    let suite = generate(&readings_only()).unwrap();
    let positions: Vec<PositionFixture> = serde_json::from_slice(file(&suite, "positions.json")).unwrap();
    let manifest: Manifest = serde_json::from_slice(&suite.files.last().unwrap().1).unwrap();
    // Every variant, every placement reading, every value it does not take.
    let mut expected = Vec::new();
    for (name, _) in BUILTIN_VARIANTS {
        let v = builtin_variant(name).unwrap();
        for &n in &PLACEMENT_READINGS {
            let reading = &READINGS[n - 1];
            for (value, _) in reading.values.iter().filter(|(x, _)| Some(*x) != v.rules().get(reading.name).as_deref())
            {
                expected.push(format!("{name}+{}={value}", reading.id));
            }
        }
    }
    let listed: Vec<&str> = manifest.readings.iter().map(|r| r.label.as_str()).collect();
    assert_eq!(listed, expected);
    // The only values without a position are those the rules leave idle:
    // R1 = tile-set-file on the shipped sets (printed ascending clockwise),
    // R6 where R5 = no.
    let without: Vec<&str> =
        manifest.readings.iter().filter(|r| r.position.is_none()).map(|r| r.label.as_str()).collect();
    assert_eq!(
        without,
        [
            "english+R1=tile-set-file",
            "english+R6=edge-only",
            "english-beginner+R1=tile-set-file",
            "english-beginner+R6=edge-only",
            "serbian+R1=tile-set-file",
            "serbian-chain+R1=tile-set-file",
        ]
    );
    assert!(manifest.readings.iter().all(|r| r.position.is_some() != r.none.is_some()));
    let mut checked = 0;
    for r in manifest.readings.iter().filter(|r| r.position.is_some()) {
        let p = positions.iter().find(|p| Some(&p.id) == r.position.as_ref()).unwrap();
        assert_eq!(p.id, r.label);
        let [base, over] = &p.moves[..] else { panic!("{}: {} lists", p.id, p.moves.len()) };
        assert_eq!((base.variant.as_str(), over.variant.as_str()), (r.base.as_str(), r.label.as_str()));
        assert_ne!(base.moves, over.moves, "{}: the value does not change the move list", p.id);
        // The variant it was grown under is the override, or the override
        // made looser.
        assert!(p.variant.starts_with(&r.label), "{}: grown under {}", p.id, p.variant);
        checked += 1;
    }
    assert_eq!(checked, 42);
    // Both lists are the rules' own.
    assert_eq!(check_moves(&positions, by_label), Ok(2 * checked));
    // The same arguments, the same bytes.
    assert_eq!(generate(&readings_only()).unwrap(), suite);
}

#[test]
fn a_value_said_to_be_idle_changes_no_move_list_on_any_position_tried() {
    // The claim the manifest makes without a search, tried on positions of
    // every size: R6 under english (R5 = no) and R1 = tile-set-file.
    let variants: Vec<Variant> = BUILTIN_VARIANTS.iter().map(|(n, _)| builtin_variant(n).unwrap()).collect();
    let idle: Vec<_> = reading_cases(&variants)
        .into_iter()
        .filter(|c| ["english+R6=edge-only", "english+R1=tile-set-file"].contains(&c.variant.label().as_str()))
        .collect();
    assert_eq!(idle.len(), 2);
    let english = builtin_variant("english").unwrap();
    for seed in 0..40 {
        // Grown under serbian, where equal weight and any corner count, so
        // that weights and mixed corners are there to be weighed.
        let serbian = builtin_variant("serbian").unwrap();
        let p = random_position(&serbian, seed, 1 + (seed as usize % 5) * 10, 10);
        let board = p.board.tiles();
        let lists = |v: &Variant| {
            let position = quadominos::rules::Position::from_setup(&board, &p.hand, v).unwrap();
            let g = quadominos::rules::MoveGen::new(v, &position.board, &position.hand);
            quadominos::formats::move_records(&g, &position.hand).unwrap()
        };
        for case in &idle {
            assert_eq!(lists(&english), lists(&case.variant), "seed {seed}: {}", case.variant.label());
        }
    }
}

#[test]
fn the_default_suites_games_play_every_player_count_the_deal_tables_allow() {
    let options = SuiteOptions { count: 12, ..readings_only() };
    let players: Vec<usize> = (0..options.count).map(|i| game_plan(&options, i).2).collect();
    let mut counts = players.clone();
    counts.sort();
    counts.dedup();
    assert_eq!(counts, (2..=8).collect::<Vec<_>>(), "{players:?}");
    // Every variant and every strategy, too.
    let plans: Vec<_> = (0..options.count).map(|i| game_plan(&options, i)).collect();
    for v in 0..options.variants.len() {
        assert!(plans.iter().any(|p| p.0 == v));
    }
    for s in quadominos::play::strategy::Strategy::ALL {
        assert!(plans.iter().any(|p| p.1 == s), "{s}");
    }
    // Every one is dealt and played to its end.
    let suite = generate(&SuiteOptions { readings: false, ..options }).unwrap();
    let games: Vec<&(String, Vec<u8>)> = suite.files.iter().filter(|(p, _)| p.starts_with("games/")).collect();
    assert_eq!(games.len(), 12);
    for ((name, bytes), planned) in games.iter().zip(&players) {
        let t: quadominos::play::Transcript = serde_json::from_slice(bytes).unwrap();
        assert_eq!(t.players, *planned, "{name}");
        assert!(name.ends_with(&format!("-{planned}p.json")), "{name}");
        let variant = t.variant.variant().unwrap();
        assert!(quadominos::play::replay(&t, &variant).is_ok(), "{name}");
    }
}

#[test]
fn the_built_in_scenarios_are_the_scenario_folder() {
    let dir = root().join("specs/scenarios");
    let mut on_disk = Vec::new();
    for sub in ["", "variants/"] {
        for entry in std::fs::read_dir(dir.join(sub)).unwrap() {
            let path = entry.unwrap().path();
            if path.extension().is_some_and(|e| e == "yaml") {
                let name = format!("{sub}{}", path.file_name().unwrap().to_string_lossy());
                on_disk.push((name, std::fs::read_to_string(&path).unwrap()));
            }
        }
    }
    on_disk.sort();
    let built_in: Vec<(String, String)> =
        SHIPPED_SCENARIO_FILES.iter().map(|(p, t)| (p.to_string(), t.to_string())).collect();
    let names = |l: &[(String, String)]| l.iter().map(|(n, _)| n.clone()).collect::<Vec<_>>();
    assert_eq!(names(&built_in), names(&on_disk), "the built-in list is not the folder");
    assert_eq!(built_in, on_disk, "a built-in text is not the file's");
}

/// The digest docs/FIXTURES.md defines for the shipped scenarios:
/// `sha256sum` of every `*.yaml` and `variants/*.yaml`, sorted, hashed.
fn folder_digest() -> String {
    let mut lines = String::new();
    for (path, text) in SHIPPED_SCENARIO_FILES {
        let bytes = std::fs::read(root().join("specs/scenarios").join(path)).unwrap();
        assert_eq!(bytes, text.as_bytes());
        lines.push_str(&format!("{}  {path}\n", sha256_hex(&bytes)));
    }
    sha256_hex(lines.as_bytes())
}

fn quadominos(args: &[&str], dir: &Path) -> std::process::Output {
    Command::new(env!("CARGO_BIN_EXE_quadominos")).args(args).current_dir(dir).output().unwrap()
}

#[test]
fn a_suite_written_anywhere_plays_the_built_in_scenarios_and_a_folder_given_overrides_them() {
    let away = tempfile::tempdir().unwrap();
    let args = ["fixtures", "--out", "suite", "--count", "0", "--positions", "0", "--perft-depth", "1"];
    let o = quadominos(&args, away.path());
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    assert!(o.stderr.is_empty(), "{}", String::from_utf8_lossy(&o.stderr));
    let read = |dir: &Path, name: &str| std::fs::read(dir.join(name)).unwrap();
    let suite = away.path().join("suite");
    let manifest: Manifest = serde_json::from_slice(&read(&suite, "manifest.json")).unwrap();
    assert_eq!(manifest.scenarios.source, "shipped");
    let scenario_files = SHIPPED_SCENARIO_FILES.iter().filter(|(p, _)| !p.contains('/')).count();
    assert_eq!(manifest.scenarios.files, scenario_files);
    assert_eq!(manifest.scenarios.sha256, folder_digest());
    let away_scenarios = read(&suite, "scenarios.json");
    // The same suite from the crate's folder: the same scenarios.
    let here = tempfile::tempdir().unwrap();
    let out = here.path().join("suite");
    let o = quadominos(&["fixtures", "--out", out.to_str().unwrap(), "--count", "0", "--positions", "0"], &root());
    assert!(o.status.success());
    assert_eq!(read(&out, "scenarios.json"), away_scenarios);
    let outcomes: Vec<quadominos::suite::ScenarioFixture> = serde_json::from_slice(&away_scenarios).unwrap();
    assert!(outcomes.len() > 100, "{} outcomes", outcomes.len());

    // --scenarios DIR: those files only, named by the folder as given.
    std::fs::create_dir(away.path().join("mine")).unwrap();
    for name in ["e9-draw-until-playable.yaml", "r18-going-out-on-a-bonus-pays-or-not.yaml"] {
        std::fs::copy(root().join("specs/scenarios").join(name), away.path().join("mine").join(name)).unwrap();
    }
    std::fs::create_dir(away.path().join("mine/variants")).unwrap();
    let spec = "variants/english-r18-not-paid.yaml";
    std::fs::copy(root().join("specs/scenarios").join(spec), away.path().join("mine").join(spec)).unwrap();
    let args = ["fixtures", "--out", "other", "--count", "0", "--positions", "0", "--scenarios", "mine"];
    let o = quadominos(&args, away.path());
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let other: Manifest = serde_json::from_slice(&read(&away.path().join("other"), "manifest.json")).unwrap();
    assert_eq!((other.scenarios.source.as_str(), other.scenarios.files), ("mine", 2));
    // The two scenarios and the spec one of them names, as sha256sum lists them.
    let mut lines = String::new();
    for path in ["e9-draw-until-playable.yaml", "r18-going-out-on-a-bonus-pays-or-not.yaml", spec] {
        lines.push_str(&format!("{}  {path}\n", sha256_hex(&read(&away.path().join("mine"), path))));
    }
    assert_eq!(other.scenarios.sha256, sha256_hex(lines.as_bytes()));
    let played: Vec<quadominos::suite::ScenarioFixture> =
        serde_json::from_slice(&read(&away.path().join("other"), "scenarios.json")).unwrap();
    let files: std::collections::BTreeSet<&str> = played.iter().map(|s| s.file.as_str()).collect();
    assert_eq!(
        files.into_iter().collect::<Vec<_>>(),
        ["e9-draw-until-playable.yaml", "r18-going-out-on-a-bonus-pays-or-not.yaml"]
    );
}

/// Every seeded position of a suite holds a move list of at least one
/// placement under its own variant, the first one too: `fixtures --seed 1`
/// once opened with `english-00`, a board and hand with no legal placement
/// under any variant. The position kept is the one its recorded seed
/// gives, so the suite stays the same each run.
#[test]
fn every_seeded_position_has_a_legal_placement_under_its_own_variant() {
    for seed in 0..8 {
        let options = SuiteOptions { seed, positions: 2, readings: false, ..readings_only() };
        let suite = generate(&options).unwrap();
        let positions: Vec<PositionFixture> = serde_json::from_slice(file(&suite, "positions.json")).unwrap();
        assert_eq!(positions.len(), 2 * BUILTIN_VARIANTS.len());
        for p in &positions {
            let own = p.moves.iter().find(|m| m.variant == p.variant).unwrap();
            assert!(own.count > 0, "seed {seed}: {} has no legal placement under {}", p.id, p.variant);
            let again = random_position(&by_label(&p.variant).unwrap(), p.seed, p.board.len(), p.hand.len());
            assert_eq!(again.hand, p.hand, "seed {seed}: {} is not the position of its recorded seed", p.id);
        }
        assert_eq!(generate(&options).unwrap(), suite, "seed {seed}: the same suite each run");
    }
}
