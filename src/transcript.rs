//! Game transcripts: a whole game (or its first rounds) written down so that
//! anyone can check it. A transcript names the variant with every reading it
//! chooses, the seed and the players, and then lists every event in order:
//! each deal with the hands and the well in drawing order, every placement
//! with its corners, every bonus choice, draw and pass, each round's end and
//! the game's end, each with the acting seat, its score change, the running
//! totals after it and the clause ids behind it.
//!
//! [`replay`] checks a transcript written by anyone against the rules: it
//! re-runs the game engine from the recorded deals, action by action, and
//! compares every recorded event with the one the rules give, its clause ids
//! included. The first difference is reported with the event's index, what
//! was recorded, what the rules give and the clauses that decide. The seed,
//! the strategy and the variant's label are recorded for information and not
//! checked; a replay says so.

use std::path::Path;

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use crate::error::{DocPath, Problem};
use crate::formats::{BUILTIN_VARIANTS, InputError, Source, VariantChoice, builtin_variant};
use crate::game::{Action, Event, EventKind, Game, Phase, PlacementKind, RoundEnding};
use crate::model::{Cell, Corners, TileId, TileSet};
use crate::rules::{Clause, Placement, RuleSet, Variant, VariantParts};

/// The transcript format's version; [`replay`] reads this version only.
pub const TRANSCRIPT_VERSION: u32 = 1;

/// A recorded game.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "kebab-case", deny_unknown_fields)]
pub struct Transcript {
    /// The format's version: 1.
    pub version: u32,
    /// The rules the game was played under.
    pub variant: VariantRecord,
    /// The seed the deals were shuffled from, when the game was dealt by
    /// this toolkit (informative: replay takes the deals as recorded).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub seed: Option<u64>,
    /// How the seats chose their actions (informative), e.g. `greedy`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub strategy: Option<String>,
    /// The number of seats, 2 to 8; seats are numbered from 0.
    pub players: usize,
    /// Every event, in order.
    pub events: Vec<TranscriptEvent>,
    /// Each seat's score after the last event.
    pub scores: Vec<i64>,
    /// The winner, when the transcript reaches the end of the game.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub winner: Option<usize>,
    /// Why the transcript stops where it does (`quadominos play` always says;
    /// absent, nothing is said and the transcript may stop anywhere).
    /// Replay checks it against where the game stands.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub ended: Option<Ended>,
}

/// Why a transcript stops where it does.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "kebab-case")]
pub enum Ended {
    /// The game is over: a seat reached the target (E16, S19).
    GameOver,
    /// Stopped at the end of the rounds asked for (`play --rounds K`); the
    /// game is not over.
    RoundsAsked,
    /// Stopped at the end of the most rounds a game is played for (`play
    /// --max-rounds`, 500 by default) with nobody at the target; the game is
    /// not over.
    RoundLimit,
}

impl Ended {
    /// The value as written.
    pub const fn as_str(self) -> &'static str {
        match self {
            Ended::GameOver => "game-over",
            Ended::RoundsAsked => "rounds-asked",
            Ended::RoundLimit => "round-limit",
        }
    }
}

/// The variant a game was played under: its name and the value of every
/// reading, so that a replayer knows the rules without the spec file.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "kebab-case", deny_unknown_fields)]
pub struct VariantRecord {
    /// The variant's name: a shipped variant (`english`, `english-beginner`,
    /// `serbian`, `serbian-chain`) or another spec's name.
    pub name: String,
    /// The name with any overrides of single readings, e.g. `english+R4=no`
    /// (informative).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub label: Option<String>,
    /// The tile set: `full` (125 tiles) or `beginner` (the 70 without a 5).
    pub tile_set: String,
    /// The score that wins the game (E16, E19, S19).
    pub target: u32,
    /// The value of every reading R1–R16, by option name.
    pub rules: RuleSet,
}

/// One event of a transcript: an engine [`Event`] with the running totals.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, JsonSchema)]
pub struct TranscriptEvent {
    /// The seat acting: absent for a deal, a re-deal, a blocked round's end
    /// and the game's end.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub seat: Option<usize>,
    /// What happened (the `event` key names the kind).
    #[serde(flatten)]
    pub kind: EventKind,
    /// The acting seat's score change (0 when no seat acts; a round end's
    /// changes for every seat are in its `changes`).
    pub score: i64,
    /// Every seat's score after the event.
    pub totals: Vec<i64>,
    /// The clause ids behind the event, in the order the rules give them:
    /// replay compares them where the variant's citations are known (a
    /// shipped variant, or a spec given to it).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub clauses: Vec<Clause>,
}

