//! Another program run as an engine: requests written to its standard
//! input, responses read from its standard output by a reader thread, so
//! that every request has a time limit and the client never blocks on an
//! engine that hangs. Reads are bounded (a line, a response), what the
//! engine prints on standard error is kept (its last few kilobytes, for the
//! report), and an engine that fails is ended with its whole process group,
//! so that the children of a shell do not outlive it.

use std::io::{BufRead, BufReader, Read, Write};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{Receiver, RecvTimeoutError, SyncSender, TryRecvError, sync_channel};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use super::message::{End, shorten};

/// The longest line read from an engine (a game's transcript is one line).
pub const MAX_LINE: usize = 4 << 20;
/// The most bytes one response may hold.
pub const MAX_RESPONSE: usize = 64 << 20;
/// How much of the engine's standard error is kept: its end.
const STDERR_KEPT: usize = 4096;
/// Lines read ahead of the client, at most: the reader waits past that, and
/// so does an engine that prints without end.
const LINES_AHEAD: usize = 16;

/// One line from the engine, or how its output ended.
enum Line {
    Text(String),
    TooLong,
    NotText,
    End,
}

/// A response: its data lines (comment lines, `#...`, left out) and how it
/// ended.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Response {
    /// The data lines.
    pub data: Vec<String>,
    /// `ok` or `error MESSAGE`.
    pub end: End,
}

/// What went wrong with the engine itself: it is ended, and every later
/// request fails at once.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct EngineFailure {
    /// How it failed.
    pub kind: FailureKind,
    /// The request it failed on.
    pub request: String,
    /// What happened, in words.
    pub message: String,
    /// The end of what it printed on standard error.
    pub stderr: String,
}

/// How an engine failed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum FailureKind {
    /// It exited, or closed its output.
    Exited,
    /// It did not answer within the time limit.
    Timeout,
    /// It answered something that is not the protocol.
    Garbage,
}

/// A running engine.
pub struct EngineProcess {
    child: Child,
    stdin: Option<ChildStdin>,
    lines: Receiver<Line>,
    stderr: Arc<Mutex<Vec<u8>>>,
    timeout: Duration,
    failed: Option<EngineFailure>,
    /// Whether the engine has closed a response yet: before its first,
    /// whatever it prints is read as the answer to the first request.
    answered: bool,
}

impl EngineProcess {
    /// Starts `command` (the program and its arguments) with a time limit
    /// of `timeout` on every request. The error: it cannot be started.
    pub fn start(command: &[String], timeout: Duration) -> Result<EngineProcess, String> {
        let (program, args) = command.split_first().ok_or("the engine's command is empty")?;
        let mut cmd = Command::new(program);
        cmd.args(args).stdin(Stdio::piped()).stdout(Stdio::piped()).stderr(Stdio::piped());
        #[cfg(unix)]
        {
            // Its own process group, ended whole on a failure.
            use std::os::unix::process::CommandExt;
            cmd.process_group(0);
        }
        // Started and noted under one lock: an interruption that comes
        // meanwhile ends it too, and after one no engine starts.
        let mut child = {
            let mut running = RUNNING.lock().unwrap_or_else(std::sync::PoisonError::into_inner);
            if running.ending {
                return Err("the run is interrupted; no engine is started".into());
            }
            let child = cmd.spawn().map_err(|e| format!("cannot start `{program}`: {e}"))?;
            running.pids.push(child.id());
            child
        };
        let (stdin, stdout, stderr) = (child.stdin.take(), child.stdout.take(), child.stderr.take());
        let (tx, lines) = sync_channel(LINES_AHEAD);
        if let Some(stdout) = stdout {
            std::thread::spawn(move || read_lines(stdout, &tx));
        }
        let kept = Arc::new(Mutex::new(Vec::new()));
        if let Some(mut stderr) = stderr {
            let kept = Arc::clone(&kept);
            std::thread::spawn(move || {
                let mut chunk = [0u8; 4096];
                while let Ok(n @ 1..) = stderr.read(&mut chunk) {
                    let Ok(mut kept) = kept.lock() else { return };
                    kept.extend_from_slice(chunk.get(..n).unwrap_or_default());
                    let extra = kept.len().saturating_sub(STDERR_KEPT);
                    kept.drain(..extra);
                }
            });
        }
        Ok(EngineProcess { child, stdin, lines, stderr: kept, timeout, failed: None, answered: false })
    }

    /// The time limit on each request.
    pub fn timeout(&self) -> Duration {
        self.timeout
    }

    /// The failure that ended the engine, if one did.
    pub fn failed(&self) -> Option<&EngineFailure> {
        self.failed.as_ref()
    }

