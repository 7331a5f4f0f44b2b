//! Proving a puzzle's answer unique and measuring its difficulty, from the
//! searches themselves.
//!
//! What counts as one answer: a set of placements (tile, cell, corners).
//! Two optimal answers that place the same tiles the same way count once,
//! whatever the order of their plays or the choice taken at a bonus; on an
//! empty board, two fills that one quarter, half or three-quarter turn of
//! the whole board maps onto each other count once too (the rules do not
//! change when the board is turned, so they are the same answer seen from
//! another side).
//!
//! This file is long because each figure of a puzzle (near, margin, greedy
//! over its ties, the level) is measured here from one list of every
//! answer, for turns, sequences and fills alike, so that the figures cannot
//! disagree about what an answer is.

use std::collections::{BTreeMap, BTreeSet};
use std::time::Instant;

use crate::formats::{Figures, Level};
use crate::game::{Action, BONUS_POINTS, Game, Phase};
use crate::model::{Board, Cell, Corners, TileId};
use crate::rules::{Move, MoveGen, Placement, Variant, Verdict, bonus_tile_points, judge, points};
use crate::solve::native::Native;
use crate::solve::{
    Answer, FillGoal, FillObjective, Goal, Limits, Play, Puzzle, Request, Stop, Unsolved, solve_checked, verify,
};

/// The most optimal answers listed before a puzzle is called not unique
/// without looking further.
const ANSWER_CAP: usize = 64;

/// The most search nodes the enumeration of a fill's every cover may take
/// where the caller sets no node limit of its own.
pub const FILL_NODES: u64 = 3_000_000;

/// The most steps the list of every answer of a turn or a sequence may
/// take (or `--max-nodes`, where smaller). Each step of a turn's list is a
/// move of the game engine, far dearer than a search node: a candidate
/// with more answers than this can list in a few seconds is passed over.
pub const LIST_STEPS: u64 = 200_000;

/// What one measure may spend: a moment by which every one of its searches
/// must have ended (a generator's whole run shares one), and the most nodes
/// any one of them may take.
#[derive(Clone, Copy, Debug, Default)]
pub struct Bounds {
    /// When every search must have ended (none: no time limit).
    pub deadline: Option<Instant>,
    /// The most nodes of one search (none: no limit, but the enumeration of
    /// a fill's covers keeps [`FILL_NODES`]).
    pub max_nodes: Option<u64>,
}

impl Bounds {
    /// A search's limits: the time left to the deadline, and the node
    /// limit.
    fn limits(&self) -> Limits {
        Limits {
            timeout: self.deadline.map(|d| d.saturating_duration_since(Instant::now())),
            max_nodes: self.max_nodes,
            ..Limits::default()
        }
    }

    /// Whether the deadline has passed.
    pub fn passed(&self) -> bool {
        self.deadline.is_some_and(|d| Instant::now() >= d)
    }

    /// Why `what` did not finish: cut short by the time limit (the whole
    /// measure is then over), or too large for the node limit (the puzzle
    /// is passed over).
    fn unfinished(&self, what: &str, stopped: Option<Stop>) -> Unmeasured {
        match stopped {
            Some(Stop::TimeLimit | Stop::Interrupted) => {
                Unmeasured::CutShort(format!("{what} was cut short by the time limit"))
            }
            _ if self.passed() => Unmeasured::CutShort(format!("{what} was cut short by the time limit")),
            Some(stop) => Unmeasured::TooLarge(format!("{what} did not finish within {}", stop.describe())),
            None => Unmeasured::TooLarge(format!("{what} did not finish")),
        }
    }
}

/// One answer as a set of placements, in a canonical order.
pub type AnswerKey = Vec<(i32, i32, [u8; 4])>;

/// A puzzle proven and measured.
#[derive(Clone, Debug)]
pub struct Measured {
    /// The native solver's answer, proven and replayed through the rules.
    pub answer: Answer,
    /// How many distinct optimal answers there are (1: unique).
    pub distinct: usize,
    /// For a counting fill: how many fills there are, each counted as the
    /// solver counts it (an empty board's turned copies too).
    pub count: Option<u64>,
    /// The difficulty.
    pub figures: Figures,
}

/// Why a puzzle could not be proven and measured.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Unmeasured {
    /// A search did not finish within its node limit (or another limit of
    /// its own): this puzzle is too large to measure.
    TooLarge(String),
    /// The time limit passed before the measure was done: nothing is known
    /// of this puzzle, and no more time is left for another.
    CutShort(String),
    /// The rules or a second count refuse what the solver answered: a bug.
    Contradiction(String),
}

