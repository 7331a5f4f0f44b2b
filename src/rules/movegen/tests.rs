//! Tests of the generator as a whole: taking back, new hand tiles, boards
//! wider than the grid, each against a fresh generator or the quick judge.

use super::counting::CellsWithMoves;
use super::generator::MoveGen;
use super::moves::Counts;
use super::pattern::NONE;
use super::quick::quick_judge;
use crate::formats::builtin_variant;
use crate::model::{Board, Cell, TileId};
use crate::rules::random::random_position;
use crate::rules::variant::Variant;

pub(super) fn variants() -> Vec<Variant> {
    let mut all: Vec<Variant> = ["english", "english-beginner", "serbian", "serbian-chain"]
        .iter()
        .map(|n| builtin_variant(n).unwrap())
        .collect();
    all.push(builtin_variant("english").unwrap().with_rule("R4", "no").unwrap());
    all.push(builtin_variant("english").unwrap().with_rule("R2", "at-least-one").unwrap());
    all.push(builtin_variant("serbian").unwrap().with_rule("R2", "every-value").unwrap());
    all.push(builtin_variant("serbian").unwrap().with_rule("R6", "edge-only").unwrap());
    all.push(builtin_variant("serbian").unwrap().with_rule("R26", "values").unwrap());
    all.push(builtin_variant("english").unwrap().with_rule("R26", "values").unwrap());
    all.push(
        builtin_variant("english")
            .unwrap()
            .with_rule("R26", "values")
            .unwrap()
            .with_rule("R2", "at-least-one")
            .unwrap(),
    );
    all.push(builtin_variant("serbian").unwrap().with_rule("R26", "values").unwrap().with_rule("R7", "4").unwrap());
    all
}

/// The move list as a sorted set of (cell, orientation, bonus).
fn listed(g: &MoveGen) -> Vec<(Cell, u16, bool)> {
    let mut moves = Vec::new();
    g.legal_moves(&mut moves);
    let mut out: Vec<_> = moves.iter().map(|&m| (m.at, m.orientation, g.is_bonus(m))).collect();
    out.sort_unstable();
    assert_eq!(g.count_moves(), out.len());
    assert_eq!(g.count_bonus_moves(), out.iter().filter(|m| m.2).count());
    out
}

/// Taking tiles back out of the order they were placed in, and adding a
/// tile that was never in the hand (a wider local index), leave the
/// generator equal to a fresh one.
#[test]
fn out_of_order_take_backs_and_new_hand_tiles_match_a_fresh_generator() {
    for v in variants() {
        for seed in 0..4 {
            let p = random_position(&v, seed, 15, 6);
            let mut g = MoveGen::new(&v, &p.board, &p.hand);
            let mut placed = Vec::new();
            for k in 0..3 {
                let mut moves = Vec::new();
                g.legal_moves(&mut moves);
                moves.sort_unstable();
                let Some(&m) = moves.get((seed as usize * 7 + k) % moves.len().max(1)) else { break };
                let corners = v.orientations().corners(usize::from(m.orientation));
                g.place(m.at, corners);
                placed.push(m.at);
            }
            // The first placement back first.
            if let Some(&first) = placed.first() {
                g.unplace(first);
                placed.remove(0);
            }
            let hand_now = g.hand();
            assert_eq!(listed(&g), listed(&MoveGen::new(&v, g.board(), &hand_now)), "{} seed {seed}", v.label());
            // A tile from the bag joins the hand.
            let on_board: Vec<TileId> = g.board().tiles().iter().map(|(_, c)| c.id()).collect();
            let extra =
                v.tile_set().ids().find(|t| !hand_now.contains(t) && !on_board.contains(t) && !p.hand.contains(t));
            if let Some(extra) = extra {
                g.add_to_hand(extra);
                let hand_now = g.hand();
                assert_eq!(
                    listed(&g),
                    listed(&MoveGen::new(&v, g.board(), &hand_now)),
                    "{} seed {seed} +{extra}",
                    v.label()
                );
            }
            while let Some(at) = placed.pop() {
                g.unplace(at);
                let hand_now = g.hand();
                assert_eq!(listed(&g), listed(&MoveGen::new(&v, g.board(), &hand_now)), "{} seed {seed}", v.label());
            }
            let mut found = Vec::new();
            g.moves_with_counts_after(&mut found);
            for (m, _, after) in found {
                let corners = v.orientations().corners(usize::from(m.orientation));
                g.place(m.at, corners);
                assert_eq!(after, Counts { legal: g.count_moves() as u64, bonus: g.count_bonus_moves() as u64 });
                g.unplace(m.at);
            }
        }
    }
}

