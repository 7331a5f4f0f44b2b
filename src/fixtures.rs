//! Fixture suites for other implementations: seeded positions with their
//! full legal-move lists under every variant asked for, perft counts, rule
//! scenario outcomes and whole-game transcripts, plus a manifest with the
//! toolkit version, each variant spec's SHA-256 and each file's SHA-256.
//!
//! Generation runs in parallel (rayon) but every list is put in index order
//! before it is written, so the same arguments always give the same bytes.

// Indexing here cannot panic on input: indices run over the variants and shapes listed here, modulo their lengths.
#![allow(clippy::indexing_slicing)]

use std::path::{Path, PathBuf};
use std::time::Instant;

use rayon::prelude::*;
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use sha2::{Digest, Sha256};

use crate::formats::{BoardEntry, InputError, MoveRecord, VariantChoice, move_records};
use crate::game::{Event, Game};
use crate::model::{Cell, Corners, TileId};
use crate::perft::{perft, perft_until};
use crate::play::{MAX_ROUNDS, Stop, Strategy, play};
use crate::rules::{Clause, MoveGen, Position, Variant, random_position};
use crate::scenario::load_scenario;
use crate::transcript::Transcript;

/// The fixture format's version.
pub const FIXTURES_VERSION: u32 = 1;

/// Every legal placement of a position's hand under one variant.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct VariantMoves {
    /// The variant.
    pub variant: String,
    /// The number of legal placements.
    pub count: usize,
    /// How many of them earn a bonus.
    pub bonus: usize,
    /// Every legal placement, sorted by tile id, then y, then x, then corners.
    /// A quad in one cell is one placement, not four.
    pub moves: Vec<MoveRecord>,
}

/// A seeded position and its legal moves.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct PositionFixture {
    /// The position's id, e.g. `english-03`.
    pub id: String,
    /// The variant it was grown under (every placement legal when made).
    pub variant: String,
    /// The seed it was grown from (`quadominos generate --seed`).
    pub seed: u64,
    /// The placed tiles, by y then x.
    pub board: Vec<BoardEntry>,
    /// The hand of the player to move.
    pub hand: Vec<TileId>,
    /// The same position in the one-line notation (board, hand, variant):
    /// see docs/FIXTURES.md.
    pub notation: String,
    /// The legal moves under each variant of the suite whose tile set holds
    /// the position's tiles and whose arrangement (R1) allows its
    /// orientations.
    pub moves: Vec<VariantMoves>,
}

/// One first placement and the number of sequences under it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct DivideEntry {
    /// The tile.
    pub tile: TileId,
    /// The cell.
    pub at: Cell,
    /// The corners.
    pub corners: Corners,
    /// Sequences of the full depth that start with this placement.
    pub nodes: u64,
}

/// A perft count: sequences of `depth` successive placements from the hand,
/// each legal when made (no bonus choices, no draws: placements only).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct PerftFixture {
    /// The position's id in `positions.json`.
    pub position: String,
    /// The position in the one-line notation, so that the count stands alone.
    pub notation: String,
    /// The variant counted under.
    pub variant: String,
    /// The depth.
    pub depth: usize,
    /// Sequences of `depth` placements.
    pub nodes: u64,
    /// For each depth from 1 to `depth` (or to the hand's size, when that is
    /// less: no placement is made deeper), how many placements made at that
    /// depth, over all sequences, earn a bonus.
    pub bonus: Vec<u64>,
    /// The count under each first placement, sorted by tile, y, x, corners.
    pub divide: Vec<DivideEntry>,
}

/// A scenario's starting state.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct ScenarioStart {
    /// Each seat's hand (empty for a seeded deal: see `setup`).
    pub hands: Vec<Vec<TileId>>,
    /// The well, next drawn first.
    pub well: Vec<TileId>,
    /// Tiles already placed.
    pub board: Vec<BoardEntry>,
    /// Scores so far (empty: all zero).
    pub scores: Vec<i64>,
    /// Whose turn it is on a non-empty board.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub to_move: Option<usize>,
    /// A seeded deal instead of explicit hands: the players; the hands dealt
    /// are in `setup`'s deal event.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub deal_players: Option<usize>,
}

