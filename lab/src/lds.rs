//! A prototype, not part of the solver: limited discrepancy search (LDS,
//! Harvey and Ginsberg 1995) over the lattice points, to look for a heavy
//! fill of a large region (the English 7x7) sooner than the lattice search
//! finds one. The lattice search goes depth first, so in a minute it only
//! ever changes the values of the last points it sets; LDS searches, in
//! rounds `k = 0, 1, 2, ...`, every fill whose path leaves the search's own
//! order (heaviest value first, or the branches' bounds) at most `k` times,
//! so that a value changed at the first points is tried as early as one at
//! the last. Each branch keeps the search's checks and bound and asks only
//! for fills heavier than the best found. The tests here that measure it are
//! ignored; run them by hand (see `LDS_*` below).

// Indexing here cannot panic on input: point indices come from the view the search is built on.
#![allow(clippy::indexing_slicing)]

use std::time::Instant;

use quadominos::solve::lab::{LatticeSearch, NONE, Tables};

/// How LDS orders and counts.
#[derive(Clone, Copy, Debug)]
pub struct LdsOptions {
    /// Values in the order of their branches' bounds (highest first) rather
    /// than heaviest value first.
    pub by_bound: bool,
    /// A branch costs its rank among the branches taken (the third costs
    /// two) rather than one for any but the first.
    pub by_rank: bool,
    /// Discrepancies are allowed only at the first this many points (all
    /// points when 0).
    pub depth: usize,
    /// From this point on (when above 0) the search goes depth first with
    /// no count of discrepancies, each such subtree cut at `sub_nodes`.
    pub free_from: usize,
    pub sub_nodes: u64,
}

/// One LDS over the search's tables.
pub struct Lds<'t> {
    search: LatticeSearch<'t>,
    n: usize,
    options: LdsOptions,
    started: Instant,
    deadline: Instant,
    /// The nodes searched.
    pub nodes: u64,
    /// The best fill found, and (seconds, score, values, round) of each
    /// improvement.
    pub best: Option<(i64, Vec<u8>)>,
    pub events: Vec<(f64, i64, Vec<u8>, u32)>,
    round: u32,
    /// Nodes left in the depth-first subtree being searched.
    left: u64,
}

impl<'t> Lds<'t> {
    pub fn new(tables: &'t Tables<'t>, options: LdsOptions, started: Instant, deadline: Instant) -> Lds<'t> {
        Lds {
            search: LatticeSearch::alone(tables, started),
            n: tables.view.points.len(),
            options,
            started,
            deadline,
            nodes: 0,
            best: None,
            events: Vec::new(),
            round: 0,
            left: 0,
        }
    }

    fn over(&self) -> bool {
        self.nodes & 1023 == 0 && Instant::now() >= self.deadline
    }

    fn floor(&self) -> i64 {
        self.best.as_ref().map_or(i64::MIN, |b| b.0 + 1)
    }

    /// Rounds of growing `k` until the time is up or a round leaves its
    /// order nowhere (then the search was complete).
    pub fn run(&mut self, first: Option<(i64, Vec<u8>)>) {
        self.best = first;
        for k in 0.. {
            self.round = k;
            self.search.values.fill(NONE);
            self.search.used = 0;
            if self.search.bound(0, self.floor()).is_none() {
                return;
            }
            let mut cut = false;
            self.left = self.options.sub_nodes;
            if !self.go(0, 0, k, &mut cut) || !cut {
                return;
            }
        }
    }

    /// Searches from point `next` with `k` discrepancies left; false once
    /// the time is up. `cut` is set where a branch was left out for want of
    /// discrepancies.
    fn go(&mut self, next: usize, score: i64, k: u32, cut: &mut bool) -> bool {
        self.nodes += 1;
        if self.over() {
            return false;
        }
        if self.options.free_from > 0 && next >= self.options.free_from {
            if next == self.options.free_from {
                self.left = self.options.sub_nodes;
            }
            if self.left == 0 {
                *cut = true;
                return true;
            }
            self.left -= 1;
        }
        if next == self.n {
            if self.best.as_ref().is_none_or(|b| score > b.0) {
                self.best = Some((score, self.search.values.clone()));
                self.events.push((self.started.elapsed().as_secs_f64(), score, self.search.values.clone(), self.round));
            }
            return true;
        }
        let ahead = self.search.ahead;
        let mut order: Vec<u8> = (0..6u8).rev().filter(|v| ahead & (1 << v) != 0).collect();
        if self.options.by_bound {
            let mut reach: Vec<(i64, u8)> = Vec::new();
            for &v in &order {
                let before = self.search.used;
                let r =
                    self.search.assign(next, v).and_then(|g| Some(score + g + self.search.bound(next + 1, i64::MIN)?));
                self.search.used = before;
                if let Some(r) = r {
                    reach.push((r, v));
                }
            }
            reach.sort_by(|a, b| b.0.cmp(&a.0).then(b.1.cmp(&a.1)));
            order = reach.into_iter().map(|r| r.1).collect();
        }
        let free = self.options.depth == 0 || next < self.options.depth;
        let mut taken = 0u32;
        let mut alive = true;
        for v in order {
            let cost = if taken == 0 || (self.options.free_from > 0 && next >= self.options.free_from) {
                0
            } else if !free {
                u32::MAX
            } else if self.options.by_rank {
                taken
            } else {
                1
            };
            let before = self.search.used;
            if let Some(gained) = self.search.assign(next, v) {
                let score = score + gained;
                let need = self.floor().saturating_sub(score);
                if self.search.bound(next + 1, need).is_some() {
                    if cost > k {
                        *cut = true;
                        self.search.used = before;
                        break;
                    }
                    taken += 1;
                    alive = self.go(next + 1, score, k - cost, cut);
                }
            }
            self.search.used = before;
            if !alive {
                break;
            }
        }
        self.search.values[next] = NONE;
        alive
    }
}

