//! The English weight fills of rectangles from the whole tile set, up to
//! the shipped 5x5 and 6x6: the optimum the library proves is the one a
//! deliberately simple search of the test suite's own finds
//! (`tests/common/fill_reference.rs`, which shares no code with the
//! library's solvers), and the fill that search finds replays through the
//! library's rules with the weight it claims.

#[path = "../common/fill_reference.rs"]
mod fill_reference;

use std::path::Path;

use quadominos::formats::{VariantChoice, builtin_variant, load_puzzle};
use quadominos::model::{Board, Cell, Corners, TileId};
use quadominos::solve::native::Native;
use quadominos::solve::{
    Answer, FillGoal, FillObjective, Goal, Limits, Play, PlayKind, Puzzle, Solver, Stats, fill_on_lattice, verify,
};

/// The English weight fill of a `width` x `height` rectangle from the full
/// set.
fn rectangle(width: i32, height: i32) -> Puzzle {
    let variant = builtin_variant("english").unwrap();
    let region: Vec<Cell> = (0..height).flat_map(|y| (0..width).map(move |x| Cell::new(x, y))).collect();
    let pool: Vec<TileId> = variant.tile_set().ids().collect();
    let goal = FillGoal { region, pool, objective: FillObjective::Weight };
    Puzzle { variant, board: Board::default(), hand: Vec::new(), goal: Goal::Fill(goal) }
}

/// The reference's heaviest fill of `puzzle`'s rectangle, checked: its
/// fill, as plays, replays through the library's rules (every tile in the
/// set, used once, legal as if placed last) with the weight it claims.
fn reference(puzzle: &Puzzle, width: usize, height: usize) -> i64 {
    let tiles: Vec<[u8; 4]> = puzzle.variant.tile_set().ids().map(TileId::values).collect();
    let (weight, values) = fill_reference::heaviest_fill(width, height, &tiles).expect("a fill");
    let plays: Vec<Play> = (0..height)
        .flat_map(|y| (0..width).map(move |x| (x, y)))
        .map(|(x, y)| {
            let corners = Corners([values[y][x], values[y][x + 1], values[y + 1][x + 1], values[y + 1][x]]);
            Play {
                tile: corners.id(),
                at: Cell::new(x as i32, y as i32),
                corners,
                kind: PlayKind::Fill,
                points: i64::from(corners.weight()),
                bonus: false,
                choice: None,
            }
        })
        .collect();
    let answer = Answer {
        score: weight,
        proven: true,
        bound: None,
        plays,
        all: Vec::new(),
        count: None,
        stats: Stats::default(),
    };
    verify(puzzle, &answer).unwrap_or_else(|e| panic!("{width}x{height}: the reference's fill: {e}"));
    weight
}

/// Every rectangle from 2x2 to 5x5 (both ways round where they differ):
/// the lattice search proves the reference's optimum.
#[test]
#[cfg_attr(debug_assertions, ignore = "proofs of seconds in release; run by cargo test --release")]
fn english_weight_fills_of_rectangles_agree_with_a_simple_search_of_their_own() {
    let sizes = [(2, 2), (3, 2), (2, 3), (3, 3), (4, 2), (4, 3), (3, 4), (4, 4), (5, 3), (5, 4), (4, 5), (5, 5)];
    for (width, height) in sizes {
        let puzzle = rectangle(width as i32, height as i32);
        let Goal::Fill(goal) = &puzzle.goal else { unreachable!() };
        assert!(fill_on_lattice(&puzzle, goal), "{width}x{height}");
        let answer = Native.solve(&puzzle, &Limits::default()).unwrap();
        assert!(answer.proven, "{width}x{height}");
        verify(&puzzle, &answer).unwrap_or_else(|e| panic!("{width}x{height}: {e}"));
        assert_eq!(answer.score, reference(&puzzle, width, height), "{width}x{height}");
    }
}

/// The shipped 6x6 (498): the reference takes about 25 minutes, so
/// this check is run by hand, `cargo test --release --test solve hard_fills --
/// --ignored`; the corpus test proves the shipped answer natively on every
/// release test run.
#[test]
#[ignore = "about 25 minutes: run by hand with --ignored"]
fn the_6x6_english_weight_fill_agrees_with_a_simple_search_of_its_own() {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("puzzles/fill-6x6-weight-english.yaml");
    let loaded = load_puzzle(&path, &VariantChoice::default()).unwrap();
    assert_eq!(loaded.puzzle.goal, rectangle(6, 6).goal);
    let answer = Native.solve(&loaded.puzzle, &Limits { threads: 2, ..Limits::default() }).unwrap();
    assert!(answer.proven);
    verify(&loaded.puzzle, &answer).unwrap();
    assert_eq!(answer.score, reference(&loaded.puzzle, 6, 6));
    assert_eq!(loaded.expect.score, Some(answer.score));
}
