//! The captioned examples of a Markdown page: every fenced block right
//! below a caption naming its file (`` `turn.yaml` (`quadominos solve
//! turn.yaml`): ``), and every block below a caption giving what a command
//! prints (`` `quadominos perft x.qpn --depth 2 --format json` prints: ``).

/// A captioned example: its file name, the command that reads it (if the
/// caption gives one), and its text.
#[derive(Debug)]
pub struct Example {
    pub name: String,
    pub command: Option<String>,
    pub text: String,
}

/// What a command prints, as the page shows it.
#[derive(Debug)]
pub struct Printed {
    pub command: String,
    /// The block's language (`json`, `text`, ...).
    pub language: String,
    pub text: String,
}

/// The fenced block opening on line `i + 1`: its language and text, and
/// the line after it.
fn block(lines: &[&str], i: usize) -> Option<(String, String, usize)> {
    let open = lines.get(i + 1).filter(|l| l.starts_with("```"))?;
    let end = (i + 2..lines.len()).find(|&j| lines[j] == "```").expect("a closed block");
    Some((open.trim_start_matches('`').to_string(), lines[i + 2..end].join("\n") + "\n", end + 1))
}

pub fn examples(doc: &str) -> Vec<Example> {
    let lines: Vec<&str> = doc.lines().collect();
    let mut out = Vec::new();
    let mut i = 0;
    while i < lines.len() {
        let caption = lines[i].strip_suffix(':').and_then(|c| c.strip_prefix('`'));
        let parsed = caption.and_then(|c| c.split_once('`')).and_then(|(name, rest)| {
            let command = rest.trim().strip_prefix("(`").and_then(|c| c.strip_suffix("`)")).map(str::to_string);
            ((rest.trim().is_empty() || command.is_some()) && name.contains('.') && !name.contains(' '))
                .then(|| (name.to_string(), command))
        });
        match parsed.and_then(|(name, command)| block(&lines, i).map(|(_, text, next)| (name, command, text, next))) {
            Some((name, command, text, next)) => {
                out.push(Example { name, command, text });
                i = next;
            }
            None => i += 1,
        }
    }
    out
}

pub fn printed(doc: &str) -> Vec<Printed> {
    let lines: Vec<&str> = doc.lines().collect();
    let mut out = Vec::new();
    for i in 0..lines.len() {
        let Some(command) = lines[i].strip_prefix('`').and_then(|c| c.strip_suffix("` prints:")) else { continue };
        if let Some((language, text, _)) = block(&lines, i) {
            out.push(Printed { command: command.to_string(), language, text });
        }
    }
    out
}
