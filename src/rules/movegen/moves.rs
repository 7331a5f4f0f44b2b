//! What the move generator answers: a move in compact form, and counts of
//! moves.

use crate::model::Cell;

/// A legal placement in compact form: a cell and an index into the variant's
/// [`Orientations`] (which names the tile and its corners).
///
/// [`Orientations`]: crate::rules::Orientations
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Move {
    /// Where the tile goes.
    pub at: Cell,
    /// Which orientation of which tile, as an index into [`Orientations`].
    ///
    /// [`Orientations`]: crate::rules::Orientations
    pub orientation: u16,
}

/// How many legal moves, and how many of them earn a bonus.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Counts {
    /// Legal moves.
    pub legal: u64,
    /// Legal moves that earn the bonus choice.
    pub bonus: u64,
}

impl std::ops::AddAssign for Counts {
    #[inline]
    fn add_assign(&mut self, other: Counts) {
        self.legal += other.legal;
        self.bonus += other.bonus;
    }
}

impl std::ops::SubAssign for Counts {
    #[inline]
    fn sub_assign(&mut self, other: Counts) {
        self.legal -= other.legal;
        self.bonus -= other.bonus;
    }
}
