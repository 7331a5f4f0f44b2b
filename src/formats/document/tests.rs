use super::*;

const LISTS: &[&str] = &["board", "hand"];

fn watch(nesting: usize, entries: usize) -> Watch<'static> {
    Watch { nesting, entries, lists: LISTS, events: 1_000_000 }
}

fn breach(text: &str, w: &Watch) -> Option<Breach> {
    Document::read(text, Some(w)).err()
}

fn long(key: &str, at: (usize, usize), n: Option<usize>) -> Option<Breach> {
    Some(Breach::Long(vec![(key.to_string(), at, n)]))
}

#[test]
fn a_hand_is_counted_whatever_its_key_looks_like() {
    let w = watch(64, 3);
    for key in ["hand", "!!str hand", "? hand\n", "&k hand", "\"han\\u0064\"", "'hand'"] {
        let text = format!("variant: english\n{key}: [1, 2, 3, 4]\n");
        let found = breach(&text, &w);
        assert!(
            matches!(&found, Some(Breach::Long(l)) if l[0].0 == "hand" && l[0].2 == Some(4)),
            "{text:?}: {found:?}"
        );
        let fits = format!("variant: english\n{key}: [1, 2, 3]\n");
        assert_eq!(breach(&fits, &w), None, "{fits:?}");
    }
    // An alias of an anchored key, and a list named by an alias.
    let text = "variant: &k hand\n*k : [1, 2, 3, 4]\n";
    assert!(matches!(breach(text, &w), Some(Breach::Long(_))), "{text}");
    assert_eq!(breach("x: &l [1, 2, 3, 4]\nhand: *l\n", &w), long("hand", (2, 7), Some(4)));
    // A list under any other key, or nested deeper, is no hand.
    assert_eq!(breach("notes: [1, 2, 3, 4]\n", &w), None);
    assert_eq!(breach("x: {hand: [1, 2, 3, 4]}\n", &w), None);
    // Every long list is counted to its end; one the text stops inside
    // is only known to be long.
    let both = "board: [1, 2, 3, 4, 5]\nhand: [1, 2, 3, 4]\n";
    let expected = vec![("board".to_string(), (1, 8), Some(5)), ("hand".to_string(), (2, 7), Some(4))];
    assert_eq!(breach(both, &w), Some(Breach::Long(expected)));
    assert_eq!(breach("hand: [1, 2, 3, 4, 5\n", &w), long("hand", (1, 7), None));
    // A list of millions is not read to its end.
    let many = format!("hand: [{}]\n", vec!["1"; 3_000_000].join(", "));
    assert_eq!(breach(&many, &w), long("hand", (1, 7), None));
}

#[test]
fn nesting_counts_the_line_breaks_the_reader_knows() {
    let w = watch(3, 100);
    let text = "a: 1\n# c\u{2028}b: [[[1]]]\n";
    assert_eq!(breach(text, &w), Some(Breach::Deep { at: (3, 6) }));
    assert_eq!(breach("a: 1\nb: [[1]]\n", &w), None);
}

/// The spellings of the key `hand` a YAML (or JSON) reader reads as
/// `hand`: what follows each is the value's `: `.
const KEYS: &[&str] = &[
    "hand",
    "!!str hand",
    "? hand\n",
    "&k hand ",
    "\"han\\u0064\"",
    "\"\\x68and\"",
    "'hand'",
    "!<tag:yaml.org,2002:str> hand",
    "\"hand\"",
];

/// The line breaks YAML 1.1 (libyaml, serde_yaml) knows.
const BREAKS: &[&str] = &["\n", "\r\n", "\r", "\u{85}", "\u{2028}", "\u{2029}"];

/// The deepest nesting of a value serde_yaml builds.
fn value_depth(v: &serde_yaml::Value) -> usize {
    match v {
        serde_yaml::Value::Sequence(items) => 1 + items.iter().map(value_depth).max().unwrap_or(0),
        serde_yaml::Value::Mapping(m) => {
            1 + m.iter().map(|(k, v)| value_depth(k).max(value_depth(v))).max().unwrap_or(0)
        }
        serde_yaml::Value::Tagged(t) => value_depth(&t.value),
        _ => 0,
    }
}

