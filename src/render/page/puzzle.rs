//! The pages of a puzzle and of a position (`render --html`, `solve
//! --html`): a puzzle's position and then its answer played in order, each
//! play with its points, its bonus choice and the other choice there; a
//! position alone with its open cells and bonus stars.

use super::{Column, Frame, Note, NoteKind, Page, file_name};
use crate::model::{Board, Cell, TileId};
use crate::render::answer::{goal_name, other_text, result_text};
use crate::render::{Highlight, Marks};
use crate::rules::ids::{e, r, s};
use crate::rules::{Clause, MoveGen, Placement, Variant, Verdict, judge};
use crate::solve::native::OtherChoice;
use crate::solve::{Answer, Choice, Goal, PlayKind, Puzzle, score_of};
use crate::words::{counted, hand_line};

/// The clauses behind a drawn position: its open cells (S10; E8 under the
/// English sheet, whose plays match a placed tile) and, where a star marks
/// one, the bonus threshold (R7).
fn position_clauses(variant: &Variant, stars: &[Cell]) -> Vec<Clause> {
    let open = variant.own([s(10), e(8)]);
    if stars.is_empty() { open } else { [open, vec![r(7)]].concat() }
}

/// The open cells where a tile of `hand` earns a bonus, for their stars.
fn bonus_cells(variant: &Variant, board: &Board, hand: &[TileId]) -> Vec<Cell> {
    let generator = MoveGen::new(variant, board, hand);
    let mut moves = Vec::new();
    generator.legal_moves(&mut moves);
    let mut cells: Vec<Cell> = moves.iter().filter(|m| generator.is_bonus(**m)).map(|m| m.at).collect();
    cells.sort_unstable_by_key(|c| (c.y, c.x));
    cells.dedup();
    cells
}

fn alt(when: &str, board: &Board, lit: Option<String>) -> String {
    match board.len() {
        0 => format!("{when}: the board is empty."),
        n => {
            let tiles = format!("{n} tile{} on the board", if n == 1 { "" } else { "s" });
            match lit {
                Some(l) => format!("{when}: {tiles}; {l}, outlined in red."),
                None => format!("{when}: {tiles}."),
            }
        }
    }
}

/// A solved puzzle as its page shows it.
pub struct PuzzleView<'a> {
    /// The file it was read from (the page's title names it).
    pub name: &'a str,
    /// The puzzle.
    pub puzzle: &'a Puzzle,
    /// Its answer, already replayed through the rules.
    pub answer: &'a Answer,
    /// The other choice at each bonus of the answer, replayed like it.
    pub others: &'a [OtherChoice],
}

