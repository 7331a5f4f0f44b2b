//! The placement rule as formulas ("A placement, precisely"): what a
//! neighbouring cell holds when a step is judged, what the tiles that end up
//! on candidate cells show, and, per candidate, the terms that make it legal
//! and that earn it the bonus (R7), each over the facts of the board its step
//! sees.

// Indexing here cannot panic on input: the per-corner arrays have four entries, indexed by a corner's index or by subsets of 0..4.
#![allow(clippy::indexing_slicing)]

use std::collections::BTreeMap;

use z3::Optimize;
use z3::ast::Bool;

use super::formula::{all, any, equate, implies, lit, not};
use super::lattice::Lattice;
use crate::model::{Board, Cell, Corner, Corners, Direction};
use crate::rules::{BonusThreshold, CornerMatch, Variant, WeightNeighbours};

/// What a neighbouring cell holds when a placement is judged.
#[derive(Clone)]
enum Holds {
    /// A placed tile.
    Tile(Corners),
    /// A candidate cell: whether it is filled by then.
    Maybe(Bool),
    /// Nothing.
    Nothing,
}

/// What the tile that ends up on a candidate cell shows: one Boolean per
/// (cell, corner, value) and per (cell, weight) that some judgement asks
/// about, defined once every candidate exists (each the disjunction of the
/// candidates on the cell that show it). "Filled by step `s` and showing
/// `v`" is then a conjunction of two small facts, whatever the steps.
#[derive(Default)]
pub(super) struct Faces {
    shows: BTreeMap<(Cell, Corner, u8), Bool>,
    weighs: BTreeMap<(Cell, u8), Bool>,
}

impl Faces {
    fn shows(&mut self, cell: Cell, corner: Corner, value: u8) -> Bool {
        self.shows
            .entry((cell, corner, value))
            .or_insert_with(|| Bool::new_const(format!("shows_{}_{}_{}_{value}", cell.x, cell.y, corner.name())))
            .clone()
    }

    fn weighs(&mut self, cell: Cell, weight: u8) -> Bool {
        self.weighs
            .entry((cell, weight))
            .or_insert_with(|| Bool::new_const(format!("weighs_{}_{}_{weight}", cell.x, cell.y)))
            .clone()
    }

    /// Defines every fact asked about by the candidates on its cell.
    pub(super) fn define(&self, optimize: &Optimize, variant: &Variant, on: &BTreeMap<Cell, Vec<(usize, Bool)>>) {
        let o = variant.orientations();
        let none = Vec::new();
        for (&(cell, corner, value), fact) in &self.shows {
            let xs = on.get(&cell).unwrap_or(&none);
            let showing = any(xs.iter().filter(|(k, _)| o.corners(*k).at(corner) == value).map(|(_, x)| x.clone()));
            equate(optimize, fact, &showing);
        }
        for (&(cell, weight), fact) in &self.weighs {
            let xs = on.get(&cell).unwrap_or(&none);
            let weighing = any(xs.iter().filter(|(k, _)| o.corners(*k).weight() == weight).map(|(_, x)| x.clone()));
            equate(optimize, fact, &weighing);
        }
    }
}

/// The placement rule as formulas over the board a step sees.
pub(super) struct Judge<'a> {
    variant: &'a Variant,
    lattice: &'a Lattice,
    board: &'a Board,
    /// Per candidate cell: whether it is filled when this step is judged
    /// (by an earlier step, or, in a fill, always).
    filled: &'a BTreeMap<Cell, Bool>,
    faces: &'a mut Faces,
    /// (touching, matched) per (cell, corner, value).
    corners: BTreeMap<(Cell, Corner, u8), (Bool, Bool)>,
}

