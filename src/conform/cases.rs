//! Each kind of case: what is asked of the engine and how its answer is
//! held to the rules'.

use crate::formats::{move_records, notation};
use crate::game::{EventKind, PlacementKind};
use crate::model::{Board, Cell, Corners, TileId};
use crate::play::{ReplayChecks, Transcript, replay_checking};
use crate::protocol::message::{JudgeLine, PerftLines, parse_divide_line, shorten};
use crate::protocol::{Capability, Request};
use crate::rules::{MoveGen, Variant};
use crate::suite::edges::{Refusal, refusal_lines};
use crate::suite::{PerftFixture, PositionFixture, VariantMoves};
use crate::words::counted;

use super::compare::{compare_lists, our_verdict, verdict_beside, verdict_candidates, weight_note};
use super::report::{Divergence, Facts, Failure, FailureKind};
use super::session::{Session, Trouble, Verdict, each, garbage, position_of, rules_of};

/// A wrong answer to `request`, with its details, and where the answers
/// part at a position, the reading that would give the engine's answers
/// there.
fn wrong_answer(request: &Request, mut details: Vec<String>, divergence: Option<Divergence>) -> Failure {
    details.extend(divergence.as_ref().and_then(super::compare::readings_note));
    Failure {
        kind: FailureKind::WrongAnswer,
        request: Some(request.to_string()),
        details,
        divergence,
        replay: None,
        stderr: None,
    }
}

/// A case whose answer to `request` is wrong.
fn wrong(request: &Request, summary: String, details: Vec<String>, divergence: Option<Divergence>) -> Verdict {
    Verdict::Wrong(summary, Box::new(wrong_answer(request, details, divergence)))
}

/// One line: how the lists differ.
pub(super) fn differs(d: &Divergence) -> String {
    format!(
        "{} legal placement(s) missing, {} listed that are not legal, {} with other details (the rules give {}, the engine lists {})",
        d.missing.len(),
        d.extra.len(),
        d.differing.len(),
        d.ours,
        d.theirs
    )
}

fn loaded(p: &PositionFixture, variant: &Variant) -> Result<(Board, Vec<TileId>), Trouble> {
    let board: Vec<(Cell, Corners)> = p.board.iter().map(|b| (b.at, b.tile)).collect();
    let position = position_of(&board, &p.hand, variant).map_err(|m| Trouble::Refused {
        request: String::new(),
        message: format!("the position does not load: {m}"),
    })?;
    Ok((position.board, position.hand))
}

/// A position's move list.
pub(super) fn positions(s: &mut Session, p: &PositionFixture, m: &VariantMoves) -> Result<Verdict, Trouble> {
    let variant = rules_of(&m.variant)?;
    let (board, hand) = loaded(p, &variant)?;
    s.set(&m.variant, &board, &hand)?;
    let theirs = s.moves()?;
    let (mut d, twice) = compare_lists(&board, &variant, &hand, &m.moves, &theirs);
    if d.is_empty() && twice.is_empty() {
        return Ok(Verdict::Pass(format!("{} legal placement(s), as the rules give", m.moves.len())));
    }
    d.position = notation::write(&board, &hand, Some(&m.variant));
    let summary = if d.is_empty() { twice.join("; ") } else { format!("the move list differs: {}", differs(&d)) };
    let mut details = twice;
    details.extend(weight_note(&d, &variant));
    Ok(wrong(&Request::Moves, summary, details, Some(d)))
}

/// The verdicts on chosen placements of a position.
pub(super) fn verdicts(s: &mut Session, p: &PositionFixture, m: &VariantMoves) -> Result<Verdict, Trouble> {
    let variant = rules_of(&m.variant)?;
    let (board, hand) = loaded(p, &variant)?;
    s.set(&m.variant, &board, &hand)?;
    let asked = verdict_candidates(&board, &variant, &hand, &m.moves);
    let mut d = Divergence {
        sequence: Vec::new(),
        position: notation::write(&board, &hand, Some(&m.variant)),
        depth: None,
        ours: 0,
        theirs: 0,
        missing: Vec::new(),
        extra: Vec::new(),
        differing: Vec::new(),
    };
    let mut first = None;
    for step in &asked {
        let request = Request::Judge(step.at, step.corners);
        let lines = s.ask(&request)?;
        let [line] = &lines[..] else {
            return Err(garbage(&request, format!("{} data lines; a verdict is one line", lines.len())));
        };
        let theirs = match JudgeLine::parse(line).map_err(|e| garbage(&request, e))? {
            JudgeLine::Legal { points, matched, bonus, by_weight } => Facts::legal(points, matched, bonus, by_weight),
            JudgeLine::Illegal(_) => Facts::ILLEGAL,
        };
        let (ours, ..) = our_verdict(&board, &variant, &hand, *step);
        d.ours += usize::from(ours.legal);
        d.theirs += usize::from(theirs.legal);
        if ours != theirs {
            first.get_or_insert(request);
            d.differing.push(verdict_beside(&board, &variant, &hand, *step, Some(theirs)));
        }
    }
    match first {
        None => Ok(Verdict::Pass(format!("{} ({} legal), as the rules give", counted(asked.len(), "verdict"), d.ours))),
        Some(request) => {
            let summary = format!("{} of {} verdicts differ from the rules'", d.differing.len(), asked.len());
            Ok(wrong(&request, summary, Vec::new(), Some(d)))
        }
    }
}

