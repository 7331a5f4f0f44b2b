//! Every command the README and the documents under docs/ show, run as
//! written, so that they cannot drift from the tool: each ```sh block's
//! commands in order, one document at a time, in a temporary copy of the
//! shipped puzzles and specs of its own, with the built `quadominos` first
//! on PATH. A document whose ```sh blocks are usage synopses (placeholders
//! such as `DIR` and `pos.yaml`, not commands to run) is named in
//! `SYNOPSES` and skipped; every other `docs/*.md` is run.
//!
//! A command must exit 0, unless a comment line right after it says
//! otherwise: `# error: TEXT` means exit status 2 with `error: TEXT` on
//! standard error; `# exit N` means exit status N. A comment line
//! `# => TEXT` right after it means TEXT is a line of its standard output.
//! A command holding a here-document (`cat > out/x.yaml <<'EOF'`) takes the
//! lines after it, as written, up to the closing word, so that a page can
//! write a file by hand as a reader would. The set-up commands (`cargo ...`,
//! `.ci/...`) are what runs this test and are not run again. Every file an
//! example writes must be under `out/` (ignored by git), so that trying the
//! documents leaves a clone clean. A failure names the document and the
//! line of the command.
//!
//! Every relative link of those documents is checked too: the file it
//! names exists, and a `#fragment` into a Markdown file is one of its
//! headings, as GitHub makes their anchors.

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};
use std::process::Command;

use crate::common;

/// Documents under docs/ whose ```sh blocks are usage synopses with
/// placeholders, not commands to run.
const SYNOPSES: [&str; 2] = ["docs/FIXTURES.md", "docs/PROTOCOL.md"];

/// One command of a block, with what the document says it does.
#[derive(Debug)]
struct Example {
    /// The document's line number of the command, for messages.
    line: usize,
    command: String,
    exit: i32,
    stderr: Vec<String>,
    stdout: Vec<String>,
}

/// The closing word of a here-document the command opens (`<<'EOF'`,
/// `<<"EOF"`, `<<EOF`, `<<-EOF`), if it opens one.
fn here_document(command: &str) -> Option<String> {
    let rest = command.split_once("<<")?.1.trim_start_matches('-').trim_start();
    let word: String =
        rest.trim_start_matches(['\'', '"']).chars().take_while(|c| c.is_alphanumeric() || *c == '_').collect();
    (!word.is_empty()).then_some(word)
}

/// The commands of every ```sh block, with their expectations.
fn examples(doc: &str) -> Vec<Example> {
    let mut out: Vec<Example> = Vec::new();
    let mut in_block = false;
    let mut pending = String::new();
    let mut after_command = false;
    // The closing word of the here-document being read, with its text so far.
    let mut here: Option<(String, String, usize)> = None;
    for (i, line) in doc.lines().enumerate() {
        let trimmed = line.trim();
        if let Some((word, text, _)) = here.as_mut() {
            text.push('\n');
            text.push_str(line);
            let closed = trimmed == word.as_str();
            if closed {
                let (_, command, line) = here.take().unwrap();
                out.push(Example { line, command, exit: 0, stderr: vec![], stdout: vec![] });
                after_command = true;
            }
            continue;
        }
        if !in_block {
            in_block = trimmed == "```sh";
            continue;
        }
        if trimmed == "```" {
            assert!(pending.is_empty(), "line {}: a block ends in a continued command", i + 1);
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
        if let Some(word) = here_document(&command) {
            here = Some((word, command, i + 1));
            after_command = false;
            continue;
        }
        out.push(Example { line: i + 1, command, exit: 0, stderr: vec![], stdout: vec![] });
        after_command = true;
    }
    assert!(here.is_none(), "a here-document is not closed: {here:?}");
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

fn root() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

/// README.md and every `docs/*.md`, as paths relative to the crate root.
fn documents() -> Vec<String> {
    let mut docs: Vec<String> = std::fs::read_dir(root().join("docs"))
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "md"))
        .map(|p| format!("docs/{}", p.file_name().unwrap().to_string_lossy()))
        .collect();
    docs.sort();
    docs.insert(0, "README.md".to_string());
    docs
}

