//! `quadominos perft`: the number of sequences of successive placements
//! from the hand, with bonus placements per depth, optionally divided by
//! first placement so that two implementations can find where they part.
//! A count cut short by `--timeout` is never printed.

use std::fmt::Write as _;
use std::path::PathBuf;
use std::time::Duration;

use quadominos::fixtures::{DivideEntry, PerftFixture};
use quadominos::formats::{InputError, load_position};
use quadominos::rules::MoveGen;

use super::shared::{Failure, Format, RuleArgs, parse_seconds, serialize, within_printed};

/// Count the sequences of D successive placements from the hand (each
/// legal when made), with the bonus placements per depth; --divide splits
/// the count by first placement, so two implementations can find where
/// they disagree.
#[derive(clap::Args)]
#[command(after_help = "Examples:
  quadominos perft puzzles/bonus-corner.yaml --depth 3 --divide --format json
  quadominos perft puzzles/bonus-corner.yaml --depth 2 --format json > out/count.json
  quadominos fixtures --check out/count.json

--format json and yaml print one entry of a fixture suite's perft.json (position, notation, \
variant, depth, nodes, bonus, and divide with --divide), which `fixtures --check` reads back.")]
pub struct Args {
    /// A position or puzzle file.
    pub position: PathBuf,
    /// How many placements deep. A sequence is at most as long as the
    /// hand: past its size there are 0 sequences, counted at no extra
    /// cost, and bonus counts are given up to the hand's size.
    #[arg(long)]
    pub depth: usize,
    /// Give the count under each first placement (one line each, bounded
    /// by --max-printed).
    #[arg(long)]
    pub divide: bool,
    /// Stop after this many seconds; a count not finished is not
    /// printed at all (exit 2), never a partial one.
    #[arg(long, value_name = "SECONDS", value_parser = parse_seconds)]
    pub timeout: Option<Duration>,
    /// Walk on this many threads (0: one per core), the first placements
    /// shared out among them; the count is the same on any number.
    #[arg(long, value_name = "N", default_value_t = 1)]
    pub threads: usize,
    #[command(flatten)]
    pub rules: RuleArgs,
    /// Output format.
    #[arg(long, value_enum, default_value_t = Format::Text)]
    pub format: Format,
    /// Print only the count, for scripts; with --divide, first each first
    /// placement as `TILE X,Y NW,NE,SE,SW COUNT` (the form `moves -q`
    /// writes, then its count), the total alone on the last line.
    #[arg(short, long, conflicts_with = "format")]
    pub quiet: bool,
}

pub fn run(args: Args) -> Result<(String, u8), Failure> {
    let Args { position, depth, divide, timeout, threads, rules, format, quiet } = args;
    let deadline = timeout.map(|t| std::time::Instant::now() + t);
    let loaded = load_position(&position, &rules.choice())?;
    let p = &loaded.position;
    if divide && depth > 0 {
        // One line per first placement: refused before the walk,
        // not after it.
        let first = MoveGen::new(&loaded.variant, &p.board, &p.hand).count_moves();
        within_printed("first placements (--divide)", first)?;
    }
    let count = quadominos::fixtures::perft::perft_threads(
        &loaded.variant,
        &p.board,
        &p.hand,
        depth,
        divide,
        deadline,
        threads,
    )
    .ok_or_else(|| {
        let seconds = timeout.map_or(0.0, |t| t.as_secs_f64());
        Failure::Input(InputError::whole_file(
            "--timeout",
            format!("stopped by the time limit of {seconds:.3} s before the count was done; raise it with --timeout"),
        ))
    })?;
    let text = match format {
        Format::Text if quiet => {
            let mut out = String::new();
            for d in &count.divide {
                let _ = writeln!(out, "{} {}", super::shared::move_line(d.tile, d.at, d.corners), d.nodes);
            }
            let _ = writeln!(out, "{}", count.nodes);
            out
        }
        Format::Text => {
            let mut out = String::new();
            for d in &count.divide {
                let _ = writeln!(out, "{} {} at {}: {}", d.tile, d.corners, d.at, d.nodes);
            }
            if !count.divide.is_empty() {
                out.push('\n');
            }
            let _ = writeln!(out, "variant: {}", loaded.variant.label());
            let _ = writeln!(out, "depth {}: {} sequences", count.depth, count.nodes);
            for (i, b) in count.bonus.iter().enumerate() {
                let _ = writeln!(out, "  bonus placements at depth {}: {b}", i + 1);
            }
            if count.depth > p.hand.len() {
                let tiles = p.hand.len();
                let _ = writeln!(
                    out,
                    "  past depth {tiles}: nothing, every sequence is at most the hand's {tiles} tile{} long",
                    if tiles == 1 { "" } else { "s" }
                );
            }
            out
        }
        _ => {
            // One entry of perft.json, with the position it counts, so that
            // `fixtures --check` reads it back as it is.
            let label = loaded.variant.label();
            let record = PerftFixture {
                position: loaded.source.name.clone(),
                notation: quadominos::formats::notation::write(&p.board, &p.hand, Some(&label)),
                variant: label,
                depth: count.depth,
                nodes: count.nodes,
                bonus: count.bonus.clone(),
                divide: divide.then(|| {
                    count
                        .divide
                        .iter()
                        .map(|d| DivideEntry { tile: d.tile, at: d.at, corners: d.corners, nodes: d.nodes })
                        .collect()
                }),
            };
            serialize(&record, format)?
        }
    };
    Ok((text, 0))
}
