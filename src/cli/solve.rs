//! `quadominos solve`: a puzzle's best answer from the native solver, the
//! SMT solver or both, every answer replayed through the rules before it is
//! printed. What is printed is only what was established: a score proven
//! optimal, or the best found with what stopped the search and a bound that
//! is a true upper bound; an `expect:` holds only on a proven answer; two
//! solvers are compared only where both proved their answer.

use std::fmt::Write as _;
use std::path::PathBuf;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

use quadominos::formats::{InputError, load_puzzle};
use quadominos::render::board_text;
use quadominos::solve::native::Native;
use quadominos::solve::{
    Answer, Choice, Goal, Limits, PlayKind, Progress, Puzzle, Solver, Stop, confirms_count, confirms_score, verify,
};
use serde::Serialize;

use super::shared::{Failure, Format, RuleArgs, SolverChoice, colour, hand_line, parse_seconds, serialize};

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
    /// whole).
    #[arg(long)]
    pub all: bool,
    /// Stop after this many seconds (both solvers together, encoding
    /// included); the answer is then marked unproven, with the best found
    /// and a true upper bound where one is known.
    #[arg(long, value_name = "SECONDS", value_parser = parse_seconds)]
    pub timeout: Option<Duration>,
    /// Output format.
    #[arg(long, value_enum, default_value_t = Format::Text)]
    pub format: Format,
    /// Print only the answer, for scripts: one line, the score (a counting
    /// fill's count) and `proven` or `not proven` (`none not proven` when
    /// nothing was found in the limit). The exit status is unchanged.
    #[arg(short, long, conflicts_with = "format")]
    pub quiet: bool,
    /// Also draw the board after the answer as SVG into FILE, its plays
    /// numbered in order. FILE is never an input of the command, nor a
    /// device or FIFO.
    #[arg(long, value_name = "FILE")]
    pub svg: Option<PathBuf>,
    /// Also draw that picture as PNG into FILE (never an input of the
    /// command, nor a device or FIFO).
    #[arg(long, value_name = "FILE")]
    pub png: Option<PathBuf>,
}

/// Whether a puzzle's recorded `expect:` holds for the answer.
#[derive(Serialize)]
struct ExpectCheck {
    /// The recorded optimum (or count).
    score: i64,
    /// `true` when the proven answer equals it, `false` when the answer
    /// contradicts it (proven and different, or cut short yet already past
    /// it, or bounded below it), `null` when it could not be confirmed.
    holds: Option<bool>,
}

impl ExpectCheck {
    fn text(&self) -> String {
        match self.holds {
            Some(true) => format!("expect: {} {}", self.score, colour::out(colour::GOOD, "holds")),
            Some(false) => format!("expect: {} {}", self.score, colour::out(colour::BAD, "DOES NOT HOLD")),
            None => {
                format!("expect: {} {} (answer not proven)", self.score, colour::out(colour::DOUBT, "not confirmed"))
            }
        }
    }
}

/// One solver's answer in a run of several.
#[derive(Clone, Serialize)]
struct SolverRun {
    solver: &'static str,
    score: i64,
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
    fn of(a: &Answer) -> SolverRun {
        SolverRun {
            solver: a.stats.solver,
            score: a.score,
            proven: a.proven,
            bound: a.bound,
            count: a.count,
            nodes: a.stats.nodes,
            micros: a.stats.micros,
            stopped: a.stats.stopped,
        }
    }
}