/// One action of a scenario: a placement, or `take-points`, `take-tiles`,
/// `draw`, `pass`, `next-round`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
#[serde(rename_all = "kebab-case")]
pub enum ScenarioAction {
    /// Place a tile.
    Place {
        /// The tile.
        tile: TileId,
        /// The cell.
        at: Cell,
        /// The corners.
        corners: Corners,
    },
    /// Any other action, by name.
    Do(String),
}

/// What one action did.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct ScenarioStep {
    /// The action.
    pub action: ScenarioAction,
    /// `accepted` or `refused` (a refused action changes nothing).
    pub verdict: String,
    /// Why it was refused, in words.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub reason: Option<String>,
    /// The clauses behind a refusal.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub clauses: Vec<Clause>,
    /// The events it caused, as in transcripts (without running totals).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub events: Vec<Event>,
    /// Every seat's score after it.
    pub scores: Vec<i64>,
    /// Where play stands after it: `opening`, `turn`, `bonus-choice`,
    /// `bonus-tiles`, `round-over` or `game-over`.
    pub phase: String,
}

/// A rule scenario played under one variant.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct ScenarioFixture {
    /// The scenario file's name.
    pub file: String,
    /// The scenario's name.
    pub scenario: String,
    /// What it shows.
    pub description: String,
    /// The clause ids it exercises.
    pub covers: Vec<Clause>,
    /// The variant it ran under.
    pub variant: String,
    /// The starting state.
    pub start: ScenarioStart,
    /// Events before the first action (a seeded deal).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub setup: Vec<Event>,
    /// Each action and its outcome.
    pub steps: Vec<ScenarioStep>,
    /// The final scores.
    pub scores: Vec<i64>,
    /// The final phase.
    pub phase: String,
    /// The winner, when the game ended.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub winner: Option<usize>,
}

/// A variant of the suite and the digest of its spec.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct ManifestVariant {
    /// The variant's label.
    pub name: String,
    /// The spec's file in the suite, e.g. `variants/english.yaml`.
    pub spec: String,
    /// SHA-256 of the spec's text, lowercase hex.
    pub sha256: String,
}

/// One file of the suite.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct ManifestFile {
    /// Its path relative to the suite's folder, with `/` separators.
    pub path: String,
    /// What it holds: `positions`, `perft`, `scenarios`, `transcript` or `variant-spec`.
    pub kind: String,
    /// Its size in bytes.
    pub bytes: usize,
    /// SHA-256 of its bytes, lowercase hex.
    pub sha256: String,
}

/// The arguments a suite was generated with.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct ManifestArguments {
    /// The seed.
    pub seed: u64,
    /// Full-game transcripts.
    pub count: usize,
    /// Positions per variant.
    pub positions: usize,
    /// The perft depth.
    pub perft_depth: usize,
}

/// `manifest.json`: what the suite holds and how it was made.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Manifest {
    /// Always `quadominos-fixtures`.
    pub format: String,
    /// The fixture format's version: 1.
    pub version: u32,
    /// The toolkit's version that wrote it.
    pub toolkit: String,
    /// The arguments.
    pub arguments: ManifestArguments,
    /// The variants, in the order given.
    pub variants: Vec<ManifestVariant>,
    /// Every other file of the suite, sorted by path.
    pub files: Vec<ManifestFile>,
}

/// A variant of the suite with its spec text.
#[derive(Clone, Debug)]
pub struct SuiteVariant {
    /// The variant.
    pub variant: Variant,
    /// The spec's text (YAML).
    pub spec: String,
}

/// What to generate.
#[derive(Clone, Debug)]
pub struct SuiteOptions {
    /// The seed every position and game derives from.
    pub seed: u64,
    /// How many full-game transcripts.
    pub count: usize,
    /// Positions per variant.
    pub positions: usize,
    /// The perft depth.
    pub perft_depth: usize,
    /// The variants.
    pub variants: Vec<SuiteVariant>,
    /// Scenario files to play (under each of their own variants that is in
    /// the suite).
    pub scenarios: Vec<PathBuf>,
}

/// A generated suite: each file's relative path and bytes, the manifest last.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Suite {
    /// The files, sorted by path, then `manifest.json`.
    pub files: Vec<(String, Vec<u8>)>,
}

/// Lowercase hex SHA-256.
pub fn sha256_hex(bytes: &[u8]) -> String {
    Sha256::digest(bytes).iter().map(|b| format!("{b:02x}")).collect()
}

