//! What every conformance suite puts to an engine beyond seeded positions:
//! the hand-picked edge positions and the refusals (docs/FIXTURES.md, "Edge
//! positions"; docs/PROTOCOL.md, "Refusals"), in a generated suite and in a
//! `fixtures --out` folder alike; labels read the same by `engine` and
//! `conform` (a reading given twice refused, option names read as ids); and
//! the protocol's answers to the questions PROTOCOL.md settles.

use crate::common;

use std::io::Write as _;
use std::path::Path;
use std::process::{Command, Stdio};

use common::{run, stderr, stdout};
use quadominos::suite::edges::{EDGES, REFUSALS};
use serde_json::Value;

const BIN: &str = env!("CARGO_BIN_EXE_quadominos");

/// `quadominos engine` fed `requests`; every line it answers.
fn session(requests: &[&str]) -> Vec<String> {
    let mut child = Command::new(BIN).arg("engine").stdin(Stdio::piped()).stdout(Stdio::piped()).spawn().unwrap();
    child.stdin.take().unwrap().write_all((requests.join("\n") + "\n").as_bytes()).unwrap();
    let out = child.wait_with_output().unwrap();
    assert_eq!(out.status.code(), Some(0));
    String::from_utf8(out.stdout).unwrap().lines().map(str::to_string).collect()
}

/// The responses of a session, one per request: each response's lines,
/// its closing line last.
fn responses(requests: &[&str]) -> Vec<Vec<String>> {
    let mut out = Vec::new();
    let mut current = Vec::new();
    for line in session(requests) {
        let closing = line == "ok" || line.starts_with("error");
        current.push(line);
        if closing {
            out.push(std::mem::take(&mut current));
        }
    }
    assert_eq!(out.len(), requests.len(), "{out:#?}");
    out
}

fn report(path: &Path) -> Vec<Value> {
    std::fs::read_to_string(path).unwrap().lines().map(|l| serde_json::from_str(l).unwrap()).collect()
}

fn conform(extra: &[&str], dir: &Path) -> (i32, Vec<Value>, String) {
    let out = dir.join("report.jsonl");
    let engine = format!("'{BIN}' engine");
    let mut args = vec!["conform", "--engine", &engine, "--report", out.to_str().unwrap()];
    args.extend_from_slice(extra);
    let result = run(&args);
    let code = result.status.code().unwrap();
    let lines = if out.exists() { report(&out) } else { Vec::new() };
    (code, lines, format!("{}{}", stdout(&result), stderr(&result)))
}

fn passed(lines: &[Value], case: &str) -> bool {
    lines.iter().any(|l| l["case"] == case && l["outcome"] == "pass")
}

#[test]
fn a_label_giving_a_reading_twice_is_refused_by_the_engine_and_changes_nothing() {
    let answers = responses(&[
        "variant english+R4=no",
        "variant english+R4=no+R4=yes",
        "variant english+R4=no+diagonal-neighbours=yes",
        "position 0,0:5555 1-1-1-1 english+R4=no+R4=yes",
        "play 7 2",
    ]);
    assert_eq!(answers[0], ["ok"]);
    for refused in &answers[1..4] {
        assert_eq!(refused.len(), 1, "{refused:?}");
        assert!(refused[0].starts_with("error ") && refused[0].contains("already given"), "{refused:?}");
    }
    // The game is played under the variant set before the refusals.
    let transcript: Value = serde_json::from_str(&answers[4][0]).unwrap();
    assert_eq!(transcript["variant"]["label"], "english+R4=no");
    assert_eq!(transcript["variant"]["rules"]["diagonal-neighbours"], "no");
}

#[test]
fn conform_refuses_a_label_giving_a_reading_twice_as_bad_input() {
    let dir = tempfile::tempdir().unwrap();
    let (code, lines, text) = conform(&["--variant", "english+R4=no+R4=yes"], dir.path());
    assert_eq!(code, 2, "{text}");
    assert!(text.contains("--variant") && text.contains("R4 (diagonal-neighbours) is already given"), "{text}");
    assert!(lines.is_empty(), "nothing is written on bad input");
}

