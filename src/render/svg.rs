//! Boards drawn as SVG, written as plain text: every tile a square whose four
//! quarters are shaded by the value in that corner (so that matching corners
//! of neighbouring tiles read as one patch of colour) with the value printed
//! in each, x across the top and y down the side, the open cells (where a
//! tile may go, S10) outlined, highlighted placements numbered in play order
//! and bonus placements (R7) starred.
//!
//! Every tile is a group `<g class="tile" id="tile-X-Y">` holding four
//! `<text class="value">` elements, nw, ne, se, sw, so tools and tests can
//! read the values back.

use std::fmt::Write;

use crate::model::{Board, Cell, Corner, Corners};
use crate::rules::{BonusClass, Catalogue, Example, WITNESS_CELL};

/// Cell size in pixels.
pub(super) const S: i32 = 64;
/// Room for the y labels on the left and the x labels on top.
pub(super) const LEFT: i32 = 40;
pub(super) const TOP: i32 = 28;
/// The margin right of the grid.
pub(super) const RIGHT: i32 = 12;
/// The margin below the grid, where the legend is.
pub(super) const BOTTOM: i32 = 44;
/// The narrowest picture: the legend's width.
pub(super) const NARROWEST: i32 = 6 * 34 + LEFT + 60;

/// The fill of a corner showing each value 0–5: light, distinct hues, dark
/// enough apart to tell in grey too.
pub(super) const SHADES: [&str; 6] = ["#ffffff", "#ffe08a", "#b8e186", "#92c5de", "#c2a5cf", "#f4a582"];

const FONT: &str = "DejaVu Sans, Verdana, Arial, sans-serif";

/// A placement to mark: its number in play order, a heavy red border when
/// it is one of the placements the picture is about, a star when it earned a
/// bonus.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Highlight {
    /// The cell (it should hold a tile on the board drawn).
    pub cell: Cell,
    /// Its number in play order, from 1.
    pub number: Option<usize>,
    /// Whether the placement earned a bonus (R7): a star.
    pub bonus: bool,
    /// Whether to draw it with a heavy red border (and a red number; other
    /// numbers are grey).
    pub lit: bool,
}

/// What to draw on top of the board.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Marks {
    /// A line of text above the board.
    pub title: Option<String>,
    /// Placements to highlight, in play order.
    pub highlights: Vec<Highlight>,
    /// Empty cells where some placement earns a bonus: a star.
    pub bonus_cells: Vec<Cell>,
    /// Short labels written in empty cells (a move count, a class number).
    pub labels: Vec<(Cell, String)>,
}

/// Escapes text for XML (and so for HTML, in text and in double-quoted
/// attributes).
pub(super) fn escape(text: &str) -> String {
    text.replace('&', "&amp;").replace('<', "&lt;").replace('>', "&gt;").replace('"', "&quot;")
}

fn header(out: &mut String, width: i32, height: i32) {
    let _ = writeln!(
        out,
        "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{width}\" height=\"{height}\" \
viewBox=\"0 0 {width} {height}\" font-family=\"{FONT}\">"
    );
    let _ = writeln!(out, "<rect width=\"{width}\" height=\"{height}\" fill=\"#fafaf7\"/>");
}

/// One tile at pixel `(px, py)`, `size` pixels wide: four shaded quarters,
/// the four values, a border. `id` names the group.
pub(super) fn tile(out: &mut String, id: &str, (px, py): (i32, i32), size: i32, corners: Corners, edge: (&str, i32)) {
    let h = size / 2;
    let _ = writeln!(out, "<g class=\"tile\" id=\"{id}\" data-corners=\"{}\">", corners_attr(corners));
    for corner in Corner::ALL {
        let (dx, dy) = corner.offset();
        let value = corners.at(corner);
        let shade = SHADES.get(usize::from(value)).copied().unwrap_or("#dddddd");
        let _ = writeln!(
            out,
            "<rect x=\"{}\" y=\"{}\" width=\"{h}\" height=\"{h}\" fill=\"{shade}\"/>",
            px + dx * h,
            py + dy * h
        );
    }
    let font = size / 4;
    for corner in Corner::ALL {
        let (dx, dy) = corner.offset();
        // A quarter of the way in from the corner: the middle of its quarter.
        let tx = px + h / 2 + dx * h;
        let ty = py + h / 2 + dy * h + font * 7 / 20;
        let _ = writeln!(
            out,
            "<text class=\"value\" data-corner=\"{corner}\" x=\"{tx}\" y=\"{ty}\" font-size=\"{font}\" \
font-weight=\"bold\" text-anchor=\"middle\" fill=\"#1a1a1a\">{}</text>",
            corners.at(corner)
        );
    }
    border(out, (px, py), size, edge);
    out.push_str("</g>\n");
}

