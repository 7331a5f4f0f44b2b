//! The one way the product gets an answer: a puzzle solved by one solver
//! or several in turn, every answer replayed through the rules before
//! anything else is done with it, and what the answers establish together.
//! Two answers that cannot both be true are a contradiction (a bug, never
//! printed); the answer shown is a proven one where any solver proved it,
//! else the best found, with the lowest of the true bounds; an `expect:`
//! holds only on what the answer establishes. At each bonus of a best turn
//! the other choice is searched and replayed like the answer.

use std::time::Instant;

use super::native::{OtherChoice, other_choice};
use super::{
    Answer, BoundStep, Goal, Limits, Puzzle, SolveError, Solver, confirms_count, confirms_exists, confirms_score,
    fill_exists, verify, verify_within,
};

/// What to solve with and within.
pub struct Request<'a> {
    /// The solvers, run in this order, each replayed; with more than one,
    /// their answers are compared.
    pub solvers: &'a [&'a dyn Solver],
    /// The limits: the time limit for all the solvers together (a second
    /// solver gets what the first left), the caller's stop for all of them.
    pub limits: Limits,
    /// Whether to search the other choice at each bonus of a best turn's
    /// answer (in what is left of the time limit).
    pub others: bool,
}

/// A puzzle solved: every answer in it replayed through the rules.
#[derive(Clone, Debug)]
pub struct Solved {
    /// The answer to show: a proven one where any solver proved it, else
    /// the best found (the first solver's on a tie), its bound the lowest
    /// of the solvers' true bounds.
    pub answer: Answer,
    /// Each upper bound the shown answer's solver proved as it searched
    /// (empty without [`Limits::progress`]).
    pub bounds: Vec<BoundStep>,
    /// With more than one solver: each one's answer, in the order run (a
    /// solver after a stop did not run).
    pub runs: Vec<Answer>,
    /// With [`Request::others`], for a best turn: the other choice at each
    /// bonus of the answer's line that had one.
    pub others: Vec<OtherChoice>,
}

impl Solved {
    /// With more than one solver: whether every one proved its answer, so
    /// that their agreement means something (none of a pair cut short).
    pub fn compared(&self) -> Option<bool> {
        (self.runs.len() > 1).then(|| self.runs.iter().all(|a| a.proven))
    }
}

/// Why no answer was given.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum Unsolved {
    /// A solver does not take this puzzle (its goal, or this build).
    #[error(transparent)]
    Unsupported(SolveError),
    /// The rules refuse an answer, or two answers cannot both be true: a
    /// bug in a solver, said in words.
    #[error("{0}")]
    Contradiction(String),
}

/// Solves `puzzle` as `request` asks: each solver's answer replayed
/// through the rules (its `--all` list while the limits allow), the
/// answers held against each other, and the answer to show settled.
pub fn solve_checked(puzzle: &Puzzle, request: &Request<'_>) -> Result<Solved, Unsolved> {
    let started = Instant::now();
    let mut answers: Vec<Answer> = Vec::new();
    let mut histories: Vec<Vec<BoundStep>> = Vec::new();
    for solver in request.solvers {
        let limits = Limits { timeout: left(&request.limits, started), ..request.limits.clone() };
        if let Some(progress) = &limits.progress {
            progress.start(solver.name());
        }
        let began = Instant::now();
        let mut answer = solver.solve(puzzle, &limits).map_err(Unsolved::Unsupported)?;
        verify_within(puzzle, &mut answer, &limits, began).map_err(|why| {
            Unsolved::Contradiction(format!(
                "the {} solver's answer (score {}) fails the rules: {why}",
                solver.name(),
                answer.score
            ))
        })?;
        histories.push(limits.progress.as_ref().map(|p| p.history()).unwrap_or_default());
        answers.push(answer);
        if limits.stop_requested() {
            break;
        }
    }
    for (i, a) in answers.iter().enumerate() {
        for b in answers.iter().skip(i + 1) {
            if let Some(why) = contradiction(&puzzle.goal, a, b) {
                return Err(Unsolved::Contradiction(why));
            }
        }
    }
    let lowest_bound = answers.iter().filter_map(|a| a.bound).min();
    let pick = answers
        .iter()
        .position(|a| a.proven)
        .or_else(|| answers.iter().enumerate().max_by_key(|(i, a)| (a.score, std::cmp::Reverse(*i))).map(|(i, _)| i))
        .ok_or_else(|| Unsolved::Contradiction("no solver ran".into()))?;
    let runs = if answers.len() > 1 { answers.clone() } else { Vec::new() };
    let mut answer = answers.swap_remove(pick);
    let bounds = if pick < histories.len() { histories.swap_remove(pick) } else { Vec::new() };
    if !answer.proven {
        answer.bound = lowest_bound.map(|b| b.max(answer.score));
    }
    let others = if request.others && !request.limits.stop_requested() {
        let limits = Limits {
            timeout: left(&request.limits, started),
            max_nodes: request.limits.max_nodes,
            memory: request.limits.memory,
            stop: request.limits.stop.clone(),
            ..Limits::default()
        };
        other_choices(puzzle, &answer, &limits)?
    } else {
        Vec::new()
    };
    Ok(Solved { answer, bounds, runs, others })
}

