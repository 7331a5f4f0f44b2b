//! Problems found in input, located by their path in the document
//! (`board[3].tile`); [`crate::formats`] turns a path into a line and column.
//!
//! May use: nothing else of the crate (every part reports problems with it).

use std::fmt;

pub mod suggest;

/// The longest excerpt of a quoted text a message shows.
const EXCERPT: usize = 80;

/// Every text quoted in `message` (in `"…"`, escaped as Rust escapes it, or
/// in backquotes) cut to its first line and at most [`EXCERPT`]
/// characters, with `…` where it was cut: a file that is not what was
/// expected (a note named as a spec) is quoted, not printed whole.
pub fn excerpts(message: &str) -> String {
    let mut out = String::with_capacity(message.len().min(1024));
    let mut rest = message;
    while let Some(open) = rest.find(['"', '`']) {
        let quote = if rest[open..].starts_with('"') { '"' } else { '`' };
        out.push_str(&rest[..=open]);
        let body = &rest[open + 1..];
        let close = if quote == '"' {
            // Past backslash escapes.
            let mut escaped = false;
            body.char_indices().find(|&(_, c)| {
                let closes = c == '"' && !escaped;
                escaped = c == '\\' && !escaped;
                closes
            })
        } else {
            body.char_indices().find(|&(_, c)| c == '`')
        };
        let Some((close, _)) = close else {
            out.push_str(&excerpt(body));
            return out;
        };
        out.push_str(&excerpt(&body[..close]));
        out.push(quote);
        rest = &body[close + 1..];
    }
    out.push_str(rest);
    out
}

/// A quoted text's first line, at most [`EXCERPT`] characters, and `…`
/// where anything was left out.
pub fn excerpt(quoted: &str) -> String {
    let line_end = [quoted.find("\\n"), quoted.find('\n')].into_iter().flatten().min().unwrap_or(quoted.len());
    let line = &quoted[..line_end];
    let mut cut: String = line.chars().take(EXCERPT).collect();
    if cut.len() == quoted.len() {
        return cut;
    }
    // Not in the middle of an escape.
    let backslashes = cut.chars().rev().take_while(|&c| c == '\\').count();
    if backslashes % 2 == 1 {
        cut.pop();
    }
    cut.push('…');
    cut
}

/// One step of a path into a YAML document.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum Segment {
    /// A mapping key.
    Key(String),
    /// A sequence index.
    Index(usize),
    /// A mapping key itself, not its value: where a key that should not be
    /// there is written. Only last in a path.
    KeyName(String),
}

/// Where in a document a problem lies, e.g. `board[3].tile`. Empty: the
/// whole document.
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct DocPath(pub Vec<Segment>);

impl DocPath {
    /// The whole document.
    pub fn root() -> DocPath {
        DocPath(Vec::new())
    }

    /// This path followed by a key.
    pub fn key(&self, key: &str) -> DocPath {
        let mut p = self.clone();
        p.0.push(Segment::Key(key.to_string()));
        p
    }

    /// This path followed by a key, located at the key itself rather than
    /// its value (a key that is not allowed there).
    pub fn key_name(&self, key: &str) -> DocPath {
        let mut p = self.clone();
        p.0.push(Segment::KeyName(key.to_string()));
        p
    }

    /// This path followed by an index.
    pub fn index(&self, i: usize) -> DocPath {
        let mut p = self.clone();
        p.0.push(Segment::Index(i));
        p
    }
}

/// Builds a path from a dotted literal such as `"board"`; for indices use
/// [`DocPath::index`].
impl From<&str> for DocPath {
    fn from(key: &str) -> DocPath {
        DocPath::root().key(key)
    }
}

impl fmt::Display for DocPath {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, seg) in self.0.iter().enumerate() {
            match seg {
                // A key is the file's text: a path shows a short excerpt of it.
                Segment::Key(k) | Segment::KeyName(k) if i == 0 => write!(f, "{}", excerpt(k))?,
                Segment::Key(k) | Segment::KeyName(k) => write!(f, ".{}", excerpt(k))?,
                Segment::Index(n) => write!(f, "[{n}]")?,
            }
        }
        Ok(())
    }
}

/// Something wrong with an input document, at a path within it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Problem {
    /// Where it is.
    pub at: DocPath,
    /// What is wrong, one sentence, citing clause ids where a rule decides.
    pub message: String,
}

impl Problem {
    /// A problem at `at`.
    pub fn new(at: DocPath, message: impl Into<String>) -> Problem {
        Problem { at, message: message.into() }
    }
}

impl fmt::Display for Problem {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.at.0.is_empty() { f.write_str(&self.message) } else { write!(f, "{}: {}", self.at, self.message) }
    }
}
