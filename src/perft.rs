//! Perft: the number of sequences of successive placements from the hand,
//! each legal when it is made, as chess engines count move trees. Two
//! implementations that agree on perft counts agree on move generation; the
//! per-first-move split (`divide`) shows where they part.
//!
//! Method: a depth-first walk over [`MoveGen`] (place, recurse, take back),
//! every sequence counted; no transposition table or other cache of counts
//! (two orders of the same placements are two sequences, and each is
//! walked). Only the last two levels are not walked move by move: at a node
//! two placements from the end, [`MoveGen::moves_with_counts_after`] gives,
//! for each move, the number of moves (and bonus moves) after it from the
//! cells the move changes, the cell taken and its eight neighbours, while
//! every other cell loses the moves of the tile used. Each of those counts
//! is what placing the move and counting would give (a property test checks
//! it on every rule combination), so the total is exact.
//!
//! No sequence is longer than the hand: each placement uses a hand tile. A
//! depth past the hand's size is counted as the hand's size is (the same
//! walk, no deeper, and nothing kept per depth asked for), and every count
//! of a full sequence is then 0: the total, and each first placement's.

// Indexing here cannot panic on input: depths index the per-depth counters sized to the depth asked for.
#![allow(clippy::indexing_slicing)]

use std::time::Instant;

use serde::Serialize;

use crate::model::{Board, Cell, Corners, TileId};
use crate::rules::{Counts, Move, MoveGen, Variant};

/// One first placement and the number of sequences under it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Divide {
    /// The tile.
    pub tile: TileId,
    /// The cell.
    pub at: Cell,
    /// The corners.
    pub corners: Corners,
    /// Sequences of the full depth that start with this placement.
    pub nodes: u64,
}

/// A perft count.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Perft {
    /// The depth counted.
    pub depth: usize,
    /// Sequences of `depth` placements (1 for depth 0; 0 past the hand's
    /// size).
    pub nodes: u64,
    /// For each depth from 1 to `depth` or the hand's size, whichever is
    /// less, how many placements made at that depth, over all sequences,
    /// earned a bonus. Deeper levels hold no placement at all.
    pub bonus: Vec<u64>,
    /// With `divide`: the count under each first placement, sorted by tile,
    /// then y, then x, then corners.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub divide: Vec<Divide>,
}

/// Counts sequences of `depth` placements from `hand` on `board`. A depth
/// past the hand's size costs what the hand's size costs: the walk stops
/// there, and the sequences of `depth` (none) are 0.
pub fn perft(variant: &Variant, board: &Board, hand: &[TileId], depth: usize, divide: bool) -> Perft {
    // Without a deadline the walk always finishes.
    past_the_hand(perft_to(variant, board, hand, depth.min(hand.len()), divide, None).0, depth)
}

/// [`perft`], given up at `deadline`: `None` when the walk had not finished
/// by then (a count is exact or not given at all). The clock is read once
/// per node three or more placements from the end, a small share of the
/// walk.
pub fn perft_until(
    variant: &Variant,
    board: &Board,
    hand: &[TileId],
    depth: usize,
    divide: bool,
    deadline: Option<Instant>,
) -> Option<Perft> {
    let (counted, late) = perft_to(variant, board, hand, depth.min(hand.len()), divide, deadline);
    (!late).then(|| past_the_hand(counted, depth))
}

/// A count walked to the hand's size, as the count at `depth`: past the
/// hand's size no sequence is left.
fn past_the_hand(mut counted: Perft, depth: usize) -> Perft {
    if counted.depth < depth {
        counted.depth = depth;
        counted.nodes = 0;
        for d in &mut counted.divide {
            d.nodes = 0;
        }
    }
    counted
}

