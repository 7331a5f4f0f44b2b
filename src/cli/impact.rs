//! `quadominos impact`: how often each reading changes a game's outcome,
//! over many seeded games played under a variant and again under each
//! other value of each reading, the same deal and well for every value.
//! The table is sorted by how much each value matters; `--html` draws it,
//! with a page per value of one game whose winner it changed; `--part` and
//! `--sum` split the seeds over processes or machines and add the parts up.

use std::fmt::Write as _;
use std::path::{Path, PathBuf};

use clap::ValueEnum;
use quadominos::formats::{InputError, Source};
use quadominos::game::EventKind;
use quadominos::play::impact::{
    Arm, ArmReport, Dispute, Report, Rounding, Setting, arms, change_words, dispute, measure, part_seeds, part_size,
    percent, rate_words,
};
use quadominos::play::{MAX_ROUND_LIMIT, MAX_ROUNDS, Run, Strategy};
use quadominos::render::page::{GameLink, comparison_page, games_words, impact_page, page_html, winner_chart};
use quadominos::rules::{READINGS, Reading, Variant};
use quadominos::suite::Part;

use super::play::StrategyArg;
use super::shared::{Failure, Format, RuleArgs, serialize};

/// The most games a run plays under each value: a million four-player
/// greedy games take some hours on two cores for each value measured.
pub const MAX_GAMES: u64 = 1_000_000;

/// The most threads (`--threads`).
pub const MAX_THREADS: u16 = 1024;

/// How the figures are printed.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, ValueEnum)]
pub enum ImpactFormat {
    /// A table for people, most decisive value first.
    #[default]
    Text,
    /// JSON, for tools: the counts and the figures; a part's file for --sum.
    Json,
    /// YAML, likewise.
    Yaml,
    /// A Markdown table, for documents.
    Markdown,
}

/// Measure how often each reading changes a game: N seeded games played
/// under the variant and again under each other value of each reading, with
/// the same deal and well, each value against the variant's own.
#[derive(clap::Args)]
#[command(after_help = "Examples:
  quadominos impact --variant english --readings R4,R13,R22 --games 500 --players 4
  \
quadominos impact --readings R13=lowest-collects --games 100 --html out/impact.html
  \
quadominos impact --readings R22 --games 40 --part 1/2 --format json > out/impact-1.json
  \
quadominos impact --sum out/impact-1.json out/impact-2.json

For each value, against the variant's own: how often the winner changed, how often the number of
rounds changed, the mean change of a seat's final score, and how often an event of either game cited
the reading (used), each with its 95% interval (Wilson for rates, Student's t for the mean). The
figures are the same on any number of threads. --html FILE also writes, beside FILE, one page per
value that changed a winner (FILE's name, then -R13-lowest-collects.html): the first such game under
the variant and under the value side by side, opened where they first part.")]
pub struct Args {
    #[command(flatten)]
    pub rules: RuleArgs,
    /// Readings to measure, comma-separated: an id or option name for every
    /// value other than the variant's own, or NAME=VALUE for one value
    /// [default: every reading].
    #[arg(long, value_delimiter = ',', value_name = "R[=VALUE]")]
    pub readings: Vec<String>,
    /// Games played under the variant and under each value, 1 to 1000000.
    #[arg(long, value_name = "N", default_value_t = 200,
          value_parser = clap::value_parser!(u64).range(1..=MAX_GAMES))]
    pub games: u64,
    /// The first game's seed; the games are seeds FIRST to FIRST+N-1.
    #[arg(long, value_name = "FIRST", default_value_t = 0)]
    pub first_seed: u64,
    /// Players at the table, 2 to 8.
    #[arg(long, value_name = "N", default_value_t = 4, value_parser = clap::value_parser!(u8).range(2..=8))]
    pub players: u8,
    /// How every seat chooses its actions.
    #[arg(long, value_enum, default_value_t = StrategyArg::Greedy)]
    pub strategy: StrategyArg,
    /// The most rounds a game is played for: a game stopped there has no
    /// winner, which is then the outcome compared.
    #[arg(long, value_name = "N", default_value_t = MAX_ROUNDS,
          value_parser = clap::value_parser!(u32).range(1..=i64::from(MAX_ROUND_LIMIT)))]
    pub max_rounds: u32,
    /// Play on this many threads (0: one per core); the figures are the
    /// same on any number.
    #[arg(long, value_name = "N", default_value_t = 0,
          value_parser = clap::value_parser!(u16).range(0..=i64::from(MAX_THREADS)))]
    pub threads: u16,
    /// Play one share of the seeds, I of K (e.g. 2/8): the Ith of every K
    /// seeds of the range. The K parts, each written with --format json or
    /// yaml, add up with --sum into what one run gives.
    #[arg(long, value_name = "I/K", value_parser = parse_part)]
    pub part: Option<Part>,
    /// Add up the parts of one measurement (files written by --part I/K
    /// with --format json or yaml), checking that each part is there once,
    /// and print the whole as one run would.
    #[arg(long, value_name = "FILES", num_args = 1..,
          conflicts_with_all = ["readings", "games", "first_seed", "players", "strategy", "max_rounds", "threads", "part"])]
    pub sum: Vec<PathBuf>,
    /// Output format.
    #[arg(long, value_enum, default_value_t)]
    pub format: ImpactFormat,
    /// Also write a page to FILE: the bar chart of how often each value
    /// changed the winner with its interval, every figure, the score
    /// changes' distribution, and a link to one game per value where the
    /// winner changed (a page written beside FILE). Never an input of the
    /// command.
    #[arg(long, value_name = "FILE")]
    pub html: Option<PathBuf>,
    /// Also write the bar chart alone to FILE, as SVG (`-`: standard
    /// output, in place of the table).
    #[arg(long, value_name = "FILE")]
    pub svg: Option<PathBuf>,
}

