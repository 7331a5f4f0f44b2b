//! A deliberately simple reference for judging one placement, written from
//! docs/RULES.md ("Geometry and notation" and "A placement, precisely") and
//! nothing else: plain loops over the placed tiles around the cell and their
//! corners, no tables, no bitsets, no library types. The `placement` fuzz
//! target and `tests/inputs/fuzz_corpora.rs` compare the library's judge, its quick
//! judge and its move generator with it.
//!
//! Geometry: a cell is `(x, y)`, x east, y south. A tile's corners are
//! `[nw, ne, se, sw]`; corner `k` of cell `(x, y)` lies on the lattice point
//! nw `(x, y)`, ne `(x + 1, y)`, se `(x + 1, y + 1)`, sw `(x, y + 1)`.

#![allow(dead_code)]
// Each fuzz target uses its own part.
// Corners are numbered 0-3 as docs/RULES.md numbers them; plain index loops say so.
#![allow(clippy::needless_range_loop)]

/// R1: how a tile's values are arranged around it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Arrangement {
    /// The quarter turns of the values ascending clockwise from nw.
    AscendingClockwise,
    /// The quarter turns of the values ascending counter-clockwise from nw.
    AscendingCounterClockwise,
    /// Any order of the four values.
    AnyOrder,
    /// The quarter turns of the order the tile set prints.
    TileSetFile,
}

/// The readings that decide a placement (R1–R7, R9).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Rules {
    /// R1.
    pub arrangement: Arrangement,
    /// R2: true for "every value there", false for "at least one value there".
    pub every_value: bool,
    /// R3: may a touching corner stay unmatched when at least two match?
    pub unmatched_allowed: bool,
    /// R4: do diagonal-only neighbours count as touching?
    pub diagonals_touch: bool,
    /// R5: is equal weight with a neighbouring tile an alternative?
    pub equal_weight: bool,
    /// R6: true for "edge and diagonal", false for "edge only".
    pub weight_diagonals: bool,
    /// R7: how many matched corners earn the bonus (3 or 4).
    pub bonus_corners: u32,
    /// R9: true when a play scores its weight, false when it scores nothing.
    pub weight_scores: bool,
}

/// A placed tile.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Tile {
    /// Its cell `(x, y)`.
    pub cell: (i32, i32),
    /// Its values `[nw, ne, se, sw]`.
    pub corners: [u8; 4],
}

/// What the rules say about one placement.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Outcome {
    /// May it be made?
    pub legal: bool,
    /// Touching corners (step 2).
    pub touching: u32,
    /// Matched touching corners (steps 3 and 4).
    pub matched: u32,
    /// Does it earn the bonus (step 7)? Only when legal.
    pub bonus: bool,
    /// Legal only by equal weight (step 6)? Only when legal.
    pub by_weight: bool,
    /// What it scores by itself (step 8, R9). Only when legal.
    pub points: u32,
}

/// The lattice point of corner `k` (0 nw, 1 ne, 2 se, 3 sw) of `cell`.
pub fn corner_point(cell: (i32, i32), k: usize) -> (i32, i32) {
    let (x, y) = cell;
    match k {
        0 => (x, y),
        1 => (x + 1, y),
        2 => (x + 1, y + 1),
        _ => (x, y + 1),
    }
}

/// The values ascending: a tile's identity.
pub fn sorted(values: [u8; 4]) -> [u8; 4] {
    let mut v = values;
    v.sort();
    v
}

/// The sum of the values: a tile's weight.
pub fn weight(values: [u8; 4]) -> u32 {
    values.iter().map(|&v| u32::from(v)).sum()
}

/// A quarter turn clockwise: `[nw, ne, se, sw]` becomes `[sw, nw, ne, se]`.
pub fn rotate_cw(c: [u8; 4]) -> [u8; 4] {
    [c[3], c[0], c[1], c[2]]
}

/// May a tile printed as `printed` be placed showing `corners` (R1)?
pub fn orientation_allowed(arrangement: Arrangement, printed: [u8; 4], corners: [u8; 4]) -> bool {
    if sorted(corners) != sorted(printed) {
        return false;
    }
    let [a, b, c, d] = sorted(printed);
    let base = match arrangement {
        Arrangement::AscendingClockwise => [a, b, c, d],
        Arrangement::AscendingCounterClockwise => [a, d, c, b],
        Arrangement::AnyOrder => return true,
        Arrangement::TileSetFile => printed,
    };
    let mut turned = base;
    for _ in 0..4 {
        if turned == corners {
            return true;
        }
        turned = rotate_cw(turned);
    }
    false
}

