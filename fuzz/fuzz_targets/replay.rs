//! Fuzz target `replay`: mutated transcripts replayed. See fuzz/README.md
//! and tests/common/fuzz_replay.rs.
#![no_main]

use libfuzzer_sys::fuzz_target;

#[path = "../../tests/common/fuzz_replay.rs"]
mod checks;

fuzz_target!(|input: checks::ReplayInput| checks::check(&input));
