//! The native search's table of positions searched (a chained turn's, a
//! sequence's), kept within `--max-memory`.
//!
//! The limit is on the whole process, as the kernel counts it (its peak
//! resident memory), not on the entries alone: a hash map grows by doubling,
//! and while it moves its entries both the old table and the new one are
//! held, so a table capped at "the limit's worth of entries" took half as
//! much again at its last growth, on top of what the process held beside it.
//! Here the table is cut into shards, each a map of its own that grows on
//! its own (a growth holds one shard's old table, not the whole table's),
//! and before a shard grows, what the process holds now and the shard's new
//! table must fit within the limit, less a reserve for what grows beside the
//! table once it has stopped (the move generators' pattern tables, the lines
//! read back: [`crate::limits::kept_back`]). A table that may not grow keeps what it has and stores no
//! new positions: the search goes on, searching those again.
//!
//! Shared between the threads of a search shared out, each shard goes
//! behind a lock of its own as it is, nothing copied.

use std::sync::{Arc, Mutex, PoisonError, RwLock};

use rustc_hash::FxHashMap;

/// The shards: the key's top bits pick one (keys are Zobrist keys, spread
/// evenly over every bit).
const SHARD_BITS: u32 = 6;
const SHARDS: usize = 1 << SHARD_BITS;

/// What one slot of a shard's map takes: a key, a value and a control byte.
const SLOT_BYTES: u64 = 8 + 8 + 1;

/// What the process is taken to hold beside the table where its resident
/// memory cannot be read.
const UNREAD_BASE: u64 = 32 * crate::limits::MIB;

/// Which shard holds `key`.
fn shard(key: u64) -> usize {
    (key >> (64 - SHARD_BITS)) as usize
}

/// The bytes of the table a shard of `capacity` entries grows into next
/// (hashbrown: a power of two of slots, at most 7/8 full, 4 to start).
fn next_table_bytes(capacity: usize) -> u64 {
    let slots = if capacity == 0 { 4 } else { 2 * (capacity as u64 + 1).next_power_of_two() };
    slots * SLOT_BYTES
}

/// How much a table may still grow: checked against the process's
/// resident memory, which is read again only once the table's own growth
/// has used up what the last reading allowed.
#[derive(Debug)]
struct Room {
    /// The limit, in bytes (none: the table grows freely).
    limit: Option<u64>,
    /// The bytes the table may still take before the memory is read again
    /// (none: it may not grow at all).
    left: Mutex<Option<u64>>,
    /// The bytes the table's shards have taken, counted without what the
    /// old tables gave back (for when the memory cannot be read).
    taken: Mutex<u64>,
}

impl Room {
    fn new(limit: Option<u64>) -> Room {
        Room { limit, left: Mutex::new(Some(0)), taken: Mutex::new(0) }
    }

    /// Whether a shard of `capacity` entries, full, may grow.
    fn grow(&self, capacity: usize) -> bool {
        let Some(limit) = self.limit else { return true };
        let next = next_table_bytes(capacity);
        let mut left = self.left.lock().unwrap_or_else(PoisonError::into_inner);
        let Some(room) = *left else { return false };
        if room >= next {
            *left = Some(room - next);
            self.took(next);
            return true;
        }
        // What the process holds now: the table's shards (the one growing
        // still in it) and all the rest. During the growth it holds the new
        // table as well.
        let held = memory_stats::memory_stats().map_or_else(
            || UNREAD_BASE + *self.taken.lock().unwrap_or_else(PoisonError::into_inner),
            |m| m.physical_mem as u64,
        );
        let may = limit.saturating_sub(crate::limits::kept_back(limit)).saturating_sub(held);
        if may >= next {
            *left = Some(may - next);
            self.took(next);
            true
        } else {
            *left = None;
            false
        }
    }

    fn took(&self, bytes: u64) {
        *self.taken.lock().unwrap_or_else(PoisonError::into_inner) += bytes;
    }
}

/// A table of positions: a key to a value.
#[derive(Debug)]
pub(super) struct Memo {
    shards: Shards,
    room: Arc<Room>,
}

#[derive(Debug)]
enum Shards {
    /// The search's own.
    Own(Box<[FxHashMap<u64, i64>]>),
    /// One table shared by the threads of a search shared out.
    Shared(Arc<[RwLock<FxHashMap<u64, i64>>]>),
}

impl Default for Memo {
    fn default() -> Memo {
        Memo::new(None)
    }
}

impl Memo {
    /// An empty table that keeps the process within `limit` bytes (none:
    /// no limit).
    pub(super) fn new(limit: Option<u64>) -> Memo {
        Memo {
            shards: Shards::Own((0..SHARDS).map(|_| FxHashMap::default()).collect()),
            room: Arc::new(Room::new(limit)),
        }
    }

