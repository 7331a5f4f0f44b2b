//! The suite a conformance run puts to an engine: a fixture folder written
//! by `quadominos fixtures --out DIR`, read through its manifest (every file
//! checked against its digest, every recorded answer against the rules), or
//! one generated in memory from a seed by [`crate::suite::generate`].

use std::path::Path;

use crate::error::{DocPath, Problem};
use crate::formats::{
    BUILTIN_VARIANTS, InputError, SHIPPED_SCENARIO_FOLDER, Source, VariantChoice, shipped_scenarios, split_label,
};
use crate::play::scenario::load_scenario_source;
use crate::play::{LoadedScenario, Transcript, replay};
use crate::rules::Variant;
use crate::suite::{
    Manifest, PerftFixture, PositionFixture, SuiteOptions, SuiteVariant, check_moves, check_perft, generate, sha256_hex,
};

use super::labels::{label_of, label_variant, variant_by_label};
use super::script::{Move, moves_of};

/// What a conformance run checks.
#[derive(Clone, Debug, Default)]
pub struct ConformSuite {
    /// Where it comes from, in words: the folder, or the seed.
    pub origin: String,
    /// The seed games the engine plays are dealt from.
    pub seed: u64,
    /// The variants' labels, in the suite's order.
    pub variants: Vec<String>,
    /// Positions with the rules' move lists.
    pub positions: Vec<PositionFixture>,
    /// Perft counts.
    pub perft: Vec<PerftFixture>,
    /// The suite's games: each file's name (without `games/` and `.json`)
    /// and its transcript.
    pub games: Vec<(String, Transcript)>,
    /// The shipped scenarios, each under every variant it runs under and
    /// under the labels the sweep adds ([`super::sweep`]).
    pub scenarios: Vec<ScenarioCase>,
    /// A deal for each number of players under each variant, given through
    /// the game actions, and the opening that follows it.
    pub deals: Vec<GameCase>,
    /// Games of the toolkit, each put to the engine action by action
    /// through the game actions.
    pub actions: Vec<GameCase>,
}

/// A game put to the engine through the game actions from `newgame`: its
/// every deal given, then each action.
#[derive(Clone, Debug)]
pub struct GameCase {
    /// The case's fixture name.
    pub name: String,
    /// The label it is played under.
    pub label: String,
    /// The number of players.
    pub players: usize,
    /// Its moves after `newgame`.
    pub moves: Vec<Move>,
}

/// A shipped scenario under one of its variants, played through the game
/// actions.
#[derive(Clone, Debug)]
pub struct ScenarioCase {
    /// The scenario's name.
    pub name: String,
    /// The scenario, read and checked.
    pub loaded: LoadedScenario,
    /// The variant it runs under, as its file names it.
    pub variant: Variant,
    /// The label the engine is asked to play it under (a shipped variant's
    /// name and the readings changed on top of it); the error says why the
    /// variant cannot be written as one (the case is then skipped).
    pub label: Result<String, String>,
}

/// Every shipped scenario under each of its variants, each followed by the
/// labels the sweep adds to it ([`super::sweep`]).
fn shipped_scenario_cases() -> Result<Vec<ScenarioCase>, InputError> {
    let mut loaded = Vec::new();
    for (file, text) in shipped_scenarios() {
        let source = Source::builtin(&format!("{SHIPPED_SCENARIO_FOLDER}/{file}"), text);
        loaded.push(load_scenario_source(source, &VariantChoice::default())?);
    }
    let own: Vec<Vec<ScenarioCase>> = loaded
        .iter()
        .map(|l| {
            l.variants
                .iter()
                .map(|variant| ScenarioCase {
                    name: l.file.name.clone(),
                    loaded: l.clone(),
                    variant: variant.clone(),
                    label: label_of(variant),
                })
                .collect()
        })
        .collect();
    let labels: Vec<Vec<String>> =
        own.iter().map(|cases| cases.iter().filter_map(|c| c.label.clone().ok()).collect()).collect();
    let swept = super::sweep::sweep(&loaded, &labels);
    let mut out = Vec::new();
    for ((cases, more), l) in own.into_iter().zip(swept).zip(&loaded) {
        out.extend(cases);
        out.extend(more.into_iter().map(|(label, variant)| ScenarioCase {
            name: l.file.name.clone(),
            loaded: l.clone(),
            variant,
            label: Ok(label),
        }));
    }
    Ok(out)
}

