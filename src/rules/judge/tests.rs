//! Tests of the placement judge's citations: a reading is cited exactly
//! where another of its values would judge the placement otherwise.

use super::*;
use crate::formats::builtin_variant;
use crate::rules::random_position;
use crate::rules::reading::READINGS;

fn variant(name: &str, rules: &[(&str, &str)]) -> Variant {
    let mut v = builtin_variant(name).unwrap();
    for (k, val) in rules {
        v = v.with_rule(k, val).unwrap();
    }
    v
}

fn board(tiles: &[([i32; 2], [u8; 4])]) -> Board {
    let mut b = Board::new();
    for &([x, y], c) in tiles {
        b.insert(Cell::new(x, y), Corners(c));
    }
    b
}

/// The candidate of most tests: 1-2-3-4 as [1, 2, 3, 4] on [0, 0], whose
/// corners sit on the points nw (0, 0), ne (1, 0), se (1, 1), sw (0, 1).
fn place(corners: [u8; 4]) -> Placement {
    let corners = Corners(corners);
    Placement { tile: corners.id(), at: Cell::new(0, 0), corners }
}

fn legal(board: &Board, variant: &Variant, p: Placement) -> Legal {
    match judge(board, variant, p, None) {
        Verdict::Legal(l) => l,
        Verdict::Illegal(why) => panic!("illegal under {}: {why:?}", variant.label()),
    }
}

fn reasons(board: &Board, variant: &Variant, p: Placement) -> Vec<Reason> {
    match judge(board, variant, p, None) {
        Verdict::Legal(l) => panic!("legal under {}: {l:?}", variant.label()),
        Verdict::Illegal(why) => why.reasons,
    }
}

fn cites(clauses: &[Clause], id: &str) -> bool {
    clauses.iter().any(|c| c.to_string() == id)
}

// W = 1-4-5-5 as [5, 1, 4, 5] on [-1, 0] shows 1 on (0, 0) and 4 on
// (0, 1): the candidate's nw and sw match. D on [1, 1], its SE diagonal
// neighbour, is the only tile on the se point (1, 1).
const WEST: ([i32; 2], [u8; 4]) = ([-1, 0], [5, 1, 4, 5]);

// D = 5-5-5-5: se (3) meets only the diagonal 5. Serbian (R3 = yes):
// two of three touching corners match, legal; with R4 = no the se
// corner touches nothing and the same two match: nothing changes, so R4
// is not cited. R3 is: under "no" the unmatched se refuses the play.
#[test]
fn a_diagonal_only_contact_that_changes_nothing_does_not_cite_r4() {
    let b = board(&[WEST, ([1, 1], [5, 5, 5, 5])]);
    let p = place([1, 2, 3, 4]);
    let serbian = variant("serbian", &[]);
    let l = legal(&b, &serbian, p);
    assert_eq!((l.matched, l.bonus, l.touching().len()), (2, false, 3));
    let without = legal(&b, &variant("serbian", &[("R4", "no")]), p);
    assert_eq!((without.matched, without.bonus, without.points), (l.matched, l.bonus, l.points));
    assert!(!cites(&l.clauses, "R4"), "{:?}", l.clauses);
    assert!(cites(&l.clauses, "R3") && !cites(&l.clauses, "R2"), "{:?}", l.clauses);
}

// D = 3-3-3-3: the diagonal-only se corner matches its 3, a third matched
// corner (Example F's corner across, E12): a bonus under R4 = yes, none
// under R4 = no. R4 is cited, with the english spec's E12; so is R7
// (three matched: "4" would give no bonus), and not E13.
#[test]
fn a_diagonal_corner_that_earns_the_bonus_cites_r4() {
    let b = board(&[WEST, ([1, 1], [3, 3, 3, 3])]);
    let p = place([1, 2, 3, 4]);
    let l = legal(&b, &variant("english", &[]), p);
    assert_eq!((l.matched, l.bonus), (3, true));
    for id in ["R4", "E12", "R7"] {
        assert!(cites(&l.clauses, id), "{id}: {:?}", l.clauses);
    }
    assert!(!cites(&l.clauses, "E13"), "{:?}", l.clauses);
    assert!(!legal(&b, &variant("english", &[("R4", "no")]), p).bonus);
}