/// A generator that lets go of its unused tables at every placement and
/// every take-back (its budget set to nothing) lists, counts and marks the same
/// moves as one that keeps them all, through a walk of placements and
/// take-backs, in order and out of it, and a hand tile new to it; and it
/// holds fewer tables.
#[test]
fn a_generator_letting_go_of_its_tables_lists_the_same_moves_as_one_keeping_them() {
    for v in variants() {
        for seed in 0..3 {
            let p = random_position(&v, 40 + seed, 20, 7);
            let mut tight = MoveGen::new(&v, &p.board, &p.hand);
            (tight.room.budget, tight.room.every, tight.room.look_at) = (0, 0, 0);
            let mut free = MoveGen::new(&v, &p.board, &p.hand);
            let same = |tight: &MoveGen, free: &MoveGen, what: &str| {
                assert_eq!(listed(tight), listed(free), "{} seed {seed}: {what}", v.label());
                assert!(tight.grid.tables.iter().all(|&t| t == NONE || (t as usize) < tight.tables.len()));
            };
            let mut placed = Vec::new();
            for k in 0..6u64 {
                let mut moves = Vec::new();
                free.legal_moves(&mut moves);
                moves.sort_unstable();
                let Some(&m) = moves.get((seed as usize * 11 + k as usize * 5) % moves.len().max(1)) else { break };
                let corners = v.orientations().corners(usize::from(m.orientation));
                tight.place(m.at, corners);
                free.place(m.at, corners);
                placed.push(m.at);
                same(&tight, &free, "after a placement");
                // Two levels on from here, as the searches count them, and
                // as perft counts them after each move from the cells found
                // before it (whose table numbers the move's compaction
                // makes stale).
                let (mut a, mut b) = (Vec::new(), Vec::new());
                tight.moves_with_counts_after(&mut a);
                free.moves_with_counts_after(&mut b);
                assert_eq!(a, b, "{} seed {seed}", v.label());
                let (mut cells_tight, mut cells_free) = (CellsWithMoves::default(), CellsWithMoves::default());
                tight.cells_with_moves(&mut cells_tight);
                free.cells_with_moves(&mut cells_free);
                for &(m, _, _) in &b {
                    let corners = v.orientations().corners(usize::from(m.orientation));
                    tight.place(m.at, corners);
                    free.place(m.at, corners);
                    assert_eq!(
                        tight.counts_two_levels_after(&cells_tight, m.at),
                        free.counts_two_levels_after(&cells_free, m.at),
                        "{} seed {seed}",
                        v.label()
                    );
                    tight.unplace(m.at);
                    free.unplace(m.at);
                }
                if k == 3 {
                    // The second placement back, out of order.
                    let at = placed.remove(1);
                    tight.unplace(at);
                    free.unplace(at);
                    same(&tight, &free, "after a take-back out of order");
                }
            }
            let on_board: Vec<TileId> = free.board().tiles().iter().map(|(_, c)| c.id()).collect();
            let hand_now = free.hand();
            if let Some(extra) = v.tile_set().ids().find(|t| !hand_now.contains(t) && !on_board.contains(t)) {
                tight.add_to_hand(extra);
                free.add_to_hand(extra);
                same(&tight, &free, "with a new hand tile");
            }
            while let Some(at) = placed.pop() {
                tight.unplace(at);
                free.unplace(at);
                same(&tight, &free, "after a take-back");
            }
            assert!(
                tight.tables.len() < free.tables.len(),
                "{} seed {seed}: {} tables kept against {}",
                v.label(),
                tight.tables.len(),
                free.tables.len()
            );
        }
    }
}

