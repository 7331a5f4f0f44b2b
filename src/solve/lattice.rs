//! The lattice view of a weight fill. Where every value on a lattice point
//! must agree (R2 = every value, R3 = no, R5 = no) and nothing on the board
//! touches the region, a fill is exactly an assignment of a value 0-5 to
//! each lattice point of the region: each cell's tile is read off its four
//! corner points and must be a playable orientation (R1) of a distinct pool
//! tile. Whether a tile is legal as if placed last then depends only on the
//! region's shape (how many of its corners other region cells touch), not on
//! the values, and the weight is the sum over points of value times the
//! number of region cells on the point. The native search here assigns
//! points from the middle of the region out, bounded by the heaviest free
//! tiles the open cells could still hold (distinct, each fitting its fixed
//! corners and showing on the points it shares with other open cells
//! values they can show there; `lattice/bound.rs`); the SMT encoding of the
//! same view is in `smt/lattice_fill.rs`.

// Indexing here cannot panic on input: point, cell and tile indices come from the view built here from the region and the pool.
#![allow(clippy::indexing_slicing)]

use std::collections::BTreeMap;
use std::time::Instant;

use self::shared::{piece_points, shared_out};
use super::best::Shared;
use super::budget::Budget;
use super::falling::Falling;
use super::{Answer, FillGoal, FillObjective, Limits, Play, PlayKind, Puzzle, Stats, Stop};
use crate::model::{Cell, Corner, Corners, Direction, Point, TileId};
use crate::rules::{CornerMatch, quick_judge_with};

/// No tile (in the corner-code table) or no value yet (at a point).
pub const NONE: u8 = u8::MAX;

/// The first points whose branches' bounds are kept while they are
/// searched, so that the bound reported falls as they are settled: a few,
/// for their bounds are worked out twice.
const TRACKED: usize = 4;

/// A weight fill seen as values on lattice points.
#[derive(Clone, Debug)]
pub struct LatticeView {
    /// The region's lattice points, in the order the search gives them
    /// values (see [`middle_out`]).
    pub points: Vec<Point>,
    /// The region cells in the goal's order, each with the indices of its
    /// points at `[nw, ne, se, sw]`.
    pub cells: Vec<(Cell, [usize; 4])>,
    /// How many region cells sit on each point.
    // Read by the z3 encoding of the fill and by the tests: a build without
    // the `smt` feature keeps it all the same, so that the view is one type.
    #[cfg_attr(not(feature = "smt"), allow(dead_code))]
    pub degree: Vec<i64>,
    /// The pool tiles that have a playable orientation, each once.
    pub tiles: Vec<TileId>,
    /// The pool tile (index into `tiles`) whose playable orientation these
    /// corners are, by the code of the corners, or `NONE`.
    pub tile_of: Vec<u8>,
    /// Quarter turns of the whole region that map it onto itself and every
    /// playable orientation of a pool tile onto another: each given as the
    /// point every point goes to.
    pub turns: Vec<Vec<usize>>,
}

/// Where a turn of the region sends a lattice point.
type PointMap<'a> = Box<dyn Fn(&Point) -> (i32, i32) + 'a>;

fn code(c: [u8; 4]) -> usize {
    c.iter().fold(0, |acc, &v| acc * 6 + usize::from(v))
}

impl LatticeView {
    /// The view of `goal` on `puzzle`, when it is exactly equivalent to the
    /// cell-by-cell fill search: a weight fill under strict agreement, no
    /// board tile next to (or diagonal to) any region cell, a pool of
    /// distinct tiles, every cell touched at two corners or more and sharing
    /// a side with another region cell, and (where diagonal neighbours do
    /// not count, R4 = no) no point whose region cells meet only diagonally,
    /// which the rules would let disagree.
    pub fn of(puzzle: &Puzzle, goal: &FillGoal) -> Option<LatticeView> {
        LatticeView::in_orders(puzzle, goal, |reading| vec![middle_out(&reading), reading])
    }

