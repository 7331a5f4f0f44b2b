//! The file's types read from the nodes the pass kept, through serde: the
//! same readings of every scalar, tag and collection, and the same messages
//! with the same paths and places, as serde_yaml's own reader over the same
//! events (this follows its `de.rs` step for step), so that a file reads
//! and is refused exactly as serde_yaml would read and refuse it; but from
//! nodes already read, so that the text is read once, and so that any part
//! can be read again alone ([`View`]) at no cost but its own.
//!
//! This file is long because it is one deserializer, method for method
//! after serde_yaml's: every way serde asks for a value (a number, a
//! string, an option, a list, a mapping, an enum by name or by tag) reads
//! the same node, and split up they would only hand it back and forth.

use std::cell::Cell;
use std::collections::HashMap;
use std::fmt;
use std::num::ParseIntError;

use serde::de::{self, DeserializeOwned, DeserializeSeed, Expected, Unexpected, Visitor};

use super::{Document, Kind, Mistake, Style};

const NULL: &str = "tag:yaml.org,2002:null";
const BOOL: &str = "tag:yaml.org,2002:bool";
const INT: &str = "tag:yaml.org,2002:int";
const FLOAT: &str = "tag:yaml.org,2002:float";

/// The collections read as holding only some of their entries: each
/// collection's node, with the entries kept (for a list with the index
/// each has in the file, which its path keeps).
#[derive(Clone, Debug, Default)]
pub(in crate::formats) struct View {
    pub keep: HashMap<usize, Vec<(usize, usize)>>,
}

/// What every reader of one document shares.
struct Shared<'a> {
    doc: &'a Document,
    view: Option<&'a View>,
    /// Aliases followed, against an alias bomb.
    jumps: Cell<usize>,
    /// Nodes read, for the caller's budget.
    read: Cell<usize>,
}

/// `T` read from the document, seen through `view` where given; with the
/// number of nodes read.
pub(in crate::formats) fn read<T: DeserializeOwned>(
    doc: &Document,
    view: Option<&View>,
) -> (std::result::Result<T, Mistake>, usize) {
    let shared = Shared { doc, view, jumps: Cell::new(0), read: Cell::new(0) };
    let root = (!doc.nodes.is_empty()).then_some(0);
    let result = match (root, &doc.refused) {
        (None, Some(refused)) => Err(refused.clone()),
        _ => {
            let de = De { s: &shared, node: root, path: Path::Root, depth: 128, current_enum: None };
            match T::deserialize(de) {
                Ok(_) if doc.refused.is_some() => Err(doc.refused.clone().unwrap_or_else(eof)),
                Ok(_) if doc.second.is_some() => Err(Mistake {
                    at: doc.second,
                    message: "deserializing from YAML containing more than one document is not supported".into(),
                }),
                Ok(value) => Ok(value),
                Err(e) => Err(e.into()),
            }
        }
    };
    (result, shared.read.get())
}

/// `T` read from the node at `node` alone.
pub(in crate::formats) fn read_at<T: DeserializeOwned>(doc: &Document, node: usize) -> std::result::Result<T, Mistake> {
    let shared = Shared { doc, view: None, jumps: Cell::new(0), read: Cell::new(0) };
    let de = De { s: &shared, node: Some(node), path: Path::Root, depth: 128, current_enum: None };
    T::deserialize(de).map_err(Mistake::from)
}

fn eof() -> Mistake {
    Mistake { at: None, message: "EOF while parsing a value".into() }
}

/// Where a value is, as serde_yaml writes it: `board[3].tile`, `.` for
/// the whole document.
#[derive(Clone, Copy)]
enum Path<'a> {
    Root,
    Seq { parent: &'a Path<'a>, index: usize },
    Map { parent: &'a Path<'a>, key: &'a str },
    Alias { parent: &'a Path<'a> },
    Unknown { parent: &'a Path<'a> },
}

impl fmt::Display for Path<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let parent = |f: &mut fmt::Formatter<'_>, p: &Path| match p {
            Path::Root => Ok(()),
            p => write!(f, "{p}."),
        };
        match self {
            Path::Root => f.write_str("."),
            Path::Seq { parent, index } => write!(f, "{parent}[{index}]"),
            Path::Map { parent: p, key } => {
                parent(f, p)?;
                // A key is the file's text: a path shows a short excerpt.
                f.write_str(&crate::error::excerpt(key))
            }
            Path::Alias { parent } => write!(f, "{parent}"),
            Path::Unknown { parent: p } => {
                parent(f, p)?;
                f.write_str("?")
            }
        }
    }
}

