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

use std::sync::Arc;

use rustc_hash::FxHashMap;

use super::judge::Tally;
use super::reading::{CornerMatch, WeightNeighbours};
use super::variant::Variant;
use crate::model::{Board, Cell, Corner, Corners, Direction, Frame, TileId};

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

/// The legal and the bonus-earning orientations of one pattern.
#[derive(Clone, Debug)]
pub struct Table {
    legal: Box<[u64]>,
    bonus: Box<[u64]>,
    /// For each tile of the set, its legal and its bonus orientations.
    per_tile: Box<[(u8, u8)]>,
}

impl Table {
    /// The legal and bonus moves of this table for tile `t` (its index).
    #[inline]
    fn of_tile(&self, t: usize) -> Counts {
        let (l, b) = self.per_tile[t];
        Counts { legal: u64::from(l), bonus: u64::from(b) }
    }
}

/// Buffers [`MoveGen::moves_with_counts_after`] reuses: the moves, the
/// hand's tiles, each tile's moves, and each table's moves for the hand
/// (computed once per call, stamped with the call's generation).
#[derive(Clone, Debug, Default)]
struct Scratch {
    moves: Vec<Move>,
    hand: Vec<u16>,
    own: Vec<Counts>,
    generation: u32,
    stamp: Vec<u32>,
    sum: Vec<Counts>,
}

impl Scratch {
    fn start(&mut self, tiles: usize) {
        self.moves.clear();
        for &t in &self.hand {
            if let Some(c) = self.own.get_mut(usize::from(t)) {
                *c = Counts::default();
            }
        }
        self.hand.clear();
        self.own.resize(tiles, Counts::default());
        self.generation = self.generation.wrapping_add(1);
        if self.generation == 0 {
            self.stamp.fill(0);
            self.generation = 1;
        }
    }

    /// Table `table`'s moves for the hand without tile `t`.
    #[inline]
    fn without(&mut self, tables: &[Arc<Table>], table: u32, t: usize) -> Counts {
        let mut c = self.with_hand(tables, table);
        c -= tables[table as usize].of_tile(t);
        c
    }

    /// Table `table`'s moves for the whole hand.
    #[inline]
    fn with_hand(&mut self, tables: &[Arc<Table>], table: u32) -> Counts {
        let i = table as usize;
        if i >= self.stamp.len() {
            self.stamp.resize(tables.len().max(i + 1), 0);
            self.sum.resize(self.stamp.len(), Counts::default());
        }
        let entry = &tables[i];
        if self.stamp[i] != self.generation {
            let mut sum = Counts::default();
            for &u in &self.hand {
                sum += entry.of_tile(usize::from(u));
            }
            self.sum[i] = sum;
            self.stamp[i] = self.generation;
        }
        self.sum[i]
    }
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

/// Pattern tables computed so far for one variant, shared by every move
/// generator of that variant (a table depends only on the pattern and the
/// rules).
#[derive(Debug, Default)]
pub struct TableCache {
    by_pattern: FxHashMap<u64, Arc<Table>>,
}

#[derive(Clone, Copy, Debug)]
struct Open {
    cell: Cell,
    /// What the cell's counting neighbours show (see [`MoveGen::raw`]).
    raw: u64,
    table: u32,
}

/// A board with its open cells' pattern tables kept up to date, and a hand.
#[derive(Clone, Debug)]
pub struct MoveGen<'v> {
    variant: &'v Variant,
    board: Board,
    hand: Box<[u64]>,
    grid: Grid,
    open: Vec<Open>,
    tables: Vec<Arc<Table>>,
    by_pattern: FxHashMap<u64, u32>,
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
}

