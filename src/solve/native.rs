//! The native exact solver: depth-first search over the pattern-table move
//! generator, with branch-and-bound for sequences and a transposition table
//! keyed by the set of placements made.
//!
//! This file is long because the best turn, the bonus tiles after a bonus
//! and the best sequence are one search over one state (the generator, the
//! limits, the node count), sharing its move helpers and ceilings; its
//! tests are in `native/tests.rs`.

use std::time::Instant;

use serde::Serialize;

use super::budget::Budget;
use super::{
    Answer, Choice, FillObjective, Goal, Limits, Play, PlayKind, Puzzle, SolveError, Solver, Stats, Stop, score_of,
};
use crate::model::{Board, Corners, TileId};
use crate::rules::{BonusFollowUp, GoingOutBonus, Move, MoveGen, Variant, bonus_tile_points, points};

/// The native solver.
#[derive(Clone, Copy, Debug, Default)]
pub struct Native;

impl Solver for Native {
    fn name(&self) -> &'static str {
        "native"
    }

    fn solve(&self, puzzle: &Puzzle, limits: &Limits) -> Result<Answer, SolveError> {
        super::unmodelled_bonus_tiles(puzzle, "native")?;
        let started = Instant::now();
        let sequence = match puzzle.goal {
            Goal::Fill(ref fill) => {
                // A pool too small for the region, or a region whose edge
                // cannot pay for the tiles, has no fill and so no ceiling
                // worth showing: the fill search says so at once.
                if !super::no_fill_by_counting(puzzle, fill)
                    && let Some(bound) = fill_ceiling(puzzle, fill)
                {
                    limits.bounded(bound);
                }
                return Ok(super::fill::solve_fill(puzzle, fill, limits));
            }
            Goal::BestTurn => None,
            Goal::BestSequence { plays } => Some(plays),
        };
        // The ceiling is read from the search's own move generator: setting
        // one up costs about as much as the whole plain best turn.
        let mut search = Search::new(puzzle, limits, started);
        if let Some(bound) = search.ceiling() {
            limits.bounded(bound);
        }
        let mut answer = match sequence {
            None => search.best_turn(),
            Some(plays) => search.best_sequence(plays),
        };
        if answer.proven {
            // Proven: nothing scores more than the answer.
            limits.bounded(answer.score);
        }
        answer.stats = Stats {
            solver: "native",
            nodes: search.budget.nodes,
            micros: started.elapsed().as_micros() as u64,
            stopped: search.budget.why,
        };
        Ok(answer)
    }
}

/// A true upper bound on the score of any answer to `puzzle`, found without
/// searching (none for a count, which has no score to bound). A solver cut
/// short gives it as its bound.
///
/// - A turn: the best first play's points, then, if any play earns a bonus,
///   the larger of 25 and the two heaviest hand tiles; with chained bonuses
///   (R8) all but the lightest hand tile and 25 for every other placement.
/// - A sequence of `n` plays: the `n` largest of each hand tile's points
///   plus a bonus.
/// - A fill: the heaviest pool tiles, one per region cell (weight; where the
///   values on lattice points must agree, only those that show the flat
///   sides the region's shape needs), or one bonus per region cell
///   (bonuses).
pub fn ceiling(puzzle: &Puzzle) -> Option<i64> {
    if let Goal::Fill(fill) = &puzzle.goal {
        return fill_ceiling(puzzle, fill);
    }
    let limits = Limits::default();
    Search::new(puzzle, &limits, Instant::now()).ceiling()
}

