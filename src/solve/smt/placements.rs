//! Best turns and best sequences encoded: the steps of a line over the cells
//! it can reach, each candidate judged against the board its step sees, at
//! most one placement per step, per cell and per tile, and the score as the
//! objective (a turn's bonus choices and owed bonus tiles, a sequence's
//! steps in order encoding).

// Indexing here cannot panic on input: steps, candidates and tiles index vectors built together from the puzzle in the encoding.
#![allow(clippy::indexing_slicing)]

use std::collections::BTreeMap;

use z3::Optimize;
use z3::ast::{Bool, Int};

use super::budget::Budget;
use super::formula::{all, any, at_most_one, define, implies, lit, not, sum};
use super::judge::{Faces, Judge};
use super::lattice::{Lattice, reachable};
use super::{BONUS, orientations_of};
use crate::model::{Cell, Corners, TileId};
use crate::rules::{GoingOutBonus, bonus_tile_points, points};
use crate::solve::Puzzle;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Mode {
    Turn,
    Sequence(usize),
}

/// One candidate placement.
pub(super) struct Candidate {
    pub(super) step: usize,
    pub(super) cell: Cell,
    pub(super) orientation: usize,
    pub(super) x: Bool,
    /// True only when `x` is placed and earns the bonus (R7).
    bonus: Bool,
}

/// The encoding of a best turn or a best sequence over `steps` steps.
pub(super) struct Placements<'p> {
    pub(super) puzzle: &'p Puzzle,
    pub(super) mode: Mode,
    pub(super) steps: usize,
    pub(super) candidates: Vec<Candidate>,
    /// Per step: some candidate of the step is chosen.
    pub(super) active: Vec<Bool>,
    /// Per step of a turn that may choose: two bonus tiles instead of 25.
    pub(super) tiles: Vec<Option<Bool>>,
    /// A relaxed turn (fewer steps than the hand could fill): the line
    /// stops while bonus tiles are still owed, and every tile left counts
    /// as if it scored its weight and a bonus.
    pub(super) unfinished: Option<Bool>,
    pub(super) objective: Int,
    pub(super) optimize: Optimize,
}

/// The hand's tiles the rules could place: in the tile set, not on the
/// board, each once, ascending.
pub(super) fn playable_hand(puzzle: &Puzzle) -> Vec<TileId> {
    let mut hand: Vec<TileId> = puzzle
        .hand
        .iter()
        .copied()
        .filter(|&t| puzzle.variant.tile_set().contains(t) && !puzzle.board.holds_tile(t))
        .collect();
    hand.sort_unstable();
    hand.dedup();
    hand
}

impl<'p> Placements<'p> {
    /// The encoding, or `None` when a limit is reached while it is built.
    pub(super) fn encode(
        puzzle: &'p Puzzle,
        budget: &Budget,
        mode: Mode,
        steps: usize,
        relaxed: bool,
        longer_than: Option<usize>,
    ) -> Option<Placements<'p>> {
        let variant = &puzzle.variant;
        let chain = variant.rules().bonus_chain.yes();
        let hand = playable_hand(puzzle);
        let by_tile = orientations_of(variant, &hand);
        let reach = if puzzle.board.is_empty() { BTreeMap::new() } else { reachable(&puzzle.board, steps) };
        let lattice = Lattice::new(puzzle.board.tiles().into_iter().map(|(c, _)| c).chain(reach.values().map(|v| v.0)));
        let optimize = Optimize::new();

