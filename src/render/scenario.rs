//! Text reports for scenario checks and comparisons.

use std::fmt::Write;

use crate::play::Comparison;
use crate::rules::Clause;

fn ids(clauses: &[Clause]) -> String {
    clauses.iter().map(|c| c.to_string()).collect::<Vec<_>>().join(", ")
}

/// The side-by-side text of a comparison: only where variants differ, then a
/// one-line summary.
pub fn comparison_text(c: &Comparison) -> String {
    let mut out = String::new();
    let _ = writeln!(out, "scenario: {}", c.scenario);
    if let (Some(note), Some(first)) = (&c.baseline, c.variants.first()) {
        let _ = writeln!(out, "baseline: {first} ({note})");
    }
    let width = c.variants.iter().map(|v| v.len()).max().unwrap_or(0).max(8);
    for d in &c.differences {
        let _ = writeln!(out, "\nfirst difference at action {}: {}", d.action, d.description);
        for s in &d.sides {
            let what = match &s.reason {
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
                    format!("accepted: {}, {:+} points, then {}{won}", s.events.join(", "), s.score, s.phase)
                }
            };
            let _ = writeln!(out, "  {:<width$}  {what} [{}]", s.variant, ids(&s.clauses));
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
    out
}
