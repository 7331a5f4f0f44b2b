//! Fast legal-move generation with per-cell corner-pattern tables.
//!
//! Everything the rules need to know about an open cell (an empty cell with a
//! side contact) is its *pattern*: for each corner, whether it touches a
//! counting neighbour and which values would match there (R2, R4), and which
//! tile weights its counting neighbours have (R5, R6). All orientations legal
//! in a pattern form one bitset over the variant's [`Orientations`], computed
//! once per distinct pattern and shared. Listing every legal move is then one
//! AND of that bitset with the hand's bitset per open cell. Placing a tile
//! updates the patterns of its eight neighbours only.
//!
//! A generator projects each table onto the orientations of its hand's tiles
//! (one word for up to 64 of them), and memoises how a pattern changes when
//! a neighbour arrives: (table, direction, values on the shared corners) →
//! table, so that placing, taking back and counting the moves after a move
//! ([`MoveGen::moves_with_counts_after`]) step tables instead of rebuilding
//! and hashing patterns. Both are functions of the rules alone (the unit
//! tests pin the stepped key against the key of the raw view; the property
//! tests pin the generator against the judge and against a fresh one).
//!
//! What it may use: the model (board, cells, corners, frames, tile ids) and,
//! from the rules, the variant (its orientations, tile set and rule values),
//! the readings it reads (R2, R4–R6), the judge's [`Tally`] (so that the
//! tables and the judge apply one rule) and the variant's table cache. The
//! rules it uses do not use it: the variant owns the cache, which lives in
//! `rules/table_cache.rs` and knows neither.
//!
//! Its parts, each using only parts listed before it, except that
//! `generator` and `transitions` are two halves of one type: placing and
//! taking back step tables through `transitions`, which reads the
//! generator's board and grid.
//! - `moves`: [`Move`] and [`Counts`], what it answers.
//! - `pattern`: what an empty cell sees, its pattern key, how a key steps
//!   when a neighbour arrives, and the table a key gives.
//! - `grid`: the dense grid of the board's cells: tile, table, open slot.
//! - `local`: the hand's dense index of orientations, and the tables
//!   projected onto it.
//! - `generator`: [`MoveGen`]: building, placing and taking back, the hand,
//!   listing and checking moves.
//! - `transitions`: the tables a generator meets, numbered, and their
//!   memoised transitions.
//! - `counting`: counting moves, and the counts after each move without
//!   placing it.
//! - `quick`: [`quick_judge`], the tables' verdict on one placement without
//!   a generator.
//! - `line`: whether the hand can place some number of tiles one after the
//!   other ([`MoveGen::can_place_line`]), as bonus tiles must be.
//!
//! [`Orientations`]: crate::rules::Orientations
//! [`Tally`]: crate::rules::Tally

mod counting;
mod generator;
mod grid;
mod line;
mod local;
mod moves;
mod pattern;
mod quick;
mod room;
#[cfg(test)]
mod tests;
mod transitions;

pub use counting::CellsWithMoves;
pub use generator::MoveGen;
pub use moves::{Counts, Move};
pub use quick::{quick_judge, quick_judge_with};
