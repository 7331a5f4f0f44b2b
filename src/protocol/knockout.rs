//! Rules of the game path knocked out of the reference engine, one at a
//! time, for the mutation test of the conformance suite: an engine that
//! deals, opens, scores, orders turns and ends rounds and games as the
//! rules say, but for one rule, which it gets wrong the way an implementer
//! would (a draw that costs nothing, a deal taken whatever its hand sizes,
//! a game that goes on once it is over, ...).
//!
//! A knocked-out engine answers from the rules' own game and changes the
//! answer where its rule applies: it takes an action the rules refuse, or
//! refuses one they take, or reports other events, scores or a phase. From
//! there on its game is the rules' game with the scores it reported, which
//! is all a conformance case can see: a case fails at the first step where
//! the knocked-out rule shows.
//!
//! This file is long because it is the one table of the game path's
//! knock-outs: each one's name, its words, the clauses a report on it must
//! name, and how the engine answers otherwise, kept together so that a
//! knock-out is added in one place.

use crate::game::{BONUS_POINTS, Event, EventKind, Game, PENALTY, Phase, PlacementKind, Refusal, RoundEnding, Setup};
use crate::model::{Cell, TileId};
use crate::play::scenario::phase_name;
use crate::rules::{Deal, Placement};

use super::message::{GameLines, Request};

/// One rule knocked out.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Knockout {
    /// A given deal is taken whatever its hands' sizes (E2, S3, R16).
    DealSizesUnchecked,
    /// A given deal is taken with a tile twice and another missing (S1).
    DealTilesUnchecked,
    /// One entry of a deal table is one tile short: the engine takes a deal
    /// of that size for that many players, and refuses the right one.
    DealTable(Deal, usize),
    /// The opening tile is taken at any cell (E3).
    OpeningAnywhere,
    /// The lowest quad opens, not the highest (E3, S5).
    LowestQuadOpens,
    /// With no quad dealt, seat 0 opens, not the holder of the heaviest
    /// tile (E7, S5).
    Seat0OpensWithoutQuad,
    /// A quad opening earns no bonus choice (E4, S7).
    QuadOpeningNoBonus,
    /// The opening tile scores nothing (E4, S6).
    OpeningScoresNothing,
    /// 0-0-0-0 opened in place of a higher quad earns only the choice, not
    /// the 25 and two bonus tiles (E5, S8).
    ZeroQuadNoDouble,
    /// An opening with no quad earns a bonus choice (E7).
    NoQuadOpeningBonus,
    /// A pass is taken with a play in hand, where the well is empty (E9,
    /// S13).
    PassWithAPlay,
    /// A pass is taken while the well holds tiles (E9, S13).
    PassWithTilesInTheWell,
    /// A draw costs nothing (E15, S13).
    DrawFree,
    /// Only the first draw of a turn costs 20 (E15, S13).
    DrawChargedOnce,
    /// A pass costs nothing (E15, S14).
    PassFree,
    /// A draw from the empty well is taken as a pass (E15, S14).
    DrawOnEmptyWellPasses,
    /// A pass made after a draw in the same turn does not count toward a
    /// blocked round (E15, R13).
    PassAfterDrawUncounted,
    /// A round is blocked once all players but one have passed in a row
    /// (E15, S14).
    BlockedOnePassEarly,
    /// A bonus taken as points is worth 20 (E4, E11, S7, S15).
    BonusWorth20,
    /// A player who takes the 25 points plays on (S16, E11).
    TakePointsKeepsTurn,
    /// Two bonus tiles are taken where they cannot both be played (E6,
    /// E14).
    BonusTilesWhenOneFits,
    /// Only one bonus tile is owed after two are chosen (E4, E11, E14).
    OneBonusTile,
    /// Bonus tiles score nothing (E4, E11).
    BonusTilesScoreNothing,
    /// `take points` is taken with no bonus earned (E11, S15).
    TakeWithoutBonus,
    /// A player going out collects nothing (E10, S18).
    OutCollectsNothing,
    /// A player going out collects only the next seat's hand (E10, S18).
    OutCollectsNextHandOnly,
    /// Every seat's score starts again from 0 with each round (E1).
    ScoresResetEachRound,
    /// The game ends only above the target, not on reaching it (E16, S19).
    TargetStrictlyAbove,
    /// A deal is taken after the game is over (E16, S19).
    DealAfterGameOver,
    /// A placement, a bonus choice, a draw or a pass is taken after the
    /// game is over, with no event (E16, S19).
    ActsAfterGameOver,
    /// The beginner game goes to 800, not 600 (E19).
    BeginnerTargetIs800,
}

