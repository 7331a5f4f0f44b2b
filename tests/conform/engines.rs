//! `quadominos conform` against engines: the reference engine passes every
//! case; engines with one reading changed (a house rule) fail the cases
//! that reading decides, with the clauses that name it and a perft count
//! drilled down to a position where the move lists truly part; engines that
//! exit, hang or print junk are reported, and the run ends. Every report
//! line is valid under the committed schema.

use crate::common;

use std::path::Path;
use std::process::{Command, Output, Stdio};
use std::time::{Duration, Instant};

use common::{refused, stderr, stdout};
use quadominos::conform::variant_by_label;
use quadominos::formats::{move_records, notation};
use quadominos::rules::{MoveGen, Position};
use serde_json::Value;

const BIN: &str = env!("CARGO_BIN_EXE_quadominos");

/// A run of `quadominos ARGS` that must end on its own: a conform that
/// hangs with its engine fails the test (after a minute) instead of
/// hanging the suite. Its output is read as it comes, so that a long
/// report never fills the pipe and stops it.
fn run_bounded(args: &[&str]) -> Output {
    use std::io::Read as _;
    let mut child = Command::new(BIN)
        .args(args)
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .env_remove("CLICOLOR_FORCE")
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let read = |mut from: Box<dyn std::io::Read + Send>| {
        std::thread::spawn(move || {
            let mut out = Vec::new();
            from.read_to_end(&mut out).unwrap();
            out
        })
    };
    let stdout = read(Box::new(child.stdout.take().unwrap()));
    let stderr = read(Box::new(child.stderr.take().unwrap()));
    let until = Instant::now() + Duration::from_secs(60);
    while child.try_wait().unwrap().is_none() {
        if Instant::now() > until {
            child.kill().unwrap();
            panic!("quadominos {args:?} did not end within a minute");
        }
        std::thread::sleep(Duration::from_millis(20));
    }
    let status = child.wait().unwrap();
    Output { status, stdout: stdout.join().unwrap(), stderr: stderr.join().unwrap() }
}

fn engine(extra: &str) -> String {
    format!("'{BIN}' engine {extra}")
}

/// The report's lines, each checked against the committed schema.
fn report(path: &Path) -> Vec<Value> {
    let schema: Value = serde_json::from_str(
        &std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join("specs/schema/conform-report.schema.json"))
            .unwrap(),
    )
    .unwrap();
    let validator = jsonschema::validator_for(&schema).unwrap();
    let text = std::fs::read_to_string(path).unwrap();
    let lines: Vec<Value> = text.lines().map(|l| serde_json::from_str(l).unwrap()).collect();
    for line in &lines {
        let errors: Vec<String> = validator.iter_errors(line).map(|e| format!("{}: {e}", e.instance_path())).collect();
        assert!(errors.is_empty(), "{errors:#?}\n{line}");
    }
    lines
}

fn failed(lines: &[Value]) -> Vec<&Value> {
    lines.iter().filter(|l| l["outcome"] == "fail").collect()
}

