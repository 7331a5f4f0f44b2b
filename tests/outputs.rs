//! Files written: a command never writes over one of its own inputs
//! (whatever name reaches it: the same path, a symbolic link, a hard link, a
//! spec named inside the file), never replaces a device, a FIFO or a folder
//! with a regular file, and leaves nothing behind but what it was asked to
//! write. Every check looks at the bytes on disk before and after.

mod common;

use std::path::{Path, PathBuf};

use common::{run, run_ok, stderr};

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
    let out = run(args);
    let err = stderr(&out);
    assert_eq!(out.status.code(), Some(2), "quadominos {args:?}\n{err}");
    assert!(out.stdout.is_empty(), "quadominos {args:?}");
    assert!(!err.contains("panicked"), "{err}");
    assert!(err.starts_with(&format!("error: {named}: ")), "quadominos {args:?}: names {named}?\n{err}");
    assert!(err.contains(needle), "quadominos {args:?}: {needle:?} not in\n{err}");
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
    }
    refused_untouched(&["render", &game, "--svg", &game], d, &game, reads);
    refused_untouched(&["render", &puzzle, "--png", &puzzle], d, &puzzle, reads);
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
    refused_untouched(
        &["render", &puzzle, "--svg", &pic, "--png", &pic],
        d,
        &pic,
        "--svg and --png name the same file",
    );
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