/// A mistake while reading: serde's words, and once known where it is and
/// at what path.
#[derive(Debug)]
pub(in crate::formats) struct Error {
    message: String,
    at: Option<(usize, usize)>,
    path: Option<String>,
    /// Its place is settled: it was given one, or it is about no one node.
    placed: bool,
}

impl Error {
    fn fixed(mistake: Mistake) -> Error {
        Error { message: mistake.message, at: mistake.at, path: None, placed: true }
    }

    /// Said where it arose: the innermost node read places it.
    fn place(mut self, at: (usize, usize), path: &Path) -> Error {
        if !self.placed {
            (self.at, self.path, self.placed) = (Some(at), Some(path.to_string()), true);
        }
        self
    }
}

impl From<Error> for Mistake {
    fn from(e: Error) -> Mistake {
        let message = match e.path {
            Some(path) if path != "." => format!("{path}: {}", e.message),
            _ => e.message,
        };
        Mistake { at: e.at, message }
    }
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.message)
    }
}

impl std::error::Error for Error {}

impl de::Error for Error {
    fn custom<T: fmt::Display>(msg: T) -> Error {
        Error { message: msg.to_string(), at: None, path: None, placed: false }
    }
}

type Result<T> = std::result::Result<T, Error>;

#[derive(Clone, Copy)]
struct CurrentEnum<'a> {
    name: Option<&'static str>,
    tag: &'a str,
}

/// A reader of one node (`None`: a stream with no document).
struct De<'a> {
    s: &'a Shared<'a>,
    node: Option<usize>,
    path: Path<'a>,
    depth: u8,
    current_enum: Option<CurrentEnum<'a>>,
}

