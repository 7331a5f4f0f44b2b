//! Tiles: a tile's identity (the multiset of its four values) and the
//! arrangement of values on a placed tile.

// Indexing here cannot panic on input: corner and value arrays have four entries, indexed by the four corners or by permutations of four.
#![allow(clippy::indexing_slicing)]

use std::fmt;
use std::str::FromStr;

use serde::{Deserialize, Deserializer, Serialize, Serializer};

use super::cell::Corner;

/// The highest value printed on a tile corner.
pub const MAX_VALUE: u8 = 5;

/// A tile's identity: its four values as an ascending multiset, written
/// `0-1-1-3`. Two tiles with the same values are the same tile.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct TileId([u8; 4]);

/// The values of a placed (or printed) tile clockwise from north-west:
/// `[nw, ne, se, sw]`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize)]
pub struct Corners(pub [u8; 4]);

/// Why a text is not a tile id or a corner list.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum TileError {
    /// A value outside 0–5 (wide enough for any integer a file can hold,
    /// so that the message names the value written).
    #[error("value {0} is outside 0-5; write a value from 0 to 5")]
    ValueOutOfRange(i128),
    /// Not four dash-separated values.
    #[error("`{0}` is not a tile id: write four values 0-5 joined by dashes, e.g. 0-1-1-3")]
    Malformed(String),
    /// Nothing written.
    #[error("an empty text is not a tile id: write four values 0-5 joined by dashes, e.g. 0-1-1-3")]
    Empty,
    /// Four values 0-5, but not written as a tile id is: in another order,
    /// with spaces or with leading zeros.
    #[error(
        "`{written}` is not a tile id as written: write {canonical} (the four values ascending, joined by `-`, no spaces)"
    )]
    NotCanonical {
        /// What was written.
        written: String,
        /// The id of the tile it names.
        canonical: TileId,
    },
}

/// A written tile id that is refused: where in the text it goes wrong (in
/// characters from its start) and why.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct IdError {
    /// The offset of the first wrong character.
    pub offset: usize,
    /// What is wrong.
    pub error: TileError,
}

impl TileId {
    /// The tile with these four values, in any order.
    pub fn new(mut values: [u8; 4]) -> Result<TileId, TileError> {
        if let Some(&v) = values.iter().find(|&&v| v > MAX_VALUE) {
            return Err(TileError::ValueOutOfRange(v.into()));
        }
        values.sort_unstable();
        Ok(TileId(values))
    }

    /// The four values, ascending.
    pub const fn values(self) -> [u8; 4] {
        self.0
    }

    /// The sum of the four values.
    pub const fn weight(self) -> u8 {
        self.0[0] + self.0[1] + self.0[2] + self.0[3]
    }

    /// True when all four values are equal (a "quad", E3, S5).
    pub const fn is_quad(self) -> bool {
        self.0[0] == self.0[3]
    }

    /// Every arrangement of the four values, each once, in ascending order.
    pub fn permutations(self) -> Vec<Corners> {
        use itertools::Itertools;
        let mut all: Vec<Corners> =
            self.0.iter().copied().permutations(4).map(|p| Corners([p[0], p[1], p[2], p[3]])).collect();
        all.sort_unstable();
        all.dedup();
        all
    }
}

impl fmt::Display for TileId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let [a, b, c, d] = self.0;
        write!(f, "{a}-{b}-{c}-{d}")
    }
}

