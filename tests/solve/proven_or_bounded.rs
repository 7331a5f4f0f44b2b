//! What a solver prints is true whatever stops it: a score is proven only
//! when it is the optimum, a bound is a true upper bound, an `expect:` holds
//! only on a proven answer, two solvers are compared only when both proved
//! theirs, and a search stopped by the time limit, the memory limit or
//! Ctrl-C says which, within the limit, from the start of the command to its
//! end (building an SMT encoding included).

use crate::common;

use std::time::Duration;

use common::{json, run, run_measured, stderr, stdout};

/// The proven optimum of a shipped puzzle's recorded `expect:`.
const SEQ_60_ENGLISH: i64 = 125;

/// A puzzle no solver proves in seconds: the seeded 60-tile board, a hand
/// of 60 tiles, the best sequence of 12 plays (the native search has not
/// proven it after 5 s, the SMT encoding alone takes gigabytes).
fn large_sequence(dir: &tempfile::TempDir) -> String {
    let position = run(&["generate", "--seed", "3", "--tiles", "60", "--hand", "60"]);
    assert_eq!(position.status.code(), Some(0), "{}", stderr(&position));
    let path = dir.path().join("seq-60-hand-60.yaml");
    let text = format!("{}goal: {{best-sequence: {{plays: 12}}}}\n", stdout(&position));
    std::fs::write(&path, text).unwrap();
    path.to_str().unwrap().to_string()
}

#[cfg(feature = "smt")]
#[test]
fn an_smt_answer_cut_short_claims_no_bound_below_the_optimum_and_confirms_nothing() {
    for limit in [["--timeout", "0.05"], ["--max-memory", "1M"]] {
        let args = ["solve", "puzzles/seq-60-english.yaml", "--solver", "smt", limit[0], limit[1]];
        let out = run(&args);
        let text = stdout(&out);
        // An expectation that could not be confirmed fails the command.
        assert_eq!(out.status.code(), Some(1), "{args:?}\n{text}");
        assert!(text.contains("expect: 125 not confirmed (answer not proven)"), "{text}");
        assert!(!text.contains("holds"), "{text}");
        assert!(!text.contains("no tile can be played"), "{text}");
        let mut args_json = args.to_vec();
        args_json.extend(["--format", "json"]);
        let answer = json(&args_json, 1);
        assert_eq!(answer["proven"], false, "{answer}");
        assert_eq!(answer["expect"]["holds"], serde_json::Value::Null, "{answer}");
        let score = answer["score"].as_i64().unwrap();
        assert!((0..=SEQ_60_ENGLISH).contains(&score), "{answer}");
        if let Some(bound) = answer.get("bound") {
            assert!(bound.as_i64().unwrap() >= SEQ_60_ENGLISH, "a bound below the optimum: {answer}");
        }
        if answer["plays"].as_array().unwrap().is_empty() {
            assert!(text.contains("no answer found within the limit"), "{text}");
        }
    }
}

#[cfg(feature = "smt")]
#[test]
fn both_solvers_are_compared_only_when_both_proved_their_answer() {
    let args = ["solve", "puzzles/seq-60-english.yaml", "--solver", "both", "--timeout", "0.05"];
    let text = common::run_ok(&args, 0);
    assert!(!text.contains("agree"), "{text}");
    assert!(text.contains("not compared: smt cut short"), "{text}");
    assert!(text.contains("solver: native, proven 125"), "{text}");
    // The native solver proved 125 within the limit: the expectation holds.
    assert!(text.contains("expect: 125 holds"), "{text}");
    let mut args_json = args.to_vec();
    args_json.extend(["--format", "json"]);
    let answer = json(&args_json, 0);
    assert_eq!(answer["compared"], false, "{answer}");
    assert_eq!(answer["solvers"][1]["stopped"], "time-limit", "{answer}");
    // Given time, both prove the same optimum and say so.
    let agreed = json(&["solve", "puzzles/bonus-corner.yaml", "--solver", "both", "--format", "json"], 0);
    assert_eq!(agreed["compared"], true, "{agreed}");
    let text = common::run_ok(&["solve", "puzzles/bonus-corner.yaml", "--solver", "both"], 0);
    assert!(text.contains("the solvers agree"), "{text}");
}

