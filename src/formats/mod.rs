//! Files in and reports out: YAML documents read into plain, unchecked
//! structs and then checked by [`crate::rules`]; errors located by file, line
//! and column; the serializable reports every command prints.
//!
//! May use: model, rules, game, solve, error, limits. Puzzle files are
//! read into the solver's goals, so `solve` sits below this part; scenario
//! expectations name the game's events.

mod difficulty;
mod document;
mod every;
mod input;
pub mod inputs;
mod kinds;
pub mod notation;
mod overrides;
mod position;
mod puzzle;
mod report;
mod scenario;
mod shipped;
mod spec;
mod words;
pub mod yaml;
mod yaml_words;

pub use difficulty::{Figures, Level};
pub use input::{BOM, InputError, Located, MAX_LISTED, STDIN_NAME, Source, is_stdin, printable};
pub use kinds::FileKind;
pub use overrides::{LabelOverride, RuleOverrides, reading_values, split_label};
pub use position::{
    BoardEntry, LoadedPosition, PositionFile, VariantChoice, load_position, position_yaml, unnamed_spec_note,
    variant_named_at,
};
pub use puzzle::{
    ExpectSpec, FillSpec, GoalSpec, LoadedPuzzle, MAX_REGION, MaximizeName, PoolName, RegionSpec, load_puzzle,
};
pub use report::{MoveRecord, MovesReport, VerdictReport, move_records};
pub use scenario::{
    ActionEntry, DealFile, FinalExpect, PhaseName, PlaceEntry, ScenarioFile, SimpleAction, StartFile, StepExpect,
};
pub use shipped::{
    BUILTIN_VARIANTS, SHIPPED_SCENARIO_FILES, SHIPPED_SCENARIO_FOLDER, shipped_scenario_file, shipped_scenarios,
    shipped_variant_names,
};
pub use spec::{TileSetFile, VariantSpec, builtin_variant, load_variant, load_variant_as};
