//! JSON Schemas of the files this toolkit writes for other implementations
//! (transcripts and fixtures), generated from the Rust types with
//! `schemars`. The committed copies live under `specs/schema/`; a test fails
//! when they are stale (`quadominos schema --out specs/schema` rewrites them).

use std::borrow::Cow;

use schemars::{JsonSchema, Schema, SchemaGenerator, json_schema};

use crate::model::{Cell, Corners, TileId};
use crate::rules::Clause;

impl JsonSchema for TileId {
    fn schema_name() -> Cow<'static, str> {
        "TileId".into()
    }

    fn json_schema(_: &mut SchemaGenerator) -> Schema {
        json_schema!({
            "description": "A tile's identity: its four values ascending, joined by dashes, e.g. `0-1-1-3`.",
            "type": "string",
            "pattern": "^[0-5]-[0-5]-[0-5]-[0-5]$"
        })
    }
}

impl JsonSchema for Corners {
    fn schema_name() -> Cow<'static, str> {
        "Corners".into()
    }

    fn json_schema(_: &mut SchemaGenerator) -> Schema {
        json_schema!({
            "description": "A placed tile's values clockwise from north-west: [nw, ne, se, sw].",
            "type": "array",
            "items": {"type": "integer", "minimum": 0, "maximum": 5},
            "minItems": 4,
            "maxItems": 4
        })
    }
}

impl JsonSchema for Cell {
    fn schema_name() -> Cow<'static, str> {
        "Cell".into()
    }

    fn json_schema(_: &mut SchemaGenerator) -> Schema {
        json_schema!({
            "description": "A cell [x, y]: x grows east, y grows south; negative values are allowed.",
            "type": "array",
            "items": {"type": "integer"},
            "minItems": 2,
            "maxItems": 2
        })
    }
}

impl JsonSchema for Clause {
    fn schema_name() -> Cow<'static, str> {
        "Clause".into()
    }

    fn json_schema(_: &mut SchemaGenerator) -> Schema {
        json_schema!({
            "description": "A clause id of RULES.md: E1-E19 (English rules), S1-S19 (Serbian rules), R1-R16 (readings).",
            "type": "string",
            "pattern": "^(E(1[0-9]|[1-9])|S(1[0-9]|[1-9])|R(1[0-6]|[1-9]))$"
        })
    }
}

/// One schema file: its name under `specs/schema/` and its text.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SchemaFile {
    /// The file name, e.g. `transcript.schema.json`.
    pub name: &'static str,
    /// The pretty-printed JSON, ending in a newline.
    pub text: String,
}

fn file<T: JsonSchema>(name: &'static str) -> SchemaFile {
    let schema = schemars::schema_for!(T);
    let text = serde_json::to_string_pretty(&schema).map(|s| s + "\n").unwrap_or_default();
    SchemaFile { name, text }
}

/// Every schema, in a fixed order: the transcript, each fixture kind and
/// the manifest.
pub fn schemas() -> Vec<SchemaFile> {
    use crate::fixtures::{Manifest, PerftFixture, PositionFixture, ScenarioFixture};
    vec![
        file::<crate::transcript::Transcript>("transcript.schema.json"),
        file::<crate::transcript::Mismatch>("replay-mismatch.schema.json"),
        file::<Vec<PositionFixture>>("positions.schema.json"),
        file::<Vec<PerftFixture>>("perft.schema.json"),
        file::<Vec<ScenarioFixture>>("scenarios.schema.json"),
        file::<Manifest>("manifest.schema.json"),
    ]
}
