//! `rules:` in a position, puzzle or scenario file: the same readings
//! changed as by `--rule` on the command line, kept by every writer of
//! positions (`generate`, `notation`), and replaced with the file's variant
//! by a `--variant` given on the command line.

use crate::common;

use common::{refused, run_ok};

/// Writes `text` under a fresh folder and returns the folder and the path.
fn file(name: &str, text: &str) -> (tempfile::TempDir, String) {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join(name);
    std::fs::write(&path, text).unwrap();
    (dir, path.to_str().unwrap().to_string())
}

/// The moves of a position as JSON, with the arguments after its path.
fn moves_json(path: &str, extra: &[&str]) -> serde_json::Value {
    let mut args = vec!["moves", path, "--format", "json"];
    args.extend_from_slice(extra);
    serde_json::from_str(&run_ok(&args, 0)).unwrap()
}

#[test]
fn a_generated_position_reloads_under_the_rules_it_was_grown_under() {
    let args = ["generate", "--seed", "5", "--tiles", "12", "--hand", "8", "--variant", "serbian", "--rule", "R4=no"];
    let yaml = run_ok(&args, 0);
    assert!(yaml.contains("\nvariant: serbian\nrules: {R4: 'no'}\n"), "{yaml}");
    let (_dir, path) = file("generated.yaml", &yaml);
    let reloaded = moves_json(&path, &[]);
    // The same position with the override given on the command line instead.
    let (_dir2, bare) = file("bare.yaml", &yaml.replace("rules: {R4: 'no'}\n", ""));
    let given = moves_json(&bare, &["--rule", "R4=no"]);
    assert_eq!(reloaded, given);
    assert_eq!(reloaded["variant"], "serbian+R4=no");
    // And R4 matters here: without it the moves differ.
    assert_ne!(moves_json(&bare, &[])["moves"], reloaded["moves"], "seed 5 does not tell R4 apart");
}

const POSITION: &str = "variant: english
board:
  - {at: [0, 0], tile: [5, 5, 5, 5]}
  - {at: [0, -1], tile: [0, 1, 5, 5]}
  - {at: [1, 0], tile: [5, 5, 2, 5]}
hand: [1-4-5-5, 2-2-4-5, 4-5-5-5]
";

#[test]
fn rules_in_the_file_and_the_same_rules_on_the_command_line_give_identical_moves() {
    let (_a, plain) = file("plain.yaml", POSITION);
    let with = POSITION.replace("board:", "rules: {diagonal-neighbours: no, R3: yes}\nboard:");
    let (_b, overridden) = file("overridden.yaml", &with);
    let in_file = run_ok(&["moves", &overridden, "--format", "json"], 0);
    let on_line =
        run_ok(&["moves", &plain, "--format", "json", "--rule", "diagonal-neighbours=no", "--rule", "R3=yes"], 0);
    assert_eq!(in_file, on_line);
    assert!(in_file.contains("\"variant\": \"english+R4=no+R3=yes\""), "{in_file}");
    assert_ne!(moves_json(&plain, &[])["moves"], moves_json(&overridden, &[])["moves"]);
}

#[test]
fn a_variant_on_the_command_line_replaces_the_files_rules_and_a_rule_applies_on_top() {
    let with = POSITION.replace("board:", "rules: {R4: no}\nboard:");
    let (_d, path) = file("p.yaml", &with);
    assert_eq!(moves_json(&path, &["--variant", "english"])["variant"], "english");
    assert_eq!(moves_json(&path, &["--rule", "R7=4"])["variant"], "english+R4=no+R7=4");
    // A later `--rule` for the same reading wins, and is the one the label shows.
    assert_eq!(moves_json(&path, &["--rule", "R4=yes"])["variant"], "english+R4=yes");
}

#[test]
fn the_notation_carries_the_overrides_and_reads_them_back() {
    let with = POSITION.replace("board:", "rules: {R4: no}\nboard:");
    let (_d, path) = file("p.yaml", &with);
    let line = run_ok(&["notation", &path], 0);
    assert_eq!(line, "0,-1:0155;0,0:5555;1,0:5525 1-4-5-5,2-2-4-5,4-5-5-5 english+R4=no\n");
    let (_q, qpn) = file("p.qpn", &line);
    assert_eq!(moves_json(&qpn, &[]), moves_json(&path, &[]));
    // A reading the notation names that does not exist is refused at it.
    let (_b, bad) = file("bad.qpn", &line.replace("R4=no", "R4=no+R99=x"));
    refused(&["moves", &bad], &["bad.qpn:1:67:", "unknown rule option `R99`"]);
}

