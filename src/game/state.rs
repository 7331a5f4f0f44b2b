//! The game: seats, hands, the well, the board and the scores, the phase of
//! play, and the actions that move it on. Every change is an [`Event`].

// Indexing here cannot panic on input: seats index the engine's own per-seat vectors, all built with one entry per seat of a player count checked at setup (E2, S3); a seat never comes from a file unchecked.
#![allow(clippy::indexing_slicing)]

use std::collections::VecDeque;

use itertools::Itertools;
use rand::SeedableRng;
use rand::seq::SliceRandom;
use rand_chacha::ChaCha8Rng;
use serde::Serialize;

use super::action::{Action, Refusal};
use super::event::{Event, EventKind, PlacementKind, RoundEnding};
use crate::error::{DocPath, Problem};
use crate::model::{Board, Cell, Corners, TileId};
use crate::rules::ids::{e, r, s};
use crate::rules::{
    BlockedRound, Clause, Legal, MoveGen, OpeningTie, Placement, SeatOrder, TargetCheck, Variant, Verdict,
    ZeroQuadOpening, judge,
};

/// Points for a bonus taken as points, and for the opening quad (E4, E11, S7, S15).
pub const BONUS_POINTS: i64 = 25;
/// Points lost per tile drawn, and for a pass (E15, S13, S14).
pub const PENALTY: i64 = 20;
/// The cell of the opening tile.
pub const OPENING_CELL: Cell = Cell::new(0, 0);

/// Where play stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(tag = "phase", rename_all = "kebab-case")]
pub enum Phase {
    /// `seat` must place the opening tile (E3–E7, S5).
    Opening {
        /// The opener.
        seat: usize,
    },
    /// `seat` earned a bonus: 25 points or two bonus tiles. `owed` bonus tiles
    /// are owed already (a chained bonus, R8).
    BonusChoice {
        /// Who chooses.
        seat: usize,
        /// Bonus tiles already owed besides this choice.
        owed: u8,
    },
    /// `seat` must place `owed` bonus tiles.
    BonusTiles {
        /// Who plays them.
        seat: usize,
        /// How many remain.
        owed: u8,
    },
    /// `seat`'s ordinary turn; `drawn` is the last tile drawn this turn.
    Turn {
        /// Whose turn.
        seat: usize,
        /// The tile drawn last this turn, if any.
        drawn: Option<TileId>,
    },
    /// The round has ended; `next-round` deals the next.
    RoundOver,
    /// The game has ended.
    GameOver {
        /// The winner.
        winner: usize,
    },
}

/// A game in progress under one variant.
#[derive(Clone, Debug)]
pub struct Game {
    variant: Variant,
    hands: Vec<Vec<TileId>>,
    well: VecDeque<TileId>,
    board: Board,
    scores: Vec<i64>,
    round: u32,
    phase: Phase,
    /// Passes in a row with the well empty; all players passing blocks the round.
    passes: usize,
    /// Deals every round after an explicit start, and every round of a dealt game.
    rng: ChaCha8Rng,
    events: Vec<Event>,
}

/// An explicit starting state: hands, well (drawn front first), board,
/// scores and who is to move.
#[derive(Clone, Debug, Default)]
pub struct Setup {
    /// Each seat's hand.
    pub hands: Vec<Vec<TileId>>,
    /// The well, in drawing order.
    pub well: Vec<TileId>,
    /// Tiles already placed.
    pub board: Vec<(Cell, Corners)>,
    /// Scores so far (zero when empty).
    pub scores: Vec<i64>,
    /// Whose turn it is on a non-empty board (seat 0 when absent). On an empty
    /// board the opener follows from the rules.
    pub to_move: Option<usize>,
    /// Seed for dealing later rounds.
    pub seed: u64,
}

/// The seat who opens, and with which tiles, or the seats whose heaviest
/// tiles tie where R11 says deal again.
enum Opener {
    Seat { seat: usize, tiles: Vec<TileId>, clauses: Vec<Clause> },
    Tie(Vec<usize>),
}

/// The seats of a game of `players`, for messages: `seats are 0 to 2`, or,
/// for a game written with no players, that there are none (never "0 to 0").
pub(crate) fn seat_range(players: usize) -> String {
    match players.checked_sub(1) {
        Some(last) => format!("seats are 0 to {last}"),
        None => "there are no seats".to_string(),
    }
}

