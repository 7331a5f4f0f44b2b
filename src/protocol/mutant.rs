//! Wrong engines made from the reference, each with one plausible bug, for
//! the mutation test of the conformance suite (`quadominos engine --mutant
//! NAME`, a hidden switch): an engine that plays another value of one
//! reading where the variant asked for has a given value, while it says it
//! plays the variant asked for; one with a rule of the game path knocked
//! out ([`super::knockout`]); one whose tile set keeps 0-2-4-5, one that
//! takes positions it must refuse, one whose perft counts a bonus only on
//! lines that reach the full depth, and so on. The suite is as strong as
//! the mutants it catches; every report must name the clause (or the
//! protocol's word) behind the bug.

use crate::formats::MoveRecord;
use crate::model::{Board, TileId};
use crate::rules::{Clause, READINGS, Reading, Variant};

use super::knockout::Knockout;

/// What a mutant gets wrong.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Bug {
    /// Where the variant asked for gives `reading` the value `from`, plays
    /// `to` instead, while its transcripts record the variant asked for.
    Value {
        /// The reading.
        reading: Clause,
        /// The value it does not play.
        from: &'static str,
        /// The value it plays in its place.
        to: &'static str,
    },
    /// A rule of the game path knocked out.
    Knockout(Knockout),
    /// Its full set keeps 0-2-4-5 (126 tiles): positions holding it load.
    Keeps0245,
    /// Its full set leaves out 0-1-4-5 instead of 0-2-4-5.
    MissesAnotherTile,
    /// Its beginner set holds tiles with a 5.
    BeginnerWithFives,
    /// Its beginner set leaves out the tiles with a 0 (it is built from the
    /// values 1 to 4).
    BeginnerWithoutZeros,
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

/// A wrong engine: its name (`--mutant NAME`), the bug, what it gets wrong
/// in words, and what a report on it must name: the clause behind the bug
/// (any one of those listed, as the variant's text words it), or the
/// protocol's word for what it breaks.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Mutant {
    /// The name, e.g. `R4=yes-as-no` or `keeps-0-2-4-5`.
    pub name: String,
    /// The bug.
    pub bug: Bug,
    /// The bug, in words.
    pub what: String,
    /// What a report on it must name, any one of them.
    pub names: Vec<&'static str>,
}

