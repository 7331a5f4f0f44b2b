//! The kinds of file the toolkit reads, with the keys each takes (read from
//! its JSON Schema under `specs/schema/`, which the tests hold to the
//! types) and the commands that read it, so that a file given where
//! another kind belongs is named for what it is (`this is a scenario, not a
//! puzzle: `check` or `compare` run it`), not refused key by key.

/// A kind of input file.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum FileKind {
    Position,
    Puzzle,
    Scenario,
    Transcript,
    Spec,
    TileSet,
}

impl FileKind {
    const ALL: [FileKind; 6] = [
        FileKind::Position,
        FileKind::Puzzle,
        FileKind::Scenario,
        FileKind::Transcript,
        FileKind::Spec,
        FileKind::TileSet,
    ];

    /// The kind in words, with its article.
    pub fn noun(self) -> &'static str {
        match self {
            FileKind::Position => "a position",
            FileKind::Puzzle => "a puzzle",
            FileKind::Scenario => "a scenario",
            FileKind::Transcript => "a transcript",
            FileKind::Spec => "a variant spec",
            FileKind::TileSet => "a tile-set file",
        }
    }

    /// What reads a file of this kind.
    pub fn readers(self) -> &'static str {
        match self {
            FileKind::Position => "`moves`, `explain`, `notation`, `bonuses`, `perft` and `render` read it",
            FileKind::Puzzle => "`solve` reads it (and `render`, and `puzzle --check`)",
            FileKind::Scenario => "`check` or `compare` run it",
            FileKind::Transcript => "`replay` reads it (and `render`)",
            FileKind::Spec => "give it with `--spec FILE`, or name it in a file's `variant:`",
            FileKind::TileSet => "a variant spec names it in `tile-set: {value: FILE}`",
        }
    }

    /// What the messages about the file's shape call what was expected.
    pub fn what(self) -> &'static str {
        match self {
            FileKind::Position | FileKind::Puzzle => "position: a mapping with `board:` and `hand:`",
            FileKind::Scenario => "scenario",
            FileKind::Transcript => "transcript: a mapping with `version:`, `variant:`, `events:`",
            FileKind::Spec => "variant spec",
            FileKind::TileSet => "tile set",
        }
    }

    /// The top-level keys whose lists the tile limit counts.
    pub fn lists(self) -> &'static [&'static str] {
        match self {
            FileKind::Position | FileKind::Puzzle => &["board", "hand"],
            FileKind::TileSet => &["tiles"],
            _ => &[],
        }
    }

    fn schema(self) -> &'static str {
        match self {
            FileKind::Position => include_str!("../../specs/schema/position.schema.json"),
            FileKind::Puzzle => include_str!("../../specs/schema/puzzle.schema.json"),
            FileKind::Scenario => include_str!("../../specs/schema/scenario.schema.json"),
            FileKind::Transcript => include_str!("../../specs/schema/transcript.schema.json"),
            FileKind::Spec => include_str!("../../specs/schema/variant-spec.schema.json"),
            FileKind::TileSet => include_str!("../../specs/schema/tile-set.schema.json"),
        }
    }

    /// The keys a file of this kind takes at its top level.
    pub fn keys(self) -> Vec<String> {
        let schema: serde_json::Value = serde_json::from_str(self.schema()).unwrap_or_default();
        schema
            .get("properties")
            .and_then(serde_json::Value::as_object)
            .map_or_else(Vec::new, |p| p.keys().cloned().collect())
    }
}

/// The other kind of file whose keys are all of `keys` (a document's
/// top-level keys), where exactly one such kind is not `expected` and the
/// keys do not fit `expected`: a position with `goal:` is a puzzle.
pub(super) fn other_kind(expected: FileKind, keys: &[String]) -> Option<FileKind> {
    let takes = |kind: FileKind| {
        let known = kind.keys();
        !keys.is_empty() && keys.iter().all(|k| known.contains(k))
    };
    let family = |kind: FileKind| if kind == FileKind::Puzzle { FileKind::Position } else { kind };
    if takes(expected) {
        return None;
    }
    let mut others =
        FileKind::ALL.into_iter().filter(|&k| k != FileKind::Puzzle && family(k) != family(expected) && takes(k));
    let kind = others.next()?;
    if others.next().is_some() {
        return None;
    }
    Some(if kind == FileKind::Position && keys.iter().any(|k| k == "goal") { FileKind::Puzzle } else { kind })
}
