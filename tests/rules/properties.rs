//! Properties of the placement judge and the move generator on seeded random
//! positions, under every shipped variant and a range of `--rule` overrides:
//!
//! - moving the board by a vector moves every verdict and every move with it;
//! - turning the board a quarter clockwise turns every verdict and move (all
//!   R1 arrangements are closed under rotation);
//! - `MoveGen` lists exactly the candidates `judge` calls legal, with the
//!   same bonus flag, and counts them right;
//! - `MoveGen::place` / `unplace` / hand updates leave it equal to a fresh
//!   generator on the resulting board and hand.

use std::collections::BTreeSet;
use std::sync::LazyLock;

use proptest::prelude::*;
use proptest::sample::Index;
use quadominos::formats::{builtin_variant, notation};
use quadominos::model::{Board, Cell, Corner, Corners, Direction, Point, TileId, TileSet};
use quadominos::rules::{
    Arrangement, Contact, Counts, Legal, Move, MoveGen, Placement, Position, Reason, Refused, RuleSet, Variant,
    VariantParts, Verdict, judge, quick_judge, random_position,
};

/// Every shipped variant, each with readings switched, and a tile-set-file
/// variant whose set prints tiles in scrambled orders.
static VARIANTS: LazyLock<Vec<Variant>> = LazyLock::new(|| {
    let shipped = |name: &str, rules: &[(&str, &str)]| {
        let mut v = builtin_variant(name).unwrap_or_else(|| panic!("{name} ships"));
        for (option, value) in rules {
            v = v.with_rule(option, value).unwrap_or_else(|e| panic!("{option}={value}: {e}"));
        }
        v
    };
    vec![
        shipped("english", &[]),
        shipped("english-beginner", &[]),
        shipped("serbian", &[]),
        shipped("serbian-chain", &[]),
        shipped("english", &[("R4", "no")]),
        shipped("english", &[("R2", "at-least-one")]),
        shipped("english", &[("R1", "any-order")]),
        shipped("english", &[("R5", "yes"), ("R6", "edge-only")]),
        shipped("english", &[("R1", "ascending-counter-clockwise"), ("R3", "yes")]),
        shipped("serbian", &[("R4", "no"), ("R7", "4")]),
        shipped("serbian", &[("R2", "every-value"), ("R3", "no")]),
        shipped("english-beginner", &[("R1", "any-order"), ("R5", "yes")]),
        shipped("serbian", &[("R26", "values")]),
        shipped("english", &[("R26", "values"), ("R2", "at-least-one")]),
        shipped("serbian", &[("R26", "values"), ("R7", "4"), ("R2", "every-value")]),
        scrambled_tile_set_file(),
    ]
});

/// R1 = tile-set-file over the full set, the i-th tile printed as the
/// (7 i)-th of its distinct arrangements: most tiles in neither ascending
/// order.
fn scrambled_tile_set_file() -> Variant {
    let english = builtin_variant("english").expect("english ships");
    let full = TileSet::full();
    let printed = full.ids().enumerate().map(|(i, id)| {
        let all = id.permutations();
        all[(7 * i) % all.len()]
    });
    let tile_set = TileSet::from_printed("scrambled", printed).expect("distinct tiles");
    Variant::new(VariantParts {
        name: "scrambled-file".into(),
        description: "the full set printed in scrambled orders, R1 = tile-set-file".into(),
        text: english.text(),
        tile_set,
        tile_set_clauses: vec![],
        target: 800,
        target_clauses: vec![],
        rules: RuleSet { arrangement: Arrangement::TileSetFile, ..*english.rules() },
        citations: vec![],
    })
}

/// A move as (cell, corners, bonus).
type Listed = BTreeSet<(Cell, Corners, bool)>;

fn listed(generator: &MoveGen) -> Listed {
    let mut moves = Vec::new();
    generator.legal_moves(&mut moves);
    let orientations = generator.variant().orientations();
    let set: Listed = moves
        .iter()
        .map(|&m| (m.at, orientations.corners(usize::from(m.orientation)), generator.is_bonus(m)))
        .collect();
    assert_eq!(set.len(), moves.len(), "a move is listed twice");
    assert_eq!(generator.count_moves(), moves.len(), "count_moves differs from the listed count");
    set
}