fn parse_part(text: &str) -> Result<Part, String> {
    text.parse()
}

fn refuse(flag: &str, message: impl Into<String>) -> Failure {
    Failure::Input(InputError::whole_file(flag, message))
}

fn strategy_of(arg: StrategyArg) -> Strategy {
    match arg {
        StrategyArg::Random => Strategy::Random,
        StrategyArg::Greedy => Strategy::Greedy,
        StrategyArg::Best => Strategy::Best,
    }
}

/// The readings named by `--readings`, each with its one value or `None`
/// for every value other than the base's own; every reading when none is
/// named.
fn chosen(base: &Variant, named: &[String]) -> Result<Vec<(&'static Reading, Option<&'static str>)>, Failure> {
    if named.is_empty() {
        return Ok(READINGS.iter().map(|r| (r, None)).collect());
    }
    let mut out = Vec::new();
    for entry in named {
        let entry = entry.trim();
        let (name, value) = match entry.split_once('=') {
            Some((n, v)) => (n.trim(), Some(v.trim())),
            None => (entry, None),
        };
        let reading = Reading::find(name).map_err(|e| refuse("--readings", e.to_string()))?;
        let value = match value {
            None => None,
            Some(v) => {
                reading.check_value(v).map_err(|e| refuse("--readings", e.to_string()))?;
                if base.rules().get(reading.name).as_deref() == Some(v) {
                    return Err(refuse(
                        "--readings",
                        format!(
                            "{}={v} is {}'s own value, which every value is measured against: name another value, or \
{} alone for every other",
                            reading.id,
                            base.label(),
                            reading.id
                        ),
                    ));
                }
                reading.values.iter().map(|(v, _)| *v).find(|x| *x == v)
            }
        };
        out.push((reading, value));
    }
    Ok(out)
}

/// The page of one game beside `FILE`: `FILE`'s name without its
/// extension, then the reading and the value.
fn game_page_path(html: &Path, reading: &str, value: &str) -> PathBuf {
    let stem = html.file_stem().map(|s| s.to_string_lossy().into_owned()).unwrap_or_else(|| "impact".to_string());
    html.with_file_name(format!("{stem}-{reading}-{value}.html"))
}

