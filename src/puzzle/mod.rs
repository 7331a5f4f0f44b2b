//! Posing puzzles: from a seed, positions are drawn one after another until
//! one has exactly one best answer (and, when asked, the difficulty asked);
//! its answer is proven by the native search, replayed through the rules,
//! and its difficulty measured by the searches themselves.
//!
//! May use: model, rules, game, solve, formats, error. It sits above
//! `solve` (whose searches it runs) and `formats` (whose puzzle files it
//! writes and whose `difficulty:` key defines the levels).

pub mod measure;

use std::fmt::Write as _;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::Instant;

use crate::formats::Level;
use crate::model::{Board, Cell};
use crate::rules::{Variant, random_position};
use crate::solve::{FillGoal, FillObjective, Goal, Puzzle};

pub use measure::{AnswerKey, Bounds, Measured, Unmeasured, answer_key, measure, measure_within};

/// What kind of puzzle to pose.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
    /// The best turn (under serbian-chain a chained best turn).
    Turn,
    /// The best sequence of this many plays.
    Sequence(usize),
    /// A fill of a `width` × `height` region from the hand.
    Fill {
        /// What the fill optimises (or `Count`: its fills are counted).
        objective: FillObjective,
        /// Columns.
        width: u32,
        /// Rows.
        height: u32,
    },
}

/// A request for a puzzle.
#[derive(Clone, Debug)]
pub struct Request {
    /// The rules.
    pub variant: Variant,
    /// The seed: the same seed and request always give the same puzzle.
    pub seed: u64,
    /// The kind of puzzle.
    pub kind: Kind,
    /// Tiles on the board of each candidate (0: an empty board, for fills).
    pub tiles: usize,
    /// Tiles in the hand (a fill's pool).
    pub hand: usize,
    /// The level asked for, if any.
    pub level: Option<Level>,
    /// The most candidates drawn before giving up.
    pub tries: usize,
}

/// A puzzle posed.
#[derive(Clone, Debug)]
pub struct Posed {
    /// The puzzle.
    pub puzzle: Puzzle,
    /// Its answer, proven unique, and its difficulty.
    pub measured: Measured,
    /// How many candidates were drawn, this one included.
    pub tried: usize,
    /// How long it took, in microseconds.
    pub micros: u64,
}

/// Why no puzzle was posed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PoseError {
    /// Every candidate was refused; the text says how many and why.
    NoneFits {
        /// Candidates drawn.
        tried: usize,
        /// Microseconds spent.
        micros: u64,
        /// How many were refused for each reason, in words.
        why: String,
    },
    /// The time limit passed before a candidate fitted: nothing was
    /// posed. The text says how far it got.
    CutShort {
        /// Candidates drawn and judged before the limit.
        tried: usize,
        /// Microseconds spent.
        micros: u64,
        /// How many were refused for each reason, in words.
        why: String,
    },
    /// The rules refused a solver's answer: a bug.
    Contradiction(String),
}

