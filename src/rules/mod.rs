//! The rules: clause ids, the readings R1–R32 and the rule sets that choose
//! among them, variants, and the placement judge and move generator that
//! apply them.
//!
//! May use: model, error, limits. Readings are data: a variant is a
//! choice of value for each, read from YAML by `formats`, not by this part.

mod catalogue;
mod clause;
mod judge;
mod movegen;
mod orientation;
mod position;
mod random;
mod reading;
mod table_cache;
mod variant;

pub use catalogue::{
    BonusClass, Catalogue, Example, JoiningTile, Neighbour, Neighbourhood, Unshown, WITNESS_BUDGET, WITNESS_CELL,
    Witness,
};
pub use clause::{Clause, LAST_READING, Source, Text, UnknownClause};
pub use judge::{
    Contact, Legal, Placement, Reason, Refused, Tally, Verdict, bonus_tile_points, contacts, corner_matches, judge,
    points,
};
pub use movegen::{CellsWithMoves, Counts, Move, MoveGen, quick_judge, quick_judge_with};
pub use orientation::Orientations;
pub use position::{MAX_COORDINATE, Position, coordinate_problem};
pub use random::random_position;
pub use reading::{
    AfterDraw, Arrangement, BlockedRound, BonusCount, BonusFollowUp, BonusThreshold, BonusTilePlace, CornerMatch, Deal,
    GoingOutAtTarget, GoingOutBonus, LastDrawPass, LowestHandTie, NoQuadOpener, NoQuadOpening, OpeningBonus,
    OpeningQuadWeight, OpeningTie, OpeningTieStart, PlayScore, QuadOpeningTile, READINGS, Reading, RuleError, RuleSet,
    SeatOrder, SingleBonusTile, TargetCheck, TargetTie, WeightNeighbours, YesNo, ZeroQuadOpening,
};
pub use variant::{SpecOrigin, Variant, VariantParts};

/// Clause-id constructors for tables: `e(11)` is E11.
pub mod ids {
    pub use super::clause::{e, r, s};
}
