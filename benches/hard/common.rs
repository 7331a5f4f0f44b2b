//! What every row shares: a shipped puzzle loaded under its own variant (its
//! goal optionally replaced), solved, and its proven optimum asserted.

use std::path::Path;

use divan::Bencher;
use quadominos::formats::{VariantChoice, load_puzzle};
use quadominos::solve::{Goal, Limits, Puzzle, Solver};

/// A shipped puzzle under its own variant, with its recorded optimum
/// (`expect: {score}` or `{count}`).
pub fn shipped(name: &str) -> (Puzzle, i64) {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("puzzles").join(format!("{name}.yaml"));
    let loaded = load_puzzle(&path, &VariantChoice::default()).expect("the puzzle loads");
    let expected = loaded
        .expect
        .count
        .map_or(loaded.expect.score, |c| i64::try_from(c).ok())
        .expect("the puzzle records its optimum");
    (loaded.puzzle, expected)
}

/// The same position with another goal.
pub fn with_goal(mut puzzle: Puzzle, goal: Goal) -> Puzzle {
    puzzle.goal = goal;
    puzzle
}

/// Times `solver` on `puzzle` and asserts that every run proves `expected`.
pub fn bench(bencher: Bencher, solver: &dyn Solver, puzzle: &Puzzle, expected: i64) {
    bench_with(bencher, solver, puzzle, expected, &Limits::default());
}

/// [`bench`] under `limits` (its threads, say).
pub fn bench_with(bencher: Bencher, solver: &dyn Solver, puzzle: &Puzzle, expected: i64, limits: &Limits) {
    bencher.bench_local(|| {
        let answer = solver.solve(puzzle, limits).expect("solved");
        assert!(answer.proven, "{}: not proven", solver.name());
        let found = answer.count.map_or(answer.score, |c| c as i64);
        assert_eq!(found, expected, "{}", solver.name());
    });
}
