//! Counting moves without listing them, and the counts after each move
//! without placing it: what perft counts at its last level.

// Indexing here cannot panic on input: local bits, tile numbers, table numbers and grid indices are the generator's own, computed from the tile set, the orientation table and the frame; none comes from a file.
#![allow(clippy::indexing_slicing)]

use super::generator::MoveGen;
use super::local::Local;
use super::moves::{Counts, Move};
use super::pattern::{CORNER_SLOTS, NONE, Seen};
use crate::model::{Cell, Direction};

/// An empty neighbour of a cell a move goes to, as the counts after the
/// move need it: the direction back from it to the cell (which its table
/// steps by), its table, whether it is open before the move, and whether
/// the move's tile changes its table at all. Small, for a cell keeps eight.
#[derive(Clone, Copy, Debug)]
pub(super) struct Near {
    back: Direction,
    table: u32,
    open: bool,
    corners: bool,
}

/// No neighbour: what a list of them is filled from.
const NO_NEAR: Near = Near { back: Direction::N, table: 0, open: false, corners: false };

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
/// [`MoveGen::counts_two_levels_after`] reads instead of every open cell;
/// when `split`, with their sums split by tile.
#[derive(Clone, Debug, Default)]
pub struct CellsWithMoves {
    cells: Vec<Around>,
    totals: Totals,
    split: bool,
    /// The generator's [`MoveGen::compactions`] when these were found:
    /// their table numbers hold only until its next.
    compactions: u64,
}

/// What the last two levels are counted from, summed over the moves of
/// some cells with some hand: the moves (and bonus moves); `lost`, for each
/// move, what its cell and its open neighbours offer with the hand less
/// the move's tile (gone once the move is made); `gained`, for each move,
/// what its empty neighbours offer after it with that hand.
#[derive(Clone, Copy, Debug, Default)]
struct Sums {
    now: Counts,
    lost: Counts,
    gained: Counts,
}

/// The [`Sums`] of every listed cell with the hand they were listed with,
/// split by tile so that the sums with one tile `m` fewer in hand are read
/// off rather than summed over the cells again: the moves of `m` go, with
/// what they lost and gained (`own`, `lost_by`, `gained_by` of `m`), and
/// every other move's counts lose `m`'s orientations (`lost_of`,
/// `gained_of` of `m`: over all moves, how many of the orientations
/// counted in `lost` and `gained` are `m`'s).
#[derive(Clone, Debug, Default)]
struct Totals {
    hand: u64,
    sums: Sums,
    own: Vec<Counts>,
    lost_by: Vec<Counts>,
    lost_of: Vec<Counts>,
    gained_by: Vec<Counts>,
    gained_of: Vec<Counts>,
}

