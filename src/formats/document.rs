//! Every input file is read once, event by event, by the YAML reader
//! serde_yaml itself is built on (libyaml): the one pass holds the file to
//! the input limits (nesting, the tiles a list may hold, the reader's
//! events), finds a key written twice, and keeps each node with where it is
//! written. Everything else is read from what the pass kept: the file's
//! types through serde ([`de`]), each mistake found one part at a time
//! ([`super::every`]), and the line and column of a path
//! ([`Document::locate`]). What is counted is what the reader reads,
//! however it is spelled: a key written `!!str hand`, `? hand`, `&k hand`,
//! `*k`, `"han\u0064"` or in JSON is the key `hand`; a line break is
//! whatever the reader takes for one; a list named by an alias is the list
//! it names.

pub(super) mod de;

use std::collections::HashMap;
use std::hash::{Hash, Hasher};
use std::mem::MaybeUninit;

use libyaml_rs as sys;

use crate::error::{DocPath, Segment};

/// The limits a pass holds a text to.
#[derive(Clone, Copy, Debug)]
pub(super) struct Watch<'a> {
    /// The deepest nesting of mappings and lists, the document's own
    /// collection being level one.
    pub nesting: usize,
    /// The most entries a list under one of `lists` may have.
    pub entries: usize,
    /// The top-level keys whose lists are counted (a board, a hand, a tile
    /// set's tiles).
    pub lists: &'a [&'a str],
    /// The most events (scalars, aliases, collection starts and ends) the
    /// whole text may have: every node is kept until the file is read.
    pub events: usize,
}

/// A limit the text passes, with where (line and column, from 1).
#[derive(Clone, Debug, PartialEq, Eq)]
pub(super) enum Breach {
    /// A collection nested deeper than [`Watch::nesting`].
    Deep { at: (usize, usize) },
    /// Watched lists with more than [`Watch::entries`] entries: each one's
    /// key, where it starts, and its length where the text was read to the
    /// list's end ([`COUNTED`]).
    Long(Vec<(String, (usize, usize), Option<usize>)>),
    /// More than [`Watch::events`] events: where the first one past it is.
    ManyEvents { at: (usize, usize) },
}

/// The events read on past the first list over the tile limit, to count
/// it and any other list over it to their ends: a file of a few lists over
/// the limit is told each one's length; a list of millions is told to be
/// over it, and is not read to its end.
const COUNTED: usize = 1_000_000;

/// How a scalar is written.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Style {
    Plain,
    Quoted,
    /// A literal block scalar (`|`).
    Literal,
    /// A folded block scalar (`>`).
    Folded,
}

/// What a node is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Kind {
    /// A scalar: its text is [`Document::text`].
    Scalar(Style),
    Seq,
    Map,
    /// An alias of the node at this index.
    Alias(usize),
}

/// One node of the document, in document order: a collection is followed
/// by its entries (a mapping's keys and values in turn).
#[derive(Clone, Debug)]
pub(super) struct Node {
    pub kind: Kind,
    /// Where it starts: line and column, from 1.
    pub at: (u32, u32),
    /// The index of its last descendant (its own for a scalar, an alias or
    /// an empty collection): its next sibling is at `end + 1`.
    pub end: usize,
    /// A collection the text stopped being read inside.
    pub unfinished: bool,
    /// Its scalar's text, as a range of [`Document::texts`].
    text: (usize, usize),
    /// Its tag, as an index into [`Document::tags`] plus one; 0 for none.
    tag: usize,
}

impl Node {
    /// Where it starts.
    pub fn at(&self) -> (usize, usize) {
        (self.at.0 as usize, self.at.1 as usize)
    }
}

/// A mistake the reader or a type found: where (line and column, from 1),
/// and what.
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct Mistake {
    pub at: Option<(usize, usize)>,
    pub message: String,
}

