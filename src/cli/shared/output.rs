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
//!   the path (exit status 2);
//! - a file named `-` is standard output, as `-` is standard input for the
//!   files a command reads: what it holds is printed in place of the
//!   command's own text, once the command has succeeded (at most one
//!   output may be `-`).

use std::fs::Metadata;
use std::io::Write as _;
use std::path::{Path, PathBuf};

use quadominos::formats::InputError;

use super::Failure;

/// A refusal or a failure to write, naming `path`.
fn refuse(path: &Path, message: impl Into<String>) -> Failure {
    Failure::Input(InputError::whole_file(&path.display().to_string(), message))
}

/// Why an output could not be written, in plain words with what to do: the
/// system's own words only where nothing plainer is known, and never the
/// name of the temporary file beside the target, which is the toolkit's
/// business, not the reader's.
fn unwritable(flag: &str, e: &std::io::Error) -> String {
    use std::io::ErrorKind;
    let why = match e.kind() {
        ErrorKind::PermissionDenied => "permission denied".to_string(),
        ErrorKind::ReadOnlyFilesystem => "the file system is read-only".to_string(),
        ErrorKind::StorageFull => "the disk is full".to_string(),
        // tempfile adds ` at path <the temporary file>` to the system's words.
        _ => e.to_string().split(" at path ").next().unwrap_or_default().to_string(),
    };
    format!("cannot write ({flag}): {why}: name a file in a folder you can write to")
}

/// The folder an output was to go in is not there.
fn no_folder(flag: &str, given: &Path) -> String {
    let folder = folder_of(given).display().to_string();
    // The command as a shell reads it: quoted where the name holds a space
    // or a sign the shell would take for its own.
    let plain = folder.chars().all(|c| c.is_ascii_alphanumeric() || "/._-+,".contains(c));
    let shell = if plain { folder.clone() } else { format!("'{}'", folder.replace('\'', r"'\''")) };
    format!(
        "cannot write ({flag}): the folder `{folder}` does not exist: create it first (`mkdir -p {shell}`), or name a file in a folder that does"
    )
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

/// What a path names, in words.
fn kind(meta: &Metadata) -> &'static str {
    let t = meta.file_type();
    if t.is_file() {
        return "a regular file";
    }
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
    /// stays a link, and the picture it names is replaced. Empty for
    /// standard output.
    real: PathBuf,
}

impl Target<'_> {
    /// Whether this output goes to standard output (`-`).
    fn to_stdout(&self) -> bool {
        is_stdout(self.given)
    }
}

/// Whether an output path is `-`: standard output, as `-` is standard
/// input for every file read.
fn is_stdout(path: &Path) -> bool {
    path.as_os_str() == "-"
}

/// What an output named `-` wrote, printed on standard output in place of
/// the command's own text once the command has succeeded.
static STANDARD_OUTPUT: std::sync::Mutex<Option<Vec<u8>>> = std::sync::Mutex::new(None);

/// The bytes an output named `-` holds, if one was written: what standard
/// output is to carry instead of the command's text.
pub fn take_standard_output() -> Option<Vec<u8>> {
    STANDARD_OUTPUT.lock().unwrap_or_else(std::sync::PoisonError::into_inner).take()
}

