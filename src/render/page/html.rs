//! A [`Page`] written as one HTML file: the head with its styles and a
//! Content-Security-Policy that forbids every fetch, the step controls, the
//! columns of boards, the list of every step, the rules cited, the page's
//! data and its script. Every text is escaped where it is written: in the
//! markup by [`escape`], in the data by JSON with `<`, `>` and `&` written as
//! `\u003c`, `\u003e`, `\u0026`, so that nothing in it can close its script
//! element.

use std::collections::BTreeSet;
use std::fmt::Write;

use serde::Serialize;

use crate::model::TileId;
use crate::rules::Clause;

use super::super::svg::escape;
use super::board::{definitions, scene_svg, scenes};
use super::{Column, Frame, NoteKind, Page, rule_entry};

const STYLE: &str = include_str!("page.css");
const SCRIPT: &str = include_str!("page.js");

/// Autoplay's speeds: milliseconds a step, with their words.
const SPEEDS: &str = "<option value=\"2000\">slow</option><option value=\"1000\" selected>1 step a second</option>\
<option value=\"400\">fast</option><option value=\"120\">fastest</option>";

/// The page's head and the opening of its body.
pub(super) fn head(out: &mut String, title: &str) {
    head_with(out, title, "");
}

/// The page's head, its styles those of every page then `extra`, and the
/// opening of its body.
pub(super) fn head_with(out: &mut String, title: &str, extra: &str) {
    let _ = writeln!(
        out,
        "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n\
<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n\
<meta name=\"color-scheme\" content=\"light dark\">\n\
<meta http-equiv=\"Content-Security-Policy\" content=\"default-src 'none'; style-src 'unsafe-inline'; \
script-src 'unsafe-inline'\">\n\
<meta name=\"generator\" content=\"quadominos {}\">\n<title>{}</title>\n<style>\n{STYLE}{extra}</style>\n</head>\n<body>",
        env!("CARGO_PKG_VERSION"),
        escape(title)
    );
}

/// Clause ids as links to their entries on the page.
pub(super) fn clause_links(clauses: &[Clause]) -> String {
    if clauses.is_empty() {
        return "none".to_string();
    }
    clauses.iter().map(|c| format!("<a class=\"clause\" href=\"#rule-{c}\">{c}</a>")).collect::<Vec<_>>().join(", ")
}

/// Text as markup, escaped, with each tile name (`0-0-1-5`) and each
/// bracketed cell or corner list (`[0, -1]`, `[1, 5, 0, 0]`) kept on one
/// line: a line may wrap between words, never inside a name. The page's
/// script does the same to the words it writes in.
pub(super) fn nowrap_html(text: &str) -> String {
    let mut out = String::new();
    let mut rest = text;
    while let Some((start, end)) = next_unbroken(rest) {
        let (before, from) = rest.split_at(start);
        let (name, after) = from.split_at(end - start);
        out.push_str(&escape(before));
        let _ = write!(out, "<span class=\"nw\">{}</span>", escape(name));
        rest = after;
    }
    out.push_str(&escape(rest));
    out
}

/// Where the first tile name or short bracketed list of `text` starts and
/// ends (byte offsets).
fn next_unbroken(text: &str) -> Option<(usize, usize)> {
    let bytes = text.as_bytes();
    let digit = |i: usize| bytes.get(i).is_some_and(u8::is_ascii_digit);
    let dash = |i: usize| bytes.get(i) == Some(&b'-');
    for (i, &b) in bytes.iter().enumerate() {
        if b == b'[' {
            // A short list on one line: `[0, -1]`, `[1, 5, 0, 0]`.
            if let Some(len) = text.get(i + 1..).and_then(|t| t.find(']'))
                && len <= 24
                && text.get(i + 1..i + 1 + len).is_some_and(|inner| !inner.contains('['))
            {
                return Some((i, i + len + 2));
            }
        } else if digit(i)
            && !(i > 0 && (digit(i - 1) || dash(i - 1)))
            && dash(i + 1)
            && digit(i + 2)
            && dash(i + 3)
            && digit(i + 4)
            && dash(i + 5)
            && digit(i + 6)
            && !digit(i + 7)
        {
            return Some((i, i + 7));
        }
    }
    None
}