fn json<T: Serialize>(value: &T) -> Result<Vec<u8>, String> {
    serde_json::to_string_pretty(value).map(|s| (s + "\n").into_bytes()).map_err(|e| e.to_string())
}

/// Board sizes and hand sizes the positions cycle through.
const POSITION_SHAPES: [(usize, usize); 6] = [(1, 6), (6, 6), (12, 8), (24, 10), (40, 12), (60, 15)];

/// The seed of position `i` of variant `v`. Wrapping is meant: a seed is
/// mixed, not counted, and every `--seed` must give a suite.
fn position_seed(seed: u64, v: usize, i: usize) -> u64 {
    seed.wrapping_mul(1_000_003).wrapping_add((v * 1000 + i) as u64)
}

fn board_tiles(position: &Position) -> Vec<BoardEntry> {
    position.board.tiles().into_iter().map(|(at, tile)| BoardEntry { at, tile }).collect()
}

fn moves_under(variant: &Variant, board: &[(Cell, Corners)], hand: &[TileId]) -> Result<Option<VariantMoves>, String> {
    let Ok(position) = Position::from_setup(board, hand, variant) else { return Ok(None) };
    let generator = MoveGen::new(variant, &position.board, &position.hand);
    let records = move_records(&generator, &position.hand).map_err(|(p, _)| {
        format!(
            "internal error: the move generator lists {} {} at {}, which the judge refuses",
            p.tile, p.corners, p.at
        )
    })?;
    let moves = records;
    Ok(Some(VariantMoves {
        variant: variant.label(),
        count: moves.len(),
        bonus: moves.iter().filter(|m| m.bonus).count(),
        moves,
    }))
}

fn phase_text(phase: &str) -> String {
    phase.to_string()
}

fn scenario_fixtures(path: &Path, variants: &[SuiteVariant]) -> Result<Vec<ScenarioFixture>, InputError> {
    let loaded = load_scenario(path, &VariantChoice::default())?;
    let file = path.file_name().map(|n| n.to_string_lossy().to_string()).unwrap_or_default();
    let start = &loaded.file.start;
    let mut out = Vec::new();
    for variant in &loaded.variants {
        if !variants.iter().any(|v| v.variant.label() == variant.label()) {
            continue;
        }
        let run = loaded.run(variant)?;
        let steps = loaded
            .actions
            .iter()
            .zip(&run.steps)
            .map(|(action, step)| ScenarioStep {
                action: match action {
                    crate::game::Action::Place(p) => {
                        ScenarioAction::Place { tile: p.tile, at: p.at, corners: p.corners }
                    }
                    crate::game::Action::TakePoints => ScenarioAction::Do("take-points".into()),
                    crate::game::Action::TakeTiles => ScenarioAction::Do("take-tiles".into()),
                    crate::game::Action::Draw => ScenarioAction::Do("draw".into()),
                    crate::game::Action::Pass => ScenarioAction::Do("pass".into()),
                    crate::game::Action::NextRound => ScenarioAction::Do("next-round".into()),
                },
                verdict: step.verdict.to_string(),
                reason: step.reason.clone(),
                clauses: step.clauses.clone(),
                events: step.events.clone(),
                scores: step.scores.clone(),
                phase: phase_text(step.phase),
            })
            .collect();
        out.push(ScenarioFixture {
            file: file.clone(),
            scenario: loaded.file.name.clone(),
            description: loaded.file.description.trim().to_string(),
            covers: loaded.file.covers.clone(),
            variant: variant.label(),
            start: ScenarioStart {
                hands: start.hands.clone(),
                well: start.well.clone(),
                board: start.board.clone(),
                scores: start.scores.clone(),
                to_move: start.to_move,
                deal_players: start.deal.map(|d| d.players),
            },
            setup: run.setup.clone(),
            steps,
            scores: run.scores.clone(),
            phase: phase_text(run.phase),
            winner: run.winner,
        });
    }
    Ok(out)
}

/// Which game `i` of the suite is: its variant, strategy, players and seed.
pub fn game_plan(options: &SuiteOptions, i: usize) -> (usize, Strategy, usize, u64) {
    let nv = options.variants.len().max(1);
    let variant = i % nv;
    let strategy = Strategy::ALL[(i / nv) % Strategy::ALL.len()];
    let players = 2 + (i / (nv * Strategy::ALL.len())) % 3;
    // Wrapping is meant, as in `position_seed`: the seeds near u64::MAX
    // go on from 0.
    (variant, strategy, players, options.seed.wrapping_add(i as u64))
}

