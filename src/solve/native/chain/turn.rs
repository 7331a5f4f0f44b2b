//! The whole chained turn: bounds proven from above by probes, a good turn
//! found fast by the pilot and a guess, then the search below over the
//! first plays (on one thread, or shared out over several), each chain
//! after a first bonus searched by value against the best turn found so
//! far.

use super::super::{Answer, Choice, Move, Play, PlayKind, Search};
use super::{NONE, Next, better, plus};

/// The nodes one probe of the chained turn from above may visit (about two
/// seconds), and all of them together: past either the search goes on
/// from below, the bound proven kept.
const PROBE_NODES: u64 = 1 << 21;
const PROBES_NODES: u64 = 1 << 23;

/// What a probe from above found.
enum Probe {
    /// A turn reaches the bound probed: the best.
    Reached,
    /// None does: a bound below it.
    Below(i64),
    /// Cut short, by its own cut or a limit: nothing known.
    Cut,
}

impl Search<'_> {
    /// The best turn where bonus tiles chain (R8 = yes): the plain search's
    /// walk over first plays, each chain after a first bonus searched by
    /// value against the best turn found so far.
    pub(in super::super) fn best_chained_turn(&mut self) -> Answer {
        self.chain_start(Vec::new(), 0, true);
        let (moves, ceiling, still) = self.first_plays();
        let mut lowest = ceiling;
        // Bounds from above first: that no turn reaches the bound is often
        // quickly proven (every line fails early against the hand's
        // arithmetic), and each such proof brings the bound down, while
        // finding the best line from below can take far longer. A turn
        // found reaching a proven bound is the best there is. Each probe
        // is cut after a number of nodes, not a time, so that the answer
        // and the bounds reported are the same on every run.
        let mut tried = 0;
        let mut reached = false;
        while self.probes && tried < PROBES_NODES {
            let before = self.budget.nodes;
            self.budget.attempt(Some(PROBE_NODES));
            let probe = self.chain_probe(&moves, &still, lowest);
            self.budget.attempt(None);
            tried += self.budget.nodes - before;
            match probe {
                Probe::Cut => break,
                // No turn at all (no first play): the search below says so.
                Probe::Below(bound) if bound <= NONE => break,
                Probe::Below(bound) => {
                    lowest = bound;
                    self.limits.bounded(lowest);
                }
                Probe::Reached => {
                    reached = true;
                    break;
                }
            }
        }
        // Then a good turn found fast, by the pilot and then the guess: the
        // search below need only reach its score, and, searching every
        // first play, it finds the first turn in its order that does. Their
        // line is printed only when that search is cut short before one.
        let mut seed = None;
        if !reached && !self.budget.stopped() {
            seed = self.pilot_turn(&moves);
            let floor = seed.as_ref().map_or(NONE + 1, |s| s.0);
            if floor < lowest && !self.budget.stopped() {
                seed = better(seed, self.guess_turn(&moves, floor));
            }
            if let Some((value, _)) = &seed {
                self.limits.found(*value);
            }
        }
        let floor = seed.as_ref().map_or(NONE + 1, |s| s.0);
        if reached || floor >= lowest {
            let lines = self.chained_turn_lines(&moves, lowest, self.cap());
            if !lines.is_empty() {
                let mut answer = self.finish(Some((lowest, lines)));
                if self.budget.stopped() {
                    // `--all`'s list cut short by a limit: each turn listed
                    // reaches the bound, but others may too.
                    answer.bound = Some(lowest);
                }
                return answer;
            }
            // Read back, a turn reaching the bound cannot be missing;
            // should it be, the search below finds it.
        }
        let mut best: Option<(i64, Vec<Play>)> = None;
        // On several threads, the first plays are shared out; the lists of
        // `--all` are read back from one table, so they stay on one.
        // On fewer threads than [`super::SHARE_FROM`] sharing costs more
        // than it brings: the search stays on one.
        let shared = self.limits.workers() >= self.share_from && !self.limits.all && seed.is_some();
        if shared {
            let below = self.chain_below_shared(&moves, &still, floor, lowest);
            self.budget.nodes += below.nodes;
            self.budget.why = self.budget.why.or(below.why);
            best = below.best;
            self.table.record = better(self.table.record.take(), below.reached);
            // The first plays before the first one left unfinished were all
            // searched: no turn scores more than the best of them, or than
            // what that one and those after it can reach.
            let known = best.as_ref().map_or(floor, |b| b.0.max(floor));
            lowest = lowest.min(below.unfinished.map_or(known, |most| most.max(known)));
            self.limits.bounded(lowest);
        } else {
            for (&m, still) in moves.iter().zip(still) {
                // However short the time, the turn found places a tile when one
                // can be placed (E8, E9): the pilot's, or the first searched.
                if (best.is_some() || seed.is_some()) && self.tick() {
                    break;
                }
                // The pilot's turn scores `floor`: no turn scores more than it,
                // the best found, or what the first plays left can reach.
                let known = best.as_ref().map_or(floor, |b| b.0.max(floor));
                lowest = lowest.min(still.max(known));
                self.limits.bounded(lowest);
                // A turn at the bound proven from above is the best: the first
                // in this order to reach it is the one printed.
                if known >= lowest {
                    break;
                }
                let need = best.as_ref().map_or(floor, |b| b.0 + 1);
                if let Some(found) = self.chain_first(m, need) {
                    best = Some(found);
                }
                if let Some((value, _)) = &best {
                    self.limits.found(*value);
                }
            }
        }
        let stopped = self.budget.stopped();
        // Searched to the end, the search below always finds a turn at the
        // pilot's score; should it not, the pilot's score is still the best
        // (nothing beats it), and its lines are read back in the search's
        // order.
        let seeded = !stopped && best.is_none() && seed.is_some();
        if stopped {
            // Cut short: the best turn reached, searched to the end or not,
            // or the pilot's.
            best = better(better(best, self.table.record.take()), seed);
        } else if seeded {
            best = seed;
        }
        let all = match &best {
            Some((value, _)) if !stopped && (seeded || self.cap() > 1) => {
                self.chained_turn_lines(&moves, *value, self.cap())
            }
            _ => Vec::new(),
        };
        debug_assert!(
            !seeded || !all.is_empty() || self.budget.stopped(),
            "the pilot's turn is the best, yet none is read back"
        );
        let best = best.map(|(value, line)| (value, if all.is_empty() { vec![line] } else { all }));
        let mut answer = self.finish(best);
        if stopped {
            answer.bound = Some(lowest.max(answer.score));
        } else if self.budget.stopped() {
            // Searched to the end, then `--all`'s list cut short by a limit:
            // the score is the best there is, and the list may miss turns.
            answer.bound = Some(answer.score);
        }
        answer
    }

    /// The best turn starting with first play `m` when it scores at least
    /// `need`, the line the plain walk prints among those of its score.
    pub(super) fn chain_first(&mut self, m: Move, need: i64) -> Option<(i64, Vec<Play>)> {
        let bonus = self.generator.is_bonus(m);
        let mut first = self.play(m, PlayKind::Turn, bonus);
        if !bonus {
            return (first.points >= need).then(|| (first.points, vec![first]));
        }
        let mut best: Option<(i64, Vec<Play>)> = None;
        self.chain_place(m);
        // Going out on a bonus: the 25 is all there is (E6), and where R18
        // does not pay it there is no choice at all.
        let (points, choice) = self.points_choice();
        first.choice = choice;
        if first.points + points >= need {
            best = Some((first.points + points, vec![first.clone()]));
        }
        if !self.hand_is_empty() {
            let need = best.as_ref().map_or(need, |b| b.0 + 1) - first.points;
            let got = self.chain_after_first(&first, need);
            if !self.budget.stopped() && got > NONE && got >= need {
                first.choice = Some(Choice::Tiles);
                let mut prefix = vec![first.clone()];
                if let Some(line) = self.chain_read_one(2, got, &mut prefix) {
                    best = Some((first.points + got, line));
                }
            }
        }
        self.chain_unplace(m);
        best
    }

    /// The chain after first play `first` (placed, a bonus) takes two
    /// tiles, at least `need`: as [`Search::chain_value`], the lines it
    /// reaches recorded after `first`.
    pub(super) fn chain_after_first(&mut self, first: &Play, need: i64) -> i64 {
        let mut head = first.clone();
        head.choice = Some(Choice::Tiles);
        self.table.head = vec![head];
        self.table.score = first.points;
        self.chain_next(Next::Take(2), need)
    }

    /// Whether any turn reaches `bound`, known to be at least the best:
    /// if one does it is the best; if none does, a bound below it. First
    /// plays come as `moves` lists them, `still` the most any of them
    /// and those after it can score.
    fn chain_probe(&mut self, moves: &[Move], still: &[i64], bound: i64) -> Probe {
        let mut below = NONE;
        for (&m, &still) in moves.iter().zip(still) {
            if still < bound {
                below = below.max(still);
                break;
            }
            let bonus = self.generator.is_bonus(m);
            let first = self.play(m, PlayKind::Turn, bonus);
            if !bonus {
                if first.points >= bound {
                    return Probe::Reached;
                }
                below = below.max(first.points);
                continue;
            }
            self.chain_place(m);
            let (points, _) = self.points_choice();
            let mut got = first.points + points;
            if got < bound && !self.hand_is_empty() {
                got = got.max(plus(self.chain_after_first(&first, bound - first.points), first.points));
            }
            self.chain_unplace(m);
            if self.budget.stopped() {
                return Probe::Cut;
            }
            if got >= bound {
                return Probe::Reached;
            }
            below = below.max(got);
        }
        Probe::Below(below)
    }

    /// Every turn scoring `value`, the best, up to `cap`, in the plain
    /// search's order: first plays as `moves` lists them, the 25 before the
    /// tiles.
    fn chained_turn_lines(&mut self, moves: &[Move], value: i64, cap: usize) -> Vec<Vec<Play>> {
        let mut out: Vec<Vec<Play>> = Vec::new();
        let held = self.budget.hold(cap == 1);
        for &m in moves {
            if out.len() >= cap || self.budget.stopped() {
                break;
            }
            let bonus = self.generator.is_bonus(m);
            let mut first = self.play(m, PlayKind::Turn, bonus);
            if !bonus {
                if first.points == value {
                    out.push(vec![first]);
                }
                continue;
            }
            self.chain_place(m);
            let (points, choice) = self.points_choice();
            first.choice = choice;
            if first.points + points == value {
                out.push(vec![first.clone()]);
            }
            let need = value - first.points;
            if out.len() < cap && !self.hand_is_empty() && self.chain_reaches(Next::Take(2), need) {
                first.choice = Some(Choice::Tiles);
                let mut prefix = vec![first.clone()];
                self.chain_lines(2, need, cap, &mut prefix, &mut out);
            }
            self.chain_unplace(m);
        }
        self.budget.hold(held);
        out
    }
}