/// [`perft`] to a depth no greater than the hand's size, and whether the
/// deadline passed before the walk was done.
fn perft_to(
    variant: &Variant,
    board: &Board,
    hand: &[TileId],
    depth: usize,
    divide: bool,
    deadline: Option<Instant>,
) -> (Perft, bool) {
    let mut generator = MoveGen::new(variant, board, hand);
    let mut bonus = vec![0; depth];
    if depth == 0 {
        return (Perft { depth, nodes: 1, bonus, divide: Vec::new() }, false);
    }
    let mut buffers = Buffers::new(depth, deadline);
    if !divide {
        let nodes = count(&mut generator, depth, 0, &mut bonus, &mut buffers);
        return (Perft { depth, nodes, bonus, divide: Vec::new() }, buffers.late);
    }
    let mut moves = Vec::new();
    generator.legal_moves(&mut moves);
    let mut split = Vec::with_capacity(moves.len());
    let mut nodes = 0;
    for m in moves {
        let corners = variant.orientations().corners(usize::from(m.orientation));
        if generator.is_bonus(m) {
            bonus[0] += 1;
        }
        let n = if depth == 1 {
            1
        } else {
            generator.place(m.at, corners);
            let n = count(&mut generator, depth - 1, 1, &mut bonus, &mut buffers);
            generator.unplace(m.at);
            n
        };
        nodes += n;
        split.push(Divide { tile: corners.id(), at: m.at, corners, nodes: n });
    }
    split.sort_by_key(|d| (d.tile, d.at.y, d.at.x, d.corners));
    (Perft { depth, nodes, bonus, divide: split }, buffers.late)
}

/// Sequences of `depth` more placements; `level` is the depth already made.
/// `buffers` holds a move list per level, reused from node to node.
fn count(generator: &mut MoveGen<'_>, depth: usize, level: usize, bonus: &mut [u64], buffers: &mut Buffers) -> u64 {
    if depth == 1 {
        // The last level is counted, not walked: one AND and popcount per cell.
        bonus[level] += generator.count_bonus_moves() as u64;
        return generator.count_moves() as u64;
    }
    if depth == 2 {
        // The last two levels: each move's count after it, found without
        // placing it (only the cells around it change).
        let moves = &mut buffers.last;
        moves.clear();
        generator.moves_with_counts_after(moves);
        let mut nodes = 0;
        for &(_, earned, after) in moves.iter() {
            bonus[level] += u64::from(earned);
            bonus[level + 1] += after.bonus;
            nodes += after.legal;
        }
        return nodes;
    }
    if buffers.late || buffers.deadline.is_some_and(|d| Instant::now() >= d) {
        buffers.late = true;
        return 0;
    }
    let mut moves = std::mem::take(&mut buffers.lists[level]);
    moves.clear();
    generator.legal_moves(&mut moves);
    let variant = generator.variant();
    let mut nodes = 0;
    for &m in &moves {
        if generator.is_bonus(m) {
            bonus[level] += 1;
        }
        let corners = variant.orientations().corners(usize::from(m.orientation));
        generator.place(m.at, corners);
        nodes += count(generator, depth - 1, level + 1, bonus, buffers);
        generator.unplace(m.at);
    }
    buffers.lists[level] = moves;
    nodes
}

/// Move lists reused by [`count`]: one per level walked, and the last two
/// levels' list; with the deadline, and whether it has passed.
#[derive(Default)]
struct Buffers {
    lists: Vec<Vec<Move>>,
    last: Vec<(Move, bool, Counts)>,
    deadline: Option<Instant>,
    late: bool,
}

