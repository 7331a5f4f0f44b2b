//! serde's error messages in the toolkit's words. serde speaks of Rust
//! types ("invalid type: sequence, expected struct Cited", "unknown variant
//! `best-move`", "expected an array of length 4"); a user wrote YAML, and is
//! told what was written there (a list, a mapping, the number 4, the word
//! `x`), what belongs there (a tile id, four corner values, a value with the
//! clauses behind it) and how to write it, with the nearest valid word where
//! a word was mistyped.

use crate::error::suggest::did_you_mean;

/// The forms serde's messages take, each after the document path
/// (`board[0].tile: `) or at the start.
const FORMS: [&str; 8] = [
    "invalid type: ",
    "invalid value: ",
    "invalid length ",
    "unknown variant `",
    "unknown field `",
    "missing field `",
    "duplicate field `",
    "duplicate entry ",
];

/// `message` in plain words when it is one of serde's forms; `None` for any
/// other message. `at`: the text written at the error's place, from its
/// first character to the end of its line (a flow list `[0, 2, 3, 3]` is
/// quoted from it: serde says only "sequence").
pub(super) fn reworded(message: &str, at: Option<&str>) -> Option<String> {
    let (path, rest) = split_path(message)?;
    let said = if let Some(rest) = rest.strip_prefix("invalid type: ").or_else(|| rest.strip_prefix("invalid value: "))
    {
        let (unexpected, expected) = split_expected(rest)?;
        wrong_type(path, &written(unexpected, at), expected)
    } else if let Some(rest) = rest.strip_prefix("invalid length ") {
        let (count, expected) = rest.split_once(", expected ")?;
        let written = format!("a list of {count} values");
        wrong_type(path, &Written { phrase: written, scalar: None, list: list_at(at) }, expected)
    } else if let Some(rest) = rest.strip_prefix("unknown variant `") {
        let (word, valid) = named_then_expected(rest)?;
        let valid = quoted_words(valid);
        let key = last_key(path).0;
        let hint = did_you_mean(word, valid.iter().copied());
        match crate::rules::READINGS.iter().find(|r| r.name == key || r.id.to_string() == key) {
            Some(r) => {
                format!("`{word}` is not a value of {} ({}){hint}; use one of: {}", r.id, r.name, valid.join(", "))
            }
            None => {
                let noun = word_noun(path);
                if valid.is_empty() {
                    format!("`{word}` is not {}{hint}", noun.0)
                } else {
                    format!("`{word}` is not {}{hint}; write one of {}: {}", noun.0, noun.1, listed_or(&valid, "or"))
                }
            }
        }
    } else if let Some(rest) = rest.strip_prefix("unknown field `") {
        let (key, valid) = named_then_expected(rest)?;
        let valid = quoted_words(valid);
        let kebab = key.replace('_', "-");
        if key.contains('_') && valid.contains(&kebab.as_str()) {
            format!(
                "unknown key `{key}`; keys are written in kebab-case: write `{kebab}`; the keys here are {}",
                listed(&valid)
            )
        } else if valid.is_empty() {
            format!("unknown key `{key}`; no key belongs here: remove it")
        } else {
            let hint = did_you_mean(key, valid.iter().copied());
            // Without a near key to name, the list is the fix.
            let fix = if hint.is_empty() { "; write one of them, or remove the entry" } else { "" };
            let named = if key.is_empty() { "an empty key".to_string() } else { format!("unknown key `{key}`") };
            format!("{named}{hint}; the keys here are {}{fix}", listed(&valid))
        }
    } else if let Some(rest) = rest.strip_prefix("missing field `") {
        let key = rest.split('`').next()?;
        format!("the key `{key}` is missing; it is required here (write `{key}: ...`)")
    } else if let Some(rest) = rest.strip_prefix("duplicate entry ") {
        // A mapping read whole (a cell written `{0, 0]`) with a key twice:
        // serde_yaml writes a text key in Rust's quotes, a number bare.
        let key = match rest.strip_prefix("with key ") {
            Some(key) => {
                let key = key.strip_prefix('"').and_then(|k| k.strip_suffix('"')).unwrap_or(key);
                format!("the key `{}`", key.trim_matches('`'))
            }
            None if rest == "with null key" => "an empty key".to_string(),
            None => "a key".to_string(),
        };
        format!("{key} is written twice in the same mapping; write it once")
    } else if let Some(rest) = rest.strip_prefix("duplicate field `") {
        let key = rest.split('`').next()?;
        format!("the key `{key}` is written twice in the same mapping; write it once")
    } else {
        return None;
    };
    Some(match path {
        "" => said,
        path => format!("{path}: {said}"),
    })
}

