//! `quadominos solve`: a puzzle's best answer from the native solver, the
//! SMT solver or both, solved and replayed through the rules by the
//! library's one entry ([`solve_checked`]), which also settles what the
//! answers establish together. What is printed is only what was
//! established: a score proven optimal, or the best found with what
//! stopped the search and a bound that is a true upper bound; an `expect:`
//! holds only on a proven answer; two solvers are compared only where both
//! proved their answer.

use std::path::PathBuf;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

use quadominos::formats::{InputError, load_puzzle};
use quadominos::render::answer::{SolvedText, Tone, answer_picture, goal_name, hint_text, quiet_text, solved_text};
use quadominos::render::page::{PuzzleView, page_html, puzzle_page};
use quadominos::solve::native::{Native, OtherChoice};
use quadominos::solve::{
    Answer, BoundStep, Expected, Goal, Limits, Play, Progress, Request, Solved, Solver, Stats, Stop, Unsolved,
    fill_exists, shown_score, solve_checked,
};
use serde::Serialize;

use super::shared::picture::PictureArgs;
use super::shared::spinner::with_spinner;
use super::shared::{Failure, Format, RuleArgs, SolverChoice, colour, parse_seconds, serialize};

/// Exit status after an interrupt (Ctrl-C): 128 + SIGINT, as shells report it.
pub const INTERRUPTED: u8 = 130;

/// Solve a puzzle: the best turn, the best sequence of placements, or a
/// region fill, proven optimal; every answer is replayed through the rules
/// before it is printed.
#[derive(clap::Args)]
#[command(after_help = "Examples:
  quadominos solve puzzles/bonus-corner.yaml
  \
quadominos solve puzzles/bonus-corner.yaml --solver both --format json
  \
quadominos solve puzzles/bonus-corner.yaml --html answer.html
\
What is printed: a score proven optimal (or the best found, with what stopped the search); for a
\
counting fill `count: N`; for a fill that cannot be made `no fill exists (proven)` (JSON/YAML
\
`exists: false`, no score), said at once where the region has more cells than the pool has
\
tiles. At each bonus of a best turn, the other choice (the 25, or the best two bonus tiles) with
\
what it was worth, searched and replayed like the answer. On the board after the plays each tile
\
played carries its number on its top edge (`+-2-+`). The picture (--svg, --png) is the board after
\
the answer, its plays numbered in order; the page (--html) the position, then each play of the
\
answer in order (its points, bonus choice, the other choice there, the running total), and the
\
result, proven or with its bound.
\
Ctrl-C stops the search and prints the best answer found, marked unproven (exit 130).
\
Exit status 0 when solved (and any `expect:` holds), 1 when `expect:` does not hold or could not
\
be confirmed (the answer is not proven), 2 on bad input, 3 when the solvers contradict each
\
other or the rules refuse an answer (a bug), 130 after Ctrl-C.")]
pub struct Args {
    /// A puzzle file: a position with `goal:` (and optionally `expect:`).
    pub puzzle: PathBuf,
    #[command(flatten)]
    pub rules: RuleArgs,
    /// Which solver: the native search, the z3 encoding, or both (their
    /// proven answers must agree).
    #[arg(long, value_enum, default_value_t = SolverChoice::Native)]
    pub solver: SolverChoice,
    /// List every optimal answer (more than --max-printed is refused
    /// whole; under --timeout, those replayed through the rules by the
    /// limit and a twentieth of it (at most 2 s), the answer then marked
    /// not proven).
    #[arg(long)]
    pub all: bool,
    /// Stop after this many seconds (both solvers together, encoding
    /// included); the answer is then marked unproven, with the best found
    /// and a true upper bound where one is known.
    #[arg(long, value_name = "SECONDS", value_parser = parse_seconds)]
    pub timeout: Option<Duration>,
    /// Share the native search over this many threads (0: one per core;
    /// more than the machine's cores run as many as it has): a weight
    /// fill's search on the region's lattice points, or a chained best
    /// turn's search after its pilot, not with --all (see docs/SOLVERS.md);
    /// other goals use one. The answer is the same on any number of
    /// threads. A lattice fill also runs probes that lower its bound on a
    /// thread of their own, where a time limit is given or a core is free.
    #[arg(long, value_name = "N", default_value_t = 1,
          value_parser = super::shared::count_from_to(0, super::shared::MAX_SEARCH_THREADS))]
    pub threads: usize,
    /// Output format.
    #[arg(long, value_enum, default_value_t = Format::Text)]
    pub format: Format,
    /// Print only the answer, for scripts: one line, the score (a counting
    /// fill's count) and `proven` or `not proven` (`none not proven` when
    /// nothing was found in the limit). The exit status is unchanged; where
    /// the puzzle's `expect:` does not hold, the line says so after a `;`
    /// (`17 proven; expect: 42 DOES NOT HOLD`).
    #[arg(short, long, conflicts_with = "format")]
    pub quiet: bool,
    #[command(flatten)]
    pub pictures: PictureArgs,
    /// For a person stuck on the puzzle: print only the first step of the
    /// best answer, its tile (`--hint`) or its tile and cell (`--hint 2`),
    /// and nothing else of the answer.
    #[arg(long, value_name = "N", num_args = 0..=1, default_missing_value = "1",
          value_parser = clap::value_parser!(u8).range(1..=2),
          conflicts_with_all = ["all", "format", "quiet", "svg", "png", "html", "solver"])]
    pub hint: Option<u8>,
}

