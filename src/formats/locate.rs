//! Maps a path in a YAML document (`board[3].tile`) to the line and column
//! where that node starts, for problems found after deserialization (a
//! duplicate cell, a disconnected board), which serde cannot locate.

use yaml_rust2::parser::{Event, MarkedEventReceiver, Parser};
use yaml_rust2::scanner::{Marker, TScalarStyle};

use crate::error::{DocPath, Segment};

/// A node of the document with where it starts.
#[derive(Debug)]
struct Node {
    line: usize,
    col: usize,
    kind: Kind,
}

#[derive(Debug)]
enum Kind {
    Scalar(String),
    Seq(Vec<Node>),
    /// Keys with where each is written, and values; a key that is not a
    /// scalar is stored as "".
    Map(Vec<(String, (usize, usize), Node)>),
    Other,
}

/// The start of every node of a YAML document, by path.
#[derive(Debug)]
pub struct SourceMap {
    root: Option<Node>,
    /// Keys written twice in one mapping: line, column and the key, in
    /// document order.
    duplicates: Vec<(usize, usize, String)>,
}

struct Builder<'t> {
    stack: Vec<Node>,
    root: Option<Node>,
    /// Map keys waiting for their values, with where each is written, one
    /// per open mapping.
    keys: Vec<Option<(String, (usize, usize))>>,
    duplicates: Vec<(usize, usize, String)>,
    text: &'t str,
    /// The last event's place: its character index (as the parser counts),
    /// line and column (from 1).
    last: (usize, usize, usize),
    /// A character index and its byte offset in `text`, walked on only when
    /// an empty value with a tag or anchor needs a byte offset: events come
    /// in text order, so the walks add up to one pass, and a file without
    /// such a value costs none.
    cursor: (usize, usize),
}

impl<'t> Builder<'t> {
    fn new(text: &'t str) -> Builder<'t> {
        let (stack, keys, duplicates) = (Vec::new(), Vec::new(), Vec::new());
        Builder { stack, root: None, keys, duplicates, text, last: (0, 1, 1), cursor: (0, 0) }
    }

    /// The byte offset of the character at `index`, walking on from the
    /// cursor (from the start where the parser went back).
    fn byte_at(&mut self, index: usize) -> usize {
        let (from_char, from_byte) = if index >= self.cursor.0 { self.cursor } else { (0, 0) };
        let byte = self.text[from_byte..]
            .char_indices()
            .nth(index - from_char)
            .map_or(self.text.len(), |(b, _)| from_byte + b);
        self.cursor = (index, byte);
        byte
    }

    /// Where the tag or anchor of an empty value starts: the parser marks
    /// such a value (`variant: !english`, `hand: &h`) where the next token
    /// begins, often the next line; the tag or anchor is the last `!` or `&`
    /// starting a word between the last event and `here` (a character
    /// index), outside comments.
    fn marker_before(&mut self, here: usize) -> Option<(usize, usize)> {
        let (last, mut line, mut col) = self.last;
        let (start, end) = (self.byte_at(last), self.byte_at(here));
        let gap = self.text.get(start..end)?;
        let mut found = None;
        let mut comment = false;
        let mut before: Option<char> = None;
        for c in gap.chars() {
            if c == '\n' {
                (line, col, comment, before) = (line + 1, 1, false, None);
                continue;
            }
            let starts_word = before.is_none_or(|b| b.is_whitespace() || matches!(b, ':' | ',' | '[' | '{'));
            if c == '#' && before.is_none_or(char::is_whitespace) {
                comment = true;
            }
            if !comment && starts_word && matches!(c, '!' | '&') {
                found = Some((line, col));
            }
            before = Some(c);
            col += 1;
        }
        found
    }
}

impl Builder<'_> {
    fn push(&mut self, node: Node) {
        match self.stack.last_mut() {
            None => {
                if self.root.is_none() {
                    self.root = Some(node);
                }
            }
            Some(Node { kind: Kind::Seq(items), .. }) => items.push(node),
            Some(Node { line: map_line, col: map_col, kind: Kind::Map(entries) }) => {
                let pending = self.keys.last_mut().and_then(Option::take);
                match pending {
                    Some((key, at)) => entries.push((key, at, node)),
                    None => {
                        // A block mapping's start is marked where its first
                        // key ends (at the `:`); it starts at that key.
                        if entries.is_empty() && (node.line, node.col) < (*map_line, *map_col) {
                            (*map_line, *map_col) = (node.line, node.col);
                        }
                        let key = match &node.kind {
                            Kind::Scalar(s) => s.clone(),
                            _ => String::new(),
                        };
                        if !key.is_empty() && entries.iter().any(|(k, _, _)| *k == key) {
                            self.duplicates.push((node.line, node.col, key.clone()));
                        }
                        if let Some(k) = self.keys.last_mut() {
                            *k = Some((key, (node.line, node.col)));
                        }
                    }
                }
            }
            Some(_) => {}
        }
    }
}