/// The entries of docs/RULES.md for every clause the page cites.
pub(super) fn rules_section(out: &mut String, cited: &BTreeSet<Clause>) {
    out.push_str(
        "<section class=\"rules\" id=\"rules\" aria-labelledby=\"rules-h\">\n<h2 id=\"rules-h\">The rules cited</h2>\n\
<p>Each clause and reading this page cites, as <code>docs/RULES.md</code>, the toolkit's own account of the rules, \
gives it: <code>E</code> the English rule sheet, <code>S</code> the Serbian description, <code>R</code> a reading \
where they disagree or are silent.</p>\n",
    );
    for &clause in cited {
        match rule_entry(clause) {
            Some(entry) => {
                let _ = writeln!(
                    out,
                    "<article id=\"rule-{clause}\">\n<h3>{}</h3>\n{}</article>",
                    escape(&entry.heading),
                    entry.html
                );
            }
            None => {
                let _ = writeln!(out, "<article id=\"rule-{clause}\"><h3>{clause}</h3><p>(no entry)</p></article>");
            }
        }
    }
    out.push_str("</section>\n");
}

/// Data for the script, as JSON that cannot close its script element.
pub(super) fn script_json<T: Serialize>(value: &T) -> String {
    let json = serde_json::to_string(value).unwrap_or_else(|_| "{}".to_string());
    // `<`, `>` and `&` appear in JSON only inside strings, where these
    // escapes read back as the same characters.
    json.replace('<', "\\u003c").replace('>', "\\u003e").replace('&', "\\u0026")
}

/// A step's data for the script, as short as the step allows: the clause
/// list as an index into the page's table of lists, and the round and the
/// hands only where they change (a long game's hands change by a tile or
/// two a step: those tiles are what is written).
#[derive(Serialize)]
struct FrameData<'a> {
    /// The step's words.
    #[serde(rename = "l")]
    lines: &'a [String],
    /// Its clause list, an index into [`PageData::clauses`].
    #[serde(rename = "c")]
    clauses: usize,
    #[serde(rename = "n", skip_serializing_if = "Option::is_none")]
    note: Option<NoteData<'a>>,
    /// The round, absent when the same as the step before's.
    #[serde(rename = "r", skip_serializing_if = "Option::is_none")]
    round: Option<Option<u32>>,
    #[serde(rename = "s")]
    scores: &'a [Option<i64>],
    /// Every row's hand, its tiles joined by spaces: absent when the
    /// same as the step before's, or when [`FrameData::changes`] says it.
    #[serde(rename = "h", skip_serializing_if = "Option::is_none")]
    hands: Option<Vec<Option<String>>>,
    /// The rows whose hand lost and gained tiles since the step before:
    /// `[row, "tiles taken out", "tiles added at the end"]`.
    #[serde(rename = "d", skip_serializing_if = "Vec::is_empty")]
    changes: Vec<(usize, String, String)>,
    #[serde(rename = "a", skip_serializing_if = "Option::is_none")]
    acting: Option<usize>,
    /// The row to move next.
    #[serde(rename = "m", skip_serializing_if = "Option::is_none")]
    to_move: Option<usize>,
    /// The outcome's fields: verdict, points, events, then.
    #[serde(rename = "o", skip_serializing_if = "Option::is_none")]
    outcome: Option<[&'a str; 4]>,
    /// The board in words, its text alternative.
    #[serde(rename = "t")]
    alt: &'a str,
}

#[derive(Serialize)]
struct NoteData<'a> {
    kind: &'static str,
    text: &'a str,
}

#[derive(Serialize)]
struct ColumnData<'a> {
    frames: Vec<FrameData<'a>>,
}

/// A row of the list of every step: its words, or absent where they are
/// the first line of the first column's step.
#[derive(Serialize)]
#[serde(untagged)]
enum LogData<'a> {
    Own(&'a str),
    First(u8),
}

#[derive(Serialize)]
struct PageData<'a> {
    steps: &'a [String],
    start: usize,
    /// The distinct clause lists the steps cite.
    clauses: Vec<Vec<String>>,
    /// The list of every step's words.
    log: Vec<LogData<'a>>,
    /// The steps the list marks (the first difference, a wrong event).
    marked: Vec<usize>,
    columns: Vec<ColumnData<'a>>,
}

