//! The rim's probes against exact searches and known fills.

use std::time::Instant;

use super::super::LatticeView;
use super::super::found_605::FOUND_605;
use super::super::tests::{box_regions, english_fill, search_view, searched, weight_fill, xorshift};
use super::*;
use crate::formats::builtin_variant;
use crate::model::TileId;
use crate::solve::{Goal, Limits};

/// A probe with no limit but `nodes`.
fn probe(rim: &Rim, t: i64, nodes: u64) -> Probe {
    let limits = Limits::default();
    let mut budget = Budget::new(&limits, Instant::now());
    budget.attempt(Some(nodes));
    rim.probe(t, &mut budget)
}

/// The lowest `t` the probes from `from` down reach (every probe above it
/// proven `Below`), each probe allowed `nodes`: `Some(-1)` where even 0 is
/// out of reach (no fill), `None` where a probe is cut.
fn lowest_reached(rim: &Rim, from: i64, nodes: u64) -> Option<i64> {
    let mut t = from;
    while t >= 0 {
        match probe(rim, t, nodes) {
            Probe::Reached(_) => return Some(t),
            Probe::Below => t -= 1,
            Probe::Cut => return None,
        }
    }
    Some(t)
}

/// The rim values of a fill (by place along the rim).
fn rim_values(rim: &Rim, values: &[u8]) -> Vec<u8> {
    rim.points.iter().map(|&p| values[p]).collect()
}

/// Random regions within a 3 by 3 square (holes, and cells meeting at a
/// corner, among them) from random English pools, each searched through:
/// the values of the best fill's rim pass every prefix's check at its
/// weight, and no probe proves it out of reach. Some regions' probes
/// prove less than the shape's bound, so the rim adds something the count
/// alone does not.
#[test]
#[cfg_attr(debug_assertions, ignore = "hundreds of exact searches: run by cargo test --release")]
fn the_rim_never_cuts_a_fill_the_search_finds() {
    let mut next = xorshift(0x2b7e_1516_28ae_d2a6);
    let variant = builtin_variant("english").unwrap();
    let ids: Vec<TileId> = variant.tile_set().ids().collect();
    let (mut tried, mut lower, mut no_rim, mut cut) = (0, 0, 0, 0);
    for region in box_regions().flat_map(|r| [r.clone(), r]) {
        let mut pool: Vec<TileId> = (0..12 + next() % 30).map(|_| ids[(next() % ids.len() as u64) as usize]).collect();
        pool.sort_unstable();
        pool.dedup();
        let puzzle = weight_fill(variant.clone(), region, pool);
        let Goal::Fill(goal) = &puzzle.goal else { unreachable!("a fill") };
        let Some(view) = LatticeView::of(&puzzle, goal) else { continue };
        let limits = Limits::default();
        let tables = Tables::of(&view, &limits);
        let Some(rim) = Rim::of(&tables) else {
            no_rim += 1;
            continue;
        };
        let what = format!("{:?} from {:?}", goal.region, goal.pool);
        tried += 1;
        let shape = super::super::flat::shape(&view).and_then(|s| s.bound);
        let best = searched(&view);
        if let Some((weight, values)) = &best {
            let on_rim = rim_values(&rim, values);
            for k in 0..=on_rim.len() {
                assert!(rim.reaches(&on_rim[..k], *weight, &mut 0), "{what}: the best fill's rim cut at {k}");
            }
        }
        // A fill of the best weight exists, so no probe may prove that
        // none reaches it; and where the shape's bound is above it, the rim
        // may prove less.
        if let Some((weight, _)) = &best {
            match probe(&rim, *weight, 200_000) {
                Probe::Below => panic!("{what}: the rim proved {best:?} out of reach"),
                Probe::Reached(_) => {}
                Probe::Cut => cut += 1,
            }
            if let Some(shape) = shape.filter(|s| s > weight) {
                lower += usize::from(probe(&rim, shape, 200_000) == Probe::Below);
            }
        }
    }
    let counts =
        format!("{tried} regions with a rim (and {no_rim} without): under the shape's bound {lower}, probes cut {cut}");
    println!("{counts}");
    assert!(tried > 100 && no_rim > 0 && lower > 0 && cut * 10 < tried, "{counts}");
}

/// On the English squares: the 4x4's rim proves nothing under the
/// heaviest tiles (266; its optimum is 263), the 6x6's probes fall from
/// the shape's 534, and on the 7x7 the known 605 fill's rim passes every
/// check at 605 while its whole rim leaves room for no more than 634, and
/// a rim of 5s alone leaves none at all: only 21 tiles show two 5s side
/// by side, for 24 cells.
#[test]
#[cfg_attr(debug_assertions, ignore = "probes of seconds in release; run by cargo test --release")]
fn the_english_squares_by_their_rim() {
    let limits = Limits::default();
    let views: Vec<LatticeView> = [4, 6, 7].map(|size| search_view(&english_fill(size, size))).into();
    let tables: Vec<Tables<'_>> = views.iter().map(|view| Tables::of(view, &limits)).collect();
    let [four, six, seven] = [0, 1, 2].map(|i| Rim::of(&tables[i]).expect("a rim"));
    assert_eq!(lowest_reached(&four, 266, 1_000_000), Some(266));
    assert_eq!(six.points.len(), 24);
    for t in [534, 533, 532, 531] {
        assert_eq!(probe(&six, t, 2_000_000), Probe::Below, "the 6x6 at {t}");
    }
    let view = &views[2];
    let values: Vec<u8> = view.points.iter().map(|p| FOUND_605[p.y as usize][p.x as usize]).collect();
    let on_rim = rim_values(&seven, &values);
    for k in 0..=on_rim.len() {
        assert!(seven.reaches(&on_rim[..k], 605, &mut 0), "the 605 fill's rim cut at {k}");
    }
    assert!(seven.reaches(&on_rim, 634, &mut 0) && !seven.reaches(&on_rim, 635, &mut 0));
    assert!(!seven.reaches(&[5; 28], 0, &mut 0));
    for t in [668, 667, 666, 665] {
        assert_eq!(probe(&seven, t, 2_000_000), Probe::Below, "the 7x7 at {t}");
    }
}