/// What serde quotes in its "unknown field `KEY`, expected ..." (or
/// "unknown variant"), and what follows it: the key is as written, and may
/// itself hold a backquote, where the names serde lists after it never do.
fn named_then_expected(rest: &str) -> Option<(&str, &str)> {
    let end = ["`, expected ", "`, there are no "].iter().filter_map(|m| rest.rfind(m)).max();
    match end {
        Some(end) => Some((&rest[..end], &rest[end + 1..])),
        None => rest.strip_suffix('`').map(|word| (word, "")),
    }
}

/// The document path in front of serde's message, and the message.
fn split_path(message: &str) -> Option<(&str, &str)> {
    if FORMS.iter().any(|f| message.starts_with(f)) {
        return Some(("", message));
    }
    let at = FORMS.iter().filter_map(|f| message.find(&format!(": {f}"))).min()?;
    // serde_yaml writes the path with each key as it is written, spaces
    // and signs included (a key such as `all:[ {legal` where a `:` lost its
    // space): whatever comes before the first of serde's forms is the path.
    Some((&message[..at], &message[at + 2..]))
}

/// serde's "UNEXPECTED, expected EXPECTED": a quoted string may itself hold
/// ", expected ".
fn split_expected(rest: &str) -> Option<(&str, &str)> {
    let from = if let Some(body) = rest.strip_prefix("string \"") {
        let mut escaped = false;
        let close = body.char_indices().find(|&(_, c)| {
            let closes = c == '"' && !escaped;
            escaped = c == '\\' && !escaped;
            closes
        })?;
        "string \"".len() + close.0 + 1
    } else {
        0
    };
    let k = rest[from..].find(", expected ")? + from;
    Some((&rest[..k], &rest[k + ", expected ".len()..]))
}

/// What was written, in words.
struct Written {
    /// `a list`, `the number 4`, `the word `x``.
    phrase: String,
    /// A number or a word as written (`4`, `2-2-3-3`).
    scalar: Option<String>,
    /// The values of a flow list of numbers as written (`[0, 2, 3, 3]`).
    list: Option<Vec<String>>,
}

/// A number or a word serde quotes: `integer `4``, `string "x"`.
fn scalar(unexpected: &str) -> Option<String> {
    for prefix in ["integer `", "floating point `", "boolean `", "character `"] {
        if let Some(rest) = unexpected.strip_prefix(prefix) {
            return rest.strip_suffix('`').map(str::to_string);
        }
    }
    unexpected.strip_prefix("string \"")?.strip_suffix('"').map(str::to_string)
}

/// The values of the flow list at the error's place, when it is one of
/// plain values on one line (`[0, 2, 3, 3]`).
fn list_at(at: Option<&str>) -> Option<Vec<String>> {
    let body = at?.strip_prefix('[')?;
    let body = &body[..body.find(']')?];
    if body.contains(['[', '{']) {
        return None;
    }
    Some(body.split(',').map(|v| v.trim().to_string()).filter(|v| !v.is_empty()).collect())
}

