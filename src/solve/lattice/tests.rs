//! Tests of the lattice search shared out over threads: it must give the
//! fill one thread gives (the same plays, not only the same weight), proven.

use super::shared::shared_out_in;
use super::*;
use crate::formats::{VariantChoice, builtin_variant, load_puzzle};
use crate::model::Board;
use crate::rules::Variant;
use crate::solve::{Goal, verify};

/// The lattice search's answer on `threads` threads, replayed through the
/// rules.
fn on_threads(puzzle: &Puzzle, threads: usize) -> Answer {
    let Goal::Fill(goal) = &puzzle.goal else { panic!("a fill") };
    let view = LatticeView::of(puzzle, goal).expect("a lattice fill");
    let limits = Limits { threads, ..Limits::default() };
    let answer = solve(puzzle, &view, &limits);
    verify(puzzle, &answer).unwrap_or_else(|e| panic!("{threads} threads: {e}"));
    answer
}

/// Every fill of one shipped puzzle's on 1, 2 and 3 threads: the same
/// proven answer.
fn alike_on_threads(puzzle: &Puzzle, what: &str) {
    let one = on_threads(puzzle, 1);
    assert!(one.proven, "{what}");
    for threads in [2, 3] {
        let shared = on_threads(puzzle, threads);
        assert!(shared.proven, "{what}, {threads} threads");
        assert_eq!(shared.score, one.score, "{what}, {threads} threads");
        assert_eq!(shared.plays, one.plays, "{what}, {threads} threads");
    }
}

/// A shipped puzzle, under its own variant.
pub(super) fn shipped(name: &str) -> Puzzle {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("puzzles").join(name);
    load_puzzle(&path, &VariantChoice::default()).unwrap().puzzle
}

/// The weight fill of `region` from `pool` on an empty board.
pub(super) fn weight_fill(variant: Variant, region: Vec<Cell>, pool: Vec<TileId>) -> Puzzle {
    let goal = FillGoal { region, pool, objective: FillObjective::Weight };
    Puzzle { variant, board: Board::default(), hand: Vec::new(), goal: Goal::Fill(goal) }
}

/// The English weight fill of a `width` by `height` region from the full
/// set.
pub(super) fn english_fill(width: i32, height: i32) -> Puzzle {
    let variant = builtin_variant("english").unwrap();
    let region: Vec<Cell> = (0..height).flat_map(|y| (0..width).map(move |x| Cell::new(x, y))).collect();
    let pool: Vec<TileId> = variant.tile_set().ids().collect();
    weight_fill(variant, region, pool)
}

/// Every region within a 3 by 3 box that touches the box's north and
/// west sides (so each shape once, wherever it sits), as its cells, in
/// the order of the bits that pick them.
pub(super) fn box_regions() -> impl Iterator<Item = Vec<Cell>> {
    (1u32..1 << 9)
        .filter(|m| m & 0b111 != 0 && m & 0b1_001_001 != 0)
        .map(|mask| (0..9).filter(|i| mask & (1 << i) != 0).map(|i| Cell::new(i % 3, i / 3)).collect())
}

/// The best fill of `view` by the plain lattice search run to its end (no
/// probes, no shape): its weight and values, `None` where there is none.
pub(super) fn searched(view: &LatticeView) -> Option<(i64, Vec<u8>)> {
    let limits = crate::solve::Limits::default();
    let tables = Tables::of(view, &limits);
    let mut search = LatticeSearch::new(&tables, None, Instant::now());
    search.bound(0, i64::MIN)?;
    search.go(0, 0);
    assert!(search.budget.why.is_none(), "searched to its end");
    search.best
}

/// A fill a prototype found (its weight and a value on each point of
/// `view`) as the solver's answer, replayed through the rules: every tile
/// legal as if placed last, distinct, the score its weight, every cell
/// covered. `who` names the prototype in the failure.
pub(super) fn replayed(puzzle: &Puzzle, view: &LatticeView, fill: &(i64, Vec<u8>), who: &str) {
    let plays = view.plays(puzzle, &fill.1);
    let answer = crate::solve::Answer {
        score: fill.0,
        proven: false,
        bound: None,
        plays,
        all: Vec::new(),
        count: None,
        stats: crate::solve::Stats { solver: "native", nodes: 0, micros: 0, stopped: None },
    };
    verify(puzzle, &answer).unwrap_or_else(|e| panic!("{who}'s fill {}: {e}", fill.0));
    let Goal::Fill(goal) = &puzzle.goal else { panic!("a fill") };
    assert_eq!(answer.plays.len(), goal.region.len());
}

