//! Exact citations: every verdict and event cites only clauses of its
//! variant's own text (E under an English-based variant, S under a
//! Serbian-based one) and readings, and a clause of a text only where the
//! rule it states fired.
//!
//! The verdicts are those of every placement (legal and refused) on the
//! boards of the scenario corpus, before and after each action, and on
//! seeded positions, under every shipped variant; the events and refusals
//! are those of every scenario run. Which rules fired is worked out here
//! from the board itself (the values on each lattice point, read cell by
//! cell), not from the judge's own account.

use std::path::{Path, PathBuf};

use quadominos::formats::{VariantChoice, builtin_variant};
use quadominos::model::{Board, Cell, Corner, Corners};
use quadominos::play::scenario::load_scenario;
use quadominos::rules::{
    Clause, CornerMatch, Legal, Placement, Reason, Source, Text, Variant, Verdict, judge, random_position,
};

const SHIPPED: [&str; 4] = ["english", "english-beginner", "serbian", "serbian-chain"];

fn shipped() -> Vec<Variant> {
    SHIPPED.iter().map(|n| builtin_variant(n).unwrap()).collect()
}

fn id(text: &str) -> Clause {
    text.parse().unwrap()
}

/// Each cited clause is a reading or a clause of the variant's own text.
fn assert_own_text(variant: &Variant, clauses: &[Clause], what: &str) {
    let text = variant.text();
    for &c in clauses {
        let ok = match c.source() {
            Source::Reading => true,
            Source::English => text == Text::English,
            Source::Serbian => text == Text::Serbian,
        };
        assert!(ok, "{} ({text}) cites {c} for {what}: {clauses:?}", variant.label());
    }
}

/// The lattice point of a cell's corner.
fn point(at: Cell, corner: Corner) -> (i64, i64) {
    let (x, y) = (i64::from(at.x), i64::from(at.y));
    match corner {
        Corner::Nw => (x, y),
        Corner::Ne => (x + 1, y),
        Corner::Se => (x + 1, y + 1),
        Corner::Sw => (x, y + 1),
    }
}

/// What the board shows on the point of `corner` of the empty cell `at`:
/// each value with whether the tile showing it shares a side with `at`.
/// Read from the four cells around the point, each by the corner of its
/// own that sits there.
fn shown(board: &Board, at: Cell, corner: Corner) -> Vec<(bool, u8)> {
    let (px, py) = point(at, corner);
    let around = [(px - 1, py - 1, 2), (px, py - 1, 3), (px - 1, py, 1), (px, py, 0)];
    around
        .into_iter()
        .filter_map(|(cx, cy, k)| {
            let cell = Cell::new(i32::try_from(cx).ok()?, i32::try_from(cy).ok()?);
            if cell == at {
                return None;
            }
            let tile = board.get(cell)?;
            let edge = (cell.x - at.x).abs() + (cell.y - at.y).abs() == 1;
            Some((edge, tile.0[k]))
        })
        .collect()
}

/// What fired for a placement, read from the board under the variant's
/// readings R2 and R4.
struct Fired {
    /// Matched touching corners.
    matched: usize,
    /// Some matched corner is matched only by a diagonal neighbour's value.
    diagonal_match: bool,
    /// Some touching corner's point shows a diagonal neighbour's value, or
    /// several different values.
    corner_neighbours: bool,
    /// Some touching corner is unmatched.
    mismatch: bool,
}

fn fired(variant: &Variant, board: &Board, at: Cell, corners: Corners) -> Fired {
    let rules = variant.rules();
    let mut f = Fired { matched: 0, diagonal_match: false, corner_neighbours: false, mismatch: false };
    for (k, corner) in [Corner::Nw, Corner::Ne, Corner::Se, Corner::Sw].into_iter().enumerate() {
        let v = corners.0[k];
        let counted: Vec<(bool, u8)> =
            shown(board, at, corner).into_iter().filter(|&(edge, _)| edge || rules.diagonal_neighbours.yes()).collect();
        if counted.is_empty() {
            continue;
        }
        let matched = match rules.corner_match {
            CornerMatch::EveryValue => counted.iter().all(|&(_, x)| x == v),
            CornerMatch::AtLeastOne => counted.iter().any(|&(_, x)| x == v),
        };
        f.corner_neighbours |=
            counted.iter().any(|&(edge, _)| !edge) || counted.iter().any(|&(_, x)| x != counted[0].1);
        if matched {
            f.matched += 1;
            f.diagonal_match |= !counted.iter().any(|&(edge, x)| edge && x == v);
        } else {
            f.mismatch = true;
        }
    }
    f
}

/// Whether a clause of a text decided a legal placement.
fn legal_clause_fired(c: Clause, f: &Fired, l: &Legal) -> bool {
    let cited = |n: &str| l.clauses.contains(&id(n));
    match c.to_string().as_str() {
        // A play matches two numbers and scores the tile's values.
        "E8" => f.matched >= 2 || l.points > 0,
        // Two sides of an enclosure: three numbers, none across a corner.
        "E11" => l.bonus && f.matched == 3 && !f.diagonal_match,
        // A side and the corner across it.
        "E12" => l.bonus && f.diagonal_match,
        // Other bonus situations.
        "E13" => l.bonus && f.matched != 3,
        // The lost figure of forbidden plays: the grounds of R2 and R3.
        "E17" => cited("R2") || cited("R3"),
        "S10" | "S11" => true,
        "S12" => f.corner_neighbours || l.by_weight || cited("R2") || cited("R4") || cited("R6"),
        "S15" => l.bonus,
        "S18" => l.points > 0,
        _ => c.source() == Source::Reading,
    }
}

