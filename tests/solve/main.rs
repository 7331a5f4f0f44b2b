//! The solvers: native and SMT agree, hard fills and turns against independent references, hints, what a cut-short answer may claim, and the puzzle book re-proven.
//!
//! One test binary of several modules (one per behaviour), so that the
//! library is linked once for all of them; `cargo test --release --test
//! solve MODULE` runs one module.

#[path = "../common/mod.rs"]
mod common;

mod book;
mod hard_fills;
mod hard_turns;
mod hint;
mod proven_or_bounded;
mod solvers;
