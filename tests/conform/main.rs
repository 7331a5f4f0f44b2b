//! Conformance: `conform` against engines good and bad, its edge cases and mutants, the fixture suites and sharded perft counts.
//!
//! One test binary of several modules (one per behaviour), so that the
//! library is linked once for all of them; `cargo test --release --test
//! conform MODULE` runs one module.

#[path = "../common/mod.rs"]
mod common;

mod edges;
mod engines;
mod fixture_suite;
mod fixtures;
mod mutants;
mod sharding;