/// A text's nodes, read once.
#[derive(Debug, Default)]
pub(super) struct Document {
    pub nodes: Vec<Node>,
    /// Every scalar's text, one after the other.
    texts: String,
    tags: Vec<Box<str>>,
    /// Where the reader refused the text, and why: the nodes are those
    /// before that point.
    pub refused: Option<Mistake>,
    /// Where a second document starts (or the text goes on wrongly after
    /// the first).
    pub second: Option<(usize, usize)>,
    /// The first key written twice in one mapping: where, and the key.
    pub duplicate: Option<((usize, usize), String)>,
    /// Whether any node has an anchor (a part of such a text read alone
    /// could lose the anchor its alias names).
    pub anchored: bool,
    /// The events of the document kept (its nodes and its collections'
    /// ends), against which aliases followed are counted.
    pub events: usize,
    /// Where the stream ends: the place of a document that is not there.
    pub end: (usize, usize),
    /// The large collections' entries, for looking up many paths in them:
    /// built on the first look-up in each.
    index: std::sync::Mutex<Index>,
}

/// The entries of large collections by key or place: a mapping's keys by
/// the hash of their text, a list's entries in order.
#[derive(Debug, Default)]
struct Index {
    maps: HashMap<usize, HashMap<u64, usize>>,
    lists: HashMap<usize, Vec<usize>>,
}

/// A collection of more nodes than this is looked up through [`Index`].
const LARGE: usize = 64;

fn hashed(text: &str) -> u64 {
    let mut hasher = std::collections::hash_map::DefaultHasher::new();
    text.hash(&mut hasher);
    hasher.finish()
}

#[cfg(test)]
thread_local! {
    /// How many times each text was read, by its first line, for the test
    /// that a file is read once however many readers use it.
    pub(super) static READS: std::cell::RefCell<HashMap<String, usize>> = std::cell::RefCell::new(HashMap::new());
}

/// One open collection during the pass.
struct Open {
    /// Its node (none past the first list over the tile limit).
    node: usize,
    map: bool,
    /// Nodes read inside it so far: entries of a list; keys and values of
    /// a mapping.
    count: usize,
    anchor: Option<Vec<u8>>,
    /// On a watched list, its key; on the document's own mapping, the
    /// watched key just read, until its value is read.
    watched: Option<String>,
    at: (usize, usize),
    /// A mapping's keys so far, by the hash of their text, with the node
    /// of the first with that hash.
    keys: HashMap<u64, usize>,
}

