//! `rules:` in a position, puzzle or scenario file: readings changed on top
//! of the file's variant, written as `--rule NAME=VALUE` takes them
//! (`rules: {R4: no}` or `rules: {diagonal-neighbours: no}`), so that a file
//! made under `--rule` reloads under the same rules.

use std::fmt;

use serde::Deserialize;

use crate::error::{DocPath, Problem};
use crate::rules::{READINGS, Reading, RuleError, Variant};

/// `rules:` as written: each reading, by id (`R4`) or option name, with the
/// value given, in the order written (the order a variant's label shows).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct RuleOverrides(pub Vec<(String, String)>);

impl RuleOverrides {
    /// Whether no reading is changed.
    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }

    /// What is wrong with the names and values, each at its place under
    /// `at` (`rules`): an unknown reading at its key, an unknown value at
    /// the value, a reading given twice (by id and by name) at the second.
    pub fn problems(&self, at: &DocPath) -> Vec<Problem> {
        self.entry_problems(at).into_iter().map(|(_, p)| p).collect()
    }

    /// [`RuleOverrides::problems`], each with the index of the entry it is
    /// about (for the notation, which locates an entry by its column).
    pub fn entry_problems(&self, at: &DocPath) -> Vec<(usize, Problem)> {
        let mut problems = Vec::new();
        let mut seen: Vec<(&'static Reading, &str)> = Vec::new();
        for (i, (name, value)) in self.0.iter().enumerate() {
            let reading = match Reading::find(name) {
                Ok(r) => r,
                Err(e) => {
                    problems.push((i, Problem::new(at.key_name(name), e.to_string())));
                    continue;
                }
            };
            if let Some((_, first)) = seen.iter().find(|(r, _)| r.id == reading.id) {
                problems.push((
                    i,
                    Problem::new(
                        at.key_name(name),
                        format!(
                            "{} ({}) is already given as `{first}`; give each reading once",
                            reading.id, reading.name
                        ),
                    ),
                ));
                continue;
            }
            seen.push((reading, name));
            if let Err(e) = reading.check_value(value) {
                problems.push((i, Problem::new(at.key(name), e.to_string())));
            }
        }
        problems
    }

    /// `variant` with every override applied, in order; the first one
    /// refused is the error.
    pub fn apply(&self, mut variant: Variant) -> Result<Variant, RuleError> {
        for (name, value) in &self.0 {
            variant = variant.with_rule(name, value)?;
        }
        Ok(variant)
    }

    /// The overrides `variant` carries (its `--rule`s and its file's
    /// `rules:`), by reading id: what a writer of positions writes back.
    pub fn of(variant: &Variant) -> RuleOverrides {
        RuleOverrides(variant.overrides().iter().map(|(r, v)| (r.id.to_string(), v.clone())).collect())
    }

    /// The flow mapping a YAML file writes them as: `{R4: no, R7: 4}`.
    pub fn to_yaml_flow(&self) -> String {
        // Every value of a reading is a word or a number, which the reader
        // turns back into the same text; `no`, which YAML 1.1 reads as a
        // boolean, is quoted.
        let entries: Vec<String> = self.0.iter().map(|(k, v)| format!("{k}: {v}")).collect();
        super::yaml::quote_yaml11(&format!("{{{}}}", entries.join(", ")))
    }
}

/// One override as a label writes it (`+R4=no`): where it starts, in
/// characters from the label's start, and the name and value written.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LabelOverride {
    /// The offset of the name.
    pub offset: usize,
    /// The reading, by id or option name.
    pub name: String,
    /// The value.
    pub value: String,
}

/// A variant's label (`serbian+R4=no+R7=4`) split into the variant's name
/// and its overrides; `Err` holds the offset and message of an override
/// that is not `NAME=VALUE`. The names and values are not checked here.
pub fn split_label(label: &str) -> Result<(String, Vec<LabelOverride>), (usize, String)> {
    let mut parts = label.split('+');
    let name = parts.next().unwrap_or_default().to_string();
    let mut offset = name.chars().count() + 1;
    let mut overrides = Vec::new();
    for part in parts {
        match part.split_once('=') {
            Some((k, v)) if !k.is_empty() && !v.is_empty() => {
                overrides.push(LabelOverride { offset, name: k.to_string(), value: v.to_string() });
            }
            _ => return Err((offset, RuleError::Malformed(part.to_string()).to_string())),
        }
        offset += part.chars().count() + 1;
    }
    Ok((name, overrides))
}

impl<'de> Deserialize<'de> for RuleOverrides {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<RuleOverrides, D::Error> {
        struct MapVisitor;
        impl<'de> serde::de::Visitor<'de> for MapVisitor {
            type Value = RuleOverrides;
            fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str("a mapping from reading (R1-R32 or the option's name) to value, e.g. {R4: no}")
            }
            fn visit_unit<E: serde::de::Error>(self) -> Result<RuleOverrides, E> {
                Ok(RuleOverrides::default())
            }
            fn visit_map<A: serde::de::MapAccess<'de>>(self, mut map: A) -> Result<RuleOverrides, A::Error> {
                let mut entries = Vec::new();
                while let Some(key) = map.next_key::<String>()? {
                    let RuleValue(value) = map.next_value()?;
                    entries.push((key, value));
                }
                Ok(RuleOverrides(entries))
            }
        }
        d.deserialize_any(MapVisitor)
    }
}

