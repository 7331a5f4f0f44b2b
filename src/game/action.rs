//! What a player (or the table) can do, and why the engine refuses an action.

use std::fmt;

use itertools::Itertools;

use crate::model::{Cell, TileId};
use crate::rules::ids::{e, r, s};
use crate::rules::{Clause, Placement, Refused, Variant};

/// One action.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Action {
    /// Place a tile: the opening tile, a turn's tile, or a bonus tile.
    Place(Placement),
    /// On a bonus: take the 25 points (E11, S15, S16).
    TakePoints,
    /// On a bonus: play two bonus tiles instead (E11, E14, S15).
    TakeTiles,
    /// Draw from the well: when no tile can be played (E9, S13), or at any
    /// time the well holds tiles where R27 allows drawing with a play.
    Draw,
    /// Pass: only when no tile can be played and the well is empty (E15, S14).
    Pass,
    /// Deal the next round after a round has ended.
    NextRound,
}

impl fmt::Display for Action {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Action::Place(p) => write!(f, "place {} as {} at {}", p.tile, p.corners, p.at),
            Action::TakePoints => f.write_str("take the 25 points"),
            Action::TakeTiles => f.write_str("play two bonus tiles"),
            Action::Draw => f.write_str("draw"),
            Action::Pass => f.write_str("pass"),
            Action::NextRound => f.write_str("deal the next round"),
        }
    }
}

/// Why an action was refused. The game is unchanged after a refusal.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Refusal {
    /// The game is over.
    GameOver,
    /// The round is over: only `next-round` is possible.
    RoundOver,
    /// A bonus choice is pending: take the points or the tiles first.
    ChoicePending,
    /// There is no bonus to choose for.
    NoBonusPending,
    /// Bonus tiles are owed: only placements are possible.
    BonusTilesOwed {
        /// How many.
        owed: u8,
    },
    /// The opening tile must be one of these.
    NotAnOpeningTile {
        /// The tile tried.
        tile: TileId,
        /// The tiles the opener may open with.
        allowed: Vec<TileId>,
        /// Who opens, and every reading one other value of which would let
        /// the tile open (R10, R11, R15, R19, R20), with their clauses.
        clauses: Vec<Clause>,
    },
    /// Only the opener may place the opening tile; every other action waits.
    OpeningPending {
        /// The opener.
        seat: usize,
    },
    /// The opening tile goes to the cell `[0, 0]`.
    OpeningCell {
        /// The cell tried.
        at: Cell,
    },
    /// The placement breaks the placement rules.
    Illegal(Refused),
    /// Two bonus tiles cannot both be played, so only the 25 points can be
    /// taken (E6, E14).
    CannotPlayBonusTiles {
        /// The bonus is the opening quad's (S7), not a placement's (S15).
        opening: bool,
        /// The readings of bonus tiles another value of which would let
        /// them be taken (R29, R30), with their clauses.
        readings: Vec<Clause>,
    },
    /// This bonus tile would leave an owed bonus tile unplayable (E14: never
    /// one alone, read by R17 as binding each tile).
    NoFollowUp {
        /// Bonus tiles still owed after this one.
        owed: u8,
        /// R29 where its other value would allow the tile, with its clauses.
        readings: Vec<Clause>,
    },
    /// Bonus tiles go beside a tile that earned a bonus this turn (R29 =
    /// touching-the-earner).
    BonusTileAway {
        /// The cell tried.
        at: Cell,
        /// R29 and its clauses.
        readings: Vec<Clause>,
    },
    /// A tile can be played, so passing is not allowed (E9, S13), nor
    /// drawing where R27 says a player draws only without a play.
    CanPlay {
        /// The action refused was a draw (which R27 decided).
        draw: bool,
    },
    /// The well is empty: pass instead of drawing (E15, S14).
    WellEmpty,
    /// The well is not empty: draw instead of passing (E9, S13).
    WellNotEmpty,
    /// The round is still being played.
    RoundNotOver,
    /// Under R12 = drawn-tile the tile just drawn must be played.
    MustPlayDrawnTile {
        /// The tile drawn.
        tile: TileId,
    },
    /// A given deal is not a deal of this game: wrong hand sizes (R16), or
    /// tiles missing, repeated or not in the set (S1).
    BadDeal {
        /// What is wrong.
        reason: String,
    },
}

