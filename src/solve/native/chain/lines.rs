//! The lines of a chain read back once its value is known, in the plain
//! search's order, and the bonus tiles owed after one bonus searched and
//! read back whole.

use super::super::{Play, PlayKind, Search};
use super::{NONE, Next, better};

impl Search<'_> {
    /// Whether what follows scores exactly `value` at best (it never scores
    /// more where `value` is what the line needs to reach the best).
    pub(super) fn chain_reaches(&mut self, next: Next, value: i64) -> bool {
        match next {
            Next::Done | Next::Owed(0) => value == 0,
            _ => self.chain_next(next, value) >= value,
        }
    }

    /// Appends to `out`, up to `cap` lines in all, the lines with `owed`
    /// owed that score exactly `value`, the best there is, each after
    /// `prefix`, in the plain search's order. The budget is held: the
    /// value is known, and reading its lines back is not searching.
    pub(super) fn chain_lines(
        &mut self,
        owed: u8,
        value: i64,
        cap: usize,
        prefix: &mut Vec<Play>,
        out: &mut Vec<Vec<Play>>,
    ) {
        if out.len() >= cap {
            return;
        }
        if owed == 0 {
            if value == 0 {
                out.push(prefix.clone());
            }
            return;
        }
        let moves = self.chain_moves();
        if moves.is_empty() && !self.follow_up_required() {
            if value == 0 {
                out.push(prefix.clone());
            }
            return;
        }
        for m in moves {
            let earns = self.generator.is_bonus(m);
            let mut play = self.play(m, PlayKind::BonusTile, earns);
            if !earns && owed == 1 {
                if play.points == value {
                    prefix.push(play);
                    out.push(prefix.clone());
                    prefix.pop();
                }
            } else {
                self.chain_place(m);
                for (choice, pays, next) in self.chain_options(earns, owed) {
                    let need = value - play.points - pays;
                    if out.len() < cap && self.chain_reaches(next, need) {
                        play.choice = choice;
                        prefix.push(play.clone());
                        match next {
                            Next::Done => out.push(prefix.clone()),
                            Next::Owed(o) | Next::Take(o) => self.chain_lines(o, need, cap, prefix, out),
                        }
                        prefix.pop();
                    }
                }
                self.chain_unplace(m);
            }
            // A reading the limit has stopped reads nothing more.
            if out.len() >= cap || self.budget.stopped() {
                return;
            }
        }
    }

    /// The lines of what follows that reach `value`, up to `cap`, for
    /// every best line of a search already searched to the end. The one
    /// line a proven answer prints is read with the budget held; `--all`'s
    /// list (`cap` over one) is read within the limits, and a limit that
    /// stops it leaves the lines read so far.
    pub(super) fn chain_read(&mut self, owed: u8, value: i64, cap: usize, prefix: &mut Vec<Play>) -> Vec<Vec<Play>> {
        let mut out = Vec::new();
        let held = self.budget.hold(cap == 1);
        self.chain_lines(owed, value, cap, prefix, &mut out);
        self.budget.hold(held);
        out
    }

    /// The first line of what follows that reaches `value`, read back
    /// while the search goes on, within its limits: `None` where a limit
    /// stops the reading first. Reading a line back searches again below
    /// it wherever the table has not kept what it needs, and on a large
    /// hand that search can outlast the time given many times over; a
    /// value whose line is not read back is not taken, and the best line
    /// already read stands.
    pub(super) fn chain_read_one(&mut self, owed: u8, value: i64, prefix: &mut Vec<Play>) -> Option<Vec<Play>> {
        let mut out = Vec::new();
        self.chain_lines(owed, value, 1, prefix, &mut out);
        // Every line read scores `value` exactly, however the reading ended:
        // it is checked play by play down to the last.
        out.into_iter().next()
    }

    /// The best way to play `owed` bonus tiles from here (taken, where
    /// `take`, only if they can all be played), with its lines (all of
    /// them with `--all`), or `None` when they cannot all be played. Cut
    /// short, the best found.
    pub(in super::super) fn chain_tiles(&mut self, owed: u8, take: bool) -> Option<(i64, Vec<Vec<Play>>)> {
        if owed == 0 {
            return Some((0, vec![Vec::new()]));
        }
        if take && !self.may_take(owed) {
            return None;
        }
        self.chain_start(Vec::new(), 0, false);
        let moves = self.chain_moves();
        if moves.is_empty() && !self.follow_up_required() {
            return Some((0, vec![Vec::new()]));
        }
        let mut best: Option<(i64, Vec<Play>)> = None;
        'moves: for m in moves {
            if self.tick() {
                break;
            }
            let earns = self.generator.is_bonus(m);
            let mut play = self.play(m, PlayKind::BonusTile, earns);
            if !earns && owed == 1 {
                if best.as_ref().is_none_or(|b| play.points > b.0) {
                    best = Some((play.points, vec![play]));
                }
                continue;
            }
            self.chain_place(m);
            for (choice, pays, next) in self.chain_options(earns, owed) {
                let need = best.as_ref().map_or(NONE + 1, |b| b.0 + 1) - play.points - pays;
                self.table.path.push((m, earns, choice));
                self.table.score += play.points + pays;
                let got = self.chain_next(next, need);
                self.table.path.pop();
                self.table.score -= play.points + pays;
                if self.budget.stopped() {
                    self.chain_unplace(m);
                    break 'moves;
                }
                if got > NONE && got >= need {
                    play.choice = choice;
                    let mut prefix = vec![play.clone()];
                    let tail = match next {
                        Next::Done | Next::Owed(0) => Some(prefix),
                        Next::Owed(o) | Next::Take(o) => self.chain_read_one(o, got, &mut prefix),
                    };
                    if let Some(line) = tail {
                        best = Some((play.points + pays + got, line));
                    }
                }
            }
            self.chain_unplace(m);
        }
        if self.budget.stopped() {
            // Cut short: the best line reached, searched to the end or not.
            let best = better(best, self.table.record.take())?;
            return Some((best.0, vec![best.1]));
        }
        let (value, line) = best?;
        if self.cap() == 1 {
            return Some((value, vec![line]));
        }
        let lines = self.chain_read(owed, value, self.cap(), &mut Vec::new());
        // Cut short before any line was read back, the one found stands.
        Some((value, if lines.is_empty() { vec![line] } else { lines }))
    }
}

