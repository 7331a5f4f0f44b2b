//! The figures of a value's counts: each rate with its 95% Wilson score
//! interval, the mean change of a seat's final score with its Student's t
//! interval, spread and quartiles; and how they are written, every printed
//! end of an interval rounded outwards so that what is printed holds what
//! was computed.

use std::collections::BTreeMap;

use serde::Serialize;

use super::Tally;

/// The confidence of every interval.
pub const CONFIDENCE: f64 = 0.95;

/// A rate with its 95% Wilson score interval.
#[derive(Clone, Copy, Debug, PartialEq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub struct Rate {
    /// Games where it happened.
    pub count: u64,
    /// Games played.
    pub games: u64,
    /// `count / games` (0 with no games).
    pub rate: f64,
    /// The interval's lower end.
    pub low: f64,
    /// Its upper end.
    pub high: f64,
}

/// The normal quantile of the two-sided interval (1.96 for 95%).
fn z() -> f64 {
    distrs::Normal::ppf(1.0 - (1.0 - CONFIDENCE) / 2.0, 0.0, 1.0)
}

impl Rate {
    /// `count` of `games`, with its Wilson score interval: unlike the
    /// normal approximation it stays within 0 and 1 and gives 0 of N a
    /// true upper bound (about 3.8/N at 95%).
    pub fn wilson(count: u64, games: u64) -> Rate {
        if games == 0 {
            return Rate { count, games, rate: 0.0, low: 0.0, high: 1.0 };
        }
        let n = games as f64;
        let p = count as f64 / n;
        let z = z();
        let z2 = z * z;
        let centre = (p + z2 / (2.0 * n)) / (1.0 + z2 / n);
        let half = z / (1.0 + z2 / n) * (p * (1.0 - p) / n + z2 / (4.0 * n * n)).sqrt();
        // At 0 and at N the interval ends exactly at 0 and 1.
        let low = if count == 0 { 0.0 } else { (centre - half).clamp(0.0, 1.0) };
        let high = if count == games { 1.0 } else { (centre + half).clamp(0.0, 1.0) };
        Rate { count, games, rate: p, low, high }
    }
}

/// The change in the final scores per seat over the games: its mean with a
/// 95% Student's t interval, its spread and its quartiles.
#[derive(Clone, Copy, Debug, PartialEq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub struct ScoreChange {
    /// The mean change of a seat's final score.
    pub mean: f64,
    /// The standard deviation of the per-game change (0 for one game).
    pub sd: f64,
    /// The interval of the mean (absent for one game).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub low: Option<f64>,
    /// Its upper end.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub high: Option<f64>,
    /// The least change of a game.
    pub min: f64,
    /// The first quartile (nearest rank).
    pub q1: f64,
    /// The median (nearest rank).
    pub median: f64,
    /// The third quartile (nearest rank).
    pub q3: f64,
    /// The greatest change.
    pub max: f64,
}

impl ScoreChange {
    /// The figures of a table of total changes (as [`Tally::score_changes`])
    /// over `players` seats; `None` for no games.
    pub fn of(table: &BTreeMap<i64, u64>, players: usize) -> Option<ScoreChange> {
        let n: u64 = table.values().sum();
        if n == 0 || players == 0 {
            return None;
        }
        let seats = players as f64;
        // Exact sums in 128 bits; only the results are made floating.
        let (sum, squares) = table.iter().fold((0i128, 0i128), |(s, q), (&v, &c)| {
            let (v, c) = (i128::from(v), i128::from(c));
            (s + v * c, q + v * v * c)
        });
        let count = i128::from(n);
        let mean = sum as f64 / n as f64 / seats;
        let (sd, low, high) = if n >= 2 {
            let variance = (count * squares - sum * sum) as f64 / (count * (count - 1)) as f64;
            let sd = variance.max(0.0).sqrt() / seats;
            let t = distrs::StudentsT::ppf(1.0 - (1.0 - CONFIDENCE) / 2.0, (n - 1) as f64);
            let half = t * sd / (n as f64).sqrt();
            (sd, Some(mean - half), Some(mean + half))
        } else {
            (0.0, None, None)
        };
        // The value at rank ceil(q * n), from 1.
        let at = |q: f64| {
            let rank = ((q * n as f64).ceil() as u64).clamp(1, n);
            let mut seen = 0;
            for (&v, &c) in table {
                seen += c;
                if seen >= rank {
                    return v as f64 / seats;
                }
            }
            0.0
        };
        Some(ScoreChange {
            mean,
            sd,
            low,
            high,
            min: at(0.0),
            q1: at(0.25),
            median: at(0.5),
            q3: at(0.75),
            max: at(1.0),
        })
    }
}

/// The figures of one value, computed from its tally.
#[derive(Clone, Copy, Debug, PartialEq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub struct Figures {
    /// How often the winner changed.
    pub winner_changed: Rate,
    /// How often the game's length in rounds changed.
    pub rounds_changed: Rate,
    /// How often an event of either game cited the reading.
    pub used: Rate,
    /// The change of a seat's final score (absent with no games).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub score_change: Option<ScoreChange>,
}

impl Figures {
    /// The figures of `tally` for games of `players`.
    pub fn of(tally: &Tally, players: usize) -> Figures {
        Figures {
            winner_changed: Rate::wilson(tally.winner_changed, tally.games),
            rounds_changed: Rate::wilson(tally.rounds_changed, tally.games),
            used: Rate::wilson(tally.used, tally.games),
            score_change: ScoreChange::of(&tally.score_changes, players),
        }
    }
}

