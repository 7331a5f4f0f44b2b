//! Variant spec files (YAML under `specs/variants/`, also built into the
//! binary) and tile-set files.

use std::collections::BTreeMap;
use std::path::Path;

use schemars::JsonSchema;
use serde::Deserialize;

use super::input::{InputError, Source};
use super::kinds::FileKind;
use crate::error::suggest::did_you_mean;
use crate::error::{DocPath, Problem};
use crate::model::{Corners, TileSet};
use crate::rules::{Clause, READINGS, Reading, RuleSet, SpecOrigin, Text, Variant, VariantParts};

use super::shipped::{BUILTIN_VARIANTS, shipped_variant_names};

/// A choice with the clause ids behind it.
#[derive(Clone, Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
#[schemars(rename = "Cited-{T}")]
pub struct Cited<T> {
    /// The value chosen.
    pub value: T,
    /// The clauses that justify it.
    #[serde(default)]
    pub clauses: Vec<Clause>,
}

/// A variant spec as written: unchecked.
#[derive(Clone, Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
// Without a base, the spec gives every part.
#[schemars(extend(
    "if" = {"not": {"required": ["base"]}},
    "then" = {"required": ["tile-set", "target", "rules"], "properties": {"rules": {"required": READINGS.iter().map(|r| r.name).collect::<Vec<_>>()}}}
))]
pub struct VariantSpec {
    /// The variant's name.
    pub name: String,
    /// One sentence on it.
    pub description: String,
    /// A shipped variant this spec changes: the tile set, the target and
    /// every option the spec does not give are the base's, with the base's
    /// clauses. Without a base the spec gives all of them.
    #[serde(default)]
    #[schemars(extend("enum" = BUILTIN_VARIANTS.iter().map(|(n, _)| *n).collect::<Vec<_>>()))]
    pub base: Option<String>,
    /// The source text the variant follows, `english` or `serbian`: its
    /// verdicts cite that text's clauses (and the readings) only. Without
    /// it, the base's text; without a base either, the text whose clauses
    /// the spec cites more often, and English where neither is cited more.
    #[serde(default)]
    pub text: Option<Text>,
    /// `full`, `beginner`, or a tile-set file relative to the spec.
    #[serde(default)]
    pub tile_set: Option<Cited<String>>,
    /// The score that wins the game.
    #[serde(default)]
    pub target: Option<Cited<u32>>,
    /// Options R1–R32 by name, each with a value and its clauses: every one
    /// of them, or with a base the ones that differ from it.
    #[serde(default)]
    #[schemars(schema_with = "spec_rules_schema")]
    pub rules: BTreeMap<String, Cited<serde_yaml::Value>>,
}

/// The schema of a spec's `rules:`: each option by name (a spec names
/// them, never by id), with one of its values and the clauses behind it.
fn spec_rules_schema(generator: &mut schemars::SchemaGenerator) -> schemars::Schema {
    let clauses = generator.subschema_for::<Vec<Clause>>();
    let properties: serde_json::Map<String, serde_json::Value> = READINGS
        .iter()
        .map(|r| {
            let entry = serde_json::json!({
                "description": format!("{}: {}", r.id, r.question),
                "type": "object",
                "properties": {"value": {"enum": super::reading_values(r)}, "clauses": clauses},
                "required": ["value"],
                "additionalProperties": false
            });
            (r.name.to_string(), entry)
        })
        .collect();
    schemars::json_schema!({
        "description": "Options R1-R32 by name, each {value, clauses}: every one of them, or with a base the ones that differ from it.",
        "type": "object",
        "properties": properties,
        "additionalProperties": false
    })
}

/// A tile-set file: a name and every tile as printed, `[nw, ne, se, sw]`.
#[derive(Clone, Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct TileSetFile {
    /// The set's name.
    pub name: String,
    /// Each tile's printed arrangement; each multiset once.
    #[schemars(length(min = 1), extend("uniqueItems" = true))]
    pub tiles: Vec<Corners>,
}