/// The placements of `plays` as a set: sorted, and on an empty board the
/// least of the four quarter turns, each moved so that its north-west-most
/// cell's row and column are 0.
pub fn answer_key(plays: &[(Cell, Corners)], empty_board: bool) -> AnswerKey {
    let key = |placed: &[(Cell, Corners)]| -> AnswerKey {
        let mut k: AnswerKey = placed.iter().map(|(c, t)| (c.x, c.y, t.0)).collect();
        k.sort_unstable();
        k
    };
    if !empty_board {
        return key(plays);
    }
    let mut turned: Vec<(Cell, Corners)> = plays.to_vec();
    let mut best: Option<AnswerKey> = None;
    for _ in 0..4 {
        let dx = turned.iter().map(|(c, _)| c.x).min().unwrap_or(0);
        let dy = turned.iter().map(|(c, _)| c.y).min().unwrap_or(0);
        let moved: Vec<(Cell, Corners)> = turned.iter().map(|&(c, t)| (c.shifted(-dx, -dy), t)).collect();
        let k = key(&moved);
        if best.as_ref().is_none_or(|b| k < *b) {
            best = Some(k);
        }
        turned = turned.iter().map(|&(c, t)| (c.rotate_cw(), t.rotate_cw())).collect();
    }
    best.unwrap_or_default()
}

fn placed(plays: &[Play]) -> Vec<(Cell, Corners)> {
    plays.iter().map(|p| (p.at, p.corners)).collect()
}

/// The native solver's answer within `limits`, replayed through the rules.
/// An answer not proven is refused as [`Bounds::unfinished`] says.
fn solved(puzzle: &Puzzle, limits: Limits, bounds: &Bounds, what: &str) -> Result<Answer, Unmeasured> {
    let answer = match solve_checked(puzzle, &Request { solvers: &[&Native], limits, others: false }) {
        Ok(solved) => solved.answer,
        Err(Unsolved::Unsupported(e)) => return Err(Unmeasured::TooLarge(e.to_string())),
        Err(Unsolved::Contradiction(why)) => return Err(Unmeasured::Contradiction(why)),
    };
    if !answer.proven {
        return Err(bounds.unfinished(what, answer.stats.stopped));
    }
    Ok(answer)
}

/// Proves `puzzle`'s optimum with the native solver (replaying it through
/// the rules), counts its distinct optimal answers and measures its
/// difficulty.
pub fn measure(puzzle: &Puzzle) -> Result<Measured, Unmeasured> {
    measure_within(puzzle, &Bounds::default())
}

/// [`measure`] within `bounds`.
pub fn measure_within(puzzle: &Puzzle, bounds: &Bounds) -> Result<Measured, Unmeasured> {
    let limits = Limits { all: true, max_answers: ANSWER_CAP, ..bounds.limits() };
    let mut answer = solved(puzzle, limits, bounds, "the proof of the optimum")?;
    let nodes = answer.stats.nodes;
    let empty = puzzle.board.is_empty();
    match &puzzle.goal {
        Goal::Fill(fill) => {
            let covers = covers(puzzle, fill, bounds)?;
            let (optimum, figures, distinct, count) = fill_figures(puzzle, fill, &covers, &answer, nodes)?;
            if fill.objective == FillObjective::Count {
                if answer.count != Some(count) {
                    return Err(Unmeasured::Contradiction(format!(
                        "the solver counts {:?} fills, the enumeration {count}",
                        answer.count
                    )));
                }
                // The solver counts without listing: the fill shown is the
                // enumeration's, replayed like any answer.
                if let Some(first) = covers.first() {
                    answer.plays = first.plays(fill);
                    verify(puzzle, &answer)
                        .map_err(|why| Unmeasured::Contradiction(format!("a fill counted fails the rules: {why}")))?;
                }
            } else if optimum != answer.score {
                return Err(Unmeasured::Contradiction(format!(
                    "the solver proves {}, the enumeration of every fill {optimum}",
                    answer.score
                )));
            }
            Ok(Measured { answer, distinct, count: (fill.objective == FillObjective::Count).then_some(count), figures })
        }
        Goal::BestTurn | Goal::BestSequence { .. } => {
            // So many best lines of play are so many answers that the
            // puzzle is not worth measuring: it is not unique.
            if answer.all.len() >= ANSWER_CAP {
                return Ok(Measured { distinct: ANSWER_CAP, count: None, figures: unmeasured(nodes), answer });
            }
            let lines = if answer.all.is_empty() { vec![answer.plays.clone()] } else { answer.all.clone() };
            let distinct: BTreeSet<AnswerKey> = lines.iter().map(|l| answer_key(&placed(l), empty)).collect();
            let (figures, at_optimum) = play_figures(puzzle, &answer, nodes, bounds)?;
            // The solver's best lines and the list of every answer are two
            // counts of the best sets: they must agree.
            if at_optimum != distinct.len() {
                return Err(Unmeasured::Contradiction(format!(
                    "the solver lists {} best answers, the list of every answer {at_optimum}",
                    distinct.len()
                )));
            }
            Ok(Measured { distinct: distinct.len(), count: None, figures, answer })
        }
    }
}

