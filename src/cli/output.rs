//! Every file a command writes: the pictures of `--svg` and `--png`, and the
//! fixture suites of `fixtures --out`. What holds for all of them:
//!
//! - nothing is written over one of the command's own inputs: an output is
//!   compared with every file the command read, as the same file on disk
//!   (device and inode, so through symbolic and hard links alike);
//! - nothing that is not a regular file (a device, a FIFO, a folder) is
//!   replaced by one: an output is moved into place by a rename, which would
//!   put a regular file where the device was;
//! - every output appears whole or not at all: a file is written to a
//!   temporary file beside it and renamed into place once all the outputs of
//!   the command are written; a suite is built in a hidden folder beside its
//!   folder and moved into place once complete;
//! - every check is made before anything is written, and a refusal names
//!   the path (exit status 2).

use std::fs::Metadata;
use std::io::Write as _;
use std::path::{Path, PathBuf};

use quadominos::formats::InputError;

use super::Failure;

/// A refusal or a failure to write, naming `path`.
fn refuse(path: &Path, message: impl Into<String>) -> Failure {
    Failure::Input(InputError::whole_file(&path.display().to_string(), message))
}

/// Where a file lives: its device and inode, the same through every name.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct FileId(u64, u64);

#[cfg(unix)]
fn file_id(meta: &Metadata) -> Option<FileId> {
    use std::os::unix::fs::MetadataExt;
    Some(FileId(meta.dev(), meta.ino()))
}

#[cfg(not(unix))]
fn file_id(_meta: &Metadata) -> Option<FileId> {
    None
}

/// What a path that is not a regular file names, in words.
fn kind(meta: &Metadata) -> &'static str {
    let t = meta.file_type();
    if t.is_dir() {
        return "a folder";
    }
    #[cfg(unix)]
    {
        use std::os::unix::fs::FileTypeExt;
        if t.is_fifo() {
            return "a FIFO";
        }
        if t.is_char_device() || t.is_block_device() {
            return "a device";
        }
        if t.is_socket() {
            return "a socket";
        }
    }
    "not a regular file"
}

/// The folder a path is in (`.` for a bare name).
fn folder_of(path: &Path) -> &Path {
    match path.parent() {
        Some(d) if !d.as_os_str().is_empty() => d,
        _ => Path::new("."),
    }
}

/// Whether `input`, a file the command read, is the file `real` (or, for a
/// file, the one with identity `id`). An input no longer there cannot be
/// written over.
fn is_input(input: &Path, real: &Path, id: Option<FileId>) -> bool {
    let Ok(meta) = std::fs::metadata(input) else { return false };
    match (id, file_id(&meta)) {
        (Some(a), Some(b)) => a == b,
        _ => std::fs::canonicalize(input).is_ok_and(|p| p == real),
    }
}

/// An output file, checked and ready to be written.
struct Target<'a> {
    flag: &'a str,
    given: &'a Path,
    /// The file written, every symbolic link resolved: a link to a picture
    /// stays a link, and the picture it names is replaced.
    real: PathBuf,
}

/// Checks one output path: a new file in an existing folder, or an existing
/// regular file that is not an input of the command.
fn target<'a>(flag: &'a str, given: &'a Path, inputs: &[PathBuf]) -> Result<Target<'a>, Failure> {
    let cannot = |e: std::io::Error| refuse(given, format!("cannot write ({flag}): {e}"));
    let (real, id) = match std::fs::symlink_metadata(given) {
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => {
            let name =
                given.file_name().ok_or_else(|| refuse(given, format!("cannot write ({flag}): no file name")))?;
            (std::fs::canonicalize(folder_of(given)).map_err(cannot)?.join(name), None)
        }
        Err(e) => return Err(cannot(e)),
        Ok(_) => {
            let meta = std::fs::metadata(given)
                .map_err(|e| refuse(given, format!("cannot write ({flag}): a symbolic link to nothing ({e})")))?;
            if !meta.is_file() {
                return Err(refuse(
                    given,
                    format!(
                        "refused: it is {}, not a regular file; {flag} writes a whole new file and moves it into \
place, which would replace it: name a regular file",
                        kind(&meta)
                    ),
                ));
            }
            (std::fs::canonicalize(given).map_err(cannot)?, file_id(&meta))
        }
    };
    if let Some(input) = inputs.iter().find(|i| is_input(i, &real, id)) {
        let which = if input.as_path() == given { String::new() } else { format!(" ({})", input.display()) };
        return Err(refuse(
            given,
            format!(
                "refused: {flag} names a file this command reads{which}; an output never replaces an input: name another file"
            ),
        ));
    }
    Ok(Target { flag, given, real })
}

/// Checks every output before anything is written: each is a new file or an
/// existing regular file, none is a file the command has read so far, and
/// no two name the same file. Commands call it as soon as their inputs are
/// read, so that a refusal comes before a long search; [`write_files`]
/// checks again against every input read by then.
pub fn check(outputs: &[(&str, &Path)]) -> Result<(), Failure> {
    checked(outputs).map(|_| ())
}

fn checked<'a>(outputs: &[(&'a str, &'a Path)]) -> Result<Vec<Target<'a>>, Failure> {
    let inputs = quadominos::inputs::read();
    let mut targets: Vec<Target<'a>> = Vec::new();
    for &(flag, path) in outputs {
        let t = target(flag, path, &inputs)?;
        if let Some(other) = targets.iter().find(|o| o.real == t.real) {
            return Err(refuse(
                path,
                format!(
                    "refused: {} and {flag} name the same file ({}); name two files",
                    other.flag,
                    other.given.display()
                ),
            ));
        }
        targets.push(t);
    }
    Ok(targets)
}

/// Writes each output whole: all are checked ([`check`]), then each is
/// written to a temporary file beside it (`.NAME.XXXXXX.partial`), and only
/// when every one is written are they renamed into place. On any failure
/// nothing is left: the temporary files are removed, and the files already
/// there are as they were.
pub fn write_files(outputs: &[(&str, &Path, &[u8])]) -> Result<(), Failure> {
    let named: Vec<(&str, &Path)> = outputs.iter().map(|&(flag, path, _)| (flag, path)).collect();
    let targets = checked(&named)?;
    let mut staged = Vec::new();
    for (t, &(_, _, bytes)) in targets.iter().zip(outputs) {
        staged.push(stage(t, bytes)?);
    }
    for (t, file) in targets.iter().zip(staged) {
        file.persist(&t.real).map_err(|e| refuse(t.given, format!("cannot write ({}): {}", t.flag, e.error)))?;
    }
    Ok(())
}

/// A temporary file beside the target holding `bytes`.
fn stage(t: &Target<'_>, bytes: &[u8]) -> Result<tempfile::NamedTempFile, Failure> {
    let fail = |e: std::io::Error| refuse(t.given, format!("cannot write ({}): {e}", t.flag));
    let name = t.real.file_name().map(|n| n.to_string_lossy().to_string()).unwrap_or_default();
    let mut file = tempfile::Builder::new()
        .prefix(&format!(".{name}."))
        .suffix(".partial")
        .tempfile_in(folder_of(&t.real))
        .map_err(fail)?;
    file.write_all(bytes).and_then(|()| file.as_file().sync_all()).map_err(fail)?;
    // A temporary file is private (0600); a picture is not.
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        file.as_file().set_permissions(std::fs::Permissions::from_mode(0o644)).map_err(fail)?;
    }
    Ok(file)
}