/// Whether a puzzle's recorded `expect:` holds for the answer: the key
/// recorded (`score`, `count` or `exists`) with its value.
#[derive(Serialize)]
struct ExpectCheck {
    /// The recorded optimum.
    #[serde(skip_serializing_if = "Option::is_none")]
    score: Option<i64>,
    /// The recorded number of solutions.
    #[serde(skip_serializing_if = "Option::is_none")]
    count: Option<u64>,
    /// Whether a fill was recorded to exist.
    #[serde(skip_serializing_if = "Option::is_none")]
    exists: Option<bool>,
    /// `true` when the proven answer equals it, `false` when the answer
    /// contradicts it (proven and different, or cut short yet already past
    /// it, or bounded below it, or a score recorded where no fill exists),
    /// `null` when it could not be confirmed.
    holds: Option<bool>,
}

/// One solver's answer in a run of several.
#[derive(Clone, Serialize)]
struct SolverRun {
    solver: &'static str,
    /// Absent for a count, and for a fill where none was found.
    #[serde(skip_serializing_if = "Option::is_none")]
    score: Option<i64>,
    /// For a fill that maximizes: see [`SolveReport::exists`].
    #[serde(skip_serializing_if = "Option::is_none")]
    exists: Option<bool>,
    proven: bool,
    #[serde(skip_serializing_if = "Option::is_none")]
    bound: Option<i64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    count: Option<u64>,
    nodes: u64,
    micros: u64,
    #[serde(skip_serializing_if = "Option::is_none")]
    stopped: Option<Stop>,
}

impl SolverRun {
    fn of(goal: &Goal, a: &Answer) -> SolverRun {
        SolverRun {
            solver: a.stats.solver,
            score: shown_score(goal, a),
            exists: fill_exists(goal, a),
            proven: a.proven,
            bound: a.bound,
            count: a.count,
            nodes: a.stats.nodes,
            micros: a.stats.micros,
            stopped: a.stats.stopped,
        }
    }
}

