//! A shipped scenario put to an engine through the game actions of
//! protocol 2: the start (`start`, or `newgame` and the deals), then each
//! action (`place`, `take`, `draw`, `pass`, and `deal` for the next
//! round), each step held to what the rules make of it: accepted or
//! refused, every event with its score and clauses, every seat's score and
//! where play stands after it. Every deal is given to the engine, so that
//! no engine needs this toolkit's shuffle.

use std::collections::HashSet;

use crate::game::{Action, Event, EventKind, Game};
use crate::model::TileId;
use crate::play::scenario::phase_name;
use crate::protocol::Request;
use crate::protocol::message::{GameLines, GameStart, shorten};
use crate::rules::ids::r;
use crate::rules::{Clause, Variant};
use crate::words::counted;

use super::report::{Failure, FailureKind};
use super::session::{Session, Trouble, Verdict, garbage, rules_of};
use super::suite::ScenarioCase;

/// What the rules or the engine made of one step.
#[derive(Clone, Debug)]
enum Outcome {
    /// Taken: the events, the scores and the phase (and the seat to act)
    /// after it.
    Taken(GameLines),
    /// Refused: why, and the clauses behind it (the rules' own; an engine's
    /// refusal is its message alone).
    Refused(String, Vec<Clause>),
}

/// The rules' outcome of the last step played on `game`.
fn ours(game: &Game, before: usize, refused: Option<(String, Vec<Clause>)>) -> Outcome {
    match refused {
        Some((why, clauses)) => Outcome::Refused(why, clauses),
        None => Outcome::Taken(GameLines {
            events: game.events().get(before..).unwrap_or_default().to_vec(),
            scores: game.scores().to_vec(),
            phase: phase_name(game.phase()).to_string(),
            seat: game.to_move(),
        }),
    }
}

/// Asks each request of a step in turn, the events of all of them
/// together; the first refused refuses the step. The request last asked
/// comes back with the outcome.
fn ask_all(s: &mut Session, requests: &[Request]) -> Result<(Outcome, Request), Trouble> {
    let mut events = Vec::new();
    let mut last = None;
    for request in requests {
        match s.ask(request) {
            Ok(lines) => {
                let answer = GameLines::parse(&lines).map_err(|e| garbage(request, e))?;
                events.extend(answer.events.iter().cloned());
                last = Some(GameLines { events: Vec::new(), ..answer });
            }
            Err(Trouble::Refused { message, .. }) => {
                return Ok((Outcome::Refused(message, Vec::new()), request.clone()));
            }
            Err(other) => return Err(other),
        }
    }
    match (last, requests.last()) {
        (Some(answer), Some(request)) => Ok((Outcome::Taken(GameLines { events, ..answer }), request.clone())),
        _ => Err(Trouble::Refused { request: String::new(), message: "internal error: a step with no request".into() }),
    }
}

/// The `deal` requests that give the engine the deals among `events`: a
/// deal's hands and well as dealt, and for a deal that tied and was dealt
/// again (R11) its hands with the rest of the set as the well.
fn deals(events: &[Event], variant: &Variant) -> Vec<Request> {
    events
        .iter()
        .filter_map(|e| match &e.kind {
            EventKind::Deal { hands, well, .. } => Some(Request::Deal(Some((hands.clone(), well.clone())))),
            EventKind::Redeal { hands, .. } => {
                let held: HashSet<TileId> = hands.iter().flatten().copied().collect();
                let well = variant.tile_set().ids().filter(|t| !held.contains(t)).collect();
                Some(Request::Deal(Some((hands.clone(), well))))
            }
            _ => None,
        })
        .collect()
}

/// An event as a report shows it: the line of JSON a transcript records.
fn shown(e: &Event) -> String {
    serde_json::to_string(e).unwrap_or_else(|_| format!("{e:?}"))
}

/// Whether the engine's event is the rules': an event recorded without
/// clause ids is not held to them.
fn same_event(ours: &Event, theirs: &Event) -> bool {
    if theirs.clauses.is_empty() {
        Event { clauses: ours.clauses.clone(), ..theirs.clone() } == *ours
    } else {
        theirs == ours
    }
}

