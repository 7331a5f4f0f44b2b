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

#[path = "common/cdp.rs"]
mod cdp;
mod common;

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
    assert!(counter.starts_with(&format!("Step {k} of 0–{}: after event {k},", n - 1)), "{counter}");
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
    assert_eq!(first["counter"], format!("Step 0 of 0–{}: the position", plays.len()));
    assert_eq!(first["lit"], serde_json::json!([]));
    assert_eq!(first["scores"], serde_json::json!(["0"]));
    let mut total = 0;
    for (i, p) in plays.iter().enumerate() {
        key(&tab, "ArrowRight");
        let got = shown(&tab, 0);
        total += p["points"].as_i64().unwrap() + if p["choice"] == "points" { 25 } else { 0 };
        assert_eq!(got["counter"], format!("Step {} of 0–{}: after play {}", i + 1, plays.len(), i + 1));
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
    assert_eq!(eval(&tab, "location.hash"), "#step-6");
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
    assert_eq!(eval(&tab, "location.hash"), "#step-21");
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
    assert_eq!(eval(&tab, "location.hash"), "#step-1");
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
        assert!(list["text"].as_str().unwrap().starts_with(&format!("{k} after event {k},")), "{}", list["text"]);
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
    wait_for_step(&tab, 3);
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
    assert_eq!(shown(&tab, 0)["counter"], format!("Step 0 of 0–{}: the position", placements.len() + tiles));
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
        assert!(
            rect.top >= -0.5 && rect.top < h / 2.0,
            "{at}: the board starts in the first half of the screen: {rect:?}"
        );
    }
    let (pixels, pw, ph) = screenshot_rgb(tab);
    assert_eq!((pw, ph), (width as usize, height as usize), "{at}: the screenshot is of the window");
    let red: Vec<(f64, f64)> = pixels
        .iter()
        .enumerate()
        .filter(|(_, p)| is_lit_red(**p))
        .map(|(i, _)| ((i % pw) as f64 + 0.5, (i / pw) as f64 + 0.5))
        .filter(|&(x, y)| rect.contains(x, y, 0.0))
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

/// Whether the step list's row for the step shown, and each column's words,
/// are marked as the eye sees them: a thick left border on the row, and on
/// the column a note displayed over the words' coloured background.
const MARKS: &str = "(() => {
  const seen = (el) => !!el && getComputedStyle(el).display !== 'none' && getComputedStyle(el).visibility === 'visible'
    && el.getBoundingClientRect().height > 0;
  const k = document.body.getAttribute('data-step');
  const li = document.querySelector(`#log-list [data-step=\"${k}\"]`);
  const ls = getComputedStyle(li);
  const plain = getComputedStyle(document.body).backgroundColor;
  return {
    row: seen(li) && ls.borderLeftStyle !== 'none' && parseFloat(ls.borderLeftWidth) >= 3,
    columns: [...document.querySelectorAll('section.column')].map((c, i) => {
      const words = document.getElementById(`c${i}-words`);
      const note = document.getElementById(`c${i}-note`);
      const bg = getComputedStyle(words).backgroundColor;
      return {
        marked: seen(note) && bg !== 'rgba(0, 0, 0, 0)' && bg !== plain,
        note: seen(note) ? note.textContent : '',
        verdict: (document.querySelectorAll(`#c${i}-lines p`)[1] || {}).textContent || '',
        scores: [...c.querySelectorAll('tbody .score')].map(s => s.textContent).join(' '),
      };
    }),
  };
})()";

/// A step's outcome as a column shows it, in the terms the comparison
/// compares: a refusal (whatever its reason), else the points and phase,
/// with the totals.
fn outcome(column: &Value) -> String {
    let verdict = column["verdict"].as_str().unwrap();
    let verdict = if verdict.starts_with("refused") { "refused" } else { verdict };
    format!("{verdict} / {}", column["scores"].as_str().unwrap())
}

