//! The pattern tables the move generators of one variant share. A table
//! depends only on the pattern and the rules, so every generator of a
//! variant (and of its clones) can reuse what another computed; a variant
//! with a rule changed starts a new cache.
//!
//! The variant owns the cache and the move generator fills it. It lives in
//! its own file, knowing neither of them, so that the variant does not
//! depend on the generator that depends on it.

use std::sync::{Arc, Mutex};

use rustc_hash::FxHashMap;

/// The legal and the bonus-earning orientations of one pattern: bitsets over
/// the variant's orientations.
#[derive(Clone, Debug)]
pub struct Table {
    pub(super) legal: Box<[u64]>,
    pub(super) bonus: Box<[u64]>,
}

/// Pattern tables computed so far for one variant, by pattern key. Clones
/// share one cache: a variant's clones and all their generators reuse each
/// other's tables.
#[derive(Clone, Debug, Default)]
pub struct TableCache {
    by_pattern: Arc<Mutex<FxHashMap<u64, Arc<Table>>>>,
}

impl TableCache {
    /// The table of pattern `key`, computed by `compute` the first time any
    /// sharer asks for it.
    pub fn get_or_compute(&self, key: u64, compute: impl FnOnce() -> Table) -> Arc<Table> {
        // A table is inserted only once computed: a panic in another
        // thread's `compute` leaves the map whole, so a poisoned lock is
        // still good to use.
        let mut by_pattern = self.by_pattern.lock().unwrap_or_else(|poisoned| poisoned.into_inner());
        Arc::clone(by_pattern.entry(key).or_insert_with(|| Arc::new(compute())))
    }
}
