//! The check of the `placement` fuzz target, shared with
//! `tests/inputs/fuzz_corpora.rs`: a small board (any corner values, possibly no
//! legal position at all), a candidate placement and a rule combination are
//! built from the fuzzer's bytes; the library's judge, quick judge and move
//! generator must agree with the reference of `reference.rs`.
//!
//! The reference is configured from docs/RULES.md's table of the shipped
//! variants' readings (not from the library's specs), and each reading the
//! input overrides is set in both.

#![allow(dead_code)] // Each fuzz target uses its own check.

use std::collections::BTreeMap;
use std::sync::OnceLock;

use arbitrary::Arbitrary;
use quadominos::formats::builtin_variant;
use quadominos::model::{Board, Cell, Corners, TileId, TileSet};
use quadominos::rules::{Arrangement, MoveGen, Placement, RuleSet, Variant, VariantParts, Verdict, judge, quick_judge};

use crate::reference::{self, Rules, Tile};

/// The fuzzer's choices, decoded with `arbitrary` (so the corpus files of
/// the target are this struct's bytes).
#[derive(Arbitrary, Debug, Clone)]
pub struct PlacementInput {
    /// Which base variant: see [`base`].
    pub variant: u8,
    /// Readings to override: (which of [`OVERRIDES`], which value).
    pub overrides: Vec<(u8, u8)>,
    /// Placed tiles: a cell near the origin and corner values (taken mod 6).
    pub board: Vec<([i8; 2], [u8; 4])>,
    /// The candidate's cell.
    pub at: [i8; 2],
    /// The candidate's corners (mod 6).
    pub corners: [u8; 4],
    /// The tile named, when not the corners' own (values mod 6).
    pub tile: Option<[u8; 4]>,
    /// The hand, when one is checked (values mod 6).
    pub hand: Option<Vec<[u8; 4]>>,
}

/// The readings fuzzed, with every value docs/RULES.md lists for each.
pub const OVERRIDES: [(&str, &[&str]); 8] = [
    ("R1", &["ascending-clockwise", "ascending-counter-clockwise", "any-order", "tile-set-file"]),
    ("R2", &["every-value", "at-least-one"]),
    ("R3", &["yes", "no"]),
    ("R4", &["yes", "no"]),
    ("R5", &["yes", "no"]),
    ("R6", &["edge-and-diagonal", "edge-only"]),
    ("R7", &["3", "4"]),
    ("R9", &["weight", "nothing"]),
];

/// The `english` column of docs/RULES.md's readings table (R1–R7, R9).
const ENGLISH: Rules = Rules {
    arrangement: reference::Arrangement::AscendingClockwise,
    every_value: true,
    unmatched_allowed: false,
    diagonals_touch: true,
    equal_weight: false,
    weight_diagonals: true,
    bonus_corners: 3,
    weight_scores: true,
};

/// The `serbian` column.
const SERBIAN: Rules = Rules {
    arrangement: reference::Arrangement::AscendingClockwise,
    every_value: false,
    unmatched_allowed: true,
    diagonals_touch: true,
    equal_weight: true,
    weight_diagonals: true,
    bonus_corners: 3,
    weight_scores: true,
};

/// The full set, the i-th tile printed as the (7 i)-th of its distinct
/// arrangements, under `english` with R1 = tile-set-file.
fn scrambled() -> Variant {
    let english = builtin_variant("english").expect("english ships");
    let full = TileSet::full();
    let printed = full.ids().enumerate().map(|(i, id)| {
        let all = id.permutations();
        all[(7 * i) % all.len()]
    });
    Variant::new(VariantParts {
        name: "scrambled-file".into(),
        description: "the full set printed in scrambled orders".into(),
        text: english.text(),
        tile_set: TileSet::from_printed("scrambled", printed).expect("distinct tiles"),
        tile_set_clauses: vec![],
        target: 800,
        target_clauses: vec![],
        rules: RuleSet { arrangement: Arrangement::TileSetFile, ..*english.rules() },
        citations: vec![],
    })
}

