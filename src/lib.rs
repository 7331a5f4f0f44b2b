//! # quadominos
//!
//! The rules of the tile game Quad-Ominos (1978), executable and checkable.
//! The rules survive in two texts that disagree: the publisher's English rule
//! sheet and a Serbian description. `docs/RULES.md` numbers their clauses (E1–E19,
//! S1–S19) and the points where they disagree (readings R1–R32); every
//! decision this crate makes cites those ids.
//!
//! The parts, each a folder whose `mod.rs` says what it is and which other
//! parts it may use, from the bottom up:
//!
//! - [`model`]: cells, corners, tiles, tile sets and the board.
//! - [`error`], [`limits`]: problems located in input; how large an input
//!   and how long an answer may be.
//! - [`rules`]: the readings, rule sets and variants, the placement judge and
//!   the move generator.
//! - [`game`]: the whole game as a rules engine: deal, opening, turns,
//!   bonuses, rounds, every change an event with its clauses.
//! - [`solve`]: puzzles, the native and SMT solvers, and the replay of every
//!   answer through the rules.
//! - [`formats`]: YAML and notation files in, reports out, errors located by
//!   line and column, and the files read (which no output may replace).
//! - [`play`]: whole games played by a strategy, rule scenarios, transcripts
//!   and the replay that checks anyone's transcript.
//! - [`puzzle`]: puzzles posed from a seed, each with one proven best
//!   answer and a difficulty measured by the searches.
//! - [`render`]: boards drawn as text and SVG.
//! - [`suite`]: the conformance fixture suite `quadominos fixtures` writes
//!   for other implementations and checks their answers against, perft, its
//!   JSON Schemas and the checks of another implementation's answers.
//! - [`protocol`]: the engine protocol (docs/PROTOCOL.md): its lines, the
//!   reference engine, and another program run as an engine.
//! - [`conform`]: another implementation held to the rules through the
//!   protocol, case by case, each failure drilled down to where it starts.
//!
//! ```
//! use quadominos::formats::builtin_variant;
//! use quadominos::model::{Board, Cell, Corners};
//! use quadominos::rules::{judge, Placement, Verdict};
//!
//! let english = builtin_variant("english").unwrap();
//! let board: Board = [
//!     (Cell::new(0, 0), Corners([5, 5, 5, 5])),
//!     (Cell::new(0, -1), Corners([0, 1, 5, 5])),
//!     (Cell::new(1, 0), Corners([5, 5, 2, 5])),
//! ]
//! .into_iter()
//! .collect();
//! // 1-4-5-5 placed as [1, 4, 5, 5] at [1, -1] matches three corners: a bonus.
//! let p = Placement { tile: "1-4-5-5".parse().unwrap(), at: Cell::new(1, -1), corners: Corners([1, 4, 5, 5]) };
//! let Verdict::Legal(legal) = judge(&board, &english, p, None) else { panic!("legal") };
//! assert_eq!((legal.points, legal.matched, legal.bonus), (15, 3, true));
//! ```

// Library code never unwraps, expects, panics or indexes where input could
// make it fail: bad input is an error with its location, never a crash. Modules
// whose indices are their own (tables built beside them) allow indexing and
// say why at their top. Tests may do anything.
#![cfg_attr(not(test), deny(clippy::unwrap_used, clippy::expect_used, clippy::panic, clippy::indexing_slicing))]

pub mod conform;
pub mod error;
pub mod formats;
pub mod game;
pub mod limits;
pub mod model;
pub mod play;
pub mod protocol;
pub mod puzzle;
pub mod render;
pub mod rules;
pub mod solve;
pub mod suite;
pub mod words;