impl Counting {
    fn of(variant: &Variant) -> Counting {
        let rules = variant.rules();
        Counting {
            diagonal: rules.diagonal_neighbours.yes(),
            weight_diagonal: rules.equal_weight_neighbours == WeightNeighbours::EdgeAndDiagonal,
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
    let mut cache = variant.table_cache().lock().unwrap_or_else(|poisoned| poisoned.into_inner());
    Arc::clone(cache.by_pattern.entry(key).or_insert_with(|| Arc::new(compute_table(variant, key))))
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

impl<'v> MoveGen<'v> {
    /// The move generator for `board` and `hand` under `variant`.
    pub fn new(variant: &'v Variant, board: &Board, hand: &[TileId]) -> MoveGen<'v> {
        let words = variant.orientations().len().div_ceil(64);
        let mut generator = MoveGen {
            variant,
            board: board.clone(),
            hand: vec![0; words].into_boxed_slice(),
            grid: Grid::around(board),
            open: Vec::new(),
            tables: Vec::new(),
            by_pattern: FxHashMap::default(),
            scratch: Scratch::default(),
            counts: Counting::of(variant),
        };
        for &tile in hand {
            generator.add_to_hand(tile);
        }
        for cell in board.open_cells() {
            generator.refresh(cell);
        }
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
        self.board.insert(at, corners);
        if !self.grid.inside(at, 2) {
            self.grid = Grid::around(&self.board);
            for (i, open) in self.open.iter().enumerate() {
                self.grid.set_slot(open.cell, Some(i));
            }
        }
        self.grid.set_tile(&self.board, at);
        self.remove_from_hand(corners.id());
        self.refresh(at);
        for dir in Direction::ALL {
            self.refresh(at.neighbour(dir));
        }
    }

    /// Takes the tile off `at` (undoing [`MoveGen::place`]) and returns it to
    /// the hand.
    pub fn unplace(&mut self, at: Cell) {
        if let Some(corners) = self.board.remove(at) {
            self.add_to_hand(corners.id());
        }
        self.grid.set_tile(&self.board, at);
        self.refresh(at);
        for dir in Direction::ALL {
            self.refresh(at.neighbour(dir));
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
            let legal = &self.tables[open.table as usize].legal;
            for (w, (&l, &h)) in legal.iter().zip(self.hand.iter()).enumerate() {
                let mut bits = l & h;
                while bits != 0 {
                    let k = w * 64 + bits.trailing_zeros() as usize;
                    out.push(Move { at: open.cell, orientation: k as u16 });
                    bits &= bits - 1;
                }
            }
        }
    }

    /// The number of legal moves of hand tiles, without listing them.
    pub fn count_moves(&self) -> usize {
        self.open
            .iter()
            .map(|open| {
                let legal = &self.tables[open.table as usize].legal;
                legal.iter().zip(self.hand.iter()).map(|(&l, &h)| (l & h).count_ones() as usize).sum::<usize>()
            })
            .sum()
    }

    /// The number of legal moves of hand tiles that earn the bonus choice.
    pub fn count_bonus_moves(&self) -> usize {
        self.open
            .iter()
            .map(|open| {
                let bonus = &self.tables[open.table as usize].bonus;
                bonus.iter().zip(self.hand.iter()).map(|(&b, &h)| (b & h).count_ones() as usize).sum::<usize>()
            })
            .sum()
    }

    /// Every legal move of a hand tile, with the number of legal moves and
    /// of bonus moves there would be after it, found without placing it:
    /// what perft counts at its last level. Only the cell taken and its
    /// eight neighbours change; everything else loses the tile's moves.
    pub fn moves_with_counts_after(&mut self, out: &mut Vec<(Move, bool, Counts)>) {
        let orientations = self.variant.orientations();
        let mut scratch = std::mem::take(&mut self.scratch);
        scratch.start(self.variant.tile_set().len());
        self.legal_moves(&mut scratch.moves);
        // The hand's tiles (their orientations are contiguous).
        for (w, &word) in self.hand.iter().enumerate() {
            let mut bits = word;
            while bits != 0 {
                let t = orientations.tile_index(w * 64 + bits.trailing_zeros() as usize) as u16;
                if scratch.hand.last() != Some(&t) {
                    scratch.hand.push(t);
                }
                bits &= bits - 1;
            }
        }
        // Each tile's legal and bonus moves on the board as it is.
        let mut now = Counts::default();
        out.reserve(scratch.moves.len());
        let first = out.len();
        for &m in &scratch.moves {
            let bonus = self.is_bonus(m);
            let t = orientations.tile_index(usize::from(m.orientation));
            let earned = Counts { legal: 1, bonus: u64::from(bonus) };
            scratch.own[t] += earned;
            now += earned;
            out.push((m, bonus, Counts::default()));
        }
        // Moves come cell by cell: what the cell's neighbourhood offers is
        // found once per cell. `old`: the tables that stop counting (the
        // cell's own, its open neighbours'), `seen`: for each empty
        // neighbour that is or becomes open, what it sees before the tile.
        let mut at: Option<Cell> = None;
        let mut old: Vec<u32> = Vec::with_capacity(9);
        let mut seen: Vec<(Direction, u64)> = Vec::with_capacity(8);
        let mut old_sum = Counts::default();
        for entry in &mut out[first..] {
            let m = entry.0;
            if at != Some(m.at) {
                at = Some(m.at);
                old.clear();
                seen.clear();
                if let Some(i) = self.grid.slot(m.at) {
                    old.push(self.open[i].table);
                }
                let neighbours = self.grid.neighbours(&self.board, m.at);
                for (dir, tile) in Direction::ALL.into_iter().zip(neighbours) {
                    if tile.is_some() {
                        continue;
                    }
                    let n = m.at.neighbour(dir);
                    match self.grid.slot(n) {
                        Some(i) => {
                            old.push(self.open[i].table);
                            seen.push((dir, self.open[i].raw));
                        }
                        // An edge neighbour opens; a diagonal one stays closed.
                        None if dir.is_edge() => seen.push((dir, self.raw(n, None))),
                        None => {}
                    }
                }
                old_sum = Counts::default();
                for &table in &old {
                    old_sum += scratch.with_hand(&self.tables, table);
                }
            }
            let k = usize::from(m.orientation);
            let t = orientations.tile_index(k);
            let corners = orientations.corners(k);
            // Every other cell loses the tile's moves; the cell taken closes;
            // its empty neighbours see the tile.
            let mut after = now;
            after -= scratch.own[t];
            after -= old_sum;
            for &table in &old {
                after += self.tables[table as usize].of_tile(t);
            }
            for &(dir, raw) in &seen {
                // The tile seen from the neighbour lies the opposite way.
                let table = self.table_for(self.key(self.with_neighbour(raw, dir.opposite(), corners)));
                after += scratch.without(&self.tables, table, t);
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

    /// Recomputes whether `cell` is open and, if so, its pattern table.
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
                let raw = self.raw(cell, None);
                let table = self.table_for(self.key(raw));
                match slot {
                    Some(i) => self.open[i] = Open { cell, raw, table },
                    None => {
                        self.grid.set_slot(cell, Some(self.open.len()));
                        self.open.push(Open { cell, raw, table });
                    }
                }
            }
        }
    }

    /// What the counting neighbours of an empty cell show, with `extra`
    /// placed too: bits `6 i .. 6 i + 6` the values on corner `i`'s lattice
    /// point (R4), bits 24 and up the weights of the neighbours that count
    /// for R5 (R6). A corner touches exactly when it sees a value.
    fn raw(&self, cell: Cell, extra: Option<(Cell, Corners)>) -> u64 {
        let mut raw = 0;
        // Each neighbour is looked up once; its shared corners feed ours.
        let neighbours = self.grid.neighbours(&self.board, cell);
        for (dir, tile) in Direction::ALL.into_iter().zip(neighbours) {
            let tile = match extra {
                Some((c, corners)) if c == cell.neighbour(dir) => Some(corners),
                _ => tile,
            };
            if let Some(t) = tile {
                raw = self.with_neighbour(raw, dir, t);
            }
        }
        raw
    }

    /// `raw` with one more neighbour, `t` in direction `dir`.
    #[inline]
    fn with_neighbour(&self, raw: u64, dir: Direction, t: Corners) -> u64 {
        self.counts.with_neighbour(raw, dir, t)
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
        self.tables.push(shared);
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
    let mut per_tile = vec![(0u8, 0u8); variant.tile_set().len()].into_boxed_slice();
    for (k, &corners) in variant.orientations().all().iter().enumerate() {
        let t = variant.orientations().tile_index(k);
        let tally = tally_of(key, corners);
        if tally.legal(variant) {
            legal[k / 64] |= 1 << (k % 64);
            per_tile[t].0 += 1;
            if tally.bonus(variant) {
                bonus[k / 64] |= 1 << (k % 64);
                per_tile[t].1 += 1;
            }
        }
    }
    Table { legal, bonus, per_tile }
}

fn bit(bits: &[u64], k: usize) -> bool {
    bits.get(k / 64).is_some_and(|w| w >> (k % 64) & 1 != 0)
}

/// The board around its tiles as a dense grid, for the lookups move
/// generation makes by the million: each cell's tile and its slot among the
/// open cells. The grid covers the board's bounds and a margin; it is rebuilt
/// larger when a placement comes near its border. Cells outside it (only on
/// boards too spread out for a grid) are read from the board and a map.
#[derive(Clone, Debug)]
struct Grid {
    frame: Frame,
    tiles: Vec<Option<Corners>>,
    slots: Vec<u32>,
    outside: FxHashMap<Cell, u32>,
}

/// No open-cell slot.
const NO_SLOT: u32 = u32::MAX;
/// Cells of margin around the board's bounds.
const MARGIN: i64 = 8;
/// The largest side a grid is given; a board spread wider is partly outside.
const MAX_SIDE: i64 = 1024;

impl Grid {
    fn around(board: &Board) -> Grid {
        let (lo, hi) = board.bounds().unwrap_or((Cell::new(0, 0), Cell::new(0, 0)));
        let frame = Frame::around(lo, hi, MARGIN, MAX_SIDE);
        let mut grid = Grid {
            frame,
            tiles: vec![None; frame.len()],
            slots: vec![NO_SLOT; frame.len()],
            outside: FxHashMap::default(),
        };
        for (cell, corners) in board.tiles() {
            if let Some(i) = frame.index(cell) {
                grid.tiles[i] = Some(corners);
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

    /// Copies the board's tile (or its absence) at `cell` into the grid.
    fn set_tile(&mut self, board: &Board, cell: Cell) {
        if let Some(i) = self.index(cell) {
            self.tiles[i] = board.get(cell);
        }
    }

    #[inline]
    fn slot(&self, cell: Cell) -> Option<usize> {
        let s = match self.index(cell) {
            Some(i) => self.slots[i],
            None => self.outside.get(&cell).copied().unwrap_or(NO_SLOT),
        };
        (s != NO_SLOT).then_some(s as usize)
    }

    fn set_slot(&mut self, cell: Cell, slot: Option<usize>) {
        let s = slot.map_or(NO_SLOT, |s| s as u32);
        match self.index(cell) {
            Some(i) => self.slots[i] = s,
            None if s == NO_SLOT => {
                self.outside.remove(&cell);
            }
            None => {
                self.outside.insert(cell, s);
            }
        }
    }
}
