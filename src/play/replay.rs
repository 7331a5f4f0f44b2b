//! Replaying a transcript written by anyone against the rules: the game
//! engine re-runs the recorded deals, action by action, and every recorded
//! event is compared with the one the rules give, its clause ids included.
//! The first difference is reported with the event's index, what was
//! recorded, what the rules give and the clauses that decide. The seed, the
//! strategy and the variant's label are recorded for information and not
//! checked; a replay says so.

use schemars::JsonSchema;
use serde::Serialize;

use crate::game::{Action, EventKind, Game, Phase};
use crate::model::TileId;
use crate::rules::{Clause, Placement, Text, Variant};

use super::transcript::*;

/// What the rules give where a transcript goes wrong.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, JsonSchema)]
#[serde(rename_all = "kebab-case", deny_unknown_fields)]
pub struct Mismatch {
    /// The index of the first wrong event in `events` (from 0); the number of
    /// events when the transcript ends too early or its final scores are wrong.
    pub index: usize,
    /// The event as recorded (absent when the transcript ended).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub recorded: Option<TranscriptEvent>,
    /// The event the rules give there, when they give one.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub expected: Option<TranscriptEvent>,
    /// The actions the rules allow there, when the recorded one is not among
    /// them (at most 12 listed); absent when the recorded action is allowed
    /// (but its event differs) or the transcript ended.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub allowed: Vec<String>,
    /// How many actions the rules allow there, when `allowed` is cut short.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub allowed_count: Option<usize>,
    /// What is wrong, in words: each field that differs, or why the rules
    /// refuse the action.
    pub reasons: Vec<String>,
    /// The clause ids that decide.
    pub clauses: Vec<Clause>,
}

/// A transcript that replays without a difference.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, JsonSchema)]
pub struct Replayed {
    /// The variant replayed under, with overrides.
    pub variant: String,
    /// Events checked.
    pub events: usize,
    /// Rounds dealt.
    pub rounds: u32,
    /// The final scores.
    pub scores: Vec<i64>,
    /// The winner, when the game ended.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub winner: Option<usize>,
    /// Whether the transcript reaches the end of the game.
    pub complete: bool,
    /// Why the transcript stops, as it says (checked).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub ended: Option<Ended>,
    /// Fields the transcript records that the replay did not check: the
    /// informative `seed`, `strategy` and `variant.label`, and `clauses`
    /// where the variant's citations are not known.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub unchecked: Vec<String>,
}

const ALLOWED_SHOWN: usize = 12;

fn action_text(action: &Action) -> String {
    action.to_string()
}

fn event_name(kind: &EventKind) -> &'static str {
    super::scenario::event_name(kind)
}

/// The action a recorded event stands for, for the events that a seat's
/// action causes first; `None` for those the rules cause (round and game
/// ends).
fn action_of(event: &TranscriptEvent) -> Option<Action> {
    Some(match &event.kind {
        EventKind::Place { tile, at, corners, .. } => {
            Action::Place(Placement { tile: *tile, at: *at, corners: *corners })
        }
        EventKind::BonusPoints => Action::TakePoints,
        EventKind::BonusTiles => Action::TakeTiles,
        EventKind::Draw { .. } => Action::Draw,
        EventKind::Pass => Action::Pass,
        EventKind::Deal { .. } | EventKind::Redeal { .. } | EventKind::RoundEnd { .. } | EventKind::GameEnd { .. } => {
            return None;
        }
    })
}

