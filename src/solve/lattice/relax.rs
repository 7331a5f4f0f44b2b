//! A bound that falls beside the lattice search: probes. A probe asks
//! whether any fill scores `t` or more; answered no, no fill scores more
//! than `t - 1`, and the next probe asks for `t - 1`. Two kinds answer it.
//! The lattice search with its floor raised to `t` (as if a fill of `t - 1`
//! were already known) cuts every branch whose open cells cannot all hold
//! tiles that heavy: on a large region no branch of the search itself is
//! settled for a long while, and these probes bring the heaviest tiles'
//! bound down where the search cannot. The rim's probes (`rim.rs`) set
//! only the values on the region's edge, which decide what the shape's
//! count lets the tiles cost: on the English 7x7 they pass the count's 668
//! within seconds, where a probe of the search asked for 668 does not end
//! in a minute. (The Lagrangian relaxations tried first, of tile
//! distinctness over the lattice and of the corners' agreement across
//! shared sides over the cells' matching, give no bound under the heaviest
//! tiles' on the English 3x3 to 5x5 fills.)

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Instant;

use super::rim::{Probe, Rim};
use super::{LatticeSearch, LatticeView, Tables};
use crate::solve::Limits;
use crate::solve::best::Shared;
use crate::solve::budget::Budget;

/// What the probes found: the lowest bound they proved, if any,
/// and the fill the last one found, where one did (optimal where the
/// probe ran to its end: the probe before it proved that no fill scores
/// more).
#[derive(Debug, Default)]
pub(super) struct Probed {
    pub bound: Option<i64>,
    pub fill: Option<(i64, Vec<u8>)>,
}

/// The fewest nodes a probe's turn is counted in (see [`probe_down`]).
const FIRST_CAP: u64 = 4_096;

/// A node of a rim probe, in nodes of the lattice search's: a rim node
/// finds a matching for each multiplier, and on the English 7x7 takes
/// about two and a half times as long as a search node (62 thousand rim
/// nodes a second against 152 thousand, one thread each), so the rim's
/// cap is this much smaller for the two kinds to take turns of about the
/// same time.
const RIM_NODE: u64 = 2;

/// Probes from `from` down (no fill scores more than `from`, the root's
/// bound), each bound proven reported to `limits`, until one finds a fill,
/// or `limits` (its stop, its time from `started`) stop them. Two kinds
/// take turns: the rim's ([`Rim`]), where the region has one, until a
/// probe of it reaches the bound asked for (it can prove no lower), and
/// the lattice search's. The kind that proved the last bound leads: its
/// probe may take three times the nodes its last proof took (each bound
/// costs more than the one before, seldom three times as much). Before it,
/// the other kind tries the same bound with a share of that last proof's
/// nodes, a half at first and a quarter of the share before after each
/// failure, so that where it becomes the faster kind it takes the lead
/// within a step or two, and where it stays slower it costs the leader
/// little. Where the leader's probe is cut, the other kind tries with as
/// many nodes, and the counts double until one proves the bound.
pub(super) fn probe_down(view: &LatticeView, limits: &Limits, started: Instant, from: i64) -> Probed {
    let tables = Tables::of(view, limits);
    let mut rim = Rim::of(&tables);
    let mut rim_leads = rim.is_some();
    let mut probed = Probed::default();
    let mut t = from;
    // The nodes the leader's last proof took, and the other kind's share
    // of them before the leader's turn, in sixteenths.
    let (mut last, mut share) = (FIRST_CAP, 8u64);
    loop {
        // A bound the search beside has proven meanwhile (its branches
        // settled) lets the probes skip ahead.
        if let Some(known) = limits.progress.as_ref().and_then(|p| p.bound()) {
            t = t.min(known);
        }
        let mut cap = last.saturating_mul(3);
        let mut turns = vec![(!rim_leads, last.saturating_mul(share) / 16), (rim_leads, cap), (!rim_leads, cap)];
        let (by_rim, used) = 'step: loop {
            for (by_rim, nodes) in turns {
                let turn = match (&rim, by_rim) {
                    (Some(edge), true) => rim_turn(edge, t, nodes, limits, started),
                    (None, true) => continue,
                    (_, false) => search_turn(&tables, t, rim.is_some().then_some(nodes), started),
                };
                match turn {
                    Turn::Proven(used) => break 'step (by_rim, used),
                    Turn::Found(fill) => {
                        probed.fill = Some(fill);
                        return probed;
                    }
                    Turn::Stopped => return probed,
                    Turn::Retired => rim = None,
                    Turn::Cut => {}
                }
            }
            // Both cut (or the rim retired): the leader, then the other,
            // each with twice the count.
            cap = cap.saturating_mul(2);
            turns = vec![(rim_leads, cap), (!rim_leads, cap)];
        };
        share = if by_rim == rim_leads { (share / 4).max(1) } else { 8 };
        rim_leads = by_rim;
        last = used.max(FIRST_CAP);
        probed.bound = Some(t - 1);
        limits.bounded(t - 1);
        // No fill scores under 0: a probe for 0 that finds none proves
        // there is none.
        if t <= 0 {
            return probed;
        }
        t -= 1;
    }
}

