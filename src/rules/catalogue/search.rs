//! The search for a class's witness: the cells of its board (the
//! neighbours and the fewest cells that join them through sides) and a
//! depth-first search, judged by [`judge`], for the real position on them
//! that matches the most corners of the new tile.

// Indexing here cannot panic on input: cell indices index the layout's own tables, ring positions the 16-cell ring.
#![allow(clippy::indexing_slicing)]

use super::{JoiningTile, Neighbour, Neighbourhood, WITNESS_CELL, Witness};
use crate::model::{Board, BoardGraph, Cell, Corner, Corners, Direction};
use crate::rules::judge::{Legal, Placement, Verdict, contacts, judge};
use crate::rules::reading::{BonusCount, CornerMatch};
use crate::rules::variant::Variant;

/// The cells two steps from [`WITNESS_CELL`], clockwise from `[0, -2]`: a
/// ring of sixteen cells, each sharing a side with the next, that touch no
/// corner of the witness cell.
pub(super) const RING: [(i32, i32); 16] = [
    (0, -2),
    (1, -2),
    (2, -2),
    (2, -1),
    (2, 0),
    (2, 1),
    (2, 2),
    (1, 2),
    (0, 2),
    (-1, 2),
    (-2, 2),
    (-2, 1),
    (-2, 0),
    (-2, -1),
    (-2, -2),
    (-1, -2),
];

/// The ring cells (indices in [`RING`]) that share a side with the neighbour
/// `Direction::ALL[k]`, clockwise: one beyond a side neighbour, two beside a
/// diagonal one.
fn attachments(k: usize) -> Vec<usize> {
    if Direction::ALL[k].is_edge() { vec![2 * k] } else { vec![2 * k - 1, (2 * k + 1) % RING.len()] }
}

/// The fewest ring cells that join the neighbours of `rep` into one group
/// through sides, in the order a path through them takes; empty when the
/// neighbours already are one group.
///
/// The neighbours fall into runs of consecutive cells around the witness
/// cell (two neighbours share a side only when they are next to each other
/// around it). Run after run, clockwise, each is joined to the next by the
/// ring cells from its last cell beside it to the next run's first: all of
/// these bridges but one join every run, and the one left out is the one
/// that leaves the fewest cells. No set joins them with fewer: every cell
/// farther out can be pulled in onto the ring (its coordinates clamped to
/// ±2) without breaking a side contact, so the ring alone holds a smallest
/// joining set, and a unit test checks these against every subset of the
/// ring.
pub(super) fn joining_cells(rep: Neighbourhood) -> Vec<Cell> {
    let occupied: Vec<bool> = Direction::ALL.iter().map(|&d| rep.has(d)).collect();
    let Some(empty) = occupied.iter().position(|&o| !o) else { return Vec::new() };
    // Each run's first and last ring cell, clockwise from an empty neighbour.
    let mut runs: Vec<(usize, usize)> = Vec::new();
    let mut open: Option<(usize, usize)> = None;
    for step in 1..=8 {
        let k = (empty + step) % 8;
        match (occupied[k], open) {
            (true, None) => open = attachments(k).first().zip(attachments(k).last()).map(|(&a, &b)| (a, b)),
            (true, Some((first, _))) => open = attachments(k).last().map(|&b| (first, b)),
            (false, Some(run)) => {
                runs.push(run);
                open = None;
            }
            (false, None) => {}
        }
    }
    if runs.len() < 2 {
        return Vec::new();
    }
    let bridge = |i: usize| -> Vec<usize> {
        let (_, from) = runs[i];
        let (to, _) = runs[(i + 1) % runs.len()];
        let mut path = vec![from];
        let mut at = from;
        while at != to {
            at = (at + 1) % RING.len();
            path.push(at);
        }
        path
    };
    let bridges: Vec<Vec<usize>> = (0..runs.len()).map(bridge).collect();
    let joined = |left_out: usize| -> Vec<usize> {
        let mut cells: Vec<usize> = Vec::new();
        for i in 1..runs.len() {
            for &c in &bridges[(left_out + i) % runs.len()] {
                if !cells.contains(&c) {
                    cells.push(c);
                }
            }
        }
        cells
    };
    let best = (0..runs.len()).map(joined).min_by_key(Vec::len).unwrap_or_default();
    best.into_iter().map(|i| Cell::new(RING[i].0, RING[i].1)).collect()
}

