//! Counting moves without listing them, and the counts after each move
//! without placing it: what perft counts at its last level.

// Indexing here cannot panic on input: local bits, tile numbers, table numbers and grid indices are the generator's own, computed from the tile set, the orientation table and the frame; none comes from a file.
#![allow(clippy::indexing_slicing)]

use super::generator::MoveGen;
use super::local::Local;
use super::moves::{Counts, Move};
use super::pattern::{CORNER_SLOTS, NONE};
use crate::model::{Cell, Direction};

/// An empty neighbour of a cell a move goes to, as the counts after the
/// move need it: its direction, the slot its tables step by (the
/// direction back from it), its table, where that table's corner
/// transitions start, whether it is open before the move, and whether the
/// move's tile changes its table at all.
#[derive(Clone, Copy, Debug)]
pub(super) struct Near {
    dir: Direction,
    back: u8,
    table: u32,
    base: usize,
    open: bool,
    corners: bool,
}

/// No neighbour: what a list of them is filled from.
const NO_NEAR: Near = Near { dir: Direction::N, back: 0, table: 0, base: 0, open: false, corners: false };

/// An open cell with a move, its table and what it sees around it.
#[derive(Clone, Copy, Debug)]
struct Around {
    cell: Cell,
    own: u32,
    n: u8,
    near: [Near; 8],
}

/// The open cells where a hand tile has a legal move and what each sees
/// around it, as [`MoveGen::cells_with_moves`] found them: what
/// [`MoveGen::counts_two_levels_after`] reads instead of every open cell.
#[derive(Clone, Debug, Default)]
pub struct CellsWithMoves {
    cells: Vec<Around>,
}

