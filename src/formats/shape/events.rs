//! The limits counted on the YAML reader's own events: the same parser
//! (libyaml, behind serde_yaml) reads the text once more, event by event,
//! before serde_yaml builds anything, and stops at the first limit passed.
//! What is counted is what the reader reads, however it is spelled: a key
//! written `!!str hand`, `? hand`, `&k hand`, `*k`, `"han\u0064"` or in JSON
//! is the key `hand`; a line break is whatever the reader takes for one
//! (`\u{85}`, `\u{2028}` and `\u{2029}` included); a list named by an alias is
//! the list it names.
//!
//! The pass keeps only the collections open and the anchors that name a
//! watched key or a watched list's length, so it costs one step per event
//! and stops as soon as a limit is passed: a two-million-tile hand is
//! refused after its first entries past the limit, a document nested
//! eighty thousand deep after its first levels past it.

use std::collections::HashMap;
use std::mem::MaybeUninit;

use libyaml_rs as sys;

/// The limits the pass holds a text to.
#[derive(Clone, Copy, Debug)]
pub struct Watch<'a> {
    /// The deepest nesting of mappings and sequences, the document's own
    /// collection being level one.
    pub nesting: usize,
    /// The most entries a list under one of `lists` may have.
    pub entries: usize,
    /// The top-level keys whose lists are counted (a board, a hand, a tile
    /// set's tiles).
    pub lists: &'a [&'a str],
    /// The most events (scalars, aliases, collection starts and ends) the
    /// whole text may have: the YAML reader holds every one of them at once
    /// before anything is deserialized.
    pub events: usize,
}

/// The first limit a text passes, with where (line and column, from 1).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Breach {
    /// A collection nested deeper than [`Watch::nesting`].
    Deep { at: (usize, usize) },
    /// A watched list with more than [`Watch::entries`] entries: its key,
    /// where the list starts.
    LongList { key: String, at: (usize, usize) },
    /// More than [`Watch::events`] events: where the first one past it is.
    ManyEvents { at: (usize, usize) },
}

/// One open collection.
struct Open {
    map: bool,
    /// Nodes read inside it so far: entries of a sequence; keys and values
    /// of a mapping.
    nodes: usize,
    /// The anchor it is given, if any.
    anchor: Option<Vec<u8>>,
    /// On a watched list, its key; on the document's own mapping, the
    /// watched key just read, until its value is read.
    watched: Option<String>,
    at: (usize, usize),
}

/// One event as the pass needs it.
pub(super) enum Event {
    /// The start or end of the stream or of a document.
    Frame,
    Scalar {
        anchor: Option<Vec<u8>>,
        value: Vec<u8>,
    },
    Alias(Vec<u8>),
    Start {
        map: bool,
        anchor: Option<Vec<u8>>,
        /// Written in flow style (`[…]`, `{…}`), not by indentation.
        flow: bool,
    },
    End,
}

/// Where an event is in the text: its start as line and column (from 1),
/// and its start and end as byte offsets.
#[derive(Clone, Copy, Debug)]
pub(super) struct Span {
    pub at: (usize, usize),
    pub start: usize,
    pub end: usize,
}