/// The hand-picked edge positions ([`crate::suite::edges`]) under the
/// labels of `variants` they are given for, put first in every suite.
fn add_edges(out: &mut ConformSuite, variants: &[String]) -> Result<(), String> {
    let known = |label: &str| {
        let v = variant_by_label(label)?;
        let base = v.name().to_string();
        variants.iter().any(|s| s == &base || s == &v.label() || s.split('+').next() == Some(&base)).then_some(v)
    };
    let (positions, perfts) = crate::suite::edges::edge_fixtures(known)?;
    out.positions.splice(0..0, positions);
    out.perft.splice(0..0, perfts);
    Ok(())
}

/// What to generate when no folder is given.
#[derive(Clone, Debug)]
pub struct Generated {
    /// The seed.
    pub seed: u64,
    /// The variants' labels (shipped names, with `+R4=no` overrides).
    pub variants: Vec<String>,
    /// Positions per variant.
    pub positions: usize,
    /// The perft depth.
    pub perft_depth: usize,
    /// Games of the suite (the toolkit's own, whose positions are put to
    /// the engine).
    pub count: usize,
}

impl Generated {
    /// About how many bytes generating this suite takes
    /// ([`crate::suite::estimated_bytes`]).
    pub fn estimated_bytes(&self) -> u64 {
        crate::suite::estimated_bytes(self.positions, self.count, self.variants.len())
    }
}

/// A suite generated in memory. Errors: a label that names no variant (as
/// `--variant`), or the generator's own failure.
pub fn generated(options: &Generated) -> Result<ConformSuite, InputError> {
    let mut variants = Vec::new();
    for label in &options.variants {
        let variant = label_variant(label).map_err(|e| {
            InputError::whole_file("--variant", format!("{e} (a label is a shipped name, then +R4=no overrides)"))
        })?;
        let base = split_label(label).map(|(n, _)| n).unwrap_or_default();
        let spec = BUILTIN_VARIANTS.iter().find(|(n, _)| *n == base).map(|(_, t)| t.to_string()).unwrap_or_default();
        variants.push(SuiteVariant { variant, spec });
    }
    let suite_options = SuiteOptions {
        seed: options.seed,
        count: options.count,
        positions: options.positions,
        perft_depth: options.perft_depth,
        variants,
        // Every placement reading's positions, as the default fixture
        // suite carries them; no scenarios, which the protocol cannot play.
        readings: true,
        scenarios: crate::suite::Scenarios::None,
    };
    let suite = generate(&suite_options).map_err(|e| {
        InputError::whole_file(
            "--seed",
            match e {
                crate::suite::FixtureError::Input(e) => {
                    e.problems.iter().map(|p| p.message.clone()).collect::<Vec<_>>().join("; ")
                }
                crate::suite::FixtureError::Undealable { message, .. } => message,
                crate::suite::FixtureError::Internal(m) => format!("internal error: {m}"),
            },
        )
    })?;
    let mut out = ConformSuite {
        origin: format!("a suite generated from seed {}", options.seed),
        seed: options.seed,
        variants: suite_options.variants.iter().map(|v| v.variant.label()).collect(),
        ..ConformSuite::default()
    };
    for (path, bytes) in &suite.files {
        // The generator's own files: a failure to read one back is a bug.
        let bug = |e: serde_json::Error| InputError::whole_file(path, format!("internal error: {e}"));
        if path == "positions.json" {
            out.positions = serde_json::from_slice(bytes).map_err(bug)?;
        } else if path == "perft.json" {
            out.perft = serde_json::from_slice(bytes).map_err(bug)?;
        } else if let Some(name) = game_name(path) {
            out.games.push((name, serde_json::from_slice(bytes).map_err(bug)?));
        }
    }
    let labels = out.variants.clone();
    add_edges(&mut out, &labels).map_err(|e| InputError::whole_file("--seed", e))?;
    out.scenarios = shipped_scenario_cases()?;
    add_games(&mut out).map_err(|e| InputError::whole_file("--seed", e))?;
    Ok(out)
}

