//! The `--html` pages in a real browser: Debian's chromium (installed by
//! `.ci/setup`), headless, driven over the DevTools protocol. Each kind of
//! page is loaded from disk, stepped forward and back by key presses, and
//! what it shows (the step counter, the scores, the tile drawn in red, each
//! variant's verdict) is checked against what the transcript, the solver or
//! the comparison says. One browser serves every test, a tab each.
//!
//! Without chromium these tests fail, saying to run `.ci/setup`: a page
//! untested in a browser is not called tested.

#[path = "common/cdp.rs"]
mod cdp;
mod common;

use std::sync::OnceLock;

use serde_json::Value;

use cdp::{Chromium, Tab, chromium_path};
use common::json;
use common::pages::{HOSTILE_DESCRIPTION, HOSTILE_NAME, Pages, write_all};

/// The one browser of the test run. It is started by a thread of its own
/// that lives as long as the test run, since it is killed when the thread
/// that started it ends.
fn browser() -> &'static Chromium {
    static BROWSER: OnceLock<Result<Chromium, String>> = OnceLock::new();
    let started = BROWSER.get_or_init(|| {
        let Some(path) = chromium_path() else {
            return Err("chromium is not installed, and the --html pages are tested in it: run .ci/setup (it \
installs Debian's chromium), then the tests again"
                .to_string());
        };
        let (tx, rx) = std::sync::mpsc::channel();
        std::thread::spawn(move || {
            // A fresh profile, kept under the target folder's own
            // temporary folder.
            let profile = tempfile::tempdir_in(env!("CARGO_TARGET_TMPDIR")).map(tempfile::TempDir::keep);
            let launched = profile.map_err(|e| e.to_string()).and_then(|p| Chromium::launch(&path, &p));
            let _ = tx.send(launched);
            loop {
                std::thread::park();
            }
        });
        rx.recv().map_err(|e| e.to_string())?
    });
    match started {
        Ok(b) => b,
        Err(why) => panic!("{why}"),
    }
}

/// The pages, written once for every test.
fn pages() -> &'static Pages {
    static PAGES: OnceLock<Pages> = OnceLock::new();
    PAGES.get_or_init(write_all)
}

/// A new tab with the page loaded from disk.
fn open(name: &str) -> Tab<'static> {
    browser().open(&pages().url(name)).unwrap()
}

fn eval(tab: &Tab, expression: &str) -> Value {
    tab.eval(expression).unwrap()
}

fn key(tab: &Tab, name: &str) {
    tab.key(name).unwrap();
}

/// What column `c` shows now: the counter, each row's score, the red
/// tiles' cells, the cells and corners of the tiles shown, the note.
const SHOWN: &str = "((c) => {
  const scene = [...document.querySelectorAll(`#c${c} svg.board`)].filter(s => !s.classList.contains('off'));
  const shown = (sel) => scene.length ? [...scene[0].querySelectorAll(sel)].filter(g => !g.classList.contains('off')) : [];
  const rows = [...document.querySelectorAll(`#c${c} tbody tr`)];
  return {
    counter: document.getElementById('counter').textContent,
    scenes: scene.length,
    scores: rows.map(r => r.querySelector('.score').textContent),
    counts: rows.map(r => r.querySelector('.count').textContent),
    lit: shown('g.lit').map(g => g.getAttribute('data-cell')),
    tiles: shown('g.placed').map(g => g.getAttribute('data-cell') + ' ' + g.getAttribute('data-corners')).sort(),
    words: document.getElementById(`c${c}-words`).className,
    lines: [...document.querySelectorAll(`#c${c}-lines p`)].map(p => p.textContent),
    clauses: [...document.querySelectorAll(`#c${c}-clauses a`)].map(a => a.textContent),
    label: scene.length ? scene[0].getAttribute('aria-label') : null,
  };
})";

fn shown(tab: &Tab, column: usize) -> Value {
    eval(tab, &format!("{SHOWN}({column})"))
}

fn cell(at: &Value) -> String {
    format!("{},{}", at[0], at[1])
}

