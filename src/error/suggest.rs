//! "Did you mean": the nearest of the words a place accepts, suggested
//! beside the list of them when a word written there is none of them (a key
//! `hands` for `hand`, a goal `best-trun`, a variant `serbain`).

/// How alike two words must be for the one to be suggested for the other:
/// their Damerau-Levenshtein distance (a transposed pair of letters counts
/// as one edit) over the longer word's length, subtracted from 1. At 0.7 a
/// word of four letters may differ by one edit and one of ten by three:
/// `hands` for `hand` is 0.8, `best-trun` for `best-turn` 0.89, `serbain`
/// for `serbian` 0.86, while `klingon` for `english` is under 0.3 and gets
/// no suggestion: a far-off word is not a typing slip, and suggesting the
/// least unlike word would mislead.
const CLOSE: f64 = 0.7;

/// The valid word nearest to `written`, when it is close ([`CLOSE`]), or
/// when one begins with the other and the shorter is at least half the
/// longer (`nope` for `no`, `R4x` for `R4`). Letter case is ignored; an
/// exact match is no suggestion.
pub fn nearest<'a>(written: &str, valid: impl IntoIterator<Item = &'a str>) -> Option<&'a str> {
    // A word far longer than any valid one is no typing slip of one, and
    // comparing it costs its length times theirs: a key of megabytes is
    // given no suggestion, at no cost.
    if written.len() > 256 {
        return None;
    }
    let w = written.to_lowercase();
    let mut best: Option<(f64, &'a str)> = None;
    for candidate in valid {
        let c = candidate.to_lowercase();
        if c == w {
            // Written in another case: that is the fix.
            return (candidate != written).then_some(candidate);
        }
        let mut score = strsim::normalized_damerau_levenshtein(&w, &c);
        let (short, long) = if w.len() <= c.len() { (&w, &c) } else { (&c, &w) };
        if long.starts_with(short.as_str()) && short.len() * 2 >= long.len() && !short.is_empty() {
            score = score.max(CLOSE);
        }
        if score >= CLOSE && best.is_none_or(|(s, _)| score > s) {
            best = Some((score, candidate));
        }
    }
    best.map(|(_, c)| c)
}

/// `" (did you mean `WORD`?)"` for the nearest valid word, or nothing.
pub fn did_you_mean<'a>(written: &str, valid: impl IntoIterator<Item = &'a str>) -> String {
    nearest(written, valid).map_or_else(String::new, |w| format!(" (did you mean `{w}`?)"))
}

#[cfg(test)]
mod tests {
    use super::nearest;

    #[test]
    fn a_slip_gets_the_nearest_word_and_a_far_off_word_none() {
        assert_eq!(nearest("hands", ["variant", "board", "hand", "goal"]), Some("hand"));
        assert_eq!(nearest("best-trun", ["best-turn", "best-sequence", "fill"]), Some("best-turn"));
        assert_eq!(nearest("serbain", ["english", "english-beginner", "serbian", "serbian-chain"]), Some("serbian"));
        assert_eq!(nearest("nope", ["yes", "no"]), Some("no"));
        assert_eq!(nearest("klingon", ["english", "english-beginner", "serbian", "serbian-chain"]), None);
        assert_eq!(nearest("best-move", ["best-turn", "best-sequence", "fill"]), None);
        assert_eq!(nearest("hand", ["hand"]), None);
        assert_eq!(nearest("Hand", ["hand"]), Some("hand"));
    }
}