/// The cells of a class's witness board: the neighbours, then the joining
/// cells; filled in this order.
pub(super) struct Layout {
    /// How many of `cells` are neighbours.
    pub(super) neighbours: usize,
    /// The neighbours' directions.
    dirs: Vec<Direction>,
    pub(super) cells: Vec<Cell>,
    /// `settled[k]`: the cells whose every neighbour on the board (and
    /// themselves) is filled once cell `k` is: their tiles can be judged
    /// then, and no later tile changes the verdict.
    settled: Vec<Vec<usize>>,
}

impl Layout {
    pub(super) fn new(rep: Neighbourhood) -> Layout {
        let dirs = rep.directions();
        let mut cells: Vec<Cell> = dirs.iter().map(|&d| WITNESS_CELL.neighbour(d)).collect();
        cells.extend(joining_cells(rep));
        let touching = |a: Cell, b: Cell| a != b && (a.x - b.x).abs() <= 1 && (a.y - b.y).abs() <= 1;
        let mut settled = vec![Vec::new(); cells.len()];
        for (i, &c) in cells.iter().enumerate() {
            let last = cells.iter().enumerate().filter(|&(_, &o)| touching(c, o)).map(|(j, _)| j).fold(i, usize::max);
            settled[last].push(i);
        }
        Layout { neighbours: dirs.len(), dirs, cells, settled }
    }
}

/// The best real board for the class laid out by `layout`: the witness with
/// whether it earns the bonus, and whether the search stopped at its
/// `budget` for some new tile.
///
/// Every orientation of every tile is tried as the new tile; for each, the
/// cells are filled in order by a depth-first search over the orientations
/// of the set, each tile at most once, those that show the values already
/// on the cell's lattice points (the new tile's first) tried first. A tile
/// is judged by [`judge`] as if placed last as soon as every cell around it
/// is filled, and the new tile as soon as the neighbours are, so a branch
/// that cannot become real, or cannot beat the best found, is cut at once.
/// A full board is checked once more as a whole ([`real`]). The search stops
/// as soon as every touched corner is matched, since no placement can match
/// more.
///
/// Boards on which no lattice point shows two values to tiles that count
/// for each other (R4) are searched first, under every variant: such a
/// board, side-connected, is real whatever R2, R3 and R5 say (every tile
/// matches every corner it touches, two at least across a side), and reads
/// at a glance. Where R2, R3 or R5 allow more, the variant's own boards are
/// searched only if no such board matches every touched corner.
pub(super) fn best_witness(
    variant: &Variant,
    layout: &Layout,
    touched: usize,
    budget: u32,
) -> (Option<(Witness, bool)>, bool) {
    let rules = variant.rules();
    let strict =
        rules.corner_match == CornerMatch::EveryValue && !rules.unmatched_corners.yes() && !rules.equal_weight.yes();
    let mut best: Option<(Witness, bool)> = None;
    let mut cut = false;
    for one_value in if strict { vec![true] } else { vec![true, false] } {
        cut = false;
        for &tile in variant.orientations().all() {
            let floor = best.as_ref().map(|(w, bonus)| rank(w.matched.len(), *bonus));
            let with_new: Board = [(WITNESS_CELL, tile)].into_iter().collect();
            let mut search = Search {
                variant,
                one_value,
                layout,
                tile,
                floor,
                touched,
                board: Board::new(),
                with_new,
                chosen: Vec::new(),
                budget,
                found: None,
            };
            search.descend();
            cut |= search.budget == 0 && !search.found.as_ref().is_some_and(|found| search.complete(found));
            if let Some(found) = search.found {
                best = Some(found);
            }
            if best.as_ref().is_some_and(|(w, bonus)| complete(variant, touched, w, *bonus)) {
                return (best, false);
            }
        }
    }
    (best, cut)
}

