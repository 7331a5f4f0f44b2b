//! Puzzles and their solvers: the highest-scoring turn, the best sequence of
//! placements, and region fills, each solved by an exact native search and by
//! an SMT encoding (feature `smt`), and every answer replayed through the
//! rules before anyone sees it.
//!
//! May use: model, rules, game, limits. A best turn is replayed through
//! the game engine before it is printed (`verify`), so the engine sits
//! below this part and never uses it; the table of positions leaves the
//! share of the memory limit that `limits` keeps back for the move
//! generators.

mod best;
mod budget;
mod checked;
mod falling;
mod fill;
mod lattice;
pub mod native;
/// The lattice search opened to the experiments in `lab/`; only with the
/// `lab` feature, never in the product.
#[cfg(feature = "lab")]
#[doc(hidden)]
pub use lattice::lab;
#[cfg(feature = "smt")]
pub mod smt;
mod verify;

use std::sync::atomic::{AtomicBool, AtomicI64, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use serde::Serialize;

use crate::model::{Board, Cell, Corners, TileId};
use crate::rules::Variant;

pub use checked::{Expected, Request, Solved, Unsolved, contradiction, solve_checked};
pub use fill::{
    FillSearchKind, fill_on_lattice, no_fill_by_counting, pool_too_small, ruled_out_by_shape, solve_fill_by,
};
pub use verify::{turn_start, verify, verify_within};

/// What a puzzle asks for.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Goal {
    /// The highest score one turn can make: one placement and, on a bonus,
    /// 25 points or two bonus tiles (further bonuses where R8 allows).
    BestTurn,
    /// The highest total of up to `plays` successive placements from the
    /// hand, each legal when made, each bonus taken as 25 points.
    BestSequence {
        /// How many placements at most.
        plays: usize,
    },
    /// Cover a region with distinct pool tiles, every tile legal against all
    /// its neighbours in the finished board as if placed last.
    Fill(FillGoal),
}

/// A region to fill and what to optimise.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FillGoal {
    /// The empty cells to cover, in reading order.
    pub region: Vec<Cell>,
    /// The tiles that may be used, each at most once.
    pub pool: Vec<TileId>,
    /// What to optimise.
    pub objective: FillObjective,
}

/// What a fill optimises.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, serde::Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum FillObjective {
    /// The total weight of the tiles placed.
    Weight,
    /// The number of tiles whose matched corners earn the bonus (R7).
    Bonuses,
    /// Count every solution.
    Count,
}

/// A puzzle: a position, a variant and a goal.
#[derive(Clone, Debug)]
pub struct Puzzle {
    /// The rules.
    pub variant: Variant,
    /// The board.
    pub board: Board,
    /// The hand.
    pub hand: Vec<TileId>,
    /// The goal.
    pub goal: Goal,
}

/// What was done after a bonus.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Choice {
    /// The 25 points.
    Points,
    /// Two bonus tiles.
    Tiles,
}

/// The role of a placement in an answer.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum PlayKind {
    /// A turn's (or a sequence's) placement.
    Turn,
    /// A bonus tile.
    BonusTile,
    /// A tile of a fill.
    Fill,
}

/// One placement of an answer, with what it scored.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize)]
pub struct Play {
    /// The tile.
    pub tile: TileId,
    /// The cell.
    pub at: Cell,
    /// The corners.
    pub corners: Corners,
    /// Turn, bonus tile or fill tile.
    pub kind: PlayKind,
    /// What the placement itself scored: R9 for a turn, the weight for a
    /// bonus tile or a fill tile.
    pub points: i64,
    /// Whether it earned a bonus (a bonus tile only where R8 allows).
    pub bonus: bool,
    /// On a bonus: what was taken.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub choice: Option<Choice>,
}

/// Counters a solver reports.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize)]
pub struct Stats {
    /// Which solver.
    pub solver: &'static str,
    /// Search nodes (native) or solver checks (SMT).
    pub nodes: u64,
    /// Wall time in microseconds.
    pub micros: u64,
    /// What stopped the search before it could prove its answer (none when
    /// it ran to the end).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub stopped: Option<Stop>,
}

/// What ended a search before it could prove its answer.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Stop {
    /// The time limit (`Limits::timeout`).
    TimeLimit,
    /// The memory limit (`Limits::memory`).
    MemoryLimit,
    /// The caller asked it to stop (`Limits::stop`), e.g. on Ctrl-C.
    Interrupted,
    /// The node limit (`Limits::max_nodes`).
    NodeLimit,
}