/// One value as written: a word, or a number or yes/no the YAML reader
/// took for another type (`R7: 4`, `R4: false`), read back as the text
/// `--rule` would take.
struct RuleValue(String);

impl<'de> Deserialize<'de> for RuleValue {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<RuleValue, D::Error> {
        struct ValueVisitor;
        impl serde::de::Visitor<'_> for ValueVisitor {
            type Value = RuleValue;
            fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str("one of the reading's values, a single word (e.g. no, at-least-one, 4)")
            }
            fn visit_str<E: serde::de::Error>(self, v: &str) -> Result<RuleValue, E> {
                Ok(RuleValue(v.to_string()))
            }
            fn visit_bool<E: serde::de::Error>(self, v: bool) -> Result<RuleValue, E> {
                Ok(RuleValue(if v { "yes" } else { "no" }.to_string()))
            }
            fn visit_i64<E: serde::de::Error>(self, v: i64) -> Result<RuleValue, E> {
                Ok(RuleValue(v.to_string()))
            }
            fn visit_u64<E: serde::de::Error>(self, v: u64) -> Result<RuleValue, E> {
                Ok(RuleValue(v.to_string()))
            }
        }
        d.deserialize_any(ValueVisitor)
    }
}

/// The values a reading's entry may take in a YAML file, as JSON values: each
/// word, and where the YAML reader turns it into another type, that type
/// too (`4` a number, `yes`/`no` as `true`/`false`).
pub fn reading_values(reading: &Reading) -> Vec<serde_json::Value> {
    let mut values = Vec::new();
    for (text, _) in reading.values {
        values.push(serde_json::Value::from(*text));
        if let Ok(n) = text.parse::<u64>() {
            values.push(serde_json::Value::from(n));
        }
        match *text {
            "yes" => values.push(serde_json::Value::Bool(true)),
            "no" => values.push(serde_json::Value::Bool(false)),
            _ => {}
        }
    }
    values
}

impl schemars::JsonSchema for RuleOverrides {
    fn schema_name() -> std::borrow::Cow<'static, str> {
        "RuleOverrides".into()
    }

    fn json_schema(_: &mut schemars::SchemaGenerator) -> schemars::Schema {
        let mut properties = serde_json::Map::new();
        let mut dependent = serde_json::Map::new();
        for reading in &READINGS {
            let id = reading.id.to_string();
            let values = serde_json::json!({
                "description": format!("{} ({}): {}", reading.id, reading.name, reading.question),
                "enum": reading_values(reading),
            });
            properties.insert(id.clone(), values.clone());
            properties.insert(reading.name.to_string(), values);
            // By id or by name, once.
            dependent.insert(id, serde_json::json!({"not": {"required": [reading.name]}}));
        }
        schemars::json_schema!({
            "description": "Readings changed on top of the variant, as `--rule NAME=VALUE` takes them: a reading id (R1-R32) or option name, and one of its values. Applied in the order written; each reading once.",
            "type": "object",
            "properties": properties,
            "additionalProperties": false,
            "dependentSchemas": dependent
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn read(text: &str) -> RuleOverrides {
        serde_yaml::from_str(text).unwrap()
    }

    #[test]
    fn values_the_yaml_reader_types_are_read_back_as_words() {
        let r = read("{R4: no, R7: 4, equal-weight: true, corner-match: at-least-one}");
        let pairs: Vec<(&str, &str)> = r.0.iter().map(|(k, v)| (k.as_str(), v.as_str())).collect();
        assert_eq!(pairs, [("R4", "no"), ("R7", "4"), ("equal-weight", "yes"), ("corner-match", "at-least-one")]);
        assert!(r.problems(&DocPath::from("rules")).is_empty());
        assert!(serde_yaml::from_str::<RuleOverrides>("{R4: [no]}").is_err());
    }

    #[test]
    fn unknown_names_values_and_a_reading_given_twice_are_problems_where_written() {
        let r = read("{R33: no, R4: maybe, R2: at-least-one, corner-match: every-value}");
        let problems: Vec<String> = r.problems(&DocPath::from("rules")).iter().map(|p| p.to_string()).collect();
        assert_eq!(problems.len(), 3, "{problems:?}");
        assert!(problems[0].starts_with("rules.R33: unknown rule option `R33`"), "{problems:?}");
        assert!(problems[1].contains("`maybe` is not a value of R4 (diagonal-neighbours)"), "{problems:?}");
        assert!(problems[2].contains("R2 (corner-match) is already given as `R2`"), "{problems:?}");
    }

    #[test]
    fn a_label_splits_into_the_name_and_its_overrides_with_their_offsets() {
        let (name, rules) = split_label("serbian+R4=no+R7=4").unwrap();
        assert_eq!(name, "serbian");
        let written: Vec<(usize, &str, &str)> =
            rules.iter().map(|o| (o.offset, o.name.as_str(), o.value.as_str())).collect();
        assert_eq!(written, [(8, "R4", "no"), (14, "R7", "4")]);
        assert_eq!(split_label("english").unwrap(), ("english".to_string(), vec![]));
        assert_eq!(split_label("english+R4=no+R7").unwrap_err().0, 14);
    }
}