#[derive(Serialize)]
struct SolveReport {
    variant: String,
    goal: String,
    #[serde(flatten)]
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

fn goal_name(goal: &Goal) -> String {
    match goal {
        Goal::BestTurn => "best-turn".into(),
        Goal::BestSequence { plays } => format!("best-sequence of up to {plays} plays"),
        Goal::Fill(f) => format!("fill of {} cells ({:?})", f.region.len(), f.objective).to_lowercase(),
    }
}

fn run_solver(solver: &dyn Solver, puzzle: &Puzzle, limits: &Limits) -> Result<Answer, Failure> {
    let answer =
        solver.solve(puzzle, limits).map_err(|e| Failure::Input(InputError::whole_file("--solver", e.to_string())))?;
    verify(puzzle, &answer).map_err(|why| {
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
    let (finished, wait) = std::sync::mpsc::channel::<()>();
    let answer = std::thread::scope(|scope| {
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
        let _ = finished.send(());
        answer
    });
    spinner.finish_and_clear();
    answer
}

/// What two answers to the same puzzle may not both say: two proven
/// optima that differ, or an answer (replayed, so real) that beats another
/// solver's proven optimum or its bound.
fn contradiction(a: &Answer, b: &Answer) -> Option<String> {
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
    super::shared::picture::check(&args.svg, &args.png)?;
    let budget = quadominos::limits::current();
    let stop = interrupt_flag();
    let progress = Arc::new(Progress::default());
    let mut answers: Vec<Answer> = Vec::new();
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
            ..super::shared::solve_limits(timeout)
        };
        progress.reset();
        answers.push(with_spinner(s.as_ref(), &loaded.puzzle, &limits)?);
        if stop.load(Ordering::SeqCst) {
            break;
        }
    }
    if let [a, b] = &answers[..]
        && let Some(why) = contradiction(a, b)
    {
        return Err(Failure::Bug(why));
    }
    let runs: Vec<SolverRun> = if answers.len() > 1 { answers.iter().map(SolverRun::of).collect() } else { Vec::new() };
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
    // `expect: {count: N}` is checked against the count, `{score: N}` against the score.
    let expect = match (loaded.expect.score, loaded.expect.count) {
        (Some(score), _) => Some(ExpectCheck { score, holds: confirms_score(&answer, score) }),
        (None, Some(count)) => {
            Some(ExpectCheck { score: i64::try_from(count).unwrap_or(i64::MAX), holds: confirms_count(&answer, count) })
        }
        (None, None) => None,
    };
    let failed = expect.as_ref().is_some_and(|e| e.holds != Some(true));
    let report = SolveReport {
        variant: loaded.puzzle.variant.label(),
        goal: goal_name(&loaded.puzzle.goal),
        answer,
        expect,
        solvers: runs,
        compared,
    };
    let text = match args.format {
        Format::Text if args.quiet => quiet_text(&report.answer),
        Format::Text => solve_text(&loaded.puzzle, &report),
        _ => serialize(&report, args.format)?,
    };
    super::shared::picture::write(&args.svg, &args.png, || {
        let title = format!("{}: {}, {}", loaded.source.name, report.goal, report.variant);
        let (board, marks) = super::render::answer_picture(&loaded.puzzle, &report.answer, &title);
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

/// Why an answer is not proven, in words: what stopped it and the bound.
fn unproven(a: &Answer) -> String {
    let by = a.stats.stopped.unwrap_or(Stop::TimeLimit).describe();
    match a.bound {
        Some(bound) => format!("stopped by {by}; no answer scores more than {bound}"),
        None => format!("stopped by {by}"),
    }
}

/// `solve --quiet`: the score and whether it is proven.
fn quiet_text(a: &Answer) -> String {
    let score =
        if a.plays.is_empty() && !a.proven && a.count.is_none() { "none".to_string() } else { a.score.to_string() };
    let proof = if a.proven { colour::out(colour::GOOD, "proven") } else { colour::out(colour::DOUBT, "not proven") };
    format!("{score} {proof}\n")
}

fn solve_text(puzzle: &Puzzle, r: &SolveReport) -> String {
    let a = &r.answer;
    let mut out = String::new();
    let _ = writeln!(out, "variant: {}", r.variant);
    out.push_str(&board_text(&puzzle.board));
    let _ = writeln!(out, "hand: {}", hand_line(&puzzle.hand));
    let _ = writeln!(out, "goal: {}\n", r.goal);
    let counting = a.count.is_some();
    match (a.proven, counting, a.plays.is_empty()) {
        (true, true, _) => {
            let _ = writeln!(out, "count: {} ({})", a.score, colour::out(colour::GOOD, "every solution counted"));
        }
        (false, true, _) => {
            let _ = writeln!(
                out,
                "count: at least {} ({}: {})",
                a.score,
                colour::out(colour::DOUBT, "not proven"),
                unproven(a)
            );
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
    if a.plays.is_empty() && a.proven {
        let _ = writeln!(
            out,
            "{}",
            match &puzzle.goal {
                Goal::Fill(_) => "no fill of the region exists",
                _ => "no tile can be played",
            }
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
        let _ = writeln!(out, "  {}. {} as {} at {}: {} points{kind}{bonus}", i + 1, p.tile, p.corners, p.at, p.points);
    }
    if !a.plays.is_empty() {
        let mut board = puzzle.board.clone();
        for p in &a.plays {
            board.insert(p.at, p.corners);
        }
        let _ = writeln!(out, "\nafter the plays:");
        out.push_str(&board_text(&board));
    }
    if a.all.len() > 1 {
        let _ = writeln!(out, "\n{} optimal answers (--all)", a.all.len());
        for (i, line) in a.all.iter().enumerate() {
            let plays: Vec<String> = line.iter().map(|p| format!("{} {} at {}", p.tile, p.corners, p.at)).collect();
            let _ = writeln!(out, "  {}. {}", i + 1, plays.join(" / "));
        }
    }
    let ms = |micros: u64| micros as f64 / 1000.0;
    if r.solvers.is_empty() {
        let _ = writeln!(out, "\nsolver: {}, {} nodes, {:.3} ms", a.stats.solver, a.stats.nodes, ms(a.stats.micros));
    } else {
        out.push('\n');
        for s in &r.solvers {
            let result = if s.proven {
                let value = s.count.map_or(s.score, |c| i64::try_from(c).unwrap_or(i64::MAX));
                format!("{} {value}", colour::out(colour::GOOD, "proven"))
            } else {
                let by = s.stopped.unwrap_or(Stop::TimeLimit).describe();
                let bound = s.bound.map_or(String::new(), |b| format!(", no answer above {b}"));
                format!("{} by {by}: best found {}{bound}", colour::out(colour::DOUBT, "cut short"), s.score)
            };
            let _ = writeln!(out, "solver: {}, {result}, {} nodes, {:.3} ms", s.solver, s.nodes, ms(s.micros));
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

    #[test]
    fn answers_that_cannot_both_be_true_are_a_contradiction() {
        let native = answer("native", 125, true, None);
        assert!(contradiction(&native, &answer("smt", 125, true, None)).is_none());
        assert!(contradiction(&native, &answer("smt", 120, true, None)).is_some());
        // Cut short below the optimum: nothing to compare.
        assert!(contradiction(&native, &answer("smt", 0, false, Some(300))).is_none());
        // A line better than a proven optimum, or a bound below the optimum.
        assert!(contradiction(&native, &answer("smt", 130, false, Some(300))).is_some());
        assert!(contradiction(&native, &answer("smt", 0, false, Some(100))).is_some());
    }
}