#[test]
fn the_reference_engine_passes_every_case_of_every_kind() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("report.jsonl");
    let args = [
        "conform",
        "--engine",
        &engine(""),
        "--positions",
        "2",
        "--count",
        "1",
        "--perft-depth",
        "2",
        "--report",
        out.to_str().unwrap(),
    ];
    let run = run_bounded(&args);
    assert_eq!(run.status.code(), Some(0), "{}\n{}", stdout(&run), stderr(&run));
    let lines = report(&out);
    assert!(failed(&lines).is_empty());
    for kind in ["engine", "positions", "verdicts", "perft", "games", "play", "scenarios"] {
        assert!(lines.iter().any(|l| l["kind"] == kind && l["outcome"] == "pass"), "no {kind} case passed");
    }
    // Every shipped scenario is put to the engine through the game actions
    // and passes, under some variant at least.
    for (path, _) in quadominos::formats::shipped_scenarios() {
        let name = path.trim_end_matches(".yaml");
        let prefix = format!("scenarios/{name}/");
        assert!(
            lines.iter().any(|l| l["case"].as_str().is_some_and(|c| c.starts_with(&prefix)) && l["outcome"] == "pass"),
            "the scenario {name} was not put to the engine"
        );
    }
    // Every shipped variant, each case once, named KIND/FIXTURE/VARIANT.
    for v in ["english", "english-beginner", "serbian", "serbian-chain"] {
        assert!(lines.iter().any(|l| l["case"] == format!("perft/{v}-00/{v}")), "{v}");
    }
    let ids: std::collections::BTreeSet<&str> = lines.iter().map(|l| l["case"].as_str().unwrap()).collect();
    assert_eq!(ids.len(), lines.len(), "a case id is given twice");
    let summary = stdout(&run).lines().last().unwrap().to_string();
    assert_eq!(summary, format!("conform: {} passed, 0 failed, 0 skipped", lines.len()));
}

/// The rules' move lists at a line of notation under two labels.
fn lists(position: &str, labels: [&str; 2]) -> [Vec<quadominos::formats::MoveRecord>; 2] {
    let read = notation::parse(position).unwrap();
    labels.map(|label| {
        let v = variant_by_label(label).unwrap();
        let p = Position::from_setup(&read.board, &read.hand, &v).unwrap();
        move_records(&MoveGen::new(&v, &p.board, &p.hand), &p.hand).unwrap()
    })
}

/// Every clause id behind the differing verdicts of a failure.
fn clauses(failure: &Value) -> Vec<String> {
    let d = &failure["divergence"];
    ["missing", "extra", "differing"]
        .iter()
        .flat_map(|k| d[k].as_array().cloned().unwrap_or_default())
        .flat_map(|v| v["clauses"].as_array().cloned().unwrap_or_default())
        .map(|c| c.as_str().unwrap().to_string())
        .collect()
}

/// Runs conform under english against an engine with `rule` on every
/// variant; the report's lines and the text.
fn against_house_rule(rule: &str, dir: &Path) -> (Vec<Value>, String) {
    let out = dir.join("report.jsonl");
    let args = [
        "conform",
        "--engine",
        &engine(&format!("--rule {rule}")),
        "--variant",
        "english",
        "--positions",
        "4",
        "--count",
        "1",
        "--report",
        out.to_str().unwrap(),
    ];
    let run = run_bounded(&args);
    assert_eq!(run.status.code(), Some(1), "{}\n{}", stdout(&run), stderr(&run));
    (report(&out), stdout(&run))
}

