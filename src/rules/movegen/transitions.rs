//! The generator's tables: each pattern table it meets numbered once and
//! projected onto the hand, each cell's table found, and a table's
//! transitions when one more neighbour arrives, memoised per table.

// Indexing here cannot panic on input: table numbers are the generator's own, handed out by `table_for`, grid indices come from its frame and transition slots from a direction; none comes from a file.
#![allow(clippy::indexing_slicing)]

use super::generator::MoveGen;
use super::pattern::{
    CORNER_SLOTS, NONE, Seen, WEIGHT_SLOTS, WEIGHTS_AT, first_slot, key_around, key_with_corners, shared_table,
};
use crate::model::{Cell, Direction};
use crate::rules::reading::BonusCount;

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
        let id = self.tables.len() as u32;
        self.local.project(&shared);
        self.tables.push(shared);
        self.keys.push(key);
        self.corner_next.resize(self.corner_next.len() + CORNER_SLOTS, NONE);
        if self.variant.rules().equal_weight.yes() {
            self.weight_next.resize(self.weight_next.len() + WEIGHT_SLOTS, NONE);
        }
        self.by_pattern.insert(key, id);
        id
    }
}