#[test]
fn an_engine_command_with_a_quote_never_closed_is_bad_input_naming_the_quote_and_where() {
    let dir = tempfile::tempdir().unwrap();
    let report = dir.path().join("report.jsonl");
    let refused = |engine: &str| {
        let result = run(&["conform", "--engine", engine, "--report", report.to_str().unwrap()]);
        let text = stderr(&result);
        assert_eq!(result.status.code(), Some(2), "{engine}: {text}");
        assert!(!report.exists(), "{engine}: nothing is written on bad input");
        text
    };
    let text = refused("\"unbalanced");
    assert!(
        text.contains("--engine: the double quote (\") at character 1 of the command is never closed")
            && text.contains("close it with another \""),
        "{text}"
    );
    assert!(!text.contains("no command"), "{text}");
    // Characters are counted, not bytes: the quote after `é` is the 11th.
    let text = refused("python3 é 'my engine.py");
    assert!(text.contains("the single quote (') at character 11 of the command is never closed"), "{text}");
    // A quote escaped inside double quotes does not close them.
    let text = refused("sh -c \"echo \\\"");
    assert!(text.contains("the double quote (\") at character 7 of the command is never closed"), "{text}");
    // Closed quotes are not the fault; a backslash ending the line is.
    let text = refused("'ok' \"fine\" x\\");
    assert!(text.contains("the command ends with a backslash (character 14), which escapes nothing"), "{text}");
    // An empty command keeps its own message, quotes inside a comment too.
    for empty in ["", "   ", "# only a comment \"'"] {
        let text = refused(empty);
        assert!(text.contains("--engine: no command: give the engine's program"), "{empty:?}: {text}");
    }
}

#[test]
fn an_option_name_in_a_label_selects_the_cases_of_its_reading_id() {
    let dir = tempfile::tempdir().unwrap();
    let small = ["--positions", "1", "--count", "0", "--perft-depth", "1", "--play", "0"];
    let ids = |label: &str| {
        let mut args = vec!["--variant", label];
        args.extend_from_slice(&small);
        let (code, lines, text) = conform(&args, dir.path());
        assert_eq!(code, 0, "{label}: {text}");
        lines.iter().map(|l| l["case"].as_str().unwrap().to_string()).collect::<Vec<_>>()
    };
    let by_id = ids("english+R4=no");
    assert!(by_id.len() > 10, "{by_id:?}");
    assert!(by_id.iter().skip(1).all(|c| c.ends_with("/english+R4=no")), "{by_id:?}");
    assert_eq!(ids("english+diagonal-neighbours=no"), by_id);
}

/// Every edge position under each of its labels, and every refusal, passed
/// by the reference engine.
fn assert_every_edge_and_refusal_passed(lines: &[Value]) {
    for edge in &EDGES {
        for label in edge.labels {
            for kind in ["positions", "verdicts", "perft"] {
                let case = format!("{kind}/{}/{label}", edge.id);
                assert!(passed(lines, &case), "{case} did not pass");
            }
        }
    }
    for r in &REFUSALS {
        let case = format!("refusals/{}/{}", r.id, r.label);
        assert!(passed(lines, &case), "{case} did not pass");
    }
}

#[test]
fn every_generated_suite_carries_the_edge_positions_and_refusals_first() {
    let dir = tempfile::tempdir().unwrap();
    let (code, lines, text) = conform(&["--positions", "1", "--count", "0", "--play", "0"], dir.path());
    assert_eq!(code, 0, "{text}");
    assert_every_edge_and_refusal_passed(&lines);
    // The refusals come right after the handshake, then the edge positions.
    assert_eq!(lines[1]["kind"], "refusals");
    let first_position = lines.iter().find(|l| l["kind"] == "positions").unwrap();
    assert!(first_position["fixture"].as_str().unwrap().starts_with("edge-"), "{first_position}");
    // The doc's dying bonus line: both first placements earn the bonus,
    // though one line dies at depth 1.
    let dying = lines.iter().find(|l| l["case"] == "perft/edge-dying-bonus/english").unwrap();
    assert!(dying["summary"].as_str().unwrap().contains("bonus placements [2, 0]"), "{dying}");
}

