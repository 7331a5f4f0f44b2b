//! Running rule scenarios: a starting state and a list of actions, played
//! through the game engine under a variant; each action's verdict, events and
//! scores recorded, and compared with the scenario's expectations.
//!
//! This file is long because a scenario's start (explicit or dealt), its
//! actions and every kind of expectation are checked in one pass over the
//! game, each against the same recorded run.

use std::collections::BTreeMap;
use std::path::Path;

use serde::Serialize;

use crate::error::{DocPath, Problem};
use crate::formats::{
    ActionEntry, BUILTIN_VARIANTS, FileKind, FinalExpect, InputError, RuleOverrides, ScenarioFile, SimpleAction,
    Source, StepExpect, VariantChoice,
};
use crate::game::{Action, Event, EventKind, Game, Phase, Setup};
use crate::model::{Board, TileId};
use crate::rules::{Clause, Placement, Reading, Variant};

/// A scenario file read and checked.
#[derive(Clone, Debug)]
pub struct LoadedScenario {
    /// The file's text and name.
    pub source: Source,
    /// What it says.
    pub file: ScenarioFile,
    /// The actions, checked.
    pub actions: Vec<Action>,
    /// The variants it runs under, in order.
    pub variants: Vec<Variant>,
}

/// What one action did.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct StepOutcome {
    /// The action in words.
    pub action: String,
    /// `accepted` or `refused`.
    pub verdict: &'static str,
    /// Why it was refused.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub reason: Option<String>,
    /// The clauses behind a refusal.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub clauses: Vec<Clause>,
    /// The events it caused.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub events: Vec<Event>,
    /// The acting seat's score change.
    pub score: i64,
    /// Every seat's score after it.
    pub scores: Vec<i64>,
    /// Where play stands after it.
    pub phase: &'static str,
}

/// A scenario played under one variant.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Run {
    /// The scenario's name.
    pub scenario: String,
    /// The variant's label.
    pub variant: String,
    /// Events before the first action (the deal, a re-deal).
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub setup: Vec<Event>,
    /// Each action's outcome.
    pub steps: Vec<StepOutcome>,
    /// The final scores.
    pub scores: Vec<i64>,
    /// The final phase.
    pub phase: &'static str,
    /// The winner, when the game ended.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub winner: Option<usize>,
}

/// The name of a phase as scenarios write it.
pub fn phase_name(phase: Phase) -> &'static str {
    match phase {
        Phase::Opening { .. } => "opening",
        Phase::BonusChoice { .. } => "bonus-choice",
        Phase::BonusTiles { .. } => "bonus-tiles",
        Phase::Turn { .. } => "turn",
        Phase::RoundOver => "round-over",
        Phase::GameOver { .. } => "game-over",
    }
}

/// The name of an event kind as scenarios write it.
pub fn event_name(kind: &EventKind) -> &'static str {
    kind.tag().name()
}

/// Reads a scenario and resolves its variants, each with the file's
/// `rules:` on top (`choice` overrides them: with `--variant` or `--spec`
/// the scenario runs under that variant only, without the file's `rules:`;
/// `--rule` applies to every variant).
pub fn load_scenario(path: &Path, choice: &VariantChoice) -> Result<LoadedScenario, InputError> {
    load_scenario_source(Source::read(path)?, choice)
}

