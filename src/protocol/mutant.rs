//! Wrong engines made from the reference, each with one plausible bug, for
//! the mutation test of the conformance suite (`quadominos engine --mutant
//! NAME`, a hidden switch): an engine that reads one reading otherwise
//! while it says it plays the variant asked for, one whose tile set keeps
//! 0-2-4-5, one that takes positions it must refuse, one whose perft counts
//! a bonus only on lines that reach the full depth, and so on. The suite is
//! as strong as the mutants it catches; every report must name the clause
//! (or the protocol's word) behind the bug.

use crate::formats::MoveRecord;
use crate::model::{Board, TileId};
use crate::rules::{Clause, READINGS, Variant};

/// What a mutant gets wrong.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Bug {
    /// Plays under another value of this reading than the variant asked
    /// for, while its transcripts record the variant asked for.
    Reading(Clause),
    /// Its full set keeps 0-2-4-5 (126 tiles): positions holding it load.
    Keeps0245,
    /// Its full set leaves out 0-1-4-5 instead of 0-2-4-5.
    MissesAnotherTile,
    /// Its beginner set holds tiles with a 5.
    BeginnerWithFives,
    /// `judge` takes an orientation R1 forbids as if any arrangement were
    /// allowed.
    JudgeAnyOrientation,
    /// `position` takes a board that is not connected through sides.
    AcceptsDisconnected,
    /// `position` takes a tile given twice (on the board, in the hand, or
    /// both).
    AcceptsRepeated,
    /// `position` takes two tiles in one cell.
    AcceptsCellTwice,
    /// `position` takes a board tile in an orientation R1 forbids.
    AcceptsForbiddenOrientation,
    /// Perft's bonus counts count a placement only on lines that reach the
    /// full depth.
    BonusOnFullLinesOnly,
    /// `perft D` and `divide D` count sequences of D - 1 placements.
    PerftOffByOne,
    /// Four matched corners are reported as three.
    MatchedMiscounted,
    /// `judge` scores every legal placement its tile's weight, whatever R9
    /// says.
    JudgeIgnoresR9,
    /// A refused `position` clears the position in force instead of
    /// changing nothing.
    RefusalClears,
    /// After a `variant` whose set lacks tiles of the position in force,
    /// those tiles are dropped instead of the position being refused.
    DropsTilesOutsideTheSet,
}

/// A wrong engine: its name (`--mutant NAME`), the bug in words, and what a
/// report on it must name: the clause behind the bug, or the protocol's word
/// for what it breaks.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Mutant {
    /// The name, e.g. `reading-R4` or `keeps-0-2-4-5`.
    pub name: &'static str,
    /// The bug, in words.
    pub bug: Bug,
    /// What a report on it must name.
    pub names: &'static str,
}

/// Every mutant but those of the readings.
const OTHERS: [Mutant; 14] = [
    Mutant { name: "keeps-0-2-4-5", bug: Bug::Keeps0245, names: "S1" },
    Mutant { name: "misses-0-1-4-5", bug: Bug::MissesAnotherTile, names: "S1" },
    Mutant { name: "beginner-with-fives", bug: Bug::BeginnerWithFives, names: "E19" },
    Mutant { name: "judge-any-orientation", bug: Bug::JudgeAnyOrientation, names: "R1" },
    Mutant { name: "accepts-disconnected", bug: Bug::AcceptsDisconnected, names: "S10" },
    Mutant { name: "accepts-repeated-tiles", bug: Bug::AcceptsRepeated, names: "S1" },
    Mutant { name: "accepts-cell-twice", bug: Bug::AcceptsCellTwice, names: "S10" },
    Mutant { name: "accepts-forbidden-orientation", bug: Bug::AcceptsForbiddenOrientation, names: "R1" },
    Mutant { name: "bonus-on-full-lines-only", bug: Bug::BonusOnFullLinesOnly, names: "R7" },
    Mutant { name: "perft-off-by-one", bug: Bug::PerftOffByOne, names: "perft" },
    Mutant { name: "matched-miscounted", bug: Bug::MatchedMiscounted, names: "matched" },
    Mutant { name: "judge-ignores-R9", bug: Bug::JudgeIgnoresR9, names: "R9" },
    Mutant { name: "refusal-clears", bug: Bug::RefusalClears, names: "changes nothing" },
    Mutant { name: "drops-tiles-outside-the-set", bug: Bug::DropsTilesOutsideTheSet, names: "E19" },
];

/// The names of the reading mutants, `reading-R1` to `reading-R27`.
const READING_NAMES: [&str; 27] = [
    "reading-R1",
    "reading-R2",
    "reading-R3",
    "reading-R4",
    "reading-R5",
    "reading-R6",
    "reading-R7",
    "reading-R8",
    "reading-R9",
    "reading-R10",
    "reading-R11",
    "reading-R12",
    "reading-R13",
    "reading-R14",
    "reading-R15",
    "reading-R16",
    "reading-R17",
    "reading-R18",
    "reading-R19",
    "reading-R20",
    "reading-R21",
    "reading-R22",
    "reading-R23",
    "reading-R24",
    "reading-R25",
    "reading-R26",
    "reading-R27",
];

