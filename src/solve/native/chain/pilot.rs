//! A good chained turn found fast and proven nothing: the pilot method.
//!
//! At each step of a line, every option (a bonus-earning tile, one of the
//! heaviest tiles that earn none, and the choice after it) is weighed by
//! how a simpler search goes on from it, and the line follows the best
//! line known so far. The simplest search is greedy: the heaviest
//! bonus-earning tile, else the heaviest tile; the 25 while more tiles are
//! owed, the tiles on the last one owed, a line ending on the 25 there
//! counted too. The pilot a level up weighs options by the pilot a level
//! down. Every line it weighs is a whole, legal chained turn, so its best
//! score is a floor the exact search need only reach, and the answer
//! when that search is cut short before it does.

use super::super::{Choice, Move, Play, PlayKind, Search, corners_of};
use super::{NONE, Next};

/// A bonus tile of a line: where, whether it earned a bonus, the choice.
type Step = (Move, bool, Option<Choice>);

/// The placements the pilot may make at level one, and then at level two:
/// stand-ins for times (about a tenth of a second, and a second or two
/// with a large hand) that are the same on every run.
const PILOT_NODES: u64 = 1 << 17;
const PILOT_MORE_NODES: u64 = 1 << 19;

/// The nodes the guessing search may visit (a few seconds with a large
/// hand), a count so that every run is the same.
const GUESS_NODES: u64 = 1 << 22;

/// A line the pilot found: its value, its first play and its bonus tiles.
type Piloted = (i64, Move, Vec<Step>);

/// How many of the tiles that earn no bonus the pilot weighs at each step,
/// heaviest first: such a tile gives up a bonus's 25, so only the heaviest
/// are worth it.
const PLAIN_FANOUT: usize = 3;

/// Keeps the line `steps` then `more`, scoring `total`, as `best` where it
/// scores more.
fn keep(best: &mut (i64, Vec<Step>), total: i64, steps: &[Step], more: impl IntoIterator<Item = Step>) {
    if total > best.0 {
        *best = (total, steps.iter().copied().chain(more).collect());
    }
}

/// What follows an option, as a count owed (none: the line ends).
fn owed_after(next: Next) -> Option<u8> {
    match next {
        Next::Owed(o) | Next::Take(o) if o > 0 => Some(o),
        _ => None,
    }
}