#[test]
fn an_engine_that_ignores_diagonal_neighbours_fails_the_cases_r4_decides_and_is_drilled_down() {
    let dir = tempfile::tempdir().unwrap();
    let (lines, text) = against_house_rule("R4=no", dir.path());
    assert!(lines.iter().all(|l| l["variant"] == "english" || l["kind"] == "engine"));
    let failed = failed(&lines);
    assert!(failed.len() >= 3, "{text}");
    let summary = text.lines().last().unwrap();
    assert!(summary.contains(&format!("{} failed", failed.len())), "{summary}");
    // Each failing case is named in the text, and every differing verdict
    // of a move list or perft case cites R4.
    let mut drilled = 0;
    for f in &failed {
        let case = f["case"].as_str().unwrap();
        assert!(text.contains(&format!("FAIL  {case}: ")), "{case} not in\n{text}");
        let failure = &f["failure"];
        if ["positions", "verdicts", "perft", "games"].contains(&f["kind"].as_str().unwrap()) {
            assert_eq!(failure["kind"], "wrong-answer", "{f}");
            assert!(clauses(failure).contains(&"R4".to_string()), "{case}: {:?}", clauses(failure));
        }
        if f["kind"] == "perft" {
            let d = &failure["divergence"];
            let position = d["position"].as_str().unwrap();
            // The drill's position is where the rules under R4 = yes and
            // R4 = no truly part, reached by placements legal under both.
            let [ours, theirs] = lists(position, ["english", "english+R4=no"]);
            assert_ne!(ours, theirs, "{case}: {position}");
            assert_eq!(d["ours"].as_u64().unwrap() as usize, ours.len());
            assert_eq!(d["theirs"].as_u64().unwrap() as usize, theirs.len());
            let missing = d["missing"].as_array().unwrap().len();
            let extra = d["extra"].as_array().unwrap().len();
            let only_ours = ours
                .iter()
                .filter(|m| !theirs.iter().any(|t| (t.tile, t.at, t.corners) == (m.tile, m.at, m.corners)))
                .count();
            let only_theirs = theirs
                .iter()
                .filter(|t| !ours.iter().any(|m| (t.tile, t.at, t.corners) == (m.tile, m.at, m.corners)))
                .count();
            assert_eq!((missing, extra), (only_ours, only_theirs), "{case}");
            drilled += usize::from(!d["sequence"].as_array().unwrap().is_empty());
        }
    }
    assert!(drilled > 0, "no perft difference was drilled below its own position:\n{text}");
    assert!(text.contains("first difference after"), "{text}");
    // The game the engine played records R4 = no and is refused.
    let play = failed.iter().find(|f| f["kind"] == "play").expect("the engine's own game fails");
    assert!(play["failure"]["details"].to_string().contains("R4 (diagonal-neighbours) = no"), "{play}");
}

#[test]
fn an_engine_with_another_bonus_threshold_fails_on_the_bonus_and_cites_r7() {
    let dir = tempfile::tempdir().unwrap();
    let (lines, text) = against_house_rule("bonus-threshold=4", dir.path());
    let failed = failed(&lines);
    assert!(!failed.is_empty(), "{text}");
    let perft: Vec<&&Value> = failed.iter().filter(|f| f["kind"] == "perft").collect();
    assert!(!perft.is_empty(), "{text}");
    for f in &failed {
        if f["kind"] == "positions" || f["kind"] == "verdicts" {
            // Same placements, another bonus: only details differ, each
            // a bonus the rules give at 3 matched corners and the engine not.
            let d = &f["failure"]["divergence"];
            assert!(d["missing"].as_array().unwrap().is_empty() && d["extra"].as_array().unwrap().is_empty(), "{f}");
            for v in d["differing"].as_array().unwrap() {
                assert_eq!(
                    (v["ours"]["bonus"].as_bool(), v["theirs"]["bonus"].as_bool()),
                    (Some(true), Some(false)),
                    "{v}"
                );
                assert_eq!(v["ours"]["matched"], 3, "{v}");
                assert!(v["clauses"].as_array().unwrap().iter().any(|c| c == "R7"), "{v}");
            }
        }
    }
    for f in perft {
        assert!(f["summary"].as_str().unwrap().contains("bonus"), "{f}");
        let d = &f["failure"]["divergence"];
        let [ours, theirs] = lists(d["position"].as_str().unwrap(), ["english", "english+R7=4"]);
        assert_ne!(ours, theirs, "{f}");
    }
}

/// Runs conform against a broken engine with a one-second time limit; its
/// report's lines and text.
fn against_broken(engine: &str, dir: &Path) -> (Vec<Value>, String) {
    let out = dir.join("report.jsonl");
    let args = [
        "conform",
        "--engine",
        engine,
        "--variant",
        "english",
        "--positions",
        "3",
        "--count",
        "0",
        "--request-timeout",
        "1",
        "--report",
        out.to_str().unwrap(),
    ];
    let run = run_bounded(&args);
    assert_eq!(run.status.code(), Some(1), "{}\n{}", stdout(&run), stderr(&run));
    assert!(!stderr(&run).contains("panicked"), "{}", stderr(&run));
    (report(&out), stdout(&run))
}

