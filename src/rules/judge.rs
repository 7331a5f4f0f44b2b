//! The placement judge: is one tile, placed with given corners on a given
//! cell, legal under a variant, and what does it earn? Implements "A
//! placement, precisely" in docs/RULES.md, step by step, and cites the clause ids
//! behind every decision.

use std::fmt;

use itertools::Itertools;

use super::clause::{Clause, e, r, s};
use super::reading::{CornerMatch, WeightNeighbours};
use super::variant::Variant;
use crate::model::{Board, Cell, Corner, Corners, Direction, Point, TileId};

/// A tile, the cell it goes to, and its corners `[nw, ne, se, sw]`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Placement {
    /// The tile's identity.
    pub tile: TileId,
    /// Where it goes.
    pub at: Cell,
    /// Its values clockwise from north-west.
    pub corners: Corners,
}

/// How one touching corner of the placed tile meets the board.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Contact {
    /// The corner of the placed tile.
    pub corner: Corner,
    /// Its lattice point.
    pub point: Point,
    /// The value the placed tile puts there.
    pub value: u8,
    /// The values already there, with the direction of the tile showing each.
    pub found: Vec<(Direction, u8)>,
    /// Whether `value` matches `found` under R2.
    pub matched: bool,
}

/// Why a placement is illegal. Each reason cites its clauses.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Reason {
    /// The corners are not the values of the named tile.
    CornersNotOfTile {
        /// The tile named.
        tile: TileId,
        /// The corners given.
        corners: Corners,
    },
    /// The tile set in play has no such tile (S1, E19).
    NotInTileSet {
        /// The tile.
        tile: TileId,
        /// The set's name.
        set: String,
    },
    /// The tile cannot be turned to show these corners (R1).
    OrientationNotAllowed {
        /// The tile.
        tile: TileId,
        /// The corners given.
        corners: Corners,
        /// The orientations R1 allows for it.
        allowed: Vec<Corners>,
        /// The R1 value in force.
        arrangement: &'static str,
    },
    /// The player does not hold the tile.
    NotInHand {
        /// The tile.
        tile: TileId,
    },
    /// The tile is already on the board (each tile exists once, S1).
    AlreadyOnBoard {
        /// The tile.
        tile: TileId,
    },
    /// The cell already holds a tile.
    CellOccupied {
        /// The cell.
        cell: Cell,
    },
    /// The tile would share no side with a placed tile (S10, E8).
    NoSideContact {
        /// The cell.
        cell: Cell,
    },
    /// A touching corner does not match (under R3 = no every touching corner
    /// must; under R3 = yes it is listed when too few corners match).
    CornerMismatch(Contact),
    /// Fewer than two touching corners match (E8, S11).
    TooFewMatched {
        /// How many do.
        matched: u8,
    },
    /// R5 = yes, but no counting neighbour has the tile's weight either.
    NoEqualWeight {
        /// The tile's weight.
        weight: u8,
        /// The weights of the neighbours that count (R6).
        neighbours: Vec<(Direction, u8)>,
    },
}

/// A legal placement, with everything it earns and why.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Legal {
    /// What the placement scores by itself (R9): its weight, never a bonus.
    pub points: u32,
    /// Every touching corner and how it meets the board.
    pub contacts: Vec<Contact>,
    /// How many touching corners match.
    pub matched: u8,
    /// Whether it earns the bonus choice (R7): 25 points or two bonus tiles.
    pub bonus: bool,
    /// True when only the equal-weight alternative (R5) made it legal.
    pub by_weight: bool,
    /// The clauses that decided.
    pub clauses: Vec<Clause>,
}

/// The judge's answer.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Verdict {
    /// The placement may be made.
    Legal(Legal),
    /// It may not, for every one of these reasons.
    Illegal(Vec<Reason>),
}

impl Verdict {
    /// True for a legal placement.
    pub fn is_legal(&self) -> bool {
        matches!(self, Verdict::Legal(_))
    }
}

impl Legal {
    /// The touching corners, clockwise from nw.
    pub fn touching(&self) -> Vec<Corner> {
        self.contacts.iter().map(|c| c.corner).collect()
    }

    /// The matched corners, clockwise from nw.
    pub fn matched_corners(&self) -> Vec<Corner> {
        self.contacts.iter().filter(|c| c.matched).map(|c| c.corner).collect()
    }
}

/// The outcome of counting a placement's corners, and the rule that turns it
/// into legality and bonus: steps 4–7 of "A placement, precisely". Shared by
/// the judge and the move generator, which count corners differently but must
/// decide alike.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Tally {
    /// Touching corners.
    pub touching: u8,
    /// Matched touching corners.
    pub matched: u8,
    /// Some counting neighbour has the tile's weight (only asked under R5 = yes).
    pub equal_weight: bool,
}

