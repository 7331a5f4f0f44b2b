//! The YAML the tool writes, read the same by YAML 1.1 and YAML 1.2
//! readers. serde_yaml quotes a string only where YAML 1.2 would read it as
//! another type (`'3'`, `'true'`); a YAML 1.1 reader (PyYAML, many editors)
//! also reads `no`, `on`, `y`, `~`, `0b1`, `1_000`, `1:20` or `2001-01-01`
//! as booleans, nulls, numbers or dates, and a transcript loaded and written
//! back by such a reader would name values no reading has. Every YAML
//! writer goes through [`to_string`] or, for hand-written YAML, [`scalar`]
//! and [`quote_yaml11`].

use serde::Serialize;

/// `value` as YAML: serde_yaml's block-style document, with every string
/// that YAML 1.1 would read as another type quoted.
pub fn to_string<T: Serialize + ?Sized>(value: &T) -> Result<String, serde_yaml::Error> {
    serde_yaml::to_string(value).map(|text| quote_yaml11(&text))
}

/// One string as a YAML scalar for a hand-written document: plain where
/// every reader takes it for that string, else quoted as serde_yaml quotes.
pub fn scalar(text: &str) -> String {
    to_string(text).map(|s| s.trim_end_matches('\n').to_string()).unwrap_or_else(|_| format!("{text:?}"))
}

/// `text` (a YAML document) with each plain scalar that YAML 1.2 reads as
/// a string but YAML 1.1 as a boolean, null, number or date put in single
/// quotes. A plain scalar YAML 1.2 reads as another type was written as
/// that type (serde_yaml quotes a string that looks like one) and is left
/// as it is; so is a document that does not parse (which the tool never
/// writes).
pub fn quote_yaml11(text: &str) -> String {
    // Where each scalar to quote starts (its first byte), and its text.
    let Some(scalars) = super::document::plain_scalars(text) else { return text.to_string() };
    let mut out = String::with_capacity(text.len());
    // The byte where the text not yet copied starts.
    let mut copied = 0;
    for (byte, value) in scalars {
        // A plain scalar on one line is its text as written; one folded over
        // lines cannot be any of the specials, which hold no space.
        let special = yaml11_special(&value) && super::document::de::reads_as_string(&value);
        if special && byte >= copied && text.get(byte..).is_some_and(|t| t.starts_with(value.as_str())) {
            out.push_str(text.get(copied..byte).unwrap_or_default());
            out.push('\'');
            out.push_str(&value);
            out.push('\'');
            copied = byte + value.len();
        }
    }
    out.push_str(text.get(copied..).unwrap_or_default());
    out
}

/// Whether a YAML 1.1 reader takes the plain scalar `text` for something
/// other than a string: a boolean, a null, an integer, a float, a date or
/// the merge and value keys. Broader than the YAML 1.1 type regexps (any
/// case of the words, a bare `.`), as readers differ; quoting a string
/// needlessly costs nothing.
pub fn yaml11_special(text: &str) -> bool {
    let lower = text.to_ascii_lowercase();
    matches!(
        lower.as_str(),
        "y" | "yes" | "n" | "no" | "true" | "false" | "on" | "off" | "~" | "null" | "" | "<<" | "="
    ) || yaml11_number(&lower)
        || yaml11_date(text)
}

/// YAML 1.1's int and float forms (`text` in lower case): binary, octal,
/// decimal and hexadecimal integers with `_` separators, base 60 (`1:20`),
/// decimals with an optional exponent, `.inf` and `.nan`; `0o` octal too,
/// which YAML 1.2 adds.
fn yaml11_number(text: &str) -> bool {
    let unsigned = text.strip_prefix(['-', '+']).unwrap_or(text);
    if matches!(unsigned, ".inf" | ".nan") {
        return true;
    }
    let all = |s: &str, ok: fn(char) -> bool| !s.is_empty() && s.chars().all(ok);
    if let Some(digits) = unsigned.strip_prefix("0b") {
        return all(digits, |c| matches!(c, '0' | '1' | '_'));
    }
    if let Some(digits) = unsigned.strip_prefix("0x") {
        return all(digits, |c| c.is_ascii_hexdigit() || c == '_');
    }
    if let Some(digits) = unsigned.strip_prefix("0o") {
        return all(digits, |c| matches!(c, '0'..='7' | '_'));
    }
    let digits = |c: char| c.is_ascii_digit() || c == '_';
    // Base 60: digits, then `:` and one or two digits, any number of times,
    // and for a float a fraction after the last.
    if let Some((head, rest)) = unsigned.split_once(':') {
        let (groups, fraction) = match rest.split_once('.') {
            Some((g, f)) => (g, Some(f)),
            None => (rest, None),
        };
        return all(head, digits)
            && head.starts_with(|c: char| c.is_ascii_digit())
            && groups.split(':').all(|g| (1..=2).contains(&g.len()) && g.chars().all(|c| c.is_ascii_digit()))
            && fraction.is_none_or(|f| f.chars().all(digits));
    }
    let (mantissa, exponent) = match unsigned.split_once('e') {
        Some((m, e)) => (m, Some(e)),
        None => (unsigned, None),
    };
    let exponent_ok = exponent.is_none_or(|e| all(e.strip_prefix(['-', '+']).unwrap_or(e), |c| c.is_ascii_digit()));
    let mantissa_ok = match mantissa.split_once('.') {
        Some((whole, fraction)) => whole.chars().all(digits) && fraction.chars().all(digits),
        None => all(mantissa, digits) && mantissa.starts_with(|c: char| c.is_ascii_digit()),
    };
    mantissa_ok && exponent_ok
}