/// The kinds of event, as the `event` key names them.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "kebab-case")]
enum EventTag {
    Deal,
    Redeal,
    Place,
    BonusPoints,
    BonusTiles,
    Draw,
    Pass,
    RoundEnd,
    GameEnd,
}

impl EventTag {
    /// The tag as written.
    fn name(self) -> &'static str {
        match self {
            EventTag::Deal => "deal",
            EventTag::Redeal => "redeal",
            EventTag::Place => "place",
            EventTag::BonusPoints => "bonus-points",
            EventTag::BonusTiles => "bonus-tiles",
            EventTag::Draw => "draw",
            EventTag::Pass => "pass",
            EventTag::RoundEnd => "round-end",
            EventTag::GameEnd => "game-end",
        }
    }

    /// The fields an event of this kind has besides `seat`, `event`,
    /// `score`, `totals` and `clauses`.
    fn fields(self) -> &'static [&'static str] {
        match self {
            EventTag::Deal => &["round", "hands", "well", "opener"],
            EventTag::Redeal => &["tied", "hands"],
            EventTag::Place => &["kind", "tile", "at", "corners", "matched", "bonus"],
            EventTag::BonusPoints | EventTag::BonusTiles | EventTag::Pass => &[],
            EventTag::Draw => &["tile"],
            EventTag::RoundEnd => &["ending", "winner", "hand_totals", "changes"],
            EventTag::GameEnd => &["winner", "scores"],
        }
    }
}

/// An event as written: every field of every kind, each optional but for
/// the ones all events share. [`RawEvent::into_event`] checks that the
/// fields fit the kind.
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct RawEvent {
    #[serde(default)]
    seat: Option<usize>,
    event: EventTag,
    score: i64,
    totals: Vec<i64>,
    #[serde(default)]
    clauses: Vec<Clause>,
    round: Option<u32>,
    hands: Option<Vec<Vec<TileId>>>,
    well: Option<Vec<TileId>>,
    opener: Option<usize>,
    tied: Option<Vec<usize>>,
    kind: Option<PlacementKind>,
    tile: Option<TileId>,
    at: Option<Cell>,
    corners: Option<Corners>,
    matched: Option<u8>,
    bonus: Option<bool>,
    ending: Option<RoundEnding>,
    winner: Option<usize>,
    hand_totals: Option<Vec<u32>>,
    changes: Option<Vec<i64>>,
    scores: Option<Vec<i64>>,
}

/// A field of an event that does not fit its kind, and why.
type FieldProblem = (&'static str, String);

impl RawEvent {
    /// The kind-specific fields that are written.
    fn written(&self) -> Vec<&'static str> {
        let present = [
            ("round", self.round.is_some()),
            ("hands", self.hands.is_some()),
            ("well", self.well.is_some()),
            ("opener", self.opener.is_some()),
            ("tied", self.tied.is_some()),
            ("kind", self.kind.is_some()),
            ("tile", self.tile.is_some()),
            ("at", self.at.is_some()),
            ("corners", self.corners.is_some()),
            ("matched", self.matched.is_some()),
            ("bonus", self.bonus.is_some()),
            ("ending", self.ending.is_some()),
            ("winner", self.winner.is_some()),
            ("hand_totals", self.hand_totals.is_some()),
            ("changes", self.changes.is_some()),
            ("scores", self.scores.is_some()),
        ];
        present.into_iter().filter(|(_, p)| *p).map(|(f, _)| f).collect()
    }

    /// The event, or every field that does not fit its kind: a field of
    /// another kind (named at that field) or a missing one (named at
    /// `event`). A round end's `winner` may be absent (a blocked round with
    /// nobody collecting).
    fn into_event(mut self) -> Result<TranscriptEvent, Vec<FieldProblem>> {
        let tag = self.event;
        let written = self.written();
        let mut problems: Vec<FieldProblem> = written
            .iter()
            .copied()
            .filter(|f| !tag.fields().contains(f))
            .map(|f| (f, format!("a `{}` event has no `{f}`; its fields are {}", tag.name(), listed(tag))))
            .collect();
        let optional: &[&str] = if tag == EventTag::RoundEnd { &["winner"] } else { &[] };
        for f in tag.fields().iter().filter(|f| !written.contains(f) && !optional.contains(f)) {
            problems.push(("event", format!("a `{}` event needs `{f}`", tag.name())));
        }
        if !problems.is_empty() {
            return Err(problems);
        }
        let (seat, score) = (self.seat, self.score);
        let (totals, clauses) = (std::mem::take(&mut self.totals), std::mem::take(&mut self.clauses));
        let kind = match (tag, self) {
            (
                EventTag::Deal,
                RawEvent { round: Some(round), hands: Some(hands), well: Some(well), opener: Some(opener), .. },
            ) => EventKind::Deal { round, hands, well, opener },
            (EventTag::Redeal, RawEvent { tied: Some(tied), hands: Some(hands), .. }) => {
                EventKind::Redeal { tied, hands }
            }
            (
                EventTag::Place,
                RawEvent {
                    kind: Some(kind),
                    tile: Some(tile),
                    at: Some(at),
                    corners: Some(corners),
                    matched: Some(matched),
                    bonus: Some(bonus),
                    ..
                },
            ) => EventKind::Place { kind, tile, at, corners, matched, bonus },
            (EventTag::BonusPoints, _) => EventKind::BonusPoints,
            (EventTag::BonusTiles, _) => EventKind::BonusTiles,
            (EventTag::Draw, RawEvent { tile: Some(tile), .. }) => EventKind::Draw { tile },
            (EventTag::Pass, _) => EventKind::Pass,
            (
                EventTag::RoundEnd,
                RawEvent {
                    ending: Some(ending), winner, hand_totals: Some(hand_totals), changes: Some(changes), ..
                },
            ) => EventKind::RoundEnd { ending, winner, hand_totals, changes },
            (EventTag::GameEnd, RawEvent { winner: Some(winner), scores: Some(scores), .. }) => {
                EventKind::GameEnd { winner, scores }
            }
            // Every field a kind needs was checked above.
            (tag, _) => return Err(vec![("event", format!("a `{}` event is incomplete", tag.name()))]),
        };
        Ok(TranscriptEvent { seat, kind, score, totals, clauses })
    }
}

