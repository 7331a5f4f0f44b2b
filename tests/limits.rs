//! Resource limits (issue 7): each is said plainly when reached, with the
//! flag that raises it, exit status 2 and nothing on standard output; the
//! defaults let every shipped file through; a solver's memory limit stops
//! the search with an unproven answer (SMT) or only slows it (native).

mod common;

use common::{json, run, stderr};

/// Runs a command that must be refused: exit 2, nothing on stdout, one
/// message containing each of `needles`. Returns the message.
fn refused(args: &[&str], needles: &[&str]) -> String {
    let out = run(args);
    let err = stderr(&out);
    assert_eq!(out.status.code(), Some(2), "quadominos {args:?}\nstderr: {err}");
    assert!(out.stdout.is_empty(), "quadominos {args:?} printed: {}", String::from_utf8_lossy(&out.stdout));
    assert!(!err.contains("panicked"), "{err}");
    for n in needles {
        assert!(err.contains(n), "quadominos {args:?}: {n:?} not in\n{err}");
    }
    err
}

#[test]
fn an_input_over_the_size_limit_is_refused_by_name_and_a_smaller_one_is_read() {
    let size = std::fs::metadata(concat!(env!("CARGO_MANIFEST_DIR"), "/puzzles/bonus-corner.yaml")).unwrap().len();
    let limit = (size - 1).to_string();
    let err = refused(
        &["moves", "puzzles/bonus-corner.yaml", "--max-input-bytes", &limit],
        &["error: puzzles/bonus-corner.yaml: the file is larger than the input limit", "--max-input-bytes"],
    );
    assert!(err.contains(&format!("({size} bytes)")), "{err}");
    let exact = size.to_string();
    json(&["moves", "puzzles/bonus-corner.yaml", "--max-input-bytes", &exact, "--format", "json"], 0);
    // A file whose size is not known beforehand is cut off at the limit,
    // not read to its end.
    refused(&["moves", "/dev/zero", "--max-input-bytes", "1K"], &["/dev/zero: the file is larger than", "1024 bytes"]);
}

#[test]
fn nesting_past_the_limit_is_located_where_it_goes_past() {
    // bonus-corner.yaml: the board's entries are mappings inside the
    // board's sequence inside the document, their cells a fourth level.
    refused(
        &["moves", "puzzles/bonus-corner.yaml", "--max-nesting", "3"],
        &["error: puzzles/bonus-corner.yaml:10:", "nested too deeply: more than 3 levels", "--max-nesting"],
    );
    json(&["moves", "puzzles/bonus-corner.yaml", "--max-nesting", "4", "--format", "json"], 0);
    refused(&["moves", "puzzles/bonus-corner.yaml", "--max-nesting", "129"], &["--max-nesting"]);
}

#[test]
fn a_board_or_hand_over_the_tile_limit_is_refused_as_a_whole() {
    // 3 tiles on the board and 3 in hand.
    let err = refused(
        &["moves", "puzzles/bonus-corner.yaml", "--max-tiles", "2"],
        &["board: 3 tiles listed, more than the limit of 2", "hand: 3 tiles listed", "--max-tiles", "(S1)"],
    );
    assert_eq!(err.lines().count(), 2, "{err}");
    json(&["moves", "puzzles/bonus-corner.yaml", "--max-tiles", "3", "--format", "json"], 0);
}

#[test]
fn a_list_longer_than_the_printed_limit_is_refused_whole_never_cut() {
    let all = json(&["moves", "puzzles/bonus-corner.yaml", "--format", "json"], 0);
    let n = all["moves"].as_array().unwrap().len();
    assert!(n > 2);
    let below = (n - 1).to_string();
    refused(
        &["moves", "puzzles/bonus-corner.yaml", "--max-printed", &below],
        &[&format!("{n} moves, more than the limit of {} printed", n - 1), "--max-printed"],
    );
    let exact = n.to_string();
    let listed = json(&["moves", "puzzles/bonus-corner.yaml", "--max-printed", &exact, "--format", "json"], 0);
    assert_eq!(listed["moves"].as_array().unwrap().len(), n);

    // Every optimal answer of a best turn, with --all.
    let solved = json(&["solve", "puzzles/bonus-corner.yaml", "--all", "--format", "json"], 0);
    let optima = solved["all"].as_array().unwrap().len();
    assert!(optima > 2, "{optima}");
    let below = (optima - 1).to_string();
    refused(
        &["solve", "puzzles/bonus-corner.yaml", "--all", "--max-printed", &below],
        &[&format!("more than {} optimal answers", optima - 1), "--max-printed"],
    );
    let exact = optima.to_string();
    let listed = json(&["solve", "puzzles/bonus-corner.yaml", "--all", "--max-printed", &exact, "--format", "json"], 0);
    assert_eq!(listed["all"].as_array().unwrap().len(), optima);
}

#[test]
fn limits_that_are_not_sizes_are_refused_by_the_argument_parser() {
    for (flag, value) in
        [("--max-memory", "0"), ("--max-memory", "12X"), ("--max-input-bytes", "2.5M"), ("--max-tiles", "0")]
    {
        let out = run(&["moves", "puzzles/bonus-corner.yaml", flag, value]);
        assert_eq!(out.status.code(), Some(2), "{flag} {value}");
        assert!(stderr(&out).contains(flag), "{}", stderr(&out));
        assert!(out.stdout.is_empty());
    }
}

#[test]
fn the_native_solver_under_a_tiny_memory_limit_searches_longer_and_answers_the_same() {
    let free = json(&["solve", "puzzles/seq-60-english.yaml", "--format", "json"], 0);
    let tight = json(&["solve", "puzzles/seq-60-english.yaml", "--max-memory", "1K", "--format", "json"], 0);
    assert_eq!(free["proven"], true);
    assert_eq!(tight["proven"], true);
    assert_eq!(tight["score"], free["score"]);
    // Its table of positions searched could not grow: positions reached
    // twice are searched twice.
    assert!(
        tight["stats"]["nodes"].as_u64() > free["stats"]["nodes"].as_u64(),
        "{} vs {}",
        tight["stats"],
        free["stats"]
    );
}

#[cfg(feature = "smt")]
#[test]
fn the_smt_solver_over_its_memory_limit_stops_with_an_unproven_answer_that_replays() {
    // 1 MiB is below what any process holds: the watchdog interrupts z3 at
    // its first look (20 ms), long before it proves this turn (~300 ms).
    let proven = json(&["solve", "puzzles/turn-60-english.yaml", "--format", "json"], 0);
    let stopped = json(
        &["solve", "puzzles/turn-60-english.yaml", "--solver", "smt", "--max-memory", "1M", "--format", "json"],
        1,
    );
    assert_eq!(stopped["proven"], false, "{stopped}");
    assert_eq!(stopped["stats"]["stopped"], "memory-limit", "{stopped}");
    // The answer was replayed before it was printed; it cannot beat the optimum.
    assert!(stopped["score"].as_i64() <= proven["score"].as_i64());
    // The puzzle's recorded optimum cannot be confirmed by an unproven
    // answer: exit 1.
    assert_eq!(stopped["expect"]["holds"], serde_json::Value::Null, "{stopped}");
    let text = common::run_ok(&["solve", "puzzles/turn-60-english.yaml", "--solver", "smt", "--max-memory", "1M"], 1);
    assert!(text.contains("not proven: stopped by the memory limit (--max-memory)"), "{text}");
    assert!(text.contains("not confirmed (answer not proven)"), "{text}");
}
