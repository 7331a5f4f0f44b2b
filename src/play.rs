//! Whole games played by the toolkit itself, every seat with the same
//! strategy, deterministic for a seed: the games `quadominos play` writes as
//! transcripts and `quadominos fixtures` ships.

use std::collections::VecDeque;
use std::fmt;
use std::str::FromStr;

use rand::SeedableRng;
use rand::seq::IndexedRandom;
use rand_chacha::ChaCha8Rng;

use crate::game::{Action, BONUS_POINTS, Game, Phase};
use crate::rules::{Variant, Verdict, judge};
use crate::solve::native::Native;
use crate::solve::{Choice, Goal, Limits, Puzzle, Solver};

/// How every seat chooses its actions.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Strategy {
    /// Uniformly among the legal actions, from a generator seeded by the
    /// game's seed.
    Random,
    /// The action with the highest immediate score: a placement's points
    /// plus 25 when it earns a bonus; at a bonus choice, the 25 points or the
    /// bonus tiles, whichever the greedy bonus tiles score more with.
    Greedy,
    /// The native solver's best turn (`solve` goal `best-turn`), played
    /// through with its bonus choices; greedy where the solver has no say
    /// (the opening). Where bonus tiles earn bonuses (R8 = yes) the solver
    /// plans without those chained bonuses, since a chained best turn can run
    /// through the whole hand and take minutes to prove; a chained bonus
    /// choice is then made greedily.
    Best,
}

impl Strategy {
    /// Every strategy, in the order the documentation lists them.
    pub const ALL: [Strategy; 3] = [Strategy::Random, Strategy::Greedy, Strategy::Best];

    /// The strategy's name, as written on the command line and in transcripts.
    pub const fn as_str(self) -> &'static str {
        match self {
            Strategy::Random => "random",
            Strategy::Greedy => "greedy",
            Strategy::Best => "best",
        }
    }
}

impl fmt::Display for Strategy {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

impl FromStr for Strategy {
    type Err = String;

    fn from_str(s: &str) -> Result<Strategy, String> {
        Strategy::ALL
            .into_iter()
            .find(|x| x.as_str() == s)
            .ok_or_else(|| format!("unknown strategy `{s}`; the strategies are random, greedy and best"))
    }
}

/// When to stop playing.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Stop {
    /// After this many rounds have ended (or at the game's end, if sooner).
    Rounds(u32),
    /// At the end of the game (or after [`MAX_ROUNDS`] rounds, when no one
    /// reaches the target).
    End,
}

/// The most rounds a game is played for, so that a variant in which nobody
/// can reach the target still stops.
pub const MAX_ROUNDS: u32 = 500;

/// Plays a game of `players` dealt from `seed`, every seat with `strategy`.
/// Errors: a player count the deal does not allow, as a message.
pub fn play(variant: &Variant, players: usize, seed: u64, strategy: Strategy, stop: Stop) -> Result<Game, String> {
    let mut game = Game::deal(variant.clone(), players, seed)?;
    let planner = if variant.rules().bonus_chain.yes() {
        variant.clone().with_rule("bonus-chain", "no").unwrap_or_else(|_| variant.clone())
    } else {
        variant.clone()
    };
    let mut chooser =
        Chooser { rng: ChaCha8Rng::seed_from_u64(seed ^ 0x5175_6164_6f6d_696e), plan: VecDeque::new(), planner };
    loop {
        match game.phase() {
            Phase::GameOver { .. } => break,
            Phase::RoundOver => {
                let limit = match stop {
                    Stop::Rounds(k) => k.min(MAX_ROUNDS),
                    Stop::End => MAX_ROUNDS,
                };
                if game.round() >= limit {
                    break;
                }
            }
            _ => {}
        }
        let legal = game.legal_actions();
        let Some(action) = chooser.choose(&game, &legal, strategy) else { break };
        game.apply(action).map_err(|r| format!("internal error: the engine refused its own action {action}: {r}"))?;
    }
    Ok(game)
}

struct Chooser {
    rng: ChaCha8Rng,
    /// The rest of the best turn being played.
    plan: VecDeque<Action>,
    /// The rules the best turn is planned under.
    planner: Variant,
}