impl Refusal {
    /// The clauses behind the refusal, of the variant's own text.
    pub fn clauses(&self, variant: &Variant) -> Vec<Clause> {
        let all = match self {
            Refusal::GameOver => vec![e(16), s(19)],
            Refusal::RoundOver | Refusal::RoundNotOver => vec![e(10), s(18)],
            Refusal::ChoicePending => vec![e(11), s(15), s(16)],
            Refusal::NoBonusPending => vec![e(11), s(15)],
            Refusal::BonusTilesOwed { .. } => vec![e(14), s(17)],
            Refusal::NotAnOpeningTile { clauses, .. } => clauses.clone(),
            Refusal::OpeningPending { .. } => vec![e(3), e(5), e(7), s(5)],
            Refusal::OpeningCell { .. } => vec![e(3)],
            Refusal::Illegal(refused) => refused.clauses(variant),
            Refusal::CannotPlayBonusTiles { opening: true, readings } => {
                [vec![e(6), e(14), s(7)], readings.clone()].concat()
            }
            Refusal::CannotPlayBonusTiles { opening: false, readings } => {
                [vec![e(6), e(14), s(15)], readings.clone()].concat()
            }
            Refusal::NoFollowUp { readings, .. } => {
                [vec![e(14)], variant.cite(r(17)), readings.clone()].concat().into_iter().unique().collect()
            }
            Refusal::BonusTileAway { readings, .. } => readings.clone(),
            Refusal::CanPlay { draw: false } => vec![e(9), s(13)],
            Refusal::CanPlay { draw: true } => {
                [vec![e(9), s(13)], variant.cite(r(27))].concat().into_iter().unique().collect()
            }
            Refusal::WellEmpty => vec![e(15), s(14)],
            Refusal::WellNotEmpty => vec![e(9), s(13)],
            Refusal::MustPlayDrawnTile { .. } => variant.cite(r(12)),
            Refusal::BadDeal { .. } => [vec![e(2), s(1), s(3)], variant.cite(r(16))].concat(),
        };
        variant.own(all)
    }
}

impl fmt::Display for Refusal {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Refusal::GameOver => f.write_str("the game is over"),
            Refusal::RoundOver => f.write_str("the round is over; deal the next round"),
            Refusal::RoundNotOver => f.write_str("the round is not over; a new round starts only when one ends"),
            Refusal::ChoicePending => f.write_str("a bonus was earned: take the 25 points or two bonus tiles first"),
            Refusal::NoBonusPending => f.write_str("no bonus is waiting to be chosen"),
            Refusal::BonusTilesOwed { owed } => write!(f, "{owed} bonus tile(s) must be played first"),
            Refusal::NotAnOpeningTile { tile, allowed, .. } => write!(
                f,
                "{tile} cannot open the round; the opener may open with {}",
                allowed.iter().map(|t| t.to_string()).collect::<Vec<_>>().join(" or ")
            ),
            Refusal::OpeningPending { seat } => write!(f, "seat {seat} must first place the opening tile"),
            Refusal::OpeningCell { at } => write!(f, "the opening tile goes to [0, 0], not {at}"),
            Refusal::Illegal(reasons) => {
                f.write_str(&reasons.iter().map(|r| r.to_string()).collect::<Vec<_>>().join("; "))
            }
            Refusal::CannotPlayBonusTiles { .. } => {
                f.write_str("two bonus tiles cannot be played, so the 25 points must be taken")
            }
            Refusal::BonusTileAway { at, .. } => {
                write!(
                    f,
                    "a bonus tile goes beside a tile that earned a bonus this turn, and {at} is beside none (R29)"
                )
            }
            Refusal::NoFollowUp { owed, .. } => {
                write!(
                    f,
                    "after this tile {owed} more bonus tile(s) could not be played; a bonus tile is never played alone"
                )
            }
            Refusal::CanPlay { .. } => f.write_str("a tile in hand can be played, so the player may not draw or pass"),
            Refusal::WellEmpty => f.write_str("the well is empty: the player passes"),
            Refusal::WellNotEmpty => f.write_str("the well is not empty: the player draws"),
            Refusal::MustPlayDrawnTile { tile } => write!(f, "the tile just drawn, {tile}, must be played (R12)"),
            Refusal::BadDeal { reason } => f.write_str(reason),
        }
    }
}
