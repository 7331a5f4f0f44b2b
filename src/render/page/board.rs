//! A column's boards on a page: its frames cut into scenes (runs of steps in
//! which the board only grows, such as a round), each scene one SVG over the
//! bounding box of all its tiles, in the picture code's layout and colours
//! (`--svg`). Each tile is drawn once for the whole page, as a definition
//! that every placement of it uses; a placement is its position, its number
//! in play order and its star, marked with the steps it shows at and the
//! steps it is drawn in red at. The open cells (S10) are not written: they
//! follow from the tiles shown, and the script draws them at each step.

use std::collections::BTreeSet;
use std::fmt::Write;

use crate::model::{Board, Cell, Corner, Corners};

use super::super::svg::{
    BOTTOM, Grid, LEFT, NARROWEST, RIGHT, S, SHADES, TOP, axes, cell_label, cell_star, escape, legend, star,
};
use super::Frame;

/// Steps as the script reads them: runs `a-b` (inclusive) joined by spaces.
pub(super) fn ranges(steps: &BTreeSet<usize>) -> String {
    let mut runs: Vec<(usize, usize)> = Vec::new();
    for &k in steps {
        match runs.last_mut() {
            Some((_, end)) if *end + 1 == k => *end = k,
            _ => runs.push((k, k)),
        }
    }
    runs.iter().map(|(a, b)| format!("{a}-{b}")).collect::<Vec<_>>().join(" ")
}

/// Whether `next` holds every tile of `board` where `board` has it: the
/// board only grew.
fn grows(board: &Board, next: &Board) -> bool {
    board.tiles().into_iter().all(|(cell, corners)| next.get(cell) == Some(corners))
}

/// The frames cut into scenes: the steps of each, in order.
pub(super) fn scenes(frames: &[Frame]) -> Vec<std::ops::Range<usize>> {
    let mut out = Vec::new();
    let mut start = 0;
    for k in 1..frames.len() {
        if let (Some(a), Some(b)) = (frames.get(k - 1), frames.get(k))
            && !grows(&a.board, &b.board)
        {
            out.push(start..k);
            start = k;
        }
    }
    if !frames.is_empty() {
        out.push(start..frames.len());
    }
    out
}

/// Pieces of one kind, each with the steps it shows at, in the order they
/// first show.
type Shown<K> = Vec<(K, BTreeSet<usize>)>;

/// A placement as drawn: its cell, its number in play order, whether it
/// earned a bonus, and its tile's corners as placed.
type Placed = (Cell, Option<usize>, bool, Corners);

/// What a scene draws, each once, with the steps it shows at.
#[derive(Default)]
struct Pieces {
    /// Placements, with the steps each is drawn in red at (a subset of
    /// the steps it shows at).
    placed: Vec<(Placed, BTreeSet<usize>, BTreeSet<usize>)>,
    stars: Shown<Cell>,
    labels: Shown<(Cell, String)>,
}

/// Adds step `k` to the steps of `key`, listed in order of first appearance.
fn mark<K: PartialEq>(list: &mut Vec<(K, BTreeSet<usize>)>, key: K, k: usize) {
    match list.iter_mut().find(|(x, _)| *x == key) {
        Some((_, steps)) => {
            steps.insert(k);
        }
        None => list.push((key, BTreeSet::from([k]))),
    }
}

fn pieces(frames: &[Frame], steps: std::ops::Range<usize>) -> Pieces {
    let mut p = Pieces::default();
    for k in steps {
        let Some(f) = frames.get(k) else { continue };
        for (cell, corners) in f.board.tiles() {
            let h = f.marks.highlights.iter().find(|h| h.cell == cell);
            let (number, bonus) = h.map_or((None, false), |h| (h.number, h.bonus));
            let key = (cell, number, bonus, corners);
            let lit = h.is_some_and(|h| h.lit);
            match p.placed.iter_mut().find(|(x, _, _)| *x == key) {
                Some((_, shown, red)) => {
                    shown.insert(k);
                    if lit {
                        red.insert(k);
                    }
                }
                None => {
                    let red = if lit { BTreeSet::from([k]) } else { BTreeSet::new() };
                    p.placed.push((key, BTreeSet::from([k]), red));
                }
            }
        }
        for &cell in &f.marks.bonus_cells {
            mark(&mut p.stars, cell, k);
        }
        for (cell, label) in &f.marks.labels {
            mark(&mut p.labels, (*cell, label.clone()), k);
        }
    }
    p
}