impl Buffers {
    fn new(depth: usize, deadline: Option<Instant>) -> Buffers {
        Buffers { lists: vec![Vec::new(); depth], last: Vec::new(), deadline, late: false }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::formats::builtin_variant;
    use crate::rules::random_position;

    #[test]
    fn a_walk_past_its_deadline_gives_no_count_and_one_within_it_the_count() {
        let english = builtin_variant("english").unwrap();
        let p = random_position(&english, 2026, 60, 15);
        let past = Some(Instant::now());
        for divide in [false, true] {
            assert_eq!(perft_until(&english, &p.board, &p.hand, 4, divide, past), None);
            let far = Some(Instant::now() + std::time::Duration::from_secs(3600));
            assert_eq!(
                perft_until(&english, &p.board, &p.hand, 4, divide, far),
                Some(perft(&english, &p.board, &p.hand, 4, divide))
            );
        }
        // Two levels are counted without walking: nothing to give up.
        assert!(perft_until(&english, &p.board, &p.hand, 2, false, past).is_some());
    }

    #[test]
    fn divide_sums_to_the_total_and_depth_1_is_the_move_list() {
        for name in ["english", "serbian"] {
            let v = builtin_variant(name).unwrap();
            let p = random_position(&v, 11, 20, 5);
            let g = MoveGen::new(&v, &p.board, &p.hand);
            let one = perft(&v, &p.board, &p.hand, 1, true);
            assert_eq!(one.nodes as usize, g.count_moves());
            assert_eq!(one.divide.len(), g.count_moves());
            assert_eq!(one.bonus, vec![g.count_bonus_moves() as u64]);
            let three = perft(&v, &p.board, &p.hand, 3, true);
            assert_eq!(three.divide.iter().map(|d| d.nodes).sum::<u64>(), three.nodes);
            assert_eq!(perft(&v, &p.board, &p.hand, 3, false), Perft { divide: Vec::new(), ..three.clone() });
            assert_eq!(three.bonus[0], one.bonus[0]);
        }
    }

    #[test]
    fn a_depth_past_the_hand_counts_nothing_and_walks_no_deeper() {
        let v = builtin_variant("english").unwrap();
        // A position whose whole hand of 3 can be placed in some order.
        let (p, full) = (0..100)
            .map(|seed| random_position(&v, seed, 20, 3))
            .map(|p| {
                let full = perft(&v, &p.board, &p.hand, 3, true);
                (p, full)
            })
            .find(|(p, full)| p.hand.len() == 3 && full.nodes > 0)
            .unwrap();
        for depth in [4, 1 << 40, usize::MAX] {
            let past = perft(&v, &p.board, &p.hand, depth, true);
            assert_eq!((past.depth, past.nodes), (depth, 0));
            assert_eq!(past.bonus, full.bonus, "the bonus counts stop at the hand's size");
            let firsts: Vec<_> = full.divide.iter().map(|d| (d.tile, d.at, d.corners, 0)).collect();
            let listed: Vec<_> = past.divide.iter().map(|d| (d.tile, d.at, d.corners, d.nodes)).collect();
            assert_eq!(listed, firsts, "every first placement, with no sequence of the depth under it");
        }
        let none = perft(&v, &p.board, &[], usize::MAX, false);
        assert_eq!((none.nodes, none.bonus.len()), (0, 0));
        assert_eq!(perft(&v, &p.board, &[], 0, false).nodes, 1);
    }

    /// Perft by brute force over the judge: every (cell near the board, hand
    /// tile, orientation), judged one by one.
    fn slow(v: &Variant, board: &Board, hand: &[TileId], depth: usize, bonus: &mut [u64], level: usize) -> u64 {
        if depth == 0 {
            return 1;
        }
        let mut n = 0;
        for at in board.open_cells() {
            for &tile in hand {
                for &corners in v.orientations().of(v.tile_set(), tile) {
                    let p = crate::rules::Placement { tile, at, corners };
                    if let crate::rules::Verdict::Legal(l) = crate::rules::judge(board, v, p, Some(hand)) {
                        bonus[level] += u64::from(l.bonus);
                        let mut b = board.clone();
                        b.insert(at, corners);
                        let rest: Vec<TileId> = hand.iter().copied().filter(|&t| t != tile).collect();
                        n += slow(v, &b, &rest, depth - 1, bonus, level + 1);
                    }
                }
            }
        }
        n
    }

    /// The benchmark position (seed 2026, 60 tiles, 15 in hand, english):
    /// counts pinned for other implementations to compare with (they are in
    /// docs/FIXTURES.md's terms: sequences of placements, each legal when
    /// made), the first three levels recounted by judging every candidate.
    #[test]
    fn the_benchmark_position_has_its_pinned_counts() {
        let v = builtin_variant("english").unwrap();
        let p = random_position(&v, 2026, 60, 15);
        let counts: Vec<(u64, Vec<u64>)> = (1..=4)
            .map(|d| {
                let c = perft(&v, &p.board, &p.hand, d, false);
                (c.nodes, c.bonus)
            })
            .collect();
        assert_eq!(
            counts,
            vec![(15, vec![2]), (204, vec![2, 24]), (2526, vec![2, 24, 270]), (27430, vec![2, 24, 270, 2768]),]
        );
        let mut bonus = vec![0; 3];
        assert_eq!(slow(&v, &p.board, &p.hand, 3, &mut bonus, 0), 2526);
        assert_eq!(bonus, vec![2, 24, 270]);
    }

    #[test]
    fn perft_agrees_with_judging_every_candidate() {
        for name in ["english", "serbian", "serbian-chain"] {
            let v = builtin_variant(name).unwrap();
            for seed in 0..3 {
                let p = random_position(&v, seed, 12, 4);
                let fast = perft(&v, &p.board, &p.hand, 3, false);
                let mut bonus = vec![0; 3];
                let nodes = slow(&v, &p.board, &p.hand, 3, &mut bonus, 0);
                assert_eq!((fast.nodes, fast.bonus.clone()), (nodes, bonus), "{name} seed {seed}");
            }
        }
    }
}
