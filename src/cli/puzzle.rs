//! `quadominos puzzle`: pose a puzzle from a seed, with one proven best
//! answer and a measured difficulty; or (`--check`) prove a puzzle file's
//! answer unique again and measure its difficulty against its
//! `difficulty:` key.

use std::path::PathBuf;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::{Duration, Instant};

use quadominos::formats::{InputError, Level, load_puzzle};
use quadominos::puzzle::{Bounds, Kind, PoseError, Request, Unmeasured, measure_within, pose_within, puzzle_file};
use quadominos::rules::{SpecOrigin, Variant};
use quadominos::solve::FillObjective;

use super::shared::{Failure, RuleArgs};

/// `--timeout` when none is given: far more than any book puzzle takes to
/// pose, and short enough that a request that cannot be met ends.
const DEFAULT_TIMEOUT: &str = "60";

/// `--max-nodes` when none is given: the enumeration of a fill's covers
/// keeps the same limit.
const DEFAULT_MAX_NODES: u64 = quadominos::puzzle::measure::FILL_NODES;

/// The most candidates `--tries` may ask for.
const MAX_TRIES: u64 = 1_000_000_000;

/// The kinds of puzzle, as `--goal` names them.
#[derive(Clone, Copy, Debug, clap::ValueEnum)]
pub enum GoalKind {
    /// The best turn (under serbian-chain, a chained best turn).
    BestTurn,
    /// The best sequence of --plays plays.
    BestSequence,
    /// The heaviest fill of --region from the hand.
    FillWeight,
    /// The fill of --region from the hand with the most bonuses.
    FillBonuses,
    /// The fills of --region from the whole hand, counted (one, up to a
    /// turn of an empty board).
    FillCount,
}

/// Pose a puzzle: draw positions from a seed until one has exactly one
/// best answer (counted as distinct sets of placements) and, with
/// --difficulty, that level; write it as a puzzle file with `expect:` and
/// its `difficulty:` figures, the command that made it on its first lines.
#[derive(clap::Args)]
#[command(after_help = "Examples:
  quadominos puzzle --seed 7 --goal best-turn --difficulty medium
  \
quadominos puzzle --seed 3 --goal fill-count --region 2x2 --tiles 0 --hand 4
  \
quadominos puzzle --check puzzles/book/english-turn-easy-a.yaml
\
The levels (docs/FORMATS.md): easy when the greedy play (each step the play that scores most by
\
itself) is the answer; hard when greedy falls 20% or more short, or the answer departs from it at
\
two plays or more, or greedy falls short while 3 or more answers come within 10%; medium between.
\
On a terminal, standard error shows how many candidates have been tried while it runs.
\
Exit status 0 when a puzzle is posed (or every file checked holds), 1 when no candidate fits within
\
--tries or the run is cut short by --timeout (nothing is written; or a file's figures do not hold,
\
or its proof is cut short), 2 on bad input, 3 when the rules refuse a solver's answer.")]
pub struct Args {
    /// The seed; the same seed and arguments always pose the same puzzle.
    #[arg(long, default_value_t = 0)]
    pub seed: u64,
    /// What the puzzle asks.
    #[arg(long, value_enum, default_value_t = GoalKind::BestTurn)]
    pub goal: GoalKind,
    /// For best-sequence: how many plays.
    #[arg(long, default_value_t = 2)]
    pub plays: usize,
    /// For a fill: the region, WIDTHxHEIGHT (at most 6 cells, so that every
    /// fill can be listed).
    #[arg(long, default_value = "2x2", value_parser = parse_region)]
    pub region: (u32, u32),
    /// Tiles on each candidate's board (0: an empty board, for a fill).
    #[arg(long, default_value_t = 20)]
    pub tiles: usize,
    /// Tiles in the hand (a fill's pool).
    #[arg(long, default_value_t = 5)]
    pub hand: usize,
    /// The level asked for: easy, medium or hard.
    #[arg(long, value_name = "LEVEL", value_parser = parse_level)]
    pub difficulty: Option<Level>,
    /// The most candidates drawn before giving up.
    #[arg(long, default_value_t = 300, value_parser = super::shared::count_from_to(1, MAX_TRIES))]
    pub tries: usize,
    /// Stop after this many seconds in all (every candidate drawn, proven
    /// and measured; with --check, every file); a run cut short says so
    /// and writes nothing.
    #[arg(long, value_name = "SECONDS", default_value = DEFAULT_TIMEOUT, value_parser = super::shared::parse_seconds)]
    pub timeout: Duration,
    /// The most nodes any one search of a candidate may take (its proof, a
    /// continuation weighed for `near`, the list of a fill's every cover);
    /// a candidate that needs more is passed over, the same on any machine.
    #[arg(long, value_name = "N", default_value_t = DEFAULT_MAX_NODES,
          value_parser = clap::value_parser!(u64).range(1..))]
    pub max_nodes: u64,
    /// The schema line to write first (`# yaml-language-server:
    /// $schema=PATH`), PATH relative to the file written.
    #[arg(long, value_name = "PATH")]
    pub schema: Option<String>,
    /// Write the puzzle to FILE (whole, or not at all) instead of standard
    /// output (`-`: standard output, as without the flag).
    #[arg(long, value_name = "FILE")]
    pub output: Option<PathBuf>,
    /// Instead of posing: prove each file's answer unique again and measure
    /// its difficulty, which must equal its `difficulty:` figures (all but
    /// `nodes`).
    #[arg(long, value_name = "FILE", num_args = 1.., conflicts_with_all = ["output", "difficulty"])]
    pub check: Vec<PathBuf>,
    #[command(flatten)]
    pub rules: RuleArgs,
}

