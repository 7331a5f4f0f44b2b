use super::*;

fn depth(text: &str) -> usize {
    shape(text, 1000, &[]).depth
}

#[test]
fn depth_counts_collections_as_the_parsers_do() {
    assert_eq!(depth("a: 1\n"), 1);
    assert_eq!(depth("a:\n  b: [1, [2, {c: 3}]]\n"), 5);
    assert_eq!(depth("- - - a\n"), 3);
    assert_eq!(depth("- a: 1\n  b: [x]\n"), 3);
    assert_eq!(depth("key:\n- a\n- b: {c: d}\nnext: 1\n"), 4);
    assert_eq!(depth("[a: 1]\n"), 2);
    assert_eq!(depth("[a: [b: c]]\n"), 4);
    assert_eq!(depth("[[x]: 1]\n"), 3);
    assert_eq!(depth("[x]: 1\n"), 2);
    assert_eq!(depth("{\"a\": [1, {\"b\": []}]}\n"), 4);
    assert_eq!(depth("? [a]\n: [b]\n"), 2);
    assert_eq!(depth("--- [[a]]\n--- [b]\n"), 2);
    // libyaml reads `?` in a flow as a key indicator, blank or not.
    assert_eq!(depth("[?y]\n"), 2);
    // And `:` as a value indicator, whatever follows it: no `[` here opens
    // a sequence (it is in a quoted value).
    assert_eq!(reader_depth("{&a :'[x'}\n"), Some(1));
    assert_eq!(depth("{&a :'[x'}\n"), 1);
    assert_eq!(depth("{:'[x'}\n"), 1);
    assert_eq!(depth("{:[x]}\n"), 2);
}

#[test]
fn brackets_in_scalars_comments_and_block_scalars_do_not_count() {
    assert_eq!(depth("a: \"[[[[\"\nb: '[{[{'\n"), 1);
    assert_eq!(depth("a: b[[[c\n"), 1);
    assert_eq!(depth("a: 1 # [[[[\n# {{{{\n"), 1);
    assert_eq!(depth("a: |\n  [[[[\n  {{{{\nb: >-\n   [[\n\n   [[\nc: [1]\n"), 2);
    assert_eq!(depth("a: x\n  [[[[ continued\n"), 1);
    assert_eq!(depth("[\"]]]\", 'a''[', b]\n"), 1);
}

#[test]
fn nesting_past_the_limit_is_found_where_it_goes_past() {
    let text = "a:\n  b: [1, [2, {c: 3}]]\n";
    assert_eq!(shape(text, 5, &[]).too_deep, None);
    assert_eq!(shape(text, 4, &[]).too_deep, Some((2, 14)));
    assert_eq!(shape(text, 3, &[]).too_deep, Some((2, 10)));
    // A block mapping starts at its first key.
    assert_eq!(shape(text, 1, &[]).too_deep, Some((2, 3)));
    assert_eq!(shape("[[[[[[[[1]]]]]]]]", 7, &[]).too_deep, Some((1, 8)));
    assert_eq!(shape("- - - - x\n", 3, &[]).too_deep, Some((1, 7)));
    // Inside a key of a flow sequence, everything is a level deeper.
    assert_eq!(shape("[[[x]]: 1]\n", 3, &[]).too_deep, Some((1, 3)));
    assert_eq!(shape("[[[x]]: 1]\n", 4, &[]).too_deep, None);
}

#[test]
fn a_deep_text_costs_linear_time() {
    let n = 1_000_000;
    let text = format!("a: {}{}\n", "[".repeat(n), "]".repeat(n));
    let started = std::time::Instant::now();
    assert_eq!(shape(&text, 64, &[]).too_deep, Some((1, 67)));
    let shallow = format!("a: [{}]\n", "[1], ".repeat(n));
    assert_eq!(shape(&shallow, 64, &[]).depth, 3);
    assert!(started.elapsed() < std::time::Duration::from_secs(5), "{:?}", started.elapsed());
}

#[test]
fn the_lists_under_watched_keys_are_counted() {
    let text = "board:\n  - {at: [0, 0]}\n  - {at: [1, 0]}\nhand: [1-1-1-1, 2-2-2-2, 3-3-3-3]\nother: [1, 2]\n";
    let s = shape(text, 64, &["board", "hand"]);
    let got: Vec<(&str, (usize, usize), usize)> = s.lists.iter().map(|l| (l.key.as_str(), l.at, l.entries)).collect();
    assert_eq!(got, [("board", (2, 3), 2), ("hand", (4, 7), 3)]);
    let json = "{\"hand\": [\"1-1-1-1\",\n \"2-2-2-2\"], \"board\": []}";
    let s = shape(json, 64, &["board", "hand"]);
    let got: Vec<(&str, usize)> = s.lists.iter().map(|l| (l.key.as_str(), l.entries)).collect();
    assert_eq!(got, [("hand", 2), ("board", 0)]);
    let indentless = "hand:\n- 1-1-1-1\n- 2-2-2-2\nboard: []\n";
    assert_eq!(shape(indentless, 64, &["hand"]).lists[0].entries, 2);
    // Not at the top level, or not a sequence: not counted.
    assert!(shape("a:\n  hand: [1, 2]\n", 64, &["hand"]).lists.is_empty());
    assert!(shape("hand: x\nb: [1]\n", 64, &["hand"]).lists.is_empty());
    // Entries that are mappings or hold nested lists count once.
    assert_eq!(shape("hand: [[1, 2], {a: b}, c: d, ]\n", 64, &["hand"]).lists[0].entries, 3);
}