impl Document {
    /// Reads `text`, holding it to `watch` where given. A text the reader
    /// refuses is kept up to where it gives up ([`Document::refused`]).
    pub fn read(text: &str, watch: Option<&Watch>) -> Result<Document, Breach> {
        #[cfg(test)]
        READS.with(|r| *r.borrow_mut().entry(text.lines().next().unwrap_or_default().to_string()).or_default() += 1);
        let mut doc = Document::default();
        let mut reader = Reader::new(text.as_bytes());
        let mut open: Vec<Open> = Vec::new();
        // Anchors: of the nodes kept, of scalars spelling a watched key, of
        // lists with their length, so that an alias counts as what it names.
        let mut anchors: HashMap<Vec<u8>, usize> = HashMap::new();
        let mut keys: HashMap<Vec<u8>, String> = HashMap::new();
        let mut lengths: HashMap<Vec<u8>, usize> = HashMap::new();
        let mut events = 0usize;
        // Past the first list over the limit, nothing more is kept: the
        // lists over it are counted, up to [`COUNTED`] events on.
        let mut long: Vec<(String, (usize, usize), Option<usize>)> = Vec::new();
        let mut counting: Option<usize> = None;
        let mut ended = false;
        let entries = watch.map_or(usize::MAX, |w| w.entries);
        loop {
            let (event, at, _) = match reader.next() {
                Ok(Some(e)) => e,
                Ok(None) => {
                    doc.end = reader.end;
                    break;
                }
                // After the first document, whatever the reader refuses is
                // a second one begun wrongly.
                Err(mistake) if ended => {
                    doc.second = mistake.at;
                    break;
                }
                Err(mistake) => {
                    doc.refused = Some(mistake);
                    break;
                }
            };
            events += 1;
            match counting {
                Some(from) if events - from > COUNTED => break,
                Some(_) => {}
                None if watch.is_some_and(|w| events > w.events) => return Err(Breach::ManyEvents { at }),
                None => {}
            }
            let top = open.len() == 1 && open.first().is_some_and(|o| o.map);
            let count = open.last().map_or(0, |o| o.count);
            let (at_key, at_value) = (top && count.is_multiple_of(2), top && count % 2 == 1);
            // The watched key this node is, or whose value it is.
            let watched = |name: &[u8]| watch?.lists.iter().find(|l| l.as_bytes() == name).map(|l| l.to_string());
            let (key, value_of) = match &event {
                Event::Scalar { value, .. } if at_key => (watched(value), None),
                Event::Alias(anchor) if at_key => (keys.get(anchor).cloned(), None),
                _ if at_value => (None, open.first().and_then(|o| o.watched.clone())),
                _ => (None, None),
            };
            let (kind, anchor, tag, value) = match event {
                Event::DocumentStart if ended => {
                    doc.second = Some(at);
                    break;
                }
                Event::DocumentEnd => {
                    ended = true;
                    continue;
                }
                Event::DocumentStart | Event::Frame => continue,
                Event::End => {
                    let Some(done) = open.pop() else { continue };
                    doc.events += 1;
                    if !done.map {
                        if let Some(anchor) = done.anchor {
                            lengths.insert(anchor, done.count);
                        }
                        if let Some(key) = done.watched.filter(|_| done.count > entries) {
                            long.push((key, done.at, Some(done.count)));
                        }
                    }
                    let last = doc.nodes.len().saturating_sub(1);
                    if let Some(node) = doc.nodes.get_mut(done.node) {
                        node.end = node.end.max(last);
                        node.unfinished = false;
                    }
                    continue;
                }
                Event::Alias(anchor) => {
                    if let Some(key) = value_of.clone()
                        && let Some(&n) = lengths.get(&anchor).filter(|&&n| n > entries)
                    {
                        long.push((key, at, Some(n)));
                        counting = counting.or(Some(events));
                    }
                    let target = anchors.get(&anchor).copied();
                    if target.is_none() && counting.is_none() {
                        doc.refused = Some(Mistake { at: Some(at), message: "unknown anchor".into() });
                        break;
                    }
                    (Kind::Alias(target.unwrap_or_default()), None, None, String::new())
                }
                Event::Scalar { anchor, tag, value, style } => {
                    if let (Some(anchor), Some(name)) = (&anchor, watched(&value)) {
                        keys.insert(anchor.clone(), name);
                    }
                    (Kind::Scalar(style), anchor, tag, String::from_utf8(value).unwrap_or_default())
                }
                Event::Start { map, anchor, tag } => {
                    (if map { Kind::Map } else { Kind::Seq }, anchor, tag, String::new())
                }
            };
            // One more node in the collection it is in; one past the limit
            // in a watched list, and nothing more is read.
            let depth = open.len();
            if let Some(parent) = open.last_mut() {
                parent.count += 1;
                if top {
                    parent.watched = key;
                }
                if parent.watched.is_some() && !parent.map && depth > 1 && parent.count > entries {
                    counting = counting.or(Some(events));
                }
            }
            let container = matches!(kind, Kind::Seq | Kind::Map);
            if let Some(w) = watch
                && container
                && open.len() >= w.nesting
            {
                match counting {
                    Some(_) => break,
                    None => return Err(Breach::Deep { at }),
                }
            }
            if counting.is_some() {
                if container {
                    let watched = if kind == Kind::Seq { value_of } else { None };
                    let map = kind == Kind::Map;
                    open.push(Open { node: usize::MAX, map, count: 0, anchor, watched, at, keys: HashMap::new() });
                }
                continue;
            }
            let index = doc.nodes.len();
            if let Some(anchor) = &anchor {
                anchors.insert(anchor.clone(), index);
                doc.anchored = true;
            }
            if let (Kind::Scalar(_), Some(map)) = (kind, open.last_mut().filter(|o| o.map && o.count % 2 == 1))
                && doc.duplicate.is_none()
            {
                // A key written twice in its mapping. The keys are kept
                // by their text's hash, probing on where two differ.
                let mut slot = hashed(&value);
                loop {
                    match map.keys.get(&slot) {
                        None => {
                            map.keys.insert(slot, index);
                            break;
                        }
                        Some(&first) if doc.scalar(first) == value => {
                            doc.duplicate = Some((at, value.clone()));
                            break;
                        }
                        Some(_) => slot = slot.wrapping_add(1),
                    }
                }
            }
            let text = (doc.texts.len(), doc.texts.len() + value.len());
            doc.texts.push_str(&value);
            let tag = match tag {
                Some(tag) => {
                    doc.tags.push(tag);
                    doc.tags.len()
                }
                None => 0,
            };
            doc.events += 1;
            let at32 = (at.0.min(u32::MAX as usize) as u32, at.1.min(u32::MAX as usize) as u32);
            doc.nodes.push(Node { kind, at: at32, end: index, unfinished: container, text, tag });
            if container {
                let watched = if kind == Kind::Seq { value_of } else { None };
                let map = kind == Kind::Map;
                open.push(Open { node: index, map, count: 0, anchor, watched, at, keys: HashMap::new() });
            }
        }
        if counting.is_some() {
            // A list still open where reading stopped is over the limit by
            // an amount not known.
            for o in open.iter().filter(|o| !o.map && o.count > entries) {
                if let Some(key) = &o.watched {
                    long.push((key.clone(), o.at, None));
                }
            }
            long.sort_by_key(|(_, at, _)| *at);
            return Err(Breach::Long(long));
        }
        // What is left open ends with what was read.
        let last = doc.nodes.len().saturating_sub(1);
        for o in &open {
            if let Some(node) = doc.nodes.get_mut(o.node) {
                node.end = last;
            }
        }
        Ok(doc)
    }

