//! `quadominos conform`: another implementation, run as an engine through
//! the protocol (docs/PROTOCOL.md), held to the rules case by case; every
//! failure reported with its case id, a perft difference drilled down to
//! the first position where the move lists part; `--report FILE` as JSON
//! Lines, written whole.

use std::fmt::Write as _;
use std::path::PathBuf;
use std::time::Duration;

use quadominos::conform::{
    CaseRecord, Divergence, Facts, Generated, Outcome, PlacementVerdict, RunOptions, Step, folder, generated,
    label_variant, variant_by_label,
};
use quadominos::formats::{InputError, MoveRecord, move_records, notation};
use quadominos::rules::{MoveGen, Position};

use super::shared::{Failure, colour, parse_seconds};

/// The most rows of the two move lists shown side by side; past it only
/// the rows that differ.
const ROWS_SHOWN: usize = 40;

/// Hold another implementation, run as an engine speaking the protocol of
/// docs/PROTOCOL.md, to the rules: move lists, verdicts, perft with bonus
/// counts (a difference drilled down with divide to the first position
/// where the move lists part), and games. Every failure is reported with
/// its case id; exit 1 on any failure, 2 on bad input.
#[derive(clap::Args)]
#[command(after_help = "Examples:
  quadominos conform --engine \"quadominos engine\"
  quadominos conform --engine \"python3 my_engine.py\" --variant english --report out/conform.jsonl
  quadominos fixtures --out out/suite --count 2 && quadominos conform --engine \"./my-engine\" --suite out/suite
  quadominos conform --engine \"quadominos engine --rule R4=no\" --variant english   (a wrong engine: exit 1)

Case ids are KIND/FIXTURE/VARIANT, e.g. positions/english-03/serbian+R4=no (the
position english-03 under the variant serbian+R4=no); kinds:
  engine     the handshake
  refusals   a position or variant the engine must refuse, leaving its position as it was
  positions  a position's move list (moves)
  verdicts   the verdicts on chosen placements (judge)
  perft      a perft count with bonus counts, drilled down with divide where it differs
  games      the move list at every turn of one of the suite's games
  play       a game the engine plays, replayed by the rules
  scenarios  a shipped scenario played through the game actions
  deals      a deal given through the game actions, and the opening after it
  actions    a whole game of the toolkit played through the game actions
A case needing what the engine does not offer (a request, a variant, a reading) is
skipped. The last line is
`conform: N passed, N failed, N skipped`.")]
pub struct Args {
    /// The engine's command line, split into words as a shell splits them
    /// (quotes, backslashes), run without a shell, e.g. "python3 engine.py".
    #[arg(long, value_name = "CMD ARGS")]
    pub engine: String,
    /// A fixture folder written by `quadominos fixtures --out DIR`; its
    /// files are checked against its manifest and its answers against the
    /// rules first [default: a suite generated from --seed].
    #[arg(long, value_name = "DIR", conflicts_with_all = ["positions", "perft_depth", "count"])]
    pub suite: Option<PathBuf>,
    /// The seed of the suite generated, and of the games the engine is
    /// asked to play (with --suite, the suite's own seed is used).
    #[arg(long, default_value_t = 0, conflicts_with = "suite")]
    pub seed: u64,
    /// Only the cases under these variants' labels (english,
    /// serbian+R4=no, ...), comma-separated or repeated; a generated suite
    /// is made of these variants [default: every shipped variant].
    #[arg(long, value_name = "V", value_delimiter = ',')]
    pub variant: Vec<String>,
    /// Generated suite: seeded positions per variant, at most 1000.
    #[arg(long, value_name = "N", default_value_t = 4,
          value_parser = super::shared::count_from_to(0, super::shared::MAX_SUITE_POSITIONS))]
    pub positions: usize,
    /// Generated suite: the depth of the perft counts (at most 5).
    #[arg(long, value_name = "D", default_value_t = 3, value_parser = clap::value_parser!(u64).range(..=5))]
    pub perft_depth: u64,
    /// Generated suite: games of the toolkit whose every turn is put to the
    /// engine, at most 1000.
    #[arg(long, value_name = "K", default_value_t = 2,
          value_parser = super::shared::count_from_to(0, super::shared::MAX_SUITE_GAMES))]
    pub count: usize,
    /// Games the engine plays under each variant, where it offers `play`,
    /// at most 1000.
    #[arg(long, value_name = "K", default_value_t = 1,
          value_parser = super::shared::count_from_to(0, super::shared::MAX_SUITE_GAMES))]
    pub play: usize,
    /// The time limit on each request, in seconds: an engine that gives no
    /// complete answer by then is ended, the case fails, and the engine is
    /// started again for the next. The default leaves an interpreted engine
    /// (plain Python) room for the default suite's largest perft counts.
    #[arg(long, value_name = "SECONDS", default_value = "60", value_parser = parse_seconds)]
    pub request_timeout: Duration,
    /// Also write every case as a line of JSON into FILE (schema:
    /// specs/schema/conform-report.schema.json), written whole; `-` prints
    /// those lines on standard output in place of the text report.
    #[arg(long, value_name = "FILE")]
    pub report: Option<PathBuf>,
    /// Print only the failures and the summary line.
    #[arg(short, long)]
    pub quiet: bool,
    /// Stop at the first case that fails; the rest are counted as not run.
    #[arg(long)]
    pub fail_fast: bool,
}

