//! What the experiments' tests share: the puzzles they measure on, and the
//! replay of a fill through the rules.

use std::time::Instant;

use quadominos::formats::{VariantChoice, builtin_variant, load_puzzle};
use quadominos::model::{Board, Cell, TileId};
use quadominos::solve::lab::{LatticeSearch, LatticeView, Tables};
use quadominos::solve::{Answer, FillGoal, FillObjective, Goal, Limits, Puzzle, Stats, verify};

/// A shipped puzzle, under its own variant.
pub fn shipped(name: &str) -> Puzzle {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../puzzles").join(name);
    load_puzzle(&path, &VariantChoice::default()).unwrap().puzzle
}

/// The English weight fill of a `width` by `height` region from the full
/// set.
pub fn english_fill(width: i32, height: i32) -> Puzzle {
    let variant = builtin_variant("english").unwrap();
    let region: Vec<Cell> = (0..height).flat_map(|y| (0..width).map(move |x| Cell::new(x, y))).collect();
    let pool: Vec<TileId> = variant.tile_set().ids().collect();
    let goal = FillGoal { region, pool, objective: FillObjective::Weight };
    Puzzle { variant, board: Board::default(), hand: Vec::new(), goal: Goal::Fill(goal) }
}

/// The best fill of `view` by the plain lattice search run to its end (no
/// probes, no shape): its weight and values, `None` where there is none.
pub fn searched(view: &LatticeView) -> Option<(i64, Vec<u8>)> {
    let limits = Limits::default();
    let tables = Tables::of(view, &limits);
    let mut search = LatticeSearch::alone(&tables, Instant::now());
    search.bound(0, i64::MIN)?;
    search.go(0, 0);
    assert!(search.budget.why.is_none(), "searched to its end");
    search.best
}

/// A fill an experiment found (its weight and a value on each point of
/// `view`) as the solver's answer, replayed through the rules: every tile
/// legal as if placed last, distinct, the score its weight, every cell
/// covered. `who` names the experiment in the failure.
pub fn replayed(puzzle: &Puzzle, view: &LatticeView, fill: &(i64, Vec<u8>), who: &str) {
    let plays = view.plays(puzzle, &fill.1);
    let answer = Answer {
        score: fill.0,
        proven: false,
        bound: None,
        plays,
        all: Vec::new(),
        count: None,
        stats: Stats { solver: "native", nodes: 0, micros: 0, stopped: None },
    };
    verify(puzzle, &answer).unwrap_or_else(|e| panic!("{who}'s fill {}: {e}", fill.0));
    let Goal::Fill(goal) = &puzzle.goal else { panic!("a fill") };
    assert_eq!(answer.plays.len(), goal.region.len());
}