fn scalar_text(value: &serde_yaml::Value) -> Option<String> {
    match value {
        serde_yaml::Value::String(s) => Some(s.clone()),
        serde_yaml::Value::Number(n) => Some(n.to_string()),
        serde_yaml::Value::Bool(b) => Some(if *b { "yes" } else { "no" }.to_string()),
        _ => None,
    }
}

impl VariantSpec {
    /// Checks the spec's rules on top of `base` (the variant named by
    /// `base:`, if any), returning the rule set and each reading's clauses,
    /// or every problem with its path.
    pub fn rule_set(&self, base: Option<&Variant>) -> Result<(RuleSet, Vec<Vec<Clause>>), Vec<Problem>> {
        let mut problems = Vec::new();
        let (mut values, mut citations) = match base {
            Some(b) => (
                serde_yaml::to_value(b.rules()).ok().and_then(|v| v.as_mapping().cloned()).unwrap_or_default(),
                b.citations().to_vec(),
            ),
            None => (serde_yaml::Mapping::new(), vec![Vec::new(); READINGS.len()]),
        };
        let mut unknown = Vec::new();
        for (key, cited) in &self.rules {
            let path = DocPath::from("rules").key(key);
            let reading = match READINGS.iter().find(|r| r.name == key.as_str()) {
                Some(r) => r,
                None => {
                    let at = DocPath::from("rules").key_name(key);
                    let (message, hinted) = match Reading::find(key) {
                        // Written by its id: the fix is the name alone.
                        Ok(r) => (format!("unknown rule option `{key}` (write it as `{}`)", r.name), true),
                        Err(_) => {
                            let names = READINGS.iter().map(|r| r.name);
                            (format!("unknown rule option `{key}`{}", did_you_mean(key, names)), false)
                        }
                    };
                    unknown.push((at, message, hinted));
                    continue;
                }
            };
            let Some(text) = scalar_text(&cited.value) else {
                let written = match &cited.value {
                    serde_yaml::Value::Sequence(_) => "a list",
                    serde_yaml::Value::Mapping(_) => "a mapping of `key: value` entries",
                    serde_yaml::Value::Null => "nothing",
                    _ => "a tagged value",
                };
                let values: Vec<String> = reading.values.iter().map(|(v, _)| format!("`{v}`")).collect();
                let values = match values.split_last() {
                    Some((last, rest)) if !rest.is_empty() => format!("{} or {last}", rest.join(", ")),
                    _ => values.join(""),
                };
                let message = format!(
                    "a value of {} ({}), one word, belongs here, not {written}; write {values}",
                    reading.id, reading.name
                );
                problems.push(Problem::new(path.key("value"), message));
                continue;
            };
            if let Err(e) = reading.check_value(&text) {
                problems.push(Problem::new(path.key("value"), e.to_string()));
                continue;
            }
            values.insert(reading.name.into(), text.into());
            // Reading ids are numbered from 1, so the index never wraps.
            if let Some(slot) = citations.get_mut(usize::from(reading.id.number()).wrapping_sub(1)) {
                *slot = cited.clauses.clone();
            }
        }
        let missing: Vec<String> = READINGS
            .iter()
            .filter(|r| base.is_none() && !self.rules.contains_key(r.name))
            .map(|r| format!("{} ({})", r.id, r.name))
            .collect();
        if !unknown.is_empty() {
            // A misspelt option is also a missing one: say so at the
            // misspelling, the place to fix, not at the start of `rules`.
            let unset = if missing.is_empty() { String::new() } else { format!("; not set: {}", missing.join(", ")) };
            problems.extend(
                unknown
                    .into_iter()
                    .map(|(path, message, hinted)| Problem::new(path, if hinted { message } else { message + &unset })),
            );
        } else if !missing.is_empty() {
            problems.push(Problem::new(
                DocPath::from("rules"),
                format!("a spec sets every option; missing: {}", missing.join(", ")),
            ));
        }
        if !problems.is_empty() {
            return Err(problems);
        }
        let rules = serde_yaml::from_value(serde_yaml::Value::Mapping(values))
            .map_err(|e| vec![Problem::new(DocPath::from("rules"), e.to_string())])?;
        Ok((rules, citations))
    }
}