/// Games of the toolkit per variant put to the engine action by action.
pub const ACTION_GAMES: usize = 2;

/// The suite's game cases: under each of its variants, a deal for each
/// number of players the deal table allows (2 to 8) with the opening that
/// follows, and [`ACTION_GAMES`] whole games of the toolkit (the number of
/// players and the strategy changing from game to game), all dealt from
/// the suite's seed. The error: a game the rules do not play back (a bug).
fn add_games(out: &mut ConformSuite) -> Result<(), String> {
    use crate::play::{MAX_ROUNDS, Stop, Strategy, play};
    let seed = out.seed;
    for (v, label) in out.variants.iter().enumerate() {
        let Some(variant) = variant_by_label(label) else { continue };
        for players in 2..=8 {
            if crate::game::Game::check_deal(&variant, players).is_err() {
                continue;
            }
            let game = crate::game::Game::deal(variant.clone(), players, seed.wrapping_add(players as u64))?;
            let mut moves = moves_of(&variant, players, game.events())?;
            if let Some(&opening) = game.legal_actions().first() {
                moves.push(Move::Act(opening));
            }
            out.deals.push(GameCase { name: format!("{players}-players"), label: label.clone(), players, moves });
        }
        for j in 0..ACTION_GAMES {
            let players = 2 + (ACTION_GAMES * v + j) % 7;
            let strategy = if j % 2 == 0 { Strategy::Random } else { Strategy::Greedy };
            let game_seed = seed.wrapping_add(1000 + (ACTION_GAMES * v + j) as u64);
            if crate::game::Game::check_deal(&variant, players).is_err() {
                continue;
            }
            let played = play(&variant, players, game_seed, strategy, Stop::End, MAX_ROUNDS)?;
            let moves = moves_of(&variant, players, played.game.events())?;
            let name = format!("{strategy}-{players}p-seed-{game_seed}");
            out.actions.push(GameCase { name, label: label.clone(), players, moves });
        }
    }
    Ok(())
}

/// A game's name from its path in a suite: `games/NAME.json`.
fn game_name(path: &str) -> Option<String> {
    path.strip_prefix("games/").and_then(|p| p.strip_suffix(".json")).map(str::to_string)
}

/// Why a path written in a manifest does not name a file inside the
/// suite's folder, by its words alone: absolute, or climbing out with `..`,
/// or naming no file. `None` for a plain relative path.
fn escapes(written: &str) -> Option<&'static str> {
    use std::path::Component;
    let path = Path::new(written);
    if written.is_empty() {
        return Some("is empty");
    }
    if path.is_absolute() || path.components().any(|c| matches!(c, Component::RootDir | Component::Prefix(_))) {
        return Some("is an absolute path, outside the suite's folder");
    }
    if path.components().any(|c| c == Component::ParentDir) {
        return Some("climbs out of the suite's folder with `..`");
    }
    None
}

/// Why a file of the suite, its path plain, still leads out of the suite's
/// folder (`real_dir`, links resolved): through a symbolic link. `None`
/// when it stays inside, or is missing (reading it says so).
fn leads_out(real_dir: &Path, path: &Path) -> Option<&'static str> {
    let real = std::fs::canonicalize(path).ok()?;
    (!real.starts_with(real_dir)).then_some("leads outside the suite's folder through a symbolic link")
}

/// A path as written in a manifest, quoted for a message: a long or
/// unprintable one is not repeated (the line and column locate it).
fn shown(written: &str) -> String {
    if written.chars().count() <= 80 && !written.chars().any(char::is_control) {
        format!("`{written}` ")
    } else {
        "the path ".to_string()
    }
}

