//! How much each reading matters: many seeded games played under a base
//! variant and again under each other value of each reading measured, with
//! common random numbers: a game of seed `s` is dealt the same hands and
//! well under every value (the deal draws from the seed alone, and so does
//! every later round's), so that the only difference between the two games
//! of a pair is the rule. For each value, against the base: how often the
//! winner changes, how often the game's length in rounds changes, the
//! change in the final scores, and how often an event of either game cites
//! the reading at all.
//!
//! What is counted is exact: whole numbers and a table of the score changes
//! ([`Tally`]), which add up the same in any order, so that the figures are
//! the same on any number of threads and for any split of the seeds into
//! parts. The intervals are computed from the counts when the figures are
//! printed ([`Figures`]): Wilson score intervals for the rates (a rate of 0
//! in N games gets a true upper bound, never "never"), Student's t interval
//! for the mean score change.

use std::collections::BTreeMap;

use rayon::prelude::*;
use serde::{Deserialize, Serialize};

use super::scenario::{Comparer, Comparison, Run, Table, run_game_with_tables};
use super::strategy::{Played, Stop, Strategy, play};
use super::transcript::Ended;
use crate::game::{EventKind, Game};
use crate::rules::{Clause, LAST_READING, Reading, RuleError, RuleSet, Source, Variant};

mod figures;

pub use figures::{CONFIDENCE, Figures, Rate, Rounding, ScoreChange, change_words, percent, points, rate_words};

// Every reading's citation is one bit of a u128 (see `cited`).
const _: () = assert!(LAST_READING as u32 <= u128::BITS);

/// One value of one reading, measured against the base variant's own.
#[derive(Clone, Debug)]
pub struct Arm {
    /// The reading.
    pub reading: &'static Reading,
    /// The value played in place of the base's own.
    pub value: &'static str,
    /// The base variant with that value.
    pub variant: Variant,
    /// Why no game can be dealt under it (a deal, R16, of more tiles than
    /// the set holds), if none can.
    pub unplayable: Option<String>,
}

/// The values measured: for each reading chosen, the one value named, or
/// (`None`) every value other than the base's own, in the order of the
/// readings table. A value that is the base's own is left out: it would be
/// the base game again.
pub fn arms(
    base: &Variant,
    chosen: &[(&'static Reading, Option<&'static str>)],
    players: usize,
) -> Result<Vec<Arm>, RuleError> {
    let mut out: Vec<Arm> = Vec::new();
    for &(reading, only) in chosen {
        let own = base.rules().get(reading.name);
        for &(value, _) in reading.values {
            if own.as_deref() == Some(value) || only.is_some_and(|o| o != value) {
                continue;
            }
            if out.iter().any(|a| a.reading.id == reading.id && a.value == value) {
                continue;
            }
            let variant = base.clone().with_rule(reading.name, value)?;
            let unplayable = Game::check_deal(&variant, players).err();
            out.push(Arm { reading, value, variant, unplayable });
        }
    }
    Ok(out)
}

/// How the games are played.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Setting {
    /// Players at the table, 2 to 8.
    pub players: usize,
    /// Every seat's strategy.
    pub strategy: Strategy,
    /// The most rounds a game is played for (a game stopped there has no
    /// winner).
    pub max_rounds: u32,
}

/// What one game came to.
#[derive(Clone, Debug, PartialEq, Eq)]
struct Outcome {
    /// The winner, or those sharing the win (R23), in seat order; none
    /// where the game stopped at the round limit.
    winners: Vec<usize>,
    rounds: u32,
    /// Every seat's final score added up.
    total: i64,
    /// Bit `n - 1` set when an event cites reading `Rn`.
    cited: u128,
}

fn outcome(p: &Played) -> Outcome {
    let mut winners = Vec::new();
    let mut cited = 0u128;
    for e in p.game.events() {
        if let EventKind::GameEnd { winner, shared_with, .. } = &e.kind {
            winners.push(*winner);
            winners.extend(shared_with.iter().copied());
        }
        for c in &e.clauses {
            cited |= bit(*c);
        }
    }
    winners.sort_unstable();
    Outcome { winners, rounds: p.game.round(), total: p.game.scores().iter().sum(), cited }
}

