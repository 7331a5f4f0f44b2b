//! Fuzz target `many_keys`: a position with a mapping of many keys, each
//! refused and counted exactly. See fuzz/README.md and
//! tests/common/fuzz_parsers.rs.
#![no_main]

use libfuzzer_sys::fuzz_target;

#[path = "../../tests/common/fuzz_parsers.rs"]
mod checks;

fuzz_target!(|data: &[u8]| checks::many_keys(data));