/// A knock-out with its name, the rule broken in words, and the clauses a
/// report on it must name (one of them).
#[derive(Clone, Copy, Debug)]
pub struct KnockoutInfo {
    /// The knock-out.
    pub knockout: Knockout,
    /// The mutant's name.
    pub name: &'static str,
    /// What it gets wrong.
    pub what: &'static str,
    /// The clauses a report must name, any one of them.
    pub names: &'static [&'static str],
}

const fn k(knockout: Knockout, name: &'static str, what: &'static str, names: &'static [&'static str]) -> KnockoutInfo {
    KnockoutInfo { knockout, name, what, names }
}

/// Every knock-out but the deal tables' entries.
pub const KNOCKOUTS: &[KnockoutInfo] = &[
    k(
        Knockout::DealSizesUnchecked,
        "deal-hand-sizes-unchecked",
        "a given deal is taken whatever its hands' sizes",
        &["E2", "S3", "R16"],
    ),
    k(
        Knockout::DealTilesUnchecked,
        "deal-tiles-unchecked",
        "a given deal is taken with a tile twice and another missing",
        &["S1"],
    ),
    k(Knockout::OpeningAnywhere, "opening-at-any-cell", "the opening tile is taken at any cell", &["E3", "S5"]),
    k(Knockout::LowestQuadOpens, "lowest-quad-opens", "the lowest quad opens, not the highest", &["E3", "S5"]),
    k(
        Knockout::Seat0OpensWithoutQuad,
        "seat-0-opens-without-a-quad",
        "with no quad dealt, seat 0 opens, not the holder of the heaviest tile",
        &["E7", "S5"],
    ),
    k(
        Knockout::QuadOpeningNoBonus,
        "quad-opening-earns-no-bonus",
        "a quad opening earns no bonus choice",
        &["E4", "S7"],
    ),
    k(Knockout::OpeningScoresNothing, "opening-scores-nothing", "the opening tile scores nothing", &["E4", "E7", "S6"]),
    k(
        Knockout::ZeroQuadNoDouble,
        "zero-quad-earns-only-the-choice",
        "0-0-0-0 opened in place of a higher quad earns the choice, not the 25 and two bonus tiles",
        &["E5", "S8"],
    ),
    k(
        Knockout::NoQuadOpeningBonus,
        "opening-without-a-quad-earns-a-bonus",
        "an opening with no quad earns a bonus choice",
        &["E7", "S5"],
    ),
    k(
        Knockout::PassWithAPlay,
        "pass-with-a-play-in-hand",
        "a pass is taken with a play in hand (the well empty)",
        &["E9", "S13"],
    ),
    k(
        Knockout::PassWithTilesInTheWell,
        "pass-with-tiles-in-the-well",
        "a pass is taken while the well holds tiles",
        &["E9", "S13"],
    ),
    k(Knockout::DrawFree, "draw-costs-nothing", "a draw costs nothing", &["E15", "S13"]),
    k(Knockout::DrawChargedOnce, "draw-charged-once-a-turn", "only the first draw of a turn costs 20", &["E15", "S13"]),
    k(Knockout::PassFree, "pass-costs-nothing", "a pass costs nothing", &["E15", "S14"]),
    k(
        Knockout::DrawOnEmptyWellPasses,
        "draw-from-the-empty-well-passes",
        "a draw from the empty well is taken as a pass",
        &["E15", "S14"],
    ),
    k(
        Knockout::PassAfterDrawUncounted,
        "pass-after-a-draw-not-counted",
        "a pass after a draw in the same turn does not count toward a blocked round",
        &["E15", "S14", "R13"],
    ),
    k(
        Knockout::BlockedOnePassEarly,
        "blocked-one-pass-early",
        "a round is blocked once all players but one have passed",
        &["E15", "S14", "R13"],
    ),
    k(
        Knockout::BonusWorth20,
        "bonus-worth-20",
        "a bonus taken as points is worth 20",
        &["E4", "E5", "E6", "E11", "S7", "S8", "S15"],
    ),
    k(
        Knockout::TakePointsKeepsTurn,
        "take-points-keeps-the-turn",
        "a player who takes the 25 points plays on",
        // The 25 cites the bonus it was earned by: E11, E12 or E13, E4 or
        // E5 for an opening quad, S16 under the Serbian variants.
        &["E11", "E12", "E13", "E4", "E5", "S16"],
    ),
    k(
        Knockout::BonusTilesWhenOneFits,
        "bonus-tiles-where-one-fits",
        "two bonus tiles are taken where they cannot both be played",
        &["E6", "E14"],
    ),
    k(
        Knockout::OneBonusTile,
        "one-bonus-tile",
        "only one bonus tile is owed after two are chosen",
        &["E4", "E11", "E14", "S7", "S15", "S17"],
    ),
    k(
        Knockout::BonusTilesScoreNothing,
        "bonus-tiles-score-nothing",
        "bonus tiles score nothing",
        &["E4", "E11", "S7", "S15"],
    ),
    k(
        Knockout::TakeWithoutBonus,
        "take-points-without-a-bonus",
        "`take points` is taken with no bonus earned",
        &["E11", "S15"],
    ),
    k(
        Knockout::OutCollectsNothing,
        "going-out-collects-nothing",
        "a player going out collects nothing",
        &["E10", "S18"],
    ),
    k(
        Knockout::OutCollectsNextHandOnly,
        "going-out-collects-the-next-hand-only",
        "a player going out collects only the next seat's hand",
        &["E10", "S18"],
    ),
    k(
        Knockout::ScoresResetEachRound,
        "scores-reset-each-round",
        "every seat's score starts again from 0 each round",
        &["E1", "S18"],
    ),
    k(
        Knockout::TargetStrictlyAbove,
        "target-strictly-above",
        "the game ends only above the target, not on reaching it",
        &["E16", "S19"],
    ),
    k(
        Knockout::DealAfterGameOver,
        "deal-after-the-game-is-over",
        "a deal is taken after the game is over",
        &["E16", "S19"],
    ),
    k(
        Knockout::ActsAfterGameOver,
        "acts-after-the-game-is-over",
        "a placement, bonus choice, draw or pass is taken after the game is over",
        &["E16", "S19"],
    ),
    k(Knockout::BeginnerTargetIs800, "beginner-game-to-800", "the beginner game goes to 800, not 600", &["E19"]),
];

