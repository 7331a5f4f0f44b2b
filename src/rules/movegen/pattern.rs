//! Patterns: what an empty cell sees of its neighbours, its pattern key,
//! how a key steps when one more neighbour arrives, and the table of legal
//! and bonus orientations a key gives, computed once per variant.
//!
//! A key is a function of the rules alone; the stepped key must equal the
//! key of the view with the neighbour added (the test below pins it), for
//! the generator memoises steps instead of keying views again.

// Indexing here cannot panic on input: a table's words are sized from the orientation table it is computed over; none comes from a file.
#![allow(clippy::indexing_slicing)]

use std::sync::Arc;

use crate::model::{Corner, Corners, Direction, MAX_VALUE};
use crate::rules::judge::Tally;
use crate::rules::reading::{CornerMatch, WeightNeighbours};
use crate::rules::table_cache::Table;
use crate::rules::variant::Variant;

/// No table, no slot, no local bit: the one sentinel of every index the
/// generator keeps (grid, open cells, local bits, memoised transitions).
pub(super) const NONE: u32 = u32::MAX;

/// Transition slots of a table for a neighbour's corners: per direction, the
/// code of the values on the shared corners (two values below 6 on an edge:
/// 36 codes, one on a diagonal: 6).
pub(super) const CORNER_SLOTS: usize = 4 * 36 + 4 * 6;

/// The first transition slot of direction `dir`.
pub(super) const fn first_slot(dir: Direction) -> usize {
    if dir.is_edge() { dir as usize / 2 * 36 } else { 4 * 36 + dir as usize / 2 * 6 }
}
/// Transition slots of a table for a neighbour's weight (0 to 20).
pub(super) const WEIGHT_SLOTS: usize = 21;

/// What one neighbour tile adds to an empty cell's pattern, seen from that
/// cell: for each direction the tile may lie in, the transition slot (the
/// direction and the code of the values on the shared corners: two values
/// below 6 on an edge, one on a diagonal), and the weight.
#[derive(Clone, Copy, Debug, Default)]
pub(super) struct Seen {
    pub(super) slots: [u16; 8],
    pub(super) weight: u8,
}

impl Seen {
    /// `corners` seen from a cell that has it in direction `dir` (for each
    /// `dir`), or `None` for values outside 0–5.
    #[inline]
    pub(super) fn of(corners: Corners) -> Option<Seen> {
        let mut slots = [0u16; 8];
        for (slot, dir) in slots.iter_mut().zip(Direction::ALL) {
            let mut code = 0;
            for &(_, theirs) in dir.shared_corners() {
                let v = corners.at(theirs);
                if v > MAX_VALUE {
                    return None;
                }
                code = code * 6 + u16::from(v);
            }
            *slot = first_slot(dir) as u16 + code;
        }
        Some(Seen { slots, weight: corners.weight() })
    }
}

/// Which diagonal neighbours count: for corners (R4) and for weights (R6).
#[derive(Clone, Copy, Debug)]
pub(super) struct Counting {
    pub(super) diagonal: bool,
    pub(super) weight_diagonal: bool,
    /// R5: equal weight is an alternative to matching.
    pub(super) equal_weight: bool,
}

impl Counting {
    #[inline]
    pub(super) fn of(variant: &Variant) -> Counting {
        let rules = variant.rules();
        Counting {
            diagonal: rules.diagonal_neighbours.yes(),
            weight_diagonal: rules.equal_weight_neighbours == WeightNeighbours::EdgeAndDiagonal,
            equal_weight: rules.equal_weight.yes(),
        }
    }

    /// What an empty cell sees (bits `6 i .. 6 i + 6`: the values on corner
    /// `i`'s lattice point, R4; bits 24 and up: the weights of the
    /// neighbours that count for R5, R6), with one more neighbour `t` in
    /// direction `dir`. A corner touches exactly when it sees a value.
    #[inline]
    pub(super) fn with_neighbour(self, mut raw: u64, dir: Direction, t: Corners) -> u64 {
        let edge = dir.is_edge();
        if edge || self.diagonal {
            for &(mine, theirs) in dir.shared_corners() {
                raw |= 1 << (6 * mine.index() + usize::from(t.at(theirs)));
            }
        }
        if edge || self.weight_diagonal {
            raw |= 1 << (24 + u32::from(t.weight()));
        }
        raw
    }
}

/// The pattern key of an empty cell from what it sees: 7 bits per corner
/// (touched, and the mask of values that would match there), then the mask
/// of counting neighbour weights where R5 applies.
#[inline]
pub(super) fn key_of(variant: &Variant, raw: u64) -> u64 {
    let rules = variant.rules();
    let mut key = 0u64;
    for i in 0..4 {
        let seen = raw >> (6 * i) & 0x3f;
        let mask = match rules.corner_match {
            CornerMatch::AtLeastOne => seen,
            // Every value must agree: only possible when one value is there.
            CornerMatch::EveryValue if seen.count_ones() == 1 => seen,
            CornerMatch::EveryValue => 0,
        };
        let byte = if seen != 0 { TOUCHED | mask } else { 0 };
        key |= byte << (7 * i);
    }
    if rules.equal_weight.yes() {
        key |= (raw >> 24) << 28;
    }
    key
}

