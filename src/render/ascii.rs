//! The text picture of a board: every cell a box, a tile's four values in its
//! four corners, `.` in the open cells (where a tile may go), x across the top
//! and y down the side.

use std::fmt::Write;

use crate::model::{Board, Cell};

/// Draws the board's bounding box grown by one cell, so that open cells on
/// the rim show. An empty board draws as `(empty board)`.
pub fn board_text(board: &Board) -> String {
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
        out.push_str(&rule);
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
}
