//! A prototype, not part of the solver: a beam search over the lattice
//! points, to look for a heavy fill of a large region (the English 7x7)
//! faster than the lattice search finds one. The points are set one at a
//! time in a fixed order; each step gives every kept partial fill each
//! value its next point can take, checks the cells that value completes
//! (each a free tile, as the lattice search checks them), and keeps the
//! `width` children with the highest score plus the lattice search's own
//! bound on the rest (the matching of heaviest free tiles), which also
//! drops children that have no completion. Children with the same used
//! tiles and the same values on the points open cells still need have the
//! same future, so only the heaviest of them is kept. The tests here that
//! measure it are ignored; run them by hand (see `BEAM_*` below).

// Indexing here cannot panic on input: point, cell and tile indices come from the view and tables the search is built on.
#![allow(clippy::indexing_slicing)]

use std::collections::HashSet;
use std::hash::{Hash, Hasher};
use std::time::{Duration, Instant};

use quadominos::model::Point;
use quadominos::solve::Limits;
use quadominos::solve::lab::{LatticeSearch, LatticeView, NONE, Tables};

/// How the beam runs.
#[derive(Clone, Debug)]
pub struct BeamOptions {
    /// How many partial fills are kept after each step.
    pub width: usize,
    /// The most children of one partial fill kept (diversity).
    pub per_parent: usize,
    /// Threads expanding the beam.
    pub threads: usize,
    /// Cut the children whose bound cannot beat this (a fill already
    /// known): `i64::MIN` for none.
    pub floor: i64,
    /// Print the reach of the beam every few points.
    pub verbose: bool,
    /// Among children of the same reach, which come first: 0 the heavier,
    /// 1 in an order fixed by their hash (as if at random), 2 the lighter.
    pub tie: u8,
    /// Thousandths of a point of weight given each unit of flexibility
    /// (see [`flexibility`]) in the order children are kept by.
    pub lambda: i64,
}

/// A child of a kept partial fill: its parent, the value given, and what
/// that value left.
#[derive(Clone, Copy)]
struct Child {
    reach: i64,
    /// What the beam keeps the most of: the reach in thousandths, plus
    /// [`BeamOptions::lambda`] times the flexibility.
    prio: i64,
    score: i64,
    used: u128,
    parent: u32,
    value: u8,
    ahead: u8,
    key: u64,
    /// What orders children of the same reach (see [`BeamOptions::tie`]).
    tie: i64,
}

/// How many ways the open cells that know a corner still have, as the
/// bound last narrowed them: the sum of the logarithms of their counts of
/// fitting free tiles, in thousandths.
fn flexibility(search: &LatticeSearch<'_>) -> i64 {
    (0..search.known)
        .map(|j| {
            let count = search.masks[0][j].count_ones() + search.masks[1][j].count_ones();
            (f64::from(count).ln() * 1000.0) as i64
        })
        .sum()
}

/// The view with its points set in the order `key` sorts them (no turns:
/// the beam breaks no symmetry).
pub fn permuted(view: &LatticeView, key: impl Fn(&Point) -> (i32, i32)) -> LatticeView {
    let mut order: Vec<usize> = (0..view.points.len()).collect();
    order.sort_by_key(|&p| key(&view.points[p]));
    let mut place = vec![0; order.len()];
    for (i, &p) in order.iter().enumerate() {
        place[p] = i;
    }
    LatticeView {
        points: order.iter().map(|&p| view.points[p]).collect(),
        cells: view.cells.iter().map(|&(c, ps)| (c, ps.map(|p| place[p]))).collect(),
        degree: order.iter().map(|&p| view.degree[p]).collect(),
        tiles: view.tiles.clone(),
        tile_of: view.tile_of.clone(),
        turns: Vec::new(),
    }
}

