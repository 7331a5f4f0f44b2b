//! The pattern tables' verdict on one placement, without a generator.

use super::pattern::{Counting, key_of, tally_of};
use crate::model::{Board, Cell, Corners, Direction};
use crate::rules::variant::Variant;

/// The verdict of the pattern tables on one placement, without reasons:
/// `None` when the rules refuse it, else whether it earns the bonus choice.
/// The tile on `cell` itself, if any, is ignored (the placement is judged
/// as if made last); the hand is not consulted. It is the rule
/// [`judge`](fn@crate::rules::judge) applies (both go through
/// [`Tally`](crate::rules::Tally)), for searches that judge placements by
/// the million.
pub fn quick_judge(variant: &Variant, board: &Board, cell: Cell, corners: Corners) -> Option<bool> {
    quick_judge_with(variant, cell, corners, |c| board.get(c))
}

/// [`quick_judge`] on a board given as a lookup from cell to tile.
#[inline]
pub fn quick_judge_with(
    variant: &Variant,
    cell: Cell,
    corners: Corners,
    tile_at: impl Fn(Cell) -> Option<Corners>,
) -> Option<bool> {
    variant.orientations().index(corners)?;
    let counting = Counting::of(variant);
    let mut raw = 0;
    let mut side = false;
    for dir in Direction::ALL {
        if let Some(t) = tile_at(cell.neighbour(dir)) {
            side |= dir.is_edge();
            raw = counting.with_neighbour(raw, dir, t);
        }
    }
    if !side {
        return None;
    }
    let tally = tally_of(key_of(variant, raw), corners);
    tally.legal(variant).then(|| tally.bonus(variant))
}
