//! The generator itself: building it from a board and a hand, placing a
//! tile and taking it back, the hand, and listing and checking moves.

// Indexing here cannot panic on input: grid indices, open-cell slots, table numbers and orientation indices are the generator's own, computed from the frame, the tile set and the orientation table; none comes from a file.
#![allow(clippy::indexing_slicing)]

use std::sync::Arc;

use rustc_hash::FxHashMap;

use super::grid::Grid;
use super::local::Local;
use super::moves::{Counts, Move};
use super::pattern::{CORNER_SLOTS, Counting, NONE, Seen, bit};
use super::room::TableRoom;
use crate::model::{Board, Cell, Corners, Direction, TileId};
use crate::rules::table_cache::Table;
use crate::rules::variant::Variant;

/// An open cell and its pattern table.
#[derive(Clone, Copy, Debug)]
pub(super) struct Open {
    pub(super) cell: Cell,
    pub(super) table: u32,
}

/// What [`MoveGen::place`] changed, for [`MoveGen::unplace`] to restore: the
/// tables of the eight neighbours before (`NONE` outside the grid).
#[derive(Clone, Debug)]
pub(super) struct Undo {
    pub(super) at: Cell,
    pub(super) tables: [u32; 8],
}

/// Buffers [`MoveGen::moves_with_counts_after`] reuses.
#[derive(Clone, Debug, Default)]
pub(super) struct Scratch {
    /// Each listed move's local bit.
    pub(super) bits: Vec<u16>,
    /// Each local tile's moves on the board as it is.
    pub(super) own: Vec<Counts>,
    /// The hand without the tile of the move at hand (local bits).
    pub(super) without: Vec<u64>,
    /// The moves listed for [`MoveGen::counts_two_levels`] over several
    /// words.
    pub(super) listed: Vec<(Move, bool, Counts)>,
    /// Each local tile's moves on the cells read again after a move, as
    /// they were before it, for [`MoveGen::counts_two_levels_after`].
    pub(super) own_old: Vec<Counts>,
}

/// A board with its open cells' pattern tables kept up to date, and a hand.
///
/// Every cell of the dense grid knows its pattern table, occupied or not
/// (what its eight neighbours show), so placing a tile steps the tables of
/// its eight neighbours through memoised transitions (table, direction,
/// values on the shared corners) → table, and taking it back restores them.
/// The hand's orientations have a dense local index, so that a table's
/// moves for the hand are one AND per word (one word for up to 64
/// orientations).
#[derive(Clone, Debug)]
pub struct MoveGen<'v> {
    pub(super) variant: &'v Variant,
    pub(super) board: Board,
    hand: Box<[u64]>,
    pub(super) grid: Grid,
    pub(super) open: Vec<Open>,
    pub(super) tables: Vec<Arc<Table>>,
    /// Each table's pattern key.
    pub(super) keys: Vec<u64>,
    pub(super) by_pattern: FxHashMap<u64, u32>,
    /// `CORNER_SLOTS` per table: the table after one more neighbour's
    /// corners, or `NONE` until first needed.
    pub(super) corner_next: Vec<u32>,
    /// `WEIGHT_SLOTS` per table (only where R5 applies): the table after one
    /// more counting neighbour weight.
    pub(super) weight_next: Vec<u32>,
    /// The table of the empty pattern.
    pub(super) empty: u32,
    pub(super) local: Local,
    pub(super) undo: Vec<Undo>,
    /// Buffers [`MoveGen::moves_with_counts_after`] reuses.
    pub(super) scratch: Scratch,
    /// Which neighbours count, read once from the rules.
    pub(super) counts: Counting,
    /// What its tables take, and when to look at the room for them again.
    pub(super) room: TableRoom,
    /// How many times it has let go of unused tables and renumbered the
    /// rest ([`MoveGen::compact`]).
    pub(super) compactions: u64,
}

impl<'v> MoveGen<'v> {
    /// The move generator for `board` and `hand` under `variant`.
    pub fn new(variant: &'v Variant, board: &Board, hand: &[TileId]) -> MoveGen<'v> {
        let words = variant.orientations().len().div_ceil(64);
        let set = variant.tile_set();
        let tiles = hand.iter().filter_map(|&t| set.index(t)).map(|t| t as u16).collect();
        let mut generator = MoveGen {
            variant,
            board: board.clone(),
            hand: vec![0; words].into_boxed_slice(),
            grid: Grid::empty(),
            open: Vec::new(),
            tables: Vec::new(),
            keys: Vec::new(),
            by_pattern: FxHashMap::default(),
            // Room for the tables a generator typically meets.
            corner_next: Vec::with_capacity(128 * CORNER_SLOTS),
            weight_next: Vec::new(),
            empty: 0,
            local: Local::new(variant, tiles, &[]),
            undo: Vec::new(),
            scratch: Scratch::default(),
            counts: Counting::of(variant),
            room: TableRoom::default(),
            compactions: 0,
        };
        generator.room = TableRoom::new(generator.table_bytes());
        generator.empty = generator.table_for(0);
        for &tile in hand {
            generator.add_to_hand(tile);
        }
        generator.rebuild_grid(None);
        generator.open_all();
        generator
    }

    /// The board as it stands.
    pub fn board(&self) -> &Board {
        &self.board
    }

    /// The variant in force.
    pub fn variant(&self) -> &'v Variant {
        self.variant
    }

