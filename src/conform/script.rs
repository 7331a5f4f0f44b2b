//! A game put to an engine through the game actions of protocol 2, step by
//! step, each step held to what the rules make of it: accepted or refused,
//! every event with its score and clauses, every seat's score and where
//! play stands after it. The games are a shipped scenario (its start, then
//! its actions), a deal for a number of players, or a game of the toolkit
//! played action by action; every deal is given to the engine, so that no
//! engine needs this toolkit's shuffle.
//!
//! Between the steps the rules take, the client asks what they refuse and
//! the engine must refuse too, changing nothing (the probes): before an
//! opening, the opening tile at another cell (E3); before a given deal, the
//! same deal with a tile moved from one hand to the next (E2, S3, R16) and
//! with a tile given twice (S1); before a turn's placement, a pass (E9) and,
//! where the rules refuse it, a draw (E9, R27); after the game's end, a
//! deal and a pass (E16, S19).
//!
//! Where a step differs, the case says which reading, read otherwise, gives
//! the engine's answers up to that step, if one does.

use std::collections::HashSet;
use std::fmt;

use crate::game::{Action, Event, EventKind, Game, Phase};
use crate::model::{Cell, TileId};
use crate::play::LoadedScenario;
use crate::play::scenario::phase_name;
use crate::protocol::Request;
use crate::protocol::message::{GameLines, GameStart};
use crate::rules::ids::{e, r, s};
use crate::rules::{Clause, Placement, READINGS, Variant};
use crate::words::counted;

use super::report::{Failure, FailureKind};
use super::session::{Session, Trouble, Verdict, garbage, rules_of};

/// What the rules or the engine made of one step.
#[derive(Clone, Debug)]
pub(super) enum Outcome {
    /// Taken: the events, the scores and the phase (and the seat to act)
    /// after it.
    Taken(GameLines),
    /// Refused: why, the clauses behind it, and where play stood (the
    /// rules' own; an engine's refusal is its message alone).
    Refused(String, Vec<Clause>, &'static str),
}

/// One move of a game: an action, or a deal given.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Move {
    /// An action of the seat to act, or the next round dealt from the
    /// rules' own shuffle (given to the engine as the rules dealt it).
    Act(Action),
    /// The next round dealt from these hands and well.
    Deal(Vec<Vec<TileId>>, Vec<TileId>),
}

impl fmt::Display for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Move::Act(a) => write!(f, "{a}"),
            Move::Deal(hands, _) => write!(f, "a deal of {} hands", hands.len()),
        }
    }
}

/// Where a game starts.
#[derive(Clone, Copy, Debug)]
pub(super) enum Start<'a> {
    /// A shipped scenario's start: `start`, or `newgame` and its deal.
    Scenario(&'a LoadedScenario),
    /// A game of this many players with nothing dealt: `newgame PLAYERS`.
    Undealt(usize),
}

/// A game put to the engine.
#[derive(Clone, Copy, Debug)]
pub(super) struct Script<'a> {
    /// What it is, for the summary: `scenario NAME`, `game NAME`, ...
    pub what: &'a str,
    /// Where it starts.
    pub start: Start<'a>,
    /// Its moves after the start.
    pub moves: &'a [Move],
    /// What the case covers, in words, for the details.
    pub context: &'a str,
}

/// One step as the rules make it: what it is, the requests that make it,
/// and the rules' outcome.
#[derive(Clone, Debug)]
pub(super) struct Step {
    what: String,
    requests: Vec<Request>,
    ours: Outcome,
}

/// The rules' outcome of the last step played on `game`.
fn taken(game: &Game, before: usize) -> Outcome {
    Outcome::Taken(GameLines {
        events: game.events().get(before..).unwrap_or_default().to_vec(),
        scores: game.scores().to_vec(),
        phase: phase_name(game.phase()).to_string(),
        seat: game.to_move(),
    })
}

fn refused(refusal: &crate::game::Refusal, game: &Game) -> Outcome {
    Outcome::Refused(refusal.to_string(), refusal.clauses(game.variant()), phase_name(game.phase()))
}

