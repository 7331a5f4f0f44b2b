//! A value on the command line that an option cannot take, said in the
//! toolkit's words, as the messages about files are: the option, what is
//! wrong with the value, and what to write instead. For a whole number clap
//! passes on Rust's own words (`invalid digit found in string`, `number too
//! large to fit in target type`, `0 is not in 1..=4294967295`), which name
//! no fix; the toolkit's own parsers (seconds, sizes, cells, tiles) give
//! theirs, and clap's frame around them (`invalid value '5x' for '--timeout
//! <SECONDS>'`, then a pointer to `--help`) is dropped. A word outside an
//! option's list gets the list and the nearest word, as a mistyped variant
//! does.

use clap::error::{ContextKind, ContextValue, ErrorKind};
use quadominos::formats::printable;
use std::num::{IntErrorKind, ParseIntError};

/// The message for a clap error about a value an option could not take,
/// or `None` for any other error (clap's own is kept: a missing argument,
/// an unknown flag or command, `--help`).
pub fn value_in_words(e: &clap::Error) -> Option<String> {
    if !matches!(e.kind(), ErrorKind::ValueValidation | ErrorKind::InvalidValue) {
        return None;
    }
    let Some(ContextValue::String(arg)) = e.get(ContextKind::InvalidArg) else { return None };
    let Some(ContextValue::String(value)) = e.get(ContextKind::InvalidValue) else { return None };
    // `--threads <N>` names the option `--threads`.
    let name = arg.split_whitespace().next().unwrap_or(arg);
    // A command line may hold any character: shown escaped, never obeyed.
    let shown = printable(value);
    if e.kind() == ErrorKind::InvalidValue {
        let valid = match e.get(ContextKind::ValidValue) {
            Some(ContextValue::Strings(valid)) => valid.as_slice(),
            _ => &[],
        };
        // `--spec=`: what the option takes, as its help names it (`<FILE>`).
        if valid.is_empty() {
            let takes = arg.split_once(' ').map_or("a value", |(_, takes)| takes);
            return value.is_empty().then(|| format!("{name}: the value is empty: write {takes} after it"));
        }
        // A word outside the option's list: the list, and the nearest word.
        let near = match e.get(ContextKind::SuggestedValue) {
            Some(ContextValue::String(near)) => format!(" (did you mean `{near}`?)"),
            _ => String::new(),
        };
        let list = match valid.split_last() {
            Some((last, [])) => last.clone(),
            Some((last, rest)) => format!("{} or {last}", rest.join(", ")),
            None => return None,
        };
        return Some(format!("{name}: `{shown}` is not one of its values{near}: write {list}"));
    }
    let source = std::error::Error::source(e)?;
    let why = if let Some(p) = source.downcast_ref::<ParseIntError>() {
        match p.kind() {
            IntErrorKind::Empty => "the value is empty: write a whole number".to_string(),
            IntErrorKind::PosOverflow => format!("`{shown}` is too large for it: write a smaller whole number"),
            IntErrorKind::NegOverflow => format!("`{shown}` is too small for it: write a whole number of 0 or more"),
            _ if value.strip_prefix('-').is_some_and(|d| !d.is_empty() && d.bytes().all(|b| b.is_ascii_digit())) => {
                format!("{shown} is below 0: write a whole number of 0 or more")
            }
            _ => format!("`{shown}` is not a whole number: write digits only, e.g. `{name} 2`"),
        }
    } else {
        let said = source.to_string();
        // The toolkit's own parsers say what to write themselves.
        out_of_range(&said).unwrap_or_else(|| printable(&said).into_owned())
    };
    Some(format!("{name}: {why}"))
}

