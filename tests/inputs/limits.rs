//! Resource limits: each is said plainly when reached, with the
//! flag that raises it, exit status 2 and nothing on standard output; the
//! defaults let every shipped file through; a solver's memory limit stops
//! the search with an unproven answer (SMT) or only slows it (native).

use crate::common;

use common::{json, refused, run, stderr};

#[test]
fn an_input_over_the_size_limit_is_refused_by_name_and_a_smaller_one_is_read() {
    let size = std::fs::metadata(concat!(env!("CARGO_MANIFEST_DIR"), "/puzzles/bonus-corner.yaml")).unwrap().len();
    let limit = (size - 1).to_string();
    let err = refused(
        &["moves", "puzzles/bonus-corner.yaml", "--max-input-bytes", &limit],
        &["error: puzzles/bonus-corner.yaml: the file is larger than the input limit", "--max-input-bytes"],
    );
    assert!(err.contains(&format!("({size} bytes)")), "{err}");
    let exact = size.to_string();
    json(&["moves", "puzzles/bonus-corner.yaml", "--max-input-bytes", &exact, "--format", "json"], 0);
    // Standard input, whose size is not known beforehand, is cut off at
    // the limit, not read to its end.
    let dir = tempfile::tempdir().unwrap();
    let big = dir.path().join("big.yaml");
    std::fs::write(
        &big,
        format!(
            "# {}
",
            "x".repeat(4096)
        ),
    )
    .unwrap();
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_quadominos"))
        .args(["moves", "-", "--max-input-bytes", "1K"])
        .stdin(std::fs::File::open(&big).unwrap())
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    assert!(
        stderr(&out).starts_with("error: <stdin>: the file is larger than the input limit of 1024 bytes"),
        "{}",
        stderr(&out)
    );
}

#[test]
fn a_device_a_fifo_or_a_folder_named_as_an_input_is_refused_at_once() {
    // Reading a FIFO by name would wait for a writer, a device might never
    // end: refused before they are opened.
    refused(&["moves", "/dev/zero"], &["error: /dev/zero: cannot read: it is a device, not a regular file", "`-`"]);
    let dir = tempfile::tempdir().unwrap();
    let fifo = dir.path().join("pipe.yaml");
    assert!(std::process::Command::new("mkfifo").arg(&fifo).status().unwrap().success());
    let fifo = fifo.to_str().unwrap();
    for args in [vec!["moves", fifo], vec!["fixtures", "--check", fifo]] {
        refused(&args, &[&format!("error: {fifo}: cannot read: it is a FIFO, not a regular file")]);
    }
    let folder = dir.path().to_str().unwrap();
    refused(&["moves", folder], &["cannot read: it is a folder, not a regular file"]);
}

#[test]
fn nesting_past_the_limit_is_located_where_it_goes_past() {
    // bonus-corner.yaml: the board's entries are mappings inside the
    // board's sequence inside the document, their cells a fourth level.
    refused(
        &["moves", "puzzles/bonus-corner.yaml", "--max-nesting", "3"],
        &["error: puzzles/bonus-corner.yaml:11:", "nested too deeply: more than 3 levels", "--max-nesting"],
    );
    json(&["moves", "puzzles/bonus-corner.yaml", "--max-nesting", "4", "--format", "json"], 0);
    refused(&["moves", "puzzles/bonus-corner.yaml", "--max-nesting", "129"], &["--max-nesting"]);
}

#[test]
fn a_board_or_hand_over_the_tile_limit_is_refused_as_a_whole() {
    // 3 tiles on the board and 3 in hand.
    let err = refused(
        &["moves", "puzzles/bonus-corner.yaml", "--max-tiles", "2"],
        &["board: 3 tiles listed, more than the limit of 2", "hand: 3 tiles listed", "--max-tiles", "(S1)"],
    );
    assert_eq!(err.lines().count(), 2, "{err}");
    json(&["moves", "puzzles/bonus-corner.yaml", "--max-tiles", "3", "--format", "json"], 0);
}

