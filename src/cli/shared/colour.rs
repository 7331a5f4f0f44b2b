//! Colour in the text reports and on the `error:` prefix: verdicts (legal,
//! illegal, FAIL, ok), whether an answer is proven, and what failed. It is
//! decided once per stream, from `--color` and, for `auto`, by anstream as
//! every clap-based tool decides it: colour only on a terminal, never when
//! `NO_COLOR` is set and not empty (no-color.org), forced by
//! `CLICOLOR_FORCE`. JSON and YAML are never styled: only the text reports
//! call these functions.

use std::fmt::Display;
use std::sync::atomic::{AtomicBool, Ordering};

use anstyle::{AnsiColor, Style};
use clap::ValueEnum;

/// `--color`: when the text reports and messages are coloured.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, ValueEnum)]
pub enum ColorChoice {
    /// Only on a terminal, and not when NO_COLOR is set.
    #[default]
    Auto,
    /// Always, even into a pipe or a file.
    Always,
    /// Never.
    Never,
}

impl ColorChoice {
    fn anstream(self) -> anstream::ColorChoice {
        match self {
            ColorChoice::Auto => anstream::ColorChoice::Auto,
            // Escape codes written as they are: the report is text built
            // whole before it is printed, not written through a console API.
            ColorChoice::Always => anstream::ColorChoice::AlwaysAnsi,
            ColorChoice::Never => anstream::ColorChoice::Never,
        }
    }
}

static STDOUT: AtomicBool = AtomicBool::new(false);
static STDERR: AtomicBool = AtomicBool::new(false);

/// Decides, for standard output and standard error, whether they take
/// colour. Also sets anstream's global choice, which clap follows for its
/// own help and usage errors.
pub fn set(choice: ColorChoice) {
    choice.anstream().write_global();
    let on = |c: anstream::ColorChoice| c != anstream::ColorChoice::Never;
    STDOUT.store(on(anstream::AutoStream::choice(&std::io::stdout())), Ordering::Relaxed);
    STDERR.store(on(anstream::AutoStream::choice(&std::io::stderr())), Ordering::Relaxed);
}

/// `--color`'s value read from the raw arguments, before clap parses them,
/// so that clap's own messages (a usage error, `--help`) follow it too; the
/// value clap parses then decides for the reports. An unknown value is left
/// for clap to refuse.
pub fn early_choice(args: impl IntoIterator<Item = std::ffi::OsString>) -> ColorChoice {
    let mut choice = ColorChoice::Auto;
    let mut args = args.into_iter();
    while let Some(arg) = args.next() {
        let value = match arg.to_str() {
            Some("--") => break,
            Some("--color") => args.next(),
            Some(a) => a.strip_prefix("--color=").map(Into::into),
            None => None,
        };
        if let Some(c) = value.as_ref().and_then(|v| v.to_str()).and_then(|v| ColorChoice::from_str(v, false).ok()) {
            choice = c;
        }
    }
    choice
}

/// A good outcome: legal, ok, proven, holds.
pub const GOOD: Style = AnsiColor::Green.on_default().bold();
/// A bad outcome: illegal, FAIL, wrong, does not hold.
pub const BAD: Style = AnsiColor::Red.on_default().bold();
/// An outcome short of an answer: not proven, not confirmed.
pub const DOUBT: Style = AnsiColor::Yellow.on_default().bold();

/// `text` in `style` when standard output takes colour.
pub fn out(style: Style, text: impl Display) -> String {
    paint(STDOUT.load(Ordering::Relaxed), style, text)
}

/// `text` in `style` when standard error takes colour.
pub fn err(style: Style, text: impl Display) -> String {
    paint(STDERR.load(Ordering::Relaxed), style, text)
}

fn paint(on: bool, style: Style, text: impl Display) -> String {
    if on { format!("{style}{text}{style:#}") } else { text.to_string() }
}