/// The shipped variant called `name`.
pub fn builtin_variant(name: &str) -> Option<Variant> {
    let (_, text) = BUILTIN_VARIANTS.iter().find(|(n, _)| *n == name)?;
    load_spec(&Source::builtin(name, text)).ok().map(|v| v.with_origin(SpecOrigin::Shipped))
}

/// Why a variant named somewhere could not be had.
pub(super) enum Named {
    /// The name as written names no variant (none is shipped by that name,
    /// the file is not there, or it is no spec): said where it is written.
    Here(String),
    /// The spec it names has mistakes of its own, said in that file.
    Inside(InputError),
}

/// A variant by shipped name, or from a spec file. A relative spec path is
/// taken relative to `relative_to` (the file that names it) when given; a
/// mistake in the name itself is said at its `variant:`, or of `--variant`.
pub fn load_variant(name_or_path: &str, relative_to: Option<&Source>) -> Result<Variant, InputError> {
    load_variant_as(name_or_path, relative_to, "--variant")
}

/// [`load_variant`], a mistake in the name said of `flag` (`--spec`) where
/// no file names it.
pub fn load_variant_as(name_or_path: &str, relative_to: Option<&Source>, flag: &str) -> Result<Variant, InputError> {
    named_variant(name_or_path, relative_to).map_err(|e| match (e, relative_to) {
        (Named::Here(message), Some(source)) => source.problems(vec![Problem::new(DocPath::from("variant"), message)]),
        (Named::Here(message), None) => InputError::whole_file(flag, message),
        (Named::Inside(e), _) => e,
    })
}

/// [`load_variant`], with the mistake in the name apart from those in the
/// spec it names, for a file that names variants elsewhere than at
/// `variant:` (a scenario's `variants:`).
pub(super) fn named_variant(name_or_path: &str, relative_to: Option<&Source>) -> Result<Variant, Named> {
    if let Some((name, text)) = BUILTIN_VARIANTS.iter().find(|(n, _)| *n == name_or_path) {
        return Ok(load_spec(&Source::builtin(name, text)).map_err(Named::Inside)?.with_origin(SpecOrigin::Shipped));
    }
    let or_a_file =
        || format!("write one of the shipped variants, {}, or the path of a spec file", shipped_variant_names());
    // A file built into the binary (a shipped scenario) names the files
    // built in beside it, never a file of the working folder.
    if let Some(source) = relative_to
        && let Some(inside) = source
            .name
            .strip_prefix("<builtin>/")
            .and_then(|name| name.strip_prefix(super::SHIPPED_SCENARIO_FOLDER))
            .and_then(|name| name.strip_prefix('/'))
    {
        let written = match inside.rsplit_once('/') {
            Some((dir, _)) => format!("{dir}/{name_or_path}"),
            None => name_or_path.to_string(),
        };
        let Some(text) = super::shipped_scenario_file(&written) else {
            return Err(Named::Here(format!("no spec `{name_or_path}` is built in beside this scenario")));
        };
        let source = Source::builtin(&format!("{}/{written}", super::SHIPPED_SCENARIO_FOLDER), text);
        return load_spec(&source).map_err(Named::Inside);
    }
    // An empty name (`variant: ""`, or a bare tag such as `!english`, which
    // YAML reads as an empty text) would name the file's own folder.
    if name_or_path.trim().is_empty() {
        return Err(Named::Here(format!("no variant is named; {}", or_a_file())));
    }
    let path = match relative_to {
        Some(source) => source.relative(name_or_path),
        None => name_or_path.into(),
    };
    if relative_to.is_some() && path.is_dir() {
        return Err(Named::Here(format!("`{name_or_path}` is a folder, not a spec file; {}", or_a_file())));
    }
    // `-` on the command line is standard input; inside a file it is no name.
    let stdin = relative_to.is_none() && super::input::is_stdin(&path);
    if !(stdin || name_or_path.contains(['/', '.']) || path.exists()) {
        return Err(Named::Here(format!(
            "unknown variant `{name_or_path}`{}; shipped variants are {}, or give the path of a spec file",
            did_you_mean(name_or_path, BUILTIN_VARIANTS.iter().map(|(n, _)| *n)),
            shipped_variant_names()
        )));
    }
    if let (Some(_), Err(e)) = (relative_to, std::fs::metadata(&path)) {
        let why = super::input::unreadable(&path, &e);
        return Err(Named::Here(format!("cannot read the spec {}: {why}", path.display())));
    }
    let source = Source::read(&path).map_err(|e| not_a(FileKind::Spec, name_or_path, e))?;
    let variant = load_spec(&source).map_err(|e| refused(&source, FileKind::Spec, name_or_path, e))?;
    Ok(match std::fs::canonicalize(&path) {
        Ok(absolute) if !stdin => variant.with_origin(SpecOrigin::File(absolute)),
        _ => variant,
    })
}