#[test]
fn a_list_longer_than_the_printed_limit_is_refused_whole_never_cut() {
    let all = json(&["moves", "puzzles/bonus-corner.yaml", "--format", "json"], 0);
    let n = all["moves"].as_array().unwrap().len();
    assert!(n > 2);
    let below = (n - 1).to_string();
    refused(
        &["moves", "puzzles/bonus-corner.yaml", "--max-printed", &below],
        &[&format!("{n} moves, more than the limit of {} printed", n - 1), "--max-printed"],
    );
    let exact = n.to_string();
    let listed = json(&["moves", "puzzles/bonus-corner.yaml", "--max-printed", &exact, "--format", "json"], 0);
    assert_eq!(listed["moves"].as_array().unwrap().len(), n);

    // Every optimal answer of a best turn, with --all.
    let solved = json(&["solve", "puzzles/bonus-corner.yaml", "--all", "--format", "json"], 0);
    let optima = solved["all"].as_array().unwrap().len();
    assert!(optima > 2, "{optima}");
    let below = (optima - 1).to_string();
    refused(
        &["solve", "puzzles/bonus-corner.yaml", "--all", "--max-printed", &below],
        &[&format!("more than {} optimal answers", optima - 1), "--max-printed"],
    );
    let exact = optima.to_string();
    let listed = json(&["solve", "puzzles/bonus-corner.yaml", "--all", "--max-printed", &exact, "--format", "json"], 0);
    assert_eq!(listed["all"].as_array().unwrap().len(), optima);
}

#[test]
fn limits_that_are_not_sizes_are_refused_by_the_argument_parser() {
    for (flag, value) in [
        ("--max-memory", "0"),
        ("--max-memory", "12X"),
        ("--max-input-bytes", "2.5M"),
        ("--max-tiles", "0"),
        ("--max-page-steps", "0"),
    ] {
        let out = run(&["moves", "puzzles/bonus-corner.yaml", flag, value]);
        assert_eq!(out.status.code(), Some(2), "{flag} {value}");
        assert!(stderr(&out).contains(flag), "{}", stderr(&out));
        assert!(out.stdout.is_empty());
    }
}

/// A count past what the machine could hold was once taken and the process
/// died allocating it (exit 134): every count is refused by the argument
/// parser, exit 2, with the largest allowed, before anything is allocated
/// or any engine started; the largest itself is taken.
#[test]
fn a_count_past_its_largest_is_refused_with_the_largest_before_anything_is_allocated() {
    let suite = ["fixtures", "--out", "target/never-written"];
    let conform = ["conform", "--engine", "quadominos engine"];
    for (command, flag, largest) in [
        (&suite[..], "--positions", "1000"),
        (&suite[..], "--count", "1000"),
        (&conform[..], "--positions", "1000"),
        (&conform[..], "--count", "1000"),
        (&conform[..], "--play", "1000"),
        (&["solve", "puzzles/bonus-corner.yaml"][..], "--threads", "1024"),
        (&["perft", "puzzles/bonus-corner.yaml", "--depth", "1"][..], "--threads", "1024"),
    ] {
        for value in ["4294967295", "100000000", "1001025"] {
            let args: Vec<&str> = command.iter().copied().chain([flag, value]).collect();
            let out = run(&args);
            let said = stderr(&out);
            assert_eq!(out.status.code(), Some(2), "{args:?}: {said}");
            assert!(said.contains(&format!("{flag}: {value} is out of range")), "{args:?}: {said}");
            assert!(said.contains(&format!("to {largest}")), "{args:?}: {said}");
            assert!(out.stdout.is_empty(), "{args:?}");
        }
    }
    assert!(!std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("target/never-written").exists());
    // The largest is a count like any other: one thread of 1024 asked.
    let out = run(&["perft", "puzzles/bonus-corner.yaml", "--depth", "1", "--threads", "1024"]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
}

/// A generated suite is held whole in memory before it is written: its
/// size, estimated from the counts asked, is held to `--max-memory` before
/// any of it is made, no engine started and no folder written; a suite
/// within the limit is made under the same limit.
#[test]
fn a_generated_suite_estimated_past_the_memory_limit_is_refused_before_it_is_made() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("suite");
    let started = dir.path().join("engine-started");
    let engine = format!("sh -c 'touch {}'", started.display());
    for args in [
        vec!["fixtures", "--out", out.to_str().unwrap(), "--positions", "1000", "--max-memory", "256M"],
        vec!["conform", "--engine", &engine, "--positions", "1000", "--max-memory", "256M"],
        vec!["conform", "--engine", &engine, "--count", "1000", "--max-memory", "256M"],
    ] {
        let run = run(&args);
        let said = stderr(&run);
        assert_eq!(run.status.code(), Some(2), "{args:?}: {said}");
        assert!(said.starts_with("error: --max-memory: a suite of "), "{args:?}: {said}");
        assert!(
            said.contains("would take about ") && said.contains("MiB in memory, more than the limit of 256 MiB"),
            "{said}"
        );
        assert!(said.contains("raise it with --max-memory, or ask for fewer --positions or --count"), "{said}");
        assert!(run.stdout.is_empty(), "{args:?}");
    }
    assert!(!out.exists(), "nothing is written");
    assert!(!started.exists(), "no engine is started");
    let small =
        run(&["fixtures", "--out", out.to_str().unwrap(), "--positions", "1", "--count", "0", "--max-memory", "256M"]);
    assert_eq!(small.status.code(), Some(0), "{}", stderr(&small));
    assert!(out.join("manifest.json").exists());
}

