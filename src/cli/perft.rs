//! `quadominos perft`: the number of sequences of successive placements
//! from the hand, with bonus placements per depth, optionally divided by
//! first placement so that two implementations can find where they part.
//! A count cut short by `--timeout` is never printed.

use std::fmt::Write as _;
use std::path::PathBuf;
use std::time::Duration;

use quadominos::formats::{InputError, Source, load_position};
use quadominos::rules::MoveGen;
use quadominos::suite::{DivideEntry, Part, PerftFixture, sum_parts};

use super::shared::{Failure, Format, RuleArgs, counted, parse_seconds, serialize, within_printed};

/// Count the sequences of D successive placements from the hand (each
/// legal when made), with the bonus placements per depth; --divide splits
/// the count by first placement, so two implementations can find where
/// they disagree.
#[derive(clap::Args)]
#[command(after_help = "Examples:
  quadominos perft puzzles/bonus-corner.yaml --depth 3 --divide --format json
  quadominos perft puzzles/bonus-corner.yaml --depth 2 --format json > out/count.json
  quadominos fixtures --check out/count.json
  quadominos perft puzzles/bonus-corner.yaml --depth 3 --part 2/4 --format json > out/part-2.json
  quadominos perft --sum out/part-1.json out/part-2.json out/part-3.json out/part-4.json

--format json and yaml print one entry of a fixture suite's perft.json (position, notation, \
variant, depth, nodes, bonus, and divide with --divide), which `fixtures --check` reads back.
A deep count splits into independent parts (--part I/K, one process or machine each: a job \
array, GNU parallel, a CI matrix) that --sum adds up into what one run gives; docs/FIXTURES.md \
shows the recipes.")]
pub struct Args {
    /// A position or puzzle file.
    #[arg(required_unless_present = "sum", conflicts_with = "sum")]
    pub position: Option<PathBuf>,
    /// How many placements deep. A sequence is at most as long as the
    /// hand: past its size there are 0 sequences, counted at no extra
    /// cost, and bonus counts are given up to the hand's size.
    #[arg(long, required_unless_present = "sum", conflicts_with = "sum")]
    pub depth: Option<usize>,
    /// Count one share of the whole, I of K (e.g. 2/8): the sequences whose
    /// first placement is the Ith of every K in divide order. The K parts,
    /// each written with --format json, add up with --sum.
    #[arg(long, value_name = "I/K", value_parser = parse_part, conflicts_with = "sum")]
    pub part: Option<Part>,
    /// Add up the parts of one count (files written by --part I/K with
    /// --format json or yaml), checking that each part is there once, and
    /// print the whole as one run would.
    #[arg(long, value_name = "FILES", num_args = 1.., conflicts_with_all = ["timeout", "threads"])]
    pub sum: Vec<PathBuf>,
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
    #[arg(long, value_name = "N", default_value_t = 1,
          value_parser = super::shared::count_from_to(0, super::shared::MAX_SEARCH_THREADS))]
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

fn parse_part(text: &str) -> Result<Part, String> {
    text.parse()
}

pub fn run(args: Args) -> Result<(String, u8), Failure> {
    if !args.sum.is_empty() {
        return sum(&args.sum, args.format, args.quiet);
    }
    let Args { position, depth, part, divide, timeout, threads, rules, format, quiet, .. } = args;
    // clap requires both unless --sum is given.
    let (Some(position), Some(depth)) = (position, depth) else {
        return Err(Failure::Bug("perft without a position or a depth".into()));
    };
    let deadline = timeout.map(|t| std::time::Instant::now() + t);
    let loaded = load_position(&position, &rules.choice())?;
    let p = &loaded.position;
    if divide && depth > 0 {
        // One line per first placement: refused before the walk,
        // not after it.
        let first = MoveGen::new(&loaded.variant, &p.board, &p.hand).count_moves();
        within_printed("first placements (--divide)", first)?;
    }
    let query = quadominos::suite::PerftQuery {
        divide,
        deadline,
        threads,
        part,
        ..quadominos::suite::PerftQuery::new(&loaded.variant, &p.board, &p.hand, depth)
    };
    let count = query.count().ok_or_else(|| {
        let seconds = timeout.map_or(0.0, |t| t.as_secs_f64());
        Failure::Input(InputError::whole_file(
            "--timeout",
            format!("stopped by the time limit of {seconds:.3} s before the count was done; raise it with --timeout"),
        ))
    })?;
    let label = loaded.variant.label();
    let record = PerftFixture {
        position: loaded.source.name.clone(),
        notation: quadominos::formats::notation::write(&p.board, &p.hand, Some(&label)),
        variant: label,
        depth: count.depth,
        nodes: count.nodes,
        bonus: count.bonus,
        divide: divide.then(|| count.divide.iter().map(DivideEntry::from).collect()),
        part,
    };
    Ok((print(&record, p.hand.len(), format, quiet)?, 0))
}

/// `--sum FILES`: the parts read back and added up.
fn sum(files: &[PathBuf], format: Format, quiet: bool) -> Result<(String, u8), Failure> {
    let mut parts = Vec::with_capacity(files.len());
    for file in files {
        let source = Source::read(file)?;
        parts.push(source.parse::<PerftFixture>("perft count, as perft --part I/K --format json prints it")?);
    }
    let whole = sum_parts(&parts).map_err(|why| Failure::Input(InputError::whole_file("--sum", why)))?;
    let hand = quadominos::formats::notation::parse(&whole.notation).map_or(usize::MAX, |read| read.hand.len());
    Ok((print(&whole, hand, format, quiet)?, 0))
}

/// A count as each format prints it; `hand` is the hand's size, for the
/// note on depths past it.
fn print(record: &PerftFixture, hand: usize, format: Format, quiet: bool) -> Result<String, Failure> {
    let divide = record.divide.as_deref().unwrap_or_default();
    Ok(match format {
        Format::Text if quiet => {
            let mut out = String::new();
            for d in divide {
                let _ = writeln!(out, "{} {}", super::shared::move_line(d.tile, d.at, d.corners), d.nodes);
            }
            let _ = writeln!(out, "{}", record.nodes);
            out
        }
        Format::Text => {
            let mut out = String::new();
            for d in divide {
                let _ = writeln!(out, "{} {} at {}: {}", d.tile, d.corners, d.at, d.nodes);
            }
            if !divide.is_empty() {
                out.push('\n');
            }
            let _ = writeln!(out, "variant: {}", record.variant);
            if let Some(part) = record.part {
                let _ = writeln!(out, "part {part} of the first placements");
            }
            let _ = writeln!(out, "depth {}: {}", record.depth, counted(record.nodes, "sequence"));
            for (i, b) in record.bonus.iter().enumerate() {
                let _ = writeln!(out, "  bonus placements at depth {}: {b}", i + 1);
            }
            if record.depth > hand {
                let _ = writeln!(
                    out,
                    "  past depth {hand}: nothing, every sequence is at most the hand's {hand} tile{} long",
                    if hand == 1 { "" } else { "s" }
                );
            }
            out
        }
        // One entry of perft.json, with the position it counts, so that
        // `fixtures --check` reads it back as it is.
        _ => serialize(record, format)?,
    })
}
