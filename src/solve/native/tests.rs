//! Tests of the native search: its bounds against walking every line,
//! its ceilings and its bound history.

use std::sync::Arc;

use super::*;
use crate::formats::{VariantChoice, builtin_variant, load_puzzle};
use crate::rules::random_position;
use crate::solve::{Progress, verify};

/// The best sequence by walking every line, with no bound and no table:
/// each play's points and 25 for a bonus.
fn unpruned(g: &mut MoveGen<'_>, v: &Variant, left: usize) -> i64 {
    if left == 0 {
        return 0;
    }
    let mut moves = Vec::new();
    g.legal_moves(&mut moves);
    let mut best = 0;
    for m in moves {
        let corners = corners_of(v, m);
        let value = i64::from(points(v, corners)) + if g.is_bonus(m) { 25 } else { 0 };
        g.place(m.at, corners);
        best = best.max(value + unpruned(g, v, left - 1));
        g.unplace(m.at);
    }
    best
}

/// The sequence search's bounds (the hand left after each move, the last
/// play chosen without placing it, the table of placement sets) never
/// cut off a best line: on random small positions under every shipped
/// variant it proves what walking every line finds, and its line replays.
#[test]
// Slow in a debug build: run by `cargo test --release`.
#[cfg_attr(debug_assertions, ignore)]
fn the_pruned_sequence_search_finds_what_walking_every_line_finds() {
    for name in ["english", "serbian", "serbian-chain"] {
        let v = builtin_variant(name).unwrap();
        for seed in 0..12 {
            let p = random_position(&v, seed, 10 + (seed as usize % 4) * 8, 5 + seed as usize % 3);
            for plays in 1..=3 {
                let puzzle = Puzzle {
                    variant: v.clone(),
                    board: p.board.clone(),
                    hand: p.hand.clone(),
                    goal: Goal::BestSequence { plays },
                };
                let answer = Native.solve(&puzzle, &Limits::default()).unwrap();
                let mut g = MoveGen::new(&v, &p.board, &p.hand);
                let walked = unpruned(&mut g, &v, plays);
                assert!(answer.proven);
                assert_eq!(answer.score, walked, "{name} seed {seed} plays {plays}");
                verify(&puzzle, &answer).unwrap();
            }
        }
    }
}

/// The ceiling of a chained turn (R8 = yes) is a true bound: on random
/// small positions no proven best turn scores more.
#[test]
// Slow in a debug build: run by `cargo test --release`.
#[cfg_attr(debug_assertions, ignore)]
fn a_chained_turn_never_scores_past_its_ceiling() {
    let v = builtin_variant("serbian-chain").unwrap();
    let mut bonus_turns = 0;
    for seed in 0..40 {
        let p = random_position(&v, seed, 12 + (seed as usize % 5) * 6, 3 + seed as usize % 3);
        let puzzle = Puzzle { variant: v.clone(), board: p.board, hand: p.hand, goal: Goal::BestTurn };
        let answer = Native.solve(&puzzle, &Limits::default()).unwrap();
        assert!(answer.proven);
        let bound = ceiling(&puzzle).unwrap();
        assert!(answer.score <= bound, "seed {seed}: {} > {bound}", answer.score);
        bonus_turns += usize::from(answer.plays.len() > 1);
    }
    assert!(bonus_turns >= 5, "only {bonus_turns} turns took bonus tiles");
}

/// The bound history of a sequence or a turn: strictly decreasing, each
/// step a true bound (no lower than the proven optimum, no lower than the
/// best found by then), the last equal to the optimum.
#[test]
fn a_search_reports_decreasing_true_bounds_ending_at_the_optimum() {
    for name in [
        "seq-60-serbian-6.yaml",
        "seq-60-serbian-8.yaml",
        "seq-60-english.yaml",
        "turn-60-serbian.yaml",
        "turn-60-english.yaml",
        "turn-chain-bonus.yaml",
        "bonus-corner.yaml",
    ] {
        let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("puzzles").join(name);
        let loaded = load_puzzle(&path, &VariantChoice::default()).unwrap();
        let (puzzle, optimum) = (loaded.puzzle, loaded.expect.score.unwrap());
        let progress = Arc::new(Progress::default());
        let limits = Limits { progress: Some(progress.clone()), ..Limits::default() };
        let answer = Native.solve(&puzzle, &limits).unwrap();
        assert!(answer.proven, "{name}");
        assert_eq!(answer.score, optimum, "{name}");
        let steps = progress.history();
        assert!(!steps.is_empty(), "{name}");
        assert_eq!(steps.first().map(|s| s.bound), ceiling(&puzzle), "{name}: starts at the ceiling");
        assert_eq!(steps.last().map(|s| s.bound), Some(optimum), "{name}: {steps:?}");
        for pair in steps.windows(2) {
            assert!(pair[1].bound < pair[0].bound && pair[1].micros >= pair[0].micros, "{name}: {steps:?}");
        }
        for s in &steps {
            assert!(s.bound >= optimum && s.best.is_none_or(|b| b <= s.bound), "{name}: {s:?}");
        }
        assert_eq!((progress.best(), progress.bound()), (Some(optimum), Some(optimum)), "{name}");
    }
}
