//! `quadominos solve`: a puzzle's best answer from the native solver, the
//! SMT solver or both, every answer replayed through the rules before it is
//! printed. What is printed is only what was established: a score proven
//! optimal, or the best found with what stopped the search and a bound that
//! is a true upper bound; an `expect:` holds only on a proven answer; two
//! solvers are compared only where both proved their answer.
//!
//! This file is long because the report is one piece: the answer, its
//! proof or bound, the check of `expect:`, the comparison of solvers and the
//! alternatives are established together and printed in each format.

use std::fmt::Write as _;
use std::path::PathBuf;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

use quadominos::formats::{InputError, load_puzzle};
use quadominos::model::Cell;
use quadominos::render::board_text_with_region;
use quadominos::solve::native::{Native, OtherChoice};
use quadominos::solve::{
    Answer, BoundStep, Choice, Goal, Limits, Play, PlayKind, Progress, Puzzle, Solver, Stats, Stop, confirms_count,
    confirms_exists, confirms_score, fill_exists, verify_within,
};
use serde::Serialize;

use super::shared::alternatives::{other_choices, other_text, unproven};
use super::shared::answer::{answer_picture, goal_name};
use super::shared::{Failure, Format, RuleArgs, SolverChoice, colour, counted, hand_line, parse_seconds, serialize};

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
played carries its number on its top edge (`+-2-+`).
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
    #[arg(long, value_name = "N", default_value_t = 1)]
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
    /// Also draw the board after the answer as SVG into FILE, its plays
    /// numbered in order. FILE is never an input of the command, nor a
    /// device or FIFO; `-` prints the SVG on standard output in place of
    /// the report.
    #[arg(long, value_name = "FILE")]
    pub svg: Option<PathBuf>,
    /// Also draw that picture as PNG into FILE (never an input of the
    /// command, nor a device or FIFO; `-`: standard output, in place of
    /// the report).
    #[arg(long, value_name = "FILE")]
    pub png: Option<PathBuf>,
    /// Also write a page to FILE: one HTML file, nothing fetched, with the
    /// position, then each play of the answer in order (its points, bonus
    /// choice, the other choice there, the running total), and the result,
    /// proven or with its bound. Never an input of the command, nor a
    /// device or FIFO; `-` prints the page on standard output in place of
    /// the report.
    #[arg(long, value_name = "FILE")]
    pub html: Option<PathBuf>,
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