#[test]
fn a_fixture_folder_suite_carries_them_too() {
    let dir = tempfile::tempdir().unwrap();
    let suite = dir.path().join("suite");
    let out =
        run(&["fixtures", "--out", suite.to_str().unwrap(), "--positions", "1", "--count", "1", "--perft-depth", "1"]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    let (code, lines, text) = conform(&["--suite", suite.to_str().unwrap(), "--play", "0"], dir.path());
    assert_eq!(code, 0, "{text}");
    assert_every_edge_and_refusal_passed(&lines);
}

#[test]
fn the_reference_engine_answers_the_questions_protocol_md_settles() {
    let answers = responses(&[
        // Before any `variant`: English rules, as in the example session
        // (under `+R7=4` the verdict would carry no bonus).
        "position 0,-1:0155;0,0:5555;1,0:5525 1-4-5-5,2-2-4-5",
        "judge 1,-1 1,4,5,5",
        // perft 0 is the one empty sequence; a depth is never negative.
        "perft 0",
        "perft -1",
        // Numbers are written plainly.
        "perft +1",
        "perft 01",
        "judge 01,-1 1,4,5,5",
        "judge 1,-1 1,4,5,05",
        // Corners that are no tile's are no request; a tile not in the hand
        // is an illegal placement.
        "judge 1,-1 1,1,1,9",
        "judge 1,-1 1,2,3,4",
        // A variant the position no longer fits is taken; what needs the
        // position is then refused until one that fits is set.
        "variant english-beginner",
        "moves",
        "position 0,0:4444 0-4-4-4",
        "moves",
    ]);
    assert_eq!(answers[0], ["ok"]);
    assert_eq!(answers[1], ["legal 15 3 yes no", "ok"]);
    assert_eq!(answers[2], ["nodes 1", "bonus", "ok"]);
    for (i, a) in answers.iter().enumerate().take(9).skip(3) {
        assert!(a.len() == 1 && a[0].starts_with("error "), "request {i}: {a:?}");
    }
    assert!(answers[9][0].starts_with("illegal") && answers[9].len() == 2, "{:?}", answers[9]);
    assert_eq!(answers[10], ["ok"]);
    assert!(answers[11].len() == 1 && answers[11][0].contains("not in the beginner tile set"), "{:?}", answers[11]);
    assert_eq!(answers[12], ["ok"]);
    assert!(answers[13].len() > 1 && answers[13].last().unwrap() == "ok", "{:?}", answers[13]);
}

#[test]
fn a_byte_order_mark_opening_the_requests_is_skipped_as_a_files_is_and_only_there() {
    let plain = responses(&["protocol 2"]);
    assert_eq!(plain[0][0], "protocol 2", "{plain:?}");
    assert_eq!(plain[0].last().unwrap(), "ok", "{plain:?}");
    // The handshake opened by a BOM is answered as the plain one.
    assert_eq!(responses(&["\u{feff}protocol 2"]), plain);
    // Anywhere else a BOM is a character of its line: no request starts so.
    let later = responses(&["protocol 2", "\u{feff}protocol 2"]);
    assert_eq!(later[0], plain[0]);
    assert_eq!(later[1].len(), 1, "{later:?}");
    assert!(later[1][0].starts_with("error "), "{later:?}");
}

#[test]
fn conform_skips_a_byte_order_mark_opening_the_engines_output() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("report.jsonl");
    // The reference engine, its output opened by the three bytes of a BOM.
    let engine = format!("sh -c \"printf '\\357\\273\\277'; exec '{BIN}' engine\"");
    let result = run(&[
        "conform",
        "--engine",
        &engine,
        "--variant",
        "english",
        "--positions",
        "1",
        "--count",
        "0",
        "--play",
        "0",
        "--perft-depth",
        "1",
        "--report",
        out.to_str().unwrap(),
    ]);
    let text = format!("{}{}", stdout(&result), stderr(&result));
    assert_eq!(result.status.code(), Some(0), "{text}");
    let lines = report(&out);
    assert_eq!(lines[0]["case"], "engine/handshake/-", "{text}");
    assert!(passed(&lines, "engine/handshake/-"), "{text}");
    assert!(lines.iter().all(|l| l["outcome"] == "pass"), "{text}");
}

