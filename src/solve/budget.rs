//! What every native search keeps of its limits: how many nodes it has
//! visited and, once a limit has stopped it, why.

use std::time::Instant;

use super::{Limits, Stop};

/// A search's node count and its stop. The clock and the stop flag are read
/// at the first node and at every 1024th after it, not at every node: a
/// node costs far less than reading the clock.
pub struct Budget<'a> {
    limits: &'a Limits,
    started: Instant,
    /// The nodes visited so far.
    pub nodes: u64,
    /// What stopped the search, once something has.
    pub why: Option<Stop>,
    /// While held, nodes are counted but nothing stops the search: for
    /// reading back a line whose value is already known.
    held: bool,
    /// A node count past which the search stops as if at a limit, for one
    /// bounded attempt within a search (`u64::MAX`: none); cleared, the
    /// search goes on.
    cut_at: u64,
    /// `Limits::max_nodes`, or `u64::MAX` without one.
    node_cap: u64,
    /// The most nodes a test lets the search visit (a stand-in for the
    /// clock that stops it at the same node on every run).
    #[cfg(test)]
    pub max_nodes: u64,
}

impl<'a> Budget<'a> {
    pub(crate) fn new(limits: &'a Limits, started: Instant) -> Budget<'a> {
        Budget {
            limits,
            started,
            nodes: 0,
            why: None,
            held: false,
            cut_at: u64::MAX,
            node_cap: limits.max_nodes.unwrap_or(u64::MAX),
            #[cfg(test)]
            max_nodes: u64::MAX,
        }
    }

    /// When the search began: its time limit counts from then.
    pub(crate) fn started(&self) -> Instant {
        self.started
    }

    /// Counts one node; true when the search must stop.
    #[inline]
    pub(crate) fn spend(&mut self) -> bool {
        self.nodes += 1;
        if self.held {
            return false;
        }
        #[cfg(test)]
        if self.nodes > self.max_nodes {
            self.why = Some(Stop::TimeLimit);
        }
        if self.why.is_none() {
            if self.nodes > self.node_cap {
                self.why = Some(Stop::NodeLimit);
            } else if self.nodes == 1 || self.nodes.is_multiple_of(1024) {
                self.why = self.limits.expired(self.started);
            }
        }
        self.why.is_some() || self.nodes > self.cut_at
    }

    /// Whether a limit, or the cut of an attempt, has stopped the search.
    #[inline]
    pub(crate) fn stopped(&self) -> bool {
        (self.why.is_some() || self.nodes > self.cut_at) && !self.held
    }

    /// Starts an attempt that stops after `nodes` more nodes, or (`None`)
    /// ends one: its cut is forgotten, a limit's stop is not.
    pub fn attempt(&mut self, nodes: Option<u64>) {
        self.cut_at = nodes.map_or(u64::MAX, |n| self.nodes.saturating_add(n));
    }

    /// Holds the budget (or lets it go again); returns whether it was held.
    pub(crate) fn hold(&mut self, held: bool) -> bool {
        std::mem::replace(&mut self.held, held)
    }
}
