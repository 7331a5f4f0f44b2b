//! The placement readings R1–R7 and R9, each on a tiny hand-made board where
//! two values of the reading give different verdicts, and the judge's reasons
//! for refusing a placement.
//!
//! Every expected answer is worked out by hand from docs/RULES.md ("Geometry and
//! notation" and "A placement, precisely"); the comment above each test names
//! the lattice points and the values found there. Reminders: cell `[x, y]` has
//! the corners nw `(x, y)`, ne `(x+1, y)`, se `(x+1, y+1)`, sw `(x, y+1)`; a
//! tile is written `[nw, ne, se, sw]`; under R1 = ascending-clockwise the tile
//! a-b-c-d may show `[a, b, c, d]` and its three quarter turns.

use quadominos::formats::builtin_variant;
use quadominos::model::{Board, Cell, Corner, Corners, Direction, Point, TileId, TileSet};
use quadominos::rules::ids::r;
use quadominos::rules::{
    Arrangement, Contact, Legal, Move, MoveGen, Orientations, Placement, Reason, Variant, VariantParts, Verdict, judge,
};

/// A shipped variant with some readings switched.
fn variant(name: &str, rules: &[(&str, &str)]) -> Variant {
    let mut v = builtin_variant(name).unwrap_or_else(|| panic!("{name} ships"));
    for (option, value) in rules {
        v = v.with_rule(option, value).unwrap_or_else(|e| panic!("{option}={value}: {e}"));
    }
    v
}

fn tile(text: &str) -> TileId {
    text.parse().unwrap_or_else(|e| panic!("{text}: {e}"))
}

/// A board of tiles given as `([x, y], [nw, ne, se, sw])`. Each tile is
/// checked to be a distinct tile shown in an orientation R1 = ascending-
/// clockwise allows, so that the boards are ones the shipped variants could
/// hold (the judge only looks at the candidate's eight neighbours, so the
/// tiny boards need not be side-connected).
fn board(tiles: &[([i32; 2], [u8; 4])]) -> Board {
    let full = TileSet::full();
    let cw = Orientations::new(&full, Arrangement::AscendingClockwise);
    let mut seen: Vec<TileId> = Vec::new();
    for &(_, corners) in tiles {
        let c = Corners(corners);
        assert!(cw.index(c).is_some(), "{c} is not an ascending-clockwise orientation");
        assert!(!seen.contains(&c.id()), "{} twice", c.id());
        seen.push(c.id());
    }
    tiles.iter().map(|&([x, y], c)| (Cell::new(x, y), Corners(c))).collect()
}

fn place(x: i32, y: i32, corners: [u8; 4]) -> Placement {
    let corners = Corners(corners);
    Placement { tile: corners.id(), at: Cell::new(x, y), corners }
}

/// Judges `p` and checks that the move generator agrees: whenever the
/// placement shows an allowed orientation of the tile it names, and that tile
/// is not on the board yet, `MoveGen` calls it legal (and a bonus) exactly
/// when the judge (without the hand) does.
fn judged(board: &Board, variant: &Variant, p: Placement, hand: Option<&[TileId]>) -> Verdict {
    let verdict = judge(board, variant, p, hand);
    let orientation = variant.orientations().index(p.corners);
    if let Some(k) = orientation.filter(|_| p.corners.id() == p.tile && !board.holds_tile(p.tile)) {
        let generator = MoveGen::new(variant, board, &[p.tile]);
        let m = Move { at: p.at, orientation: k as u16 };
        let unchecked_hand = judge(board, variant, p, None);
        let bonus = matches!(&unchecked_hand, Verdict::Legal(l) if l.bonus);
        assert_eq!(generator.is_legal(m), unchecked_hand.is_legal(), "MoveGen and judge disagree on {p:?}");
        assert_eq!(generator.is_bonus(m), bonus, "MoveGen and judge disagree on the bonus of {p:?}");
    }
    verdict
}

fn legal(verdict: Verdict) -> Legal {
    match verdict {
        Verdict::Legal(l) => l,
        Verdict::Illegal(reasons) => panic!("expected legal, got {reasons:?}"),
    }
}