#[test]
fn a_scenarios_rules_apply_under_each_of_its_variants() {
    // Example F's bonus: the third matched corner touches only a diagonal
    // neighbour, so it is lost where diagonals do not count (R4 = no).
    let source = std::fs::read_to_string(
        std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("specs/scenarios/example-f-side-and-corner-bonus.yaml"),
    )
    .unwrap();
    let (_d, path) = file("f.yaml", &source.replace("\nstart:", "\nrules: {R4: no}\nstart:"));
    let (_e, plain) = file("plain.yaml", &source);
    assert!(run_ok(&["check", &plain], 0).contains("2 hold, 0 fail"));
    let check = common::run(&["check", &path]);
    let out = common::stdout(&check);
    assert_eq!(check.status.code(), Some(1), "{out}");
    for variant in ["english+R4=no", "serbian+R4=no"] {
        assert!(out.contains(&format!("FAIL  {variant}\n")), "{out}");
    }
    assert_eq!(
        out.matches("(place 3-4-5-5 as [5, 5, 3, 4] at [1, 1]): bonus: expected true, got false").count(),
        2,
        "{out}"
    );
    // `--variant` replaces the scenario's variants and their rules.
    assert!(run_ok(&["check", &path, "--variant", "english"], 0).contains("ok    english (4 actions)"));
}

#[test]
fn variants_describes_an_overridden_variant_without_contradicting_it() {
    let text = run_ok(&["variants", "--variant", "english", "--rule", "corner-match=at-least-one"], 0);
    let first = text.lines().next().unwrap();
    assert!(first.starts_with("english+R2=at-least-one: "), "{first}");
    assert!(!first.contains("equal every value"), "{first}");
    assert!(first.contains(": As english, with R2 = at-least-one ("), "{first}");
    assert!(first.contains("the corner must equal at least one value"), "{first}");
    let json: serde_json::Value = serde_json::from_str(&run_ok(
        &["variants", "--variant", "english", "--rule", "R2=at-least-one", "--format", "json"],
        0,
    ))
    .unwrap();
    assert_eq!(json["name"], "english+R2=at-least-one");
    assert_eq!(json["readings"][1]["value"], "at-least-one");
    // Without overrides, the spec's own sentence.
    let plain = run_ok(&["variants", "--variant", "english"], 0);
    assert!(plain.lines().next().unwrap().starts_with("english: "), "{plain}");
}

#[test]
fn a_position_grown_under_a_spec_file_names_the_spec_and_reloads_from_another_folder() {
    // A house spec: the serbian rules under another name, in a folder of
    // its own; the position is saved in a different folder.
    let serbian = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/specs/variants/serbian.yaml")).unwrap();
    let house = serbian.lines().map(|l| if l.starts_with("name:") { "name: house" } else { l }).collect::<Vec<_>>();
    let (_spec_dir, spec) = file("house.yaml", &(house.join("\n") + "\n"));
    let args = ["generate", "--seed", "5", "--tiles", "12", "--hand", "8", "--spec", &spec, "--rule", "R4=no"];
    let yaml = run_ok(&args, 0);
    let absolute = std::fs::canonicalize(&spec).unwrap();
    assert!(yaml.contains(&format!("\nvariant: {}\nrules: {{R4: 'no'}}\n", absolute.display())), "{yaml}");
    assert!(
        yaml.starts_with(&format!("# quadominos generate --seed 5 --tiles 12 --hand 8 --spec {}", absolute.display()))
    );
    let (_dir, path) = file("generated.yaml", &yaml);
    let reloaded = moves_json(&path, &[]);
    assert_eq!(reloaded["variant"], "house+R4=no");
    // The same as the spec and the override given on the command line.
    assert_eq!(reloaded["moves"], moves_json(&path, &["--spec", &spec, "--rule", "R4=no"])["moves"]);
    assert_ne!(reloaded["moves"], moves_json(&path, &["--spec", &spec])["moves"], "seed 5 does not tell R4 apart");

    // A notation line cannot name a path: it carries the spec's name, and a
    // comment says how it reads back, which it does.
    let line = run_ok(&["notation", &path], 0);
    let comment = format!("# read back with --spec {} --rule R4=no\n", absolute.display());
    assert!(line.starts_with(&comment) && line.trim_end().ends_with(" house+R4=no"), "{line}");
    let (_qpn_dir, qpn) = file("p.qpn", &line);
    refused(&["moves", &qpn], &["unknown variant `house`"]);
    assert_eq!(moves_json(&qpn, &["--spec", &spec, "--rule", "R4=no"])["moves"], reloaded["moves"]);
    // Converted back to a file, the spec's path returns.
    let again = run_ok(&["notation", &qpn, "--spec", &spec, "--rule", "R4=no", "--format", "yaml"], 0);
    assert!(again.starts_with(&format!("variant: {}\nrules: {{R4: 'no'}}\n", absolute.display())), "{again}");
}