/// The message for a command word that is no command but one of a
/// command's options (`quadominos hint` for `solve --hint`), or `None`
/// for any other error, whose clap message is kept (clap's nearest command
/// by spelling, `variants` for `hint`, is no help there). `top` is the
/// whole command line's definition.
pub fn command_in_words(e: &clap::Error, top: &clap::Command) -> Option<String> {
    if e.kind() != ErrorKind::InvalidSubcommand {
        return None;
    }
    let Some(ContextValue::String(word)) = e.get(ContextKind::InvalidSubcommand) else { return None };
    let flag = word.trim_start_matches('-');
    let owners: Vec<&clap::Command> = top
        .get_subcommands()
        .filter(|sub| sub.get_arguments().any(|a| a.get_long() == Some(flag) && !a.is_hide_set()))
        .collect();
    let (first, rest) = owners.split_first()?;
    // The command with its operands as its usage names them (`solve
    // PUZZLE`), so that the line shown only wants its file filled in.
    let operands: String = first
        .get_positionals()
        .filter(|a| a.is_required_set())
        .map(|a| {
            let name = a
                .get_value_names()
                .and_then(|n| n.first())
                .map_or_else(|| a.get_id().as_str().to_uppercase(), |n| n.to_string());
            format!(" {name}")
        })
        .collect();
    let example = format!("quadominos {}{operands} --{flag}", first.get_name());
    let word = printable(word);
    Some(match rest {
        [] => format!("`{word}` is not a command: --{flag} is an option of `{}`: write `{example}`", first.get_name()),
        _ => {
            let names: Vec<String> = owners.iter().map(|c| format!("`{}`", c.get_name())).collect();
            format!("`{word}` is not a command: --{flag} is an option of {}: write e.g. `{example}`", names.join(", "))
        }
    })
}

/// clap's range message, `N is not in A..=B` (or `A..`, `..=B`), as the
/// range to write a number from.
fn out_of_range(text: &str) -> Option<String> {
    let (number, range) = text.split_once(" is not in ")?;
    let (low, high) = range.split_once("..")?;
    let high = high.strip_prefix('=').unwrap_or(high);
    // The top of the number's own type is no limit a person needs to hear.
    let high = high.parse::<u128>().ok().filter(|&h| h < u128::from(u32::MAX));
    let low = low.parse::<i128>().unwrap_or(0);
    let within = match high {
        Some(h) => format!("a whole number from {low} to {h}"),
        None => format!("a whole number of {low} or more"),
    };
    Some(format!("{number} is out of range: write {within}"))
}

#[cfg(test)]
mod tests {
    use super::*;
    use clap::CommandFactory;

    /// The command line read as `main` reads it.
    fn parsed(line: impl IntoIterator<Item = impl Into<std::ffi::OsString>>) -> Result<crate::Cli, clap::Error> {
        crate::parse(line.into_iter().map(Into::into))
    }

    /// clap's and Rust's own words, which the messages must not use.
    const READER_WORDS: [&str; 5] = ["invalid digit", "is not in", "target type", "parse integer", "invalid value"];

