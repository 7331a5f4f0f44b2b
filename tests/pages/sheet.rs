//! The puzzle sheet as a file (`render --html FILE PUZZLE…` or a folder):
//! each puzzle's card holds its goal in words and its level, each solution
//! the score (or count) and the plays `solve` proves, in order, after every
//! puzzle; nothing reaches the network and file names are escaped; a file
//! that is not a puzzle, or several files without `--html`, are refused.
//! How it displays and prints is `tests/pages/sheet_in_browser.rs`.

use crate::common;

use std::path::Path;

use common::pages::network_references;
use common::{json, refused, run_ok};
use quadominos::formats::{VariantChoice, load_puzzle};
use quadominos::puzzle::goal_words;
use serde_json::Value;

const PUZZLES: [&str; 4] = [
    "puzzles/book/english-turn-easy-a.yaml",
    "puzzles/book/beginner-seq2-medium.yaml",
    "puzzles/book/english-fill-count-2x2.yaml",
    "puzzles/book/serbian-fill-weight-2x1.yaml",
];

fn escape(text: &str) -> String {
    text.replace('&', "&amp;").replace('<', "&lt;").replace('>', "&gt;").replace('"', "&quot;")
}

/// The text of the element `<article … id="ID" …>` up to its end.
fn article<'a>(html: &'a str, id: &str) -> &'a str {
    let start = html.find(&format!("id=\"{id}\"")).unwrap_or_else(|| panic!("no {id}"));
    let end = html[start..].find("</article>").unwrap() + start;
    &html[start..end]
}

fn write_sheet(dir: &Path, files: &[&str]) -> String {
    let out = dir.join("sheet.html");
    let mut args = vec!["render", "--html", out.to_str().unwrap()];
    args.extend(files);
    assert_eq!(run_ok(&args, 0), "", "the sheet is written, nothing printed");
    std::fs::read_to_string(out).unwrap()
}

fn coords(v: &Value) -> String {
    let items: Vec<String> = v.as_array().unwrap().iter().map(|x| x.to_string()).collect();
    format!("[{}]", items.join(", "))
}

#[test]
fn each_puzzle_shows_its_goal_and_level_and_each_solution_the_proven_score_and_plays() {
    let dir = tempfile::tempdir().unwrap();
    let html = write_sheet(dir.path(), &PUZZLES);
    assert_eq!(network_references(&html), Vec::<String>::new());
    assert!(html.contains("Content-Security-Policy\" content=\"default-src 'none'"));
    let solutions = html.find("id=\"solutions\"").expect("a solutions section");
    for (i, file) in PUZZLES.iter().enumerate() {
        let k = i + 1;
        let loaded = load_puzzle(&Path::new(env!("CARGO_MANIFEST_DIR")).join(file), &VariantChoice::default()).unwrap();
        let card = article(&html, &format!("puzzle-{k}"));
        assert!(html.find(&format!("id=\"puzzle-{k}\"")).unwrap() < solutions, "puzzle {k} before the solutions");
        let goal = goal_words(&loaded.puzzle.goal);
        assert!(card.contains(&format!("Goal: {}.", escape(&goal))), "puzzle {k} ({file}) lacks {goal:?}:\n{card}");
        let level = loaded.difficulty.as_ref().unwrap().level.to_string();
        assert!(card.contains(&format!("Level: {level}<")), "puzzle {k} ({file}) lacks level {level}:\n{card}");
        assert!(card.contains(file), "{card}");
        assert!(card.contains("<svg"), "puzzle {k} has a board");

        let report = json(&["solve", file, "--format", "json"], 0);
        assert_eq!(report["proven"], true);
        let solution = article(&html, &format!("solution-{k}"));
        assert!(html.find(&format!("id=\"solution-{k}\"")).unwrap() > solutions);
        let result = match (report["count"].as_u64(), report["score"].as_i64()) {
            (Some(n), _) => format!("count: {n} (every solution counted)"),
            (None, Some(s)) => format!("score: {s} (proven optimal)"),
            _ => panic!("{file}: neither a score nor a count: {report}"),
        };
        assert!(solution.contains(&result), "solution {k} ({file}) lacks `{result}`:\n{solution}");
        // The plays, in solve's order, one item each.
        let plays = report["plays"].as_array().unwrap();
        let items: Vec<&str> = solution.split("<li>").skip(1).collect();
        assert_eq!(items.len(), plays.len(), "{solution}");
        for (item, p) in items.iter().zip(plays) {
            // Its text: tile names and cells stand in spans that keep each
            // on one line.
            let item = item.replace("<span class=\"nw\">", "").replace("</span>", "");
            let want = format!("{} as {} at {}", p["tile"].as_str().unwrap(), coords(&p["corners"]), coords(&p["at"]));
            assert!(item.starts_with(&want), "solution {k}: `{item}`, not `{want}`");
            assert!(item.contains(&format!("{} point", p["points"])), "{item}");
        }
    }
}

#[test]
fn a_folder_makes_a_sheet_of_its_puzzles_in_name_order_and_names_are_text() {
    let dir = tempfile::tempdir().unwrap();
    let folder = dir.path().join("book");
    std::fs::create_dir(&folder).unwrap();
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    // A name that is markup, read back as text.
    let hostile = "b <i>&\"x\".yaml";
    std::fs::copy(root.join(PUZZLES[0]), folder.join(hostile)).unwrap();
    std::fs::copy(root.join(PUZZLES[3]), folder.join("a.yaml")).unwrap();
    std::fs::write(folder.join("notes.txt"), "not a puzzle, not read").unwrap();
    let html = write_sheet(dir.path(), &[folder.to_str().unwrap()]);
    assert!(!html.contains("<i>&"), "a file name written as markup");
    let first = article(&html, "puzzle-1");
    let second = article(&html, "puzzle-2");
    assert!(first.contains("a.yaml"), "{first}");
    assert!(second.contains(&escape(hostile)), "{second}");
    assert!(!html.contains("id=\"puzzle-3\""));
}

#[test]
fn a_file_that_is_not_a_puzzle_or_several_without_html_are_refused() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("sheet.html");
    let out = out.to_str().unwrap();
    let game = dir.path().join("game.yaml");
    std::fs::write(&game, run_ok(&["play", "--players", "2", "--seed", "3", "--rounds", "1"], 0)).unwrap();
    let game = game.to_str().unwrap();
    refused(
        &["render", "--html", out, PUZZLES[0], game],
        &[game, "this is a game transcript", "a puzzle sheet holds puzzles only"],
    );
    // A position: the puzzle without its goal and what goes with it.
    let text = std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join(PUZZLES[1])).unwrap();
    let position: String = text
        .lines()
        .filter(|l| !["goal:", "expect:", "difficulty:"].iter().any(|k| l.starts_with(k)))
        .map(|l| format!("{l}\n"))
        .collect();
    let position_file = dir.path().join("position.yaml");
    std::fs::write(&position_file, position).unwrap();
    let position_file = position_file.to_str().unwrap();
    refused(&["render", "--html", out, PUZZLES[0], position_file], &[position_file, "without `goal:`"]);
    refused(
        &["render", "--html", out, "specs/scenarios/example-f-side-and-corner-bonus.yaml", PUZZLES[0]],
        &["rule scenario"],
    );
    assert!(!Path::new(out).exists(), "nothing written after a refusal");
    refused(&["render", PUZZLES[0], PUZZLES[1]], &["--html", "puzzle sheet", "give --html FILE"]);
    refused(&["render", "--svg", out, "--html", out, PUZZLES[0], PUZZLES[1]], &["--svg"]);
}