    pub(super) fn get(&self, key: u64) -> Option<i64> {
        match &self.shards {
            Shards::Own(maps) => maps.get(shard(key))?.get(&key).copied(),
            Shards::Shared(maps) => {
                maps.get(shard(key))?.read().unwrap_or_else(PoisonError::into_inner).get(&key).copied()
            }
        }
    }

    /// Stores `value` at `key`, unless that needs a shard to grow and the
    /// memory limit leaves no room for it.
    pub(super) fn store(&mut self, key: u64, value: i64) {
        let room = &self.room;
        let put = |map: &mut FxHashMap<u64, i64>| {
            // An entry already there is written in place: `insert` makes
            // room for one more entry before it looks for the key, so on a
            // full shard it would grow it even to overwrite.
            if let Some(entry) = map.get_mut(&key) {
                *entry = value;
            } else if map.len() < map.capacity() || room.grow(map.capacity()) {
                map.insert(key, value);
            }
        };
        match &mut self.shards {
            Shards::Own(maps) => {
                if let Some(map) = maps.get_mut(shard(key)) {
                    put(map);
                }
            }
            Shards::Shared(maps) => {
                if let Some(map) = maps.get(shard(key)) {
                    put(&mut map.write().unwrap_or_else(PoisonError::into_inner));
                }
            }
        }
    }

    /// The table shared: its shards go behind locks, as they are, and the
    /// table returned is the same one, for the threads' searches.
    pub(super) fn share(&mut self) -> Memo {
        let maps: Arc<[RwLock<FxHashMap<u64, i64>>]> = match &mut self.shards {
            Shards::Own(maps) => std::mem::take(maps).into_vec().into_iter().map(RwLock::new).collect(),
            Shards::Shared(maps) => maps.clone(),
        };
        self.shards = Shards::Shared(maps.clone());
        Memo { shards: Shards::Shared(maps), room: self.room.clone() }
    }

    /// Another handle on a shared table, for one more thread's search (on
    /// a table not shared, an empty one within the same room).
    pub(super) fn handle(&self) -> Memo {
        let shards = match &self.shards {
            Shards::Own(_) => Shards::Own((0..SHARDS).map(|_| FxHashMap::default()).collect()),
            Shards::Shared(maps) => Shards::Shared(maps.clone()),
        };
        Memo { shards, room: self.room.clone() }
    }

    /// How many positions the table holds.
    #[cfg(test)]
    pub(super) fn len(&self) -> usize {
        match &self.shards {
            Shards::Own(maps) => maps.iter().map(FxHashMap::len).sum(),
            Shards::Shared(maps) => maps.iter().map(|m| m.read().unwrap_or_else(PoisonError::into_inner).len()).sum(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_table_with_no_room_stores_nothing_and_one_with_room_keeps_all() {
        let mut tight = Memo::new(Some(1024));
        let mut free = Memo::new(None);
        for k in 0..10_000u64 {
            let key = k.wrapping_mul(0x9E37_79B9_7F4A_7C15);
            tight.store(key, k as i64);
            free.store(key, k as i64);
        }
        assert_eq!(tight.len(), 0);
        assert_eq!(free.len(), 10_000);
        assert_eq!(free.get(7u64.wrapping_mul(0x9E37_79B9_7F4A_7C15)), Some(7));
    }

    #[test]
    fn a_shared_table_is_the_same_table_for_every_handle() {
        let mut own = Memo::new(None);
        own.store(1 << 63 | 5, 9);
        let mut other = own.share();
        assert_eq!(other.get(1 << 63 | 5), Some(9));
        other.store(3, 4);
        assert_eq!(own.get(3), Some(4));
        assert_eq!(own.len(), 2);
    }

    #[test]
    fn a_shard_grows_into_twice_its_slots() {
        // hashbrown: 3 entries in 4 slots, 7 in 8, then 7/8 of each power of two.
        assert_eq!(next_table_bytes(0), 4 * SLOT_BYTES);
        assert_eq!(next_table_bytes(3), 8 * SLOT_BYTES);
        assert_eq!(next_table_bytes(7), 16 * SLOT_BYTES);
        assert_eq!(next_table_bytes(14), 32 * SLOT_BYTES);
        assert_eq!(next_table_bytes(28), 64 * SLOT_BYTES);
        let mut map: FxHashMap<u64, i64> = FxHashMap::default();
        for k in 0..1000 {
            let before = map.capacity();
            map.insert(k, 0);
            if map.capacity() != before {
                // The new capacity is 7/8 of the slots predicted (less than 8: all but one).
                let slots = next_table_bytes(before) / SLOT_BYTES;
                let expect = if slots < 8 { slots - 1 } else { slots / 8 * 7 };
                assert_eq!(map.capacity() as u64, expect, "from {before}");
            }
        }
    }
}
