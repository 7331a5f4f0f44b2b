//! What several commands share: how the rules are chosen ([`RuleArgs`]),
//! the resource limits ([`LimitArgs`], [`solve_limits`]), the output formats
//! and their serialization, argument parsers, the failure type, and writing
//! output files ([`output`]: whole or not at all, never over an input).

use std::path::PathBuf;

pub mod arg_words;
pub mod colour;
pub mod output;
pub mod pages;
pub mod picture;
pub mod spinner;

use clap::{Args, ValueEnum};
use quadominos::formats::{InputError, LoadedPosition, MoveRecord, VariantChoice, move_records};
use quadominos::limits;
use quadominos::model::{Cell, Corners};
use quadominos::rules::MoveGen;
use serde::Serialize;

/// How the rules are chosen; the same on every command.
#[derive(Args, Clone, Debug, Default)]
pub struct RuleArgs {
    /// A shipped variant (english, english-beginner, serbian, serbian-chain)
    /// or a spec file; overrides the file's own `variant:` [default: the
    /// file's, else english].
    #[arg(long, value_name = "V")]
    pub variant: Option<String>,
    /// A variant spec file (YAML, as under specs/variants/).
    #[arg(long, value_name = "FILE", conflicts_with = "variant")]
    pub spec: Option<PathBuf>,
    /// Override one reading: NAME=VALUE, where NAME is R1-R32 or the option's
    /// name (e.g. R4=no, corner-match=at-least-one). Repeatable.
    #[arg(long = "rule", value_name = "K=V")]
    pub rules: Vec<String>,
}

/// Resource limits, on every command (see `quadominos::limits`). The
/// defaults are far above anything a real game needs.
#[derive(Args, Clone, Debug)]
pub struct LimitArgs {
    /// The largest input file read (bytes, or with K, M or G).
    #[arg(long, global = true, value_name = "SIZE", default_value = "64M", value_parser = limits::parse_bytes)]
    pub max_input_bytes: u64,
    /// The deepest nesting of mappings and sequences in an input file (at
    /// most 128, the YAML reader's own limit).
    #[arg(long, global = true, value_name = "N", default_value_t = 64, value_parser = clap::value_parser!(u16).range(1..=128))]
    pub max_nesting: u16,
    /// The most tiles a board or a hand may list.
    #[arg(long, global = true, value_name = "N", default_value_t = 1000, value_parser = clap::value_parser!(u32).range(1..))]
    pub max_tiles: u32,
    /// The most YAML nodes (keys, values, list entries, collection starts
    /// and ends) one input file may have.
    #[arg(long, global = true, value_name = "N", default_value_t = limits::DEFAULT_EVENTS as u64, value_parser = clap::value_parser!(u64).range(1..))]
    pub max_events: u64,
    /// The most moves, answers or rows printed; a longer answer is refused,
    /// never cut short.
    #[arg(long, global = true, value_name = "N", default_value_t = 100_000, value_parser = clap::value_parser!(u32).range(1..))]
    pub max_printed: u32,
    /// The most steps a page (--html) may hold: one for each event of a
    /// transcript, each action of a compared scenario. Counted from the
    /// file before the page is built. A page of 20,000 steps of a
    /// four-player game is about 12 MB, written in about 2.5 s in 250 MB.
    #[arg(long, global = true, value_name = "N", default_value_t = limits::DEFAULT_PAGE_STEPS as u64, value_parser = clap::value_parser!(u64).range(1..))]
    pub max_page_steps: u64,
    /// The memory a solver may take (z3's memory limit; the size of the
    /// native solver's table of positions searched and of the move
    /// generators' pattern tables); a generated fixture suite, held whole
    /// in memory, is refused beforehand when its estimate is more.
    #[arg(long, global = true, value_name = "SIZE", default_value = "4G", value_parser = limits::parse_bytes)]
    pub max_memory: u64,
}

