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
#[derive(Clone, Debug)]
pub struct TableCache {
    by_pattern: Arc<Mutex<FxHashMap<u64, Arc<Table>>>>,
    /// The bytes its tables may take
    /// ([`crate::limits::ResourceLimits::shared_pattern_bytes`]).
    room: u64,
}

impl Default for TableCache {
    fn default() -> TableCache {
        TableCache::within(crate::limits::current().shared_pattern_bytes())
    }
}

impl TableCache {
    /// An empty cache whose tables may take `room` bytes.
    pub fn within(room: u64) -> TableCache {
        TableCache { by_pattern: Arc::default(), room }
    }

    /// The table of pattern `key`, computed by `compute` the first time any
    /// sharer asks for it.
    pub fn get_or_compute(&self, key: u64, compute: impl FnOnce() -> Table) -> Arc<Table> {
        // A table is inserted only once computed: a panic in another
        // thread's `compute` leaves the map whole, so a poisoned lock is
        // still good to use.
        let mut by_pattern = self.by_pattern.lock().unwrap_or_else(|poisoned| poisoned.into_inner());
        if let Some(table) = by_pattern.get(&key) {
            return Arc::clone(table);
        }
        let table = Arc::new(compute());
        // Within the memory limit's share for pattern tables, a long search
        // meeting pattern after pattern starts the cache afresh: the
        // generators keep the tables they use, and one let go is computed
        // again when met.
        let each = 16 * table.legal.len() as u64 + 96;
        if (by_pattern.len() as u64 + 1) * each > self.room {
            by_pattern.clear();
        }
        by_pattern.insert(key, Arc::clone(&table));
        table
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn table(bit: u64) -> Table {
        Table { legal: vec![bit; 8].into_boxed_slice(), bonus: vec![0; 8].into_boxed_slice() }
    }

    #[test]
    fn a_full_cache_starts_afresh_and_the_tables_handed_out_stay_whole() {
        // A table of two 8-word bitsets is taken at 16 * 8 + 96 = 224 bytes:
        // room for three.
        let cache = TableCache::within(3 * 224);
        let held: Vec<Arc<Table>> = (0..3).map(|k| cache.get_or_compute(k, || table(k))).collect();
        assert!(Arc::ptr_eq(&held[1], &cache.get_or_compute(1, || unreachable!())));
        let len = || cache.by_pattern.lock().unwrap().len();
        assert_eq!(len(), 3);
        // A fourth does not fit: the cache starts again with it alone.
        let fourth = cache.get_or_compute(3, || table(3));
        assert_eq!(len(), 1);
        assert!(Arc::ptr_eq(&fourth, &cache.get_or_compute(3, || unreachable!())));
        // A table let go is computed again when asked for; the one handed
        // out before still reads as it did.
        let mut computed = false;
        let again = cache.get_or_compute(1, || {
            computed = true;
            table(1)
        });
        assert!(computed && !Arc::ptr_eq(&again, &held[1]));
        assert_eq!(held[1].legal[0], 1);
        assert_eq!(again.legal[0], 1);
    }
}
