//! Weight fills of square regions from the full set.

use divan::Bencher;
use quadominos::solve::native::Native;
#[cfg(feature = "smt")]
use quadominos::solve::smt::Smt;
use quadominos::solve::{Answer, FillSearchKind, Goal, Limits, Puzzle, SolveError, Solver, solve_fill_by};

use crate::common::{bench, bench_with, shipped};

/// The 5×5 Serbian weight fill: the heaviest 25 tiles fit (394).
#[divan::bench(sample_count = 10, sample_size = 1)]
fn native_fill_5x5_weight_serbian(bencher: Bencher) {
    let (puzzle, expected) = shipped("fill-5x5-weight-serbian");
    bench(bencher, &Native, &puzzle, expected);
}

/// A native fill search chosen by kind, timed in the same run as the one
/// `solve` takes, so that they compare: cell by cell (every orientation of
/// every free tile per cell, which English weight fills took before the
/// lattice search). The lattice search with its points set row by row, as
/// it once was, is timed with the experiments (`lab/benches/orders.rs`).
struct FillSearch(FillSearchKind);

impl Solver for FillSearch {
    fn name(&self) -> &'static str {
        match self.0 {
            FillSearchKind::Cells => "native cells",
            FillSearchKind::Auto => "native",
        }
    }

    fn solve(&self, puzzle: &Puzzle, limits: &Limits) -> Result<Answer, SolveError> {
        let Goal::Fill(fill) = &puzzle.goal else { panic!("a fill") };
        Ok(solve_fill_by(puzzle, fill, limits, self.0))
    }
}

/// The English 3×3 weight fill (158), on the lattice.
#[divan::bench(sample_count = 10, sample_size = 1)]
fn native_fill_3x3_weight_english(bencher: Bencher) {
    let (puzzle, expected) = shipped("fill-3x3-weight-english");
    bench(bencher, &Native, &puzzle, expected);
}

/// The English 3×3 weight fill, cell by cell.
#[divan::bench(sample_count = 10, sample_size = 1)]
fn native_cells_fill_3x3_weight_english(bencher: Bencher) {
    let (puzzle, expected) = shipped("fill-3x3-weight-english");
    bench(bencher, &FillSearch(FillSearchKind::Cells), &puzzle, expected);
}

/// The English 3×3 weight fill in z3's lattice encoding.
#[cfg(feature = "smt")]
#[divan::bench(sample_count = 5, sample_size = 1)]
fn smt_fill_3x3_weight_english(bencher: Bencher) {
    let (puzzle, expected) = shipped("fill-3x3-weight-english");
    bench(bencher, &Smt, &puzzle, expected);
}

/// The English 4×4 weight fill (263), on the lattice.
#[divan::bench(sample_count = 10, sample_size = 1)]
fn native_fill_4x4_weight_english(bencher: Bencher) {
    let (puzzle, expected) = shipped("fill-4x4-weight-english");
    bench(bencher, &Native, &puzzle, expected);
}

/// The English 4×4 weight fill, on the lattice, shared out over two
/// threads (`solve --threads 2`).
#[divan::bench(sample_count = 10, sample_size = 1)]
fn native_fill_4x4_weight_english_2_threads(bencher: Bencher) {
    let (puzzle, expected) = shipped("fill-4x4-weight-english");
    bench_with(bencher, &Native, &puzzle, expected, &Limits { threads: 2, ..Limits::default() });
}

/// The English 4×4 weight fill in z3's lattice encoding (tens of seconds a
/// sample).
#[cfg(feature = "smt")]
#[divan::bench(sample_count = 3, sample_size = 1)]
fn smt_fill_4x4_weight_english(bencher: Bencher) {
    let (puzzle, expected) = shipped("fill-4x4-weight-english");
    bench(bencher, &Smt, &puzzle, expected);
}

/// The English 4×4 weight fill, cell by cell.
#[divan::bench(sample_count = 5, sample_size = 1)]
fn native_cells_fill_4x4_weight_english(bencher: Bencher) {
    let (puzzle, expected) = shipped("fill-4x4-weight-english");
    bench(bencher, &FillSearch(FillSearchKind::Cells), &puzzle, expected);
}

/// The English 5×5 weight fill (380), on the lattice.
#[divan::bench(sample_count = 10, sample_size = 1)]
fn native_fill_5x5_weight_english(bencher: Bencher) {
    let (puzzle, expected) = shipped("fill-5x5-weight-english");
    bench(bencher, &Native, &puzzle, expected);
}

/// The English 5×5 weight fill, on the lattice, shared out over two
/// threads.
#[divan::bench(sample_count = 10, sample_size = 1)]
fn native_fill_5x5_weight_english_2_threads(bencher: Bencher) {
    let (puzzle, expected) = shipped("fill-5x5-weight-english");
    bench_with(bencher, &Native, &puzzle, expected, &Limits { threads: 2, ..Limits::default() });
}

/// The English 6×6 weight fill (498), on the lattice, shared out over two
/// threads (some 22 s a sample).
#[divan::bench(sample_count = 3, sample_size = 1)]
fn native_fill_6x6_weight_english_2_threads(bencher: Bencher) {
    let (puzzle, expected) = shipped("fill-6x6-weight-english");
    bench_with(bencher, &Native, &puzzle, expected, &Limits { threads: 2, ..Limits::default() });
}