impl Mutant {
    fn of(name: &str, bug: Bug, what: &str, names: &[&'static str]) -> Mutant {
        Mutant { name: name.to_string(), bug, what: what.to_string(), names: names.to_vec() }
    }
}

/// Every mutant but those of the readings and the game path's rules.
fn others() -> Vec<Mutant> {
    vec![
        Mutant::of("keeps-0-2-4-5", Bug::Keeps0245, "its full set keeps 0-2-4-5", &["S1"]),
        Mutant::of("misses-0-1-4-5", Bug::MissesAnotherTile, "its full set leaves out 0-1-4-5, not 0-2-4-5", &["S1"]),
        Mutant::of("beginner-with-fives", Bug::BeginnerWithFives, "its beginner set holds tiles with a 5", &["E19"]),
        Mutant::of(
            "beginner-without-zeros",
            Bug::BeginnerWithoutZeros,
            "its beginner set leaves out the tiles with a 0",
            &["E19"],
        ),
        Mutant::of("judge-any-orientation", Bug::JudgeAnyOrientation, "`judge` takes orientations R1 forbids", &["R1"]),
        Mutant::of(
            "accepts-disconnected",
            Bug::AcceptsDisconnected,
            "`position` takes a board not connected through sides",
            &["S10"],
        ),
        Mutant::of("accepts-repeated-tiles", Bug::AcceptsRepeated, "`position` takes a tile given twice", &["S1"]),
        Mutant::of("accepts-cell-twice", Bug::AcceptsCellTwice, "`position` takes two tiles in one cell", &["S10"]),
        Mutant::of(
            "accepts-forbidden-orientation",
            Bug::AcceptsForbiddenOrientation,
            "`position` takes a board tile in an orientation R1 forbids",
            &["R1"],
        ),
        Mutant::of(
            "bonus-on-full-lines-only",
            Bug::BonusOnFullLinesOnly,
            "perft counts a bonus placement only on lines that reach the full depth",
            &["R7"],
        ),
        Mutant::of(
            "perft-off-by-one",
            Bug::PerftOffByOne,
            "`perft D` and `divide D` count D - 1 placements",
            &["perft"],
        ),
        Mutant::of(
            "matched-miscounted",
            Bug::MatchedMiscounted,
            "four matched corners are reported as three",
            &["matched"],
        ),
        Mutant::of("judge-ignores-R9", Bug::JudgeIgnoresR9, "`judge` scores every legal placement its weight", &["R9"]),
        Mutant::of(
            "refusal-clears",
            Bug::RefusalClears,
            "a refused `position` clears the position in force",
            &["changes nothing"],
        ),
        Mutant::of(
            "drops-tiles-outside-the-set",
            Bug::DropsTilesOutsideTheSet,
            "tiles outside a new variant's set are dropped, not the position refused",
            &["E19"],
        ),
    ]
}

/// The value mutants: for every reading, each value played as each other
/// value, named `R13=nobody-collects-as-each-loses-own`.
fn values() -> Vec<Mutant> {
    let mut out = Vec::new();
    for reading in READINGS.iter() {
        for (from, _) in reading.values {
            for (to, _) in reading.values.iter().filter(|(to, _)| to != from) {
                out.push(Mutant {
                    name: format!("{}={from}-as-{to}", reading.id),
                    bug: Bug::Value { reading: reading.id, from, to },
                    what: format!("{} ({}) = {from} played as {to}", reading.id, reading.name),
                    names: vec![id_name(reading)],
                });
            }
        }
    }
    out
}

/// The readings' ids as words, R1 to R27.
// Sized by the count of readings, so that a new reading does not build
// until it has its word here.
const READING_NAMES: [&str; crate::rules::LAST_READING as usize] = [
    "R1", "R2", "R3", "R4", "R5", "R6", "R7", "R8", "R9", "R10", "R11", "R12", "R13", "R14", "R15", "R16", "R17",
    "R18", "R19", "R20", "R21", "R22", "R23", "R24", "R25", "R26", "R27", "R28", "R29", "R30", "R31", "R32",
];

/// A reading's id as a static word, for what a report must name.
fn id_name(reading: &Reading) -> &'static str {
    READING_NAMES.get(usize::from(reading.id.number()).saturating_sub(1)).copied().unwrap_or("R")
}

/// Every mutant: each value of each reading played as each other value,
/// each rule of the game path knocked out, then the others.
pub fn mutants() -> Vec<Mutant> {
    let knockouts = Knockout::every().into_iter().map(|k| Mutant {
        name: k.name.to_string(),
        bug: Bug::Knockout(k.knockout),
        what: k.what.to_string(),
        names: k.names.to_vec(),
    });
    values().into_iter().chain(knockouts).chain(others()).collect()
}

/// The mutant called `name`.
pub fn find(name: &str) -> Option<Mutant> {
    mutants().into_iter().find(|m| m.name == name)
}

impl Mutant {
    /// The rules this mutant plays for `asked`: its value in place of the
    /// one it does not play, or the rules asked for.
    pub fn rules_for(&self, asked: &Variant) -> Variant {
        let Bug::Value { reading, from, to } = self.bug else { return asked.clone() };
        let Some(reading) = READINGS.iter().find(|r| r.id == reading) else { return asked.clone() };
        if asked.rules().get(reading.name).as_deref() != Some(from) {
            return asked.clone();
        }
        asked.clone().with_rule(reading.name, to).unwrap_or_else(|_| asked.clone())
    }

    /// The rule of the game path it knocks out, if it is such a mutant.
    pub fn knockout(&self) -> Option<Knockout> {
        match self.bug {
            Bug::Knockout(k) => Some(k),
            _ => None,
        }
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
        let held: Vec<TileId> = hand.iter().copied().chain(board.tiles().iter().map(|(_, c)| c.id())).collect();
        self.lacks(&held, variant).map(|t| format!("tile {t} is not in the {} tile set", variant.tile_set().name()))
    }

    /// The first of `tiles` this mutant's tile set for `variant` lacks
    /// though the rules' holds it.
    pub fn lacks(&self, tiles: &[TileId], variant: &Variant) -> Option<TileId> {
        match (self.bug, variant.tile_set().name()) {
            (Bug::MissesAnotherTile, "full") => {
                let missing: TileId = "0-1-4-5".parse().ok()?;
                tiles.contains(&missing).then_some(missing)
            }
            (Bug::BeginnerWithoutZeros, "beginner") => tiles.iter().copied().find(|t| t.values().contains(&0)),
            _ => None,
        }
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