/// The first limit `text` passes as the YAML reader reads it, if any. A
/// text the reader refuses is checked up to where it gives up; the reader
/// says what is wrong there.
pub fn check(text: &str, watch: &Watch) -> Option<Breach> {
    let mut reader = Reader::new(text.as_bytes());
    let mut open: Vec<Open> = Vec::new();
    // Anchors on scalars that spell a watched key, and on sequences (with
    // their length), so that an alias counts as what it names.
    let mut keys: HashMap<Vec<u8>, String> = HashMap::new();
    let mut lengths: HashMap<Vec<u8>, usize> = HashMap::new();
    let mut events = 0usize;
    while let Some((event, at)) = reader.next() {
        events += 1;
        if events > watch.events {
            return Some(Breach::ManyEvents { at });
        }
        // Where in the document's own mapping the node is: a key, a value,
        // or neither (deeper, or the document is no mapping).
        let top = open.len() == 1 && open.first().is_some_and(|o| o.map);
        let nodes = open.last().map_or(0, |o| o.nodes);
        let (at_key, at_value) = (top && nodes.is_multiple_of(2), top && nodes % 2 == 1);
        // A node inside a watched list that is already full.
        if !matches!(event, Event::End | Event::Frame)
            && let Some(list) = open.last().filter(|o| open.len() > 1 && !o.map)
            && let Some(key) = &list.watched
            && list.nodes >= watch.entries
        {
            return Some(Breach::LongList { key: key.clone(), at: list.at });
        }
        // The watched key this node is, or whose value it is.
        let (key, value_of) = match &event {
            Event::Scalar { value, .. } if at_key => (watched_name(value, watch.lists), None),
            Event::Alias(anchor) if at_key => (keys.get(anchor).cloned(), None),
            _ if at_value => (None, open.first().and_then(|o| o.watched.clone())),
            _ => (None, None),
        };
        match event {
            Event::Frame => continue,
            Event::Scalar { anchor, value } => {
                if let (Some(anchor), Some(name)) = (anchor, watched_name(&value, watch.lists)) {
                    keys.insert(anchor, name);
                }
            }
            Event::Alias(anchor) => {
                if let Some(key) = value_of.clone()
                    && lengths.get(&anchor).is_some_and(|&n| n > watch.entries)
                {
                    return Some(Breach::LongList { key, at });
                }
            }
            Event::Start { map, anchor, .. } => {
                if let Some(parent) = open.last_mut() {
                    parent.nodes += 1;
                    if top {
                        parent.watched = key;
                    }
                }
                let watched = if map { None } else { value_of };
                open.push(Open { map, nodes: 0, anchor, watched, at });
                if open.len() > watch.nesting {
                    return Some(Breach::Deep { at });
                }
                continue;
            }
            Event::End => {
                if let Some(done) = open.pop()
                    && let Some(anchor) = done.anchor
                    && !done.map
                {
                    lengths.insert(anchor, done.nodes);
                }
                continue;
            }
        }
        // A scalar or an alias: one more node in its collection; on the
        // document's mapping, the key just read (until its value is read).
        if let Some(parent) = open.last_mut() {
            parent.nodes += 1;
            if top {
                parent.watched = key;
            }
        }
    }
    None
}

/// The watched key a scalar spells, if it is one.
fn watched_name(value: &[u8], lists: &[&str]) -> Option<String> {
    lists.iter().find(|l| l.as_bytes() == value).map(|l| l.to_string())
}

/// libyaml's event parser over a text, the same one serde_yaml reads with.
pub(super) struct Reader<'a> {
    /// Boxed so that it never moves: libyaml keeps a pointer to it.
    sys: Box<MaybeUninit<sys::yaml_parser_t>>,
    /// The text libyaml reads, which outlives the parser.
    _input: &'a [u8],
    /// The parser was initialised (and is deleted when dropped).
    live: bool,
    done: bool,
    /// The reader refused the text, or could not start.
    refused: bool,
}

