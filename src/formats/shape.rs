//! One linear pass over a YAML (or JSON) text before any parser reads it:
//! how deeply its mappings and sequences nest, and how long the lists under
//! some top-level keys are. Both YAML readers the toolkit uses slow down
//! with depth (libyaml, behind serde_yaml, rescans its open simple keys at
//! every token, quadratic in the depth) and yaml-rust2 refuses a flow
//! 256 deep outright; a list of two million tiles costs seconds and hundreds
//! of megabytes before anything can count it. This pass costs one step per
//! character and keeps nothing but the collections open, so the nesting
//! limit and the tile limit are enforced before either reader runs.
//!
//! It follows the YAML scanner (yaml-rust2's and libyaml's token rules):
//! `[` and `{` open a flow collection only where a token starts, never
//! inside a quoted or plain scalar, a comment or a block scalar's lines;
//! block sequences and mappings open by indentation, at a `- ` or at a
//! key's `:` (the mapping starts at its key); an implicit key inside a flow
//! sequence (`[a: 1]`) makes a single-pair mapping, one level more for the
//! key and its value. Depth counts collections as the parsers' events do:
//! the document's root collection is level 1.
//!
//! This file is long because it is one scanner, step for step after the
//! YAML scanners it mirrors: its methods share one cursor and one stack of
//! open collections, and split into files they would only hand those back
//! and forth. Its tests are in `shape/tests.rs`.

pub mod events;
pub mod tree;

/// What the pass found.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Shape {
    /// Where collections first nest more than the limit deep: line and
    /// column (from 1) of the collection that goes past it. The pass stops
    /// there.
    pub too_deep: Option<(usize, usize)>,
    /// The deepest nesting seen (up to the limit + 1 where the pass stopped).
    pub depth: usize,
    /// The sequences under the watched top-level keys, in document order.
    pub lists: Vec<List>,
}

/// A sequence that is the value of a watched top-level key.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct List {
    /// The key.
    pub key: String,
    /// Where the sequence starts (its `[` or its first `-`).
    pub at: (usize, usize),
    /// How many entries it has.
    pub entries: usize,
}

/// Reads the shape of `text`: nesting up to `limit` levels, and the lengths
/// of the sequences that are values of the top-level keys in `watched`.
pub fn shape(text: &str, limit: usize, watched: &[&str]) -> Shape {
    let mut s = Scanner::new(text, limit, watched);
    s.run();
    Shape { too_deep: s.too_deep, depth: s.deepest, lists: s.lists }
}

/// A block collection: opened by indentation, closed by it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum BlockKind {
    Seq,
    Map,
    /// A sequence whose `-` sits at its mapping key's own column
    /// (`key:\n- a`); it ends at the first token there that is not a `-`.
    Indentless,
}

#[derive(Clone, Copy, Debug)]
struct Block {
    kind: BlockKind,
    indent: isize,
    /// The index in `lists` this sequence is counted under.
    list: Option<usize>,
}

#[derive(Clone, Copy, Debug)]
struct Flow {
    seq: bool,
    /// An implicit single-pair mapping is open in the current entry.
    pair: bool,
    /// The current entry has begun (a node of it has been seen).
    entry: bool,
    list: Option<usize>,
}

/// A token that may turn out to be a simple key (when a `:` follows on the
/// same line, within 1024 characters), and the deepest collection inside it
/// so far: a key confirmed in a flow sequence, or one that opens a block
/// mapping, puts everything in it one level deeper than it was counted.
#[derive(Clone, Copy, Debug)]
struct Key {
    line: usize,
    col: usize,
    pos: usize,
    byte: usize,
    deepest: usize,
    deepest_at: (usize, usize),
}