impl LimitArgs {
    pub fn limits(&self) -> limits::ResourceLimits {
        limits::ResourceLimits {
            input_bytes: self.max_input_bytes,
            nesting: usize::from(self.max_nesting),
            tiles: self.max_tiles as usize,
            events: usize::try_from(self.max_events).unwrap_or(usize::MAX),
            printed: self.max_printed as usize,
            page_steps: usize::try_from(self.max_page_steps).unwrap_or(usize::MAX),
            memory: self.max_memory,
        }
    }
}

/// A solver's limits from the command line: `--timeout` and the process's
/// `--max-memory`.
pub fn solve_limits(timeout: Option<std::time::Duration>) -> quadominos::solve::Limits {
    quadominos::solve::Limits { timeout, memory: Some(limits::current().memory), ..Default::default() }
}

/// Refuses work that is held whole in memory before anything is written
/// (a generated suite) when its estimate, `bytes`, passes `--max-memory`:
/// before any of it is allocated, with the estimate and what to change.
pub fn within_memory(what: &str, bytes: u64, fewer: &str) -> Result<(), Failure> {
    let limit = limits::current().memory;
    if bytes > limit {
        return Err(Failure::Input(InputError::whole_file(
            "--max-memory",
            format!(
                "{what} would take about {} in memory, more than the limit of {}; raise it with --max-memory, or ask for {fewer}",
                limits::bytes(bytes),
                limits::bytes(limit)
            ),
        )));
    }
    Ok(())
}