/// The report of `--format json` and `yaml`.
#[derive(Serialize)]
struct SolveReport<'a> {
    variant: String,
    goal: &'a str,
    /// The answer's score; absent for a count and where no fill was found.
    #[serde(skip_serializing_if = "Option::is_none")]
    score: Option<i64>,
    /// For a fill that maximizes: `true` when a fill was found, `false`
    /// when the search proved that none exists, absent when it was cut
    /// short with none found.
    #[serde(skip_serializing_if = "Option::is_none")]
    exists: Option<bool>,
    /// For a counting fill: the number of solutions.
    #[serde(skip_serializing_if = "Option::is_none")]
    count: Option<u64>,
    proven: bool,
    #[serde(skip_serializing_if = "Option::is_none")]
    bound: Option<i64>,
    plays: &'a [Play],
    #[serde(skip_serializing_if = "<[_]>::is_empty")]
    all: &'a [Vec<Play>],
    stats: ReportStats<'a>,
    /// For a best turn: at each bonus with a choice, what the other choice
    /// was worth, searched and replayed like the answer.
    #[serde(skip_serializing_if = "<[_]>::is_empty")]
    alternatives: &'a [OtherChoice],
    #[serde(skip_serializing_if = "Option::is_none")]
    expect: Option<ExpectCheck>,
    /// With `--solver both`: each solver's answer.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    solvers: Vec<SolverRun>,
    /// With `--solver both`: true when every solver proved its answer and
    /// they agree; false when one was cut short (nothing was compared).
    #[serde(skip_serializing_if = "Option::is_none")]
    compared: Option<bool>,
}

/// The answering solver's counters, with the upper bounds it proved as it
/// searched.
#[derive(Serialize)]
struct ReportStats<'a> {
    #[serde(flatten)]
    stats: &'a Stats,
    /// Each upper bound as the search lowered it (microseconds since it
    /// began, the bound, the best score found by then): decreasing, each a
    /// true bound, the last equal to the score once proven. Empty for a
    /// solver that proves no bound while it runs.
    #[serde(skip_serializing_if = "<[_]>::is_empty")]
    bounds: &'a [BoundStep],
}

impl<'a> SolveReport<'a> {
    fn of(puzzle: &quadominos::solve::Puzzle, goal: &'a str, s: &'a Solved, expect: Option<ExpectCheck>) -> Self {
        let a = &s.answer;
        SolveReport {
            variant: puzzle.variant.label(),
            goal,
            score: shown_score(&puzzle.goal, a),
            exists: fill_exists(&puzzle.goal, a),
            count: a.count,
            proven: a.proven,
            bound: a.bound,
            plays: &a.plays,
            all: &a.all,
            stats: ReportStats { stats: &a.stats, bounds: &s.bounds },
            alternatives: &s.others,
            expect,
            solvers: s.runs.iter().map(|r| SolverRun::of(&puzzle.goal, r)).collect(),
            compared: s.compared(),
        }
    }
}

/// The solvers `--solver` names, in the order they run.
fn solvers(choice: SolverChoice) -> Result<Vec<Box<dyn Solver>>, Failure> {
    let native: Box<dyn Solver> = Box::new(Native);
    #[cfg(feature = "smt")]
    let smt = || -> Result<Box<dyn Solver>, Failure> { Ok(Box::new(quadominos::solve::smt::Smt)) };
    #[cfg(not(feature = "smt"))]
    let smt = || -> Result<Box<dyn Solver>, Failure> {
        Err(Failure::Input(InputError::whole_file("--solver", "this build has no SMT solver (cargo feature `smt`)")))
    };
    Ok(match choice {
        SolverChoice::Native => vec![native],
        SolverChoice::Smt => vec![smt()?],
        SolverChoice::Both => vec![native, smt()?],
    })
}

/// The colours of the text reports, for the library's judging words.
fn paint(tone: Tone, words: &str) -> String {
    let style = match tone {
        Tone::Good => colour::GOOD,
        Tone::Doubt => colour::DOUBT,
        Tone::Bad => colour::BAD,
    };
    colour::out(style, words)
}

