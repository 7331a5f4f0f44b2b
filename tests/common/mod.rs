//! What the integration tests that run the binary share: running it from the
//! crate root (so that paths are relative and output does not depend on
//! where the crate lives), and reading what it printed.

#![allow(dead_code)] // Each test binary uses its own part.

pub mod doc;
pub mod pages;

use std::process::{Command, Output};

use serde_json::Value;

/// Runs the binary from the crate root, its output into a pipe: without
/// colour, whatever the environment of the tests says (CLICOLOR_FORCE).
pub fn run(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_quadominos"))
        .args(args)
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .env_remove("CLICOLOR_FORCE")
        .output()
        .expect("the quadominos binary runs")
}

pub fn stdout(out: &Output) -> String {
    String::from_utf8(out.stdout.clone()).expect("stdout is UTF-8")
}

pub fn stderr(out: &Output) -> String {
    String::from_utf8(out.stderr.clone()).expect("stderr is UTF-8")
}

/// Runs a command that must succeed with `code` and print nothing on stderr.
pub fn run_ok(args: &[&str], code: i32) -> String {
    let out = run(args);
    assert_eq!(out.status.code(), Some(code), "quadominos {args:?}\nstderr: {}", stderr(&out));
    assert!(out.stderr.is_empty(), "quadominos {args:?} wrote to stderr: {}", stderr(&out));
    stdout(&out)
}

/// Runs a command that must be refused as bad input: exit 2, nothing on
/// stdout, no panic, and a message containing each of `needles`. Returns
/// the message.
pub fn refused(args: &[&str], needles: &[&str]) -> String {
    let out = run(args);
    let err = stderr(&out);
    assert_eq!(out.status.code(), Some(2), "quadominos {args:?}\nstderr: {err}");
    assert!(out.stdout.is_empty(), "quadominos {args:?} printed: {}", String::from_utf8_lossy(&out.stdout));
    assert!(!err.contains("panicked"), "{err}");
    for n in needles {
        assert!(err.contains(n), "quadominos {args:?}: {n:?} not in\n{err}");
    }
    err
}

/// [`run_ok`], its output parsed as JSON.
pub fn json(args: &[&str], code: i32) -> Value {
    let text = run_ok(args, code);
    serde_json::from_str(&text).unwrap_or_else(|e| panic!("quadominos {args:?}: not JSON ({e}):\n{text}"))
}

/// What a measured run gave: its exit code, what it printed and its peak
/// resident memory.
pub struct Measured {
    pub code: Option<i32>,
    pub stdout: String,
    pub stderr: String,
    /// The most memory the process held at once, in KiB, as the kernel
    /// accounts it (`ru_maxrss`, as GNU time reports it).
    pub peak_kib: u64,
    pub wall: std::time::Duration,
}

/// Runs the binary from the crate root and measures its peak memory. With
/// `interrupt_after`, sends it SIGINT (Ctrl-C) after that long.
pub fn run_measured(args: &[&str], interrupt_after: Option<std::time::Duration>) -> Measured {
    measured(args, std::process::Stdio::inherit(), interrupt_after)
}

/// [`run_measured`] with standard input read from `stdin` (a file).
pub fn run_measured_with_stdin(args: &[&str], stdin: std::fs::File) -> Measured {
    measured(args, stdin.into(), None)
}

/// The peak is measured by GNU time (`/usr/bin/time`, which `.ci/setup`
/// installs), not by this process's own `wait4`: a child spawned from this
/// test process starts its life in this process's memory (vfork), and the
/// kernel counts that memory's peak into the child's, so the figure would
/// be the test binary's, the larger the more tests share it. GNU time is a
/// small process of its own that forks the command afresh.
fn measured(args: &[&str], stdin: std::process::Stdio, interrupt_after: Option<std::time::Duration>) -> Measured {
    use std::io::Read;
    use std::os::unix::process::CommandExt as _;
    use std::process::Stdio;
    const TIME: &str = "/usr/bin/time";
    assert!(
        std::path::Path::new(TIME).exists(),
        "{TIME} (GNU time) measures the peak memory of a run: run .ci/setup, which installs it"
    );
    let peak_file = tempfile::NamedTempFile::new().expect("a temporary file");
    let started = std::time::Instant::now();
    let mut child = Command::new(TIME)
        .args(["-f", "%M", "-o"])
        .arg(peak_file.path())
        .arg(env!("CARGO_BIN_EXE_quadominos"))
        .args(args)
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .stdin(stdin)
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        // A group of its own, so that Ctrl-C reaches the command (GNU time
        // itself ignores SIGINT while it waits).
        .process_group(0)
        .spawn()
        .expect("GNU time runs the quadominos binary");
    let group = child.id() as libc::pid_t;
    let read = |mut pipe: Box<dyn Read + Send>| {
        std::thread::spawn(move || {
            let mut text = String::new();
            pipe.read_to_string(&mut text).expect("UTF-8 output");
            text
        })
    };
    let out = read(Box::new(child.stdout.take().expect("stdout")));
    let err = read(Box::new(child.stderr.take().expect("stderr")));
    if let Some(after) = interrupt_after {
        std::thread::sleep(after);
        // SAFETY: a plain signal to the process group of our own child.
        unsafe { libc::kill(-group, libc::SIGINT) };
    }
    let status = child.wait().expect("GNU time ends");
    let wall = started.elapsed();
    let report = std::fs::read_to_string(peak_file.path()).expect("GNU time's report");
    let peak_kib = report
        .lines()
        .rev()
        .find_map(|l| l.trim().parse::<u64>().ok())
        .unwrap_or_else(|| panic!("GNU time reported no peak: {report}"));
    Measured {
        code: status.code(),
        stdout: out.join().expect("stdout reader"),
        stderr: err.join().expect("stderr reader"),
        peak_kib,
        wall,
    }
}

/// Writes into `dir` the best-turn puzzle of `generate --seed SEED --tiles
/// TILES --hand HAND --variant serbian-chain` (bonus tiles chaining, R8),
/// and gives its path.
pub fn chained_turn_file(dir: &std::path::Path, seed: u64, tiles: usize, hand: usize) -> std::path::PathBuf {
    let (seed, tiles, hand) = (seed.to_string(), tiles.to_string(), hand.to_string());
    let position =
        run_ok(&["generate", "--seed", &seed, "--tiles", &tiles, "--hand", &hand, "--variant", "serbian-chain"], 0);
    let file = dir.join("chain.yaml");
    std::fs::write(&file, format!("{position}goal: best-turn\n")).unwrap();
    file
}

/// Every file under `dir`, by its path relative to it, with its bytes.
pub fn tree(dir: &std::path::Path) -> std::collections::BTreeMap<String, Vec<u8>> {
    let mut out = std::collections::BTreeMap::new();
    let mut stack = vec![dir.to_path_buf()];
    while let Some(d) = stack.pop() {
        for e in std::fs::read_dir(&d).unwrap() {
            let path = e.unwrap().path();
            if path.is_dir() {
                stack.push(path);
            } else {
                let rel = path.strip_prefix(dir).unwrap().to_string_lossy().to_string();
                out.insert(rel, std::fs::read(&path).unwrap());
            }
        }
    }
    out
}
