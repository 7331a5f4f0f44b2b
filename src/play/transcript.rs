//! Game transcripts: a whole game (or its first rounds) written down so that
//! anyone can check it. A transcript names the variant with every reading it
//! chooses, the seed and the players, and then lists every event in order:
//! each deal with the hands and the well in drawing order, every placement
//! with its corners, every bonus choice, draw and pass, each round's end and
//! the game's end, each with the acting seat, its score change, the running
//! totals after it and the clause ids behind it.
//!
//! This file holds the format (written by [`record`], read by
//! [`load_transcript`] with every problem located in the file);
//! [`super::replay`] checks one against the rules.

use std::path::Path;

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use crate::error::{DocPath, Problem};
use crate::formats::{BUILTIN_VARIANTS, InputError, Source, VariantChoice, builtin_variant};
use crate::game::{Event, EventKind, EventTag, Game, Phase, PlacementKind, RoundEnding};
use crate::model::{Cell, Corners, TileId, TileSet};
use crate::rules::{Clause, RuleSet, Variant, VariantParts};

/// The transcript format's version; [`replay`] reads this version only.
pub const TRANSCRIPT_VERSION: u32 = 1;

/// A recorded game.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "kebab-case", deny_unknown_fields)]
pub struct Transcript {
    /// The format's version: 1.
    #[schemars(range(min = 1, max = 1))]
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
    #[schemars(range(min = 2, max = 8))]
    pub players: usize,
    /// Every event, in order.
    pub events: Vec<TranscriptEvent>,
    /// Each seat's score after the last event.
    #[schemars(length(min = 2, max = 8))]
    pub scores: Vec<i64>,
    /// The winner, when the transcript reaches the end of the game.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schemars(range(max = 7))]
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
    /// The value of every reading R1–R32, by option name.
    pub rules: RuleSet,
}

/// One event of a transcript: an engine [`Event`] with the running totals.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, JsonSchema)]
#[schemars(transform = crate::game::close_kinds)]
pub struct TranscriptEvent {
    /// The seat acting: absent for a deal, a re-deal, a blocked round's end
    /// and the game's end.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schemars(range(max = 7))]
    pub seat: Option<usize>,
    /// What happened (the `event` key names the kind).
    #[serde(flatten)]
    pub kind: EventKind,
    /// The acting seat's score change (0 when no seat acts; a round end's
    /// changes for every seat are in its `changes`).
    pub score: i64,
    /// Every seat's score after the event.
    #[schemars(length(min = 2, max = 8))]
    pub totals: Vec<i64>,
    /// The clause ids behind the event, in the order the rules give them:
    /// replay compares them where the variant's citations are known (a
    /// shipped variant, or a spec given to it).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub clauses: Vec<Clause>,
}

/// The fields an event of a kind has besides `seat`, `event`, `score`,
/// `totals` and `clauses`.
fn fields(tag: EventTag) -> &'static [&'static str] {
    match tag {
        EventTag::Deal => &["round", "hands", "well", "opener"],
        EventTag::Redeal => &["tied", "hands"],
        EventTag::Place => &["kind", "tile", "at", "corners", "matched", "bonus"],
        EventTag::BonusPoints | EventTag::BonusTiles | EventTag::Pass => &[],
        EventTag::Draw => &["tile"],
        EventTag::RoundEnd => &["ending", "winner", "hand-totals", "changes"],
        EventTag::GameEnd => &["winner", "shared-with", "scores"],
    }
}

/// An event as written: every field of every kind, each optional but for
/// the ones all events share. [`RawEvent::into_event`] checks that the
/// fields fit the kind.
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
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
    shared_with: Option<Vec<usize>>,
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
            ("shared-with", self.shared_with.is_some()),
            ("hand-totals", self.hand_totals.is_some()),
            ("changes", self.changes.is_some()),
            ("scores", self.scores.is_some()),
        ];
        present.into_iter().filter(|(_, p)| *p).map(|(f, _)| f).collect()
    }

    /// The event, or every field that does not fit its kind: a field of
    /// another kind (named at that field) or a missing one (named at
    /// `event`). A round end's `winner` may be absent (a blocked round with
    /// nobody collecting), and a game end's `shared-with` (one winner).
    fn into_event(mut self) -> Result<TranscriptEvent, Vec<FieldProblem>> {
        let tag = self.event;
        let written = self.written();
        let mut problems: Vec<FieldProblem> = written
            .iter()
            .copied()
            .filter(|f| !fields(tag).contains(f))
            .map(|f| (f, format!("a `{}` event has no `{f}`; its fields are {}", tag.name(), listed(tag))))
            .collect();
        let optional: &[&str] = match tag {
            EventTag::RoundEnd => &["winner"],
            EventTag::GameEnd => &["shared-with"],
            _ => &[],
        };
        for f in fields(tag).iter().filter(|f| !written.contains(f) && !optional.contains(f)) {
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
            (EventTag::GameEnd, RawEvent { winner: Some(winner), shared_with, scores: Some(scores), .. }) => {
                EventKind::GameEnd { winner, shared_with: shared_with.unwrap_or_default(), scores }
            }
            // Every field a kind needs was checked above.
            (tag, _) => return Err(vec![("event", format!("a `{}` event is incomplete", tag.name()))]),
        };
        Ok(TranscriptEvent { seat, kind, score, totals, clauses })
    }
}

/// A kind's fields, for messages.
fn listed(tag: EventTag) -> String {
    let fields: Vec<String> = fields(tag).iter().map(|f| format!("`{f}`")).collect();
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
                text: Default::default(),
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
pub(super) fn add_to_totals(totals: &mut [i64], event: &Event) {
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

pub(super) fn transcript_event(event: &Event, totals: &[i64]) -> TranscriptEvent {
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
    let transcript: Transcript = match source.parse_as(crate::formats::FileKind::Transcript, |_| Vec::new()) {
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
