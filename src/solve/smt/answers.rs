//! The search for an answer and reading it back: a turn solved in rounds
//! of growing length (1, 3, 5, … steps), each encoding checked, its model
//! decoded step by step into plays the rules accept (the move generator
//! checks each placement and says which earn the bonus), a line cut short
//! replayed before it is kept, and, for `--all`, every other optimal line
//! found by blocking each one found.

// Indexing here cannot panic on input: steps, candidates and tiles index vectors built together from the puzzle in the encoding.
#![allow(clippy::indexing_slicing)]

use z3::ast::{Bool, Int};
use z3::{Model, SatResult};

use super::budget::Budget;
use super::failed;
use super::formula::{any, is_true, not};
use super::placements::{Mode, Placements, playable_hand};
use crate::rules::{GoingOutBonus, Move, MoveGen, bonus_tile_points, points};
use crate::solve::{Answer, Choice, Limits, Play, PlayKind, Puzzle, SolveError, Stats, score_of};

/// What solving one encoding gave.
enum Outcome {
    /// The best line found (proven when the check finished).
    Line(Answer),
    /// The best relaxed line still owes bonus tiles: more steps are needed.
    Unfinished,
    /// No line meets the constraints added to the encoding.
    Nothing,
}

pub(super) fn empty_answer(proven: bool, checks: u64) -> Answer {
    Answer {
        score: 0,
        proven,
        bound: None,
        plays: Vec::new(),
        all: Vec::new(),
        count: None,
        stats: Stats { solver: "smt", nodes: checks, ..Stats::default() },
    }
}

impl<'p> Placements<'p> {
    pub(super) fn solve(
        puzzle: &'p Puzzle,
        limits: &Limits,
        budget: &Budget,
        mode: Mode,
    ) -> Result<Answer, SolveError> {
        let hand = playable_hand(puzzle).len();
        let chain = puzzle.variant.rules().bonus_chain.yes();
        let most = match mode {
            // Without R8 a turn is one placement and at most two bonus
            // tiles; with it, as many bonus tiles as the hand holds. A turn
            // places 1 + 2 · (tiles chosen) tiles: an odd number.
            Mode::Turn if chain && hand.is_multiple_of(2) => hand.saturating_sub(1),
            Mode::Turn if chain => hand,
            Mode::Turn => hand.min(3),
            Mode::Sequence(n) => hand.min(n),
        };
        // A turn is solved in rounds of 1, 3, 5, … steps. While more steps
        // are possible, a line may stop owing bonus tiles, the rest bounded
        // from above (the two heaviest tiles; with R8, weight + 25 for every
        // tile left). When the best line found owes tiles, the best line that
        // owes nothing is kept, and the next round looks only for longer
        // lines that beat it: those start with a bonus. Listing every
        // optimum needs all the steps at once.
        let mut steps = if mode == Mode::Turn && !limits.all { most.min(1) } else { most };
        let mut checks = 0;
        let mut shorter: Option<Answer> = None;
        let mut longer_than: Option<usize> = None;
        let finish = |answer: Option<Answer>, proven: bool, checks: u64| {
            let mut answer = answer.unwrap_or_else(|| empty_answer(proven, checks));
            answer.proven = proven;
            answer.stats.nodes = checks;
            answer
        };
        loop {
            let Some(encoding) = Placements::encode(puzzle, budget, mode, steps, steps < most, longer_than) else {
                // A limit was reached while building the encoding.
                return Ok(finish(shorter, false, checks));
            };
            if let Some(best) = &shorter {
                encoding.optimize.assert(encoding.objective.ge(Int::from_i64(best.score + 1)));
            }
            let (outcome, n) = encoding.run(limits, budget)?;
            checks += n;
            match outcome {
                Outcome::Line(answer) if answer.proven => return Ok(finish(Some(answer), true, checks)),
                Outcome::Line(answer) => {
                    // Cut short: the better of what was found.
                    let best = match shorter {
                        Some(s) if s.score >= answer.score => s,
                        _ => answer,
                    };
                    return Ok(finish(Some(best), false, checks));
                }
                Outcome::Nothing if shorter.is_some() => return Ok(finish(shorter, true, checks)),
                Outcome::Nothing => return Err(failed("the encoding is unsatisfiable, yet playing nothing fits it")),
                Outcome::Unfinished => {
                    let Some(u) = &encoding.unfinished else {
                        return Err(failed("an exact encoding came out unfinished"));
                    };
                    encoding.optimize.assert(not(u));
                    let (outcome, n) = encoding.run(limits, budget)?;
                    checks += n;
                    match outcome {
                        Outcome::Line(answer) if answer.proven => {
                            // The best finished line stands whatever the
                            // longer rounds find: left behind at the
                            // deadline, the search answers with it.
                            budget.found(&answer);
                            shorter = Some(answer);
                        }
                        Outcome::Line(answer) => {
                            let best = match shorter {
                                Some(s) if s.score >= answer.score => s,
                                _ => answer,
                            };
                            return Ok(finish(Some(best), false, checks));
                        }
                        Outcome::Unfinished => return Ok(finish(shorter, false, checks)),
                        Outcome::Nothing => {}
                    }
                    if budget.spent() {
                        return Ok(finish(shorter, false, checks));
                    }
                    longer_than = Some(steps);
                    steps = (steps + 2).min(most);
                }
            }
        }
    }

