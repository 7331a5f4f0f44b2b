//! Experiments on the native solver's lattice search for weight fills,
//! kept out of the product: each looks for a heavy fill of a large region
//! (the English 7x7) sooner than the search itself finds one, and none
//! beat it enough to be kept. Their findings are in docs/SOLVERS.md
//! ("Fills"), with the command that measures each; the measurements are
//! ignored tests, run by hand:
//!
//! ```text
//! cargo test --release -p quadominos-lab beam::tests::measure -- --ignored --nocapture
//! ```
//!
//! - [`beam`]: a beam search over the lattice points, and the beam as a
//!   pilot for the search;
//! - [`lds`]: limited discrepancy search over the same points;
//! - [`nrpa`]: nested rollout policy adaptation, with the guided search.
//!
//! They come into the search through `quadominos::solve::lab`, which the
//! product builds only with its `lab` feature, the one this crate turns on.

pub mod beam;
pub mod lds;
pub mod nrpa;

#[cfg(test)]
mod common;
#[cfg(test)]
#[path = "../../src/solve/lattice/found_605.rs"]
mod found_605;
