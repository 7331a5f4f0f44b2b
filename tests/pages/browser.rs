//! The `--html` pages in a real browser: Debian's chromium (installed by
//! `.ci/setup`), headless, driven over the DevTools protocol. Each kind of
//! page is loaded from disk, stepped forward and back by key presses, and
//! what it shows (the step counter, the scores, the tile drawn in red, each
//! variant's verdict) is checked against what the transcript, the solver or
//! the comparison says. One browser serves every test, a tab each.
//!
//! Without chromium these tests fail, saying to run `.ci/setup`: a page
//! untested in a browser is not called tested.
//!
//! This file is long because every kind of page and every way of stepping
//! one shares the one browser and the helpers that read what it displays.

use crate::cdp;
use crate::common;

use std::sync::OnceLock;

use serde_json::Value;

use cdp::{Tab, browser};
use common::json;
use common::pages::{HOSTILE_DESCRIPTION, HOSTILE_NAME, Pages, write_all};

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

/// What column `c` shows now, as the browser displays it (computed
/// display and visibility, not classes): the counter, each row's score, the
/// red tiles' cells, the cells and corners of the tiles shown, the note.
const SHOWN: &str = "((c) => {
  const seen = (el) => getComputedStyle(el).display !== 'none' && getComputedStyle(el).visibility === 'visible';
  const scene = [...document.querySelectorAll(`#c${c} svg.board`)].filter(seen);
  const shown = (sel) => scene.length ? [...scene[0].querySelectorAll(sel)].filter(seen) : [];
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

/// Sets the address's fragment to `hash`, as a reader typing it, and waits
/// for the page to show step `k`.
fn go(tab: &Tab, hash: &str, k: usize) {
    // After quick steps the page rewrites its address a moment later; the
    // reader types once it names the step shown (typing the address it
    // still names would change nothing).
    let started = std::time::Instant::now();
    while eval(
        tab,
        "location.hash.startsWith('#step-') && location.hash !== '#step-' + document.body.getAttribute('data-step')",
    ) == true
    {
        assert!(started.elapsed().as_secs() < 5, "the address did not follow the step");
        std::thread::sleep(std::time::Duration::from_millis(10));
    }
    eval(tab, &format!("location.hash = '{hash}'"));
    wait_for_step(tab, k);
}

/// Waits (up to 5 s) for the page to show step `k`: the address and the
/// history are followed by events that come after the command that
/// changed them.
fn wait_for_step(tab: &Tab, k: usize) {
    let started = std::time::Instant::now();
    loop {
        let now = eval(tab, "document.body.getAttribute('data-step')");
        if now.as_str().and_then(|s| s.parse::<usize>().ok()) == Some(k) {
            return;
        }
        assert!(started.elapsed().as_secs() < 5, "the page shows step {now}, not {k}");
        std::thread::sleep(std::time::Duration::from_millis(10));
    }
}

/// Waits (up to 5 s) for the address to name `hash`: a page rewrites its
/// address for the step shown at most every quarter of a second while the
/// reader steps, and always for the step they stop at.
fn wait_for_address(tab: &Tab, hash: &str) {
    let started = std::time::Instant::now();
    loop {
        let now = eval(tab, "location.hash");
        if now == hash {
            return;
        }
        assert!(started.elapsed().as_secs() < 5, "the address is {now}, not {hash}");
        std::thread::sleep(std::time::Duration::from_millis(10));
    }
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
    assert!(counter.starts_with(&format!("Step {k} of {}: after event {k},", n - 1)), "{counter}");
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
    assert!(line.contains(&format!("+{} point", e["score"])), "{line}");
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
    assert_eq!(first["counter"], format!("Step 0 of {}: the position", plays.len()));
    assert_eq!(first["lit"], serde_json::json!([]));
    assert_eq!(first["scores"], serde_json::json!(["0"]));
    let mut total = 0;
    for (i, p) in plays.iter().enumerate() {
        key(&tab, "ArrowRight");
        let got = shown(&tab, 0);
        total += p["points"].as_i64().unwrap() + if p["choice"] == "points" { 25 } else { 0 };
        assert_eq!(got["counter"], format!("Step {} of {}: after play {}", i + 1, plays.len(), i + 1));
        assert_eq!(got["lit"], serde_json::json!([cell(&p["at"])]), "play {}", i + 1);
        assert_eq!(got["scores"], serde_json::json!([total.to_string()]), "play {}", i + 1);
        let line = got["lines"][0].as_str().unwrap();
        assert!(line.contains(&cell_words(&p["at"])) && line.contains(&format!(": {} point", p["points"])), "{line}");
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
        assert!(got["counter"].as_str().unwrap().starts_with(&format!("Step {action} of")), "{}", got["counter"]);
        let want = if c == 0 { "words baseline" } else { "words differs" };
        assert_eq!(got["words"], want, "column {c}");
        assert_eq!(got["clauses"], side["clauses"], "column {c}");
        assert!(got["lines"][1].as_str().unwrap().starts_with(side["verdict"].as_str().unwrap()), "{}", got["lines"]);
    }
    // Both columns step together, back to the start and forward again.
    key(&tab, "Home");
    for c in 0..variants.len() {
        let got = shown(&tab, c);
        assert!(got["counter"].as_str().unwrap().starts_with("Step 0 of"));
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
    assert!(shown(&tab, 1)["counter"].as_str().unwrap().starts_with(&format!("Step {action} of")));
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

/// The smallest corner value on the page's displayed boards, in CSS pixels
/// as drawn: each value's font size times its board's scale on the screen.
const SMALLEST_DIGIT: &str = "(() => { const sizes = [...document.querySelectorAll('svg text.value')]
  .filter(t => t.closest('svg').getBoundingClientRect().width > 0)
  .map(t => Number(t.getAttribute('font-size')) * t.getScreenCTM().a);
  return {count: sizes.length, smallest: Math.min(...sizes)}; })()";

#[test]
fn the_catalogue_s_corner_values_read_at_11_css_pixels_at_both_window_sizes() {
    for (width, height, mobile) in WINDOWS {
        let tab = open("catalogue.html");
        tab.window(width, height, mobile).unwrap();
        let digits = eval(&tab, SMALLEST_DIGIT);
        assert!(digits["count"].as_u64().unwrap() > 100, "{width}x{height}: {digits}");
        let smallest = digits["smallest"].as_f64().unwrap();
        assert!(smallest >= 11.0, "{width}x{height}: corner values of {smallest:.1} CSS px");
        // Every board fits its card: none wider than the window.
        let widest = eval(
            &tab,
            "Math.max(...[...document.querySelectorAll('article.class svg')].map(s => s.getBoundingClientRect().right))",
        );
        assert!(widest.as_f64().unwrap() <= f64::from(width), "{width}x{height}: a board reaches {widest}");
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
    assert!(shown(&tab, 0)["counter"].as_str().unwrap().starts_with("Step 0 of"));
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
fn the_address_names_the_step_and_the_page_follows_the_address() {
    let tab = browser().open(&format!("{}#step-5", pages().url("game.html"))).unwrap();
    assert!(shown(&tab, 0)["counter"].as_str().unwrap().starts_with("Step 5 of"));
    key(&tab, "ArrowRight");
    wait_for_address(&tab, "#step-6");
    // A step typed into the address is shown.
    go(&tab, "#step-20", 20);
    assert!(shown(&tab, 0)["counter"].as_str().unwrap().starts_with("Step 20 of"));
    // A clause link goes to its entry and leaves the step as it was.
    let id = shown(&tab, 0)["clauses"][0].as_str().expect("event 20 cites clauses").to_string();
    eval(&tab, "document.querySelector('#c0-clauses a').click()");
    assert_eq!(eval(&tab, "location.hash"), format!("#rule-{id}"));
    assert!(shown(&tab, 0)["counter"].as_str().unwrap().starts_with("Step 20 of"));
    // Stepping on names the step again: the address is not left on the
    // clause.
    key(&tab, "ArrowRight");
    wait_for_address(&tab, "#step-21");
    // Back goes to the step typed before, and to the first; Forward again.
    tab.back().unwrap();
    wait_for_step(&tab, 20);
    assert_eq!(eval(&tab, "location.hash"), "#step-20");
    tab.back().unwrap();
    wait_for_step(&tab, 6);
    eval(&tab, "history.forward()");
    wait_for_step(&tab, 20);
    assert!(shown(&tab, 0)["counter"].as_str().unwrap().starts_with("Step 20 of"));
    // A page opened at a clause's entry stays there, at the first step,
    // until the reader steps.
    let rule = eval(&tab, "document.querySelector('.rules article').id");
    let rule = rule.as_str().unwrap();
    let tab = browser().open(&format!("{}#{rule}", pages().url("game.html"))).unwrap();
    assert_eq!(eval(&tab, "location.hash"), format!("#{rule}"));
    assert!(shown(&tab, 0)["counter"].as_str().unwrap().starts_with("Step 0 of"));
    key(&tab, "ArrowRight");
    wait_for_address(&tab, "#step-1");
}

#[test]
fn page_up_and_page_down_go_the_documented_way_with_the_slider_focused() {
    let transcript: Value = serde_yaml::from_str(&pages().read("game.yaml")).unwrap();
    let want = expected(&transcript);
    let n = want.len();
    let tab = open("game.html");
    // A click on the slider's middle focuses it and goes to the step there.
    let r = Rect::of(&eval(
        &tab,
        "(() => { const r = document.getElementById('slider').getBoundingClientRect(); return {left: r.left, top: r.top, right: r.right, bottom: r.bottom}; })()",
    ));
    tab.click((r.left + r.right) / 2.0, (r.top + r.bottom) / 2.0).unwrap();
    assert_eq!(eval(&tab, "document.activeElement.id"), "slider");
    let k: usize = eval(&tab, "document.body.getAttribute('data-step')").as_str().unwrap().parse().unwrap();
    assert!(k > 10 && k + 20 < n, "the click went to step {k} of {n}");
    check_game_step(&tab, k, n, &want[k]);
    key(&tab, "PageDown");
    check_game_step(&tab, k + 10, n, &want[k + 10]);
    key(&tab, "PageDown");
    check_game_step(&tab, k + 20, n, &want[k + 20]);
    key(&tab, "PageUp");
    check_game_step(&tab, k + 10, n, &want[k + 10]);
    key(&tab, "ArrowLeft");
    check_game_step(&tab, k + 9, n, &want[k + 9]);
    key(&tab, "Home");
    check_game_step(&tab, 0, n, &want[0]);
    key(&tab, "End");
    check_game_step(&tab, n - 1, n, &want[n - 1]);
    assert_eq!(eval(&tab, "document.activeElement.id"), "slider", "the slider kept the focus");
    assert_eq!(eval(&tab, "document.getElementById('slider').value"), serde_json::json!((n - 1).to_string()));
}

/// The list of every step as the browser shows it: the rows' roles, which
/// is selected, which one Tab reaches, which has the focus, and whether the
/// selected row lies inside the list's visible part.
const LIST: &str = "(() => {
  const list = document.getElementById('log-list');
  const rows = [...list.querySelectorAll('[data-step]')];
  const sel = rows.filter(r => r.getAttribute('aria-selected') === 'true');
  const lr = list.getBoundingClientRect();
  const sr = sel.length ? sel[0].getBoundingClientRect() : null;
  return {
    role: list.getAttribute('role'),
    options: rows.filter(r => r.getAttribute('role') === 'option').length,
    rows: rows.length,
    selected: sel.map(r => Number(r.getAttribute('data-step'))),
    tabbable: rows.filter(r => r.tabIndex === 0).map(r => Number(r.getAttribute('data-step'))),
    focused: document.activeElement && document.activeElement.hasAttribute('data-step') ? Number(document.activeElement.getAttribute('data-step')) : null,
    inside: sr !== null && sr.top >= lr.top - 0.5 && sr.bottom <= lr.bottom + 0.5,
    scrolls: list.scrollHeight > list.clientHeight,
    text: sel.length ? sel[0].textContent : null,
  };
})()";

