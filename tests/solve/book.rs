//! The puzzle book (`puzzles/book/`): puzzles posed by `quadominos puzzle`,
//! each with one best answer and a measured level. Every book puzzle is
//! proven unique and at its level again, its `expect:` is the answer, the
//! book spans every goal kind, both rule families and the three levels, and
//! the command in each file's header poses that very puzzle again.

use std::path::{Path, PathBuf};
use std::process::Command;

use quadominos::formats::{Figures, Level, VariantChoice, load_puzzle};
use quadominos::puzzle::greedy_words;
use quadominos::rules::{Text, YesNo};
use quadominos::solve::{FillObjective, Goal};

use crate::common;
use common::run;

fn book() -> Vec<PathBuf> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("puzzles/book");
    let mut files: Vec<PathBuf> = std::fs::read_dir(&dir)
        .expect("puzzles/book is readable")
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "yaml"))
        .collect();
    files.sort();
    files
}

/// The goal kind as the generator's `--goal` names it, a chained turn
/// apart.
fn kind(goal: &Goal, chained: bool) -> &'static str {
    match goal {
        Goal::BestTurn if chained => "chained-turn",
        Goal::BestTurn => "best-turn",
        Goal::BestSequence { .. } => "best-sequence",
        Goal::Fill(f) => match f.objective {
            FillObjective::Weight => "fill-weight",
            FillObjective::Bonuses => "fill-bonuses",
            FillObjective::Count => "fill-count",
        },
    }
}

#[test]
fn the_book_spans_every_goal_kind_both_rule_families_and_three_levels() {
    let files = book();
    assert!(files.len() >= 40, "{} puzzles in the book", files.len());
    let mut seen = std::collections::BTreeSet::new();
    for path in &files {
        let loaded = load_puzzle(path, &VariantChoice::default()).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
        let variant = &loaded.puzzle.variant;
        let family = match variant.text() {
            Text::English => "english",
            Text::Serbian => "serbian",
        };
        let chained = variant.rules().bonus_chain == YesNo::Yes;
        let level = loaded.difficulty.as_ref().unwrap_or_else(|| panic!("{}: no difficulty", path.display())).level;
        assert!(loaded.expect.score.is_some() || loaded.expect.count.is_some(), "{}: no expect", path.display());
        seen.insert(format!("goal {}", kind(&loaded.puzzle.goal, chained)));
        seen.insert(format!("family {family}"));
        seen.insert(format!("level {level}"));
        seen.insert(format!("{family} {level}"));
    }
    for want in [
        "goal best-turn",
        "goal best-sequence",
        "goal chained-turn",
        "goal fill-weight",
        "goal fill-bonuses",
        "goal fill-count",
        "english easy",
        "english medium",
        "english hard",
        "serbian easy",
        "serbian medium",
        "serbian hard",
    ] {
        assert!(seen.contains(want), "the book has no puzzle of {want}: {seen:?}");
    }
}

/// `puzzle --check` proves each answer unique again, compares it with
/// `expect:` and measures the difficulty again, which must equal the
/// figures written and the level the file's name gives.
#[test]
#[cfg_attr(debug_assertions, ignore = "seconds in release; run by cargo test --release")]
fn every_book_puzzle_is_unique_at_its_level_and_its_expectation_holds() {
    let files = book();
    let mut args = vec!["puzzle".to_string(), "--check".to_string()];
    args.extend(files.iter().map(|p| p.to_string_lossy().into_owned()));
    let args: Vec<&str> = args.iter().map(String::as_str).collect();
    let out = run(&args);
    let text = String::from_utf8_lossy(&out.stdout).into_owned();
    assert_eq!(out.status.code(), Some(0), "{text}{}", String::from_utf8_lossy(&out.stderr));
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines.len(), files.len(), "{text}");
    for (path, line) in files.iter().zip(&lines) {
        let name = path.file_name().unwrap().to_string_lossy();
        let level = ["easy", "medium", "hard"].into_iter().find(|l| name.contains(l)).unwrap_or("hard");
        assert!(line.ends_with(&format!(": unique, {level} (figures hold)")), "{name}: {line}");
    }
}