pub fn run(args: Args) -> Result<(String, u8), Failure> {
    let command = match shlex::split(&args.engine) {
        Some(words) if !words.is_empty() => words,
        Some(_) => {
            return Err(InputError::whole_file(
                "--engine",
                "no command: give the engine's program and its arguments, quoted as a shell quotes them",
            )
            .into());
        }
        None => {
            let why = split_fault(&args.engine)
                .unwrap_or_else(|| "the command cannot be split into words as a shell splits them".to_string());
            return Err(InputError::whole_file("--engine", why).into());
        }
    };
    // Each label read as the engine reads it (a reading given twice is
    // bad input) and written back with reading ids, as the cases name it:
    // `english+diagonal-neighbours=no` selects the cases of `english+R4=no`.
    let mut labels = Vec::new();
    for label in &args.variant {
        let variant = label_variant(label).map_err(|e| {
            InputError::whole_file("--variant", format!("{e} (a label is a shipped name, then +R4=no overrides)"))
        })?;
        labels.push(variant.label());
    }
    let suite = match &args.suite {
        Some(dir) => folder(dir)?,
        None => {
            let variants = if labels.is_empty() {
                quadominos::formats::BUILTIN_VARIANTS.iter().map(|(n, _)| n.to_string()).collect()
            } else {
                labels.clone()
            };
            let generate = Generated {
                seed: args.seed,
                variants,
                positions: args.positions,
                perft_depth: args.perft_depth as usize,
                count: args.count,
            };
            super::shared::within_memory(
                &format!(
                    "a suite of {} under each of {} and {}",
                    super::shared::counted(generate.positions, "position"),
                    super::shared::counted(generate.variants.len(), "variant"),
                    super::shared::counted(generate.count, "game")
                ),
                generate.estimated_bytes(),
                "fewer --positions or --count",
            )?;
            generated(&generate)?
        }
    };
    if let Some(report) = &args.report {
        super::shared::output::check(&[("--report", report)])?;
    }
    let options = RunOptions {
        command,
        timeout: args.request_timeout,
        variants: labels,
        play: args.play,
        fail_fast: args.fail_fast,
    };
    let run = quadominos::conform::run(&suite, &options).map_err(|e| InputError::whole_file("--engine", e))?;
    let mut out = String::new();
    let _ = writeln!(
        out,
        "suite: {} ({}, {}, {})",
        suite.origin,
        super::shared::counted(suite.positions.len(), "position"),
        super::shared::counted(suite.perft.len(), "perft count"),
        super::shared::counted(suite.games.len(), "game")
    );
    let count = |o: Outcome| run.records.iter().filter(|r| r.outcome == o).count();
    let (passed, failed, skipped) = (count(Outcome::Pass), count(Outcome::Fail), count(Outcome::Skip));
    for r in &run.records {
        match r.outcome {
            Outcome::Fail => out.push_str(&failure_text(r)),
            Outcome::Pass if !args.quiet => {
                // A case passes with every answer the rules'.
                let _ = writeln!(out, "{}  {}: {}", colour::out(colour::GOOD, "ok  "), r.case, r.summary);
            }
            Outcome::Skip if !args.quiet => {
                let _ = writeln!(out, "{}  {}: {}", colour::out(colour::DOUBT, "skip"), r.case, r.summary);
            }
            _ => {}
        }
    }
    if let Some(why) = &run.stopped {
        let _ = writeln!(out, "stopped: {why}; {} case(s) not run", run.not_run);
    }
    let mut summary = format!("conform: {passed} passed, {failed} failed, {skipped} skipped");
    if run.not_run > 0 {
        summary.push_str(&format!(", {} not run", run.not_run));
    }
    // A run that checked nothing of the rules has shown nothing.
    let checked_any =
        run.records.iter().any(|r| r.outcome == Outcome::Pass && r.kind != quadominos::conform::CaseKind::Engine);
    if failed == 0 && run.not_run == 0 && !checked_any {
        summary.push_str(" (no case of the rules was run: nothing is shown)");
    }
    let _ = writeln!(out, "{summary}");
    if let Some(report) = &args.report {
        let mut lines = String::new();
        for r in &run.records {
            let line = serde_json::to_string(r).map_err(|e| Failure::Bug(e.to_string()))?;
            lines.push_str(&line);
            lines.push('\n');
        }
        super::shared::output::write_files(&[("--report", report, lines.as_bytes())])?;
    }
    let code = if failed == 0 && run.not_run == 0 && checked_any { 0 } else { 1 };
    Ok((out, code))
}

