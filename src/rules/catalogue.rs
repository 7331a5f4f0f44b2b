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
//! here by building, for the class, a real position of the variant (a board
//! that play could leave: tiles of the set in orientations R1 allows, each
//! once, one group through sides, each legal as if placed last; see
//! [`Witness`]) and asking the placement judge, so that a variant with other
//! readings (R2, R3, R4, R7) gets its own catalogue. What a class claims
//! rests on that board alone: where none is found, or none can exist (the
//! tile set is too small), the class says so ([`Unshown`]) and claims no
//! matches and no bonus.
//!
//! This file is long because a class and what the rules make of it are
//! described together: the symmetries that group neighbourhoods, the
//! witness each class is judged on, and the report of each class with its
//! clauses, which the witness search in `search.rs` serves.

// Indexing here cannot panic on input: neighbourhood patterns index tables of 256 entries by 8-bit masks.
#![allow(clippy::indexing_slicing)]

use serde::Serialize;

mod search;

use search::{Layout, best_witness};

use super::clause::{Clause, e, r, s};
use super::judge::Placement;
use super::reading::BonusCount;
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

/// A real position that shows a class at its best: the neighbours' tiles
/// around the empty cell `[0, 0]`, the tiles (if any) that join them through
/// sides, and the tile placed on `[0, 0]`.
///
/// Real means what a board reached in play would show: the tiles before the
/// placement are one group connected through sides, as every position is
/// (S10; the position loader refuses anything else), each tile is in the set
/// once, in an orientation R1 allows, and every tile, the placed one
/// included, is legal as if it had been placed last. Under `every-value`
/// (R2) with `no` (R3) that means that no lattice point shows two different
/// values to tiles that count as neighbours (R4).
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Witness {
    /// The placed tile's corners `[nw, ne, se, sw]`.
    pub tile: Corners,
    /// Each neighbour and its tile.
    pub neighbours: Vec<Neighbour>,
    /// Tiles two cells or more away from `[0, 0]` that join neighbours
    /// which share no side into one group: they touch no corner of the
    /// placed tile and leave the neighbourhood as it is. Empty when the
    /// neighbours already are one group.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub joining: Vec<JoiningTile>,
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

/// A tile of the witness board outside the neighbourhood.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct JoiningTile {
    /// Its cell.
    pub at: Cell,
    /// Its corners `[nw, ne, se, sw]`.
    pub tile: Corners,
}

/// The empty cell of every witness board.
pub const WITNESS_CELL: Cell = Cell::new(0, 0);

impl Witness {
    /// The position before the placement: the neighbours (clockwise from
    /// north), then the joining tiles.
    pub fn position(&self) -> Vec<(Cell, Corners)> {
        let around = self.neighbours.iter().map(|n| (WITNESS_CELL.neighbour(n.at), n.tile));
        around.chain(self.joining.iter().map(|j| (j.at, j.tile))).collect()
    }

    /// [`Witness::position`] as a board.
    pub fn board(&self) -> Board {
        self.position().into_iter().collect()
    }

    /// The placement the witness shows.
    pub fn placement(&self) -> Placement {
        Placement { tile: self.tile.id(), at: WITNESS_CELL, corners: self.tile }
    }
}

/// Why a class shows no board.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(tag = "why", rename_all = "kebab-case")]
pub enum Unshown {
    /// No real board of the variant shows the class: it needs more tiles
    /// than the set holds (each tile exists once, S1).
    TooFewTiles {
        /// The tiles of the set.
        tiles: usize,
        /// The fewest a board of the class needs: the placed tile, the
        /// neighbours and the fewest tiles that join them through sides.
        needed: usize,
        /// Of which joining tiles.
        joining: usize,
    },
    /// The search found no real board. `cut` when it stopped at its budget
    /// ([`WITNESS_BUDGET`]) for some new tile; otherwise it tried every
    /// board on the fewest cells, which does not rule out larger boards.
    NotFound {
        /// Whether the budget stopped it.
        cut: bool,
    },
}

