//! The sweep: the shipped scenarios played under more labels than their
//! own, so that each value of each reading decided in a game's play is held
//! by more than the one scenario written for it.
//!
//! From each of a scenario's labels, each reading of the game's play that
//! the scenario covers or its run cites is set to each other value; where
//! the rules' run then parts from the run it was set from, the scenario
//! tells the two values apart: a case under either label catches an engine
//! that plays the other value in its place. From such a label the readings
//! its run newly cites are set again (R24 decides only under R13 =
//! lowest-collects, R12 only under R27 = yes). A label is kept as a case
//! where it holds an engine to a value that fewer than [`WANTED`]
//! scenarios hold it to so far, counting first what the scenarios' own
//! labels hold; the expected answers are the rules', as for every scenario
//! case.

use std::collections::{HashMap, HashSet, VecDeque};

use crate::play::LoadedScenario;
use crate::play::scenario::{Run, parting_actions};
use crate::rules::{Clause, READINGS, Reading, Source, Variant};

use super::suite::{label_variant, values_of};

/// A value played in place of another: the reading, the value asked for,
/// the value played.
type Pair = (Clause, &'static str, &'static str);

/// How many scenarios should hold an engine to each value: two independent
/// cases, and one to spare.
pub const WANTED: usize = 3;

/// How deep a sweep goes: a reading read otherwise, and one it brings into
/// play read otherwise on top.
const DEPTH: usize = 2;

/// Whether a sweep reads `reading` otherwise: a reading decided only in a
/// game's play. The readings of a placement (R1 to R7, R9's points and
/// R26) are held by every position, verdict and perft case under each of
/// their values.
fn swept_reading(reading: Clause) -> bool {
    reading.source() == Source::Reading && !matches!(reading.number(), 1..=7 | 9 | 26)
}

/// Labels' variants, each read once ([`label_variant`]).
struct Labels;

impl Labels {
    fn base(&mut self, name: &str) -> Option<Variant> {
        label_variant(name).ok()
    }

    /// The variant a label names.
    fn variant(&mut self, label: &str) -> Option<Variant> {
        label_variant(label).ok()
    }

    /// `label` with `reading` set to `value`: its override replaced, or
    /// dropped where the shipped variant has that value itself.
    fn relabel(&mut self, label: &str, reading: &Reading, value: &str) -> Option<String> {
        let (name, overrides) = crate::protocol::message::read_label(label).ok()?;
        let base = self.base(&name)?;
        let own = values_of(&base).into_iter().find(|(id, _)| *id == reading.id).map(|(_, v)| v);
        let mut out = name;
        for (k, v) in overrides {
            if Reading::find(&k).is_ok_and(|r| r.id != reading.id) {
                out.push_str(&format!("+{k}={v}"));
            }
        }
        if own.as_deref() != Some(value) {
            out.push_str(&format!("+{}={value}", reading.id));
        }
        Some(out)
    }
}

/// Whether two runs of a scenario are the same play: the same deals, and
/// each action's verdict, events, scores and phase (clause ids aside).
fn same_run(a: &Run, b: &Run) -> bool {
    let kinds = |r: &Run| r.setup.iter().map(|e| e.kind.clone()).collect::<Vec<_>>();
    kinds(a) == kinds(b) && parting_actions(a, b).is_empty() && a.scores == b.scores && a.phase == b.phase
}

/// The readings a run cites, by its events and refusals, that a sweep reads
/// otherwise.
fn cited(run: &Run) -> Vec<Clause> {
    let events = run.setup.iter().chain(run.steps.iter().flat_map(|s| &s.events));
    let mut out: Vec<Clause> = events
        .flat_map(|e| e.clauses.iter().copied())
        .chain(run.steps.iter().flat_map(|s| s.clauses.iter().copied()))
        .filter(|&c| swept_reading(c))
        .collect();
    out.sort();
    out.dedup();
    out
}

/// One label a scenario was run under.
struct Node {
    label: String,
    variant: Variant,
    run: Run,
    depth: usize,
    /// The readings its parent's run cited (none for a label of its own).
    parent_cited: Vec<Clause>,
    /// The values it holds an engine to: a case under it fails for an
    /// engine that plays the second value in place of the first.
    catches: Vec<Pair>,
}