/// What a file named as a spec or a tile set is, where it cannot be read
/// as one: a file that is not text is none; one that cannot be read says
/// why (nothing of it is shown either way).
fn not_a(kind: FileKind, written: &str, e: InputError) -> Named {
    match e.problems.first() {
        Some(p) if p.message.contains("not valid UTF-8") => {
            Named::Here(not_a_spec(kind, written, " (it is not UTF-8 text)"))
        }
        _ => Named::Inside(e),
    }
}

/// A spec or tile set refused: its own mistakes where it is one written
/// wrongly, or passes a limit (which quotes nothing of it); what it is
/// where it is a file of another kind (a puzzle given to `--spec`); else
/// that it is none.
fn refused(source: &Source, kind: FileKind, written: &str, e: InputError) -> Named {
    if e.problems.iter().any(super::Located::is_limit) || looks_like(source, kind) {
        Named::Inside(e)
    } else if let Some(other) = source.kind_instead_of(kind) {
        Named::Here(format!("`{written}` is {}, not {}: {}", other.noun(), kind.noun(), other.readers()))
    } else {
        Named::Here(not_a_spec(kind, written, ""))
    }
}

/// Whether a file read as a spec or a tile set is one, written wrongly:
/// a mapping with a `name:`, most of whose keys are those of the kind. A
/// file that is not (a configuration, a key file, a note) is said to be
/// none, and nothing of it is quoted: not a key, not a value, not a line.
fn looks_like(source: &Source, kind: FileKind) -> bool {
    let Some(keys) = source.top_keys() else { return false };
    let known = kind.keys();
    let ours = keys.iter().filter(|k| known.contains(k)).count();
    keys.iter().any(|k| k == "name") && ours * 2 >= keys.len()
}

/// The message for a file named as a spec or a tile set that is none.
fn not_a_spec(kind: FileKind, written: &str, why: &str) -> String {
    let looks = match kind {
        FileKind::TileSet => {
            "a YAML mapping of `name:` and `tiles:`, a list of `[nw, ne, se, sw]` (docs/FORMATS.md, \"Tile-set files\")"
        }
        _ => {
            "a YAML mapping of `name:`, `description:` and either `base:` (the shipped variant it changes) or `tile-set:`, `target:` and `rules:` (docs/FORMATS.md, \"Variant specs\")"
        }
    };
    format!("`{written}` is not {}{why}: write one as {looks}; nothing of the file is shown", kind.noun())
}