fn parse_region(text: &str) -> Result<(u32, u32), String> {
    let bad = || format!("`{text}` is no region; write WIDTHxHEIGHT, e.g. 2x3, of at most 6 cells");
    let (w, h) = text.split_once(['x', 'X']).ok_or_else(bad)?;
    let (w, h): (u32, u32) = (w.trim().parse().map_err(|_| bad())?, h.trim().parse().map_err(|_| bad())?);
    if w == 0 || h == 0 || w * h > 6 {
        return Err(bad());
    }
    Ok((w, h))
}

fn parse_level(text: &str) -> Result<Level, String> {
    text.parse()
}

/// The command that poses the same puzzle again, as its header gives it.
fn command(args: &Args, variant: &quadominos::rules::Variant) -> String {
    let goal = match args.goal {
        GoalKind::BestTurn => "best-turn".to_string(),
        GoalKind::BestSequence => format!("best-sequence --plays {}", args.plays),
        GoalKind::FillWeight => "fill-weight".to_string(),
        GoalKind::FillBonuses => "fill-bonuses".to_string(),
        GoalKind::FillCount => "fill-count".to_string(),
    };
    let region = match args.goal {
        GoalKind::FillWeight | GoalKind::FillBonuses | GoalKind::FillCount => {
            format!(" --region {}x{}", args.region.0, args.region.1)
        }
        _ => String::new(),
    };
    let chosen = match variant.origin() {
        SpecOrigin::Shipped => format!("--variant {}", variant.name()),
        SpecOrigin::File(path) => format!("--spec {}", path.display()),
        SpecOrigin::Unnamed => "--spec -".to_string(),
    };
    let rules: String = args.rules.rules.iter().map(|r| format!(" --rule {r}")).collect();
    let level = args.difficulty.map_or(String::new(), |l| format!(" --difficulty {l}"));
    let schema = args.schema.as_ref().map_or(String::new(), |s| format!(" --schema {s}"));
    let output = args.output.as_ref().map_or(String::new(), |o| format!(" --output {}", o.display()));
    // The node limit decides which candidates are passed over, so it is
    // part of the command; the time limit only decides whether the run
    // ends at all.
    let nodes =
        if args.max_nodes == DEFAULT_MAX_NODES { String::new() } else { format!(" --max-nodes {}", args.max_nodes) };
    format!(
        "quadominos puzzle --seed {} --goal {goal}{region} --tiles {} --hand {}{level} --tries {}{nodes} {chosen}{rules}{schema}{output}",
        args.seed, args.tiles, args.hand, args.tries
    )
}

