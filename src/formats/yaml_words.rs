//! The YAML reader's syntax errors in the toolkit's words. The reader
//! (libyaml, behind serde_yaml) names the token it expected and the
//! construct it was reading ("did not find expected ',' or ']', while
//! parsing a flow sequence at line 3 column 7"); a user wrote a file, and is
//! told what in it is unfinished or out of place, where that began, and
//! what to write instead. A message of any other form is left to the
//! wording of serde's own messages ([`super::words`]).

/// Where the error is, as the user's text shows it.
#[derive(Clone, Copy, Debug)]
pub(super) struct Spot<'a> {
    /// The text from the error's place to the end of its line (`None` past
    /// the end of a line).
    pub at: Option<&'a str>,
    /// Nothing but blanks and line breaks from there to the end of the file.
    pub at_end: bool,
}

impl Spot<'_> {
    fn first(&self) -> Option<char> {
        self.at.and_then(|t| t.chars().next())
    }
}

/// `message` in plain words when it is one of the YAML reader's syntax
/// errors (its problem, then `, while ...` and where that began); `None`
/// for any other message.
pub(super) fn reworded(message: &str, spot: Spot) -> Option<String> {
    let (problem, context) = match message.split_once(", while ") {
        Some((p, c)) => (p, Some(c)),
        None => (message, None),
    };
    let (context, began) = match context {
        Some(c) => match c.split_once(" at line ") {
            Some((what, at)) => (what, began_at(at)),
            None => (c, String::new()),
        },
        None => ("", String::new()),
    };
    let context = context.trim();
    let said = match problem {
        "did not find expected ',' or '}'" => unclosed("mapping", '{', '}', &began, spot),
        "did not find expected ',' or ']'" => unclosed("list", '[', ']', &began, spot),
        "did not find expected node content" => missing_value(spot),
        "did not find expected key" => match spot.first() {
            Some(c @ (']' | '}')) => stray_closer(c),
            Some('-') => format!(
                "a `- ` list entry cannot go here, beside the keys of the mapping{began}: put the list under its key, indented (`hand:` then `  - 0-1-2-3`)"
            ),
            _ if began.is_empty() => "this line is not lined up with the keys of its mapping: line it up with them, or indent it under the key it belongs to".to_string(),
            _ => format!(
                "this line is not lined up with the keys of the mapping{began}: line it up with them, or indent it under the key it belongs to"
            ),
        },
        "did not find expected '-' indicator" => format!(
            "this line is not a `- ` entry of the list{began}: start it with `- ` lined up with the other entries, or indent it under the entry it belongs to"
        ),
        "did not find expected <document start>" => {
            "text goes on after the end of the file's document: remove it, or indent it under the key it belongs to"
                .to_string()
        }
        "mapping values are not allowed in this context" => {
            "a `: ` here would start a mapping where none can start: put a value that holds `: ` in quotes (`\"a: b\"`), or give the key a line of its own, lined up with its neighbours".to_string()
        }
        "block sequence entries are not allowed in this context" => {
            "a `- ` list entry cannot begin here: write each entry on a line of its own under its key, starting with `- `, or write the list as `[a, b]`".to_string()
        }
        "found character that cannot start any token" => match spot.first() {
            Some('\t') => tab(),
            Some('`') => "no YAML value can begin with a backquote: put the value in quotes".to_string(),
            Some(c) if !c.is_control() => format!("no YAML value can begin with `{c}`: put the value in quotes"),
            _ => "no YAML value can begin with this character: put the value in quotes".to_string(),
        },
        "found a tab character that violates indentation"
        | "found a tab character where an indentation space is expected" => tab(),
        "found unexpected end of stream" => format!(
            "the quoted text{began} has no closing quote: end it with the quote mark it begins with"
        ),
        "found unexpected document indicator" => format!(
            "a line inside the quoted text{began} starts with `---` or `...`, which ends a YAML document: close the quote before that line, or indent the line"
        ),
        "found unknown escape character" => {
            "this `\\` starts no escape YAML knows: in double quotes write `\\\\` for a backslash, or use single quotes, where a backslash is an ordinary character".to_string()
        }
        "did not find expected hexadecimal number" | "found invalid Unicode character escape code" => {
            "the `\\x`, `\\u` or `\\U` escape here needs 2, 4 or 8 hexadecimal digits that name a character: write them, or `\\\\` for a backslash".to_string()
        }
        "did not find expected alphabetic or numeric character"
            if context.contains("anchor") || context.contains("alias") =>
        {
            "`&` (an anchor) or `*` (an alias) needs a name right after it: write the name with no space before it, or put a value that begins with `&` or `*` in quotes".to_string()
        }
        "found an indentation indicator equal to 0" => block_header(),
        "did not find expected comment or line break" if context.contains("block scalar") => block_header(),
        "found incompatible YAML document" => {
            "the `%YAML` line names a version other than 1.x: remove the line; the toolkit's files need no directive".to_string()
        }
        "control characters are not allowed" => {
            "the file holds a control character here (a character below the space other than a tab or a line break): remove it; a YAML file is plain text".to_string()
        }
        _ if DIRECTIVE_PROBLEMS.contains(&problem) || (context.ends_with("directive") && TAG_PROBLEMS.contains(&problem)) => {
            "a line beginning with `%` is a YAML directive, and this one is not valid: remove the line (the toolkit's files need no directive), or put a value that begins with `%` in quotes".to_string()
        }
        _ if TAG_PROBLEMS.contains(&problem) => {
            "a `!` begins this value, which YAML reads as a type marker, and this one is not valid or not declared: remove the `!` (the toolkit's files need none), or put the value in quotes".to_string()
        }
        "found unexpected ':'" => {
            "a `:` here cannot be part of a plain value: put the value in quotes".to_string()
        }
        "unknown anchor" => {
            "this alias (`*name`) names no anchor: an alias repeats the value marked `&name` earlier in the file; mark that value, or put a value that begins with `*` in quotes".to_string()
        }
        "deserializing from YAML containing more than one document is not supported" => {
            "the file holds a second YAML document here (after a `---` or `...` line): a file holds one; remove that line and what follows, or put it in a file of its own".to_string()
        }
        _ => return None,
    };
    Some(said)
}

