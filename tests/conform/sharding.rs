//! A deep perft count split into parts, each counted by a process of its
//! own, and added up again: the recipe docs/FIXTURES.md gives for the shell
//! is run as written (four processes at once), and its sum must be what one
//! run of the whole count prints. The parts themselves are checked: each is
//! a count `fixtures --check` recounts, the split leaves out no first
//! placement and takes none twice, and a set of parts that is not one whole
//! split is refused with the part at fault named.

use crate::common;

use std::path::Path;
use std::process::Command;

use common::{json, refused, run_ok};
use serde_json::Value;

/// The first `sh` block of the section `heading` of docs/FIXTURES.md.
fn recipe(heading: &str) -> String {
    let doc = std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join("docs/FIXTURES.md")).unwrap();
    let section = &doc[doc.find(heading).unwrap_or_else(|| panic!("no section {heading:?}"))..];
    let start = section.find("```sh\n").expect("a sh block") + "```sh\n".len();
    section[start..][..section[start..].find("```").unwrap()].to_string()
}

#[test]
fn the_shell_recipe_run_as_four_processes_sums_to_what_one_run_prints() {
    let script = recipe("### Counting past one machine");
    assert!(script.contains("--part $i/4") && script.contains("&") && script.contains("perft --sum"), "{script}");
    // The recipe writes under out/; here under a folder of the test's own,
    // with the binary under test first on the PATH.
    let dir = tempfile::tempdir().unwrap();
    let script = script.replace("out/", &format!("{}/", dir.path().display()));
    let bin = Path::new(env!("CARGO_BIN_EXE_quadominos")).parent().unwrap().to_path_buf();
    let path =
        std::env::join_paths(std::iter::once(bin).chain(std::env::split_paths(&std::env::var_os("PATH").unwrap())))
            .unwrap();
    let out = Command::new("sh")
        .arg("-c")
        .arg(&script)
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .env("PATH", path)
        .output()
        .unwrap();
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let summed = String::from_utf8(out.stdout).unwrap();
    let whole = run_ok(&["perft", "puzzles/seq-60-english.yaml", "--depth", "4", "--divide"], 0);
    assert_eq!(summed, whole);
    // Every part counted something: the split shares the work out.
    for i in 1..=4 {
        let part: Value =
            serde_json::from_slice(&std::fs::read(dir.path().join(format!("part-{i}.json"))).unwrap()).unwrap();
        assert_eq!(part["part"], format!("{i}/4"));
        assert!(part["nodes"].as_u64().unwrap() > 0, "part {i}: {part}");
    }
}

#[test]
fn the_parts_take_every_first_placement_once_and_their_counts_add_up() {
    let args = |part: &str| {
        vec!["perft", "puzzles/bonus-corner.yaml", "--depth", "3", "--divide", "--format", "json", "--part", part]
            .into_iter()
            .map(String::from)
            .collect::<Vec<_>>()
    };
    let whole = json(&["perft", "puzzles/bonus-corner.yaml", "--depth", "3", "--divide", "--format", "json"], 0);
    let firsts = whole["divide"].as_array().unwrap();
    assert!(firsts.len() >= 3, "{whole}");
    let parts: Vec<Value> = (1..=3)
        .map(|i| {
            let a = args(&format!("{i}/3"));
            json(&a.iter().map(String::as_str).collect::<Vec<_>>(), 0)
        })
        .collect();
    let mut nodes = 0;
    let mut bonus = vec![0u64; whole["bonus"].as_array().unwrap().len()];
    let mut taken: Vec<Value> = Vec::new();
    for (i, part) in parts.iter().enumerate() {
        nodes += part["nodes"].as_u64().unwrap();
        for (total, b) in bonus.iter_mut().zip(part["bonus"].as_array().unwrap()) {
            *total += b.as_u64().unwrap();
        }
        // Part i takes the ith first placement of every three, in divide order.
        let mine: Vec<Value> = firsts.iter().skip(i).step_by(3).cloned().collect();
        assert_eq!(part["divide"].as_array().unwrap(), &mine, "part {}", i + 1);
        taken.extend(mine);
    }
    assert_eq!(nodes, whole["nodes"].as_u64().unwrap());
    assert_eq!(Value::from(bonus), whole["bonus"]);
    assert_eq!(taken.len(), firsts.len());
}