    fn set_hand_bits(&mut self, tile: TileId, on: bool) {
        let Some(t) = self.variant.tile_set().index(tile) else { return };
        // A tile's orientations are numbered in one run: a mask per word
        // (placing and taking back do this once each).
        let std::ops::Range { start: mut k, end } = self.variant.orientations().range_of(t);
        while k < end {
            let stop = end.min((k / 64 + 1) * 64);
            let bits = (u64::MAX >> (64 - (stop - k))) << (k % 64);
            if let Some(word) = self.hand.get_mut(k / 64) {
                if on {
                    *word |= bits;
                } else {
                    *word &= !bits;
                }
            }
            k = stop;
        }
        if on && self.local.of_tile[t] == NONE {
            // A tile new to the hand: a wider index.
            let mut tiles = self.local.tiles.clone();
            tiles.push(t as u16);
            self.local = Local::new(self.variant, tiles, &self.tables);
            self.local.sync_hand(&self.hand);
        } else if self.local.of_tile[t] != NONE {
            self.set_local_hand_bits(self.local.of_tile[t] as usize, on);
        }
    }

    /// Sets or clears the local bits of the `i`-th local tile.
    fn set_local_hand_bits(&mut self, i: usize, on: bool) {
        let w = self.local.words;
        for (h, &m) in self.local.hand.iter_mut().zip(&self.local.masks[i * w..(i + 1) * w]) {
            if on {
                *h |= m;
            } else {
                *h &= !m;
            }
        }
    }

    /// Adds a tile to the hand (tiles outside the tile set are ignored).
    pub fn add_to_hand(&mut self, tile: TileId) {
        self.set_hand_bits(tile, true);
    }

    /// Takes a tile out of the hand.
    pub fn remove_from_hand(&mut self, tile: TileId) {
        self.set_hand_bits(tile, false);
    }

    /// Places a tile (unchecked: pass only legal moves) and updates the
    /// patterns around it. The tile leaves the hand.
    pub fn place(&mut self, at: Cell, corners: Corners) {
        if self.tables.len() >= self.room.look_at {
            self.look_at_room();
        }
        if !self.grid.inside(at, 2) {
            self.rebuild_grid(Some(at));
        }
        let replaced = self.board.insert(at, corners).is_some();
        self.grid.set_tile(at, Some(corners));
        self.remove_from_hand(corners.id());
        let seen = Seen::of(corners);
        if let (Some(seen), false, true) = (seen, replaced, self.grid.inside(at, 2)) {
            self.place_inside(at, &seen);
            return;
        }
        match seen {
            Some(seen) if !replaced => {
                let mut tables = [NONE; 8];
                for (old, dir) in tables.iter_mut().zip(Direction::ALL) {
                    if let Some(i) = self.grid.index(at.neighbour(dir)) {
                        *old = self.grid.tables[i];
                        self.grid.tables[i] = match (self.grid.tiles[i], *old) {
                            (None, table) if table != NONE => self.step(table, dir.opposite(), &seen),
                            _ => NONE,
                        };
                    }
                }
                self.undo.push(Undo { at, tables });
            }
            _ => {
                self.undo.clear();
                self.recompute_around(at);
            }
        }
        self.refresh(at);
        for dir in Direction::ALL {
            self.refresh(at.neighbour(dir));
        }
    }

    /// [`MoveGen::place`] two cells or more inside the grid, the tile
    /// already on the board and in the grid: its neighbours' tables step,
    /// the cell closes, its empty edge neighbours open.
    fn place_inside(&mut self, at: Cell, seen: &Seen) {
        let Some((c, around)) = self.grid.indices(at) else { return };
        let mut tables = [NONE; 8];
        for ((old, dir), &i) in tables.iter_mut().zip(Direction::ALL).zip(&around) {
            *old = self.grid.tables[i];
            if self.grid.tiles[i].is_some() {
                // Forgotten until needed (see `table_at`).
                self.grid.tables[i] = NONE;
                continue;
            }
            // The tile seen from the neighbour lies the opposite way.
            let table = match *old {
                NONE => self.fresh_table(at.neighbour(dir)),
                old => self.step(old, dir.opposite(), seen),
            };
            self.grid.tables[i] = table;
            match self.grid.slots[i] {
                NONE if dir.is_edge() => self.open_at(at.neighbour(dir), i, table),
                NONE => {}
                s => self.open[s as usize].table = table,
            }
        }
        self.close_at(c);
        self.undo.push(Undo { at, tables });
    }