/// Every way the engine's outcome of a step differs from the rules', the
/// first first; empty when they agree.
fn differences(ours: &Outcome, theirs: &Outcome, variant: &Variant) -> Vec<String> {
    let clauses = |cs: &[Clause]| cs.iter().map(|c| c.to_string()).collect::<Vec<_>>().join(", ");
    let events = |es: &[Event]| {
        if es.is_empty() { "no event".to_string() } else { es.iter().map(shown).collect::<Vec<_>>().join(" ") }
    };
    // Who acts, and who acts next, is the seat order's (R15).
    let order = format!("play passes from seat to seat in the seat order ({})", clauses(&variant.cite(r(15))));
    match (ours, theirs) {
        (Outcome::Refused(..), Outcome::Refused(..)) => Vec::new(),
        (Outcome::Refused(why, cs), Outcome::Taken(t)) => vec![
            format!("the rules refuse it: {why} ({})", clauses(cs)),
            format!("the engine takes it: {}", events(&t.events)),
        ],
        (Outcome::Taken(o), Outcome::Refused(message, _)) => vec![
            format!("the engine refuses it: {}", shorten(message)),
            format!("the rules take it: {}", events(&o.events)),
        ],
        (Outcome::Taken(o), Outcome::Taken(t)) => {
            let mut out = Vec::new();
            let parted = o.events.iter().zip(&t.events).enumerate().find(|(_, (a, b))| !same_event(a, b));
            if let Some((k, (ours, theirs))) = parted {
                out.push(format!("event {}: the rules record {}", k + 1, shown(ours)));
                out.push(format!("event {}: the engine records {}", k + 1, shown(theirs)));
                if ours.seat != theirs.seat {
                    out.push(order.clone());
                }
            } else if o.events.len() != t.events.len() {
                let n = o.events.len().min(t.events.len());
                out.push(format!(
                    "the rules record {} ({}), the engine {} ({})",
                    counted(o.events.len(), "event"),
                    events(o.events.get(n..).unwrap_or_default()),
                    counted(t.events.len(), "event"),
                    events(t.events.get(n..).unwrap_or_default())
                ));
            }
            if o.scores != t.scores {
                out.push(format!("scores after it: the rules give {:?}, the engine {:?}", o.scores, t.scores));
            }
            if (&o.phase, o.seat) != (&t.phase, t.seat) {
                let seat = |s: Option<usize>| s.map_or("no seat".to_string(), |s| format!("seat {s}"));
                out.push(format!(
                    "after it: the rules have {} with {} to act, the engine {} with {}",
                    o.phase,
                    seat(o.seat),
                    t.phase,
                    seat(t.seat)
                ));
                if o.phase == t.phase {
                    out.push(order);
                }
            }
            if !out.is_empty() && parted.is_none() {
                out.push(format!("the rules' events: {}", events(&o.events)));
            }
            out
        }
    }
}

/// A scenario under one variant, step by step.
pub(super) fn scenario(s: &mut Session, c: &ScenarioCase) -> Result<Verdict, Trouble> {
    let internal = |message: String| Trouble::Refused { request: String::new(), message };
    let label = c.label.clone().map_err(internal)?;
    let variant = rules_of(&label)?;
    let mut game = c
        .loaded
        .start(&variant)
        .map_err(|e| internal(format!("internal error: the scenario does not start under {label}: {e}")))?;
    s.ask_done(&Request::Variant(label.clone()))?;
    let start = &c.loaded.file.start;
    let mut setup = match start.deal {
        Some(deal) => vec![Request::NewGame { players: deal.players, seed: None }],
        None => vec![Request::Start(GameStart {
            hands: start.hands.clone(),
            well: start.well.clone().unwrap_or_default(),
            board: start.board.iter().map(|b| (b.at, b.tile)).collect(),
            scores: start.scores.clone().unwrap_or_default(),
            to_move: start.to_move,
        })],
    };
    let dealt = game.events().to_vec();
    // An explicit start whose hands tie records that re-deal itself (R11);
    // every deal after it is given.
    let given = match (start.deal, dealt.first().map(|e| &e.kind)) {
        (None, Some(EventKind::Redeal { .. })) => dealt.get(1..).unwrap_or_default(),
        _ => &dealt[..],
    };
    setup.extend(deals(given, &variant));
    let covers: Vec<String> = c.loaded.file.covers.iter().map(|c| c.to_string()).collect();
    let context = format!("scenario {} under {label}, which covers {}", c.name, covers.join(", "));
    let fail = |step: String, request: Request, diffs: Vec<String>| {
        let summary = format!("{} of scenario {}: {}", step, c.name, diffs.first().cloned().unwrap_or_default());
        let mut details = vec![context.clone()];
        details.extend(diffs);
        let failure = Failure {
            kind: FailureKind::WrongAnswer,
            request: Some(request.to_string()),
            details,
            divergence: None,
            replay: None,
            stderr: None,
        };
        Verdict::Wrong(summary, Box::new(failure))
    };
    let (theirs, request) = ask_all(s, &setup)?;
    let diffs = differences(&ours(&game, 0, None), &theirs, &variant);
    if !diffs.is_empty() {
        return Ok(fail("the start".into(), request, diffs));
    }
    for (k, &action) in c.loaded.actions.iter().enumerate() {
        let before = game.events().len();
        let refused = game.apply(action).err().map(|refusal| (refusal.to_string(), refusal.clauses(game.variant())));
        let taken = refused.is_none();
        let mine = ours(&game, before, refused);
        let requests = match action {
            Action::Place(p) => vec![Request::Place(p)],
            Action::TakePoints => vec![Request::Take(false)],
            Action::TakeTiles => vec![Request::Take(true)],
            Action::Draw => vec![Request::Draw],
            Action::Pass => vec![Request::Pass],
            Action::NextRound => {
                let given = deals(game.events().get(before..).unwrap_or_default(), &variant);
                if taken && !given.is_empty() { given } else { vec![Request::Deal(None)] }
            }
        };
        let (theirs, request) = ask_all(s, &requests)?;
        let diffs = differences(&mine, &theirs, &variant);
        if !diffs.is_empty() {
            return Ok(fail(format!("action {} ({action})", k + 1), request, diffs));
        }
    }
    Ok(Verdict::Pass(format!(
        "the start and {}: each step's verdict, events, scores and phase as the rules give",
        counted(c.loaded.actions.len(), "action")
    )))
}
