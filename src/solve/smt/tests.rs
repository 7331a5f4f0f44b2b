//! The SMT solver's own tests: z3 and the helpers behave as the encoding
//! assumes, and the solver's answers on shipped puzzles agree with the
//! native solver's and replay through the rules.

use std::path::Path;
use std::time::Duration;

use z3::ast::Bool;
use z3::{Optimize, SatResult};

use super::Smt;
use super::formula::{all, any, is_true, lit, sum};
use crate::formats::{VariantChoice, builtin_variant, load_puzzle};
use crate::model::Cell;
use crate::solve::native::Native;
use crate::solve::verify;
use crate::solve::{Choice, FillGoal, FillObjective, Goal, Limits, PlayKind, Puzzle, Solver};

#[test]
fn z3_optimize_maximizes_a_small_sum_under_a_pseudo_boolean_constraint() {
    let a = Bool::new_const("a");
    let b = Bool::new_const("b");
    let c = Bool::new_const("c");
    let opt = Optimize::new();
    opt.assert(Bool::pb_le(&[(&a, 1), (&b, 1), (&c, 1)], 2));
    let objective = sum(&[(a.clone(), 3), (b.clone(), 5), (c.clone(), 4)]);
    opt.maximize(&objective);
    assert_eq!(opt.check(&[]), SatResult::Sat);
    let model = opt.get_model().expect("a model");
    assert_eq!(model.eval(&objective, true).and_then(|v| v.as_i64()), Some(9));
    assert!(!is_true(&model, &a) && is_true(&model, &b) && is_true(&model, &c));
}

#[test]
fn folding_helpers_fold_constants() {
    let x = Bool::new_const("x");
    assert_eq!(any([lit(false), lit(false)]).as_bool(), Some(false));
    assert_eq!(any([x.clone(), lit(true)]).as_bool(), Some(true));
    assert_eq!(all([x, lit(false)]).as_bool(), Some(false));
}

fn puzzle(name: &str) -> Puzzle {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("puzzles").join(name);
    load_puzzle(&path, &VariantChoice::default()).unwrap().puzzle
}

#[test]
fn the_bonus_corner_example_scores_47_with_two_bonus_tiles() {
    let p = puzzle("bonus-corner.yaml");
    let answer = Smt.solve(&p, &Limits::default()).unwrap();
    verify(&p, &answer).unwrap();
    assert_eq!(answer.score, 47);
    assert!(answer.proven);
    assert_eq!(answer.stats.solver, "smt");
    assert_eq!(answer.plays.len(), 3);
    assert_eq!(answer.plays[0].choice, Some(Choice::Tiles));
    assert_eq!(answer.plays[1].kind, PlayKind::BonusTile);
}

#[test]
fn every_optimal_turn_is_listed_like_the_native_solver_lists_them() {
    let p = puzzle("bonus-corner.yaml");
    let limits = Limits { all: true, ..Limits::default() };
    let smt = Smt.solve(&p, &limits).unwrap();
    let native = Native.solve(&p, &limits).unwrap();
    verify(&p, &smt).unwrap();
    let mut a = smt.all.clone();
    let mut b = native.all.clone();
    a.sort_by_key(|l| format!("{l:?}"));
    b.sort_by_key(|l| format!("{l:?}"));
    assert_eq!(a, b);
}

#[test]
fn a_chained_turn_lists_the_same_optima_as_the_native_solver() {
    let p = puzzle("turn-chain-bonus.yaml");
    let limits = Limits { all: true, ..Limits::default() };
    let smt = Smt.solve(&p, &limits).unwrap();
    let native = Native.solve(&p, &limits).unwrap();
    verify(&p, &smt).unwrap();
    assert_eq!(smt.score, native.score);
    let mut a = smt.all.clone();
    let mut b = native.all.clone();
    a.sort_by_key(|l| format!("{l:?}"));
    b.sort_by_key(|l| format!("{l:?}"));
    assert_eq!(a, b);
    // Solved in rounds without `--all`, the same score.
    let rounds = Smt.solve(&p, &Limits::default()).unwrap();
    verify(&p, &rounds).unwrap();
    assert_eq!(rounds.score, native.score);
    assert!(rounds.stats.nodes > 1, "more than one check: {:?}", rounds.stats);
}

