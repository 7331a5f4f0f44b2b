//! The door the experiments (the `quadominos-lab` crate under `lab/`) come
//! in by: the lattice search's view, tables and search, whose fields they
//! drive step by step, and a view in plain reading order to compare with
//! the search's own. Built only with the `lab` feature, which the product
//! never turns on: nothing here is part of the solver.

use std::time::Instant;

pub use super::{LatticeSearch, LatticeView, NONE, Tables};
pub use crate::solve::budget::Budget;
use crate::solve::{Answer, FillGoal, Limits, Puzzle};

/// The lattice search as the native solver runs it (probes, shape bound,
/// threads), on a view in any order.
pub fn solve_view(puzzle: &Puzzle, view: &LatticeView, limits: &Limits) -> Answer {
    super::solve(puzzle, view, limits)
}

impl<'a> LatticeSearch<'a> {
    /// A search of `t` on one thread, its clock started at `started`.
    pub fn alone(t: &'a Tables<'a>, started: Instant) -> LatticeSearch<'a> {
        LatticeSearch::new(t, None, started)
    }
}

impl LatticeView {
    /// [`LatticeView::of`] with the points in reading order (row by row
    /// from the north-west), as the search once set them.
    pub fn in_reading_order(puzzle: &Puzzle, goal: &FillGoal) -> Option<LatticeView> {
        LatticeView::in_orders(puzzle, goal, |reading| vec![reading])
    }
}