/// A node as the readers see it.
#[derive(Clone, Copy)]
enum Seen<'a> {
    Scalar { value: &'a str, style: Style, tag: Option<&'a str> },
    Seq { tag: Option<&'a str> },
    Map { tag: Option<&'a str> },
    Alias(usize),
    Void,
}

impl<'a> De<'a> {
    fn seen(&self) -> Seen<'a> {
        let doc = self.s.doc;
        let Some(index) = self.node else { return Seen::Void };
        self.s.read.set(self.s.read.get() + 1);
        let tag = doc.tag(index);
        match doc.nodes.get(index).map(|n| n.kind) {
            Some(Kind::Scalar(style)) => Seen::Scalar { value: doc.scalar(index), style, tag },
            Some(Kind::Seq) => Seen::Seq { tag },
            Some(Kind::Map) => Seen::Map { tag },
            Some(Kind::Alias(target)) => Seen::Alias(target),
            None => Seen::Void,
        }
    }

    fn at(&self) -> (usize, usize) {
        self.node.and_then(|i| self.s.doc.nodes.get(i)).map_or(self.s.doc.end, super::Node::at)
    }

    fn tagged_already(&self) -> bool {
        self.current_enum.is_some()
    }

    /// The node an alias names, read in its place.
    fn jump<'b>(&'b self, target: usize) -> Result<De<'b>> {
        let jumps = self.s.jumps.get() + 1;
        self.s.jumps.set(jumps);
        if jumps > self.s.doc.events.saturating_mul(100) {
            return Err(Error::fixed(Mistake { at: None, message: "repetition limit exceeded".into() }));
        }
        Ok(De {
            s: self.s,
            node: Some(target),
            path: Path::Alias { parent: &self.path },
            depth: self.depth,
            current_enum: None,
        })
    }

    fn deeper(&self) -> Result<u8> {
        self.depth
            .checked_sub(1)
            .ok_or_else(|| Error::fixed(Mistake { at: Some(self.at()), message: "recursion limit exceeded".into() }))
    }

    /// The entries of this collection read (a mapping's keys and values in
    /// turn), with each list entry's index in the file.
    fn entries(&self) -> Entries {
        let doc = self.s.doc;
        let Some(index) = self.node else { return Entries { kept: Vec::new(), next: 0, unfinished: false } };
        let unfinished = doc.nodes.get(index).is_some_and(|n| n.unfinished);
        let kept: Vec<(usize, usize)> = match self.s.view.and_then(|v| v.keep.get(&index)) {
            Some(kept) => match doc.nodes.get(index).map(|n| n.kind) {
                Some(Kind::Map) => kept
                    .iter()
                    .flat_map(|&(key, _)| [(key, 0), (doc.nodes.get(key).map_or(key, |n| n.end) + 1, 0)])
                    .collect(),
                _ => kept.clone(),
            },
            None => doc.children(index).enumerate().map(|(i, c)| (c, i)).collect(),
        };
        Entries { kept, next: 0, unfinished }
    }

    fn visit_sequence<'de, V: Visitor<'de>>(self, visitor: V) -> Result<V::Value> {
        let depth = self.deeper()?;
        let mut seq = SeqAccess { s: self.s, path: &self.path, depth, entries: self.entries(), len: 0 };
        let value = visitor.visit_seq(&mut seq)?;
        let len = seq.len;
        let mut total = len;
        while seq.entries.next_in(self.s.doc).transpose()?.is_some() {
            total += 1;
        }
        if total != len {
            return Err(de::Error::invalid_length(total, &Length(len, "sequence of", "element")));
        }
        Ok(value)
    }

    fn visit_mapping<'de, V: Visitor<'de>>(self, visitor: V) -> Result<V::Value> {
        let depth = self.deeper()?;
        let mut map = MapAccess { s: self.s, path: &self.path, depth, entries: self.entries(), len: 0, key: None };
        let value = visitor.visit_map(&mut map)?;
        let len = map.len;
        let mut total = len;
        while map.entries.next_in(self.s.doc).transpose()?.is_some() {
            map.entries.next_in(self.s.doc).transpose()?;
            total += 1;
        }
        if total != len {
            return Err(de::Error::invalid_length(total, &Length(len, "map containing", "entry")));
        }
        Ok(value)
    }

    /// An empty scalar or nothing at all, read as an empty collection.
    fn empty(&self) -> bool {
        match self.seen() {
            Seen::Void => true,
            Seen::Scalar { value, style, .. } => value.is_empty() && style == Style::Plain,
            _ => false,
        }
    }

    /// A scalar read by `parse` where it is plain, or a literal block
    /// tagged `tag`; anything else is of the wrong type.
    fn typed<'de, V: Visitor<'de>, N>(
        self,
        visitor: V,
        tag: &str,
        parse: fn(&str) -> Option<N>,
        visit: fn(V, N) -> Result<V::Value>,
    ) -> Result<V::Value> {
        let seen = self.seen();
        let result = match seen {
            Seen::Alias(target) => return self.jump(target)?.typed(visitor, tag, parse, visit),
            Seen::Scalar { value, style, tag: written }
                if plain_or_tagged_literal(tag, style, written, self.tagged_already()) =>
            {
                match parse(value) {
                    Some(n) => visit(visitor, n),
                    None => Err(invalid_type(&seen, &visitor)),
                }
            }
            _ => Err(invalid_type(&seen, &visitor)),
        };
        self.placed(result)
    }

    fn placed<T>(&self, result: Result<T>) -> Result<T> {
        let at = self.at();
        result.map_err(|e| e.place(at, &self.path))
    }
}

/// The length a visitor read of a collection that holds more: `sequence
/// of 2 elements`, `map containing 1 entry`.
struct Length(usize, &'static str, &'static str);

impl Expected for Length {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let Length(n, what, one) = *self;
        let many = if one == "entry" { "entries".to_string() } else { format!("{one}s") };
        write!(f, "{what} {n} {}", if n == 1 { one } else { &many })
    }
}

/// The entries of one collection, as read.
struct Entries {
    kept: Vec<(usize, usize)>,
    next: usize,
    unfinished: bool,
}

impl Entries {
    /// The next entry's node and index in the file; at the end of a
    /// collection the text stopped being read inside, the reader's refusal.
    fn next_in(&mut self, doc: &Document) -> Option<Result<(usize, usize)>> {
        let entry = self.kept.get(self.next).copied();
        self.next += 1;
        match entry {
            Some(e) => Some(Ok(e)),
            None if self.unfinished => {
                self.unfinished = false;
                Some(Err(Error::fixed(doc.refused.clone().unwrap_or_else(eof))))
            }
            None => None,
        }
    }
}

struct SeqAccess<'a, 'p> {
    s: &'a Shared<'a>,
    path: &'p Path<'p>,
    depth: u8,
    entries: Entries,
    len: usize,
}

