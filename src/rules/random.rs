//! Seeded random positions, reproducible across machines (ChaCha8): for
//! benchmarks, property tests and fixtures.

use rand::SeedableRng;
use rand::seq::{IndexedRandom, SliceRandom};
use rand_chacha::ChaCha8Rng;

use super::movegen::{Move, MoveGen};
use super::position::Position;
use super::variant::Variant;
use crate::model::{Board, Cell, TileId};

/// A position grown by legal placements: a random first tile at `[0, 0]`,
/// then up to `tiles - 1` placements, each chosen uniformly among the legal
/// moves of all tiles not yet used; then a hand of up to `hand` random unused
/// tiles. The same seed and variant always give the same position.
pub fn random_position(variant: &Variant, seed: u64, tiles: usize, hand: usize) -> Position {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut pool: Vec<TileId> = variant.tile_set().ids().collect();
    pool.shuffle(&mut rng);
    let mut board = Board::new();
    if tiles > 0
        && let Some(first) = pool.pop()
        && let Some(&corners) = variant.orientations().of(variant.tile_set(), first).choose(&mut rng)
    {
        board.insert(Cell::new(0, 0), corners);
    }
    let mut generator = MoveGen::new(variant, &board, &pool);
    let mut moves: Vec<Move> = Vec::new();
    while generator.board().len() < tiles {
        moves.clear();
        generator.legal_moves(&mut moves);
        // Sorted so that the choice does not depend on hash-map order.
        moves.sort_unstable();
        let Some(&m) = moves.choose(&mut rng) else { break };
        let corners = variant.orientations().corners(usize::from(m.orientation));
        generator.place(m.at, corners);
    }
    let board = generator.board().clone();
    let mut left: Vec<TileId> = pool.into_iter().filter(|&t| !board.holds_tile(t)).collect();
    left.sort_unstable();
    left.shuffle(&mut rng);
    left.truncate(hand);
    Position { board, hand: left }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::formats::builtin_variant;

    #[test]
    fn the_same_seed_gives_the_same_position() {
        let english = builtin_variant("english").unwrap();
        let a = random_position(&english, 7, 30, 10);
        let b = random_position(&english, 7, 30, 10);
        assert_eq!(a, b);
        assert_eq!(a.board.len(), 30);
        assert_eq!(a.hand.len(), 10);
        assert_ne!(a, random_position(&english, 8, 30, 10));
        assert!(a.hand.iter().all(|&t| !a.board.holds_tile(t)));
    }
}
