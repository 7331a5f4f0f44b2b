//! Pages: one self-contained HTML file that steps through a game, a solved
//! puzzle or a rule scenario under several variants side by side, or shows
//! the bonus catalogue, a sheet of puzzles to print, or how much each
//! reading changes games' outcomes (charts, no steps). Everything is inside
//! the file: the boards as inline SVG drawn by the same code as `--svg`
//! ([`super::svg`]), the styles, a small script, and the entries of
//! docs/RULES.md the page cites; it fetches nothing (its
//! Content-Security-Policy forbids every fetch).
//!
//! A page is a [`Page`]: columns of boards shown side by side, each with one
//! [`Frame`] per step, all columns stepping together. Each tile placement of
//! a column is drawn once, not once per step: consecutive frames whose board
//! only grows (a round of a game) share one SVG, the scene, in which every
//! placement, open cell and red border carries the steps it shows at
//! (`data-v="3-9 12-12"`), and the script shows and hides them as the reader
//! steps. Each step's words (what happened, the clause ids, the scores and
//! hands, the board's text alternative) are data the script writes in.

mod board;
mod bonuses;
mod catalogue;
mod compare;
mod events;
mod game;
mod html;
mod impact;
mod puzzle;
mod rules_text;
mod sheet;

use crate::model::{Board, TileId};
use crate::rules::Clause;

pub use bonuses::{BonusClassView, BonusPlacementView, BonusesView, bonuses_page};
pub use catalogue::catalogue_page;
pub use compare::comparison_page;
pub use events::{event_brief, event_lines, is_move};
pub use game::transcript_page;
pub use html::page_html;
pub use impact::{GameLink, games_words, impact_page, winner_chart};
pub use puzzle::{PositionView, PuzzleView, position_page, puzzle_page};
pub use rules_text::{RuleEntry, rule_entry};
pub use sheet::{SheetPuzzle, sheet_page};

use super::Marks;

/// A page of boards to step through.
#[derive(Clone, Debug, Default)]
pub struct Page {
    /// The page's title and heading.
    pub title: String,
    /// Lines under the heading: what the page shows and what was
    /// established about it (replayed, proven, where variants part).
    pub summary: Vec<String>,
    /// Clause ids the summary cites (linked to their entries).
    pub summary_clauses: Vec<Clause>,
    /// Lines that say more than the summary (a scenario's description, each
    /// variant's side of the first difference), folded away under it so
    /// that the boards and their outcomes come first on the screen.
    pub details: Vec<String>,
    /// Buttons under the summary that go to a step, with their words (the
    /// first difference between variants, the first wrong event).
    pub jumps: Vec<(usize, String)>,
    /// Each step's name (`after event 12`, `the position`), shown by the
    /// step counter.
    pub steps: Vec<String>,
    /// One short line per step for the list of every step, a row each, as
    /// a chess viewer's move list: who did what, the points.
    pub log: Vec<String>,
    /// The step shown when the page opens.
    pub start: usize,
    /// The boards side by side, each with one frame per step.
    pub columns: Vec<Column>,
}

/// One board stepped through: a game's table, a scenario under one variant.
#[derive(Clone, Debug, Default)]
pub struct Column {
    /// The column's heading (a variant's label), when there are several.
    pub heading: Option<String>,
    /// The rows of its table of scores and hands (`seat 0`, `the answer`).
    pub rows: Vec<String>,
    /// The heading of the score column of that table (`score`, `total`).
    pub score_heading: String,
    /// One frame per step of the page.
    pub frames: Vec<Frame>,
}

/// A column at one step.
#[derive(Clone, Debug, Default)]
pub struct Frame {
    /// The board.
    pub board: Board,
    /// What is drawn on it: numbered placements, the red border of the
    /// placement the step is about, bonus stars, labels (the title is not
    /// used: the page says it in words).
    pub marks: Marks,
    /// What happened at this step, in words.
    pub lines: Vec<String>,
    /// The clause ids behind it.
    pub clauses: Vec<Clause>,
    /// A mark on the step (the first difference from the baseline, a wrong
    /// event), drawn around the column's words.
    pub note: Option<Note>,
    /// The round in play.
    pub round: Option<u32>,
    /// Each row's score (none where a row has no score).
    pub scores: Vec<Option<i64>>,
    /// Each row's hand (none where a row has no hand).
    pub hands: Vec<Option<Vec<TileId>>>,
    /// The row that acted, shown in bold.
    pub acting: Option<usize>,
    /// The row to move next (a seat whose turn it is), where the step
    /// knows it.
    pub to_move: Option<usize>,
    /// The step's outcome in the fields a comparison compares across its
    /// columns (none on a page of one column).
    pub outcome: Option<Outcome>,
    /// The board in words, its text alternative.
    pub alt: String,
}

/// A step's outcome as a comparison lines it up across its columns: each
/// field is compared with the baseline column's, and marked where it
/// differs. The running totals are the frame's scores.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Outcome {
    /// `accepted`, `refused`, or `the start`.
    pub verdict: String,
    /// The acting seat's points, signed (empty for a refusal and the start).
    pub points: String,
    /// The kinds of event the action caused (`place+bonus, draw`).
    pub events: String,
    /// Where play stands after it (`turn`, `bonus-choice`).
    pub then: String,
}

/// A file's name without its folders, for a page's title: the page may be
/// opened far from where it was written, and a title shows in tabs and
/// bookmarks, where a long path crowds out what the page is.
pub fn file_name(path: &str) -> &str {
    path.rsplit(['/', '\\']).find(|p| !p.is_empty()).unwrap_or(path)
}

/// A mark on a step.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Note {
    /// What kind: styles the mark.
    pub kind: NoteKind,
    /// Its words.
    pub text: String,
}

/// The kinds of mark on a step.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum NoteKind {
    /// Where a variant first parts from the baseline.
    Differs,
    /// The baseline at an action where another variant parts from it.
    Baseline,
    /// An event the rules do not give.
    Wrong,
    /// The answer's end: its total.
    Total,
}

impl NoteKind {
    fn class(self) -> &'static str {
        match self {
            NoteKind::Differs => "differs",
            NoteKind::Baseline => "baseline",
            NoteKind::Wrong => "wrong",
            NoteKind::Total => "total",
        }
    }
}

/// Clause ids as a text, for lines and labels: `E8, R9`.
fn ids(clauses: &[Clause]) -> String {
    clauses.iter().map(|c| c.to_string()).collect::<Vec<_>>().join(", ")
}

#[cfg(test)]
mod tests {
    #[test]
    fn a_title_names_the_file_without_its_folders() {
        assert_eq!(super::file_name("/tmp/pg/long.yaml"), "long.yaml");
        assert_eq!(super::file_name("game.yaml"), "game.yaml");
        assert_eq!(super::file_name("out/"), "out");
        assert_eq!(super::file_name("-"), "-");
    }
}