/// The base variants: the four shipped ones and a tile-set-file one, each
/// with the reference's rules and the set as printed.
/// A variant, the reference's rules for it, and its tiles as printed.
type Base = (Variant, Rules, Vec<[u8; 4]>);

fn bases() -> &'static [Base] {
    static BASES: OnceLock<Vec<Base>> = OnceLock::new();
    BASES.get_or_init(|| {
        let shipped = |name: &str| builtin_variant(name).unwrap_or_else(|| panic!("{name} ships"));
        let file = Rules { arrangement: reference::Arrangement::TileSetFile, ..ENGLISH };
        [
            (shipped("english"), ENGLISH),
            (shipped("serbian"), SERBIAN),
            (shipped("english-beginner"), ENGLISH),
            (shipped("serbian-chain"), SERBIAN),
            (scrambled(), file),
        ]
        .into_iter()
        .map(|(v, r)| {
            let set = v.tile_set().tiles().map(|(_, printed)| printed.0).collect();
            (v, r, set)
        })
        .collect()
    })
}

/// Sets reading `id` to `value` in the reference's rules.
fn set_reading(rules: &mut Rules, id: &str, value: &str) {
    use reference::Arrangement as A;
    match id {
        "R1" => {
            rules.arrangement = match value {
                "ascending-clockwise" => A::AscendingClockwise,
                "ascending-counter-clockwise" => A::AscendingCounterClockwise,
                "any-order" => A::AnyOrder,
                _ => A::TileSetFile,
            }
        }
        "R2" => rules.every_value = value == "every-value",
        "R3" => rules.unmatched_allowed = value == "yes",
        "R4" => rules.diagonals_touch = value == "yes",
        "R5" => rules.equal_weight = value == "yes",
        "R6" => rules.weight_diagonals = value == "edge-and-diagonal",
        "R7" => rules.bonus_corners = value.parse().expect("3 or 4"),
        _ => rules.weight_scores = value == "weight",
    }
}

fn values(v: [u8; 4]) -> [u8; 4] {
    v.map(|x| x % 6)
}

/// A small coordinate, -2 to 2 for the board, -3 to 3 for the candidate.
fn coordinate(v: i8, reach: i8) -> i32 {
    i32::from(v.rem_euclid(2 * reach + 1) - reach)
}

/// The most tiles on a fuzzed board.
const MAX_BOARD: usize = 14;
/// The most tiles in a fuzzed hand.
const MAX_HAND: usize = 5;

