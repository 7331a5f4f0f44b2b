//! The `--html` pages as files: each stands alone (no reference to the
//! network, the rules it cites embedded), every text from an input file is
//! escaped, a long game's page stays under 1 MB because each tile is drawn
//! once and the steps are compact data, and a page is written whole or not at all,
//! never over an input. `tests/pages/browser.rs` loads the same pages in a real
//! browser.

use crate::common;

use common::pages::{ALL, network_references, write_all};
use common::{refused, run_ok};

#[test]
fn the_network_check_finds_every_kind_of_reference_and_passes_the_svg_namespace() {
    let clean = "<svg xmlns=\"http://www.w3.org/2000/svg\"><a href=\"#rule-E8\">E8</a></svg><style>a{}</style>\
<p>&lt;img src=x&gt; is text</p>";
    assert_eq!(network_references(clean), Vec::<String>::new());
    for bad in [
        "<script src=\"https://example.org/x.js\"></script>",
        "<script src=\"x.js\"></script>",
        "<link rel=\"stylesheet\" href=\"style.css\">",
        "<img src=\"data:image/png;base64,AAAA\">",
        "<style>@import 'other.css';</style>",
        "<style>body { background: url(https://example.org/b.png) }</style>",
        "<style>@font-face { src: url(font.woff) }</style>",
        "<a href=\"//example.org/\">x</a>",
        "<p>see http://example.org</p>",
        // A namespace name elsewhere than in its attribute is a reference.
        "<p>http://www.w3.org/2000/svg</p>",
    ] {
        assert!(!network_references(bad).is_empty(), "not found in {bad}");
    }
}

#[test]
fn no_page_references_the_network_and_each_embeds_the_rules_it_cites() {
    let pages = write_all();
    for name in ALL {
        let html = pages.read(name);
        assert!(html.starts_with("<!DOCTYPE html>"), "{name}");
        assert_eq!(network_references(&html), Vec::<String>::new(), "{name}");
        // Every clause link has its entry on the page, and every entry is
        // linked to.
        let linked: std::collections::BTreeSet<&str> = html
            .match_indices("href=\"#rule-")
            .map(|(i, _)| &html[i + 12..i + 12 + html[i + 12..].find('"').unwrap()])
            .collect();
        let entries: std::collections::BTreeSet<&str> = html
            .match_indices("<article id=\"rule-")
            .map(|(i, _)| &html[i + 18..i + 18 + html[i + 18..].find('"').unwrap()])
            .collect();
        for id in &linked {
            assert!(entries.contains(id), "{name}: {id} is linked but has no entry");
        }
        // The data lists the clause lists the script links; those ids must
        // have entries too.
        let data = &html[html.find("id=\"page-data\">").map_or(0, |i| i + 15)..];
        let data = &data[..data.find("</script>").unwrap_or(0)];
        if !data.is_empty() {
            let data: serde_json::Value = serde_json::from_str(data).unwrap();
            for id in data["clauses"].as_array().unwrap().iter().flat_map(|l| l.as_array().unwrap()) {
                let id = id.as_str().unwrap();
                assert!(entries.contains(id), "{name}: {id} is in a step but has no entry");
            }
        }
        assert!(!entries.is_empty(), "{name} cites no rules");
    }
    // The entries are docs/RULES.md's own words.
    let html = pages.read("game.html");
    assert!(html.contains("<article id=\"rule-E15\">"), "a game with draws cites E15");
    assert!(html.contains("Each tile drawn from the well costs 20 points"), "E15's text");
}

#[test]
fn text_from_input_files_is_escaped() {
    let pages = write_all();
    let html = pages.read("hostile.html");
    for raw in ["<script id=\"pwned\"", "<img id=\"pwned-too\"", "<b>bold</b>"] {
        assert!(!html.contains(raw), "{raw} is in the page as markup");
    }
    // In the markup as text, escaped.
    assert!(html.contains("&lt;script id=&quot;pwned&quot;&gt;alert(1)&lt;/script&gt; &amp; &quot;quoted&quot;"));
    assert!(html.contains("&lt;img id=&quot;pwned-too&quot;"));
    // Exactly the page's own two script elements, closed where they end.
    assert_eq!(html.matches("<script").count(), 2, "{html}");
    assert_eq!(html.matches("</script>").count(), 2);
    let game = pages.read("hostile-game.html");
    assert!(!game.contains("<script id=\"pwned\""));
    assert!(game.contains("strategy &lt;script id=&quot;pwned&quot;&gt;"), "the transcript's strategy, escaped");
}