/// A tile's border: the square at pixel `(px, py)`, `size` pixels wide, in
/// `colour`, `width` pixels wide. Drawn over a tile in red it marks the
/// placement a picture is about.
pub(super) fn border(out: &mut String, (px, py): (i32, i32), size: i32, (colour, width): (&str, i32)) {
    let _ = writeln!(
        out,
        "<rect x=\"{px}\" y=\"{py}\" width=\"{size}\" height=\"{size}\" fill=\"none\" stroke=\"{colour}\" \
stroke-width=\"{width}\"/>"
    );
}

/// The heavy red border of a placement a picture is about.
pub(super) const LIT: (&str, i32) = ("#c0001a", 4);
/// The border of any other tile.
pub(super) const PLAIN: (&str, i32) = ("#222", 2);

fn corners_attr(c: Corners) -> String {
    let [a, b, d, e] = c.0;
    format!("{a},{b},{d},{e}")
}

/// A five-pointed star centred on `(cx, cy)` with outer radius `r`.
pub(super) fn star(out: &mut String, cx: f64, cy: f64, r: f64, class: &str) {
    let mut points = String::new();
    for k in 0..10 {
        let radius = if k % 2 == 0 { r } else { r * 0.45 };
        let angle = std::f64::consts::PI * (f64::from(k) / 5.0 - 0.5);
        let _ = write!(points, "{:.1},{:.1} ", cx + radius * angle.cos(), cy + radius * angle.sin());
    }
    let _ = writeln!(
        out,
        "<polygon class=\"{class}\" points=\"{}\" fill=\"#f2b705\" stroke=\"#7a5c00\" stroke-width=\"1\"/>",
        points.trim_end()
    );
}

/// The widest a picture grows to hold its title on one line; past it the
/// title wraps (a long file name would otherwise run off the picture or
/// make it as wide as the name).
const TITLE_MAX_WIDTH: i32 = 640;

/// About the width of a title character at 15 px.
const TITLE_CHAR: i32 = 8;

/// The title broken into lines of at most `max` characters: at a space
/// where there is one, else after a `/` (a path's folders), else anywhere.
fn title_lines(title: &str, max: usize) -> Vec<String> {
    let max = max.max(1);
    let mut lines = Vec::new();
    let mut rest: Vec<char> = title.chars().collect();
    while rest.len() > max {
        let head = rest.get(..=max).unwrap_or(&rest);
        let cut = head
            .iter()
            .rposition(|&c| c == ' ')
            .filter(|&i| i > 0)
            .or_else(|| head.iter().take(max).rposition(|&c| c == '/').filter(|&i| i > 0).map(|i| i + 1))
            .unwrap_or(max);
        let line: String = rest.get(..cut).unwrap_or_default().iter().collect();
        lines.push(line.trim_end().to_string());
        rest = rest.get(cut..).unwrap_or_default().iter().copied().skip_while(|&c| c == ' ').collect();
    }
    lines.push(rest.into_iter().collect());
    lines
}

/// Writes the title's lines from y = 18, 19 px apart; returns the height
/// the title takes.
fn write_title(out: &mut String, x: i32, lines: &[String]) -> i32 {
    for (i, line) in lines.iter().enumerate() {
        let _ = writeln!(out, "<text x=\"{x}\" y=\"{}\" font-size=\"15\">{}</text>", 18 + 19 * i as i32, escape(line));
    }
    if lines.is_empty() { 0 } else { 26 + 19 * (lines.len() as i32 - 1) }
}

/// The title's lines for a picture `width` wide (before the title), and
/// the width the picture takes with them.
fn fit_title(title: Option<&String>, x: i32, width: i32) -> (Vec<String>, i32) {
    let Some(t) = title else { return (Vec::new(), width) };
    let max = (width.max(TITLE_MAX_WIDTH) - x) / TITLE_CHAR;
    let lines = title_lines(t, usize::try_from(max).unwrap_or(1));
    let widest = lines.iter().map(|l| x + TITLE_CHAR * l.chars().count() as i32).max().unwrap_or(0);
    (lines, width.max(widest))
}

