//! The lattice search on the English 4x4 weight fill (263), as the native
//! solver runs it, with its points set from the middle out (the product's
//! order) and row by row from the north-west (as it once was), in one run
//! so that they compare. Each row asserts the proven optimum it times.
//!
//! Run: `cargo bench -p quadominos-lab --bench orders`.

use divan::Bencher;
use quadominos::formats::{VariantChoice, load_puzzle};
use quadominos::solve::lab::{LatticeView, solve_view};
use quadominos::solve::{Goal, Limits, Puzzle, verify};

fn main() {
    divan::main();
}

fn shipped(name: &str) -> Puzzle {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../puzzles").join(name);
    load_puzzle(&path, &VariantChoice::default()).expect("the puzzle loads").puzzle
}

fn bench(bencher: Bencher, view: impl Fn(&Puzzle) -> Option<LatticeView>) {
    let puzzle = shipped("fill-4x4-weight-english.yaml");
    let view = view(&puzzle).expect("a lattice fill");
    let limits = Limits::default();
    let mut last = None;
    bencher.bench_local(|| {
        let answer = solve_view(&puzzle, &view, &limits);
        assert!(answer.proven);
        assert_eq!(answer.score, 263);
        last = Some(answer);
    });
    verify(&puzzle, &last.expect("a run")).expect("the fill replays");
}

fn goal(puzzle: &Puzzle) -> &quadominos::solve::FillGoal {
    let Goal::Fill(goal) = &puzzle.goal else { panic!("a fill") };
    goal
}

#[divan::bench(sample_count = 10, sample_size = 1)]
fn middle_out_fill_4x4_weight_english(bencher: Bencher) {
    bench(bencher, |p| LatticeView::of(p, goal(p)));
}

#[divan::bench(sample_count = 10, sample_size = 1)]
fn rows_fill_4x4_weight_english(bencher: Bencher) {
    bench(bencher, |p| LatticeView::in_reading_order(p, goal(p)));
}
