//! The bonus catalogue: every neighbourhood of an empty cell that a tile may
//! be placed into, grouped up to rotation and reflection, and what the rules
//! in force make of each: which corners of the new tile are touched, how many
//! can be matched, and whether a bonus (R7) can be earned there.
//!
//! A neighbourhood is which of the cell's eight neighbours hold a tile; a
//! tile may go there when at least one of them is on a side (S10, E8). Of the
//! 256 neighbourhoods 240 have a side neighbour, and they fall into 45
//! classes under the eight symmetries of the square. The classes are the
//! same whatever the readings; what each class shows is not: it is computed
//! here by building a concrete board for the class (real tiles of the
//! variant's set in orientations R1 allows, each tile once) and asking the
//! placement judge, so that a variant with other readings (R2, R3, R4, R7)
//! gets its own catalogue.

// Indexing here cannot panic on input: neighbourhood patterns index tables of 256 entries by 8-bit masks.
#![allow(clippy::indexing_slicing)]

use serde::Serialize;

use super::clause::{Clause, e, r, s};
use super::judge::{Placement, Verdict, judge};
use super::variant::Variant;
use crate::model::{Board, Cell, Corner, Corners, Direction};

/// Which of a cell's eight neighbours hold a tile: bit `i` stands for
/// `Direction::ALL[i]` (N, NE, E, SE, S, SW, W, NW).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Neighbourhood(u8);

/// One of the rule sheet's worked bonus examples that a class shows.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
pub enum Example {
    /// Example E (E11): the tile's two sides against the two sides of an
    /// enclosure, three corners.
    E,
    /// Example F (E12): one side against a neighbour's side and the corner
    /// across the tile against a tile touching it only there.
    F,
}

/// A concrete board that shows a class at its best: the neighbours' tiles
/// around the empty cell `[0, 0]` and the tile placed there.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Witness {
    /// The placed tile's corners `[nw, ne, se, sw]`.
    pub tile: Corners,
    /// Each neighbour and its tile.
    pub neighbours: Vec<Neighbour>,
    /// The corners of the placed tile that match.
    pub matched: Vec<Corner>,
}

/// A neighbour of the witness board.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct Neighbour {
    /// Where it is, seen from the empty cell.
    pub at: Direction,
    /// Its corners `[nw, ne, se, sw]`.
    pub tile: Corners,
}

/// One class of neighbourhoods and what the variant makes of it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct BonusClass {
    /// Its number in the catalogue, from 1.
    pub class: usize,
    /// The occupied neighbours of the class's representative.
    pub neighbours: Vec<Direction>,
    /// How many of the 240 neighbourhoods belong to the class (its images
    /// under rotation and reflection).
    pub size: usize,
    /// The corners of the new tile touched by a neighbour that counts (R4).
    pub touched: Vec<Corner>,
    /// The most touching corners a legal placement can match.
    pub max_matched: u8,
    /// Whether a placement here can earn the bonus (R7).
    pub bonus: bool,
    /// False when the search for boards stopped at its budget
    /// ([`WITNESS_BUDGET`] boards per new tile) before it found a placement
    /// matching every touched corner: `max_matched` and `bonus` are then the
    /// best found, which a longer search might beat. Every class of the
    /// shipped variants is proven (a test checks it); written only when
    /// false.
    #[serde(skip_serializing_if = "is_true")]
    pub proven: bool,
    /// The rule sheet's example this class shows, if any.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub example: Option<Example>,
    /// The clauses that decide.
    pub clauses: Vec<Clause>,
    /// A board that reaches `max_matched`, when a legal placement exists.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub witness: Option<Witness>,
    #[serde(skip)]
    representative: Neighbourhood,
}

fn is_true(b: &bool) -> bool {
    *b
}

/// The most boards judged for one new tile (one orientation of one tile) in
/// the search for a class's best placement. A search that matches every
/// touched corner stops at once; one stopped by the budget first leaves the
/// class marked not proven ([`BonusClass::proven`]).
pub const WITNESS_BUDGET: u32 = 2_000;

/// Every class of placeable neighbourhoods under one variant.
#[derive(Clone, Debug)]
pub struct Catalogue {
    classes: Vec<BonusClass>,
    /// `by_mask[bits]` is the index in `classes` of that neighbourhood's class.
    by_mask: [Option<u8>; 256],
}

/// The direction seen in a mirror held north-south (east and west swap).
const fn mirrored(d: Direction) -> Direction {
    match d {
        Direction::N => Direction::N,
        Direction::NE => Direction::NW,
        Direction::E => Direction::W,
        Direction::SE => Direction::SW,
        Direction::S => Direction::S,
        Direction::SW => Direction::SE,
        Direction::W => Direction::E,
        Direction::NW => Direction::NE,
    }
}

