//! Weight fills in their lattice view (see `solve/lattice.rs`): where every
//! value on a lattice point must agree and nothing on the board touches the
//! region, a fill is a value per lattice point. One Boolean per (point,
//! value), exactly one per point; one per (cell, playable orientation of a
//! pool tile), exactly one per cell, each implying its four corner values;
//! one per tile, "used", true exactly when a cell holds it (at most one
//! does), as many used as there are cells. Much smaller than judging every
//! candidate against its neighbours, and the same question.
//!
//! The weight is asked of the tiles used (`Σ weight · used ≥ target`,
//! stated against the heaviest tiles that fit the cells, see
//! [`weight_at_least`]) rather than of the points (value times the cells on
//! the point, the same number): near the ceiling that forces the heavy
//! tiles in at once. A redundant count per value joins the tiles used to
//! the points. The lattice sum still checks the model read back.

// Indexing here cannot panic on input: point and tile indices come from the lattice view.
#![allow(clippy::indexing_slicing)]

use z3::SatResult;
use z3::ast::Bool;

use super::answers::empty_answer;
use super::budget::Budget;
use super::formula::{any, is_true, sum};
use crate::solve::lattice::LatticeView;
use crate::solve::{Answer, Puzzle, SolveError, Stats};

pub(super) fn solve_fill(puzzle: &Puzzle, view: &LatticeView, budget: &Budget) -> Result<Answer, SolveError> {
    let n = view.points.len();
    // Only Booleans and pseudo-Boolean sums: z3's finite-domain solver
    // (SAT with native cardinality and pseudo-Boolean constraints) finds
    // and refutes these fills far sooner than its general solver.
    let solver = z3::Solver::new_for_logic("QF_FD").unwrap_or_default();
    // The value of each point, one-hot.
    let y: Vec<Vec<Bool>> = (0..n).map(|p| (0..6).map(|v| Bool::new_const(format!("p{p}_{v}"))).collect()).collect();
    for ys in &y {
        let terms: Vec<(&Bool, i32)> = ys.iter().map(|b| (b, 1)).collect();
        solver.assert(Bool::pb_eq(&terms, 1));
    }
    let orientations = view.orientations();
    let mut per_tile: Vec<Vec<Bool>> = vec![Vec::new(); view.tiles.len()];
    for (j, (_, ps)) in view.cells.iter().enumerate() {
        if budget.spent() {
            return Ok(empty_answer(false, 0));
        }
        let mut options = Vec::new();
        for (t, list) in orientations.iter().enumerate() {
            for (k, o) in list.iter().enumerate() {
                let x = Bool::new_const(format!("c{j}_{t}_{k}"));
                for (corner, &p) in ps.iter().enumerate() {
                    solver.assert(x.implies(&y[p][usize::from(o[corner])]));
                }
                per_tile[t].push(x.clone());
                options.push(x);
            }
        }

        if options.is_empty() {
            return Ok(empty_answer(true, 0));
        }
        let terms: Vec<(&Bool, i32)> = options.iter().map(|b| (b, 1)).collect();
        solver.assert(Bool::pb_eq(&terms, 1));
    }
    // Which tiles the fill uses: `used[t]` exactly when some cell holds
    // tile `t` (at most one does), and as many tiles are used as there are
    // cells. The weight is then a sum over tiles, which is what the
    // targets below bound.
    let used: Vec<Bool> = (0..view.tiles.len()).map(|t| Bool::new_const(format!("u{t}"))).collect();
    for (xs, u) in per_tile.iter().zip(&used) {
        if xs.len() > 1 {
            let terms: Vec<(&Bool, i32)> = xs.iter().map(|b| (b, 1)).collect();
            solver.assert(Bool::pb_le(&terms, 1));
        }
        for x in xs {
            solver.assert(x.implies(u));
        }
        solver.assert(u.implies(any(xs.iter().cloned())));
    }
    let cells = i32::try_from(view.cells.len()).unwrap_or(i32::MAX);
    let terms: Vec<(&Bool, i32)> = used.iter().map(|b| (b, 1)).collect();
    solver.assert(Bool::pb_eq(&terms, cells));
    // Redundant, joining the tiles used to the points: for each value, the
    // corners showing it over the tiles used are the cells on the points
    // holding it. Without it z3 takes minutes to see that the heaviest
    // tiles of the 4x4 do not fit together; with it, seconds. Coefficients
    // stay positive (`deg · ¬y` for `-deg · y`, the constant moved over).
    for v in 1..6u8 {
        let mut terms: Vec<(&Bool, i32)> = Vec::new();
        for (t, list) in orientations.iter().enumerate() {
            let shows = list.first().map_or(0, |o| o.iter().filter(|&&w| w == v).count());
            if shows > 0 {
                terms.push((&used[t], shows as i32));
            }
        }
        let not_v: Vec<Bool> = (0..n).map(|p| y[p][usize::from(v)].not()).collect();
        let mut all_degrees = 0;
        for (p, b) in not_v.iter().enumerate() {
            terms.push((b, view.degree[p] as i32));
            all_degrees += view.degree[p] as i32;
        }
        solver.assert(Bool::pb_eq(&terms, all_degrees));
    }
    // A turn of the region that maps every fill onto one of the same
    // weight: ask that the first point turns move holds the greatest value
    // among the points turns put there (as the native search does).
    if let Some((first, rivals)) = view.leader() {
        for q in rivals {
            for v in 0..6 {
                for w in (v + 1)..6 {
                    solver.assert(Bool::and(&[&y[first][v], &y[q][w]]).not());
                }
            }
        }
    }
    let weights: Vec<(Bool, i64)> = (0..n)
        .flat_map(|p| (1..6).map(move |v| (p, v)))
        .map(|(p, v)| (y[p][v].clone(), view.degree[p] * v as i64))
        .collect();
    let objective = sum(&weights);
    // No fill outweighs the heaviest pool tiles, one per cell: a bound from
    // the tile set alone.
    let tile_weight: Vec<i64> = view.tiles.iter().map(|t| i64::from(t.weight())).collect();
    let mut heaviest = tile_weight.clone();
    heaviest.sort_unstable_by(|a, b| b.cmp(a));
    let ceiling: i64 = heaviest.iter().take(view.cells.len()).sum();
    let marginal = view.cells.len().checked_sub(1).and_then(|i| heaviest.get(i)).copied().unwrap_or(0);
    // Targets from the ceiling down, each a plain satisfiability check
    // (z3's optimiser stalled on these): the first target a fill reaches is
    // the optimum, proven by the checks above it, each unsatisfiable.
    let mut checks = 0u64;
    let mut best: Option<z3::Model> = None;
    let mut proven = false;
    let mut target = ceiling;
    while !budget.spent() {
        if let Some(params) = budget.params() {
            solver.set_params(&params);
        }
        checks += 1;
        solver.push();
        for c in [marginal - 1, marginal, marginal + 1] {
            solver.assert(weight_at_least(&used, &tile_weight, c, i64::from(cells), target));
        }
        let result = solver.check();
        let model = solver.get_model();
        solver.pop(1);
        match result {
            SatResult::Sat => {
                best = model;
                proven = best.is_some();
                break;
            }
            // Not even weight 0: no fill at all.
            SatResult::Unsat if target <= 0 => {
                proven = true;
                break;
            }
            SatResult::Unsat => target -= 1,
            SatResult::Unknown => break,
        }
    }
    // Proven with no model: no fill exists, as the native search reports it.
    let Some(model) = best else { return Ok(empty_answer(proven, checks)) };
    let values: Vec<u8> = y.iter().map(|ys| ys.iter().position(|b| is_true(&model, b)).unwrap_or(0) as u8).collect();
    let plays = view.plays(puzzle, &values);
    let score = plays.iter().map(|p| p.points).sum();
    let found = Answer {
        score,
        proven,
        bound: None,
        plays,
        all: Vec::new(),
        count: None,
        stats: Stats { solver: "smt", nodes: checks, ..Stats::default() },
    };
    if proven {
        let claimed = model.eval(&objective, true).and_then(|v| v.as_i64());
        if claimed != Some(score) {
            return Err(super::failed(format!("the model claims {claimed:?}, its fill scores {score}")));
        }
        // Every target above this one was refuted, so the fill weighs the
        // target exactly: anything else is an encoding that asks the wrong
        // question.
        if score != target {
            return Err(super::failed(format!("the target was {target}, the model's fill scores {score}")));
        }
    } else if crate::solve::verify(puzzle, &found).is_err() {
        return Ok(empty_answer(false, checks));
    }
    Ok(found)
}