/// Every cell touching the board (by an edge or a corner): open cells and
/// diagonal-only cells, and with `occupied` the board's own cells too.
fn nearby_cells(board: &Board, occupied: bool) -> Vec<Cell> {
    let mut cells: BTreeSet<Cell> = BTreeSet::new();
    for (cell, _) in board.tiles() {
        cells.insert(cell);
        for dir in Direction::ALL {
            cells.insert(cell.neighbour(dir));
        }
    }
    cells.into_iter().filter(|&c| occupied || !board.is_occupied(c)).collect()
}

/// Every (cell near the board, hand tile, allowed orientation).
fn candidates(variant: &Variant, position: &Position, occupied: bool) -> Vec<Placement> {
    let mut out = Vec::new();
    for at in nearby_cells(&position.board, occupied) {
        for &tile in &position.hand {
            for &corners in variant.orientations().of(variant.tile_set(), tile) {
                out.push(Placement { tile, at, corners });
            }
        }
    }
    out
}

/// A map of the plane, applied to placements and verdicts: a shift by
/// (dx, dy), or a quarter turn clockwise about the origin point.
#[derive(Clone, Copy)]
enum PlaneMap {
    Shift(i32, i32),
    QuarterTurn,
}

impl PlaneMap {
    fn cell(self, c: Cell) -> Cell {
        match self {
            PlaneMap::Shift(dx, dy) => c.shifted(dx, dy),
            PlaneMap::QuarterTurn => c.rotate_cw(),
        }
    }

    fn point(self, p: Point) -> Point {
        match self {
            PlaneMap::Shift(dx, dy) => Point { x: p.x + dx, y: p.y + dy },
            // (x, y) ↦ (-y, x), the turn Cell::rotate_cw is built on.
            PlaneMap::QuarterTurn => Point { x: -p.y, y: p.x },
        }
    }

    fn corner(self, c: Corner) -> Corner {
        match self {
            PlaneMap::Shift(..) => c,
            PlaneMap::QuarterTurn => Corner::ALL[(c.index() + 1) % 4],
        }
    }

    fn dir(self, d: Direction) -> Direction {
        match self {
            PlaneMap::Shift(..) => d,
            PlaneMap::QuarterTurn => d.rotate_cw(),
        }
    }

    fn corners(self, c: Corners) -> Corners {
        match self {
            PlaneMap::Shift(..) => c,
            PlaneMap::QuarterTurn => c.rotate_cw(),
        }
    }

    fn placement(self, p: Placement) -> Placement {
        Placement { tile: p.tile, at: self.cell(p.at), corners: self.corners(p.corners) }
    }

    fn contact(self, c: &Contact) -> Contact {
        Contact {
            corner: self.corner(c.corner),
            point: self.point(c.point),
            value: c.value,
            found: c.found.iter().map(|&(d, v)| (self.dir(d), v)).collect(),
            matched: c.matched,
        }
    }

    fn reason(self, r: &Reason) -> Reason {
        match r {
            Reason::CellOccupied { cell } => Reason::CellOccupied { cell: self.cell(*cell) },
            Reason::NoSideContact { cell } => Reason::NoSideContact { cell: self.cell(*cell) },
            Reason::CornerMismatch(c) => Reason::CornerMismatch(self.contact(c)),
            Reason::NoEqualWeight { weight, neighbours } => Reason::NoEqualWeight {
                weight: *weight,
                neighbours: neighbours.iter().map(|&(d, w)| (self.dir(d), w)).collect(),
            },
            Reason::OrientationNotAllowed { tile, corners, allowed, arrangement } => Reason::OrientationNotAllowed {
                tile: *tile,
                corners: self.corners(*corners),
                allowed: allowed.iter().map(|&c| self.corners(c)).collect(),
                arrangement,
            },
            Reason::CornersNotOfTile { .. }
            | Reason::NotInTileSet { .. }
            | Reason::NotInHand { .. }
            | Reason::AlreadyOnBoard { .. }
            | Reason::TooFewMatched { .. } => r.clone(),
        }
    }

