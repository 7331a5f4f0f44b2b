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
        if file.ends_with("docs/RULES.md") || file.ends_with("tests/rules_doc.rs") {
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
