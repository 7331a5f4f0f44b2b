//! The native fill search: cover a region with distinct pool tiles so that
//! every tile is legal against all its neighbours in the finished board, as
//! if placed last. Cells are filled in reading order; a cell is judged as soon
//! as all its neighbours in the region are filled, and where the rules make a
//! corner's agreement final (R2 = every value, R3 = no, R5 = no) each new tile
//! must already agree with the tiles around it.

// Indexing here cannot panic on input: patch cells and candidate lists are indexed by positions computed from the region, checked when the puzzle is read.
#![allow(clippy::indexing_slicing)]

use std::time::Instant;

use rustc_hash::FxHashMap;

use super::budget::Budget;
use super::falling::Falling;
use super::{Answer, FillGoal, FillObjective, Limits, Play, PlayKind, Puzzle, Stats};
use crate::model::{Board, Cell, Corner, Corners, Direction, Frame, TileId};

use crate::rules::{CornerMatch, quick_judge_with};

/// The first cells whose options' bounds are kept while they are searched,
/// so that the bound reported falls as their branches are settled: a few,
/// for each of their options is placed and judged twice.
const TRACKED: usize = 3;

#[cfg(test)]
thread_local! {
    /// The most nodes a test lets the cell-by-cell search visit.
    static MAX_NODES: std::cell::Cell<u64> = const { std::cell::Cell::new(u64::MAX) };
}

/// Which native fill search to run.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum FillSearchKind {
    /// The lattice search where it is exactly equivalent (a weight fill under
    /// strict agreement away from the board's tiles), else cell by cell.
    Auto,
    /// Always cell by cell (every orientation of every free tile per cell).
    Cells,
}

/// Solves a fill goal exactly (or until the time limit): through the
/// lattice view of the region where that is exactly the same question,
/// otherwise cell by cell.
pub fn solve_fill(puzzle: &Puzzle, goal: &FillGoal, limits: &Limits) -> Answer {
    solve_fill_by(puzzle, goal, limits, FillSearchKind::Auto)
}

/// Whether [`solve_fill`] takes the lattice search for `goal`: a weight
/// fill under strict agreement (R2 = every value, R3 = no, R5 = no) with no
/// board tile next to the region, where it is the same question.
pub fn fill_on_lattice(puzzle: &Puzzle, goal: &FillGoal) -> bool {
    super::lattice::LatticeView::of(puzzle, goal).is_some()
}

/// The region's cells and the pool's usable tiles, when the region has
/// more cells than the pool has tiles: every cell of a fill holds a tile of
/// its own, so no fill exists, whatever the tiles are (the count argument),
/// and no search is needed to prove it. A usable tile is one the variant's
/// set holds, that is not on the board and that the variant lets be placed
/// in some orientation; a tile listed twice counts once. `None` when the
/// pool has tiles enough for every cell.
pub fn pool_too_small(puzzle: &Puzzle, goal: &FillGoal) -> Option<(usize, usize)> {
    let variant = &puzzle.variant;
    let mut cells: Vec<Cell> = goal.region.iter().copied().filter(|&c| !puzzle.board.is_occupied(c)).collect();
    cells.sort_unstable_by_key(|c| (c.y, c.x));
    cells.dedup();
    let mut tiles: Vec<TileId> = goal
        .pool
        .iter()
        .copied()
        .filter(|&t| {
            variant.tile_set().contains(t)
                && !puzzle.board.holds_tile(t)
                && !variant.orientations().of(variant.tile_set(), t).is_empty()
        })
        .collect();
    tiles.sort_unstable();
    tiles.dedup();
    (cells.len() > tiles.len()).then_some((cells.len(), tiles.len()))
}

/// What the region's shape says where it rules every fill out (a weight
/// fill of values on lattice points, from a pool whose tiles' values
/// ascend round them): the least its cells cost, the sides on its edge,
/// and the most they allow (docs/SOLVERS.md, "Fills"). `None` where some
/// fill may exist.
pub fn ruled_out_by_shape(puzzle: &Puzzle, goal: &FillGoal) -> Option<(usize, usize, usize)> {
    let view = super::lattice::LatticeView::of(puzzle, goal)?;
    let shape = super::lattice::flat::shape(&view)?;
    shape.bound.is_none().then_some((shape.cheapest, shape.edge, shape.allowed))
}

