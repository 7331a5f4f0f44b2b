//! The dense grid the generator keeps of the board around its tiles.

// Indexing here cannot panic on input: a cell's index and its neighbours' come from the frame the grid was built with, and only for cells inside it by one; none comes from a file.
#![allow(clippy::indexing_slicing)]

use rustc_hash::FxHashMap;

use super::pattern::NONE;
use crate::model::{Board, Cell, Corners, Direction, Frame};

/// The board around its tiles as a dense grid, for the lookups move
/// generation makes by the million: each cell's tile, its pattern table (what
/// its neighbours show, kept for occupied cells too) and its slot among the
/// open cells. The grid covers the board's bounds and a margin; it is rebuilt
/// larger when a placement comes near its border. Cells outside it (only on
/// boards too spread out for a grid) are read from the board and a map.
#[derive(Clone, Debug)]
pub(super) struct Grid {
    frame: Frame,
    pub(super) tiles: Vec<Option<Corners>>,
    pub(super) tables: Vec<u32>,
    pub(super) slots: Vec<u32>,
    outside: FxHashMap<Cell, u32>,
}

/// Cells of margin around the board's bounds.
const MARGIN: i64 = 8;
/// The largest side a grid is given; a board spread wider is partly outside.
const MAX_SIDE: i64 = 1024;

impl Grid {
    /// A grid of no cells.
    pub(super) fn empty() -> Grid {
        Grid::around(&Board::new(), None, 0)
    }

    /// A grid around the board's tiles and `extra`, its tiles copied, every
    /// empty cell's table `empty`, every occupied cell's unknown.
    pub(super) fn around(board: &Board, extra: Option<Cell>, empty: u32) -> Grid {
        let (mut lo, mut hi) = board.bounds().or(extra.map(|c| (c, c))).unwrap_or((Cell::new(0, 0), Cell::new(0, 0)));
        if let Some(c) = extra {
            lo = Cell::new(lo.x.min(c.x), lo.y.min(c.y));
            hi = Cell::new(hi.x.max(c.x), hi.y.max(c.y));
        }
        let frame = Frame::around(lo, hi, MARGIN, MAX_SIDE);
        let mut grid = Grid {
            frame,
            tiles: vec![None; frame.len()],
            tables: vec![empty; frame.len()],
            slots: vec![NONE; frame.len()],
            outside: FxHashMap::default(),
        };
        for (cell, corners) in board.iter() {
            if let Some(i) = frame.index(cell) {
                grid.tiles[i] = Some(corners);
                grid.tables[i] = NONE;
            }
        }
        grid
    }

    #[inline]
    pub(super) fn index(&self, cell: Cell) -> Option<usize> {
        self.frame.index(cell)
    }

    /// Whether `cell` lies at least `inset` cells inside the grid's border.
    #[inline]
    pub(super) fn inside(&self, cell: Cell, inset: i64) -> bool {
        self.frame.inside(cell, inset)
    }

    #[inline]
    pub(super) fn tile(&self, board: &Board, cell: Cell) -> Option<Corners> {
        match self.index(cell) {
            Some(i) => self.tiles[i],
            None => board.get(cell),
        }
    }

    /// The index of `cell` and of its eight neighbours (in
    /// [`Direction::ALL`] order), when all are inside.
    #[inline]
    pub(super) fn indices(&self, cell: Cell) -> Option<(usize, [usize; 8])> {
        if !self.frame.inside(cell, 1) {
            return None;
        }
        let i = self.frame.index(cell)?;
        let w = self.frame.width();
        // N, NE, E, SE, S, SW, W, NW.
        Some((i, [i - w, i - w + 1, i + 1, i + w + 1, i + w, i + w - 1, i - 1, i - w - 1]))
    }

    /// Whether the cell at index `i` (inside by one) shares a side with a
    /// tile.
    #[inline]
    pub(super) fn has_edge_tile(&self, i: usize) -> bool {
        let w = self.frame.width();
        self.tiles[i - w].is_some()
            || self.tiles[i + 1].is_some()
            || self.tiles[i + w].is_some()
            || self.tiles[i - 1].is_some()
    }

    /// The tiles on the eight neighbours of `cell`, in [`Direction::ALL`]
    /// order.
    #[inline]
    pub(super) fn neighbours(&self, board: &Board, cell: Cell) -> [Option<Corners>; 8] {
        if let (true, Some(i)) = (self.frame.inside(cell, 1), self.frame.index(cell)) {
            let w = self.frame.width();
            let t = &self.tiles;
            // N, NE, E, SE, S, SW, W, NW.
            [t[i - w], t[i - w + 1], t[i + 1], t[i + w + 1], t[i + w], t[i + w - 1], t[i - 1], t[i - w - 1]]
        } else {
            Direction::ALL.map(|d| self.tile(board, cell.neighbour(d)))
        }
    }

    /// Puts `tile` (or no tile) on `cell` in the grid.
    #[inline]
    pub(super) fn set_tile(&mut self, cell: Cell, tile: Option<Corners>) {
        if let Some(i) = self.index(cell) {
            self.tiles[i] = tile;
        }
    }

    #[inline]
    pub(super) fn slot(&self, cell: Cell) -> Option<usize> {
        let s = match self.index(cell) {
            Some(i) => self.slots[i],
            None => self.outside.get(&cell).copied().unwrap_or(NONE),
        };
        (s != NONE).then_some(s as usize)
    }

    #[inline]
    pub(super) fn set_slot(&mut self, cell: Cell, slot: Option<usize>) {
        let s = slot.map_or(NONE, |s| s as u32);
        match self.index(cell) {
            Some(i) => self.slots[i] = s,
            None if s == NONE => {
                self.outside.remove(&cell);
            }
            None => {
                self.outside.insert(cell, s);
            }
        }
    }
}