impl Builder<'_> {
    /// Opens a mapping or sequence.
    fn open(&mut self, node: Node) {
        self.stack.push(node);
    }

    fn finish(self) -> SourceMap {
        SourceMap { root: self.root, duplicates: self.duplicates }
    }
}

impl MarkedEventReceiver for Builder<'_> {
    fn on_event(&mut self, ev: Event, mark: Marker) {
        let (mut line, mut col) = (mark.line(), mark.col() + 1);
        if let Event::Scalar(text, TScalarStyle::Plain, anchor, tag) = &ev
            && text.is_empty()
            && (*anchor != 0 || tag.is_some())
            && let Some(at) = self.marker_before(mark.index())
        {
            (line, col) = at;
        }
        self.last = (mark.index(), mark.line(), mark.col() + 1);
        match ev {
            Event::Scalar(text, ..) => self.push(Node { line, col, kind: Kind::Scalar(text) }),
            Event::Alias(_) => self.push(Node { line, col, kind: Kind::Other }),
            Event::SequenceStart(..) => self.open(Node { line, col, kind: Kind::Seq(Vec::new()) }),
            Event::MappingStart(..) => {
                self.open(Node { line, col, kind: Kind::Map(Vec::new()) });
                self.keys.push(None);
            }
            Event::SequenceEnd | Event::MappingEnd => {
                if let Some(node) = self.stack.pop() {
                    if matches!(node.kind, Kind::Map(_)) {
                        self.keys.pop();
                    }
                    self.push(node);
                }
            }
            _ => {}
        }
    }
}

impl SourceMap {
    /// Reads the node positions of `text`; a document that does not parse
    /// gives a map that locates nothing.
    pub fn new(text: &str) -> SourceMap {
        let map = SourceMap::parse(text);
        if map.root.is_some() {
            return map;
        }
        // A `\r` alone, which the YAML reader (serde_yaml) takes as a line
        // break or as a space where this parser refuses the text: read as
        // either (same length, so positions stay).
        for with in ['\n', ' '].into_iter().filter(|_| text.contains('\r')) {
            let mut chars = text.chars().peekable();
            let mut replaced = String::with_capacity(text.len());
            while let Some(c) = chars.next() {
                replaced.push(if c == '\r' && chars.peek() != Some(&'\n') { with } else { c });
            }
            let map = SourceMap::parse(&replaced);
            if map.root.is_some() {
                return map;
            }
        }
        SourceMap::partial(text)
    }

    /// What this parser read of a text it refuses (where serde_yaml is more
    /// lenient, e.g. `[-, 1]`): the collections open when it gave up are
    /// closed, so that every node before that point keeps its place.
    fn partial(text: &str) -> SourceMap {
        let mut builder = Builder::new(text);
        let _ = Parser::new_from_str(text).load(&mut builder, false);
        while let Some(node) = builder.stack.pop() {
            if matches!(node.kind, Kind::Map(_)) {
                builder.keys.pop();
            }
            builder.push(node);
        }
        builder.finish()
    }

    fn parse(text: &str) -> SourceMap {
        let mut builder = Builder::new(text);
        let mut parser = Parser::new_from_str(text);
        if parser.load(&mut builder, false).is_err() {
            return SourceMap { root: None, duplicates: Vec::new() };
        }
        builder.finish()
    }

    /// The first key written twice in one mapping (YAML forbids it; a reader
    /// would keep one of the two silently): its line, column and text.
    pub fn duplicate_key(&self) -> Option<(usize, usize, &str)> {
        self.duplicates.first().map(|(l, c, k)| (*l, *c, k.as_str()))
    }

