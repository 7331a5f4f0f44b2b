//! The reference engine: the protocol answered from this crate's rules, as
//! `quadominos engine` speaks it. It holds the variant and the position in
//! force; every request is answered whole, and a request it cannot answer
//! is refused with `error`, never a crash.

use crate::formats::{BUILTIN_VARIANTS, MoveRecord, builtin_variant, move_records, notation};
use crate::game::{Action, Game, Setup};
use crate::model::{Cell, Corners, TileId};
use crate::play::{MAX_ROUNDS, Stop, Strategy, play};
use crate::rules::{Placement, Position, READINGS, Variant, Verdict, judge};
use crate::suite::{DivideEntry, perft};

use super::knockout::Shadow;
use super::message::{
    Capability, End, GameLines, Hello, JudgeLine, PROTOCOL_VERSION, PROTOCOL_VERSION_1, PerftLines, Request,
    divide_line, move_line, read_label, shorten,
};
use super::mutant::{Bug, Mutant, perft_full_lines_only};

/// The lines answering one request, the closing line last, and whether the
/// engine is to stop after it (`quit`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Answer {
    /// Every line, ending with `ok` or `error ...`.
    pub lines: Vec<String>,
    /// True after `quit`.
    pub quit: bool,
}

/// The reference engine's state: the rules and the position in force.
#[derive(Clone, Debug)]
pub struct Engine {
    /// The variant given when the engine started (`--variant`, `--spec`),
    /// known to `variant` by its name when it is not a shipped one.
    own: Variant,
    /// Readings changed on top of every variant set (`--rule`): a house
    /// rule, said in the handshake's `engine` line.
    forced: Vec<(String, String)>,
    /// The variant in force, with `forced` applied: the rules answered for.
    variant: Variant,
    /// The variant asked for, with `forced` applied: what a transcript
    /// records (a mutant answers for other rules than it says).
    asked: Variant,
    /// The bug of a wrong engine made from this one, for the mutation test.
    mutant: Option<Mutant>,
    /// The board and hand set by `position`, as written.
    board: Vec<(Cell, Corners)>,
    hand: Vec<TileId>,
    /// The game the game actions play, under the variant in force when it
    /// started.
    game: Option<Game>,
    /// What a mutant with a rule of the game path knocked out keeps of its
    /// own over the game.
    shadow: Shadow,
    /// Each label read so far and its variant: a variant read afresh would
    /// compute the move generator's pattern tables again, request after
    /// request, where its clones share them.
    read: std::collections::HashMap<String, Variant>,
}

impl Engine {
    /// An engine under `own` with `forced` applied on top of every variant
    /// set; the error is a forced reading that does not apply.
    pub fn new(own: Variant, forced: Vec<(String, String)>) -> Result<Engine, String> {
        let variant = apply(own.clone(), &forced)?;
        Ok(Engine {
            own,
            forced,
            asked: variant.clone(),
            variant,
            mutant: None,
            board: Vec::new(),
            hand: Vec::new(),
            game: None,
            shadow: Shadow::default(),
            read: std::collections::HashMap::new(),
        })
    }

    /// This engine made wrong by `mutant`'s bug (the mutation test's wrong
    /// engines).
    pub fn with_mutant(mut self, mutant: Mutant) -> Engine {
        self.variant = mutant.rules_for(&self.asked);
        self.mutant = Some(mutant);
        self
    }

    fn bug(&self) -> Option<Bug> {
        self.mutant.as_ref().map(|m| m.bug)
    }

    /// A move's line as this engine reports it.
    fn reported(&self, m: MoveRecord, judged: bool) -> MoveRecord {
        match &self.mutant {
            Some(mutant) => mutant.report(m, judged),
            None => m,
        }
    }

    /// Sets the variant asked for, and the rules answered for.
    fn set_variant(&mut self, asked: Variant) {
        self.variant = self.played(&asked);
        self.asked = asked;
    }

    /// The rules this engine answers for when `asked` is asked for: those,
    /// or a mutant's own (each kept, as labels are).
    fn played(&mut self, asked: &Variant) -> Variant {
        let Some(mutant) = &self.mutant else { return asked.clone() };
        let key = format!("played as {}", asked.label());
        if let Some(v) = self.read.get(&key) {
            return v.clone();
        }
        let v = mutant.rules_for(asked);
        self.read.insert(key, v.clone());
        v
    }