    /// Every option of every command that takes a value, given values
    /// that most options refuse (and 0 and large numbers, which some
    /// take): each is either taken, or refused naming the option in plain
    /// words with what to write, never in clap's or Rust's, and with any
    /// control character shown escaped.
    #[test]
    fn every_option_refuses_a_bad_value_in_plain_words() {
        let top = crate::Cli::command();
        let mut tried = 0;
        let mut numbers = std::collections::BTreeSet::new();
        let mut options = std::collections::BTreeSet::new();
        let mut wrong = Vec::new();
        for sub in top.get_subcommands() {
            let args: Vec<&clap::Arg> = sub.get_arguments().chain(top.get_arguments()).collect();
            for arg in args {
                let Some(long) = arg.get_long() else { continue };
                if !arg.get_action().takes_values() {
                    continue;
                }
                let name = format!("--{long}");
                let values =
                    ["abc", "", "2.5", "1e3", "-1", "1e300", "99999999999999999999999", "0", "500", "\u{1b}[2J"];
                for value in values {
                    let line = ["quadominos", sub.get_name(), &format!("{name}={value}")];
                    let Err(e) = parsed(line) else { continue };
                    if !matches!(e.kind(), ErrorKind::ValueValidation | ErrorKind::InvalidValue) {
                        continue;
                    }
                    tried += 1;
                    options.insert(long);
                    if std::error::Error::source(&e).is_some_and(|s| s.downcast_ref::<ParseIntError>().is_some()) {
                        numbers.insert(long);
                    }
                    let Some(said) = value_in_words(&e) else {
                        wrong.push(format!("{line:?}: clap's words kept: {e}"));
                        continue;
                    };
                    if !said.starts_with(&format!("{name}: ")) {
                        wrong.push(format!("{line:?} does not start with the option: {said}"));
                    }
                    if !said.contains("write") {
                        wrong.push(format!("{line:?} names no fix: {said}"));
                    }
                    if said.chars().any(char::is_control) {
                        wrong.push(format!("{line:?} prints a control character: {said:?}"));
                    }
                    if let Some(w) = READER_WORDS.iter().find(|w| said.contains(*w)) {
                        wrong.push(format!("{line:?} speaks of `{w}`: {said}"));
                    }
                }
            }
        }
        assert!(wrong.is_empty(), "{}", wrong.join("\n"));
        // 22 whole-number options today (`--seed` on five commands, five
        // limits on every command), and the seconds, sizes, cells, tiles,
        // regions, levels and parts read by the toolkit's own parsers.
        assert!(numbers.len() >= 22, "{} whole-number options: {numbers:?}", numbers.len());
        assert!(options.len() >= 30, "{} options refused a value: {options:?}", options.len());
        assert!(tried >= 2 * options.len(), "{tried} refusals over {} options", options.len());
    }

    #[test]
    fn each_kind_of_bad_value_gets_its_own_fix() {
        let said = |line: &[&str]| {
            let e = parsed(line).err().expect("refused");
            value_in_words(&e).expect("in words")
        };
        assert_eq!(
            said(&["quadominos", "solve", "p.yaml", "--threads", "abc"]),
            "--threads: `abc` is not a whole number: write digits only, e.g. `--threads 2`"
        );
        assert_eq!(said(&["quadominos", "perft", "--depth="]), "--depth: the value is empty: write a whole number");
        assert_eq!(
            said(&["quadominos", "perft", "--depth", "99999999999999999999999"]),
            "--depth: `99999999999999999999999` is too large for it: write a smaller whole number"
        );
        assert_eq!(
            said(&["quadominos", "--max-nesting", "500", "moves", "p.yaml"]),
            "--max-nesting: 500 is out of range: write a whole number from 1 to 128"
        );
        assert_eq!(
            said(&["quadominos", "--max-tiles", "0", "moves", "p.yaml"]),
            "--max-tiles: 0 is out of range: write a whole number of 1 or more"
        );
        assert_eq!(
            said(&["quadominos", "conform", "--perft-depth", "9"]),
            "--perft-depth: 9 is out of range: write a whole number from 0 to 5"
        );
        // A negative number reaches the option rather than being taken for
        // an unknown flag.
        assert_eq!(
            said(&["quadominos", "solve", "p.yaml", "--threads", "-1"]),
            "--threads: -1 is below 0: write a whole number of 0 or more"
        );
        // A control character typed into a value is shown escaped.
        assert_eq!(
            said(&["quadominos", "play", "--players", "\u{1b}[2J"]),
            "--players: `\\u{1b}[2J` is not a whole number: write digits only, e.g. `--players 2`"
        );
        // A word outside an option's list gets the list and the nearest.
        assert_eq!(
            said(&["quadominos", "solve", "p.yaml", "--solver", "natve"]),
            "--solver: `natve` is not one of its values (did you mean `native`?): write native, smt or both"
        );
        assert_eq!(
            said(&["quadominos", "solve", "p.yaml", "--format", "pdf"]),
            "--format: `pdf` is not one of its values: write text, json or yaml"
        );
        assert_eq!(said(&["quadominos", "moves", "--spec="]), "--spec: the value is empty: write <FILE> after it");
        // Errors of other kinds keep clap's message.
        let missing = parsed(["quadominos", "solve"]).err().expect("refused");
        assert_eq!(value_in_words(&missing), None);
    }
}
