//! The engine protocol (docs/PROTOCOL.md): a line-based conversation on
//! standard input and output through which a program in any language that
//! implements the rules answers for them, so that `quadominos conform` can
//! hold it to ours. One request a line; each response is zero or more data
//! lines and one closing line, `ok` or `error MESSAGE`.
//!
//! [`message`] holds the requests and the lines of each response, written
//! and read by both sides; [`engine`] is the reference engine
//! (`quadominos engine`), answering from this crate's rules; [`client`]
//! runs another program as an engine, with a time limit on every request,
//! bounded reads, and the engine ended whole when it fails.
//!
//! May use: model, rules, game, formats, play, suite, error. The reference
//! engine counts perft with `suite` and plays games with `play`.

pub mod client;
pub mod engine;
pub mod knockout;
pub mod message;
pub mod mutant;

pub use client::{EngineFailure, EngineProcess, Response};
pub use engine::{Answer, Engine};
pub use message::{
    Capability, End, GameLines, GameStart, Hello, JudgeLine, PROTOCOL_VERSION, PROTOCOL_VERSION_1, PerftLines, Request,
};
