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
    // 37 since the figures became sets of placements: five Serbian turns
    // whose figures changed could not be posed again within the
    // generator's time limit and left the book, and two smaller Serbian
    // mediums took the place of the two that were its only ones.
    assert!(files.len() >= 37, "{} puzzles in the book", files.len());
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
        assert!(
            line.ends_with(&format!(": unique (one best set of placements), {level} (figures hold)")),
            "{name}: {line}"
        );
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
        greedy_best: greedy,
        gap: Figures::gap_of(optimum, greedy),
        near: 1,
        non_greedy: 0,
        margin: None,
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

/// One answer as a set of placements, for the brute force below.
type Set = std::collections::BTreeSet<(i32, i32, [u8; 4])>;

/// Every legal placement of a hand tile, tried tile by tile, orientation by
/// orientation, cell by cell against the judge (no move generator): cell,
/// corners, points and whether it earns a bonus.
fn placements(
    variant: &quadominos::rules::Variant,
    board: &quadominos::model::Board,
    hand: &[quadominos::model::TileId],
) -> Vec<(quadominos::model::Cell, quadominos::model::Corners, i64, bool)> {
    use quadominos::rules::{Placement, Verdict, judge};
    let mut out = Vec::new();
    for at in board.open_cells() {
        for &tile in hand {
            for &corners in variant.orientations().of(variant.tile_set(), tile) {
                if let Verdict::Legal(l) = judge(board, variant, Placement { tile, at, corners }, Some(hand)) {
                    out.push((at, corners, i64::from(l.points), l.bonus));
                }
            }
        }
    }
    out
}

/// What the figures should be, from a list of every answer (set → the most
/// it scores) and greedy's worst and best: near, margin, greedy, greedy-best.
fn expected(sets: &std::collections::BTreeMap<Set, i64>, greedy: (i64, i64)) -> (i64, u32, i64, i64, i64) {
    let mut values: Vec<i64> = sets.values().copied().collect();
    values.sort_unstable_by(|a, b| b.cmp(a));
    let best = values.first().copied().unwrap_or(0);
    let near = values.iter().filter(|&&v| v * 10 >= best * 9).count() as u32;
    (best, near, best - values.get(1).copied().unwrap_or(0), greedy.0, greedy.1)
}

/// Every turn without chained bonuses, by brute force: a placement alone,
/// or on a bonus the 25, or any two bonus tiles that can be laid one after
/// the other (hands of five: nobody goes out).
fn brute_turns(p: &quadominos::solve::Puzzle) -> (std::collections::BTreeMap<Set, i64>, (i64, i64)) {
    use quadominos::rules::bonus_tile_points;
    let mut sets = std::collections::BTreeMap::new();
    let mut put = |set: Set, v: i64| {
        let e = sets.entry(set).or_insert(i64::MIN);
        *e = (*e).max(v);
    };
    let mut greedy = i64::MIN;
    for (at, c, points, bonus) in placements(&p.variant, &p.board, &p.hand) {
        let first = (at.x, at.y, c.0);
        greedy = greedy.max(points + if bonus { 25 } else { 0 });
        if !bonus {
            put(Set::from([first]), points);
            continue;
        }
        put(Set::from([first]), points + 25);
        let mut board = p.board.clone();
        board.insert(at, c);
        let hand: Vec<_> = p.hand.iter().copied().filter(|&t| t != c.id()).collect();
        for (a1, c1, _, _) in placements(&p.variant, &board, &hand) {
            let mut board2 = board.clone();
            board2.insert(a1, c1);
            let hand2: Vec<_> = hand.iter().copied().filter(|&t| t != c1.id()).collect();
            for (a2, c2, _, _) in placements(&p.variant, &board2, &hand2) {
                let v = points
                    + i64::from(bonus_tile_points(&p.variant, c1))
                    + i64::from(bonus_tile_points(&p.variant, c2));
                put(Set::from([first, (a1.x, a1.y, c1.0), (a2.x, a2.y, c2.0)]), v);
            }
        }
    }
    // Where no tile can be laid, the one answer is to lay none.
    if sets.is_empty() {
        sets.insert(Set::new(), 0);
        greedy = 0;
    }
    (sets, (greedy, greedy))
}