/// What a knocked-out engine keeps of its own over one game: what it has
/// added to each seat's score beyond the rules' (what it reports is the
/// rules' score and this), and its own count of passes in a row.
#[derive(Clone, Debug, Default)]
pub struct Shadow {
    offsets: Vec<i64>,
    passes: usize,
}

impl Shadow {
    /// A new game of `players`.
    pub fn new(players: usize) -> Shadow {
        Shadow { offsets: vec![0; players], passes: 0 }
    }

    fn add(&mut self, seat: Option<usize>, change: i64) {
        if let Some(o) = seat.and_then(|s| self.offsets.get_mut(s)) {
            *o += change;
        }
    }

    /// The scores the engine reports: the rules' and its own changes.
    pub fn reported(&self, lines: &mut GameLines) {
        for (score, o) in lines.scores.iter_mut().zip(&self.offsets) {
            *score += o;
        }
    }
}

/// The rules' answer now, with `events`.
fn now(game: &Game, events: Vec<Event>) -> GameLines {
    GameLines {
        events,
        scores: game.scores().to_vec(),
        phase: phase_name(game.phase()).to_string(),
        seat: game.to_move(),
    }
}

/// What the rules make of `request` on a copy of `game`: the refusal, if
/// they refuse it.
fn refusal(game: &Game, request: &Request) -> Option<Refusal> {
    let mut copy = game.trial();
    match request {
        Request::Deal(Some((hands, well))) => copy.deal_given(hands.clone(), well.clone()).err(),
        _ => action_of(request).and_then(|a| copy.apply(a).err()),
    }
}