/// [`load_scenario`] from a text already read: a file, or a shipped
/// scenario ([`crate::formats::SHIPPED_SCENARIO_FILES`], whose spec files
/// are the shipped ones beside it).
pub fn load_scenario_source(source: Source, choice: &VariantChoice) -> Result<LoadedScenario, InputError> {
    // A variant misspelt is said with the other mistakes of the file.
    let overridden = choice.variant.is_some() || choice.spec.is_some();
    let file: ScenarioFile = source.parse_as(FileKind::Scenario, |source| match overridden {
        true => Vec::new(),
        false => {
            let names = source.part::<Vec<String>>(&DocPath::from("variants")).unwrap_or_default();
            variant_problems(source, &names, &RuleOverrides::default(), &[]).1
        }
    })?;
    let mut problems = Vec::new();
    let mut actions = Vec::new();
    for (i, entry) in file.actions.iter().enumerate() {
        match to_action(entry) {
            Some(a) => actions.push(a),
            None => problems.push(Problem::new(
                DocPath::from("actions").index(i),
                "an action is either `place: {tile, at, corners}` or `do: take-points | take-tiles | draw | pass | next-round`; write one of them",
            )),
        }
    }
    let start = &file.start;
    if start.deal.is_some() {
        // A deal decides hands, well, scores, turn and seed itself; a key
        // beside it would be silently overruled, so it is refused where it
        // stands.
        let beside = [
            ("hands", !start.hands.is_empty()),
            ("board", !start.board.is_empty()),
            ("well", start.well.is_some()),
            ("scores", start.scores.is_some()),
            ("to-move", start.to_move.is_some()),
            ("seed", start.seed.is_some()),
        ];
        for (key, _) in beside.iter().filter(|(_, given)| *given) {
            problems.push(Problem::new(
                DocPath::from("start").key(key),
                format!("`{key}:` cannot stand beside `deal:`, which deals the start itself; give either `deal:` or explicit `hands:` (with `board:`, `well:`, `scores:`, `to-move:`, `seed:`)"),
            ));
        }
    } else if start.to_move.is_some() && start.board.is_empty() {
        problems.push(Problem::new(
            DocPath::from("start").key("to-move"),
            "`to-move:` needs a `board:` with tiles: on an empty board the opener is decided by the rules (E3, R11)",
        ));
    }
    if file.start.deal.is_none() && file.start.hands.is_empty() {
        problems.push(Problem::new(DocPath::from("start"), "the start needs `hands:` (one list per seat) or `deal:`"));
    }
    // The file's `rules:` apply to each of its variants; checked once, here.
    let rule_problems = file.rules.problems(&DocPath::from("rules"));
    let file_rules = if rule_problems.is_empty() { file.rules.clone() } else { RuleOverrides::default() };
    problems.extend(rule_problems);
    let mut variants = Vec::new();
    let mut elsewhere = Vec::new();
    if overridden {
        variants.push(choice.resolve(None, None)?);
    } else {
        let names: Vec<String> = match &file.variants {
            Some(list) => list.clone(),
            None => BUILTIN_VARIANTS.iter().map(|(n, _)| n.to_string()).collect(),
        };
        (variants, elsewhere) = variant_problems(&source, &names, &file_rules, &choice.rules);
    }
    // Expectations are keyed by the variants the file names, whatever it is
    // run under: a scenario written for english and serbian may be run under
    // serbian-chain, its expectations for the other two then simply not
    // applying. With an override the file's own list is resolved only for
    // their names, and one that cannot be resolved is not refused here (it
    // was never going to run).
    let mut known: Vec<String> = variants.iter().map(|v| v.name().to_string()).collect();
    if choice.variant.is_some() || choice.spec.is_some() {
        let plain = VariantChoice::default();
        for name in file.variants.iter().flatten() {
            if let Ok(v) = plain.resolve(Some(name), Some(&source))
                && !known.iter().any(|k| k == v.name())
            {
                known.push(v.name().to_string());
            }
        }
    }
    let mut check_keys = |keys: Vec<&String>, at: DocPath| {
        for k in keys {
            if k != "all" && !known.contains(k) && file.variants.is_some() {
                problems.push(Problem::new(
                    at.key(k),
                    format!(
                        "`{k}` is not one of the scenario's variants ({}) or `all`; write one of them",
                        known.join(", ")
                    ),
                ));
            }
        }
    };
    for (i, entry) in file.actions.iter().enumerate() {
        check_keys(entry.expect.keys().collect(), DocPath::from("actions").index(i).key("expect"));
    }
    check_keys(file.expect.keys().collect(), DocPath::from("expect"));
    if !problems.is_empty() || !elsewhere.is_empty() {
        let mut all = source.problems(problems).problems;
        all.extend(elsewhere);
        return Err(InputError::listed(all));
    }
    Ok(LoadedScenario { source, file, actions, variants })
}

/// The variants a scenario names, each with the file's `rules:` and
/// `--rule` on top, and what is wrong with those that cannot be had: a
/// name that names none at its entry of `variants:`, a spec's own
/// mistakes in the spec.
fn variant_problems(
    source: &Source,
    names: &[String],
    file_rules: &RuleOverrides,
    rules: &[String],
) -> (Vec<Variant>, Vec<crate::formats::Located>) {
    let mut variants = Vec::new();
    let mut problems = Vec::new();
    for (i, name) in names.iter().enumerate() {
        let at = DocPath::from("variants").index(i);
        match crate::formats::variant_named_at(name, file_rules, rules, source, &at) {
            Ok(v) => variants.push(v),
            Err(e) => problems.extend(e.problems),
        }
    }
    (variants, problems)
}

