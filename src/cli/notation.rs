//! `quadominos notation`: a position as one line of the position notation
//! (board, hand, variant), the form fixture files use, or a line back as a
//! position file.

use std::path::PathBuf;

use quadominos::formats::{BoardEntry, RuleOverrides, load_position, notation, position_yaml, unnamed_spec_note};
use quadominos::model::TileId;
use quadominos::rules::SpecOrigin;

use super::shared::{Failure, Format, RuleArgs, serialize};

/// Convert a position between its two forms: a YAML (or JSON) position file
/// and one line of the position notation (board, hand, and the variant's
/// label with any overrides, e.g. serbian+R4=no), the form fixture files
/// use. A `.qpn` file holding such a line is accepted
/// wherever a position file is; `-` reads standard input, either form.
#[derive(clap::Args)]
#[command(after_help = "Examples:\n  quadominos notation puzzles/bonus-corner.yaml\n  \
quadominos notation puzzles/bonus-corner.yaml > out/corner.qpn && quadominos moves out/corner.qpn\n  \
echo '0,0:5555 1-4-5-5 english' | quadominos notation - --format yaml\n\n\
Notation: BOARD HAND [VARIANT[+ID=VALUE...]]; BOARD is X,Y:ABCD entries (corners NW,NE,SE,SW) joined by `;`,\n\
HAND tile ids joined by `,`, `-` for either when empty. Details: docs/FIXTURES.md.")]
pub struct Args {
    /// A position or puzzle file (YAML or .qpn), or `-` for standard input.
    pub position: PathBuf,
    #[command(flatten)]
    pub rules: RuleArgs,
    /// What to write: `text`, the notation line; `yaml`, a position file;
    /// `json`, the same position file as JSON. A puzzle's goal and
    /// expectation are not part of a position and are left out.
    #[arg(long, value_enum, default_value_t = Format::Text)]
    pub format: Format,
}

/// A position file's content, for `--format json`.
#[derive(serde::Serialize)]
struct PositionOut<'a> {
    variant: &'a str,
    /// The overrides, by reading id (each reading once, so a map).
    #[serde(skip_serializing_if = "std::collections::BTreeMap::is_empty")]
    rules: std::collections::BTreeMap<String, String>,
    board: Vec<BoardEntry>,
    hand: &'a [TileId],
}

pub fn run(args: Args) -> Result<(String, u8), Failure> {
    let loaded = load_position(&args.position, &args.rules.choice())?;
    let p = &loaded.position;
    // The variant as a written file must name it to be read again: the
    // shipped name or the spec's path.
    let reference = loaded.variant.reference();
    if reference.is_none() {
        eprintln!("note: {}", unnamed_spec_note(&loaded.variant));
    }
    let name = reference.unwrap_or_else(|| loaded.variant.name().to_string());
    // Overrides travel with the position in every form: in the line's
    // label, and as `rules:` in a file.
    let overrides = RuleOverrides::of(&loaded.variant);
    let board: Vec<BoardEntry> = p.board.tiles().into_iter().map(|(at, tile)| BoardEntry { at, tile }).collect();
    let out = match args.format {
        Format::Text => {
            // A line's label names shipped variants only (paths do not fit
            // its grammar): under a spec file the line carries the spec's
            // name, and a comment, which a `.qpn` file may hold, says how
            // it reads back.
            let line = notation::write(&p.board, &p.hand, Some(&loaded.variant.label())) + "\n";
            match loaded.variant.origin() {
                SpecOrigin::File(path) => {
                    let rules: String = overrides.0.iter().map(|(k, v)| format!(" --rule {k}={v}")).collect();
                    format!("# read back with --spec {}{rules}\n{line}", path.display())
                }
                _ => line,
            }
        }
        Format::Json => {
            let rules = overrides.0.iter().cloned().collect();
            serialize(&PositionOut { variant: &name, rules, board, hand: &p.hand }, Format::Json)?
        }
        Format::Yaml => position_yaml(&loaded.variant, &p.board, &p.hand),
    };
    Ok((out, 0))
}
