//! The catalogue of broken input files under `tests/bad-inputs/`: every
//! case in `tests/bad-inputs/cases.yaml` is run through the binary, which
//! must refuse it as bad input: exit status 2, nothing on standard output,
//! no output file left behind, no panic, and a first line on standard error
//! `error: FILE:LINE:COL: ...` (or `error: FILE: ...` where the manifest
//! gives no position) containing the expected text. Cases marked
//! `known_bug` are skipped and listed.

use std::collections::{BTreeMap, BTreeSet};
use std::fs::File;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use serde::Deserialize;

/// The directory of the catalogue, relative to the crate root.
const ROOT: &str = "tests/bad-inputs";
/// Every kind of file the toolkit reads: one folder of cases each; and
/// `command-line`, the cases of a value given on the command line (no
/// file of their own: `flag` names what the message names).
const KINDS: [&str; 9] =
    ["position", "puzzle", "scenario", "spec", "tile-set", "transcript", "fixtures", "notation", "command-line"];
/// How long one case may run before it counts as a hang.
const TIMEOUT: Duration = Duration::from_secs(20);

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct Manifest {
    cases: Vec<Case>,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct Case {
    /// The broken file, relative to the crate root; the message must name
    /// it. Absent for a case of the command line, which gives `flag`.
    #[serde(default)]
    file: String,
    /// A case of the command line: the option whose value is refused, which
    /// the message names in place of a file (`error: --positions: ...`).
    #[serde(default)]
    flag: Option<String>,
    /// The arguments of `quadominos`; `{tmp}` stands for an empty folder that
    /// must still be empty afterwards.
    args: Vec<String>,
    /// Where the message points, when the error has a position.
    #[serde(default)]
    line: Option<usize>,
    #[serde(default)]
    column: Option<usize>,
    /// A distinctive part of the message.
    message: String,
    /// A case too large to keep in the repository: its file is a template
    /// whose `@@` marks, in order, are each replaced by one piece repeated;
    /// the whole file is written at test time to a fresh folder at the same
    /// path, and the case runs there. Such a case must also stay under
    /// [`MAX_RSS_KB`] of memory.
    #[serde(default)]
    expand: Vec<Piece>,
    /// What the binary gets wrong: the case is skipped and listed.
    #[serde(default)]
    known_bug: Option<String>,
    /// Files the case's file names (a secret named as a variant), which the
    /// message must never quote.
    #[serde(default)]
    beside: Vec<String>,
}

/// A piece of text repeated.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct Piece {
    repeat: String,
    times: usize,
}

/// The most memory (resident, in KiB) a case made large at test time may
/// take: a file of tens of megabytes is refused after its first part, never
/// built.
const MAX_RSS_KB: i64 = 100 * 1024;

impl Case {
    /// The kind of file: the folder under `tests/bad-inputs/`.
    fn kind(&self) -> &str {
        if self.flag.is_some() {
            return "command-line";
        }
        self.file.strip_prefix(ROOT).and_then(|r| r.trim_start_matches('/').split('/').next()).unwrap_or("")
    }
}

fn crate_root() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

fn manifest() -> Manifest {
    let path = crate_root().join(ROOT).join("cases.yaml");
    let text = std::fs::read_to_string(&path).expect("tests/bad-inputs/cases.yaml is readable");
    serde_yaml::from_str(&text).unwrap_or_else(|e| panic!("cases.yaml: {e}"))
}

/// Every file under `dir`, relative to the crate root, with `/` separators.
fn files_under(dir: &Path, out: &mut BTreeSet<String>) {
    for entry in std::fs::read_dir(dir).expect("a readable folder") {
        let path = entry.expect("a directory entry").path();
        if path.is_dir() {
            files_under(&path, out);
        } else {
            let rel = path.strip_prefix(crate_root()).expect("under the crate root");
            out.insert(rel.components().map(|c| c.as_os_str().to_string_lossy()).collect::<Vec<_>>().join("/"));
        }
    }
}

