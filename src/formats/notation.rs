//! The one-line position notation: a board and a hand on one line, the way
//! chess perft suites name positions with FEN.
//!
//! ```text
//! 0,-1:0155;0,0:5555;1,0:5525 1-4-5-5,2-2-4-5,4-5-5-5 english
//! ```
//!
//! - Fields are separated by one space: the board, the hand and, optionally,
//!   the variant's label: a shipped variant's name, then any readings
//!   changed on top of it as `+ID=VALUE` (`serbian+R4=no`), as
//!   [`crate::rules::Variant::label`] writes it; no spaces.
//! - The board: placed tiles separated by `;`, each `X,Y:ABCD`, the cell and
//!   its four corner values clockwise from north-west (`[nw, ne, se, sw]`),
//!   in reading order (north to south, then west to east). `-` for an empty
//!   board.
//! - The hand: tile ids (`1-4-5-5`, the values ascending) separated by `,`,
//!   in the hand's order. `-` for an empty hand.
//!
//! [`write`] prints the canonical line; [`parse`] accepts exactly the
//! canonical form except that the board may list its tiles in any order, so
//! `write(parse(line))` is `line` for every canonical line, and
//! `parse(write(p))` is `p` for every position. Errors give the column (from
//! 1) where the text goes wrong.

use std::fmt;

use crate::error::{DocPath, Problem, Segment};
use crate::model::{Board, Cell, Corners, MAX_VALUE, TileId};

/// A position as the notation writes it: placed tiles, the hand, and the
/// variant if one is named. Nothing is checked against the rules here: see
/// [`crate::rules::Position::from_setup`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NotatedPosition {
    /// The placed tiles, as written.
    pub board: Vec<(Cell, Corners)>,
    /// The hand, in order.
    pub hand: Vec<TileId>,
    /// The third field as written: the variant's name and any overrides
    /// (`serbian+R4=no`; see [`super::overrides::split_label`]).
    pub variant: Option<String>,
}

/// Where a notation line goes wrong.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NotationError {
    /// The column (from 1, in characters) of the first wrong character.
    pub column: usize,
    /// What is wrong there.
    pub message: String,
}

impl fmt::Display for NotationError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "column {}: {}", self.column, self.message)
    }
}

impl std::error::Error for NotationError {}

/// The canonical line for a board, a hand and optionally a variant's label.
pub fn write(board: &Board, hand: &[TileId], variant: Option<&str>) -> String {
    let mut tiles = board.tiles();
    tiles.sort_by_key(|(cell, _)| (cell.y, cell.x));
    let board_field = if tiles.is_empty() {
        "-".to_string()
    } else {
        let parts: Vec<String> = tiles
            .iter()
            .map(|(cell, c)| format!("{},{}:{}{}{}{}", cell.x, cell.y, c.0[0], c.0[1], c.0[2], c.0[3]))
            .collect();
        parts.join(";")
    };
    let hand_field = if hand.is_empty() {
        "-".to_string()
    } else {
        hand.iter().map(TileId::to_string).collect::<Vec<_>>().join(",")
    };
    match variant {
        Some(v) => format!("{board_field} {hand_field} {v}"),
        None => format!("{board_field} {hand_field}"),
    }
}

/// Reads one line of notation (surrounding whitespace and a final newline
/// are ignored).
pub fn parse(line: &str) -> Result<NotatedPosition, NotationError> {
    let mut spans = Spans::default();
    parse_spanned(line, &mut spans)
}

/// The columns each written item starts at, to locate the rules' problems.
#[derive(Clone, Debug, Default)]
pub struct Spans {
    /// Column of each board entry's cell and of its corners.
    pub board: Vec<(usize, usize)>,
    /// Column of each hand tile.
    pub hand: Vec<usize>,
    /// Column of the variant field.
    pub variant: Option<usize>,
}

impl Spans {
    /// The column of a problem's path (`board[i].at`, `board[i].tile`,
    /// `hand[i]`, `variant`), else 1.
    pub fn column(&self, at: &DocPath) -> usize {
        match at.0.as_slice() {
            [Segment::Key(k), Segment::Index(i), rest @ ..] if k == "board" => {
                let tile = matches!(rest.first(), Some(Segment::Key(k)) if k == "tile");
                self.board.get(*i).map_or(1, |&(cell, corners)| if tile { corners } else { cell })
            }
            [Segment::Key(k), Segment::Index(i), ..] if k == "hand" => self.hand.get(*i).copied().unwrap_or(1),
            [Segment::Key(k), ..] if k == "variant" => self.variant.unwrap_or(1),
            _ => 1,
        }
    }

