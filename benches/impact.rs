//! `impact`'s throughput: 1,000 four-player greedy games under one value of
//! a reading and the 1,000 English games of the same deals they are
//! compared with, on two threads, as `quadominos impact --readings R=V
//! --games 1000 --threads 2` plays them. The figures must come in under a
//! minute on two cores. Each benchmark asserts the games it counted.
//!
//! Run: `cargo bench --bench impact`.

use divan::Bencher;
use quadominos::formats::builtin_variant;
use quadominos::play::Strategy;
use quadominos::play::impact::{Setting, arms, measure, part_seeds};
use quadominos::rules::Reading;

fn main() {
    divan::main();
}

/// A value that changes legality (R4) and one that changes only a penalty
/// now and then (R22).
const VALUES: [&str; 2] = ["R4=no", "R22=draw-only"];

#[divan::bench(args = VALUES, sample_count = 3, sample_size = 1)]
fn thousand_english_games_per_value_on_two_threads(bencher: Bencher, value: &str) {
    let english = builtin_variant("english").expect("english ships");
    let (id, v) = value.split_once('=').expect("R=V");
    let reading = Reading::find(id).expect("a reading");
    let v = reading.values.iter().map(|(x, _)| *x).find(|x| *x == v).expect("a value");
    let arms = arms(&english, &[(reading, Some(v))], 4).expect("the value applies");
    let setting = Setting { players: 4, strategy: Strategy::Greedy, max_rounds: 500 };
    let seeds = part_seeds(0, 1000, None);
    let mut games = 0;
    bencher.bench_local(|| {
        let m = measure(&english, &arms, &setting, &seeds, 2).expect("every game plays");
        games = m.arms[0].games;
    });
    assert_eq!(games, 1000);
}
