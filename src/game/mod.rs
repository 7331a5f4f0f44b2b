//! The whole game as a rules engine: set-up and deal, the opening, turns with
//! bonuses, drawing and passing, the end of a round and of the game. Every
//! action is checked, every change is an event with its score and clauses.
//!
//! May use: model, rules, error. Strategies that choose moves and files
//! that record games are above it, in `play`.

mod action;
mod event;
mod state;

pub use action::{Action, Refusal};
pub(crate) use event::close_kinds;
pub use event::{Event, EventKind, EventTag, PlacementKind, RoundEnding};
pub(crate) use state::seat_range;
pub use state::{BONUS_POINTS, Game, MAX_DEALS, MAX_SCORE, OPENING_CELL, PENALTY, Phase, Setup};
