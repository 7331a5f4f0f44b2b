//! The page of a scenario run under several variants or reading values:
//! one column per variant, all stepping together through the start and each
//! action, each action's verdict, events, points and clauses in every
//! column, and every action where a variant's outcome parts from the
//! baseline's marked in both (the first said to be the first).

use std::collections::{BTreeMap, BTreeSet};

use crate::game::EventKind;
use crate::play::{Comparison, Run, StepOutcome, Table, parting_actions};
use crate::rules::Clause;

use super::super::{Highlight, Marks};
use super::game::board_alt;
use super::{Column, Frame, Note, NoteKind, Outcome, Page, event_lines, ids};

/// The clauses behind a step: a refusal's, or those of its events.
fn step_clauses(step: &StepOutcome) -> Vec<Clause> {
    if !step.clauses.is_empty() {
        return step.clauses.clone();
    }
    let mut c: Vec<Clause> = step.events.iter().flat_map(|e| e.clauses.iter().copied()).collect();
    c.sort_unstable();
    c.dedup();
    c
}

/// A step's verdict in a few words.
fn verdict(step: &StepOutcome) -> String {
    match &step.reason {
        Some(reason) => format!("refused: {reason}"),
        None => {
            let score = if step.score > 0 { format!("+{}", step.score) } else { step.score.to_string() };
            format!("accepted, {score} points; then {}", step.phase)
        }
    }
}

/// A step's outcome in the fields the page lines up across its columns.
fn outcome(step: Option<&StepOutcome>) -> Outcome {
    match step {
        None => Outcome { verdict: "the start".into(), ..Outcome::default() },
        Some(step) => {
            let events: Vec<String> = step
                .events
                .iter()
                .map(|e| match e.kind {
                    EventKind::Place { bonus: true, .. } => "place+bonus".to_string(),
                    ref kind => kind.tag().name().to_string(),
                })
                .collect();
            let refused = step.reason.is_some();
            Outcome {
                verdict: step.verdict.to_string(),
                points: if refused { String::new() } else { format!("{:+}", step.score) },
                events: if events.is_empty() { "none".to_string() } else { events.join(", ") },
                then: step.phase.to_string(),
            }
        }
    }
}

/// Whether two steps' own outcomes part: the verdict, the points, the
/// phase after it or the kinds of event, not the running totals (which
/// differ at every step after a first difference in points).
fn outcome_parts(a: Option<&StepOutcome>, b: Option<&StepOutcome>) -> bool {
    outcome(a) != outcome(b)
}

