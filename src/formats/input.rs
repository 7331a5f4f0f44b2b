//! Reading input files and reporting what is wrong with them: every error
//! names the file and, where there is one, the line and column.
//!
//! This file is long because reading a file and locating what is wrong in it
//! are one piece: the read (size, kind of file, encoding), the parse with its
//! limits, and the translation of every parser's error into a located
//! problem in plain words share the source and its line map.

use std::fmt;
use std::path::{Path, PathBuf};
use std::sync::{Arc, OnceLock};

use serde::de::DeserializeOwned;

use super::document::{Breach, Document, Mistake, Watch};
use super::every::Found;
use super::kinds::FileKind;
use crate::error::{DocPath, Problem};
use crate::limits;

/// Where the key starts in the scanner's "could not find expected ':',
/// while scanning a simple key at line L column C".
fn simple_key(message: &str) -> Option<(usize, usize)> {
    let rest = message.strip_prefix("could not find expected ':', while scanning a simple key at line ")?;
    let (line, col) = rest.split_once(" column ")?;
    Some((line.trim().parse().ok()?, col.trim().parse().ok()?))
}

/// The YAML reader's message for a limit, an overflow or a value of the
/// wrong kind in words a user knows (serde's own words, "struct",
/// "sequence", "unknown variant", are never shown: [`super::words`]), with
/// every quoted text cut to a short excerpt; any other message as it is.
/// `quoted`: the value the message is about is written in quotes. `at`: the
/// text from the error's place to the end of its line.
fn plain(message: &str, quoted: bool, at: Option<&str>) -> String {
    crate::error::excerpts(&reworded(message, quoted, at))
}

fn reworded(message: &str, quoted: bool, at: Option<&str>) -> String {
    if message.ends_with("repetition limit exceeded") {
        return message.replace(
            "repetition limit exceeded",
            "its aliases expand too far (a YAML alias bomb?): repetition limit exceeded",
        );
    }
    if message.ends_with("recursion limit exceeded") {
        return message.replace("recursion limit exceeded", "nested too deeply: recursion limit exceeded");
    }
    // `invalid type: integer `N` as u128, expected i32`: a number too large
    // for any integer type is not a wrong type.
    if let Some(start) = message.find("invalid type: integer `")
        && let Some(len) = message[start..].find(" as u128").or_else(|| message[start..].find(" as i128"))
    {
        let number = &message[start + "invalid type: integer ".len()..start + len];
        let rest = &message[start + len..];
        let expected = rest.find(", expected ").map(|k| &rest[k + ", expected ".len()..]).unwrap_or("");
        return format!("{}the number {number} is out of range; {}", &message[..start], range_words(expected));
    }
    // `invalid type: string "1e400", expected i32`: unquoted, a number too
    // large for a float is read as a string; it is a number out of range.
    // In quotes it is a string, whatever it looks like.
    if let Some(start) = message.find("invalid type: string \"")
        && let Some((written, rest)) = message[start + "invalid type: string \"".len()..].split_once('"')
        && looks_numeric(written)
        && let Some(expected) = rest.strip_prefix(", expected ")
        && !expected.contains("any YAML value")
    {
        if !quoted {
            return format!("{}the number `{written}` is out of range; {}", &message[..start], range_words(expected));
        }
        let number = match expected {
            "i8" | "i16" | "i32" | "i64" | "i128" | "isize" | "u8" | "u16" | "u32" | "u64" | "u128" | "usize" => {
                "a whole number"
            }
            "f32" | "f64" => "a number",
            _ => return super::words::reworded(message, at).unwrap_or_else(|| message.to_string()),
        };
        return format!(
            "{}\"{written}\" in quotes is a text, not {number}; write the number without quotes",
            &message[..start]
        );
    }
    super::words::reworded(message, at).unwrap_or_else(|| message.to_string())
}

/// What to write instead of a number out of range: the range of the
/// number that belongs there, where the message names it.
fn range_words(expected: &str) -> String {
    match super::words::number_range(expected) {
        // A count's upper bound (20 digits) says nothing a user needs.
        Some((min, max)) if max.len() > 12 => format!("write a whole number from {min} up"),
        Some((min, max)) => format!("write a whole number from {min} to {max}"),
        None => match super::words::number_words(expected) {
            Some(words) => format!("write {words} of fewer digits"),
            None => "write a number of fewer digits".to_string(),
        },
    }
}

/// Whether a string is written like a decimal number (`12`, `-3.5`,
/// `1e400`).
fn looks_numeric(s: &str) -> bool {
    let s = s.strip_prefix(['-', '+']).unwrap_or(s);
    let (mantissa, exponent) = match s.split_once(['e', 'E']) {
        Some((m, e)) => (m, Some(e.strip_prefix(['-', '+']).unwrap_or(e))),
        None => (s, None),
    };
    let (whole, fraction) = mantissa.split_once('.').unwrap_or((mantissa, ""));
    let digits = |t: &str| t.chars().all(|c| c.is_ascii_digit());
    !(whole.is_empty() && fraction.is_empty())
        && digits(whole)
        && digits(fraction)
        && exponent.is_none_or(|e| !e.is_empty() && digits(e))
}