#[test]
fn the_step_list_follows_the_step_and_chooses_by_keyboard_and_click_keeping_the_board_in_view() {
    let transcript: Value = serde_yaml::from_str(&pages().read("game.yaml")).unwrap();
    let want = expected(&transcript);
    let n = want.len();
    let tab = open("game.html");
    tab.window(1280, 900, false).unwrap();
    let list = eval(&tab, LIST);
    assert_eq!(list["role"], "listbox");
    assert_eq!(list["options"], n);
    assert_eq!(list["rows"], n);
    assert_eq!(list["scrolls"], true, "a game's list scrolls in its own box: {list}");
    // The list scrolls itself to the current step wherever the step goes.
    for (keys, k) in [("End", n - 1), ("Home", 0), ("PageDown", 10), ("End", n - 1), ("PageUp", n - 11)] {
        key(&tab, keys);
        let list = eval(&tab, LIST);
        assert_eq!(list["selected"], serde_json::json!([k]), "{keys}");
        assert_eq!(list["tabbable"], serde_json::json!([k]), "{keys}: Tab reaches the current row only");
        assert_eq!(list["inside"], true, "{keys}: step {k} lies in the list's view");
        // One numbering: the row, the counter and the event agree.
        assert!(list["text"].as_str().unwrap().starts_with(&format!("{k} ")), "{}", list["text"]);
        check_game_step(&tab, k, n, &want[k]);
    }
    // By keyboard: focus on the current row, then up and down choose.
    eval(&tab, "document.querySelector('#log-list [tabindex=\"0\"]').focus()");
    key(&tab, "ArrowUp");
    check_game_step(&tab, n - 12, n, &want[n - 12]);
    key(&tab, "ArrowUp");
    key(&tab, "ArrowDown");
    key(&tab, "ArrowDown");
    check_game_step(&tab, n - 11, n, &want[n - 11]);
    let list = eval(&tab, LIST);
    assert_eq!(list["focused"], n - 11, "the focus follows the choice: {list}");
    assert_eq!(list["inside"], true);
    // By a click on a row: the board stays in view.
    let k = 7;
    let row = Rect::of(&eval(
        &tab,
        &format!(
            "(() => {{ const r = document.querySelector('#log-list [data-step=\"{k}\"]'); r.scrollIntoView({{block: 'center'}}); \
const b = r.getBoundingClientRect(); return {{left: b.left, top: b.top, right: b.right, bottom: b.bottom}}; }})()"
        ),
    ));
    tab.click((row.left + row.right) / 2.0, (row.top + row.bottom) / 2.0).unwrap();
    check_game_step(&tab, k, n, &want[k]);
    let boards = displayed_boards(&tab);
    assert_eq!(boards.len(), 1);
    let board = Rect::of(&boards[0]);
    let height = eval(&tab, "innerHeight").as_f64().unwrap();
    assert!(board.top < height && board.bottom > 0.0, "the board is in view after the click: {board:?}");
    assert!(row.top >= 0.0 && row.bottom <= height, "the row clicked is in view: {row:?}");
}

#[test]
fn space_plays_and_pauses_at_the_speed_chosen() {
    let tab = open("game.html");
    let n = expected(&serde_yaml::from_str(&pages().read("game.yaml")).unwrap()).len();
    assert_eq!(eval(&tab, "document.getElementById('play').getAttribute('aria-pressed')"), "false");
    eval(
        &tab,
        "(() => { const s = document.getElementById('speed'); s.value = '120'; s.dispatchEvent(new Event('change')); })()",
    );
    key(&tab, "Space");
    assert_eq!(eval(&tab, "document.getElementById('play').getAttribute('aria-pressed')"), "true");
    // Playing: the steps go on by themselves (past step 3: a loaded
    // machine may answer after a few more).
    let started = std::time::Instant::now();
    while eval(&tab, "Number(document.body.getAttribute('data-step'))").as_u64().unwrap() < 3 {
        assert!(started.elapsed().as_secs() < 5, "the page did not play on");
        std::thread::sleep(std::time::Duration::from_millis(10));
    }
    key(&tab, "Space");
    assert_eq!(eval(&tab, "document.getElementById('play').getAttribute('aria-pressed')"), "false");
    let paused = eval(&tab, "document.body.getAttribute('data-step')");
    // Paused: nothing moves over several steps' time.
    std::thread::sleep(std::time::Duration::from_millis(600));
    assert_eq!(eval(&tab, "document.body.getAttribute('data-step')"), paused);
    assert_eq!(eval(&tab, "window.scrollY"), 0, "Space did not scroll the page");
    // Played from near the end, it stops at the last step.
    key(&tab, "End");
    key(&tab, "ArrowLeft");
    key(&tab, "ArrowLeft");
    eval(&tab, "document.getElementById('play').click()");
    wait_for_step(&tab, n - 1);
    std::thread::sleep(std::time::Duration::from_millis(300));
    assert_eq!(eval(&tab, "document.getElementById('play').getAttribute('aria-pressed')"), "false");
}

#[test]
fn a_position_s_bonus_placements_are_stepped_through_in_the_report_s_order() {
    let report = json(&["bonuses", "puzzles/bonus-corner.yaml", "--format", "json"], 0);
    let placements: Vec<&Value> =
        report["classes"].as_array().unwrap().iter().flat_map(|c| c["placements"].as_array().unwrap()).collect();
    // Each placement is a step, then each bonus tile its follow-up
    // describes, on the board it is placed on.
    let tiles: usize = placements.iter().map(|p| p["follow-up"]["tiles"].as_array().map_or(0, Vec::len)).sum();
    assert!(tiles >= 2, "the position's follow-up places bonus tiles: {report}");
    let tab = open("bonuses.html");
    assert_eq!(shown(&tab, 0)["counter"], format!("Step 0 of {}: the position", placements.len() + tiles));
    let before: Vec<String> =
        shown(&tab, 0)["tiles"].as_array().unwrap().iter().map(|t| t.as_str().unwrap().to_string()).collect();
    for (i, p) in placements.iter().enumerate() {
        key(&tab, "ArrowRight");
        let got = shown(&tab, 0);
        assert_eq!(got["lit"], serde_json::json!([cell(&p["at"])]), "placement {}", i + 1);
        assert_eq!(got["scores"], serde_json::json!([p["total"].to_string()]), "placement {}", i + 1);
        let mut want = before.clone();
        want.push(format!("{} {}", cell(&p["at"]), corners(&p["corners"])));
        for (j, t) in p["follow-up"]["tiles"].as_array().into_iter().flatten().enumerate() {
            key(&tab, "ArrowRight");
            let got = shown(&tab, 0);
            let at = format!("placement {}, bonus tile {}", i + 1, j + 1);
            assert!(got["counter"].as_str().unwrap().ends_with(&format!("bonus tile {}", j + 1)), "{at}: {got}");
            // The tile drawn in red where the report places it, with the
            // corners it gives, beside the placement and the tiles before.
            assert_eq!(got["lit"], serde_json::json!([cell(&t["at"])]), "{at}");
            want.push(format!("{} {}", cell(&t["at"]), corners(&t["corners"])));
            want.sort();
            assert_eq!(got["tiles"], serde_json::json!(want), "{at}");
            assert_eq!(got["scores"], serde_json::json!([p["total"].to_string()]), "{at}");
        }
    }
}

/// The two windows the pages are looked at in: a laptop's and a phone's.
const WINDOWS: [(u32, u32, bool); 2] = [(1280, 900, false), (390, 844, true)];

/// Every board of the page as the browser lays it out: its column, its
/// computed display and visibility, where it lies in the window, and the
/// window's size.
const BOARDS: &str = "(() => [...document.querySelectorAll('svg.board')].map(s => {
  const style = getComputedStyle(s);
  const r = s.getBoundingClientRect();
  return {id: s.id, column: s.closest('.column').id, display: style.display, visibility: style.visibility,
    top: r.top, bottom: r.bottom, left: r.left, right: r.right, width: r.width, height: r.height,
    label: s.getAttribute('aria-label')};
}))()";

/// A rectangle in CSS pixels from the window's top left corner.
#[derive(Clone, Copy, Debug)]
struct Rect {
    left: f64,
    top: f64,
    right: f64,
    bottom: f64,
}

impl Rect {
    fn of(v: &Value) -> Rect {
        let f = |k: &str| v[k].as_f64().unwrap_or_else(|| panic!("no {k} in {v}"));
        Rect { left: f("left"), top: f("top"), right: f("right"), bottom: f("bottom") }
    }

    fn within(&self, width: f64, height: f64) -> bool {
        self.left >= -0.5 && self.top >= -0.5 && self.right <= width + 0.5 && self.bottom <= height + 0.5
    }

    fn contains(&self, x: f64, y: f64, margin: f64) -> bool {
        x >= self.left - margin && x <= self.right + margin && y >= self.top - margin && y <= self.bottom + margin
    }
}

