//! The game: seats, hands, the well, the board and the scores, the phase of
//! play; setting a game up and dealing its rounds. The actions that move it
//! on are in [`turn`]. Every change is an [`Event`].
//!
//! This file is long because the state and the citations of its events
//! belong together: who opens under R11, R15, R20, R28 and R32, and which
//! readings each event cites because their other value would change it,
//! read the same private fields; split, they would need those fields made
//! public to each other.

// Indexing here cannot panic on input: seats index the engine's own per-seat vectors, all built with one entry per seat of a player count checked at setup (E2, S3); a seat never comes from a file unchecked.
#![allow(clippy::indexing_slicing)]

use std::collections::VecDeque;

use itertools::Itertools;
use rand::SeedableRng;
use rand::seq::SliceRandom;
use rand_chacha::ChaCha8Rng;
use serde::Serialize;

mod bonus;
mod turn;

use super::action::Refusal;
use super::event::{Event, EventKind};
use crate::error::{DocPath, Problem};
use crate::model::{Board, Cell, Corners, TileId};
use crate::rules::ids::{e, r, s};
use crate::rules::{
    Clause, NoQuadOpener, NoQuadOpening, OpeningTie, OpeningTieStart, QuadOpeningTile, READINGS, RuleSet, SeatOrder,
    Variant, ZeroQuadOpening,
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
    /// Who opened the round being played (or the last one), if any.
    last_opener: Option<usize>,
    /// Who opened the round before it: where R20 may count ties from. Kept
    /// apart from `last_opener` so that the opener, asked again during the
    /// round, comes out the same.
    previous_opener: Option<usize>,
    /// The clauses of the bonus being chosen or played: the quad opening's
    /// (E4, S7), 0-0-0-0's (E5, S8), or the situation a placement earned
    /// it in (E11, E12, E13, S15). The choice and the bonus tiles cite
    /// them, not another bonus's.
    bonus_grounds: Vec<Clause>,
    /// Readings found to decide the round's end before it comes: R14 where
    /// a player going out reaches the target, whom a check at once would
    /// have declared the winner before the hands were collected.
    round_end_cites: Vec<Clause>,
    /// The cells of the tiles that earned a bonus this turn: where bonus
    /// tiles may go when they must touch one (R29).
    earners: Vec<Cell>,
    /// An opening quad's weight still to come with the 25 points, where it
    /// comes only with them (R31 = with-the-points).
    opening_weight: i64,
    events: Vec<Event>,
}