/// What one run gave.
struct Run {
    status: Option<i32>,
    /// The most memory the process took, in KiB.
    max_rss_kb: i64,
    stdout: String,
    stderr: String,
    left_behind: Vec<PathBuf>,
}

/// Runs a case with a time limit; `Err` when it hangs.
// The child is reaped by wait4 (or killed and waited for), which clippy
// does not see.
#[allow(clippy::zombie_processes)]
fn run(case: &Case) -> Result<Run, String> {
    let tmp = tempfile::tempdir().expect("a temporary folder");
    let capture = tempfile::tempdir().expect("a temporary folder");
    let tmp_text = tmp.path().display().to_string();
    let args: Vec<String> = case.args.iter().map(|a| a.replace("{tmp}", &tmp_text)).collect();
    let (out_path, err_path) = (capture.path().join("stdout"), capture.path().join("stderr"));
    // A case made at test time runs in a folder of its own, where its file
    // lies at the path the case names.
    let made = tempfile::tempdir().expect("a temporary folder");
    let dir = if case.expand.is_empty() {
        crate_root().to_path_buf()
    } else {
        let template = std::fs::read_to_string(crate_root().join(&case.file)).expect("the template is readable");
        let mut pieces = template.split("@@");
        let mut text = pieces.next().unwrap_or_default().to_string();
        for (piece, rest) in case.expand.iter().zip(pieces) {
            text.push_str(&piece.repeat.repeat(piece.times));
            text.push_str(rest);
        }
        assert_eq!(template.matches("@@").count(), case.expand.len(), "{}: one `@@` per piece", case.file);
        let path = made.path().join(&case.file);
        std::fs::create_dir_all(path.parent().expect("a folder")).expect("the folder is made");
        std::fs::write(&path, text).expect("the case is written");
        made.path().to_path_buf()
    };
    let mut child = Command::new(env!("CARGO_BIN_EXE_quadominos"))
        .args(&args)
        .current_dir(&dir)
        .env_remove("RUST_BACKTRACE")
        .stdin(Stdio::null())
        .stdout(File::create(&out_path).expect("a capture file"))
        .stderr(File::create(&err_path).expect("a capture file"))
        .spawn()
        .expect("the quadominos binary runs");
    let start = Instant::now();
    let pid = child.id() as libc::pid_t;
    let (status, max_rss_kb) = loop {
        // wait4, not try_wait: it also says how much memory the process took.
        let mut raw = 0;
        // SAFETY: an all-zero rusage is a valid value, filled by wait4.
        let mut usage: libc::rusage = unsafe { std::mem::zeroed() };
        // SAFETY: waits for our own child, writing only the two out-values.
        let ended = unsafe { libc::wait4(pid, &mut raw, libc::WNOHANG, &mut usage) };
        if ended == pid {
            let code = libc::WIFEXITED(raw).then(|| libc::WEXITSTATUS(raw));
            break (code, usage.ru_maxrss);
        }
        if start.elapsed() > TIMEOUT {
            let _ = child.kill();
            let _ = child.wait();
            return Err(format!("quadominos {args:?} still running after {TIMEOUT:?}: killed"));
        }
        std::thread::sleep(Duration::from_millis(20));
    };
    let read = |p: &Path| String::from_utf8_lossy(&std::fs::read(p).unwrap_or_default()).into_owned();
    let mut left = BTreeSet::new();
    files_or_dirs(tmp.path(), &mut left);
    Ok(Run {
        status,
        max_rss_kb,
        stdout: read(&out_path),
        stderr: read(&err_path),
        left_behind: left.into_iter().collect(),
    })
}

/// Everything inside `dir` (files and folders).
fn files_or_dirs(dir: &Path, out: &mut BTreeSet<PathBuf>) {
    if let Ok(entries) = std::fs::read_dir(dir) {
        for entry in entries.flatten() {
            let path = entry.path();
            if path.is_dir() {
                files_or_dirs(&path, out);
            }
            out.insert(path);
        }
    }
}