impl<'a> Reader<'a> {
    pub(super) fn new(input: &'a [u8]) -> Reader<'a> {
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
        // Nothing to read and nothing to delete when it could not start.
        Reader { sys, _input: input, live, done: !live, refused: !live }
    }

    /// The next event and where it starts; `None` at the end of the stream
    /// or where the reader refuses the text.
    fn next(&mut self) -> Option<(Event, (usize, usize))> {
        self.next_spanned().map(|(event, span)| (event, span.at))
    }

    /// Whether the reader refused the text (rather than reaching its end).
    pub(super) fn refused(&self) -> bool {
        self.refused
    }

    /// The next event and where it is; `None` at the end of the stream or
    /// where the reader refuses the text.
    pub(super) fn next_spanned(&mut self) -> Option<(Event, Span)> {
        if self.done {
            return None;
        }
        let mut event = MaybeUninit::<sys::yaml_event_t>::uninit();
        // SAFETY: the parser was initialised in `new` and is not used after
        // an error; an event filled by `yaml_parser_parse` is read according
        // to its type and deleted before the next call.
        unsafe {
            let parser = self.sys.as_mut_ptr();
            if sys::yaml_parser_parse(parser, event.as_mut_ptr()).fail {
                self.done = true;
                self.refused = true;
                return None;
            }
            let event = event.assume_init_mut();
            let mark = event.start_mark;
            let at = (mark.line as usize + 1, mark.column as usize + 1);
            let span = Span { at, start: mark.index as usize, end: event.end_mark.index as usize };
            let read = match event.type_ {
                sys::YAML_STREAM_END_EVENT => {
                    self.done = true;
                    None
                }
                sys::YAML_SCALAR_EVENT => {
                    let s = event.data.scalar;
                    let value = if s.value.is_null() {
                        Vec::new()
                    } else {
                        std::slice::from_raw_parts(s.value, s.length as usize).to_vec()
                    };
                    Some(Event::Scalar { anchor: name(s.anchor), value })
                }
                sys::YAML_ALIAS_EVENT => Some(Event::Alias(name(event.data.alias.anchor).unwrap_or_default())),
                sys::YAML_SEQUENCE_START_EVENT => {
                    let s = event.data.sequence_start;
                    let flow = s.style == sys::yaml_sequence_style_t::YAML_FLOW_SEQUENCE_STYLE;
                    Some(Event::Start { map: false, anchor: name(s.anchor), flow })
                }
                sys::YAML_MAPPING_START_EVENT => {
                    let m = event.data.mapping_start;
                    let flow = m.style == sys::yaml_mapping_style_t::YAML_FLOW_MAPPING_STYLE;
                    Some(Event::Start { map: true, anchor: name(m.anchor), flow })
                }
                sys::YAML_SEQUENCE_END_EVENT | sys::YAML_MAPPING_END_EVENT => Some(Event::End),
                _ => Some(Event::Frame),
            };
            sys::yaml_event_delete(event);
            read.map(|e| (e, span))
        }
    }
}

/// An anchor's name, from libyaml's NUL-terminated string.
///
/// SAFETY: `ptr` is null or a NUL-terminated string libyaml made.
unsafe fn name(ptr: *const u8) -> Option<Vec<u8>> {
    if ptr.is_null() {
        return None;
    }
    // SAFETY: as the function's contract says.
    Some(unsafe { std::ffi::CStr::from_ptr(ptr.cast()) }.to_bytes().to_vec())
}

impl Drop for Reader<'_> {
    fn drop(&mut self) {
        if self.live {
            // SAFETY: the parser was initialised in `new` and is deleted once.
            unsafe { sys::yaml_parser_delete(self.sys.as_mut_ptr()) }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const LISTS: &[&str] = &["board", "hand"];

    fn watch(nesting: usize, entries: usize) -> Watch<'static> {
        Watch { nesting, entries, lists: LISTS, events: 1_000_000 }
    }

    #[test]
    fn a_hand_is_counted_whatever_its_key_looks_like() {
        let w = watch(64, 3);
        for key in ["hand", "!!str hand", "? hand\n", "&k hand", "\"han\\u0064\"", "'hand'"] {
            let text = format!("variant: english\n{key}: [1, 2, 3, 4]\n");
            let breach = check(&text, &w);
            assert!(matches!(&breach, Some(Breach::LongList { key, .. }) if key == "hand"), "{text:?}: {breach:?}");
            let fits = format!("variant: english\n{key}: [1, 2, 3]\n");
            assert_eq!(check(&fits, &w), None, "{fits:?}");
        }
        // An alias of an anchored key, and a list named by an alias.
        let text = "variant: &k hand\n*k : [1, 2, 3, 4]\n";
        assert!(matches!(check(text, &w), Some(Breach::LongList { .. })), "{text}");
        let text = "x: &l [1, 2, 3, 4]\nhand: *l\n";
        assert_eq!(check(text, &w), Some(Breach::LongList { key: "hand".into(), at: (2, 7) }));
        // A list under any other key, or nested deeper, is no hand.
        assert_eq!(check("notes: [1, 2, 3, 4]\n", &w), None);
        assert_eq!(check("x: {hand: [1, 2, 3, 4]}\n", &w), None);
    }

    #[test]
    fn nesting_counts_the_line_breaks_the_reader_knows() {
        let w = watch(3, 100);
        let text = "a: 1\n# c\u{2028}b: [[[1]]]\n";
        assert_eq!(check(text, &w), Some(Breach::Deep { at: (3, 6) }));
        assert_eq!(check("a: 1\nb: [[1]]\n", &w), None);
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

    /// What serde_yaml builds of `text`: the length of the list under the
    /// top-level key `hand`, and the deepest nesting.
    fn as_read(text: &str) -> Option<(Option<usize>, usize)> {
        let value: serde_yaml::Value = serde_yaml::from_str(text).ok()?;
        let hand = value.get("hand").and_then(serde_yaml::Value::as_sequence).map(Vec::len);
        Some((hand, crate::formats::shape::tests::value_depth(&value)))
    }

    /// Every spelling of the key, in flow or block style, after each of the
    /// line breaks, a comment hiding the plain `\n`, with 0 to 7 entries
    /// each nested 0 to 4 deep, in YAML and in JSON (8,640 texts, all of
    /// them): the list is counted as serde_yaml reads it, and refused
    /// exactly when it is longer than the limit; nesting likewise.
    #[test]
    fn each_limit_holds_on_each_spelling() {
        let limit = 4;
        let mut checked = 0;
        for (&key, &line_break, block, entries, inner, json) in
            itertools::iproduct!(KEYS, BREAKS, [false, true], 0usize..8, 0usize..5, [false, true])
        {
            let entry = format!("{}1{}", "[".repeat(inner), "]".repeat(inner));
            let text = if json {
                // JSON: one line, the key escaped or not.
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
            let (hand, depth) = as_read(&text).unwrap_or_else(|| panic!("serde_yaml cannot read {text:?}"));
            assert_eq!(hand, Some(entries), "{text:?}");
            let w = Watch { nesting: 64, entries: limit, lists: LISTS, events: 1_000_000 };
            let breach = check(&text, &w);
            assert_eq!(
                matches!(&breach, Some(Breach::LongList { key, .. }) if key == "hand"),
                entries > limit,
                "{text:?}: {breach:?}"
            );
            // Nesting: the mapping, the list, then each entry's own.
            let w = Watch { nesting: 3, entries: 100, lists: LISTS, events: 1_000_000 };
            let breach = check(&text, &w);
            assert_eq!(matches!(breach, Some(Breach::Deep { .. })), depth > 3, "{text:?}: {breach:?}");
            checked += 1;
        }
        assert_eq!(checked, KEYS.len() * BREAKS.len() * 2 * 8 * 5 * 2);
    }

    #[test]
    fn events_past_the_limit_are_refused_where_they_pass_it() {
        // The stream's and the document's starts, the mapping's, the key,
        // the list's start, its entries, then the ends: 11 events in all.
        assert_eq!(check("a: [1, 2, 3]\n", &Watch { events: 11, ..watch(64, 100) }), None);
        let w = Watch { events: 8, ..watch(64, 100) };
        assert_eq!(check("a: [1, 2, 3]\n", &w), Some(Breach::ManyEvents { at: (1, 12) }));
        assert_eq!(check("a: [1, 2, 3, 4]\n", &w), Some(Breach::ManyEvents { at: (1, 14) }));
    }
}
