//! Another implementation of the rules held to this crate's, through the
//! engine protocol ([`crate::protocol`]): a suite of cases ([`suite`]: a
//! fixture folder, or one generated from a seed) put to the engine one by
//! one ([`run`]): move lists, verdicts on single placements, perft counts
//! with their bonus counts, the move list at every turn of the suite's
//! games, the shipped scenarios, a deal for each number of players and
//! whole games played through the game actions ([`script`], with the
//! refusals asked between their steps), and games the engine plays
//! itself, replayed by the rules. Each
//! answer is compared with the rules' ([`compare`]), a perft count that
//! differs is drilled down to the first position where the move lists part
//! ([`drill`]), and every case is a record ([`report`]).
//!
//! May use: model, rules, game, formats, play, suite, protocol, error.

mod cases;
pub mod compare;
mod drill;
mod labels;
mod refusals;
pub mod report;
pub mod run;
mod script;
mod session;
pub mod suite;
mod sweep;

pub use labels::{label_variant, values_of, variant_by_label};
pub use report::{
    CaseKind, CaseRecord, Divergence, Facts, Failure, FailureKind, Outcome, PlacementVerdict, Step, schema,
};
pub use run::{FAILURES_IN_A_ROW, Run, RunOptions, run};
pub use script::{Move, moves_of};
pub use suite::{ConformSuite, GameCase, Generated, ScenarioCase, folder, generated};