/// For serde's "invalid type: string \"…\", expected struct X" about the
/// document itself (no path in front): what the whole file is, in words.
fn whole_of_kind(message: &str) -> Option<&'static str> {
    let rest = message.strip_prefix("invalid type: ")?;
    if !rest.contains(", expected struct ") {
        return None;
    }
    let kinds = [
        ("string", "one text"),
        ("sequence", "a list"),
        ("integer", "a number"),
        ("floating point", "a number"),
        ("boolean", "true or false"),
        ("unit", "empty"),
    ];
    kinds.iter().find(|(word, _)| rest.starts_with(word)).map(|(_, kind)| *kind)
}

/// What a file that is not a regular file is, in words.
fn not_regular(kind: &std::fs::FileType) -> &'static str {
    #[cfg(unix)]
    {
        use std::os::unix::fs::FileTypeExt as _;
        if kind.is_fifo() {
            return "a FIFO";
        }
        if kind.is_char_device() || kind.is_block_device() {
            return "a device";
        }
        if kind.is_socket() {
            return "a socket";
        }
    }
    if kind.is_dir() { "a folder" } else { "not a file" }
}

/// The message for nesting past the limit.
fn too_deep(limit: usize) -> String {
    format!("nested too deeply: more than {limit} levels of mappings and lists; raise the limit with --max-nesting")
}

/// The name messages give standard input.
pub const STDIN_NAME: &str = "<stdin>";

/// Whether `path` names standard input: `-`, as the command line writes it.
pub fn is_stdin(path: &Path) -> bool {
    path.as_os_str() == "-"
}

/// Standard input's bytes, up to `cap`: read on the first call, and the
/// same bytes on every later one (a command may read its input twice,
/// once to tell what kind of file it is; a pipe can be read only once).
fn stdin_bytes(cap: u64) -> std::io::Result<Vec<u8>> {
    use std::io::Read as _;
    static READ: std::sync::OnceLock<Result<Vec<u8>, String>> = std::sync::OnceLock::new();
    let read = READ.get_or_init(|| {
        let mut bytes = Vec::new();
        std::io::stdin().lock().take(cap).read_to_end(&mut bytes).map(|_| bytes).map_err(|e| e.to_string())
    });
    read.clone().map_err(std::io::Error::other)
}

/// The UTF-8 byte order mark: skipped where it opens a file, and where it
/// opens either stream of the engine protocol.
pub const BOM: &[u8] = "\u{feff}".as_bytes();

/// A text read from a file (or built in), with the name errors show for it.
#[derive(Clone)]
pub struct Source {
    /// The name to show: the path as given, or `<builtin>/NAME`.
    pub name: String,
    /// Where the file is, for resolving relative paths inside it.
    pub path: Option<PathBuf>,
    /// The whole text.
    pub text: String,
    /// The text read as YAML, once, by the first reader that needs it; every
    /// later one (a part read again, a path located) reads what it kept.
    read: OnceLock<Arc<Result<Document, Breach>>>,
    /// Where each line starts ([`Source::line_starts`]).
    lines: OnceLock<Arc<Vec<usize>>>,
}

impl fmt::Debug for Source {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Source").field("name", &self.name).field("path", &self.path).finish_non_exhaustive()
    }
}

/// One located message.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Located {
    /// The file's name as given.
    pub file: String,
    /// Line and column, both from 1, where known.
    pub position: Option<(usize, usize)>,
    /// What is wrong.
    pub message: String,
}

impl Located {
    /// Whether this is a limit passed (`--max-tiles`, `--max-nesting`, …):
    /// the text past it was never read, and nothing more is looked for.
    pub fn is_limit(&self) -> bool {
        self.message.contains(limits::RAISE_THE_LIMIT)
    }
}

/// Why an input could not be used: one or more located messages.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct InputError {
    /// Every problem found, in document order where it is known.
    pub problems: Vec<Located>,
}

/// The most problems listed for one file; the rest are counted in one line.
pub const MAX_LISTED: usize = 20;

impl InputError {
    /// A single problem in `file`, without a position.
    pub fn whole_file(file: &str, message: impl Into<String>) -> InputError {
        InputError { problems: vec![Located { file: file.to_string(), position: None, message: message.into() }] }
    }

    /// Problems found in one file, in document order, listed up to
    /// [`MAX_LISTED`]; past that one last line says how many more there
    /// are (900 copies of a tile are one mistake, not 899 lines).
    pub fn listed(problems: Vec<Located>) -> InputError {
        InputError::counted(problems, 0, false)
    }

