//! `quadominos compare`: one scenario under several variants, or under
//! every combination of some readings' values, showing only where the
//! outcomes part. Combinations are counted before any is built and refused
//! above `--max-combinations`; each is made and run in turn, so the run
//! obeys `--timeout` and `--max-memory` throughout.

use std::path::PathBuf;
use std::time::{Duration, Instant};

use quadominos::formats::{InputError, VariantChoice};
use quadominos::play::scenario::{
    Comparison, LoadedScenario, combinations, compare_each, compare_traced, distinct_readings, load_scenario,
    reading_variants,
};
use quadominos::render::comparison_text;
use quadominos::render::page::{comparison_page, page_html};
use quadominos::rules::{Reading, Variant};

use super::shared::{Failure, Format, RuleArgs, parse_seconds, serialize};

/// Run one scenario under several variants, or every value of some
/// readings, and show only where the outcomes differ. Any scenario runs
/// under any variant: its expectations are not checked here (that is
/// `check`'s job), so a variant it does not name is fine.
#[derive(clap::Args)]
#[command(after_help = "Examples:
  quadominos compare specs/scenarios/example-f-side-and-corner-bonus.yaml
  \
quadominos compare SCENARIO --variants english,serbian-chain
  \
quadominos compare SCENARIO --variant serbian-chain --readings R2,R3
  \
quadominos compare specs/scenarios/example-f-side-and-corner-bonus.yaml --readings R4 --html f.html
\
--html FILE writes a page: the scenario under each variant side by side (at most 16), stepping
\
together through the start and every action, each with its verdict, events, points, scores,
\
hands and clause ids (linked to the rules text the page embeds); where each first parts, marked.
\
With --readings the first column, the baseline, is the variant's own values of those readings.
\
Exit status 0 whatever it finds; 2 on bad input or a limit reached (--max-combinations,
\
--timeout, --max-memory).")]
pub struct Args {
    /// A scenario file.
    pub scenario: PathBuf,
    /// Variants to compare (shipped names or spec files), comma-separated
    /// [default: the scenario's own variants].
    #[arg(long, value_delimiter = ',', conflicts_with = "readings")]
    pub variants: Vec<String>,
    /// Readings to vary (R1-R32 or option names), comma-separated, each
    /// counted once: every combination of their values is run on the base
    /// variant (--variant, --spec, or the scenario's first), its own values
    /// first. The scenario's other variants are not run (the report names
    /// them): a comparison has one baseline, and a difference between two
    /// variants is no reading's; --variant NAME varies them on another.
    #[arg(long, value_delimiter = ',')]
    pub readings: Vec<String>,
    /// The most combinations of reading values run (their values
    /// multiplied: R1-R32 together make millions).
    #[arg(long, value_name = "N", default_value_t = 1024, value_parser = clap::value_parser!(u64).range(1..))]
    pub max_combinations: u64,
    /// Stop after this many seconds; nothing is printed but the limit
    /// reached (a comparison cut short would hide differences).
    #[arg(long, value_name = "SECONDS", value_parser = parse_seconds)]
    pub timeout: Option<Duration>,
    #[command(flatten)]
    pub rules: RuleArgs,
    /// Output format.
    #[arg(long, value_enum, default_value_t = Format::Text)]
    pub format: Format,
    /// Print only what differs, for scripts: each variant whose outcome
    /// parts from the first (the baseline) as `LABEL ACTION`, the number
    /// of the first action where it does; nothing when all agree.
    #[arg(short, long, conflicts_with = "format")]
    pub quiet: bool,
    /// Also show what each action did under each variant, before the
    /// differences: every action numbered from 1, each outcome (accepted
    /// with its events, points, phase and scores, or refused with the
    /// reason, the clauses in brackets) with the variants that had it. With
    /// --format json or yaml, the comparison's `trace`.
    #[arg(long, conflicts_with = "quiet")]
    pub trace: bool,
    /// Also write a page to FILE: one HTML file, nothing fetched, with the
    /// scenario under each variant side by side (at most 16), stepping
    /// together, the first action where each parts from the baseline
    /// marked. Never an input of the command, nor a device or FIFO; `-`
    /// prints the page on standard output in place of the comparison.
    #[arg(long, value_name = "FILE")]
    pub html: Option<PathBuf>,
}

/// The most variants a page shows side by side.
const PAGE_COLUMNS: u128 = 16;

/// Refuses a page of more than [`PAGE_COLUMNS`] variants.
fn page_columns(html: &Option<PathBuf>, n: u128) -> Result<(), Failure> {
    if html.is_some() && n > PAGE_COLUMNS {
        return Err(Failure::Input(InputError::whole_file(
            "--html",
            format!(
                "{n} variants would be compared; a page shows at most {PAGE_COLUMNS} side by side: compare fewer \
variants or readings, or leave out --html"
            ),
        )));
    }
    Ok(())
}

/// The limits a comparison checks before each run: the time since the
/// command started and the process's memory.
struct Watch {
    started: Instant,
    timeout: Option<Duration>,
    memory: u64,
    total: u128,
}

