//! The board: which cell holds which placed tile. The board knows geometry
//! only; whether a placement is allowed is for [`crate::rules`] to judge.

use rustc_hash::FxHashMap;

use super::cell::{Cell, Corner, Direction, Point};
use super::tile::{Corners, TileId};

/// Placed tiles by cell.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Board {
    cells: FxHashMap<Cell, Corners>,
}

impl Board {
    /// An empty board.
    pub fn new() -> Board {
        Board::default()
    }

    /// Places `corners` on `cell`, returning what was there before. No rule is
    /// checked: use [`crate::rules::judge`] first.
    pub fn insert(&mut self, cell: Cell, corners: Corners) -> Option<Corners> {
        self.cells.insert(cell, corners)
    }

    /// Takes the tile off `cell`.
    pub fn remove(&mut self, cell: Cell) -> Option<Corners> {
        self.cells.remove(&cell)
    }

    /// The tile on `cell`, if any.
    pub fn get(&self, cell: Cell) -> Option<Corners> {
        self.cells.get(&cell).copied()
    }

    /// True when `cell` holds a tile.
    pub fn is_occupied(&self, cell: Cell) -> bool {
        self.cells.contains_key(&cell)
    }

    /// Number of placed tiles.
    pub fn len(&self) -> usize {
        self.cells.len()
    }

    /// True when no tile is placed.
    pub fn is_empty(&self) -> bool {
        self.cells.is_empty()
    }

    /// Every placed tile, sorted by y then x (reading order).
    pub fn tiles(&self) -> Vec<(Cell, Corners)> {
        let mut all: Vec<_> = self.cells.iter().map(|(&c, &t)| (c, t)).collect();
        all.sort_unstable_by_key(|&(c, _)| (c.y, c.x));
        all
    }

    /// Every placed tile, in no particular order.
    pub fn iter(&self) -> impl Iterator<Item = (Cell, Corners)> + '_ {
        self.cells.iter().map(|(&c, &t)| (c, t))
    }

    /// True when a tile with this identity is on the board.
    pub fn holds_tile(&self, id: TileId) -> bool {
        self.cells.values().any(|c| c.id() == id)
    }

    /// The placed neighbour of `cell` in `dir`, if any.
    pub fn neighbour(&self, cell: Cell, dir: Direction) -> Option<Corners> {
        self.get(cell.neighbour(dir))
    }

    /// True when `cell` shares a side with a placed tile.
    pub fn has_side_contact(&self, cell: Cell) -> bool {
        Direction::EDGES.iter().any(|&d| self.is_occupied(cell.neighbour(d)))
    }

    /// The empty cells that share a side with a placed tile, the only cells a
    /// tile may go to (S10), in reading order.
    pub fn open_cells(&self) -> Vec<Cell> {
        let mut open: Vec<Cell> = self
            .cells
            .keys()
            .flat_map(|&c| Direction::EDGES.map(|d| c.neighbour(d)))
            .filter(|&c| !self.is_occupied(c))
            .collect();
        open.sort_unstable_by_key(|c| (c.y, c.x));
        open.dedup();
        open
    }

    /// The values placed tiles show at lattice point `point`, with the
    /// direction (seen from `from`) of the tile that shows each; `from` is the
    /// cell being judged, whose own corner sits on `point`.
    pub fn values_at(&self, from: Cell, corner: Corner) -> impl Iterator<Item = (Direction, u8)> + '_ {
        Direction::ALL.into_iter().filter_map(move |dir| {
            let theirs = dir.shared_corners().iter().find(|(mine, _)| *mine == corner)?.1;
            self.neighbour(from, dir).map(|t| (dir, t.at(theirs)))
        })
    }

    /// The smallest and largest x and y of placed cells, or `None` when empty.
    pub fn bounds(&self) -> Option<(Cell, Cell)> {
        let xs = self.cells.keys().map(|c| c.x);
        let ys = self.cells.keys().map(|c| c.y);
        Some((Cell::new(xs.clone().min()?, ys.clone().min()?), Cell::new(xs.max()?, ys.max()?)))
    }

    /// The same tiles moved by `(dx, dy)`.
    pub fn shifted(&self, dx: i32, dy: i32) -> Board {
        Board { cells: self.cells.iter().map(|(c, &t)| (c.shifted(dx, dy), t)).collect() }
    }

    /// The whole board turned a quarter clockwise about the origin point.
    pub fn rotated_cw(&self) -> Board {
        Board { cells: self.cells.iter().map(|(c, &t)| (c.rotate_cw(), t.rotate_cw())).collect() }
    }

    /// The lattice point at `corner` of `cell` (a convenience for reports).
    pub fn point(cell: Cell, corner: Corner) -> Point {
        cell.point(corner)
    }
}