    /// Sends one request and reads its whole response, within the time
    /// limit; each data line must pass `check` as it arrives (see
    /// [`super::Request::data_line`]). An engine that fails is ended.
    pub fn request(
        &mut self,
        request: &str,
        check: &dyn Fn(&str) -> Result<(), String>,
    ) -> Result<Response, EngineFailure> {
        if let Some(f) = &self.failed {
            return Err(EngineFailure {
                request: request.to_string(),
                message: format!("the engine is no longer running ({})", f.message),
                ..f.clone()
            });
        }
        let result = self.exchange(request, check);
        if let Err(f) = &result {
            self.end();
            self.failed = Some(f.clone());
        }
        result
    }

    fn exchange(
        &mut self,
        request: &str,
        check: &dyn Fn(&str) -> Result<(), String>,
    ) -> Result<Response, EngineFailure> {
        // Anything printed since the last response was not asked for. What
        // an engine prints before its first response (it may start talking
        // before the first request is written) is read as that response.
        while self.answered {
            match self.lines.try_recv() {
                Ok(Line::Text(t)) if t.starts_with('#') => {}
                Ok(Line::Text(t)) => {
                    return Err(self.failure(
                        FailureKind::Garbage,
                        request,
                        format!("printed `{}` before the request, after the last response had ended", shorten(&t)),
                    ));
                }
                Ok(line) => return Err(self.ended_output(request, &line)),
                Err(TryRecvError::Empty) => break,
                Err(TryRecvError::Disconnected) => return Err(self.ended_output(request, &Line::End)),
            }
        }
        let written = match self.stdin.as_mut() {
            Some(stdin) => stdin.write_all(format!("{request}\n").as_bytes()).and_then(|()| stdin.flush()),
            None => Err(std::io::Error::other("no standard input")),
        };
        if let Err(e) = written {
            return Err(self.exited(request, &format!("its standard input is closed ({e})")));
        }
        let deadline = Instant::now() + self.timeout;
        let mut data = Vec::new();
        let mut bytes = 0usize;
        loop {
            let left = deadline.saturating_duration_since(Instant::now());
            match self.lines.recv_timeout(left) {
                Ok(Line::Text(t)) if t.starts_with('#') => {}
                Ok(Line::Text(t)) => {
                    if let Some(end) = End::of(&t) {
                        self.answered = true;
                        return Ok(Response { data, end });
                    }
                    if let Err(why) = check(&t) {
                        let message = format!("answered garbage: data line {}: {why}", data.len() + 1);
                        return Err(self.failure(FailureKind::Garbage, request, message));
                    }
                    bytes += t.len() + 1;
                    if bytes > MAX_RESPONSE {
                        let message =
                            format!("answered more than {} MiB without ending its response", MAX_RESPONSE >> 20);
                        return Err(self.failure(FailureKind::Garbage, request, message));
                    }
                    data.push(t);
                }
                Ok(line) => return Err(self.ended_output(request, &line)),
                Err(RecvTimeoutError::Disconnected) => return Err(self.ended_output(request, &Line::End)),
                Err(RecvTimeoutError::Timeout) => {
                    let message = format!(
                        "gave no complete answer within the time limit of {} s ({} line(s) read; raise it with --request-timeout)",
                        self.timeout.as_secs_f64(),
                        data.len()
                    );
                    return Err(self.failure(FailureKind::Timeout, request, message));
                }
            }
        }
    }

    /// The failure for how the output stopped.
    fn ended_output(&mut self, request: &str, line: &Line) -> EngineFailure {
        match line {
            Line::TooLong => {
                let message = format!("printed a line longer than {} MiB", MAX_LINE >> 20);
                self.failure(FailureKind::Garbage, request, message)
            }
            Line::NotText => {
                self.failure(FailureKind::Garbage, request, "printed a line that is not UTF-8 text".into())
            }
            _ => self.exited(request, "its output ended"),
        }
    }

    /// The failure of an engine whose input or output is closed, with its
    /// exit status when it has exited by then.
    fn exited(&mut self, request: &str, what: &str) -> EngineFailure {
        let until = Instant::now() + Duration::from_millis(500);
        let status = loop {
            match self.child.try_wait() {
                Ok(Some(status)) => break Some(status),
                Ok(None) if Instant::now() < until => std::thread::sleep(Duration::from_millis(10)),
                _ => break None,
            }
        };
        let message = match status {
            Some(s) => format!("exited ({}) before answering: {what}", describe(s)),
            None => format!("stopped answering: {what}, though it is still running"),
        };
        self.failure(FailureKind::Exited, request, message)
    }

    fn failure(&self, kind: FailureKind, request: &str, message: String) -> EngineFailure {
        // The stderr reader may still hold the last bytes a dying engine
        // wrote: a moment for them.
        if kind == FailureKind::Exited {
            std::thread::sleep(Duration::from_millis(20));
        }
        let stderr = self.stderr.lock().map(|k| String::from_utf8_lossy(&k).trim().to_string()).unwrap_or_default();
        EngineFailure { kind, request: request.to_string(), message, stderr }
    }