/// The seed of candidate `k` of `seed`: a fixed mix of the two
/// (splitmix64), so that candidates do not repeat across nearby seeds.
fn candidate_seed(seed: u64, k: u64) -> u64 {
    let mut x = seed.wrapping_add(k.wrapping_mul(0x9E37_79B9_7F4A_7C15));
    x = (x ^ (x >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    x = (x ^ (x >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    x ^ (x >> 31)
}

/// The region of a fill: at `[0, 0]` on an empty board, else the first
/// rectangle, from an open cell chosen by `pick`, whose cells are all
/// empty.
fn region(board: &Board, width: u32, height: u32, pick: u64) -> Option<Vec<Cell>> {
    let rect = |o: Cell| -> Vec<Cell> {
        let (w, h) = (i32::try_from(width).unwrap_or(1), i32::try_from(height).unwrap_or(1));
        (0..h).flat_map(|dy| (0..w).map(move |dx| o.shifted(dx, dy))).collect()
    };
    if board.is_empty() {
        return Some(rect(Cell::new(0, 0)));
    }
    let mut open = board.open_cells();
    open.sort_unstable_by_key(|c| (c.y, c.x));
    let n = open.len();
    let start = usize::try_from(pick % (n.max(1) as u64)).unwrap_or(0);
    (0..n)
        .filter_map(|i| open.get((start + i) % n))
        .map(|&o| rect(o))
        .find(|cells| cells.iter().all(|&c| !board.is_occupied(c)))
}

/// Draws candidates until one fits the request.
pub fn pose(request: &Request) -> Result<Posed, PoseError> {
    pose_within(request, &Bounds::default(), &AtomicUsize::new(0))
}

/// [`pose`] within `bounds`: each candidate's searches within its node
/// limit (a candidate that needs more is passed over), the whole run
/// within its deadline (then it is cut short, and nothing is posed).
/// `drawn` counts the candidates judged so far, for a progress display.
pub fn pose_within(request: &Request, bounds: &Bounds, drawn: &AtomicUsize) -> Result<Posed, PoseError> {
    let started = Instant::now();
    let mut refused: [(usize, &str); 5] = [
        (0, "had no answer worth posing"),
        (0, "had more than one best answer"),
        (0, "were of another level"),
        (0, "needed more than --max-nodes"),
        (0, "left no room for the region"),
    ];
    let count = |refused: &mut [(usize, &str); 5], i: usize| {
        if let Some(r) = refused.get_mut(i) {
            r.0 += 1;
        }
    };
    let summary = |refused: &[(usize, &str); 5]| {
        let why: Vec<String> = refused.iter().filter(|(n, _)| *n > 0).map(|(n, what)| format!("{n} {what}")).collect();
        if why.is_empty() { "none was drawn".to_string() } else { why.join(", ") }
    };
    for k in 0..request.tries {
        drawn.store(k, Ordering::Relaxed);
        if bounds.passed() {
            return Err(PoseError::CutShort {
                tried: k,
                micros: started.elapsed().as_micros() as u64,
                why: summary(&refused),
            });
        }
        let seed = candidate_seed(request.seed, k as u64);
        let position = random_position(&request.variant, seed, request.tiles, request.hand);
        let goal = match request.kind {
            Kind::Turn => Goal::BestTurn,
            Kind::Sequence(plays) => Goal::BestSequence { plays },
            Kind::Fill { objective, width, height } => {
                let Some(region) = region(&position.board, width, height, seed >> 8) else {
                    count(&mut refused, 4);
                    continue;
                };
                Goal::Fill(FillGoal { region, pool: position.hand.clone(), objective })
            }
        };
        let puzzle = Puzzle { variant: request.variant.clone(), board: position.board, hand: position.hand, goal };
        let measured = match measure_within(&puzzle, bounds) {
            Ok(m) => m,
            Err(Unmeasured::TooLarge(_)) => {
                count(&mut refused, 3);
                continue;
            }
            Err(Unmeasured::CutShort(_)) => {
                return Err(PoseError::CutShort {
                    tried: k,
                    micros: started.elapsed().as_micros() as u64,
                    why: summary(&refused),
                });
            }
            Err(Unmeasured::Contradiction(why)) => return Err(PoseError::Contradiction(why)),
        };
        let worth = match measured.count {
            Some(n) => n > 0,
            None => measured.answer.score > 0 && !measured.answer.plays.is_empty(),
        };
        if !worth {
            count(&mut refused, 0);
        } else if measured.distinct != 1 {
            count(&mut refused, 1);
        } else if request.level.is_some_and(|l| l != measured.figures.level) {
            count(&mut refused, 2);
        } else {
            return Ok(Posed { puzzle, measured, tried: k + 1, micros: started.elapsed().as_micros() as u64 });
        }
    }
    Err(PoseError::NoneFits {
        tried: request.tries,
        micros: started.elapsed().as_micros() as u64,
        why: summary(&refused),
    })
}

/// The goal as a puzzle file writes it.
pub fn goal_yaml(goal: &Goal) -> String {
    match goal {
        Goal::BestTurn => "best-turn".to_string(),
        Goal::BestSequence { plays } => format!("{{best-sequence: {{plays: {plays}}}}}"),
        Goal::Fill(f) => {
            let lo_x = f.region.iter().map(|c| c.x).min().unwrap_or(0);
            let lo_y = f.region.iter().map(|c| c.y).min().unwrap_or(0);
            let hi_x = f.region.iter().map(|c| c.x).max().unwrap_or(0);
            let hi_y = f.region.iter().map(|c| c.y).max().unwrap_or(0);
            let objective = match f.objective {
                FillObjective::Count => "count: true".to_string(),
                FillObjective::Weight => "maximize: weight".to_string(),
                FillObjective::Bonuses => "maximize: bonuses".to_string(),
            };
            format!(
                "{{fill: {{region: {{width: {}, height: {}, at: [{lo_x}, {lo_y}]}}, pool: hand, {objective}}}}}",
                hi_x - lo_x + 1,
                hi_y - lo_y + 1
            )
        }
    }
}

/// The goal in a few words, for a description or a sheet. A counting fill
/// asks how many fills there are, whatever the answer; a posed one, whose
/// single fill is proven, says so in [`puzzle_file`].
pub fn goal_words(goal: &Goal) -> String {
    match goal {
        Goal::BestTurn => "the best turn".to_string(),
        Goal::BestSequence { plays } => {
            format!("the best sequence of {plays} play{}", if *plays == 1 { "" } else { "s" })
        }
        Goal::Fill(f) => {
            let what = match f.objective {
                FillObjective::Count => "how many fills there are",
                FillObjective::Weight => "the heaviest fill",
                FillObjective::Bonuses => "the fill with the most bonuses",
            };
            format!("{what} of a {}-cell region from the hand", f.region.len())
        }
    }
}

/// The goal of a posed puzzle in a few words: a posed counting fill has
/// exactly one fill, which the solver is asked to find.
fn posed_goal_words(goal: &Goal) -> String {
    match goal {
        Goal::Fill(f) if f.objective == FillObjective::Count => {
            format!("how many fills there are (find the one) of a {}-cell region from the hand", f.region.len())
        }
        _ => goal_words(goal),
    }
}

/// How the greedy answer compares with the best, for a description. A gap
/// of 0 is rounded down: greedy either scores the optimum itself or falls
/// short by less than 1 per cent, and the words say which.
pub fn greedy_words(f: &crate::formats::Figures, optimum: i64, counting: bool) -> String {
    match f.greedy {
        Some(_) if counting => "the greedy fill is a fill".to_string(),
        Some(g) if g >= optimum => "the greedy answer matches the optimum".to_string(),
        Some(_) if f.gap == 0 => "the greedy answer falls short by less than 1%".to_string(),
        Some(_) => format!("the greedy answer falls short by {}%", f.gap),
        None => "the greedy answer gets nowhere".to_string(),
    }
}

/// The puzzle file of a posed puzzle: the schema line (when given), the
/// command that made it, then the position, goal, `expect:` and
/// `difficulty:`. The description says what is asked and how hard it is,
/// never the answer.
pub fn puzzle_file(posed: &Posed, command: &str, schema: Option<&str>) -> String {
    let p = &posed.puzzle;
    let f = &posed.measured.figures;
    let mut out = String::new();
    if let Some(schema) = schema {
        let _ = writeln!(out, "# yaml-language-server: $schema={schema}");
    }
    let _ = writeln!(out, "# Made by: {command}");
    let _ = writeln!(
        out,
        "# Candidate {} of the seed, found in {:.1} ms; the native search proves the answer unique.",
        posed.tried,
        posed.micros as f64 / 1000.0
    );
    let position = crate::formats::position_yaml(&p.variant, &p.board, &p.hand);
    let (head, rest) = match position.find("board:") {
        Some(i) => position.split_at(i),
        None => (position.as_str(), ""),
    };
    out.push_str(head);
    let greedy = greedy_words(f, posed.measured.answer.score, posed.measured.count.is_some());
    let _ = writeln!(
        out,
        "description: >\n  Posed by `quadominos puzzle`: {}, {} ({greedy}; {} within 10% of the best, counted as sets of placements; \
         {} of its plays not the greedy choice{}).",
        posed_goal_words(&p.goal),
        f.level,
        crate::words::counted(f.near as usize, "answer"),
        f.non_greedy,
        f.margin.map_or(String::new(), |m| format!("; the best other answer scores {m} less"))
    );
    out.push_str(rest);
    let _ = writeln!(out, "goal: {}", goal_yaml(&p.goal));
    match posed.measured.count {
        Some(n) => {
            let _ = writeln!(out, "expect: {{count: {n}}}");
        }
        None => {
            let _ = writeln!(out, "expect: {{score: {}}}", posed.measured.answer.score);
        }
    }
    let greedy = f.greedy.map_or(String::new(), |g| format!("greedy: {g}, "));
    let greedy_best = f.greedy_best.map_or(String::new(), |g| format!("greedy-best: {g}, "));
    let margin = f.margin.map_or(String::new(), |m| format!("margin: {m}, "));
    let _ = writeln!(
        out,
        "difficulty: {{level: {}, {greedy}{greedy_best}gap: {}, near: {}, non-greedy: {}, {margin}nodes: {}}}",
        f.level, f.gap, f.near, f.non_greedy, f.nodes
    );
    // Written by hand: quoted as every YAML the tool writes is.
    crate::formats::yaml::quote_yaml11(&out)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::formats::builtin_variant;

    fn request(kind: Kind, tiles: usize, hand: usize) -> Request {
        Request { variant: builtin_variant("english").unwrap(), seed: 11, kind, tiles, hand, level: None, tries: 200 }
    }

    #[test]
    fn a_seed_always_poses_the_same_puzzle_and_its_answer_is_unique() {
        let r = request(Kind::Turn, 20, 5);
        let a = pose(&r).unwrap();
        let b = pose(&r).unwrap();
        assert_eq!(a.puzzle.board, b.puzzle.board);
        assert_eq!(a.puzzle.hand, b.puzzle.hand);
        assert_eq!(a.tried, b.tried);
        assert_eq!(a.measured.distinct, 1);
        // Another seed draws other candidates.
        let c = pose(&Request { seed: 12, ..r }).unwrap();
        assert_ne!((a.puzzle.board, a.puzzle.hand), (c.puzzle.board, c.puzzle.hand));
    }

    #[test]
    fn when_no_candidate_fits_the_failure_says_how_many_were_tried_and_why() {
        // A hand of one tile has one best answer or none: asking for a
        // hard puzzle from it can never be met.
        let r = Request { level: Some(Level::Hard), tries: 5, ..request(Kind::Turn, 10, 1) };
        match pose(&r) {
            Err(PoseError::NoneFits { tried, why, .. }) => {
                assert_eq!(tried, 5);
                assert!(why.contains("of another level") || why.contains("no answer"), "{why}");
            }
            other => panic!("{other:?}"),
        }
    }
}