fn corners(c: &Value) -> String {
    c.as_array().unwrap().iter().map(|v| v.to_string()).collect::<Vec<_>>().join(",")
}

/// What the transcript says the table is after each event: each seat's
/// total and hand size, the tiles on the board, the round's last placement.
struct Expected {
    totals: Vec<String>,
    counts: Vec<usize>,
    tiles: Vec<String>,
    last: Option<String>,
}

fn expected(transcript: &Value) -> Vec<Expected> {
    let mut out = Vec::new();
    let mut hands: Vec<usize> = Vec::new();
    let mut tiles: Vec<String> = Vec::new();
    let mut last = None;
    for e in transcript["events"].as_array().unwrap() {
        let seat = e["seat"].as_u64().map(|s| s as usize);
        match e["event"].as_str().unwrap() {
            "deal" => {
                hands = e["hands"].as_array().unwrap().iter().map(|h| h.as_array().unwrap().len()).collect();
                tiles.clear();
                last = None;
            }
            "place" => {
                hands[seat.unwrap()] -= 1;
                tiles.push(format!("{} {}", cell(&e["at"]), corners(&e["corners"])));
                last = Some(cell(&e["at"]));
            }
            "draw" => hands[seat.unwrap()] += 1,
            _ => {}
        }
        let mut sorted = tiles.clone();
        sorted.sort();
        out.push(Expected {
            totals: e["totals"].as_array().unwrap().iter().map(|t| t.to_string()).collect(),
            counts: hands.clone(),
            tiles: sorted,
            last: last.clone(),
        });
    }
    out
}

fn check_game_step(tab: &Tab, k: usize, n: usize, want: &Expected) {
    let got = shown(tab, 0);
    let counter = got["counter"].as_str().unwrap();
    assert!(counter.starts_with(&format!("Step {} of {n}: after event {k},", k + 1)), "{counter}");
    assert_eq!(got["scenes"], 1, "one board shown at step {k}");
    assert_eq!(got["scores"], serde_json::json!(want.totals), "scores at step {k}");
    let counts: Vec<String> =
        want.counts.iter().map(|c| format!("{c} tile{}", if *c == 1 { "" } else { "s" })).collect();
    assert_eq!(got["counts"], serde_json::json!(counts), "hands at step {k}");
    assert_eq!(got["tiles"], serde_json::json!(want.tiles), "tiles at step {k}");
    let lit: Vec<String> = want.last.iter().cloned().collect();
    assert_eq!(got["lit"], serde_json::json!(lit), "the tile in red at step {k}");
    assert!(got["label"].as_str().unwrap().starts_with(&format!("after event {k}")), "{}", got["label"]);
}

#[test]
fn a_game_page_steps_by_keys_through_what_the_transcript_says() {
    let transcript: Value = serde_yaml::from_str(&pages().read("game.yaml")).unwrap();
    let want = expected(&transcript);
    let n = want.len();
    assert!(n > 50, "{n} events");
    let tab = open("game.html");
    for (k, w) in want.iter().enumerate() {
        if k > 0 {
            key(&tab, "ArrowRight");
        }
        check_game_step(&tab, k, n, w);
    }
    // Past the end nothing moves; then back by the left arrow.
    key(&tab, "ArrowRight");
    check_game_step(&tab, n - 1, n, &want[n - 1]);
    for k in (n - 12..n - 1).rev() {
        key(&tab, "ArrowLeft");
        check_game_step(&tab, k, n, &want[k]);
    }
    key(&tab, "Home");
    check_game_step(&tab, 0, n, &want[0]);
    key(&tab, "PageDown");
    check_game_step(&tab, 10, n, &want[10]);
    key(&tab, "End");
    check_game_step(&tab, n - 1, n, &want[n - 1]);
    // The words of a step name its seat, tile and points, and its clauses
    // link to their entries on the page.
    let place = transcript["events"].as_array().unwrap().iter().position(|e| e["event"] == "place").unwrap();
    key(&tab, "Home");
    for _ in 0..place {
        key(&tab, "ArrowRight");
    }
    let got = shown(&tab, 0);
    let e = &transcript["events"][place];
    let line = got["lines"][0].as_str().unwrap();
    assert!(line.starts_with(&format!("seat {} places {}", e["seat"], e["tile"].as_str().unwrap())), "{line}");
    assert!(line.contains(&format!("+{} points", e["score"])), "{line}");
    let clauses: Vec<String> = e["clauses"].as_array().unwrap().iter().map(|c| c.as_str().unwrap().into()).collect();
    assert_eq!(got["clauses"], serde_json::json!(clauses));
    let targets = eval(
        &tab,
        "[...document.querySelectorAll('#c0-clauses a')].map(a => !!document.getElementById(a.getAttribute('href').slice(1)))",
    );
    assert!(targets.as_array().unwrap().iter().all(|t| t == true), "{targets}");
    // The slider moves with the keys, and the buttons step too.
    assert_eq!(eval(&tab, "document.getElementById('slider').value"), serde_json::json!(place.to_string()));
    eval(&tab, "document.getElementById('next').click()");
    check_game_step(&tab, place + 1, n, &want[place + 1]);
}