#[cfg(test)]
mod tests {
    use std::time::Duration;

    use super::*;
    use crate::beam::view_in;
    use crate::common::{english_fill, replayed, shipped};
    use quadominos::solve::Limits;

    fn env<T: std::str::FromStr>(name: &str, default: T) -> T {
        std::env::var(name).ok().and_then(|v| v.parse().ok()).unwrap_or(default)
    }

    /// Run to its end, LDS is a complete search: on the shipped 3x3 and
    /// 4x4 it finds exactly their optima, and every fill it gives on the
    /// way is legal.
    #[test]
    fn lds_run_through_finds_the_optimum() {
        for (name, optimum) in [("fill-3x3-weight-english.yaml", 158), ("fill-4x4-weight-english.yaml", 263)] {
            let puzzle = shipped(name);
            let view = view_in(&puzzle, "mid");
            let limits = Limits::default();
            let tables = Tables::of(&view, &limits);
            for by_bound in [false, true] {
                let options = LdsOptions { by_bound, by_rank: false, depth: 0, free_from: 0, sub_nodes: 0 };
                let started = Instant::now();
                let mut lds = Lds::new(&tables, options, started, started + Duration::from_secs(600));
                lds.run(None);
                let best = lds.best.clone().expect("a fill");
                assert_eq!(best.0, optimum, "{name}, {options:?}");
                for (_, score, values, _) in &lds.events {
                    replayed(&puzzle, &view, &(*score, values.clone()), "LDS");
                }
            }
        }
    }