fn tiles_text(tiles: &[TileId]) -> String {
    tiles.iter().map(|t| t.to_string()).collect::<Vec<_>>().join(" ")
}

/// How `after` is `before` with some tiles taken out (each the first of
/// its kind) and some added at the end, if it is: the tiles taken out and
/// the tiles added.
fn hand_change(before: &[TileId], after: &[TileId]) -> Option<(Vec<TileId>, Vec<TileId>)> {
    let mut kept = before.to_vec();
    let mut taken = Vec::new();
    // The tiles of `before` not kept in order at the head of `after`.
    let mut i = 0;
    while i < kept.len() {
        match (kept.get(i), after.get(i)) {
            (Some(a), Some(b)) if a == b => i += 1,
            (Some(a), _) => {
                taken.push(*a);
                kept.remove(i);
            }
            _ => break,
        }
    }
    // Taking out the first of its kind must give the same hand the script
    // will compute.
    let mut check = before.to_vec();
    for t in &taken {
        let at = check.iter().position(|h| h == t)?;
        check.remove(at);
    }
    if check != kept || !after.starts_with(&kept) {
        return None;
    }
    Some((taken, after.get(kept.len()..).unwrap_or_default().to_vec()))
}

/// The hands of a frame as data: whole, or as changes from the frame
/// before's, whichever the two allow (a change needs the same rows, each
/// with a hand or without one in both).
fn hands_data(before: Option<&[Option<Vec<TileId>>]>, now: &[Option<Vec<TileId>>]) -> HandsData {
    let whole = || HandsData::Whole(now.iter().map(|h| h.as_deref().map(tiles_text)).collect());
    let Some(before) = before.filter(|b| b.len() == now.len()) else { return whole() };
    let mut changes = Vec::new();
    for (r, (b, a)) in before.iter().zip(now).enumerate() {
        match (b, a) {
            (None, None) => {}
            (Some(b), Some(a)) if b == a => {}
            (Some(b), Some(a)) => match hand_change(b, a) {
                Some((taken, added)) => changes.push((r, tiles_text(&taken), tiles_text(&added))),
                None => return whole(),
            },
            _ => return whole(),
        }
    }
    HandsData::Changes(changes)
}

enum HandsData {
    Whole(Vec<Option<String>>),
    Changes(Vec<(usize, String, String)>),
}

fn column_data<'a>(column: &'a Column, clauses: &mut Vec<Vec<String>>) -> ColumnData<'a> {
    let mut before: Option<&[Option<Vec<TileId>>]> = None;
    let mut round: Option<Option<u32>> = None;
    let frames = column
        .frames
        .iter()
        .map(|f| {
            let (hands, changes) = match hands_data(before, &f.hands) {
                HandsData::Whole(h) => (Some(h), Vec::new()),
                HandsData::Changes(c) => (None, c),
            };
            before = Some(f.hands.as_slice());
            let list: Vec<String> = f.clauses.iter().map(|c| c.to_string()).collect();
            let index = match clauses.iter().position(|l| *l == list) {
                Some(i) => i,
                None => {
                    clauses.push(list);
                    clauses.len() - 1
                }
            };
            let same_round = round == Some(f.round);
            round = Some(f.round);
            FrameData {
                lines: &f.lines,
                clauses: index,
                note: f.note.as_ref().map(|n| NoteData { kind: n.kind.class(), text: &n.text }),
                round: (!same_round).then_some(f.round),
                scores: &f.scores,
                hands,
                changes,
                acting: f.acting,
                to_move: f.to_move,
                outcome: f.outcome.as_ref().map(|o| [&*o.verdict, &*o.points, &*o.events, &*o.then]),
                alt: &f.alt,
            }
        })
        .collect();
    ColumnData { frames }
}

/// A variant's label as markup that may break after each `+`
/// (`english+R4=yes+R7=3`), never inside a reading.
fn breakable(label: &str) -> String {
    escape(label).replace('+', "+<wbr>")
}