    /// The text of the scalar at `index` ("" for any other node).
    pub fn scalar(&self, index: usize) -> &str {
        self.nodes.get(index).and_then(|n| self.texts.get(n.text.0..n.text.1)).unwrap_or_default()
    }

    /// The tag of the node at `index`, if it has one.
    pub fn tag(&self, index: usize) -> Option<&str> {
        let tag = self.nodes.get(index)?.tag;
        self.tags.get(tag.checked_sub(1)?).map(|t| &**t)
    }

    /// The entries of the collection at `index`, in order (a mapping's keys
    /// and values in turn).
    pub fn children(&self, index: usize) -> impl Iterator<Item = usize> + '_ {
        let end = self.nodes.get(index).map_or(0, |n| n.end);
        let mut next = index + 1;
        std::iter::from_fn(move || {
            let child = next;
            (child <= end).then(|| {
                next = self.nodes.get(child).map_or(usize::MAX, |n| n.end.saturating_add(1));
                child
            })
        })
    }

    /// The node an alias names (after every alias on the way), else the node.
    fn resolved(&self, mut index: usize) -> usize {
        for _ in 0..64 {
            match self.nodes.get(index).map(|n| n.kind) {
                Some(Kind::Alias(target)) => index = target,
                _ => break,
            }
        }
        index
    }

    /// The value under the key `key` of the mapping at `map`, and the key.
    pub fn entry(&self, map: usize, key: &str) -> Option<(usize, usize)> {
        let map = self.resolved(map);
        let node = self.nodes.get(map)?;
        if node.kind != Kind::Map {
            return None;
        }
        let value = |k: usize| (k, self.nodes.get(k).map_or(k, |n| n.end) + 1);
        if node.end - map > LARGE {
            let mut index = self.index.lock().unwrap_or_else(std::sync::PoisonError::into_inner);
            let keys = index.maps.entry(map).or_insert_with(|| {
                let mut keys = HashMap::new();
                for k in self.children(map).step_by(2) {
                    keys.entry(hashed(self.scalar(self.resolved(k)))).or_insert(k);
                }
                keys
            });
            match keys.get(&hashed(key)) {
                None => return None,
                Some(&k) if self.scalar(self.resolved(k)) == key => return Some(value(k)),
                // Two keys of one hash: looked for one by one.
                Some(_) => {}
            }
        }
        let mut children = self.children(map);
        while let (Some(k), Some(v)) = (children.next(), children.next()) {
            if self.scalar(self.resolved(k)) == key {
                return Some((k, v));
            }
        }
        None
    }

    /// The entry `i` of the list at `list`.
    fn item(&self, list: usize, i: usize) -> Option<usize> {
        let list = self.resolved(list);
        let node = self.nodes.get(list).filter(|n| n.kind == Kind::Seq)?;
        if node.end - list <= LARGE {
            return self.children(list).nth(i);
        }
        let mut index = self.index.lock().unwrap_or_else(std::sync::PoisonError::into_inner);
        index.lists.entry(list).or_insert_with(|| self.children(list).collect()).get(i).copied()
    }

    /// The node at exactly `path`, where it is written.
    pub fn exact(&self, path: &DocPath) -> Option<usize> {
        let mut node = if self.nodes.is_empty() { return None } else { 0 };
        for seg in &path.0 {
            node = match seg {
                Segment::Index(i) => self.item(node, *i)?,
                Segment::Key(k) => self.entry(node, k)?.1,
                Segment::KeyName(k) => self.entry(node, k)?.0,
            };
        }
        Some(node)
    }

    /// The line and column (from 1) where the node at `path` starts, or
    /// where the nearest node on the way to it does; the document's start
    /// when nothing was read.
    pub fn locate(&self, path: &DocPath) -> (usize, usize) {
        // The longest part of the path that is written.
        let node = (0..=path.0.len()).rev().find_map(|n| self.exact(&DocPath(path.0.get(..n)?.to_vec())));
        node.and_then(|n| self.nodes.get(n)).map_or((1, 1), Node::at)
    }
}

