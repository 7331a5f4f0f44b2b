//! The placement judge: is one tile, placed with given corners on a given
//! cell, legal under a variant, and what does it earn? Implements "A
//! placement, precisely" in docs/RULES.md, step by step, and cites the clause ids
//! behind every decision.
//!
//! This file is long because the verdict and its citations are one
//! computation: which clauses a verdict cites depends on the same counts of
//! corners and values, asked again under each reading's other values, and
//! the reasons for a refusal cite by the same facts.

use std::fmt;

use itertools::Itertools;

use super::clause::{Clause, Source, e, r, s};
use super::reading::{BonusCount, BonusThreshold, CornerMatch, PlayScore, RuleSet, WeightNeighbours, YesNo};
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

impl Legal {
    /// The clauses of the bonus situation it earned in: the sheet's E11,
    /// E12 or E13, the Serbian S15; none without a bonus.
    pub fn bonus_clauses(&self) -> Vec<Clause> {
        self.clauses
            .iter()
            .copied()
            .filter(|c| matches!((c.source(), c.number()), (Source::English, 11..=13) | (Source::Serbian, 15)))
            .collect()
    }

    /// The clauses without R9 and what it alone brought: for a bonus tile,
    /// which scores its weight whatever R9 says of ordinary plays (E4,
    /// E11). R9 is cited last, so everything from it on is its own.
    pub fn clauses_without_play_score(&self) -> Vec<Clause> {
        self.clauses.iter().copied().take_while(|&c| c != r(9)).collect()
    }
}

/// Why a placement may not be made: every reason, and the readings whose
/// other values would have made it legal.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Refused {
    /// Every reason it is refused for.
    pub reasons: Vec<Reason>,
    /// Each reading one other value of which, every other reading as it is,
    /// makes the placement legal, followed by the clauses of the variant's
    /// own text behind that reading which refuse plays (E17 behind R2 and
    /// R3). A refusal that no single reading could lift cites none.
    pub readings: Vec<Clause>,
}

impl Refused {
    /// The clauses behind the refusal: each reason's, then the readings'.
    pub fn clauses(&self, variant: &Variant) -> Vec<Clause> {
        let reasons = self.reasons.iter().flat_map(|r| r.clauses(variant));
        variant.own(reasons.chain(self.readings.iter().copied()))
    }
}

impl std::ops::Deref for Refused {
    type Target = [Reason];

    fn deref(&self) -> &[Reason] {
        &self.reasons
    }
}

impl<'a> IntoIterator for &'a Refused {
    type Item = &'a Reason;
    type IntoIter = std::slice::Iter<'a, Reason>;

    fn into_iter(self) -> Self::IntoIter {
        self.reasons.iter()
    }
}

/// The judge's answer.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Verdict {
    /// The placement may be made.
    Legal(Legal),
    /// It may not, for every one of these reasons.
    Illegal(Refused),
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
    /// Matched neighbouring values: for each matched corner, the counting
    /// neighbours whose value on its point equals it (what R26 = values
    /// counts for the bonus). At least `matched`.
    pub values: u8,
    /// Some counting neighbour has the tile's weight (only asked under R5 = yes).
    pub equal_weight: bool,
}

impl Tally {
    /// Legal by the corners: at least two matched and, where R3 = no, every
    /// touching corner matched.
    pub fn legal_by_corners(self, variant: &Variant) -> bool {
        self.legal_by_corners_under(variant.rules())
    }

    /// Legal by the equal-weight alternative (R5).
    pub fn legal_by_weight(self, variant: &Variant) -> bool {
        self.legal_by_weight_under(variant.rules())
    }

    /// Legal at all.
    pub fn legal(self, variant: &Variant) -> bool {
        self.legal_under(variant.rules())
    }

    /// Legal, and enough corners matched for the bonus (R7).
    pub fn bonus(self, variant: &Variant) -> bool {
        self.bonus_under(variant.rules())
    }

