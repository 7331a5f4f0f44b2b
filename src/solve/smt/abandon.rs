//! z3's work on a thread of its own, waited for until a deadline and left
//! behind once it has passed.
//!
//! z3 does not always keep to its own `timeout`, nor stop when interrupted:
//! a count of the fills of an empty 10x10 region under `--timeout 10` ran
//! for over ten minutes inside one check, a watchdog interrupting it every
//! 20 ms. No call into z3 can be cut short from outside, so the caller does
//! not make them: it waits for the thread that does, and once the deadline
//! has passed it answers with what was established by then and leaves the
//! thread to end (or not) on its own, its answer unread.

use std::sync::mpsc::{self, RecvTimeoutError};
use std::time::{Duration, Instant};

/// How a piece of work run under a deadline ended.
#[derive(Debug, PartialEq, Eq)]
pub(super) enum Ended<T> {
    /// It finished in time, with this.
    Done(T),
    /// The deadline passed first: it was left running, its result unread.
    Abandoned,
    /// It ended without a result (it panicked).
    Died,
}

/// How often the caller looks again at the deadline, which may move
/// earlier while it waits (a Ctrl-C, the memory limit).
const TICK: Duration = Duration::from_millis(10);

/// The stack of the thread z3 runs on: z3 recurses over its terms, deeper
/// than a spawned thread's default 2 MiB allows on large encodings (it is
/// address space, taken only as used).
const STACK: usize = 256 << 20;

/// Runs `work` on a thread of its own and waits for it until the moment
/// `deadline` names (none: no deadline), asked again every few
/// milliseconds; once that moment has passed the work is abandoned: the
/// thread runs on, its result never read. An error when no thread could be
/// started.
pub(super) fn within<T, W, D>(work: W, mut deadline: D) -> std::io::Result<Ended<T>>
where
    T: Send + 'static,
    W: FnOnce() -> T + Send + 'static,
    D: FnMut() -> Option<Instant>,
{
    let (send, receive) = mpsc::channel();
    std::thread::Builder::new().name("smt".to_string()).stack_size(STACK).spawn(move || {
        // The caller may have left: nobody to tell, nothing to do.
        let _ = send.send(work());
    })?;
    loop {
        let wait = match deadline() {
            Some(at) => match at.checked_duration_since(Instant::now()) {
                Some(left) if !left.is_zero() => left.min(TICK),
                _ => return Ok(Ended::Abandoned),
            },
            None => TICK,
        };
        match receive.recv_timeout(wait) {
            Ok(done) => return Ok(Ended::Done(done)),
            Err(RecvTimeoutError::Timeout) => {}
            Err(RecvTimeoutError::Disconnected) => return Ok(Ended::Died),
        }
    }
}

#[cfg(test)]
mod tests {
    use std::sync::Arc;
    use std::sync::atomic::{AtomicBool, Ordering};

    use super::*;

    #[test]
    fn work_past_its_deadline_is_left_behind_at_the_deadline() {
        let started = Instant::now();
        let finished = Arc::new(AtomicBool::new(false));
        let flag = finished.clone();
        let ended = within(
            move || {
                std::thread::sleep(Duration::from_secs(5));
                flag.store(true, Ordering::SeqCst);
                7
            },
            || Some(started + Duration::from_millis(200)),
        )
        .unwrap();
        let waited = started.elapsed();
        assert_eq!(ended, Ended::Abandoned);
        assert!(waited >= Duration::from_millis(200), "{waited:?}");
        assert!(waited < Duration::from_secs(2), "waited {waited:?} for work past its deadline");
        assert!(!finished.load(Ordering::SeqCst), "the work was waited for");
    }

    #[test]
    fn work_within_its_deadline_gives_its_result() {
        let started = Instant::now();
        let ended = within(
            || {
                std::thread::sleep(Duration::from_millis(30));
                7
            },
            || Some(started + Duration::from_secs(5)),
        )
        .unwrap();
        assert_eq!(ended, Ended::Done(7));
        let ended = within(|| 8, || None).unwrap();
        assert_eq!(ended, Ended::Done(8));
    }

    #[test]
    fn a_deadline_moved_earlier_while_waiting_is_kept() {
        // A Ctrl-C while z3 runs: the deadline moves from none to soon.
        let started = Instant::now();
        let ended = within(
            || std::thread::sleep(Duration::from_secs(5)),
            || (started.elapsed() > Duration::from_millis(100)).then(|| started + Duration::from_millis(150)),
        )
        .unwrap();
        assert_eq!(ended, Ended::Abandoned);
        assert!(started.elapsed() < Duration::from_secs(2), "{:?}", started.elapsed());
    }

    #[test]
    fn work_that_panics_is_said_to_have_died() {
        let ended: Ended<()> = within(|| panic!("z3 gave up"), || None).unwrap();
        assert_eq!(ended, Ended::Died);
    }
}