/// A hand's tiles as the table shows them: each name one item of a grid,
/// so that none breaks at its hyphens and a hand takes the same lines
/// whatever its tiles.
fn tiles_html(tiles: &[TileId]) -> String {
    tiles.iter().map(|t| format!("<span class=\"tn\">{t}</span>")).collect::<Vec<_>>().join(" ")
}

/// How many lines the words of a step take at most in a column, as an
/// estimate at `width` characters a line: the words keep that height at
/// every step, so that what stands under them does not move up and down.
fn words_lines(frames: &[Frame], width: usize) -> usize {
    let lines = |text: &str| text.chars().count().div_ceil(width.max(1)).max(1);
    frames
        .iter()
        .map(|f| f.lines.iter().map(|l| lines(l)).sum::<usize>() + f.note.as_ref().map_or(0, |n| lines(&n.text)))
        .max()
        .unwrap_or(1)
        .min(9)
}

/// A step's status line: the round and who is to move.
fn status_text(f: &Frame, rows: &[String]) -> String {
    let round = f.round.map(|r| format!("round {r}"));
    let to_move = f.to_move.and_then(|r| rows.get(r)).map(|row| format!("{row} to move"));
    round.into_iter().chain(to_move).collect::<Vec<_>>().join(" \u{b7} ")
}

/// A column's markup: its heading, its frame of scenes (the axes' labels
/// stand in rulers that stay in view as a large board scrolls), the status
/// line, the table of scores and hands, the words of the step the page
/// opens at, and `aside` under them (the list of every step, on a page of
/// one column).
fn column_html(out: &mut String, c: usize, column: &Column, start: usize, aside: &str, single: bool) {
    let _ = writeln!(out, "<section class=\"column\" id=\"c{c}\" aria-labelledby=\"c{c}-h\">");
    let heading = column.heading.clone().unwrap_or_else(|| "The board".to_string());
    let _ = writeln!(out, "<h2 id=\"c{c}-h\">{}</h2>", breakable(&heading));
    out.push_str(
        "<div class=\"scenes\"><div class=\"stage\">\
<div class=\"ruler x\" aria-hidden=\"true\"></div><div class=\"ruler y\" aria-hidden=\"true\"></div>\n",
    );
    for (i, steps) in scenes(&column.frames).into_iter().enumerate() {
        out.push_str(&scene_svg(&column.frames, c, i, steps, start));
    }
    out.push_str("</div></div>\n<div class=\"side\">\n");
    let empty = Frame::default();
    let f = column.frames.get(start).unwrap_or(&empty);
    let _ = writeln!(out, "<p class=\"status\" id=\"c{c}-status\">{}</p>", escape(&status_text(f, &column.rows)));
    let _ = writeln!(
        out,
        "<table class=\"seats\"><thead><tr><th scope=\"col\"></th><th scope=\"col\" class=\"score\">{}</th>\
<th scope=\"col\" class=\"change\">change</th><th scope=\"col\" class=\"count\">hand</th></tr></thead><tbody>",
        escape(&column.score_heading)
    );
    let before = start.checked_sub(1).and_then(|k| column.frames.get(k));
    for (r, row) in column.rows.iter().enumerate() {
        let now = f.scores.get(r).copied().flatten();
        let score = now.map(|s| s.to_string()).unwrap_or_default();
        let change = match (before.and_then(|b| b.scores.get(r).copied().flatten()), now) {
            (Some(a), Some(b)) if a != b => format!("{:+}", b - a),
            _ => String::new(),
        };
        let hand = f.hands.get(r).and_then(Option::as_ref);
        let count = hand.map(|h| format!("{} tile{}", h.len(), if h.len() == 1 { "" } else { "s" }));
        let mut class = Vec::new();
        if f.acting == Some(r) {
            class.push("acting");
        }
        if f.to_move == Some(r) {
            class.push("to-move");
        }
        let class = if class.is_empty() { String::new() } else { format!(" class=\"{}\"", class.join(" ")) };
        let _ = writeln!(
            out,
            "<tr id=\"c{c}-r{r}\"{class}><th scope=\"row\">{}</th><td class=\"score\" id=\"c{c}-r{r}-score\">{score}</td>\
<td class=\"change\" id=\"c{c}-r{r}-change\">{change}</td>\
<td class=\"count\" id=\"c{c}-r{r}-count\">{}</td></tr>",
            escape(row),
            count.unwrap_or_default(),
        );
    }
    out.push_str("</tbody></table>\n");
    // The hands under the table (under the board on a phone, where the
    // table stands above it), a line a row that has one.
    let _ = writeln!(out, "<div class=\"hands\" id=\"c{c}-hands\">");
    for (r, row) in column.rows.iter().enumerate() {
        let hand = f.hands.get(r).and_then(Option::as_ref);
        let _ = writeln!(
            out,
            "<div class=\"hand\" id=\"c{c}-r{r}-hand\"{}><span class=\"who\">{}</span> \
<span class=\"tiles\" id=\"c{c}-r{r}-tiles\">{}</span></div>",
            if hand.is_some() { "" } else { " hidden" },
            escape(row),
            hand.map(|h| tiles_html(h)).unwrap_or_default()
        );
    }
    out.push_str("</div>\n");
    let kind = f.note.as_ref().map(|n| format!(" {}", n.kind.class())).unwrap_or_default();
    let lines = words_lines(&column.frames, if single { 44 } else { 30 });
    let _ =
        writeln!(out, "<div class=\"words{kind}\" id=\"c{c}-words\" aria-live=\"polite\" style=\"--lines: {lines}\">");
    match &f.note {
        Some(n) => {
            let _ = writeln!(out, "<p class=\"note\" id=\"c{c}-note\">{}</p>", nowrap_html(&n.text));
        }
        None => {
            let _ = writeln!(out, "<p class=\"note\" id=\"c{c}-note\" hidden></p>");
        }
    }
    let _ = write!(out, "<div id=\"c{c}-lines\">");
    for line in &f.lines {
        let _ = write!(out, "<p>{}</p>", nowrap_html(line));
    }
    let _ = writeln!(out, "</div>");
    let _ = writeln!(
        out,
        "<p class=\"clauses\">Clauses: <span id=\"c{c}-clauses\">{}</span></p>\n</div>",
        clause_links(&f.clauses)
    );
    out.push_str(aside);
    out.push_str("</div>\n</section>\n");
}

