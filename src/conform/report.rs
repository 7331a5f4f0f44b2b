//! What `conform` reports of each case: one record a case, written as a line
//! of JSON by `conform --report FILE` (its schema, [`schema`], is committed
//! as `specs/schema/conform-report.schema.json`).

use schemars::JsonSchema;
use serde::Serialize;

use crate::model::{Cell, Corners, TileId};
use crate::play::Mismatch;
use crate::rules::Clause;

/// One case: what was asked of the engine and how it answered.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, JsonSchema)]
#[serde(rename_all = "kebab-case", deny_unknown_fields)]
pub struct CaseRecord {
    /// The case's stable id, `KIND/FIXTURE/VARIANT`, e.g.
    /// `positions/english-03/serbian+R4=no`.
    pub case: String,
    /// What the case checks.
    pub kind: CaseKind,
    /// The fixture: a position's id, a game's file name, `seed-S-Pp` for a
    /// game the engine plays, `handshake`.
    pub fixture: String,
    /// The variant's label the case runs under (`-` for the handshake).
    pub variant: String,
    /// The outcome.
    pub outcome: Outcome,
    /// One line: what was checked, what went wrong, or why it was skipped.
    pub summary: String,
    /// What went wrong, on a failure.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub failure: Option<Failure>,
}

/// What a case checks.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Serialize, JsonSchema)]
#[serde(rename_all = "kebab-case")]
pub enum CaseKind {
    /// The handshake: the engine speaks the protocol.
    Engine,
    /// A position the engine must refuse with `error` (`position`, or a
    /// `variant` the position in force no longer fits), after which the
    /// position in force must be unchanged.
    Refusals,
    /// A position's move list under one variant (`moves`).
    Positions,
    /// The verdicts on chosen placements of a position (`judge`).
    Verdicts,
    /// A perft count with its bonus counts (`perft`, and `divide` where
    /// offered); a difference drilled down to the first position where
    /// the move lists part.
    Perft,
    /// The move list at every turn of one of the suite's games (`moves`).
    Games,
    /// A game the engine plays from a seed, replayed by the rules (`play`).
    Play,
    /// A shipped scenario played through the game actions (`newgame` or
    /// `start`, `deal`, `place`, `take`, `draw`, `pass`), each step's
    /// verdict, events, scores and phase held to the rules', and the
    /// refusals asked between the steps.
    Scenarios,
    /// A deal for a number of players given through the game actions
    /// (`newgame`, `deal`) and the opening after it, with the refusals
    /// asked between them (the deal with uneven hands, with a tile twice;
    /// the opening tile at another cell).
    Deals,
    /// A whole game of the toolkit played through the game actions, action
    /// by action, each step held to the rules', with the refusals asked
    /// between the steps.
    Actions,
}

impl CaseKind {
    /// The kind as a case id writes it.
    pub const fn as_str(self) -> &'static str {
        match self {
            CaseKind::Engine => "engine",
            CaseKind::Refusals => "refusals",
            CaseKind::Positions => "positions",
            CaseKind::Verdicts => "verdicts",
            CaseKind::Perft => "perft",
            CaseKind::Games => "games",
            CaseKind::Play => "play",
            CaseKind::Scenarios => "scenarios",
            CaseKind::Deals => "deals",
            CaseKind::Actions => "actions",
        }
    }
}

/// A case's outcome.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, JsonSchema)]
#[serde(rename_all = "kebab-case")]
pub enum Outcome {
    /// The engine's answers are the rules'.
    Pass,
    /// They are not, or the engine failed.
    Fail,
    /// Not run: the engine does not offer what the case needs (a request,
    /// a variant, a reading), or it failed too often before.
    Skip,
}

/// How a case failed.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, JsonSchema)]
#[serde(rename_all = "kebab-case", deny_unknown_fields)]
pub struct Failure {
    /// What kind of failure.
    pub kind: FailureKind,
    /// The request whose answer was wrong, or that the engine failed on.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub request: Option<String>,
    /// Each difference, or what went wrong, in words.
    pub details: Vec<String>,
    /// Where the engine's answers first part from the rules': a position,
    /// reached from the case's position by `sequence`, with both move lists'
    /// differences and the clauses behind each differing verdict.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub divergence: Option<Divergence>,
    /// For a game the engine played: the first event the rules do not give.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub replay: Option<Mismatch>,
    /// The end of what the engine printed on standard error, when it
    /// exited, hung or answered garbage.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub stderr: Option<String>,
}

/// What kind of failure.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, JsonSchema)]
#[serde(rename_all = "kebab-case")]
pub enum FailureKind {
    /// A well-formed answer that is not the rules'.
    WrongAnswer,
    /// The engine refused a request it offers (`error ...`).
    Refused,
    /// An answer that is not the protocol (the engine is restarted).
    Garbage,
    /// The engine exited, or closed its output (it is restarted).
    Exited,
    /// No complete answer within the time limit (the engine is ended and
    /// restarted).
    Timeout,
}