    /// [`LatticeView::of`] with the points in the first of the `orders`
    /// made from the points in reading order that keeps the search's open
    /// cells to one 64-bit set.
    fn in_orders(
        puzzle: &Puzzle,
        goal: &FillGoal,
        orders: impl FnOnce(Vec<(i32, i32)>) -> Vec<Vec<(i32, i32)>>,
    ) -> Option<LatticeView> {
        let variant = &puzzle.variant;
        let rules = variant.rules();
        let strict = rules.corner_match == CornerMatch::EveryValue
            && !rules.unmatched_corners.yes()
            && !rules.equal_weight.yes();
        if goal.objective != FillObjective::Weight || !strict || goal.region.is_empty() {
            return None;
        }
        let diagonal = rules.diagonal_neighbours.yes();
        let region: std::collections::BTreeSet<Cell> = goal.region.iter().copied().collect();
        if region.len() != goal.region.len() {
            return None;
        }
        for &c in &goal.region {
            if puzzle.board.get(c).is_some()
                || Direction::ALL.iter().any(|&d| puzzle.board.get(c.neighbour(d)).is_some())
            {
                return None;
            }
            if !Direction::EDGES.iter().any(|&d| region.contains(&c.neighbour(d))) {
                return None;
            }
        }
        let mut on_point: BTreeMap<(i32, i32), Vec<Cell>> = BTreeMap::new();
        for &c in &goal.region {
            for k in Corner::ALL {
                let p = c.point(k);
                on_point.entry((p.y, p.x)).or_default().push(c);
            }
        }
        let touches = |a: Cell, b: Cell| {
            let (dx, dy) = ((a.x - b.x).abs(), (a.y - b.y).abs());
            dx + dy == 1 || (diagonal && dx == 1 && dy == 1)
        };
        for cells in on_point.values() {
            // Cells on one point agree when each touches another there (two
            // cells meeting only diagonally, where that does not count, are
            // the one case that does not join them).
            if cells.len() == 2 && !touches(cells[0], cells[1]) {
                return None;
            }
        }
        // Legal as if placed last needs two touched (hence matched) corners.
        for &c in &goal.region {
            let touched = Corner::ALL
                .iter()
                .filter(|&&k| on_point[&(c.point(k).y, c.point(k).x)].iter().any(|&o| o != c && touches(o, c)))
                .count();
            if touched < 2 {
                return None;
            }
        }
        // The points are searched from the middle of the region out, where
        // the search keeps the cells that know a corner but are not complete
        // as one 64-bit set; in reading order (a row of cells open at a
        // time) when the ring around the middle would grow past that.
        let reading: Vec<(i32, i32)> = on_point.keys().copied().collect();
        let (order, index, cells) = orders(reading).into_iter().find_map(|order| {
            let index: BTreeMap<(i32, i32), usize> = order.iter().enumerate().map(|(i, &k)| (k, i)).collect();
            let cells: Vec<(Cell, [usize; 4])> =
                goal.region.iter().map(|&c| (c, Corner::ALL.map(|k| index[&(c.point(k).y, c.point(k).x)]))).collect();
            frontier(&cells).iter().all(|open| open.len() <= 64).then_some((order, index, cells))
        })?;
        let points: Vec<Point> = order.iter().map(|&(y, x)| Point { x, y }).collect();
        let degree: Vec<i64> = order.iter().map(|k| on_point[k].len() as i64).collect();
        let mut tiles: Vec<TileId> = Vec::new();
        let mut tile_of = vec![NONE; 6 * 6 * 6 * 6];
        let mut seen = std::collections::BTreeSet::new();
        for &t in &goal.pool {
            if !seen.insert(t) {
                return None;
            }
            let orientations = variant.orientations().of(variant.tile_set(), t);
            if orientations.is_empty() {
                continue;
            }
            let i = u8::try_from(tiles.len()).ok().filter(|&i| i != NONE)?;
            for c in orientations {
                tile_of[code(c.0)] = i;
            }
            tiles.push(t);
        }
        // The search keeps the free tiles as one 128-bit set.
        if tiles.len() > 128 {
            return None;
        }
        // Whole-region quarter (and half) turns, for symmetry breaking: sound
        // when the region maps onto itself and every playable orientation of
        // a pool tile turned is another one of the same tile (degrees, touched
        // corners and weights then map too, so a fill turned is a fill of the
        // same weight).
        let closed = tiles.iter().all(|&t| {
            variant.orientations().of(variant.tile_set(), t).iter().all(|c| tile_of[code(c.rotate_cw().0)] != NONE)
        });
        let (x0, y0) = (points.iter().map(|p| p.x).min()?, points.iter().map(|p| p.y).min()?);
        let (x1, y1) = (points.iter().map(|p| p.x).max()?, points.iter().map(|p| p.y).max()?);
        let (w, h) = (x1 - x0, y1 - y0);
        let mut turns = Vec::new();
        if closed {
            let half = |p: &Point| (x0 + (w - (p.x - x0)), y0 + (h - (p.y - y0)));
            let quarter = |p: &Point| (x0 + (h - (p.y - y0)), y0 + (p.x - x0));
            let mut maps: Vec<PointMap> = vec![Box::new(half)];
            if w == h {
                maps.push(Box::new(quarter));
                maps.push(Box::new(move |p: &Point| {
                    let (x, y) = quarter(p);
                    quarter(&Point { x, y })
                }));
                maps.push(Box::new(move |p: &Point| {
                    let (x, y) = half(p);
                    quarter(&Point { x, y })
                }));
            }
            for map in maps {
                // A point map that is a turn of the region: each cell's four
                // points go to the four points of a region cell.
                let to: Option<Vec<usize>> = points
                    .iter()
                    .map(|p| {
                        index
                            .get(&{
                                let (x, y) = map(p);
                                (y, x)
                            })
                            .copied()
                    })
                    .collect();
                let Some(to) = to else { continue };
                let mut corner_sets: std::collections::BTreeSet<[usize; 4]> = std::collections::BTreeSet::new();
                for (_, ps) in &cells {
                    let mut s = *ps;
                    s.sort_unstable();
                    corner_sets.insert(s);
                }
                let onto = cells.iter().all(|(_, ps)| {
                    let mut s = ps.map(|p| to[p]);
                    s.sort_unstable();
                    corner_sets.contains(&s)
                });
                if onto {
                    turns.push(to);
                }
            }
        }
        Some(LatticeView { points, cells, degree, tiles, tile_of, turns })
    }