impl Neighbourhood {
    /// The neighbourhood with these bits (see the type's documentation).
    pub const fn from_bits(bits: u8) -> Neighbourhood {
        Neighbourhood(bits)
    }

    /// Its bits.
    pub const fn bits(self) -> u8 {
        self.0
    }

    /// The neighbourhood in which exactly `dirs` hold a tile.
    pub fn of(dirs: impl IntoIterator<Item = Direction>) -> Neighbourhood {
        Neighbourhood(dirs.into_iter().fold(0, |acc, d| acc | 1 << d as u8))
    }

    /// The neighbourhood of `cell` on `board`.
    pub fn around(board: &Board, cell: Cell) -> Neighbourhood {
        Neighbourhood::of(Direction::ALL.into_iter().filter(|&d| board.neighbour(cell, d).is_some()))
    }

    /// True when the neighbour in `dir` holds a tile.
    pub const fn has(self, dir: Direction) -> bool {
        self.0 >> dir as u8 & 1 != 0
    }

    /// The occupied neighbours, clockwise from north.
    pub fn directions(self) -> Vec<Direction> {
        Direction::ALL.into_iter().filter(|&d| self.has(d)).collect()
    }

    /// True when a tile may be placed here: some side neighbour holds a tile
    /// (S10, E8).
    pub fn placeable(self) -> bool {
        Direction::EDGES.into_iter().any(|d| self.has(d))
    }

    /// The neighbourhood turned a quarter clockwise.
    pub fn rotated_cw(self) -> Neighbourhood {
        Neighbourhood::of(self.directions().into_iter().map(Direction::rotate_cw))
    }

    /// The neighbourhood mirrored east-west.
    pub fn mirrored(self) -> Neighbourhood {
        Neighbourhood::of(self.directions().into_iter().map(mirrored))
    }

    /// Its eight images under the symmetries of the square (some may repeat).
    pub fn images(self) -> [Neighbourhood; 8] {
        let mut out = [self; 8];
        let mut n = self;
        for i in 0..4 {
            out[i] = n;
            out[i + 4] = n.mirrored();
            n = n.rotated_cw();
        }
        out
    }

    /// The class's representative: the image that reads best, sides before
    /// diagonals and north first (one side is N; two adjacent sides N and E).
    pub fn canonical(self) -> Neighbourhood {
        self.images().into_iter().max_by_key(|n| n.reading_key()).unwrap_or(self)
    }

    /// Bits in the order N, E, S, W, NE, SE, SW, NW, most significant first.
    fn reading_key(self) -> u8 {
        const ORDER: [Direction; 8] = [
            Direction::N,
            Direction::E,
            Direction::S,
            Direction::W,
            Direction::NE,
            Direction::SE,
            Direction::SW,
            Direction::NW,
        ];
        ORDER.iter().fold(0, |acc, &d| acc << 1 | u8::from(self.has(d)))
    }

    /// The corners of the cell that a tile in this neighbourhood covers,
    /// whether or not the rules count it (R4 decides that).
    fn covered(self, diagonals: bool) -> Vec<Corner> {
        Corner::ALL
            .into_iter()
            .filter(|&c| {
                self.directions()
                    .into_iter()
                    .filter(|d| diagonals || d.is_edge())
                    .any(|d| d.shared_corners().iter().any(|&(mine, _)| mine == c))
            })
            .collect()
    }

    /// The rule sheet's example this neighbourhood shows. Both examples cover
    /// exactly three corners of the new tile: Example E by two adjacent sides
    /// (E11, "two sides of an enclosure"), Example F by one side and a
    /// diagonal neighbour across the tile (E12, "the corner of the opposite
    /// side"). Diagonal neighbours at corners a side already covers change
    /// neither.
    pub fn example(self) -> Option<Example> {
        let sides = Direction::EDGES.into_iter().filter(|&d| self.has(d)).count();
        match (sides, self.covered(true).len()) {
            (2, 3) if self.covered(false).len() == 3 => Some(Example::E),
            (1, 3) => Some(Example::F),
            _ => None,
        }
    }
}