    /// The variant in force.
    pub fn variant(&self) -> &Variant {
        &self.variant
    }

    /// The handshake's answer, in the protocol's latest version.
    pub fn hello(&self) -> Hello {
        self.hello_in(PROTOCOL_VERSION)
    }

    /// The handshake's answer in `version` (1 or 2): version 1 has no game
    /// actions to offer.
    fn hello_in(&self, version: u32) -> Hello {
        let mut engine = format!("quadominos {}", env!("CARGO_PKG_VERSION"));
        if !self.forced.is_empty() {
            let rules: String = self.forced.iter().map(|(k, v)| format!("+{k}={v}")).collect();
            engine.push_str(&format!(" (house rules on every variant: {rules})"));
        }
        let mut variants: Vec<String> = BUILTIN_VARIANTS.iter().map(|(n, _)| n.to_string()).collect();
        if !variants.iter().any(|n| n == self.own.name()) {
            variants.push(self.own.name().to_string());
        }
        Hello {
            version,
            engine,
            offers: Capability::ALL
                .into_iter()
                .filter(|&c| version >= PROTOCOL_VERSION || c != Capability::Game)
                .collect(),
            variants,
            readings: READINGS.iter().map(|r| r.id).collect(),
        }
    }

    /// Answers one request line.
    pub fn answer(&mut self, line: &str) -> Answer {
        let (result, quit) = match Request::parse(line) {
            Ok(Request::Quit) => (Ok(Vec::new()), true),
            Ok(request) => (self.answer_request(&request), false),
            Err(e) => (Err(e), false),
        };
        let mut lines = match result {
            Ok(lines) => lines,
            // Every quote of the request in a refusal is cut, whichever
            // check wrote it: a client that sends a megabyte gets back a
            // short line.
            Err(message) => vec![End::Error(crate::error::excerpts(&message)).line()],
        };
        if lines.last().and_then(|l| End::of(l)).is_none() {
            lines.push(End::Ok.line());
        }
        Answer { lines, quit }
    }