// English refuses the se corner of the first board, and only it; R4's
// other value would lift the refusal (without diagonals the corner
// touches nothing), so would R3's (the other corners match), R2's would
// not (one value there).
#[test]
fn a_diagonal_mismatch_that_refuses_the_play_cites_r4_not_r2() {
    let b = board(&[WEST, ([1, 1], [5, 5, 5, 5])]);
    let english = variant("english", &[]);
    let why = reasons(&b, &english, place([1, 2, 3, 4]));
    assert!(matches!(why.as_slice(), [Reason::CornerMismatch(c)] if c.corner == Corner::Se), "{why:?}");
    let Verdict::Illegal(refused) = judge(&b, &english, place([1, 2, 3, 4]), None) else { panic!("legal") };
    let clauses = refused.clauses(&english);
    assert!(cites(&clauses, "R4") && cites(&clauses, "R3") && cites(&clauses, "E17"), "{clauses:?}");
    assert!(!cites(&clauses, "R2"), "{clauses:?}");
    // The reason alone cites no reading: whether one lifts the refusal is
    // the verdict's to say.
    assert!(why[0].clauses(&english).iter().all(|c| c.source() != Source::Reading), "{why:?}");
}

// N = 1-1-1-2 as [1, 1, 2, 1] on [0, -1] shows 1 on (0, 0) and 2 on
// (1, 0); NE on [1, -1] is a diagonal neighbour on (1, 0) too. The
// candidate's nw (1) and ne (2) match N.
const NORTH: ([i32; 2], [u8; 4]) = ([0, -1], [1, 1, 2, 1]);

// NE = 2-2-2-2 agrees with N on (1, 0): the diagonal contact and the
// point (2 and 2) change nothing, neither R4 nor R2 is cited.
#[test]
fn a_diagonal_neighbour_showing_the_side_value_cites_neither_r4_nor_r2() {
    let b = board(&[NORTH, ([1, -1], [2, 2, 2, 2])]);
    for name in ["english", "serbian"] {
        let l = legal(&b, &variant(name, &[]), place([1, 2, 3, 4]));
        assert_eq!(l.matched, 2);
        assert!(!cites(&l.clauses, "R4") && !cites(&l.clauses, "R2"), "{name}: {:?}", l.clauses);
        assert!(cites(&l.clauses, "R9") && !cites(&l.clauses, "R7"), "{name}: {:?}", l.clauses);
    }
}

// NE = 3-3-3-3: the point (1, 0) shows 2 (N) and 3 (NE). Serbian (at
// least one) matches the ne corner's 2 there, legal; under every value it
// would not, one match, refused: R2 is cited. R4 is not: without the
// diagonal the ne corner still matches N's 2, the same two corners.
#[test]
fn a_point_of_two_values_cites_r2_where_the_reading_decides() {
    let b = board(&[NORTH, ([1, -1], [3, 3, 3, 3])]);
    let p = place([1, 2, 3, 4]);
    let l = legal(&b, &variant("serbian", &[]), p);
    assert_eq!(l.matched, 2);
    assert!(cites(&l.clauses, "R2") && cites(&l.clauses, "S12"), "{:?}", l.clauses);
    assert!(!cites(&l.clauses, "R4"), "{:?}", l.clauses);
    // English refuses it (one match); at least one value would match the
    // ne corner (R2), and so would N's 2 alone (R4), either making two
    // matches and a legal play; R3 alone would not (one match).
    let english = variant("english", &[]);
    let Verdict::Illegal(refused) = judge(&b, &english, p, None) else { panic!("legal") };
    let clauses = refused.clauses(&english);
    assert!(cites(&clauses, "R2") && cites(&clauses, "R4") && !cites(&clauses, "R3"), "{clauses:?}");
}