fn to_action(entry: &ActionEntry) -> Option<Action> {
    match (entry.place, entry.act) {
        (Some(p), None) => Some(Action::Place(Placement {
            tile: p.tile.unwrap_or_else(|| p.corners.id()),
            at: p.at,
            corners: p.corners,
        })),
        (None, Some(a)) => Some(match a {
            SimpleAction::TakePoints => Action::TakePoints,
            SimpleAction::TakeTiles => Action::TakeTiles,
            SimpleAction::Draw => Action::Draw,
            SimpleAction::Pass => Action::Pass,
            SimpleAction::NextRound => Action::NextRound,
        }),
        _ => None,
    }
}

impl LoadedScenario {
    /// The starting game under `variant`, or the problems with the start.
    pub fn start(&self, variant: &Variant) -> Result<Game, InputError> {
        let start = &self.file.start;
        let at = |p: Vec<Problem>| {
            self.source.problems(
                p.into_iter()
                    .map(|mut p| {
                        let mut path = DocPath::from("start");
                        path.0.extend(p.at.0);
                        p.at = path;
                        p
                    })
                    .collect(),
            )
        };
        match start.deal {
            Some(deal) => Game::deal(variant.clone(), deal.players, deal.seed)
                .map_err(|m| at(vec![Problem::new(DocPath::from("deal").key("players"), m)])),
            None => {
                let setup = Setup {
                    hands: start.hands.clone(),
                    well: start.well.clone().unwrap_or_default(),
                    board: start.board.iter().map(|e| (e.at, e.tile)).collect(),
                    scores: start.scores.clone().unwrap_or_default(),
                    to_move: start.to_move,
                    seed: start.seed.unwrap_or(0),
                };
                Game::from_setup(variant.clone(), &setup).map_err(at)
            }
        }
    }

    /// Plays the scenario under `variant`.
    pub fn run(&self, variant: &Variant) -> Result<Run, InputError> {
        self.run_watched(variant, &mut |_| {})
    }

    /// [`LoadedScenario::run`], with the table at the start and after each
    /// action (one more table than actions), for a page that shows them.
    pub fn run_with_tables(&self, variant: &Variant) -> Result<(Run, Vec<Table>), InputError> {
        Ok(run_game_with_tables(&self.file.name, self.start(variant)?, &self.actions))
    }

    /// Plays the scenario, showing `each` the game at the start and after
    /// each action.
    fn run_watched(&self, variant: &Variant, each: &mut dyn FnMut(&Game)) -> Result<Run, InputError> {
        let game = self.start(variant)?;
        Ok(run_actions(&self.file.name, game, &self.actions, each))
    }

    /// Whether the scenario expects action `i` (from 0) to be refused under
    /// `variant` (`legal: false` or `refused:` for it or for `all`).
    pub fn expects_refusal(&self, variant: &Variant, i: usize) -> bool {
        self.file.actions.get(i).is_some_and(|entry| {
            [entry.expect.get("all"), entry.expect.get(variant.name())]
                .into_iter()
                .flatten()
                .any(|e| e.legal == Some(false) || e.refused.is_some())
        })
    }

    /// Where the run departs from the scenario's expectations for `variant`:
    /// one line per failed expectation; empty when all hold.
    pub fn check(&self, variant: &Variant, run: &Run) -> Vec<String> {
        let mut failures = Vec::new();
        let pick = |map: &BTreeMap<String, StepExpect>| -> Vec<StepExpect> {
            [map.get("all"), map.get(variant.name())].into_iter().flatten().cloned().collect()
        };
        for (i, (entry, step)) in self.file.actions.iter().zip(&run.steps).enumerate() {
            let expected = pick(&entry.expect);
            for exp in &expected {
                for f in check_step(exp, step) {
                    failures.push(format!("action {} ({}): {f}", i + 1, step.action));
                }
            }
            // A refusal leaves the game as it was and the actions after it
            // play on from there, so one nothing asked for is a failure: a
            // scenario whose step was refused by mistake must not hold.
            let covered = expected.iter().any(|e| e.legal.is_some() || e.refused.is_some());
            if step.verdict == "refused" && !covered {
                failures.push(format!(
                    "action {} ({}): refused, and no expectation says it is: {}; if the refusal is meant, write `legal: false` under the action's `expect:`",
                    i + 1,
                    step.action,
                    step.reason.as_deref().unwrap_or("no reason given")
                ));
            }
        }
        let finals: Vec<&FinalExpect> =
            [self.file.expect.get("all"), self.file.expect.get(variant.name())].into_iter().flatten().collect();
        for exp in finals {
            if let Some(scores) = &exp.scores
                && *scores != run.scores
            {
                failures.push(format!("final scores: expected {scores:?}, got {:?}", run.scores));
            }
            if let Some(w) = exp.winner
                && run.winner != Some(w)
            {
                failures.push(format!("winner: expected seat {w}, got {:?}", run.winner));
            }
            if let Some(p) = exp.phase.map(|p| p.name())
                && p != run.phase
            {
                failures.push(format!("final phase: expected {p}, got {}", run.phase));
            }
        }
        failures
    }
}

