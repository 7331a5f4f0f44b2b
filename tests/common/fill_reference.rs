//! A deliberately simple reference for the heaviest fill of a rectangle
//! under strict agreement, written from docs/RULES.md and nothing of the
//! library's solvers: no tables shared with them, no bitsets, no matching.
//!
//! Under R2 = every value, R3 = no, R5 = no, every value meeting on a
//! lattice point must agree, so a fill of a `width` x `height` rectangle on
//! an empty board is a value 0-5 on each of its `(width + 1) * (height + 1)`
//! lattice points. Cell `(x, y)` shows `[nw, ne, se, sw]` = the values on
//! points `(x, y)`, `(x + 1, y)`, `(x + 1, y + 1)`, `(x, y + 1)`; under R1 =
//! ascending-clockwise that must be a quarter turn of a tile's values in
//! ascending order, and no tile may be used twice. Every cell of a
//! rectangle at least two cells wide and high touches others at two
//! corners or more, all of them agreeing, so every such fill is legal, each
//! tile as if placed last; its weight is the sum of its tiles' values.
//!
//! The search gives the points values from the middle of the rectangle out
//! (5 first), and cuts a branch when the tiles placed, plus the heaviest
//! unused tiles that could still go to the cells not yet whole, one each,
//! cannot beat the best fill found.

#![allow(dead_code)]
#![allow(clippy::needless_range_loop)]

/// The heaviest fill of a `width` x `height` rectangle from `tiles` (each a
/// tile's four values, any order, each tile once): its weight and the values
/// on its lattice points, row by row; `None` when no fill exists.
pub fn heaviest_fill(width: usize, height: usize, tiles: &[[u8; 4]]) -> Option<(i64, Vec<Vec<u8>>)> {
    let mut tiles: Vec<[u8; 4]> = tiles
        .iter()
        .map(|t| {
            let mut t = *t;
            t.sort_unstable();
            t
        })
        .collect();
    // Heaviest first, so that the first unused tile that fits is the
    // heaviest.
    tiles.sort_by_key(|t| std::cmp::Reverse(weight(t)));
    let (pw, ph) = (width + 1, height + 1);
    let mut order: Vec<(usize, usize)> = (0..ph).flat_map(|y| (0..pw).map(move |x| (x, y))).collect();
    // From the middle out: by the distance from the middle (measured in
    // half cells, so that it is whole), then by the angle.
    order.sort_by(|&(ax, ay), &(bx, by)| {
        let d = |x: usize, y: usize| {
            let (dx, dy) = (2 * x as i64 - width as i64, 2 * y as i64 - height as i64);
            (dx * dx + dy * dy, (dy as f64).atan2(dx as f64))
        };
        d(ax, ay).partial_cmp(&d(bx, by)).expect("no NaN")
    });
    let cells: Vec<[usize; 4]> = (0..height)
        .flat_map(|y| (0..width).map(move |x| [(x, y), (x + 1, y), (x + 1, y + 1), (x, y + 1)]))
        .map(|c| c.map(|(x, y)| y * pw + x))
        .collect();
    // For each way a cell can show its corners (each a value or unknown),
    // the tiles that fit it, heaviest first.
    let mut fitting = vec![Vec::new(); 7 * 7 * 7 * 7];
    for (code, list) in fitting.iter_mut().enumerate() {
        let shown: [u8; 4] = std::array::from_fn(|k| ((code / 7usize.pow(3 - k as u32)) % 7) as u8);
        *list = (0..tiles.len()).filter(|&t| turns(&tiles[t], shown).next().is_some()).collect();
    }
    let mut search = Search {
        used: vec![false; tiles.len()],
        tiles,
        order,
        row: pw,
        cells,
        fitting,
        values: vec![6; pw * ph],
        score: 0,
        best: None,
    };
    search.go(0);
    search.best.map(|(score, values)| (score, values.chunks(pw).map(<[u8]>::to_vec).collect()))
}

fn weight(t: &[u8; 4]) -> i64 {
    t.iter().map(|&v| i64::from(v)).sum()
}

/// The quarter turns of `tile`'s ascending values whose corners `[nw, ne,
/// se, sw]` show what `shown` shows (its unknown values, 6, anything).
fn turns(tile: &[u8; 4], shown: [u8; 4]) -> impl Iterator<Item = usize> + '_ {
    (0..4).filter(move |&turn| (0..4).all(|k| shown[k] == 6 || shown[k] == tile[(k + turn) % 4]))
}

struct Search {
    tiles: Vec<[u8; 4]>,
    /// The lattice points (x, y) in the order they are given values.
    order: Vec<(usize, usize)>,
    /// How many points a row of them has.
    row: usize,
    /// Each cell's points `[nw, ne, se, sw]`, as indices `y * (width + 1) + x`.
    cells: Vec<[usize; 4]>,
    fitting: Vec<Vec<usize>>,
    /// Each point's value, 6 while unknown.
    values: Vec<u8>,
    used: Vec<bool>,
    /// The weight of the whole cells' tiles.
    score: i64,
    best: Option<(i64, Vec<u8>)>,
}