#[test]
fn the_native_solver_under_a_tiny_memory_limit_searches_longer_and_answers_the_same() {
    let free = json(&["solve", "puzzles/seq-60-english.yaml", "--format", "json"], 0);
    let tight = json(&["solve", "puzzles/seq-60-english.yaml", "--max-memory", "1K", "--format", "json"], 0);
    assert_eq!(free["proven"], true);
    assert_eq!(tight["proven"], true);
    assert_eq!(tight["score"], free["score"]);
    // Its table of positions searched could not grow: positions reached
    // twice are searched twice.
    assert!(
        tight["stats"]["nodes"].as_u64() > free["stats"]["nodes"].as_u64(),
        "{} vs {}",
        tight["stats"],
        free["stats"]
    );
}

#[test]
fn the_native_chained_turn_under_a_memory_limit_stays_under_it_and_answers_the_same() {
    // A chained turn whose table of positions, unlimited, takes the process
    // past 200 MB: under a 160 MiB limit the process's peak resident memory
    // (what the kernel counts, the binary and everything beside the table
    // included) stays under it, and the turn is the same, still proven.
    let dir = tempfile::tempdir().unwrap();
    let file = common::chained_turn_file(dir.path(), 79, 40, 13);
    let path = file.to_str().unwrap();
    let solve = |extra: &[&str]| {
        let mut args = vec!["solve", path, "--format", "json"];
        args.extend(extra);
        let run = common::run_measured(&args, None);
        assert_eq!(run.code, Some(0), "{}", run.stderr);
        let answer: serde_json::Value = serde_json::from_str(&run.stdout).unwrap();
        (answer, run.peak_kib)
    };
    let (free, free_kib) = solve(&[]);
    let (tight, tight_kib) = solve(&["--max-memory", "160M"]);
    assert!(free_kib > 160 * 1024, "unlimited, the table is smaller than the limit tried: {free_kib} KiB");
    assert!(tight_kib < 160 * 1024, "peak {tight_kib} KiB under a 160 MiB limit");
    assert_eq!(free["proven"], true, "{}", free["stats"]);
    assert_eq!(tight["proven"], true, "{}", tight["stats"]);
    assert_eq!(free["score"], 240);
    assert_eq!(tight["score"], free["score"]);
    assert_eq!(tight["plays"], free["plays"]);
}

#[test]
fn a_long_chained_search_under_a_tight_memory_limit_keeps_its_pattern_tables_within_it() {
    // The 30-tile chained turn is not proven in minutes; the move
    // generator meets new patterns all the while. Before its tables were
    // let go past their share of the limit, the process passed 40 MiB
    // within 6 s under `--max-memory 40M` (48 MB), and 121 MB in 60 s
    // under 64M.
    let dir = tempfile::tempdir().unwrap();
    let file = common::chained_turn_file(dir.path(), 77, 40, 30);
    let args = ["solve", file.to_str().unwrap(), "--rule", "R9=weight", "--max-memory", "40M", "--timeout", "6"];
    // The peak is read from the process's own high-water mark while it
    // runs: the kernel's count at its end also holds this test process's
    // (the child's first memory was a copy of it), which the other tests
    // running beside it grow.
    let mut child = std::process::Command::new(env!("CARGO_BIN_EXE_quadominos"))
        .args(args)
        .args(["--format", "json"])
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::null())
        .spawn()
        .unwrap();
    let out = child.stdout.take().unwrap();
    let reader = std::thread::spawn(move || std::io::read_to_string(out).unwrap());
    let status_file = format!("/proc/{}/status", child.id());
    let mut peak_kib = 0u64;
    let mut looks = 0;
    let status = loop {
        if let Ok(status) = std::fs::read_to_string(&status_file) {
            let hwm = status.lines().find_map(|l| l.strip_prefix("VmHWM:")).map(|v| v.trim().trim_end_matches("kB"));
            if let Some(kib) = hwm.and_then(|v| v.trim().parse::<u64>().ok()) {
                peak_kib = peak_kib.max(kib);
                looks += 1;
            }
        }
        if let Some(status) = child.try_wait().unwrap() {
            break status;
        }
        std::thread::sleep(std::time::Duration::from_millis(50));
    };
    assert!(status.success(), "{status}");
    assert!(looks > 20, "the memory was read {looks} times");
    assert!(peak_kib < 40 * 1024, "peak {peak_kib} KiB under a 40 MiB limit");
    let answer: serde_json::Value = serde_json::from_str(&reader.join().unwrap()).unwrap();
    assert_eq!(answer["proven"], false, "{}", answer["stats"]);
    // Cut short, it still answers the best turn it reached.
    assert!(answer["score"].as_i64().unwrap() > 0, "{}", answer["score"]);
    assert!(!answer["plays"].as_array().unwrap().is_empty(), "{}", answer["plays"]);
}

