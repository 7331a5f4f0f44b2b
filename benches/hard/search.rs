//! Long sequences, chained best turns and perft.

use divan::{Bencher, black_box};
use quadominos::fixtures::perft::perft_threads;
use quadominos::formats::{VariantChoice, builtin_variant};
use quadominos::rules::random_position;
use quadominos::solve::native::Native;
use quadominos::solve::{Goal, Puzzle};

use crate::common::{bench, shipped, with_goal};

/// Four plays on the seeded 60-tile Serbian board with a 15-tile hand (151).
#[divan::bench(sample_count = 10, sample_size = 1)]
fn native_seq_60_serbian_4(bencher: Bencher) {
    let (puzzle, expected) = shipped("seq-60-serbian");
    bench(bencher, &Native, &puzzle, expected);
}

/// Six plays on the same position: 214, proven by the native search.
#[divan::bench(sample_count = 10, sample_size = 1)]
fn native_seq_60_serbian_6(bencher: Bencher) {
    let (puzzle, _) = shipped("seq-60-serbian");
    bench(bencher, &Native, &with_goal(puzzle, Goal::BestSequence { plays: 6 }), 214);
}

/// Eight plays on the same position: 279 (seq-60-serbian-8.yaml).
#[divan::bench(sample_count = 10, sample_size = 1)]
fn native_seq_60_serbian_8(bencher: Bencher) {
    let (puzzle, expected) = shipped("seq-60-serbian-8");
    bench(bencher, &Native, &puzzle, expected);
}

/// The best turn on `generate --seed 77 --tiles 40 --hand 12 --variant
/// serbian-chain`, solved with `--rule R9=weight` as docs/SOLVERS.md's
/// figures were measured: bonus tiles that earn bonuses of their own (R8 =
/// yes) chained to 208, proven by the chained search (the variant's own R9
/// = nothing scores the same turn 203; the 30-tile hand of the same seed is
/// not proven yet).
#[divan::bench(sample_count = 5, sample_size = 1)]
fn native_turn_40_serbian_chain_12(bencher: Bencher) {
    let choice = VariantChoice { rules: vec!["R9=weight".into()], ..VariantChoice::default() };
    let chain = choice.resolve(Some("serbian-chain"), None).expect("serbian-chain ships, R9=weight is a value");
    let position = random_position(&chain, 77, 40, 12);
    let puzzle = Puzzle { variant: chain, board: position.board, hand: position.hand, goal: Goal::BestTurn };
    bench(bencher, &Native, &puzzle, 208);
}

/// Perft on benches/perft.rs's position (seed 2026, 60 tiles, 15 in hand,
/// English) at depth 5 on one thread, counted in leaf placements.
#[divan::bench(sample_count = 10)]
fn perft_english_60_15_depth_5(bencher: Bencher) {
    perft_row(bencher, 5, 1, 250_600);
}

/// The same position at depth 6 on one and on two threads: the same count.
#[divan::bench(args = [1, 2], sample_count = 10)]
fn perft_english_60_15_depth_6(bencher: Bencher, threads: usize) {
    perft_row(bencher, 6, threads, 1_863_389);
}

fn perft_row(bencher: Bencher, depth: usize, threads: usize, expected: u64) {
    let english = builtin_variant("english").expect("english ships");
    let position = random_position(&english, 2026, 60, 15);
    let mut nodes = 0;
    bencher.counter(divan::counter::ItemsCount::new(expected as usize)).bench_local(|| {
        nodes = perft_threads(&english, black_box(&position.board), &position.hand, depth, false, None, threads)
            .expect("no deadline")
            .nodes;
    });
    assert_eq!(nodes, expected, "perft({depth}) on {threads} threads");
}