fn illegal(verdict: Verdict) -> Vec<Reason> {
    match verdict {
        Verdict::Illegal(refused) => refused.reasons,
        Verdict::Legal(l) => panic!("expected illegal, got {l:?}"),
    }
}

fn point(x: i32, y: i32) -> Point {
    Point { x, y }
}

fn mismatch(corner: Corner, at: Point, value: u8, found: &[(Direction, u8)]) -> Reason {
    Reason::CornerMismatch(Contact { corner, point: at, value, found: found.to_vec(), matched: false })
}

fn corners(list: &[[u8; 4]]) -> Vec<Corners> {
    list.iter().map(|&c| Corners(c)).collect()
}

// ---------------------------------------------------------------- R1

// A = 0-2-2-3 as [2, 2, 3, 0] on [0, 0]; the candidate 0-1-2-3 goes on
// [0, 1], under A. Its nw (0, 1) meets A's sw 0 and its ne (1, 1) meets A's
// se 3; nothing else touches. [0, 3, 2, 1] (0 then 3 clockwise) matches both,
// but is ascending counter-clockwise: ascending clockwise, 0 is always
// followed by 1. The four clockwise orientations, sorted, are [0,1,2,3],
// [1,2,3,0], [2,3,0,1], [3,0,1,2].
#[test]
fn r1_0_3_2_1_is_refused_clockwise_and_played_counter_clockwise_or_in_any_order() {
    let b = board(&[([0, 0], [2, 2, 3, 0])]);
    let p = place(0, 1, [0, 3, 2, 1]);
    let reasons = illegal(judged(&b, &variant("english", &[]), p, None));
    assert_eq!(
        reasons,
        vec![Reason::OrientationNotAllowed {
            tile: tile("0-1-2-3"),
            corners: Corners([0, 3, 2, 1]),
            allowed: corners(&[[0, 1, 2, 3], [1, 2, 3, 0], [2, 3, 0, 1], [3, 0, 1, 2]]),
            arrangement: "ascending-clockwise",
        }]
    );
    for arrangement in ["ascending-counter-clockwise", "any-order"] {
        let l = legal(judged(&b, &variant("english", &[("R1", arrangement)]), p, None));
        assert_eq!((l.matched, l.bonus, l.by_weight, l.points), (2, false, false, 6), "{arrangement}");
        assert_eq!(l.matched_corners(), vec![Corner::Nw, Corner::Ne], "{arrangement}");
    }
}

// A = 0-0-1-1 as [0, 1, 1, 0] on [0, 0]: the candidate's nw (0, 1) meets A's
// sw 0, its ne (1, 1) meets A's se 1. [0, 1, 2, 3] matches both and is the
// printed (clockwise) arrangement; counter-clockwise the tile reads 0, 3, 2, 1
// clockwise, so 0 is always followed by 3: allowed [0,3,2,1], [1,0,3,2],
// [2,1,0,3], [3,2,1,0].
#[test]
fn r1_0_1_2_3_is_played_clockwise_and_refused_counter_clockwise() {
    let b = board(&[([0, 0], [0, 1, 1, 0])]);
    let p = place(0, 1, [0, 1, 2, 3]);
    let l = legal(judged(&b, &variant("english", &[]), p, None));
    assert_eq!((l.matched, l.points), (2, 6));
    let ccw = variant("english", &[("R1", "ascending-counter-clockwise")]);
    assert_eq!(
        illegal(judged(&b, &ccw, p, None)),
        vec![Reason::OrientationNotAllowed {
            tile: tile("0-1-2-3"),
            corners: Corners([0, 1, 2, 3]),
            allowed: corners(&[[0, 3, 2, 1], [1, 0, 3, 2], [2, 1, 0, 3], [3, 2, 1, 0]]),
            arrangement: "ascending-counter-clockwise",
        }]
    );
}