/// How good a witness is: a bonus first, then more matched corners. Where
/// the bonus counts matched corners (R26 = corners) it follows from them,
/// and the order is that of the matched corners alone.
fn rank(matched: usize, bonus: bool) -> usize {
    usize::from(bonus) * 8 + matched
}

/// Whether no witness can beat this one: every touched corner matched and,
/// where the bonus counts neighbouring values (R26), the bonus earned (more
/// neighbours showing the same values might still earn it).
fn complete(variant: &Variant, touched: usize, witness: &Witness, bonus: bool) -> bool {
    witness.matched.len() == touched && (bonus || variant.rules().bonus_count == BonusCount::Corners)
}

/// The search for one new tile.
struct Search<'a> {
    variant: &'a Variant,
    /// Only boards on which no lattice point shows two values to tiles
    /// that count for each other: what R2 = every-value, R3 = no and R5 = no
    /// ask, and the first boards searched under every variant.
    one_value: bool,
    layout: &'a Layout,
    tile: Corners,
    /// The [`rank`] of the best board found so far (for any new tile, this
    /// one included): only a board that beats it is wanted.
    floor: Option<usize>,
    touched: usize,
    board: Board,
    /// `board` with the new tile on [`WITNESS_CELL`].
    with_new: Board,
    /// The tiles on `layout.cells`, in order.
    chosen: Vec<Corners>,
    /// Tiles tried before giving up on this new tile.
    budget: u32,
    found: Option<(Witness, bool)>,
}

impl Search<'_> {
    fn done(&self) -> bool {
        self.budget == 0 || self.found.as_ref().is_some_and(|found| self.complete(found))
    }

    fn complete(&self, (witness, bonus): &(Witness, bool)) -> bool {
        complete(self.variant, self.touched, witness, *bonus)
    }

    fn descend(&mut self) {
        let k = self.chosen.len();
        let Some(&cell) = self.layout.cells.get(k) else {
            self.finish();
            return;
        };
        // What the cell's lattice points already show: the new tile's
        // values first, then the placed tiles'.
        let mut shown: [Option<u8>; 4] = [None; 4];
        for new_tile in [true, false] {
            for dir in Direction::ALL {
                let other = cell.neighbour(dir);
                let theirs =
                    if new_tile { (other == WITNESS_CELL).then_some(self.tile) } else { self.board.get(other) };
                let Some(theirs) = theirs else { continue };
                for &(mine, at) in dir.shared_corners() {
                    let _ = shown[mine.index()].get_or_insert(theirs.at(at));
                }
            }
        }
        // On a board where a point shows one value, a tile that shows another
        // value than a neighbour that counts (R4) cannot stand, however the
        // board is completed (tiles added later only add values): only tiles
        // that show those values are tried. The new tile counts too.
        let mut required: [Option<u8>; 4] = [None; 4];
        if self.one_value {
            for contact in contacts(&self.with_new, self.variant, cell, self.tile) {
                let mut values = contact.found.iter().map(|f| f.1);
                let first = values.next();
                if values.any(|v| Some(v) != first) {
                    return;
                }
                required[contact.corner.index()] = first;
            }
        }
        let fits = |c: &Corners| Corner::ALL.iter().all(|&x| required[x.index()].is_none_or(|v| c.at(x) == v));
        let agrees = |c: &Corners| Corner::ALL.iter().all(|&x| shown[x.index()].is_none_or(|v| c.at(x) == v));
        let all = self.variant.orientations().all();
        let candidates =
            all.iter().filter(|c| fits(c) && agrees(c)).chain(all.iter().filter(|c| fits(c) && !agrees(c)));
        for &c in candidates {
            if self.done() {
                return;
            }
            if c.id() == self.tile.id() || self.chosen.iter().any(|k| k.id() == c.id()) {
                continue;
            }
            self.budget -= 1;
            self.board.insert(cell, c);
            self.with_new.insert(cell, c);
            self.chosen.push(c);
            if self.settled(k) {
                self.descend();
            }
            self.chosen.pop();
            self.board.remove(cell);
            self.with_new.remove(cell);
        }
    }

    /// With cell `k` just filled: is every tile it settles legal as if
    /// placed last, and, once the neighbours are all filled, is the new tile
    /// legal and better than the best found?
    fn settled(&mut self, k: usize) -> bool {
        if self.layout.cells.len() > 1 {
            for &i in &self.layout.settled[k] {
                if !legal_as_last(&mut self.board, self.variant, self.layout.cells[i]) {
                    return false;
                }
            }
        }
        if k + 1 == self.layout.neighbours {
            let p = Placement { tile: self.tile.id(), at: WITNESS_CELL, corners: self.tile };
            let Verdict::Legal(legal) = judge(&self.board, self.variant, p, None) else { return false };
            if self.floor.is_some_and(|f| rank(usize::from(legal.matched), legal.bonus) <= f) {
                return false;
            }
        }
        true
    }

    /// A full board: keep it when it is real and beats the best found.
    fn finish(&mut self) {
        let Some(legal) = real(&self.board, self.variant, self.tile) else { return };
        let ranked = rank(usize::from(legal.matched), legal.bonus);
        if self.floor.is_some_and(|b| ranked <= b) {
            return;
        }
        self.floor = Some(ranked);
        let n = self.layout.neighbours;
        let neighbours = self.layout.dirs.iter().zip(&self.chosen).map(|(&at, &tile)| Neighbour { at, tile }).collect();
        let joining =
            self.layout.cells[n..].iter().zip(&self.chosen[n..]).map(|(&at, &tile)| JoiningTile { at, tile }).collect();
        let witness = Witness { tile: self.tile, neighbours, joining, matched: legal.matched_corners() };
        self.found = Some((witness, legal.bonus));
    }
}