/// YAML 1.1's timestamp: a date `yyyy-m-d`, alone or followed by a time.
fn yaml11_date(text: &str) -> bool {
    let mut parts = text.splitn(3, '-');
    let (Some(year), Some(month), Some(rest)) = (parts.next(), parts.next(), parts.next()) else { return false };
    let day: String = rest.chars().take_while(char::is_ascii_digit).collect();
    let after = &rest[day.len()..];
    year.len() == 4
        && year.chars().all(|c| c.is_ascii_digit())
        && (1..=2).contains(&month.len())
        && month.chars().all(|c| c.is_ascii_digit())
        && (1..=2).contains(&day.len())
        && (after.is_empty() || after.starts_with(['t', 'T', ' ', '\t']))
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::BTreeMap;

    #[test]
    fn the_yaml11_specials_are_recognised_and_words_are_not() {
        for special in [
            "no",
            "No",
            "NO",
            "yes",
            "Y",
            "n",
            "on",
            "OFF",
            "~",
            "null",
            "Null",
            "",
            "0b101",
            "0x1F",
            "0o17",
            "017",
            "1_000",
            "-1_000",
            "+12",
            "1:20",
            "190:20:30.15",
            "1.5",
            "1.",
            ".5",
            "1e5",
            "6.8523015e+5",
            ".inf",
            "-.Inf",
            ".NaN",
            "._",
            "2001-12-14",
            "2001-12-14t21:59:43.10-05:00",
            "<<",
            "=",
            "true",
            "False",
        ] {
            assert!(yaml11_special(special), "`{special}` should be special");
        }
        for word in [
            "english",
            "at-least-one",
            "seat-0",
            "2-4-5-5",
            "0-0-1-5",
            "R4",
            "yesno",
            "none",
            "nan",
            "inf",
            "1:60x",
            "0b2",
            "0xg",
            "1-2",
            "12:3a",
            "e5",
            "1e",
            "2001-12-14x",
            "a:1",
        ] {
            assert!(!yaml11_special(word), "`{word}` should not be special");
        }
    }

    #[test]
    fn strings_yaml11_reads_as_another_type_are_quoted_and_typed_values_are_not() {
        let mut map: BTreeMap<&str, serde_yaml::Value> = BTreeMap::new();
        map.insert("a-word", "no".into());
        map.insert("b-bool", false.into());
        map.insert("c-number", 3.into());
        map.insert("d-string-number", "3".into());
        map.insert("e-base-60", "1:20".into());
        map.insert("f-list", serde_yaml::Value::Sequence(vec!["on".into(), "english".into(), 1.5.into()]));
        map.insert("g-block", "no\nyes\n".into());
        map.insert("y", "key".into());
        let text = to_string(&map).unwrap();
        assert_eq!(
            text,
            "a-word: 'no'\nb-bool: false\nc-number: 3\nd-string-number: '3'\ne-base-60: '1:20'\nf-list:\n- 'on'\n- \
             english\n- 1.5\ng-block: |\n  no\n  yes\n'y': key\n"
        );
        // The same values come back.
        let back: BTreeMap<String, serde_yaml::Value> = serde_yaml::from_str(&text).unwrap();
        assert_eq!(back.len(), map.len());
        for (k, v) in &map {
            assert_eq!(&back[*k], v, "{k}");
        }
    }

    #[test]
    fn hand_written_flow_mappings_and_comments_are_quoted_in_place() {
        let text = "# note: no\nvariant: english\nrules: {R3: no, R7: 4, R4: Yes}\nhand: [1-2-3-4]\n";
        assert_eq!(
            quote_yaml11(text),
            "# note: no\nvariant: english\nrules: {R3: 'no', R7: 4, R4: 'Yes'}\nhand: [1-2-3-4]\n"
        );
        assert_eq!(scalar("no"), "'no'");
        assert_eq!(scalar("english"), "english");
        assert_eq!(scalar("specs/my spec.yaml"), "specs/my spec.yaml");
        assert_eq!(scalar("a: b"), "'a: b'");
    }

    #[test]
    fn text_after_multibyte_characters_is_quoted_at_the_right_place() {
        let text = to_string(&vec!["é ü", "off", "—", "~x", "n"]).unwrap();
        assert_eq!(text, "- é ü\n- 'off'\n- —\n- ~x\n- 'n'\n");
    }
}
