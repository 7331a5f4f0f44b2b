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

// Every reading's citation is one bit of a u128 (see `cited`).
const _: () = assert!(LAST_READING as u32 <= u128::BITS);

/// The confidence of every interval.
pub const CONFIDENCE: f64 = 0.95;

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

/// The game of `seed` under the base and under `arm`, each played by the
/// strategy and then replayed action by action from the same deal, as a
/// comparison of two runs: what the page of a dispute shows, opening where
/// the two games first part. Errors: a game that cannot be played, or a
/// replay that does not give the game played (an internal error).
pub fn dispute(
    base: &Variant,
    arm: &Arm,
    setting: &Setting,
    seed: u64,
) -> Result<(Comparison, Vec<(Run, Vec<Table>)>), String> {
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
    Ok((comparison, runs))
}

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
/// so that every part plays games from the whole range.
pub fn part_seeds(first: u64, games: u64, share: Option<(usize, usize)>) -> Vec<u64> {
    let (index, of) = share.unwrap_or((1, 1));
    let step = of.max(1) as u64;
    let start = (index.max(1) - 1) as u64;
    (0..games)
        .skip(usize::try_from(start).unwrap_or(usize::MAX))
        .step_by(usize::try_from(step).unwrap_or(1))
        .map(|i| first + i)
        .collect()
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

    #[test]
    fn parts_share_out_every_seed_once() {
        let whole = part_seeds(10, 7, None);
        assert_eq!(whole, (10..17).collect::<Vec<_>>());
        let mut parts: Vec<u64> = (1..=3).flat_map(|i| part_seeds(10, 7, Some((i, 3)))).collect();
        assert_eq!(part_seeds(10, 7, Some((2, 3))), vec![11, 14]);
        parts.sort_unstable();
        assert_eq!(parts, whole);
    }
}