impl Catalogue {
    /// The catalogue under `variant`: every class, each shown by a concrete
    /// board found by search and judged by [`judge`].
    pub fn new(variant: &Variant) -> Catalogue {
        let mut reps: Vec<Neighbourhood> =
            (0..=255u8).map(Neighbourhood).filter(|n| n.placeable()).map(Neighbourhood::canonical).collect();
        reps.sort_unstable_by_key(|n| {
            let sides = Direction::EDGES.into_iter().filter(|&d| n.has(d)).count();
            (sides, n.0.count_ones(), std::cmp::Reverse(n.reading_key()))
        });
        reps.dedup();
        let mut by_mask = [None; 256];
        for bits in 0..=255u8 {
            let n = Neighbourhood(bits);
            if n.placeable() {
                by_mask[usize::from(bits)] = reps.iter().position(|&r| r == n.canonical()).map(|i| i as u8);
            }
        }
        let classes = reps
            .iter()
            .enumerate()
            .map(|(i, &rep)| {
                let size = by_mask.iter().filter(|&&c| c == Some(i as u8)).count();
                class(variant, i + 1, rep, size)
            })
            .collect();
        Catalogue { classes, by_mask }
    }

    /// Every class, by number.
    pub fn classes(&self) -> &[BonusClass] {
        &self.classes
    }

    /// The class of a neighbourhood, or `None` when no tile may be placed
    /// there (no side neighbour).
    pub fn class_of(&self, n: Neighbourhood) -> Option<&BonusClass> {
        let i = self.by_mask[usize::from(n.0)]?;
        self.classes.get(usize::from(i))
    }
}

impl BonusClass {
    /// The class's representative neighbourhood.
    pub fn representative(&self) -> Neighbourhood {
        self.representative
    }
}

/// What `variant` makes of the class of `rep`.
fn class(variant: &Variant, number: usize, rep: Neighbourhood, size: usize) -> BonusClass {
    class_within(variant, number, rep, size, WITNESS_BUDGET)
}

/// [`class`] with `budget` boards judged per new tile.
fn class_within(variant: &Variant, number: usize, rep: Neighbourhood, size: usize, budget: u32) -> BonusClass {
    let diagonals = variant.rules().diagonal_neighbours.yes();
    let touched = rep.covered(diagonals);
    let (witness, proven) = best_witness(variant, rep, touched.len(), budget);
    let (max_matched, bonus) = witness.as_ref().map_or((0, false), |(w, bonus)| (w.matched.len() as u8, *bonus));
    let example = rep.example();
    let mut clauses = Vec::new();
    match example {
        Some(Example::E) => clauses.push(e(11)),
        Some(Example::F) => clauses.push(e(12)),
        None if bonus => clauses.push(e(13)),
        None => {}
    }
    if bonus {
        clauses.push(s(15));
    }
    if rep.directions().iter().any(|d| !d.is_edge()) {
        clauses.push(r(4));
    }
    clauses.push(r(7));
    BonusClass {
        class: number,
        neighbours: rep.directions(),
        size,
        touched,
        max_matched,
        bonus,
        proven,
        example,
        clauses,
        witness: witness.map(|(w, _)| w),
        representative: rep,
    }
}

/// The legal placement on `[0, 0]` that matches the most corners over every
/// board of tiles around it in the neighbourhood `rep`, with whether it earns
/// the bonus; `None` when no legal placement exists at all.
///
/// Every orientation of every tile is tried as the new tile; for each, the
/// neighbours are chosen by a depth-first search over the orientations of the
/// set, those that show the new tile's values on the shared lattice points
/// first, each tile at most once. Each board found is judged by [`judge`].
/// The search stops as soon as every touched corner is matched, since no
/// placement can match more. The second value is whether the answer is
/// proven: every touched corner matched, or no tile's search stopped at its
/// `budget` of boards.
fn best_witness(variant: &Variant, rep: Neighbourhood, touched: usize, budget: u32) -> (Option<(Witness, bool)>, bool) {
    let at = Cell::new(0, 0);
    let dirs = rep.directions();
    let mut best: Option<(Witness, bool)> = None;
    let mut cut = false;
    for &tile in variant.orientations().all() {
        let mut search = Search { variant, tile, dirs: &dirs, chosen: Vec::new(), budget };
        // A legal placement's bonus follows from its matched corners (R7), so
        // the most matched is the best.
        let found = search.run(at, touched);
        cut |= search.budget == 0;
        let Some(found) = found else { continue };
        if best.as_ref().is_none_or(|(w, _)| found.0.matched.len() > w.matched.len()) {
            let full = found.0.matched.len() == touched;
            best = Some(found);
            if full {
                break;
            }
        }
    }
    let proven = best.as_ref().is_some_and(|(w, _)| w.matched.len() == touched) || !cut;
    (best, proven)
}

/// The neighbour search for one new tile.
struct Search<'a> {
    variant: &'a Variant,
    tile: Corners,
    dirs: &'a [Direction],
    chosen: Vec<Corners>,
    /// Boards judged before giving up on this tile.
    budget: u32,
}

