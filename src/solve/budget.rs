//! What every native search keeps of its limits: how many nodes it has
//! visited and, once a limit has stopped it, why.

use std::time::Instant;

use super::{Limits, Stop};

/// A search's node count and its stop. The clock and the stop flag are read
/// at the first node and at every 1024th after it, not at every node: a
/// node costs far less than reading the clock.
pub(crate) struct Budget<'a> {
    limits: &'a Limits,
    started: Instant,
    /// The nodes visited so far.
    pub nodes: u64,
    /// What stopped the search, once something has.
    pub why: Option<Stop>,
}

impl<'a> Budget<'a> {
    pub(crate) fn new(limits: &'a Limits, started: Instant) -> Budget<'a> {
        Budget { limits, started, nodes: 0, why: None }
    }

    /// Counts one node; true when the search must stop.
    #[inline]
    pub(crate) fn spend(&mut self) -> bool {
        self.nodes += 1;
        if self.why.is_none() && (self.nodes == 1 || self.nodes.is_multiple_of(1024)) {
            self.why = self.limits.expired(self.started);
        }
        self.why.is_some()
    }

    /// Whether a limit has stopped the search.
    #[inline]
    pub(crate) fn stopped(&self) -> bool {
        self.why.is_some()
    }
}