// W and N = 1-1-1-5 as [1, 1, 5, 1] (1 on (0, 0), 5 on (1, 0)) and
// NE = 3-3-3-3: the ne corner (2) meets 5 and 3, matching under neither
// value of R2; nw and sw match. Serbian: legal with two of three, and R2
// decides nothing. Nor does R4 (without NE, 5 alone still fails).
#[test]
fn a_point_of_two_values_neither_of_them_the_corner_does_not_cite_r2() {
    let b = board(&[WEST, ([0, -1], [1, 1, 5, 1]), ([1, -1], [3, 3, 3, 3])]);
    let l = legal(&b, &variant("serbian", &[]), place([1, 2, 3, 4]));
    assert_eq!((l.matched, l.touching().len()), (2, 3));
    assert!(!cites(&l.clauses, "R2") && !cites(&l.clauses, "R4"), "{:?}", l.clauses);
    assert!(cites(&l.clauses, "R3"), "{:?}", l.clauses);
}

// W and N = 1-1-1-2 as [1, 1, 2, 1]: nw, ne and sw match, three of three
// (Example E's enclosure, E11). R7 decides the bonus: cited with it under
// "3" and without it under "4". E13 is not cited.
#[test]
fn three_matched_corners_cite_r7_bonus_or_not() {
    let b = board(&[WEST, NORTH]);
    let p = place([1, 2, 3, 4]);
    let three = legal(&b, &variant("english", &[]), p);
    assert_eq!((three.matched, three.bonus), (3, true));
    assert!(cites(&three.clauses, "R7") && !cites(&three.clauses, "E13"), "{:?}", three.clauses);
    let four = legal(&b, &variant("english", &[("R7", "4")]), p);
    assert_eq!((four.matched, four.bonus), (3, false));
    assert!(cites(&four.clauses, "R7"), "{:?}", four.clauses);
}

// W and E = 2-3-3-3 as [2, 3, 3, 3] on [1, 0] (2 on (1, 0), 3 on (1, 1)):
// all four corners match, a bonus under either value of R7, which is
// therefore not cited; the bonus is one of E13's "other bonus
// situations" under english, S15's "all 4" under serbian.
#[test]
fn a_four_corner_bonus_cites_e13_not_r7() {
    let b = board(&[WEST, ([1, 0], [2, 3, 3, 3])]);
    for name in ["english", "serbian"] {
        for threshold in ["3", "4"] {
            let l = legal(&b, &variant(name, &[("R7", threshold)]), place([1, 2, 3, 4]));
            assert_eq!((l.matched, l.bonus), (4, true));
            // Each text's own clause only: E13 under the sheet, S15 under the description.
            let (own, other) = if name == "english" { ("E13", "S15") } else { ("S15", "E13") };
            assert!(cites(&l.clauses, own) && !cites(&l.clauses, other), "{name}: {:?}", l.clauses);
            assert!(!cites(&l.clauses, "R7"), "{name} R7={threshold}: {:?}", l.clauses);
        }
    }
}

// 0-0-0-0 beside 0-0-1-1 as [1, 1, 0, 0]: it scores 0 under either value
// of R9, which is not cited; 1-2-3-4 elsewhere scores 10 or 0 and is.
#[test]
fn r9_is_cited_unless_the_tile_weighs_nothing() {
    let b = board(&[([0, -1], [1, 1, 0, 0])]);
    let l = legal(&b, &variant("english", &[]), place([0, 0, 0, 0]));
    assert_eq!((l.matched, l.points), (2, 0));
    assert!(!cites(&l.clauses, "R9"), "{:?}", l.clauses);
    let l = legal(&board(&[NORTH]), &variant("english", &[]), place([1, 2, 3, 4]));
    assert!(cites(&l.clauses, "R9"), "{:?}", l.clauses);
    // Serbian's own R9 (weight, the sheet's answer where S6 is silent): the
    // play scores 10 and cites R9 alone, the sheet's E8 being the other
    // text's. As a bonus tile it scores its weight whatever R9 says: R9 and
    // what it alone brought are left out, the rest kept in order.
    let serbian = variant("serbian", &[]);
    let l = legal(&board(&[NORTH]), &serbian, place([1, 2, 3, 4]));
    assert_eq!(l.points, 10);
    assert_eq!(l.clauses.last(), Some(&r(9)), "{:?}", l.clauses);
    assert!(!cites(&l.clauses, "E8"), "{:?}", l.clauses);
    let kept = l.clauses_without_play_score();
    assert_eq!(kept[..], l.clauses[..l.clauses.len() - 1]);
    // Under R9 = nothing the play scores 0, R9 decided that and is cited,
    // but no clause of its grounds fired (S6 is the opening tile's, S15 a
    // bonus's, S18 needs points).
    let l = legal(&board(&[NORTH]), &variant("serbian", &[("R9", "nothing")]), place([1, 2, 3, 4]));
    assert_eq!(l.points, 0);
    assert!(cites(&l.clauses, "R9"), "{:?}", l.clauses);
    assert!(["S6", "S15", "S18"].iter().all(|c| !cites(&l.clauses, c)), "{:?}", l.clauses);
    assert_eq!(l.clauses.last(), Some(&r(9)));
}