    /// [`InputError::listed`], with `unlisted` more problems found and not
    /// kept, and, where `cut`, more not looked for: then the count is a
    /// bound, and said as one.
    fn counted(mut problems: Vec<Located>, unlisted: usize, cut: bool) -> InputError {
        problems.sort_by_key(|l| l.position);
        let more = (problems.len() + unlisted).saturating_sub(MAX_LISTED);
        if more > 0 || cut {
            problems.truncate(MAX_LISTED);
            let file = problems.first().map(|p| p.file.clone()).unwrap_or_default();
            let noun = if more == 1 { "problem" } else { "problems" };
            let message = match (more, cut) {
                (0, _) => "and perhaps more problems: the search for them stopped at its limit".to_string(),
                (_, true) => format!(
                    "and at least {more} more {noun} (the first {MAX_LISTED} are listed; the search for more stopped at its limit)"
                ),
                (_, false) => format!("and {more} more {noun} (the first {MAX_LISTED} are listed)"),
            };
            problems.push(Located { file, position: None, message });
        }
        InputError { problems }
    }
}

/// Why the file at `path` could not be read, in plain words with what to
/// do: a missing file gets the nearest name in its folder, where one is
/// close (`bonus-corne.yaml` for `bonus-corner.yaml`), and a missing folder
/// is named; otherwise the system's own words.
pub fn unreadable(path: &Path, e: &std::io::Error) -> String {
    use std::io::ErrorKind;
    match e.kind() {
        ErrorKind::NotFound => {
            let parent = path.parent().filter(|p| !p.as_os_str().is_empty());
            let folder = parent.unwrap_or(Path::new("."));
            if !folder.is_dir() {
                return match nearest_in(folder) {
                    Some(near) => {
                        format!("there is no folder `{}`: did you mean `{}`?", folder.display(), near.display())
                    }
                    None => format!("there is no folder `{}`: check the path", folder.display()),
                };
            }
            match nearest_in(path) {
                Some(near) => format!("there is no such file: did you mean `{}`?", near.display()),
                None => "there is no such file: check its name and folder".to_string(),
            }
        }
        ErrorKind::PermissionDenied => "permission denied: make the file readable, or read a copy of it".to_string(),
        _ => e.to_string(),
    }
}

/// The path of the entry beside `path` whose name is nearest its own, when
/// one is close and the folder holding it is there. Only the folder's names
/// are read, not its files, and a huge folder not all through.
fn nearest_in(path: &Path) -> Option<PathBuf> {
    let parent = path.parent().filter(|p| !p.as_os_str().is_empty());
    let written = path.file_name()?.to_string_lossy().into_owned();
    let names: Vec<String> = std::fs::read_dir(parent.unwrap_or(Path::new(".")))
        .ok()?
        .take(10_000)
        .flatten()
        .map(|e| e.file_name().to_string_lossy().into_owned())
        .collect();
    let near = crate::error::suggest::nearest(&written, names.iter().map(String::as_str))?;
    Some(parent.map_or_else(|| PathBuf::from(near), |p| p.join(near)))
}

/// `text` with every control character written as its escape (`\t`,
/// `\u{1b}`): a message quotes what a file holds (a key, a word), and a
/// control character in it would break the one line a problem takes, or be
/// obeyed by the terminal (an escape sequence written as `"\e[2J"` in YAML).
pub fn printable(text: &str) -> std::borrow::Cow<'_, str> {
    if text.chars().any(char::is_control) {
        text.chars().map(|c| if c.is_control() { c.escape_default().to_string() } else { c.to_string() }).collect()
    } else {
        text.into()
    }
}

impl fmt::Display for Located {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        // Every text a message quotes from a file is cut to a short excerpt,
        // whichever reader wrote the message.
        let message = crate::error::excerpts(&self.message);
        let (file, message) = (printable(&self.file), printable(&message));
        match self.position {
            Some((line, col)) => write!(f, "{file}:{line}:{col}: {message}"),
            None => write!(f, "{file}: {message}"),
        }
    }
}

impl fmt::Display for InputError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, p) in self.problems.iter().enumerate() {
            if i > 0 {
                writeln!(f)?;
            }
            write!(f, "{p}")?;
        }
        Ok(())
    }
}

impl std::error::Error for InputError {}