fn written(unexpected: &str, at: Option<&str>) -> Written {
    let value = scalar(unexpected);
    let phrase = match unexpected {
        "sequence" => match list_at(at) {
            Some(values) => format!("the list `[{}]`", values.join(", ")),
            None => "a list".to_string(),
        },
        "map" => "a mapping of `key: value` entries".to_string(),
        "unit value" => "nothing".to_string(),
        "enum" => "a tagged value (`!tag`)".to_string(),
        u if u.starts_with("integer ") || u.starts_with("floating point ") => {
            format!("the number {}", value.as_deref().unwrap_or("written"))
        }
        u if u.starts_with("boolean ") => format!("`{}`", value.as_deref().unwrap_or("true")),
        u if u.starts_with("string ") => match value.as_deref() {
            Some(v) if tile_id_values(v).is_some() => format!("the tile id `{v}`"),
            // serde escapes a line break (`\n`): such a value is a text.
            Some(v) if !v.contains(char::is_whitespace) && !v.contains('\\') && !v.is_empty() => {
                format!("the word `{v}`")
            }
            Some(v) => format!("the text \"{v}\""),
            None => "a text".to_string(),
        },
        _ => "a value".to_string(),
    };
    Written { phrase, scalar: value, list: (unexpected == "sequence").then(|| list_at(at)).flatten() }
}

/// The four values of a tile id as written (`2-2-3-3`).
fn tile_id_values(s: &str) -> Option<Vec<&str>> {
    let values: Vec<&str> = s.split('-').collect();
    (values.len() == 4 && values.iter().all(|v| matches!(v.as_bytes(), [d] if d.is_ascii_digit()))).then_some(values)
}

/// The key a path ends in, past any index (`hand` for `hand[0]`), and
/// whether it ends in an index (an entry of that key's list).
fn last_key(path: &str) -> (&str, bool) {
    let last = path.rsplit('.').next().unwrap_or(path);
    let key = last.split('[').next().unwrap_or(last);
    (key, last.ends_with(']'))
}

/// The key a path names last as written in the file: `bonus-threshold` for
/// `rules.bonus-threshold`.
fn key_or(path: &str, fallback: &str) -> String {
    match last_key(path) {
        ("", _) => fallback.to_string(),
        (key, false) => key.to_string(),
        (_, true) => fallback.to_string(),
    }
}