#[cfg(feature = "smt")]
#[test]
fn the_smt_solver_over_its_memory_limit_stops_with_an_unproven_answer_that_replays() {
    // 1 MiB is below what any process holds: the first look at the memory,
    // taken before z3 starts, stops the search, however late the watchdog's
    // own thread first runs (it takes ~300 ms to prove this turn).
    let proven = json(&["solve", "puzzles/turn-60-english.yaml", "--format", "json"], 0);
    let stopped = json(
        &["solve", "puzzles/turn-60-english.yaml", "--solver", "smt", "--max-memory", "1M", "--format", "json"],
        1,
    );
    assert_eq!(stopped["proven"], false, "{stopped}");
    assert_eq!(stopped["stats"]["stopped"], "memory-limit", "{stopped}");
    // The answer was replayed before it was printed; it cannot beat the optimum.
    assert!(stopped["score"].as_i64() <= proven["score"].as_i64());
    // The puzzle's recorded optimum cannot be confirmed by an unproven
    // answer: exit 1.
    assert_eq!(stopped["expect"]["holds"], serde_json::Value::Null, "{stopped}");
    let text = common::run_ok(&["solve", "puzzles/turn-60-english.yaml", "--solver", "smt", "--max-memory", "1M"], 1);
    assert!(text.contains("not proven: stopped by the memory limit (--max-memory)"), "{text}");
    assert!(text.contains("not confirmed (answer not proven)"), "{text}");
}

#[cfg(feature = "smt")]
#[test]
fn the_smt_solver_already_over_its_memory_limit_stops_however_short_the_search() {
    // z3 proves these within a few tens of milliseconds, before the
    // watchdog's thread would first look: the look taken before z3 starts
    // stops them all the same (they were proven under a 1 MiB limit).
    for puzzle in ["puzzles/fill-1x2-weight.yaml", "puzzles/mixed-corner.yaml"] {
        let stopped = json(&["solve", puzzle, "--solver", "smt", "--max-memory", "1M", "--format", "json"], 1);
        assert_eq!(stopped["proven"], false, "{puzzle}: {stopped}");
        assert_eq!(stopped["stats"]["stopped"], "memory-limit", "{puzzle}: {stopped}");
    }
}

#[cfg(feature = "smt")]
#[test]
fn the_smt_solver_is_left_behind_at_its_time_limit_with_an_answer_cut_short() {
    // Fills of an empty region from the full English set: z3 ignored its
    // own 2 s timeout on the 9x9 weight fill (it answered after 8 s; a 10x10
    // count under --timeout 10 ran past ten minutes). Left behind once the
    // limit and a twentieth of it have passed, it answers within a bounded
    // time, cut short, with the bound every solver shares. (The 9x9 weight
    // fill is now ruled out by counting, so the weight fill here is the
    // 8x8, which z3 cannot finish either.)
    let dir = tempfile::tempdir().unwrap();
    for (name, side, goal) in [("weight", 8, "maximize: weight"), ("count", 9, "count: true")] {
        let file = dir.path().join(format!("{name}.yaml"));
        std::fs::write(
            &file,
            format!("variant: english\nboard: []\nhand: []\ngoal: {{fill: {{region: {{width: {side}, height: {side}}}, pool: full, {goal}}}}}\n"),
        )
        .unwrap();
        let run = common::run_measured(&["solve", file.to_str().unwrap(), "--solver", "smt", "--timeout", "2"], None);
        assert_eq!(run.code, Some(0), "{name}: {}", run.stderr);
        // 2 s and a tenth, with room for starting the process on a busy machine.
        assert!(run.wall < std::time::Duration::from_secs(3), "{name}: answered after {:?}", run.wall);
        let text = &run.stdout;
        let cut = "stopped by the time limit (--timeout)";
        if name == "count" {
            assert!(text.contains("\ncount: at least "), "{text}");
            assert!(text.contains(&format!(" (not proven: {cut})\n")), "{text}");
            continue;
        }
        // Either nothing found, or the best found: each with the bound
        // every solver shares, at least the score: the heaviest 64 tiles
        // whose cost the 8x8's edge allows (772; the 64 heaviest tiles
        // weigh 847; docs/SOLVERS.md, "Fills").
        let line = text.lines().find(|l| l.contains(cut)).unwrap_or_else(|| panic!("{text}"));
        let score = match line.strip_prefix("score: ") {
            Some(rest) => rest.split(' ').next().unwrap().parse::<i64>().unwrap(),
            None => {
                assert!(line.starts_with("no answer found within the limit ("), "{line}");
                0
            }
        };
        let bound: i64 = line
            .split_once("; no answer scores more than ")
            .unwrap_or_else(|| panic!("no bound: {line}"))
            .1
            .trim_end_matches(')')
            .parse()
            .unwrap();
        assert_eq!(bound, 772, "{line}");
        assert!(bound >= score, "{line}");
    }
}