/// The id of the definition that draws a tile with these corners.
fn tile_id(c: Corners) -> String {
    let [a, b, d, e] = c.0;
    format!("q{a}{b}{d}{e}")
}

/// Every tile of the page, each drawn once as a definition in the
/// picture's colours, its four values and an edge whose colour and width
/// the placement gives (grey, or red for the placement a step is about),
/// and the small star of a placement that earned a bonus (R7). They sit in
/// a picture of no size of their own, so that no test or reader counts
/// them as a board.
pub(super) fn definitions(frames: &[&Frame]) -> String {
    let tiles: BTreeSet<[u8; 4]> = frames.iter().flat_map(|f| f.board.tiles()).map(|(_, c)| c.0).collect();
    let mut out = String::from(
        "<svg xmlns=\"http://www.w3.org/2000/svg\" class=\"defs\" width=\"0\" height=\"0\" aria-hidden=\"true\" \
focusable=\"false\" font-family=\"DejaVu Sans, Verdana, Arial, sans-serif\"><defs>\n",
    );
    let h = S / 2;
    let font = S / 4;
    // A quarter of each value in each corner, which the tiles use: 24
    // drawings, however many tiles.
    let quarters: BTreeSet<(u8, usize)> =
        tiles.iter().flat_map(|&c| Corner::ALL.map(|corner| (Corners(c).at(corner), corner.index()))).collect();
    for (value, corner) in quarters.into_iter().filter_map(|(v, i)| Some((v, *Corner::ALL.get(i)?))) {
        let (dx, dy) = corner.offset();
        let shade = SHADES.get(usize::from(value)).copied().unwrap_or("#dddddd");
        // The value a quarter of the way in from the corner, the middle of
        // its quarter, as the picture code places it.
        let _ = writeln!(
            out,
            "<g id=\"v{value}{corner}\"><rect x=\"{}\" y=\"{}\" width=\"{h}\" height=\"{h}\" fill=\"{shade}\" \
stroke=\"none\"/><text class=\"value\" data-corner=\"{corner}\" x=\"{}\" y=\"{}\" font-size=\"{font}\" \
font-weight=\"bold\" text-anchor=\"middle\" fill=\"#1a1a1a\" stroke=\"none\">{value}</text></g>",
            dx * h,
            dy * h,
            h / 2 + dx * h,
            h / 2 + dy * h + font * 7 / 20,
        );
    }
    for corners in tiles {
        let c = Corners(corners);
        let [a, b, d, e] = corners;
        let _ = write!(out, "<g id=\"{}\" class=\"tile\" data-corners=\"{a},{b},{d},{e}\">", tile_id(c));
        for corner in Corner::ALL {
            let _ = write!(out, "<use href=\"#v{}{corner}\"/>", c.at(corner));
        }
        let _ = writeln!(out, "<rect class=\"edge\" width=\"{S}\" height=\"{S}\" fill=\"none\"/></g>");
    }
    out.push_str("<g id=\"bonus-star\">");
    star(&mut out, f64::from(S / 2), 9.0, 7.0, "bonus");
    out.push_str("</g>\n</defs></svg>\n");
    out
}

/// A shown-at group's opening tag: hidden (`off`) unless it shows at the
/// step the page opens at.
fn open_group(out: &mut String, class: &str, steps: &BTreeSet<usize>, start: usize, extra: &str) {
    let off = if steps.contains(&start) { "" } else { " off" };
    let _ = write!(out, "<g class=\"{class}{off}\" data-v=\"{}\"{extra}>", ranges(steps));
}