/// The action a game request stands for.
pub fn action_of(request: &Request) -> Option<crate::game::Action> {
    use crate::game::Action;
    Some(match request {
        Request::Place(p) => Action::Place(*p),
        Request::Take(true) => Action::TakeTiles,
        Request::Take(false) => Action::TakePoints,
        Request::Draw => Action::Draw,
        Request::Pass => Action::Pass,
        Request::Deal(None) => Action::NextRound,
        _ => return None,
    })
}

/// A deal event the engine records for hands it took, with no clauses.
fn deal_event(game: &Game, hands: &[Vec<TileId>], well: &[TileId], opener: usize) -> Event {
    Event {
        seat: None,
        kind: EventKind::Deal { round: game.round() + 1, hands: hands.to_vec(), well: well.to_vec(), opener },
        score: 0,
        clauses: Vec::new(),
    }
}

/// A deal the engine took though the rules refuse it: its deal event, and
/// the opener's opening to play (the rules' game left as it was).
fn took_deal(game: &Game, hands: &[Vec<TileId>], well: &[TileId]) -> GameLines {
    let opener = Game::from_setup_waiting(
        game.variant().clone(),
        &Setup { hands: hands.to_vec(), well: well.to_vec(), ..Setup::default() },
    )
    .ok()
    .and_then(|g| g.to_move())
    .unwrap_or(0);
    GameLines {
        events: vec![deal_event(game, hands, well, opener)],
        scores: game.scores().to_vec(),
        phase: "opening".to_string(),
        seat: Some(opener),
    }
}

/// A pass the engine took though the rules refuse it: -20, and the next
/// seat to play.
fn took_pass(game: &Game, seat: usize) -> GameLines {
    let mut scores = game.scores().to_vec();
    if let Some(s) = scores.get_mut(seat) {
        *s -= PENALTY;
    }
    GameLines {
        events: vec![Event { seat: Some(seat), kind: EventKind::Pass, score: -PENALTY, clauses: Vec::new() }],
        scores,
        phase: "turn".to_string(),
        seat: Some(game.next_seat(seat)),
    }
}

fn quads(hands: &[Vec<TileId>]) -> Vec<(TileId, usize)> {
    let mut out: Vec<(TileId, usize)> =
        hands.iter().enumerate().flat_map(|(s, h)| h.iter().filter(|t| t.is_quad()).map(move |&t| (t, s))).collect();
    out.sort();
    out
}

/// The events `which` picks scored as `to` says, and the acting seats'
/// scores changed by as much.
fn rescore(shadow: &mut Shadow, lines: &mut GameLines, which: impl Fn(&EventKind) -> bool, to: impl Fn(i64) -> i64) {
    for e in lines.events.iter_mut().filter(|e| which(&e.kind)) {
        let score = to(e.score);
        shadow.add(e.seat, score - e.score);
        e.score = score;
    }
}