// Serbian. N = 1-2-3-4 as [1, 2, 3, 4] (weight 10) on [0, -1]: the
// candidate 0-2-3-5 as [0, 2, 3, 5] (weight 10) matches no corner (0 ≠ 4,
// 2 ≠ 3) and is legal by equal weight with a side neighbour: R5 cited,
// R6 not (edge-only counts N too). With 0-0-1-2 as [0, 0, 1, 2] (weight
// 3) and 0-0-0-3 as [0, 0, 0, 3] on the SE diagonal [1, 1], equal weight
// is with a diagonal neighbour only: R6 cited as well.
#[test]
fn equal_weight_cites_r6_only_when_the_neighbour_is_diagonal() {
    let serbian = variant("serbian", &[]);
    let b = board(&[([0, -1], [1, 2, 3, 4])]);
    let l = legal(&b, &serbian, place([0, 2, 3, 5]));
    assert!(l.by_weight);
    assert!(cites(&l.clauses, "R5") && !cites(&l.clauses, "R6"), "{:?}", l.clauses);
    let b = board(&[([0, -1], [1, 2, 3, 4]), ([1, 1], [0, 0, 0, 3])]);
    let l = legal(&b, &serbian, place([0, 0, 1, 2]));
    assert!(l.by_weight);
    assert!(cites(&l.clauses, "R5") && cites(&l.clauses, "R6"), "{:?}", l.clauses);
    // Legal by its corners, equal weight or not: neither is cited.
    let l = legal(&board(&[WEST, NORTH]), &serbian, place([1, 2, 3, 4]));
    assert!(!l.by_weight && !cites(&l.clauses, "R5") && !cites(&l.clauses, "R6"), "{:?}", l.clauses);
}

/// What the judge reads around a cell is what the board shows there:
/// every value on each corner's point, in the same order, and every
/// neighbour's weight.
#[test]
fn the_neighbourhood_read_once_is_what_the_board_shows() {
    let english = variant("english", &[]);
    for seed in 1..=3 {
        let b = random_position(&english, seed, 40, 0).board;
        let cells: Vec<Cell> = b.iter().map(|(c, _)| c).chain(b.open_cells()).collect();
        for at in cells {
            let around = Around::of(&b, at);
            for corner in Corner::ALL {
                assert_eq!(
                    around.values_at(corner).collect::<Vec<_>>(),
                    b.values_at(at, corner).collect::<Vec<_>>(),
                    "{at} {corner:?}"
                );
            }
            let weights: Vec<_> =
                Direction::ALL.into_iter().filter_map(|d| b.neighbour(at, d).map(|t| (d, t.weight()))).collect();
            assert_eq!(around.weights().collect::<Vec<_>>(), weights, "{at}");
        }
    }
    for corner in Corner::ALL {
        let from_sides: Vec<(Direction, Corner)> = Direction::ALL
            .into_iter()
            .filter_map(|d| d.shared_corners().iter().find(|(mine, _)| *mine == corner).map(|&(_, theirs)| (d, theirs)))
            .collect();
        assert_eq!(on_point(corner).to_vec(), from_sides, "{corner:?}");
    }
}