struct Scanner<'a> {
    text: &'a str,
    b: &'a [u8],
    /// Byte index.
    i: usize,
    /// Line from 1, column from 0 (in characters), character index.
    line: usize,
    col: usize,
    pos: usize,
    limit: usize,
    watched: &'a [&'a str],
    depth: usize,
    deepest: usize,
    too_deep: Option<(usize, usize)>,
    blocks: Vec<Block>,
    flows: Vec<Flow>,
    /// The possible simple key at each flow level (index: the number of
    /// flow collections open).
    keys: Vec<Option<Key>>,
    key_allowed: bool,
    lists: Vec<List>,
    /// A watched key's `:` was read; its value is not yet seen.
    pending: Option<String>,
}

fn blank(c: u8) -> bool {
    c == b' ' || c == b'\t'
}

fn line_break(c: u8) -> bool {
    c == b'\n' || c == b'\r'
}

fn flow_indicator(c: u8) -> bool {
    matches!(c, b',' | b'[' | b']' | b'{' | b'}')
}

impl<'a> Scanner<'a> {
    fn new(text: &'a str, limit: usize, watched: &'a [&'a str]) -> Scanner<'a> {
        Scanner {
            text,
            b: text.as_bytes(),
            i: 0,
            line: 1,
            col: 0,
            pos: 0,
            limit,
            watched,
            depth: 0,
            deepest: 0,
            too_deep: None,
            blocks: Vec::new(),
            flows: Vec::new(),
            keys: vec![None],
            key_allowed: true,
            lists: Vec::new(),
            pending: None,
        }
    }

    fn at(&self, k: usize) -> u8 {
        self.b.get(self.i + k).copied().unwrap_or(0)
    }

    fn cur(&self) -> u8 {
        self.at(0)
    }

    fn eof(&self) -> bool {
        self.i >= self.b.len()
    }

    /// A blank, a line break or the end of the text at `k` ahead.
    fn blankz(&self, k: usize) -> bool {
        let c = self.at(k);
        self.i + k >= self.b.len() || blank(c) || line_break(c)
    }

    /// One character forward (not a line break).
    fn advance(&mut self) {
        if self.eof() {
            return;
        }
        self.i += 1;
        while self.i < self.b.len() && self.b.get(self.i).is_some_and(|&c| c & 0xC0 == 0x80) {
            self.i += 1;
        }
        self.col += 1;
        self.pos += 1;
    }

    /// Over a line break (`\n`, `\r\n` or a lone `\r`). Every possible
    /// simple key is stale once the line changes.
    fn consume_break(&mut self) {
        if self.cur() == b'\r' && self.at(1) == b'\n' {
            self.i += 1;
            self.pos += 1;
        }
        self.i += 1;
        self.pos += 1;
        self.line += 1;
        self.col = 0;
        for level in 0..self.keys.len() {
            self.drop_key(level);
        }
    }

    fn mark(&self) -> (usize, usize) {
        (self.line, self.col + 1)
    }

    fn indent(&self) -> isize {
        self.blocks.last().map_or(-1, |b| b.indent)
    }

    fn stopped(&self) -> bool {
        self.too_deep.is_some()
    }

    fn run(&mut self) {
        // A byte order mark at the start is no token.
        if self.b.starts_with("\u{feff}".as_bytes()) {
            self.i = 3;
        }
        while !self.stopped() {
            self.skip_to_next_token();
            if self.flows.is_empty() {
                self.unroll(self.col as isize);
            }
            if self.eof() {
                break;
            }
            let c = self.cur();
            if self.col == 0 && self.document_marker() {
                self.end_document();
                for _ in 0..3 {
                    self.advance();
                }
                continue;
            }
            if self.col == 0 && c == b'%' && self.flows.is_empty() {
                self.skip_line();
                continue;
            }
            let block = self.flows.is_empty();
            // The first token at an indentless sequence's column that is not
            // a `-` ends it.
            if block
                && !(c == b'-' && self.blankz(1))
                && let Some(top) = self.blocks.last()
                && top.kind == BlockKind::Indentless
                && top.indent == self.col as isize
            {
                self.pop_block();
            }
            match c {
                b'[' | b'{' => self.flow_start(c == b'['),
                b']' | b'}' => self.flow_end(),
                b',' => self.flow_entry(),
                b'-' if self.blankz(1) && block => self.block_entry(),
                // In a flow, libyaml (serde_yaml's reader) takes `?` as a key
                // indicator even without a blank after it.
                b'?' if self.blankz(1) || !block => self.explicit_key(),
                // In a flow, libyaml takes `:` as a value indicator whatever
                // follows it (`{&a :'x'}` is an empty key and the value `x`).
                b':' if self.blankz(1) || !block => self.value(),
                b'*' | b'&' | b'!' => {
                    self.save_key();
                    self.node_start(false);
                    self.key_allowed = false;
                    self.advance();
                    while !self.blankz(0) && (self.flows.is_empty() || !flow_indicator(self.cur())) {
                        self.advance();
                    }
                }
                b'|' | b'>' if block => {
                    self.drop_key(self.keys.len() - 1);
                    self.node_start(false);
                    self.key_allowed = true;
                    self.block_scalar();
                }
                b'\'' | b'"' => {
                    self.save_key();
                    self.node_start(false);
                    self.key_allowed = false;
                    self.quoted(c);
                }
                _ => {
                    self.save_key();
                    self.node_start(false);
                    self.key_allowed = false;
                    self.plain();
                }
            }
        }
        // What is still open ends with the text.
        while !self.flows.is_empty() {
            self.pop_flow();
        }
        while !self.blocks.is_empty() {
            self.pop_block();
        }
    }

    /// `---` or `...` at the start of a line, then a blank or the end.
    fn document_marker(&self) -> bool {
        let three = |c: u8| self.at(0) == c && self.at(1) == c && self.at(2) == c;
        (three(b'-') || three(b'.')) && self.blankz(3)
    }

    /// A document marker closes everything.
    fn end_document(&mut self) {
        while !self.flows.is_empty() {
            self.pop_flow();
        }
        self.unroll(-1);
        for level in 0..self.keys.len() {
            self.drop_key(level);
        }
        self.keys.truncate(1);
        self.key_allowed = false;
        self.pending = None;
    }

    fn skip_line(&mut self) {
        while !self.eof() && !line_break(self.cur()) {
            self.advance();
        }
    }

    /// Over blanks, comments and line breaks, to where the next token starts.
    fn skip_to_next_token(&mut self) {
        loop {
            while blank(self.cur()) {
                self.advance();
            }
            if self.cur() == b'#' {
                self.skip_line();
            }
            if !self.eof() && line_break(self.cur()) {
                self.consume_break();
                if self.flows.is_empty() {
                    self.key_allowed = true;
                }
                continue;
            }
            return;
        }
    }

    /// Closes the block collections indented deeper than `col`.
    fn unroll(&mut self, col: isize) {
        while self.indent() > col {
            self.pop_block();
        }
    }

    /// Opens a collection at `at` one level deeper; past the limit, stops.
    fn open(&mut self, at: (usize, usize)) -> bool {
        self.depth += 1;
        self.reached(self.depth, at)
    }

    /// A collection at `depth`, at `at`: noted in the innermost possible key
    /// (which holds it), and refused past the limit.
    fn reached(&mut self, depth: usize, at: (usize, usize)) -> bool {
        self.deepest = self.deepest.max(depth);
        if depth > self.limit {
            self.too_deep.get_or_insert(at);
            return false;
        }
        if let Some(key) = self.keys.iter_mut().rev().flatten().next()
            && depth > key.deepest
        {
            key.deepest = depth;
            key.deepest_at = at;
        }
        true
    }

    fn pop_block(&mut self) {
        if self.blocks.pop().is_some() {
            self.depth -= 1;
        }
    }

    fn pop_flow(&mut self) {
        if let Some(f) = self.flows.pop() {
            self.depth -= 1 + usize::from(f.pair);
        }
    }

    /// Notes a possible simple key here, replacing the one at this level.
    fn save_key(&mut self) {
        if !self.key_allowed {
            return;
        }
        let level = self.keys.len() - 1;
        self.drop_key(level);
        if let Some(slot) = self.keys.last_mut() {
            *slot = Some(Key {
                line: self.line,
                col: self.col,
                pos: self.pos,
                byte: self.i,
                deepest: 0,
                deepest_at: (0, 0),
            });
        }
    }

    /// The possible key at `level` can no longer be one: what it held
    /// counts for the possible key around it.
    fn drop_key(&mut self, level: usize) {
        let Some(key) = self.keys.get_mut(level).and_then(Option::take) else { return };
        self.merge_outward(level, key.deepest, key.deepest_at);
    }

    fn merge_outward(&mut self, level: usize, deepest: usize, at: (usize, usize)) {
        if deepest == 0 {
            return;
        }
        if let Some(outer) = self.keys.get_mut(..level).and_then(|k| k.iter_mut().rev().flatten().next())
            && deepest > outer.deepest
        {
            outer.deepest = deepest;
            outer.deepest_at = at;
        }
    }

    /// A node (or a node's property) starts here: it begins an entry of the
    /// flow sequence around it, and it is or is not the list a watched key
    /// waits for.
    fn node_start(&mut self, is_sequence: bool) {
        if let Some(f) = self.flows.last_mut()
            && !f.entry
        {
            f.entry = true;
            if let Some(list) = f.list.and_then(|k| self.lists.get_mut(k)) {
                list.entries += 1;
            }
        }
        let property = matches!(self.cur(), b'&' | b'!');
        if !is_sequence && !property {
            self.pending = None;
        }
    }

    /// Where a watched key's sequence starts: counted under the key.
    fn take_list(&mut self, at: (usize, usize)) -> Option<usize> {
        let key = self.pending.take()?;
        self.lists.push(List { key, at, entries: 0 });
        Some(self.lists.len() - 1)
    }

    fn flow_start(&mut self, seq: bool) {
        self.save_key();
        self.node_start(seq);
        let at = self.mark();
        if !self.open(at) {
            return;
        }
        let list = if seq && self.depth == 2 { self.take_list(at) } else { None };
        self.pending = None;
        self.flows.push(Flow { seq, pair: false, entry: false, list });
        self.keys.push(None);
        self.key_allowed = true;
        self.advance();
    }

    fn flow_end(&mut self) {
        let level = self.keys.len() - 1;
        self.drop_key(level);
        if self.flows.is_empty() {
            // A stray bracket: the parser will say what is wrong.
            self.advance();
            return;
        }
        self.keys.pop();
        self.pop_flow();
        self.key_allowed = false;
        self.advance();
    }

    fn flow_entry(&mut self) {
        let level = self.keys.len() - 1;
        self.drop_key(level);
        if let Some(f) = self.flows.last_mut() {
            if f.pair {
                f.pair = false;
                self.depth -= 1;
            }
            f.entry = false;
        }
        self.key_allowed = true;
        self.advance();
    }

    fn block_entry(&mut self) {
        let at = self.mark();
        let col = self.col as isize;
        let level = self.keys.len() - 1;
        self.drop_key(level);
        self.node_start(true);
        let top = self.blocks.last().copied();
        let continues = top.is_some_and(|b| b.indent == col && b.kind != BlockKind::Map);
        if !continues {
            let kind = match top {
                Some(b) if b.indent == col => BlockKind::Indentless,
                _ if col > self.indent() => BlockKind::Seq,
                // A `-` left of its collection: the parser will say what is
                // wrong.
                _ => {
                    self.advance();
                    return;
                }
            };
            if !self.open(at) {
                return;
            }
            let list = if self.depth == 2 { self.take_list(at) } else { None };
            self.blocks.push(Block { kind, indent: col, list });
        }
        self.pending = None;
        if let Some(list) = self.blocks.last().and_then(|b| b.list).and_then(|k| self.lists.get_mut(k)) {
            list.entries += 1;
        }
        self.key_allowed = true;
        self.advance();
    }

    /// `? `: an explicit key; it opens a block mapping at its column, or a
    /// single-pair mapping inside a flow sequence.
    fn explicit_key(&mut self) {
        let at = self.mark();
        let level = self.keys.len() - 1;
        self.drop_key(level);
        self.node_start(false);
        if self.flows.is_empty() {
            if self.col as isize > self.indent() {
                if !self.open(at) {
                    return;
                }
                self.blocks.push(Block { kind: BlockKind::Map, indent: self.col as isize, list: None });
            }
        } else if let Some(f) = self.flows.last().copied()
            && f.seq
            && !f.pair
        {
            if !self.open(at) {
                return;
            }
            if let Some(f) = self.flows.last_mut() {
                f.pair = true;
            }
        }
        self.key_allowed = self.flows.is_empty();
        self.advance();
    }

    /// `:`: confirms the possible key before it (on this line, within 1024
    /// characters), which may open a mapping around it.
    fn value(&mut self) {
        let level = self.keys.len() - 1;
        let key = self.keys.get_mut(level).and_then(Option::take);
        // A simple key is on one line, and at most 1024 characters long.
        let fresh = key.filter(|k| k.line == self.line && self.pos <= k.pos + 1024);
        if let (Some(k), None) = (key, fresh) {
            self.merge_outward(level, k.deepest, k.deepest_at);
        }
        match fresh {
            Some(k) => self.confirm(level, k),
            None => {
                // A value without a key: in a block it opens a mapping at
                // its own column.
                if self.flows.is_empty() && self.col as isize > self.indent() {
                    let at = self.mark();
                    if !self.open(at) {
                        return;
                    }
                    self.blocks.push(Block { kind: BlockKind::Map, indent: self.col as isize, list: None });
                }
            }
        }
        if self.stopped() {
            return;
        }
        self.key_allowed = self.flows.is_empty();
        self.advance();
    }

    fn confirm(&mut self, level: usize, k: Key) {
        let at = (k.line, k.col + 1);
        // Does a mapping open at the key, around what was counted?
        let opens = if self.flows.is_empty() {
            k.col as isize > self.indent()
        } else {
            self.flows.last().is_some_and(|f| f.seq && !f.pair)
        };
        let mut deepest = k.deepest;
        let mut deepest_at = k.deepest_at;
        if opens {
            // The mapping, then what the key holds, one level deeper.
            self.depth += 1;
            if !self.reached_unkeyed(self.depth, at) {
                return;
            }
            if k.deepest > 0 && !self.reached_unkeyed(k.deepest + 1, k.deepest_at) {
                return;
            }
            (deepest, deepest_at) =
                if k.deepest + 1 > self.depth { (k.deepest + 1, k.deepest_at) } else { (self.depth, at) };
            if self.flows.is_empty() {
                self.blocks.push(Block { kind: BlockKind::Map, indent: k.col as isize, list: None });
            } else if let Some(f) = self.flows.last_mut() {
                f.pair = true;
            }
        }
        self.merge_outward(level, deepest, deepest_at);
        // A key of the top-level mapping: is it one whose list is watched?
        let top_level = if self.flows.is_empty() {
            self.blocks.len() == 1 && self.blocks.first().is_some_and(|b| b.kind == BlockKind::Map)
        } else {
            self.blocks.is_empty() && self.flows.len() == 1 && self.flows.first().is_some_and(|f| !f.seq)
        };
        self.pending = None;
        if top_level {
            let written = self.text.get(k.byte..self.i).unwrap_or("").trim();
            let name = written
                .strip_prefix('"')
                .and_then(|w| w.strip_suffix('"'))
                .or_else(|| written.strip_prefix('\'').and_then(|w| w.strip_suffix('\'')))
                .unwrap_or(written);
            if self.watched.contains(&name) {
                self.pending = Some(name.to_string());
            }
        }
    }

    /// As [`Scanner::reached`], for what a key just confirmed holds: the
    /// key is gone, so nothing is noted in it.
    fn reached_unkeyed(&mut self, depth: usize, at: (usize, usize)) -> bool {
        self.deepest = self.deepest.max(depth);
        if depth > self.limit {
            self.too_deep.get_or_insert(at);
            return false;
        }
        true
    }

    fn quoted(&mut self, quote: u8) {
        self.advance();
        while !self.eof() {
            let c = self.cur();
            if line_break(c) {
                self.consume_break();
            } else if quote == b'\'' && c == b'\'' {
                if self.at(1) == b'\'' {
                    self.advance();
                    self.advance();
                } else {
                    self.advance();
                    return;
                }
            } else if quote == b'"' && c == b'\\' {
                self.advance();
                if line_break(self.cur()) {
                    self.consume_break();
                } else {
                    self.advance();
                }
            } else if quote == b'"' && c == b'"' {
                self.advance();
                return;
            } else {
                self.advance();
            }
        }
    }

    /// A plain scalar, over as many lines as it continues (indented deeper
    /// than its block, in a block).
    fn plain(&mut self) {
        let indent = self.indent() + 1;
        let in_flow = !self.flows.is_empty();
        let mut multiline = false;
        loop {
            if self.col == 0 && self.document_marker() {
                break;
            }
            if self.cur() == b'#' {
                break;
            }
            while !self.blankz(0) {
                let c = self.cur();
                if c == b':' && (self.blankz(1) || (in_flow && flow_indicator(self.at(1)))) {
                    break;
                }
                if in_flow && flow_indicator(c) {
                    break;
                }
                self.advance();
            }
            if !(blank(self.cur()) || line_break(self.cur())) || self.eof() {
                break;
            }
            while !self.eof() && (blank(self.cur()) || line_break(self.cur())) {
                if blank(self.cur()) {
                    self.advance();
                } else {
                    self.consume_break();
                    multiline = true;
                }
            }
            if !in_flow && (self.col as isize) < indent {
                break;
            }
        }
        if multiline {
            self.key_allowed = true;
        }
    }

    /// A literal or folded block scalar: its header, then every line
    /// indented at least as deep as its content.
    fn block_scalar(&mut self) {
        let parent = self.indent();
        self.advance();
        let mut increment = 0isize;
        while !self.eof() && !blank(self.cur()) && !line_break(self.cur()) {
            if let Some(d) = (self.cur() as char).to_digit(10) {
                increment = d as isize;
            }
            self.advance();
        }
        self.skip_line();
        if self.eof() {
            return;
        }
        self.consume_break();
        let mut indent = if increment > 0 { if parent >= 0 { parent + increment } else { increment } } else { 0 };
        let mut widest = 0isize;
        self.block_breaks(indent, &mut widest);
        if indent == 0 {
            indent = widest.max(parent + 1).max(1);
        }
        while self.col as isize == indent && !self.eof() {
            self.skip_line();
            if self.eof() {
                return;
            }
            self.consume_break();
            self.block_breaks(indent, &mut widest);
        }
    }

    /// Over the blank lines of a block scalar, and the indentation of the
    /// next line (up to `indent`, or all of it while that is not known).
    fn block_breaks(&mut self, indent: isize, widest: &mut isize) {
        loop {
            while (indent == 0 || (self.col as isize) < indent) && self.cur() == b' ' {
                self.advance();
            }
            *widest = (*widest).max(self.col as isize);
            if !self.eof() && line_break(self.cur()) {
                self.consume_break();
            } else {
                return;
            }
        }
    }
}

#[cfg(test)]
mod tests;