// A = 0-2-2-2 as [2, 2, 2, 0] on [0, 0]: nw (0, 1) finds 0, ne (1, 1) finds 2.
// [0, 2, 1, 3] matches both, but 0 is followed by 2: neither ascending
// clockwise (0 → 1) nor counter-clockwise (0 → 3). Only any-order plays it.
#[test]
fn r1_0_2_1_3_is_played_only_in_any_order() {
    let b = board(&[([0, 0], [2, 2, 2, 0])]);
    let p = place(0, 1, [0, 2, 1, 3]);
    for arrangement in ["ascending-clockwise", "ascending-counter-clockwise"] {
        let reasons = illegal(judged(&b, &variant("english", &[("R1", arrangement)]), p, None));
        assert_eq!(reasons.len(), 1, "{arrangement}");
        assert!(
            matches!(&reasons[0], Reason::OrientationNotAllowed { arrangement: a, allowed, .. }
                if *a == arrangement && allowed.len() == 4),
            "{arrangement}: {reasons:?}"
        );
    }
    let l = legal(judged(&b, &variant("english", &[("R1", "any-order")]), p, None));
    assert_eq!((l.matched, l.bonus, l.points), (2, false, 6));
}

// R1 = tile-set-file: the orientations are the quarter turns of what the set
// prints. A full set that prints 0-1-2-3 as [0, 2, 1, 3] (every other tile
// ascending clockwise) allows [0,2,1,3], [3,0,2,1], [1,3,0,2], [2,1,3,0]: so
// [0, 2, 1, 3] is legal on the 0-2-2-2 board above and [0, 1, 2, 3] is refused
// on the 0-0-1-1 board. Switching the same variant to ascending-clockwise
// swaps the two verdicts; and the shipped full set (printed ascending
// clockwise) under tile-set-file allows exactly the clockwise turns.
#[test]
fn r1_tile_set_file_plays_the_printed_order_and_its_turns() {
    let odd = tile("0-1-2-3");
    let full = TileSet::full();
    let printed = full.tiles().map(|(id, c)| if id == odd { Corners([0, 2, 1, 3]) } else { c });
    let set = TileSet::from_printed("odd-0123", printed).unwrap();
    let english = variant("english", &[]);
    let from_file = Variant::new(VariantParts {
        name: "odd".into(),
        description: "0-1-2-3 printed as [0, 2, 1, 3]".into(),
        text: english.text(),
        tile_set: set.clone(),
        tile_set_clauses: vec![],
        target: 800,
        target_clauses: vec![],
        rules: quadominos::rules::RuleSet { arrangement: Arrangement::TileSetFile, ..*english.rules() },
        citations: vec![],
    });
    let turns = corners(&[[0, 2, 1, 3], [1, 3, 0, 2], [2, 1, 3, 0], [3, 0, 2, 1]]);
    assert_eq!(from_file.orientations().of(&set, odd), turns.as_slice());
    assert_eq!(Orientations::new(&set, Arrangement::TileSetFile).of(&set, odd), turns.as_slice());

    let b022 = board(&[([0, 0], [2, 2, 2, 0])]);
    let b011 = board(&[([0, 0], [0, 1, 1, 0])]);
    let odd_play = place(0, 1, [0, 2, 1, 3]);
    let cw_play = place(0, 1, [0, 1, 2, 3]);
    assert_eq!(legal(judged(&b022, &from_file, odd_play, None)).matched, 2);
    assert_eq!(
        illegal(judged(&b011, &from_file, cw_play, None)),
        vec![Reason::OrientationNotAllowed {
            tile: odd,
            corners: Corners([0, 1, 2, 3]),
            allowed: turns.clone(),
            arrangement: "tile-set-file",
        }]
    );

    let clockwise = from_file.clone().with_rule("R1", "ascending-clockwise").unwrap();
    assert!(!judged(&b022, &clockwise, odd_play, None).is_legal());
    assert!(judged(&b011, &clockwise, cw_play, None).is_legal());

    let shipped_file = variant("english", &[("R1", "tile-set-file")]);
    assert!(judged(&b011, &shipped_file, cw_play, None).is_legal());
    assert!(!judged(&b022, &shipped_file, odd_play, None).is_legal());
}

// ---------------------------------------------------------------- R2

