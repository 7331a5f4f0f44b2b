//! A bound that falls by settling the region's rim. The shape's count
//! (`flat.rs`) caps what the cells' tiles may cost by what the edge can
//! pay: its sides stepping up less those stepping down, read as their
//! cells read them. That pay depends only on the values on the rim's
//! points, and so does which tiles the rim's cells can hold. So a probe
//! here asks whether any values on the rim leave room for a fill scoring
//! `t` or more: it sets the rim's points one by one along its sides, and
//! cuts a branch where, for some multiplier `l`, the best distinct tiles,
//! one per cell, each fitting the rim values its cell already shows and
//! each weighing its weight less `l` times its cost, together with `l`
//! times the most the edge can still pay (the values set, and the most
//! the open stretch of sides can add), fall under `t`. Every fill has rim
//! values, and its weight is at most that sum for every `l`, so where no
//! rim values pass, no fill scores `t`. The rim's cells pay for low values
//! (a rim that steps up often must come back down, through low values)
//! and a heavy rim pays little, which the heaviest tiles alone cannot see:
//! on the English 7x7 the probes bring the shape's 668 down step by step
//! where the lattice search's own probes do not finish one.

// Indexing here cannot panic on input: point, cell, tile and place indices come from the view the rim is built from.
#![allow(clippy::indexing_slicing)]

use std::collections::HashMap;

use super::Tables;
use super::bound::augment;
use super::flat::costs;
use crate::solve::budget::Budget;

/// The multipliers on a tile's cost tried, in halves of a point: none to
/// eight points a unit of cost.
const HALVES: [i64; 13] = [0, 1, 2, 3, 4, 5, 6, 7, 8, 10, 12, 14, 16];

/// Below every sum a path of sides can reach.
const NEVER: i64 = i64::MIN / 4;

/// What a probe of the rim found.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(super) enum Probe {
    /// No rim values leave room for a fill scoring the probe's `t`: no fill
    /// scores `t`.
    Below,
    /// These rim values (by place along the rim) leave room for it: the
    /// rim can prove no bound this low.
    Reached(Vec<u8>),
    /// Cut short by its budget: nothing proven.
    Cut,
}

/// The rim of a region, and what its probes need of the pool.
pub(super) struct Rim<'a> {
    /// The lattice search's tables: the tiles by rank (heaviest first),
    /// their weights, and the tiles fitting each pattern of corners.
    t: &'a Tables<'a>,
    /// The rim's points (view indices) in the order the probes set them:
    /// each closed chain of edge sides in turn, each along its sides as
    /// their cells read them.
    pub points: Vec<usize>,
    /// Each chain: its first place in `points`, and its length (as many
    /// sides as points).
    chains: Vec<(usize, usize)>,
    /// The cells with a corner on the rim, by the first place among their
    /// corners: each corner's place in `points` (`usize::MAX` off the rim).
    cells: Vec<[usize; 4]>,
    /// The first place of each of `cells`.
    first: Vec<usize>,
    /// By tile rank: its cost in the count.
    cost: Vec<i64>,
    /// For each multiplier, the tiles (by rank) by weight less its cost,
    /// most first.
    orders: Vec<Vec<usize>>,
    /// `most[m][a][b]`: the most `m` sides from value `a` to value `b` can
    /// pay (each stepping up, down or flat; values the pool shows).
    most: Vec<[[i64; 6]; 6]>,
    /// 1 where the cells cost the edge's steps up less its steps down, -1
    /// where the steps down less the steps up.
    sign: i64,
    /// The values the pool shows.
    values: std::ops::RangeInclusive<u8>,
    /// The places whose points a turn of the region sends the first point
    /// to: a fill turned so that the greatest of their values sits on the
    /// first place is as heavy, so the probes may ask that it holds it.
    rivals: Vec<usize>,
}

