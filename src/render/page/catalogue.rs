//! The page of the bonus catalogue: every class of neighbourhood a tile may
//! be placed into, each with its example board (drawn by the catalogue
//! picture's own code), what it touches, the most it can match, whether a
//! bonus is possible under the variant, and the clauses behind it.

use std::collections::BTreeSet;
use std::fmt::Write;

use crate::rules::{BonusClass, Catalogue, Clause, Example, Variant};

use super::super::svg::{CLASS_BOARD, class_board, escape};
use super::html::{clause_links, head, nowrap_html, rules_section};

/// The example board in words, for its text alternative.
fn class_alt(class: &BonusClass) -> String {
    match &class.witness {
        Some(w) => {
            let around: Vec<String> = w.neighbours.iter().map(|n| format!("{} {}", n.at, n.tile)).collect();
            let matched: Vec<&str> = w.matched.iter().map(|c| c.name()).collect();
            format!(
                "Class {}'s example board: the new tile {} in the middle, outlined in red, among {}{}; matched \
corners {}.",
                class.class,
                w.tile,
                around.join(", "),
                match w.joining.len() {
                    0 => String::new(),
                    n => format!(", and {n} tile{} joining them through sides", if n == 1 { "" } else { "s" }),
                },
                if matched.is_empty() { "none".to_string() } else { matched.join(", ") }
            )
        }
        None => {
            let names: Vec<&str> = class.neighbours.iter().map(|d| d.name()).collect();
            format!("Class {}: no real board; its neighbours {} in grey.", class.class, names.join(" "))
        }
    }
}

fn class_html(out: &mut String, class: &BonusClass, position: Option<&str>) {
    let n = class.class;
    let bonus = class.bonus == Some(true);
    let _ = writeln!(
        out,
        "<article class=\"class{}\" id=\"class-{n}\" aria-labelledby=\"class-{n}-h\">",
        if bonus { " bonus" } else { "" }
    );
    let example = match class.example {
        Some(Example::E) => " (Example E, E11)",
        Some(Example::F) => " (Example F, E12)",
        None => "",
    };
    let _ = writeln!(out, "<h2 id=\"class-{n}-h\">Class {n}{example}</h2>");
    let side = CLASS_BOARD + 4;
    let _ = writeln!(
        out,
        "<svg xmlns=\"http://www.w3.org/2000/svg\" role=\"img\" aria-label=\"{}\" width=\"{side}\" height=\"{side}\" \
viewBox=\"-2 -2 {side} {side}\" font-family=\"DejaVu Sans, Verdana, Arial, sans-serif\">\n\
<rect x=\"-2\" y=\"-2\" width=\"{side}\" height=\"{side}\" fill=\"#fafaf7\"/>",
        escape(&class_alt(class))
    );
    class_board(out, class, (0, 0));
    out.push_str("</svg>\n<dl>\n");
    let names = |items: Vec<&str>| if items.is_empty() { "none".to_string() } else { items.join(" ") };
    let row = |out: &mut String, term: &str, value: &str| {
        let _ = writeln!(out, "<dt>{term}</dt><dd>{value}</dd>");
    };
    row(out, "neighbours", &names(class.neighbours.iter().map(|d| d.name()).collect()));
    row(out, "touched corners", &names(class.touched.iter().map(|c| c.name()).collect()));
    match (class.max_matched, class.bonus) {
        (Some(max), Some(b)) => {
            let at_least = if class.proven { "" } else { "at least " };
            row(out, "most matched", &format!("{at_least}{max}"));
            row(out, "bonus", if b { "<strong>possible</strong>" } else { "not possible" });
        }
        _ => {
            let why = class.unshown.as_ref().map(|u| u.to_string()).unwrap_or_else(|| "none found".to_string());
            row(out, "example", &format!("no real board: {}", escape(&why)));
        }
    }
    row(out, "clauses", &clause_links(&class.clauses));
    row(out, "share", &format!("{} of the 240 neighbourhoods", class.size));
    if let Some(line) = position {
        row(out, "position", &format!("<code>{}</code>", nowrap_html(line)));
    }
    out.push_str("</dl>\n</article>\n");
}

/// The catalogue of `variant` as one HTML page. `positions` holds each
/// class's example as a line of notation (the placed tile as the hand), in
/// the catalogue's order, where it has one.
pub fn catalogue_page(catalogue: &Catalogue, variant: &Variant, positions: &[Option<String>]) -> String {
    let label = variant.label();
    let rules = variant.rules();
    let classes = catalogue.classes();
    let title = format!("Bonus catalogue, {label}");
    let mut out = String::new();
    head(&mut out, &title);
    let bonus = classes.iter().filter(|c| c.bonus == Some(true)).count();
    let _ = writeln!(
        out,
        "<header>\n<h1>{}</h1>\n<div class=\"summary\">\n<p>Every neighbourhood of an empty cell a tile may be placed \
into (which of its eight neighbours hold a tile, at least one on a side: 240 of 256), in {} classes up to rotation \
and reflection, each shown by a real board of the variant.</p>\n<p>A bonus is possible in {bonus} of them under \
these rules: R7, {} or more matched corners; R4, diagonal neighbours count: {}; R2, corner match: {}.</p>\n\
<p>On each board the new tile is in the middle, outlined in red, its matched corners dotted; tiles outlined in grey \
join the neighbours through sides, touching none of its corners.</p>\n</div>\n</header>",
        escape(&title),
        classes.len(),
        rules.bonus_threshold.corners(),
        rules.diagonal_neighbours,
        rules.corner_match
    );
    out.push_str("<nav aria-label=\"Classes\"><p>");
    let links: Vec<String> = classes
        .iter()
        .map(|c| {
            let star = if c.bonus == Some(true) { " (bonus)" } else { "" };
            format!("<a href=\"#class-{0}\">{0}{star}</a>", c.class)
        })
        .collect();
    let _ = writeln!(out, "Classes: {}</p></nav>\n<main class=\"classes\">", links.join(", "));
    for (i, class) in classes.iter().enumerate() {
        class_html(&mut out, class, positions.get(i).and_then(|p| p.as_deref()));
    }
    out.push_str("</main>\n");
    let cited: BTreeSet<Clause> = classes.iter().flat_map(|c| c.clauses.iter().copied()).collect();
    rules_section(&mut out, &cited);
    out.push_str("</body>\n</html>\n");
    out
}