/// Runs one input: panics where the library and the reference disagree.
pub fn check(input: &PlacementInput) {
    let bases = bases();
    let (base, base_rules, set) = &bases[usize::from(input.variant) % bases.len()];
    let mut variant = base.clone();
    let mut rules = *base_rules;
    for &(which, value) in input.overrides.iter().take(8) {
        let (id, all) = OVERRIDES[usize::from(which) % OVERRIDES.len()];
        let value = all[usize::from(value) % all.len()];
        variant = variant.with_rule(id, value).unwrap_or_else(|e| panic!("{id}={value}: {e}"));
        set_reading(&mut rules, id, value);
    }

    // The board: a later tile on the same cell replaces the earlier one.
    let mut cells: BTreeMap<(i32, i32), [u8; 4]> = BTreeMap::new();
    for &(at, corners) in input.board.iter().take(MAX_BOARD) {
        cells.insert((coordinate(at[0], 2), coordinate(at[1], 2)), values(corners));
    }
    let tiles: Vec<Tile> = cells.iter().map(|(&cell, &corners)| Tile { cell, corners }).collect();
    let board: Board = tiles.iter().map(|t| (Cell::new(t.cell.0, t.cell.1), Corners(t.corners))).collect();

    let at = (coordinate(input.at[0], 3), coordinate(input.at[1], 3));
    let corners = values(input.corners);
    let tile = input.tile.map_or(corners, values);
    let hand: Option<Vec<[u8; 4]>> = input.hand.as_ref().map(|h| h.iter().take(MAX_HAND).map(|&t| values(t)).collect());
    let context = || {
        format!("{input:?}\nvariant {}\nboard {tiles:?}\nat {at:?} corners {corners:?} tile {tile:?}", variant.label())
    };

    // The judge.
    let ids: Option<Vec<TileId>> =
        hand.as_ref().map(|h| h.iter().map(|&t| TileId::new(t).expect("values 0-5")).collect());
    let p = Placement {
        tile: TileId::new(tile).expect("values 0-5"),
        at: Cell::new(at.0, at.1),
        corners: Corners(corners),
    };
    let ours = judge(&board, &variant, p, ids.as_deref());
    let theirs = reference::judge(&tiles, &rules, set, tile, at, corners, hand.as_deref());
    match &ours {
        Verdict::Legal(legal) => {
            assert!(theirs.legal, "the library allows, the reference refuses: {legal:?}\n{theirs:?}\n{}", context());
            let got =
                (legal.points, u32::from(legal.matched), legal.contacts.len() as u32, legal.bonus, legal.by_weight);
            let want = (theirs.points, theirs.matched, theirs.touching, theirs.bonus, theirs.by_weight);
            assert_eq!(got, want, "(points, matched, touching, bonus, by_weight)\n{}", context());
        }
        Verdict::Illegal(reasons) => {
            assert!(!theirs.legal, "the library refuses, the reference allows: {reasons:?}\n{theirs:?}\n{}", context());
            assert!(!reasons.is_empty(), "refused without a reason\n{}", context());
        }
    }

    // The contacts alone (whatever the verdict).
    let contacts = quadominos::rules::contacts(&board, &variant, p.at, p.corners);
    let alone = reference::judge_corners(&tiles, &rules, at, corners);
    let matched = contacts.iter().filter(|c| c.matched).count() as u32;
    assert_eq!((contacts.len() as u32, matched), (alone.touching, alone.matched), "(touching, matched)\n{}", context());

    // The quick judge: rules only, the tile on the cell itself ignored.
    let others: Vec<Tile> = tiles.iter().copied().filter(|t| t.cell != at).collect();
    let printed = set.iter().find(|s| reference::sorted(**s) == reference::sorted(corners));
    let shown = printed.is_some_and(|s| reference::orientation_allowed(rules.arrangement, *s, corners));
    let quick_want = reference::judge_corners(&others, &rules, at, corners);
    let quick_want = (shown && quick_want.legal).then_some(quick_want.bonus);
    assert_eq!(
        quick_judge(&variant, &board, p.at, p.corners),
        quick_want,
        "quick judge (Some(bonus) when legal)\n{}",
        context()
    );

    // The move generator, against judging every placement of every hand
    // tile (in the set, not on the board) on every cell around the board.
    let mut hand_ids: Vec<[u8; 4]> = Vec::new();
    for t in hand.as_deref().unwrap_or(&[[0, 1, 2, 3], [1, 1, 2, 2], [0, 0, 5, 5], [2, 3, 4, 5]]) {
        let id = reference::sorted(*t);
        let in_set = set.iter().any(|s| reference::sorted(*s) == id);
        let on_board = tiles.iter().any(|b| reference::sorted(b.corners) == id);
        if in_set && !on_board && !hand_ids.contains(&id) {
            hand_ids.push(id);
        }
    }
    let hand_tiles: Vec<TileId> = hand_ids.iter().map(|&t| TileId::new(t).expect("values 0-5")).collect();
    let mut generator = MoveGen::new(&variant, &board, &hand_tiles);
    let expected = reference_moves(&tiles, &rules, set, &hand_ids);
    assert_moves(&generator, &variant, &expected, "a fresh generator", &context);

    // After placing the candidate (when the rules allow it) the generator
    // lists what the reference finds on the grown board with the smaller
    // hand, and after taking it back what it listed before.
    let id = reference::sorted(corners);
    if theirs.legal && hand_ids.contains(&id) {
        let mut grown = tiles.clone();
        grown.push(Tile { cell: at, corners });
        let rest: Vec<[u8; 4]> = hand_ids.iter().copied().filter(|t| *t != id).collect();
        generator.place(p.at, p.corners);
        let after = reference_moves(&grown, &rules, set, &rest);
        assert_moves(&generator, &variant, &after, "after placing the candidate", &context);
        generator.unplace(p.at);
        assert_moves(&generator, &variant, &expected, "after taking the candidate back", &context);
    }

    // Perft's last level: the moves with the counts after each, for the
    // first few moves (each is a whole reference move list).
    let mut with_counts = Vec::new();
    generator.moves_with_counts_after(&mut with_counts);
    assert_eq!(with_counts.len(), expected.len(), "moves_with_counts_after lists every move\n{}", context());
    let orientations = variant.orientations();
    for (m, bonus, counts) in with_counts.iter().take(3) {
        let c = orientations.corners(usize::from(m.orientation)).0;
        let key = ((m.at.x, m.at.y), c);
        assert_eq!(expected.get(&key), Some(bonus), "moves_with_counts_after: {m:?}\n{}", context());
        let mut grown = tiles.clone();
        grown.push(Tile { cell: key.0, corners: c });
        let rest: Vec<[u8; 4]> = hand_ids.iter().copied().filter(|t| *t != reference::sorted(c)).collect();
        let after = reference_moves(&grown, &rules, set, &rest);
        let want = (after.len() as u64, after.values().filter(|&&b| b).count() as u64);
        assert_eq!((counts.legal, counts.bonus), want, "counts after {key:?}\n{}", context());
    }
}

