//! Shell habits: completion scripts and man pages made from the command
//! line's own definition, colour only where it is asked for or the stream is
//! a terminal (never with NO_COLOR, never in JSON), and `--quiet` printing
//! only each command's answer with its exit status unchanged.

use std::io::Read as _;
use std::os::fd::{FromRawFd as _, OwnedFd};
use std::process::{Command, Output, Stdio};

use crate::common;
use common::{refused, run, run_ok, stderr, stdout};

const PUZZLE: &str = "puzzles/bonus-corner.yaml";
const EXAMPLE_F: &str = "specs/scenarios/example-f-side-and-corner-bonus.yaml";
/// The one bonus placement of the puzzle (its description works it out).
const LEGAL: [&str; 6] = ["--tile", "1-4-5-5", "--at", "1,-1", "--corners", "1,4,5,5"];
/// The same tile turned so that its 4 meets the 1 of [0, -1]: refused.
const ILLEGAL: [&str; 6] = ["--tile", "1-4-5-5", "--at", "1,-1", "--corners", "4,5,5,1"];

const ESC: &str = "\x1b[";

/// Every command `--help` lists, but `help` itself.
fn commands() -> Vec<String> {
    let help = run_ok(&["--help"], 0);
    let list = help.split("Commands:\n").nth(1).expect("a command list");
    let names: Vec<String> = list
        .lines()
        .take_while(|l| l.starts_with("  "))
        // A wrapped description goes on under the descriptions, further in.
        .filter(|l| !l.starts_with("   "))
        .filter_map(|l| l.split_whitespace().next())
        .filter(|n| *n != "help")
        .map(str::to_string)
        .collect();
    assert!(names.len() >= 16, "{names:?}");
    names
}

#[test]
fn completions_name_every_command_and_real_flags_for_bash_zsh_and_fish() {
    let commands = commands();
    for shell in ["bash", "zsh", "fish", "elvish", "powershell"] {
        let script = run_ok(&["completions", shell], 0);
        for name in &commands {
            assert!(script.contains(name.as_str()), "{shell}: no `{name}`");
        }
        // A flag of one command, a value of one of its flags, a global flag.
        for word in ["highlight", "--solver" /* zsh and bash keep the dashes */, "max-printed", "color"] {
            let word = if shell == "fish" || shell == "elvish" || shell == "powershell" {
                word.trim_start_matches('-')
            } else {
                word
            };
            assert!(script.contains(word), "{shell}: no `{word}`");
        }
    }
    // Each script in its shell's own form.
    assert!(run_ok(&["completions", "bash"], 0).contains("complete -F _quadominos"));
    assert!(run_ok(&["completions", "zsh"], 0).starts_with("#compdef quadominos"));
    assert!(run_ok(&["completions", "fish"], 0).contains("complete -c quadominos"));
    // A shell clap_complete does not know is refused, as bad input is.
    refused(&["completions", "tcsh"], &["tcsh"]);
}

/// What bash offers after the words typed, by the script `completions bash`
/// writes, run in bash as the shell runs it on a TAB.
fn bash_offers(script: &std::path::Path, words: &[&str]) -> Vec<String> {
    let line = words.join(" ");
    let program = format!(
        "source {}; COMP_WORDS=({line}); COMP_CWORD=$((${{#COMP_WORDS[@]}}-1)); COMP_LINE='{line}'; \
         COMP_POINT=${{#COMP_LINE}}; _quadominos quadominos \"${{COMP_WORDS[-1]}}\" \"${{COMP_WORDS[-2]}}\"; \
         printf '%s\\n' \"${{COMPREPLY[@]}}\"",
        script.display()
    );
    let out = Command::new("bash").arg("-c").arg(program).output().expect("bash runs");
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let mut offered: Vec<String> = String::from_utf8_lossy(&out.stdout).lines().map(str::to_string).collect();
    offered.sort();
    offered.retain(|w| !w.is_empty());
    offered
}

