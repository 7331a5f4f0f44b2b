//! `quadominos impact`: the figures of how often each reading changes a
//! game, read back as a tool reads them (the JSON) and as a person reads
//! them (the table): the same on any number of threads and for any split
//! of the seeds; a reading the rules say cannot change a game (R12 while
//! R27 = no, docs/RULES.md) changes none, with a true bound; one that must
//! (R9 under the Serbian rules) changes winners, with an interval clear of
//! zero; every count a user gives is bounded.

use crate::common;

use serde_json::Value;

use common::{json, refused, run_ok};

/// The JSON report of `impact` with `args`.
fn report(args: &[&str]) -> Value {
    let mut all = vec!["impact", "--format", "json"];
    all.extend_from_slice(args);
    json(&all, 0)
}

/// The report's line for `reading` = `value`.
fn line<'a>(report: &'a Value, reading: &str, value: &str) -> &'a Value {
    report["readings"]
        .as_array()
        .unwrap()
        .iter()
        .find(|r| r["reading"] == reading && r["value"] == value)
        .unwrap_or_else(|| panic!("no line for {reading}={value} in {report}"))
}

fn count(v: &Value) -> u64 {
    v.as_u64().unwrap_or_else(|| panic!("not a count: {v}"))
}

#[test]
fn the_same_seeds_give_the_same_figures_on_any_number_of_threads() {
    let args = ["--readings", "R4,R7", "--games", "16", "--first-seed", "40"];
    let run = |threads: &str| {
        let mut a = args.to_vec();
        a.extend(["--threads", threads]);
        let mut all = vec!["impact", "--format", "json"];
        all.extend(a);
        run_ok(&all, 0)
    };
    let one = run("1");
    assert_eq!(run("2"), one, "two threads against one");
    assert_eq!(run("3"), one, "three threads against one");
    // The figures are of real games: R4 = no and R7 = 4 change some of
    // these sixteen, and each line counts all sixteen.
    let r: Value = serde_json::from_str(&one).unwrap();
    assert_eq!(r["played"], 16);
    for (reading, value) in [("R4", "no"), ("R7", "4")] {
        let l = line(&r, reading, value);
        assert_eq!(l["counts"]["games"], 16, "{l}");
        assert!(count(&l["counts"]["winner-changed"]) > 0, "{reading}={value} changed no winner in 16 games: {l}");
    }
}

#[test]
fn r12_changes_no_game_while_r27_is_no_and_says_so_with_its_bound() {
    // docs/RULES.md, R12: under R27 = no a player draws only with nothing
    // to play, so the tile drawn, when playable, is the only playable
    // tile: "the drawn tile" and "any playable tile" are the same tile.
    let games = 60;
    let r = report(&["--variant", "english", "--readings", "R12", "--games", "60", "--players", "2"]);
    assert_eq!(r["rules"]["voluntary-draw"], "no");
    let l = line(&r, "R12", "drawn-tile");
    let c = &l["counts"];
    assert_eq!(count(&c["games"]), games);
    assert_eq!(count(&c["winner-changed"]), 0, "{l}");
    assert_eq!(count(&c["rounds-changed"]), 0, "{l}");
    // Every game ended with the same scores: one entry, no change.
    assert_eq!(c["score-changes"], serde_json::json!([{"change": 0, "games": games}]), "{l}");
    // The engine cites R12 only where it decides, a tile played that is
    // not the one just drawn: never, here.
    assert_eq!(count(&c["used"]), 0, "{l}");
    // The bound: Wilson's upper end for 0 of 60 at 95%, z^2 / (n + z^2).
    let z2 = 1.959_963_984_540_054_f64.powi(2);
    let high = z2 / (games as f64 + z2);
    let got = l["figures"]["winner-changed"]["high"].as_f64().unwrap();
    assert!((got - high).abs() < 1e-9, "{got} against {high}");
    assert_eq!(l["figures"]["winner-changed"]["low"], 0.0);
    // The table says it in words, the bound rounded up (6.02% to 6.1%).
    let text = run_ok(&["impact", "--variant", "english", "--readings", "R12", "--games", "60", "--players", "2"], 0);
    assert!(
        text.contains("R12 after-draw = drawn-tile changed the winner in 0 of 60 games: under 6.1% at 95%."),
        "{text}"
    );
    assert!(text.contains("0 in every game"), "{text}");
}