    /// The pool tile (index into `tiles`) these corners are a playable
    /// orientation of.
    pub fn tile_of(&self, corners: [u8; 4]) -> Option<usize> {
        if corners.iter().any(|&v| v > 5) {
            return None;
        }
        let t = self.tile_of[code(corners)];
        (t != NONE).then_some(usize::from(t))
    }

    /// Every playable orientation of each pool tile, by tile index.
    pub(crate) fn orientations(&self) -> Vec<Vec<[u8; 4]>> {
        let mut out = vec![Vec::new(); self.tiles.len()];
        for c in 0..self.tile_of.len() {
            let t = self.tile_of[c];
            if t != NONE {
                let mut v = [0u8; 4];
                let mut rest = c;
                for k in (0..4).rev() {
                    v[k] = (rest % 6) as u8;
                    rest /= 6;
                }
                out[usize::from(t)].push(v);
            }
        }
        out
    }

    /// The first point (in the search's order) that some turn moves, with
    /// the other points the turns put there: a fill turned so that the
    /// greatest value among them sits on the first is as good, so the
    /// search may ask that it holds the greatest. Every point of the turns'
    /// orbit of it comes after it in the order (each is moved by a turn
    /// too), so its value is known when theirs are chosen.
    pub(crate) fn leader(&self) -> Option<(usize, Vec<usize>)> {
        let first = (0..self.points.len()).find(|&p| self.turns.iter().any(|to| to[p] != p))?;
        let mut rivals: Vec<usize> = self.turns.iter().map(|to| to[first]).filter(|&q| q != first).collect();
        rivals.sort_unstable();
        rivals.dedup();
        Some((first, rivals))
    }

    /// The plays of a fill given by its point values, in the goal's order,
    /// with the bonus each earns judged on the finished board.
    pub fn plays(&self, puzzle: &Puzzle, values: &[u8]) -> Vec<Play> {
        let placed: BTreeMap<Cell, Corners> =
            self.cells.iter().map(|&(c, ps)| (c, Corners(ps.map(|p| values[p])))).collect();
        let tile_at = |c: Cell| placed.get(&c).copied().or_else(|| puzzle.board.get(c));
        self.cells
            .iter()
            .map(|&(at, _)| {
                let corners = placed[&at];
                let bonus = quick_judge_with(&puzzle.variant, at, corners, tile_at).unwrap_or(false);
                Play {
                    tile: corners.id(),
                    at,
                    corners,
                    kind: PlayKind::Fill,
                    points: i64::from(corners.weight()),
                    bonus,
                    choice: None,
                }
            })
            .collect()
    }
}

