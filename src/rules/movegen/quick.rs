//! The pattern tables' verdict on one placement, without a generator.

use super::pattern::{key_around, tally_of};
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
    let neighbours = Direction::ALL.map(|dir| (dir, tile_at(cell.neighbour(dir))));
    if !neighbours.iter().any(|(dir, t)| dir.is_edge() && t.is_some()) {
        return None;
    }
    let key = key_around(variant, neighbours.into_iter().filter_map(|(d, t)| Some((d, t?))));
    let tally = tally_of(key, corners);
    tally.legal(variant).then(|| tally.bonus(variant))
}