impl Stop {
    /// What stopped it, in words.
    pub fn describe(self) -> &'static str {
        match self {
            Stop::TimeLimit => "the time limit (--timeout)",
            Stop::MemoryLimit => "the memory limit (--max-memory)",
            Stop::Interrupted => "an interrupt (Ctrl-C)",
            Stop::NodeLimit => "the node limit (--max-nodes)",
        }
    }
}

/// A solver's answer.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Answer {
    /// The best score found (for a count, the number of solutions).
    pub score: i64,
    /// True when the score is proven optimal (or the count complete).
    pub proven: bool,
    /// When not proven: no answer scores more than this. Given only when it
    /// is a true upper bound (never for a count).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub bound: Option<i64>,
    /// The plays of one best answer, in order.
    pub plays: Vec<Play>,
    /// With `--all`: every optimal answer (up to the limit).
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub all: Vec<Vec<Play>>,
    /// With `count`: the number of solutions.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub count: Option<u64>,
    /// Counters.
    pub stats: Stats,
}

#[cfg(test)]
impl Answer {
    /// An answer of no plays, as the tests of what answers establish
    /// build one: `solver`'s, scoring `score`, proven or with `bound`.
    pub(crate) fn bare(solver: &'static str, score: i64, proven: bool, bound: Option<i64>) -> Answer {
        Answer {
            score,
            proven,
            bound,
            plays: Vec::new(),
            all: Vec::new(),
            count: None,
            stats: Stats { solver, ..Default::default() },
        }
    }
}

/// How long and how far to search.
#[derive(Clone, Debug, Default)]
pub struct Limits {
    /// Stop after this long; the answer is then not proven.
    pub timeout: Option<Duration>,
    /// Stop one search after this many nodes (none: no limit of its own);
    /// its answer is then not proven. A limit that does not depend on the
    /// machine's speed, so that what stops is the same on every run.
    pub max_nodes: Option<u64>,
    /// List every optimal answer (up to `max_answers`).
    pub all: bool,
    /// The most answers `all` lists (0: the default, 1000).
    pub max_answers: usize,
    /// The memory the solver may take, in bytes (none: no limit of its
    /// own): z3's `memory_max_size`, and the native solver's table of
    /// positions already searched, which then stops growing (the search
    /// goes on, slower).
    pub memory: Option<u64>,
    /// Set from outside (on Ctrl-C, say) to stop the search: it ends as
    /// soon as it sees the flag, with the best answer found, unproven.
    pub stop: Option<Arc<AtomicBool>>,
    /// Where the search reports the best score found and the bound while it
    /// runs, for a progress display.
    pub progress: Option<Arc<Progress>>,
    /// The threads the native search may share a weight fill's lattice
    /// search, or a chained best turn's search below (without `all`), out
    /// over (0 or 1: it runs on the calling thread alone), never more than
    /// the cores there are ([`Limits::workers`]). The answer is the same on
    /// any number; the node count is not.
    pub threads: usize,
}

impl Limits {
    /// The cap on listed answers.
    pub fn answer_cap(&self) -> usize {
        if self.max_answers == 0 { 1000 } else { self.max_answers }
    }

    /// Whether the caller has asked the search to stop.
    #[inline]
    pub fn stop_requested(&self) -> bool {
        self.stop.as_ref().is_some_and(|s| s.load(Ordering::Relaxed))
    }

    /// Why a search started at `started` must stop now, if it must: the
    /// caller's stop, then the time limit.
    pub fn expired(&self, started: Instant) -> Option<Stop> {
        if self.stop_requested() {
            Some(Stop::Interrupted)
        } else if self.timeout.is_some_and(|t| started.elapsed() >= t) {
            Some(Stop::TimeLimit)
        } else {
            None
        }
    }

    /// When the time limit has been passed by a little (a twentieth of it,
    /// at least 20 ms, at most 2 s): what a solver that does not keep to
    /// the limit itself is waited for until, and what an answer's list is
    /// replayed through the rules until, so that the answer comes within a
    /// tenth of the limit. None without a time limit.
    pub fn deadline_with_grace(&self, started: Instant) -> Option<Instant> {
        self.timeout.map(|t| started + t + (t / 20).clamp(Duration::from_millis(20), Duration::from_secs(2)))
    }