/// What is left of the time limit of `limits` since `started`.
fn left(limits: &Limits, started: Instant) -> Option<std::time::Duration> {
    limits.timeout.map(|t| t.saturating_sub(started.elapsed()))
}

/// What two answers to the same puzzle may not both say: two proven
/// optima that differ, or an answer (replayed, so real) that beats another
/// solver's proven optimum or its bound.
pub fn contradiction(goal: &Goal, a: &Answer, b: &Answer) -> Option<String> {
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

/// For a best turn, the other choice at each bonus of the answer's line
/// that had one, each replayed through the game engine like the answer
/// itself. An other choice that beats a proven optimum, or that the rules
/// refuse, is a contradiction.
fn other_choices(puzzle: &Puzzle, answer: &Answer, limits: &Limits) -> Result<Vec<OtherChoice>, Unsolved> {
    if puzzle.goal != Goal::BestTurn {
        return Ok(Vec::new());
    }
    let mut out = Vec::new();
    for i in 0..answer.plays.len() {
        let Some(other) = other_choice(puzzle, &answer.plays, i, limits) else { continue };
        if let Some(score) = other.score {
            let line = Answer {
                score,
                proven: other.proven,
                plays: other.plays.clone(),
                all: Vec::new(),
                count: None,
                bound: None,
                stats: answer.stats.clone(),
            };
            verify(puzzle, &line).map_err(|why| {
                Unsolved::Contradiction(format!(
                    "the other choice at play {} (score {score}) fails the rules: {why}",
                    other.play
                ))
            })?;
            if answer.proven && score > answer.score {
                return Err(Unsolved::Contradiction(format!(
                    "the other choice at play {} scores {score}, more than the {} proven optimal",
                    other.play, answer.score
                )));
            }
        }
        out.push(other);
    }
    Ok(out)
}

/// What a puzzle records of its answer (its `expect:`): the optimum, the
/// number of solutions, or whether a fill exists.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Expected {
    /// The recorded optimum.
    pub score: Option<i64>,
    /// The recorded number of solutions.
    pub count: Option<u64>,
    /// Whether a fill was recorded to exist.
    pub exists: Option<bool>,
}

impl Expected {
    /// Whether anything is recorded.
    pub fn is_some(&self) -> bool {
        self.score.is_some() || self.count.is_some() || self.exists.is_some()
    }

