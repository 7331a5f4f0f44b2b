//! Position and puzzle files: a board, a hand and (optionally) the variant.

use std::path::Path;

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use super::input::{InputError, Located, Source, is_stdin};
use super::kinds::FileKind;
use super::notation::{Spans, parse_spanned};
use super::overrides::{RuleOverrides, split_label};
use super::spec::{Named, load_variant, load_variant_as, named_variant};
use crate::error::DocPath;
use crate::model::{Cell, Corners, TileId};
use crate::rules::{Position, Variant};

/// One placed tile as written: `{at: [x, y], tile: [nw, ne, se, sw]}`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct BoardEntry {
    /// The cell.
    pub at: Cell,
    /// The values clockwise from north-west.
    pub tile: Corners,
}

/// A position (or puzzle) file as written: unchecked.
#[derive(Clone, Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct PositionFile {
    /// A shipped variant's name or a spec file's path (relative to this file).
    #[serde(default)]
    pub variant: Option<String>,
    /// Readings changed on top of the variant, as `--rule` takes them.
    #[serde(default)]
    pub rules: RuleOverrides,
    /// What the position shows, and for puzzles the reasoning behind the answer.
    #[serde(default)]
    pub description: Option<String>,
    /// The placed tiles.
    #[serde(default)]
    pub board: Vec<BoardEntry>,
    /// The tiles of the player to move; each tile once.
    #[serde(default)]
    #[schemars(extend("uniqueItems" = true))]
    pub hand: Vec<TileId>,
    /// A puzzle's goal (read by `solve`; other commands ignore it).
    #[serde(default)]
    pub goal: Option<super::GoalSpec>,
    /// A puzzle's recorded answer (read by `solve`; other commands ignore it).
    #[serde(default)]
    pub expect: Option<super::ExpectSpec>,
    /// A posed puzzle's measured difficulty (read by `solve` and `puzzle`;
    /// other commands ignore it).
    #[serde(default)]
    pub difficulty: Option<super::Figures>,
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
        self.resolve_file(file_variant, &RuleOverrides::default(), source)
    }

    /// The variant in force for a file that names `file_variant` and
    /// changes `file_rules` (its `rules:`): `--spec`, else `--variant`, else
    /// the file's own variant with the file's `rules:` on top, else
    /// `english` with them; then `--rule`. A variant chosen on the command
    /// line replaces the file's rules with its own, as it replaces the
    /// file's variant; `--rule` applies on top of whatever is in force.
    pub fn resolve_file(
        &self,
        file_variant: Option<&str>,
        file_rules: &RuleOverrides,
        source: Option<&Source>,
    ) -> Result<Variant, InputError> {
        // A misspelt reading is a mistake in the file whatever the command
        // line chooses.
        let problems = file_rules.problems(&DocPath::from("rules"));
        if !problems.is_empty() {
            return Err(match source {
                Some(source) => {
                    let mut listed = source.problems(problems).problems;
                    // The file's own `variant:`, misspelt too, is said
                    // with them: every mistake of the file in one run.
                    if self.spec.is_none()
                        && self.variant.is_none()
                        && let Some(Err(e)) = file_variant.map(|v| load_variant(v, Some(source)))
                    {
                        listed.extend(e.problems.into_iter().filter(|p| p.file == source.name && p.position.is_some()));
                    }
                    InputError::listed(listed)
                }
                None => InputError::listed(
                    problems
                        .iter()
                        .map(|p| Located { file: "rules".into(), position: None, message: p.to_string() })
                        .collect(),
                ),
            });
        }
        let mut variant = match (&self.spec, &self.variant, file_variant) {
            (Some(spec), _, _) => load_variant_as(&spec.display().to_string(), None, "--spec")?,
            (None, Some(v), _) => load_variant(v, None)?,
            (None, None, Some(v)) => load_variant(v, source)?,
            (None, None, None) => load_variant("english", None)?,
        };
        if self.spec.is_none() && self.variant.is_none() {
            // Checked above: no override is refused.
            variant = file_rules.apply(variant).map_err(|e| InputError::whole_file("rules", e.to_string()))?;
        }
        self.with_rules(variant)
    }

    /// `variant` with every `--rule` applied, in order.
    pub fn with_rules(&self, mut variant: Variant) -> Result<Variant, InputError> {
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

/// The variant a file names at `at` (a scenario's `variants[1]`), with
/// its `rules:` and `--rule` on top: a mistake in the name is said at
/// `at`, one in the spec it names in that spec.
pub fn variant_named_at(
    name: &str,
    file_rules: &RuleOverrides,
    rules: &[String],
    source: &Source,
    at: &DocPath,
) -> Result<Variant, InputError> {
    let variant = named_variant(name, Some(source)).map_err(|e| match e {
        Named::Here(message) => source.problems(vec![crate::error::Problem::new(at.clone(), message)]),
        Named::Inside(e) => e,
    })?;
    let choice = VariantChoice { rules: rules.to_vec(), ..VariantChoice::default() };
    let variant = file_rules.apply(variant).map_err(|e| InputError::whole_file("rules", e.to_string()))?;
    choice.with_rules(variant)
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

/// Reads and checks a position or puzzle file: YAML, or a `.qpn` file
/// holding one line of the position notation ([`super::notation`]).
pub fn load_position(path: &Path, choice: &VariantChoice) -> Result<LoadedPosition, InputError> {
    load_position_as(path, choice, FileKind::Position)
}

/// [`load_position`] for a file read as `kind` (a position, or a puzzle).
pub(super) fn load_position_as(
    path: &Path,
    choice: &VariantChoice,
    kind: FileKind,
) -> Result<LoadedPosition, InputError> {
    let source = Source::read(path)?;
    if is_notation(path, &source) {
        return load_notation(source, choice);
    }
    let file: PositionFile = source.parse_as(kind, |source| variant_problems(source, choice))?;
    let variant = choice.resolve_file(file.variant.as_deref(), &file.rules, Some(&source))?;
    let board: Vec<(Cell, Corners)> = file.board.iter().map(|e| (e.at, e.tile)).collect();
    let position = Position::from_setup(&board, &file.hand, &variant).map_err(|p| source.problems(p))?;
    Ok(LoadedPosition { source, file, variant, position })
}

/// What is wrong with a file's `variant:` and `rules:` where those are
/// written as they should be (a variant no spec has, a reading misspelt),
/// said beside the problems of its shape: all of a file's mistakes in one
/// run, not the variant's only once the rest is mended. Only where the
/// file's own choice is in force, and only the problems located in this
/// file (a spec it names has its own).
fn variant_problems(source: &Source, choice: &VariantChoice) -> Vec<Located> {
    if choice.variant.is_some() || choice.spec.is_some() {
        return Vec::new();
    }
    let Some(variant) = source.part::<String>(&DocPath::from("variant")) else { return Vec::new() };
    let rules = source.part::<RuleOverrides>(&DocPath::from("rules")).unwrap_or_default();
    match VariantChoice::default().resolve_file(Some(&variant), &rules, Some(source)) {
        Ok(_) => Vec::new(),
        Err(e) => e.problems.into_iter().filter(|p| p.file == source.name && p.position.is_some()).collect(),
    }
}

/// Whether `source`, read from `path`, is a line of the position notation
/// (a `.qpn` file, or standard input that reads as one), not YAML.
pub(super) fn is_notation(path: &Path, source: &Source) -> bool {
    path.extension().is_some_and(|e| e == "qpn") || (is_stdin(path) && reads_as_notation(&source.text))
}

/// Whether a text with no file name to go by (standard input) is a line of
/// notation rather than YAML: its first line that is not blank or a comment
/// starts as a board does, with a digit, or `-` for an empty board or a
/// negative x (a YAML position starts with a key, `{` or `---`).
fn reads_as_notation(text: &str) -> bool {
    let first = text.lines().map(str::trim_start).find(|l| !l.is_empty() && !l.starts_with('#'));
    first.is_some_and(|l| l.starts_with(|c: char| c.is_ascii_digit()) || (l.starts_with('-') && !l.starts_with("--")))
}

/// A `.qpn` file: blank lines and `#` comments, and one line of notation.
fn load_notation(source: Source, choice: &VariantChoice) -> Result<LoadedPosition, InputError> {
    let located = |line: usize, column: usize, message: String| InputError {
        problems: vec![Located { file: source.name.clone(), position: Some((line, column)), message }],
    };
    let mut lines =
        source.text.lines().enumerate().filter(|(_, l)| !l.trim().is_empty() && !l.trim_start().starts_with('#'));
    let Some((index, line)) = lines.next() else {
        return Err(located(1, 1, "the file is empty; expected one line of position notation".into()));
    };
    if let Some((extra, _)) = lines.next() {
        return Err(located(extra + 1, 1, "a second position; a .qpn file holds one line of notation".into()));
    }
    let mut spans = Spans::default();
    let notated = parse_spanned(line, &mut spans).map_err(|e| located(index + 1, e.column, e.message))?;
    // The variant field is a label: a name, then any overrides
    // (`serbian+R4=no`), each checked at its own column.
    let column = spans.variant.unwrap_or(1);
    let (name, rules) = match notated.variant.as_deref().map(split_label) {
        None => (None, RuleOverrides::default()),
        Some(Err((offset, message))) => return Err(located(index + 1, column + offset, message)),
        Some(Ok((name, entries))) => {
            let rules = RuleOverrides(entries.iter().map(|o| (o.name.clone(), o.value.clone())).collect());
            if let Some((i, p)) = rules.entry_problems(&DocPath::from("rules")).into_iter().next() {
                let offset = entries.get(i).map_or(0, |o| o.offset);
                return Err(located(index + 1, column + offset, p.message));
            }
            (Some(name), rules)
        }
    };
    let variant = match choice.resolve_file(name.as_deref(), &rules, None) {
        Ok(v) => v,
        Err(e) if choice.variant.is_none() && choice.spec.is_none() && name.is_some() => {
            let message = e.problems.first().map_or_else(String::new, |p| p.message.clone());
            return Err(located(index + 1, column, message));
        }
        Err(e) => return Err(e),
    };
    let position = Position::from_setup(&notated.board, &notated.hand, &variant).map_err(|problems| {
        InputError::listed(
            problems
                .iter()
                .map(|p| {
                    let e = spans.locate(p);
                    Located { file: source.name.clone(), position: Some((index + 1, e.column)), message: e.message }
                })
                .collect(),
        )
    })?;
    let file = PositionFile {
        variant: name,
        rules,
        description: None,
        board: notated.board.iter().map(|&(at, tile)| BoardEntry { at, tile }).collect(),
        hand: notated.hand,
        goal: None,
        expect: None,
        difficulty: None,
    };
    Ok(LoadedPosition { source, file, variant, position })
}

/// Why a file written under a spec that no file holds names it only by its
/// name.
pub fn unnamed_spec_note(variant: &Variant) -> String {
    format!(
        "the spec `{}` was not read from a file (standard input); `variant:` gives its name, which reads back only \
once the spec is saved and its path written there",
        variant.name()
    )
}

/// A position as a YAML position file, in the form the shipped positions
/// are written in (one line per tile): the variant by shipped name or spec
/// path and its overrides as `rules:`, so that the file reloads under the
/// same rules.
pub fn position_yaml(variant: &Variant, board: &crate::model::Board, hand: &[TileId]) -> String {
    use std::fmt::Write as _;
    let mut out = String::new();
    let name = match variant.reference() {
        // A path is quoted as YAML needs it.
        Some(reference) => super::yaml::scalar(&reference),
        None => {
            let _ = writeln!(out, "# note: {}", unnamed_spec_note(variant));
            super::yaml::scalar(variant.name())
        }
    };
    let _ = writeln!(out, "variant: {name}");
    let overrides = super::RuleOverrides::of(variant);
    if !overrides.is_empty() {
        let _ = writeln!(out, "rules: {}", overrides.to_yaml_flow());
    }
    let tiles = board.tiles();
    out.push_str(if tiles.is_empty() { "board: []\n" } else { "board:\n" });
    for (at, tile) in tiles {
        let _ = writeln!(out, "  - {{at: [{}, {}], tile: {tile}}}", at.x, at.y);
    }
    let hand: Vec<String> = hand.iter().map(ToString::to_string).collect();
    let _ = writeln!(out, "hand: [{}]", hand.join(", "));
    out
}