impl MoveGen<'_> {
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

    /// The legal moves of hand tiles (and how many earn the bonus) and,
    /// summed over those moves, the moves (and bonus moves) there would be
    /// after each: the totals of [`MoveGen::moves_with_counts_after`],
    /// without listing the moves. Perft's last two levels are these sums.
    pub fn counts_two_levels(&mut self) -> (Counts, Counts) {
        self.counts_two_levels_among(None)
    }

    /// The open cells where a hand tile has a legal move, with what each
    /// sees around it, into `out`: what [`MoveGen::counts_two_levels_after`]
    /// is given.
    pub fn cells_with_moves(&mut self, out: &mut CellsWithMoves) {
        out.cells.clear();
        for s in 0..self.open.len() {
            let open = self.open[s];
            let (legal, _) = self.local.bits(open.table);
            if legal.iter().zip(&self.local.hand).any(|(&l, &h)| l & h != 0) {
                let mut near = [NO_NEAR; 8];
                let (own, n) = self.near_steps(open.cell, &mut near);
                out.cells.push(Around { cell: open.cell, own, n: n as u8, near });
            }
        }
    }

    /// [`MoveGen::counts_two_levels`] just after a tile was placed on
    /// `placed`, given `before`, the [`MoveGen::cells_with_moves`] of the
    /// board and hand before it. A cell two or more from `placed` kept its
    /// table and the hand only lost a tile, so no cell outside `before` but
    /// `placed`'s neighbours can have a move: only those are read, not
    /// every open cell; a cell three or more from it also sees what it saw
    /// before, which is not read again.
    pub fn counts_two_levels_after(&mut self, before: &CellsWithMoves, placed: Cell) -> (Counts, Counts) {
        self.counts_two_levels_among(Some((before, placed)))
    }

    fn counts_two_levels_among(&mut self, among: Option<(&CellsWithMoves, Cell)>) -> (Counts, Counts) {
        if self.local.words == 1 {
            #[cfg(target_arch = "x86_64")]
            if std::arch::is_x86_feature_detected!("popcnt") {
                // SAFETY: the CPU has just been seen to support popcnt.
                return unsafe { self.counts_two_levels_popcnt(among) };
            }
            return self.counts_two_levels_one_word(among);
        }
        let mut listed = std::mem::take(&mut self.scratch.listed);
        listed.clear();
        self.moves_with_counts_after(&mut listed);
        let mut now = Counts::default();
        let mut after = Counts::default();
        for &(_, earned, c) in &listed {
            now += Counts { legal: 1, bonus: u64::from(earned) };
            after += c;
        }
        self.scratch.listed = listed;
        (now, after)
    }

    /// [`MoveGen::counts_two_levels_one_word`] compiled with the popcount
    /// instruction, which the counts are made of.
    #[cfg(target_arch = "x86_64")]
    #[target_feature(enable = "popcnt")]
    fn counts_two_levels_popcnt(&mut self, among: Option<(&CellsWithMoves, Cell)>) -> (Counts, Counts) {
        self.counts_two_levels_one_word(among)
    }

    /// The open cells with a move (cell, legal bits for the hand, bonus
    /// bits, and what it sees when that is known from `among`), from every
    /// open cell or, with `among`, from the cells listed and the placed
    /// cell's neighbours.
    #[inline(always)]
    fn cells_to_count(&mut self, among: Option<(&CellsWithMoves, Cell)>, hand: u64) -> Vec<(Cell, u64, u64, u32)> {
        let mut cells = std::mem::take(&mut self.scratch.cells);
        cells.clear();
        let push = |cells: &mut Vec<(Cell, u64, u64, u32)>, cell: Cell, table: u32, seen: u32| {
            let k = 2 * table as usize;
            if let Some(&[legal, bonus]) = self.local.tables.get(k..k + 2)
                && legal & hand != 0
            {
                cells.push((cell, legal & hand, bonus, seen));
            }
        };
        if let Some((listed, placed)) = among
            && let Some((_, around)) = self.grid.indices(placed)
        {
            for (k, a) in listed.cells.iter().enumerate() {
                let far = (i64::from(a.cell.x) - i64::from(placed.x))
                    .abs()
                    .max((i64::from(a.cell.y) - i64::from(placed.y)).abs());
                // The placed cell and its neighbours are read afresh below;
                // a cell two from it has its own table still.
                match far {
                    ..=1 => {}
                    2 => push(&mut cells, a.cell, a.own, NONE),
                    _ => push(&mut cells, a.cell, a.own, k as u32),
                }
            }
            for (dir, &i) in Direction::ALL.into_iter().zip(&around) {
                if self.grid.slots[i] != NONE {
                    push(&mut cells, placed.neighbour(dir), self.grid.tables[i], NONE);
                }
            }
            return cells;
        }
        for open in &self.open {
            push(&mut cells, open.cell, open.table, NONE);
        }
        cells
    }

    /// [`MoveGen::counts_two_levels`] when the hand's orientations fit one
    /// word: each move's count after it is
    /// `now - own[tile] - before(cell, tile) + (its neighbours' counts)`,
    /// and the first two terms, summed over the moves, are known from the
    /// totals alone (`now` once per move, `own[tile]` once per move of the
    /// tile), so that only the cell's neighbourhood is read per move.
    #[inline(always)]
    fn counts_two_levels_one_word(&mut self, among: Option<(&CellsWithMoves, Cell)>) -> (Counts, Counts) {
        let hand = self.local.hand[0];
        let cells = self.cells_to_count(among, hand);
        let mut own = std::mem::take(&mut self.scratch.own);
        own.clear();
        own.resize(self.local.tiles.len(), Counts::default());
        let mut now = Counts::default();
        // The neighbours' counts after each move, and what each move's cell
        // and its open neighbours offered before it, over all moves.
        let mut gained = Counts::default();
        let mut lost = Counts::default();
        let mut fresh = [NO_NEAR; 8];
        // Without R5 a neighbour's table steps by its corners alone.
        let corners_only = !self.counts.equal_weight;
        for &(cell, mut bits, bonus, seen) in &cells {
            let (own_table, near) = match among.and_then(|(listed, _)| listed.cells.get(seen as usize)) {
                Some(a) => (a.own, &a.near[..usize::from(a.n)]),
                None => {
                    let (own_table, n) = self.near_steps(cell, &mut fresh);
                    (own_table, &fresh[..n])
                }
            };
            let mut tile = NONE;
            let mut without = 0;
            let mut before = Counts::default();
            while bits != 0 {
                let j = bits.trailing_zeros() as usize;
                bits &= bits - 1;
                let c = Counts { legal: 1, bonus: bonus >> j & 1 };
                let t = u32::from(self.local.tile[j]);
                own[t as usize] += c;
                now += c;
                if t != tile {
                    tile = t;
                    without = hand & !self.local.masks[t as usize];
                    before = self.local.count_one(own_table, without);
                    for e in near {
                        if e.open {
                            before += self.local.count_one(e.table, without);
                        }
                    }
                }
                lost += before;
                let seen = self.local.seen[j];
                for e in near {
                    let table = if !e.corners {
                        e.table
                    } else if corners_only {
                        let slot = usize::from(seen.slots[usize::from(e.back)]);
                        match self.corner_next.get(e.base + slot) {
                            Some(&next) if next != NONE => next,
                            _ => self.step(e.table, e.dir.opposite(), &seen),
                        }
                    } else {
                        self.step(e.table, e.dir.opposite(), &seen)
                    };
                    gained += self.local.count_one(table, without);
                }
            }
        }
        // Every move leaves the board's other moves, less its own tile's.
        let mut after = Counts { legal: now.legal * now.legal, bonus: now.legal * now.bonus };
        after += gained;
        for o in &own {
            lost += Counts { legal: o.legal * o.legal, bonus: o.legal * o.bonus };
        }
        after -= lost;
        self.scratch.own = own;
        self.scratch.cells = cells;
        (now, after)
    }

    /// [`MoveGen::near`] with what stepping each neighbour's table needs
    /// worked out once per cell rather than once per move: the grid read
    /// as three rows of three, one bounds check a row.
    #[inline]
    fn near_steps(&mut self, at: Cell, out: &mut [Near; 8]) -> (u32, usize) {
        // A diagonal neighbour's table changes only when diagonals count
        // for corners (R4) or for weights (R6) under R5.
        let diagonal = self.counts.diagonal || (self.counts.equal_weight && self.counts.weight_diagonal);
        let Some((c, around)) = self.grid.indices(at) else {
            let mut near: [(Direction, u32, bool); 8] = [(Direction::N, 0, false); 8];
            let (own, n) = self.near(at, &mut near);
            for (o, &(dir, table, open)) in out.iter_mut().zip(&near[..n]) {
                let back = dir.opposite();
                let corners = back.is_edge() || diagonal;
                *o = Near { dir, back: back as u8, table, base: table as usize * CORNER_SLOTS, open, corners };
            }
            return (own, n);
        };
        let g = &self.grid;
        let mut n = 0;
        for (d, (dir, &i)) in Direction::ALL.into_iter().zip(&around).enumerate() {
            // An open cell is empty; an empty edge neighbour opens.
            let open = g.slots[i] != NONE;
            let edge = d % 2 == 0;
            if open || (edge && g.tiles[i].is_none()) {
                let table = g.tables[i];
                // N, NE, E, SE, S, SW, W, NW: the way back is four on.
                let back = (d + 4) % 8;
                out[n] = Near {
                    dir,
                    back: back as u8,
                    table,
                    base: table as usize * CORNER_SLOTS,
                    open,
                    corners: edge || diagonal,
                };
                n += 1;
            }
        }
        (g.tables[c], n)
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
}