/// Whether a clause of a text decided a refusal: the play rules only,
/// never a bonus or a score.
fn refusal_clause_fired(c: Clause, f: &Fired, reasons: &[Reason], all: &[Clause]) -> bool {
    let any = |p: fn(&Reason) -> bool| reasons.iter().any(p);
    match c.to_string().as_str() {
        "E8" => any(|r| {
            matches!(
                r,
                Reason::TooFewMatched { .. }
                    | Reason::CornerMismatch(_)
                    | Reason::NoSideContact { .. }
                    | Reason::CellOccupied { .. }
                    | Reason::NotInHand { .. }
            )
        }),
        "E17" => all.contains(&id("R2")) || all.contains(&id("R3")),
        "E19" | "S1" => any(|r| {
            matches!(r, Reason::NotInTileSet { .. } | Reason::AlreadyOnBoard { .. } | Reason::CornersNotOfTile { .. })
        }),
        "S2" => any(|r| matches!(r, Reason::OrientationNotAllowed { .. })),
        "S10" => {
            any(|r| matches!(r, Reason::NoSideContact { .. } | Reason::CellOccupied { .. } | Reason::NotInHand { .. }))
        }
        "S11" => any(|r| matches!(r, Reason::TooFewMatched { .. } | Reason::NoEqualWeight { .. })),
        "S12" => f.mismatch,
        _ => c.source() == Source::Reading,
    }
}

/// Judges every tile of the set in every orientation on every open cell of
/// `board` (and, for refusals, on a placed tile's cell and with a tile
/// already placed), checking each verdict's citations. Returns how many
/// verdicts were legal and how many of those earned a bonus.
fn check_board(variant: &Variant, board: &Board, what: &str) -> (usize, usize) {
    let (mut legal, mut bonus) = (0, 0);
    let mut cells = board.open_cells();
    cells.extend(board.tiles().first().map(|(c, _)| *c));
    for at in cells {
        for &corners in variant.orientations().all() {
            let p = Placement { tile: corners.id(), at, corners };
            let f = fired(variant, board, at, corners);
            match judge(board, variant, p, None) {
                Verdict::Legal(l) => {
                    legal += 1;
                    bonus += usize::from(l.bonus);
                    assert_own_text(variant, &l.clauses, what);
                    for &c in &l.clauses {
                        assert!(
                            legal_clause_fired(c, &f, &l),
                            "{} cites {c}, which did not fire, for {corners} at {at} ({what}): {:?}",
                            variant.label(),
                            l.clauses
                        );
                    }
                }
                Verdict::Illegal(reasons) => {
                    let all: Vec<Clause> = reasons.iter().flat_map(|r| r.clauses(variant)).collect();
                    assert_own_text(variant, &all, what);
                    for &c in &all {
                        assert!(
                            refusal_clause_fired(c, &f, &reasons, &all),
                            "{} cites {c}, which did not fire, refusing {corners} at {at} ({what}): {reasons:?}",
                            variant.label()
                        );
                    }
                }
            }
        }
    }
    (legal, bonus)
}

fn scenario_files() -> Vec<PathBuf> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("specs/scenarios");
    let mut files: Vec<PathBuf> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|x| x == "yaml"))
        .collect();
    files.sort();
    files
}

/// Every verdict, refusal and event of every scenario, run under every
/// shipped variant, and every placement on each of its boards.
#[test]
fn scenario_verdicts_and_events_cite_their_own_text_and_what_fired() {
    let mut verdicts = (0, 0);
    let mut events = 0;
    for path in scenario_files() {
        let loaded = load_scenario(&path, &VariantChoice::default()).unwrap();
        for variant in shipped() {
            let Ok((run, tables)) = loaded.run_with_tables(&variant) else { continue };
            let what = format!("{}", path.file_name().unwrap().to_string_lossy());
            for event in run.setup.iter().chain(run.steps.iter().flat_map(|s| &s.events)) {
                assert_own_text(&variant, &event.clauses, &format!("{what}: {:?}", event.kind));
                events += 1;
            }
            for step in &run.steps {
                assert_own_text(&variant, &step.clauses, &format!("{what}: {}", step.action));
            }
            let mut seen: Vec<&Board> = Vec::new();
            for table in &tables {
                if seen.contains(&&table.board) || table.board.is_empty() {
                    continue;
                }
                seen.push(&table.board);
                let (l, b) = check_board(&variant, &table.board, &what);
                verdicts = (verdicts.0 + l, verdicts.1 + b);
            }
        }
    }
    // The corpus gives the check something to look at: legal plays, bonuses and events.
    assert!(verdicts.0 > 1000 && verdicts.1 > 50 && events > 500, "{verdicts:?}, {events} events");
}

/// Every placement on seeded positions under every shipped variant.
#[test]
fn seeded_verdicts_cite_their_own_text_and_what_fired() {
    for variant in shipped() {
        let (mut legal, mut bonus) = (0, 0);
        for seed in 0..6 {
            let p = random_position(&variant, seed, 14, 0);
            let (l, b) = check_board(&variant, &p.board, &format!("seed {seed}"));
            legal += l;
            bonus += b;
        }
        assert!(legal > 100 && bonus > 5, "{}: {legal} legal, {bonus} bonus", variant.label());
    }
}