/// The reader's problems with a `%` directive line (its own list, so
/// that nothing a user wrote, quoted in another message, is taken for one).
const DIRECTIVE_PROBLEMS: [&str; 8] = [
    "found unknown directive name",
    "could not find expected directive name",
    "found unexpected non-alphabetical character",
    "did not find expected version number",
    "found extremely long version number",
    "did not find expected digit or '.' character",
    "found duplicate %YAML directive",
    "found duplicate %TAG directive",
];

/// The reader's problems with a `!` tag, some of them also met in a `%TAG`
/// directive.
const TAG_PROBLEMS: [&str; 10] = [
    "found undefined tag handle",
    "did not find expected tag URI",
    "did not find the expected '>'",
    "did not find URI escaped octet",
    "found an incorrect leading UTF-8 octet",
    "found an incorrect trailing UTF-8 octet",
    "did not find expected whitespace or line break",
    "did not find expected whitespace",
    "did not find expected '!'",
    "did not find expected comment or line break",
];

/// ` that begins at line L, column C` from the reader's `L column C`.
fn began_at(at: &str) -> String {
    match at.split_once(" column ") {
        Some((line, col)) if line.trim().parse::<usize>().is_ok() && col.trim().parse::<usize>().is_ok() => {
            format!(" that begins at line {}, column {}", line.trim(), col.trim())
        }
        _ => String::new(),
    }
}

/// A flow collection the reader reached the end of, or something else in,
/// before its closing bracket.
fn unclosed(what: &str, open: char, close: char, began: &str, spot: Spot) -> String {
    if spot.at_end {
        format!("the file ends inside the {what} `{open}`{began}: close it with `{close}`")
    } else {
        format!(
            "the {what} `{open}`{began} needs a `,` between its entries, or a `{close}` to close it, before this point"
        )
    }
}

fn missing_value(spot: Spot) -> String {
    if spot.at_end {
        return "the file ends where a value is expected: finish the entry, and close every `[` and `{` left open"
            .to_string();
    }
    match spot.first() {
        Some(',') => "a value is expected before this `,`: write one, or remove the extra `,`".to_string(),
        Some(c @ (']' | '}')) => format!(
            "a value is expected before this `{c}`: write one, or remove what is out of place (a `,` with no value after it, or a bracket that closes nothing)"
        ),
        _ => "a value is expected here: write it, in quotes where it begins with a sign YAML reserves (`,` `[` `]` `{` `}` `#` `&` `*` `!` `|` `>` `%` `@`)".to_string(),
    }
}

fn stray_closer(c: char) -> String {
    let (open, what) = if c == ']' { ('[', "list") } else { ('{', "mapping") };
    format!("this `{c}` closes no {what}: remove it, or open the {what} it closes with `{open}`")
}

fn tab() -> String {
    "a tab here: YAML indents with spaces only, and no value begins with a tab; replace the tab with spaces".to_string()
}

