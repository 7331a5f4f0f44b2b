//! Events in words, for the pages of games and scenarios: who acted, the
//! tile, its cell and corners, the points, the bonus choice, the penalty of a
//! draw or a pass, how a round ended and who won.

use crate::game::{EventKind, PlacementKind, RoundEnding};

/// A score change with its sign: `+12`, `-20`, `0`.
fn signed(n: i64) -> String {
    if n > 0 { format!("+{n}") } else { n.to_string() }
}

/// A score change in points, signed: `+1 point`, `-20 points`.
fn points(n: i64) -> String {
    format!("{} point{}", signed(n), if n.abs() == 1 { "" } else { "s" })
}

/// The event in words: one line, and for a round's end a line per seat's
/// change. `score` is the acting seat's score change.
pub fn event_lines(kind: &EventKind, seat: Option<usize>, score: i64) -> Vec<String> {
    let who = seat.map_or_else(|| "the table".to_string(), |s| format!("seat {s}"));
    match kind {
        EventKind::Deal { round, hands, well, opener } => {
            let sizes: Vec<String> = hands.iter().map(|h| h.len().to_string()).collect();
            vec![format!(
                "round {round}: the deal, {} tiles a hand, {} left in the well; seat {opener} opens",
                sizes.join("/"),
                well.len()
            )]
        }
        EventKind::Redeal { tied, .. } => {
            let seats: Vec<String> = tied.iter().map(|s| format!("seat {s}")).collect();
            vec![format!("a re-deal: {} tie for the opening tile", seats.join(" and "))]
        }
        EventKind::Place { kind, tile, at, corners, matched, bonus } => {
            let what = match kind {
                PlacementKind::Opening => "the opening tile",
                PlacementKind::Turn => "a turn",
                PlacementKind::BonusTile => "a bonus tile",
            };
            let bonus = if *bonus { "; a bonus: 25 points or two bonus tiles" } else { "" };
            vec![format!(
                "{who} places {tile} as {corners} at {at} ({what}): {}, {matched} corner{} matched{bonus}",
                points(score),
                if *matched == 1 { "" } else { "s" }
            )]
        }
        EventKind::BonusPoints => vec![format!("{who} takes the 25 bonus points: {}", signed(score))],
        EventKind::BonusTiles => vec![format!("{who} takes two bonus tiles to play")],
        EventKind::Draw { tile } => vec![format!("{who} draws {tile} from the well: {}", points(score))],
        EventKind::Pass => vec![format!("{who} cannot play and the well is empty: passes, {}", points(score))],
        EventKind::RoundEnd { ending, winner, hand_totals, changes } => {
            let how = match (ending, winner) {
                (RoundEnding::WentOut, Some(w)) => format!("seat {w} went out"),
                (RoundEnding::WentOut, None) => "a seat went out".to_string(),
                (RoundEnding::Blocked, Some(w)) => format!("blocked: every seat passed; seat {w} collects"),
                (RoundEnding::Blocked, None) => "blocked: every seat passed".to_string(),
            };
            let mut lines = vec![format!("the round ends: {how}")];
            for (s, (total, change)) in hand_totals.iter().zip(changes).enumerate() {
                lines.push(format!("seat {s}: {total} left in hand, {}", points(*change)));
            }
            lines
        }
        EventKind::GameEnd { winner, shared_with, scores } => {
            let at = scores.get(*winner).map(|s| format!(" with {s}")).unwrap_or_default();
            if shared_with.is_empty() {
                vec![format!("the game ends: seat {winner} wins{at}")]
            } else {
                let seats: Vec<String> = std::iter::once(winner).chain(shared_with).map(|s| s.to_string()).collect();
                vec![format!("the game ends: seats {} share the win{at}", seats.join(" and "))]
            }
        }
    }
}