    /// A rules problem as a notation error at its column.
    pub fn locate(&self, problem: &Problem) -> NotationError {
        // The column points at the item; a file's path (`board[1].at`)
        // would name keys a line of notation does not have.
        NotationError { column: self.column(&problem.at), message: problem.message.clone() }
    }
}

/// [`parse`], recording where each item was written.
pub fn parse_spanned(line: &str, spans: &mut Spans) -> Result<NotatedPosition, NotationError> {
    let line = line.strip_suffix('\n').unwrap_or(line);
    let line = line.strip_suffix('\r').unwrap_or(line);
    let mut cursor = Cursor { text: line, byte: 0, at: 0 };
    let err = |column: usize, message: String| NotationError { column, message };
    if let Some(bad) = line.chars().position(|c| c.is_control()) {
        return Err(err(bad + 1, "a control character; the notation is one line of printable text: remove it".into()));
    }
    // Each tile exists once (S1): a board or hand listing more than the
    // limit is refused at the first tile past it, before more is kept.
    let most = crate::limits::current().tiles;
    let too_many = |column: usize, field: &str| {
        err(
            column,
            format!(
                "the {field} lists more than {most} tiles, the limit; each tile exists once (S1); raise the limit with --max-tiles"
            ),
        )
    };
    if line.is_empty() {
        return Err(err(1, "empty; expected `BOARD HAND [VARIANT]`, e.g. `0,0:5555 1-4-5-5`".into()));
    }
    // The board.
    let mut board = Vec::new();
    // `-` alone is the empty board; `-3,0:…` starts a tile at a negative x.
    if !cursor.dash_alone() {
        loop {
            let cell_col = cursor.column();
            if board.len() >= most {
                return Err(too_many(cell_col, "board"));
            }
            let x = cursor.int("the cell's x")?;
            cursor.expect(',', "`,` between the cell's x and y")?;
            let y = cursor.int("the cell's y")?;
            cursor.expect(':', "`:` after the cell, then the four corner values")?;
            let corners_col = cursor.column();
            let mut values = [0u8; 4];
            for (i, v) in values.iter_mut().enumerate() {
                *v = cursor.value(&format!("corner value {} of 4 (NW, NE, SE, SW)", i + 1))?;
            }
            board.push((Cell::new(x, y), Corners(values)));
            spans.board.push((cell_col, corners_col));
            if !cursor.eat(';') {
                cursor.field_end("a board tile (`;` before the next tile)")?;
                break;
            }
        }
    }
    if !cursor.eat(' ') {
        return Err(err(cursor.column(), "a space, then the hand (tile ids separated by `,`, or `-`)".into()));
    }
    // The hand.
    let mut hand = Vec::new();
    if !cursor.dash_alone() {
        loop {
            let col = cursor.column();
            if hand.len() >= most {
                return Err(too_many(col, "hand"));
            }
            // A tile id runs to the next `,` or space; what it may be is
            // `TileId::read`'s, as in every other file.
            let written = cursor.until(&[',', ' '], MAX_ID_CHARS, "a tile id")?;
            if written.is_empty() {
                return Err(err(col, format!("expected a tile id's values, e.g. 1-4-5-5; {}", cursor.found())));
            }
            let id = TileId::read(&written).map_err(|e| err(col + e.offset, e.error.to_string()))?;
            hand.push(id);
            spans.hand.push(col);
            if !cursor.eat(',') {
                cursor.field_end("a hand tile (`,` before the next tile)")?;
                break;
            }
        }
    }
    // The variant, if any.
    let mut variant = None;
    if cursor.eat(' ') {
        let col = cursor.column();
        let name: String = cursor.rest(MAX_LABEL_CHARS, "a variant's label")?;
        let word = |c: char| c.is_ascii_alphanumeric() || c == '-' || c == '_';
        if name.is_empty() || !name.chars().all(|c| word(c) || c == '+' || c == '=') {
            return Err(err(
                col,
                format!(
                    "`{name}` is not a variant's label (letters, digits and `-`, then `+R4=no` overrides); write one, e.g. `english` or `serbian+R4=no`"
                ),
            ));
        }
        spans.variant = Some(col);
        variant = Some(name);
    } else if !cursor.done() {
        return Err(err(cursor.column(), "unexpected text after the hand".into()));
    }
    Ok(NotatedPosition { board, hand, variant })
}