/// The `deal` requests that give the engine the deals among `events`: a
/// deal's hands and well as dealt, and for a deal that tied and was dealt
/// again (R11) its hands with the rest of the set as the well.
pub(super) fn deals(events: &[Event], variant: &Variant) -> Vec<Request> {
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

/// The moves that play `events` (a game's record from its first deal) on
/// a game of `players` with nothing dealt: each deal given, each action of
/// a seat; the events the rules add themselves (a round's or the game's
/// end, a 0-0-0-0 opening's bonus) are skipped. The error: a record the
/// rules do not play back (a bug of the toolkit's own).
pub fn moves_of(variant: &Variant, players: usize, events: &[Event]) -> Result<Vec<Move>, String> {
    let mut mirror = Game::undealt(variant.clone(), players, 0)?;
    let mut out = Vec::new();
    let mut i = 0;
    while let Some(event) = events.get(i) {
        let m = match &event.kind {
            EventKind::Deal { hands, well, .. } => Move::Deal(hands.clone(), well.clone()),
            EventKind::Redeal { hands, .. } => {
                let held: HashSet<TileId> = hands.iter().flatten().copied().collect();
                Move::Deal(hands.clone(), variant.tile_set().ids().filter(|t| !held.contains(t)).collect())
            }
            EventKind::Place { tile, at, corners, .. } => {
                Move::Act(Action::Place(Placement { tile: *tile, at: *at, corners: *corners }))
            }
            EventKind::BonusPoints => Move::Act(Action::TakePoints),
            EventKind::BonusTiles => Move::Act(Action::TakeTiles),
            EventKind::Draw { .. } => Move::Act(Action::Draw),
            EventKind::Pass => Move::Act(Action::Pass),
            EventKind::RoundEnd { .. } | EventKind::GameEnd { .. } => {
                return Err(format!(
                    "internal error: event {i} of the game is no action, and the rules did not add it"
                ));
            }
        };
        let before = mirror.events().len();
        let done = match &m {
            Move::Act(a) => mirror.apply(*a),
            Move::Deal(hands, well) => mirror.deal_given(hands.clone(), well.clone()),
        };
        done.map_err(|r| format!("internal error: the rules refuse event {i} of their own game: {r}"))?;
        let added = mirror.events().get(before..).unwrap_or_default();
        if added.first().map(|e| &e.kind) != Some(&event.kind) {
            return Err(format!("internal error: event {i} of the game is not what the rules make of its action"));
        }
        i += added.len().max(1);
        out.push(m);
    }
    Ok(out)
}

/// A deal the rules take for `game` (the round over, nothing dealt, or the
/// game over): the set's tiles in order, each hand the table's size.
fn plain_deal(game: &Game) -> Option<(Vec<Vec<TileId>>, Vec<TileId>)> {
    let players = game.players();
    let size = game.variant().rules().deal.hand_size(players)?;
    let tiles: Vec<TileId> = game.variant().tile_set().ids().collect();
    let hands =
        (0..players).map(|p| tiles.get(p * size..(p + 1) * size).map(<[TileId]>::to_vec)).collect::<Option<_>>()?;
    Some((hands, tiles.get(players * size..)?.to_vec()))
}

/// A probe: a request the rules refuse on `game` as it stands, with the
/// rules' refusal; `None` where they take it (it would change the game).
fn probe(game: &Game, what: String, request: Request) -> Option<Step> {
    let mut copy = game.trial();
    let done = match &request {
        Request::Deal(Some((hands, well))) => copy.deal_given(hands.clone(), well.clone()),
        Request::Place(p) => copy.apply(Action::Place(*p)),
        Request::Pass => copy.apply(Action::Pass),
        Request::Draw => copy.apply(Action::Draw),
        Request::Take(tiles) => copy.apply(if *tiles { Action::TakeTiles } else { Action::TakePoints }),
        _ => return None,
    };
    let refusal = done.err()?;
    Some(Step { what, requests: vec![request], ours: refused(&refusal, game) })
}

/// The probes before a deal of `hands` and `well` on `game`: the deal with
/// the last tile of the first hand moved to the second (hands one short and
/// one over), and with the well's first tile replaced by the first hand's
/// first (a tile twice, another missing).
fn deal_probes(game: &Game, hands: &[Vec<TileId>], well: &[TileId], at: &str) -> Vec<Step> {
    let mut out = Vec::new();
    let mut uneven = hands.to_vec();
    if let Some(tile) = uneven.first_mut().and_then(Vec::pop)
        && let Some(second) = uneven.get_mut(1)
    {
        second.push(tile);
        let sizes: Vec<String> = uneven.iter().map(|h| h.len().to_string()).collect();
        let what = format!("{at}, the same deal with hands of {} tiles", sizes.join(", "));
        out.extend(probe(game, what, Request::Deal(Some((uneven, well.to_vec())))));
    }
    if let (Some(&twice), Some(_)) = (hands.first().and_then(|h| h.first()), well.first()) {
        let repeated: Vec<TileId> = std::iter::once(twice).chain(well.iter().skip(1).copied()).collect();
        let what = format!("{at}, the same deal with {twice} twice");
        out.extend(probe(game, what, Request::Deal(Some((hands.to_vec(), repeated)))));
    }
    out
}

/// The probes before move `m` on `game`.
fn probes_before(game: &Game, m: &Move, deal: Option<(&[Vec<TileId>], &[TileId])>, at: &str) -> Vec<Step> {
    let mut out = Vec::new();
    if let Some((hands, well)) = deal {
        out.extend(deal_probes(game, hands, well, at));
    }
    match (game.phase(), m) {
        (Phase::Opening { .. }, Move::Act(Action::Place(p))) => {
            let cell = if p.at == Cell::new(1, 0) { Cell::new(0, 1) } else { Cell::new(1, 0) };
            let elsewhere = Placement { at: cell, ..*p };
            out.extend(probe(game, format!("{at}, the opening tile at {cell}"), Request::Place(elsewhere)));
        }
        (Phase::Turn { .. }, Move::Act(Action::Place(_))) => {
            out.extend(probe(game, format!("{at}, a pass with a play in hand"), Request::Pass));
            out.extend(probe(game, format!("{at}, a draw with a play in hand"), Request::Draw));
        }
        _ => {}
    }
    out
}

/// Every step of `script` under `variant`, the probes among them; `upto`
/// stops after that many steps.
pub(super) fn plan(script: &Script<'_>, variant: &Variant, upto: usize) -> Result<Vec<Step>, String> {
    let mut steps = Vec::new();
    let mut game = match script.start {
        Start::Scenario(loaded) => {
            let game = loaded
                .start(variant)
                .map_err(|e| format!("internal error: the scenario does not start under {}: {e}", variant.label()))?;
            let start = &loaded.file.start;
            let dealt = game.events().to_vec();
            match start.deal {
                Some(deal) => {
                    let undealt = Game::undealt(variant.clone(), deal.players, 0)?;
                    let newgame = Request::NewGame { players: deal.players, seed: None };
                    steps.push(Step { what: "the start".into(), requests: vec![newgame], ours: taken(&undealt, 0) });
                    let given = deals(&dealt, variant);
                    if let Some(Request::Deal(Some((hands, well)))) = given.first() {
                        steps.extend(deal_probes(&undealt, hands, well, "before the deal"));
                    }
                    steps.push(Step { what: "the deal".into(), requests: given, ours: taken(&game, 0) });
                }
                None => {
                    let mut requests = vec![Request::Start(GameStart {
                        hands: start.hands.clone(),
                        well: start.well.clone().unwrap_or_default(),
                        board: start.board.iter().map(|b| (b.at, b.tile)).collect(),
                        scores: start.scores.clone().unwrap_or_default(),
                        to_move: start.to_move,
                    })];
                    // An explicit start whose hands tie records that re-deal
                    // itself (R11); every deal after it is given.
                    let given = match dealt.first().map(|e| &e.kind) {
                        Some(EventKind::Redeal { .. }) => dealt.get(1..).unwrap_or_default(),
                        _ => &dealt[..],
                    };
                    requests.extend(deals(given, variant));
                    steps.push(Step { what: "the start".into(), requests, ours: taken(&game, 0) });
                }
            }
            game
        }
        Start::Undealt(players) => {
            let game = Game::undealt(variant.clone(), players, 0)?;
            let newgame = Request::NewGame { players, seed: None };
            steps.push(Step { what: "the start".into(), requests: vec![newgame], ours: taken(&game, 0) });
            game
        }
    };
    for (k, m) in script.moves.iter().enumerate() {
        if steps.len() > upto {
            break;
        }
        let what = format!("action {} ({m})", k + 1);
        let at = format!("before action {}", k + 1);
        // The deal this move gives the engine, if it gives one.
        let next_round = match m {
            Move::Act(Action::NextRound) => {
                let mut copy = game.trial();
                let before = copy.events().len();
                match copy.apply(Action::NextRound) {
                    Ok(()) => deals(copy.events().get(before..).unwrap_or_default(), variant),
                    Err(_) => Vec::new(),
                }
            }
            _ => Vec::new(),
        };
        let deal = match (m, next_round.first()) {
            (Move::Deal(hands, well), _) => Some((&hands[..], &well[..])),
            (_, Some(Request::Deal(Some((hands, well))))) => Some((&hands[..], &well[..])),
            _ => None,
        };
        steps.extend(probes_before(&game, m, deal, &at));
        let before = game.events().len();
        let (done, mut requests) = match m {
            Move::Act(action) => (game.apply(*action), Vec::new()),
            Move::Deal(hands, well) => {
                (game.deal_given(hands.clone(), well.clone()), vec![Request::Deal(Some((hands.clone(), well.clone())))])
            }
        };
        if let Move::Act(action) = m {
            requests = match action {
                Action::Place(p) => vec![Request::Place(*p)],
                Action::TakePoints => vec![Request::Take(false)],
                Action::TakeTiles => vec![Request::Take(true)],
                Action::Draw => vec![Request::Draw],
                Action::Pass => vec![Request::Pass],
                Action::NextRound if done.is_ok() && !next_round.is_empty() => next_round.clone(),
                Action::NextRound => vec![Request::Deal(None)],
            };
        }
        let ours = match done {
            Ok(()) => taken(&game, before),
            Err(refusal) => refused(&refusal, &game),
        };
        steps.push(Step { what, requests, ours });
    }
    if matches!(game.phase(), Phase::GameOver { .. }) && steps.len() <= upto {
        let at = "after the game's end";
        if let Some((hands, well)) = plain_deal(&game) {
            steps.extend(probe(&game, format!("{at}, a deal"), Request::Deal(Some((hands, well)))));
        }
        steps.extend(probe(&game, format!("{at}, a pass"), Request::Pass));
    }
    Ok(steps)
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
                return Ok((Outcome::Refused(message, Vec::new(), ""), request.clone()));
            }
            Err(other) => return Err(other),
        }
    }
    match (last, requests.last()) {
        (Some(answer), Some(request)) => Ok((Outcome::Taken(GameLines { events, ..answer }), request.clone())),
        _ => Err(Trouble::Refused { request: String::new(), message: "internal error: a step with no request".into() }),
    }
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