impl Tally {
    /// Legal by the corners: at least two matched and, where R3 = no, every
    /// touching corner matched.
    pub fn legal_by_corners(self, variant: &Variant) -> bool {
        self.matched >= 2 && (variant.rules().unmatched_corners.yes() || self.matched == self.touching)
    }

    /// Legal by the equal-weight alternative (R5).
    pub fn legal_by_weight(self, variant: &Variant) -> bool {
        variant.rules().equal_weight.yes() && self.equal_weight
    }

    /// Legal at all.
    pub fn legal(self, variant: &Variant) -> bool {
        self.legal_by_corners(variant) || self.legal_by_weight(variant)
    }

    /// Legal, and enough corners matched for the bonus (R7).
    pub fn bonus(self, variant: &Variant) -> bool {
        self.legal(variant) && self.matched >= variant.rules().bonus_threshold.corners()
    }
}

/// Does a corner of value `value` match the values `found` on its point (R2)?
pub fn corner_matches(rule: CornerMatch, value: u8, found: impl IntoIterator<Item = u8>) -> bool {
    let mut found = found.into_iter().peekable();
    if found.peek().is_none() {
        return false;
    }
    match rule {
        CornerMatch::EveryValue => found.all(|v| v == value),
        CornerMatch::AtLeastOne => found.any(|v| v == value),
    }
}

/// Whether a neighbour in `dir` counts as touching a corner (R4).
fn counts_for_corners(variant: &Variant, dir: Direction) -> bool {
    dir.is_edge() || variant.rules().diagonal_neighbours.yes()
}

/// Whether a neighbour in `dir` counts for equal weight (R6).
fn counts_for_weight(variant: &Variant, dir: Direction) -> bool {
    dir.is_edge() || variant.rules().equal_weight_neighbours == WeightNeighbours::EdgeAndDiagonal
}

/// How each corner of `corners` placed on `at` meets the board: one entry per
/// touching corner (R4 decides whether diagonal neighbours touch).
pub fn contacts(board: &Board, variant: &Variant, at: Cell, corners: Corners) -> Vec<Contact> {
    Corner::ALL
        .into_iter()
        .filter_map(|corner| {
            let found: Vec<(Direction, u8)> =
                board.values_at(at, corner).filter(|&(d, _)| counts_for_corners(variant, d)).collect();
            if found.is_empty() {
                return None;
            }
            let value = corners.at(corner);
            let matched = corner_matches(variant.rules().corner_match, value, found.iter().map(|f| f.1));
            Some(Contact { corner, point: at.point(corner), value, found, matched })
        })
        .collect()
}

/// Judges placing `p` on `board`. `hand`, when given, is what the player
/// holds; without it the hand is not checked. On an illegal placement every
/// reason is listed.
pub fn judge(board: &Board, variant: &Variant, p: Placement, hand: Option<&[TileId]>) -> Verdict {
    let mut reasons = Vec::new();
    let set = variant.tile_set();
    if p.corners.id() != p.tile {
        reasons.push(Reason::CornersNotOfTile { tile: p.tile, corners: p.corners });
    } else if !set.contains(p.tile) {
        reasons.push(Reason::NotInTileSet { tile: p.tile, set: set.name().to_string() });
    } else if variant.orientations().index(p.corners).is_none() {
        reasons.push(Reason::OrientationNotAllowed {
            tile: p.tile,
            corners: p.corners,
            allowed: variant.orientations().of(set, p.tile).to_vec(),
            arrangement: variant.rules().arrangement.as_str(),
        });
    }
    if hand.is_some_and(|h| !h.contains(&p.tile)) {
        reasons.push(Reason::NotInHand { tile: p.tile });
    }
    if board.holds_tile(p.tile) {
        reasons.push(Reason::AlreadyOnBoard { tile: p.tile });
    }
    if board.is_occupied(p.at) {
        reasons.push(Reason::CellOccupied { cell: p.at });
        return Verdict::Illegal(reasons);
    }
    if !board.has_side_contact(p.at) {
        reasons.push(Reason::NoSideContact { cell: p.at });
    }

    let contacts = contacts(board, variant, p.at, p.corners);
    let weight = p.corners.weight();
    let weights: Vec<(Direction, u8)> = Direction::ALL
        .into_iter()
        .filter(|&d| counts_for_weight(variant, d))
        .filter_map(|d| board.neighbour(p.at, d).map(|t| (d, t.weight())))
        .collect();
    let tally = Tally {
        touching: contacts.len() as u8,
        matched: contacts.iter().filter(|c| c.matched).count() as u8,
        equal_weight: weights.iter().any(|&(_, w)| w == weight),
    };
    if !tally.legal(variant) {
        let unmatched = contacts.iter().filter(|c| !c.matched).cloned().map(Reason::CornerMismatch);
        if !variant.rules().unmatched_corners.yes() || tally.matched < 2 {
            reasons.extend(unmatched);
        }
        if tally.matched < 2 {
            reasons.push(Reason::TooFewMatched { matched: tally.matched });
        }
        if variant.rules().equal_weight.yes() {
            reasons.push(Reason::NoEqualWeight { weight, neighbours: weights });
        }
    }
    if !reasons.is_empty() {
        return Verdict::Illegal(reasons);
    }

    let by_weight = !tally.legal_by_corners(variant);
    let bonus = tally.bonus(variant);
    let mut clauses = vec![e(8), s(10), s(11)];
    clauses.extend(variant.cite(r(2)));
    if contacts.iter().any(|c| c.found.iter().any(|(d, _)| !d.is_edge())) {
        clauses.extend(variant.cite(r(4)));
    }
    if tally.matched < tally.touching && !by_weight {
        clauses.extend(variant.cite(r(3)));
    }
    if by_weight {
        clauses.extend(variant.cite(r(5)));
        clauses.extend(variant.cite(r(6)));
    }
    if bonus {
        clauses.extend(variant.cite(r(7)));
    }
    clauses.extend(variant.cite(r(9)));
    let clauses = clauses.into_iter().unique().collect();
    Verdict::Legal(Legal {
        points: points(variant, p.corners),
        matched: tally.matched,
        contacts,
        bonus,
        by_weight,
        clauses,
    })
}

