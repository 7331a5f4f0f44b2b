//! The game engine played by random legal actions from any seed, under every
//! shipped variant: it never reaches an illegal state, every listed action is
//! accepted, and actions it does not list are refused with the game unchanged.

use crate::common;

use proptest::prelude::*;
use quadominos::formats::{BUILTIN_VARIANTS, builtin_variant};
use quadominos::game::{Action, EventKind, Game, Phase};
use quadominos::model::{Cell, TileId};
use quadominos::rules::{Placement, Variant};
use rand::SeedableRng;
use rand::seq::IndexedRandom;
use rand_chacha::ChaCha8Rng;

/// Every tile of the set is in exactly one place: a hand, the well or the board.
fn tiles_accounted_for(game: &Game) {
    let mut all: Vec<TileId> = game.hands().iter().flatten().copied().collect();
    all.extend(game.well());
    all.extend(game.board().tiles().iter().map(|(_, c)| c.id()));
    all.sort_unstable();
    let set: Vec<TileId> = game.variant().tile_set().ids().collect();
    assert_eq!(all, set, "hands, well and board must hold exactly the tile set");
}

/// Each score is the sum of the score changes of the events.
fn scores_are_the_events(game: &Game) {
    let mut sums = vec![0i64; game.players()];
    for ev in game.events() {
        match &ev.kind {
            EventKind::RoundEnd { changes, .. } => {
                for (s, c) in sums.iter_mut().zip(changes) {
                    *s += c;
                }
            }
            _ => {
                if let Some(seat) = ev.seat {
                    sums[seat] += ev.score;
                }
            }
        }
    }
    assert_eq!(sums, game.scores(), "scores must equal the sum of the events");
}

/// What must not change when an action is refused.
fn snapshot(game: &Game) -> impl PartialEq + std::fmt::Debug + use<> {
    (
        game.hands().to_vec(),
        game.well().collect::<Vec<_>>(),
        game.board().tiles(),
        game.scores().to_vec(),
        game.phase(),
        game.events().len(),
    )
}

/// Actions the engine might not list: a random placement of a random tile,
/// and every non-placement action.
fn probes(game: &Game, rng: &mut ChaCha8Rng) -> Vec<Action> {
    let mut out = vec![Action::TakePoints, Action::TakeTiles, Action::Draw, Action::Pass, Action::NextRound];
    let tiles: Vec<TileId> = game.variant().tile_set().ids().collect();
    for _ in 0..6 {
        let tile = *tiles.choose(rng).unwrap();
        let corners = *game.variant().orientations().of(game.variant().tile_set(), tile).choose(rng).unwrap();
        let cells = game.board().open_cells();
        let at = cells.choose(rng).copied().unwrap_or(Cell::new(0, 0));
        out.push(Action::Place(Placement { tile, at, corners }));
    }
    out
}

fn play(variant: &str, players: usize, seed: u64, steps: usize) {
    let mut game = Game::deal(builtin_variant(variant).unwrap(), players, seed).unwrap();
    let mut rng = ChaCha8Rng::seed_from_u64(seed.wrapping_mul(31) ^ players as u64);
    for _ in 0..steps {
        tiles_accounted_for(&game);
        scores_are_the_events(&game);
        let legal = game.legal_actions();
        if matches!(game.phase(), Phase::GameOver { .. }) {
            assert!(legal.is_empty());
            break;
        }
        assert!(!legal.is_empty(), "a game in progress always has an action ({:?})", game.phase());
        for probe in probes(&game, &mut rng) {
            if legal.contains(&probe) {
                continue;
            }
            let before = snapshot(&game);
            let refusal = game.apply(probe).expect_err("an action the engine does not list is refused");
            assert!(!refusal.to_string().is_empty());
            assert!(!refusal.clauses(game.variant()).is_empty(), "{refusal} cites no clause");
            assert_eq!(snapshot(&game), before, "a refused action leaves the game unchanged");
        }
        let action = *legal.choose(&mut rng).unwrap();
        game.apply(action).unwrap_or_else(|r| panic!("listed action {action} refused: {r}"));
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 24, ..ProptestConfig::default() })]

    #[test]
    fn random_legal_games_stay_legal(seed in any::<u64>(), players in 2usize..=5, v in 0usize..4) {
        play(BUILTIN_VARIANTS[v].0, players, seed, 400);
    }
}

