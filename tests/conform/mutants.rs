//! The mutation test of the conformance suite: wrong engines made from the
//! reference (`quadominos engine --mutant NAME`), each with one rule
//! knocked out: every value of every reading played as each other value
//! (while the engine says it plays the variant asked for), every rule of
//! the game path (scoring, penalties, going out, deals, the opening, the
//! order of play, the ends of rounds and of the game) broken as an
//! implementer would break it, a tile set with a tile too many or too few,
//! a position taken that must be refused, perft's bonus counted only on
//! full lines, and so on. Each is put to the default suite, every case it
//! could fail run to the end; the suite must catch every mutant that any
//! case could catch, with at least two independent cases, and the first
//! failing case's report must name the clause behind the bug.
//!
//! The table of which cases catch which mutant is `docs/CONFORMANCE.md`,
//! written by this test (`UPDATE_DOCS=1`) and checked against it on every
//! other run.

use std::collections::{BTreeMap, BTreeSet};
use std::path::Path;
use std::process::Command;
use std::sync::Mutex;
use std::time::Duration;

use quadominos::conform::{CaseKind, CaseRecord, ConformSuite, Generated, Outcome, RunOptions, generated, values_of};
use quadominos::formats::BUILTIN_VARIANTS;
use quadominos::protocol::mutant::{Bug, Mutant, mutants};
use quadominos::rules::READINGS;

const BIN: &str = env!("CARGO_BIN_EXE_quadominos");

/// The default suite, as `quadominos conform` generates it.
fn suite() -> ConformSuite {
    generated(&Generated {
        seed: 0,
        variants: BUILTIN_VARIANTS.iter().map(|(n, _)| n.to_string()).collect(),
        positions: 4,
        perft_depth: 3,
        count: 2,
    })
    .unwrap()
}

/// Whether `text` names `word` as a word: `R1` is not named by `R13`.
fn names(text: &str, word: &str) -> bool {
    text.match_indices(word).any(|(at, _)| {
        let before = text[..at].chars().next_back().is_none_or(|c| !c.is_alphanumeric());
        let after = text[at + word.len()..].chars().next().is_none_or(|c| !c.is_ascii_digit());
        before && after
    })
}

/// What makes two failing cases independent: a case of its own for the
/// generated games and deals (each dealt apart), else its fixture, whatever
/// the variant (a scenario swept under several labels, a position under
/// several variants, is one fixture: deleting it loses all its cases).
fn fixture_key(r: &CaseRecord) -> String {
    match r.kind {
        CaseKind::Positions | CaseKind::Verdicts | CaseKind::Perft => format!("position {}", r.fixture),
        CaseKind::Deals | CaseKind::Actions | CaseKind::Play => r.case.clone(),
        kind => format!("{} {}", kind.as_str(), r.fixture),
    }
}

/// The cases a mutant can fail, for speed: a value mutant only those under
/// a label with that value (it plays the rules asked for under every
/// other), a rule of the game path only the cases that play the game
/// actions. Leaving out a case it cannot fail changes no verdict.
fn relevant(m: &Mutant, suite: &ConformSuite, labels: &[String]) -> (ConformSuite, Vec<String>, usize) {
    match m.bug {
        Bug::Value { reading, from, .. } => {
            let chosen = labels
                .iter()
                .filter(|l| {
                    quadominos::conform::variant_by_label(l)
                        .is_some_and(|v| values_of(&v).iter().any(|(id, value)| *id == reading && value == from))
                })
                .cloned()
                .collect();
            (suite.clone(), chosen, 1)
        }
        Bug::Knockout(_) => {
            let mut games = suite.clone();
            games.positions.clear();
            games.perft.clear();
            games.games.clear();
            (games, Vec::new(), 0)
        }
        _ => (suite.clone(), Vec::new(), 1),
    }
}

/// What the suite makes of one mutant: every failing case, in order.
fn against(m: &Mutant, suite: &ConformSuite, labels: &[String]) -> Vec<CaseRecord> {
    let (suite, variants, play) = relevant(m, suite, labels);
    if matches!(m.bug, Bug::Value { .. }) && variants.is_empty() {
        return Vec::new();
    }
    let options = RunOptions {
        command: vec![BIN.to_string(), "engine".into(), "--mutant".into(), m.name.clone()],
        timeout: Duration::from_secs(60),
        variants,
        play,
        fail_fast: false,
    };
    let run = quadominos::conform::run(&suite, &options).unwrap();
    assert!(run.stopped.is_none(), "{}: {:?}", m.name, run.stopped);
    run.records.into_iter().filter(|r| r.outcome == Outcome::Fail).collect()
}