    fn legal_by_corners_under(self, rules: &RuleSet) -> bool {
        self.matched >= 2 && (rules.unmatched_corners.yes() || self.matched == self.touching)
    }

    fn legal_by_weight_under(self, rules: &RuleSet) -> bool {
        rules.equal_weight.yes() && self.equal_weight
    }

    fn legal_under(self, rules: &RuleSet) -> bool {
        self.legal_by_corners_under(rules) || self.legal_by_weight_under(rules)
    }

    fn bonus_under(self, rules: &RuleSet) -> bool {
        self.legal_under(rules) && self.bonus_count_under(rules) >= rules.bonus_threshold.corners()
    }

    /// What the bonus threshold (R7) is compared with: matched corners, or
    /// matched neighbouring values (R26).
    fn bonus_count_under(self, rules: &RuleSet) -> u8 {
        match rules.bonus_count {
            BonusCount::Corners => self.matched,
            BonusCount::Values => self.values,
        }
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
fn counts_for_corners(rules: &RuleSet, dir: Direction) -> bool {
    dir.is_edge() || rules.diagonal_neighbours.yes()
}

/// Whether a neighbour in `dir` counts for equal weight (R6).
fn counts_for_weight(rules: &RuleSet, dir: Direction) -> bool {
    dir.is_edge() || rules.equal_weight_neighbours == WeightNeighbours::EdgeAndDiagonal
}

/// The three neighbours whose tiles can show a value on the lattice point of
/// `corner` (two edge neighbours and one diagonal), in the order of
/// [`Direction::ALL`], each with the corner of theirs that sits there: what
/// [`Direction::shared_corners`] says, read the other way round (a test
/// checks that the two agree).
const fn on_point(corner: Corner) -> [(Direction, Corner); 3] {
    match corner {
        Corner::Nw => [(Direction::N, Corner::Sw), (Direction::W, Corner::Ne), (Direction::NW, Corner::Se)],
        Corner::Ne => [(Direction::N, Corner::Se), (Direction::NE, Corner::Sw), (Direction::E, Corner::Nw)],
        Corner::Se => [(Direction::E, Corner::Sw), (Direction::SE, Corner::Nw), (Direction::S, Corner::Ne)],
        Corner::Sw => [(Direction::S, Corner::Nw), (Direction::SW, Corner::Ne), (Direction::W, Corner::Se)],
    }
}

/// What the eight neighbours of a cell show, read from the board once:
/// everything steps 2–8 of a placement look at, before any reading decides
/// which of it counts. The judge decides from it under the variant's rules,
/// and again under a reading's other values to tell whether that reading
/// mattered, without going back to the board.
struct Around {
    /// Per corner, indexed like [`Corner::ALL`]: the value each neighbour on
    /// its point shows there, with the neighbour's direction, where it holds
    /// a tile (as [`on_point`] orders them).
    points: [[Option<(Direction, u8)>; 3]; 4],
    /// Per neighbour, indexed like [`Direction::ALL`]: its direction and the
    /// weight of its tile, where it holds one.
    weights: [Option<(Direction, u8)>; 8],
}

impl Around {
    fn of(board: &Board, at: Cell) -> Around {
        let tiles = Direction::ALL.map(|d| board.neighbour(at, d));
        let tile = |d: Direction| tiles.get(d as usize).copied().flatten();
        Around {
            points: Corner::ALL.map(|c| on_point(c).map(|(d, theirs)| tile(d).map(|t| (d, t.at(theirs))))),
            weights: Direction::ALL.map(|d| tile(d).map(|t| (d, t.weight()))),
        }
    }

    /// The values on the lattice point of `corner`, each with the direction
    /// of the tile showing it, in the order of [`Direction::ALL`] (as
    /// [`Board::values_at`] gives them).
    fn values_at(&self, corner: Corner) -> impl Iterator<Item = (Direction, u8)> + '_ {
        self.points.get(corner.index()).into_iter().flat_map(|p| p.iter().flatten().copied())
    }

    /// The neighbours that hold a tile, with its weight.
    fn weights(&self) -> impl Iterator<Item = (Direction, u8)> + '_ {
        self.weights.iter().flatten().copied()
    }

