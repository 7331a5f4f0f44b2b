//! The NRPA prototype's tests: that its fills are legal and never pass a
//! proven optimum, and the measurement on the English 7x7, run by hand.

use super::*;
use crate::beam::view_in;
use crate::common::{english_fill, replayed, shipped};
use quadominos::solve::Limits;
use quadominos::solve::lab::LatticeView;

/// The fill replayed through the rules.
fn checked(puzzle: &quadominos::solve::Puzzle, view: &LatticeView, fill: &(i64, Vec<u8>)) {
    replayed(puzzle, view, fill, "NRPA");
}

fn env<T: std::str::FromStr>(name: &str, default: T) -> T {
    std::env::var(name).ok().and_then(|v| v.parse().ok()).unwrap_or(default)
}

/// On the shipped 3x3 and 4x4, whose optima are known, NRPA's fills
/// are legal and never pass them, in both orders and with every check.
#[test]
fn nrpas_fills_are_legal_and_never_pass_the_optimum() {
    for (name, optimum) in [("fill-3x3-weight-english.yaml", 158), ("fill-4x4-weight-english.yaml", 263)] {
        let puzzle = shipped(name);
        for order in ["mid", "rows"] {
            let view = view_in(&puzzle, order);
            let limits = Limits::default();
            let tables = Tables::of(&view, &limits);
            for (check, context) in [(0, 0), (1, 1), (2, 2), (3, 0)] {
                let options = NrpaOptions {
                    level: 2,
                    iterations: 20,
                    alpha: 1.0,
                    context,
                    check,
                    penalty: 1000,
                    beta: 0.0,
                    gamma: if check == 3 { 0.3 } else { 0.0 },
                    lds_free: 0,
                    sub_nodes: 0,
                };
                let (found, rollouts) = run(&tables, &options, 2, 7, Duration::from_secs(60), 0, None);
                // Two runs, each one level-2 search of 20 times 20
                // rollouts.
                assert_eq!(rollouts, 800, "{name} {order}");
                let best = found.best.clone().expect("a fill");
                for (_, score, values, _) in &found.events {
                    checked(&puzzle, &view, &(*score, values.clone()));
                    assert!(*score <= optimum, "{name} {order} check {check}: {score}");
                }
                println!("{name} {order} check {check} context {context}: {} ({rollouts} rollouts)", best.0);
                // Without a look ahead most rollouts die on the 4x4,
                // so its best is lighter.
                let floor = if check == 0 { optimum - 80 } else { optimum - 40 };
                assert!(best.0 > floor, "{name} {order} check {check}: {}", best.0);
            }
        }
    }
}

/// The lattice search guided by a run's policy, from its start and not
/// cut, finds the optimum of the 3x3 and 4x4 (it is exact below the
/// best fill NRPA found), every fill it reports legal.
#[test]
fn the_guided_search_run_through_finds_the_optimum() {
    for (name, optimum) in [("fill-3x3-weight-english.yaml", 158), ("fill-4x4-weight-english.yaml", 263)] {
        let puzzle = shipped(name);
        let view = view_in(&puzzle, "mid");
        let limits = Limits::default();
        let tables = Tables::of(&view, &limits);
        let options = NrpaOptions {
            level: 1,
            iterations: 30,
            alpha: 1.0,
            context: 1,
            check: 2,
            penalty: 1000,
            beta: 0.0,
            gamma: 0.0,
            lds_free: 0,
            sub_nodes: 0,
        };
        let (found, _) = run(&tables, &options, 1, 3, Duration::from_secs(60), 0, Some((0, u64::MAX)));
        for (_, score, values, _) in &found.events {
            checked(&puzzle, &view, &(*score, values.clone()));
        }
        assert_eq!(found.best.map(|b| b.0), Some(optimum), "{name}");
    }
}

/// The measurement on the English `NRPA_SIZE` square (7): `NRPA_ORDER`
/// (mid, rows, diag, cols), `NRPA_LEVEL`, `NRPA_ITERS`, `NRPA_ALPHA`,
/// `NRPA_CONTEXT`, `NRPA_CHECK`, `NRPA_PENALTY`, `NRPA_BETA`,
/// `NRPA_THREADS`, `NRPA_SECONDS`, `NRPA_SEED`, and `NRPA_NODES` above
/// 0 for the lattice search after each run, guided by its policy, from
/// the first `NRPA_DEPTH` values of its best sequence: the best legal weight
/// by 10, 30 and 60 s, every fill replayed through the rules.
#[test]
#[ignore = "a measurement, run by hand: cargo test --release -p quadominos-lab nrpa::tests::measure -- --ignored --nocapture"]
fn measure() {
    let size: i32 = env("NRPA_SIZE", 7);
    let puzzle = english_fill(size, size);
    let order = std::env::var("NRPA_ORDER").unwrap_or_else(|_| "mid".into());
    let view = view_in(&puzzle, &order);
    let limits = Limits::default();
    let tables = Tables::of(&view, &limits);
    let options = NrpaOptions {
        level: env("NRPA_LEVEL", 2),
        iterations: env("NRPA_ITERS", 100),
        alpha: env("NRPA_ALPHA", 1.0),
        context: env("NRPA_CONTEXT", 0),
        check: env("NRPA_CHECK", 1),
        penalty: env("NRPA_PENALTY", 1000),
        beta: env("NRPA_BETA", 0.0),
        gamma: env("NRPA_GAMMA", 0.0),
        lds_free: env("NRPA_LDS", 0),
        sub_nodes: env("NRPA_SUB", 20_000),
    };
    let threads = env("NRPA_THREADS", 2);
    let seconds: u64 = env("NRPA_SECONDS", 60);
    let nodes: u64 = env("NRPA_NODES", 0);
    let guide = (nodes > 0).then(|| (env("NRPA_DEPTH", 0), nodes));
    println!("guided search (depth, nodes): {guide:?}");
    let load = std::fs::read_to_string("/proc/loadavg").unwrap_or_default();
    println!("{options:?} order {order} threads {threads}, load {}", load.trim());
    let (found, rollouts) =
        run(&tables, &options, threads, env("NRPA_SEED", 1), Duration::from_secs(seconds), usize::MAX, guide);
    for (t, score, values, guided) in &found.events {
        checked(&puzzle, &view, &(*score, values.clone()));
        println!("  {score} at {t:.1} s{}, checked", if *guided { " (guided search)" } else { "" });
    }
    let by = |s: f64| found.events.iter().filter(|e| e.0 <= s).map(|e| e.1).max();
    println!(
        "best by 10 s {:?}, 30 s {:?}, 60 s {:?}; {rollouts} rollouts; load {}",
        by(10.0),
        by(30.0),
        by(60.0),
        std::fs::read_to_string("/proc/loadavg").unwrap_or_default().trim()
    );
    if let Some((score, values)) = &found.best {
        let at: Vec<String> = view.points.iter().zip(values).map(|(p, v)| format!("({},{})={v}", p.x, p.y)).collect();
        println!("best {score}: {}", at.join(" "));
    }
}