/// Whether counting alone proves that `goal` has no fill: more cells than
/// the pool has tiles ([`pool_too_small`]), or than the region's edge lets
/// the tiles pay for ([`ruled_out_by_shape`]). Every solver asks this
/// before it searches.
pub fn no_fill_by_counting(puzzle: &Puzzle, goal: &FillGoal) -> bool {
    pool_too_small(puzzle, goal).is_some() || ruled_out_by_shape(puzzle, goal).is_some()
}

/// The answer for a fill [`no_fill_by_counting`] rules out: no fill exists,
/// proven without a search (a count of 0 for a counting fill).
pub fn no_fill(goal: &FillGoal, solver: &'static str, started: Instant) -> Answer {
    Answer {
        score: 0,
        proven: true,
        bound: None,
        plays: Vec::new(),
        all: Vec::new(),
        count: (goal.objective == FillObjective::Count).then_some(0),
        stats: Stats { solver, nodes: 0, micros: started.elapsed().as_micros() as u64, stopped: None },
    }
}

/// [`solve_fill`] with the search chosen (to compare the two).
pub fn solve_fill_by(puzzle: &Puzzle, goal: &FillGoal, limits: &Limits, kind: FillSearchKind) -> Answer {
    use super::lattice::LatticeView;
    if no_fill_by_counting(puzzle, goal) {
        // A search would try every way to fill the cells it can before
        // finding none: with more cells than tiles, or than the edge lets
        // the tiles pay for, that is the whole tree.
        return no_fill(goal, "native", Instant::now());
    }
    let view = match kind {
        FillSearchKind::Auto => LatticeView::of(puzzle, goal),
        FillSearchKind::Cells => None,
    };
    match view {
        Some(view) => super::lattice::solve(puzzle, &view, limits),
        None => solve_cells(puzzle, goal, limits),
    }
}

fn solve_cells(puzzle: &Puzzle, goal: &FillGoal, limits: &Limits) -> Answer {
    let started = Instant::now();
    let variant = &puzzle.variant;
    let rules = variant.rules();
    let index_of = |c: Cell| goal.region.iter().position(|&r| r == c);
    // For each position i, the region cells that become complete (all their
    // region neighbours filled) once cells 0..=i are filled.
    let mut completes: Vec<Vec<usize>> = vec![Vec::new(); goal.region.len()];
    for (j, &c) in goal.region.iter().enumerate() {
        let last = Direction::ALL.iter().filter_map(|&d| index_of(c.neighbour(d))).chain([j]).max().unwrap_or(j);
        completes[last].push(j);
    }
    let mut candidates: Vec<(TileId, Vec<Corners>)> = goal
        .pool
        .iter()
        .map(|&t| (t, variant.orientations().of(variant.tile_set(), t).to_vec()))
        .filter(|(_, o)| !o.is_empty())
        .collect();
    // Heavy tiles first: good fills are found early and bound the rest.
    candidates.sort_by_key(|(t, _)| std::cmp::Reverse(t.weight()));
    let strict =
        rules.corner_match == CornerMatch::EveryValue && !rules.unmatched_corners.yes() && !rules.equal_weight.yes();
    let mut search = FillSearch {
        puzzle,
        goal,
        limits,
        judged_before: completes
            .iter()
            .scan(0, |judged, done| {
                let before = *judged;
                *judged += done.len();
                Some(before)
            })
            .chain([goal.region.len()])
            .collect(),
        completes,
        candidates,
        strict,
        board: Patch::new(&puzzle.board, &goal.region),
        used: vec![false; goal.pool.len().max(1)],
        assigned: Vec::new(),
        bonus_flags: vec![false; goal.region.len()],
        best: None,
        by_need: vec![None; 8 * 8 * 8 * 8],
        count: 0,
        falling: Falling::default(),
        budget: Budget::new(limits, started),
    };
    #[cfg(test)]
    {
        search.budget.max_nodes = MAX_NODES.with(std::cell::Cell::get);
    }
    if goal.objective != FillObjective::Count {
        limits.bounded(search.bound_from(0, 0));
    }
    search.go(0, 0);
    let proven = !search.budget.stopped();
    let micros = started.elapsed().as_micros() as u64;
    let stats = Stats { solver: "native", nodes: search.budget.nodes, micros, stopped: search.budget.why };
    match goal.objective {
        FillObjective::Count => Answer {
            score: search.count as i64,
            proven,
            bound: None,
            plays: search.best.map(|b| b.1).unwrap_or_default(),
            all: Vec::new(),
            count: Some(search.count),
            stats,
        },
        _ => {
            // The ceiling, or lower where the branches searched to the end
            // brought the bound down.
            let ceiling = search.bound_from(0, 0).min(search.falling.lowest());
            let (score, plays) = search.best.unwrap_or((0, Vec::new()));
            let bound = (!proven).then(|| ceiling.max(score));
            Answer { score, proven, bound, plays, all: Vec::new(), count: None, stats }
        }
    }
}

