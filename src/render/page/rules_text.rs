//! The entries of docs/RULES.md, the project's own account of the rules,
//! that a page embeds for the clause ids it cites: a clause's row of its
//! source's table (what the text says, where the engine applies it), a
//! reading's section (its question and every value). The account is built
//! into the binary, so a page written anywhere cites the same text that
//! `tests/docs/rules_doc.rs` holds the code to.

use pulldown_cmark::{CowStr, Event, Parser, html};

use crate::rules::{Clause, Source as ClauseSource};

use super::html::nowrap_html;

/// docs/RULES.md as built into the binary.
const RULES: &str = include_str!("../../../docs/RULES.md");

/// One entry of the rules account, as HTML.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RuleEntry {
    /// The entry's heading: `E8, the English rule sheet`, `R4
    /// diagonal-neighbours`.
    pub heading: String,
    /// Its text, rendered from the account's Markdown.
    pub html: String,
}

/// The entry of docs/RULES.md that defines `clause`; none when the account
/// has none (which `tests/docs/rules_doc.rs` rules out for every id the code
/// knows).
pub fn rule_entry(clause: Clause) -> Option<RuleEntry> {
    let id = clause.to_string();
    match clause.source() {
        ClauseSource::English | ClauseSource::Serbian => {
            let row = RULES.lines().find(|l| l.starts_with(&format!("| {id} |")))?;
            let cells: Vec<&str> = row.trim().trim_matches('|').split(" | ").map(str::trim).collect();
            let [_, what, where_applied] = cells[..] else { return None };
            let source = if clause.source() == ClauseSource::English {
                "the English rule sheet"
            } else {
                "the Serbian description"
            };
            let text = format!("{what}\n\n*Where the engine applies it:* {where_applied}");
            Some(RuleEntry { heading: format!("{id}, {source}"), html: markdown(&text) })
        }
        ClauseSource::Reading => {
            let start = RULES.find(&format!("\n### {id} "))? + 1;
            let rest = RULES.get(start..)?;
            let (heading, body) = rest.split_once('\n')?;
            let end = body.find("\n#").unwrap_or(body.len());
            let heading = heading.trim_start_matches("### ").to_string();
            Some(RuleEntry { heading: format!("{heading}, a reading"), html: markdown(body.get(..end)?.trim()) })
        }
    }
}

/// Markdown as HTML, as pulldown-cmark renders CommonMark, each tile name
/// kept on one line as everywhere on a page.
fn markdown(text: &str) -> String {
    let events = Parser::new(text).map(|event| match event {
        Event::Text(t) => Event::InlineHtml(CowStr::from(nowrap_html(&t))),
        Event::Code(c) => Event::InlineHtml(CowStr::from(format!("<code>{}</code>", nowrap_html(&c)))),
        other => other,
    });
    let mut out = String::new();
    html::push_html(&mut out, events);
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_clause_has_its_entry() {
        for clause in Clause::all() {
            let entry = rule_entry(clause).unwrap_or_else(|| panic!("{clause} has no entry"));
            assert!(entry.heading.starts_with(&format!("{clause}")), "{}", entry.heading);
            assert!(!entry.html.trim().is_empty(), "{clause}");
        }
    }

    #[test]
    fn an_entry_is_its_own_text_and_not_its_neighbours() {
        let e8 = rule_entry(crate::rules::ids::e(8)).unwrap();
        assert!(e8.html.contains("clockwise"), "{}", e8.html);
        assert!(!e8.html.contains("until a match can be made"), "E9's words in E8: {}", e8.html);
        let r4 = rule_entry(crate::rules::ids::r(4)).unwrap();
        assert_eq!(r4.heading, "R4 diagonal-neighbours, a reading");
        assert!(r4.html.contains("<code>no</code>"), "{}", r4.html);
        assert!(!r4.html.contains("equal-weight"), "R5's section in R4: {}", r4.html);
    }
}
