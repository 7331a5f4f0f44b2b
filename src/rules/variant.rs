//! A variant: a named, fully chosen set of rules. It holds the tile set, the
//! target score and a [`RuleSet`] (one value per reading R1–R32), each choice
//! with the clause ids that justify it, and the orientations R1 allows.

use super::clause::{Clause, Text};
use super::orientation::Orientations;
use super::reading::{READINGS, Reading, RuleError, RuleSet};
use super::table_cache::TableCache;
use crate::model::TileSet;

/// A complete rule set ready to judge placements.
#[derive(Clone, Debug)]
pub struct Variant {
    name: String,
    description: String,
    text: Text,
    tile_set: TileSet,
    tile_set_clauses: Vec<Clause>,
    target: u32,
    target_clauses: Vec<Clause>,
    rules: RuleSet,
    /// Clause ids behind each reading's choice, indexed like [`READINGS`].
    citations: Vec<Vec<Clause>>,
    /// `--rule` overrides applied on top of the spec, in order.
    overrides: Vec<(&'static Reading, String)>,
    orientations: Orientations,
    /// Move-generator pattern tables, shared by every clone of this variant.
    tables: TableCache,
    /// Where the spec was read from, so that a written file can name it.
    origin: SpecOrigin,
}

/// Where a variant's spec came from: what a file written under it must name
/// in `variant:` to be read again under the same rules.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub enum SpecOrigin {
    /// A shipped spec, named by its name.
    Shipped,
    /// A spec file, by its absolute path.
    File(std::path::PathBuf),
    /// No file names it: read from standard input, or built in code.
    #[default]
    Unnamed,
}

/// The parts of a variant, as a spec states them.
#[derive(Clone, Debug)]
pub struct VariantParts {
    /// Its name.
    pub name: String,
    /// One sentence on what it is.
    pub description: String,
    /// The source text it is based on: its verdicts cite that text's
    /// clauses and the readings only.
    pub text: Text,
    /// The tiles in play.
    pub tile_set: TileSet,
    /// Clauses behind the tile set.
    pub tile_set_clauses: Vec<Clause>,
    /// The score that wins the game.
    pub target: u32,
    /// Clauses behind the target.
    pub target_clauses: Vec<Clause>,
    /// One value per reading.
    pub rules: RuleSet,
    /// Clauses behind each reading's value, indexed like [`READINGS`].
    pub citations: Vec<Vec<Clause>>,
}

impl Variant {
    /// A variant from its parts.
    pub fn new(parts: VariantParts) -> Variant {
        let orientations = Orientations::new(&parts.tile_set, parts.rules.arrangement);
        let mut citations = parts.citations;
        citations.resize(READINGS.len(), Vec::new());
        Variant {
            name: parts.name,
            description: parts.description,
            text: parts.text,
            tile_set: parts.tile_set,
            tile_set_clauses: parts.tile_set_clauses,
            target: parts.target,
            target_clauses: parts.target_clauses,
            rules: parts.rules,
            citations,
            overrides: Vec::new(),
            orientations,
            tables: TableCache::default(),
            origin: SpecOrigin::Unnamed,
        }
    }

    /// This variant, its spec read from `origin`.
    pub fn with_origin(mut self, origin: SpecOrigin) -> Variant {
        self.origin = origin;
        self
    }

    /// Where the spec was read from.
    pub fn origin(&self) -> &SpecOrigin {
        &self.origin
    }

    /// What a written file names as its `variant:` to be read again under
    /// this spec: the shipped name, or the spec file's absolute path (a
    /// relative one would change meaning with the written file's folder);
    /// `None` when no file holds the spec.
    pub fn reference(&self) -> Option<String> {
        match &self.origin {
            SpecOrigin::Shipped => Some(self.name.clone()),
            SpecOrigin::File(path) => Some(path.display().to_string()),
            SpecOrigin::Unnamed => None,
        }
    }

    /// This variant with one option changed (`--rule R4=no`). The choice is
    /// then cited by its reading id alone.
    pub fn with_rule(mut self, name_or_id: &str, value: &str) -> Result<Variant, RuleError> {
        let reading = self.rules.set(name_or_id, value)?;
        let i = READINGS.iter().position(|r| r.id == reading.id).unwrap_or(0);
        if let Some(slot) = self.citations.get_mut(i) {
            *slot = vec![reading.id];
        }
        self.overrides.retain(|(r, _)| r.id != reading.id);
        self.overrides.push((reading, value.to_string()));
        self.orientations = Orientations::new(&self.tile_set, self.rules.arrangement);
        // Other rules, other tables.
        self.tables = TableCache::default();
        Ok(self)
    }

    /// The spec's name, e.g. `english`.
    pub fn name(&self) -> &str {
        &self.name
    }

    /// The name with any overrides, e.g. `english+R4=no`: what every output
    /// reports as the variant in force.
    pub fn label(&self) -> String {
        self.name.clone() + &self.overrides_suffix()
    }