impl Search {
    fn code(&self, cell: &[usize; 4]) -> usize {
        cell.iter().fold(0, |a, &p| a * 7 + usize::from(self.values[p]))
    }

    /// The most the cells not yet whole could add: the heaviest unused
    /// tiles that could go to them, one each, a cell showing some values
    /// taking only a tile that fits them and shows, on each of its other
    /// points, a value every other such cell on that point could show
    /// there. `None` when a point can take no value or the cells cannot all
    /// have a tile.
    fn bound(&self) -> Option<i64> {
        let partial: Vec<&[usize; 4]> = self
            .cells
            .iter()
            .filter(|cell| {
                let shown = cell.iter().filter(|&&p| self.values[p] < 6).count();
                shown > 0 && shown < 4
            })
            .collect();
        // The values each point without one can still take (bits 0-5).
        let mut domain = vec![0x3fu8; self.values.len()];
        for cell in &partial {
            let mut can = [0u8; 4];
            for &t in &self.fitting[self.code(cell)] {
                if self.used[t] {
                    continue;
                }
                for turn in self.turns(t, cell) {
                    for k in 0..4 {
                        can[k] |= 1 << self.tiles[t][(k + turn) % 4];
                    }
                }
            }
            for k in 0..4 {
                if self.values[cell[k]] == 6 {
                    domain[cell[k]] &= can[k];
                    if domain[cell[k]] == 0 {
                        return None;
                    }
                }
            }
        }
        // Which unused tiles could go to each cell not yet whole: for a cell
        // showing some values, those that fit them and show on its other
        // points values those points can take; for a blank cell, any.
        let mut fit: Vec<Vec<bool>> = Vec::new();
        for cell in &partial {
            let mut row = vec![false; self.tiles.len()];
            for &t in &self.fitting[self.code(cell)] {
                row[t] = !self.used[t]
                    && self
                        .turns(t, cell)
                        .any(|turn| (0..4).all(|k| domain[cell[k]] & (1 << self.tiles[t][(k + turn) % 4]) != 0));
            }
            fit.push(row);
        }
        let blank = self.cells.iter().filter(|cell| cell.iter().all(|&p| self.values[p] == 6)).count();
        let any: Vec<bool> = self.used.iter().map(|&u| !u).collect();
        fit.extend(std::iter::repeat_n(any, blank));
        // The heaviest choice of tiles, one for each of those cells: tiles
        // heaviest first, each kept when the chosen ones still have a cell
        // each (found by moving earlier ones along: Kuhn's augmenting
        // paths).
        let mut holder: Vec<Option<usize>> = vec![None; fit.len()];
        let mut placed = 0;
        let mut total = 0;
        for t in (0..self.tiles.len()).filter(|&t| !self.used[t]) {
            if placed == fit.len() {
                break;
            }
            if give(t, &fit, &mut holder, &mut vec![false; fit.len()]) {
                placed += 1;
                total += weight(&self.tiles[t]);
            }
        }
        (placed == fit.len()).then_some(total)
    }

    /// The quarter turns of tile `t` that show the values `cell` shows.
    fn turns(&self, t: usize, cell: &[usize; 4]) -> impl Iterator<Item = usize> + '_ {
        turns(&self.tiles[t], cell.map(|p| self.values[p]))
    }

    fn go(&mut self, next: usize) {
        if next == self.order.len() {
            if self.best.as_ref().is_none_or(|b| self.score > b.0) {
                self.best = Some((self.score, self.values.clone()));
            }
            return;
        }
        let (x, y) = self.order[next];
        let p = y * self.row + x;
        for v in (0..=5).rev() {
            self.values[p] = v;
            // The cells this value makes whole take their tiles.
            let mut claimed = Vec::new();
            let mut ok = true;
            for j in 0..self.cells.len() {
                let cell = self.cells[j];
                if cell.contains(&p) && cell.iter().all(|&q| self.values[q] < 6) {
                    match self.fitting[self.code(&cell)].first() {
                        Some(&t) if !self.used[t] => {
                            self.used[t] = true;
                            self.score += weight(&self.tiles[t]);
                            claimed.push(t);
                        }
                        _ => {
                            ok = false;
                            break;
                        }
                    }
                }
            }
            if ok
                && let Some(extra) = self.bound()
                && self.best.as_ref().is_none_or(|b| self.score + extra > b.0)
            {
                self.go(next + 1);
            }
            for t in claimed {
                self.used[t] = false;
                self.score -= weight(&self.tiles[t]);
            }
        }
        self.values[p] = 6;
    }
}

/// Gives tile `t` one of the cells it fits (`fit[cell][t]`), moving the
/// tile that holds it on to another where needed; false when there is no
/// way.
fn give(t: usize, fit: &[Vec<bool>], holder: &mut [Option<usize>], seen: &mut [bool]) -> bool {
    for i in 0..fit.len() {
        if seen[i] || !fit[i][t] {
            continue;
        }
        seen[i] = true;
        if holder[i].is_none_or(|u| give(u, fit, holder, seen)) {
            holder[i] = Some(t);
            return true;
        }
    }
    false
}
