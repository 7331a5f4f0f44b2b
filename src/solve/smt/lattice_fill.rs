//! Weight fills in their lattice view (see `solve/lattice.rs`): where every
//! value on a lattice point must agree and nothing on the board touches the
//! region, a fill is a value per lattice point. One Boolean per (point,
//! value), exactly one per point; one per (cell, playable orientation of a
//! pool tile), exactly one per cell, each implying its four corner values;
//! at most one cell per tile. The weight is the sum over points of value
//! times the cells on the point. Much smaller than judging every candidate
//! against its neighbours, and the same question.

// Indexing here cannot panic on input: point and tile indices come from the lattice view.
#![allow(clippy::indexing_slicing)]

use z3::SatResult;
use z3::ast::Bool;

use super::answers::empty_answer;
use super::budget::Budget;
use super::formula::{is_true, sum};
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
    for xs in &per_tile {
        if xs.len() > 1 {
            let terms: Vec<(&Bool, i32)> = xs.iter().map(|b| (b, 1)).collect();
            solver.assert(Bool::pb_le(&terms, 1));
        }
    }
    // A turn of the region that maps every fill onto one of the same
    // weight: ask that the first point holds the greatest value among the
    // points turns put there (as the native search does).
    for q in view.rivals_of_first() {
        for v in 0..6 {
            for w in (v + 1)..6 {
                solver.assert(Bool::and(&[&y[0][v], &y[q][w]]).not());
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
    let mut heaviest: Vec<i64> = view.tiles.iter().map(|t| i64::from(t.weight())).collect();
    heaviest.sort_unstable_by(|a, b| b.cmp(a));
    let ceiling: i64 = heaviest.iter().take(view.cells.len()).sum();
    let pb: Vec<(&Bool, i32)> = weights.iter().map(|(b, w)| (b, *w as i32)).collect();
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
        solver.assert(Bool::pb_ge(&pb, i32::try_from(target).unwrap_or(i32::MAX)));
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
    } else if crate::solve::verify(puzzle, &found).is_err() {
        return Ok(empty_answer(false, checks));
    }
    Ok(found)
}