/// Refuses sizes no candidate can have: a board or a hand larger than the
/// tile set, an empty hand, a fill's pool smaller than its region, more
/// plays than the hand has tiles.
fn check_sizes(args: &Args, variant: &Variant) -> Result<(), Failure> {
    let set = variant.tile_set().ids().count();
    let name = variant.name();
    let refuse = |flag: &str, message: String| Err(Failure::Input(InputError::whole_file(flag, message)));
    if args.tiles >= set {
        return refuse(
            "--tiles",
            format!(
                "{} tiles cannot be laid with a tile left for the hand: the {name} set has {set}; give 0 to {}",
                args.tiles,
                set - 1
            ),
        );
    }
    let most = set - args.tiles;
    let cells = match args.goal {
        GoalKind::FillWeight | GoalKind::FillBonuses | GoalKind::FillCount => {
            usize::try_from(args.region.0 * args.region.1).unwrap_or(usize::MAX)
        }
        _ => 1,
    };
    if args.hand < cells.max(1) || args.hand > most {
        let laid = if args.tiles > 0 {
            format!(", --tiles {} lays {} of them", args.tiles, args.tiles)
        } else {
            String::new()
        };
        let need =
            if cells > 1 { format!(", and a fill of {cells} cells needs a tile for each") } else { String::new() };
        return refuse(
            "--hand",
            format!(
                "a hand of {} tiles cannot be drawn: the {name} set has {set} tiles{laid}{need}; give {} to {most}",
                args.hand,
                cells.max(1)
            ),
        );
    }
    if matches!(args.goal, GoalKind::BestSequence) && (args.plays == 0 || args.plays > args.hand) {
        return refuse(
            "--plays",
            format!("{} plays cannot be made from a hand of {} tiles; give 1 to {}", args.plays, args.hand, args.hand),
        );
    }
    Ok(())
}

pub fn run(args: Args) -> Result<(String, u8), Failure> {
    let bounds = Bounds { deadline: Some(Instant::now() + args.timeout), max_nodes: Some(args.max_nodes) };
    if !args.check.is_empty() {
        return check(&args, &bounds);
    }
    let variant = args.rules.choice().resolve(None, None)?;
    check_sizes(&args, &variant)?;
    if let Some(out) = &args.output {
        super::shared::output::check(&[("--output", out.as_path())])?;
    }
    let (width, height) = args.region;
    let kind = match args.goal {
        GoalKind::BestTurn => Kind::Turn,
        GoalKind::BestSequence => Kind::Sequence(args.plays),
        GoalKind::FillWeight => Kind::Fill { objective: FillObjective::Weight, width, height },
        GoalKind::FillBonuses => Kind::Fill { objective: FillObjective::Bonuses, width, height },
        GoalKind::FillCount => Kind::Fill { objective: FillObjective::Count, width, height },
    };
    let request = Request {
        variant: variant.clone(),
        seed: args.seed,
        kind,
        tiles: args.tiles,
        hand: args.hand,
        level: args.difficulty,
        tries: args.tries,
    };
    let drawn = AtomicUsize::new(0);
    let status = || format!("posing a puzzle: {} of --tries {} drawn", drawn.load(Ordering::Relaxed), args.tries);
    let posed =
        match super::shared::spinner::with_status("posing a puzzle", status, || pose_within(&request, &bounds, &drawn))
        {
            Ok(posed) => posed,
            Err(PoseError::CutShort { tried, micros, why }) => {
                eprintln!(
                    "cut short by the time limit (--timeout {}): no puzzle posed and nothing written; \
                 {tried} of --tries {} candidates judged in {:.1} s{}; give a longer --timeout, \
                 or a smaller --hand or --tiles",
                    seconds(args.timeout),
                    args.tries,
                    micros as f64 / 1e6,
                    if tried == 0 { String::new() } else { format!(" ({why})") }
                );
                return Ok((String::new(), 1));
            }
            Err(PoseError::NoneFits { tried, micros, why }) => {
                eprintln!(
                    "no puzzle fits: {} tried in {:.1} s ({why}); try another --seed, more --tries, \
                 or another --difficulty, --hand or --tiles",
                    super::shared::counted(tried, "candidate"),
                    micros as f64 / 1e6
                );
                return Ok((String::new(), 1));
            }
            Err(PoseError::Contradiction(why)) => return Err(Failure::Bug(why)),
        };
    let text = puzzle_file(&posed, &command(&args, &variant), args.schema.as_deref());
    let f = &posed.measured.figures;
    let answer = posed.measured.count.map_or(format!("best {}", posed.measured.answer.score), |n| format!("count {n}"));
    eprintln!(
        "posed after {} in {:.1} ms: {answer}, unique, {} (gap {}%, {} near, {} non-greedy, {})",
        super::shared::counted(posed.tried, "candidate"),
        posed.micros as f64 / 1000.0,
        f.level,
        f.gap,
        f.near,
        f.non_greedy,
        super::shared::counted(f.nodes, "node")
    );
    match &args.output {
        Some(out) => {
            super::shared::output::write_files(&[("--output", out.as_path(), text.as_bytes())])?;
            Ok((String::new(), 0))
        }
        None => Ok((text, 0)),
    }
}