/// Plays `actions` one by one on `game` (a scenario's start, or a dealt
/// game), each refused one leaving the game as it was, and records each
/// one's outcome as a run named `scenario`; `each` is shown the game at the
/// start and after each action.
fn run_actions(scenario: &str, mut game: Game, actions: &[Action], each: &mut dyn FnMut(&Game)) -> Run {
    each(&game);
    let setup = game.events().to_vec();
    let mut steps = Vec::new();
    for &action in actions {
        let before = game.events().len();
        let seat = game.to_move();
        let outcome = game.apply(action);
        let events = game.events().get(before..).unwrap_or_default().to_vec();
        let score = events.iter().filter(|e| e.seat.is_some() && e.seat == seat).map(|e| e.score).sum::<i64>();
        let (verdict, reason, clauses) = match outcome {
            Ok(()) => ("accepted", None, Vec::new()),
            Err(refusal) => ("refused", Some(refusal.to_string()), refusal.clauses(game.variant())),
        };
        each(&game);
        steps.push(StepOutcome {
            action: describe(action),
            verdict,
            reason,
            clauses,
            events,
            score,
            scores: game.scores().to_vec(),
            phase: phase_name(game.phase()),
        });
    }
    let winner = match game.phase() {
        Phase::GameOver { winner } => Some(winner),
        _ => None,
    };
    Run {
        scenario: scenario.to_string(),
        variant: game.variant().label(),
        setup,
        steps,
        scores: game.scores().to_vec(),
        phase: phase_name(game.phase()),
        winner,
    }
}

/// [`run_actions`] with the table at the start and after each action (one
/// more table than actions), for a page that shows them: how a game played
/// by a strategy is laid beside another on a comparison's page.
pub fn run_game_with_tables(scenario: &str, game: Game, actions: &[Action]) -> (Run, Vec<Table>) {
    let mut tables = Vec::new();
    let run = run_actions(scenario, game, actions, &mut |game| tables.push(Table::of(game)));
    (run, tables)
}

/// The table at one moment of a run: what a page draws and lists.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Table {
    /// The board.
    pub board: Board,
    /// Each seat's hand.
    pub hands: Vec<Vec<TileId>>,
    /// The round in play.
    pub round: u32,
    /// The seat to act, if any.
    pub to_move: Option<usize>,
    /// Every seat's score.
    pub scores: Vec<i64>,
}

impl Table {
    fn of(game: &Game) -> Table {
        Table {
            board: game.board().clone(),
            hands: game.hands().to_vec(),
            round: game.round(),
            to_move: game.to_move(),
            scores: game.scores().to_vec(),
        }
    }
}

fn check_step(exp: &StepExpect, step: &StepOutcome) -> Vec<String> {
    let mut out = Vec::new();
    let accepted = step.verdict == "accepted";
    if let Some(legal) = exp.legal
        && legal != accepted
    {
        let why = step.reason.as_deref().map(|r| format!(": {r}")).unwrap_or_default();
        out.push(format!("expected {}, got {}{why}", if legal { "accepted" } else { "refused" }, step.verdict));
    }
    if let Some(text) = &exp.refused {
        match &step.reason {
            Some(r) if r.contains(text.as_str()) => {}
            Some(r) => out.push(format!("expected a refusal mentioning `{text}`, got: {r}")),
            None => out.push(format!("expected a refusal mentioning `{text}`, but it was accepted")),
        }
    }
    if let Some(score) = exp.score
        && score != step.score
    {
        out.push(format!("score change: expected {score}, got {}", step.score));
    }
    if let Some(scores) = &exp.scores
        && *scores != step.scores
    {
        out.push(format!("scores: expected {scores:?}, got {:?}", step.scores));
    }
    if let Some(bonus) = exp.bonus {
        let got = step.events.iter().any(|e| matches!(e.kind, EventKind::Place { bonus: true, .. }));
        if got != bonus {
            out.push(format!("bonus: expected {bonus}, got {got}"));
        }
    }
    if let Some(events) = &exp.events {
        let expected: Vec<&str> = events.iter().map(|e| e.name()).collect();
        let got: Vec<&str> = step.events.iter().map(|e| event_name(&e.kind)).collect();
        if expected != got {
            out.push(format!("events: expected {expected:?}, got {got:?}"));
        }
    }
    if let Some(phase) = exp.phase.map(|p| p.name())
        && phase != step.phase
    {
        out.push(format!("phase: expected {phase}, got {}", step.phase));
    }
    out
}

