//! The YAML the tool writes reads the same under YAML 1.1 (PyYAML, many
//! editors) as under YAML 1.2: no string is left plain where YAML 1.1 would
//! read a boolean, null, number or date, and a transcript a YAML 1.1 tool
//! loaded and wrote back replays.

use crate::common;

use std::path::Path;

use common::{run, run_ok, stderr, stdout};
use regex::Regex;
use yaml_rust2::parser::{Event, Parser};
use yaml_rust2::scanner::TScalarStyle;

const PUZZLE: &str = "puzzles/bonus-corner.yaml";
const SCENARIO: &str = "specs/scenarios/r4-diagonal-corner-mismatch.yaml";

/// YAML 1.1's implicit types as PyYAML's resolver spells them (bool, null,
/// int, float, timestamp, merge, value), matched against a plain scalar.
struct Yaml11 {
    types: Vec<(&'static str, Regex)>,
    /// A YAML 1.2 core schema number, written as serde_yaml writes one.
    number12: Regex,
}

impl Yaml11 {
    fn new() -> Yaml11 {
        let types = [
            ("bool", r"^(?:yes|Yes|YES|no|No|NO|true|True|TRUE|false|False|FALSE|on|On|ON|off|Off|OFF|y|Y|n|N)$"),
            ("null", r"^(?:~|null|Null|NULL|)$"),
            (
                "int",
                r"^(?:[-+]?0b[0-1_]+|[-+]?0[0-7_]+|[-+]?(?:0|[1-9][0-9_]*)|[-+]?0x[0-9a-fA-F_]+|[-+]?[1-9][0-9_]*(?::[0-5]?[0-9])+)$",
            ),
            (
                "float",
                r"^(?:[-+]?(?:[0-9][0-9_]*)\.[0-9_]*(?:[eE][-+][0-9]+)?|\.[0-9_]+(?:[eE][-+][0-9]+)?|[-+]?[0-9][0-9_]*(?::[0-5]?[0-9])+\.[0-9_]*|[-+]?\.(?:inf|Inf|INF)|\.(?:nan|NaN|NAN))$",
            ),
            ("timestamp", r"^[0-9][0-9][0-9][0-9]-[0-9][0-9]?-[0-9][0-9]?(?:$|[Tt]|[ \t]+)"),
            ("merge", r"^<<$"),
            ("value", r"^=$"),
        ];
        Yaml11 {
            types: types.into_iter().map(|(name, re)| (name, Regex::new(re).unwrap())).collect(),
            number12: Regex::new(r"^(?:-?(?:0|[1-9][0-9]*)(?:\.[0-9]+)?(?:[eE][-+]?[0-9]+)?|-?\.inf|\.nan)$").unwrap(),
        }
    }

    /// The YAML 1.1 type of a plain scalar other than a string, if any.
    fn type_of(&self, plain: &str) -> Option<&'static str> {
        self.types.iter().find(|(_, re)| re.is_match(plain)).map(|(name, _)| *name)
    }

    /// Whether YAML 1.2 reads `plain` as the same type, so that the tool
    /// meant it as that type: `true`/`false`, `null`, a decimal number.
    fn meant(&self, plain: &str, type_11: &str) -> bool {
        match type_11 {
            "bool" => matches!(plain, "true" | "false"),
            "null" => matches!(plain, "null" | "~" | ""),
            "int" | "float" => self.number12.is_match(plain),
            _ => false,
        }
    }

    /// Every plain scalar of `text` that YAML 1.1 reads as another type
    /// than YAML 1.2 does, with its line; and how many plain scalars there
    /// were.
    fn misread(&self, text: &str) -> (Vec<String>, usize) {
        let mut parser = Parser::new_from_str(text);
        let mut wrong = Vec::new();
        let mut plain = 0;
        loop {
            let (event, at) = parser.next_token().unwrap_or_else(|e| panic!("not YAML ({e}):\n{text}"));
            match event {
                Event::StreamEnd => break,
                Event::Scalar(value, TScalarStyle::Plain, _, None) => {
                    plain += 1;
                    if let Some(t) = self.type_of(&value)
                        && !self.meant(&value, t)
                    {
                        wrong.push(format!("line {}: `{value}` is a {t} to YAML 1.1", at.line()));
                    }
                }
                _ => {}
            }
        }
        (wrong, plain)
    }
}

