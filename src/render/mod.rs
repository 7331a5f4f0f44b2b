//! Boards drawn for people: the ASCII layout every text output uses.

mod ascii;
mod scenario;

pub use ascii::board_text;
pub use scenario::comparison_text;