/// [`ceiling`] for a fill: read from the pool, the region and the
/// variant's readings alone.
fn fill_ceiling(puzzle: &Puzzle, fill: &super::FillGoal) -> Option<i64> {
    match fill.objective {
        FillObjective::Count => None,
        FillObjective::Bonuses => i64::try_from(fill.region.len()).ok(),
        FillObjective::Weight => {
            let variant = &puzzle.variant;
            let mut weights: Vec<i64> = fill
                .pool
                .iter()
                .filter(|&&t| !variant.orientations().of(variant.tile_set(), t).is_empty())
                .map(|t| i64::from(t.weight()))
                .collect();
            weights.sort_unstable_by(|a, b| b.cmp(a));
            let heaviest = weights.iter().take(fill.region.len()).sum();
            // Where the fill is one of values on lattice points, the flat
            // sides its shape needs may leave the heaviest tiles out.
            // (A pool too small for the region has no fill to bound.)
            let shape = (weights.len() >= fill.region.len())
                .then(|| super::lattice::LatticeView::of(puzzle, fill))
                .flatten()
                .and_then(|view| super::lattice::flat::shape(&view)?.bound);
            Some(shape.map_or(heaviest, |s: i64| s.min(heaviest)))
        }
    }
}

/// The best way to play the two bonus tiles a bonus placement has earned
/// (E11, E12, S15), the placement already on `board`, from `hand`: the most
/// they score together (with any bonuses they earn themselves where R8
/// allows, each taken the best way) and one line of plays that scores it, or
/// `None` when two bonus tiles cannot both be played, so that the 25 points
/// must be taken (E14, E6). The flag is false when `limits` stopped the
/// search first: the answer is then the best found, not proven.
pub fn best_bonus_tiles(
    variant: &Variant,
    board: &Board,
    hand: &[TileId],
    limits: &Limits,
) -> (Option<(i64, Vec<Play>)>, bool) {
    let puzzle = Puzzle { variant: variant.clone(), board: board.clone(), hand: hand.to_vec(), goal: Goal::BestTurn };
    let mut search = Search::new(&puzzle, limits, Instant::now());
    let best = search.take_tiles(2).and_then(|(value, lines)| Some((value, lines.into_iter().next()?)));
    (best, !search.budget.stopped())
}

/// The other choice at a bonus of a turn: what it would have brought and
/// the turn it would have made, found by the same bonus-tile search that
/// solves the turn. The line is the caller's to replay.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub struct OtherChoice {
    /// The bonus play, counted from 1 in the answer's plays.
    pub play: usize,
    /// What the answer took there.
    pub taken: Choice,
    /// What the answer's choice brought: 25 for the points (with any bonus
    /// tiles still owed), or what the bonus tiles played scored.
    pub taken_value: i64,
    /// The other choice.
    pub other: Choice,
    /// Where the other choice is the tiles: how many would then be owed (two
    /// at the turn's own bonus; more at a bonus tile's, where R8 chains
    /// bonuses and tiles are still owed).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub owed: Option<u8>,
    /// Whether the other choice was open: false when two bonus tiles cannot
    /// both be played, so the 25 had to be taken (E14, E6); null when a
    /// limit stopped the search before it found either.
    pub open: Option<bool>,
    /// What the other choice would have brought at best (the best found when
    /// not proven); absent when it was not open or nothing was found.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub value: Option<i64>,
    /// The turn's score had the other choice been taken.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub score: Option<i64>,
    /// False when a limit stopped the search of the other choice: `value`
    /// is then only the best found.
    pub proven: bool,
    /// What stopped that search.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub stopped: Option<Stop>,
    /// The whole turn had the other choice been taken: the plays up to the
    /// bonus, then the best line after it.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub plays: Vec<Play>,
}