impl<'de> de::SeqAccess<'de> for SeqAccess<'_, '_> {
    type Error = Error;

    fn next_element_seed<T: DeserializeSeed<'de>>(&mut self, seed: T) -> Result<Option<T::Value>> {
        let Some(entry) = self.entries.next_in(self.s.doc) else { return Ok(None) };
        let (node, index) = entry?;
        self.len += 1;
        let de = De {
            s: self.s,
            node: Some(node),
            path: Path::Seq { parent: self.path, index },
            depth: self.depth,
            current_enum: None,
        };
        seed.deserialize(de).map(Some)
    }
}

struct MapAccess<'a, 'p> {
    s: &'a Shared<'a>,
    path: &'p Path<'p>,
    depth: u8,
    entries: Entries,
    len: usize,
    /// The last key read, where it is a scalar.
    key: Option<&'a str>,
}

impl<'de> de::MapAccess<'de> for MapAccess<'_, '_> {
    type Error = Error;

    fn next_key_seed<K: DeserializeSeed<'de>>(&mut self, seed: K) -> Result<Option<K::Value>> {
        let Some(entry) = self.entries.next_in(self.s.doc) else { return Ok(None) };
        let (node, _) = entry?;
        self.len += 1;
        self.key = match self.s.doc.nodes.get(node).map(|n| n.kind) {
            Some(Kind::Scalar(_)) => Some(self.s.doc.scalar(node)),
            _ => None,
        };
        let de = De { s: self.s, node: Some(node), path: *self.path, depth: self.depth, current_enum: None };
        seed.deserialize(de).map(Some)
    }

    fn next_value_seed<V: DeserializeSeed<'de>>(&mut self, seed: V) -> Result<V::Value> {
        let (node, _) = match self.entries.next_in(self.s.doc) {
            Some(entry) => entry?,
            None => return Err(Error::fixed(eof())),
        };
        let path = match self.key {
            Some(key) => Path::Map { parent: self.path, key },
            None => Path::Unknown { parent: self.path },
        };
        seed.deserialize(De { s: self.s, node: Some(node), path, depth: self.depth, current_enum: None })
    }
}

/// A tagged node read as the enum variant its tag names.
struct EnumAccess<'a> {
    de: De<'a>,
    name: Option<&'static str>,
    tag: &'a str,
}

impl<'de, 'a> de::EnumAccess<'de> for EnumAccess<'a> {
    type Error = Error;
    type Variant = De<'a>;

    fn variant_seed<V: DeserializeSeed<'de>>(self, seed: V) -> Result<(V::Value, De<'a>)> {
        let variant = seed.deserialize(de::value::StrDeserializer::<Error>::new(self.tag))?;
        let de = De { current_enum: Some(CurrentEnum { name: self.name, tag: self.tag }), ..self.de };
        Ok((variant, de))
    }
}

impl<'de> de::VariantAccess<'de> for De<'_> {
    type Error = Error;

    fn unit_variant(self) -> Result<()> {
        de::Deserialize::deserialize(self)
    }

    fn newtype_variant_seed<T: DeserializeSeed<'de>>(self, seed: T) -> Result<T::Value> {
        seed.deserialize(self)
    }

    fn tuple_variant<V: Visitor<'de>>(self, _len: usize, visitor: V) -> Result<V::Value> {
        de::Deserializer::deserialize_seq(self, visitor)
    }

    fn struct_variant<V: Visitor<'de>>(self, fields: &'static [&'static str], visitor: V) -> Result<V::Value> {
        de::Deserializer::deserialize_struct(self, "", fields, visitor)
    }
}

/// A plain scalar read as the variant it names.
struct UnitVariantAccess<'a> {
    de: De<'a>,
}

impl<'de, 'a> de::EnumAccess<'de> for UnitVariantAccess<'a> {
    type Error = Error;
    type Variant = Self;

    fn variant_seed<V: DeserializeSeed<'de>>(self, seed: V) -> Result<(V::Value, Self)> {
        Ok((seed.deserialize(self.de.clone())?, self))
    }
}