/// A kind's fields, for messages.
fn listed(tag: EventTag) -> String {
    let fields: Vec<String> = tag.fields().iter().map(|f| format!("`{f}`")).collect();
    if fields.is_empty() { "only the shared ones".to_string() } else { fields.join(", ") }
}

// Read through `RawEvent`, a plain record of every field any event kind has,
// so that a wrong value is located at the value itself (a flattened enum is
// buffered first and loses every position).
impl<'de> Deserialize<'de> for TranscriptEvent {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        let raw = RawEvent::deserialize(deserializer)?;
        raw.into_event().map_err(|problems| {
            let (field, message) = problems.into_iter().next().unwrap_or(("event", String::new()));
            serde::de::Error::custom(format!("{field}: {message}"))
        })
    }
}

/// The events of a transcript alone, read again when an event's fields do
/// not fit its kind: serde places such an error at the list of events, and
/// this finds each field's own place.
#[derive(Deserialize)]
struct EventsOnly {
    events: Vec<RawEvent>,
}

impl EventsOnly {
    /// Every field that does not fit its event's kind, with its path: a
    /// field of another kind at its key, a missing one at `event`.
    fn problems(self) -> Vec<Problem> {
        let mut out = Vec::new();
        for (i, raw) in self.events.into_iter().enumerate() {
            if let Err(problems) = raw.into_event() {
                let at = DocPath::from("events").index(i);
                out.extend(problems.into_iter().map(|(field, message)| {
                    let path = if field == "event" { at.key(field) } else { at.key_name(field) };
                    Problem::new(path, message)
                }));
            }
        }
        out
    }
}

impl VariantRecord {
    /// The shipped variant this record names, with its tile set and target
    /// (its readings may still differ).
    fn shipped(&self) -> Option<Variant> {
        let shipped = BUILTIN_VARIANTS.iter().any(|(n, _)| *n == self.name);
        builtin_variant(&self.name)
            .filter(|v| shipped && v.tile_set().name() == self.tile_set && v.target() == self.target)
    }

    /// Whether [`VariantRecord::variant`] knows the clauses its choices
    /// cite: a shipped variant's spec does; a variant rebuilt from the
    /// record's readings alone cites the reading ids only, so the clause
    /// lists of its events cannot be compared with those recorded.
    pub fn citations_known(&self) -> bool {
        self.shipped().is_some()
    }

    /// The record of a variant.
    pub fn of(variant: &Variant) -> VariantRecord {
        let label = variant.label();
        VariantRecord {
            name: variant.name().to_string(),
            label: (label != variant.name()).then_some(label),
            tile_set: variant.tile_set().name().to_string(),
            target: variant.target(),
            rules: *variant.rules(),
        }
    }

