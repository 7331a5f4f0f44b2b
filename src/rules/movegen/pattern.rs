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
use crate::rules::reading::{BonusCount, CornerMatch, WeightNeighbours};
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

/// The pattern key of an empty cell from what it sees: 9 bits per corner
/// (the values that would match there, bits 0–5; touched, bit 6; and, where
/// the bonus counts neighbouring values (R26), bits 7–8 for the value that
/// more than one neighbour shows there), then from bit [`WEIGHTS_AT`] the
/// mask of counting neighbour weights where R5 applies. A raw view holds no
/// multiplicities: where R26 = values, key a cell with [`key_around`].
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
        key |= byte << (CORNER_BITS * i);
    }
    if rules.equal_weight.yes() {
        key |= (raw >> 24) << WEIGHTS_AT;
    }
    key
}

/// The pattern key of an empty cell from its neighbours' tiles, each with
/// its direction: [`key_of`] of their raw view, or, where the bonus counts
/// neighbouring values (R26), the key stepped one neighbour at a time, as
/// the generator's transitions step it, for the raw view cannot tell one
/// neighbour showing a value from three.
#[inline]
pub(super) fn key_around(variant: &Variant, neighbours: impl IntoIterator<Item = (Direction, Corners)>) -> u64 {
    let counting = Counting::of(variant);
    let rules = variant.rules();
    if rules.bonus_count == BonusCount::Corners {
        let raw = neighbours.into_iter().fold(0, |raw, (dir, t)| counting.with_neighbour(raw, dir, t));
        return key_of(variant, raw);
    }
    neighbours.into_iter().fold(0, |mut key, (dir, t)| {
        let edge = dir.is_edge();
        if edge || counting.diagonal {
            let code = dir.shared_corners().iter().fold(0u8, |code, &(_, theirs)| code * 6 + t.at(theirs));
            key = key_with_corners(rules.corner_match, true, key, dir, code);
        }
        if counting.equal_weight && (edge || counting.weight_diagonal) {
            key |= 1 << (WEIGHTS_AT + u32::from(t.weight()));
        }
        key
    })
}

/// The shared table of a pattern, computed on first use.
pub(super) fn shared_table(variant: &Variant, key: u64) -> Arc<Table> {
    variant.table_cache().get_or_compute(key, || compute_table(variant, key))
}

/// Bit 6 of a corner's byte: the corner touches a counting neighbour; bits
/// 0–5: the values that would match there.
const TOUCHED: u64 = 1 << 6;

/// Bits per corner in a pattern key.
const CORNER_BITS: usize = 9;

/// A corner's bits in a pattern key.
const CORNER_MASK: u64 = (1 << CORNER_BITS) - 1;

/// Where the weights of the counting neighbours start in a pattern key.
pub(super) const WEIGHTS_AT: u32 = 4 * CORNER_BITS as u32;

/// Bits 7–8 of a corner's byte, where the bonus counts neighbouring values
/// (R26): with one value matchable there, how many more neighbours than
/// one show it (0 to 2); with two, which of them two neighbours show (0
/// neither, 1 the lower, 2 the higher). A point has three neighbours, so
/// at most one value is shown twice.
const REPEAT_AT: u32 = 7;

/// The matched neighbouring values a corner of value `v` counts on a point
/// whose byte is `byte`, where `v` matches there.
#[inline]
fn values_counted(byte: u64, v: u8) -> u8 {
    let mask = byte & 0x3f;
    let repeat = byte >> REPEAT_AT & 3;
    let more = match mask.count_ones() {
        1 => repeat,
        2 if repeat == 1 && u32::from(v) == mask.trailing_zeros() => 1,
        2 if repeat == 2 && u32::from(v) == 63 - mask.leading_zeros() => 1,
        _ => 0,
    };
    1 + more as u8
}