    /// The threads a search shared out runs on: those asked (at least
    /// one), never more than the cores the process may run on. Threads
    /// beyond the cores only take turns on them, each holding a share of
    /// the work the others wait for and searching with the weaker floor of
    /// a share started early, so that more of them than cores is slower,
    /// never faster.
    pub fn workers(&self) -> usize {
        let cores = std::thread::available_parallelism().map_or(1, usize::from);
        self.threads.clamp(1, cores.max(1))
    }

    /// Reports a score found (kept when it is the best so far).
    pub fn found(&self, score: i64) {
        if let Some(p) = &self.progress {
            p.best.fetch_max(score, Ordering::Relaxed);
        }
    }

    /// Reports an upper bound on every answer (kept when it is the lowest).
    pub fn bounded(&self, bound: i64) {
        if let Some(p) = &self.progress {
            p.lower(bound);
        }
    }
}

/// The best score a running search has found and the lowest upper bound it
/// has proven, read by a progress display from another thread, and each
/// bound as it was proven (the bound history).
#[derive(Debug)]
pub struct Progress {
    solver: Mutex<&'static str>,
    best: AtomicI64,
    bound: AtomicI64,
    since: Mutex<Instant>,
    history: Mutex<Vec<BoundStep>>,
}

/// One upper bound a search proved while it ran: no answer scores more
/// than `bound`; `best` was the best score found by then.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct BoundStep {
    /// Microseconds since the search began.
    pub micros: u64,
    /// The bound.
    pub bound: i64,
    /// The best score found by then (none before any).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub best: Option<i64>,
}

impl Default for Progress {
    fn default() -> Progress {
        Progress {
            solver: Mutex::new(""),
            best: AtomicI64::new(i64::MIN),
            bound: AtomicI64::new(i64::MAX),
            since: Mutex::new(Instant::now()),
            history: Mutex::new(Vec::new()),
        }
    }
}

impl Progress {
    /// The best score found so far, if any.
    pub fn best(&self) -> Option<i64> {
        Some(self.best.load(Ordering::Relaxed)).filter(|&b| b != i64::MIN)
    }

    /// The lowest upper bound known so far, if any.
    pub fn bound(&self) -> Option<i64> {
        Some(self.bound.load(Ordering::Relaxed)).filter(|&b| b != i64::MAX)
    }

    /// Each bound as it was lowered, in order: strictly decreasing.
    pub fn history(&self) -> Vec<BoundStep> {
        self.history.lock().map(|h| h.clone()).unwrap_or_default()
    }

    /// The solver running (as [`Progress::start`] named it; empty before).
    pub fn solver(&self) -> &'static str {
        self.solver.lock().map_or("", |s| *s)
    }

    /// A new search by `solver` begins: what an earlier one reported is
    /// forgotten, and times count from now.
    pub fn start(&self, solver: &'static str) {
        if let Ok(mut s) = self.solver.lock() {
            *s = solver;
        }
        self.reset();
    }

    /// Forgets what an earlier search reported; times count from now.
    pub fn reset(&self) {
        self.best.store(i64::MIN, Ordering::Relaxed);
        self.bound.store(i64::MAX, Ordering::Relaxed);
        if let Ok(mut since) = self.since.lock() {
            *since = Instant::now();
        }
        if let Ok(mut h) = self.history.lock() {
            h.clear();
        }
    }

    fn lower(&self, bound: i64) {
        // The history is kept under its lock so that its steps stay in
        // order when searches on several threads report at once.
        let Ok(mut h) = self.history.lock() else { return };
        if bound >= self.bound.load(Ordering::Relaxed) {
            return;
        }
        self.bound.store(bound, Ordering::Relaxed);
        let micros = self.since.lock().map_or(0, |s| s.elapsed().as_micros() as u64);
        h.push(BoundStep { micros, bound, best: self.best() });
    }
}

/// The readings a turn's search does not model, named for `solver` where
/// `puzzle` needs them: bonus tiles kept against the tile that earned them
/// (R29 = touching-the-earner) and a single bonus tile laid alone (R30 =
/// yes) change which bonus tiles a turn may lay, and the searches lay them
/// by the shipped rules. A fill lays no bonus tiles, so it needs neither.
pub fn unmodelled_bonus_tiles(puzzle: &Puzzle, solver: &'static str) -> Result<(), SolveError> {
    use crate::rules::{BonusTilePlace, SingleBonusTile};
    if matches!(puzzle.goal, Goal::Fill(_)) {
        return Ok(());
    }
    let rules = puzzle.variant.rules();
    let what = if rules.bonus_tile_place == BonusTilePlace::TouchingTheEarner {
        "R29 = touching-the-earner (bonus tiles kept against the tile that earned them)"
    } else if rules.single_bonus_tile == SingleBonusTile::Yes {
        "R30 = yes (a single bonus tile laid alone)"
    } else {
        return Ok(());
    };
    Err(SolveError::Unsupported { solver, what: format!("{what}; `compare` and `play` do, under every value") })
}

