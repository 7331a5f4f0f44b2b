//! The game's actions: which are legal where play stands, and applying one
//! (the opening, a turn's placement, a bonus choice and its bonus tiles,
//! drawing, passing), down to the end of a round and of the game. A child of
//! the state's module, so that the state's fields stay private to the two.
//!
//! This file is long because a turn is one sequence: a placement, the bonus
//! it earns, the choice and the bonus tiles, going out, the round's end and
//! the target, each step citing what decided it; the bonus tiles' own rules
//! (R17, R29, R30) are in `bonus.rs`.

// Indexing here cannot panic on input: seats index the engine's own per-seat vectors, all built with one entry per seat of a player count checked at setup (E2, S3); a seat never comes from a file unchecked.
#![allow(clippy::indexing_slicing)]

use itertools::Itertools;

use super::{BONUS_POINTS, Game, OPENING_CELL, Opener, PENALTY, Phase, zero_quad};
use crate::game::action::{Action, Refusal};
use crate::game::event::{Event, EventKind, PlacementKind, RoundEnding};
use crate::model::{Board, TileId};
use crate::rules::ids::{e, r, s};
use crate::rules::{
    BlockedRound, BonusFollowUp, Clause, GoingOutAtTarget, GoingOutBonus, LastDrawPass, Legal, LowestHandTie, MoveGen,
    OpeningBonus, OpeningQuadWeight, Placement, SeatOrder, TargetCheck, TargetTie, Verdict, ZeroQuadOpening,
    bonus_tile_points, judge,
};

impl Game {
    pub(super) fn legal_placements(&self, seat: usize) -> Vec<Placement> {
        let generator = MoveGen::new(&self.variant, &self.board, &self.hands[seat]);
        let mut moves = Vec::new();
        generator.legal_moves(&mut moves);
        let mut out: Vec<Placement> = moves
            .into_iter()
            .map(|m| {
                let corners = self.variant.orientations().corners(usize::from(m.orientation));
                Placement { tile: corners.id(), at: m.at, corners }
            })
            .collect();
        out.sort_unstable_by_key(|p| (p.tile, p.at.y, p.at.x, p.corners));
        out
    }

    /// Every action the rules allow now, in a stable order.
    pub fn legal_actions(&self) -> Vec<Action> {
        match self.phase {
            Phase::GameOver { .. } => Vec::new(),
            Phase::RoundOver => vec![Action::NextRound],
            Phase::Opening { .. } => self.opening_placements().into_iter().map(Action::Place).collect(),
            Phase::BonusChoice { seat, owed } => {
                let mut out = vec![Action::TakePoints];
                if self.tiles_if_taken(seat, owed, self.bonus_rules()).is_some() {
                    out.push(Action::TakeTiles);
                }
                out
            }
            Phase::BonusTiles { seat, owed } => {
                self.bonus_placements(seat, owed).into_iter().map(Action::Place).collect()
            }
            Phase::Turn { seat, drawn } => {
                let mut placements = self.legal_placements(seat);
                if let Some(tile) = drawn.filter(|_| self.must_play_drawn()) {
                    placements.retain(|p| p.tile == tile);
                }
                if !placements.is_empty() {
                    let mut actions: Vec<Action> = placements.into_iter().map(Action::Place).collect();
                    // R27 = yes: the well may be drawn from with a play in hand.
                    if self.variant.rules().voluntary_draw.yes() && !self.well.is_empty() {
                        actions.push(Action::Draw);
                    }
                    actions
                } else if self.well.is_empty() {
                    vec![Action::Pass]
                } else {
                    vec![Action::Draw]
                }
            }
        }
    }

    /// R21: does a quad opening this round earn its bonus (25 points or two
    /// bonus tiles)? Always in the game's first round; in a later one only
    /// where the bonus is paid every round.
    pub(crate) fn opening_earns_bonus(&self) -> bool {
        self.round <= 1 || self.variant.rules().opening_bonus == OpeningBonus::EveryRound
    }

    fn must_play_drawn(&self) -> bool {
        self.variant.rules().after_draw == crate::rules::AfterDraw::DrawnTile
    }