    /// Opens the cell `cell` at grid index `i` with table `table`.
    #[inline]
    fn open_at(&mut self, cell: Cell, i: usize, table: u32) {
        self.grid.slots[i] = self.open.len() as u32;
        self.open.push(Open { cell, table });
    }

    /// Closes the cell at grid index `i`, if open.
    #[inline]
    fn close_at(&mut self, i: usize) {
        let s = self.grid.slots[i];
        if s == NONE {
            return;
        }
        self.grid.slots[i] = NONE;
        self.open.swap_remove(s as usize);
        if let Some(moved) = self.open.get(s as usize) {
            self.grid.set_slot(moved.cell, Some(s as usize));
        }
    }

    /// Takes the tile off `at` (undoing [`MoveGen::place`]) and returns it to
    /// the hand.
    pub fn unplace(&mut self, at: Cell) {
        if self.tables.len() >= self.room.look_at {
            self.look_at_room();
        }
        let Some(corners) = self.board.remove(at) else { return };
        self.add_to_hand(corners.id());
        self.grid.set_tile(at, None);
        match self.undo.pop() {
            // The last placement: its neighbours' tables come back.
            Some(undo) if undo.at == at => {
                if self.grid.inside(at, 2) {
                    self.unplace_inside(at, &undo.tables);
                    return;
                }
                for (&old, dir) in undo.tables.iter().zip(Direction::ALL) {
                    if let Some(i) = self.grid.index(at.neighbour(dir)) {
                        self.grid.tables[i] = old;
                    }
                }
            }
            // Taken back out of order: recomputed, and nothing older is
            // restored any more.
            _ => {
                self.undo.clear();
                self.recompute_around(at);
            }
        }
        self.table_at(at);
        self.refresh(at);
        for dir in Direction::ALL {
            self.refresh(at.neighbour(dir));
        }
    }

    /// [`MoveGen::unplace`] of the last placement, two cells or more inside
    /// the grid, the tile already off the board and the grid: the
    /// neighbours' tables come back, the cell opens, its empty edge
    /// neighbours with no other tile on a side close.
    fn unplace_inside(&mut self, at: Cell, tables: &[u32; 8]) {
        let Some((c, around)) = self.grid.indices(at) else { return };
        for ((&table, dir), &i) in tables.iter().zip(Direction::ALL).zip(&around) {
            self.grid.tables[i] = table;
            if self.grid.tiles[i].is_some() {
                continue;
            }
            let s = self.grid.slots[i];
            if dir.is_edge() && !self.grid.has_edge_tile(i) {
                self.close_at(i);
            } else if s != NONE {
                self.open[s as usize].table = table;
            }
        }
        // Its own table is known again, open or not.
        let table = self.table_at(at);
        if self.grid.has_edge_tile(c) && self.grid.slots[c] == NONE {
            self.open_at(at, c, table);
        }
    }

    /// True when no tile is left in the hand.
    pub fn hand_is_empty(&self) -> bool {
        self.hand.iter().all(|&w| w == 0)
    }

    /// The tiles in the hand, ascending.
    pub fn hand(&self) -> Vec<TileId> {
        let set = self.variant.tile_set();
        set.ids()
            .enumerate()
            .filter(|&(t, _)| {
                let r = self.variant.orientations().range_of(t);
                r.clone().any(|k| self.hand[k / 64] >> (k % 64) & 1 != 0)
            })
            .map(|(_, id)| id)
            .collect()
    }

    /// The number of open cells (empty cells sharing a side with a tile).
    pub fn open_cells(&self) -> usize {
        self.open.len()
    }

    /// Every legal move of a hand tile, appended to `out` cell by cell.
    pub fn legal_moves(&self, out: &mut Vec<Move>) {
        for open in &self.open {
            self.moves_of(open, false, |m, _| out.push(m));
        }
    }

    /// Every legal move of a hand tile, appended to `out` cell by cell, each
    /// with whether it earns the bonus choice (R7), read from the same table
    /// as the move (where [`MoveGen::is_bonus`] looks the cell up again).
    /// With `near`, only at the open cells among the eight around it: where
    /// a tile placed there can have changed what is legal. With
    /// `bonus_only`, only the moves that earn the bonus; it returns whether
    /// a legal move that earns none was left out.
    pub fn legal_moves_marked(&self, near: Option<Cell>, bonus_only: bool, out: &mut Vec<(Move, bool)>) -> bool {
        let mut left_out = false;
        for open in &self.open {
            if near.is_some_and(|at| (open.cell.x - at.x).abs() > 1 || (open.cell.y - at.y).abs() > 1) {
                continue;
            }
            left_out |= self.moves_of(open, bonus_only, |m, earns| out.push((m, earns)));
        }
        left_out
    }