/// A static value of a reading.
fn value_of(reading: &Reading, value: &str) -> Option<&'static str> {
    reading.values.iter().map(|(v, _)| *v).find(|v| *v == value)
}

/// Every label one scenario's sweep reaches from its own, with what each
/// holds an engine to; the scenario's own labels first.
fn reach(loaded: &LoadedScenario, own: &[String], labels: &mut Labels) -> Vec<Node> {
    let covered: Vec<Clause> = loaded.file.covers.iter().copied().filter(|&c| swept_reading(c)).collect();
    let mut nodes: Vec<Node> = Vec::new();
    let mut seen: HashSet<String> = HashSet::new();
    for label in own {
        seen.insert(label.clone());
        let Some(variant) = labels.variant(label) else { continue };
        let Ok(run) = loaded.run(&variant) else { continue };
        nodes.push(Node {
            label: label.clone(),
            variant,
            run,
            depth: 0,
            parent_cited: Vec::new(),
            catches: Vec::new(),
        });
    }
    let mut queue: VecDeque<usize> = (0..nodes.len()).collect();
    while let Some(n) = queue.pop_front() {
        let Some(node) = nodes.get(n) else { continue };
        let (label, variant, depth, run) = (node.label.clone(), node.variant.clone(), node.depth, node.run.clone());
        let now = cited(&run);
        let readings: Vec<Clause> = if depth == 0 {
            let mut all = covered.clone();
            all.extend(now.iter().copied());
            all
        } else {
            // Only what this label brought into play.
            now.iter().copied().filter(|c| !node.parent_cited.contains(c)).collect()
        };
        let values = values_of(&variant);
        for reading in READINGS.iter().filter(|r| readings.contains(&r.id)) {
            let own = values.iter().find(|(id, _)| *id == reading.id).map(|(_, v)| v.as_str()).unwrap_or_default();
            let Some(from) = value_of(reading, own) else { continue };
            for (to, _) in reading.values.iter().filter(|(v, _)| *v != own) {
                let Some(other) = labels.relabel(&label, reading, to) else { continue };
                if !seen.insert(other.clone()) {
                    continue;
                }
                let Some(v) = labels.variant(&other) else { continue };
                let Ok(alt) = loaded.run(&v) else { continue };
                if same_run(&run, &alt) {
                    continue;
                }
                if let Some(node) = nodes.get_mut(n) {
                    node.catches.push((reading.id, from, to));
                }
                nodes.push(Node {
                    label: other,
                    variant: v,
                    run: alt,
                    depth: depth + 1,
                    parent_cited: now.clone(),
                    catches: vec![(reading.id, to, from)],
                });
                if depth + 1 < DEPTH {
                    queue.push_back(nodes.len() - 1);
                }
            }
        }
    }
    nodes
}

/// The labels the sweep adds to each scenario (`own`: each scenario's own
/// labels, in the order of `loaded`), in that order.
pub fn sweep(loaded: &[LoadedScenario], own: &[Vec<String>]) -> Vec<Vec<(String, Variant)>> {
    let mut labels = Labels;
    let reached: Vec<Vec<Node>> = loaded.iter().zip(own).map(|(l, o)| reach(l, o, &mut labels)).collect();
    // What the scenarios' own labels hold an engine to, each scenario once.
    let own_pairs: Vec<HashSet<Pair>> = reached
        .iter()
        .map(|nodes| nodes.iter().filter(|n| n.depth == 0).flat_map(|n| n.catches.iter().copied()).collect())
        .collect();
    let mut counts: HashMap<Pair, usize> = HashMap::new();
    for pairs in &own_pairs {
        for p in pairs {
            *counts.entry(*p).or_default() += 1;
        }
    }
    let mut out = Vec::new();
    for (nodes, pairs) in reached.into_iter().zip(own_pairs) {
        let mut held = pairs;
        let mut kept = Vec::new();
        for node in nodes.into_iter().filter(|n| n.depth > 0) {
            let wanted = node.catches.iter().any(|p| !held.contains(p) && counts.get(p).copied().unwrap_or(0) < WANTED);
            if !wanted {
                continue;
            }
            for p in &node.catches {
                if held.insert(*p) {
                    *counts.entry(*p).or_default() += 1;
                }
            }
            kept.push((node.label, node.variant));
        }
        out.push(kept);
    }
    out
}