/// The longest name a spec may have.
const MAX_NAME: usize = 64;

/// What is wrong with a spec's name: a name is a label's first part, so it
/// is letters, digits, `-` and `_` (no line break, no `+` or `=`, which a
/// label reads as an override); and a shipped variant's name belongs to
/// that variant, which a spec may only repeat exactly.
fn name_problem(name: &str) -> Option<String> {
    let word = |c: char| c.is_ascii_alphanumeric() || c == '-' || c == '_';
    (name.is_empty() || name.chars().count() > MAX_NAME || !name.chars().all(word)).then(|| {
        format!(
            "`{name}` is not a variant's name: write 1 to {MAX_NAME} letters, digits, `-` and `_` (it names the variant in labels and notation lines, e.g. `house-rules`)"
        )
    })
}

/// Reads a spec from its source.
pub fn load_spec(source: &Source) -> Result<Variant, InputError> {
    let spec: VariantSpec = source.parse_as(FileKind::Spec, |_| Vec::new())?;
    let base = match &spec.base {
        None => None,
        // Only a shipped variant can be a base: they have no base themselves,
        // so a chain of bases cannot loop.
        Some(name) => Some(builtin_variant(name).ok_or_else(|| {
            let message = format!("unknown base `{name}`; a base is a shipped variant: {}", shipped_variant_names());
            source.problems(vec![Problem::new(DocPath::from("base"), message)])
        })?),
    };
    let mut problems: Vec<Problem> =
        name_problem(&spec.name).map(|m| Problem::new(DocPath::from("name"), m)).into_iter().collect();
    if base.is_none() {
        for (key, given) in [("tile-set", spec.tile_set.is_some()), ("target", spec.target.is_some())] {
            if !given {
                problems.push(missing(key));
            }
        }
    }
    let rules = spec.rule_set(base.as_ref());
    let (rules, citations) = match rules {
        Err(p) => {
            problems.extend(p);
            return Err(source.problems(problems));
        }
        Ok(_) if !problems.is_empty() => return Err(source.problems(problems)),
        Ok(built) => built,
    };
    let variant = build(source, spec, base, rules, citations)?;
    // A spec read from a file that takes a shipped variant's name is that
    // variant, or a label naming it would read back under other rules.
    let shipped = BUILTIN_VARIANTS.iter().any(|(n, _)| *n == variant.name());
    if shipped
        && !source.name.starts_with("<builtin>/")
        && let Some(same) = builtin_variant(variant.name())
        && (same.rules() != variant.rules()
            || same.tile_set() != variant.tile_set()
            || same.target() != variant.target()
            || same.text() != variant.text())
    {
        let message = format!(
            "`{}` is a shipped variant's name, and this spec is not that variant; give it a name of its own, e.g. `{}-house`",
            variant.name(),
            variant.name()
        );
        return Err(source.problems(vec![Problem::new(DocPath::from("name"), message)]));
    }
    Ok(variant)
}

/// A part that a spec without a base must give.
fn missing(key: &str) -> Problem {
    Problem::new(DocPath::root(), format!("a spec without `base` gives `{key}`"))
}