/// The shipped variants know their text: English for the rule sheet's,
/// Serbian for the description's; a spec with a base takes the base's.
#[test]
fn each_shipped_variant_follows_its_own_text() {
    let texts: Vec<Text> = shipped().iter().map(Variant::text).collect();
    assert_eq!(texts, [Text::English, Text::English, Text::Serbian, Text::Serbian]);
}

/// The placement of `puzzles/bonus-corner.yaml`: 1-4-5-5 as [1, 4, 5, 5]
/// at [1, -1] matches three corners across its west and south sides (two
/// sides of an enclosure, E11); the diagonal neighbour [0, 0] shows the 5
/// the side neighbours already show, so it makes no match (no E12, no R4).
/// English cites the sheet's clauses and no Serbian one; Serbian cites S10,
/// S11, S15 and R9, whose value there (nothing) scores the play 0, so S18
/// (the points earned in play) does not fire; and no English clause.
#[test]
fn the_enclosure_bonus_cites_e11_under_english_and_s15_under_serbian() {
    let text =
        std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join("puzzles/bonus-corner.yaml")).unwrap();
    let mut board = Board::new();
    for (at, tile) in [((0, 0), [5, 5, 5, 5]), ((0, -1), [0, 1, 5, 5]), ((1, 0), [5, 5, 2, 5])] {
        let line =
            format!("- {{at: [{}, {}], tile: [{}, {}, {}, {}]}}", at.0, at.1, tile[0], tile[1], tile[2], tile[3]);
        assert!(text.contains(&line), "the puzzle's board moved: {line}");
        board.insert(Cell::new(at.0, at.1), Corners(tile));
    }
    let p = Placement { tile: "1-4-5-5".parse().unwrap(), at: Cell::new(1, -1), corners: Corners([1, 4, 5, 5]) };
    let mut cited = Vec::new();
    for name in ["english", "serbian"] {
        let variant = builtin_variant(name).unwrap();
        let Verdict::Legal(l) = judge(&board, &variant, p, None) else { panic!("{name}: refused") };
        assert!(l.bonus && l.matched == 3, "{name}");
        cited.push(l.clauses.iter().map(|c| c.to_string()).collect::<Vec<_>>().join(", "));
    }
    assert_eq!(cited, ["E8, R7, E11, R9", "S10, S11, R7, S15, R9"]);
}

/// The readings an event may cite only where they decided it, each with
/// the condition, read from the game's own record, under which it did.
/// A round someone went out of cites nothing of a blocked round (E15, S14,
/// R13, R24). A blocked round may cite E10 and S18 beside R13: they are
/// the grounds of R13's values (only a player who goes out collects).
fn assert_events_cite_what_fired(variant: &Variant, events: &[quadominos::game::Event], what: &str) {
    use quadominos::game::{EventKind, PlacementKind, RoundEnding};
    let target = i64::from(variant.target());
    let rules = variant.rules();
    let mut scores = vec![0i64; 8];
    for (i, event) in events.iter().enumerate() {
        let before = &events[..i];
        let cites = |c: &str| event.clauses.contains(&id(c));
        let last_place = before.iter().rev().find(|e| matches!(e.kind, EventKind::Place { .. }));
        let here = format!("{what}, event {i} ({:?}): {:?}", event.kind, event.clauses);
        // R8 decides only what a bonus tile's own bonus earns.
        if cites("R8") {
            let after_bonus_tile = match (&event.kind, last_place.map(|e| &e.kind)) {
                // A bonus tile that met the bonus condition (at least three
                // matched corners) earns a bonus of its own only where R8
                // says so.
                (EventKind::Place { kind: PlacementKind::BonusTile, bonus, matched, .. }, _) => *bonus || *matched >= 3,
                (
                    EventKind::BonusPoints | EventKind::BonusTiles,
                    Some(EventKind::Place { kind: PlacementKind::BonusTile, bonus: true, .. }),
                ) => true,
                _ => false,
            };
            assert!(after_bonus_tile, "R8 cited away from a bonus tile's bonus: {here}");
        }
        // R9 scores ordinary plays and bonus tiles (whose weight counts
        // unless only the opening tile scores): cited on those, and on a
        // bonus tile exactly where the tile weighs anything.
        if cites("R9") {
            assert!(
                matches!(event.kind, EventKind::Place { kind: PlacementKind::Turn | PlacementKind::BonusTile, .. }),
                "R9 cited on other than an ordinary play or a bonus tile: {here}"
            );
        }
        if let EventKind::Place { kind: PlacementKind::BonusTile, tile, .. } = &event.kind {
            assert_eq!(cites("R9"), tile.weight() > 0, "R9 on a bonus tile: {here}");
        }
        // R22 only on a pass straight after a draw by the same seat.
        if cites("R22") {
            let drew = before.last().is_some_and(|e| matches!(e.kind, EventKind::Draw { .. }) && e.seat == event.seat);
            assert!(matches!(event.kind, EventKind::Pass) && drew, "R22 cited without a draw before the pass: {here}");
        }
        // R27 decides a draw only where a player may draw holding a play.
        if cites("R27") {
            assert!(rules.voluntary_draw.yes(), "R27 cited where it allows no voluntary draw: {here}");
        }
        match &event.kind {
            EventKind::RoundEnd { ending: RoundEnding::Blocked, hand_totals, .. } => {
                for c in ["R18", "R25"] {
                    assert!(!cites(c), "{c} cited on a blocked round: {here}");
                }
                if cites("E10") || cites("S18") {
                    assert!(cites("R13"), "E10 or S18 cited on a blocked round without R13: {here}");
                }
                let lowest = hand_totals.iter().min().copied();
                let tied = hand_totals.iter().filter(|&&t| Some(t) == lowest).count();
                if cites("R24") {
                    assert!(tied > 1, "R24 cited without a tie for the lowest hand: {here}");
                }
            }
            EventKind::RoundEnd { ending: RoundEnding::WentOut, winner, .. } => {
                for c in ["E15", "S14", "R13", "R24"] {
                    assert!(!cites(c), "{c} cited on a round someone went out of: {here}");
                }
                if cites("R18") {
                    let bonus = matches!(last_place.map(|e| &e.kind), Some(EventKind::Place { bonus: true, .. }));
                    assert!(bonus, "R18 cited though the last tile earned no bonus: {here}");
                }
                if cites("R25") {
                    let at = winner.is_some_and(|w| scores[w] >= target);
                    assert!(at, "R25 cited though the player going out was not at the target: {here}");
                }
            }
            EventKind::GameEnd { scores: last, .. } => {
                if cites("R23") {
                    let reached = last.iter().filter(|&&s| s >= target).count();
                    let top = last.iter().max().copied();
                    let equal = last.iter().filter(|&&s| Some(s) == top).count();
                    assert!(reached > 1 || equal > 1, "R23 cited with one player at the target: {here}");
                }
            }
            // R18 decides whether the 25 of a bonus earned by a last tile
            // is paid.
            EventKind::BonusPoints if cites("R18") => {
                let bonus = matches!(last_place.map(|e| &e.kind), Some(EventKind::Place { bonus: true, .. }));
                assert!(bonus, "R18 cited on points no bonus earned: {here}");
            }
            _ => {
                for c in ["R13", "R18", "R23", "R24", "R25"] {
                    assert!(!cites(c), "{c} cited away from the end of a round or game: {here}");
                }
            }
        }
        match &event.kind {
            EventKind::Deal { hands, .. } => scores.truncate(hands.len()),
            EventKind::RoundEnd { changes, .. } => {
                for (s, c) in scores.iter_mut().zip(changes) {
                    *s += c;
                }
            }
            _ => {
                if let Some(seat) = event.seat {
                    scores[seat] += event.score;
                }
            }
        }
    }
}

