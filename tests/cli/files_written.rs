//! Files written: a command never writes over one of its own inputs
//! (whatever name reaches it: the same path, a symbolic link, a hard link, a
//! spec named inside the file), never replaces a device, a FIFO or a folder
//! with a regular file, and leaves nothing behind but what it was asked to
//! write. Every check looks at the bytes on disk before and after.

use crate::common;

use std::path::{Path, PathBuf};

use common::{refused, run, run_ok, stderr, tree};

const PUZZLE: &str = "puzzles/bonus-corner.yaml";

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).to_path_buf()
}

/// Every entry of a folder (names, sorted) with its bytes, or `None` for a
/// folder or a special file; symbolic links as `->TARGET`.
fn snapshot(dir: &Path) -> Vec<(String, Option<Vec<u8>>)> {
    let mut out: Vec<(String, Option<Vec<u8>>)> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| {
            let e = e.unwrap();
            let name = e.file_name().to_string_lossy().to_string();
            let meta = std::fs::symlink_metadata(e.path()).unwrap();
            if meta.file_type().is_symlink() {
                let to = std::fs::read_link(e.path()).unwrap();
                (format!("{name}->{}", to.display()), None)
            } else if meta.is_file() {
                (name, Some(std::fs::read(e.path()).unwrap()))
            } else {
                (name, None)
            }
        })
        .collect();
    out.sort();
    out
}

/// Runs a command that must be refused with exit 2, nothing on stdout and a
/// message naming `named` that contains `needle`, and that must leave `dir`
/// exactly as it was.
fn refused_untouched(args: &[&str], dir: &Path, named: &str, needle: &str) {
    let before = snapshot(dir);
    let err = refused(args, &[needle]);
    assert!(err.starts_with(&format!("error: {named}: ")), "quadominos {args:?}: names {named}?\n{err}");
    assert_eq!(snapshot(dir), before, "quadominos {args:?} changed {}", dir.display());
}

/// A folder with a copy of the puzzle and a game transcript.
fn workspace() -> (tempfile::TempDir, String, String) {
    let dir = tempfile::tempdir().unwrap();
    let puzzle = dir.path().join("bc.yaml");
    std::fs::copy(root().join(PUZZLE), &puzzle).unwrap();
    let game = dir.path().join("game.json");
    let transcript = run_ok(&["play", "--players", "2", "--seed", "7", "--rounds", "1", "--format", "json"], 0);
    std::fs::write(&game, transcript).unwrap();
    let s = |p: PathBuf| p.to_str().unwrap().to_string();
    (dir, s(puzzle), s(game))
}

#[test]
fn no_command_writes_its_picture_over_its_input() {
    let (dir, puzzle, game) = workspace();
    let d = dir.path();
    let reads = "names a file this command reads";
    for command in ["render", "moves", "solve", "bonuses"] {
        refused_untouched(&[command, &puzzle, "--svg", &puzzle], d, &puzzle, reads);
        refused_untouched(&[command, &puzzle, "--png", &puzzle], d, &puzzle, reads);
    }
    refused_untouched(&["render", &game, "--svg", &game], d, &game, reads);
    // The same file by another path, a symbolic link and a hard link.
    let dotted = format!("{}/./bc.yaml", d.display());
    refused_untouched(&["moves", &puzzle, "--svg", &dotted], d, &dotted, reads);
    std::os::unix::fs::symlink(&puzzle, d.join("link.svg")).unwrap();
    std::fs::hard_link(&puzzle, d.join("hard.svg")).unwrap();
    for name in ["link.svg", "hard.svg"] {
        let other = d.join(name).to_str().unwrap().to_string();
        refused_untouched(&["render", &puzzle, "--svg", &other], d, &other, &format!("reads ({puzzle})"));
    }
    // A spec named by the file's own `variant:`, read through it.
    let spec = d.join("house.yaml");
    std::fs::copy(root().join("specs/variants/english.yaml"), &spec).unwrap();
    let text = std::fs::read_to_string(&puzzle).unwrap().replace("variant: english", "variant: house.yaml");
    let own = d.join("own.yaml");
    std::fs::write(&own, text).unwrap();
    let (own, spec) = (own.to_str().unwrap(), spec.to_str().unwrap());
    refused_untouched(&["moves", own, "--svg", spec], d, spec, reads);
    refused_untouched(&["solve", &puzzle, "--spec", spec, "--svg", spec], d, spec, reads);
    // Two outputs that are one file.
    let pic = d.join("pic.svg").to_str().unwrap().to_string();
    for command in ["render", "moves", "solve", "bonuses"] {
        let args = [command, &puzzle, "--svg", &pic, "--png", &pic];
        refused_untouched(&args, d, &pic, "--svg and --png name the same file");
    }
}

