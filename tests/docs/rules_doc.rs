//! `docs/RULES.md` is the project's own account of the rules, and every id
//! the toolkit prints points into it: every clause and reading id the code
//! knows is defined there, every id defined there is known to the code, each
//! reading lists exactly the values the code accepts, the table of shipped
//! variants is what the specs choose, and nothing sends a reader to a
//! RULES.md anywhere else.

use std::collections::BTreeSet;
use std::fs;
use std::path::{Path, PathBuf};

use quadominos::formats::{BUILTIN_VARIANTS, builtin_variant};
use quadominos::rules::{Clause, READINGS};

fn root() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

fn rules_doc() -> String {
    fs::read_to_string(root().join("docs/RULES.md")).unwrap()
}

/// The ids RULES.md defines: a clause table's first column (`| E11 |`) and
/// a reading's heading (`### R4 diagonal-neighbours`).
fn defined(doc: &str) -> Vec<String> {
    let mut ids = Vec::new();
    for line in doc.lines() {
        if let Some(rest) = line.strip_prefix("| ") {
            let id = rest.split(' ').next().unwrap();
            let clause_row = id.len() > 1
                && (id.starts_with('E') || id.starts_with('S'))
                && id[1..].chars().all(|c| c.is_ascii_digit());
            if clause_row {
                ids.push(id.to_string());
            }
        } else if let Some(rest) = line.strip_prefix("### R") {
            ids.push(format!("R{}", rest.split(' ').next().unwrap()));
        }
    }
    ids
}

/// The section of a reading: from its heading to the next heading.
fn reading_section<'d>(doc: &'d str, id: &str) -> &'d str {
    let start = doc.find(&format!("\n### {id} ")).unwrap_or_else(|| panic!("no heading for {id}"));
    let rest = &doc[start + 1..];
    let end = rest[1..].find("\n#").map_or(rest.len(), |e| e + 1);
    &rest[..end]
}

#[test]
fn every_id_the_code_knows_is_defined_once_and_no_other() {
    let doc = rules_doc();
    let ids = defined(&doc);
    let unique: BTreeSet<&String> = ids.iter().collect();
    assert_eq!(unique.len(), ids.len(), "an id is defined twice: {ids:?}");
    let known: BTreeSet<String> = Clause::all().map(|c| c.to_string()).collect();
    let defined: BTreeSet<String> = ids.into_iter().collect();
    let missing: Vec<&String> = known.difference(&defined).collect();
    let unknown: Vec<&String> = defined.difference(&known).collect();
    assert!(missing.is_empty(), "ids the code prints but docs/RULES.md does not define: {missing:?}");
    assert!(unknown.is_empty(), "ids docs/RULES.md defines but the code does not know: {unknown:?}");
    // Every reading the code has is a known clause id, so `variants` lists
    // exactly the readings defined there.
    let readings: BTreeSet<String> = READINGS.iter().map(|r| r.id.to_string()).collect();
    let doc_readings: BTreeSet<String> = defined.iter().filter(|id| id.starts_with('R')).cloned().collect();
    assert_eq!(readings, doc_readings);
}

#[test]
fn each_reading_has_its_name_and_exactly_the_values_the_code_accepts() {
    let doc = rules_doc();
    for reading in &READINGS {
        let section = reading_section(&doc, &reading.id.to_string());
        let heading = section.lines().next().unwrap();
        assert_eq!(heading, format!("### {} {}", reading.id, reading.name));
        let listed: Vec<&str> =
            section.lines().filter_map(|l| l.strip_prefix("- `")).map(|l| &l[..l.find('`').unwrap()]).collect();
        let accepted: Vec<&str> = reading.values.iter().map(|(v, _)| *v).collect();
        assert_eq!(listed, accepted, "{}: the values listed in docs/RULES.md", reading.id);
        for source in reading.sources {
            assert!(section.contains(&source.to_string()), "{}: its source {source} is not named", reading.id);
        }
    }
}

