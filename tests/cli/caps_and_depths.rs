//! Caps and depths: every cap is a flag with a default, and reaching it is
//! said (on standard error, and in a transcript's `ended`), never a silent
//! stop; a perft depth past the hand's size costs nothing more and says what
//! it counts; `--max-printed` bounds every list printed.

use crate::common;

use common::{json, refused, run, run_ok, stderr};

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
    // Without --divide, or at depth 0 (no first placement), the count is
    // one line, whatever the limit.
    run_ok(&["perft", "puzzles/bonus-corner.yaml", "--depth", "2", "--max-printed", "1"], 0);
    run_ok(&["perft", "puzzles/bonus-corner.yaml", "--depth", "0", "--divide", "--max-printed", "1"], 0);
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

/// A transcript as YAML, `key` set to `value` (or removed with `None`).
fn with_key(yaml: &str, key: &str, value: Option<&str>) -> String {
    let mut t: serde_yaml::Value = serde_yaml::from_str(yaml).unwrap();
    let map = t.as_mapping_mut().unwrap();
    match value {
        Some(v) => {
            map.insert(key.into(), v.into());
        }
        None => {
            map.remove(key);
        }
    }
    serde_yaml::to_string(&t).unwrap()
}

fn replay_text(dir: &Path, yaml: &str) -> (Option<i32>, String) {
    let file = dir.join("game.yaml");
    std::fs::write(&file, yaml).unwrap();
    let out = run(&["replay", file.to_str().unwrap()]);
    (out.status.code(), String::from_utf8_lossy(&out.stdout).to_string())
}

use std::path::Path;