/// A hostile engine, a shell script in `dir`: it greets with `hello` (the
/// handshake's lines, `BIG` standing for a megabyte of `Q`) and answers
/// every other request `error BIG`.
fn megabyte_engine(dir: &Path, name: &str, hello: &str) -> String {
    let script = dir.join(name);
    let body = format!(
        "BIG=$(head -c 1000000 /dev/zero | tr '\\0' Q)\n\
         while read -r word rest; do\n\
           case \"$word\" in\n\
             protocol) printf '{hello}ok\\n' \"$BIG\" \"$BIG\" ;;\n\
             *) printf 'error %s\\n' \"$BIG\" ;;\n\
           esac\n\
         done\n"
    );
    std::fs::write(&script, body).unwrap();
    format!("sh '{}'", script.display())
}

#[test]
fn an_engine_writing_a_megabyte_anywhere_gets_it_back_cut_to_a_short_quote_in_every_report_line() {
    let dir = tempfile::tempdir().unwrap();
    let engines = [
        // Accepted handshakes: the engine's name and a variant's name echoed,
        // then every refusal's words.
        megabyte_engine(dir.path(), "name.sh", "protocol 2\\nengine %s\\noffers moves judge\\nvariants english %s\\n"),
        // Refused handshakes: an unknown capability, an unknown reading, a
        // line no handshake has.
        megabyte_engine(dir.path(), "offer.sh", "protocol 2\\noffers moves %s\\n%s\\n"),
        megabyte_engine(dir.path(), "reading.sh", "protocol 2\\nreadings R1 %s\\n%s\\n"),
        megabyte_engine(dir.path(), "line.sh", "protocol 2\\n%s a\\n%s b\\n"),
    ];
    let cut = format!("{}…", "Q".repeat(80));
    for engine in engines {
        let out = dir.path().join("report.jsonl");
        let result = run(&[
            "conform",
            "--engine",
            &engine,
            "--positions",
            "1",
            "--count",
            "0",
            "--play",
            "0",
            "--variant",
            "english",
            "--report",
            out.to_str().unwrap(),
        ]);
        assert_eq!(result.status.code(), Some(1), "{engine}: {}", stderr(&result));
        let text = std::fs::read_to_string(&out).unwrap() + &stdout(&result) + &stderr(&result);
        assert!(text.contains(&cut), "{engine}: the megabyte is quoted, cut:\n{}", &text[..text.len().min(2000)]);
        // A refusal's own words (unquoted) are kept to 300 characters, so
        // that the clause a refusal cites at its end is kept.
        assert!(!text.contains(&"Q".repeat(301)), "{engine}: the engine's words run past 300 characters");
        let longest = text.lines().map(str::len).max().unwrap_or(0);
        assert!(longest < 1000, "{engine}: a report line of {longest} bytes");
    }
}

#[test]
fn the_reference_engine_cuts_a_megabyte_label_or_request_in_its_refusal() {
    let big = "Q".repeat(1_000_000);
    let (label, reading, request) =
        (format!("variant {big}"), format!("variant english+R{big}=yes"), format!("{big} 1"));
    let answers = responses(&["protocol 2", &label, &reading, &request]);
    for answer in &answers[1..] {
        let [line] = &answer[..] else { panic!("{answer:?}") };
        assert!(line.starts_with("error "), "{}", &line[..line.len().min(300)]);
        assert!(line.len() < 1000, "a refusal of {} bytes", line.len());
        assert!(line.contains(&format!("{}…", "Q".repeat(79))), "{line}");
    }
}

/// `conform --help` names every kind of case a report can hold (each kind
/// of the report's committed schema), each with what it checks.
#[test]
fn conform_help_names_every_kind_of_case_the_report_schema_has() {
    let schema: Value = serde_json::from_str(
        &std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join("specs/schema/conform-report.schema.json"))
            .unwrap(),
    )
    .unwrap();
    let kinds: Vec<&str> =
        schema["$defs"]["CaseKind"]["oneOf"].as_array().unwrap().iter().map(|k| k["const"].as_str().unwrap()).collect();
    assert_eq!(kinds.len(), 10, "{kinds:?}");
    let help = stdout(&run(&["conform", "--help"]));
    for kind in kinds {
        assert!(
            help.lines().any(|l| l.trim_start().starts_with(&format!("{kind} ")) && l.trim().len() > kind.len() + 4),
            "`{kind}` has no line of its own in conform --help:\n{help}"
        );
    }
}