#[test]
fn a_whole_game_reaches_its_end_with_a_winner_at_the_target() {
    // Long games: every variant, played until someone reaches the target.
    for (i, (variant, _)) in BUILTIN_VARIANTS.iter().enumerate() {
        let mut game = Game::deal(builtin_variant(variant).unwrap(), 2, 100 + i as u64).unwrap();
        let mut rng = ChaCha8Rng::seed_from_u64(7);
        let mut steps = 0;
        while !matches!(game.phase(), Phase::GameOver { .. }) && steps < 200_000 {
            let legal = game.legal_actions();
            let action = *legal.choose(&mut rng).unwrap();
            game.apply(action).unwrap();
            steps += 1;
        }
        let Phase::GameOver { winner } = game.phase() else { panic!("{variant}: no end after {steps} actions") };
        assert!(game.scores()[winner] >= i64::from(game.variant().target()), "{variant}: {:?}", game.scores());
        tiles_accounted_for(&game);
        scores_are_the_events(&game);
        assert!(game.round() > 1, "{variant}: a game to the target takes several rounds (E1)");
    }
}

#[test]
fn player_counts_outside_the_deal_table_are_refused() {
    let english = builtin_variant("english").unwrap();
    assert!(Game::deal(english.clone(), 1, 0).is_err());
    assert!(Game::deal(english.clone(), 9, 0).is_err());
    assert_eq!(Game::deal(english, 8, 0).unwrap().hands()[0].len(), 6);
    // The Serbian table deals 30 each to two players (S3).
    assert_eq!(Game::deal(builtin_variant("serbian").unwrap(), 2, 0).unwrap().hands()[1].len(), 30);
}

/// Random legal play from `seed` to the game's end; the actions taken.
fn play_to_the_end(variant: Variant, seed: u64) -> (Game, Vec<Action>) {
    let mut game = Game::deal(variant, 2, seed).unwrap();
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut actions = Vec::new();
    while !matches!(game.phase(), Phase::GameOver { .. }) {
        let action = *game.legal_actions().choose(&mut rng).unwrap();
        game.apply(action).unwrap();
        actions.push(action);
    }
    (game, actions)
}

#[test]
fn r14_is_cited_in_a_game_exactly_when_its_other_value_ends_the_same_play_otherwise() {
    // The same deal and the same actions under the other R14 value: if that
    // game ends at another action, with another winner, or not at all, the
    // value decided the outcome and an event of the game must cite R14 (the
    // game's end under at-once; under end-of-round the event that would
    // have ended it at once, where the game went on); if it ends the same
    // way, citing R14 would send the reader to a choice that changed
    // nothing.
    let (mut cited, mut uncited) = (0, 0);
    for (value, other) in [("at-once", "end-of-round"), ("end-of-round", "at-once")] {
        for seed in 0..6 {
            let english = builtin_variant("english").unwrap();
            let (game, actions) = play_to_the_end(english.clone().with_rule("R14", value).unwrap(), seed);
            let mut replay = Game::deal(english.with_rule("R14", other).unwrap(), 2, seed).unwrap();
            let same_end = actions.iter().all(|&a| replay.apply(a).is_ok()) && replay.phase() == game.phase();
            let end = game.events().last().unwrap();
            assert!(matches!(end.kind, EventKind::GameEnd { .. }));
            let cites = game.events().iter().any(|e| e.clauses.iter().any(|c| c.to_string() == "R14"));
            assert_eq!(cites, !same_end, "R14={value}, seed {seed}: {:?} vs {:?}", game.phase(), replay.phase());
            if cites { cited += 1 } else { uncited += 1 }
        }
    }
    assert!(cited > 0 && uncited > 0, "both outcomes must be exercised: {cited} cited, {uncited} not");
}

/// The winners a game end names: the winner and those sharing the win.
fn winners(game: &Game) -> Vec<usize> {
    match &game.events().last().unwrap().kind {
        EventKind::GameEnd { winner, shared_with, .. } => std::iter::once(*winner).chain(shared_with.clone()).collect(),
        other => panic!("the last event is no game end: {other:?}"),
    }
}