/// What the other choice at the bonus of `line[index]` (a turn's plays,
/// as `best_turn` gives them) would have been worth, the plays before it
/// kept. `None` when there was no choice there: no bonus, or a bonus that
/// empties the hand (the 25 or nothing, E6, R18).
pub fn other_choice(puzzle: &Puzzle, line: &[Play], index: usize, limits: &Limits) -> Option<OtherChoice> {
    let play = line.get(index)?;
    let taken = play.choice?;
    let mut search = Search::new(puzzle, limits, Instant::now());
    // What the line has scored once this play is placed, before what its
    // choice brings, and how many bonus tiles are still owed then.
    let mut before = 0i64;
    let mut owed: u8 = 0;
    for (i, p) in line.get(..=index)?.iter().enumerate() {
        search.generator.place(p.at, p.corners);
        before += p.points;
        if i > 0 {
            owed = owed.saturating_sub(1);
        }
        if i < index {
            match p.choice {
                Some(Choice::Points) => before += 25,
                Some(Choice::Tiles) => owed += 2,
                None => {}
            }
        }
    }
    if search.hand_is_empty() {
        return None;
    }
    let other = match taken {
        Choice::Points => Choice::Tiles,
        Choice::Tiles => Choice::Points,
    };
    // The same continuations `best_turn` and `bonus_tiles` weigh: the 25 and
    // then any tiles still owed, or two more tiles owed.
    let found = match other {
        Choice::Tiles => search.take_tiles(owed + 2),
        Choice::Points => search.bonus_tiles(owed).map(|(v, lines)| (v + 25, lines)),
    };
    let taken_value = score_of(line) - before;
    let proven = !search.budget.stopped();
    let (value, score, plays) = match found {
        Some((value, tails)) => {
            let mut flipped = play.clone();
            flipped.choice = Some(other);
            let mut plays: Vec<Play> = line.get(..index).unwrap_or_default().to_vec();
            plays.push(flipped);
            plays.extend(tails.into_iter().next().unwrap_or_default());
            (Some(value), Some(before + value), plays)
        }
        None => (None, None, Vec::new()),
    };
    Some(OtherChoice {
        play: index + 1,
        taken,
        taken_value,
        other,
        owed: (other == Choice::Tiles).then_some(owed + 2),
        open: if value.is_some() { Some(true) } else { proven.then_some(false) },
        value,
        score,
        proven,
        stopped: search.budget.why,
        plays,
    })
}

struct Search<'p> {
    /// The puzzle searched: searches of parts of it on other threads start
    /// from it.
    puzzle: &'p Puzzle,
    variant: &'p Variant,
    generator: MoveGen<'p>,
    limits: &'p Limits,
    budget: Budget<'p>,
    /// The chained search's table and state (R8 = yes).
    table: chain::Table,
    /// Chained bonuses searched by the plain walk over every line, as
    /// before the chained search: the reference its tests compare with.
    plain: bool,
    /// Whether the chained turn is probed from above before the pilot and
    /// the search below: off only where tests compare those with the plain
    /// walk (the probes settle most small turns before the pilot runs).
    probes: bool,
    /// Whether this search helps another thread's with the same first play
    /// of a chained turn: it then walks the first bonus tiles in another
    /// order (the value found does not depend on it).
    helping: bool,
    /// The fewest threads a chained turn's search below is shared out
    /// over ([`chain::SHARE_FROM`]; tests lower it to compare the shared
    /// search with one thread's on any machine of two cores or more).
    share_from: usize,
}

fn corners_of(variant: &Variant, m: Move) -> Corners {
    variant.orientations().corners(usize::from(m.orientation))
}

