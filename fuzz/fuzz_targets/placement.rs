//! Fuzz target `placement`: the library's judge, quick judge and move
//! generator against the simple reference of tests/common/reference.rs.
//! See fuzz/README.md and tests/common/fuzz_placement.rs.
#![no_main]

use libfuzzer_sys::fuzz_target;

#[path = "../../tests/common/reference.rs"]
mod reference;

#[path = "../../tests/common/fuzz_placement.rs"]
mod checks;

fuzz_target!(|input: checks::PlacementInput| checks::check(&input));