    /// True when some diagonal neighbour shows a value that no side
    /// neighbour shows on the same point (or none does): the only way
    /// counting diagonal neighbours (R4) can change which corners touch or
    /// match. A value a side neighbour already shows there leaves the set of
    /// values on that point as it is, under either value of R2.
    fn diagonal_adds_a_value(&self) -> bool {
        self.points.iter().any(|point| {
            let values = || point.iter().flatten();
            values().any(|&(d, diagonal)| !d.is_edge() && !values().any(|&(e, side)| e.is_edge() && side == diagonal))
        })
    }

    /// The values on the point of `corner` that count under `rules` (R4).
    fn counted(&self, rules: &RuleSet, corner: Corner) -> impl Iterator<Item = (Direction, u8)> + '_ {
        let rules = *rules;
        self.values_at(corner).filter(move |&(d, _)| counts_for_corners(&rules, d))
    }

    /// Steps 2–6 counted under `rules`: the tally, and which corners match
    /// (bit `i` for `Corner::ALL[i]`).
    fn tally(&self, rules: &RuleSet, corners: Corners) -> (Tally, u8) {
        let mut touching = 0;
        let mut matched = 0;
        let mut values = 0;
        let mut mask = 0;
        for corner in Corner::ALL {
            let mut found = self.counted(rules, corner).map(|(_, v)| v).peekable();
            if found.peek().is_none() {
                continue;
            }
            touching += 1;
            let value = corners.at(corner);
            if corner_matches(rules.corner_match, value, found) {
                matched += 1;
                values += self.counted(rules, corner).filter(|&(_, v)| v == value).count() as u8;
                mask |= 1 << corner.index();
            }
        }
        let weight = corners.weight();
        let equal_weight = self.weights().any(|(d, w)| counts_for_weight(rules, d) && w == weight);
        (Tally { touching, matched, values, equal_weight }, mask)
    }

    /// What steps 2–8 decide under `rules`, without reasons or clauses: the
    /// judge's verdict on the corners and the weight, for comparing one rule
    /// set with another. It never cites, so asking it under other readings
    /// cannot lead back to asking which readings matter.
    fn outcome(&self, rules: &RuleSet, corners: Corners) -> Outcome {
        let (tally, matched) = self.tally(rules, corners);
        Outcome::of(tally, matched, rules, corners)
    }
}

/// What a verdict on a placement's corners and weight decides, as far as a
/// reading can change it: whether the placement is legal and on which
/// grounds (by its corners, or only by equal weight, which the verdict
/// reports), which corners match (and so how many), whether it earns the
/// bonus, and what it scores.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Outcome {
    legal: bool,
    by_weight: bool,
    /// Bit `i` set when `Corner::ALL[i]` is a matched touching corner.
    matched: u8,
    bonus: bool,
    points: u32,
}

impl Outcome {
    /// Steps 5–8 under `rules`, from the tally and the matched corners
    /// (bit `i` for `Corner::ALL[i]`).
    fn of(tally: Tally, matched: u8, rules: &RuleSet, corners: Corners) -> Outcome {
        let legal = tally.legal_under(rules);
        Outcome {
            legal,
            by_weight: legal && !tally.legal_by_corners_under(rules),
            matched,
            bonus: tally.bonus_under(rules),
            points: if legal { points_under(rules, corners) } else { 0 },
        }
    }
}