    /// The line and column (both from 1) where the node at `path` starts (a
    /// [`Segment::KeyName`] at the key itself), or where its nearest
    /// existing ancestor starts.
    pub fn locate(&self, path: &DocPath) -> Option<(usize, usize)> {
        // Nothing read at all (a text this parser cannot start on, e.g.
        // `!:!`): the nearest ancestor of everything is the document's start.
        let Some(mut node) = self.root.as_ref() else { return Some((1, 1)) };
        for seg in &path.0 {
            let next = match (seg, &node.kind) {
                (Segment::Index(i), Kind::Seq(items)) => items.get(*i),
                (Segment::Key(k), Kind::Map(entries)) => entries.iter().find(|(key, _, _)| key == k).map(|(_, _, v)| v),
                (Segment::KeyName(k), Kind::Map(entries)) => {
                    if let Some((_, at, _)) = entries.iter().find(|(key, _, _)| key == k) {
                        return Some(*at);
                    }
                    None
                }
                _ => None,
            };
            match next {
                Some(n) => node = n,
                None => break,
            }
        }
        Some((node.line, node.col))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_empty_value_with_a_tag_or_anchor_is_where_that_is_written() {
        // The parser marks an empty value where the next token starts; the
        // place is the tag or anchor, not the next line.
        let text = "variant: !english\nboard: []\nhand: &h  # a comment with & and !\n\ngoal: [!x , 1]\n";
        let map = SourceMap::new(text);
        assert_eq!(map.locate(&DocPath::from("variant")), Some((1, 10)));
        assert_eq!(map.locate(&DocPath::from("board")), Some((2, 8)));
        assert_eq!(map.locate(&DocPath::from("hand")), Some((3, 7)));
        assert_eq!(map.locate(&DocPath::from("goal").index(0)), Some((5, 8)));
        // Multi-byte characters before: columns count characters.
        let text = "description: «é»\nvariant: !english\n";
        assert_eq!(SourceMap::new(text).locate(&DocPath::from("variant")), Some((2, 10)));
    }

    #[test]
    fn paths_resolve_to_where_their_node_starts() {
        let text = "variant: english\nboard:\n  - {at: [0, 0], tile: [5, 5, 5, 5]}\n  - at: [1, 0]\n    tile: [5, 5, 2, 5]\nhand: [1-4-5-5]\n";
        let map = SourceMap::new(text);
        assert_eq!(map.locate(&DocPath::from("variant")), Some((1, 10)));
        assert_eq!(map.locate(&DocPath::from("board")), Some((3, 3)));
        assert_eq!(map.locate(&DocPath::from("board").index(0).key("tile")), Some((3, 24)));
        assert_eq!(map.locate(&DocPath::from("board").index(1).key("tile")), Some((5, 11)));
        assert_eq!(map.locate(&DocPath::from("board").index(1).key_name("tile")), Some((5, 5)));
        assert_eq!(map.locate(&DocPath::from("board").index(0).key_name("tile")), Some((3, 18)));
        assert_eq!(map.locate(&DocPath::from("hand").index(0)), Some((6, 8)));
        // A missing node falls back to its nearest ancestor.
        assert_eq!(map.locate(&DocPath::from("board").index(7)), Some((3, 3)));
        // A block mapping starts at its first key, not at that key's `:`.
        assert_eq!(map.locate(&DocPath::root()), Some((1, 1)));
        assert_eq!(map.locate(&DocPath::from("board").index(1)), Some((4, 5)));
        let nested = "goal:\n  fill:\n    region: {width: 2, height: 2}\n    count: true\n";
        assert_eq!(SourceMap::new(nested).locate(&DocPath::from("goal").key("fill")), Some((3, 5)));
    }

    #[test]
    fn a_text_this_parser_refuses_is_located_up_to_where_it_gave_up() {
        // serde_yaml reads `[-, 5]`; yaml-rust2 refuses it.
        let text = "board:\n  - {at: [0, 0]}\n  - {at: [2, 0]}\ngoal: {at: [-, 5]}\n";
        let map = SourceMap::new(text);
        assert_eq!(map.locate(&DocPath::from("board").index(1).key("at")), Some((3, 10)));
        assert_eq!(map.locate(&DocPath::from("goal")), Some((4, 7)));
        assert_eq!(SourceMap::new("!:!").locate(&DocPath::root()), Some((1, 1)));
    }

    #[test]
    fn a_key_written_twice_is_found_at_its_second_place() {
        assert_eq!(SourceMap::new("a: 1\nb: {c: 1, d: 2}\n").duplicate_key(), None);
        let text = "rules:\n  r1: {value: 1}\n  r2: {value: 2, clauses: []}\n  r1: {value: 3}\n";
        assert_eq!(SourceMap::new(text).duplicate_key(), Some((4, 3, "r1")));
        assert_eq!(SourceMap::new("{x: 1, y: 2, x: 3}").duplicate_key(), Some((1, 14, "x")));
    }
}
