//! The page of a position's bonus placements (`bonuses POSITION --html
//! FILE`): the position with a star and the catalogue class on each cell
//! where a bonus placement exists, then each placement in turn with its
//! best follow-up, and each bonus tile that follow-up plays.

use super::{Column, Frame, Page, file_name};
use crate::model::{Board, Cell, Corners, TileId};
use crate::render::{Highlight, Marks};
use crate::rules::Clause;
use crate::solve::Play;
use crate::words::{counted, hand_line};

/// A position's bonus placements, as the page shows them.
pub struct BonusesView<'a> {
    /// The file the position was read from (the page's title names it).
    pub name: &'a str,
    /// The variant's label.
    pub variant: &'a str,
    /// The board.
    pub board: &'a Board,
    /// The hand.
    pub hand: &'a [TileId],
    /// The position's marks: a star and the class on each cell where a
    /// bonus placement exists.
    pub marks: Marks,
    /// How many bonus placements there are.
    pub placements: usize,
    /// The placements by catalogue class.
    pub classes: Vec<BonusClassView<'a>>,
}

/// The bonus placements in one catalogue class.
pub struct BonusClassView<'a> {
    /// The class's number.
    pub class: usize,
    /// The class in words: its number, its neighbours and the rule
    /// sheet's example it is.
    pub heading: String,
    /// The clauses behind the class's bonus.
    pub clauses: Vec<Clause>,
    /// Its placements.
    pub placements: Vec<BonusPlacementView<'a>>,
}

/// One bonus placement and its best follow-up.
pub struct BonusPlacementView<'a> {
    /// The tile.
    pub tile: TileId,
    /// The cell.
    pub at: Cell,
    /// The corners.
    pub corners: Corners,
    /// What the placement scores.
    pub points: u32,
    /// How many corners it matches.
    pub matched: u8,
    /// The best follow-up in words.
    pub then: String,
    /// The placement's points and its best follow-up.
    pub total: i64,
    /// The two bonus tiles that score most, where they can be played.
    pub tiles: &'a [Play],
    /// Whether the follow-up takes those tiles (else the 25 scores more).
    pub taken: bool,
}

/// The page of a position's bonus placements: the position with a star and
/// the class on each cell where one exists, then each placement in turn,
/// drawn in red, with its class, points, follow-up and total.
pub fn bonuses_page(r: &BonusesView<'_>) -> Page {
    let first = {
        let svg_marks = r.marks.clone();
        Frame {
            alt: format!(
                "The position: {} on the board; {}.",
                counted(r.board.len(), "tile"),
                match svg_marks.bonus_cells.len() {
                    1 => "a star on the one cell where a bonus placement exists".to_string(),
                    n => format!("a star on each of the {n} cells where a bonus placement exists"),
                }
            ),
            board: r.board.clone(),
            marks: svg_marks,
            lines: vec![
                format!("hand: {}", hand_line(r.hand)),
                format!("{} in {}", counted(r.placements, "bonus placement"), counted(r.classes.len(), "class")),
            ],
            scores: vec![None],
            hands: vec![Some(r.hand.to_vec())],
            ..Frame::default()
        }
    };
    let mut frames = vec![first];
    let mut steps = vec!["the position".to_string()];
    let mut log = vec![counted(r.placements, "bonus placement")];
    let mut number = 0;
    for c in &r.classes {
        for b in &c.placements {
            let mut board = r.board.clone();
            board.insert(b.at, b.corners);
            let hand: Vec<TileId> = r.hand.iter().copied().filter(|&t| t != b.tile).collect();
            let line = format!(
                "{} as {} at {}: {}, {} matched",
                b.tile,
                b.corners,
                b.at,
                counted(b.points, "point"),
                b.matched
            );
            log.push(format!("class {}: {} at {}: {:+}", c.class, b.tile, b.at, b.points));
            let then = format!("then {}; total {}", b.then, b.total);
            let class_line = c.heading.clone();
            frames.push(Frame {
                alt: format!("{line}; the placement outlined in red."),
                board: board.clone(),
                marks: Marks {
                    highlights: vec![Highlight { cell: b.at, number: None, bonus: true, lit: true }],
                    ..Marks::default()
                },
                lines: vec![class_line.clone(), line.clone(), then.clone()],
                clauses: c.clauses.clone(),
                scores: vec![Some(b.total)],
                hands: vec![Some(hand.clone())],
                ..Frame::default()
            });
            number += 1;
            let name = format!("bonus placement {number} of {}", r.placements);
            steps.push(name.clone());
            // The bonus tiles the follow-up describes, each a step of its
            // own on the board it is placed on, numbered in play order: the
            // ones taken, or those the 25 points were worth more than.
            let taken = b.taken;
            let mut highlights = vec![Highlight { cell: b.at, number: None, bonus: true, lit: false }];
            // Each bonus tile comes out of the hand as it goes on the board.
            let mut hand = hand;
            for (i, t) in b.tiles.iter().enumerate() {
                board.insert(t.at, t.corners);
                if let Some(k) = hand.iter().position(|h| *h == t.tile) {
                    hand.remove(k);
                }
                highlights.iter_mut().for_each(|h| h.lit = false);
                highlights.push(Highlight { cell: t.at, number: Some(i + 1), bonus: t.bonus, lit: true });
                let tile_line = format!(
                    "bonus tile {} of {}{}: {} as {} at {}, {}",
                    i + 1,
                    b.tiles.len(),
                    if taken { "" } else { " (not taken: the 25 points score more)" },
                    t.tile,
                    t.corners,
                    t.at,
                    counted(t.points, "point")
                );
                log.push(format!("class {}: bonus tile {} at {}: {:+}", c.class, t.tile, t.at, t.points));
                frames.push(Frame {
                    alt: format!("{line}; then {tile_line}, outlined in red."),
                    board: board.clone(),
                    marks: Marks { highlights: highlights.clone(), ..Marks::default() },
                    lines: vec![class_line.clone(), line.clone(), tile_line, then.clone()],
                    clauses: c.clauses.clone(),
                    scores: vec![Some(b.total)],
                    hands: vec![Some(hand.clone())],
                    ..Frame::default()
                });
                steps.push(format!("{name}, bonus tile {}", i + 1));
            }
        }
    }
    Page {
        title: format!("{}: bonus placements, {}", file_name(r.name), r.variant),
        summary: vec![format!(
            "{} bonus placement{} of the hand under {}, by catalogue class, each with its best follow-up: the 25 \
points or the two bonus tiles that score most.",
            r.placements,
            if r.placements == 1 { "" } else { "s" },
            r.variant
        )],
        steps,
        log,
        columns: vec![Column {
            heading: None,
            rows: vec!["the hand".to_string()],
            score_heading: "total".to_string(),
            frames,
        }],
        ..Page::default()
    }
}