impl TileId {
    /// Reads a tile id the one way every file, the notation and the
    /// command line write it: four values 0-5, ascending, joined by `-`,
    /// nothing else (`1-4-5-5`). Four values written otherwise (`5-4-5-1`,
    /// `1 - 4-5-5`) are refused with the id they name, so that a hand means
    /// the same tiles wherever it is written.
    pub fn read(text: &str) -> Result<TileId, IdError> {
        let chars: Vec<char> = text.chars().take(9).collect();
        // The first character that breaks the shape `d-d-d-d`.
        let wrong_at = (0..=7).find(|&k| match (k, chars.get(k)) {
            (7, c) => c.is_some(),
            (k, Some(c)) if k % 2 == 0 => !c.is_ascii_digit(),
            (_, Some(c)) => *c != '-',
            (_, None) => true,
        });
        let written = || text.to_string();
        match wrong_at {
            None => {
                // The shape holds a digit (0-9) at each value's place, so
                // neither conversion fails.
                let values: [u8; 4] = std::array::from_fn(|i| {
                    chars.get(2 * i).and_then(|c| c.to_digit(10)).and_then(|d| u8::try_from(d).ok()).unwrap_or(u8::MAX)
                });
                if let Some(i) = values.iter().position(|&v| v > MAX_VALUE) {
                    let value = values.get(i).copied().unwrap_or(u8::MAX);
                    return Err(IdError { offset: 2 * i, error: TileError::ValueOutOfRange(value.into()) });
                }
                let id = TileId::new(values).map_err(|error| IdError { offset: 0, error })?;
                if id.0 != values {
                    return Err(IdError {
                        offset: 0,
                        error: TileError::NotCanonical { written: written(), canonical: id },
                    });
                }
                Ok(id)
            }
            Some(offset) => {
                // Four whole numbers between dashes, however spaced: either a
                // value out of range or the id written another way.
                let parts: Vec<&str> = text.split('-').map(str::trim).collect();
                let numbers: Option<Vec<i128>> = (parts.len() == 4)
                    .then(|| {
                        parts
                            .iter()
                            .map(|p| p.chars().all(|c| c.is_ascii_digit()).then(|| p.parse().ok()).flatten())
                            .collect()
                    })
                    .flatten();
                let Some(numbers) = numbers else {
                    let error = if text.is_empty() { TileError::Empty } else { TileError::Malformed(written()) };
                    return Err(IdError { offset, error });
                };
                if let Some(&v) = numbers.iter().find(|&&v| !(0..=i128::from(MAX_VALUE)).contains(&v)) {
                    return Err(IdError { offset, error: TileError::ValueOutOfRange(v) });
                }
                // Four numbers, each 0-5 (checked above): every conversion fits.
                let values: [u8; 4] =
                    std::array::from_fn(|i| numbers.get(i).and_then(|&v| u8::try_from(v).ok()).unwrap_or(u8::MAX));
                let canonical = TileId::new(values).map_err(|error| IdError { offset, error })?;
                Err(IdError { offset: 0, error: TileError::NotCanonical { written: written(), canonical } })
            }
        }
    }
}

impl FromStr for TileId {
    type Err = TileError;

    /// [`TileId::read`].
    fn from_str(s: &str) -> Result<TileId, TileError> {
        TileId::read(s).map_err(|e| e.error)
    }
}

impl Serialize for TileId {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_str(self)
    }
}

// Both impls below check their values inside the deserializer's own visit
// call, so that a format reports a bad value where it is written (serde_yaml
// otherwise places an error raised afterwards at the enclosing mapping or
// sequence).
impl<'de> Deserialize<'de> for TileId {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<TileId, D::Error> {
        struct IdVisitor;
        impl serde::de::Visitor<'_> for IdVisitor {
            type Value = TileId;
            fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str("a string")
            }
            fn visit_str<E: serde::de::Error>(self, s: &str) -> Result<TileId, E> {
                TileId::read(s).map_err(|e| E::custom(e.error))
            }
        }
        d.deserialize_str(IdVisitor)
    }
}

impl Corners {
    /// The value at one corner.
    pub const fn at(self, corner: Corner) -> u8 {
        self.0[corner.index()]
    }

    /// The tile these values belong to.
    pub fn id(self) -> TileId {
        let mut v = self.0;
        v.sort_unstable();
        TileId(v)
    }

    /// The sum of the four values.
    pub const fn weight(self) -> u8 {
        self.0[0] + self.0[1] + self.0[2] + self.0[3]
    }

    /// The tile turned a quarter clockwise: `[nw, ne, se, sw]` becomes
    /// `[sw, nw, ne, se]`.
    pub const fn rotate_cw(self) -> Corners {
        let [nw, ne, se, sw] = self.0;
        Corners([sw, nw, ne, se])
    }

    /// The distinct quarter-turn rotations of this arrangement, starting with
    /// itself (one for a quad, two for `[a, b, a, b]`, otherwise four).
    pub fn rotations(self) -> Vec<Corners> {
        let mut out = vec![self];
        let mut r = self.rotate_cw();
        while r != self {
            out.push(r);
            r = r.rotate_cw();
        }
        out
    }
}

impl fmt::Display for Corners {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let [a, b, c, d] = self.0;
        write!(f, "[{a}, {b}, {c}, {d}]")
    }
}

/// One corner value, 0-5.
struct Value(u8);