// A = 4-4-5-5 as [4, 5, 5, 4] on [0, 0], B = 1-2-3-4 as [4, 1, 2, 3] on
// [1, 0]. The candidate 2-3-4-5 as [4, 5, 2, 3] goes on [0, 1]. Its nw (0, 1)
// finds A's sw 4 (matches 4); its ne (1, 1) finds A's se 5 (from N) and B's sw
// 3 (from NE, diagonal); se and sw touch nothing. Every value: 5 ≠ 3 so the ne
// corner cannot match, one match, illegal. At least one: 5 is there, two of
// two touching corners match, legal, scoring 2+3+4+5 = 14. R2 decided, and is
// cited; R4 did not (without B's diagonal 3 the ne corner still matches A's
// 5, the same two corners), and is not.
#[test]
fn r2_a_corner_between_a_5_and_a_3_matches_only_under_at_least_one() {
    let b = board(&[([0, 0], [4, 5, 5, 4]), ([1, 0], [4, 1, 2, 3])]);
    let p = place(0, 1, [4, 5, 2, 3]);
    assert_eq!(
        illegal(judged(&b, &variant("english", &[]), p, None)),
        vec![
            mismatch(Corner::Ne, point(1, 1), 5, &[(Direction::N, 5), (Direction::NE, 3)]),
            Reason::TooFewMatched { matched: 1 },
        ]
    );
    let l = legal(judged(&b, &variant("english", &[("R2", "at-least-one")]), p, None));
    assert_eq!((l.matched, l.bonus, l.by_weight, l.points), (2, false, false, 14));
    assert_eq!(l.touching(), vec![Corner::Nw, Corner::Ne]);
    assert!(l.clauses.contains(&r(2)) && !l.clauses.contains(&r(4)), "{:?}", l.clauses);
}

// The same board with the values agreeing: B = 0-1-5-5 as [5, 0, 1, 5] on
// [1, 0] puts 5 on (1, 1), like A's se. The ne corner (5) now equals every
// value there, so both readings match it: legal with two matches either way.
#[test]
fn r2_a_corner_where_both_tiles_show_its_value_matches_under_both_readings() {
    let b = board(&[([0, 0], [4, 5, 5, 4]), ([1, 0], [5, 0, 1, 5])]);
    let p = place(0, 1, [4, 5, 2, 3]);
    for value in ["every-value", "at-least-one"] {
        let l = legal(judged(&b, &variant("english", &[("R2", value)]), p, None));
        assert_eq!((l.matched, l.points), (2, 14), "{value}");
    }
}

// ---------------------------------------------------------------- R3

// A = 1-1-2-2 as [1, 2, 2, 1] on [1, 0] (north of the candidate), B = 0-0-1-1
// as [0, 1, 1, 0] on [0, 1] (west). The candidate 1-2-3-4 as [1, 2, 3, 4] on
// [1, 1]: nw (1, 1) finds A's sw 1 and B's ne 1 (matches 1); ne (2, 1) finds
// A's se 2 (matches 2); sw (1, 2) finds B's se 1 (does not match 4); se (2, 2)
// touches nothing. Two of three touching corners match: R3 = no refuses the
// unmatched sw corner, R3 = yes allows it (no bonus: 2 < 3).
#[test]
fn r3_two_matched_corners_and_one_unmatched_are_legal_only_when_unmatched_corners_are_allowed() {
    let b = board(&[([1, 0], [1, 2, 2, 1]), ([0, 1], [0, 1, 1, 0])]);
    let p = place(1, 1, [1, 2, 3, 4]);
    assert_eq!(
        illegal(judged(&b, &variant("english", &[]), p, None)),
        vec![mismatch(Corner::Sw, point(1, 2), 4, &[(Direction::W, 1)])]
    );
    let l = legal(judged(&b, &variant("english", &[("R3", "yes")]), p, None));
    assert_eq!((l.matched, l.bonus, l.by_weight, l.points), (2, false, false, 10));
    assert_eq!(l.touching(), vec![Corner::Nw, Corner::Ne, Corner::Sw]);
    assert_eq!(l.matched_corners(), vec![Corner::Nw, Corner::Ne]);
    assert!(l.clauses.contains(&r(3)), "{:?}", l.clauses);
}

