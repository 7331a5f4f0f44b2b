//! Every mistake of a file's shape in one run, not only the first.
//!
//! serde stops at the first value that does not fit, so a file with an
//! unknown key, a tile of the wrong kind and a bad hand entry would be
//! refused three times over before it read. When the whole document does
//! not fit, each part of it is read again alone: the document as read once
//! ([`super::document`]), seen with every other entry of the collections
//! around the part left out ([`View`]), so that the part is read into the
//! same type, under the same key and at the same path and place as in the
//! whole file. What goes wrong in it is then the very message the whole
//! file would give were that the only mistake. A part that does not fit is
//! looked into the same way, entry by entry, down to the smallest part that
//! still does not fit; a mapping whose entries are each fine on their own
//! but that lacks a required key says so at the mapping.
//!
//! Reading a part alone costs the part and the collections around it, so
//! the search costs the file's size times its depth at most; it stops at
//! [`BUDGET`] times the file's nodes, and says so. Where the text cannot be
//! split so (the reader refuses it, or it uses anchors and aliases, which a
//! part read alone could lose), the first mistake is all that is said.

use std::collections::HashSet;
use std::hash::{Hash, Hasher};

use serde::de::DeserializeOwned;

use super::document::de::{View, read};
use super::document::{Document, Kind, Mistake};

/// The nodes all the readings together may read, per node of the file:
/// each part is read once for each collection around it, which a file
/// within the nesting limit never comes near.
const BUDGET: usize = 32;

/// The most mistakes kept with their messages; past them only how many
/// more there are is counted.
const KEPT: usize = 1000;

/// The mistakes found: the first [`KEPT`] in the order found (document
/// order, a mapping's missing key after its entries), how many in all, and
/// whether the search stopped before it was through.
#[derive(Debug, Default)]
pub(super) struct Found {
    pub mistakes: Vec<Mistake>,
    pub total: usize,
    pub cut: bool,
    seen: HashSet<u64>,
}

impl Found {
    /// Notes a mistake; one found twice is said once.
    fn push(&mut self, mistake: Mistake) -> bool {
        let mut hasher = std::collections::hash_map::DefaultHasher::new();
        mistake.hash(&mut hasher);
        if !self.seen.insert(hasher.finish()) {
            return false;
        }
        self.total += 1;
        if self.mistakes.len() < KEPT {
            self.mistakes.push(mistake);
        }
        true
    }

    /// Just the one mistake.
    pub fn one(mistake: Mistake) -> Found {
        let mut found = Found::default();
        found.push(mistake);
        found
    }
}

/// Every mistake of the document's shape, `first` (the whole document's
/// own error) among them where no smaller part is found to hold it.
pub(super) fn every_error<T: DeserializeOwned>(doc: &Document, first: Mistake) -> Found {
    // A position-less error (several documents, the end of the stream), a
    // limit passed (the text past it must not be read again), or a document
    // that cannot be split: the file's only one.
    if first.at.is_none()
        || first.message.contains(crate::limits::RAISE_THE_LIMIT)
        || doc.refused.is_some()
        || doc.second.is_some()
        || doc.anchored
        || doc.nodes.is_empty()
    {
        return Found::one(first);
    }
    let mut search = Search::<T> {
        doc,
        found: Found::default(),
        budget: doc.nodes.len().saturating_mul(BUDGET).saturating_add(100_000),
        _type: std::marker::PhantomData,
    };
    let root = Part { path: ".".into(), parent: None, key: None, value: 0, kept: None };
    search.collect(&root, &View::default(), Some(first));
    search.found
}

/// One part of the document: a mapping's entry (its key and value), a
/// list's entry, or the whole document.
struct Part {
    /// serde_yaml's path for its value (`board[3].tile`; `.` for the
    /// whole document).
    path: String,
    /// The path of the mapping or list it is an entry of.
    parent: Option<String>,
    /// Its key's node, for a mapping's entry.
    key: Option<usize>,
    /// Its value's node.
    value: usize,
    /// The collection it is an entry of, and how it is kept there (its key,
    /// or its node and index).
    kept: Option<(usize, (usize, usize))>,
}

