//! What commands print, as serializable structs: the same data is written as
//! JSON, YAML or a text table.

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use crate::model::{Board, Cell, Corner, Corners, TileId};
use crate::rules::{Clause, Legal, MoveGen, Placement, Reason, Variant, Verdict, judge};

/// One legal placement as `moves` lists it (and as fixture files and the
/// answers checked against them write it).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
#[serde(rename_all = "kebab-case")]
pub struct MoveRecord {
    /// The tile's id.
    pub tile: TileId,
    /// The cell.
    pub at: Cell,
    /// Its corners `[nw, ne, se, sw]`.
    pub corners: Corners,
    /// What the placement scores by itself (R9): the tile's weight, or 0
    /// where R9 says ordinary plays score nothing; never a bonus.
    #[schemars(range(max = 20))]
    pub points: u32,
    /// How many touching corners are matched (0-4).
    #[schemars(range(max = 4))]
    pub matched: u8,
    /// Whether it earns the bonus choice (R7).
    pub bonus: bool,
    /// Whether only the equal-weight alternative (R5) makes it legal.
    pub by_weight: bool,
}

/// The output of `moves`.
#[derive(Clone, Debug, Serialize)]
pub struct MovesReport {
    /// The variant in force, with any overrides (`english+R4=no`).
    pub variant: String,
    /// Every legal placement, by tile id, then y, then x, then corners.
    pub moves: Vec<MoveRecord>,
}

/// Every legal move of the hand, each re-judged by [`judge`] for its details.
/// A move the generator lists but the judge refuses is a bug; it is returned
/// as the error.
pub fn move_records(generator: &MoveGen<'_>, hand: &[TileId]) -> Result<Vec<MoveRecord>, (Placement, Vec<Reason>)> {
    let variant = generator.variant();
    let mut moves = Vec::new();
    generator.legal_moves(&mut moves);
    let mut records = Vec::with_capacity(moves.len());
    for m in moves {
        let corners = variant.orientations().corners(usize::from(m.orientation));
        let p = Placement { tile: corners.id(), at: m.at, corners };
        match judge(generator.board(), variant, p, Some(hand)) {
            Verdict::Legal(legal) => records.push(record(p, &legal)),
            Verdict::Illegal(refused) => return Err((p, refused.reasons)),
        }
    }
    records.sort_by_key(|r| (r.tile, r.at.y, r.at.x, r.corners));
    Ok(records)
}

fn record(p: Placement, legal: &Legal) -> MoveRecord {
    MoveRecord {
        tile: p.tile,
        at: p.at,
        corners: p.corners,
        points: legal.points,
        matched: legal.matched,
        bonus: legal.bonus,
        by_weight: legal.by_weight,
    }
}

/// One reason a placement is illegal, with its clauses.
#[derive(Clone, Debug, Serialize)]
pub struct ReasonReport {
    /// The reason in words.
    pub reason: String,
    /// The clauses behind it.
    pub clauses: Vec<Clause>,
}

/// How one touching corner meets the board.
#[derive(Clone, Debug, Serialize)]
pub struct ContactReport {
    /// The corner.
    pub corner: Corner,
    /// Its lattice point.
    pub point: [i32; 2],
    /// The value placed there.
    pub value: u8,
    /// The values already there: `{from: direction, value}`.
    pub found: Vec<(String, u8)>,
    /// Whether it matches (R2).
    pub matched: bool,
}

/// The output of `explain`.
#[derive(Clone, Debug, Serialize)]
#[serde(rename_all = "kebab-case")]
pub struct VerdictReport {
    /// The variant in force.
    pub variant: String,
    /// The tile.
    pub tile: TileId,
    /// The cell.
    pub at: Cell,
    /// The corners.
    pub corners: Corners,
    /// The verdict.
    pub legal: bool,
    /// Points the placement scores by itself (legal placements).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub points: Option<u32>,
    /// Matched corners (legal placements).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub matched: Option<u8>,
    /// Whether it earns the bonus (legal placements).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub bonus: Option<bool>,
    /// Whether only equal weight (R5) made it legal (legal placements).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub by_weight: Option<bool>,
    /// Each touching corner (legal placements).
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub contacts: Vec<ContactReport>,
    /// The clauses that decided a legal placement.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub clauses: Vec<Clause>,
    /// Every reason an illegal placement fails.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub reasons: Vec<ReasonReport>,
}

impl VerdictReport {
    /// Judges `p` and reports the verdict.
    pub fn new(board: &Board, variant: &Variant, p: Placement, hand: Option<&[TileId]>) -> VerdictReport {
        let mut report = VerdictReport {
            variant: variant.label(),
            tile: p.tile,
            at: p.at,
            corners: p.corners,
            legal: false,
            points: None,
            matched: None,
            bonus: None,
            by_weight: None,
            contacts: Vec::new(),
            clauses: Vec::new(),
            reasons: Vec::new(),
        };
        match judge(board, variant, p, hand) {
            Verdict::Legal(legal) => {
                report.legal = true;
                report.points = Some(legal.points);
                report.matched = Some(legal.matched);
                report.bonus = Some(legal.bonus);
                report.by_weight = Some(legal.by_weight);
                report.contacts = legal
                    .contacts
                    .iter()
                    .map(|c| ContactReport {
                        corner: c.corner,
                        point: c.point.into(),
                        value: c.value,
                        found: c.found.iter().map(|(d, v)| (d.to_string(), *v)).collect(),
                        matched: c.matched,
                    })
                    .collect();
                report.clauses = legal.clauses;
            }
            Verdict::Illegal(refused) => {
                report.reasons = refused
                    .iter()
                    .map(|r| ReasonReport { reason: r.to_string(), clauses: r.clauses(variant) })
                    .collect();
                // The readings another value of which would allow it.
                report.clauses = variant.own(refused.readings);
            }
        }
        report
    }
}