/// The boards displayed now, one per column expected: each board that the
/// browser displays (not `display: none`, visible, with a size).
fn displayed_boards(tab: &Tab) -> Vec<Value> {
    let boards = eval(tab, BOARDS);
    boards
        .as_array()
        .unwrap()
        .iter()
        .filter(|b| b["display"] != "none" && b["visibility"] == "visible" && b["width"].as_f64().unwrap() > 0.0)
        .cloned()
        .collect()
}

/// The screenshot's pixels as RGB, row by row, with its width.
fn screenshot_rgb(tab: &Tab) -> (Vec<[u8; 3]>, usize, usize) {
    let png = tab.screenshot().unwrap();
    let decoder = png::Decoder::new(std::io::Cursor::new(png));
    let mut reader = decoder.read_info().unwrap();
    let mut pixels = vec![0; reader.output_buffer_size().unwrap()];
    let info = reader.next_frame(&mut pixels).unwrap();
    let bytes = info.color_type.samples();
    let rgb = pixels[..info.buffer_size()].chunks(bytes).map(|p| [p[0], p[1], p[2]]).collect();
    (rgb, info.width as usize, info.height as usize)
}

/// The red of the border around the placement a step is about (`#c0001a`).
fn is_lit_red(p: [u8; 3]) -> bool {
    p[0].abs_diff(0xc0) <= 12 && p[1] <= 16 && p[2].abs_diff(0x1a) <= 16
}

/// At `step` of the game page, in a window of `width` by `height`: one board
/// is displayed, labelled with the step, on the first screen (at the laptop's
/// size whole and beside the scores), and the screenshot shows the red
/// border where the transcript put the round's last tile, and nowhere else
/// on the board.
fn check_what_the_eye_sees(tab: &Tab, step: usize, want: &Expected, (width, height): (u32, u32), wide: bool) {
    let (w, h) = (f64::from(width), f64::from(height));
    let at = format!("step {step} at {width}x{height}");
    let all = eval(tab, BOARDS);
    let boards = displayed_boards(tab);
    assert_eq!(boards.len(), 1, "{at}: one board displayed of {}: {boards:?}", all.as_array().unwrap().len());
    let board = &boards[0];
    assert!(board["label"].as_str().unwrap().starts_with(&format!("after event {step}")), "{at}: {}", board["label"]);
    let rect = Rect::of(board);
    if wide {
        assert!(rect.within(w, h), "{at}: the board lies on the first screen: {rect:?}");
        let scores = eval(
            tab,
            "(() => { const r = document.querySelector('#c0 table.seats').getBoundingClientRect(); return {left: r.left, top: r.top, right: r.right, bottom: r.bottom}; })()",
        );
        let scores = Rect::of(&scores);
        assert!(scores.within(w, h), "{at}: the scores lie on the first screen: {scores:?}");
        assert!(
            scores.left >= rect.right - 0.5 && scores.top < rect.bottom,
            "{at}: scores {scores:?} beside the board {rect:?}"
        );
    } else {
        // The board's frame starts in the first half of the screen, and
        // the board, which stands in it where its round's tiles go, on it.
        let frame = Rect::of(&eval(
            tab,
            "(() => { const r = document.querySelector('#c0 .scenes').getBoundingClientRect(); return {left: r.left, top: r.top, right: r.right, bottom: r.bottom}; })()",
        ));
        assert!(
            frame.top >= -0.5 && frame.top < h / 2.0,
            "{at}: the board's frame starts in the first half: {frame:?}"
        );
        let shown = (rect.bottom.min(frame.bottom).min(h) - rect.top.max(frame.top)).max(0.0);
        assert!(shown >= 100.0, "{at}: {shown:.0} px of the board on the first screen: {rect:?} in {frame:?}");
    }
    let (pixels, pw, ph) = screenshot_rgb(tab);
    assert_eq!((pw, ph), (width as usize, height as usize), "{at}: the screenshot is of the window");
    // The board as displayed: the part of it its frame shows (a board
    // larger than its frame scrolls in it).
    let frame = Rect::of(&eval(
        tab,
        "(() => { const r = document.querySelector('#c0 .scenes').getBoundingClientRect(); \
return {left: r.left, top: r.top, right: r.right, bottom: r.bottom}; })()",
    ));
    let red: Vec<(f64, f64)> = pixels
        .iter()
        .enumerate()
        .filter(|(_, p)| is_lit_red(**p))
        .map(|(i, _)| ((i % pw) as f64 + 0.5, (i / pw) as f64 + 0.5))
        .filter(|&(x, y)| rect.contains(x, y, 0.0) && frame.contains(x, y, 0.0))
        .collect();
    match &want.last {
        None => {
            assert!(red.is_empty(), "{at}: no tile in red before the round's first placement, {} red pixels", red.len())
        }
        Some(cell) => {
            let tile = eval(
                tab,
                &format!(
                    "(() => {{ const s = [...document.querySelectorAll('svg.board')].find(s => s.id === '{}'); \
const g = s.querySelector('g.placed[data-cell=\"{cell}\"]:not(.off)'); if (!g) return null; \
const r = g.getBoundingClientRect(); return {{left: r.left, top: r.top, right: r.right, bottom: r.bottom}}; }})()",
                    board["id"].as_str().unwrap()
                ),
            );
            assert!(!tile.is_null(), "{at}: the tile at {cell} is on the board displayed");
            let tile = Rect::of(&tile);
            let side = tile.right - tile.left;
            let inside = red.iter().filter(|&&(x, y)| tile.contains(x, y, 3.0)).count();
            let outside = red.len() - inside;
            // The border is four sides of the tile, a few pixels wide.
            assert!(inside as f64 > 2.0 * side, "{at}: {inside} red pixels around the tile at {cell} ({tile:?})");
            assert!(outside <= 4, "{at}: {outside} red pixels elsewhere on the board");
        }
    }
}

#[test]
fn a_game_page_displays_one_board_on_the_first_screen_with_the_red_tile_where_the_transcript_puts_it() {
    let transcript: Value = serde_yaml::from_str(&pages().read("game.yaml")).unwrap();
    let want = expected(&transcript);
    let events = transcript["events"].as_array().unwrap();
    let deals: Vec<usize> = events.iter().enumerate().filter(|(_, e)| e["event"] == "deal").map(|(k, _)| k).collect();
    assert!(deals.len() >= 2, "a game of two rounds: {deals:?}");
    // The start, a step of the first round with tiles down, the second
    // round's deal and a step after it, and the end.
    let first_place = events.iter().position(|e| e["event"] == "place").unwrap();
    let steps = [0, first_place + 3, deals[1], deals[1] + 6, want.len() - 1];
    for (width, height, mobile) in WINDOWS {
        let tab = open("game.html");
        tab.window(width, height, mobile).unwrap();
        for &k in &steps {
            // The page follows its address.
            go(&tab, &format!("#step-{k}"), k);
            eval(&tab, "window.scrollTo(0, 0)");
            check_what_the_eye_sees(&tab, k, &want[k], (width, height), !mobile);
            check_game_step(&tab, k, want.len(), &want[k]);
        }
    }
}

/// Where each column's displayed board lies, and the row of columns: its
/// computed overflow and its scrolled and visible widths.
const ROW: &str = "(() => {
  const seen = (el) => getComputedStyle(el).display !== 'none' && getComputedStyle(el).visibility === 'visible';
  const row = document.querySelector('main.columns');
  const boards = [...document.querySelectorAll('section.column')].map(c => {
    const s = [...c.querySelectorAll('svg.board')].find(seen);
    const r = (s || c).getBoundingClientRect();
    return {column: c.id, board: !!s, left: r.left, top: r.top, right: r.right, bottom: r.bottom};
  });
  return {boards, overflow: getComputedStyle(row).overflowX, scroll: row.scrollWidth, client: row.clientWidth};
})()";

#[test]
fn four_compared_columns_stand_side_by_side_and_more_scroll_sideways_in_one_row() {
    let (width, height) = (1280, 900);
    for (name, readings, wrapped) in [("compare4.html", "R4,R7", false), ("compare12.html", "R4,R7,R9", true)] {
        let scenario = "specs/scenarios/example-f-side-and-corner-bonus.yaml";
        let report = json(&["compare", scenario, "--readings", readings, "--format", "json"], 0);
        let n = report["variants"].as_array().unwrap().len();
        let tab = open(name);
        tab.window(width, height, false).unwrap();
        eval(&tab, "window.scrollTo(0, 0)");
        let row = eval(&tab, ROW);
        let boards = row["boards"].as_array().unwrap();
        assert_eq!(boards.len(), n, "{name}: a column for each of the {n} combinations");
        let first = Rect::of(&boards[0]);
        for b in boards {
            assert_eq!(b["board"], true, "{name}: {} displays a board", b["column"]);
            let r = Rect::of(b);
            assert!(
                (r.top - first.top).abs() <= 4.0,
                "{name}: {} lies in the first one's row: {r:?} {first:?}",
                b["column"]
            );
        }
        if wrapped {
            // More columns than fit: one row, which scrolls sideways.
            assert!(n >= 6, "{name}: {n} columns");
            let overflow = row["overflow"].as_str().unwrap();
            assert!(overflow == "auto" || overflow == "scroll", "{name}: the row's overflow-x is {overflow}");
            assert!(
                row["scroll"].as_f64().unwrap() > row["client"].as_f64().unwrap(),
                "{name}: the row scrolls: {row}"
            );
            let last = Rect::of(&boards[n - 1]);
            assert!(
                last.left > f64::from(width),
                "{name}: the last column lies past the window's right edge: {last:?}"
            );
        } else {
            assert_eq!(n, 4, "{name}: four combinations of R4 and R7");
            for b in boards {
                let r = Rect::of(b);
                assert!(
                    r.left >= -0.5 && r.right <= f64::from(width) + 0.5 && r.top < f64::from(height),
                    "{name}: {} lies within the window: {r:?}",
                    b["column"]
                );
            }
        }
    }
}

/// The corner values of the tiles displayed on the boards, as drawn on the
/// screen: a board draws each tile as a `use` of the page's one drawing of
/// it, whose values are texts of a font size in the drawing's units, so
/// each is that size times the scale of the `use` on the screen.
const DRAWN_DIGITS: &str = "(() => { const sizes = [];
  for (const use of document.querySelectorAll('svg.board g.placed > use.t')) {
    if (use.getBoundingClientRect().width === 0) continue;
    const m = use.getScreenCTM();
    const scale = Math.hypot(m.a, m.b);
    const tile = document.querySelector(use.getAttribute('href'));
    for (const corner of tile.querySelectorAll('use')) {
      const value = document.querySelector(corner.getAttribute('href') + ' text.value');
      if (value) sizes.push(parseFloat(value.getAttribute('font-size')) * scale);
    }
  }
  return {count: sizes.length, smallest: Math.min(...sizes)}; })()";

