//! The check of the `replay` fuzz target, shared with `tests/inputs/fuzz_corpora.rs`:
//! a valid transcript (one of `fuzz/transcripts/`, written by `quadominos
//! play`) is mutated, structurally (a score, a total, a tile, a cell, an
//! event dropped, duplicated or swapped, ...) and then, optionally, byte by
//! byte in its YAML text, and replayed. Requirements: no panic; when the
//! mutations changed only recorded scores (an event's score change or
//! totals, a round end's changes or hand totals, the game end's scores, the
//! final scores or the winner), replay rejects; when replay accepts, what it
//! reports agrees with the transcript.

#![allow(dead_code)] // Each fuzz target uses its own check.

use std::sync::OnceLock;

use arbitrary::Arbitrary;
use quadominos::game::EventKind;
use quadominos::model::{Cell, Corners, TileId};
use quadominos::play::{Transcript, TranscriptEvent, load_transcript, replay};
use quadominos::rules::Variant;

/// The valid transcripts mutated, as `quadominos play` wrote them.
pub const BASES: [(&str, &str); 5] = [
    ("english-2p-greedy-seed1.yaml", include_str!("../../fuzz/transcripts/english-2p-greedy-seed1.yaml")),
    ("serbian-3p-random-seed2.yaml", include_str!("../../fuzz/transcripts/serbian-3p-random-seed2.yaml")),
    ("beginner-2p-random-seed3.yaml", include_str!("../../fuzz/transcripts/beginner-2p-random-seed3.yaml")),
    ("serbian-chain-4p-greedy-seed4.yaml", include_str!("../../fuzz/transcripts/serbian-chain-4p-greedy-seed4.yaml")),
    ("english-R4no-2p-random-seed5.json", include_str!("../../fuzz/transcripts/english-R4no-2p-random-seed5.json")),
];

/// The fuzzer's choices.
#[derive(Arbitrary, Debug, Clone)]
pub struct ReplayInput {
    /// Which of [`BASES`].
    pub base: u8,
    /// Structural mutations, applied in order (at most [`MAX_MUTATIONS`]).
    pub mutations: Vec<Mutation>,
    /// Then bytes of the YAML text replaced: (offset, byte).
    pub bytes: Vec<(u16, u8)>,
}

/// One structural mutation; event and seat indices are taken modulo the
/// number there is.
#[derive(Arbitrary, Debug, Clone)]
pub enum Mutation {
    /// An event's score change.
    Score { event: u16, delta: i16 },
    /// One of an event's running totals.
    Total { event: u16, seat: u8, delta: i16 },
    /// A round end's score change for a seat, or the game end's final score.
    Change { event: u16, seat: u8, delta: i16 },
    /// A round end's hand total for a seat.
    HandTotal { event: u16, seat: u8, delta: i16 },
    /// One of the final scores.
    FinalScore { seat: u8, delta: i16 },
    /// The recorded winner.
    Winner { seat: Option<u8> },
    /// The acting seat of an event.
    Seat { event: u16, seat: Option<u8> },
    /// A placed tile (its corners and id) or a drawn tile.
    Tile { event: u16, values: [u8; 4] },
    /// A placed tile turned by quarter turns (the same tile).
    Turn { event: u16, turns: u8 },
    /// A placed tile's cell moved.
    Move { event: u16, dx: i8, dy: i8 },
    /// A placement's matched count or bonus flag.
    Matched { event: u16, matched: u8, bonus: bool },
    /// A hand tile of a deal swapped with a well tile.
    Deal { event: u16, seat: u8, hand: u8, well: u8 },
    /// An event left out.
    Drop { event: u16 },
    /// An event written twice.
    Duplicate { event: u16 },
    /// Two events swapped.
    Swap { a: u16, b: u16 },
    /// Only the first events kept.
    Truncate { keep: u16 },
}

/// The most structural mutations applied to one transcript.
pub const MAX_MUTATIONS: usize = 4;

