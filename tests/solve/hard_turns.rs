//! Chained best turns (R8 = yes) on the 40-tile serbian-chain position of
//! the hard bench, with hands of growing size: the turn the library proves
//! best replays through the rules at its score, and a deliberately simple
//! walk of the game engine's own actions (`tests/common/chain_reference.rs`,
//! which shares no code with the library's solvers) finds a turn reaching
//! that score and none beyond it.

#[path = "../common/chain_reference.rs"]
mod chain_reference;

use std::path::Path;

use quadominos::formats::{VariantChoice, builtin_variant, load_puzzle};
use quadominos::rules::random_position;
use quadominos::solve::native::Native;
use quadominos::solve::{Goal, Limits, Puzzle, Solver, verify};

/// The best turn of `generate --seed 77 --tiles 40 --hand <hand> --variant
/// serbian-chain`.
fn chained_turn(hand: usize) -> Puzzle {
    let variant = builtin_variant("serbian-chain").unwrap();
    let position = random_position(&variant, 77, 40, hand);
    Puzzle { variant, board: position.board, hand: position.hand, goal: Goal::BestTurn }
}

/// The library's proven best turn of `puzzle`, replayed, and the engine
/// walk's verdict on it: a turn of that score, none above.
fn agrees(puzzle: &Puzzle, name: &str) -> i64 {
    let answer = Native.solve(puzzle, &Limits::default()).unwrap();
    assert!(answer.proven, "{name}: not proven");
    verify(puzzle, &answer).unwrap_or_else(|e| panic!("{name}: {e}"));
    let (reached, _) = chain_reference::turn_reaches(puzzle, answer.score);
    assert!(reached, "{name}: the engine walk finds no turn of {}", answer.score);
    let (beaten, _) = chain_reference::turn_reaches(puzzle, answer.score + 1);
    assert!(!beaten, "{name}: the engine walk finds a turn above {}", answer.score);
    answer.score
}

/// Hands of 4 to 8 tiles. The scores climb as the hand grows (80, 101,
/// 101, 106, 139): a walk that stopped at the first bonus, or a solver
/// that never took the tiles, would not climb with them.
#[test]
#[cfg_attr(debug_assertions, ignore = "seconds in release; run by cargo test --release")]
fn chained_turns_of_4_to_8_tiles_agree_with_a_walk_of_the_engine() {
    let scores: Vec<i64> = (4..=8).map(|hand| agrees(&chained_turn(hand), &format!("{hand} tiles"))).collect();
    assert!(scores.windows(2).all(|w| w[0] <= w[1]), "{scores:?}");
    // Without the chain (R8 = no) a turn scores at most its first tile and
    // the better of the 25 and two bonus tiles, under 3 x 20 + 25: a hand
    // of 8 scores more only by chaining bonuses.
    assert!(scores[4] > 3 * 20 + 25, "{scores:?}");
}

/// The same hands of 4 to 6 tiles under R9's other values: bonus tiles
/// scoring their weights with every play (weight), or nothing at all, only
/// the bonuses' 25s counting (opening-only). The library's search counts a
/// tile's value through the reading; the engine walk plays the game's own
/// events. Under opening-only a turn scores only 25s, so its score is a
/// multiple of 25, and never more than under nothing, whose bonus tiles
/// add their weights besides, nor that more than under weight (the
/// default), whose every tile does.
#[test]
#[cfg_attr(debug_assertions, ignore = "seconds in release; run by cargo test --release")]
fn chained_turns_agree_with_a_walk_of_the_engine_under_every_value_of_r9() {
    for hand in 4..=6 {
        let base = chained_turn(hand);
        let scored = |value: &str| {
            let variant = base.variant.clone().with_rule("R9", value).unwrap();
            let puzzle = Puzzle { variant, ..base.clone() };
            agrees(&puzzle, &format!("{hand} tiles, R9 = {value}"))
        };
        let (weight, nothing, opening_only) = (scored("weight"), scored("nothing"), scored("opening-only"));
        assert_eq!(opening_only % 25, 0, "{hand} tiles: {opening_only}");
        assert!(opening_only <= nothing && nothing <= weight, "{hand} tiles: {weight} {nothing} {opening_only}");
    }
}

/// The shipped 10-tile chained turn (162): the engine walk takes about two
/// minutes, so this check is run by hand, `cargo test --release --test
/// hard_turns -- --ignored`; the corpus test proves the shipped answer
/// natively on every test run.
#[test]
#[ignore = "about two minutes: run by hand with --ignored"]
fn the_shipped_10_tile_chained_turn_agrees_with_a_walk_of_the_engine() {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("puzzles/turn-chain-10-serbian.yaml");
    let loaded = load_puzzle(&path, &VariantChoice::default()).unwrap();
    let generated = chained_turn(10);
    assert_eq!(loaded.puzzle.board.tiles(), generated.board.tiles());
    assert_eq!(loaded.puzzle.hand, generated.hand);
    assert_eq!(loaded.puzzle.goal, Goal::BestTurn);
    let score = agrees(&loaded.puzzle, "turn-chain-10-serbian.yaml");
    assert_eq!(loaded.expect.score, Some(score));
}