fn block_header() -> String {
    "after `|` or `>` only an indentation digit 1-9, a `+` or `-`, and a comment may follow on its line: the text goes on the lines below, indented".to_string()
}

#[cfg(test)]
mod tests {
    use super::{Spot, reworded};

    fn said(message: &str, at: Option<&str>) -> String {
        let spot = Spot { at, at_end: at.is_none() };
        reworded(message, spot).unwrap_or_else(|| panic!("not reworded: {message}"))
    }

    #[test]
    fn an_unclosed_flow_collection_is_named_with_where_it_began() {
        let s = said("did not find expected ',' or ']', while parsing a flow sequence at line 1 column 7", None);
        assert_eq!(s, "the file ends inside the list `[` that begins at line 1, column 7: close it with `]`");
        let s =
            said("did not find expected ',' or '}', while parsing a flow mapping at line 3 column 5", Some("- {at"));
        assert_eq!(
            s,
            "the mapping `{` that begins at line 3, column 5 needs a `,` between its entries, or a `}` to close it, before this point"
        );
    }

    #[test]
    fn a_missing_value_says_whether_the_file_ended_or_a_sign_came_first() {
        let end = said("did not find expected node content, while parsing a flow node", None);
        assert!(end.starts_with("the file ends where a value is expected"), "{end}");
        let comma = said("did not find expected node content, while parsing a flow node", Some(", 1-2-3-4]"));
        assert!(comma.starts_with("a value is expected before this `,`"), "{comma}");
    }

    #[test]
    fn a_stray_closing_bracket_is_not_taken_for_a_bad_indentation() {
        let s = said("did not find expected key, while parsing a block mapping", Some("]"));
        assert_eq!(s, "this `]` closes no list: remove it, or open the list it closes with `[`");
        let s = said("did not find expected key, while parsing a block mapping at line 2 column 3", Some("x: 1"));
        assert!(
            s.starts_with("this line is not lined up with the keys of the mapping that begins at line 2, column 3"),
            "{s}"
        );
    }

    #[test]
    fn a_character_no_value_begins_with_is_named() {
        let s =
            said("found character that cannot start any token, while scanning for the next token", Some("@english"));
        assert_eq!(s, "no YAML value can begin with `@`: put the value in quotes");
        let s = said("found character that cannot start any token, while scanning for the next token", Some("\tx"));
        assert!(s.contains("YAML indents with spaces only"), "{s}");
    }

    #[test]
    fn every_other_syntax_error_gets_words_with_a_fix() {
        for (message, words) in [
            ("found unexpected end of stream, while scanning a quoted scalar at line 1 column 10", "no closing quote"),
            ("found unknown escape character, while parsing a quoted scalar at line 1 column 10", "write `\\\\`"),
            (
                "did not find expected alphabetic or numeric character, while scanning an alias at line 1 column 10",
                "needs a name",
            ),
            ("found undefined tag handle, while parsing a node", "type marker"),
            ("did not find the expected '>', while scanning a tag at line 1 column 10", "type marker"),
            ("found unknown directive name, while scanning a directive", "YAML directive"),
            (
                "found an indentation indicator equal to 0, while scanning a block scalar at line 1 column 14",
                "after `|` or `>`",
            ),
            ("mapping values are not allowed in this context", "put a value that holds `: ` in quotes"),
            ("block sequence entries are not allowed in this context", "a line of its own"),
            (
                "did not find expected '-' indicator, while parsing a block collection at line 3 column 3",
                "the list that begins at line 3, column 3",
            ),
            (
                "found a tab character that violates indentation, while scanning a plain scalar at line 1 column 10",
                "replace the tab with spaces",
            ),
            ("control characters are not allowed", "control character"),
            ("unknown anchor", "names no anchor"),
        ] {
            let s = said(message, Some("x"));
            assert!(s.contains(words), "{message}: {s}");
            assert!(!s.contains("while "), "the reader's own words are left in: {s}");
        }
    }

    #[test]
    fn a_message_of_another_form_is_left_alone() {
        let spot = Spot { at: None, at_end: true };
        assert_eq!(reworded("board[0].at: invalid type: string \"x\", expected i32", spot), None);
        assert_eq!(reworded("recursion limit exceeded", spot), None);
        // serde's message for a mapping where a tagged value belongs names
        // a tag, but is no syntax error.
        assert_eq!(
            reworded("goal.fill.maximize: invalid type: map, expected a YAML tag starting with '!'", spot),
            None
        );
        assert_eq!(reworded("unknown variant `a, while scanning a tag`, expected `b`", spot), None);
    }
}