#[test]
fn the_table_of_shipped_variants_is_what_their_specs_choose() {
    let doc = rules_doc();
    let table = &doc[doc.find("## The shipped variants").unwrap()..];
    let header = table.lines().find(|l| l.starts_with("| id |")).unwrap();
    let columns: Vec<&str> = header.split('|').map(str::trim).filter(|c| !c.is_empty()).skip(2).collect();
    let shipped: Vec<&str> = BUILTIN_VARIANTS.iter().map(|(name, _)| *name).collect();
    assert_eq!(columns, shipped);
    let variants: Vec<_> = shipped.iter().map(|name| builtin_variant(name).unwrap()).collect();
    for reading in &READINGS {
        let row = table
            .lines()
            .find(|l| l.starts_with(&format!("| {} |", reading.id)))
            .unwrap_or_else(|| panic!("no row for {}", reading.id));
        let cells: Vec<&str> = row.split('|').map(str::trim).filter(|c| !c.is_empty()).collect();
        assert_eq!(cells[1], reading.name);
        assert_eq!(cells.len(), 2 + variants.len(), "{}: one value per shipped variant", reading.id);
        for (variant, cell) in variants.iter().zip(&cells[2..]) {
            let name = variant.name();
            assert_eq!(Some(cell.to_string()), variant.rules().get(reading.name), "{} under {name}", reading.id);
        }
    }
}

fn text_files(dir: &Path, out: &mut Vec<PathBuf>) {
    for entry in fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        let name = path.file_name().unwrap().to_string_lossy().into_owned();
        if path.is_dir() {
            // Fuzz corpora and regressions are inputs kept byte for byte as
            // they were found; what they say is not the project's voice.
            if !name.starts_with('.') && !["target", "corpus", "regressions"].contains(&name.as_str()) {
                text_files(&path, out);
            }
        } else if ["rs", "md", "yaml", "json", "snap"].iter().any(|e| name.ends_with(&format!(".{e}"))) {
            out.push(path);
        }
    }
}

#[test]
fn every_pointer_to_the_rules_digest_names_docs_rules_md() {
    let mut files = Vec::new();
    text_files(root(), &mut files);
    let mut wrong = Vec::new();
    for file in &files {
        if file.ends_with("docs/RULES.md") || file.ends_with("tests/docs/rules_doc.rs") {
            continue;
        }
        let text = fs::read_to_string(file).unwrap_or_default();
        for (n, line) in text.lines().enumerate() {
            let bare = line.match_indices("RULES.md").any(|(at, _)| !line[..at].ends_with("docs/"));
            if bare {
                wrong.push(format!("{}:{}: {}", file.strip_prefix(root()).unwrap().display(), n + 1, line.trim()));
            }
        }
    }
    assert!(wrong.is_empty(), "RULES.md named without docs/:\n{}", wrong.join("\n"));
}

/// The source texts RULES.md quotes, beside the project (`../shared/rules/`):
/// the sheet, the Serbian description as received, and its translation.
struct Sources {
    english: String,
    serbian: String,
    translation: String,
}

fn sources() -> Sources {
    let dir = root().join("../shared/rules");
    let read = |name: &str| {
        let text = fs::read_to_string(dir.join(name))
            .unwrap_or_else(|e| panic!("the source text {name} under {}: {e}", dir.display()));
        normalised(&text)
    };
    Sources {
        english: read("english-rules.txt"),
        serbian: read("serbian-rules.txt"),
        translation: read("serbian-rules.en.md"),
    }
}

/// Text compared word for word: one case, one kind of quote mark and
/// apostrophe (a quote inside a quote is written with single marks), and one
/// space for any run of white space.
fn normalised(text: &str) -> String {
    let marks: String = text
        .chars()
        .map(|c| match c {
            '\u{2018}' | '\u{2019}' | '\u{201C}' | '\u{201D}' | '"' => '\'',
            c => c,
        })
        .collect();
    marks.split_whitespace().collect::<Vec<_>>().join(" ").to_lowercase()
}

/// The pieces of a quotation that must stand in its source, in order: the
/// words between the ellipses (`…`, `...`), with a bracketed insertion
/// (`collect[s]`) left out.
fn pieces(quote: &str) -> Vec<String> {
    let without_insertions = regex::Regex::new(r"\[[^\]]*\]").unwrap().replace_all(quote, "");
    without_insertions
        .replace("...", "\u{2026}")
        .split('\u{2026}')
        .map(normalised)
        .map(|p| p.trim_matches(|c: char| c == ' ' || c == ',').to_string())
        .filter(|p| !p.is_empty())
        .collect()
}

/// Whether every piece stands in `text`, each after the one before.
fn stands_in(pieces: &[String], text: &str) -> bool {
    let mut from = 0;
    for piece in pieces {
        match text[from..].find(piece.as_str()) {
            Some(at) => from += at + piece.len(),
            None => return false,
        }
    }
    true
}

/// A quotation in RULES.md, with the clause it names and where it stands.
#[derive(Debug)]
struct Quotation {
    text: String,
    clause: Option<String>,
    line: usize,
}