    fn answer_request(&mut self, request: &Request) -> Result<Vec<String>, String> {
        match request {
            Request::Protocol(v) if (PROTOCOL_VERSION_1..=PROTOCOL_VERSION).contains(v) => {
                Ok(self.hello_in(*v).lines())
            }
            Request::Protocol(v) => {
                Err(format!("this engine speaks protocol {PROTOCOL_VERSION_1} and {PROTOCOL_VERSION}, not {v}"))
            }
            Request::Variant(label) => {
                let asked = self.by_label(label)?;
                self.set_variant(asked);
                Ok(Vec::new())
            }
            Request::Position(line) => {
                let refused = self.take_position(line);
                if refused.is_err() && self.bug() == Some(Bug::RefusalClears) {
                    (self.board, self.hand) = (Vec::new(), Vec::new());
                }
                refused.map(|()| Vec::new())
            }
            Request::Moves => {
                let p = self.position()?;
                let generator = crate::rules::MoveGen::new(&self.variant, &p.board, &p.hand);
                let records = move_records(&generator, &p.hand).map_err(|(m, _)| {
                    format!(
                        "internal error: the move generator lists {} {} at {}, which the judge refuses",
                        m.tile, m.corners, m.at
                    )
                })?;
                Ok(records.into_iter().map(|m| move_line(&self.reported(m, false))).collect())
            }
            Request::Judge(at, corners) => {
                let p = self.position()?;
                let placement = Placement { tile: corners.id(), at: *at, corners: *corners };
                let forbidden = self.variant.orientations().index(*corners).is_none();
                let rules = match self.bug() {
                    Some(Bug::JudgeAnyOrientation) if forbidden => {
                        self.variant.clone().with_rule("R1", "any-order").map_err(|e| e.to_string())?
                    }
                    _ => self.variant.clone(),
                };
                let verdict = match judge(&p.board, &rules, placement, Some(&p.hand)) {
                    Verdict::Legal(l) => {
                        let m = MoveRecord {
                            tile: placement.tile,
                            at: placement.at,
                            corners: placement.corners,
                            points: l.points,
                            matched: l.matched,
                            bonus: l.bonus,
                            by_weight: l.by_weight,
                        };
                        let m = self.reported(m, true);
                        JudgeLine::Legal {
                            points: m.points,
                            matched: m.matched,
                            bonus: m.bonus,
                            by_weight: m.by_weight,
                        }
                    }
                    Verdict::Illegal(reasons) => {
                        JudgeLine::Illegal(reasons.iter().map(|r| r.to_string()).collect::<Vec<_>>().join("; "))
                    }
                };
                Ok(vec![verdict.line()])
            }
            Request::Perft(depth) => {
                let mut p = self.position()?;
                let count = perft(&self.variant, &p.board, &p.hand, *depth, false);
                let lines = match self.bug() {
                    Some(Bug::BonusOnFullLinesOnly) => {
                        let (nodes, bonus) = perft_full_lines_only(&self.variant, &mut p.board, &p.hand, *depth);
                        PerftLines { nodes, bonus }
                    }
                    Some(Bug::PerftOffByOne) => {
                        let fewer = perft(&self.variant, &p.board, &p.hand, depth.saturating_sub(1), false);
                        PerftLines { nodes: fewer.nodes, bonus: count.bonus }
                    }
                    _ => PerftLines { nodes: count.nodes, bonus: count.bonus },
                };
                Ok(lines.lines())
            }
            Request::Divide(depth) => {
                let p = self.position()?;
                let depth =
                    if self.bug() == Some(Bug::PerftOffByOne) { depth.saturating_sub(1).max(1) } else { *depth };
                let count = perft(&self.variant, &p.board, &p.hand, depth, true);
                Ok(count.divide.iter().map(|d| divide_line(&DivideEntry::from(d))).collect())
            }
            Request::Play { seed, players } => {
                let played = play(&self.variant, *players, *seed, Strategy::Random, Stop::End, MAX_ROUNDS)?;
                let mut transcript = played.transcript(Some(*seed), Some(Strategy::Random.as_str()));
                // A wrong engine believes it plays the variant asked for.
                transcript.variant = crate::play::transcript::VariantRecord::of(&self.asked);
                let json = serde_json::to_string(&transcript).map_err(|e| format!("internal error: {e}"))?;
                Ok(vec![json])
            }
            Request::NewGame { .. }
            | Request::Start(_)
            | Request::Deal(_)
            | Request::Place(_)
            | Request::Take(_)
            | Request::Draw
            | Request::Pass => self.game_action(request),
            Request::Quit => Ok(Vec::new()),
        }
    }