    /// The verdict with every cell, point, corner and direction mapped, in
    /// canonical order.
    fn verdict(self, v: &Verdict) -> Verdict {
        canonical(&match v {
            Verdict::Legal(l) => {
                Verdict::Legal(Legal { contacts: l.contacts.iter().map(|c| self.contact(c)).collect(), ..l.clone() })
            }
            Verdict::Illegal(refused) => Verdict::Illegal(Refused {
                reasons: refused.iter().map(|r| self.reason(r)).collect(),
                readings: refused.readings.clone(),
            }),
        })
    }
}

/// Where a reason stands in the judge's list: by kind in the order the judge
/// checks, corner mismatches clockwise from nw.
fn rank(r: &Reason) -> (u8, Option<Corner>) {
    match r {
        Reason::CornersNotOfTile { .. } => (0, None),
        Reason::NotInTileSet { .. } => (1, None),
        Reason::OrientationNotAllowed { .. } => (2, None),
        Reason::NotInHand { .. } => (3, None),
        Reason::AlreadyOnBoard { .. } => (4, None),
        Reason::CellOccupied { .. } => (5, None),
        Reason::NoSideContact { .. } => (6, None),
        Reason::CornerMismatch(c) => (7, Some(c.corner)),
        Reason::TooFewMatched { .. } => (8, None),
        Reason::NoEqualWeight { .. } => (9, None),
    }
}

fn canonical_contact(c: &Contact) -> Contact {
    let mut c = c.clone();
    c.found.sort();
    c
}

/// The verdict with its lists in canonical order: contacts and corner
/// mismatches clockwise from nw, values and neighbour weights clockwise from
/// N, allowed orientations ascending. The judge returns this order itself
/// (`movegen_lists_exactly_what_the_judge_allows` checks it), so comparing
/// canonical forms only forgives the reordering a quarter turn causes.
fn canonical(v: &Verdict) -> Verdict {
    match v {
        Verdict::Legal(l) => {
            let mut contacts: Vec<Contact> = l.contacts.iter().map(canonical_contact).collect();
            contacts.sort_by_key(|c| c.corner);
            Verdict::Legal(Legal { contacts, ..l.clone() })
        }
        Verdict::Illegal(refused) => {
            let mut reasons: Vec<Reason> = refused
                .iter()
                .map(|r| match r {
                    Reason::CornerMismatch(c) => Reason::CornerMismatch(canonical_contact(c)),
                    Reason::NoEqualWeight { weight, neighbours } => {
                        let mut neighbours = neighbours.clone();
                        neighbours.sort();
                        Reason::NoEqualWeight { weight: *weight, neighbours }
                    }
                    Reason::OrientationNotAllowed { tile, corners, allowed, arrangement } => {
                        let mut allowed = allowed.clone();
                        allowed.sort();
                        Reason::OrientationNotAllowed { tile: *tile, corners: *corners, allowed, arrangement }
                    }
                    other => other.clone(),
                })
                .collect();
            reasons.sort_by_key(rank);
            Verdict::Illegal(Refused { reasons, readings: refused.readings.clone() })
        }
    }
}

fn position(variant: &Variant, seed: u64, tiles: usize, hand: usize) -> Position {
    let position = random_position(variant, seed, tiles, hand);
    assert!(!position.board.is_empty(), "{}: seed {seed} gave an empty board", variant.label());
    position
}

/// Moving the board by (dx, dy) moves every move and every verdict with it.
fn check_shift(variant: &Variant, position: &Position, dx: i32, dy: i32) {
    let label = variant.label();
    let map = PlaneMap::Shift(dx, dy);
    let moved = position.board.shifted(dx, dy);
    let before = listed(&MoveGen::new(variant, &position.board, &position.hand));
    let after = listed(&MoveGen::new(variant, &moved, &position.hand));
    let expected: Listed = before.iter().map(|&(c, k, b)| (c.shifted(dx, dy), k, b)).collect();
    assert_eq!(after, expected, "{label}: the move list did not move by ({dx}, {dy})");
    for p in candidates(variant, position, false) {
        let here = judge(&position.board, variant, p, Some(&position.hand));
        let there = judge(&moved, variant, map.placement(p), Some(&position.hand));
        assert_eq!(canonical(&there), map.verdict(&here), "{label}: {p:?} moved by ({dx}, {dy})");
    }
}

