//! The spinner a search shows on standard error while it runs: the solver
//! running, the best score found and the bound, drawn only on a terminal.

use std::time::{Duration, Instant};

use quadominos::solve::Progress;

/// Runs `solve` with a spinner on standard error showing the solver
/// running, the best score found and the bound (indicatif draws nothing
/// when standard error is not a terminal).
pub fn with_spinner<T>(progress: &Progress, solve: impl FnOnce() -> T) -> T {
    let status = || {
        let best = progress.best().map_or("none yet".to_string(), |b| b.to_string());
        let bound = progress.bound().map_or(String::new(), |b| format!(", no answer above {b}"));
        let name = progress.solver();
        format!("solving with the {name} solver: best found {best}{bound}")
    };
    with_status("solving", status, solve)
}

/// Runs `work` with a spinner on standard error showing `first`, then,
/// from 0.3 s on, what `status` says every tenth of a second (indicatif
/// draws nothing when standard error is not a terminal).
pub fn with_status<T>(first: &str, status: impl Fn() -> String + Sync, work: impl FnOnce() -> T) -> T {
    let spinner = indicatif::ProgressBar::new_spinner();
    if let Ok(style) = indicatif::ProgressStyle::with_template("{spinner} {msg} ({elapsed})") {
        spinner.set_style(style);
    }
    spinner.set_message(first.to_string());
    let shown = Instant::now() + Duration::from_millis(300);
    let outcome = std::thread::scope(|scope| {
        // The sender is the work's: should it panic, unwinding drops it,
        // the spinner's wait ends, and the scope can join it and pass the
        // panic on instead of waiting for ever.
        let (finished, wait) = std::sync::mpsc::channel::<()>();
        let spinner = &spinner;
        let status = &status;
        scope.spawn(move || {
            while let Err(std::sync::mpsc::RecvTimeoutError::Timeout) = wait.recv_timeout(Duration::from_millis(100)) {
                if Instant::now() < shown {
                    continue;
                }
                spinner.set_message(status());
                spinner.tick();
            }
        });
        let outcome = work();
        drop(finished);
        outcome
    });
    spinner.finish_and_clear();
    outcome
}

#[cfg(test)]
mod tests {
    use super::*;
    use quadominos::solve::{Answer, Goal, Limits, Puzzle, Request, SolveError, Solver, solve_checked};

    /// A solver with a bug: it panics.
    struct Panics;

    impl Solver for Panics {
        fn name(&self) -> &'static str {
            "panicking"
        }
        fn solve(&self, _: &Puzzle, _: &Limits) -> Result<Answer, SolveError> {
            panic!("a solver bug")
        }
    }

    #[test]
    fn a_solver_that_panics_ends_the_spinner_and_passes_the_panic_on() {
        let variant = quadominos::formats::builtin_variant("english").unwrap();
        let position = quadominos::rules::random_position(&variant, 1, 3, 2);
        let puzzle = Puzzle { variant, board: position.board, hand: position.hand, goal: Goal::BestTurn };
        let (done, finished) = std::sync::mpsc::channel();
        std::thread::spawn(move || {
            let outcome = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
                let progress = Progress::default();
                let request = Request { solvers: &[&Panics], limits: Limits::default(), others: false };
                with_spinner(&progress, || solve_checked(&puzzle, &request)).is_ok()
            }));
            let _ = done.send(outcome.is_err());
        });
        // Waiting for ever would be the bug: the spinner thread waiting on
        // a sender nobody drops. A minute is far past any working run.
        let panicked = finished.recv_timeout(Duration::from_secs(60));
        assert_eq!(panicked, Ok(true), "with_spinner hung or swallowed the solver's panic");
    }
}