/// The variant a checked spec describes, on top of its base.
fn build(
    source: &Source,
    spec: VariantSpec,
    base: Option<Variant>,
    rules: RuleSet,
    citations: Vec<Vec<Clause>>,
) -> Result<Variant, InputError> {
    let (tile_set, tile_set_clauses) = match (&spec.tile_set, &base) {
        (Some(cited), _) => {
            let set = match cited.value.as_str() {
                "full" => TileSet::full(),
                "beginner" => TileSet::beginner(),
                file => {
                    let path = source.relative(file);
                    let here = |message: String| {
                        source.problems(vec![Problem::new(DocPath::from("tile-set").key("value"), message)])
                    };
                    if let Err(e) = std::fs::metadata(&path) {
                        let why = super::input::unreadable(&path, &e);
                        return Err(here(format!("cannot read the tile set {}: {why}", path.display())));
                    }
                    match tile_set_named(&path, file) {
                        Ok(set) => set,
                        Err(Named::Here(message)) => return Err(here(message)),
                        Err(Named::Inside(e)) => return Err(e),
                    }
                }
            };
            (set, cited.clauses.clone())
        }
        (None, Some(b)) => (b.tile_set().clone(), b.tile_set_clauses().to_vec()),
        (None, None) => return Err(source.problems(vec![missing("tile-set")])),
    };
    let (target, target_clauses) = match (&spec.target, &base) {
        (Some(cited), _) => (cited.value, cited.clauses.clone()),
        (None, Some(b)) => (b.target(), b.target_clauses().to_vec()),
        (None, None) => return Err(source.problems(vec![missing("target")])),
    };
    let text = spec.text.or(base.as_ref().map(Variant::text)).unwrap_or_else(|| {
        let cited =
            || citations.iter().flatten().chain(&tile_set_clauses).chain(&target_clauses).filter_map(|&c| Text::of(c));
        let count = |t: Text| cited().filter(|&c| c == t).count();
        if count(Text::Serbian) > count(Text::English) { Text::Serbian } else { Text::English }
    });
    Ok(Variant::new(VariantParts {
        name: spec.name,
        description: spec.description,
        text,
        tile_set,
        tile_set_clauses,
        target,
        target_clauses,
        rules,
        citations,
    }))
}

