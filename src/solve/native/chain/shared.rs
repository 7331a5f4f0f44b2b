//! The chained turn's search below shared out over threads: the pieces are
//! the first plays, handed out in the plain walk's order, each searched by
//! a search of its own (one table shared by all), cutting what cannot beat
//! the best turn any first play has found. Ties go to the earlier first play, and
//! each first play's line is read back as the plain walk reads it, so that
//! the turn found is the one a single thread finds.

use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};

use super::super::{Move, Play, Search, Stop};
use super::{NONE, better};
use crate::solve::best::Shared;

/// What the shared search below found.
pub(in super::super) struct Below {
    /// The best turn of the first plays searched to the end (the earliest
    /// among equals), when one reaches what it was asked.
    pub best: Option<(i64, Vec<Play>)>,
    /// The most the first plays not searched to the end can score (none:
    /// every one was), where a limit stopped the search.
    pub unfinished: Option<i64>,
    /// The best whole turn any search reached, finished or not: what a
    /// search cut short answers.
    pub reached: Option<(i64, Vec<Play>)>,
    pub nodes: u64,
    pub why: Option<Stop>,
}

/// What one thread did: the first plays it searched to the end, with the
/// turn each reached (none: none reaches what it was asked, or none was
/// searched), the one a limit stopped it in, the best turn it reached, its
/// nodes and its stop.
type Worked = (Vec<(usize, Option<(i64, Vec<Play>)>)>, Option<usize>, Option<(i64, Vec<Play>)>, u64, Option<Stop>);

impl Search<'_> {
    /// The search below after the pilot, over `moves` (the first plays in
    /// the plain walk's order, `still` the most each and those after it can
    /// score) on the threads the limits allow: turns of at least `floor`
    /// (the pilot's score), none above `lowest` (the bound proven from
    /// above).
    pub(in super::super) fn chain_below_shared(
        &mut self,
        moves: &[Move],
        still: &[i64],
        floor: i64,
        lowest: i64,
    ) -> Below {
        let threads = self.limits.workers().clamp(1, moves.len().max(1));
        let best = Shared::new();
        let next = AtomicUsize::new(0);
        // Which first plays are being searched by their thread, and not yet
        // to the end by one helping it: those a thread with none left helps.
        let searching: Vec<AtomicBool> = moves.iter().map(|_| AtomicBool::new(false)).collect();
        // As the walk on one thread, what first play `i` must reach: at
        // least the pilot's score, more than the best turn of an earlier
        // first play, as much as a later one's; none when no turn from it on
        // can reach that, or that is above the bound proven.
        let asked = |i: usize| {
            let need = best.floor(i).map_or(floor, |f| f.max(floor));
            let most = still.get(i).copied().unwrap_or(NONE);
            (most >= need && need <= lowest).then_some(need)
        };
        let (puzzle, limits, started) = (self.puzzle, self.limits, self.budget.started());
        // One table for all: what the probes and the pilot learnt, and what
        // each thread learns, serves every thread.
        let table = self.table.entries.share();
        #[cfg(test)]
        let max_nodes = self.budget.max_nodes;
        let worked: Vec<Worked> = std::thread::scope(|scope| {
            let workers: Vec<_> = (0..threads)
                .map(|_| {
                    scope.spawn(|| {
                        let mut search = Search::new(puzzle, limits, started);
                        #[cfg(test)]
                        {
                            search.budget.max_nodes = max_nodes;
                        }
                        search.chain_start(Vec::new(), 0, true);
                        search.table.entries = table.handle();
                        let mut done = Vec::new();
                        let mut unfinished = None;
                        loop {
                            let i = next.fetch_add(1, Ordering::Relaxed);
                            let Some((&m, flag)) = moves.get(i).zip(searching.get(i)) else { break };
                            let Some(need) = asked(i) else {
                                done.push((i, None));
                                continue;
                            };
                            flag.store(true, Ordering::Relaxed);
                            let found = search.chain_first(m, need);
                            if let Some((value, _)) = &found {
                                best.offer(*value, i);
                                limits.found(*value);
                            }
                            if search.budget.stopped() {
                                unfinished = Some(i);
                                search.table.record = better(search.table.record.take(), found);
                                break;
                            }
                            flag.store(false, Ordering::Relaxed);
                            done.push((i, found));
                        }
                        // Nothing left to hand out: help the first plays
                        // still being searched, earliest first, through the
                        // table; what the helper finds is the owner's to say.
                        search.helping = true;
                        while !search.budget.stopped() {
                            let Some(i) = searching.iter().position(|s| s.load(Ordering::Relaxed)) else {
                                break;
                            };
                            let (Some(&m), Some(flag)) = (moves.get(i), searching.get(i)) else { break };
                            if let Some(need) = asked(i) {
                                search.chain_first(m, need);
                            }
                            // Searched to the end (or not worth searching), the
                            // owner finds it all in the table.
                            if !search.budget.stopped() {
                                flag.store(false, Ordering::Relaxed);
                            }
                        }
                        (done, unfinished, search.table.record.take(), search.budget.nodes, search.budget.why)
                    })
                })
                .collect();
            // A worker's panic is passed on: its first plays' turns are missing.
            workers.into_iter().map(|w| w.join().unwrap_or_else(|e| std::panic::resume_unwind(e))).collect()
        });
        let mut below = Below { best: None, unfinished: None, reached: None, nodes: 0, why: None };
        let mut turns = Vec::new();
        let mut first_unfinished: Option<usize> = None;
        for (done, unfinished, reached, nodes, why) in worked {
            turns.extend(done);
            first_unfinished = first_unfinished.into_iter().chain(unfinished).min();
            below.reached = better(below.reached, reached);
            below.nodes += nodes;
            below.why = below.why.or(why);
        }
        // `still` is the most a first play and those after it can score,
        // so the first unfinished one's covers every unfinished one.
        below.unfinished = first_unfinished.and_then(|k| still.get(k).copied());
        // The earliest first play among those of the best score.
        turns.sort_unstable_by_key(|(i, _)| *i);
        for (_, found) in turns {
            if let Some((value, line)) = found
                && below.best.as_ref().is_none_or(|b| value > b.0)
            {
                below.best = Some((value, line));
            }
        }
        below
    }
}