/// The shared table of a pattern, computed on first use.
pub(super) fn shared_table(variant: &Variant, key: u64) -> Arc<Table> {
    variant.table_cache().get_or_compute(key, || compute_table(variant, key))
}

/// Bit 6 of a corner's byte: the corner touches a counting neighbour; bits
/// 0–5: the values that would match there.
const TOUCHED: u64 = 1 << 6;

/// Pattern key `key` with one more value `v` on corner `mine`'s lattice
/// point: what [`key_of`] gives for the raw view with that value added.
#[inline]
fn key_with_value(rule: CornerMatch, key: u64, mine: Corner, v: u8) -> u64 {
    let shift = 7 * mine.index();
    let byte = key >> shift & 0x7f;
    let value = 1u64 << v;
    let new = if byte & TOUCHED == 0 {
        TOUCHED | value
    } else {
        match rule {
            CornerMatch::AtLeastOne => byte | value,
            // One value seen stays matchable only when it is this value.
            CornerMatch::EveryValue if byte == TOUCHED | value => byte,
            CornerMatch::EveryValue => TOUCHED,
        }
    };
    key & !(0x7f << shift) | new << shift
}

/// Pattern key `key` with the corners of a neighbour in direction `dir`
/// added, the shared values given by their code (see [`Seen`]).
pub(super) fn key_with_corners(rule: CornerMatch, key: u64, dir: Direction, code: u8) -> u64 {
    match dir.shared_corners() {
        [(a, _), (b, _)] => key_with_value(rule, key_with_value(rule, key, *a, code / 6), *b, code % 6),
        [(a, _)] => key_with_value(rule, key, *a, code),
        _ => key,
    }
}

/// What the rules count of `corners` placed into pattern `key`.
#[inline]
pub(super) fn tally_of(key: u64, corners: Corners) -> Tally {
    let touching = (0..4).filter(|i| key >> (7 * i) & TOUCHED != 0).count() as u8;
    let matched = Corner::ALL.iter().filter(|c| key >> (7 * c.index()) & (1 << corners.at(**c)) != 0).count() as u8;
    Tally { touching, matched, equal_weight: key >> (28 + u32::from(corners.weight())) & 1 != 0 }
}

/// The legal and bonus orientations of a pattern, each judged by [`Tally`],
/// the rule the judge applies too.
fn compute_table(variant: &Variant, key: u64) -> Table {
    let words = variant.orientations().len().div_ceil(64);
    let mut legal = vec![0u64; words].into_boxed_slice();
    let mut bonus = vec![0u64; words].into_boxed_slice();
    for (k, &corners) in variant.orientations().all().iter().enumerate() {
        let tally = tally_of(key, corners);
        if tally.legal(variant) {
            legal[k / 64] |= 1 << (k % 64);
            if tally.bonus(variant) {
                bonus[k / 64] |= 1 << (k % 64);
            }
        }
    }
    Table { legal, bonus }
}

/// Whether orientation `k` is in `bits`, a bitset over the variant's
/// orientations.
#[inline]
pub(super) fn bit(bits: &[u64], k: usize) -> bool {
    bits.get(k / 64).is_some_and(|w| w >> (k % 64) & 1 != 0)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::movegen::tests::variants;

    /// Stepping a pattern key by one more neighbour (what the memoised
    /// transitions do) gives the key of the raw view with that neighbour:
    /// every subset of up to three neighbours around a cell, in every
    /// order they could arrive.
    #[test]
    fn stepping_a_key_equals_keying_the_view_with_one_more_neighbour() {
        for v in variants() {
            let counting = Counting::of(&v);
            let rule = v.rules().corner_match;
            let all = v.orientations().all();
            for (i, &a) in all.iter().enumerate().step_by(7) {
                for (da, db) in
                    [(Direction::N, Direction::E), (Direction::NE, Direction::S), (Direction::W, Direction::NW)]
                {
                    let b = all[(i * 13 + 5) % all.len()];
                    let c = all[(i * 31 + 11) % all.len()];
                    let raw = counting.with_neighbour(counting.with_neighbour(0, da, a), db, b);
                    for dir in Direction::ALL {
                        let expected = key_of(&v, counting.with_neighbour(raw, dir, c));
                        let seen = Seen::of(c).unwrap();
                        let code = (usize::from(seen.slots[dir as usize]) - first_slot(dir)) as u8;
                        let mut key = key_of(&v, raw);
                        if dir.is_edge() || counting.diagonal {
                            key = key_with_corners(rule, key, dir, code);
                        }
                        if counting.equal_weight && (dir.is_edge() || counting.weight_diagonal) {
                            key |= 1 << (28 + u32::from(seen.weight));
                        }
                        assert_eq!(key, expected, "{}: {a:?} {da:?}, {b:?} {db:?}, then {c:?} {dir:?}", v.label());
                    }
                }
            }
        }
    }
}