/// Generates the suite in memory. Errors: a scenario that cannot be read (an
/// input error), or an internal contradiction (as a message).
pub fn generate(options: &SuiteOptions) -> Result<Suite, FixtureError> {
    // Every game the suite plays must be dealt; a tile set too small for
    // its hands is the variant's fault (bad input), found before anything
    // is generated.
    for i in 0..options.count {
        let (v, _, players, _) = game_plan(options, i);
        if let Some(sv) = options.variants.get(v)
            && let Err(why) = Game::check_deal(&sv.variant, players)
        {
            return Err(FixtureError::Undealable {
                variant: v,
                message: format!(
                    "the suite's game {i} ({players} players under {}) cannot be dealt: {why} (R16); give a larger tile set, or fewer games with --count {i}",
                    sv.variant.label()
                ),
            });
        }
    }
    // Positions: each variant's own, listed under every variant.
    let jobs: Vec<(usize, usize)> =
        (0..options.variants.len()).flat_map(|v| (0..options.positions).map(move |i| (v, i))).collect();
    let positions: Vec<PositionFixture> = jobs
        .par_iter()
        .map(|&(v, i)| {
            let grown = &options.variants[v].variant;
            let seed = position_seed(options.seed, v, i);
            let (tiles, hand) = POSITION_SHAPES[i % POSITION_SHAPES.len()];
            let position = random_position(grown, seed, tiles, hand);
            let board: Vec<(Cell, Corners)> = position.board.tiles();
            let mut moves = Vec::new();
            for sv in &options.variants {
                if let Some(m) = moves_under(&sv.variant, &board, &position.hand)? {
                    moves.push(m);
                }
            }
            Ok(PositionFixture {
                id: format!("{}-{i:02}", grown.label()),
                variant: grown.label(),
                seed,
                board: board_tiles(&position),
                hand: position.hand.clone(),
                notation: crate::formats::notation::write(&position.board, &position.hand, Some(grown.name())),
                moves,
            })
        })
        .collect::<Result<_, String>>()
        .map_err(FixtureError::Internal)?;
    // Perft: every position under its own variant.
    let perfts: Vec<PerftFixture> = jobs
        .par_iter()
        .zip(&positions)
        .map(|(&(v, _), p)| {
            let variant = &options.variants[v].variant;
            let board: Vec<(Cell, Corners)> = p.board.iter().map(|b| (b.at, b.tile)).collect();
            let position = Position::from_setup(&board, &p.hand, variant)
                .map_err(|_| format!("internal error: position {} does not load under its own variant", p.id))?;
            let count = perft(variant, &position.board, &position.hand, options.perft_depth, true);
            Ok(PerftFixture {
                position: p.id.clone(),
                notation: p.notation.clone(),
                variant: variant.label(),
                depth: count.depth,
                nodes: count.nodes,
                bonus: count.bonus,
                divide: count
                    .divide
                    .into_iter()
                    .map(|d| DivideEntry { tile: d.tile, at: d.at, corners: d.corners, nodes: d.nodes })
                    .collect(),
            })
        })
        .collect::<Result<_, String>>()
        .map_err(FixtureError::Internal)?;
    // Scenarios, in file order.
    let mut scenario_files = options.scenarios.clone();
    scenario_files.sort();
    let scenarios: Vec<Vec<ScenarioFixture>> = scenario_files
        .par_iter()
        .map(|path| scenario_fixtures(path, &options.variants))
        .collect::<Result<_, _>>()
        .map_err(FixtureError::Input)?;
    let scenarios: Vec<ScenarioFixture> = scenarios.into_iter().flatten().collect();
    // Games.
    let games: Vec<(String, Transcript)> = (0..options.count)
        .into_par_iter()
        .map(|i| {
            let (v, strategy, players, seed) = game_plan(options, i);
            let variant = &options.variants[v].variant;
            let played =
                play(variant, players, seed, strategy, Stop::End, MAX_ROUNDS).map_err(|e| format!("game {i}: {e}"))?;
            let name = format!("games/game-{i:03}-{}-{strategy}-{players}p.json", variant.label());
            Ok((name, played.transcript(Some(seed), Some(strategy.as_str()))))
        })
        .collect::<Result<_, String>>()
        .map_err(FixtureError::Internal)?;

    let mut files: Vec<(String, String, Vec<u8>)> = Vec::new();
    files.push(("positions.json".into(), "positions".into(), json(&positions).map_err(FixtureError::Internal)?));
    files.push(("perft.json".into(), "perft".into(), json(&perfts).map_err(FixtureError::Internal)?));
    files.push(("scenarios.json".into(), "scenarios".into(), json(&scenarios).map_err(FixtureError::Internal)?));
    for (name, t) in &games {
        files.push((name.clone(), "transcript".into(), json(t).map_err(FixtureError::Internal)?));
    }
    let mut manifest_variants = Vec::new();
    for sv in &options.variants {
        let path = format!("variants/{}.yaml", sv.variant.label());
        manifest_variants.push(ManifestVariant {
            name: sv.variant.label(),
            spec: path.clone(),
            sha256: sha256_hex(sv.spec.as_bytes()),
        });
        files.push((path, "variant-spec".into(), sv.spec.clone().into_bytes()));
    }
    files.sort_by(|a, b| a.0.cmp(&b.0));
    files.dedup_by(|a, b| a.0 == b.0);
    let manifest = Manifest {
        format: "quadominos-fixtures".into(),
        version: FIXTURES_VERSION,
        toolkit: format!("quadominos {}", env!("CARGO_PKG_VERSION")),
        arguments: ManifestArguments {
            seed: options.seed,
            count: options.count,
            positions: options.positions,
            perft_depth: options.perft_depth,
        },
        variants: manifest_variants,
        files: files
            .iter()
            .map(|(path, kind, bytes)| ManifestFile {
                path: path.clone(),
                kind: kind.clone(),
                bytes: bytes.len(),
                sha256: sha256_hex(bytes),
            })
            .collect(),
    };
    let mut out: Vec<(String, Vec<u8>)> = files.into_iter().map(|(p, _, b)| (p, b)).collect();
    out.push(("manifest.json".into(), json(&manifest).map_err(FixtureError::Internal)?));
    Ok(Suite { files: out })
}