    /// The overrides as a label writes them after the name: `+R4=no...`.
    pub fn overrides_suffix(&self) -> String {
        self.overrides.iter().map(|(reading, value)| format!("+{}={}", reading.id, value)).collect()
    }

    /// One sentence on the variant.
    pub fn description(&self) -> &str {
        &self.description
    }

    /// One sentence on the variant in force: the spec's own, or with
    /// overrides, the spec and what each override changes, since the spec's
    /// sentence may state what an override contradicts ("corners must
    /// equal every value" under `R2=at-least-one`).
    pub fn summary(&self) -> String {
        if self.overrides.is_empty() {
            return self.description.clone();
        }
        let changes: Vec<String> = self
            .overrides
            .iter()
            .map(|(r, value)| {
                let meaning = r.values.iter().find(|(v, _)| v == value).map_or("", |(_, m)| m);
                format!("{} = {value} ({} {meaning})", r.id, r.question)
            })
            .collect();
        format!("As {}, with {}.", self.name, changes.join("; "))
    }

    /// The source text the variant is based on.
    pub fn text(&self) -> Text {
        self.text
    }

    /// `clauses` without those of the other text, in order, each once: what
    /// a verdict or an event under this variant may cite. A value the
    /// variant takes from the other text is cited by its reading id, which
    /// the caller lists beside.
    pub fn own(&self, clauses: impl IntoIterator<Item = Clause>) -> Vec<Clause> {
        let mut out: Vec<Clause> = Vec::new();
        for c in clauses {
            if self.text.owns(c) && !out.contains(&c) {
                out.push(c);
            }
        }
        out
    }

    /// The tiles in play.
    pub fn tile_set(&self) -> &TileSet {
        &self.tile_set
    }

    /// Clauses behind the tile set.
    pub fn tile_set_clauses(&self) -> &[Clause] {
        &self.tile_set_clauses
    }

    /// The winning score (E16, E19, S19).
    pub fn target(&self) -> u32 {
        self.target
    }

    /// Clauses behind the target.
    pub fn target_clauses(&self) -> &[Clause] {
        &self.target_clauses
    }

    /// The value of every reading.
    pub fn rules(&self) -> &RuleSet {
        &self.rules
    }

    /// The orientations each tile may be played in (R1).
    pub fn orientations(&self) -> &Orientations {
        &self.orientations
    }

    /// The reading id followed by the clauses of the variant's own text
    /// that the spec cites for its choice: what a decision that depends on
    /// this reading cites. A clause of the other text is left out (the
    /// reading's entry in docs/RULES.md says where such a value comes from),
    /// and so is any clause `fired` says did not decide the matter at hand.
    pub fn cite_where(&self, reading: Clause, fired: impl Fn(Clause) -> bool) -> Vec<Clause> {
        let mut out = vec![reading];
        out.extend(self.spec_clauses(reading).iter().copied().filter(|&c| c != reading && fired(c)));
        self.own(out)
    }

    /// [`Variant::cite_where`] for a decision that each of the spec's own
    /// clauses for the reading decides whole (a deal, a seat order).
    pub fn cite(&self, reading: Clause) -> Vec<Clause> {
        self.cite_where(reading, |_| true)
    }

    /// The clauses the spec gives for a reading's value, of either text.
    pub fn spec_clauses(&self, reading: Clause) -> &[Clause] {
        // Clause ids are numbered from 1 (`Clause::new` refuses 0): no
        // reading's index saturates onto R1's.
        let i = usize::from(reading.number()).saturating_sub(1);
        self.citations.get(i).map_or(&[], |cs| cs.as_slice())
    }

    /// The pattern tables of the move generator, shared by the variant's clones.
    pub(crate) fn table_cache(&self) -> &TableCache {
        &self.tables
    }

    /// The clauses behind each reading's value, indexed like [`READINGS`].
    pub fn citations(&self) -> &[Vec<Clause>] {
        &self.citations
    }

    /// The `--rule` overrides in force.
    pub fn overrides(&self) -> &[(&'static Reading, String)] {
        &self.overrides
    }
}

#[cfg(test)]
mod tests {
    use std::sync::Arc;

    use crate::formats::builtin_variant;
    use crate::rules::table_cache::Table;

    fn table() -> Table {
        Table { legal: Box::new([1]), bonus: Box::new([0]) }
    }

    /// The move generator's tables are computed once per variant, whichever
    /// clone asks, and afresh for a variant with a rule changed.
    #[test]
    fn clones_share_the_pattern_tables_and_a_changed_rule_starts_afresh() {
        let english = builtin_variant("english").unwrap();
        let first = english.table_cache().get_or_compute(7, table);
        let clone = english.clone();
        assert!(Arc::ptr_eq(&first, &clone.table_cache().get_or_compute(7, || unreachable!())));
        let changed = english.with_rule("R4", "no").unwrap();
        assert!(!Arc::ptr_eq(&first, &changed.table_cache().get_or_compute(7, table)));
        assert!(Arc::ptr_eq(&first, &clone.table_cache().get_or_compute(7, || unreachable!())));
    }
}
