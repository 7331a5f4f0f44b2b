//! A conformance run: the engine started and greeted, then every case of
//! the suite put to it in order, each answer compared with the rules'. An
//! engine that exits, hangs or answers garbage fails the case it was on and
//! is started again for the next; after [`FAILURES_IN_A_ROW`] such cases in
//! a row the run stops and says how many cases it did not run.

use std::time::Duration;

use crate::formats::split_label;
use crate::play::Transcript;
use crate::protocol::client::FailureKind as EngineFailureKind;
use crate::protocol::message::shorten;
use crate::protocol::{Capability, End, EngineProcess, Hello, PROTOCOL_VERSION, PROTOCOL_VERSION_1, Request};
use crate::rules::Reading;
use crate::suite::edges::{REFUSALS, Refusal};
use crate::suite::{PerftFixture, PositionFixture, VariantMoves};

use super::labels::variant_by_label;
use super::report::{CaseKind, CaseRecord, Failure, FailureKind, Outcome};
use super::script::{Move, Script, Start};
use super::session::{Session, Trouble, Verdict, engine_words, garbage};
use super::suite::{ConformSuite, GameCase, ScenarioCase};

/// Cases in a row on which the engine exits, hangs or answers garbage
/// before the run gives up on it.
pub const FAILURES_IN_A_ROW: usize = 3;

/// How to run.
#[derive(Clone, Debug)]
pub struct RunOptions {
    /// The engine's program and arguments.
    pub command: Vec<String>,
    /// The time limit on each request.
    pub timeout: Duration,
    /// Only the cases under these labels (empty: every case).
    pub variants: Vec<String>,
    /// Games the engine plays under each variant (where it offers `play`).
    pub play: usize,
    /// Stop at the first case that fails (the rest are not run).
    pub fail_fast: bool,
}

/// What a run found.
#[derive(Clone, Debug)]
pub struct Run {
    /// The engine's `engine` line, once it has answered the handshake.
    pub engine: Option<String>,
    /// Every case run or skipped, in order.
    pub records: Vec<CaseRecord>,
    /// Why the run stopped before the last case, if it did.
    pub stopped: Option<String>,
    /// Cases not run because it stopped.
    pub not_run: usize,
}