/// Turning the board a quarter clockwise turns every move and every verdict.
fn check_rotation(variant: &Variant, position: &Position) {
    let label = variant.label();
    let map = PlaneMap::QuarterTurn;
    let turned = position.board.rotated_cw();
    let before = listed(&MoveGen::new(variant, &position.board, &position.hand));
    let after = listed(&MoveGen::new(variant, &turned, &position.hand));
    let expected: Listed = before.iter().map(|&(c, k, b)| (c.rotate_cw(), k.rotate_cw(), b)).collect();
    assert_eq!(after, expected, "{label}: the move list did not turn with the board");
    for p in candidates(variant, position, false) {
        let here = judge(&position.board, variant, p, Some(&position.hand));
        let there = judge(&turned, variant, map.placement(p), Some(&position.hand));
        assert_eq!(canonical(&there), map.verdict(&here), "{label}: {p:?} turned a quarter clockwise");
    }
}

/// `MoveGen` lists exactly the candidates the judge calls legal, with the
/// judge's bonus flag.
fn check_movegen_agrees_with_judge(variant: &Variant, position: &Position) {
    let label = variant.label();
    let generator = MoveGen::new(variant, &position.board, &position.hand);
    let moves = listed(&generator);
    assert_eq!(generator.open_cells(), position.board.open_cells().len(), "{label}: open cells");
    let mut judged_legal: Listed = BTreeSet::new();
    for p in candidates(variant, position, true) {
        let verdict = judge(&position.board, variant, p, Some(&position.hand));
        assert_eq!(canonical(&verdict), verdict, "{label}: {p:?}: the judge's lists are in canonical order");
        let orientation = variant.orientations().index(p.corners).expect("an allowed orientation") as u16;
        let m = Move { at: p.at, orientation };
        assert_eq!(generator.is_legal(m), verdict.is_legal(), "{label}: is_legal of {p:?}: {verdict:?}");
        if let Verdict::Legal(l) = verdict {
            assert!(l.matched <= 4 && l.matched as usize <= l.contacts.len(), "{label}: {p:?}: {l:?}");
            judged_legal.insert((p.at, p.corners, l.bonus));
        }
    }
    assert_eq!(moves, judged_legal, "{label}: listed moves differ from the judge's legal candidates");
}

/// Placing and taking back random legal moves, and changing the hand, keeps
/// the generator equal to a fresh one on the same board and hand.
fn check_incremental(variant: &Variant, position: &Position, picks: &[Index]) {
    let label = variant.label();
    let mut generator = MoveGen::new(variant, &position.board, &position.hand);
    let start = listed(&generator);
    let mut hand: Vec<TileId> = position.hand.clone();
    let mut placed: Vec<Cell> = Vec::new();
    for pick in picks {
        let mut moves = Vec::new();
        generator.legal_moves(&mut moves);
        moves.sort_unstable();
        if moves.is_empty() {
            break;
        }
        let m = moves[pick.index(moves.len())];
        let corners = variant.orientations().corners(usize::from(m.orientation));
        let p = Placement { tile: corners.id(), at: m.at, corners };
        assert!(judge(generator.board(), variant, p, Some(&hand)).is_legal(), "{label}: listed {p:?} is illegal");
        generator.place(m.at, corners);
        hand.retain(|&t| t != corners.id());
        placed.push(m.at);
        let fresh = MoveGen::new(variant, generator.board(), &hand);
        assert_eq!(listed(&generator), listed(&fresh), "{label}: after placing {p:?}");
        assert_eq!(generator.open_cells(), fresh.open_cells(), "{label}: open cells after placing {p:?}");
    }
    // Hand changes alone: take the first tile out, then put it back.
    if let Some(&first) = hand.first() {
        generator.remove_from_hand(first);
        let fewer: Vec<TileId> = hand[1..].to_vec();
        assert_eq!(listed(&generator), listed(&MoveGen::new(variant, generator.board(), &fewer)), "{label}");
        generator.add_to_hand(first);
        assert_eq!(listed(&generator), listed(&MoveGen::new(variant, generator.board(), &hand)), "{label}");
    }
    while let Some(at) = placed.pop() {
        let tile = generator.board().get(at).expect("placed").id();
        generator.unplace(at);
        hand.push(tile);
        let fresh = MoveGen::new(variant, generator.board(), &hand);
        assert_eq!(listed(&generator), listed(&fresh), "{label}: after taking back {at}");
        assert_eq!(generator.open_cells(), fresh.open_cells(), "{label}: open cells after taking back {at}");
    }
    assert_eq!(generator.board(), &position.board, "{label}: unplacing restores the board");
    assert_eq!(listed(&generator), start, "{label}: unplacing restores the move list");
}

