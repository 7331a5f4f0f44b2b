//! The text picture of a board: every cell a box, a tile's four values in its
//! four corners, `.` in the open cells (where a tile may go), x across the top
//! and y down the side. A marked tile (a play of an answer) carries its number
//! on its top edge, `+-2-+`, where no value is ever drawn, as the pictures
//! number theirs. A fill puzzle's region shows as `*` in its empty cells.
//! A legend under the board says what the marks mean, for whoever has not
//! met them before.

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
    board_text_with_region(board, marks, &[])
}

/// The most cells a side the region may stretch the picture to.
pub const REGION_DRAWN: i64 = 64;

/// [`board_text_marked`] with the empty cells of a fill's `region` drawn as
/// `*`; the picture grows to take in every cell of the region.
///
/// A region whose cells lie so far apart that the picture taking them in
/// would pass [`REGION_DRAWN`] cells a side is not drawn but said, so that
/// the picture costs what the board costs, never the region's span.
pub fn board_text_with_region(board: &Board, marks: &BTreeMap<Cell, usize>, region: &[Cell]) -> String {
    let rim = board.bounds().map(|(lo, hi)| (lo.shifted(-1, -1), hi.shifted(1, 1)));
    let grown = region.iter().fold(rim, |bounds, &c| match bounds {
        None => Some((c, c)),
        Some((lo, hi)) => Some((Cell::new(lo.x.min(c.x), lo.y.min(c.y)), Cell::new(hi.x.max(c.x), hi.y.max(c.y)))),
    });
    let span = |(lo, hi): (Cell, Cell)| (i64::from(hi.x) - i64::from(lo.x) + 1, i64::from(hi.y) - i64::from(lo.y) + 1);
    if let Some((lo, hi)) = grown
        && grown != rim
        && span((lo, hi)).0.max(span((lo, hi)).1) > REGION_DRAWN
    {
        let (w, h) = span((lo, hi));
        let mut out = board_text_with_region(board, marks, &[]);
        let _ = writeln!(out, "(the region to fill spans {w} x {h} cells with the board, too wide to draw here)");
        return out;
    }
    let Some((lo, hi)) = grown else {
        return "(empty board)\n".to_string();
    };
    let (mut open, mut to_fill) = (false, false);
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
                None if region.contains(&cell) => {
                    to_fill = true;
                    top.push_str("| * ");
                    bottom.push_str("|   ");
                }
                None if board.has_side_contact(cell) => {
                    open = true;
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
    if open {
        let _ = writeln!(out, "{pad}.  an open cell: empty, with a tile beside it on a side, where a play may go");
    }
    if to_fill {
        let _ = writeln!(out, "{pad}*  a cell of the region to fill");
    }
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
            "   .  an open cell: empty, with a tile beside it on a side, where a play may go",
            "",
        ]
        .join("\n");
        assert_eq!(text, expected);
    }

    #[test]
    fn a_fills_region_shows_as_stars_beyond_the_board_with_its_legend() {
        let board: Board = [(Cell::new(0, 0), Corners([0, 1, 2, 3]))].into_iter().collect();
        // [1, 0] is open and in the region; [2, 0] lies past the rim.
        let text = board_text_with_region(&board, &BTreeMap::new(), &[Cell::new(1, 0), Cell::new(2, 0)]);
        let lines: Vec<&str> = text.lines().collect();
        assert_eq!(lines[0], "    -1   0   1   2");
        assert_eq!(lines[5], " 0 | . |0 1| * | * |");
        assert_eq!(lines[11], "   .  an open cell: empty, with a tile beside it on a side, where a play may go");
        assert_eq!(lines[12], "   *  a cell of the region to fill");
        assert_eq!(lines.len(), 13);
    }

    #[test]
    fn a_region_too_wide_to_draw_is_said_and_the_board_drawn_alone() {
        let board: Board = [(Cell::new(0, 0), Corners([0, 1, 2, 3]))].into_iter().collect();
        let far = [Cell::new(1, 0), Cell::new(1_000_000, 5)];
        let text = board_text_with_region(&board, &BTreeMap::new(), &far);
        let alone = board_text(&board);
        assert_eq!(
            text,
            format!("{alone}(the region to fill spans 1000002 x 7 cells with the board, too wide to draw here)\n")
        );
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