/// A suite folder read through its manifest. Bad input: a file missing, or
/// not what the manifest says (its size or digest), or whose answers are
/// not the rules' (a suite changed by hand, or written under other rules).
pub fn folder(dir: &Path) -> Result<ConformSuite, InputError> {
    let source = Source::read(&dir.join("manifest.json"))?;
    let manifest: Manifest = source.parse("a fixture suite's manifest.json")?;
    // Every path is checked before any file is read: a manifest names the
    // suite's own files, and one changed by hand must not lead the run to
    // read (and report on) a file elsewhere.
    let real_dir = std::fs::canonicalize(dir)
        .map_err(|e| InputError::whole_file(&dir.display().to_string(), format!("cannot read: {e}")))?;
    let outside: Vec<Problem> = manifest
        .files
        .iter()
        .enumerate()
        .filter_map(|(i, file)| {
            let why = escapes(&file.path).or_else(|| leads_out(&real_dir, &dir.join(&file.path)))?;
            Some(Problem::new(
                DocPath::from("files").index(i).key("path"),
                format!(
                    "{}{why}; a manifest names only the suite's own files, by paths relative to its folder: \
write the suite again with `quadominos fixtures --out`",
                    shown(&file.path)
                ),
            ))
        })
        .collect();
    if !outside.is_empty() {
        return Err(source.problems(outside));
    }
    let mut out = ConformSuite {
        origin: dir.display().to_string(),
        seed: manifest.arguments.seed,
        variants: manifest.variants.iter().map(|v| v.name.clone()).collect(),
        ..ConformSuite::default()
    };
    for file in &manifest.files {
        if !matches!(file.kind.as_str(), "positions" | "perft" | "transcript") {
            continue;
        }
        let path = dir.join(&file.path);
        let source = Source::read(&path)?;
        if sha256_hex(source.text.as_bytes()) != file.sha256 {
            return Err(InputError::whole_file(
                &source.name,
                "its SHA-256 is not the one manifest.json gives: the file was changed after the suite was written",
            ));
        }
        match file.kind.as_str() {
            "positions" => out.positions.extend(source.parse::<Vec<PositionFixture>>("a list of positions")?),
            "perft" => out.perft.extend(source.parse::<Vec<PerftFixture>>("a list of perft counts")?),
            _ => {
                let name = game_name(&file.path).unwrap_or_else(|| file.path.clone());
                out.games.push((name, source.parse::<Transcript>("a transcript")?));
            }
        }
    }
    // The suite's answers are what the engine is held to: they must be the
    // rules' own.
    let stale = |file: &str, what: String| {
        InputError::whole_file(
            &dir.join(file).display().to_string(),
            format!("{what}: not what the rules give; write the suite again with `quadominos fixtures --out`"),
        )
    };
    if let Err(m) = check_moves(&out.positions, variant_by_label) {
        return Err(stale("positions.json", format!("position {} ({}) under {}", m.index, m.id, m.variant)));
    }
    if let Err(m) = check_perft(&out.perft, variant_by_label) {
        return Err(stale("perft.json", format!("count {} ({}): {}", m.index, m.position, m.wrong.join("; "))));
    }
    for (name, t) in &out.games {
        let variant = t.variant.variant().map_err(|ps| {
            stale(&format!("games/{name}.json"), ps.iter().map(|p| p.to_string()).collect::<Vec<_>>().join("; "))
        })?;
        if let Err(m) = replay(t, &variant) {
            return Err(stale(&format!("games/{name}.json"), format!("event {}: {}", m.index, m.reasons.join("; "))));
        }
    }
    let labels = out.variants.clone();
    add_edges(&mut out, &labels).map_err(|e| InputError::whole_file(&dir.display().to_string(), e))?;
    out.scenarios = shipped_scenario_cases()?;
    add_games(&mut out).map_err(|e| InputError::whole_file(&dir.display().to_string(), e))?;
    Ok(out)
}