#[test]
fn every_best_chained_turn_listed_under_a_time_limit_is_replayed_within_it() {
    // The seeded 10-tile chained turn is proven in a fraction of a second,
    // but its best turns are many thousands: listed until the limit, they
    // took some 0.3 ms each to replay through the game engine after it, so
    // `--all --timeout 2` answered after several seconds. The replay now
    // stops a twentieth past the limit, and what it reached is the list.
    let dir = tempfile::tempdir().unwrap();
    let file = common::chained_turn_file(dir.path(), 77, 40, 10);
    let file = file.to_str().unwrap();
    let proven = common::run_ok(&["solve", file, "--rule", "R9=weight", "-q"], 0);
    let best: i64 = proven.strip_suffix(" proven\n").unwrap_or_else(|| panic!("{proven}")).parse().unwrap();
    let args = [
        "solve",
        file,
        "--rule",
        "R9=weight",
        "--all",
        "--timeout",
        "2",
        "--max-printed",
        "10000000",
        "--format",
        "json",
    ];
    let run = common::run_measured(&args, None);
    assert_eq!(run.code, Some(0), "{}", run.stderr);
    // 2 s and a twentieth, with room for starting the process on a busy machine.
    assert!(run.wall < std::time::Duration::from_secs(3), "answered after {:?}", run.wall);
    let report: serde_json::Value = serde_json::from_str(&run.stdout).unwrap();
    assert_eq!(report["proven"], false, "{}", report["stats"]);
    assert_eq!(report["stats"]["stopped"], "time-limit");
    // The best score was reached before the limit: it is the bound, since
    // turns beyond the list may score it too.
    assert_eq!(report["score"], best);
    assert_eq!(report["bound"], best);
    let all = report["all"].as_array().unwrap();
    assert!(all.len() > 1, "{} listed", all.len());
    let distinct: std::collections::BTreeSet<String> = all.iter().map(|line| line.to_string()).collect();
    assert_eq!(distinct.len(), all.len(), "a turn listed twice");
    assert_eq!(all[0], report["plays"]);
}

/// Writes `text` to a file in a fresh folder and runs `quadominos ARGS FILE`
/// on it, with how long it took.
fn run_on(name: &str, text: &str, args: &[&str]) -> (std::process::Output, std::time::Duration) {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join(name);
    std::fs::write(&path, text).unwrap();
    let path = path.display().to_string();
    let mut all: Vec<&str> = args.to_vec();
    all.push(&path);
    let started = std::time::Instant::now();
    let out = run(&all);
    (out, started.elapsed())
}

#[test]
fn nesting_of_any_depth_is_refused_at_the_limit_in_linear_time() {
    // 256 levels used to pass (one YAML reader stops counting there) and
    // 100 000 took 82 s (the other rescans every open level at each token).
    for n in [256, 100_000, 1_000_000] {
        let text = format!("hand: {}{}\n", "[".repeat(n), "]".repeat(n));
        let (out, took) = run_on("deep.yaml", &text, &["moves"]);
        let err = stderr(&out);
        assert_eq!(out.status.code(), Some(2), "{n} levels: {err}");
        // `hand: ` is 6 characters; the 64th `[` is the 65th level.
        assert!(err.contains(":1:70: nested too deeply: more than 64 levels"), "{n} levels: {err}");
        assert!(took < std::time::Duration::from_secs(5), "{n} levels took {took:?}");
    }
    // Block nesting, and JSON, the same way.
    let text = format!("hand:\n{}x\n", "- ".repeat(100_000));
    let (out, took) = run_on("deep.yaml", &text, &["moves"]);
    assert!(stderr(&out).contains(":2:127: nested too deeply"), "{}", stderr(&out));
    assert!(took < std::time::Duration::from_secs(5), "{took:?}");
    let text = format!("{{\"version\": 1, \"events\": {}{}}}", "[".repeat(100_000), "]".repeat(100_000));
    let (out, took) = run_on("deep.json", &text, &["replay"]);
    assert!(stderr(&out).contains(":1:89: nested too deeply"), "{}", stderr(&out));
    assert!(took < std::time::Duration::from_secs(5), "{took:?}");
    // Exactly at the limit is allowed (the mapping, then 63 sequences).
    let text = format!("description: {}x{}\n", "[".repeat(63), "]".repeat(63));
    let (out, _) = run_on("deep.yaml", &text, &["moves"]);
    assert!(
        stderr(&out).contains("description: a text belongs here, not a list; write the text on the line"),
        "{}",
        stderr(&out)
    );
}