/// Why the engine's command line cannot be split into words, read as
/// shlex reads it: a quote never closed (which one, at which character of
/// the argument, from 1) or a backslash that ends the line and so escapes
/// nothing. `None` where the line splits.
fn split_fault(line: &str) -> Option<String> {
    let mut chars = line.chars().enumerate().map(|(i, c)| (i + 1, c));
    let unclosed = |quote: char, name: &str, at: usize| {
        format!(
            "the {name} quote ({quote}) at character {at} of the command is never closed; close it with another \
             {quote}, or write \\{quote} outside quotes for a {quote} the engine's words hold"
        )
    };
    // A `#` opens a comment only where a word would begin, as in a shell.
    let mut in_word = false;
    while let Some((at, c)) = chars.next() {
        match c {
            ' ' | '\t' | '\n' => in_word = false,
            '#' if !in_word => {
                if !chars.by_ref().any(|(_, c)| c == '\n') {
                    return None;
                }
            }
            '\'' => {
                in_word = true;
                if !chars.by_ref().any(|(_, c)| c == '\'') {
                    return Some(unclosed('\'', "single", at));
                }
            }
            '"' => {
                in_word = true;
                loop {
                    match chars.next() {
                        None => return Some(unclosed('"', "double", at)),
                        // A backslash inside double quotes escapes the
                        // next character, a closing quote included.
                        Some((_, '\\')) => {
                            if chars.next().is_none() {
                                return Some(unclosed('"', "double", at));
                            }
                        }
                        Some((_, '"')) => break,
                        Some(_) => {}
                    }
                }
            }
            '\\' => {
                in_word = true;
                if chars.next().is_none() {
                    return Some(format!(
                        "the command ends with a backslash (character {at}), which escapes nothing; remove it, \
                         or write \\\\ for a backslash the engine's words hold"
                    ));
                }
            }
            _ => in_word = true,
        }
    }
    None
}

fn step_text(s: &Step) -> String {
    format!("{} as {} at {}", s.tile, s.corners, s.at)
}

/// A failed case in words: the summary, the request, each detail, where
/// the two implementations part and the engine's standard error.
fn failure_text(r: &CaseRecord) -> String {
    let mut out = format!("{}  {}: {}\n", colour::out(colour::BAD, "FAIL"), r.case, r.summary);
    let Some(f) = &r.failure else { return out };
    if let Some(request) = &f.request {
        let _ = writeln!(out, "      request: {}", quadominos::protocol::message::shorten(request));
    }
    for d in f.details.iter().filter(|d| !r.summary.contains(d.as_str())) {
        let _ = writeln!(out, "      - {d}");
    }
    if let Some(d) = &f.divergence {
        out.push_str(&divergence_text(d, r.kind != quadominos::conform::CaseKind::Verdicts));
    }
    if let Some(m) = &f.replay {
        let show = |e: &Option<quadominos::play::TranscriptEvent>| {
            e.as_ref().and_then(|e| serde_json::to_string(e).ok()).unwrap_or_else(|| "(none)".into())
        };
        let _ = writeln!(out, "      event {}: recorded {}", m.index, show(&m.recorded));
        if m.expected.is_some() {
            let _ = writeln!(out, "      the rules give {}", show(&m.expected));
        }
        if !m.allowed.is_empty() {
            let more = m.allowed_count.map_or(String::new(), |n| format!(" (of {n})"));
            let _ = writeln!(out, "      the rules allow{more}: {}", m.allowed.join("; "));
        }
        let clauses: Vec<String> = m.clauses.iter().map(|c| c.to_string()).collect();
        let _ = writeln!(out, "      clauses: {}", clauses.join(", "));
    }
    if let Some(stderr) = &f.stderr {
        let _ = writeln!(out, "      the engine's standard error ends with:");
        for line in stderr.lines().rev().take(10).collect::<Vec<_>>().into_iter().rev() {
            let _ = writeln!(out, "      | {line}");
        }
    }
    out
}

