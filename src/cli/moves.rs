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
quadominos moves puzzles/bonus-corner.yaml --variant serbian --rule R4=no\n  \
quadominos moves puzzles/bonus-corner.yaml -q | head -1     # 1-4-5-5 1,-1 1,4,5,5")]
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
    /// an input of the command, nor a device or FIFO; `-` prints the SVG
    /// on standard output in place of the move list.
    #[arg(long, value_name = "FILE")]
    pub svg: Option<PathBuf>,
    /// Also draw that picture as PNG into FILE (never an input of the
    /// command, nor a device or FIFO; `-`: standard output, in place of
    /// the move list).
    #[arg(long, value_name = "FILE")]
    pub png: Option<PathBuf>,
    /// Print only the moves, for scripts: one a line as `TILE X,Y
    /// NW,NE,SE,SW`, the values `explain --tile --at --corners` takes, in
    /// the same order; nothing when there is none.
    #[arg(short, long, conflicts_with = "format")]
    pub quiet: bool,
}

pub fn run(args: Args) -> Result<(String, u8), Failure> {
    let Args { position, rules, format, svg, png, quiet } = args;
    let loaded = load_position(&position, &rules.choice())?;
    super::shared::picture::check(&svg, &png)?;
    let moves = position_moves(&loaded)?;
    within_printed("moves", moves.len())?;
    let report = MovesReport { variant: loaded.variant.label(), moves };
    let text = match format {
        Format::Text if quiet => report.moves.iter().map(quiet_line).collect(),
        Format::Text => moves_text(&loaded, &report.moves),
        _ => serialize(&report, format)?,
    };
    super::shared::picture::write(&svg, &png, || super::render::moves_svg(&loaded, &report.moves))?;
    Ok((text, 0))
}

/// `moves --quiet`: one move as `explain` takes it.
fn quiet_line(m: &MoveRecord) -> String {
    super::shared::move_line(m.tile, m.at, m.corners) + "\n"
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
