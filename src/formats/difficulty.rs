//! A puzzle's `difficulty:` key: the figures the search measured when the
//! puzzle was posed, and the level they give. The levels are defined here,
//! by thresholds on the figures, so that a file read back is held to the
//! same definition that made it.

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use crate::error::{DocPath, Problem};

/// How hard a puzzle is, from its figures (see [`Level::of`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "kebab-case")]
pub enum Level {
    /// The greedy play is the answer.
    Easy,
    /// The greedy play falls a little short, once.
    Medium,
    /// The greedy play falls far short, or the answer departs from it
    /// more than once, or close answers must be told apart.
    Hard,
}

impl Level {
    /// Every level, easiest first.
    pub const ALL: [Level; 3] = [Level::Easy, Level::Medium, Level::Hard];

    /// Its name as written.
    pub fn name(self) -> &'static str {
        match self {
            Level::Easy => "easy",
            Level::Medium => "medium",
            Level::Hard => "hard",
        }
    }

    /// The level the figures give. A solver finds the greedy answer by
    /// taking, at every step, what scores most by itself; a person does the
    /// same first. So:
    ///
    /// - easy: the greedy answer is optimal (`gap` 0) and every play of the
    ///   answer is a greedy choice (`non-greedy` 0): seeing the best single
    ///   play is enough;
    /// - hard: greedy loses at least [`HARD_GAP`] per cent, or the answer
    ///   departs from the greedy choice at two plays or more, or greedy
    ///   falls short while at least [`HARD_NEAR`] answers come within 10%
    ///   (one has to look ahead, or tell close answers apart);
    /// - medium: everything between (greedy falls short by a little, and
    ///   the answer departs from it once at most).
    pub fn of(figures: &Figures) -> Level {
        let short = figures.gap > 0 || figures.non_greedy > 0;
        if !short {
            Level::Easy
        } else if figures.gap >= HARD_GAP || figures.non_greedy >= 2 || (figures.gap > 0 && figures.near >= HARD_NEAR) {
            Level::Hard
        } else {
            Level::Medium
        }
    }
}

impl std::str::FromStr for Level {
    type Err = String;
    fn from_str(s: &str) -> Result<Level, String> {
        Level::ALL
            .into_iter()
            .find(|l| l.name() == s)
            .ok_or_else(|| format!("unknown difficulty `{s}`: write easy, medium or hard"))
    }
}

impl std::fmt::Display for Level {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.name())
    }
}

/// The gap, in per cent of the optimum, from which a puzzle is hard.
pub const HARD_GAP: u32 = 20;

/// How many answers within 10% of the optimum make a puzzle that greedy
/// gets wrong hard.
pub const HARD_NEAR: u32 = 3;

/// The figures of a puzzle's difficulty as the search measured them, and
/// its level (`difficulty:` in a puzzle file).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "kebab-case", deny_unknown_fields)]
pub struct Figures {
    /// The level these figures give (easy, medium, hard).
    pub level: Level,
    /// The score of the greedy answer (each step the play that scores most
    /// by itself, a bonus counted as 25; a fill takes the heaviest tile that
    /// fits, cell by cell in reading order); absent when greedy makes no
    /// answer (a fill it cannot complete). For a counting fill, the number
    /// of bonuses of the greedy fill.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub greedy: Option<i64>,
    /// Greedy is a family of answers where several plays score the most by
    /// themselves: `greedy` is the worst of them (the level is measured
    /// from it, as a person may break the tie either way), this the best.
    /// Absent where no greedy answer is complete.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub greedy_best: Option<i64>,
    /// How far the greedy answer falls short, in whole per cent of the
    /// optimum (rounded down); 100 when greedy makes no answer. For a
    /// counting fill: 0 when the greedy fill is a fill, else 100.
    pub gap: u32,
    /// How many answers come within 10% of the optimum, the optimum
    /// included (docs/FORMATS.md says what counts as one answer).
    pub near: u32,
    /// How many plays of the best answer are not the greedy choice at their
    /// point.
    pub non_greedy: u32,
    /// The optimum less the best answer that is another set of placements
    /// (the whole optimum where there is no other answer; 0 where two sets
    /// tie). Absent for a counting fill.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub margin: Option<i64>,
    /// The search nodes the native solver took to prove the optimum when
    /// the puzzle was made (for information: a faster search takes fewer,
    /// so it is not checked when read back).
    pub nodes: u64,
}