#[test]
fn r12_does_change_games_where_a_player_may_draw_with_a_play_in_hand() {
    // The other half of R12's entry: under R27 = yes the two values part,
    // so the zero above is the rule's, not the measurement's. Random seats
    // draw often with a play in hand; one round a game is enough to see the
    // scores part (and nobody reaches the target in one round, so no game
    // has a winner to change).
    let r = report(&[
        "--rule",
        "R27=yes",
        "--strategy",
        "random",
        "--readings",
        "R12",
        "--games",
        "20",
        "--players",
        "2",
        "--max-rounds",
        "1",
    ]);
    let l = line(&r, "R12", "drawn-tile");
    let c = &l["counts"];
    assert!(count(&c["used"]) > 10, "{l}");
    assert_eq!(count(&c["no-winner"]), 20, "{l}");
    let changed: u64 =
        c["score-changes"].as_array().unwrap().iter().filter(|e| e["change"] != 0).map(|e| count(&e["games"])).sum();
    assert!(changed > 10, "the scores parted in only {changed} of 20 games: {l}");
}

#[test]
fn r9_changes_winners_under_the_serbian_rules_and_the_figures_say_so() {
    // What an ordinary play scores is most of a game's points: under every
    // value of R9 other than the variant's own, winners change, the scores
    // move one way, and every game cites R9.
    let games = 24;
    let r = report(&["--variant", "serbian", "--readings", "R9", "--games", "24", "--players", "4"]);
    let own = r["rules"]["play-score"].as_str().unwrap().to_string();
    let lines: Vec<&Value> = r["readings"].as_array().unwrap().iter().filter(|l| l["reading"] == "R9").collect();
    assert_eq!(lines.len(), 2, "R9 has three values, one of them serbian's own");
    for l in lines {
        assert_eq!(l["base-value"], own.as_str());
        let f = &l["figures"];
        let low = f["winner-changed"]["low"].as_f64().unwrap();
        assert!(low > 0.1, "{}: the winner-change interval starts at {low}: {l}", l["value"]);
        assert_eq!(count(&l["counts"]["used"]), games, "{l}");
        // The mean change's interval is clear of zero.
        let (lo, hi) = (f["score-change"]["low"].as_f64().unwrap(), f["score-change"]["high"].as_f64().unwrap());
        assert!(lo > 0.0 || hi < 0.0, "{}: the score change's interval {lo} to {hi} holds 0: {l}", l["value"]);
    }
    // Most decisive first: the lines are ordered by the winner-change rate.
    let rates: Vec<f64> = r["readings"]
        .as_array()
        .unwrap()
        .iter()
        .map(|l| l["figures"]["winner-changed"]["rate"].as_f64().unwrap())
        .collect();
    assert!(rates.windows(2).all(|w| w[0] >= w[1]), "{rates:?}");
}

