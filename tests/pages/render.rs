//! Pictures: `quadominos render` and the `--svg FILE` and `--png FILE` of
//! `moves`, `solve` and `bonuses`. The SVG of a few small boards is snapshotted; every picture is
//! parsed as resvg reads it (usvg), and every tile of the board drawn is found
//! in it with its four values in the order nw, ne, se, sw. Output files are
//! written only when the command succeeds.

use std::path::Path;

use quadominos::formats::{VariantChoice, load_position};
use quadominos::model::{Cell, Corners};
use serde_json::Value;

use crate::common;
use common::{run, run_ok};

fn snapshot(name: &str, output: &str) {
    insta::with_settings!({snapshot_path => "../../snapshots", prepend_module_to_snapshot => false}, {
        insta::assert_snapshot!(name, output)
    });
}

/// The tiles of a position file.
fn board_of(stem: &str) -> Vec<(Cell, Corners)> {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("puzzles").join(format!("{stem}.yaml"));
    load_position(&path, &VariantChoice::default()).expect("the puzzle loads").position.board.tiles()
}

/// Parses the SVG as resvg would, then checks that every tile is drawn as a
/// group `tile-X-Y` whose four value texts are its corners, nw, ne, se, sw.
fn check_tiles(svg: &str, tiles: &[(Cell, Corners)]) {
    usvg::Tree::from_str(svg, &usvg::Options::default()).expect("the SVG parses");
    let doc = roxmltree::Document::parse(svg).expect("the SVG is XML");
    let groups: Vec<roxmltree::Node> =
        doc.descendants().filter(|n| n.has_tag_name("g") && n.attribute("class") == Some("tile")).collect();
    assert_eq!(groups.len(), tiles.len(), "one group per tile");
    for (cell, corners) in tiles {
        let id = format!("tile-{}-{}", cell.x, cell.y);
        let g = groups.iter().find(|g| g.attribute("id") == Some(id.as_str())).unwrap_or_else(|| panic!("{id}"));
        let values: Vec<(String, String)> = g
            .children()
            .filter(|n| n.has_tag_name("text") && n.attribute("class") == Some("value"))
            .map(|n| (n.attribute("data-corner").unwrap_or("").to_string(), n.text().unwrap_or("").to_string()))
            .collect();
        let expected: Vec<(String, String)> =
            ["nw", "ne", "se", "sw"].iter().zip(corners.0).map(|(name, v)| (name.to_string(), v.to_string())).collect();
        assert_eq!(values, expected, "{id}");
    }
}

/// The plays of a `solve --format json` answer as tiles.
fn plays(answer: &Value) -> Vec<(Cell, Corners)> {
    answer["plays"]
        .as_array()
        .expect("plays")
        .iter()
        .map(|p| {
            let at: Vec<i32> = p["at"].as_array().unwrap().iter().map(|v| v.as_i64().unwrap() as i32).collect();
            let c: Vec<u8> = p["corners"].as_array().unwrap().iter().map(|v| v.as_u64().unwrap() as u8).collect();
            (Cell::new(at[0], at[1]), Corners([c[0], c[1], c[2], c[3]]))
        })
        .collect()
}

#[test]
fn a_puzzle_is_drawn_with_its_answer_numbered() {
    let svg = run_ok(&["render", "puzzles/bonus-corner.yaml"], 0);
    snapshot("render__bonus-corner__answer", &svg);
    let answer: Value =
        serde_json::from_str(&run_ok(&["solve", "puzzles/bonus-corner.yaml", "--format", "json"], 0)).unwrap();
    let mut tiles = board_of("bonus-corner");
    tiles.extend(plays(&answer));
    check_tiles(&svg, &tiles);
    // The three plays, numbered 1 to 3; the first earned the bonus.
    for n in 1..=3 {
        assert!(svg.contains(&format!("id=\"play-{n}\"")), "play {n}");
    }
    assert!(svg.contains("class=\"bonus\""));
}