    /// Whether `answer` establishes what is recorded: `Some(true)` when it
    /// holds, `Some(false)` when the answer rules it out, `None` when it
    /// could not be confirmed (the answer was cut short and says neither).
    /// A score is held against the score (a fill proven not to exist has
    /// none, so no score holds), else a count against the count, else
    /// `exists` against whether a fill was found or proven not to exist.
    pub fn holds(&self, goal: &Goal, answer: &Answer) -> Option<bool> {
        match (self.score, self.count, self.exists) {
            (Some(_), _, _) if fill_exists(goal, answer) == Some(false) => Some(false),
            (Some(score), _, _) => confirms_score(answer, score),
            (None, Some(count), _) => confirms_count(answer, count),
            (None, None, Some(exists)) => confirms_exists(goal, answer, exists),
            (None, None, None) => None,
        }
    }
}

#[cfg(test)]
mod tests {
    use std::sync::Arc;
    use std::sync::atomic::{AtomicBool, Ordering};
    use std::time::Duration;

    use super::*;
    use crate::formats::{VariantChoice, builtin_variant, load_puzzle};
    use crate::solve::native::Native;
    use crate::solve::{Progress, Stop};

    fn shipped(name: &str) -> Puzzle {
        let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("puzzles").join(name);
        load_puzzle(&path, &VariantChoice::default()).unwrap().puzzle
    }

    #[test]
    fn answers_that_cannot_both_be_true_are_a_contradiction() {
        let native = Answer::bare("native", 125, true, None);
        let turn = Goal::BestTurn;
        assert!(contradiction(&turn, &native, &Answer::bare("smt", 125, true, None)).is_none());
        assert!(contradiction(&turn, &native, &Answer::bare("smt", 120, true, None)).is_some());
        // Cut short below the optimum: nothing to compare.
        assert!(contradiction(&turn, &native, &Answer::bare("smt", 0, false, Some(300))).is_none());
        // A line better than a proven optimum, or a bound below the optimum.
        assert!(contradiction(&turn, &native, &Answer::bare("smt", 130, false, Some(300))).is_some());
        assert!(contradiction(&turn, &native, &Answer::bare("smt", 0, false, Some(100))).is_some());
    }

    /// A solver that answers whatever it is given: a score the rules do not
    /// give, or a proof that contradicts another solver's.
    struct Says(Answer);