/// Each case checks all 13 variants, so 64 cases are 832 positions. The two
/// symmetry properties judge every candidate twice per position; 32 cases
/// (416 positions each) keep the file within a few seconds.
fn config(cases: u32) -> ProptestConfig {
    ProptestConfig { cases, failure_persistence: None, ..ProptestConfig::default() }
}

proptest! {
    #![proptest_config(config(32))]

    #[test]
    fn moving_the_board_moves_every_verdict_and_move(
        seed in any::<u64>(),
        tiles in 5usize..=40,
        hand in 1usize..=10,
        dx in -1000i32..=1000,
        dy in -1000i32..=1000,
    ) {
        for variant in VARIANTS.iter() {
            check_shift(variant, &position(variant, seed, tiles, hand), dx, dy);
        }
    }

    #[test]
    fn turning_the_board_a_quarter_turns_every_verdict_and_move(
        seed in any::<u64>(),
        tiles in 5usize..=40,
        hand in 1usize..=10,
    ) {
        for variant in VARIANTS.iter() {
            check_rotation(variant, &position(variant, seed, tiles, hand));
        }
    }
}

proptest! {
    #![proptest_config(config(64))]

    #[test]
    fn movegen_lists_exactly_what_the_judge_allows(
        seed in any::<u64>(),
        tiles in 5usize..=40,
        hand in 0usize..=10,
    ) {
        for variant in VARIANTS.iter() {
            check_movegen_agrees_with_judge(variant, &position(variant, seed, tiles, hand));
        }
    }

    #[test]
    fn incremental_updates_equal_a_fresh_generator(
        seed in any::<u64>(),
        tiles in 5usize..=40,
        hand in 1usize..=10,
        picks in proptest::collection::vec(any::<Index>(), 1..=5),
    ) {
        for variant in VARIANTS.iter() {
            check_incremental(variant, &position(variant, seed, tiles, hand), &picks);
        }
    }
}

/// The property tests above only mean something if the positions exercise
/// the rules: on a handful of seeds every variant lists moves, bonus moves
/// and refused candidates; where R5 = yes some moves are legal by weight
/// alone; and the scrambled tile-set file really prints tiles out of order.
#[test]
fn random_positions_give_the_properties_something_to_check() {
    for variant in VARIANTS.iter() {
        let label = variant.label();
        let (mut moves, mut bonuses, mut by_weight, mut illegal) = (0, 0, 0, 0);
        for seed in 0..8 {
            // A hand of every unused tile, so that rare moves show up.
            let position = position(variant, seed, 30, 125);
            assert_eq!(position.board.len(), 30, "{label}: seed {seed}");
            let generator = MoveGen::new(variant, &position.board, &position.hand);
            let set = listed(&generator);
            moves += set.len();
            bonuses += set.iter().filter(|m| m.2).count();
            illegal += candidates(variant, &position, false).len() - set.len();
            for &(at, corners, _) in &set {
                let p = Placement { tile: corners.id(), at, corners };
                if let Verdict::Legal(l) = judge(&position.board, variant, p, Some(&position.hand)) {
                    by_weight += usize::from(l.by_weight);
                } else {
                    panic!("{label}: listed {p:?} is illegal");
                }
            }
        }
        assert!(
            moves > 0 && bonuses > 0 && illegal > 0,
            "{label}: {moves} moves, {bonuses} bonuses, {illegal} refused"
        );
        assert_eq!(by_weight > 0, variant.rules().equal_weight.yes(), "{label}: {by_weight} moves legal by weight");
    }
    let scrambled = VARIANTS.last().expect("variants");
    let set = scrambled.tile_set();
    let out_of_order = set.tiles().filter(|&(id, printed)| printed != Corners(id.values())).count();
    assert!(out_of_order > 100, "{out_of_order} of {} tiles printed out of ascending order", set.len());
}