        let mut candidates: Vec<Candidate> = Vec::new();
        // The candidates so far, by cell; and which cells are filled before
        // the step being judged.
        let mut seen: BTreeMap<(Cell, usize), Vec<Bool>> = BTreeMap::new();
        let mut filled: BTreeMap<Cell, Bool> = BTreeMap::new();
        let mut at: Vec<BTreeMap<Cell, Bool>> = Vec::new();
        let mut faces = Faces::default();
        for step in 0..steps {
            let mut judge = Judge::new(variant, &lattice, &puzzle.board, &filled, &mut faces);
            let mut made = Vec::new();
            for &(cell, dist) in reach.values() {
                // A cell `dist` side steps away needs `dist - 1` steps before.
                if dist > step + 1 {
                    continue;
                }
                for (_, ks) in &by_tile {
                    for &k in ks {
                        if budget.spent() {
                            return None;
                        }
                        let corners = variant.orientations().corners(k);
                        let Some(terms) = judge.placement(cell, corners) else { continue };
                        // A turn longer than one placement starts with a bonus.
                        if step == 0 && mode == Mode::Turn && longer_than.is_some() && !terms.may_earn() {
                            continue;
                        }
                        let x = Bool::new_const(format!("x_{step}_{}_{}_{k}", cell.x, cell.y));
                        for clause in terms.legal(&x) {
                            optimize.assert(clause);
                        }
                        let (bonus, clauses) = terms.bonus(&x, || format!("bonus_{step}_{}_{}_{k}", cell.x, cell.y));
                        for clause in clauses {
                            optimize.assert(clause);
                        }
                        made.push(Candidate { step, cell, orientation: k, x, bonus });
                    }
                }
            }
            // Where the step goes: `at[step][cell]`, and which cells are
            // filled after it.
            let mut here: BTreeMap<Cell, Vec<Bool>> = BTreeMap::new();
            for c in &made {
                seen.entry((c.cell, c.orientation)).or_default().push(c.x.clone());
                here.entry(c.cell).or_default().push(c.x.clone());
            }
            let mut at_step = BTreeMap::new();
            for (cell, xs) in here {
                let a = define(&optimize, format!("at_{step}_{}_{}", cell.x, cell.y), any(xs));
                let before = filled.remove(&cell).unwrap_or_else(|| lit(false));
                let now =
                    define(&optimize, format!("filled_{}_{}_{}", step + 1, cell.x, cell.y), any([before, a.clone()]));
                filled.insert(cell, now);
                at_step.insert(cell, a);
            }
            at.push(at_step);
            candidates.extend(made);
        }
        // What each cell ends up holding, whatever the step: `holds[cell][k]`.
        let mut holds: BTreeMap<Cell, Vec<(usize, Bool)>> = BTreeMap::new();
        for ((cell, k), xs) in seen {
            let h = define(&optimize, format!("holds_{}_{}_{k}", cell.x, cell.y), any(xs));
            holds.entry(cell).or_default().push((k, h));
        }
        faces.define(&optimize, variant, &holds);

        // At most one placement per step, per cell and per tile; steps in order.
        let mut per_step: Vec<Vec<&Bool>> = vec![Vec::new(); steps];
        let mut per_cell: BTreeMap<Cell, Vec<&Bool>> = BTreeMap::new();
        let mut per_tile: BTreeMap<TileId, Vec<&Bool>> = BTreeMap::new();
        for (s, at_step) in at.iter().enumerate() {
            for (cell, a) in at_step {
                per_step[s].push(a);
                per_cell.entry(*cell).or_default().push(a);
            }
        }
        for options in holds.values() {
            let group: Vec<&Bool> = options.iter().map(|(_, h)| h).collect();
            if let Some(amo) = at_most_one(&group) {
                optimize.assert(amo);
            }
            for (k, h) in options {
                per_tile.entry(variant.orientations().corners(*k).id()).or_default().push(h);
            }
        }
        for group in per_step.iter().chain(per_cell.values()).chain(per_tile.values()) {
            if let Some(amo) = at_most_one(group) {
                optimize.assert(amo);
            }
        }
        let active: Vec<Bool> = per_step.iter().map(|xs| any(xs.iter().map(|&b| b.clone()))).collect();
        for s in 1..steps {
            optimize.assert(implies(&active[s], &active[s - 1]));
        }
        // A player who can place a tile must (E8, E9): a turn is never empty
        // while a placement is legal, whatever it scores (R9 may say 0).
        if mode == Mode::Turn && active.first().is_some_and(|a| a.as_bool() != Some(false)) {
            optimize.assert(&active[0]);
        }
        if let Some(k) = longer_than {
            optimize.assert(active.get(k).cloned().unwrap_or_else(|| lit(false)));
        }
        let used: BTreeMap<TileId, Bool> =
            per_tile.iter().map(|(&t, xs)| (t, any(xs.iter().map(|&b| b.clone())))).collect();
        // Redundant, for the solver's counting: as many tiles are used as
        // steps are taken (Σ used + Σ ¬active = steps).
        {
            let idle: Vec<Bool> = active.iter().map(not).collect();
            let terms: Vec<(&Bool, i32)> = used.values().chain(idle.iter()).map(|b| (b, 1)).collect();
            optimize.assert(Bool::pb_eq(&terms, steps as i32));
        }
        let bonus_at: Vec<Bool> =
            (0..steps).map(|s| any(candidates.iter().filter(|c| c.step == s).map(|c| c.bonus.clone()))).collect();

