//! The bound of a branch of the lattice search: the most the cells not yet
//! complete could still add, as a matching of free tiles to them, heaviest
//! first, once each cell's tiles are narrowed to those that fit its fixed
//! corners and show, on each point it shares with another open cell, a
//! value that cell can show there.

// Indexing here cannot panic on input: point, cell and tile indices come from the view and tables the search is built on.
#![allow(clippy::indexing_slicing)]

use super::{LatticeSearch, NONE};

impl LatticeSearch<'_> {
    /// The heaviest free tiles that could go, one each, to the open cells
    /// that know a corner (`self.masks`: the tiles fitting each) and to
    /// `wild` cells more that take any free tile: the best matching, found by
    /// taking tiles heaviest first while the chosen still match into the
    /// cells. `None` when they cannot all be given one, or when the matching
    /// cannot weigh `need`: tiles come heaviest first, so the tiles chosen
    /// and the heaviest of those left, one for each cell still without a
    /// tile (`window`, the sum of the first `open` free tiles to start
    /// with), bound the matching from above all along, and the search stops
    /// once that falls short.
    fn matching(&mut self, wild: usize, need: i64, mut window: i64, mut after: u128) -> Option<i64> {
        let free = self.t.all & !self.used;
        let known = self.known;
        let mut left = known + wild;
        // A tile that fits no open cell can only go to a wild one.
        let fits_any =
            (0..known).fold(0u128, |a, j| a | u128::from(self.masks[0][j]) | u128::from(self.masks[1][j]) << 64);
        let (mut matched, mut wild_used, mut total) = (0usize, 0usize, 0i64);
        // The open cells that hold a tile in the matching so far.
        let mut owned = 0u64;
        // Cells a failed search reached cannot lead to a cell without a tile
        // until some search succeeds, so later searches skip them.
        let mut dead = 0u64;
        let mut rest = free;
        while left > 0 {
            let t = rest.trailing_zeros() as usize;
            rest &= rest - 1;
            let bit = 1u128 << t;
            let weight = self.t.weight[t];
            // Once every cell that knows a corner has a tile, no search can
            // give one more a place among them.
            let mut placed = false;
            if matched < known && fits_any & bit != 0 {
                let (half, shift) = (&self.masks[t >> 6][..known], t & 63);
                let cells = half.iter().enumerate().fold(0u64, |a, (j, &m)| a | ((m >> shift) & 1) << j);
                self.cells_of[t] = cells;
                let mut seen = dead;
                if augment(t, &self.cells_of, &mut self.owner, &mut owned, &mut seen) {
                    matched += 1;
                    placed = true;
                    dead = 0;
                } else {
                    dead = seen;
                }
            }
            if !placed && wild_used < wild {
                wild_used += 1;
                placed = true;
            }
            // The window loses this tile: taken, it shrinks with the cells
            // still to fill; passed over, the next tile after it joins.
            window -= weight;
            if placed {
                total += weight;
                left -= 1;
            } else {
                if after == 0 {
                    // Fewer free tiles than cells left.
                    return None;
                }
                let u = after.trailing_zeros() as usize;
                after &= after - 1;
                window += self.t.weight[u];
                if total + window < need {
                    return None;
                }
            }
        }
        Some(total)
    }

    /// The most the cells not yet complete could add once points `0..next`
    /// hold their values, when it could reach `need`: the best matching of
    /// free tiles to them, each fitting the corners its cell already knows.
    /// `None` when no completion exists or none weighs `need`.
    pub fn bound(&mut self, next: usize, need: i64) -> Option<i64> {
        let free = self.t.all & !self.used;
        let wild = self.t.wild[next];
        let known = &self.t.known[next];
        let open = known.len() + wild;
        self.known = 0;
        // The cells on the point just given a value first, then the heaviest
        // free tiles, one per open cell, which bound the matching from above
        // (when even they fall short, the matching need not be found), then
        // the other cells.
        if !self.masks_of(next, ..self.t.touch[next], free) {
            return None;
        }
        let (mut window, mut after) = (0i64, free);
        for _ in 0..open {
            if after == 0 {
                return None;
            }
            let t = after.trailing_zeros() as usize;
            after &= after - 1;
            window += self.t.weight[t];
        }
        if window < need || !self.masks_of(next, self.t.touch[next].., free) || !self.propagate(next) {
            return None;
        }
        self.matching(wild, need, window, after)
    }

    /// Narrows the open cells' tiles by the values their points can take:
    /// a point no value of which every open cell on it can show there has no
    /// completion, and a tile showing at one of its cell's points a value
    /// another cell on it cannot show there is no tile for that cell. False
    /// when a point or a cell is left with nothing.
    fn propagate(&mut self, next: usize) -> bool {
        const PLACE: [usize; 4] = [343, 49, 7, 1];
        let cells = &self.t.known[next];
        let shared = &self.t.shared[next];
        let mut ok = true;
        for &(i, corners) in shared {
            let ps = self.t.view.cells[cells[i]].1;
            let mask = u128::from(self.masks[0][i]) | u128::from(self.masks[1][i]) << 64;
            let code = self.codes[i];
            for k in (0..4).filter(|k| corners & (1 << k) != 0) {
                let mut allowed = 0u8;
                for v in 0..6 {
                    let f = self.t.fits[code - 6 * PLACE[k] + v * PLACE[k]] & mask;
                    self.fits_at[i][k][v] = f;
                    allowed |= u8::from(f != 0) << v;
                }
                self.domain[ps[k]] &= allowed;
                ok &= self.domain[ps[k]] != 0;
            }
        }
        if ok {
            for &(i, corners) in shared {
                let ps = self.t.view.cells[cells[i]].1;
                let mut mask = u128::from(self.masks[0][i]) | u128::from(self.masks[1][i]) << 64;
                for k in (0..4).filter(|k| corners & (1 << k) != 0) {
                    let d = self.domain[ps[k]];
                    mask &= (0..6).filter(|v| d & (1 << v) != 0).fold(0u128, |a, v| a | self.fits_at[i][k][v]);
                }
                if mask == 0 {
                    ok = false;
                    break;
                }
                self.masks[0][i] = mask as u64;
                self.masks[1][i] = (mask >> 64) as u64;
            }
        }
        // The point the search assigns next, when this bound lets the
        // branch through.
        self.ahead = self.domain.get(next).copied().unwrap_or(0x3f);
        for &(i, _) in shared {
            for &p in &self.t.view.cells[cells[i]].1 {
                self.domain[p] = 0x3f;
            }
        }
        ok
    }

    /// Adds to `self.masks` the free tiles fitting each of the cells
    /// `known[next][range]`: false when one has none.
    fn masks_of(
        &mut self,
        next: usize,
        range: impl std::slice::SliceIndex<[usize], Output = [usize]>,
        free: u128,
    ) -> bool {
        for &cell in &self.t.known[next][range] {
            let ps = self.t.view.cells[cell].1;
            let code = ps.iter().fold(0, |a, &q| {
                let v = self.values[q];
                a * 7 + if v == NONE { 6 } else { usize::from(v) }
            });
            let m = self.t.fits[code] & free;
            if m == 0 {
                return false;
            }
            let j = self.known;
            self.codes[j] = code;
            self.masks[0][j] = m as u64;
            self.masks[1][j] = (m >> 64) as u64;
            self.known += 1;
        }
        true
    }
}

/// Kuhn's augmenting path: gives tile `t` one of the open cells it fits
/// (`cells_of`, as bits), moving earlier tiles along as needed. A cell
/// without a tile is taken at once; otherwise every cell `t` fits is marked
/// reached before any is followed, since a path that would come to one of
/// them later may as well start there.
pub(super) fn augment(t: usize, cells_of: &[u64; 128], owner: &mut [u8; 64], owned: &mut u64, seen: &mut u64) -> bool {
    let reach = cells_of[t] & !*seen;
    let empty = reach & !*owned;
    if empty != 0 {
        let j = empty.trailing_zeros() as usize;
        *seen |= 1u64 << j;
        *owned |= 1u64 << j;
        // Ranks are below 128 (the view takes at most 128 tiles).
        owner[j] = t as u8;
        return true;
    }
    *seen |= reach;
    let mut rest = reach;
    while rest != 0 {
        let j = rest.trailing_zeros() as usize;
        rest &= rest - 1;
        if augment(usize::from(owner[j]), cells_of, owner, owned, seen) {
            owner[j] = t as u8;
            return true;
        }
    }
    false
}