/// Why a solver gave no answer.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum SolveError {
    /// The solver does not handle this goal (yet).
    #[error("the {solver} solver does not handle {what}")]
    Unsupported {
        /// Which solver.
        solver: &'static str,
        /// What it does not handle.
        what: String,
    },
    /// The solver failed.
    #[error("the {solver} solver failed: {message}")]
    Failed {
        /// Which solver.
        solver: &'static str,
        /// What happened.
        message: String,
    },
}

/// A way of solving puzzles.
pub trait Solver {
    /// Its name (`native`, `smt`).
    fn name(&self) -> &'static str;
    /// Solves the puzzle within the limits.
    fn solve(&self, puzzle: &Puzzle, limits: &Limits) -> Result<Answer, SolveError>;
}

/// Whether `answer` confirms a recorded optimum `expected`: `Some(true)`
/// only when the answer is proven and equal; `Some(false)` when it rules the
/// value out (proven and different, or cut short yet already past it, or
/// bounded below it); `None` when it was cut short and says neither.
pub fn confirms_score(answer: &Answer, expected: i64) -> Option<bool> {
    confirms(answer.proven, Some(answer.score), answer.bound, expected)
}

/// As [`confirms_score`], for a recorded count of solutions: a count cut
/// short is a lower bound, so only one past `expected` rules it out.
pub fn confirms_count(answer: &Answer, expected: u64) -> Option<bool> {
    let expected = i64::try_from(expected).unwrap_or(i64::MAX);
    confirms(answer.proven, answer.count.map(|c| i64::try_from(c).unwrap_or(i64::MAX)), None, expected)
}

fn confirms(proven: bool, got: Option<i64>, bound: Option<i64>, expected: i64) -> Option<bool> {
    if proven {
        return Some(got == Some(expected));
    }
    // Cut short, what was found is a lower bound and the bound an upper
    // one: either may already rule the recorded value out.
    if got.is_some_and(|g| g > expected) || bound.is_some_and(|b| b < expected) {
        return Some(false);
    }
    None
}

/// Whether a fill of the region exists, as far as `answer` establishes it,
/// for a fill that maximizes (a count says it with its number): `true` once
/// a fill is found (it is replayed before anyone sees it, so it exists even
/// when not proven best), `false` when the search proved there is none,
/// `None` when it was cut short with none found, or for any other goal.
pub fn fill_exists(goal: &Goal, answer: &Answer) -> Option<bool> {
    match goal {
        Goal::Fill(f) if f.objective != FillObjective::Count => {
            if !answer.plays.is_empty() {
                Some(true)
            } else if answer.proven {
                Some(false)
            } else {
                None
            }
        }
        _ => None,
    }
}

/// The score an answer has: none for a count (its number is the count)
/// and none for a fill where no fill was found (proven not to exist, or
/// cut short first): 0 there would read as a fill scoring 0.
pub fn shown_score(goal: &Goal, a: &Answer) -> Option<i64> {
    if a.count.is_some() || (matches!(goal, Goal::Fill(_)) && a.plays.is_empty()) { None } else { Some(a.score) }
}

/// Whether `answer` confirms a recorded `exists:`: only a fill found
/// confirms `true` and only a search run to the end confirms `false`.
pub fn confirms_exists(goal: &Goal, answer: &Answer, expected: bool) -> Option<bool> {
    fill_exists(goal, answer).map(|exists| exists == expected)
}