impl<'de> de::VariantAccess<'de> for UnitVariantAccess<'_> {
    type Error = Error;

    fn unit_variant(self) -> Result<()> {
        Ok(())
    }

    fn newtype_variant_seed<T: DeserializeSeed<'de>>(self, _seed: T) -> Result<T::Value> {
        Err(de::Error::invalid_type(Unexpected::UnitVariant, &"newtype variant"))
    }

    fn tuple_variant<V: Visitor<'de>>(self, _len: usize, _visitor: V) -> Result<V::Value> {
        Err(de::Error::invalid_type(Unexpected::UnitVariant, &"tuple variant"))
    }

    fn struct_variant<V: Visitor<'de>>(self, _fields: &'static [&'static str], _visitor: V) -> Result<V::Value> {
        Err(de::Error::invalid_type(Unexpected::UnitVariant, &"struct variant"))
    }
}

impl Clone for De<'_> {
    fn clone(&self) -> Self {
        De { s: self.s, node: self.node, path: self.path, depth: self.depth, current_enum: self.current_enum }
    }
}

fn visit_scalar<'de, V: Visitor<'de>>(
    visitor: V,
    value: &str,
    style: Style,
    tag: Option<&str>,
    tagged_already: bool,
) -> Result<V::Value> {
    match (tag, tagged_already) {
        (Some(BOOL), false) => {
            return match parse_bool(value) {
                Some(v) => visitor.visit_bool(v),
                None => Err(de::Error::invalid_value(Unexpected::Str(value), &"a boolean")),
            };
        }
        (Some(INT), false) => {
            return match visit_int(visitor, value) {
                Ok(result) => result,
                Err(_) => Err(de::Error::invalid_value(Unexpected::Str(value), &"an integer")),
            };
        }
        (Some(FLOAT), false) => {
            return match parse_f64(value) {
                Some(v) => visitor.visit_f64(v),
                None => Err(de::Error::invalid_value(Unexpected::Str(value), &"a float")),
            };
        }
        (Some(NULL), false) => {
            return match parse_null(value) {
                true => visitor.visit_unit(),
                false => Err(de::Error::invalid_value(Unexpected::Str(value), &"null")),
            };
        }
        (Some(tag), false) if tag.starts_with('!') && style == Style::Plain => {
            return visit_untagged_scalar(visitor, value);
        }
        (Some(_), false) => {}
        _ if style == Style::Plain => return visit_untagged_scalar(visitor, value),
        _ => {}
    }
    visitor.visit_str(value)
}

fn parse_null(scalar: &str) -> bool {
    matches!(scalar, "null" | "Null" | "NULL" | "~")
}

fn parse_bool(scalar: &str) -> Option<bool> {
    match scalar {
        "true" | "True" | "TRUE" => Some(true),
        "false" | "False" | "FALSE" => Some(false),
        _ => None,
    }
}

/// An integer in one of YAML 1.2's forms (`0x`, `0o`, `0b`, decimal), as
/// `from_str_radix` reads it into the type asked for.
fn parse_int<T>(
    scalar: &str,
    from_str_radix: fn(&str, u32) -> std::result::Result<T, ParseIntError>,
    signed: bool,
) -> Option<T> {
    let unpositive = match scalar.strip_prefix('+') {
        Some(rest) if rest.starts_with(['+', '-']) => return None,
        Some(rest) => rest,
        None => scalar,
    };
    for (prefix, radix) in [("0x", 16), ("0o", 8), ("0b", 2)] {
        if let Some(rest) = unpositive.strip_prefix(prefix) {
            if rest.starts_with(['+', '-']) {
                return None;
            }
            if let Ok(int) = from_str_radix(rest, radix) {
                return Some(int);
            }
        }
        if let Some(rest) = scalar.strip_prefix('-').and_then(|r| r.strip_prefix(prefix)).filter(|_| signed)
            && let Ok(int) = from_str_radix(&format!("-{rest}"), radix)
        {
            return Some(int);
        }
    }
    if (!signed && unpositive.starts_with(['+', '-'])) || digits_but_not_number(scalar) {
        return None;
    }
    from_str_radix(unpositive, 10).ok()
}

/// Leading zeros then digits: a string in YAML 1.2.
fn digits_but_not_number(scalar: &str) -> bool {
    let scalar = scalar.strip_prefix(['-', '+']).unwrap_or(scalar);
    scalar.len() > 1 && scalar.starts_with('0') && scalar.bytes().skip(1).all(|b| b.is_ascii_digit())
}

