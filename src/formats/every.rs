//! Every mistake of a file's shape in one run, not only the first.
//!
//! serde stops at the first value that does not fit, so a file with an
//! unknown key, a tile of the wrong kind and a bad hand entry would be
//! refused three times over before it read. When the whole document does
//! not fit, each part of it is read again alone: the document with every
//! other part blanked out (each character a space, each line break kept),
//! so that the part stands at its own line and column and is read into the
//! same type, under the same key, as in the whole file. What goes wrong in
//! it is then the very message the whole file would give were that the
//! only mistake. A part that does not fit is looked into the same way,
//! entry by entry, down to the smallest part that still does not fit; a
//! mapping whose entries are each fine on their own but that lacks a
//! required key says so at the mapping.
//!
//! Where the text cannot be split so (the reader refuses it, or it uses
//! anchors and aliases, which a part read alone could lose), the first
//! mistake is all that is said, as before.

use serde::de::{DeserializeOwned, IgnoredAny};

use super::shape::tree::{Kind, Node, tree};

/// The most times the document is read again in search of its mistakes:
/// each reading costs a pass over the file, and past this many the
/// mistakes found so far are said.
const READINGS: usize = 4000;

/// The longest text looked into for more than its first mistake: a file
/// written by hand is far shorter, and building the parts of a longer one
/// costs memory in proportion.
const LONGEST: usize = 1 << 20;

/// The most bytes all the readings again may pass over together: a large
/// file is read again only a few times (a 16 MB file four times), so that
/// a file that is wrong in many places costs a bounded time whatever its
/// size.
const READ_BYTES: usize = 64 << 20;

/// One mistake: where serde_yaml found it (line and column, from 1) and
/// its message, without the position serde_yaml appends.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Mistake {
    pub at: Option<(usize, usize)>,
    pub message: String,
}

impl Mistake {
    fn of(error: &serde_yaml::Error) -> Mistake {
        let at = error.location().map(|l| (l.line(), l.column()));
        let message = error.to_string();
        let message = match at {
            Some((line, col)) => message.replacen(&format!(" at line {line} column {col}"), "", 1),
            None => message,
        };
        Mistake { at, message }
    }
}

/// Every mistake of the document's shape, `first` (the whole document's
/// own error) among them where no smaller part is found to hold it.
pub fn every_error<T: DeserializeOwned>(text: &str, first: &serde_yaml::Error) -> Vec<Mistake> {
    let first = Mistake::of(first);
    // A position-less error (several documents, the end of the stream), a
    // limit passed (the text past it must not be read again), a text of a
    // size no person writes by hand, or a document that cannot be split:
    // the file's only one.
    if first.at.is_none() || first.message.contains(crate::limits::RAISE_THE_LIMIT) || text.len() > LONGEST {
        return vec![first];
    }
    let Some(root) = tree(text) else { return vec![first] };
    let most = READINGS.min(READ_BYTES / text.len().max(1));
    let mut search = Search::<T> { text, readings: 0, most, _type: std::marker::PhantomData };
    let unit = Part {
        path: ".".into(),
        view: ".".into(),
        parent: None,
        parent_path: None,
        key: None,
        value: &root,
        span: (root.start, root.end),
    };
    let mut found = search.collect(&unit, &[], Some(first));
    // One mistake found twice is said once.
    let mut seen = std::collections::HashSet::new();
    found.retain(|e| seen.insert(e.clone().message + &format!("{:?}", e.at)));
    found
}

/// One part of the document: a mapping's entry (its key and value), a
/// list's entry, or the whole document.
struct Part<'a> {
    /// serde_yaml's path for its value (`board[3].tile`; `.` for the
    /// whole document).
    path: String,
    /// Its path where it is read alone: every list it is in holds it
    /// alone, as entry 0 (`board[0].tile`).
    view: String,
    /// The mapping's or list's path where it is read alone, for an entry.
    parent: Option<String>,
    /// The mapping's or list's path in the file, for an entry.
    parent_path: Option<String>,
    /// Its key, for a mapping's entry.
    key: Option<&'a Node>,
    value: &'a Node,
    /// The bytes it spans: from its key or its list entry's `-` to the
    /// end of its value.
    span: (usize, usize),
}

struct Search<'t, T> {
    text: &'t str,
    readings: usize,
    /// The most readings again for this text: [`READINGS`], fewer for a
    /// long text ([`READ_BYTES`]).
    most: usize,
    _type: std::marker::PhantomData<fn() -> T>,
}