/// Where play stands, in words, for a mismatch report.
/// Each clause named is of the variant's own text.
fn phase_text(phase: Phase, text: Text) -> String {
    let (opening, choice, alone) = match text {
        Text::English => ("E3, E7", "E11", "E14"),
        Text::Serbian => ("S5", "S7, S15", "S7, R17"),
    };
    match phase {
        Phase::Opening { seat } => format!("seat {seat} must place the opening tile ({opening})"),
        Phase::BonusChoice { seat, .. } => {
            format!("seat {seat} must choose the 25 points or two bonus tiles ({choice})")
        }
        Phase::BonusTiles { seat, owed } => {
            let tiles = if owed == 1 { "tile" } else { "tiles" };
            format!("seat {seat} must still place {owed} bonus {tiles}; a bonus tile is never played alone ({alone})")
        }
        Phase::Turn { seat, .. } => format!("it is seat {seat}'s turn"),
        Phase::RoundOver => "the round is over; the next event is a deal".to_string(),
        Phase::GameOver { winner } => format!("the game is over; seat {winner} won"),
    }
}

fn phase_clauses(phase: Phase) -> Vec<Clause> {
    use crate::rules::ids::{e, s};
    match phase {
        Phase::Opening { .. } => vec![e(3), e(7), s(5)],
        Phase::BonusChoice { .. } => vec![e(11), s(15), s(16)],
        Phase::BonusTiles { .. } => vec![e(14), s(17)],
        Phase::Turn { .. } => vec![e(8), s(9)],
        Phase::RoundOver => vec![e(10), s(18)],
        Phase::GameOver { .. } => vec![e(16), s(19)],
    }
}

/// Each field where `recorded` differs from `expected`, in words (the
/// clause ids too when `checks` says so).
fn differences(recorded: &TranscriptEvent, expected: &TranscriptEvent, checks: ReplayChecks) -> Vec<String> {
    let mut out = Vec::new();
    let (a, b) = (event_name(&recorded.kind), event_name(&expected.kind));
    if a != b {
        out.push(format!("recorded a `{a}` event; the rules give a `{b}` event"));
        return out;
    }
    let show = |v: &serde_json::Value| serde_json::to_string(v).unwrap_or_default();
    if recorded.seat != expected.seat {
        let seat = |s: Option<usize>| s.map_or("no seat".to_string(), |s| format!("seat {s}"));
        out.push(format!("seat: recorded {}, the rules give {}", seat(recorded.seat), seat(expected.seat)));
    }
    let (ra, rb) = (serde_json::to_value(&recorded.kind), serde_json::to_value(&expected.kind));
    if let (Ok(serde_json::Value::Object(ra)), Ok(serde_json::Value::Object(rb))) = (ra, rb) {
        for (key, want) in &rb {
            let got = ra.get(key).cloned().unwrap_or(serde_json::Value::Null);
            if got != *want {
                out.push(format!("{key}: recorded {}, the rules give {}", show(&got), show(want)));
            }
        }
    }
    if recorded.score != expected.score {
        out.push(format!("score: recorded {}, the rules give {}", recorded.score, expected.score));
    }
    if recorded.totals != expected.totals {
        out.push(format!("totals: recorded {:?}, the rules give {:?}", recorded.totals, expected.totals));
    }
    if checks.clauses && recorded.clauses != expected.clauses {
        let list = |cs: &[Clause]| format!("[{}]", cs.iter().map(ToString::to_string).collect::<Vec<_>>().join(", "));
        out.push(format!("clauses: recorded {}, the rules give {}", list(&recorded.clauses), list(&expected.clauses)));
    }
    out
}

struct Replayer<'t> {
    game: Game,
    checks: ReplayChecks,
    /// Engine events already matched with recorded ones.
    matched: usize,
    totals: Vec<i64>,
    transcript: &'t Transcript,
}