/// The points (as `(y, x)`) in the order the search gives them values:
/// nearest the middle of the region (the mean of its points) first, points
/// as near in the order of their direction from it (clockwise, on the
/// board, from the west). The middle points are shared by four cells
/// (the heaviest) and fix the most tiles' corners at once: the bound sees
/// early that the heaviest tiles do not fit together there, where a search
/// row by row from the edge only finds out rows later (on the English
/// 5x5 weight fill, about 130 thousand nodes against 41 million).
fn middle_out(points: &[(i32, i32)]) -> Vec<(i32, i32)> {
    let n = points.len() as i64;
    let (sy, sx) = points.iter().fold((0i64, 0i64), |(a, b), &(y, x)| (a + i64::from(y), b + i64::from(x)));
    // Each point's offset from the mean, scaled by the number of points so
    // that it is whole.
    let offset = |&(y, x): &(i32, i32)| (n * i64::from(x) - sx, n * i64::from(y) - sy);
    // The direction's half turn: from the west (excluded) clockwise on the
    // board (y grows south) to the east, then on to the west.
    let half = |(dx, dy): (i64, i64)| u8::from(dy > 0 || (dy == 0 && dx < 0));
    let mut order = points.to_vec();
    order.sort_by(|a, b| {
        let (da, db) = (offset(a), offset(b));
        let near = (da.0 * da.0 + da.1 * da.1).cmp(&(db.0 * db.0 + db.1 * db.1));
        // Within a half turn, `a` comes first when `b` is clockwise of it.
        near.then(half(da).cmp(&half(db))).then(0.cmp(&(da.0 * db.1 - da.1 * db.0)))
    });
    order
}

/// By `next`, for `next` from 0 to the number of points: the cells that know
/// a corner but not all four once points `0..next` hold values.
fn frontier(cells: &[(Cell, [usize; 4])]) -> Vec<Vec<usize>> {
    let n = cells.iter().flat_map(|(_, ps)| ps.iter().copied()).max().map_or(0, |p| p + 1);
    let spans: Vec<(usize, usize)> =
        cells.iter().map(|(_, ps)| (*ps.iter().min().unwrap_or(&0), *ps.iter().max().unwrap_or(&0))).collect();
    (0..=n).map(|next| (0..spans.len()).filter(|&j| spans[j].0 < next && spans[j].1 >= next).collect()).collect()
}

/// What a search (or one piece of a shared one) found: its best fill, its
/// nodes, and what stopped it.
type Outcome = (Option<(i64, Vec<u8>)>, u64, Option<Stop>);

/// Solves a weight fill through its lattice view (exactly, or until the
/// limits stop it).
pub(crate) fn solve(puzzle: &Puzzle, view: &LatticeView, limits: &Limits) -> Answer {
    let started = Instant::now();
    let n = view.points.len();
    let tables = Tables::of(view, limits);
    let mut search = LatticeSearch::new(&tables, None, started);
    #[cfg(test)]
    {
        search.budget.max_nodes = MAX_NODES.with(std::cell::Cell::get);
    }
    // The lower of two bounds: the tiles that fit, and the region's shape.
    let root = search.bound(0, i64::MIN).map(|r| flat::shape(view).and_then(|s| s.bound).map_or(r, |s| r.min(s)));
    // Where no fill can exist, there is nothing for probes to prove.
    let probe_from = root.unwrap_or(i64::MIN);
    let root = root.unwrap_or(0);
    limits.bounded(root);
    let split = piece_points(view);
    let ((mut best, nodes, mut why, lowest), probed) = relax::beside(view, limits, started, probe_from, || {
        if limits.workers() > 1 && split < n {
            let (best, nodes, why) = shared_out(&tables, split, started);
            (best, nodes, why, root)
        } else {
            search.go(0, 0);
            (search.best, search.budget.nodes, search.budget.why, search.falling.lowest().min(root))
        }
    });
    // The probes beside the search: a lower bound, and a fill that may
    // beat the search's where it was cut short (taken only when better, so
    // that a search run to its end answers as without them).
    let lowest = lowest.min(probed.bound.unwrap_or(i64::MAX));
    if let Some(fill) = probed.fill
        && best.as_ref().is_none_or(|b| fill.0 > b.0)
    {
        best = Some(fill);
    }
    // A fill that reaches the bound is optimal, wherever the search stopped.
    if best.as_ref().is_some_and(|b| b.0 >= lowest) {
        why = None;
    }
    let proven = why.is_none();
    let stats = Stats { solver: "native", nodes, micros: started.elapsed().as_micros() as u64, stopped: why };
    let (score, plays) = match &best {
        Some((score, values)) => (*score, view.plays(puzzle, values)),
        None => (0, Vec::new()),
    };
    let bound = (!proven).then(|| lowest.max(score));
    Answer { score, proven, bound, plays, all: Vec::new(), count: None, stats }
}

