//! What the move generators' pattern tables take, counted over the whole
//! process, against their share of the memory limit: a generator that
//! finds them all together over it lets go of those it does not use.
//! Apart from the generator and its tables, so that both can read it.

use std::sync::atomic::{AtomicU64, Ordering};

/// The bytes the pattern tables of every generator in the process take.
static TABLE_BYTES: AtomicU64 = AtomicU64::new(0);

/// What a generator's tables take, counted into [`TABLE_BYTES`] (a clone's
/// copies counted again, a dropped generator's given back), and the budget
/// for all of them together.
#[derive(Debug, Default)]
pub(super) struct TableRoom {
    /// The bytes one table takes.
    each: u64,
    /// The bytes this generator's tables take.
    held: u64,
    /// The bytes every generator's tables may take together
    /// ([`crate::limits::ResourceLimits::pattern_table_bytes`]).
    pub(super) budget: u64,
    /// At how many tables to look at the room again.
    pub(super) look_at: usize,
    /// How many new tables between looks.
    pub(super) every: usize,
}

impl TableRoom {
    /// Whether every generator's tables together take more than the
    /// budget.
    pub(super) fn over_budget(&self) -> bool {
        TABLE_BYTES.load(Ordering::Relaxed) > self.budget
    }

    /// The room of a generator whose tables take `each` bytes apiece,
    /// within the limits in force.
    pub(super) fn new(each: u64) -> TableRoom {
        let budget = crate::limits::current().pattern_table_bytes();
        // A look at the shared count every few hundred new tables: at most
        // a few hundred kilobytes over, and no shared counter read on every
        // placement.
        let every = 256;
        TableRoom { each, held: 0, budget, look_at: every, every }
    }

    /// Counts one more table.
    pub(super) fn take(&mut self) {
        self.held += self.each;
        TABLE_BYTES.fetch_add(self.each, Ordering::Relaxed);
    }

    /// Gives back every table counted, as they are let go.
    pub(super) fn release(&mut self) {
        TABLE_BYTES.fetch_sub(self.held, Ordering::Relaxed);
        self.held = 0;
    }
}

impl Clone for TableRoom {
    fn clone(&self) -> TableRoom {
        TABLE_BYTES.fetch_add(self.held, Ordering::Relaxed);
        TableRoom { ..*self }
    }
}

impl Drop for TableRoom {
    fn drop(&mut self) {
        self.release();
    }
}