struct Search<'d, T> {
    doc: &'d Document,
    found: Found,
    /// Nodes the readings may still read.
    budget: usize,
    _type: std::marker::PhantomData<fn() -> T>,
}

impl<T: DeserializeOwned> Search<'_, T> {
    /// Finds the mistakes in `part`, read with only the parts around it in
    /// `around` and itself; returns how many it found.
    fn collect(&mut self, part: &Part, around: &View, first: Option<Mistake>) -> usize {
        let mut view = around.clone();
        if let Some((collection, entry)) = part.kept {
            view.keep.insert(collection, vec![entry]);
        }
        let Some(error) = first.or_else(|| self.read(&view)) else { return 0 };
        if !belongs(&error, part, self.doc) {
            return 0;
        }
        // A mistake inside the part (not the part as a whole being of the
        // wrong kind) or a key of it that does not belong: look closer.
        let inside = part.path == "." || inside(&error.message, &part.path, false);
        let unknown_key = after(&error.message, &part.path).is_some_and(|m| m.starts_with("unknown field `"));
        let kind = self.doc.nodes.get(part.value).map(|n| n.kind);
        if !(inside || unknown_key) || !matches!(kind, Some(Kind::Seq | Kind::Map)) {
            return usize::from(self.found.push(error));
        }
        let entries = self.entries(part);
        let mut found = 0;
        let mut good = Vec::new();
        for entry in &entries {
            if self.budget == 0 {
                self.found.cut = true;
                break;
            }
            let n = self.collect(entry, &view, None);
            if n == 0 {
                good.extend(entry.kept.map(|(_, k)| k));
            }
            found += n;
        }
        if found == 0 {
            return usize::from(self.found.push(error));
        }
        // A key the mapping requires and does not have: read with the
        // entries that fit alone, the mapping says which. A key written but
        // wrong is not missing, nor is one written misspelt (`moves_` for
        // `moves`), whose own message names it.
        if kind == Some(Kind::Map) && good.len() < entries.len() {
            view.keep.insert(part.value, good);
            if let Some(e) = self.read(&view) {
                let missing = after(&e.message, &part.path)
                    .and_then(|m| m.strip_prefix("missing field `"))
                    .and_then(|m| m.split('`').next());
                let written = |k: &str| {
                    entries.iter().filter_map(|p| p.key).any(|key| {
                        let key = self.doc.scalar(key);
                        key == k || crate::error::suggest::nearest(key, [k]).is_some()
                    })
                };
                if missing.is_some_and(|k| !written(k)) {
                    found += usize::from(self.found.push(e));
                }
            }
        }
        found
    }

    /// The entries of a part's value: a mapping's keys and values, a list's
    /// entries.
    fn entries(&self, part: &Part) -> Vec<Part> {
        let doc = self.doc;
        let children: Vec<usize> = doc.children(part.value).collect();
        match doc.nodes.get(part.value).map(|n| n.kind) {
            Some(Kind::Map) => children
                .chunks(2)
                .filter_map(|pair| match *pair {
                    [k, v] => Some(Part {
                        path: child(&part.path, doc, k),
                        parent: Some(part.path.clone()),
                        key: Some(k),
                        value: v,
                        kept: Some((part.value, (k, 0))),
                    }),
                    _ => None,
                })
                .collect(),
            _ => children
                .into_iter()
                .enumerate()
                .map(|(i, c)| Part {
                    path: format!("{}[{i}]", part.path),
                    parent: Some(part.path.clone()),
                    key: None,
                    value: c,
                    kept: Some((part.value, (c, i))),
                })
                .collect(),
        }
    }

    /// The document seen through `view` read into `T`: its mistake, if any.
    fn read(&mut self, view: &View) -> Option<Mistake> {
        let (result, read) = read::<T>(self.doc, Some(view));
        self.budget = self.budget.saturating_sub(read.max(1));
        result.err()
    }
}

/// Whether `error` is about `part`: about its value or something in it,
/// or, for a mapping's entry, about its key (a key the mapping does not
/// take).
fn belongs(error: &Mistake, part: &Part, doc: &Document) -> bool {
    if part.path == "." || inside(&error.message, &part.path, true) {
        return true;
    }
    let (Some(parent), Some(key)) = (&part.parent, part.key) else { return false };
    after(&error.message, parent).is_some_and(|m| m.starts_with("unknown field `"))
        && error.at == doc.nodes.get(key).map(super::document::Node::at)
}

