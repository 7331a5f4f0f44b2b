//! Fuzz target `variant_file`: any file named as a variant spec, by a
//! position's `variant:` and by `--spec`; where it is none, nothing of it
//! is shown. See fuzz/README.md and tests/common/fuzz_parsers.rs.
#![no_main]

use libfuzzer_sys::fuzz_target;

#[path = "../../tests/common/fuzz_parsers.rs"]
mod checks;

fuzz_target!(|data: &[u8]| checks::variant_file(data));
