//! The page of `impact --html` and the chart of `impact --svg` in a real
//! browser: Debian's chromium, headless, driven over the DevTools protocol
//! as `tests/pages/browser.rs` drives it. What is checked is what is displayed:
//! one bar per value, in the report's order, each as long on the axis as
//! the rate the JSON report gives and its interval line spanning the
//! interval; every label displayed whole inside the window; the bars
//! visible in light and dark; and the link to a game where the winner
//! changed, which opens the two games side by side at the first action
//! where they part.
//!
//! Without chromium these tests fail, saying to run `.ci/setup`: a page
//! untested in a browser is not called tested.

#[allow(dead_code)]
use crate::cdp;
use crate::common;

use std::path::PathBuf;
use std::sync::OnceLock;

use serde_json::Value;

use cdp::{Tab, browser};
use common::{json, run_ok};

/// The measurement every test looks at: three readings, one other value
/// each, some changing winners, under the English rules.
const ARGS: [&str; 8] = ["impact", "--readings", "R4,R7,R22", "--games", "30", "--players", "4", "--threads"];

struct Written {
    dir: PathBuf,
    report: Value,
}

fn written() -> &'static Written {
    static WRITTEN: OnceLock<Written> = OnceLock::new();
    WRITTEN.get_or_init(|| {
        let dir = tempfile::tempdir_in(env!("CARGO_TARGET_TMPDIR")).unwrap().keep();
        let html = dir.join("impact.html");
        let svg = dir.join("impact.svg");
        let mut args = ARGS.to_vec();
        args.push("2");
        let mut page = args.clone();
        page.extend(["--html", html.to_str().unwrap(), "--svg", svg.to_str().unwrap()]);
        let text = run_ok(&page, 0);
        assert!(text.contains("winner changed"), "the table is printed beside the page: {text}");
        args.extend(["--format", "json"]);
        Written { report: json(&args, 0), dir }
    })
}

fn open(file: &str) -> Tab<'static> {
    let tab = browser().open(&format!("file://{}", written().dir.join(file).display())).unwrap();
    tab.window(1280, 900, false).unwrap();
    tab
}

/// Each bar of the chart `selector` as displayed: its label's text and box,
/// the bar's box, the interval line's box, the figure's text; the ticks'
/// texts and positions; and the window's width.
const BARS: &str = "((selector) => {
  const shown = (el) => { const s = getComputedStyle(el); const r = el.getBoundingClientRect();
    return s.display !== 'none' && s.visibility === 'visible' && r.width + r.height > 0; };
  const box = (el) => { const r = el.getBoundingClientRect();
    return {left: r.left, right: r.right, top: r.top, bottom: r.bottom, width: r.width, height: r.height}; };
  const svg = document.querySelector(selector);
  return {
    width: innerWidth,
    svg: box(svg),
    ticks: [...svg.querySelectorAll('text.tick')].filter(shown).map(t => ({text: t.textContent, x: box(t).left + box(t).width / 2})),
    bars: [...svg.querySelectorAll('g.arm')].map(g => ({
      label: g.querySelector('text.label').textContent,
      labelShown: shown(g.querySelector('text.label')),
      labelBox: box(g.querySelector('text.label')),
      bar: box(g.querySelector('rect.bar')),
      barFill: getComputedStyle(g.querySelector('rect.bar')).fill,
      interval: box(g.querySelector('path.interval')),
      intervalShown: shown(g.querySelector('path.interval')),
      figure: g.querySelector('text.figure').textContent,
    })),
    background: getComputedStyle(document.body || document.documentElement).backgroundColor,
  };
})";

fn num(v: &Value) -> f64 {
    v.as_f64().unwrap_or_else(|| panic!("not a number: {v}"))
}

/// The bars as displayed, checked against the report: one per value in
/// its order, each bar's length and its interval's ends where the axis
/// puts the report's rate, low and high.
fn check_bars(shown: &Value) {
    let report = &written().report;
    let lines: Vec<&Value> = report["readings"].as_array().unwrap().iter().collect();
    let bars = shown["bars"].as_array().unwrap();
    assert_eq!(bars.len(), lines.len(), "{shown}");
    // The axis as displayed: the 0% tick and the last tick, read from
    // their text.
    let ticks = shown["ticks"].as_array().unwrap();
    assert_eq!(ticks[0]["text"], "0%", "{shown}");
    let last = ticks.last().unwrap();
    let top: f64 = last["text"].as_str().unwrap().trim_end_matches('%').parse::<f64>().unwrap() / 100.0;
    let (x0, x1) = (num(&ticks[0]["x"]), num(&last["x"]));
    assert!(x1 - x0 > 200.0, "the axis is {} px long: {shown}", x1 - x0);
    let at = |rate: f64| x0 + rate / top * (x1 - x0);
    for (bar, line) in bars.iter().zip(&lines) {
        let label = format!(
            "{} {} = {}",
            line["reading"].as_str().unwrap(),
            line["name"].as_str().unwrap(),
            line["value"].as_str().unwrap()
        );
        assert_eq!(bar["label"], label.as_str(), "the bars in the report's order");
        assert_eq!(bar["labelShown"], true, "{bar}");
        // Every label whole inside the window.
        assert!(
            num(&bar["labelBox"]["left"]) >= 0.0 && num(&bar["labelBox"]["right"]) <= num(&shown["width"]),
            "{bar}"
        );
        let f = &line["figures"]["winner-changed"];
        let (rate, low, high) = (num(&f["rate"]), num(&f["low"]), num(&f["high"]));
        assert!(high <= top, "the axis ends at {top}, below the interval's {high}");
        let b = &bar["bar"];
        assert!((num(&b["left"]) - x0).abs() < 1.5, "the bar starts at 0%: {bar}");
        assert!(
            (num(&b["right"]) - at(rate)).abs() < 1.5,
            "{label}: its bar ends at {} for a rate of {rate} (at {}): {bar}",
            b["right"],
            at(rate)
        );
        let i = &bar["interval"];
        assert_eq!(bar["intervalShown"], true, "{bar}");
        assert!(
            (num(&i["left"]) - at(low)).abs() < 2.0,
            "{label}: its interval starts at {} for {low}: {bar}",
            i["left"]
        );
        assert!(
            (num(&i["right"]) - at(high)).abs() < 2.0,
            "{label}: its interval ends at {} for {high}: {bar}",
            i["right"]
        );
        // The figure beside the bar is the report's in words.
        let words = bar["figure"].as_str().unwrap();
        if num(&f["count"]) == 0.0 {
            assert!(words.starts_with("0 (under "), "{words}");
        } else {
            assert!(words.starts_with(&format!("{}%", ((rate * 1000.0).round() / 10.0))), "{words} for {rate}");
        }
    }
}

