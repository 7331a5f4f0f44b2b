//! Reading input: bad inputs and every mistake at once, the limits under every spelling, messages, standard input, YAML 1.1 read-back, the fuzz corpora and the JSON Schemas.
//!
//! One test binary of several modules (one per behaviour), so that the
//! library is linked once for all of them; `cargo test --release --test
//! inputs MODULE` runs one module.

#[path = "../common/mod.rs"]
mod common;
#[path = "../common/reference.rs"]
mod reference;

mod all_problems;
mod bad_inputs;
mod fuzz_corpora;
mod limit_spellings;
mod limits;
mod messages;
mod schemas;
mod stdin;
mod yaml11;