/// Checks one output path: a new file in an existing folder, or an existing
/// regular file that is not an input of the command.
fn target<'a>(flag: &'a str, given: &'a Path, inputs: &[PathBuf]) -> Result<Target<'a>, Failure> {
    let cannot = |e: std::io::Error| refuse(given, unwritable(flag, &e));
    let (real, id) = match std::fs::symlink_metadata(given) {
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => {
            let name =
                given.file_name().ok_or_else(|| refuse(given, format!("cannot write ({flag}): no file name")))?;
            let folder = std::fs::canonicalize(folder_of(given)).map_err(|e| match e.kind() {
                std::io::ErrorKind::NotFound => refuse(given, no_folder(flag, given)),
                _ => cannot(e),
            })?;
            (folder.join(name), None)
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
    let inputs = quadominos::formats::inputs::read();
    let mut targets: Vec<Target<'a>> = Vec::new();
    for &(flag, path) in outputs {
        if is_stdout(path) {
            if let Some(other) = targets.iter().find(|o| o.to_stdout()) {
                return Err(refuse(
                    path,
                    format!(
                        "refused: {} and {flag} both name standard output (`-`); name a file for one of them",
                        other.flag
                    ),
                ));
            }
            targets.push(Target { flag, given: path, real: PathBuf::new() });
            continue;
        }
        let t = target(flag, path, &inputs)?;
        if let Some(other) = targets.iter().find(|o| !o.to_stdout() && o.real == t.real) {
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
    let mut printed = None;
    for (t, &(_, _, bytes)) in targets.iter().zip(outputs) {
        if t.to_stdout() {
            printed = Some(bytes.to_vec());
        } else {
            staged.push((t, stage(t, bytes)?));
        }
    }
    for (t, file) in staged {
        file.persist(&t.real).map_err(|e| refuse(t.given, unwritable(t.flag, &e.error)))?;
    }
    if printed.is_some() {
        *STANDARD_OUTPUT.lock().unwrap_or_else(std::sync::PoisonError::into_inner) = printed;
    }
    Ok(())
}

/// Writes `files` (bare names) into the folder `dir` as [`write_files`]
/// does: all of them or none. The folder is made, with its missing parents,
/// when it is not there, and removed again when the files cannot be
/// written; an existing path that is not a folder is refused.
pub fn write_into_folder(flag: &str, dir: &Path, files: &[(String, Vec<u8>)]) -> Result<(), Failure> {
    no_dash(flag, dir)?;
    if let Ok(meta) = std::fs::metadata(dir)
        && !meta.is_dir()
    {
        return Err(refuse(dir, format!("refused: it is {}, not a folder; name a folder for {flag}", kind(&meta))));
    }
    let made = make_parents(dir).map_err(|(path, e)| refuse(&path, format!("cannot make the folder ({flag}): {e}")))?;
    let paths: Vec<PathBuf> = files.iter().map(|(name, _)| dir.join(name)).collect();
    let outputs: Vec<(&str, &Path, &[u8])> =
        paths.iter().zip(files).map(|(path, (_, bytes))| (flag, path.as_path(), bytes.as_slice())).collect();
    let written = write_files(&outputs);
    if written.is_err() {
        for made in made.iter().rev() {
            let _ = std::fs::remove_dir(made);
        }
    }
    written
}

/// Refuses `-` where a folder is written: `-` stands for standard output,
/// which holds one file, never a folder of them.
fn no_dash(flag: &str, dir: &Path) -> Result<(), Failure> {
    if is_stdout(dir) {
        return Err(refuse(
            dir,
            format!(
                "refused: {flag} writes a folder of files, and `-` (standard output) holds one file: name a folder"
            ),
        ));
    }
    Ok(())
}

/// A temporary file beside the target holding `bytes`.
fn stage(t: &Target<'_>, bytes: &[u8]) -> Result<tempfile::NamedTempFile, Failure> {
    let fail = |e: std::io::Error| refuse(t.given, unwritable(t.flag, &e));
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
/// A folder a suite is written into, checked ([`check_folder`]).
pub struct Folder {
    /// The path as given, for messages.
    given: PathBuf,
    /// The folder, its links resolved (absolute when it does not exist yet).
    real: PathBuf,
    /// Whether a folder is there (empty, or to be replaced).
    existed: bool,
    /// Whether a non-empty folder is there, to be replaced (`--force`).
    replace: bool,
}

/// The prefixes of what a run leaves beside `DIR` when it is killed: the
/// suite being built, and an old suite being replaced.
fn leftover_prefixes(name: &str) -> [String; 2] {
    [format!(".{name}.partial-"), format!(".{name}.old-")]
}

/// Checks the folder a suite is to be written into, before the suite is
/// generated: a new folder, an empty one, or with `force` a non-empty
/// folder to be replaced whole, which must not hold any file the command
/// reads nor the current folder. Notes on standard error what an earlier,
/// killed run left beside it.
pub fn check_folder(flag: &str, given: &Path, force: bool) -> Result<Folder, Failure> {
    no_dash(flag, given)?;
    let cannot = |e: std::io::Error| refuse(given, unwritable(flag, &e));
    let (real, replace, existed) = match std::fs::symlink_metadata(given) {
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => {
            let name = given.file_name().ok_or_else(|| refuse(given, format!("cannot write ({flag}): {e}")))?;
            (std::path::absolute(folder_of(given)).map_err(cannot)?.join(name), false, false)
        }
        Err(e) => return Err(cannot(e)),
        Ok(_) => {
            let meta = std::fs::metadata(given)
                .map_err(|e| refuse(given, format!("cannot write ({flag}): a symbolic link to nothing ({e})")))?;
            if !meta.is_dir() {
                return Err(refuse(
                    given,
                    format!("refused: it is {}, not a folder; name a folder for {flag}", kind(&meta)),
                ));
            }
            let real = std::fs::canonicalize(given).map_err(cannot)?;
            // The suite is moved into place by a rename, over the folder
            // even when it is empty: a shell inside it would be left in a
            // folder that is gone.
            if std::env::current_dir().and_then(std::fs::canonicalize).is_ok_and(|cwd| cwd.starts_with(&real)) {
                return Err(refuse(
                    given,
                    format!(
                        "refused: the current folder is inside it (or is it), and the suite would be moved in over \
it, leaving this shell in a removed folder: name a new folder for {flag}, such as {}",
                        given.join("suite").display()
                    ),
                ));
            }
            let entries = std::fs::read_dir(&real).map_err(cannot)?.count();
            let plural = if entries == 1 { "y" } else { "ies" };
            if entries > 0 && !force {
                let hint = if holds_suite(&real) {
                    "or give --force to replace this suite whole"
                } else {
                    "and this one holds no suite (--force replaces only a suite)"
                };
                return Err(refuse(
                    given,
                    format!(
                        "refused: the folder is not empty ({entries} entr{plural}); a suite is written into a new or \
empty folder, {hint}"
                    ),
                ));
            }
            (real, entries > 0, true)
        }
    };
    if replace {
        if real.parent().is_none() {
            return Err(refuse(given, "refused: the root folder is never replaced"));
        }
        for input in quadominos::formats::inputs::read() {
            if std::fs::canonicalize(&input).is_ok_and(|i| i.starts_with(&real)) {
                return Err(refuse(
                    given,
                    format!(
                        "refused: it holds {}, which this command reads, and --force would remove it",
                        input.display()
                    ),
                ));
            }
        }
    }
    if replace && !holds_suite(&real) {
        // --force removes everything in the folder: only what a suite run
        // wrote there, never a folder of other files named by mistake.
        return Err(refuse(
            given,
            "refused: the folder is not empty and holds no fixture suite (no manifest.json written by `quadominos \
fixtures`); --force replaces only a suite: name a new or empty folder",
        ));
    }
    if let (Some(parent), Some(name)) = (real.parent(), real.file_name())
        && let Ok(entries) = std::fs::read_dir(parent)
    {
        let prefixes = leftover_prefixes(&name.to_string_lossy());
        let mut left: Vec<PathBuf> = entries
            .filter_map(Result::ok)
            .filter(|e| prefixes.iter().any(|p| e.file_name().to_string_lossy().starts_with(p.as_str())))
            .map(|e| e.path())
            .collect();
        left.sort();
        for path in left {
            eprintln!(
                "note: {} was left by an earlier run that was stopped; it is not a suite (remove it)",
                path.display()
            );
        }
    }
    Ok(Folder { given: given.to_path_buf(), real, existed, replace })
}

/// Whether `dir` holds a fixture suite: a `manifest.json` that is a
/// regular file (never a FIFO, which would wait for a writer), small enough
/// for a manifest, whose `format` is the suite's.
fn holds_suite(dir: &Path) -> bool {
    use std::io::Read as _;
    /// Far more than the manifest of any suite the toolkit writes.
    const MANIFEST_BYTES: u64 = 64 << 20;
    let path = dir.join("manifest.json");
    if !std::fs::metadata(&path).is_ok_and(|m| m.is_file() && m.len() <= MANIFEST_BYTES) {
        return false;
    }
    let mut bytes = Vec::new();
    if std::fs::File::open(&path).and_then(|f| f.take(MANIFEST_BYTES).read_to_end(&mut bytes)).is_err() {
        return false;
    }
    #[derive(serde::Deserialize)]
    struct Format {
        format: String,
    }
    serde_json::from_slice::<Format>(&bytes).is_ok_and(|m| m.format == "quadominos-fixtures")
}

/// What [`write_folder`] did.
pub struct Placed {
    /// A suite was there and has been replaced.
    pub replaced: bool,
}

/// Writes `files` (paths relative to the folder, `/`-separated) as the
/// whole content of the folder: built in a hidden folder beside it
/// (`.DIR.partial-XXXXXX`), then moved into place in one rename. A folder
/// being replaced is swapped with the new one in one step where the system
/// allows (Linux), else renamed aside (`.DIR.old-XXXXXX`) just before the
/// new one is renamed in, and then removed. On a failure the partial folder
/// is removed, along with any parent folder made for it, and the folder is
/// as it was; the message names the path that failed.
pub fn write_folder(folder: &Folder, files: &[(String, Vec<u8>)]) -> Result<Placed, Failure> {
    let parent = folder_of(&folder.real).to_path_buf();
    let made = make_parents(&parent).map_err(|(path, e)| refuse(&path, format!("cannot make the folder: {e}")))?;
    let placed = place(folder, files, &parent);
    if placed.is_err() {
        // The partial folder is gone by now; so go the parents made for it.
        for dir in made.iter().rev() {
            let _ = std::fs::remove_dir(dir);
        }
    }
    placed
}

/// [`write_folder`] once the folder's parent exists.
fn place(folder: &Folder, files: &[(String, Vec<u8>)], parent: &Path) -> Result<Placed, Failure> {
    let given = &folder.given;
    let untouched = if folder.existed {
        format!("{} is left as it was", given.display())
    } else {
        format!("{} is not made", given.display())
    };
    let name = folder.real.file_name().map(|n| n.to_string_lossy().to_string()).unwrap_or_default();
    let [partial, old] = leftover_prefixes(&name);
    // Removed when dropped: on any failure below, the partial suite goes.
    let building = tempfile::Builder::new()
        .prefix(&partial)
        .tempdir_in(parent)
        .map_err(|e| refuse(parent, format!("cannot make a folder to build the suite in: {e}; {untouched}")))?;
    let built = building.path().to_path_buf();
    for (path, bytes) in files {
        let target = built.join(path);
        std::fs::create_dir_all(folder_of(&target))
            .and_then(|()| std::fs::File::create(&target))
            .and_then(|mut f| f.write_all(bytes).and_then(|()| f.sync_all()))
            .map_err(|e| {
                let message = format!(
                    "cannot write: {e}; the suite is not written (its partial folder is removed) and {untouched}"
                );
                refuse(&target, message)
            })?;
    }
    // A temporary folder is private (0700); a suite is not.
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        std::fs::set_permissions(&built, std::fs::Permissions::from_mode(0o755))
            .map_err(|e| refuse(&built, format!("cannot write: {e}; {untouched}")))?;
    }
    if !folder.replace {
        // A new folder, or an empty one (a rename replaces an empty folder
        // where the system allows; elsewhere it is removed first).
        let moved = std::fs::rename(&built, &folder.real).or_else(|e| match std::fs::remove_dir(&folder.real) {
            Ok(()) => std::fs::rename(&built, &folder.real),
            Err(_) => Err(e),
        });
        moved.map_err(|e| refuse(given, format!("cannot move the suite into place: {e}; {untouched}")))?;
        let _ = building.keep();
        return Ok(Placed { replaced: false });
    }
    if exchange(&built, &folder.real).is_ok() {
        // The old suite is now where the new one was built: removing the
        // building folder removes it.
        return building.close().map(|()| Placed { replaced: true }).map_err(|e| {
            refuse(&built, format!("the new suite is in place, but the old one could not be removed from here: {e}"))
        });
    }
    // No swap in one step: the old suite is renamed aside (onto an empty
    // folder made for it), the new one renamed in, and the old one removed.
    let aside = tempfile::Builder::new()
        .prefix(&old)
        .tempdir_in(parent)
        .map_err(|e| refuse(parent, format!("cannot make a folder to move the old suite to: {e}; {untouched}")))?
        .keep();
    if let Err(e) = std::fs::rename(&folder.real, &aside) {
        let _ = std::fs::remove_dir(&aside);
        return Err(refuse(given, format!("cannot move the old suite aside: {e}; {untouched}")));
    }
    if let Err(e) = std::fs::rename(&built, &folder.real) {
        return Err(match std::fs::rename(&aside, &folder.real) {
            Ok(()) => refuse(given, format!("cannot move the suite into place: {e}; {untouched}")),
            Err(back) => refuse(
                &aside,
                format!("cannot move the suite into place ({e}), nor the old suite back ({back}): it is here"),
            ),
        });
    }
    let _ = building.keep();
    std::fs::remove_dir_all(&aside).map_err(|e| {
        refuse(&aside, format!("the new suite is in place, but the old one could not be removed from here: {e}"))
    })?;
    Ok(Placed { replaced: true })
}

/// Makes `dir` and its missing parents; returns those it made, outermost
/// first, or the path that could not be made.
fn make_parents(dir: &Path) -> Result<Vec<PathBuf>, (PathBuf, std::io::Error)> {
    let mut missing = Vec::new();
    let mut at = Some(dir);
    while let Some(d) = at.filter(|d| !d.as_os_str().is_empty() && !d.exists()) {
        missing.push(d.to_path_buf());
        at = d.parent();
    }
    missing.reverse();
    for (i, d) in missing.iter().enumerate() {
        if let Err(e) = std::fs::create_dir(d) {
            for made in missing.iter().take(i).rev() {
                let _ = std::fs::remove_dir(made);
            }
            return Err((d.clone(), e));
        }
    }
    Ok(missing)
}

/// Swaps two paths in one step (Linux `renameat2` with `RENAME_EXCHANGE`):
/// at no moment is either missing.
#[cfg(target_os = "linux")]
fn exchange(a: &Path, b: &Path) -> std::io::Result<()> {
    use rustix::fs::{CWD, RenameFlags, renameat_with};
    renameat_with(CWD, a, CWD, b, RenameFlags::EXCHANGE).map_err(std::io::Error::from)
}

#[cfg(not(target_os = "linux"))]
fn exchange(_a: &Path, _b: &Path) -> std::io::Result<()> {
    Err(std::io::Error::from(std::io::ErrorKind::Unsupported))
}