#[test]
fn the_page_s_bars_are_as_long_as_the_rates_with_their_intervals_in_light_and_dark() {
    let tab = open("impact.html");
    for scheme in ["light", "dark"] {
        tab.emulate("screen", scheme).unwrap();
        let shown = tab.eval(&format!("{BARS}('#winner-chart svg')")).unwrap();
        check_bars(&shown);
        // The bars stand out from the page in either scheme.
        for bar in shown["bars"].as_array().unwrap() {
            assert_ne!(bar["barFill"], shown["background"], "{scheme}: {bar}");
        }
    }
    // Something changed a winner in 30 games, so the chart is not all
    // zeros: at least one bar has length.
    let shown = tab.eval(&format!("{BARS}('#winner-chart svg')")).unwrap();
    assert!(shown["bars"].as_array().unwrap().iter().any(|b| num(&b["bar"]["width"]) > 10.0), "{shown}");
}

#[test]
fn the_svg_alone_draws_the_same_bars() {
    let tab = open("impact.svg");
    let shown = tab.eval(&format!("{BARS}('svg')")).unwrap();
    check_bars(&shown);
}

#[test]
fn a_game_link_opens_the_two_games_side_by_side_where_they_first_part() {
    let tab = open("impact.html");
    let line = written().report["readings"]
        .as_array()
        .unwrap()
        .iter()
        .find(|l| l["counts"]["example-seed"].is_u64())
        .expect("some value changed a winner in 30 games")
        .clone();
    let seed = line["counts"]["example-seed"].as_u64().unwrap();
    let label = format!(
        "{} {} = {}",
        line["reading"].as_str().unwrap(),
        line["name"].as_str().unwrap(),
        line["value"].as_str().unwrap()
    );
    let words = format!("{label}: the game of seed {seed}");
    // The link as displayed, clicked where it is.
    let link = tab
        .eval(&format!(
            "(() => {{ const a = [...document.querySelectorAll('a')].find(a => a.textContent === {words:?});
              a.scrollIntoView(); const r = a.getBoundingClientRect();
              return {{x: r.left + r.width / 2, y: r.top + r.height / 2, href: a.getAttribute('href')}}; }})()"
        ))
        .unwrap();
    let href = link["href"].as_str().unwrap().to_string();
    let step: usize = href.rsplit("#step-").next().unwrap().parse().unwrap();
    assert!(step > 0, "{href}");
    tab.click(num(&link["x"]), num(&link["y"])).unwrap();
    let started = std::time::Instant::now();
    let shown = loop {
        let now = tab
            .eval(
                "(() => { const c = document.getElementById('counter');
                  return {path: location.pathname, step: document.body.getAttribute('data-step'),
                    counter: c && c.textContent, title: document.querySelector('h1') && document.querySelector('h1').textContent,
                    notes: [...document.querySelectorAll('.note')].filter(n => !n.hidden).map(n => n.textContent),
                    headings: [...document.querySelectorAll('.column h2')].map(h => h.textContent)}; })()",
            )
            .unwrap_or(Value::Null);
        if now["step"].as_str() == Some(&step.to_string()) {
            break now;
        }
        assert!(started.elapsed().as_secs() < 10, "the game's page did not open at step {step}: {now}");
        std::thread::sleep(std::time::Duration::from_millis(20));
    };
    assert!(shown["path"].as_str().unwrap().ends_with(href.split('#').next().unwrap()), "{shown}");
    assert!(shown["counter"].as_str().unwrap().starts_with(&format!("Step {step} of")), "{shown}");
    assert!(shown["title"].as_str().unwrap().contains(&format!("the game of seed {seed}")), "{shown}");
    let variant = written().report["variant"].as_str().unwrap();
    let headings = shown["headings"].as_array().unwrap();
    assert_eq!(headings[0], variant);
    assert_eq!(
        headings[1],
        format!("{variant}+{}={}", line["reading"].as_str().unwrap(), line["value"].as_str().unwrap())
    );
    let notes: Vec<&str> = shown["notes"].as_array().unwrap().iter().map(|n| n.as_str().unwrap()).collect();
    assert!(notes.contains(&"Here this variant first parts from the baseline."), "{shown}");
}