/// A game's page: the transcript's text and the page's, from `play ARGS`.
fn game_page(args: &[&str]) -> (String, String) {
    let dir = tempfile::tempdir().unwrap();
    let game = dir.path().join("game.yaml");
    let page = dir.path().join("game.html");
    std::fs::write(&game, run_ok(args, 0)).unwrap();
    run_ok(&["render", game.to_str().unwrap(), "--html", page.to_str().unwrap()], 0);
    (std::fs::read_to_string(&game).unwrap(), std::fs::read_to_string(&page).unwrap())
}

#[test]
fn a_game_of_over_300_events_makes_a_page_that_draws_each_tile_once() {
    let (transcript, html) = game_page(&["play", "--players", "2", "--seed", "4"]);
    let events = transcript.matches("event: ").count();
    let placements = transcript.matches("event: place").count();
    assert!(events >= 300, "{events} events");
    // One placement a tile placed, however many steps show it, each a use
    // of the one drawing of its tile as placed.
    assert_eq!(html.matches("<g class=\"placed").count(), placements);
    assert_eq!(html.matches("<use class=\"t\" href=\"#q").count(), placements);
    let drawings = html.matches("<g id=\"q").count();
    assert!(drawings > 10 && drawings <= placements, "{drawings} tile drawings for {placements} placements");
    assert_eq!(html.matches("\"t\":").count(), events, "one frame of data per step");
}

#[test]
fn a_game_of_over_1500_events_makes_a_page_under_1_mb() {
    // The longest game of docs/COMMANDS.md's figures ("Pages to step through"): 1551 events in 17 rounds.
    let (transcript, html) = game_page(&["play", "--players", "2", "--seed", "1"]);
    let events = transcript.matches("event: ").count();
    assert!(events > 1500, "{events} events");
    assert!(html.len() < 1_000_000, "{} bytes for {events} events", html.len());
    // Every step is in it: a frame of data each, and every placement.
    assert_eq!(html.matches("\"t\":").count(), events);
    assert_eq!(html.matches("<g class=\"placed").count(), transcript.matches("event: place").count());
}

#[test]
fn a_page_is_written_whole_or_not_at_all_and_never_over_an_input() {
    let dir = tempfile::tempdir().unwrap();
    let d = |n: &str| dir.path().join(n).to_str().unwrap().to_string();
    std::fs::write(d("game.yaml"), run_ok(&["play", "--players", "2", "--seed", "7", "--rounds", "1"], 0)).unwrap();
    let before = std::fs::read(d("game.yaml")).unwrap();
    refused(&["render", &d("game.yaml"), "--html", &d("game.yaml")], &["names a file this command reads"]);
    assert_eq!(std::fs::read(d("game.yaml")).unwrap(), before);
    let scenario = "specs/scenarios/example-f-side-and-corner-bonus.yaml";
    let copy = d("f.yaml");
    std::fs::copy(std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join(scenario), &copy).unwrap();
    refused(&["compare", &copy, "--html", &copy], &["names a file this command reads"]);
    refused(&["solve", "puzzles/bonus-corner.yaml", "--html", "puzzles/bonus-corner.yaml"], &["reads"]);
    refused(&["bonuses", "--html", "/dev/null"], &["not a regular file"]);
    // Bad input: nothing written, not even the page's temporary file.
    std::fs::write(d("bad.yaml"), "version: 1\nevents: [}\n").unwrap();
    refused(&["render", &d("bad.yaml"), "--html", &d("bad.html")], &["bad.yaml:"]);
    // Two outputs of one command are written together: --svg and --html.
    run_ok(&["render", &d("game.yaml"), "--svg", &d("g.svg"), "--html", &d("g.html")], 0);
    let mut names: Vec<String> =
        std::fs::read_dir(dir.path()).unwrap().map(|e| e.unwrap().file_name().to_string_lossy().into()).collect();
    names.sort();
    assert_eq!(names, ["bad.yaml", "f.yaml", "g.html", "g.svg", "game.yaml"]);
    // More variants than a page shows side by side: refused before any run.
    refused(&["compare", scenario, "--readings", "R2,R3,R4,R5,R7", "--html", &d("many.html")], &["at most 16"]);
    assert!(!dir.path().join("many.html").exists());
    // A scenario is not drawn by render; its page is compare's.
    refused(&["render", scenario, "--html", &d("s.html")], &["compare SCENARIO --html"]);
}

#[test]
fn a_position_is_a_page_of_one_step_with_its_bonus_cells() {
    let pages = write_all();
    let html = pages.read("position.html");
    assert!(html.contains("Step 0 of 0: the position"), "one step, numbered 0");
    // bonus-corner.yaml has one open cell where a hand tile earns a bonus.
    assert_eq!(html.matches("class=\"cell-star\"").count(), 1);
    assert_eq!(html.matches("<g class=\"placed").count(), 3);
}