impl Source {
    /// Reads a file; a missing file or one that is not UTF-8 is an error
    /// naming it.
    /// A file larger than the input limit ([`crate::limits`]) is refused
    /// without being read whole.
    ///
    /// The path `-` is standard input, named `<stdin>` in messages; it is
    /// read once, and a second read in the same run gets the same text.
    pub fn read(path: &Path) -> Result<Source, InputError> {
        use std::io::Read as _;
        let stdin = is_stdin(path);
        let name = if stdin { STDIN_NAME.to_string() } else { path.display().to_string() };
        let cannot = |e: &std::io::Error| {
            let why = if stdin { e.to_string() } else { unreadable(path, e) };
            InputError::whole_file(&name, format!("cannot read: {why}"))
        };
        let limit = limits::current().input_bytes;
        let mut bytes = Vec::new();
        // One byte past the limit tells a file over it, even one whose size
        // is not known beforehand (a pipe, a device). At a limit of
        // u64::MAX the sum saturates, and no file is longer anyway.
        if stdin {
            bytes = stdin_bytes(limit.saturating_add(1)).map_err(|e| cannot(&e))?;
        } else {
            super::inputs::note(path);
            // A FIFO waits for a writer, a device may never end: only a
            // regular file is read by name (standard input is `-`).
            let kind = std::fs::metadata(path).map_err(|e| cannot(&e))?.file_type();
            if !kind.is_file() {
                return Err(InputError::whole_file(
                    &name,
                    format!(
                        "cannot read: it is {}, not a regular file; give a file, or `-` to read standard input",
                        not_regular(&kind)
                    ),
                ));
            }
            std::fs::File::open(path)
                .and_then(|f| f.take(limit.saturating_add(1)).read_to_end(&mut bytes))
                .map_err(|e| cannot(&e))?;
        }
        if bytes.len() as u64 > limit {
            let size = if stdin { None } else { std::fs::metadata(path).map(|m| m.len()).ok() };
            let size = size.filter(|&n| n > limit);
            let size = size.map_or_else(String::new, |n| format!(" ({n} bytes)"));
            return Err(InputError::whole_file(
                &name,
                format!(
                    "the file is larger than the input limit of {}{size}; raise it with --max-input-bytes",
                    limits::bytes(limit)
                ),
            ));
        }
        // A byte order mark may open a UTF-8 file (YAML allows it); it is
        // no character of the text, so positions count from after it.
        if bytes.starts_with(BOM) {
            bytes.drain(..BOM.len());
        }
        let text = String::from_utf8(bytes).map_err(|e| {
            let at = e.utf8_error().valid_up_to();
            let valid = e.as_bytes().get(..at).unwrap_or_default();
            let line = valid.iter().filter(|&&b| b == b'\n').count() + 1;
            // Columns count characters, as everywhere else (the prefix is UTF-8).
            let last = std::str::from_utf8(valid).unwrap_or_default().rsplit('\n').next().unwrap_or_default();
            let col = last.chars().count() + 1;
            InputError {
                problems: vec![Located {
                    file: name.clone(),
                    position: Some((line, col)),
                    message: "the file is not valid UTF-8".into(),
                }],
            }
        })?;
        // Relative paths written in standard input's text (a spec file named
        // by `variant:`) are relative to the working directory.
        let path = if stdin { None } else { Some(path.to_path_buf()) };
        Ok(Source { name, path, text, read: OnceLock::new(), lines: OnceLock::new() })
    }

    /// A text that is not a file (a built-in spec).
    pub fn builtin(name: &str, text: &str) -> Source {
        let (read, lines) = (OnceLock::new(), OnceLock::new());
        Source { name: format!("<builtin>/{name}"), path: None, text: text.to_string(), read, lines }
    }

    /// The text read as YAML: on the first call, in one pass held to the
    /// input limits ([`crate::limits`]), counting the entries of the lists
    /// under the top-level keys `tile_lists` (a board, a hand, a tile set's
    /// tiles) as they are read; later calls get what the first kept (a file
    /// is of one kind, read for one set of lists). A file built into the
    /// binary is not the user's input: the limits the user sets
    /// (`--max-events 200`) never refuse a shipped spec.
    fn document(&self, tile_lists: &[&str]) -> &Result<Document, Breach> {
        self.read.get_or_init(|| {
            let limits = limits::current();
            let builtin = self.path.is_none() && self.name.starts_with("<builtin>/");
            let watch =
                Watch { nesting: limits.nesting, entries: limits.tiles, lists: tile_lists, events: limits.events };
            Arc::new(Document::read(&self.text, (!builtin).then_some(&watch)))
        })
    }

    /// Deserializes the YAML text; every mistake of its shape is located.
    pub fn parse<T: DeserializeOwned>(&self, what: &str) -> Result<T, InputError> {
        self.parse_with(what, &[], |_| Vec::new())
    }

    /// [`Source::parse`] for a file of a known kind: a file of another kind
    /// is named for what it is and what reads it, not refused key by key.
    pub fn parse_as<T: DeserializeOwned>(
        &self,
        kind: FileKind,
        more: impl FnOnce(&Source) -> Vec<Located>,
    ) -> Result<T, InputError> {
        self.parse_with(kind.what(), kind.lists(), more).map_err(|e| match self.other_kind(kind) {
            Some(other) => InputError::whole_file(&self.name, other),
            None => e,
        })
    }