/// The list of every step, as a chess viewer's move list: a listbox of a
/// row a step, grouped by round under the round's heading, with one row
/// reachable by Tab (the current one), the arrows choose. Its rows are
/// written by the script from the page's data, which holds each step's
/// words once.
fn log_html() -> String {
    "<section class=\"log\" aria-labelledby=\"log-h\">\n<h2 id=\"log-h\">Every step</h2>\n\
<div id=\"log-list\" role=\"listbox\" aria-labelledby=\"log-h\" tabindex=\"-1\"></div>\n</section>\n"
        .to_string()
}

/// The table of each column's outcome at the step, a row a column, the
/// fields that differ from the baseline's (the first row) marked: the
/// script fills it in at each step. Only a comparison has one.
fn outcomes_html(page: &Page) -> String {
    let mut out = String::from(
        "<section class=\"outcomes\" aria-labelledby=\"outcomes-h\">\n<h2 id=\"outcomes-h\">Outcomes at this step\
<span class=\"legend\"> (a field that differs from the baseline's is <mark>marked</mark>)</span></h2>\n\
<div class=\"outcomes-frame\"><table id=\"outcomes\"><thead><tr><th scope=\"col\">variant</th>\
<th scope=\"col\">verdict</th><th scope=\"col\">points</th><th scope=\"col\">events</th><th scope=\"col\">then</th>\
<th scope=\"col\">totals</th></tr></thead><tbody>\n",
    );
    for (c, column) in page.columns.iter().enumerate() {
        let name = column.heading.clone().unwrap_or_default();
        let _ = writeln!(
            out,
            "<tr id=\"o{c}\"><th scope=\"row\"><a href=\"#c{c}\">{}</a></th><td data-f=\"0\"></td><td data-f=\"1\"></td>\
<td data-f=\"2\"></td><td data-f=\"3\"></td><td data-f=\"4\"></td></tr>",
            breakable(&name)
        );
    }
    out.push_str("</tbody></table></div>\n</section>\n");
    out
}