/// Every spelling of the key, in flow or block style, after each of the
/// line breaks, a comment hiding the plain `\n`, with 0 to 7 entries each
/// nested 0 to 4 deep, in YAML and in JSON (8,640 texts, all of them): the
/// list is counted as serde_yaml reads it, and refused exactly when it is
/// longer than the limit; nesting likewise; and serde_yaml's own reader
/// and this one read the same value from each.
#[test]
fn each_limit_holds_on_each_spelling() {
    let limit = 4;
    let mut checked = 0;
    for (&key, &line_break, block, entries, inner, json) in
        itertools::iproduct!(KEYS, BREAKS, [false, true], 0usize..8, 0usize..5, [false, true])
    {
        let entry = format!("{}1{}", "[".repeat(inner), "]".repeat(inner));
        let text = if json {
            let key = if key.starts_with('"') { key } else { "\"hand\"" };
            format!("{{\"variant\": \"english\", {key}: [{}]}}", vec![entry.as_str(); entries].join(", "))
        } else {
            let list = if block && entries > 0 {
                format!("{line_break}{}", vec![format!("- {entry}"); entries].join(line_break))
            } else {
                format!(" [{}]", vec![entry.as_str(); entries].join(", "))
            };
            let key = key.replace('\n', line_break);
            format!("variant: english{line_break}# c{line_break}{key}:{list}{line_break}")
        };
        let value: serde_yaml::Value = serde_yaml::from_str(&text).unwrap_or_else(|e| panic!("{text:?}: {e}"));
        let hand = value.get("hand").and_then(serde_yaml::Value::as_sequence).map(Vec::len);
        assert_eq!(hand, Some(entries), "{text:?}");
        let doc = Document::read(&text, None).unwrap();
        let ours: serde_yaml::Value = de::read(&doc, None).0.unwrap();
        assert_eq!(ours, value, "{text:?}");
        let w = Watch { nesting: 64, entries: limit, lists: LISTS, events: 1_000_000 };
        let found = breach(&text, &w);
        assert_eq!(matches!(&found, Some(Breach::Long(l)) if l[0].0 == "hand"), entries > limit, "{text:?}: {found:?}");
        // Nesting: the mapping, the list, then each entry's own.
        let w = Watch { nesting: 3, entries: 100, lists: LISTS, events: 1_000_000 };
        let found = breach(&text, &w);
        assert_eq!(matches!(found, Some(Breach::Deep { .. })), value_depth(&value) > 3, "{text:?}: {found:?}");
        checked += 1;
    }
    assert_eq!(checked, KEYS.len() * BREAKS.len() * 2 * 8 * 5 * 2);
}

#[test]
fn events_past_the_limit_are_refused_where_they_pass_it() {
    // The stream's and the document's starts, the mapping's, the key, the
    // list's start, its entries, then the ends: 11 events in all.
    assert_eq!(breach("a: [1, 2, 3]\n", &Watch { events: 11, ..watch(64, 100) }), None);
    let w = Watch { events: 8, ..watch(64, 100) };
    assert_eq!(breach("a: [1, 2, 3]\n", &w), Some(Breach::ManyEvents { at: (1, 12) }));
    assert_eq!(breach("a: [1, 2, 3, 4]\n", &w), Some(Breach::ManyEvents { at: (1, 14) }));
}

#[test]
fn paths_resolve_to_where_their_node_starts() {
    let text = "variant: english\nboard:\n  - {at: [0, 0], tile: [5, 5, 5, 5]}\n  - at: [1, 0]\n    tile: [5, 5, 2, 5]\nhand: [1-4-5-5]\n";
    let doc = Document::read(text, None).unwrap();
    let at = |p: DocPath| doc.locate(&p);
    assert_eq!(at(DocPath::from("variant")), (1, 10));
    assert_eq!(at(DocPath::from("board")), (3, 3));
    assert_eq!(at(DocPath::from("board").index(0).key("tile")), (3, 24));
    assert_eq!(at(DocPath::from("board").index(1).key("tile")), (5, 11));
    assert_eq!(at(DocPath::from("board").index(1).key_name("tile")), (5, 5));
    assert_eq!(at(DocPath::from("board").index(0).key_name("tile")), (3, 18));
    assert_eq!(at(DocPath::from("hand").index(0)), (6, 8));
    // A missing node falls back to its nearest ancestor.
    assert_eq!(at(DocPath::from("board").index(7)), (3, 3));
    // A block mapping starts at its first key.
    assert_eq!(at(DocPath::root()), (1, 1));
    assert_eq!(at(DocPath::from("board").index(1)), (4, 5));
    let nested = Document::read("goal:\n  fill:\n    region: {width: 2, height: 2}\n    count: true\n", None).unwrap();
    assert_eq!(nested.locate(&DocPath::from("goal").key("fill")), (3, 5));
    // An empty value with a tag or anchor is where that is written.
    let doc = Document::read("variant: !english\nboard: []\nhand: &h  # a comment\n\ngoal: [!x , 1]\n", None).unwrap();
    assert_eq!(doc.locate(&DocPath::from("variant")), (1, 10));
    assert_eq!(doc.locate(&DocPath::from("hand")), (3, 7));
    assert_eq!(doc.locate(&DocPath::from("goal").index(0)), (5, 8));
}

#[test]
fn a_key_written_twice_is_found_at_its_second_place() {
    let dup = |text: &str| Document::read(text, None).unwrap().duplicate;
    assert_eq!(dup("a: 1\nb: {c: 1, d: 2}\n"), None);
    let text = "rules:\n  r1: {value: 1}\n  r2: {value: 2, clauses: []}\n  r1: {value: 3}\n";
    assert_eq!(dup(text), Some(((4, 3), "r1".to_string())));
    assert_eq!(dup("{x: 1, y: 2, x: 3}"), Some(((1, 14), "x".to_string())));
}