/// Whole games, under every shipped variant and under the readings that
/// end rounds and games otherwise, cite each reading of a game's events
/// only where the record shows it decided the event.
#[test]
fn game_events_cite_a_reading_only_where_it_decided() {
    use quadominos::play::{MAX_ROUNDS, Stop, Strategy, play};
    let overrides: [&[(&str, &str)]; 5] = [
        &[],
        &[("blocked-round", "lowest-collects"), ("target-check", "end-of-round")],
        &[("going-out-at-target", "collects"), ("last-draw-pass", "draw-only")],
        &[("voluntary-draw", "yes"), ("target-tie", "shared"), ("target-check", "end-of-round")],
        &[("blocked-round", "lowest-collects"), ("lowest-hand-tie", "nobody-collects"), ("bonus-chain", "yes")],
    ];
    let mut cited = std::collections::BTreeSet::new();
    for base in shipped() {
        for changes in overrides {
            let mut variant = base.clone();
            for (name, value) in changes {
                variant = variant.with_rule(name, value).unwrap();
            }
            for seed in 0..12 {
                for strategy in [Strategy::Greedy, Strategy::Random] {
                    let Ok(played) = play(&variant, 2 + (seed as usize % 3), seed, strategy, Stop::End, MAX_ROUNDS)
                    else {
                        continue;
                    };
                    let events = played.game.events();
                    assert_events_cite_what_fired(&variant, events, &format!("{} seed {seed}", variant.label()));
                    cited.extend(events.iter().flat_map(|e| e.clauses.iter().map(|c| c.to_string())));
                }
            }
        }
    }
    // The games reach the conditional readings the check is about.
    for c in ["R8", "R9", "R13", "R18", "R22", "R24", "R25"] {
        assert!(cited.contains(c), "no game cited {c}: {cited:?}");
    }
}

/// The readings that judge one placement on its own (R1 to R7, R26): how a
/// tile may be turned, what its corners must meet, when it earns a bonus.
/// Asked of a placement's own verdict, not of the whole action (see
/// `decided_by`).
const JUDGE_READINGS: [u8; 8] = [1, 2, 3, 4, 5, 6, 7, 26];

/// What an event is, as far as a reading can change it: everything it
/// records but its clauses, and of a game's end only who won (its scores
/// are those of every event before it).
#[derive(Debug, PartialEq)]
struct Seen(Option<usize>, quadominos::game::EventKind, i64);

fn seen(e: &quadominos::game::Event) -> Seen {
    use quadominos::game::EventKind;
    let kind = match &e.kind {
        EventKind::GameEnd { winner, shared_with, .. } => {
            EventKind::GameEnd { winner: *winner, shared_with: shared_with.clone(), scores: Vec::new() }
        }
        other => other.clone(),
    };
    let score = if matches!(e.kind, EventKind::GameEnd { .. }) { 0 } else { e.score };
    Seen(e.seat, kind, score)
}

/// What an action did, as far as a reading can change it, without any
/// clause: refused (what was refused, not the alternatives the words list),
/// or the events it made and the choice they open: a bonus choice (the 25,
/// and the tiles where they may be taken) or an opening (which tiles may
/// open).
#[derive(Debug, PartialEq)]
enum Done {
    Refused(String),
    Accepted { events: Vec<Seen>, offered: Option<std::collections::BTreeSet<String>> },
}

