//! `quadominos variants`: the shipped variants side by side, reading by
//! reading, or one variant's choice for every reading with the clauses
//! behind it.

use std::fmt::Write as _;

use quadominos::formats::{BUILTIN_VARIANTS, Source, VariantChoice, VariantSpec, builtin_variant};
use quadominos::rules::{READINGS, SpecOrigin, Variant};
use serde::Serialize;

use super::shared::{Failure, Format, RuleArgs, serialize};

/// Show the shipped variants, or every reading R1-R32 a variant chooses.
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
        let base = base_of(&rules)?;
        let text = match format {
            Format::Text if quiet => format!("{}\n", variant.label()),
            Format::Text => variant_text(&variant, base.as_ref()),
            _ => serialize(&variant_summary(&variant, base.as_ref()), format)?,
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
        _ => serialize(&all.iter().map(|v| variant_summary(v, None)).collect::<Vec<_>>(), format)?,
    };
    Ok((text, 0))
}

/// What the variant in force is measured against, to mark what it changes:
/// a spec file's `base:`, or, for `--rule` on top of a variant, that
/// variant as it stands without them. `None` where there is nothing to
/// compare with (a shipped variant as it is, a spec without a base).
fn base_of(rules: &RuleArgs) -> Result<Option<Variant>, Failure> {
    let plain = RuleArgs { rules: Vec::new(), ..rules.clone() }.choice().resolve(None, None)?;
    if let SpecOrigin::File(path) = plain.origin() {
        let spec: VariantSpec = Source::read(path)?.parse("variant spec")?;
        if let Some(base) = spec.base.as_deref().and_then(builtin_variant) {
            return Ok(Some(base));
        }
    }
    Ok((!rules.rules.is_empty()).then_some(plain))
}

#[derive(Serialize)]
#[serde(rename_all = "kebab-case")]
struct VariantSummary {
    name: String,
    description: String,
    tile_set: String,
    tiles: usize,
    target: u32,
    /// What `differs` compares with: the spec's base, or the variant the
    /// `--rule` overrides change.
    #[serde(skip_serializing_if = "Option::is_none")]
    base: Option<String>,
    readings: Vec<ReadingChoice>,
}

#[derive(Serialize)]
struct ReadingChoice {
    id: String,
    name: &'static str,
    value: String,
    clauses: Vec<String>,
    /// Whether the value differs from the base's, where there is a base.
    #[serde(skip_serializing_if = "Option::is_none")]
    differs: Option<bool>,
}

fn variant_summary(v: &Variant, base: Option<&Variant>) -> VariantSummary {
    VariantSummary {
        name: v.label(),
        description: v.summary(),
        tile_set: v.tile_set().name().to_string(),
        tiles: v.tile_set().len(),
        target: v.target(),
        base: base.map(Variant::label),
        readings: v
            .rules()
            .choices()
            .into_iter()
            .map(|(r, value)| ReadingChoice {
                id: r.id.to_string(),
                name: r.name,
                differs: base.map(|b| b.rules().get(r.name).as_deref() != Some(value.as_str())),
                value,
                clauses: v.spec_clauses(r.id).iter().filter(|&&c| c != r.id).map(|c| c.to_string()).collect(),
            })
            .collect(),
    }
}

fn variant_text(v: &Variant, base: Option<&Variant>) -> String {
    let s = variant_summary(v, base);
    let mut out = String::new();
    let _ = writeln!(out, "{}: {}", s.name, s.description);
    let _ = writeln!(out, "tile set: {} ({} tiles); target: {}\n", s.tile_set, s.tiles, s.target);
    for (c, reading) in s.readings.iter().zip(READINGS.iter()) {
        let id = format!("{}{}", c.id, if c.differs == Some(true) { "*" } else { "" });
        let _ = writeln!(out, "{id:<4} {:<24} {:<22} [{}]", c.name, c.value, c.clauses.join(", "));
        let _ = writeln!(out, "     {}", reading.question);
    }
    if let Some(base) = &s.base {
        let changed = s.readings.iter().filter(|c| c.differs == Some(true)).count();
        let _ = writeln!(out, "\n* differs from {base}: {changed} reading{}", if changed == 1 { "" } else { "s" });
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
