//! A puzzle sheet: several puzzles on one page to print, first every
//! puzzle (its board, hand, goal in words and level), numbered, then, from a
//! new printed page, their solutions (the proven answer's score and its
//! plays in order, and the board after them). The page has no script and no
//! controls: it is read on paper as on screen. Its head is the other pages'
//! ([`super::html::head`]), with the same Content-Security-Policy that
//! forbids every fetch; every text is escaped where it is written.

use std::fmt::Write;

use super::super::svg::escape;
use super::html::{head_with, nowrap_html};

/// One puzzle of a sheet, as its page shows it. The boards are SVG drawn by
/// [`crate::render::board_svg`]; every other field is plain text.
#[derive(Clone, Debug, Default)]
pub struct SheetPuzzle {
    /// The file it was read from.
    pub name: String,
    /// The variant's label.
    pub variant: String,
    /// The goal in words (`the best turn`).
    pub goal: String,
    /// The level of its `difficulty:` key, if it has one.
    pub level: Option<String>,
    /// Further words on the goal (the region a fill covers).
    pub details: Vec<String>,
    /// The hand (or the pool of a fill), its tiles joined by commas.
    pub hand: String,
    /// The position.
    pub board: String,
    /// The position in words, the board's text alternative.
    pub board_alt: String,
    /// The answer's result: its score or count, proven or not.
    pub result: String,
    /// The answer's plays in order, one line each.
    pub plays: Vec<String>,
    /// The board after the answer, its plays numbered.
    pub answer: String,
    /// The board after the answer in words.
    pub answer_alt: String,
}

/// The sheet's own styles, after the other pages': two puzzles to a printed
/// page (each card the board beside its words, the board at most 8.5 cm
/// tall, so that two cards and the heading fit an A4 or Letter page), the
/// solutions from a new page, black on white.
const SHEET_STYLE: &str = "
.sheet-card { display: grid; grid-template-columns: minmax(0, 3fr) minmax(14rem, 2fr); gap: 0.4rem 1.2rem;
  align-items: start; border: 1px solid var(--line); border-radius: 0.5rem; padding: 0.6rem; margin: 0 0 1rem;
  background: var(--card); }
.sheet-card > h2, .sheet-card > h3 { grid-column: 1 / -1; margin: 0; }
.sheet-card .board svg { display: block; max-width: 100%; max-height: min(70vh, 30rem); width: auto; height: auto; }
.sheet-card p { margin: 0.15rem 0; overflow-wrap: anywhere; }
.sheet-card ol { margin: 0.3rem 0; padding-left: 1.6rem; }
.sheet-card .level { font-weight: 700; }
.sheet-card .file { color: var(--muted); font-size: 0.85rem; }
/* On screen the puzzles fill at least the first screen: a reader who opens
   the sheet sees no solution before scrolling past every puzzle. */
@media screen { .sheet-puzzles { min-height: 100vh; } }
.sheet-solutions { break-before: page; }
@media print {
  @page { margin: 1.2cm; }
  :root { --bg: #fff; --fg: #000; --card: #fff; --muted: #000; --line: #000; color-scheme: light; }
  body { background: #fff; color: #000; font-size: 11pt; }
  .sheet-card { break-inside: avoid; background: #fff; border-color: #000; margin: 0 0 0.6cm; }
  .sheet-card .board svg { max-height: 8.5cm; }
  /* Two puzzles a page: the second of each pair ends its page. */
  .sheet-card:nth-of-type(2n) { break-after: page; }
  .sheet-card:last-of-type { break-after: auto; }
}
";

fn card_words(out: &mut String, p: &SheetPuzzle) {
    let level = p.level.as_deref().unwrap_or("not measured");
    let _ = writeln!(out, "<div class=\"sheet-words\">");
    let _ = writeln!(out, "<p class=\"goal\">Goal: {}.</p>", escape(&p.goal));
    let _ = writeln!(out, "<p class=\"level\">Level: {}</p>", escape(level));
    let _ = writeln!(out, "<p>Rules: {}</p>", escape(&p.variant));
    for line in &p.details {
        let _ = writeln!(out, "<p>{}</p>", nowrap_html(line));
    }
    let _ = writeln!(out, "<p class=\"hand\">Hand: {}</p>", nowrap_html(&p.hand));
    let _ = writeln!(out, "<p class=\"file\">{}</p>", escape(&p.name));
    out.push_str("</div>\n");
}

/// A board's SVG made safe to sit beside others on one page: its element
/// ids (one per tile) prefixed by the card's, so that no two are the same.
fn board_html(svg: &str, prefix: &str, alt: &str) -> String {
    format!(
        "<div class=\"board\" role=\"img\" aria-label=\"{}\">\n{}</div>\n",
        escape(alt),
        svg.replace(" id=\"", &format!(" id=\"{prefix}-"))
    )
}

/// The sheet of `puzzles` as one HTML file.
pub fn sheet_page(title: &str, puzzles: &[SheetPuzzle]) -> String {
    let mut out = String::new();
    head_with(&mut out, title, SHEET_STYLE);
    let n = puzzles.len();
    let _ = writeln!(
        out,
        "<header>\n<h1>{}</h1>\n<div class=\"summary\">\n<p>{n} puzzle{}, each with its board, hand, goal and \
level; the solutions follow on a page of their own, each solved and replayed through the rules before this page \
was written.</p>\n</div>\n</header>",
        escape(title),
        if n == 1 { "" } else { "s" }
    );
    out.push_str("<main>\n<section class=\"sheet-puzzles\" aria-labelledby=\"puzzles-h\">\n");
    out.push_str("<h2 id=\"puzzles-h\">Puzzles</h2>\n");
    for (i, p) in puzzles.iter().enumerate() {
        let k = i + 1;
        let _ =
            writeln!(out, "<article class=\"sheet-card puzzle\" id=\"puzzle-{k}\" aria-labelledby=\"puzzle-{k}-h\">");
        let _ = writeln!(out, "<h3 id=\"puzzle-{k}-h\">Puzzle {k}</h3>");
        out.push_str(&board_html(&p.board, &format!("p{k}"), &p.board_alt));
        card_words(&mut out, p);
        out.push_str("</article>\n");
    }
    out.push_str("</section>\n");
    out.push_str(
        "<section class=\"sheet-solutions\" id=\"solutions\" aria-labelledby=\"solutions-h\">\n\
<h2 id=\"solutions-h\">Solutions</h2>\n",
    );
    for (i, p) in puzzles.iter().enumerate() {
        let k = i + 1;
        let _ = writeln!(
            out,
            "<article class=\"sheet-card solution\" id=\"solution-{k}\" aria-labelledby=\"solution-{k}-h\">"
        );
        let _ = writeln!(out, "<h3 id=\"solution-{k}-h\">Solution {k}</h3>");
        out.push_str(&board_html(&p.answer, &format!("s{k}"), &p.answer_alt));
        let _ = writeln!(out, "<div class=\"sheet-words\">\n<p class=\"result\">{}</p>", escape(&p.result));
        if !p.plays.is_empty() {
            out.push_str("<ol class=\"plays\">\n");
            for line in &p.plays {
                let _ = writeln!(out, "<li>{}</li>", nowrap_html(line));
            }
            out.push_str("</ol>\n");
        }
        let _ = writeln!(out, "<p class=\"file\">{}</p>\n</div>\n</article>", escape(&p.name));
    }
    out.push_str("</section>\n</main>\n</body>\n</html>\n");
    out
}