/// The message for a value of the wrong kind: what was written, what
/// belongs there, and how to write it.
fn wrong_type(path: &str, written: &Written, expected: &str) -> String {
    let (key, entry) = last_key(path);
    // An example as written at this place: `KEY: EXAMPLE`, or the example
    // alone for an entry of a list or the whole file.
    let shown = |example: &str| match key {
        _ if entry => format!("`{example}`"),
        "" => format!("`{example}`"),
        key => format!("`{key}: {example}`"),
    };
    if let Some(said) = out_of_range(written, expected) {
        return said;
    }
    // What belongs, and what to write (with what the user wrote, where that
    // is a fitting example).
    let (noun, write): (String, String) = if let Some(name) = expected.strip_prefix("struct ") {
        match name {
            "Cited" => {
                let one = written.list.as_deref().and_then(|l| match l {
                    [one] => Some(one.clone()),
                    _ => None,
                });
                let value = written.scalar.clone().or(one).unwrap_or_else(|| example_value(key));
                let example = format!("{{value: {value}, clauses: [{}]}}", example_clauses(key));
                ("a value with the clauses behind it".into(), format!("`{}: {example}`", key_or(path, "key")))
            }
            "BoardEntry" => (
                "a board entry".into(),
                "`{at: [x, y], tile: [nw, ne, se, sw]}` (a cell and four corner values)".into(),
            ),
            "SequenceSpec" => ("best-sequence's parameters".into(), "`best-sequence: {plays: N}`".into()),
            "FillSpec" => ("a fill's parameters".into(), "`fill: {region: {width: W, height: H}, pool: hand}`".into()),
            "PlaceEntry" => {
                ("a placement".into(), "`place: {tile: 0-1-1-3, at: [x, y], corners: [nw, ne, se, sw]}`".into())
            }
            "DealFile" => ("a seeded deal".into(), "`deal: {players: 2, seed: 7}`".into()),
            _ => ("a mapping of `key: value` entries".into(), mapping_example(key, entry)),
        }
    } else if let Some(name) = expected
        .strip_prefix("enum ")
        .or_else(|| (expected.contains("YAML tag") || expected.starts_with("one of `")).then_some(""))
    {
        // serde_yaml reads an enum from a word (or a `!tag`); a reading's
        // value is one of its words.
        match crate::rules::READINGS.iter().find(|r| r.name == key || r.id.to_string() == key) {
            Some(r) => {
                let values: Vec<&str> = r.values.iter().map(|(v, _)| *v).collect();
                (format!("a value of {} ({})", r.id, r.name), listed_or(&values, "or"))
            }
            None => {
                // A reader that names its words (`one of `a`, `b``) names
                // them here too.
                let words = match enum_words(name) {
                    [] => quoted_words(expected),
                    words => words.to_vec(),
                };
                let noun = word_noun(path).0;
                let example = words.first().map_or_else(|| shown("word"), |w| shown(w));
                let write = if words.is_empty() {
                    format!("one word, e.g. {example}")
                } else {
                    format!("one of {}, e.g. {example}", listed_or(&words, "or"))
                };
                (noun.into(), write)
            }
        }
    } else if expected == "an array of length 2" || expected == "sequence of 2 elements" {
        ("a cell".into(), format!("{} (two whole numbers, e.g. `[0, -1]`)", shown("[x, y]")))
    } else if expected == "a sequence" || expected.starts_with("a sequence") || expected.starts_with("sequence") {
        list_of(path, written)
    } else if matches!(expected, "a string" | "a borrowed string" | "string" | "a character") {
        if entry && matches!(key, "hand" | "hands" | "well") || matches!(key, "tile") && !path.contains("board") {
            let id = match written.list.as_deref() {
                Some(values) if values.len() == 4 => {
                    let mut values: Vec<&str> = values.iter().map(String::as_str).collect();
                    values.sort_unstable();
                    values.join("-")
                }
                _ => "0-2-3-3".to_string(),
            };
            let whose = if matches!(key, "tile") { "a tile" } else { "a hand tile" };
            return format!(
                "a tile id belongs here, not {}; write {}: {whose} is written with its four values ascending, \
                 joined by dashes",
                written.phrase,
                shown(&id)
            );
        }
        (
            "a text".into(),
            format!(
                "the text on the line, e.g. {} (in quotes where it begins with `[` or `{{` or holds `: `)",
                shown(text_example(key))
            ),
        )
    } else if expected == "an array of length 4" {
        let values = match (written.scalar.as_deref().and_then(tile_id_values), written.list.as_deref()) {
            (Some(values), _) => values.join(", "),
            _ => "2, 2, 3, 3".to_string(),
        };
        let example = if entry { format!("`- [{values}]`") } else { format!("`{}: [{values}]`", key_or(path, "tile")) };
        (
            "four corner values".into(),
            format!("{example} (the corner values nw, ne, se, sw, clockwise from the north-west)"),
        )
    } else if let Some(n) = expected
        .strip_prefix("an array of length ")
        .or_else(|| expected.strip_prefix("sequence of ").and_then(|r| r.strip_suffix(" elements")))
    {
        (format!("a list of {n} values"), format!("{n} values in brackets, e.g. {}", shown("[a, b]")))
    } else if matches!(expected, "a map" | "map") {
        ("a mapping of `key: value` entries".into(), mapping_example(key, entry))
    } else if let Some(number) = number_words(expected) {
        if entry && matches!(key, "tile" | "corners") {
            ("a corner value (a whole number 0-5)".into(), "one digit from 0 to 5, e.g. `[2, 2, 3, 3]`".into())
        } else {
            (
                number.into(),
                format!("it in digits, e.g. {}", shown(if expected.starts_with('f') { "2.5" } else { "3" })),
            )
        }
    } else if matches!(expected, "a boolean" | "bool") {
        ("`true` or `false`".into(), format!("{} or {}", shown("true"), shown("false")))
    } else if matches!(expected, "unit" | "nothing") {
        ("nothing".into(), format!("nothing after `{}:`", key_or(path, "key")))
    } else {
        // A reader's own description of what it takes (the goal's forms, a
        // clause id): already in the file's words.
        return format!("{} is not allowed here; write {expected}", written.phrase);
    };
    let belong = if noun.ends_with("values") || noun.ends_with("parameters") { "belong" } else { "belongs" };
    format!("{noun} {belong} here, not {}; write {write}", written.phrase)
}