#[test]
fn a_game_on_a_phone_shows_corner_values_of_11_css_pixels_and_the_board_on_the_first_screen() {
    let (width, height) = (390, 844);
    let transcript: Value = serde_yaml::from_str(&pages().read("short.yaml")).unwrap();
    let last = transcript["events"].as_array().unwrap().len() - 1;
    let tab = open("short.html");
    tab.window(width, height, true).unwrap();
    for k in [0, last / 2, last] {
        go(&tab, &format!("#step-{k}"), k);
        eval(&tab, "window.scrollTo(0, 0)");
        // The corner values of the tiles displayed, as drawn on the screen.
        let digits = eval(&tab, DRAWN_DIGITS);
        if k > 0 {
            assert!(digits["count"].as_u64().unwrap() >= 4, "step {k}: a tile's values displayed: {digits}");
        }
        if digits["count"].as_u64().unwrap() > 0 {
            let smallest = digits["smallest"].as_f64().unwrap();
            assert!(smallest >= 11.0, "step {k} at {width}x{height}: corner values of {smallest:.1} CSS px");
        }
        let boards = displayed_boards(&tab);
        assert_eq!(boards.len(), 1, "step {k}: one board displayed");
        let rect = Rect::of(&boards[0]);
        let frame = Rect::of(&eval(
            &tab,
            "(() => { const r = document.querySelector('#c0 .scenes').getBoundingClientRect(); return {left: r.left, top: r.top, right: r.right, bottom: r.bottom}; })()",
        ));
        assert!(
            rect.top >= -0.5 && rect.top < f64::from(height),
            "step {k}: the board's top on the first screen: {rect:?}"
        );
        // Enough of it shows there to read: the controls do not push it down.
        let shown = frame.bottom.min(rect.bottom).min(f64::from(height)) - rect.top.max(frame.top);
        assert!(shown >= 150.0, "step {k}: {shown:.0} px of the board on the first screen: {rect:?} in {frame:?}");
    }
}

/// Each column's displayed board: its size on the screen and the width of
/// each tile displayed on it (the `use` of the page's drawing of the tile).
const COLUMN_TILES: &str = "(() => {
  const seen = (el) => getComputedStyle(el).display !== 'none' && getComputedStyle(el).visibility === 'visible';
  return [...document.querySelectorAll('section.column')].map(c => {
    const s = [...c.querySelectorAll('svg.board')].find(seen);
    if (!s) return null;
    const r = s.getBoundingClientRect();
    const tiles = [...s.querySelectorAll('g.placed > use.t')].map(u => u.getBoundingClientRect())
      .filter(t => t.width > 0).map(t => t.width);
    return {width: r.width, height: r.height, tiles};
  });
})()";

#[test]
fn compared_columns_draw_their_boards_at_one_scale_though_their_boards_differ_in_extent() {
    for (width, height, mobile) in WINDOWS {
        for name in ["mixed.html", "compare4.html"] {
            let tab = open(name);
            tab.window(width, height, mobile).unwrap();
            let total =
                eval(&tab, "document.querySelectorAll('#log-list [data-step]').length").as_u64().unwrap() as usize;
            let mut differ = 0;
            for k in 0..total {
                go(&tab, &format!("#step-{k}"), k);
                let at = format!("{name} step {k} at {width}x{height}");
                let columns = eval(&tab, COLUMN_TILES);
                let columns = columns.as_array().unwrap();
                assert!(columns.len() >= 2 && columns.iter().all(|c| !c.is_null()), "{at}: a board a column");
                let widths: Vec<f64> = columns
                    .iter()
                    .flat_map(|c| c["tiles"].as_array().unwrap().iter().map(|w| w.as_f64().unwrap()))
                    .collect();
                assert!(widths.len() >= 2 * columns.len(), "{at}: tiles on every board: {columns:?}");
                let (least, most) = widths.iter().fold((f64::MAX, 0.0_f64), |(a, b), &w| (a.min(w), b.max(w)));
                // Every tile of every column the same size on the screen.
                assert!(most - least <= 0.5, "{at}: tiles {least:.1} to {most:.1} CSS px wide: {columns:?}");
                let sizes: Vec<(f64, f64)> =
                    columns.iter().map(|c| (c["width"].as_f64().unwrap(), c["height"].as_f64().unwrap())).collect();
                if sizes
                    .iter()
                    .any(|s| (s.0 - sizes[0].0).abs() > least / 2.0 || (s.1 - sizes[0].1).abs() > least / 2.0)
                {
                    differ += 1;
                }
            }
            if name == "mixed.html" {
                assert!(differ > 0, "{name}: the boards differ in extent at some step");
            }
        }
    }
}

/// The displayed board of the first column, and the tiles displayed on
/// it: their union, and a tile's side, in CSS px.
const BOARD_AND_TILES: &str = "(() => {
  const seen = (el) => getComputedStyle(el).display !== 'none' && getComputedStyle(el).visibility === 'visible';
  const s = [...document.querySelectorAll('#c0 svg.board')].find(seen);
  const r = s.getBoundingClientRect();
  const tiles = [...s.querySelectorAll('g.placed > use.t')].map(u => u.getBoundingClientRect()).filter(t => t.width > 0);
  if (!tiles.length) return {board: {left: r.left, top: r.top, right: r.right, bottom: r.bottom}, tiles: 0};
  return {board: {left: r.left, top: r.top, right: r.right, bottom: r.bottom}, tiles: tiles.length,
    side: tiles[0].width,
    union: {left: Math.min(...tiles.map(t => t.left)), top: Math.min(...tiles.map(t => t.top)),
      right: Math.max(...tiles.map(t => t.right)), bottom: Math.max(...tiles.map(t => t.bottom))}};
})()";

#[test]
fn a_round_s_board_is_sized_to_the_tiles_played_so_far_not_to_the_whole_round() {
    let transcript: Value = serde_yaml::from_str(&pages().read("game.yaml")).unwrap();
    let want = expected(&transcript);
    for (width, height, mobile) in WINDOWS {
        let tab = open("game.html");
        tab.window(width, height, mobile).unwrap();
        let mut checked = 0;
        for (k, w) in want.iter().enumerate() {
            if w.tiles.is_empty() {
                continue;
            }
            go(&tab, &format!("#step-{k}"), k);
            let at = format!("step {k} at {width}x{height}");
            let got = eval(&tab, BOARD_AND_TILES);
            assert_eq!(got["tiles"].as_u64().unwrap() as usize, w.tiles.len(), "{at}: {got}");
            let (board, tiles, c) = (Rect::of(&got["board"]), Rect::of(&got["union"]), got["side"].as_f64().unwrap());
            // One rim cell of open cells around the tiles, then the
            // labels' and the legend's margins, under a cell each; to the
            // right at most the legend's width.
            let gaps = [tiles.left - board.left, tiles.top - board.top, board.bottom - tiles.bottom];
            for (side, gap) in ["left", "top", "bottom"].iter().zip(gaps) {
                assert!(gap >= c - 1.0 && gap <= 1.75 * c, "{at}: {gap:.0} px {side} of the tiles, a cell {c:.0}");
            }
            let right = board.right - tiles.right;
            assert!(
                right >= c - 1.0 && (right <= 1.75 * c || board.right - board.left <= 5.0 * c),
                "{at}: {right:.0} px right of the tiles, a cell {c:.0}, the board {board:?}"
            );
            checked += 1;
        }
        assert!(checked > 20, "{checked} steps with tiles");
    }
}

#[test]
fn a_long_game_s_page_under_1_mb_steps_to_its_late_steps_as_its_transcript_says() {
    let html = std::fs::metadata(pages().path("long.html")).unwrap().len();
    assert!(html < 1_000_000, "{html} bytes");
    let transcript: Value = serde_yaml::from_str(&pages().read("long.yaml")).unwrap();
    let want = expected(&transcript);
    let n = want.len();
    assert!(n > 1500, "{n} events");
    let tab = open("long.html");
    // The last round's steps, reached by the address, by End and by the
    // keys back from it.
    let deals = deals("long.yaml");
    assert!(deals.len() > 10, "{} rounds", deals.len());
    for k in [n / 2, deals[deals.len() - 1] + 1, n - 20] {
        go(&tab, &format!("#step-{k}"), k);
        check_game_step(&tab, k, n, &want[k]);
    }
    key(&tab, "End");
    check_game_step(&tab, n - 1, n, &want[n - 1]);
    for k in (n - 6..n - 1).rev() {
        key(&tab, "ArrowLeft");
        check_game_step(&tab, k, n, &want[k]);
    }
}

#[test]
fn the_catalogue_s_tiles_keep_their_whole_outline_inside_their_board_and_the_window() {
    // Each tile's outline as drawn: its square grown by half its stroke's
    // width on the screen, on every side.
    const OUTLINES: &str = "(() => [...document.querySelectorAll('article.class svg')].flatMap(s => {
      const b = s.getBoundingClientRect();
      return [...s.querySelectorAll('g.tile > rect[stroke-width]')].map(e => {
        const r = e.getBoundingClientRect();
        const half = Number(e.getAttribute('stroke-width')) * e.getScreenCTM().a / 2;
        return {id: e.parentNode.id, board: {left: b.left, top: b.top, right: b.right, bottom: b.bottom},
          outline: {left: r.left - half, top: r.top - half, right: r.right + half, bottom: r.bottom + half}};
      });
    }))()";
    for (width, height, mobile) in WINDOWS {
        let tab = open("catalogue.html");
        tab.window(width, height, mobile).unwrap();
        let outlines = eval(&tab, OUTLINES);
        let outlines = outlines.as_array().unwrap();
        assert!(outlines.len() > 100, "{width}x{height}: {} tiles", outlines.len());
        let mut at_edge = 0;
        for o in outlines {
            let (board, line) = (Rect::of(&o["board"]), Rect::of(&o["outline"]));
            let at = format!("{width}x{height}, {}", o["id"]);
            assert!(
                line.left >= board.left - 0.01
                    && line.top >= board.top - 0.01
                    && line.right <= board.right + 0.01
                    && line.bottom <= board.bottom + 0.01,
                "{at}: the outline {line:?} reaches out of its board {board:?}"
            );
            assert!(line.left >= 0.0 && line.right <= f64::from(width), "{at}: the outline {line:?} leaves the window");
            // A tile on the board's rim, where an outline would be cut.
            if line.left - board.left < 3.0 || board.right - line.right < 3.0 || line.top - board.top < 3.0 {
                at_edge += 1;
            }
        }
        assert!(at_edge > 0, "{width}x{height}: some tiles stand on their board's rim");
    }
}