/// Candidates as (index into the candidate list, corners), shared.
type Options = std::rc::Rc<[(usize, Corners)]>;

struct FillSearch<'a> {
    puzzle: &'a Puzzle,
    goal: &'a FillGoal,
    limits: &'a Limits,
    completes: Vec<Vec<usize>>,
    /// How many region cells are judged once cells `0..depth` are filled.
    judged_before: Vec<usize>,
    candidates: Vec<(TileId, Vec<Corners>)>,
    strict: bool,
    board: Patch,
    used: Vec<bool>,
    assigned: Vec<(usize, Corners)>,
    bonus_flags: Vec<bool>,
    best: Option<(i64, Vec<Play>)>,
    /// [`FillSearch::agreeing`]'s lists, by the code of the requirement.
    by_need: Vec<Option<Options>>,
    count: u64,
    /// The options' bounds at the first cells ([`TRACKED`]) on the current
    /// line: the bound falls as the search goes on, not only at its end.
    falling: Falling,
    budget: Budget<'a>,
}

impl FillSearch<'_> {
    /// The most the remaining cells from `depth` on could add.
    fn bound_from(&self, depth: usize, score: i64) -> i64 {
        let left = self.goal.region.len() - depth;
        match self.goal.objective {
            FillObjective::Weight => {
                let mut free: Vec<i64> = self
                    .candidates
                    .iter()
                    .enumerate()
                    .filter(|(i, _)| !self.used[*i])
                    .map(|(_, (t, _))| i64::from(t.weight()))
                    .collect();
                free.sort_unstable_by(|a, b| b.cmp(a));
                score + free.iter().take(left).sum::<i64>()
            }
            // Every cell not judged yet may still earn a bonus, filled or
            // not: a filled cell is judged only once its neighbours are.
            FillObjective::Bonuses => score + (self.goal.region.len() - self.judged_before[depth]) as i64,
            FillObjective::Count => i64::MAX,
        }
    }

    /// Under strict agreement: the value each corner of `cell` must have
    /// (from the filled tiles that count), or `Err` when tiles around a point
    /// already disagree.
    fn required(&self, cell: Cell) -> Result<[Option<u8>; 4], ()> {
        let diagonal = self.puzzle.variant.rules().diagonal_neighbours.yes();
        let mut need: [Option<u8>; 4] = [None; 4];
        for dir in Direction::ALL {
            if !dir.is_edge() && !diagonal {
                continue;
            }
            let Some(t) = self.board.get(cell.neighbour(dir)) else { continue };
            for &(mine, theirs) in dir.shared_corners() {
                let v = t.at(theirs);
                match need[mine.index()] {
                    None => need[mine.index()] = Some(v),
                    Some(w) if w == v => {}
                    Some(_) => return Err(()),
                }
            }
        }
        Ok(need)
    }

    /// Judges the region cell `j` (all its neighbours filled) as if placed last.
    fn judge_cell(&self, j: usize) -> Option<bool> {
        let cell = self.goal.region[j];
        let corners = self.board.get(cell)?;
        quick_judge_with(&self.puzzle.variant, cell, corners, |c| self.board.get(c))
    }

    /// The candidates (index, corners) whose corners agree with `need`,
    /// listed once per distinct requirement.
    fn agreeing(&mut self, need: [Option<u8>; 4]) -> Options {
        let code = need.iter().fold(0usize, |code, v| code * 8 + v.map_or(7, usize::from));
        if let Some(list) = &self.by_need[code] {
            return list.clone();
        }
        let list: Options = self
            .candidates
            .iter()
            .enumerate()
            .flat_map(|(i, (_, orientations))| orientations.iter().map(move |&c| (i, c)))
            .filter(|&(_, c)| Corner::ALL.iter().all(|&k| need[k.index()].is_none_or(|v| v == c.at(k))))
            .collect();
        self.by_need[code] = Some(list.clone());
        list
    }

    fn go(&mut self, depth: usize, score: i64) {
        if self.budget.spend() {
            return;
        }
        if depth == self.goal.region.len() {
            let plays: Vec<Play> = self
                .assigned
                .iter()
                .map(|&(j, corners)| Play {
                    tile: corners.id(),
                    at: self.goal.region[j],
                    corners,
                    kind: PlayKind::Fill,
                    points: i64::from(corners.weight()),
                    bonus: self.bonus_flags[j],
                    choice: None,
                })
                .collect();
            match self.goal.objective {
                FillObjective::Count => {
                    self.count += 1;
                    if self.best.is_none() {
                        self.best = Some((0, plays));
                    }
                }
                _ => {
                    if self.best.as_ref().is_none_or(|b| score > b.0) {
                        self.limits.found(score);
                        self.best = Some((score, plays));
                    }
                }
            }
            return;
        }
        if let Some((best, _)) = &self.best
            && self.goal.objective != FillObjective::Count
            && self.bound_from(depth, score) <= *best
        {
            return;
        }
        let cell = self.goal.region[depth];
        // Under strict agreement only the tiles that agree with the corners
        // around the cell; otherwise every orientation of every free tile.
        let options = if self.strict {
            match self.required(cell) {
                Ok(need) => self.agreeing(need),
                Err(()) => return,
            }
        } else {
            self.agreeing([None; 4])
        };
        let tracked = depth < TRACKED && self.goal.objective != FillObjective::Count;
        if tracked {
            // Each option's bound, before any is searched: placed, judged
            // and taken back.
            let bounds = options
                .iter()
                .map(|&(i, corners)| {
                    if self.used[i] {
                        return i64::MIN;
                    }
                    let add = self.place(depth, i, corners);
                    let reach = add.map_or(i64::MIN, |add| self.bound_from(depth + 1, score + add));
                    self.take_back(depth, i);
                    reach
                })
                .collect();
            self.falling.enter(bounds);
        }
        for &(i, corners) in options.iter() {
            if !self.used[i] {
                if let Some(add) = self.place(depth, i, corners) {
                    self.go(depth + 1, score + add);
                }
                self.take_back(depth, i);
                if self.budget.stopped() {
                    return;
                }
            }
            if tracked && let Some(bound) = self.falling.settled(self.best.as_ref().map_or(i64::MIN, |b| b.0)) {
                self.limits.bounded(bound);
            }
        }
        if tracked {
            self.falling.leave();
        }
    }

    /// Places candidate `i` as `corners` on the cell at `depth` and judges
    /// the cells it completes: what it adds to the score, or `None` where
    /// one of them is not legal (the caller takes it back either way).
    fn place(&mut self, depth: usize, i: usize, corners: Corners) -> Option<i64> {
        let cell = self.goal.region[depth];
        let tile = self.candidates[i].0;
        self.board.insert(cell, corners);
        self.used[i] = true;
        self.assigned.push((depth, corners));
        let mut gained = 0i64;
        for d in 0..self.completes[depth].len() {
            let j = self.completes[depth][d];
            let bonus = self.judge_cell(j)?;
            self.bonus_flags[j] = bonus;
            gained += i64::from(bonus);
        }
        Some(match self.goal.objective {
            FillObjective::Weight => i64::from(tile.weight()),
            FillObjective::Bonuses => gained,
            FillObjective::Count => 0,
        })
    }

    /// Takes back what [`FillSearch::place`] placed on the cell at `depth`.
    fn take_back(&mut self, depth: usize, i: usize) {
        self.assigned.pop();
        self.used[i] = false;
        self.board.remove(self.goal.region[depth]);
    }
}