        let mut score: Vec<(Bool, i64)> = Vec::new();
        let mut tiles: Vec<Option<Bool>> = vec![None; steps];
        let mut unfinished = None;
        match mode {
            Mode::Sequence(_) => {
                // Each step scores its tile's R9 points and 25 on a bonus,
                // in order encoding over the values a step can take: which
                // tile the step places, and whether it earns the bonus.
                for (s, bonus_here) in bonus_at.iter().enumerate().take(steps) {
                    let mut by_tile_here: BTreeMap<TileId, Vec<Bool>> = BTreeMap::new();
                    for c in candidates.iter().filter(|c| c.step == s) {
                        by_tile_here
                            .entry(variant.orientations().corners(c.orientation).id())
                            .or_default()
                            .push(c.x.clone());
                    }
                    let bonus = define(&optimize, format!("bonus_at_{s}"), bonus_here.clone());
                    let mut values: Vec<(Bool, i64)> = Vec::new();
                    for (tile, xs) in by_tile_here {
                        let placed = define(&optimize, format!("places_{s}_{tile}"), any(xs));
                        let base = i64::from(points(variant, Corners(tile.values())));
                        values.push((placed.clone(), base));
                        if bonus.as_bool() != Some(false) {
                            values.push((all([placed, bonus.clone()]), base + BONUS));
                        }
                    }
                    score.extend(value_levels(&optimize, s, &values));
                }
            }
            Mode::Turn => {
                // Each tile placed scores once: its R9 points as the turn's
                // placement, its weight as a bonus tile (nothing under R9 =
                // opening-only).
                for (tile, _) in &by_tile {
                    let placed = |as_bonus_tile: bool| {
                        any(candidates
                            .iter()
                            .filter(|c| (c.step > 0) == as_bonus_tile)
                            .filter(|c| variant.orientations().corners(c.orientation).id() == *tile)
                            .map(|c| c.x.clone()))
                    };
                    let r9 = i64::from(points(variant, Corners(tile.values())));
                    let weight = i64::from(bonus_tile_points(variant, Corners(tile.values())));
                    if r9 == weight {
                        score.push((used.get(tile).cloned().unwrap_or_else(|| lit(false)), weight));
                    } else {
                        score.push((placed(false), r9));
                        score.push((placed(true), weight));
                    }
                }
                // The choice on each bonus: 25 points, or two bonus tiles.
                for s in 0..steps {
                    if (s > 0 && !chain) || bonus_at[s].as_bool() == Some(false) {
                        continue;
                    }
                    let t = Bool::new_const(format!("tiles_{s}"));
                    optimize.assert(implies(&t, &bonus_at[s]));
                    // Step s places the hand's last tile when s + 1 tiles are
                    // all there are: a bonus earned there is paid only where
                    // R18 says so.
                    let going_out = s + 1 == puzzle.hand.len();
                    if !going_out || variant.rules().going_out_bonus == GoingOutBonus::Paid {
                        score.push((all([bonus_at[s].clone(), not(&t)]), BONUS));
                    }
                    tiles[s] = Some(t);
                }
                // Bonus tiles are owed: before bonus step s (the s-th bonus
                // tile), 2 · Σ_{t<s} tiles[t] ≥ s.
                for s in 1..steps {
                    let earlier: Vec<(&Bool, i32)> = tiles[..s].iter().flatten().map(|t| (t, 2)).collect();
                    let owed = if earlier.is_empty() { lit(false) } else { Bool::pb_ge(&earlier, s as i32) };
                    optimize.assert(implies(&active[s], &owed));
                }
                // Everything owed is played: Σ_{s≥1} active[s] = 2 Σ tiles[t],
                // written with positive coefficients as
                // Σ active + 2 Σ ¬tiles = 2 · (number of tiles[t]).
                let negated: Vec<Bool> = tiles.iter().flatten().map(not).collect();
                let mut terms: Vec<(&Bool, i32)> = active.iter().skip(1).map(|a| (a, 1)).collect();
                terms.extend(negated.iter().map(|t| (t, 2)));
                let settled = Bool::pb_eq(&terms, 2 * negated.len() as i32);
                if relaxed {
                    // Or every step is taken and tiles are still owed; the
                    // tiles left then count their weight and a bonus each,
                    // more than any way of playing them could score.
                    let u = Bool::new_const("unfinished");
                    let owing = Bool::pb_le(&terms, 2 * negated.len() as i32 - 1);
                    optimize.assert(implies(&not(&u), &settled));
                    optimize.assert(implies(&u, &all([active[steps - 1].clone(), owing])));
                    if chain {
                        for (tile, placed) in &used {
                            score.push((all([u.clone(), not(placed)]), i64::from(tile.weight()) + BONUS));
                        }
                    } else {
                        // Without R8 the two bonus tiles owed score their
                        // weights and nothing more.
                        let mut weights: Vec<i64> = hand.iter().map(|t| i64::from(t.weight())).collect();
                        weights.sort_unstable_by(|a, b| b.cmp(a));
                        score.push((u.clone(), weights.iter().take(2).sum()));
                    }
                    unfinished = Some(u);
                } else {
                    optimize.assert(settled);
                }
            }
        }
        if budget.spent() {
            return None;
        }
        let objective = sum(&score);
        optimize.maximize(&objective);
        Some(Placements { puzzle, mode, steps, candidates, active, tiles, unfinished, objective, optimize })
    }
}

/// The value of one step in order encoding: `values` are (condition, value)
/// pairs of which the step's value is the largest that holds. One Boolean
/// per distinct value `v_j`, true only when some condition worth at least
/// `v_j` holds, weighted `v_j - v_{j-1}`: few objective terms, each with a
/// small coefficient.
fn value_levels(optimize: &Optimize, step: usize, values: &[(Bool, i64)]) -> Vec<(Bool, i64)> {
    let mut levels: Vec<i64> =
        values.iter().filter(|(b, v)| *v > 0 && b.as_bool() != Some(false)).map(|&(_, v)| v).collect();
    levels.sort_unstable();
    levels.dedup();
    let mut out: Vec<(Bool, i64)> = Vec::with_capacity(levels.len());
    let mut below = 0;
    for (j, &v) in levels.iter().enumerate() {
        let y = Bool::new_const(format!("value_{step}_{j}"));
        optimize.assert(implies(&y, &any(values.iter().filter(|(_, w)| *w >= v).map(|(b, _)| b.clone()))));
        if let Some((lower, _)) = out.last() {
            optimize.assert(implies(&y, lower));
        }
        out.push((y, v - below));
        below = v;
    }
    out
}
