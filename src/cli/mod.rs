//! The command line: one file per command, each owning its arguments, its
//! run function and its text report; [`shared`] holds what several commands
//! share (rule arguments, resource limits, formats, output files). Every
//! `run` returns the whole output and the exit status, so nothing is printed
//! until a command has succeeded.

pub mod bonuses;
pub mod check;
pub mod compare;
pub mod completions;
pub mod conform;
pub mod engine;
pub mod explain;
pub mod fixtures;
pub mod generate;
pub mod impact;
pub mod man;
pub mod moves;
pub mod notation;
pub mod perft;
pub mod play;
pub mod puzzle;
pub mod render;
pub mod replay;
pub mod shared;
pub mod solve;
pub mod variants;