#[test]
fn a_text_the_reader_refuses_is_kept_up_to_where_it_stopped() {
    let doc = Document::read("a: [1, 2]\nb: {c: [1\n", None).unwrap();
    assert!(doc.refused.is_some());
    assert_eq!(doc.locate(&DocPath::from("a").index(1)), (1, 8));
    let doc = Document::read("a: 1\n---\nb: 2\n", None).unwrap();
    assert_eq!(doc.second, Some((2, 1)));
}

#[test]
fn a_file_is_read_once_however_many_read_it() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("p.yaml");
    let first = "# read-once test";
    let text = format!(
        "{first}\nvariant: english\nboard:\n  - {{at: [0, 0], tile: [5, 5, 5, 5]}}\nhand: [1-4-5-5]\ngoal: best-turn\nexpect: {{score: 15}}\n"
    );
    std::fs::write(&path, text).unwrap();
    READS.with(|r| r.borrow_mut().clear());
    let loaded = crate::formats::load_puzzle(&path, &crate::formats::VariantChoice::default());
    assert!(loaded.is_ok(), "{loaded:?}");
    let reads = READS.with(|r| r.borrow().clone());
    assert_eq!(reads.get(first), Some(&1), "{reads:?}");
    // The spec it names, once too.
    assert_eq!(reads.values().copied().max(), Some(1), "{reads:?}");
}

/// serde_yaml's first mistake as this reader gives it: where, and the
/// message without the place serde_yaml appends to it.
fn serde_yaml_mistake(e: &serde_yaml::Error) -> Mistake {
    let at = e.location().map(|l| (l.line(), l.column()));
    let message = e.to_string();
    let message = match at {
        Some((line, col)) => message.replacen(&format!(" at line {line} column {col}"), "", 1),
        None => message,
    };
    Mistake { at, message }
}

/// Reads `text` as `T` both ways: serde_yaml's own reader, and this one.
fn both<T: serde::de::DeserializeOwned + PartialEq + std::fmt::Debug>(text: &str) -> Option<String> {
    let theirs = serde_yaml::from_str::<T>(text).map_err(|e| serde_yaml_mistake(&e));
    let doc = Document::read(text, None).ok()?;
    let ours = de::read::<T>(&doc, None).0;
    match (&theirs, &ours) {
        (Ok(a), Ok(b)) if a == b => None,
        // serde_yaml says where no second document starts; this reader does.
        (Err(a), Err(b))
            if a.message == b.message && (a.at == b.at || a.message.contains("more than one document")) =>
        {
            None
        }
        _ => Some(format!("{}:\n  serde_yaml: {theirs:?}\n  this:       {ours:?}", std::any::type_name::<T>())),
    }
}

/// Every YAML and JSON file the project holds (puzzles, specs, the
/// bad-input catalogue, the fuzz corpora, snapshots), read as each kind of
/// input file and as a bare value: this reader reads each as serde_yaml
/// does, and refuses each with serde_yaml's words at serde_yaml's place.
#[test]
fn every_file_of_the_project_reads_as_serde_yaml_reads_it() {
    use crate::formats::{PositionFile, ScenarioFile, TileSetFile, VariantSpec};
    fn walk(dir: &std::path::Path, out: &mut Vec<std::path::PathBuf>) {
        for entry in std::fs::read_dir(dir).into_iter().flatten().flatten() {
            let path = entry.path();
            if path.is_dir() {
                walk(&path, out);
            } else {
                out.push(path);
            }
        }
    }
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut files = Vec::new();
    for dir in ["puzzles", "specs", "tests", "fuzz/corpus", "fuzz/regressions", "fuzz/transcripts", "snapshots"] {
        walk(&root.join(dir), &mut files);
    }
    let (mut compared, mut wrong) = (0, Vec::new());
    for path in files {
        let Ok(text) = std::fs::read_to_string(&path) else { continue };
        let text = text.strip_prefix('\u{feff}').unwrap_or(&text);
        compared += 1;
        let differ = [
            both::<serde_yaml::Value>(text),
            both::<Wrapped<PositionFile>>(text),
            both::<Wrapped<ScenarioFile>>(text),
            both::<Wrapped<VariantSpec>>(text),
            both::<Wrapped<TileSetFile>>(text),
        ];
        for d in differ.into_iter().flatten() {
            wrong.push(format!("{}: {d}", path.display()));
        }
    }
    let shown: Vec<&String> = wrong.iter().take(40).collect();
    assert!(wrong.is_empty(), "{} readings of {compared} files differ:\n{shown:#?}", wrong.len());
    assert!(compared > 1500, "only {compared} files compared");
}

/// A file's type compared by its debug form (the types read are not all
/// comparable).
#[derive(Debug)]
struct Wrapped<T>(T);

impl<T: std::fmt::Debug> PartialEq for Wrapped<T> {
    fn eq(&self, other: &Self) -> bool {
        format!("{:?}", self.0) == format!("{:?}", other.0)
    }
}

impl<'de, T: serde::Deserialize<'de>> serde::Deserialize<'de> for Wrapped<T> {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        T::deserialize(d).map(Wrapped)
    }
}
