//! A headless chromium driven over the DevTools protocol, for the tests of
//! the `--html` pages: launched with its background networking off and a
//! fresh profile, spoken to over one WebSocket (tungstenite), each page in
//! a tab of its own (a flattened target session). The few commands the
//! tests need are here: open a file, press a key, evaluate an expression,
//! take a screenshot, print to PDF, emulate a media type or colour scheme.
//!
//! Why not a crate that drives chromium: headless_chrome 1.0.22, tried
//! first, answers each command only after its reader's fixed 100 ms socket
//! timeout, so checking a game step by step took minutes; this client
//! answers in well under a millisecond a command.

use std::io::{BufRead, BufReader};
use std::net::TcpStream;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::sync::Mutex;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::{Duration, Instant};

use base64::Engine;
use serde_json::{Value, json};
use tungstenite::stream::MaybeTlsStream;
use tungstenite::{Message, WebSocket};

/// `chromium` on the PATH.
pub fn chromium_path() -> Option<PathBuf> {
    let path = std::env::var_os("PATH")?;
    std::env::split_paths(&path).map(|d| d.join("chromium")).find(|p| p.is_file())
}

/// The one browser of a test run. It is started by a thread of its own
/// that lives as long as the test run, since it is killed when the thread
/// that started it ends. Without chromium it panics, saying to run
/// `.ci/setup`: a page untested in a browser is not called tested.
pub fn browser() -> &'static Chromium {
    static BROWSER: std::sync::OnceLock<Result<Chromium, String>> = std::sync::OnceLock::new();
    let started = BROWSER.get_or_init(|| {
        let Some(path) = chromium_path() else {
            return Err("chromium is not installed, and the --html pages are tested in it: run .ci/setup (it \
installs Debian's chromium), then the tests again"
                .to_string());
        };
        let (tx, rx) = std::sync::mpsc::channel();
        std::thread::spawn(move || {
            // A fresh profile, kept under the target folder's own
            // temporary folder.
            let profile = tempfile::tempdir_in(env!("CARGO_TARGET_TMPDIR")).map(tempfile::TempDir::keep);
            let launched = profile.map_err(|e| e.to_string()).and_then(|p| Chromium::launch(&path, &p));
            let _ = tx.send(launched);
            loop {
                std::thread::park();
            }
        });
        rx.recv().map_err(|e| e.to_string())?
    });
    match started {
        Ok(b) => b,
        Err(why) => panic!("{why}"),
    }
}

/// A running chromium and the socket to it.
pub struct Chromium {
    socket: Mutex<WebSocket<MaybeTlsStream<TcpStream>>>,
    next: AtomicU64,
    _child: Child,
}

/// The flags the browser runs with: headless, no sandbox (the tests run as
/// root), no GPU, and none of its own connections to the network, which
/// this machine's closed network refuses.
const FLAGS: [&str; 9] = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
    "--window-size=1280,900",
    "--remote-debugging-port=0",
];

impl Chromium {
    /// Starts `path` with a fresh profile under `profile` and connects to
    /// it. The browser is killed when the thread that calls this ends
    /// (`PR_SET_PDEATHSIG`), so that a test run leaves none behind.
    pub fn launch(path: &Path, profile: &Path) -> Result<Chromium, String> {
        let mut command = Command::new(path);
        command
            .args(FLAGS)
            .arg(format!("--user-data-dir={}", profile.display()))
            .arg("about:blank")
            .stdin(Stdio::null())
            .stdout(Stdio::null())
            .stderr(Stdio::piped());
        // SAFETY: prctl is async-signal-safe and touches only the child.
        unsafe {
            use std::os::unix::process::CommandExt;
            command.pre_exec(|| {
                libc::prctl(libc::PR_SET_PDEATHSIG, libc::SIGKILL);
                Ok(())
            });
        }
        let mut child = command.spawn().map_err(|e| format!("cannot start {}: {e}", path.display()))?;
        let stderr = child.stderr.take().ok_or("no standard error")?;
        // The browser says where its DevTools socket is on standard error.
        let (tx, rx) = std::sync::mpsc::channel();
        std::thread::spawn(move || {
            let mut sent = false;
            for line in BufReader::new(stderr).lines().map_while(Result::ok) {
                if !sent && let Some(at) = line.find("ws://") {
                    let _ = tx.send(line[at..].trim().to_string());
                    sent = true;
                }
            }
        });
        let url = rx
            .recv_timeout(Duration::from_secs(30))
            .map_err(|_| "chromium did not say where its DevTools socket is within 30 s".to_string())?;
        let (socket, _) = tungstenite::connect(url.as_str()).map_err(|e| format!("cannot connect to {url}: {e}"))?;
        // A browser that stops answering fails the test that waits on it
        // instead of hanging the whole run: no command takes two minutes,
        // even on a loaded machine.
        if let MaybeTlsStream::Plain(stream) = socket.get_ref() {
            stream.set_read_timeout(Some(Duration::from_secs(120))).map_err(|e| format!("read timeout: {e}"))?;
        }
        Ok(Chromium { socket: Mutex::new(socket), next: AtomicU64::new(1), _child: child })
    }