#[test]
fn parts_add_up_to_the_whole_and_a_wrong_set_of_parts_is_refused() {
    let dir = tempfile::tempdir_in(env!("CARGO_TARGET_TMPDIR")).unwrap();
    let args = ["--readings", "R4=no,R22", "--games", "11", "--first-seed", "7", "--players", "3"];
    let mut whole_args = vec!["impact", "--format", "json"];
    whole_args.extend(args);
    let whole = run_ok(&whole_args, 0);
    let mut files = Vec::new();
    for (i, format) in [(1, "json"), (2, "yaml"), (3, "json")] {
        let mut a = vec!["impact", "--format", format, "--part"];
        let part = format!("{i}/3");
        a.push(&part);
        a.extend(args);
        let path = dir.path().join(format!("part-{i}.{format}"));
        std::fs::write(&path, run_ok(&a, 0)).unwrap();
        files.push(path.to_str().unwrap().to_string());
    }
    // A part plays every third seed: 4, 4 and 3 of the 11.
    let one: Value = serde_yaml::from_str(&std::fs::read_to_string(&files[1]).unwrap()).unwrap();
    assert_eq!((one["part"].as_str(), one["played"].as_u64()), (Some("2/3"), Some(4)));
    let mut sum = vec!["impact", "--format", "json", "--sum"];
    sum.extend(files.iter().map(String::as_str));
    assert_eq!(run_ok(&sum, 0), whole, "the parts added up against one run");
    // In the text too.
    let mut text = vec!["impact", "--sum"];
    text.extend(files.iter().map(String::as_str));
    let mut whole_text = vec!["impact"];
    whole_text.extend(args);
    assert_eq!(run_ok(&text, 0), run_ok(&whole_text, 0));
    // A part missing, a part twice, a part of another measurement.
    refused(&["impact", "--sum", &files[0], &files[1]], &["--sum", "part 3/3 is missing"]);
    refused(&["impact", "--sum", &files[0], &files[1], &files[1]], &["part 2/3 is given twice"]);
    let other = dir.path().join("other.json");
    let mut a = vec!["impact", "--format", "json", "--part", "3/3"];
    a.extend(["--readings", "R4=no,R22", "--games", "12", "--first-seed", "7", "--players", "3"]);
    std::fs::write(&other, run_ok(&a, 0)).unwrap();
    refused(
        &["impact", "--sum", &files[0], &files[1], other.to_str().unwrap()],
        &["file 3", "differs from file 1 in `games`"],
    );
    // A whole measurement is no part.
    let whole_file = dir.path().join("whole.json");
    std::fs::write(&whole_file, &whole).unwrap();
    refused(&["impact", "--sum", whole_file.to_str().unwrap()], &["whole measurement", "give only the parts"]);
    // Counts that cannot be counts of games, as a hand might write them.
    let edited =
        std::fs::read_to_string(&files[0]).unwrap().replacen("\"winner-changed\": 0", "\"winner-changed\": 9", 1);
    assert_ne!(edited, std::fs::read_to_string(&files[0]).unwrap(), "the part has a line with no winner changed");
    let bad = dir.path().join("bad.json");
    std::fs::write(&bad, edited).unwrap();
    refused(&["impact", "--sum", bad.to_str().unwrap(), &files[1], &files[2]], &["more than its 4 games"]);
}

#[test]
fn every_count_given_is_bounded_and_a_bad_reading_is_refused_in_words() {
    refused(&["impact", "--games", "0"], &["--games", "from 1 to 1000000"]);
    refused(&["impact", "--games", "1000001"], &["--games", "from 1 to 1000000"]);
    refused(&["impact", "--players", "9"], &["--players", "from 2 to 8"]);
    refused(&["impact", "--players", "1"], &["--players", "from 2 to 8"]);
    refused(&["impact", "--max-rounds", "0"], &["--max-rounds", "from 1 to 10000"]);
    refused(&["impact", "--max-rounds", "10001"], &["--max-rounds", "from 1 to 10000"]);
    refused(&["impact", "--threads", "1025"], &["--threads", "from 0 to 1024"]);
    refused(&["impact", "--part", "4/3"], &["--part", "write I/K with 1 <= I <= K"]);
    refused(&["impact", "--games", "3", "--part", "1/4"], &["--part", "split into at most 3 parts"]);
    refused(
        &["impact", "--first-seed", "18446744073709551615", "--games", "2"],
        &["--first-seed", "at most 18446744073709551614"],
    );
    refused(&["impact", "--readings", "R99"], &["--readings", "unknown rule option `R99`"]);
    refused(&["impact", "--readings", "R13=most"], &["--readings", "`most` is not a value of R13"]);
    refused(
        &["impact", "--variant", "english", "--readings", "R13=nobody-collects"],
        &["--readings", "R13=nobody-collects is english's own value"],
    );
    refused(&["impact", "--readings", "R4", "--html", "-"], &["--html", "name a file"]);
}

#[test]
fn a_value_no_game_can_be_dealt_under_is_listed_as_not_played() {
    // The beginner set has 70 tiles; the Serbian deal gives 8 players 10
    // each.
    let r = report(&["--variant", "english-beginner", "--readings", "R16", "--games", "2", "--players", "8"]);
    let l = line(&r, "R16", "serbian");
    assert_eq!(l["counts"]["games"], 0);
    assert!(l["unplayable"].as_str().unwrap().contains("80 tiles"), "{l}");
    let text =
        run_ok(&["impact", "--variant", "english-beginner", "--readings", "R16", "--games", "2", "--players", "8"], 0);
    assert!(text.contains("R16 deal = serbian: not played: 8 hands of 10 need 80 tiles"), "{text}");
}