#[test]
fn positions_are_drawn_with_open_cells_and_bonus_cells() {
    for stem in ["enclosure-bonus", "mixed-corner", "diagonal-bonus"] {
        let path = format!("puzzles/{stem}.yaml");
        let svg = run_ok(&["render", &path, "--highlight", "none"], 0);
        snapshot(&format!("render__{stem}__position"), &svg);
        check_tiles(&svg, &board_of(stem));
        let open = svg.matches("class=\"open\"").count();
        let moves: Value = serde_json::from_str(&run_ok(&["moves", &path, "--format", "json"], 0)).unwrap();
        let bonus = moves["moves"].as_array().unwrap().iter().any(|m| m["bonus"] == true);
        assert!(open > 0, "{stem}");
        // Asked for bare, a puzzle's position gives nothing of its answer
        // away: no star on the cell where a bonus can be earned.
        assert!(!svg.contains("class=\"bonus\""), "{stem}: a star under --highlight none");
        // The same position without its goal, drawn as a position is by
        // default: a star where a bonus placement exists.
        let dir = tempfile::tempdir().unwrap();
        let bare = dir.path().join(format!("{stem}.yaml"));
        let text = std::fs::read_to_string(&path).unwrap();
        let kept: String = text
            .lines()
            .filter(|l| !["goal:", "expect:", "difficulty:"].iter().any(|k| l.starts_with(k)))
            .map(|l| format!("{l}\n"))
            .collect();
        std::fs::write(&bare, kept).unwrap();
        let svg = run_ok(&["render", bare.to_str().unwrap()], 0);
        assert_eq!(svg.contains("class=\"bonus\""), bonus, "{stem}: a star where a bonus placement exists");
    }
}

#[test]
fn text_output_is_the_ascii_board_every_command_prints() {
    let text = run_ok(&["render", "puzzles/enclosure-bonus.yaml", "--highlight", "none", "--format", "text"], 0);
    let moves = run_ok(&["moves", "puzzles/enclosure-bonus.yaml"], 0);
    let board: String =
        text.lines().skip(1).take_while(|l| !l.starts_with("bonus")).map(|l| format!("{l}\n")).collect();
    assert!(moves.contains(&board), "the same picture:\n{board}\nin\n{moves}");
    // Asked for bare, the text names no cell where a bonus can be earned.
    assert!(!text.contains("bonus placements at"), "{text}");
    let bonus = run_ok(&["render", "puzzles/enclosure-bonus.yaml", "--highlight", "0,0", "--format", "text"], 0);
    assert!(bonus.contains("bonus placements at: "), "{bonus}");
    let cells = run_ok(
        &["render", "puzzles/bonus-corner.yaml", "--highlight", "0,-1", "--highlight", "1,0", "--format", "text"],
        0,
    );
    assert!(cells.contains("  1. [0, 1, 5, 5] at [0, -1]\n  2. [5, 5, 2, 5] at [1, 0]\n"), "{cells}");
}

#[test]
fn svg_files_of_every_command_are_written_whole() {
    let dir = tempfile::tempdir().unwrap();
    let file = |name: &str| dir.path().join(name).to_str().unwrap().to_string();
    let (r, m, s, b) = (file("render.svg"), file("moves.svg"), file("solve.svg"), file("bonuses.svg"));
    assert_eq!(run_ok(&["render", "puzzles/bonus-corner.yaml", "--svg", &r], 0), "");
    assert_eq!(std::fs::read_to_string(&r).unwrap(), run_ok(&["render", "puzzles/bonus-corner.yaml"], 0));
    let moves = run_ok(&["moves", "puzzles/bonus-corner.yaml", "--svg", &m], 0);
    assert_eq!(moves, run_ok(&["moves", "puzzles/bonus-corner.yaml"], 0), "--svg leaves stdout as it was");
    run_ok(&["solve", "puzzles/bonus-corner.yaml", "--svg", &s], 0);
    run_ok(&["bonuses", "puzzles/bonus-corner.yaml", "--svg", &b], 0);
    let answer: Value =
        serde_json::from_str(&run_ok(&["solve", "puzzles/bonus-corner.yaml", "--format", "json"], 0)).unwrap();
    let mut after = board_of("bonus-corner");
    after.extend(plays(&answer));
    check_tiles(&std::fs::read_to_string(&s).unwrap(), &after);
    check_tiles(&std::fs::read_to_string(&r).unwrap(), &after);
    for path in [&m, &b] {
        check_tiles(&std::fs::read_to_string(path).unwrap(), &board_of("bonus-corner"));
    }
    let moves_svg = std::fs::read_to_string(&m).unwrap();
    assert!(moves_svg.contains(">3 moves<") || moves_svg.contains(" moves<"), "open cells are labelled");
    // Nothing but the four pictures: no temporary file is left behind.
    assert_eq!(std::fs::read_dir(dir.path()).unwrap().count(), 4);
}