    fn opening_placements(&self) -> Vec<Placement> {
        let Opener::Seat { tiles, .. } = self.opener() else { return Vec::new() };
        tiles
            .into_iter()
            .flat_map(|tile| {
                self.variant
                    .orientations()
                    .of(self.variant.tile_set(), tile)
                    .iter()
                    .map(move |&corners| Placement { tile, at: OPENING_CELL, corners })
                    .collect::<Vec<_>>()
            })
            .collect()
    }

    fn push(&mut self, seat: Option<usize>, kind: EventKind, score: i64, clauses: Vec<Clause>) {
        if let Some(s) = seat {
            self.scores[s] = self.scores[s].saturating_add(score);
        }
        // Every event cites the variant's own text only (and readings).
        let clauses = self.variant.own(clauses);
        self.events.push(Event { seat, kind, score, clauses });
    }

    /// Adds the clauses of a reading to the last event recorded, each once:
    /// a reading found to have decided it only after it was recorded.
    fn cite_on_last(&mut self, reading: Clause) {
        self.cite_all_on_last(self.variant.cite(reading));
    }

    /// Adds clauses to the last event recorded, each once.
    fn cite_all_on_last(&mut self, cited: Vec<Clause>) {
        if cited.is_empty() {
            return;
        }
        if let Some(last) = self.events.last_mut() {
            let mut clauses = std::mem::take(&mut last.clauses);
            clauses.extend(cited);
            last.clauses = clauses.into_iter().unique().collect();
        }
    }

    /// Ends the game at once when `seat` has reached the target and R14 says
    /// the target is checked after every scoring event. True when it ended.
    ///
    /// A player whose hand is empty is going out: R25 says whether the game
    /// ends before the other hands are collected (it then cites R25) or
    /// only once they are, at the round's end (no end here).
    fn check_target_now(&mut self, seat: usize) -> bool {
        let at_target = self.scores[seat] >= i64::from(self.variant.target());
        if at_target && self.variant.rules().target_check == TargetCheck::EndOfRound {
            // Checked at once, the game would end here: R14 decided that it
            // goes on, here, or where the player goes out (and the game would
            // end before the hands are collected, R25) at the round's end.
            if !self.hands[seat].is_empty() {
                self.cite_on_last(r(14));
            } else if self.variant.rules().going_out_at_target == GoingOutAtTarget::EndsAtOnce {
                self.round_end_cites.extend(self.variant.cite(r(14)));
            }
        }
        if self.variant.rules().target_check == TargetCheck::AtOnce && at_target {
            let mut going_out = Vec::new();
            if self.hands[seat].is_empty() {
                if self.variant.rules().going_out_at_target == GoingOutAtTarget::Collects {
                    return false;
                }
                going_out = self.variant.cite(r(25));
            }
            self.end_game(&[seat], false, going_out);
            return true;
        }
        false
    }

    /// `winners`: one seat, or those sharing the win (R23); `at_round_end`:
    /// the game ends as its round ends, not in the middle; `also`: the
    /// clauses of readings that decided the end besides R14's.
    fn end_game(&mut self, winners: &[usize], at_round_end: bool, also: Vec<Clause>) {
        let mut clauses = vec![e(16), s(19)];
        // Checked at the round's end, the game would have gone on from a
        // game ended in the middle of one; a game ended as a round ends would
        // end there under either value (R14 is cited where at once would
        // have ended it earlier, see `check_target_now`).
        if self.variant.rules().target_check == TargetCheck::AtOnce && !at_round_end {
            clauses.extend(self.variant.cite(r(14)));
        }
        clauses.extend(also);
        clauses.extend(self.variant.target_clauses().iter().copied());
        let winner = winners.first().copied().unwrap_or(0);
        let shared_with = winners.iter().skip(1).copied().collect();
        self.push(None, EventKind::GameEnd { winner, shared_with, scores: self.scores.clone() }, 0, clauses);
        self.phase = Phase::GameOver { winner };
    }