impl Chooser {
    fn choose(&mut self, game: &Game, legal: &[Action], strategy: Strategy) -> Option<Action> {
        if legal.len() <= 1 {
            if self.plan.front().is_some_and(|a| legal.first() == Some(a)) {
                self.plan.pop_front();
            } else {
                self.plan.clear();
            }
            return legal.first().copied();
        }
        match strategy {
            Strategy::Random => legal.choose(&mut self.rng).copied(),
            Strategy::Greedy => greedy(game, legal),
            Strategy::Best => {
                if matches!(game.phase(), Phase::Turn { .. }) {
                    self.plan = best_turn(game, &self.planner);
                }
                match self.plan.pop_front() {
                    Some(a) if legal.contains(&a) => Some(a),
                    _ => {
                        self.plan.clear();
                        greedy(game, legal)
                    }
                }
            }
        }
    }
}

/// The immediate score of a placement: its points, plus 25 when it earns a
/// bonus choice.
fn placement_value(game: &Game, action: &Action) -> i64 {
    let Action::Place(p) = action else { return 0 };
    let Some(seat) = game.to_move() else { return 0 };
    let hand = game.hands().get(seat).map(Vec::as_slice);
    let weight = i64::from(p.corners.weight());
    match game.phase() {
        Phase::Opening { .. } => weight + if p.tile.is_quad() { BONUS_POINTS } else { 0 },
        phase => match judge(game.board(), game.variant(), *p, hand) {
            Verdict::Legal(l) => {
                let bonus =
                    l.bonus && (!matches!(phase, Phase::BonusTiles { .. }) || game.variant().rules().bonus_chain.yes());
                let points = if matches!(phase, Phase::BonusTiles { .. }) { weight } else { i64::from(l.points) };
                points + if bonus { BONUS_POINTS } else { 0 }
            }
            Verdict::Illegal(_) => i64::MIN,
        },
    }
}

/// The first action of highest immediate score.
fn greedy(game: &Game, legal: &[Action]) -> Option<Action> {
    if legal.contains(&Action::TakeTiles) {
        // Play the bonus tiles greedily on a copy and compare with the 25.
        let seat = game.to_move()?;
        let mut copy = game.clone();
        let before = copy.scores().get(seat).copied().unwrap_or(0);
        if copy.apply(Action::TakeTiles).is_ok() {
            while matches!(copy.phase(), Phase::BonusTiles { .. } | Phase::BonusChoice { .. }) {
                let options = copy.legal_actions();
                let next = if options.contains(&Action::TakePoints) {
                    Some(Action::TakePoints)
                } else {
                    best_placement(&copy, &options)
                };
                match next {
                    Some(a) if copy.apply(a).is_ok() => {}
                    _ => break,
                }
            }
        }
        let gain = copy.scores().get(seat).copied().unwrap_or(0) - before;
        return Some(if gain > BONUS_POINTS { Action::TakeTiles } else { Action::TakePoints });
    }
    best_placement(game, legal)
}

fn best_placement(game: &Game, legal: &[Action]) -> Option<Action> {
    let mut best: Option<(i64, Action)> = None;
    for action in legal {
        let value = placement_value(game, action);
        if best.is_none_or(|(b, _)| value > b) {
            best = Some((value, *action));
        }
    }
    best.map(|(_, a)| a)
}

/// The solver's best turn for the seat to move, as the actions that play it.
fn best_turn(game: &Game, planner: &Variant) -> VecDeque<Action> {
    let Some(seat) = game.to_move() else { return VecDeque::new() };
    let Some(hand) = game.hands().get(seat) else { return VecDeque::new() };
    let puzzle =
        Puzzle { variant: planner.clone(), board: game.board().clone(), hand: hand.clone(), goal: Goal::BestTurn };
    let Ok(answer) = Native.solve(&puzzle, &Limits::default()) else { return VecDeque::new() };
    let mut plan = VecDeque::new();
    for p in answer.plays {
        plan.push_back(Action::Place(crate::rules::Placement { tile: p.tile, at: p.at, corners: p.corners }));
        match p.choice {
            Some(Choice::Points) => plan.push_back(Action::TakePoints),
            Some(Choice::Tiles) => plan.push_back(Action::TakeTiles),
            None => {}
        }
    }
    plan
}