/// The event in a few words, for its row in the list of every step: one
/// line of a move list (who, the tile and its cell, the points), where
/// [`event_lines`] says everything.
pub fn event_brief(kind: &EventKind, seat: Option<usize>, score: i64) -> String {
    let who = seat.map_or_else(|| "the table".to_string(), |s| format!("seat {s}"));
    match kind {
        EventKind::Deal { round, opener, .. } => format!("round {round} dealt; seat {opener} opens"),
        EventKind::Redeal { tied, .. } => {
            let seats: Vec<String> = tied.iter().map(|s| s.to_string()).collect();
            format!("a re-deal: seats {} tie", seats.join(" and "))
        }
        EventKind::Place { kind, tile, at, bonus, .. } => {
            let what = match kind {
                PlacementKind::Opening => "opens with",
                PlacementKind::Turn => "places",
                PlacementKind::BonusTile => "places bonus tile",
            };
            let bonus = if *bonus { ", bonus" } else { "" };
            format!("{who} {what} {tile} at {at}: {}{bonus}", signed(score))
        }
        EventKind::BonusPoints => format!("{who} takes the 25 points"),
        EventKind::BonusTiles => format!("{who} takes two bonus tiles"),
        EventKind::Draw { tile } => format!("{who} draws {tile}: {}", signed(score)),
        EventKind::Pass => format!("{who} passes: {}", signed(score)),
        EventKind::RoundEnd { ending, winner, .. } => match (ending, winner) {
            (RoundEnding::WentOut, Some(w)) => format!("the round ends: seat {w} went out"),
            (RoundEnding::Blocked, Some(w)) => format!("the round ends, blocked: seat {w} collects"),
            (RoundEnding::WentOut, None) => "the round ends: a seat went out".to_string(),
            (RoundEnding::Blocked, None) => "the round ends, blocked".to_string(),
        },
        EventKind::GameEnd { winner, shared_with, scores } => {
            let at = scores.get(*winner).map(|s| format!(" with {s}")).unwrap_or_default();
            if shared_with.is_empty() {
                format!("the game ends: seat {winner} wins{at}")
            } else {
                let seats: Vec<String> = std::iter::once(winner).chain(shared_with).map(|s| s.to_string()).collect();
                format!("the game ends: seats {} share the win{at}", seats.join(" and "))
            }
        }
    }
}

/// Whether the event is a seat's own move (a placement, a bonus choice, a
/// draw or a pass), as against the table's (a deal, a round's end).
pub fn is_move(kind: &EventKind) -> bool {
    matches!(
        kind,
        EventKind::Place { .. }
            | EventKind::BonusPoints
            | EventKind::BonusTiles
            | EventKind::Draw { .. }
            | EventKind::Pass
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::{Cell, Corners, TileId};

    #[test]
    fn a_placement_says_seat_tile_cell_points_and_bonus() {
        let tile: TileId = "1-4-5-5".parse().unwrap();
        let kind = EventKind::Place {
            kind: PlacementKind::Turn,
            tile,
            at: Cell::new(1, -1),
            corners: Corners([1, 4, 5, 5]),
            matched: 3,
            bonus: true,
        };
        let line = &event_lines(&kind, Some(1), 15)[0];
        assert_eq!(
            line,
            "seat 1 places 1-4-5-5 as [1, 4, 5, 5] at [1, -1] (a turn): +15 points, 3 corners matched; a bonus: 25 \
points or two bonus tiles"
        );
        assert_eq!(
            event_lines(&EventKind::Pass, Some(0), -20)[0],
            "seat 0 cannot play and the well is empty: passes, -20 points"
        );
        // One point, one corner: singular.
        let one = EventKind::Place {
            kind: PlacementKind::Turn,
            tile: "0-0-0-1".parse().unwrap(),
            at: Cell::new(0, -1),
            corners: Corners([0, 0, 1, 0]),
            matched: 1,
            bonus: false,
        };
        assert_eq!(
            event_lines(&one, Some(0), 1)[0],
            "seat 0 places 0-0-0-1 as [0, 0, 1, 0] at [0, -1] (a turn): +1 point, 1 corner matched"
        );
        // The list's row: who, the tile, its cell and the points, short.
        assert_eq!(event_brief(&kind, Some(1), 15), "seat 1 places 1-4-5-5 at [1, -1]: +15, bonus");
        assert_eq!(event_brief(&EventKind::Pass, Some(0), -20), "seat 0 passes: -20");
        assert!(is_move(&kind) && !is_move(&EventKind::GameEnd { winner: 0, shared_with: vec![], scores: vec![] }));
    }
}