#[test]
fn the_puzzle_page_s_words_stand_right_beside_or_below_its_board() {
    // The board stands in its frame, which is as large as the answer's
    // whole board: the panel of words beside the frame on a laptop, the
    // hand and the words right under it on a phone.
    const PLACES: &str = "(() => {
      const seen = (el) => getComputedStyle(el).display !== 'none' && getComputedStyle(el).visibility === 'visible';
      const r = (el) => { const b = el.getBoundingClientRect(); return {left: b.left, top: b.top, right: b.right, bottom: b.bottom}; };
      return {board: r([...document.querySelectorAll('#c0 svg.board')].find(seen)),
        frame: r(document.querySelector('#c0 .scenes')), side: r(document.querySelector('#c0 .side')),
        hands: r(document.getElementById('c0-hands')), words: r(document.getElementById('c0-words'))};
    })()";
    for (width, height, mobile) in WINDOWS {
        let tab = open("puzzle.html");
        tab.window(width, height, mobile).unwrap();
        let total = eval(&tab, "document.querySelectorAll('#log-list [data-step]').length").as_u64().unwrap() as usize;
        for k in 0..total {
            go(&tab, &format!("#step-{k}"), k);
            let got = eval(&tab, PLACES);
            let (board, frame) = (Rect::of(&got["board"]), Rect::of(&got["frame"]));
            let at = format!("step {k} at {width}x{height}: the board {board:?} in {frame:?}, {got}");
            assert!(
                board.left >= frame.left - 0.5
                    && board.right <= frame.right + 0.5
                    && board.top >= frame.top - 0.5
                    && board.bottom <= frame.bottom + 0.5,
                "{at}: the board inside its frame"
            );
            if mobile {
                let (hands, words) = (Rect::of(&got["hands"]), Rect::of(&got["words"]));
                let gap = hands.top - frame.bottom;
                assert!((0.0..=40.0).contains(&gap), "{at}: {gap:.0} px between the board and the hand");
                assert!(words.top - hands.bottom <= 40.0, "{at}: the words under the hand");
            } else {
                // Beside it, level with its top, a column's gap away.
                let side = Rect::of(&got["side"]);
                let gap = side.left - frame.right;
                assert!((0.0..=40.0).contains(&gap), "{at}: {gap:.0} px between them");
                assert!(side.top < frame.top + 60.0, "{at}");
            }
        }
    }
}

// What a reader of a long game or a dispute meets: the list keeps the
// current step, the board stands still within a round, a step's row is one
// line, tile names never break, the bonus page's hand follows its board,
// a dispute's outcomes come first and mark what differs, and a step costs
// as much at the end of a long game as at its start.

/// The list's current row as displayed: wholly inside the list's visible
/// box and below the round heading stuck at its top, and, where its middle
/// is inside the window, the element there (nothing covers it).
const CURRENT_ROW: &str = "(() => {
  const list = document.getElementById('log-list');
  const row = list.querySelector('[aria-selected=true]');
  const lr = list.getBoundingClientRect();
  const top = lr.top + list.clientTop;
  const bottom = top + list.clientHeight;
  const r = row.getBoundingClientRect();
  const heads = [...list.querySelectorAll('.round-head')].map(h => h.getBoundingClientRect())
    .filter(h => h.bottom > top + 0.5 && h.top < bottom && h.top <= top + 0.5);
  const under = heads.length ? Math.max(...heads.map(h => h.bottom)) : top;
  const x = (r.left + r.right) / 2, y = (r.top + r.bottom) / 2;
  const onScreen = y >= 0 && y <= innerHeight && x >= 0 && x <= innerWidth;
  const at = onScreen ? document.elementFromPoint(x, y) : null;
  return {step: Number(row.getAttribute('data-step')), top: r.top, bottom: r.bottom, box: [under, bottom],
    inside: r.top >= under - 0.5 && r.bottom <= bottom + 0.5, onScreen,
    uncovered: !onScreen || (at !== null && row.contains(at))};
})()";

fn current_row_in_view(tab: &Tab, k: usize, at: &str) {
    let row = eval(tab, CURRENT_ROW);
    assert_eq!(row["step"], k, "{at}: the list's current row");
    assert_eq!(row["inside"], true, "{at}: the current row wholly inside the list's view: {row}");
    assert_eq!(row["uncovered"], true, "{at}: nothing covers the current row: {row}");
}

/// A small deterministic generator for the random steps (the same steps
/// at every run, so that a failure is reproduced).
struct Lcg(u64);

impl Lcg {
    fn below(&mut self, n: usize) -> usize {
        self.0 = self.0.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
        ((self.0 >> 33) % n as u64) as usize
    }
}

#[test]
fn the_long_game_s_list_keeps_the_current_row_in_view_over_random_steps_and_every_page_down() {
    let n = expected(&serde_yaml::from_str(&pages().read("long.yaml")).unwrap()).len();
    let tab = open("long.html");
    tab.window(1280, 900, false).unwrap();
    // The list in the window, as a reader scrolls the page to it; the steps
    // never scroll the page itself.
    eval(&tab, "document.getElementById('log-list').scrollIntoView({block: 'end'})");
    let scrolled = eval(&tab, "scrollY");
    let mut rng = Lcg(62);
    let mut k = 0;
    for i in 0..100 {
        // A key and how far it goes (End: to the last step), or an address.
        let keys = [("ArrowRight", 1), ("ArrowLeft", -1), ("PageDown", 10), ("PageUp", -10), ("End", n as i64)];
        match keys.get(rng.below(keys.len() + 1)) {
            Some(&(name, by)) => {
                key(&tab, name);
                k = (k as i64 + by).clamp(0, n as i64 - 1) as usize;
            }
            None => {
                k = rng.below(n);
                go(&tab, &format!("#step-{k}"), k);
            }
        }
        wait_for_step(&tab, k);
        current_row_in_view(&tab, k, &format!("random step {i}, step {k}"));
    }
    assert_eq!(eval(&tab, "scrollY"), scrolled, "the steps did not scroll the page");
    key(&tab, "Home");
    k = 0;
    current_row_in_view(&tab, 0, "Home");
    let mut presses = 0;
    while k < n - 1 {
        key(&tab, "PageDown");
        presses += 1;
        k = (k + 10).min(n - 1);
        wait_for_step(&tab, k);
        current_row_in_view(&tab, k, &format!("Page Down to step {k}"));
    }
    assert!(presses > 150, "{presses} presses of Page Down");
    key(&tab, "Home");
    key(&tab, "End");
    current_row_in_view(&tab, n - 1, "End");
}

/// Where the side panel, the board's frame, the counter and the words
/// stand, and how wide a displayed tile is drawn.
const STEADY: &str = "(() => {
  const seen = (el) => getComputedStyle(el).display !== 'none';
  const side = document.querySelector('#c0 .side').getBoundingClientRect();
  const frame = document.querySelector('#c0 .scenes').getBoundingClientRect();
  const s = [...document.querySelectorAll('#c0 svg.board')].find(seen);
  const tile = s ? [...s.querySelectorAll('g.placed > use.t')].map(u => u.getBoundingClientRect()).find(t => t.width > 0) : null;
  return {side: [side.left, side.top], frame: [frame.left, frame.top, frame.width, frame.height],
    tile: tile ? tile.width : null, counter: document.getElementById('counter').getBoundingClientRect().height,
    words: document.getElementById('c0-words').getBoundingClientRect().height};
})()";

#[test]
fn across_a_round_s_steps_the_panel_and_the_board_stay_put_and_tiles_never_shrink_then_grow_back() {
    let transcript: Value = serde_yaml::from_str(&pages().read("long.yaml")).unwrap();
    let events = transcript["events"].as_array().unwrap();
    let tab = open("long.html");
    tab.window(1280, 900, false).unwrap();
    eval(&tab, "window.scrollTo(0, 0)");
    // A step after the window's change, so that the page has laid out in
    // it, then back to the start.
    key(&tab, "ArrowRight");
    key(&tab, "Home");
    let mut rounds: Vec<(usize, Vec<Value>)> = Vec::new();
    let mut counter = None;
    for (k, e) in events.iter().enumerate() {
        if k > 0 {
            key(&tab, "ArrowRight");
        }
        let s = eval(&tab, STEADY);
        let height = s["counter"].as_f64().unwrap();
        assert_eq!(*counter.get_or_insert(height), height, "step {k}: the counter keeps its height");
        if e["event"] == "deal" || rounds.is_empty() {
            rounds.push((k, Vec::new()));
        }
        rounds.last_mut().unwrap().1.push(s);
    }
    assert!(rounds.len() >= 10, "{} rounds", rounds.len());
    let mut most = 0.0_f64;
    for (start, round) in &rounds {
        let first = &round[0];
        for (i, s) in round.iter().enumerate() {
            let at = format!("step {} (the round from step {start})", start + i);
            for (a, b) in s["side"].as_array().unwrap().iter().zip(first["side"].as_array().unwrap()) {
                let moved = (a.as_f64().unwrap() - b.as_f64().unwrap()).abs();
                most = most.max(moved);
                assert!(moved <= 2.0, "{at}: the side panel moved {moved:.1} px: {s} against {first}");
            }
            assert_eq!(s["frame"], first["frame"], "{at}: the board's frame moved or changed size");
            assert_eq!(s["words"], first["words"], "{at}: the words changed height");
        }
        // The tile size: never smaller, then larger again.
        let sizes: Vec<f64> = round.iter().filter_map(|s| s["tile"].as_f64()).collect();
        assert!(!sizes.is_empty(), "the round from step {start} places tiles");
        for (i, a) in sizes.iter().enumerate() {
            for (j, b) in sizes.iter().enumerate().skip(i) {
                let regrown = sizes[j..].iter().cloned().fold(0.0, f64::max);
                assert!(
                    !(*b < a - 0.5 && regrown > b + 0.5),
                    "the round from step {start}: tiles {a:.1}, then {b:.1} at its step {j}, then {regrown:.1} CSS px"
                );
            }
        }
    }
    eprintln!("the side panel moved at most {most:.1} px within a round");
}