#[test]
fn r23_is_cited_on_a_game_end_exactly_when_another_value_names_other_winners() {
    // With the target checked at the end of each round, the same deal and
    // actions under each value of R23 (which decides nothing before the
    // game's end) end at the same moment with the same scores; the game end
    // cites R23 exactly when the values name different winners, and every
    // winner named is at or past the target.
    let values = ["first-to-reach", "highest-then-first", "highest-then-seat", "shared"];
    let base = builtin_variant("english").unwrap().with_rule("R14", "end-of-round").unwrap();
    let (mut cited, mut uncited) = (0, 0);
    for seed in 0..16 {
        let (game, actions) = play_to_the_end(base.clone().with_rule("R23", "first-to-reach").unwrap(), seed);
        let mut named = Vec::new();
        for value in values {
            let mut other = Game::deal(base.clone().with_rule("R23", value).unwrap(), 2, seed).unwrap();
            for &a in &actions {
                other.apply(a).unwrap();
            }
            assert_eq!(other.scores(), game.scores(), "R23={value}, seed {seed}");
            let target = i64::from(other.variant().target());
            assert!(winners(&other).iter().all(|&w| other.scores()[w] >= target), "R23={value}, seed {seed}");
            named.push(winners(&other));
        }
        let differ = named.iter().any(|w| *w != named[0]);
        let cites = game.events().last().unwrap().clauses.iter().any(|c| c.to_string() == "R23");
        assert_eq!(cites, differ, "seed {seed}: {:?}, winners by value {named:?}", game.scores());
        if cites { cited += 1 } else { uncited += 1 }
    }
    assert!(cited + uncited == 16 && uncited > 0, "{cited} cited, {uncited} not");
}

/// The binary run from the crate's folder with `input` on standard input.
fn piped(args: &[&str], input: &str) -> std::process::Output {
    use std::io::Write as _;
    let mut child = std::process::Command::new(env!("CARGO_BIN_EXE_quadominos"))
        .args(args)
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    child.stdin.take().unwrap().write_all(input.as_bytes()).unwrap();
    child.wait_with_output().unwrap()
}

/// A score near the end of an `i64` once wrapped on the next placement
/// (9223372036854775800 + 15 became negative) and the game went on past
/// its target. Scores have a stated range, ±(2^53 - 1): a start outside it
/// is refused by the engine, by a scenario's `start.scores` and by the
/// library, each naming the range; the largest is taken, and a placement
/// on it adds without wrapping.
#[test]
fn a_score_out_of_its_range_is_refused_and_a_score_at_its_end_never_wraps() {
    use quadominos::game::{MAX_SCORE, Setup};
    let range = format!("a score is a whole number from -{MAX_SCORE} to {MAX_SCORE}");
    let start =
        |score: &str| format!("protocol 2\nstart 3-3-3-3,1-3-3-3/2-3-3-4,2-2-3-3 0-0-0-2 - {score},0 -\nquit\n");
    for score in ["9223372036854775800", "-9223372036854775800", &(MAX_SCORE + 1).to_string()] {
        let out = piped(&["engine"], &start(score));
        let said = String::from_utf8_lossy(&out.stdout).into_owned();
        assert!(said.contains(&format!("the score {score} is out of range; {range}")), "{said}");
        assert!(!said.contains(&format!("scores {score}")), "{said}");
    }
    let out = piped(&["engine"], &start(&MAX_SCORE.to_string()));
    let said = String::from_utf8_lossy(&out.stdout).into_owned();
    assert!(said.contains(&format!("scores {MAX_SCORE} 0")), "{said}");

    // A scenario starting there: `check` refuses it by its key.
    let dir = std::env::temp_dir().join(format!("quadominos-scores-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("wrap.yaml");
    std::fs::write(
        &file,
        "name: wrap\ndescription: a start past the score range\ncovers: [S6]\nvariants: [english]\nstart:\n  hands:\n    - [3-3-3-3, 1-3-3-3]\n    - [2-3-3-4, 2-2-3-3]\n  well: [0-0-0-2]\n  scores: [9223372036854775800, 0]\nactions:\n  - place: {tile: 3-3-3-3, at: [0, 0], corners: [3, 3, 3, 3]}\n    expect:\n      all: {legal: true, scores: [-9223372036854775801, 0]}\n",
    )
    .unwrap();
    let out = common::run(&["check", file.to_str().unwrap()]);
    let said = common::stderr(&out);
    assert_eq!(out.status.code(), Some(2), "{said}");
    assert!(said.contains("out of range") && said.contains(&range), "{said}");
    std::fs::remove_dir_all(&dir).unwrap();

    // In the library: past the range is refused, the largest taken.
    let english = builtin_variant("english").unwrap();
    let hands = vec![vec![TileId::new([3, 3, 3, 3]).unwrap()], vec![TileId::new([2, 3, 3, 4]).unwrap()]];
    let setup = |scores| Setup { hands: hands.clone(), scores, ..Setup::default() };
    let refused = Game::from_setup(english.clone(), &setup(vec![i64::MAX, 0])).unwrap_err();
    assert!(refused.iter().any(|p| p.to_string().contains(&range)), "{refused:?}");
    let game = Game::from_setup(english, &setup(vec![MAX_SCORE, 0])).unwrap();
    assert_eq!(game.scores()[0], MAX_SCORE);
}