impl<'a> Judge<'a> {
    pub(super) fn new(
        variant: &'a Variant,
        lattice: &'a Lattice,
        board: &'a Board,
        filled: &'a BTreeMap<Cell, Bool>,
        faces: &'a mut Faces,
    ) -> Judge<'a> {
        Judge { variant, lattice, board, filled, faces, corners: BTreeMap::new() }
    }

    fn holds(&self, cell: Cell) -> Holds {
        if let Some(t) = self.board.get(cell) {
            return Holds::Tile(t);
        }
        match self.filled.get(&cell) {
            Some(f) if f.as_bool() != Some(false) => Holds::Maybe(f.clone()),
            _ => Holds::Nothing,
        }
    }

    fn occupied(&self, cell: Cell) -> Bool {
        match self.holds(cell) {
            Holds::Tile(_) => lit(true),
            Holds::Maybe(f) => f,
            Holds::Nothing => lit(false),
        }
    }

    /// The cell holds a tile whose corner `corner` shows `value`.
    fn shows(&mut self, cell: Cell, corner: Corner, value: u8) -> Bool {
        match self.holds(cell) {
            Holds::Tile(t) => lit(t.at(corner) == value),
            Holds::Maybe(f) => all([f, self.faces.shows(cell, corner, value)]),
            Holds::Nothing => lit(false),
        }
    }

    /// The cell holds a tile of weight `weight`.
    fn weighs(&mut self, cell: Cell, weight: u8) -> Bool {
        match self.holds(cell) {
            Holds::Tile(t) => lit(t.weight() == weight),
            Holds::Maybe(f) => all([f, self.faces.weighs(cell, weight)]),
            Holds::Nothing => lit(false),
        }
    }

    /// Whether `cell`'s corner `corner`, showing `value`, touches a counting
    /// neighbour (R4) and matches the values there (R2).
    fn corner(&mut self, cell: Cell, corner: Corner, value: u8) -> (Bool, Bool) {
        if let Some(found) = self.corners.get(&(cell, corner, value)) {
            return found.clone();
        }
        let rules = self.variant.rules();
        let there: Vec<(Cell, Corner)> = self
            .lattice
            .meeting(cell, corner)
            .into_iter()
            .filter(|&(d, _, _)| d.is_edge() || rules.diagonal_neighbours.yes())
            .map(|(_, c, k)| (c, k))
            .collect();
        let touching = any(there.iter().map(|&(c, _)| self.occupied(c)));
        let matched = match rules.corner_match {
            CornerMatch::AtLeastOne => {
                let each: Vec<Bool> = there.iter().map(|&(c, k)| self.shows(c, k, value)).collect();
                any(each)
            }
            CornerMatch::EveryValue => {
                let mut each = vec![touching.clone()];
                for &(c, k) in &there {
                    // Filled there implies showing the value there.
                    let agrees = match self.holds(c) {
                        Holds::Maybe(f) => implies(&f, &self.faces.shows(c, k, value)),
                        _ => implies(&self.occupied(c), &self.shows(c, k, value)),
                    };
                    each.push(agrees);
                }
                all(each)
            }
        };
        self.corners.insert((cell, corner, value), (touching.clone(), matched.clone()));
        (touching, matched)
    }

    /// The pieces of the rule for placing `corners` on `cell`; `None` when
    /// the placement can never be legal on this step.
    pub(super) fn placement(&mut self, cell: Cell, corners: Corners) -> Option<Terms> {
        let rules = *self.variant.rules();
        let contact = any(Direction::EDGES.into_iter().map(|d| self.occupied(cell.neighbour(d))));
        if contact.as_bool() == Some(false) {
            return None;
        }
        let mut touching: [Bool; 4] = std::array::from_fn(|_| lit(false));
        let mut matched: [Bool; 4] = std::array::from_fn(|_| lit(false));
        for corner in Corner::ALL {
            let (t, m) = self.corner(cell, corner, corners.at(corner));
            touching[corner.index()] = t;
            matched[corner.index()] = m;
        }
        let weight = if rules.equal_weight.yes() {
            let diagonal = rules.equal_weight_neighbours == WeightNeighbours::EdgeAndDiagonal;
            let each: Vec<Bool> = Direction::ALL
                .into_iter()
                .filter(|d| d.is_edge() || diagonal)
                .map(|d| self.weighs(cell.neighbour(d), corners.weight()))
                .collect();
            any(each)
        } else {
            lit(false)
        };
        let terms = Terms {
            contact,
            touching,
            matched,
            weight,
            every_corner: !rules.unmatched_corners.yes(),
            threshold: match rules.bonus_threshold {
                BonusThreshold::Three => 3,
                BonusThreshold::Four => 4,
            },
        };
        terms.possible().then_some(terms)
    }
}

