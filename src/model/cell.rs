//! Board geometry exactly as `docs/RULES.md` defines it: cells `[x, y]` with x
//! growing east and y growing south, lattice points at cell corners, and the
//! eight neighbours of a cell.

// Indexing here cannot panic on input: directions index the eight-entry direction table modulo 8.
#![allow(clippy::indexing_slicing)]

use std::fmt;

use serde::{Deserialize, Serialize};

/// A square of the board, `[x, y]`; x grows east, y grows south.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(from = "[i32; 2]", into = "[i32; 2]")]
pub struct Cell {
    /// Column, growing east.
    pub x: i32,
    /// Row, growing south.
    pub y: i32,
}

/// A lattice point `(x, y)`: where the corners of up to four cells meet.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(from = "[i32; 2]", into = "[i32; 2]")]
pub struct Point {
    /// Horizontal coordinate, growing east.
    pub x: i32,
    /// Vertical coordinate, growing south.
    pub y: i32,
}

/// One of a cell's four corners, in the clockwise order the notation uses.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Corner {
    /// North-west: lattice point `(x, y)`.
    Nw,
    /// North-east: lattice point `(x + 1, y)`.
    Ne,
    /// South-east: lattice point `(x + 1, y + 1)`.
    Se,
    /// South-west: lattice point `(x, y + 1)`.
    Sw,
}

/// The direction from a cell to one of its eight neighbours.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub enum Direction {
    /// `[x, y - 1]`, an edge neighbour.
    N,
    /// `[x + 1, y - 1]`, a diagonal neighbour.
    NE,
    /// `[x + 1, y]`, an edge neighbour.
    E,
    /// `[x + 1, y + 1]`, a diagonal neighbour.
    SE,
    /// `[x, y + 1]`, an edge neighbour.
    S,
    /// `[x - 1, y + 1]`, a diagonal neighbour.
    SW,
    /// `[x - 1, y]`, an edge neighbour.
    W,
    /// `[x - 1, y - 1]`, a diagonal neighbour.
    NW,
}

impl Corner {
    /// The four corners clockwise from north-west, the order of `[nw, ne, se, sw]`.
    pub const ALL: [Corner; 4] = [Corner::Nw, Corner::Ne, Corner::Se, Corner::Sw];

    /// Position of this corner in `[nw, ne, se, sw]`.
    pub const fn index(self) -> usize {
        self as usize
    }

    /// Offset of this corner's lattice point from the cell's north-west point.
    pub const fn offset(self) -> (i32, i32) {
        match self {
            Corner::Nw => (0, 0),
            Corner::Ne => (1, 0),
            Corner::Se => (1, 1),
            Corner::Sw => (0, 1),
        }
    }

    /// The lowercase name used in every file and output (`nw`, `ne`, `se`, `sw`).
    pub const fn name(self) -> &'static str {
        match self {
            Corner::Nw => "nw",
            Corner::Ne => "ne",
            Corner::Se => "se",
            Corner::Sw => "sw",
        }
    }
}

impl fmt::Display for Corner {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl Direction {
    /// All eight directions, clockwise from north.
    pub const ALL: [Direction; 8] = [
        Direction::N,
        Direction::NE,
        Direction::E,
        Direction::SE,
        Direction::S,
        Direction::SW,
        Direction::W,
        Direction::NW,
    ];

    /// The four edge directions, clockwise from north.
    pub const EDGES: [Direction; 4] = [Direction::N, Direction::E, Direction::S, Direction::W];

    /// The step `(dx, dy)` to the neighbour in this direction.
    pub const fn offset(self) -> (i32, i32) {
        match self {
            Direction::N => (0, -1),
            Direction::NE => (1, -1),
            Direction::E => (1, 0),
            Direction::SE => (1, 1),
            Direction::S => (0, 1),
            Direction::SW => (-1, 1),
            Direction::W => (-1, 0),
            Direction::NW => (-1, -1),
        }
    }

    /// True for N, E, S and W: the neighbour shares a side (two lattice points).
    pub const fn is_edge(self) -> bool {
        matches!(self, Direction::N | Direction::E | Direction::S | Direction::W)
    }

    /// The direction back: from the neighbour to this cell.
    pub const fn opposite(self) -> Direction {
        match self {
            Direction::N => Direction::S,
            Direction::NE => Direction::SW,
            Direction::E => Direction::W,
            Direction::SE => Direction::NW,
            Direction::S => Direction::N,
            Direction::SW => Direction::NE,
            Direction::W => Direction::E,
            Direction::NW => Direction::SE,
        }
    }

    /// The pairs `(my corner, its corner)` that sit on the same lattice point
    /// when the neighbour lies in this direction: two for an edge neighbour,
    /// one for a diagonal one.
    pub const fn shared_corners(self) -> &'static [(Corner, Corner)] {
        use Corner::*;
        match self {
            Direction::N => &[(Nw, Sw), (Ne, Se)],
            Direction::NE => &[(Ne, Sw)],
            Direction::E => &[(Ne, Nw), (Se, Sw)],
            Direction::SE => &[(Se, Nw)],
            Direction::S => &[(Se, Ne), (Sw, Nw)],
            Direction::SW => &[(Sw, Ne)],
            Direction::W => &[(Sw, Se), (Nw, Ne)],
            Direction::NW => &[(Nw, Se)],
        }
    }

