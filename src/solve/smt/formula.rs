//! Small z3 helpers for the encoding: literals, disjunctions and
//! conjunctions that fold constants as they are built (so that a rule which
//! cannot apply leaves no term behind), named definitions, at-most-one
//! constraints, objective sums and reading a model.

use z3::ast::{Ast, Bool, Int};
use z3::{Model, Optimize};

pub(super) fn lit(b: bool) -> Bool {
    Bool::from_bool(b)
}

/// The disjunction, folding constants.
pub(super) fn any(items: impl IntoIterator<Item = Bool>) -> Bool {
    let mut keep = Vec::new();
    for b in items {
        match b.as_bool() {
            Some(true) => return lit(true),
            Some(false) => {}
            None => keep.push(b),
        }
    }
    match keep.len() {
        0 => lit(false),
        1 => keep.pop().unwrap_or_else(|| lit(false)),
        _ => Bool::or(&keep),
    }
}

/// The conjunction, folding constants.
pub(super) fn all(items: impl IntoIterator<Item = Bool>) -> Bool {
    let mut keep = Vec::new();
    for b in items {
        match b.as_bool() {
            Some(false) => return lit(false),
            Some(true) => {}
            None => keep.push(b),
        }
    }
    match keep.len() {
        0 => lit(true),
        1 => keep.pop().unwrap_or_else(|| lit(true)),
        _ => Bool::and(&keep),
    }
}

pub(super) fn not(b: &Bool) -> Bool {
    match b.as_bool() {
        Some(v) => lit(!v),
        None => b.not(),
    }
}

pub(super) fn implies(a: &Bool, b: &Bool) -> Bool {
    any([not(a), b.clone()])
}

/// A named Boolean equal to `value` (or `value` itself when it is a
/// literal or a constant).
pub(super) fn define(optimize: &Optimize, name: String, value: Bool) -> Bool {
    if value.as_bool().is_some() || value.is_const() {
        return value;
    }
    let b = Bool::new_const(name);
    equate(optimize, &b, &value);
    b
}

/// `a = b`, asserted as two implications: z3's equation solving would
/// otherwise substitute the definition for `a` everywhere it occurs.
pub(super) fn equate(optimize: &Optimize, a: &Bool, b: &Bool) {
    optimize.assert(implies(a, b));
    optimize.assert(implies(b, a));
}

/// At most one of `items`.
pub(super) fn at_most_one(items: &[&Bool]) -> Option<Bool> {
    (items.len() > 1).then(|| {
        let terms: Vec<(&Bool, i32)> = items.iter().map(|&b| (b, 1)).collect();
        Bool::pb_le(&terms, 1)
    })
}

/// `Σ items · coefficient` as an integer term.
pub(super) fn sum(items: &[(Bool, i64)]) -> Int {
    let zero = Int::from_i64(0);
    let terms: Vec<Int> = items
        .iter()
        .filter(|(b, c)| *c != 0 && b.as_bool() != Some(false))
        .map(|(b, c)| b.ite(&Int::from_i64(*c), &zero))
        .collect();
    if terms.is_empty() { zero } else { Int::add(&terms) }
}

pub(super) fn is_true(model: &Model, b: &Bool) -> bool {
    model.eval(b, true).and_then(|v| v.as_bool()).unwrap_or(false)
}