impl<'p> Search<'p> {
    fn new(puzzle: &'p Puzzle, limits: &'p Limits, started: Instant) -> Search<'p> {
        Search {
            puzzle,
            variant: &puzzle.variant,
            generator: MoveGen::new(&puzzle.variant, &puzzle.board, &puzzle.hand),
            limits,
            budget: Budget::new(limits, started),
            table: chain::Table::default(),
            plain: false,
            probes: true,
            helping: false,
            share_from: chain::SHARE_FROM,
        }
    }

    /// [`ceiling`] for a turn or a sequence, from this search's generator.
    fn ceiling(&self) -> Option<i64> {
        match &self.puzzle.goal {
            Goal::BestTurn => Some(self.turn_ceiling(&self.moves())),
            Goal::BestSequence { plays } => {
                let mut tops = self.generator_hand_values();
                tops.sort_unstable_by(|a, b| b.cmp(a));
                Some(tops.iter().take(*plays).sum())
            }
            Goal::Fill(fill) => fill_ceiling(self.puzzle, fill),
        }
    }

    /// The hand's tiles by weight, heaviest first: what the bounds of the
    /// plain turn take the heaviest few of. Listing the hand costs more than
    /// a bound, so it is listed once per position, not once per move.
    fn hand_weights(&self) -> Vec<(i64, TileId)> {
        let mut weights: Vec<(i64, TileId)> =
            self.generator.hand().into_iter().map(|t| (i64::from(t.weight()), t)).collect();
        weights.sort_unstable_by(|a, b| b.cmp(a));
        weights
    }

    fn moves(&self) -> Vec<Move> {
        let mut moves = Vec::new();
        self.generator.legal_moves(&mut moves);
        // A stable order, so that answers do not depend on hash-map order.
        moves.sort_unstable_by_key(|m| (m.orientation, m.at.y, m.at.x));
        moves
    }

    fn tick(&mut self) -> bool {
        self.budget.spend()
    }

    fn hand_is_empty(&self) -> bool {
        self.generator.hand_is_empty()
    }

    /// Whether bonus tiles chain (R8) and are searched by the chained
    /// search rather than the plain walk.
    fn chained(&self) -> bool {
        self.variant.rules().bonus_chain.yes() && !self.plain
    }

    /// R17: must each bonus tile leave the tiles still owed playable?
    fn follow_up_required(&self) -> bool {
        self.variant.rules().bonus_tile_follow_up == BonusFollowUp::Required
    }

    /// A bonus earned where the hand is now empty: what it pays and the
    /// choice recorded, the 25 taken as points where R18 pays it, else
    /// nothing and no choice; elsewhere the 25 taken as points.
    fn points_choice(&self) -> (i64, Option<Choice>) {
        if self.hand_is_empty() && self.variant.rules().going_out_bonus == GoingOutBonus::NotPaid {
            (0, None)
        } else {
            (25, Some(Choice::Points))
        }
    }

    /// May `n` bonus tiles be taken? Only where all of them can be played
    /// (E14, E6); where each tile must leave the rest playable (R17), the
    /// search of the tiles finds a full line exactly when one exists, so
    /// there they may always be taken.
    fn may_take(&mut self, n: u8) -> bool {
        self.follow_up_required() || self.generator.can_place_line(usize::from(n))
    }

    /// Taking bonus tiles so that `owed` are owed: allowed only where all of
    /// them can be played (E14, E6); then the best way to play them.
    fn take_tiles(&mut self, owed: u8) -> Option<(i64, Vec<Vec<Play>>)> {
        if self.chained() {
            return self.chain_tiles(owed, true);
        }
        if !self.may_take(owed) {
            return None;
        }
        self.bonus_tiles(owed)
    }

    fn play(&self, m: Move, kind: PlayKind, bonus: bool) -> Play {
        let corners = corners_of(self.variant, m);
        let pts = match kind {
            PlayKind::Turn => i64::from(points(self.variant, corners)),
            PlayKind::BonusTile => i64::from(bonus_tile_points(self.variant, corners)),
            PlayKind::Fill => i64::from(corners.weight()),
        };
        Play { tile: corners.id(), at: m.at, corners, kind, points: pts, bonus, choice: None }
    }

    // ---------------------------------------------------------------- turn

    /// Every way to play the turn that scores the most.
    fn best_turn(&mut self) -> Answer {
        if self.chained() {
            return self.best_chained_turn();
        }
        let mut best: Option<(i64, Vec<Vec<Play>>)> = None;
        let (moves, ceiling, still) = self.first_plays();
        let mut lowest = ceiling;
        for (m, still) in moves.into_iter().zip(still) {
            // However short the time, the turn found places a tile when one
            // can be placed (E8, E9).
            if best.is_some() && self.tick() {
                break;
            }
            lowest = lowest.min(still.max(best.as_ref().map_or(i64::MIN, |b| b.0)));
            self.limits.bounded(lowest);
            let bonus = self.generator.is_bonus(m);
            let mut first = self.play(m, PlayKind::Turn, bonus);
            if !bonus {
                // Nothing follows a play without a bonus: no need to place it.
                self.limits.found(first.points);
                merge(&mut best, first.points, vec![first], self.cap());
                continue;
            }
            let corners = first.corners;
            self.generator.place(m.at, corners);
            let mut lines: Vec<(i64, Vec<Play>)> = Vec::new();
            {
                // Going out on a bonus: the 25 is all there is (E6), and
                // where R18 does not pay it there is no choice at all. Bonus
                // tiles are searched only when they could beat the best.
                let (points, choice) = self.points_choice();
                first.choice = choice;
                lines.push((first.points + points, vec![first.clone()]));
                if !self.hand_is_empty()
                    && self.worth_searching(&best, first.points)
                    && let Some((value, tails)) = self.take_tiles(2)
                {
                    first.choice = Some(Choice::Tiles);
                    for tail in tails {
                        let mut line = vec![first.clone()];
                        line.extend(tail);
                        lines.push((first.points + value, line));
                    }
                }
            }
            self.generator.unplace(m.at);
            for (value, line) in lines {
                merge(&mut best, value, line, self.cap());
            }
            if let Some((value, _)) = &best {
                self.limits.found(*value);
            }
        }
        let mut answer = self.finish(best);
        if self.budget.stopped() {
            answer.bound = Some(lowest.max(answer.score));
        }
        answer
    }

    /// The first plays of a turn in the order they are searched (bonus plays
    /// first, heaviest first, so that the best turn is found early and
    /// bounds the bonus-tile searches after it), the turn's ceiling, and by
    /// each play the most any turn starting with it or a play after it can
    /// score: once the turns starting with the plays before one are all
    /// searched, no turn scores more than the best found or that.
    fn first_plays(&self) -> (Vec<Move>, i64, Vec<i64>) {
        let mut moves = self.moves();
        moves.sort_by_cached_key(|&m| {
            let weight = corners_of(self.variant, m).weight();
            (std::cmp::Reverse(self.generator.is_bonus(m)), std::cmp::Reverse(weight))
        });
        let ceiling = self.turn_ceiling(&moves);
        let weights = self.hand_weights();
        let mut still: Vec<i64> = moves
            .iter()
            .rev()
            .scan(i64::MIN, |most, &m| {
                *most = (*most).max(self.move_ceiling(m, &weights));
                Some(*most)
            })
            .collect();
        still.reverse();
        (moves, ceiling, still)
    }

    /// No turn starting with `m` scores more than this: its points, then, on
    /// a bonus, what [`Search::turn_ceiling`] allows the hand left after it
    /// (`hand`: the hand's weights, as [`Search::hand_weights`] lists them).
    fn move_ceiling(&self, m: Move, hand: &[(i64, TileId)]) -> i64 {
        let corners = corners_of(self.variant, m);
        let first = i64::from(points(self.variant, corners));
        if !self.generator.is_bonus(m) {
            return first;
        }
        let weights: Vec<i64> = hand.iter().filter(|w| w.1 != corners.id()).map(|w| w.0).collect();
        if self.variant.rules().bonus_chain.yes() {
            // As in `turn_ceiling`: of at most k + 1 placements, k the tiles
            // left, at most (k + 2) / 2 pay 25.
            let k = weights.len() as i64;
            first + weights.iter().sum::<i64>() + 25 * ((k + 2) / 2)
        } else {
            first + weights.iter().take(2).sum::<i64>().max(25)
        }
    }

    /// No turn from here scores more than this: the best first play's
    /// points, then, if any play earns a bonus, the larger of 25 and the
    /// two heaviest hand tiles; with chained bonuses (R8) all but the
    /// lightest hand tile and 25 for every other placement (each bonus tile
    /// taken gives up a bonus's 25). Given with an answer the time limit cut
    /// short.
    fn turn_ceiling(&self, moves: &[Move]) -> i64 {
        let first = moves.iter().map(|&m| i64::from(points(self.variant, corners_of(self.variant, m)))).max();
        let Some(first) = first else { return 0 };
        if !moves.iter().any(|&m| self.generator.is_bonus(m)) {
            return first;
        }
        let mut weights: Vec<i64> = self.generator.hand().iter().map(|t| i64::from(t.weight())).collect();
        weights.sort_unstable_by(|a, b| b.cmp(a));
        if self.variant.rules().bonus_chain.yes() {
            // A turn of n placements (the first one included) takes the
            // tiles at least (n - 1) / 2 times, each time at a bonus whose 25
            // it gives up, so of its at most n bonuses at most (n + 1) / 2
            // pay 25: the first play, the n - 1 heaviest tiles and those
            // 25s, at most, and most with every tile placed.
            let n = weights.len() as i64;
            first + weights.iter().take(weights.len().saturating_sub(1)).sum::<i64>() + 25 * ((n + 1) / 2)
        } else {
            first + weights.iter().take(2).sum::<i64>().max(25)
        }
    }

    /// How many optimal answers to keep: all of them (up to the cap) with
    /// `--all`, else one.
    fn cap(&self) -> usize {
        if self.limits.all { self.limits.answer_cap() } else { 1 }
    }

    /// Could two bonus tiles after a first play of `points` reach the best
    /// turn found so far? Without chained bonuses (R8) they score at most the
    /// two heaviest tiles left; with them there is no cheap bound.
    fn worth_searching(&self, best: &Option<(i64, Vec<Vec<Play>>)>, points: i64) -> bool {
        let Some((best, _)) = best else { return true };
        if self.variant.rules().bonus_chain.yes() {
            return true;
        }
        let mut weights: Vec<i64> = self.generator.hand().iter().map(|t| i64::from(t.weight())).collect();
        weights.sort_unstable_by(|a, b| b.cmp(a));
        let ceiling = points + weights.iter().take(2).sum::<i64>();
        if self.limits.all { ceiling >= *best } else { ceiling > *best }
    }

    /// Without chained bonuses: could `points` and the `more` heaviest other
    /// hand tiles (of `hand`, as [`Search::hand_weights`] lists them) reach
    /// the best line found so far?
    fn could_reach(
        &self,
        best: &Option<(i64, Vec<Vec<Play>>)>,
        points: i64,
        tile: TileId,
        more: u8,
        hand: &[(i64, TileId)],
    ) -> bool {
        let Some((best, _)) = best else { return true };
        let ceiling = points + hand.iter().filter(|w| w.1 != tile).take(usize::from(more)).map(|w| w.0).sum::<i64>();
        if self.limits.all { ceiling >= *best } else { ceiling > *best }
    }

    /// The best value of placing `owed` bonus tiles, with every line that
    /// reaches it; `None` when they cannot all be placed.
    fn bonus_tiles(&mut self, owed: u8) -> Option<(i64, Vec<Vec<Play>>)> {
        if self.chained() {
            return self.chain_tiles(owed, false);
        }
        if owed == 0 {
            return Some((0, vec![Vec::new()]));
        }
        let chain = self.variant.rules().bonus_chain.yes();
        let mut best: Option<(i64, Vec<Vec<Play>>)> = None;
        let mut moves = self.moves();
        if moves.is_empty() && !self.follow_up_required() {
            // R17 = not-required: a tile owed with no legal placement is forfeited.
            return Some((0, vec![Vec::new()]));
        }
        moves.sort_by_cached_key(|&m| std::cmp::Reverse(corners_of(self.variant, m).weight()));
        let hand = if chain { Vec::new() } else { self.hand_weights() };
        for m in moves {
            if self.tick() {
                break;
            }
            let earns = chain && self.generator.is_bonus(m);
            let mut play = self.play(m, PlayKind::BonusTile, earns);
            if owed == 1 && !earns {
                // The last owed tile: nothing follows, so it need not be placed.
                merge(&mut best, play.points, vec![play], self.cap());
                continue;
            }
            if !chain && !self.could_reach(&best, play.points, play.tile, owed - 1, &hand) {
                continue;
            }
            self.generator.place(m.at, play.corners);
            let mut options: Vec<(i64, Option<Choice>, Vec<Vec<Play>>)> = Vec::new();
            if earns && self.hand_is_empty() {
                // Out on a bonus tile: the round ends, whatever is owed; where
                // each tile must leave the rest playable, only on the last.
                if owed == 1 || !self.follow_up_required() {
                    let (points, choice) = self.points_choice();
                    options.push((points, choice, vec![Vec::new()]));
                }
            } else if earns {
                if let Some((v, tails)) = self.bonus_tiles(owed - 1) {
                    options.push((v + 25, Some(Choice::Points), tails));
                }
                if let Some((v, tails)) = self.take_tiles(owed + 1) {
                    options.push((v, Some(Choice::Tiles), tails));
                }
            } else if let Some((v, tails)) = self.bonus_tiles(owed - 1) {
                options.push((v, None, tails));
            }
            self.generator.unplace(m.at);
            for (value, choice, tails) in options {
                play.choice = choice;
                for tail in tails {
                    let mut line = vec![play.clone()];
                    line.extend(tail);
                    merge(&mut best, play.points + value, line, self.cap());
                }
            }
        }
        best
    }

    // ------------------------------------------------------------ sequence

    fn best_sequence(&mut self, plays: usize) -> Answer {
        let mut state = Sequence {
            best: 0,
            lines: vec![Vec::new()],
            line: Vec::new(),
            seen: memo::Memo::new(self.limits.memory),
            key: 0,
            cap: self.cap(),
            plays,
            bound: i64::MAX,
        };
        let mut tops: Vec<i64> = self.generator_hand_values();
        tops.sort_unstable_by(|a, b| b.cmp(a));
        self.sequence(plays, 0, &tops, &mut state);
        let bound = state.bound.min(tops.iter().take(plays).sum());
        let mut answer = self.finish(Some((state.best, state.lines)));
        if self.budget.stopped() {
            answer.bound = Some(answer.score.max(bound));
        }
        answer
    }

    /// For each hand tile, the most one placement of it could score: its
    /// points and a bonus.
    fn generator_hand_values(&self) -> Vec<i64> {
        self.generator.hand().iter().map(|&t| i64::from(points(self.variant, corners_any(t))) + 25).collect()
    }

    fn sequence(&mut self, left: usize, score: i64, tops: &[i64], s: &mut Sequence) {
        if self.tick() {
            return;
        }
        if left == 0 {
            return;
        }
        let mut moves: Vec<(i64, Move, bool)> = self
            .moves()
            .into_iter()
            .map(|m| {
                let bonus = self.generator.is_bonus(m);
                let value = i64::from(points(self.variant, corners_of(self.variant, m))) + if bonus { 25 } else { 0 };
                (value, m, bonus)
            })
            .collect();
        // Best first, so that good lines are found early and bound the rest.
        moves.sort_by_key(|m| std::cmp::Reverse(m.0));
        let Some(&(best_now, _, _)) = moves.first() else { return };
        let strict = !self_all(s);
        // Whether a line that could reach `bound` is still worth searching.
        let open = |bound: i64, best: i64| if strict { bound > best } else { bound >= best };
        // Upper bound: the best move now, then the best imaginable scores of
        // the hand's tiles for the plays after it.
        let later: i64 = tops.iter().take(left - 1).sum();
        if !open(score + best_now + later, s.best) {
            return;
        }
        if left == 1 {
            // The last play: nothing follows, so no move need be placed; the
            // moves come best first, so the first that cannot reach the best
            // ends the list.
            for (value, m, bonus) in moves {
                let total = score + value;
                if !open(total, s.best) {
                    break;
                }
                let mut play = self.play(m, PlayKind::Turn, bonus);
                play.choice = bonus.then_some(Choice::Points);
                s.line.push(play);
                if total > s.best {
                    s.best = total;
                    s.lines = vec![s.line.clone()];
                    self.limits.found(total);
                } else if s.lines.len() < s.cap && !s.lines.contains(&s.line) {
                    s.lines.push(s.line.clone());
                }
                s.line.pop();
            }
            return;
        }
        // The hand as it is now, each tile's best imaginable score: what the
        // plays after a move can bring at most, the move's own tile left out.
        let mut values: Vec<(i64, TileId)> =
            self.generator.hand().into_iter().map(|t| (tile_value(self.variant, t), t)).collect();
        values.sort_unstable_by(|a, b| b.cmp(a));
        let rest = |tile: TileId| -> i64 { values.iter().filter(|v| v.1 != tile).take(left - 1).map(|v| v.0).sum() };
        let bounds: Vec<i64> =
            moves.iter().map(|&(value, m, _)| score + value + rest(corners_of(self.variant, m).id())).collect();
        // At the root, once the lines of the moves before one are all
        // searched, no line scores more than the best found or the bound of
        // that move or one after it.
        let mut after: Vec<i64> = bounds
            .iter()
            .rev()
            .scan(i64::MIN, |most, &b| {
                *most = (*most).max(b);
                Some(*most)
            })
            .collect();
        after.reverse();
        for ((value, m, bonus), (&bound, &still)) in moves.into_iter().zip(bounds.iter().zip(&after)) {
            if self.budget.stopped() {
                return;
            }
            if left == s.plays {
                s.bound = s.bound.min(s.best.max(still));
                self.limits.bounded(s.bound);
            }
            let total = score + value;
            if !open(bound, s.best) {
                continue;
            }
            let mut play = self.play(m, PlayKind::Turn, bonus);
            play.choice = bonus.then_some(Choice::Points);
            let key = s.key ^ zobrist(m);
            // The same set of placements reached with no better score cannot
            // lead anywhere better (and, listing all, not anywhere new).
            match s.seen.get(key) {
                Some(seen) if seen > total || (strict && seen == total) => continue,
                _ => s.seen.store(key, total),
            }
            self.generator.place(m.at, play.corners);
            s.line.push(play);
            let saved = s.key;
            s.key = key;
            if total > s.best {
                s.best = total;
                s.lines = vec![s.line.clone()];
                self.limits.found(total);
            } else if total == s.best && s.lines.len() < s.cap && !s.lines.contains(&s.line) {
                s.lines.push(s.line.clone());
            }
            self.sequence(left - 1, total, tops, s);
            s.key = saved;
            s.line.pop();
            self.generator.unplace(m.at);
        }
    }

    fn finish(&self, best: Option<(i64, Vec<Vec<Play>>)>) -> Answer {
        let (score, mut lines) = best.unwrap_or((0, vec![Vec::new()]));
        if lines.is_empty() {
            lines.push(Vec::new());
        }
        let plays = lines.first().cloned().unwrap_or_default();
        debug_assert_eq!(score_of(&plays), score);
        Answer {
            score,
            proven: !self.budget.stopped(),
            bound: None,
            plays,
            all: if self.limits.all { lines } else { Vec::new() },
            count: None,
            stats: Stats::default(),
        }
    }
}