/// What is wrong with a run of a case, if anything.
fn judge(case: &Case, run: &Run) -> Vec<String> {
    let mut wrong = Vec::new();
    if run.status != Some(2) {
        wrong.push(format!("exit status {:?}, not 2", run.status));
    }
    if !case.expand.is_empty() && run.max_rss_kb > MAX_RSS_KB {
        wrong.push(format!("took {} KiB of memory, more than {MAX_RSS_KB} KiB", run.max_rss_kb));
    }
    if !run.stdout.is_empty() {
        wrong.push(format!("wrote to stdout: {:?}", run.stdout.chars().take(300).collect::<String>()));
    }
    for text in [&run.stdout, &run.stderr] {
        if text.contains("panicked") || text.contains("RUST_BACKTRACE") {
            wrong.push("panicked".into());
        }
    }
    if !run.left_behind.is_empty() {
        wrong.push(format!("left output behind: {:?}", run.left_behind));
    }
    let first = run.stderr.lines().next().unwrap_or("");
    let named = case.flag.as_deref().unwrap_or(&case.file);
    let prefix = match (case.line, case.column) {
        (Some(l), Some(c)) => format!("error: {named}:{l}:{c}: "),
        (None, None) => format!("error: {named}: "),
        _ => {
            wrong.push("the manifest gives a line without a column or a column without a line".into());
            String::new()
        }
    };
    if !first.starts_with(&prefix) {
        wrong.push(format!("the first line of stderr does not start with {prefix:?}"));
    }
    if !first.contains(&case.message) {
        wrong.push(format!("the first line of stderr does not contain {:?}", case.message));
    }
    // Nothing of a file the case's file names is shown: no line of it.
    for file in &case.beside {
        let text = std::fs::read_to_string(crate_root().join(file)).unwrap_or_default();
        for line in text.lines().map(str::trim).filter(|l| l.len() >= 4) {
            if run.stderr.contains(line) {
                wrong.push(format!("stderr shows {line:?} of {file}"));
            }
        }
    }
    wrong
}

#[test]
fn every_bad_input_is_refused_with_a_located_message() {
    let manifest = manifest();
    let mut per_kind: BTreeMap<&str, usize> = BTreeMap::new();
    for case in &manifest.cases {
        assert!(KINDS.contains(&case.kind()), "{}: not under {ROOT}/<kind>/ for a known kind", case.file);
        assert!(case.file.is_empty() == case.flag.is_some(), "{:?}: a case gives a file or a flag", case.args);
        *per_kind.entry(case.kind()).or_default() += 1;
    }
    assert!(manifest.cases.len() >= 40, "only {} cases; the catalogue holds at least 40", manifest.cases.len());
    for kind in KINDS {
        let n = per_kind.get(kind).copied().unwrap_or(0);
        assert!(n >= 3, "only {n} cases of kind {kind}; every kind has at least 3");
    }
    let mut failures = Vec::new();
    let mut skipped = Vec::new();
    for case in &manifest.cases {
        let name = case.flag.as_deref().unwrap_or(&case.file);
        assert!(case.flag.is_some() || crate_root().join(&case.file).is_file(), "{}: no such file", case.file);
        if let Some(bug) = &case.known_bug {
            skipped.push(format!("{name} (quadominos {}): {bug}", case.args.join(" ")));
            continue;
        }
        match run(case) {
            Err(hang) => failures.push(format!("{name}: {hang}")),
            Ok(run) => {
                let wrong = judge(case, &run);
                if !wrong.is_empty() {
                    failures.push(format!(
                        "{name} (quadominos {}):\n    {}\n    stderr: {}",
                        case.args.join(" "),
                        wrong.join("\n    "),
                        run.stderr.trim_end()
                    ));
                }
            }
        }
    }
    if !skipped.is_empty() {
        println!("{} known bugs, skipped:", skipped.len());
        for s in &skipped {
            println!("  {s}");
        }
    }
    assert!(failures.is_empty(), "{} of {} cases fail:\n{}", failures.len(), manifest.cases.len(), failures.join("\n"));
}