/// A mutant no case of any suite can catch: it plays the same game as the
/// reference wherever it differs, shown here by the rules themselves.
fn uncatchable(m: &Mutant) -> Option<&'static str> {
    match m.bug {
        // Every shipped tile set lists its tiles ascending clockwise: the
        // tile-set file's arrangement is R1's default, tile for tile.
        Bug::Value { reading, from, to }
            if reading.to_string() == "R1"
                && [from, to].contains(&"tile-set-file")
                && [from, to].contains(&"ascending-clockwise") =>
        {
            for (name, _) in BUILTIN_VARIANTS {
                let v = quadominos::conform::variant_by_label(name).unwrap();
                let w = v.clone().with_rule("R1", "tile-set-file").unwrap();
                for t in v.tile_set().ids() {
                    assert_eq!(v.orientations().of(v.tile_set(), t), w.orientations().of(w.tile_set(), t));
                }
            }
            Some("every shipped tile set lists its tiles ascending clockwise: the same orientations, tile for tile")
        }
        _ => None,
    }
}

/// One row of the table.
struct Row {
    mutant: Mutant,
    failed: Vec<CaseRecord>,
    /// The failing cases whose report names the clause behind the bug.
    named: usize,
    fixtures: BTreeSet<String>,
    why_not: Option<&'static str>,
}

/// Whether a failing case's report names one of the mutant's clauses.
fn names_one(m: &Mutant, r: &CaseRecord) -> bool {
    let said = serde_json::to_string(r).unwrap();
    m.names.iter().any(|w| names(&said, w))
}

fn cell(text: &str) -> String {
    text.replace('|', "\\|")
}

/// The table, as docs/CONFORMANCE.md gives it.
fn document(rows: &[Row], score: (usize, usize)) -> String {
    let mut out = String::new();
    out.push_str(
        "# Conformance coverage: which cases catch which wrong engine\n\n\
<!-- Written by tests/conform/mutants.rs: UPDATE_DOCS=1 cargo test --release --test conform mutants -->\n\n\
`quadominos conform` (see [PROTOCOL.md](PROTOCOL.md)) holds an engine to the rules case by case. How strong \
its default suite is, is measured by wrong engines made from the reference, each with one rule knocked out \
(`quadominos engine --mutant NAME`): every value of every reading played as each other value while the \
engine says it plays the variant asked for; every rule of the game path broken as an implementer would break \
it (scoring, penalties, going out, deals, the opening, the order of play, the ends of rounds and of the game); \
tile sets, refusals, perft and judge bugs. Each is put to the default suite, every case it could fail run to \
the end. Two failing cases are independent when they are not the same fixture: a scenario under several labels, \
or a position under several variants, is one fixture; each generated deal and game is its own.\n\n",
    );
    out.push_str(&format!(
        "**Mutation score: {} of {} catchable wrong engines caught by at least two independent cases ({}%).** \
Not catchable by any case: {}.\n\n",
        score.0,
        score.1,
        (score.0 * 100).checked_div(score.1).unwrap_or(100),
        rows.iter().filter(|r| r.why_not.is_some()).count()
    ));
    let (all, named): (usize, usize) = rows.iter().fold((0, 0), |(a, n), r| (a + r.failed.len(), n + r.named));
    out.push_str(&format!(
        "The first failing case of every caught engine names the clause behind its bug; of all {all} failing \
cases, {named} do.\n\n"
    ));
    out.push_str(
        "Each row: the wrong engine, what it gets wrong, the cases that fail, how many of them name the clause \
behind the bug in their report (the clauses a row's mutant must name are in `src/protocol/mutant.rs` and \
`src/protocol/knockout.rs`), how many independent fixtures they are, and the first three of those.\n\n",
    );
    out.push_str(
        "| mutant | what it gets wrong | cases failing | naming the clause | independent | first independent cases |\n",
    );
    out.push_str("|---|---|---|---|---|---|\n");
    for r in rows {
        let first: Vec<String> = {
            let mut seen = BTreeSet::new();
            r.failed.iter().filter(|c| seen.insert(fixture_key(c))).take(3).map(|c| format!("`{}`", c.case)).collect()
        };
        let cases = match r.why_not {
            Some(why) => format!("none can: {why}"),
            None => first.join(", "),
        };
        out.push_str(&format!(
            "| `{}` | {} | {} | {} | {} | {} |\n",
            r.mutant.name,
            cell(&r.mutant.what),
            r.failed.len(),
            r.named,
            r.fixtures.len(),
            cell(&cases)
        ));
    }
    out
}