/// Where a board's cells fall in a picture: the cells from `lo` to `hi`
/// (the tiles' bounding box grown by one cell, so that the open cells on the
/// rim show) below a top edge at `top`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct Grid {
    /// The north-west cell drawn.
    pub lo: Cell,
    /// The south-east cell drawn.
    pub hi: Cell,
    /// The y of the grid's top edge, below the title and the x labels.
    pub top: i32,
}

impl Grid {
    /// The grid for tiles within `lo`..`hi`, with the rim of open cells.
    pub fn around(lo: Cell, hi: Cell, top: i32) -> Grid {
        Grid { lo: lo.shifted(-1, -1), hi: hi.shifted(1, 1), top }
    }

    fn cols(&self) -> i32 {
        self.hi.x - self.lo.x + 1
    }

    fn rows(&self) -> i32 {
        self.hi.y - self.lo.y + 1
    }

    /// The pixel of a cell's north-west corner.
    pub fn px(&self, c: Cell) -> (i32, i32) {
        (LEFT + (c.x - self.lo.x) * S, self.top + (c.y - self.lo.y) * S)
    }

    /// The width the grid, its y labels and the legend take (a title may
    /// widen the picture).
    pub fn width(&self) -> i32 {
        (LEFT + self.cols() * S + RIGHT).max(NARROWEST)
    }

    /// The height of a picture with this grid: down to below the legend.
    pub fn height(&self) -> i32 {
        self.top + self.rows() * S + BOTTOM
    }
}

/// The x labels across the top, the y labels down the side and the grid's
/// faint outline.
pub(super) fn axes(out: &mut String, grid: &Grid) {
    let (lo, hi, top) = (grid.lo, grid.hi, grid.top);
    out.push_str("<g class=\"axes\" font-size=\"13\" fill=\"#555\" text-anchor=\"middle\">\n");
    for x in lo.x..=hi.x {
        let (cx, _) = grid.px(Cell::new(x, lo.y));
        let _ = writeln!(out, "<text x=\"{}\" y=\"{}\">{x}</text>", cx + S / 2, top - 8);
    }
    for y in lo.y..=hi.y {
        let (_, cy) = grid.px(Cell::new(lo.x, y));
        let _ = writeln!(out, "<text x=\"{}\" y=\"{}\">{y}</text>", LEFT / 2, cy + S / 2 + 5);
    }
    out.push_str("</g>\n");
    let _ = writeln!(
        out,
        "<rect x=\"{LEFT}\" y=\"{top}\" width=\"{}\" height=\"{}\" fill=\"none\" stroke=\"#ddd\"/>",
        grid.cols() * S,
        grid.rows() * S
    );
}

/// An open cell (where a tile may go, S10): a dashed outline. Its id is
/// `open-X-Y` after `prefix` (a page holds many boards).
pub(super) fn open_cell(out: &mut String, grid: &Grid, cell: Cell, prefix: &str) {
    let (x, y) = grid.px(cell);
    let _ = writeln!(
        out,
        "<rect class=\"open\" id=\"{prefix}open-{}-{}\" x=\"{}\" y=\"{}\" width=\"{}\" height=\"{}\" fill=\"none\" \
stroke=\"#888\" stroke-width=\"1.5\" stroke-dasharray=\"5,4\"/>",
        cell.x,
        cell.y,
        x + 3,
        y + 3,
        S - 6,
        S - 6
    );
}

/// A placement's number in play order, in a disc in the middle of its
/// cell: red on the placement a picture is about, grey on the others. Its
/// id is `play-N` after `prefix`.
pub(super) fn badge(out: &mut String, grid: &Grid, cell: Cell, n: usize, lit: bool, prefix: &str) {
    let (x, y) = grid.px(cell);
    let (cx, cy) = (x + S / 2, y + S / 2);
    let fill = if lit { "#c0001a" } else { "#666" };
    let _ = writeln!(
        out,
        "<g class=\"play\" id=\"{prefix}play-{n}\"><circle cx=\"{cx}\" cy=\"{cy}\" r=\"11\" fill=\"{fill}\"/>\
<text x=\"{cx}\" y=\"{}\" font-size=\"13\" font-weight=\"bold\" text-anchor=\"middle\" fill=\"#fff\">{n}</text></g>",
        cy + 5
    );
}

/// The small star on the top edge of a placement that earned a bonus (R7).
pub(super) fn bonus_star(out: &mut String, grid: &Grid, cell: Cell) {
    let (x, y) = grid.px(cell);
    star(out, f64::from(x + S / 2), f64::from(y + 9), 7.0, "bonus");
}

