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
use super::board::{scene_svg, scenes};
use super::{Column, Frame, Page, rule_entry};

const STYLE: &str = include_str!("page.css");
const SCRIPT: &str = include_str!("page.js");

/// Autoplay's speeds: milliseconds a step, with their words.
const SPEEDS: &str = "<option value=\"2000\">slow</option><option value=\"1000\" selected>1 step a second</option>\
<option value=\"400\">fast</option><option value=\"120\">fastest</option>";

/// The page's head and the opening of its body.
pub(super) fn head(out: &mut String, title: &str) {
    let _ = writeln!(
        out,
        "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n\
<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n\
<meta name=\"color-scheme\" content=\"light dark\">\n\
<meta http-equiv=\"Content-Security-Policy\" content=\"default-src 'none'; style-src 'unsafe-inline'; \
script-src 'unsafe-inline'\">\n\
<meta name=\"generator\" content=\"quadominos {}\">\n<title>{}</title>\n<style>\n{STYLE}</style>\n</head>\n<body>",
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

/// A hand as the script shows it.
#[derive(Serialize, PartialEq)]
struct HandData {
    count: usize,
    tiles: String,
}

#[derive(Serialize)]
struct NoteData<'a> {
    kind: &'static str,
    text: &'a str,
}

#[derive(Serialize)]
struct FrameData<'a> {
    lines: &'a [String],
    clauses: Vec<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    note: Option<NoteData<'a>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    round: Option<u32>,
    scores: &'a [Option<i64>],
    /// Absent when the hands are those of the frame before.
    #[serde(skip_serializing_if = "Option::is_none")]
    hands: Option<Vec<Option<HandData>>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    acting: Option<usize>,
    alt: &'a str,
}

#[derive(Serialize)]
struct ColumnData<'a> {
    frames: Vec<FrameData<'a>>,
}

#[derive(Serialize)]
struct PageData<'a> {
    steps: &'a [String],
    start: usize,
    columns: Vec<ColumnData<'a>>,
}

fn hand_data(hand: &Option<Vec<TileId>>) -> Option<HandData> {
    hand.as_ref()
        .map(|h| HandData { count: h.len(), tiles: h.iter().map(|t| t.to_string()).collect::<Vec<_>>().join(" ") })
}

fn column_data(column: &Column) -> ColumnData<'_> {
    let mut before: Option<&[Option<Vec<TileId>>]> = None;
    let frames = column
        .frames
        .iter()
        .map(|f| {
            let same = before == Some(f.hands.as_slice());
            before = Some(f.hands.as_slice());
            FrameData {
                lines: &f.lines,
                clauses: f.clauses.iter().map(|c| c.to_string()).collect(),
                note: f.note.as_ref().map(|n| NoteData { kind: n.kind.class(), text: &n.text }),
                round: f.round,
                scores: &f.scores,
                hands: (!same).then(|| f.hands.iter().map(hand_data).collect()),
                acting: f.acting,
                alt: &f.alt,
            }
        })
        .collect();
    ColumnData { frames }
}

/// A column's markup: its heading, its scenes, the words of the step the
/// page opens at, the table of scores and hands, and `aside` under them
/// (the list of every step, on a page of one column).
fn column_html(out: &mut String, c: usize, column: &Column, start: usize, aside: &str) {
    let _ = writeln!(out, "<section class=\"column\" id=\"c{c}\" aria-labelledby=\"c{c}-h\">");
    let heading = column.heading.clone().unwrap_or_else(|| "The board".to_string());
    let _ = writeln!(out, "<h2 id=\"c{c}-h\">{}</h2>", escape(&heading));
    out.push_str("<div class=\"scenes\">\n");
    for (i, steps) in scenes(&column.frames).into_iter().enumerate() {
        out.push_str(&scene_svg(&column.frames, c, i, steps, start));
    }
    out.push_str("</div>\n<div class=\"side\">\n");
    let empty = Frame::default();
    let f = column.frames.get(start).unwrap_or(&empty);
    let round = f.round.map(|r| format!("round {r}")).unwrap_or_default();
    let _ = writeln!(out, "<p class=\"round\" id=\"c{c}-round\">{round}</p>");
    let kind = f.note.as_ref().map(|n| format!(" {}", n.kind.class())).unwrap_or_default();
    let _ = writeln!(out, "<div class=\"words{kind}\" id=\"c{c}-words\" aria-live=\"polite\">");
    match &f.note {
        Some(n) => {
            let _ = writeln!(out, "<p class=\"note\" id=\"c{c}-note\">{}</p>", escape(&n.text));
        }
        None => {
            let _ = writeln!(out, "<p class=\"note\" id=\"c{c}-note\" hidden></p>");
        }
    }
    let _ = write!(out, "<div id=\"c{c}-lines\">");
    for line in &f.lines {
        let _ = write!(out, "<p>{}</p>", escape(line));
    }
    let _ = writeln!(out, "</div>");
    let _ = writeln!(
        out,
        "<p class=\"clauses\">Clauses: <span id=\"c{c}-clauses\">{}</span></p>\n</div>",
        clause_links(&f.clauses)
    );
    let _ = writeln!(
        out,
        "<table class=\"seats\"><thead><tr><th scope=\"col\"></th><th scope=\"col\">{}</th>\
<th scope=\"col\">hand</th></tr></thead><tbody>",
        escape(&column.score_heading)
    );
    for (r, row) in column.rows.iter().enumerate() {
        let score = f.scores.get(r).copied().flatten().map(|s| s.to_string()).unwrap_or_default();
        let hand = f.hands.get(r).and_then(hand_data);
        let count = hand.as_ref().map(|h| format!("{} tile{}", h.count, if h.count == 1 { "" } else { "s" }));
        let acting = if f.acting == Some(r) { " class=\"acting\"" } else { "" };
        let _ = writeln!(
            out,
            "<tr id=\"c{c}-r{r}\"{acting}><th scope=\"row\">{}</th><td class=\"score\" id=\"c{c}-r{r}-score\">{score}</td>\
<td class=\"hand\"><span class=\"count\" id=\"c{c}-r{r}-count\">{}</span> \
<span class=\"tiles\" id=\"c{c}-r{r}-tiles\">{}</span></td></tr>",
            escape(row),
            count.unwrap_or_default(),
            hand.map(|h| h.tiles).unwrap_or_default()
        );
    }
    out.push_str("</tbody></table>\n");
    out.push_str(aside);
    out.push_str("</div>\n</section>\n");
}

