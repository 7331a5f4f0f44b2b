//! `quadominos replay`: checks a transcript written by anyone against the
//! rules, event by event.

use std::fmt::Write as _;
use std::path::PathBuf;

use quadominos::play::{Mismatch, Replayed, TranscriptEvent, load_transcript, replay_checking};
use serde::Serialize;

use super::shared::{Failure, Format, RuleArgs, colour, serialize};

/// Check a transcript written by anyone against the rules, event by
/// event: exit 0 when every event, score change, total and clause list
/// is right, else the first wrong event with what the rules give and
/// why, exit 1.
#[derive(clap::Args)]
#[command(after_help = "Example:
  quadominos replay game.yaml
\
Exit status 0 when the transcript is right, 1 when an event is wrong, 2 on bad input.
\
Checked: every event, its score change, totals and clauses (clauses only where the variant's \
citations are known: a shipped variant, or --spec), the final scores and the winner. \
Recorded but not checked (informative, and said so in the output): seed, strategy, variant.label.")]
pub struct Args {
    /// A transcript (YAML or JSON), as `quadominos play` writes.
    pub transcript: PathBuf,
    #[command(flatten)]
    pub rules: RuleArgs,
    /// Output format.
    #[arg(long, value_enum, default_value_t = Format::Text)]
    pub format: Format,
    /// Print only the first wrong event, for scripts: one line,
    /// `FILE:LINE:COL: event N is wrong (under VARIANT)`; nothing when the
    /// transcript is right. The exit status is unchanged.
    #[arg(short, long, conflicts_with = "format")]
    pub quiet: bool,
}

/// The verdict on a transcript.
#[derive(Serialize)]
struct Report {
    file: String,
    /// `ok` or `wrong`.
    verdict: &'static str,
    #[serde(skip_serializing_if = "Option::is_none")]
    replayed: Option<Replayed>,
    /// Line and column of the wrong event in the file.
    #[serde(skip_serializing_if = "Option::is_none")]
    line: Option<usize>,
    #[serde(skip_serializing_if = "Option::is_none")]
    column: Option<usize>,
    #[serde(skip_serializing_if = "Option::is_none")]
    mismatch: Option<Mismatch>,
}

fn one_line(event: &TranscriptEvent) -> String {
    serde_json::to_string(event).unwrap_or_default()
}

pub fn run(args: Args) -> Result<(String, u8), Failure> {
    let loaded = load_transcript(&args.transcript, &args.rules.choice())?;
    let file = loaded.source.name.clone();
    let (report, code) = match replay_checking(&loaded.transcript, &loaded.variant, loaded.checks) {
        Ok(r) => (Report { file, verdict: "ok", replayed: Some(r), line: None, column: None, mismatch: None }, 0),
        Err(m) => {
            let path = if m.index < loaded.transcript.events.len() {
                quadominos::error::DocPath::from("events").index(m.index)
            } else {
                quadominos::error::DocPath::from("scores")
            };
            let at = Some(loaded.source.locate(&path));
            (
                Report {
                    file,
                    verdict: "wrong",
                    replayed: None,
                    line: at.map(|a| a.0),
                    column: at.map(|a| a.1),
                    mismatch: Some(*m),
                },
                1,
            )
        }
    };
    let text = match args.format {
        Format::Text if args.quiet => wrong_event(&report, &loaded.variant.label()).unwrap_or_default(),
        Format::Text => text(&report, &loaded.variant.label()),
        _ => serialize(&report, args.format)?,
    };
    Ok((text, code))
}

/// The line that names the first wrong event and where it is, if any.
fn wrong_event(r: &Report, variant: &str) -> Option<String> {
    let m = r.mismatch.as_ref()?;
    let at = match (r.line, r.column) {
        (Some(l), Some(c)) => format!("{}:{l}:{c}", r.file),
        _ => r.file.clone(),
    };
    Some(format!("{at}: event {} {} (under {variant})\n", m.index, colour::out(colour::BAD, "is wrong")))
}

fn text(r: &Report, variant: &str) -> String {
    let mut out = String::new();
    if let Some(ok) = &r.replayed {
        let _ = writeln!(
            out,
            "{}: {}: {} under {} {} as recorded; {} round{}; scores {:?}{}",
            r.file,
            colour::out(colour::GOOD, "ok"),
            super::shared::counted(ok.events, "event"),
            ok.variant,
            if ok.events == 1 { "replays" } else { "replay" },
            ok.rounds,
            if ok.rounds == 1 { "" } else { "s" },
            ok.scores,
            match (ok.winner, ok.ended) {
                (Some(w), _) => format!("; seat {w} wins"),
                (None, Some(quadominos::play::transcript::Ended::RoundLimit)) => {
                    "; the game is not finished: stopped at the round limit".to_string()
                }
                (None, Some(quadominos::play::transcript::Ended::RoundsAsked)) => {
                    "; the game is not finished: stopped after the rounds asked for".to_string()
                }
                (None, _) => "; the game is not finished".to_string(),
            }
        );
        // Say what the transcript records that was not checked.
        let informative: Vec<&str> = ok.unchecked.iter().map(String::as_str).filter(|f| *f != "clauses").collect();
        if !informative.is_empty() {
            let _ = writeln!(out, "  recorded but not checked (informative): {}", informative.join(", "));
        }
        if ok.unchecked.iter().any(|f| f == "clauses") {
            let _ = writeln!(
                out,
                "  clauses not checked: `{variant}` is rebuilt from the recorded readings, which cite no clauses; give its spec with --spec to check them"
            );
        }
        return out;
    }
    let Some(m) = &r.mismatch else { return out };
    out.push_str(&wrong_event(r, variant).unwrap_or_default());
    if let Some(e) = &m.recorded {
        let _ = writeln!(out, "  recorded:       {}", one_line(e));
    } else {
        let _ = writeln!(out, "  recorded:       (the transcript ends)");
    }
    if let Some(e) = &m.expected {
        let _ = writeln!(out, "  the rules give: {}", one_line(e));
    }
    for reason in &m.reasons {
        let _ = writeln!(out, "  - {reason}");
    }
    if !m.allowed.is_empty() {
        let more = m.allowed_count.map(|n| format!(" (first {} of {n})", m.allowed.len())).unwrap_or_default();
        let _ = writeln!(out, "  the rules allow{more}: {}", m.allowed.join("; "));
    }
    let clauses: Vec<String> = m.clauses.iter().map(|c| c.to_string()).collect();
    let _ = writeln!(out, "  clauses: {}", clauses.join(", "));
    out
}