/// The view of `goal` in one of the orders the prototype tries by name:
/// `mid` (the search's own), `rows`, `diag` (anti-diagonals from the
/// north-west), `cols`, `band` (from the edge in).
pub fn view_in(puzzle: &quadominos::solve::Puzzle, order: &str) -> LatticeView {
    let quadominos::solve::Goal::Fill(goal) = &puzzle.goal else { panic!("a fill") };
    let mut view = match order {
        "mid" => LatticeView::of(puzzle, goal),
        _ => LatticeView::in_reading_order(puzzle, goal),
    }
    .expect("a lattice fill");
    // In the search's own order the beam breaks symmetry as the search
    // does (the leader's cap); in the others it breaks none.
    match order {
        "diag" => view = permuted(&view, |p| (p.x + p.y, p.x)),
        "cols" => view = permuted(&view, |p| (p.x, p.y)),
        "band" => view = from_the_edge_in(&view),
        "mid" if std::env::var("BEAM_SYM").is_ok_and(|v| v == "1") => {}
        _ => view.turns.clear(),
    }
    view
}

/// The view with its points set band by band from the region's edge in:
/// round the outer ring of cells first, each cell's outer and inner points
/// together (so a cell is complete every point or two), then the next
/// ring's inner points, and so on to the middle. For a square region only.
fn from_the_edge_in(view: &LatticeView) -> LatticeView {
    let n = view.points.iter().map(|p| p.x).max().unwrap_or(0);
    let middle = f64::from(n) / 2.0;
    permuted(view, |p| {
        let ring = p.x.min(p.y).min(n - p.x).min(n - p.y);
        let band = (ring - 1).max(0);
        let angle = (f64::from(p.y) - middle).atan2(f64::from(p.x) - middle) + std::f64::consts::PI;
        (band, (angle * 1000.0) as i32 * 16 + ring)
    })
}

/// The beam over `tables`' view: the best complete fill (score, values by
/// point) it ends with, if any survives.
pub fn beam(tables: &Tables<'_>, options: &BeamOptions, started: Instant) -> Option<(i64, Vec<u8>)> {
    let n = tables.view.points.len();
    let (values, kept) = beam_to(tables, options, started, n);
    let (i, &(score, _, _)) = kept.iter().enumerate().max_by_key(|(i, k)| (k.0, std::cmp::Reverse(*i)))?;
    Some((score, values[i * n..(i + 1) * n].to_vec()))
}

/// A kept partial fill: its score, used tiles, and the values its next
/// point can take.
type Kept = (i64, u128, u8);