/// A percentage of a rate, to one decimal: `round` to the nearest, `down`
/// and `up` for an interval's ends, so that the interval printed holds the
/// one computed.
pub fn percent(x: f64, how: Rounding) -> String {
    let tenths = x * 1000.0;
    let tenths = match how {
        Rounding::Nearest => tenths.round(),
        // A hair of floating error is no reason to widen an end.
        Rounding::Down => (tenths + 1e-9).floor(),
        Rounding::Up => (tenths - 1e-9).ceil(),
    };
    let tenths = tenths.clamp(0.0, 1000.0) as i64;
    if tenths % 10 == 0 { format!("{}%", tenths / 10) } else { format!("{}.{}%", tenths / 10, tenths % 10) }
}

/// A number of points to one decimal, rounded as `how` says.
pub fn points(x: f64, how: Rounding) -> String {
    let tenths = x * 10.0;
    let tenths = match how {
        Rounding::Nearest => tenths.round(),
        Rounding::Down => (tenths + 1e-9).floor(),
        Rounding::Up => (tenths - 1e-9).ceil(),
    } as i64;
    let sign = if tenths < 0 { "-" } else { "" };
    let t = tenths.abs();
    if t % 10 == 0 { format!("{sign}{}", t / 10) } else { format!("{sign}{}.{}", t / 10, t % 10) }
}

/// How a figure is rounded for print.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Rounding {
    /// To the nearest.
    Nearest,
    /// Down: the lower end of an interval.
    Down,
    /// Up: the upper end of an interval.
    Up,
}

/// A rate in words: `12.2% (9.6% to 15.3%)`, or for none, the bound
/// alone: `0 (under 0.8%)`.
pub fn rate_words(r: &Rate) -> String {
    if r.count == 0 {
        format!("0 (under {})", percent(r.high, Rounding::Up))
    } else if r.count == r.games {
        format!("all (over {})", percent(r.low, Rounding::Down))
    } else {
        format!(
            "{} ({} to {})",
            percent(r.rate, Rounding::Nearest),
            percent(r.low, Rounding::Down),
            percent(r.high, Rounding::Up)
        )
    }
}

/// A mean score change in words: `-14.2 (-18.1 to -10.3)`; `0 in every
/// game` where no score changed.
pub fn change_words(s: &Option<ScoreChange>) -> String {
    match s {
        None => "no games".to_string(),
        Some(s) if s.min == 0.0 && s.max == 0.0 => "0 in every game".to_string(),
        Some(s) => match (s.low, s.high) {
            (Some(low), Some(high)) => format!(
                "{} ({} to {})",
                points(s.mean, Rounding::Nearest),
                points(low, Rounding::Down),
                points(high, Rounding::Up)
            ),
            _ => format!("{} (one game: no interval)", points(s.mean, Rounding::Nearest)),
        },
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn wilson_bounds_none_of_n_by_about_3_8_over_n_and_all_by_the_mirror() {
        let none = Rate::wilson(0, 1000);
        assert_eq!((none.rate, none.low), (0.0, 0.0));
        assert!((none.high - 0.003_827).abs() < 1e-5, "{none:?}");
        assert_eq!(rate_words(&none), "0 (under 0.4%)");
        let all = Rate::wilson(1000, 1000);
        assert_eq!(all.high, 1.0);
        assert!((all.low - (1.0 - none.high)).abs() < 1e-12);
        // 61 of 500 (a textbook value: 0.0962 to 0.1532).
        let r = Rate::wilson(61, 500);
        // p = 0.122, z = 1.96: centre 0.12488, half-width 0.02872.
        assert!((r.low - 0.09616).abs() < 5e-5 && (r.high - 0.15361).abs() < 5e-5, "{r:?}");
        assert_eq!(rate_words(&r), "12.2% (9.6% to 15.4%)");
    }

    #[test]
    fn the_t_interval_and_the_quartiles_come_from_the_table() {
        // Four seats; totals 0, 4, 8, 8 (per seat 0, 1, 2, 2).
        let table: BTreeMap<i64, u64> = [(0, 1), (4, 1), (8, 2)].into_iter().collect();
        let s = ScoreChange::of(&table, 4).unwrap();
        assert_eq!((s.mean, s.min, s.median, s.max), (1.25, 0.0, 1.0, 2.0));
        // sd of 0, 1, 2, 2 is sqrt(0.9167); t(0.975, 3) = 3.182.
        assert!((s.sd - 0.9574).abs() < 1e-3, "{s:?}");
        let half = 3.182 * 0.9574 / 2.0;
        assert!((s.low.unwrap() - (1.25 - half)).abs() < 2e-3, "{s:?}");
        assert!(ScoreChange::of(&BTreeMap::new(), 4).is_none());
        let one = ScoreChange::of(&[(8, 1)].into_iter().collect(), 4).unwrap();
        assert_eq!((one.mean, one.low), (2.0, None));
    }

    #[test]
    fn printed_ends_are_rounded_outwards() {
        assert_eq!(percent(0.12345, Rounding::Down), "12.3%");
        assert_eq!(percent(0.12345, Rounding::Up), "12.4%");
        assert_eq!(percent(0.12, Rounding::Up), "12%");
        assert_eq!(points(-10.34, Rounding::Down), "-10.4");
        assert_eq!(points(-10.34, Rounding::Up), "-10.3");
        assert_eq!(points(0.0, Rounding::Nearest), "0");
    }
}
