//! Events: everything that happens in a game, in order, each with the score
//! change it caused and the clause ids that decided it.

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use crate::model::{Cell, Corners, TileId};
use crate::rules::Clause;

/// Why a placement was made: the kinds of placement the rules score apart.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "kebab-case")]
pub enum PlacementKind {
    /// The round's first tile (E3–E7, S5–S8).
    Opening,
    /// An ordinary turn's tile (E8, S10–S12).
    Turn,
    /// A bonus tile owed by a bonus choice (E4, E11–E14, S7, S15–S17).
    BonusTile,
}

/// How a round ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "kebab-case")]
pub enum RoundEnding {
    /// A player placed their last tile (E10, S18).
    WentOut,
    /// Every player passed in turn with the well empty (R13).
    Blocked,
}

/// What happened.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(tag = "event", rename_all = "kebab-case", rename_all_fields = "kebab-case")]
pub enum EventKind {
    /// A round was dealt: each seat's hand, and the well left over in the
    /// order it is drawn from, so that a recorded game can be replayed.
    Deal {
        /// The round, from 1.
        #[schemars(range(min = 1))]
        round: u32,
        /// Each seat's tiles.
        #[schemars(length(min = 2, max = 8))]
        hands: Vec<Vec<TileId>>,
        /// The tiles left in the well, the next one drawn first.
        well: Vec<TileId>,
        /// The seat that opens.
        #[schemars(range(max = 7))]
        opener: usize,
    },
    /// The heaviest tiles tied between seats and R11 says deal again.
    Redeal {
        /// The seats that tied.
        #[schemars(length(min = 2, max = 8), inner(range(max = 7)))]
        tied: Vec<usize>,
        /// The hands that tied, as dealt (the well of a voided deal does not
        /// matter).
        hands: Vec<Vec<TileId>>,
    },
    /// A tile was placed.
    Place {
        /// Opening, turn or bonus tile.
        kind: PlacementKind,
        /// The tile.
        tile: TileId,
        /// Its cell.
        at: Cell,
        /// Its corners.
        corners: Corners,
        /// Touching corners matched, 0 to 4.
        #[schemars(range(max = 4))]
        matched: u8,
        /// Whether it earned a bonus choice.
        bonus: bool,
    },
    /// The player took the 25 bonus points.
    BonusPoints,
    /// The player chose to play two bonus tiles.
    BonusTiles,
    /// The player drew a tile from the well.
    Draw {
        /// The tile drawn.
        tile: TileId,
    },
    /// The player could not play and the well was empty.
    Pass,
    /// The round ended.
    RoundEnd {
        /// How.
        ending: RoundEnding,
        /// The player who went out, or who collected in a blocked round.
        #[schemars(range(max = 7))]
        winner: Option<usize>,
        /// Each seat's hand total at the end.
        #[schemars(length(min = 2, max = 8))]
        hand_totals: Vec<u32>,
        /// Each seat's score change from the ending.
        #[schemars(length(min = 2, max = 8))]
        changes: Vec<i64>,
    },
    /// The game ended.
    GameEnd {
        /// The winner: of players sharing the win (R23 = shared), the first
        /// in seat order.
        #[schemars(range(max = 7))]
        winner: usize,
        /// The other players who share the win with `winner` (R23 =
        /// shared, equal highest scores); absent when one player wins.
        #[serde(default, skip_serializing_if = "Vec::is_empty")]
        #[schemars(length(max = 7), inner(range(max = 7)))]
        shared_with: Vec<usize>,
        /// Final scores.
        #[schemars(length(min = 2, max = 8))]
        scores: Vec<i64>,
    },
}

/// The kinds of event by name, as transcripts (`event:`) and scenario
/// expectations (`events:`) write them.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "kebab-case")]
pub enum EventTag {
    /// A deal.
    Deal,
    /// The tiles dealt again (R11).
    Redeal,
    /// A tile placed.
    Place,
    /// The 25 bonus points taken.
    BonusPoints,
    /// Two bonus tiles taken.
    BonusTiles,
    /// A tile drawn.
    Draw,
    /// A pass.
    Pass,
    /// The round's end.
    RoundEnd,
    /// The game's end.
    GameEnd,
}

impl EventTag {
    /// The name as written.
    pub fn name(self) -> &'static str {
        match self {
            EventTag::Deal => "deal",
            EventTag::Redeal => "redeal",
            EventTag::Place => "place",
            EventTag::BonusPoints => "bonus-points",
            EventTag::BonusTiles => "bonus-tiles",
            EventTag::Draw => "draw",
            EventTag::Pass => "pass",
            EventTag::RoundEnd => "round-end",
            EventTag::GameEnd => "game-end",
        }
    }
}

impl EventKind {
    /// The kind's name.
    pub fn tag(&self) -> EventTag {
        match self {
            EventKind::Deal { .. } => EventTag::Deal,
            EventKind::Redeal { .. } => EventTag::Redeal,
            EventKind::Place { .. } => EventTag::Place,
            EventKind::BonusPoints => EventTag::BonusPoints,
            EventKind::BonusTiles => EventTag::BonusTiles,
            EventKind::Draw { .. } => EventTag::Draw,
            EventKind::Pass => EventTag::Pass,
            EventKind::RoundEnd { .. } => EventTag::RoundEnd,
            EventKind::GameEnd { .. } => EventTag::GameEnd,
        }
    }
}

/// One event: who, what, the score change, and the clauses behind it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[schemars(transform = close_kinds)]
pub struct Event {
    /// The seat acting, if a player acted.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schemars(range(max = 7))]
    pub seat: Option<usize>,
    /// What happened.
    #[serde(flatten)]
    pub kind: EventKind,
    /// The acting seat's score change (round ends list every seat's).
    #[serde(default)]
    pub score: i64,
    /// The clauses that decided it.
    pub clauses: Vec<Clause>,
}

/// The schema of a record of an event (an [`Event`], a transcript's event):
/// its shared fields (`seat`, `score`, `clauses`, ...) beside the flattened
/// kind are folded into each kind's branch, and every branch allows no
/// other key, so that a misspelt key or a field of another kind is refused
/// by the schema as the readers refuse it.
pub(crate) fn close_kinds(schema: &mut schemars::Schema) {
    let Some(object) = schema.as_object_mut() else { return };
    let shared = object.remove("properties");
    let required = object.remove("required");
    let Some(serde_json::Value::Array(kinds)) = object.get_mut("oneOf") else { return };
    for kind in kinds.iter_mut().filter_map(serde_json::Value::as_object_mut) {
        if let (Some(serde_json::Value::Object(shared)), Some(serde_json::Value::Object(own))) =
            (&shared, kind.get_mut("properties"))
        {
            own.extend(shared.iter().map(|(k, v)| (k.clone(), v.clone())));
        }
        if let (Some(serde_json::Value::Array(shared)), Some(serde_json::Value::Array(own))) =
            (&required, kind.get_mut("required"))
        {
            own.extend(shared.iter().cloned());
        }
        kind.insert("additionalProperties".into(), false.into());
    }
}