// Under R3 = yes a single matched corner is still too few. A = 1-2-3-4 on
// [0, 0]; the candidate 0-1-4-5 as [4, 5, 0, 1] on [0, 1]: nw (0, 1) finds A's
// sw 4 (matches), ne (1, 1) finds A's se 3 (5 ≠ 3). One match: illegal under
// both values of R3, and under R3 = yes the unmatched corner is listed too
// because fewer than two match.
#[test]
fn r3_one_matched_corner_is_too_few_under_both_readings() {
    let b = board(&[([0, 0], [1, 2, 3, 4])]);
    let p = place(0, 1, [4, 5, 0, 1]);
    let expected =
        vec![mismatch(Corner::Ne, point(1, 1), 5, &[(Direction::N, 3)]), Reason::TooFewMatched { matched: 1 }];
    for value in ["no", "yes"] {
        assert_eq!(illegal(judged(&b, &variant("english", &[("R3", value)]), p, None)), expected, "R3={value}");
    }
}

// ---------------------------------------------------------------- R4

// A = 0-1-4-5 as [0, 1, 4, 5] on [-1, 0] (west of the candidate), D = 5-5-5-5
// on [1, 1] (the candidate's SE diagonal). The candidate 1-2-3-4 as
// [1, 2, 3, 4] on [0, 0]: nw (0, 0) finds A's ne 1 (matches); sw (0, 1) finds
// A's se 4 (matches); se (1, 1) finds only D's nw 5 (3 ≠ 5); ne (1, 0) touches
// nothing. With diagonal neighbours the se corner touches and fails (R3 = no);
// without them only nw and sw touch, both matched. The legal verdict under
// R4 = no rests on that value, so it cites R4.
#[test]
fn r4_an_unmatched_diagonal_only_corner_refuses_the_play_only_when_diagonals_count() {
    let b = board(&[([-1, 0], [0, 1, 4, 5]), ([1, 1], [5, 5, 5, 5])]);
    let p = place(0, 0, [1, 2, 3, 4]);
    assert_eq!(
        illegal(judged(&b, &variant("english", &[]), p, None)),
        vec![mismatch(Corner::Se, point(1, 1), 3, &[(Direction::SE, 5)])]
    );
    let l = legal(judged(&b, &variant("english", &[("R4", "no")]), p, None));
    assert_eq!((l.matched, l.bonus, l.points), (2, false, 10));
    assert_eq!(l.touching(), vec![Corner::Nw, Corner::Sw]);
    assert!(l.clauses.contains(&r(4)), "with diagonals the play is refused, R4 cited: {:?}", l.clauses);
}

// The same board with D = 3-3-3-3: the diagonal-only se corner (1, 1) now finds
// 3 and matches, so with diagonals the candidate matches three corners (nw,
// se, sw), a bonus under R7 = 3 (E12's "corner of the opposite side"); without
// diagonals it matches two and earns no bonus.
#[test]
fn r4_a_matched_diagonal_only_corner_earns_the_bonus_only_when_diagonals_count() {
    let b = board(&[([-1, 0], [0, 1, 4, 5]), ([1, 1], [3, 3, 3, 3])]);
    let p = place(0, 0, [1, 2, 3, 4]);
    let with = legal(judged(&b, &variant("english", &[]), p, None));
    assert_eq!((with.matched, with.bonus, with.points), (3, true, 10));
    assert_eq!(with.touching(), vec![Corner::Nw, Corner::Se, Corner::Sw]);
    assert!(with.clauses.contains(&r(4)) && with.clauses.contains(&r(7)), "{:?}", with.clauses);
    let without = legal(judged(&b, &variant("english", &[("R4", "no")]), p, None));
    assert_eq!((without.matched, without.bonus, without.points), (2, false, 10));
    assert_eq!(without.touching(), vec![Corner::Nw, Corner::Sw]);
}

// ---------------------------------------------------------------- R5

// A = 1-2-3-4 as [1, 2, 3, 4] on [0, 0] (weight 10). The candidate 0-2-3-5 as
// [0, 2, 3, 5] (weight 10) on [0, 1]: nw (0, 1) finds A's sw 4 (0 ≠ 4), ne
// (1, 1) finds A's se 3 (2 ≠ 3): no corner matches. Without R5 that is
// refused; with R5 the equal weight of the N neighbour makes it legal, by
// weight, with no matched corner and no bonus, still scoring its weight.
#[test]
fn r5_a_tile_matching_no_corner_but_the_weight_of_its_neighbour_is_legal_only_with_equal_weight() {
    let b = board(&[([0, 0], [1, 2, 3, 4])]);
    let p = place(0, 1, [0, 2, 3, 5]);
    assert_eq!(
        illegal(judged(&b, &variant("english", &[]), p, None)),
        vec![
            mismatch(Corner::Nw, point(0, 1), 0, &[(Direction::N, 4)]),
            mismatch(Corner::Ne, point(1, 1), 2, &[(Direction::N, 3)]),
            Reason::TooFewMatched { matched: 0 },
        ]
    );
    let l = legal(judged(&b, &variant("english", &[("R5", "yes")]), p, None));
    assert_eq!((l.matched, l.bonus, l.by_weight, l.points), (0, false, true, 10));
    assert!(l.clauses.contains(&r(5)), "{:?}", l.clauses);
}