/// The part of the board a fill can see: the region and the cells around
/// it, with the board's tiles there. Cells outside read as empty; nothing
/// outside is ever asked about. A region whose cells lie close together is
/// kept as a dense grid over its bounding box (look-ups are the search's
/// hot path); one spread far apart, whose box would be mostly empty and
/// could be larger than memory, as a map of just the cells that matter.
enum Patch {
    Dense { frame: Frame, cells: Vec<Option<Corners>> },
    Sparse(FxHashMap<Cell, Option<Corners>>),
}

/// A dense patch may hold this many cells per cell that matters (the region
/// and its neighbours), and this many in any case.
const DENSE_PER_CELL: usize = 16;
const DENSE_ANYWAY: usize = 1 << 16;

impl Patch {
    fn new(board: &Board, region: &[Cell]) -> Patch {
        let xs = region.iter().map(|c| c.x);
        let ys = region.iter().map(|c| c.y);
        let lo = Cell::new(xs.clone().min().unwrap_or(0), ys.clone().min().unwrap_or(0));
        let hi = Cell::new(xs.max().unwrap_or(0), ys.max().unwrap_or(0));
        // The box's cell count, in u128: the sides of a box around any two
        // i32 cells fit, their product may not fit in 64 bits' worth of
        // memory, and it is compared before anything is allocated.
        let side = |lo: i32, hi: i32| (i128::from(hi) - i128::from(lo) + 3) as u128;
        let boxed = side(lo.x, hi.x) * side(lo.y, hi.y);
        let matters = region.len().saturating_mul(9);
        if boxed <= (matters.saturating_mul(DENSE_PER_CELL).max(DENSE_ANYWAY)) as u128 {
            let frame = Frame::around(lo, hi, 1, i64::MAX);
            let mut cells = vec![None; frame.len()];
            for (cell, corners) in board.tiles() {
                if let Some(i) = frame.index(cell) {
                    cells[i] = Some(corners);
                }
            }
            return Patch::Dense { frame, cells };
        }
        let mut cells: FxHashMap<Cell, Option<Corners>> = FxHashMap::default();
        for &c in region {
            cells.insert(c, None);
            for d in Direction::ALL {
                let n = c.neighbour(d);
                cells.insert(n, board.get(n));
            }
        }
        Patch::Sparse(cells)
    }