    impl Solver for Says {
        fn name(&self) -> &'static str {
            self.0.stats.solver
        }
        fn solve(&self, _: &Puzzle, _: &Limits) -> Result<Answer, SolveError> {
            Ok(self.0.clone())
        }
    }

    #[test]
    fn an_answer_the_rules_refuse_or_that_contradicts_another_is_never_given() {
        let puzzle = shipped("seq-tiny-english.yaml");
        let good = Native.solve(&puzzle, &Limits::default()).unwrap();
        assert_eq!((good.score, good.proven), (60, true));
        let request = |solvers| Request { solvers, limits: Limits::default(), others: false };
        // The native answer with its score raised: the replay refuses it.
        let inflated = Says(Answer { score: good.score + 1, ..good.clone() });
        let alone: [&dyn Solver; 1] = [&inflated];
        let refused = solve_checked(&puzzle, &request(&alone));
        assert!(
            matches!(&refused, Err(Unsolved::Contradiction(why)) if why.contains("fails the rules")),
            "{refused:?}"
        );
        // A second "solver" proving that nothing scores (no plays, which
        // replay): the two proofs contradict each other.
        let nothing = Says(Answer::bare("smt", 0, true, None));
        let pair: [&dyn Solver; 2] = [&Native, &nothing];
        let both = solve_checked(&puzzle, &request(&pair));
        assert!(matches!(&both, Err(Unsolved::Contradiction(why)) if why.contains("disagree")), "{both:?}");
    }

    #[test]
    fn a_cut_short_answer_takes_the_lowest_bound_and_an_answer_proven_wins() {
        let puzzle = shipped("seq-tiny-english.yaml");
        let request = |solvers| Request { solvers, limits: Limits::default(), others: false };
        let (cut, tighter) =
            (Says(Answer::bare("first", 0, false, Some(80))), Says(Answer::bare("second", 0, false, Some(70))));
        let pair: [&dyn Solver; 2] = [&cut, &tighter];
        let solved = solve_checked(&puzzle, &request(&pair)).unwrap();
        assert_eq!((solved.answer.stats.solver, solved.answer.bound), ("first", Some(70)));
        assert_eq!(solved.compared(), Some(false));
        let pair: [&dyn Solver; 2] = [&cut, &Native];
        let solved = solve_checked(&puzzle, &request(&pair)).unwrap();
        assert!(solved.answer.proven && solved.answer.stats.solver == "native" && solved.answer.score == 60);
        // A best turn's answer takes two bonus tiles at its bonus: the 25
        // was the other choice, searched and replayed.
        let turn = shipped("bonus-corner.yaml");
        let solved = solve_checked(&turn, &Request { solvers: &[&Native], limits: Limits::default(), others: true });
        let solved = solved.unwrap();
        assert_eq!(solved.answer.score, 47);
        assert_eq!(solved.others.iter().map(|o| o.play).collect::<Vec<_>>(), vec![1]);
    }

    /// Two solves in one process, at once, each under its own limits: one
    /// stopped by its caller at once (its own flag, set before it starts),
    /// the other left to run to its proof. Nothing of one's limits reaches
    /// the other: no process-wide stop, no shared clock.
    #[test]
    fn two_solves_in_one_process_keep_their_own_limits() {
        let puzzle = shipped("turn-60-english.yaml");
        let stopped = Arc::new(AtomicBool::new(true));
        let running = Arc::new(AtomicBool::new(false));
        let progress = Arc::new(Progress::default());
        let (cut, whole) = std::thread::scope(|scope| {
            let cut = scope.spawn(|| {
                let limits = Limits { stop: Some(stopped.clone()), ..Limits::default() };
                solve_checked(&puzzle, &Request { solvers: &[&Native], limits, others: true })
            });
            let whole = scope.spawn(|| {
                let limits = Limits {
                    stop: Some(running.clone()),
                    timeout: Some(Duration::from_secs(600)),
                    progress: Some(progress.clone()),
                    ..Limits::default()
                };
                solve_checked(&puzzle, &Request { solvers: &[&Native], limits, others: true })
            });
            (cut.join().unwrap().unwrap(), whole.join().unwrap().unwrap())
        });
        assert!(!cut.answer.proven && cut.answer.stats.stopped == Some(Stop::Interrupted), "{:?}", cut.answer);
        assert!(cut.others.is_empty(), "a stopped solve searches no other choice");
        assert!(whole.answer.proven && whole.answer.stats.stopped.is_none(), "{:?}", whole.answer);
        assert!(whole.answer.score >= cut.answer.score);
        assert!(!running.load(Ordering::SeqCst));
        assert_eq!(progress.solver(), "native");
    }

    #[test]
    fn an_expectation_holds_only_on_what_the_answer_establishes() {
        let turn = Goal::BestTurn;
        let score = Expected { score: Some(125), ..Expected::default() };
        assert_eq!(score.holds(&turn, &Answer::bare("native", 125, true, None)), Some(true));
        assert_eq!(score.holds(&turn, &Answer::bare("native", 124, true, None)), Some(false));
        assert_eq!(score.holds(&turn, &Answer::bare("native", 100, false, Some(130))), None);
        assert!(!Expected::default().is_some());
        let english = builtin_variant("english").unwrap();
        let region = vec![crate::model::Cell::new(0, 0), crate::model::Cell::new(1, 0)];
        let fill = Goal::Fill(crate::solve::FillGoal {
            region,
            pool: english.tile_set().ids().take(4).collect(),
            objective: crate::solve::FillObjective::Weight,
        });
        // A fill proven not to exist has no score: a recorded score does
        // not hold, and `exists: false` does.
        let none = Answer::bare("native", 0, true, None);
        assert_eq!(score.holds(&fill, &none), Some(false));
        assert_eq!(Expected { exists: Some(false), ..Expected::default() }.holds(&fill, &none), Some(true));
    }
}