/// Why a suite could not be generated.
#[derive(Clone, Debug)]
pub enum FixtureError {
    /// A scenario file could not be read.
    Input(InputError),
    /// A variant cannot deal the games the suite plays (its tile set is too
    /// small for their hands).
    Undealable {
        /// Its index in the options' variants.
        variant: usize,
        /// Why, and what to change.
        message: String,
    },
    /// An internal contradiction (a bug).
    Internal(String),
}

/// Where another implementation's move lists part from the rules.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, JsonSchema)]
pub struct MovesMismatch {
    /// The index of the position in the answer file (from 0).
    pub index: usize,
    /// The position's id.
    pub id: String,
    /// The variant whose list is wrong.
    pub variant: String,
    /// Legal placements the answer leaves out (the first [`SHOWN`]).
    pub missing: Vec<MoveRecord>,
    /// How many legal placements the answer leaves out in all.
    pub missing_count: usize,
    /// Placements the answer lists that are not legal (the first [`SHOWN`]).
    pub extra: Vec<MoveRecord>,
    /// How many placements the answer lists that are not legal, in all.
    pub extra_count: usize,
    /// Other differences in words: a placement's points, matched corners,
    /// bonus or equal-weight flag, or the counts (the first [`SHOWN`]).
    pub wrong: Vec<String>,
    /// How many other differences in all.
    pub wrong_count: usize,
}

/// The most items of each list a mismatch shows; its counts say how many
/// there are in all.
pub const SHOWN: usize = 12;

/// The first [`SHOWN`] of a list, and its length.
fn shown<T>(mut list: Vec<T>) -> (Vec<T>, usize) {
    let count = list.len();
    list.truncate(SHOWN);
    (list, count)
}

/// Checks move lists written by another implementation in the format of
/// `positions.json`: for every position and every variant listed, the moves
/// must be exactly the legal placements with the right details. `resolve`
/// gives the variant for a label. Errors: the first position whose list is
/// wrong; a label that names no variant or a position that does not load
/// under it is reported the same way, with the reason in `wrong`.
pub fn check_moves(
    answers: &[PositionFixture],
    resolve: impl Fn(&str) -> Option<Variant>,
) -> Result<usize, Box<MovesMismatch>> {
    check_moves_until(answers, resolve, None).map(|c| c.checked)
}