#[test]
fn a_step_s_row_fits_one_line_at_1280_px_under_its_round_s_heading() {
    const ROWS: &str = "(() => {
      const list = document.getElementById('log-list');
      const rows = [...list.querySelectorAll('[data-step]')];
      const line = parseFloat(getComputedStyle(rows[0]).lineHeight);
      return {line, rows: rows.map(r => ({step: Number(r.getAttribute('data-step')), height: r.getBoundingClientRect().height,
        clipped: r.scrollWidth > r.clientWidth + 0.5,
        head: r.parentNode.querySelector('.round-head') ? r.parentNode.querySelector('.round-head').textContent : null,
        first: r.parentNode.querySelector('[data-step]') === r}))};
    })()";
    for name in ["long.html", "compare12.html", "parting.html", "puzzle.html", "bonuses.html"] {
        let tab = open(name);
        tab.window(1280, 900, false).unwrap();
        let got = eval(&tab, ROWS);
        let line = got["line"].as_f64().unwrap();
        let rows = got["rows"].as_array().unwrap();
        assert!(!rows.is_empty(), "{name}");
        for r in rows {
            let h = r["height"].as_f64().unwrap();
            assert!(h <= line * 1.5, "{name}: step {}'s row is {h:.0} px high, a line {line:.0}: {r}", r["step"]);
            assert_eq!(r["clipped"], false, "{name}: step {}'s row is cut short: {r}", r["step"]);
        }
        if name == "long.html" {
            // Each round's rows under its heading, the deal first.
            let transcript: Value = serde_yaml::from_str(&pages().read("long.yaml")).unwrap();
            for (k, e) in transcript["events"].as_array().unwrap().iter().enumerate() {
                let r = &rows[k];
                assert_eq!(r["step"], k);
                assert_eq!(r["first"], e["event"] == "deal", "step {k}: a round's first row is its deal");
                if e["event"] == "deal" {
                    assert_eq!(r["head"], format!("Round {}", e["round"]), "step {k}");
                }
            }
        }
    }
}

#[test]
fn shift_page_down_and_up_go_to_the_next_round_and_back_to_the_round_s_start() {
    let deals = deals("long.yaml");
    let tab = open("long.html");
    tab.window(1280, 900, false).unwrap();
    key(&tab, "Home");
    for &d in &deals[1..] {
        tab.key_with("PageDown", 8).unwrap();
        wait_for_step(&tab, d);
        current_row_in_view(&tab, d, &format!("the round from step {d}"));
    }
    // Past the last round's start nothing moves; back from inside a round
    // goes to its start, from a start to the round before's.
    let last = deals[deals.len() - 1];
    tab.key_with("PageDown", 8).unwrap();
    wait_for_step(&tab, last);
    key(&tab, "ArrowRight");
    key(&tab, "ArrowRight");
    wait_for_step(&tab, last + 2);
    tab.key_with("PageUp", 8).unwrap();
    wait_for_step(&tab, last);
    tab.key_with("PageUp", 8).unwrap();
    wait_for_step(&tab, deals[deals.len() - 2]);
    // The buttons do the same.
    eval(&tab, "document.getElementById('next-round').click()");
    wait_for_step(&tab, last);
    eval(&tab, "document.getElementById('prev-round').click()");
    wait_for_step(&tab, deals[deals.len() - 2]);
}

#[test]
fn each_step_says_who_moves_next_and_what_each_score_changed_by() {
    let transcript: Value = serde_yaml::from_str(&pages().read("game.yaml")).unwrap();
    let events = transcript["events"].as_array().unwrap();
    let moves = ["place", "bonus-points", "bonus-tiles", "draw", "pass"];
    let tab = open("game.html");
    let mut draws = 0;
    for (k, e) in events.iter().enumerate() {
        if k > 0 {
            key(&tab, "ArrowRight");
        }
        let got = eval(
            &tab,
            "({status: document.getElementById('c0-status').textContent, \
changes: [...document.querySelectorAll('#c0 tbody .change')].map(c => c.textContent), \
marked: [...document.querySelectorAll('#c0 tbody tr')].map(r => getComputedStyle(r.querySelector('th'), '::before').content)})",
        );
        let next = events.get(k + 1).filter(|n| moves.contains(&n["event"].as_str().unwrap()));
        let status = got["status"].as_str().unwrap();
        match next {
            Some(n) => {
                let seat = n["seat"].as_u64().unwrap() as usize;
                assert!(status.ends_with(&format!("seat {seat} to move")), "step {k}: {status}");
                // The row of the seat to move is marked, and no other.
                for (r, m) in got["marked"].as_array().unwrap().iter().enumerate() {
                    assert_eq!(m != "none" && m != "normal", r == seat, "step {k}, row {r}: {m}");
                }
            }
            None => assert!(!status.contains("to move"), "step {k}: {status}"),
        }
        let totals: Vec<i64> = e["totals"].as_array().unwrap().iter().map(|t| t.as_i64().unwrap()).collect();
        let before: Option<Vec<i64>> = k
            .checked_sub(1)
            .map(|b| events[b]["totals"].as_array().unwrap().iter().map(|t| t.as_i64().unwrap()).collect());
        for (r, change) in got["changes"].as_array().unwrap().iter().enumerate() {
            let want = match &before {
                Some(b) if b[r] != totals[r] => format!("{:+}", totals[r] - b[r]),
                _ => String::new(),
            };
            assert_eq!(change, &want, "step {k}, seat {r}'s change");
        }
        if e["event"] == "draw" {
            draws += 1;
            let seat = e["seat"].as_u64().unwrap() as usize;
            assert_eq!(got["changes"][seat], format!("{:+}", e["score"]), "step {k}: a draw's cost");
        }
    }
    assert!(draws > 0, "the game draws");
}

/// Every tile name displayed on the page, each as the browser lays out its
/// text: the name and on how many lines its characters stand.
const TILE_NAMES: &str = "(() => {
  const out = [];
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  const re = /\\b\\d-\\d-\\d-\\d\\b/g;
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const el = node.parentElement;
    if (!el || el.closest('script, style, svg, noscript')) continue;
    let m;
    while ((m = re.exec(node.data)) !== null) {
      const range = document.createRange();
      range.setStart(node, m.index);
      range.setEnd(node, m.index + m[0].length);
      const rects = [...range.getClientRects()].filter(r => r.width > 0);
      if (!rects.length) continue;
      const tops = new Set(rects.map(r => Math.round(r.top)));
      out.push({name: m[0], lines: tops.size, where: el.className || el.tagName});
    }
  }
  return out;
})()";

#[test]
fn tile_names_never_wrap_in_hands_words_lists_the_catalogue_or_a_sheet() {
    // A sheet of two puzzles, for its printed hands.
    let sheet = pages().path("sheet.html");
    if !sheet.exists() {
        common::run_ok(
            &[
                "render",
                "--html",
                sheet.to_str().unwrap(),
                "puzzles/book/english-turn-easy-a.yaml",
                "puzzles/book/english-seq2-medium.yaml",
            ],
            0,
        );
    }
    for (width, height, mobile) in WINDOWS {
        for (name, steps) in [
            ("long.html", &[0, 1, 40, 700, 1549][..]),
            ("game.html", &[0, 1, 2, 30][..]),
            ("compare12.html", &[0, 1][..]),
            ("bonuses.html", &[0, 1, 2][..]),
            ("puzzle.html", &[0, 1][..]),
            ("catalogue.html", &[][..]),
            ("sheet.html", &[][..]),
        ] {
            let tab = open(name);
            tab.window(width, height, mobile).unwrap();
            let mut seen = 0;
            let checks: Vec<Option<usize>> =
                if steps.is_empty() { vec![None] } else { steps.iter().map(|&k| Some(k)).collect() };
            for k in checks {
                if let Some(k) = k {
                    go(&tab, &format!("#step-{k}"), k);
                }
                let names = eval(&tab, TILE_NAMES);
                for t in names.as_array().unwrap() {
                    assert_eq!(t["lines"], 1, "{name} at {width}x{height}, step {k:?}: {t}");
                    seen += 1;
                }
            }
            assert!(seen > 3, "{name} at {width}x{height}: {seen} tile names displayed");
        }
    }
}

#[test]
fn the_bonus_page_s_hand_matches_its_board_at_every_step() {
    let report = json(&["bonuses", "puzzles/bonus-corner.yaml", "--format", "json"], 0);
    let position: Value = serde_yaml::from_str(
        &std::fs::read_to_string(std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("puzzles/bonus-corner.yaml"))
            .unwrap(),
    )
    .unwrap();
    let hand: Vec<String> = position["hand"].as_array().unwrap().iter().map(|t| t.as_str().unwrap().into()).collect();
    let tab = open("bonuses.html");
    let shown_hand = |tab: &Tab| -> (Vec<String>, usize) {
        let got = eval(
            tab,
            "({tiles: [...document.querySelectorAll('#c0-r0-tiles .tn')].map(t => t.textContent), \
board: [...document.querySelectorAll('#c0 svg.board')].filter(s => getComputedStyle(s).display !== 'none')[0]\
.querySelectorAll('g.placed:not(.off)').length, count: document.getElementById('c0-r0-count').textContent})",
        );
        let tiles: Vec<String> = got["tiles"].as_array().unwrap().iter().map(|t| t.as_str().unwrap().into()).collect();
        let count = got["count"].as_str().unwrap();
        assert_eq!(count, format!("{} tile{}", tiles.len(), if tiles.len() == 1 { "" } else { "s" }));
        (tiles, got["board"].as_u64().unwrap() as usize)
    };
    let (first, on_board) = shown_hand(&tab);
    assert_eq!(first, hand, "the position's hand");
    let mut steps = 0;
    for c in report["classes"].as_array().unwrap() {
        for p in c["placements"].as_array().unwrap() {
            let mut left = hand.clone();
            let take = |t: &str, left: &mut Vec<String>| {
                let i = left.iter().position(|h| h == t).unwrap_or_else(|| panic!("{t} is not in {left:?}"));
                left.remove(i);
            };
            take(p["tile"].as_str().unwrap(), &mut left);
            key(&tab, "ArrowRight");
            steps += 1;
            let (tiles, board) = shown_hand(&tab);
            assert_eq!(tiles, left, "placement {}", p["tile"]);
            assert_eq!(board + tiles.len(), on_board + hand.len(), "every tile is on the board or in the hand");
            for t in p["follow-up"]["tiles"].as_array().into_iter().flatten() {
                take(t["tile"].as_str().unwrap(), &mut left);
                key(&tab, "ArrowRight");
                steps += 1;
                let (tiles, board) = shown_hand(&tab);
                assert_eq!(tiles, left, "bonus tile {}: the hand lists no tile already placed", t["tile"]);
                assert_eq!(board + tiles.len(), on_board + hand.len(), "bonus tile {}", t["tile"]);
            }
        }
    }
    assert!(steps >= 3, "{steps} steps");
}