/// Where play stands after an action whose game end the engine does not
/// see: the round over when it ended, else the turn of the seat after the
/// actor, or the actor's bonus choice when its play earned one.
fn not_ended(game: &Game, lines: &mut GameLines) {
    lines.events.retain(|e| !matches!(e.kind, EventKind::GameEnd { .. }));
    let last = lines.events.last().cloned();
    match last {
        Some(Event { kind: EventKind::RoundEnd { .. }, .. }) | None => {
            lines.phase = "round-over".into();
            lines.seat = None;
        }
        Some(Event { kind: EventKind::Place { bonus: true, .. }, seat, .. }) => {
            lines.phase = "bonus-choice".into();
            lines.seat = seat;
        }
        Some(e) => {
            lines.phase = "turn".into();
            lines.seat = e.seat.map(|s| game.next_seat(s));
        }
    }
}

impl Knockout {
    /// Every knock-out with its facts: [`KNOCKOUTS`], then an entry of
    /// each deal table one tile short, for 2 to 8 players.
    pub fn every() -> Vec<KnockoutInfo> {
        let mut out: Vec<KnockoutInfo> = KNOCKOUTS.to_vec();
        for (table, name) in [(Deal::English, "english"), (Deal::Serbian, "serbian")] {
            for players in 2..=8 {
                out.push(KnockoutInfo {
                    knockout: Knockout::DealTable(table, players),
                    name: TABLE_NAMES
                        .get(usize::from(table == Deal::Serbian) * 7 + players - 2)
                        .copied()
                        .unwrap_or("deal-table"),
                    what: if table == Deal::English {
                        "the english deal table (R16) deals one tile fewer to each hand for this many players"
                    } else {
                        "the serbian deal table (R16) deals one tile fewer to each hand for this many players"
                    },
                    names: if name == "english" { &["E2", "R16"] } else { &["S3", "R16"] },
                });
            }
        }
        out
    }

