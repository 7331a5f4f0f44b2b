//! Tile sets: the full 125-tile set (S1), the 70-tile beginner set (E19), or
//! a set read from a file that also gives each tile's printed arrangement (R1).

// Indexing here cannot panic on input: slots index a 6⁴ table by tile codes of values 0-5, checked when a tile is made.
#![allow(clippy::indexing_slicing)]

use super::tile::{Corners, TileId};

/// A set of distinct tiles, each with the arrangement printed on it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TileSet {
    name: String,
    /// Sorted by tile id; each id once.
    tiles: Vec<(TileId, Corners)>,
    /// `slot[code(id)]` is the tile's position in `tiles`, or `NONE`.
    slot: Vec<u16>,
}

const NONE: u16 = u16::MAX;

/// Why a list of printed tiles is not a tile set.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum TileSetError {
    /// The same multiset appears twice (S1, S2: each combination once).
    #[error("tile {tile} appears twice (entries {first} and {second}); each tile occurs once in a set (S1, S2)")]
    Duplicate {
        /// The repeated tile.
        tile: TileId,
        /// Index of its first entry.
        first: usize,
        /// Index of the repeated entry.
        second: usize,
    },
    /// No tiles at all.
    #[error("a tile set needs at least one tile")]
    Empty,
    /// 0-2-4-5, the one multiset of four values 0-5 no set has (S1).
    #[error(
        "tile 0-2-4-5 (entry {entry}) is not made: every set has each multiset of four values 0-5 but 0-2-4-5 (S1)"
    )]
    NotMade {
        /// Index of its entry.
        entry: usize,
    },
}

fn code(id: TileId) -> usize {
    id.values().iter().fold(0, |acc, &v| acc * 6 + usize::from(v))
}

impl TileSet {
    /// A set from printed arrangements, in any order; each multiset once.
    pub fn from_printed(
        name: impl Into<String>,
        printed: impl IntoIterator<Item = Corners>,
    ) -> Result<TileSet, TileSetError> {
        let mut slot = vec![NONE; 6 * 6 * 6 * 6];
        let mut tiles: Vec<(TileId, Corners, usize)> = Vec::new();
        for (i, corners) in printed.into_iter().enumerate() {
            let id = corners.id();
            if id.values() == [0, 2, 4, 5] {
                return Err(TileSetError::NotMade { entry: i });
            }
            let s = &mut slot[code(id)];
            if *s != NONE {
                let first = tiles[usize::from(*s)].2;
                return Err(TileSetError::Duplicate { tile: id, first, second: i });
            }
            // Each of the 6^4 slots takes one tile at most (a second is
            // refused above), so the count stays below 1296: it fits.
            *s = u16::try_from(tiles.len()).unwrap_or(NONE);
            tiles.push((id, corners, i));
        }
        if tiles.is_empty() {
            return Err(TileSetError::Empty);
        }
        tiles.sort_unstable_by_key(|t| t.0);
        slot.fill(NONE);
        for (i, t) in tiles.iter().enumerate() {
            slot[code(t.0)] = i as u16;
        }
        Ok(TileSet { name: name.into(), tiles: tiles.into_iter().map(|(id, c, _)| (id, c)).collect(), slot })
    }

    /// The 125 tiles: every multiset of four values 0–5 except 0-2-4-5 (S1),
    /// each printed ascending clockwise from north-west.
    pub fn full() -> TileSet {
        Self::ascending("full", 5, |id| id.values() != [0, 2, 4, 5])
    }

    /// The 70 beginner tiles: the full set without any tile bearing a 5 (E19).
    pub fn beginner() -> TileSet {
        Self::ascending("beginner", 4, |_| true)
    }

