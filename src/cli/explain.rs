//! `quadominos explain`: one placement judged, with the verdict, every
//! corner's contacts, the points and the clause ids behind them, or every
//! reason it is refused. Exit status 1 when it is illegal.

use std::fmt::Write as _;
use std::path::PathBuf;

use quadominos::formats::{LoadedPosition, VerdictReport, load_position};
use quadominos::model::{Cell, Corners, TileId};
use quadominos::render::board_text;
use quadominos::rules::Placement;

use super::shared::{Failure, Format, RuleArgs, colour, parse_cell, parse_corners, serialize};

/// Judge one placement and give the verdict with its reasons and clause ids.
#[derive(clap::Args)]
#[command(
    after_help = "Example:\n  quadominos explain puzzles/bonus-corner.yaml --tile 1-4-5-5 --at 1,-1 --corners 1,4,5,5\n\
In a script: quadominos explain ... -q prints `legal` or `illegal`.\n\
Exit status 0 when the placement is legal, 1 when it is not."
)]
pub struct Args {
    /// A position or puzzle file (YAML: variant, board, hand).
    pub position: PathBuf,
    /// The tile's id, e.g. 1-4-5-5 (defaults to the corners' tile).
    #[arg(long)]
    pub tile: Option<TileId>,
    /// The cell, X,Y (e.g. 1,-1).
    #[arg(long, allow_hyphen_values = true, value_parser = parse_cell)]
    pub at: Cell,
    /// The corners clockwise from north-west, NW,NE,SE,SW (e.g. 1,4,5,5).
    #[arg(long, value_parser = parse_corners)]
    pub corners: Corners,
    /// Do not require the tile to be in the position's hand.
    #[arg(long)]
    pub any_tile: bool,
    #[command(flatten)]
    pub rules: RuleArgs,
    /// Output format.
    #[arg(long, value_enum, default_value_t = Format::Text)]
    pub format: Format,
    /// Print only the verdict, for scripts: `legal` or `illegal`. The exit
    /// status is unchanged (1 when illegal).
    #[arg(short, long, conflicts_with = "format")]
    pub quiet: bool,
}

pub fn run(args: Args) -> Result<(String, u8), Failure> {
    let Args { position, tile, at, corners, any_tile, rules, format, quiet } = args;
    let loaded = load_position(&position, &rules.choice())?;
    let tile = tile.unwrap_or_else(|| corners.id());
    let p = Placement { tile, at, corners };
    let hand = (!any_tile).then_some(&loaded.position.hand[..]);
    let report = VerdictReport::new(&loaded.position.board, &loaded.variant, p, hand);
    let code = if report.legal { 0 } else { 1 };
    let text = match format {
        Format::Text if quiet => format!("{}\n", verdict(report.legal)),
        Format::Text => explain_text(&loaded, &report),
        _ => serialize(&report, format)?,
    };
    Ok((text, code))
}

/// `legal` or `illegal`, coloured on a terminal.
fn verdict(legal: bool) -> String {
    if legal { colour::out(colour::GOOD, "legal") } else { colour::out(colour::BAD, "illegal") }
}

fn explain_text(loaded: &LoadedPosition, r: &VerdictReport) -> String {
    let mut out = String::new();
    let _ = writeln!(out, "variant: {}", r.variant);
    out.push_str(&board_text(&loaded.position.board));
    let _ = writeln!(out, "placement: {} as {} at {}", r.tile, r.corners, r.at);
    if r.legal {
        let _ = writeln!(
            out,
            "verdict: {}{}",
            verdict(true),
            if r.by_weight == Some(true) { " by equal weight (R5)" } else { "" }
        );
        for c in &r.contacts {
            let found: Vec<String> = c.found.iter().map(|(d, v)| format!("{v} from {d}")).collect();
            let _ = writeln!(
                out,
                "  {} = {} at ({}, {}): {} ({})",
                c.corner,
                c.value,
                c.point[0],
                c.point[1],
                if c.matched { "matched" } else { "unmatched" },
                found.join(", ")
            );
        }
        let _ = writeln!(out, "matched corners: {}", r.matched.unwrap_or(0));
        let _ = writeln!(out, "points: {}", r.points.unwrap_or(0));
        let _ =
            writeln!(out, "bonus: {}", if r.bonus == Some(true) { "yes: 25 points or two bonus tiles" } else { "no" });
        let clauses: Vec<String> = r.clauses.iter().map(|c| c.to_string()).collect();
        let _ = writeln!(out, "clauses: {}", clauses.join(", "));
    } else {
        let _ = writeln!(out, "verdict: {}", verdict(false));
        for reason in &r.reasons {
            let clauses: Vec<String> = reason.clauses.iter().map(|c| c.to_string()).collect();
            if clauses.is_empty() {
                let _ = writeln!(out, "  - {}", reason.reason);
            } else {
                let _ = writeln!(out, "  - {} [{}]", reason.reason, clauses.join(", "));
            }
        }
        // The readings whose other value would allow it, and their grounds.
        let clauses: Vec<String> = r.clauses.iter().map(|c| c.to_string()).collect();
        if !clauses.is_empty() {
            let _ = writeln!(out, "clauses: {}", clauses.join(", "));
        }
    }
    out
}
