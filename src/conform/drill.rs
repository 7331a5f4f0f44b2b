//! A perft count that differs, drilled down as chess engine testers do with
//! divide: at each position the move lists are compared first (where they
//! differ, that position is where the two implementations part); where
//! they agree, the first placement (in the lists' order) after which the
//! counts differ is made, and the search goes on one placement deeper.
//! The counts after each first placement come from the engine's `divide`
//! where it offers it, else (or when only bonus counts differ, which divide
//! does not split) from its `perft` at each position one placement on.

use crate::formats::{MoveRecord, move_records, notation};
use crate::model::{Board, TileId};
use crate::protocol::message::{PerftLines, parse_divide_line};
use crate::protocol::{Capability, Request};
use crate::rules::{MoveGen, Variant};
use crate::suite::perft;

use super::compare::{compare_lists, step_of};
use super::report::{Divergence, Step};
use super::session::{Session, Trouble, each, garbage};

/// Where the engine's perft first parts from the rules' below `board` and
/// `hand` at `depth` (the counts there differ), and notes on the search: a
/// divergence with empty lists when the engine's counts do not add up to
/// its own, or none when it does not offer `moves` to compare lists with.
pub(super) fn drill(
    s: &mut Session,
    variant: &Variant,
    label: &str,
    mut board: Board,
    mut hand: Vec<TileId>,
    mut depth: usize,
) -> Result<(Option<Divergence>, Vec<String>), Trouble> {
    let mut sequence: Vec<Step> = Vec::new();
    let mut notes = Vec::new();
    let at = |board: &Board, hand: &[TileId], sequence: &[Step], depth: usize, theirs: usize, ours: usize| Divergence {
        sequence: sequence.to_vec(),
        position: notation::write(board, hand, Some(label)),
        depth: Some(depth),
        ours,
        theirs,
        missing: Vec::new(),
        extra: Vec::new(),
        differing: Vec::new(),
    };
    loop {
        s.ask_done(&Request::Position(notation::write(&board, &hand, None)))?;
        let generator = MoveGen::new(variant, &board, &hand);
        let ours: Vec<MoveRecord> = move_records(&generator, &hand).map_err(|(p, _)| Trouble::Refused {
            request: String::new(),
            message: format!(
                "internal error: the move generator lists {} {} at {}, which the judge refuses",
                p.tile, p.corners, p.at
            ),
        })?;
        if !s.offers(Capability::Moves) {
            notes.push(format!(
                "the engine does not offer `moves`: the drill stops at {} after {} placement(s), where the counts differ",
                notation::write(&board, &hand, Some(label)),
                sequence.len()
            ));
            return Ok((None, notes));
        }
        let theirs = s.moves()?;
        let (mut d, twice) = compare_lists(&board, variant, &hand, &ours, &theirs);
        notes.extend(twice);
        if !d.is_empty() {
            d.sequence = sequence;
            d.position = notation::write(&board, &hand, Some(label));
            d.depth = Some(depth);
            return Ok((Some(d), notes));
        }
        if depth <= 1 {
            notes.push(format!(
                "here the engine lists the rules' placements, yet counts perft {depth} otherwise: its perft disagrees with its own move list"
            ));
            return Ok((Some(at(&board, &hand, &sequence, depth, theirs.len(), ours.len())), notes));
        }
        // The rules' counts after each first placement.
        let after = |m: &MoveRecord| {
            let mut b = board.clone();
            b.insert(m.at, m.corners);
            let rest: Vec<TileId> = hand.iter().copied().filter(|&t| t != m.tile).collect();
            (b, rest)
        };
        let mut next: Option<&MoveRecord> = None;
        if s.offers(Capability::Divide) {
            let request = Request::Divide(depth);
            let lines = s.ask(&request)?;
            let split = each(&request, &lines, parse_divide_line)?;
            for m in &ours {
                let (b, rest) = after(m);
                let count = perft(variant, &b, &rest, depth - 1, false).nodes;
                let theirs = split.iter().find(|e| (e.tile, e.at, e.corners) == (m.tile, m.at, m.corners));
                if theirs.map(|e| e.nodes) != Some(count) {
                    next = Some(m);
                    break;
                }
            }
        }
        if next.is_none() {
            for m in &ours {
                let (b, rest) = after(m);
                let count = perft(variant, &b, &rest, depth - 1, false);
                s.ask_done(&Request::Position(notation::write(&b, &rest, None)))?;
                let request = Request::Perft(depth - 1);
                let lines = s.ask(&request)?;
                let theirs = PerftLines::parse(&lines).map_err(|e| garbage(&request, e))?;
                let padded: Vec<u64> =
                    count.bonus.iter().copied().chain(std::iter::repeat(0)).take(depth - 1).collect();
                if theirs.nodes != count.nodes || (theirs.bonus != count.bonus && theirs.bonus != padded) {
                    next = Some(m);
                    break;
                }
            }
        }
        let Some(m) = next else {
            notes.push(format!(
                "the engine's counts after each first placement here are the rules', yet its count at depth {depth} is not: its counts do not add up"
            ));
            return Ok((Some(at(&board, &hand, &sequence, depth, theirs.len(), ours.len())), notes));
        };
        sequence.push(step_of(m));
        (board, hand) = after(m);
        depth -= 1;
    }
}