    /// The direction rotated a quarter turn clockwise (N becomes E).
    pub const fn rotate_cw(self) -> Direction {
        Direction::ALL[(self as usize + 2) % 8]
    }

    /// The short upper-case name (`N`, `NE`, …).
    pub const fn name(self) -> &'static str {
        match self {
            Direction::N => "N",
            Direction::NE => "NE",
            Direction::E => "E",
            Direction::SE => "SE",
            Direction::S => "S",
            Direction::SW => "SW",
            Direction::W => "W",
            Direction::NW => "NW",
        }
    }
}

impl fmt::Display for Direction {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl Cell {
    /// The cell `[x, y]`.
    pub const fn new(x: i32, y: i32) -> Cell {
        Cell { x, y }
    }

    /// The neighbouring cell in `dir`.
    pub const fn neighbour(self, dir: Direction) -> Cell {
        let (dx, dy) = dir.offset();
        Cell::new(self.x + dx, self.y + dy)
    }

    /// The lattice point at one of this cell's corners.
    pub const fn point(self, corner: Corner) -> Point {
        let (dx, dy) = corner.offset();
        Point { x: self.x + dx, y: self.y + dy }
    }

    /// This cell moved by `(dx, dy)`.
    pub const fn shifted(self, dx: i32, dy: i32) -> Cell {
        Cell::new(self.x + dx, self.y + dy)
    }

    /// The cell a quarter turn clockwise about the origin's north-west point:
    /// the board turned so that north becomes east.
    pub const fn rotate_cw(self) -> Cell {
        // A cell spans [x, x+1] × [y, y+1]; turning (px, py) ↦ (-py, px)
        // maps it onto [-y-1, -y] × [x, x+1].
        Cell::new(-self.y - 1, self.x)
    }
}

impl From<[i32; 2]> for Cell {
    fn from([x, y]: [i32; 2]) -> Cell {
        Cell::new(x, y)
    }
}

impl From<Cell> for [i32; 2] {
    fn from(c: Cell) -> [i32; 2] {
        [c.x, c.y]
    }
}

impl From<[i32; 2]> for Point {
    fn from([x, y]: [i32; 2]) -> Point {
        Point { x, y }
    }
}

impl From<Point> for [i32; 2] {
    fn from(p: Point) -> [i32; 2] {
        [p.x, p.y]
    }
}

impl fmt::Display for Cell {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "[{}, {}]", self.x, self.y)
    }
}

impl fmt::Display for Point {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "({}, {})", self.x, self.y)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn shared_corners_sit_on_the_same_lattice_point() {
        let me = Cell::new(3, -2);
        for dir in Direction::ALL {
            let other = me.neighbour(dir);
            let shared = dir.shared_corners();
            assert_eq!(shared.len(), if dir.is_edge() { 2 } else { 1 }, "{dir}");
            for &(mine, theirs) in shared {
                assert_eq!(me.point(mine), other.point(theirs), "{dir}: {mine} vs {theirs}");
            }
            // And no other pair of corners coincides.
            let coinciding = Corner::ALL
                .iter()
                .flat_map(|&a| Corner::ALL.iter().map(move |&b| (a, b)))
                .filter(|&(a, b)| me.point(a) == other.point(b))
                .count();
            assert_eq!(coinciding, shared.len(), "{dir}");
        }
    }

    #[test]
    fn edge_neighbours_share_two_points_and_diagonals_one() {
        let me = Cell::new(0, 0);
        assert_eq!(me.neighbour(Direction::N), Cell::new(0, -1));
        assert_eq!(me.neighbour(Direction::E), Cell::new(1, 0));
        assert_eq!(me.neighbour(Direction::S), Cell::new(0, 1));
        assert_eq!(me.neighbour(Direction::W), Cell::new(-1, 0));
        assert_eq!(me.neighbour(Direction::SW), Cell::new(-1, 1));
        assert_eq!(me.point(Corner::Se), Point { x: 1, y: 1 });
        assert_eq!(me.point(Corner::Sw), Point { x: 0, y: 1 });
    }

    #[test]
    fn rotating_a_cell_four_times_is_the_identity_and_keeps_neighbours() {
        let c = Cell::new(2, -5);
        assert_eq!(c.rotate_cw().rotate_cw().rotate_cw().rotate_cw(), c);
        assert_eq!(Cell::new(0, 0).rotate_cw(), Cell::new(-1, 0));
        for dir in Direction::ALL {
            assert_eq!(c.neighbour(dir).rotate_cw(), c.rotate_cw().neighbour(dir.rotate_cw()));
        }
    }
}