/// The table of outcomes as displayed: each row's cells, their text and
/// whether each is marked (a background of its own), and where the table
/// lies.
const OUTCOMES: &str = "(() => {
  const t = document.getElementById('outcomes');
  const plain = getComputedStyle(document.body).backgroundColor;
  const rows = [...t.querySelectorAll('tbody tr')].map(tr => {
    const r = tr.getBoundingClientRect();
    return {variant: tr.querySelector('th').textContent, top: r.top, bottom: r.bottom, left: r.left, right: r.right,
      cells: [...tr.querySelectorAll('td')].map(td => {
        const bg = getComputedStyle(td).backgroundColor;
        return {text: td.textContent, marked: bg !== 'rgba(0, 0, 0, 0)' && bg !== plain};
      })};
  });
  return {rows, fields: [...t.querySelectorAll('thead th')].map(th => th.textContent)};
})()";

#[test]
fn the_twelve_column_dispute_shows_its_outcomes_on_the_first_screen_and_marks_only_the_fields_that_differ() {
    let scenario = "specs/scenarios/example-f-side-and-corner-bonus.yaml";
    let report = json(&["compare", scenario, "--readings", "R4,R7,R9", "--format", "json"], 0);
    let variants: Vec<&str> = report["variants"].as_array().unwrap().iter().map(|v| v.as_str().unwrap()).collect();
    assert_eq!(variants.len(), 12);
    let tab = open("compare12.html");
    tab.window(1280, 900, false).unwrap();
    eval(&tab, "window.scrollTo(0, 0)");
    let got = eval(&tab, OUTCOMES);
    assert_eq!(got["fields"], serde_json::json!(["variant", "verdict", "points", "events", "then", "totals"]));
    let rows = got["rows"].as_array().unwrap();
    assert_eq!(rows.len(), 12);
    for (r, v) in rows.iter().zip(&variants) {
        assert_eq!(r["variant"], *v);
        let rect = Rect::of(r);
        assert!(rect.within(1280.0, 900.0), "{v}'s outcome row lies on the first screen: {rect:?}");
    }
    // Each column as wide and as tall as its board needs: no board
    // scrolls in a frame of its own (the row of columns scrolls instead).
    let frames = eval(
        &tab,
        "[...document.querySelectorAll('section.column .scenes')].map(f => [f.scrollWidth - f.clientWidth, \
f.scrollHeight - f.clientHeight])",
    );
    for (c, f) in frames.as_array().unwrap().iter().enumerate() {
        assert!(f[0].as_f64().unwrap() <= 1.0 && f[1].as_f64().unwrap() <= 1.0, "column {c}'s board scrolls: {f}");
    }
    // At the first difference, the fields as the report gives them.
    let difference = &report["differences"][0];
    let action = difference["action"].as_u64().unwrap() as usize;
    wait_for_step(&tab, action);
    for side in difference["sides"].as_array().unwrap() {
        let c = variants.iter().position(|v| *v == side["variant"]).unwrap();
        let cells = &rows[c]["cells"];
        assert_eq!(cells[0]["text"], side["verdict"], "{}", side["variant"]);
        assert_eq!(cells[1]["text"], format!("{:+}", side["score"].as_i64().unwrap()), "{}", side["variant"]);
        let events: Vec<&str> = side["events"].as_array().unwrap().iter().map(|e| e.as_str().unwrap()).collect();
        assert_eq!(cells[2]["text"], events.join(", "), "{}", side["variant"]);
        assert_eq!(cells[3]["text"], side["phase"], "{}", side["variant"]);
        let totals: Vec<String> = side["scores"].as_array().unwrap().iter().map(|s| s.to_string()).collect();
        assert_eq!(cells[4]["text"], totals.join(", "), "{}", side["variant"]);
    }
    // At every step, each field marked exactly where it differs from the
    // baseline's.
    let total = eval(&tab, "document.querySelectorAll('#log-list [data-step]').length").as_u64().unwrap() as usize;
    let mut marks = 0;
    for k in 0..total {
        go(&tab, &format!("#step-{k}"), k);
        let got = eval(&tab, OUTCOMES);
        let rows = got["rows"].as_array().unwrap();
        for (c, row) in rows.iter().enumerate() {
            for (f, cell) in row["cells"].as_array().unwrap().iter().enumerate() {
                let base = &rows[0]["cells"][f];
                let differs = c > 0 && cell["text"] != base["text"];
                assert_eq!(cell["marked"], differs, "step {k}, {}, field {f}: {cell} against {base}", row["variant"]);
                marks += usize::from(differs);
            }
        }
    }
    assert!(marks > 11, "{marks} fields marked");
}

#[test]
fn on_a_phone_two_compared_columns_stand_side_by_side() {
    // Each column's board in its frame, as much of it as the frame shows.
    const FRAMES: &str = "[...document.querySelectorAll('section.column .scenes')].map(f => { \
const b = f.getBoundingClientRect(); return {left: b.left, top: b.top, right: b.right, bottom: b.bottom}; })";
    for name in ["compare4.html", "compare12.html"] {
        let tab = open(name);
        tab.window(390, 844, true).unwrap();
        let frames = eval(&tab, FRAMES);
        let (a, b) = (Rect::of(&frames[0]), Rect::of(&frames[1]));
        assert!((a.top - b.top).abs() <= 0.5, "{name}: the first two boards side by side: {a:?} {b:?}");
        assert!(
            a.left >= -0.5 && b.right <= 390.5 && a.right <= b.left + 0.5 && a.right - a.left >= 140.0,
            "{name}: both boards within the window: {a:?} {b:?}"
        );
        // The tiles of both drawn at one size, the boards level: the tile
        // drawn in red at the same height in both.
        let lit = eval(
            &tab,
            "[...document.querySelectorAll('section.column')].slice(0, 2).map(c => { \
const g = [...c.querySelectorAll('svg.board g.placed.lit')].find(g => g.getBoundingClientRect().width > 0); \
const r = g.getBoundingClientRect(); return {top: r.top, width: r.width}; })",
        );
        let (x, y) = (&lit[0], &lit[1]);
        let close = |k: &str| (x[k].as_f64().unwrap() - y[k].as_f64().unwrap()).abs() <= 0.5;
        assert!(close("top") && close("width"), "{name}: the red tiles {lit}");
    }
}

/// Each column's note and words as displayed.
const COLUMN_WORDS: &str = "(() => [...document.querySelectorAll('section.column')].map((c, i) => {
  const note = document.getElementById(`c${i}-note`);
  const words = document.getElementById(`c${i}-words`);
  const plain = getComputedStyle(document.body).backgroundColor;
  const bg = getComputedStyle(words).backgroundColor;
  return {marked: getComputedStyle(note).display !== 'none' && bg !== 'rgba(0, 0, 0, 0)' && bg !== plain,
    note: getComputedStyle(note).display !== 'none' ? note.textContent : '',
    lines: [...document.querySelectorAll(`#c${i}-lines p`)].map(p => p.textContent)};
}))()";

/// The outcome a column's words tell: the verdict line, a refusal whatever
/// its reason, and the kind of each event line.
fn told(lines: &Value) -> String {
    let lines: Vec<&str> = lines.as_array().unwrap().iter().map(|l| l.as_str().unwrap()).collect();
    let Some(verdict) = lines.get(1) else { return "the start".into() };
    let verdict = if verdict.starts_with("refused") { "refused" } else { verdict };
    let kinds: Vec<&str> = lines[2..]
        .iter()
        .map(|l| {
            if l.contains(" places ") {
                if l.contains("; a bonus") { "place+bonus" } else { "place" }
            } else if l.contains("takes the 25") {
                "bonus-points"
            } else if l.contains("two bonus tiles") {
                "bonus-tiles"
            } else if l.contains(" draws ") {
                "draw"
            } else if l.contains("passes") {
                "pass"
            } else if l.starts_with("the round ends") {
                "round-end"
            } else if l.starts_with("seat ") {
                "a seat's change at the round's end"
            } else {
                l
            }
        })
        .collect();
    format!("{verdict} / {}", kinds.join(", "))
}

#[test]
fn a_variant_is_marked_where_it_first_parts_and_where_its_own_outcome_parts_again_not_for_totals_alone() {
    use common::pages::{PARTING, PARTING_VARIANTS};
    // A scenario whose later actions differ in the running totals only, and
    // one where a variant's own outcome parts again at later actions.
    const AGAIN: &str = "specs/scenarios/e14-no-going-out-on-a-first-bonus-tile.yaml";
    let again_page = pages().path("again.html");
    if !again_page.exists() {
        common::run_ok(&["compare", AGAIN, "--variants", PARTING_VARIANTS, "--html", again_page.to_str().unwrap()], 0);
    }
    let (mut again, mut totals_only) = (0, 0);
    for (scenario, name) in [(PARTING, "parting.html"), (AGAIN, "again.html")] {
        let report = json(&["compare", scenario, "--variants", PARTING_VARIANTS, "--format", "json"], 0);
        let variants: Vec<&str> = report["variants"].as_array().unwrap().iter().map(|v| v.as_str().unwrap()).collect();
        let mut listed: Vec<Vec<usize>> = vec![Vec::new(); variants.len()];
        for p in report["parting"].as_array().unwrap() {
            let c = variants.iter().position(|v| *v == p["variant"]).unwrap();
            listed[c] = p["actions"].as_array().unwrap().iter().map(|a| a.as_u64().unwrap() as usize).collect();
        }
        let tab = open(name);
        let total = eval(&tab, "document.querySelectorAll('#log-list [data-step]').length").as_u64().unwrap() as usize;
        for k in 0..total {
            go(&tab, &format!("#step-{k}"), k);
            let columns = eval(&tab, COLUMN_WORDS);
            let columns = columns.as_array().unwrap();
            let outcomes = eval(&tab, OUTCOMES);
            let base = told(&columns[0]["lines"]);
            let mut any = false;
            for (c, got) in columns.iter().enumerate().skip(1) {
                let at = format!("{name} step {k}, {}", variants[c]);
                let first = listed[c].first().copied();
                let parts = told(&got["lines"]) != base;
                let want = Some(k) == first || (first.is_some_and(|f| k > f) && parts);
                assert_eq!(got["marked"], want, "{at}: {} against {base}", told(&got["lines"]));
                if want {
                    assert!(listed[c].contains(&k), "{at}: marked where the report lists no parting");
                    if Some(k) != first {
                        again += 1;
                        assert!(got["note"].as_str().unwrap().contains("again"), "{at}: {}", got["note"]);
                    }
                } else if listed[c].contains(&k) {
                    // The report lists it for the running totals only: the
                    // totals field is marked, the action's own are not.
                    totals_only += 1;
                    let cells = &outcomes["rows"][c]["cells"];
                    assert_eq!(cells[4]["marked"], true, "{at}: the totals differ: {cells}");
                    for f in 0..4 {
                        assert_eq!(cells[f]["marked"], false, "{at}: field {f}: {cells}");
                    }
                }
                any |= want;
            }
            assert_eq!(columns[0]["marked"], any, "{name} step {k}: the baseline marked where another parts");
        }
    }
    assert!(again > 0, "a variant's own outcome parts again after its first difference");
    assert!(totals_only > 0, "an action that differs only in the totals is not marked");
}

