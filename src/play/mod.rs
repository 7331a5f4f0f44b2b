//! Driving the game engine: whole games played by a strategy
//! ([`strategy`]), rule scenarios played action by action and compared
//! across variants and readings ([`scenario`]), the transcripts games are
//! written down in ([`transcript`]), the replay that checks anyone's
//! transcript against the rules ([`replay`]), and how often each reading
//! changes a game's outcome over many seeded games ([`impact`]).
//!
//! May use: model, rules, game, solve, formats, error. It is a part of its
//! own, not inside `game`, because the `best` strategy plays the native
//! solver's best turn and the solver replays its answers through the game:
//! inside `game` the two would use each other. Scenarios and transcripts are
//! files, read with `formats`.

pub mod impact;
pub mod replay;
pub mod scenario;
pub mod strategy;
pub mod transcript;

pub use replay::{Mismatch, Replayed, replay, replay_checking};
pub use scenario::{
    Comparison, LoadedScenario, Parting, Refused, Run, Side, StepOutcome, Table, TraceOutcome, TraceStep, compare,
    compare_each, compare_traced, load_scenario, parting_actions, same_step, side,
};
pub use strategy::{MAX_ROUND_LIMIT, MAX_ROUNDS, Played, Stop, Strategy, play};
pub use transcript::{
    Ended, LoadedTranscript, ReplayChecks, TRANSCRIPT_VERSION, Transcript, TranscriptEvent, load_transcript, record,
};