// Same board, candidate 0-1-2-3 as [0, 1, 2, 3] (weight 6): nw 0 ≠ 4, ne
// 1 ≠ 3, and 6 ≠ 10. Under R5 = yes the refusal also says no neighbour has
// weight 6, listing the one that counts (N, 10).
#[test]
fn r5_a_tile_of_another_weight_is_refused_with_the_neighbour_weights() {
    let b = board(&[([0, 0], [1, 2, 3, 4])]);
    let p = place(0, 1, [0, 1, 2, 3]);
    let mismatches = vec![
        mismatch(Corner::Nw, point(0, 1), 0, &[(Direction::N, 4)]),
        mismatch(Corner::Ne, point(1, 1), 1, &[(Direction::N, 3)]),
        Reason::TooFewMatched { matched: 0 },
    ];
    assert_eq!(illegal(judged(&b, &variant("english", &[]), p, None)), mismatches);
    let mut with_weight = mismatches;
    with_weight.push(Reason::NoEqualWeight { weight: 6, neighbours: vec![(Direction::N, 10)] });
    assert_eq!(illegal(judged(&b, &variant("english", &[("R5", "yes")]), p, None)), with_weight);
}

// ---------------------------------------------------------------- R6

// Serbian rules (R5 = yes). A = 1-2-3-4 on [0, 0] (weight 10, north of the
// candidate), D = 0-0-0-3 as [0, 0, 0, 3] on [1, 2] (weight 3, the candidate's
// SE diagonal). The candidate 0-0-1-2 as [0, 0, 1, 2] (weight 3) on [0, 1]:
// nw (0, 1) finds 4, ne (1, 1) finds 3, se (1, 2) finds D's nw 0 (1 ≠ 0): no
// corner matches even at least one value. Its weight equals D's, a diagonal
// neighbour: legal under edge-and-diagonal, refused under edge-only, where
// only N (10) counts. R6 leaves corner contact alone: se still touches D.
#[test]
fn r6_equal_weight_with_a_diagonal_neighbour_counts_only_under_edge_and_diagonal() {
    let b = board(&[([0, 0], [1, 2, 3, 4]), ([1, 2], [0, 0, 0, 3])]);
    let p = place(0, 1, [0, 0, 1, 2]);
    let l = legal(judged(&b, &variant("serbian", &[]), p, None));
    assert_eq!((l.matched, l.bonus, l.by_weight, l.points), (0, false, true, 3));
    assert!(l.clauses.contains(&r(6)), "{:?}", l.clauses);
    assert_eq!(
        illegal(judged(&b, &variant("serbian", &[("R6", "edge-only")]), p, None)),
        vec![
            mismatch(Corner::Nw, point(0, 1), 0, &[(Direction::N, 4)]),
            mismatch(Corner::Ne, point(1, 1), 0, &[(Direction::N, 3)]),
            mismatch(Corner::Se, point(1, 2), 1, &[(Direction::SE, 0)]),
            Reason::TooFewMatched { matched: 0 },
            Reason::NoEqualWeight { weight: 3, neighbours: vec![(Direction::N, 10)] },
        ]
    );
}

// ---------------------------------------------------------------- R7

