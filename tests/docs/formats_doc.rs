//! docs/FORMATS.md's examples are real files: every fenced example captioned
//! with its file name (`` `turn.yaml` (`quadominos solve turn.yaml`): ``) is
//! written into one temporary folder, and every caption's command is run
//! there and must exit 0, so that the reference cannot drift from what the
//! toolkit reads.

use crate::common;

use std::path::Path;
use std::process::Command;

use common::doc::examples;

#[test]
fn every_captioned_example_of_the_formats_reference_is_read_by_its_command() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let doc = std::fs::read_to_string(root.join("docs/FORMATS.md")).unwrap();
    let examples = examples(&doc);
    assert!(examples.len() >= 20, "the examples were not found: {examples:#?}");
    let dir = tempfile::tempdir().unwrap();
    for e in &examples {
        let path = dir.path().join(&e.name);
        std::fs::create_dir_all(path.parent().unwrap()).unwrap();
        std::fs::write(&path, &e.text).unwrap();
    }
    let bin = env!("CARGO_BIN_EXE_quadominos");
    let mut ran = 0;
    for e in &examples {
        let Some(command) = &e.command else { continue };
        let args: Vec<&str> = command.split_whitespace().collect();
        assert_eq!(args[0], "quadominos", "{command}");
        let out = Command::new(bin).args(&args[1..]).current_dir(dir.path()).output().unwrap();
        assert_eq!(
            out.status.code(),
            Some(0),
            "docs/FORMATS.md, `{}`: `{command}` refused it:\n{}{}",
            e.name,
            String::from_utf8_lossy(&out.stdout),
            String::from_utf8_lossy(&out.stderr)
        );
        ran += 1;
    }
    assert!(ran >= 20, "only {ran} examples ran");
}
