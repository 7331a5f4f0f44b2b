//! The SMT solver: each puzzle encoded for z3's `Optimize` and the optimum
//! read back from the model, then replayed through the rules.
//!
//! # The encoding
//!
//! The board's adjacency graph (petgraph) joins every cell that matters, the
//! placed tiles and the empty cells a placement could reach within the step
//! count, to the four lattice points of its corners; the cells meeting a
//! candidate's corner are the other cells on that point, and R4 says which
//! of them count.
//!
//! - Variables: one Boolean `x[s, cell, k]` per candidate, "step `s`
//!   places orientation `k`" (an index of [`crate::rules::Orientations`], of
//!   a hand tile). A cell is a candidate at step `s` when it lies within
//!   `s + 1` side steps of the placed tiles and the rules could let the
//!   placement stand there: candidates whose rule folds to `false` are never
//!   created. Derived Booleans, each defined as the disjunction of the
//!   candidates it covers: `at[s, cell]` (where step `s` goes),
//!   `filled[s, cell]` (filled before step `s`), `holds[cell, k]` (what the
//!   cell ends up holding), and per asked-about fact `shows[cell, corner, v]`
//!   and `weighs[cell, w]`. "Filled before step `s` and showing `v` there"
//!   is `filled[s, cell] ∧ shows[cell, corner, v]`.
//! - Pseudo-Boolean at-most-one constraints per step (over `at[s, ·]`), per
//!   cell (over `at[·, cell]` and `holds[cell, ·]`) and per tile (over its
//!   `holds`); steps are taken in order (`active[s + 1] → active[s]`), and,
//!   redundantly, as many tiles are used as steps are taken.
//! - Each step is judged against the starting board and the earlier steps
//!   only, by clauses for `x → legal` ("A placement, precisely"): a side
//!   contact; unless a counting neighbour (R6) has the tile's weight (R5),
//!   at least two matched corners (every three corners include a matched
//!   one) and, where R3 = no, every touching corner matched. A corner
//!   touches when a counting neighbour (R4) is filled on its point; it
//!   matches (R2) when every filled neighbour there shows its value, or at
//!   least one does. The bonus of a candidate (R7) is a Boolean that implies
//!   `x` and at least the threshold of matched corners.
//! - Best turn: step 0 is the turn's placement (R9 points), the later steps
//!   bonus tiles (their weight). On each step that may choose (step 0, and
//!   with R8 every bonus tile) `tiles[s] → bonus[s]` takes two bonus tiles,
//!   and `bonus[s] ∧ ¬tiles[s]` scores 25. Bonus tiles are owed: before
//!   bonus step `s`, `2 · Σ_{t<s} tiles[t] ≥ s`, and the bonus steps taken
//!   are twice the tile choices. Going out on a bonus therefore takes the
//!   25. Turns are solved in rounds of 1, 3, 5, … steps: while more steps
//!   are possible a line may stop owing tiles, the rest bounded from above;
//!   a later round looks only for longer lines (which start with a bonus)
//!   that beat the best finished one.
//! - Best sequence: up to N steps, each scoring its tile's R9 points and 25
//!   per bonus.
//! - Fill: one Boolean per (region cell, orientation of a pool tile), each
//!   cell filled exactly once, each judged against the finished board
//!   without itself (as if placed last); counts enumerate models with
//!   blocking clauses.
//! - The objective is a sum of Booleans with small coefficients, maximised by
//!   `Optimize`: per tile used its points, 25 per bonus taken as points,
//!   and for sequences each step's value in order encoding.
//!   `Limits::timeout` becomes z3's `timeout` (milliseconds); a check cut
//!   short gives the best model found, unproven.

// Indexing here cannot panic on input: steps, candidates and tiles index vectors built together from the puzzle in the encoding.
#![allow(clippy::indexing_slicing)]

use std::collections::BTreeMap;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{self, RecvTimeoutError};
use std::time::{Duration, Instant};

use petgraph::graphmap::UnGraphMap;
use z3::ast::{Ast, Bool, Int};
use z3::{Model, Optimize, Params, SatResult};

use super::{
    Answer, Choice, FillGoal, FillObjective, Goal, Limits, Play, PlayKind, Puzzle, SolveError, Solver, Stats, Stop,
    score_of,
};
use crate::model::{Board, Cell, Corner, Corners, Direction, Point, TileId};
use crate::rules::{BonusThreshold, CornerMatch, Move, MoveGen, Variant, WeightNeighbours, judge, points};

/// The z3-backed solver.
#[derive(Clone, Copy, Debug, Default)]
pub struct Smt;

/// Points for a bonus taken as points.
const BONUS: i64 = 25;