/// Refuses an answer longer than `--max-printed` (nothing is printed).
pub fn within_printed(what: &str, n: usize) -> Result<(), Failure> {
    let limit = limits::current().printed;
    if n > limit {
        return Err(Failure::Input(InputError::whole_file(
            "--max-printed",
            format!("{n} {what}, more than the limit of {limit} printed; raise it with --max-printed"),
        )));
    }
    Ok(())
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum SolverChoice {
    /// The exact native search.
    Native,
    /// The z3 SMT encoding (built with the `smt` feature).
    Smt,
    /// Both, and they must agree.
    Both,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum Format {
    /// A readable report.
    Text,
    /// JSON, for tools.
    Json,
    /// YAML, for tools and people.
    Yaml,
}

impl RuleArgs {
    pub fn choice(&self) -> VariantChoice {
        VariantChoice { variant: self.variant.clone(), spec: self.spec.clone(), rules: self.rules.clone() }
    }
}

pub fn parse_numbers(text: &str) -> Result<Vec<i64>, String> {
    text.trim()
        .trim_start_matches('[')
        .trim_end_matches(']')
        .split(',')
        .map(|n| n.trim().parse::<i64>().map_err(|_| format!("`{}` is not a whole number", n.trim())))
        .collect()
}

/// A positive, finite number of seconds, for `--timeout`.
pub fn parse_seconds(text: &str) -> Result<std::time::Duration, String> {
    const FIX: &str = "write a number of seconds above 0, e.g. 30 or 2.5";
    let seconds: f64 = text.trim().parse().map_err(|_| format!("`{text}` is not a number of seconds: {FIX}"))?;
    if !(seconds.is_finite() && seconds > 0.0) {
        return Err(format!("{seconds} is not a positive number of seconds: {FIX}"));
    }
    std::time::Duration::try_from_secs_f64(seconds)
        .map_err(|_| format!("{} seconds is too long: write a shorter time, e.g. 3600", text.trim()))
}

pub fn parse_cell(text: &str) -> Result<Cell, String> {
    const FIX: &str = "write the cell as X,Y, e.g. 1,-1";
    match parse_numbers(text).map_err(|e| format!("{e}: {FIX}"))?[..] {
        [x, y] => {
            let x = i32::try_from(x).map_err(|_| format!("{x} is out of range: {FIX}"))?;
            let y = i32::try_from(y).map_err(|_| format!("{y} is out of range: {FIX}"))?;
            Ok(Cell::new(x, y))
        }
        _ => Err(FIX.into()),
    }
}

pub fn parse_corners(text: &str) -> Result<Corners, String> {
    let values = parse_numbers(text).map_err(|e| format!("{e}: write four values NW,NE,SE,SW, e.g. 1,4,5,5"))?;
    let [a, b, c, d] = values[..] else { return Err("write four values NW,NE,SE,SW, e.g. 1,4,5,5".into()) };
    let mut out = [0u8; 4];
    for (slot, v) in out.iter_mut().zip([a, b, c, d]) {
        *slot = u8::try_from(v)
            .ok()
            .filter(|&v| v <= 5)
            .ok_or(format!("value {v} is outside 0-5: write values from 0 to 5"))?;
    }
    Ok(Corners(out))
}

/// A failure: bad input (exit 2) or an internal contradiction (exit 3,
/// reported as a bug).
pub enum Failure {
    Input(InputError),
    Bug(String),
}

impl From<InputError> for Failure {
    fn from(e: InputError) -> Failure {
        Failure::Input(e)
    }
}

/// Every legal move of a loaded position's hand, each confirmed by the
/// judge; a move the judge refuses is a bug in the generator.
pub fn position_moves(loaded: &LoadedPosition) -> Result<Vec<MoveRecord>, Failure> {
    let p = &loaded.position;
    let generator = MoveGen::new(&loaded.variant, &p.board, &p.hand);
    move_records(&generator, &p.hand).map_err(|(m, reasons)| {
        let why: Vec<String> = reasons.iter().map(|r| r.to_string()).collect();
        Failure::Bug(format!(
            "the move generator listed {} {} at {} but the judge refuses it: {}",
            m.tile,
            m.corners,
            m.at,
            why.join("; ")
        ))
    })
}

/// A report as JSON or YAML (`Format::Text` is each command's own); the
/// YAML reads the same under YAML 1.1 and 1.2 ([`quadominos::formats::yaml`]).
pub fn serialize<T: Serialize>(value: &T, format: Format) -> Result<String, Failure> {
    match format {
        Format::Json => serde_json::to_string_pretty(value).map(|s| s + "\n").map_err(|e| Failure::Bug(e.to_string())),
        _ => quadominos::formats::yaml::to_string(value).map_err(|e| Failure::Bug(e.to_string())),
    }
}

/// One placement as `--quiet` reports write it: `TILE X,Y NW,NE,SE,SW`,
/// the values `explain --tile --at --corners` takes.
pub fn move_line(
    tile: quadominos::model::TileId,
    at: quadominos::model::Cell,
    corners: quadominos::model::Corners,
) -> String {
    let [nw, ne, se, sw] = corners.0;
    format!("{tile} {},{} {nw},{ne},{se},{sw}", at.x, at.y)
}

/// The most seeded positions per variant in a generated suite
/// (`--positions`): a suite is built whole in memory before it is written,
/// and a thousand positions of each variant, with their moves, hold about
/// a hundred megabytes.
pub const MAX_SUITE_POSITIONS: u64 = 1000;

/// The most games in a generated suite or played by an engine under each
/// variant (`--count`, `--play`): each is played to its end, a thousand
/// full games in minutes.
pub const MAX_SUITE_GAMES: u64 = 1000;

/// The most threads a search is shared over (`--threads`): more than the
/// cores only take turns on them.
pub const MAX_SEARCH_THREADS: u64 = 1024;

/// A count a user gives, from `min` to `max`: above it, clap refuses it
/// with exit 2 and the range, which the command's words turn into "write a
/// whole number from MIN to MAX", before anything is allocated for it.
pub fn count_from_to(min: u64, max: u64) -> clap::builder::RangedU64ValueParser<usize> {
    clap::builder::RangedU64ValueParser::<usize>::new().range(min..=max)
}

pub use quadominos::words::{counted, hand_line};