/// Every double-quoted phrase of RULES.md outside code, with the clause id
/// it names: the id just before it (`E8's "…"`, `(E16 "…"`, `S6: "…"`) or
/// just after it (`"…" (E8)`). A phrase in parentheses right after another
/// is its translation and names the same clause (`S6: "Za prvi potez"
/// ("For the first move")`), and a quotation in a row of a clause table
/// with no id beside it names the row's clause. Paragraphs (and table rows)
/// are read whole, so a quotation may run over a line break.
fn quotations(doc: &str) -> Vec<Quotation> {
    let id = regex::Regex::new(r"\b([ES][0-9]{1,2})\b").unwrap();
    let mut units: Vec<(usize, String)> = Vec::new();
    let mut in_code = false;
    let mut current: Option<(usize, String)> = None;
    for (i, line) in doc.lines().enumerate() {
        if line.trim_start().starts_with("```") {
            in_code = !in_code;
            units.extend(current.take());
            continue;
        }
        if in_code || line.trim().is_empty() || line.starts_with('|') || line.starts_with('#') {
            units.extend(current.take());
            if !in_code && (line.starts_with('|') || line.starts_with('#')) {
                units.push((i + 1, line.to_string()));
            }
            continue;
        }
        match &mut current {
            Some((_, text)) => {
                text.push(' ');
                text.push_str(line.trim());
            }
            None => current = Some((i + 1, line.trim().to_string())),
        }
    }
    units.extend(current);
    let mut out = Vec::new();
    for (line, unit) in units {
        let marks: Vec<usize> = unit.match_indices('"').map(|(at, _)| at).collect();
        assert!(marks.len().is_multiple_of(2), "RULES.md line {line}: a quotation mark without its pair: {unit}");
        // A row of a clause table quotes the clause it is the row of.
        let row = unit
            .strip_prefix("| ")
            .and_then(|rest| rest.split(' ').next())
            .filter(|first| id.find(first).is_some_and(|m| m.as_str() == *first))
            .map(str::to_string);
        let mut previous: Option<(usize, Option<String>)> = None;
        for pair in marks.chunks(2) {
            let (open, close) = (pair[0], pair[1]);
            let before_from = previous.as_ref().map_or(0, |(end, _)| *end).max(open.saturating_sub(20));
            let before = &unit[before_from..open];
            let after = &unit[close + 1..(close + 14).min(unit.len())];
            let after = after.split('"').next().unwrap_or("");
            let translation = previous.as_ref().filter(|(end, _)| unit[*end..open].trim() == "(");
            let clause = match (id.find_iter(before).last(), id.find(after), translation) {
                (_, _, Some((_, named))) => named.clone(),
                (Some(m), _, None) => Some(m.as_str().to_string()),
                (None, Some(m), None) => Some(m.as_str().to_string()),
                (None, None, None) => row.clone(),
            };
            previous = Some((close + 1, clause.clone()));
            out.push(Quotation { text: unit[open + 1..close].to_string(), clause, line });
        }
    }
    out
}

#[test]
fn every_quotation_names_its_clause_and_stands_word_for_word_in_that_text() {
    let doc = rules_doc();
    let texts = sources();
    let quotes = quotations(&doc);
    assert!(quotes.len() > 60, "RULES.md quotes its sources throughout: {} quotations read", quotes.len());
    let mut wrong = Vec::new();
    for q in &quotes {
        let words = pieces(&q.text);
        let holds = match q.clause.as_deref() {
            Some(c) if c.starts_with('E') => stands_in(&words, &texts.english),
            Some(_) => stands_in(&words, &texts.serbian) || stands_in(&words, &texts.translation),
            None => false,
        };
        if !holds {
            let named = q.clause.as_deref().unwrap_or("no clause");
            wrong.push(format!("line {}: \"{}\" ({named})", q.line, q.text));
        }
    }
    assert!(wrong.is_empty(), "quotations not found word for word in the text they name:\n{}", wrong.join("\n"));
}

#[test]
fn the_quotation_check_refuses_a_misquote_and_a_quote_from_the_other_text() {
    let texts = sources();
    // S6 as written, and as misread with an "only" it does not contain.
    assert!(stands_in(&pieces("Za prvi potez, igrač koji odigra pločicu"), &texts.serbian));
    assert!(!stands_in(&pieces("only the first move"), &texts.translation));
    // A phrase of the sheet is not in the Serbian text, nor the reverse.
    assert!(stands_in(&pieces("match any two numbers"), &texts.english));
    assert!(!stands_in(&pieces("match any two numbers"), &texts.translation));
    // Pieces around an ellipsis stand in order, and only in order.
    assert!(stands_in(&pieces("If no tiles remain to draw ... the player is recorded"), &texts.translation));
    assert!(!stands_in(&pieces("the player is recorded … If no tiles remain to draw"), &texts.translation));
    let doc = "A play (E8's \"match any two numbers\") and S6: \"Za prvi potez\" (\"For the first move\"), \"loose\".";
    let found = quotations(doc);
    let named: Vec<(&str, Option<&str>)> = found.iter().map(|q| (q.text.as_str(), q.clause.as_deref())).collect();
    assert_eq!(
        named,
        [
            ("match any two numbers", Some("E8")),
            ("Za prvi potez", Some("S6")),
            ("For the first move", Some("S6")),
            ("loose", None)
        ]
    );
}