fn describe(action: Action) -> String {
    action.to_string()
}

/// One variant's outcome of an action: where variants first differ, or
/// one line of a trace.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Side {
    /// The variant's label.
    pub variant: String,
    /// `accepted` or `refused`.
    pub verdict: &'static str,
    /// Why refused.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub reason: Option<String>,
    /// The events it caused, by name (`place+bonus` for a placement that
    /// earned a bonus).
    pub events: Vec<String>,
    /// Where play stands after it.
    pub phase: &'static str,
    /// The acting seat's score change.
    pub score: i64,
    /// Scores after the action.
    pub scores: Vec<i64>,
    /// The clauses that decided: a refusal's, or the events'.
    pub clauses: Vec<Clause>,
    /// Who won, where the action ended the game: one seat, or those
    /// sharing the win (R23).
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub winners: Vec<usize>,
}

/// Where a group of variants first parts from the first variant.
#[derive(Clone, Debug, Serialize)]
pub struct Difference {
    /// The action's number, from 1.
    pub action: usize,
    /// The action in words.
    pub description: String,
    /// The first variant's outcome, then each differing one's.
    pub sides: Vec<Side>,
}

/// The result of running one scenario under several variants.
#[derive(Clone, Debug, Serialize)]
#[serde(rename_all = "kebab-case")]
pub struct Comparison {
    /// The scenario's name.
    pub scenario: String,
    /// Every variant compared, the first being the reference.
    pub variants: Vec<String>,
    /// With `--readings`: what the reference is, the variant run under its
    /// own values of the readings varied (`english's own values of R4, R7`).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub baseline: Option<String>,
    /// Each variant's final scores.
    pub final_scores: Vec<(String, Vec<i64>)>,
    /// For each variant whose run differs from the reference, the first
    /// action where it does; variants that part at the same action are listed
    /// together.
    pub differences: Vec<Difference>,
    /// How many variants differ from the reference anywhere.
    pub differing: usize,
    /// Every action where each variant's outcome parts from the
    /// reference's, not only the first (`differences` holds the first):
    /// once two runs part, later actions may agree again or part again.
    /// Variants that part nowhere are left out.
    pub parting: Vec<Parting>,
    /// The actions every variant refused: where all agree, they agree
    /// that the action was not played, which a summary must say.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub refused_everywhere: Vec<Refused>,
    /// With `--readings` on a scenario of several variants: the scenario's
    /// variants that were not run (the readings are varied on the first).
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub not_run: Vec<String>,
    /// With a trace: every action, each outcome with the variants that
    /// had it, in the order compared.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub trace: Vec<TraceStep>,
}

/// An action that every variant compared refused.
#[derive(Clone, Debug, Serialize)]
pub struct Refused {
    /// The action's number, from 1.
    pub action: usize,
    /// The action in words.
    pub description: String,
    /// Why the first variant refused it.
    pub reason: String,
}

/// One action of a comparison's trace.
#[derive(Clone, Debug, Serialize)]
pub struct TraceStep {
    /// The action's number, from 1.
    pub action: usize,
    /// The action in words.
    pub description: String,
    /// Each distinct outcome, with the variants that had it (its `variant`
    /// is the first of them).
    pub outcomes: Vec<TraceOutcome>,
}

/// One outcome of an action in a comparison's trace.
#[derive(Clone, Debug, Serialize)]
pub struct TraceOutcome {
    /// The variants that had it, in the order compared.
    pub variants: Vec<String>,
    /// What the action did.
    pub outcome: Side,
}

/// Every action where one variant's run parts from the reference's.
#[derive(Clone, Debug, Serialize)]
pub struct Parting {
    /// The variant's label.
    pub variant: String,
    /// The actions' numbers, from 1, in order.
    pub actions: Vec<usize>,
}