#[test]
fn a_hand_with_no_play_scores_nothing() {
    let p = puzzle("turn-no-play-beginner.yaml");
    let answer = Smt.solve(&p, &Limits::default()).unwrap();
    verify(&p, &answer).unwrap();
    assert_eq!((answer.score, answer.proven, answer.plays.len()), (0, true, 0));
}

#[test]
fn a_best_sequence_takes_each_bonus_as_points() {
    let mut p = puzzle("bonus-corner.yaml");
    p.goal = Goal::BestSequence { plays: 2 };
    let smt = Smt.solve(&p, &Limits::default()).unwrap();
    let native = Native.solve(&p, &Limits::default()).unwrap();
    verify(&p, &smt).unwrap();
    assert_eq!(smt.score, native.score);
}

#[test]
fn a_tiny_timeout_still_answers_within_the_rules() {
    let english = builtin_variant("english").unwrap();
    let pos = crate::rules::random_position(&english, 3, 20, 8);
    let p = Puzzle { variant: english, board: pos.board, hand: pos.hand, goal: Goal::BestSequence { plays: 6 } };
    let limits = Limits { timeout: Some(Duration::from_millis(1)), ..Limits::default() };
    let answer = Smt.solve(&p, &limits).unwrap();
    verify(&p, &answer).unwrap();
    // A position where z3 cannot finish in 1 ms: even when it found
    // nothing in time, a play is made (E8, E9).
    let p = puzzle("turn-60-english.yaml");
    let answer = Smt.solve(&p, &limits).unwrap();
    assert!(!answer.proven && !answer.plays.is_empty());
    verify(&p, &answer).unwrap();
}

#[test]
fn a_fill_of_one_hole_uses_the_best_tile() {
    let mut p = puzzle("beginner-hole.yaml");
    let region = vec![Cell::new(1, 1)];
    p.goal = Goal::Fill(FillGoal { region, pool: p.hand.clone(), objective: FillObjective::Weight });
    let answer = Smt.solve(&p, &Limits::default()).unwrap();
    verify(&p, &answer).unwrap();
    assert_eq!(answer.score, 11);
    p.goal =
        Goal::Fill(FillGoal { region: vec![Cell::new(1, 1)], pool: p.hand.clone(), objective: FillObjective::Count });
    let answer = Smt.solve(&p, &Limits::default()).unwrap();
    verify(&p, &answer).unwrap();
    assert_eq!(answer.count, Some(1));
}

#[test]
fn an_interrupt_left_pending_on_this_thread_does_not_cut_into_a_solve() {
    // The memory watchdog may interrupt z3 just as a check ends; z3 keeps
    // that interrupt pending in its context. Sent to the thread's own
    // context here before a solve starts, it must not reach the solve,
    // which runs in a context of its own: on a shared context a count of
    // ten fills once ended, proven, after two.
    let v = builtin_variant("serbian").unwrap();
    let position = crate::rules::random_position(&v, 286635720546212479, 4, 2);
    let mut region = position.board.open_cells();
    region.sort_unstable_by_key(|c| (c.y, c.x));
    region.truncate(2);
    let goal = Goal::Fill(FillGoal { region, pool: position.hand.clone(), objective: FillObjective::Count });
    let p = Puzzle { variant: v, board: position.board, hand: position.hand, goal };
    let truth = Native.solve(&p, &Limits::default()).unwrap();
    assert_eq!((truth.proven, truth.count), (true, Some(10)));
    for _ in 0..3 {
        z3::Context::thread_local().handle().interrupt();
        let answer = Smt.solve(&p, &Limits::default()).unwrap();
        assert_eq!((answer.proven, answer.count), (true, Some(10)), "{:?}", answer.stats);
    }
}