#[cfg(test)]
mod tests {
    use std::time::Instant;

    use super::super::super::Search;
    use crate::formats::builtin_variant;
    use crate::rules::random_position;
    use crate::solve::{Goal, Limits, Puzzle};

    /// `--all`'s list of every best turn, read back once the search has
    /// proven the best score, stops at the limit: cut one node before the
    /// whole run's end, the answer is the same score, not proven, with that
    /// score as its bound and the turns listed so far, in the same order.
    /// (Read with the budget held, as before, the list ran on past the
    /// limit to its end.)
    #[test]
    fn the_list_of_every_best_chained_turn_stops_at_the_limit_with_its_score_as_bound() {
        let variant = builtin_variant("serbian-chain").unwrap();
        let p = random_position(&variant, 77, 40, 8);
        let puzzle = Puzzle { variant, board: p.board, hand: p.hand, goal: Goal::BestTurn };
        let limits = Limits { all: true, ..Limits::default() };
        let mut full = Search::new(&puzzle, &limits, Instant::now());
        let whole = full.best_chained_turn();
        assert!(whole.proven);
        assert!(whole.all.len() > 1, "{} best turns", whole.all.len());
        let mut search = Search::new(&puzzle, &limits, Instant::now());
        search.budget.max_nodes = full.budget.nodes - 1;
        let cut = search.best_chained_turn();
        assert!(!cut.proven);
        assert_eq!((cut.score, cut.bound), (whole.score, Some(whole.score)));
        assert!(!cut.all.is_empty() && cut.all.len() <= whole.all.len());
        assert_eq!(cut.all[..], whole.all[..cut.all.len()]);
    }

    /// A line read back while the search goes on stops at the search's
    /// limit: with no table to read from (no room under the memory limit),
    /// reading the line after a first bonus play searches the chain again
    /// below it, some 200,000 nodes on the 12-tile turn of the hard bench;
    /// cut at 50 nodes, it gives no line and stops within a few nodes, and
    /// uncut it gives the line the search itself gave.
    #[test]
    fn a_line_read_back_during_the_search_stops_at_the_limit() {
        let variant = builtin_variant("serbian-chain").unwrap();
        let p = random_position(&variant, 77, 40, 12);
        let puzzle = Puzzle { variant, board: p.board, hand: p.hand, goal: Goal::BestTurn };
        let unlimited = Limits::default();
        let mut full = Search::new(&puzzle, &unlimited, Instant::now());
        full.chain_start(Vec::new(), 0, false);
        let (moves, _, _) = full.first_plays();
        // The first bonus play whose best turn goes on with bonus tiles.
        let bonus: Vec<_> = moves.into_iter().filter(|&m| full.generator.is_bonus(m)).collect();
        let (m, total, line) = bonus
            .into_iter()
            .find_map(|m| full.chain_first(m, 0).filter(|(_, line)| line.len() > 1).map(|(v, l)| (m, v, l)))
            .expect("a first bonus play goes on with bonus tiles");
        let first = line.first().unwrap().clone();
        let after = total - first.points;
        let limits = Limits { memory: Some(1024), ..Limits::default() };
        for cut in [50, u64::MAX] {
            let mut search = Search::new(&puzzle, &limits, Instant::now());
            search.chain_start(Vec::new(), 0, false);
            search.chain_place(m);
            search.budget.max_nodes = cut;
            let read = search.chain_read_one(2, after, &mut vec![first.clone()]);
            if cut == u64::MAX {
                let read = read.expect("uncut, the line is read back");
                // The same line the search itself read back, in the same order.
                assert_eq!(read, line);
                assert!(search.budget.nodes > 1000, "reading back took only {} nodes", search.budget.nodes);
            } else {
                assert_eq!(read, None);
                assert!(search.budget.nodes <= cut + 64, "cut at {cut}, {} nodes", search.budget.nodes);
            }
        }
    }
}