/// The judge's own list of each reading's other values is READINGS'.
#[test]
fn the_other_values_asked_are_every_value_of_the_reading() {
    let base = *variant("english", &[]).rules();
    for id in [2, 3, 4, 5, 6, 7, 9, 26] {
        let reading = READINGS.iter().find(|x| x.id == r(id)).unwrap();
        for (value, _) in reading.values {
            let mut rules = base;
            rules.set(reading.name, value).unwrap();
            let mut expected: Vec<String> = reading
                .values
                .iter()
                .filter(|(v, _)| v != value)
                .map(|(v, _)| {
                    let mut o = rules;
                    o.set(reading.name, v).unwrap();
                    format!("{o:?}")
                })
                .collect();
            let mut got: Vec<String> = other_values(&rules, r(id)).map(|o| format!("{o:?}")).collect();
            expected.sort();
            got.sort();
            assert_eq!(got, expected, "R{id} = {value}");
        }
    }
}

/// A legal verdict cites a reading exactly when the variant made with
/// that reading set to another value (`--rule`), judging the same
/// placement, decides otherwise: checked for every placement of every
/// tile on every open cell of random boards, under the shipped variants
/// and some with readings no shipped variant chooses.
#[test]
fn a_reading_is_cited_exactly_where_another_value_decides_otherwise() {
    type Decided = Option<(bool, Vec<Corner>, bool, u32)>;
    let decided = |v: &Variant, b: &Board, p: Placement| -> Decided {
        match judge(b, v, p, None) {
            Verdict::Legal(l) => Some((l.by_weight, l.matched_corners(), l.bonus, l.points)),
            Verdict::Illegal(_) => None,
        }
    };
    let variants = [
        variant("english", &[]),
        variant("serbian", &[]),
        variant("english", &[("R3", "yes"), ("R5", "yes")]),
        variant("serbian", &[("R2", "every-value"), ("R6", "edge-only")]),
        variant("serbian", &[("R4", "no"), ("R7", "4"), ("R9", "nothing")]),
        variant("serbian", &[("R26", "values")]),
        variant("english", &[("R2", "at-least-one"), ("R26", "values")]),
    ];
    let mut seen = [0usize; 27];
    for (i, v) in variants.iter().enumerate() {
        let alternatives: Vec<(Clause, Vec<Variant>)> = [2, 3, 4, 5, 6, 7, 9, 26]
            .into_iter()
            .map(|id| {
                let reading = READINGS.iter().find(|x| x.id == r(id)).unwrap();
                let now = v.rules().get(reading.name).unwrap();
                let others = reading.values.iter().filter(|(x, _)| *x != now);
                (r(id), others.map(|(x, _)| v.clone().with_rule(reading.name, x).unwrap()).collect())
            })
            .collect();
        // Boards grown under the serbian rules show points of mixed values.
        let grown = random_position(&variants[1], 11 + i as u64, 24, 0).board;
        for at in grown.open_cells() {
            for &corners in v.orientations().all() {
                let p = Placement { tile: corners.id(), at, corners };
                if grown.holds_tile(p.tile) {
                    continue;
                }
                let Verdict::Legal(l) = judge(&grown, v, p, None) else { continue };
                let actual = decided(v, &grown, p);
                for (id, others) in &alternatives {
                    let differs = others.iter().any(|o| decided(o, &grown, p) != actual);
                    assert_eq!(
                        l.clauses.contains(id),
                        differs,
                        "{id} under {} for {} at {}: {:?}",
                        v.label(),
                        p.corners,
                        p.at,
                        l.clauses
                    );
                    seen[usize::from(id.number())] += usize::from(differs);
                }
            }
        }
    }
    // Every reading was seen to matter somewhere.
    for id in [2, 3, 4, 5, 6, 7, 9, 26] {
        assert!(seen[id] > 0, "R{id} never mattered on these boards");
    }
}
