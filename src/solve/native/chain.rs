//! The chained best turn (R8 = yes): bonus tiles that earn bonuses of their
//! own, searched by value with branch-and-bound and a transposition table,
//! the lines read back afterwards.
//!
//! What the rest of a chain can still bring depends only on the placements
//! made (the board, and so the hand) and on how many bonus tiles are owed,
//! not on the order they were made in: the table is keyed by the placements'
//! Zobrist keys and the count owed. The value search answers "at least
//! `floor`?" questions, exactly when the answer is yes and with an upper
//! bound when it is no; the lines are then read back in the order the plain
//! search walks them (heaviest bonus tile first, the 25 before the tiles),
//! so that the line printed among equal-scoring lines, and the list `--all`
//! prints, are the plain search's.
//!
//! This file is long because the value search, the tail of weights it
//! bounds a line with, the read-back of lines and the two entry points (the
//! whole turn, the bonus tiles after one bonus) share one table (its
//! entries the search's own, or shared by the threads of a search shared
//! out) and one running line, kept on the search by `chain_place` and
//! `chain_unplace`.

use std::sync::Arc;

use dashmap::DashMap;
use rustc_hash::{FxBuildHasher, FxHashMap};

use super::{Answer, Choice, Move, Play, PlayKind, SEEN_ENTRY_BYTES, Search, corners_of, zobrist};
use crate::model::Cell;

mod pilot;
mod shared;

/// No line: the bonus tiles owed cannot all be played (R17 = required).
pub(super) const NONE: i64 = -(1 << 40);

/// The table of chain positions searched and the running state of the
/// chain search.
#[derive(Debug, Default)]
pub(super) struct Table {
    /// Per position (placements, count owed, and what the search of it was
    /// restricted to): `value << 1 | exact`, the value exact or an upper
    /// bound.
    entries: Entries,
    /// The most entries the table may hold (the memory limit).
    cap: usize,
    /// The Zobrist key of the placements made since the search began.
    key: u64,
    /// The hand's total weight and size, and how many of its tiles weigh
    /// each weight.
    hand_weight: i64,
    hand_len: i64,
    weights: Vec<u32>,
    /// What the line being searched has scored, its plays (the first ones
    /// as plays, the chain's as moves with their choices), and the best
    /// whole line reached so far: what a search cut short answers.
    score: i64,
    head: Vec<Play>,
    path: Vec<(Move, bool, Option<Choice>)>,
    record: Option<(i64, Vec<Play>)>,
    /// Whether the lines reached are whole turns, reported as found.
    report: bool,
    /// Lists of moves kept for the positions searched next, so that a
    /// position does not allocate its own.
    scratch: Vec<(Move, bool)>,
    spare: Vec<Vec<(bool, i64, Move)>>,
}

/// The entries of a chain table: the search's own, or one table shared by
/// the searches of the threads a search below is shared out over. An entry
/// holds whoever reads it: it is the exact value of a position, or an upper
/// bound on it, and a position is the placements made and the count owed,
/// however they were reached.
#[derive(Debug)]
pub(super) enum Entries {
    Own(FxHashMap<u64, i64>),
    Shared(Arc<DashMap<u64, i64, FxBuildHasher>>),
}

impl Default for Entries {
    fn default() -> Entries {
        Entries::Own(FxHashMap::default())
    }
}

impl Entries {
    fn get(&self, key: u64) -> Option<i64> {
        match self {
            Entries::Own(map) => map.get(&key).copied(),
            Entries::Shared(map) => map.get(&key).map(|entry| *entry),
        }
    }

    /// Stores `entry` at `key` unless the table already holds `cap`
    /// entries and none at `key`.
    fn store(&mut self, key: u64, entry: i64, cap: usize) {
        match self {
            Entries::Own(map) => {
                if map.len() < cap || map.contains_key(&key) {
                    map.insert(key, entry);
                }
            }
            Entries::Shared(map) => {
                if cap == usize::MAX || map.len() < cap || map.contains_key(&key) {
                    map.insert(key, entry);
                }
            }
        }
    }

    /// The table shared: what it holds moves into a table the threads'
    /// searches share, and that is returned to them.
    fn share(&mut self) -> Arc<DashMap<u64, i64, FxBuildHasher>> {
        let shared = match std::mem::take(self) {
            Entries::Own(map) => Arc::new(map.into_iter().collect()),
            Entries::Shared(map) => map,
        };
        *self = Entries::Shared(shared.clone());
        shared
    }
}

/// The key of a count of bonus tiles owed, XORed into the placements' key.
fn owed_key(owed: u8) -> u64 {
    mix(u64::from(owed).wrapping_add(0x2545_F491_4F6C_DD1D))
}