impl Replayer<'_> {
    /// The engine's next event not yet matched, with the totals after it.
    fn pending(&self) -> Option<TranscriptEvent> {
        let event = self.game.events().get(self.matched)?;
        let mut totals = self.totals.clone();
        add_to_totals(&mut totals, event);
        Some(transcript_event(event, &totals))
    }

    fn accept_pending(&mut self) {
        if let Some(event) = self.game.events().get(self.matched) {
            add_to_totals(&mut self.totals, event);
            self.matched += 1;
        }
    }

    fn mismatch(&self, index: usize, reasons: Vec<String>, clauses: Vec<Clause>) -> Box<Mismatch> {
        let legal = self.game.legal_actions();
        let count = legal.len();
        let allowed: Vec<String> = legal.iter().take(ALLOWED_SHOWN).map(action_text).collect();
        Box::new(Mismatch {
            index,
            recorded: self.transcript.events.get(index).cloned(),
            expected: None,
            allowed,
            allowed_count: (count > ALLOWED_SHOWN).then_some(count),
            reasons,
            // The variant's own text only, as every verdict.
            clauses: self.game.variant().own(clauses),
        })
    }

    /// Checks recorded event `i`.
    fn step(&mut self, i: usize, recorded: &TranscriptEvent) -> Result<(), Box<Mismatch>> {
        if self.pending().is_none() {
            self.act(i, recorded)?;
        }
        let Some(expected) = self.pending() else {
            // The action caused no event: cannot happen for an accepted action.
            return Err(self.mismatch(i, vec!["the rules record nothing for this action".into()], Vec::new()));
        };
        let diffs = differences(recorded, &expected, self.checks);
        if !diffs.is_empty() {
            let clauses = expected.clauses.clone();
            let mut m = self.mismatch(i, diffs, clauses);
            m.allowed.clear();
            m.allowed_count = None;
            m.expected = Some(expected);
            return Err(m);
        }
        self.accept_pending();
        Ok(())
    }

    /// Applies the action recorded event `i` stands for.
    fn act(&mut self, i: usize, recorded: &TranscriptEvent) -> Result<(), Box<Mismatch>> {
        let phase = self.game.phase();
        match &recorded.kind {
            EventKind::Deal { hands, well, .. } => {
                return self.deal(i, hands.clone(), well.clone());
            }
            EventKind::Redeal { hands, .. } => {
                let dealt: Vec<TileId> = hands.iter().flatten().copied().collect();
                let well: Vec<TileId> = self.game.variant().tile_set().ids().filter(|t| !dealt.contains(t)).collect();
                return self.deal(i, hands.clone(), well);
            }
            _ => {}
        }
        let Some(action) = action_of(recorded) else {
            let what = event_name(&recorded.kind).replace('-', " ");
            return Err(self.mismatch(
                i,
                vec![format!(
                    "the transcript records a {what} here, but the rules do not: {}",
                    phase_text(phase, self.game.variant().text())
                )],
                phase_clauses(phase),
            ));
        };
        let to_move = self.game.to_move();
        if to_move.is_some() && recorded.seat != to_move {
            let seat = recorded.seat.map_or("no seat".to_string(), |s| format!("seat {s}"));
            return Err(self.mismatch(
                i,
                vec![format!(
                    "the transcript has {seat} act here, but {}",
                    phase_text(phase, self.game.variant().text())
                )],
                phase_clauses(phase),
            ));
        }
        if let Err(refusal) = self.game.apply(action) {
            let clauses = refusal.clauses(self.game.variant());
            return Err(self.mismatch(
                i,
                vec![
                    format!("the rules refuse `{}`: {refusal}", action_text(&action)),
                    phase_text(phase, self.game.variant().text()),
                ],
                clauses,
            ));
        }
        Ok(())
    }

    fn deal(&mut self, i: usize, hands: Vec<Vec<TileId>>, well: Vec<TileId>) -> Result<(), Box<Mismatch>> {
        let phase = self.game.phase();
        if let Err(refusal) = self.game.deal_given(hands, well) {
            let clauses = refusal.clauses(self.game.variant());
            return Err(self.mismatch(
                i,
                vec![format!("the rules refuse this deal: {refusal}"), phase_text(phase, self.game.variant().text())],
                clauses,
            ));
        }
        Ok(())
    }
}

/// Replays `transcript` under `variant`: every recorded event must be the
/// event the rules give, with the same score change and totals, and the
/// final scores and winner must be right. A transcript may stop anywhere
/// (after some rounds, or in the middle of one), but not between an action
/// and the events the rules attach to it (a round end after the last tile,
/// the game end after the target).
pub fn replay(transcript: &Transcript, variant: &Variant) -> Result<Replayed, Box<Mismatch>> {
    replay_checking(transcript, variant, ReplayChecks::default())
}