    /// The variant this record describes: a shipped variant by name with any
    /// reading that differs overridden, or, for another name, a variant built
    /// from the record alone (its choices then cite the reading ids only).
    pub fn variant(&self) -> Result<Variant, Vec<Problem>> {
        let at = DocPath::from("variant");
        let tile_set = match self.tile_set.as_str() {
            "full" => TileSet::full(),
            "beginner" => TileSet::beginner(),
            other => {
                return Err(vec![Problem::new(
                    at.key("tile-set"),
                    format!(
                        "unknown tile set `{other}`: a transcript names `full` or `beginner`; for another set replay with --spec"
                    ),
                )]);
            }
        };
        let mut variant = match self.shipped() {
            Some(v) => v,
            None => Variant::new(VariantParts {
                name: self.name.clone(),
                description: format!("the rules recorded in a transcript for `{}`", self.name),
                tile_set,
                tile_set_clauses: Vec::new(),
                target: self.target,
                target_clauses: Vec::new(),
                rules: self.rules,
                citations: Vec::new(),
            }),
        };
        let wanted = self.rules.choices();
        let had = variant.rules().choices();
        for ((reading, value), (_, old)) in wanted.iter().zip(had) {
            if *value != old {
                variant = variant
                    .with_rule(reading.name, value)
                    .map_err(|e| vec![Problem::new(at.key("rules").key(reading.name), e.to_string())])?;
            }
        }
        Ok(variant)
    }
}

/// Each seat's score after each event: a round end adds its `changes`, any
/// other event adds its score to the acting seat.
fn add_to_totals(totals: &mut [i64], event: &Event) {
    match &event.kind {
        EventKind::RoundEnd { changes, .. } => {
            for (t, c) in totals.iter_mut().zip(changes) {
                *t += c;
            }
        }
        _ => {
            if let Some(t) = event.seat.and_then(|s| totals.get_mut(s)) {
                *t += event.score;
            }
        }
    }
}

fn transcript_event(event: &Event, totals: &[i64]) -> TranscriptEvent {
    TranscriptEvent {
        seat: event.seat,
        kind: event.kind.clone(),
        score: event.score,
        totals: totals.to_vec(),
        clauses: event.clauses.clone(),
    }
}

/// The transcript of a game played from its first deal (a game made by
/// [`Game::deal`] or [`Game::undealt`]). `ended` is `game-over` when the
/// game is over, else left unsaid: why a game was stopped is its player's
/// to say (`crate::play::Played::transcript` does).
pub fn record(game: &Game, seed: Option<u64>, strategy: Option<&str>) -> Transcript {
    let mut totals = vec![0i64; game.players()];
    let mut events = Vec::with_capacity(game.events().len());
    for event in game.events() {
        add_to_totals(&mut totals, event);
        events.push(transcript_event(event, &totals));
    }
    let winner = match game.phase() {
        Phase::GameOver { winner } => Some(winner),
        _ => None,
    };
    Transcript {
        version: TRANSCRIPT_VERSION,
        variant: VariantRecord::of(game.variant()),
        seed,
        strategy: strategy.map(str::to_string),
        players: game.players(),
        events,
        scores: game.scores().to_vec(),
        winner,
        ended: winner.map(|_| Ended::GameOver),
    }
}

/// A transcript file read: YAML or JSON (JSON is read as YAML).
#[derive(Clone, Debug)]
pub struct LoadedTranscript {
    /// The file's text and name.
    pub source: Source,
    /// What it says.
    pub transcript: Transcript,
    /// The variant to replay it under.
    pub variant: Variant,
    /// What the replay can check besides the events themselves.
    pub checks: ReplayChecks,
}