#[test]
fn a_fill_cut_short_before_any_fill_says_nothing_was_found() {
    let optimum = json(&["solve", "puzzles/fill-5x5-weight-serbian.yaml", "--format", "json"], 0);
    assert_eq!(optimum["proven"], true);
    let mut solvers = vec!["native"];
    if cfg!(feature = "smt") {
        solvers.push("smt");
    }
    for solver in solvers {
        let args = ["solve", "puzzles/fill-5x5-weight-serbian.yaml", "--solver", solver, "--timeout", "0.000001"];
        let out = run(&args);
        let text = stdout(&out);
        assert!(!text.contains("holds"), "{text}");
        let mut args_json = args.to_vec();
        args_json.extend(["--format", "json"]);
        let cut = json(&args_json, out.status.code().unwrap());
        if cut["proven"] == true {
            assert_eq!(cut["score"], optimum["score"]);
            continue;
        }
        assert!(cut["score"].as_i64() <= optimum["score"].as_i64(), "{cut}");
        assert!(cut["bound"].as_i64() >= optimum["score"].as_i64(), "{cut}");
        if cut["plays"].as_array().unwrap().is_empty() {
            assert!(text.contains("no answer found within the limit"), "{text}");
            assert!(!text.contains("no fill exists"), "{text}");
        }
    }
}

#[test]
fn ctrl_c_prints_the_best_answer_found_unproven_with_its_bound_and_exits_130() {
    let dir = tempfile::tempdir().unwrap();
    let puzzle = large_sequence(&dir);
    let out = run_measured(&["solve", &puzzle, "--format", "json"], Some(Duration::from_millis(1500)));
    assert_eq!(out.code, Some(130), "{}\n{}", out.stdout, out.stderr);
    let answer: serde_json::Value = serde_json::from_str(&out.stdout).unwrap();
    assert_eq!(answer["proven"], false, "{answer}");
    assert_eq!(answer["stats"]["stopped"], "interrupted", "{answer}");
    let (score, bound) = (answer["score"].as_i64().unwrap(), answer["bound"].as_i64().unwrap());
    assert!(score > 0 && score <= bound, "{answer}");
    let text = run_measured(&["solve", &puzzle], Some(Duration::from_millis(1500)));
    assert_eq!(text.code, Some(130));
    assert!(
        text.stdout.contains("(best found, not proven: stopped by an interrupt (Ctrl-C); no answer scores more than")
    );
}

#[test]
fn the_spinner_shows_the_best_score_found_and_the_bound() {
    // The spinner is drawn only on a terminal: `script` gives the command one.
    if std::process::Command::new("script").arg("--version").output().is_err() {
        panic!("`script` (util-linux) is needed to give the command a terminal");
    }
    let dir = tempfile::tempdir().unwrap();
    let puzzle = large_sequence(&dir);
    let bin = env!("CARGO_BIN_EXE_quadominos");
    let typescript = dir.path().join("typescript");
    let out = std::process::Command::new("script")
        .args(["-qfec", &format!("{bin} solve {puzzle} --timeout 1.5 >/dev/null")])
        .arg(&typescript)
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(0), "{}", String::from_utf8_lossy(&out.stderr));
    let drawn = String::from_utf8_lossy(&std::fs::read(&typescript).unwrap()).to_string();
    assert!(drawn.contains("solving with the native solver: best found "), "{drawn}");
    // The ceiling: the twelve best imaginable plays of the hand.
    assert!(drawn.contains(", no answer above 493"), "{drawn}");
}

#[cfg(feature = "smt")]
#[test]
fn building_an_smt_encoding_obeys_the_time_and_memory_limits() {
    let dir = tempfile::tempdir().unwrap();
    let puzzle = large_sequence(&dir);
    // Memory: the whole process stays under the limit (it reached 15 GB
    // while building this encoding before any limit was looked at).
    let out = run_measured(&["solve", &puzzle, "--solver", "smt", "--max-memory", "200M", "--format", "json"], None);
    assert_eq!(out.code, Some(0), "{}", out.stderr);
    let answer: serde_json::Value = serde_json::from_str(&out.stdout).unwrap();
    assert_eq!(answer["stats"]["stopped"], "memory-limit", "{answer}");
    assert!(out.peak_kib <= 200 * 1024, "peak {} KiB over the 200 MiB limit", out.peak_kib);
    // Time: the limit is kept while encoding, long before z3 would start.
    let out = run_measured(&["solve", &puzzle, "--solver", "smt", "--timeout", "1", "--format", "json"], None);
    assert_eq!(out.code, Some(0), "{}", out.stderr);
    let answer: serde_json::Value = serde_json::from_str(&out.stdout).unwrap();
    assert_eq!(answer["stats"]["stopped"], "time-limit", "{answer}");
    // Generous: one z3 call may overrun by a second on a busy machine, but
    // not by the minutes the encoding takes in full.
    assert!(out.wall < Duration::from_secs(15), "{:?}", out.wall);
}