#[test]
fn every_rule_knocked_out_is_caught_by_two_independent_cases_naming_its_clause() {
    let suite = suite();
    // Every label a case runs under, from a run of the reference.
    let reference = quadominos::conform::run(
        &suite,
        &RunOptions {
            command: vec![BIN.to_string(), "engine".into()],
            timeout: Duration::from_secs(60),
            variants: Vec::new(),
            play: 1,
            fail_fast: false,
        },
    )
    .unwrap();
    assert!(reference.records.iter().all(|r| r.outcome == Outcome::Pass), "the reference fails a case");
    let labels: Vec<String> = reference
        .records
        .iter()
        .map(|r| r.variant.clone())
        .filter(|l| l != "-")
        .collect::<BTreeSet<_>>()
        .into_iter()
        .collect();
    let every = mutants();
    assert!(every.len() >= 140, "{} mutants", every.len());
    let queue = Mutex::new(every.iter().enumerate().collect::<Vec<_>>());
    let found: Mutex<BTreeMap<usize, Vec<CaseRecord>>> = Mutex::new(BTreeMap::new());
    std::thread::scope(|scope| {
        for _ in 0..2 {
            scope.spawn(|| {
                loop {
                    let Some((i, m)) = queue.lock().unwrap().pop() else { break };
                    let failed = against(m, &suite, &labels);
                    found.lock().unwrap().insert(i, failed);
                }
            });
        }
    });
    let found = found.into_inner().unwrap();
    let mut rows = Vec::new();
    let mut problems = Vec::new();
    for (i, m) in every.iter().enumerate() {
        let failed = found.get(&i).cloned().unwrap_or_default();
        let fixtures: BTreeSet<String> = failed.iter().map(fixture_key).collect();
        let why_not = uncatchable(m);
        match (why_not, failed.first()) {
            (Some(_), Some(first)) => problems.push(format!("{}: said uncatchable, yet {} fails", m.name, first.case)),
            (Some(_), None) => {}
            (None, None) => problems.push(format!("{}: MISSED, no case fails", m.name)),
            (None, Some(first)) => {
                if !names_one(m, first) {
                    let said = serde_json::to_string(first).unwrap();
                    problems.push(format!("{}: {} fails without naming {:?}: {said}", m.name, first.case, m.names));
                }
                if fixtures.len() < 2 {
                    problems.push(format!("{}: caught by one fixture only: {:?}", m.name, fixtures));
                }
            }
        }
        let named = failed.iter().filter(|r| names_one(m, r)).count();
        rows.push(Row { mutant: m.clone(), failed, named, fixtures, why_not });
    }
    let catchable = rows.iter().filter(|r| r.why_not.is_none()).count();
    let caught = rows.iter().filter(|r| r.why_not.is_none() && r.fixtures.len() >= 2).count();
    // The suite's strength, printed with the test's output.
    println!("mutation score: {caught} of {catchable} catchable wrong engines caught by two independent cases or more");
    let (all, named): (usize, usize) = rows.iter().fold((0, 0), |(a, n), r| (a + r.failed.len(), n + r.named));
    println!("{named} of {all} failing cases name the clause behind their mutant's bug");
    for r in &rows {
        println!(
            "  {:<52} {:>4} cases {:>4} naming it {:>3} fixtures",
            r.mutant.name,
            r.failed.len(),
            r.named,
            r.fixtures.len()
        );
    }
    let text = document(&rows, (caught, catchable));
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("docs/CONFORMANCE.md");
    if std::env::var_os("UPDATE_DOCS").is_some() {
        std::fs::write(&path, &text).unwrap();
    } else {
        assert!(
            std::fs::read_to_string(&path).ok().as_deref() == Some(text.as_str()),
            "docs/CONFORMANCE.md is stale; write it again with `UPDATE_DOCS=1 cargo test --release --test conform mutants` and commit"
        );
    }
    assert!(problems.is_empty(), "{problems:#?}");
    // Every reading's every value is among the mutants.
    for reading in READINGS.iter() {
        for (value, _) in reading.values {
            assert!(
                every
                    .iter()
                    .any(|m| matches!(m.bug, Bug::Value { reading: r, from, .. } if r == reading.id && from == *value)),
                "{} = {value}",
                reading.id
            );
        }
    }
}

/// The four wrong engines that passed every case of an earlier suite: each
/// now fails cases played through the game actions under every shipped
/// variant, each failure naming the clause it breaks.
#[test]
fn the_four_engines_that_once_passed_fail_under_every_shipped_variant() {
    let suite = suite();
    for (name, clause) in [
        ("opening-at-any-cell", ["E3", "S5"]),
        ("deal-after-the-game-is-over", ["E16", "S19"]),
        ("pass-after-a-draw-not-counted", ["E15", "S14"]),
        ("deal-hand-sizes-unchecked", ["R16", "R16"]),
    ] {
        let m = quadominos::protocol::mutant::find(name).unwrap();
        let failed = against(&m, &suite, &[]);
        for variant in ["english", "english-beginner", "serbian", "serbian-chain"] {
            let caught: Vec<&CaseRecord> = failed
                .iter()
                .filter(|r| {
                    r.variant == variant && matches!(r.kind, CaseKind::Scenarios | CaseKind::Deals | CaseKind::Actions)
                })
                .collect();
            let first = caught.first().unwrap_or_else(|| panic!("{name} passes every case under {variant}"));
            let said = serde_json::to_string(first).unwrap();
            assert!(clause.iter().any(|c| names(&said, c)), "{name} under {variant}: {said}");
            println!("{name} under {variant}: {} cases fail, first {}: {}", caught.len(), first.case, first.summary);
        }
    }
}

#[test]
fn a_mutant_name_the_engine_does_not_know_is_bad_input() {
    let out = Command::new(BIN).args(["engine", "--mutant", "nobody"]).output().unwrap();
    assert_eq!(out.status.code(), Some(2));
    let text = String::from_utf8_lossy(&out.stderr);
    assert!(text.contains("--mutant") && text.contains("keeps-0-2-4-5"), "{text}");
}