/// The beam run to point `depth`: the kept partial fills' values (`depth`
/// a fill, one after another) and their score, used tiles and next
/// values, best first.
fn beam_to(tables: &Tables<'_>, options: &BeamOptions, started: Instant, depth: usize) -> (Vec<u8>, Vec<Kept>) {
    let n = tables.view.points.len();
    // By `next`: the points with a value that an open cell still needs.
    let frontier: Vec<Vec<usize>> = (0..=n)
        .map(|next| {
            let mut ps: Vec<usize> =
                tables.known[next].iter().flat_map(|&j| tables.view.cells[j].1).filter(|&p| p < next).collect();
            ps.sort_unstable();
            ps.dedup();
            ps
        })
        .collect();
    // The kept partial fills: values of points `0..next`, by fill.
    let mut values: Vec<u8> = Vec::new();
    let mut kept: Vec<(i64, u128, u8)> = vec![(0, 0, 0x3f)];
    for next in 0..depth {
        if kept.is_empty() {
            break;
        }
        let chunk = kept.len().div_ceil(options.threads.max(1)).max(1);
        let mut children: Vec<Child> = std::thread::scope(|scope| {
            let workers: Vec<_> = kept
                .chunks(chunk)
                .enumerate()
                .map(|(c, part)| {
                    let values = &values;
                    let frontier = &frontier[next + 1];
                    scope.spawn(move || {
                        let mut search = LatticeSearch::alone(tables, started);
                        let mut out = Vec::new();
                        let mut mine = Vec::new();
                        for (i, &(score, used, ahead)) in part.iter().enumerate() {
                            let parent = c * chunk + i;
                            search.values[..next].copy_from_slice(&values[parent * next..(parent + 1) * next]);
                            mine.clear();
                            // The search's symmetry breaking: a rival of
                            // the leader point holds no more than it.
                            let cap = match &tables.leader {
                                Some((first, rivals)) if rivals.contains(&next) => search.values[*first],
                                _ => 5,
                            };
                            for v in (0..=cap).rev().filter(|v| ahead & (1 << v) != 0) {
                                search.used = used;
                                let Some(gained) = search.assign(next, v) else { continue };
                                let score = score + gained;
                                let need = options.floor.saturating_add(1).saturating_sub(score);
                                if let Some(rest) = search.bound(next + 1, need) {
                                    let mut h = std::collections::hash_map::DefaultHasher::new();
                                    search.used.hash(&mut h);
                                    for &p in frontier {
                                        search.values[p].hash(&mut h);
                                    }
                                    let key = h.finish();
                                    let tie = match options.tie {
                                        0 => score,
                                        1 => (key >> 1) as i64,
                                        3 => flexibility(&search),
                                        _ => -score,
                                    };
                                    let prio = if options.lambda == 0 {
                                        (score + rest) * 1000
                                    } else {
                                        (score + rest) * 1000 + options.lambda * flexibility(&search) / 1000
                                    };
                                    mine.push(Child {
                                        prio,
                                        reach: score + rest,
                                        score,
                                        used: search.used,
                                        parent: parent as u32,
                                        value: v,
                                        ahead: search.ahead,
                                        key,
                                        tie,
                                    });
                                }
                            }
                            search.values[next] = NONE;
                            mine.sort_by_key(|c| std::cmp::Reverse((c.prio, c.tie)));
                            out.extend(mine.iter().take(options.per_parent));
                        }
                        out
                    })
                })
                .collect();
            workers.into_iter().flat_map(|w| w.join().expect("a beam worker")).collect()
        });
        // The best `width` children, distinct by their future; the one of
        // two with the same future is the heavier (same bound, so higher
        // reach is higher score).
        if children.len() > 4 * options.width {
            let k = 4 * options.width;
            children.select_nth_unstable_by_key(k, |c| std::cmp::Reverse((c.prio, c.tie)));
            children.truncate(k);
        }
        children.sort_unstable_by_key(|c| std::cmp::Reverse((c.prio, c.tie)));
        let mut seen = HashSet::with_capacity(children.len());
        let mut next_values = Vec::with_capacity(options.width * (next + 1));
        let mut next_kept = Vec::with_capacity(options.width);
        for c in &children {
            if next_kept.len() == options.width {
                break;
            }
            if !seen.insert(c.key) {
                continue;
            }
            let p = c.parent as usize;
            next_values.extend_from_slice(&values[p * next..(p + 1) * next]);
            next_values.push(c.value);
            next_kept.push((c.score, c.used, c.ahead));
        }
        if options.verbose && (next % 4 == 3 || next + 1 == n) {
            let reach = children.first().map_or(0, |c| c.reach);
            let last = children.get(options.width.min(children.len()) - 1).map_or(0, |c| c.reach);
            println!(
                "  point {:2}: {} children, best reach {reach}, last kept {last}, {:.1} s",
                next + 1,
                children.len(),
                started.elapsed().as_secs_f64()
            );
        }
        values = next_values;
        kept = next_kept;
    }
    (values, kept)
}

/// The beam to point `depth`, then the lattice search from each partial
/// fill kept there, best first, each cut at `nodes`, asking only for fills
/// heavier than the best so far (`floor` to start with), until `deadline`.
pub fn beam_then_search(
    tables: &Tables<'_>,
    options: &BeamOptions,
    started: Instant,
    depth: usize,
    nodes: u64,
    deadline: Instant,
) -> (Option<(i64, Vec<u8>)>, usize) {
    let (values, kept) = beam_to(tables, options, started, depth);
    let best: std::sync::Mutex<Option<(i64, Vec<u8>)>> = std::sync::Mutex::new(None);
    let floor = options.floor;
    let next_state = std::sync::atomic::AtomicUsize::new(0);
    std::thread::scope(|scope| {
        for _ in 0..options.threads.max(1) {
            scope.spawn(|| {
                let mut search = LatticeSearch::alone(tables, started);
                loop {
                    let i = next_state.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
                    if i >= kept.len() || Instant::now() >= deadline {
                        break;
                    }
                    let (score, used, ahead) = kept[i];
                    let known = best.lock().expect("the best fill").clone();
                    let have = known.as_ref().map_or(floor, |b| b.0.max(floor));
                    search.best =
                        known.filter(|b| b.0 >= have).or_else(|| (have > i64::MIN).then(|| (have, Vec::new())));
                    search.values.fill(NONE);
                    search.values[..depth].copy_from_slice(&values[i * depth..(i + 1) * depth]);
                    search.used = used;
                    search.ahead = ahead;
                    search.budget.attempt(Some(nodes));
                    search.go(depth, score);
                    if let Some(found) = search.best.take()
                        && found.0 > have
                        && !found.1.is_empty()
                    {
                        println!("  state {i}: {} at {:.1} s", found.0, started.elapsed().as_secs_f64());
                        let mut b = best.lock().expect("the best fill");
                        if b.as_ref().is_none_or(|b| found.0 > b.0) {
                            *b = Some(found);
                        }
                    }
                }
            });
        }
    });
    let tried = next_state.into_inner().min(kept.len());
    (best.into_inner().expect("the best fill"), tried)
}