/// A position in a line of characters. The line is read where it lies,
/// never copied whole: a line of a gigabyte costs only its own bytes, and
/// every piece taken out of it ([`Cursor::int`], [`Cursor::until`],
/// [`Cursor::rest`]) is refused past a length no valid item reaches.
struct Cursor<'a> {
    text: &'a str,
    /// The byte offset of the next character.
    byte: usize,
    /// The characters consumed: the next character's column is one more.
    at: usize,
}

/// The longest integer written (a sign and the ten digits of an `i32`,
/// with room for leading zeros).
const MAX_INT_CHARS: usize = 24;
/// The longest tile id read (`1-4-5-5` is 7 characters; spaces and
/// brackets a person adds fit too).
const MAX_ID_CHARS: usize = 64;
/// The longest variant label: a name and every reading overridden.
const MAX_LABEL_CHARS: usize = 4096;

impl Cursor<'_> {
    fn column(&self) -> usize {
        self.at + 1
    }

    fn left(&self) -> &str {
        self.text.get(self.byte..).unwrap_or_default()
    }

    fn peek(&self) -> Option<char> {
        self.left().chars().next()
    }

    fn done(&self) -> bool {
        self.byte >= self.text.len()
    }

    /// Moves past the next character.
    fn step(&mut self) {
        if let Some(c) = self.peek() {
            self.byte += c.len_utf8();
            self.at += 1;
        }
    }

    fn eat(&mut self, c: char) -> bool {
        let hit = self.peek() == Some(c);
        if hit {
            self.step();
        }
        hit
    }

    /// A field that is just `-` (empty), consumed.
    fn dash_alone(&mut self) -> bool {
        let mut next = self.left().chars();
        let alone = next.next() == Some('-') && matches!(next.next(), None | Some(' '));
        if alone {
            self.step();
        }
        alone
    }

    fn found(&self) -> String {
        match self.peek() {
            Some(c) => format!("found `{c}`"),
            None => "found the end of the line".to_string(),
        }
    }

    fn expect(&mut self, c: char, what: &str) -> Result<(), NotationError> {
        if self.eat(c) {
            Ok(())
        } else {
            Err(NotationError { column: self.column(), message: format!("expected {what}; {}", self.found()) })
        }
    }

    /// After a field: a space or the end of the line.
    fn field_end(&self, after: &str) -> Result<(), NotationError> {
        match self.peek() {
            None | Some(' ') => Ok(()),
            Some(_) => Err(NotationError {
                column: self.column(),
                message: format!("unexpected after {after}; {}", self.found()),
            }),
        }
    }

    /// The characters from `start` (a byte offset) to here.
    fn since(&self, start: usize) -> &str {
        self.text.get(start..self.byte).unwrap_or_default()
    }

    fn int(&mut self, what: &str) -> Result<i32, NotationError> {
        let (start, column) = (self.byte, self.column());
        self.eat('-');
        let digits = self.at;
        while self.peek().is_some_and(|c| c.is_ascii_digit()) {
            if self.at - digits >= MAX_INT_CHARS {
                return Err(NotationError {
                    column,
                    message: format!("{what} has more than {MAX_INT_CHARS} digits; it is out of range"),
                });
            }
            self.step();
        }
        if self.at == digits {
            return Err(NotationError {
                column: self.column(),
                message: format!("expected {what} (an integer); {}", self.found()),
            });
        }
        let text = self.since(start);
        text.parse().map_err(|_| NotationError { column, message: format!("{what} `{text}` is out of range") })
    }

    fn value(&mut self, what: &str) -> Result<u8, NotationError> {
        match self.peek() {
            Some(c @ '0'..='9') => {
                let v = c as u8 - b'0';
                if v > MAX_VALUE {
                    return Err(NotationError {
                        column: self.column(),
                        message: format!("{what} {v} is outside 0-{MAX_VALUE}"),
                    });
                }
                self.step();
                Ok(v)
            }
            _ => Err(NotationError {
                column: self.column(),
                message: format!("expected {what} (0-{MAX_VALUE}); {}", self.found()),
            }),
        }
    }

    /// The text up to (not including) the next of `stops`, consumed; an
    /// error past `most` characters, `what` saying what was being read.
    fn until(&mut self, stops: &[char], most: usize, what: &str) -> Result<String, NotationError> {
        let (start, column) = (self.byte, self.column());
        while self.peek().is_some_and(|c| !stops.contains(&c)) {
            if self.at + 1 - column >= most {
                return Err(NotationError {
                    column,
                    message: format!("{what} runs past {most} characters, longer than any that is valid"),
                });
            }
            self.step();
        }
        Ok(self.since(start).to_string())
    }

    fn rest(&mut self, most: usize, what: &str) -> Result<String, NotationError> {
        self.until(&[], most, what)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn board(tiles: &[((i32, i32), [u8; 4])]) -> Board {
        let mut b = Board::new();
        for &((x, y), c) in tiles {
            b.insert(Cell::new(x, y), Corners(c));
        }
        b
    }

    fn id(s: &str) -> TileId {
        s.parse().unwrap()
    }

    #[test]
    fn the_bonus_corner_example_is_written_in_reading_order() {
        let b = board(&[((0, 0), [5, 5, 5, 5]), ((0, -1), [0, 1, 5, 5]), ((1, 0), [5, 5, 2, 5])]);
        let hand = [id("1-4-5-5"), id("2-2-4-5"), id("4-5-5-5")];
        let line = write(&b, &hand, Some("english"));
        assert_eq!(line, "0,-1:0155;0,0:5555;1,0:5525 1-4-5-5,2-2-4-5,4-5-5-5 english");
        let p = parse(&line).unwrap();
        assert_eq!(p.hand, hand);
        assert_eq!(p.variant.as_deref(), Some("english"));
        assert_eq!(p.board[0], (Cell::new(0, -1), Corners([0, 1, 5, 5])));
    }

    #[test]
    fn a_negative_first_cell_is_not_an_empty_board() {
        let p = parse("-3,-1:1234 -").unwrap();
        assert_eq!(p.board, vec![(Cell::new(-3, -1), Corners([1, 2, 3, 4]))]);
    }

    #[test]
    fn empty_board_and_hand_are_dashes() {
        assert_eq!(write(&Board::new(), &[], None), "- -");
        let p = parse("- -").unwrap();
        assert!(p.board.is_empty() && p.hand.is_empty() && p.variant.is_none());
    }

    #[test]
    fn errors_name_the_column() {
        let cases = [
            ("", 1, "empty"),
            ("0,0:5555", 9, "a space, then the hand"),
            ("0,0:5565 -", 7, "outside 0-5"),
            ("0,0:555 -", 8, "corner value 4 of 4"),
            ("0;0:5555 -", 2, "`,` between"),
            ("0,0:5555 5-4-1-1", 10, "`5-4-1-1` is not a tile id as written: write 1-1-4-5"),
            ("0,0:5555 1-1-1", 15, "`1-1-1` is not a tile id"),
            ("0,0:5555 1-1-7-1", 14, "value 7 is outside 0-5"),
            ("0,0:5555 1-1-1-1 eng lish", 18, "not a variant's label"),
            ("0,0:5555 1-1-1-1 english+R4:no", 18, "not a variant's label"),
            ("0,0:5555 1-1-1-1x", 17, "`1-1-1-1x` is not a tile id"),
            ("x,0:5555 -", 1, "the cell's x"),
            ("99999999999,0:5555 -", 1, "out of range"),
            ("0,0:5555\t-", 9, "control character"),
            ("-x -", 2, "the cell's x"),
            ("- -1-1-1-1", 3, "`-1-1-1-1` is not a tile id"),
        ];
        for (line, column, text) in cases {
            let e = parse(line).expect_err(line);
            assert_eq!(e.column, column, "{line}: {e}");
            assert!(e.message.contains(text), "{line}: {e}");
        }
    }

    #[test]
    fn spans_locate_the_rules_problems() {
        let mut spans = Spans::default();
        parse_spanned("0,0:5555;10,-3:1234 1-1-1-1,2-2-2-2 serbian", &mut spans).unwrap();
        assert_eq!(spans.column(&DocPath::from("board").index(1).key("at")), 10);
        assert_eq!(spans.column(&DocPath::from("board").index(1).key("tile")), 16);
        assert_eq!(spans.column(&DocPath::from("hand").index(1)), 29);
        assert_eq!(spans.column(&DocPath::from("variant")), 37);
    }
}