/// Asserts that no plain scalar of `text` (from `what`) is misread by
/// YAML 1.1, and that it has plain scalars at all.
fn assert_reads_the_same(yaml: &Yaml11, what: &str, text: &str) {
    let (wrong, plain) = yaml.misread(text);
    assert!(wrong.is_empty(), "{what}:\n{}\n{text}", wrong.join("\n"));
    assert!(plain > 0, "{what}: no plain scalar was checked:\n{text}");
}

#[test]
fn the_checker_finds_what_yaml11_misreads_and_passes_what_it_reads_alike() {
    let yaml = Yaml11::new();
    let (wrong, _) = yaml.misread("a: no\nb: 'no'\nc: 3\nd: 1_000\ne: [On, 0x1f, 1:20, .inf, ~]\nf: 2001-12-14\n");
    let words: Vec<&str> = wrong.iter().map(|w| w.split('`').nth(1).unwrap()).collect();
    assert_eq!(words, ["no", "1_000", "On", "0x1f", "1:20", "2001-12-14"]);
}

#[test]
fn every_yaml_the_commands_write_reads_the_same_under_yaml_1_1() {
    let yaml = Yaml11::new();
    let dir = tempfile::tempdir().unwrap();
    let game = dir.path().join("game.yaml");
    let transcript = run_ok(&["play", "--players", "2", "--seed", "1"], 0);
    std::fs::write(&game, &transcript).unwrap();
    let game = game.to_str().unwrap();
    // The strings YAML 1.1 misread before: quoted, and still read back.
    assert!(transcript.contains("    unmatched-corners: 'no'\n"), "{transcript}");
    assert!(transcript.contains("    diagonal-neighbours: 'yes'\n"), "{transcript}");
    let legal = ["--tile", "1-4-5-5", "--at", "1,-1", "--corners", "1,4,5,5"];
    let illegal = ["--tile", "1-4-5-5", "--at", "1,-1", "--corners", "4,5,5,1"];
    let commands: Vec<(Vec<&str>, i32)> = vec![
        (vec!["play", "--players", "3", "--seed", "2", "--rule", "R3=yes", "--format", "yaml"], 0),
        (vec!["replay", game, "--format", "yaml"], 0),
        (vec!["solve", PUZZLE, "--format", "yaml"], 0),
        (vec!["moves", PUZZLE, "--format", "yaml", "--rule", "R4=no"], 0),
        ([&["explain", PUZZLE, "--format", "yaml"][..], &legal].concat(), 0),
        (vec!["perft", PUZZLE, "--depth", "2", "--divide", "--format", "yaml"], 0),
        ([&["explain", PUZZLE, "--format", "yaml"][..], &illegal].concat(), 1),
        (vec!["bonuses", PUZZLE, "--format", "yaml"], 0),
        (vec!["bonuses", "--format", "yaml"], 0),
        (vec!["solve", "puzzles/fill-2x3-count.yaml", "--format", "yaml"], 0),
        (vec!["variants", "--format", "yaml"], 0),
        (vec!["variants", "--variant", "serbian", "--rule", "R4=no", "--format", "yaml"], 0),
        (vec!["compare", SCENARIO, "--readings", "R4", "--format", "yaml"], 0),
        (vec!["check", SCENARIO, "--format", "yaml"], 0),
        (vec!["notation", PUZZLE, "--rule", "R4=no", "--rule", "R7=4", "--format", "yaml"], 0),
        (vec!["generate", "--seed", "3", "--tiles", "6", "--hand", "3", "--rule", "R5=yes"], 0),
        (vec!["puzzle", "--seed", "1", "--goal", "best-turn", "--tiles", "10", "--hand", "4", "--rule", "R4=no"], 0),
    ];
    for (args, code) in &commands {
        // `puzzle` says what it posed on stderr: only stdout is the file.
        let out = run(args);
        assert_eq!(out.status.code(), Some(*code), "quadominos {args:?}\n{}", stderr(&out));
        let text = stdout(&out);
        assert_reads_the_same(&yaml, &format!("quadominos {}", args.join(" ")), &text);
    }
    // A hand-written `rules:` flow mapping quotes `no` and leaves the number.
    let notation = run_ok(&["notation", PUZZLE, "--rule", "R4=no", "--rule", "R7=4", "--format", "yaml"], 0);
    assert!(notation.contains("rules: {R4: 'no', R7: 4}\n"), "{notation}");
    // The files a fixture suite holds.
    let out = dir.path().join("suite");
    run_ok(&["fixtures", "--out", out.to_str().unwrap(), "--count", "1", "--positions", "1"], 0);
    let mut files = Vec::new();
    yaml_files(&out, &mut files);
    assert!(!files.is_empty(), "the suite holds no YAML file");
    for file in files {
        assert_reads_the_same(&yaml, &file.display().to_string(), &std::fs::read_to_string(&file).unwrap());
    }
}