#[cfg(test)]
thread_local! {
    /// The most nodes a test lets the search on one thread visit.
    static MAX_NODES: std::cell::Cell<u64> = const { std::cell::Cell::new(u64::MAX) };
}

impl<'a> Tables<'a> {
    pub fn of(view: &'a LatticeView, limits: &'a Limits) -> Tables<'a> {
        let n = view.points.len();
        // The cells each point completes: those whose last point (in reading
        // order) it is.
        let mut completes: Vec<Vec<usize>> = vec![Vec::new(); n];
        for (j, (_, ps)) in view.cells.iter().enumerate() {
            completes[*ps.iter().max().unwrap_or(&0)].push(j);
        }
        let first: Vec<usize> = view.cells.iter().map(|(_, ps)| *ps.iter().min().unwrap_or(&0)).collect();
        // Once points `0..next` hold values: the open cells that know a corner,
        // and how many know none.
        let mut known = frontier(&view.cells);
        // The cells on the point last given a value come first: a branch
        // with no tile left for a cell mostly fails there, and the bound
        // looks at those cells before the others.
        let mut touch = vec![0; n + 1];
        for (next, cells) in known.iter_mut().enumerate().skip(1) {
            cells.sort_by_key(|&j| !view.cells[j].1.contains(&(next - 1)));
            touch[next] = cells.iter().take_while(|&&j| view.cells[j].1.contains(&(next - 1))).count();
        }
        // By `next`: each open cell that knows a corner (its place in
        // `known[next]`) with the corners it shares, still without a value,
        // with another such cell: only a point two of them are on can narrow
        // either.
        let shared: Vec<Vec<(usize, u8)>> = known
            .iter()
            .enumerate()
            .map(|(next, cells)| {
                let on = |p: usize| cells.iter().filter(|&&j| view.cells[j].1.contains(&p)).count();
                cells
                    .iter()
                    .enumerate()
                    .filter_map(|(i, &j)| {
                        let corners = (0..4)
                            .filter(|&k| view.cells[j].1[k] >= next && on(view.cells[j].1[k]) >= 2)
                            .fold(0u8, |a, k| a | 1 << k);
                        (corners != 0).then_some((i, corners))
                    })
                    .collect()
            })
            .collect();
        let wild: Vec<usize> = (0..=n).map(|next| first.iter().filter(|&&f| f >= next).count()).collect();
        // The search numbers the pool tiles heaviest first (ties in the view's
        // order), so that a set of tiles, read from its lowest bit up, lists
        // them by weight.
        let mut by_weight: Vec<usize> = (0..view.tiles.len()).collect();
        by_weight.sort_by_key(|&t| std::cmp::Reverse(view.tiles[t].weight()));
        let mut rank = vec![0u8; view.tiles.len()];
        for (r, &t) in by_weight.iter().enumerate() {
            // At most 128 tiles (the view refuses more), so a rank fits a byte.
            rank[t] = r as u8;
        }
        let weight: Vec<i64> = by_weight.iter().map(|&t| i64::from(view.tiles[t].weight())).collect();
        // The tiles (by rank) with an orientation that fits each pattern of
        // known corners (a value 0-5, or 6 for not yet known).
        let mut fits = vec![0u128; 7 * 7 * 7 * 7];
        for (t, list) in view.orientations().iter().enumerate() {
            for o in list {
                for pattern in 0..16u32 {
                    let p: [usize; 4] =
                        std::array::from_fn(|k| if pattern & (1 << k) != 0 { usize::from(o[k]) } else { 6 });
                    fits[p.iter().fold(0, |a, &v| a * 7 + v)] |= 1u128 << rank[t];
                }
            }
        }
        // Every pool tile, by rank.
        let all = if weight.len() == 128 { u128::MAX } else { (1u128 << weight.len()) - 1 };
        Tables { view, limits, completes, known, touch, shared, wild, weight, rank, all, fits, leader: view.leader() }
    }
}

