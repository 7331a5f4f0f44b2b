//! Bonus tiles: where they may go (R29), whether they can be taken at all
//! (E14, and R30 for a single one), and whether each leaves the rest
//! playable (R17). Every question is asked under the variant's values and,
//! to tell whether a reading decided an event, under another value of R29
//! or R30, so each takes the values it is asked under. A child of the
//! state's module, beside the actions, so that the state's fields stay
//! private to the three.

// Indexing here cannot panic on input: seats index the engine's own per-seat vectors, built with one entry per seat of a player count checked at setup (E2, S3).
#![allow(clippy::indexing_slicing)]

use super::Game;
use crate::model::{Board, Cell, TileId};
use crate::rules::ids::r;
use crate::rules::{
    BonusFollowUp, BonusTilePlace, Clause, MoveGen, Placement, SingleBonusTile, Variant, Verdict, judge,
};

/// The values of the two readings of bonus tiles a question is asked
/// under: where they may go (R29), and whether one may be laid alone (R30).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct BonusRules {
    pub(super) place: BonusTilePlace,
    pub(super) single: SingleBonusTile,
}

impl BonusRules {
    /// This rule set with R29's other value.
    fn other_place(self) -> BonusRules {
        let place = match self.place {
            BonusTilePlace::Anywhere => BonusTilePlace::TouchingTheEarner,
            BonusTilePlace::TouchingTheEarner => BonusTilePlace::Anywhere,
        };
        BonusRules { place, ..self }
    }

    /// This rule set with R30's other value.
    fn other_single(self) -> BonusRules {
        let single = if self.single.yes() { SingleBonusTile::No } else { SingleBonusTile::Yes };
        BonusRules { single, ..self }
    }
}

/// Why a bonus tile is refused beside the placement rules.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Refused {
    /// It is not beside a tile that earned a bonus (R29).
    Away,
    /// It leaves the tiles still owed no line (R17).
    Blocks,
}

/// Whether `a` and `b` share a side.
fn side_by_side(a: Cell, b: Cell) -> bool {
    (a.x - b.x).abs() + (a.y - b.y).abs() == 1
}

/// Can `n` tiles of the generator's hand be laid one after the other, each
/// legal where the ones before it left the board and, where `earners` is
/// given, each sharing a side with one of them (R29)? A tile that earns a
/// bonus of its own where bonuses chain (R8) joins the earners. The
/// generator is left as it was found.
fn line_fits(generator: &mut MoveGen<'_>, variant: &Variant, n: u8, earners: Option<&mut Vec<Cell>>) -> bool {
    let Some(earners) = earners else { return generator.can_place_line(usize::from(n)) };
    if n == 0 {
        return true;
    }
    let mut moves = Vec::new();
    generator.legal_moves(&mut moves);
    let chain = variant.rules().bonus_chain.yes();
    moves.retain(|m| earners.iter().any(|&e| side_by_side(e, m.at)));
    for m in moves {
        let corners = variant.orientations().corners(usize::from(m.orientation));
        let earns = chain && generator.is_bonus(m);
        generator.place(m.at, corners);
        if earns {
            earners.push(m.at);
        }
        let fits = line_fits(generator, variant, n - 1, Some(earners));
        if earns {
            earners.pop();
        }
        generator.unplace(m.at);
        if fits {
            return true;
        }
    }
    false
}

impl Game {
    /// The values of R29 and R30 in force.
    pub(super) fn bonus_rules(&self) -> BonusRules {
        let rules = self.variant.rules();
        BonusRules { place: rules.bonus_tile_place, single: rules.single_bonus_tile }
    }

    /// Where a bonus tile may go under `rules` (R29): anywhere, or beside a
    /// tile that earned a bonus this turn.
    fn bonus_tile_may_go(&self, rules: BonusRules, at: Cell) -> bool {
        rules.place == BonusTilePlace::Anywhere || self.earners.iter().any(|&e| side_by_side(e, at))
    }

    /// Can `n` tiles of `hand` be laid one after the other on `board`, as
    /// bonus tiles under `rules`, beside `earners`?
    fn bonus_line_fits(&self, board: &Board, hand: &[TileId], n: u8, rules: BonusRules, earners: &[Cell]) -> bool {
        let mut generator = MoveGen::new(&self.variant, board, hand);
        let mut earners = earners.to_vec();
        let restricted = (rules.place == BonusTilePlace::TouchingTheEarner).then_some(&mut earners);
        line_fits(&mut generator, &self.variant, n, restricted)
    }