/// Bonus counts as the rules give them, read as equal when one stops at
/// the hand's size and the other goes on with zeros to the depth.
fn same_bonus(ours: &[u64], theirs: &[u64], depth: usize) -> bool {
    let padded: Vec<u64> = ours.iter().copied().chain(std::iter::repeat(0)).take(depth).collect();
    theirs == ours || theirs == padded
}

/// A perft count, and its divide where the engine offers it; a difference
/// is drilled down to where the move lists part.
pub(super) fn perft(s: &mut Session, f: &PerftFixture) -> Result<Verdict, Trouble> {
    let variant = rules_of(&f.variant)?;
    let read = notation::parse(&f.notation)
        .map_err(|e| Trouble::Refused { request: String::new(), message: format!("notation: {e}") })?;
    let position = position_of(&read.board, &read.hand, &variant).map_err(|m| Trouble::Refused {
        request: String::new(),
        message: format!("the position does not load: {m}"),
    })?;
    let (board, hand) = (position.board, position.hand);
    s.set(&f.variant, &board, &hand)?;
    let request = Request::Perft(f.depth);
    let lines = s.ask(&request)?;
    let theirs = PerftLines::parse(&lines).map_err(|e| garbage(&request, e))?;
    let mut details = Vec::new();
    if theirs.nodes != f.nodes {
        details.push(format!("nodes: the engine counts {}, the rules give {}", theirs.nodes, f.nodes));
    }
    if !same_bonus(&f.bonus, &theirs.bonus, f.depth) {
        details.push(format!(
            "bonus: the engine counts {:?}, the rules give {:?} (each placement that earns the bonus, R7, at its depth, over every sequence: a line that dies before the full depth counts too)",
            theirs.bonus, f.bonus
        ));
    }
    let mut asked = request.clone();
    // Our suites always carry divide; a folder whose perft counts do not
    // is compared on the totals alone.
    if let (true, true, Some(ours)) = (details.is_empty(), s.offers(Capability::Divide), &f.divide) {
        let request = Request::Divide(f.depth);
        let lines = s.ask(&request)?;
        let entries = each(&request, &lines, parse_divide_line)?;
        details.extend(crate::suite::divide_differences(ours, &entries, "the engine counts"));
        asked = request;
    }
    if details.is_empty() {
        return Ok(Verdict::Pass(format!(
            "depth {}: {}, bonus placements {:?}, as the rules give",
            f.depth,
            counted(f.nodes, "sequence"),
            f.bonus
        )));
    }
    let summary = format!("perft {}: {}", f.depth, details.join("; "));
    let (found, notes) = super::drill::drill(s, &variant, &f.variant, board, hand, f.depth)?;
    details.extend(notes);
    Ok(wrong(&asked, summary, details, found))
}