#[test]
fn an_engine_that_exits_hangs_or_prints_junk_at_the_handshake_is_reported_with_the_request() {
    let dir = tempfile::tempdir().unwrap();
    for (engine, kind, says) in [
        ("sh -c 'echo going >&2; exit 3'", "exited", "exit status 3"),
        ("sh -c 'sleep 600'", "timeout", "time limit of 1 s"),
        ("sh -c 'echo junk; sleep 600'", "garbage", "`junk` is no line of a handshake"),
        ("sh -c 'yes junk'", "garbage", "`junk` is no line of a handshake"),
    ] {
        let (lines, text) = against_broken(engine, dir.path());
        assert_eq!(lines.len(), 1, "{engine}: {text}");
        let f = &lines[0];
        assert_eq!((f["case"].as_str(), f["outcome"].as_str()), (Some("engine/handshake/-"), Some("fail")), "{engine}");
        assert_eq!(f["failure"]["kind"], kind, "{engine}: {f}");
        assert_eq!(f["failure"]["request"], "protocol 2", "{engine}");
        assert!(f["summary"].as_str().unwrap().contains(says), "{engine}: {f}");
        assert!(text.contains("not run"), "{engine}: {text}");
    }
    // What the engine said on standard error is kept for the report.
    let (lines, _) = against_broken("sh -c 'echo going >&2; exit 3'", dir.path());
    assert_eq!(lines[0]["failure"]["stderr"], "going");
}

/// A shell engine that answers the handshake (offering `moves` under
/// english), then does `then` with each request.
fn greets_then(then: &str) -> String {
    format!("sh -c 'read x; printf \"protocol 1\\noffers moves\\nvariants english\\nok\\n\"; {then}'")
}

#[test]
fn an_engine_that_fails_after_the_handshake_fails_each_case_and_the_run_stops() {
    let dir = tempfile::tempdir().unwrap();
    for (then, kind) in
        [("exit 0", "exited"), ("sleep 600", "timeout"), ("while read x; do echo nonsense; echo ok; done", "garbage")]
    {
        let (lines, text) = against_broken(&greets_then(then), dir.path());
        let failed = failed(&lines);
        // Started again for each case: three cases fail the same way, then
        // the run stops, saying how many it did not run.
        assert_eq!(failed.len(), quadominos::conform::FAILURES_IN_A_ROW, "{then}: {text}");
        for f in &failed {
            // Every suite opens with its refusals.
            assert_eq!(f["kind"], "refusals", "{then}: {f}");
            assert_eq!(f["failure"]["kind"], kind, "{then}: {f}");
            assert!(f["failure"]["request"].as_str().unwrap().starts_with("variant english"), "{then}: {f}");
        }
        assert!(text.contains("stopped: the engine exited, hung or answered garbage on 3 cases in a row"), "{text}");
        assert!(text.lines().last().unwrap().ends_with(" not run"), "{text}");
    }
}

#[test]
fn an_engine_offering_nothing_skips_every_case_and_the_run_shows_nothing() {
    let dir = tempfile::tempdir().unwrap();
    let (lines, text) = against_broken("sh -c 'read x; printf \"protocol 1\\nok\\n\"; cat > /dev/null'", dir.path());
    assert!(lines.iter().skip(1).all(|l| l["outcome"] == "skip"), "{text}");
    assert!(text.contains("nothing is shown"), "{text}");
}