/// How one probe ended.
enum Turn {
    /// No fill scores the probe's `t`; the nodes it took (in the search's
    /// nodes).
    Proven(u64),
    /// A fill scoring `t` or more (found by the search's probe, even where
    /// it was cut short).
    Found((i64, Vec<u8>)),
    /// The rim reached `t`: its probes can prove no lower.
    Retired,
    /// Cut at its count of nodes: nothing proven.
    Cut,
    /// A limit (time, stop) ended it.
    Stopped,
}

/// A probe of the rim for `t`, cut at `cap` search nodes' worth.
fn rim_turn(rim: &Rim, t: i64, cap: u64, limits: &Limits, started: Instant) -> Turn {
    let mut budget = Budget::new(limits, started);
    #[cfg(test)]
    {
        budget.max_nodes = super::MAX_NODES.with(std::cell::Cell::get);
    }
    budget.attempt(Some(cap / RIM_NODE));
    match rim.probe(t, &mut budget) {
        Probe::Below => Turn::Proven(budget.nodes.saturating_mul(RIM_NODE)),
        Probe::Reached(_) => Turn::Retired,
        Probe::Cut if budget.why.is_some() => Turn::Stopped,
        Probe::Cut => Turn::Cut,
    }
}

/// A probe of the lattice search for `t`, cut at `cap` nodes where given.
fn search_turn(tables: &Tables<'_>, t: i64, cap: Option<u64>, started: Instant) -> Turn {
    let floor = Shared::new();
    // Ties go to the earlier piece: a probe as piece 1 after a fill of
    // `t - 1` as piece 0 must reach `t`.
    floor.offer(t - 1, 0);
    let mut search = LatticeSearch::new(tables, Some((&floor, 1)), started);
    #[cfg(test)]
    {
        search.budget.max_nodes = super::MAX_NODES.with(std::cell::Cell::get);
    }
    search.budget.attempt(cap);
    search.go(0, 0);
    match search.best {
        Some(fill) => Turn::Found(fill),
        None if search.budget.why.is_some() => Turn::Stopped,
        None if search.budget.stopped() => Turn::Cut,
        None => Turn::Proven(search.budget.nodes),
    }
}

/// Runs `search` (the lattice search, on this thread) with probes from
/// `root` down (none where it is `i64::MIN`: no fill exists) on a thread
/// beside it, stopped when the search ends, and
/// gives what each found.
pub(super) fn beside<R>(
    view: &LatticeView,
    limits: &Limits,
    started: Instant,
    root: i64,
    search: impl FnOnce() -> R,
) -> (R, Probed) {
    // A search no one watches (no progress display) and nothing can cut
    // short (no time limit, no stop) answers proven: a bound would go
    // unread, and the probes would only take the search's cores.
    let watched = limits.timeout.is_some() || limits.stop.is_some() || limits.progress.is_some();
    // Without a time limit the search runs to its proof, which probes
    // taking turns with it on every core would slow (the English 6x6 on
    // two threads, about twice): they run then only on a core it leaves.
    let cores = std::thread::available_parallelism().map_or(1, usize::from);
    let room = limits.timeout.is_some() || limits.workers() < cores;
    if !enabled() || !watched || !room || root == i64::MIN {
        return (search(), Probed::default());
    }
    let stop = Arc::new(AtomicBool::new(false));
    let probe_limits = Limits {
        timeout: limits.timeout,
        max_nodes: limits.max_nodes,
        stop: Some(stop.clone()),
        progress: limits.progress.clone(),
        threads: 1,
        ..Limits::default()
    };
    std::thread::scope(|scope| {
        let probes = scope.spawn(|| probe_down(view, &probe_limits, started, root));
        let found = search();
        stop.store(true, Ordering::Relaxed);
        // A panic in the probes is passed on.
        let probed = probes.join().unwrap_or_else(|e| std::panic::resume_unwind(e));
        (found, probed)
    })
}