/// An event, where it starts (line and column, from 1) and its first byte.
type Placed = (Event, (usize, usize), usize);

/// One event as the pass needs it.
enum Event {
    DocumentStart,
    DocumentEnd,
    /// The start of the stream.
    Frame,
    Scalar {
        anchor: Option<Vec<u8>>,
        tag: Option<Box<str>>,
        value: Vec<u8>,
        style: Style,
    },
    Alias(Vec<u8>),
    Start {
        map: bool,
        anchor: Option<Vec<u8>>,
        tag: Option<Box<str>>,
    },
    End,
}

/// libyaml's event parser over a text, the same one serde_yaml reads with.
struct Reader<'a> {
    /// Boxed so that it never moves: libyaml keeps a pointer to it.
    sys: Box<MaybeUninit<sys::yaml_parser_t>>,
    /// The text libyaml reads, which outlives the parser.
    _input: &'a [u8],
    /// The parser was initialised (and is deleted when dropped).
    live: bool,
    done: bool,
    /// Where the stream's end is, once read.
    end: (usize, usize),
}

impl<'a> Reader<'a> {
    fn new(input: &'a [u8]) -> Reader<'a> {
        let mut sys = Box::new(MaybeUninit::<sys::yaml_parser_t>::uninit());
        // SAFETY: the parser is initialised in place in its box, which stays
        // where it is until `drop` deletes it; the input outlives it (`'a`).
        let live = unsafe {
            let parser = sys.as_mut_ptr();
            let live = !sys::yaml_parser_initialize(parser).fail;
            if live {
                sys::yaml_parser_set_encoding(parser, sys::YAML_UTF8_ENCODING);
                sys::yaml_parser_set_input_string(parser, input.as_ptr(), input.len() as u64);
            }
            live
        };
        Reader { sys, _input: input, live, done: !live, end: (1, 1) }
    }

    /// The next event, where it starts (line and column from 1) and its
    /// first byte; `None` at the end of the stream; the reader's own words
    /// where it refuses the text.
    fn next(&mut self) -> Result<Option<Placed>, Mistake> {
        if self.done {
            return Ok(None);
        }
        let mut event = MaybeUninit::<sys::yaml_event_t>::uninit();
        // SAFETY: the parser was initialised in `new` and is not used after
        // an error; an event filled by `yaml_parser_parse` is read according
        // to its type and deleted before the next call; the strings libyaml
        // gives (problem, context, anchors, tags) are NUL-terminated.
        unsafe {
            let parser = self.sys.as_mut_ptr();
            if sys::yaml_parser_parse(parser, event.as_mut_ptr()).fail {
                self.done = true;
                return Err(refusal(&*parser));
            }
            let event = event.assume_init_mut();
            let mark = event.start_mark;
            let at = (mark.line as usize + 1, mark.column as usize + 1);
            let read = match event.type_ {
                sys::YAML_STREAM_END_EVENT => {
                    self.done = true;
                    self.end = at;
                    None
                }
                sys::YAML_DOCUMENT_START_EVENT => Some(Event::DocumentStart),
                sys::YAML_DOCUMENT_END_EVENT => Some(Event::DocumentEnd),
                sys::YAML_SCALAR_EVENT => {
                    let s = event.data.scalar;
                    let value = if s.value.is_null() {
                        Vec::new()
                    } else {
                        std::slice::from_raw_parts(s.value, s.length as usize).to_vec()
                    };
                    let style = match s.style {
                        sys::YAML_PLAIN_SCALAR_STYLE => Style::Plain,
                        sys::YAML_LITERAL_SCALAR_STYLE => Style::Literal,
                        sys::YAML_FOLDED_SCALAR_STYLE => Style::Folded,
                        _ => Style::Quoted,
                    };
                    Some(Event::Scalar { anchor: c_bytes(s.anchor), tag: c_text(s.tag), value, style })
                }
                sys::YAML_ALIAS_EVENT => Some(Event::Alias(c_bytes(event.data.alias.anchor).unwrap_or_default())),
                sys::YAML_SEQUENCE_START_EVENT => {
                    let s = event.data.sequence_start;
                    Some(Event::Start { map: false, anchor: c_bytes(s.anchor), tag: c_text(s.tag) })
                }
                sys::YAML_MAPPING_START_EVENT => {
                    let m = event.data.mapping_start;
                    Some(Event::Start { map: true, anchor: c_bytes(m.anchor), tag: c_text(m.tag) })
                }
                sys::YAML_SEQUENCE_END_EVENT | sys::YAML_MAPPING_END_EVENT => Some(Event::End),
                _ => Some(Event::Frame),
            };
            sys::yaml_event_delete(event);
            Ok(read.map(|e| (e, at, mark.index as usize)))
        }
    }
}

/// The reader's refusal as serde_yaml words it: the problem, where it is
/// (as a byte offset where the reader gives no line), and the construct
/// being read with where it began.
///
/// SAFETY: `parser` has just failed, so its problem and context are null
/// or NUL-terminated strings libyaml made.
unsafe fn refusal(parser: &sys::yaml_parser_t) -> Mistake {
    // SAFETY: as the function's contract says.
    let (problem, context) = unsafe { (c_text(parser.problem.cast()), c_text(parser.context.cast())) };
    let problem = problem.unwrap_or_else(|| "the YAML reader stopped".into());
    let (pm, cm) = (parser.problem_mark, parser.context_mark);
    let mut message = problem.to_string();
    if pm.line == 0 && pm.column == 0 && parser.problem_offset != 0 {
        message.push_str(&format!(" at position {}", parser.problem_offset));
    }
    if let Some(context) = context {
        message.push_str(&format!(", {context}"));
        if (cm.line != 0 || cm.column != 0) && (cm.line != pm.line || cm.column != pm.column) {
            message.push_str(&format!(" at line {} column {}", cm.line + 1, cm.column + 1));
        }
    }
    Mistake { at: Some((pm.line as usize + 1, pm.column as usize + 1)), message }
}

/// An anchor's name, from libyaml's NUL-terminated string.
///
/// SAFETY: `ptr` is null or a NUL-terminated string libyaml made.
unsafe fn c_bytes(ptr: *const u8) -> Option<Vec<u8>> {
    if ptr.is_null() {
        return None;
    }
    // SAFETY: as the function's contract says.
    Some(unsafe { std::ffi::CStr::from_ptr(ptr.cast()) }.to_bytes().to_vec())
}

/// A tag, a problem or a context, from libyaml's NUL-terminated string.
///
/// SAFETY: `ptr` is null or a NUL-terminated string libyaml made.
unsafe fn c_text(ptr: *const u8) -> Option<Box<str>> {
    // SAFETY: as the function's contract says.
    let bytes = unsafe { c_bytes(ptr) }?;
    Some(String::from_utf8_lossy(&bytes).into())
}

impl Drop for Reader<'_> {
    fn drop(&mut self) {
        if self.live {
            // SAFETY: the parser was initialised in `new` and is deleted once.
            unsafe { sys::yaml_parser_delete(self.sys.as_mut_ptr()) }
        }
    }
}

/// Where each plain scalar without a tag starts (its first byte) and its
/// text, for the writer that quotes what YAML 1.1 would read otherwise;
/// `None` for a text the reader refuses.
pub(super) fn plain_scalars(text: &str) -> Option<Vec<(usize, String)>> {
    let mut reader = Reader::new(text.as_bytes());
    let mut out = Vec::new();
    while let Some((event, _, byte)) = reader.next().ok()? {
        if let Event::Scalar { value, style: Style::Plain, tag: None, .. } = event {
            out.push((byte, String::from_utf8(value).ok()?));
        }
    }
    Some(out)
}

#[cfg(test)]
mod tests;