    /// What another kind of file this is, where its keys make it one (a
    /// scenario given where a puzzle belongs), in words with what reads it:
    /// only of a file read whole.
    fn other_kind(&self, expected: FileKind) -> Option<String> {
        let kind = self.kind_instead_of(expected)?;
        Some(format!("this is {}, not {}: {}", kind.noun(), expected.noun(), kind.readers()))
    }

    /// The other kind of file this is, where its keys make it one and it
    /// was read whole.
    pub(super) fn kind_instead_of(&self, expected: FileKind) -> Option<FileKind> {
        self.document(&[]).as_ref().ok().filter(|d| d.refused.is_none())?;
        super::kinds::other_kind(expected, &self.top_keys()?)
    }

    /// The keys of the document's own mapping, as far as it was read; `None`
    /// where the document is no mapping, or was refused for a limit.
    pub(super) fn top_keys(&self) -> Option<Vec<String>> {
        let doc = self.document(&[]).as_ref().ok()?;
        (doc.nodes.first()?.kind == super::document::Kind::Map)
            .then(|| doc.children(0).step_by(2).map(|k| doc.scalar(k).to_string()).collect())
    }

    /// [`Source::parse`], with the problems `more` finds beside those of
    /// the shape (a variant no spec has, named in a file that also has a
    /// key misspelt) said in the same list: all of a file's mistakes in one
    /// run. Not where a limit was passed, or a problem has no place: the
    /// text is then not read further.
    pub fn parse_with<T: DeserializeOwned>(
        &self,
        what: &str,
        tile_lists: &[&str],
        more: impl FnOnce(&Source) -> Vec<Located>,
    ) -> Result<T, InputError> {
        // Only blank lines, comments and document markers: no document at all.
        let empty = self.text.lines().map(str::trim).all(|l| l.is_empty() || l.starts_with('#') || l == "---");
        if empty {
            return Err(self.at((1, 1), format!("the file is empty; expected a {what}")));
        }
        let doc = match self.document(tile_lists) {
            Ok(doc) => doc,
            Err(breach) => return Err(self.limit_passed(breach)),
        };
        let found = match super::document::de::read::<T>(doc, None).0 {
            Ok(value) => match &doc.duplicate {
                None => return Ok(value),
                Some((at, key)) => {
                    let message = format!("the key `{key}` is written twice in the same mapping");
                    return Err(self.at(*at, message));
                }
            },
            // A text that is not YAML where the reader stops is told so
            // first: what was read before that point may be read amiss
            // because of it (a value run on into the next line).
            Err(_) if doc.refused.is_some() => Found::one(doc.refused.clone().unwrap_or_default()),
            // Every mistake of the file's shape, each said as it would be
            // were it the only one, in file order ([`super::every`]).
            Err(first) => super::every::every_error::<T>(doc, first),
        };
        let Found { mistakes, total, cut, .. } = found;
        let unlisted = total - mistakes.len();
        let mut problems: Vec<Located> = mistakes.into_iter().map(|m| self.located(m, what, doc)).collect();
        if !problems.iter().any(|p| p.position.is_none() || p.is_limit()) {
            problems.extend(more(self));
        }
        Err(InputError::counted(problems, unlisted, cut))
    }

    /// The part of the document at `path` read as `T`, where it is written
    /// and reads so (the variant a file names, beside other mistakes).
    pub fn part<T: DeserializeOwned>(&self, path: &DocPath) -> Option<T> {
        let doc = self.document(&[]).as_ref().ok()?;
        super::document::de::read_at::<T>(doc, doc.exact(path)?).ok()
    }

    /// One of the reader's or serde's mistakes as a located problem in
    /// plain words.
    fn located(&self, e: Mistake, what: &str, doc: &Document) -> Located {
        // A syntax error may name a second position (where the construct
        // being parsed began), which stays in the message.
        let Mistake { at: mut position, mut message } = e;
        // A key without its `:` is found only where the scanner gives up
        // (often the end of the file); the key itself is what is wrong.
        if let Some(key_at) = simple_key(&message) {
            position = Some(key_at);
            message = "could not find the `:` after this key; write each mapping entry as `key: value`".into();
        }
        // A character the reader refuses (a control character) is given as
        // a byte offset; the line and column are what a user can find.
        if let Some((words, offset)) = message.rsplit_once(" at position ")
            && let Ok(offset) = offset.parse::<usize>()
        {
            position = Some(self.line_col_at(offset));
            message = words.to_string();
        }
        // serde names a field given twice at its struct's start; the
        // second one is what is wrong.
        if message.contains("duplicate field `")
            && let Some((at, _)) = &doc.duplicate
        {
            position = Some(*at);
        }
        let position = position.map(|p| self.within(p));
        let quoted = position.is_some_and(|p| matches!(self.char_at(p), Some('"' | '\'')));
        // The whole file is of the wrong kind (a note, a key file named
        // where a spec belongs): what it is, never what it says.
        let message = match whole_of_kind(&message) {
            Some(kind) => {
                format!("the file is {kind} where a {what} is expected; write it as `key: value` lines")
            }
            None => {
                let at = position.and_then(|p| self.text_at(p));
                let spot = super::yaml_words::Spot { at, at_end: position.is_some_and(|p| self.blank_from(p)) };
                super::yaml_words::reworded(&message, spot).unwrap_or_else(|| plain(&message, quoted, at))
            }
        };
        Located { file: self.name.clone(), position, message }
    }