/// The actions (numbered from 1) where `run`'s outcome parts from
/// `reference`'s, an action one run has and the other has not included.
pub fn parting_actions(reference: &Run, run: &Run) -> Vec<usize> {
    let n = reference.steps.len().max(run.steps.len());
    (0..n)
        .filter(|&i| match (reference.steps.get(i), run.steps.get(i)) {
            (Some(a), Some(b)) => !same_step(a, b),
            (None, None) => false,
            _ => true,
        })
        .map(|i| i + 1)
        .collect()
}

/// Whether two runs' steps had the same outcome: the same verdict, points,
/// totals, phase and kinds of event (labels differ between variants).
pub fn same_step(a: &StepOutcome, b: &StepOutcome) -> bool {
    // Labels differ between variants, so compare what happened, not names.
    a.verdict == b.verdict && a.score == b.score && a.scores == b.scores && a.phase == b.phase && {
        let kinds = |s: &StepOutcome| s.events.iter().map(|e| e.kind.clone()).collect::<Vec<_>>();
        kinds(a) == kinds(b)
    }
}

/// One variant's outcome of one action, as a comparison and a trace show
/// it: the events by name, the clauses that decided (a refusal's, or the
/// events'), the winners where it ended the game.
pub fn side(variant: &str, step: &StepOutcome) -> Side {
    let clauses = if step.clauses.is_empty() {
        let mut c: Vec<Clause> = step.events.iter().flat_map(|e| e.clauses.iter().copied()).collect();
        c.sort_unstable();
        c.dedup();
        c
    } else {
        step.clauses.clone()
    };
    Side {
        variant: variant.to_string(),
        verdict: step.verdict,
        reason: step.reason.clone(),
        events: step
            .events
            .iter()
            .map(|e| match e.kind {
                EventKind::Place { bonus: true, .. } => "place+bonus".to_string(),
                ref kind => event_name(kind).to_string(),
            })
            .collect(),
        phase: step.phase,
        score: step.score,
        scores: step.scores.clone(),
        clauses,
        winners: step
            .events
            .iter()
            .filter_map(|e| match &e.kind {
                EventKind::GameEnd { winner, shared_with, .. } => {
                    Some(std::iter::once(*winner).chain(shared_with.iter().copied()))
                }
                _ => None,
            })
            .flatten()
            .collect(),
    }
}

/// Runs the scenario under every variant and reports where they differ.
pub fn compare(loaded: &LoadedScenario, variants: &[Variant]) -> Result<Comparison, InputError> {
    compare_each(loaded, variants.iter().cloned().map(Ok), |_| Ok(()))
}

/// Runs the scenario under each variant as it comes, keeping only the
/// first variant's run and the differences: a long list of variants costs
/// time, not memory. `watch` is asked before each run (with the number of
/// runs made) and may stop the comparison with an error, e.g. on a limit.
pub fn compare_each(
    loaded: &LoadedScenario,
    variants: impl IntoIterator<Item = Result<Variant, InputError>>,
    watch: impl FnMut(usize) -> Result<(), InputError>,
) -> Result<Comparison, InputError> {
    compare_with(Comparer::new(&loaded.file.name), loaded, variants, watch)
}

/// [`compare_each`], keeping the trace of every run as well (see
/// [`Comparison::trace`]).
pub fn compare_traced(
    loaded: &LoadedScenario,
    variants: impl IntoIterator<Item = Result<Variant, InputError>>,
    watch: impl FnMut(usize) -> Result<(), InputError>,
) -> Result<Comparison, InputError> {
    compare_with(Comparer::new(&loaded.file.name).traced(), loaded, variants, watch)
}

fn compare_with(
    mut comparer: Comparer,
    loaded: &LoadedScenario,
    variants: impl IntoIterator<Item = Result<Variant, InputError>>,
    mut watch: impl FnMut(usize) -> Result<(), InputError>,
) -> Result<Comparison, InputError> {
    for (made, variant) in variants.into_iter().enumerate() {
        watch(made)?;
        comparer.add(loaded.run(&variant?)?);
    }
    Ok(comparer.finish())
}

