//! Puzzle files: a position file whose `goal:` says what to solve and whose
//! optional `expect:` records the proven answer.

use std::path::Path;

use schemars::{JsonSchema, Schema, SchemaGenerator, json_schema};
use serde::Deserialize;

use super::difficulty::Figures;
use super::input::{InputError, Source};
use super::kinds::FileKind;
use super::position::{VariantChoice, load_position_as};
use crate::error::{DocPath, Problem};
use crate::model::{Cell, TileId};
use crate::rules::{MAX_COORDINATE, coordinate_problem};
use crate::solve::{FillGoal, FillObjective, Goal, Puzzle};

/// `goal:` as written: `best-turn`, `{best-sequence: {plays: N}}` or
/// `{fill: {...}}` (a bare name, or a one-key mapping from the name to its
/// parameters).
#[derive(Clone, Debug)]
pub enum GoalSpec {
    /// One turn.
    BestTurn,
    /// Up to `plays` placements (default: the whole hand).
    BestSequence {
        /// How many placements at most.
        plays: Option<usize>,
    },
    /// Fill a region.
    Fill(FillSpec),
}

const GOALS: &[&str] = &["best-turn", "best-sequence", "fill"];

/// The parameters of `best-sequence`.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct SequenceSpec {
    #[serde(default)]
    plays: Option<usize>,
}

impl<'de> Deserialize<'de> for GoalSpec {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<GoalSpec, D::Error> {
        struct GoalVisitor;
        impl<'de> serde::de::Visitor<'de> for GoalVisitor {
            type Value = GoalSpec;
            fn expecting(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                f.write_str("best-turn, {best-sequence: {plays: N}} or {fill: {region: ..., ...}}")
            }
            fn visit_str<E: serde::de::Error>(self, name: &str) -> Result<GoalSpec, E> {
                match name {
                    "best-turn" => Ok(GoalSpec::BestTurn),
                    "best-sequence" => Ok(GoalSpec::BestSequence { plays: None }),
                    "fill" => Err(E::custom("`fill` needs its parameters: {fill: {region: ..., pool: ...}}")),
                    other => Err(E::unknown_variant(other, GOALS)),
                }
            }
            fn visit_map<A: serde::de::MapAccess<'de>>(self, mut map: A) -> Result<GoalSpec, A::Error> {
                use serde::de::Error;
                let Some(name) = map.next_key::<String>()? else { return Err(A::Error::custom("an empty goal")) };
                let goal = match name.as_str() {
                    "best-turn" => {
                        map.next_value::<NoParameters>()?;
                        GoalSpec::BestTurn
                    }
                    "best-sequence" => {
                        let spec: Option<SequenceSpec> = map.next_value()?;
                        GoalSpec::BestSequence { plays: spec.and_then(|s| s.plays) }
                    }
                    "fill" => GoalSpec::Fill(map.next_value()?),
                    other => return Err(A::Error::unknown_variant(other, GOALS)),
                };
                if map.next_key::<String>()?.is_some() {
                    return Err(A::Error::custom("a goal has one name: best-turn, best-sequence or fill"));
                }
                Ok(goal)
            }
        }
        d.deserialize_any(GoalVisitor)
    }
}

/// The parameters of `best-turn`: none (`{best-turn: }` or
/// `{best-turn: {}}`); a key given there is refused where it is written,
/// not ignored.
struct NoParameters;

impl<'de> Deserialize<'de> for NoParameters {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<NoParameters, D::Error> {
        struct NoneVisitor;
        impl<'de> serde::de::Visitor<'de> for NoneVisitor {
            type Value = NoParameters;
            fn expecting(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                f.write_str("no parameters: best-turn has none")
            }
            fn visit_unit<E: serde::de::Error>(self) -> Result<NoParameters, E> {
                Ok(NoParameters)
            }
            fn visit_none<E: serde::de::Error>(self) -> Result<NoParameters, E> {
                Ok(NoParameters)
            }
            fn visit_map<A: serde::de::MapAccess<'de>>(self, mut map: A) -> Result<NoParameters, A::Error> {
                // Any key is refused while it is read, so that the error is
                // placed at the key.
                match map.next_key_seed(RefusedKey)? {
                    None => Ok(NoParameters),
                    Some(never) => match never {},
                }
            }
        }
        d.deserialize_any(NoneVisitor)
    }
}

