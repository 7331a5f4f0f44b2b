//! The rules: readings, the clauses events cite, `--rule` overrides, the judge's properties, bonuses, the YAML scenarios (snapshotted), transcripts and the game engine.
//!
//! One test binary of several modules (one per behaviour), so that the
//! library is linked once for all of them; `cargo test --release --test
//! rules MODULE` runs one module.

#[path = "../common/mod.rs"]
mod common;

mod bonuses;
mod citations;
mod game;
mod properties;
mod readings;
mod rule_overrides;
mod scenario_trace;
mod scenarios;
mod transcripts;