/// One move's facts as a column: `POINTS MATCHED BONUS BY-WEIGHT`.
fn column(f: Option<&Facts>) -> String {
    match f {
        None => "(not listed)".into(),
        Some(f) if !f.legal => "illegal".into(),
        Some(f) => format!(
            "{:>2} points {} matched{}{}",
            f.points.unwrap_or(0),
            f.matched.unwrap_or(0),
            if f.bonus == Some(true) { " bonus" } else { "" },
            if f.by_weight == Some(true) { " by-weight" } else { "" }
        ),
    }
}

/// Where the lists part: the placements made to get there, the position,
/// the two move lists side by side (`lists`; a verdict case judges chosen
/// placements, not a list) and the rules' clauses behind each differing
/// verdict.
fn divergence_text(d: &Divergence, lists: bool) -> String {
    let mut out = String::new();
    if !d.sequence.is_empty() {
        let steps: Vec<String> = d.sequence.iter().map(step_text).collect();
        let _ =
            writeln!(out, "      first difference after {} placement(s): {}", d.sequence.len(), steps.join(", then "));
    }
    let left = d.depth.map_or(String::new(), |depth| format!(" (perft {depth} left)"));
    let _ = writeln!(out, "      position{left}: {}", d.position);
    if lists {
        let _ = writeln!(out, "      the rules give {} legal placement(s), the engine {}:", d.ours, d.theirs);
        if let Some(rows) = side_by_side(d) {
            out.push_str(&rows);
        }
    } else {
        let _ =
            writeln!(out, "      of the placements judged, the rules find {} legal, the engine {}", d.ours, d.theirs);
    }
    for (what, list) in [("missing (legal)", &d.missing), ("extra (not legal)", &d.extra), ("differs", &d.differing)] {
        for v in list {
            out.push_str(&verdict_text(what, v));
        }
    }
    out
}

fn verdict_text(what: &str, v: &PlacementVerdict) -> String {
    let clauses: Vec<String> = v.clauses.iter().map(|c| c.to_string()).collect();
    let theirs = v.theirs.map_or("does not list it".to_string(), |t| format!("says {t}"));
    let mut out = format!(
        "      {what}: {}: the rules say {}, the engine {theirs}; clauses {}\n",
        step_text(&v.placement),
        v.ours,
        clauses.join(", ")
    );
    for reason in &v.reasons {
        let _ = writeln!(out, "        - {reason}");
    }
    out
}

/// The rules' move list at the divergence's position beside the engine's,
/// one row per placement on either (`-` only the rules', `+` only the
/// engine's, `~` both with other details); all rows when few, else only
/// those that differ. None when the position cannot be read back.
fn side_by_side(d: &Divergence) -> Option<String> {
    let read = notation::parse(&d.position).ok()?;
    let variant = variant_by_label(read.variant.as_deref()?)?;
    let position = Position::from_setup(&read.board, &read.hand, &variant).ok()?;
    let ours: Vec<MoveRecord> =
        move_records(&MoveGen::new(&variant, &position.board, &position.hand), &position.hand).ok()?;
    if ours.len() != d.ours {
        return None;
    }
    let mut rows: Vec<(Step, char, Option<Facts>, Option<Facts>)> = ours
        .iter()
        .map(|m| {
            let step = Step { tile: m.tile, at: m.at, corners: m.corners };
            let facts = Facts::legal(m.points, m.matched, m.bonus, m.by_weight);
            let (mark, theirs) = if d.missing.iter().any(|v| v.placement == step) {
                ('-', None)
            } else if let Some(v) = d.differing.iter().find(|v| v.placement == step) {
                ('~', v.theirs)
            } else {
                (' ', Some(facts))
            };
            (step, mark, Some(facts), theirs)
        })
        .collect();
    rows.extend(d.extra.iter().map(|v| (v.placement, '+', None, v.theirs)));
    rows.sort_by_key(|r| (r.0.tile, r.0.at.y, r.0.at.x, r.0.corners));
    let all = rows.len();
    if all > ROWS_SHOWN {
        rows.retain(|r| r.1 != ' ');
    }
    let mut out = format!("      {:<34} {:<30} {}\n", "", "rules", "engine");
    for (step, mark, ours, theirs) in &rows {
        let placement = format!(
            "{} {},{} {}",
            step.tile,
            step.at.x,
            step.at.y,
            quadominos::protocol::message::corners_token(step.corners)
        );
        let ours = ours.as_ref().map_or("(not legal)".to_string(), |f| column(Some(f)));
        let _ = writeln!(out, "    {mark} {placement:<34} {ours:<30} {}", column(theirs.as_ref()));
    }
    if rows.len() < all {
        let _ =
            writeln!(out, "      ({} on which both agree not shown)", super::shared::counted(all - rows.len(), "row"));
    }
    Some(out)
}