/// A key of `best-turn`'s parameters: each is refused.
struct RefusedKey;

enum Never {}

impl<'de> serde::de::DeserializeSeed<'de> for RefusedKey {
    type Value = Never;
    fn deserialize<D: serde::Deserializer<'de>>(self, d: D) -> Result<Never, D::Error> {
        // Refused inside the reader's own visit of the key, which places
        // the error there.
        struct KeyVisitor;
        impl serde::de::Visitor<'_> for KeyVisitor {
            type Value = Never;
            fn expecting(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                f.write_str("no parameters: best-turn has none")
            }
            fn visit_str<E: serde::de::Error>(self, key: &str) -> Result<Never, E> {
                let belongs = match key {
                    "plays" => " (`plays` is best-sequence's)",
                    "region" | "pool" | "maximize" | "count" => " (it is a fill's)",
                    _ => "",
                };
                Err(E::custom(format!("best-turn has no parameters; `{key}` does not belong here{belongs}")))
            }
        }
        d.deserialize_str(KeyVisitor)
    }
}

/// A fill goal as written.
#[derive(Clone, Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
// `maximize` and `count: true` are two objectives; a fill has one.
#[schemars(extend("not" = {"required": ["maximize", "count"], "properties": {"count": {"const": true}}}))]
pub struct FillSpec {
    /// `{width, height}` (optionally `at: [x, y]`, its north-west cell) or a
    /// list of cells.
    pub region: RegionSpec,
    /// `hand` (the default), or a whole tile set: `set` (the variant's),
    /// `full` or `beginner`; tiles on the board are never in the pool.
    #[serde(default)]
    pub pool: Option<PoolName>,
    /// `weight` or `bonuses`.
    #[serde(default)]
    pub maximize: Option<MaximizeName>,
    /// Count every solution instead.
    #[serde(default)]
    pub count: bool,
}

/// The pools a fill may draw from.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize, JsonSchema)]
#[serde(rename_all = "kebab-case")]
pub enum PoolName {
    /// The hand (the default).
    Hand,
    /// The variant's tile set.
    Set,
    /// The full set of 125 tiles.
    Full,
    /// The beginner set of 70 tiles.
    Beginner,
}

/// What a fill may maximize (`count` is written `count: true`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize, JsonSchema)]
#[serde(rename_all = "kebab-case")]
pub enum MaximizeName {
    /// The total weight of the tiles placed.
    Weight,
    /// The number of tiles that earn the bonus (R7).
    Bonuses,
}

/// A region as written.
#[derive(Clone, Debug)]
pub enum RegionSpec {
    /// A rectangle.
    Rect {
        /// Columns.
        width: u32,
        /// Rows.
        height: u32,
        /// Its north-west cell (default `[0, 0]`).
        at: Option<Cell>,
    },
    /// Explicit cells.
    Cells(Vec<Cell>),
}

/// A rectangle as written; any other key is refused.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RectSpec {
    width: u32,
    height: u32,
    #[serde(default)]
    at: Option<Cell>,
}

// A mapping is a rectangle and a sequence a list of cells, each read with
// its own type, so that a wrong or unknown key is refused where it is
// written (an untagged enum accepted unknown keys and named no place).
impl<'de> Deserialize<'de> for RegionSpec {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<RegionSpec, D::Error> {
        struct RegionVisitor;
        impl<'de> serde::de::Visitor<'de> for RegionVisitor {
            type Value = RegionSpec;
            fn expecting(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                f.write_str("{width: W, height: H, at: [x, y]} or a list of cells [[x, y], ...]")
            }
            fn visit_map<A: serde::de::MapAccess<'de>>(self, map: A) -> Result<RegionSpec, A::Error> {
                let r = RectSpec::deserialize(serde::de::value::MapAccessDeserializer::new(map))?;
                Ok(RegionSpec::Rect { width: r.width, height: r.height, at: r.at })
            }
            fn visit_seq<A: serde::de::SeqAccess<'de>>(self, seq: A) -> Result<RegionSpec, A::Error> {
                Ok(RegionSpec::Cells(Vec::deserialize(serde::de::value::SeqAccessDeserializer::new(seq))?))
            }
        }
        d.deserialize_any(RegionVisitor)
    }
}

