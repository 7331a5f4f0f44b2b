//! What the integration tests that run the binary share: running it from the
//! crate root (so that paths are relative and output does not depend on
//! where the crate lives), and reading what it printed.

#![allow(dead_code)] // Each test binary uses its own part.

use std::process::{Command, Output};

use serde_json::Value;

/// Runs the binary from the crate root.
pub fn run(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_quadominos"))
        .args(args)
        .current_dir(env!("CARGO_MANIFEST_DIR"))
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

/// [`run_ok`], its output parsed as JSON.
pub fn json(args: &[&str], code: i32) -> Value {
    let text = run_ok(args, code);
    serde_json::from_str(&text).unwrap_or_else(|e| panic!("quadominos {args:?}: not JSON ({e}):\n{text}"))
}