    /// Who wins a game that ends now (E16, S19): among the players at or
    /// past the target, by R23; with the clauses of R23 when its value
    /// decided (another value would name other winners).
    fn target_winners(&self) -> (Vec<usize>, Vec<Clause>) {
        let target = i64::from(self.variant.target());
        let at_target: Vec<usize> = self.play_order().into_iter().filter(|&p| self.scores[p] >= target).collect();
        if at_target.len() < 2 {
            return (at_target, Vec::new());
        }
        let reached = self.reached_target_at(target);
        let by = |tie: TargetTie| -> Vec<usize> {
            let best = at_target.iter().map(|&p| self.scores[p]).max().unwrap_or(target);
            let highest: Vec<usize> = at_target.iter().copied().filter(|&p| self.scores[p] == best).collect();
            // The seat that reached the target first, of `among` (play order
            // breaks a tie of players at it before the record began).
            let first = |among: &[usize]| among.iter().copied().min_by_key(|&p| reached[p]).into_iter().collect();
            match tie {
                TargetTie::FirstToReach => first(&at_target),
                TargetTie::HighestThenFirst => first(&highest),
                TargetTie::HighestThenSeat => highest.into_iter().take(1).collect(),
                TargetTie::Shared => highest,
            }
        };
        let chosen = by(self.variant.rules().target_tie);
        let others =
            [TargetTie::FirstToReach, TargetTie::HighestThenFirst, TargetTie::HighestThenSeat, TargetTie::Shared];
        let decided = others.into_iter().any(|tie| by(tie) != chosen);
        (chosen, if decided { self.variant.cite(r(23)) } else { Vec::new() })
    }

    /// For each seat, when it last rose to the target and stayed there: the
    /// number of events recorded before that rise, 0 for a seat at the
    /// target before anything was recorded (a set-up's scores).
    fn reached_target_at(&self, target: i64) -> Vec<usize> {
        let mut scores = self.scores.clone();
        let mut reached: Vec<Option<usize>> = vec![None; self.players()];
        for (i, ev) in self.events.iter().enumerate().rev() {
            let changes: Vec<(usize, i64)> = match &ev.kind {
                EventKind::RoundEnd { changes, .. } => changes.iter().copied().enumerate().collect(),
                _ => ev.seat.map(|seat| (seat, ev.score)).into_iter().collect(),
            };
            for (seat, change) in changes {
                let Some(score) = scores.get_mut(seat) else { continue };
                let after = *score;
                *score -= change;
                if after >= target && *score < target && reached[seat].is_none() {
                    reached[seat] = Some(i + 1);
                }
            }
        }
        reached.into_iter().map(|at| at.unwrap_or(0)).collect()
    }

    /// Applies an action. On a refusal the game is unchanged.
    pub fn apply(&mut self, action: Action) -> Result<(), Refusal> {
        match (self.phase, action) {
            (Phase::GameOver { .. }, _) => Err(Refusal::GameOver),
            (Phase::RoundOver, Action::NextRound) => {
                self.deal_round();
                Ok(())
            }
            (Phase::RoundOver, _) => Err(Refusal::RoundOver),
            (Phase::Opening { seat }, Action::Place(p)) => self.open(seat, p),
            (Phase::Opening { seat }, _) => Err(Refusal::OpeningPending { seat }),
            (Phase::BonusChoice { seat, owed }, Action::TakePoints) => {
                // The 25 of the bonus being chosen, and the turn passes (S16);
                // an opening quad's weight with it where it comes only with
                // the points (R31).
                let mut clauses = [self.bonus_grounds.clone(), vec![s(16)]].concat();
                let weight = std::mem::take(&mut self.opening_weight);
                if weight > 0 {
                    clauses.extend(self.variant.cite(r(31)));
                }
                self.push(Some(seat), EventKind::BonusPoints, BONUS_POINTS + weight, clauses);
                if self.check_target_now(seat) {
                    return Ok(());
                }
                self.owe(seat, owed);
                Ok(())
            }
            (Phase::BonusChoice { seat, owed }, Action::TakeTiles) => {
                let readings = self.tiles_choice_readings(seat, owed);
                let Some(tiles) = self.tiles_if_taken(seat, owed, self.bonus_rules()) else {
                    return Err(Refusal::CannotPlayBonusTiles { opening: self.board.len() == 1, readings });
                };
                // The tiles of the bonus being chosen, both of which can be
                // played (E14), or the one that can (R30).
                let both = if tiles == owed + 2 { vec![e(14)] } else { Vec::new() };
                let clauses = [self.bonus_grounds.clone(), both, readings].concat();
                self.opening_weight = 0;
                self.push(Some(seat), EventKind::BonusTiles, 0, clauses);
                self.phase = Phase::BonusTiles { seat, owed: tiles };
                Ok(())
            }
            (Phase::BonusChoice { .. }, _) => Err(Refusal::ChoicePending),
            (Phase::BonusTiles { seat, owed }, Action::Place(p)) => self.place_bonus_tile(seat, owed, p),
            (Phase::BonusTiles { owed, .. }, _) => Err(Refusal::BonusTilesOwed { owed }),
            (Phase::Turn { seat, drawn }, Action::Place(p)) => self.place_turn(seat, drawn, p),
            (Phase::Turn { seat, .. }, Action::Draw) => self.draw(seat),
            (Phase::Turn { seat, drawn }, Action::Pass) => self.pass(seat, drawn),
            (Phase::Turn { .. }, Action::TakePoints | Action::TakeTiles) => Err(Refusal::NoBonusPending),
            (Phase::Turn { .. }, Action::NextRound) => Err(Refusal::RoundNotOver),
        }
    }

