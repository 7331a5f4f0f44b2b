//! Boards drawn for people: the ASCII layout every text output uses.

mod ascii;

pub use ascii::board_text;