proptest! {
    #![proptest_config(config(64))]

    /// The one-line notation round-trips: written, parsed and checked, a
    /// position is the same board and hand; written again, the same line;
    /// and moving the board's tiles into any order writes the same line.
    #[test]
    fn the_position_notation_round_trips(
        seed in any::<u64>(),
        tiles in 0usize..=40,
        hand in 0usize..=15,
        shuffle in any::<u64>(),
    ) {
        for variant in VARIANTS.iter() {
            let position = random_position(variant, seed, tiles, hand);
            let line = notation::write(&position.board, &position.hand, Some(variant.name()));
            let parsed = notation::parse(&line).unwrap_or_else(|e| panic!("{line}: {e}"));
            let back = Position::from_setup(&parsed.board, &parsed.hand, variant)
                .unwrap_or_else(|p| panic!("{line}: {p:?}"));
            prop_assert_eq!(&back.board, &position.board);
            prop_assert_eq!(&back.hand, &position.hand);
            prop_assert_eq!(parsed.variant.as_deref(), Some(variant.name()));
            prop_assert_eq!(notation::write(&back.board, &back.hand, Some(variant.name())), line.clone());
            // Any order of the board's entries parses to the same position.
            let mut entries = parsed.board.clone();
            let k = entries.len().max(1);
            entries.rotate_left((shuffle as usize) % k);
            entries.reverse();
            let reordered: Vec<String> =
                entries.iter().map(|(c, t)| format!("{},{}:{}{}{}{}", c.x, c.y, t.0[0], t.0[1], t.0[2], t.0[3])).collect();
            let rest = line.split_once(' ').map(|(_, r)| r).unwrap_or("");
            let board_field = if reordered.is_empty() { "-".to_string() } else { reordered.join(";") };
            let again = notation::parse(&format!("{board_field} {rest}")).unwrap_or_else(|e| panic!("{e}"));
            let again = Position::from_setup(&again.board, &again.hand, variant).unwrap_or_else(|p| panic!("{p:?}"));
            prop_assert_eq!(notation::write(&again.board, &again.hand, Some(variant.name())), line);
        }
    }
}

/// Each move's counts after it, found without placing it, equal the counts
/// after placing it.
fn check_counts_after(variant: &Variant, position: &Position) {
    let mut generator = MoveGen::new(variant, &position.board, &position.hand);
    let mut found = Vec::new();
    generator.moves_with_counts_after(&mut found);
    let mut listed = Vec::new();
    generator.legal_moves(&mut listed);
    assert_eq!(found.len(), listed.len(), "{}", variant.label());
    for (m, bonus, after) in found {
        assert_eq!(bonus, generator.is_bonus(m));
        let corners = variant.orientations().corners(usize::from(m.orientation));
        generator.place(m.at, corners);
        let expected = Counts { legal: generator.count_moves() as u64, bonus: generator.count_bonus_moves() as u64 };
        generator.unplace(m.at);
        assert_eq!(after, expected, "{}: after {m:?}", variant.label());
    }
}

proptest! {
    #![proptest_config(config(48))]

    #[test]
    fn counts_after_a_move_need_not_place_it(
        seed in any::<u64>(),
        tiles in 1usize..=40,
        hand in 1usize..=12,
    ) {
        for variant in VARIANTS.iter() {
            check_counts_after(variant, &random_position(variant, seed, tiles, hand));
        }
    }
}

/// `quick_judge` gives the judge's verdict (legal, and the bonus) on every
/// candidate near the board, empty cells and, as if placed last, the
/// board's own cells with their tile lifted.
fn check_quick_judge(variant: &Variant, position: &Position) {
    for p in candidates(variant, position, true) {
        let mut board = position.board.clone();
        board.remove(p.at);
        let expected = match judge(&board, variant, p, None) {
            Verdict::Legal(l) => Some(l.bonus),
            Verdict::Illegal(_) => None,
        };
        assert_eq!(quick_judge(variant, &position.board, p.at, p.corners), expected, "{}: {p:?}", variant.label());
    }
}

proptest! {
    #![proptest_config(config(24))]

    #[test]
    fn the_quick_judge_agrees_with_the_judge(
        seed in any::<u64>(),
        tiles in 1usize..=30,
        hand in 1usize..=6,
    ) {
        for variant in VARIANTS.iter() {
            check_quick_judge(variant, &random_position(variant, seed, tiles, hand));
        }
    }
}
