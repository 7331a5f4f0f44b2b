//! Replaying an answer through the rules: a solver's answer is printed only
//! when the game engine (for a turn) or the judge (for sequences and fills)
//! accepts every play and gives the same score.

use itertools::Itertools;

use std::time::Instant;

use super::{Answer, Choice, FillObjective, Goal, Limits, Play, PlayKind, Puzzle, Stop, score_of};
use crate::game::{Action, Game, Setup};
use crate::rules::{Placement, Verdict, judge};

/// Checks `answer` against the rules; the error says which play fails and why.
/// The product gets its answers through [`super::solve_checked`], which
/// calls this; it stays public for what replays an answer no solver gave
/// (a fill the puzzle maker enumerated) and for the experiments of the
/// `lab` crate, which run the solvers' parts on their own.
pub fn verify(puzzle: &Puzzle, answer: &Answer) -> Result<(), String> {
    replay(puzzle, answer, || false).map(|_| ())
}

/// Checks `answer` as [`verify`] does, replaying the list of `--all` only
/// while `limits` allow (the solver started at `started`), up to the
/// limit's grace past it ([`Limits::deadline_with_grace`]), so that a list
/// found just before the limit still has time to be replayed. The answer
/// itself is always replayed in full. A list cut short keeps the answers
/// replayed so far, each a best one, and the answer is then marked not
/// proven with its score as the bound (there may be more). A long list
/// costs far more to replay than to find (the game engine judges every
/// action): without this, a time limit would not hold.
pub fn verify_within(puzzle: &Puzzle, answer: &mut Answer, limits: &Limits, started: Instant) -> Result<(), String> {
    let deadline = limits.deadline_with_grace(started);
    let mut stop = None;
    let replayed = replay(puzzle, answer, || {
        stop = if limits.stop_requested() {
            Some(Stop::Interrupted)
        } else if deadline.is_some_and(|d| Instant::now() >= d) {
            Some(Stop::TimeLimit)
        } else {
            None
        };
        stop.is_some()
    })?;
    if replayed < answer.all.len() {
        answer.all.truncate(replayed);
        if answer.proven {
            answer.proven = false;
            answer.bound = Some(answer.score);
        }
        answer.stats.stopped = answer.stats.stopped.or(stop);
    }
    Ok(())
}

/// Replays the answer and then its list until `expired` says to stop:
/// how many of the list were replayed (its first is the answer itself).
fn replay(puzzle: &Puzzle, answer: &Answer, mut expired: impl FnMut() -> bool) -> Result<usize, String> {
    // The position is set up once: each turn is replayed on a copy of it
    // (`--all` may list many thousands).
    let start = match &puzzle.goal {
        Goal::BestTurn => Some(turn_start(puzzle)?),
        _ => None,
    };
    let verify_turn = |plays: &[Play], score: i64| match &start {
        Some(game) => verify_turn(game.clone(), plays, score),
        None => Err("no position to replay the turn on".to_string()),
    };
    match &puzzle.goal {
        Goal::BestTurn => verify_turn(&answer.plays, answer.score),
        Goal::BestSequence { plays } => verify_sequence(puzzle, &answer.plays, answer.score, *plays),
        Goal::Fill(fill) => verify_fill(puzzle, fill, answer),
    }?;
    for (i, other) in answer.all.iter().enumerate() {
        // The first is the answer, replayed above.
        if i > 0 && expired() {
            return Ok(i);
        }
        let score = score_of(other);
        if score != answer.score {
            return Err(format!("optimal answer {} scores {score}, not {}", i + 1, answer.score));
        }
        match &puzzle.goal {
            Goal::BestTurn => verify_turn(other, answer.score)?,
            Goal::BestSequence { plays } => verify_sequence(puzzle, other, answer.score, *plays)?,
            Goal::Fill(_) => {}
        }
    }
    Ok(answer.all.len())
}

fn placement(p: &Play) -> Placement {
    Placement { tile: p.tile, at: p.at, corners: p.corners }
}

/// The position a turn is replayed from: seat 0 holds the hand, seat 1
/// nothing. The puzzle figures list every turn from the same position.
pub fn turn_start(puzzle: &Puzzle) -> Result<Game, String> {
    let setup = Setup {
        hands: vec![puzzle.hand.clone(), Vec::new()],
        board: puzzle.board.tiles(),
        to_move: Some(0),
        ..Setup::default()
    };
    Game::from_setup(puzzle.variant.clone(), &setup)
        .map_err(|p| format!("the puzzle is not a game position: {}", p.iter().join("; ")))
}

