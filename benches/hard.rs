//! The hard puzzles: English weight fills of growing regions, long Serbian
//! sequences, chained best turns and perft, the rows a player actually poses
//! beyond the corpus sizes. Each benchmark asserts the proven optimum (or
//! count) it times, so a faster wrong answer fails instead of winning.
//!
//! Run: `cargo bench --bench hard` (the filter after `--` picks rows, e.g.
//! `cargo bench --bench hard -- fills`).

#[path = "hard/common.rs"]
mod common;
#[path = "hard/fills.rs"]
mod fills;
#[path = "hard/search.rs"]
mod search;

fn main() {
    divan::main();
}