/// Whether two outcomes are the same play, clause ids aside.
fn same_play(a: &Outcome, b: &Outcome) -> bool {
    match (a, b) {
        (Outcome::Refused(..), Outcome::Refused(..)) => true,
        (Outcome::Taken(a), Outcome::Taken(b)) => {
            let bare = |l: &GameLines| -> Vec<Event> {
                l.events.iter().map(|e| Event { clauses: Vec::new(), ..e.clone() }).collect()
            };
            bare(a) == bare(b) && a.scores == b.scores && a.phase == b.phase && a.seat == b.seat
        }
        _ => false,
    }
}

/// The clauses behind where play stands: who must act, and how (the
/// opening, a bonus choice, bonus tiles owed, a turn in the seat order),
/// or the round's or the game's end; of the variant's own text.
fn phase_clauses(phase: &str, variant: &Variant) -> Vec<Clause> {
    let all = match phase {
        "opening" => vec![e(3), e(7), s(5)],
        "bonus-choice" => vec![e(4), e(11), s(7), s(15), s(16)],
        "bonus-tiles" => vec![e(4), e(14), s(7), s(17)],
        "turn" => [vec![e(8), s(9)], variant.cite(r(15))].concat(),
        "round-over" => vec![e(10), e(15), s(14), s(18)],
        "game-over" => vec![e(16), s(19)],
        _ => Vec::new(),
    };
    variant.own(all)
}