/// The message for a number where a number belongs, out of the type's
/// range: the range, never "a whole number belongs here" for a whole number.
fn out_of_range(written: &Written, expected: &str) -> Option<String> {
    let (min, max) = number_range(expected)?;
    let number = written.scalar.as_deref()?;
    if number.parse::<i128>().is_err() {
        return None;
    }
    Some(match max.len() {
        // A count's upper bound (20 digits) says nothing a user needs.
        13.. => format!("the number {number} is out of range; write a whole number from {min} up"),
        _ => format!("the number {number} is out of range; write a whole number from {min} to {max}"),
    })
}

/// The smallest and largest value of a Rust integer type.
pub(super) fn number_range(expected: &str) -> Option<(String, String)> {
    let range = |min: i128, max: u128| Some((min.to_string(), max.to_string()));
    match expected {
        "i8" => range(i8::MIN.into(), i8::MAX as u128),
        "i16" => range(i16::MIN.into(), i16::MAX as u128),
        "i32" => range(i32::MIN.into(), i32::MAX as u128),
        "i64" | "isize" => range(i64::MIN.into(), i64::MAX as u128),
        "u8" => range(0, u8::MAX.into()),
        "u16" => range(0, u16::MAX.into()),
        "u32" => range(0, u32::MAX.into()),
        "u64" | "usize" => range(0, u64::MAX.into()),
        _ => None,
    }
}

/// How a mapping is written at a place: under its key, as an entry of a
/// list, or as the whole file.
fn mapping_example(key: &str, entry: bool) -> String {
    match key {
        _ if entry => "`- {key: value, ...}`, or the entry's `key: value` lines indented below its `- `".into(),
        "" => "`key: value` lines".into(),
        key => format!("`{key}: {{key: value, ...}}`, or its `key: value` lines indented below `{key}:`"),
    }
}

/// A value of a spec's cited key, as an example: a reading's first value,
/// the target, the full tile set.
fn example_value(key: &str) -> String {
    match crate::rules::READINGS.iter().find(|r| r.name == key) {
        Some(r) => r.values.first().map_or("V", |(v, _)| v).to_string(),
        None => match key {
            "target" => "800".into(),
            "tile-set" => "full".into(),
            _ => "V".into(),
        },
    }
}

/// A text as an example of what a key takes.
fn text_example(key: &str) -> &'static str {
    match key {
        "variant" | "base" => "english",
        "tile-set" => "full",
        "pool" => "hand",
        "phase" => "turn",
        "strategy" => "greedy",
        "name" => "my-variant",
        "position" => "puzzles/bonus-corner.yaml",
        _ => "some words",
    }
}

/// The words of the enums input files name, by the enum's name in serde's
/// message (a reading's values come from the reading).
fn enum_words(name: &str) -> &'static [&'static str] {
    match name {
        "EventTag" => {
            &["deal", "redeal", "place", "bonus-points", "bonus-tiles", "draw", "pass", "round-end", "game-end"]
        }
        "Ended" => &["game-over", "rounds-asked", "round-limit"],
        "SimpleAction" => &["take-points", "take-tiles", "draw", "pass", "next-round"],
        "Text" => &["english", "serbian"],
        _ => &[],
    }
}