pub fn run(args: Args) -> Result<(String, u8), Failure> {
    if args.html.as_deref().is_some_and(|p| p.as_os_str() == "-") {
        return Err(refuse(
            "--html",
            "the page links to a page per value written beside it, and standard output (`-`) holds one file: name \
a file",
        ));
    }
    let base = args.rules.choice().resolve(None, None)?;
    let (report, setting) =
        if args.sum.is_empty() { measured(&args, &base)? } else { summed(&args.sum, &base, &args)? };
    let text = print(&report, args.format)?;
    let mut files: Vec<(&str, PathBuf, Vec<u8>)> = Vec::new();
    if let Some(path) = &args.svg {
        files.push(("--svg", path.clone(), winner_chart(&report, true).into_bytes()));
    }
    if let Some(path) = &args.html {
        let mut links = Vec::with_capacity(report.readings.len());
        for a in &report.readings {
            let Some(seed) = a.counts.example_seed.filter(|_| a.unplayable.is_none()) else {
                links.push(None);
                continue;
            };
            let arm = arm_of(&base, a, setting.players)?;
            let Dispute { comparison, runs } =
                dispute(&base, &arm, &setting, seed).map_err(|m| game_failure(&base, seed, m))?;
            let steps = runs.iter().map(|(_, t)| t.len()).max().unwrap_or(0);
            super::shared::pages::within_page_steps(
                &args.html,
                &format!("the game of seed {seed}"),
                steps,
                "the deal and one for each action of the longer game",
            )?;
            let winners: Vec<String> = runs
                .iter()
                .map(|(run, _)| match winners_of(run)[..] {
                    [] => format!("nobody wins under {} (the round limit)", run.variant),
                    [w] => format!("seat {w} wins under {}", run.variant),
                    ref seats => format!(
                        "seats {} share the win under {}",
                        seats.iter().map(usize::to_string).collect::<Vec<_>>().join(" and "),
                        run.variant
                    ),
                })
                .collect();
            let description = format!(
                "The same deal played by {} seats under {} and under {}: {}.",
                setting.strategy,
                base.label(),
                arm.variant.label(),
                winners.join("; ")
            );
            let page = comparison_page(&comparison, &runs, "quadominos impact's games", Some(&description));
            let target = game_page_path(path, &a.reading.to_string(), &a.value);
            let href = target.file_name().map(|n| n.to_string_lossy().into_owned()).unwrap_or_default();
            links.push(Some(GameLink { href, seed, step: page.start }));
            files.push(("--html", target, page_html(&page).into_bytes()));
        }
        files.push(("--html", path.clone(), impact_page(&report, &links).into_bytes()));
    }
    if !files.is_empty() {
        let outputs: Vec<(&str, &Path, &[u8])> =
            files.iter().map(|(flag, path, bytes)| (*flag, path.as_path(), bytes.as_slice())).collect();
        super::shared::output::write_files(&outputs)?;
    }
    Ok((text, 0))
}

/// Who won a game run, in seat order: the winner and any sharing the win
/// (R23); nobody for a game stopped at the round limit.
fn winners_of(run: &Run) -> Vec<usize> {
    let end = run.steps.iter().flat_map(|s| &s.events).find_map(|e| match &e.kind {
        EventKind::GameEnd { winner, shared_with, .. } => {
            Some(std::iter::once(*winner).chain(shared_with.iter().copied()))
        }
        _ => None,
    });
    let mut seats: Vec<usize> = end.into_iter().flatten().collect();
    seats.sort_unstable();
    seats
}

/// The arm a report's line measured, made again on the base variant.
fn arm_of(base: &Variant, a: &ArmReport, players: usize) -> Result<Arm, Failure> {
    let reading = Reading::find(&a.reading.to_string()).map_err(|e| refuse("--sum", e.to_string()))?;
    let value =
        reading.values.iter().map(|(v, _)| *v).find(|v| *v == a.value).ok_or_else(|| {
            refuse("--sum", format!("`{}` is not a value of {} ({})", a.value, reading.id, reading.name))
        })?;
    arms(base, &[(reading, Some(value))], players)
        .map_err(|e| refuse("--sum", e.to_string()))?
        .into_iter()
        .next()
        .ok_or_else(|| refuse("--sum", format!("{}={value} is {}'s own value", reading.id, base.label())))
}

fn game_failure(base: &Variant, seed: u64, message: String) -> Failure {
    if message.starts_with("internal error") {
        Failure::Bug(message)
    } else {
        refuse(&base.label(), format!("the game of seed {seed}: {message}"))
    }
}