/// A refusal, by what it refuses.
fn refused(refusal: &quadominos::game::Refusal) -> String {
    use quadominos::game::Refusal;
    match refusal {
        Refusal::NotAnOpeningTile { tile, .. } => format!("not an opening tile: {tile}"),
        other => other.to_string(),
    }
}

/// The choice an action opens: a bonus choice, or an opening.
fn opened(game: &quadominos::game::Game) -> Option<std::collections::BTreeSet<String>> {
    use quadominos::game::{Action, Phase};
    matches!(game.phase(), Phase::BonusChoice { .. } | Phase::Opening { .. }).then(|| {
        game.legal_actions()
            .into_iter()
            .map(|a| match a {
                Action::Place(p) => format!("place {}", p.tile),
                other => other.to_string(),
            })
            .collect()
    })
}

/// `action` applied to `game` as it stands (a copy), and what it did.
fn done(game: &quadominos::game::Game, action: quadominos::game::Action) -> Done {
    let mut game = game.clone();
    let before = game.events().len();
    match game.apply(action) {
        Err(refusal) => Done::Refused(refused(&refusal)),
        Ok(()) => Done::Accepted { events: game.events()[before..].iter().map(seen).collect(), offered: opened(&game) },
    }
}

/// Where `other` first departs from `base`: the index of the first event
/// that differs (a refusal differs at the first), or the last event's
/// index where only the choice opened after it differs; `None` when the
/// two are the same.
fn first_difference(base: &Done, other: &Done) -> Option<usize> {
    match (base, other) {
        (Done::Refused(a), Done::Refused(b)) => (a != b).then_some(0),
        (Done::Refused(_), _) | (_, Done::Refused(_)) => Some(0),
        // An event the other value adds after the last one is a change of
        // that last event: the action would not have ended there.
        (Done::Accepted { events: a, offered: oa }, Done::Accepted { events: b, offered: ob }) => {
            let n = a.len().max(b.len());
            let last = a.len().saturating_sub(1);
            (0..n).find(|&i| a.get(i) != b.get(i)).map(|i| i.min(last)).or_else(|| (oa != ob).then_some(last))
        }
    }
}

/// A placement's own verdict, as far as a reading of placements can change
/// it: legal or not, and a legal one on which grounds, with which corners
/// matched, and whether it earns a bonus (never, for a bonus tile where
/// bonus tiles earn none). A refused placement is changed only by becoming
/// legal.
fn verdict_of(
    game: &quadominos::game::Game,
    variant: &Variant,
    p: Placement,
) -> (bool, bool, Vec<quadominos::model::Corner>, bool) {
    use quadominos::game::Phase;
    let seat = game.to_move().unwrap_or(0);
    let can_earn = !matches!(game.phase(), Phase::BonusTiles { .. }) || variant.rules().bonus_chain.yes();
    let matched: Vec<_> = quadominos::rules::contacts(game.board(), variant, p.at, p.corners)
        .into_iter()
        .filter(|c| c.matched)
        .map(|c| c.corner)
        .collect();
    // A refusal is changed only by becoming legal.
    match judge(game.board(), variant, p, Some(&game.hands()[seat])) {
        Verdict::Legal(l) => (true, l.by_weight, matched, l.bonus && can_earn),
        Verdict::Illegal(_) => (false, false, Vec::new(), false),
    }
}

/// Every other value of every reading, as variants built once per base
/// (so that each keeps its move generator's tables across the games).
fn flips(base: &Variant) -> Vec<(Clause, Variant)> {
    let mut out = Vec::new();
    for reading in quadominos::rules::READINGS.iter() {
        let current = base.rules().get(reading.name).unwrap();
        for (value, _) in reading.values {
            if *value != current {
                out.push((reading.id, base.clone().with_rule(reading.name, value).unwrap()));
            }
        }
    }
    out
}

/// The readings that decided each event `action` makes on `game` (or its
/// refusal, index 0): those of which some other value, set on the same game
/// before the same action, first changes that event.
///
/// A reading that judges one placement (`JUDGE_READINGS`) is asked only of
/// an action that places a tile on a board, and only of the placement's own
/// verdict; whether a hand can play at all, or lay two bonus tiles after a
/// bonus, is the sum of many placements' verdicts, each of which cites it.
/// R1 is left out: its values change which orientations exist at all, and
/// a refusal of an orientation cites it. A value under which this game
/// could not have been dealt (more tiles for the hands than the set holds)
/// is asked only of a deal. (docs/RULES.md says each.)
fn decided_by(
    game: &quadominos::game::Game,
    action: quadominos::game::Action,
    flipped: &[(Clause, Variant)],
) -> std::collections::BTreeMap<usize, std::collections::BTreeSet<String>> {
    use quadominos::game::{Action, Phase};
    let base = done(game, action);
    let mut out: std::collections::BTreeMap<usize, std::collections::BTreeSet<String>> = Default::default();
    for (reading, variant) in flipped {
        if reading.number() == 1 {
            continue;
        }
        let at = if JUDGE_READINGS.contains(&reading.number()) {
            let judged = matches!(game.phase(), Phase::Turn { .. } | Phase::BonusTiles { .. });
            match action {
                Action::Place(p) if judged => {
                    (verdict_of(game, game.variant(), p) != verdict_of(game, variant, p)).then_some(0)
                }
                _ => None,
            }
        } else {
            match game.under(variant.clone()) {
                Ok(other) => first_difference(&base, &done(&other, action)),
                Err(_) if action == Action::NextRound => Some(0),
                Err(_) => None,
            }
        };
        if let Some(at) = at {
            out.entry(at).or_default().insert(reading.to_string());
        }
    }
    out
}