    fn judged(&self, seat: usize, p: Placement) -> Result<Legal, Refusal> {
        match judge(&self.board, &self.variant, p, Some(&self.hands[seat])) {
            Verdict::Legal(legal) => Ok(legal),
            Verdict::Illegal(reasons) => Err(Refusal::Illegal(reasons)),
        }
    }

    fn take_from_hand(&mut self, seat: usize, tile: TileId) {
        self.hands[seat].retain(|&t| t != tile);
    }

    fn open(&mut self, seat: usize, p: Placement) -> Result<(), Refusal> {
        let Opener::Seat { tiles, clauses, tile_clauses, quad, .. } = self.opener() else {
            return Err(Refusal::OpeningPending { seat });
        };
        if !tiles.contains(&p.tile) {
            let why = self.opening_refusal_clauses(p.tile, quad.is_some());
            return Err(Refusal::NotAnOpeningTile { tile: p.tile, allowed: tiles, clauses: why });
        }
        if p.at != OPENING_CELL {
            return Err(Refusal::OpeningCell { at: p.at });
        }
        if p.corners.id() != p.tile || self.variant.orientations().index(p.corners).is_none() {
            let verdict = judge(&Board::new(), &self.variant, p, Some(&self.hands[seat]));
            if let Verdict::Illegal(reasons) = verdict {
                return Err(Refusal::Illegal(reasons));
            }
        }
        // The tile decided by R19 (with no quad, a tile lighter than the
        // opener's heaviest) or R28 (with one, a tile other than the quad
        // or 0-0-0-0 in its place): only the other value allows it.
        let heaviest = self.hands[seat].iter().map(|t| t.weight()).max().unwrap_or(0);
        let other_tile = match quad {
            None => p.tile.weight() < heaviest,
            Some(q) => p.tile != q && p.tile != zero_quad(),
        };
        let mut opening_clauses = [clauses, if other_tile { tile_clauses } else { Vec::new() }].concat();
        let highest_quad = quad.unwrap_or(p.tile);
        // A quad laid opens with a bonus (S7: "If the first tile is a Quad"),
        // another tile (R28 = any-tile) with its weight alone.
        let quad = quad.is_some() && p.tile.is_quad();
        if quad && self.round > 1 {
            // R21: a later round's quad opening earns its bonus or not.
            opening_clauses.extend(self.variant.cite(r(21)));
        }
        let quad = quad && self.opening_earns_bonus();
        let zero = p.tile == zero_quad();
        let both = zero
            && match self.variant.rules().zero_quad_opening {
                ZeroQuadOpening::Always => true,
                ZeroQuadOpening::InsteadOfHigher | ZeroQuadOpening::OnlyInsteadOfHigher => highest_quad != zero_quad(),
            };
        // A quad opening earns the bonus (E4, S7), 0-0-0-0 the 25 and the
        // tiles both (E5, S8); any opening tile scores its weight (S6).
        let mut weight = i64::from(p.corners.weight());
        if quad {
            let grounds = if both { vec![e(5), s(8)] } else { vec![e(4), s(7)] };
            opening_clauses.extend(grounds.iter().copied());
            self.bonus_grounds = grounds;
            self.earners = vec![OPENING_CELL];
            // R31: the quad's weight now, or with the 25 only. 0-0-0-0
            // weighs nothing either way.
            if weight > 0 && !both {
                opening_clauses.extend(self.variant.cite(r(31)));
                if self.variant.rules().opening_quad_weight == OpeningQuadWeight::WithThePoints {
                    self.opening_weight = std::mem::take(&mut weight);
                }
            }
        }
        opening_clauses.push(s(6));
        if self.put(seat, p, PlacementKind::Opening, 0, quad, weight, opening_clauses) {
            return Ok(());
        }
        if !quad {
            // E7: no quad at the table, no extra bonus; nor, by R21, for a
            // quad that opens a later round.
            if self.hands[seat].is_empty() {
                self.go_out(seat, None);
            } else {
                self.end_turn(seat);
            }
            return Ok(());
        }
        if both {
            // E5, S8: 25 points and two bonus tiles, the tiles where two can be played (E6).
            let mut clauses = vec![e(5), s(8)];
            if highest_quad == zero_quad() {
                // Only a lone 0-0-0-0 is treated differently by R10's values.
                clauses.extend(self.variant.cite(r(10)));
            }
            if self.hands[seat].is_empty() {
                self.go_out(seat, Some(clauses));
                return Ok(());
            }
            let tiles = self.tiles_if_taken(seat, 0, self.bonus_rules());
            let readings = self.tiles_choice_readings(seat, 0);
            if tiles.is_none() {
                // E6: two bonus tiles cannot be played, so the 25 is all.
                clauses.push(e(6));
                clauses.extend(readings.iter().copied());
            }
            self.push(Some(seat), EventKind::BonusPoints, BONUS_POINTS, clauses);
            if self.check_target_now(seat) {
                return Ok(());
            }
            if let Some(tiles) = tiles {
                let both = if tiles == 2 { vec![e(14)] } else { Vec::new() };
                self.push(Some(seat), EventKind::BonusTiles, 0, [vec![e(5), s(8)], both, readings].concat());
                self.phase = Phase::BonusTiles { seat, owed: tiles };
            } else {
                self.end_turn(seat);
            }
        } else if self.hands[seat].is_empty() {
            // The quad was the opener's last tile: the 25 (E6, S7), and out (E10).
            self.go_out(seat, Some(vec![e(4), e(6), s(7)]));
        } else {
            // The choice it opens: the tiles where they can be laid (R29, R30).
            let choice = self.tiles_choice_readings(seat, 0);
            self.cite_all_on_last(choice);
            self.phase = Phase::BonusChoice { seat, owed: 0 };
        }
        Ok(())
    }