impl Solver for Smt {
    fn name(&self) -> &'static str {
        "smt"
    }

    fn solve(&self, puzzle: &Puzzle, limits: &Limits) -> Result<Answer, SolveError> {
        let started = Instant::now();
        // Everything z3 lives in this thread's context, built and dropped here.
        let context = z3::Context::thread_local();
        let handle = context.handle();
        let over = AtomicBool::new(false);
        let budget = Budget { started, limits, over: &over };
        let answer = std::thread::scope(|scope| {
            // The memory limit and the caller's stop: a watchdog reads the
            // process's resident memory and the stop flag, and interrupts z3
            // while either says stop (z3's own `memory_max_size` makes the z3
            // crate panic when reached). An interrupted check answers
            // `unknown`, as on a timeout; building the encoding looks at the
            // same flags between candidates. z3's term tables grow by
            // doubling, in one step the watchdog cannot interrupt (seen: 246
            // to 486 MB within one assertion), so it stops z3 once the
            // process holds half the limit: a doubling then stays under it.
            let (finished, wait) = mpsc::channel::<()>();
            if limits.memory.is_some() || limits.stop.is_some() {
                let (handle, over) = (&handle, &over);
                scope.spawn(move || {
                    while let Err(RecvTimeoutError::Timeout) = wait.recv_timeout(Duration::from_millis(20)) {
                        if let Some(limit) = limits.memory
                            && memory_stats::memory_stats().is_some_and(|m| m.physical_mem as u64 > limit / 2)
                        {
                            over.store(true, Ordering::Relaxed);
                            handle.interrupt();
                        }
                        if limits.stop_requested() {
                            handle.interrupt();
                        }
                    }
                });
            }
            let answer = match &puzzle.goal {
                Goal::BestTurn => Placements::solve(puzzle, limits, &budget, Mode::Turn),
                Goal::BestSequence { plays } => Placements::solve(puzzle, limits, &budget, Mode::Sequence(*plays)),
                Goal::Fill(fill) => solve_fill(puzzle, fill, &budget),
            };
            drop(finished);
            answer
        });
        let mut answer = match answer {
            // Interrupted, z3 may fail any call (a model's value, say): a
            // limit stopped it, and nothing it said is proven.
            Err(_) if over.load(Ordering::Relaxed) || limits.stop_requested() => empty_answer(false, 0),
            other => other?,
        };
        if !answer.proven && answer.plays.is_empty() && !matches!(puzzle.goal, Goal::Fill(_)) {
            // Stopped before z3 found any line: a turn may not pass while a
            // play exists (E8, E9), so the native solver's first line, found
            // at once, stands in.
            let zero = Limits { timeout: Some(Duration::ZERO), ..Limits::default() };
            let quick = crate::solve::native::Native.solve(puzzle, &zero)?;
            if !quick.plays.is_empty() {
                (answer.score, answer.plays) = (quick.score, quick.plays);
            }
        }
        if let Goal::Fill(FillGoal { objective: FillObjective::Count, .. }) = &puzzle.goal
            && answer.count.is_none()
        {
            // Stopped before any fill was counted: none so far, a lower bound.
            answer.count = Some(0);
        }
        // An answer cut short gets the bound every solver shares, worked
        // out from the puzzle alone; z3's own bound on an interrupted search
        // is not one (it has said 0 while lines scoring 125 exist).
        answer.bound = if answer.proven { None } else { super::native::ceiling(puzzle).map(|c| c.max(answer.score)) };
        answer.stats.solver = "smt";
        answer.stats.micros = started.elapsed().as_micros() as u64;
        answer.stats.stopped = if answer.proven {
            None
        } else if over.load(Ordering::Relaxed) {
            Some(Stop::MemoryLimit)
        } else if limits.stop_requested() {
            Some(Stop::Interrupted)
        } else {
            Some(Stop::TimeLimit)
        };
        Ok(answer)
    }
}

/// What an SMT search may still spend: the time limit from its start, the
/// memory watchdog's flag and the caller's stop. Building an encoding can
/// itself take long and much memory, so it looks here between candidates.
struct Budget<'a> {
    started: Instant,
    limits: &'a Limits,
    over: &'a AtomicBool,
}

impl Budget<'_> {
    /// True when the search must stop now.
    fn spent(&self) -> bool {
        self.over.load(Ordering::Relaxed) || self.limits.expired(self.started).is_some()
    }

    /// z3's parameters for a check that may take the time left: none
    /// without a time limit.
    fn params(&self) -> Option<Params> {
        let t = self.limits.timeout?;
        let left = t.saturating_sub(self.started.elapsed());
        let mut params = Params::new();
        params.set_u32("timeout", left.as_millis().clamp(1, u128::from(u32::MAX)) as u32);
        Some(params)
    }
}

fn failed(message: impl Into<String>) -> SolveError {
    SolveError::Failed { solver: "smt", message: message.into() }
}

// ------------------------------------------------------------ formula helpers

fn lit(b: bool) -> Bool {
    Bool::from_bool(b)
}

/// The disjunction, folding constants.
fn any(items: impl IntoIterator<Item = Bool>) -> Bool {
    let mut keep = Vec::new();
    for b in items {
        match b.as_bool() {
            Some(true) => return lit(true),
            Some(false) => {}
            None => keep.push(b),
        }
    }
    match keep.len() {
        0 => lit(false),
        1 => keep.pop().unwrap_or_else(|| lit(false)),
        _ => Bool::or(&keep),
    }
}

/// The conjunction, folding constants.
fn all(items: impl IntoIterator<Item = Bool>) -> Bool {
    let mut keep = Vec::new();
    for b in items {
        match b.as_bool() {
            Some(false) => return lit(false),
            Some(true) => {}
            None => keep.push(b),
        }
    }
    match keep.len() {
        0 => lit(true),
        1 => keep.pop().unwrap_or_else(|| lit(true)),
        _ => Bool::and(&keep),
    }
}

fn not(b: &Bool) -> Bool {
    match b.as_bool() {
        Some(v) => lit(!v),
        None => b.not(),
    }
}

fn implies(a: &Bool, b: &Bool) -> Bool {
    any([not(a), b.clone()])
}

/// A named Boolean equal to `value` (or `value` itself when it is a
/// literal or a constant).
fn define(optimize: &Optimize, name: String, value: Bool) -> Bool {
    if value.as_bool().is_some() || value.is_const() {
        return value;
    }
    let b = Bool::new_const(name);
    equate(optimize, &b, &value);
    b
}

/// `a = b`, asserted as two implications: z3's equation solving would
/// otherwise substitute the definition for `a` everywhere it occurs.
fn equate(optimize: &Optimize, a: &Bool, b: &Bool) {
    optimize.assert(implies(a, b));
    optimize.assert(implies(b, a));
}