/// The page of a solved puzzle: the position, then each play of the answer
/// with its points, its bonus choice, the other choice there and the
/// running total; the result, proven or with its bound.
pub fn puzzle_page(view: &PuzzleView<'_>) -> Page {
    let PuzzleView { name, puzzle, answer, others } = *view;
    let goal = goal_name(&puzzle.goal);
    let label = puzzle.variant.label();
    let result = result_text(&puzzle.goal, answer);
    let mut board = puzzle.board.clone();
    let mut hand = puzzle.hand.clone();
    let stars = bonus_cells(&puzzle.variant, &board, &hand);
    let first = Frame {
        alt: alt("The position", &board, None),
        board: board.clone(),
        marks: Marks { bonus_cells: stars.clone(), ..Marks::default() },
        lines: vec![
            format!("the position: {} on the board; goal: {goal}", counted(board.len(), "tile")),
            format!("hand: {}", hand_line(&hand)),
            match stars.len() {
                0 => "no placement of the hand earns a bonus here".to_string(),
                1 => "a star marks the one open cell where a tile of the hand earns a bonus".to_string(),
                n => format!("a star marks each of the {n} open cells where a tile of the hand earns a bonus"),
            },
        ],
        clauses: position_clauses(&puzzle.variant, &stars),
        scores: vec![Some(0)],
        hands: vec![Some(hand.clone())],
        ..Frame::default()
    };
    let mut frames = vec![first];
    let mut steps = vec!["the position".to_string()];
    // The list of steps puts each step's name before its line: the line
    // does not name it again.
    let mut log = vec![format!("{} on the board; {result}", counted(puzzle.board.len(), "tile"))];
    let mut highlights: Vec<Highlight> = Vec::new();
    let n = answer.plays.len();
    for (i, p) in answer.plays.iter().enumerate() {
        // The clauses behind the placement, as the judge gives them on the
        // board it was made on (a fill's tiles are not placed by the rules
        // of play: none are claimed for them).
        let clauses = match (
            &puzzle.goal,
            judge(&board, &puzzle.variant, Placement { tile: p.tile, at: p.at, corners: p.corners }, None),
        ) {
            (Goal::Fill(_), _) | (_, Verdict::Illegal(_)) => Vec::new(),
            (_, Verdict::Legal(legal)) => legal.clauses,
        };
        board.insert(p.at, p.corners);
        if let Some(k) = hand.iter().position(|t| *t == p.tile) {
            hand.remove(k);
        }
        for h in &mut highlights {
            h.lit = false;
        }
        highlights.push(Highlight { cell: p.at, number: Some(i + 1), bonus: p.bonus, lit: true });
        let kind = match p.kind {
            PlayKind::BonusTile => " (a bonus tile)",
            PlayKind::Turn | PlayKind::Fill => "",
        };
        let bonus = match (p.bonus, p.choice) {
            (true, Some(Choice::Points)) => "; a bonus: takes the 25 points",
            (true, Some(Choice::Tiles)) => "; a bonus: takes two bonus tiles",
            (true, None) => "; a bonus",
            _ => "",
        };
        let so_far = score_of(answer.plays.get(..=i).unwrap_or_default());
        let mut lines = vec![format!(
            "play {} of {n}: {} as {} at {}{kind}: {}{bonus}",
            i + 1,
            p.tile,
            p.corners,
            p.at,
            counted(p.points, "point")
        )];
        if let Some(o) = others.iter().find(|o| o.play == i + 1) {
            lines.push(other_text(o, puzzle.variant.text()));
        }
        lines.push(format!("so far: {so_far}"));
        let note = (i + 1 == n).then(|| Note { kind: NoteKind::Total, text: result.clone() });
        // The list's row: the play in a few words.
        let taken = match (p.bonus, p.choice) {
            (true, Some(Choice::Points)) => ", a bonus: the 25 points",
            (true, Some(Choice::Tiles)) => ", a bonus: two bonus tiles",
            (true, None) => ", a bonus",
            _ => "",
        };
        let brief_kind = if p.kind == PlayKind::BonusTile { " (bonus tile)" } else { "" };
        log.push(format!("{} at {}{brief_kind}: {:+}{taken}", p.tile, p.at, p.points));
        frames.push(Frame {
            alt: alt(&format!("After play {}", i + 1), &board, Some(format!("the play, {} at {}", p.corners, p.at))),
            board: board.clone(),
            marks: Marks { highlights: highlights.clone(), ..Marks::default() },
            lines,
            clauses,
            note,
            scores: vec![Some(so_far)],
            hands: vec![Some(hand.clone())],
            acting: Some(0),
            ..Frame::default()
        });
        steps.push(format!("after play {}", i + 1));
    }
    let mut summary = vec![format!("Variant {label}; goal: {goal}."), format!("The answer: {result}.")];
    if n > 0 {
        summary.push("It was replayed through the rules before this page was written.".to_string());
    }
    if !others.is_empty() {
        summary.push(format!(
            "At {} bonus{} the other choice was searched and replayed like the answer; it is given under its play.",
            others.len(),
            if others.len() == 1 { "" } else { "es" }
        ));
    }
    Page {
        title: format!("{}: a puzzle and its answer, {label}", file_name(name)),
        summary,
        steps,
        log,
        start: 0,
        columns: vec![Column {
            heading: None,
            rows: vec!["the answer".to_string()],
            score_heading: "points so far".to_string(),
            frames,
        }],
        ..Page::default()
    }
}

/// A position as its page shows it.
pub struct PositionView<'a> {
    /// The file it was read from (the page's title names it).
    pub name: &'a str,
    /// Its rules.
    pub variant: &'a Variant,
    /// Its board.
    pub board: &'a Board,
    /// Its hand.
    pub hand: &'a [TileId],
    /// The cells to number and outline in red, in order.
    pub cells: &'a [Cell],
}

/// The page of a position alone: its board with the cells asked for
/// numbered and outlined in red, a star on every open cell where a tile of
/// the hand earns a bonus.
pub fn position_page(view: &PositionView<'_>) -> Page {
    let PositionView { name, variant, board, hand, cells } = *view;
    let label = variant.label();
    let stars = bonus_cells(variant, board, hand);
    let highlights = cells
        .iter()
        .enumerate()
        .map(|(i, &cell)| Highlight { cell, number: Some(i + 1), bonus: false, lit: true })
        .collect();
    let marked: Vec<String> = cells.iter().map(|c| c.to_string()).collect();
    let lit = (!cells.is_empty()).then(|| format!("the cells {}", marked.join(", ")));
    let frame = Frame {
        alt: alt("The position", board, lit),
        board: board.clone(),
        marks: Marks { highlights, bonus_cells: stars.clone(), ..Marks::default() },
        lines: vec![
            format!("{} on the board", counted(board.len(), "tile")),
            format!("hand: {}", hand_line(hand)),
            match stars.len() {
                0 => "no placement of the hand earns a bonus here".to_string(),
                1 => "a star marks the one open cell where a tile of the hand earns a bonus".to_string(),
                n => format!("a star marks each of the {n} open cells where a tile of the hand earns a bonus"),
            },
        ],
        clauses: position_clauses(variant, &stars),
        scores: vec![None],
        hands: vec![Some(hand.to_vec())],
        ..Frame::default()
    };
    Page {
        title: format!("{}: a position, {label}", file_name(name)),
        summary: vec![format!("Variant {label}.")],
        steps: vec!["the position".to_string()],
        // After the step's name in the list of steps, its line.
        log: vec![format!("{} on the board", counted(board.len(), "tile"))],
        columns: vec![Column {
            heading: None,
            rows: vec!["the hand".to_string()],
            score_heading: String::new(),
            frames: vec![frame],
        }],
        ..Page::default()
    }
}
