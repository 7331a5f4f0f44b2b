//! The shape's count: the identity it rests on, read off real fills, and
//! its bound against exact searches.

use super::super::found_605::FOUND_605;
use super::super::tests::{box_regions, english_fill, search_view, searched, weight_fill, xorshift};
use super::*;
use crate::formats::builtin_variant;
use crate::model::TileId;
use crate::solve::Goal;

/// The heaviest pool tiles of `view`, one per cell: the bound the shape's
/// count is measured against.
fn heaviest_tiles(view: &LatticeView) -> i64 {
    let mut weights: Vec<i64> = view.tiles.iter().map(|t| i64::from(t.weight())).collect();
    weights.sort_unstable_by(|a, b| b.cmp(a));
    weights.iter().take(view.cells.len()).sum()
}

/// For the values of a fill of `view`: the cells' `2 - flat` summed over
/// those not of four equal values, and the edge sides stepping up less
/// those stepping down, each read clockwise round its cell.
fn both_sides(view: &LatticeView, values: &[u8]) -> (i64, i64) {
    let cells: HashSet<(i32, i32)> = view.cells.iter().map(|(c, _)| (c.x, c.y)).collect();
    let (mut cost, mut edge) = (0, 0);
    for (cell, ps) in &view.cells {
        let v = ps.map(|p| i64::from(values[p]));
        let flat = (0..4).filter(|&k| v[k] == v[(k + 1) % 4]).count() as i64;
        if flat < 4 {
            cost += 2 - flat;
        }
        // North, east, south and west sides: NW to NE, NE to SE, SE to SW
        // and SW to NW.
        let beyond = [(0, -1), (1, 0), (0, 1), (-1, 0)];
        for (k, (dx, dy)) in beyond.into_iter().enumerate() {
            if !cells.contains(&(cell.x + dx, cell.y + dy)) {
                edge += (v[(k + 1) % 4] - v[k]).signum();
            }
        }
    }
    (cost, edge)
}

/// The identity the count rests on, on the heaviest known fills: the
/// shipped 3x3 to 5x5 optima found by the search, and the 605 fill of the
/// 7x7. Each side is what the module's comment says it is, equal, and
/// within what the edge allows.
#[test]
fn the_cells_cost_what_the_edge_steps_up_less_what_it_steps_down() {
    for n in 3..=5 {
        let view = search_view(&english_fill(n, n));
        let (_, values) = searched(&view).expect("a fill");
        let (cost, edge) = both_sides(&view, &values);
        let shape = shape(&view).expect("the English set ascends");
        assert_eq!(cost, edge, "{n}x{n}");
        assert!(cost <= shape.allowed as i64, "{n}x{n}: {cost} of {}", shape.allowed);
    }
    let view = search_view(&english_fill(7, 7));
    let values: Vec<u8> = view.points.iter().map(|p| FOUND_605[p.y as usize][p.x as usize]).collect();
    assert_eq!(both_sides(&view, &values), (12, 12));
    assert_eq!(shape(&view).map(|s| (s.edge, s.allowed)), Some((28, 18)));
}

/// On the English fills from the full set: never under a proven optimum
/// (the shipped 3x3 to 6x6) nor under the 605 fill found on the 7x7, never
/// over the heaviest tiles, under them from the 6x6 on; and the 9x9 has no
/// fill at all: 51 tiles cost nothing, so its 81 cells cost at least 30,
/// where its 36 edge sides allow 24.
#[test]
fn the_english_square_fills_by_their_shape() {
    for (n, known, heaviest) in [(3, 158, 158), (4, 263, 266), (5, 380, 394), (6, 498, 537), (7, 605, 690), (8, 0, 847)]
    {
        let view = search_view(&english_fill(n, n));
        assert_eq!(heaviest_tiles(&view), heaviest, "{n}x{n}");
        let bound = shape(&view).and_then(|s| s.bound).expect("some tiles within the edge");
        assert!(bound >= known && bound <= heaviest, "{n}x{n}: {bound}");
        assert_eq!(bound < heaviest, n >= 6, "{n}x{n}: {bound}");
        println!("{n}x{n}: {bound} (heaviest tiles {heaviest}, known fill {known})");
    }
    let nine = shape(&search_view(&english_fill(9, 9))).expect("the English set ascends");
    assert_eq!((nine.edge, nine.allowed, nine.cheapest, nine.bound), (36, 24, 30, None));
}