    /// Checks the encoding: the outcome and the number of checks made.
    fn run(&self, limits: &Limits, budget: &Budget) -> Result<(Outcome, u64), SolveError> {
        if budget.spent() {
            return Ok((Outcome::Line(empty_answer(false, 0)), 0));
        }
        let mut checks = 1u64;
        if let Some(params) = budget.params() {
            self.optimize.set_params(&params);
        }
        let result = self.optimize.check(&[]);
        let proven = result == SatResult::Sat;
        let model = match result {
            SatResult::Unsat => return Ok((Outcome::Nothing, checks)),
            SatResult::Sat | SatResult::Unknown => self.optimize.get_model(),
        };
        let Some(model) = model else { return Ok((Outcome::Line(empty_answer(false, checks)), checks)) };
        if self.unfinished.as_ref().is_some_and(|u| is_true(&model, u)) {
            return Ok((Outcome::Unfinished, checks));
        }
        let mut best = match self.decode(&model) {
            Ok(best) => best,
            // A model cut short may be anything the solver had.
            Err(_) if !proven => return Ok((Outcome::Line(empty_answer(false, checks)), checks)),
            Err(e) => return Err(e),
        };
        let mut score = score_of(&best);
        if proven {
            let claimed = model.eval(&self.objective, true).and_then(|v| v.as_i64());
            if claimed != Some(score) {
                return Err(failed(format!("the model claims {claimed:?}, its plays score {score}")));
            }
        } else if self.replay_error(&best).is_some() {
            // A model cut short may be anything the solver had: keep it only
            // if the rules accept it.
            best = Vec::new();
            score = 0;
        }
        let mut all = Vec::new();
        if proven && limits.all {
            // Every other line with the optimal score: the same constraints
            // in a plain solver, the score fixed, each line found blocked.
            let solver = z3::Solver::new();
            for assertion in self.optimize.get_assertions() {
                solver.assert(&assertion);
            }
            solver.assert(self.objective.eq(Int::from_i64(score)));
            solver.assert(self.block(&best));
            all.push(best.clone());
            while all.len() < limits.answer_cap() {
                if budget.spent() {
                    return Ok((Outcome::Line(self.cut_short(best, score, checks)), checks));
                }
                if let Some(params) = budget.params() {
                    solver.set_params(&params);
                }
                checks += 1;
                match solver.check() {
                    SatResult::Sat => {}
                    SatResult::Unsat => break,
                    // The list may be incomplete: the optimum stands, unproven.
                    SatResult::Unknown => return Ok((Outcome::Line(self.cut_short(best, score, checks)), checks)),
                }
                let Some(m) = solver.get_model() else { break };
                let line = self.decode(&m)?;
                if score_of(&line) != score {
                    return Err(failed(format!("an optimal line scores {}, not {score}", score_of(&line))));
                }
                solver.assert(self.block(&line));
                all.push(line);
            }
        }
        let answer = Answer {
            score,
            proven,
            bound: None,
            plays: best,
            all,
            count: None,
            stats: Stats { solver: "smt", nodes: checks, ..Stats::default() },
        };
        Ok((Outcome::Line(answer), checks))
    }

