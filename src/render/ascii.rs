//! The text picture of a board: every cell a box, a tile's four values in its
//! four corners, `.` in the open cells (where a tile may go), x across the top
//! and y down the side. A marked tile (a play of an answer) carries its number
//! on its top edge, `+-2-+`, where no value is ever drawn, as the pictures
//! number theirs.

use std::collections::BTreeMap;
use std::fmt::Write;

use crate::model::{Board, Cell};

/// Draws the board's bounding box grown by one cell, so that open cells on
/// the rim show. An empty board draws as `(empty board)`.
pub fn board_text(board: &Board) -> String {
    board_text_marked(board, &BTreeMap::new())
}

/// [`board_text`] with the cells of `marks` numbered on their top edge
/// (`+-3-+`, `+12-+`; a number too long for the edge is cut to its last
/// three digits, past any answer's length).
pub fn board_text_marked(board: &Board, marks: &BTreeMap<Cell, usize>) -> String {
    let Some((lo, hi)) = board.bounds() else { return "(empty board)\n".to_string() };
    let (lo, hi) = (lo.shifted(-1, -1), hi.shifted(1, 1));
    let label_width = [lo.y, hi.y].iter().map(|y| y.to_string().len()).max().unwrap_or(1);
    let pad = " ".repeat(label_width + 1);
    let mut out = String::new();
    out.push_str(&pad);
    for x in lo.x..=hi.x {
        let _ = write!(out, "{x:>3} ");
    }
    out.truncate(out.trim_end().len());
    out.push('\n');
    let rule = format!("{pad}{}+\n", "+---".repeat((hi.x - lo.x + 1) as usize));
    for y in lo.y..=hi.y {
        let mut edge = pad.clone();
        for x in lo.x..=hi.x {
            match marks.get(&Cell::new(x, y)) {
                Some(n) => {
                    let n = n.to_string();
                    let n = n.get(n.len().saturating_sub(3)..).unwrap_or_default();
                    let _ = write!(edge, "+{n:-^3}");
                }
                None => edge.push_str("+---"),
            }
        }
        edge.push_str("+\n");
        out.push_str(&edge);
        let mut top = format!("{y:>label_width$} ");
        let mut bottom = pad.clone();
        for x in lo.x..=hi.x {
            let cell = Cell::new(x, y);
            match board.get(cell) {
                Some(t) => {
                    let [nw, ne, se, sw] = t.0;
                    let _ = write!(top, "|{nw} {ne}");
                    let _ = write!(bottom, "|{sw} {se}");
                }
                None if board.has_side_contact(cell) => {
                    top.push_str("| . ");
                    bottom.push_str("|   ");
                }
                None => {
                    top.push_str("|   ");
                    bottom.push_str("|   ");
                }
            }
        }
        out.push_str(&top);
        out.push_str("|\n");
        out.push_str(&bottom);
        out.push_str("|\n");
    }
    out.push_str(&rule);
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::Corners;

    #[test]
    fn a_tile_shows_its_values_in_its_corners() {
        let board: Board = [(Cell::new(0, 0), Corners([0, 1, 2, 3]))].into_iter().collect();
        let text = board_text(&board);
        let expected = [
            "    -1   0   1",
            "   +---+---+---+",
            "-1 |   | . |   |",
            "   |   |   |   |",
            "   +---+---+---+",
            " 0 | . |0 1| . |",
            "   |   |3 2|   |",
            "   +---+---+---+",
            " 1 |   | . |   |",
            "   |   |   |   |",
            "   +---+---+---+",
            "",
        ]
        .join("\n");
        assert_eq!(text, expected);
    }

    #[test]
    fn a_marked_tile_carries_its_number_on_its_top_edge_only() {
        let board: Board =
            [(Cell::new(0, 0), Corners([0, 1, 2, 3])), (Cell::new(1, 0), Corners([1, 1, 2, 2]))].into_iter().collect();
        let marks: BTreeMap<Cell, usize> = [(Cell::new(1, 0), 12)].into_iter().collect();
        let text = board_text_marked(&board, &marks);
        let lines: Vec<&str> = text.lines().collect();
        // The edge above row 0 numbers [1, 0] and nothing else; the edge
        // below it (above row 1) is plain.
        assert_eq!(lines[4], "   +---+---+12-+---+");
        assert_eq!(lines[7], "   +---+---+---+---+");
        assert_eq!(lines[5], " 0 | . |0 1|1 1| . |");
        // Unmarked, the same board draws every edge plain.
        assert_eq!(board_text(&board).lines().nth(4), Some("   +---+---+---+---+"));
    }
}
