//! The value search of a chain: the most the rest of a chain can score,
//! asked as "at least `floor`?" and answered exactly when it is, with an
//! upper bound when it is not; and the tail of tiles that count only their
//! weight, which bounds a line after a tile placed without a bonus.

use super::super::{Move, Search, corners_of, zobrist};
use super::{NONE, TAIL_KEY, after_key, at_least, most_25s, near, owed_key, plus, settle};
use crate::model::Cell;

impl Search<'_> {
    /// The most the rest of a chain with `owed` (at least one) bonus tiles
    /// owed can score, when it is at least `floor`; otherwise an upper
    /// bound below `floor` (`NONE`: no line at all). Nothing it returns
    /// after a limit stopped the search means anything.
    ///
    /// With `after`, the last tile was placed at that cell without a bonus,
    /// and only lines that play next to it, or that only place tiles
    /// without a bonus from now on, are searched: any other line plays
    /// that tile later instead, to the same score (a tile placed away
    /// from the next one, neither seeing the other, can trade places with
    /// it, and the count owed stays at least one in between), so one of
    /// its reorderings is searched.
    pub(super) fn chain_value(&mut self, owed: u8, floor: i64, after: Option<Cell>, hint: i64) -> i64 {
        let floor = at_least(floor);
        if self.tick() {
            return NONE;
        }
        let key = self.table.key ^ owed_key(owed) ^ after.map_or(0, after_key);
        if let Some(value) = self.chain_known(key, floor) {
            return value;
        }
        let ceiling = self.chain_ceiling(owed);
        if ceiling < floor {
            return ceiling;
        }
        let mut best = NONE;
        let mut upper = NONE;
        if after.is_some() {
            let got = self.chain_tail(owed, floor, hint);
            if self.budget.stopped() {
                return NONE;
            }
            if got >= floor {
                best = got;
            } else {
                upper = got;
            }
        }
        // The generator's own order: the value found does not depend on it.
        // The last tile of the hand may go out anywhere.
        let last = self.table.hand_len == 1;
        // A tile placed without a bonus pays one owed back and earns no 25:
        // where the hand's weight and the 25s that could follow it cannot
        // reach the floor, no such tile is worth weighing or sorting.
        let plain = self.table.hand_weight + most_25s(self.table.hand_len - 1, i64::from(owed) - 1);
        let mut all = std::mem::take(&mut self.table.scratch);
        all.clear();
        let passed = self.generator.legal_moves_marked(after.filter(|_| !last), plain < floor, &mut all);
        if all.is_empty() && !passed && after.is_none() {
            self.table.scratch = all;
            // R17 = not-required: a tile owed with no legal placement is
            // forfeited; required, there is no line.
            if self.follow_up_required() {
                return NONE;
            }
            self.chain_leaf(0, None);
            return 0;
        }
        let mut moves = self.table.spare.pop().unwrap_or_default();
        moves.clear();
        let variant = self.variant;
        moves.extend(
            all.drain(..).map(|(m, earns)| (earns, i64::from(self.scored(corners_of(variant, m).weight())), m)),
        );
        self.table.scratch = all;
        if self.table.guess
            && after.is_none()
            && let Some(guessed) = self.guessed_below(&moves, owed, floor)
        {
            self.table.guessed += 1;
            self.table.spare.push(moves);
            return guessed;
        }
        if passed {
            upper = upper.max(plain);
        }
        if owed == 1 {
            // The last tile owed: of the tiles without a bonus only the
            // heaviest counts.
            let mut top: Option<(bool, i64, Move)> = None;
            moves.retain(|&(earns, weight, m)| {
                if !earns && top.is_none_or(|t| weight > t.1) {
                    top = Some((earns, weight, m));
                }
                earns
            });
            moves.sort_unstable_by_key(|&(_, weight, _)| std::cmp::Reverse(weight));
            moves.extend(top);
        } else {
            // Bonus-earning tiles first (they keep the chain going and may
            // pay 25), heaviest first: good lines early raise the floor.
            moves.sort_unstable_by_key(|&(earns, weight, _)| (std::cmp::Reverse(earns), std::cmp::Reverse(weight)));
            // A thread helping another with the same first play starts its
            // first bonus tiles half-way down the list, so that the two
            // settle different parts of the table.
            if self.helping && self.table.path.is_empty() {
                let half = moves.len() / 2;
                moves.rotate_left(half);
            }
        }
        // With two owed, the tail after a tile without a bonus is one tile:
        // at least the heaviest move here that it leaves as it is (another
        // tile, away from it), which settles it when no hand tile is heavier.
        let mut heavy: Vec<(i64, Move)> = Vec::new();
        if owed == 2 {
            heavy = moves.iter().map(|&(_, w, m)| (w, m)).collect();
            heavy.sort_unstable_by_key(|&(w, _)| std::cmp::Reverse(w));
        }
        let hint_after = |x: Move| -> i64 {
            let tile = corners_of(variant, x).id();
            heavy
                .iter()
                .find(|&&(_, z)| !near(z.at, x.at) && corners_of(variant, z).id() != tile)
                .map_or(NONE, |&(w, _)| w)
        };
        for &(earns, weight, m) in &moves {
            let need = floor.max(plus(best, 1));
            if !earns && owed == 1 {
                // The last tile owed, no bonus: its weight is all (after a
                // tile without a bonus, the tail counted it already). The
                // moves without a bonus come heaviest first.
                if after.is_none() {
                    self.chain_leaf(weight, Some((m, false, None)));
                    best = best.max(weight);
                }
                break;
            }
            // This tile and the rest of the hand, and the 25s the placements
            // after it can pay.
            let n = self.table.hand_len - 1;
            let rest = |o: i64| most_25s(n, o);
            let bound = if earns {
                self.table.hand_weight + (25 + rest(i64::from(owed) - 1)).max(rest(i64::from(owed) + 1))
            } else {
                plain
            };
            if bound < need {
                upper = upper.max(bound);
                continue;
            }
            if !earns {
                // Settled by the table already: no need to place it.
                let child = self.table.key ^ zobrist(m) ^ owed_key(owed - 1) ^ after_key(m.at);
                if let Some(value) = self.chain_known(child, at_least(need - weight)) {
                    let got = plus(value, weight);
                    settle(got, need, &mut best, &mut upper);
                    continue;
                }
            }
            if earns
                && owed >= 2
                && !last
                && let Some(most) = self.chain_settled_below(m, owed, weight, need)
            {
                // Settled below the need by the table, the 25 and the
                // tiles alike: no need to place it.
                upper = upper.max(most);
                self.table.unplaced += 1;
                continue;
            }
            self.chain_place(m);
            if earns {
                for (choice, pays, next) in self.chain_options(true, owed) {
                    let need = floor.max(plus(best, 1));
                    self.table.path.push((m, true, choice));
                    self.table.score += weight + pays;
                    let got = plus(self.chain_next(next, need - weight - pays), weight + pays);
                    self.table.path.pop();
                    self.table.score -= weight + pays;
                    if self.budget.stopped() {
                        break;
                    }
                    settle(got, need, &mut best, &mut upper);
                }
            } else {
                // Without a bonus (and with tiles still owed after it):
                // what follows starts next to it, or places no bonus.
                self.table.path.push((m, false, None));
                self.table.score += weight;
                let got = plus(self.chain_value(owed - 1, need - weight, Some(m.at), hint_after(m)), weight);
                self.table.path.pop();
                self.table.score -= weight;
                settle(got, need, &mut best, &mut upper);
            }
            self.chain_unplace(m);
            if self.budget.stopped() {
                return NONE;
            }
        }
        self.table.spare.push(moves);
        let (value, exact) = if best >= floor { (best, true) } else { (best.max(upper), false) };
        self.chain_store(key, value, exact);
        value
    }

    /// The most bonus tile `m` (a bonus, not placed, the hand not emptied
    /// by it) can bring with `owed` owed (at least two), where the table
    /// settles both its choices below `need`: the 25 with one fewer owed
    /// and the tiles with one more. Read before placing it, as the searches
    /// after it would read them first. The tiles' entry may be that of the
    /// same position reached with as many owed by a tile without a bonus,
    /// where taking the tiles here might not be allowed (E14): then no line
    /// at all, less than the entry, which stays a bound.
    fn chain_settled_below(&self, m: Move, owed: u8, weight: i64, need: i64) -> Option<i64> {
        let placed = self.table.key ^ zobrist(m);
        let points = self.chain_known(placed ^ owed_key(owed - 1), at_least(need - weight - 25))?;
        let tiles = self.chain_known(placed ^ owed_key(owed + 1), at_least(need - weight))?;
        let most = plus(points, weight + 25).max(plus(tiles, weight));
        (most < need).then_some(most)
    }

    /// The most `owed` more placements can score counting only their
    /// weights (a bonus among them taken as its 25 scores more, and ends
    /// the chain no sooner), when it is at least `floor`; otherwise an
    /// upper bound below it, as [`Search::chain_value`].
    fn chain_tail(&mut self, owed: u8, floor: i64, hint: i64) -> i64 {
        if owed == 0 {
            self.chain_leaf(0, None);
            return 0;
        }
        let floor = at_least(floor);
        if self.tick() {
            return NONE;
        }
        let key = self.table.key ^ owed_key(owed) ^ TAIL_KEY;
        if let Some(value) = self.chain_known(key, floor) {
            return value;
        }
        let ceiling = self.heaviest(owed);
        if ceiling < floor || (owed == 1 && hint >= ceiling) {
            return ceiling;
        }
        let mut all = Vec::new();
        self.generator.legal_moves(&mut all);
        let mut moves: Vec<(i64, Move)> =
            all.into_iter().map(|m| (i64::from(self.scored(corners_of(self.variant, m).weight())), m)).collect();
        if moves.is_empty() {
            if self.follow_up_required() {
                return NONE;
            }
            self.chain_leaf(0, None);
            return 0;
        }
        if owed == 1 {
            // Only the heaviest counts.
            let top = moves.iter().copied().reduce(|a, b| if b.0 > a.0 { b } else { a });
            moves = top.into_iter().collect();
        } else {
            moves.sort_unstable_by_key(|&(weight, _)| std::cmp::Reverse(weight));
        }
        let mut best = NONE;
        let mut upper = NONE;
        for (weight, m) in moves {
            let need = floor.max(plus(best, 1));
            let earns = self.generator.is_bonus(m);
            if owed == 1 {
                if !earns {
                    self.chain_leaf(weight, Some((m, false, None)));
                }
                best = best.max(weight);
                break;
            }
            // The heaviest lines with this tile: no more for the lighter
            // tiles after it.
            let mut bound = weight;
            if let Some(n) = self.table.weights.get_mut(weight as usize) {
                *n -= 1;
                bound += self.heaviest(owed - 1);
                if let Some(n) = self.table.weights.get_mut(weight as usize) {
                    *n += 1;
                }
            }
            if bound < need {
                upper = upper.max(bound);
                break;
            }
            self.chain_place(m);
            let (pays, choice) = if earns { self.points_choice() } else { (0, None) };
            self.table.path.push((m, earns, choice));
            self.table.score += weight + pays;
            let got = plus(self.chain_tail(owed - 1, need - weight, NONE), weight);
            self.table.path.pop();
            self.table.score -= weight + pays;
            self.chain_unplace(m);
            if self.budget.stopped() {
                return NONE;
            }
            settle(got, need, &mut best, &mut upper);
        }
        let (value, exact) = if best >= floor { (best, true) } else { (best.max(upper), false) };
        self.chain_store(key, value, exact);
        value
    }

    /// The guess of `guess_turn`, where it is below `floor`: that the
    /// tiles of the hand earning a bonus somewhere now are all that will
    /// earn one, so that at most `owed` and two more for each of them are
    /// placed, the heaviest, with a 25 for each. It is no bound (each tile
    /// placed may open new bonus cells next to it, which other tiles then
    /// earn), but it passes over almost every position that cannot reach
    /// `floor`.
    fn guessed_below(&self, moves: &[(bool, i64, Move)], owed: u8, floor: i64) -> Option<i64> {
        let mut earning = Vec::new();
        for &(earns, _, m) in moves {
            let id = corners_of(self.variant, m).id();
            if earns && !earning.contains(&id) {
                earning.push(id);
            }
        }
        let tiles = earning.len() as i64;
        let placed = (i64::from(owed) + 2 * tiles).min(self.table.hand_len).min(255) as u8;
        let guessed = self.heaviest(placed) + most_25s(tiles.min(self.table.hand_len), i64::from(owed));
        (guessed < floor).then_some(guessed)
    }
}