impl<'a> Rim<'a> {
    /// The rim of the region of `t`'s view, where the shape's count holds
    /// and the edge is closed chains that pass each point once (`None`
    /// where two chains meet at a point, or where more than 64 cells touch
    /// the rim).
    pub(super) fn of(t: &'a Tables<'a>) -> Option<Rim<'a>> {
        let view = t.view;
        let counted = costs(view)?;
        if view.tiles.len() < view.cells.len() {
            return None;
        }
        // A side is on the edge where no other region cell has it.
        let mut sides: HashMap<(usize, usize), usize> = HashMap::new();
        for (_, ps) in &view.cells {
            for k in 0..4 {
                let (a, b) = (ps[k], ps[(k + 1) % 4]);
                *sides.entry((a.min(b), a.max(b))).or_default() += 1;
            }
        }
        let mut next: HashMap<usize, usize> = HashMap::new();
        for (_, ps) in &view.cells {
            for k in 0..4 {
                let (a, b) = (ps[k], ps[(k + 1) % 4]);
                if sides[&(a.min(b), a.max(b))] == 1 && next.insert(a, b).is_some() {
                    return None;
                }
            }
        }
        // The chains, each from its north-westernmost point not yet walked.
        let mut starts: Vec<usize> = next.keys().copied().collect();
        starts.sort_by_key(|&p| (view.points[p].y, view.points[p].x));
        let mut place: HashMap<usize, usize> = HashMap::new();
        let (mut points, mut chains) = (Vec::new(), Vec::new());
        for start in starts {
            if place.contains_key(&start) {
                continue;
            }
            let from = points.len();
            let mut p = start;
            loop {
                place.insert(p, points.len());
                points.push(p);
                p = *next.get(&p)?;
                if p == start {
                    break;
                }
                if place.contains_key(&p) {
                    return None;
                }
            }
            chains.push((from, points.len() - from));
        }
        let mut cells: Vec<[usize; 4]> = view
            .cells
            .iter()
            .map(|(_, ps)| ps.map(|p| place.get(&p).copied().unwrap_or(usize::MAX)))
            .filter(|c| c.iter().any(|&q| q != usize::MAX))
            .collect();
        if cells.len() > 64 {
            return None;
        }
        cells.sort_by_key(|c| c.iter().min().copied());
        let first = cells.iter().map(|c| c.iter().copied().min().unwrap_or(usize::MAX)).collect();
        // The costs by rank, as the tables number the tiles; a tile with
        // no playable orientation (no cost) is in no fill.
        let mut cost = vec![0i64; t.weight.len()];
        for (tile, c) in counted.cost.iter().enumerate() {
            cost[usize::from(t.rank[tile])] = c.map_or(0, |c| c as i64);
        }
        let playable: Vec<usize> = (0..counted.cost.len())
            .filter(|&tile| counted.cost[tile].is_some())
            .map(|tile| usize::from(t.rank[tile]))
            .collect();
        let orders = HALVES
            .iter()
            .map(|&l| {
                let mut order = playable.clone();
                order.sort_by_key(|&r| std::cmp::Reverse(2 * t.weight[r] - l * cost[r]));
                order
            })
            .collect();
        let values = counted.low..=counted.high;
        let step = |a: u8, b: u8| counted.sign * i64::from(b.cmp(&a) as i8);
        let longest = chains.iter().map(|c| c.1).max().unwrap_or(0);
        let mut most = vec![[[NEVER; 6]; 6]; longest + 1];
        for a in values.clone() {
            most[0][usize::from(a)][usize::from(a)] = 0;
        }
        for m in 1..=longest {
            for a in values.clone() {
                for b in values.clone() {
                    let best = values.clone().map(|c| most[m - 1][usize::from(a)][usize::from(c)] + step(c, b)).max();
                    most[m][usize::from(a)][usize::from(b)] = best.unwrap_or(NEVER).max(NEVER);
                }
            }
        }
        let rivals = points
            .first()
            .map(|&p0| view.turns.iter().filter_map(|to| place.get(&to[p0]).copied().filter(|&q| q != 0)).collect())
            .unwrap_or_default();
        Some(Rim { t, points, chains, cells, first, cost, orders, most, sign: counted.sign, values, rivals })
    }

    /// Whether any rim values leave room for a fill scoring `t` or more,
    /// each node counted in `budget`.
    pub(super) fn probe(&self, t: i64, budget: &mut Budget<'_>) -> Probe {
        let mut values = Vec::with_capacity(self.points.len());
        let mut hint = 0;
        match self.down(&mut values, t, budget, &mut hint) {
            Some(true) => Probe::Reached(values),
            Some(false) => Probe::Below,
            None => Probe::Cut,
        }
    }

    /// The probe from `values` (the first places set): `Some(true)` with
    /// `values` whole where they reach `t`, `None` when the budget ran out.
    fn down(&self, values: &mut Vec<u8>, t: i64, budget: &mut Budget<'_>, hint: &mut usize) -> Option<bool> {
        if budget.spend() {
            return None;
        }
        if !self.reaches(values, t, hint) {
            return Some(false);
        }
        let k = values.len();
        if k == self.points.len() {
            return Some(true);
        }
        let cap = if self.rivals.contains(&k) { values[0] } else { *self.values.end() };
        for v in self.values.clone().rev().filter(|&v| v <= cap) {
            values.push(v);
            if self.down(values, t, budget, hint)? {
                return Some(true);
            }
            values.pop();
        }
        Some(false)
    }

    /// The most the edge can pay once the first places hold `values`.
    fn pay(&self, values: &[u8]) -> i64 {
        let k = values.len();
        let step = |a: u8, b: u8| self.sign * i64::from(b.cmp(&a) as i8);
        let mut pay = 0;
        for &(from, len) in &self.chains {
            pay += if k >= from + len {
                (0..len).map(|i| step(values[from + i], values[from + (i + 1) % len])).sum::<i64>()
            } else if k > from {
                let set: i64 = (from..k - 1).map(|i| step(values[i], values[i + 1])).sum();
                set + self.most[len - (k - 1 - from)][usize::from(values[k - 1])][usize::from(values[from])]
            } else {
                self.values.clone().map(|a| self.most[len][usize::from(a)][usize::from(a)]).max().unwrap_or(NEVER)
            };
        }
        pay
    }

    /// Whether the rim values set so far (`values`, by place) leave room
    /// for a fill scoring `t`: for every multiplier, the best tiles less
    /// their cost, with what the edge can pay, reach `t`. `hint` is the
    /// multiplier that last cut, tried first.
    fn reaches(&self, values: &[u8], t: i64, hint: &mut usize) -> bool {
        let pay = self.pay(values);
        if pay < 0 {
            return false;
        }
        let k = values.len();
        // The free tiles fitting each cell that shows rim values, as cells
        // by tile.
        let mut cells_of = [0u64; 128];
        let mut known = 0;
        for (j, corners) in self.cells.iter().enumerate().take_while(|(j, _)| self.first[*j] < k) {
            let code = corners.iter().fold(0, |a, &q| a * 7 + if q < k { usize::from(values[q]) } else { 6 });
            let mut fits = self.t.fits[code];
            if fits == 0 {
                return false;
            }
            while fits != 0 {
                let t = fits.trailing_zeros() as usize;
                fits &= fits - 1;
                cells_of[t] |= 1 << j;
            }
            known += 1;
        }
        for i in (0..HALVES.len()).map(|i| (i + *hint) % HALVES.len()) {
            let Some(total) = self.matching(i, &cells_of, known) else { return false };
            if (total + HALVES[i] * pay).div_euclid(2) < t {
                *hint = i;
                return false;
            }
        }
        true
    }

    /// The best matching of tiles to cells for multiplier `i` (in halves):
    /// the `known` cells each a tile `cells_of` lets it hold, the rest any,
    /// tiles taken by weight less cost, most first (the greedy way is best
    /// here: the sets of tiles that can all be placed form a matroid).
    /// `None` where not every cell can be given a tile.
    fn matching(&self, i: usize, cells_of: &[u64; 128], known: usize) -> Option<i64> {
        let total_cells = self.t.view.cells.len();
        let wild = total_cells - known;
        let (mut matched, mut wild_used, mut total) = (0, 0, 0i64);
        let (mut owner, mut owned) = ([0u8; 64], 0u64);
        for &t in &self.orders[i] {
            if matched + wild_used == total_cells {
                break;
            }
            let mut seen = 0u64;
            if matched < known && cells_of[t] != 0 && augment(t, cells_of, &mut owner, &mut owned, &mut seen) {
                matched += 1;
            } else if wild_used < wild {
                wild_used += 1;
            } else {
                continue;
            }
            total += 2 * self.t.weight[t] - HALVES[i] * self.cost[t];
        }
        (matched + wild_used == total_cells).then_some(total)
    }
}

#[cfg(test)]
mod tests;