/// [`replay`], comparing what `checks` says besides the events themselves
/// (the clause ids only where the variant's citations are known, see
/// [`LoadedTranscript::checks`]).
pub fn replay_checking(
    transcript: &Transcript,
    variant: &Variant,
    checks: ReplayChecks,
) -> Result<Replayed, Box<Mismatch>> {
    let players = transcript.players;
    let game = Game::undealt(variant.clone(), players, transcript.seed.unwrap_or(0)).map_err(|m| {
        Box::new(Mismatch {
            index: 0,
            recorded: transcript.events.first().cloned(),
            expected: None,
            allowed: Vec::new(),
            allowed_count: None,
            reasons: vec![m],
            clauses: variant.own(
                [vec![crate::rules::ids::e(2), crate::rules::ids::s(3)], variant.cite(crate::rules::ids::r(16))]
                    .concat(),
            ),
        })
    })?;
    let mut replayer = Replayer { game, checks, matched: 0, totals: vec![0; players], transcript };
    for (i, recorded) in transcript.events.iter().enumerate() {
        replayer.step(i, recorded)?;
    }
    let end = transcript.events.len();
    if let Some(expected) = replayer.pending() {
        let what = event_name(&expected.kind).replace('-', " ");
        let clauses = expected.clauses.clone();
        let mut m =
            replayer.mismatch(end, vec![format!("the transcript ends, but the rules give a {what} here")], clauses);
        m.allowed.clear();
        m.allowed_count = None;
        m.expected = Some(expected);
        return Err(m);
    }
    let winner = match replayer.game.phase() {
        Phase::GameOver { winner } => Some(winner),
        _ => None,
    };
    let mut reasons = Vec::new();
    if transcript.scores != replayer.totals {
        reasons.push(format!("final scores: recorded {:?}, the rules give {:?}", transcript.scores, replayer.totals));
    }
    if transcript.winner != winner {
        let w = |w: Option<usize>| w.map_or("no winner".to_string(), |w| format!("seat {w}"));
        reasons.push(format!("winner: recorded {}, the rules give {}", w(transcript.winner), w(winner)));
    }
    // A game over says so; a game stopped early stops between two rounds.
    let phase = replayer.game.phase();
    let fits = match transcript.ended {
        None => true,
        Some(Ended::GameOver) => matches!(phase, Phase::GameOver { .. }),
        Some(Ended::RoundsAsked | Ended::RoundLimit) => phase == Phase::RoundOver,
    };
    if let Some(ended) = transcript.ended.filter(|_| !fits) {
        let said = match ended {
            Ended::GameOver => "the game is over",
            Ended::RoundsAsked | Ended::RoundLimit => "play stopped between two rounds, the game not over",
        };
        reasons.push(format!(
            "ended: recorded `{}` ({said}), but {}",
            ended.as_str(),
            phase_text(phase, variant.text())
        ));
    }
    if !reasons.is_empty() {
        let mut m = replayer.mismatch(end, reasons, phase_clauses(replayer.game.phase()));
        m.allowed.clear();
        m.allowed_count = None;
        return Err(m);
    }
    let recorded = [
        ("seed", transcript.seed.is_some()),
        ("strategy", transcript.strategy.is_some()),
        ("variant.label", transcript.variant.label.is_some()),
        ("clauses", !checks.clauses && transcript.events.iter().any(|e| !e.clauses.is_empty())),
    ];
    Ok(Replayed {
        variant: variant.label(),
        events: end,
        rounds: replayer.game.round(),
        scores: replayer.totals,
        winner,
        complete: winner.is_some(),
        ended: transcript.ended,
        unchecked: recorded.into_iter().filter(|(_, written)| *written).map(|(f, _)| f.to_string()).collect(),
    })
}