#[test]
fn brackets_in_strings_comments_and_block_scalars_are_no_nesting() {
    let deep = "[".repeat(200);
    let text = format!(
        "# {deep}\nvariant: english  # {{{{{{{{ {deep}\ndescription: |\n  {deep}\n  {{{{{{{{\nboard:\n  - {{at: [0, 0], tile: [5, 5, 5, 5]}}\nhand: ['1-4-5-5']\ngoal:\n  note: \"{deep}\"\n  other: '{deep}'\n  plain: a{deep}\n"
    );
    // The board's cells are the fourth level: the file is read whole, and
    // refused for what its goal says, never for its nesting.
    let (out, _) = run_on("quoted.yaml", &text, &["moves", "--max-nesting", "4"]);
    let err = stderr(&out);
    assert_eq!(out.status.code(), Some(2), "{err}");
    assert!(err.contains(":10:3: goal: `note` is not a goal") && !err.contains("nested too deeply"), "{err}");
}

#[test]
fn a_huge_hand_is_refused_while_it_is_read() {
    // Two million tiles took 9 s and 470 MB before the tile limit refused
    // them: now the list is counted in the first pass over the text.
    let hand = vec!["1-4-5-5"; 2_000_000].join(", ");
    let text = format!("board:\n  - {{at: [0, 0], tile: [5, 5, 5, 5]}}\nhand: [{hand}]\n");
    let (out, took) = run_on("huge.yaml", &text, &["moves"]);
    let err = stderr(&out);
    assert_eq!(out.status.code(), Some(2), "{err}");
    assert!(out.stdout.is_empty());
    // Past its first million entries, it is not read to its end.
    assert!(err.contains(":3:7: hand: more than 1000 tiles listed"), "{err}");
    assert!(err.contains("--max-tiles") && err.lines().count() == 1, "{err}");
    assert!(took < std::time::Duration::from_secs(3), "took {took:?}");
    // Its peak memory, where /usr/bin/time can measure it: the 16 MB text
    // and little more.
    if std::path::Path::new("/usr/bin/time").exists() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("huge.yaml");
        std::fs::write(&path, &text).unwrap();
        let out = std::process::Command::new("/usr/bin/time")
            .args(["-f", "peak %M"])
            .arg(env!("CARGO_BIN_EXE_quadominos"))
            .arg("moves")
            .arg(&path)
            .output()
            .unwrap();
        let err = stderr(&out);
        let kib: u64 = err.lines().find_map(|l| l.strip_prefix("peak ")).and_then(|k| k.trim().parse().ok()).unwrap();
        assert!(kib < 150 * 1024, "peak {kib} KiB");
    }
    // A tile set's list the same way.
    let dir = tempfile::tempdir().unwrap();
    let english = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/specs/variants/english.yaml")).unwrap();
    let spec = english.replace("tile-set: {value: full,", "tile-set: {value: tiles.yaml,");
    assert_ne!(spec, english);
    std::fs::write(dir.path().join("spec.yaml"), spec).unwrap();
    let tiles = vec!["[1, 4, 5, 5]"; 5000].join(", ");
    std::fs::write(dir.path().join("tiles.yaml"), format!("name: big\ntiles: [{tiles}]\n")).unwrap();
    let spec = dir.path().join("spec.yaml").display().to_string();
    let out = run(&["variants", "--spec", &spec, "--max-tiles", "200"]);
    let err = stderr(&out);
    assert_eq!(out.status.code(), Some(2), "{err}");
    assert!(err.contains("tiles.yaml:2:8: tiles: 5000 tiles listed, more than the limit of 200"), "{err}");
}

#[test]
fn a_hand_from_standard_input_is_counted_however_its_key_is_spelled() {
    use std::io::Write as _;
    let hand = vec!["1-4-5-5"; 5000].join(", ");
    for (key, column) in [("!!str hand", 13), ("\"han\\u0064\"", 14), ("&k hand ", 11)] {
        let text = format!("variant: english\nboard: []\n{key}: [{hand}]\n");
        let mut child = std::process::Command::new(env!("CARGO_BIN_EXE_quadominos"))
            .args(["moves", "-"])
            .stdin(std::process::Stdio::piped())
            .stdout(std::process::Stdio::piped())
            .stderr(std::process::Stdio::piped())
            .spawn()
            .unwrap();
        child.stdin.take().unwrap().write_all(text.as_bytes()).unwrap();
        let out = child.wait_with_output().unwrap();
        let err = stderr(&out);
        assert_eq!(out.status.code(), Some(2), "{key}: {err}");
        assert!(out.stdout.is_empty(), "{key}");
        let said = format!(
            "error: <stdin>:3:{column}: hand: 5000 tiles listed, more than the limit of 1000; each tile exists once (S1)"
        );
        assert!(err.starts_with(&said), "{key}: {err}");
    }
}