    /// Hands each legal move of a hand tile at `open` to `push`, with
    /// whether it earns the bonus choice; with `bonus_only`, only those
    /// that earn it, returning whether one that earns none was left out.
    #[inline]
    fn moves_of(&self, open: &Open, bonus_only: bool, mut push: impl FnMut(Move, bool)) -> bool {
        let local = &self.local;
        let (legal, bonus) = local.bits(open.table);
        let mut left_out = false;
        for (w, ((&l, &b), &h)) in legal.iter().zip(bonus).zip(&local.hand).enumerate() {
            let mut bits = l & h;
            if bonus_only {
                left_out |= bits & !b != 0;
                bits &= b;
            }
            while bits != 0 {
                let k = bits.trailing_zeros();
                let j = w * 64 + k as usize;
                push(Move { at: open.cell, orientation: local.orientation[j] }, b >> k & 1 != 0);
                bits &= bits - 1;
            }
        }
        left_out
    }

    /// Whether a legal move earns the bonus choice (R7).
    pub fn is_bonus(&self, m: Move) -> bool {
        self.table_of(m.at).is_some_and(|t| bit(&t.bonus, usize::from(m.orientation)))
    }

    /// Whether a move (of any tile, in hand or not) is legal on this board.
    pub fn is_legal(&self, m: Move) -> bool {
        self.table_of(m.at).is_some_and(|t| bit(&t.legal, usize::from(m.orientation)))
    }

    fn table_of(&self, cell: Cell) -> Option<&Table> {
        let i = self.grid.slot(cell)?;
        Some(&self.tables[self.open[i].table as usize])
    }

    /// Recomputes the grid's tables of the eight neighbours of `at`.
    fn recompute_around(&mut self, at: Cell) {
        for dir in Direction::ALL {
            let n = at.neighbour(dir);
            if let Some(i) = self.grid.index(n) {
                self.grid.tables[i] = if self.grid.tiles[i].is_some() { NONE } else { self.fresh_table(n) };
            }
        }
    }

    /// A new grid around the board (and `extra`), every cell's table
    /// computed afresh, the open cells' slots carried over.
    fn rebuild_grid(&mut self, extra: Option<Cell>) {
        let mut grid = Grid::around(&self.board, extra, self.empty);
        for (i, open) in self.open.iter().enumerate() {
            grid.set_slot(open.cell, Some(i));
        }
        self.grid = grid;
        let cells: Vec<Cell> = self.board.iter().map(|(cell, _)| cell).collect();
        for cell in cells {
            for dir in Direction::ALL {
                let n = cell.neighbour(dir);
                // An empty cell next to a tile has a table other than the
                // empty pattern's once computed (or the empty one again:
                // cheap); an occupied cell's waits until it is needed.
                if let Some(i) = self.grid.index(n).filter(|&i| self.grid.tables[i] == self.empty) {
                    self.grid.tables[i] = self.fresh_table(n);
                }
            }
        }
    }

    /// Lists the open cells of a new generator, in reading order.
    fn open_all(&mut self) {
        if !self.board.iter().all(|(cell, _)| self.grid.inside(cell, 2)) {
            for cell in self.board.open_cells() {
                self.refresh(cell);
            }
            return;
        }
        // Every open cell lies inside by one, within the board's bounds and
        // one more: those rows in order.
        let Some((lo, hi)) = self.board.bounds() else { return };
        for y in lo.y - 1..=hi.y + 1 {
            for x in lo.x - 1..=hi.x + 1 {
                let cell = Cell::new(x, y);
                let Some(i) = self.grid.index(cell) else { continue };
                if self.grid.tiles[i].is_none() && self.grid.has_edge_tile(i) {
                    let table = self.table_at(cell);
                    self.open_at(cell, i, table);
                }
            }
        }
    }

    /// Recomputes whether `cell` is open and, if so, its table.
    fn refresh(&mut self, cell: Cell) {
        let open = self.grid.tile(&self.board, cell).is_none()
            && Direction::EDGES.iter().any(|&d| self.grid.tile(&self.board, cell.neighbour(d)).is_some());
        match (open, self.grid.slot(cell)) {
            (false, None) => {}
            (false, Some(i)) => {
                self.open.swap_remove(i);
                self.grid.set_slot(cell, None);
                if let Some(moved) = self.open.get(i) {
                    self.grid.set_slot(moved.cell, Some(i));
                }
            }
            (true, slot) => {
                let table = self.table_at(cell);
                match slot {
                    Some(i) => self.open[i].table = table,
                    None => {
                        self.grid.set_slot(cell, Some(self.open.len()));
                        self.open.push(Open { cell, table });
                    }
                }
            }
        }
    }
}