impl Figures {
    /// The gap, in whole per cent, between an optimum and a greedy score
    /// (100 when greedy made no answer, 0 when the optimum is 0).
    pub fn gap_of(optimum: i64, greedy: Option<i64>) -> u32 {
        match greedy {
            None => 100,
            Some(_) if optimum <= 0 => 0,
            Some(g) => {
                let short = (optimum - g).clamp(0, optimum);
                u32::try_from(short.saturating_mul(100) / optimum).unwrap_or(100)
            }
        }
    }

    /// What is wrong with these figures for a puzzle whose recorded answer
    /// is `optimum` (a score) or, for a counting fill, `counting`: the gap
    /// must follow from the optimum and the greedy score, and the level
    /// from the figures, by the definitions above.
    pub fn problems(&self, optimum: Option<i64>, counting: bool) -> Vec<Problem> {
        let at = DocPath::from("difficulty");
        let mut problems = Vec::new();
        let gap = if counting {
            Some(if self.greedy.is_some() { 0 } else { 100 })
        } else {
            optimum.map(|o| Figures::gap_of(o, self.greedy))
        };
        match gap {
            None => problems.push(Problem::new(
                at.clone(),
                "a difficulty is measured against the proven answer: give `expect: {score: N}` beside it",
            )),
            Some(gap) if gap != self.gap => problems.push(Problem::new(
                at.key("gap"),
                format!(
                    "the gap is {gap} (per cent of the optimum that the greedy answer falls short), not {}; \
                     remake the puzzle, or correct the figure",
                    self.gap
                ),
            )),
            Some(_) => {}
        }
        let level = Level::of(self);
        if level != self.level {
            problems.push(Problem::new(
                at.key("level"),
                format!(
                    "these figures make the puzzle {level}, not {}; the levels are defined in docs/FORMATS.md",
                    self.level
                ),
            ));
        }
        problems
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn figures(gap: u32, near: u32, non_greedy: u32) -> Figures {
        Figures {
            level: Level::Easy,
            greedy: Some(1),
            greedy_best: Some(1),
            gap,
            near,
            non_greedy,
            margin: None,
            nodes: 0,
        }
    }

    #[test]
    fn the_levels_follow_their_thresholds() {
        assert_eq!(Level::of(&figures(0, 1, 0)), Level::Easy);
        // Greedy optimal by another route still departs from greedy once.
        assert_eq!(Level::of(&figures(0, 5, 1)), Level::Medium);
        assert_eq!(Level::of(&figures(10, 2, 1)), Level::Medium);
        assert_eq!(Level::of(&figures(HARD_GAP - 1, HARD_NEAR - 1, 1)), Level::Medium);
        assert_eq!(Level::of(&figures(HARD_GAP, 1, 1)), Level::Hard);
        assert_eq!(Level::of(&figures(5, 1, 2)), Level::Hard);
        assert_eq!(Level::of(&figures(5, HARD_NEAR, 1)), Level::Hard);
    }

    #[test]
    fn the_gap_is_in_whole_per_cent_and_100_without_an_answer() {
        assert_eq!(Figures::gap_of(41, Some(36)), 12);
        assert_eq!(Figures::gap_of(41, Some(41)), 0);
        assert_eq!(Figures::gap_of(10, None), 100);
        assert_eq!(Figures::gap_of(0, Some(0)), 0);
    }

    #[test]
    fn figures_that_do_not_give_their_level_are_refused_by_name() {
        let wrong = Figures {
            level: Level::Easy,
            greedy: Some(30),
            greedy_best: Some(30),
            gap: 26,
            near: 1,
            non_greedy: 1,
            margin: Some(3),
            nodes: 9,
        };
        let problems = wrong.problems(Some(41), false);
        let text: Vec<String> = problems.iter().map(|p| p.to_string()).collect();
        assert_eq!(problems.len(), 1, "{text:?}");
        assert!(text[0].contains("make the puzzle hard, not easy"), "{text:?}");
        let bad_gap = Figures {
            level: Level::Hard,
            greedy: Some(30),
            greedy_best: Some(30),
            gap: 20,
            near: 1,
            non_greedy: 1,
            margin: Some(3),
            nodes: 9,
        };
        let text: Vec<String> = bad_gap.problems(Some(41), false).iter().map(|p| p.to_string()).collect();
        assert!(text.iter().any(|t| t.contains("the gap is 26")), "{text:?}");
    }
}