/// At most one of `items`.
fn at_most_one(items: &[&Bool]) -> Option<Bool> {
    (items.len() > 1).then(|| {
        let terms: Vec<(&Bool, i32)> = items.iter().map(|&b| (b, 1)).collect();
        Bool::pb_le(&terms, 1)
    })
}

/// `Σ items · coefficient` as an integer term.
fn sum(items: &[(Bool, i64)]) -> Int {
    let zero = Int::from_i64(0);
    let terms: Vec<Int> = items
        .iter()
        .filter(|(b, c)| *c != 0 && b.as_bool() != Some(false))
        .map(|(b, c)| b.ite(&Int::from_i64(*c), &zero))
        .collect();
    if terms.is_empty() { zero } else { Int::add(&terms) }
}

fn is_true(model: &Model, b: &Bool) -> bool {
    model.eval(b, true).and_then(|v| v.as_bool()).unwrap_or(false)
}

// ------------------------------------------------------------ the graph

/// A node of the adjacency graph: a cell or a lattice point.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
enum Node {
    Cell(Cell),
    Point(Point),
}

/// Cells (placed tiles and candidate cells) joined to the lattice points of
/// their corners; each edge is labelled with the cell's corner on the point.
struct Lattice {
    graph: UnGraphMap<Node, Corner>,
}

fn direction(from: Cell, to: Cell) -> Option<Direction> {
    Direction::ALL.into_iter().find(|&d| from.neighbour(d) == to)
}

impl Lattice {
    fn new(cells: impl IntoIterator<Item = Cell>) -> Lattice {
        let mut graph = UnGraphMap::new();
        for cell in cells {
            for corner in Corner::ALL {
                graph.add_edge(Node::Cell(cell), Node::Point(cell.point(corner)), corner);
            }
        }
        Lattice { graph }
    }

    /// The other cells of the graph on `cell`'s corner `corner`: the
    /// direction to each (from `cell`) and its corner on the shared point.
    fn meeting(&self, cell: Cell, corner: Corner) -> Vec<(Direction, Cell, Corner)> {
        let point = Node::Point(cell.point(corner));
        if !self.graph.contains_node(point) {
            return Vec::new();
        }
        let mut out: Vec<(Direction, Cell, Corner)> = self
            .graph
            .edges(point)
            .filter_map(|(_, other, &theirs)| match other {
                Node::Cell(d) if d != cell => Some((direction(cell, d)?, d, theirs)),
                _ => None,
            })
            .collect();
        out.sort_unstable_by_key(|&(d, _, _)| d);
        out
    }
}

/// The empty cells within `steps` side steps of the placed tiles, each with
/// its distance (1: an open cell), reached through empty cells.
fn reachable(board: &Board, steps: usize) -> BTreeMap<(i32, i32), (Cell, usize)> {
    let mut dist: BTreeMap<Cell, usize> = BTreeMap::new();
    let mut frontier: Vec<Cell> = board.open_cells();
    for &c in &frontier {
        dist.insert(c, 1);
    }
    for depth in 2..=steps {
        let mut next = Vec::new();
        for &c in &frontier {
            for d in Direction::EDGES {
                let n = c.neighbour(d);
                if !board.is_occupied(n) && !dist.contains_key(&n) {
                    dist.insert(n, depth);
                    next.push(n);
                }
            }
        }
        frontier = next;
    }
    dist.into_iter().map(|(c, d)| ((c.y, c.x), (c, d))).collect()
}

// ------------------------------------------------------------ judging

/// What a neighbouring cell holds when a placement is judged.
#[derive(Clone)]
enum Holds {
    /// A placed tile.
    Tile(Corners),
    /// A candidate cell: whether it is filled by then.
    Maybe(Bool),
    /// Nothing.
    Nothing,
}

/// What the tile that ends up on a candidate cell shows: one Boolean per
/// (cell, corner, value) and per (cell, weight) that some judgement asks
/// about, defined once every candidate exists (each the disjunction of the
/// candidates on the cell that show it). "Filled by step `s` and showing
/// `v`" is then a conjunction of two small facts, whatever the steps.
#[derive(Default)]
struct Faces {
    shows: BTreeMap<(Cell, Corner, u8), Bool>,
    weighs: BTreeMap<(Cell, u8), Bool>,
}

impl Faces {
    fn shows(&mut self, cell: Cell, corner: Corner, value: u8) -> Bool {
        self.shows
            .entry((cell, corner, value))
            .or_insert_with(|| Bool::new_const(format!("shows_{}_{}_{}_{value}", cell.x, cell.y, corner.name())))
            .clone()
    }

    fn weighs(&mut self, cell: Cell, weight: u8) -> Bool {
        self.weighs
            .entry((cell, weight))
            .or_insert_with(|| Bool::new_const(format!("weighs_{}_{}_{weight}", cell.x, cell.y)))
            .clone()
    }

    /// Defines every fact asked about by the candidates on its cell.
    fn define(&self, optimize: &Optimize, variant: &Variant, on: &BTreeMap<Cell, Vec<(usize, Bool)>>) {
        let o = variant.orientations();
        let none = Vec::new();
        for (&(cell, corner, value), fact) in &self.shows {
            let xs = on.get(&cell).unwrap_or(&none);
            let showing = any(xs.iter().filter(|(k, _)| o.corners(*k).at(corner) == value).map(|(_, x)| x.clone()));
            equate(optimize, fact, &showing);
        }
        for (&(cell, weight), fact) in &self.weighs {
            let xs = on.get(&cell).unwrap_or(&none);
            let weighing = any(xs.iter().filter(|(k, _)| o.corners(*k).weight() == weight).map(|(_, x)| x.clone()));
            equate(optimize, fact, &weighing);
        }
    }
}