/// The steps where a new round starts in the first column.
fn round_starts(page: &Page) -> usize {
    let frames = page.columns.first().map(|c| c.frames.as_slice()).unwrap_or_default();
    frames
        .iter()
        .enumerate()
        .filter(|(k, f)| f.round.is_some() && (*k == 0 || frames.get(k - 1).map(|b| b.round) != Some(f.round)))
        .count()
}

/// A step button: a sign on a phone, a word on a wider screen.
fn step_button(id: &str, sign: &str, word: &str, title: &str) -> String {
    format!(
        "<button type=\"button\" id=\"{id}\" title=\"{title}\" aria-label=\"{word}\"><span class=\"sign\" \
aria-hidden=\"true\">{sign}</span><span class=\"word\" aria-hidden=\"true\">{word}</span></button>"
    )
}

/// The page as one HTML file.
pub fn page_html(page: &Page) -> String {
    let total = page.steps.len();
    let start = page.start.min(total.saturating_sub(1));
    let mut out = String::new();
    head(&mut out, &page.title);
    let _ = writeln!(out, "<header>\n<h1>{}</h1>\n<div class=\"summary\">", escape(&page.title));
    for line in &page.summary {
        let _ = writeln!(out, "<p>{}</p>", nowrap_html(line));
    }
    if !page.summary_clauses.is_empty() {
        let _ = writeln!(out, "<p class=\"clauses\">Clauses: {}</p>", clause_links(&page.summary_clauses));
    }
    if !page.details.is_empty() {
        out.push_str("<details><summary>More: the scenario's description and each variant at a difference</summary>\n");
        for line in &page.details {
            let _ = writeln!(out, "<p>{}</p>", nowrap_html(line));
        }
        out.push_str("</details>\n");
    }
    out.push_str("</div>\n");
    if !page.jumps.is_empty() {
        out.push_str("<div class=\"jumps\">\n");
        for (step, words) in &page.jumps {
            let _ = writeln!(out, "<button type=\"button\" data-jump=\"{step}\">{}</button>", escape(words));
        }
        out.push_str("</div>\n");
    }
    out.push_str("</header>\n");
    let label = page.steps.get(start).cloned().unwrap_or_default();
    let last = total.saturating_sub(1);
    let rounds = if round_starts(page) > 1 {
        format!(
            "<span class=\"rounds\" role=\"group\" aria-label=\"Rounds\">{}{}</span>\n",
            step_button(
                "prev-round",
                "\u{2039}R",
                "Round back",
                "The round's first step, or the round before's (Shift+Page Up)"
            ),
            step_button("next-round", "R\u{203a}", "Next round", "The next round's first step (Shift+Page Down)")
        )
    } else {
        String::new()
    };
    let _ = writeln!(
        out,
        "<nav class=\"controls\" aria-label=\"Steps\">\n<div class=\"buttons\">\n{}\n{}\n\
<input type=\"range\" id=\"slider\" min=\"0\" max=\"{last}\" value=\"{start}\" aria-label=\"Step\">\n{}\n{}\n\
<button type=\"button\" id=\"play\" aria-pressed=\"false\" title=\"Play or pause (Space)\">Play</button>\n\
<select id=\"speed\" aria-label=\"Speed\">{SPEEDS}</select>\n{rounds}\
<span class=\"zoom\" role=\"group\" aria-label=\"Zoom\"><button type=\"button\" id=\"zoom-out\" \
title=\"Zoom out\" aria-label=\"Zoom out\">\u{2212}</button><button type=\"button\" id=\"zoom-fit\" \
aria-pressed=\"false\" title=\"The whole board, however small\">Fit</button><button type=\"button\" id=\"zoom-in\" \
title=\"Zoom in\" aria-label=\"Zoom in\">+</button></span>\n</div>\n\
<output id=\"counter\" for=\"slider\" aria-live=\"polite\">Step {start} of {last}: {}</output>\n</nav>",
        step_button("first", "\u{ab}", "First", "First step (Home)"),
        step_button("prev", "\u{2039}", "Back", "Back one step (left arrow)"),
        step_button("next", "\u{203a}", "Forward", "Forward one step (right arrow)"),
        step_button("last", "\u{bb}", "Last", "Last step (End)"),
        escape(&label)
    );
    out.push_str(
        "<noscript><p>Stepping needs JavaScript: without it the board and the words of the first step are \
shown.</p></noscript>\n",
    );
    let log = log_html();
    // One column: the list of every step goes beside the board, so that
    // choosing a step keeps the board in view; several: under them all,
    // and the table of their outcomes above them.
    let single = page.columns.len() == 1;
    if page.columns.iter().any(|c| c.frames.iter().any(|f| f.outcome.is_some())) {
        out.push_str(&outcomes_html(page));
    }
    let _ = writeln!(out, "<main class=\"columns{}\">", if single { " single" } else { "" });
    let frames: Vec<&Frame> = page.columns.iter().flat_map(|c| &c.frames).collect();
    out.push_str(&definitions(&frames));
    for (c, column) in page.columns.iter().enumerate() {
        column_html(&mut out, c, column, start, if single { &log } else { "" }, single);
    }
    out.push_str("</main>\n");
    if !single {
        out.push_str(&log);
    }
    out.push_str(
        "<p class=\"keys\">Keys: left and right arrows step back and forward, Home and End go to the first and the \
last step, Page Up and Page Down ten steps, Shift with Page Up and Page Down the round's first step and the next \
round's, Space plays or pauses; in the list of every step, up and down arrows choose. Steps are numbered from 0, as \
events are.</p>\n",
    );
    let mut cited: BTreeSet<Clause> = page.summary_clauses.iter().copied().collect();
    for column in &page.columns {
        for f in &column.frames {
            cited.extend(f.clauses.iter().copied());
        }
    }
    rules_section(&mut out, &cited);
    let mut clauses = Vec::new();
    let columns = page.columns.iter().map(|c| column_data(c, &mut clauses)).collect::<Vec<_>>();
    let first = page.columns.first().map(|c| c.frames.as_slice()).unwrap_or_default();
    let log = page
        .log
        .iter()
        .enumerate()
        .map(|(k, line)| match first.get(k).and_then(|f| f.lines.first()) {
            Some(l) if l == line => LogData::First(0),
            _ => LogData::Own(line),
        })
        .collect();
    // The list marks each step a jump goes to and each where a column
    // parts from the baseline.
    let parting = page.columns.iter().flat_map(|c| {
        c.frames
            .iter()
            .enumerate()
            .filter(|(_, f)| f.note.as_ref().is_some_and(|n| n.kind == NoteKind::Differs))
            .map(|(k, _)| k)
    });
    let marked = page.jumps.iter().map(|(s, _)| *s).chain(parting).collect::<BTreeSet<_>>().into_iter().collect();
    let data = PageData { steps: &page.steps, start, clauses, log, marked, columns };
    let _ = writeln!(
        out,
        "<script type=\"application/json\" id=\"page-data\">{}</script>\n<script>\n{SCRIPT}</script>",
        script_json(&data)
    );
    out.push_str("</body>\n</html>\n");
    out
}