/// A list of moves: (cell, corners) and whether it earns the bonus.
type Moves = BTreeMap<((i32, i32), [u8; 4]), bool>;

/// Every legal placement of every hand tile (ids ascending, in the set, not
/// on the board) on every empty cell around the board, by the reference.
fn reference_moves(tiles: &[Tile], rules: &Rules, set: &[[u8; 4]], hand: &[[u8; 4]]) -> Moves {
    let mut expected = Moves::new();
    for y in -4..=4 {
        for x in -4..=4 {
            if tiles.iter().any(|t| t.cell == (x, y)) {
                continue;
            }
            for id in hand {
                let printed = set.iter().find(|s| reference::sorted(**s) == *id).expect("in the set");
                for c in reference::orientations(rules.arrangement, *printed) {
                    let o = reference::judge_corners(tiles, rules, (x, y), c);
                    if o.legal {
                        expected.insert(((x, y), c), o.bonus);
                    }
                }
            }
        }
    }
    expected
}

/// The generator lists exactly `expected`, each move once, with its bonus
/// flag, and counts them so.
fn assert_moves(generator: &MoveGen, variant: &Variant, expected: &Moves, when: &str, context: &dyn Fn() -> String) {
    let mut moves = Vec::new();
    generator.legal_moves(&mut moves);
    let orientations = variant.orientations();
    let mut listed = Moves::new();
    for m in &moves {
        let c = orientations.corners(usize::from(m.orientation));
        let fresh = listed.insert(((m.at.x, m.at.y), c.0), generator.is_bonus(*m)).is_none();
        assert!(fresh, "{when}: {m:?} listed twice\n{}", context());
        assert!(generator.is_legal(*m), "{when}: {m:?} listed but not is_legal\n{}", context());
    }
    if listed != *expected {
        let extra: Vec<_> = listed.iter().filter(|(k, v)| expected.get(k) != Some(v)).collect();
        let missing: Vec<_> = expected.iter().filter(|(k, v)| listed.get(k) != Some(v)).collect();
        panic!(
            "move generator, {when}: listed (or with another bonus) but not by the reference: {extra:?}\nby the reference but not listed (or with another bonus): {missing:?}\n{}",
            context()
        );
    }
    assert_eq!(generator.count_moves(), expected.len(), "{when}: count_moves\n{}", context());
    let bonus = expected.values().filter(|&&b| b).count();
    assert_eq!(generator.count_bonus_moves(), bonus, "{when}: count_bonus_moves\n{}", context());
}