/// The placement rule as formulas over the board a step sees.
struct Judge<'a> {
    variant: &'a Variant,
    lattice: &'a Lattice,
    board: &'a Board,
    /// Per candidate cell: whether it is filled when this step is judged
    /// (by an earlier step, or, in a fill, always).
    filled: &'a BTreeMap<Cell, Bool>,
    faces: &'a mut Faces,
    /// (touching, matched) per (cell, corner, value).
    corners: BTreeMap<(Cell, Corner, u8), (Bool, Bool)>,
}

impl<'a> Judge<'a> {
    fn new(
        variant: &'a Variant,
        lattice: &'a Lattice,
        board: &'a Board,
        filled: &'a BTreeMap<Cell, Bool>,
        faces: &'a mut Faces,
    ) -> Judge<'a> {
        Judge { variant, lattice, board, filled, faces, corners: BTreeMap::new() }
    }

    fn holds(&self, cell: Cell) -> Holds {
        if let Some(t) = self.board.get(cell) {
            return Holds::Tile(t);
        }
        match self.filled.get(&cell) {
            Some(f) if f.as_bool() != Some(false) => Holds::Maybe(f.clone()),
            _ => Holds::Nothing,
        }
    }

    fn occupied(&self, cell: Cell) -> Bool {
        match self.holds(cell) {
            Holds::Tile(_) => lit(true),
            Holds::Maybe(f) => f,
            Holds::Nothing => lit(false),
        }
    }

    /// The cell holds a tile whose corner `corner` shows `value`.
    fn shows(&mut self, cell: Cell, corner: Corner, value: u8) -> Bool {
        match self.holds(cell) {
            Holds::Tile(t) => lit(t.at(corner) == value),
            Holds::Maybe(f) => all([f, self.faces.shows(cell, corner, value)]),
            Holds::Nothing => lit(false),
        }
    }

    /// The cell holds a tile of weight `weight`.
    fn weighs(&mut self, cell: Cell, weight: u8) -> Bool {
        match self.holds(cell) {
            Holds::Tile(t) => lit(t.weight() == weight),
            Holds::Maybe(f) => all([f, self.faces.weighs(cell, weight)]),
            Holds::Nothing => lit(false),
        }
    }

    /// Whether `cell`'s corner `corner`, showing `value`, touches a counting
    /// neighbour (R4) and matches the values there (R2).
    fn corner(&mut self, cell: Cell, corner: Corner, value: u8) -> (Bool, Bool) {
        if let Some(found) = self.corners.get(&(cell, corner, value)) {
            return found.clone();
        }
        let rules = self.variant.rules();
        let there: Vec<(Cell, Corner)> = self
            .lattice
            .meeting(cell, corner)
            .into_iter()
            .filter(|&(d, _, _)| d.is_edge() || rules.diagonal_neighbours.yes())
            .map(|(_, c, k)| (c, k))
            .collect();
        let touching = any(there.iter().map(|&(c, _)| self.occupied(c)));
        let matched = match rules.corner_match {
            CornerMatch::AtLeastOne => {
                let each: Vec<Bool> = there.iter().map(|&(c, k)| self.shows(c, k, value)).collect();
                any(each)
            }
            CornerMatch::EveryValue => {
                let mut each = vec![touching.clone()];
                for &(c, k) in &there {
                    // Filled there implies showing the value there.
                    let agrees = match self.holds(c) {
                        Holds::Maybe(f) => implies(&f, &self.faces.shows(c, k, value)),
                        _ => implies(&self.occupied(c), &self.shows(c, k, value)),
                    };
                    each.push(agrees);
                }
                all(each)
            }
        };
        self.corners.insert((cell, corner, value), (touching.clone(), matched.clone()));
        (touching, matched)
    }

    /// The pieces of the rule for placing `corners` on `cell`; `None` when
    /// the placement can never be legal on this step.
    fn placement(&mut self, cell: Cell, corners: Corners) -> Option<Terms> {
        let rules = *self.variant.rules();
        let contact = any(Direction::EDGES.into_iter().map(|d| self.occupied(cell.neighbour(d))));
        if contact.as_bool() == Some(false) {
            return None;
        }
        let mut touching: [Bool; 4] = std::array::from_fn(|_| lit(false));
        let mut matched: [Bool; 4] = std::array::from_fn(|_| lit(false));
        for corner in Corner::ALL {
            let (t, m) = self.corner(cell, corner, corners.at(corner));
            touching[corner.index()] = t;
            matched[corner.index()] = m;
        }
        let weight = if rules.equal_weight.yes() {
            let diagonal = rules.equal_weight_neighbours == WeightNeighbours::EdgeAndDiagonal;
            let each: Vec<Bool> = Direction::ALL
                .into_iter()
                .filter(|d| d.is_edge() || diagonal)
                .map(|d| self.weighs(cell.neighbour(d), corners.weight()))
                .collect();
            any(each)
        } else {
            lit(false)
        };
        let terms = Terms {
            contact,
            touching,
            matched,
            weight,
            every_corner: !rules.unmatched_corners.yes(),
            threshold: match rules.bonus_threshold {
                BonusThreshold::Three => 3,
                BonusThreshold::Four => 4,
            },
        };
        terms.possible().then_some(terms)
    }
}

/// The parts of "A placement, precisely" for one candidate, each a small
/// formula over the facts of the board its step sees.
struct Terms {
    /// A side touches a tile (S10).
    contact: Bool,
    /// Per corner: it touches a counting neighbour (R4).
    touching: [Bool; 4],
    /// Per corner: it matches there (R2).
    matched: [Bool; 4],
    /// A counting neighbour (R6) has the tile's weight, where R5 = yes.
    weight: Bool,
    /// R3 = no: every touching corner must match.
    every_corner: bool,
    /// R7.
    threshold: usize,
}