    /// Puts `p` on the board from `seat`'s hand and records it; true when
    /// the points reached the target and so ended the game (R14).
    #[allow(clippy::too_many_arguments)]
    fn put(
        &mut self,
        seat: usize,
        p: Placement,
        kind: PlacementKind,
        matched: u8,
        bonus: bool,
        points: i64,
        clauses: Vec<Clause>,
    ) -> bool {
        self.take_from_hand(seat, p.tile);
        self.board.insert(p.at, p.corners);
        self.passes = 0;
        let event = EventKind::Place { kind, tile: p.tile, at: p.at, corners: p.corners, matched, bonus };
        self.push(Some(seat), event, points, clauses);
        self.check_target_now(seat)
    }

    /// `seat` has placed their last tile: a bonus just earned (its clauses
    /// in `bonus`) can only be taken as the 25, since no tile is left for
    /// bonus tiles (E6), and R18 says whether it is paid; then the round
    /// ends (E10, S18).
    fn go_out(&mut self, seat: usize, bonus: Option<Vec<Clause>>) {
        let mut forgone = Vec::new();
        // An opening quad's weight that comes with the 25 (R31) comes with
        // it here too, or not at all.
        let weight = std::mem::take(&mut self.opening_weight);
        if let Some(mut clauses) = bonus {
            clauses.extend(self.variant.cite(r(18)));
            match self.variant.rules().going_out_bonus {
                GoingOutBonus::Paid => {
                    if weight > 0 {
                        clauses.extend(self.variant.cite(r(31)));
                    }
                    self.push(Some(seat), EventKind::BonusPoints, BONUS_POINTS + weight, clauses);
                    if self.check_target_now(seat) {
                        return;
                    }
                }
                // E10's "no additional bonus": the round's end says why none was paid.
                GoingOutBonus::NotPaid => forgone = self.variant.cite(r(18)),
            }
        }
        self.end_round_out(seat, forgone);
    }

