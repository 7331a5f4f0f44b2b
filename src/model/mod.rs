//! The game's vocabulary: cells and corners on the board, tiles, tile sets
//! and the board itself. Nothing here knows a rule; [`crate::rules`] does.
//!
//! May use: nothing else of the crate.

mod board;
mod cell;
mod graph;
mod tile;
mod tileset;

pub use board::{Board, Frame};
pub use cell::{Cell, Corner, Direction, Point};
pub use graph::{BoardGraph, Contact};
pub use tile::{Corners, IdError, MAX_VALUE, TileError, TileId};
pub use tileset::{TileSet, TileSetError};
