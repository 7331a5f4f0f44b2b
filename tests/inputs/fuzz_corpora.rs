//! The fuzz corpora as regression tests: every file committed under
//! `fuzz/corpus/<target>/` and `fuzz/regressions/<target>/` is run through
//! the same check as its `cargo fuzz` target (the checks live in
//! `tests/common/fuzz_*.rs`, which the targets include too), on stable Rust
//! and without cargo-fuzz. See fuzz/README.md.

#[path = "../common/fuzz_parsers.rs"]
mod parsers;

#[path = "../common/fuzz_placement.rs"]
mod placement;

#[path = "../common/fuzz_replay.rs"]
mod replay;

use std::panic::{AssertUnwindSafe, catch_unwind};
use std::path::{Path, PathBuf};

use arbitrary::{Arbitrary, Unstructured};

/// Every input of `target`: its corpus and its kept crash reproducers.
fn inputs(target: &str) -> Vec<(PathBuf, Vec<u8>)> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("fuzz");
    let mut out = Vec::new();
    for dir in ["corpus", "regressions"] {
        let Ok(entries) = std::fs::read_dir(root.join(dir).join(target)) else { continue };
        for entry in entries {
            let path = entry.expect("a directory entry").path();
            if path.is_file() {
                let data = std::fs::read(&path).expect("a corpus file reads");
                out.push((path, data));
            }
        }
    }
    out.sort();
    assert!(!out.is_empty(), "no corpus for the fuzz target `{target}` under fuzz/corpus/{target}/");
    out
}

/// Runs `check` on every input of `target`; fails listing every input whose
/// check panicked.
fn replay_corpus(target: &str, check: impl Fn(&[u8])) {
    let inputs = inputs(target);
    let failed: Vec<String> = inputs
        .iter()
        .filter(|(_, data)| catch_unwind(AssertUnwindSafe(|| check(data))).is_err())
        .map(|(path, _)| path.display().to_string())
        .collect();
    assert!(failed.is_empty(), "{} of {} `{target}` inputs fail:\n{}", failed.len(), inputs.len(), failed.join("\n"));
}

/// Decodes an input as libfuzzer-sys does for a typed target; inputs that
/// do not decode are skipped there, and here.
fn decoded<T: for<'a> Arbitrary<'a>>(data: &[u8]) -> Option<T> {
    T::arbitrary_take_rest(Unstructured::new(data)).ok()
}

#[test]
fn position_corpus() {
    replay_corpus("position", parsers::position);
}

#[test]
fn puzzle_corpus() {
    replay_corpus("puzzle", parsers::puzzle);
}

#[test]
fn scenario_corpus() {
    replay_corpus("scenario", parsers::scenario);
}

#[test]
fn spec_corpus() {
    replay_corpus("spec", parsers::spec);
}

#[test]
fn tileset_corpus() {
    replay_corpus("tileset", parsers::tile_set);
}

#[test]
fn variant_file_corpus() {
    replay_corpus("variant_file", parsers::variant_file);
}

#[test]
fn many_keys_corpus() {
    replay_corpus("many_keys", parsers::many_keys);
}

#[test]
fn transcript_corpus() {
    replay_corpus("transcript", parsers::transcript);
}

#[test]
fn fixtures_corpus() {
    replay_corpus("fixtures", parsers::fixtures);
}

#[test]
fn notation_corpus() {
    replay_corpus("notation", parsers::notation_line);
}

#[test]
fn placement_corpus() {
    replay_corpus("placement", |data| {
        if let Some(input) = decoded::<placement::PlacementInput>(data) {
            placement::check(&input);
        }
    });
}

#[test]
fn replay_corpus_of_mutated_transcripts() {
    replay_corpus("replay", |data| {
        if let Some(input) = decoded::<replay::ReplayInput>(data) {
            replay::check(&input);
        }
    });
}

/// Mutations whose requirement is certain, built by hand: a changed score,
/// total, round-end change, final score or winner is always rejected.
#[test]
fn changed_scores_are_always_rejected() {
    use replay::{Mutation, ReplayInput};
    for (base, (original, variant)) in replay::bases().iter().enumerate() {
        let last = original.events.len() as u16 - 1; // a round end
        let mutations = [
            Mutation::Score { event: 5, delta: 1 },
            Mutation::Total { event: 9, seat: 1, delta: -3 },
            Mutation::Change { event: last, seat: 0, delta: 7 },
            Mutation::HandTotal { event: last, seat: 1, delta: 2 },
            Mutation::FinalScore { seat: 0, delta: 25 },
            Mutation::Winner { seat: Some(1) },
        ];
        for mutation in &mutations {
            let mut t = original.clone();
            replay::mutate(&mut t, mutation);
            assert_ne!(t, *original, "base {base}: {mutation:?} changes nothing");
            assert!(quadominos::play::replay(&t, variant).is_err(), "base {base}: {mutation:?} accepted");
            let input = ReplayInput { base: base as u8, mutations: vec![mutation.clone()], bytes: vec![] };
            replay::check(&input);
        }
    }
}