    /// After a bonus tile or a bonus choice, `owed` bonus tiles are still
    /// owed: play goes on with them, or the turn passes when none is owed,
    /// or (R17 = not-required) when none of them has a legal placement left,
    /// the rest being forfeited.
    fn owe(&mut self, seat: usize, owed: u8) {
        if owed == 0 {
            self.end_turn(seat);
        } else if self.variant.rules().bonus_tile_follow_up == BonusFollowUp::NotRequired
            && self.bonus_placements(seat, owed).is_empty()
        {
            self.cite_on_last(r(17));
            self.end_turn(seat);
        } else {
            self.phase = Phase::BonusTiles { seat, owed };
        }
    }

    fn place_turn(&mut self, seat: usize, drawn: Option<TileId>, p: Placement) -> Result<(), Refusal> {
        let legal = self.judged(seat, p)?;
        if let Some(tile) = drawn.filter(|&t| t != p.tile && self.must_play_drawn()) {
            return Err(Refusal::MustPlayDrawnTile { tile });
        }
        let mut clauses = legal.clauses.clone();
        // R12 decides only when the tile played is not the one just drawn:
        // either value lets the drawn tile be played.
        if drawn.is_some_and(|d| d != p.tile) {
            clauses.extend(self.variant.cite(r(12)));
        }
        let points = i64::from(legal.points);
        if self.put(seat, p, PlacementKind::Turn, legal.matched, legal.bonus, points, clauses) {
            return Ok(());
        }
        if self.hands[seat].is_empty() {
            self.go_out(seat, legal.bonus.then(|| [vec![e(6)], legal.bonus_clauses()].concat()));
        } else if legal.bonus {
            self.bonus_grounds = legal.bonus_clauses();
            self.earners = vec![p.at];
            // The choice it opens: the tiles where they can be laid (R29, R30).
            let choice = self.tiles_choice_readings(seat, 0);
            self.cite_all_on_last(choice);
            self.phase = Phase::BonusChoice { seat, owed: 0 };
        } else {
            self.end_turn(seat);
        }
        Ok(())
    }

