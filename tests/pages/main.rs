//! Pages and pictures: the `--html` pages as files and in a real browser (chromium), the puzzle sheet, and `render`'s SVG and PNG.
//!
//! One test binary of several modules (one per behaviour), so that the
//! library is linked once for all of them; `cargo test --release --test
//! pages MODULE` runs one module.

#[path = "../common/cdp.rs"]
mod cdp;
#[path = "../common/mod.rs"]
mod common;

mod browser;
mod files;
mod impact_in_browser;
mod render;
mod sheet;
mod sheet_in_browser;