    /// Answers `request` otherwise than the rules, where this knock-out
    /// takes what they refuse or refuses what they take; `None` to let the
    /// rules answer.
    pub fn instead(self, shadow: &mut Shadow, game: &mut Game, request: &Request) -> Option<Result<GameLines, String>> {
        let phase = game.phase();
        let refused = refusal(game, request);
        match (self, request, &refused) {
            (Knockout::DealSizesUnchecked, Request::Deal(Some((hands, well))), Some(Refusal::BadDeal { .. })) => {
                let mut given: Vec<TileId> = hands.iter().flatten().chain(well).copied().collect();
                given.sort();
                let set: Vec<TileId> = game.variant().tile_set().ids().collect();
                (given == set && hands.len() == game.players()).then(|| Ok(took_deal(game, hands, well)))
            }
            (Knockout::DealTilesUnchecked, Request::Deal(Some((hands, well))), Some(Refusal::BadDeal { .. })) => {
                let size = game.variant().rules().deal.hand_size(game.players());
                let sized = hands.len() == game.players() && hands.iter().all(|h| Some(h.len()) == size);
                let count = hands.iter().map(Vec::len).sum::<usize>() + well.len();
                (sized && count == game.variant().tile_set().len()).then(|| Ok(took_deal(game, hands, well)))
            }
            (Knockout::DealTable(table, players), Request::Deal(Some((hands, well))), _) => {
                if game.variant().rules().deal != table || game.players() != players {
                    return None;
                }
                let size = table.hand_size(players)?;
                if refused.is_none() {
                    return Some(Err(format!(
                        "refused: seat 0 was dealt {size} tiles; this engine deals {players} players {} each",
                        size - 1
                    )));
                }
                let short = hands.len() == players && hands.iter().all(|h| h.len() + 1 == size);
                short.then(|| Ok(took_deal(game, hands, well)))
            }
            (Knockout::OpeningAnywhere, Request::Place(p), Some(Refusal::OpeningCell { .. })) => {
                let at_origin = Placement { at: Cell::new(0, 0), ..*p };
                let before = game.events().len();
                game.apply(crate::game::Action::Place(at_origin)).ok()?;
                let mut events = game.events().get(before..).unwrap_or_default().to_vec();
                if let Some(EventKind::Place { at, .. }) = events.first_mut().map(|e| &mut e.kind) {
                    *at = p.at;
                }
                Some(Ok(now(game, events)))
            }
            (Knockout::LowestQuadOpens, Request::Place(p), None) if matches!(phase, Phase::Opening { .. }) => {
                let seat = game.to_move()?;
                let lowest = game.hands().get(seat)?.iter().copied().filter(|t| t.is_quad()).min()?;
                (p.tile.is_quad() && p.tile != lowest)
                    .then(|| Err(format!("refused: the round opens with the lowest quad, {lowest} (E3)")))
            }
            (Knockout::PassWithAPlay, Request::Pass, Some(Refusal::CanPlay { .. })) => {
                let seat = game.to_move()?;
                if game.well().len() > 0 {
                    return Some(Err("refused: the well is not empty: the player draws".to_string()));
                }
                shadow.passes += 1;
                Some(Ok(took_pass(game, seat)))
            }
            (Knockout::PassWithTilesInTheWell, Request::Pass, Some(Refusal::WellNotEmpty)) => {
                let seat = game.to_move()?;
                Some(Ok(took_pass(game, seat)))
            }
            (Knockout::DrawOnEmptyWellPasses, Request::Draw, Some(Refusal::WellEmpty)) => {
                let before = game.events().len();
                game.apply(crate::game::Action::Pass).ok()?;
                let events = game.events().get(before..).unwrap_or_default().to_vec();
                Some(Ok(now(game, events)))
            }
            (Knockout::BonusTilesWhenOneFits, Request::Take(true), Some(Refusal::CannotPlayBonusTiles { .. })) => {
                let seat = game.to_move()?;
                let event = Event { seat: Some(seat), kind: EventKind::BonusTiles, score: 0, clauses: Vec::new() };
                Some(Ok(GameLines { phase: "bonus-tiles".into(), ..now(game, vec![event]) }))
            }
            (Knockout::TakeWithoutBonus, Request::Take(false), Some(Refusal::NoBonusPending)) => {
                let seat = game.to_move()?;
                let event =
                    Event { seat: Some(seat), kind: EventKind::BonusPoints, score: BONUS_POINTS, clauses: Vec::new() };
                shadow.add(Some(seat), BONUS_POINTS);
                Some(Ok(GameLines { seat: Some(game.next_seat(seat)), ..now(game, vec![event]) }))
            }
            (Knockout::DealAfterGameOver, Request::Deal(given), Some(Refusal::GameOver)) => {
                let (hands, well) = match given {
                    Some((hands, well)) => (hands.clone(), well.clone()),
                    None => {
                        let dealt = Game::deal(game.variant().clone(), game.players(), 0).ok()?;
                        (dealt.hands().to_vec(), dealt.well().collect())
                    }
                };
                Some(Ok(took_deal(game, &hands, &well)))
            }
            (Knockout::ActsAfterGameOver, Request::Place(_) | Request::Take(_) | Request::Draw | Request::Pass, _)
                if matches!(phase, Phase::GameOver { .. }) =>
            {
                Some(Ok(now(game, Vec::new())))
            }
            _ => None,
        }
    }

