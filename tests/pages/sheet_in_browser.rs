//! The puzzle sheet (`render --html FILE PUZZLE…`) in a real browser:
//! Debian's chromium, headless, driven over the DevTools protocol as
//! `tests/pages/browser.rs` drives it. What is checked is what the browser
//! displays and prints (positions, computed styles, a screenshot, the pages
//! of a PDF), not the markup: the first screen holds puzzles and no
//! solution, printed the solutions start on a page of their own, two
//! puzzles to a page, black on white, no control printed.
//!
//! Without chromium these tests fail, saying to run `.ci/setup`: a page
//! untested in a browser is not called tested.

// The sheet is not stepped through: the client's keys and clicks go unused.
#[allow(dead_code)]
use crate::cdp;
use crate::common;

use std::path::PathBuf;
use std::sync::OnceLock;

use serde_json::Value;

use cdp::{Tab, browser};
use common::run_ok;

/// Five small puzzles of the book: fills of two cells, a best turn and a
/// best sequence, English and Serbian rules.
const PUZZLES: [&str; 5] = [
    "puzzles/book/english-fill-count-2x1.yaml",
    "puzzles/book/english-turn-easy-a.yaml",
    "puzzles/book/english-seq2-easy.yaml",
    "puzzles/book/serbian-fill-weight-2x1.yaml",
    "puzzles/book/serbian-fill-count-2x1.yaml",
];

/// Pages of puzzles, then of solutions: two to a page each (the sheet's
/// print layout), the solutions from a new page.
const PRINTED_PAGES: usize = PUZZLES.len().div_ceil(2) + PUZZLES.len().div_ceil(2);

/// The sheet of [`PUZZLES`], written once for every test.
fn sheet() -> &'static PathBuf {
    static SHEET: OnceLock<PathBuf> = OnceLock::new();
    SHEET.get_or_init(|| {
        let dir = tempfile::tempdir_in(env!("CARGO_TARGET_TMPDIR")).unwrap().keep();
        let path = dir.join("sheet.html");
        let mut args = vec!["render", "--html", path.to_str().unwrap()];
        args.extend(PUZZLES);
        run_ok(&args, 0);
        path
    })
}

fn open_sheet() -> Tab<'static> {
    let tab = browser().open(&format!("file://{}", sheet().display())).unwrap();
    tab.window(1280, 900, false).unwrap();
    tab
}

/// Where things are, as displayed: each puzzle's and each solution's box
/// (CSS pixels from the top of the document), the solutions heading's, the
/// window's height, the displayed boards' sizes, the solutions' computed
/// `break-before`, the body's colours, and the controls displayed.
const LAYOUT: &str = "(() => {
  const shown = (el) => getComputedStyle(el).display !== 'none' && getComputedStyle(el).visibility === 'visible';
  const box = (el) => { const r = el.getBoundingClientRect();
    return {top: r.top + scrollY, bottom: r.bottom + scrollY, left: r.left, right: r.right, width: r.width, height: r.height}; };
  const heading = [...document.querySelectorAll('h2')].find(h => h.textContent.trim() === 'Solutions');
  const section = heading.closest('section');
  const puzzles = [...document.querySelectorAll('article')].filter(a => !section.contains(a));
  const solutions = [...section.querySelectorAll('article')];
  return {
    height: innerHeight,
    width: innerWidth,
    puzzles: puzzles.filter(shown).map(box),
    solutions: solutions.filter(shown).map(box),
    heading: box(heading),
    breakBefore: getComputedStyle(section).breakBefore,
    boards: [...document.querySelectorAll('article svg')].filter(shown).map(box),
    color: getComputedStyle(document.body).color,
    background: getComputedStyle(document.body).backgroundColor,
    controls: [...document.querySelectorAll('button, input, select, textarea')].filter(shown).length,
  };
})()";

fn layout(tab: &Tab) -> Value {
    tab.eval(LAYOUT).unwrap()
}

fn num(v: &Value) -> f64 {
    v.as_f64().unwrap_or_else(|| panic!("not a number: {v}"))
}

