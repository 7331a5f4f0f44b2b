//! Solving on the seeded 60-tile board with a 15-tile hand, English rules:
//! the best turn and the best sequence of 4 plays, native and SMT side by
//! side. Each benchmark asserts the optimum it times.
//!
//! Run: `cargo bench --bench solve`.

use divan::Bencher;
use quadominos::formats::builtin_variant;
use quadominos::rules::random_position;
use quadominos::solve::native::Native;
#[cfg(feature = "smt")]
use quadominos::solve::smt::Smt;
use quadominos::solve::{Goal, Limits, Puzzle, Solver};

fn main() {
    divan::main();
}

/// The proven optima on the benchmark position (pinned).
const BEST_TURN: i64 = 41;
const BEST_SEQUENCE_4: i64 = 125;

fn puzzle(goal: Goal) -> Puzzle {
    let english = builtin_variant("english").expect("english ships");
    let p = random_position(&english, 2026, 60, 15);
    assert_eq!((p.board.len(), p.hand.len()), (60, 15));
    Puzzle { variant: english, board: p.board, hand: p.hand, goal }
}

fn bench(bencher: Bencher, solver: &dyn Solver, goal: Goal, expected: i64) {
    let puzzle = puzzle(goal);
    let limits = Limits::default();
    let mut score = None;
    bencher.bench_local(|| {
        let answer = solver.solve(&puzzle, &limits).expect("solved");
        score = Some((answer.score, answer.proven));
    });
    assert_eq!(score, Some((expected, true)), "{}", solver.name());
}

#[divan::bench]
fn native_best_turn(bencher: Bencher) {
    bench(bencher, &Native, Goal::BestTurn, BEST_TURN);
}

#[divan::bench]
fn native_best_sequence_4(bencher: Bencher) {
    bench(bencher, &Native, Goal::BestSequence { plays: 4 }, BEST_SEQUENCE_4);
}

#[cfg(feature = "smt")]
#[divan::bench(sample_count = 10, sample_size = 1)]
fn smt_best_turn(bencher: Bencher) {
    bench(bencher, &Smt, Goal::BestTurn, BEST_TURN);
}

#[cfg(feature = "smt")]
#[divan::bench(sample_count = 5, sample_size = 1)]
fn smt_best_sequence_4(bencher: Bencher) {
    bench(bencher, &Smt, Goal::BestSequence { plays: 4 }, BEST_SEQUENCE_4);
}