/// `solve`: the answer solved and replayed by the library's one entry; `stop`
/// is the interrupt `main` watches for (Ctrl-C), which stops the search with
/// its best answer.
pub fn run(args: Args, stop: &Arc<AtomicBool>) -> Result<(String, u8), Failure> {
    // One time limit for the whole command: reading the puzzle spends it.
    let started = Instant::now();
    let loaded = load_puzzle(&args.puzzle, &args.rules.choice())?;
    // An output over an input is refused before the search, not after it.
    args.pictures.check()?;
    let printed = quadominos::limits::current().printed;
    let progress = Arc::new(Progress::default());
    let boxed = solvers(args.solver)?;
    let chosen: Vec<&dyn Solver> = boxed.iter().map(|s| s.as_ref()).collect();
    // One answer past the printed limit tells a list that is too long.
    let limits = Limits {
        all: args.all,
        max_answers: printed.saturating_add(1),
        stop: Some(stop.clone()),
        progress: Some(progress.clone()),
        threads: match args.threads {
            0 => std::thread::available_parallelism().map_or(1, usize::from),
            n => n,
        },
        ..super::shared::solve_limits(args.timeout.map(|t| t.saturating_sub(started.elapsed())))
    };
    let request = Request { solvers: &chosen, limits, others: args.hint.is_none() };
    let solved = with_spinner(&progress, || solve_checked(&loaded.puzzle, &request)).map_err(|e| match e {
        Unsolved::Unsupported(e) => Failure::Input(InputError::whole_file("--solver", e.to_string())),
        Unsolved::Contradiction(why) => Failure::Bug(why),
    })?;
    let interrupted = stop.load(Ordering::SeqCst);
    let answer = &solved.answer;
    if answer.all.len() > printed {
        return Err(Failure::Input(InputError::whole_file(
            "--max-printed",
            format!("more than {printed} optimal answers (--all), the limit printed; raise it with --max-printed"),
        )));
    }
    let fill = matches!(loaded.puzzle.goal, Goal::Fill(_));
    if let Some(level) = args.hint {
        return Ok((hint_text(answer, level, fill), if interrupted { INTERRUPTED } else { 0 }));
    }
    let expected = Expected { score: loaded.expect.score, count: loaded.expect.count, exists: loaded.expect.exists };
    let holds = expected.holds(&loaded.puzzle.goal, answer);
    let failed = expected.is_some() && holds != Some(true);
    let goal = goal_name(&loaded.puzzle.goal);
    let text = match args.format {
        Format::Text if args.quiet => {
            let line = quiet_text(answer, fill, &paint);
            // Why the exit status is 1, on the same line: the answer stays
            // its first words, for scripts.
            match failed {
                true => format!(
                    "{}; {}\n",
                    line.trim_end(),
                    quadominos::render::answer::expect_text(&expected, holds, &paint)
                ),
                false => line,
            }
        }
        Format::Text => {
            let expect = expected.is_some().then_some((expected, holds));
            solved_text(&SolvedText { puzzle: &loaded.puzzle, solved: &solved, goal: &goal, expect }, &paint)
        }
        _ => {
            let expect = expected.is_some().then_some(ExpectCheck {
                score: expected.score,
                count: expected.count,
                exists: expected.exists,
                holds,
            });
            serialize(&SolveReport::of(&loaded.puzzle, &goal, &solved, expect), args.format)?
        }
    };
    let view = PuzzleView { name: &loaded.source.name, puzzle: &loaded.puzzle, answer, others: &solved.others };
    args.pictures.write(
        || Ok(page_html(&puzzle_page(&view))),
        || {
            let title = format!("{}: {goal}, {}", loaded.source.name, loaded.puzzle.variant.label());
            let (board, marks) = answer_picture(&loaded.puzzle, answer, &title);
            quadominos::render::board_svg(&board, &marks)
        },
    )?;
    let code = if interrupted {
        INTERRUPTED
    } else if failed {
        1
    } else {
        0
    };
    Ok((text, code))
}