fn parse_f64(scalar: &str) -> Option<f64> {
    let unpositive = match scalar.strip_prefix('+') {
        Some(rest) if rest.starts_with(['+', '-']) => return None,
        Some(rest) => rest,
        None => scalar,
    };
    match (unpositive, scalar) {
        (".inf" | ".Inf" | ".INF", _) => return Some(f64::INFINITY),
        (_, "-.inf" | "-.Inf" | "-.INF") => return Some(f64::NEG_INFINITY),
        (_, ".nan" | ".NaN" | ".NAN") => return Some(f64::NAN),
        _ => {}
    }
    unpositive.parse::<f64>().ok().filter(|f| f.is_finite())
}

/// Reads an integer in the narrowest of u64, i64, u128 and i128 that holds
/// it; gives the visitor back where the text is no integer.
fn visit_int<'de, V: Visitor<'de>>(visitor: V, v: &str) -> std::result::Result<Result<V::Value>, V> {
    let negative = v.starts_with('-');
    if let Some(int) = parse_int(v, u64::from_str_radix, false) {
        return Ok(visitor.visit_u64(int));
    }
    if let Some(int) = parse_int(v, i64::from_str_radix, true).filter(|_| negative) {
        return Ok(visitor.visit_i64(int));
    }
    if let Some(int) = parse_int(v, u128::from_str_radix, false) {
        return Ok(visitor.visit_u128(int));
    }
    if let Some(int) = parse_int(v, i128::from_str_radix, true).filter(|_| negative) {
        return Ok(visitor.visit_i128(int));
    }
    Err(visitor)
}

fn visit_untagged_scalar<'de, V: Visitor<'de>>(visitor: V, v: &str) -> Result<V::Value> {
    if v.is_empty() || parse_null(v) {
        return visitor.visit_unit();
    }
    if let Some(boolean) = parse_bool(v) {
        return visitor.visit_bool(boolean);
    }
    let visitor = match visit_int(visitor, v) {
        Ok(result) => return result,
        Err(visitor) => visitor,
    };
    if !digits_but_not_number(v)
        && let Some(float) = parse_f64(v)
    {
        return visitor.visit_f64(float);
    }
    visitor.visit_str(v)
}

/// Whether a plain scalar without a tag reads as a string (not as null, a
/// boolean or a number).
pub(in crate::formats) fn reads_as_string(v: &str) -> bool {
    !(v.is_empty()
        || parse_null(v)
        || parse_bool(v).is_some()
        || parse_int(v, i128::from_str_radix, true).is_some()
        || parse_int(v, u128::from_str_radix, false).is_some()
        || (!digits_but_not_number(v) && parse_f64(v).is_some()))
}

fn plain_or_tagged_literal(expected: &str, style: Style, tag: Option<&str>, tagged_already: bool) -> bool {
    match (style, tag, tagged_already) {
        (Style::Plain, _, _) => true,
        (Style::Literal, Some(tag), false) => tag == expected,
        _ => false,
    }
}

/// The error for a node of the wrong type: what it is, and what was
/// expected.
fn invalid_type(seen: &Seen, exp: &dyn Expected) -> Error {
    enum Void {}
    struct InvalidType<'a> {
        exp: &'a dyn Expected,
    }
    impl Visitor<'_> for InvalidType<'_> {
        type Value = Void;
        fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
            self.exp.fmt(f)
        }
    }
    match *seen {
        Seen::Scalar { value, style, tag } => match visit_scalar(InvalidType { exp }, value, style, tag, false) {
            Ok(void) => match void {},
            Err(e) => e,
        },
        Seen::Seq { .. } => de::Error::invalid_type(Unexpected::Seq, exp),
        Seen::Map { .. } => de::Error::invalid_type(Unexpected::Map, exp),
        Seen::Alias(_) | Seen::Void => Error::fixed(eof()),
    }
}

/// A tag that names an enum's variant: `!name`.
fn parse_tag(tag: Option<&str>) -> Option<&str> {
    let rest = tag?.strip_prefix('!')?;
    Some(if rest.is_empty() { "!" } else { rest })
}

impl<'de, 'a> de::Deserializer<'de> for De<'a> {
    type Error = Error;