/// Plays the games and counts.
fn measured(args: &Args, base: &Variant) -> Result<(Report, Setting), Failure> {
    let players = usize::from(args.players);
    quadominos::game::Game::check_deal(base, players).map_err(|m| refuse("--players", m))?;
    let chosen = chosen(base, &args.readings)?;
    let arms = arms(base, &chosen, players).map_err(|e| refuse("--readings", e.to_string()))?;
    // Every file the command may write is checked before the games are
    // played: the page, the chart, and a page for every value.
    let mut outputs: Vec<(&str, PathBuf)> = Vec::new();
    if let Some(p) = &args.svg {
        outputs.push(("--svg", p.clone()));
    }
    if let Some(p) = &args.html {
        outputs.push(("--html", p.clone()));
        outputs.extend(arms.iter().map(|a| ("--html", game_page_path(p, &a.reading.id.to_string(), a.value))));
    }
    let named: Vec<(&str, &Path)> = outputs.iter().map(|(f, p)| (*f, p.as_path())).collect();
    super::shared::output::check(&named)?;
    if args.first_seed.checked_add(args.games - 1).is_none() {
        return Err(refuse(
            "--first-seed",
            format!(
                "seeds {} to {} + {} run past the largest seed, {}: write a smaller first seed, at most {}",
                args.first_seed,
                args.first_seed,
                args.games - 1,
                u64::MAX,
                u64::MAX - (args.games - 1)
            ),
        ));
    }
    if let Some(part) = args.part
        && part.of() as u64 > args.games
    {
        return Err(refuse(
            "--part",
            format!(
                "{} games split into {} parts leave parts with none: split into at most {} parts",
                args.games,
                part.of(),
                args.games
            ),
        ));
    }
    let setting = Setting { players, strategy: strategy_of(args.strategy), max_rounds: args.max_rounds };
    let seeds = part_seeds(args.first_seed, args.games, args.part.map(|p| (p.index(), p.of())));
    let counts = measure(base, &arms, &setting, &seeds, usize::from(args.threads)).map_err(|e| {
        if e.message.starts_with("internal error") {
            Failure::Bug(format!("the game of seed {} under {}: {}", e.seed, e.variant, e.message))
        } else {
            refuse(&e.variant, format!("the game of seed {}: {}", e.seed, e.message))
        }
    })?;
    let report =
        Report::new(base, &arms, &setting, args.first_seed, args.games, args.part.map(|p| p.to_string()), &counts);
    Ok((report, setting))
}

/// The parts of one measurement added up, checked against each other and
/// against the rules given (the pages replay games under them).
fn summed(files: &[PathBuf], base: &Variant, args: &Args) -> Result<(Report, Setting), Failure> {
    let mut parts: Vec<(String, Report)> = Vec::with_capacity(files.len());
    for file in files {
        let source = Source::read(file)?;
        let report: Report = source.parse("impact part, as impact --part I/K --format json prints it")?;
        parts.push((source.name.clone(), report));
    }
    let whole = add_up(&parts).map_err(|why| refuse("--sum", why))?;
    let strategy: Strategy = whole.strategy.parse().map_err(|e: String| refuse("--sum", e))?;
    if args.html.is_some() && (whole.variant != base.label() || whole.rules != *base.rules()) {
        return Err(refuse(
            "--sum",
            format!(
                "the parts measured {}, and --html replays their games under {}: give the parts' own --variant, \
--spec and --rule",
                whole.variant,
                base.label()
            ),
        ));
    }
    let setting = Setting { players: whole.players, strategy, max_rounds: whole.max_rounds };
    Ok((whole, setting))
}

