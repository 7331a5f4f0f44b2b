//! The engine as the cases see it: a session that sends requests and reads
//! their answers, the troubles a request can meet, a case's verdict, and the
//! readers the cases and the drill-down share. The run starts the session
//! and hands it to each case; the cases and the drill-down only use it.

use crate::formats::{MoveRecord, notation};
use crate::model::{Board, Cell, Corners, TileId};
use crate::protocol::message::shorten;
use crate::protocol::{Capability, End, EngineFailure, EngineProcess, Hello, Request};
use crate::rules::{Position, Variant};

use super::labels::variant_by_label;
use super::report::Failure;

/// Why a request got no usable answer.
pub(super) enum Trouble {
    /// The engine failed (exited, hung, printed what no protocol says).
    Engine(EngineFailure),
    /// It answered `error`.
    Refused { request: String, message: String },
    /// Its answer's lines are not those of the request's answer.
    Garbage { request: String, message: String },
}

/// A case's outcome, before it is a record.
pub(super) enum Verdict {
    Pass(String),
    Wrong(String, Box<Failure>),
}

/// The engine, as the cases use it.
pub(super) struct Session {
    pub(super) engine: Option<EngineProcess>,
    pub(super) hello: Hello,
}

impl Session {
    /// Sends a request; the data lines of an `ok` answer.
    pub(super) fn ask(&mut self, request: &Request) -> Result<Vec<String>, Trouble> {
        let line = request.to_string();
        let Some(engine) = self.engine.as_mut() else {
            let message = "the engine is not running".to_string();
            return Err(Trouble::Garbage { request: line, message });
        };
        match engine.request(&line, &|l| request.data_line(l)) {
            Ok(r) => match r.end {
                End::Ok => Ok(r.data),
                End::Error(message) => Err(Trouble::Refused { request: line, message }),
            },
            Err(f) => Err(Trouble::Engine(f)),
        }
    }

    /// Sends a request whose answer has no data lines.
    pub(super) fn ask_done(&mut self, request: &Request) -> Result<(), Trouble> {
        let data = self.ask(request)?;
        match data.first() {
            None => Ok(()),
            Some(line) => {
                Err(garbage(request, format!("answered `{}`; this request has no data lines", shorten(line))))
            }
        }
    }

    /// Sets the variant and the position (board and hand, no label).
    pub(super) fn set(&mut self, label: &str, board: &Board, hand: &[TileId]) -> Result<(), Trouble> {
        self.ask_done(&Request::Variant(label.to_string()))?;
        self.ask_done(&Request::Position(notation::write(board, hand, None)))
    }

    /// The engine's move list at the position in force.
    pub(super) fn moves(&mut self) -> Result<Vec<MoveRecord>, Trouble> {
        let lines = self.ask(&Request::Moves)?;
        each(&Request::Moves, &lines, crate::protocol::message::parse_move_line)
    }

    pub(super) fn offers(&self, c: Capability) -> bool {
        self.hello.offers(c)
    }
}

/// A garbage answer to `request`.
pub(super) fn garbage(request: &Request, message: String) -> Trouble {
    Trouble::Garbage { request: request.to_string(), message }
}

/// Every data line read by `parse`; the first that does not read is garbage.
pub(super) fn each<T>(
    request: &Request,
    lines: &[String],
    parse: impl Fn(&str) -> Result<T, String>,
) -> Result<Vec<T>, Trouble> {
    lines
        .iter()
        .enumerate()
        .map(|(i, l)| parse(l).map_err(|e| garbage(request, format!("data line {}: {e}", i + 1))))
        .collect()
}

/// A position fixture's board and hand, checked under `variant`.
pub(super) fn position_of(board: &[(Cell, Corners)], hand: &[TileId], variant: &Variant) -> Result<Position, String> {
    Position::from_setup(board, hand, variant)
        .map_err(|ps| ps.iter().map(|p| p.to_string()).collect::<Vec<_>>().join("; "))
}

/// The label's variant under the rules; the suite's labels all name one
/// (a folder's are checked as it is read).
pub(super) fn rules_of(label: &str) -> Result<Variant, Trouble> {
    variant_by_label(label).ok_or_else(|| Trouble::Refused {
        request: String::new(),
        message: format!("the rules know no variant `{label}`"),
    })
}

/// The engine's own sentence (a refusal's words), as the report keeps it:
/// every quote in it cut, and the whole at most a few lines, so that the
/// clause it cites at its end is kept while a megabyte is not.
pub(super) fn engine_words(message: &str) -> String {
    const MOST: usize = 300;
    let cut = crate::error::excerpts(message);
    if cut.chars().count() <= MOST {
        return cut;
    }
    cut.chars().take(MOST).collect::<String>() + "…"
}