/// Every `k`-element subset of `0..n`.
fn subsets(n: usize, k: usize) -> impl Iterator<Item = Vec<usize>> {
    (0u32..(1 << n))
        .filter(move |m| m.count_ones() as usize == k)
        .map(move |m| (0..n).filter(|i| m >> i & 1 == 1).collect())
}

impl Terms {
    fn could(b: &Bool) -> bool {
        b.as_bool() != Some(false)
    }

    /// Whether some board the step may see makes the placement legal.
    fn possible(&self) -> bool {
        let by_corners = self.matched.iter().filter(|m| Self::could(m)).count() >= 2
            && (!self.every_corner
                || self.touching.iter().zip(&self.matched).all(|(t, m)| t.as_bool() != Some(true) || Self::could(m)));
        Self::could(&self.contact) && (by_corners || Self::could(&self.weight))
    }

    /// Clauses for `x → legal`: the contact; unless the weight decides, at
    /// least two matched corners (every three corners include a matched one)
    /// and, where R3 = no, every touching corner matched.
    fn legal(&self, x: &Bool) -> Vec<Bool> {
        let mut clauses = vec![implies(x, &self.contact)];
        let unless = [not(x), self.weight.clone()];
        for three in subsets(4, 3) {
            clauses.push(any(unless.iter().cloned().chain(three.iter().map(|&i| self.matched[i].clone()))));
        }
        if self.every_corner {
            for (t, m) in self.touching.iter().zip(&self.matched) {
                clauses.push(any(unless.iter().cloned().chain([not(t), m.clone()])));
            }
        }
        clauses.retain(|c| c.as_bool() != Some(true));
        clauses
    }

    /// Whether some board the step may see gives the bonus.
    fn may_earn(&self) -> bool {
        self.matched.iter().filter(|m| Self::could(m)).count() >= self.threshold
    }

    /// The bonus (R7) of candidate `x` and the clauses that define it: true
    /// only when `x` is placed with at least the threshold of matched
    /// corners (every `5 - threshold` corners include a matched one). It is
    /// only ever wanted true, so one direction suffices.
    fn bonus(&self, x: &Bool, name: impl FnOnce() -> String) -> (Bool, Vec<Bool>) {
        if !self.may_earn() {
            return (lit(false), Vec::new());
        }
        let needs: Vec<Bool> = subsets(4, 5 - self.threshold)
            .map(|set| any(set.iter().map(|&i| self.matched[i].clone())))
            .filter(|c| c.as_bool() != Some(true))
            .collect();
        if needs.is_empty() {
            return (x.clone(), Vec::new());
        }
        let b = Bool::new_const(name());
        let mut clauses = vec![implies(&b, x)];
        clauses.extend(needs.iter().map(|c| implies(&b, c)));
        (b, clauses)
    }
}

// ------------------------------------------------------------ turns and sequences

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Mode {
    Turn,
    Sequence(usize),
}

/// One candidate placement.
struct Candidate {
    step: usize,
    cell: Cell,
    orientation: usize,
    x: Bool,
    /// True only when `x` is placed and earns the bonus (R7).
    bonus: Bool,
}

/// The encoding of a best turn or a best sequence over `steps` steps.
struct Placements<'p> {
    puzzle: &'p Puzzle,
    mode: Mode,
    steps: usize,
    candidates: Vec<Candidate>,
    /// Per step: some candidate of the step is chosen.
    active: Vec<Bool>,
    /// Per step of a turn that may choose: two bonus tiles instead of 25.
    tiles: Vec<Option<Bool>>,
    /// A relaxed turn (fewer steps than the hand could fill): the line
    /// stops while bonus tiles are still owed, and every tile left counts
    /// as if it scored its weight and a bonus.
    unfinished: Option<Bool>,
    objective: Int,
    optimize: Optimize,
}

/// What solving one encoding gave.
enum Outcome {
    /// The best line found (proven when the check finished).
    Line(Answer),
    /// The best relaxed line still owes bonus tiles: more steps are needed.
    Unfinished,
    /// No line meets the constraints added to the encoding.
    Nothing,
}