    /// A game action: the events it caused, the scores and the phase after
    /// it; a refusal is an `error` naming the clauses behind it, and
    /// changes nothing. A mutant with a rule of the game path knocked out
    /// answers some of them otherwise ([`super::knockout`]).
    fn game_action(&mut self, request: &Request) -> Result<Vec<String>, String> {
        let knockout = self.mutant.as_ref().and_then(Mutant::knockout);
        if let Some(tiles) = self.game_tiles(request)
            && let Some(tile) = self.mutant.as_ref().and_then(|m| m.lacks(&tiles, &self.variant))
        {
            return Err(format!("tile {tile} is not in the {} tile set", self.variant.tile_set().name()));
        }
        if let (Some(k), Some(game)) = (knockout, self.game.as_mut())
            && let Some(answer) = k.instead(&mut self.shadow, game, request)
        {
            return answer.and_then(|mut lines| {
                self.shadow.reported(&mut lines);
                lines.lines()
            });
        }
        let prior = knockout.and(self.game.as_ref()).map(Game::trial);
        let before = match request {
            Request::NewGame { players, seed } => {
                let game = match seed {
                    Some(seed) => Game::deal(self.variant.clone(), *players, *seed)?,
                    None => Game::undealt(self.variant.clone(), *players, 0)?,
                };
                self.shadow = Shadow::new(*players);
                self.game = Some(game);
                0
            }
            Request::Start(g) => {
                let setup = Setup {
                    hands: g.hands.clone(),
                    well: g.well.clone(),
                    board: g.board.clone(),
                    scores: g.scores.clone(),
                    to_move: g.to_move,
                    seed: 0,
                };
                let game = Game::from_setup_waiting(self.variant.clone(), &setup).map_err(|ps| {
                    format!(
                        "the start does not load: {}",
                        ps.iter().map(|p| p.to_string()).collect::<Vec<_>>().join("; ")
                    )
                })?;
                self.shadow = Shadow::new(game.players());
                self.game = Some(game);
                0
            }
            _ => {
                let game = self.game.as_mut().ok_or("no game is in play: start one with `newgame` or `start`")?;
                let before = game.events().len();
                let done = match request {
                    Request::Deal(Some((hands, well))) => game.deal_given(hands.clone(), well.clone()),
                    Request::Deal(None) => game.apply(Action::NextRound),
                    Request::Place(p) => game.apply(Action::Place(*p)),
                    Request::Take(true) => game.apply(Action::TakeTiles),
                    Request::Take(false) => game.apply(Action::TakePoints),
                    Request::Draw => game.apply(Action::Draw),
                    _ => game.apply(Action::Pass),
                };
                if let Err(refusal) = done {
                    let clauses: Vec<String> = refusal.clauses(game.variant()).iter().map(|c| c.to_string()).collect();
                    return Err(if clauses.is_empty() {
                        format!("refused: {refusal}")
                    } else {
                        format!("refused: {refusal} ({})", clauses.join(", "))
                    });
                }
                before
            }
        };
        let game = self.game.as_ref().ok_or("internal error: no game")?;
        let mut lines = GameLines {
            events: game.events().get(before..).unwrap_or_default().to_vec(),
            scores: game.scores().to_vec(),
            phase: crate::play::scenario::phase_name(game.phase()).to_string(),
            seat: game.to_move(),
        };
        if let Some(k) = knockout {
            let prior = prior.unwrap_or_else(|| game.trial());
            k.after(&mut self.shadow, &prior, game, request, &mut lines);
            self.shadow.reported(&mut lines);
        }
        lines.lines()
    }

    /// The tiles a game request gives: a start's or a deal's.
    fn game_tiles(&self, request: &Request) -> Option<Vec<TileId>> {
        match request {
            Request::Start(g) => Some(
                g.hands.iter().flatten().chain(&g.well).copied().chain(g.board.iter().map(|(_, c)| c.id())).collect(),
            ),
            Request::Deal(Some((hands, well))) => Some(hands.iter().flatten().chain(well).copied().collect()),
            _ => None,
        }
    }

    /// `position BOARD HAND [VARIANT]`: the position and, with a third
    /// field, the variant, taken together or not at all.
    fn take_position(&mut self, line: &str) -> Result<(), String> {
        let read = notation::parse(line).map_err(|e| format!("notation: {e}"))?;
        let asked = match &read.variant {
            Some(label) => self.by_label(label)?,
            None => self.asked.clone(),
        };
        let rules = self.played(&asked);
        if let Err(ps) = Position::from_setup(&read.board, &read.hand, &rules) {
            let words: Vec<String> = ps.iter().map(|p| p.to_string()).collect();
            if !self.mutant.as_ref().is_some_and(|m| m.accepts(&words)) {
                return Err(problems(&ps));
            }
        }
        let board: crate::model::Board = read.board.iter().copied().collect();
        if let Some(why) = self.mutant.as_ref().and_then(|m| m.refuses(&board, &read.hand, &rules)) {
            return Err(format!("the position does not load: {why}"));
        }
        self.set_variant(asked);
        (self.board, self.hand) = (read.board, read.hand);
        Ok(())
    }

    /// The position in force, checked under the variant in force (set
    /// after it, a variant may refuse it: a tile outside its set, and then
    /// every request that needs the position is refused until another is
    /// set).
    fn position(&self) -> Result<Position, String> {
        match Position::from_setup(&self.board, &self.hand, &self.variant) {
            Ok(p) => Ok(p),
            Err(_) if self.bug() == Some(Bug::DropsTilesOutsideTheSet) => {
                let set = self.variant.tile_set();
                let board: Vec<_> = self.board.iter().copied().filter(|(_, c)| set.contains(c.id())).collect();
                let hand: Vec<TileId> = self.hand.iter().copied().filter(|&t| set.contains(t)).collect();
                Position::from_setup(&board, &hand, &self.variant).map_err(|ps| problems(&ps))
            }
            Err(ps) => Err(problems(&ps)),
        }
    }

