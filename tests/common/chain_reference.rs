//! A deliberately simple check of a best turn where bonus tiles earn
//! bonuses of their own (R8 = yes), sharing nothing with the library's
//! solvers: it walks the game engine itself. From the puzzle's position
//! (seat 0 holds the hand, seat 1 nothing), it tries every action the
//! engine offers (a placement, then at each bonus the 25 or two more
//! tiles, then each bonus tile) until the turn passes, and the score is
//! seat 0's score as the engine keeps it. So the chain's arithmetic (what
//! is owed, when taking tiles is allowed, which bonus tiles leave a way to
//! finish, going out on a bonus) is the engine's, as a game plays it.
//!
//! Two things keep it small. A turn's future depends on the placements made
//! and on the phase (what is owed), not on their order, so a position found
//! unable to reach some score is remembered as such, with the least score
//! it failed to reach. And a line is cut when the tiles still in hand and
//! the 25s still possible cannot reach the score asked for. The 25s: from
//! a position owing `owed` tiles, a line that places `m` more tiles takes
//! two tiles at `t` of its bonuses and the 25 at `p`, each at a tile of
//! its own, so `p + t <= m`; the tiles it places are the ones owed and the
//! ones taken, `m <= owed + 2t`, so `p <= m - t <= (m + owed) / 2`, at most
//! `(n + owed) / 2` with `n` tiles in hand. Going out on a bonus pays its 25
//! without a choice, at the last tile of its own, within the same count.

#![allow(dead_code)]

use std::collections::HashMap;

use quadominos::game::{Action, Game, Phase, Setup};
use quadominos::model::{Cell, Corners, TileId};
use quadominos::solve::Puzzle;

/// Can the turn of `puzzle` score `need` or more? With how many positions
/// it expanded.
pub fn turn_reaches(puzzle: &Puzzle, need: i64) -> (bool, u64) {
    let setup = Setup {
        hands: vec![puzzle.hand.clone(), Vec::new()],
        board: puzzle.board.tiles(),
        to_move: Some(0),
        ..Setup::default()
    };
    let game = Game::from_setup(puzzle.variant.clone(), &setup).expect("the puzzle is a game position");
    let mut walk = Walk { failed: HashMap::new(), made: Vec::new(), nodes: 0 };
    let found = walk.reaches(&game, need);
    (found, walk.nodes)
}

/// A position of the turn: the placements made, sorted, and the phase.
type Position = (Vec<(Cell, Corners)>, (u8, u8));

struct Walk {
    /// Per position: the least score from there on found out of reach.
    failed: HashMap<Position, i64>,
    made: Vec<(Cell, Corners)>,
    nodes: u64,
}

/// The tiles in seat 0's hand and their total weight.
fn hand(game: &Game) -> (i64, i64) {
    let h: &[TileId] = game.hands().first().map_or(&[], Vec::as_slice);
    (h.len() as i64, h.iter().map(|t| i64::from(t.weight())).sum())
}

/// The most the rest of the turn can score from `game`: every tile in hand
/// at its weight, and the 25s counted above.
fn most(game: &Game) -> i64 {
    let (n, weight) = hand(game);
    let most_25s = |owed: i64| 25 * n.min((n + owed) / 2);
    weight
        + match game.phase() {
            // The first placement, then at most a bonus choice owing nothing.
            Phase::Turn { .. } => 25 + most_25s(2),
            Phase::BonusChoice { owed, .. } => {
                let owed = i64::from(owed);
                (25 + most_25s(owed)).max(most_25s(owed + 2))
            }
            Phase::BonusTiles { owed, .. } => most_25s(i64::from(owed)),
            _ => 0,
        }
}

/// The phase of a turn under way, as a key: which, and what is owed.
fn phase_key(phase: Phase) -> (u8, u8) {
    match phase {
        Phase::BonusChoice { owed, .. } => (1, owed),
        Phase::BonusTiles { owed, .. } => (2, owed),
        _ => (0, 0),
    }
}

impl Walk {
    fn reaches(&mut self, game: &Game, need: i64) -> bool {
        let phase = game.phase();
        let turn_over = match phase {
            Phase::Turn { seat, .. } => seat != 0 || !self.made.is_empty(),
            Phase::BonusChoice { seat, .. } | Phase::BonusTiles { seat, .. } => seat != 0,
            _ => true,
        };
        if turn_over {
            return need <= 0;
        }
        if most(game) < need {
            return false;
        }
        let mut key = self.made.clone();
        key.sort_unstable();
        let key = (key, phase_key(phase));
        if self.failed.get(&key).is_some_and(|&f| f <= need) {
            return false;
        }
        self.nodes += 1;
        let before = game.scores()[0];
        let mut actions = game.legal_actions();
        // Heavy tiles first, so that a line that reaches the score is met
        // early; the order changes nothing else.
        actions.sort_by_key(|a| std::cmp::Reverse(if let Action::Place(p) = a { p.corners.weight() } else { 0 }));
        for action in actions {
            // The turn is a placement and what follows it; drawing and
            // passing are other turns.
            if matches!(phase, Phase::Turn { .. }) && !matches!(action, Action::Place(_)) {
                continue;
            }
            let mut next = game.clone();
            next.apply(action).expect("the engine takes an action it offered");
            let gained = next.scores()[0] - before;
            if let Action::Place(p) = action {
                self.made.push((p.at, p.corners));
            }
            let ok = self.reaches(&next, need - gained);
            if matches!(action, Action::Place(_)) {
                self.made.pop();
            }
            if ok {
                return true;
            }
        }
        let entry = self.failed.entry(key).or_insert(need);
        *entry = (*entry).min(need);
        false
    }
}