/// Search state of a sequence.
struct Sequence {
    best: i64,
    lines: Vec<Vec<Play>>,
    line: Vec<Play>,
    /// The best score each set of placements was reached with; within the
    /// memory limit, past which positions not in it are searched again.
    seen: memo::Memo,
    key: u64,
    cap: usize,
    /// How many plays the sequence has: the root's `left`.
    plays: usize,
    /// The lowest bound proven at the root so far.
    bound: i64,
}

fn self_all(s: &Sequence) -> bool {
    s.cap > 1
}

/// The most one placement of a tile could score: its points and a bonus.
fn tile_value(variant: &Variant, t: TileId) -> i64 {
    i64::from(points(variant, corners_any(t))) + 25
}

/// Any arrangement of a tile's values, for its weight.
fn corners_any(t: crate::model::TileId) -> Corners {
    Corners(t.values())
}

/// A fixed pseudo-random 64-bit key per (cell, orientation), XORed over the
/// placements made: equal for equal sets of placements, whatever the order.
fn zobrist(m: Move) -> u64 {
    let mut x = (m.at.x as u32 as u64) << 32 | (m.at.y as u32 as u64);
    x ^= u64::from(m.orientation).wrapping_mul(0x9E37_79B9_7F4A_7C15);
    // splitmix64 finaliser
    x = (x ^ (x >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    x = (x ^ (x >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    x ^ (x >> 31)
}

/// Keeps the best value and up to `cap` lines reaching it.
fn merge(best: &mut Option<(i64, Vec<Vec<Play>>)>, value: i64, line: Vec<Play>, cap: usize) {
    match best {
        Some((v, lines)) if value == *v => {
            if lines.len() < cap {
                lines.push(line);
            }
        }
        Some((v, _)) if value < *v => {}
        _ => *best = Some((value, vec![line])),
    }
}

mod chain;
mod memo;
#[cfg(test)]
mod tests;
