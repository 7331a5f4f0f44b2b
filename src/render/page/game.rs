//! The page of a game transcript: the table after every event, the event in
//! words with its clause ids, the running totals and each seat's hand as the
//! transcript tells them (dealt, less each tile placed, plus each tile
//! drawn), and what the replay through the rules found.

use crate::game::EventKind;
use crate::model::{Board, TileId};
use crate::play::{Mismatch, Replayed, Transcript};

use super::super::{Highlight, Marks};
use super::{Column, Frame, Note, NoteKind, Page, event_brief, event_lines, file_name, ids, is_move};

/// The board in words, for its text alternative: how many tiles, and the
/// placement drawn in red.
pub(super) fn board_alt(when: &str, board: &Board, lit: Option<String>) -> String {
    match (board.len(), lit) {
        (0, _) => format!("{when}: the board is empty."),
        (n, Some(last)) => {
            format!("{when}: {n} tile{} on the board; {last}, outlined in red.", if n == 1 { "" } else { "s" })
        }
        (n, None) => format!("{when}: {n} tile{} on the board.", if n == 1 { "" } else { "s" }),
    }
}

/// The page of a transcript read from `name`, played under `label`, with
/// what its replay through the rules found.
pub fn transcript_page(t: &Transcript, name: &str, label: &str, replay: &Result<Replayed, Box<Mismatch>>) -> Page {
    let players = t.players;
    let mut board = Board::new();
    let mut plays: Vec<Highlight> = Vec::new();
    let mut hands: Vec<Option<Vec<TileId>>> = vec![None; players];
    let mut round = None;
    let mut frames = Vec::with_capacity(t.events.len());
    let mut steps = Vec::with_capacity(t.events.len());
    let mut log = Vec::with_capacity(t.events.len());
    let wrong = replay.as_ref().err().filter(|m| m.index < t.events.len());
    for (k, event) in t.events.iter().enumerate() {
        match &event.kind {
            EventKind::Deal { round: r, hands: dealt, .. } => {
                // A new round starts on an empty table.
                board = Board::new();
                plays.clear();
                round = Some(*r);
                hands = (0..players).map(|s| Some(dealt.get(s).cloned().unwrap_or_default())).collect();
            }
            EventKind::Redeal { hands: dealt, .. } => {
                hands = (0..players).map(|s| Some(dealt.get(s).cloned().unwrap_or_default())).collect();
            }
            EventKind::Place { tile, at, corners, bonus, .. } => {
                board.insert(*at, *corners);
                plays.push(Highlight { cell: *at, number: Some(plays.len() + 1), bonus: *bonus, lit: false });
                if let Some(Some(hand)) = event.seat.and_then(|s| hands.get_mut(s))
                    && let Some(i) = hand.iter().position(|h| h == tile)
                {
                    hand.remove(i);
                }
            }
            EventKind::Draw { tile } => {
                if let Some(Some(hand)) = event.seat.and_then(|s| hands.get_mut(s)) {
                    hand.push(*tile);
                }
            }
            _ => {}
        }
        // The round's last placement so far is drawn in red, as `render
        // --step K` draws it.
        let mut highlights = plays.clone();
        if let Some(h) = highlights.last_mut() {
            h.lit = true;
        }
        let lit = highlights.last().and_then(|h| {
            let corners = board.get(h.cell)?;
            Some(format!("the last placed, {} as {corners} at {}", corners.id(), h.cell))
        });
        let when = format!("after event {k}");
        let round_words = round.map(|r| format!(" (round {r})")).unwrap_or_default();
        let lines = event_lines(&event.kind, event.seat, event.score);
        log.push(event_brief(&event.kind, event.seat, event.score));
        // Who moves next is who the transcript says made the next move.
        let to_move = t.events.get(k + 1).filter(|e| is_move(&e.kind)).and_then(|e| e.seat);
        let note = wrong.filter(|m| m.index == k).map(|m| Note {
            kind: NoteKind::Wrong,
            text: format!("not what the rules give: {}", m.reasons.join("; ")),
        });
        frames.push(Frame {
            alt: board_alt(&format!("{when}{round_words}"), &board, lit),
            board: board.clone(),
            marks: Marks { highlights, ..Marks::default() },
            lines,
            clauses: event.clauses.clone(),
            note,
            round,
            scores: event.totals.iter().map(|&s| Some(s)).collect(),
            hands: hands.clone(),
            acting: event.seat,
            to_move,
            outcome: None,
        });
        steps.push(format!("after event {k}, {}", event.kind.tag().name()));
    }
    let rounds = t.events.iter().filter(|e| matches!(e.kind, EventKind::Deal { .. })).count();
    let mut summary = vec![format!(
        "A game of {players} seats under {label}, {} event{} in {rounds} round{}{}{}.",
        t.events.len(),
        if t.events.len() == 1 { "" } else { "s" },
        if rounds == 1 { "" } else { "s" },
        t.seed.map(|s| format!("; seed {s}")).unwrap_or_default(),
        t.strategy.as_ref().map(|s| format!(", strategy {s}")).unwrap_or_default(),
    )];
    let scores: Vec<String> = t.scores.iter().enumerate().map(|(s, v)| format!("seat {s} {v}")).collect();
    let ended = match (t.winner, t.ended) {
        (Some(w), _) => format!("seat {w} won; "),
        (None, Some(e)) => format!("stopped ({}), nobody has won; ", e.as_str()),
        (None, None) => String::new(),
    };
    summary.push(format!("Final scores: {ended}{}.", scores.join(", ")));
    let mut jumps = Vec::new();
    let mut summary_clauses = Vec::new();
    match replay {
        Ok(r) => {
            let clauses = if r.unchecked.iter().any(|u| u == "clauses") { "" } else { ", clause list" };
            summary.push(format!(
                "Replayed through the rules: every event, score change, running total{clauses} and the final scores \
are what the rules give."
            ));
            if !r.unchecked.is_empty() {
                summary.push(format!("Recorded but not checked: {}.", r.unchecked.join(", ")));
            }
        }
        Err(m) => {
            let at = if m.index < t.events.len() { format!("event {}", m.index) } else { "the end".to_string() };
            summary.push(format!(
                "Replayed through the rules: {at} is not what the rules give: {} [{}].",
                m.reasons.join("; "),
                ids(&m.clauses)
            ));
            summary_clauses = m.clauses.clone();
            if m.index < t.events.len() {
                jumps.push((m.index, format!("Go to event {}, the first that is wrong", m.index)));
            }
        }
    }
    Page {
        title: format!("{}: a game, {label}", file_name(name)),
        summary,
        summary_clauses,
        jumps,
        steps,
        log,
        details: Vec::new(),
        start: 0,
        columns: vec![Column {
            heading: None,
            rows: (0..players).map(|s| format!("seat {s}")).collect(),
            score_heading: "score".to_string(),
            frames,
        }],
    }
}
