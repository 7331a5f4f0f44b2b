//! The hand's local index: the orientations of the hand's tiles numbered
//! densely, and every pattern table the generator meets projected onto
//! them, so that a table's moves for the hand are one AND per word.

// Indexing here cannot panic on input: local bits, tile numbers and table offsets are computed here from the tile set and the orientation table; none comes from a file.
#![allow(clippy::indexing_slicing)]

use std::sync::Arc;

use super::moves::Counts;
use super::pattern::{NONE, Seen, bit};
use crate::rules::table_cache::Table;
use crate::rules::variant::Variant;

/// The hand as a local index: the orientations of every tile that has been
/// in the hand, numbered densely (tile by tile, in the variant's order), so
/// that a pattern's legal orientations for the hand fit a word or a few.
#[derive(Clone, Debug, Default)]
pub(super) struct Local {
    /// Words per bitset.
    pub(super) words: usize,
    /// The set's index of each tile in the index, ascending.
    pub(super) tiles: Vec<u16>,
    /// For each tile of the set, its index among `tiles`, or `NONE`.
    pub(super) of_tile: Vec<u32>,
    /// For each local bit: the variant's orientation index.
    pub(super) orientation: Vec<u16>,
    /// For each local bit: its tile's index among `tiles`.
    pub(super) tile: Vec<u16>,
    /// For each local bit: what its corners add to a neighbour's pattern.
    pub(super) seen: Vec<Seen>,
    /// For each tile among `tiles`: its bits (`words` words).
    pub(super) masks: Vec<u64>,
    /// The orientations that have a local bit, over all orientations.
    global: Vec<u64>,
    /// For each orientation with a local bit: that bit.
    local_of: Vec<u16>,
    /// The hand's bits (`words` words).
    pub(super) hand: Vec<u64>,
    /// For each table: its legal, then its bonus bits (`2 words` words).
    pub(super) tables: Vec<u64>,
}

impl Local {
    /// The index over `tiles` (the set's indices), tables projected.
    pub(super) fn new(variant: &Variant, mut tiles: Vec<u16>, tables: &[Arc<Table>]) -> Local {
        tiles.sort_unstable();
        tiles.dedup();
        let orientations = variant.orientations();
        let mut local = Local {
            of_tile: vec![NONE; variant.tile_set().len()],
            global: vec![0; orientations.len().div_ceil(64)],
            local_of: vec![0; orientations.len()],
            ..Local::default()
        };
        for (i, &t) in tiles.iter().enumerate() {
            local.of_tile[usize::from(t)] = i as u32;
            for k in orientations.range_of(usize::from(t)) {
                local.global[k / 64] |= 1 << (k % 64);
                local.local_of[k] = local.orientation.len() as u16;
                local.orientation.push(k as u16);
                local.tile.push(i as u16);
                local.seen.push(Seen::of(orientations.corners(k)).unwrap_or_default());
            }
        }
        local.words = local.orientation.len().div_ceil(64).max(1);
        local.masks = vec![0; tiles.len() * local.words];
        for (j, &i) in local.tile.iter().enumerate() {
            local.masks[usize::from(i) * local.words + j / 64] |= 1 << (j % 64);
        }
        local.hand = vec![0; local.words];
        local.tiles = tiles;
        for table in tables {
            local.project(table);
        }
        local
    }

    /// Appends `table`'s legal and bonus bits.
    pub(super) fn project(&mut self, table: &Table) {
        let base = self.tables.len();
        let w = self.words;
        self.tables.resize(base + 2 * w, 0);
        let (legal, bonus) = self.tables[base..base + 2 * w].split_at_mut(w);
        // Only the table's orientations that have a local bit, one by one
        // (a pattern allows few).
        for (g, (&l, &m)) in table.legal.iter().zip(&self.global).enumerate() {
            let mut bits = l & m;
            while bits != 0 {
                let k = g * 64 + bits.trailing_zeros() as usize;
                let j = usize::from(self.local_of[k]);
                legal[j / 64] |= 1 << (j % 64);
                if bit(&table.bonus, k) {
                    bonus[j / 64] |= 1 << (j % 64);
                }
                bits &= bits - 1;
            }
        }
    }

    /// The hand's local bits from its bits over every orientation.
    pub(super) fn sync_hand(&mut self, hand: &[u64]) {
        self.hand.fill(0);
        for (j, &k) in self.orientation.iter().enumerate() {
            if bit(hand, usize::from(k)) {
                self.hand[j / 64] |= 1 << (j % 64);
            }
        }
    }

    /// Table `table`'s legal and bonus bits.
    #[inline]
    pub(super) fn bits(&self, table: u32) -> (&[u64], &[u64]) {
        if self.words == 1 {
            let i = 2 * table as usize;
            return (&self.tables[i..i + 1], &self.tables[i + 1..i + 2]);
        }
        let base = table as usize * 2 * self.words;
        let both = &self.tables[base..base + 2 * self.words];
        both.split_at(self.words)
    }

    /// [`Local::count`] when the hand fits one word.
    #[inline]
    pub(super) fn count_one(&self, table: u32, hand: u64) -> Counts {
        let k = 2 * table as usize;
        let Some(&[legal, bonus]) = self.tables.get(k..k + 2) else { return Counts::default() };
        let bonus = bonus & hand;
        // Few tables offer a bonus move: the second count is mostly skipped.
        Counts {
            legal: u64::from((legal & hand).count_ones()),
            bonus: if bonus == 0 { 0 } else { u64::from(bonus.count_ones()) },
        }
    }

    /// Table `table`'s legal and bonus bits within `hand`, when the hand
    /// fits one word.
    #[inline]
    pub(super) fn masked(&self, table: u32, hand: u64) -> (u64, u64) {
        let k = 2 * table as usize;
        let Some(&[legal, bonus]) = self.tables.get(k..k + 2) else { return (0, 0) };
        (legal & hand, bonus & hand)
    }

    /// Table `table`'s moves for the tiles in `hand` (local bits).
    #[inline]
    pub(super) fn count(&self, table: u32, hand: &[u64]) -> Counts {
        // One word: the common case (up to 64 orientations in the hand).
        if let ([h], Some(&[l, b])) = (hand, self.tables.get(2 * table as usize..2 * table as usize + 2)) {
            return Counts { legal: u64::from((l & h).count_ones()), bonus: u64::from((b & h).count_ones()) };
        }
        let (legal, bonus) = self.bits(table);
        let mut c = Counts::default();
        for ((&l, &b), &h) in legal.iter().zip(bonus).zip(hand) {
            c.legal += u64::from((l & h).count_ones());
            c.bonus += u64::from((b & h).count_ones());
        }
        c
    }
}
