//! What the solve report and the puzzle page both say about an answer: the
//! other choice at each bonus of a best turn, searched and replayed through
//! the rules like the answer itself, and why an answer is not proven.

use quadominos::rules::Text;
use quadominos::solve::native::{OtherChoice, other_choice};
use quadominos::solve::{Answer, Choice, Goal, Limits, Puzzle, Stop, verify};

use super::Failure;

/// For a best turn, the other choice at each bonus of the answer's line
/// that had one, each replayed through the game engine like the answer
/// itself. An other choice that beats a proven optimum, or that the rules
/// refuse, is a bug (exit 3), never printed.
pub fn other_choices(puzzle: &Puzzle, answer: &Answer, limits: &Limits) -> Result<Vec<OtherChoice>, Failure> {
    if puzzle.goal != Goal::BestTurn {
        return Ok(Vec::new());
    }
    let mut out = Vec::new();
    for i in 0..answer.plays.len() {
        let Some(other) = other_choice(puzzle, &answer.plays, i, limits) else { continue };
        if let Some(score) = other.score {
            let line = Answer { score, proven: other.proven, plays: other.plays.clone(), ..answer.clone() };
            let line = Answer { all: Vec::new(), count: None, bound: None, ..line };
            verify(puzzle, &line).map_err(|why| {
                Failure::Bug(format!("the other choice at play {} (score {score}) fails the rules: {why}", other.play))
            })?;
            if answer.proven && score > answer.score {
                return Err(Failure::Bug(format!(
                    "the other choice at play {} scores {score}, more than the {} proven optimal",
                    other.play, answer.score
                )));
            }
        }
        out.push(other);
    }
    Ok(out)
}

/// The other choice at a bonus, in words, for the line under its play.
pub fn other_text(o: &OtherChoice, text: Text) -> String {
    // Why the 25 is forced: the English sheet says so of bonus tiles (E14);
    // the Serbian text says it of the opening's two tiles (S7), and R17
    // carries it to every bonus.
    let forced = match text {
        Text::English => "E14",
        Text::Serbian => "S7, R17",
    };
    let cut = || format!("not proven: stopped by {}", o.stopped.unwrap_or(Stop::TimeLimit).describe());
    let against = |value: i64| {
        let taken = match o.taken {
            Choice::Points if o.taken_value == 25 => "the 25 taken".to_string(),
            Choice::Points => format!("the {} of the 25 taken and the tiles owed after it", o.taken_value),
            Choice::Tiles => format!("the {} the bonus tiles played brought", o.taken_value),
        };
        let turn = o.score.map_or(String::new(), |s| format!("; that turn scores {s}"));
        format!("{value} against {taken}{turn}")
    };
    let owed = || match o.owed {
        Some(2) | None => "two bonus tiles".to_string(),
        Some(n) => format!("{} owed", super::counted(n, "bonus tile")),
    };
    match (o.other, o.value, o.open) {
        (Choice::Points, Some(v), _) => {
            let what = if v == 25 { "+25 points" } else { "+25 points, then the tiles still owed" };
            let proof = if o.proven { String::new() } else { format!(" ({})", cut()) };
            format!("the other choice: {what}, {}{proof}", against(v))
        }
        (Choice::Tiles, Some(v), _) => {
            let tiles: Vec<String> =
                o.plays.iter().skip(o.play).map(|p| format!("{} as {} at {}", p.tile, p.corners, p.at)).collect();
            let best = if o.proven { "at best".to_string() } else { format!("at least ({})", cut()) };
            format!("the other choice: {}, {best} {} ({})", owed(), against(v), tiles.join(", "))
        }
        (Choice::Tiles, None, Some(false)) => {
            let all = if o.owed == Some(2) { "both" } else { "all" };
            format!("the other choice: none; {} cannot {all} be played, so the 25 is taken ({forced})", owed())
        }
        (other, _, _) => {
            let what = if other == Choice::Tiles { owed() } else { "+25 points".to_string() };
            format!("the other choice: {what}, not established ({} before any line was found)", cut())
        }
    }
}

/// Why an answer is not proven, in words: what stopped it and the bound.
pub fn unproven(a: &Answer) -> String {
    let by = a.stats.stopped.unwrap_or(Stop::TimeLimit).describe();
    match a.bound {
        Some(bound) => format!("stopped by {by}; no answer scores more than {bound}"),
        None => format!("stopped by {by}"),
    }
}