/// The parts (file name, report) added up into the whole, or why they
/// are not the parts of one measurement.
fn add_up(parts: &[(String, Report)]) -> Result<Report, String> {
    let Some((_, first)) = parts.first() else {
        return Err("no part to add up: give every part of one measurement, e.g. the files of --part 1/4 to 4/4".into());
    };
    let of = |r: &Report| r.part.as_deref().map(str::parse::<Part>);
    let k = match of(first) {
        Some(Ok(p)) => p.of(),
        Some(Err(e)) => return Err(format!("file 1: {e}")),
        None => return Err("file 1 is a whole measurement (it has no `part`): give only the parts".into()),
    };
    let lines = |r: &Report| {
        let mut l: Vec<(String, String, String, Option<String>)> = r
            .readings
            .iter()
            .map(|a| (a.reading.to_string(), a.value.clone(), a.base_value.clone(), a.unplayable.clone()))
            .collect();
        l.sort();
        l
    };
    if k as u64 > MAX_GAMES {
        return Err(format!("file 1 is a part of {k}: a split has at most {MAX_GAMES} parts, one a game"));
    }
    let mut seen = vec![false; k];
    let mut whole = Report { part: None, played: 0, base_no_winner: 0, ..first.clone() };
    for r in &mut whole.readings {
        r.counts = Default::default();
    }
    for (n, (name, p)) in parts.iter().enumerate() {
        let which = format!("file {} ({name})", n + 1);
        let part = match of(p) {
            Some(Ok(part)) => part,
            Some(Err(e)) => return Err(format!("{which}: {e}")),
            None => return Err(format!("{which} is a whole measurement (it has no `part`): give only the parts")),
        };
        if part.of() != k {
            return Err(format!("{which} is part {part}, but file 1 is a part of {k}: give the parts of one split"));
        }
        for (field, same) in [
            ("variant", p.variant == first.variant),
            ("tile-set", p.tile_set == first.tile_set),
            ("target", p.target == first.target),
            ("rules", p.rules == first.rules),
            ("players", p.players == first.players),
            ("strategy", p.strategy == first.strategy),
            ("max-rounds", p.max_rounds == first.max_rounds),
            ("first-seed", p.first_seed == first.first_seed),
            ("games", p.games == first.games),
            ("readings", lines(p) == lines(first)),
        ] {
            if !same {
                return Err(format!(
                    "{which} (part {part}) differs from file 1 in `{field}`: the parts of one measurement share it"
                ));
            }
        }
        let slot = seen.get_mut(part.index() - 1).ok_or_else(|| format!("{which}: part {part} is out of range"))?;
        if std::mem::replace(slot, true) {
            return Err(format!("part {part} is given twice (again in {which})"));
        }
        if !(1..=MAX_GAMES).contains(&p.games)
            || p.first_seed.checked_add(p.games - 1).is_none()
            || !(2..=8).contains(&p.players)
            || !(1..=MAX_ROUND_LIMIT).contains(&p.max_rounds)
        {
            return Err(format!(
                "{which}: {} games from seed {}, {} players, {} rounds at most: no run of impact measures that \
(games 1 to {MAX_GAMES}, players 2 to 8, rounds 1 to {MAX_ROUND_LIMIT})",
                p.games, p.first_seed, p.players, p.max_rounds
            ));
        }
        let seeds = part_size(p.games, part.index(), part.of());
        if p.played != seeds || p.base_no_winner > p.played {
            return Err(format!(
                "{which}: part {part} of {} games holds {seeds} seeds, and it says {} were played ({} with no winner)",
                p.games, p.played, p.base_no_winner
            ));
        }
        whole.played += p.played;
        whole.base_no_winner += p.base_no_winner;
        for a in &p.readings {
            let expected = if a.unplayable.is_some() { 0 } else { p.played };
            if a.counts.games != expected {
                return Err(format!(
                    "{which}: {}={} counts {} games, not the part's {expected}",
                    a.reading, a.value, a.counts.games
                ));
            }
            if let Some(why) = a.counts.problem() {
                return Err(format!("{which}: {}={}: {why}", a.reading, a.value));
            }
            if let Some(w) = whole.readings.iter_mut().find(|w| w.reading == a.reading && w.value == a.value) {
                w.counts.merge(&a.counts);
            }
        }
    }
    if let Some(missing) = seen.iter().position(|s| !s) {
        return Err(format!("part {}/{k} is missing: give every part of the split", missing + 1));
    }
    whole.sort();
    Ok(whole)
}