/// The figures of a puzzle not measured (it has too many best answers to
/// be posed).
fn unmeasured(nodes: u64) -> Figures {
    Figures {
        level: Level::Hard,
        greedy: None,
        greedy_best: None,
        gap: 100,
        near: 0,
        non_greedy: 0,
        margin: None,
        nodes,
    }
}

/// What one placement scores by itself: its points (R9), and 25 for a
/// bonus.
fn alone(generator: &MoveGen<'_>, variant: &Variant, m: Move) -> i64 {
    let corners = variant.orientations().corners(usize::from(m.orientation));
    i64::from(points(variant, corners)) + if generator.is_bonus(m) { 25 } else { 0 }
}

/// What a bonus tile scores by itself: its points (its weight, or nothing
/// under R9 = opening-only), and 25 where it earns a bonus of its own (R8).
fn alone_bonus_tile(generator: &MoveGen<'_>, variant: &Variant, m: Move) -> i64 {
    let corners = variant.orientations().corners(usize::from(m.orientation));
    let chained = variant.rules().bonus_chain.yes();
    i64::from(bonus_tile_points(variant, corners)) + if chained && generator.is_bonus(m) { 25 } else { 0 }
}

fn moves_of(generator: &MoveGen<'_>) -> Vec<Move> {
    let mut moves = Vec::new();
    generator.legal_moves(&mut moves);
    moves.sort_unstable();
    moves
}

/// Every answer of a turn or a sequence as a set of placements, each with
/// the most any way of making it scores (orders, and choices that leave
/// the same tiles on the board, are one answer), and the best two values.
struct Answers {
    sets: BTreeMap<AnswerKey, i64>,
    /// The best set found, and the best value of any other.
    top: Option<(AnswerKey, i64)>,
    second: i64,
    /// Below both this (a tenth under the optimum) and `second`, a line
    /// changes neither `near` nor `margin`, and is not followed.
    threshold: i64,
    nodes: u64,
    cap: u64,
    deadline: Option<Instant>,
}

impl Answers {
    fn new(optimum: i64, bounds: &Bounds) -> Answers {
        Answers {
            sets: BTreeMap::new(),
            top: None,
            second: 0,
            // The least value within a tenth of the optimum.
            threshold: (optimum.saturating_mul(9) + 9) / 10,
            nodes: 0,
            cap: bounds.max_nodes.unwrap_or(LIST_STEPS).min(LIST_STEPS),
            deadline: bounds.deadline,
        }
    }

    fn record(&mut self, key: AnswerKey, value: i64) {
        let known = self.sets.entry(key.clone()).or_insert(i64::MIN);
        if value <= *known {
            return;
        }
        *known = value;
        match &mut self.top {
            Some((k, v)) if *k == key => *v = value,
            Some((_, v)) if value > *v => {
                self.second = *v;
                self.top = Some((key, value));
            }
            Some(_) => self.second = self.second.max(value),
            None => self.top = Some((key, value)),
        }
    }

    /// Whether a line that can score at most `bound` may still matter.
    fn worth(&self, bound: i64) -> bool {
        bound >= self.threshold || bound > self.second
    }

    fn spend(&mut self, what: &str) -> Result<(), Unmeasured> {
        self.nodes += 1;
        if self.nodes > self.cap {
            return Err(Unmeasured::TooLarge(format!("more than {} steps to list every {what}", self.cap)));
        }
        if self.nodes.is_multiple_of(1024) && self.deadline.is_some_and(|d| Instant::now() >= d) {
            return Err(Unmeasured::CutShort(format!("the list of every {what} was cut short by the time limit")));
        }
        Ok(())
    }

    /// How many sets come within a tenth of the optimum, and the optimum
    /// less the best other set.
    fn near_and_margin(&self, optimum: i64) -> (u32, i64) {
        let near = self.sets.values().filter(|&&v| within_tenth(v, optimum)).count();
        (u32::try_from(near).unwrap_or(u32::MAX), optimum - self.second)
    }
}