fn zero_quad() -> TileId {
    TileId::new([0; 4]).unwrap_or_else(|_| unreachable!())
}

/// The most deals made for one round when the heaviest tiles keep tying
/// and R11 says deal again: with the shipped sets a tie is rare and many in
/// a row never happen, but a tile set whose tiles all weigh the same and
/// hold no quad ties every time, and would be dealt forever.
pub const MAX_DEALS: usize = 1000;

impl Game {
    /// A new game of `players`, dealt from `seed` by the variant's table (R16).
    pub fn deal(variant: Variant, players: usize, seed: u64) -> Result<Game, String> {
        Game::check_deal(&variant, players)?;
        let mut game = Game {
            hands: vec![Vec::new(); players],
            well: VecDeque::new(),
            board: Board::new(),
            scores: vec![0; players],
            round: 0,
            phase: Phase::RoundOver,
            passes: 0,
            rng: ChaCha8Rng::seed_from_u64(seed),
            events: Vec::new(),
            variant,
        };
        game.deal_round();
        Ok(game)
    }

    /// Whether `variant` can deal a game of `players` (R16): its deal allows
    /// that many, and its tile set holds their hands. Errors: why not.
    pub fn check_deal(variant: &Variant, players: usize) -> Result<(), String> {
        let size = variant.rules().deal.hand_size(players).ok_or_else(|| {
            format!("the {} deal (R16) does not allow {players} players; it allows 2 to 8", variant.rules().deal)
        })?;
        if size * players > variant.tile_set().len() {
            return Err(format!(
                "{players} hands of {size} need {} tiles; the {} set has {}",
                size * players,
                variant.tile_set().name(),
                variant.tile_set().len()
            ));
        }
        Ok(())
    }

    /// A game of `players` with nothing dealt yet: the next action deals the
    /// first round, either `next-round` (from `seed`, as [`Game::deal`]) or
    /// [`Game::deal_given`] (a recorded deal).
    pub fn undealt(variant: Variant, players: usize, seed: u64) -> Result<Game, String> {
        let mut game = Game::deal(variant, players, seed)?;
        game.rng = ChaCha8Rng::seed_from_u64(seed);
        game.events.clear();
        game.round = 0;
        game.phase = Phase::RoundOver;
        Ok(game)
    }

    /// A game from an explicit state. Problems name the part of the setup
    /// (`hands[1][0]`, `well[3]`, `board[2]`, `scores`, `to-move`).
    pub fn from_setup(variant: Variant, setup: &Setup) -> Result<Game, Vec<Problem>> {
        let players = setup.hands.len();
        let mut problems = Vec::new();
        if !(2..=8).contains(&players) && variant.rules().deal.hand_size(players).is_none() {
            problems.push(Problem::new(
                DocPath::from("hands"),
                format!("a game has 2 to 8 players (E2, S3); {players} hands given"),
            ));
        }
        let position = crate::rules::Position::from_setup(&setup.board, &[], &variant);
        let board = match position {
            Ok(p) => p.board,
            Err(ps) => {
                problems.extend(ps);
                Board::new()
            }
        };
        let mut seen: std::collections::HashMap<TileId, String> =
            setup.board.iter().enumerate().map(|(i, (_, c))| (c.id(), format!("board[{i}]"))).collect();
        let mut check = |tile: TileId, path: DocPath, problems: &mut Vec<Problem>| {
            if !variant.tile_set().contains(tile) {
                problems.push(Problem::new(
                    path,
                    format!("tile {tile} is not in the {} tile set", variant.tile_set().name()),
                ));
            } else if let Some(first) = seen.get(&tile) {
                problems
                    .push(Problem::new(path, format!("tile {tile} is already at {first}; each tile exists once (S1)")));
            } else {
                seen.insert(tile, path.to_string());
            }
        };
        for (seat, hand) in setup.hands.iter().enumerate() {
            for (i, &t) in hand.iter().enumerate() {
                check(t, DocPath::from("hands").index(seat).index(i), &mut problems);
            }
        }
        for (i, &t) in setup.well.iter().enumerate() {
            check(t, DocPath::from("well").index(i), &mut problems);
        }
        if !setup.scores.is_empty() && setup.scores.len() != players {
            problems.push(Problem::new(
                DocPath::from("scores"),
                format!("{} scores for {players} players", setup.scores.len()),
            ));
        }
        if let Some(seat) = setup.to_move
            && seat >= players
        {
            problems.push(Problem::new(
                DocPath::from("to-move"),
                format!("seat {seat} does not exist; {}", seat_range(players)),
            ));
        }
        if !problems.is_empty() {
            return Err(problems);
        }
        let mut game = Game {
            hands: setup.hands.clone(),
            well: setup.well.iter().copied().collect(),
            scores: if setup.scores.is_empty() { vec![0; players] } else { setup.scores.clone() },
            round: 1,
            phase: Phase::RoundOver,
            passes: 0,
            rng: ChaCha8Rng::seed_from_u64(setup.seed),
            events: Vec::new(),
            board,
            variant,
        };
        game.phase = if game.board.is_empty() {
            match game.opener() {
                Opener::Seat { seat, .. } => Phase::Opening { seat },
                Opener::Tie(tied) => {
                    // R11 = redeal: the explicit hands tie, so the round is
                    // dealt afresh from the seed.
                    game.push_redeal(tied);
                    game.round = 0;
                    game.deal_round();
                    return Ok(game);
                }
            }
        } else {
            Phase::Turn { seat: setup.to_move.unwrap_or(0), drawn: None }
        };
        Ok(game)
    }