#[test]
fn a_part_is_a_count_fixtures_check_recounts_as_a_part() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("part.json");
    let part = json(
        &["perft", "puzzles/bonus-corner.yaml", "--depth", "2", "--divide", "--format", "json", "--part", "2/3"],
        0,
    );
    std::fs::write(&file, part.to_string()).unwrap();
    let ok = run_ok(&["fixtures", "--check", file.to_str().unwrap()], 0);
    assert!(ok.contains("ok: 1 perft counts are right") || ok.contains("ok: 1 perft count is right"), "{ok}");
    // The same numbers said to be another part are wrong: the recount is of
    // the part named.
    let mut other = part.clone();
    other["part"] = Value::from("1/3");
    std::fs::write(&file, other.to_string()).unwrap();
    let out = common::run(&["fixtures", "--check", file.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(1), "{}", common::stdout(&out));
}

#[test]
fn parts_that_are_not_one_whole_split_are_refused_naming_the_part() {
    let dir = tempfile::tempdir().unwrap();
    let write = |name: &str, part: &str| {
        let v = json(&["perft", "puzzles/bonus-corner.yaml", "--depth", "2", "--format", "json", "--part", part], 0);
        let path = dir.path().join(name);
        std::fs::write(&path, v.to_string()).unwrap();
        path.to_str().unwrap().to_string()
    };
    let one = write("1.json", "1/3");
    let two = write("2.json", "2/3");
    let three = write("3.json", "3/3");
    let half = write("half.json", "1/2");
    refused(&["perft", "--sum", &one, &two], &["--sum", "missing part: 3/3"]);
    refused(&["perft", "--sum", &one, &two, &two, &three], &["part 2/3 is given twice"]);
    refused(&["perft", "--sum", &one, &two, &half], &["part 1/2", "give the parts of one split"]);
    let deeper = json(&["perft", "puzzles/bonus-corner.yaml", "--depth", "3", "--format", "json", "--part", "3/3"], 0);
    let deeper_path = dir.path().join("deeper.json");
    std::fs::write(&deeper_path, deeper.to_string()).unwrap();
    refused(&["perft", "--sum", &one, &two, deeper_path.to_str().unwrap()], &["differs from file 1 in `depth`"]);
    refused(&["perft", "puzzles/bonus-corner.yaml", "--depth", "2", "--part", "4/3"], &["not a part", "I/K"]);
    refused(&["perft", "puzzles/bonus-corner.yaml", "--depth", "2", "--part", "0/3"], &["not a part"]);
    // The whole split, in any order, is the whole count.
    let summed = json(&["perft", "--sum", &three, &one, &two, "--format", "json"], 0);
    let whole = json(&["perft", "puzzles/bonus-corner.yaml", "--depth", "2", "--format", "json"], 0);
    assert_eq!(summed, whole);
}

/// A part whose bonus list is shorter than the others' (one depth's count
/// cut off) was once added up with its share of that depth dropped: the
/// sum is refused, naming the file and the counts it gives.
#[test]
fn a_part_with_a_bonus_list_cut_short_is_refused_not_added_up() {
    let dir = tempfile::tempdir().unwrap();
    let part =
        |p: &str| json(&["perft", "puzzles/bonus-corner.yaml", "--depth", "3", "--format", "json", "--part", p], 0);
    let (one, mut two) = (part("1/2"), part("2/2"));
    assert_eq!(two["bonus"].as_array().map(Vec::len), Some(3), "{two}");
    two["bonus"].as_array_mut().unwrap().pop();
    let (a, b) = (dir.path().join("1.json"), dir.path().join("2.json"));
    std::fs::write(&a, one.to_string()).unwrap();
    std::fs::write(&b, two.to_string()).unwrap();
    refused(
        &["perft", "--sum", a.to_str().unwrap(), b.to_str().unwrap()],
        &["file 2 (part 2/2) gives 2 bonus counts, file 1 3 (at depth 3)"],
    );
}