/// The large star on an empty cell where some placement earns a bonus.
pub(super) fn cell_star(out: &mut String, grid: &Grid, cell: Cell) {
    let (x, y) = grid.px(cell);
    star(out, f64::from(x + S / 2), f64::from(y + S / 2 - 6), 12.0, "bonus");
}

/// A short label at the foot of an empty cell.
pub(super) fn cell_label(out: &mut String, grid: &Grid, cell: Cell, label: &str) {
    let (x, y) = grid.px(cell);
    let _ = writeln!(
        out,
        "<text class=\"label\" x=\"{}\" y=\"{}\" font-size=\"12\" text-anchor=\"middle\" fill=\"#333\">{}</text>",
        x + S / 2,
        y + S - 10,
        escape(label)
    );
}

/// The board as SVG, with the bounding box of its tiles grown by one cell so
/// that the open cells on the rim show (the layout of the text picture,
/// [`super::board_text`]). A legend of the value shades runs along the foot.
pub fn board_svg(board: &Board, marks: &Marks) -> String {
    let Some((lo, hi)) = board.bounds() else {
        let mut out = String::new();
        let (lines, width) = fit_title(marks.title.as_ref(), 16, 240);
        let title_height = if lines.is_empty() { 0 } else { 26 + 19 * (lines.len() as i32 - 1) };
        header(&mut out, width, 60 + title_height);
        write_title(&mut out, 8, &lines);
        let _ = writeln!(out, "<text x=\"8\" y=\"{}\" font-size=\"15\">(empty board)</text>", 36 + title_height);
        out.push_str("</svg>\n");
        return out;
    };
    // Wide enough for the legend and the title (about 8 pixels a
    // character), which wraps rather than widen the picture past
    // TITLE_MAX_WIDTH.
    let bare = Grid::around(lo, hi, TOP);
    let (lines, width) = fit_title(marks.title.as_ref(), LEFT, bare.width());
    let title_height = if lines.is_empty() { 0 } else { 26 + 19 * (lines.len() as i32 - 1) };
    let grid = Grid { top: TOP + title_height, ..bare };
    let mut out = String::new();
    header(&mut out, width, grid.height());
    write_title(&mut out, LEFT, &lines);
    axes(&mut out, &grid);
    for cell in board.open_cells() {
        open_cell(&mut out, &grid, cell, "");
    }
    for (cell, corners) in board.tiles() {
        let lit = marks.highlights.iter().any(|h| h.cell == cell && h.lit);
        let id = format!("tile-{}-{}", cell.x, cell.y);
        tile(&mut out, &id, grid.px(cell), S, corners, if lit { LIT } else { PLAIN });
    }
    // Highlights: numbers and stars on top.
    for h in &marks.highlights {
        if let Some(n) = h.number {
            badge(&mut out, &grid, h.cell, n, h.lit, "");
        }
        if h.bonus {
            bonus_star(&mut out, &grid, h.cell);
        }
    }
    for &cell in &marks.bonus_cells {
        cell_star(&mut out, &grid, cell);
    }
    for (cell, label) in &marks.labels {
        cell_label(&mut out, &grid, *cell, label);
    }
    legend(&mut out, &grid);
    out.push_str("</svg>\n");
    out
}

/// The value shades, 0 to 5, in a row below the grid.
pub(super) fn legend(out: &mut String, grid: &Grid) {
    let (x, y) = (LEFT, grid.top + grid.rows() * S + 14);
    out.push_str("<g class=\"legend\" font-size=\"12\">\n");
    let _ = writeln!(out, "<text x=\"{x}\" y=\"{}\" fill=\"#555\">values</text>", y + 14);
    for (v, shade) in SHADES.iter().enumerate() {
        let bx = x + 50 + v as i32 * 34;
        let _ = writeln!(
            out,
            "<rect x=\"{bx}\" y=\"{y}\" width=\"20\" height=\"20\" fill=\"{shade}\" stroke=\"#222\"/>\
<text x=\"{}\" y=\"{}\" text-anchor=\"middle\">{v}</text>",
            bx + 10,
            y + 15
        );
    }
    out.push_str("</g>\n");
}

/// Size of a cell in the catalogue's small pictures.
const C: i32 = 36;
/// Width and height of one class's panel: a 5×5 board (the neighbourhood
/// and the ring of cells around it, where joining tiles stand) and its text.
const PANEL_W: i32 = 5 * C + 190;
const PANEL_H: i32 = 5 * C + 28;

