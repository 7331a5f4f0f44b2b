//! A bound that falls while a search goes on, not only at its end: the
//! fill searches keep, for each of their first levels on the current line,
//! the bound of each branch and how many are searched to the end. Once
//! every branch before one is searched, no answer scores more than the best
//! found or the bound of a branch still open.

/// The open branches of a search's first levels, and the lowest bound they
/// have proven.
#[derive(Debug)]
pub(super) struct Falling {
    /// For each first level on the current line: the bound of each of its
    /// branches, in the order they are searched, and how many of them are
    /// searched to the end.
    levels: Vec<(Vec<i64>, usize)>,
    /// The lowest bound proven so far (`i64::MAX`: none yet).
    lowest: i64,
}

impl Default for Falling {
    fn default() -> Falling {
        Falling { levels: Vec::new(), lowest: i64::MAX }
    }
}

impl Falling {
    /// A level's branches begin, each with its bound (`i64::MIN` for one
    /// that cannot be taken).
    pub(super) fn enter(&mut self, bounds: Vec<i64>) {
        self.levels.push((bounds, 0));
    }

    /// The deepest level's next branch is searched to the end, the best
    /// answer found now scoring `best` (`i64::MIN`: none yet): the bound the
    /// branches left open allow, where it fell below any before.
    pub(super) fn settled(&mut self, best: i64) -> Option<i64> {
        if let Some((_, done)) = self.levels.last_mut() {
            *done += 1;
        }
        let mut most = best;
        let deepest = self.levels.len().saturating_sub(1);
        for (depth, (bounds, done)) in self.levels.iter().enumerate() {
            // A branch being searched is bounded by the levels below.
            let from = if depth == deepest { *done } else { done + 1 };
            most = most.max(bounds.iter().skip(from).copied().max().unwrap_or(i64::MIN));
        }
        (most > i64::MIN && most < self.lowest).then(|| {
            self.lowest = most;
            most
        })
    }

    /// The deepest level's branches are all searched.
    pub(super) fn leave(&mut self) {
        self.levels.pop();
    }

    /// The lowest bound proven so far (`i64::MAX`: none yet).
    pub(super) fn lowest(&self) -> i64 {
        self.lowest
    }
}