/// A reading's bit in [`Outcome::cited`]; 0 for a clause of a text.
fn bit(c: Clause) -> u128 {
    match c.source() {
        Source::Reading => 1u128.checked_shl(u32::from(c.number()).saturating_sub(1)).unwrap_or(0),
        _ => 0,
    }
}

/// What one value did over many games, counted exactly.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case", deny_unknown_fields)]
pub struct Tally {
    /// Games played under the value (each beside the base's game of the
    /// same seed).
    pub games: u64,
    /// Games whose winner (or those sharing the win) is not the base
    /// game's; a game with no winner (the round limit) counts as its own
    /// outcome.
    pub winner_changed: u64,
    /// Games that lasted another number of rounds.
    pub rounds_changed: u64,
    /// Games where an event of either game of the pair cites the reading.
    pub used: u64,
    /// Games under the value stopped at the round limit with no winner.
    pub no_winner: u64,
    /// The lowest seed whose winner changed.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub example_seed: Option<u64>,
    /// The number of games by the change in the table's total score (every
    /// seat's final score added up, under the value less under the base):
    /// the per-seat change times the players. Written as a list of
    /// `{change, games}`, lowest change first.
    #[serde(with = "change_table")]
    pub score_changes: BTreeMap<i64, u64>,
}

/// The table of score changes as a list of `{change, games}` entries: a
/// mapping's keys would be strings in JSON, numbers in YAML.
mod change_table {
    use std::collections::BTreeMap;

    use serde::{Deserialize, Deserializer, Serialize, Serializer};

    #[derive(Serialize, Deserialize)]
    #[serde(deny_unknown_fields)]
    struct Entry {
        change: i64,
        games: u64,
    }

    pub fn serialize<S: Serializer>(table: &BTreeMap<i64, u64>, s: S) -> Result<S::Ok, S::Error> {
        s.collect_seq(table.iter().map(|(&change, &games)| Entry { change, games }))
    }

    pub fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<BTreeMap<i64, u64>, D::Error> {
        let mut table = BTreeMap::new();
        for e in Vec::<Entry>::deserialize(d)? {
            if table.insert(e.change, e.games).is_some() {
                return Err(serde::de::Error::custom(format!("the change {} is listed twice", e.change)));
            }
        }
        Ok(table)
    }
}

impl Tally {
    fn add(&mut self, seed: u64, base: &Outcome, other: &Outcome, reading: Clause) {
        self.games += 1;
        if other.winners != base.winners {
            self.winner_changed += 1;
            self.example_seed = Some(self.example_seed.map_or(seed, |s| s.min(seed)));
        }
        self.rounds_changed += u64::from(other.rounds != base.rounds);
        self.used += u64::from((other.cited | base.cited) & bit(reading) != 0);
        self.no_winner += u64::from(other.winners.is_empty());
        *self.score_changes.entry(other.total - base.total).or_default() += 1;
    }

    /// Adds another tally of the same value (other seeds) to this one.
    pub fn merge(&mut self, other: &Tally) {
        self.games += other.games;
        self.winner_changed += other.winner_changed;
        self.rounds_changed += other.rounds_changed;
        self.used += other.used;
        self.no_winner += other.no_winner;
        self.example_seed = match (self.example_seed, other.example_seed) {
            (Some(a), Some(b)) => Some(a.min(b)),
            (a, b) => a.or(b),
        };
        for (&change, &n) in &other.score_changes {
            *self.score_changes.entry(change).or_default() += n;
        }
    }

    /// Why the tally cannot be a count of games, if it cannot (a file
    /// written by hand): a count above its games, or a table of score
    /// changes that does not add up to them.
    pub fn problem(&self) -> Option<String> {
        let table: u64 = self.score_changes.values().fold(0u64, |a, &n| a.saturating_add(n));
        for (what, n) in [
            ("winner-changed", self.winner_changed),
            ("rounds-changed", self.rounds_changed),
            ("used", self.used),
            ("no-winner", self.no_winner),
        ] {
            if n > self.games {
                return Some(format!("`{what}` is {n}, more than its {} games", self.games));
            }
        }
        if table != self.games {
            return Some(format!("`score-changes` counts {table} games, not its {}", self.games));
        }
        if (self.winner_changed > 0) != self.example_seed.is_some() {
            return Some("`example-seed` is given exactly when a winner changed".to_string());
        }
        None
    }
}

