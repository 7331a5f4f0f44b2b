//! A document's nodes with where each is written, read from the YAML
//! reader's own events (the reader serde_yaml reads with), so that each
//! part of a file can be read again alone, at the same line and column
//! ([`crate::formats`]' listing of every problem in a file).

use super::events::{Event, Reader};

/// One node of the document: where it starts and ends (byte offsets) and
/// what it holds.
#[derive(Clone, Debug)]
pub struct Node {
    /// Where it starts: line and column, from 1.
    pub at: (usize, usize),
    /// Its first byte.
    pub start: usize,
    /// The byte after its last (for a collection written by indentation,
    /// after its last entry).
    pub end: usize,
    pub kind: Kind,
}

/// What a node is.
#[derive(Clone, Debug)]
pub enum Kind {
    /// A scalar, as the reader reads it (escapes resolved).
    Scalar(String),
    /// A list: written in flow style (`[…]`) or not, and its entries.
    Seq { flow: bool, items: Vec<Node> },
    /// A mapping: in flow style (`{…}`) or not, and its keys and values.
    Map { flow: bool, entries: Vec<(Node, Node)> },
}

/// The document's nodes, or `None` where the reader refuses the text, the
/// text holds more than one document, or it uses anchors and aliases (a
/// part read alone could lose the anchor its alias names).
pub fn tree(text: &str) -> Option<Node> {
    let mut reader = Reader::new(text.as_bytes());
    // Open collections: the node so far, and for a mapping the key read
    // whose value is still to come.
    let mut open: Vec<(Node, Option<Node>)> = Vec::new();
    let mut root: Option<Node> = None;
    while let Some((event, span)) = reader.next_spanned() {
        let node = match event {
            Event::Frame => continue,
            Event::Alias(_) | Event::Scalar { anchor: Some(_), .. } | Event::Start { anchor: Some(_), .. } => {
                return None;
            }
            Event::Scalar { value, .. } => Node {
                at: span.at,
                start: span.start,
                end: span.end,
                kind: Kind::Scalar(String::from_utf8(value).ok()?),
            },
            Event::Start { map, flow, .. } => {
                let kind =
                    if map { Kind::Map { flow, entries: Vec::new() } } else { Kind::Seq { flow, items: Vec::new() } };
                open.push((Node { at: span.at, start: span.start, end: span.end, kind }, None));
                continue;
            }
            Event::End => {
                let (mut node, pending) = open.pop()?;
                if pending.is_some() {
                    return None;
                }
                let flow = matches!(node.kind, Kind::Seq { flow: true, .. } | Kind::Map { flow: true, .. });
                // A flow collection ends at its bracket; one written by
                // indentation at its last entry (the reader's end event
                // sits where the next token starts).
                node.end = if flow { span.end } else { last_end(&node).unwrap_or(node.end) };
                node
            }
        };
        match open.last_mut() {
            None => {
                if root.is_some() {
                    return None;
                }
                root = Some(node);
            }
            Some((parent, pending)) => match &mut parent.kind {
                Kind::Seq { items, .. } => items.push(node),
                Kind::Map { entries, .. } => match pending.take() {
                    None => *pending = Some(node),
                    Some(key) => entries.push((key, node)),
                },
                Kind::Scalar(_) => return None,
            },
        }
    }
    if reader.refused() || !open.is_empty() {
        return None;
    }
    root
}

/// Where a collection's last entry ends.
fn last_end(node: &Node) -> Option<usize> {
    match &node.kind {
        Kind::Scalar(_) => None,
        Kind::Seq { items, .. } => items.last().map(|n| n.end),
        Kind::Map { entries, .. } => entries.last().map(|(k, v)| k.end.max(v.end)),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn nodes_span_their_text() {
        let text = "a: [1, xy]\nb:\n  - c: 2\n    d: é\n  - 3\n";
        let root = tree(text).unwrap();
        let Kind::Map { flow: false, entries } = &root.kind else { panic!("{root:?}") };
        assert_eq!(entries.len(), 2);
        let (a, list) = &entries[0];
        assert_eq!(&text[a.start..a.end], "a");
        assert_eq!(&text[list.start..list.end], "[1, xy]");
        let (_, block) = &entries[1];
        let Kind::Seq { flow: false, items } = &block.kind else { panic!() };
        assert_eq!(&text[items[0].start..items[0].end], "c: 2\n    d: é");
        assert_eq!(items[1].at, (5, 5));
        assert_eq!(&text[block.start..block.end], "- c: 2\n    d: é\n  - 3");
        assert!(tree("a: &x 1\nb: *x\n").is_none());
        assert!(tree("a: [1\n").is_none());
        assert!(tree("a: 1\n---\nb: 2\n").is_none());
    }
}