/// The whole bonus catalogue as one SVG: a panel per class with its
/// example, a real board that reaches its best (the new tile in the middle
/// with a red border, its matched corners dotted, the tiles joining the
/// neighbours through sides outside the neighbourhood), or where no real
/// board shows the class its neighbourhood in grey, and what the variant
/// makes of it.
pub fn catalogue_svg(catalogue: &Catalogue, variant: &str) -> String {
    let per_row = 4;
    let classes = catalogue.classes();
    let rows = (classes.len() as i32 + per_row - 1) / per_row;
    let width = per_row * PANEL_W + 20;
    let height = rows * PANEL_H + 50;
    let mut out = String::new();
    header(&mut out, width, height);
    let _ = writeln!(
        out,
        "<text x=\"12\" y=\"22\" font-size=\"16\">Bonus catalogue, {}: every neighbourhood a tile may be placed \
into, up to rotation and reflection, each shown by a real board</text>",
        escape(variant)
    );
    for (i, class) in classes.iter().enumerate() {
        let col = i as i32 % per_row;
        let row = i as i32 / per_row;
        panel(&mut out, class, 10 + col * PANEL_W, 40 + row * PANEL_H);
    }
    out.push_str("</svg>\n");
    out
}

/// One class's panel at `(x, y)`.
fn panel(out: &mut String, class: &BonusClass, x: i32, y: i32) {
    let _ = writeln!(out, "<g class=\"class\" id=\"class-{}\">", class.class);
    let bonus = class.bonus == Some(true);
    let frame = if bonus { "#c9a000" } else { "#bbb" };
    let _ = writeln!(
        out,
        "<rect x=\"{}\" y=\"{}\" width=\"{}\" height=\"{}\" rx=\"6\" fill=\"#fff\" stroke=\"{frame}\" stroke-width=\"2\"/>",
        x + 2,
        y + 2,
        PANEL_W - 8,
        PANEL_H - 8
    );
    let gx = x + 10;
    let gy = y + 10;
    class_board(out, class, (gx, gy));
    let tx = gx + 5 * C + 12;
    let line = |out: &mut String, k: i32, text: &str, weight: &str| {
        let _ = writeln!(
            out,
            "<text x=\"{tx}\" y=\"{}\" font-size=\"12\" font-weight=\"{weight}\">{}</text>",
            gy + 12 + k * 17,
            escape(text)
        );
    };
    let example = match class.example {
        Some(Example::E) => " (Example E)",
        Some(Example::F) => " (Example F)",
        None => "",
    };
    line(out, 0, &format!("class {}{example}", class.class), "bold");
    let names: Vec<&str> = class.neighbours.iter().map(|d| d.name()).collect();
    line(out, 1, &names.join(" "), "normal");
    let touched: Vec<&str> = class.touched.iter().map(|c| c.name()).collect();
    line(out, 2, &format!("touched: {}", touched.join(" ")), "normal");
    match (class.max_matched, class.bonus) {
        (Some(max), Some(b)) => {
            let at_least = if class.proven { "" } else { "at least " };
            line(out, 3, &format!("max matched: {at_least}{max}"), "normal");
            line(out, 4, if b { "bonus: yes" } else { "bonus: no" }, if b { "bold" } else { "normal" });
        }
        _ => {
            line(out, 3, "no real board", "bold");
            let why = if class.proven { "of this variant shows it" } else { "found by the search" };
            line(out, 4, why, "normal");
        }
    }
    let clauses: Vec<String> = class.clauses.iter().map(|c| c.to_string()).collect();
    line(out, 5, &clauses.join(" "), "normal");
    line(out, 6, &format!("{} of 240", class.size), "normal");
    if bonus {
        star(out, f64::from(x + PANEL_W - 24), f64::from(y + PANEL_H - 26), 9.0, "bonus");
    }
    out.push_str("</g>\n");
}

/// The side of a class's example board: 5×5 catalogue cells.
pub(super) const CLASS_BOARD: i32 = 5 * C;