/// Every mutant: one for each reading, then the others.
pub fn mutants() -> Vec<Mutant> {
    let readings = READINGS.iter().zip(READING_NAMES).map(|(r, name)| Mutant {
        name,
        bug: Bug::Reading(r.id),
        // The reading's id, as the report's clauses or its transcript
        // difference gives it.
        names: name.strip_prefix("reading-").unwrap_or(name),
    });
    readings.chain(OTHERS).collect()
}

/// The mutant called `name`.
pub fn find(name: &str) -> Option<Mutant> {
    mutants().into_iter().find(|m| m.name == name)
}

impl Mutant {
    /// The rules this mutant plays for `asked`: another value of its
    /// reading (the first the reading lists that differs and applies), or
    /// the rules asked for.
    pub fn rules_for(&self, asked: &Variant) -> Variant {
        let Bug::Reading(id) = self.bug else { return asked.clone() };
        let Some(reading) = READINGS.iter().find(|r| r.id == id) else { return asked.clone() };
        let now = asked.rules().get(reading.name);
        reading
            .values
            .iter()
            .filter(|(v, _)| Some(v.to_string()) != now)
            .find_map(|(v, _)| asked.clone().with_rule(reading.name, v).ok())
            .unwrap_or_else(|| asked.clone())
    }

    /// Whether `position` takes a position the rules refuse for these
    /// problems (each message as the rules word it).
    pub fn accepts(&self, problems: &[String]) -> bool {
        let each = |f: &dyn Fn(&str) -> bool| !problems.is_empty() && problems.iter().all(|p| f(p));
        match self.bug {
            Bug::Keeps0245 => each(&|p| p.contains("tile 0-2-4-5 is not in the full")),
            Bug::MissesAnotherTile => each(&|p| p.contains("tile 0-2-4-5 is not in the full")),
            Bug::BeginnerWithFives => each(&|p| p.contains("not in the beginner tile set")),
            Bug::AcceptsDisconnected => each(&|p| p.contains("not connected through tile sides")),
            Bug::AcceptsRepeated => each(&|p| p.contains(" already ") && p.contains("(S1)")),
            Bug::AcceptsCellTwice => each(&|p| p.contains(" already taken by ")),
            Bug::AcceptsForbiddenOrientation => each(&|p| p.contains("is not an orientation of tile")),
            _ => false,
        }
    }

    /// Why `position` refuses a position the rules take, if it does.
    pub fn refuses(&self, board: &Board, hand: &[TileId], variant: &Variant) -> Option<String> {
        let missing: TileId = "0-1-4-5".parse().ok()?;
        let full = variant.tile_set().name() == "full";
        (self.bug == Bug::MissesAnotherTile && full && (hand.contains(&missing) || board.holds_tile(missing)))
            .then(|| "tile 0-1-4-5 is not in the full tile set".to_string())
    }

    /// A move line's facts as this mutant reports them.
    pub fn report(&self, mut m: MoveRecord, judged: bool) -> MoveRecord {
        if self.bug == Bug::MatchedMiscounted {
            m.matched = m.matched.min(3);
        }
        if judged && self.bug == Bug::JudgeIgnoresR9 {
            m.points = m.corners.0.iter().map(|&v| u32::from(v)).sum();
        }
        m
    }
}

/// Perft as [`Bug::BonusOnFullLinesOnly`] counts it: the sequences of
/// `depth` placements, with a bonus placement counted only when a sequence
/// of the full depth goes through it.
pub fn perft_full_lines_only(variant: &Variant, board: &mut Board, hand: &[TileId], depth: usize) -> (u64, Vec<u64>) {
    let mut bonus = vec![0; depth.min(hand.len())];
    let nodes = walk(variant, board, hand, depth, 0, &mut bonus);
    (nodes, bonus)
}

fn walk(variant: &Variant, board: &mut Board, hand: &[TileId], depth: usize, level: usize, bonus: &mut [u64]) -> u64 {
    if depth == 0 {
        return 1;
    }
    let generator = crate::rules::MoveGen::new(variant, board, hand);
    let moves = crate::formats::move_records(&generator, hand).unwrap_or_default();
    let mut nodes = 0;
    for m in moves {
        board.insert(m.at, m.corners);
        let rest: Vec<TileId> = hand.iter().copied().filter(|&t| t != m.tile).collect();
        let below = walk(variant, board, &rest, depth - 1, level + 1, bonus);
        board.remove(m.at);
        if m.bonus
            && below > 0
            && let Some(b) = bonus.get_mut(level)
        {
            *b += 1;
        }
        nodes += below;
    }
    nodes
}