/// Runs `quadominos engine` on `input` (a file), with its output, exit
/// status and peak memory in KiB.
fn engine_on(input: &std::path::Path) -> common::Measured {
    let stdin = std::fs::File::open(input).unwrap();
    common::run_measured_with_stdin(&["engine"], stdin)
}

#[test]
fn the_engine_refuses_an_over_long_line_and_stops_on_input_without_line_breaks() {
    // An over-long line is answered with `error` and skipped; the next
    // request is answered as usual.
    let dir = tempfile::tempdir().unwrap();
    let long = dir.path().join("long.txt");
    std::fs::write(&long, format!("{}\nprotocol 1\nquit\n", "x".repeat(3 << 20))).unwrap();
    let run = engine_on(&long);
    assert_eq!(run.code, Some(0), "{}", run.stderr);
    let lines: Vec<&str> = run.stdout.lines().collect();
    assert_eq!(lines.first(), Some(&"error a request line longer than 1048576 bytes"), "{lines:?}");
    assert!(lines.iter().any(|l| l.starts_with("protocol 1")), "{lines:?}");
    // A stream that never ends a line is read in bounded pieces up to the
    // input limit, then the engine stops with an error.
    let run = engine_on(std::path::Path::new("/dev/zero"));
    assert_eq!(run.code, Some(2), "{}", run.stderr);
    assert_eq!(run.stdout, "error a request line longer than 1048576 bytes\n");
    assert!(
        run.stderr.starts_with("error: <stdin>: a request line runs on past 64 MiB without a line break"),
        "{}",
        run.stderr
    );
    assert!(run.peak_kib < 100 * 1024, "peak {} KiB", run.peak_kib);
}

#[test]
fn a_file_of_more_yaml_nodes_than_the_limit_is_refused_where_it_passes_it() {
    // bonus-corner.yaml's events: well under a hundred; the limit is
    // counted on the reader's events, whatever the keys.
    let err = refused(
        &["moves", "puzzles/bonus-corner.yaml", "--max-events", "20"],
        &["more than 20 YAML nodes", "--max-events"],
    );
    assert!(err.starts_with("error: puzzles/bonus-corner.yaml:"), "{err}");
    json(&["moves", "puzzles/bonus-corner.yaml", "--max-events", "1000", "--format", "json"], 0);
    // The limit holds on the user's files, not on the shipped spec a file
    // names: the English spec has hundreds of nodes, this file a dozen.
    let (out, _) =
        run_on("small.yaml", "variant: english\nboard: []\nhand: [1-1-1-1]\n", &["moves", "--max-events", "30"]);
    assert_eq!(out.status.code(), Some(0), "{}", String::from_utf8_lossy(&out.stderr));
    // Tiny entries under an unknown key are refused before they are built.
    let text = format!("variant: english\nboard: []\nhand: []\nnotes: [{}0]\n", "0,".repeat(3_000_000));
    let (out, _) = run_on("many.yaml", &text, &["moves"]);
    let err = stderr(&out);
    assert_eq!(out.status.code(), Some(2), "{err}");
    assert!(err.contains(":4:3999983: more than 2000000 YAML nodes"), "{err}");
}

