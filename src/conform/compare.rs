//! The rules' answers beside the engine's: two move lists compared
//! placement by placement, each placement that differs given with the
//! rules' verdict and the clauses behind it; and the placements a verdict
//! case asks the engine to judge.

use std::collections::BTreeMap;

use crate::formats::MoveRecord;
use crate::model::{Board, TileId};
use crate::rules::{Clause, Placement, Variant, Verdict, contacts, judge};

use super::report::{Divergence, Facts, PlacementVerdict, Step};

/// The most placements a verdict case asks the engine to judge (besides
/// the legal ones and their other orientations, always asked).
pub const MAX_JUDGED: usize = 400;

/// The most placements in orientations R1 forbids a verdict case asks
/// about (those that match as placed, always asked).
pub const MAX_FORBIDDEN: usize = 200;

/// A move's placement.
pub fn step_of(m: &MoveRecord) -> Step {
    Step { tile: m.tile, at: m.at, corners: m.corners }
}

/// A move's verdict.
pub fn facts_of(m: &MoveRecord) -> Facts {
    Facts::legal(m.points, m.matched, m.bonus, m.by_weight)
}

/// The rules' verdict on a placement of a hand tile, the clauses behind it
/// and, when it is illegal, every reason.
pub fn our_verdict(board: &Board, variant: &Variant, hand: &[TileId], step: Step) -> (Facts, Vec<Clause>, Vec<String>) {
    let p = Placement { tile: step.tile, at: step.at, corners: step.corners };
    match judge(board, variant, p, Some(hand)) {
        Verdict::Legal(l) => (Facts::legal(l.points, l.matched, l.bonus, l.by_weight), l.clauses, Vec::new()),
        Verdict::Illegal(reasons) => {
            (Facts::ILLEGAL, reasons.clauses(variant), reasons.iter().map(|r| r.to_string()).collect())
        }
    }
}

/// A placement with the rules' verdict and the engine's.
pub fn verdict_beside(
    board: &Board,
    variant: &Variant,
    hand: &[TileId],
    step: Step,
    theirs: Option<Facts>,
) -> PlacementVerdict {
    let (ours, clauses, reasons) = our_verdict(board, variant, hand, step);
    PlacementVerdict { placement: step, ours, theirs, clauses, reasons }
}

/// Where the engine's move list parts from the rules' at one position, and
/// the placements it lists twice; an empty divergence when they agree.
pub fn compare_lists(
    board: &Board,
    variant: &Variant,
    hand: &[TileId],
    ours: &[MoveRecord],
    theirs: &[MoveRecord],
) -> (Divergence, Vec<String>) {
    let mine: BTreeMap<Step, &MoveRecord> = ours.iter().map(|m| (step_of(m), m)).collect();
    let mut listed: BTreeMap<Step, &MoveRecord> = BTreeMap::new();
    let mut twice = Vec::new();
    for m in theirs {
        if listed.insert(step_of(m), m).is_some() {
            twice.push(format!("the engine lists {} as {} at {} twice", m.tile, m.corners, m.at));
        }
    }
    let mut d = Divergence {
        sequence: Vec::new(),
        position: String::new(),
        depth: None,
        ours: ours.len(),
        theirs: theirs.len(),
        missing: Vec::new(),
        extra: Vec::new(),
        differing: Vec::new(),
    };
    for (step, m) in &mine {
        match listed.get(step) {
            None => d.missing.push(verdict_beside(board, variant, hand, *step, None)),
            Some(t) if facts_of(t) != facts_of(m) => {
                d.differing.push(verdict_beside(board, variant, hand, *step, Some(facts_of(t))));
            }
            Some(_) => {}
        }
    }
    for (step, t) in &listed {
        if !mine.contains_key(step) {
            d.extra.push(verdict_beside(board, variant, hand, *step, Some(facts_of(t))));
        }
    }
    (d, twice)
}