/// The readings an event or refusal cites, R1 left out.
fn cited_readings(clauses: &[Clause]) -> std::collections::BTreeSet<String> {
    clauses.iter().filter(|c| c.source() == Source::Reading && c.number() != 1).map(|c| c.to_string()).collect()
}

/// Checks that each event `action` makes on `game` (or its refusal) cites
/// exactly the readings that decided it; returns the game after it and
/// what was checked, or a description of each event that cites otherwise.
///
/// Each event's clauses of the texts are held to the table of
/// `expected_text` as well; `grounds` carries the clauses of the bonus
/// being chosen or played from the event that earned it.
fn check_counterfactual(
    game: &mut quadominos::game::Game,
    action: quadominos::game::Action,
    flipped: &[(Clause, Variant)],
    what: &str,
    wrong: &mut Vec<String>,
    grounds: &mut Vec<Clause>,
) -> usize {
    use quadominos::game::{Action, EventKind, PlacementKind};
    let decided = decided_by(game, action, flipped);
    let before = game.events().len();
    let variant = game.variant().clone();
    let verdict = match action {
        Action::Place(p) if !game.board().is_empty() => {
            match judge(game.board(), &variant, p, Some(&game.hands()[game.to_move().unwrap_or(0)])) {
                Verdict::Legal(l) => Some(l),
                Verdict::Illegal(_) => None,
            }
        }
        _ => None,
    };
    let opener_holds_a_higher_quad =
        game.to_move().is_some_and(|seat| game.hands()[seat].iter().any(|t| t.is_quad() && t.weight() > 0));
    let round_by_quad = quad_round(&variant, game.hands());
    let cited: Vec<(String, std::collections::BTreeSet<String>)> = match game.apply(action) {
        Err(refusal) => vec![(format!("refusal ({refusal})"), cited_readings(&refusal.clauses(&variant)))],
        Ok(()) => game.events()[before..]
            .iter()
            .map(|e| (format!("{:?} {:?}", e.kind.tag(), e.clauses), cited_readings(&e.clauses)))
            .collect(),
    };
    let events = &game.events()[before.min(game.events().len())..];
    for (i, event) in events.iter().enumerate() {
        let tiles_follow = events.get(i + 1).is_some_and(|e| matches!(e.kind, EventKind::BonusTiles));
        let quad_round = match event.kind {
            EventKind::Deal { .. } => quad_round(&variant, game.hands()),
            _ => round_by_quad,
        };
        // An opening quad's bonus: its grounds are this event's own.
        if let EventKind::Place { kind: PlacementKind::Opening, bonus: true, tile, .. } = &event.kind {
            let both = tile.weight() == 0
                && (variant.rules().zero_quad_opening.as_str() == "always" || opener_holds_a_higher_quad);
            *grounds = if both { vec![id("E5"), id("S8")] } else { vec![id("E4"), id("S7")] };
        }
        let cx = Context {
            quad_round,
            chose_points: matches!(action, Action::TakePoints),
            tiles_follow,
            grounds,
            verdict: verdict.as_ref(),
        };
        let want = expected_text(&variant, event, &cx);
        let cites = text_clauses(&event.clauses);
        if cites != want {
            let extra: Vec<&String> = cites.difference(&want).collect();
            let missing: Vec<&String> = want.difference(&cites).collect();
            wrong.push(format!(
                "{:?} cites text {extra:?} the table does not give, misses {missing:?} | {what}: {action} → {:?}",
                event.kind.tag(),
                event.clauses
            ));
        }
        // The bonus it earns, for the choice and the tiles that follow.
        match &event.kind {
            EventKind::Place { kind: PlacementKind::Turn, bonus: true, .. } => {
                *grounds = verdict.as_ref().map(|l| l.bonus_clauses()).unwrap_or_default();
            }
            EventKind::Place { kind: PlacementKind::BonusTile, bonus: true, .. } => {
                let chain = variant.spec_clauses(id("R8")).iter().copied().filter(|c| c.source() != Source::Reading);
                *grounds =
                    verdict.as_ref().map(|l| l.bonus_clauses()).unwrap_or_default().into_iter().chain(chain).collect();
            }
            _ => {}
        }
    }
    for (i, (event, cites)) in cited.iter().enumerate() {
        let want = decided.get(&i).cloned().unwrap_or_default();
        if *cites != want {
            let kind = event.split(' ').next().unwrap_or("");
            let extra: Vec<&String> = cites.difference(&want).collect();
            let missing: Vec<&String> = want.difference(cites).collect();
            wrong.push(format!(
                "{kind} cites {extra:?} not deciding, misses {missing:?} | {what}: {action} → event {i} {event}"
            ));
        }
    }
    cited.len()
}