/// Every sequence of up to `left` plays from here (each bonus taken as
/// 25), as sets. A line stops only where no play is left or no tile fits.
fn sequences(
    generator: &mut MoveGen<'_>,
    variant: &Variant,
    left: usize,
    score: i64,
    line: &mut Vec<(Cell, Corners)>,
    empty: bool,
    answers: &mut Answers,
) -> Result<(), Unmeasured> {
    answers.spend("sequence")?;
    let moves = if left == 0 { Vec::new() } else { moves_of(generator) };
    // A sequence may stop short of its plays (the goal asks for up to so
    // many), but one that stops where a play would still add points is
    // beaten by that play: it is an answer only where none would.
    if moves.iter().all(|&m| alone(generator, variant, m) == 0) {
        answers.record(answer_key(line, empty), score);
    }
    if moves.is_empty() {
        return Ok(());
    }
    // No play scores more than its tile's weight and a bonus's 25.
    let mut weights: Vec<i64> = generator.hand().iter().map(|t| i64::from(t.weight()) + 25).collect();
    weights.sort_unstable_by(|a, b| b.cmp(a));
    if !answers.worth(score + weights.iter().take(left).sum::<i64>()) {
        return Ok(());
    }
    for m in moves {
        let value = alone(generator, variant, m);
        let corners = variant.orientations().corners(usize::from(m.orientation));
        generator.place(m.at, corners);
        line.push((m.at, corners));
        let result = sequences(generator, variant, left - 1, score + value, line, empty, answers);
        line.pop();
        generator.unplace(m.at);
        result?;
    }
    Ok(())
}

/// Every way to play the turn, action by action as the game engine allows
/// them (placements, the 25 or the bonus tiles), as sets of placements
/// with the score the engine gives. A state met again by another order
/// with no more points is not followed again.
fn turns(
    game: &Game,
    line: &mut Vec<(Cell, Corners)>,
    empty: bool,
    answers: &mut Answers,
    seen: &mut BTreeMap<(AnswerKey, String), i64>,
) -> Result<(), Unmeasured> {
    answers.spend("turn")?;
    let score = game.scores().first().copied().unwrap_or(0);
    let phase = game.phase();
    let choosing = matches!(phase, Phase::BonusChoice { seat: 0, .. } | Phase::BonusTiles { seat: 0, .. });
    if !line.is_empty() && !choosing {
        answers.record(answer_key(line, empty), score);
        return Ok(());
    }
    let state = (answer_key(line, false), format!("{phase:?}"));
    if seen.get(&state).is_some_and(|&s| s >= score) {
        return Ok(());
    }
    seen.insert(state, score);
    // Without chained bonuses (R8) bonus tiles earn nothing more: what is
    // owed scores at most the heaviest tiles left, or a bonus's 25 (and a
    // going-out bonus where the hand may run out). A choice that cannot
    // reach what still matters is not followed.
    let owed = match phase {
        Phase::BonusChoice { .. } => Some(2usize),
        Phase::BonusTiles { owed, .. } => Some(usize::from(owed)),
        _ => None,
    };
    if let Some(owed) = owed
        && !game.variant().rules().bonus_chain.yes()
    {
        let set = game.variant().tile_set();
        let hand = game.hands().first().map(Vec::as_slice).unwrap_or_default();
        let mut weights: Vec<i64> =
            hand.iter().filter_map(|&t| set.printed(t)).map(|c| i64::from(c.weight())).collect();
        weights.sort_unstable_by(|a, b| b.cmp(a));
        let tiles: i64 = weights.iter().take(owed).sum();
        let going_out = if weights.len() <= owed { 2 * BONUS_POINTS + 20 } else { 0 };
        let points = if matches!(phase, Phase::BonusChoice { .. }) { BONUS_POINTS } else { 0 };
        if !answers.worth(score + tiles.max(points) + going_out) {
            return Ok(());
        }
    }
    for action in game.legal_actions() {
        if !matches!(action, Action::Place(_) | Action::TakePoints | Action::TakeTiles) {
            continue;
        }
        let mut next = game.clone();
        next.apply(action)
            .map_err(|r| Unmeasured::Contradiction(format!("the engine refuses an action it listed: {r}")))?;
        let placed = if let Action::Place(p) = &action {
            line.push((p.at, p.corners));
            true
        } else {
            false
        };
        let result = turns(&next, line, empty, answers, seen);
        if placed {
            line.pop();
        }
        result?;
    }
    Ok(())
}

