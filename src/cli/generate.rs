//! `quadominos generate`: a seeded random position written as YAML, with a
//! note in the file (and on standard error) whenever it is smaller than
//! asked, so that it is never taken for what was asked.

use std::fmt::Write as _;

use quadominos::formats::{RuleOverrides, position_yaml, unnamed_spec_note};
use quadominos::rules::SpecOrigin;

use super::shared::{Failure, RuleArgs};

/// Write a seeded random position (YAML): a board grown by legal
/// placements from a random first tile, and a hand of unused tiles.
#[derive(clap::Args)]
#[command(after_help = "Example:\n  quadominos generate --seed 2026 --tiles 60 --hand 15 > position.yaml")]
pub struct Args {
    /// The seed; the same seed and variant always give the same position.
    #[arg(long, default_value_t = 0)]
    pub seed: u64,
    /// Tiles on the board; fewer when no legal placement is left or the
    /// set runs out, which is said on standard error and in the file.
    #[arg(long, default_value_t = 20)]
    pub tiles: usize,
    /// Tiles in the hand, from those not on the board; fewer when the
    /// set runs out, which is said on standard error and in the file.
    #[arg(long, default_value_t = 6)]
    pub hand: usize,
    #[command(flatten)]
    pub rules: RuleArgs,
}

pub fn run(args: Args) -> Result<(String, u8), Failure> {
    let Args { seed, tiles, hand, rules } = args;
    let variant = rules.choice().resolve(None, None)?;
    let position = quadominos::rules::random_position(&variant, seed, tiles, hand);
    // The overrides are written as `rules:`, so the file reloads under the
    // rules it was grown under; the first line is the command that makes it.
    let overrides = RuleOverrides::of(&variant);
    let again: String = overrides.0.iter().map(|(k, v)| format!(" --rule {k}={v}")).collect();
    let chosen = match variant.origin() {
        SpecOrigin::Shipped => format!("--variant {}", variant.name()),
        SpecOrigin::File(path) => format!("--spec {}", path.display()),
        SpecOrigin::Unnamed => "--spec -".to_string(),
    };
    let mut out = format!("# quadominos generate --seed {seed} --tiles {tiles} --hand {hand} {chosen}{again}\n");
    if variant.reference().is_none() {
        eprintln!("note: {}", unnamed_spec_note(&variant));
    }
    // Fewer tiles than asked is said, with why: on standard error and
    // in the file, so that the position is not taken for what was asked.
    let set = variant.tile_set().len();
    let placed = position.board.len();
    if placed < tiles {
        let why = if placed == set {
            format!("the {} set has only {set} tiles", variant.tile_set().name())
        } else {
            format!("after {placed} no unused tile had a legal placement left")
        };
        let note =
            format!("the board has {}, not the {tiles} asked (--tiles): {why}", super::shared::counted(placed, "tile"));
        eprintln!("note: {note}");
        let _ = writeln!(out, "# note: {note}");
    }
    if position.hand.len() < hand {
        let note = format!(
            "the hand has {}, not the {hand} asked (--hand): only {} of the set's {set} tiles {} not on the board",
            super::shared::counted(position.hand.len(), "tile"),
            set - placed,
            if set - placed == 1 { "is" } else { "are" }
        );
        eprintln!("note: {note}");
        let _ = writeln!(out, "# note: {note}");
    }
    out.push_str(&position_yaml(&variant, &position.board, &position.hand));
    Ok((out, 0))
}