/// The view of `puzzle`'s fill in the search's own order, its turns
/// cleared: the probes and the shape's count read it without the symmetry
/// the search breaks.
pub(super) fn search_view(puzzle: &Puzzle) -> LatticeView {
    let Goal::Fill(goal) = &puzzle.goal else { panic!("a fill") };
    let mut view = LatticeView::of(puzzle, goal).expect("a lattice fill");
    view.turns.clear();
    view
}

/// The 605 fill the experiments found on the English 7x7 is a fill: legal
/// by the rules, every cell covered, and 605 its weight.
#[test]
fn the_605_fill_found_on_the_7x7_is_legal() {
    let puzzle = english_fill(7, 7);
    let view = search_view(&puzzle);
    let values: Vec<u8> = view.points.iter().map(|p| super::found_605::FOUND_605[p.y as usize][p.x as usize]).collect();
    let weight: i64 = view.points.iter().enumerate().map(|(i, _)| i64::from(values[i]) * view.degree[i]).sum();
    assert_eq!(weight, 605);
    replayed(&puzzle, &view, &(605, values), "the experiments");
}

/// A fixed stream of pseudo-random numbers (xorshift), the same on every
/// run, for random regions and pools.
pub(super) fn xorshift(mut state: u64) -> impl FnMut() -> u64 {
    move || {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        state
    }
}

/// The shipped English 3x3 weight fill: many optimal fills tie at 158, and
/// the shared search must still answer with the one a single thread finds
/// first.
#[test]
fn the_3x3_english_fill_is_the_same_on_any_number_of_threads() {
    alike_on_threads(&shipped("fill-3x3-weight-english.yaml"), "3x3");
}

/// The shipped English 4x4 weight fill (263), on threads.
#[test]
#[cfg_attr(debug_assertions, ignore = "a proof of a second in release; run by cargo test --release")]
fn the_4x4_english_fill_is_the_same_on_any_number_of_threads() {
    alike_on_threads(&shipped("fill-4x4-weight-english.yaml"), "4x4");
}

/// Regions of every shape inside a 3x4 box, from pools of random tiles
/// (heavy ones added so that fills often exist, many with ties), under
/// english with and without diagonal neighbours: one thread and several
/// give the same answer, or alike find none.
#[test]
fn random_regions_and_pools_are_filled_alike_on_threads() {
    let mut next = xorshift(0x9e37_79b9_7f4a_7c15);
    let mut shared = 0;
    for case in 0..60 {
        let mut variant = builtin_variant("english").unwrap();
        if case % 2 == 1 {
            variant = variant.with_rule("R4", "no").unwrap();
        }
        let mask = next() % (1 << 12);
        let region: Vec<Cell> = (0..12).filter(|i| mask & (1 << i) != 0).map(|i| Cell::new(i % 4, i / 4)).collect();
        let ids: Vec<TileId> = variant.tile_set().ids().collect();
        let mut pool: Vec<TileId> = (0..12).map(|_| ids[(next() % ids.len() as u64) as usize]).collect();
        pool.extend(ids.iter().copied().filter(|t| t.weight() >= 15));
        pool.sort_unstable();
        pool.dedup();
        let puzzle = weight_fill(variant, region, pool);
        let Goal::Fill(goal) = &puzzle.goal else { unreachable!("a fill") };
        let Some(view) = LatticeView::of(&puzzle, goal) else { continue };
        let split = piece_points(&view);
        if split < view.points.len() {
            shared += 1;
        }
        alike_on_threads(&puzzle, &format!("{:?}", goal.region));
    }
    // Enough of the regions go to the lattice and are shared out.
    assert!(shared >= 10, "only {shared} regions were shared out");
}

