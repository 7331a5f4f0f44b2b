//! Weight fills of square regions from the full set.

use divan::Bencher;
use quadominos::solve::native::Native;

use crate::common::{bench, shipped};

/// The 5×5 Serbian weight fill: the heaviest 25 tiles fit (394).
#[divan::bench(sample_count = 10, sample_size = 1)]
fn native_fill_5x5_weight_serbian(bencher: Bencher) {
    let (puzzle, expected) = shipped("fill-5x5-weight-serbian");
    bench(bencher, &Native, &puzzle, expected);
}
