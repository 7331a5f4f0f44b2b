//! Whole games played by the toolkit itself, every seat with the same
//! strategy, deterministic for a seed: the games `quadominos play` writes as
//! transcripts and `quadominos fixtures` ships.

use std::collections::VecDeque;
use std::fmt;
use std::str::FromStr;

use rand::SeedableRng;
use rand::seq::IndexedRandom;
use rand_chacha::ChaCha8Rng;

use super::transcript::{Ended, Transcript, record};
use crate::game::{Action, BONUS_POINTS, Game, MAX_DEALS, Phase};
use crate::rules::{Variant, Verdict, bonus_tile_points, judge};
use crate::solve::native::Native;
use crate::solve::{Choice, Goal, Limits, Puzzle, Request, solve_checked};

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
    /// At the end of the game.
    End,
}

/// The default of the most rounds a game is played for (`play
/// --max-rounds`), so that a game in which nobody reaches the target still
/// stops; a game stopped there says so ([`Ended::RoundLimit`]).
pub const MAX_ROUNDS: u32 = 500;

/// The most rounds a game may be asked to be played for (`--max-rounds`,
/// `--rounds`): a game nobody wins grows its transcript by every round, and
/// ten thousand rounds of a long game hold some hundred megabytes.
pub const MAX_ROUND_LIMIT: u32 = 10_000;

/// A game played, and why it stopped where it did.
#[derive(Clone, Debug)]
pub struct Played {
    /// The game.
    pub game: Game,
    /// Why it stopped: the game is over, the rounds asked for are played, or
    /// the most rounds allowed are played with nobody at the target.
    pub ended: Ended,
    /// Every action taken, in order, from the first deal on: what plays the
    /// same game again from the same deal (a page of two games side by side).
    pub actions: Vec<Action>,
}

impl Played {
    /// The game's transcript, with why it stopped.
    pub fn transcript(&self, seed: Option<u64>, strategy: Option<&str>) -> Transcript {
        Transcript { ended: Some(self.ended), ..record(&self.game, seed, strategy) }
    }
}

/// Plays a game of `players` dealt from `seed`, every seat with `strategy`,
/// until `stop` or the end of round `max_rounds`, whichever comes first.
/// Errors, as a message: a player count the deal does not allow; a round
/// that cannot start because every one of [`MAX_DEALS`] deals tied (R11).
pub fn play(
    variant: &Variant,
    players: usize,
    seed: u64,
    strategy: Strategy,
    stop: Stop,
    max_rounds: u32,
) -> Result<Played, String> {
    let mut game = Game::deal(variant.clone(), players, seed)?;
    let planner = if variant.rules().bonus_chain.yes() {
        variant.clone().with_rule("bonus-chain", "no").unwrap_or_else(|_| variant.clone())
    } else {
        variant.clone()
    };
    let mut chooser =
        Chooser { rng: ChaCha8Rng::seed_from_u64(seed ^ 0x5175_6164_6f6d_696e), plan: VecDeque::new(), planner };
    let mut actions = Vec::new();
    loop {
        match game.phase() {
            Phase::GameOver { .. } => return Ok(Played { game, ended: Ended::GameOver, actions }),
            Phase::RoundOver => {
                if let Stop::Rounds(k) = stop
                    && game.round() >= k
                {
                    return Ok(Played { game, ended: Ended::RoundsAsked, actions });
                }
                if game.round() >= max_rounds {
                    return Ok(Played { game, ended: Ended::RoundLimit, actions });
                }
            }
            _ => {}
        }
        let legal = game.legal_actions();
        let Some(action) = chooser.choose(&game, &legal, strategy) else {
            return Err(format!("internal error: no legal action where the game is not over ({:?})", game.phase()));
        };
        let round = game.round();
        game.apply(action).map_err(|r| format!("internal error: the engine refused its own action {action}: {r}"))?;
        actions.push(action);
        if action == Action::NextRound && game.round() == round {
            return Err(format!(
                "round {} cannot start: each of {MAX_DEALS} deals in a row gave tied heaviest tiles, and R11 says \
deal again on a tie ({} players, the {} set)",
                round + 1,
                players,
                variant.tile_set().name()
            ));
        }
    }
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
        // A quad opening earns the 25 where R21 pays it this round.
        Phase::Opening { .. } => weight + if p.tile.is_quad() && game.opening_earns_bonus() { BONUS_POINTS } else { 0 },
        phase => match judge(game.board(), game.variant(), *p, hand) {
            Verdict::Legal(l) => {
                let bonus =
                    l.bonus && (!matches!(phase, Phase::BonusTiles { .. }) || game.variant().rules().bonus_chain.yes());
                let points = if matches!(phase, Phase::BonusTiles { .. }) {
                    i64::from(bonus_tile_points(game.variant(), p.corners))
                } else {
                    i64::from(l.points)
                };
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
        let mut copy = game.trial();
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
    // Through the one entry that replays every answer through the rules:
    // a turn the rules refuse is never played.
    let request = Request { solvers: &[&Native], limits: Limits::default(), others: false };
    let Ok(solved) = solve_checked(&puzzle, &request) else { return VecDeque::new() };
    let mut plan = VecDeque::new();
    for p in solved.answer.plays {
        plan.push_back(Action::Place(crate::rules::Placement { tile: p.tile, at: p.at, corners: p.corners }));
        match p.choice {
            Some(Choice::Points) => plan.push_back(Action::TakePoints),
            Some(Choice::Tiles) => plan.push_back(Action::TakeTiles),
            None => {}
        }
    }
    plan
}