/// The parsed [`BASES`] with their variants; each must replay as recorded.
pub fn bases() -> &'static [(Transcript, Variant)] {
    static PARSED: OnceLock<Vec<(Transcript, Variant)>> = OnceLock::new();
    PARSED.get_or_init(|| {
        BASES
            .iter()
            .map(|(name, text)| {
                let t: Transcript = serde_yaml::from_str(text).unwrap_or_else(|e| panic!("{name}: {e}"));
                let v = t.variant.variant().unwrap_or_else(|e| panic!("{name}: {e:?}"));
                if let Err(m) = replay(&t, &v) {
                    panic!("the base transcript {name} does not replay: {m:?}");
                }
                (t, v)
            })
            .collect()
    })
}

fn pick(i: impl Into<usize>, len: usize) -> Option<usize> {
    (len > 0).then(|| i.into() % len)
}

fn nudge(v: &mut i64, delta: i16) {
    *v = v.saturating_add(i64::from(delta));
}

fn nudge_u32(v: &mut u32, delta: i16) {
    *v = v.saturating_add_signed(i32::from(delta));
}

/// Applies one mutation.
pub fn mutate(t: &mut Transcript, m: &Mutation) {
    let n = t.events.len();
    match *m {
        Mutation::Score { event, delta } => {
            if let Some(i) = pick(event, n) {
                nudge(&mut t.events[i].score, delta);
            }
        }
        Mutation::Total { event, seat, delta } => {
            if let Some(i) = pick(event, n) {
                let totals = &mut t.events[i].totals;
                if let Some(s) = pick(seat, totals.len()) {
                    nudge(&mut totals[s], delta);
                }
            }
        }
        Mutation::Change { event, seat, delta } => {
            if let Some(i) = pick(event, n) {
                match &mut t.events[i].kind {
                    EventKind::RoundEnd { changes: v, .. } | EventKind::GameEnd { scores: v, .. } => {
                        if let Some(s) = pick(seat, v.len()) {
                            nudge(&mut v[s], delta);
                        }
                    }
                    _ => {}
                }
            }
        }
        Mutation::HandTotal { event, seat, delta } => {
            if let Some(i) = pick(event, n)
                && let EventKind::RoundEnd { hand_totals, .. } = &mut t.events[i].kind
                && let Some(s) = pick(seat, hand_totals.len())
            {
                nudge_u32(&mut hand_totals[s], delta);
            }
        }
        Mutation::FinalScore { seat, delta } => {
            if let Some(s) = pick(seat, t.scores.len()) {
                nudge(&mut t.scores[s], delta);
            }
        }
        Mutation::Winner { seat } => t.winner = seat.map(|s| usize::from(s % 9)),
        Mutation::Seat { event, seat } => {
            if let Some(i) = pick(event, n) {
                t.events[i].seat = seat.map(|s| usize::from(s % 9));
            }
        }
        Mutation::Tile { event, values } => {
            if let Some(i) = pick(event, n) {
                let corners = Corners(values.map(|v| v % 6));
                match &mut t.events[i].kind {
                    EventKind::Place { tile, corners: c, .. } => {
                        *tile = corners.id();
                        *c = corners;
                    }
                    EventKind::Draw { tile } => *tile = corners.id(),
                    _ => {}
                }
            }
        }
        Mutation::Turn { event, turns } => {
            if let Some(i) = pick(event, n)
                && let EventKind::Place { corners, .. } = &mut t.events[i].kind
            {
                for _ in 0..(turns % 4) {
                    *corners = corners.rotate_cw();
                }
            }
        }
        Mutation::Move { event, dx, dy } => {
            if let Some(i) = pick(event, n)
                && let EventKind::Place { at, .. } = &mut t.events[i].kind
            {
                *at = Cell::new(at.x + i32::from(dx % 3), at.y + i32::from(dy % 3));
            }
        }
        Mutation::Matched { event, matched, bonus } => {
            if let Some(i) = pick(event, n)
                && let EventKind::Place { matched: m, bonus: b, .. } = &mut t.events[i].kind
            {
                *m = matched % 6;
                *b = bonus;
            }
        }
        Mutation::Deal { event, seat, hand, well } => {
            if let Some(i) = pick(event, n)
                && let EventKind::Deal { hands, well: w, .. } = &mut t.events[i].kind
                && let Some(s) = pick(seat, hands.len())
                && let Some(h) = pick(hand, hands[s].len())
                && let Some(k) = pick(well, w.len())
            {
                std::mem::swap(&mut hands[s][h], &mut w[k]);
            }
        }
        Mutation::Drop { event } => {
            if let Some(i) = pick(event, n) {
                t.events.remove(i);
            }
        }
        Mutation::Duplicate { event } => {
            if let Some(i) = pick(event, n) {
                let e = t.events[i].clone();
                t.events.insert(i, e);
            }
        }
        Mutation::Swap { a, b } => {
            if let (Some(a), Some(b)) = (pick(a, n), pick(b, n)) {
                t.events.swap(a, b);
            }
        }
        Mutation::Truncate { keep } => t.events.truncate(usize::from(keep) % (n + 1)),
    }
}

