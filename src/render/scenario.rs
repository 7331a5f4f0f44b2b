//! Text reports for scenario checks and comparisons.

use std::fmt::Write;

use crate::play::{Comparison, Run, Side, side};
use crate::rules::Clause;

fn ids(clauses: &[Clause]) -> String {
    clauses.iter().map(|c| c.to_string()).collect::<Vec<_>>().join(", ")
}

/// An action's outcome in words: refused with the reason, or accepted with
/// its events, the acting seat's points, the phase after it and who won;
/// with `scores`, every seat's score after it too.
fn outcome_words(s: &Side, scores: bool) -> String {
    match &s.reason {
        Some(reason) => format!("refused: {reason}"),
        None => {
            let won = match s.winners.as_slice() {
                [] => String::new(),
                [one] => format!(", seat {one} wins"),
                many => format!(
                    ", seats {} share the win",
                    many.iter().map(ToString::to_string).collect::<Vec<_>>().join(" and ")
                ),
            };
            let events = if s.events.is_empty() { "no event".to_string() } else { s.events.join(", ") };
            let totals = if scores { format!("; scores {:?}", s.scores) } else { String::new() };
            format!("accepted: {events}, {:+} points, then {}{won}{totals}", s.score, s.phase)
        }
    }
}

/// The trace of one run, as `check --trace` prints it under the run's
/// line: each action numbered from 1, what it did, the score change,
/// every seat's score after it and the clauses [in brackets]; a refusal
/// the scenario expects for the action (`expected(i)`, from 0) is marked
/// `refused (expected)`, one it does not, `refused (NOT EXPECTED)`.
pub fn run_trace(run: &Run, indent: &str, expected: impl Fn(usize) -> bool) -> String {
    let mut out = String::new();
    let width = run.steps.iter().map(|s| s.action.len()).max().unwrap_or(0).min(48);
    let number = run.steps.len().to_string().len();
    for (i, step) in run.steps.iter().enumerate() {
        let s = side(&run.variant, step);
        let words = outcome_words(&s, true);
        let words = match (&s.reason, expected(i)) {
            (None, _) => words,
            (Some(reason), true) => format!("refused (expected): {reason}"),
            (Some(reason), false) => format!("refused (NOT EXPECTED): {reason}"),
        };
        let _ = writeln!(out, "{indent}{:>number$}. {:<width$}  {words} [{}]", i + 1, step.action, ids(&s.clauses));
    }
    out
}

/// The side-by-side text of a comparison: only where variants differ, then a
/// one-line summary; with a trace, every action's outcomes first.
pub fn comparison_text(c: &Comparison) -> String {
    let mut out = String::new();
    let _ = writeln!(out, "scenario: {}", c.scenario);
    if let (Some(note), Some(first)) = (&c.baseline, c.variants.first()) {
        let _ = writeln!(out, "baseline: {first} ({note})");
    }
    if !c.not_run.is_empty() {
        let _ = writeln!(
            out,
            "not run: {} (the scenario's other variant{}: the readings are varied on its first only; --variant NAME varies them on another)",
            c.not_run.join(", "),
            if c.not_run.len() == 1 { "" } else { "s" }
        );
    }
    let width = c.variants.iter().map(|v| v.len()).max().unwrap_or(0).max(8);
    if !c.trace.is_empty() {
        let _ = writeln!(out, "\ntrace:");
        for t in &c.trace {
            let _ = writeln!(out, "  {}. {}", t.action, t.description);
            for o in &t.outcomes {
                let who = if o.variants.len() == c.variants.len() && c.variants.len() > 1 {
                    "every variant".to_string()
                } else {
                    o.variants.join(", ")
                };
                let _ = writeln!(out, "     {who}: {} [{}]", outcome_words(&o.outcome, true), ids(&o.outcome.clauses));
            }
        }
    }
    for d in &c.differences {
        let _ = writeln!(out, "\nfirst difference at action {}: {}", d.action, d.description);
        for s in &d.sides {
            let _ = writeln!(out, "  {:<width$}  {} [{}]", s.variant, outcome_words(s, false), ids(&s.clauses));
        }
    }
    if c.differing > 0 {
        let _ = writeln!(out, "\nfinal scores:");
        let reference = c.final_scores.first().map(|(_, s)| s.clone()).unwrap_or_default();
        for (v, scores) in &c.final_scores {
            let delta: Vec<i64> = scores.iter().zip(&reference).map(|(a, b)| a - b).collect();
            let note = if delta.iter().any(|&d| d != 0) { format!("  (difference {delta:?})") } else { String::new() };
            let _ = writeln!(out, "  {v:<width$}  {scores:?}{note}");
        }
    }
    let n = c.variants.len();
    let reference = c.variants.first().map(String::as_str).unwrap_or("");
    let _ = writeln!(
        out,
        "\n{n} variant{} compared: {}",
        if n == 1 { "" } else { "s" },
        match c.differing {
            0 => "all agree".to_string(),
            d => format!("{d} differ{} from {reference}", if d == 1 { "s" } else { "" }),
        }
    );
    // Agreeing on a refusal is agreeing that the action was not played:
    // said, so that "all agree" never hides it.
    if !c.refused_everywhere.is_empty() {
        let every = if n == 1 { "the variant" } else { "every variant" };
        for r in &c.refused_everywhere {
            let _ = writeln!(out, "refused under {every}: action {} ({}): {}", r.action, r.description, r.reason);
        }
    }
    out
}