    #[inline]
    fn get(&self, cell: Cell) -> Option<Corners> {
        match self {
            Patch::Dense { frame, cells } => frame.index(cell).and_then(|i| cells[i]),
            Patch::Sparse(cells) => cells.get(&cell).copied().flatten(),
        }
    }

    fn set(&mut self, cell: Cell, corners: Option<Corners>) {
        match self {
            Patch::Dense { frame, cells } => {
                if let Some(i) = frame.index(cell) {
                    cells[i] = corners;
                }
            }
            Patch::Sparse(cells) => {
                if let Some(slot) = cells.get_mut(&cell) {
                    *slot = corners;
                }
            }
        }
    }

    fn insert(&mut self, cell: Cell, corners: Corners) {
        self.set(cell, Some(corners));
    }

    fn remove(&mut self, cell: Cell) {
        self.set(cell, None);
    }
}

#[cfg(test)]
mod tests {
    use std::sync::Arc;

    use super::*;
    use crate::formats::{VariantChoice, load_puzzle};
    use crate::solve::{Goal, Progress, verify};

    /// The cell-by-cell search of a shipped fill, stopped after
    /// `max_nodes` nodes: its answer and the bounds it reported, in order.
    fn cut_cells(name: &str, max_nodes: u64) -> (Puzzle, Answer, Vec<i64>) {
        let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("puzzles").join(name);
        let puzzle = load_puzzle(&path, &VariantChoice::default()).unwrap().puzzle;
        let Goal::Fill(goal) = &puzzle.goal else { panic!("{name}: a fill") };
        let progress = Arc::new(Progress::default());
        let limits = Limits { progress: Some(progress.clone()), ..Limits::default() };
        MAX_NODES.with(|m| m.set(max_nodes));
        let answer = solve_fill_by(&puzzle, goal, &limits, FillSearchKind::Cells);
        MAX_NODES.with(|m| m.set(u64::MAX));
        let steps = progress.history().iter().map(|s| s.bound).collect();
        (puzzle.clone(), answer, steps)
    }

