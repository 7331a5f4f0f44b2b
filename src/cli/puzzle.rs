//! `quadominos puzzle`: pose a puzzle from a seed, with one proven best
//! answer and a measured difficulty; or (`--check`) prove a puzzle file's
//! answer unique again and measure its difficulty against its
//! `difficulty:` key.

use std::path::PathBuf;

use quadominos::formats::{Level, load_puzzle};
use quadominos::puzzle::{Kind, PoseError, Request, measure, pose, puzzle_file};
use quadominos::rules::SpecOrigin;
use quadominos::solve::FillObjective;

use super::shared::{Failure, RuleArgs};

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
quadominos puzzle --check puzzles/book/turn-english-easy-1.yaml
\
The levels (docs/FORMATS.md): easy when the greedy play (each step the play that scores most by
\
itself) is the answer; hard when greedy falls 20% or more short, or the answer departs from it at
\
two plays or more, or greedy falls short while 3 or more answers come within 10%; medium between.
\
Exit status 0 when a puzzle is posed (or every file checked holds), 1 when no candidate fits within
\
--tries (or a file's figures do not hold), 2 on bad input, 3 when the rules refuse a solver's answer.")]
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
    #[arg(long, default_value_t = 300)]
    pub tries: usize,
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
    format!(
        "quadominos puzzle --seed {} --goal {goal}{region} --tiles {} --hand {}{level} --tries {} {chosen}{rules}{schema}{output}",
        args.seed, args.tiles, args.hand, args.tries
    )
}

pub fn run(args: Args) -> Result<(String, u8), Failure> {
    if !args.check.is_empty() {
        return check(&args);
    }
    let variant = args.rules.choice().resolve(None, None)?;
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
    let posed = match pose(&request) {
        Ok(posed) => posed,
        Err(PoseError::NoneFits { tried, micros, why }) => {
            eprintln!(
                "no puzzle fits: {tried} candidates tried in {:.1} s ({why}); try another --seed, more --tries, \
                 or another --difficulty, --hand or --tiles",
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

/// `--check`: each file proven again and measured.
fn check(args: &Args) -> Result<(String, u8), Failure> {
    let mut out = String::new();
    let mut code = 0;
    for path in &args.check {
        let loaded = load_puzzle(path, &args.rules.choice())?;
        let name = loaded.source.name.clone();
        let measured = match measure(&loaded.puzzle) {
            Ok(m) => m,
            Err(quadominos::puzzle::Unmeasured::Contradiction(why)) => return Err(Failure::Bug(why)),
            Err(quadominos::puzzle::Unmeasured::TooLarge(why)) => {
                out.push_str(&format!("{name}: not proven ({why})\n"));
                code = 1;
                continue;
            }
        };
        let mut wrong = Vec::new();
        if measured.distinct != 1 {
            wrong.push(format!("{} best answers, not one", measured.distinct));
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
            out.push_str(&format!("{name}: unique, {} (figures hold)\n", measured.figures.level));
        } else {
            out.push_str(&format!("{name}: DOES NOT HOLD: {}\n", wrong.join("; ")));
            code = 1;
        }
    }
    Ok((out, code))
}