// The goal's schema is written by hand as its reader is: a bare name, or a
// one-key mapping from the name to its parameters.
impl JsonSchema for GoalSpec {
    fn schema_name() -> std::borrow::Cow<'static, str> {
        "Goal".into()
    }

    fn json_schema(generator: &mut SchemaGenerator) -> Schema {
        let fill = generator.subschema_for::<FillSpec>();
        json_schema!({
            "description": "What to solve: best-turn, {best-sequence: {plays: N}} or {fill: {region, pool, maximize | count}}.",
            "oneOf": [
                {"enum": ["best-turn", "best-sequence"]},
                {
                    "type": "object",
                    "properties": {"best-turn": {
                        "description": "One turn, with its bonus; no parameters.",
                        "type": ["object", "null"],
                        "properties": {},
                        "additionalProperties": false
                    }},
                    "required": ["best-turn"],
                    "additionalProperties": false
                },
                {
                    "type": "object",
                    "properties": {"best-sequence": {
                        "description": "Up to `plays` successive placements (default: the whole hand).",
                        "type": ["object", "null"],
                        "properties": {"plays": {"type": ["integer", "null"], "minimum": 0}},
                        "additionalProperties": false
                    }},
                    "required": ["best-sequence"],
                    "additionalProperties": false
                },
                {
                    "type": "object",
                    "properties": {"fill": fill},
                    "required": ["fill"],
                    "additionalProperties": false
                }
            ]
        })
    }
}

impl JsonSchema for RegionSpec {
    fn schema_name() -> std::borrow::Cow<'static, str> {
        "Region".into()
    }

    fn json_schema(generator: &mut SchemaGenerator) -> Schema {
        let cell = generator.subschema_for::<Cell>();
        json_schema!({
            "description": format!("A rectangle {{width, height, at: [x, y]}} (its north-west cell, default [0, 0]) or a list of cells; 1 to {MAX_REGION} cells, none on the board."),
            "oneOf": [
                {
                    "type": "object",
                    "properties": {
                        "width": {"type": "integer", "minimum": 1, "maximum": MAX_REGION},
                        "height": {"type": "integer", "minimum": 1, "maximum": MAX_REGION},
                        "at": cell
                    },
                    "required": ["width", "height"],
                    "additionalProperties": false
                },
                {"type": "array", "items": cell, "minItems": 1, "maxItems": MAX_REGION}
            ]
        })
    }
}

/// `expect:` as written.
#[derive(Clone, Debug, Default, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct ExpectSpec {
    /// The proven optimum.
    #[serde(default)]
    pub score: Option<i64>,
    /// The number of solutions (`count: true`).
    #[serde(default)]
    #[schemars(range(max = 9_223_372_036_854_775_807u64))]
    pub count: Option<u64>,
    /// For a fill that maximizes: whether a fill of the region exists at
    /// all; `exists: false` is how a fill that cannot be made is recorded
    /// (it has no score).
    #[serde(default)]
    pub exists: Option<bool>,
}

/// A puzzle file read and checked.
#[derive(Clone, Debug)]
pub struct LoadedPuzzle {
    /// The file.
    pub source: Source,
    /// The puzzle.
    pub puzzle: Puzzle,
    /// Its recorded answer.
    pub expect: ExpectSpec,
    /// Its description.
    pub description: Option<String>,
    /// Its measured difficulty (`difficulty:`), checked against its
    /// recorded answer and the levels' definition.
    pub difficulty: Option<Figures>,
}

/// The most cells a fill region may have.
pub const MAX_REGION: usize = 400;

