//! The best answer found by a search shared out over threads in pieces
//! (parts of the search, numbered in the order one thread searches them):
//! each piece cuts what cannot beat it, and ties go to the earlier piece, so
//! that the answer is the one a single thread finds.

use std::sync::atomic::{AtomicI64, Ordering};

/// The best answer the pieces of a shared search have found: its score
/// and its piece, in one word so that threads update it at once (the score in
/// the high half; the low half the piece's place counted down, so that the
/// greatest word is the best score's earliest piece).
pub(crate) struct Shared(AtomicI64);

impl Shared {
    pub(crate) fn new() -> Shared {
        Shared(AtomicI64::new(i64::MIN))
    }

    pub(crate) fn offer(&self, score: i64, piece: usize) {
        let place = u32::MAX - u32::try_from(piece).unwrap_or(u32::MAX);
        self.0.fetch_max((score << 32) | i64::from(place), Ordering::Relaxed);
    }

    /// The best score any piece has found, if any has.
    pub(crate) fn score(&self) -> Option<i64> {
        let word = self.0.load(Ordering::Relaxed);
        (word != i64::MIN).then_some(word >> 32)
    }

    /// The least piece `piece` must be able to reach for the best answer so
    /// far not to beat it: that answer's score, or one more when it comes from
    /// an earlier piece (ties go to the earlier piece). `None` before any
    /// answer is found.
    pub(crate) fn floor(&self, piece: usize) -> Option<i64> {
        let word = self.0.load(Ordering::Relaxed);
        if word == i64::MIN {
            return None;
        }
        let (score, place) = (word >> 32, (word & 0xffff_ffff) as u32);
        let earlier = u32::MAX - place < u32::try_from(piece).unwrap_or(u32::MAX);
        Some(score + i64::from(earlier))
    }
}