/// Every recorded score of a transcript, cleared: what is left is what
/// replay re-derives the scores from.
fn without_scores(t: &Transcript) -> Transcript {
    let mut t = t.clone();
    t.scores.clear();
    t.winner = None;
    for e in &mut t.events {
        *e = without_event_scores(e);
    }
    t
}

fn without_event_scores(e: &TranscriptEvent) -> TranscriptEvent {
    let mut e = e.clone();
    e.score = 0;
    e.totals.clear();
    match &mut e.kind {
        EventKind::RoundEnd { changes, hand_totals, .. } => {
            changes.clear();
            hand_totals.clear();
        }
        EventKind::GameEnd { scores, winner, shared_with } => {
            scores.clear();
            shared_with.clear();
            *winner = 0;
        }
        _ => {}
    }
    e
}

/// Runs one input: panics on a panic in the library or a broken requirement.
pub fn check(input: &ReplayInput) {
    let bases = bases();
    let (original, variant) = &bases[usize::from(input.base) % bases.len()];
    let mut t = original.clone();
    for m in input.mutations.iter().take(MAX_MUTATIONS) {
        mutate(&mut t, m);
    }
    if !input.bytes.is_empty() {
        // The text as `play` writes it, then bytes replaced, then read as
        // `quadominos replay` reads a file.
        let mut text = serde_yaml::to_string(&t).expect("a transcript serializes").into_bytes();
        for &(at, byte) in input.bytes.iter().take(16) {
            let i = usize::from(at) % text.len();
            text[i] = byte;
        }
        let dir = tempfile::tempdir().expect("a temporary folder");
        let path = dir.path().join("transcript.yaml");
        std::fs::write(&path, &text).expect("the transcript is written");
        let Ok(loaded) = load_transcript(&path, &quadominos::formats::VariantChoice::default()) else { return };
        check_replay(original, &loaded.transcript, &loaded.variant, input);
    } else {
        check_replay(original, &t, variant, input);
    }
}

fn check_replay(original: &Transcript, t: &Transcript, variant: &Variant, input: &ReplayInput) {
    let outcome = replay(t, variant);
    let scores_only = t != original && without_scores(t) == without_scores(original);
    match outcome {
        Ok(ok) => {
            assert!(
                !scores_only,
                "replay accepts a transcript whose recorded scores were changed\n{input:?}\nreplayed: {ok:?}"
            );
            assert_eq!(ok.events, t.events.len(), "{input:?}");
            assert_eq!(ok.scores, t.scores, "{input:?}");
            assert_eq!(ok.winner, t.winner, "{input:?}");
            if let Some(last) = t.events.last() {
                assert_eq!(last.totals, t.scores, "accepted, but the last totals are not the scores\n{input:?}");
            }
        }
        Err(m) => {
            assert!(m.index <= t.events.len(), "mismatch at event {} of {}\n{input:?}", m.index, t.events.len());
            assert!(!m.reasons.is_empty(), "a mismatch without a reason\n{input:?}");
        }
    }
}

/// A tile id from values, for tests that build inputs by hand.
pub fn tile(values: [u8; 4]) -> TileId {
    TileId::new(values).expect("values 0-5")
}
