//! The SMT solver: each puzzle encoded for z3's `Optimize` and the optimum
//! read back from the model, then replayed through the rules.
//!
//! # The parts
//!
//! Each uses only the parts listed before it, and this file's three shared
//! items (`BONUS`, `failed`, `orientations_of`):
//! - `abandon`: work on a thread of its own, left behind at a deadline;
//! - `budget`: the time and memory a search may still spend, and the best
//!   answer established so far;
//! - `formula`: small z3 helpers that fold constants as they build;
//! - `lattice`: the board's geometry, cells joined to their corners' points;
//! - `judge`: the placement rule (legal, bonus) as formulas over a board;
//! - `placements`: best turns and best sequences encoded as one `Optimize`;
//! - `answers`: turns solved in rounds, models read back, `--all` blocked;
//! - `fill`: region fills encoded, then optimised or counted;
//! - this file: [`Smt`], the entry point: z3 on a thread of its own under
//!   a memory and stop watchdog, left behind at the deadline;
//! - `tests` (test builds only): the helpers as assumed, answers as native.
//!
//! # What it may use
//!
//! The board model ([`crate::model`]); the rules ([`crate::rules`]: the
//! variant's rules and orientations it encodes, R9 points, and the move
//! generator and the judge that check what it reads back); the solve
//! module's own puzzles, goals, limits and answers, and the replay every
//! answer passes ([`verify`](fn@crate::solve::verify)); z3, petgraph for
//! the lattice and memory-stats for the watchdog. From the native solver it
//! takes two things only: its first line when z3 is stopped before finding
//! any, and the bound every solver shares for an answer cut short. It does
//! not use the game engine ([`crate::game`]: deals, rounds, players): a
//! puzzle is all it sees (its tests load shipped puzzles through
//! [`crate::formats`]). Nothing else in the crate reaches inside; the only
//! thing these parts offer is [`Smt`].
//!
//! # The encoding
//!
//! The board's adjacency graph (petgraph) joins every cell that matters, the
//! placed tiles and the empty cells a placement could reach within the step
//! count, to the four lattice points of its corners; the cells meeting a
//! candidate's corner are the other cells on that point, and R4 says which
//! of them count.
//!
//! - Variables: one Boolean `x[s, cell, k]` per candidate, "step `s`
//!   places orientation `k`" (an index of [`crate::rules::Orientations`], of
//!   a hand tile). A cell is a candidate at step `s` when it lies within
//!   `s + 1` side steps of the placed tiles and the rules could let the
//!   placement stand there: candidates whose rule folds to `false` are never
//!   created. Derived Booleans, each defined as the disjunction of the
//!   candidates it covers: `at[s, cell]` (where step `s` goes),
//!   `filled[s, cell]` (filled before step `s`), `holds[cell, k]` (what the
//!   cell ends up holding), and per asked-about fact `shows[cell, corner, v]`
//!   and `weighs[cell, w]`. "Filled before step `s` and showing `v` there"
//!   is `filled[s, cell] ∧ shows[cell, corner, v]`.
//! - Pseudo-Boolean at-most-one constraints per step (over `at[s, ·]`), per
//!   cell (over `at[·, cell]` and `holds[cell, ·]`) and per tile (over its
//!   `holds`); steps are taken in order (`active[s + 1] → active[s]`), and,
//!   redundantly, as many tiles are used as steps are taken.
//! - Each step is judged against the starting board and the earlier steps
//!   only, by clauses for `x → legal` ("A placement, precisely"): a side
//!   contact; unless a counting neighbour (R6) has the tile's weight (R5),
//!   at least two matched corners (every three corners include a matched
//!   one) and, where R3 = no, every touching corner matched. A corner
//!   touches when a counting neighbour (R4) is filled on its point; it
//!   matches (R2) when every filled neighbour there shows its value, or at
//!   least one does. The bonus of a candidate (R7) is a Boolean that implies
//!   `x` and at least the threshold of matched corners.
//! - Best turn: step 0 is the turn's placement (R9 points), the later steps
//!   bonus tiles (their weight). On each step that may choose (step 0, and
//!   with R8 every bonus tile) `tiles[s] → bonus[s]` takes two bonus tiles,
//!   and `bonus[s] ∧ ¬tiles[s]` scores 25. Bonus tiles are owed: before
//!   bonus step `s`, `2 · Σ_{t<s} tiles[t] ≥ s`, and the bonus steps taken
//!   are twice the tile choices. Going out on a bonus therefore takes the
//!   25. Turns are solved in rounds of 1, 3, 5, … steps: while more steps
//!   are possible a line may stop owing tiles, the rest bounded from above;
//!   a later round looks only for longer lines (which start with a bonus)
//!   that beat the best finished one.
//! - Best sequence: up to N steps, each scoring its tile's R9 points and 25
//!   per bonus.
//! - Fill: one Boolean per (region cell, orientation of a pool tile), each
//!   cell filled exactly once, each judged against the finished board
//!   without itself (as if placed last); counts enumerate models with
//!   blocking clauses.
//! - The objective is a sum of Booleans with small coefficients, maximised by
//!   `Optimize`: per tile used its points, 25 per bonus taken as points,
//!   and for sequences each step's value in order encoding.
//!   `Limits::timeout` becomes z3's `timeout` (milliseconds); a check cut
//!   short gives the best model found, unproven. z3 does not always keep
//!   to it, so the caller waits for z3's thread only until the limit and
//!   a twentieth of it have passed, then answers with what was
//!   established by then (the best finished line, the fills counted),
//!   unproven, and leaves z3 behind.

