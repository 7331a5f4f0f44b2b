//! The board's geometry for the encoding: the adjacency graph that joins
//! every cell that matters to the lattice points of its corners, so that the
//! cells meeting a corner are the other cells on its point, and the empty
//! cells a line of placements can reach.

use std::collections::BTreeMap;

use petgraph::graphmap::UnGraphMap;

use crate::model::{Board, Cell, Corner, Direction, Point};

/// A node of the adjacency graph: a cell or a lattice point.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
enum Node {
    Cell(Cell),
    Point(Point),
}

/// Cells (placed tiles and candidate cells) joined to the lattice points of
/// their corners; each edge is labelled with the cell's corner on the point.
pub(super) struct Lattice {
    graph: UnGraphMap<Node, Corner>,
}

fn direction(from: Cell, to: Cell) -> Option<Direction> {
    Direction::ALL.into_iter().find(|&d| from.neighbour(d) == to)
}

impl Lattice {
    pub(super) fn new(cells: impl IntoIterator<Item = Cell>) -> Lattice {
        let mut graph = UnGraphMap::new();
        for cell in cells {
            for corner in Corner::ALL {
                graph.add_edge(Node::Cell(cell), Node::Point(cell.point(corner)), corner);
            }
        }
        Lattice { graph }
    }

    /// The other cells of the graph on `cell`'s corner `corner`: the
    /// direction to each (from `cell`) and its corner on the shared point.
    pub(super) fn meeting(&self, cell: Cell, corner: Corner) -> Vec<(Direction, Cell, Corner)> {
        let point = Node::Point(cell.point(corner));
        if !self.graph.contains_node(point) {
            return Vec::new();
        }
        let mut out: Vec<(Direction, Cell, Corner)> = self
            .graph
            .edges(point)
            .filter_map(|(_, other, &theirs)| match other {
                Node::Cell(d) if d != cell => Some((direction(cell, d)?, d, theirs)),
                _ => None,
            })
            .collect();
        out.sort_unstable_by_key(|&(d, _, _)| d);
        out
    }
}

/// The empty cells within `steps` side steps of the placed tiles, each with
/// its distance (1: an open cell), reached through empty cells.
pub(super) fn reachable(board: &Board, steps: usize) -> BTreeMap<(i32, i32), (Cell, usize)> {
    let mut dist: BTreeMap<Cell, usize> = BTreeMap::new();
    let mut frontier: Vec<Cell> = board.open_cells();
    for &c in &frontier {
        dist.insert(c, 1);
    }
    for depth in 2..=steps {
        let mut next = Vec::new();
        for &c in &frontier {
            for d in Direction::EDGES {
                let n = c.neighbour(d);
                if !board.is_occupied(n) && !dist.contains_key(&n) {
                    dist.insert(n, depth);
                    next.push(n);
                }
            }
        }
        frontier = next;
    }
    dist.into_iter().map(|(c, d)| ((c.y, c.x), (c, d))).collect()
}