/// The score of a list of plays: each play's points plus 25 for each bonus
/// taken as points.
pub fn score_of(plays: &[Play]) -> i64 {
    plays.iter().map(|p| p.points + if p.choice == Some(Choice::Points) { 25 } else { 0 }).sum()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::formats::{VariantChoice, load_puzzle};
    use std::path::Path;

    fn puzzle(name: &str) -> Puzzle {
        let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("puzzles").join(name);
        load_puzzle(&path, &VariantChoice::default()).unwrap().puzzle
    }

    /// The corpus is a regression suite: every recorded optimum (or count)
    /// is proven again by the native solver and its answer replayed.
    #[test]
    fn every_puzzle_expectation_holds() {
        let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("puzzles");
        let mut checked = 0;
        // The shipped puzzles and the puzzle book's.
        let files = [dir.clone(), dir.join("book")]
            .into_iter()
            .flat_map(|d| std::fs::read_dir(d).unwrap())
            .map(|entry| entry.unwrap().path())
            .filter(|p| p.is_file() && p.extension().is_some_and(|e| e == "yaml"));
        for path in files {
            // The English weight fills from the full set, whose proofs take
            // from milliseconds (4x4) to most of a minute (6x6) in release
            // and many times that in a debug build: in release only.
            let slow = ["fill-4x4-weight-english.yaml", "fill-5x5-weight-english.yaml", "fill-6x6-weight-english.yaml"];
            if cfg!(debug_assertions) && slow.iter().any(|s| path.ends_with(s)) {
                continue;
            }
            let loaded = load_puzzle(&path, &VariantChoice::default()).unwrap();
            let answer = native::Native.solve(&loaded.puzzle, &Limits::default()).unwrap();
            let name = path.display();
            assert!(answer.proven, "{name}");
            verify(&loaded.puzzle, &answer).unwrap_or_else(|e| panic!("{name}: {e}"));
            if let Some(score) = loaded.expect.score {
                assert_eq!(answer.score, score, "{name}");
                checked += 1;
            }
            if let Some(count) = loaded.expect.count {
                assert_eq!(answer.count, Some(count), "{name}");
                checked += 1;
            }
        }
        assert!(checked >= 20, "only {checked} puzzles record their answer");
    }

    /// Stopped by the time limit before anything is searched, the native
    /// solver says so and gives a bound no lower than the true optimum
    /// (and whatever it found replays).
    #[test]
    fn a_native_answer_cut_short_is_unproven_with_a_true_bound() {
        for name in
            ["turn-60-english.yaml", "turn-chain-bonus.yaml", "seq-60-english.yaml", "fill-5x5-weight-serbian.yaml"]
        {
            let p = puzzle(name);
            let optimum = native::Native.solve(&p, &Limits::default()).unwrap().score;
            let limits = Limits { timeout: Some(std::time::Duration::ZERO), ..Limits::default() };
            let cut = native::Native.solve(&p, &limits).unwrap();
            assert!(!cut.proven, "{name}");
            let bound = cut.bound.unwrap_or_else(|| panic!("{name}: no bound"));
            assert!(bound >= optimum && cut.score <= optimum, "{name}: {} <= {optimum} <= {bound}", cut.score);
            verify(&p, &cut).unwrap_or_else(|e| panic!("{name}: {e}"));
        }
    }

    #[test]
    fn an_expectation_is_confirmed_only_by_a_proven_answer() {
        let answer = |score, proven, bound| Answer::bare("", score, proven, bound);
        assert_eq!(confirms_score(&answer(125, true, None), 125), Some(true));
        assert_eq!(confirms_score(&answer(124, true, None), 125), Some(false));
        // Cut short with nothing better found: neither confirmed nor refuted.
        assert_eq!(confirms_score(&answer(0, false, None), 125), None);
        assert_eq!(confirms_score(&answer(125, false, Some(200)), 125), None);
        // Cut short, yet already past it, or bounded below it: refuted.
        assert_eq!(confirms_score(&answer(126, false, Some(200)), 125), Some(false));
        assert_eq!(confirms_score(&answer(10, false, Some(124)), 125), Some(false));
        let counted = |count, proven| Answer { count: Some(count), ..answer(0, proven, None) };
        assert_eq!(confirms_count(&counted(3, true), 3), Some(true));
        assert_eq!(confirms_count(&counted(2, false), 3), None);
        assert_eq!(confirms_count(&counted(4, false), 3), Some(false));
    }

    #[test]
    fn the_bonus_corner_example_scores_47_and_replays() {
        let p = puzzle("bonus-corner.yaml");
        let answer = native::Native.solve(&p, &Limits::default()).unwrap();
        assert_eq!(answer.score, 47);
        assert!(answer.proven);
        verify(&p, &answer).unwrap();
        let tiles: Vec<String> = answer.plays.iter().map(|p| p.tile.to_string()).collect();
        assert_eq!(tiles[0], "1-4-5-5");
        assert_eq!(answer.plays[0].choice, Some(Choice::Tiles));
    }
}