/// What a list under `key` holds, and how one is written (with what was
/// written as its one entry, where that is a fitting one: a tile id in a
/// hand, a clause id among clauses).
fn list_of(path: &str, written: &Written) -> (String, String) {
    let (key, entry) = last_key(path);
    let one = written.scalar.as_deref();
    let tile = one.filter(|v| tile_id_values(v).is_some());
    let clause = one.filter(|v| v.parse::<crate::rules::Clause>().is_ok());
    let (noun, example) = match key {
        "hand" | "well" => ("a list of tile ids", tile.map_or("[0-1-1-3, 2-2-4-5]".into(), |v| format!("[{v}]"))),
        "hands" if entry => {
            ("one seat's hand (a list of tile ids)", tile.map_or("[0-1-1-3, 2-2-4-5]".into(), |v| format!("[{v}]")))
        }
        "hands" => ("a list of hands (one list of tile ids per seat)", "[[0-1-1-3], [2-2-4-5]]".into()),
        "clauses" | "covers" => ("a list of clause ids", clause.map_or("[E11, S15]".into(), |v| format!("[{v}]"))),
        "scores" | "totals" | "hand-totals" => ("a list of numbers (one per seat)", "[0, 0]".into()),
        "variants" => ("a list of variants", "[english, serbian]".into()),
        // A scenario's expectation names events; a transcript's `events:`
        // records them.
        "events" if path.contains("expect") => ("a list of event names", "[place, round-end]".into()),
        "board" => {
            return (
                "a list of board entries".into(),
                "`board:` with one `- {at: [x, y], tile: [nw, ne, se, sw]}` line per tile".into(),
            );
        }
        "tiles" => {
            return (
                "a list of tiles".into(),
                "`tiles:` with one `- [nw, ne, se, sw]` line per tile (its four corner values)".into(),
            );
        }
        "actions" => {
            return (
                "a list of actions".into(),
                "`actions:` with one `- place: {tile: T, at: [x, y], corners: [nw, ne, se, sw]}` or `- do: draw` \
                 line per action"
                    .into(),
            );
        }
        "" => return ("a list".into(), "one `- ` line per entry, or `[a, b]`".into()),
        _ => {
            return ("a list".into(), format!("`{key}: [a, b]`, or one `- ` line per entry indented below `{key}:`"));
        }
    };
    let example = if entry { format!("`- {example}`") } else { format!("`{key}: {example}`") };
    (noun.into(), example)
}

/// A Rust number type in words.
pub(super) fn number_words(expected: &str) -> Option<&'static str> {
    match expected {
        "i8" | "i16" | "i32" | "i64" | "i128" | "isize" | "an integer" => Some("a whole number"),
        "u8" | "u16" | "u32" | "u64" | "u128" | "usize" => Some("a whole number (0 or more)"),
        "f32" | "f64" | "a float" => Some("a number"),
        _ => None,
    }
}

/// The clauses the shipped English spec cites for `key` (a reading's name,
/// `target` or `tile-set`), as an example of a value's clauses.
fn example_clauses(key: &str) -> String {
    let (_, english) = super::shipped::BUILTIN_VARIANTS[0];
    english
        .lines()
        .filter_map(|l| l.trim_start().strip_prefix(key)?.strip_prefix(':'))
        .find_map(|rest| {
            let after = &rest[rest.find("clauses: [")? + "clauses: [".len()..];
            let list = &after[..after.find(']')?];
            (!list.is_empty()).then(|| list.to_string())
        })
        .unwrap_or_else(|| "E11".to_string())
}

/// The backquoted words of serde's "expected one of `a`, `b`" or
/// "expected `a` or `b`".
fn quoted_words(text: &str) -> Vec<&str> {
    text.split('`').skip(1).step_by(2).collect()
}

/// `a`, `b` and `c`.
fn listed(words: &[&str]) -> String {
    listed_or(words, "and")
}

/// `a`, `b` and `c`, or `a`, `b` or `c`.
fn listed_or(words: &[&str], and: &str) -> String {
    let quoted: Vec<String> = words.iter().map(|w| format!("`{w}`")).collect();
    match quoted.split_last() {
        Some((last, [])) => last.clone(),
        Some((last, rest)) => format!("{} {and} {last}", rest.join(", ")),
        None => String::new(),
    }
}

/// What a word under the path's last key is (`a goal`) and what the words
/// it may be are called (`the goals`).
fn word_noun(path: &str) -> (&'static str, &'static str) {
    match last_key(path).0 {
        "goal" => ("a goal", "the goals"),
        "text" => ("a rule text", "the texts"),
        "maximize" => ("a fill objective", "the objectives"),
        "pool" => ("a pool", "the pools"),
        "event" | "events" => ("an event", "the events"),
        "act" | "do" => ("an action", "the actions"),
        "ended" => ("a reason a transcript ends", "the reasons"),
        "phase" => ("a phase", "the phases"),
        "strategy" => ("a strategy", "the strategies"),
        "tile-set" => ("a tile set", "the tile sets"),
        "seat-order" => ("a seat order", "the seat orders"),
        _ => ("a word this key takes", "the words it takes"),
    }
}