    fn place_bonus_tile(&mut self, seat: usize, owed: u8, p: Placement) -> Result<(), Refusal> {
        let legal = self.judged(seat, p)?;
        let place = self.bonus_tile_readings(seat, owed, &p);
        match self.bonus_tile_allowed(seat, owed, &p, self.bonus_rules()) {
            Ok(()) => {}
            Err(super::bonus::Refused::Blocks) => return Err(Refusal::NoFollowUp { owed: owed - 1, readings: place }),
            Err(super::bonus::Refused::Away) => return Err(Refusal::BonusTileAway { at: p.at, readings: place }),
        }
        let earns = legal.bonus && self.variant.rules().bonus_chain.yes();
        let mut clauses = legal.clauses_without_play_score();
        if !self.variant.rules().bonus_chain.yes() {
            // Where bonus tiles earn no bonus (R8 = no), a bonus tile cites no
            // bonus of its own: not its situation, nor the readings that only
            // decide a bonus.
            let own_bonus = legal.bonus_clauses();
            clauses.retain(|c| !own_bonus.contains(c) && ![r(7), r(26)].contains(c));
        }
        // The bonus it is played for.
        clauses.extend(self.bonus_grounds.iter().copied());
        // R8 decides whether a tile that meets the bonus condition earns one.
        let chain = self.variant.cite(r(8));
        if legal.bonus {
            clauses.extend(chain.iter().copied());
        }
        // Where it may go (R29), where the other value would refuse it.
        clauses.extend(place);
        // Bonus tiles add their values (E4, E11) whatever R9 says of ordinary
        // plays, unless only the opening tile scores (R9 = opening-only): R9
        // decides what this tile scores wherever it weighs anything.
        let points = i64::from(bonus_tile_points(&self.variant, p.corners));
        if p.corners.weight() > 0 {
            clauses.push(r(9));
        }
        if self.put(seat, p, PlacementKind::BonusTile, legal.matched, earns, points, clauses) {
            return Ok(());
        }
        let owed = owed - 1;
        // What a bonus it earns is chosen and played for: its situation and
        // the variant's clause for bonus tiles that earn bonuses (S17).
        let text = chain.into_iter().filter(|c| c.source() != crate::rules::Source::Reading);
        let grounds: Vec<Clause> = legal.bonus_clauses().into_iter().chain(text).collect();
        if self.hands[seat].is_empty() {
            self.go_out(seat, earns.then(|| [vec![e(6)], grounds].concat()));
        } else if earns {
            self.bonus_grounds = grounds;
            self.earners.push(p.at);
            let choice = self.tiles_choice_readings(seat, owed);
            self.cite_all_on_last(choice);
            self.phase = Phase::BonusChoice { seat, owed };
        } else {
            self.owe(seat, owed);
        }
        Ok(())
    }

    fn draw(&mut self, seat: usize) -> Result<(), Refusal> {
        let can_play = self.legal_actions().iter().any(|a| matches!(a, Action::Place(_)));
        if can_play && !self.variant.rules().voluntary_draw.yes() {
            return Err(Refusal::CanPlay { draw: true });
        }
        let Some(tile) = self.well.pop_front() else { return Err(Refusal::WellEmpty) };
        self.hands[seat].push(tile);
        let mut clauses = vec![e(9), e(15), s(13)];
        if can_play {
            // A draw with a play in hand is allowed by R27 alone.
            clauses.extend(self.variant.cite(r(27)));
        }
        self.push(Some(seat), EventKind::Draw { tile }, -PENALTY, clauses);
        self.phase = Phase::Turn { seat, drawn: Some(tile) };
        Ok(())
    }

    /// `drawn`: the tile drawn last this turn, if any: a pass after the
    /// well's last tile was drawn in the same turn costs what R22 says.
    fn pass(&mut self, seat: usize, drawn: Option<TileId>) -> Result<(), Refusal> {
        if self.legal_actions().iter().any(|a| matches!(a, Action::Place(_))) {
            return Err(Refusal::CanPlay { draw: false });
        }
        if !self.well.is_empty() {
            return Err(Refusal::WellNotEmpty);
        }
        let mut clauses = vec![e(15), s(14)];
        let mut penalty = PENALTY;
        if drawn.is_some() {
            clauses.extend(self.variant.cite(r(22)));
            if self.variant.rules().last_draw_pass == LastDrawPass::DrawOnly {
                penalty = 0;
            }
        }
        self.push(Some(seat), EventKind::Pass, -penalty, clauses);
        self.passes += 1;
        if self.passes >= self.players() {
            self.end_round_blocked();
        } else {
            self.end_turn(seat);
        }
        Ok(())
    }

    fn end_turn(&mut self, seat: usize) {
        self.earners.clear();
        self.opening_weight = 0;
        self.phase = Phase::Turn { seat: self.next_seat(seat), drawn: None };
    }

    fn hand_totals(&self) -> Vec<u32> {
        self.hands.iter().map(|h| h.iter().map(|t| u32::from(t.weight())).sum()).collect()
    }