/// What every worker of one lattice search reads and none changes.
pub struct Tables<'a> {
    pub view: &'a LatticeView,
    pub limits: &'a Limits,
    pub completes: Vec<Vec<usize>>,
    /// By `next`: the open cells with a corner among points `0..next`.
    pub known: Vec<Vec<usize>>,
    /// By `next`: how many of `known[next]`, the first, are on point
    /// `next - 1`.
    pub touch: Vec<usize>,
    /// By `next`: the open cells that share a point without a value with
    /// another, by their place in `known[next]`, and those corners (bits).
    pub shared: Vec<Vec<(usize, u8)>>,
    /// By `next`: how many cells have no corner among points `0..next`.
    pub wild: Vec<usize>,
    /// Tile weights by rank.
    pub weight: Vec<i64>,
    /// Each view tile's rank: its place among the pool tiles heaviest first.
    pub rank: Vec<u8>,
    /// Every pool tile, as a set of ranks.
    pub all: u128,
    pub fits: Vec<u128>,
    /// A point, and the points that may hold no more than it (symmetry;
    /// whole region only).
    pub leader: Option<(usize, Vec<usize>)>,
}

/// The values of the first points, as one worker's piece of the search
/// starts from them.
struct Prefix {
    values: Vec<u8>,
    used: u128,
    score: i64,
    /// The most a fill starting with these values can score.
    reach: i64,
}

pub struct LatticeSearch<'a> {
    pub t: &'a Tables<'a>,
    pub values: Vec<u8>,
    pub used: u128,
    /// The best fill this search has found: the first of its score in the
    /// search's order, so that a search shared out among threads gives the
    /// answer one thread gives.
    pub best: Option<(i64, Vec<u8>)>,
    /// When the search is shared out: the best fill any piece has found,
    /// as [`Shared`] keeps it, and this piece's place in the search's order.
    /// A branch is cut when it cannot beat that fill, or only tie it and
    /// that fill's piece comes first (ties go to the earlier piece).
    shared: Option<(&'a Shared, usize)>,
    /// When collecting the pieces to share out: the number of points they
    /// fix, and the pieces found so far.
    pieces: Option<(usize, Vec<Prefix>)>,
    /// The bound of the branch about to be searched: its score and the most
    /// its open cells can add, as the bound that let it through found it.
    pub reach: i64,
    /// The values' bounds at the first points ([`TRACKED`]) on the current
    /// line: the bound falls as the search goes on, not only at its end. A
    /// search shared out reports by its pieces instead.
    falling: Falling,
    pub budget: Budget<'a>,
    /// The free tiles fitting each open cell that knows a corner, the first
    /// `known` of them, split into the tiles of rank below 64 and the rest so
    /// that one tile's cells are read with 64-bit shifts.
    pub masks: [[u64; 64]; 2],
    pub known: usize,
    /// The values each lattice point can still take (bits 0-5), all six
    /// outside [`LatticeSearch::propagate`].
    pub domain: Vec<u8>,
    /// The values the point a branch assigns next can take, as the bound
    /// that let the branch through found them (bits 0-5): any other value
    /// leaves an open cell on that point without a free tile.
    pub ahead: u8,
    /// For each open cell that knows a corner, each corner and each value:
    /// the free tiles that fit the cell with that value there.
    pub fits_at: Vec<[[u128; 6]; 4]>,
    /// The corner code of each open cell that knows a corner, as
    /// [`LatticeSearch::bound`] last read them.
    pub codes: [usize; 64],
    /// The tile (rank) each open cell that knows a corner holds in the
    /// matching, where the matching's `owned` has the cell's bit.
    pub owner: [u8; 64],
    /// The open cells (as bits) each tile tried in the matching fits.
    pub cells_of: [u64; 128],
}

