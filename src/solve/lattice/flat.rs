//! A bound on a fill from the lattice's own shape. Where every playable
//! orientation shows its tile's values in ascending order clockwise round
//! it (as in the full English set; counter-clockwise is the same count,
//! every step read the other way), a cell read clockwise steps down at
//! exactly one side, from its highest value to its lowest, unless its four
//! values are equal; every other side steps up or is flat (two equal
//! values). A side two region cells share, read in opposite directions and
//! with the same values on its points, steps up for one of them exactly
//! where it steps down for the other. So, summed over the cells that are
//! not of four equal values, the sides that step up less those that step
//! down, `2 - flat` a cell (`3 - flat` up, one down), come only from the
//! region's edge: they equal the edge sides that step up less those that
//! step down, read clockwise round the region. Round each closed edge the
//! values come back to where they started, so the steps up, each of one or
//! more, add up to no more than the steps down, each at most the pool's
//! span of values (five): `m` edge sides allow at most the `a - d` of `a`
//! up and `d` down with `a <= 5d` and `a + d <= m`. A tile with no two
//! equal neighbouring values costs 2 of that, one with one such pair 1,
//! the others nothing; the heaviest distinct pool tiles, one per cell,
//! within what the edge allows (a knapsack over the pool) bound every
//! fill, and where the cheapest tiles cost more than it allows there is no
//! fill at all.

use std::collections::HashSet;

use super::{LatticeView, NONE};

/// What the region's shape says of its fills.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Shape {
    /// The sides on the region's edge.
    pub edge: usize,
    /// The most the edge allows (see the module's comment).
    pub allowed: usize,
    /// The least the cheapest distinct pool tiles, one per cell, cost.
    pub cheapest: usize,
    /// The heaviest tiles within what the edge allows; `None` where no
    /// choice of tiles is within it (`cheapest > allowed`): no fill.
    pub bound: Option<i64>,
}

/// The most `a - d` over `a` sides stepping up and `d` stepping down, each
/// step down at most `span` and each step up at least 1, on `m` sides.
fn most_up(m: usize, span: usize) -> usize {
    (0..=m).filter(|a| a + a.div_ceil(span) <= m).map(|a| a - a.div_ceil(span)).max().unwrap_or(0)
}

/// Each pool tile's cost in the shape's count, and which way round the
/// count is read.
#[derive(Clone, Debug)]
pub(crate) struct Costs {
    /// By view tile: 2 less its flat sides, nothing for four equal values
    /// (the least over its orientations); `None` for a tile with no
    /// playable orientation.
    pub cost: Vec<Option<usize>>,
    /// 1 where every orientation steps down at one side at most read
    /// clockwise (the cells cost the edge's steps up less its steps down),
    /// -1 where instead every one steps up at one side at most (the steps
    /// down less the steps up).
    pub sign: i64,
    /// The least and the greatest value the pool shows.
    pub low: u8,
    pub high: u8,
}

/// The pool's costs for the count, `None` where the count does not hold
/// (some playable orientation steps down at more than one side, and some,
/// the same or another, steps up at more than one: neither ascending round
/// the tile one way nor the other).
pub(crate) fn costs(view: &LatticeView) -> Option<Costs> {
    let mut cost: Vec<Option<usize>> = vec![None; view.tiles.len()];
    let (mut low, mut high) = (5, 0);
    // Whether every orientation steps down at one side at most, and
    // whether every one steps up at one side at most: either will do (the
    // count read counter-clockwise is the same), as long as all agree.
    let (mut down_once, mut up_once) = (true, true);
    for (c, &t) in view.tile_of.iter().enumerate() {
        if t == NONE {
            continue;
        }
        let corners = [c / 216, c / 36 % 6, c / 6 % 6, c % 6];
        let side = |k: usize| (corners[k], corners[(k + 1) % 4]);
        down_once &= (0..4).filter(|&k| side(k).0 > side(k).1).count() <= 1;
        up_once &= (0..4).filter(|&k| side(k).0 < side(k).1).count() <= 1;
        if !down_once && !up_once {
            return None;
        }
        low = corners.iter().fold(low, |a, &v| a.min(v));
        high = corners.iter().fold(high, |a, &v| a.max(v));
        let flat = (0..4).filter(|&k| side(k).0 == side(k).1).count();
        let paid = 2usize.saturating_sub(flat);
        let slot = cost.get_mut(usize::from(t))?;
        *slot = Some(slot.map_or(paid, |old| old.min(paid)));
    }
    // Corner codes are below 6^4, so their values fit a byte.
    Some(Costs { cost, sign: if down_once { 1 } else { -1 }, low: low as u8, high: high as u8 })
}

/// The shape's count for `view` (see the module's comment); `None` where
/// the count does not hold ([`costs`]), or where the pool has fewer tiles
/// than the region has cells.
pub(crate) fn shape(view: &LatticeView) -> Option<Shape> {
    let Costs { cost: costs, low, high, .. } = costs(view)?;
    let cells: HashSet<(i32, i32)> = view.cells.iter().map(|(c, _)| (c.x, c.y)).collect();
    let inner: usize = cells
        .iter()
        .map(|&(x, y)| usize::from(cells.contains(&(x + 1, y))) + usize::from(cells.contains(&(x, y + 1))))
        .sum();
    let edge = (4 * cells.len()).checked_sub(2 * inner)?;
    let allowed = most_up(edge, usize::from(high.saturating_sub(low).max(1)));
    let tiles: Vec<(i64, usize)> =
        view.tiles.iter().zip(&costs).filter_map(|(t, c)| Some((i64::from(t.weight()), (*c)?))).collect();
    if tiles.len() < cells.len() {
        return None;
    }
    let mut sorted: Vec<usize> = tiles.iter().map(|t| t.1).collect();
    sorted.sort_unstable();
    let cheapest = sorted.iter().take(cells.len()).sum();
    // best[k][s]: the heaviest k distinct tiles costing s in all, where k
    // of them can.
    let mut best = vec![vec![None::<i64>; allowed + 1]; cells.len() + 1];
    best[0][0] = Some(0);
    for (i, &(weight, cost)) in tiles.iter().enumerate() {
        // A tile costing more than the edge allows can be in no fill.
        let Some(room) = allowed.checked_sub(cost) else { continue };
        for k in (0..cells.len().min(i + 1)).rev() {
            for s in (0..=room).rev() {
                if let Some(w) = best[k][s] {
                    let to = &mut best[k + 1][s + cost];
                    *to = Some(to.map_or(w + weight, |old| old.max(w + weight)));
                }
            }
        }
    }
    let bound = best[cells.len()].iter().flatten().copied().max();
    Some(Shape { edge, allowed, cheapest, bound })
}

#[cfg(test)]
mod tests;