/// How far a check given a deadline got.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Checked {
    /// Answers found right (move lists, or perft counts).
    pub checked: usize,
    /// True when the deadline passed before every answer was checked: the
    /// first `checked` are right, the rest were not looked at.
    pub stopped: bool,
}

/// [`check_moves`], stopping at `deadline` (looked at before each move
/// list).
pub fn check_moves_until(
    answers: &[PositionFixture],
    resolve: impl Fn(&str) -> Option<Variant>,
    deadline: Option<Instant>,
) -> Result<Checked, Box<MovesMismatch>> {
    let mut checked = 0;
    for (index, p) in answers.iter().enumerate() {
        let board: Vec<(Cell, Corners)> = p.board.iter().map(|b| (b.at, b.tile)).collect();
        for listed in &p.moves {
            if deadline.is_some_and(|d| Instant::now() >= d) {
                return Ok(Checked { checked, stopped: true });
            }
            let fail = |missing: Vec<MoveRecord>, extra: Vec<MoveRecord>, wrong: Vec<String>| {
                let ((missing, missing_count), (extra, extra_count)) = (shown(missing), shown(extra));
                let (wrong, wrong_count) = shown(wrong);
                Box::new(MovesMismatch {
                    index,
                    id: p.id.clone(),
                    variant: listed.variant.clone(),
                    missing,
                    missing_count,
                    extra,
                    extra_count,
                    wrong,
                    wrong_count,
                })
            };
            let Some(variant) = resolve(&listed.variant) else {
                return Err(fail(Vec::new(), Vec::new(), vec![format!("no variant is called `{}`", listed.variant)]));
            };
            let ours = match moves_under(&variant, &board, &p.hand) {
                Ok(Some(m)) => m,
                Ok(None) => {
                    let why = Position::from_setup(&board, &p.hand, &variant)
                        .err()
                        .map(|ps| ps.iter().map(|x| x.to_string()).collect::<Vec<_>>().join("; "))
                        .unwrap_or_default();
                    return Err(fail(Vec::new(), Vec::new(), vec![format!("the position does not load: {why}")]));
                }
                Err(e) => return Err(fail(Vec::new(), Vec::new(), vec![e])),
            };
            let key = |m: &MoveRecord| (m.tile, m.at, m.corners);
            let theirs: std::collections::BTreeMap<_, &MoveRecord> = listed.moves.iter().map(|m| (key(m), m)).collect();
            let mine: std::collections::BTreeMap<_, &MoveRecord> = ours.moves.iter().map(|m| (key(m), m)).collect();
            let missing: Vec<MoveRecord> =
                mine.iter().filter(|(k, _)| !theirs.contains_key(k)).map(|(_, m)| (*m).clone()).collect();
            let extra: Vec<MoveRecord> =
                theirs.iter().filter(|(k, _)| !mine.contains_key(k)).map(|(_, m)| (*m).clone()).collect();
            let mut wrong = Vec::new();
            for (k, m) in &mine {
                if let Some(t) = theirs.get(k).filter(|t| **t != *m) {
                    wrong.push(format!(
                        "{} as {} at {}: recorded points {}, matched {}, bonus {}, by_weight {}; the rules give {}, {}, {}, {}",
                        m.tile, m.corners, m.at, t.points, t.matched, t.bonus, t.by_weight, m.points, m.matched, m.bonus,
                        m.by_weight
                    ));
                }
            }
            if theirs.len() != listed.moves.len() {
                wrong.push("a placement is listed twice".into());
            }
            if listed.count != ours.count || listed.bonus != ours.bonus {
                wrong.push(format!(
                    "count {} and bonus {} recorded; the rules give {} and {}",
                    listed.count, listed.bonus, ours.count, ours.bonus
                ));
            }
            if !(missing.is_empty() && extra.is_empty() && wrong.is_empty()) {
                return Err(fail(missing, extra, wrong));
            }
            checked += 1;
        }
    }
    Ok(Checked { checked, stopped: false })
}

/// Where another implementation's perft count parts from the rules.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, JsonSchema)]
pub struct PerftMismatch {
    /// The index of the count in the answer file (from 0).
    pub index: usize,
    /// The position's id.
    pub position: String,
    /// What differs, in words (the first [`SHOWN`]).
    pub wrong: Vec<String>,
    /// How many differences in all.
    pub wrong_count: usize,
}