/// Every reading's entry argues the shipped variants' values by the stated
/// principle: a paragraph that starts "Default", names the step of the
/// principle (or the exception) that decides, and names each value the
/// shipped variants take. A spec changed to a value its entry never argues
/// fails here.
#[test]
fn every_reading_argues_each_shipped_default_by_a_step_of_the_principle() {
    let doc = rules_doc();
    assert!(doc.contains("### How the shipped variants choose: one principle"));
    let variants: Vec<_> = BUILTIN_VARIANTS.iter().map(|(name, _)| builtin_variant(name).unwrap()).collect();
    let mut wrong = Vec::new();
    for reading in &READINGS {
        let section = reading_section(&doc, &reading.id.to_string());
        let Some(start) = section.find("\nDefault") else {
            wrong.push(format!("{}: no Defaults paragraph", reading.id));
            continue;
        };
        let defaults = &section[start..];
        if !["step 1", "step 2", "step 3", "exception"].iter().any(|w| defaults.contains(w)) {
            wrong.push(format!("{}: the Defaults paragraph names no step of the principle", reading.id));
        }
        for variant in &variants {
            let value = variant.rules().get(reading.name).unwrap();
            if !defaults.contains(&format!("`{value}`")) {
                wrong.push(format!("{}: {}'s value `{value}` is not argued", reading.id, variant.name()));
            }
        }
    }
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
}

/// The impact table is what the command prints: the row of R4 (one reading,
/// to keep the test short) is played again with the table's own command
/// line and must come out the same, and each reading's own line repeats
/// its rows of the table.
#[test]
fn the_impact_tables_are_what_the_command_prints_and_each_reading_repeats_its_rows() {
    let doc = rules_doc();
    let section =
        &doc[doc.find("## How much each reading matters").unwrap()..doc.find("## The shipped variants").unwrap()];
    // Each variant's table, its command line, and the row played again to
    // show that the command prints it (one cheap reading each: the whole
    // table is minutes of games).
    for (variant, games, again) in [("english", 500, "R4"), ("english-beginner", 200, "R22"), ("serbian", 200, "R22")] {
        let command =
            format!("quadominos impact --variant {variant} --games {games} --players 4 --threads 1 --format markdown");
        let at = section.find(&command).unwrap_or_else(|| panic!("the {variant} table names its command line"));
        let table: String = section[at..]
            .lines()
            .skip_while(|l| !l.starts_with('|'))
            .take_while(|l| l.starts_with('|'))
            .map(|l| format!("{l}\n"))
            .collect();
        let row = |id: &str| -> Vec<String> {
            table.lines().filter(|l| l.starts_with(&format!("| {id} "))).map(str::to_string).collect()
        };
        let args: Vec<&str> = command.split(' ').skip(1).chain(["--readings", again]).collect();
        let out = std::process::Command::new(env!("CARGO_BIN_EXE_quadominos")).args(&args).output().unwrap();
        assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
        let printed = String::from_utf8(out.stdout).unwrap();
        let again_rows = row(again);
        assert!(!again_rows.is_empty(), "{variant}: no {again} row");
        for r in &again_rows {
            assert!(printed.lines().any(|l| l == r), "{variant}: {r} is not what the command prints:\n{printed}");
        }
        let lead = format!("Impact under `{variant}` ({games} four-player greedy games");
        for reading in &READINGS {
            let id = reading.id.to_string();
            let rows = row(&id);
            assert!(!rows.is_empty(), "{variant}: {id} has no row");
            let entry = reading_section(&doc, &id);
            let line = entry.lines().find(|l| l.starts_with(&lead)).unwrap_or_else(|| panic!("{id}: no `{lead}` line"));
            for r in &rows {
                let cells: Vec<&str> = r.trim_matches('|').split('|').map(str::trim).collect();
                let value = cells[0].rsplit(" = ").next().unwrap();
                assert!(line.contains(&format!("`{value}` {}", cells[1])), "{id}: {line} lacks {r}");
            }
        }
    }
}