mod abandon;
mod answers;
mod budget;
mod fill;
mod formula;
mod judge;
mod lattice;
mod lattice_fill;
mod placements;
#[cfg(test)]
mod tests;

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{self, RecvTimeoutError};
use std::sync::{Arc, Mutex, PoisonError};
use std::time::{Duration, Instant};

use self::abandon::Ended;
use self::answers::empty_answer;
use self::budget::Budget;
use self::fill::solve_fill;
use self::placements::{Mode, Placements};
use super::{Answer, FillGoal, FillObjective, Goal, Limits, Puzzle, SolveError, Solver, Stop};
use crate::model::TileId;
use crate::rules::{BonusCount, BonusFollowUp, Variant};

/// The z3-backed solver.
#[derive(Clone, Copy, Debug, Default)]
pub struct Smt;

/// The z3-backed solver with every fill in the cell encoding (one Boolean
/// per cell and orientation, each judged against its neighbours), even
/// where the lattice encoding asks the same question: to compare the two.
#[derive(Clone, Copy, Debug, Default)]
pub struct SmtCells;

/// Points for a bonus taken as points.
const BONUS: i64 = 25;

impl Solver for Smt {
    fn name(&self) -> &'static str {
        "smt"
    }

    fn solve(&self, puzzle: &Puzzle, limits: &Limits) -> Result<Answer, SolveError> {
        run(puzzle, limits, false)
    }
}

impl Solver for SmtCells {
    fn name(&self) -> &'static str {
        "smt"
    }

    fn solve(&self, puzzle: &Puzzle, limits: &Limits) -> Result<Answer, SolveError> {
        run(puzzle, limits, true)
    }
}