    /// A variant by its label: a shipped variant, or the engine's own by
    /// its name, with the label's readings and then the house rules. A
    /// label that gives a reading twice is refused, as everywhere.
    fn by_label(&mut self, label: &str) -> Result<Variant, String> {
        if let Some(v) = self.read.get(label) {
            return Ok(v.clone());
        }
        let (name, written) = read_label(label)?;
        let base = if name == self.own.name() {
            self.own.clone()
        } else {
            builtin_variant(&name).ok_or_else(|| format!("no variant is called `{}`", shorten(&name)))?
        };
        let variant = apply(apply(base, &written)?, &self.forced)?;
        self.read.insert(label.to_string(), variant.clone());
        Ok(variant)
    }
}

fn apply(mut variant: Variant, rules: &[(String, String)]) -> Result<Variant, String> {
    for (name, value) in rules {
        variant = variant.with_rule(name, value).map_err(|e| e.to_string())?;
    }
    Ok(variant)
}

fn problems(ps: &[crate::error::Problem]) -> String {
    format!("the position does not load: {}", ps.iter().map(|p| p.to_string()).collect::<Vec<_>>().join("; "))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn english() -> Engine {
        Engine::new(builtin_variant("english").unwrap(), Vec::new()).unwrap()
    }

    #[test]
    fn every_answer_ends_with_one_closing_line_and_bad_requests_are_refused() {
        let mut e = english();
        // Before any `position`: the empty board and hand, nothing to play.
        assert_eq!(e.answer("moves").lines, ["ok"]);
        for line in ["fly", "", "perft x", "variant nowhere", "position 0,0:5555 9-9-9-9", "quit now"] {
            let a = e.answer(line);
            assert_eq!(a.lines.len(), 1, "{line}: {:?}", a.lines);
            assert!(a.lines[0].starts_with("error "), "{line}: {:?}", a.lines);
        }
        assert_eq!(e.answer("position 0,-1:0155;0,0:5555;1,0:5525 1-4-5-5,2-2-4-5,4-5-5-5").lines, ["ok"]);
        let moves = e.answer("moves").lines;
        assert_eq!(moves.len(), 9, "{moves:?}");
        assert!(moves.contains(&"1-4-5-5 1,-1 1,4,5,5 15 3 yes no".to_string()), "{moves:?}");
        assert_eq!(e.answer("judge 1,-1 1,4,5,5").lines, ["legal 15 3 yes no", "ok"]);
        assert!(e.answer("judge 5,5 1,4,5,5").lines[0].starts_with("illegal "));
        assert_eq!(e.answer("perft 2").lines, ["nodes 36", "bonus 1 7", "ok"]);
        assert_eq!(e.answer("quit"), Answer { lines: vec!["ok".into()], quit: true });
    }

    #[test]
    fn house_rules_apply_on_top_of_every_variant_set_and_are_said_in_the_handshake() {
        let mut e = Engine::new(builtin_variant("english").unwrap(), vec![("R4".into(), "no".into())]).unwrap();
        assert!(e.hello().engine.contains("+R4=no"), "{:?}", e.hello());
        assert_eq!(e.answer("variant serbian+R7=4").lines, ["ok"]);
        assert_eq!(e.variant().label(), "serbian+R7=4+R4=no");
        assert_eq!(english().answer("variant serbian").lines, ["ok"]);
    }

    #[test]
    fn a_label_giving_a_reading_twice_is_refused_and_changes_nothing() {
        let mut e = english();
        assert_eq!(e.answer("variant english+R4=no").lines, ["ok"]);
        for line in [
            "variant english+R4=no+R4=yes",
            "variant english+R4=no+diagonal-neighbours=yes",
            "position 0,0:5555 1-1-1-1 english+R4=no+R4=yes",
        ] {
            let a = e.answer(line).lines;
            assert!(a.len() == 1 && a[0].contains("already given"), "{line}: {a:?}");
        }
        assert_eq!(e.variant().label(), "english+R4=no");
        assert_eq!(e.answer("variant english+diagonal-neighbours=no").lines, ["ok"]);
        assert_eq!(e.variant().label(), "english+R4=no");
    }
}
