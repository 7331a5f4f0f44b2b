//! Fast legal-move generation with per-cell corner-pattern tables.
//!
//! Everything the rules need to know about an open cell (an empty cell with a
//! side contact) is its *pattern*: for each corner, whether it touches a
//! counting neighbour and which values would match there (R2, R4), and which
//! tile weights its counting neighbours have (R5, R6). All orientations legal
//! in a pattern form one bitset over the variant's [`Orientations`], computed
//! once per distinct pattern and shared. Listing every legal move is then one
//! AND of that bitset with the hand's bitset per open cell. Placing a tile
//! updates the patterns of its eight neighbours only.
//!
//! A generator projects each table onto the orientations of its hand's tiles
//! (one word for up to 64 of them), and memoises how a pattern changes when
//! a neighbour arrives: (table, direction, values on the shared corners) →
//! table, so that placing, taking back and counting the moves after a move
//! ([`MoveGen::moves_with_counts_after`]) step tables instead of rebuilding
//! and hashing patterns. Both are functions of the rules alone (the unit
//! tests pin the stepped key against the key of the raw view; the property
//! tests pin the generator against the judge and against a fresh one).

// Indexing here cannot panic on input: grid cells, pattern tables and orientation indices are computed here from the frame, the tile set and the orientation table built with them; none comes from a file.
#![allow(clippy::indexing_slicing)]

use std::sync::Arc;

use rustc_hash::FxHashMap;

use super::judge::Tally;
use super::reading::{CornerMatch, WeightNeighbours};
use super::table_cache::Table;
use super::variant::Variant;
use crate::model::{Board, Cell, Corner, Corners, Direction, Frame, MAX_VALUE, TileId};

/// A legal placement in compact form: a cell and an index into the variant's
/// [`Orientations`] (which names the tile and its corners).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Move {
    /// Where the tile goes.
    pub at: Cell,
    /// Which orientation of which tile, as an index into [`Orientations`].
    ///
    /// [`Orientations`]: super::Orientations
    pub orientation: u16,
}

/// How many legal moves, and how many of them earn a bonus.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Counts {
    /// Legal moves.
    pub legal: u64,
    /// Legal moves that earn the bonus choice.
    pub bonus: u64,
}

impl std::ops::AddAssign for Counts {
    fn add_assign(&mut self, other: Counts) {
        self.legal += other.legal;
        self.bonus += other.bonus;
    }
}

impl std::ops::SubAssign for Counts {
    fn sub_assign(&mut self, other: Counts) {
        self.legal -= other.legal;
        self.bonus -= other.bonus;
    }
}

#[derive(Clone, Copy, Debug)]
struct Open {
    cell: Cell,
    table: u32,
}

/// No table, no slot, no local bit.
const NONE: u32 = u32::MAX;

/// Transition slots of a table for a neighbour's corners: per direction, the
/// code of the values on the shared corners (two values below 6 on an edge:
/// 36 codes, one on a diagonal: 6).
const CORNER_SLOTS: usize = 4 * 36 + 4 * 6;

/// The first transition slot of direction `dir`.
const fn first_slot(dir: Direction) -> usize {
    if dir.is_edge() { dir as usize / 2 * 36 } else { 4 * 36 + dir as usize / 2 * 6 }
}
/// Transition slots of a table for a neighbour's weight (0 to 20).
const WEIGHT_SLOTS: usize = 21;

/// What one neighbour tile adds to an empty cell's pattern, seen from that
/// cell: for each direction the tile may lie in, the transition slot (the
/// direction and the code of the values on the shared corners: two values
/// below 6 on an edge, one on a diagonal), and the weight.
#[derive(Clone, Copy, Debug, Default)]
struct Seen {
    slots: [u16; 8],
    weight: u8,
}

impl Seen {
    /// `corners` seen from a cell that has it in direction `dir` (for each
    /// `dir`), or `None` for values outside 0–5.
    fn of(corners: Corners) -> Option<Seen> {
        let mut slots = [0u16; 8];
        for (slot, dir) in slots.iter_mut().zip(Direction::ALL) {
            let mut code = 0;
            for &(_, theirs) in dir.shared_corners() {
                let v = corners.at(theirs);
                if v > MAX_VALUE {
                    return None;
                }
                code = code * 6 + u16::from(v);
            }
            *slot = first_slot(dir) as u16 + code;
        }
        Some(Seen { slots, weight: corners.weight() })
    }
}

