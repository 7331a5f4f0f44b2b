//! Reading input files: a position of many keys, each one a mistake, read
//! once and every mistake found and counted (the time grows with the
//! file's size, not its square: 160 000 keys once took 91 s). The largest
//! row is a 60 MB file of keys, within the size limit, read with the
//! YAML-node limit raised to take it.
//!
//! Run: `cargo bench --bench inputs`.

use divan::Bencher;
use quadominos::formats::{VariantChoice, load_position};
use quadominos::limits::{DEFAULT_EVENTS, ResourceLimits};

fn main() {
    // Room for the largest file's nodes: two for each key and its value.
    quadominos::limits::set(ResourceLimits { events: 5 * DEFAULT_EVENTS, ..ResourceLimits::default() });
    divan::main();
}

/// How many keys each row's file has: the last makes a file of 60 MB.
const KEYS: [usize; 3] = [160_000, 1_000_000, 4_500_000];

#[divan::bench(args = KEYS, sample_count = 3, sample_size = 1)]
fn many_keys(bencher: Bencher, n: usize) {
    let dir = tempfile::tempdir().expect("a temporary folder");
    let path = dir.path().join("keys.yaml");
    let keys: String = (0..n).map(|i| format!("key{i}: 1\n")).collect();
    std::fs::write(&path, format!("variant: english\nboard: []\nhand: [1-4-5-5]\n{keys}")).expect("written");
    let said = format!("and {} more problems (the first 20 are listed)", n - 20);
    bencher.bench_local(|| {
        let err = load_position(&path, &VariantChoice::default()).expect_err("every key is unknown");
        assert_eq!(err.problems.last().map(|p| p.message.as_str()), Some(said.as_str()));
    });
}