impl<T: DeserializeOwned> Search<'_, T> {
    /// The mistakes in `part`, read with only `kept` (the parts around it:
    /// the keys and brackets that lead to it) and itself.
    fn collect(&mut self, part: &Part, kept: &[(usize, usize)], first: Option<Mistake>) -> Vec<Mistake> {
        let error = match first {
            Some(e) => e,
            None => {
                let mut keep = kept.to_vec();
                keep.push(part.span);
                match self.read(&keep) {
                    Some(e) => e,
                    None => return Vec::new(),
                }
            }
        };
        if !belongs(&error, part) {
            return Vec::new();
        }
        // Said under the part's own path, not the one it has alone: a key
        // the mapping does not take is said of the mapping, at its path.
        let message = match (&part.parent, &part.parent_path) {
            (Some(view), Some(path)) if !inside(&error.message, &part.view, true) => {
                renamed(&error.message, view, path)
            }
            _ => renamed(&error.message, &part.view, &part.path),
        };
        let error = Mistake { at: error.at, message };
        let message = &error.message;
        // A mistake inside the part (not the part as a whole being of the
        // wrong kind) or a key of it that does not belong: look closer.
        let inside = part.path == "." || inside(message, &part.path, false);
        let unknown_key = after(message, &part.path).is_some_and(|m| m.starts_with("unknown field `"));
        if !(inside || unknown_key) || matches!(part.value.kind, Kind::Scalar(_)) {
            return vec![error];
        }
        // The parts around each entry: this part's own key (or `-`) and
        // its value's brackets.
        let mut around = kept.to_vec();
        around.push((part.span.0, part.value.start.max(part.span.0)));
        let entries = self.entries(part);
        if let (Some(first), Some(last)) = (entries.first(), entries.last())
            && matches!(part.value.kind, Kind::Seq { flow: true, .. } | Kind::Map { flow: true, .. })
        {
            around.push((part.value.start, first.span.0));
            around.push((last.span.1, part.value.end));
        }
        let mut found = Vec::new();
        let mut good = Vec::new();
        for entry in &entries {
            if self.readings >= self.most {
                break;
            }
            let mistakes = self.collect(entry, &around, None);
            if mistakes.is_empty() {
                good.push(entry.span);
            }
            found.extend(mistakes);
        }
        if found.is_empty() {
            return vec![error];
        }
        // A key the mapping requires and does not have: read with the
        // entries that fit alone, the mapping says which. A key written but
        // wrong is not missing.
        if let Kind::Map { entries: pairs, .. } = &part.value.kind
            && good.len() < entries.len()
        {
            let mut keep = around.clone();
            keep.extend(good);
            if let Some(e) = self.read(&keep) {
                let e = Mistake { at: e.at, message: renamed(&e.message, &part.view, &part.path) };
                let missing = after(&e.message, &part.path)
                    .and_then(|m| m.strip_prefix("missing field `"))
                    .and_then(|m| m.split('`').next());
                let written = |k: &str| pairs.iter().any(|(key, _)| matches!(&key.kind, Kind::Scalar(s) if s == k));
                if missing.is_some_and(|k| !written(k)) {
                    found.push(e);
                }
            }
        }
        found
    }

    /// The entries of a part's value: a mapping's keys and values, a list's
    /// entries (a list written by indentation from each entry's `-`).
    fn entries<'a>(&self, part: &Part<'a>) -> Vec<Part<'a>> {
        match &part.value.kind {
            Kind::Scalar(_) => Vec::new(),
            Kind::Map { entries, .. } => entries
                .iter()
                .map(|(k, v)| Part {
                    path: child(&part.path, k),
                    view: child(&part.view, k),
                    parent: Some(part.view.clone()),
                    parent_path: Some(part.path.clone()),
                    key: Some(k),
                    value: v,
                    span: (k.start, k.end.max(v.end)),
                })
                .collect(),
            Kind::Seq { flow, items } => {
                let mut from = part.value.start;
                let mut out = Vec::new();
                for (i, item) in items.iter().enumerate() {
                    let start = if *flow { Some(item.start) } else { dash(self.text, from, item.start) };
                    from = item.end;
                    // An entry whose `-` is not found is not read alone.
                    let Some(start) = start else { continue };
                    out.push(Part {
                        path: format!("{}[{i}]", part.path),
                        view: format!("{}[0]", part.view),
                        parent: Some(part.view.clone()),
                        parent_path: Some(part.path.clone()),
                        key: None,
                        value: item,
                        span: (start, item.end),
                    });
                }
                out
            }
        }
    }

    /// The document with only the bytes in `keep` read into `T`: its error,
    /// if any. A text that is no longer YAML once cut (it should always
    /// be) tells nothing.
    fn read(&mut self, keep: &[(usize, usize)]) -> Option<Mistake> {
        if self.readings >= self.most {
            return None;
        }
        self.readings += 1;
        let view = blanked(self.text, keep);
        let error = serde_yaml::from_str::<T>(&view).err()?;
        serde_yaml::from_str::<IgnoredAny>(&view).is_ok().then(|| Mistake::of(&error))
    }
}

