//! Every command the README shows, run as written, so that the README cannot
//! drift from the tool: each ```sh block's commands in order, in one
//! temporary copy of the shipped puzzles and specs, with the built
//! `quadominos` first on PATH.
//!
//! A command must exit 0, unless a comment line right after it says
//! otherwise: `# error: TEXT` means exit status 2 with `error: TEXT` on
//! standard error; `# exit N` means exit status N. A comment line
//! `# => TEXT` right after it means TEXT is a line of its standard output.
//! The set-up commands (`cargo ...`, `.ci/...`) are what runs this test and
//! are not run again. Every file an example writes must be under `out/`
//! (ignored by git), so that trying the README leaves a clone clean.

use std::collections::BTreeSet;
use std::path::Path;
use std::process::Command;

mod common;

/// One command of a block, with what the README says it does.
#[derive(Debug)]
struct Example {
    /// The README's line number of the command, for messages.
    line: usize,
    command: String,
    exit: i32,
    stderr: Vec<String>,
    stdout: Vec<String>,
}

/// The commands of every ```sh block, with their expectations.
fn examples(readme: &str) -> Vec<Example> {
    let mut out: Vec<Example> = Vec::new();
    let mut in_block = false;
    let mut pending = String::new();
    let mut after_command = false;
    for (i, line) in readme.lines().enumerate() {
        let trimmed = line.trim();
        if !in_block {
            in_block = trimmed == "```sh";
            continue;
        }
        if trimmed == "```" {
            in_block = false;
            after_command = false;
            continue;
        }
        if let Some(comment) = trimmed.strip_prefix('#') {
            let comment = comment.trim();
            match out.last_mut() {
                Some(last) if after_command => {
                    if let Some(text) = comment.strip_prefix("error:") {
                        last.exit = 2;
                        last.stderr.push(format!("error:{text}"));
                    } else if let Some(n) = comment.strip_prefix("exit ") {
                        last.exit = n.trim().parse().expect("`# exit N` with a number");
                    } else if let Some(text) = comment.strip_prefix("=>") {
                        last.stdout.push(text.trim().to_string());
                    } else {
                        after_command = false;
                    }
                }
                _ => after_command = false,
            }
            continue;
        }
        if trimmed.is_empty() {
            after_command = false;
            continue;
        }
        // A trailing comment is prose, not part of the command.
        let code = match trimmed.find("  #") {
            Some(at) => trimmed[..at].trim_end(),
            None => trimmed,
        };
        if let Some(head) = code.strip_suffix('\\') {
            pending.push_str(head);
            pending.push(' ');
            continue;
        }
        pending.push_str(code);
        let command = std::mem::take(&mut pending);
        out.push(Example { line: i + 1, command, exit: 0, stderr: vec![], stdout: vec![] });
        after_command = true;
    }
    out
}

/// Every file under `dir`, relative to it.
fn files(dir: &Path) -> BTreeSet<String> {
    common::tree(dir).into_keys().collect()
}

fn copy_dir(from: &Path, to: &Path) {
    std::fs::create_dir_all(to).unwrap();
    for entry in std::fs::read_dir(from).unwrap() {
        let path = entry.unwrap().path();
        let target = to.join(path.file_name().unwrap());
        if path.is_dir() {
            copy_dir(&path, &target);
        } else {
            std::fs::copy(&path, &target).unwrap();
        }
    }
}

#[test]
fn every_readme_command_runs_as_documented() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let readme = std::fs::read_to_string(root.join("README.md")).unwrap();
    let examples = examples(&readme);
    assert!(examples.len() > 30, "the README's examples were not found: {examples:?}");

    let work = tempfile::tempdir().unwrap();
    for dir in ["puzzles", "specs"] {
        copy_dir(&root.join(dir), &work.path().join(dir));
    }
    let shipped = files(work.path());
    let bin = Path::new(env!("CARGO_BIN_EXE_quadominos")).parent().unwrap();
    let path = std::env::join_paths(
        std::iter::once(bin.to_path_buf()).chain(std::env::split_paths(&std::env::var_os("PATH").unwrap_or_default())),
    )
    .unwrap();

    let mut ran = 0;
    for example in &examples {
        let first = example.command.split_whitespace().next().unwrap_or_default();
        if first == "cargo" || first.starts_with(".ci/") {
            continue;
        }
        let output = Command::new("bash")
            .args(["-o", "pipefail", "-c", &example.command])
            .current_dir(work.path())
            .env("PATH", &path)
            .env_remove("NO_COLOR")
            .output()
            .unwrap();
        let stdout = String::from_utf8_lossy(&output.stdout);
        let stderr = String::from_utf8_lossy(&output.stderr);
        let at = format!("README.md:{}: `{}`", example.line, example.command);
        assert_eq!(output.status.code(), Some(example.exit), "{at} exit status\nstdout:\n{stdout}\nstderr:\n{stderr}");
        for want in &example.stderr {
            assert!(stderr.contains(want.as_str()), "{at}: standard error lacks `{want}`:\n{stderr}");
        }
        for want in &example.stdout {
            assert!(
                stdout.lines().any(|l| l.trim() == want),
                "{at}: standard output lacks the line `{want}`:\n{stdout}"
            );
        }
        assert!(!stderr.contains("panicked"), "{at} panicked:\n{stderr}");
        ran += 1;
    }
    assert!(ran > 30, "only {ran} README commands ran");

    // Trying the README leaves nothing outside `out/`, which git ignores.
    let stray: Vec<_> =
        files(work.path()).into_iter().filter(|f| !shipped.contains(f) && !f.starts_with("out/")).collect();
    assert!(stray.is_empty(), "README examples wrote files outside out/: {stray:?}");
    let ignore = std::fs::read_to_string(root.join(".gitignore")).unwrap();
    assert!(ignore.lines().any(|l| l.trim() == "/out/"), ".gitignore must ignore /out/");
}

#[test]
fn the_readme_runner_reads_expectations_as_documented() {
    let readme = "text\n```sh\n# prose\nquadominos a \\\n  --b  # why\n# => x y\n\nquadominos c\n# error: bad\n\
                  # more prose\n```\n```yaml\nnot: run\n```\n```sh\n.ci/setup && quadominos d\n# exit 1\n```\n";
    let ex = examples(readme);
    assert_eq!(ex.len(), 3, "{ex:?}");
    assert_eq!(
        (ex[0].command.as_str(), ex[0].exit, ex[0].stdout.clone()),
        ("quadominos a  --b", 0, vec!["x y".into()])
    );
    assert_eq!(
        (ex[1].command.as_str(), ex[1].exit, ex[1].stderr.clone()),
        ("quadominos c", 2, vec!["error: bad".into()])
    );
    assert_eq!((ex[2].line, ex[2].exit), (16, 1));
}