fn listed(cs: &[Clause]) -> String {
    cs.iter().map(|c| c.to_string()).collect::<Vec<_>>().join(", ")
}

/// Where the engine's refusal names a tile the variant's set holds: that
/// the set holds it, and the clauses behind the set.
pub(super) fn tile_note(message: &str, variant: &Variant) -> Option<String> {
    let tile: TileId = message
        .split_whitespace()
        .skip_while(|w| *w != "tile")
        .nth(1)?
        .trim_end_matches([',', ';', ':'])
        .parse()
        .ok()?;
    variant.tile_set().contains(tile).then(|| {
        format!(
            "tile {tile} is in the {} tile set of {} ({})",
            variant.tile_set().name(),
            variant.name(),
            listed(variant.tile_set_clauses())
        )
    })
}

/// Every way the engine's outcome of a step differs from the rules', the
/// first first; empty when they agree.
pub(super) fn differences(ours: &Outcome, theirs: &Outcome, variant: &Variant) -> Vec<String> {
    let events = |es: &[Event]| {
        if es.is_empty() { "no event".to_string() } else { es.iter().map(shown).collect::<Vec<_>>().join(" ") }
    };
    // Who acts, and who acts next, is the seat order's (R15).
    let order = format!("play passes from seat to seat in the seat order ({})", listed(&variant.cite(r(15))));
    match (ours, theirs) {
        (Outcome::Refused(..), Outcome::Refused(..)) => Vec::new(),
        (Outcome::Refused(why, cs, phase), Outcome::Taken(t)) => {
            // A refusal no clause of the variant's text words (the opening
            // cell under the serbian text) is named by where play stood.
            let cs = if cs.is_empty() { phase_clauses(phase, variant) } else { cs.clone() };
            vec![
                format!("the rules refuse it: {why} ({})", listed(&cs)),
                format!("the engine takes it: {}", events(&t.events)),
            ]
        }
        (Outcome::Taken(o), Outcome::Refused(message, ..)) => {
            let mut out = vec![
                format!("the engine refuses it: {}", super::session::engine_words(message)),
                format!("the rules take it: {}", events(&o.events)),
            ];
            out.extend(tile_note(message, variant));
            if o.events.is_empty() {
                out.push(format!(
                    "the rules have {} after it ({})",
                    o.phase,
                    listed(&phase_clauses(&o.phase, variant))
                ));
            }
            out
        }
        (Outcome::Taken(o), Outcome::Taken(t)) => {
            let mut out = Vec::new();
            let parted = o.events.iter().zip(&t.events).enumerate().find(|(_, (a, b))| !same_event(a, b));
            if let Some((k, (ours, theirs))) = parted {
                out.push(format!("event {}: the rules record {}", k + 1, shown(ours)));
                out.push(format!("event {}: the engine records {}", k + 1, shown(theirs)));
                if ours.seat != theirs.seat {
                    out.push(order.clone());
                }
                if ours.seat == theirs.seat && ours.kind == theirs.kind && ours.score == theirs.score {
                    out.push(format!(
                        "event {}: the same play, but the clauses cited differ: the rules cite {}, the engine {}",
                        k + 1,
                        listed(&ours.clauses),
                        listed(&theirs.clauses)
                    ));
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
                out.push(format!(
                    "scores after it: the rules give {:?}, the engine {:?} (each seat's score is what its events scored, round after round: {})",
                    o.scores,
                    t.scores,
                    listed(&variant.own([e(1), s(18)]))
                ));
            }
            if (&o.phase, o.seat) != (&t.phase, t.seat) {
                let seat = |s: Option<usize>| s.map_or("no seat".to_string(), |s| format!("seat {s}"));
                out.push(format!(
                    "after it: the rules have {} with {} to act ({}), the engine {} with {}",
                    o.phase,
                    seat(o.seat),
                    listed(&phase_clauses(&o.phase, variant)),
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

/// The readings cited in an outcome: by its events, or by its refusal.
fn cited(outcome: &Outcome) -> Vec<Clause> {
    match outcome {
        Outcome::Refused(_, cs, _) => cs.clone(),
        Outcome::Taken(l) => l.events.iter().flat_map(|e| e.clauses.iter().copied()).collect(),
    }
}

/// The most steps a case may have for every reading to be tried when it
/// fails; a longer one tries the readings cited at the failing step.
const SHORT: usize = 120;

/// Each reading whose other value gives the engine's answers to this point:
/// the rules' outcomes of every step before `at` (the engine's agreed with
/// them) and the engine's at `at`, for the same requests.
fn explained(script: &Script<'_>, variant: &Variant, steps: &[Step], at: usize, theirs: &Outcome) -> Vec<String> {
    let Some(step) = steps.get(at) else { return Vec::new() };
    let candidates: Vec<Clause> = if steps.len() <= SHORT {
        READINGS.iter().map(|r| r.id).collect()
    } else {
        let mut cs: Vec<Clause> = cited(&step.ours).into_iter().chain(cited(theirs)).collect();
        cs.sort();
        cs.dedup();
        cs
    };
    let values = super::labels::values_of(variant);
    let mut found = Vec::new();
    for reading in READINGS.iter().filter(|r| candidates.contains(&r.id)) {
        let own = values.iter().find(|(id, _)| *id == reading.id).map(|(_, v)| v.clone()).unwrap_or_default();
        for (value, _) in reading.values.iter().filter(|(v, _)| *v != own) {
            let Some(other) = super::labels::with_value(variant, reading, value) else { continue };
            let Ok(alt) = plan(script, &other, at) else { continue };
            let agrees = alt.get(at).is_some_and(|a| a.requests == step.requests && same_play(&a.ours, theirs))
                && alt.iter().zip(steps).take(at).all(|(a, b)| a.requests == b.requests && same_play(&a.ours, &b.ours));
            if agrees {
                found.push(format!("{} = {value}", reading.id));
            }
        }
    }
    if found.is_empty() {
        return Vec::new();
    }
    vec![format!(
        "the engine's answers to this point are what the rules give under {} ({} has {})",
        found.join(", or "),
        variant.label(),
        found
            .iter()
            .filter_map(|f| f.split(' ').next())
            .map(|id| {
                let v = values.iter().find(|(r, _)| r.to_string() == id).map(|(_, v)| v.as_str()).unwrap_or("?");
                format!("{id} = {v}")
            })
            .collect::<Vec<_>>()
            .join(", ")
    )]
}

/// A game under one variant, step by step, the probes among the steps.
pub(super) fn run(s: &mut Session, script: &Script<'_>, label: &str) -> Result<Verdict, Trouble> {
    let internal = |message: String| Trouble::Refused { request: String::new(), message };
    let variant = rules_of(label)?;
    let steps = plan(script, &variant, usize::MAX).map_err(internal)?;
    s.ask_done(&Request::Variant(label.to_string()))?;
    for (i, step) in steps.iter().enumerate() {
        let (theirs, request) = ask_all(s, &step.requests)?;
        let mut diffs = differences(&step.ours, &theirs, &variant);
        if diffs.is_empty() {
            continue;
        }
        diffs.extend(explained(script, &variant, &steps, i, &theirs));
        let summary = format!("{} of {}: {}", step.what, script.what, diffs.first().cloned().unwrap_or_default());
        let mut details = vec![format!("{} under {label}, which covers {}", script.what, script.context)];
        details.extend(diffs);
        let failure = Failure {
            kind: FailureKind::WrongAnswer,
            request: Some(request.to_string()),
            details,
            divergence: None,
            replay: None,
            stderr: None,
        };
        return Ok(Verdict::Wrong(summary, Box::new(failure)));
    }
    let probes = steps.iter().filter(|s| s.what.starts_with("before") || s.what.starts_with("after")).count();
    Ok(Verdict::Pass(format!(
        "the start, {} and {}: each step's verdict, events, scores and phase as the rules give",
        counted(script.moves.len(), "action"),
        counted(probes, "refusal asked between them")
    )))
}
