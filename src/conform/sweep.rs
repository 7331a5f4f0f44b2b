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

use super::labels::{label_variant, values_of};

/// A value played in place of another: the reading, the value asked for,
/// the value played.
type Pair = (Clause, &'static str, &'static str);

/// How many scenarios should hold an engine to each value: two independent
/// cases, and one to spare.
pub const WANTED: usize = 3;

/// How deep a sweep goes: a reading read otherwise, and one it brings into
/// play read otherwise on top.
const DEPTH: usize = 2;

/// Whether a sweep reads `reading` otherwise: a reading decided in a
/// game's play (R9 among them, for what bonus tiles score). The readings of
/// a placement alone (R2 to R7, R26) are held by every position, verdict
/// and perft case under each of their values, and so is R1 but for its
/// value `tile-set-file`, which no position case is given under (every
/// shipped set lists its tiles ascending clockwise, so it plays as
/// `ascending-clockwise`); R1 is swept for scenarios that cover it, and
/// adds labels with that value only.
fn swept_reading(reading: Clause) -> bool {
    reading.source() == Source::Reading && !matches!(reading.number(), 2..=7 | 26)
}

/// Whether a label with `reading` set to `value` may be added as a case.
fn added(reading: Clause, value: &str) -> bool {
    reading.number() != 1 || value == "tile-set-file"
}

/// Labels' variants, each read once ([`label_variant`]).
struct Labels;

impl Labels {
    /// The variant a label names.
    fn variant(&mut self, label: &str) -> Option<Variant> {
        label_variant(label).ok()
    }

    /// `label` with `reading` set to `value`.
    fn relabel(&mut self, label: &str, reading: &Reading, value: &str) -> Option<String> {
        super::labels::relabel(label, reading, value)
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
/// holds an engine to; the scenario's own labels first. From a label, each
/// value of a reading is run; a label holds an engine to its value against
/// each value whose run parts from its own (two values may play alike here
/// and part from a third: each of the two holds an engine to it).
fn reach(loaded: &LoadedScenario, own: &[String], labels: &mut Labels) -> Vec<Node> {
    let covered: Vec<Clause> = loaded.file.covers.iter().copied().filter(|&c| swept_reading(c)).collect();
    let mut nodes: Vec<Node> = Vec::new();
    let mut index: HashMap<String, usize> = HashMap::new();
    for label in own {
        let Some(variant) = labels.variant(label) else { continue };
        let Ok(run) = loaded.run(&variant) else { continue };
        index.insert(label.clone(), nodes.len());
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
            all.extend(now.iter().copied().filter(|c| c.number() != 1));
            all
        } else {
            // Only what this label brought into play.
            now.iter().copied().filter(|c| c.number() != 1 && !node.parent_cited.contains(c)).collect()
        };
        let values = values_of(&variant);
        for reading in READINGS.iter().filter(|r| readings.contains(&r.id)) {
            let own = values.iter().find(|(id, _)| *id == reading.id).map(|(_, v)| v.as_str()).unwrap_or_default();
            let Some(own) = value_of(reading, own) else { continue };
            // The run under each value, this label's own first.
            let mut runs: Vec<(&'static str, String, Variant, Run)> =
                vec![(own, label.clone(), variant.clone(), run.clone())];
            for (value, _) in reading.values.iter().filter(|(v, _)| *v != own) {
                let Some(other) = labels.relabel(&label, reading, value) else { continue };
                let Some(v) = labels.variant(&other) else { continue };
                let Ok(r) = loaded.run(&v) else { continue };
                runs.push((value, other, v, r));
            }
            for (from, other, v, r) in &runs {
                let catches: Vec<Pair> = runs
                    .iter()
                    .filter(|(_, _, _, r2)| !same_run(r, r2))
                    .map(|(to, ..)| (reading.id, *from, *to))
                    .collect();
                if catches.is_empty() {
                    continue;
                }
                match index.get(other) {
                    Some(&at) => {
                        if let Some(node) = nodes.get_mut(at) {
                            node.catches.extend(catches);
                        }
                    }
                    None if added(reading.id, from) => {
                        index.insert(other.clone(), nodes.len());
                        nodes.push(Node {
                            label: other.clone(),
                            variant: v.clone(),
                            run: r.clone(),
                            depth: depth + 1,
                            parent_cited: now.clone(),
                            catches,
                        });
                        if depth + 1 < DEPTH {
                            queue.push_back(nodes.len() - 1);
                        }
                    }
                    None => {}
                }
            }
        }
    }
    for node in &mut nodes {
        node.catches.sort();
        node.catches.dedup();
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