/// Every sequence of up to `left` plays by brute force (a bonus counted as
/// 25; a line that stops while a play would still add points is no
/// answer), and greedy's worst and best over its ties.
#[allow(clippy::too_many_arguments)]
fn brute_sequences(
    p: &quadominos::solve::Puzzle,
    board: &mut quadominos::model::Board,
    hand: &mut Vec<quadominos::model::TileId>,
    left: usize,
    score: i64,
    line: &mut Set,
    greedy_so_far: bool,
    out: &mut (std::collections::BTreeMap<Set, i64>, Option<(i64, i64)>),
) {
    let moves = if left == 0 { Vec::new() } else { placements(&p.variant, board, hand) };
    let value = |m: &(quadominos::model::Cell, quadominos::model::Corners, i64, bool)| m.2 + if m.3 { 25 } else { 0 };
    let top = moves.iter().map(value).max();
    if top.is_none_or(|t| t == 0) {
        let e = out.0.entry(line.clone()).or_insert(i64::MIN);
        *e = (*e).max(score);
    }
    if moves.is_empty() && greedy_so_far {
        out.1 = Some(out.1.map_or((score, score), |(w, b)| (w.min(score), b.max(score))));
    }
    for m in &moves {
        let (at, c) = (m.0, m.1);
        board.insert(at, c);
        let i = hand.iter().position(|&t| t == c.id()).unwrap();
        hand.remove(i);
        line.insert((at.x, at.y, c.0));
        let greedy = greedy_so_far && Some(value(m)) == top;
        brute_sequences(p, board, hand, left - 1, score + value(m), line, greedy, out);
        line.remove(&(at.x, at.y, c.0));
        hand.insert(i, c.id());
        board.remove(at);
    }
}

/// `near` counts answers as sets of placements (two orders of one set are
/// one answer; the 25 and each choice of bonus tiles are answers of their
/// own), `margin` is the optimum less the best other set, and `greedy` and
/// `greedy-best` are the worst and best of greedy over its ties: each held
/// to a brute force over every way to play, on small random turns and
/// sequences under both rule families.
#[test]
fn the_figures_are_what_a_brute_force_over_every_answer_makes_them() {
    use quadominos::formats::builtin_variant;
    use quadominos::rules::random_position;
    use quadominos::solve::Puzzle;
    let (mut checked, mut sets_of_orders, mut greedy_ties, mut several_near) = (0, 0, 0, 0);
    for name in ["english", "serbian"] {
        let variant = builtin_variant(name).unwrap();
        for seed in 0..12u64 {
            for goal in [Goal::BestTurn, Goal::BestSequence { plays: 2 }, Goal::BestSequence { plays: 3 }] {
                let hand = if goal == Goal::BestTurn { 5 } else { 4 };
                let position = random_position(&variant, seed, 14, hand);
                let p =
                    Puzzle { variant: variant.clone(), board: position.board, hand: position.hand, goal: goal.clone() };
                // A puzzle with 64 best lines of play or more is not
                // measured (it is not unique).
                let Ok(m) = quadominos::puzzle::measure(&p) else { continue };
                if m.distinct >= 64 {
                    continue;
                }
                let (sets, greedy) = match goal {
                    Goal::BestSequence { plays } => {
                        let mut out = (std::collections::BTreeMap::new(), None);
                        let (mut board, mut hand) = (p.board.clone(), p.hand.clone());
                        brute_sequences(&p, &mut board, &mut hand, plays, 0, &mut Set::new(), true, &mut out);
                        (out.0, out.1.unwrap())
                    }
                    _ => brute_turns(&p),
                };
                let (best, near, margin, worst, greedy_best) = expected(&sets, greedy);
                let f = &m.figures;
                let what = format!("{name} seed {seed} {goal:?}");
                assert_eq!(m.answer.score, best, "{what}");
                assert_eq!(f.near, near, "{what}: near");
                assert_eq!(f.margin, Some(margin), "{what}: margin");
                assert_eq!((f.greedy, f.greedy_best), (Some(worst), Some(greedy_best)), "{what}: greedy");
                assert_eq!(f.gap, Figures::gap_of(best, Some(worst)), "{what}: gap from the worst greedy");
                checked += 1;
                several_near += usize::from(near > 1);
                greedy_ties += usize::from(worst != greedy_best);
                if matches!(goal, Goal::BestSequence { .. }) && sets.values().filter(|&&v| v == best).count() == 1 {
                    sets_of_orders += 1;
                }
            }
        }
    }
    // The cases that tell a wrong measure apart all occur.
    assert!(checked >= 50, "{checked} puzzles checked");
    assert!(several_near >= 5, "{several_near} puzzles with several answers within 10%");
    assert!(greedy_ties >= 1, "{greedy_ties} puzzles where greedy's ties part");
    assert!(sets_of_orders >= 5, "{sets_of_orders} sequences with one best set");
}