#[test]
fn a_fill_region_of_far_apart_cells_costs_its_cells_not_its_bounding_box() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("far.yaml");
    std::fs::write(
        &path,
        "variant: english\nboard:\n  - {at: [0, 0], tile: [5, 5, 5, 5]}\nhand: []\n\
         goal: {fill: {region: [[1, 0], [1000000, 1000000]], pool: full, maximize: weight}}\n",
    )
    .unwrap();
    let out = run_measured(&["solve", path.to_str().unwrap(), "--max-memory", "10M"], None);
    assert_eq!(out.code, Some(0), "{}", out.stderr);
    // The cell a million away touches nothing: no fill exists, proven.
    assert!(out.stdout.contains("no fill exists (proven)"), "{}", out.stdout);
    assert!(out.peak_kib < 100 * 1024, "peak {} KiB", out.peak_kib);
}

#[test]
fn compare_counts_each_reading_once_and_refuses_too_many_combinations() {
    let scenario = "specs/scenarios/example-f-side-and-corner-bonus.yaml";
    let twice = json(&["compare", scenario, "--variant", "english", "--readings", "R4,R4", "--format", "json"], 0);
    assert_eq!(twice["variants"].as_array().unwrap().len(), 2, "{twice}");
    let all = "R1,R2,R3,R4,R5,R6,R7,R8,R9,R10,R11,R12,R13,R14,R15,R16";
    let out = run(&["compare", scenario, "--readings", all]);
    assert_eq!(out.status.code(), Some(2));
    assert!(out.stdout.is_empty());
    let err = stderr(&out);
    assert!(err.contains("--max-combinations: 16 readings make 442368 combinations of values"), "{err}");
    // Let through, the run obeys the time limit and the memory stays flat.
    let out = run_measured(
        &["compare", scenario, "--readings", all, "--max-combinations", "1000000", "--timeout", "1"],
        None,
    );
    assert_eq!(out.code, Some(2));
    assert!(out.stdout.is_empty());
    assert!(out.stderr.contains("--timeout: stopped by the time limit of 1.000 s after "), "{}", out.stderr);
    assert!(out.peak_kib < 100 * 1024, "peak {} KiB", out.peak_kib);
}

mod property {
    //! For random puzzles of every goal, under both solvers and random small
    //! limits (time, memory, a stop asked for at once), whatever a solver
    //! answers is true of the unlimited optimum.

    use std::sync::Arc;
    use std::sync::atomic::AtomicBool;
    use std::time::Duration;

    use proptest::prelude::*;
    use quadominos::formats::builtin_variant;
    use quadominos::rules::random_position;
    use quadominos::solve::native::Native;
    use quadominos::solve::{
        FillGoal, FillObjective, Goal, Limits, Puzzle, Solver, confirms_count, confirms_score, verify,
    };

    const VARIANTS: [&str; 3] = ["english", "serbian", "serbian-chain"];
    const TIMEOUTS_MICROS: [Option<u64>; 5] = [Some(0), Some(1), Some(1_000), Some(20_000), None];
    const MEMORY: [Option<u64>; 3] = [None, Some(1 << 10), Some(1 << 20)];

    fn solvers() -> Vec<Box<dyn Solver>> {
        #[allow(unused_mut)]
        let mut all: Vec<Box<dyn Solver>> = vec![Box::new(Native)];
        #[cfg(feature = "smt")]
        all.push(Box::new(quadominos::solve::smt::Smt));
        all
    }

    fn goal(kind: usize, position: &quadominos::rules::Position, region: usize) -> Goal {
        let fill = |objective| {
            let mut open = position.board.open_cells();
            open.sort_unstable_by_key(|c| (c.y, c.x));
            open.truncate(region);
            Goal::Fill(FillGoal { region: open, pool: position.hand.clone(), objective })
        };
        match kind {
            0 => Goal::BestTurn,
            1 => Goal::BestSequence { plays: 1 + region },
            2 => fill(FillObjective::Weight),
            3 => fill(FillObjective::Bonuses),
            _ => fill(FillObjective::Count),
        }
    }

