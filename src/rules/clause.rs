//! Clause ids: `E1`–`E19` (the English rule sheet), `S1`–`S19` (the Serbian
//! description) and `R1`–`R27` (the readings where they disagree or are silent), exactly as
//! `docs/RULES.md` numbers them. Every rule decision carries the ids behind it.

use std::fmt;
use std::str::FromStr;

use serde::{Deserialize, Deserializer, Serialize, Serializer};

/// The number of the last reading: the readings are `R1` to this.
pub const LAST_READING: u8 = 32;

/// Which text a clause id points into.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Source {
    /// The publisher's English rule sheet, `E1`–`E19`.
    English,
    /// The Serbian description, `S1`–`S19`.
    Serbian,
    /// A reading where the sources disagree or are silent, `R1`–`R27`.
    Reading,
}

/// The source text a variant is based on. Its verdicts and events cite that
/// text's clauses and the readings only: a value the variant takes from the
/// other text, because its own is silent, is cited by its reading id.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "kebab-case")]
pub enum Text {
    /// The publisher's English rule sheet: `E` clauses.
    #[default]
    English,
    /// The Serbian description: `S` clauses.
    Serbian,
}

impl Text {
    /// Both texts.
    pub const ALL: [Text; 2] = [Text::English, Text::Serbian];

    /// Its name in a spec (`text: english`).
    pub const fn as_str(self) -> &'static str {
        match self {
            Text::English => "english",
            Text::Serbian => "serbian",
        }
    }

    /// Whether a verdict under a variant based on this text may cite
    /// `clause`: a clause of this text, or a reading.
    pub const fn owns(self, clause: Clause) -> bool {
        matches!(
            (self, clause.source),
            (_, Source::Reading) | (Text::English, Source::English) | (Text::Serbian, Source::Serbian)
        )
    }

    /// The text a clause belongs to; `None` for a reading.
    pub const fn of(clause: Clause) -> Option<Text> {
        match clause.source {
            Source::English => Some(Text::English),
            Source::Serbian => Some(Text::Serbian),
            Source::Reading => None,
        }
    }
}

impl fmt::Display for Text {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// A clause id such as `E11`, `S15` or `R4`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Clause {
    source: Source,
    number: u8,
}

/// A text that is not a known clause id.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("`{0}` is not a clause id: use E1-E19, S1-S19 or R1-R32 as docs/RULES.md numbers them")]
pub struct UnknownClause(pub String);

impl Clause {
    /// The clause `E{n}`, `S{n}` or `R{n}`, when it exists.
    pub const fn new(source: Source, number: u8) -> Option<Clause> {
        let last = match source {
            Source::English | Source::Serbian => 19,
            Source::Reading => LAST_READING,
        };
        if number >= 1 && number <= last { Some(Clause { source, number }) } else { None }
    }

    /// Which text the clause belongs to.
    pub const fn source(self) -> Source {
        self.source
    }

    /// Its number within that text.
    pub const fn number(self) -> u8 {
        self.number
    }

    /// Every clause id docs/RULES.md defines, English, Serbian, then readings.
    pub fn all() -> impl Iterator<Item = Clause> {
        [Source::English, Source::Serbian, Source::Reading]
            .into_iter()
            .flat_map(|s| (1..=19u8.max(LAST_READING)).filter_map(move |n| Clause::new(s, n)))
    }
}

/// `E{n}`; for use in constant tables. Panics at compile time on a bad number.
#[allow(clippy::panic)] // Called with literal ids only, never with input.
pub const fn e(n: u8) -> Clause {
    match Clause::new(Source::English, n) {
        Some(c) => c,
        None => panic!("no such English clause"),
    }
}

/// `S{n}`; for use in constant tables.
#[allow(clippy::panic)] // Called with literal ids only, never with input.
pub const fn s(n: u8) -> Clause {
    match Clause::new(Source::Serbian, n) {
        Some(c) => c,
        None => panic!("no such Serbian clause"),
    }
}

/// `R{n}`; for use in constant tables.
#[allow(clippy::panic)] // Called with literal ids only, never with input.
pub const fn r(n: u8) -> Clause {
    match Clause::new(Source::Reading, n) {
        Some(c) => c,
        None => panic!("no such reading"),
    }
}

impl fmt::Display for Clause {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let letter = match self.source {
            Source::English => 'E',
            Source::Serbian => 'S',
            Source::Reading => 'R',
        };
        write!(f, "{letter}{}", self.number)
    }
}

impl FromStr for Clause {
    type Err = UnknownClause;

    fn from_str(text: &str) -> Result<Clause, UnknownClause> {
        let bad = || UnknownClause(text.to_string());
        let mut chars = text.chars();
        let source = match chars.next() {
            Some('E') => Source::English,
            Some('S') => Source::Serbian,
            Some('R') => Source::Reading,
            _ => return Err(bad()),
        };
        let digits = chars.as_str();
        if digits.starts_with('0') {
            return Err(bad());
        }
        let number: u8 = digits.parse().map_err(|_| bad())?;
        Clause::new(source, number).ok_or_else(bad)
    }
}

impl Serialize for Clause {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_str(self)
    }
}

impl<'de> Deserialize<'de> for Clause {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Clause, D::Error> {
        // Parsed inside the visitor, so that a bad id is reported where it is
        // written rather than where its list starts.
        struct ClauseVisitor;
        impl serde::de::Visitor<'_> for ClauseVisitor {
            type Value = Clause;
            fn expecting(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                f.write_str("a clause id such as E8, S11 or R2")
            }
            fn visit_str<E: serde::de::Error>(self, s: &str) -> Result<Clause, E> {
                s.parse().map_err(E::custom)
            }
        }
        d.deserialize_str(ClauseVisitor)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn clause_ids_round_trip_and_unknown_ones_are_refused() {
        assert_eq!(Clause::all().count(), 19 + 19 + usize::from(LAST_READING));
        for c in Clause::all() {
            assert_eq!(c.to_string().parse::<Clause>(), Ok(c));
        }
        for bad in ["E0", "E20", "S20", "R33", "X1", "E", "e1", "R01", ""] {
            assert!(bad.parse::<Clause>().is_err(), "{bad}");
        }
        assert_eq!(e(11).to_string(), "E11");
        assert_eq!(r(4).to_string(), "R4");
    }
}
