//! `quadominos check`: rule scenarios run action by action under each of
//! their variants and held against their expectations. Every scenario is
//! read first, so bad input prints nothing but the error.

use std::fmt::Write as _;
use std::path::PathBuf;

use quadominos::formats::{InputError, VariantChoice};
use quadominos::play::StepOutcome;
use quadominos::play::scenario::{LoadedScenario, load_scenario};
use quadominos::render::run_trace;
use serde::Serialize;

use super::shared::{Failure, Format, RuleArgs, colour, counted, serialize};

/// Run rule scenarios and check them against their expectations.
#[derive(clap::Args)]
#[command(
    after_help = "Examples:\n  quadominos check specs/scenarios\n  quadominos check specs/scenarios/e9-draw-until-playable.yaml --trace\n\
A refused action holds only where the scenario expects the refusal (`legal: false` or `refused:`).\n\
Exit status 0 when every expectation holds, 1 when one does not, 2 on bad input."
)]
pub struct Args {
    /// Scenario files (YAML, as under specs/scenarios/), or folders: every
    /// `*.yaml` file directly in a folder is a scenario (its subfolders, such
    /// as the scenario variants' `variants/`, are not read).
    #[arg(required = true, value_name = "SCENARIO|DIR")]
    pub scenarios: Vec<PathBuf>,
    #[command(flatten)]
    pub rules: RuleArgs,
    /// Output format.
    #[arg(long, value_enum, default_value_t = Format::Text)]
    pub format: Format,
    /// Print only the failures, for scripts: each failing run as `FAIL
    /// FILE (SCENARIO) VARIANT` with its failed expectations below it;
    /// nothing when every expectation holds. The exit status is unchanged.
    #[arg(short, long, conflicts_with = "format")]
    pub quiet: bool,
    /// Also show what each action did, under each run: its number, the
    /// action, accepted with its events, the acting seat's points, the
    /// phase after it and every seat's score, or refused with the reason
    /// (marked `(expected)` where the scenario expects the refusal); the
    /// clauses that decided in brackets. With --format json or yaml, each
    /// run's `steps`.
    #[arg(long, conflicts_with = "quiet")]
    pub trace: bool,
}

pub fn run(args: Args) -> Result<(String, u8), Failure> {
    let (files, folders) = scenario_files(&args.scenarios)?;
    let (text, status) = check(&files, &args.rules.choice(), args.format, args.quiet, args.trace)?;
    // The count of each folder heads the text report, so that a folder that
    // lost files (or was mistyped for a smaller one) shows at a glance.
    let text = match args.format {
        Format::Text if !args.quiet && !folders.is_empty() => {
            let mut head = String::new();
            for (folder, count) in &folders {
                let _ = writeln!(head, "{folder}: {count} scenario file{} found", if *count == 1 { "" } else { "s" });
            }
            head + "\n" + &text
        }
        _ => text,
    };
    Ok((text, status))
}

/// Each folder given, as shown, with the number of scenario files found in it.
type FolderCounts = Vec<(String, usize)>;

/// The files to check: each path given, with a folder replaced by the
/// `*.yaml` files directly in it, in name order; and each folder given with
/// the number of files found in it. A folder with none is bad input.
fn scenario_files(given: &[PathBuf]) -> Result<(Vec<PathBuf>, FolderCounts), InputError> {
    let mut files = Vec::new();
    let mut folders = Vec::new();
    for path in given {
        if !path.is_dir() {
            files.push(path.clone());
            continue;
        }
        let shown = path.display().to_string();
        let entries = std::fs::read_dir(path)
            .map_err(|e| InputError::whole_file(&shown, format!("cannot read the folder: {e}")))?;
        let mut found = Vec::new();
        for entry in entries {
            let entry = entry.map_err(|e| InputError::whole_file(&shown, format!("cannot read the folder: {e}")))?;
            let file = entry.path();
            if file.extension().is_some_and(|x| x == "yaml") && file.is_file() {
                found.push(file);
            }
        }
        if found.is_empty() {
            return Err(InputError::whole_file(
                &shown,
                "no scenario files here: a folder is checked by its `*.yaml` files (not those of its subfolders); give a folder that holds some, or the files themselves",
            ));
        }
        found.sort();
        folders.push((shown, found.len()));
        files.extend(found);
    }
    Ok((files, folders))
}

#[derive(Serialize)]
struct CheckedRun {
    file: String,
    scenario: String,
    variant: String,
    actions: usize,
    failures: Vec<String>,
    /// With `--trace`: each action's outcome.
    #[serde(skip_serializing_if = "Option::is_none")]
    steps: Option<Vec<StepOutcome>>,
    /// With `--trace`, in the text: the trace's lines.
    #[serde(skip)]
    trace: String,
}

/// `check`: every scenario is read first, so bad input prints nothing but the error.
fn check(
    paths: &[PathBuf],
    choice: &VariantChoice,
    format: Format,
    quiet: bool,
    trace: bool,
) -> Result<(String, u8), Failure> {
    let loaded: Vec<LoadedScenario> = paths.iter().map(|p| load_scenario(p, choice)).collect::<Result<_, _>>()?;
    let mut runs = Vec::new();
    for scenario in &loaded {
        for variant in &scenario.variants {
            let run = scenario.run(variant)?;
            let lines = if trace && format == Format::Text {
                run_trace(&run, "        ", |i| scenario.expects_refusal(variant, i))
            } else {
                String::new()
            };
            runs.push(CheckedRun {
                file: scenario.source.name.clone(),
                scenario: scenario.file.name.clone(),
                variant: run.variant.clone(),
                actions: run.steps.len(),
                failures: scenario.check(variant, &run),
                steps: trace.then(|| run.steps.clone()),
                trace: lines,
            });
        }
    }
    let failed = runs.iter().filter(|r| !r.failures.is_empty()).count();
    let text = match format {
        Format::Text if quiet => {
            let mut out = String::new();
            for r in runs.iter().filter(|r| !r.failures.is_empty()) {
                let _ = writeln!(out, "{} {} ({}) {}", colour::out(colour::BAD, "FAIL"), r.file, r.scenario, r.variant);
                for f in &r.failures {
                    let _ = writeln!(out, "      {f}");
                }
            }
            out
        }
        Format::Text => {
            let mut out = String::new();
            let mut last = String::new();
            for r in &runs {
                if r.file != last {
                    let _ = writeln!(out, "{}  ({})", r.file, r.scenario);
                    last.clone_from(&r.file);
                }
                if r.failures.is_empty() {
                    let _ = writeln!(
                        out,
                        "  {}    {} ({})",
                        colour::out(colour::GOOD, "ok"),
                        r.variant,
                        counted(r.actions, "action")
                    );
                } else {
                    let _ = writeln!(out, "  {}  {}", colour::out(colour::BAD, "FAIL"), r.variant);
                    for f in &r.failures {
                        let _ = writeln!(out, "        {f}");
                    }
                }
                out.push_str(&r.trace);
            }
            let _ = writeln!(
                out,
                "\n{} scenario{}, {} run{}: {} hold, {failed} fail",
                loaded.len(),
                if loaded.len() == 1 { "" } else { "s" },
                runs.len(),
                if runs.len() == 1 { "" } else { "s" },
                runs.len() - failed
            );
            out
        }
        _ => serialize(&runs, format)?,
    };
    Ok((text, if failed > 0 { 1 } else { 0 }))
}