#[test]
fn bash_completes_variants_readings_and_their_values() {
    let dir = tempfile::tempdir().unwrap();
    let script = dir.path().join("quadominos.bash");
    std::fs::write(&script, run_ok(&["completions", "bash"], 0)).unwrap();
    // A shipped variant by its name, and a spec file by its path.
    assert_eq!(bash_offers(&script, &["quadominos", "solve", "--variant", "ser"]), ["serbian", "serbian-chain"]);
    assert_eq!(
        bash_offers(&script, &["quadominos", "solve", "--variant", "specs/scenarios/variants/serbian-r9-o"]),
        ["specs/scenarios/variants/serbian-r9-opening-only.yaml"]
    );
    // A reading with each of its values, by id and by option name.
    assert_eq!(
        bash_offers(&script, &["quadominos", "moves", PUZZLE, "--rule", "R9"]),
        ["R9=nothing", "R9=opening-only", "R9=weight"]
    );
    assert_eq!(
        bash_offers(&script, &["quadominos", "moves", PUZZLE, "--rule", "diagonal-n"]),
        ["diagonal-neighbours=no", "diagonal-neighbours=yes"]
    );
    // The readings compare varies, and the goals a generated puzzle asks.
    assert_eq!(
        bash_offers(&script, &["quadominos", "compare", EXAMPLE_F, "--readings", "bonus-t"]),
        ["bonus-threshold", "bonus-tile-follow-up", "bonus-tile-place"]
    );
    assert_eq!(
        bash_offers(&script, &["quadominos", "puzzle", "--goal", "fill-"]),
        ["fill-bonuses", "fill-count", "fill-weight"]
    );
    // A file where a file is asked for: bash's own file names, which the
    // script leaves to the shell (`-o default`) when it offers nothing.
    let text = std::fs::read_to_string(&script).unwrap();
    assert!(
        text.lines().any(|l| l.trim_start().starts_with("complete -F _quadominos") && l.contains("-o default")),
        "{text}"
    );
}

#[test]
fn the_man_page_lists_every_command_and_the_out_folder_has_one_page_each() {
    let page = run_ok(&["man"], 0);
    assert!(page.starts_with(".ie \\n(.g .ds Aq"), "roff: {}", &page[..80.min(page.len())]);
    assert!(page.contains(".TH quadominos 1"), "the title line");
    for name in commands() {
        assert!(page.contains(&format!("quadominos\\-{name}(1)")), "no `{name}` in the page");
    }
    assert!(page.contains("\\-\\-max\\-printed"), "a global flag");

    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("man/man1");
    assert_eq!(run_ok(&["man", "--out", out.to_str().unwrap()], 0), "");
    let mut pages: Vec<String> =
        std::fs::read_dir(&out).unwrap().map(|e| e.unwrap().file_name().to_string_lossy().into_owned()).collect();
    pages.sort();
    let mut expected: Vec<String> = commands().iter().map(|c| format!("quadominos-{c}.1")).collect();
    expected.push("quadominos.1".into());
    expected.sort();
    assert_eq!(pages, expected);
    assert_eq!(std::fs::read_to_string(out.join("quadominos.1")).unwrap(), page, "the top page, as printed");
    let solve = std::fs::read_to_string(out.join("quadominos-solve.1")).unwrap();
    assert!(solve.contains(".TH quadominos-solve 1") && solve.contains("\\-\\-solver"), "{solve}");

    // A file where the folder should be: refused, the file untouched.
    let file = dir.path().join("a-file");
    std::fs::write(&file, "mine").unwrap();
    refused(&["man", "--out", file.to_str().unwrap()], &["not a folder"]);
    assert_eq!(std::fs::read_to_string(&file).unwrap(), "mine");
}

/// The text report of every command that colours one, with extra arguments.
fn reports(extra: &[&str]) -> Vec<(String, Output)> {
    let runs: Vec<Vec<&str>> = vec![
        [&["explain", PUZZLE][..], &LEGAL].concat(),
        [&["explain", PUZZLE][..], &ILLEGAL].concat(),
        vec!["solve", PUZZLE],
        vec!["check", EXAMPLE_F, "--rule", "R7=4"],
    ];
    runs.into_iter()
        .map(|mut args| {
            args.extend_from_slice(extra);
            (args.join(" "), run(&args))
        })
        .collect()
}