#[test]
fn every_step_where_a_variant_parts_from_the_baseline_is_marked_and_no_other() {
    use common::pages::{PARTING, PARTING_VARIANTS};
    let report = json(&["compare", PARTING, "--variants", PARTING_VARIANTS, "--format", "json"], 0);
    let variants: Vec<&str> = report["variants"].as_array().unwrap().iter().map(|v| v.as_str().unwrap()).collect();
    // Where each variant first parts, by the comparison: before it, it
    // agrees with the baseline.
    let mut first: Vec<Option<usize>> = vec![None; variants.len()];
    for d in report["differences"].as_array().unwrap() {
        for s in d["sides"].as_array().unwrap().iter().skip(1) {
            let c = variants.iter().position(|v| *v == s["variant"]).unwrap();
            first[c] = Some(d["action"].as_u64().unwrap() as usize);
        }
    }
    assert!(first.iter().any(Option::is_some), "{PARTING}: some variant parts: {report}");
    // Every action where each variant parts, as the report lists them.
    let mut listed: Vec<Vec<usize>> = vec![Vec::new(); variants.len()];
    for p in report["parting"].as_array().unwrap() {
        let c = variants.iter().position(|v| *v == p["variant"]).unwrap();
        listed[c] = p["actions"].as_array().unwrap().iter().map(|a| a.as_u64().unwrap() as usize).collect();
        assert_eq!(listed[c].first().copied(), first[c], "{}: the first listed is the first difference", variants[c]);
    }
    let tab = open("parting.html");
    let total = eval(&tab, "document.querySelectorAll('#log-list [data-step]').length").as_u64().unwrap() as usize;
    key(&tab, "Home");
    let (mut later, mut unmarked) = (0, 0);
    for k in 0..total {
        if k > 0 {
            key(&tab, "ArrowRight");
        }
        wait_for_step(&tab, k);
        let marks = eval(&tab, MARKS);
        let columns = marks["columns"].as_array().unwrap();
        let mut any = false;
        for (c, got) in columns.iter().enumerate().skip(1) {
            let want = match first[c] {
                Some(f) if k == f => true,
                Some(f) if k > f => outcome(got) != outcome(&columns[0]),
                _ => false,
            };
            let marked = got["marked"].as_bool().unwrap();
            assert_eq!(marked, listed[c].contains(&k), "step {k}, {}: marked as the report lists", variants[c]);
            assert_eq!(
                marked, want,
                "step {k}, {}: marked {marked}, the outcome parts {want}: {got} / {}",
                variants[c], columns[0]
            );
            if Some(k) == first[c] {
                assert!(got["note"].as_str().unwrap().contains("first parts"), "step {k}, column {c}: {got}");
            } else if want {
                later += 1;
            }
            any |= want;
        }
        assert_eq!(columns[0]["marked"], any, "step {k}: the baseline marked where another parts: {}", columns[0]);
        assert_eq!(marks["row"], any, "step {k}: the step list's row marked where a variant parts");
        unmarked += usize::from(!any);
    }
    assert!(later > 0, "{PARTING}: a variant parts again after its first difference");
    assert!(unmarked > 1, "{PARTING}: steps where all agree are left unmarked");
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
    let deals: Vec<usize> = transcript["events"]
        .as_array()
        .unwrap()
        .iter()
        .enumerate()
        .filter(|(_, e)| e["event"] == "deal")
        .map(|(k, _)| k)
        .collect();
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
    const PLACES: &str = "(() => {
      const seen = (el) => getComputedStyle(el).display !== 'none' && getComputedStyle(el).visibility === 'visible';
      const s = [...document.querySelectorAll('#c0 svg.board')].find(seen).getBoundingClientRect();
      const w = document.querySelector('#c0-lines p').getBoundingClientRect();
      return {board: {left: s.left, top: s.top, right: s.right, bottom: s.bottom},
        words: {left: w.left, top: w.top, right: w.right, bottom: w.bottom}};
    })()";
    for (width, height, mobile) in WINDOWS {
        let tab = open("puzzle.html");
        tab.window(width, height, mobile).unwrap();
        let total = eval(&tab, "document.querySelectorAll('#log-list [data-step]').length").as_u64().unwrap() as usize;
        for k in 0..total {
            go(&tab, &format!("#step-{k}"), k);
            let got = eval(&tab, PLACES);
            let (board, words) = (Rect::of(&got["board"]), Rect::of(&got["words"]));
            let at = format!("step {k} at {width}x{height}: the board {board:?}, the words {words:?}");
            if mobile {
                let gap = words.top - board.bottom;
                assert!((0.0..=40.0).contains(&gap), "{at}: {gap:.0} px between them");
            } else {
                // Beside it, level with its top, a column's gap away.
                let gap = words.left - board.right;
                assert!((0.0..=40.0).contains(&gap), "{at}: {gap:.0} px between them");
                assert!(words.top < board.top + 60.0, "{at}");
            }
        }
    }
}
