//! Region fills: one Boolean per (region cell, orientation of a pool
//! tile), each cell filled exactly once and each tile judged against the
//! finished board without itself (as if placed last); the weight or the
//! bonuses maximised, or every fill counted by blocking each one found.

// Indexing here cannot panic on input: region cells index the map of their candidates, built from the same region in the encoding.
#![allow(clippy::indexing_slicing)]

use std::collections::BTreeMap;

use z3::ast::Bool;
use z3::{Model, Optimize, SatResult};

use super::answers::empty_answer;
use super::budget::Budget;
use super::formula::{any, at_most_one, define, is_true, lit, not, sum};
use super::judge::{Faces, Judge};
use super::lattice::Lattice;
use super::{failed, orientations_of};
use crate::model::{Cell, TileId};
use crate::rules::judge;
use crate::solve::{Answer, FillGoal, FillObjective, Play, PlayKind, Puzzle, SolveError, Stats};

pub(super) fn solve_fill(puzzle: &Puzzle, fill: &FillGoal, budget: &Budget) -> Result<Answer, SolveError> {
    let variant = &puzzle.variant;
    let mut pool: Vec<TileId> =
        fill.pool.iter().copied().filter(|&t| variant.tile_set().contains(t) && !puzzle.board.holds_tile(t)).collect();
    pool.sort_unstable();
    pool.dedup();
    let by_tile = orientations_of(variant, &pool);
    let region: Vec<Cell> = {
        let mut r: Vec<Cell> = fill.region.iter().copied().filter(|&c| !puzzle.board.is_occupied(c)).collect();
        r.sort_unstable_by_key(|c| (c.y, c.x));
        r.dedup();
        r
    };
    let lattice = Lattice::new(puzzle.board.tiles().into_iter().map(|(c, _)| c).chain(region.iter().copied()));

    let optimize = Optimize::new();
    // Every region cell is filled: its candidates, all created up front.
    let mut seen: BTreeMap<Cell, Vec<(usize, Bool)>> = BTreeMap::new();
    for &cell in &region {
        let xs = by_tile
            .iter()
            .flat_map(|(_, ks)| ks.iter().copied())
            .map(|k| (k, Bool::new_const(format!("f_{}_{}_{k}", cell.x, cell.y))))
            .collect();
        seen.insert(cell, xs);
    }
    // Each tile judged against the finished board without itself: the other
    // region cells surely hold one of their candidates.
    let filled: BTreeMap<Cell, Bool> = region.iter().map(|&c| (c, lit(true))).collect();
    let mut faces = Faces::default();
    let mut formulas = Judge::new(variant, &lattice, &puzzle.board, &filled, &mut faces);
    let mut bonuses: Vec<(Bool, i64)> = Vec::new();
    let mut per_tile: BTreeMap<TileId, Vec<&Bool>> = BTreeMap::new();
    for &cell in &region {
        if budget.spent() {
            return Ok(empty_answer(false, 0));
        }
        let mut options = Vec::new();
        let mut cell_bonus = Vec::new();
        for (k, x) in &seen[&cell] {
            let corners = variant.orientations().corners(*k);
            let Some(terms) = formulas.placement(cell, corners) else {
                optimize.assert(not(x));
                continue;
            };
            for clause in terms.legal(x) {
                optimize.assert(clause);
            }
            let (bonus, clauses) = terms.bonus(x, || format!("bonus_{}_{}_{k}", cell.x, cell.y));
            for clause in clauses {
                optimize.assert(clause);
            }
            cell_bonus.push(bonus);
            per_tile.entry(corners.id()).or_default().push(x);
            options.push((x, 1));
        }
        if options.is_empty() {
            // No pool tile can go to this cell at all: no fill exists.
            let mut none = empty_answer(true, 0);
            if fill.objective == FillObjective::Count {
                none.count = Some(0);
            }
            return Ok(none);
        }
        optimize.assert(Bool::pb_eq(&options, 1));
        // The cell's bonus: one Boolean per cell for the objective.
        bonuses.push((define(&optimize, format!("bonus_{}_{}", cell.x, cell.y), any(cell_bonus)), 1));
    }
    for group in per_tile.values() {
        if let Some(amo) = at_most_one(group) {
            optimize.assert(amo);
        }
    }
    drop(formulas);
    faces.define(&optimize, variant, &seen);
    // Which pool tiles are used; as many as the region has cells (redundant,
    // for the solver's counting). The weight is scored per tile used.
    let used: Vec<(TileId, Bool)> = per_tile
        .iter()
        .map(|(&t, xs)| (t, define(&optimize, format!("used_{t}"), any(xs.iter().map(|&x| x.clone())))))
        .collect();
    let terms: Vec<(&Bool, i32)> = used.iter().map(|(_, u)| (u, 1)).collect();
    optimize.assert(Bool::pb_eq(&terms, region.len() as i32));
    let weights: Vec<(Bool, i64)> = used.iter().map(|(t, u)| (u.clone(), i64::from(t.weight()))).collect();
    let decode = |model: &Model| -> Vec<Play> {
        region
            .iter()
            .filter_map(|&cell| {
                let (k, _) = seen[&cell].iter().find(|(_, x)| is_true(model, x))?;
                let corners = variant.orientations().corners(*k);
                Some(Play {
                    tile: corners.id(),
                    at: cell,
                    corners,
                    kind: PlayKind::Fill,
                    points: i64::from(corners.weight()),
                    bonus: false,
                    choice: None,
                })
            })
            .collect()
    };
    // The bonus flags come from the judge on the finished board.
    let finish = |mut plays: Vec<Play>| -> Vec<Play> {
        let mut board = puzzle.board.clone();
        for p in &plays {
            board.insert(p.at, p.corners);
        }
        for p in &mut plays {
            let mut without = board.clone();
            without.remove(p.at);
            let placement = crate::rules::Placement { tile: p.tile, at: p.at, corners: p.corners };
            if let crate::rules::Verdict::Legal(l) = judge(&without, variant, placement, None) {
                p.bonus = l.bonus;
            }
        }
        plays
    };

    let mut checks = 0u64;
    let answer = |score, proven, plays, count, checks| Answer {
        score,
        proven,
        bound: None,
        plays,
        all: Vec::new(),
        count,
        stats: Stats { solver: "smt", nodes: checks, ..Stats::default() },
    };
    if fill.objective == FillObjective::Count {
        // Every fill, one model at a time, each blocked once found: the same
        // constraints in a plain solver (there is nothing to optimise).
        let solver = z3::Solver::new();
        for assertion in optimize.get_assertions() {
            solver.assert(&assertion);
        }
        let xs: Vec<&Bool> = seen.values().flatten().map(|(_, x)| x).collect();
        let mut count = 0u64;
        let mut first = Vec::new();
        let proven = loop {
            if budget.spent() {
                break false;
            }
            if let Some(params) = budget.params() {
                solver.set_params(&params);
            }
            checks += 1;
            match solver.check() {
                SatResult::Unsat => break true,
                SatResult::Unknown => break false,
                SatResult::Sat => {}
            }
            let Some(model) = solver.get_model() else { break false };
            count += 1;
            if first.is_empty() {
                first = finish(decode(&model));
            }
            // Each fill found is counted for good: left behind at the
            // deadline, the search still answers with at least this many.
            let count_i = i64::try_from(count).unwrap_or(i64::MAX);
            budget.found(&answer(count_i, false, first.clone(), Some(count), checks));
            solver.assert(any(xs.iter().filter(|x| is_true(&model, x)).map(|x| not(x))));
        };
        let count_i = i64::try_from(count).unwrap_or(i64::MAX);
        return Ok(answer(count_i, proven, first, Some(count), checks));
    }
    let objective = sum(if fill.objective == FillObjective::Bonuses { &bonuses } else { &weights });
    optimize.maximize(&objective);
    if budget.spent() {
        return Ok(empty_answer(false, checks));
    }
    if let Some(params) = budget.params() {
        optimize.set_params(&params);
    }
    checks += 1;
    let result = optimize.check(&[]);
    let model = match result {
        // Proven: no fill of the region exists, as the native search reports it.
        SatResult::Unsat => return Ok(empty_answer(true, checks)),
        _ => optimize.get_model(),
    };
    let Some(model) = model else { return Ok(empty_answer(false, checks)) };
    let plays = finish(decode(&model));
    let score = match fill.objective {
        FillObjective::Bonuses => plays.iter().filter(|p| p.bonus).count() as i64,
        _ => plays.iter().map(|p| p.points).sum(),
    };
    let proven = result == SatResult::Sat;
    if proven {
        let claimed = model.eval(&objective, true).and_then(|v| v.as_i64());
        if claimed != Some(score) {
            return Err(failed(format!("the model claims {claimed:?}, its fill scores {score}")));
        }
    }
    let found = answer(score, proven, plays, None, checks);
    if !proven && crate::solve::verify(puzzle, &found).is_err() {
        // A model cut short may be anything the solver had.
        return Ok(empty_answer(false, checks));
    }
    Ok(found)
}