#[cfg(test)]
mod tests {
    use super::super::ids;
    use super::*;

    #[test]
    fn data_cannot_close_its_script_element() {
        let json = script_json(&vec!["</script><script>alert(1)</script> & more"]);
        assert!(!json.contains('<') && !json.contains('>') && !json.contains('&'), "{json}");
        let back: Vec<String> = serde_json::from_str(&json).unwrap();
        assert_eq!(back, vec!["</script><script>alert(1)</script> & more".to_string()]);
    }

    #[test]
    fn tile_names_and_cells_are_kept_on_one_line() {
        assert_eq!(
            nowrap_html("seat 0 places 0-0-1-5 as [1, 5, 0, 0] at [0, -1] & more"),
            "seat 0 places <span class=\"nw\">0-0-1-5</span> as <span class=\"nw\">[1, 5, 0, 0]</span> at \
<span class=\"nw\">[0, -1]</span> &amp; more"
        );
        // Not a tile: too many digits, or no closing bracket near.
        assert_eq!(nowrap_html("10-0-1-5 and [unclosed"), "10-0-1-5 and [unclosed");
        assert_eq!(nowrap_html("<b>"), "&lt;b&gt;");
    }

    #[test]
    fn ids_are_joined() {
        assert_eq!(ids(&[crate::rules::ids::e(8), crate::rules::ids::r(9)]), "E8, R9");
    }
}
