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

mod common;
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

/// Sizes no candidate can have are bad input (exit 2), refused before any
/// work, each naming its flag and the range allowed: the English set has
/// 125 tiles.
#[test]
fn the_generator_refuses_impossible_sizes_naming_the_flag_and_the_range() {
    let cases: [(&[&str], &str); 5] = [
        (
            &["--hand", "126"],
            "error: --hand: a hand of 126 tiles cannot be drawn: the english set has 125 tiles, --tiles 20 lays 20 of them; give 1 to 105",
        ),
        (
            &["--hand", "0", "--tiles", "0"],
            "error: --hand: a hand of 0 tiles cannot be drawn: the english set has 125 tiles; give 1 to 125",
        ),
        (
            &["--tiles", "1000000"],
            "error: --tiles: 1000000 tiles cannot be laid with a tile left for the hand: the english set has 125; give 0 to 124",
        ),
        (
            &["--goal", "best-sequence", "--plays", "1000000", "--hand", "5"],
            "error: --plays: 1000000 plays cannot be made from a hand of 5 tiles; give 1 to 5",
        ),
        (
            &["--goal", "fill-weight", "--region", "2x3", "--tiles", "0", "--hand", "4"],
            "error: --hand: a hand of 4 tiles cannot be drawn: the english set has 125 tiles, and a fill of 6 cells needs a tile for each; give 6 to 125",
        ),
    ];
    let dir = tempfile::tempdir().unwrap();
    for (args, message) in cases {
        let out_file = dir.path().join("p.yaml");
        let out_name = out_file.to_string_lossy().into_owned();
        let mut words = vec!["puzzle", "--output", &out_name];
        words.extend_from_slice(args);
        let out = run(&words);
        let err = common::stderr(&out);
        assert_eq!(out.status.code(), Some(2), "{args:?}: {err}");
        assert_eq!(err.trim_end(), message, "{args:?}");
        assert!(!out_file.exists(), "{args:?}: a file was written");
    }
}

/// A fill counted over the whole set's 125 tiles has more fills than any
/// search can list: the candidate is passed over at the node limit, and the
/// run ends saying why (without a node limit it would search for hours).
#[test]
fn a_candidate_too_large_to_prove_is_passed_over_at_the_node_limit() {
    let out =
        run(&["puzzle", "--tiles", "0", "--hand", "125", "--goal", "fill-count", "--region", "2x3", "--tries", "1"]);
    let err = common::stderr(&out);
    assert_eq!(out.status.code(), Some(1), "{err}");
    assert!(err.starts_with("no puzzle fits: 1 candidate tried in "), "{err}");
    assert!(err.contains("(1 needed more than --max-nodes)"), "{err}");
    assert!(common::stdout(&out).is_empty());
}

/// With no node limit to pass it over, the same candidate runs into the
/// time limit: the run says it was cut short, and writes nothing.
#[test]
fn a_run_cut_short_by_its_time_limit_says_so_and_writes_nothing() {
    let dir = tempfile::tempdir().unwrap();
    let out_file = dir.path().join("p.yaml");
    let out = run(&[
        "puzzle",
        "--tiles",
        "0",
        "--hand",
        "125",
        "--goal",
        "fill-count",
        "--region",
        "2x3",
        "--tries",
        "1",
        "--max-nodes",
        "1000000000000",
        "--timeout",
        "0.5",
        "--output",
        &out_file.to_string_lossy(),
    ]);
    let err = common::stderr(&out);
    assert_eq!(out.status.code(), Some(1), "{err}");
    assert!(
        err.starts_with(
            "cut short by the time limit (--timeout 0.5): no puzzle posed and nothing written; \
             0 of --tries 1 candidates judged in "
        ),
        "{err}"
    );
    assert!(!out_file.exists(), "a cut-short run wrote its output");
    assert!(common::stdout(&out).is_empty());
}

/// `--check` under a node limit too small for a book puzzle's proof says the
/// puzzle is not proven and which limit to raise; it never says the figures
/// hold.
#[test]
fn a_check_that_cannot_finish_says_not_proven_and_names_the_limit() {
    let file = "puzzles/book/english-seq3-hard.yaml";
    let out = run(&["puzzle", "--check", file, "--max-nodes", "2"]);
    let text = common::stdout(&out);
    assert_eq!(out.status.code(), Some(1), "{text}");
    assert_eq!(
        text.trim_end(),
        "puzzles/book/english-seq3-hard.yaml: not proven (the proof of the optimum did not finish within the node limit \
         (--max-nodes); raise --max-nodes)"
    );
}

/// On a terminal the generator shows how far it has got while it runs; off
/// one, standard error holds only its last word.
#[test]
fn the_generator_shows_its_progress_on_a_terminal_only() {
    if std::process::Command::new("script").arg("--version").output().is_err() {
        panic!("`script` (util-linux) is needed to give the command a terminal");
    }
    let dir = tempfile::tempdir().unwrap();
    let bin = env!("CARGO_BIN_EXE_quadominos");
    let args = "puzzle --tiles 0 --hand 125 --goal fill-count --region 2x3 --tries 1 --max-nodes 1000000000000 \
                --timeout 1";
    let typescript = dir.path().join("typescript");
    let out = std::process::Command::new("script")
        .args(["-qfec", &format!("{bin} {args} >/dev/null")])
        .arg(&typescript)
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(1), "{}", String::from_utf8_lossy(&out.stderr));
    let drawn = String::from_utf8_lossy(&std::fs::read(&typescript).unwrap()).to_string();
    assert!(drawn.contains("posing a puzzle: 0 of --tries 1 drawn"), "{drawn}");
    let words: Vec<&str> = args.split_whitespace().collect();
    let off = run(&words);
    let err = common::stderr(&off);
    assert!(!err.contains("posing a puzzle"), "{err}");
    assert_eq!(err.lines().count(), 1, "{err}");
}

/// The examples in every command's help name only files that exist: a
/// reader copies them as they are.
#[test]
fn every_help_names_only_shipped_files_that_exist() {
    let top = common::stdout(&run(&["--help"]));
    let commands: Vec<String> = top
        .lines()
        .skip_while(|l| !l.starts_with("Commands:"))
        .skip(1)
        .take_while(|l| l.starts_with("  "))
        .filter_map(|l| l.split_whitespace().next().map(str::to_string))
        .filter(|c| c != "help")
        .collect();
    assert!(commands.iter().any(|c| c == "puzzle"), "{top}");
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut named = 0;
    for command in &commands {
        let help = common::stdout(&run(&[command, "--help"]));
        for word in help.split(|c: char| c.is_whitespace() || "`'\"(),;".contains(c)) {
            if ["puzzles/", "specs/"].iter().any(|p| word.starts_with(p)) && word.contains('.') {
                named += 1;
                assert!(root.join(word).exists(), "`{command} --help` names {word}, which does not exist");
            }
        }
    }
    assert!(named >= 3, "{named} files named in the helps");
}
