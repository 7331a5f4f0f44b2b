//! A column's boards on a page: its frames cut into scenes (runs of steps in
//! which the board only grows, such as a round), each scene one SVG drawn
//! by the picture code of `--svg` over the bounding box of all its tiles,
//! every placement, open cell, star and red border in it drawn once and
//! marked with the steps it shows at.

use std::collections::BTreeSet;
use std::fmt::Write;

use crate::model::{Board, Cell, Corners};

use super::super::svg::{
    Grid, LIT, PLAIN, S, TOP, axes, badge, bonus_star, border, cell_label, cell_star, escape, legend, open_cell, tile,
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

/// A placement as drawn: its cell, its number in play order and whether it
/// earned a bonus.
type Placed = (Cell, Option<usize>, bool);

/// What a scene draws, each once, with the steps it shows at.
#[derive(Default)]
struct Pieces {
    /// Tiles with their corners.
    placed: Shown<(Placed, Corners)>,
    /// Red borders (with the red number and the star on top).
    lit: Shown<Placed>,
    open: Shown<Cell>,
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
            mark(&mut p.placed, ((cell, number, bonus), corners), k);
            if let Some(h) = h.filter(|h| h.lit) {
                mark(&mut p.lit, (cell, h.number, h.bonus), k);
            }
        }
        for cell in f.board.open_cells() {
            mark(&mut p.open, cell, k);
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
    let open = |out: &mut String, width: i32, height: i32| {
        let _ = writeln!(
            out,
            "<svg xmlns=\"http://www.w3.org/2000/svg\" class=\"board{off}\" id=\"c{col}-s{index}\" data-v=\"{}\" \
role=\"img\" aria-label=\"{}\" width=\"{width}\" height=\"{height}\" viewBox=\"0 0 {width} {height}\" \
font-family=\"DejaVu Sans, Verdana, Arial, sans-serif\">",
            ranges(&shown),
            escape(&alt.clone().unwrap_or_default())
        );
        let _ = writeln!(out, "<rect width=\"{width}\" height=\"{height}\" fill=\"#fafaf7\"/>");
    };
    let Some((lo, hi)) = bounds else {
        open(&mut out, 240, 60);
        out.push_str("<text x=\"8\" y=\"36\" font-size=\"15\">(empty board)</text>\n</svg>\n");
        return out;
    };
    let grid = Grid::around(lo, hi, TOP);
    open(&mut out, grid.width(), grid.height());
    axes(&mut out, &grid);
    let p = pieces(frames, steps);
    for (cell, at) in &p.open {
        open_group(&mut out, "open-cell", at, start, "");
        open_cell(&mut out, &grid, *cell, &format!("c{col}-s{index}-"));
        out.push_str("</g>\n");
    }
    for (i, (((cell, number, bonus), corners), at)) in p.placed.iter().enumerate() {
        let extra = format!(" data-cell=\"{},{}\" data-corners=\"{}\"", cell.x, cell.y, corners_attr(*corners));
        open_group(&mut out, "placed", at, start, &extra);
        let id = format!("c{col}-s{index}-p{i}");
        tile(&mut out, &id, grid.px(*cell), S, *corners, PLAIN);
        if let Some(n) = number {
            badge(&mut out, &grid, *cell, *n, false, &format!("c{col}-s{index}-p{i}-"));
        }
        if *bonus {
            bonus_star(&mut out, &grid, *cell);
        }
        out.push_str("</g>\n");
    }
    for (i, ((cell, number, bonus), at)) in p.lit.iter().enumerate() {
        let extra = format!(" data-cell=\"{},{}\"", cell.x, cell.y);
        open_group(&mut out, "lit", at, start, &extra);
        border(&mut out, grid.px(*cell), S, LIT);
        if let Some(n) = number {
            badge(&mut out, &grid, *cell, *n, true, &format!("c{col}-s{index}-l{i}-"));
        }
        if *bonus {
            bonus_star(&mut out, &grid, *cell);
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

fn corners_attr(c: Corners) -> String {
    let [a, b, d, e] = c.0;
    format!("{a},{b},{d},{e}")
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
    fn each_placement_is_drawn_once_with_the_steps_it_shows_at() {
        let one: Board = [(Cell::new(0, 0), Corners([5, 5, 5, 5]))].into_iter().collect();
        let mut two = one.clone();
        two.insert(Cell::new(1, 0), Corners([5, 5, 2, 5]));
        let frames: Vec<Frame> =
            [&one, &two, &two].iter().map(|b| Frame { board: (*b).clone(), ..Frame::default() }).collect();
        let svg = scene_svg(&frames, 0, 0, 0..3, 0);
        assert_eq!(svg.matches("class=\"tile\"").count(), 2, "{svg}");
        assert!(svg.contains("class=\"placed\" data-v=\"0-2\" data-cell=\"0,0\""), "{svg}");
        // Not shown at the opening step: hidden until the script shows it.
        assert!(svg.contains("class=\"placed off\" data-v=\"1-2\" data-cell=\"1,0\""), "{svg}");
        // [1, 0] is open at step 0 only; [2, 0] from step 1.
        assert!(svg.contains("data-v=\"0-0\"><rect class=\"open\" id=\"c0-s0-open-1-0\""), "{svg}");
        assert!(svg.contains("data-v=\"1-2\"><rect class=\"open\" id=\"c0-s0-open-2-0\""), "{svg}");
    }
}