#[cfg(test)]
mod tests {
    use super::reworded;

    #[test]
    fn serde_forms_are_said_in_the_files_words() {
        let said = |m: &str, at: Option<&str>| reworded(m, at).unwrap();
        let cited = said("rules.bonus-threshold: invalid type: integer `4`, expected struct Cited", None);
        assert!(cited.contains("`bonus-threshold: {value: 4, clauses: [E11"), "{cited}");
        let goal =
            said("goal: unknown variant `best-move`, expected one of `best-turn`, `best-sequence`, `fill`", None);
        assert_eq!(
            goal,
            "goal: `best-move` is not a goal; write one of the goals: `best-turn`, `best-sequence` or `fill`"
        );
        let goal =
            said("goal: unknown variant `best-trun`, expected one of `best-turn`, `best-sequence`, `fill`", None);
        assert!(goal.contains("(did you mean `best-turn`?)"), "{goal}");
        let tile = said("board[0].tile: invalid type: string \"2-2-3-3\", expected an array of length 4", None);
        assert!(tile.contains("`tile: [2, 2, 3, 3]`"), "{tile}");
        let hand = said("hand[0]: invalid type: sequence, expected a string", Some("[0, 3, 2, 3]]"));
        assert!(hand.contains("not the list `[0, 3, 2, 3]`; write `0-2-3-3`: a hand tile is written"), "{hand}");
        let key = said("unknown field `hands`, expected one of `variant`, `board`, `hand`", None);
        assert_eq!(key, "unknown key `hands` (did you mean `hand`?); the keys here are `variant`, `board` and `hand`");
        assert_eq!(reworded("value 7 is outside 0-5", None), None);
    }

    #[test]
    fn a_key_twice_in_a_mapping_read_whole_is_said_as_a_key_written_twice() {
        let said = reworded(".[0].board[0].at[0]: duplicate entry with key 0", None).unwrap();
        assert_eq!(said, ".[0].board[0].at[0]: the key `0` is written twice in the same mapping; write it once");
        let said = reworded("duplicate entry with key \"a\"", None).unwrap();
        assert_eq!(said, "the key `a` is written twice in the same mapping; write it once");
        let said = reworded("x: duplicate entry with null key", None).unwrap();
        assert_eq!(said, "x: an empty key is written twice in the same mapping; write it once");
    }

    #[test]
    fn a_path_through_a_key_with_spaces_is_still_a_path() {
        let said =
            reworded("expect.all:[ {legal: invalid type: string \"true, score\", expected struct StepExpect", None)
                .unwrap();
        assert!(said.starts_with("expect.all:[ {legal: a mapping of `key: value` entries belongs here"), "{said}");
        assert!(!said.contains("struct"), "{said}");
    }

    #[test]
    fn a_key_is_quoted_whole_whatever_it_holds() {
        // A backquote inside the key does not end it: the list after it is
        // still the keys serde names.
        let key = reworded("unknown field `var`iant`, expected one of `variant`, `board`", None).unwrap();
        assert_eq!(key, "unknown key `var`iant` (did you mean `variant`?); the keys here are `variant` and `board`");
        let word = reworded("goal: unknown variant `fi`ll`, expected `fill` or `best-turn`", None).unwrap();
        assert!(word.contains("`fi`ll` is not") && word.contains("`fill` or `best-turn`"), "{word}");
        // An empty key, and a key with no near one: the list, and what to do.
        let empty = reworded("unknown field ``, expected `at` or `tile`", None).unwrap();
        assert_eq!(empty, "an empty key; the keys here are `at` and `tile`; write one of them, or remove the entry");
        let none = reworded("unknown field `x`, there are no fields", None).unwrap();
        assert_eq!(none, "unknown key `x`; no key belongs here: remove it");
    }
}