#[test]
fn a_puzzle_page_plays_the_answer_with_its_points_and_the_other_choice() {
    let report = json(&["solve", "puzzles/bonus-corner.yaml", "--format", "json"], 0);
    let plays = report["plays"].as_array().unwrap();
    let tab = open("puzzle.html");
    let first = shown(&tab, 0);
    assert_eq!(first["counter"], format!("Step 1 of {}: the position", plays.len() + 1));
    assert_eq!(first["lit"], serde_json::json!([]));
    assert_eq!(first["scores"], serde_json::json!(["0"]));
    let mut total = 0;
    for (i, p) in plays.iter().enumerate() {
        key(&tab, "ArrowRight");
        let got = shown(&tab, 0);
        total += p["points"].as_i64().unwrap() + if p["choice"] == "points" { 25 } else { 0 };
        assert_eq!(got["counter"], format!("Step {} of {}: after play {}", i + 2, plays.len() + 1, i + 1));
        assert_eq!(got["lit"], serde_json::json!([cell(&p["at"])]), "play {}", i + 1);
        assert_eq!(got["scores"], serde_json::json!([total.to_string()]), "play {}", i + 1);
        let line = got["lines"][0].as_str().unwrap();
        assert!(line.contains(&cell_words(&p["at"])) && line.contains(&format!(": {} points", p["points"])), "{line}");
        // The other choice at the bonus, as the solve report gives it.
        let other = report["alternatives"].as_array().unwrap().iter().find(|o| o["play"] == i + 1);
        let said = got["lines"].as_array().unwrap().iter().any(|l| l.as_str().unwrap().starts_with("the other choice"));
        assert_eq!(said, other.is_some(), "play {}: {}", i + 1, got["lines"]);
    }
    assert_eq!(total, report["score"].as_i64().unwrap());
    let end = shown(&tab, 0);
    assert!(end["words"].as_str().unwrap().contains("total"));
    let note = eval(&tab, "document.getElementById('c0-note').textContent");
    assert_eq!(note, format!("score: {} (proven optimal)", report["score"]));
}

fn cell_words(at: &Value) -> String {
    format!("at [{}, {}]", at[0], at[1])
}

