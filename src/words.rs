//! How the tool words a count in what it prints: one noun, singular at one,
//! so that every command, page and report says `1 tile` and `3 tiles` alike;
//! and a hand, one line of tile ids, as every report and page shows it.

/// A count and its noun, singular at one: `1 tile`, `3 tiles`, `2 bonuses`.
pub fn counted(n: impl std::fmt::Display, noun: &str) -> String {
    let n = n.to_string();
    match (n.as_str(), noun.ends_with('s')) {
        ("1", _) => format!("1 {noun}"),
        (_, true) => format!("{n} {noun}es"),
        (_, false) => format!("{n} {noun}s"),
    }
}

/// A hand as one line of tile ids, `(empty)` for none.
pub fn hand_line(hand: &[crate::model::TileId]) -> String {
    if hand.is_empty() { "(empty)".into() } else { hand.iter().map(|t| t.to_string()).collect::<Vec<_>>().join(", ") }
}

#[cfg(test)]
mod tests {
    use super::counted;

    #[test]
    fn one_is_singular_and_every_other_count_plural() {
        assert_eq!(counted(1, "tile"), "1 tile");
        assert_eq!(counted(0, "tile"), "0 tiles");
        assert_eq!(counted(3, "bonus"), "3 bonuses");
    }
}