/// Everything counted over a range of seeds.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Measured {
    /// Games played under the base variant.
    pub games: u64,
    /// Of them, games stopped at the round limit with no winner.
    pub base_no_winner: u64,
    /// One tally per arm, in the arms' order.
    pub arms: Vec<Tally>,
}

impl Measured {
    fn empty(arms: usize) -> Measured {
        Measured { games: 0, base_no_winner: 0, arms: vec![Tally::default(); arms] }
    }

    fn merge(mut self, other: &Measured) -> Measured {
        self.games += other.games;
        self.base_no_winner += other.base_no_winner;
        for (a, b) in self.arms.iter_mut().zip(&other.arms) {
            a.merge(b);
        }
        self
    }
}

/// A game that could not be played to its end.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GameError {
    /// Its seed.
    pub seed: u64,
    /// The variant it was played under.
    pub variant: String,
    /// What went wrong (starting `internal error` where the engine
    /// contradicted itself).
    pub message: String,
}

/// Plays the game of `seed` under the base and under every playable arm,
/// and counts what each arm changed.
fn one_seed(base: &Variant, arms: &[Arm], setting: &Setting, seed: u64) -> Result<Measured, GameError> {
    let game = |variant: &Variant| {
        play(variant, setting.players, seed, setting.strategy, Stop::End, setting.max_rounds)
            .map(|p| (outcome(&p), p.ended == Ended::RoundLimit))
            .map_err(|message| GameError { seed, variant: variant.label(), message })
    };
    let (reference, limit) = game(base)?;
    let mut m = Measured::empty(arms.len());
    m.games = 1;
    m.base_no_winner = u64::from(limit);
    for (arm, tally) in arms.iter().zip(&mut m.arms) {
        if arm.unplayable.is_none() {
            let (other, _) = game(&arm.variant)?;
            tally.add(seed, &reference, &other, arm.reading.id);
        }
    }
    Ok(m)
}

/// Of two failures, the one of the lower seed: the same whatever order
/// the threads finish in.
fn first_error(a: GameError, b: GameError) -> GameError {
    if b.seed < a.seed { b } else { a }
}

/// Plays every seed of `seeds` under the base and every arm, on `threads`
/// threads (0: one per core), and counts what each arm changed. The counts
/// are the same on any number of threads, and a failure is the one of the
/// lowest seed that fails.
pub fn measure(
    base: &Variant,
    arms: &[Arm],
    setting: &Setting,
    seeds: &[u64],
    threads: usize,
) -> Result<Measured, GameError> {
    let threads = match threads {
        0 => std::thread::available_parallelism().map_or(1, usize::from),
        n => n,
    };
    let pool = rayon::ThreadPoolBuilder::new().num_threads(threads).build().map_err(|e| GameError {
        seed: seeds.first().copied().unwrap_or(0),
        variant: base.label(),
        message: format!("internal error: no thread pool of {threads} threads: {e}"),
    })?;
    let n = arms.len();
    pool.install(|| {
        seeds
            .par_iter()
            .map(|&seed| one_seed(base, arms, setting, seed))
            .fold(
                || Ok(Measured::empty(n)),
                |acc, one| match (acc, one) {
                    (Ok(acc), Ok(one)) => Ok(acc.merge(&one)),
                    (Err(a), Err(b)) => Err(first_error(a, b)),
                    (Err(e), Ok(_)) | (Ok(_), Err(e)) => Err(e),
                },
            )
            .reduce(
                || Ok(Measured::empty(n)),
                |a, b| match (a, b) {
                    (Ok(a), Ok(b)) => Ok(a.merge(&b)),
                    (Err(a), Err(b)) => Err(first_error(a, b)),
                    (Err(e), Ok(_)) | (Ok(_), Err(e)) => Err(e),
                },
            )
    })
}