/// A comparison built run by run, keeping only the first run (the
/// reference) and where each later one parts from it: the runs of one
/// scenario under several variants, or games played side by side.
#[derive(Debug)]
pub struct Comparer {
    scenario: String,
    reference: Option<Run>,
    names: Vec<String>,
    final_scores: Vec<(String, Vec<i64>)>,
    differences: Vec<Difference>,
    differing: usize,
    parting: Vec<Parting>,
    /// For each action of the reference run, whether every run so far
    /// refused it.
    refused_by_all: Vec<bool>,
    /// Whether to keep a trace; and the trace so far.
    tracing: bool,
    trace: Vec<TraceStep>,
}

impl Comparer {
    /// An empty comparison of runs of `scenario`.
    pub fn new(scenario: &str) -> Comparer {
        Comparer {
            scenario: scenario.to_string(),
            reference: None,
            names: Vec::new(),
            final_scores: Vec::new(),
            differences: Vec::new(),
            differing: 0,
            parting: Vec::new(),
            refused_by_all: Vec::new(),
            tracing: false,
            trace: Vec::new(),
        }
    }

    /// Keeps every run's outcome of every action as well, grouped by
    /// outcome (see [`Comparison::trace`]).
    pub fn traced(mut self) -> Comparer {
        self.tracing = true;
        self
    }

    /// Adds `run`'s outcomes to the trace: each action's outcome joins the
    /// variants that had the same, or starts a group of its own.
    fn trace_run(&mut self, run: &Run) {
        for (i, step) in run.steps.iter().enumerate() {
            if self.trace.len() <= i {
                self.trace.push(TraceStep { action: i + 1, description: step.action.clone(), outcomes: Vec::new() });
            }
            let Some(at) = self.trace.get_mut(i) else { continue };
            let outcome = side(&run.variant, step);
            // The same outcome under another label: compared without it.
            let same = |o: &TraceOutcome| Side { variant: o.outcome.variant.clone(), ..outcome.clone() } == o.outcome;
            match at.outcomes.iter_mut().find(|o| same(o)) {
                Some(o) => o.variants.push(run.variant.clone()),
                None => at.outcomes.push(TraceOutcome { variants: vec![run.variant.clone()], outcome }),
            }
        }
    }

    /// Adds one run: the first is the reference every later one is
    /// compared with.
    pub fn add(&mut self, run: Run) {
        self.names.push(run.variant.clone());
        self.final_scores.push((run.variant.clone(), run.scores.clone()));
        if self.tracing {
            self.trace_run(&run);
        }
        let Some(first) = &self.reference else {
            self.refused_by_all = run.steps.iter().map(|s| s.verdict == "refused").collect();
            self.reference = Some(run);
            return;
        };
        for (i, all) in self.refused_by_all.iter_mut().enumerate() {
            *all &= run.steps.get(i).is_some_and(|s| s.verdict == "refused");
        }
        let actions = parting_actions(first, &run);
        if !actions.is_empty() {
            self.parting.push(Parting { variant: run.variant.clone(), actions });
        }
        let at = first.steps.iter().zip(&run.steps).enumerate().find(|(_, (a, b))| !same_step(a, b));
        let Some((i, (mine, theirs))) = at else {
            // One run may be longer than the other: the first where only
            // one has a step is where they part.
            if first.steps.len() != run.steps.len() || first.scores != run.scores || first.phase != run.phase {
                self.differing += 1;
            }
            return;
        };
        self.differing += 1;
        let theirs = side(&run.variant, theirs);
        match self.differences.iter_mut().find(|d| d.action == i + 1) {
            Some(d) => d.sides.push(theirs),
            None => self.differences.push(Difference {
                action: i + 1,
                description: mine.action.clone(),
                sides: vec![side(&first.variant, mine), theirs],
            }),
        }
    }

    /// The comparison of every run added.
    pub fn finish(mut self) -> Comparison {
        self.differences.sort_by_key(|d| d.action);
        let refused_everywhere = match &self.reference {
            Some(first) => first
                .steps
                .iter()
                .zip(&self.refused_by_all)
                .enumerate()
                .filter(|(_, (_, all))| **all)
                .map(|(i, (step, _))| Refused {
                    action: i + 1,
                    description: step.action.clone(),
                    reason: step.reason.clone().unwrap_or_default(),
                })
                .collect(),
            None => Vec::new(),
        };
        Comparison {
            scenario: self.scenario,
            variants: self.names,
            baseline: None,
            final_scores: self.final_scores,
            differences: self.differences,
            differing: self.differing,
            parting: self.parting,
            refused_everywhere,
            not_run: Vec::new(),
            trace: self.trace,
        }
    }
}