/// The deepest perft count [`check_perft`] recomputes.
pub const MAX_CHECK_DEPTH: usize = 5;

/// Checks perft counts written by another implementation in the format of
/// `perft.json`: each count is recomputed from its `notation` under its
/// `variant` to its `depth`; `nodes`, `bonus` and, where given, every
/// `divide` entry must agree. Errors: the first count that does not.
pub fn check_perft(
    answers: &[PerftFixture],
    resolve: impl Fn(&str) -> Option<Variant>,
) -> Result<usize, Box<PerftMismatch>> {
    check_perft_until(answers, resolve, None).map(|c| c.checked)
}

/// [`check_perft`], stopping at `deadline` (looked at within each count's
/// walk, see [`perft_until`]).
pub fn check_perft_until(
    answers: &[PerftFixture],
    resolve: impl Fn(&str) -> Option<Variant>,
    deadline: Option<Instant>,
) -> Result<Checked, Box<PerftMismatch>> {
    const MAX_DEPTH: usize = MAX_CHECK_DEPTH;
    for (index, a) in answers.iter().enumerate() {
        let fail = |wrong: Vec<String>| {
            let (wrong, wrong_count) = shown(wrong);
            Box::new(PerftMismatch { index, position: a.position.clone(), wrong, wrong_count })
        };
        let Some(variant) = resolve(&a.variant) else {
            return Err(fail(vec![format!("no variant is called `{}`", a.variant)]));
        };
        if a.depth > MAX_DEPTH {
            return Err(fail(vec![format!("depth {} is more than this check counts ({MAX_DEPTH})", a.depth)]));
        }
        let read = crate::formats::notation::parse(&a.notation).map_err(|e| fail(vec![format!("notation: {e}")]))?;
        let position = Position::from_setup(&read.board, &read.hand, &variant).map_err(|ps| {
            fail(vec![format!(
                "the position does not load: {}",
                ps.iter().map(|p| p.to_string()).collect::<Vec<_>>().join("; ")
            )])
        })?;
        let Some(ours) =
            perft_until(&variant, &position.board, &position.hand, a.depth, !a.divide.is_empty(), deadline)
        else {
            return Ok(Checked { checked: index, stopped: true });
        };
        let mut wrong = Vec::new();
        if a.nodes != ours.nodes {
            wrong.push(format!("nodes: recorded {}, the rules give {}", a.nodes, ours.nodes));
        }
        // Past the hand's size no placement is left: a list that goes on to
        // the depth with zeros says the same as one that stops there.
        let to_depth: Vec<u64> = ours.bonus.iter().copied().chain(std::iter::repeat(0)).take(a.depth).collect();
        if a.bonus != ours.bonus && a.bonus != to_depth {
            wrong.push(format!("bonus: recorded {:?}, the rules give {:?}", a.bonus, ours.bonus));
        }
        if !a.divide.is_empty() {
            let key = |t: TileId, at: Cell, c: Corners| (t, at, c);
            let theirs: std::collections::BTreeMap<_, u64> =
                a.divide.iter().map(|d| (key(d.tile, d.at, d.corners), d.nodes)).collect();
            for d in &ours.divide {
                match theirs.get(&key(d.tile, d.at, d.corners)) {
                    None => wrong.push(format!(
                        "divide: {} as {} at {} is missing ({} nodes)",
                        d.tile, d.corners, d.at, d.nodes
                    )),
                    Some(&n) if n != d.nodes => wrong.push(format!(
                        "divide: {} as {} at {}: recorded {n}, the rules give {}",
                        d.tile, d.corners, d.at, d.nodes
                    )),
                    Some(_) => {}
                }
            }
            let mine: std::collections::BTreeSet<_> =
                ours.divide.iter().map(|d| key(d.tile, d.at, d.corners)).collect();
            for d in &a.divide {
                if !mine.contains(&key(d.tile, d.at, d.corners)) {
                    wrong.push(format!(
                        "divide: {} as {} at {} is not a legal first placement",
                        d.tile, d.corners, d.at
                    ));
                }
            }
        }
        if !wrong.is_empty() {
            return Err(fail(wrong));
        }
    }
    Ok(Checked { checked: answers.len(), stopped: false })
}