#[test]
fn color_always_colours_the_verdicts_and_never_or_a_pipe_does_not() {
    for (args, out) in reports(&["--color", "always"]) {
        assert!(stdout(&out).contains(ESC), "{args}: no colour\n{}", stdout(&out));
    }
    let explain = stdout(&run(&[&["explain", PUZZLE][..], &ILLEGAL, &["--color", "always"]].concat()));
    assert!(explain.contains("verdict: \x1b[1m\x1b[31millegal\x1b[0m\n"), "illegal in bold red:\n{explain}");
    let solve = stdout(&run(&["solve", PUZZLE, "--color", "always"]));
    assert!(solve.contains("score: 47 (\x1b[1m\x1b[32mproven optimal\x1b[0m)"), "{solve}");
    // Without colour, the same text without the codes.
    for extra in [&["--color", "never"][..], &[]] {
        for (args, out) in reports(extra) {
            assert!(!stdout(&out).contains('\x1b'), "{args}: coloured\n{}", stdout(&out));
        }
    }
    let plain = stdout(&run(&[&["explain", PUZZLE][..], &ILLEGAL, &["--color", "never"]].concat()));
    assert_eq!(plain, explain.replace("\x1b[1m\x1b[31m", "").replace("\x1b[0m", ""));
    // JSON and YAML never, even when asked.
    for format in ["json", "yaml"] {
        let out = run(&[&["explain", PUZZLE][..], &ILLEGAL, &["--color", "always", "--format", format]].concat());
        assert!(!stdout(&out).contains('\x1b'), "{format}");
    }
}

#[test]
fn error_is_coloured_on_standard_error_only_when_asked() {
    let coloured = refused(&["moves", "puzzles/no-such.yaml", "--color", "always"], &["no-such.yaml"]);
    assert!(coloured.starts_with("\x1b[1m\x1b[31merror:\x1b[0m puzzles/no-such.yaml"), "{coloured}");
    let plain = refused(&["moves", "puzzles/no-such.yaml"], &["no-such.yaml"]);
    assert!(plain.starts_with("error: puzzles/no-such.yaml"), "{plain}");
}

/// Runs the binary with standard output on a pseudo-terminal (and standard
/// error piped), in the environment given; returns what the terminal got.
fn on_a_terminal(args: &[&str], env: &[(&str, &str)]) -> String {
    let (mut leader, mut follower): (libc::c_int, libc::c_int) = (0, 0);
    // SAFETY: openpty fills two descriptors, owned from here on.
    let made =
        unsafe { libc::openpty(&mut leader, &mut follower, std::ptr::null_mut(), std::ptr::null(), std::ptr::null()) };
    assert_eq!(made, 0, "openpty");
    // SAFETY: fresh descriptors from openpty, each owned once.
    let (leader, follower) = unsafe { (OwnedFd::from_raw_fd(leader), OwnedFd::from_raw_fd(follower)) };
    let mut command = Command::new(env!("CARGO_BIN_EXE_quadominos"));
    command.args(args).current_dir(env!("CARGO_MANIFEST_DIR")).stdout(Stdio::from(follower)).stderr(Stdio::piped());
    for var in ["NO_COLOR", "CLICOLOR", "CLICOLOR_FORCE", "TERM"] {
        command.env_remove(var);
    }
    command.envs(env.iter().copied());
    let child = command.spawn().expect("the binary runs");
    // The command's copy of the terminal is closed when it ends (ours went
    // with `command`): reading then stops with EIO.
    drop(command);
    let output = child.wait_with_output().expect("it ends");
    let mut text = Vec::new();
    let _ = std::fs::File::from(leader).read_to_end(&mut text);
    assert_eq!(output.status.code(), Some(1), "{args:?}: {}", String::from_utf8_lossy(&output.stderr));
    String::from_utf8(text).expect("UTF-8")
}