#[test]
fn a_suite_folder_is_read_through_its_manifest_and_a_changed_one_is_bad_input() {
    let dir = tempfile::tempdir().unwrap();
    let suite = dir.path().join("suite");
    let s = suite.to_str().unwrap();
    let made = common::run(&[
        "fixtures",
        "--out",
        s,
        "--count",
        "1",
        "--positions",
        "1",
        "--perft-depth",
        "2",
        "--variants",
        "english,serbian",
    ]);
    assert_eq!(made.status.code(), Some(0), "{}", stderr(&made));
    let run = run_bounded(&["conform", "--engine", &engine(""), "--suite", s, "--play", "0", "-q"]);
    assert_eq!(run.status.code(), Some(0), "{}{}", stdout(&run), stderr(&run));
    // With -q: the suite line and the summary only.
    let text = stdout(&run);
    assert_eq!(text.lines().count(), 2, "{text}");
    assert!(text.lines().last().unwrap().ends_with(" failed, 0 skipped") && text.contains(" 0 failed"), "{text}");
    // A move list changed by hand: the manifest's digest no longer holds.
    let positions = suite.join("positions.json");
    let changed = std::fs::read_to_string(&positions).unwrap().replacen("\"count\": ", "\"count\": 1", 1);
    std::fs::write(&positions, changed).unwrap();
    refused(&["conform", "--engine", &engine(""), "--suite", s], &["positions.json", "SHA-256"]);
    refused(&["conform", "--engine", "", "--suite", s], &["--engine"]);
    refused(
        &["conform", "--engine", "no-such-engine-anywhere", "--count", "0"],
        &["cannot start `no-such-engine-anywhere`"],
    );
    refused(&["conform", "--engine", &engine(""), "--variant", "englsh"], &["no shipped variant is called `englsh`"]);
    refused(&["engine", "--rule", "R4=maybe"], &["R4"]);
}

#[test]
fn a_suite_manifest_names_only_files_inside_its_folder_and_a_fifo_is_refused_at_once() {
    let dir = tempfile::tempdir().unwrap();
    let suite = dir.path().join("suite");
    let s = suite.to_str().unwrap();
    let made = common::run(&[
        "fixtures",
        "--out",
        s,
        "--count",
        "0",
        "--positions",
        "1",
        "--perft-depth",
        "1",
        "--variants",
        "english",
    ]);
    assert_eq!(made.status.code(), Some(0), "{}", stderr(&made));
    let manifest = suite.join("manifest.json");
    let original = std::fs::read_to_string(&manifest).unwrap();
    let entry = |kind: &str| {
        let m: Value = serde_json::from_str(&original).unwrap();
        m["files"].as_array().unwrap().iter().position(|f| f["kind"] == kind).unwrap()
    };
    let (positions, perft) = (entry("positions"), entry("perft"));
    // A file outside the folder, by `..` and by an absolute path: each
    // entry is named, located in manifest.json, and nothing of the file
    // named is read or shown.
    let secret = dir.path().join("secret.json");
    std::fs::write(&secret, "not a suite's file: top secret").unwrap();
    let mut m: Value = serde_json::from_str(&original).unwrap();
    m["files"][positions]["path"] = Value::from("../secret.json");
    m["files"][perft]["path"] = Value::from(secret.to_str().unwrap());
    std::fs::write(&manifest, serde_json::to_string_pretty(&m).unwrap()).unwrap();
    let err = refused(
        &["conform", "--engine", &engine(""), "--suite", s],
        &[
            &format!("error: {}:", manifest.display()),
            &format!("files[{positions}].path: `../secret.json` climbs out of the suite's folder with `..`"),
            &format!("files[{perft}].path: `{}` is an absolute path, outside the suite's folder", secret.display()),
            "write the suite again with `quadominos fixtures --out`",
        ],
    );
    assert!(!err.contains("top secret"), "{err}");
    // A link to a file outside, with the very bytes the manifest's digest
    // gives: refused for where it leads.
    std::fs::write(&manifest, &original).unwrap();
    let moved = dir.path().join("positions.json");
    std::fs::rename(suite.join("positions.json"), &moved).unwrap();
    std::os::unix::fs::symlink(&moved, suite.join("positions.json")).unwrap();
    refused(
        &["conform", "--engine", &engine(""), "--suite", s],
        &[&format!(
            "files[{positions}].path: `positions.json` leads outside the suite's folder through a symbolic link"
        )],
    );
    // A FIFO in its place waits for no writer: refused at once, by name.
    std::fs::remove_file(suite.join("positions.json")).unwrap();
    assert!(Command::new("mkfifo").arg(suite.join("positions.json")).status().unwrap().success());
    let out = run_bounded(&["conform", "--engine", &engine(""), "--suite", s]);
    assert_eq!(out.status.code(), Some(2), "{}", stderr(&out));
    let fifo = format!("error: {s}/positions.json: cannot read: it is a FIFO, not a regular file");
    assert!(stderr(&out).starts_with(&fifo), "{}", stderr(&out));
    // And so is a manifest that is one.
    std::fs::remove_file(&manifest).unwrap();
    assert!(Command::new("mkfifo").arg(&manifest).status().unwrap().success());
    let out = run_bounded(&["conform", "--engine", &engine(""), "--suite", s]);
    assert_eq!(out.status.code(), Some(2), "{}", stderr(&out));
    assert!(stderr(&out).contains("manifest.json: cannot read: it is a FIFO, not a regular file"), "{}", stderr(&out));
}