/// The placements a verdict case asks the engine to judge: every legal
/// placement and every other orientation of its tile in its cell; one
/// placement each on a taken cell, on a cell touching no side, and of a
/// tile not in the hand; every orientation R1 forbids that matches where
/// it is placed (up to [`MAX_FORBIDDEN`]); then, up to [`MAX_JUDGED`] in all, placements of
/// hand tiles in every orientation at every open cell, those that match
/// the most touching corners first: the near misses, which a reading read
/// otherwise turns legal. Sorted, each once.
pub fn verdict_candidates(board: &Board, variant: &Variant, hand: &[TileId], legal: &[MoveRecord]) -> Vec<Step> {
    let mut steps: Vec<Step> = Vec::new();
    let orientations = |tile: TileId| variant.orientations().of(variant.tile_set(), tile).to_vec();
    for m in legal {
        steps.push(step_of(m));
        for corners in orientations(m.tile) {
            steps.push(Step { tile: m.tile, at: m.at, corners });
        }
    }
    let open = board.open_cells();
    if let Some((tile, corners)) = hand.iter().find_map(|&t| orientations(t).first().map(|&c| (t, c))) {
        if let Some((at, _)) = board.tiles().first() {
            steps.push(Step { tile, at: *at, corners });
        }
        if let Some((lo, hi)) = board.bounds() {
            steps.push(Step { tile, at: crate::model::Cell::new(hi.x + 2, lo.y), corners });
        }
    }
    let away = variant.tile_set().ids().find(|&t| !hand.contains(&t) && !board.holds_tile(t));
    if let (Some(tile), Some(&at)) = (away, legal.first().map(|m| &m.at).or(open.first()))
        && let Some(&corners) = orientations(tile).first()
    {
        steps.push(Step { tile, at, corners });
    }
    // Every orientation R1 forbids that would match were any arrangement
    // allowed: an engine that ignores the arrangement takes them.
    if let Ok(any_order) = variant.clone().with_rule("R1", "any-order") {
        let forbidden: Vec<Step> = open
            .iter()
            .flat_map(|&at| {
                hand.iter().flat_map(move |&tile| {
                    tile.permutations().into_iter().map(move |corners| Step { tile, at, corners })
                })
            })
            .filter(|s: &Step| variant.orientations().index(s.corners).is_none())
            .collect();
        let legal_otherwise = |s: &Step| {
            let p = Placement { tile: s.tile, at: s.at, corners: s.corners };
            matches!(judge(board, &any_order, p, Some(hand)), Verdict::Legal(_))
        };
        steps.extend(forbidden.into_iter().filter(legal_otherwise).take(MAX_FORBIDDEN));
    }
    steps.sort();
    steps.dedup();
    let mut rest: Vec<Step> = open
        .iter()
        .flat_map(|&at| {
            hand.iter()
                .flat_map(move |&tile| orientations(tile).into_iter().map(move |corners| Step { tile, at, corners }))
        })
        .filter(|s| steps.binary_search(s).is_err())
        .collect();
    let matched = |s: &Step| contacts(board, variant, s.at, s.corners).iter().filter(|c| c.matched).count();
    rest.sort_by_cached_key(|s| std::cmp::Reverse(matched(s)));
    rest.truncate(MAX_JUDGED.saturating_sub(steps.len()));
    steps.extend(rest);
    steps.sort();
    steps.dedup();
    steps
}

/// A note naming equal weight (R5) where the engine lists or judges
/// placements legal by equal weight alone that the rules do not: the
/// rules' reasons then cite the corner clauses, not the reading the engine
/// reads otherwise.
pub fn weight_note(d: &Divergence, variant: &Variant) -> Option<String> {
    let by_weight = d
        .extra
        .iter()
        .chain(&d.differing)
        .filter(|p| p.theirs.is_some_and(|t| t.by_weight == Some(true)) && p.ours.by_weight != Some(true))
        .count();
    let cited: Vec<String> = variant.cite(crate::rules::ids::r(5)).iter().map(|c| c.to_string()).collect();
    (by_weight > 0).then(|| {
        format!(
            "the engine takes {by_weight} placement(s) by equal weight alone, which the rules do not ({}: R5 = {})",
            if cited.is_empty() { "R5".to_string() } else { cited.join(", ") },
            variant.rules().get("equal-weight").unwrap_or_default()
        )
    })
}

/// The most differing placements judged again under each other reading
/// value by [`readings_note`].
const REJUDGED: usize = 60;

/// Each reading whose other value judges the differing placements of `d`
/// as the engine does (a placement it does not list, illegal): the
/// reading the engine reads otherwise, where one does. The position and
/// variant are `d`'s own (its notation carries the label).
pub fn readings_note(d: &Divergence) -> Option<String> {
    let read = crate::formats::notation::parse(&d.position).ok()?;
    let variant = super::labels::variant_by_label(read.variant.as_deref()?)?;
    let position = crate::rules::Position::from_setup(&read.board, &read.hand, &variant).ok()?;
    let placed: Vec<&PlacementVerdict> = d.missing.iter().chain(&d.extra).chain(&d.differing).take(REJUDGED).collect();
    if placed.is_empty() {
        return None;
    }
    let values = super::labels::values_of(&variant);
    let mut found = Vec::new();
    for reading in crate::rules::READINGS.iter() {
        let own = values.iter().find(|(id, _)| *id == reading.id).map(|(_, v)| v.as_str()).unwrap_or_default();
        for (value, _) in reading.values.iter().filter(|(v, _)| *v != own) {
            let Some(other) = super::labels::with_value(&variant, reading, value) else { continue };
            let agrees = placed.iter().all(|p| {
                let (facts, ..) = our_verdict(&position.board, &other, &position.hand, p.placement);
                facts == p.theirs.unwrap_or(Facts::ILLEGAL)
            });
            if agrees {
                found.push((reading.id, *value, own.to_string()));
            }
        }
    }
    if found.is_empty() {
        return None;
    }
    let under: Vec<String> = found.iter().map(|(id, v, _)| format!("{id} = {v}")).collect();
    let has: Vec<String> = found.iter().map(|(id, _, own)| format!("{id} = {own}")).collect();
    Some(format!(
        "the engine judges the placements that differ as the rules do under {} ({} has {})",
        under.join(", or "),
        variant.label(),
        has.join(", ")
    ))
}