#[test]
fn a_comparison_steps_its_variants_together_and_marks_where_they_part() {
    let scenario = "specs/scenarios/example-f-side-and-corner-bonus.yaml";
    let report = json(&["compare", scenario, "--readings", "R4", "--format", "json"], 0);
    let variants: Vec<&str> = report["variants"].as_array().unwrap().iter().map(|v| v.as_str().unwrap()).collect();
    let difference = &report["differences"][0];
    let action = difference["action"].as_u64().unwrap() as usize;
    let tab = open("compare.html");
    let headings = eval(&tab, "[...document.querySelectorAll('.column h2')].map(h => h.textContent)");
    assert_eq!(headings, serde_json::json!(variants));
    // The page opens at the first difference: the baseline marked, the
    // other variant marked as parting, each with its verdict and clauses.
    for (c, side) in difference["sides"].as_array().unwrap().iter().enumerate() {
        let got = shown(&tab, c);
        assert!(got["counter"].as_str().unwrap().starts_with(&format!("Step {} of", action + 1)), "{}", got["counter"]);
        let want = if c == 0 { "words baseline" } else { "words differs" };
        assert_eq!(got["words"], want, "column {c}");
        assert_eq!(got["clauses"], side["clauses"], "column {c}");
        assert!(got["lines"][1].as_str().unwrap().starts_with(side["verdict"].as_str().unwrap()), "{}", got["lines"]);
    }
    // Both columns step together, back to the start and forward again.
    key(&tab, "Home");
    for c in 0..variants.len() {
        let got = shown(&tab, c);
        assert!(got["counter"].as_str().unwrap().starts_with("Step 1 of"));
        assert_eq!(got["words"], "words", "no mark at the start, column {c}");
        assert_eq!(got["lit"], serde_json::json!([]));
    }
    for _ in 0..action {
        key(&tab, "ArrowRight");
    }
    // The action places a tile `... at [X, Y]`: that tile is drawn in red.
    let description = difference["description"].as_str().unwrap();
    let at = description.rsplit_once(" at [").unwrap().1.trim_end_matches(']').replace(' ', "");
    for c in 0..variants.len() {
        assert_eq!(shown(&tab, c)["lit"], serde_json::json!([at.clone()]), "the action's tile in red, column {c}");
    }
    // The jump button goes back to the difference from anywhere.
    key(&tab, "End");
    eval(&tab, "document.querySelector('[data-jump]').click()");
    assert!(shown(&tab, 1)["counter"].as_str().unwrap().starts_with(&format!("Step {} of", action + 1)));
}

#[test]
fn the_catalogue_page_shows_every_class_with_its_board_and_bonus() {
    let report = json(&["bonuses", "--format", "json"], 0);
    let classes = report["classes"].as_array().unwrap();
    let tab = open("catalogue.html");
    let got = eval(
        &tab,
        "[...document.querySelectorAll('article.class')].map(a => ({id: a.id, bonus: a.classList.contains('bonus'), \
tiles: a.querySelectorAll('svg g.tile').length, label: a.querySelector('svg').getAttribute('aria-label'), \
role: a.querySelector('svg').getAttribute('role')}))",
    );
    let got = got.as_array().unwrap();
    assert_eq!(got.len(), classes.len());
    for (g, c) in got.iter().zip(classes) {
        assert_eq!(g["id"], format!("class-{}", c["class"]));
        assert_eq!(g["bonus"], c["bonus"] == true, "class {}", c["class"]);
        assert_eq!(g["role"], "img");
        assert!(g["label"].as_str().unwrap().starts_with(&format!("Class {}", c["class"])));
        let w = &c["witness"];
        let tiles = 1 + w["neighbours"].as_array().map_or(0, Vec::len) + w["joining"].as_array().map_or(0, Vec::len);
        assert_eq!(g["tiles"].as_u64().unwrap() as usize, if w.is_null() { 0 } else { tiles }, "class {}", c["class"]);
    }
}

#[test]
fn text_from_input_files_shows_as_text_and_runs_nothing() {
    let tab = open("hostile.html");
    let got = eval(
        &tab,
        "({pwned: !!document.getElementById('pwned') || !!document.getElementById('pwned-too'), scripts: \
document.scripts.length, images: document.images.length, title: document.title, summary: \
document.querySelector('.summary').textContent})",
    );
    assert_eq!(got["pwned"], false);
    assert_eq!(got["scripts"], 2);
    assert_eq!(got["images"], 0);
    assert!(got["title"].as_str().unwrap().starts_with(HOSTILE_NAME), "{}", got["title"]);
    assert!(got["summary"].as_str().unwrap().contains(HOSTILE_DESCRIPTION), "{}", got["summary"]);
    // The page still steps: its script was not broken by the text.
    key(&tab, "Home");
    assert!(shown(&tab, 0)["counter"].as_str().unwrap().starts_with("Step 1 of"));
}