    /// The messages for a limit the text passes: each list past the tile
    /// limit (with its length where it was read to its end), or the place
    /// the nesting or the reader's events go past theirs.
    fn limit_passed(&self, breach: &Breach) -> InputError {
        let limits = limits::current();
        let one =
            |at: (usize, usize), message: String| Located { file: self.name.clone(), position: Some(at), message };
        let problems = match breach {
            Breach::Deep { at } => vec![one(*at, too_deep(limits.nesting))],
            Breach::Long(lists) => lists
                .iter()
                .map(|(key, at, entries)| {
                    let listed = match entries {
                        Some(n) => format!("{n} tiles listed, more than the limit of {}", limits.tiles),
                        None => format!("more than {} tiles listed", limits.tiles),
                    };
                    one(*at, format!("{key}: {listed}; each tile exists once (S1); raise the limit with --max-tiles"))
                })
                .collect(),
            Breach::ManyEvents { at } => vec![one(
                *at,
                format!(
                    "more than {} YAML nodes (keys, values and list entries); no file of the toolkit needs so many; raise the limit with --max-events",
                    limits.events
                ),
            )],
        };
        InputError { problems }
    }

    /// Where each line of the text starts (lines split at `\n`, as the
    /// places a message gives count them): found once, on the first need,
    /// so that placing every problem of a large file costs its size once.
    fn line_starts(&self) -> &[usize] {
        self.lines.get_or_init(|| {
            let breaks = self.text.match_indices('\n').map(|(i, _)| i + 1);
            Arc::new(std::iter::once(0).chain(breaks).collect())
        })
    }

    /// The text of a line (from 1), without its `\n`.
    fn line(&self, line: usize) -> Option<&str> {
        let starts = self.line_starts();
        let start = *starts.get(line.checked_sub(1)?)?;
        let end = starts.get(line).map_or(self.text.len(), |&next| next - 1);
        self.text.get(start..end)
    }

    /// The text from a line and column (from 1) to the end of its line.
    fn text_at(&self, (line, col): (usize, usize)) -> Option<&str> {
        let line = self.line(line)?;
        let start = line.char_indices().nth(col.checked_sub(1)?)?.0;
        line.get(start..)
    }

    /// Whether nothing but blanks and line breaks follow a line and column
    /// (from 1): the file ends there.
    fn blank_from(&self, (line, col): (usize, usize)) -> bool {
        let here = self.line(line).map_or("", |l| {
            let start = l.char_indices().nth(col.saturating_sub(1)).map_or(l.len(), |(i, _)| i);
            l.get(start..).unwrap_or_default()
        });
        let after = self.line_starts().get(line).map_or("", |&next| self.text.get(next..).unwrap_or_default());
        here.trim().is_empty() && after.trim().is_empty()
    }

    /// The line and column (from 1) of a byte offset into the text.
    fn line_col_at(&self, offset: usize) -> (usize, usize) {
        let mut end = offset.min(self.text.len());
        while !self.text.is_char_boundary(end) {
            end -= 1;
        }
        let starts = self.line_starts();
        let line = starts.partition_point(|&s| s <= end);
        let start = starts.get(line.saturating_sub(1)).copied().unwrap_or(0);
        (line, self.text.get(start..end).map_or(0, |t| t.chars().count()) + 1)
    }

    /// The character at a line and column (from 1).
    fn char_at(&self, (line, col): (usize, usize)) -> Option<char> {
        self.line(line)?.chars().nth(col.checked_sub(1)?)
    }

    /// One problem at a line and column of this file.
    fn at(&self, position: (usize, usize), message: String) -> InputError {
        InputError { problems: vec![Located { file: self.name.clone(), position: Some(position), message }] }
    }

    /// The end of a file without a final newline is reported (by serde_yaml
    /// and by the source map) on the line after its last; it is the end of
    /// the last line.
    fn within(&self, (line, col): (usize, usize)) -> (usize, usize) {
        let lines = self.line_starts().len();
        if line > lines { (lines, self.line(lines).map_or(0, |l| l.chars().count()) + 1) } else { (line, col) }
    }

    /// Locates problems found in the parsed document by their paths.
    pub fn problems(&self, problems: Vec<Problem>) -> InputError {
        let doc = self.document(&[]).as_ref().ok();
        InputError::listed(
            problems
                .into_iter()
                .map(|p| Located {
                    file: self.name.clone(),
                    position: Some(self.within(doc.map_or((1, 1), |d| d.locate(&p.at)))),
                    message: p.to_string(),
                })
                .collect(),
        )
    }