/// The steps where each round of a transcript starts.
fn deals(yaml: &str) -> Vec<usize> {
    let transcript: Value = serde_yaml::from_str(&pages().read(yaml)).unwrap();
    let events = transcript["events"].as_array().unwrap();
    events.iter().enumerate().filter(|(_, e)| e["event"] == "deal").map(|(k, _)| k).collect()
}

#[test]
fn a_step_near_the_end_of_the_long_game_costs_what_a_step_near_its_start_or_in_a_short_game_costs() {
    // Twelve steps from the sixth of the long game's first round, of its
    // last round, and of a 2-round game's first round: the same part of a
    // round, in games of 1551 steps and of about 100.
    let long = deals("long.yaml");
    let short = deals("game.yaml");
    let n = expected(&serde_yaml::from_str(&pages().read("long.yaml")).unwrap()).len();
    let (early, late, small) = (long[0] + 5, long[long.len() - 1] + 5, short[0] + 5);
    assert!(long[1] > early + 14 && n > late + 14 && short[1] > small + 14, "{long:?} {short:?}");
    let big = open("long.html");
    big.window(1280, 900, false).unwrap();
    let little = open("game.html");
    little.window(1280, 900, false).unwrap();
    // A step as the reader's key makes it: its handler, then the style and
    // layout it leaves for the next frame; timed in the page's own clock,
    // and as the renderer's main-thread time for the script, the style and
    // the layout (DevTools' Performance metrics, CPU time, which a loaded
    // machine's waits do not inflate).
    const STEP: &str = "(() => { const t = performance.now(); \
document.dispatchEvent(new KeyboardEvent('keydown', {key: 'ArrowRight', bubbles: true})); \
document.body.getBoundingClientRect(); return performance.now() - t; })()";
    let mut clock: [Vec<f64>; 3] = Default::default();
    let mut cpu: [Vec<(f64, f64)>; 3] = Default::default();
    for _ in 0..5 {
        for (i, (tab, from)) in [(&big, early), (&big, late), (&little, small)].into_iter().enumerate() {
            go(tab, &format!("#step-{from}"), from);
            let before = tab.main_thread_ms().unwrap();
            for _ in 0..12 {
                clock[i].push(eval(tab, STEP).as_f64().unwrap());
            }
            let after = tab.main_thread_ms().unwrap();
            cpu[i].push(((after.0 - before.0) / 12.0, (after.1 - before.1) / 12.0));
        }
    }
    let median = |mut v: Vec<f64>| {
        v.sort_by(f64::total_cmp);
        v[v.len() / 2]
    };
    let [start, end, short] = clock.map(median);
    let [(s0, l0), (s1, l1), (s2, l2)] =
        cpu.map(|v| (median(v.iter().map(|c| c.0).collect()), median(v.iter().map(|c| c.1).collect())));
    eprintln!(
        "a step, medians: {start:.2} ms in the page's clock near the long game's start ({s0:.2} ms of script, \
{l0:.2} of style and layout), {end:.2} ms near its end ({s1:.2}, {l1:.2}), {short:.2} ms in a game of 102 steps \
({s2:.2}, {l2:.2})"
    );
    let (early, late, small) = (s0 + l0, s1 + l1, s2 + l2);
    assert!(late <= 1.5 * early.max(0.2), "{late:.2} ms a step near the end against {early:.2} ms near the start");
    assert!(
        early <= 1.5 * small.max(0.2),
        "{early:.2} ms a step of the long game against {small:.2} ms of a short one"
    );
    assert!(end <= 1.5 * start.max(0.5), "{end:.2} ms in the page's clock near the end against {start:.2} ms");
}

#[test]
fn axis_labels_stay_in_view_as_a_large_board_scrolls_and_read_at_11_px() {
    const LABELS: &str = "(() => {
      const frame = document.querySelector('#c0 .scenes');
      const f = frame.getBoundingClientRect();
      const seen = (sel) => [...document.querySelectorAll(sel)].map(s => ({r: s.getBoundingClientRect(),
        size: parseFloat(getComputedStyle(s).fontSize)})).filter(s => s.r.width > 0 && s.r.left >= f.left - 0.5
        && s.r.right <= f.right + 0.5 && s.r.top >= f.top - 0.5 && s.r.bottom <= f.bottom + 0.5);
      const x = seen('#c0 .ruler.x span'), y = seen('#c0 .ruler.y span');
      return {x: x.length, y: y.length, smallest: Math.min(...x.concat(y).map(s => s.size)),
        scrolls: frame.scrollWidth > frame.clientWidth + 1 || frame.scrollHeight > frame.clientHeight + 1,
        scale: Number(document.body.getAttribute('data-scale'))};
    })()";
    let transcript: Value = serde_yaml::from_str(&pages().read("long.yaml")).unwrap();
    let n = transcript["events"].as_array().unwrap().len();
    let tab = open("long.html");
    tab.window(1280, 900, false).unwrap();
    let mut scrolled = 0;
    for k in [200, n / 2, n - 2] {
        go(&tab, &format!("#step-{k}"), k);
        // The frame scrolled to each of its corners, as a reader drags it.
        for (left, top) in [(0, 0), (1_000_000, 1_000_000), (1_000_000, 0), (0, 1_000_000)] {
            eval(
                &tab,
                &format!(
                    "(() => {{ const f = document.querySelector('#c0 .scenes'); f.scrollLeft = {left}; f.scrollTop = {top}; \
f.dispatchEvent(new Event('scroll')); }})()"
                ),
            );
            let got = eval(&tab, LABELS);
            let at = format!("step {k}, scrolled to ({left}, {top})");
            assert!(got["x"].as_u64().unwrap() >= 2 && got["y"].as_u64().unwrap() >= 2, "{at}: labels in view: {got}");
            assert!(got["smallest"].as_f64().unwrap() >= 11.0, "{at}: {got}");
            scrolled += usize::from(got["scrolls"] == true);
        }
    }
    assert!(scrolled > 0, "some board is larger than its frame");
}

#[test]
fn a_clause_link_leaves_its_entry_s_heading_below_the_sticky_controls() {
    for (width, height, mobile) in WINDOWS {
        let tab = open("game.html");
        tab.window(width, height, mobile).unwrap();
        go(&tab, "#step-20", 20);
        eval(&tab, "document.querySelector('#c0-clauses a').click()");
        let got = eval(
            &tab,
            "(() => { const h = document.getElementById(location.hash.slice(1)).querySelector('h3').getBoundingClientRect(); \
const bar = document.querySelector('.controls').getBoundingClientRect(); return {heading: h.top, bar: bar.bottom, at: location.hash}; })()",
        );
        let (heading, bar) = (got["heading"].as_f64().unwrap(), got["bar"].as_f64().unwrap());
        assert!(heading >= bar - 0.5 && heading < f64::from(height) / 2.0, "{width}x{height}: {got}");
    }
}

#[test]
fn a_page_s_title_names_its_file_not_the_folders_it_was_read_from() {
    for (name, file) in [("long.html", "long.yaml"), ("game.html", "game.yaml"), ("short.html", "short.yaml")] {
        let tab = open(name);
        let title = eval(&tab, "document.title");
        let title = title.as_str().unwrap();
        assert!(pages().path(file).is_absolute(), "the page was written from an absolute path");
        assert!(title.starts_with(&format!("{file}: a game")) && !title.contains('/'), "{name}: {title}");
    }
    let tab = open("puzzle.html");
    assert!(eval(&tab, "document.title").as_str().unwrap().starts_with("bonus-corner.yaml: "));
}

#[test]
fn on_a_phone_the_controls_stay_small_and_the_scores_show_on_the_first_screen() {
    const PLACES: &str = "(() => { const r = (el) => { const b = el.getBoundingClientRect(); \
return {left: b.left, top: b.top, right: b.right, bottom: b.bottom}; }; \
return {bar: r(document.querySelector('.controls')), scores: r(document.querySelector('#c0 table.seats')), \
width: document.documentElement.scrollWidth}; })()";
    let (width, height) = (390, 844);
    for name in ["long.html", "short.html"] {
        let tab = open(name);
        tab.window(width, height, true).unwrap();
        let n = eval(&tab, "document.querySelectorAll('#log-list [data-step]').length").as_u64().unwrap() as usize;
        for k in [0, 5, n / 2, n - 1] {
            go(&tab, &format!("#step-{k}"), k);
            eval(&tab, "window.scrollTo(0, 0)");
            let got = eval(&tab, PLACES);
            let bar = Rect::of(&got["bar"]);
            assert!(bar.bottom - bar.top <= 120.0, "{name} step {k}: the controls take {:.0} px", bar.bottom - bar.top);
            let scores = Rect::of(&got["scores"]);
            assert!(scores.within(f64::from(width), f64::from(height)), "{name} step {k}: the scores {scores:?}");
            assert!(got["width"].as_f64().unwrap() <= f64::from(width), "{name}: the page is no wider than the phone");
            // Scrolled down, the controls stick at the top and stay small.
            eval(&tab, "window.scrollTo(0, 400)");
            let bar = Rect::of(&eval(&tab, PLACES)["bar"]);
            assert!(bar.top.abs() <= 0.5 && bar.bottom <= 120.0, "{name} step {k}: {bar:?}");
        }
    }
}