impl Search<'_> {
    /// The best legal witness found for `self.tile`, with whether it earns
    /// the bonus.
    fn run(&mut self, at: Cell, touched: usize) -> Option<(Witness, bool)> {
        let mut best: Option<(Witness, bool)> = None;
        self.descend(at, touched, &mut best);
        best
    }

    fn descend(&mut self, at: Cell, touched: usize, best: &mut Option<(Witness, bool)>) {
        if self.budget == 0 || best.as_ref().is_some_and(|(w, _)| w.matched.len() == touched) {
            return;
        }
        let Some(&dir) = self.dirs.get(self.chosen.len()) else {
            self.budget -= 1;
            let neighbours: Vec<Neighbour> =
                self.dirs.iter().zip(&self.chosen).map(|(&at, &tile)| Neighbour { at, tile }).collect();
            let board: Board = neighbours.iter().map(|n| (at.neighbour(n.at), n.tile)).collect();
            let p = Placement { tile: self.tile.id(), at, corners: self.tile };
            if let Verdict::Legal(legal) = judge(&board, self.variant, p, None)
                && best.as_ref().is_none_or(|(w, _)| usize::from(legal.matched) > w.matched.len())
            {
                *best = Some((Witness { tile: self.tile, neighbours, matched: legal.matched_corners() }, legal.bonus));
            }
            return;
        };
        // Orientations that show the new tile's values where they meet it
        // first, then the rest.
        let tile = self.tile;
        let agrees = |c: &Corners| dir.shared_corners().iter().all(|&(mine, theirs)| c.at(theirs) == tile.at(mine));
        let all = self.variant.orientations().all();
        let candidates = all.iter().filter(|c| agrees(c)).chain(all.iter().filter(|c| !agrees(c)));
        for &c in candidates {
            if c.id() == tile.id() || self.chosen.iter().any(|k| k.id() == c.id()) {
                continue;
            }
            self.chosen.push(c);
            self.descend(at, touched, best);
            self.chosen.pop();
            if self.budget == 0 || best.as_ref().is_some_and(|(w, _)| w.matched.len() == touched) {
                return;
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn forty_five_classes_cover_the_240_placeable_neighbourhoods() {
        let english = crate::formats::builtin_variant("english").expect("english");
        let c = Catalogue::new(&english);
        assert_eq!(c.classes().len(), 45);
        assert_eq!(c.classes().iter().map(|k| k.size).sum::<usize>(), 240);
        assert!(c.class_of(Neighbourhood::of([Direction::NE])).is_none());
    }

    #[test]
    fn every_shipped_class_is_proven_and_a_search_cut_short_says_so() {
        for name in ["english", "english-beginner", "serbian", "serbian-chain"] {
            for r4 in ["yes", "no"] {
                let v = crate::formats::builtin_variant(name).unwrap().with_rule("R4", r4).unwrap();
                let c = Catalogue::new(&v);
                assert!(c.classes().iter().all(|k| k.proven), "{name} R4={r4}");
            }
        }
        // No board judged at all: nothing is found, and nothing is claimed.
        let english = crate::formats::builtin_variant("english").unwrap();
        let rep = Neighbourhood::of([Direction::N, Direction::W]);
        let cut = class_within(&english, 1, rep, 4, 0);
        assert!(!cut.proven && !cut.bonus && cut.max_matched == 0);
        let json = serde_json::to_value(&cut).unwrap();
        assert_eq!(json["proven"], false);
        assert!(serde_json::to_value(class(&english, 1, rep, 4)).unwrap().get("proven").is_none());
    }

    #[test]
    fn representatives_read_north_first() {
        assert_eq!(Neighbourhood::of([Direction::W]).canonical(), Neighbourhood::of([Direction::N]));
        assert_eq!(
            Neighbourhood::of([Direction::S, Direction::W]).canonical(),
            Neighbourhood::of([Direction::N, Direction::E])
        );
    }

    #[test]
    fn the_examples_are_marked() {
        use Direction::*;
        assert_eq!(Neighbourhood::of([N, W, NW]).example(), Some(Example::E));
        assert_eq!(Neighbourhood::of([N, W]).example(), Some(Example::E));
        assert_eq!(Neighbourhood::of([N, W, SE]).example(), None, "four corners covered");
        assert_eq!(Neighbourhood::of([S, NW]).example(), Some(Example::F));
        assert_eq!(Neighbourhood::of([N, NW, SW]).example(), Some(Example::F), "scenario e12");
        assert_eq!(Neighbourhood::of([S, NW, NE]).example(), None, "four corners covered");
        assert_eq!(Neighbourhood::of([N, S]).example(), None);
    }
}