/// The largest score a game starts with, either sign: 2^53 - 1, the
/// largest whole number JSON readers carry exactly. A game adds to it at
/// most a few hundred points a placement, for at most the rounds its
/// limit allows, so that no score it reaches comes near the ends of an
/// `i64`; its additions saturate all the same, so none can wrap.
pub const MAX_SCORE: i64 = (1 << 53) - 1;

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
    /// `seat` opens with one of `tiles`; `quad` is the highest quad where a
    /// quad made them the opener (E3, S5), which a lone 0-0-0-0 does not
    /// under R10 = only-instead-of-higher. `clauses` are those behind the
    /// choice of seat, `tile_clauses` those behind the choice of tiles
    /// (R19, R28).
    Seat {
        seat: usize,
        tiles: Vec<TileId>,
        clauses: Vec<Clause>,
        tile_clauses: Vec<Clause>,
        quad: Option<TileId>,
    },
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
            last_opener: None,
            previous_opener: None,
            bonus_grounds: Vec::new(),
            round_end_cites: Vec::new(),
            earners: Vec::new(),
            opening_weight: 0,
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
            let seats = if players == 1 { "1 player" } else { &format!("{players} players") };
            format!(
                "the {} deal (R16) does not allow {seats}: write a number of players from 2 to 8",
                variant.rules().deal
            )
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
        game.last_opener = None;
        game.previous_opener = None;
        game.phase = Phase::RoundOver;
        Ok(game)
    }

    /// A game from an explicit state. Problems name the part of the setup
    /// (`hands[1][0]`, `well[3]`, `board[2]`, `scores`, `to-move`).
    pub fn from_setup(variant: Variant, setup: &Setup) -> Result<Game, Vec<Problem>> {
        Game::from_setup_dealing(variant, setup, true)
    }

    /// [`Game::from_setup`], except that where the explicit hands tie and
    /// R11 says deal again, the re-deal is recorded and the round waits
    /// for a deal ([`Game::deal_given`]) instead of being dealt from the
    /// seed: how the engine protocol starts a game whose every deal the
    /// client gives, so that no engine needs this toolkit's shuffle.
    pub fn from_setup_waiting(variant: Variant, setup: &Setup) -> Result<Game, Vec<Problem>> {
        Game::from_setup_dealing(variant, setup, false)
    }

    fn from_setup_dealing(variant: Variant, setup: &Setup, deal_on_tie: bool) -> Result<Game, Vec<Problem>> {
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
        for (seat, &score) in setup.scores.iter().enumerate() {
            if !(-MAX_SCORE..=MAX_SCORE).contains(&score) {
                problems.push(Problem::new(
                    DocPath::from("scores").index(seat),
                    format!(
                        "the score {score} is out of range; a score is a whole number from -{MAX_SCORE} to {MAX_SCORE}"
                    ),
                ));
            }
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
            last_opener: None,
            previous_opener: None,
            bonus_grounds: Vec::new(),
            round_end_cites: Vec::new(),
            earners: Vec::new(),
            opening_weight: 0,
            events: Vec::new(),
            board,
            variant,
        };
        game.phase = if game.board.is_empty() {
            match game.opener() {
                Opener::Seat { seat, .. } => {
                    game.last_opener = Some(seat);
                    Phase::Opening { seat }
                }
                Opener::Tie(tied) => {
                    // R11 = redeal: the explicit hands tie, so the round is
                    // dealt afresh from the seed.
                    game.push_redeal(tied);
                    game.round = 0;
                    if deal_on_tie {
                        game.deal_round();
                    }
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

    /// A copy to try actions on, for a strategy weighing a choice: the
    /// same state, with the record cut to this round's events (from its
    /// deal on). A copy of the whole record at every choice made a long
    /// game's play grow with the square of its length; what a turn scores
    /// reads the board, the hands, the scores and at most this round's
    /// events, never an earlier round's.
    pub fn trial(&self) -> Game {
        let start = self.events.iter().rposition(|ev| matches!(ev.kind, EventKind::Deal { .. })).unwrap_or(0);
        Game {
            variant: self.variant.clone(),
            hands: self.hands.clone(),
            well: self.well.clone(),
            board: self.board.clone(),
            scores: self.scores.clone(),
            round: self.round,
            phase: self.phase,
            passes: self.passes,
            rng: self.rng.clone(),
            last_opener: self.last_opener,
            previous_opener: self.previous_opener,
            bonus_grounds: self.bonus_grounds.clone(),
            round_end_cites: self.round_end_cites.clone(),
            earners: self.earners.clone(),
            opening_weight: self.opening_weight,
            events: self.events[start..].to_vec(),
        }
    }

    /// This game as it stands, played on under another variant of the same
    /// tile set: what another reading would do with the next action (how a
    /// dispute is weighed, and how the tests tell which readings decided an
    /// event). The record is cut to this round's events, as in
    /// [`Game::trial`]. Errors, as a message: the variant cannot deal a
    /// game of this many players ([`Game::check_deal`]).
    pub fn under(&self, variant: Variant) -> Result<Game, String> {
        Game::check_deal(&variant, self.players())?;
        Ok(Game { variant, ..self.trial() })
    }

    /// The seat after `seat` in play order (R15).
    pub fn next_seat(&self, seat: usize) -> usize {
        self.next_in(self.variant.rules().seat_order, seat)
    }

    /// The seat after `seat` going round the table in `order`.
    fn next_in(&self, order: SeatOrder, seat: usize) -> usize {
        let n = self.players();
        match order {
            SeatOrder::Clockwise => (seat + 1) % n,
            SeatOrder::CounterClockwise => (seat + n - 1) % n,
        }
    }

    /// Seats in play order starting from seat 0.
    fn play_order(&self) -> Vec<usize> {
        self.play_order_in(self.variant.rules().seat_order, 0)
    }

    /// Seats going round the table in `order`, starting from `first`.
    fn play_order_in(&self, order: SeatOrder, first: usize) -> Vec<usize> {
        let mut seats = vec![first];
        while seats.len() < self.players() {
            let last = seats[seats.len() - 1];
            seats.push(self.next_in(order, last));
        }
        seats
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
        self.round_end_cites.clear();
        // The same whatever the number of re-deals: only a round that starts
        // changes `last_opener`.
        self.previous_opener = self.last_opener;
        match self.opener() {
            Opener::Tie(tied) => {
                self.push_redeal(tied);
                self.phase = Phase::RoundOver;
                false
            }
            Opener::Seat { seat, clauses, tile_clauses, .. } => {
                self.round += 1;
                self.last_opener = Some(seat);
                self.events.push(Event {
                    seat: None,
                    kind: EventKind::Deal {
                        round: self.round,
                        hands: self.hands.clone(),
                        well: self.well.iter().copied().collect(),
                        opener: seat,
                    },
                    score: 0,
                    clauses: self
                        .variant
                        .own([vec![e(2), s(3)], self.variant.cite(r(16)), clauses, tile_clauses].concat()),
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

    /// Who opens (E3, E7, S5, R11) and with which tiles (E5, R19).
    fn opener(&self) -> Opener {
        self.opener_under(self.variant.rules())
    }

    /// Who would open, and with which tiles, under `rules`: the variant's
    /// own, or another value of one reading, to tell whether that reading
    /// decided which tiles may open. The clauses are the variant's.
    fn opener_under(&self, rules: &RuleSet) -> Opener {
        let best_quad = self.hands.iter().flatten().filter(|t| t.is_quad()).max().copied();
        let lone_zero = best_quad == Some(zero_quad());
        // R10: a lone 0-0-0-0 may be no opening quad at all.
        let lone_zero_ignored = lone_zero && rules.zero_quad_opening == ZeroQuadOpening::OnlyInsteadOfHigher;
        if let Some(quad) = best_quad.filter(|_| !lone_zero_ignored) {
            let seat = self.hands.iter().position(|h| h.contains(&quad)).unwrap_or(0);
            let mut tiles = vec![quad];
            // E5: the holder of the opening quad may open with 0-0-0-0 instead.
            if quad != zero_quad() && self.hands[seat].contains(&zero_quad()) {
                tiles.push(zero_quad());
            }
            let mut clauses = vec![e(3), s(5)];
            if lone_zero {
                // Every value of R10 treats a lone 0-0-0-0 differently.
                clauses.extend(self.variant.cite(r(10)));
            }
            // R28 decides only where the opener holds other tiles too.
            let whole_hand: Vec<TileId> = self.hands[seat].iter().copied().sorted_unstable().collect();
            let tile_clauses = if tiles.len() < whole_hand.len() { self.variant.cite(r(28)) } else { Vec::new() };
            let tiles = match rules.quad_opening_tile {
                QuadOpeningTile::TheQuad => tiles,
                QuadOpeningTile::AnyTile => whole_hand,
            };
            return Opener::Seat { seat, tiles, clauses, tile_clauses, quad: Some(quad) };
        }
        // What makes a seat the opener (R32): its heaviest tile, or its
        // hand's total.
        let measure = |opener: NoQuadOpener, p: usize| -> u32 {
            let weights = self.hands[p].iter().map(|t| u32::from(t.weight()));
            match opener {
                NoQuadOpener::HeaviestTile => weights.max().unwrap_or(0),
                NoQuadOpener::HighestHandTotal => weights.sum(),
            }
        };
        // The seats of the highest measure in play order (R15) from the
        // seat R20 counts from, under a given measure, seat order and start.
        let holders_in = |opener: NoQuadOpener, order: SeatOrder, start: OpeningTieStart| -> Vec<usize> {
            let best = (0..self.players()).map(|p| measure(opener, p)).max().unwrap_or(0);
            let first = match start {
                OpeningTieStart::Seat0 => 0,
                OpeningTieStart::AfterPreviousOpener => self.previous_opener.map_or(0, |s| self.next_in(order, s)),
            };
            self.play_order_in(order, first).into_iter().filter(|&p| measure(opener, p) == best).collect()
        };
        let holders = holders_in(rules.no_quad_opener, rules.seat_order, rules.opening_tie_start);
        if holders.len() > 1 && rules.opening_tie == OpeningTie::Redeal {
            return Opener::Tie(holders);
        }
        let seat = holders.first().copied().unwrap_or(0);
        let heaviest = self.hands[seat].iter().map(|t| t.weight()).max().unwrap_or(0);
        let heaviest_tiles: Vec<TileId> =
            self.hands[seat].iter().copied().filter(|t| t.weight() == heaviest).sorted_unstable().collect();
        let whole_hand: Vec<TileId> = self.hands[seat].iter().copied().sorted_unstable().collect();
        let mut clauses = vec![e(7), s(5)];
        if lone_zero_ignored {
            clauses.extend(self.variant.cite(r(10)));
        }
        // R32 decides where the other measure finds another opener, or
        // another tie.
        let other_measure = match rules.no_quad_opener {
            NoQuadOpener::HeaviestTile => NoQuadOpener::HighestHandTotal,
            NoQuadOpener::HighestHandTotal => NoQuadOpener::HeaviestTile,
        };
        let by_other = holders_in(other_measure, rules.seat_order, rules.opening_tie_start);
        let tie_matters = rules.opening_tie == OpeningTie::Redeal;
        if by_other.first() != holders.first() || tie_matters && (by_other.len() > 1) != (holders.len() > 1) {
            clauses.extend(self.variant.cite(r(32)));
        }
        if holders.len() > 1 {
            clauses.extend(self.variant.cite(r(11)));
            // R15 and R20 decide only where counting the other way round
            // the table, or from the other seat, finds another holder first.
            let other_order = match rules.seat_order {
                SeatOrder::Clockwise => SeatOrder::CounterClockwise,
                SeatOrder::CounterClockwise => SeatOrder::Clockwise,
            };
            let other_start = match rules.opening_tie_start {
                OpeningTieStart::Seat0 => OpeningTieStart::AfterPreviousOpener,
                OpeningTieStart::AfterPreviousOpener => OpeningTieStart::Seat0,
            };
            if holders_in(rules.no_quad_opener, other_order, rules.opening_tie_start).first() != holders.first() {
                clauses.extend(self.variant.cite(r(15)));
            }
            if holders_in(rules.no_quad_opener, rules.seat_order, other_start).first() != holders.first() {
                clauses.extend(self.variant.cite(r(20)));
            }
        }
        // R19 decides only where the opener holds a lighter tile too.
        let tile_clauses = if heaviest_tiles.len() < whole_hand.len() { self.variant.cite(r(19)) } else { Vec::new() };
        let tiles = match rules.no_quad_opening_tile {
            NoQuadOpening::HeaviestTile => heaviest_tiles,
            NoQuadOpening::AnyTile => whole_hand,
        };
        Opener::Seat { seat, tiles, clauses, tile_clauses, quad: None }
    }

    /// The clauses of refusing `tile` as the opening tile: who opens, by a
    /// quad (E3) or by the heaviest tile (E7, S5), and every reading one
    /// other value of which would let `tile` open, or would have nobody
    /// open these hands (a tie dealt again, R11).
    pub(crate) fn opening_refusal_clauses(&self, tile: TileId, quad: bool) -> Vec<Clause> {
        let rules = *self.variant.rules();
        let mut clauses = vec![if quad { e(3) } else { e(7) }, s(5)];
        for reading in READINGS.iter().filter(|reading| reading.id != r(1)) {
            let current = rules.get(reading.name);
            let lifts = reading.values.iter().filter(|(v, _)| current.as_deref() != Some(*v)).any(|(value, _)| {
                let mut other = rules;
                other.set(reading.name, value).is_ok()
                    && !matches!(self.opener_under(&other), Opener::Seat { tiles, .. } if !tiles.contains(&tile))
            });
            if lifts {
                clauses.extend(self.variant.cite(reading.id));
            }
        }
        self.variant.own(clauses)
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
}