/// What the one-word counts are asked: a node's last two levels (over
/// every open cell, or from the cells listed before the last placement),
/// or the listed cells' sums split by tile.
enum OneWord<'a> {
    Count(Option<(&'a CellsWithMoves, Cell)>),
    Split(&'a mut CellsWithMoves),
}

/// Adds `times` to the tile of each local bit of `legal` (legal counts)
/// and of `bonus` (bonus counts).
#[inline(always)]
fn add_per_tile(into: &mut [Counts], tile: &[u16], mut legal: u64, mut bonus: u64, times: u64) {
    while legal != 0 {
        into[usize::from(tile[legal.trailing_zeros() as usize])].legal += times;
        legal &= legal - 1;
    }
    while bonus != 0 {
        into[usize::from(tile[bonus.trailing_zeros() as usize])].bonus += times;
        bonus &= bonus - 1;
    }
}

/// `counts` as `len` zeros, reusing what it holds (the same length from
/// node to node: the tiles of the hand).
#[inline(always)]
fn zeroed(counts: &mut Vec<Counts>, len: usize) {
    if counts.len() == len {
        counts.fill(Counts::default());
    } else {
        counts.clear();
        counts.resize(len, Counts::default());
    }
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
    /// is given. When the hand's orientations fit one word, the sums the
    /// last two levels are counted from are also added up over these
    /// cells, split by tile, so that after a move most cells need not be
    /// read at all.
    pub fn cells_with_moves(&mut self, out: &mut CellsWithMoves) {
        out.compactions = self.compactions;
        out.cells.clear();
        out.split = false;
        for s in 0..self.open.len() {
            let open = self.open[s];
            let (legal, _) = self.local.bits(open.table);
            if legal.iter().zip(&self.local.hand).any(|(&l, &h)| l & h != 0) {
                let mut near = [NO_NEAR; 8];
                let (own, n) = self.near_steps(open.cell, &mut near);
                out.cells.push(Around { cell: open.cell, own, n: n as u8, near });
            }
        }
        if self.local.words == 1 {
            self.one_word(OneWord::Split(out));
        }
    }

    /// [`MoveGen::counts_two_levels`] just after a tile was placed on
    /// `placed`, given `before`, the [`MoveGen::cells_with_moves`] of the
    /// board and hand before it. A cell two or more from `placed` kept its
    /// table and the hand only lost a tile, so no cell outside `before` but
    /// `placed`'s neighbours can have a move; a cell three or more from it
    /// also sees what it saw before, so that what it adds with the hand
    /// less the tile is read off `before`'s sums split by tile: only the
    /// cells within two of `placed` are read.
    pub fn counts_two_levels_after(&mut self, before: &CellsWithMoves, placed: Cell) -> (Counts, Counts) {
        if before.compactions != self.compactions {
            // The placement let go of unused tables and renumbered the
            // rest: `before`'s numbers no longer name them; every cell is
            // read.
            return self.counts_two_levels_among(None);
        }
        self.counts_two_levels_among(Some((before, placed)))
    }

    fn counts_two_levels_among(&mut self, among: Option<(&CellsWithMoves, Cell)>) -> (Counts, Counts) {
        if self.local.words == 1 {
            return self.one_word(OneWord::Count(among));
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

    /// The counts made of popcounts when the hand's orientations fit one
    /// word, with the popcount instruction where the CPU has it: the last
    /// two levels' counts, or (for [`OneWord::Split`], which counts
    /// nothing and gives zeros) the listed cells' sums split by tile.
    fn one_word(&mut self, job: OneWord<'_>) -> (Counts, Counts) {
        #[cfg(target_arch = "x86_64")]
        if std::arch::is_x86_feature_detected!("popcnt") {
            // SAFETY: the CPU has just been seen to support popcnt.
            return unsafe { self.one_word_popcnt(job) };
        }
        self.one_word_plain(job)
    }

    /// [`MoveGen::one_word_plain`] compiled with the popcount instruction,
    /// which the counts are made of.
    #[cfg(target_arch = "x86_64")]
    #[target_feature(enable = "popcnt")]
    fn one_word_popcnt(&mut self, job: OneWord<'_>) -> (Counts, Counts) {
        self.one_word_plain(job)
    }

    #[inline(always)]
    fn one_word_plain(&mut self, job: OneWord<'_>) -> (Counts, Counts) {
        match job {
            OneWord::Count(among) => self.counts_two_levels_one_word(among),
            OneWord::Split(listed) => {
                self.split_by_tile(listed);
                (Counts::default(), Counts::default())
            }
        }
    }

    /// [`MoveGen::counts_two_levels`] when the hand's orientations fit one
    /// word: each move's count after it is
    /// `now - own[tile] - before(cell, tile) + (its neighbours' counts)`,
    /// and the first two terms, summed over the moves, are known from the
    /// totals alone (`now` once per move, `own[tile]` once per move of the
    /// tile), so that only the cell's neighbourhood is read per move (see
    /// [`Sums`]). With `among` split by tile, only the cells within two of
    /// the placed cell are read: the others add what they added before,
    /// less the placed tile's part.
    #[inline(always)]
    fn counts_two_levels_one_word(&mut self, among: Option<(&CellsWithMoves, Cell)>) -> (Counts, Counts) {
        let hand = self.local.hand[0];
        let tiles = self.local.tiles.len();
        let mut own = std::mem::take(&mut self.scratch.own);
        zeroed(&mut own, tiles);
        let mut sums = Sums::default();
        let mut fresh = [NO_NEAR; 8];
        let split = among.and_then(|(listed, placed)| {
            let totals = &listed.totals;
            let gone = totals.hand & !hand;
            let tile = usize::from(*self.local.tile.get(gone.trailing_zeros() as usize)?);
            // The hand then less exactly one tile, the cell inside the grid.
            let one_tile = listed.split && hand & !totals.hand == 0 && gone == self.local.masks[tile];
            let (_, around) = self.grid.indices(placed)?;
            (one_tile && totals.own.len() == tiles).then_some((listed, placed, tile, around))
        });
        if let Some((listed, placed, tile, around)) = split {
            let totals = &listed.totals;
            // What the cells within two of the placed cell added before,
            // with the hand as it is now: taken off the totals.
            let mut old = Sums::default();
            let mut own_old = std::mem::take(&mut self.scratch.own_old);
            zeroed(&mut own_old, tiles);
            for a in &listed.cells {
                let far = (i64::from(a.cell.x) - i64::from(placed.x))
                    .abs()
                    .max((i64::from(a.cell.y) - i64::from(placed.y)).abs());
                if far > 2 {
                    continue;
                }
                self.sums_at(a.own, &a.near[..usize::from(a.n)], hand, &mut own_old, &mut old);
                // A cell two from it has its own table still, and may see
                // new tables around it; the placed cell and its neighbours
                // are read afresh below.
                if far == 2 {
                    let (own_table, n) = self.near_steps(a.cell, &mut fresh);
                    self.sums_at(own_table, &fresh[..n], hand, &mut own, &mut sums);
                }
            }
            for (dir, &i) in Direction::ALL.into_iter().zip(&around) {
                if self.grid.slots[i] != NONE && self.has_moves(self.grid.tables[i], hand) {
                    let (own_table, n) = self.near_steps(placed.neighbour(dir), &mut fresh);
                    self.sums_at(own_table, &fresh[..n], hand, &mut own, &mut sums);
                }
            }
            // The totals without the tile: its moves gone, and its
            // orientations out of every other move's counts.
            sums.now += totals.sums.now;
            sums.now -= totals.own[tile];
            sums.now -= old.now;
            sums.lost += totals.sums.lost;
            sums.lost -= totals.lost_by[tile];
            sums.lost -= totals.lost_of[tile];
            sums.lost -= old.lost;
            sums.gained += totals.sums.gained;
            sums.gained -= totals.gained_by[tile];
            sums.gained -= totals.gained_of[tile];
            sums.gained -= old.gained;
            for (t, ((o, &before), &gone)) in own.iter_mut().zip(&totals.own).zip(&own_old).enumerate() {
                if t != tile {
                    *o += before;
                    *o -= gone;
                }
            }
            self.scratch.own_old = own_old;
        } else {
            for s in 0..self.open.len() {
                let open = self.open[s];
                if self.has_moves(open.table, hand) {
                    let (own_table, n) = self.near_steps(open.cell, &mut fresh);
                    self.sums_at(own_table, &fresh[..n], hand, &mut own, &mut sums);
                }
            }
        }
        let Sums { now, mut lost, gained } = sums;
        // Every move leaves the board's other moves, less its own tile's.
        let mut after = Counts { legal: now.legal * now.legal, bonus: now.legal * now.bonus };
        after += gained;
        for o in &own {
            lost += Counts { legal: o.legal * o.legal, bonus: o.legal * o.bonus };
        }
        after -= lost;
        self.scratch.own = own;
        (now, after)
    }

    /// Whether table `table` has a move for `hand` (one word).
    #[inline(always)]
    fn has_moves(&self, table: u32, hand: u64) -> bool {
        let k = 2 * table as usize;
        self.local.tables.get(k).is_some_and(|&legal| legal & hand != 0)
    }

    /// The table of empty neighbour `e` once a tile `seen` from it arrives
    /// (without R5 a neighbour's table steps by its corners alone, through
    /// the memo when it is filled).
    #[inline(always)]
    fn stepped(&mut self, e: &Near, seen: &Seen, corners_only: bool) -> u32 {
        if !e.corners {
            e.table
        } else if corners_only {
            let slot = usize::from(seen.slots[e.back as usize]);
            match self.corner_next.get(e.table as usize * CORNER_SLOTS + slot) {
                Some(&next) if next != NONE => next,
                _ => self.step(e.table, e.back, seen),
            }
        } else {
            self.step(e.table, e.back, seen)
        }
    }

    /// Adds the [`Sums`] of the moves of `hand` on a cell of table
    /// `own_table` that sees `near` to `sums`, and its moves per tile to
    /// `own`.
    #[inline(always)]
    fn sums_at(&mut self, own_table: u32, near: &[Near], hand: u64, own: &mut [Counts], sums: &mut Sums) {
        let k = 2 * own_table as usize;
        let Some(&[legal, bonus]) = self.local.tables.get(k..k + 2) else { return };
        let corners_only = !self.counts.equal_weight;
        let mut bits = legal & hand;
        let mut tile = NONE;
        let mut without = 0;
        let mut before = Counts::default();
        while bits != 0 {
            let j = bits.trailing_zeros() as usize;
            bits &= bits - 1;
            let c = Counts { legal: 1, bonus: bonus >> j & 1 };
            let t = u32::from(self.local.tile[j]);
            own[t as usize] += c;
            sums.now += c;
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
            sums.lost += before;
            let seen = self.local.seen[j];
            for e in near {
                let table = self.stepped(e, &seen, corners_only);
                sums.gained += self.local.count_one(table, without);
            }
        }
    }

    /// The listed cells' [`Sums`] with the hand as it is, split by tile
    /// into `listed.totals` (see [`Totals`]).
    #[inline(always)]
    fn split_by_tile(&mut self, listed: &mut CellsWithMoves) {
        let CellsWithMoves { cells, totals, split, .. } = listed;
        let hand = self.local.hand[0];
        let tiles = self.local.tiles.len();
        totals.hand = hand;
        totals.sums = Sums::default();
        for by in
            [&mut totals.own, &mut totals.lost_by, &mut totals.lost_of, &mut totals.gained_by, &mut totals.gained_of]
        {
            zeroed(by, tiles);
        }
        let corners_only = !self.counts.equal_weight;
        for a in cells.iter() {
            let k = 2 * a.own as usize;
            let Some(&[legal, bonus]) = self.local.tables.get(k..k + 2) else { continue };
            let near = &a.near[..usize::from(a.n)];
            let mut bits = legal & hand;
            let mut tile = NONE;
            let mut without = 0;
            while bits != 0 {
                let j = bits.trailing_zeros() as usize;
                bits &= bits - 1;
                let c = Counts { legal: 1, bonus: bonus >> j & 1 };
                let t = usize::from(self.local.tile[j]);
                totals.own[t] += c;
                totals.sums.now += c;
                if t as u32 != tile {
                    tile = t as u32;
                    let mask = self.local.masks[t];
                    without = hand & !mask;
                    // Each of the tile's moves here loses what the cell and
                    // its open neighbours offer without the tile.
                    let moves = u64::from((legal & hand & mask).count_ones());
                    let mut before = Counts::default();
                    let open = near.iter().filter(|e| e.open).map(|e| e.table);
                    for table in std::iter::once(a.own).chain(open) {
                        let (l, b) = self.local.masked(table, without);
                        before += Counts { legal: u64::from(l.count_ones()), bonus: u64::from(b.count_ones()) };
                        add_per_tile(&mut totals.lost_of, &self.local.tile, l, b, moves);
                    }
                    let lost = Counts { legal: moves * before.legal, bonus: moves * before.bonus };
                    totals.lost_by[t] += lost;
                    totals.sums.lost += lost;
                }
                let seen = self.local.seen[j];
                for e in near {
                    let table = self.stepped(e, &seen, corners_only);
                    let (l, b) = self.local.masked(table, without);
                    let gained = Counts { legal: u64::from(l.count_ones()), bonus: u64::from(b.count_ones()) };
                    totals.gained_by[t] += gained;
                    totals.sums.gained += gained;
                    add_per_tile(&mut totals.gained_of, &self.local.tile, l, b, 1);
                }
            }
        }
        *split = true;
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
                *o = Near { back, table, open, corners };
            }
            return (own, n);
        };
        let g = &self.grid;
        let mut n = 0;
        for (d, &i) in around.iter().enumerate() {
            // An open cell is empty; an empty edge neighbour opens.
            let open = g.slots[i] != NONE;
            let edge = d % 2 == 0;
            if open || (edge && g.tiles[i].is_none()) {
                let table = g.tables[i];
                // N, NE, E, SE, S, SW, W, NW: the way back is four on.
                let back = Direction::ALL[(d + 4) % 8];
                out[n] = Near { back, table, open, corners: edge || diagonal };
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
