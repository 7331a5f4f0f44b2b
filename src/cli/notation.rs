//! `quadominos notation`: a position as one line of the position notation
//! (board, hand, variant), the form fixture files use.

use std::path::PathBuf;

use quadominos::formats::{load_position, notation};

use super::shared::{Failure, RuleArgs};

/// Print a position as one line of the position notation (board, hand,
/// the variant's label with any overrides, e.g. serbian+R4=no), the form
/// fixture files use; a `.qpn` file holding such a
/// line is accepted wherever a position file is.
#[derive(clap::Args)]
#[command(after_help = "Example:\n  quadominos notation puzzles/bonus-corner.yaml\n  \
quadominos notation puzzles/bonus-corner.yaml > corner.qpn && quadominos moves corner.qpn\n\n\
Notation: BOARD HAND [VARIANT[+ID=VALUE...]]; BOARD is X,Y:ABCD entries (corners NW,NE,SE,SW) joined by `;`,\n\
HAND tile ids joined by `,`, `-` for either when empty. Details: docs/FIXTURES.md.")]
pub struct Args {
    /// A position or puzzle file (YAML or .qpn).
    pub position: PathBuf,
    #[command(flatten)]
    pub rules: RuleArgs,
}

pub fn run(args: Args) -> Result<(String, u8), Failure> {
    let loaded = load_position(&args.position, &args.rules.choice())?;
    let p = &loaded.position;
    Ok((notation::write(&p.board, &p.hand, Some(&loaded.variant.label())) + "\n", 0))
}
