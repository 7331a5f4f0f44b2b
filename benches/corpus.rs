//! Every corpus puzzle that both solvers prove, native and SMT side by
//! side: the native search is meant to be at least ten times faster
//! on each. Each benchmark asserts the recorded optimum (or count) it times.
//! The three puzzles z3 does not prove in minutes (a four-play sequence on a
//! 60-tile Serbian board, 5×5 and 6×6 weight fills from the whole set) are
//! the native solver's alone and are left out.
//!
//! Run: `cargo bench --bench corpus` (about three minutes on two cores).

use std::path::Path;

use divan::Bencher;
use quadominos::formats::{VariantChoice, load_puzzle};
use quadominos::solve::native::Native;
#[cfg(feature = "smt")]
use quadominos::solve::smt::Smt;
use quadominos::solve::{Limits, Solver};

fn main() {
    divan::main();
}

const PUZZLES: [&str; 22] = [
    "beginner-hole",
    "bonus-corner",
    "diagonal-bonus",
    "enclosure-bonus",
    "equal-weight",
    "fill-1x2-count-serbian",
    "fill-1x2-weight",
    "fill-2x2-bonuses-all-serbian",
    "fill-2x2-bonuses-serbian",
    "fill-2x3-count",
    "fill-5x5-bonuses-english",
    "mixed-corner-bonus",
    "mixed-corner",
    "seq-60-english",
    "seq-tiny-english",
    "seq-tiny-serbian",
    "turn-25-forced-beginner",
    "turn-60-english",
    "turn-60-serbian",
    "turn-chain-bonus",
    "turn-no-play-beginner",
    "turn-points-beat-tiles",
];

fn bench(bencher: Bencher, solver: &dyn Solver, name: &str) {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("puzzles").join(format!("{name}.yaml"));
    let loaded = load_puzzle(&path, &VariantChoice::default()).expect("the puzzle loads");
    let expected = loaded.expect.count.map_or(loaded.expect.score, |c| i64::try_from(c).ok());
    let limits = Limits::default();
    let mut found = None;
    bencher.bench_local(|| {
        let answer = solver.solve(&loaded.puzzle, &limits).expect("solved");
        assert!(answer.proven, "{name}: not proven");
        found = Some(answer.count.map_or(answer.score, |c| c as i64));
    });
    assert_eq!(found, expected, "{name} ({})", solver.name());
}

#[divan::bench(args = PUZZLES, sample_count = 10, sample_size = 1)]
fn native(bencher: Bencher, name: &str) {
    bench(bencher, &Native, name);
}

#[cfg(feature = "smt")]
#[divan::bench(args = PUZZLES, sample_count = 5, sample_size = 1)]
fn smt(bencher: Bencher, name: &str) {
    bench(bencher, &Smt, name);
}