/// The key of a search restricted to what follows a tile placed without a
/// bonus at `cell`.
fn after_key(cell: Cell) -> u64 {
    mix((cell.x as u32 as u64) << 32 ^ (cell.y as u32 as u64) ^ 0x6A09_E667_F3BC_C908)
}

/// The key of a search of lines of tiles that count only their weight.
const TAIL_KEY: u64 = 0xB7E1_5162_8AED_2A6B;

fn mix(x: u64) -> u64 {
    let mut x = x.wrapping_mul(0x9E37_79B9_7F4A_7C15);
    x = (x ^ (x >> 31)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    x ^ (x >> 29)
}

/// Whether `b` is one of the eight cells around `a`: only those see a tile
/// at `a`, so a placement elsewhere is legal, and earns a bonus, the same
/// whether or not `a` holds one.
fn near(a: Cell, b: Cell) -> bool {
    (a.x - b.x).abs() <= 1 && (a.y - b.y).abs() <= 1
}

/// `value + add`, no line staying no line.
fn plus(value: i64, add: i64) -> i64 {
    if value <= NONE { NONE } else { value + add }
}

/// At most how many points of 25 `n` more placements pay with `owed` bonus
/// tiles owed: each takes the tiles, the 25 or nothing, and the tiles are
/// taken at least `(n - owed) / 2` times, so at most `(n + owed) / 2` pay.
fn most_25s(n: i64, owed: i64) -> i64 {
    25 * n.min((n + owed) / 2)
}

/// A line's value `got` where `need` was asked: the best so far when it
/// reaches `need`, else a bound on what was passed over.
fn settle(got: i64, need: i64, best: &mut i64, upper: &mut i64) {
    if got >= need {
        *best = got;
    } else {
        *upper = (*upper).max(got);
    }
}

/// The least `floor` worth asking for: any line at all.
fn at_least(floor: i64) -> i64 {
    floor.max(NONE + 1)
}

/// What a bonus tile's placement leads to.
#[derive(Clone, Copy, Debug)]
enum Next {
    /// Nothing more: the value is final (going out on a bonus).
    Done,
    /// The rest of the chain with this many owed (0: nothing more).
    Owed(u8),
    /// Two more tiles taken at the tile's bonus: this many owed, allowed
    /// only where they can all be played (E14, E6).
    Take(u8),
}

impl Search<'_> {
    /// Starts a chain search from the position as it stands, the line so
    /// far `head` scoring `score`.
    pub(super) fn chain_start(&mut self, head: Vec<Play>, score: i64, report: bool) {
        let hand = self.generator.hand();
        let heaviest = hand.iter().map(|t| usize::from(t.weight())).max().unwrap_or(0);
        let mut weights = vec![0; heaviest + 1];
        for t in &hand {
            if let Some(n) = weights.get_mut(usize::from(t.weight())) {
                *n += 1;
            }
        }
        self.table = Table {
            entries: Entries::default(),
            cap: self.limits.memory.map_or(usize::MAX, |m| usize::try_from(m / SEEN_ENTRY_BYTES).unwrap_or(usize::MAX)),
            key: 0,
            hand_weight: hand.iter().map(|t| i64::from(t.weight())).sum(),
            hand_len: hand.len() as i64,
            weights,
            score,
            head,
            path: Vec::new(),
            record: None,
            report,
            scratch: Vec::new(),
            spare: Vec::new(),
        };
    }

    fn chain_place(&mut self, m: Move) {
        let corners = corners_of(self.variant, m);
        self.generator.place(m.at, corners);
        self.table.key ^= zobrist(m);
        self.table.hand_weight -= i64::from(corners.weight());
        self.table.hand_len -= 1;
        if let Some(n) = self.table.weights.get_mut(usize::from(corners.weight())) {
            *n -= 1;
        }
    }

    fn chain_unplace(&mut self, m: Move) {
        let corners = corners_of(self.variant, m);
        self.generator.unplace(m.at);
        self.table.key ^= zobrist(m);
        self.table.hand_weight += i64::from(corners.weight());
        self.table.hand_len += 1;
        if let Some(n) = self.table.weights.get_mut(usize::from(corners.weight())) {
            *n += 1;
        }
    }

    /// The `k` heaviest hand tiles' total weight.
    fn heaviest(&self, k: u8) -> i64 {
        let mut left = u32::from(k);
        let mut total = 0;
        for (w, &n) in self.table.weights.iter().enumerate().rev() {
            let take = n.min(left);
            total += i64::from(take) * w as i64;
            left -= take;
            if left == 0 {
                break;
            }
        }
        total
    }

    /// A whole line reached: the line so far and `extra` more (the last
    /// play `last`, not placed), kept when it is the best so far.
    fn chain_leaf(&mut self, extra: i64, last: Option<(Move, bool, Option<Choice>)>) {
        let total = self.table.score + extra;
        if self.table.record.as_ref().is_some_and(|r| r.0 >= total) {
            return;
        }
        let mut line = self.table.head.clone();
        for &(m, earns, choice) in self.table.path.iter().chain(last.iter()) {
            let mut play = self.play(m, PlayKind::BonusTile, earns);
            play.choice = choice;
            line.push(play);
        }
        self.table.record = Some((total, line));
        if self.table.report {
            self.limits.found(total);
        }
    }

    /// Looks up a position: its value when the table settles the question
    /// "at least `floor`?".
    fn chain_known(&self, key: u64, floor: i64) -> Option<i64> {
        let entry = self.table.entries.get(key)?;
        let (value, exact) = (entry >> 1, entry & 1 == 1);
        (exact || value < floor).then_some(value)
    }

    fn chain_store(&mut self, key: u64, value: i64, exact: bool) {
        self.table.entries.store(key, value << 1 | i64::from(exact), self.table.cap);
    }

    /// No rest of a chain with `owed` tiles owed scores more: of `p`
    /// placements, each taking the tiles or the 25 or nothing, the tiles are
    /// taken at least `(p - owed) / 2` times, so at most `(p + owed) / 2`
    /// of them pay 25; most with every hand tile placed.
    fn chain_ceiling(&self, owed: u8) -> i64 {
        self.table.hand_weight + most_25s(self.table.hand_len, i64::from(owed))
    }

    /// The bonus tiles' moves in the order the plain search walks them:
    /// heaviest first, ties in the generator's stable order.
    fn chain_moves(&self) -> Vec<Move> {
        let mut moves = self.moves();
        moves.sort_by_cached_key(|&m| std::cmp::Reverse(corners_of(self.variant, m).weight()));
        moves
    }

    /// What placing bonus tile `m` (already placed) with `owed` owed before
    /// it offers: each choice with what it pays now and what follows.
    fn chain_options(&self, earns: bool, owed: u8) -> Vec<(Option<Choice>, i64, Next)> {
        if earns && self.hand_is_empty() {
            // Out on a bonus tile: the round ends, whatever is owed; where
            // each tile must leave the rest playable, only on the last.
            if owed == 1 || !self.follow_up_required() {
                let (points, choice) = self.points_choice();
                return vec![(choice, points, Next::Done)];
            }
            return Vec::new();
        }
        if earns {
            return vec![
                (Some(Choice::Points), 25, Next::Owed(owed - 1)),
                (Some(Choice::Tiles), 0, Next::Take(owed + 1)),
            ];
        }
        vec![(None, 0, Next::Owed(owed - 1))]
    }

    /// The value of what follows, at least `floor`: exact when it is at
    /// least `floor`, else an upper bound below it.
    fn chain_next(&mut self, next: Next, floor: i64) -> i64 {
        match next {
            Next::Done | Next::Owed(0) => {
                self.chain_leaf(0, None);
                0
            }
            Next::Owed(owed) => self.chain_value(owed, floor, None, NONE),
            Next::Take(owed) => {
                if !self.may_take(owed) {
                    return NONE;
                }
                self.chain_value(owed, floor, None, NONE)
            }
        }
    }

    /// The most the rest of a chain with `owed` (at least one) bonus tiles
    /// owed can score, when it is at least `floor`; otherwise an upper
    /// bound below `floor` (`NONE`: no line at all). Nothing it returns
    /// after a limit stopped the search means anything.
    ///
    /// With `after`, the last tile was placed at that cell without a bonus,
    /// and only lines that play next to it, or that only place tiles
    /// without a bonus from now on, are searched: any other line plays
    /// that tile later instead, to the same score (a tile placed away
    /// from the next one, neither seeing the other, can trade places with
    /// it, and the count owed stays at least one in between), so one of
    /// its reorderings is searched.
    fn chain_value(&mut self, owed: u8, floor: i64, after: Option<Cell>, hint: i64) -> i64 {
        let floor = at_least(floor);
        if self.tick() {
            return NONE;
        }
        let key = self.table.key ^ owed_key(owed) ^ after.map_or(0, after_key);
        if let Some(value) = self.chain_known(key, floor) {
            return value;
        }
        let ceiling = self.chain_ceiling(owed);
        if ceiling < floor {
            return ceiling;
        }
        let mut best = NONE;
        let mut upper = NONE;
        if after.is_some() {
            let got = self.chain_tail(owed, floor, hint);
            if self.budget.stopped() {
                return NONE;
            }
            if got >= floor {
                best = got;
            } else {
                upper = got;
            }
        }
        // The generator's own order: the value found does not depend on it.
        // The last tile of the hand may go out anywhere.
        let last = self.table.hand_len == 1;
        // A tile placed without a bonus pays one owed back and earns no 25:
        // where the hand's weight and the 25s that could follow it cannot
        // reach the floor, no such tile is worth weighing or sorting.
        let plain = self.table.hand_weight + most_25s(self.table.hand_len - 1, i64::from(owed) - 1);
        let mut all = std::mem::take(&mut self.table.scratch);
        all.clear();
        let passed = self.generator.legal_moves_marked(after.filter(|_| !last), plain < floor, &mut all);
        if all.is_empty() && !passed && after.is_none() {
            self.table.scratch = all;
            // R17 = not-required: a tile owed with no legal placement is
            // forfeited; required, there is no line.
            if self.follow_up_required() {
                return NONE;
            }
            self.chain_leaf(0, None);
            return 0;
        }
        let mut moves = self.table.spare.pop().unwrap_or_default();
        moves.clear();
        let variant = self.variant;
        moves.extend(all.drain(..).map(|(m, earns)| (earns, i64::from(corners_of(variant, m).weight()), m)));
        self.table.scratch = all;
        if passed {
            upper = upper.max(plain);
        }
        if owed == 1 {
            // The last tile owed: of the tiles without a bonus only the
            // heaviest counts.
            let mut top: Option<(bool, i64, Move)> = None;
            moves.retain(|&(earns, weight, m)| {
                if !earns && top.is_none_or(|t| weight > t.1) {
                    top = Some((earns, weight, m));
                }
                earns
            });
            moves.sort_unstable_by_key(|&(_, weight, _)| std::cmp::Reverse(weight));
            moves.extend(top);
        } else {
            // Bonus-earning tiles first (they keep the chain going and may
            // pay 25), heaviest first: good lines early raise the floor.
            moves.sort_unstable_by_key(|&(earns, weight, _)| (std::cmp::Reverse(earns), std::cmp::Reverse(weight)));
            // A thread helping another with the same first play starts its
            // first bonus tiles half-way down the list, so that the two
            // settle different parts of the table.
            if self.helping && self.table.path.is_empty() {
                let half = moves.len() / 2;
                moves.rotate_left(half);
            }
        }
        // With two owed, the tail after a tile without a bonus is one tile:
        // at least the heaviest move here that it leaves as it is (another
        // tile, away from it), which settles it when no hand tile is heavier.
        let mut heavy: Vec<(i64, Move)> = Vec::new();
        if owed == 2 {
            heavy = moves.iter().map(|&(_, w, m)| (w, m)).collect();
            heavy.sort_unstable_by_key(|&(w, _)| std::cmp::Reverse(w));
        }
        let hint_after = |x: Move| -> i64 {
            let tile = corners_of(variant, x).id();
            heavy
                .iter()
                .find(|&&(_, z)| !near(z.at, x.at) && corners_of(variant, z).id() != tile)
                .map_or(NONE, |&(w, _)| w)
        };
        for &(earns, weight, m) in &moves {
            let need = floor.max(plus(best, 1));
            if !earns && owed == 1 {
                // The last tile owed, no bonus: its weight is all (after a
                // tile without a bonus, the tail counted it already). The
                // moves without a bonus come heaviest first.
                if after.is_none() {
                    self.chain_leaf(weight, Some((m, false, None)));
                    best = best.max(weight);
                }
                break;
            }
            // This tile and the rest of the hand, and the 25s the placements
            // after it can pay.
            let n = self.table.hand_len - 1;
            let rest = |o: i64| most_25s(n, o);
            let bound = if earns {
                self.table.hand_weight + (25 + rest(i64::from(owed) - 1)).max(rest(i64::from(owed) + 1))
            } else {
                plain
            };
            if bound < need {
                upper = upper.max(bound);
                continue;
            }
            if !earns {
                // Settled by the table already: no need to place it.
                let child = self.table.key ^ zobrist(m) ^ owed_key(owed - 1) ^ after_key(m.at);
                if let Some(value) = self.chain_known(child, at_least(need - weight)) {
                    let got = plus(value, weight);
                    settle(got, need, &mut best, &mut upper);
                    continue;
                }
            }
            self.chain_place(m);
            if earns {
                for (choice, pays, next) in self.chain_options(true, owed) {
                    let need = floor.max(plus(best, 1));
                    self.table.path.push((m, true, choice));
                    self.table.score += weight + pays;
                    let got = plus(self.chain_next(next, need - weight - pays), weight + pays);
                    self.table.path.pop();
                    self.table.score -= weight + pays;
                    if self.budget.stopped() {
                        break;
                    }
                    settle(got, need, &mut best, &mut upper);
                }
            } else {
                // Without a bonus (and with tiles still owed after it):
                // what follows starts next to it, or places no bonus.
                self.table.path.push((m, false, None));
                self.table.score += weight;
                let got = plus(self.chain_value(owed - 1, need - weight, Some(m.at), hint_after(m)), weight);
                self.table.path.pop();
                self.table.score -= weight;
                settle(got, need, &mut best, &mut upper);
            }
            self.chain_unplace(m);
            if self.budget.stopped() {
                return NONE;
            }
        }
        self.table.spare.push(moves);
        let (value, exact) = if best >= floor { (best, true) } else { (best.max(upper), false) };
        self.chain_store(key, value, exact);
        value
    }

    /// The most `owed` more placements can score counting only their
    /// weights (a bonus among them taken as its 25 scores more, and ends
    /// the chain no sooner), when it is at least `floor`; otherwise an
    /// upper bound below it, as [`Search::chain_value`].
    fn chain_tail(&mut self, owed: u8, floor: i64, hint: i64) -> i64 {
        if owed == 0 {
            self.chain_leaf(0, None);
            return 0;
        }
        let floor = at_least(floor);
        if self.tick() {
            return NONE;
        }
        let key = self.table.key ^ owed_key(owed) ^ TAIL_KEY;
        if let Some(value) = self.chain_known(key, floor) {
            return value;
        }
        let ceiling = self.heaviest(owed);
        if ceiling < floor || (owed == 1 && hint >= ceiling) {
            return ceiling;
        }
        let mut all = Vec::new();
        self.generator.legal_moves(&mut all);
        let mut moves: Vec<(i64, Move)> =
            all.into_iter().map(|m| (i64::from(corners_of(self.variant, m).weight()), m)).collect();
        if moves.is_empty() {
            if self.follow_up_required() {
                return NONE;
            }
            self.chain_leaf(0, None);
            return 0;
        }
        if owed == 1 {
            // Only the heaviest counts.
            let top = moves.iter().copied().reduce(|a, b| if b.0 > a.0 { b } else { a });
            moves = top.into_iter().collect();
        } else {
            moves.sort_unstable_by_key(|&(weight, _)| std::cmp::Reverse(weight));
        }
        let mut best = NONE;
        let mut upper = NONE;
        for (weight, m) in moves {
            let need = floor.max(plus(best, 1));
            let earns = self.generator.is_bonus(m);
            if owed == 1 {
                if !earns {
                    self.chain_leaf(weight, Some((m, false, None)));
                }
                best = best.max(weight);
                break;
            }
            // The heaviest lines with this tile: no more for the lighter
            // tiles after it.
            let mut bound = weight;
            if let Some(n) = self.table.weights.get_mut(weight as usize) {
                *n -= 1;
                bound += self.heaviest(owed - 1);
                if let Some(n) = self.table.weights.get_mut(weight as usize) {
                    *n += 1;
                }
            }
            if bound < need {
                upper = upper.max(bound);
                break;
            }
            self.chain_place(m);
            let (pays, choice) = if earns { self.points_choice() } else { (0, None) };
            self.table.path.push((m, earns, choice));
            self.table.score += weight + pays;
            let got = plus(self.chain_tail(owed - 1, need - weight, NONE), weight);
            self.table.path.pop();
            self.table.score -= weight + pays;
            self.chain_unplace(m);
            if self.budget.stopped() {
                return NONE;
            }
            settle(got, need, &mut best, &mut upper);
        }
        let (value, exact) = if best >= floor { (best, true) } else { (best.max(upper), false) };
        self.chain_store(key, value, exact);
        value
    }

    /// Whether what follows scores exactly `value` at best (it never scores
    /// more where `value` is what the line needs to reach the best).
    fn chain_reaches(&mut self, next: Next, value: i64) -> bool {
        match next {
            Next::Done | Next::Owed(0) => value == 0,
            _ => self.chain_next(next, value) >= value,
        }
    }

    /// Appends to `out`, up to `cap` lines in all, the lines with `owed`
    /// owed that score exactly `value`, the best there is, each after
    /// `prefix`, in the plain search's order. The budget is held: the
    /// value is known, and reading its lines back is not searching.
    fn chain_lines(&mut self, owed: u8, value: i64, cap: usize, prefix: &mut Vec<Play>, out: &mut Vec<Vec<Play>>) {
        if out.len() >= cap {
            return;
        }
        if owed == 0 {
            if value == 0 {
                out.push(prefix.clone());
            }
            return;
        }
        let moves = self.chain_moves();
        if moves.is_empty() && !self.follow_up_required() {
            if value == 0 {
                out.push(prefix.clone());
            }
            return;
        }
        for m in moves {
            let earns = self.generator.is_bonus(m);
            let mut play = self.play(m, PlayKind::BonusTile, earns);
            if !earns && owed == 1 {
                if play.points == value {
                    prefix.push(play);
                    out.push(prefix.clone());
                    prefix.pop();
                }
            } else {
                self.chain_place(m);
                for (choice, pays, next) in self.chain_options(earns, owed) {
                    let need = value - play.points - pays;
                    if out.len() < cap && self.chain_reaches(next, need) {
                        play.choice = choice;
                        prefix.push(play.clone());
                        match next {
                            Next::Done => out.push(prefix.clone()),
                            Next::Owed(o) | Next::Take(o) => self.chain_lines(o, need, cap, prefix, out),
                        }
                        prefix.pop();
                    }
                }
                self.chain_unplace(m);
            }
            if out.len() >= cap {
                return;
            }
        }
    }

    /// The lines of what follows that reach `value`, up to `cap`, the
    /// budget held while they are read back.
    fn chain_read(&mut self, owed: u8, value: i64, cap: usize, prefix: &mut Vec<Play>) -> Vec<Vec<Play>> {
        let mut out = Vec::new();
        let held = self.budget.hold(true);
        self.chain_lines(owed, value, cap, prefix, &mut out);
        self.budget.hold(held);
        out
    }

    /// The best way to play `owed` bonus tiles from here (taken, where
    /// `take`, only if they can all be played), with its lines (all of
    /// them with `--all`), or `None` when they cannot all be played. Cut
    /// short, the best found.
    pub(super) fn chain_tiles(&mut self, owed: u8, take: bool) -> Option<(i64, Vec<Vec<Play>>)> {
        if owed == 0 {
            return Some((0, vec![Vec::new()]));
        }
        if take && !self.may_take(owed) {
            return None;
        }
        self.chain_start(Vec::new(), 0, false);
        let moves = self.chain_moves();
        if moves.is_empty() && !self.follow_up_required() {
            return Some((0, vec![Vec::new()]));
        }
        let mut best: Option<(i64, Vec<Play>)> = None;
        'moves: for m in moves {
            if self.tick() {
                break;
            }
            let earns = self.generator.is_bonus(m);
            let mut play = self.play(m, PlayKind::BonusTile, earns);
            if !earns && owed == 1 {
                if best.as_ref().is_none_or(|b| play.points > b.0) {
                    best = Some((play.points, vec![play]));
                }
                continue;
            }
            self.chain_place(m);
            for (choice, pays, next) in self.chain_options(earns, owed) {
                let need = best.as_ref().map_or(NONE + 1, |b| b.0 + 1) - play.points - pays;
                self.table.path.push((m, earns, choice));
                self.table.score += play.points + pays;
                let got = self.chain_next(next, need);
                self.table.path.pop();
                self.table.score -= play.points + pays;
                if self.budget.stopped() {
                    self.chain_unplace(m);
                    break 'moves;
                }
                if got > NONE && got >= need {
                    play.choice = choice;
                    let mut prefix = vec![play.clone()];
                    let tail = match next {
                        Next::Done | Next::Owed(0) => vec![prefix],
                        Next::Owed(o) | Next::Take(o) => self.chain_read(o, got, 1, &mut prefix),
                    };
                    if let Some(line) = tail.into_iter().next() {
                        best = Some((play.points + pays + got, line));
                    }
                }
            }
            self.chain_unplace(m);
        }
        if self.budget.stopped() {
            // Cut short: the best line reached, searched to the end or not.
            let best = better(best, self.table.record.take())?;
            return Some((best.0, vec![best.1]));
        }
        let (value, line) = best?;
        if self.cap() == 1 {
            return Some((value, vec![line]));
        }
        let lines = self.chain_read(owed, value, self.cap(), &mut Vec::new());
        Some((value, lines))
    }
}