/// Whether the tile on `cell` is legal as if it had been placed last on
/// `board` (which holds it, and holds it again afterwards).
fn legal_as_last(board: &mut Board, variant: &Variant, cell: Cell) -> bool {
    let Some(corners) = board.remove(cell) else { return false };
    let legal = judge(board, variant, Placement { tile: corners.id(), at: cell, corners }, None).is_legal();
    board.insert(cell, corners);
    legal
}

/// The judge's verdict on placing `tile` on [`WITNESS_CELL`] of `position`,
/// when that is a legal placement on a real position that leaves a real
/// board: the position is one group through sides (S10) of distinct tiles of
/// the set in orientations R1 allows, and every tile of it, before the
/// placement and after, is legal as if it had been placed last (a position
/// of one tile is an opening, which needs no contact).
fn real(position: &Board, variant: &Variant, tile: Corners) -> Option<Legal> {
    let tiles = position.tiles();
    let set = variant.tile_set();
    let ids: std::collections::BTreeSet<_> = tiles.iter().map(|(_, c)| c.id()).chain([tile.id()]).collect();
    let proper = |c: Corners| set.contains(c.id()) && variant.orientations().index(c).is_some();
    if ids.len() != tiles.len() + 1 || !tiles.iter().all(|&(_, c)| proper(c)) || !proper(tile) {
        return None;
    }
    if !BoardGraph::new(position).is_side_connected() {
        return None;
    }
    let mut board = position.clone();
    if tiles.len() > 1 && !tiles.iter().all(|&(cell, _)| legal_as_last(&mut board, variant, cell)) {
        return None;
    }
    let Verdict::Legal(legal) =
        judge(&board, variant, Placement { tile: tile.id(), at: WITNESS_CELL, corners: tile }, None)
    else {
        return None;
    };
    board.insert(WITNESS_CELL, tile);
    let after = tiles.iter().map(|&(cell, _)| cell).chain([WITNESS_CELL]).collect::<Vec<_>>();
    after.into_iter().all(|cell| legal_as_last(&mut board, variant, cell)).then_some(legal)
}