/// The pieces handed out last first, on one thread: every later piece has
/// found its fill before an earlier one starts, so an earlier piece must
/// still take a fill that only ties theirs. The answer is still the one the
/// search in order finds, on the shipped 3x3 (many fills tie at 158) and on
/// random regions.
#[test]
fn pieces_searched_last_first_give_the_answer_of_the_search_in_order() {
    let mut puzzles = vec![shipped("fill-3x3-weight-english.yaml")];
    for (w, h) in [(2, 2), (3, 2), (2, 3), (4, 2)] {
        puzzles.push(english_fill(w, h));
    }
    for puzzle in &puzzles {
        let Goal::Fill(goal) = &puzzle.goal else { panic!("a fill") };
        let view = LatticeView::of(puzzle, goal).expect("a lattice fill");
        let limits = Limits::default();
        let tables = Tables::of(&view, &limits);
        let mut in_order = LatticeSearch::new(&tables, None, Instant::now());
        in_order.go(0, 0);
        let (last_first, _, why) =
            shared_out_in(&tables, piece_points(&view), Instant::now(), 1, |pieces| (0..pieces).rev().collect());
        assert!(why.is_none());
        let one = in_order.best.expect("a fill");
        let shared = last_first.expect("a fill");
        assert_eq!(shared.0, one.0, "{:?}", goal.region);
        assert_eq!(view.plays(puzzle, &shared.1), view.plays(puzzle, &one.1), "{:?}", goal.region);
    }
}

/// The lattice search on one thread with its bound history, cut after
/// `max_nodes` nodes: the answer and each bound reported, in order.
fn with_history(puzzle: &Puzzle, max_nodes: u64) -> (Answer, Vec<i64>, i64) {
    let Goal::Fill(goal) = &puzzle.goal else { panic!("a fill") };
    let view = LatticeView::of(puzzle, goal).expect("a lattice fill");
    let progress = std::sync::Arc::new(crate::solve::Progress::default());
    let limits = Limits { progress: Some(progress.clone()), threads: 1, ..Limits::default() };
    let tables = Tables::of(&view, &limits);
    let root = LatticeSearch::new(&tables, None, Instant::now()).bound(0, i64::MIN).expect("a fill exists");
    let answer = solve_cut(puzzle, &view, &limits, max_nodes);
    let steps: Vec<i64> = progress.history().iter().map(|s| s.bound).collect();
    (answer, steps, root)
}

/// As [`solve`], the search stopped after `max_nodes` nodes.
fn solve_cut(puzzle: &Puzzle, view: &LatticeView, limits: &Limits, max_nodes: u64) -> Answer {
    MAX_NODES.with(|m| m.set(max_nodes));
    let answer = solve(puzzle, view, limits);
    MAX_NODES.with(|m| m.set(u64::MAX));
    answer
}

/// The English 4x4 weight fill's bound falls while it is searched, not
/// only at the end: proven, the bounds reported come down step by step to
/// the optimum (263, under the root's bound), with a bound in between;
/// cut short, the bound it answers never falls under the optimum.
#[test]
#[cfg_attr(debug_assertions, ignore = "a proof of a second in release; run by cargo test --release")]
fn the_4x4_fills_bound_falls_as_its_branches_are_settled() {
    let puzzle = shipped("fill-4x4-weight-english.yaml");
    let (proven, steps, root) = with_history(&puzzle, u64::MAX);
    assert!(proven.proven);
    assert_eq!(proven.score, 263);
    assert!(root > 263, "the root's bound {root} is the optimum already: nothing to fall");
    assert!(steps.windows(2).all(|w| w[1] < w[0]), "{steps:?}");
    assert_eq!(steps.last(), Some(&263), "{steps:?}");
    // More than the root's bound and the optimum: bounds in between.
    assert!(steps.iter().filter(|&&b| b < root && b > 263).count() >= 1, "{steps:?}");
    // Cut short at half its nodes, the bound it answers is a true one
    // (never under the optimum) and the last one it reported.
    let (cut, cut_steps, _) = with_history(&puzzle, proven.stats.nodes / 2);
    assert!(!cut.proven);
    let bound = cut.bound.expect("a bound");
    assert!(bound <= root && bound >= 263, "bound {bound}, root {root}: {cut_steps:?}");
    assert_eq!(cut_steps.last(), Some(&bound), "{cut_steps:?}");
}