    /// The line and column (from 1) where the node at `path` starts, or
    /// where the nearest node on the way to it does.
    pub fn locate(&self, path: &DocPath) -> (usize, usize) {
        self.within(self.document(&[]).as_ref().map_or((1, 1), |d| d.locate(path)))
    }

    /// Resolves a path written inside this file relative to the file.
    pub fn relative(&self, written: &str) -> PathBuf {
        match self.path.as_ref().and_then(|p| p.parent()) {
            Some(dir) => dir.join(written),
            None => PathBuf::from(written),
        }
    }
}

#[cfg(test)]
mod tests {
    #[test]
    fn a_control_character_in_a_problem_is_shown_escaped() {
        let problem = super::Located {
            file: "a\tb.yaml".into(),
            position: Some((1, 2)),
            message: "unknown key `\u{1b}[2Jx\u{b}y`".into(),
        };
        assert_eq!(problem.to_string(), "a\\tb.yaml:1:2: unknown key `\\u{1b}[2Jx\\u{b}y`");
    }

    use std::collections::BTreeMap;

    use super::{Source, plain, simple_key};

    #[derive(Debug, serde::Deserialize)]
    #[serde(deny_unknown_fields)]
    #[allow(dead_code)]
    struct Doc {
        a: Vec<u8>,
        #[serde(default)]
        b: BTreeMap<String, u8>,
    }

    fn first_position(text: &str) -> Option<(usize, usize)> {
        let err = Source::builtin("t", text).parse::<Doc>("doc").unwrap_err();
        err.problems[0].position
    }

    #[test]
    fn a_key_given_twice_is_refused_at_its_second_place() {
        assert!(Source::builtin("t", "a: [1]\nb: {x: 1, y: 2}\n").parse::<Doc>("doc").is_ok());
        assert_eq!(first_position("a: [1]\nb: {x: 1, x: 2}\n"), Some((2, 11)));
        assert_eq!(first_position("a: [1]\nb: {x: 1}\na: [2]\n"), Some((3, 1)));
    }

    #[test]
    fn a_file_that_is_not_utf8_is_refused_at_the_character_column() {
        let path = std::env::temp_dir().join(format!("quadominos-utf8-{}.yaml", std::process::id()));
        std::fs::write(&path, b"a: 1\nb: \xc3\xa9\xc3\xa9 \xff\n").unwrap();
        let err = Source::read(&path).unwrap_err();
        let _ = std::fs::remove_file(&path);
        assert_eq!(err.problems[0].position, Some((2, 7)));
    }

    #[test]
    fn a_byte_order_mark_is_accepted_and_positions_count_from_after_it() {
        let path = std::env::temp_dir().join(format!("quadominos-bom-{}.yaml", std::process::id()));
        std::fs::write(&path, "\u{feff}a: [1]\nb: {x: 1}\n").unwrap();
        let read = Source::read(&path);
        std::fs::write(&path, "\u{feff}a: [1, x]\n").unwrap();
        let refused = Source::read(&path);
        std::fs::write(&path, b"\xef\xbb\xbfa: \xff\n").unwrap();
        let not_utf8 = Source::read(&path).unwrap_err();
        let _ = std::fs::remove_file(&path);
        let read = read.unwrap();
        assert_eq!(read.text, "a: [1]\nb: {x: 1}\n");
        assert!(read.parse::<Doc>("doc").is_ok());
        let err = refused.unwrap().parse::<Doc>("doc").unwrap_err();
        assert_eq!(err.problems[0].position, Some((1, 8)), "{err}");
        assert_eq!(not_utf8.problems[0].position, Some((1, 4)));
    }

    #[test]
    fn a_long_list_of_problems_is_cut_to_the_first_twenty_and_a_count() {
        let problems: Vec<crate::error::Problem> = (0..25)
            .rev()
            .map(|i| crate::error::Problem::new(crate::error::DocPath::from("a").index(i), format!("problem {i}")))
            .collect();
        let text = format!("a: [{}]\n", vec!["0"; 25].join(", "));
        let err = Source::builtin("t", &text).problems(problems);
        assert_eq!(err.problems.len(), 21);
        // The first twenty in document order, then how many more.
        assert_eq!(err.problems[0].message, "a[0]: problem 0");
        assert_eq!(err.problems[19].message, "a[19]: problem 19");
        assert_eq!(err.problems[20].to_string(), "<builtin>/t: and 5 more problems (the first 20 are listed)");
        // One past the twenty is one more problem.
        let problems: Vec<crate::error::Problem> = (0..21)
            .map(|i| crate::error::Problem::new(crate::error::DocPath::from("a").index(i), format!("problem {i}")))
            .collect();
        let err = Source::builtin("t", &text).problems(problems);
        assert_eq!(err.problems[20].to_string(), "<builtin>/t: and 1 more problem (the first 20 are listed)");
        let few: Vec<crate::error::Problem> =
            (0..20).map(|i| crate::error::Problem::new(crate::error::DocPath::from("a").index(i), "p")).collect();
        assert_eq!(Source::builtin("t", &text).problems(few).problems.len(), 20);
    }