/// "The tiles used weigh at least `target`", stated against the weight
/// `c`: with `cells` tiles used, `Σ w·u ≥ target` is `Σ (w - c)·u ≥ target
/// - c·cells`. Stated so, the SAT core's pseudo-Boolean propagation sees at
/// once that a target near the ceiling leaves room for few tiles lighter
/// than `c` and forces the heavier ones in; the three forms asked (`c` the
/// weight of the last of the heaviest tiles that fit the cells, and either
/// side of it) are equivalent. Coefficients stay positive: a lighter tile's
/// `(w - c)·u` is `(c - w)·¬u - (c - w)`.
fn weight_at_least(used: &[Bool], weight: &[i64], c: i64, cells: i64, target: i64) -> Bool {
    let mut bound = target - c * cells;
    let negated: Vec<Bool> = used.iter().map(Bool::not).collect();
    let mut terms: Vec<(&Bool, i32)> = Vec::new();
    for ((u, not_u), &w) in used.iter().zip(&negated).zip(weight) {
        if w > c {
            terms.push((u, (w - c) as i32));
        } else if w < c {
            terms.push((not_u, (c - w) as i32));
            bound += c - w;
        }
    }
    Bool::pb_ge(&terms, i32::try_from(bound).unwrap_or(i32::MAX))
}