    /// The variant in force.
    pub fn variant(&self) -> &Variant {
        &self.variant
    }

    /// Number of seats.
    pub fn players(&self) -> usize {
        self.hands.len()
    }

    /// Each seat's hand.
    pub fn hands(&self) -> &[Vec<TileId>] {
        &self.hands
    }

    /// The well, front first.
    pub fn well(&self) -> impl ExactSizeIterator<Item = TileId> + '_ {
        self.well.iter().copied()
    }

    /// The board.
    pub fn board(&self) -> &Board {
        &self.board
    }

    /// Each seat's score.
    pub fn scores(&self) -> &[i64] {
        &self.scores
    }

    /// The current round, from 1.
    pub fn round(&self) -> u32 {
        self.round
    }

    /// Where play stands.
    pub fn phase(&self) -> Phase {
        self.phase
    }

    /// Every event so far.
    pub fn events(&self) -> &[Event] {
        &self.events
    }

    /// The seat after `seat` in play order (R15).
    pub fn next_seat(&self, seat: usize) -> usize {
        let n = self.players();
        match self.variant.rules().seat_order {
            SeatOrder::Clockwise => (seat + 1) % n,
            SeatOrder::CounterClockwise => (seat + n - 1) % n,
        }
    }

    /// Seats in play order starting from seat 0.
    fn play_order(&self) -> Vec<usize> {
        let mut order = vec![0];
        while order.len() < self.players() {
            let last = order[order.len() - 1];
            order.push(self.next_seat(last));
        }
        order
    }

    /// Records that the heaviest tiles tied and R11 says deal again.
    fn push_redeal(&mut self, tied: Vec<usize>) {
        let clauses = self.variant.cite(r(11));
        let hands = self.hands.clone();
        self.events.push(Event { seat: None, kind: EventKind::Redeal { tied, hands }, score: 0, clauses });
    }

    /// Deals a round from the seed, again while the heaviest tiles tie and
    /// R11 says deal again, at most [`MAX_DEALS`] times; when every one of
    /// them ties, no round starts (the phase stays `RoundOver`, the round
    /// number unchanged) and the caller says so.
    fn deal_round(&mut self) {
        let players = self.players();
        let size = self.variant.rules().deal.hand_size(players).unwrap_or(0);
        for _attempt in 0..MAX_DEALS {
            let mut tiles: Vec<TileId> = self.variant.tile_set().ids().collect();
            tiles.shuffle(&mut self.rng);
            let hands = (0..players).map(|p| tiles[p * size..(p + 1) * size].to_vec()).collect();
            let well = tiles[players * size..].to_vec();
            if self.start_round(hands, well) {
                return;
            }
        }
    }

    /// Starts a round with these hands and well: the deal is recorded and the
    /// opener must open, or, where the heaviest tiles tie and R11 says deal
    /// again, the re-deal is recorded and false returned (the round is still
    /// to be dealt).
    fn start_round(&mut self, hands: Vec<Vec<TileId>>, well: Vec<TileId>) -> bool {
        self.hands = hands;
        self.well = well.into_iter().collect();
        self.board = Board::new();
        self.passes = 0;
        match self.opener() {
            Opener::Tie(tied) => {
                self.push_redeal(tied);
                self.phase = Phase::RoundOver;
                false
            }
            Opener::Seat { seat, clauses, .. } => {
                self.round += 1;
                self.events.push(Event {
                    seat: None,
                    kind: EventKind::Deal {
                        round: self.round,
                        hands: self.hands.clone(),
                        well: self.well.iter().copied().collect(),
                        opener: seat,
                    },
                    score: 0,
                    clauses: [vec![e(2), s(3)], self.variant.cite(r(16)), clauses]
                        .concat()
                        .into_iter()
                        .unique()
                        .collect(),
                });
                self.phase = Phase::Opening { seat };
                true
            }
        }
    }

    /// Deals the next round from given hands and well (drawn front first)
    /// instead of the seed: how a recorded game is replayed. Allowed where
    /// `next-round` is (the round is over, or nothing has been dealt yet, see
    /// [`Game::undealt`]). The hands must have the size the deal table gives
    /// (R16) and hands and well together must hold every tile of the set
    /// exactly once (S1). Where the heaviest tiles tie and R11 says deal
    /// again, a re-deal is recorded and the round waits for another deal.
    pub fn deal_given(&mut self, hands: Vec<Vec<TileId>>, well: Vec<TileId>) -> Result<(), Refusal> {
        match self.phase {
            Phase::GameOver { .. } => return Err(Refusal::GameOver),
            Phase::RoundOver => {}
            _ => return Err(Refusal::RoundNotOver),
        }
        let players = self.players();
        if hands.len() != players {
            return Err(Refusal::BadDeal { reason: format!("{} hands dealt for {players} players", hands.len()) });
        }
        let size = self.variant.rules().deal.hand_size(players).unwrap_or(0);
        if let Some((seat, hand)) = hands.iter().enumerate().find(|(_, h)| h.len() != size) {
            return Err(Refusal::BadDeal {
                reason: format!(
                    "seat {seat} was dealt {} tiles; the {} deal (R16) gives {players} players {size} each",
                    hand.len(),
                    self.variant.rules().deal
                ),
            });
        }
        let mut seen = std::collections::HashSet::new();
        for &tile in hands.iter().flatten().chain(&well) {
            if !self.variant.tile_set().contains(tile) {
                return Err(Refusal::BadDeal {
                    reason: format!("tile {tile} is not in the {} tile set", self.variant.tile_set().name()),
                });
            }
            if !seen.insert(tile) {
                return Err(Refusal::BadDeal {
                    reason: format!("tile {tile} is dealt twice; each tile exists once (S1)"),
                });
            }
        }
        if let Some(missing) = self.variant.tile_set().ids().find(|t| !seen.contains(t)) {
            return Err(Refusal::BadDeal {
                reason: format!("tile {missing} is in neither a hand nor the well; every tile is dealt (S1)"),
            });
        }
        self.start_round(hands, well);
        Ok(())
    }

    /// Who opens (E3, E7, S5, R11) and with which tiles (E5).
    fn opener(&self) -> Opener {
        let best_quad = self.hands.iter().flatten().filter(|t| t.is_quad()).max().copied();
        if let Some(quad) = best_quad {
            let seat = self.hands.iter().position(|h| h.contains(&quad)).unwrap_or(0);
            let mut tiles = vec![quad];
            // E5: the holder of the opening quad may open with 0-0-0-0 instead.
            if quad != zero_quad() && self.hands[seat].contains(&zero_quad()) {
                tiles.push(zero_quad());
            }
            return Opener::Seat { seat, tiles, clauses: vec![e(3), s(5)] };
        }
        let heaviest = self.hands.iter().flatten().map(|t| t.weight()).max().unwrap_or(0);
        let holders: Vec<usize> =
            self.play_order().into_iter().filter(|&p| self.hands[p].iter().any(|t| t.weight() == heaviest)).collect();
        if holders.len() > 1 && self.variant.rules().opening_tie == OpeningTie::Redeal {
            return Opener::Tie(holders);
        }
        let seat = holders.first().copied().unwrap_or(0);
        let mut tiles: Vec<TileId> = self.hands[seat].iter().copied().filter(|t| t.weight() == heaviest).collect();
        tiles.sort_unstable();
        let mut clauses = vec![e(7), s(5)];
        if holders.len() > 1 {
            clauses.extend(self.variant.cite(r(11)));
        }
        Opener::Seat { seat, tiles, clauses }
    }

    fn seat_of_phase(&self) -> Option<usize> {
        match self.phase {
            Phase::Opening { seat }
            | Phase::BonusChoice { seat, .. }
            | Phase::BonusTiles { seat, .. }
            | Phase::Turn { seat, .. } => Some(seat),
            Phase::RoundOver | Phase::GameOver { .. } => None,
        }
    }

    /// The seat to act, if any.
    pub fn to_move(&self) -> Option<usize> {
        self.seat_of_phase()
    }

    fn legal_placements(&self, seat: usize) -> Vec<Placement> {
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

    /// Can `n` tiles of `hand` be placed one after the other on `board`?
    ///
    /// A depth-first search that remembers the sets of placements already
    /// found to lead nowhere: the board and hand after some placements do
    /// not depend on their order, so neither does the answer (this keeps
    /// long bonus chains under R8 from being searched once per order).
    fn can_place(variant: &Variant, board: &Board, hand: &[TileId], n: u8) -> bool {
        struct Search<'g, 'v> {
            generator: &'g mut MoveGen<'v>,
            /// The placements made, as (x, y, orientation).
            made: Vec<(i32, i32, u16)>,
            /// Sets of placements (sorted) from which no line goes on.
            dead: std::collections::HashSet<Vec<(i32, i32, u16)>>,
        }
        fn go(s: &mut Search<'_, '_>, n: u8) -> bool {
            if n == 0 {
                return true;
            }
            let mut moves = Vec::new();
            s.generator.legal_moves(&mut moves);
            if n == 1 {
                return !moves.is_empty();
            }
            for m in moves {
                s.made.push((m.at.x, m.at.y, m.orientation));
                let mut key = s.made.clone();
                key.sort_unstable();
                let ok = !s.dead.contains(&key) && {
                    let corners = s.generator.variant().orientations().corners(usize::from(m.orientation));
                    s.generator.place(m.at, corners);
                    let ok = go(s, n - 1);
                    s.generator.unplace(m.at);
                    if !ok {
                        s.dead.insert(key);
                    }
                    ok
                };
                s.made.pop();
                if ok {
                    return true;
                }
            }
            false
        }
        let mut generator = MoveGen::new(variant, board, hand);
        let mut search = Search { generator: &mut generator, made: Vec::new(), dead: Default::default() };
        go(&mut search, n)
    }

    /// Every action the rules allow now, in a stable order.
    pub fn legal_actions(&self) -> Vec<Action> {
        match self.phase {
            Phase::GameOver { .. } => Vec::new(),
            Phase::RoundOver => vec![Action::NextRound],
            Phase::Opening { .. } => self.opening_placements().into_iter().map(Action::Place).collect(),
            Phase::BonusChoice { seat, owed } => {
                let mut out = vec![Action::TakePoints];
                if Self::can_place(&self.variant, &self.board, &self.hands[seat], owed + 2) {
                    out.push(Action::TakeTiles);
                }
                out
            }
            Phase::BonusTiles { seat, owed } => self
                .legal_placements(seat)
                .into_iter()
                .filter(|p| self.follow_up_possible(seat, p, owed))
                .map(Action::Place)
                .collect(),
            Phase::Turn { seat, drawn } => {
                let mut placements = self.legal_placements(seat);
                if let Some(tile) = drawn.filter(|_| self.must_play_drawn()) {
                    placements.retain(|p| p.tile == tile);
                }
                if !placements.is_empty() {
                    placements.into_iter().map(Action::Place).collect()
                } else if self.well.is_empty() {
                    vec![Action::Pass]
                } else {
                    vec![Action::Draw]
                }
            }
        }
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

    /// After placing bonus tile `p`, can the `owed - 1` still owed be placed?
    fn follow_up_possible(&self, seat: usize, p: &Placement, owed: u8) -> bool {
        if owed <= 1 {
            return true;
        }
        let mut board = self.board.clone();
        board.insert(p.at, p.corners);
        let hand: Vec<TileId> = self.hands[seat].iter().copied().filter(|&t| t != p.tile).collect();
        Self::can_place(&self.variant, &board, &hand, owed - 1)
    }

    fn push(&mut self, seat: Option<usize>, kind: EventKind, score: i64, clauses: Vec<Clause>) {
        if let Some(s) = seat {
            self.scores[s] += score;
        }
        let clauses = clauses.into_iter().unique().collect();
        self.events.push(Event { seat, kind, score, clauses });
    }

    /// Ends the game at once when `seat` has reached the target and R14 says
    /// the target is checked after every scoring event. True when it ended.
    fn check_target_now(&mut self, seat: usize) -> bool {
        if self.variant.rules().target_check == TargetCheck::AtOnce
            && self.scores[seat] >= i64::from(self.variant.target())
        {
            self.end_game(seat);
            return true;
        }
        false
    }

    fn end_game(&mut self, winner: usize) {
        let mut clauses = vec![e(16), s(19)];
        clauses.extend(self.variant.cite(r(14)));
        clauses.extend(self.variant.target_clauses().iter().copied());
        self.push(None, EventKind::GameEnd { winner, scores: self.scores.clone() }, 0, clauses);
        self.phase = Phase::GameOver { winner };
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
                let mut clauses = self.bonus_choice_clauses(vec![e(11), s(15), s(16)], vec![e(4), s(7), s(16)]);
                if owed > 0 {
                    clauses.extend(self.variant.cite(r(8)));
                }
                self.push(Some(seat), EventKind::BonusPoints, BONUS_POINTS, clauses);
                if self.check_target_now(seat) {
                    return Ok(());
                }
                if owed > 0 {
                    self.phase = Phase::BonusTiles { seat, owed };
                } else {
                    self.end_turn(seat);
                }
                Ok(())
            }
            (Phase::BonusChoice { seat, owed }, Action::TakeTiles) => {
                if !Self::can_place(&self.variant, &self.board, &self.hands[seat], owed + 2) {
                    return Err(Refusal::CannotPlayBonusTiles);
                }
                let clauses = self.bonus_choice_clauses(vec![e(11), e(14), s(15)], vec![e(4), e(14), s(7)]);
                self.push(Some(seat), EventKind::BonusTiles, 0, clauses);
                self.phase = Phase::BonusTiles { seat, owed: owed + 2 };
                Ok(())
            }
            (Phase::BonusChoice { .. }, _) => Err(Refusal::ChoicePending),
            (Phase::BonusTiles { seat, owed }, Action::Place(p)) => self.place_bonus_tile(seat, owed, p),
            (Phase::BonusTiles { owed, .. }, _) => Err(Refusal::BonusTilesOwed { owed }),
            (Phase::Turn { seat, drawn }, Action::Place(p)) => self.place_turn(seat, drawn, p),
            (Phase::Turn { seat, .. }, Action::Draw) => self.draw(seat),
            (Phase::Turn { seat, .. }, Action::Pass) => self.pass(seat),
            (Phase::Turn { .. }, Action::TakePoints | Action::TakeTiles) => Err(Refusal::NoBonusPending),
            (Phase::Turn { .. }, Action::NextRound) => Err(Refusal::RoundNotOver),
        }
    }

    /// The clauses of a bonus choice: a quad opening's (E4, S7) when the
    /// opening tile is the only tile on the board, else a placement's.
    fn bonus_choice_clauses(&self, placement: Vec<Clause>, opening: Vec<Clause>) -> Vec<Clause> {
        if self.board.len() == 1 { opening } else { placement }
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
        let Opener::Seat { tiles, clauses, .. } = self.opener() else { return Err(Refusal::OpeningPending { seat }) };
        if !tiles.contains(&p.tile) {
            return Err(Refusal::NotAnOpeningTile { tile: p.tile, allowed: tiles });
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
        let highest_quad = tiles[0];
        let mut opening_clauses = clauses;
        // E4 scores a quad opening; any opening tile scores its weight (S6).
        if p.tile.is_quad() {
            opening_clauses.push(e(4));
        }
        opening_clauses.push(s(6));
        let weight = i64::from(p.corners.weight());
        if self.put(seat, p, PlacementKind::Opening, 0, p.tile.is_quad(), weight, opening_clauses) {
            return Ok(());
        }
        if !p.tile.is_quad() {
            // E7: no quad at the table, no extra bonus.
            if self.hands[seat].is_empty() {
                self.go_out(seat, None);
            } else {
                self.end_turn(seat);
            }
            return Ok(());
        }
        let zero = p.tile == zero_quad();
        let both = zero
            && match self.variant.rules().zero_quad_opening {
                ZeroQuadOpening::Always => true,
                ZeroQuadOpening::InsteadOfHigher => highest_quad != zero_quad(),
            };
        if both {
            // E5, S8: 25 points and two bonus tiles, the tiles where two can be played (E6).
            let mut clauses = vec![e(5), s(8)];
            clauses.extend(self.variant.cite(r(10)));
            self.push(Some(seat), EventKind::BonusPoints, BONUS_POINTS, clauses);
            if self.check_target_now(seat) {
                return Ok(());
            }
            if Self::can_place(&self.variant, &self.board, &self.hands[seat], 2) {
                self.push(Some(seat), EventKind::BonusTiles, 0, vec![e(5), s(8)]);
                self.phase = Phase::BonusTiles { seat, owed: 2 };
            } else if self.hands[seat].is_empty() {
                self.go_out(seat, None);
            } else {
                self.end_turn(seat);
            }
        } else if self.hands[seat].is_empty() {
            // The quad was the opener's last tile: the 25 (E6, S7), and out (E10).
            self.go_out(seat, Some(vec![e(4), e(6), s(7)]));
        } else {
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

    /// `seat` has placed their last tile: a bonus just earned can only be
    /// taken as the 25, since no tile is left for bonus tiles (E6); then the
    /// round ends (E10, S18).
    fn go_out(&mut self, seat: usize, bonus: Option<Vec<Clause>>) {
        if let Some(clauses) = bonus {
            self.push(Some(seat), EventKind::BonusPoints, BONUS_POINTS, clauses);
            if self.check_target_now(seat) {
                return;
            }
        }
        self.end_round_out(seat);
    }

    fn place_turn(&mut self, seat: usize, drawn: Option<TileId>, p: Placement) -> Result<(), Refusal> {
        let legal = self.judged(seat, p)?;
        if let Some(tile) = drawn.filter(|&t| t != p.tile && self.must_play_drawn()) {
            return Err(Refusal::MustPlayDrawnTile { tile });
        }
        let mut clauses = legal.clauses.clone();
        if drawn.is_some() {
            clauses.extend(self.variant.cite(r(12)));
        }
        let points = i64::from(legal.points);
        if self.put(seat, p, PlacementKind::Turn, legal.matched, legal.bonus, points, clauses) {
            return Ok(());
        }
        if self.hands[seat].is_empty() {
            self.go_out(seat, legal.bonus.then(|| vec![e(6), e(11), s(15)]));
        } else if legal.bonus {
            self.phase = Phase::BonusChoice { seat, owed: 0 };
        } else {
            self.end_turn(seat);
        }
        Ok(())
    }

    fn place_bonus_tile(&mut self, seat: usize, owed: u8, p: Placement) -> Result<(), Refusal> {
        let legal = self.judged(seat, p)?;
        if !self.follow_up_possible(seat, &p, owed) {
            return Err(Refusal::NoFollowUp { owed: owed - 1 });
        }
        let earns = legal.bonus && self.variant.rules().bonus_chain.yes();
        let mut clauses = legal.clauses.clone();
        clauses.extend([e(4), e(11), s(15)]);
        if legal.bonus {
            clauses.extend(self.variant.cite(r(8)));
        }
        // Bonus tiles add their values (E4, E11) whatever R9 says of ordinary plays.
        let weight = i64::from(p.corners.weight());
        if self.put(seat, p, PlacementKind::BonusTile, legal.matched, earns, weight, clauses) {
            return Ok(());
        }
        let owed = owed - 1;
        if self.hands[seat].is_empty() {
            self.go_out(seat, earns.then(|| vec![e(6), e(11), s(15), s(17)]));
        } else if earns {
            self.phase = Phase::BonusChoice { seat, owed };
        } else if owed > 0 {
            self.phase = Phase::BonusTiles { seat, owed };
        } else {
            self.end_turn(seat);
        }
        Ok(())
    }

    fn draw(&mut self, seat: usize) -> Result<(), Refusal> {
        if self.legal_actions().iter().any(|a| matches!(a, Action::Place(_))) {
            return Err(Refusal::CanPlay);
        }
        let Some(tile) = self.well.pop_front() else { return Err(Refusal::WellEmpty) };
        self.hands[seat].push(tile);
        self.push(Some(seat), EventKind::Draw { tile }, -PENALTY, vec![e(9), e(15), s(13)]);
        self.phase = Phase::Turn { seat, drawn: Some(tile) };
        Ok(())
    }

    fn pass(&mut self, seat: usize) -> Result<(), Refusal> {
        if self.legal_actions().iter().any(|a| matches!(a, Action::Place(_))) {
            return Err(Refusal::CanPlay);
        }
        if !self.well.is_empty() {
            return Err(Refusal::WellNotEmpty);
        }
        self.push(Some(seat), EventKind::Pass, -PENALTY, vec![e(15), s(14)]);
        self.passes += 1;
        if self.passes >= self.players() {
            self.end_round_blocked();
        } else {
            self.end_turn(seat);
        }
        Ok(())
    }

    fn end_turn(&mut self, seat: usize) {
        self.phase = Phase::Turn { seat: self.next_seat(seat), drawn: None };
    }

    fn hand_totals(&self) -> Vec<u32> {
        self.hands.iter().map(|h| h.iter().map(|t| u32::from(t.weight())).sum()).collect()
    }

    fn end_round_out(&mut self, winner: usize) {
        let totals = self.hand_totals();
        let collected: i64 = totals.iter().map(|&t| i64::from(t)).sum();
        let mut changes = vec![0; self.players()];
        changes[winner] = collected;
        let kind =
            EventKind::RoundEnd { ending: RoundEnding::WentOut, winner: Some(winner), hand_totals: totals, changes };
        self.push(Some(winner), kind, collected, vec![e(10), s(18)]);
        self.finish_round(Some(winner));
    }

    fn end_round_blocked(&mut self) {
        let totals = self.hand_totals();
        let n = self.players();
        let mut changes = vec![0i64; n];
        let mut winner = None;
        match self.variant.rules().blocked_round {
            BlockedRound::NobodyCollects => {}
            BlockedRound::LowestCollects => {
                let low = self.play_order().into_iter().min_by_key(|&p| totals[p]).unwrap_or(0);
                let others: i64 = (0..n).filter(|&p| p != low).map(|p| i64::from(totals[p])).sum();
                changes[low] = others - i64::from(totals[low]);
                winner = Some(low);
            }
            BlockedRound::EachLosesOwn => {
                for p in 0..n {
                    changes[p] = -i64::from(totals[p]);
                }
            }
        }
        for (score, change) in self.scores.iter_mut().zip(&changes) {
            *score += change;
        }
        let mut clauses = vec![e(15), s(14)];
        clauses.extend(self.variant.cite(r(13)));
        self.events.push(Event {
            seat: None,
            kind: EventKind::RoundEnd { ending: RoundEnding::Blocked, winner, hand_totals: totals, changes },
            score: 0,
            clauses: clauses.into_iter().unique().collect(),
        });
        if self.variant.rules().target_check == TargetCheck::AtOnce
            && let Some(w) = winner.filter(|&w| self.scores[w] >= i64::from(self.variant.target()))
        {
            self.end_game(w);
            return;
        }
        self.finish_round(winner);
    }

    /// After a round: the end-of-round target check (R14), else wait for the
    /// next deal.
    fn finish_round(&mut self, _winner: Option<usize>) {
        if matches!(self.phase, Phase::GameOver { .. }) {
            return;
        }
        let target = i64::from(self.variant.target());
        if self.variant.rules().target_check == TargetCheck::AtOnce {
            if let Some(w) = self.play_order().into_iter().find(|&p| self.scores[p] >= target) {
                self.end_game(w);
                return;
            }
        } else if let Some(&best) = self.scores.iter().max()
            && best >= target
        {
            let w = self.play_order().into_iter().find(|&p| self.scores[p] == best).unwrap_or(0);
            self.end_game(w);
            return;
        }
        self.phase = Phase::RoundOver;
    }
}