#[test]
fn pages_load_nothing_follow_the_colour_scheme_and_print_without_controls() {
    for name in ["game.html", "puzzle.html", "compare.html", "catalogue.html", "bonuses.html"] {
        let tab = open(name);
        // Nothing but the page itself was fetched.
        let fetched = eval(&tab, "performance.getEntriesByType('resource').map(r => r.name)");
        assert_eq!(fetched, serde_json::json!([]), "{name}");
        let background = "getComputedStyle(document.body).backgroundColor";
        let light = eval(&tab, background);
        tab.emulate("", "dark").unwrap();
        let dark = eval(&tab, background);
        assert_eq!(light, "rgb(255, 255, 255)", "{name}");
        assert_ne!(dark, light, "{name} follows a dark preference");
        tab.emulate("", "light").unwrap();
        assert_eq!(eval(&tab, background), light);
        if name != "catalogue.html" {
            let display = "getComputedStyle(document.getElementById('next')).display";
            assert_ne!(eval(&tab, display), "none");
            tab.emulate("print", "light").unwrap();
            assert_eq!(eval(&tab, display), "none", "{name}: the buttons are not printed");
        }
    }
}

#[test]
fn a_screenshot_of_a_page_is_not_blank() {
    let tab = open("game.html");
    key(&tab, "End");
    let png = tab.screenshot().unwrap();
    let decoder = png::Decoder::new(std::io::Cursor::new(png));
    let mut reader = decoder.read_info().unwrap();
    let mut pixels = vec![0; reader.output_buffer_size().unwrap()];
    let info = reader.next_frame(&mut pixels).unwrap();
    let bytes = info.color_type.samples();
    let colours: std::collections::BTreeSet<&[u8]> = pixels[..info.buffer_size()].chunks(bytes).collect();
    // A blank or failed page is one or two colours; the board's shades,
    // its text and the page's own make many.
    assert!(colours.len() > 100, "{} colours", colours.len());
    assert!(info.width >= 1000 && info.height >= 600, "{}x{}", info.width, info.height);
}

#[test]
fn the_address_names_the_step_and_reopens_it() {
    let tab = browser().open(&format!("{}#step-5", pages().url("game.html"))).unwrap();
    assert!(shown(&tab, 0)["counter"].as_str().unwrap().starts_with("Step 5 of"));
    key(&tab, "ArrowRight");
    assert_eq!(eval(&tab, "location.hash"), "#step-6");
    // A clause link goes to its entry and leaves the step as it was.
    let id = shown(&tab, 0)["clauses"][0].as_str().expect("event 5 cites clauses").to_string();
    eval(&tab, "document.querySelector('#c0-clauses a').click()");
    assert_eq!(eval(&tab, "location.hash"), format!("#rule-{id}"));
    assert!(shown(&tab, 0)["counter"].as_str().unwrap().starts_with("Step 6 of"));
}

#[test]
fn a_position_s_bonus_placements_are_stepped_through_in_the_report_s_order() {
    let report = json(&["bonuses", "puzzles/bonus-corner.yaml", "--format", "json"], 0);
    let placements: Vec<&Value> =
        report["classes"].as_array().unwrap().iter().flat_map(|c| c["placements"].as_array().unwrap()).collect();
    let tab = open("bonuses.html");
    assert_eq!(shown(&tab, 0)["counter"], format!("Step 1 of {}: the position", placements.len() + 1));
    for (i, p) in placements.iter().enumerate() {
        key(&tab, "ArrowRight");
        let got = shown(&tab, 0);
        assert_eq!(got["lit"], serde_json::json!([cell(&p["at"])]), "placement {}", i + 1);
        assert_eq!(got["scores"], serde_json::json!([p["total"].to_string()]), "placement {}", i + 1);
    }
}