/// Solves `puzzle` in z3; `cells_only` keeps fills in the cell encoding.
fn run(puzzle: &Puzzle, limits: &Limits, cells_only: bool) -> Result<Answer, SolveError> {
    crate::solve::unmodelled_bonus_tiles(puzzle, "smt")?;
    if puzzle.variant.rules().bonus_tile_follow_up == BonusFollowUp::NotRequired
        && !matches!(puzzle.goal, Goal::Fill(_))
    {
        // Forfeiting an owed tile depends on no placement being legal,
        // which this encoding of chosen placements cannot state.
        return Err(SolveError::Unsupported {
            solver: "smt",
            what: "R17 = not-required (an owed bonus tile may be forfeited); use the native solver".to_string(),
        });
    }
    if puzzle.variant.rules().bonus_count == BonusCount::Values {
        // The encoding states which corners match, not how many neighbours
        // show each matched value.
        return Err(SolveError::Unsupported {
            solver: "smt",
            what: "R26 = values (the bonus counts matched neighbouring values); use the native solver".to_string(),
        });
    }
    let started = Instant::now();
    if let Goal::Fill(fill) = &puzzle.goal
        && crate::solve::no_fill_by_counting(puzzle, fill)
    {
        // Proven by counting alone: z3 would take seconds, or longer than
        // anyone waits, to find it out.
        return Ok(crate::solve::fill::no_fill(fill, "smt", started));
    }
    // z3 runs on a thread of its own, left behind once the time limit (or
    // a stop) has passed by a little: it does not always keep to its own
    // timeout nor stop when interrupted. Everything z3 lives in a context
    // of that thread's own, built and dropped there: an interrupt the
    // watchdog sends as a check ends stays pending in its context, and in a
    // context shared with the next solve it would cut into that solve's
    // assertions (seen: a count of fills ended as proven after two of ten).
    let over = Arc::new(AtomicBool::new(false));
    let left = Arc::new(AtomicBool::new(false));
    let found = Arc::new(Mutex::new(None));
    let work = {
        let (puzzle, limits) = (puzzle.clone(), limits.clone());
        let (over, left, found) = (over.clone(), left.clone(), found.clone());
        move || search(&puzzle, &limits, started, cells_only, &over, &left, &found)
    };
    let mut stopped_at: Option<Instant> = None;
    let deadline = || {
        // z3 keeps to its timeout within a few milliseconds when it keeps
        // to it at all: past the limit's grace it is left behind.
        let timed = limits.deadline_with_grace(started);
        if limits.stop_requested() || over.load(Ordering::Relaxed) {
            let stop = *stopped_at.get_or_insert_with(Instant::now) + STOP_GRACE;
            return Some(timed.map_or(stop, |t| t.min(stop)));
        }
        timed
    };
    let ended = abandon::within(work, deadline).map_err(|e| failed(format!("z3's thread could not start: {e}")))?;
    let answer = match ended {
        Ended::Done(answer) => answer,
        Ended::Died => Err(failed("z3 ended without an answer")),
        Ended::Abandoned => {
            // Nobody reads what z3 says now: it ends at its next look.
            left.store(true, Ordering::Relaxed);
            // What was established before the deadline, checked again
            // against the rules here (the thread is still running).
            let kept = found.lock().unwrap_or_else(PoisonError::into_inner).take();
            Ok(kept.filter(|a| crate::solve::verify(puzzle, a).is_ok()).unwrap_or_else(|| empty_answer(false, 0)))
        }
    };
    let over = over.load(Ordering::Relaxed);
    let mut answer = match answer {
        // Interrupted, z3 may fail any call (a model's value, say): a
        // limit stopped it, and nothing it said is proven.
        Err(_) if over || limits.stop_requested() => empty_answer(false, 0),
        other => other?,
    };
    if answer.proven && (over || limits.expired(started).is_some()) {
        // An interrupted z3 check may end in `unsat` it did not establish
        // (seen: a count of fills ended as proven after two of ten, the
        // memory watchdog having interrupted it): nothing a limit has cut
        // into is proven, even when the last check says so.
        answer.proven = false;
    }
    if !answer.proven && answer.plays.is_empty() && !matches!(puzzle.goal, Goal::Fill(_)) {
        // Stopped before z3 found any line: a turn may not pass while a
        // play exists (E8, E9), so the native solver's first line, found
        // at once, stands in.
        let zero = Limits { timeout: Some(Duration::ZERO), ..Limits::default() };
        let quick = crate::solve::native::Native.solve(puzzle, &zero)?;
        if !quick.plays.is_empty() {
            (answer.score, answer.plays) = (quick.score, quick.plays);
        }
    }
    if let Goal::Fill(FillGoal { objective: FillObjective::Count, .. }) = &puzzle.goal
        && answer.count.is_none()
    {
        // Stopped before any fill was counted: none so far, a lower bound.
        answer.count = Some(0);
    }
    // An answer cut short gets the bound every solver shares, worked
    // out from the puzzle alone; z3's own bound on an interrupted search
    // is not one (it has said 0 while lines scoring 125 exist).
    answer.bound = if answer.proven { None } else { super::native::ceiling(puzzle).map(|c| c.max(answer.score)) };
    answer.stats.solver = "smt";
    answer.stats.micros = started.elapsed().as_micros() as u64;
    answer.stats.stopped = if answer.proven {
        None
    } else if over {
        Some(Stop::MemoryLimit)
    } else if limits.stop_requested() {
        Some(Stop::Interrupted)
    } else {
        Some(Stop::TimeLimit)
    };
    Ok(answer)
}