    /// An optimal line whose list of equals (`--all`) was cut short: the
    /// line stands, but the answer is not complete.
    fn cut_short(&self, best: Vec<Play>, score: i64, checks: u64) -> Answer {
        Answer {
            score,
            proven: false,
            bound: None,
            plays: best,
            all: Vec::new(),
            count: None,
            stats: Stats { solver: "smt", nodes: checks, ..Stats::default() },
        }
    }

    /// The model's placements, step by step, as plays filled the way the
    /// native solver fills them.
    fn decode(&self, model: &Model) -> Result<Vec<Play>, SolveError> {
        let variant = &self.puzzle.variant;
        let chain = variant.rules().bonus_chain.yes();
        let mut generator = MoveGen::new(variant, &self.puzzle.board, &self.puzzle.hand);
        let mut plays = Vec::new();
        for s in 0..self.steps {
            if !is_true(model, &self.active[s]) {
                break;
            }
            let Some(c) = self.candidates.iter().find(|c| c.step == s && is_true(model, &c.x)) else {
                return Err(failed(format!("step {s} is active without a placement")));
            };
            let m = Move { at: c.cell, orientation: c.orientation as u16 };
            if !generator.is_legal(m) {
                return Err(failed(format!("step {s}: the model's placement at {} is illegal", c.cell)));
            }
            // The rules' bonus: where the model leaves one unclaimed, its
            // objective falls short of the plays' score and `run` says so.
            let bonus = generator.is_bonus(m);
            let corners = variant.orientations().corners(c.orientation);
            let tiles = self.tiles[s].as_ref().is_some_and(|t| is_true(model, t));
            // The hand's last tile goes out: where R18 pays no bonus for it,
            // no choice is offered.
            let unpaid = s + 1 == self.puzzle.hand.len() && variant.rules().going_out_bonus == GoingOutBonus::NotPaid;
            let choice =
                |earned: bool| (earned && !unpaid).then_some(if tiles { Choice::Tiles } else { Choice::Points });
            let (kind, points, bonus, choice) = match (self.mode, s) {
                (Mode::Sequence(_), _) => {
                    (PlayKind::Turn, points(variant, corners), bonus, bonus.then_some(Choice::Points))
                }
                (Mode::Turn, 0) => (PlayKind::Turn, points(variant, corners), bonus, choice(bonus)),
                // A bonus tile scores its weight (nothing under R9 =
                // opening-only); its own bonus counts only where R8 allows.
                (Mode::Turn, _) => {
                    (PlayKind::BonusTile, bonus_tile_points(variant, corners), chain && bonus, choice(chain && bonus))
                }
            };
            plays.push(Play {
                tile: corners.id(),
                at: c.cell,
                corners,
                kind,
                points: i64::from(points),
                bonus,
                choice,
            });
            generator.place(c.cell, corners);
        }
        Ok(plays)
    }

    /// Why the plays break the rules, if they do.
    fn replay_error(&self, plays: &[Play]) -> Option<String> {
        let mut answer = empty_answer(false, 0);
        answer.score = score_of(plays);
        answer.plays = plays.to_vec();
        crate::solve::verify(self.puzzle, &answer).err()
    }

    /// A clause that excludes exactly this line: its placements, its length
    /// and its choices.
    fn block(&self, line: &[Play]) -> Bool {
        let orientations = self.puzzle.variant.orientations();
        let mut differs = Vec::new();
        for (s, play) in line.iter().enumerate() {
            let k = orientations.index(play.corners);
            if let Some(c) =
                self.candidates.iter().find(|c| c.step == s && c.cell == play.at && Some(c.orientation) == k)
            {
                differs.push(not(&c.x));
            }
            if let Some(t) = &self.tiles[s] {
                differs.push(if play.choice == Some(Choice::Tiles) { not(t) } else { t.clone() });
            }
        }
        if let Some(next) = self.active.get(line.len()) {
            differs.push(next.clone());
        }
        any(differs)
    }
}
