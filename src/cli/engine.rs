//! `quadominos engine`: the reference engine of the protocol
//! (docs/PROTOCOL.md), speaking it on standard input and output until
//! `quit` or the end of its input. Every response is flushed whole.

use std::io::{BufRead, Read as _, Write as _};

use quadominos::formats::{BOM, InputError, STDIN_NAME, VariantChoice};
use quadominos::limits;
use quadominos::protocol::{End, Engine};

use super::shared::{Failure, RuleArgs};

/// The longest request line read; past it the line is refused (requests
/// are short: the longest is a position's notation).
const MAX_REQUEST: u64 = 1 << 20;

/// Speak the engine protocol (docs/PROTOCOL.md) on standard input and
/// output: the reference engine that `quadominos conform` holds other
/// implementations to, and an example of the protocol.
#[derive(clap::Args)]
#[command(after_help = "Examples:
  printf 'protocol 1\\nvariant english\\nposition 0,-1:0155;0,0:5555;1,0:5525 1-4-5-5\\nmoves\\nquit\\n' | quadominos engine
  quadominos conform --engine \"quadominos engine\"
  quadominos conform --engine \"quadominos engine --rule R4=no\"   (a deliberately wrong engine)

--variant is the variant in force before any `variant` request, and a spec given
with --spec is known to `variant` by its name. Each --rule is a house rule: applied
on top of every variant the client sets, and said in the handshake's `engine` line.")]
pub struct Args {
    #[command(flatten)]
    pub rules: RuleArgs,
    /// A wrong engine for the mutation test of the conformance suite: the
    /// reference with one planted bug (quadominos::protocol::mutant).
    #[arg(long, value_name = "NAME", hide = true)]
    pub mutant: Option<String>,
}

/// Skips the rest of a line, a buffer's worth at a time, keeping none of
/// it: true at its line break or at the end of the input, false when more
/// than `most` bytes pass without one (a stream that never ends a line,
/// such as `/dev/zero`, is not a conversation).
fn skip_line(input: &mut impl BufRead, most: u64) -> std::io::Result<bool> {
    let mut skipped: u64 = 0;
    loop {
        let chunk = input.fill_buf()?;
        if chunk.is_empty() {
            return Ok(true);
        }
        let (used, ended) = match chunk.iter().position(|&b| b == b'\n') {
            Some(k) => (k + 1, true),
            None => (chunk.len(), false),
        };
        input.consume(used);
        if ended {
            return Ok(true);
        }
        skipped = skipped.saturating_add(used as u64);
        if skipped > most {
            return Ok(false);
        }
    }
}

pub fn run(args: Args) -> Result<(String, u8), Failure> {
    let choice = VariantChoice { rules: Vec::new(), ..args.rules.choice() };
    let own = choice.resolve(None, None)?;
    let mut forced = Vec::new();
    for rule in &args.rules.rules {
        let (name, value) = rule.split_once('=').ok_or_else(|| {
            InputError::whole_file("--rule", quadominos::rules::RuleError::Malformed(rule.clone()).to_string())
        })?;
        forced.push((name.trim().to_string(), value.trim().to_string()));
    }
    let mut engine = Engine::new(own, forced).map_err(|e| InputError::whole_file("--rule", e))?;
    if let Some(name) = &args.mutant {
        let mutant = quadominos::protocol::mutant::find(name).ok_or_else(|| {
            let names: Vec<String> = quadominos::protocol::mutant::mutants().into_iter().map(|m| m.name).collect();
            InputError::whole_file("--mutant", format!("no mutant is called `{name}`; one of {}", names.join(", ")))
        })?;
        engine = engine.with_mutant(mutant);
    }
    let stdin = std::io::stdin();
    let mut input = stdin.lock();
    let mut out = std::io::stdout().lock();
    let mut first = true;
    loop {
        let mut buf = Vec::new();
        match (&mut input).take(MAX_REQUEST).read_until(b'\n', &mut buf) {
            Ok(0) | Err(_) => break,
            Ok(_) => {}
        }
        let too_long = buf.last() != Some(&b'\n') && buf.len() as u64 >= MAX_REQUEST;
        // A byte order mark opening the stream (a client that writes its
        // requests as a file is written) is no part of the first request,
        // as it is no part of a file's text.
        if std::mem::take(&mut first) && buf.starts_with(BOM) {
            buf.drain(..BOM.len());
        }
        let lines = if too_long {
            // The line is answered at once; the rest of it is no request
            // either, and is skipped in bounded pieces.
            let refused = End::Error(format!("a request line longer than {MAX_REQUEST} bytes")).line();
            if writeln!(out, "{refused}").and_then(|()| out.flush()).is_err() {
                break;
            }
            match skip_line(&mut input, limits::current().input_bytes) {
                Ok(true) => continue,
                Ok(false) => {
                    return Err(InputError::whole_file(
                        STDIN_NAME,
                        format!(
                            "a request line runs on past {} without a line break; the engine stops",
                            limits::bytes(limits::current().input_bytes)
                        ),
                    )
                    .into());
                }
                Err(_) => break,
            }
        } else {
            match String::from_utf8(buf) {
                Ok(line) => {
                    let answer = engine.answer(&line);
                    if answer.quit {
                        let _ = writeln!(out, "{}", answer.lines.join("\n")).and_then(|()| out.flush());
                        break;
                    }
                    answer.lines
                }
                Err(_) => vec![End::Error("a request that is not UTF-8 text".into()).line()],
            }
        };
        // A client that has gone away ends the conversation.
        if writeln!(out, "{}", lines.join("\n")).and_then(|()| out.flush()).is_err() {
            break;
        }
    }
    Ok((String::new(), 0))
}