    /// How many bonus tiles `seat` would owe on taking the tiles with
    /// `owed` already owed, under `rules`: two more where two more can be
    /// laid one after the other (E14), one more under R30 = yes where only
    /// one can; `None` where the tiles cannot be taken.
    pub(super) fn tiles_if_taken(&self, seat: usize, owed: u8, rules: BonusRules) -> Option<u8> {
        let fits = |n: u8| self.bonus_line_fits(&self.board, &self.hands[seat], n, rules, &self.earners);
        if fits(owed + 2) {
            Some(owed + 2)
        } else if rules.single.yes() && fits(owed + 1) {
            Some(owed + 1)
        } else {
            None
        }
    }

    /// The readings of bonus tiles (R29, R30) whose other value changes
    /// whether `seat` may take the tiles now, with `owed` owed already:
    /// cited on the bonus that opens the choice, on the tiles taken and on
    /// their refusal.
    pub(super) fn tiles_choice_readings(&self, seat: usize, owed: u8) -> Vec<Clause> {
        let rules = self.bonus_rules();
        let now = self.tiles_if_taken(seat, owed, rules).is_some();
        let mut out = Vec::new();
        if self.tiles_if_taken(seat, owed, rules.other_place()).is_some() != now {
            out.extend(self.variant.cite(r(29)));
        }
        if self.tiles_if_taken(seat, owed, rules.other_single()).is_some() != now {
            out.extend(self.variant.cite(r(30)));
        }
        out
    }

    /// Whether bonus tile `p` may be laid by `seat` with `owed` owed under
    /// `rules`, beside the placement rules (which the judge asks): where R29
    /// allows it, and, where R17 says each tile must leave the rest
    /// playable, leaving them a line.
    pub(super) fn bonus_tile_allowed(
        &self,
        seat: usize,
        owed: u8,
        p: &Placement,
        rules: BonusRules,
    ) -> Result<(), Refused> {
        if !self.bonus_tile_may_go(rules, p.at) {
            return Err(Refused::Away);
        }
        if self.variant.rules().bonus_tile_follow_up == BonusFollowUp::Required && owed > 1 {
            let mut board = self.board.clone();
            board.insert(p.at, p.corners);
            let hand: Vec<TileId> = self.hands[seat].iter().copied().filter(|&t| t != p.tile).collect();
            let mut earners = self.earners.clone();
            // A tile that earns a bonus of its own (R8) opens its sides too.
            if rules.place == BonusTilePlace::TouchingTheEarner && self.variant.rules().bonus_chain.yes() {
                let earns = matches!(judge(&self.board, &self.variant, *p, None), Verdict::Legal(l) if l.bonus);
                if earns {
                    earners.push(p.at);
                }
            }
            if !self.bonus_line_fits(&board, &hand, owed - 1, rules, &earners) {
                return Err(Refused::Blocks);
            }
        }
        Ok(())
    }

    /// The bonus tiles `seat` may lay with `owed` owed: every legal
    /// placement R29 and R17 allow.
    pub(super) fn bonus_placements(&self, seat: usize, owed: u8) -> Vec<Placement> {
        let rules = self.bonus_rules();
        let mut placements = self.legal_placements(seat);
        if rules.place == BonusTilePlace::Anywhere {
            if self.variant.rules().bonus_tile_follow_up == BonusFollowUp::Required && owed > 1 {
                // One generator for every placement's check, each made and
                // taken back on it: building one per placement costs more
                // than the check itself.
                let mut generator = MoveGen::new(&self.variant, &self.board, &self.hands[seat]);
                placements.retain(|p| {
                    generator.place(p.at, p.corners);
                    let possible = generator.can_place_line(usize::from(owed - 1));
                    generator.unplace(p.at);
                    possible
                });
            }
        } else {
            placements.retain(|p| self.bonus_tile_allowed(seat, owed, p, rules).is_ok());
        }
        placements
    }

    /// R29 where its other value would refuse bonus tile `p`, allow it
    /// where it is refused, or refuse it for another reason.
    pub(super) fn bonus_tile_readings(&self, seat: usize, owed: u8, p: &Placement) -> Vec<Clause> {
        let rules = self.bonus_rules();
        let now = self.bonus_tile_allowed(seat, owed, p, rules);
        let other = self.bonus_tile_allowed(seat, owed, p, rules.other_place());
        if now != other { self.variant.cite(r(29)) } else { Vec::new() }
    }
}