/// A board spread wider than any grid (two groups 3000 cells apart):
/// cells outside the grid go through the slow paths, which agree with
/// the quick judge and with placing.
#[test]
fn boards_wider_than_the_grid_use_the_slow_paths_consistently() {
    let v = builtin_variant("english").unwrap();
    let p = random_position(&v, 5, 6, 5);
    let far: Board = p.board.tiles().into_iter().map(|(c, t)| (c.shifted(3000, 0), t)).collect();
    let mut tiles = p.board.tiles();
    tiles.extend(far.tiles());
    let board: Board = tiles.into_iter().collect();
    let mut g = MoveGen::new(&v, &board, &p.hand);
    let mut judged = 0;
    for at in board.open_cells() {
        for &t in &p.hand {
            for &c in v.orientations().of(v.tile_set(), t) {
                judged += usize::from(quick_judge(&v, &board, at, c).is_some());
            }
        }
    }
    assert!(judged > 0);
    assert_eq!(g.count_moves(), judged);
    let mut found = Vec::new();
    g.moves_with_counts_after(&mut found);
    assert_eq!(found.len(), judged);
    for (m, _, after) in found {
        let corners = v.orientations().corners(usize::from(m.orientation));
        g.place(m.at, corners);
        assert_eq!(after, Counts { legal: g.count_moves() as u64, bonus: g.count_bonus_moves() as u64 });
        let hand = g.hand();
        assert_eq!(listed(&g), listed(&MoveGen::new(&v, g.board(), &hand)));
        g.unplace(m.at);
    }
    assert_eq!(listed(&g), listed(&MoveGen::new(&v, &board, &p.hand)));
}

/// The marked move list is the move list with each move's bonus as
/// `is_bonus` judges it: whole, near a cell (the open cells among the
/// eight around it), and with only the bonus moves, which reports whether
/// a move without one was left out. Every rule combination, hands of one
/// word of orientations and of several.
#[test]
fn the_marked_moves_are_the_legal_moves_with_their_bonus() {
    let mut left_out = [0, 0];
    for v in variants() {
        for (seed, tiles, hand) in [(1, 12, 4), (2, 30, 12), (3, 40, 30)] {
            let p = random_position(&v, seed, tiles, hand);
            let g = MoveGen::new(&v, &p.board, &p.hand);
            let whole = listed(&g);
            let mut cells: Vec<Option<Cell>> = vec![None];
            cells.extend(p.board.tiles().into_iter().map(|(c, _)| Some(c)).take(6));
            for near in cells {
                let expected: Vec<_> = whole
                    .iter()
                    .copied()
                    .filter(|&(c, _, _)| near.is_none_or(|a| (c.x - a.x).abs() <= 1 && (c.y - a.y).abs() <= 1))
                    .collect();
                for bonus_only in [false, true] {
                    let mut marked = Vec::new();
                    let skipped = g.legal_moves_marked(near, bonus_only, &mut marked);
                    let mut got: Vec<_> = marked.iter().map(|&(m, b)| (m.at, m.orientation, b)).collect();
                    got.sort_unstable();
                    let kept: Vec<_> = expected.iter().copied().filter(|m| m.2 || !bonus_only).collect();
                    assert_eq!(got, kept, "{} seed {seed}, near {near:?}, bonus only {bonus_only}", v.label());
                    assert_eq!(skipped, bonus_only && kept.len() < expected.len(), "{} seed {seed}", v.label());
                    left_out[usize::from(skipped)] += 1;
                }
            }
        }
    }
    // Both answers of "left out" were met.
    assert!(left_out[0] > 0 && left_out[1] > 0, "{left_out:?}");
}