    fn deserialize_any<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value> {
        let tagged_already = self.tagged_already();
        let enum_tag = |tag: Option<&'a str>| if tagged_already { None } else { parse_tag(tag) };
        let result = match self.seen() {
            Seen::Alias(target) => return self.jump(target)?.deserialize_any(visitor),
            Seen::Scalar { tag, .. } | Seen::Seq { tag } | Seen::Map { tag } if enum_tag(tag).is_some() => {
                let tag = enum_tag(tag).unwrap_or_default();
                visitor.visit_enum(EnumAccess { de: self.clone(), name: None, tag })
            }
            Seen::Scalar { value, style, tag } => visit_scalar(visitor, value, style, tag, tagged_already),
            Seen::Seq { .. } => self.clone().visit_sequence(visitor),
            Seen::Map { .. } => self.clone().visit_mapping(visitor),
            Seen::Void => visitor.visit_none(),
        };
        self.placed(result)
    }

    fn deserialize_bool<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value> {
        self.typed(visitor, BOOL, parse_bool, V::visit_bool::<Error>)
    }

    fn deserialize_i64<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value> {
        self.typed(visitor, INT, |v| parse_int(v, i64::from_str_radix, true), V::visit_i64::<Error>)
    }

    fn deserialize_u64<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value> {
        self.typed(visitor, INT, |v| parse_int(v, u64::from_str_radix, false), V::visit_u64::<Error>)
    }

    fn deserialize_f64<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value> {
        self.typed(visitor, FLOAT, parse_f64, V::visit_f64::<Error>)
    }

    fn deserialize_i8<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value> {
        self.deserialize_i64(visitor)
    }

    fn deserialize_i16<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value> {
        self.deserialize_i64(visitor)
    }

    fn deserialize_i32<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value> {
        self.deserialize_i64(visitor)
    }

    fn deserialize_u8<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value> {
        self.deserialize_u64(visitor)
    }

    fn deserialize_u16<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value> {
        self.deserialize_u64(visitor)
    }

    fn deserialize_u32<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value> {
        self.deserialize_u64(visitor)
    }

    fn deserialize_f32<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value> {
        self.deserialize_f64(visitor)
    }

    fn deserialize_char<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value> {
        self.deserialize_str(visitor)
    }

    fn deserialize_str<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value> {
        let seen = self.seen();
        let result = match seen {
            Seen::Scalar { value, .. } => visitor.visit_str(value),
            Seen::Alias(target) => return self.jump(target)?.deserialize_str(visitor),
            _ => Err(invalid_type(&seen, &visitor)),
        };
        self.placed(result)
    }

    fn deserialize_string<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value> {
        self.deserialize_str(visitor)
    }