/// The list of every step, as a chess viewer's move list: a listbox with
/// one row reachable by Tab (the current one), the arrows choose.
fn log_html(page: &Page, start: usize) -> String {
    let mut out = String::new();
    out.push_str(
        "<section class=\"log\" aria-labelledby=\"log-h\">\n<h2 id=\"log-h\">Every step</h2>\n\
<ol id=\"log-list\" role=\"listbox\" aria-labelledby=\"log-h\">\n",
    );
    let marked: BTreeSet<usize> = page.jumps.iter().map(|(s, _)| *s).collect();
    for (k, (name, line)) in page.steps.iter().zip(&page.log).enumerate() {
        let class = if marked.contains(&k) { " class=\"marked\"" } else { "" };
        let (selected, tab) = if k == start { ("true", 0) } else { ("false", -1) };
        let _ = writeln!(
            out,
            "<li role=\"option\" data-step=\"{k}\" aria-selected=\"{selected}\" tabindex=\"{tab}\"{class}>\
<b>{k}</b> {}: {}</li>",
            escape(name),
            escape(line)
        );
    }
    out.push_str("</ol>\n</section>\n");
    out
}

/// The page as one HTML file.
pub fn page_html(page: &Page) -> String {
    let total = page.steps.len();
    let start = page.start.min(total.saturating_sub(1));
    let mut out = String::new();
    head(&mut out, &page.title);
    let _ = writeln!(out, "<header>\n<h1>{}</h1>\n<div class=\"summary\">", escape(&page.title));
    for line in &page.summary {
        let _ = writeln!(out, "<p>{}</p>", escape(line));
    }
    if !page.summary_clauses.is_empty() {
        let _ = writeln!(out, "<p class=\"clauses\">Clauses: {}</p>", clause_links(&page.summary_clauses));
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
    let _ = writeln!(
        out,
        "<nav class=\"controls\" aria-label=\"Steps\">\n\
<button type=\"button\" id=\"first\" title=\"First step (Home)\">First</button>\n\
<button type=\"button\" id=\"prev\" title=\"Back one step (left arrow)\">Back</button>\n\
<input type=\"range\" id=\"slider\" min=\"0\" max=\"{}\" value=\"{start}\" aria-label=\"Step\">\n\
<button type=\"button\" id=\"next\" title=\"Forward one step (right arrow)\">Forward</button>\n\
<button type=\"button\" id=\"last\" title=\"Last step (End)\">Last</button>\n\
<button type=\"button\" id=\"play\" aria-pressed=\"false\" title=\"Play or pause (Space)\">Play</button>\n\
<select id=\"speed\" aria-label=\"Speed\">{SPEEDS}</select>\n\
<output id=\"counter\" for=\"slider\" aria-live=\"polite\">Step {start} of 0\u{2013}{}: {}</output>\n</nav>",
        total.saturating_sub(1),
        total.saturating_sub(1),
        escape(&label)
    );
    out.push_str("<noscript><p>Stepping needs JavaScript; every step is listed with the board.</p></noscript>\n");
    let log = log_html(page, start);
    // One column: the list of every step goes beside the board, so that
    // choosing a step keeps the board in view; several: under them all.
    let single = page.columns.len() == 1;
    let _ = writeln!(out, "<main class=\"columns{}\">", if single { " single" } else { "" });
    for (c, column) in page.columns.iter().enumerate() {
        column_html(&mut out, c, column, start, if single { &log } else { "" });
    }
    out.push_str("</main>\n");
    if !single {
        out.push_str(&log);
    }
    out.push_str(
        "<p class=\"keys\">Keys: left and right arrows step back and forward, Home and End go to the first and the \
last step, Page Up and Page Down ten steps, Space plays or pauses; in the list of every step, up and down arrows \
choose. Steps are numbered from 0, as events are.</p>\n",
    );
    let mut cited: BTreeSet<Clause> = page.summary_clauses.iter().copied().collect();
    for column in &page.columns {
        for f in &column.frames {
            cited.extend(f.clauses.iter().copied());
        }
    }
    rules_section(&mut out, &cited);
    let data =
        PageData { steps: &page.steps, start, columns: page.columns.iter().map(column_data).collect::<Vec<_>>() };
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
    fn ids_are_joined() {
        assert_eq!(ids(&[crate::rules::ids::e(8), crate::rules::ids::r(9)]), "E8, R9");
    }
}
