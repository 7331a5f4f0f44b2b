//! Whether a hand can place some number of tiles one after the other, each
//! legal on the board the ones before it left: the question behind taking
//! bonus tiles (E14: a player who cannot play both tiles takes the 25), and,
//! where bonuses chain (R8), behind every tile still owed (R17).

use rustc_hash::FxHashSet;

use super::generator::MoveGen;
use super::moves::Move;

/// A placement as the search remembers it: where, and which orientation.
type Step = (i32, i32, u16);

/// What a line search found, and how many positions it expanded.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct LineSearch {
    /// A line of the length asked for exists.
    pub found: bool,
    /// Positions whose moves were listed.
    pub nodes: u64,
}

impl MoveGen<'_> {
    /// Can `n` tiles of the hand be placed one after the other, each legal
    /// where the ones before it left the board? The generator is left as it
    /// was found.
    pub fn can_place_line(&mut self, n: usize) -> bool {
        self.line_search(n).found
    }

    /// The search behind [`MoveGen::can_place_line`]. Exact, and kept small
    /// in two ways. Each placement takes one tile from the hand, so a hand
    /// of fewer than `n` tiles has no such line and is answered without a
    /// search: in a long chain the tiles owed can outnumber the hand, and
    /// the search would otherwise try every order of every tile before
    /// giving up. And the board and hand after some placements do not
    /// depend on the order they were made in, so neither does the answer:
    /// sets of placements from which no line goes on are remembered, and
    /// each is searched once rather than once per order. The worst case is
    /// still exponential: under strict matching, a hand that must place
    /// every one of a dozen tiles, one of which never fits, can take
    /// seconds; the shipped rules never ask that of a hand (only chains owe
    /// more than two tiles, and the chained rules match permissively).
    pub(super) fn line_search(&mut self, n: usize) -> LineSearch {
        let mut search = Search { made: Vec::new(), dead: FxHashSet::default(), nodes: 0 };
        let found = self.hand().len() >= n && search.go(self, n);
        LineSearch { found, nodes: search.nodes }
    }
}

struct Search {
    /// The placements made so far, in order.
    made: Vec<Step>,
    /// Sets of placements (sorted) after which no line of the rest exists.
    dead: FxHashSet<Vec<Step>>,
    nodes: u64,
}

impl Search {
    fn go(&mut self, generator: &mut MoveGen<'_>, n: usize) -> bool {
        if n == 0 {
            return true;
        }
        self.nodes += 1;
        let mut moves: Vec<Move> = Vec::new();
        generator.legal_moves(&mut moves);
        if n == 1 {
            return !moves.is_empty();
        }
        for m in moves {
            self.made.push((m.at.x, m.at.y, m.orientation));
            let mut key = self.made.clone();
            key.sort_unstable();
            let ok = !self.dead.contains(&key) && {
                let corners = generator.variant().orientations().corners(usize::from(m.orientation));
                generator.place(m.at, corners);
                let ok = self.go(generator, n - 1);
                generator.unplace(m.at);
                if !ok {
                    self.dead.insert(key);
                }
                ok
            };
            self.made.pop();
            if ok {
                return true;
            }
        }
        false
    }
}