// A = 1-1-2-2 as [1, 2, 2, 1] on [1, 0], B = 0-1-4-5 as [0, 1, 4, 5] on
// [0, 1]. The candidate 1-2-3-4 as [1, 2, 3, 4] on [1, 1]: nw (1, 1) finds A's
// sw 1 and B's ne 1, ne (2, 1) finds A's se 2, sw (1, 2) finds B's se 4: three
// of three match, se touches nothing. A bonus under "3", none under "4"
// (legal either way): R7 decides, and both verdicts cite it. Adding C =
// 3-3-3-3 on [2, 2] (SE diagonal) puts 3 on the se point (2, 2): four
// matches, a bonus under both, which R7 did not decide.
#[test]
fn r7_three_matched_corners_earn_the_bonus_only_under_threshold_3() {
    let mut b = board(&[([1, 0], [1, 2, 2, 1]), ([0, 1], [0, 1, 4, 5])]);
    let p = place(1, 1, [1, 2, 3, 4]);
    let three = legal(judged(&b, &variant("english", &[]), p, None));
    assert_eq!((three.matched, three.bonus, three.points), (3, true, 10));
    assert!(three.clauses.contains(&r(7)), "{:?}", three.clauses);
    let four = legal(judged(&b, &variant("english", &[("R7", "4")]), p, None));
    assert_eq!((four.matched, four.bonus, four.points), (3, false, 10));
    assert!(four.clauses.contains(&r(7)), "{:?}", four.clauses);

    b.insert(Cell::new(2, 2), Corners([3, 3, 3, 3]));
    for threshold in ["3", "4"] {
        let l = legal(judged(&b, &variant("english", &[("R7", threshold)]), p, None));
        assert_eq!((l.matched, l.bonus), (4, true), "R7={threshold}");
        assert!(!l.clauses.contains(&r(7)), "R7={threshold}: {:?}", l.clauses);
    }
}

// ---------------------------------------------------------------- R9

// The three-match placement of the R7 test: it scores its weight 1+2+3+4 = 10
// under "weight" and 0 under "nothing"; the bonus it earns is the same either
// way (the bonus choice is never folded into `points`).
#[test]
fn r9_an_ordinary_play_scores_its_weight_or_nothing() {
    let b = board(&[([1, 0], [1, 2, 2, 1]), ([0, 1], [0, 1, 4, 5])]);
    let p = place(1, 1, [1, 2, 3, 4]);
    let weight = legal(judged(&b, &variant("english", &[]), p, None));
    let nothing = legal(judged(&b, &variant("english", &[("R9", "nothing")]), p, None));
    assert_eq!((weight.points, weight.bonus, weight.matched), (10, true, 3));
    assert_eq!((nothing.points, nothing.bonus, nothing.matched), (0, true, 3));
    assert!(weight.clauses.contains(&r(9)) && nothing.clauses.contains(&r(9)));
}

// ---------------------------------------------------------------- reasons

// A = 1-2-3-4 on [0, 0]; 0-0-0-0 on [0, 0] itself: the cell is taken, and the
// judge says only that (the tile is in hand and unused).
#[test]
fn a_tile_on_an_occupied_cell_is_refused_for_the_cell_alone() {
    let b = board(&[([0, 0], [1, 2, 3, 4])]);
    let p = place(0, 0, [0, 0, 0, 0]);
    let hand = [tile("0-0-0-0")];
    assert_eq!(
        illegal(judged(&b, &variant("english", &[]), p, Some(&hand))),
        vec![Reason::CellOccupied { cell: Cell::new(0, 0) }]
    );
}

// A = 1-2-3-4 on [0, 0]; [1, 1] is its SE diagonal, sharing only the point
// (1, 1) where A shows se 3. 3-3-3-3 there matches that one corner: no side
// contact (S10) and only one match.
#[test]
fn a_diagonal_only_cell_has_no_side_contact() {
    let b = board(&[([0, 0], [1, 2, 3, 4])]);
    let p = place(1, 1, [3, 3, 3, 3]);
    assert_eq!(
        illegal(judged(&b, &variant("english", &[]), p, None)),
        vec![Reason::NoSideContact { cell: Cell::new(1, 1) }, Reason::TooFewMatched { matched: 1 }]
    );
}

// Serbian: the same diagonal cell with 0-3-3-4 as [3, 4, 0, 3] (weight 10, like
// A). Equal weight with the diagonal neighbour would make it legal (R5, R6 =
// edge-and-diagonal), but step 1 still wants a shared side: refused for that
// alone.
#[test]
fn equal_weight_does_not_excuse_a_missing_side_contact() {
    let b = board(&[([0, 0], [1, 2, 3, 4])]);
    let p = place(1, 1, [3, 4, 0, 3]);
    assert_eq!(
        illegal(judged(&b, &variant("serbian", &[]), p, None)),
        vec![Reason::NoSideContact { cell: Cell::new(1, 1) }]
    );
}

