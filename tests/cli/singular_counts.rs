//! Counts of one are said in the singular: `1 action`, `1 node`, `1 tile
//! on the board`, never `1 actions`; and a page's list of steps does not
//! name a step twice (`the position: the position`).

use crate::common;

use common::{run, run_ok, stderr, stdout};
use regex::Regex;

/// A count of one followed by a plural noun.
fn one_plural() -> Regex {
    Regex::new(
        r"\b1 (nodes|actions|tiles|moves|plays|runs|scenarios|answers|events|lines|cells|bonuses|readings|errors|problems|points|positions|sequences|candidates|rounds|placements|counts|games|verdicts|classes|files|variants|rows|move lists|perft counts)\b",
    )
    .unwrap()
}

fn assert_singular(what: &str, text: &str) {
    let found: Vec<&str> = one_plural().find_iter(text).map(|m| m.as_str()).collect();
    assert!(found.is_empty(), "{what}: {found:?} in\n{text}");
}

/// A position with one tile on the board and one legal move: 0-0-0-1
/// north of [0, 1, 5, 5], scoring 1 point.
const ONE: &str = "variant: english\nboard:\n  - {at: [0, 0], tile: [0, 1, 5, 5]}\nhand: [0-0-0-1]\ngoal: best-turn\n";

#[test]
fn the_regex_finds_a_count_of_one_with_a_plural_noun() {
    let re = one_plural();
    assert!(re.is_match("ok    english (1 actions)") && re.is_match("3 tiles, 1 tiles on the board"));
    assert!(!re.is_match("1 action, 11 tiles, 21 nodes, 1 tile"));
}

#[test]
fn counts_of_one_are_singular() {
    let dir = tempfile::tempdir().unwrap();
    let one = dir.path().join("one.yaml");
    std::fs::write(&one, ONE).unwrap();
    let one = one.to_str().unwrap();

    // A scenario of one action, under each of its variants.
    let check = run_ok(&["check", "specs/scenarios/example-d-plain-match.yaml"], 0);
    assert!(check.contains("  ok    english (1 action)\n") && check.contains("\n1 scenario, 4 runs: "), "{check}");
    assert_singular("check", &check);

    let moves = run_ok(&["moves", one], 0);
    assert!(moves.contains("1 legal move, 0 with a bonus"), "{moves}");
    assert_singular("moves", &moves);

    let solve = run_ok(&["solve", one], 0);
    assert!(solve.contains(": 1 point\n"), "{solve}");
    assert_singular("solve", &solve);

    let perft = run_ok(&["perft", one, "--depth", "1"], 0);
    assert!(perft.contains("depth 1: 1 sequence\n"), "{perft}");
    assert_singular("perft", &perft);

    // Its page: one tile on the board, and the list of steps names the
    // position once.
    let page = dir.path().join("one.html");
    run_ok(&["solve", one, "--html", page.to_str().unwrap()], 0);
    let html = std::fs::read_to_string(&page).unwrap();
    assert!(html.contains("1 tile on the board"), "no count of the board's tiles on the page");
    assert_singular("solve --html", &html);
    assert!(!html.contains("the position: the position") && !html.contains("the position; "), "a step named twice");
    let bonuses = dir.path().join("bonuses.html");
    run_ok(&["bonuses", one, "--html", bonuses.to_str().unwrap()], 0);
    assert_singular("bonuses --html", &std::fs::read_to_string(&bonuses).unwrap());

    // A puzzle posed from its first candidate, its answer found in one
    // node (seed 5 of this size).
    let posed = run(&["puzzle", "--seed", "5", "--goal", "best-turn", "--tiles", "10", "--hand", "4"]);
    assert_eq!(posed.status.code(), Some(0), "{}", stderr(&posed));
    let said = stderr(&posed);
    assert!(said.starts_with("posed after 1 candidate in ") && said.contains(", 1 node)"), "{said}");
    let puzzle = dir.path().join("posed.yaml");
    std::fs::write(&puzzle, stdout(&posed)).unwrap();
    let solved = run_ok(&["solve", puzzle.to_str().unwrap()], 0);
    assert!(solved.contains(", 1 node, "), "{solved}");
    assert_singular("solve of the posed puzzle", &solved);
}

#[test]
fn a_fixture_check_of_one_position_and_one_count_is_singular() {
    let dir = tempfile::tempdir().unwrap();
    let suite = dir.path().join("suite");
    let args =
        ["fixtures", "--out", suite.to_str().unwrap(), "--count", "1", "--positions", "1", "--variants", "english"];
    run_ok(&args, 0);
    for (file, words) in
        [("positions.json", " over 1 position is right\n"), ("perft.json", ": ok: 1 perft count is right\n")]
    {
        let all: Vec<serde_json::Value> =
            serde_json::from_str(&std::fs::read_to_string(suite.join(file)).unwrap()).unwrap();
        // The first entry alone; of the positions, the first with one move
        // list, so that both counts are one.
        let first = all.iter().find(|p| p.get("moves").is_none_or(|m| m.as_array().unwrap().len() == 1)).unwrap();
        let single = dir.path().join(file);
        std::fs::write(&single, serde_json::to_string(&vec![first]).unwrap()).unwrap();
        let out = run_ok(&["fixtures", "--check", single.to_str().unwrap()], 0);
        assert!(out.ends_with(words), "{out}");
        assert_singular(file, &out);
    }
}