impl std::fmt::Display for Unshown {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Unshown::TooFewTiles { tiles, needed, joining } => write!(
                f,
                "no real board of this variant shows this class: it needs {needed} different tiles (the placed \
tile, its neighbours and {joining} tile(s) joining them through sides; each tile once, S1, S10), and the tile set has \
{tiles}"
            ),
            Unshown::NotFound { cut: true } => write!(
                f,
                "no real board found (the search stopped at {WITNESS_BUDGET} tiles tried per new tile): the most \
matched and the bonus are not established"
            ),
            Unshown::NotFound { cut: false } => f.write_str(
                "no real board found on the fewest cells that join the neighbours through sides: the most matched \
and the bonus are not established",
            ),
        }
    }
}

/// One class of neighbourhoods and what the variant makes of it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
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
    /// The most touching corners a legal placement matches on a real board
    /// ([`Witness`]); absent when no real board is shown ([`Unshown`]).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub max_matched: Option<u8>,
    /// Whether a placement here can earn the bonus (R7), as the witness
    /// shows; absent when no real board is shown.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub bonus: Option<bool>,
    /// True when `max_matched` and `bonus` are the class's best: the witness
    /// matches every touched corner, or no real board can show the class
    /// (too few tiles). False when the search stopped, at its budget
    /// ([`WITNESS_BUDGET`] tiles tried per new tile) or after every board on
    /// its cells, short of that: `max_matched` and `bonus` are then the best
    /// found, which another board might beat, or absent. Every class of the
    /// shipped variants is proven (a test checks it); written only when
    /// false.
    #[serde(skip_serializing_if = "is_true")]
    pub proven: bool,
    /// Why no board is shown, when none is.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub unshown: Option<Unshown>,
    /// The rule sheet's example this class shows, if any.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub example: Option<Example>,
    /// The clauses that decide.
    pub clauses: Vec<Clause>,
    /// A real board that reaches `max_matched`, when one is found.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub witness: Option<Witness>,
    #[serde(skip)]
    representative: Neighbourhood,
}

fn is_true(b: &bool) -> bool {
    *b
}

/// The most tiles tried (put on a cell of the board being built) for one new
/// tile (one orientation of one tile) in the search for a class's best real
/// board. A search that matches every touched corner stops at once; one
/// stopped by the budget first leaves the class marked not proven
/// ([`BonusClass::proven`]).
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
    /// The catalogue under `variant`: every class, each shown by a real
    /// position found by search and judged by the placement judge
    /// ([`judge`](super::judge())).
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

/// [`class`] with `budget` tiles tried per new tile.
fn class_within(variant: &Variant, number: usize, rep: Neighbourhood, size: usize, budget: u32) -> BonusClass {
    let diagonals = variant.rules().diagonal_neighbours.yes();
    let touched = rep.covered(diagonals);
    let layout = Layout::new(rep);
    let needed = layout.cells.len() + 1;
    let tiles = variant.tile_set().len();
    let (witness, proven, unshown) = if tiles < needed {
        let joining = layout.cells.len() - layout.neighbours;
        (None, true, Some(Unshown::TooFewTiles { tiles, needed, joining }))
    } else {
        match best_witness(variant, &layout, touched.len(), budget) {
            (Some(found), _) => {
                let full = found.0.matched.len() == touched.len();
                (Some(found), full, None)
            }
            (None, cut) => (None, false, Some(Unshown::NotFound { cut })),
        }
    };
    let max_matched = witness.as_ref().map(|(w, _)| w.matched.len() as u8);
    let bonus = witness.as_ref().map(|&(_, bonus)| bonus);
    let example = rep.example();
    let mut clauses = Vec::new();
    match example {
        Some(Example::E) => clauses.push(e(11)),
        Some(Example::F) => clauses.push(e(12)),
        None if bonus == Some(true) => clauses.push(e(13)),
        None => {}
    }
    if bonus == Some(true) {
        clauses.push(s(15));
    }
    if rep.directions().iter().any(|d| !d.is_edge()) {
        clauses.push(r(4));
    }
    clauses.push(r(7));
    if variant.rules().bonus_count == BonusCount::Values {
        clauses.push(r(26));
    }
    // A class is described under the variant's own text only.
    let clauses = variant.own(clauses);
    BonusClass {
        class: number,
        neighbours: rep.directions(),
        size,
        touched,
        max_matched,
        bonus,
        proven,
        unshown,
        example,
        clauses,
        witness: witness.map(|(w, _)| w),
        representative: rep,
    }
}