/// Seconds as a person writes them: `60`, `2.5`.
fn seconds(d: Duration) -> String {
    let s = d.as_secs_f64();
    if s.fract() == 0.0 { format!("{s:.0}") } else { format!("{s}") }
}

/// `--check`: each file proven again and measured.
fn check(args: &Args, bounds: &Bounds) -> Result<(String, u8), Failure> {
    let mut out = String::new();
    let mut code = 0;
    for path in &args.check {
        let loaded = load_puzzle(path, &args.rules.choice())?;
        let name = loaded.source.name.clone();
        let measured = match measure_within(&loaded.puzzle, bounds) {
            Ok(m) => m,
            Err(Unmeasured::Contradiction(why)) => return Err(Failure::Bug(why)),
            Err(Unmeasured::TooLarge(why)) => {
                out.push_str(&format!("{name}: not proven ({why}; raise --max-nodes)\n"));
                code = 1;
                continue;
            }
            Err(Unmeasured::CutShort(why)) => {
                out.push_str(&format!("{name}: not proven ({why}, --timeout {})\n", seconds(args.timeout)));
                code = 1;
                continue;
            }
        };
        let mut wrong = Vec::new();
        if measured.distinct != 1 {
            wrong.push(format!("{} best answers (sets of placements), not one", measured.distinct));
        }
        let (got, recorded) = match measured.count {
            Some(n) => (Some(n as i64), loaded.expect.count.map(|c| c as i64)),
            None => (Some(measured.answer.score), loaded.expect.score),
        };
        if got != recorded {
            wrong.push(format!("the answer is {}, `expect:` says {recorded:?}", got.unwrap_or(0)));
        }
        match &loaded.difficulty {
            None => wrong.push("no `difficulty:` to check".to_string()),
            Some(d) => {
                let m = &measured.figures;
                let pairs = [
                    ("level", d.level.to_string(), m.level.to_string()),
                    ("greedy", format!("{:?}", d.greedy), format!("{:?}", m.greedy)),
                    ("greedy-best", format!("{:?}", d.greedy_best), format!("{:?}", m.greedy_best)),
                    ("margin", format!("{:?}", d.margin), format!("{:?}", m.margin)),
                    ("gap", d.gap.to_string(), m.gap.to_string()),
                    ("near", d.near.to_string(), m.near.to_string()),
                    ("non-greedy", d.non_greedy.to_string(), m.non_greedy.to_string()),
                ];
                for (key, file, now) in pairs {
                    if file != now {
                        wrong.push(format!("{key} is {now}, the file says {file}"));
                    }
                }
            }
        }
        if wrong.is_empty() {
            out.push_str(&format!(
                "{name}: unique (one best set of placements), {} (figures hold)\n",
                measured.figures.level
            ));
        } else {
            out.push_str(&format!("{name}: DOES NOT HOLD: {}\n", wrong.join("; ")));
            code = 1;
        }
    }
    Ok((out, code))
}