#[test]
fn bad_input_names_the_place_and_writes_nothing() {
    let dir = tempfile::tempdir().unwrap();
    let bad = dir.path().join("bad.yaml");
    std::fs::write(&bad, "board:\n  - {at: [0, 0], tile: [5, 5, 5, 5]}\n  - {at: [3, 3], tile: [0, 1, 5, 5]}\n")
        .unwrap();
    let svg = dir.path().join("out.svg");
    for command in ["render", "moves", "bonuses"] {
        let out = run(&[command, bad.to_str().unwrap(), "--svg", svg.to_str().unwrap()]);
        assert_eq!(out.status.code(), Some(2), "{command}");
        assert!(out.stdout.is_empty(), "{command}");
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(err.contains("bad.yaml:3:"), "{command}: {err}");
        assert!(!svg.exists(), "{command}");
    }
    // A cell to highlight that holds no tile, a directory that is not there.
    let out = run(&["render", "puzzles/bonus-corner.yaml", "--highlight", "7,7"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(out.stdout.is_empty());
    let nowhere = dir.path().join("no/such/dir/out.svg");
    let out = run(&["render", "puzzles/bonus-corner.yaml", "--svg", nowhere.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(2));
    assert!(out.stdout.is_empty());
    assert!(String::from_utf8_lossy(&out.stderr).contains("cannot write"));
}

#[cfg(not(feature = "png"))]
#[test]
fn png_needs_the_feature() {
    let dir = tempfile::tempdir().unwrap();
    let png = dir.path().join("board.png");
    let out = run(&["render", "puzzles/bonus-corner.yaml", "--png", png.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("feature `png`"));
    assert!(!png.exists());
}

/// Reads a PNG file: its magic bytes, then decoded (by tiny-skia, as resvg
/// drew it) into its pixels.
#[cfg(feature = "png")]
fn decode_png(path: &Path) -> resvg::tiny_skia::Pixmap {
    let bytes = std::fs::read(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    assert_eq!(&bytes[..8], b"\x89PNG\r\n\x1a\n", "{}: PNG magic bytes", path.display());
    resvg::tiny_skia::Pixmap::decode_png(&bytes).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

/// Every command that draws a picture writes the PNG of the very SVG it
/// writes: the same size, and drawn (more than the background's colour).
#[cfg(feature = "png")]
#[test]
fn png_files_of_every_command_are_their_svg_drawn() {
    let dir = tempfile::tempdir().unwrap();
    let runs: [&[&str]; 5] = [
        &["render", "puzzles/bonus-corner.yaml"],
        &["render", "puzzles/enclosure-bonus.yaml", "--highlight", "none"],
        &["moves", "puzzles/bonus-corner.yaml"],
        &["solve", "puzzles/bonus-corner.yaml"],
        &["bonuses", "puzzles/bonus-corner.yaml"],
    ];
    for (i, args) in runs.iter().enumerate() {
        let (svg, png) = (dir.path().join(format!("{i}.svg")), dir.path().join(format!("{i}.png")));
        let files = ["--svg", svg.to_str().unwrap(), "--png", png.to_str().unwrap()];
        let with_files = run_ok(&[args, &files[..]].concat(), 0);
        if args[0] == "render" {
            assert_eq!(with_files, "", "{args:?}: the picture goes to the files, not standard output");
        } else if args[0] == "moves" {
            // (solve and bonuses print their timings, which vary.)
            assert_eq!(with_files, run_ok(args, 0), "{args:?}: the pictures leave stdout as it was");
        }
        let tree = usvg::Tree::from_str(&std::fs::read_to_string(&svg).unwrap(), &usvg::Options::default()).unwrap();
        let pixmap = decode_png(&png);
        let size = tree.size().to_int_size();
        assert_eq!((pixmap.width(), pixmap.height()), (size.width(), size.height()), "{args:?}");
        let colours: std::collections::HashSet<[u8; 4]> =
            pixmap.pixels().iter().map(|p| [p.red(), p.green(), p.blue(), p.alpha()]).collect();
        assert!(colours.len() > 5, "{args:?}: {} colours, a blank picture", colours.len());
    }
    // The catalogue, without a position, and a transcript after one event.
    let catalogue = dir.path().join("catalogue.png");
    assert_eq!(
        run_ok(&["bonuses", "--format", "json", "--png", catalogue.to_str().unwrap()], 0).chars().next(),
        Some('{')
    );
    assert!(decode_png(&catalogue).width() > 500);
    let game = dir.path().join("game.yaml");
    std::fs::write(&game, run_ok(&["play", "--players", "2", "--seed", "7", "--rounds", "1"], 0)).unwrap();
    let step = dir.path().join("step.png");
    run_ok(&["render", game.to_str().unwrap(), "--step", "3", "--png", step.to_str().unwrap()], 0);
    decode_png(&step);
    // The pictures, and nothing else: no temporary file is left behind.
    assert_eq!(std::fs::read_dir(dir.path()).unwrap().count(), 2 * runs.len() + 3);
}

/// Bad input, or an output refused, leaves no PNG behind, on every command.
#[test]
fn bad_input_leaves_no_png_behind() {
    let dir = tempfile::tempdir().unwrap();
    let bad = dir.path().join("bad.yaml");
    std::fs::write(&bad, "board:\n  - {at: [0, 0], tile: [5, 5, 5, 5]}\n  - {at: [3, 3], tile: [0, 1, 5, 5]}\n")
        .unwrap();
    let png = dir.path().join("out.png");
    let (bad, png_path) = (bad.to_str().unwrap(), png.to_str().unwrap());
    for command in ["render", "moves", "solve", "bonuses"] {
        let out = run(&[command, bad, "--png", png_path]);
        assert_eq!(out.status.code(), Some(2), "{command}");
        assert!(out.stdout.is_empty(), "{command}");
        assert!(String::from_utf8_lossy(&out.stderr).contains("bad.yaml:"), "{command}");
        // A good input with the SVG refused (a folder is not a file): the
        // PNG is not written either.
        let refused = run(&[command, "puzzles/bonus-corner.yaml", "--png", png_path, "--svg", "puzzles"]);
        assert_eq!(refused.status.code(), Some(2), "{command}");
        assert!(String::from_utf8_lossy(&refused.stderr).contains("a folder"), "{command}");
    }
    // A bad option after a good file: nothing either.
    let out = run(&["render", "puzzles/bonus-corner.yaml", "--highlight", "7,7", "--png", png_path]);
    assert_eq!(out.status.code(), Some(2));
    assert_eq!(std::fs::read_dir(dir.path()).unwrap().count(), 1, "only bad.yaml");
}

/// A puzzle whose solve takes long is drawn with the best answer found in
/// the time given, and says so: a best turn with a 30-tile hand where bonus
/// tiles earn bonuses themselves (R8), which takes minutes to prove.
#[test]
fn a_puzzle_cut_short_by_the_time_limit_says_so() {
    let dir = tempfile::tempdir().unwrap();
    let path = common::chained_turn_file(dir.path(), 3, 80, 30);
    let svg = run_ok(&["render", path.to_str().unwrap(), "--timeout", "0.2"], 0);
    // The title wraps at the picture's width, which depends on the answer
    // found: its words are read across the lines.
    let words: Vec<&str> =
        svg.split('<').filter_map(|part| part.split_once('>')).flat_map(|(_, text)| text.split_whitespace()).collect();
    assert!(words.join(" ").contains("not proven"), "{svg}");
    usvg::Tree::from_str(&svg, &usvg::Options::default()).expect("the SVG parses");
    let out = run(&["render", "puzzles/bonus-corner.yaml", "--timeout", "0"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(out.stdout.is_empty());
}

/// The board after each event of a recorded game, worked out from the
/// events themselves: a deal clears the table, a placement adds its tile.
fn boards_after(events: &[Value]) -> Vec<Vec<(Cell, Corners)>> {
    let mut board: Vec<(Cell, Corners)> = Vec::new();
    let mut out = Vec::new();
    for e in events {
        match e["event"].as_str() {
            Some("deal") => board.clear(),
            Some("place") => board.extend(plays(&serde_json::json!({"plays": [e]}))),
            _ => {}
        }
        out.push(board.clone());
    }
    out
}

#[test]
fn a_transcript_is_drawn_after_any_event() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("game.json");
    let game = run_ok(&["play", "--players", "2", "--seed", "7", "--rounds", "1", "--format", "json"], 0);
    std::fs::write(&path, &game).unwrap();
    let transcript: Value = serde_json::from_str(&game).unwrap();
    let events = transcript["events"].as_array().unwrap();
    let boards = boards_after(events);
    let file = path.to_str().unwrap();
    let places: Vec<usize> = (0..events.len()).filter(|&i| events[i]["event"] == "place").collect();
    let steps = [places[0], places[places.len() / 2], events.len() - 1];
    for step in steps {
        let k = step.to_string();
        let svg = run_ok(&["render", file, "--step", &k], 0);
        check_tiles(&svg, &boards[step]);
        // Every placement of the round is numbered in play order; the last is red.
        let placed = boards[step].len();
        assert!(svg.contains(&format!("id=\"play-{placed}\"><circle")), "step {step}");
        assert!(!svg.contains(&format!("id=\"play-{}\"", placed + 1)), "step {step}");
        assert!(svg.contains(&format!("id=\"play-{placed}\"><circle cx=\"")), "step {step}");
        let last = svg.split(&format!("id=\"play-{placed}\"")).nth(1).unwrap_or("");
        assert!(last.split("</g>").next().unwrap_or("").contains("#c0001a"), "step {step}: the last placement is red");
    }
    // Without --step: after the last event.
    assert_eq!(run_ok(&["render", file], 0), run_ok(&["render", file, "--step", &(events.len() - 1).to_string()], 0));
    let text = run_ok(&["render", file, "--step", &places[0].to_string(), "--format", "text"], 0);
    assert!(text.contains(&format!("after event {} of {}", places[0], events.len() - 1)), "{text}");
    // The picture's title words its event as the page's list of steps does:
    // one describer of events in a few words.
    let played: quadominos::play::Transcript = serde_json::from_str(&game).unwrap();
    for step in [places[0], events.len() - 1] {
        let e = &played.events[step];
        let brief = quadominos::render::page::event_brief(&e.kind, e.seat, e.score);
        let text = run_ok(&["render", file, "--step", &step.to_string(), "--format", "text"], 0);
        assert!(text.contains(&format!(": {brief}), ")), "step {step}: `{brief}` not in\n{text}");
    }
    // A step past the end, --step on a position.
    let out = run(&["render", file, "--step", &events.len().to_string()]);
    assert_eq!(out.status.code(), Some(2));
    assert!(out.stdout.is_empty());
    let out = run(&["render", "puzzles/bonus-corner.yaml", "--step", "1"]);
    assert_eq!(out.status.code(), Some(2));
}

#[test]
fn a_transcript_placing_on_a_taken_cell_is_refused_with_its_place() {
    let dir = tempfile::tempdir().unwrap();
    let game = run_ok(&["play", "--players", "2", "--seed", "7", "--rounds", "1", "--format", "json"], 0);
    let mut transcript: Value = serde_json::from_str(&game).unwrap();
    let events = transcript["events"].as_array_mut().unwrap();
    let places: Vec<usize> = (0..events.len()).filter(|&i| events[i]["event"] == "place").collect();
    let first = events[places[0]]["at"].clone();
    events[places[1]]["at"] = first;
    let path = dir.path().join("bad.json");
    std::fs::write(&path, serde_json::to_string_pretty(&transcript).unwrap()).unwrap();
    let svg = dir.path().join("out.svg");
    let out = run(&["render", path.to_str().unwrap(), "--svg", svg.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(2));
    assert!(out.stdout.is_empty());
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("bad.json:") && err.contains("already holds a tile"), "{err}");
    let located = err.split("bad.json:").nth(1).unwrap_or("");
    assert!(located.split(':').next().is_some_and(|line| line.parse::<usize>().is_ok()), "a line number: {err}");
    assert!(!svg.exists());
}
