//! What the tests of the `--html` pages share: writing each kind of page
//! with the binary into a folder of its own, and finding every reference to
//! the network a page could make.

use std::path::{Path, PathBuf};

use super::run_ok;

/// A scenario whose name and description are markup: a page must show them
/// as text.
pub const HOSTILE_NAME: &str = "<script id=\"pwned\">alert(1)</script> & \"quoted\"";
pub const HOSTILE_DESCRIPTION: &str = "<img id=\"pwned-too\" src=x onerror=alert(2)> </script><b>bold</b>";

/// The pages of one run, written by the binary into a temporary folder.
pub struct Pages {
    pub dir: tempfile::TempDir,
}

impl Pages {
    pub fn path(&self, name: &str) -> PathBuf {
        self.dir.path().join(name)
    }

    pub fn read(&self, name: &str) -> String {
        std::fs::read_to_string(self.path(name)).unwrap_or_else(|e| panic!("{name}: {e}"))
    }

    pub fn url(&self, name: &str) -> String {
        format!("file://{}", self.path(name).display())
    }
}

fn arg(p: &Path) -> String {
    p.to_str().unwrap().to_string()
}

/// A game of two rounds (`game.yaml`) and its page (`game.html`); the
/// puzzle page (`puzzle.html`), a position (`position.html`), a comparison
/// of R4's values on Example F (`compare.html`), the catalogue
/// (`catalogue.html`), a position's bonus placements (`bonuses.html`),
/// comparisons of four and twelve columns (`compare4.html`,
/// `compare12.html`) and of variants that part at several actions
/// (`parting.html`), a game of one round (`short.yaml`, `short.html`), and
/// the comparison of a scenario and a transcript whose texts are markup
/// (`hostile.html`, `hostile-game.html`), variants whose boards differ in
/// extent (`mixed.html`) and a long game (`long.yaml`, `long.html`).
pub fn write_all() -> Pages {
    let dir = tempfile::tempdir().unwrap();
    let p = |name: &str| arg(&dir.path().join(name));
    let game = run_ok(&["play", "--players", "2", "--seed", "7", "--rounds", "2"], 0);
    std::fs::write(dir.path().join("game.yaml"), &game).unwrap();
    run_ok(&["render", &p("game.yaml"), "--html", &p("game.html")], 0);
    run_ok(&["render", "puzzles/bonus-corner.yaml", "--html", &p("puzzle.html")], 0);
    run_ok(&["render", "puzzles/bonus-corner.yaml", "--highlight", "none", "--html", &p("position.html")], 0);
    let scenario = "specs/scenarios/example-f-side-and-corner-bonus.yaml";
    run_ok(&["compare", scenario, "--readings", "R4", "--html", &p("compare.html")], 0);
    // Four columns (R4 and R7, two values each), twelve (and R9), and four
    // variants that part at several actions, not only the first.
    run_ok(&["compare", scenario, "--readings", "R4,R7", "--html", &p("compare4.html")], 0);
    run_ok(&["compare", scenario, "--readings", "R4,R7,R9", "--html", &p("compare12.html")], 0);
    run_ok(&["compare", PARTING, "--variants", PARTING_VARIANTS, "--html", &p("parting.html")], 0);
    // A game of one round, for the phone.
    let short = run_ok(&["play", "--players", "2", "--seed", "1", "--rounds", "1"], 0);
    std::fs::write(dir.path().join("short.yaml"), &short).unwrap();
    run_ok(&["render", &p("short.yaml"), "--html", &p("short.html")], 0);
    // Two variants whose boards differ in extent: serbian accepts a
    // placement below the start's tiles that english refuses.
    run_ok(&["compare", R2_MIXED, "--variants", "english,serbian", "--html", &p("mixed.html")], 0);
    // A long game: 1551 events in 17 rounds.
    let long = run_ok(&["play", "--players", "2", "--seed", "1"], 0);
    std::fs::write(dir.path().join("long.yaml"), &long).unwrap();
    run_ok(&["render", &p("long.yaml"), "--html", &p("long.html")], 0);
    run_ok(&["bonuses", "--html", &p("catalogue.html")], 0);
    run_ok(&["bonuses", "puzzles/bonus-corner.yaml", "--html", &p("bonuses.html")], 0);
    // The same scenario with a name and a description that are markup.
    let text = std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join(scenario)).unwrap();
    let mut hostile = String::new();
    let mut in_description = false;
    for line in text.lines() {
        if line.starts_with("name:") {
            hostile.push_str(&format!("name: {}\n", serde_json::to_string(HOSTILE_NAME).unwrap()));
        } else if line.starts_with("description:") {
            // The folded text under it is left out with it.
            in_description = true;
            hostile.push_str(&format!("description: {}\n", serde_json::to_string(HOSTILE_DESCRIPTION).unwrap()));
        } else if !(in_description && line.starts_with("  ")) {
            in_description = false;
            hostile.push_str(line);
            hostile.push('\n');
        }
    }
    std::fs::write(dir.path().join("hostile.yaml"), &hostile).unwrap();
    run_ok(&["compare", &p("hostile.yaml"), "--variants", "english,serbian", "--html", &p("hostile.html")], 0);
    // A transcript's free text, its strategy, is markup too.
    let game =
        game.replacen("strategy: greedy", &format!("strategy: {}", serde_json::to_string(HOSTILE_NAME).unwrap()), 1);
    std::fs::write(dir.path().join("hostile-game.yaml"), game).unwrap();
    run_ok(&["render", &p("hostile-game.yaml"), "--html", &p("hostile-game.html")], 0);
    Pages { dir }
}