#[cfg(test)]
mod tests {
    use super::search::{RING, joining_cells};
    use super::*;
    use crate::model::BoardGraph;
    use crate::rules::judge::{Verdict, judge};
    use crate::rules::reading::CornerMatch;

    #[test]
    fn forty_five_classes_cover_the_240_placeable_neighbourhoods() {
        let english = crate::formats::builtin_variant("english").expect("english");
        let c = Catalogue::new(&english);
        assert_eq!(c.classes().len(), 45);
        assert_eq!(c.classes().iter().map(|k| k.size).sum::<usize>(), 240);
        assert!(c.class_of(Neighbourhood::of([Direction::NE])).is_none());
    }

    const SHIPPED: [&str; 4] = ["english", "english-beginner", "serbian", "serbian-chain"];

    fn variant(name: &str, r4: &str) -> Variant {
        crate::formats::builtin_variant(name).unwrap().with_rule("R4", r4).unwrap()
    }

    /// `base`'s rules with a tile set of only `tiles`.
    fn with_tiles(base: &Variant, tiles: &[[u8; 4]]) -> Variant {
        Variant::new(super::super::VariantParts {
            name: "tiny".into(),
            description: String::new(),
            text: base.text(),
            tile_set: crate::model::TileSet::from_printed("tiny", tiles.iter().map(|&t| Corners(t))).unwrap(),
            tile_set_clauses: Vec::new(),
            target: 800,
            target_clauses: Vec::new(),
            rules: *base.rules(),
            citations: Vec::new(),
        })
    }

    #[test]
    fn every_shipped_class_is_proven_and_a_search_cut_short_says_so() {
        for name in SHIPPED {
            for r4 in ["yes", "no"] {
                let c = Catalogue::new(&variant(name, r4));
                assert!(c.classes().iter().all(|k| k.proven && k.witness.is_some()), "{name} R4={r4}");
            }
        }
        // No tile tried at all: nothing is found, and nothing is claimed.
        let english = variant("english", "yes");
        let rep = Neighbourhood::of([Direction::N, Direction::W]);
        let cut = class_within(&english, 1, rep, 4, 0);
        assert!(!cut.proven && cut.bonus.is_none() && cut.max_matched.is_none() && cut.witness.is_none());
        assert_eq!(cut.unshown, Some(Unshown::NotFound { cut: true }));
        assert!(!cut.clauses.contains(&s(15)) && !cut.clauses.contains(&e(13)));
        let json = serde_json::to_value(&cut).unwrap();
        assert_eq!(json["proven"], false);
        assert_eq!(json["unshown"], serde_json::json!({"why": "not-found", "cut": true}));
        assert!(json.get("max-matched").is_none() && json.get("bonus").is_none());
        let found = serde_json::to_value(class(&english, 1, rep, 4)).unwrap();
        assert!(found.get("proven").is_none() && found.get("unshown").is_none());
        assert_eq!((found["max-matched"].as_u64(), found["bonus"].as_bool()), (Some(3), Some(true)));
    }