/// What is wrong with `expect:` for `goal`: a count is what a fill with
/// `count: true` records and a score what every other goal records, so the
/// other key would be ignored; a count past i64 could never be compared.
fn expect_problems(goal: &Goal, expect: &ExpectSpec) -> Vec<Problem> {
    let at = DocPath::from("expect");
    let counting = matches!(goal, Goal::Fill(f) if f.objective == FillObjective::Count);
    let name = match goal {
        Goal::BestTurn => "best-turn",
        Goal::BestSequence { .. } => "best-sequence",
        Goal::Fill(_) => "fill",
    };
    let mut problems = Vec::new();
    match expect.count {
        Some(_) if !counting => problems.push(Problem::new(
            at.key_name("count"),
            format!(
                "a {name} goal records its `score`; `count` is the answer of a fill with `count: true` and does not belong here"
            ),
        )),
        Some(n) if i64::try_from(n).is_err() => problems.push(Problem::new(
            at.key("count"),
            format!("a count of {n} is more than any solver counts (at most {})", i64::MAX),
        )),
        _ => {}
    }
    if expect.score.is_some() && counting {
        problems.push(Problem::new(
            at.key_name("score"),
            "a fill with `count: true` records its `count`; `score` does not belong here",
        ));
    }
    if expect.exists.is_some() {
        let why = match goal {
            _ if counting => Some(
                "a fill with `count: true` records its `count` (0 when no fill exists); `exists` does not belong here"
                    .to_string(),
            ),
            Goal::Fill(_) if expect.score.is_some() => {
                Some("give either `score` (a fill exists and scores that) or `exists`, not both".to_string())
            }
            Goal::Fill(_) => None,
            _ => Some(format!("a {name} goal records its `score`; `exists` is a fill's and does not belong here")),
        };
        if let Some(why) = why {
            problems.push(Problem::new(at.key_name("exists"), why));
        }
    }
    problems
}

/// The cells of the `width` × `height` rectangle whose north-west cell is
/// `o`, in reading order; or, when a corner of it lies outside the
/// coordinates a board cell may have, why (rather than a smaller region).
/// Its size is at most [`MAX_REGION`] cells, checked before.
fn rectangle(o: Cell, width: u32, height: u32) -> Result<Vec<Cell>, String> {
    if width == 0 || height == 0 {
        return Ok(Vec::new());
    }
    // The far corner in i64: near i32::MAX it is a number even where it is
    // no cell.
    let far = (i64::from(o.x) + i64::from(width) - 1, i64::from(o.y) + i64::from(height) - 1);
    let limit = i64::from(MAX_COORDINATE);
    for (x, y) in [(i64::from(o.x), i64::from(o.y)), far] {
        if x.abs() > limit || y.abs() > limit {
            return Err(format!(
                "cell [{x}, {y}] of the region is too far out: coordinates must lie within ±{MAX_COORDINATE}"
            ));
        }
    }
    let too_far = |_| format!("the region reaches past ±{MAX_COORDINATE}");
    let (x1, y1) = (i32::try_from(far.0).map_err(too_far)?, i32::try_from(far.1).map_err(too_far)?);
    Ok((o.y..=y1).flat_map(|y| (o.x..=x1).map(move |x| Cell::new(x, y))).collect())
}