/// Greedy over its ties: from here, each step a play that scores most by
/// itself, every such play followed; the worst and the best total.
fn greedy_range(
    generator: &mut MoveGen<'_>,
    variant: &Variant,
    left: usize,
    answers: &mut Answers,
) -> Result<(i64, i64), Unmeasured> {
    answers.spend("greedy answer")?;
    let moves = if left == 0 { Vec::new() } else { moves_of(generator) };
    let Some(top) = moves.iter().map(|&m| alone(generator, variant, m)).max() else { return Ok((0, 0)) };
    let mut range: Option<(i64, i64)> = None;
    for m in moves {
        if alone(generator, variant, m) != top {
            continue;
        }
        generator.place(m.at, variant.orientations().corners(usize::from(m.orientation)));
        let rest = greedy_range(generator, variant, left - 1, answers);
        generator.unplace(m.at);
        let (lo, hi) = rest?;
        range = Some(range.map_or((lo, hi), |(a, b)| (a.min(lo), b.max(hi))));
    }
    Ok(range.map_or((0, 0), |(lo, hi)| (top + lo, top + hi)))
}

/// The figures of a best turn or a best sequence, and how many sets score
/// the optimum (a second count of the answers beside the solver's).
fn play_figures(puzzle: &Puzzle, answer: &Answer, nodes: u64, bounds: &Bounds) -> Result<(Figures, usize), Unmeasured> {
    let variant = &puzzle.variant;
    let optimum = answer.score;
    let empty = puzzle.board.is_empty();
    let mut generator = MoveGen::new(variant, &puzzle.board, &puzzle.hand);
    // Greedy: each step a play that scores most by itself, a turn's bonus
    // taken as the 25; where several do, each is followed.
    let steps = match puzzle.goal {
        Goal::BestSequence { plays } => plays,
        _ => 1,
    };
    let mut answers = Answers::new(optimum, bounds);
    let (worst, best) = greedy_range(&mut generator, variant, steps, &mut answers)?;
    // Non-greedy: the answer's plays, each against the best by itself at
    // its point.
    let mut non_greedy = 0u32;
    let mut walked = Vec::new();
    for play in &answer.plays {
        let moves = moves_of(&generator);
        let score = |m: Move| match play.kind {
            crate::solve::PlayKind::BonusTile => alone_bonus_tile(&generator, variant, m),
            _ => alone(&generator, variant, m),
        };
        let top = moves.iter().map(|&m| score(m)).max().unwrap_or(0);
        let own = variant
            .orientations()
            .index(play.corners)
            .and_then(|i| u16::try_from(i).ok())
            .map(|orientation| score(Move { at: play.at, orientation }))
            .unwrap_or(0);
        if own < top {
            non_greedy += 1;
        }
        generator.place(play.at, play.corners);
        walked.push(play.at);
    }
    for at in walked.into_iter().rev() {
        generator.unplace(at);
    }
    // Near and margin: every answer, as a set of placements.
    let mut answers = Answers::new(optimum, bounds);
    match puzzle.goal {
        Goal::BestSequence { plays } => {
            sequences(&mut generator, variant, plays, 0, &mut Vec::new(), empty, &mut answers)?;
        }
        _ => {
            let start = crate::solve::turn_start(puzzle).map_err(Unmeasured::Contradiction)?;
            turns(&start, &mut Vec::new(), empty, &mut answers, &mut BTreeMap::new())?;
            // Where no tile can be laid the turn has one answer, to lay
            // none, as the solver's empty answer says; the list of turns
            // records only turns that lay a tile.
            if answers.sets.is_empty() {
                answers.record(answer_key(&[], empty), 0);
            }
        }
    }
    let listed = answers.sets.values().copied().max().unwrap_or(0);
    if listed != optimum {
        return Err(Unmeasured::Contradiction(format!(
            "the solver proves {optimum}, the list of every answer {listed}"
        )));
    }
    let at_optimum = answers.sets.values().filter(|&&v| v == optimum).count();
    let (near, margin) = answers.near_and_margin(optimum);
    let mut f = figures(optimum, Some(worst), near, non_greedy, nodes);
    f.greedy_best = Some(best);
    f.margin = Some(margin);
    Ok((f, at_optimum))
}

fn within_tenth(value: i64, optimum: i64) -> bool {
    value.saturating_mul(10) >= optimum.saturating_mul(9)
}

fn figures(optimum: i64, greedy: Option<i64>, near: u32, non_greedy: u32, nodes: u64) -> Figures {
    let gap = Figures::gap_of(optimum, greedy);
    let mut f = Figures { level: Level::Easy, greedy, greedy_best: greedy, gap, near, non_greedy, margin: None, nodes };
    f.level = Level::of(&f);
    f
}