    /// A class no board of the variant can show says so, and claims no
    /// matches: with three tiles, a class of three neighbours (four tiles
    /// with the placed one) cannot be laid, and a class needing tiles joining
    /// its neighbours needs more still.
    #[test]
    fn a_class_no_real_board_shows_claims_nothing() {
        let english = variant("english", "yes");
        let tiny = with_tiles(&english, &[[0, 0, 0, 0], [0, 0, 0, 1], [0, 0, 1, 1]]);
        let c = Catalogue::new(&tiny);
        use Direction::*;
        let three = c.class_of(Neighbourhood::of([N, NE, E])).unwrap();
        assert_eq!(three.unshown, Some(Unshown::TooFewTiles { tiles: 3, needed: 4, joining: 0 }));
        assert!(three.proven && three.witness.is_none() && three.max_matched.is_none() && three.bonus.is_none());
        let apart = c.class_of(Neighbourhood::of([N, E])).unwrap();
        assert_eq!(apart.unshown, Some(Unshown::TooFewTiles { tiles: 3, needed: 8, joining: 5 }));
        let why = apart.unshown.as_ref().unwrap().to_string();
        assert!(why.starts_with("no real board of this variant shows this class: it needs 8"), "{why}");
        // Two tiles do: 0-0-0-1 above 0-0-0-0.
        let one = c.class_of(Neighbourhood::of([N])).unwrap();
        let w = one.witness.as_ref().unwrap();
        assert_eq!((w.tile, w.neighbours[0].tile), (Corners([0, 0, 0, 0]), Corners([0, 1, 0, 0])));
        assert_eq!((one.max_matched, one.bonus, one.proven), (Some(2), Some(false), true));
        // Quads only: no two of them can match, and the search, cut by
        // nothing, finds no board; that is said, not proven.
        let quads = with_tiles(&english, &[[0, 0, 0, 0], [1, 1, 1, 1], [2, 2, 2, 2]]);
        let one = Catalogue::new(&quads).classes()[0].clone();
        assert_eq!(one.unshown, Some(Unshown::NotFound { cut: false }));
        assert!(!one.proven && one.max_matched.is_none() && one.bonus.is_none());
    }

    /// The pairs of tiles of `board` that touch at a lattice point and count
    /// as neighbours of each other (R4), with the values they show there.
    fn meetings(board: &Board, diagonals: bool) -> Vec<(Cell, Cell, u8, u8)> {
        let mut out = Vec::new();
        for (a, ta) in board.tiles() {
            for dir in Direction::ALL.into_iter().filter(|d| d.is_edge() || diagonals) {
                let b = a.neighbour(dir);
                let Some(tb) = board.get(b) else { continue };
                for &(mine, theirs) in dir.shared_corners() {
                    assert_eq!(a.point(mine), b.point(theirs));
                    out.push((a, b, ta.at(mine), tb.at(theirs)));
                }
            }
        }
        out
    }