/// Runs every command of one document in a fresh copy of the shipped
/// puzzles and specs; returns how many ran.
fn run_document(name: &str) -> usize {
    let text = std::fs::read_to_string(root().join(name)).unwrap();
    let examples = examples(&text);

    let work = tempfile::tempdir().unwrap();
    for dir in ["puzzles", "specs"] {
        copy_dir(&root().join(dir), &work.path().join(dir));
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
        let at = format!("{name}:{}: `{}`", example.line, example.command);
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

    // Trying a document leaves nothing outside `out/`, which git ignores.
    let stray: Vec<_> =
        files(work.path()).into_iter().filter(|f| !shipped.contains(f) && !f.starts_with("out/")).collect();
    assert!(stray.is_empty(), "{name}: its examples wrote files outside out/: {stray:?}");
    ran
}

#[test]
fn every_command_of_the_readme_and_the_docs_runs_as_documented() {
    // A document skipped must still exist: a stale name would let a renamed
    // page's commands go unrun.
    for name in SYNOPSES {
        assert!(root().join(name).is_file(), "{name} is listed as a synopsis document but does not exist");
    }
    let mut ran = Vec::new();
    for name in documents() {
        if SYNOPSES.contains(&name.as_str()) {
            continue;
        }
        ran.push((run_document(&name), name));
    }
    let count = |doc: &str| ran.iter().find(|(_, n)| n == doc).map_or(0, |(n, _)| *n);
    // The pages whose commands are the point of them: each must have been
    // found and run, so that a broken fence cannot silently skip a page.
    for (doc, least) in [("README.md", 8), ("docs/TUTORIAL.md", 12), ("docs/COMMANDS.md", 60), ("docs/SOLVERS.md", 2)] {
        assert!(count(doc) >= least, "only {} commands of {doc} ran (at least {least} expected): {ran:?}", count(doc));
    }
    let ignore = std::fs::read_to_string(root().join(".gitignore")).unwrap();
    assert!(ignore.lines().any(|l| l.trim() == "/out/"), ".gitignore must ignore /out/");
}

#[test]
fn the_readme_runner_reads_expectations_as_documented() {
    let readme = "text\n```sh\n# prose\nquadominos a \\\n  --b  # why\n# => x y\n\nquadominos c\n# error: bad\n\
                  # more prose\n```\n```yaml\nnot: run\n```\n```sh\n.ci/setup && quadominos d\n# exit 1\n\
                  cat > out/p.yaml <<'EOF'\n# kept\n  indented: 1\nEOF\n# => z\n```\n";
    let ex = examples(readme);
    assert_eq!(ex.len(), 4, "{ex:?}");
    assert_eq!(
        (ex[0].command.as_str(), ex[0].exit, ex[0].stdout.clone()),
        ("quadominos a  --b", 0, vec!["x y".into()])
    );
    assert_eq!(
        (ex[1].command.as_str(), ex[1].exit, ex[1].stderr.clone()),
        ("quadominos c", 2, vec!["error: bad".into()])
    );
    assert_eq!((ex[2].line, ex[2].exit), (16, 1));
    assert_eq!(
        (ex[3].line, ex[3].command.as_str(), ex[3].stdout.clone()),
        (18, "cat > out/p.yaml <<'EOF'\n# kept\n  indented: 1\nEOF", vec!["z".into()])
    );
    assert_eq!(here_document("cat <<-\"END\" > x"), Some("END".into()));
    assert_eq!(here_document("echo a << b"), Some("b".into()));
    assert_eq!(here_document("echo 'a' > out/x"), None);
}

/// The anchor GitHub gives a heading: lower case, punctuation but `-` and
/// `_` dropped, each space a `-`.
fn anchor(heading: &str) -> String {
    heading
        .trim()
        .to_lowercase()
        .chars()
        .filter(|c| c.is_alphanumeric() || matches!(c, '-' | '_' | ' '))
        .map(|c| if c == ' ' { '-' } else { c })
        .collect()
}

/// The anchors of a Markdown file's headings (outside fenced blocks), a
/// repeated one numbered as GitHub numbers it (`x`, `x-1`, ...).
fn anchors(text: &str) -> BTreeSet<String> {
    let mut out = BTreeSet::new();
    let mut fenced = false;
    for line in text.lines() {
        if line.trim_start().starts_with("```") {
            fenced = !fenced;
            continue;
        }
        if fenced {
            continue;
        }
        let Some(heading) = line.strip_prefix('#') else { continue };
        let heading = heading.trim_start_matches('#');
        if !heading.starts_with(' ') {
            continue;
        }
        let base = anchor(heading);
        let mut name = base.clone();
        let mut n = 0;
        while out.contains(&name) {
            n += 1;
            name = format!("{base}-{n}");
        }
        out.insert(name);
    }
    out
}

/// Every link target of a Markdown text outside fenced blocks and code
/// spans, with its line: `[text](TARGET)`.
fn links(text: &str) -> Vec<(usize, String)> {
    let mut out = Vec::new();
    let mut fenced = false;
    for (i, line) in text.lines().enumerate() {
        if line.trim_start().starts_with("```") {
            fenced = !fenced;
            continue;
        }
        if fenced {
            continue;
        }
        // Code spans are text, not links.
        let prose: String = line.split('`').step_by(2).collect::<Vec<_>>().join(" ");
        let mut rest = prose.as_str();
        while let Some(at) = rest.find("](") {
            let after = &rest[at + 2..];
            let end = after.find(')').unwrap_or(after.len());
            out.push((i + 1, after[..end].trim().to_string()));
            rest = &after[end..];
        }
    }
    out
}

#[test]
fn every_relative_link_of_the_readme_and_the_docs_resolves() {
    let mut broken = Vec::new();
    let mut checked = 0;
    for name in documents() {
        let file = root().join(&name);
        let text = std::fs::read_to_string(&file).unwrap();
        for (line, target) in links(&text) {
            if target.contains("://") || target.starts_with("mailto:") {
                continue;
            }
            let (path, fragment) = match target.split_once('#') {
                Some((p, f)) => (p, Some(f)),
                None => (target.as_str(), None),
            };
            let resolved: PathBuf = if path.is_empty() { file.clone() } else { file.parent().unwrap().join(path) };
            checked += 1;
            if !resolved.exists() {
                broken.push(format!("{name}:{line}: `{target}`: no such file"));
                continue;
            }
            if let Some(fragment) = fragment
                && resolved.extension().is_some_and(|e| e == "md")
                && !anchors(&std::fs::read_to_string(&resolved).unwrap()).contains(fragment)
            {
                broken.push(format!("{name}:{line}: `{target}`: no heading with that anchor"));
            }
        }
    }
    assert!(broken.is_empty(), "broken links:\n{}", broken.join("\n"));
    assert!(checked > 40, "only {checked} relative links found");
}

#[test]
fn the_link_checker_reads_headings_and_links_as_github_does() {
    let page = "# Fixture answers (`fixtures --check`)\n## The one-line notation (`.qpn` files)\n\
                ## Same\n## Same\n```sh\n# not a heading\n```\nsee [a](b.md#c) and `[x](y)`, [d](#same-1)\n";
    let a = anchors(page);
    assert!(a.contains("fixture-answers-fixtures---check"), "{a:?}");
    assert!(a.contains("the-one-line-notation-qpn-files"), "{a:?}");
    assert!(a.contains("same") && a.contains("same-1"), "{a:?}");
    assert!(!a.contains("not-a-heading"), "{a:?}");
    assert_eq!(links(page), vec![(8, "b.md#c".to_string()), (8, "#same-1".to_string())]);
}

#[test]
fn the_readmes_picture_is_what_the_command_it_names_draws() {
    // The README says which command drew its picture; a change to the
    // drawing shows here, and the fix is to run that command again.
    let command = "quadominos render puzzles/bonus-corner.yaml --svg docs/images/bonus-corner.svg";
    let readme = std::fs::read_to_string(root().join("README.md")).unwrap();
    assert!(readme.contains(&format!("`{command}`")), "the README no longer names `{command}`");
    assert!(readme.contains("](docs/images/bonus-corner.svg)"), "the README no longer shows the picture");
    let drawn = common::run_ok(&["render", "puzzles/bonus-corner.yaml", "--svg", "-"], 0);
    let committed = std::fs::read_to_string(root().join("docs/images/bonus-corner.svg")).unwrap();
    assert!(drawn == committed, "docs/images/bonus-corner.svg is stale: run `{command}` from the crate root");
}