    fn deserialize_bytes<V: Visitor<'de>>(self, _visitor: V) -> Result<V::Value> {
        Err(Error::fixed(Mistake {
            at: None,
            message: "serialization and deserialization of bytes in YAML is not implemented".into(),
        }))
    }

    fn deserialize_byte_buf<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value> {
        self.deserialize_bytes(visitor)
    }

    fn deserialize_option<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value> {
        let is_some = match self.seen() {
            Seen::Alias(target) => return self.jump(target)?.deserialize_option(visitor),
            Seen::Scalar { value, style, tag } => {
                if style != Style::Plain {
                    true
                } else if let (Some(tag), false) = (tag, self.tagged_already()) {
                    if tag == NULL {
                        if parse_null(value) {
                            false
                        } else {
                            return Err(de::Error::invalid_value(Unexpected::Str(value), &"null"));
                        }
                    } else {
                        true
                    }
                } else {
                    !value.is_empty() && !parse_null(value)
                }
            }
            Seen::Seq { .. } | Seen::Map { .. } => true,
            Seen::Void => false,
        };
        if is_some { visitor.visit_some(self) } else { visitor.visit_none() }
    }

    fn deserialize_unit<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value> {
        let seen = self.seen();
        let result = match seen {
            Seen::Scalar { value, style, tag } => {
                let is_null = if style != Style::Plain {
                    false
                } else if let (Some(tag), false) = (tag, self.tagged_already()) {
                    tag == NULL && parse_null(value)
                } else {
                    value.is_empty() || parse_null(value)
                };
                if is_null {
                    visitor.visit_unit()
                } else {
                    Err(de::Error::invalid_value(Unexpected::Str(value), &"null"))
                }
            }
            Seen::Alias(target) => return self.jump(target)?.deserialize_unit(visitor),
            Seen::Void => visitor.visit_unit(),
            _ => Err(invalid_type(&seen, &visitor)),
        };
        self.placed(result)
    }

    fn deserialize_unit_struct<V: Visitor<'de>>(self, _name: &'static str, visitor: V) -> Result<V::Value> {
        self.deserialize_unit(visitor)
    }

    fn deserialize_newtype_struct<V: Visitor<'de>>(self, _name: &'static str, visitor: V) -> Result<V::Value> {
        let depth = self.deeper()?;
        visitor.visit_newtype_struct(De { depth, ..self })
    }

    fn deserialize_seq<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value> {
        let seen = self.seen();
        let result = match seen {
            Seen::Alias(target) => return self.jump(target)?.deserialize_seq(visitor),
            Seen::Seq { .. } => self.clone().visit_sequence(visitor),
            _ if self.empty() => {
                let entries = Entries { kept: Vec::new(), next: 0, unfinished: false };
                visitor.visit_seq(SeqAccess { s: self.s, path: &self.path, depth: self.depth, entries, len: 0 })
            }
            _ => Err(invalid_type(&seen, &visitor)),
        };
        self.placed(result)
    }

    fn deserialize_tuple<V: Visitor<'de>>(self, _len: usize, visitor: V) -> Result<V::Value> {
        self.deserialize_seq(visitor)
    }

    fn deserialize_tuple_struct<V: Visitor<'de>>(
        self,
        _name: &'static str,
        _len: usize,
        visitor: V,
    ) -> Result<V::Value> {
        self.deserialize_seq(visitor)
    }

    fn deserialize_map<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value> {
        let seen = self.seen();
        let result = match seen {
            Seen::Alias(target) => return self.jump(target)?.deserialize_map(visitor),
            Seen::Map { .. } => self.clone().visit_mapping(visitor),
            _ if self.empty() => {
                let entries = Entries { kept: Vec::new(), next: 0, unfinished: false };
                visitor.visit_map(MapAccess {
                    s: self.s,
                    path: &self.path,
                    depth: self.depth,
                    entries,
                    len: 0,
                    key: None,
                })
            }
            _ => Err(invalid_type(&seen, &visitor)),
        };
        self.placed(result)
    }

    fn deserialize_struct<V: Visitor<'de>>(
        self,
        _name: &'static str,
        _fields: &'static [&'static str],
        visitor: V,
    ) -> Result<V::Value> {
        self.deserialize_map(visitor)
    }

    fn deserialize_enum<V: Visitor<'de>>(
        self,
        name: &'static str,
        _variants: &'static [&'static str],
        visitor: V,
    ) -> Result<V::Value> {
        let seen = self.seen();
        let result = if let Some(current) = self.current_enum {
            if let Seen::Scalar { value, .. } = seen
                && !value.is_empty()
            {
                visitor.visit_enum(UnitVariantAccess { de: self.clone() })
            } else {
                let message = match current.name {
                    Some(name) => {
                        format!("deserializing nested enum in {name}::{} from YAML is not supported yet", current.tag)
                    }
                    None => format!("deserializing nested enum in !{} from YAML is not supported yet", current.tag),
                };
                Err(Error::fixed(Mistake { at: None, message }))
            }
        } else {
            match seen {
                Seen::Alias(target) => return self.jump(target)?.deserialize_enum(name, _variants, visitor),
                Seen::Scalar { tag, .. } | Seen::Seq { tag } | Seen::Map { tag } if parse_tag(tag).is_some() => {
                    let tag = parse_tag(tag).unwrap_or_default();
                    return visitor.visit_enum(EnumAccess { de: self.clone(), name: Some(name), tag });
                }
                Seen::Scalar { .. } => visitor.visit_enum(UnitVariantAccess { de: self.clone() }),
                Seen::Map { .. } => Err(de::Error::invalid_type(Unexpected::Map, &"a YAML tag starting with '!'")),
                Seen::Seq { .. } => Err(de::Error::invalid_type(Unexpected::Seq, &"a YAML tag starting with '!'")),
                Seen::Void => Err(Error::fixed(eof())),
            }
        };
        self.placed(result)
    }

    fn deserialize_identifier<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value> {
        self.deserialize_str(visitor)
    }

    fn deserialize_ignored_any<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value> {
        // Nothing in it is read: only an unfinished collection inside
        // stops the reader there.
        let doc = self.s.doc;
        if let (Some(refused), Some(index)) = (&doc.refused, self.node)
            && let Some(end) = doc.nodes.get(index).map(|n| n.end)
            && doc.nodes.get(index..=end).is_some_and(|nodes| nodes.iter().any(|n| n.unfinished))
        {
            return Err(Error::fixed(refused.clone()));
        }
        visitor.visit_unit()
    }
}