impl Search<'_> {
    fn weight_of(&self, m: Move) -> i64 {
        i64::from(self.scored(corners_of(self.variant, m).weight()))
    }

    /// The options after placing bonus tile `m` (placed) with `owed` owed,
    /// as [`Search::chain_options`], less the tiles taken where they may
    /// not be (the exact search finds no line there).
    fn pilot_options(&mut self, earns: bool, owed: u8) -> Vec<(Option<Choice>, i64, Next)> {
        let mut options = self.chain_options(earns, owed);
        options.retain(|&(_, _, next)| match next {
            Next::Take(o) => self.may_take(o),
            _ => true,
        });
        options
    }

    /// Takes back the tiles of the line walked so far, last first.
    fn walk_back(&mut self, steps: &[Step]) {
        for &(m, _, _) in steps.iter().rev() {
            self.chain_unplace(m);
        }
    }

    /// The greedy line from here with `owed` owed: the best value one of
    /// its endings reaches (`NONE`: none) and that ending's steps.
    fn rollout(&mut self, owed: u8) -> (i64, Vec<Step>) {
        let mut owed = owed;
        let mut steps: Vec<Step> = Vec::new();
        let mut score = 0;
        let mut best: (i64, Vec<Step>) = (NONE, Vec::new());
        let mut moves = Vec::new();
        loop {
            moves.clear();
            self.generator.legal_moves(&mut moves);
            if moves.is_empty() {
                // A tile owed with nowhere to go is forfeited where R17
                // allows; where it does not, this is no line.
                if !self.follow_up_required() {
                    keep(&mut best, score, &steps, None);
                }
                break;
            }
            if self.tick() {
                break;
            }
            let greediest = moves.iter().copied().max_by_key(|&m| {
                let order = std::cmp::Reverse((m.orientation, m.at.y, m.at.x));
                (self.generator.is_bonus(m), self.weight_of(m), order)
            });
            let Some(m) = greediest else { break };
            let earns = self.generator.is_bonus(m);
            let weight = self.weight_of(m);
            self.chain_place(m);
            let mut on = None;
            for (choice, pays, next) in self.pilot_options(earns, owed) {
                match owed_after(next) {
                    None => keep(&mut best, score + weight + pays, &steps, Some((m, earns, choice))),
                    // The 25 comes first among the options: taken wherever
                    // the chain goes on after it.
                    Some(o) => on = on.or(Some((choice, pays, o))),
                }
            }
            let Some((choice, pays, o)) = on else {
                self.chain_unplace(m);
                break;
            };
            steps.push((m, earns, choice));
            score += weight + pays;
            owed = o;
        }
        self.walk_back(&steps);
        best
    }

    /// The pilot at `level` (0: the greedy line) from here with `owed`
    /// owed: the best line it saw, its value (`NONE`: none) and steps.
    fn pilot(&mut self, owed: u8, level: u8) -> (i64, Vec<Step>) {
        if level == 0 {
            return self.rollout(owed);
        }
        let mut owed = owed;
        let mut steps: Vec<Step> = Vec::new();
        let mut score = 0;
        let mut best: (i64, Vec<Step>) = (NONE, Vec::new());
        let mut moves = Vec::new();
        'line: loop {
            moves.clear();
            self.generator.legal_moves(&mut moves);
            moves.sort_unstable_by_key(|&m| {
                let (earns, weight) = (self.generator.is_bonus(m), self.weight_of(m));
                (std::cmp::Reverse(earns), std::cmp::Reverse(weight), m.orientation, m.at.y, m.at.x)
            });
            let earning = moves.iter().take_while(|&&m| self.generator.is_bonus(m)).count();
            moves.truncate(earning + PLAIN_FANOUT);
            for &m in &moves {
                let earns = self.generator.is_bonus(m);
                let weight = self.weight_of(m);
                self.chain_place(m);
                for (choice, pays, next) in self.pilot_options(earns, owed) {
                    let (rest, tail) = match owed_after(next) {
                        None => (0, Vec::new()),
                        Some(o) => self.pilot(o, level - 1),
                    };
                    if rest > NONE {
                        let line = std::iter::once((m, earns, choice)).chain(tail);
                        keep(&mut best, score + weight + pays + rest, &steps, line);
                    }
                }
                self.chain_unplace(m);
                if self.budget.stopped() {
                    break 'line;
                }
            }
            // One step along the best line known.
            let Some(&(m, earns, choice)) = best.1.get(steps.len()) else { break };
            let weight = self.weight_of(m);
            self.chain_place(m);
            steps.push((m, earns, choice));
            let options = self.pilot_options(earns, owed);
            let Some(&(_, pays, next)) = options.iter().find(|o| o.0 == choice) else { break };
            score += weight + pays;
            match owed_after(next) {
                Some(o) => owed = o,
                None => break,
            }
        }
        self.walk_back(&steps);
        best
    }

    /// A turn found by the exact search made to guess: positions where the
    /// tiles earning a bonus now could not reach the floor with a 25 each
    /// are passed over, as though no new bonus cell would open (see
    /// `guessed_below`). That passes over almost everything on a large
    /// hand, and the lines it reaches are whole, legal turns, often the
    /// best (on the seeded board, 266 with 16 tiles in hand within seconds,
    /// where the search below had 258 after a minute), but nothing it
    /// answers is proven: its table is one of its own, thrown away after,
    /// and its score only a floor for the search below. The first plays
    /// come in `moves`' order, each with the best found so far to beat.
    pub(in super::super) fn guess_turn(&mut self, moves: &[Move], floor: i64) -> Option<(i64, Vec<Play>)> {
        let entries = std::mem::replace(&mut self.table.entries, super::super::memo::Memo::new(self.limits.memory));
        let record = self.table.record.take();
        self.table.guess = true;
        self.budget.attempt(Some(GUESS_NODES));
        for &m in moves {
            if !self.generator.is_bonus(m) {
                continue;
            }
            let first = self.play(m, PlayKind::Turn, true);
            self.chain_place(m);
            if !self.hand_is_empty() {
                let best = self.table.record.as_ref().map_or(floor, |r| r.0.max(floor));
                self.chain_after_first(&first, best + 1 - first.points);
            }
            self.chain_unplace(m);
            if self.budget.stopped() {
                break;
            }
        }
        self.budget.attempt(None);
        self.table.guess = false;
        self.table.entries = entries;
        std::mem::replace(&mut self.table.record, record).filter(|r| r.0 > floor)
    }

    /// The best turn the pilot finds: at level one after each first play
    /// that earns a bonus (the two tiles taken), then at level two after
    /// them, the most promising first (by level one), while its placements
    /// last. Its score and line.
    pub(in super::super) fn pilot_turn(&mut self, moves: &[Move]) -> Option<(i64, Vec<Play>)> {
        let firsts: Vec<Move> = moves.iter().copied().filter(|&m| self.generator.is_bonus(m)).collect();
        let mut best = None;
        let mut ranked = self.pilot_from(&firsts, 1, PILOT_NODES, &mut best);
        ranked.sort_by_key(|&(value, _)| std::cmp::Reverse(value));
        let promising: Vec<Move> = ranked.into_iter().map(|(_, m)| m).collect();
        self.pilot_from(&promising, 2, PILOT_MORE_NODES, &mut best);
        self.piloted_turn(best)
    }

    /// The pilot at `level` after each of `firsts` in turn, until it has
    /// made `nodes` placements, keeping the best line in `best`: each
    /// first play's value.
    fn pilot_from(&mut self, firsts: &[Move], level: u8, nodes: u64, best: &mut Option<Piloted>) -> Vec<(i64, Move)> {
        let mut values = Vec::new();
        self.budget.attempt(Some(nodes));
        for &m in firsts {
            if self.budget.stopped() {
                break;
            }
            let first = self.play(m, PlayKind::Turn, true).points;
            self.chain_place(m);
            // The two tiles are taken only where both can be played (E14),
            // as in the search.
            if !self.hand_is_empty() && self.may_take(2) {
                let (rest, steps) = self.pilot(2, level);
                if rest > NONE {
                    let value = first + rest;
                    values.push((value, m));
                    if best.as_ref().is_none_or(|b| value > b.0) {
                        *best = Some((value, m, steps));
                    }
                }
            }
            self.chain_unplace(m);
        }
        self.budget.attempt(None);
        values
    }

    /// The best turn the pilot has found: its score and line.
    fn piloted_turn(&self, piloted: Option<Piloted>) -> Option<(i64, Vec<Play>)> {
        let (value, m, steps) = piloted?;
        let mut first = self.play(m, PlayKind::Turn, true);
        first.choice = Some(Choice::Tiles);
        let mut line = vec![first];
        for (m, earns, choice) in steps {
            let mut play = self.play(m, PlayKind::BonusTile, earns);
            play.choice = choice;
            line.push(play);
        }
        Some((value, line))
    }
}
