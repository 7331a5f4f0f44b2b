//! The generator's tables: each pattern table it meets numbered once and
//! projected onto the hand, each cell's table found, and a table's
//! transitions when one more neighbour arrives, memoised per table.

// Indexing here cannot panic on input: table numbers are the generator's own, handed out by `table_for`, grid indices come from its frame and transition slots from a direction; none comes from a file.
#![allow(clippy::indexing_slicing)]

use std::sync::Arc;

use super::generator::MoveGen;
use super::pattern::{
    CORNER_SLOTS, NONE, Seen, WEIGHT_SLOTS, WEIGHTS_AT, first_slot, key_around, key_with_corners, shared_table,
};
use crate::model::{Cell, Direction};
use crate::rules::reading::BonusCount;
use crate::rules::table_cache::Table;

impl MoveGen<'_> {
    /// The pattern table of `cell` (for an occupied cell: as if it were
    /// empty).
    #[inline]
    pub(super) fn table_at(&mut self, cell: Cell) -> u32 {
        match self.grid.index(cell) {
            Some(i) if self.grid.tables[i] != NONE => self.grid.tables[i],
            // An occupied cell's table is forgotten while its neighbours
            // change, and found again when needed.
            Some(i) => {
                let table = self.fresh_table(cell);
                self.grid.tables[i] = table;
                table
            }
            None => self.fresh_table(cell),
        }
    }

    /// The pattern table of `cell` computed from its neighbours.
    pub(super) fn fresh_table(&mut self, cell: Cell) -> u32 {
        let key = self.key_at(cell);
        self.table_for(key)
    }

    /// The table `table` becomes with one more neighbour tile, `seen` from
    /// a cell that has it in direction `dir`. Memoised per table.
    #[inline]
    pub(super) fn step(&mut self, table: u32, dir: Direction, seen: &Seen) -> u32 {
        let edge = dir.is_edge();
        let mut t = table;
        if edge || self.counts.diagonal {
            let slot = usize::from(seen.slots[dir as usize]);
            t = match self.corner_next.get(t as usize * CORNER_SLOTS + slot) {
                Some(&next) if next != NONE => next,
                _ => self.step_corners(t, dir, slot),
            };
        }
        if self.counts.equal_weight && (edge || self.counts.weight_diagonal) {
            let w = usize::from(seen.weight);
            t = match self.weight_next.get(t as usize * WEIGHT_SLOTS + w) {
                Some(&next) if next != NONE => next,
                _ => self.step_weight(t, w),
            };
        }
        t
    }

    /// [`MoveGen::step`] by the corners, the first time.
    #[cold]
    fn step_corners(&mut self, table: u32, dir: Direction, slot: usize) -> u32 {
        let code = (slot - first_slot(dir)) as u8;
        let rules = self.variant.rules();
        let count_values = rules.bonus_count == BonusCount::Values;
        let key = key_with_corners(rules.corner_match, count_values, self.keys[table as usize], dir, code);
        let next = self.table_for(key);
        if let Some(memo) = self.corner_next.get_mut(table as usize * CORNER_SLOTS + slot) {
            *memo = next;
        }
        next
    }

    /// [`MoveGen::step`] by the weight, the first time.
    #[cold]
    fn step_weight(&mut self, table: u32, weight: usize) -> u32 {
        let key = self.keys[table as usize] | 1 << (WEIGHTS_AT as usize + weight);
        let next = self.table_for(key);
        if let Some(memo) = self.weight_next.get_mut(table as usize * WEIGHT_SLOTS + weight) {
            *memo = next;
        }
        next
    }

    /// The pattern key of an empty cell from its neighbours.
    fn key_at(&self, cell: Cell) -> u64 {
        // Each neighbour is looked up once; its shared corners feed ours.
        let neighbours = self.grid.neighbours(&self.board, cell);
        key_around(self.variant, Direction::ALL.into_iter().zip(neighbours).filter_map(|(d, t)| Some((d, t?))))
    }

    pub(super) fn table_for(&mut self, key: u64) -> u32 {
        if let Some(&t) = self.by_pattern.get(&key) {
            return t;
        }
        let shared = shared_table(self.variant, key);
        self.push_table(key, shared)
    }

    /// Numbers the table of pattern `key`, projected onto the hand, with
    /// none of its transitions known yet.
    fn push_table(&mut self, key: u64, table: Arc<Table>) -> u32 {
        let id = self.tables.len() as u32;
        self.room.take();
        self.local.project(&table);
        self.tables.push(table);
        self.keys.push(key);
        self.corner_next.resize(self.corner_next.len() + CORNER_SLOTS, NONE);
        if self.variant.rules().equal_weight.yes() {
            self.weight_next.resize(self.weight_next.len() + WEIGHT_SLOTS, NONE);
        }
        self.by_pattern.insert(key, id);
        id
    }

    /// The bytes one of this generator's tables takes.
    pub(super) fn table_bytes(&self) -> u64 {
        let weights = if self.variant.rules().equal_weight.yes() { WEIGHT_SLOTS } else { 0 };
        // Its transitions, its projection (legal and bonus words), its key,
        // its place in the map (key, number, control byte, the map at most
        // 7/8 full) and the shared table itself, which the generator may be
        // the last to hold (two bitsets over every orientation, their
        // allocations and the count of holders).
        let orientation_words = self.variant.orientations().len().div_ceil(64);
        let bytes =
            4 * (CORNER_SLOTS + weights) + 16 * self.local.words.max(1) + 8 + 16 + 8 + 16 * orientation_words + 64;
        bytes as u64
    }

    /// Lets go of the unused tables if every generator's together are over
    /// their share of the memory limit.
    #[cold]
    pub(super) fn look_at_room(&mut self) {
        if self.room.over_budget() {
            self.compact();
        }
        self.room.look_at = self.tables.len() + self.room.every;
    }

    /// Lets go of the tables nothing refers to: the grid's cells, the open
    /// cells and the placements to take back keep theirs, renumbered; the
    /// transitions are forgotten and found again when next needed. Called
    /// only as a placement or a take-back starts, when no table number is
    /// held but in the generator and in a [`super::CellsWithMoves`] (which
    /// knows by the count of compactions that its numbers are stale), so
    /// that a long search keeps within the memory limit however many
    /// patterns it meets.
    pub(super) fn compact(&mut self) {
        self.compactions += 1;
        self.room.release();
        let keys = std::mem::take(&mut self.keys);
        let tables = std::mem::take(&mut self.tables);
        self.by_pattern.clear();
        self.corner_next.clear();
        self.weight_next.clear();
        self.local.tables.clear();
        let mut renumbered = vec![NONE; keys.len()];
        let mut keep = |g: &mut Self, old: u32| -> u32 {
            let Some(&new) = renumbered.get(old as usize) else { return old };
            if new != NONE {
                return new;
            }
            let (Some(&key), Some(table)) = (keys.get(old as usize), tables.get(old as usize)) else { return old };
            let new = g.push_table(key, Arc::clone(table));
            renumbered[old as usize] = new;
            new
        };
        self.empty = keep(self, self.empty);
        for i in 0..self.grid.tables.len() {
            self.grid.tables[i] = keep(self, self.grid.tables[i]);
        }
        for i in 0..self.open.len() {
            self.open[i].table = keep(self, self.open[i].table);
        }
        for u in 0..self.undo.len() {
            for d in 0..8 {
                self.undo[u].tables[d] = keep(self, self.undo[u].tables[d]);
            }
        }
    }
}
