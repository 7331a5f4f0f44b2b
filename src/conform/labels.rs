//! Variants by their labels (`english+R4=no`): a label read as the engine
//! protocol reads it, a variant written back as a label, and one reading
//! changed on a label or a variant. The bottom of the conformance run:
//! the suite, the session with the engine, the scripts and the sweep all
//! name variants this way.

use crate::formats::{BUILTIN_VARIANTS, builtin_variant};
use crate::model::{Corners, TileId};
use crate::rules::{Clause, Variant};

/// Whether two variants play the same game: the same text (whose clauses
/// events cite), tile set, target, readings and orientations.
fn plays_as(a: &Variant, b: &Variant) -> bool {
    let choices = |v: &Variant| -> Vec<(Clause, String)> {
        v.rules().choices().into_iter().map(|(r, value)| (r.id, value)).collect()
    };
    let tiles = |v: &Variant| -> Vec<(TileId, Vec<Corners>)> {
        v.tile_set().ids().map(|t| (t, v.orientations().of(v.tile_set(), t).to_vec())).collect()
    };
    a.text() == b.text() && a.target() == b.target() && choices(a) == choices(b) && tiles(a) == tiles(b)
}

/// The label of a shipped variant with readings changed on top that plays
/// as `variant` (the fewest readings changed); the error says why none
/// does.
pub fn label_of(variant: &Variant) -> Result<String, String> {
    let mut best: Option<(usize, String)> = None;
    for (name, _) in BUILTIN_VARIANTS {
        let Some(base) = builtin_variant(name) else { continue };
        let changed: Vec<String> = base
            .rules()
            .choices()
            .into_iter()
            .zip(variant.rules().choices())
            .filter(|((_, ours), (_, theirs))| ours != theirs)
            .map(|((r, _), (_, value))| format!("+{}={value}", r.id))
            .collect();
        let label = format!("{name}{}", changed.concat());
        if label_variant(&label).is_ok_and(|v| plays_as(&v, variant))
            && best.as_ref().is_none_or(|(n, _)| changed.len() < *n)
        {
            best = Some((changed.len(), label));
        }
    }
    best.map(|(_, label)| label).ok_or_else(|| {
        format!(
            "the scenario's variant `{}` is no shipped variant with readings changed on top (its tile set or orientations are its own), which is all a label names",
            variant.name()
        )
    })
}

/// Each reading's value under `variant`, by id, read at once (a rule set
/// asked for one value at a time is written out whole each time).
pub fn values_of(variant: &Variant) -> Vec<(Clause, String)> {
    let written = serde_json::to_value(variant.rules()).unwrap_or_default();
    crate::rules::READINGS
        .iter()
        .map(|r| {
            let value = match written.get(r.name) {
                Some(serde_json::Value::String(v)) => v.clone(),
                Some(other) => other.to_string(),
                None => String::new(),
            };
            (r.id, value)
        })
        .collect()
}

/// A variant by its label (`english+R4=no`): a shipped variant with the
/// label's readings; `None` when it names none.
pub fn variant_by_label(label: &str) -> Option<Variant> {
    label_variant(label).ok()
}

/// `label` with `reading` set to `value`: its override replaced, or
/// dropped where the shipped variant has that value itself.
pub(super) fn relabel(label: &str, reading: &crate::rules::Reading, value: &str) -> Option<String> {
    let (name, overrides) = crate::protocol::message::read_label(label).ok()?;
    let base = label_variant(&name).ok()?;
    let own = values_of(&base).into_iter().find(|(id, _)| *id == reading.id).map(|(_, v)| v);
    let mut out = name;
    for (k, v) in overrides {
        if crate::rules::Reading::find(&k).is_ok_and(|r| r.id != reading.id) {
            out.push_str(&format!("+{k}={v}"));
        }
    }
    if own.as_deref() != Some(value) {
        out.push_str(&format!("+{}={value}", reading.id));
    }
    Some(out)
}

/// `variant` with `reading` set to `value`, read through its label where
/// it has one (so that its clones share their tables, see
/// [`label_variant`]).
pub(super) fn with_value(variant: &Variant, reading: &crate::rules::Reading, value: &str) -> Option<Variant> {
    relabel(&variant.label(), reading, value)
        .and_then(|l| label_variant(&l).ok())
        .or_else(|| variant.clone().with_rule(reading.name, value).ok())
}

/// A variant by its label, read as the engine protocol reads it: a shipped
/// variant's name, then each reading changed on top of it, by id or by
/// option name, each once. The error says what is wrong, in words.
///
/// Each label is read once in a process and its variant kept: the clones
/// share one cache of the move generator's pattern tables, which a variant
/// read afresh would compute again, case after case.
pub fn label_variant(label: &str) -> Result<Variant, String> {
    static READ: std::sync::OnceLock<std::sync::Mutex<std::collections::HashMap<String, Variant>>> =
        std::sync::OnceLock::new();
    let read = READ.get_or_init(Default::default);
    if let Some(v) = read.lock().unwrap_or_else(|p| p.into_inner()).get(label) {
        return Ok(v.clone());
    }
    let (name, overrides) = crate::protocol::message::read_label(label)?;
    let base = builtin_variant(&name).ok_or_else(|| {
        format!("no shipped variant is called `{name}` (one of {})", crate::formats::shipped_variant_names())
    })?;
    let variant = overrides.iter().try_fold(base, |v, (k, value)| v.with_rule(k, value).map_err(|e| e.to_string()))?;
    read.lock().unwrap_or_else(|p| p.into_inner()).insert(label.to_string(), variant.clone());
    Ok(variant)
}