/// The hand's tiles the rules could place: in the tile set, not on the
/// board, each once, ascending.
fn playable_hand(puzzle: &Puzzle) -> Vec<TileId> {
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

/// The orientation indices of `tiles`, by tile.
fn orientations_of(variant: &Variant, tiles: &[TileId]) -> Vec<(TileId, Vec<usize>)> {
    tiles
        .iter()
        .filter_map(|&t| variant.tile_set().index(t).map(|i| (t, variant.orientations().range_of(i).collect())))
        .collect()
}

fn empty_answer(proven: bool, checks: u64) -> Answer {
    Answer {
        score: 0,
        proven,
        bound: None,
        plays: Vec::new(),
        all: Vec::new(),
        count: None,
        stats: Stats { solver: "smt", nodes: checks, ..Stats::default() },
    }
}

impl<'p> Placements<'p> {
    fn solve(puzzle: &'p Puzzle, limits: &Limits, budget: &Budget, mode: Mode) -> Result<Answer, SolveError> {
        let hand = playable_hand(puzzle).len();
        let chain = puzzle.variant.rules().bonus_chain.yes();
        let most = match mode {
            // Without R8 a turn is one placement and at most two bonus
            // tiles; with it, as many bonus tiles as the hand holds. A turn
            // places 1 + 2 · (tiles chosen) tiles: an odd number.
            Mode::Turn if chain && hand.is_multiple_of(2) => hand.saturating_sub(1),
            Mode::Turn if chain => hand,
            Mode::Turn => hand.min(3),
            Mode::Sequence(n) => hand.min(n),
        };
        // A turn is solved in rounds of 1, 3, 5, … steps. While more steps
        // are possible, a line may stop owing bonus tiles, the rest bounded
        // from above (the two heaviest tiles; with R8, weight + 25 for every
        // tile left). When the best line found owes tiles, the best line that
        // owes nothing is kept, and the next round looks only for longer
        // lines that beat it: those start with a bonus. Listing every
        // optimum needs all the steps at once.
        let mut steps = if mode == Mode::Turn && !limits.all { most.min(1) } else { most };
        let mut checks = 0;
        let mut shorter: Option<Answer> = None;
        let mut longer_than: Option<usize> = None;
        let finish = |answer: Option<Answer>, proven: bool, checks: u64| {
            let mut answer = answer.unwrap_or_else(|| empty_answer(proven, checks));
            answer.proven = proven;
            answer.stats.nodes = checks;
            answer
        };
        loop {
            let Some(encoding) = Placements::encode(puzzle, budget, mode, steps, steps < most, longer_than) else {
                // A limit was reached while building the encoding.
                return Ok(finish(shorter, false, checks));
            };
            if let Some(best) = &shorter {
                encoding.optimize.assert(encoding.objective.ge(Int::from_i64(best.score + 1)));
            }
            let (outcome, n) = encoding.run(limits, budget)?;
            checks += n;
            match outcome {
                Outcome::Line(answer) if answer.proven => return Ok(finish(Some(answer), true, checks)),
                Outcome::Line(answer) => {
                    // Cut short: the better of what was found.
                    let best = match shorter {
                        Some(s) if s.score >= answer.score => s,
                        _ => answer,
                    };
                    return Ok(finish(Some(best), false, checks));
                }
                Outcome::Nothing if shorter.is_some() => return Ok(finish(shorter, true, checks)),
                Outcome::Nothing => return Err(failed("the encoding is unsatisfiable, yet playing nothing fits it")),
                Outcome::Unfinished => {
                    let Some(u) = &encoding.unfinished else {
                        return Err(failed("an exact encoding came out unfinished"));
                    };
                    encoding.optimize.assert(not(u));
                    let (outcome, n) = encoding.run(limits, budget)?;
                    checks += n;
                    match outcome {
                        Outcome::Line(answer) if answer.proven => shorter = Some(answer),
                        Outcome::Line(answer) => {
                            let best = match shorter {
                                Some(s) if s.score >= answer.score => s,
                                _ => answer,
                            };
                            return Ok(finish(Some(best), false, checks));
                        }
                        Outcome::Unfinished => return Ok(finish(shorter, false, checks)),
                        Outcome::Nothing => {}
                    }
                    if budget.spent() {
                        return Ok(finish(shorter, false, checks));
                    }
                    longer_than = Some(steps);
                    steps = (steps + 2).min(most);
                }
            }
        }
    }

    /// The encoding, or `None` when a limit is reached while it is built.
    fn encode(
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
                // placement, its weight as a bonus tile.
                for (tile, _) in &by_tile {
                    let placed = |as_bonus_tile: bool| {
                        any(candidates
                            .iter()
                            .filter(|c| (c.step > 0) == as_bonus_tile)
                            .filter(|c| variant.orientations().corners(c.orientation).id() == *tile)
                            .map(|c| c.x.clone()))
                    };
                    let r9 = i64::from(points(variant, Corners(tile.values())));
                    let weight = i64::from(tile.weight());
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
                    score.push((all([bonus_at[s].clone(), not(&t)]), BONUS));
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

    /// Checks the encoding: the outcome and the number of checks made.
    fn run(&self, limits: &Limits, budget: &Budget) -> Result<(Outcome, u64), SolveError> {
        if budget.spent() {
            return Ok((Outcome::Line(empty_answer(false, 0)), 0));
        }
        let mut checks = 1u64;
        if let Some(params) = budget.params() {
            self.optimize.set_params(&params);
        }
        let result = self.optimize.check(&[]);
        let proven = result == SatResult::Sat;
        let model = match result {
            SatResult::Unsat => return Ok((Outcome::Nothing, checks)),
            SatResult::Sat | SatResult::Unknown => self.optimize.get_model(),
        };
        let Some(model) = model else { return Ok((Outcome::Line(empty_answer(false, checks)), checks)) };
        if self.unfinished.as_ref().is_some_and(|u| is_true(&model, u)) {
            return Ok((Outcome::Unfinished, checks));
        }
        let mut best = match self.decode(&model) {
            Ok(best) => best,
            // A model cut short may be anything the solver had.
            Err(_) if !proven => return Ok((Outcome::Line(empty_answer(false, checks)), checks)),
            Err(e) => return Err(e),
        };
        let mut score = score_of(&best);
        if proven {
            let claimed = model.eval(&self.objective, true).and_then(|v| v.as_i64());
            if claimed != Some(score) {
                return Err(failed(format!("the model claims {claimed:?}, its plays score {score}")));
            }
        } else if self.replay_error(&best).is_some() {
            // A model cut short may be anything the solver had: keep it only
            // if the rules accept it.
            best = Vec::new();
            score = 0;
        }
        let mut all = Vec::new();
        if proven && limits.all {
            // Every other line with the optimal score: the same constraints
            // in a plain solver, the score fixed, each line found blocked.
            let solver = z3::Solver::new();
            for assertion in self.optimize.get_assertions() {
                solver.assert(&assertion);
            }
            solver.assert(self.objective.eq(Int::from_i64(score)));
            solver.assert(self.block(&best));
            all.push(best.clone());
            while all.len() < limits.answer_cap() {
                if budget.spent() {
                    return Ok((Outcome::Line(self.cut_short(best, score, checks)), checks));
                }
                if let Some(params) = budget.params() {
                    solver.set_params(&params);
                }
                checks += 1;
                match solver.check() {
                    SatResult::Sat => {}
                    SatResult::Unsat => break,
                    // The list may be incomplete: the optimum stands, unproven.
                    SatResult::Unknown => return Ok((Outcome::Line(self.cut_short(best, score, checks)), checks)),
                }
                let Some(m) = solver.get_model() else { break };
                let line = self.decode(&m)?;
                if score_of(&line) != score {
                    return Err(failed(format!("an optimal line scores {}, not {score}", score_of(&line))));
                }
                solver.assert(self.block(&line));
                all.push(line);
            }
        }
        let answer = Answer {
            score,
            proven,
            bound: None,
            plays: best,
            all,
            count: None,
            stats: Stats { solver: "smt", nodes: checks, ..Stats::default() },
        };
        Ok((Outcome::Line(answer), checks))
    }

    /// An optimal line whose list of equals (`--all`) was cut short: the
    /// line stands, but the answer is not complete.
    fn cut_short(&self, best: Vec<Play>, score: i64, checks: u64) -> Answer {
        Answer {
            score,
            proven: false,
            bound: None,
            plays: best,
            all: Vec::new(),
            count: None,
            stats: Stats { solver: "smt", nodes: checks, ..Stats::default() },
        }
    }

    /// The model's placements, step by step, as plays filled the way the
    /// native solver fills them.
    fn decode(&self, model: &Model) -> Result<Vec<Play>, SolveError> {
        let variant = &self.puzzle.variant;
        let chain = variant.rules().bonus_chain.yes();
        let mut generator = MoveGen::new(variant, &self.puzzle.board, &self.puzzle.hand);
        let mut plays = Vec::new();
        for s in 0..self.steps {
            if !is_true(model, &self.active[s]) {
                break;
            }
            let Some(c) = self.candidates.iter().find(|c| c.step == s && is_true(model, &c.x)) else {
                return Err(failed(format!("step {s} is active without a placement")));
            };
            let m = Move { at: c.cell, orientation: c.orientation as u16 };
            if !generator.is_legal(m) {
                return Err(failed(format!("step {s}: the model's placement at {} is illegal", c.cell)));
            }
            // The rules' bonus: where the model leaves one unclaimed, its
            // objective falls short of the plays' score and `run` says so.
            let bonus = generator.is_bonus(m);
            let corners = variant.orientations().corners(c.orientation);
            let tiles = self.tiles[s].as_ref().is_some_and(|t| is_true(model, t));
            let choice = |earned: bool| earned.then_some(if tiles { Choice::Tiles } else { Choice::Points });
            let (kind, points, bonus, choice) = match (self.mode, s) {
                (Mode::Sequence(_), _) => {
                    (PlayKind::Turn, points(variant, corners), bonus, bonus.then_some(Choice::Points))
                }
                (Mode::Turn, 0) => (PlayKind::Turn, points(variant, corners), bonus, choice(bonus)),
                // A bonus tile scores its weight; its own bonus counts only
                // where R8 allows.
                (Mode::Turn, _) => {
                    (PlayKind::BonusTile, u32::from(corners.weight()), chain && bonus, choice(chain && bonus))
                }
            };
            plays.push(Play {
                tile: corners.id(),
                at: c.cell,
                corners,
                kind,
                points: i64::from(points),
                bonus,
                choice,
            });
            generator.place(c.cell, corners);
        }
        Ok(plays)
    }

    /// Why the plays break the rules, if they do.
    fn replay_error(&self, plays: &[Play]) -> Option<String> {
        let mut answer = empty_answer(false, 0);
        answer.score = score_of(plays);
        answer.plays = plays.to_vec();
        super::verify(self.puzzle, &answer).err()
    }

    /// A clause that excludes exactly this line: its placements, its length
    /// and its choices.
    fn block(&self, line: &[Play]) -> Bool {
        let orientations = self.puzzle.variant.orientations();
        let mut differs = Vec::new();
        for (s, play) in line.iter().enumerate() {
            let k = orientations.index(play.corners);
            if let Some(c) =
                self.candidates.iter().find(|c| c.step == s && c.cell == play.at && Some(c.orientation) == k)
            {
                differs.push(not(&c.x));
            }
            if let Some(t) = &self.tiles[s] {
                differs.push(if play.choice == Some(Choice::Tiles) { not(t) } else { t.clone() });
            }
        }
        if let Some(next) = self.active.get(line.len()) {
            differs.push(next.clone());
        }
        any(differs)
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

// ------------------------------------------------------------ fills

fn solve_fill(puzzle: &Puzzle, fill: &FillGoal, budget: &Budget) -> Result<Answer, SolveError> {
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
    if !proven && super::verify(puzzle, &found).is_err() {
        // A model cut short may be anything the solver had.
        return Ok(empty_answer(false, checks));
    }
    Ok(found)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::formats::{VariantChoice, builtin_variant, load_puzzle};
    use crate::solve::native::Native;
    use crate::solve::verify;
    use std::path::Path;
    use std::time::Duration;

    #[test]
    fn z3_optimize_maximizes_a_small_sum_under_a_pseudo_boolean_constraint() {
        let a = Bool::new_const("a");
        let b = Bool::new_const("b");
        let c = Bool::new_const("c");
        let opt = Optimize::new();
        opt.assert(Bool::pb_le(&[(&a, 1), (&b, 1), (&c, 1)], 2));
        let objective = sum(&[(a.clone(), 3), (b.clone(), 5), (c.clone(), 4)]);
        opt.maximize(&objective);
        assert_eq!(opt.check(&[]), SatResult::Sat);
        let model = opt.get_model().expect("a model");
        assert_eq!(model.eval(&objective, true).and_then(|v| v.as_i64()), Some(9));
        assert!(!is_true(&model, &a) && is_true(&model, &b) && is_true(&model, &c));
    }

    #[test]
    fn folding_helpers_fold_constants() {
        let x = Bool::new_const("x");
        assert_eq!(any([lit(false), lit(false)]).as_bool(), Some(false));
        assert_eq!(any([x.clone(), lit(true)]).as_bool(), Some(true));
        assert_eq!(all([x, lit(false)]).as_bool(), Some(false));
    }

    fn puzzle(name: &str) -> Puzzle {
        let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("puzzles").join(name);
        load_puzzle(&path, &VariantChoice::default()).unwrap().puzzle
    }

    #[test]
    fn the_issue_example_scores_47_with_two_bonus_tiles() {
        let p = puzzle("bonus-corner.yaml");
        let answer = Smt.solve(&p, &Limits::default()).unwrap();
        verify(&p, &answer).unwrap();
        assert_eq!(answer.score, 47);
        assert!(answer.proven);
        assert_eq!(answer.stats.solver, "smt");
        assert_eq!(answer.plays.len(), 3);
        assert_eq!(answer.plays[0].choice, Some(Choice::Tiles));
        assert_eq!(answer.plays[1].kind, PlayKind::BonusTile);
    }

    #[test]
    fn every_optimal_turn_is_listed_like_the_native_solver_lists_them() {
        let p = puzzle("bonus-corner.yaml");
        let limits = Limits { all: true, ..Limits::default() };
        let smt = Smt.solve(&p, &limits).unwrap();
        let native = Native.solve(&p, &limits).unwrap();
        verify(&p, &smt).unwrap();
        let mut a = smt.all.clone();
        let mut b = native.all.clone();
        a.sort_by_key(|l| format!("{l:?}"));
        b.sort_by_key(|l| format!("{l:?}"));
        assert_eq!(a, b);
    }

    #[test]
    fn a_chained_turn_lists_the_same_optima_as_the_native_solver() {
        let p = puzzle("turn-chain-bonus.yaml");
        let limits = Limits { all: true, ..Limits::default() };
        let smt = Smt.solve(&p, &limits).unwrap();
        let native = Native.solve(&p, &limits).unwrap();
        verify(&p, &smt).unwrap();
        assert_eq!(smt.score, native.score);
        let mut a = smt.all.clone();
        let mut b = native.all.clone();
        a.sort_by_key(|l| format!("{l:?}"));
        b.sort_by_key(|l| format!("{l:?}"));
        assert_eq!(a, b);
        // Solved in rounds without `--all`, the same score.
        let rounds = Smt.solve(&p, &Limits::default()).unwrap();
        verify(&p, &rounds).unwrap();
        assert_eq!(rounds.score, native.score);
        assert!(rounds.stats.nodes > 1, "more than one check: {:?}", rounds.stats);
    }

    #[test]
    fn a_hand_with_no_play_scores_nothing() {
        let p = puzzle("turn-no-play-beginner.yaml");
        let answer = Smt.solve(&p, &Limits::default()).unwrap();
        verify(&p, &answer).unwrap();
        assert_eq!((answer.score, answer.proven, answer.plays.len()), (0, true, 0));
    }

    #[test]
    fn a_best_sequence_takes_each_bonus_as_points() {
        let mut p = puzzle("bonus-corner.yaml");
        p.goal = Goal::BestSequence { plays: 2 };
        let smt = Smt.solve(&p, &Limits::default()).unwrap();
        let native = Native.solve(&p, &Limits::default()).unwrap();
        verify(&p, &smt).unwrap();
        assert_eq!(smt.score, native.score);
    }

    #[test]
    fn a_tiny_timeout_still_answers_within_the_rules() {
        let english = builtin_variant("english").unwrap();
        let pos = crate::rules::random_position(&english, 3, 20, 8);
        let p = Puzzle { variant: english, board: pos.board, hand: pos.hand, goal: Goal::BestSequence { plays: 6 } };
        let limits = Limits { timeout: Some(Duration::from_millis(1)), ..Limits::default() };
        let answer = Smt.solve(&p, &limits).unwrap();
        verify(&p, &answer).unwrap();
        // A position where z3 cannot finish in 1 ms: even when it found
        // nothing in time, a play is made (E8, E9).
        let p = puzzle("turn-60-english.yaml");
        let answer = Smt.solve(&p, &limits).unwrap();
        assert!(!answer.proven && !answer.plays.is_empty());
        verify(&p, &answer).unwrap();
    }

    #[test]
    fn a_fill_of_one_hole_uses_the_best_tile() {
        let mut p = puzzle("beginner-hole.yaml");
        let region = vec![Cell::new(1, 1)];
        p.goal = Goal::Fill(FillGoal { region, pool: p.hand.clone(), objective: FillObjective::Weight });
        let answer = Smt.solve(&p, &Limits::default()).unwrap();
        verify(&p, &answer).unwrap();
        assert_eq!(answer.score, 11);
        p.goal = Goal::Fill(FillGoal {
            region: vec![Cell::new(1, 1)],
            pool: p.hand.clone(),
            objective: FillObjective::Count,
        });
        let answer = Smt.solve(&p, &Limits::default()).unwrap();
        verify(&p, &answer).unwrap();
        assert_eq!(answer.count, Some(1));
    }
}