/// One variant's column: the start, then each action. `parts` are the
/// actions where it parts from the baseline; `baseline_at`, in the
/// baseline's own column, who parts from it at each action. A run with
/// fewer actions than the page's `total` steps (one of two games laid side
/// by side, over sooner) keeps its last table for the steps after its end.
fn column(
    run: &Run,
    tables: &[Table],
    parts: &BTreeSet<usize>,
    baseline_at: &BTreeMap<usize, String>,
    total: usize,
) -> Column {
    let players = tables.first().map_or(0, |t| t.hands.len());
    let mut frames = Vec::with_capacity(total);
    let mut plays: Vec<Highlight> = Vec::new();
    let mut round = tables.first().map(|t| t.round);
    for (k, table) in tables.iter().enumerate() {
        let before = k.checked_sub(1).and_then(|i| tables.get(i));
        if before.is_some_and(|b| b.round != table.round) {
            plays.clear();
        }
        round = Some(table.round).or(round);
        let step = k.checked_sub(1).and_then(|i| run.steps.get(i));
        let (lines, clauses, acting) = match step {
            None => {
                let mut lines = vec!["the start".to_string()];
                for e in &run.setup {
                    lines.extend(event_lines(&e.kind, e.seat, e.score));
                }
                if let Some(s) = table.to_move {
                    lines.push(format!("seat {s} to move"));
                }
                let mut clauses: Vec<Clause> = run.setup.iter().flat_map(|e| e.clauses.iter().copied()).collect();
                clauses.sort_unstable();
                clauses.dedup();
                (lines, clauses, None)
            }
            Some(step) => {
                let mut lines = vec![format!("action {k}: {}", step.action), verdict(step)];
                for e in &step.events {
                    lines.extend(event_lines(&e.kind, e.seat, e.score));
                }
                (lines, step_clauses(step), before.and_then(|b| b.to_move))
            }
        };
        // This action's placements are drawn in red; the round's earlier
        // ones keep their numbers.
        for h in &mut plays {
            h.lit = false;
        }
        for e in step.map(|s| s.events.as_slice()).unwrap_or_default() {
            if let EventKind::Place { at, bonus, .. } = e.kind {
                plays.push(Highlight { cell: at, number: Some(plays.len() + 1), bonus, lit: true });
            }
        }
        let lit: Vec<String> = plays
            .iter()
            .filter(|h| h.lit)
            .filter_map(|h| Some(format!("{} at {}", table.board.get(h.cell)?, h.cell)))
            .collect();
        let when = if k == 0 { "At the start".to_string() } else { format!("After action {k}") };
        let lit = (!lit.is_empty()).then(|| format!("placed by this action: {}", lit.join(", ")));
        // Every action where the outcome parts is marked, not only the
        // first: a variant that refuses one action may well refuse the next.
        let note = if parts.contains(&k) {
            let text = if parts.first() == Some(&k) {
                "Here this variant first parts from the baseline."
            } else {
                "Here this variant parts from the baseline again."
            };
            Some(Note { kind: NoteKind::Differs, text: text.into() })
        } else {
            baseline_at.get(&k).map(|others| Note {
                kind: NoteKind::Baseline,
                text: format!("The baseline; here {others} part from it."),
            })
        };
        frames.push(Frame {
            alt: format!("{}, {}", run.variant, board_alt(&when, &table.board, lit)),
            board: table.board.clone(),
            marks: Marks { highlights: plays.clone(), ..Marks::default() },
            lines,
            clauses,
            note,
            round,
            scores: table.scores.iter().map(|&s| Some(s)).collect(),
            hands: table.hands.iter().map(|h| Some(h.clone())).collect(),
            acting,
            to_move: table.to_move,
            outcome: Some(outcome(step)),
        });
    }
    if let Some(last) = frames.last().cloned() {
        let ended = frames.len().saturating_sub(1);
        while frames.len() < total {
            let k = frames.len();
            frames.push(Frame {
                lines: vec![format!("no action {k}: this run ended at action {ended}; its last table stays")],
                clauses: Vec::new(),
                note: parts.contains(&k).then(|| Note {
                    kind: NoteKind::Differs,
                    text: "Here this variant parts from the baseline again.".into(),
                }),
                acting: None,
                marks: Marks {
                    highlights: last.marks.highlights.iter().map(|h| Highlight { lit: false, ..h.clone() }).collect(),
                    ..Marks::default()
                },
                alt: format!("{}, {}", run.variant, board_alt(&format!("At step {k}"), &last.board, None)),
                ..last.clone()
            });
        }
    }
    Column {
        heading: Some(run.variant.clone()),
        rows: (0..players).map(|s| format!("seat {s}")).collect(),
        score_heading: "score".to_string(),
        frames,
    }
}

