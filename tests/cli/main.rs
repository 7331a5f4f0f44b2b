//! The command line as a user meets it: each command's output (snapshotted), counts and caps, key names, files written, output schemas, reports, shell habits and `impact`.
//!
//! One test binary of several modules (one per behaviour), so that the
//! library is linked once for all of them; `cargo test --release --test
//! cli MODULE` runs one module.

#[path = "../common/mod.rs"]
mod common;

mod caps_and_depths;
mod commands;
mod files_written;
mod impact;
mod kebab_keys;
mod output_schemas;
mod reports;
mod shell;
mod singular_counts;