    proptest! {
        #![proptest_config(ProptestConfig { cases: 96, failure_persistence: None, ..ProptestConfig::default() })]

        #[test]
        fn whatever_a_solver_answers_within_limits_is_true(
            variant in 0..VARIANTS.len(),
            seed in any::<u64>(),
            tiles in 2usize..=10,
            hand in 2usize..=6,
            kind in 0usize..5,
            region in 1usize..=2,
            timeout in 0..TIMEOUTS_MICROS.len(),
            memory in 0..MEMORY.len(),
            stop_at_once in proptest::bool::weighted(0.15),
        ) {
            let v = builtin_variant(VARIANTS[variant]).unwrap();
            let position = random_position(&v, seed, tiles, hand);
            let goal = goal(kind, &position, region);
            let puzzle = Puzzle { variant: v, board: position.board, hand: position.hand, goal };
            let what = format!("{} seed {seed} tiles {tiles} hand {hand} {:?}", VARIANTS[variant], puzzle.goal);
            let truth = Native.solve(&puzzle, &Limits::default()).unwrap();
            prop_assert!(truth.proven, "{what}");
            for solver in solvers() {
                // An unlimited SMT run may take long on an unlucky puzzle:
                // the SMT side is always limited.
                let micros = TIMEOUTS_MICROS[timeout].or((solver.name() == "smt").then_some(50_000));
                let limits = Limits {
                    timeout: micros.map(Duration::from_micros),
                    memory: MEMORY[memory],
                    stop: Some(Arc::new(AtomicBool::new(stop_at_once))),
                    ..Limits::default()
                };
                let answer = solver.solve(&puzzle, &limits).unwrap();
                let who = format!("{what}, {} solver, {limits:?}", solver.name());
                prop_assert!(verify(&puzzle, &answer).is_ok(), "{who}: the answer does not replay");
                prop_assert_eq!(answer.proven, answer.stats.stopped.is_none(), "{}", who);
                if let Some(count) = truth.count {
                    prop_assert!(answer.bound.is_none(), "{who}: a bound on a count");
                    let got = answer.count.unwrap();
                    if answer.proven {
                        prop_assert_eq!(got, count, "{}", who);
                    } else {
                        prop_assert!(got <= count, "{who}: counted {got} of {count}");
                    }
                    prop_assert_eq!(confirms_count(&answer, count), answer.proven.then_some(true), "{}", who);
                    continue;
                }
                if answer.proven {
                    prop_assert_eq!(answer.score, truth.score, "{}", who);
                    prop_assert!(answer.bound.is_none(), "{who}");
                } else {
                    prop_assert!((0..=truth.score).contains(&answer.score), "{who}: {} of {}", answer.score, truth.score);
                    if let Some(bound) = answer.bound {
                        prop_assert!(bound >= truth.score, "{who}: bound {bound} below the optimum {}", truth.score);
                    }
                }
                // The true optimum is confirmed by a proven answer, and
                // never refuted; any other value is never confirmed.
                prop_assert_eq!(confirms_score(&answer, truth.score), answer.proven.then_some(true), "{}", who);
                prop_assert_ne!(confirms_score(&answer, truth.score + 1), Some(true), "{}", who);
                prop_assert_ne!(confirms_score(&answer, truth.score - 1), Some(true), "{}", who);
            }
        }
    }
}

#[test]
fn perft_and_a_check_of_perft_counts_obey_the_time_limit_and_print_no_partial_count() {
    let dir = tempfile::tempdir().unwrap();
    let position = run(&["generate", "--seed", "3", "--tiles", "60", "--hand", "60"]);
    let path = dir.path().join("p.yaml");
    std::fs::write(&path, &position.stdout).unwrap();
    let p = path.to_str().unwrap();
    let out = run_measured(&["perft", p, "--depth", "6", "--timeout", "0.5"], None);
    assert_eq!(out.code, Some(2), "{}", out.stderr);
    assert!(out.stdout.is_empty(), "{}", out.stdout);
    assert!(out.stderr.contains("--timeout: stopped by the time limit of 0.500 s before the count was done"));
    assert!(out.wall < Duration::from_secs(10), "{:?}", out.wall);
    // A thousand deep counts, hours of walking: stopped at the limit.
    let notation = stdout(&run(&["notation", p]));
    let entry = serde_json::json!({
        "position": "p", "notation": notation.trim(), "variant": "english",
        "depth": 5, "nodes": 1, "bonus": [0, 0, 0, 0, 0], "divide": []
    });
    let answers = serde_json::Value::Array(vec![entry; 1000]);
    let file = dir.path().join("perft.json");
    std::fs::write(&file, serde_json::to_string(&answers).unwrap()).unwrap();
    let out = run_measured(&["fixtures", "--check", file.to_str().unwrap(), "--timeout", "1"], None);
    assert_eq!(out.code, Some(2), "{}", out.stderr);
    assert!(out.stdout.is_empty(), "{}", out.stdout);
    assert!(
        out.stderr.contains("--timeout: stopped by the time limit of 1.000 s after 0 of 1000 perft counts"),
        "{}",
        out.stderr
    );
    assert!(out.wall < Duration::from_secs(10), "{:?}", out.wall);
}
