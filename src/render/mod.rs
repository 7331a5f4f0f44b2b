//! Boards drawn for people: the ASCII layout every text output uses, and
//! SVG pictures of boards and of the bonus catalogue.
//!
//! May use: model, rules, play. A scenario comparison from `play` is drawn
//! here as text.

mod ascii;
mod scenario;
mod svg;

pub use ascii::{board_text, board_text_marked};
pub use scenario::comparison_text;
pub use svg::{Highlight, Marks, board_svg, catalogue_svg};