    /// The measurement on the English `LDS_SIZE` square (7): `LDS_BOUND`,
    /// `LDS_RANK` (1 for either), `LDS_DEPTH`, `LDS_SECONDS`: each
    /// improvement, replayed through the rules, and the best by 10, 30 and
    /// 60 s.
    #[test]
    #[ignore = "a measurement, run by hand: cargo test --release -p quadominos-lab lds::tests::measure -- --ignored --nocapture"]
    fn measure() {
        let size: i32 = env("LDS_SIZE", 7);
        let puzzle = english_fill(size, size);
        let view = view_in(&puzzle, "mid");
        let limits = Limits::default();
        let tables = Tables::of(&view, &limits);
        let options = LdsOptions {
            by_bound: env("LDS_BOUND", 0) == 1,
            by_rank: env("LDS_RANK", 0) == 1,
            depth: env("LDS_DEPTH", 0),
            free_from: env("LDS_FREE", 0),
            sub_nodes: env("LDS_SUB", 20_000),
        };
        let seconds: u64 = env("LDS_SECONDS", 60);
        let load = std::fs::read_to_string("/proc/loadavg").unwrap_or_default();
        println!("{options:?}, load {}", load.trim());
        let started = Instant::now();
        let mut lds = Lds::new(&tables, options, started, started + Duration::from_secs(seconds));
        // Asking from the start for at least `LDS_ASK` (no fill is kept for
        // the floor: only fills found are printed).
        let ask: i64 = env("LDS_ASK", 0);
        lds.run((ask > 0).then(|| (ask - 1, Vec::new())));
        for (t, score, values, round) in &lds.events {
            replayed(&puzzle, &view, &(*score, values.clone()), "LDS");
            println!("  {score} at {t:.1} s, round {round}, checked");
        }
        let by = |s: f64| lds.events.iter().filter(|e| e.0 <= s).map(|e| e.1).max();
        println!(
            "best by 10 s {:?}, 30 s {:?}, 60 s {:?}; {} nodes, last round {}; load {}",
            by(10.0),
            by(30.0),
            by(60.0),
            lds.nodes,
            lds.round,
            std::fs::read_to_string("/proc/loadavg").unwrap_or_default().trim()
        );
    }
}

#[cfg(test)]
mod profile {
    use super::*;
    use crate::beam::{permuted, view_in};
    use crate::common::{english_fill, replayed, searched};
    use crate::found_605::FOUND_605;
    use quadominos::solve::Limits;
    use quadominos::solve::lab::LatticeView;

    /// The known 605 fill's values in `view`'s order, in its quarter turn
    /// `turn`.
    fn values_in(view: &LatticeView, turn: usize) -> Vec<u8> {
        let turned = |x: usize, y: usize| match turn {
            0 => (x, y),
            1 => (7 - y, x),
            2 => (7 - x, 7 - y),
            _ => (y, 7 - x),
        };
        view.points
            .iter()
            .map(|p| {
                let (x, y) = turned(p.x as usize, p.y as usize);
                FOUND_605[y][x]
            })
            .collect()
    }

    /// Each point's value's rank among the values the search's checks and
    /// bound leave when asked for 605, walking `values` (a fill scoring
    /// 605) in `tables`' order: 0 the search's first choice, `None` a value
    /// the bound cuts.
    fn ranks(tables: &Tables<'_>, values: &[u8]) -> Vec<Option<usize>> {
        let mut s = LatticeSearch::alone(tables, Instant::now());
        assert!(s.bound(0, 605).is_some());
        let mut score = 0;
        let mut ranks = Vec::new();
        for (p, &value) in values.iter().enumerate() {
            let ahead = s.ahead;
            let (mut rank, mut mine) = (0, None);
            for v in (0..6u8).rev().filter(|v| ahead & (1 << v) != 0) {
                let before = s.used;
                let ok = s.assign(p, v).is_some_and(|g| s.bound(p + 1, 605 - score - g).is_some());
                s.used = before;
                if v == value && ok {
                    mine = Some(rank);
                }
                rank += usize::from(ok);
            }
            score += s.assign(p, value).expect("the 605 fill is legal");
            s.bound(p + 1, 605 - score);
            ranks.push(mine);
        }
        assert_eq!(score, 605);
        ranks
    }

    /// The known 605 fill spreads its weight: its middle 25 cells weigh 318,
    /// far under the heaviest 5x5 fill's 380 (the search's proven optimum
    /// of that square), and its ring of 24 cells the other 287, about as
    /// much a cell. The search, setting the middle first and heaviest
    /// first, tries many heavier middles before this one.
    #[test]
    fn the_605_fill_keeps_its_middle_light() {
        let view = view_in(&english_fill(7, 7), "mid");
        let values = values_in(&view, 0);
        let (mut middle, mut ring) = (0, 0);
        for (cell, ps) in &view.cells {
            let weight: i64 = ps.iter().map(|&p| i64::from(values[p])).sum();
            if (1..6).contains(&cell.x) && (1..6).contains(&cell.y) {
                middle += weight;
            } else {
                ring += weight;
            }
        }
        assert_eq!((middle, ring), (318, 287));
        let five = searched(&view_in(&english_fill(5, 5), "mid")).expect("a 5x5 fill");
        assert_eq!(five.0, 380);
    }