/// Two games of one deal side by side: their comparison, and each run
/// with its tables, the base's first.
#[derive(Clone, Debug)]
pub struct Dispute {
    /// Where the two games part.
    pub comparison: Comparison,
    /// Each game as a run of its actions, with the table at the start and
    /// after each action.
    pub runs: Vec<(Run, Vec<Table>)>,
}

/// The game of `seed` under the base and under `arm`, each played by the
/// strategy and then replayed action by action from the same deal, as a
/// comparison of two runs: what the page of a dispute shows, opening where
/// the two games first part. Errors: a game that cannot be played, or a
/// replay that does not give the game played (an internal error).
pub fn dispute(base: &Variant, arm: &Arm, setting: &Setting, seed: u64) -> Result<Dispute, String> {
    let name = format!("the game of seed {seed} ({} players, {} strategy)", setting.players, setting.strategy);
    let mut comparer = Comparer::new(&name);
    let mut runs = Vec::with_capacity(2);
    for variant in [base, &arm.variant] {
        let played = play(variant, setting.players, seed, setting.strategy, Stop::End, setting.max_rounds)?;
        let start = Game::deal(variant.clone(), setting.players, seed)?;
        let (run, tables) = run_game_with_tables(&name, start, &played.actions);
        if let Some(refused) = run.steps.iter().find(|s| s.verdict != "accepted") {
            return Err(format!(
                "internal error: the game of seed {seed} under {} replays with `{}` refused: {}",
                variant.label(),
                refused.action,
                refused.reason.as_deref().unwrap_or_default()
            ));
        }
        if run.scores != played.game.scores() {
            return Err(format!(
                "internal error: the game of seed {seed} under {} replays to the scores {:?}, not {:?}",
                variant.label(),
                run.scores,
                played.game.scores()
            ));
        }
        comparer.add(run.clone());
        runs.push((run, tables));
    }
    let mut comparison = comparer.finish();
    let own = base.rules().get(arm.reading.name).unwrap_or_default();
    comparison.baseline = Some(format!("{}'s own value of {}, {own}", base.label(), arm.reading.id));
    Ok(Dispute { comparison, runs })
}

/// One value's line of a report: which value, against which, its counts
/// and (when printed) its figures.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub struct ArmReport {
    /// The reading's id.
    pub reading: Clause,
    /// Its option name.
    pub name: String,
    /// The value measured.
    pub value: String,
    /// The base variant's own value, which it is measured against.
    pub base_value: String,
    /// Why no game can be dealt under the value, if none can.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub unplayable: Option<String>,
    /// What was counted.
    pub counts: Tally,
    /// What the counts say, with their intervals: written out, never read
    /// back (they are computed again from the counts).
    #[serde(default, skip_deserializing, skip_serializing_if = "Option::is_none")]
    pub figures: Option<Figures>,
}

/// A measurement: how the games were played, and each value's line.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub struct Report {
    /// The base variant's label.
    pub variant: String,
    /// Its tile set's name.
    pub tile_set: String,
    /// Its target score.
    pub target: u32,
    /// Its value of every reading.
    pub rules: RuleSet,
    /// Players at the table.
    pub players: usize,
    /// Every seat's strategy.
    pub strategy: String,
    /// The most rounds a game is played for.
    pub max_rounds: u32,
    /// The first seed of the range.
    pub first_seed: u64,
    /// The seeds in the range: `first-seed` to `first-seed + games - 1`.
    pub games: u64,
    /// Which share of the range this report counts (`I/K`: the seeds at
    /// positions I-1, I-1+K, I-1+2K ... of the range), absent for the whole.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub part: Option<String>,
    /// Games played under the base variant (the seeds of the part).
    pub played: u64,
    /// Of them, games stopped at the round limit with no winner.
    pub base_no_winner: u64,
    /// Each value measured, most decisive first ([`Report::sort`]).
    pub readings: Vec<ArmReport>,
}