/// The processes whose command line is `words`, by /proc (a zombie's is
/// empty: an ended process that is not yet reaped is not counted).
fn processes_running(words: &[&str]) -> usize {
    let wanted: Vec<u8> = words.iter().flat_map(|w| w.bytes().chain([0])).collect();
    std::fs::read_dir("/proc")
        .unwrap()
        .flatten()
        .filter(|e| e.file_name().to_string_lossy().bytes().all(|b| b.is_ascii_digit()))
        .filter(|e| std::fs::read(e.path().join("cmdline")).is_ok_and(|c| c == wanted))
        .count()
}

#[test]
fn conform_interrupted_by_a_signal_ends_its_engine_first() {
    // Every signal that ends a process and can be caught: USR1 and ALRM
    // once left the engine running. Each exits as a shell reports it, 128
    // and its number.
    let signals =
        [libc::SIGINT, libc::SIGTERM, libc::SIGHUP, libc::SIGQUIT, libc::SIGUSR1, libc::SIGUSR2, libc::SIGALRM];
    for signal in signals {
        // A sleep no other process runs: the engine, started through a
        // shell that hands its place to it.
        let seconds = format!("{}{signal}", 4_000_000 + std::process::id());
        let engine = format!("sh -c 'exec sleep {seconds}'");
        let mut child = std::process::Command::new(env!("CARGO_BIN_EXE_quadominos"))
            .args(["conform", "--engine", &engine, "--variant", "english", "--positions", "1", "--count", "0"])
            .args(["--request-timeout", "120"])
            .stdout(std::process::Stdio::null())
            .stderr(std::process::Stdio::null())
            .spawn()
            .unwrap();
        let started = Instant::now();
        while processes_running(&["sleep", &seconds]) == 0 {
            assert!(started.elapsed() < Duration::from_secs(30), "the engine never started");
            std::thread::sleep(Duration::from_millis(20));
        }
        // SAFETY: a plain signal to our own child, not yet reaped.
        unsafe { libc::kill(child.id() as libc::pid_t, signal) };
        let status = child.wait().unwrap();
        assert_eq!(status.code(), Some(128 + signal), "signal {signal}: {status:?}");
        // The group is sent SIGKILL before conform exits; the kernel ends
        // the process a moment after the signal is sent, so look again for
        // up to five seconds (a sleep of days that outlived conform fails).
        let ended = Instant::now();
        while processes_running(&["sleep", &seconds]) > 0 && ended.elapsed() < Duration::from_secs(5) {
            std::thread::sleep(Duration::from_millis(20));
        }
        assert_eq!(processes_running(&["sleep", &seconds]), 0, "signal {signal}: the engine outlived conform");
    }
}