    /// The search with its points set from the edge in (`band`), which
    /// puts heavy tiles on the ring first: the best fill it finds within
    /// `BAND_SECS` seconds (10) on the 5x5 and the 7x7, each replayed
    /// through the rules.
    #[test]
    #[ignore = "a measurement, run by hand: cargo test --release -p quadominos-lab lds::profile -- --ignored --nocapture"]
    fn the_search_from_the_edge_in() {
        let secs = std::env::var("BAND_SECS").ok().and_then(|v| v.parse().ok()).unwrap_or(10);
        for n in [5, 7] {
            let puzzle = english_fill(n, n);
            let view = view_in(&puzzle, "band");
            let limits = Limits { timeout: Some(std::time::Duration::from_secs(secs)), ..Limits::default() };
            let tables = Tables::of(&view, &limits);
            let mut search = LatticeSearch::alone(&tables, Instant::now());
            search.go(0, 0);
            if let Some(fill) = &search.best {
                replayed(&puzzle, &view, fill, "the search from the edge in");
            }
            println!("{n}x{n}: {:?} in {} nodes", search.best.as_ref().map(|b| b.0), search.budget.nodes);
        }
    }

    /// Where the known 605 fill leaves the search's order: for each of its
    /// four turns, each point's value's rank (`X` a value the bound cuts).
    #[test]
    #[ignore = "a measurement, run by hand: cargo test --release -p quadominos-lab lds::profile -- --ignored --nocapture"]
    fn where_the_605_fill_leaves_the_search_order() {
        let puzzle = english_fill(7, 7);
        let view = view_in(&puzzle, "mid");
        let limits = Limits::default();
        let tables = Tables::of(&view, &limits);
        for turn in 0..4 {
            let ranks = ranks(&tables, &values_in(&view, turn));
            let words: Vec<String> = ranks.iter().map(|r| r.map_or("X".into(), |r| r.to_string())).collect();
            println!("turn {turn}: {}", words.join(" "));
        }
    }

    /// The same walk with the points set out from each other centre: every
    /// point of the lattice and every cell's middle, nearest first and then
    /// clockwise as the search's own order (no turn counted as the same):
    /// for each of the fill's four turns, how often it leaves that order,
    /// the ranks summed, and the first point where it does.
    #[test]
    #[ignore = "a measurement, run by hand: cargo test --release -p quadominos-lab lds::profile -- --ignored --nocapture"]
    fn the_605_fill_from_every_centre() {
        let puzzle = english_fill(7, 7);
        let base = view_in(&puzzle, "rows");
        let limits = Limits::default();
        // The centre in half points: (7, 7) is the region's middle.
        for (cy, cx) in (1..14i32).flat_map(|cy| (1..14i32).map(move |cx| (cy, cx))) {
            let view = permuted(&base, |p| {
                let (dx, dy) = (2 * p.x - cx, 2 * p.y - cy);
                // From the west, clockwise on the board (y grows south).
                let angle = f64::from(-dy).atan2(f64::from(-dx)).rem_euclid(std::f64::consts::TAU);
                (dx * dx + dy * dy, (angle * 1000.0) as i32)
            });
            let tables = Tables::of(&view, &limits);
            let line: Vec<String> = (0..4)
                .map(|turn| {
                    let ranks = ranks(&tables, &values_in(&view, turn));
                    let leaves = ranks.iter().filter(|r| **r != Some(0)).count();
                    let summed: usize = ranks.iter().map(|r| r.unwrap_or(6)).sum();
                    let first = ranks.iter().position(|r| *r != Some(0)).unwrap_or(ranks.len());
                    format!("{leaves:2} leaves, ranks {summed:2}, first at {first:2}")
                })
                .collect();
            println!("centre ({cx:2}, {cy:2}): {}", line.join(" | "));
        }
    }
}