#[cfg(not(test))]
fn enabled() -> bool {
    true
}

/// In the unit tests the probes run only where a test asks for them: the
/// others count the search's own nodes and bounds, which a thread beside it
/// would make vary from run to run.
#[cfg(test)]
fn enabled() -> bool {
    PROBES.with(std::cell::Cell::get)
}

#[cfg(test)]
thread_local! {
    /// Whether the lattice search runs with probes beside it (tests only).
    pub(super) static PROBES: std::cell::Cell<bool> = const { std::cell::Cell::new(false) };
}

#[cfg(test)]
mod tests {
    use std::sync::Arc;
    use std::time::Instant;

    use super::super::tests::{box_regions, english_fill, shipped, weight_fill, xorshift};
    use super::super::{LatticeSearch, LatticeView, MAX_NODES, Tables, solve};
    use super::{PROBES, Probed, probe_down};
    use crate::formats::builtin_variant;
    use crate::model::TileId;
    use crate::solve::{Goal, Limits, Progress, Puzzle, verify};

    /// Probes from the root's bound down, each stopped after `max_nodes`
    /// nodes: what they found, each bound reported in order, and the
    /// root's bound (`None`: no fill exists).
    fn probes(puzzle: &Puzzle, max_nodes: u64) -> (Probed, Vec<i64>, Option<i64>) {
        let Goal::Fill(goal) = &puzzle.goal else { panic!("a fill") };
        let view = LatticeView::of(puzzle, goal).expect("a lattice fill");
        let progress = Arc::new(Progress::default());
        let limits = Limits { progress: Some(progress.clone()), threads: 1, ..Limits::default() };
        let tables = Tables::of(&view, &limits);
        let Some(root) = LatticeSearch::new(&tables, None, Instant::now()).bound(0, i64::MIN) else {
            return (Probed::default(), Vec::new(), None);
        };
        MAX_NODES.with(|m| m.set(max_nodes));
        let probed = probe_down(&view, &limits, Instant::now(), root);
        MAX_NODES.with(|m| m.set(u64::MAX));
        (probed, progress.history().iter().map(|s| s.bound).collect(), Some(root))
    }

    /// The best weight of a fill of a region of few points, by trying every
    /// value on every point: `None` where no values give every cell a
    /// distinct pool tile.
    fn brute_force(view: &LatticeView) -> Option<i64> {
        let n = view.points.len();
        let mut values = vec![0u8; n];
        let mut best = None;
        loop {
            let mut used = 0u128;
            let fits = view.cells.iter().all(|(_, ps)| {
                view.tile_of(ps.map(|p| values[p])).is_some_and(|t| {
                    let fresh = used & (1 << t) == 0;
                    used |= 1 << t;
                    fresh
                })
            });
            if fits {
                let weight = (0..n).map(|p| i64::from(values[p]) * view.degree[p]).sum::<i64>();
                best = best.max(Some(weight));
            }
            let Some(i) = values.iter().position(|&v| v < 5) else { return best };
            values[..i].fill(0);
            values[i] += 1;
        }
    }

    /// On the shipped English 3x3 to 5x5 weight fills, the probes come down
    /// from the heaviest tiles' bound one step at a time and stop at the
    /// optimum, never under it: the 3x3's optimum is the root's bound (158),
    /// so the first probe finds it; the 4x4 proves 265, 264 and 263 and
    /// then finds a fill of 263; the 5x5 falls from 394 to 380.
    #[test]
    #[cfg_attr(debug_assertions, ignore = "probes of seconds in release; run by cargo test --release")]
    fn probes_fall_to_the_optimum_of_the_english_fills_and_never_under_it() {
        for (name, optimum, root) in [
            ("fill-3x3-weight-english.yaml", 158, 158),
            ("fill-4x4-weight-english.yaml", 263, 266),
            ("fill-5x5-weight-english.yaml", 380, 394),
        ] {
            let (probed, steps, first) = probes(&shipped(name), u64::MAX);
            assert_eq!(first, Some(root), "{name}");
            assert_eq!(probed.fill.as_ref().map(|f| f.0), Some(optimum), "{name}");
            let expected: Vec<i64> = (optimum..root).rev().collect();
            assert_eq!(steps, expected, "{name}");
            assert_eq!(probed.bound, (optimum < root).then_some(optimum), "{name}");
        }
    }

