//! What an SMT search may still spend: the time left under the limit, which
//! becomes z3's own `timeout` for each check, and whether the memory
//! watchdog or the caller has said stop; and where the search keeps the
//! best answer it has established, for the caller to answer with if it
//! leaves z3 behind at the deadline.

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Mutex, PoisonError};
use std::time::Instant;

use z3::Params;

use crate::solve::{Answer, Limits};

/// What an SMT search may still spend: the time limit from its start, the
/// memory watchdog's flag and the caller's stop. Building an encoding can
/// itself take long and much memory, so it looks here between candidates.
pub(super) struct Budget<'a> {
    pub(super) started: Instant,
    pub(super) limits: &'a Limits,
    pub(super) over: &'a AtomicBool,
    /// Set once the caller has stopped waiting: nobody reads what comes
    /// after, so the search ends at its next look.
    pub(super) left: &'a AtomicBool,
    /// The best answer established so far, unproven: what the caller
    /// answers with if it leaves z3 behind.
    pub(super) found: &'a Mutex<Option<Answer>>,
}

impl Budget<'_> {
    /// True when the search must stop now.
    pub(super) fn spent(&self) -> bool {
        self.over.load(Ordering::Relaxed)
            || self.left.load(Ordering::Relaxed)
            || self.limits.expired(self.started).is_some()
    }

    /// Keeps `answer`, established (every play replayed through the rules,
    /// or a count of fills each found), as the best so far.
    pub(super) fn found(&self, answer: &Answer) {
        let mut found = self.found.lock().unwrap_or_else(PoisonError::into_inner);
        *found = Some(Answer { proven: false, ..answer.clone() });
    }

    /// z3's parameters for a check that may take the time left: none
    /// without a time limit.
    pub(super) fn params(&self) -> Option<Params> {
        let t = self.limits.timeout?;
        let left = t.saturating_sub(self.started.elapsed());
        let mut params = Params::new();
        params.set_u32("timeout", left.as_millis().clamp(1, u128::from(u32::MAX)) as u32);
        Some(params)
    }
}