/// A class's example board with its north-west corner at `(gx, gy)`,
/// [`CLASS_BOARD`] pixels square: the new tile in the middle with a red
/// border and its matched corners dotted, its neighbours, the tiles joining
/// them through sides; where no real board shows the class, its
/// neighbourhood in grey.
pub(super) fn class_board(out: &mut String, class: &BonusClass, (gx, gy): (i32, i32)) {
    // The picture's cell [0, 0] (the new tile) sits in the middle of 5×5.
    let cell_px = |c: Cell| (gx + (c.x - WITNESS_CELL.x + 2) * C, gy + (c.y - WITNESS_CELL.y + 2) * C);
    let centre = WITNESS_CELL;
    // The nine cells of the neighbourhood: empty ones faint.
    for dy in -1..=1 {
        for dx in -1..=1 {
            let (px, py) = cell_px(Cell::new(dx, dy));
            let _ = writeln!(
                out,
                "<rect x=\"{px}\" y=\"{py}\" width=\"{C}\" height=\"{C}\" fill=\"none\" stroke=\"#e4e4e4\"/>"
            );
        }
    }
    match &class.witness {
        Some(w) => {
            for n in &w.neighbours {
                let at = centre.neighbour(n.at);
                tile(out, &format!("class-{}-{}", class.class, n.at), cell_px(at), C, n.tile, ("#222", 1));
            }
            for j in &w.joining {
                let id = format!("class-{}-joining-{}-{}", class.class, j.at.x, j.at.y);
                tile(out, &id, cell_px(j.at), C, j.tile, ("#888", 1));
            }
            let (px, py) = cell_px(centre);
            tile(out, &format!("class-{}-new", class.class), (px, py), C, w.tile, ("#c0001a", 3));
            for &corner in &w.matched {
                let (dx, dy) = corner.offset();
                let _ = writeln!(
                    out,
                    "<circle class=\"matched\" cx=\"{}\" cy=\"{}\" r=\"4\" fill=\"#c0001a\"/>",
                    px + dx * C,
                    py + dy * C
                );
            }
        }
        None => {
            for &d in &class.neighbours {
                let (px, py) = cell_px(centre.neighbour(d));
                let _ = writeln!(
                    out,
                    "<rect x=\"{px}\" y=\"{py}\" width=\"{C}\" height=\"{C}\" fill=\"#999\" stroke=\"#222\"/>"
                );
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_tile_is_a_group_with_its_four_values() {
        let board: Board = [(Cell::new(0, 0), Corners([0, 1, 2, 3]))].into_iter().collect();
        let svg = board_svg(&board, &Marks::default());
        assert!(svg.starts_with("<svg"));
        assert!(svg.contains("id=\"tile-0-0\" data-corners=\"0,1,2,3\""));
        for corner in ["nw", "ne", "se", "sw"] {
            assert!(svg.contains(&format!("data-corner=\"{corner}\"")), "{corner}");
        }
        assert_eq!(svg.matches("class=\"open\"").count(), 4);
    }

    #[test]
    fn a_long_title_wraps_within_the_picture_at_its_folders() {
        let name = format!("{}/puzzle.yaml", ["a-rather-long-folder-name"; 12].join("/"));
        let title = format!("{name}: the answer, english (score 47)");
        let board: Board = [(Cell::new(0, 0), Corners([0, 1, 2, 3]))].into_iter().collect();
        let svg = board_svg(&board, &Marks { title: Some(title.clone()), ..Marks::default() });
        let doc = roxmltree::Document::parse(&svg).unwrap();
        let width: i32 = doc.root_element().attribute("width").unwrap().parse().unwrap();
        assert!(width <= TITLE_MAX_WIDTH, "{width}");
        let lines: Vec<&str> = doc
            .descendants()
            .filter(|n| n.has_tag_name("text") && n.attribute("font-size") == Some("15"))
            .filter_map(|n| n.text())
            .collect();
        assert!(lines.len() > 1, "{lines:?}");
        // Every line fits the picture, and together they are the whole title.
        for l in &lines {
            assert!(LEFT + TITLE_CHAR * l.chars().count() as i32 <= width, "{l}");
        }
        assert_eq!(lines.concat().replace(' ', ""), title.replace(' ', ""));
        // Each break falls after a folder's `/` or at a space.
        for l in &lines[..lines.len() - 1] {
            assert!(l.ends_with('/') || title.contains(&format!("{l} ")), "{l}");
        }
        // The board is drawn below the last line, not under it.
        let last_y = 18 + 19 * (lines.len() as i32 - 1);
        assert!(svg.contains(&format!("y=\"{}\">", TOP + 26 + 19 * (lines.len() as i32 - 1) - 8)), "{last_y}");
    }

    #[test]
    fn titles_are_escaped() {
        let marks = Marks { title: Some("a < b & c".into()), ..Marks::default() };
        assert!(board_svg(&Board::new(), &marks).contains("a &lt; b &amp; c"));
    }
}
