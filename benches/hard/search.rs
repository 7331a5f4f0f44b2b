//! Long sequences and chained best turns.

use divan::Bencher;
use quadominos::solve::Goal;
use quadominos::solve::native::Native;

use crate::common::{bench, shipped, with_goal};

/// Four plays on the seeded 60-tile Serbian board with a 15-tile hand (151).
#[divan::bench(sample_count = 10, sample_size = 1)]
fn native_seq_60_serbian_4(bencher: Bencher) {
    let (puzzle, expected) = shipped("seq-60-serbian");
    bench(bencher, &Native, &puzzle, expected);
}

/// Six plays on the same position: 214, proven by the native search.
#[divan::bench(sample_count = 3, sample_size = 1)]
fn native_seq_60_serbian_6(bencher: Bencher) {
    let (puzzle, _) = shipped("seq-60-serbian");
    bench(bencher, &Native, &with_goal(puzzle, Goal::BestSequence { plays: 6 }), 214);
}
