//! Which orientations of each tile may be played (R1), numbered densely so
//! that the move generator can keep sets of them as bitsets.

// Indexing here cannot panic on input: orientation indices come from the table built from the tile set here.
#![allow(clippy::indexing_slicing)]

use super::reading::Arrangement;
use crate::model::{Corners, TileId, TileSet};

/// Every playable (tile, corners) pair of a tile set under one arrangement
/// reading, ordered by tile id and then by corners.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Orientations {
    list: Vec<Corners>,
    /// `first[i]..first[i + 1]` are the orientations of the set's i-th tile.
    first: Vec<u16>,
    /// Orientation index by the code of its corners, or `NONE`.
    by_corners: Vec<u16>,
    /// The set's index of each orientation's tile.
    tile_of: Vec<u16>,
}

const NONE: u16 = u16::MAX;

fn code(c: Corners) -> usize {
    c.0.iter().fold(0, |acc, &v| acc * 6 + usize::from(v))
}

impl Arrangement {
    /// The corners `tile` may be placed with under this reading, given the
    /// arrangement the set prints on it; ascending, each once.
    pub fn orientations(self, printed: Corners) -> Vec<Corners> {
        let [a, b, c, d] = printed.id().values();
        let mut all = match self {
            Arrangement::AscendingClockwise => Corners([a, b, c, d]).rotations(),
            Arrangement::AscendingCounterClockwise => Corners([a, d, c, b]).rotations(),
            Arrangement::AnyOrder => printed.id().permutations(),
            Arrangement::TileSetFile => printed.rotations(),
        };
        all.sort_unstable();
        all.dedup();
        all
    }
}

impl Orientations {
    /// The orientations of every tile in `set` under `arrangement`.
    pub fn new(set: &TileSet, arrangement: Arrangement) -> Orientations {
        let mut list = Vec::new();
        let mut first = Vec::with_capacity(set.len() + 1);
        let mut by_corners = vec![NONE; 6 * 6 * 6 * 6];
        let mut tile_of = Vec::new();
        for (t, (_, printed)) in set.tiles().enumerate() {
            first.push(list.len() as u16);
            for c in arrangement.orientations(printed) {
                by_corners[code(c)] = list.len() as u16;
                list.push(c);
                tile_of.push(t as u16);
            }
        }
        first.push(list.len() as u16);
        Orientations { list, first, by_corners, tile_of }
    }

    /// How many (tile, corners) pairs there are.
    pub fn len(&self) -> usize {
        self.list.len()
    }

    /// True when there are none.
    pub fn is_empty(&self) -> bool {
        self.list.is_empty()
    }

    /// The corners of orientation `index`.
    pub fn corners(&self, index: usize) -> Corners {
        self.list[index]
    }

    /// All orientations in index order.
    pub fn all(&self) -> &[Corners] {
        &self.list
    }

    /// The index of these corners, when they are a playable orientation.
    pub fn index(&self, corners: Corners) -> Option<usize> {
        let i = self.by_corners[code(corners)];
        (i != NONE).then_some(usize::from(i))
    }

    /// The set's index of orientation `index`'s tile (the `tile_index` of
    /// [`Orientations::range_of`]).
    pub fn tile_index(&self, index: usize) -> usize {
        usize::from(self.tile_of[index])
    }

    /// The index range of the orientations of the set's `tile_index`-th tile.
    pub fn range_of(&self, tile_index: usize) -> std::ops::Range<usize> {
        usize::from(self.first[tile_index])..usize::from(self.first[tile_index + 1])
    }

    /// The corners `tile` may be placed with, given the set it belongs to.
    pub fn of(&self, set: &TileSet, tile: TileId) -> &[Corners] {
        match set.index(tile) {
            Some(i) => &self.list[self.range_of(i)],
            None => &[],
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn count(set: &TileSet, a: Arrangement) -> usize {
        Orientations::new(set, a).len()
    }

    #[test]
    fn orientation_counts_per_arrangement_reading() {
        let full = TileSet::full();
        // Ascending either way: quads have 1 rotation, the rest 4 (an
        // ascending arrangement is never a-b-a-b): 6 quads, 119 others.
        assert_eq!(count(&full, Arrangement::AscendingClockwise), 6 + 119 * 4);
        assert_eq!(count(&full, Arrangement::AscendingCounterClockwise), 6 + 119 * 4);
        assert_eq!(count(&full, Arrangement::TileSetFile), 6 + 119 * 4);
        // Any order: the distinct permutations of each multiset. Multisets of
        // 4 from 6 values by shape: aaaa 6 (1 each), aaab 30 (4), aabb 15 (6),
        // aabc 60 (12), abcd 15 (24); 0-2-4-5 (abcd) is missing.
        assert_eq!(count(&full, Arrangement::AnyOrder), 6 + 30 * 4 + 15 * 6 + 60 * 12 + 14 * 24);
        let beginner = TileSet::beginner();
        // Five values: aaaa 5, aaab 20, aabb 10, aabc 30, abcd 5.
        assert_eq!(count(&beginner, Arrangement::AnyOrder), 5 + 20 * 4 + 10 * 6 + 30 * 12 + 5 * 24);
    }

    #[test]
    fn counter_clockwise_mirrors_the_printed_order() {
        let full = TileSet::full();
        let cw = Orientations::new(&full, Arrangement::AscendingClockwise);
        let ccw = Orientations::new(&full, Arrangement::AscendingCounterClockwise);
        let id: TileId = "0-1-2-3".parse().unwrap();
        assert!(cw.of(&full, id).contains(&Corners([0, 1, 2, 3])));
        assert!(!cw.of(&full, id).contains(&Corners([0, 3, 2, 1])));
        assert!(ccw.of(&full, id).contains(&Corners([0, 3, 2, 1])));
        assert!(ccw.of(&full, id).contains(&Corners([1, 0, 3, 2])));
        assert!(!ccw.of(&full, id).contains(&Corners([0, 1, 2, 3])));
        // For a-a-b-b both readings give the same four rotations.
        let aabb: TileId = "1-1-2-2".parse().unwrap();
        assert_eq!(cw.of(&full, aabb), ccw.of(&full, aabb));
    }

    #[test]
    fn indices_run_by_tile_then_corners() {
        let full = TileSet::full();
        let o = Orientations::new(&full, Arrangement::AscendingClockwise);
        for (t, (id, _)) in full.tiles().enumerate() {
            for i in o.range_of(t) {
                assert_eq!(o.corners(i).id(), id);
                assert_eq!(o.index(o.corners(i)), Some(i));
            }
        }
        assert_eq!(o.index(Corners([1, 0, 0, 0])), Some(o.range_of(1).start + 3));
        assert_eq!(o.index(Corners([0, 2, 4, 5])), None);
    }
}