#[test]
fn a_device_a_fifo_or_a_folder_is_never_replaced_by_a_picture() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    let fifo = d.join("pipe.svg");
    assert!(std::process::Command::new("mkfifo").arg(&fifo).status().unwrap().success());
    std::fs::create_dir(d.join("folder.svg")).unwrap();
    let fifo = fifo.to_str().unwrap();
    let folder = d.join("folder.svg");
    let folder = folder.to_str().unwrap();
    for command in ["render", "moves", "solve", "bonuses"] {
        refused_untouched(&[command, PUZZLE, "--svg", fifo], d, fifo, "it is a FIFO, not a regular file");
        refused_untouched(&[command, PUZZLE, "--svg", folder], d, folder, "it is a folder, not a regular file");
    }
    let out = run(&["render", PUZZLE, "--svg", "/dev/null"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(
        stderr(&out).starts_with("error: /dev/null: refused: it is a device, not a regular file"),
        "{}",
        stderr(&out)
    );
    let null = std::fs::metadata("/dev/null").unwrap();
    assert!(std::os::unix::fs::FileTypeExt::is_char_device(&null.file_type()), "/dev/null is still a device");
    use std::os::unix::fs::FileTypeExt;
    assert!(std::fs::metadata(fifo).unwrap().file_type().is_fifo(), "the FIFO is still a FIFO");
    // A symbolic link to nothing is refused; one to a picture is kept, and
    // the picture it names replaced.
    let dangling = d.join("dangling.svg");
    std::os::unix::fs::symlink(d.join("nowhere.svg"), &dangling).unwrap();
    let dangling = dangling.to_str().unwrap();
    refused_untouched(&["render", PUZZLE, "--svg", dangling], d, dangling, "a symbolic link to nothing");
}

#[test]
fn a_picture_replaces_only_the_file_it_names_and_leaves_nothing_else() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    let real = d.join("real.svg");
    std::fs::write(&real, "old picture").unwrap();
    std::os::unix::fs::symlink("real.svg", d.join("link.svg")).unwrap();
    let link = d.join("link.svg");
    assert_eq!(run_ok(&["render", PUZZLE, "--svg", link.to_str().unwrap()], 0), "");
    let picture = run_ok(&["render", PUZZLE], 0);
    assert_eq!(std::fs::read_to_string(&real).unwrap(), picture, "the file the link names holds the picture");
    assert!(std::fs::symlink_metadata(&link).unwrap().file_type().is_symlink(), "the link is still a link");
    let names: Vec<String> = snapshot(d).into_iter().map(|(n, _)| n).collect();
    assert_eq!(names, ["link.svg->real.svg", "real.svg"], "no temporary file is left");
}

/// Runs `quadominos ARGS` in `dir`.
fn run_in(dir: &Path, args: &[&str]) -> std::process::Output {
    std::process::Command::new(env!("CARGO_BIN_EXE_quadominos"))
        .args(args)
        .current_dir(dir)
        .env_remove("CLICOLOR_FORCE")
        .output()
        .unwrap()
}