/// A tile-set file named `written` (in a spec), at `path`.
fn tile_set_named(path: &Path, written: &str) -> Result<TileSet, Named> {
    let source = Source::read(path).map_err(|e| not_a(FileKind::TileSet, written, e))?;
    let file: TileSetFile = source
        .parse_as(FileKind::TileSet, |_| Vec::new())
        .map_err(|e| refused(&source, FileKind::TileSet, written, e))?;
    TileSet::from_printed(file.name, file.tiles).map_err(|e| {
        let at = match &e {
            crate::model::TileSetError::Duplicate { second, .. } => DocPath::from("tiles").index(*second),
            crate::model::TileSetError::Empty => DocPath::from("tiles"),
            crate::model::TileSetError::NotMade { entry } => DocPath::from("tiles").index(*entry),
        };
        Named::Inside(source.problems(vec![Problem::new(at, e.to_string())]))
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::{BonusThreshold, CornerMatch, YesNo};

    #[test]
    fn every_shipped_spec_loads_and_sets_the_values_rules_md_lists() {
        for (name, _) in BUILTIN_VARIANTS {
            let v = builtin_variant(name).unwrap_or_else(|| panic!("{name} does not load"));
            assert_eq!(v.name(), name);
        }
        let english = builtin_variant("english").unwrap();
        let serbian = builtin_variant("serbian").unwrap();
        assert_eq!(english.rules().corner_match, CornerMatch::EveryValue);
        assert_eq!(serbian.rules().corner_match, CornerMatch::AtLeastOne);
        assert_eq!(english.rules().bonus_threshold, BonusThreshold::Three);
        assert_eq!(english.tile_set().len(), 125);
        let beginner = builtin_variant("english-beginner").unwrap();
        assert_eq!((beginner.tile_set().len(), beginner.target()), (70, 600));
        assert_eq!(*beginner.rules(), *english.rules());
        let chain = builtin_variant("serbian-chain").unwrap();
        assert_eq!(chain.rules().bonus_chain, YesNo::Yes);
        assert_eq!(RuleSet { bonus_chain: YesNo::No, ..*chain.rules() }, *serbian.rules());
    }

    #[test]
    fn a_spec_cites_its_clauses_for_each_reading() {
        let english = builtin_variant("english").unwrap();
        let cites: Vec<String> = english.cite("R2".parse().unwrap()).iter().map(|c| c.to_string()).collect();
        assert_eq!(cites, ["R2", "E17"]);
        let overridden = english.with_rule("R2", "at-least-one").unwrap();
        assert_eq!(overridden.cite("R2".parse().unwrap()).len(), 1);
        assert_eq!(overridden.label(), "english+R2=at-least-one");
    }

    #[test]
    fn a_spec_with_a_base_changes_only_what_it_gives() {
        let text = "name: english-r18\ndescription: d\nbase: english\nrules:\n  going-out-bonus: {value: not-paid, clauses: [E10]}\n";
        let v = load_spec(&Source::builtin("based", text)).unwrap();
        let english = builtin_variant("english").unwrap();
        assert_eq!(v.name(), "english-r18");
        assert_eq!(*v.rules(), RuleSet { going_out_bonus: crate::rules::GoingOutBonus::NotPaid, ..*english.rules() });
        assert_eq!((v.tile_set().len(), v.target()), (english.tile_set().len(), english.target()));
        // The base's clauses stand for what the spec does not give.
        let ids = |v: &Variant, r: &str| v.cite(r.parse().unwrap()).iter().map(|c| c.to_string()).collect::<Vec<_>>();
        assert_eq!(ids(&v, "R2"), ["R2", "E17"]);
        assert_eq!(ids(&v, "R18"), ["R18", "E10"]);
        // A target given overrides the base's.
        let v = load_spec(&Source::builtin("based", &format!("{text}target: {{value: 300}}\n"))).unwrap();
        assert_eq!(v.target(), 300);
    }

    #[test]
    fn a_base_that_is_not_shipped_and_a_spec_without_base_or_parts_are_refused() {
        let err = load_spec(&Source::builtin("based", "name: x\ndescription: d\nbase: englsh\n")).unwrap_err();
        assert_eq!(err.problems.len(), 1);
        assert!(err.problems[0].message.contains("unknown base `englsh`; a base is a shipped variant: english,"));
        assert!(err.problems[0].to_string().starts_with("<builtin>/based:3:"), "{}", err.problems[0]);
        let err = load_spec(&Source::builtin("bare", "name: x\ndescription: d\n")).unwrap_err();
        let messages: Vec<String> = err.problems.iter().map(|p| p.message.clone()).collect();
        assert!(messages.iter().any(|m| m == "a spec without `base` gives `tile-set`"), "{messages:?}");
        assert!(messages.iter().any(|m| m == "a spec without `base` gives `target`"), "{messages:?}");
        assert!(
            messages.iter().any(|m| m.contains("a spec sets every option; missing: R1 (arrangement)")),
            "{messages:?}"
        );
    }

    #[test]
    fn a_spec_missing_an_option_or_with_a_bad_value_is_refused_where_it_is() {
        let text = BUILTIN_VARIANTS[0].1.replace("  deal:", "  dealing:").replace("every-value", "all");
        let err = load_spec(&Source::builtin("broken", &text)).unwrap_err();
        let messages: Vec<String> = err.problems.iter().map(|p| p.to_string()).collect();
        assert_eq!(messages.len(), 2, "{messages:#?}");
        assert!(messages.iter().any(|m| m.contains("`all` is not a value of R2")));
        // The misspelt option names the nearest option and what is left
        // unset, at the misspelling.
        assert!(
            messages
                .iter()
                .any(|m| m.contains("unknown rule option `dealing` (did you mean `deal`?); not set: R16 (deal)")),
            "{messages:#?}"
        );
        assert!(messages.iter().all(|m| m.starts_with("<builtin>/broken:")));
        let text = BUILTIN_VARIANTS[0].1.replace("  deal:", "  # deal:");
        let err = load_spec(&Source::builtin("broken", &text)).unwrap_err();
        assert_eq!(err.problems.len(), 1);
        assert!(err.problems[0].message.ends_with("rules: a spec sets every option; missing: R16 (deal)"));
    }
}