/// A scenario whose variants part from the baseline at several actions:
/// where only the opening tile scores (R9 = nothing, opening-only) a
/// placement scores nothing (action 3) and the actions after it then
/// differ too.
pub const PARTING: &str = "specs/scenarios/r13-passes-must-be-in-a-row.yaml";
pub const PARTING_VARIANTS: &str = "english,serbian,specs/scenarios/variants/serbian-r9-nothing.yaml,specs/scenarios/variants/serbian-r9-opening-only.yaml";

/// A corner english refuses and serbian accepts: the placement below the
/// start's tiles makes serbian's board a row taller.
pub const R2_MIXED: &str = "specs/scenarios/r2-mixed-corner.yaml";

/// The page names [`write_all`] writes.
pub const ALL: [&str; 14] = [
    "game.html",
    "puzzle.html",
    "position.html",
    "compare.html",
    "catalogue.html",
    "bonuses.html",
    "hostile.html",
    "hostile-game.html",
    "compare4.html",
    "compare12.html",
    "parting.html",
    "short.html",
    "mixed.html",
    "long.html",
];

/// Every place `html` would reach beyond itself, with some context: an
/// `http:` or `https:` anywhere, even in text, but the SVG namespace name
/// (`xmlns="http://www.w3.org/2000/svg"`, a name, never fetched); any
/// `src=` attribute (a page has no external script, image or frame); a
/// `<link>` (stylesheets, icons, preloads); an `href` attribute that is not
/// a fragment of the page itself; `@import`; a `url(` that is not a
/// fragment.
pub fn network_references(html: &str) -> Vec<String> {
    let lower = html.to_ascii_lowercase();
    let context = |i: usize| lower.get(i.saturating_sub(30)..(i + 50).min(lower.len())).unwrap_or("").to_string();
    let mut found = Vec::new();
    const NAMESPACE: &str = "xmlns=\"http://www.w3.org/2000/svg\"";
    for (i, _) in lower.match_indices("http") {
        let rest = &lower[i..];
        if !(rest.starts_with("http:") || rest.starts_with("https:")) {
            continue;
        }
        let namespace = i >= 7 && lower[i - 7..].starts_with(NAMESPACE);
        if !namespace {
            found.push(format!("http(s): {}", context(i)));
        }
    }
    // An attribute is inside a tag: after a `<` with no `>` since (text
    // from an input file is escaped, so a `src=` in it is no attribute).
    let in_tag = |i: usize| lower[..i].rfind('<') > lower[..i].rfind('>');
    for (i, _) in lower.match_indices("src=").filter(|(i, _)| in_tag(*i)) {
        found.push(format!("src=: {}", context(i)));
    }
    for (i, _) in lower.match_indices("<link") {
        found.push(format!("<link>: {}", context(i)));
    }
    for (i, _) in lower.match_indices("href=").filter(|(i, _)| in_tag(*i)) {
        let value = lower[i + 5..].trim_start_matches(['"', '\'']);
        if !value.starts_with('#') {
            found.push(format!("href: {}", context(i)));
        }
    }
    for (i, _) in lower.match_indices("@import") {
        found.push(format!("@import: {}", context(i)));
    }
    for (i, _) in lower.match_indices("url(") {
        let value = lower[i + 4..].trim_start_matches(['"', '\'', ' ']);
        if !value.starts_with('#') {
            found.push(format!("url(: {}", context(i)));
        }
    }
    found
}