/// `text` with every character outside `keep` blanked: a space, or left as
/// it is where it breaks a line, so that what is kept stays at its line and
/// column. Spaces that end a line are left out.
fn blanked(text: &str, keep: &[(usize, usize)]) -> String {
    let mut ranges = keep.to_vec();
    ranges.sort_unstable();
    let mut out = String::with_capacity(text.len());
    let mut spaces = 0usize;
    let mut next = 0;
    for (i, c) in text.char_indices() {
        while ranges.get(next).is_some_and(|&(_, end)| end <= i) {
            next += 1;
        }
        let kept = ranges.iter().skip(next).take_while(|&&(start, _)| start <= i).any(|&(_, end)| i < end);
        if matches!(c, '\n' | '\r' | '\u{85}' | '\u{2028}' | '\u{2029}') {
            spaces = 0;
            out.push(c);
        } else if kept {
            out.extend(std::iter::repeat_n(' ', spaces));
            spaces = 0;
            out.push(c);
        } else {
            spaces += 1;
        }
    }
    out
}

/// Where the `-` of a list entry written by indentation is: the first
/// token from `from` (past blanks and comments), before the entry itself.
fn dash(text: &str, from: usize, before: usize) -> Option<usize> {
    let bytes = text.as_bytes();
    let mut i = from;
    while let Some(&b) = bytes.get(i).filter(|_| i < before) {
        match b {
            b' ' | b'\t' | b'\r' | b'\n' => i += 1,
            b'#' => {
                while i < before && bytes.get(i).is_some_and(|&b| b != b'\n') {
                    i += 1;
                }
            }
            b'-' => return Some(i),
            _ => return None,
        }
    }
    None
}

/// Whether `error` is about `part`: about its value or something in it,
/// or, for a mapping's entry, about its key (a key the mapping does not
/// take).
fn belongs(error: &Mistake, part: &Part) -> bool {
    if part.view == "." || inside(&error.message, &part.view, true) {
        return true;
    }
    let (Some(parent), Some(key)) = (&part.parent, part.key) else { return false };
    after(&error.message, parent).is_some_and(|m| m.starts_with("unknown field `")) && error.at == Some(key.at)
}

/// The path of a mapping's entry under the mapping's path.
fn child(parent: &str, key: &Node) -> String {
    match &key.kind {
        Kind::Scalar(key) if parent == "." => key.clone(),
        Kind::Scalar(key) => format!("{parent}.{key}"),
        _ => format!("{parent}?"),
    }
}

/// A message about the part at `view` (its path read alone) said of it
/// at `path` (its place in the file).
fn renamed(message: &str, view: &str, path: &str) -> String {
    match message.strip_prefix(view) {
        Some(rest) if view != "." && view != path => format!("{path}{rest}"),
        _ => message.to_string(),
    }
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
    #[allow(dead_code)]
    struct Entry {
        at: [i32; 2],
        tile: [u8; 4],
    }

    #[derive(Debug, Deserialize)]
    #[serde(deny_unknown_fields)]
    #[allow(dead_code)]
    struct Doc {
        #[serde(default)]
        name: Option<String>,
        #[serde(default)]
        board: Vec<Entry>,
        #[serde(default)]
        hand: Vec<u32>,
    }

    fn every(text: &str) -> Vec<String> {
        let first = serde_yaml::from_str::<Doc>(text).unwrap_err();
        every_error::<Doc>(text, &first)
            .iter()
            .map(|m| format!("{} at line {} column {}", m.message, m.at.unwrap().0, m.at.unwrap().1))
            .collect()
    }

    #[test]
    fn each_mistake_is_found_where_it_is_written() {
        let text = "name: x\ncolour: red\nboard:\n  - at: [0, x]\n    tile: [1, 2, 3, 4]\n  - {at: [0, 1], tile: 7}\n  - at: [1, 1]\nhand: [1, y, 3, z]\n";
        assert_eq!(
            every(text),
            [
                "unknown field `colour`, expected one of `name`, `board`, `hand` at line 2 column 1",
                "board[0].at[1]: invalid type: string \"x\", expected i32 at line 4 column 13",
                "board[1].tile: invalid type: integer `7`, expected an array of length 4 at line 6 column 24",
                "board[2]: missing field `tile` at line 7 column 5",
                "hand[1]: invalid type: string \"y\", expected u32 at line 8 column 11",
                "hand[3]: invalid type: string \"z\", expected u32 at line 8 column 17",
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
            let first = serde_yaml::from_str::<Doc>(text).unwrap_err();
            assert_eq!(every_error::<Doc>(text, &first), [Mistake::of(&first)], "{text}");
        }
    }

    #[test]
    fn blanking_keeps_lines_and_columns() {
        let text = "ab: é1\ncd: [1, 2]\n";
        assert_eq!(blanked(text, &[(0, 2), (16, 17)]), "ab\n        2\n");
    }
}