/// The last two levels counted after a move from the cells listed before
/// it (their sums split by tile, only the cells near the move read again)
/// are what placing each next move and counting gives: every rule
/// combination, boards of several sizes, hands of one word of
/// orientations and of several, moves near each other and far apart.
#[test]
fn the_two_levels_after_a_move_from_the_cells_listed_before_it_are_the_placed_counts() {
    let mut compared = 0;
    for v in variants() {
        for (seed, tiles, hand) in [(1, 8, 5), (2, 30, 6), (3, 60, 6), (4, 12, 20)] {
            let p = random_position(&v, seed, tiles, hand);
            let mut g = MoveGen::new(&v, &p.board, &p.hand);
            // At the position and after one placement of it.
            let mut firsts = vec![None];
            let mut moves = Vec::new();
            g.legal_moves(&mut moves);
            firsts.extend(moves.iter().step_by(7).map(|&m| Some(m)));
            for first in firsts {
                if let Some(m) = first {
                    g.place(m.at, v.orientations().corners(usize::from(m.orientation)));
                }
                let mut cells = super::CellsWithMoves::default();
                g.cells_with_moves(&mut cells);
                let mut here = Vec::new();
                g.legal_moves(&mut here);
                for &m in &here {
                    g.place(m.at, v.orientations().corners(usize::from(m.orientation)));
                    let counted = g.counts_two_levels_after(&cells, m.at);
                    let mut next = Vec::new();
                    g.legal_moves(&mut next);
                    let now = Counts { legal: g.count_moves() as u64, bonus: g.count_bonus_moves() as u64 };
                    let mut after = Counts::default();
                    for &n in &next {
                        g.place(n.at, v.orientations().corners(usize::from(n.orientation)));
                        after += Counts { legal: g.count_moves() as u64, bonus: g.count_bonus_moves() as u64 };
                        g.unplace(n.at);
                    }
                    assert_eq!(counted, (now, after), "{} seed {seed} {first:?} then {m:?}", v.label());
                    compared += u64::from(after.legal > 0 && after.bonus > 0);
                    g.unplace(m.at);
                }
                if let Some(m) = first {
                    g.unplace(m.at);
                }
            }
        }
    }
    // Most comparisons are of counts with moves and bonus moves in them.
    assert!(compared > 200, "{compared}");
}

/// Whether `n` tiles can be placed one after the other, by trying every
/// order of every placement: no memory, no count of the hand.
fn plain_line(g: &mut MoveGen, n: usize) -> bool {
    if n == 0 {
        return true;
    }
    let mut moves = Vec::new();
    g.legal_moves(&mut moves);
    moves.into_iter().any(|m| {
        g.place(m.at, g.variant().orientations().corners(usize::from(m.orientation)));
        let ok = plain_line(g, n - 1);
        g.unplace(m.at);
        ok
    })
}

/// The line search gives the plain walk's answer for every length up to
/// the hand's size, under every rule combination, on positions where some
/// lines exist and some do not, and leaves the generator as it found it.
#[test]
fn the_line_search_answers_as_trying_every_order_does() {
    let (mut yes, mut no) = (0, 0);
    for v in variants() {
        for seed in 0..6 {
            let p = random_position(&v, seed, 4 + 5 * seed as usize, 3);
            let mut g = MoveGen::new(&v, &p.board, &p.hand);
            let before = listed(&g);
            for n in 0..=p.hand.len() {
                let found = g.line_search(n).found;
                assert_eq!(found, plain_line(&mut g, n), "{} seed {seed} n {n}", v.label());
                assert_eq!(listed(&g), before, "{} seed {seed} n {n}", v.label());
                if found { yes += 1 } else { no += 1 }
            }
        }
    }
    assert!(yes > 100 && no > 20, "{yes} lines found, {no} refused");
}

/// A line longer than the hand is refused before any position is searched:
/// every placement takes a tile, so no order of the hand can make one. (A
/// chain can owe more tiles than the hand holds; searching every order of
/// a permissive hand before giving up took seconds and gigabytes.)
#[test]
fn a_line_longer_than_the_hand_is_refused_without_a_search() {
    for v in variants() {
        let p = random_position(&v, 9, 20, 6);
        let mut g = MoveGen::new(&v, &p.board, &p.hand);
        let h = g.hand().len();
        assert_eq!(h, 6, "{}", v.label());
        for n in [h + 1, h + 4] {
            assert_eq!(g.line_search(n), super::line::LineSearch { found: false, nodes: 0 }, "{} n {n}", v.label());
        }
        // At the hand's size the search does look.
        assert!(g.line_search(h).nodes > 0, "{}", v.label());
    }
}
