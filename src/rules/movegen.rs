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
use crate::model::{Board, Cell, Corner, Corners, Direction, TileId};

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
    table: u32,
}

/// A board with its open cells' pattern tables kept up to date, and a hand.
#[derive(Clone, Debug)]
pub struct MoveGen<'v> {
    variant: &'v Variant,
    board: Board,
    hand: Box<[u64]>,
    open: Vec<Open>,
    slot: FxHashMap<Cell, usize>,
    tables: Vec<Arc<Table>>,
    by_pattern: FxHashMap<u64, u32>,
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
            open: Vec::new(),
            slot: FxHashMap::default(),
            tables: Vec::new(),
            by_pattern: FxHashMap::default(),
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

    /// Whether a legal move earns the bonus choice (R7).
    pub fn is_bonus(&self, m: Move) -> bool {
        self.table_of(m.at).is_some_and(|t| bit(&t.bonus, usize::from(m.orientation)))
    }

    /// Whether a move (of any tile, in hand or not) is legal on this board.
    pub fn is_legal(&self, m: Move) -> bool {
        self.table_of(m.at).is_some_and(|t| bit(&t.legal, usize::from(m.orientation)))
    }

    fn table_of(&self, cell: Cell) -> Option<&Table> {
        let &i = self.slot.get(&cell)?;
        Some(&self.tables[self.open[i].table as usize])
    }

    /// Recomputes whether `cell` is open and, if so, its pattern table.
    fn refresh(&mut self, cell: Cell) {
        let open = !self.board.is_occupied(cell) && self.board.has_side_contact(cell);
        match (open, self.slot.get(&cell).copied()) {
            (false, None) => {}
            (false, Some(i)) => {
                self.open.swap_remove(i);
                self.slot.remove(&cell);
                if let Some(moved) = self.open.get(i) {
                    self.slot.insert(moved.cell, i);
                }
            }
            (true, slot) => {
                let table = self.table_for(self.pattern(cell));
                match slot {
                    Some(i) => self.open[i].table = table,
                    None => {
                        self.slot.insert(cell, self.open.len());
                        self.open.push(Open { cell, table });
                    }
                }
            }
        }
    }

    /// The pattern key of an empty cell: 7 bits per corner (touched, and the
    /// mask of matching values), then the mask of counting neighbour weights.
    fn pattern(&self, cell: Cell) -> u64 {
        let rules = self.variant.rules();
        let diagonal = rules.diagonal_neighbours.yes();
        let weight_diagonal = rules.equal_weight_neighbours == WeightNeighbours::EdgeAndDiagonal;
        let mut seen = [0u64; 4];
        let mut touched = [false; 4];
        let mut weights = 0u64;
        // Each neighbour is looked up once; its shared corners feed ours.
        for dir in Direction::ALL {
            let Some(t) = self.board.neighbour(cell, dir) else { continue };
            if dir.is_edge() || diagonal {
                for &(mine, theirs) in dir.shared_corners() {
                    touched[mine.index()] = true;
                    seen[mine.index()] |= 1 << t.at(theirs);
                }
            }
            if dir.is_edge() || weight_diagonal {
                weights |= 1 << u32::from(t.weight());
            }
        }
        let mut key = 0u64;
        for corner in Corner::ALL {
            let i = corner.index();
            let mask = match rules.corner_match {
                CornerMatch::AtLeastOne => seen[i],
                // Every value must agree: only possible when one value is there.
                CornerMatch::EveryValue if seen[i].count_ones() == 1 => seen[i],
                CornerMatch::EveryValue => 0,
            };
            let byte = if touched[i] { TOUCHED | mask } else { 0 };
            key |= byte << (7 * i);
        }
        if rules.equal_weight.yes() {
            key |= weights << 28;
        }
        key
    }

    fn table_for(&mut self, key: u64) -> u32 {
        if let Some(&t) = self.by_pattern.get(&key) {
            return t;
        }
        let shared = {
            let mut cache = self.variant.table_cache().lock().unwrap_or_else(|poisoned| poisoned.into_inner());
            Arc::clone(cache.by_pattern.entry(key).or_insert_with(|| Arc::new(compute_table(self.variant, key))))
        };
        let id = self.tables.len() as u32;
        self.tables.push(shared);
        self.by_pattern.insert(key, id);
        id
    }
}

/// The legal and bonus orientations of a pattern, each judged by [`Tally`],
/// the rule the judge applies too.
fn compute_table(variant: &Variant, key: u64) -> Table {
    let words = variant.orientations().len().div_ceil(64);
    let mut legal = vec![0u64; words].into_boxed_slice();
    let mut bonus = vec![0u64; words].into_boxed_slice();
    let touching = (0..4).filter(|i| key >> (7 * i) & TOUCHED != 0).count() as u8;
    for (k, corners) in variant.orientations().all().iter().enumerate() {
        let matched = Corner::ALL.iter().filter(|c| key >> (7 * c.index()) & (1 << corners.at(**c)) != 0).count() as u8;
        let tally = Tally { touching, matched, equal_weight: key >> (28 + u32::from(corners.weight())) & 1 != 0 };
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