/// One cover of a fill's region: a placement per region cell, in the
/// region's order, with the bonuses it earns.
#[derive(Clone, Debug)]
struct Cover {
    cells: Vec<(Cell, Corners)>,
    weight: i64,
    bonuses: i64,
}

impl Cover {
    fn value(&self, objective: FillObjective) -> i64 {
        match objective {
            FillObjective::Bonuses => self.bonuses,
            _ => self.weight,
        }
    }

    fn plays(&self, fill: &FillGoal) -> Vec<Play> {
        let _ = fill;
        self.cells
            .iter()
            .map(|&(at, corners)| Play {
                tile: corners.id(),
                at,
                corners,
                kind: crate::solve::PlayKind::Fill,
                points: i64::from(corners.weight()),
                bonus: false,
                choice: None,
            })
            .collect()
    }
}

/// The search over a fill's covers: the region's cells in order, each a
/// tile of the pool in one of its orientations; a cell is judged (as if
/// placed last, against the finished board) as soon as every region cell
/// around it is filled.
struct Covers<'p> {
    variant: &'p Variant,
    region: Vec<Cell>,
    pool: Vec<TileId>,
    /// For each position in the region, the region cells complete once it
    /// is filled.
    complete: Vec<Vec<usize>>,
    board: Board,
    used: Vec<bool>,
    chosen: Vec<Corners>,
    bonus: Vec<bool>,
    nodes: u64,
    /// The most nodes, and when the enumeration must have ended.
    cap: u64,
    deadline: Option<Instant>,
    found: Vec<Cover>,
}

impl Covers<'_> {
    /// Places `corners` at position `i` and judges the cells it completes:
    /// false (and nothing placed) when one of them is illegal.
    fn try_place(&mut self, i: usize, corners: Corners) -> bool {
        let Some(&at) = self.region.get(i) else { return false };
        self.board.insert(at, corners);
        if let Some(slot) = self.chosen.get_mut(i) {
            *slot = corners;
        }
        let done = self.complete.get(i).cloned().unwrap_or_default();
        for j in done {
            let (Some(&cell), Some(&placed)) = (self.region.get(j), self.chosen.get(j)) else { continue };
            let mut without = self.board.clone();
            without.remove(cell);
            let p = Placement { tile: placed.id(), at: cell, corners: placed };
            match judge(&without, self.variant, p, None) {
                Verdict::Legal(legal) => {
                    if let Some(b) = self.bonus.get_mut(j) {
                        *b = legal.bonus;
                    }
                }
                Verdict::Illegal(_) => {
                    self.board.remove(at);
                    return false;
                }
            }
        }
        true
    }

    fn search(&mut self, i: usize) -> Result<(), Unmeasured> {
        self.nodes += 1;
        if self.nodes > self.cap {
            return Err(Unmeasured::TooLarge(format!("more than {} steps to list every fill", self.cap)));
        }
        if self.nodes.is_multiple_of(1024) && self.deadline.is_some_and(|d| Instant::now() >= d) {
            return Err(Unmeasured::CutShort("the list of every fill was cut short by the time limit".into()));
        }
        if i == self.region.len() {
            let cells: Vec<(Cell, Corners)> = self.region.iter().copied().zip(self.chosen.iter().copied()).collect();
            let weight = cells.iter().map(|(_, c)| i64::from(c.weight())).sum();
            let bonuses = self.bonus.iter().filter(|&&b| b).count() as i64;
            self.found.push(Cover { cells, weight, bonuses });
            return Ok(());
        }
        let Some(&at) = self.region.get(i) else { return Ok(()) };
        for k in 0..self.pool.len() {
            if self.used.get(k).copied().unwrap_or(true) {
                continue;
            }
            let Some(&tile) = self.pool.get(k) else { continue };
            let orientations = self.variant.orientations().of(self.variant.tile_set(), tile).to_vec();
            for corners in orientations {
                if !self.try_place(i, corners) {
                    continue;
                }
                if let Some(u) = self.used.get_mut(k) {
                    *u = true;
                }
                let result = self.search(i + 1);
                if let Some(u) = self.used.get_mut(k) {
                    *u = false;
                }
                self.board.remove(at);
                result?;
            }
        }
        Ok(())
    }
}

