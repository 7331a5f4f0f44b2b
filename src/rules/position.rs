//! A position: a board and a hand, checked against a variant. Files are read
//! into plain, unchecked entries; [`Position::from_setup`] turns them into a
//! position or lists every problem with where it lies.

use std::collections::HashMap;

use super::variant::Variant;
use crate::error::{DocPath, Problem};
use crate::model::{Board, BoardGraph, Cell, Corners, TileId};

/// The largest coordinate accepted, so that neighbour arithmetic never
/// overflows and boards stay printable.
pub const MAX_COORDINATE: i32 = 1_000_000;

/// Why `cell` lies outside the coordinates a position accepts (within
/// ±[`MAX_COORDINATE`]), or `None`: the one check for board cells and every
/// other cell an input names (a fill region's).
pub fn coordinate_problem(cell: Cell) -> Option<String> {
    (cell.x.unsigned_abs() > MAX_COORDINATE.unsigned_abs() || cell.y.unsigned_abs() > MAX_COORDINATE.unsigned_abs())
        .then(|| format!("cell {cell} is too far out: coordinates must lie within ±{MAX_COORDINATE}"))
}

/// A checked board and the hand of the player to move.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Position {
    /// The placed tiles: each in the tile set, each once, in an orientation R1
    /// allows, side-connected.
    pub board: Board,
    /// The tiles in hand, each in the tile set, none on the board, each once;
    /// in the order given.
    pub hand: Vec<TileId>,
}

impl Position {
    /// Checks a board (cells with corners) and a hand against `variant`.
    /// Problems are located at `board[i].at`, `board[i].tile`, `hand[i]` or
    /// `board`; a disconnected board at its first cut-off tile's `at`.
    ///
    /// A board or hand longer than the tile limit ([`crate::limits`]) is
    /// refused as a whole before any entry is checked.
    pub fn from_setup(board: &[(Cell, Corners)], hand: &[TileId], variant: &Variant) -> Result<Position, Vec<Problem>> {
        let limit = crate::limits::current().tiles;
        let too_long: Vec<Problem> = [("board", board.len()), ("hand", hand.len())]
            .into_iter()
            .filter(|&(_, n)| n > limit)
            .map(|(key, n)| {
                Problem::new(
                    DocPath::from(key),
                    format!(
                        "{n} tiles listed, more than the limit of {limit}; the {} tile set has {} and each tile exists once (S1); raise the limit with --max-tiles",
                        variant.tile_set().name(),
                        variant.tile_set().len()
                    ),
                )
            })
            .collect();
        if !too_long.is_empty() {
            return Err(too_long);
        }
        let mut problems = Vec::new();
        let set = variant.tile_set();
        let mut cells: HashMap<Cell, usize> = HashMap::new();
        let mut tiles: HashMap<TileId, usize> = HashMap::new();
        let mut placed = Board::new();
        let at = |i: usize, key: &str| DocPath::from("board").index(i).key(key);
        for (i, &(cell, corners)) in board.iter().enumerate() {
            if let Some(message) = coordinate_problem(cell) {
                problems.push(Problem::new(at(i, "at"), message));
                continue;
            }
            let id = corners.id();
            if !set.contains(id) {
                problems.push(Problem::new(
                    at(i, "tile"),
                    format!("tile {id} is not in the {} tile set ({})", set.name(), cite(variant.tile_set_clauses())),
                ));
            } else if variant.orientations().index(corners).is_none() {
                let allowed = variant.orientations().of(set, id);
                problems.push(Problem::new(
                    at(i, "tile"),
                    format!(
                        "{corners} is not an orientation of tile {id} under R1 = {}; allowed: {}",
                        variant.rules().arrangement,
                        allowed.iter().map(|c| c.to_string()).collect::<Vec<_>>().join(", ")
                    ),
                ));
            }
            if let Some(&first) = cells.get(&cell) {
                problems.push(Problem::new(
                    at(i, "at"),
                    format!("cell {cell} is already taken by board[{first}]; a cell holds one tile (S10)"),
                ));
                continue;
            }
            if let Some(&first) = tiles.get(&id) {
                problems.push(Problem::new(
                    at(i, "tile"),
                    format!("tile {id} is already placed at board[{first}]; each tile exists once (S1)"),
                ));
            }
            cells.insert(cell, i);
            tiles.entry(id).or_insert(i);
            placed.insert(cell, corners);
        }
        let components = BoardGraph::new(&placed).side_components();
        if let [main, rest @ ..] = &components[..]
            && !rest.is_empty()
        {
            let cut_off: Vec<String> = rest.iter().flatten().map(|c| c.to_string()).collect();
            // Located at the first cut-off tile as written.
            let first = rest.iter().flatten().filter_map(|c| cells.get(c)).min();
            problems.push(Problem::new(
                first.map_or_else(|| DocPath::from("board"), |&i| at(i, "at")),
                format!(
                    "the board is not connected through tile sides: {} cut off from the tiles at {} (S10)",
                    cut_off.join(", "),
                    main.first().map(ToString::to_string).unwrap_or_default()
                ),
            ));
        }
        let mut held: HashMap<TileId, usize> = HashMap::new();
        for (i, &id) in hand.iter().enumerate() {
            let path = DocPath::from("hand").index(i);
            if !set.contains(id) {
                problems.push(Problem::new(path, format!("tile {id} is not in the {} tile set", set.name())));
            } else if let Some(&b) = tiles.get(&id) {
                problems.push(Problem::new(path, format!("tile {id} is already on the board at board[{b}] (S1)")));
            } else if let Some(&first) = held.get(&id) {
                problems.push(Problem::new(path, format!("tile {id} is already in the hand at hand[{first}] (S1)")));
            }
            held.entry(id).or_insert(i);
        }
        if problems.is_empty() { Ok(Position { board: placed, hand: hand.to_vec() }) } else { Err(problems) }
    }
}

fn cite(clauses: &[super::clause::Clause]) -> String {
    clauses.iter().map(|c| c.to_string()).collect::<Vec<_>>().join(", ")
}