#[test]
fn a_page_of_more_steps_than_the_limit_is_refused_before_it_is_built_and_nothing_is_written() {
    // A generated game of two rounds: a few hundred events, a step each.
    let game = common::run_ok(&["play", "--players", "2", "--seed", "0", "--rounds", "2", "--format", "json"], 0);
    let n = serde_json::from_str::<serde_json::Value>(&game).unwrap()["events"].as_array().unwrap().len();
    assert!(n > 100, "{n} events");
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("game.json");
    std::fs::write(&file, &game).unwrap();
    let (file, page, picture) = (
        file.display().to_string(),
        dir.path().join("page.html").display().to_string(),
        dir.path().join("last.svg").display().to_string(),
    );
    let below = (n - 1).to_string();
    refused(
        &["render", &file, "--html", &page, "--svg", &picture, "--max-page-steps", &below],
        &[
            &format!(
                "error: {file}: the page would hold {n} steps (one for each event), more than the limit of {below}"
            ),
            "raise it with --max-page-steps",
        ],
    );
    assert!(!std::path::Path::new(&page).exists() && !std::path::Path::new(&picture).exists());
    // At the limit the page is written; without --html the limit is moot.
    let exact = n.to_string();
    let out = run(&["render", &file, "--html", &page, "--max-page-steps", &exact]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    assert!(std::fs::read_to_string(&page).unwrap().contains("<html"));
    std::fs::remove_file(&page).unwrap();
    let out = run(&["render", &file, "--svg", &picture, "--max-page-steps", "1"]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));

    // A compared scenario's page: the start and a step for each action.
    let scenario = "specs/scenarios/e10-going-out-on-a-bonus.yaml";
    refused(
        &["compare", scenario, "--html", &page, "--max-page-steps", "1"],
        &[
            &format!("error: {scenario}: the page would hold "),
            "(the start and one for each action), more than the limit of 1 step a page holds",
            "--max-page-steps",
        ],
    );
    assert!(!std::path::Path::new(&page).exists());
    let out = run(&["compare", scenario, "--max-page-steps", "1"]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
}

#[test]
fn a_mapping_of_many_keys_is_read_in_time_linear_in_its_size() {
    // 160 000 keys (2 MB) took 91 s: a duplicate key was looked for among
    // every key before it, and each mistake found by reading the whole
    // file again.
    let keys: String = (0..160_000).map(|i| format!("key{i}: 1\n")).collect();
    let text = format!("variant: english\nboard: []\nhand: [1-4-5-5]\n{keys}");
    let (out, took) = run_on("keys.yaml", &text, &["moves"]);
    let err = stderr(&out);
    assert_eq!(out.status.code(), Some(2), "{}", &err[..err.len().min(500)]);
    assert!(
        err.ends_with("and 159980 more problems (the first 20 are listed)\n"),
        "{}",
        &err[err.len().saturating_sub(300)..]
    );
    // How long it takes is measured by `cargo bench --bench inputs`, not here.
    let _ = took;
}

/// Work that once grew without end has a limit, with its flag: a game
/// played for four billion rounds (a spec whose target nobody reaches grew
/// its transcript by 5 MB/s), and a puzzle sheet of as many files as given
/// (25,000 made a 392 MB page): the sheet counts two boards a puzzle
/// against --max-page-steps before any file is read.
#[test]
fn rounds_and_sheets_have_limits_named_by_their_flags() {
    for flag in ["--max-rounds", "--rounds"] {
        let out = run(&["play", "--players", "2", flag, "4294967295"]);
        let said = stderr(&out);
        assert_eq!(out.status.code(), Some(2), "{said}");
        assert!(said.contains(&format!("{flag}: 4294967295 is out of range")) && said.contains("to 10000"), "{said}");
        assert!(out.stdout.is_empty());
    }
    let sheet = ["render", "puzzles/bonus-corner.yaml", "puzzles/seq-tiny-english.yaml", "--html", "-"];
    let args: Vec<&str> = sheet.iter().copied().chain(["--max-page-steps", "3"]).collect();
    let out = run(&args);
    let said = stderr(&out);
    assert_eq!(out.status.code(), Some(2), "{said}");
    assert!(said.contains("the page would hold 4 steps (two for each puzzle"), "{said}");
    assert!(said.contains("--max-page-steps"), "{said}");
    assert!(out.stdout.is_empty());
    let args: Vec<&str> = sheet.iter().copied().chain(["--max-page-steps", "4"]).collect();
    let out = run(&args);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    assert!(String::from_utf8_lossy(&out.stdout).contains("<html"));
}

/// A search's limits travel with the search, not with the process: two
/// solves run at once in one process, one under a memory limit that keeps
/// its table of positions from growing and one without, each keep theirs
/// (the tight one searches more nodes), and both answers are replayed and
/// proven the same.
#[test]
fn two_solves_at_once_in_one_process_keep_their_own_limits() {
    use quadominos::formats::{VariantChoice, load_puzzle};
    use quadominos::solve::native::Native;
    use quadominos::solve::{Limits, Request, solve_checked};
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("puzzles/seq-60-english.yaml");
    let puzzle = load_puzzle(&path, &VariantChoice::default()).unwrap().puzzle;
    let solve = |memory: Option<u64>| {
        let request = Request { solvers: &[&Native], limits: Limits { memory, ..Limits::default() }, others: false };
        solve_checked(&puzzle, &request).unwrap().answer
    };
    let (tight, free) = std::thread::scope(|s| {
        let tight = s.spawn(|| solve(Some(1024)));
        let free = s.spawn(|| solve(None));
        (tight.join().unwrap(), free.join().unwrap())
    });
    assert!(tight.proven && free.proven);
    assert_eq!(tight.score, free.score);
    assert!(tight.stats.nodes > free.stats.nodes, "{} vs {}", tight.stats.nodes, free.stats.nodes);
}