    /// Changes the rules' answer to `request` (taken by the rules and by
    /// this engine) where this knock-out reports it otherwise; `before` is
    /// the game as it stood before the request.
    pub fn after(self, shadow: &mut Shadow, before: &Game, game: &Game, request: &Request, lines: &mut GameLines) {
        let was = before.phase();
        let players = game.players();
        // The engine's own count of passes in a row, kept by every
        // knock-out (only those of the passes read it).
        let dealt = lines.events.iter().any(|e| matches!(e.kind, EventKind::Deal { .. }));
        let placed = lines.events.iter().any(|e| matches!(e.kind, EventKind::Place { .. }));
        let blocked_by_rules =
            lines.events.iter().any(|e| matches!(e.kind, EventKind::RoundEnd { ending: RoundEnding::Blocked, .. }));
        if dealt || placed || matches!(request, Request::Start(_) | Request::NewGame { .. }) {
            shadow.passes = 0;
        }
        let after_draw = matches!(was, Phase::Turn { drawn: Some(_), .. });
        match self {
            Knockout::PassAfterDrawUncounted | Knockout::BlockedOnePassEarly => {
                if matches!(request, Request::Pass) {
                    if !(after_draw && self == Knockout::PassAfterDrawUncounted) {
                        shadow.passes += 1;
                    }
                    if blocked_by_rules && shadow.passes < players {
                        // The engine plays on: no round's end, the next seat to play.
                        let mut changes = Vec::new();
                        lines.events.retain(|e| match &e.kind {
                            EventKind::RoundEnd { changes: c, .. } => {
                                changes.clone_from(c);
                                false
                            }
                            EventKind::GameEnd { .. } => false,
                            _ => true,
                        });
                        for (seat, change) in changes.iter().enumerate() {
                            shadow.add(Some(seat), -change);
                        }
                        let seat = before.to_move().unwrap_or(0);
                        lines.phase = "turn".into();
                        lines.seat = Some(game.next_seat(seat));
                    } else if self == Knockout::BlockedOnePassEarly
                        && !blocked_by_rules
                        && shadow.passes + 1 >= players
                        && lines.phase == "turn"
                    {
                        let hand_totals: Vec<u32> =
                            game.hands().iter().map(|h| h.iter().map(|t| u32::from(t.weight())).sum()).collect();
                        lines.events.push(Event {
                            seat: None,
                            kind: EventKind::RoundEnd {
                                ending: RoundEnding::Blocked,
                                winner: None,
                                hand_totals,
                                changes: vec![0; players],
                            },
                            score: 0,
                            clauses: Vec::new(),
                        });
                        lines.phase = "round-over".into();
                        lines.seat = None;
                    }
                }
            }
            Knockout::LowestQuadOpens | Knockout::Seat0OpensWithoutQuad => {
                let hands: Vec<Vec<TileId>> = match lines.events.iter().find_map(|e| match &e.kind {
                    EventKind::Deal { hands, .. } => Some(hands.clone()),
                    _ => None,
                }) {
                    Some(hands) => hands,
                    None if matches!(request, Request::Start(_)) && lines.phase == "opening" => game.hands().to_vec(),
                    None => return,
                };
                let quads = quads(&hands);
                let opener = match self {
                    Knockout::LowestQuadOpens => quads.first().map(|&(_, seat)| seat),
                    _ => quads.is_empty().then_some(0),
                };
                if let Some(opener) = opener {
                    for e in &mut lines.events {
                        if let EventKind::Deal { opener: o, .. } = &mut e.kind {
                            *o = opener;
                        }
                    }
                    lines.seat = Some(opener);
                }
            }
            Knockout::QuadOpeningNoBonus => {
                if let (Phase::Opening { seat }, Request::Place(p)) = (was, request)
                    && p.tile.is_quad()
                    && lines.phase == "bonus-choice"
                {
                    lines.phase = "turn".into();
                    lines.seat = Some(game.next_seat(seat));
                }
            }
            Knockout::OpeningScoresNothing => {
                rescore(shadow, lines, |k| matches!(k, EventKind::Place { kind: PlacementKind::Opening, .. }), |_| 0);
            }
            Knockout::ZeroQuadNoDouble => {
                let zero_opening = lines.events.iter().any(|e| {
                    matches!(&e.kind, EventKind::Place { kind: PlacementKind::Opening, tile, .. } if tile.is_quad() && tile.weight() == 0)
                });
                let paid = lines.events.iter().any(|e| matches!(e.kind, EventKind::BonusPoints));
                if let (true, true, Phase::Opening { seat }) = (zero_opening, paid, was)
                    && !game.hands().get(seat).is_none_or(Vec::is_empty)
                {
                    lines.events.retain(|e| {
                        if matches!(e.kind, EventKind::BonusPoints) {
                            shadow.add(e.seat, -e.score);
                        }
                        !matches!(e.kind, EventKind::BonusPoints | EventKind::BonusTiles | EventKind::GameEnd { .. })
                    });
                    lines.phase = "bonus-choice".into();
                    lines.seat = Some(seat);
                }
            }
            Knockout::NoQuadOpeningBonus => {
                if let (Phase::Opening { seat }, Request::Place(p)) = (was, request)
                    && !p.tile.is_quad()
                    && lines.phase == "turn"
                {
                    lines.phase = "bonus-choice".into();
                    lines.seat = Some(seat);
                }
            }
            Knockout::DrawFree | Knockout::DrawChargedOnce if self == Knockout::DrawFree || after_draw => {
                rescore(shadow, lines, |k| matches!(k, EventKind::Draw { .. }), |_| 0);
            }
            Knockout::PassFree => rescore(shadow, lines, |k| matches!(k, EventKind::Pass), |_| 0),
            Knockout::BonusWorth20 => {
                rescore(shadow, lines, |k| matches!(k, EventKind::BonusPoints), |score| score - score.min(5));
            }
            Knockout::TakePointsKeepsTurn => {
                if let (Request::Take(false), Some(seat)) = (request, before.to_move())
                    && lines.phase == "turn"
                {
                    lines.seat = Some(seat);
                }
            }
            Knockout::OneBonusTile => {
                if let (Phase::BonusTiles { seat, owed: 2 }, Request::Place(_)) = (was, request)
                    && lines.phase == "bonus-tiles"
                {
                    lines.phase = "turn".into();
                    lines.seat = Some(game.next_seat(seat));
                }
            }
            Knockout::BonusTilesScoreNothing => {
                rescore(shadow, lines, |k| matches!(k, EventKind::Place { kind: PlacementKind::BonusTile, .. }), |_| 0);
            }
            Knockout::OutCollectsNothing | Knockout::OutCollectsNextHandOnly => {
                for e in &mut lines.events {
                    if let EventKind::RoundEnd {
                        ending: RoundEnding::WentOut,
                        winner: Some(w),
                        hand_totals,
                        changes,
                        ..
                    } = &mut e.kind
                    {
                        let next = game.next_seat(*w);
                        let own = match self {
                            Knockout::OutCollectsNothing => 0,
                            _ => hand_totals.get(next).map_or(0, |&t| i64::from(t)),
                        };
                        if let Some(c) = changes.get_mut(*w) {
                            shadow.add(Some(*w), own - *c);
                            *c = own;
                        }
                        e.score = own;
                    }
                }
            }
            Knockout::ScoresResetEachRound => {
                let later = lines.events.iter().any(|e| matches!(e.kind, EventKind::Deal { round, .. } if round > 1));
                if later {
                    shadow.offsets = game.scores().iter().map(|s| -s).collect();
                }
            }
            Knockout::TargetStrictlyAbove | Knockout::BeginnerTargetIs800 => {
                let target = i64::from(game.variant().target());
                let ended = lines.events.iter().any(|e| matches!(e.kind, EventKind::GameEnd { .. }));
                let best = game.scores().iter().copied().max().unwrap_or(0);
                let sees = match self {
                    Knockout::TargetStrictlyAbove => best > target,
                    _ => target != 600 || best >= 800,
                };
                if ended && !sees {
                    not_ended(game, lines);
                }
            }
            _ => {}
        }
    }
}

/// The names of the deal tables' knock-outs, English then Serbian, for 2
/// to 8 players.
const TABLE_NAMES: [&str; 14] = [
    "english-deal-2-players-one-short",
    "english-deal-3-players-one-short",
    "english-deal-4-players-one-short",
    "english-deal-5-players-one-short",
    "english-deal-6-players-one-short",
    "english-deal-7-players-one-short",
    "english-deal-8-players-one-short",
    "serbian-deal-2-players-one-short",
    "serbian-deal-3-players-one-short",
    "serbian-deal-4-players-one-short",
    "serbian-deal-5-players-one-short",
    "serbian-deal-6-players-one-short",
    "serbian-deal-7-players-one-short",
    "serbian-deal-8-players-one-short",
];