    /// The cell-by-cell fill's bound falls while it is searched: proven,
    /// the English 4x4 weight fill's bounds come down from the ceiling
    /// step by step to the optimum; cut short at half its nodes, the bound
    /// it answers is never below the optimum the whole search proves, and
    /// neither is any bound it reported.
    #[test]
    #[cfg_attr(debug_assertions, ignore = "seconds in release; run by cargo test --release")]
    fn the_cell_fills_bound_falls_as_its_branches_are_settled() {
        let name = "fill-4x4-weight-english.yaml";
        {
            let (puzzle, proven, steps) = cut_cells(name, u64::MAX);
            assert!(proven.proven, "{name}");
            verify(&puzzle, &proven).unwrap_or_else(|e| panic!("{name}: {e}"));
            let ceiling = steps[0];
            assert!(ceiling > proven.score, "{name}: the ceiling {ceiling} is the optimum already: {steps:?}");
            assert!(steps.windows(2).all(|w| w[1] < w[0]), "{name}: {steps:?}");
            assert_eq!(steps.last(), Some(&proven.score), "{name}: {steps:?}");
            let (_, cut, cut_steps) = cut_cells(name, proven.stats.nodes / 2);
            assert!(!cut.proven, "{name}");
            let bound = cut.bound.expect("a bound");
            // The first cell's heaviest branch takes more than half the
            // nodes, so at half of them the bound has not yet fallen.
            assert!(bound <= ceiling, "{name}: bound {bound}, ceiling {ceiling}: {cut_steps:?}");
            assert!(bound >= proven.score, "{name}: bound {bound} < the optimum {}", proven.score);
            assert!(cut_steps.iter().all(|&b| b >= proven.score), "{name}: {cut_steps:?}");
            assert_eq!(cut_steps.last(), Some(&bound), "{name}: {cut_steps:?}");
        }
    }

    /// Two cells a million apart: the dense box would hold 10^12 cells; the
    /// patch keeps only the 18 that matter, and reads the board's tiles
    /// around them.
    #[test]
    fn a_region_spread_far_apart_is_kept_sparse() {
        let far = Cell::new(1_000_000, 1_000_000);
        let board: Board = [(Cell::new(0, 1), Corners([1, 2, 3, 4]))].into_iter().collect();
        let patch = Patch::new(&board, &[Cell::new(0, 0), far]);
        let Patch::Sparse(cells) = &patch else { panic!("a dense patch of 10^12 cells") };
        assert_eq!(cells.len(), 18);
        assert_eq!(patch.get(Cell::new(0, 1)), Some(Corners([1, 2, 3, 4])));
        assert_eq!(patch.get(far), None);
        let near = Patch::new(&board, &[Cell::new(0, 0), Cell::new(2, 0)]);
        assert!(matches!(near, Patch::Dense { .. }));
        assert_eq!(near.get(Cell::new(0, 1)), Some(Corners([1, 2, 3, 4])));
    }
}