/// The lattice search from the start with `best` as its floor (it looks
/// only for heavier fills), on one thread, for `time`.
pub fn exact_above(
    view: &LatticeView,
    best: (i64, Vec<u8>),
    started: Instant,
    time: Duration,
) -> ((i64, Vec<u8>), u64) {
    let limits = Limits { timeout: Some(time), ..Limits::default() };
    let t = Tables::of(view, &limits);
    let mut search = LatticeSearch::alone(&t, started);
    search.best = Some(best);
    search.go(0, 0);
    let nodes = search.budget.nodes;
    (search.best.expect("the floor given"), nodes)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::common::{english_fill, replayed, shipped};
    use quadominos::solve::Goal;

    /// The fill replayed through the rules.
    fn checked(puzzle: &quadominos::solve::Puzzle, view: &LatticeView, fill: &(i64, Vec<u8>)) {
        replayed(puzzle, view, fill, "the beam");
    }

    fn env(name: &str, default: usize) -> usize {
        std::env::var(name).ok().and_then(|v| v.parse().ok()).unwrap_or(default)
    }

    /// On the shipped 3x3 to 5x5, whose optima are known, the beam's fills
    /// are legal and never pass them, in every order.
    #[test]
    fn the_beams_fills_are_legal_and_never_pass_the_optimum() {
        for (name, optimum) in [
            ("fill-3x3-weight-english.yaml", 158),
            ("fill-4x4-weight-english.yaml", 263),
            ("fill-5x5-weight-english.yaml", 380),
        ] {
            let puzzle = shipped(name);
            for order in ["mid", "rows", "diag"] {
                let view = view_in(&puzzle, order);
                let limits = Limits::default();
                let tables = Tables::of(&view, &limits);
                let options = BeamOptions {
                    width: 200,
                    per_parent: 6,
                    threads: 2,
                    floor: i64::MIN,
                    verbose: false,
                    tie: 0,
                    lambda: 0,
                };
                let fill = beam(&tables, &options, Instant::now()).expect("a fill");
                checked(&puzzle, &view, &fill);
                assert!(fill.0 <= optimum, "{name} {order}: {}", fill.0);
                assert!(fill.0 > optimum - 40, "{name} {order}: {}", fill.0);
                // The beam to half the points, then the search from each
                // partial fill kept: exact from there, so never worse than
                // the beam's own fill to the end, nor past the optimum.
                let half = view.points.len() / 2;
                let deadline = Instant::now() + Duration::from_secs(60);
                let (found, _) = beam_then_search(&tables, &options, Instant::now(), half, 1_000_000, deadline);
                let found = found.expect("a fill");
                checked(&puzzle, &view, &found);
                assert!(found.0 <= optimum, "{name} {order}: {}", found.0);
                assert!(found.0 >= fill.0, "{name} {order}: {} below the beam's {}", found.0, fill.0);
            }
        }
    }

    /// The measurement: `BEAM_ORDER` (mid, rows, diag, cols), `BEAM_WIDTHS`
    /// (comma-separated), `BEAM_CHILDREN` (most kept per parent),
    /// `BEAM_THREADS`, `BEAM_SIZE` (the square region's side), and
    /// `BEAM_EXACT` (seconds of the lattice search after the last beam,
    /// asked only for heavier fills). Widths run one after another, each
    /// beam's floor the best fill so far.
    #[test]
    #[ignore = "a measurement, run by hand: cargo test --release -p quadominos-lab beam::tests::measure -- --ignored --nocapture"]
    fn measure() {
        let size = env("BEAM_SIZE", 7) as i32;
        let puzzle = english_fill(size, size);
        let order = std::env::var("BEAM_ORDER").unwrap_or_else(|_| "mid".into());
        let widths: Vec<usize> = std::env::var("BEAM_WIDTHS")
            .unwrap_or_else(|_| "1000".into())
            .split(',')
            .map(|w| w.parse().expect("a width"))
            .collect();
        let view = view_in(&puzzle, &order);
        let limits = Limits::default();
        let tables = Tables::of(&view, &limits);
        let started = Instant::now();
        let mut best: Option<(i64, Vec<u8>)> = None;
        let use_floor = env("BEAM_FLOOR", 1) == 1;
        for width in widths {
            let options = BeamOptions {
                width,
                per_parent: env("BEAM_CHILDREN", 6),
                threads: env("BEAM_THREADS", 2),
                floor: if use_floor { best.as_ref().map_or(i64::MIN, |b| b.0) } else { i64::MIN },
                verbose: env("BEAM_VERBOSE", 0) == 1,
                tie: env("BEAM_TIE", 0) as u8,
                lambda: env("BEAM_LAMBDA", 0) as i64,
            };
            let t = Instant::now();
            let fill = beam(&tables, &options, started);
            match &fill {
                Some(f) => {
                    checked(&puzzle, &view, f);
                    println!(
                        "order {order} width {width} children {}: {} in {:.1} s (total {:.1} s), checked",
                        options.per_parent,
                        f.0,
                        t.elapsed().as_secs_f64(),
                        started.elapsed().as_secs_f64()
                    );
                }
                None => println!(
                    "order {order} width {width}: none in {:.1} s (total {:.1} s)",
                    t.elapsed().as_secs_f64(),
                    started.elapsed().as_secs_f64()
                ),
            }
            if let Some(f) = fill
                && best.as_ref().is_none_or(|b| f.0 > b.0)
            {
                best = Some(f);
            }
        }
        let depth = env("BEAM_DEPTH", 0);
        if depth > 0 {
            let width = env("BEAM_HWIDTH", 30000);
            let options = BeamOptions {
                width,
                per_parent: env("BEAM_CHILDREN", 6),
                threads: env("BEAM_THREADS", 2),
                floor: match env("BEAM_ASK", 0) {
                    0 => best.as_ref().map_or(i64::MIN, |b| b.0),
                    ask => ask as i64 - 1,
                },
                verbose: env("BEAM_VERBOSE", 0) == 1,
                tie: env("BEAM_TIE", 0) as u8,
                lambda: env("BEAM_LAMBDA", 0) as i64,
            };
            let deadline = started + Duration::from_secs(env("BEAM_UNTIL", 60) as u64);
            let nodes = env("BEAM_NODES", 10000) as u64;
            let (found, tried) = beam_then_search(&tables, &options, started, depth, nodes, deadline);
            if let Some(f) = &found {
                checked(&puzzle, &view, f);
            }
            println!(
                "beam {width} to point {depth}, then the search from {tried} states, {nodes} nodes each: {:?}, total {:.1} s",
                found.as_ref().map(|f| f.0),
                started.elapsed().as_secs_f64()
            );
            if let Some(f) = found
                && best.as_ref().is_none_or(|b| f.0 > b.0)
            {
                best = Some(f);
            }
        }
        let exact = env("BEAM_EXACT", 0);
        if exact > 0
            && let Some(b) = best.clone()
        {
            let mid = view_in(&puzzle, "mid");
            // The fill in the search's own point order.
            let at: std::collections::BTreeMap<(i32, i32), u8> =
                view.points.iter().zip(&b.1).map(|(p, &v)| ((p.x, p.y), v)).collect();
            let values: Vec<u8> = mid.points.iter().map(|p| at[&(p.x, p.y)]).collect();
            let t = Instant::now();
            let (found, nodes) = exact_above(&mid, (b.0, values), t, Duration::from_secs(exact as u64));
            checked(&puzzle, &mid, &found);
            println!(
                "exact search above {} for {exact} s: {} ({nodes} nodes), total {:.1} s",
                b.0,
                found.0,
                started.elapsed().as_secs_f64()
            );
        }
    }

    /// The pilot's measurement on a shipped fill (`PILOT_FILE`): in turn,
    /// `PILOT_PAIRS` times, the lattice search alone from the start (one
    /// thread), then the beam (`PILOT_WIDTH`, one thread) and the search
    /// from the start with its floor the beam's best, asking for fills of
    /// that score or more (so that it still finds its own first fill of
    /// the optimum): each one's time and nodes, and the two answers the
    /// same. `PILOT_DEPTH` above 0 also times the beam then the search
    /// from each partial fill kept at that point (`PILOT_NODES` each) to
    /// `PILOT_OPTIMUM`.
    #[test]
    #[ignore = "a measurement, run by hand: PILOT_FILE=fill-6x6-weight-english.yaml cargo test --release -p quadominos-lab beam::tests::pilot -- --ignored --nocapture"]
    fn pilot() {
        let name = std::env::var("PILOT_FILE").unwrap_or_else(|_| "fill-5x5-weight-english.yaml".into());
        let puzzle = shipped(&name);
        let Goal::Fill(goal) = &puzzle.goal else { panic!("a fill") };
        let view = LatticeView::of(&puzzle, goal).expect("a lattice fill");
        let limits = Limits::default();
        let tables = Tables::of(&view, &limits);
        let widths: Vec<usize> = std::env::var("PILOT_WIDTH")
            .unwrap_or_else(|_| "3000".into())
            .split(',')
            .map(|w| w.parse().expect("a width"))
            .collect();
        let options = |width| BeamOptions {
            width,
            per_parent: env("BEAM_CHILDREN", 6),
            threads: 1,
            floor: i64::MIN,
            verbose: false,
            tie: 0,
            lambda: env("BEAM_LAMBDA", 0) as i64,
        };
        let depth = env("PILOT_DEPTH", 0);
        if depth > 0 {
            let optimum = env("PILOT_OPTIMUM", 0) as i64;
            for &width in &widths {
                let started = Instant::now();
                let options = BeamOptions { floor: optimum - 1, ..options(width) };
                let deadline = started + Duration::from_secs(env("BEAM_UNTIL", 60) as u64);
                let (found, tried) =
                    beam_then_search(&tables, &options, started, depth, env("PILOT_NODES", 100_000) as u64, deadline);
                println!(
                    "{name}: beam {width} to point {depth} then the search for {optimum} from {tried} states: {:?} in {:.2} s",
                    found.map(|f| f.0),
                    started.elapsed().as_secs_f64()
                );
            }
            return;
        }
        let load = std::fs::read_to_string("/proc/loadavg").unwrap_or_default();
        println!("{name}: {} points, load {}", view.points.len(), load.trim());
        for pair in 0..env("PILOT_PAIRS", 2) {
            let started = Instant::now();
            let mut plain = LatticeSearch::alone(&tables, started);
            plain.go(0, 0);
            let plain_time = started.elapsed().as_secs_f64();
            let plain_best = plain.best.clone().expect("a fill");
            println!("pair {pair}: plain {} in {plain_time:.2} s, {} nodes", plain_best.0, plain.budget.nodes);
            for &width in &widths {
                let started = Instant::now();
                let fill = beam(&tables, &options(width), started);
                let beam_time = started.elapsed().as_secs_f64();
                let mut search = LatticeSearch::alone(&tables, started);
                // A fill of one less known: the search asks for the beam's
                // score or more.
                if let Some(f) = &fill {
                    checked(&puzzle, &view, f);
                    search.best = Some((f.0 - 1, Vec::new()));
                }
                search.go(0, 0);
                let total = started.elapsed().as_secs_f64();
                let best = search.best.clone().expect("a fill");
                assert_eq!(best, plain_best, "{name} width {width}: the answer with the pilot");
                println!(
                    "pair {pair}: width {width}: beam {:?} in {beam_time:.2} s, then the search {} in {total:.2} s in all, {} nodes ({:.2}x)",
                    fill.map(|f| f.0),
                    best.0,
                    search.budget.nodes,
                    plain_time / total
                );
            }
        }
        println!("load {}", std::fs::read_to_string("/proc/loadavg").unwrap_or_default().trim());
    }
}