    /// Sends a command (to a tab's session, or to the browser) and waits
    /// for its answer; events and other answers on the way are skipped.
    pub fn call(&self, session: Option<&str>, method: &str, params: Value) -> Result<Value, String> {
        let id = self.next.fetch_add(1, Ordering::SeqCst);
        let mut message = json!({"id": id, "method": method, "params": params});
        if let Some(s) = session {
            message["sessionId"] = json!(s);
        }
        let mut socket = self.socket.lock().map_err(|_| "the socket's lock is poisoned")?;
        socket.send(Message::text(message.to_string())).map_err(|e| format!("{method}: {e}"))?;
        loop {
            let Message::Text(text) = socket.read().map_err(|e| format!("{method}: {e}"))? else { continue };
            let answer: Value = serde_json::from_str(text.as_str()).map_err(|e| format!("{method}: {e}"))?;
            if answer["id"] == id {
                if let Some(error) = answer.get("error") {
                    return Err(format!("{method}: {error}"));
                }
                return Ok(answer["result"].clone());
            }
        }
    }

    /// A new tab showing `url`, once its document is loaded.
    pub fn open(&self, url: &str) -> Result<Tab<'_>, String> {
        let target = self.call(None, "Target.createTarget", json!({"url": "about:blank"}))?;
        let attached =
            self.call(None, "Target.attachToTarget", json!({"targetId": target["targetId"], "flatten": true}))?;
        let session = attached["sessionId"].as_str().ok_or("no session")?.to_string();
        let tab = Tab { browser: self, session, target: target["targetId"].clone() };
        tab.call("Page.navigate", json!({"url": url}))?;
        let started = Instant::now();
        while tab.eval("document.readyState === 'complete' && location.href !== 'about:blank'")? != json!(true) {
            if started.elapsed() > Duration::from_secs(20) {
                return Err(format!("{url} did not load within 20 s"));
            }
            std::thread::sleep(Duration::from_millis(5));
        }
        Ok(tab)
    }
}

/// A tab: one page.
pub struct Tab<'b> {
    browser: &'b Chromium,
    session: String,
    target: Value,
}