#[test]
fn every_file_in_the_catalogue_is_a_case_or_a_file_a_case_names() {
    let manifest = manifest();
    let mut named: BTreeSet<String> = BTreeSet::new();
    for case in &manifest.cases {
        if case.flag.is_none() {
            named.insert(case.file.clone());
        }
        // Helpers a case points to: a spec that names a broken tile set.
        named.extend(case.args.iter().filter(|a| a.starts_with(ROOT)).cloned());
        named.extend(case.beside.iter().cloned());
    }
    let mut files = BTreeSet::new();
    files_under(&crate_root().join(ROOT), &mut files);
    files.remove(&format!("{ROOT}/cases.yaml"));
    let unlisted: Vec<&String> = files.difference(&named).collect();
    assert!(unlisted.is_empty(), "files under {ROOT}/ that no case in cases.yaml names: {unlisted:#?}");
    let of_files: Vec<&Case> = manifest.cases.iter().filter(|c| c.flag.is_none()).collect();
    let files_named = of_files.iter().map(|c| &c.file).collect::<BTreeSet<_>>();
    assert_eq!(files_named.len(), of_files.len(), "two cases name the same file");
    // A command-line case's files (perft parts to add up) are named by it.
    for case in manifest.cases.iter().filter(|c| c.flag.is_some()) {
        for arg in case.args.iter().filter(|a| a.starts_with(ROOT)) {
            assert!(crate_root().join(arg).is_file(), "{arg}: no such file");
        }
    }
}

/// The names between backquotes in the last column of a table row.
fn held_by(row: &str) -> Vec<String> {
    let last = row.trim_end().trim_end_matches('|').rsplit('|').next().unwrap_or("");
    last.split('`').skip(1).step_by(2).map(str::to_string).collect()
}

/// Every `fn NAME` under `dir`, recursively.
fn test_names(dir: &Path, out: &mut BTreeSet<String>) {
    for entry in std::fs::read_dir(dir).expect("a readable folder").flatten() {
        let path = entry.path();
        if path.is_dir() {
            test_names(&path, out);
        } else if path.extension().is_some_and(|e| e == "rs") {
            let text = std::fs::read_to_string(&path).unwrap_or_default();
            out.extend(text.split("fn ").skip(1).filter_map(|t| t.split('(').next()).map(|n| n.trim().to_string()));
        }
    }
}

/// The table of hostile cases in docs/COMMANDS.md holds what it says: every
/// catalogue case it names is one (a file's name, a flag of a command-line
/// case), every test it names is a function of the tests, and every case
/// it marks as not held is a `known_bug` of the catalogue.
#[test]
fn the_docs_table_of_hostile_cases_names_only_cases_and_tests_that_exist() {
    let doc = std::fs::read_to_string(crate_root().join("docs/COMMANDS.md")).expect("COMMANDS.md is readable");
    let section = doc.split("### The hostile inputs each round found").nth(1).expect("the section");
    let table = section.split("\n#").next().unwrap_or_default();
    let rows: Vec<&str> = table.lines().filter(|l| l.starts_with("| ") && !l.starts_with("| case")).collect();
    assert!(rows.len() >= 14, "{} rows", rows.len());
    let manifest = manifest();
    let mut tests = BTreeSet::new();
    test_names(&crate_root().join("tests"), &mut tests);
    test_names(&crate_root().join("benches"), &mut tests);
    for row in rows {
        let last = row.trim_end().trim_end_matches('|').rsplit('|').next().unwrap_or("");
        for name in held_by(row) {
            let a_case =
                manifest.cases.iter().any(|c| c.file.contains(&format!("/{name}")) || c.flag.as_deref() == Some(&name));
            let known = name.starts_with("cargo bench");
            assert!(
                a_case || tests.contains(&name) || known,
                "{row}\n`{name}` is no case of the catalogue and no test"
            );
        }
        if row.contains("not yet held") {
            assert!(last.contains("known_bug"), "{row}");
        } else {
            assert!(!held_by(row).is_empty(), "{row}: nothing holds it");
        }
    }
    // Every known bug of the catalogue is said in the table, not only in the file.
    if manifest.cases.iter().any(|c| c.known_bug.is_some()) {
        assert!(table.contains("not yet held"), "the catalogue has known bugs the table does not say");
    }
}