/// `rules` with reading `reading` set to each of its other values, one rule
/// set per value; none for a reading the judge never asks about. The values
/// are those of [`READINGS`](super::reading::READINGS) (a test checks that
/// they are all here), set on the typed fields so that the judge can ask
/// cheaply.
fn other_values(rules: &RuleSet, reading: Clause) -> impl Iterator<Item = RuleSet> {
    const YES_NO: [YesNo; 2] = [YesNo::Yes, YesNo::No];
    let rules = *rules;
    // Padded to three with `rules` itself, which the filter drops: one
    // array type for readings of two values and of three.
    let pad = |[a, b]: [RuleSet; 2]| [a, b, rules];
    let all: [RuleSet; 3] = match reading.number() {
        2 => pad([CornerMatch::EveryValue, CornerMatch::AtLeastOne].map(|v| RuleSet { corner_match: v, ..rules })),
        3 => pad(YES_NO.map(|v| RuleSet { unmatched_corners: v, ..rules })),
        4 => pad(YES_NO.map(|v| RuleSet { diagonal_neighbours: v, ..rules })),
        5 => pad(YES_NO.map(|v| RuleSet { equal_weight: v, ..rules })),
        6 => pad([WeightNeighbours::EdgeAndDiagonal, WeightNeighbours::EdgeOnly]
            .map(|v| RuleSet { equal_weight_neighbours: v, ..rules })),
        7 => pad([BonusThreshold::Three, BonusThreshold::Four].map(|v| RuleSet { bonus_threshold: v, ..rules })),
        9 => {
            [PlayScore::Weight, PlayScore::Nothing, PlayScore::OpeningOnly].map(|v| RuleSet { play_score: v, ..rules })
        }
        26 => pad([BonusCount::Corners, BonusCount::Values].map(|v| RuleSet { bonus_count: v, ..rules })),
        _ => [rules; 3],
    };
    all.into_iter().filter(move |other| *other != rules)
}

/// True when judging the placement under some other value of `reading`,
/// every other reading as in `rules`, decides differently from `actual`.
fn reading_mattered(around: &Around, rules: &RuleSet, corners: Corners, actual: Outcome, reading: Clause) -> bool {
    other_values(rules, reading).any(|other| around.outcome(&other, corners) != actual)
}

/// How each corner of `corners` placed on `at` meets the board: one entry per
/// touching corner (R4 decides whether diagonal neighbours touch).
pub fn contacts(board: &Board, variant: &Variant, at: Cell, corners: Corners) -> Vec<Contact> {
    contacts_around(&Around::of(board, at), variant.rules(), at, corners)
}