    /// Ends the engine and its process group, and reaps it.
    fn end(&mut self) {
        self.stdin = None;
        #[cfg(target_os = "linux")]
        {
            let _ = rustix::process::kill_process_group(
                rustix::process::Pid::from_child(&self.child),
                rustix::process::Signal::KILL,
            );
        }
        let _ = self.child.kill();
        // Forgotten before it is reaped: once reaped, its id (and group)
        // may be another process's.
        let pid = self.child.id();
        RUNNING.lock().unwrap_or_else(std::sync::PoisonError::into_inner).pids.retain(|&p| p != pid);
        let _ = self.child.wait();
    }

    /// Says `quit`, gives the engine a moment to exit, then ends it.
    pub fn stop(mut self) {
        if self.failed.is_none() {
            self.timeout = self.timeout.min(Duration::from_secs(2));
            let _ = self.exchange("quit", &|_| Ok(()));
            self.stdin = None;
            let until = Instant::now() + Duration::from_millis(500);
            while Instant::now() < until && matches!(self.child.try_wait(), Ok(None)) {
                std::thread::sleep(Duration::from_millis(10));
            }
        }
        self.end();
        self.failed = Some(EngineFailure {
            kind: FailureKind::Exited,
            request: String::new(),
            message: "stopped".into(),
            stderr: String::new(),
        });
    }
}

impl Drop for EngineProcess {
    fn drop(&mut self) {
        if self.failed.is_none() {
            self.end();
        }
    }
}

/// An exit status in words.
fn describe(status: std::process::ExitStatus) -> String {
    #[cfg(unix)]
    {
        use std::os::unix::process::ExitStatusExt;
        if let Some(signal) = status.signal() {
            return format!("killed by signal {signal}");
        }
    }
    match status.code() {
        Some(code) => format!("exit status {code}"),
        None => "no exit status".into(),
    }
}

/// The engines running now, by process id (each leads its own process
/// group): those still running when the client is interrupted are ended
/// with it ([`end_every_engine`]). Process-wide because it must be: a
/// signal arrives on a thread of its own with no context to hand, and the
/// engines it ends may belong to any run in the process.
static RUNNING: Mutex<Running> = Mutex::new(Running { pids: Vec::new(), ending: false });

/// The engines started and not yet ended, and whether the client is
/// being interrupted.
struct Running {
    pids: Vec<u32>,
    /// The client is being interrupted: no engine is started any more.
    ending: bool,
}

/// Ends every engine still running, each with its whole process group (a
/// shell's children too): for a client interrupted by a signal, which
/// leaves no engine behind.
pub fn end_every_engine() {
    // Under the lock, so that no engine is reaped (its id then free for
    // another process) or started meanwhile.
    let mut running = RUNNING.lock().unwrap_or_else(std::sync::PoisonError::into_inner);
    running.ending = true;
    let list = std::mem::take(&mut running.pids);
    #[cfg(target_os = "linux")]
    for pid in list {
        if let Some(group) = i32::try_from(pid).ok().and_then(rustix::process::Pid::from_raw) {
            let _ = rustix::process::kill_process_group(group, rustix::process::Signal::KILL);
        }
    }
    #[cfg(not(target_os = "linux"))]
    drop(list);
}

/// The reader thread: each line of the engine's output, bounded in length,
/// until it ends or the client stops listening.
fn read_lines(stdout: impl Read, tx: &SyncSender<Line>) {
    let mut reader = BufReader::new(stdout);
    let mut first = true;
    loop {
        let mut buf = Vec::new();
        let read = (&mut reader).take(MAX_LINE as u64 + 1).read_until(b'\n', &mut buf);
        let line = match read {
            Ok(0) | Err(_) => {
                let _ = tx.send(Line::End);
                return;
            }
            Ok(_) if buf.last() != Some(&b'\n') && buf.len() > MAX_LINE => Line::TooLong,
            Ok(_) => {
                // A byte order mark opening the engine's output is no part
                // of its first line, as it is no part of a file's text.
                if first && buf.starts_with(crate::formats::BOM) {
                    buf.drain(..crate::formats::BOM.len());
                }
                if buf.last() == Some(&b'\n') {
                    buf.pop();
                }
                if buf.last() == Some(&b'\r') {
                    buf.pop();
                }
                String::from_utf8(buf).map_or(Line::NotText, Line::Text)
            }
        };
        first = false;
        let stop = matches!(line, Line::TooLong);
        if tx.send(line).is_err() || stop {
            return;
        }
    }
}