    /// Every witness of every shipped variant, under both values of R4, is a
    /// real position with the claimed placement: checked here from the
    /// geometry and the judge, not by the search's own check.
    #[test]
    fn every_witness_is_a_real_position() {
        for name in SHIPPED {
            for r4 in ["yes", "no"] {
                let v = variant(name, r4);
                let rules = v.rules();
                let one_value_asked = rules.corner_match == CornerMatch::EveryValue && !rules.unmatched_corners.yes();
                for class in Catalogue::new(&v).classes() {
                    let what = format!("{name} R4={r4} class {}", class.class);
                    let w = class.witness.as_ref().expect("every shipped class shows a board");
                    let position = w.board();
                    // Each tile once, of the set, in an orientation R1 allows.
                    let mut ids: Vec<_> = position.iter().map(|(_, c)| c.id()).chain([w.tile.id()]).collect();
                    ids.sort_unstable();
                    ids.dedup();
                    assert_eq!(ids.len(), position.len() + 1, "{what}: a tile twice");
                    for (_, c) in position.iter().chain([(WITNESS_CELL, w.tile)]) {
                        assert!(v.orientations().of(v.tile_set(), c.id()).contains(&c), "{what}: {c}");
                    }
                    // The neighbourhood is the class's; joining tiles stand
                    // two cells away or more.
                    assert_eq!(Neighbourhood::around(&position, WITNESS_CELL), class.representative(), "{what}");
                    for j in &w.joining {
                        assert!(j.at.x.abs().max(j.at.y.abs()) >= 2, "{what}: {} touches the cell", j.at);
                    }
                    // One group through sides.
                    assert_eq!(BoardGraph::new(&position).side_components().len(), 1, "{what}: not connected");
                    // Every tile legal as if placed last, before the
                    // placement (an opening tile alone needs no contact) and
                    // after it.
                    let mut after = position.clone();
                    after.insert(WITNESS_CELL, w.tile);
                    for board in [&position, &after] {
                        if board.len() < 2 {
                            continue;
                        }
                        for (cell, corners) in board.tiles() {
                            let mut rest = board.clone();
                            rest.remove(cell);
                            let p = Placement { tile: corners.id(), at: cell, corners };
                            assert!(judge(&rest, &v, p, None).is_legal(), "{what}: {cell} {corners} on {board:?}");
                        }
                    }
                    // The placement and what the class claims.
                    let Verdict::Legal(legal) = judge(&position, &v, w.placement(), None) else {
                        panic!("{what}: the placement is illegal")
                    };
                    assert_eq!(legal.touching(), class.touched, "{what}");
                    assert_eq!(legal.matched_corners(), w.matched, "{what}");
                    assert_eq!((Some(legal.matched), Some(legal.bonus)), (class.max_matched, class.bonus), "{what}");
                    // Where R2 and R3 ask every touching corner to equal
                    // every value on its point, no point shows two values to
                    // tiles that count for each other.
                    if one_value_asked {
                        for (a, b, x, y) in meetings(&after, rules.diagonal_neighbours.yes()) {
                            assert_eq!(x, y, "{what}: {a} shows {x} and {b} shows {y} at one point");
                        }
                    }
                }
            }
        }
    }

    /// The joining cells are the fewest: no subset of the ring of cells two
    /// steps away joins the neighbours with fewer (a cell farther out can be
    /// pulled onto the ring without losing a contact, so the ring suffices).
    #[test]
    fn joining_cells_are_the_fewest_that_connect_the_neighbours() {
        // Cells of the 5×5 square around the witness cell as bits.
        let bit = |c: Cell| 1u32 << ((c.y + 2) * 5 + (c.x + 2));
        let connected = |cells: u32| {
            let (west, east) = (0b00001_00001_00001_00001_00001u32, 0b10000_10000_10000_10000_10000u32);
            let mut reached = cells & cells.wrapping_neg();
            loop {
                let grown =
                    (reached | ((reached << 1) & !west) | ((reached >> 1) & !east) | (reached << 5) | (reached >> 5))
                        & cells;
                if grown == reached {
                    return reached == cells;
                }
                reached = grown;
            }
        };
        let english = variant("english", "yes");
        for class in Catalogue::new(&english).classes() {
            let rep = class.representative();
            let around: u32 = rep.directions().into_iter().map(|d| bit(WITNESS_CELL.neighbour(d))).sum();
            let joining = joining_cells(rep);
            assert!(joining.iter().all(|c| c.x.abs().max(c.y.abs()) == 2), "class {}", class.class);
            let ours: u32 = joining.iter().map(|&c| bit(c)).sum();
            assert_eq!(ours.count_ones() as usize, joining.len(), "class {}: a cell twice", class.class);
            assert!(connected(around | ours), "class {}: not joined", class.class);
            let fewest = (0..1u32 << 16)
                .filter(|subset| {
                    let ring: u32 =
                        (0..16).filter(|i| subset >> i & 1 != 0).map(|i| bit(Cell::new(RING[i].0, RING[i].1))).sum();
                    connected(around | ring)
                })
                .map(u32::count_ones)
                .min()
                .unwrap();
            assert_eq!(joining.len(), fewest as usize, "class {}: {:?}", class.class, rep.directions());
        }
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