// A = 1-2-3-4 on [0, 0]; 3-3-4-4 as [4, 3, 3, 4] on [0, 1] matches A's sw 4
// and se 3. Legal with no hand given or with a hand holding it; refused for
// that reason alone when the hand holds only 0-0-0-0.
#[test]
fn a_tile_not_in_the_hand_is_refused() {
    let b = board(&[([0, 0], [1, 2, 3, 4])]);
    let p = place(0, 1, [4, 3, 3, 4]);
    let english = variant("english", &[]);
    assert_eq!(legal(judged(&b, &english, p, None)).matched, 2);
    assert_eq!(legal(judged(&b, &english, p, Some(&[tile("0-0-0-0"), tile("3-3-4-4")]))).matched, 2);
    assert_eq!(
        illegal(judged(&b, &english, p, Some(&[tile("0-0-0-0")]))),
        vec![Reason::NotInHand { tile: tile("3-3-4-4") }]
    );
}

// The same placement with 3-3-4-4 already on the board (as [3, 4, 4, 3] on
// [0, -1], not touching the candidate's cell): each tile exists once (S1).
#[test]
fn a_tile_already_on_the_board_is_refused() {
    let b = board(&[([0, 0], [1, 2, 3, 4]), ([0, -1], [3, 4, 4, 3])]);
    let p = place(0, 1, [4, 3, 3, 4]);
    assert_eq!(
        illegal(judged(&b, &variant("english", &[]), p, None)),
        vec![Reason::AlreadyOnBoard { tile: tile("3-3-4-4") }]
    );
}

// A = 1-2-3-4 on [0, 0]; 1-4-4-5 as [5, 1, 4, 4] on [-1, 0] (west of A): its
// ne (0, 0) finds A's nw 1, its se (0, 1) finds A's sw 4. Legal in the full
// set (weight 14); english-beginner has no tile with a 5 (E19). Every tile
// with a 5, in every orientation, is refused there first for the tile set.
#[test]
fn a_tile_with_a_5_is_not_in_the_beginner_set() {
    let b = board(&[([0, 0], [1, 2, 3, 4])]);
    let p = place(-1, 0, [5, 1, 4, 4]);
    let l = legal(judged(&b, &variant("english", &[]), p, None));
    assert_eq!((l.matched, l.points), (2, 14));
    let beginner = variant("english-beginner", &[]);
    assert_eq!(
        illegal(judged(&b, &beginner, p, None)),
        vec![Reason::NotInTileSet { tile: tile("1-4-4-5"), set: "beginner".into() }]
    );
    let full = TileSet::full();
    let mut with_a_5 = 0;
    for (id, printed) in full.tiles().filter(|(id, _)| id.values().contains(&5)) {
        for corners in printed.rotations() {
            let q = Placement { tile: id, at: Cell::new(-1, 0), corners };
            let reasons = illegal(judged(&b, &beginner, q, None));
            assert!(matches!(&reasons[0], Reason::NotInTileSet { tile, .. } if *tile == id), "{corners}: {reasons:?}");
        }
        with_a_5 += 1;
    }
    assert_eq!(with_a_5, 125 - 70);
}

// Corners that are not the named tile's values: [4, 3, 3, 3] (tile 3-3-3-4)
// named 3-3-4-4, on [0, 1] under A = 1-2-3-4. By its corners it would match
// A's sw 4 and se 3; the only reason is the mismatch of name and corners.
#[test]
fn corners_of_another_tile_are_refused() {
    let b = board(&[([0, 0], [1, 2, 3, 4])]);
    let p = Placement { tile: tile("3-3-4-4"), at: Cell::new(0, 1), corners: Corners([4, 3, 3, 3]) };
    assert_eq!(
        illegal(judged(&b, &variant("english", &[]), p, None)),
        vec![Reason::CornersNotOfTile { tile: tile("3-3-4-4"), corners: Corners([4, 3, 3, 3]) }]
    );
}