impl Report {
    /// A report of `measured`, the counts of `arms` over the seeds of
    /// `part` (or the whole range).
    #[allow(clippy::too_many_arguments)]
    pub fn new(
        base: &Variant,
        arms: &[Arm],
        setting: &Setting,
        first_seed: u64,
        games: u64,
        part: Option<String>,
        measured: &Measured,
    ) -> Report {
        let readings = arms
            .iter()
            .zip(&measured.arms)
            .map(|(arm, tally)| ArmReport {
                reading: arm.reading.id,
                name: arm.reading.name.to_string(),
                value: arm.value.to_string(),
                base_value: base.rules().get(arm.reading.name).unwrap_or_default(),
                unplayable: arm.unplayable.clone(),
                counts: tally.clone(),
                figures: None,
            })
            .collect();
        let mut report = Report {
            variant: base.label(),
            tile_set: base.tile_set().name().to_string(),
            target: base.target(),
            rules: *base.rules(),
            players: setting.players,
            strategy: setting.strategy.to_string(),
            max_rounds: setting.max_rounds,
            first_seed,
            games,
            part,
            played: measured.games,
            base_no_winner: measured.base_no_winner,
            readings,
        };
        report.sort();
        report
    }

    /// Computes every value's figures and orders the values by how much
    /// they matter: the winner-change rate, then the rounds-change rate,
    /// then the size of the mean score change, highest first; values no
    /// game can be played under last; ties in the readings table's order.
    pub fn sort(&mut self) {
        for r in &mut self.readings {
            r.figures = Some(Figures::of(&r.counts, self.players));
        }
        let key = |r: &ArmReport| {
            let f = r.figures.unwrap_or_else(|| Figures::of(&r.counts, 0));
            let mean = f.score_change.map_or(0.0, |s| s.mean.abs());
            (r.unplayable.is_some(), -f.winner_changed.rate, -f.rounds_changed.rate, -mean)
        };
        let order = |r: &ArmReport| {
            let values = crate::rules::READINGS.iter().find(|x| x.id == r.reading).map(|x| x.values);
            let at = values.and_then(|v| v.iter().position(|(v, _)| *v == r.value)).unwrap_or(usize::MAX);
            (r.reading, at)
        };
        self.readings.sort_by(|a, b| {
            let (ka, kb) = (key(a), key(b));
            ka.0.cmp(&kb.0)
                .then(ka.1.total_cmp(&kb.1))
                .then(ka.2.total_cmp(&kb.2))
                .then(ka.3.total_cmp(&kb.3))
                .then(order(a).cmp(&order(b)))
        });
    }

    /// The last seed of the range.
    pub fn last_seed(&self) -> u64 {
        self.first_seed.saturating_add(self.games.saturating_sub(1))
    }
}

/// The seeds of `games` from `first`, or of its share `index` of `of`
/// (from 1): the positions `index - 1`, `index - 1 + of`, ... of the range,
/// so that every part plays games from the whole range. Seeds past the
/// largest are left out (the command refuses such a range first).
pub fn part_seeds(first: u64, games: u64, share: Option<(usize, usize)>) -> Vec<u64> {
    let (index, of) = share.unwrap_or((1, 1));
    let step = of.max(1);
    let start = index.max(1) - 1;
    (0..games).skip(start).step_by(step).map_while(|i| first.checked_add(i)).collect()
}

/// How many seeds of a range of `games` the share `index` of `of` (from 1)
/// plays, counted without listing them.
pub fn part_size(games: u64, index: usize, of: usize) -> u64 {
    let (index, of) = (index.max(1) as u64, of.max(1) as u64);
    if games < index { 0 } else { (games - index) / of + 1 }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parts_share_out_every_seed_once() {
        let whole = part_seeds(10, 7, None);
        assert_eq!(whole, (10..17).collect::<Vec<_>>());
        let mut parts: Vec<u64> = (1..=3).flat_map(|i| part_seeds(10, 7, Some((i, 3)))).collect();
        assert_eq!(part_seeds(10, 7, Some((2, 3))), vec![11, 14]);
        parts.sort_unstable();
        assert_eq!(parts, whole);
        for (games, of) in [(7, 3), (1, 4), (12, 4), (0, 2)] {
            for index in 1..=of {
                assert_eq!(part_size(games, index, of), part_seeds(0, games, Some((index, of))).len() as u64);
            }
        }
    }
}
