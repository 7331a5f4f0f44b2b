//! `solve --hint`: the first step of the proven answer and nothing else of
//! it, for a turn and for a fill whose goal counts the fills (where the
//! count is what the puzzle asks, so it is never printed either).

use crate::common;

use common::{json, run_ok};
use serde_json::Value;

/// The proven answer's plays as `solve --format json` gives them.
fn answer(file: &str) -> Vec<Value> {
    let report = json(&["solve", file, "--format", "json"], 0);
    assert_eq!(report["proven"], true, "{file}");
    report["plays"].as_array().unwrap().clone()
}

fn cell(at: &Value) -> String {
    format!("[{}, {}]", at[0], at[1])
}

/// The hint is one line that names the answer's first tile (and, at level
/// 2, its cell): so none of the answer's other tiles and cells, nor a
/// counting fill's count.
fn check_hint(file: &str) {
    let plays = answer(file);
    assert!(plays.len() >= 2, "{file}: an answer of one play would show nothing about hiding the rest");
    let first = plays[0]["tile"].as_str().unwrap();
    let one = run_ok(&["solve", file, "--hint"], 0);
    assert_eq!(one, format!("hint: play {first}\n"), "{file}");
    let two = run_ok(&["solve", file, "--hint", "2"], 0);
    assert_eq!(two, format!("hint: play {first} at {}\n", cell(&plays[0]["at"])), "{file}");
    for p in &plays[1..] {
        let tile = p["tile"].as_str().unwrap();
        if tile != first {
            assert!(!two.contains(tile), "{file}: the hint gives away {tile}: {two}");
        }
        assert!(!two.contains(&cell(&p["at"])), "{file}: the hint gives away {}: {two}", cell(&p["at"]));
    }
}

#[test]
fn a_hint_on_a_counting_fill_is_the_first_tile_of_the_fill_and_no_more() {
    for file in ["puzzles/book/english-fill-count-2x2.yaml", "puzzles/fill-2x3-count.yaml"] {
        let report = json(&["solve", file, "--format", "json"], 0);
        assert!(report["count"].as_u64().is_some(), "{file}: a counting fill has a count");
        check_hint(file);
    }
}

#[test]
fn a_hint_on_a_turn_is_its_first_tile() {
    check_hint("puzzles/book/english-seq2-medium.yaml");
}

/// A search cut short gives no hint it has not established: before it
/// found anything it says that no answer was found within the limit and
/// what stopped it; where the pilot found one first (how far a thousandth
/// of a second gets depends on the machine), the hint says it is from an
/// answer not proven. Never that no tile can be played (the full search
/// proves 279 points here) nor that no fill exists. The wording of the
/// first case is held exactly by the library's own test of the hint.
#[test]
fn a_hint_cut_short_says_what_it_rests_on_and_never_that_nothing_can_be_played() {
    for file in ["puzzles/seq-60-serbian-8.yaml", "puzzles/fill-6x6-weight-english.yaml"] {
        let hint = run_ok(&["solve", file, "--timeout", "0.001", "--hint", "2"], 0);
        let none =
            hint.starts_with("hint: no answer was found within the limit (stopped by the time limit (--timeout)");
        let unproven = hint.starts_with("hint: play ") && hint.contains("(from the best answer found, not proven)");
        assert!(none || unproven, "{file}: {hint}");
        assert!(!hint.contains("no tile can be played") && !hint.contains("no fill"), "{file}: {hint}");
    }
}

/// `quadominos hint` is no command: the message points at the option that
/// gives the hint, with a line to run, where clap's own nearest command by
/// spelling would be `variants`; an option several commands share names
/// each; any other unknown word keeps clap's suggestion.
#[test]
fn the_word_hint_as_a_command_points_at_solve_hint() {
    let said = common::refused(&["hint"], &[]);
    assert_eq!(
        said,
        "error: `hint` is not a command: --hint is an option of `solve`: write `quadominos solve PUZZLE --hint`\n"
    );
    assert!(!said.contains("variants"), "{said}");
    // The line it offers runs once PUZZLE is a puzzle.
    let one = common::run_ok(&["solve", "puzzles/bonus-corner.yaml", "--hint"], 0);
    assert!(one.starts_with("hint: play "), "{one}");
    // An option of several commands: each is named.
    let html =
        common::refused(&["html"], &["`html` is not a command: --html is an option of ", "`solve`", "`compare`"]);
    assert!(html.contains("write e.g. `quadominos "), "{html}");
    // A word that is no option keeps clap's nearest command.
    common::refused(&["solv"], &["unrecognized subcommand 'solv'", "'solve'"]);
    // The page of every command shows the option, with the line above
    // (tests/docs/readme.rs runs that page's commands as written).
    let commands = std::fs::read_to_string("docs/COMMANDS.md").unwrap();
    assert!(commands.contains("quadominos solve puzzles/bonus-corner.yaml --hint\n# => hint: play 1-4-5-5\n"));
    assert!(commands.contains("quadominos hint\n# error: `hint` is not a command: --hint is an option of `solve`"));
}