/// What yaml-rust2's event parser makes of a text it reads whole: the
/// line of the first collection at each depth (its deepest is the
/// vector's length), or `None` when it refuses the text, or when
/// serde_yaml (libyaml) does: the pass only has to agree with YAML the
/// toolkit can read at all.
fn parser_depths(text: &str) -> Option<Vec<usize>> {
    use serde::Deserialize as _;
    for document in serde_yaml::Deserializer::from_str(text) {
        serde_yaml::Value::deserialize(document).ok()?;
    }
    use yaml_rust2::parser::{Event, MarkedEventReceiver, Parser};
    use yaml_rust2::scanner::Marker;
    #[derive(Default)]
    struct Depths {
        open: usize,
        first: Vec<usize>,
    }
    impl MarkedEventReceiver for Depths {
        fn on_event(&mut self, ev: Event, mark: Marker) {
            match ev {
                Event::SequenceStart(..) | Event::MappingStart(..) => {
                    self.open += 1;
                    if self.first.len() < self.open {
                        self.first.push(mark.line());
                    }
                }
                Event::SequenceEnd | Event::MappingEnd => self.open -= 1,
                _ => {}
            }
        }
    }
    let mut depths = Depths::default();
    Parser::new_from_str(text).load(&mut depths, true).ok()?;
    Some(depths.first)
}

/// The line of the first collection at each depth, by this pass.
fn scanned_depths(text: &str) -> Vec<usize> {
    let deepest = shape(text, 1000, &[]).depth;
    (1..=deepest).map(|d| shape(text, d - 1, &[]).too_deep.map_or(0, |(line, _)| line)).collect()
}

/// Every YAML and JSON file the project holds (puzzles, specs, the
/// bad-input catalogue, the fuzz corpora, snapshots): wherever
/// yaml-rust2 reads a file whole, this pass finds the same depth, first
/// reached on the same lines.
#[test]
fn the_pass_agrees_with_the_parser_on_every_file_of_the_project() {
    fn walk(dir: &std::path::Path, out: &mut Vec<std::path::PathBuf>) {
        for entry in std::fs::read_dir(dir).unwrap().flatten() {
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
        let Some(expected) = parser_depths(&text) else { continue };
        compared += 1;
        let got = scanned_depths(&text);
        if got != expected {
            wrong.push(format!("{}: parser {expected:?}, pass {got:?}", path.display()));
        }
    }
    assert!(wrong.is_empty(), "{} of {compared} files disagree:\n{}", wrong.len(), wrong.join("\n"));
    assert!(compared > 1500, "only {compared} files compared");
}

/// How deeply a value serde_yaml built nests: what every limit on nesting
/// is held against, whichever pass counts it.
pub(super) fn value_depth(v: &serde_yaml::Value) -> usize {
    match v {
        serde_yaml::Value::Sequence(items) => 1 + items.iter().map(value_depth).max().unwrap_or(0),
        serde_yaml::Value::Mapping(m) => {
            1 + m.iter().map(|(k, v)| value_depth(k).max(value_depth(v))).max().unwrap_or(0)
        }
        serde_yaml::Value::Tagged(t) => value_depth(&t.value),
        _ => 0,
    }
}

/// How deeply serde_yaml (libyaml, the reader of every value) nests
/// the documents of a text, or `None` when it refuses the text.
fn reader_depth(text: &str) -> Option<usize> {
    use serde::Deserialize as _;
    let mut deepest = 0;
    for document in serde_yaml::Deserializer::from_str(text) {
        deepest = deepest.max(value_depth(&serde_yaml::Value::deserialize(document).ok()?));
    }
    Some(deepest)
}

proptest::proptest! {
    #![proptest_config(proptest::prelude::ProptestConfig::with_cases(std::env::var("SHAPE_CASES").ok().and_then(|c| c.parse().ok()).unwrap_or(50_000)))]
    /// Texts made of YAML's indicators, scalars, quotes, comments and
    /// indentation: wherever serde_yaml reads one, this pass finds the
    /// depth it builds (aliases aside, which it expands); where
    /// yaml-rust2 reads it the same way, the same lines too. Cheap (some
    /// 4 µs a text), so many texts; `SHAPE_CASES=40000000` searches
    /// further (two minutes).
    #[test]
    fn the_pass_agrees_with_the_parsers_on_yaml_made_of_their_tokens(
        pieces in proptest::collection::vec(proptest::sample::select(vec![
            "[", "]", "{", "}", ", ", ",", ": ", ":", "- ", "? ", "'[x'", "a", "b", "'x'", "\"y\"", "\n", "\n  ",
            "\n    ", " ", "#c", " #c", "|\n", ">-\n", "&a ", "!t ", "-", "--- ", "\n---\n",
        ]), 0..40)
    ) {
        let text: String = pieces.concat();
        if let Some(expected) = reader_depth(&text) {
            let got = scanned_depths(&text);
            proptest::prop_assert_eq!(got.len(), expected, "{:?}", text);
            if let Some(lines) = parser_depths(&text).filter(|l| l.len() == expected) {
                proptest::prop_assert_eq!(got, lines, "{:?}", text);
            }
        }
    }
}
