//! The lattice search shared out over threads: the pieces are the values
//! of the first points the search sets, handed out in the search's order;
//! each is searched on its own, cutting what cannot beat the best fill any
//! piece has found, and ties go to the earlier piece, so that the answer is
//! the one a single thread finds.

use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::time::Instant;

use super::{LatticeSearch, LatticeView, Outcome, Tables};
use crate::solve::best::Shared;

/// The search shared out over the threads the limits allow: each piece
/// (the values of the first `split` points) searched on its own, cutting
/// what cannot reach the best any piece has found. The answer is the first
/// piece's (in the search's order) among those of the best score, which is
/// the one a single thread finds.
pub(super) fn shared_out(tables: &Tables<'_>, split: usize, started: Instant) -> Outcome {
    // Pieces are handed out in the search's order, each to the next thread
    // free, so that the early (heavy) pieces, which find the good fills that
    // cut the rest, run first, as they would on one thread.
    shared_out_in(tables, split, started, tables.limits.workers(), |pieces| (0..pieces).collect())
}

/// [`shared_out`] on `threads` threads, the pieces handed out in the order
/// `order` gives for their number (any order gives the same answer).
pub(super) fn shared_out_in(
    tables: &Tables<'_>,
    split: usize,
    started: Instant,
    threads: usize,
    order: impl Fn(usize) -> Vec<usize>,
) -> Outcome {
    let mut collect = LatticeSearch::new(tables, None, started);
    collect.pieces = Some((split, Vec::new()));
    collect.go(0, 0);
    let mut nodes = collect.budget.nodes;
    let mut why = collect.budget.why;
    let pieces = collect.pieces.take().map(|(_, p)| p).unwrap_or_default();
    let order = order(pieces.len());
    let best_fill = Shared::new();
    let next_piece = AtomicUsize::new(0);
    // Which pieces are searched to the end: once a piece is, no fill scores
    // more than the best found or the bound of a piece that is not, and the
    // bound reported falls to that.
    let settled: Vec<AtomicBool> = pieces.iter().map(|_| AtomicBool::new(false)).collect();
    let settle = |i: usize| {
        if let Some(flag) = settled.get(i) {
            flag.store(true, Ordering::Relaxed);
        }
        let open = pieces.iter().zip(&settled).filter(|(_, s)| !s.load(Ordering::Relaxed)).map(|(p, _)| p.reach);
        let most = open.max().unwrap_or(i64::MIN).max(best_fill.score().unwrap_or(i64::MIN));
        if most > i64::MIN {
            tables.limits.bounded(most);
        }
    };
    let threads = threads.clamp(1, pieces.len().max(1));
    let mut found: Vec<(usize, Outcome)> = std::thread::scope(|scope| {
        let workers: Vec<_> = (0..threads)
            .map(|_| {
                scope.spawn(|| {
                    let mut mine = Vec::new();
                    while let Some(&i) = order.get(next_piece.fetch_add(1, Ordering::Relaxed)) {
                        let Some(piece) = pieces.get(i) else { break };
                        let mut search = LatticeSearch::new(tables, Some((&best_fill, i)), started);
                        search.values[..split].copy_from_slice(&piece.values);
                        search.used = piece.used;
                        search.go(split, piece.score);
                        if !search.budget.stopped() {
                            settle(i);
                        }
                        mine.push((i, (search.best, search.budget.nodes, search.budget.why)));
                    }
                    mine
                })
            })
            .collect();
        // A worker's panic is passed on: its pieces' results are missing.
        workers.into_iter().flat_map(|w| w.join().unwrap_or_else(|e| std::panic::resume_unwind(e))).collect()
    });
    found.sort_unstable_by_key(|(i, _)| *i);
    let mut best: Option<(i64, Vec<u8>)> = None;
    for (_, (piece_best, piece_nodes, piece_why)) in found {
        nodes += piece_nodes;
        why = why.or(piece_why);
        if let Some((score, values)) = piece_best
            && best.as_ref().is_none_or(|b| score > b.0)
        {
            best = Some((score, values));
        }
    }
    (best, nodes, why)
}

/// The pieces a shared search hands out fix the values of the first points:
/// how many points that is. Three give up to 216 pieces (fewer where the
/// bound or the turns cut), enough to keep two threads busy to the end
/// while each piece is still worth handing out.
pub(super) fn piece_points(view: &LatticeView) -> usize {
    view.points.len().min(3)
}