/// A turn is replayed through the game engine from [`turn_start`]'s
/// position, and the score is seat 0's score after the turn.
fn verify_turn(mut game: Game, plays: &[Play], score: i64) -> Result<(), String> {
    // No placement at all: right only when the hand has no legal play.
    if plays.is_empty() {
        if game.legal_actions().iter().any(|a| matches!(a, Action::Place(_))) {
            return Err("no play, but the hand has a legal placement".to_string());
        }
        if score != 0 {
            return Err(format!("no play scores 0, the answer says {score}"));
        }
        return Ok(());
    }
    for (i, play) in plays.iter().enumerate() {
        let expected = if i == 0 { PlayKind::Turn } else { PlayKind::BonusTile };
        if play.kind != expected {
            return Err(format!("play {} is a {:?}, expected {expected:?}", i + 1, play.kind));
        }
        game.apply(Action::Place(placement(play))).map_err(|r| format!("play {}: {r}", i + 1))?;
        match play.choice {
            Some(Choice::Points) if game.hands().first().is_none_or(Vec::is_empty) => {} // forced: going out on a bonus
            Some(Choice::Points) => game.apply(Action::TakePoints).map_err(|r| format!("play {}: {r}", i + 1))?,
            Some(Choice::Tiles) => game.apply(Action::TakeTiles).map_err(|r| format!("play {}: {r}", i + 1))?,
            None => {}
        }
    }
    if !matches!(game.phase(), crate::game::Phase::Turn { seat: 1, .. } | crate::game::Phase::RoundOver) {
        return Err(format!("the turn is not over after the plays ({:?})", game.phase()));
    }
    let got = game.scores().first().copied().unwrap_or(0);
    if got != score {
        return Err(format!("the engine scores the turn {got}, the answer says {score}"));
    }
    Ok(())
}

fn verify_sequence(puzzle: &Puzzle, plays: &[Play], score: i64, limit: usize) -> Result<(), String> {
    if plays.len() > limit {
        return Err(format!("{} plays, at most {limit} allowed", plays.len()));
    }
    let mut board = puzzle.board.clone();
    let mut hand = puzzle.hand.clone();
    let mut total = 0;
    for (i, play) in plays.iter().enumerate() {
        match judge(&board, &puzzle.variant, placement(play), Some(&hand)) {
            Verdict::Legal(legal) => {
                total += i64::from(legal.points) + if legal.bonus { 25 } else { 0 };
                if play.bonus != legal.bonus || play.points != i64::from(legal.points) {
                    return Err(format!(
                        "play {}: the judge gives {} points, bonus {}",
                        i + 1,
                        legal.points,
                        legal.bonus
                    ));
                }
            }
            Verdict::Illegal(reasons) => {
                return Err(format!("play {} is illegal: {}", i + 1, reasons.iter().join("; ")));
            }
        }
        board.insert(play.at, play.corners);
        hand.retain(|&t| t != play.tile);
    }
    if total != score {
        return Err(format!("the judge scores the sequence {total}, the answer says {score}"));
    }
    Ok(())
}

fn verify_fill(puzzle: &Puzzle, fill: &super::FillGoal, answer: &Answer) -> Result<(), String> {
    // No fill found claims nothing to check: either the search stopped early
    // (not proven) or it proved that no fill exists (score 0, no plays).
    if answer.plays.is_empty() && answer.score == 0 {
        return Ok(());
    }
    let mut board = puzzle.board.clone();
    let mut used = Vec::new();
    for play in &answer.plays {
        if !fill.region.contains(&play.at) {
            return Err(format!("{} is outside the region", play.at));
        }
        if !fill.pool.contains(&play.tile) || used.contains(&play.tile) {
            return Err(format!("{} is not in the pool or used twice", play.tile));
        }
        used.push(play.tile);
        if board.insert(play.at, play.corners).is_some() {
            return Err(format!("{} is filled twice", play.at));
        }
    }
    if answer.plays.len() != fill.region.len() {
        return Err(format!("{} of {} cells filled", answer.plays.len(), fill.region.len()));
    }
    let (mut weight, mut bonuses) = (0i64, 0i64);
    for play in &answer.plays {
        let mut without = board.clone();
        without.remove(play.at);
        match judge(&without, &puzzle.variant, placement(play), None) {
            Verdict::Legal(legal) => {
                weight += i64::from(play.corners.weight());
                bonuses += i64::from(legal.bonus);
            }
            Verdict::Illegal(reasons) => {
                return Err(format!(
                    "{} at {} is illegal as if placed last: {}",
                    play.tile,
                    play.at,
                    reasons.iter().join("; ")
                ));
            }
        }
    }
    let got = match fill.objective {
        FillObjective::Weight => weight,
        FillObjective::Bonuses => bonuses,
        FillObjective::Count => return Ok(()),
    };
    if got != answer.score {
        return Err(format!("the judge gives the fill {got}, the answer says {}", answer.score));
    }
    Ok(())
}