fn yaml_files(dir: &Path, out: &mut Vec<std::path::PathBuf>) {
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if path.is_dir() {
            yaml_files(&path, out);
        } else if path.extension().is_some_and(|x| x == "yaml") {
            out.push(path);
        }
    }
}

#[test]
fn a_transcript_with_yes_no_readings_as_booleans_replays() {
    let dir = tempfile::tempdir().unwrap();
    let game = dir.path().join("game.yaml");
    let text = run_ok(&["play", "--players", "2", "--seed", "4"], 0);
    let booleans = text.replace(": 'no'\n", ": false\n").replace(": 'yes'\n", ": true\n");
    assert!(booleans.contains("    unmatched-corners: false\n"), "{booleans}");
    std::fs::write(&game, &booleans).unwrap();
    let out = run_ok(&["replay", game.to_str().unwrap()], 0);
    assert!(out.contains(": ok: "), "{out}");
    // A word no reading has is still refused, by name.
    std::fs::write(&game, text.replacen("unmatched-corners: 'no'", "unmatched-corners: maybe", 1)).unwrap();
    let out = run(&["replay", game.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(2), "{}", stdout(&out));
    assert!(
        stderr(&out).contains("`maybe` is not a value of R3 (unmatched-corners); use one of: yes, no"),
        "{}",
        stderr(&out)
    );
}

#[test]
fn a_transcript_loaded_and_written_back_by_pyyaml_replays() {
    let probe = std::process::Command::new("python3").args(["-c", "import yaml"]).output();
    if !probe.is_ok_and(|o| o.status.success()) {
        println!("SKIPPED: python3 with PyYAML is not available; the PyYAML round trip was not checked");
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    let game = dir.path().join("game.yaml");
    let back = dir.path().join("back.yaml");
    std::fs::write(&game, run_ok(&["play", "--players", "2", "--seed", "1"], 0)).unwrap();
    let script = "import sys, yaml\nd = yaml.safe_load(open(sys.argv[1]))\n\
                  assert d['variant']['rules']['unmatched-corners'] == 'no', d['variant']['rules']\n\
                  open(sys.argv[2], 'w').write(yaml.safe_dump(d))\n";
    let out = std::process::Command::new("python3").args(["-c", script]).arg(&game).arg(&back).output().unwrap();
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let out = run_ok(&["replay", back.to_str().unwrap()], 0);
    assert!(out.contains(": ok: "), "{out}");
}