impl FromIterator<(Cell, Corners)> for Board {
    fn from_iter<I: IntoIterator<Item = (Cell, Corners)>>(iter: I) -> Board {
        Board { cells: iter.into_iter().collect() }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn board() -> Board {
        [
            (Cell::new(0, 0), Corners([5, 5, 5, 5])),
            (Cell::new(0, -1), Corners([0, 1, 5, 5])),
            (Cell::new(1, 0), Corners([5, 5, 2, 5])),
        ]
        .into_iter()
        .collect()
    }

    #[test]
    fn values_at_a_corner_come_from_every_tile_on_that_point() {
        let b = board();
        // The ne corner of [0, 0]'s north-east cell [1, -1]: nothing there.
        let at: Vec<_> = b.values_at(Cell::new(1, -1), Corner::Ne).collect();
        assert!(at.is_empty());
        // The sw corner of [1, -1] is the point (1, 0): [0,-1] se (5), [0,0] ne (5), [1,0] nw (5).
        let mut at: Vec<_> = b.values_at(Cell::new(1, -1), Corner::Sw).collect();
        at.sort();
        assert_eq!(at, vec![(Direction::S, 5), (Direction::SW, 5), (Direction::W, 5)]);
        // Its nw corner (1, -1) touches only [0, -1]'s ne (1).
        assert_eq!(b.values_at(Cell::new(1, -1), Corner::Nw).collect::<Vec<_>>(), vec![(Direction::W, 1)]);
    }

    #[test]
    fn open_cells_share_a_side_with_a_tile() {
        let b = board();
        let open = b.open_cells();
        assert!(open.contains(&Cell::new(1, -1)));
        assert!(!open.contains(&Cell::new(2, -1)), "diagonal only");
        assert!(!open.contains(&Cell::new(0, 0)), "occupied");
        assert_eq!(open.len(), 7);
    }

    #[test]
    fn rotating_the_board_rotates_every_tile() {
        let b = board().rotated_cw();
        assert_eq!(b.get(Cell::new(-1, 1)), Some(Corners([5, 5, 5, 2])));
        assert_eq!(board().rotated_cw().rotated_cw().rotated_cw().rotated_cw(), board());
    }
}

/// A rectangle of cells laid out row by row, for boards kept as dense
/// arrays where lookups are hot (move generation, fills): where a cell sits
/// in such an array, and whether it lies well inside.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Frame {
    x0: i64,
    y0: i64,
    width: i64,
    height: i64,
}

impl Frame {
    /// The cells from `lo` to `hi` (inclusive) and `margin` more on every
    /// side, each side at most `max_side` cells.
    pub fn around(lo: Cell, hi: Cell, margin: i64, max_side: i64) -> Frame {
        let side = |lo: i32, hi: i32| ((i64::from(hi) - i64::from(lo)) + 1 + 2 * margin).min(max_side);
        Frame {
            x0: i64::from(lo.x) - margin,
            y0: i64::from(lo.y) - margin,
            width: side(lo.x, hi.x),
            height: side(lo.y, hi.y),
        }
    }

    /// How many cells it holds.
    pub fn len(&self) -> usize {
        (self.width * self.height) as usize
    }

    /// True when it holds none.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// The row width: the index step from a cell to the one south of it.
    pub fn width(&self) -> usize {
        self.width as usize
    }

    /// Where `cell` sits, if it is inside.
    #[inline]
    pub fn index(&self, cell: Cell) -> Option<usize> {
        self.inside(cell, 0).then(|| self.index_unchecked(cell))
    }

    /// Whether `cell` lies at least `inset` cells inside the border.
    #[inline]
    pub fn inside(&self, cell: Cell, inset: i64) -> bool {
        let (dx, dy) = (i64::from(cell.x) - self.x0, i64::from(cell.y) - self.y0);
        dx >= inset && dy >= inset && dx < self.width - inset && dy < self.height - inset
    }

    /// Where `cell` sits; only for a cell known to be inside.
    #[inline]
    fn index_unchecked(&self, cell: Cell) -> usize {
        ((i64::from(cell.y) - self.y0) * self.width + (i64::from(cell.x) - self.x0)) as usize
    }
}