/// Reads a transcript and chooses the variant: `--variant`, `--spec` or
/// `--rule` on the command line override the recorded one.
pub fn load_transcript(path: &Path, choice: &VariantChoice) -> Result<LoadedTranscript, InputError> {
    let source = Source::read(path)?;
    let transcript: Transcript = match source.parse("transcript: a mapping with `version:`, `variant:`, `events:`") {
        Ok(t) => t,
        Err(e) => {
            // An event whose fields do not fit its kind is reported by serde
            // at the list of events; read the events again to name the field
            // (through `Source::parse`, so that a text refused for its
            // nesting is not handed to the YAML reader after all).
            let misfits = source.parse::<EventsOnly>("transcript").map(EventsOnly::problems);
            return Err(match misfits {
                Ok(problems) if !problems.is_empty() => source.problems(problems),
                _ => e,
            });
        }
    };
    let mut problems = Vec::new();
    if transcript.version != TRANSCRIPT_VERSION {
        problems.push(Problem::new(
            DocPath::from("version"),
            format!(
                "transcript version {} is not known; this toolkit reads version {TRANSCRIPT_VERSION}",
                transcript.version
            ),
        ));
    }
    if !(2..=8).contains(&transcript.players) {
        problems.push(Problem::new(
            DocPath::from("players"),
            format!("a game has 2 to 8 players (E2, S3); {} given", transcript.players),
        ));
    }
    for (i, e) in transcript.events.iter().enumerate() {
        if e.totals.len() != transcript.players {
            problems.push(Problem::new(
                DocPath::from("events").index(i).key("totals"),
                format!("{} totals for {} players", e.totals.len(), transcript.players),
            ));
        }
        if let Some(seat) = e.seat.filter(|&s| s >= transcript.players) {
            problems.push(Problem::new(
                DocPath::from("events").index(i).key("seat"),
                format!("seat {seat} does not exist; {}", crate::game::seat_range(transcript.players)),
            ));
        }
    }
    if transcript.scores.len() != transcript.players {
        problems.push(Problem::new(
            DocPath::from("scores"),
            format!("{} scores for {} players", transcript.scores.len(), transcript.players),
        ));
    }
    let overridden = choice.variant.is_some() || choice.spec.is_some();
    let variant = if overridden {
        Some(choice.resolve(None, None)?)
    } else {
        match transcript.variant.variant() {
            Ok(mut v) => {
                for rule in &choice.rules {
                    let (name, value) = rule.split_once('=').ok_or_else(|| {
                        InputError::whole_file("--rule", crate::rules::RuleError::Malformed(rule.clone()).to_string())
                    })?;
                    v = v
                        .with_rule(name.trim(), value.trim())
                        .map_err(|e| InputError::whole_file("--rule", e.to_string()))?;
                }
                Some(v)
            }
            Err(ps) => {
                problems.extend(ps);
                None
            }
        }
    };
    match variant {
        Some(variant) if problems.is_empty() => {
            // A variant given on the command line is a spec, with its
            // citations; one rebuilt from the record may have none.
            let checks = ReplayChecks { clauses: overridden || transcript.variant.citations_known() };
            Ok(LoadedTranscript { source, transcript, variant, checks })
        }
        _ => Err(source.problems(problems)),
    }
}

/// What the rules give where a transcript goes wrong.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, JsonSchema)]
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
    /// them (at most 12 listed).
    #[serde(skip_serializing_if = "Vec::is_empty")]
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

/// What a replay compares besides each event's kind, fields, score change
/// and totals, and the final scores and winner.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ReplayChecks {
    /// Each event's clause ids against those the rules give. Possible only
    /// where the variant's citations are known (a shipped variant, or a
    /// spec given on the command line), not for a variant rebuilt from a
    /// record's readings alone ([`VariantRecord::citations_known`]).
    pub clauses: bool,
}

impl Default for ReplayChecks {
    fn default() -> ReplayChecks {
        ReplayChecks { clauses: true }
    }
}

const ALLOWED_SHOWN: usize = 12;

fn action_text(action: &Action) -> String {
    action.to_string()
}

fn event_name(kind: &EventKind) -> &'static str {
    crate::scenario::event_name(kind)
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
fn phase_text(phase: Phase) -> String {
    match phase {
        Phase::Opening { seat } => format!("seat {seat} must place the opening tile (E3, E7, S5)"),
        Phase::BonusChoice { seat, .. } => {
            format!("seat {seat} must choose the 25 points or two bonus tiles (E11, S15)")
        }
        Phase::BonusTiles { seat, owed } => {
            format!("seat {seat} must still place {owed} bonus tile(s); a bonus tile is never played alone (E14)")
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
            clauses,
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
                vec![format!("the transcript records a {what} here, but the rules do not: {}", phase_text(phase))],
                phase_clauses(phase),
            ));
        };
        let to_move = self.game.to_move();
        if to_move.is_some() && recorded.seat != to_move {
            let seat = recorded.seat.map_or("no seat".to_string(), |s| format!("seat {s}"));
            return Err(self.mismatch(
                i,
                vec![format!("the transcript has {seat} act here, but {}", phase_text(phase))],
                phase_clauses(phase),
            ));
        }
        if let Err(refusal) = self.game.apply(action) {
            let clauses = refusal.clauses(self.game.variant());
            return Err(self.mismatch(
                i,
                vec![format!("the rules refuse `{}`: {refusal}", action_text(&action)), phase_text(phase)],
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
                vec![format!("the rules refuse this deal: {refusal}"), phase_text(phase)],
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
            clauses: [vec![crate::rules::ids::e(2), crate::rules::ids::s(3)], variant.cite(crate::rules::ids::r(16))]
                .concat(),
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
        reasons.push(format!("ended: recorded `{}` ({said}), but {}", ended.as_str(), phase_text(phase)));
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