/// A placement.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Serialize, JsonSchema)]
#[serde(rename_all = "kebab-case", deny_unknown_fields)]
pub struct Step {
    /// The tile.
    pub tile: TileId,
    /// The cell.
    pub at: Cell,
    /// The corners `[nw, ne, se, sw]`.
    pub corners: Corners,
}

/// Where two implementations' move lists part.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, JsonSchema)]
#[serde(rename_all = "kebab-case", deny_unknown_fields)]
pub struct Divergence {
    /// The placements made from the case's position to reach this one
    /// (empty: the case's own position), each legal under both.
    pub sequence: Vec<Step>,
    /// This position in the one-line notation, with the variant's label.
    pub position: String,
    /// The perft depth left at this position, when a count was drilled down.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub depth: Option<usize>,
    /// How many legal placements the rules give here.
    pub ours: usize,
    /// How many the engine lists.
    pub theirs: usize,
    /// Legal placements the engine does not list.
    pub missing: Vec<PlacementVerdict>,
    /// Placements the engine lists that are not legal.
    pub extra: Vec<PlacementVerdict>,
    /// Placements on both lists (or judged by both) whose details differ.
    pub differing: Vec<PlacementVerdict>,
}

impl Divergence {
    /// Whether the two lists agree.
    pub fn is_empty(&self) -> bool {
        self.missing.is_empty() && self.extra.is_empty() && self.differing.is_empty()
    }
}

/// One placement's verdict under the rules and the engine's, with the
/// clauses behind the rules' (as `quadominos explain` gives them).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, JsonSchema)]
#[serde(rename_all = "kebab-case", deny_unknown_fields)]
pub struct PlacementVerdict {
    /// The placement.
    #[serde(flatten)]
    pub placement: Step,
    /// The rules' verdict.
    pub ours: Facts,
    /// The engine's verdict: absent when it does not list the placement.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub theirs: Option<Facts>,
    /// The clauses behind the rules' verdict: those that make it legal, or
    /// those behind every reason it is not.
    pub clauses: Vec<Clause>,
    /// Why the rules refuse it, in words (an illegal placement).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub reasons: Vec<String>,
}

/// A verdict: legal with what it earns, or illegal.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, JsonSchema)]
#[serde(rename_all = "kebab-case", deny_unknown_fields)]
pub struct Facts {
    /// Whether it may be made.
    pub legal: bool,
    /// What it scores by itself (R9), when legal.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub points: Option<u32>,
    /// Matched touching corners, when legal.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub matched: Option<u8>,
    /// Whether it earns the bonus (R7), when legal.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub bonus: Option<bool>,
    /// Whether only equal weight (R5) makes it legal, when legal.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub by_weight: Option<bool>,
}

impl Facts {
    /// An illegal placement.
    pub const ILLEGAL: Facts = Facts { legal: false, points: None, matched: None, bonus: None, by_weight: None };

    /// A legal placement's facts.
    pub fn legal(points: u32, matched: u8, bonus: bool, by_weight: bool) -> Facts {
        Facts {
            legal: true,
            points: Some(points),
            matched: Some(matched),
            bonus: Some(bonus),
            by_weight: Some(by_weight),
        }
    }
}

impl std::fmt::Display for Facts {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match (self.legal, self.points, self.matched, self.bonus, self.by_weight) {
            (true, Some(p), Some(m), Some(b), Some(w)) => write!(
                f,
                "legal, {p} points, {m} matched{}{}",
                if b { ", bonus" } else { "" },
                if w { ", by equal weight" } else { "" }
            ),
            _ => f.write_str("illegal"),
        }
    }
}

/// The schema of one line of a `--report` file: `conform-report.schema.json`.
pub fn schema() -> (&'static str, String) {
    let mut schema = schemars::schema_for!(CaseRecord);
    schema.insert("title".into(), "Quad-Ominos conformance report line".into());
    schema.insert(
        "description".into(),
        "One case of `quadominos conform --report FILE`, a line of JSON each: what was asked of the engine, the outcome, and on a failure where the engine's answers part from the rules'.".into(),
    );
    // A failed case says how it failed; a passed or skipped one has no failure.
    schema.insert(
        "if".into(),
        serde_json::json!({"properties": {"outcome": {"const": "fail"}}, "required": ["outcome"]}),
    );
    schema.insert("then".into(), serde_json::json!({"required": ["failure"]}));
    schema.insert("else".into(), serde_json::json!({"not": {"required": ["failure"]}}));
    let text = serde_json::to_string_pretty(&schema).map(|s| s + "\n").unwrap_or_default();
    ("conform-report.schema.json", text)
}