/// The header's command, run again into another file, writes the same
/// puzzle: a seed always poses the same one.
#[test]
#[cfg_attr(debug_assertions, ignore = "seconds in release; run by cargo test --release")]
fn the_command_in_each_header_poses_the_same_puzzle_again() {
    let dir = tempfile::tempdir().unwrap();
    for path in book() {
        let text = std::fs::read_to_string(&path).unwrap();
        let command = text
            .lines()
            .find_map(|l| l.strip_prefix("# Made by: quadominos "))
            .unwrap_or_else(|| panic!("{}: no command in the header", path.display()));
        let words = shlex::split(command).expect("the command splits as a shell would");
        let output = words.iter().position(|w| w == "--output").expect("--output");
        let mut words = words.clone();
        let again = dir.path().join("again.yaml");
        words[output + 1] = again.to_string_lossy().into_owned();
        let status = Command::new(env!("CARGO_BIN_EXE_quadominos"))
            .args(&words)
            .current_dir(env!("CARGO_MANIFEST_DIR"))
            .status()
            .unwrap();
        assert!(status.success(), "{}: {command}", path.display());
        // The header's first lines name the output file and the time taken:
        // the rest is the puzzle.
        let body = |t: &str| t.lines().filter(|l| !l.starts_with('#')).collect::<Vec<_>>().join("\n");
        assert_eq!(body(&std::fs::read_to_string(&again).unwrap()), body(&text), "{}", path.display());
    }
}

/// A description's words on greedy: a zero gap reads as greedy matching the
/// optimum (or short by less than 1%, the gap being rounded down), never as
/// falling short by 0%.
#[test]
fn the_greedy_words_say_a_zero_gap_naturally_and_a_shortfall_in_per_cent() {
    let f = |greedy: Option<i64>, optimum: i64| Figures {
        level: Level::Easy,
        greedy,
        gap: Figures::gap_of(optimum, greedy),
        near: 1,
        non_greedy: 0,
        nodes: 1,
    };
    assert_eq!(greedy_words(&f(Some(12), 12), 12, false), "the greedy answer matches the optimum");
    assert_eq!(greedy_words(&f(Some(9), 12), 12, false), "the greedy answer falls short by 25%");
    // 199 of 200 rounds down to a gap of 0, yet greedy is not the best.
    assert_eq!(greedy_words(&f(Some(199), 200), 200, false), "the greedy answer falls short by less than 1%");
    assert_eq!(greedy_words(&f(None, 12), 12, false), "the greedy answer gets nowhere");
    assert_eq!(greedy_words(&f(Some(2), 1), 1, true), "the greedy fill is a fill");
    for (greedy, optimum) in [(Some(12), 12), (Some(9), 12), (Some(199), 200), (None, 5)] {
        assert!(!greedy_words(&f(greedy, optimum), optimum, false).contains("by 0%"));
    }
}

/// Every book puzzle whose greedy answer scores its optimum says so in its
/// description, in the words `puzzle` writes.
#[test]
fn the_book_says_greedy_matches_the_optimum_where_it_does() {
    let mut matched = 0;
    for path in book() {
        let text = std::fs::read_to_string(&path).unwrap();
        assert!(!text.contains("by 0%"), "{}", path.display());
        let loaded = load_puzzle(&path, &VariantChoice::default()).unwrap();
        let figures = loaded.difficulty.unwrap();
        if let (Some(g), Some(best)) = (figures.greedy, loaded.expect.score)
            && g == best
        {
            matched += 1;
            assert!(text.contains("the greedy answer matches the optimum;"), "{}", path.display());
        }
    }
    assert!(matched >= 5, "{matched} book puzzles where greedy scores the optimum");
}