/// Pattern key `key` with one more value `v` on corner `mine`'s lattice
/// point: what [`key_of`] gives for the raw view with that value added (and,
/// with `count_values`, how many neighbours show each value, R26).
#[inline]
fn key_with_value(rule: CornerMatch, count_values: bool, key: u64, mine: Corner, v: u8) -> u64 {
    let shift = CORNER_BITS * mine.index();
    let byte = key >> shift & CORNER_MASK;
    let value = 1u64 << v;
    let mask = byte & 0x3f;
    let repeat = byte >> REPEAT_AT & 3;
    let new = if byte & TOUCHED == 0 {
        TOUCHED | value
    } else {
        match rule {
            // One value seen stays matchable only when it is this value.
            CornerMatch::EveryValue if mask == value && count_values => {
                TOUCHED | value | (repeat + 1).min(2) << REPEAT_AT
            }
            CornerMatch::EveryValue if byte == TOUCHED | value => byte,
            CornerMatch::EveryValue => TOUCHED,
            CornerMatch::AtLeastOne if !count_values => byte | value,
            CornerMatch::AtLeastOne => {
                let repeat = match (mask & value != 0, mask.count_ones()) {
                    // The one value seen, once more.
                    (true, 1) => (repeat + 1).min(2),
                    // One of two values seen, now twice.
                    (true, _) if value == 1 << mask.trailing_zeros() => 1,
                    (true, _) => 2,
                    // A second value beside one seen twice.
                    (false, 1) if repeat > 0 => {
                        if mask < value {
                            1
                        } else {
                            2
                        }
                    }
                    (false, _) => 0,
                };
                TOUCHED | mask | value | repeat << REPEAT_AT
            }
        }
    };
    key & !(CORNER_MASK << shift) | new << shift
}

/// Pattern key `key` with the corners of a neighbour in direction `dir`
/// added, the shared values given by their code (see [`Seen`]).
pub(super) fn key_with_corners(rule: CornerMatch, count_values: bool, key: u64, dir: Direction, code: u8) -> u64 {
    let step = |key, mine, v| key_with_value(rule, count_values, key, mine, v);
    match dir.shared_corners() {
        [(a, _), (b, _)] => step(step(key, *a, code / 6), *b, code % 6),
        [(a, _)] => step(key, *a, code),
        _ => key,
    }
}

/// What the rules count of `corners` placed into pattern `key`.
#[inline]
pub(super) fn tally_of(key: u64, corners: Corners) -> Tally {
    let byte = |i: usize| key >> (CORNER_BITS * i) & CORNER_MASK;
    let touching = (0..4).filter(|&i| byte(i) & TOUCHED != 0).count() as u8;
    let (mut matched, mut values) = (0, 0);
    for c in Corner::ALL {
        let (b, v) = (byte(c.index()), corners.at(c));
        if b & (1 << v) != 0 {
            matched += 1;
            values += values_counted(b, v);
        }
    }
    Tally { touching, matched, values, equal_weight: key >> (WEIGHTS_AT + u32::from(corners.weight())) & 1 != 0 }
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
            let count_values = v.rules().bonus_count == BonusCount::Values;
            let all = v.orientations().all();
            for (i, &a) in all.iter().enumerate().step_by(7) {
                for (da, db) in
                    [(Direction::N, Direction::E), (Direction::NE, Direction::S), (Direction::W, Direction::NW)]
                {
                    let b = all[(i * 13 + 5) % all.len()];
                    let c = all[(i * 31 + 11) % all.len()];
                    let raw = counting.with_neighbour(counting.with_neighbour(0, da, a), db, b);
                    for dir in Direction::ALL {
                        let expected = key_around(&v, [(da, a), (db, b), (dir, c)]);
                        if !count_values {
                            assert_eq!(expected, key_of(&v, counting.with_neighbour(raw, dir, c)));
                        }
                        let seen = Seen::of(c).unwrap();
                        let code = (usize::from(seen.slots[dir as usize]) - first_slot(dir)) as u8;
                        let mut key = key_around(&v, [(da, a), (db, b)]);
                        if dir.is_edge() || counting.diagonal {
                            key = key_with_corners(rule, count_values, key, dir, code);
                        }
                        if counting.equal_weight && (dir.is_edge() || counting.weight_diagonal) {
                            key |= 1 << (WEIGHTS_AT + u32::from(seen.weight));
                        }
                        assert_eq!(key, expected, "{}: {a:?} {da:?}, {b:?} {db:?}, then {c:?} {dir:?}", v.label());
                    }
                }
            }
        }
    }
}
