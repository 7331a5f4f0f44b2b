//! An answer as the commands that show one name it and draw it: the goal
//! in words, and the board after the answer's plays. `solve` and `render`
//! both show answers, so what they share lives here, below both.

use quadominos::model::Board;
use quadominos::render::{Highlight, Marks};
use quadominos::solve::{Answer, Goal, Puzzle};

/// The goal in words, as reports and pages name it.
pub fn goal_name(goal: &Goal) -> String {
    match goal {
        Goal::BestTurn => "best-turn".into(),
        Goal::BestSequence { plays } => format!("best-sequence of up to {}", super::counted(plays, "play")),
        Goal::Fill(f) => {
            format!("fill of {} ({:?})", super::counted(f.region.len(), "cell"), f.objective).to_lowercase()
        }
    }
}

/// The board after an answer's plays, each numbered in play order and
/// starred when it earned a bonus.
pub fn answer_picture(puzzle: &Puzzle, answer: &Answer, title: &str) -> (Board, Marks) {
    let mut board = puzzle.board.clone();
    let mut highlights = Vec::new();
    for (i, play) in answer.plays.iter().enumerate() {
        board.insert(play.at, play.corners);
        highlights.push(Highlight { cell: play.at, number: Some(i + 1), bonus: play.bonus, lit: true });
    }
    let proof = if answer.proven { "" } else { ", best found in the time limit, not proven" };
    // A count is a count, and a fill that was not found has no score.
    let title = match (answer.count, matches!(puzzle.goal, Goal::Fill(_)) && answer.plays.is_empty()) {
        (Some(n), _) => format!("{title} (count {n}{proof})"),
        (None, true) if answer.proven => format!("{title} (no fill exists, proven)"),
        (None, true) => format!("{title} (no fill found{proof})"),
        (None, false) => format!("{title} (score {}{proof})", answer.score),
    };
    (board, Marks { title: Some(title), highlights, bonus_cells: Vec::new(), labels: Vec::new() })
}