impl Tab<'_> {
    fn call(&self, method: &str, params: Value) -> Result<Value, String> {
        self.browser.call(Some(&self.session), method, params)
    }

    /// The value of a JavaScript expression (JSON-serializable); a thrown
    /// exception is an error.
    pub fn eval(&self, expression: &str) -> Result<Value, String> {
        let r = self.call("Runtime.evaluate", json!({"expression": expression, "returnByValue": true}))?;
        if let Some(e) = r.get("exceptionDetails") {
            return Err(format!("{expression}: {e}"));
        }
        Ok(r["result"]["value"].clone())
    }

    /// The renderer's main-thread time so far, in milliseconds of its own
    /// CPU time (the DevTools Performance metrics, in thread ticks, so that
    /// a loaded machine's waits are not counted): running script, and
    /// recalculating style and layout.
    #[allow(dead_code)] // Only the test of a step's cost reads them.
    pub fn main_thread_ms(&self) -> Result<(f64, f64), String> {
        self.call("Performance.enable", json!({"timeDomain": "threadTicks"}))?;
        let r = self.call("Performance.getMetrics", json!({}))?;
        let metric = |name: &str| {
            r["metrics"].as_array().and_then(|m| m.iter().find(|x| x["name"] == name)).and_then(|x| x["value"].as_f64())
        };
        let script = metric("ScriptDuration").ok_or("no ScriptDuration")?;
        let layout =
            metric("LayoutDuration").ok_or("no LayoutDuration")? + metric("RecalcStyleDuration").unwrap_or(0.0);
        Ok((script * 1000.0, layout * 1000.0))
    }

    /// Presses and releases a key, as a reader would: `ArrowRight`,
    /// `ArrowLeft`, `ArrowUp`, `ArrowDown`, `Home`, `End`, `PageUp`,
    /// `PageDown`, `Enter`, `Space`.
    pub fn key(&self, key: &str) -> Result<(), String> {
        self.key_with(key, 0)
    }

    /// Presses and releases a key with modifiers held: 8 is Shift (the
    /// DevTools protocol's bits: 1 Alt, 2 Ctrl, 4 Meta, 8 Shift).
    pub fn key_with(&self, key: &str, modifiers: u32) -> Result<(), String> {
        if key == "Space" || key == "Enter" {
            // Keys that type a character send it too, as a keyboard does
            // (a button is pressed by the character, not the key down).
            let (name, text, code) = if key == "Space" { (" ", " ", 32) } else { ("Enter", "\r", 13) };
            for kind in ["keyDown", "keyUp"] {
                let mut params = json!({"type": kind, "key": name, "code": key, "windowsVirtualKeyCode": code, "nativeVirtualKeyCode": code, "modifiers": modifiers});
                if kind == "keyDown" {
                    params["text"] = json!(text);
                }
                self.call("Input.dispatchKeyEvent", params)?;
            }
            return Ok(());
        }
        let code = match key {
            "PageUp" => 33,
            "PageDown" => 34,
            "End" => 35,
            "Home" => 36,
            "ArrowLeft" => 37,
            "ArrowUp" => 38,
            "ArrowRight" => 39,
            "ArrowDown" => 40,
            _ => return Err(format!("no key code for {key}")),
        };
        for kind in ["rawKeyDown", "keyUp"] {
            self.call(
                "Input.dispatchKeyEvent",
                json!({"type": kind, "key": key, "code": key, "windowsVirtualKeyCode": code, "nativeVirtualKeyCode": code, "modifiers": modifiers}),
            )?;
        }
        Ok(())
    }

    /// Clicks the left mouse button at `(x, y)`, CSS pixels from the
    /// viewport's top left corner.
    pub fn click(&self, x: f64, y: f64) -> Result<(), String> {
        for kind in ["mousePressed", "mouseReleased"] {
            self.call(
                "Input.dispatchMouseEvent",
                json!({"type": kind, "x": x, "y": y, "button": "left", "buttons": 1, "clickCount": 1}),
            )?;
        }
        Ok(())
    }

    /// Gives the tab a window of `width` by `height` CSS pixels, one device
    /// pixel each; `mobile` as a phone (its viewport meta tag obeyed).
    pub fn window(&self, width: u32, height: u32, mobile: bool) -> Result<(), String> {
        self.call(
            "Emulation.setDeviceMetricsOverride",
            json!({"width": width, "height": height, "deviceScaleFactor": 1, "mobile": mobile}),
        )
        .map(|_| ())
    }

    /// Goes back one entry in the tab's history, as the Back button does.
    pub fn back(&self) -> Result<(), String> {
        let history = self.call("Page.getNavigationHistory", json!({}))?;
        let i = history["currentIndex"].as_i64().ok_or("no history")?;
        let entry = &history["entries"][(i - 1).max(0) as usize];
        self.call("Page.navigateToHistoryEntry", json!({"entryId": entry["id"]})).map(|_| ())
    }

    /// A PNG screenshot of the tab's viewport.
    pub fn screenshot(&self) -> Result<Vec<u8>, String> {
        // A tab behind another one draws no new frame, and its screenshot
        // waits for one: the tab is brought to the front first, as browser
        // drivers do.
        self.call("Page.bringToFront", json!({}))?;
        let r = self.call("Page.captureScreenshot", json!({"format": "png"}))?;
        let data = r["data"].as_str().ok_or("no screenshot data")?;
        base64::engine::general_purpose::STANDARD.decode(data).map_err(|e| e.to_string())
    }

    /// The page printed to PDF on paper of `width` by `height` inches, as
    /// the browser's Print does (print media, its own margins unless the
    /// page's `@page` sets them), without backgrounds.
    #[allow(dead_code)] // Only the puzzle sheet's tests print.
    pub fn pdf(&self, width: f64, height: f64) -> Result<Vec<u8>, String> {
        let r = self.call("Page.printToPDF", json!({"paperWidth": width, "paperHeight": height}))?;
        let data = r["data"].as_str().ok_or("no PDF data")?;
        base64::engine::general_purpose::STANDARD.decode(data).map_err(|e| e.to_string())
    }

    /// Emulates a media type (`print`, or none for the screen) and a
    /// colour-scheme preference (`light`, `dark`).
    pub fn emulate(&self, media: &str, scheme: &str) -> Result<(), String> {
        let features = json!([{"name": "prefers-color-scheme", "value": scheme}]);
        self.call("Emulation.setEmulatedMedia", json!({"media": media, "features": features})).map(|_| ())
    }
}

impl Drop for Tab<'_> {
    fn drop(&mut self) {
        // Closed by the browser, which answers (the tab itself would not).
        let _ = self.browser.call(None, "Target.closeTarget", json!({"targetId": self.target}));
    }
}