    /// `winner` went out; `forgone` cites why a bonus their last tile
    /// earned was not paid (R18), if so.
    fn end_round_out(&mut self, winner: usize, forgone: Vec<Clause>) {
        let totals = self.hand_totals();
        let collected: i64 = totals.iter().map(|&t| i64::from(t)).sum();
        let mut changes = vec![0; self.players()];
        changes[winner] = collected;
        // Checked at once, a player already at the target when going out is
        // here only because R25 says the other hands are still collected.
        let collects = if self.variant.rules().target_check == TargetCheck::AtOnce
            && self.scores[winner] >= i64::from(self.variant.target())
        {
            self.variant.cite(r(25))
        } else {
            Vec::new()
        };
        let kind =
            EventKind::RoundEnd { ending: RoundEnding::WentOut, winner: Some(winner), hand_totals: totals, changes };
        let pending = std::mem::take(&mut self.round_end_cites);
        self.push(Some(winner), kind, collected, [vec![e(10), s(18)], forgone, collects, pending].concat());
        self.finish_round();
    }

    fn end_round_blocked(&mut self) {
        let totals = self.hand_totals();
        let n = self.players();
        let mut changes = vec![0i64; n];
        let mut winner = None;
        let mut tie = Vec::new();
        match self.variant.rules().blocked_round {
            BlockedRound::NobodyCollects => {}
            BlockedRound::LowestCollects => {
                let lowest = totals.iter().min().copied().unwrap_or(0);
                let tied_in = |order| -> Vec<usize> {
                    self.play_order_in(order, 0).into_iter().filter(|&p| totals[p] == lowest).collect()
                };
                let tied = tied_in(self.variant.rules().seat_order);
                if tied.len() > 1 {
                    tie = self.variant.cite(r(24));
                    // Play order picks the first of them: R15 decided where
                    // the other way round the table finds another first.
                    let other = match self.variant.rules().seat_order {
                        SeatOrder::Clockwise => SeatOrder::CounterClockwise,
                        SeatOrder::CounterClockwise => SeatOrder::Clockwise,
                    };
                    if self.variant.rules().lowest_hand_tie == LowestHandTie::FirstInPlayOrder
                        && tied_in(other).first() != tied.first()
                    {
                        tie.extend(self.variant.cite(r(15)));
                    }
                }
                let low = match self.variant.rules().lowest_hand_tie {
                    LowestHandTie::NobodyCollects if tied.len() > 1 => None,
                    _ => tied.first().copied(),
                };
                if let Some(low) = low {
                    let others: i64 = (0..n).filter(|&p| p != low).map(|p| i64::from(totals[p])).sum();
                    changes[low] = others - i64::from(totals[low]);
                    winner = Some(low);
                }
            }
            BlockedRound::EachLosesOwn => {
                for p in 0..n {
                    changes[p] = -i64::from(totals[p]);
                }
            }
        }
        for (score, change) in self.scores.iter_mut().zip(&changes) {
            *score = score.saturating_add(*change);
        }
        // R13's value always decides a blocked round: nobody went out, so at
        // least two hands hold tiles, and only one tile (0-0-0-0) weighs
        // nothing, so each-loses-own always gives other changes than the
        // other two values (which agree only where the collector would
        // collect nothing): whichever value is in force, another parts.
        let mut clauses = vec![e(15), s(14)];
        clauses.extend(self.variant.cite(r(13)));
        clauses.extend(tie);
        self.events.push(Event {
            seat: None,
            kind: EventKind::RoundEnd { ending: RoundEnding::Blocked, winner, hand_totals: totals, changes },
            score: 0,
            clauses: self.variant.own(clauses),
        });
        if self.variant.rules().target_check == TargetCheck::AtOnce
            && let Some(w) = winner.filter(|&w| self.scores[w] >= i64::from(self.variant.target()))
        {
            self.end_game(&[w], true, Vec::new());
            return;
        }
        self.finish_round();
    }

    /// After a round: the end-of-round target check (R14, with R23 for
    /// more than one player at the target), else wait for the next deal.
    fn finish_round(&mut self) {
        if matches!(self.phase, Phase::GameOver { .. }) {
            return;
        }
        let (winners, tie) = self.target_winners();
        if !winners.is_empty() {
            self.end_game(&winners, true, tie);
            return;
        }
        self.phase = Phase::RoundOver;
    }
}