/// Random regions (up to 3x3 cells, any shape touching the box's north and
/// west sides) from random English pools: wherever the shape bounds a fill
/// the plain search finds none heavier, and wherever it rules fills out
/// the search finds none. Both happen, the bound is under the heaviest
/// tiles' in some regions, and some regions have a fill where the cheapest
/// tiles cost exactly what the edge allows (an edge allowing one less
/// would rule them out wrongly).
#[test]
#[cfg_attr(debug_assertions, ignore = "hundreds of exact searches: run by cargo test --release")]
fn the_shape_never_cuts_a_fill_the_search_finds() {
    let mut next = xorshift(0x51ed_270b_1a2e_44f3);
    let variant = builtin_variant("english").unwrap();
    let ids: Vec<TileId> = variant.tile_set().ids().collect();
    let (mut tried, mut ruled_out, mut below, mut exact) = (0, 0, 0, 0);
    for region in box_regions().flat_map(|r| [r.clone(), r]) {
        // Pools of a dozen to three dozen tiles, or of tiles with no two
        // equal neighbouring values (which cost the most) and up to two
        // others.
        let distinct = |t: &TileId| (1..4).all(|k| !t.values()[..k].contains(&t.values()[k]));
        let mut pool: Vec<TileId> = if next().is_multiple_of(2) {
            let mut pool: Vec<TileId> =
                ids.iter().copied().filter(|t| distinct(t) && !next().is_multiple_of(4)).collect();
            pool.extend((0..next() % 3).map(|_| ids[(next() % ids.len() as u64) as usize]));
            pool
        } else {
            (0..12 + next() % 25).map(|_| ids[(next() % ids.len() as u64) as usize]).collect()
        };
        pool.sort_unstable();
        pool.dedup();
        let puzzle = weight_fill(variant.clone(), region, pool);
        let Goal::Fill(goal) = &puzzle.goal else { unreachable!("a fill") };
        let Some(view) = LatticeView::of(&puzzle, goal) else { continue };
        let Some(shape) = shape(&view) else { continue };
        let best = searched(&view).map(|b| b.0);
        tried += 1;
        let what = format!("{:?} from {:?}", goal.region, goal.pool);
        match shape.bound {
            None => {
                assert_eq!(best, None, "{what}: ruled out, yet filled");
                ruled_out += 1;
            }
            Some(bound) => {
                assert!(best.is_none_or(|b| b <= bound), "{what}: {best:?} over {bound}");
                below += usize::from(bound < heaviest_tiles(&view));
                exact += usize::from(best.is_some() && shape.cheapest == shape.allowed);
            }
        }
    }
    let counts = format!(
        "{tried} regions: ruled out {ruled_out}, under the heaviest tiles {below}, filled at exactly the edge's {exact}"
    );
    println!("{counts}");
    assert!(ruled_out > 0 && below > 0 && exact > 0, "{counts}");
}

/// The arrangement reading decides whether the count holds: tiles
/// ascending counter-clockwise (R1) rule the 9x9 out as the clockwise ones
/// do, with the same figures; tiles in any order (every arrangement of a
/// tile's values playable) leave no count, so the 9x9 is not ruled out by
/// it.
#[test]
fn the_count_holds_for_either_direction_of_ascent_and_not_for_any_order() {
    let clockwise = shape(&search_view(&english_fill(9, 9)));
    for (arrangement, counted) in [("ascending-counter-clockwise", true), ("any-order", false)] {
        let puzzle = english_fill(9, 9);
        let variant = puzzle.variant.with_rule("R1", arrangement).unwrap();
        let puzzle = crate::solve::Puzzle { variant, ..puzzle };
        let Goal::Fill(goal) = &puzzle.goal else { unreachable!("a fill") };
        let view = LatticeView::of(&puzzle, goal).expect("a lattice fill");
        let got = shape(&view);
        if counted {
            assert_eq!(got, clockwise, "{arrangement}");
        } else {
            assert_eq!(got, None, "{arrangement}");
        }
    }
}
