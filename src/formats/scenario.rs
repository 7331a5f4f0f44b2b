//! Scenario files (`specs/scenarios/*.yaml`): a starting state, a list of
//! actions, and what each variant should make of them.

use std::collections::BTreeMap;

use schemars::JsonSchema;
use serde::Deserialize;

use super::overrides::RuleOverrides;
use super::position::BoardEntry;
use crate::model::{Cell, Corners, TileId};
use crate::rules::Clause;

/// A scenario as written: unchecked.
#[derive(Clone, Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
pub struct ScenarioFile {
    /// A short name, used for snapshot names.
    pub name: String,
    /// One sentence on the situation.
    pub description: String,
    /// The clause and reading ids it exercises.
    pub covers: Vec<Clause>,
    /// The variants it runs under (shipped names or spec paths); all shipped
    /// variants when absent.
    #[serde(default)]
    pub variants: Option<Vec<String>>,
    /// Readings changed on top of every variant it runs under, as `--rule`
    /// takes them.
    #[serde(default)]
    pub rules: RuleOverrides,
    /// The starting state.
    pub start: StartFile,
    /// The actions, in order; each with optional expectations per variant.
    #[serde(default)]
    pub actions: Vec<ActionEntry>,
    /// Expectations on the final state, per variant name (or `all`).
    #[serde(default)]
    pub expect: BTreeMap<String, FinalExpect>,
}

/// The starting state: explicit hands, well, board, scores and turn, or a
/// seeded deal.
#[derive(Clone, Debug, Default, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
// A seeded deal or explicit hands (with board, well, scores, turn and
// seed), not both; a turn only where tiles are already placed.
#[schemars(extend(
    "if" = {"required": ["deal"]},
    "then" = {"not": {"anyOf": [
        {"required": ["hands"]}, {"required": ["board"]}, {"required": ["well"]},
        {"required": ["scores"]}, {"required": ["to-move"]}, {"required": ["seed"]}
    ]}},
    "else" = {"required": ["hands"]},
    "dependentSchemas" = {"to-move": {"required": ["board"], "properties": {"board": {"minItems": 1}}}}
))]
pub struct StartFile {
    /// A seeded deal instead of explicit hands.
    #[serde(default)]
    pub deal: Option<DealFile>,
    /// Tiles already placed.
    #[serde(default)]
    pub board: Vec<BoardEntry>,
    /// Each seat's hand: 2 to 8 seats.
    #[serde(default)]
    #[schemars(length(min = 2, max = 8))]
    pub hands: Vec<Vec<TileId>>,
    /// The well, in drawing order.
    #[serde(default)]
    pub well: Option<Vec<TileId>>,
    /// Scores so far.
    #[serde(default)]
    pub scores: Option<Vec<i64>>,
    /// Whose turn it is (on a non-empty board).
    #[serde(default)]
    pub to_move: Option<usize>,
    /// Seed for later deals.
    #[serde(default)]
    pub seed: Option<u64>,
}

/// `deal: {players: N, seed: S}`.
#[derive(Clone, Copy, Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct DealFile {
    /// Number of players: 2 to 8.
    #[schemars(range(min = 2, max = 8))]
    pub players: usize,
    /// The shuffle's seed.
    pub seed: u64,
}

/// A placement as written; `tile` defaults to the corners' tile.
#[derive(Clone, Copy, Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct PlaceEntry {
    /// The tile.
    #[serde(default)]
    pub tile: Option<TileId>,
    /// The cell.
    pub at: Cell,
    /// The corners.
    pub corners: Corners,
}

/// An action other than a placement.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize, JsonSchema)]
#[serde(rename_all = "kebab-case")]
pub enum SimpleAction {
    /// Take the 25 bonus points.
    TakePoints,
    /// Take two bonus tiles.
    TakeTiles,
    /// Draw from the well.
    Draw,
    /// Pass.
    Pass,
    /// Deal the next round.
    NextRound,
}

/// One action: `place: {...}` or `do: draw`, and its expectations.
#[derive(Clone, Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
// A placement or another action, never both.
#[schemars(extend("oneOf" = [{"required": ["place"]}, {"required": ["do"]}]))]
pub struct ActionEntry {
    /// A placement.
    #[serde(default)]
    pub place: Option<PlaceEntry>,
    /// Any other action.
    #[serde(default, rename = "do")]
    pub act: Option<SimpleAction>,
    /// What each variant (or `all`) should make of it.
    #[serde(default)]
    pub expect: BTreeMap<String, StepExpect>,
}

/// Expectations on one action's outcome.
#[derive(Clone, Debug, Default, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct StepExpect {
    /// Accepted (true) or refused (false).
    #[serde(default)]
    pub legal: Option<bool>,
    /// Refused, with a reason containing this text.
    #[serde(default)]
    pub refused: Option<String>,
    /// The acting seat's score change over the action's events.
    #[serde(default)]
    pub score: Option<i64>,
    /// Every seat's score after the action.
    #[serde(default)]
    pub scores: Option<Vec<i64>>,
    /// Whether the placement earned a bonus choice.
    #[serde(default)]
    pub bonus: Option<bool>,
    /// The kinds of the events the action caused, in order.
    #[serde(default)]
    pub events: Option<Vec<crate::game::EventTag>>,
    /// The phase after the action (`turn`, `bonus-choice`, `bonus-tiles`,
    /// `round-over`, `game-over`, `opening`).
    #[serde(default)]
    pub phase: Option<PhaseName>,
}

/// Expectations on the final state.
#[derive(Clone, Debug, Default, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct FinalExpect {
    /// Every seat's final score.
    #[serde(default)]
    pub scores: Option<Vec<i64>>,
    /// The game's winner.
    #[serde(default)]
    pub winner: Option<usize>,
    /// The final phase.
    #[serde(default)]
    pub phase: Option<PhaseName>,
}

/// The phases an expectation may name.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize, JsonSchema)]
#[serde(rename_all = "kebab-case")]
pub enum PhaseName {
    /// The round's first tile is due.
    Opening,
    /// A player to move.
    Turn,
    /// 25 points or two bonus tiles to choose.
    BonusChoice,
    /// Bonus tiles to place.
    BonusTiles,
    /// The round has ended.
    RoundOver,
    /// The game has ended.
    GameOver,
}

impl PhaseName {
    /// The name as written.
    pub fn name(self) -> &'static str {
        match self {
            PhaseName::Opening => "opening",
            PhaseName::Turn => "turn",
            PhaseName::BonusChoice => "bonus-choice",
            PhaseName::BonusTiles => "bonus-tiles",
            PhaseName::RoundOver => "round-over",
            PhaseName::GameOver => "game-over",
        }
    }
}