    /// The English 7x7 weight fill, whose search settles no first branch
    /// in a minute: probes cut at 150 thousand nodes each bring its bound
    /// from the heaviest 49 tiles' 690 one step at a time to 661, under the
    /// shape's count (668), which only the rim's probes can pass: the
    /// lattice search's own stop at 688 with that cut, its probe for 688
    /// taking more.
    #[test]
    #[cfg_attr(debug_assertions, ignore = "probes of seconds in release; run by cargo test --release")]
    fn probes_bring_the_7x7_bound_under_the_shapes_count() {
        let (probed, steps, root) = probes(&english_fill(7, 7), 150_000);
        assert_eq!(root, Some(690));
        assert!(probed.fill.is_none());
        assert_eq!(steps, (661..690).rev().collect::<Vec<i64>>());
        assert_eq!(probed.bound, Some(661));
    }

    /// Every region shape of up to nine lattice points inside a 3x3 box,
    /// each from random pools, under english with and without diagonal neighbours: the
    /// probes end at the best weight brute force finds, and no bound they
    /// prove is under it (or, where there is no fill, none starts).
    #[test]
    #[cfg_attr(debug_assertions, ignore = "millions of labellings tried; run by cargo test --release")]
    fn probes_agree_with_brute_force_on_tiny_regions() {
        let mut next = xorshift(0x2545_f491_4f6c_dd1d);
        let mut checked = 0;
        // Each shape once (touching the box's north and west sides), three
        // random pools each, under both readings of diagonal neighbours.
        for (case, region) in box_regions().flat_map(|r| [r.clone(), r.clone(), r]).enumerate() {
            let mut variant = builtin_variant("english").unwrap();
            if case % 2 == 1 {
                variant = variant.with_rule("R4", "no").unwrap();
            }
            let ids: Vec<TileId> = variant.tile_set().ids().collect();
            let mut pool: Vec<TileId> = (0..10).map(|_| ids[(next() % ids.len() as u64) as usize]).collect();
            pool.extend(ids.iter().copied().filter(|t| t.weight() >= 14 && next().is_multiple_of(2)));
            pool.sort_unstable();
            pool.dedup();
            let puzzle = weight_fill(variant, region, pool);
            let Goal::Fill(goal) = &puzzle.goal else { unreachable!("a fill") };
            let Some(view) = LatticeView::of(&puzzle, goal) else { continue };
            if view.points.len() > 9 {
                continue;
            }
            let best = brute_force(&view);
            let (probed, steps, root) = probes(&puzzle, u64::MAX);
            let what = format!("{:?}", goal.region);
            match best {
                // The probes go down to a bound under 0: no fill.
                None => assert!(
                    probed.fill.is_none() && (root.is_none() || steps.last() == Some(&-1)),
                    "{what}: {steps:?} {root:?}"
                ),
                Some(best) => {
                    assert_eq!(probed.fill.as_ref().map(|f| f.0), Some(best), "{what}: {steps:?}");
                    assert!(steps.iter().all(|&b| b >= best), "{what}: {steps:?}");
                    checked += 1;
                }
            }
        }
        assert!(checked >= 15, "only {checked} regions had a fill");
    }

    /// The search with probes beside it, on one thread and on two: the 4x4
    /// is still proven at 263 with the fill the search alone finds, and
    /// every bound reported (the search's and the probes') falls and is
    /// never under 263.
    #[test]
    #[cfg_attr(debug_assertions, ignore = "a proof of a second in release; run by cargo test --release")]
    fn the_search_with_probes_beside_it_answers_as_without() {
        let puzzle = shipped("fill-4x4-weight-english.yaml");
        let Goal::Fill(goal) = &puzzle.goal else { panic!("a fill") };
        let view = LatticeView::of(&puzzle, goal).expect("a lattice fill");
        let alone = solve(&puzzle, &view, &Limits { threads: 1, ..Limits::default() });
        for threads in [1, 2] {
            let progress = Arc::new(Progress::default());
            let limits = Limits { progress: Some(progress.clone()), threads, ..Limits::default() };
            PROBES.with(|p| p.set(true));
            let answer = solve(&puzzle, &view, &limits);
            PROBES.with(|p| p.set(false));
            verify(&puzzle, &answer).unwrap();
            assert!(answer.proven);
            assert_eq!(answer.score, 263);
            assert_eq!(answer.plays, alone.plays, "{threads} threads");
            let steps: Vec<i64> = progress.history().iter().map(|s| s.bound).collect();
            assert!(steps.windows(2).all(|w| w[1] < w[0]), "{steps:?}");
            assert!(steps.iter().all(|&b| b >= 263), "{steps:?}");
        }
    }
}