#[test]
fn on_a_terminal_colour_is_on_unless_no_color_is_set_and_not_empty() {
    let args: Vec<&str> = [&["explain", PUZZLE][..], &ILLEGAL, &["-q"]].concat();
    assert!(on_a_terminal(&args, &[("TERM", "xterm")]).contains(ESC), "a terminal takes colour");
    let off = on_a_terminal(&args, &[("TERM", "xterm"), ("NO_COLOR", "1")]);
    assert!(off.contains("illegal") && !off.contains('\x1b'), "NO_COLOR=1: {off:?}");
    // no-color.org: set but empty does not count.
    assert!(on_a_terminal(&args, &[("TERM", "xterm"), ("NO_COLOR", "")]).contains(ESC));
    let never = on_a_terminal(&[&args[..], &["--color", "never"]].concat(), &[("TERM", "xterm")]);
    assert!(never.contains("illegal") && !never.contains('\x1b'), "--color never: {never:?}");
    // Into a pipe, NO_COLOR wins over a forced colour too.
    let forced = |env: &[(&str, &str)]| {
        let mut c = Command::new(env!("CARGO_BIN_EXE_quadominos"));
        c.args(&args).current_dir(env!("CARGO_MANIFEST_DIR")).env_remove("NO_COLOR").envs(env.iter().copied());
        String::from_utf8(c.output().unwrap().stdout).unwrap()
    };
    assert!(forced(&[("CLICOLOR_FORCE", "1")]).contains(ESC));
    assert_eq!(forced(&[("CLICOLOR_FORCE", "1"), ("NO_COLOR", "1")]), "illegal\n");
}

#[test]
fn quiet_solve_prints_the_score_and_whether_it_is_proven() {
    assert_eq!(run_ok(&["solve", PUZZLE, "-q"], 0), "47 proven\n");
    let dir = tempfile::tempdir().unwrap();
    // A recorded optimum that is wrong: exit 1 still, the answer first, and
    // why it failed on the same line, after a `;`.
    let wrong = dir.path().join("wrong.yaml");
    let text = std::fs::read_to_string(format!("{}/{PUZZLE}", env!("CARGO_MANIFEST_DIR"))).unwrap();
    std::fs::write(&wrong, text.replace("expect: {score: 47}", "expect: {score: 48}")).unwrap();
    let out = run(&["solve", wrong.to_str().unwrap(), "--quiet"]);
    assert_eq!(out.status.code(), Some(1));
    assert_eq!(stdout(&out), "47 proven; expect: 48 DOES NOT HOLD\n");
    assert_eq!(stderr(&out), "");
    // An answer cut short by the time limit: exit 1, and the line says
    // whether the expectation is refuted (by the bound) or not confirmed.
    let chain = common::chained_turn_file(dir.path(), 3, 80, 30);
    let chain_text = std::fs::read_to_string(&chain).unwrap();
    let unconfirmed = dir.path().join("unconfirmed.yaml");
    std::fs::write(&unconfirmed, format!("{chain_text}expect: {{score: 100000}}\n")).unwrap();
    let out = run(&["solve", unconfirmed.to_str().unwrap(), "-q", "--timeout", "0.2"]);
    assert_eq!(out.status.code(), Some(1), "{}", stderr(&out));
    let line = stdout(&out);
    let (answer, why) = line.split_once("; ").unwrap_or_else(|| panic!("{line:?}"));
    assert!(answer.ends_with(" not proven") && !answer.contains('\n'), "{line:?}");
    assert!(
        ["expect: 100000 DOES NOT HOLD\n", "expect: 100000 not confirmed (answer not proven)\n"].contains(&why),
        "{line:?}"
    );
    // A count, and an answer cut short by the time limit.
    assert_eq!(run_ok(&["solve", "puzzles/fill-2x3-count.yaml", "-q"], 0).split(' ').nth(1), Some("proven\n"));
    let cut = run_ok(&["solve", chain.to_str().unwrap(), "-q", "--timeout", "0.2"], 0);
    assert!(cut.ends_with(" not proven\n") && cut.lines().count() == 1, "{cut:?}");
    // --quiet is for the text report: with --format it is refused.
    refused(&["solve", PUZZLE, "-q", "--format", "json"], &["--quiet", "--format"]);
}