#[test]
fn the_first_screen_shows_puzzles_and_no_solution() {
    let tab = open_sheet();
    tab.emulate("screen", "light").unwrap();
    let l = layout(&tab);
    let puzzles = l["puzzles"].as_array().unwrap();
    let solutions = l["solutions"].as_array().unwrap();
    assert_eq!((puzzles.len(), solutions.len()), (PUZZLES.len(), PUZZLES.len()), "{l}");
    let height = num(&l["height"]);
    assert_eq!(height, 900.0);
    // The first puzzle is on the first screen; every solution, and the
    // solutions' heading, below the last puzzle and below the first screen.
    assert!(num(&puzzles[0]["top"]) < height, "{l}");
    let last_puzzle = num(&puzzles[PUZZLES.len() - 1]["bottom"]);
    let heading = num(&l["heading"]["top"]);
    assert!(heading >= last_puzzle, "the solutions' heading at {heading}, above the last puzzle's foot {last_puzzle}");
    assert!(heading >= height, "the solutions' heading at {heading}, on the first screen of {height}");
    for s in solutions {
        assert!(num(&s["top"]) >= last_puzzle.max(height), "a solution on the first screen: {s}");
    }
    // Every board is displayed whole across the window.
    let boards = l["boards"].as_array().unwrap();
    assert_eq!(boards.len(), 2 * PUZZLES.len(), "a board per puzzle and per solution: {l}");
    for b in boards {
        assert!(num(&b["width"]) > 100.0 && num(&b["right"]) <= num(&l["width"]), "{b}");
    }
    // A screenshot of the puzzle half: the first screen, the board's shades
    // and text in many colours, not a blank page.
    let png = tab.screenshot().unwrap();
    std::fs::write(PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("sheet-puzzles.png"), &png).unwrap();
    let decoder = png::Decoder::new(std::io::Cursor::new(png));
    let mut reader = decoder.read_info().unwrap();
    let mut pixels = vec![0; reader.output_buffer_size().unwrap()];
    let info = reader.next_frame(&mut pixels).unwrap();
    assert_eq!((info.width, info.height), (1280, 900));
    let bytes = info.color_type.samples();
    let colours: std::collections::BTreeSet<&[u8]> = pixels[..info.buffer_size()].chunks(bytes).collect();
    assert!(colours.len() > 100, "{} colours", colours.len());
}

#[test]
fn printed_the_solutions_start_a_page_and_the_sheet_is_black_on_white() {
    let tab = open_sheet();
    // Under a dark preference too: paper is white.
    tab.emulate("print", "dark").unwrap();
    let l = layout(&tab);
    assert_eq!(l["breakBefore"], "page", "{l}");
    assert_eq!(l["color"], "rgb(0, 0, 0)", "{l}");
    assert_eq!(l["background"], "rgb(255, 255, 255)", "{l}");
    assert_eq!(l["controls"], 0, "no control is printed: {l}");
    // Every board at most 8.5 cm tall (96 CSS px to the inch), so that two
    // puzzles fit a page.
    let most = 8.5 / 2.54 * 96.0 + 0.5;
    for b in l["boards"].as_array().unwrap() {
        assert!(num(&b["height"]) <= most, "a board {} px tall: {b}", b["height"]);
    }
    let heading = num(&l["heading"]["top"]);
    let last = l["puzzles"].as_array().unwrap().last().map(|p| num(&p["bottom"])).unwrap();
    assert!(heading >= last, "{l}");
}

/// The number of pages of a PDF: its page objects (`/Type /Page`, not the
/// tree's `/Pages`), which must agree with the page tree's `/Count`.
fn pdf_pages(pdf: &[u8]) -> usize {
    let text = String::from_utf8_lossy(pdf);
    let mut pages = 0;
    for (i, _) in text.match_indices("/Type") {
        let rest = text[i + 5..].trim_start();
        if rest.starts_with("/Page") && !rest.starts_with("/Pages") {
            pages += 1;
        }
    }
    let count = text
        .match_indices("/Count")
        .filter_map(|(i, _)| {
            text[i + 6..].trim_start().split(|c: char| !c.is_ascii_digit()).next().and_then(|n| n.parse::<usize>().ok())
        })
        .max();
    assert_eq!(count, Some(pages), "the page tree's /Count against the page objects");
    pages
}

#[test]
fn printed_on_a4_and_letter_two_puzzles_fill_a_page_and_the_solutions_follow_on_their_own() {
    let tab = open_sheet();
    for (paper, width, height) in [("A4", 8.27, 11.69), ("Letter", 8.5, 11.0)] {
        let pdf = tab.pdf(width, height).unwrap();
        std::fs::write(PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join(format!("sheet-{paper}.pdf")), &pdf).unwrap();
        assert!(pdf.starts_with(b"%PDF-"), "{paper}: not a PDF");
        // Five puzzles: three pages (2, 2, 1), then the solutions from a new
        // page, three more. A solution run on under the fifth puzzle, or a
        // puzzle spilling onto a page of its own, would change the count.
        assert_eq!(pdf_pages(&pdf), PRINTED_PAGES, "{paper}");
    }
    assert_eq!(PRINTED_PAGES, 6);
}

#[test]
fn the_page_counter_counts_pages_not_the_tree() {
    let pdf = b"%PDF-1.4\n1 0 obj <</Type /Pages /Count 2 /Kids [2 0 R 3 0 R]>>\n2 0 obj <</Type /Page>>\n\
3 0 obj <</Type/Page /Parent 1 0 R>>\n";
    assert_eq!(pdf_pages(pdf), 2);
}