fn contacts_around(around: &Around, rules: &RuleSet, at: Cell, corners: Corners) -> Vec<Contact> {
    Corner::ALL
        .into_iter()
        .filter_map(|corner| {
            let found: Vec<(Direction, u8)> = around.counted(rules, corner).collect();
            if found.is_empty() {
                return None;
            }
            let value = corners.at(corner);
            let matched = corner_matches(rules.corner_match, value, found.iter().map(|f| f.1));
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
        return Verdict::Illegal(Refused { reasons, readings: Vec::new() });
    }
    if !board.has_side_contact(p.at) {
        reasons.push(Reason::NoSideContact { cell: p.at });
    }

    let rules = variant.rules();
    let around = Around::of(board, p.at);
    let contacts = contacts_around(&around, rules, p.at, p.corners);
    let weight = p.corners.weight();
    let (tally, matched) = around.tally(rules, p.corners);
    // Only the corners and the weight can be refused under one reading and
    // allowed under another: any other reason stands whatever they say.
    let lifted_by_a_reading = reasons.is_empty();
    if !tally.legal_under(rules) {
        let unmatched = contacts.iter().filter(|c| !c.matched).cloned().map(Reason::CornerMismatch);
        if !rules.unmatched_corners.yes() || tally.matched < 2 {
            reasons.extend(unmatched);
        }
        if tally.matched < 2 {
            reasons.push(Reason::TooFewMatched { matched: tally.matched });
        }
        if rules.equal_weight.yes() {
            let weights = around.weights().filter(|&(d, _)| counts_for_weight(rules, d)).collect();
            reasons.push(Reason::NoEqualWeight { weight, neighbours: weights });
        }
    }
    if !reasons.is_empty() {
        let mut readings = Vec::new();
        if lifted_by_a_reading {
            let refuses =
                |c: Clause| matches!((c.source(), c.number()), (Source::English, 17) | (Source::Serbian, 11 | 12));
            for reading in [r(2), r(3), r(4), r(5), r(6)] {
                if other_values(rules, reading).any(|other| around.outcome(&other, p.corners).legal) {
                    readings.extend(variant.cite_where(reading, refuses));
                }
            }
        }
        return Verdict::Illegal(Refused { reasons, readings: readings.into_iter().unique().collect() });
    }

    let actual = Outcome::of(tally, matched, rules, p.corners);
    let clauses = legal_clauses(variant, &around, &contacts, tally, p.corners, actual);
    Verdict::Legal(Legal {
        points: actual.points,
        matched: tally.matched,
        contacts,
        bonus: actual.bonus,
        by_weight: actual.by_weight,
        clauses,
    })
}

/// What a legal placement did, as far as a clause of either text speaks of
/// it: the facts that decide which clauses fired.
#[derive(Clone, Copy, Debug)]
struct Facts {
    /// Legal by its matched corners (not only by equal weight).
    by_corners: bool,
    /// Some matched corner matched only by a value a diagonal neighbour
    /// shows: no side neighbour shows the corner's value on its point.
    diagonal_made_a_match: bool,
    /// Some matched corner's point shows several different values: it
    /// matched "at least one" of them.
    matched_one_of_several: bool,
    /// Legal only by equal weight, and only a diagonal neighbour weighs the same.
    weight_from_a_diagonal: bool,
    /// It earns the bonus.
    bonus: bool,
    /// Matched corners.
    matched: u8,
    /// What it scores.
    points: u32,
}

impl Facts {
    fn of(around: &Around, rules: &RuleSet, contacts: &[Contact], corners: Corners, actual: Outcome) -> Facts {
        let matched: Vec<&Contact> = contacts.iter().filter(|c| c.matched).collect();
        let weight = corners.weight();
        let side_weighs_the_same = around.weights().any(|(d, w)| d.is_edge() && w == weight);
        Facts {
            by_corners: actual.legal && !actual.by_weight,
            diagonal_made_a_match: matched.iter().any(|c| {
                c.found.iter().any(|&(d, v)| !d.is_edge() && v == c.value)
                    && !c.found.iter().any(|&(d, v)| d.is_edge() && v == c.value)
            }),
            matched_one_of_several: matched.iter().any(|c| !c.found.iter().map(|f| f.1).all_equal()),
            weight_from_a_diagonal: actual.by_weight
                && !side_weighs_the_same
                && around.weights().any(|(d, w)| counts_for_weight(rules, d) && w == weight),
            bonus: actual.bonus,
            matched: actual.matched.count_ones() as u8,
            points: actual.points,
        }
    }

    /// The bonus clause of the English sheet that names this bonus: E11's
    /// three numbers on two sides, E12's side and corner across (a diagonal
    /// neighbour made a match), or one of E13's "other bonus situations"
    /// (all four corners, or a bonus counted in neighbouring values).
    fn english_bonus(self) -> Option<Clause> {
        match (self.bonus, self.matched, self.diagonal_made_a_match) {
            (false, _, _) => None,
            (true, 3, false) => Some(e(11)),
            (true, 3, true) => Some(e(12)),
            _ => Some(e(13)),
        }
    }

    /// Whether `clause` decided this legal placement. The readings `cited`
    /// so far bring in the clauses that are their grounds: E17 (the lost
    /// figure of forbidden plays) behind R2 and R3, S12 (neighbours across a
    /// corner, "at least one" value) behind R2, R4 and R6.
    fn fired(self, clause: Clause, cited: &[Clause]) -> bool {
        let by = |n: &[u8]| n.iter().any(|&n| cited.contains(&r(n)));
        match (clause.source(), clause.number()) {
            // A play matches two numbers; it scores the tile's four values.
            (Source::English, 8) => self.by_corners || self.points > 0,
            (Source::English, 11..=13) => self.english_bonus() == Some(clause),
            (Source::English, 17) => by(&[2, 3]),
            // One tile, against a placed tile's side; equal weight or two
            // corners.
            (Source::Serbian, 10 | 11) => true,
            (Source::Serbian, 12) => {
                self.diagonal_made_a_match
                    || self.matched_one_of_several
                    || self.weight_from_a_diagonal
                    || by(&[2, 4, 6])
            }
            (Source::Serbian, 15) => self.bonus,
            // The points earned in play.
            (Source::Serbian, 18) => self.points > 0,
            (Source::Reading, _) => true,
            _ => false,
        }
    }
}

/// The clauses behind a legal placement: the clauses of the variant's own
/// text that decided it, and a reading only where its value mattered: where
/// judging the same placement on the same board with that reading set to
/// another of its values, every other reading unchanged, decides otherwise
/// ([`Outcome`]: legal or not and on which grounds, which corners match,
/// the bonus, the points). A reading brings the spec's clauses for it only
/// where they are of the variant's own text and fired here. Each reading is
/// asked only where the board can make it matter, so that an ordinary
/// placement costs no second look.
fn legal_clauses(
    variant: &Variant,
    around: &Around,
    contacts: &[Contact],
    tally: Tally,
    corners: Corners,
    actual: Outcome,
) -> Vec<Clause> {
    let rules = variant.rules();
    let facts = Facts::of(around, rules, contacts, corners, actual);
    let mattered = |reading: Clause| reading_mattered(around, rules, corners, actual, reading);
    let mut readings = Vec::new();
    // R2 (corner-match): the two values part only on a point that shows two
    // different values; where every value there is the same, "equal to
    // every value" and "equal to at least one" are the same test.
    if contacts.iter().any(|c| !c.found.iter().map(|f| f.1).all_equal()) && mattered(r(2)) {
        readings.push(r(2));
    }
    // R4 (diagonal-neighbours): only a diagonal neighbour can matter: where
    // it is the only tile on a corner's point (the corner then touches: a
    // third matched corner and the bonus, as in Example F, E12, or an
    // unmatched corner that refuses the play), or where it shows a value no
    // side neighbour shows there. It is cited only where the verdict then
    // changes. A diagonal tile showing the value the side tiles
    // already show (the usual case on a board where every value at a point
    // agrees), a diagonal-only corner left unmatched where R3 = yes allows
    // it, or a differing value where one matching value is enough (R2 =
    // at-least-one) and a side tile shows it, changes nothing.
    // Where the bonus counts neighbouring values (R26), a diagonal tile
    // showing the side tiles' value still adds one to the count.
    if (around.diagonal_adds_a_value() || rules.bonus_count == BonusCount::Values) && mattered(r(4)) {
        readings.push(r(4));
    }
    // R3 (unmatched-corners): only with a touching corner unmatched. It
    // matters where R3 = yes lets that corner be (under "no" the play is
    // refused, or legal only by equal weight), and where R3 = no leaves a
    // play with two matched corners legal only by equal weight (under "yes"
    // its corners would do). With fewer than two matched it decides nothing.
    if tally.matched < tally.touching && mattered(r(3)) {
        readings.push(r(3));
    }
    // R5 (equal-weight), R6 (equal-weight-neighbours): a placement legal by
    // its corners is legal whatever they say, so they matter only where
    // equal weight alone made it legal: R5 always there (without it the
    // play is refused), R6 where the tile of equal weight is a diagonal
    // neighbour and no side neighbour weighs the same.
    if actual.by_weight {
        readings.extend([r(5), r(6)].into_iter().filter(|&x| mattered(x)));
    }
    // R7 (bonus-threshold): three matched corners (or, under R26 = values,
    // three matched values) earn the bonus under "3" and not under "4";
    // four earn it under either value, and fewer than three under neither.
    if tally.values.max(tally.matched) >= BonusThreshold::Three.corners() && mattered(r(7)) {
        readings.push(r(7));
    }
    // R26 (bonus-count): counting values can exceed counting corners only
    // where some matched corner meets its value on two or more neighbours.
    if tally.values > tally.matched && mattered(r(26)) {
        readings.push(r(26));
    }
    // R9 (play-score): "weight" and "nothing" part wherever the tile weighs
    // anything; only 0-0-0-0 scores 0 under both. Cited last: a bonus tile
    // leaves it and what it alone brought out.
    let play_score = mattered(r(9));
    let fired = |c: Clause| facts.fired(c, &readings);
    // Shares a side and matches two corners, or weighs the same (E8, S10,
    // S11); under the English sheet E8 speaks of matching only.
    let mut clauses: Vec<Clause> =
        [e(8), s(10), s(11)].into_iter().filter(|&c| c != e(8) || facts.by_corners).collect();
    for &reading in &readings {
        clauses.extend(variant.cite_where(reading, fired));
    }
    // The bonus itself: the English sheet's situation (E11, E12, E13), the
    // Serbian "3 or all 4" (S15).
    clauses.extend(facts.english_bonus());
    if facts.bonus {
        clauses.push(s(15));
    }
    let mut clauses = variant.own(clauses);
    clauses.retain(|&c| fired(c));
    if play_score {
        clauses.extend(variant.cite_where(r(9), fired));
    }
    clauses.into_iter().unique().collect()
}

/// What a placement scores by itself under R9.
pub fn points(variant: &Variant, corners: Corners) -> u32 {
    points_under(variant.rules(), corners)
}

fn points_under(rules: &RuleSet, corners: Corners) -> u32 {
    match rules.play_score {
        PlayScore::Weight => u32::from(corners.weight()),
        PlayScore::Nothing | PlayScore::OpeningOnly => 0,
    }
}

/// What a bonus tile scores by itself under R9: its weight (E4, E11 "adding
/// their total"), whatever an ordinary play scores, except under
/// `opening-only`, where of all the tiles only the opening one scores.
pub fn bonus_tile_points(variant: &Variant, corners: Corners) -> u32 {
    match variant.rules().play_score {
        PlayScore::OpeningOnly => 0,
        PlayScore::Weight | PlayScore::Nothing => u32::from(corners.weight()),
    }
}

impl Reason {
    /// The clauses of the variant's own text behind this reason, each
    /// once, and R1 behind an orientation it does not allow. The readings
    /// that could lift the refusal are the verdict's ([`Refused`]): a
    /// reason alone cannot tell whether another value of one would.
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
            Reason::AlreadyOnBoard { .. } => vec![s(1)],
            Reason::CellOccupied { .. } => vec![s(10), e(8)],
            Reason::NoSideContact { .. } => vec![s(10), e(8)],
            // The corner must match what it meets (S12); under R3 = yes the
            // mismatch counts against E8's "any two numbers".
            Reason::CornerMismatch(_) if variant.rules().unmatched_corners.yes() => vec![s(12), e(8)],
            Reason::CornerMismatch(_) => vec![s(12)],
            Reason::TooFewMatched { .. } => vec![e(8), s(11)],
            // Equal weight is the other way S11 allows a play.
            Reason::NoEqualWeight { .. } => vec![s(11)],
        };
        // A clause cited by two readings (E17 behind both R2 and R3) is listed once.
        variant.own(all)
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

#[cfg(test)]
mod tests;