/// Readings to vary, each once, in the order first named.
pub fn distinct_readings(readings: Vec<&'static Reading>) -> Vec<&'static Reading> {
    let mut out: Vec<&'static Reading> = Vec::new();
    for r in readings {
        if !out.iter().any(|o| o.id == r.id) {
            out.push(r);
        }
    }
    out
}

/// How many combinations of the values of `readings` there are (saturating:
/// sixteen readings of two to four values each overflow nothing, but the
/// count is compared with a limit before anything is built).
pub fn combinations(readings: &[&'static Reading]) -> u128 {
    readings.iter().fold(1u128, |n, r| n.saturating_mul(r.values.len() as u128))
}

/// The values of `reading` in the order a comparison runs them: `base`'s
/// own value first, so that the first combination, the one every other is
/// compared with, is the variant as it stands; then the others in the
/// reading table's order.
fn values_from<'r>(base: &Variant, reading: &'r Reading) -> Vec<&'r str> {
    let own = base.rules().get(reading.name);
    let mut values: Vec<&str> = reading.values.iter().map(|(v, _)| *v).collect();
    if let Some(i) = values.iter().position(|v| Some(*v) == own.as_deref()) {
        let first = values.remove(i);
        values.insert(0, first);
    }
    values
}

/// `base` under every combination of the values of `readings` (R2, R5, …),
/// the last reading changing fastest, each variant made only when the
/// iterator reaches it. The first combination is `base`'s own values (see
/// [`values_from`]).
pub fn reading_variants<'a>(
    base: &'a Variant,
    readings: &'a [&'static Reading],
) -> impl Iterator<Item = Result<Variant, crate::rules::RuleError>> + 'a {
    let total = combinations(readings);
    let orders: Vec<Vec<&'static str>> = readings.iter().map(|r| values_from(base, r)).collect();
    (0..total).map(move |k| {
        let mut rest = k;
        let mut picks = Vec::with_capacity(readings.len());
        for r in readings.iter().rev() {
            let n = r.values.len() as u128;
            // A reading has at least two values (checked by the reading
            // table's tests), so `n` is never 0 here.
            let i = usize::try_from(rest % n.max(1)).unwrap_or(0);
            rest /= n.max(1);
            picks.push((r, i));
        }
        picks.reverse();
        picks.into_iter().zip(&orders).try_fold(base.clone(), |v, ((r, i), order)| {
            let value = order.get(i).copied().unwrap_or("");
            v.with_rule(r.name, value)
        })
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reading_combinations_are_made_in_order_each_once() {
        let base = crate::formats::builtin_variant("english").unwrap();
        let r4 = Reading::find("R4").unwrap();
        let r2 = Reading::find("R2").unwrap();
        let readings = distinct_readings(vec![r4, r2, r4]);
        assert_eq!(readings.len(), 2);
        assert_eq!(combinations(&readings), (r4.values.len() * r2.values.len()) as u128);
        let made: Vec<(String, String)> = reading_variants(&base, &readings)
            .map(|v| {
                let v = v.unwrap();
                (v.rules().get(r4.name).unwrap(), v.rules().get(r2.name).unwrap())
            })
            .collect();
        let mut expected = Vec::new();
        for a in values_from(&base, r4) {
            for b in values_from(&base, r2) {
                expected.push((a.to_string(), b.to_string()));
            }
        }
        assert_eq!(made, expected);
        // The first combination is english's own: the baseline of the comparison.
        let own = (base.rules().get(r4.name).unwrap(), base.rules().get(r2.name).unwrap());
        assert_eq!(made[0], own);
        // Serbian's own R2 (at-least-one) is not the table's first value, yet
        // it comes first for a serbian base.
        let serbian = crate::formats::builtin_variant("serbian").unwrap();
        assert_eq!(values_from(&serbian, r2)[0], "at-least-one");
        assert_ne!(r2.values[0].0, "at-least-one");
        // Sixteen readings: far too many to build, counted without building.
        let all: Vec<&'static Reading> = crate::rules::READINGS.iter().collect();
        assert!(combinations(&all) > 1 << 16);
    }

    #[test]
    fn example_f_holds_under_both_variants() {
        let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("specs/scenarios/example-f-side-and-corner-bonus.yaml");
        let loaded = load_scenario(&path, &VariantChoice::default()).unwrap();
        assert_eq!(loaded.variants.len(), 2);
        for v in &loaded.variants {
            let run = loaded.run(v).unwrap();
            assert_eq!(loaded.check(v, &run), Vec::<String>::new(), "{}", v.name());
        }
    }
}
