//! The lattice search with its points row by row (as it once was, kept here
//! to compare) proves the weight the product's middle-out order proves, on
//! every region within a 3x3 box under strict agreement, with and without
//! diagonal neighbours, from small pools that often fit.

use quadominos::formats::builtin_variant;
use quadominos::model::{Board, Cell};
use quadominos::solve::lab::{LatticeView, solve_view};
use quadominos::solve::{FillGoal, FillObjective, Goal, Limits, Puzzle, verify};

#[test]
fn rows_and_middle_out_prove_the_same_weight() {
    let mut state: u64 = 0x9e37_79b9_7f4a_7c15;
    let mut next = move || {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        state
    };
    let mut compared = 0;
    for mask in 1u16..512 {
        let region: Vec<Cell> = (0..9).filter(|i| mask & (1 << i) != 0).map(|i| Cell::new(i % 3, i / 3)).collect();
        if !(2..=5).contains(&region.len()) {
            continue;
        }
        for diagonal in [true, false] {
            let mut variant = builtin_variant("english").unwrap();
            if !diagonal {
                variant = variant.with_rule("R4", "no").unwrap();
            }
            let ids: Vec<_> = variant.tile_set().ids().collect();
            let mut pool: Vec<_> = (0..6).map(|_| ids[(next() % ids.len() as u64) as usize]).collect();
            pool.extend(ids.iter().copied().filter(|t| t.is_quad()).take(3));
            pool.sort_unstable();
            pool.dedup();
            let goal = FillGoal { region: region.clone(), pool, objective: FillObjective::Weight };
            let puzzle = Puzzle { variant, board: Board::default(), hand: Vec::new(), goal: Goal::Fill(goal.clone()) };
            let Some(middle) = LatticeView::of(&puzzle, &goal) else { continue };
            let rows = LatticeView::in_reading_order(&puzzle, &goal).expect("a lattice fill in either order");
            let limits = Limits::default();
            let (a, b) = (solve_view(&puzzle, &middle, &limits), solve_view(&puzzle, &rows, &limits));
            assert!(a.proven && b.proven, "{region:?}");
            assert_eq!(a.score, b.score, "{region:?}, R4 {diagonal}");
            verify(&puzzle, &b).unwrap_or_else(|e| panic!("{region:?}: {e}"));
            compared += 1;
        }
    }
    assert!(compared >= 100, "only {compared} regions compared");
}