fn new_covers<'p>(puzzle: &'p Puzzle, fill: &FillGoal, bounds: &Bounds) -> Covers<'p> {
    let region = fill.region.clone();
    let index = |c: Cell| region.iter().position(|&r| r == c);
    let mut complete: Vec<Vec<usize>> = vec![Vec::new(); region.len()];
    for (j, &cell) in region.iter().enumerate() {
        // A cell's judgement is final once it and every region cell around
        // it (edge or diagonal) are filled.
        let last = crate::model::Direction::ALL
            .iter()
            .filter_map(|&d| index(cell.neighbour(d)))
            .chain(std::iter::once(j))
            .max()
            .unwrap_or(j);
        if let Some(list) = complete.get_mut(last) {
            list.push(j);
        }
    }
    let mut pool = fill.pool.clone();
    pool.sort_unstable();
    pool.dedup();
    Covers {
        variant: &puzzle.variant,
        complete,
        board: puzzle.board.clone(),
        used: vec![false; pool.len()],
        chosen: vec![Corners([0; 4]); region.len()],
        bonus: vec![false; region.len()],
        nodes: 0,
        cap: bounds.max_nodes.unwrap_or(FILL_NODES),
        deadline: bounds.deadline,
        found: Vec::new(),
        region,
        pool,
    }
}

/// Every cover of the region from the pool, each legal by the rules.
fn covers(puzzle: &Puzzle, fill: &FillGoal, bounds: &Bounds) -> Result<Vec<Cover>, Unmeasured> {
    let mut search = new_covers(puzzle, fill, bounds);
    search.search(0)?;
    Ok(search.found)
}

/// What greedy weighs a tile by at a fill's cell: a bonus first (for a
/// bonus fill), then its weight.
fn fill_key(s: &Covers<'_>, at: Cell, corners: Corners, objective: FillObjective) -> (bool, u8) {
    let bonus = objective == FillObjective::Bonuses
        && matches!(
            judge(&s.board, s.variant, Placement { tile: corners.id(), at, corners }, None),
            Verdict::Legal(l) if l.bonus
        );
    (bonus, corners.weight())
}

/// Every tile (pool index and orientation) that fits cell `i` against what
/// is placed, with greedy's weighing of it.
fn fill_options(s: &mut Covers<'_>, i: usize, objective: FillObjective) -> Vec<(usize, Corners, (bool, u8))> {
    let mut out = Vec::new();
    let Some(&at) = s.region.get(i) else { return out };
    for k in 0..s.pool.len() {
        if s.used.get(k).copied().unwrap_or(true) {
            continue;
        }
        let Some(&tile) = s.pool.get(k) else { continue };
        for corners in s.variant.orientations().of(s.variant.tile_set(), tile).to_vec() {
            let kc = fill_key(s, at, corners, objective);
            if s.try_place(i, corners) {
                s.board.remove(at);
                out.push((k, corners, kc));
            }
        }
    }
    out
}

/// The greedy fills over their ties: the worst and best values completed,
/// and whether some tie leads where no tile fits.
struct GreedyFills {
    worst: Option<i64>,
    best: Option<i64>,
    stuck: bool,
    nodes: u64,
}

/// Greedy from cell `i` on, every tie followed. A fill's value is its
/// weight, or its bonuses (for a bonus fill, and for a counting fill, where
/// it is what `greedy` records).
fn greedy_fills(
    s: &mut Covers<'_>,
    i: usize,
    objective: FillObjective,
    weight: i64,
    range: &mut GreedyFills,
) -> Result<(), Unmeasured> {
    range.nodes += 1;
    if range.nodes > FILL_NODES {
        return Err(Unmeasured::TooLarge(format!("more than {FILL_NODES} steps to follow every greedy fill")));
    }
    let Some(&at) = s.region.get(i) else {
        let value = match objective {
            FillObjective::Weight => weight,
            _ => s.bonus.iter().filter(|&&b| b).count() as i64,
        };
        range.worst = Some(range.worst.map_or(value, |w| w.min(value)));
        range.best = Some(range.best.map_or(value, |b| b.max(value)));
        return Ok(());
    };
    let opts = fill_options(s, i, objective);
    let Some(top) = opts.iter().map(|o| o.2).max() else {
        range.stuck = true;
        return Ok(());
    };
    for (k, corners, _) in opts.into_iter().filter(|o| o.2 == top) {
        if !s.try_place(i, corners) {
            continue;
        }
        if let Some(u) = s.used.get_mut(k) {
            *u = true;
        }
        let result = greedy_fills(s, i + 1, objective, weight + i64::from(corners.weight()), range);
        if let Some(u) = s.used.get_mut(k) {
            *u = false;
        }
        s.board.remove(at);
        result?;
    }
    Ok(())
}

