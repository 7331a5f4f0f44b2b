//! Caps and depths: every cap is a flag with a default, and reaching it is
//! said (on standard error, and in a transcript's `ended`), never a silent
//! stop; a perft depth past the hand's size costs nothing more and says what
//! it counts; `--max-printed` bounds every list printed.

mod common;

use common::{json, run, run_ok, stderr};

/// Runs a command that must be refused: exit 2, nothing on stdout, a
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
fn a_perft_depth_past_the_hand_counts_nothing_at_no_cost() {
    // bonus-corner.yaml has 3 tiles in hand.
    let three = json(&["perft", "puzzles/bonus-corner.yaml", "--depth", "3", "--format", "json"], 0);
    assert!(three["nodes"].as_u64().unwrap() > 0);
    let started = std::time::Instant::now();
    for depth in ["4", "1000000000", "10000000000", "18446744073709551615"] {
        let past = json(&["perft", "puzzles/bonus-corner.yaml", "--depth", depth, "--format", "json"], 0);
        assert_eq!(past["depth"].as_u64().map(|d| d.to_string()).as_deref(), Some(depth));
        assert_eq!(past["nodes"], 0, "no sequence is longer than the hand");
        assert_eq!(past["bonus"], three["bonus"], "bonus counts up to the hand's size, none kept per depth asked");
    }
    let text = run_ok(&["perft", "puzzles/bonus-corner.yaml", "--depth", "18446744073709551615"], 0);
    assert!(text.contains("depth 18446744073709551615: 0 sequences\n"), "{text}");
    assert!(text.contains("  bonus placements at depth 3: "), "{text}");
    assert!(!text.contains("at depth 4"), "{text}");
    assert!(text.contains("past depth 3: nothing, every sequence is at most the hand's 3 tiles long"), "{text}");
    // Each of these counted three levels at most (was a panic, an abort and
    // 19 GB).
    assert!(started.elapsed() < std::time::Duration::from_secs(20), "{:?}", started.elapsed());

    // --divide past the hand: every first placement, none with a sequence
    // of that depth under it.
    let split = json(&["perft", "puzzles/bonus-corner.yaml", "--depth", "99", "--divide", "--format", "json"], 0);
    let firsts = split["divide"].as_array().unwrap();
    assert!(!firsts.is_empty());
    assert!(firsts.iter().all(|d| d["nodes"] == 0), "{split}");
}

#[test]
fn perft_divide_lines_are_bounded_by_max_printed() {
    let split = json(&["perft", "puzzles/bonus-corner.yaml", "--depth", "2", "--divide", "--format", "json"], 0);
    let n = split["divide"].as_array().unwrap().len();
    assert!(n > 2, "{n}");
    let below = (n - 1).to_string();
    refused(
        &["perft", "puzzles/bonus-corner.yaml", "--depth", "2", "--divide", "--max-printed", &below],
        &[
            &format!("error: --max-printed: {n} first placements (--divide), more than the limit of {below} printed"),
            "raise it with --max-printed",
        ],
    );
    let exact = n.to_string();
    let text = run_ok(&["perft", "puzzles/bonus-corner.yaml", "--depth", "2", "--divide", "--max-printed", &exact], 0);
    assert_eq!(text.lines().filter(|l| l.contains(" at [")).count(), n, "{text}");
    // Without --divide the count is one line, whatever the limit.
    run_ok(&["perft", "puzzles/bonus-corner.yaml", "--depth", "2", "--max-printed", "1"], 0);
}

#[test]
fn perft_counts_past_the_hand_are_checked_with_or_without_trailing_zeros() {
    let counted = json(&["perft", "puzzles/bonus-corner.yaml", "--depth", "5", "--divide", "--format", "json"], 0);
    let bonus: Vec<u64> = counted["bonus"].as_array().unwrap().iter().map(|b| b.as_u64().unwrap()).collect();
    assert_eq!(bonus.len(), 3, "the hand holds 3 tiles: {counted}");
    let notation = run_ok(&["notation", "puzzles/bonus-corner.yaml"], 0);
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("perft.json");
    let padded: Vec<u64> = bonus.iter().copied().chain([0, 0]).collect();
    for (list, nodes, code) in [(&bonus, 0, 0), (&padded, 0, 0), (&padded, 1, 1)] {
        let entry = serde_json::json!([{
            "position": "bonus-corner", "notation": notation.trim(), "variant": "english", "depth": 5,
            "nodes": nodes, "bonus": list, "divide": counted["divide"],
        }]);
        std::fs::write(&file, entry.to_string()).unwrap();
        let out = run(&["fixtures", "--check", file.to_str().unwrap()]);
        assert_eq!(out.status.code(), Some(code), "{list:?} {nodes}: {}", String::from_utf8_lossy(&out.stdout));
    }
}
