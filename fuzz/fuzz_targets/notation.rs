//! Fuzz target `notation`: see fuzz/README.md and tests/common/fuzz_parsers.rs.
#![no_main]

use libfuzzer_sys::fuzz_target;

#[path = "../../tests/common/fuzz_parsers.rs"]
mod checks;

fuzz_target!(|data: &[u8]| checks::notation_line(data));