    #[test]
    fn a_second_document_is_refused_at_its_start() {
        assert_eq!(first_position("a: [1]\n---\na: [2]\n"), Some((2, 1)));
        assert_eq!(first_position("# c\n---\na: [1]\n--- x\n"), Some((4, 1)));
        assert_eq!(first_position("{a: [1]\n }{b: 1}\n"), Some((2, 3)));
    }

    #[test]
    fn the_end_of_a_file_without_a_final_newline_is_on_its_last_line() {
        assert_eq!(first_position("a: [1,\n  2,"), Some((2, 5)));
    }

    #[test]
    fn a_number_in_quotes_is_called_a_string() {
        assert_eq!(
            plain("board[0].at[0]: invalid type: string \"1\", expected i32", true, None),
            "board[0].at[0]: \"1\" in quotes is a text, not a whole number; write the number without quotes"
        );
        assert_eq!(
            plain("board[0].at[0]: invalid type: string \"1\", expected i32", false, None),
            "board[0].at[0]: the number `1` is out of range; write a whole number from -2147483648 to 2147483647"
        );
        // Located, from the text: the value at the error's place is quoted.
        let err = Source::builtin("t", "a: [1, \"2\"]\n").parse::<Doc>("doc").unwrap_err();
        assert_eq!(
            err.problems[0].message,
            "a[1]: \"2\" in quotes is a text, not a whole number; write the number without quotes"
        );
        let err = Source::builtin("t", "a: [1, '2']\n").parse::<Doc>("doc").unwrap_err();
        assert!(err.problems[0].message.contains("\"2\" in quotes is a text, not a whole number"), "{err}");
    }

    #[test]
    fn a_quoted_text_is_shown_as_a_short_excerpt() {
        let long = "word ".repeat(40);
        let message = format!("invalid type: string \"{long}\", expected struct VariantSpec");
        let shown = plain(&message, false, None);
        assert_eq!(
            shown,
            format!(
                "a mapping of `key: value` entries belongs here, not the text \"{}…\"; write `key: value` lines",
                &long[..80]
            )
        );
        assert_eq!(
            plain("unknown field `a\nb`, expected `c`", false, None),
            "unknown key `a…`; the keys here are `c`; write one of them, or remove the entry"
        );
        assert_eq!(
            plain("invalid value: string \"one\\ntwo\", expected x", false, None),
            "the text \"one…\" is not allowed here; write x"
        );
        // An escaped quote does not end the quotation; a cut never splits
        // an escape.
        let escaped = format!("string \"{}\\\"{}\" here", "a".repeat(79), "b".repeat(10));
        assert_eq!(plain(&escaped, false, None), format!("string \"{}…\" here", "a".repeat(79)));
        assert_eq!(plain("short `x` and \"y\"", false, None), "short `x` and \"y\"");
    }

    #[test]
    fn limits_and_overflows_are_said_plainly() {
        assert_eq!(
            plain("board[1].at[0]: invalid type: integer `99999999999999999999` as u128, expected i32", false, None),
            "board[1].at[0]: the number `99999999999999999999` is out of range; write a whole number from -2147483648 to 2147483647"
        );
        assert_eq!(
            plain(
                "goal.plays: invalid type: integer `-99999999999999999999` as i128, expected any YAML value",
                false,
                None
            ),
            "goal.plays: the number `-99999999999999999999` is out of range; write a number of fewer digits"
        );
        assert_eq!(
            plain("board[0].at[1]: invalid type: string \"1e400\", expected i32", false, None),
            "board[0].at[1]: the number `1e400` is out of range; write a whole number from -2147483648 to 2147483647"
        );
        assert_eq!(
            plain("hand: invalid type: string \"1e\", expected i32", false, None),
            "hand: a whole number belongs here, not the word `1e`; write it in digits, e.g. `hand: 3`"
        );
        assert!(plain("repetition limit exceeded", false, None).contains("alias bomb"));
        assert!(plain("recursion limit exceeded", false, None).starts_with("nested too deeply"));
        assert_eq!(
            simple_key("could not find expected ':', while scanning a simple key at line 4 column 3"),
            Some((4, 3))
        );
        assert_eq!(
            simple_key("did not find expected ',' or '}', while parsing a flow mapping at line 3 column 5"),
            None
        );
        assert_eq!(
            plain("hand: invalid type: string \"x\", expected a sequence", false, None),
            "hand: a list of tile ids belongs here, not the word `x`; write `hand: [0-1-1-3, 2-2-4-5]`"
        );
    }
}
