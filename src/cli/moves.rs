//! `quadominos moves`: every legal placement of every hand tile, each
//! confirmed by the judge, as a table or for tools; optionally the board as
//! SVG with the number of moves into each open cell.

use std::fmt::Write as _;
use std::path::PathBuf;

use quadominos::formats::{LoadedPosition, MoveRecord, MovesReport, load_position};
use quadominos::render::board_text;

use super::shared::{Failure, Format, RuleArgs, hand_line, position_moves, serialize, within_printed};

/// List every legal placement of every hand tile on a position's board.
#[derive(clap::Args)]
#[command(after_help = "Example:\n  quadominos moves puzzles/bonus-corner.yaml --format json\n  \
quadominos moves puzzles/bonus-corner.yaml --variant serbian --rule R4=no")]
pub struct Args {
    /// A position or puzzle file (YAML: variant, board, hand).
    pub position: PathBuf,
    #[command(flatten)]
    pub rules: RuleArgs,
    /// Output format.
    #[arg(long, value_enum, default_value_t = Format::Text)]
    pub format: Format,
    /// Also draw the board as SVG into FILE: each open cell with its
    /// number of moves, a star where one earns a bonus. FILE is never
    /// an input of the command, nor a device or FIFO.
    #[arg(long, value_name = "FILE")]
    pub svg: Option<PathBuf>,
}

pub fn run(args: Args) -> Result<(String, u8), Failure> {
    let Args { position, rules, format, svg } = args;
    let loaded = load_position(&position, &rules.choice())?;
    super::shared::output::check(&svg.iter().map(|p| ("--svg", p.as_path())).collect::<Vec<_>>())?;
    let moves = position_moves(&loaded)?;
    within_printed("moves", moves.len())?;
    let report = MovesReport { variant: loaded.variant.label(), moves };
    let text = match format {
        Format::Text => moves_text(&loaded, &report.moves),
        _ => serialize(&report, format)?,
    };
    if let Some(path) = &svg {
        super::shared::output::write_files(&[(
            "--svg",
            path,
            super::render::moves_svg(&loaded, &report.moves).as_bytes(),
        )])?;
    }
    Ok((text, 0))
}

fn yes(b: bool) -> &'static str {
    if b { "yes" } else { "no" }
}

fn moves_text(loaded: &LoadedPosition, moves: &[MoveRecord]) -> String {
    let mut out = String::new();
    let _ = writeln!(out, "variant: {}", loaded.variant.label());
    out.push_str(&board_text(&loaded.position.board));
    let _ = writeln!(out, "hand: {}\n", hand_line(&loaded.position.hand));
    if !moves.is_empty() {
        let _ = writeln!(
            out,
            "{:<8} {:<10} {:<13} {:>6} {:>7}  {:<5}  by weight",
            "tile", "at", "corners", "points", "matched", "bonus"
        );
        for m in moves {
            let _ = writeln!(
                out,
                "{:<8} {:<10} {:<13} {:>6} {:>7}  {:<5}  {}",
                m.tile.to_string(),
                m.at.to_string(),
                m.corners.to_string(),
                m.points,
                m.matched,
                yes(m.bonus),
                yes(m.by_weight)
            );
        }
        out.push('\n');
    }
    let bonus = moves.iter().filter(|m| m.bonus).count();
    let _ =
        writeln!(out, "{} legal move{}, {bonus} with a bonus", moves.len(), if moves.len() == 1 { "" } else { "s" });
    out
}