/// Every placed tile around `cell` (the eight cells next to it; not `cell`
/// itself), each with whether it is an edge neighbour (N, E, S, W).
pub fn neighbours(board: &[Tile], cell: (i32, i32)) -> Vec<(Tile, bool)> {
    let mut out = Vec::new();
    for t in board {
        let dx = t.cell.0 - cell.0;
        let dy = t.cell.1 - cell.1;
        if (dx, dy) == (0, 0) || dx.abs() > 1 || dy.abs() > 1 {
            continue;
        }
        let edge = dx == 0 || dy == 0;
        out.push((*t, edge));
    }
    out
}

/// Steps 1–8 for a tile showing `corners` on `cell` of `board`, by its
/// corners and weight alone (no tile set, hand or board duplicates; a tile
/// already on `cell` is not looked at).
pub fn judge_corners(board: &[Tile], rules: &Rules, cell: (i32, i32), corners: [u8; 4]) -> Outcome {
    let around = neighbours(board, cell);
    // Step 1: at least one side shared with a placed tile.
    let side = around.iter().any(|(_, edge)| *edge);
    // Steps 2-4: each corner, the values already on its lattice point.
    let mut touching = 0;
    let mut matched = 0;
    for k in 0..4 {
        let point = corner_point(cell, k);
        let mut values = Vec::new();
        for (t, edge) in &around {
            if !*edge && !rules.diagonals_touch {
                continue;
            }
            for j in 0..4 {
                if corner_point(t.cell, j) == point {
                    values.push(t.corners[j]);
                }
            }
        }
        if values.is_empty() {
            continue;
        }
        touching += 1;
        let ok = if rules.every_value {
            values.iter().all(|&v| v == corners[k])
        } else {
            values.iter().any(|&v| v == corners[k])
        };
        if ok {
            matched += 1;
        }
    }
    // Step 5: legal by the corners.
    let by_corners = matched >= 2 && (rules.unmatched_allowed || matched == touching);
    // Step 6: legal by equal weight.
    let w = weight(corners);
    let mut same_weight = false;
    for (t, edge) in &around {
        if (*edge || rules.weight_diagonals) && weight(t.corners) == w {
            same_weight = true;
        }
    }
    let by_weight = rules.equal_weight && same_weight;
    let legal = side && (by_corners || by_weight);
    Outcome {
        legal,
        touching,
        matched,
        // Step 7.
        bonus: legal && matched >= rules.bonus_corners,
        by_weight: legal && !by_corners,
        // Step 8.
        points: if legal && rules.weight_scores { w } else { 0 },
    }
}

/// The whole judgement of placing tile `tile` (its values in any order)
/// showing `corners` on `cell`: the corners must be the tile's values, the
/// tile must be in the set (`set` lists each tile as printed) in an
/// orientation R1 allows, in the hand when one is given, not already on the
/// board (each tile exists once, S1), and the cell must be empty; then
/// [`judge_corners`].
pub fn judge(
    board: &[Tile],
    rules: &Rules,
    set: &[[u8; 4]],
    tile: [u8; 4],
    cell: (i32, i32),
    corners: [u8; 4],
    hand: Option<&[[u8; 4]]>,
) -> Outcome {
    let id = sorted(tile);
    let mut allowed = sorted(corners) == id;
    let printed = set.iter().find(|p| sorted(**p) == id);
    match printed {
        Some(p) => allowed &= orientation_allowed(rules.arrangement, *p, corners),
        None => allowed = false,
    }
    if let Some(hand) = hand {
        allowed &= hand.iter().any(|t| sorted(*t) == id);
    }
    allowed &= !board.iter().any(|t| sorted(t.corners) == id);
    allowed &= !board.iter().any(|t| t.cell == cell);
    let mut out = judge_corners(board, rules, cell, corners);
    if !allowed {
        out.legal = false;
        out.bonus = false;
        out.by_weight = false;
        out.points = 0;
    }
    out
}

/// Every orientation R1 allows for the tile printed `printed`, each once.
pub fn orientations(arrangement: Arrangement, printed: [u8; 4]) -> Vec<[u8; 4]> {
    let mut out = Vec::new();
    let v = printed;
    for a in 0..4 {
        for b in 0..4 {
            for c in 0..4 {
                for d in 0..4 {
                    if a == b || a == c || a == d || b == c || b == d || c == d {
                        continue;
                    }
                    let corners = [v[a], v[b], v[c], v[d]];
                    if orientation_allowed(arrangement, printed, corners) && !out.contains(&corners) {
                        out.push(corners);
                    }
                }
            }
        }
    }
    out
}