/// What a placement scores by itself under R9.
pub fn points(variant: &Variant, corners: Corners) -> u32 {
    match variant.rules().play_score {
        super::reading::PlayScore::Weight => u32::from(corners.weight()),
        super::reading::PlayScore::Nothing => 0,
    }
}

impl Reason {
    /// The clause ids behind this reason, each once.
    pub fn clauses(&self, variant: &Variant) -> Vec<Clause> {
        let all = match self {
            Reason::CornersNotOfTile { .. } => vec![s(1)],
            Reason::NotInTileSet { .. } => {
                let mut c = vec![s(1)];
                c.extend(variant.tile_set_clauses().iter().copied().filter(|&x| x != s(1)));
                c
            }
            Reason::OrientationNotAllowed { .. } => variant.cite(r(1)),
            Reason::NotInHand { .. } => vec![e(8), s(10)],
            Reason::AlreadyOnBoard { .. } => vec![s(1), s(2)],
            Reason::CellOccupied { .. } => vec![s(10)],
            Reason::NoSideContact { .. } => vec![s(10), e(8)],
            Reason::CornerMismatch(_) => {
                let mut c = vec![s(12)];
                c.extend(variant.cite(r(2)));
                c.extend(variant.cite(r(3)));
                c
            }
            Reason::TooFewMatched { .. } => vec![e(8), s(11)],
            Reason::NoEqualWeight { .. } => {
                let mut c = variant.cite(r(5));
                c.extend(variant.cite(r(6)));
                c
            }
        };
        // A clause cited by two readings (E17 behind both R2 and R3) is listed once.
        all.into_iter().unique().collect()
    }
}

fn list(values: impl IntoIterator<Item = impl fmt::Display>) -> String {
    values.into_iter().map(|v| v.to_string()).join(", ")
}

impl fmt::Display for Reason {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Reason::CornersNotOfTile { tile, corners } => {
                write!(f, "corners {corners} are not the values of tile {tile} (they are tile {})", corners.id())
            }
            Reason::NotInTileSet { tile, set } => write!(f, "tile {tile} is not in the {set} tile set"),
            Reason::OrientationNotAllowed { tile, corners, allowed, arrangement } => write!(
                f,
                "{corners} is not an orientation of {tile} under R1 = {arrangement}; allowed: {}",
                list(allowed)
            ),
            Reason::NotInHand { tile } => write!(f, "tile {tile} is not in the hand"),
            Reason::AlreadyOnBoard { tile } => write!(f, "tile {tile} is already on the board"),
            Reason::CellOccupied { cell } => write!(f, "cell {cell} already holds a tile"),
            Reason::NoSideContact { cell } => write!(f, "cell {cell} shares no side with a placed tile"),
            Reason::CornerMismatch(c) => write!(
                f,
                "corner {} ({}) does not match at point {}: found {}",
                c.corner,
                c.value,
                c.point,
                list(c.found.iter().map(|(d, v)| format!("{v} from {d}")))
            ),
            Reason::TooFewMatched { matched } => {
                write!(f, "only {matched} touching corner(s) match; at least 2 must")
            }
            Reason::NoEqualWeight { weight, neighbours } => write!(
                f,
                "weight {weight} equals no neighbouring tile's weight ({})",
                if neighbours.is_empty() {
                    "none counts".to_string()
                } else {
                    list(neighbours.iter().map(|(d, w)| format!("{w} at {d}")))
                }
            ),
        }
    }
}