/// Reads a puzzle: the position as `moves` reads it, then the goal.
pub fn load_puzzle(path: &Path, choice: &VariantChoice) -> Result<LoadedPuzzle, InputError> {
    let loaded = load_position_as(path, choice, FileKind::Puzzle)?;
    let source = loaded.source;
    let notation = super::position::is_notation(path, &source);
    let no_goal = || {
        let goals = "a puzzle needs `goal:` (best-turn, {best-sequence: {plays: N}} or {fill: {...}})";
        let message = if notation {
            format!(
                "{goals}; a line of notation has none: write the position as YAML (`quadominos notation FILE --format yaml`) and add the goal"
            )
        } else {
            format!("{goals}; write one, e.g. `goal: best-turn`")
        };
        source.problems(vec![Problem::new(DocPath::root(), message)])
    };
    // A position without a goal (a line of notation has none) is no puzzle,
    // whatever else the text holds.
    let Some(goal) = loaded.file.goal.clone() else {
        return Err(no_goal());
    };
    let position = loaded.position;
    let variant = loaded.variant;
    let goal = match goal {
        GoalSpec::BestTurn => Goal::BestTurn,
        GoalSpec::BestSequence { plays } => Goal::BestSequence { plays: plays.unwrap_or(position.hand.len()) },
        GoalSpec::Fill(spec) => {
            let at = DocPath::from("goal").key("fill");
            let mut problems = Vec::new();
            let region: Vec<Cell> = match spec.region {
                // The size is checked before any cell is made: a rectangle
                // of 100000 × 100000 is refused, not built.
                RegionSpec::Rect { width, height, .. } if u64::from(width) * u64::from(height) > MAX_REGION as u64 => {
                    Vec::new()
                }
                RegionSpec::Rect { width, height, at: corner } => {
                    match rectangle(corner.unwrap_or(Cell::new(0, 0)), width, height) {
                        Ok(cells) => cells,
                        Err(message) => {
                            let path = if corner.is_some() { at.key("region").key("at") } else { at.key("region") };
                            problems.push(Problem::new(path, message));
                            Vec::new()
                        }
                    }
                }
                RegionSpec::Cells(cells) => {
                    for (i, &c) in cells.iter().enumerate() {
                        if let Some(message) = coordinate_problem(c) {
                            problems.push(Problem::new(at.key("region").index(i), message));
                        }
                    }
                    cells
                }
            };
            // A region refused for its coordinates is not also called empty.
            if problems.is_empty() && (region.is_empty() || region.len() > MAX_REGION) {
                problems.push(Problem::new(at.key("region"), format!("a region has 1 to {MAX_REGION} cells")));
            }
            if let Some(c) = region.iter().find(|&&c| position.board.is_occupied(c)) {
                problems.push(Problem::new(at.key("region"), format!("cell {c} of the region already holds a tile")));
            }
            let set = variant.tile_set();
            let named = match spec.pool.unwrap_or(PoolName::Hand) {
                PoolName::Hand => None,
                PoolName::Set => Some(set.clone()),
                PoolName::Full => Some(crate::model::TileSet::full()),
                PoolName::Beginner => Some(crate::model::TileSet::beginner()),
            };
            let pool: Vec<TileId> = match named {
                None => position.hand.clone(),
                Some(named) => named.ids().filter(|&t| set.contains(t) && !position.board.holds_tile(t)).collect(),
            };
            let objective = match (spec.count, spec.maximize) {
                (true, None) => FillObjective::Count,
                (true, Some(_)) => {
                    problems.push(Problem::new(at, "give either `maximize: weight | bonuses` or `count: true`"));
                    FillObjective::Count
                }
                (false, Some(MaximizeName::Bonuses)) => FillObjective::Bonuses,
                (false, Some(MaximizeName::Weight) | None) => FillObjective::Weight,
            };
            if !problems.is_empty() {
                return Err(source.problems(problems));
            }
            let mut region = region;
            region.sort_unstable_by_key(|c| (c.y, c.x));
            region.dedup();
            Goal::Fill(FillGoal { region, pool, objective })
        }
    };
    let expect = loaded.file.expect.clone().unwrap_or_default();
    let mut problems = expect_problems(&goal, &expect);
    if let Some(figures) = &loaded.file.difficulty {
        let counting = matches!(&goal, Goal::Fill(f) if f.objective == FillObjective::Count);
        problems.extend(figures.problems(expect.score, counting));
    }
    if !problems.is_empty() {
        return Err(source.problems(problems));
    }
    let description = loaded.file.description.clone();
    Ok(LoadedPuzzle {
        source,
        puzzle: Puzzle { variant, board: position.board, hand: position.hand, goal },
        expect,
        description,
        difficulty: loaded.file.difficulty,
    })
}
