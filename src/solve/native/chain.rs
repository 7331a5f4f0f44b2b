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
//! Its parts share one table (its entries the search's own, or shared by
//! the threads of a search shared out) and one running line, kept on the
//! search by `chain_place` and `chain_unplace`, both here: the value search
//! and the tail of weights it bounds a line with ([`value`]), the read-back
//! of lines and the bonus tiles after one bonus ([`lines`]), the whole turn
//! with its probes from above ([`turn`]), the pilot that finds a good turn
//! fast ([`pilot`]) and the search below shared out over threads
//! ([`shared`]).

use super::memo::Memo;
use super::{Choice, Move, Play, PlayKind, Search, corners_of, zobrist};
use crate::model::Cell;
use crate::rules::PlayScore;

mod lines;
mod pilot;
mod shared;
mod turn;
mod value;

/// The fewest threads a chained turn's search below is shared out over.
/// On two, the shared search lost to one thread's: the threads search with
/// one table behind a lock where one thread's own is a plain map, a thread
/// helping another repeats part of its walk, and a thread starting a first
/// play before the best turn of an earlier one is known searches with a
/// weaker floor (on the 12-tile turn of the hard bench, two threads on two
/// cores visited 4% more nodes for half again the CPU time and a slower
/// wall time). Below this many threads the search stays on one, so that
/// asking for more threads is never slower than one.
pub(super) const SHARE_FROM: usize = 3;

/// No line: the bonus tiles owed cannot all be played (R17 = required).
pub(super) const NONE: i64 = -(1 << 40);

/// The table of chain positions searched and the running state of the
/// chain search.
#[derive(Debug, Default)]
pub(super) struct Table {
    /// Per position (placements, count owed, and what the search of it was
    /// restricted to): `value << 1 | exact`, the value exact or an upper
    /// bound. Its entries are the search's own, or one table shared by the
    /// searches of the threads a search below is shared out over: an entry
    /// holds whoever reads it, the exact value of a position or an upper
    /// bound on it, and a position is the placements made and the count
    /// owed, however they were reached.
    entries: Memo,
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
    /// How many bonus tiles the table settled below the need unplaced,
    /// both choices at once: the tests see that those cuts are made.
    pub(super) unplaced: u64,
    /// Whether the search is guessing (see `guess_turn`): its values are
    /// then no bounds, and its table is one of its own, thrown away after.
    guess: bool,
    /// How many positions the guess passed over: the tests see that it
    /// does.
    pub(super) guessed: u64,
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

/// The better of two lines, the first where they score the same.
fn better(a: Option<(i64, Vec<Play>)>, b: Option<(i64, Vec<Play>)>) -> Option<(i64, Vec<Play>)> {
    match (a, b) {
        (Some(a), Some(b)) => Some(if b.0 > a.0 { b } else { a }),
        (a, b) => a.or(b),
    }
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
    /// What a bonus tile of this weight scores (R9): its weight, or nothing
    /// where only the opening tile scores. Every weight the chain search
    /// counts, bounds with or sorts by goes through here, so that its
    /// bounds and its values agree.
    pub(super) fn scored(&self, weight: u8) -> u8 {
        if self.variant.rules().play_score == PlayScore::OpeningOnly { 0 } else { weight }
    }

    /// Starts a chain search from the position as it stands, the line so
    /// far `head` scoring `score`.
    pub(super) fn chain_start(&mut self, head: Vec<Play>, score: i64, report: bool) {
        let hand = self.generator.hand();
        let heaviest = hand.iter().map(|t| usize::from(self.scored(t.weight()))).max().unwrap_or(0);
        let mut weights = vec![0; heaviest + 1];
        for t in &hand {
            if let Some(n) = weights.get_mut(usize::from(self.scored(t.weight()))) {
                *n += 1;
            }
        }
        self.table = Table {
            entries: Memo::new(self.limits.memory),
            key: 0,
            hand_weight: hand.iter().map(|t| i64::from(self.scored(t.weight()))).sum(),
            hand_len: hand.len() as i64,
            weights,
            score,
            head,
            path: Vec::new(),
            record: None,
            report,
            scratch: Vec::new(),
            spare: Vec::new(),
            unplaced: 0,
            guess: false,
            guessed: 0,
        };
    }

    fn chain_place(&mut self, m: Move) {
        let corners = corners_of(self.variant, m);
        self.generator.place(m.at, corners);
        self.table.key ^= zobrist(m);
        let value = self.scored(corners.weight());
        self.table.hand_weight -= i64::from(value);
        self.table.hand_len -= 1;
        if let Some(n) = self.table.weights.get_mut(usize::from(value)) {
            *n -= 1;
        }
    }

    fn chain_unplace(&mut self, m: Move) {
        let corners = corners_of(self.variant, m);
        self.generator.unplace(m.at);
        self.table.key ^= zobrist(m);
        let value = self.scored(corners.weight());
        self.table.hand_weight += i64::from(value);
        self.table.hand_len += 1;
        if let Some(n) = self.table.weights.get_mut(usize::from(value)) {
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
        self.table.entries.store(key, value << 1 | i64::from(exact));
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
        moves.sort_by_cached_key(|&m| std::cmp::Reverse(self.scored(corners_of(self.variant, m).weight())));
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
}