/// One case to put to the engine.
pub(super) enum Case<'a> {
    Refusal(&'static Refusal),
    Positions(&'a PositionFixture, &'a VariantMoves),
    Verdicts(&'a PositionFixture, &'a VariantMoves),
    Perft(&'a PerftFixture),
    Games(&'a str, &'a Transcript, String),
    Play { seed: u64, players: usize, label: String },
    Scenario(&'a ScenarioCase),
    Deal(&'a GameCase),
    Actions(&'a GameCase),
}

impl Case<'_> {
    fn kind(&self) -> CaseKind {
        match self {
            Case::Refusal(_) => CaseKind::Refusals,
            Case::Positions(..) => CaseKind::Positions,
            Case::Verdicts(..) => CaseKind::Verdicts,
            Case::Perft(..) => CaseKind::Perft,
            Case::Games(..) => CaseKind::Games,
            Case::Play { .. } => CaseKind::Play,
            Case::Scenario(_) => CaseKind::Scenarios,
            Case::Deal(_) => CaseKind::Deals,
            Case::Actions(_) => CaseKind::Actions,
        }
    }

    fn fixture(&self) -> String {
        match self {
            Case::Refusal(r) => r.id.to_string(),
            Case::Positions(p, _) | Case::Verdicts(p, _) => p.id.clone(),
            Case::Perft(f) => f.position.clone(),
            Case::Games(name, ..) => name.to_string(),
            Case::Play { seed, players, .. } => format!("seed-{seed}-{players}p"),
            Case::Scenario(c) => c.name.clone(),
            Case::Deal(g) | Case::Actions(g) => g.name.clone(),
        }
    }

    fn label(&self) -> String {
        match self {
            Case::Refusal(r) => r.label.to_string(),
            Case::Positions(_, m) | Case::Verdicts(_, m) => m.variant.clone(),
            Case::Perft(f) => f.variant.clone(),
            Case::Games(_, _, label) | Case::Play { label, .. } => label.clone(),
            Case::Scenario(c) => c.label.clone().unwrap_or_else(|_| c.variant.label()),
            Case::Deal(g) | Case::Actions(g) => g.label.clone(),
        }
    }

    fn needs(&self) -> Option<Capability> {
        Some(match self {
            // `position` is always offered.
            Case::Refusal(_) => return None,
            Case::Positions(..) | Case::Games(..) => Capability::Moves,
            Case::Verdicts(..) => Capability::Judge,
            Case::Perft(..) => Capability::Perft,
            Case::Play { .. } => Capability::Play,
            Case::Scenario(_) | Case::Deal(_) | Case::Actions(_) => Capability::Game,
        })
    }
}

/// The suite's cases, in order: the refusals, move lists, verdicts, perft,
/// the suite's games, the shipped scenarios, the deals and the whole games
/// played through the game actions, games the engine plays (the
/// hand-picked edge positions first among the positions and perft counts).
fn cases<'a>(suite: &'a ConformSuite, options: &RunOptions) -> Vec<Case<'a>> {
    let mut out: Vec<Case<'a>> = REFUSALS
        .iter()
        .chain(super::refusals::MORE_REFUSALS.iter())
        .filter(|r| suite.variants.iter().any(|v| v.split('+').next() == r.label.split('+').next()))
        .map(Case::Refusal)
        .collect();
    for p in &suite.positions {
        out.extend(p.moves.iter().map(|m| Case::Positions(p, m)));
    }
    for p in &suite.positions {
        out.extend(p.moves.iter().map(|m| Case::Verdicts(p, m)));
    }
    out.extend(suite.perft.iter().map(Case::Perft));
    for (name, t) in &suite.games {
        let label = t.variant.variant().map(|v| v.label()).unwrap_or_else(|_| t.variant.name.clone());
        out.push(Case::Games(name, t, label));
    }
    // The shipped scenarios, each under every variant it runs under: the
    // game actions played step by step, scored without `play`.
    out.extend(suite.scenarios.iter().map(Case::Scenario));
    out.extend(suite.deals.iter().map(Case::Deal));
    out.extend(suite.actions.iter().map(Case::Actions));
    for (v, label) in suite.variants.iter().enumerate() {
        for i in 0..options.play {
            let seed = suite.seed.wrapping_add((v * options.play + i) as u64);
            out.push(Case::Play { seed, players: 2 + (v + i) % 3, label: label.clone() });
        }
    }
    out.retain(|c| options.variants.is_empty() || options.variants.contains(&c.label()));
    out
}

/// Starts the engine and asks for the handshake: `protocol 2`, and where
/// the engine refuses it, `protocol 1`. An engine may answer `protocol 2`
/// with the version it speaks, 1 or 2; one that speaks version 1 offers no
/// game actions, and the cases that need them are skipped as not offered.
fn start(options: &RunOptions) -> Result<Result<(EngineProcess, Hello), Trouble>, String> {
    let mut engine = EngineProcess::start(&options.command, options.timeout)?;
    let mut request = Request::Protocol(PROTOCOL_VERSION);
    let mut answer = match engine.request(&request.to_string(), &|l| request.data_line(l)) {
        Ok(r) => r,
        Err(f) => return Ok(Err(Trouble::Engine(f))),
    };
    if matches!(answer.end, End::Error(_)) {
        request = Request::Protocol(PROTOCOL_VERSION_1);
        answer = match engine.request(&request.to_string(), &|l| request.data_line(l)) {
            Ok(r) => r,
            Err(f) => return Ok(Err(Trouble::Engine(f))),
        };
    }
    let asked = match request {
        Request::Protocol(v) => v,
        _ => PROTOCOL_VERSION,
    };
    let hello = match answer.end {
        End::Error(message) => Err(Trouble::Refused { request: request.to_string(), message }),
        End::Ok => Hello::parse(&answer.data).map_err(|e| garbage(&request, e)).and_then(|h| {
            if (PROTOCOL_VERSION_1..=asked).contains(&h.version) {
                Ok(h)
            } else {
                Err(garbage(
                    &request,
                    format!(
                        "the engine answers protocol {} to `{request}`: it speaks 1 or 2, not above the version asked",
                        h.version
                    ),
                ))
            }
        }),
    };
    Ok(hello.map(|h| (engine, h)))
}

/// The record of a case that failed for `trouble`.
fn troubled(trouble: Trouble) -> (String, Failure) {
    let failure = |kind, request: String, details: Vec<String>, stderr: Option<String>| Failure {
        kind,
        request: Some(request).filter(|r| !r.is_empty()),
        details,
        divergence: None,
        replay: None,
        stderr: stderr.filter(|s| !s.is_empty()),
    };
    match trouble {
        Trouble::Refused { request, message } => {
            let message = engine_words(&message);
            (
                format!("the engine refused `{}`: {message}", shorten(&request)),
                failure(FailureKind::Refused, request, vec![message], None),
            )
        }
        Trouble::Garbage { request, message } => (
            format!("the engine answered garbage to `{}`: {message}", shorten(&request)),
            failure(FailureKind::Garbage, request, vec![message], None),
        ),
        Trouble::Engine(f) => {
            let kind = match f.kind {
                EngineFailureKind::Exited => FailureKind::Exited,
                EngineFailureKind::Timeout => FailureKind::Timeout,
                EngineFailureKind::Garbage => FailureKind::Garbage,
            };
            let summary = format!("the engine {} (on `{}`)", f.message, shorten(&f.request));
            (summary, failure(kind, f.request, vec![f.message], Some(f.stderr)))
        }
    }
}

/// What the rules make of a request the engine refused with `message`: a
/// position they take under the case's variant, and a tile the refusal
/// names that the variant's set holds, with the clauses behind the set.
fn rules_take(request: &str, message: &str, variant: &crate::rules::Variant) -> Vec<String> {
    let mut under = variant.clone();
    let mut out = Vec::new();
    if let Some(line) = request.strip_prefix("position ")
        && let Ok(read) = crate::formats::notation::parse(line)
    {
        if let Some(v) = read.variant.as_deref().and_then(variant_by_label) {
            under = v;
        }
        if crate::rules::Position::from_setup(&read.board, &read.hand, &under).is_ok() {
            out.push(format!("the rules take this position under {}", under.label()));
        }
    }
    out.extend(super::script::tile_note(message, &under));
    out
}

/// Why the engine cannot run `case`, when it does not offer what it needs.
fn unoffered(hello: &Hello, case: &Case<'_>) -> Option<String> {
    if let Some(needs) = case.needs()
        && !hello.offers(needs)
    {
        return Some(format!("the engine does not offer `{needs}`"));
    }
    if let Case::Refusal(Refusal { then_variant: Some(then), .. }) = case
        && !hello.variants.iter().any(|v| v == then)
    {
        return Some(format!("the engine does not know the variant `{then}`"));
    }
    let label = case.label();
    let (name, overrides) = split_label(&label).ok()?;
    if !hello.variants.contains(&name) {
        return Some(format!("the engine does not know the variant `{name}`"));
    }
    for o in overrides {
        let reading = Reading::find(&o.name).ok()?;
        if !hello.readings.contains(&reading.id) {
            return Some(format!("the engine cannot change {} ({})", reading.id, reading.name));
        }
    }
    None
}

fn record(case: &Case<'_>, outcome: Outcome, summary: String, failure: Option<Failure>) -> CaseRecord {
    let (kind, fixture, variant) = (case.kind(), case.fixture(), case.label());
    CaseRecord {
        case: format!("{}/{fixture}/{variant}", kind.as_str()),
        kind,
        fixture,
        variant,
        outcome,
        summary,
        failure,
    }
}

/// A summary or detail as the report keeps it: every quote in it cut as
/// every echo of input is ([`crate::error::excerpts`]), whichever path of
/// the engine's answer it came by, so that an engine answering a megabyte
/// gets back a report of short lines.
fn cut_quotes(text: &str) -> String {
    crate::error::excerpts(text)
}

fn cut_details(f: Failure) -> Failure {
    Failure { details: f.details.iter().map(|d| cut_quotes(d)).collect(), ..f }
}

/// Names the engine gave, as the report lists them: each cut, and no
/// more than a few, with how many more.
fn listed_names(names: &[String]) -> String {
    const MOST: usize = 12;
    let mut out: Vec<String> = names.iter().take(MOST).map(|n| shorten(n)).collect();
    if names.len() > MOST {
        out.push(format!("and {} more", names.len() - MOST));
    }
    out.join(", ")
}

/// Runs every case of `suite` against the engine. The error: the engine's
/// program cannot be started at all. A program that runs this is the one
/// to end the engines on a signal
/// ([`crate::protocol::client::end_every_engine`]): the library handles no
/// signal of its own.
pub fn run(suite: &ConformSuite, options: &RunOptions) -> Result<Run, String> {
    let handshake = |outcome, summary: String, failure: Option<Failure>| CaseRecord {
        case: "engine/handshake/-".into(),
        kind: CaseKind::Engine,
        fixture: "handshake".into(),
        variant: "-".into(),
        outcome,
        summary: cut_quotes(&summary),
        failure: failure.map(cut_details),
    };
    let cases = cases(suite, options);
    let (engine, hello) = match start(options)? {
        Ok(started) => started,
        Err(trouble) => {
            let (summary, failure) = troubled(trouble);
            return Ok(Run {
                engine: None,
                records: vec![handshake(Outcome::Fail, summary, Some(failure))],
                stopped: Some("the engine did not answer the handshake".into()),
                not_run: cases.len(),
            });
        }
    };
    let offers: Vec<String> = hello.offers.iter().map(|c| c.to_string()).collect();
    let greeting = format!(
        "`{}` speaks protocol {}; offers {}; knows {}",
        shorten(&hello.engine),
        hello.version,
        if offers.is_empty() { "nothing".to_string() } else { offers.join(", ") },
        listed_names(&hello.variants)
    );
    let mut run = Run {
        engine: Some(shorten(&hello.engine)),
        records: vec![handshake(Outcome::Pass, greeting, None)],
        stopped: None,
        not_run: 0,
    };
    let mut session = Session { engine: Some(engine), hello };
    let mut in_a_row = 0;
    for (i, case) in cases.iter().enumerate() {
        if let Case::Scenario(ScenarioCase { label: Err(why), .. }) = case {
            run.records.push(record(case, Outcome::Skip, why.clone(), None));
            continue;
        }
        if variant_by_label(&case.label()).is_none() {
            let why = format!("the rules know no variant `{}` (a shipped name, then +R4=no overrides)", case.label());
            run.records.push(record(case, Outcome::Skip, why, None));
            continue;
        }
        if let Some(why) = unoffered(&session.hello, case) {
            run.records.push(record(case, Outcome::Skip, why, None));
            continue;
        }
        if session.engine.is_none() {
            match start(options)? {
                Ok((engine, hello)) => {
                    session.engine = Some(engine);
                    session.hello = hello;
                }
                Err(trouble) => {
                    let (summary, failure) = troubled(trouble);
                    run.records.push(record(case, Outcome::Fail, format!("restarting: {summary}"), Some(failure)));
                    run.stopped = Some("the engine, started again, did not answer the handshake".into());
                    run.not_run = cases.len() - i - 1;
                    break;
                }
            }
        }
        let result = match case {
            Case::Refusal(r) => super::cases::refusal(&mut session, r),
            Case::Positions(p, m) => super::cases::positions(&mut session, p, m),
            Case::Verdicts(p, m) => super::cases::verdicts(&mut session, p, m),
            Case::Perft(f) => super::cases::perft(&mut session, f),
            Case::Games(name, t, label) => super::cases::game(&mut session, name, t, label),
            Case::Play { seed, players, label } => super::cases::play(&mut session, *seed, *players, label),
            Case::Scenario(c) => {
                let moves: Vec<Move> = c.loaded.actions.iter().map(|&a| Move::Act(a)).collect();
                let covers: Vec<String> = c.loaded.file.covers.iter().map(|c| c.to_string()).collect();
                let (what, context) = (format!("scenario {}", c.name), covers.join(", "));
                let script =
                    Script { what: &what, start: Start::Scenario(&c.loaded), moves: &moves, context: &context };
                super::script::run(&mut session, &script, &case.label())
            }
            Case::Deal(g) | Case::Actions(g) => {
                let (what, context) = match case {
                    Case::Deal(_) => (
                        format!("the deal to {} players", g.players),
                        "the deal (E2, S3, R16), each tile once (S1), the opener (E3, E7, S5)".to_string(),
                    ),
                    _ => (
                        format!("game {}", g.name),
                        "every rule of a whole game: deals, openings, turns, bonuses, draws and passes, the ends of rounds and of the game".to_string(),
                    ),
                };
                let script =
                    Script { what: &what, start: Start::Undealt(g.players), moves: &g.moves, context: &context };
                super::script::run(&mut session, &script, &g.label)
            }
        };
        match result {
            Ok(Verdict::Pass(summary)) => {
                in_a_row = 0;
                run.records.push(record(case, Outcome::Pass, summary, None));
            }
            Ok(Verdict::Wrong(summary, failure)) => {
                in_a_row = 0;
                run.records.push(record(case, Outcome::Fail, summary, Some(*failure)));
                if options.fail_fast {
                    run.stopped = Some("--fail-fast: the first case that failed ends the run".into());
                    run.not_run = cases.len() - i - 1;
                    break;
                }
            }
            Err(trouble) => {
                let broken = !matches!(trouble, Trouble::Refused { .. });
                if broken {
                    // After garbage the conversation may be out of step:
                    // a fresh engine for the next case.
                    session.engine = None;
                    in_a_row += 1;
                } else {
                    in_a_row = 0;
                }
                let (summary, mut failure) = troubled(trouble);
                if let (FailureKind::Refused, Some(variant)) = (failure.kind, variant_by_label(&case.label())) {
                    let message = failure.details.first().cloned().unwrap_or_default();
                    failure.details.extend(rules_take(
                        failure.request.as_deref().unwrap_or_default(),
                        &message,
                        &variant,
                    ));
                }
                run.records.push(record(case, Outcome::Fail, summary, Some(failure)));
                if options.fail_fast {
                    run.stopped = Some("--fail-fast: the first case that failed ends the run".into());
                    run.not_run = cases.len() - i - 1;
                    break;
                }
                if in_a_row >= FAILURES_IN_A_ROW {
                    run.stopped = Some(format!(
                        "the engine exited, hung or answered garbage on {FAILURES_IN_A_ROW} cases in a row"
                    ));
                    run.not_run = cases.len() - i - 1;
                    break;
                }
            }
        }
    }
    if let Some(engine) = session.engine.take() {
        engine.stop();
    }
    Ok(run)
}