/// The page of a comparison: `runs` are the runs of every variant
/// compared, in its order (the first the baseline), each with its tables
/// ([`crate::play::LoadedScenario::run_with_tables`]); `name` is the file.
pub fn comparison_page(c: &Comparison, runs: &[(Run, Vec<Table>)], name: &str, description: Option<&str>) -> Page {
    let baseline = c.variants.first().cloned().unwrap_or_default();
    // Where each variant parts from the baseline, and who parts at each
    // such action: its first difference, and every later action whose own
    // outcome parts; an action that differs only in the running totals a
    // first difference left behind is not marked.
    let parts: Vec<BTreeSet<usize>> = match runs.first() {
        Some((first, _)) => runs
            .iter()
            .enumerate()
            .map(|(i, (run, _))| {
                let all = if i == 0 { Vec::new() } else { parting_actions(first, run) };
                let start = all.first().copied();
                all.into_iter()
                    .filter(|&k| Some(k) == start || outcome_parts(first.steps.get(k - 1), run.steps.get(k - 1)))
                    .collect()
            })
            .collect(),
        None => Vec::new(),
    };
    let mut baseline_at: BTreeMap<usize, String> = BTreeMap::new();
    for ((run, _), at) in runs.iter().zip(&parts).skip(1) {
        for &k in at {
            let names = baseline_at.entry(k).or_default();
            if !names.is_empty() {
                names.push_str(", ");
            }
            names.push_str(&run.variant);
        }
    }
    let mut jumps = Vec::new();
    let mut cited: Vec<Clause> = Vec::new();
    let mut summary = vec![format!("Scenario {}, from {name}.", c.scenario)];
    let mut details = Vec::new();
    if let Some(d) = description {
        details.push(d.trim().to_string());
    }
    match &c.baseline {
        Some(note) => summary.push(format!("Baseline: {baseline} ({note}).")),
        None => summary.push(format!("Baseline: {baseline}, the first variant.")),
    }
    for d in &c.differences {
        let others = d.sides.len().saturating_sub(1);
        cited.extend(d.sides.iter().flat_map(|s| s.clauses.iter().copied()));
        // Each variant's side in full, folded away: the table of outcomes
        // on the page says it at the step, a field to a cell.
        details.push(format!("At action {} ({}):", d.action, d.description));
        for s in &d.sides {
            let what = match &s.reason {
                Some(reason) => format!("refused: {reason}"),
                None => format!("accepted: {}, {:+} points, then {}", s.events.join(", "), s.score, s.phase),
            };
            details.push(format!("{} {what} [{}]", s.variant, ids(&s.clauses)));
        }
        summary.push(format!(
            "First difference at action {} ({}): {others} variant{} part{} from the baseline.",
            d.action,
            d.description,
            if others == 1 { "" } else { "s" },
            if others == 1 { "s" } else { "" }
        ));
        jumps.push((
            d.action,
            format!(
                "Go to action {}, where {others} variant{} part{} from the baseline",
                d.action,
                if others == 1 { "" } else { "s" },
                if others == 1 { "s" } else { "" }
            ),
        ));
    }
    let n = c.variants.len();
    summary.push(match c.differing {
        0 => format!("{n} variant{} compared: all agree.", if n == 1 { "" } else { "s" }),
        d => format!("{n} variants compared: {d} differ{} from {baseline}.", if d == 1 { "s" } else { "" }),
    });
    // Runs of one scenario have as many steps each; games laid side by
    // side may not, and the page runs to the end of the longest.
    let total = runs.iter().map(|(_, tables)| tables.len()).max().unwrap_or(0);
    let columns: Vec<Column> = runs
        .iter()
        .zip(&parts)
        .enumerate()
        .map(|(i, ((run, tables), at))| {
            let marks = if i == 0 { baseline_at.clone() } else { BTreeMap::new() };
            column(run, tables, at, &marks, total)
        })
        .collect();
    let mut steps = Vec::with_capacity(total);
    let mut log = Vec::with_capacity(total);
    for k in 0..total {
        if k == 0 {
            steps.push("the start".to_string());
            log.push("the scenario's starting table".to_string());
            continue;
        }
        // The first run's action, or the first that has one where it has
        // ended.
        let action = runs.iter().find_map(|(r, _)| r.steps.get(k - 1)).map(|s| s.action.clone()).unwrap_or_default();
        steps.push(format!("after action {k}, {action}"));
        // The row: the action, how many accept it, how many part there.
        let accepted = runs.iter().filter(|(r, _)| r.steps.get(k - 1).is_some_and(|s| s.reason.is_none())).count();
        let verdicts = match (accepted, runs.len() - accepted) {
            (a, 0) => format!("accepted in {a}"),
            (0, r) => format!("refused in {r}"),
            (a, r) => format!("accepted in {a}, refused in {r}"),
        };
        let parting = columns
            .iter()
            .filter(|c| c.frames.get(k).and_then(|f| f.note.as_ref()).is_some_and(|n| n.kind == NoteKind::Differs))
            .count();
        let parting = if parting > 0 { format!("; {parting} part") } else { String::new() };
        log.push(format!("{action}: {verdicts}{parting}"));
    }
    Page {
        title: format!("{}: {} variant{} side by side", c.scenario, n, if n == 1 { "" } else { "s" }),
        summary,
        summary_clauses: {
            cited.sort_unstable();
            cited.dedup();
            cited
        },
        details,
        start: jumps.first().map_or(0, |(k, _)| *k),
        jumps,
        steps,
        log,
        columns,
    }
}
