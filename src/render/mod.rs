//! Boards drawn for people: the ASCII layout every text output uses, SVG
//! pictures of boards and of the bonus catalogue, and the HTML pages
//! (`--html`) that step through games, answers and comparisons.
//!
//! May use: model, rules, game, solve, play. A scenario comparison from
//! `play` is drawn here as text; a game's events (from `game`) are told in
//! words on the pages; a solved puzzle (from `solve`) is told in words, in
//! the text report and on its page.

pub mod answer;
mod ascii;
pub mod page;
mod scenario;
mod svg;

pub use ascii::{board_text, board_text_marked, board_text_with_region};
pub use scenario::{comparison_text, run_trace};
pub use svg::{Highlight, Marks, board_svg, catalogue_svg};