    fn ascending(name: &str, max: u8, keep: impl Fn(TileId) -> bool) -> TileSet {
        let mut printed = Vec::new();
        for a in 0..=max {
            for b in a..=max {
                for c in b..=max {
                    for d in c..=max {
                        let corners = Corners([a, b, c, d]);
                        if keep(corners.id()) {
                            printed.push(corners);
                        }
                    }
                }
            }
        }
        // Built from distinct multisets, so this cannot fail.
        Self::from_printed(name, printed).unwrap_or_else(|e| unreachable!("{e}"))
    }

    /// The set's name (`full`, `beginner`, or the file's `name:`).
    pub fn name(&self) -> &str {
        &self.name
    }

    /// Number of tiles.
    pub fn len(&self) -> usize {
        self.tiles.len()
    }

    /// Always false: a set has at least one tile.
    pub fn is_empty(&self) -> bool {
        self.tiles.is_empty()
    }

    /// True when the set holds this tile.
    pub fn contains(&self, id: TileId) -> bool {
        self.index(id).is_some()
    }

    /// The tile's position in [`TileSet::tiles`] (ascending by id).
    pub fn index(&self, id: TileId) -> Option<usize> {
        // A tile of values outside 0-5 (built through the public field, not
        // a reader) is in no set.
        let s = *self.slot.get(code(id))?;
        (s != NONE).then_some(usize::from(s))
    }

    /// The arrangement printed on the tile, when the set holds it.
    pub fn printed(&self, id: TileId) -> Option<Corners> {
        self.index(id).and_then(|i| self.tiles.get(i)).map(|t| t.1)
    }

    /// Every tile with its printed arrangement, ascending by id.
    pub fn tiles(&self) -> impl ExactSizeIterator<Item = (TileId, Corners)> + '_ {
        self.tiles.iter().copied()
    }

    /// Every tile id, ascending.
    pub fn ids(&self) -> impl ExactSizeIterator<Item = TileId> + '_ {
        self.tiles.iter().map(|t| t.0)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_tile_of_values_past_5_made_through_the_public_field_is_in_no_set() {
        let full = TileSet::full();
        assert!(!full.contains(Corners([9, 9, 9, 9]).id()));
        assert_eq!(full.printed(Corners([6, 6, 6, 6]).id()), None);
    }

    #[test]
    fn the_full_set_has_125_tiles_without_0_2_4_5() {
        let full = TileSet::full();
        assert_eq!(full.len(), 125);
        assert!(!full.contains("0-2-4-5".parse().unwrap()));
        assert!(full.contains("0-2-4-4".parse().unwrap()));
        assert!(full.contains("5-5-5-5".parse().unwrap()));
        let total: u32 = full.ids().map(|t| u32::from(t.weight())).sum();
        // 126 multisets carry 126 * 4 values averaging 2.5, less 0-2-4-5's 11.
        assert_eq!(total, 126 * 10 - 11);
    }

    #[test]
    fn the_beginner_set_has_the_70_tiles_without_a_5() {
        let beginner = TileSet::beginner();
        assert_eq!(beginner.len(), 70);
        assert!(beginner.ids().all(|t| !t.values().contains(&5)));
        assert!(beginner.ids().all(|t| TileSet::full().contains(t)));
    }

    #[test]
    fn printed_order_is_ascending_clockwise_for_the_shipped_sets() {
        let full = TileSet::full();
        assert_eq!(full.printed("0-1-1-3".parse().unwrap()), Some(Corners([0, 1, 1, 3])));
    }

    #[test]
    fn a_set_file_may_not_repeat_a_tile() {
        let err = TileSet::from_printed("x", [Corners([0, 1, 2, 3]), Corners([3, 2, 1, 0])]);
        assert_eq!(err, Err(TileSetError::Duplicate { tile: "0-1-2-3".parse().unwrap(), first: 0, second: 1 }));
        let ok = TileSet::from_printed("x", [Corners([3, 2, 1, 0])]).unwrap();
        assert_eq!(ok.printed("0-1-2-3".parse().unwrap()), Some(Corners([3, 2, 1, 0])));
    }
}