/// The move list at every turn of one of the suite's games: before each
/// placement of a turn, each draw and each pass, the acting seat's hand on
/// the board as it stands.
pub(super) fn game(s: &mut Session, name: &str, t: &Transcript, label: &str) -> Result<Verdict, Trouble> {
    let variant = rules_of(label)?;
    s.ask_done(&Request::Variant(label.to_string()))?;
    let mut board = Board::new();
    let mut hands: Vec<Vec<TileId>> = Vec::new();
    let mut round = 0;
    let mut asked = 0;
    for (i, e) in t.events.iter().enumerate() {
        let at_turn = matches!(
            e.kind,
            EventKind::Place { kind: PlacementKind::Turn, .. } | EventKind::Draw { .. } | EventKind::Pass
        );
        if let (true, Some(seat)) = (at_turn, e.seat) {
            let hand = hands.get(seat).cloned().unwrap_or_default();
            let request = Request::Position(notation::write(&board, &hand, None));
            s.ask_done(&request)?;
            let theirs = s.moves()?;
            let generator = MoveGen::new(&variant, &board, &hand);
            let ours = move_records(&generator, &hand).map_err(|(p, _)| Trouble::Refused {
                request: String::new(),
                message: format!(
                    "internal error: the move generator lists {} {} at {}, which the judge refuses",
                    p.tile, p.corners, p.at
                ),
            })?;
            asked += 1;
            let (mut d, twice) = compare_lists(&board, &variant, &hand, &ours, &theirs);
            if !(d.is_empty() && twice.is_empty()) {
                d.position = notation::write(&board, &hand, Some(label));
                let summary = format!(
                    "at event {i} of {name} (round {round}, seat {seat} to play): the move list differs: {}",
                    differs(&d)
                );
                let mut details =
                    vec![format!("{asked} position(s) of the game put to the engine; the first {} agreed", asked - 1)];
                details.extend(twice);
                return Ok(wrong(&Request::Moves, summary, details, Some(d)));
            }
        }
        match &e.kind {
            EventKind::Deal { round: r, hands: dealt, .. } => {
                board = Board::new();
                hands = dealt.clone();
                round = *r;
            }
            EventKind::Place { tile, at, corners, .. } => {
                board.insert(*at, *corners);
                if let Some(hand) = e.seat.and_then(|seat| hands.get_mut(seat)) {
                    hand.retain(|x| x != tile);
                }
            }
            EventKind::Draw { tile } => {
                if let Some(hand) = e.seat.and_then(|seat| hands.get_mut(seat)) {
                    hand.push(*tile);
                }
            }
            _ => {}
        }
    }
    Ok(Verdict::Pass(format!("{} of the game, every move list as the rules give", counted(asked, "position"))))
}

/// A game the engine plays from a seed, replayed by the rules.
pub(super) fn play(s: &mut Session, seed: u64, players: usize, label: &str) -> Result<Verdict, Trouble> {
    let variant = rules_of(label)?;
    s.ask_done(&Request::Variant(label.to_string()))?;
    let request = Request::Play { seed, players };
    let lines = s.ask(&request)?;
    let [line] = &lines[..] else {
        return Err(garbage(&request, format!("{} data lines; a transcript is one line of JSON", lines.len())));
    };
    let t: Transcript = serde_json::from_str(line).map_err(|e| garbage(&request, format!("not a transcript: {e}")))?;
    let mut details = Vec::new();
    if t.players != players {
        details.push(format!("{players} players asked for; the transcript has {}", t.players));
    }
    for ((reading, recorded), (_, ours)) in t.variant.rules.choices().iter().zip(variant.rules().choices()) {
        if *recorded != ours {
            details.push(format!(
                "the transcript records {} ({}) = {recorded}; {label} has {ours}",
                reading.id, reading.name
            ));
        }
    }
    // An engine that records no clause ids is not held to them.
    let clauses = t.events.iter().any(|e| !e.clauses.is_empty());
    let checked = if clauses { "clause ids compared" } else { "no clause ids recorded, none compared" };
    match replay_checking(&t, &variant, ReplayChecks { clauses }) {
        Ok(r) if details.is_empty() => Ok(Verdict::Pass(format!(
            "{} over {}{}, replayed by the rules ({checked})",
            counted(r.events, "event"),
            counted(r.rounds, "round"),
            r.winner.map_or(String::new(), |w| format!(", seat {w} winning"))
        ))),
        Ok(_) => Ok(wrong(&request, details.join("; "), details, None)),
        Err(m) => {
            let summary = format!("event {} is not what the rules give: {}", m.index, shorten(&m.reasons.join("; ")));
            details.extend(m.reasons.iter().cloned());
            details.extend(replayed_otherwise(&t, &variant));
            let mut failure = wrong_answer(&request, details, None);
            failure.replay = Some(*m);
            Ok(Verdict::Wrong(summary, Box::new(failure)))
        }
    }
}