/// The nodes one probe of the chained turn from above may visit (about two
/// seconds), and all of them together: past either the search goes on
/// from below, the bound proven kept.
const PROBE_NODES: u64 = 1 << 21;
const PROBES_NODES: u64 = 1 << 23;

/// What a probe from above found.
enum Probe {
    /// A turn reaches the bound probed: the best.
    Reached,
    /// None does: a bound below it.
    Below(i64),
    /// Cut short, by its own cut or a limit: nothing known.
    Cut,
}

/// The better of two lines, the first where they score the same.
fn better(a: Option<(i64, Vec<Play>)>, b: Option<(i64, Vec<Play>)>) -> Option<(i64, Vec<Play>)> {
    match (a, b) {
        (Some(a), Some(b)) => Some(if b.0 > a.0 { b } else { a }),
        (a, b) => a.or(b),
    }
}

impl Search<'_> {
    /// The best turn where bonus tiles chain (R8 = yes): the plain search's
    /// walk over first plays, each chain after a first bonus searched by
    /// value against the best turn found so far.
    pub(super) fn best_chained_turn(&mut self) -> Answer {
        self.chain_start(Vec::new(), 0, true);
        let (moves, ceiling, still) = self.first_plays();
        let mut lowest = ceiling;
        // Bounds from above first: that no turn reaches the bound is often
        // quickly proven (every line fails early against the hand's
        // arithmetic), and each such proof brings the bound down, while
        // finding the best line from below can take far longer. A turn
        // found reaching a proven bound is the best there is. Each probe
        // is cut after a number of nodes, not a time, so that the answer
        // and the bounds reported are the same on every run.
        let mut tried = 0;
        let mut reached = false;
        while self.probes && tried < PROBES_NODES {
            let before = self.budget.nodes;
            self.budget.attempt(Some(PROBE_NODES));
            let probe = self.chain_probe(&moves, &still, lowest);
            self.budget.attempt(None);
            tried += self.budget.nodes - before;
            match probe {
                Probe::Cut => break,
                // No turn at all (no first play): the search below says so.
                Probe::Below(bound) if bound <= NONE => break,
                Probe::Below(bound) => {
                    lowest = bound;
                    self.limits.bounded(lowest);
                }
                Probe::Reached => {
                    reached = true;
                    break;
                }
            }
        }
        // Then a good turn found fast, by the pilot: the search below need
        // only reach its score, and, searching every first play, it finds
        // the first turn in its order that does. The pilot's line is
        // printed only when that search is cut short before one.
        let mut seed = None;
        if !reached && !self.budget.stopped() {
            seed = self.pilot_turn(&moves);
            if let Some((value, _)) = &seed {
                self.limits.found(*value);
            }
        }
        let floor = seed.as_ref().map_or(NONE + 1, |s| s.0);
        if reached || floor >= lowest {
            let lines = self.chained_turn_lines(&moves, lowest, self.cap());
            if !lines.is_empty() {
                return self.finish(Some((lowest, lines)));
            }
            // Read back, a turn reaching the bound cannot be missing;
            // should it be, the search below finds it.
        }
        let mut best: Option<(i64, Vec<Play>)> = None;
        // On several threads, the first plays are shared out; the lists of
        // `--all` are read back from one table, so they stay on one.
        let shared = self.limits.threads > 1 && !self.limits.all && seed.is_some();
        if shared {
            let below = self.chain_below_shared(&moves, &still, floor, lowest);
            self.budget.nodes += below.nodes;
            self.budget.why = self.budget.why.or(below.why);
            best = below.best;
            self.table.record = better(self.table.record.take(), below.reached);
            // The first plays before the first one left unfinished were all
            // searched: no turn scores more than the best of them, or than
            // what that one and those after it can reach.
            let known = best.as_ref().map_or(floor, |b| b.0.max(floor));
            lowest = lowest.min(below.unfinished.map_or(known, |most| most.max(known)));
            self.limits.bounded(lowest);
        } else {
            for (&m, still) in moves.iter().zip(still) {
                // However short the time, the turn found places a tile when one
                // can be placed (E8, E9): the pilot's, or the first searched.
                if (best.is_some() || seed.is_some()) && self.tick() {
                    break;
                }
                // The pilot's turn scores `floor`: no turn scores more than it,
                // the best found, or what the first plays left can reach.
                let known = best.as_ref().map_or(floor, |b| b.0.max(floor));
                lowest = lowest.min(still.max(known));
                self.limits.bounded(lowest);
                // A turn at the bound proven from above is the best: the first
                // in this order to reach it is the one printed.
                if known >= lowest {
                    break;
                }
                let need = best.as_ref().map_or(floor, |b| b.0 + 1);
                if let Some(found) = self.chain_first(m, need) {
                    best = Some(found);
                }
                if let Some((value, _)) = &best {
                    self.limits.found(*value);
                }
            }
        }
        let stopped = self.budget.stopped();
        // Searched to the end, the search below always finds a turn at the
        // pilot's score; should it not, the pilot's score is still the best
        // (nothing beats it), and its lines are read back in the search's
        // order.
        let seeded = !stopped && best.is_none() && seed.is_some();
        if stopped {
            // Cut short: the best turn reached, searched to the end or not,
            // or the pilot's.
            best = better(better(best, self.table.record.take()), seed);
        } else if seeded {
            best = seed;
        }
        let all = match &best {
            Some((value, _)) if !stopped && (seeded || self.cap() > 1) => {
                self.chained_turn_lines(&moves, *value, self.cap())
            }
            _ => Vec::new(),
        };
        debug_assert!(!seeded || !all.is_empty(), "the pilot's turn is the best, yet none is read back");
        let best = best.map(|(value, line)| (value, if all.is_empty() { vec![line] } else { all }));
        let mut answer = self.finish(best);
        if stopped {
            answer.bound = Some(lowest.max(answer.score));
        }
        answer
    }

    /// The best turn starting with first play `m` when it scores at least
    /// `need`, the line the plain walk prints among those of its score.
    fn chain_first(&mut self, m: Move, need: i64) -> Option<(i64, Vec<Play>)> {
        let bonus = self.generator.is_bonus(m);
        let mut first = self.play(m, PlayKind::Turn, bonus);
        if !bonus {
            return (first.points >= need).then(|| (first.points, vec![first]));
        }
        let mut best: Option<(i64, Vec<Play>)> = None;
        self.chain_place(m);
        // Going out on a bonus: the 25 is all there is (E6), and where R18
        // does not pay it there is no choice at all.
        let (points, choice) = self.points_choice();
        first.choice = choice;
        if first.points + points >= need {
            best = Some((first.points + points, vec![first.clone()]));
        }
        if !self.hand_is_empty() {
            let need = best.as_ref().map_or(need, |b| b.0 + 1) - first.points;
            let got = self.chain_after_first(&first, need);
            if !self.budget.stopped() && got > NONE && got >= need {
                first.choice = Some(Choice::Tiles);
                let mut prefix = vec![first.clone()];
                if let Some(line) = self.chain_read(2, got, 1, &mut prefix).into_iter().next() {
                    best = Some((first.points + got, line));
                }
            }
        }
        self.chain_unplace(m);
        best
    }

    /// The chain after first play `first` (placed, a bonus) takes two
    /// tiles, at least `need`: as [`Search::chain_value`], the lines it
    /// reaches recorded after `first`.
    fn chain_after_first(&mut self, first: &Play, need: i64) -> i64 {
        let mut head = first.clone();
        head.choice = Some(Choice::Tiles);
        self.table.head = vec![head];
        self.table.score = first.points;
        self.chain_next(Next::Take(2), need)
    }

    /// Whether any turn reaches `bound`, known to be at least the best:
    /// if one does it is the best; if none does, a bound below it. First
    /// plays come as `moves` lists them, `still` the most any of them
    /// and those after it can score.
    fn chain_probe(&mut self, moves: &[Move], still: &[i64], bound: i64) -> Probe {
        let mut below = NONE;
        for (&m, &still) in moves.iter().zip(still) {
            if still < bound {
                below = below.max(still);
                break;
            }
            let bonus = self.generator.is_bonus(m);
            let first = self.play(m, PlayKind::Turn, bonus);
            if !bonus {
                if first.points >= bound {
                    return Probe::Reached;
                }
                below = below.max(first.points);
                continue;
            }
            self.chain_place(m);
            let (points, _) = self.points_choice();
            let mut got = first.points + points;
            if got < bound && !self.hand_is_empty() {
                got = got.max(plus(self.chain_after_first(&first, bound - first.points), first.points));
            }
            self.chain_unplace(m);
            if self.budget.stopped() {
                return Probe::Cut;
            }
            if got >= bound {
                return Probe::Reached;
            }
            below = below.max(got);
        }
        Probe::Below(below)
    }

    /// Every turn scoring `value`, the best, up to `cap`, in the plain
    /// search's order: first plays as `moves` lists them, the 25 before the
    /// tiles.
    fn chained_turn_lines(&mut self, moves: &[Move], value: i64, cap: usize) -> Vec<Vec<Play>> {
        let mut out: Vec<Vec<Play>> = Vec::new();
        let held = self.budget.hold(true);
        for &m in moves {
            if out.len() >= cap {
                break;
            }
            let bonus = self.generator.is_bonus(m);
            let mut first = self.play(m, PlayKind::Turn, bonus);
            if !bonus {
                if first.points == value {
                    out.push(vec![first]);
                }
                continue;
            }
            self.chain_place(m);
            let (points, choice) = self.points_choice();
            first.choice = choice;
            if first.points + points == value {
                out.push(vec![first.clone()]);
            }
            let need = value - first.points;
            if out.len() < cap && !self.hand_is_empty() && self.chain_reaches(Next::Take(2), need) {
                first.choice = Some(Choice::Tiles);
                let mut prefix = vec![first.clone()];
                self.chain_lines(2, need, cap, &mut prefix, &mut out);
            }
            self.chain_unplace(m);
        }
        self.budget.hold(held);
        out
    }
}