/// The scene of `steps` of column `col`, as one SVG.
pub(super) fn scene_svg(
    frames: &[Frame],
    col: usize,
    index: usize,
    steps: std::ops::Range<usize>,
    start: usize,
) -> String {
    let shown: BTreeSet<usize> = steps.clone().collect();
    let visible = shown.contains(&start);
    // The scene's text alternative until the script writes the step's own.
    let alt = frames.get(if visible { start } else { steps.end.saturating_sub(1) }).map(|f| f.alt.clone());
    let off = if visible { "" } else { " off" };
    let mut out = String::new();
    let bounds = steps
        .clone()
        .filter_map(|k| frames.get(k)?.board.bounds())
        .reduce(|(lo, hi), (a, b)| (Cell::new(lo.x.min(a.x), lo.y.min(a.y)), Cell::new(hi.x.max(b.x), hi.y.max(b.y))));
    let open = |out: &mut String, width: i32, height: i32, grid: &str| {
        let _ = writeln!(
            out,
            "<svg xmlns=\"http://www.w3.org/2000/svg\" class=\"board{off}\" id=\"c{col}-s{index}\" data-v=\"{}\"{grid} \
role=\"img\" aria-label=\"{}\" width=\"{width}\" height=\"{height}\" viewBox=\"0 0 {width} {height}\" \
font-family=\"DejaVu Sans, Verdana, Arial, sans-serif\">",
            ranges(&shown),
            escape(&alt.clone().unwrap_or_default())
        );
        let _ = writeln!(out, "<rect class=\"ground\" width=\"{width}\" height=\"{height}\" fill=\"#fafaf7\"/>");
    };
    let Some((lo, hi)) = bounds else {
        open(&mut out, 240, 60, "");
        out.push_str("<text x=\"8\" y=\"36\" font-size=\"15\">(empty board)</text>\n</svg>\n");
        return out;
    };
    let grid = Grid::around(lo, hi, TOP);
    // Where cell [x, y]'s north-west corner falls: (ox + x S, oy + y S),
    // for the script that draws the open cells.
    let (ox, oy) = (LEFT - grid.lo.x * S, grid.top - grid.lo.y * S);
    // The margins around the cells, for the script that crops the scene to
    // the tiles shown at each step: left (the y labels), top (the x
    // labels), right, bottom (the legend), and the narrowest width (the
    // legend's).
    let margins = format!(" data-margins=\"{LEFT},{},{RIGHT},{BOTTOM},{NARROWEST}\"", grid.top);
    // The cells the scene spans, its rim included: columns compared side
    // by side stand on stages spanning the same cells, aligned cell for
    // cell.
    let cells = format!(" data-cells=\"{},{},{},{}\"", grid.lo.x, grid.lo.y, grid.hi.x, grid.hi.y);
    open(&mut out, grid.width(), grid.height(), &format!(" data-grid=\"{ox},{oy},{S}\"{margins}{cells}"));
    axes(&mut out, &grid);
    out.push_str("<g class=\"open-cells\"></g>\n");
    let p = pieces(frames, steps);
    for ((cell, number, bonus, corners), at, red) in &p.placed {
        let (x, y) = grid.px(*cell);
        let [a, b, d, e] = corners.0;
        let lit = if red.contains(&start) { " lit" } else { "" };
        let extra = format!(
            "{} data-cell=\"{},{}\" data-corners=\"{a},{b},{d},{e}\" transform=\"translate({x} {y})\"",
            if red.is_empty() { String::new() } else { format!(" data-l=\"{}\"", ranges(red)) },
            cell.x,
            cell.y
        );
        open_group(&mut out, &format!("placed{lit}"), at, start, &extra);
        let _ = write!(out, "<use class=\"t\" href=\"#{}\"/>", tile_id(*corners));
        if let Some(n) = number {
            let _ = write!(
                out,
                "<circle class=\"n\" cx=\"{}\" cy=\"{}\" r=\"11\"/><text class=\"n\" x=\"{}\" y=\"{}\">{n}</text>",
                S / 2,
                S / 2,
                S / 2,
                S / 2 + 5
            );
        }
        if *bonus {
            out.push_str("<use href=\"#bonus-star\"/>");
        }
        out.push_str("</g>\n");
    }
    for (cell, at) in &p.stars {
        open_group(&mut out, "cell-star", at, start, "");
        cell_star(&mut out, &grid, *cell);
        out.push_str("</g>\n");
    }
    for ((cell, label), at) in &p.labels {
        open_group(&mut out, "cell-label", at, start, "");
        cell_label(&mut out, &grid, *cell, label);
        out.push_str("</g>\n");
    }
    legend(&mut out, &grid);
    out.push_str("</svg>\n");
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn steps_are_written_as_runs() {
        assert_eq!(ranges(&BTreeSet::from([0, 1, 2, 5, 7, 8])), "0-2 5-5 7-8");
        assert_eq!(ranges(&BTreeSet::new()), "");
    }

    #[test]
    fn a_new_scene_starts_where_a_tile_goes() {
        let one: Board = [(Cell::new(0, 0), Corners([5, 5, 5, 5]))].into_iter().collect();
        let mut two = one.clone();
        two.insert(Cell::new(1, 0), Corners([5, 5, 2, 5]));
        let frame = |b: &Board| Frame { board: b.clone(), ..Frame::default() };
        let frames = [frame(&Board::new()), frame(&one), frame(&two), frame(&Board::new()), frame(&one)];
        assert_eq!(scenes(&frames), vec![0..3, 3..5]);
        // The same cell with another tile is another board, not a grown one.
        let other: Board = [(Cell::new(0, 0), Corners([4, 4, 4, 4]))].into_iter().collect();
        assert_eq!(scenes(&[frame(&one), frame(&other)]), vec![0..1, 1..2]);
    }

    #[test]
    fn each_placement_is_one_use_of_its_tile_with_the_steps_it_shows_and_is_red_at() {
        use super::super::super::Highlight;
        let one: Board = [(Cell::new(0, 0), Corners([5, 5, 5, 5]))].into_iter().collect();
        let mut two = one.clone();
        two.insert(Cell::new(1, 0), Corners([5, 5, 2, 5]));
        let h = |cell, number, lit| Highlight { cell, number: Some(number), bonus: false, lit };
        let mut frames: Vec<Frame> =
            [&one, &two, &two].iter().map(|b| Frame { board: (*b).clone(), ..Frame::default() }).collect();
        frames[0].marks.highlights = vec![h(Cell::new(0, 0), 1, true)];
        frames[1].marks.highlights = vec![h(Cell::new(0, 0), 1, false), h(Cell::new(1, 0), 2, true)];
        frames[2].marks.highlights = frames[1].marks.highlights.clone();
        let svg = scene_svg(&frames, 0, 0, 0..3, 0);
        assert_eq!(svg.matches("<use class=\"t\"").count(), 2, "{svg}");
        assert!(
            svg.contains("class=\"placed lit\" data-v=\"0-2\" data-l=\"0-0\" data-cell=\"0,0\" data-corners=\"5,5,5,5\" transform=\"translate(104 92)\"><use class=\"t\" href=\"#q5555\"/>"),
            "{svg}"
        );
        // Not shown at the opening step: hidden until the script shows it.
        assert!(svg.contains("class=\"placed off\" data-v=\"1-2\" data-l=\"1-2\" data-cell=\"1,0\""), "{svg}");
        // The grid the script draws open cells on: cell [0, 0] at (104, 92).
        assert!(svg.contains("data-grid=\"104,92,64\""), "{svg}");
        // One definition a tile, however many placements use it.
        let defs = definitions(&frames.iter().collect::<Vec<_>>());
        assert_eq!(defs.matches("<g id=\"q").count(), 2, "{defs}");
        assert!(
            defs.contains(
                "<g id=\"q5525\" class=\"tile\" data-corners=\"5,5,2,5\"><use href=\"#v5nw\"/>\
<use href=\"#v5ne\"/><use href=\"#v2se\"/><use href=\"#v5sw\"/>"
            ),
            "{defs}"
        );
        // The quarters those two tiles show: 5 in every corner, 2 in the
        // south-east.
        assert_eq!(defs.matches("<g id=\"v").count(), 5, "{defs}");
    }
}