#[test]
fn quiet_explain_prints_the_verdict_with_its_exit_status() {
    assert_eq!(run_ok(&[&["explain", PUZZLE, "-q"][..], &LEGAL].concat(), 0), "legal\n");
    assert_eq!(run_ok(&[&["explain", PUZZLE, "--quiet"][..], &ILLEGAL].concat(), 1), "illegal\n");
}

#[test]
fn quiet_moves_prints_each_move_as_explain_takes_it() {
    let full = run_ok(&["moves", PUZZLE, "--format", "json"], 0);
    let full: serde_json::Value = serde_json::from_str(&full).unwrap();
    let moves = full["moves"].as_array().unwrap();
    let quiet = run_ok(&["moves", PUZZLE, "-q"], 0);
    assert_eq!(quiet.lines().count(), moves.len());
    for (line, m) in quiet.lines().zip(moves) {
        let at: Vec<String> = m["at"].as_array().unwrap().iter().map(|v| v.to_string()).collect();
        let corners: Vec<String> = m["corners"].as_array().unwrap().iter().map(|v| v.to_string()).collect();
        assert_eq!(line, format!("{} {} {}", m["tile"].as_str().unwrap(), at.join(","), corners.join(",")));
        // Each line, given to explain, is a legal placement.
        let [tile, at, corners] = line.split(' ').collect::<Vec<_>>()[..] else { panic!("{line}") };
        let args = ["explain", PUZZLE, "-q", "--tile", tile, "--at", at, "--corners", corners];
        assert_eq!(run_ok(&args, 0), "legal\n", "{line}");
    }
    // No moves: nothing at all.
    assert_eq!(run_ok(&["moves", "puzzles/turn-no-play-beginner.yaml", "-q"], 0), "");
}

#[test]
fn quiet_check_prints_only_the_failures() {
    assert_eq!(run_ok(&["check", EXAMPLE_F, "-q"], 0), "");
    let out = run(&["check", EXAMPLE_F, "--rule", "R7=4", "-q"]);
    assert_eq!(out.status.code(), Some(1), "{}", stderr(&out));
    let text = stdout(&out);
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines[0], format!("FAIL {EXAMPLE_F} (example-f-side-and-corner-bonus) english+R7=4"));
    assert!(text.contains("action 2 (play two bonus tiles): expected accepted, got refused"), "{text}");
    assert!(!text.contains(" ok ") && !text.contains("hold,"), "no passing run, no summary:\n{text}");
}

#[test]
fn quiet_replay_prints_nothing_but_the_first_wrong_event() {
    let dir = tempfile::tempdir().unwrap();
    let game = dir.path().join("game.yaml");
    std::fs::write(&game, run_ok(&["play", "--players", "2", "--seed", "7"], 0)).unwrap();
    let path = game.to_str().unwrap();
    assert_eq!(run_ok(&["replay", path, "-q"], 0), "");
    let text = std::fs::read_to_string(&game).unwrap();
    std::fs::write(&game, text.replacen("  score: -20", "  score: -40", 1)).unwrap();
    let full = run_ok(&["replay", path], 1);
    let quiet = run_ok(&["replay", path, "-q"], 1);
    assert_eq!(quiet.lines().count(), 1, "{quiet}");
    assert_eq!(quiet.lines().next(), full.lines().next(), "the first line of the report");
    assert!(quiet.starts_with(&format!("{path}:")) && quiet.contains(" is wrong (under english)"), "{quiet}");
}

/// A command's JSON report.
fn json_of(args: &[&str]) -> serde_json::Value {
    serde_json::from_str(&run_ok(&[args, &["--format", "json"][..]].concat(), 0)).unwrap()
}

