//! The board as a graph (petgraph): placed tiles joined by side contacts and
//! corner contacts. Used where the structure of the whole board matters:
//! whether an input board is side-connected, and where its enclosures (bounded
//! regions of empty cells) lie. Judging a single placement never walks it.

// Indexing here cannot panic on input: every group indexed is a non-empty connected component built here.
#![allow(clippy::indexing_slicing)]

use petgraph::algo::tarjan_scc;
use petgraph::graphmap::UnGraphMap;

use super::board::Board;
use super::cell::{Cell, Direction};

/// How two placed tiles touch.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Contact {
    /// They share a side (two lattice points).
    Side,
    /// They share one lattice point only.
    Corner,
}

/// Placed tiles and their contacts.
#[derive(Clone, Debug)]
pub struct BoardGraph {
    graph: UnGraphMap<Cell, Contact>,
}

impl BoardGraph {
    /// The contact graph of `board`.
    pub fn new(board: &Board) -> BoardGraph {
        let mut graph = UnGraphMap::new();
        for (cell, _) in board.tiles() {
            graph.add_node(cell);
            // Half the directions suffice: the other half are the same edges.
            for dir in [Direction::E, Direction::SE, Direction::S, Direction::SW] {
                let other = cell.neighbour(dir);
                if board.is_occupied(other) {
                    let kind = if dir.is_edge() { Contact::Side } else { Contact::Corner };
                    graph.add_edge(cell, other, kind);
                }
            }
        }
        BoardGraph { graph }
    }

    /// The underlying petgraph graph.
    pub fn graph(&self) -> &UnGraphMap<Cell, Contact> {
        &self.graph
    }

    /// Groups of tiles connected through shared sides, largest first; each
    /// group in reading order. A legal board has at most one (S10).
    pub fn side_components(&self) -> Vec<Vec<Cell>> {
        let mut sides = UnGraphMap::<Cell, ()>::new();
        for cell in self.graph.nodes() {
            sides.add_node(cell);
        }
        for (a, b, &kind) in self.graph.all_edges() {
            if kind == Contact::Side {
                sides.add_edge(a, b, ());
            }
        }
        sorted_components(tarjan_scc(&sides))
    }

    /// True when every tile can be reached from every other through sides.
    pub fn is_side_connected(&self) -> bool {
        self.side_components().len() <= 1
    }

    /// The enclosures of `board`: maximal groups of empty cells, connected
    /// through sides, that the tiles wall off from the outside. Each in
    /// reading order; the list ordered by its first cell.
    pub fn enclosures(board: &Board) -> Vec<Vec<Cell>> {
        let Some((lo, hi)) = board.bounds() else { return Vec::new() };
        // Empty cells of the bounding box grown by one; the ring outside the
        // bounding box is always reachable from infinity.
        let (lo, hi) = (lo.shifted(-1, -1), hi.shifted(1, 1));
        let mut empty = UnGraphMap::<Cell, ()>::new();
        for y in lo.y..=hi.y {
            for x in lo.x..=hi.x {
                let c = Cell::new(x, y);
                if board.is_occupied(c) {
                    continue;
                }
                empty.add_node(c);
                for d in [Direction::W, Direction::N] {
                    let o = c.neighbour(d);
                    if empty.contains_node(o) {
                        empty.add_edge(c, o, ());
                    }
                }
            }
        }
        let on_rim = |c: &Cell| c.x == lo.x || c.x == hi.x || c.y == lo.y || c.y == hi.y;
        let mut inside: Vec<Vec<Cell>> =
            sorted_components(tarjan_scc(&empty)).into_iter().filter(|group| !group.iter().any(on_rim)).collect();
        inside.sort_unstable_by_key(|g| (g[0].y, g[0].x));
        inside
    }
}

fn sorted_components(mut groups: Vec<Vec<Cell>>) -> Vec<Vec<Cell>> {
    for g in &mut groups {
        g.sort_unstable_by_key(|c| (c.y, c.x));
    }
    groups.sort_by(|a, b| b.len().cmp(&a.len()).then_with(|| (a[0].y, a[0].x).cmp(&(b[0].y, b[0].x))));
    groups
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::Corners;

    fn board(cells: &[(i32, i32)]) -> Board {
        cells.iter().map(|&(x, y)| (Cell::new(x, y), Corners([0, 0, 0, 0]))).collect()
    }

    #[test]
    fn tiles_touching_only_at_a_corner_are_not_side_connected() {
        let g = BoardGraph::new(&board(&[(0, 0), (1, 1)]));
        assert_eq!(g.graph().edge_weight(Cell::new(0, 0), Cell::new(1, 1)), Some(&Contact::Corner));
        assert!(!g.is_side_connected());
        assert_eq!(g.side_components().len(), 2);
        assert!(BoardGraph::new(&board(&[(0, 0), (1, 0), (1, 1)])).is_side_connected());
    }

    #[test]
    fn a_ring_of_tiles_encloses_its_hole() {
        // A 3×3 ring around [1, 1], and an open U that encloses nothing.
        let ring = board(&[(0, 0), (1, 0), (2, 0), (0, 1), (2, 1), (0, 2), (1, 2), (2, 2)]);
        assert_eq!(BoardGraph::enclosures(&ring), vec![vec![Cell::new(1, 1)]]);
        let u = board(&[(0, 0), (2, 0), (0, 1), (2, 1), (0, 2), (1, 2), (2, 2)]);
        assert!(BoardGraph::enclosures(&u).is_empty());
    }

    #[test]
    fn a_hole_closed_only_at_a_corner_is_not_enclosed() {
        // A two-cell hole with a gap in its wall leads outside; closing the
        // gap makes it an enclosure of two cells.
        let b = board(&[(0, 0), (1, 0), (2, 0), (3, 0), (0, 1), (3, 1), (0, 2), (1, 2), (3, 2)]);
        // [1,1], [2,1] and [2,2] form one region, and [2,2] opens south to the rim.
        assert!(BoardGraph::enclosures(&b).is_empty());
        let closed = board(&[(0, 0), (1, 0), (2, 0), (3, 0), (0, 1), (3, 1), (0, 2), (1, 2), (2, 2), (3, 2)]);
        assert_eq!(BoardGraph::enclosures(&closed), vec![vec![Cell::new(1, 1), Cell::new(2, 1)]]);
    }
}
