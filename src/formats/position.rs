//! Position and puzzle files: a board, a hand and (optionally) the variant.

use std::path::Path;

use serde::Deserialize;

use super::input::{InputError, Source};
use super::spec::load_variant;
use crate::model::{Cell, Corners, TileId};
use crate::rules::{Position, Variant};

/// One placed tile as written: `{at: [x, y], tile: [nw, ne, se, sw]}`.
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct BoardEntry {
    /// The cell.
    pub at: Cell,
    /// The values clockwise from north-west.
    pub tile: Corners,
}

/// A position (or puzzle) file as written: unchecked.
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PositionFile {
    /// A shipped variant's name or a spec file's path (relative to this file).
    #[serde(default)]
    pub variant: Option<String>,
    /// What the position shows, and for puzzles the reasoning behind the answer.
    #[serde(default)]
    pub description: Option<String>,
    /// The placed tiles.
    #[serde(default)]
    pub board: Vec<BoardEntry>,
    /// The tiles of the player to move.
    #[serde(default)]
    pub hand: Vec<TileId>,
    /// A puzzle's goal (read by `solve`; other commands ignore it).
    #[serde(default)]
    pub goal: Option<serde_yaml::Value>,
    /// A puzzle's recorded answer (read by `solve`; other commands ignore it).
    #[serde(default)]
    pub expect: Option<serde_yaml::Value>,
}

/// How the user chose the rules on the command line.
#[derive(Clone, Debug, Default)]
pub struct VariantChoice {
    /// `--variant NAME` (or a spec path), overriding the file's `variant:`.
    pub variant: Option<String>,
    /// `--spec FILE`.
    pub spec: Option<std::path::PathBuf>,
    /// `--rule NAME=VALUE`, in order.
    pub rules: Vec<String>,
}

impl VariantChoice {
    /// The variant in force for a file that names `file_variant`: `--spec`,
    /// else `--variant`, else the file's own, else `english`; then `--rule`.
    pub fn resolve(&self, file_variant: Option<&str>, source: Option<&Source>) -> Result<Variant, InputError> {
        let mut variant = match (&self.spec, &self.variant, file_variant) {
            (Some(spec), _, _) => load_variant(&spec.display().to_string(), None)?,
            (None, Some(v), _) => load_variant(v, None)?,
            (None, None, Some(v)) => load_variant(v, source)?,
            (None, None, None) => load_variant("english", None)?,
        };
        for rule in &self.rules {
            let (name, value) = rule.split_once('=').ok_or_else(|| {
                InputError::whole_file("--rule", crate::rules::RuleError::Malformed(rule.clone()).to_string())
            })?;
            variant = variant
                .with_rule(name.trim(), value.trim())
                .map_err(|e| InputError::whole_file("--rule", e.to_string()))?;
        }
        Ok(variant)
    }
}

/// A position file read, its variant chosen and its board and hand checked.
#[derive(Clone, Debug)]
pub struct LoadedPosition {
    /// The file's text and name.
    pub source: Source,
    /// What it says, unchecked.
    pub file: PositionFile,
    /// The variant in force.
    pub variant: Variant,
    /// The checked position.
    pub position: Position,
}

/// Reads and checks a position or puzzle file.
pub fn load_position(path: &Path, choice: &VariantChoice) -> Result<LoadedPosition, InputError> {
    let source = Source::read(path)?;
    let file: PositionFile = source.parse("position: a mapping with `board:` and `hand:`")?;
    let variant = choice.resolve(file.variant.as_deref(), Some(&source))?;
    let board: Vec<(Cell, Corners)> = file.board.iter().map(|e| (e.at, e.tile)).collect();
    let position = Position::from_setup(&board, &file.hand, &variant).map_err(|p| source.problems(p))?;
    Ok(LoadedPosition { source, file, variant, position })
}
