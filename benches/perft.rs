//! Perft throughput on the seeded 60-tile board with a 15-tile hand, English
//! rules. Each benchmark asserts the count it times; leaf placements per
//! second = nodes / median time.
//!
//! Run: `cargo bench --bench perft`.

use divan::{Bencher, black_box};
use quadominos::formats::builtin_variant;
use quadominos::rules::random_position;
use quadominos::suite::perft::perft;

fn main() {
    divan::main();
}

/// Sequences of 1 to 5 placements on the benchmark position (pinned: a change
/// is a change in the rules or the generator).
const NODES: [u64; 5] = [15, 204, 2526, 27430, 250_600];

#[divan::bench(args = [1, 2, 3, 4, 5])]
fn perft_english_60_15(bencher: Bencher, depth: usize) {
    let english = builtin_variant("english").expect("english ships");
    let position = random_position(&english, 2026, 60, 15);
    assert_eq!((position.board.len(), position.hand.len()), (60, 15));
    let mut nodes = 0;
    bencher.counter(divan::counter::ItemsCount::new(NODES[depth - 1] as usize)).bench_local(|| {
        nodes = perft(&english, black_box(&position.board), &position.hand, depth, false).nodes;
    });
    assert_eq!(nodes, NODES[depth - 1], "perft({depth})");
}