impl<'a> LatticeSearch<'a> {
    fn new(t: &'a Tables<'a>, shared: Option<(&'a Shared, usize)>, started: Instant) -> LatticeSearch<'a> {
        LatticeSearch {
            t,
            values: vec![NONE; t.view.points.len()],
            used: 0,
            best: None,
            shared,
            pieces: None,
            reach: i64::MAX,
            falling: Falling::default(),
            budget: Budget::new(t.limits, started),
            masks: [[0; 64]; 2],
            known: 0,
            domain: vec![0x3f; t.view.points.len()],
            ahead: 0x3f,
            fits_at: vec![[[0; 6]; 4]; 64],
            codes: [0; 64],
            owner: [0; 64],
            cells_of: [0; 128],
        }
    }

    /// The least a branch must be able to reach to be worth taking: more
    /// than this search's best, and at least the best any piece has found
    /// (more than it, when that fill's piece comes first).
    fn floor(&self) -> i64 {
        let mine = self.best.as_ref().map_or(i64::MIN, |(best, _)| best + 1);
        let theirs = self.shared.and_then(|(g, piece)| g.floor(piece)).unwrap_or(i64::MIN);
        mine.max(theirs)
    }

    pub fn go(&mut self, next: usize, score: i64) {
        if self.budget.spend() {
            return;
        }
        if let Some((depth, pieces)) = &mut self.pieces
            && next == *depth
        {
            pieces.push(Prefix { values: self.values[..next].to_vec(), used: self.used, score, reach: self.reach });
            return;
        }
        if next == self.values.len() {
            if self.best.as_ref().is_none_or(|b| score > b.0) {
                self.t.limits.found(score);
                self.best = Some((score, self.values.clone()));
                if let Some((g, piece)) = self.shared {
                    g.offer(score, piece);
                }
            }
            return;
        }
        let cap = match &self.t.leader {
            Some((first, rivals)) if rivals.contains(&next) => self.values[*first],
            _ => 5,
        };
        let ahead = self.ahead;
        let tracked = next < TRACKED && self.pieces.is_none() && self.shared.is_none();
        if tracked {
            // Each branch's bound, before any is searched.
            let mut bounds = Vec::new();
            for v in (0..=cap).rev().filter(|v| ahead & (1 << v) != 0) {
                let before = self.used;
                let reach =
                    self.assign(next, v).and_then(|gained| Some(score + gained + self.bound(next + 1, i64::MIN)?));
                self.used = before;
                bounds.push(reach.unwrap_or(i64::MIN));
            }
            self.falling.enter(bounds);
        }
        for v in (0..=cap).rev().filter(|v| ahead & (1 << v) != 0) {
            let before = self.used;
            if let Some(gained) = self.assign(next, v) {
                let score = score + gained;
                let need = self.floor().saturating_sub(score);
                // The bound is only given when it reaches `need`.
                if let Some(rest) = self.bound(next + 1, need) {
                    self.reach = score + rest;
                    self.go(next + 1, score);
                }
            }
            self.used = before;
            if self.budget.stopped() {
                break;
            }
            if tracked && let Some(bound) = self.falling.settled(self.best.as_ref().map_or(i64::MIN, |b| b.0)) {
                self.t.limits.bounded(bound);
            }
        }
        if tracked {
            self.falling.leave();
        }
        self.values[next] = NONE;
    }

    /// Gives point `next` value `v`: the weight of the cells that value
    /// completes, their tiles marked used; `None` when one of them is no
    /// free tile (the tiles marked so far are the caller's to take back).
    pub fn assign(&mut self, next: usize, v: u8) -> Option<i64> {
        self.values[next] = v;
        let mut gained = 0;
        for i in 0..self.t.completes[next].len() {
            let j = self.t.completes[next][i];
            let corners = self.t.view.cells[j].1.map(|p| self.values[p]);
            match self.t.view.tile_of(corners).map(|t| usize::from(self.t.rank[t])) {
                Some(t) if self.used & (1u128 << t) == 0 => {
                    self.used |= 1u128 << t;
                    gained += self.t.weight[t];
                }
                _ => return None,
            }
        }
        Some(gained)
    }
}

mod bound;
pub(crate) mod flat;
#[cfg(test)]
mod found_605;
#[cfg(feature = "lab")]
pub mod lab;
mod relax;
mod rim;
mod shared;
#[cfg(test)]
mod tests;