/// The hand as a local index: the orientations of every tile that has been
/// in the hand, numbered densely (tile by tile, in the variant's order), so
/// that a pattern's legal orientations for the hand fit a word or a few.
#[derive(Clone, Debug, Default)]
struct Local {
    /// Words per bitset.
    words: usize,
    /// The set's index of each tile in the index, ascending.
    tiles: Vec<u16>,
    /// For each tile of the set, its index among `tiles`, or `NONE`.
    of_tile: Vec<u32>,
    /// For each local bit: the variant's orientation index.
    orientation: Vec<u16>,
    /// For each local bit: its tile's index among `tiles`.
    tile: Vec<u16>,
    /// For each local bit: what its corners add to a neighbour's pattern.
    seen: Vec<Seen>,
    /// For each tile among `tiles`: its bits (`words` words).
    masks: Vec<u64>,
    /// The orientations that have a local bit, over all orientations.
    global: Vec<u64>,
    /// For each orientation with a local bit: that bit.
    local_of: Vec<u16>,
    /// The hand's bits (`words` words).
    hand: Vec<u64>,
    /// For each table: its legal, then its bonus bits (`2 words` words).
    tables: Vec<u64>,
}

impl Local {
    /// The index over `tiles` (the set's indices), tables projected.
    fn new(variant: &Variant, mut tiles: Vec<u16>, tables: &[Arc<Table>]) -> Local {
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
    fn project(&mut self, table: &Table) {
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
    fn sync_hand(&mut self, hand: &[u64]) {
        self.hand.fill(0);
        for (j, &k) in self.orientation.iter().enumerate() {
            if bit(hand, usize::from(k)) {
                self.hand[j / 64] |= 1 << (j % 64);
            }
        }
    }

    /// Table `table`'s legal and bonus bits.
    #[inline]
    fn bits(&self, table: u32) -> (&[u64], &[u64]) {
        if self.words == 1 {
            let i = 2 * table as usize;
            return (&self.tables[i..i + 1], &self.tables[i + 1..i + 2]);
        }
        let base = table as usize * 2 * self.words;
        let both = &self.tables[base..base + 2 * self.words];
        both.split_at(self.words)
    }

    /// Table `table`'s moves for the tiles in `hand` (local bits).
    #[inline]
    fn count(&self, table: u32, hand: &[u64]) -> Counts {
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

/// What [`MoveGen::place`] changed, for [`MoveGen::unplace`] to restore: the
/// tables of the eight neighbours before (`NONE` outside the grid).
#[derive(Clone, Debug)]
struct Undo {
    at: Cell,
    tables: [u32; 8],
}

/// Buffers [`MoveGen::moves_with_counts_after`] reuses.
#[derive(Clone, Debug, Default)]
struct Scratch {
    /// Each listed move's local bit.
    bits: Vec<u16>,
    /// Each local tile's moves on the board as it is.
    own: Vec<Counts>,
    /// The hand without the tile of the move at hand (local bits).
    without: Vec<u64>,
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
    variant: &'v Variant,
    board: Board,
    hand: Box<[u64]>,
    grid: Grid,
    open: Vec<Open>,
    tables: Vec<Arc<Table>>,
    /// Each table's pattern key.
    keys: Vec<u64>,
    by_pattern: FxHashMap<u64, u32>,
    /// `CORNER_SLOTS` per table: the table after one more neighbour's
    /// corners, or `NONE` until first needed.
    corner_next: Vec<u32>,
    /// `WEIGHT_SLOTS` per table (only where R5 applies): the table after one
    /// more counting neighbour weight.
    weight_next: Vec<u32>,
    /// The table of the empty pattern.
    empty: u32,
    local: Local,
    undo: Vec<Undo>,
    /// Buffers [`MoveGen::moves_with_counts_after`] reuses.
    scratch: Scratch,
    /// Which neighbours count, read once from the rules.
    counts: Counting,
}

/// Which diagonal neighbours count: for corners (R4) and for weights (R6).
#[derive(Clone, Copy, Debug)]
struct Counting {
    diagonal: bool,
    weight_diagonal: bool,
    /// R5: equal weight is an alternative to matching.
    equal_weight: bool,
}

impl Counting {
    fn of(variant: &Variant) -> Counting {
        let rules = variant.rules();
        Counting {
            diagonal: rules.diagonal_neighbours.yes(),
            weight_diagonal: rules.equal_weight_neighbours == WeightNeighbours::EdgeAndDiagonal,
            equal_weight: rules.equal_weight.yes(),
        }
    }

    /// What an empty cell sees (bits `6 i .. 6 i + 6`: the values on corner
    /// `i`'s lattice point, R4; bits 24 and up: the weights of the
    /// neighbours that count for R5, R6), with one more neighbour `t` in
    /// direction `dir`. A corner touches exactly when it sees a value.
    #[inline]
    fn with_neighbour(self, mut raw: u64, dir: Direction, t: Corners) -> u64 {
        let edge = dir.is_edge();
        if edge || self.diagonal {
            for &(mine, theirs) in dir.shared_corners() {
                raw |= 1 << (6 * mine.index() + usize::from(t.at(theirs)));
            }
        }
        if edge || self.weight_diagonal {
            raw |= 1 << (24 + u32::from(t.weight()));
        }
        raw
    }
}

/// The pattern key of an empty cell from what it sees: 7 bits per corner
/// (touched, and the mask of values that would match there), then the mask
/// of counting neighbour weights where R5 applies.
#[inline]
fn key_of(variant: &Variant, raw: u64) -> u64 {
    let rules = variant.rules();
    let mut key = 0u64;
    for i in 0..4 {
        let seen = raw >> (6 * i) & 0x3f;
        let mask = match rules.corner_match {
            CornerMatch::AtLeastOne => seen,
            // Every value must agree: only possible when one value is there.
            CornerMatch::EveryValue if seen.count_ones() == 1 => seen,
            CornerMatch::EveryValue => 0,
        };
        let byte = if seen != 0 { TOUCHED | mask } else { 0 };
        key |= byte << (7 * i);
    }
    if rules.equal_weight.yes() {
        key |= (raw >> 24) << 28;
    }
    key
}

/// The shared table of a pattern, computed on first use.
fn shared_table(variant: &Variant, key: u64) -> Arc<Table> {
    variant.table_cache().get_or_compute(key, || compute_table(variant, key))
}

/// The verdict of the pattern tables on one placement, without reasons:
/// `None` when the rules refuse it, else whether it earns the bonus choice.
/// The tile on `cell` itself, if any, is ignored (the placement is judged
/// as if made last); the hand is not consulted. It is the rule
/// [`super::judge`] applies (both go through [`Tally`]), for searches that
/// judge placements by the million.
pub fn quick_judge(variant: &Variant, board: &Board, cell: Cell, corners: Corners) -> Option<bool> {
    quick_judge_with(variant, cell, corners, |c| board.get(c))
}

/// [`quick_judge`] on a board given as a lookup from cell to tile.
#[inline]
pub fn quick_judge_with(
    variant: &Variant,
    cell: Cell,
    corners: Corners,
    tile_at: impl Fn(Cell) -> Option<Corners>,
) -> Option<bool> {
    variant.orientations().index(corners)?;
    let counting = Counting::of(variant);
    let mut raw = 0;
    let mut side = false;
    for dir in Direction::ALL {
        if let Some(t) = tile_at(cell.neighbour(dir)) {
            side |= dir.is_edge();
            raw = counting.with_neighbour(raw, dir, t);
        }
    }
    if !side {
        return None;
    }
    let tally = tally_of(key_of(variant, raw), corners);
    tally.legal(variant).then(|| tally.bonus(variant))
}

/// Bit 6 of a corner's byte: the corner touches a counting neighbour; bits
/// 0–5: the values that would match there.
const TOUCHED: u64 = 1 << 6;

/// Pattern key `key` with one more value `v` on corner `mine`'s lattice
/// point: what [`key_of`] gives for the raw view with that value added.
#[inline]
fn key_with_value(rule: CornerMatch, key: u64, mine: Corner, v: u8) -> u64 {
    let shift = 7 * mine.index();
    let byte = key >> shift & 0x7f;
    let value = 1u64 << v;
    let new = if byte & TOUCHED == 0 {
        TOUCHED | value
    } else {
        match rule {
            CornerMatch::AtLeastOne => byte | value,
            // One value seen stays matchable only when it is this value.
            CornerMatch::EveryValue if byte == TOUCHED | value => byte,
            CornerMatch::EveryValue => TOUCHED,
        }
    };
    key & !(0x7f << shift) | new << shift
}

/// Pattern key `key` with the corners of a neighbour in direction `dir`
/// added, the shared values given by their code (see [`Seen`]).
fn key_with_corners(rule: CornerMatch, key: u64, dir: Direction, code: u8) -> u64 {
    match dir.shared_corners() {
        [(a, _), (b, _)] => key_with_value(rule, key_with_value(rule, key, *a, code / 6), *b, code % 6),
        [(a, _)] => key_with_value(rule, key, *a, code),
        _ => key,
    }
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
        };
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
        for k in self.variant.orientations().range_of(t) {
            let bit = 1u64 << (k % 64);
            if on {
                self.hand[k / 64] |= bit;
            } else {
                self.hand[k / 64] &= !bit;
            }
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
        let local = &self.local;
        for open in &self.open {
            let (legal, _) = local.bits(open.table);
            for (w, (&l, &h)) in legal.iter().zip(&local.hand).enumerate() {
                let mut bits = l & h;
                while bits != 0 {
                    let j = w * 64 + bits.trailing_zeros() as usize;
                    out.push(Move { at: open.cell, orientation: local.orientation[j] });
                    bits &= bits - 1;
                }
            }
        }
    }

    /// The number of legal moves of hand tiles, without listing them.
    pub fn count_moves(&self) -> usize {
        self.open.iter().map(|open| self.local.count(open.table, &self.local.hand).legal as usize).sum()
    }

    /// The number of legal moves of hand tiles that earn the bonus choice.
    pub fn count_bonus_moves(&self) -> usize {
        self.open.iter().map(|open| self.local.count(open.table, &self.local.hand).bonus as usize).sum()
    }

    /// Every legal move of a hand tile, with the number of legal moves and
    /// of bonus moves there would be after it, found without placing it:
    /// what perft counts at its last level. Only the cell taken and its
    /// eight neighbours change; everything else loses the tile's moves.
    pub fn moves_with_counts_after(&mut self, out: &mut Vec<(Move, bool, Counts)>) {
        if self.local.words == 1 {
            self.moves_with_counts_after_one_word(out);
        } else {
            self.moves_with_counts_after_words(out);
        }
    }

    /// [`MoveGen::moves_with_counts_after`] when the hand's orientations fit
    /// one word: the same steps on plain words.
    fn moves_with_counts_after_one_word(&mut self, out: &mut Vec<(Move, bool, Counts)>) {
        let mut scratch = std::mem::take(&mut self.scratch);
        let hand = self.local.hand[0];
        scratch.bits.clear();
        scratch.own.clear();
        scratch.own.resize(self.local.tiles.len(), Counts::default());
        let first = out.len();
        let mut now = Counts::default();
        {
            let local = &self.local;
            for open in &self.open {
                let k = 2 * open.table as usize;
                let mut bits = local.tables[k] & hand;
                if bits == 0 {
                    continue;
                }
                let bonus = local.tables[k + 1];
                while bits != 0 {
                    let j = bits.trailing_zeros() as usize;
                    let earned = bonus >> j & 1 != 0;
                    let c = Counts { legal: 1, bonus: u64::from(earned) };
                    scratch.own[usize::from(local.tile[j])] += c;
                    now += c;
                    out.push((Move { at: open.cell, orientation: local.orientation[j] }, earned, Counts::default()));
                    scratch.bits.push(j as u16);
                    bits &= bits - 1;
                }
            }
        }
        let count = |local: &Local, table: u32, hand: u64| {
            let k = 2 * table as usize;
            let bonus = local.tables[k + 1] & hand;
            Counts {
                legal: u64::from((local.tables[k] & hand).count_ones()),
                bonus: if bonus == 0 { 0 } else { u64::from(bonus.count_ones()) },
            }
        };
        // As in the general case below.
        let mut at: Option<Cell> = None;
        let mut tile = NONE;
        let mut own_table = self.empty;
        let mut near: [(Direction, u32, bool); 8] = [(Direction::N, 0, false); 8];
        let mut n_near = 0;
        let mut before = Counts::default();
        let mut without = 0;
        for (entry, &j) in out[first..].iter_mut().zip(&scratch.bits) {
            let m = entry.0;
            if at != Some(m.at) {
                at = Some(m.at);
                tile = NONE;
                (own_table, n_near) = self.near(m.at, &mut near);
            }
            let j = usize::from(j);
            let t = u32::from(self.local.tile[j]);
            if t != tile {
                tile = t;
                without = hand & !self.local.masks[t as usize];
                before = count(&self.local, own_table, without);
                for &(_, table, open) in &near[..n_near] {
                    if open {
                        before += count(&self.local, table, without);
                    }
                }
            }
            let seen = self.local.seen[j];
            let mut after = now;
            after -= scratch.own[t as usize];
            after -= before;
            for &(dir, table, _) in &near[..n_near] {
                let table = self.step(table, dir.opposite(), &seen);
                after += count(&self.local, table, without);
            }
            entry.2 = after;
        }
        self.scratch = scratch;
    }

    /// The table of the open cell `at`, and (into `near`, how many) the
    /// direction, table and openness of each empty neighbour that is open or
    /// opens when a tile goes to `at`.
    #[inline]
    fn near(&mut self, at: Cell, near: &mut [(Direction, u32, bool); 8]) -> (u32, usize) {
        let mut n = 0;
        if let Some((c, around)) = self.grid.indices(at) {
            for (dir, &i) in Direction::ALL.into_iter().zip(&around) {
                let open = self.grid.slots[i] != NONE;
                // An edge neighbour opens; a diagonal one stays as it is.
                if self.grid.tiles[i].is_none() && (open || dir.is_edge()) {
                    near[n] = (dir, self.grid.tables[i], open);
                    n += 1;
                }
            }
            return (self.grid.tables[c], n);
        }
        let neighbours = self.grid.neighbours(&self.board, at);
        for (dir, t) in Direction::ALL.into_iter().zip(neighbours) {
            let cell = at.neighbour(dir);
            let open = self.grid.slot(cell).is_some();
            if t.is_none() && (open || dir.is_edge()) {
                near[n] = (dir, self.table_at(cell), open);
                n += 1;
            }
        }
        (self.table_at(at), n)
    }

    /// [`MoveGen::moves_with_counts_after`] over several words.
    fn moves_with_counts_after_words(&mut self, out: &mut Vec<(Move, bool, Counts)>) {
        let mut scratch = std::mem::take(&mut self.scratch);
        let w = self.local.words;
        scratch.bits.clear();
        scratch.own.clear();
        scratch.own.resize(self.local.tiles.len(), Counts::default());
        scratch.without.clear();
        scratch.without.resize(w, 0);
        // The moves, and each tile's moves on the board as it is.
        let first = out.len();
        let mut now = Counts::default();
        for open in &self.open {
            let (legal, bonus) = self.local.bits(open.table);
            for (i, ((&l, &b), &h)) in legal.iter().zip(bonus).zip(&self.local.hand).enumerate() {
                let mut bits = l & h;
                if bits == 0 {
                    continue;
                }
                while bits != 0 {
                    let z = bits.trailing_zeros();
                    let j = i * 64 + z as usize;
                    let earned = b >> z & 1 != 0;
                    let c = Counts { legal: 1, bonus: u64::from(earned) };
                    scratch.own[usize::from(self.local.tile[j])] += c;
                    now += c;
                    out.push((
                        Move { at: open.cell, orientation: self.local.orientation[j] },
                        earned,
                        Counts::default(),
                    ));
                    scratch.bits.push(j as u16);
                    bits &= bits - 1;
                }
            }
        }
        // Moves come cell by cell, a cell's tile by tile: what the cell's
        // neighbourhood offers is read once per cell, what it offers
        // before the move once per tile. `near`: each empty neighbour's
        // direction, table, and whether it is open before and after.
        let mut at: Option<Cell> = None;
        let mut tile = NONE;
        let mut own_table = self.empty;
        let mut near: [(Direction, u32, bool); 8] = [(Direction::N, 0, false); 8];
        let mut n_near = 0;
        let mut before = Counts::default();
        for (entry, &j) in out[first..].iter_mut().zip(&scratch.bits) {
            let m = entry.0;
            if at != Some(m.at) {
                at = Some(m.at);
                tile = NONE;
                (own_table, n_near) = self.near(m.at, &mut near);
            }
            let j = usize::from(j);
            let t = u32::from(self.local.tile[j]);
            if t != tile {
                tile = t;
                let mask = &self.local.masks[t as usize * w..(t as usize + 1) * w];
                for ((o, &h), &m) in scratch.without.iter_mut().zip(&self.local.hand).zip(mask) {
                    *o = h & !m;
                }
                before = self.local.count(own_table, &scratch.without);
                for &(_, table, open) in &near[..n_near] {
                    if open {
                        before += self.local.count(table, &scratch.without);
                    }
                }
            }
            // Every other cell loses the tile's moves; the cell taken closes;
            // its empty neighbours see the tile.
            let seen = self.local.seen[j];
            let mut after = now;
            after -= scratch.own[t as usize];
            after -= before;
            for &(dir, table, _) in &near[..n_near] {
                let back = dir.opposite();
                let table = self.step(table, back, &seen);
                after += self.local.count(table, &scratch.without);
            }
            entry.2 = after;
        }
        self.scratch = scratch;
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

    /// The pattern table of `cell` (for an occupied cell: as if it were
    /// empty).
    #[inline]
    fn table_at(&mut self, cell: Cell) -> u32 {
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
    fn fresh_table(&mut self, cell: Cell) -> u32 {
        let raw = self.raw(cell);
        self.table_for(self.key(raw))
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

    /// The table `table` becomes with one more neighbour tile, `seen` from
    /// a cell that has it in direction `dir`. Memoised per table.
    #[inline]
    fn step(&mut self, table: u32, dir: Direction, seen: &Seen) -> u32 {
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
        let key = key_with_corners(self.variant.rules().corner_match, self.keys[table as usize], dir, code);
        let next = self.table_for(key);
        if let Some(memo) = self.corner_next.get_mut(table as usize * CORNER_SLOTS + slot) {
            *memo = next;
        }
        next
    }

    /// [`MoveGen::step`] by the weight, the first time.
    #[cold]
    fn step_weight(&mut self, table: u32, weight: usize) -> u32 {
        let key = self.keys[table as usize] | 1 << (28 + weight);
        let next = self.table_for(key);
        if let Some(memo) = self.weight_next.get_mut(table as usize * WEIGHT_SLOTS + weight) {
            *memo = next;
        }
        next
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

    /// What the counting neighbours of an empty cell show: bits
    /// `6 i .. 6 i + 6` the values on corner `i`'s lattice point (R4), bits
    /// 24 and up the weights of the neighbours that count for R5 (R6). A
    /// corner touches exactly when it sees a value.
    fn raw(&self, cell: Cell) -> u64 {
        let mut raw = 0;
        // Each neighbour is looked up once; its shared corners feed ours.
        let neighbours = self.grid.neighbours(&self.board, cell);
        for (dir, tile) in Direction::ALL.into_iter().zip(neighbours) {
            if let Some(t) = tile {
                raw = self.counts.with_neighbour(raw, dir, t);
            }
        }
        raw
    }

    /// The pattern key of an empty cell from what it sees.
    #[inline]
    fn key(&self, raw: u64) -> u64 {
        key_of(self.variant, raw)
    }

    fn table_for(&mut self, key: u64) -> u32 {
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

/// What the rules count of `corners` placed into pattern `key`.
#[inline]
fn tally_of(key: u64, corners: Corners) -> Tally {
    let touching = (0..4).filter(|i| key >> (7 * i) & TOUCHED != 0).count() as u8;
    let matched = Corner::ALL.iter().filter(|c| key >> (7 * c.index()) & (1 << corners.at(**c)) != 0).count() as u8;
    Tally { touching, matched, equal_weight: key >> (28 + u32::from(corners.weight())) & 1 != 0 }
}

/// The legal and bonus orientations of a pattern, each judged by [`Tally`],
/// the rule the judge applies too.
fn compute_table(variant: &Variant, key: u64) -> Table {
    let words = variant.orientations().len().div_ceil(64);
    let mut legal = vec![0u64; words].into_boxed_slice();
    let mut bonus = vec![0u64; words].into_boxed_slice();
    for (k, &corners) in variant.orientations().all().iter().enumerate() {
        let tally = tally_of(key, corners);
        if tally.legal(variant) {
            legal[k / 64] |= 1 << (k % 64);
            if tally.bonus(variant) {
                bonus[k / 64] |= 1 << (k % 64);
            }
        }
    }
    Table { legal, bonus }
}

fn bit(bits: &[u64], k: usize) -> bool {
    bits.get(k / 64).is_some_and(|w| w >> (k % 64) & 1 != 0)
}

/// The board around its tiles as a dense grid, for the lookups move
/// generation makes by the million: each cell's tile, its pattern table (what
/// its neighbours show, kept for occupied cells too) and its slot among the
/// open cells. The grid covers the board's bounds and a margin; it is rebuilt
/// larger when a placement comes near its border. Cells outside it (only on
/// boards too spread out for a grid) are read from the board and a map.
#[derive(Clone, Debug)]
struct Grid {
    frame: Frame,
    tiles: Vec<Option<Corners>>,
    tables: Vec<u32>,
    slots: Vec<u32>,
    outside: FxHashMap<Cell, u32>,
}

/// Cells of margin around the board's bounds.
const MARGIN: i64 = 8;
/// The largest side a grid is given; a board spread wider is partly outside.
const MAX_SIDE: i64 = 1024;

impl Grid {
    /// A grid of no cells.
    fn empty() -> Grid {
        Grid::around(&Board::new(), None, 0)
    }

    /// A grid around the board's tiles and `extra`, its tiles copied, every
    /// empty cell's table `empty`, every occupied cell's unknown.
    fn around(board: &Board, extra: Option<Cell>, empty: u32) -> Grid {
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
    fn index(&self, cell: Cell) -> Option<usize> {
        self.frame.index(cell)
    }

    /// Whether `cell` lies at least `inset` cells inside the grid's border.
    fn inside(&self, cell: Cell, inset: i64) -> bool {
        self.frame.inside(cell, inset)
    }

    #[inline]
    fn tile(&self, board: &Board, cell: Cell) -> Option<Corners> {
        match self.index(cell) {
            Some(i) => self.tiles[i],
            None => board.get(cell),
        }
    }

    /// The index of `cell` and of its eight neighbours (in
    /// [`Direction::ALL`] order), when all are inside.
    #[inline]
    fn indices(&self, cell: Cell) -> Option<(usize, [usize; 8])> {
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
    fn has_edge_tile(&self, i: usize) -> bool {
        let w = self.frame.width();
        self.tiles[i - w].is_some()
            || self.tiles[i + 1].is_some()
            || self.tiles[i + w].is_some()
            || self.tiles[i - 1].is_some()
    }

    /// The tiles on the eight neighbours of `cell`, in [`Direction::ALL`]
    /// order.
    #[inline]
    fn neighbours(&self, board: &Board, cell: Cell) -> [Option<Corners>; 8] {
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
    fn set_tile(&mut self, cell: Cell, tile: Option<Corners>) {
        if let Some(i) = self.index(cell) {
            self.tiles[i] = tile;
        }
    }

    #[inline]
    fn slot(&self, cell: Cell) -> Option<usize> {
        let s = match self.index(cell) {
            Some(i) => self.slots[i],
            None => self.outside.get(&cell).copied().unwrap_or(NONE),
        };
        (s != NONE).then_some(s as usize)
    }

    fn set_slot(&mut self, cell: Cell, slot: Option<usize>) {
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::formats::builtin_variant;
    use crate::rules::random_position;

    fn variants() -> Vec<Variant> {
        let mut all: Vec<Variant> = ["english", "english-beginner", "serbian", "serbian-chain"]
            .iter()
            .map(|n| builtin_variant(n).unwrap())
            .collect();
        all.push(builtin_variant("english").unwrap().with_rule("R4", "no").unwrap());
        all.push(builtin_variant("english").unwrap().with_rule("R2", "at-least-one").unwrap());
        all.push(builtin_variant("serbian").unwrap().with_rule("R2", "every-value").unwrap());
        all.push(builtin_variant("serbian").unwrap().with_rule("R6", "edge-only").unwrap());
        all
    }

    /// The move list as a sorted set of (cell, orientation, bonus).
    fn listed(g: &MoveGen) -> Vec<(Cell, u16, bool)> {
        let mut moves = Vec::new();
        g.legal_moves(&mut moves);
        let mut out: Vec<_> = moves.iter().map(|&m| (m.at, m.orientation, g.is_bonus(m))).collect();
        out.sort_unstable();
        assert_eq!(g.count_moves(), out.len());
        assert_eq!(g.count_bonus_moves(), out.iter().filter(|m| m.2).count());
        out
    }

    /// Stepping a pattern key by one more neighbour (what the memoised
    /// transitions do) gives the key of the raw view with that neighbour:
    /// every subset of up to three neighbours around a cell, in every
    /// order they could arrive.
    #[test]
    fn stepping_a_key_equals_keying_the_view_with_one_more_neighbour() {
        for v in variants() {
            let counting = Counting::of(&v);
            let rule = v.rules().corner_match;
            let all = v.orientations().all();
            for (i, &a) in all.iter().enumerate().step_by(7) {
                for (da, db) in
                    [(Direction::N, Direction::E), (Direction::NE, Direction::S), (Direction::W, Direction::NW)]
                {
                    let b = all[(i * 13 + 5) % all.len()];
                    let c = all[(i * 31 + 11) % all.len()];
                    let raw = counting.with_neighbour(counting.with_neighbour(0, da, a), db, b);
                    for dir in Direction::ALL {
                        let expected = key_of(&v, counting.with_neighbour(raw, dir, c));
                        let seen = Seen::of(c).unwrap();
                        let code = (usize::from(seen.slots[dir as usize]) - first_slot(dir)) as u8;
                        let mut key = key_of(&v, raw);
                        if dir.is_edge() || counting.diagonal {
                            key = key_with_corners(rule, key, dir, code);
                        }
                        if counting.equal_weight && (dir.is_edge() || counting.weight_diagonal) {
                            key |= 1 << (28 + u32::from(seen.weight));
                        }
                        assert_eq!(key, expected, "{}: {a:?} {da:?}, {b:?} {db:?}, then {c:?} {dir:?}", v.label());
                    }
                }
            }
        }
    }

    /// Taking tiles back out of the order they were placed in, and adding a
    /// tile that was never in the hand (a wider local index), leave the
    /// generator equal to a fresh one.
    #[test]
    fn out_of_order_take_backs_and_new_hand_tiles_match_a_fresh_generator() {
        for v in variants() {
            for seed in 0..4 {
                let p = random_position(&v, seed, 15, 6);
                let mut g = MoveGen::new(&v, &p.board, &p.hand);
                let mut placed = Vec::new();
                for k in 0..3 {
                    let mut moves = Vec::new();
                    g.legal_moves(&mut moves);
                    moves.sort_unstable();
                    let Some(&m) = moves.get((seed as usize * 7 + k) % moves.len().max(1)) else { break };
                    let corners = v.orientations().corners(usize::from(m.orientation));
                    g.place(m.at, corners);
                    placed.push(m.at);
                }
                // The first placement back first.
                if let Some(&first) = placed.first() {
                    g.unplace(first);
                    placed.remove(0);
                }
                let hand_now = g.hand();
                assert_eq!(listed(&g), listed(&MoveGen::new(&v, g.board(), &hand_now)), "{} seed {seed}", v.label());
                // A tile from the bag joins the hand.
                let on_board: Vec<TileId> = g.board().tiles().iter().map(|(_, c)| c.id()).collect();
                let extra =
                    v.tile_set().ids().find(|t| !hand_now.contains(t) && !on_board.contains(t) && !p.hand.contains(t));
                if let Some(extra) = extra {
                    g.add_to_hand(extra);
                    let hand_now = g.hand();
                    assert_eq!(
                        listed(&g),
                        listed(&MoveGen::new(&v, g.board(), &hand_now)),
                        "{} seed {seed} +{extra}",
                        v.label()
                    );
                }
                while let Some(at) = placed.pop() {
                    g.unplace(at);
                    let hand_now = g.hand();
                    assert_eq!(
                        listed(&g),
                        listed(&MoveGen::new(&v, g.board(), &hand_now)),
                        "{} seed {seed}",
                        v.label()
                    );
                }
                let mut found = Vec::new();
                g.moves_with_counts_after(&mut found);
                for (m, _, after) in found {
                    let corners = v.orientations().corners(usize::from(m.orientation));
                    g.place(m.at, corners);
                    assert_eq!(after, Counts { legal: g.count_moves() as u64, bonus: g.count_bonus_moves() as u64 });
                    g.unplace(m.at);
                }
            }
        }
    }

    /// A board spread wider than any grid (two groups 3000 cells apart):
    /// cells outside the grid go through the slow paths, which agree with
    /// the quick judge and with placing.
    #[test]
    fn boards_wider_than_the_grid_use_the_slow_paths_consistently() {
        let v = builtin_variant("english").unwrap();
        let p = random_position(&v, 5, 6, 5);
        let far: Board = p.board.tiles().into_iter().map(|(c, t)| (c.shifted(3000, 0), t)).collect();
        let mut tiles = p.board.tiles();
        tiles.extend(far.tiles());
        let board: Board = tiles.into_iter().collect();
        let mut g = MoveGen::new(&v, &board, &p.hand);
        let mut judged = 0;
        for at in board.open_cells() {
            for &t in &p.hand {
                for &c in v.orientations().of(v.tile_set(), t) {
                    judged += usize::from(quick_judge(&v, &board, at, c).is_some());
                }
            }
        }
        assert!(judged > 0);
        assert_eq!(g.count_moves(), judged);
        let mut found = Vec::new();
        g.moves_with_counts_after(&mut found);
        assert_eq!(found.len(), judged);
        for (m, _, after) in found {
            let corners = v.orientations().corners(usize::from(m.orientation));
            g.place(m.at, corners);
            assert_eq!(after, Counts { legal: g.count_moves() as u64, bonus: g.count_bonus_moves() as u64 });
            let hand = g.hand();
            assert_eq!(listed(&g), listed(&MoveGen::new(&v, g.board(), &hand)));
            g.unplace(m.at);
        }
        assert_eq!(listed(&g), listed(&MoveGen::new(&v, &board, &p.hand)));
    }
}