/// Every event of every scenario, and of whole games under every shipped
/// variant for 2 to 8 players, cites exactly the readings whose other
/// values, set on the game just before the action, change that event.
#[test]
#[cfg_attr(debug_assertions, ignore = "a minute in release; run by cargo test --release")]
fn every_event_cites_exactly_the_readings_whose_other_values_change_it() {
    use quadominos::game::{Game, Phase};
    use rand::{Rng, SeedableRng};
    let mut wrong = Vec::new();
    let mut checked = 0;
    let mut bases: Vec<(String, Vec<(Clause, Variant)>)> = Vec::new();
    let mut flips_of = |variant: &Variant| -> Vec<(Clause, Variant)> {
        let label = variant.label() + &format!("{:?}", variant.origin());
        if let Some((_, f)) = bases.iter().find(|(l, _)| *l == label) {
            return f.clone();
        }
        let f = flips(variant);
        bases.push((label, f.clone()));
        f
    };
    for path in scenario_files() {
        let loaded = load_scenario(&path, &VariantChoice::default()).unwrap();
        for variant in &loaded.variants {
            let Ok(mut game) = loaded.start(variant) else { continue };
            let flipped = flips_of(variant);
            let mut grounds = Vec::new();
            let name = path.file_stem().unwrap().to_string_lossy();
            for (i, &action) in loaded.actions.iter().enumerate() {
                let what = format!("{name} under {}, action {}", variant.label(), i + 1);
                checked += check_counterfactual(&mut game, action, &flipped, &what, &mut wrong, &mut grounds);
            }
        }
    }
    for variant in shipped() {
        let flipped = flips_of(&variant);
        for players in 2..=8 {
            for seed in 0..2u64 {
                let Ok(mut game) = Game::deal(variant.clone(), players, seed) else { continue };
                let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(seed);
                let mut actions = 0;
                let mut grounds = Vec::new();
                while !matches!(game.phase(), Phase::GameOver { .. }) && game.round() <= 2 && actions < 400 {
                    let legal = game.legal_actions();
                    let action = legal[rng.random_range(0..legal.len())];
                    let what = format!("{} {players} players seed {seed}, action {actions}", variant.label());
                    checked += check_counterfactual(&mut game, action, &flipped, &what, &mut wrong, &mut grounds);
                    actions += 1;
                }
            }
        }
    }
    assert!(checked > 2000, "{checked} events checked");
    // By kind of fault first, so that one fault shows once with its count.
    let mut kinds: std::collections::BTreeMap<String, (usize, String)> = Default::default();
    for w in &wrong {
        let (kind, example) = w.split_once(" | ").unwrap_or((w, ""));
        let entry = kinds.entry(kind.to_string()).or_insert((0, example.to_string()));
        entry.0 += 1;
    }
    assert!(
        wrong.is_empty(),
        "{} of {checked} events cite other readings than those that decided them:\n{}",
        wrong.len(),
        kinds.iter().map(|(k, (n, ex))| format!("{n} × {k}\n    e.g. {ex}")).collect::<Vec<_>>().join("\n")
    );
}

/// A verdict as far as a reading can change it: legal or not, and a legal
/// one on which grounds, with which corners matched, whether it earns a
/// bonus and what it scores. A refusal is changed only by becoming legal.
fn judged(board: &Board, variant: &Variant, p: Placement) -> (bool, bool, Vec<Corner>, bool, u32) {
    match judge(board, variant, p, None) {
        Verdict::Legal(l) => (true, l.by_weight, l.matched_corners(), l.bonus, l.points),
        Verdict::Illegal(_) => (false, false, Vec::new(), false, 0),
    }
}

/// Every verdict on seeded positions under every shipped variant, every
/// tile in every orientation on every open cell, cites exactly the readings
/// that judge placements (R2 to R7, R26) and R9 whose other values, on the
/// same board, change the verdict: a legal placement's grounds, matched
/// corners, bonus or points, a refused one's legality. R1 is left out (its
/// values change which orientations exist).
#[test]
#[cfg_attr(debug_assertions, ignore = "seconds in release; run by cargo test --release")]
fn every_verdict_cites_exactly_the_readings_whose_other_values_change_it() {
    let mut checked = 0;
    let mut wrong = Vec::new();
    for variant in shipped() {
        let flipped: Vec<(Clause, Variant)> =
            flips(&variant).into_iter().filter(|(r, _)| [2, 3, 4, 5, 6, 7, 9, 26].contains(&r.number())).collect();
        let mut cited_any = std::collections::BTreeSet::new();
        for seed in 0..6 {
            let board = random_position(&variant, seed, 14, 0).board;
            for at in board.open_cells() {
                for &corners in variant.orientations().all() {
                    let p = Placement { tile: corners.id(), at, corners };
                    let base = judged(&board, &variant, p);
                    let decided: std::collections::BTreeSet<String> = flipped
                        .iter()
                        .filter(|(_, other)| judged(&board, other, p) != base)
                        .map(|(r, _)| r.to_string())
                        .collect();
                    let cites = match judge(&board, &variant, p, None) {
                        Verdict::Legal(l) => cited_readings(&l.clauses),
                        Verdict::Illegal(refused) => cited_readings(&refused.clauses(&variant)),
                    };
                    cited_any.extend(cites.iter().cloned());
                    checked += 1;
                    if cites != decided {
                        wrong.push(format!(
                            "{} seed {seed}: {corners} at {at} cites {cites:?}, decided by {decided:?}",
                            variant.label()
                        ));
                    }
                }
            }
        }
        // The boards give the check readings to find.
        assert!(cited_any.len() >= 3, "{}: only {cited_any:?} cited", variant.label());
    }
    assert!(
        wrong.is_empty(),
        "{} of {checked} verdicts cite other readings than those that decided them:\n{}",
        wrong.len(),
        wrong.iter().take(40).cloned().collect::<Vec<_>>().join("\n")
    );
}

/// The clauses of the variant's own text an event cites, readings left out.
fn text_clauses(clauses: &[Clause]) -> std::collections::BTreeSet<String> {
    clauses.iter().filter(|c| c.source() != Source::Reading).map(|c| c.to_string()).collect()
}