#[test]
fn a_game_stopped_by_the_round_limit_says_so_and_replay_checks_it() {
    let help = run_ok(&["play", "--help"], 0);
    assert!(help.contains("--max-rounds <N>") && help.contains("[default: 500]"), "{help}");

    // Nobody reaches 800 in one round: the limit stops the game, and says so.
    let out = run(&["play", "--players", "2", "--seed", "7", "--to-end", "--max-rounds", "1"]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    let err = stderr(&out);
    assert_eq!(
        err,
        "note: the game stopped at the round limit, 1 round (--max-rounds), with nobody at the target of 800: \
no winner; the transcript says `ended: round-limit`\n"
    );
    let limited = String::from_utf8(out.stdout).unwrap();
    let t: serde_yaml::Value = serde_yaml::from_str(&limited).unwrap();
    assert_eq!(t["ended"].as_str(), Some("round-limit"));
    assert!(t.get("winner").is_none(), "no winner");
    let dir = tempfile::tempdir().unwrap();
    let (code, said) = replay_text(dir.path(), &limited);
    assert_eq!(code, Some(0), "{said}");
    assert!(
        said.contains("1 round; ")
            && said.contains("the game is not finished: stopped at the round limit\n")
            && said.ends_with("recorded but not checked (informative): seed, strategy\n"),
        "{said}"
    );
    // Said to be over, it is wrong: the rules give no end of the game there.
    let (code, said) = replay_text(dir.path(), &with_key(&limited, "ended", Some("game-over")));
    assert_eq!(code, Some(1), "{said}");
    assert!(said.contains("ended: recorded `game-over` (the game is over), but the round is over"), "{said}");

    // The rounds asked for, and the whole game, say so too.
    let one = run_ok(&["play", "--players", "2", "--seed", "7", "--rounds", "1"], 0);
    assert!(one.ends_with("ended: rounds-asked\n"), "{one}");
    let whole = run_ok(&["play", "--players", "2", "--seed", "7"], 0);
    assert!(whole.ends_with("ended: game-over\n"), "{whole}");
    assert_eq!(replay_text(dir.path(), &whole).0, Some(0));
    // A whole game said to be cut short is wrong; one saying nothing replays.
    let (code, said) = replay_text(dir.path(), &with_key(&whole, "ended", Some("round-limit")));
    assert_eq!(code, Some(1), "{said}");
    assert!(said.contains("ended: recorded `round-limit`"), "{said}");
    assert_eq!(replay_text(dir.path(), &with_key(&whole, "ended", None)).0, Some(0));
    // A transcript cut in the middle of a round cannot have stopped between
    // two rounds.
    let mut cut: serde_yaml::Value = serde_yaml::from_str(&one).unwrap();
    let events = cut["events"].as_sequence_mut().unwrap();
    events.truncate(3);
    let totals = events.last().unwrap()["totals"].clone();
    cut["scores"] = totals;
    let (code, said) = replay_text(dir.path(), &serde_yaml::to_string(&cut).unwrap());
    assert_eq!(code, Some(1), "{said}");
    assert!(said.contains("ended: recorded `rounds-asked`"), "{said}");
    let out = run(&["play", "--players", "2", "--max-rounds", "0"]);
    assert_eq!(out.status.code(), Some(2));
}

#[test]
fn generate_says_when_it_makes_fewer_tiles_than_asked_and_why() {
    let out = run(&["generate", "--tiles", "200", "--hand", "200"]);
    assert_eq!(out.status.code(), Some(0));
    let err = stderr(&out);
    let yaml = String::from_utf8(out.stdout).unwrap();
    let position: serde_yaml::Value = serde_yaml::from_str(&yaml).unwrap();
    let board = position["board"].as_sequence().unwrap().len();
    let hand = position["hand"].as_sequence().unwrap().len();
    assert!(board < 125 && hand == 125 - board, "{board} {hand}");
    let notes = [
        format!(
            "the board has {board} tiles, not the 200 asked (--tiles): after {board} no unused tile had a legal placement left"
        ),
        format!(
            "the hand has {hand} tiles, not the 200 asked (--hand): only {hand} of the set's 125 tiles are not on the board"
        ),
    ];
    assert_eq!(err, notes.iter().map(|n| format!("note: {n}\n")).collect::<String>());
    for n in &notes {
        assert!(yaml.contains(&format!("# note: {n}\n")), "in the file too:\n{yaml}");
    }
    // What was asked is made: nothing said.
    let yaml = run_ok(&["generate", "--tiles", "60", "--hand", "15"], 0);
    assert!(!yaml.contains("note"), "{yaml}");
}

/// Runs a command that must finish within `seconds`.
fn run_within(args: &[&str], seconds: u64) -> std::process::Output {
    let mut child = std::process::Command::new(env!("CARGO_BIN_EXE_quadominos"))
        .args(args)
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    let start = std::time::Instant::now();
    while child.try_wait().unwrap().is_none() {
        if start.elapsed() > std::time::Duration::from_secs(seconds) {
            let _ = child.kill();
            panic!("quadominos {args:?} still runs after {seconds} s");
        }
        std::thread::sleep(std::time::Duration::from_millis(20));
    }
    child.wait_with_output().unwrap()
}

#[test]
fn a_round_whose_deals_always_tie_is_said_not_dealt_forever() {
    // 30 tiles for two hands of 15 (all dealt), no quad, 12 of them of the
    // heaviest weight (10): both seats hold one at nearly every deal, and
    // R11 = redeal deals again on every such tie.
    let dir = tempfile::tempdir().unwrap();
    let mut by_weight: Vec<Vec<[u8; 4]>> = vec![Vec::new(); 21];
    for a in 0..=5u8 {
        for b in a..=5 {
            for c in b..=5 {
                for d in c..=5 {
                    if !(a == b && b == c && c == d) {
                        by_weight[usize::from(a + b + c + d)].push([a, b, c, d]);
                    }
                }
            }
        }
    }
    let set: Vec<[u8; 4]> = [&by_weight[10][..], &by_weight[9][..], &by_weight[8][..7]].concat();
    assert_eq!((set.len(), by_weight[10].len()), (30, 12));
    let tiles: String = set.iter().map(|t| format!("  - {t:?}\n")).collect();
    let tiles = format!("name: ties\ntiles:\n{tiles}");
    std::fs::write(dir.path().join("tiles.yaml"), tiles).unwrap();
    let english = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/specs/variants/english.yaml")).unwrap();
    let spec = english
        .replace("name: english", "name: ties")
        .replace("tile-set: {value: full, clauses: [S1]}", "tile-set: {value: tiles.yaml, clauses: [S1]}")
        .replace("opening-tie:             {value: first-in-play-order", "opening-tie:             {value: redeal");
    assert!(spec.contains("value: redeal") && spec.contains("tiles.yaml"));
    let spec_path = dir.path().join("spec.yaml");
    std::fs::write(&spec_path, spec).unwrap();
    let out = run_within(&["play", "--players", "2", "--spec", spec_path.to_str().unwrap()], 60);
    let err = stderr(&out);
    assert_eq!(out.status.code(), Some(2), "{err}");
    assert!(out.stdout.is_empty());
    assert!(
        err.starts_with("error: play: round 1 cannot start: each of 1000 deals in a row gave tied heaviest tiles, and R11 says deal again on a tie"),
        "{err}"
    );
}

#[test]
fn a_wrong_move_list_says_how_many_it_does_not_show() {
    let dir = tempfile::tempdir().unwrap();
    let suite = dir.path().join("suite");
    let args =
        ["fixtures", "--out", suite.to_str().unwrap(), "--count", "0", "--positions", "3", "--variants", "english"];
    run_ok(&args, 0);
    let text = std::fs::read_to_string(suite.join("positions.json")).unwrap();
    let mut positions: serde_json::Value = serde_json::from_str(&text).unwrap();
    // The first list of more than 12 moves, emptied.
    let (i, n) = positions
        .as_array()
        .unwrap()
        .iter()
        .enumerate()
        .find_map(|(i, p)| Some((i, p["moves"][0]["moves"].as_array()?.len())).filter(|(_, n)| *n > 12))
        .expect("a position with more than 12 moves");
    positions[i]["moves"][0]["moves"] = serde_json::json!([]);
    positions[i]["moves"][0]["count"] = serde_json::json!(0);
    let file = dir.path().join("answers.json");
    std::fs::write(&file, serde_json::to_string_pretty(&positions).unwrap()).unwrap();
    let out = run(&["fixtures", "--check", file.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(1));
    let said = String::from_utf8_lossy(&out.stdout);
    assert_eq!(said.lines().filter(|l| l.starts_with("  missing (legal): ")).count(), 12, "{said}");
    assert!(said.contains(&format!("  ... and {} more missing (legal) ({n} in all)\n", n - 12)), "{said}");
}
