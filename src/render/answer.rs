//! A solved puzzle for people: the goal and the result in words, why an
//! answer is not proven, the other choice at a bonus, the picture of the
//! board after the answer, the hint, the one line for scripts and the whole
//! text report of `solve`. `solve` prints them, and the pages and the
//! puzzle sheet of `render` show the same words.
//!
//! Where a word judges (proven, not proven, holds, DOES NOT HOLD) it is
//! passed through the caller's `paint`, which colours it on a terminal.

use std::fmt::Write as _;

use super::{Highlight, Marks, board_text_with_region};
use crate::model::{Board, Cell};
use crate::rules::Text;
use crate::solve::native::OtherChoice;
use crate::solve::{Answer, Choice, Expected, Goal, PlayKind, Puzzle, Solved, Stop, fill_exists, shown_score};
use crate::words::{counted, hand_line};

/// How a judging word is shown.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Tone {
    /// Established: proven, holds, the solvers agree.
    Good,
    /// Not established: not proven, cut short, not confirmed.
    Doubt,
    /// Refuted: an expectation that does not hold.
    Bad,
}

/// The words with no colour at all (pages, files).
pub fn plain(_: Tone, words: &str) -> String {
    words.to_string()
}

/// The goal in words, as reports and pages name it.
pub fn goal_name(goal: &Goal) -> String {
    match goal {
        Goal::BestTurn => "best-turn".into(),
        Goal::BestSequence { plays } => format!("best-sequence of up to {}", counted(plays, "play")),
        Goal::Fill(f) => format!("fill of {} ({:?})", counted(f.region.len(), "cell"), f.objective).to_lowercase(),
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

/// Why an answer is not proven, in words: what stopped it and the bound.
pub fn unproven(a: &Answer) -> String {
    let by = a.stats.stopped.unwrap_or(Stop::TimeLimit).describe();
    match a.bound {
        Some(bound) => format!("stopped by {by}; no answer scores more than {bound}"),
        None => format!("stopped by {by}"),
    }
}

/// The answer's result in words: the score or the count, proven or with
/// what stopped the search and its bound.
pub fn result_text(goal: &Goal, a: &Answer) -> String {
    let fill = matches!(goal, Goal::Fill(_));
    match (a.count, a.proven, a.plays.is_empty()) {
        (Some(n), true, _) => format!("count: {n} (every solution counted)"),
        (Some(n), false, _) => format!("count: at least {n} (not proven: {})", unproven(a)),
        (None, true, true) if fill => "no fill exists (proven)".to_string(),
        (None, true, _) => format!("score: {} (proven optimal)", a.score),
        (None, false, true) => format!("no answer found within the limit ({})", unproven(a)),
        (None, false, false) => format!("score: {} (best found, not proven: {})", a.score, unproven(a)),
    }
}

/// The other choice at a bonus, in words, for the line under its play.
pub fn other_text(o: &OtherChoice, text: Text) -> String {
    // Why the 25 is forced: the English sheet says so of bonus tiles (E14);
    // the Serbian text says it of the opening's two tiles (S7), and R17
    // carries it to every bonus.
    let forced = match text {
        Text::English => "E14",
        Text::Serbian => "S7, R17",
    };
    let cut = || format!("not proven: stopped by {}", o.stopped.unwrap_or(Stop::TimeLimit).describe());
    let against = |value: i64| {
        let taken = match o.taken {
            Choice::Points if o.taken_value == 25 => "the 25 taken".to_string(),
            Choice::Points => format!("the {} of the 25 taken and the tiles owed after it", o.taken_value),
            Choice::Tiles => format!("the {} the bonus tiles played brought", o.taken_value),
        };
        let turn = o.score.map_or(String::new(), |s| format!("; that turn scores {s}"));
        format!("{value} against {taken}{turn}")
    };
    let owed = || match o.owed {
        Some(2) | None => "two bonus tiles".to_string(),
        Some(n) => format!("{} owed", counted(n, "bonus tile")),
    };
    match (o.other, o.value, o.open) {
        (Choice::Points, Some(v), _) => {
            let what = if v == 25 { "+25 points" } else { "+25 points, then the tiles still owed" };
            let proof = if o.proven { String::new() } else { format!(" ({})", cut()) };
            format!("the other choice: {what}, {}{proof}", against(v))
        }
        (Choice::Tiles, Some(v), _) => {
            let tiles: Vec<String> =
                o.plays.iter().skip(o.play).map(|p| format!("{} as {} at {}", p.tile, p.corners, p.at)).collect();
            let best = if o.proven { "at best".to_string() } else { format!("at least ({})", cut()) };
            format!("the other choice: {}, {best} {} ({})", owed(), against(v), tiles.join(", "))
        }
        (Choice::Tiles, None, Some(false)) => {
            let all = if o.owed == Some(2) { "both" } else { "all" };
            format!("the other choice: none; {} cannot {all} be played, so the 25 is taken ({forced})", owed())
        }
        (other, _, _) => {
            let what = if other == Choice::Tiles { owed() } else { "+25 points".to_string() };
            format!("the other choice: {what}, not established ({} before any line was found)", cut())
        }
    }
}

/// `solve --hint`: the first play of the best answer, its tile (level 1)
/// or its tile and cell (level 2), and nothing else of it. For a fill it is
/// the first tile of the fill found, in the region's reading order; for a
/// counting fill, of the first fill counted, and never the count, which is
/// what the puzzle asks. Where the search was cut short before it found
/// any answer, the hint says so and claims nothing of the puzzle.
pub fn hint_text(a: &Answer, level: u8, fill: bool) -> String {
    let proof = if a.proven { "" } else { " (from the best answer found, not proven)" };
    match a.plays.first() {
        None if fill && a.proven => "hint: no fill of the region exists\n".to_string(),
        None if a.proven => "hint: no tile can be played\n".to_string(),
        None => format!("hint: no answer was found within the limit ({})\n", unproven(a)),
        Some(p) if level >= 2 => format!("hint: play {} at {}{proof}\n", p.tile, p.at),
        Some(p) => format!("hint: play {}{proof}\n", p.tile),
    }
}

/// `solve --quiet`: the score (a count for a counting fill; `none` where
/// no answer was found, or no fill exists) and whether it is proven.
pub fn quiet_text(a: &Answer, fill: bool, paint: &dyn Fn(Tone, &str) -> String) -> String {
    let score = match a.count {
        Some(count) => count.to_string(),
        None if a.plays.is_empty() && (fill || !a.proven) => "none".to_string(),
        None => a.score.to_string(),
    };
    let proof = if a.proven { paint(Tone::Good, "proven") } else { paint(Tone::Doubt, "not proven") };
    format!("{score} {proof}\n")
}

/// Whether a recorded `expect:` holds, in words.
pub fn expect_text(expected: &Expected, holds: Option<bool>, paint: &dyn Fn(Tone, &str) -> String) -> String {
    let what = match (expected.score, expected.count, expected.exists) {
        (Some(score), _, _) => score.to_string(),
        (_, Some(count), _) => format!("count {count}"),
        (_, _, Some(false)) => "no fill exists".to_string(),
        _ => "a fill exists".to_string(),
    };
    match holds {
        Some(true) => format!("expect: {what} {}", paint(Tone::Good, "holds")),
        Some(false) => format!("expect: {what} {}", paint(Tone::Bad, "DOES NOT HOLD")),
        None => format!("expect: {what} {} (answer not proven)", paint(Tone::Doubt, "not confirmed")),
    }
}

/// What the text report of a solved puzzle shows.
pub struct SolvedText<'a> {
    /// The puzzle.
    pub puzzle: &'a Puzzle,
    /// What the solvers established, every answer replayed.
    pub solved: &'a Solved,
    /// The goal in words ([`goal_name`]).
    pub goal: &'a str,
    /// The puzzle's `expect:` and whether it holds, where it records one.
    pub expect: Option<(Expected, Option<bool>)>,
}

/// `solve`'s text report: the position, the result, each play with the
/// other choice at its bonus, the board after the plays, the `--all`
/// list, the solvers' counters and comparison, and `expect:`.
pub fn solved_text(r: &SolvedText<'_>, paint: &dyn Fn(Tone, &str) -> String) -> String {
    let (puzzle, a) = (r.puzzle, &r.solved.answer);
    let mut out = String::new();
    let _ = writeln!(out, "variant: {}", puzzle.variant.label());
    let region: &[Cell] = match &puzzle.goal {
        Goal::Fill(fill) => &fill.region,
        _ => &[],
    };
    out.push_str(&board_text_with_region(&puzzle.board, &Default::default(), region));
    let _ = writeln!(out, "hand: {}", hand_line(&puzzle.hand));
    let _ = writeln!(out, "goal: {}\n", r.goal);
    out.push_str(&result_lines(puzzle, a, paint));
    for (i, p) in a.plays.iter().enumerate() {
        let kind = match p.kind {
            PlayKind::Turn | PlayKind::Fill => "",
            PlayKind::BonusTile => " (bonus tile)",
        };
        let bonus = match (p.bonus, p.choice) {
            (true, Some(Choice::Points)) => ", bonus: +25 points",
            (true, Some(Choice::Tiles)) => ", bonus: two bonus tiles",
            (true, None) => ", bonus",
            _ => "",
        };
        let points = counted(p.points, "point");
        let _ = writeln!(out, "  {}. {} as {} at {}: {points}{kind}{bonus}", i + 1, p.tile, p.corners, p.at);
        if let Some(o) = r.solved.others.iter().find(|o| o.play == i + 1) {
            let _ = writeln!(out, "     {}", other_text(o, puzzle.variant.text()));
        }
    }
    if a.plays.iter().any(|p| p.choice == Some(Choice::Tiles)) {
        // Said once, for whoever has not met the choice: what the two tiles
        // after a bonus are.
        let _ = writeln!(
            out,
            "  (two bonus tiles: in place of the 25 points, two more tiles from the hand laid at once, each scoring as the rules score a play; see docs/RULES.md, Bonuses)"
        );
    }
    if !a.plays.is_empty() {
        let mut board = puzzle.board.clone();
        let mut marks = std::collections::BTreeMap::new();
        for (i, p) in a.plays.iter().enumerate() {
            board.insert(p.at, p.corners);
            marks.insert(p.at, i + 1);
        }
        let _ = writeln!(out, "\nafter the plays (each numbered on its top edge):");
        out.push_str(&board_text_with_region(&board, &marks, region));
    }
    if a.all.len() > 1 {
        if a.proven {
            let _ = writeln!(
                out,
                "\n{} optimal answers (--all), counted as lines of play: the same placements in another order \
                 count again",
                a.all.len()
            );
        } else {
            let _ = writeln!(
                out,
                "\n{} answers scoring {} (--all), those found and checked before the search was stopped: there may be more",
                a.all.len(),
                a.score
            );
        }
        for (i, line) in a.all.iter().enumerate() {
            let plays: Vec<String> = line.iter().map(|p| format!("{} {} at {}", p.tile, p.corners, p.at)).collect();
            let _ = writeln!(out, "  {}. {}", i + 1, plays.join(" / "));
        }
    }
    out.push_str(&solver_lines(puzzle, r.solved, paint));
    if let Some((expected, holds)) = &r.expect {
        let _ = writeln!(out, "{}", expect_text(expected, *holds, paint));
    }
    out
}

/// The result of the report, and where no fill can be made, why.
fn result_lines(puzzle: &Puzzle, a: &Answer, paint: &dyn Fn(Tone, &str) -> String) -> String {
    let mut out = String::new();
    let no_fill = matches!(puzzle.goal, Goal::Fill(_)) && a.plays.is_empty();
    let line = match (a.proven, a.count, a.plays.is_empty()) {
        (true, Some(n), _) => format!("count: {n} ({})", paint(Tone::Good, "every solution counted")),
        (false, Some(n), _) => format!("count: at least {n} ({}: {})", paint(Tone::Doubt, "not proven"), unproven(a)),
        // Proven: there is no fill, so no score to give.
        (true, None, true) if no_fill => paint(Tone::Good, "no fill exists (proven)"),
        (true, None, _) => format!("score: {} ({})", a.score, paint(Tone::Good, "proven optimal")),
        // Nothing found before the search stopped: no score to claim.
        (false, None, true) => format!("{} ({})", paint(Tone::Doubt, "no answer found within the limit"), unproven(a)),
        (false, None, false) => {
            format!("score: {} (best found, {}: {})", a.score, paint(Tone::Doubt, "not proven"), unproven(a))
        }
    };
    let _ = writeln!(out, "{line}");
    if a.plays.is_empty() && a.proven && !matches!(puzzle.goal, Goal::Fill(_)) {
        let _ = writeln!(out, "no tile can be played");
    }
    if let Goal::Fill(fill) = &puzzle.goal
        && a.proven
        && a.plays.is_empty()
    {
        if let Some((cells, tiles)) = crate::solve::pool_too_small(puzzle, fill) {
            let _ = writeln!(
                out,
                "the region has {cells} cells and the pool only {tiles} tiles that can be placed, each used once: \
no fill can be made (proven by counting, without a search)"
            );
        } else if let Some((cost, edge, allowed)) = crate::solve::ruled_out_by_shape(puzzle, fill) {
            let _ = writeln!(
                out,
                "no fill can be made (proven by counting, without a search): each tile's values ascend round it, \
so the sides where a fill's values step up and down balance out, cell by cell, only through the region's edge. \
A tile with no two equal neighbouring values costs 2 of what the edge allows, one with one such pair 1, the \
others nothing; the cheapest tiles for these cells cost {cost}, and the {edge} sides of the edge allow at most \
{allowed} (docs/SOLVERS.md, \"Fills\")"
            );
        }
    }
    out
}

/// The solver's counters, or with several solvers each one's answer and
/// whether they were compared.
fn solver_lines(puzzle: &Puzzle, solved: &Solved, paint: &dyn Fn(Tone, &str) -> String) -> String {
    let mut out = String::new();
    let ms = |micros: u64| micros as f64 / 1000.0;
    let a = &solved.answer;
    if solved.runs.is_empty() {
        let _ = writeln!(
            out,
            "\nsolver: {}, {}, {:.3} ms",
            a.stats.solver,
            counted(a.stats.nodes, "node"),
            ms(a.stats.micros)
        );
        return out;
    }
    out.push('\n');
    for s in &solved.runs {
        let found = match (s.count, shown_score(&puzzle.goal, s), fill_exists(&puzzle.goal, s)) {
            (Some(c), _, _) => format!("count {c}"),
            (_, Some(score), _) => score.to_string(),
            (_, _, Some(false)) => "no fill exists".to_string(),
            _ => "no fill found".to_string(),
        };
        let result = if s.proven {
            format!("{} {found}", paint(Tone::Good, "proven"))
        } else {
            let by = s.stats.stopped.unwrap_or(Stop::TimeLimit).describe();
            let bound = s.bound.map_or(String::new(), |b| format!(", no answer above {b}"));
            format!("{} by {by}: best found {found}{bound}", paint(Tone::Doubt, "cut short"))
        };
        let (name, nodes) = (s.stats.solver, counted(s.stats.nodes, "node"));
        let _ = writeln!(out, "solver: {name}, {result}, {nodes}, {:.3} ms", ms(s.stats.micros));
    }
    match solved.compared() {
        Some(true) => {
            let _ = writeln!(out, "{}", paint(Tone::Good, "the solvers agree"));
        }
        _ => {
            let cut: Vec<&str> = solved.runs.iter().filter(|s| !s.proven).map(|s| s.stats.solver).collect();
            let _ = writeln!(out, "{}: {} cut short", paint(Tone::Doubt, "not compared"), cut.join(" and "));
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::solve::Stats;

    fn cut_short(plays: Vec<crate::solve::Play>) -> Answer {
        Answer {
            score: 0,
            proven: false,
            bound: Some(220),
            plays,
            all: Vec::new(),
            count: None,
            stats: Stats { solver: "native", stopped: Some(Stop::TimeLimit), ..Stats::default() },
        }
    }

    /// A hint from a search cut short before it found anything says that no
    /// answer was found within the limit, never that no tile can be played
    /// or that no fill was found, which only a search run to its end can say.
    #[test]
    fn a_hint_from_no_answer_says_none_was_found_within_the_limit() {
        for fill in [false, true] {
            let hint = hint_text(&cut_short(Vec::new()), 2, fill);
            assert_eq!(
                hint,
                "hint: no answer was found within the limit (stopped by the time limit (--timeout); no answer \
scores more than 220)\n"
            );
        }
        let proven = Answer { proven: true, bound: None, ..cut_short(Vec::new()) };
        assert_eq!(hint_text(&proven, 1, false), "hint: no tile can be played\n");
        assert_eq!(hint_text(&proven, 1, true), "hint: no fill of the region exists\n");
    }
}