/// How long after a stop (Ctrl-C, the memory limit) the caller waits for
/// z3 before leaving it behind.
const STOP_GRACE: Duration = Duration::from_millis(500);

/// The z3 search itself, on the thread z3 runs on: the encoding built and
/// solved under the memory and stop watchdog; the answer, and whether the
/// memory limit stopped it.
fn search(
    puzzle: &Puzzle,
    limits: &Limits,
    started: Instant,
    cells_only: bool,
    over: &AtomicBool,
    left: &AtomicBool,
    found: &Mutex<Option<Answer>>,
) -> Result<Answer, SolveError> {
    z3::with_z3_config(&z3::Config::new(), || {
        let context = z3::Context::thread_local();
        let handle = context.handle();
        let budget = Budget { started, limits, over, left, found };
        std::thread::scope(|scope| {
            // The memory limit and the caller's stop: a watchdog reads the
            // process's resident memory and the stop flag, and interrupts z3
            // while either says stop (z3's own `memory_max_size` makes the z3
            // crate panic when reached). An interrupted check answers
            // `unknown`, as on a timeout; building the encoding looks at the
            // same flags between candidates. z3's term tables grow by
            // doubling, in one step the watchdog cannot interrupt (seen: 246
            // to 486 MB within one assertion), so it stops z3 once the
            // process holds half the limit: a doubling then stays under it.
            //
            // The first look is taken here, before z3 starts: on a busy
            // machine the watchdog's thread may first run only after a short
            // solve has ended, and a process already past the limit must
            // stop whether or not it gets to run (seen: a turn proven under
            // a 1 MiB limit).
            let past_limit = || {
                limits.memory.is_some_and(|limit| {
                    memory_stats::memory_stats().is_some_and(|m| m.physical_mem as u64 > limit / 2)
                })
            };
            if past_limit() {
                over.store(true, Ordering::Relaxed);
            }
            let (finished, wait) = mpsc::channel::<()>();
            let handle = &handle;
            // The caller leaving z3 behind stops it too, where z3 heeds it.
            scope.spawn(move || {
                while let Err(RecvTimeoutError::Timeout) = wait.recv_timeout(Duration::from_millis(20)) {
                    if past_limit() {
                        over.store(true, Ordering::Relaxed);
                        handle.interrupt();
                    }
                    if limits.stop_requested() || left.load(Ordering::Relaxed) {
                        handle.interrupt();
                    }
                }
            });
            let answer = match &puzzle.goal {
                Goal::BestTurn => Placements::solve(puzzle, limits, &budget, Mode::Turn),
                Goal::BestSequence { plays } => Placements::solve(puzzle, limits, &budget, Mode::Sequence(*plays)),
                // A weight fill that is a question about lattice points
                // alone is asked as one: far fewer terms.
                Goal::Fill(fill) => match (cells_only, crate::solve::lattice::LatticeView::of(puzzle, fill)) {
                    (false, Some(view)) => lattice_fill::solve_fill(puzzle, &view, &budget),
                    _ => solve_fill(puzzle, fill, &budget),
                },
            };
            drop(finished);
            answer
        })
    })
}

fn failed(message: impl Into<String>) -> SolveError {
    SolveError::Failed { solver: "smt", message: message.into() }
}

/// The orientation indices of `tiles`, by tile.
fn orientations_of(variant: &Variant, tiles: &[TileId]) -> Vec<(TileId, Vec<usize>)> {
    tiles
        .iter()
        .filter_map(|&t| variant.tile_set().index(t).map(|i| (t, variant.orientations().range_of(i).collect())))
        .collect()
}
