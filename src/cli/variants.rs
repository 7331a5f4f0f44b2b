//! `quadominos variants`: the shipped variants side by side, reading by
//! reading, or one variant's choice for every reading with the clauses
//! behind it.

use std::fmt::Write as _;

use quadominos::formats::{BUILTIN_VARIANTS, VariantChoice};
use quadominos::rules::{READINGS, Variant};
use serde::Serialize;

use super::shared::{Failure, Format, RuleArgs, serialize};

/// Show the shipped variants, or every reading R1-R27 a variant chooses.
#[derive(clap::Args)]
#[command(after_help = "Example:\n  quadominos variants\n  quadominos variants --variant serbian --rule R4=no")]
pub struct Args {
    #[command(flatten)]
    pub rules: RuleArgs,
    /// Output format.
    #[arg(long, value_enum, default_value_t = Format::Text)]
    pub format: Format,
    /// Print only the labels, one a line (the names `--variant` takes, or
    /// with --variant, --spec or --rule the one label in force).
    #[arg(short, long, conflicts_with = "format")]
    pub quiet: bool,
}

pub fn run(args: Args) -> Result<(String, u8), Failure> {
    let Args { rules, format, quiet } = args;
    let explicit = rules.variant.is_some() || rules.spec.is_some() || !rules.rules.is_empty();
    if explicit {
        let variant = rules.choice().resolve(None, None)?;
        let text = match format {
            Format::Text if quiet => format!("{}\n", variant.label()),
            Format::Text => variant_text(&variant),
            _ => serialize(&variant_summary(&variant), format)?,
        };
        return Ok((text, 0));
    }
    let all: Vec<Variant> = BUILTIN_VARIANTS
        .iter()
        .map(|(name, _)| VariantChoice { variant: Some((*name).to_string()), ..Default::default() }.resolve(None, None))
        .collect::<Result<_, _>>()?;
    let text = match format {
        Format::Text if quiet => all.iter().map(|v| format!("{}\n", v.label())).collect(),
        Format::Text => variants_table(&all),
        _ => serialize(&all.iter().map(variant_summary).collect::<Vec<_>>(), format)?,
    };
    Ok((text, 0))
}

#[derive(Serialize)]
#[serde(rename_all = "kebab-case")]
struct VariantSummary {
    name: String,
    description: String,
    tile_set: String,
    tiles: usize,
    target: u32,
    readings: Vec<ReadingChoice>,
}

#[derive(Serialize)]
struct ReadingChoice {
    id: String,
    name: &'static str,
    value: String,
    clauses: Vec<String>,
}

fn variant_summary(v: &Variant) -> VariantSummary {
    VariantSummary {
        name: v.label(),
        description: v.summary(),
        tile_set: v.tile_set().name().to_string(),
        tiles: v.tile_set().len(),
        target: v.target(),
        readings: v
            .rules()
            .choices()
            .into_iter()
            .map(|(r, value)| ReadingChoice {
                id: r.id.to_string(),
                name: r.name,
                value,
                clauses: v.spec_clauses(r.id).iter().filter(|&&c| c != r.id).map(|c| c.to_string()).collect(),
            })
            .collect(),
    }
}

fn variant_text(v: &Variant) -> String {
    let s = variant_summary(v);
    let mut out = String::new();
    let _ = writeln!(out, "{}: {}", s.name, s.description);
    let _ = writeln!(out, "tile set: {} ({} tiles); target: {}\n", s.tile_set, s.tiles, s.target);
    for (c, reading) in s.readings.iter().zip(READINGS.iter()) {
        let _ = writeln!(out, "{:<4} {:<24} {:<22} [{}]", c.id, c.name, c.value, c.clauses.join(", "));
        let _ = writeln!(out, "     {}", reading.question);
    }
    out
}

fn variants_table(all: &[Variant]) -> String {
    let mut out = String::new();
    let _ = write!(out, "{:<4} {:<24}", "", "reading");
    for v in all {
        let _ = write!(out, " {:<20}", v.name());
    }
    out.push('\n');
    for r in &READINGS {
        let _ = write!(out, "{:<4} {:<24}", r.id.to_string(), r.name);
        for v in all {
            let _ = write!(out, " {:<20}", v.rules().get(r.name).unwrap_or_default());
        }
        out.push('\n');
    }
    let _ = write!(out, "{:<4} {:<24}", "", "tile set");
    for v in all {
        let _ = write!(out, " {:<20}", format!("{} ({})", v.tile_set().name(), v.tile_set().len()));
    }
    out.push('\n');
    let _ = write!(out, "{:<4} {:<24}", "", "target");
    for v in all {
        let _ = write!(out, " {:<20}", v.target());
    }
    out.push_str("\n\nShow one variant's choices and the clauses behind them: quadominos variants --variant NAME\n");
    out.lines().map(|l| format!("{}\n", l.trim_end())).collect()
}