impl<'de> Deserialize<'de> for Value {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Value, D::Error> {
        struct ValueVisitor;
        impl serde::de::Visitor<'_> for ValueVisitor {
            type Value = Value;
            fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str("i64")
            }
            fn visit_i64<E: serde::de::Error>(self, v: i64) -> Result<Value, E> {
                self.visit_i128(v.into())
            }
            fn visit_u64<E: serde::de::Error>(self, v: u64) -> Result<Value, E> {
                self.visit_i128(v.into())
            }
            // A number past i64 is still a number: it is out of range, not
            // of another type.
            fn visit_i128<E: serde::de::Error>(self, v: i128) -> Result<Value, E> {
                u8::try_from(v)
                    .ok()
                    .filter(|&v| v <= MAX_VALUE)
                    .map(Value)
                    .ok_or_else(|| E::custom(TileError::ValueOutOfRange(v)))
            }
            fn visit_u128<E: serde::de::Error>(self, v: u128) -> Result<Value, E> {
                self.visit_i128(
                    i128::try_from(v)
                        .map_err(|_| E::custom(format!("value {v} is outside 0-5; write a value from 0 to 5")))?,
                )
            }
        }
        // Read as whatever it is (not as i64, which serde_yaml refuses as
        // another type past i64::MAX): a number reaches the visitor at any
        // size and is called out of range; JSON readers take this too.
        d.deserialize_any(ValueVisitor)
    }
}

impl<'de> Deserialize<'de> for Corners {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Corners, D::Error> {
        let raw = <[Value; 4]>::deserialize(d)?;
        Ok(Corners(raw.map(|v| v.0)))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_tile_id_is_the_ascending_multiset() {
        let id = TileId::new([3, 1, 0, 1]).unwrap();
        assert_eq!(id.to_string(), "0-1-1-3");
        assert_eq!(id.weight(), 5);
        assert_eq!(Corners([1, 3, 0, 1]).id(), id);
        assert!("5-5-5-5".parse::<TileId>().unwrap().is_quad());
        assert!(!id.is_quad());
    }

    #[test]
    fn bad_tile_ids_are_refused_with_a_reason() {
        assert_eq!("0-1-6-1".parse::<TileId>(), Err(TileError::ValueOutOfRange(6)));
        assert!(matches!("0-1-1".parse::<TileId>(), Err(TileError::Malformed(_))));
        assert!(matches!("a-b-c-d".parse::<TileId>(), Err(TileError::Malformed(_))));
    }

    #[test]
    fn a_tile_id_is_written_one_way_and_any_other_names_it() {
        assert_eq!(TileId::read("1-4-5-5"), Ok(TileId([1, 4, 5, 5])));
        let canonical = |written: &str| match TileId::read(written) {
            Err(IdError { offset: 0, error: TileError::NotCanonical { canonical, .. } }) => canonical.to_string(),
            other => panic!("{written}: {other:?}"),
        };
        for written in ["5-4-5-1", "1 - 4-5-5", " 1-4-5-5", "1-4-5-5 ", "01-4-5-5", "5-5-4-1"] {
            assert_eq!(canonical(written), "1-4-5-5", "{written}");
        }
        let message = TileId::read("5-4-5-1").unwrap_err().error.to_string();
        assert!(message.contains("write 1-4-5-5"), "{message}");
        // Where the text goes wrong, for the notation's columns.
        let at = |written: &str| TileId::read(written).unwrap_err();
        assert_eq!(at("1-1-1").offset, 5);
        assert_eq!(at("1-1-1-1x").offset, 7);
        assert_eq!(at("-1-1-1-1").offset, 0);
        assert_eq!(at("1-1-7-1"), IdError { offset: 4, error: TileError::ValueOutOfRange(7) });
        assert_eq!(at("1-1-12-1").error, TileError::ValueOutOfRange(12));
        assert!(matches!(at("1-1-1-x").error, TileError::Malformed(_)));
        assert_eq!(at("").error, TileError::Empty);
    }

    #[test]
    fn rotation_moves_each_value_one_corner_clockwise() {
        let c = Corners([0, 1, 1, 3]);
        assert_eq!(c.rotate_cw(), Corners([3, 0, 1, 1]));
        assert_eq!(c.rotate_cw().rotate_cw().rotate_cw().rotate_cw(), c);
        assert_eq!(Corners([4, 4, 4, 4]).rotations().len(), 1);
        assert_eq!(Corners([1, 2, 1, 2]).rotations().len(), 2);
        assert_eq!(Corners([1, 1, 2, 2]).rotations().len(), 4);
    }

    #[test]
    fn permutations_are_distinct_arrangements() {
        assert_eq!("0-1-2-3".parse::<TileId>().unwrap().permutations().len(), 24);
        assert_eq!("1-1-2-3".parse::<TileId>().unwrap().permutations().len(), 12);
        assert_eq!("1-1-2-2".parse::<TileId>().unwrap().permutations().len(), 6);
        assert_eq!("1-1-1-2".parse::<TileId>().unwrap().permutations().len(), 4);
        assert_eq!("4-4-4-4".parse::<TileId>().unwrap().permutations().len(), 1);
    }
}
