//! The documents: every command of README.md and docs/ run as written, docs/RULES.md held to the texts and the code, and the layout of src/.
//!
//! One test binary of several modules (one per behaviour), so that the
//! library is linked once for all of them; `cargo test --release --test
//! docs MODULE` runs one module.

#[path = "../common/mod.rs"]
mod common;

mod fixtures_doc;
mod formats_doc;
mod layout;
mod protocol_doc;
mod readme;
mod rules_doc;