/// The parts of "A placement, precisely" for one candidate, each a small
/// formula over the facts of the board its step sees.
pub(super) struct Terms {
    /// A side touches a tile (S10).
    contact: Bool,
    /// Per corner: it touches a counting neighbour (R4).
    touching: [Bool; 4],
    /// Per corner: it matches there (R2).
    matched: [Bool; 4],
    /// A counting neighbour (R6) has the tile's weight, where R5 = yes.
    weight: Bool,
    /// R3 = no: every touching corner must match.
    every_corner: bool,
    /// R7.
    threshold: usize,
}

/// Every `k`-element subset of `0..n`.
fn subsets(n: usize, k: usize) -> impl Iterator<Item = Vec<usize>> {
    (0u32..(1 << n))
        .filter(move |m| m.count_ones() as usize == k)
        .map(move |m| (0..n).filter(|i| m >> i & 1 == 1).collect())
}

impl Terms {
    fn could(b: &Bool) -> bool {
        b.as_bool() != Some(false)
    }

    /// Whether some board the step may see makes the placement legal.
    fn possible(&self) -> bool {
        let by_corners = self.matched.iter().filter(|m| Self::could(m)).count() >= 2
            && (!self.every_corner
                || self.touching.iter().zip(&self.matched).all(|(t, m)| t.as_bool() != Some(true) || Self::could(m)));
        Self::could(&self.contact) && (by_corners || Self::could(&self.weight))
    }

    /// Clauses for `x → legal`: the contact; unless the weight decides, at
    /// least two matched corners (every three corners include a matched one)
    /// and, where R3 = no, every touching corner matched.
    pub(super) fn legal(&self, x: &Bool) -> Vec<Bool> {
        let mut clauses = vec![implies(x, &self.contact)];
        let unless = [not(x), self.weight.clone()];
        for three in subsets(4, 3) {
            clauses.push(any(unless.iter().cloned().chain(three.iter().map(|&i| self.matched[i].clone()))));
        }
        if self.every_corner {
            for (t, m) in self.touching.iter().zip(&self.matched) {
                clauses.push(any(unless.iter().cloned().chain([not(t), m.clone()])));
            }
        }
        clauses.retain(|c| c.as_bool() != Some(true));
        clauses
    }

    /// Whether some board the step may see gives the bonus.
    pub(super) fn may_earn(&self) -> bool {
        self.matched.iter().filter(|m| Self::could(m)).count() >= self.threshold
    }

    /// The bonus (R7) of candidate `x` and the clauses that define it: true
    /// only when `x` is placed with at least the threshold of matched
    /// corners (every `5 - threshold` corners include a matched one). It is
    /// only ever wanted true, so one direction suffices.
    pub(super) fn bonus(&self, x: &Bool, name: impl FnOnce() -> String) -> (Bool, Vec<Bool>) {
        if !self.may_earn() {
            return (lit(false), Vec::new());
        }
        let needs: Vec<Bool> = subsets(4, 5 - self.threshold)
            .map(|set| any(set.iter().map(|&i| self.matched[i].clone())))
            .filter(|c| c.as_bool() != Some(true))
            .collect();
        if needs.is_empty() {
            return (x.clone(), Vec::new());
        }
        let b = Bool::new_const(name());
        let mut clauses = vec![implies(&b, x)];
        clauses.extend(needs.iter().map(|c| implies(&b, c)));
        (b, clauses)
    }
}
