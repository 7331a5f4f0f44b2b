//! Move listing on the seeded 60-tile board with a 15-tile hand, English
//! rules: the pattern-table generator against judging every candidate one by
//! one. Each benchmark asserts the count it times.
//!
//! Run: `cargo bench --bench moves`.

use divan::{Bencher, black_box};
use quadominos::formats::builtin_variant;
use quadominos::model::Direction;
use quadominos::rules::{Move, MoveGen, Placement, Position, Variant, judge, random_position};

fn main() {
    divan::main();
}

/// The seed of the benchmark position.
const SEED: u64 = 2026;
/// Legal moves on it (pinned: a change in this number is a change in the rules).
const MOVES: usize = 15;

fn position() -> (Variant, Position) {
    let english = builtin_variant("english").expect("english ships");
    let position = random_position(&english, SEED, 60, 15);
    assert_eq!((position.board.len(), position.hand.len()), (60, 15));
    (english, position)
}

/// Listing every legal move with the pattern tables already up to date.
#[divan::bench]
fn list_moves(bencher: Bencher) {
    let (english, position) = position();
    let generator = MoveGen::new(&english, &position.board, &position.hand);
    let mut moves: Vec<Move> = Vec::with_capacity(4096);
    bencher.bench_local(|| {
        moves.clear();
        black_box(&generator).legal_moves(&mut moves);
    });
    assert_eq!(moves.len(), MOVES);
}

/// Building the tables from the board, then listing.
#[divan::bench]
fn build_and_list_moves(bencher: Bencher) {
    let (english, position) = position();
    let mut count = 0;
    bencher.bench_local(|| {
        let generator = MoveGen::new(&english, black_box(&position.board), &position.hand);
        let mut moves = Vec::new();
        generator.legal_moves(&mut moves);
        count = moves.len();
    });
    assert_eq!(count, MOVES);
}

/// Placing a tile and taking it back: the incremental table update.
#[divan::bench]
fn place_and_unplace(bencher: Bencher) {
    let (english, position) = position();
    let mut generator = MoveGen::new(&english, &position.board, &position.hand);
    let mut moves = Vec::new();
    generator.legal_moves(&mut moves);
    let m = moves[0];
    let corners = english.orientations().corners(usize::from(m.orientation));
    bencher.bench_local(|| {
        generator.place(m.at, corners);
        generator.unplace(m.at);
    });
    assert_eq!(generator.count_moves(), MOVES);
}

/// The baseline: judging every (open cell, hand tile, orientation) one by one.
#[divan::bench]
fn judge_every_candidate(bencher: Bencher) {
    let (english, position) = position();
    let open = position.board.open_cells();
    let mut count = 0;
    bencher.bench_local(|| {
        count = 0;
        for &at in &open {
            debug_assert!(Direction::EDGES.iter().any(|&d| position.board.is_occupied(at.neighbour(d))));
            for &tile in &position.hand {
                for &corners in english.orientations().of(english.tile_set(), tile) {
                    let p = Placement { tile, at, corners };
                    if judge(&position.board, &english, p, Some(&position.hand)).is_legal() {
                        count += 1;
                    }
                }
            }
        }
    });
    assert_eq!(count, MOVES);
}