#[test]
fn an_output_named_dash_is_standard_output_and_no_file() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    let puzzle = root().join(PUZZLE);
    let puzzle = puzzle.to_str().unwrap();
    // The SVG `render` prints by default, now asked for by name.
    let picture = String::from_utf8(run_in(d, &["render", puzzle]).stdout).unwrap();
    assert!(picture.starts_with("<svg"), "{picture}");
    for command in ["render", "moves", "solve", "bonuses"] {
        let out = run_in(d, &[command, puzzle, "--svg", "-"]);
        assert_eq!(out.status.code(), Some(0), "{command}: {}", stderr(&out));
        let text = String::from_utf8(out.stdout).unwrap();
        // The SVG alone: the command's own text is not mixed in.
        assert!(text.starts_with("<svg") && text.trim_end().ends_with("</svg>"), "{command}: {text}");
        if command == "render" {
            assert_eq!(text, picture);
        }
    }
    for command in ["render", "solve", "bonuses"] {
        let out = run_in(d, &[command, puzzle, "--html", "-"]);
        assert_eq!(out.status.code(), Some(0), "{command}: {}", stderr(&out));
        let text = String::from_utf8(out.stdout).unwrap();
        assert!(text.starts_with("<!DOCTYPE html>") && text.trim_end().ends_with("</html>"), "{command}: {text}");
    }
    // With another file: that file is written, the SVG printed.
    let out = run_in(d, &["render", puzzle, "--svg", "-", "--html", "page.html"]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    assert_eq!(String::from_utf8(out.stdout).unwrap(), picture);
    assert!(std::fs::read_to_string(d.join("page.html")).unwrap().starts_with("<!DOCTYPE html>"));
    assert_eq!(names(d), ["page.html"], "no file named `-`, nothing else");
    // Standard output holds one of them at most.
    let out = run_in(d, &["render", puzzle, "--svg", "-", "--html", "-"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(out.stdout.is_empty());
    assert!(
        stderr(&out).starts_with("error: -: refused: --svg and --html both name standard output (`-`)"),
        "{}",
        stderr(&out)
    );
    assert_eq!(names(d), ["page.html"]);
}

/// Checks that `dir` holds one whole suite and nothing else: every file the
/// manifest lists with its digest, and no other file. Returns its games.
fn whole_suite(dir: &Path) -> usize {
    let files = tree(dir);
    let manifest: quadominos::suite::Manifest = serde_json::from_slice(&files["manifest.json"]).unwrap();
    let mut listed: Vec<&str> = manifest.files.iter().map(|f| f.path.as_str()).collect();
    listed.push("manifest.json");
    listed.sort_unstable();
    let on_disk: Vec<&str> = files.keys().map(String::as_str).collect();
    assert_eq!(on_disk, listed, "{}: the files are the manifest's, no more", dir.display());
    for f in &manifest.files {
        assert_eq!(quadominos::suite::sha256_hex(&files[&f.path]), f.sha256, "{}", f.path);
    }
    manifest.files.iter().filter(|f| f.kind == "transcript").count()
}

/// The names in a folder, sorted.
fn names(dir: &Path) -> Vec<String> {
    let mut out: Vec<String> =
        std::fs::read_dir(dir).unwrap().map(|e| e.unwrap().file_name().to_string_lossy().to_string()).collect();
    out.sort();
    out
}

fn fixtures(out: &Path, count: &str, more: &[&str]) -> std::process::Output {
    let mut args = vec!["fixtures", "--out", out.to_str().unwrap(), "--count", count, "--positions", "2"];
    args.extend_from_slice(&["--perft-depth", "2"]);
    args.extend_from_slice(more);
    run(&args)
}

#[test]
fn a_suite_never_mixes_with_what_was_there_and_force_replaces_it_whole() {
    let parent = tempfile::tempdir().unwrap();
    let dir = parent.path().join("suite");
    assert!(fixtures(&dir, "3", &[]).status.success());
    assert_eq!(whole_suite(&dir), 3);
    std::fs::write(dir.join("notes.txt"), "mine").unwrap();
    let before = tree(&dir);

    // Not empty: refused without --force, and left as it was.
    let out = fixtures(&dir, "1", &[]);
    let err = stderr(&out);
    assert_eq!(out.status.code(), Some(2), "{err}");
    assert!(out.stdout.is_empty());
    assert!(err.starts_with(&format!("error: {}: refused: the folder is not empty", dir.display())), "{err}");
    assert!(err.contains("--force"), "{err}");
    assert_eq!(tree(&dir), before);
    assert_eq!(names(parent.path()), ["suite"]);

    // --force: the new suite whole, nothing of the old (2 games, not 3; no
    // notes.txt), nothing beside it.
    let out = fixtures(&dir, "1", &["--force"]);
    assert!(out.status.success(), "{}", stderr(&out));
    assert!(out.stderr.is_empty(), "{}", stderr(&out));
    assert!(String::from_utf8_lossy(&out.stdout).contains("replacing the folder's old content"));
    assert_eq!(whole_suite(&dir), 1);
    assert_eq!(names(parent.path()), ["suite"], "no partial or old folder is left");

    // An empty folder is used without --force; a file is not a folder.
    let empty = parent.path().join("empty");
    std::fs::create_dir(&empty).unwrap();
    assert!(fixtures(&empty, "1", &[]).status.success());
    assert_eq!(whole_suite(&empty), 1);
    let file = parent.path().join("file");
    std::fs::write(&file, "a file").unwrap();
    let out = fixtures(&file, "1", &["--force"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(stderr(&out).contains("refused: it is a regular file, not a folder"), "{}", stderr(&out));
    assert_eq!(std::fs::read(&file).unwrap(), b"a file");
}

#[test]
fn force_never_removes_an_input_or_the_current_folder() {
    let parent = tempfile::tempdir().unwrap();
    let dir = parent.path().join("work");
    std::fs::create_dir_all(dir.join("scenarios")).unwrap();
    let scenario = dir.join("scenarios/e9.yaml");
    std::fs::copy(root().join("specs/scenarios/e9-draw-until-playable.yaml"), &scenario).unwrap();
    let before = tree(&dir);
    let scenarios = dir.join("scenarios");
    let out = fixtures(&dir, "1", &["--force", "--scenarios", scenarios.to_str().unwrap()]);
    let err = stderr(&out);
    assert_eq!(out.status.code(), Some(2), "{err}");
    assert!(err.contains("which this command reads, and --force would remove it"), "{err}");
    assert_eq!(tree(&dir), before);

    let out = std::process::Command::new(env!("CARGO_BIN_EXE_quadominos"))
        .args(["fixtures", "--out", ".", "--force", "--count", "1", "--positions", "1", "--perft-depth", "1"])
        .current_dir(&scenarios)
        .output()
        .unwrap();
    let err = stderr(&out);
    assert_eq!(out.status.code(), Some(2), "{err}");
    assert!(err.contains("the current folder is inside it"), "{err}");
    assert_eq!(tree(&dir), before);
}

#[test]
fn force_replaces_only_a_suite_and_never_the_current_folder() {
    let parent = tempfile::tempdir().unwrap();
    // A folder of other files: refused, --force or not, and left whole.
    let mine = parent.path().join("mine");
    std::fs::create_dir_all(mine.join("sub")).unwrap();
    std::fs::write(mine.join("a.txt"), "mine").unwrap();
    let before = (tree(&mine), names(&mine));
    let out = fixtures(&mine, "0", &["--force"]);
    let err = stderr(&out);
    assert_eq!(out.status.code(), Some(2), "{err}");
    assert!(out.stdout.is_empty());
    assert!(
        err.starts_with(&format!(
            "error: {}: refused: the folder is not empty and holds no fixture suite",
            mine.display()
        )),
        "{err}"
    );
    assert!(err.contains("--force replaces only a suite: name a new or empty folder"), "{err}");
    assert_eq!((tree(&mine), names(&mine)), before);
    let out = fixtures(&mine, "0", &[]);
    assert_eq!(out.status.code(), Some(2));
    assert!(stderr(&out).contains("this one holds no suite (--force replaces only a suite)"), "{}", stderr(&out));
    assert_eq!((tree(&mine), names(&mine)), before);
    // A manifest.json that is not a suite's does not make one.
    std::fs::write(mine.join("manifest.json"), r#"{"format": "something-else"}"#).unwrap();
    let before = tree(&mine);
    let out = fixtures(&mine, "0", &["--force"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(stderr(&out).contains("holds no fixture suite"), "{}", stderr(&out));
    assert_eq!(tree(&mine), before);
    assert_eq!(names(parent.path()), ["mine"], "nothing is built beside it");

    // The current folder, empty or not, and any folder holding it.
    let empty = parent.path().join("empty");
    std::fs::create_dir(&empty).unwrap();
    let suite = ["fixtures", "--count", "0", "--positions", "1", "--perft-depth", "1", "--out"];
    for (cwd, out, force) in [(&empty, ".", false), (&empty, ".", true), (&empty, "..", true), (&empty, "../..", true)]
    {
        let args = [&suite[..], &[out], if force { &["--force"][..] } else { &[] }].concat();
        let run = run_in(cwd, &args);
        let err = stderr(&run);
        assert_eq!(run.status.code(), Some(2), "{args:?}: {err}");
        assert!(
            err.starts_with(&format!("error: {out}: refused: the current folder is inside it (or is it)")),
            "{args:?}: {err}"
        );
        assert!(err.contains("leaving this shell in a removed folder"), "{err}");
        assert!(empty.is_dir() && names(&empty).is_empty(), "{args:?} left the current folder as it was");
    }
    assert_eq!(names(parent.path()), ["empty", "mine"]);
    // `-` is standard output, which holds no folder.
    let run = run_in(&empty, &[&suite[..], &["-"]].concat());
    assert_eq!(run.status.code(), Some(2));
    assert!(stderr(&run).starts_with("error: -: refused: --out writes a folder of files"), "{}", stderr(&run));
    assert!(names(&empty).is_empty());
}

/// Runs `fixtures` with the size of any file it writes limited to `kib`
/// KiB (bash's `ulimit -f`, the signal ignored so that the write fails
/// with EFBIG): a failure in the middle of writing the suite.
fn fixtures_limited(out: &Path, kib: u64, more: &[&str]) -> std::process::Output {
    let limit = format!("ulimit -f {kib}; trap '' XFSZ; exec \"$0\" \"$@\"");
    let mut args: Vec<&str> = vec!["-c", &limit, env!("CARGO_BIN_EXE_quadominos"), "fixtures", "--out"];
    args.push(out.to_str().unwrap());
    args.extend_from_slice(&["--count", "0", "--positions", "2", "--perft-depth", "2"]);
    args.extend_from_slice(more);
    std::process::Command::new("bash").args(&args).current_dir(root()).output().unwrap()
}

#[test]
fn a_failure_midway_leaves_the_old_suite_and_nothing_beside_it() {
    let parent = tempfile::tempdir().unwrap();
    let dir = parent.path().join("suite");
    assert!(fixtures(&dir, "2", &[]).status.success());
    let before = tree(&dir);
    // perft.json (written first, some KiB) fits; positions.json does not.
    let sizes = |name: &str| before[name].len() as u64 / 1024;
    let kib = sizes("positions.json") / 2;
    assert!(sizes("perft.json") < kib, "perft.json is written before the failure");
    let out = fixtures_limited(&dir, kib, &["--force"]);
    let err = stderr(&out);
    assert_eq!(out.status.code(), Some(2), "{err}");
    assert!(out.stdout.is_empty());
    let failed = format!("error: {}/.suite.partial-", parent.path().display());
    assert!(err.starts_with(&failed) && err.contains("/positions.json: cannot write: "), "{err}");
    assert!(err.contains(&format!("{} is left as it was", dir.display())), "{err}");
    assert_eq!(tree(&dir), before, "the old suite, byte for byte");
    assert_eq!(names(parent.path()), ["suite"], "the partial suite is removed");

    // A new folder under new parents: none of them is left.
    let deep = parent.path().join("new/a/b");
    let out = fixtures_limited(&deep, kib, &[]);
    assert_eq!(out.status.code(), Some(2), "{}", stderr(&out));
    assert!(stderr(&out).contains("b is not made"), "{}", stderr(&out));
    assert_eq!(names(parent.path()), ["suite"]);
}

#[test]
fn a_killed_run_leaves_one_whole_suite_and_a_named_partial_folder_at_most() {
    let parent = tempfile::tempdir().unwrap();
    let dir = parent.path().join("suite");
    assert!(fixtures(&dir, "2", &[]).status.success());
    let mut games = std::collections::BTreeSet::new();
    for delay in [0u64, 30, 100, 200, 400, 800] {
        let mut child = std::process::Command::new(env!("CARGO_BIN_EXE_quadominos"))
            .args(["fixtures", "--out", dir.to_str().unwrap(), "--force", "--count", "8", "--positions", "3"])
            .current_dir(root())
            .stdout(std::process::Stdio::null())
            .stderr(std::process::Stdio::null())
            .spawn()
            .unwrap();
        std::thread::sleep(std::time::Duration::from_millis(delay));
        let _ = child.kill();
        let _ = child.wait();
        // The old suite or the new one, whole: never a mix, never missing.
        games.insert(whole_suite(&dir));
        for name in names(parent.path()) {
            assert!(
                name == "suite" || name.starts_with(".suite.partial-") || name.starts_with(".suite.old-"),
                "{name} beside the suite"
            );
        }
    }
    assert!(games.is_subset(&[2, 8].into()), "{games:?}");
    // What a killed run leaves is named on the next run.
    let left = parent.path().join(".suite.partial-abc123");
    std::fs::create_dir_all(&left).unwrap();
    let out = fixtures(&dir, "1", &["--force"]);
    assert!(out.status.success());
    let note = format!("note: {} was left by an earlier run that was stopped; it is not a suite", left.display());
    assert!(stderr(&out).contains(&note), "{}", stderr(&out));
    assert_eq!(whole_suite(&dir), 1);
}

/// An output that cannot be written says why in plain words and what to
/// do, and doing it works: a missing folder is named with the command that
/// creates it (quoted as a shell needs), and a folder the system refuses
/// files in gets the system's words without the name of the temporary file
/// the toolkit writes first.
#[test]
fn an_output_that_cannot_be_written_says_why_and_what_to_do() {
    let dir = tempfile::tempdir().unwrap();
    let input = root().join(PUZZLE);
    let input = input.to_str().unwrap();
    let out = run_in(dir.path(), &["render", input, "--svg", "my pics/corner.svg"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(out.stdout.is_empty());
    assert_eq!(
        stderr(&out),
        "error: my pics/corner.svg: cannot write (--svg): the folder `my pics` does not exist: create it first \
         (`mkdir -p 'my pics'`), or name a file in a folder that does\n"
    );
    assert!(names(dir.path()).is_empty(), "nothing is left behind");
    // The command the message gives, run as a shell would, then the same
    // line again: the picture is written.
    let made = std::process::Command::new("sh").args(["-c", "mkdir -p 'my pics'"]).current_dir(dir.path()).status();
    assert!(made.unwrap().success());
    let out = run_in(dir.path(), &["render", input, "--svg", "my pics/corner.svg"]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    assert!(std::fs::read_to_string(dir.path().join("my pics/corner.svg")).unwrap().starts_with("<svg"));
    #[cfg(target_os = "linux")]
    {
        // /proc takes no new files.
        let out = run_in(dir.path(), &["render", input, "--svg", "/proc/corner.svg"]);
        let err = stderr(&out);
        assert_eq!(out.status.code(), Some(2), "{err}");
        assert!(err.starts_with("error: /proc/corner.svg: cannot write (--svg): "), "{err}");
        assert!(err.ends_with(": name a file in a folder you can write to\n"), "{err}");
        assert!(!err.contains("partial") && !err.contains("at path"), "{err}");
    }
}