/// The path of a mapping's entry under the mapping's path, as serde_yaml
/// writes it.
fn child(parent: &str, doc: &Document, key: usize) -> String {
    let name = match doc.nodes.get(key).map(|n| n.kind) {
        Some(Kind::Scalar(_)) => crate::error::excerpt(doc.scalar(key)),
        _ => "?".to_string(),
    };
    if parent == "." { name } else { format!("{parent}.{name}") }
}

/// The message said of the value at `path` itself: what follows `path: `
/// (the whole message for the whole document, which has no path).
fn after<'m>(message: &'m str, path: &str) -> Option<&'m str> {
    if path == "." {
        return Some(message);
    }
    message.strip_prefix(path)?.strip_prefix(": ")
}

/// Whether the message is about something inside the value at `path`
/// (`path.key…`, `path[i]…`), or, with `itself`, about that value too.
fn inside(message: &str, path: &str, itself: bool) -> bool {
    let Some(rest) = message.strip_prefix(path) else { return false };
    rest.starts_with('.') || rest.starts_with('[') || (itself && rest.starts_with(": "))
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde::Deserialize;

    #[derive(Debug, Deserialize)]
    #[serde(deny_unknown_fields)]
    struct Entry {
        #[serde(rename = "at")]
        _at: [i32; 2],
        #[serde(rename = "tile")]
        _tile: [u8; 4],
    }

    #[derive(Debug, Deserialize)]
    #[serde(deny_unknown_fields)]
    struct Doc {
        #[serde(default, rename = "name")]
        _name: Option<String>,
        #[serde(default, rename = "board")]
        _board: Vec<Entry>,
        #[serde(default, rename = "hand")]
        _hand: Vec<u32>,
    }

    fn every(text: &str) -> Vec<String> {
        let doc = Document::read(text, None).unwrap();
        let first = read::<Doc>(&doc, None).0.unwrap_err();
        let found = every_error::<Doc>(&doc, first);
        found
            .mistakes
            .iter()
            .map(|m| match m.at {
                Some((l, c)) => format!("{} at line {l} column {c}", m.message),
                None => m.message.clone(),
            })
            .collect()
    }

    #[test]
    fn every_mistake_is_found_each_as_it_is_alone() {
        let text = "name: a\ncolour: red\nboard:\n  - {at: [0, x], tile: [1, 2, 3, 4]}\n  - {at: [0, 1], tile: 7}\n  - at: [1, 1]\nhand: [1, y, 3, z]\n";
        assert_eq!(
            every(text),
            [
                "unknown field `colour`, expected one of `name`, `board`, `hand` at line 2 column 1",
                "board[0].at[1]: invalid type: string \"x\", expected i32 at line 4 column 14",
                "board[1].tile: invalid type: integer `7`, expected an array of length 4 at line 5 column 24",
                "board[2]: missing field `tile` at line 6 column 5",
                "hand[1]: invalid type: string \"y\", expected u32 at line 7 column 11",
                "hand[3]: invalid type: string \"z\", expected u32 at line 7 column 17",
            ]
        );
    }

    #[test]
    fn one_mistake_is_said_as_the_whole_file_says_it() {
        for text in [
            "name: [1]\n",
            "hand: 3\n",
            "board:\n  - {at: [0, 0]}\n",
            "[1]\n",
            "board: [{at: [0, 0], tile: [1, 2, 3]}]\n",
        ] {
            let doc = Document::read(text, None).unwrap();
            let first = read::<Doc>(&doc, None).0.unwrap_err();
            assert_eq!(every_error::<Doc>(&doc, first.clone()).mistakes, [first], "{text}");
        }
    }

    #[test]
    fn many_keys_are_each_found_and_counted_in_linear_time() {
        let text: String = (0..50_000).map(|i| format!("k{i}: 1\n")).collect();
        let doc = Document::read(&text, None).unwrap();
        let first = read::<Doc>(&doc, None).0.unwrap_err();
        let found = every_error::<Doc>(&doc, first);
        assert_eq!((found.total, found.mistakes.len(), found.cut), (50_000, KEPT, false));
    }
}