impl Watch {
    fn check(&self, made: usize) -> Result<(), InputError> {
        let done = format!("after {made} of {} runs; nothing is compared", self.total);
        if let Some(t) = self.timeout
            && self.started.elapsed() >= t
        {
            return Err(InputError::whole_file(
                "--timeout",
                format!("stopped by the time limit of {:.3} s {done}; raise it with --timeout", t.as_secs_f64()),
            ));
        }
        if memory_stats::memory_stats().is_some_and(|m| m.physical_mem as u64 > self.memory) {
            return Err(InputError::whole_file(
                "--max-memory",
                format!(
                    "stopped by the memory limit of {} {done}; raise it with --max-memory",
                    quadominos::limits::bytes(self.memory)
                ),
            ));
        }
        Ok(())
    }
}

/// The comparison of the scenario under each variant, with the trace of
/// every run where `trace` asks for it.
fn compare(
    loaded: &LoadedScenario,
    variants: impl IntoIterator<Item = Result<Variant, InputError>>,
    watch: impl FnMut(usize) -> Result<(), InputError>,
    trace: bool,
) -> Result<Comparison, InputError> {
    if trace { compare_traced(loaded, variants, watch) } else { compare_each(loaded, variants, watch) }
}

/// `compare`: one scenario under several variants or readings.
pub fn run(args: Args) -> Result<(String, u8), Failure> {
    let started = Instant::now();
    let choice = args.rules.choice();
    let loaded = load_scenario(&args.scenario, &choice)?;
    super::shared::output::check(&super::shared::picture::outputs(&None, &None, &args.html))?;
    // The page's steps are the start and each action, known before any
    // variant is run.
    let steps = loaded.actions.len() + 1;
    super::shared::pages::within_page_steps(
        &args.html,
        &loaded.source.name,
        steps,
        "the start and one for each action",
    )?;
    let memory = quadominos::limits::current().memory;
    // With --html, the variants compared, to be run again for their tables.
    let mut shown: Vec<Variant> = Vec::new();
    let comparison = if !args.readings.is_empty() {
        let named: Vec<&'static Reading> = args
            .readings
            .iter()
            .map(|r| Reading::find(r.trim()).map_err(|e| InputError::whole_file("--readings", e.to_string())))
            .collect::<Result<_, _>>()?;
        let chosen = distinct_readings(named);
        let total = combinations(&chosen);
        if total > u128::from(args.max_combinations) {
            return Err(Failure::Input(InputError::whole_file(
                "--max-combinations",
                format!(
                    "{} readings make {total} combinations of values, more than the limit of {}; \
                     vary fewer readings, or raise it with --max-combinations",
                    chosen.len(),
                    args.max_combinations
                ),
            )));
        }
        page_columns(&args.html, total)?;
        let base = loaded.variants.first().ok_or_else(|| Failure::Bug("a scenario without variants".into()))?;
        if args.html.is_some() {
            shown = reading_variants(base, &chosen)
                .collect::<Result<_, _>>()
                .map_err(|e| InputError::whole_file("--readings", e.to_string()))?;
        }
        let watch = Watch { started, timeout: args.timeout, memory, total };
        let variants =
            reading_variants(base, &chosen).map(|v| v.map_err(|e| InputError::whole_file("--readings", e.to_string())));
        let mut comparison = compare(&loaded, variants, |made| watch.check(made), args.trace)?;
        let ids: Vec<String> = chosen.iter().map(|r| r.id.to_string()).collect();
        comparison.baseline = Some(format!("{}'s own values of {}", base.label(), ids.join(", ")));
        comparison.not_run = loaded.variants.iter().skip(1).map(Variant::label).collect();
        comparison
    } else {
        let list: Vec<Variant> = if !args.variants.is_empty() {
            args.variants
                .iter()
                .map(|v| {
                    VariantChoice { variant: Some(v.trim().to_string()), spec: None, rules: choice.rules.clone() }
                        .resolve(None, None)
                })
                .collect::<Result<_, _>>()?
        } else {
            loaded.variants.clone()
        };
        page_columns(&args.html, list.len() as u128)?;
        if args.html.is_some() {
            shown = list.clone();
        }
        let watch = Watch { started, timeout: args.timeout, memory, total: list.len() as u128 };
        compare(&loaded, list.into_iter().map(Ok), |made| watch.check(made), args.trace)?
    };
    let text = match args.format {
        Format::Text if args.quiet => {
            let mut parted: Vec<(usize, &str)> = comparison
                .differences
                .iter()
                .flat_map(|d| d.sides.iter().skip(1).map(move |s| (d.action, s.variant.as_str())))
                .collect();
            // In the order compared, as the full report's columns are.
            parted.sort_by_key(|(_, v)| comparison.variants.iter().position(|c| c == v));
            parted.iter().map(|(action, v)| format!("{v} {action}\n")).collect()
        }
        Format::Text => comparison_text(&comparison),
        _ => serialize(&comparison, args.format)?,
    };
    if let Some(path) = &args.html {
        let watch = Watch { started, timeout: args.timeout, memory, total: shown.len() as u128 };
        let mut runs = Vec::with_capacity(shown.len());
        for (made, v) in shown.iter().enumerate() {
            watch.check(made)?;
            runs.push(loaded.run_with_tables(v)?);
        }
        let name = loaded.source.name.clone();
        let description = Some(loaded.file.description.as_str()).filter(|d| !d.trim().is_empty());
        let mut page = comparison_page(&comparison, &runs, &name, description);
        // The clauses the scenario says it exercises.
        page.summary_clauses.extend(loaded.file.covers.iter().copied());
        page.summary_clauses.sort_unstable();
        page.summary_clauses.dedup();
        super::shared::output::write_files(&[("--html", path.as_path(), page_html(&page).as_bytes())])?;
    }
    Ok((text, 0))
}