/// Each reading whose other value replays the engine's game whole: the
/// reading it plays otherwise, where one does.
fn replayed_otherwise(t: &Transcript, variant: &Variant) -> Option<String> {
    let values = super::labels::values_of(variant);
    let mut found = Vec::new();
    for reading in crate::rules::READINGS.iter() {
        let own = values.iter().find(|(id, _)| *id == reading.id).map(|(_, v)| v.as_str()).unwrap_or_default();
        for (value, _) in reading.values.iter().filter(|(v, _)| *v != own) {
            let Some(other) = super::labels::with_value(variant, reading, value) else { continue };
            if replay_checking(t, &other, ReplayChecks { clauses: false }).is_ok() {
                found.push(format!("{} = {value} (its variant has {own})", reading.id));
            }
        }
    }
    (!found.is_empty()).then(|| format!("the engine's game replays whole under {}", found.join(", or ")))
}

/// A position the engine must refuse with `error`, set after one that
/// loads: the refused request changes nothing, so the first position's
/// move list must follow (where the engine offers `moves`). A variant set
/// after a position it no longer fits is taken, and then a request that
/// needs the position is refused.
pub(super) fn refusal(s: &mut Session, r: &Refusal) -> Result<Verdict, Trouble> {
    let internal = |message: String| Trouble::Refused { request: String::new(), message };
    let variant = rules_of(r.label)?;
    let [before, refused] = refusal_lines(r).map_err(internal)?;
    let first = position_of(&before.0, &before.1, &variant).map_err(internal)?;
    let under = match r.then_variant {
        Some(label) => rules_of(label)?,
        None => variant.clone(),
    };
    let Err(rules_say) = position_of(&refused.0, &refused.1, &under) else {
        return Err(internal(format!("internal error: the rules take the position of {}", r.id)));
    };
    s.set(r.label, &first.board, &first.hand)?;
    let wrong_if_taken = |request: &Request| {
        let summary = format!("the engine took what it must refuse with `error`: {}", r.why);
        let details = vec![
            format!("the rules refuse it: {rules_say}"),
            "docs/PROTOCOL.md, Refusals: every position the rules refuse is answered `error`, and changes nothing"
                .to_string(),
        ];
        wrong(request, summary, details, None)
    };
    if let Some(label) = r.then_variant {
        s.ask_done(&Request::Position(r.line.to_string()))?;
        s.ask_done(&Request::Variant(label.to_string()))?;
        let request = if s.offers(Capability::Moves) { Request::Moves } else { Request::Perft(1) };
        return match s.ask(&request) {
            Err(Trouble::Refused { .. }) => Ok(Verdict::Pass(format!("refused, as the rules refuse {}", r.why))),
            Err(other) => Err(other),
            Ok(_) => Ok(wrong_if_taken(&request)),
        };
    }
    // The move list before the refusal, held to the rules' first: a list
    // that differs there is a move-list failure, not the refusal's.
    let offers_moves = s.offers(Capability::Moves);
    let before_list = if offers_moves {
        let theirs = s.moves()?;
        let ours = move_records(&MoveGen::new(&variant, &first.board, &first.hand), &first.hand)
            .map_err(|(p, _)| internal(format!("internal error: the move generator lists {} at {}", p.tile, p.at)))?;
        let (mut d, twice) = compare_lists(&first.board, &variant, &first.hand, &ours, &theirs);
        if !(d.is_empty() && twice.is_empty()) {
            d.position = notation::write(&first.board, &first.hand, Some(r.label));
            let summary = format!("the move list differs, at the position set before the refusal: {}", differs(&d));
            let mut details = twice;
            details.extend(weight_note(&d, &variant));
            return Ok(wrong(&Request::Moves, summary, details, Some(d)));
        }
        Some(theirs)
    } else {
        None
    };
    let request = Request::Position(r.line.to_string());
    match s.ask(&request) {
        Err(Trouble::Refused { .. }) => {}
        Err(other) => return Err(other),
        Ok(_) => return Ok(wrong_if_taken(&request)),
    }
    if let Some(before) = before_list {
        let mut after = s.moves()?;
        let key = |m: &crate::formats::MoveRecord| (m.tile, m.at, m.corners);
        let mut before = before;
        before.sort_by_key(key);
        after.sort_by_key(key);
        if before != after {
            let summary = format!(
                "after refusing {}, the engine's position in force changed: an `error` changes nothing (docs/PROTOCOL.md); it listed {} placement(s) before, {} after",
                r.why,
                before.len(),
                after.len()
            );
            return Ok(wrong(&Request::Moves, summary, Vec::new(), None));
        }
    }
    Ok(Verdict::Pass(format!("refused, as the rules refuse {}; the position in force unchanged", r.why)))
}