impl ExpectCheck {
    fn text(&self) -> String {
        let what = match (self.score, self.count, self.exists) {
            (Some(score), _, _) => score.to_string(),
            (_, Some(count), _) => format!("count {count}"),
            (_, _, Some(false)) => "no fill exists".to_string(),
            _ => "a fill exists".to_string(),
        };
        match self.holds {
            Some(true) => format!("expect: {what} {}", colour::out(colour::GOOD, "holds")),
            Some(false) => format!("expect: {what} {}", colour::out(colour::BAD, "DOES NOT HOLD")),
            None => format!("expect: {what} {} (answer not proven)", colour::out(colour::DOUBT, "not confirmed")),
        }
    }
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

/// The score an answer has: none for a count (its number is the count)
/// and none for a fill where no fill was found (proven not to exist, or
/// cut short first): 0 there would read as a fill scoring 0.
fn shown_score(goal: &Goal, a: &Answer) -> Option<i64> {
    if a.count.is_some() || (matches!(goal, Goal::Fill(_)) && a.plays.is_empty()) { None } else { Some(a.score) }
}

#[derive(Serialize)]
struct SolveReport {
    variant: String,
    goal: String,
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
    plays: Vec<Play>,
    #[serde(skip_serializing_if = "Vec::is_empty")]
    all: Vec<Vec<Play>>,
    stats: ReportStats,
    /// For a best turn: at each bonus with a choice, what the other choice
    /// was worth, searched and replayed like the answer.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    alternatives: Vec<OtherChoice>,
    #[serde(skip)]
    answer: Answer,
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
struct ReportStats {
    #[serde(flatten)]
    stats: Stats,
    /// Each upper bound as the search lowered it (microseconds since it
    /// began, the bound, the best score found by then): decreasing, each a
    /// true bound, the last equal to the score once proven. Empty for a
    /// solver that proves no bound while it runs.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    bounds: Vec<BoundStep>,
}

fn run_solver(solver: &dyn Solver, puzzle: &Puzzle, limits: &Limits) -> Result<Answer, Failure> {
    let started = Instant::now();
    let mut answer =
        solver.solve(puzzle, limits).map_err(|e| Failure::Input(InputError::whole_file("--solver", e.to_string())))?;
    verify_within(puzzle, &mut answer, limits, started).map_err(|why| {
        Failure::Bug(format!("the {} solver's answer (score {}) fails the rules: {why}", solver.name(), answer.score))
    })?;
    Ok(answer)
}

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

/// The flag Ctrl-C sets: the solver running stops and its best answer is
/// printed, marked as interrupted. A second Ctrl-C ends the process at once.
fn interrupt_flag() -> Arc<AtomicBool> {
    let flag = Arc::new(AtomicBool::new(false));
    let seen = flag.clone();
    // Installing fails only when a handler is already set (the library
    // sets none): the default, ending the process, then stays.
    let _ = ctrlc::set_handler(move || {
        if seen.swap(true, Ordering::SeqCst) {
            std::process::exit(i32::from(INTERRUPTED));
        }
    });
    flag
}

/// Runs one solver with a spinner on standard error showing the best score
/// found and the bound (indicatif draws nothing when standard error is not
/// a terminal).
fn with_spinner(solver: &dyn Solver, puzzle: &Puzzle, limits: &Limits) -> Result<Answer, Failure> {
    let spinner = indicatif::ProgressBar::new_spinner();
    if let Ok(style) = indicatif::ProgressStyle::with_template("{spinner} {msg} ({elapsed})") {
        spinner.set_style(style);
    }
    let name = solver.name();
    spinner.set_message(format!("solving with the {name} solver"));
    let shown = Instant::now() + Duration::from_millis(300);
    let answer = std::thread::scope(|scope| {
        // The sender is the solver's: should the solver panic, unwinding
        // drops it, the spinner's wait ends, and the scope can join it and
        // pass the panic on instead of waiting for ever.
        let (finished, wait) = std::sync::mpsc::channel::<()>();
        let spinner = &spinner;
        let progress = limits.progress.clone();
        scope.spawn(move || {
            while let Err(std::sync::mpsc::RecvTimeoutError::Timeout) = wait.recv_timeout(Duration::from_millis(100)) {
                if Instant::now() < shown {
                    continue;
                }
                if let Some(p) = &progress {
                    let best = p.best().map_or("none yet".to_string(), |b| b.to_string());
                    let bound = p.bound().map_or(String::new(), |b| format!(", no answer above {b}"));
                    spinner.set_message(format!("solving with the {name} solver: best found {best}{bound}"));
                }
                spinner.tick();
            }
        });
        let answer = run_solver(solver, puzzle, limits);
        drop(finished);
        answer
    });
    spinner.finish_and_clear();
    answer
}

/// What two answers to the same puzzle may not both say: two proven
/// optima that differ, or an answer (replayed, so real) that beats another
/// solver's proven optimum or its bound.
fn contradiction(goal: &Goal, a: &Answer, b: &Answer) -> Option<String> {
    // A fill found (replayed, so real) and a proof that none exists cannot
    // both be true, whatever their scores.
    if let (Some(x), Some(y)) = (fill_exists(goal, a), fill_exists(goal, b))
        && x != y
    {
        let (found, none) = if x { (a, b) } else { (b, a) };
        return Some(format!(
            "the solvers disagree: {} found a fill, {} proves that none exists",
            found.stats.solver, none.stats.solver
        ));
    }
    let value = |x: &Answer| x.count.map_or(x.score, |c| i64::try_from(c).unwrap_or(i64::MAX));
    let (va, vb) = (value(a), value(b));
    let (na, nb) = (a.stats.solver, b.stats.solver);
    if a.proven && b.proven && va != vb {
        return Some(format!("the solvers disagree: {na} proves {va}, {nb} proves {vb}"));
    }
    for (x, vx, y, vy) in [(a, va, b, vb), (b, vb, a, va)] {
        let (nx, ny) = (x.stats.solver, y.stats.solver);
        if y.proven && vx > vy {
            return Some(format!("the solvers disagree: {nx} found {vx}, more than the {vy} {ny} proves optimal"));
        }
        if let Some(bound) = y.bound
            && vx > bound
        {
            return Some(format!("the solvers disagree: {nx} found {vx}, more than {ny}'s bound of {bound}"));
        }
    }
    None
}

/// `solve`: every answer is verified before anything is printed.
pub fn run(args: Args) -> Result<(String, u8), Failure> {
    let started = Instant::now();
    let loaded = load_puzzle(&args.puzzle, &args.rules.choice())?;
    // An output over an input is refused before the search, not after it.
    super::shared::picture::check_with_page(&args.svg, &args.png, &args.html)?;
    let budget = quadominos::limits::current();
    let stop = interrupt_flag();
    let progress = Arc::new(Progress::default());
    let mut answers: Vec<Answer> = Vec::new();
    let mut histories: Vec<Vec<BoundStep>> = Vec::new();
    for s in solvers(args.solver)? {
        // One time limit for the whole command: a second solver gets what
        // the first left.
        let timeout = args.timeout.map(|t| t.saturating_sub(started.elapsed()));
        // One answer past the printed limit tells a list that is too long.
        let limits = Limits {
            all: args.all,
            max_answers: budget.printed.saturating_add(1),
            stop: Some(stop.clone()),
            progress: Some(progress.clone()),
            threads: match args.threads {
                0 => std::thread::available_parallelism().map_or(1, usize::from),
                n => n,
            },
            ..super::shared::solve_limits(timeout)
        };
        progress.reset();
        answers.push(with_spinner(s.as_ref(), &loaded.puzzle, &limits)?);
        histories.push(progress.history());
        if stop.load(Ordering::SeqCst) {
            break;
        }
    }
    if let [a, b] = &answers[..]
        && let Some(why) = contradiction(&loaded.puzzle.goal, a, b)
    {
        return Err(Failure::Bug(why));
    }
    let runs: Vec<SolverRun> = if answers.len() > 1 {
        answers.iter().map(|a| SolverRun::of(&loaded.puzzle.goal, a)).collect()
    } else {
        Vec::new()
    };
    let compared = (answers.len() > 1).then(|| answers.iter().all(|a| a.proven));
    // The answer shown: a proven one if any solver proved it, else the best
    // found, with the lowest of the true bounds.
    let lowest_bound = answers.iter().filter_map(|a| a.bound).min();
    if answers.is_empty() {
        return Err(Failure::Bug("no solver ran".into()));
    }
    let pick = answers
        .iter()
        .position(|a| a.proven)
        .or_else(|| answers.iter().enumerate().max_by_key(|(i, a)| (a.score, std::cmp::Reverse(*i))).map(|(i, _)| i))
        .unwrap_or(0);
    let mut answer = answers.swap_remove(pick);
    let bounds = if pick < histories.len() { histories.swap_remove(pick) } else { Vec::new() };
    if !answer.proven {
        answer.bound = lowest_bound.map(|b| b.max(answer.score));
    }
    if answer.all.len() > budget.printed {
        return Err(Failure::Input(InputError::whole_file(
            "--max-printed",
            format!(
                "more than {} optimal answers (--all), the limit printed; raise it with --max-printed",
                budget.printed
            ),
        )));
    }
    if let Some(level) = args.hint {
        let fill = matches!(loaded.puzzle.goal, Goal::Fill(_));
        return Ok((hint_text(&answer, level, fill), if stop.load(Ordering::SeqCst) { INTERRUPTED } else { 0 }));
    }
    let goal = &loaded.puzzle.goal;
    let exists = fill_exists(goal, &answer);
    // `expect: {count: N}` is checked against the count, `{score: N}`
    // against the score (a fill proven not to exist has none, so no score
    // holds), `{exists: B}` against whether a fill was found or proven not
    // to exist.
    let recorded = ExpectCheck {
        score: loaded.expect.score,
        count: loaded.expect.count,
        exists: loaded.expect.exists,
        holds: None,
    };
    let expect = match (loaded.expect.score, loaded.expect.count, loaded.expect.exists) {
        (Some(_), _, _) if exists == Some(false) => Some(ExpectCheck { holds: Some(false), ..recorded }),
        (Some(score), _, _) => Some(ExpectCheck { holds: confirms_score(&answer, score), ..recorded }),
        (None, Some(count), _) => Some(ExpectCheck { holds: confirms_count(&answer, count), ..recorded }),
        (None, None, Some(e)) => Some(ExpectCheck { holds: confirms_exists(goal, &answer, e), ..recorded }),
        (None, None, None) => None,
    };
    let failed = expect.as_ref().is_some_and(|e| e.holds != Some(true));
    let alternatives = if stop.load(Ordering::SeqCst) {
        Vec::new()
    } else {
        let timeout = args.timeout.map(|t| t.saturating_sub(started.elapsed()));
        let limits = Limits { stop: Some(stop.clone()), ..super::shared::solve_limits(timeout) };
        other_choices(&loaded.puzzle, &answer, &limits)?
    };
    let report = SolveReport {
        variant: loaded.puzzle.variant.label(),
        goal: goal_name(goal),
        score: shown_score(goal, &answer),
        exists,
        count: answer.count,
        proven: answer.proven,
        bound: answer.bound,
        plays: answer.plays.clone(),
        all: answer.all.clone(),
        stats: ReportStats { stats: answer.stats.clone(), bounds },
        alternatives,
        answer,
        expect,
        solvers: runs,
        compared,
    };
    let text = match args.format {
        Format::Text if args.quiet => {
            let line = quiet_text(&report.answer, matches!(loaded.puzzle.goal, Goal::Fill(_)));
            match &report.expect {
                // Why the exit status is 1, on the same line: the answer
                // stays its first words, for scripts.
                Some(e) if failed => format!("{}; {}\n", line.trim_end(), e.text()),
                _ => line,
            }
        }
        Format::Text => solve_text(&loaded.puzzle, &report),
        _ => serialize(&report, args.format)?,
    };
    let page = super::shared::pages::page_output(&args.html, || {
        let page = super::shared::pages::puzzle_page(
            &loaded.source.name,
            &report.goal,
            &loaded.puzzle,
            &report.answer,
            &report.alternatives,
        );
        Ok(quadominos::render::page::page_html(&page))
    })?;
    super::shared::picture::write_with_page(&args.svg, &args.png, page, || {
        let title = format!("{}: {}, {}", loaded.source.name, report.goal, report.variant);
        let (board, marks) = answer_picture(&loaded.puzzle, &report.answer, &title);
        quadominos::render::board_svg(&board, &marks)
    })?;
    let code = if stop.load(Ordering::SeqCst) {
        INTERRUPTED
    } else if failed {
        1
    } else {
        0
    };
    Ok((text, code))
}

/// `solve --hint`: the first play of the best answer, its tile (level 1)
/// or its tile and cell (level 2), and nothing else of it. For a fill it is
/// the first tile of the fill found, in the region's reading order; for a
/// counting fill, of the first fill counted, and never the count, which is
/// what the puzzle asks.
fn hint_text(a: &Answer, level: u8, fill: bool) -> String {
    let proof = if a.proven { "" } else { " (from the best answer found, not proven)" };
    match a.plays.first() {
        None if fill && a.proven => "hint: no fill of the region exists\n".to_string(),
        None if fill => format!("hint: no fill was found{proof}\n"),
        None => format!("hint: no tile can be played{proof}\n"),
        Some(p) if level >= 2 => format!("hint: play {} at {}{proof}\n", p.tile, p.at),
        Some(p) => format!("hint: play {}{proof}\n", p.tile),
    }
}

/// `solve --quiet`: the score (a count for a counting fill; `none` where
/// no answer was found, or no fill exists) and whether it is proven.
fn quiet_text(a: &Answer, fill: bool) -> String {
    let score = match a.count {
        Some(count) => count.to_string(),
        None if a.plays.is_empty() && (fill || !a.proven) => "none".to_string(),
        None => a.score.to_string(),
    };
    let proof = if a.proven { colour::out(colour::GOOD, "proven") } else { colour::out(colour::DOUBT, "not proven") };
    format!("{score} {proof}\n")
}

fn solve_text(puzzle: &Puzzle, r: &SolveReport) -> String {
    let a = &r.answer;
    let mut out = String::new();
    let _ = writeln!(out, "variant: {}", r.variant);
    let region: &[Cell] = match &puzzle.goal {
        Goal::Fill(fill) => &fill.region,
        _ => &[],
    };
    out.push_str(&board_text_with_region(&puzzle.board, &Default::default(), region));
    let _ = writeln!(out, "hand: {}", hand_line(&puzzle.hand));
    let _ = writeln!(out, "goal: {}\n", r.goal);
    let counting = a.count.is_some();
    let no_fill = matches!(puzzle.goal, Goal::Fill(_)) && a.plays.is_empty();
    match (a.proven, counting, a.plays.is_empty()) {
        (true, true, _) => {
            let _ = writeln!(
                out,
                "count: {} ({})",
                a.count.unwrap_or(0),
                colour::out(colour::GOOD, "every solution counted")
            );
        }
        (false, true, _) => {
            let _ = writeln!(
                out,
                "count: at least {} ({}: {})",
                a.count.unwrap_or(0),
                colour::out(colour::DOUBT, "not proven"),
                unproven(a)
            );
        }
        // Proven: there is no fill, so no score to give.
        (true, false, true) if no_fill => {
            let _ = writeln!(out, "{}", colour::out(colour::GOOD, "no fill exists (proven)"));
        }
        (true, false, _) => {
            let _ = writeln!(out, "score: {} ({})", a.score, colour::out(colour::GOOD, "proven optimal"));
        }
        // Nothing found before the search stopped: no score to claim.
        (false, false, true) => {
            let _ =
                writeln!(out, "{} ({})", colour::out(colour::DOUBT, "no answer found within the limit"), unproven(a));
        }
        (false, false, false) => {
            let _ = writeln!(
                out,
                "score: {} (best found, {}: {})",
                a.score,
                colour::out(colour::DOUBT, "not proven"),
                unproven(a)
            );
        }
    }
    if a.plays.is_empty() && a.proven && !matches!(puzzle.goal, Goal::Fill(_)) {
        let _ = writeln!(out, "no tile can be played");
    }
    if let Goal::Fill(fill) = &puzzle.goal
        && a.proven
        && a.plays.is_empty()
        && let Some((cells, tiles)) = quadominos::solve::pool_too_small(puzzle, fill)
    {
        let _ = writeln!(
            out,
            "the region has {cells} cells and the pool only {tiles} tiles that can be placed, each used once: \
no fill can be made (proven by counting, without a search)"
        );
    } else if let Goal::Fill(fill) = &puzzle.goal
        && a.proven
        && a.plays.is_empty()
        && let Some((cost, edge, allowed)) = quadominos::solve::ruled_out_by_shape(puzzle, fill)
    {
        let _ = writeln!(
            out,
            "no fill can be made (proven by counting, without a search): each tile's values ascend round it, so \
the sides where a fill's values step up and down balance out, cell by cell, only through the region's edge. A \
tile with no two equal neighbouring values costs 2 of what the edge allows, one with one such pair 1, the others \
nothing; the cheapest tiles for these cells cost {cost}, and the {edge} sides of the edge allow at most {allowed} \
(docs/SOLVERS.md, \"Fills\")"
        );
    }
    for (i, p) in a.plays.iter().enumerate() {
        let kind = match p.kind {
            PlayKind::Turn => "",
            PlayKind::BonusTile => " (bonus tile)",
            PlayKind::Fill => "",
        };
        let bonus = match (p.bonus, p.choice) {
            (true, Some(Choice::Points)) => ", bonus: +25 points",
            (true, Some(Choice::Tiles)) => ", bonus: two bonus tiles",
            (true, None) => ", bonus",
            _ => "",
        };
        let points = counted(p.points, "point");
        let _ = writeln!(out, "  {}. {} as {} at {}: {points}{kind}{bonus}", i + 1, p.tile, p.corners, p.at);
        if let Some(o) = r.alternatives.iter().find(|o| o.play == i + 1) {
            let _ = writeln!(out, "     {}", other_text(o, puzzle.variant.text()));
        }
    }
    if a.plays.iter().any(|p| p.choice == Some(Choice::Tiles)) {
        // Said once, for whoever has not met the choice: what the two tiles
        // after a bonus are.
        let _ = writeln!(
            out,
            "  (two bonus tiles: in place of the 25 points, two more tiles from the hand laid at once, each scoring as the rules score a play; see docs/RULES.md, Bonuses)"
        );
    }
    if !a.plays.is_empty() {
        let mut board = puzzle.board.clone();
        let mut marks = std::collections::BTreeMap::new();
        for (i, p) in a.plays.iter().enumerate() {
            board.insert(p.at, p.corners);
            marks.insert(p.at, i + 1);
        }
        let _ = writeln!(out, "\nafter the plays (each numbered on its top edge):");
        out.push_str(&board_text_with_region(&board, &marks, region));
    }
    if a.all.len() > 1 {
        if a.proven {
            let _ = writeln!(out, "\n{} optimal answers (--all)", a.all.len());
        } else {
            let _ = writeln!(
                out,
                "\n{} answers scoring {} (--all), those found and checked before the search was stopped: there may be more",
                a.all.len(),
                a.score
            );
        }
        for (i, line) in a.all.iter().enumerate() {
            let plays: Vec<String> = line.iter().map(|p| format!("{} {} at {}", p.tile, p.corners, p.at)).collect();
            let _ = writeln!(out, "  {}. {}", i + 1, plays.join(" / "));
        }
    }
    let ms = |micros: u64| micros as f64 / 1000.0;
    if r.solvers.is_empty() {
        let _ = writeln!(
            out,
            "\nsolver: {}, {}, {:.3} ms",
            a.stats.solver,
            counted(a.stats.nodes, "node"),
            ms(a.stats.micros)
        );
    } else {
        out.push('\n');
        for s in &r.solvers {
            let found = match (s.count, s.score, s.exists) {
                (Some(c), _, _) => format!("count {c}"),
                (_, Some(score), _) => score.to_string(),
                (_, _, Some(false)) => "no fill exists".to_string(),
                _ => "no fill found".to_string(),
            };
            let result = if s.proven {
                format!("{} {found}", colour::out(colour::GOOD, "proven"))
            } else {
                let by = s.stopped.unwrap_or(Stop::TimeLimit).describe();
                let bound = s.bound.map_or(String::new(), |b| format!(", no answer above {b}"));
                format!("{} by {by}: best found {found}{bound}", colour::out(colour::DOUBT, "cut short"))
            };
            let _ =
                writeln!(out, "solver: {}, {result}, {}, {:.3} ms", s.solver, counted(s.nodes, "node"), ms(s.micros));
        }
        match r.compared {
            Some(true) => {
                let _ = writeln!(out, "{}", colour::out(colour::GOOD, "the solvers agree"));
            }
            _ => {
                let cut: Vec<&str> = r.solvers.iter().filter(|s| !s.proven).map(|s| s.solver).collect();
                let _ =
                    writeln!(out, "{}: {} cut short", colour::out(colour::DOUBT, "not compared"), cut.join(" and "));
            }
        }
    }
    if let Some(e) = &r.expect {
        let _ = writeln!(out, "{}", e.text());
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn answer(solver: &'static str, score: i64, proven: bool, bound: Option<i64>) -> Answer {
        Answer {
            score,
            proven,
            bound,
            plays: Vec::new(),
            all: Vec::new(),
            count: None,
            stats: quadominos::solve::Stats { solver, ..Default::default() },
        }
    }

    /// A solver with a bug: it panics.
    struct Panics;

    impl Solver for Panics {
        fn name(&self) -> &'static str {
            "panicking"
        }
        fn solve(&self, _: &Puzzle, _: &Limits) -> Result<Answer, quadominos::solve::SolveError> {
            panic!("a solver bug")
        }
    }

    #[test]
    fn a_solver_that_panics_ends_the_spinner_and_passes_the_panic_on() {
        let variant = quadominos::formats::builtin_variant("english").unwrap();
        let position = quadominos::rules::random_position(&variant, 1, 3, 2);
        let puzzle = Puzzle { variant, board: position.board, hand: position.hand, goal: Goal::BestTurn };
        let (done, finished) = std::sync::mpsc::channel();
        std::thread::spawn(move || {
            let outcome = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
                with_spinner(&Panics, &puzzle, &Limits::default()).is_ok()
            }));
            let _ = done.send(outcome.is_err());
        });
        // Waiting for ever would be the bug: the spinner thread waiting on
        // a sender nobody drops. A minute is far past any working run.
        let panicked = finished.recv_timeout(Duration::from_secs(60));
        assert_eq!(panicked, Ok(true), "with_spinner hung or swallowed the solver's panic");
    }

    #[test]
    fn answers_that_cannot_both_be_true_are_a_contradiction() {
        let native = answer("native", 125, true, None);
        let turn = Goal::BestTurn;
        assert!(contradiction(&turn, &native, &answer("smt", 125, true, None)).is_none());
        assert!(contradiction(&turn, &native, &answer("smt", 120, true, None)).is_some());
        // Cut short below the optimum: nothing to compare.
        assert!(contradiction(&turn, &native, &answer("smt", 0, false, Some(300))).is_none());
        // A line better than a proven optimum, or a bound below the optimum.
        assert!(contradiction(&turn, &native, &answer("smt", 130, false, Some(300))).is_some());
        assert!(contradiction(&turn, &native, &answer("smt", 0, false, Some(100))).is_some());
    }
}