/// A placement in JSON as `moves -q` writes it.
fn move_line(m: &serde_json::Value) -> String {
    let c: Vec<String> = m["corners"].as_array().unwrap().iter().map(|v| v.to_string()).collect();
    format!("{} {},{} {}", m["tile"].as_str().unwrap(), m["at"][0], m["at"][1], c.join(","))
}

#[test]
fn quiet_perft_prints_the_count_and_each_first_placements_count() {
    let full = json_of(&["perft", PUZZLE, "--depth", "2", "--divide"]);
    let quiet = run_ok(&["perft", PUZZLE, "--depth", "2", "--divide", "-q"], 0);
    let lines: Vec<&str> = quiet.lines().collect();
    let divide = full["divide"].as_array().unwrap();
    assert_eq!(lines.len(), divide.len() + 1, "{quiet}");
    for (line, d) in lines.iter().zip(divide) {
        assert_eq!(*line, format!("{} {}", move_line(d), d["nodes"]));
    }
    assert_eq!(lines.last().unwrap().parse::<u64>().unwrap(), full["nodes"].as_u64().unwrap());
    // The counts under the first placements make up the total.
    let sum: u64 = lines[..divide.len()].iter().map(|l| l.rsplit(' ').next().unwrap().parse::<u64>().unwrap()).sum();
    assert_eq!(sum.to_string(), *lines.last().unwrap());
    assert_eq!(run_ok(&["perft", PUZZLE, "--depth", "2", "-q"], 0), format!("{}\n", full["nodes"]));
    refused(&["perft", PUZZLE, "--depth", "2", "-q", "--format", "json"], &["--quiet", "--format"]);
}

#[test]
fn quiet_compare_names_each_variant_that_parts_and_where() {
    let scenario = "specs/scenarios/r4-diagonal-corner-mismatch.yaml";
    let full = json_of(&["compare", scenario, "--readings", "R4"]);
    let quiet = run_ok(&["compare", scenario, "--readings", "R4", "-q"], 0);
    // R4 = no accepts the placement english (R4 = yes) refuses: action 1.
    assert_eq!(quiet, "english+R4=no 1\n");
    assert_eq!(full["differences"][0]["action"], 1);
    assert_eq!(full["differences"][0]["sides"][1]["variant"], "english+R4=no");
    // Readings that change nothing here: nothing at all.
    assert_eq!(run_ok(&["compare", scenario, "--readings", "R10", "-q"], 0), "");
}

#[test]
fn quiet_bonuses_lists_the_bonus_placements_as_explain_takes_them() {
    let full = json_of(&["bonuses", PUZZLE]);
    let quiet = run_ok(&["bonuses", PUZZLE, "-q"], 0);
    let placements: Vec<String> = full["classes"]
        .as_array()
        .unwrap()
        .iter()
        .flat_map(|c| c["placements"].as_array().unwrap().iter().map(move_line))
        .collect();
    assert_eq!(placements.len(), full["placements"].as_u64().unwrap() as usize);
    assert_eq!(quiet.lines().collect::<Vec<_>>(), placements);
    // The puzzle's one bonus placement, the one its description works out.
    assert_eq!(quiet, format!("{} {} {}\n", LEGAL[1], LEGAL[3], LEGAL[5]));
    // The catalogue has no placements to list: -q needs a position.
    refused(&["bonuses", "-q"], &["<POSITION>"]);
}

#[test]
fn quiet_variants_prints_the_labels() {
    let full = json_of(&["variants"]);
    let names: Vec<String> =
        full.as_array().unwrap().iter().map(|v| format!("{}\n", v["name"].as_str().unwrap())).collect();
    assert_eq!(run_ok(&["variants", "-q"], 0), names.concat());
    assert!(names.contains(&"serbian-chain\n".to_string()));
    assert_eq!(run_ok(&["variants", "--variant", "serbian", "--rule", "R4=no", "-q"], 0), "serbian+R4=no\n");
}