/// Whether a round dealt these hands is opened by a quad (E3, S5): one was
/// dealt, and it is not a lone 0-0-0-0 that R10 takes for no opening quad.
fn quad_round(variant: &Variant, hands: &[Vec<quadominos::model::TileId>]) -> bool {
    let best = hands.iter().flatten().filter(|t| t.is_quad()).max();
    let lone_zero = best.is_some_and(|t| t.weight() == 0);
    best.is_some() && !(lone_zero && variant.rules().zero_quad_opening.as_str() == "only-instead-of-higher")
}

/// What an event is about beyond itself: whether the round is opened by a
/// quad, the clauses of the bonus it belongs to, and a placement's verdict.
struct Context<'a> {
    quad_round: bool,
    /// The player chose the 25 (rather than being left no other way).
    chose_points: bool,
    /// Bonus tiles are offered next (with a 0-0-0-0 opening's 25).
    tiles_follow: bool,
    grounds: &'a [Clause],
    verdict: Option<&'a quadominos::rules::Legal>,
}

/// The clauses of a text the rules that fired for an event contribute, one
/// row per kind of event, and the clauses the variant's spec gives for each
/// reading it cites. A placement brings its verdict's clauses, which the
/// verdict tests hold exactly.
fn expected_text(
    variant: &Variant,
    event: &quadominos::game::Event,
    cx: &Context,
) -> std::collections::BTreeSet<String> {
    use quadominos::game::{EventKind, PlacementKind, RoundEnding};
    let ids = |list: &[&str]| list.iter().map(|c| id(c)).collect::<Vec<Clause>>();
    // Who opens: the holder of the highest quad (E3) or of the heaviest
    // tile (E7); S5 says both.
    let opener = if cx.quad_round { ids(&["E3", "S5"]) } else { ids(&["E7", "S5"]) };
    let verdict = cx.verdict.map(|l| l.clauses.clone()).unwrap_or_default();
    let mut all: Vec<Clause> = match &event.kind {
        // The deal of each hand (E2, S3), and who opens.
        EventKind::Deal { .. } => [ids(&["E2", "S3"]), opener].concat(),
        EventKind::Redeal { .. } => Vec::new(),
        // Who opens, the first tile's weight (S6), and the bonus a quad
        // earns (E4, S7; E5, S8 for 0-0-0-0): the grounds it sets.
        EventKind::Place { kind: PlacementKind::Opening, bonus, .. } => {
            let bonus = if *bonus { cx.grounds.to_vec() } else { Vec::new() };
            [opener, ids(&["S6"]), bonus].concat()
        }
        EventKind::Place { kind: PlacementKind::Turn, .. } => verdict,
        // The verdict, without a bonus of its own where bonus tiles earn
        // none (R8 = no), and the bonus it is played for.
        EventKind::Place { kind: PlacementKind::BonusTile, .. } => {
            let own = cx.verdict.map(|l| l.bonus_clauses()).unwrap_or_default();
            let chain = variant.rules().bonus_chain.yes();
            let mut c: Vec<Clause> = verdict.into_iter().filter(|x| chain || !own.contains(x)).collect();
            c.extend(cx.grounds.iter().copied());
            c
        }
        // The 25 of the bonus: chosen, and the turn passes (S16); or
        // 0-0-0-0's 25 with the two tiles that follow (its grounds); or all
        // there is because the tiles cannot be played (E6: 0-0-0-0's two,
        // a sheet's clause the Serbian variants cite no text for); or paid
        // on going out, which R18 decides and brings its own clauses for.
        EventKind::BonusPoints => {
            let going_out = event.clauses.contains(&id("R18"));
            let why = match (going_out, cx.chose_points, cx.tiles_follow) {
                (true, _, _) => Vec::new(),
                (false, true, _) => ids(&["S16"]),
                (false, false, true) => Vec::new(),
                (false, false, false) => ids(&["E6"]),
            };
            [cx.grounds.to_vec(), why].concat()
        }
        // The tiles of the bonus being chosen, both of which can be played (E14).
        // Under R30 = yes with one tile to lay, R30 stands for E14 instead.
        EventKind::BonusTiles => {
            let single = event.clauses.contains(&id("R30"));
            [cx.grounds.to_vec(), if single { Vec::new() } else { ids(&["E14"]) }].concat()
        }
        EventKind::Draw { .. } => ids(&["E9", "E15", "S13"]),
        EventKind::Pass => ids(&["E15", "S14"]),
        EventKind::RoundEnd { ending: RoundEnding::WentOut, .. } => ids(&["E10", "S18"]),
        EventKind::RoundEnd { ending: RoundEnding::Blocked, .. } => ids(&["E15", "S14"]),
        EventKind::GameEnd { .. } => [ids(&["E16", "S19"]), variant.target_clauses().to_vec()].concat(),
    };
    // A placement's verdict brings the grounds of the readings that judge
    // it (of those that fired); every other reading brings the spec's.
    let placement =
        matches!(&event.kind, EventKind::Place { kind: PlacementKind::Turn | PlacementKind::BonusTile, .. });
    for &reading in event.clauses.iter().filter(|c| c.source() == Source::Reading) {
        if !(placement && [1, 2, 3, 4, 5, 6, 7, 9, 26].contains(&reading.number())) {
            all.extend(variant.spec_clauses(reading).iter().copied());
        }
    }
    text_clauses(&variant.own(all))
}