/// The figures of a fill, from the list of its every cover: the optimum,
/// the figures, the distinct optimal answers and the number of covers.
fn fill_figures(
    puzzle: &Puzzle,
    fill: &FillGoal,
    covers: &[Cover],
    answer: &Answer,
    nodes: u64,
) -> Result<(i64, Figures, usize, u64), Unmeasured> {
    let empty = puzzle.board.is_empty();
    let objective = fill.objective;
    let counting = objective == FillObjective::Count;
    let optimum = covers.iter().map(|c| c.value(objective)).max().unwrap_or(0);
    let best: BTreeSet<AnswerKey> = covers
        .iter()
        .filter(|c| counting || c.value(objective) == optimum)
        .map(|c| answer_key(&c.cells, empty))
        .collect();
    let near: BTreeSet<AnswerKey> = covers
        .iter()
        .filter(|c| counting || within_tenth(c.value(objective), optimum))
        .map(|c| answer_key(&c.cells, empty))
        .collect();
    // Greedy: cell by cell, the heaviest tile that fits what is placed
    // (for bonuses, one that earns a bonus against it first); where several
    // do, each is followed.
    let mut search = new_covers(puzzle, fill, &Bounds::default());
    let mut range = GreedyFills { worst: None, best: None, stuck: false, nodes: 0 };
    greedy_fills(&mut search, 0, objective, 0, &mut range)?;
    let greedy_fill = if range.stuck { None } else { range.worst };
    let options = |s: &mut Covers<'_>, i: usize| fill_options(s, i, objective);
    let key = |s: &Covers<'_>, at: Cell, corners: Corners| fill_key(s, at, corners, objective);
    // Non-greedy: the answer's fill (the solver's, or for a count the
    // enumeration's first), cell by cell against the best that fits there.
    let shown: Vec<(Cell, Corners)> = if counting {
        covers.first().map(|c| c.cells.clone()).unwrap_or_default()
    } else {
        let mut by_cell: Vec<(Cell, Corners)> = answer.plays.iter().map(|p| (p.at, p.corners)).collect();
        by_cell.sort_unstable_by_key(|(c, _)| (c.y, c.x));
        by_cell
    };
    let mut walk = new_covers(puzzle, fill, &Bounds::default());
    let mut non_greedy = 0u32;
    for (i, &(at, corners)) in shown.iter().enumerate() {
        let opts = options(&mut walk, i);
        let top = opts.iter().map(|o| o.2).max();
        if top.is_some_and(|t| key(&walk, at, corners) < t) {
            non_greedy += 1;
        }
        walk.try_place(i, corners);
        if let Some(k) = walk.pool.iter().position(|&t| t == corners.id())
            && let Some(u) = walk.used.get_mut(k)
        {
            *u = true;
        }
    }
    let count = covers.len() as u64;
    let figures = if counting {
        let gap = if greedy_fill.is_some() { 0 } else { 100 };
        let mut f = Figures {
            level: Level::Easy,
            greedy: greedy_fill,
            greedy_best: range.best,
            gap,
            near: u32::try_from(near.len()).unwrap_or(u32::MAX),
            non_greedy,
            margin: None,
            nodes,
        };
        f.level = Level::of(&f);
        f
    } else {
        let mut sets: BTreeMap<AnswerKey, i64> = BTreeMap::new();
        for c in covers {
            let v = sets.entry(answer_key(&c.cells, empty)).or_insert(i64::MIN);
            *v = (*v).max(c.value(objective));
        }
        let mut values: Vec<i64> = sets.into_values().collect();
        values.sort_unstable_by(|a, b| b.cmp(a));
        let mut f = figures(optimum, greedy_fill, u32::try_from(near.len()).unwrap_or(u32::MAX), non_greedy, nodes);
        f.margin = Some(optimum - values.get(1).copied().unwrap_or(0));
        f
    };
    let figures = Figures { greedy_best: range.best, ..figures };
    Ok((optimum, figures, best.len(), count))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_answer_and_its_turned_copy_on_an_empty_board_are_one() {
        let a = [(Cell::new(0, 0), Corners([1, 1, 1, 2])), (Cell::new(1, 0), Corners([1, 3, 3, 1]))];
        let turned: Vec<(Cell, Corners)> =
            a.iter().map(|&(c, t)| (c.rotate_cw().rotate_cw(), t.rotate_cw().rotate_cw())).collect();
        assert_eq!(answer_key(&a, true), answer_key(&turned, true));
        // On a board with tiles the turn is another answer.
        assert_ne!(answer_key(&a, false), answer_key(&turned, false));
        // The order of the plays never matters.
        let swapped = [a[1], a[0]];
        assert_eq!(answer_key(&a, false), answer_key(&swapped, false));
    }
}