/// The report as the format asks.
fn print(report: &Report, format: ImpactFormat) -> Result<String, Failure> {
    Ok(match format {
        ImpactFormat::Json => serialize(report, Format::Json)?,
        ImpactFormat::Yaml => serialize(report, Format::Yaml)?,
        ImpactFormat::Text => text(report),
        ImpactFormat::Markdown => markdown(report),
    })
}

/// The cells of every value's row: label, winner, rounds, score, used.
fn rows(report: &Report) -> Vec<[String; 5]> {
    report
        .readings
        .iter()
        .filter_map(|a| {
            let f = a.figures.filter(|_| a.unplayable.is_none())?;
            Some([
                format!("{} {} = {}", a.reading, a.name, a.value),
                rate_words(&f.winner_changed),
                rate_words(&f.rounds_changed),
                change_words(&f.score_change),
                rate_words(&f.used),
            ])
        })
        .collect()
}

const HEADINGS: [&str; 5] = ["reading = value", "winner changed", "rounds changed", "score change a seat", "used"];

/// What the intervals are, and what each column counts.
fn legend(report: &Report) -> String {
    format!(
        "Each value against {}'s own. 95% intervals: Wilson score intervals for the rates, Student's t for the mean \
change of a seat's final score (under the value, less under {}'s own); used: an event of either game cites the \
reading.",
        report.variant, report.variant
    )
}

/// The lines under the table: the values that changed no winner, with
/// their bound; those no game could be played under; games stopped at the
/// round limit.
fn notes(report: &Report) -> Vec<String> {
    let mut lines = Vec::new();
    for a in &report.readings {
        if let Some(why) = &a.unplayable {
            lines.push(format!("{} {} = {}: not played: {why}", a.reading, a.name, a.value));
            continue;
        }
        let Some(f) = a.figures else { continue };
        if f.winner_changed.count == 0 {
            lines.push(format!(
                "{} {} = {} changed the winner in 0 of {} games: under {} at 95%.",
                a.reading,
                a.name,
                a.value,
                f.winner_changed.games,
                percent(f.winner_changed.high, Rounding::Up)
            ));
        }
        if a.counts.no_winner > 0 {
            lines.push(format!(
                "{} {} = {}: {} of its games stopped at the round limit ({} rounds) with no winner.",
                a.reading, a.name, a.value, a.counts.no_winner, report.max_rounds
            ));
        }
    }
    if report.base_no_winner > 0 {
        lines.push(format!(
            "{} of the games under {} stopped at the round limit ({} rounds) with no winner.",
            report.base_no_winner, report.variant, report.max_rounds
        ));
    }
    lines
}

fn text(report: &Report) -> String {
    let mut out = String::new();
    let _ = writeln!(out, "{}.\n", games_words(report));
    let rows = rows(report);
    let mut widths = HEADINGS.map(|h| h.chars().count());
    for row in &rows {
        for (w, cell) in widths.iter_mut().zip(row) {
            *w = (*w).max(cell.chars().count());
        }
    }
    let line = |cells: [&str; 5]| {
        let mut l = String::new();
        for (i, (cell, w)) in cells.iter().zip(widths).enumerate() {
            if i + 1 == cells.len() {
                l.push_str(cell);
            } else {
                let _ = write!(l, "{cell}{}  ", " ".repeat(w.saturating_sub(cell.chars().count())));
            }
        }
        l.trim_end().to_string()
    };
    let _ = writeln!(out, "{}", line(HEADINGS));
    for row in &rows {
        let _ = writeln!(out, "{}", line([&row[0], &row[1], &row[2], &row[3], &row[4]]));
    }
    out.push('\n');
    for note in notes(report) {
        let _ = writeln!(out, "{note}");
    }
    let _ = writeln!(out, "{}", legend(report));
    out
}

fn markdown(report: &Report) -> String {
    let mut out = String::new();
    let _ = writeln!(out, "{}.\n", games_words(report));
    let _ = writeln!(out, "| {} |", HEADINGS.join(" | "));
    let _ = writeln!(out, "|{}", "---|".repeat(HEADINGS.len()));
    for row in rows(report) {
        let _ = writeln!(out, "| {} |", row.join(" | "));
    }
    out.push('\n');
    for note in notes(report) {
        let _ = writeln!(out, "{note}\n");
    }
    let _ = writeln!(out, "{}", legend(report));
    out
}
